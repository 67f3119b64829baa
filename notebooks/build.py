"""Build the notebooks in this folder from the cells below (run: ``python notebooks/build.py``).

The notebooks are generated, not hand-edited, so they stay reproducible; they are written
without outputs, run offline top to bottom, and ``tests/notebooks`` executes each one.
"""

from pathlib import Path

import nbformat
from nbformat.v4 import new_code_cell, new_markdown_cell, new_notebook

HERE = Path(__file__).resolve().parent

# A scripted extraction answer, written the way a model answers with structured output.
EXTRACTION_REPLY = '''EXTRACTION_REPLY = json.dumps({"candidates": [{
    "type": "user_preference",
    "text": "The user drinks oolong tea every afternoon.",
    "tags": ["oolong", "tea"],
    "confidence": 0.9,
    "stability": "stable",
    "identity": {"subject": "oolong tea", "polarity": "prefer"},
    "action": "add",
    "source_signal": "explicit_memory_intent",
    "reason": "the user asked to remember it",
    "conflict_signal": False,
}]})
NOTHING = '{"candidates": []}'
'''

LANGGRAPH = [
    new_markdown_cell(
        "# Long-term memory in a LangGraph graph\n\n"
        "`LongTermMemory` adds two things to a `MessagesState` graph:\n\n"
        "* **recall around the model node**: the memories relevant to the latest user message "
        "are added to the messages *the model receives*, as one system message. They never "
        "enter the graph state, so checkpoints and streamed chunks never hold them.\n"
        "* **extraction after the answer**: when the model node's answer ends the turn, the "
        "node itself queues extraction of the finished turn (the graph gains no node); a model "
        "*proposes* memories, the gates decide.\n\n"
        "The store is whatever you pass to `compile(store=...)`; the user comes from "
        '`config["configurable"]["user_id"]` (or the runtime context). Everything here runs '
        "offline with `ScriptedChatModel`."
    ),
    new_code_cell(
        "import json\n\n"
        "from langgraph.checkpoint.memory import InMemorySaver\n"
        "from langgraph.graph import START, MessagesState, StateGraph\n"
        "from langgraph.store.memory import InMemoryStore\n\n"
        "from memory_plugins import MemoryConfig\n"
        "from memory_plugins.adapters.langgraph import LongTermMemory, add_long_term_memory\n"
        "from memory_plugins.embedders import load_embedder\n"
        "from memory_plugins.testing import ScriptedChatModel\n\n"
        'meaning = load_embedder("default")  # multilingual USE v3: the meaning extra, in [all]\n\n'
        + EXTRACTION_REPLY
    ),
    new_markdown_cell(
        "Two offline models: the chat model answers, the extraction model proposes one "
        "memory for the first turn and nothing for the second."
    ),
    new_code_cell(
        'chat = ScriptedChatModel(["Noted, oolong it is.", "Brew an oolong at 90 °C."])\n'
        "extraction = ScriptedChatModel([EXTRACTION_REPLY, NOTHING])\n\n"
        'memory = LongTermMemory(MemoryConfig(principal_secret="use-a-long-random-secret"),\n'
        "                        extractor=extraction, embeddings=meaning)\n"
        'builder = StateGraph(MessagesState).add_edge(START, "model")\n'
        'add_long_term_memory(builder, "model", chat, memory)  # model -> END; extraction queued after the answer\n'
        "graph = builder.compile(store=InMemoryStore(), checkpointer=InMemorySaver())"
    ),
    new_markdown_cell("## Conversation 1: the user states a preference"),
    new_code_cell(
        'alice_1 = {"configurable": {"user_id": "alice", "thread_id": "thread-1"}}\n'
        'graph.invoke({"messages": [("user", "Please remember: I drink oolong tea every '
        'afternoon.")]}, alice_1)\n'
        "memory.flush()  # extraction runs off the answer's path; wait for it here\n"
        "queue = memory.queue_for(graph.store)\n"
        "[(str(outcome), outcome.key) for _, outcomes in queue.results for outcome in outcomes]"
    ),
    new_markdown_cell("## Conversation 2: a new thread of the same user"),
    new_code_cell(
        'alice_2 = {"configurable": {"user_id": "alice", "thread_id": "thread-2"}}\n'
        'answer = graph.invoke({"messages": [("user", "Which tea should I brew this '
        'afternoon?")]}, alice_2)\n'
        "for message in chat.calls[-1]:  # what the model received\n"
        "    print(f\"{message.type:>6}: {message.content}\")"
    ),
    new_markdown_cell(
        "The memory reached the model, but the thread's checkpointed state holds only the "
        "conversation itself:"
    ),
    new_code_cell(
        'saved = graph.get_state(alice_2).values["messages"]\n'
        "print([m.type for m in saved])\n"
        'assert not [m for m in saved if m.name == "long_term_memory"]'
    ),
    new_markdown_cell(
        "## The same graph on SQLite\n\n"
        "Any LangGraph store works. `memory_plugins.backends.sqlite_store` opens a set-up "
        "`SqliteStore` (WAL mode); `postgres_store(url)` does the same for PostgreSQL."
    ),
    new_code_cell(
        "import tempfile, pathlib\n"
        "from memory_plugins.backends import sqlite_store\n\n"
        'chat = ScriptedChatModel(["Noted."], cycle=True)\n'
        "memory = LongTermMemory(MemoryConfig(principal_secret=\"use-a-long-random-secret\"),\n"
        "                        extractor=ScriptedChatModel([EXTRACTION_REPLY, NOTHING]),\n"
        "                        embeddings=meaning)\n"
        "with tempfile.TemporaryDirectory() as folder:\n"
        '    with sqlite_store(pathlib.Path(folder) / "memory.sqlite") as store:\n'
        '        builder = StateGraph(MessagesState).add_edge(START, "model")\n'
        '        graph = add_long_term_memory(builder, "model", chat, memory).compile(\n'
        "            store=store, checkpointer=InMemorySaver())\n"
        '        graph.invoke({"messages": [("user", "Please remember: I drink oolong tea every '
        'afternoon.")]}, alice_1)\n'
        "        memory.flush()\n"
        '        graph.invoke({"messages": [("user", "Which tea should I brew?")]}, alice_2)\n'
        "        memory.close()\n"
        '[m.content[:60] for m in chat.calls[-1] if m.type == "system"]'
    ),
    new_markdown_cell(
        "## Your own model node\n\n"
        "`memory.wrap(node)` accepts your node function too (sync or async); it receives the "
        "state with the memory added to its messages. Or call `memory.inject(...)` inside "
        "your node:\n\n"
        "```python\n"
        "def call_model(state: MessagesState, config: RunnableConfig, *, store: BaseStore):\n"
        '    messages = memory.inject(state["messages"], config, store)\n'
        '    return {"messages": [model.invoke(messages)]}\n'
        "```\n\n"
        "With a real model, build it with `init_chat_model(\"openai:gpt-4o-mini\")` and pass it "
        "both as the chat model and as `extractor=`."
    ),
]

LANGCHAIN = [
    new_markdown_cell(
        "# Long-term memory for a LangChain chat model or chain\n\n"
        "`with_long_term_memory(runnable, engine, queue=...)` returns a plain runnable: it "
        "recalls for the latest user message, injects one memory system message into the "
        "input, calls your model or chain, and queues extraction of the finished turn. "
        "`invoke`, `ainvoke`, `stream`, `astream` and `batch` all work. User and conversation "
        'ids come from `config["configurable"]`.'
    ),
    new_code_cell(
        "import json\n\n"
        "from langchain_core.output_parsers import StrOutputParser\n"
        "from langchain_core.prompts import ChatPromptTemplate, MessagesPlaceholder\n"
        "from langgraph.store.memory import InMemoryStore\n\n"
        "from memory_plugins import MemoryConfig, MemoryEngine\n"
        "from memory_plugins.adapters.langchain import with_long_term_memory\n"
        "from memory_plugins.extraction import ExtractionQueue, MemoryExtractor\n"
        "from memory_plugins.embedders import load_embedder\n"
        "from memory_plugins.testing import ScriptedChatModel\n\n"
        'meaning = load_embedder("default")  # multilingual USE v3: the meaning extra, in [all]\n\n'
        + EXTRACTION_REPLY
    ),
    new_code_cell(
        'engine = MemoryEngine(InMemoryStore(), MemoryConfig(principal_secret="use-a-long-random-secret"),\n'
        "                embeddings=meaning)\n"
        "queue = ExtractionQueue(engine, MemoryExtractor(ScriptedChatModel([EXTRACTION_REPLY, "
        "NOTHING], cycle=True)))\n"
        'model = ScriptedChatModel(["Noted."], cycle=True)\n'
        "chat = with_long_term_memory(model, engine, queue=queue)"
    ),
    new_markdown_cell("## Conversation 1"),
    new_code_cell(
        'c1 = {"configurable": {"user_id": "alice", "conversation_id": "c-1"}}\n'
        'chat.invoke([("user", "Please remember: I drink oolong tea every afternoon.")], c1)\n'
        "queue.flush()\n"
        "[str(o) for _, outcomes in queue.results for o in outcomes]"
    ),
    new_markdown_cell(
        "## Conversation 2, streamed, through a prompt template\n\n"
        "The template's system prompt comes first, then the memory, then the conversation."
    ),
    new_code_cell(
        "prompt = ChatPromptTemplate.from_messages(\n"
        '    [("system", "You are a {role}."), MessagesPlaceholder("messages")])\n'
        "chain = with_long_term_memory(prompt | model | StrOutputParser(), engine, queue=queue)\n"
        'c2 = {"configurable": {"user_id": "alice", "conversation_id": "c-2"}}\n'
        'for chunk in chain.stream({"role": "barista", "messages": [("user", "Which tea this '
        'afternoon?")]}, c2):\n'
        '    print(chunk, end="")\n'
        "print()\n"
        "for message in model.calls[-1]:\n"
        "    print(f\"{message.type:>6}: {message.content[:70]}\")"
    ),
    new_markdown_cell("Another user sees nothing of Alice's memory:"),
    new_code_cell(
        'chat.invoke("Which tea this afternoon?", {"configurable": {"user_id": "bob", "conversation_id": "c-9"}})\n'
        "[m.type for m in model.calls[-1]]"
    ),
    new_code_cell("queue.close()"),
]

LLAMAINDEX = [
    new_markdown_cell(
        "# Long-term memory for a LlamaIndex chat engine\n\n"
        "`LongTermMemoryBlock` is a `BaseMemoryBlock` for `llama_index.core.memory.Memory`. "
        "`Memory` hands it the history and the latest user message: it recalls for that "
        "message and returns one system message, which `Memory` puts before the history "
        "(after the chat engine's system prompt). Finished turns are queued for extraction "
        "when they leave short-term memory, when the next message arrives, or when you call "
        "`remember_session(memory)` at the end of a session. `MockLLM` keeps this offline."
    ),
    new_code_cell(
        "import json\n"
        "from typing import Any, Sequence\n\n"
        "from langgraph.store.memory import InMemoryStore\n"
        "from llama_index.core.base.llms.types import ChatMessage, ChatResponse\n"
        "from llama_index.core.bridge.pydantic import PrivateAttr\n"
        "from llama_index.core.chat_engine import SimpleChatEngine\n"
        "from llama_index.core.llms import MockLLM\n"
        "from llama_index.core.memory import Memory\n\n"
        "from memory_plugins import MemoryConfig, MemoryEngine\n"
        "from memory_plugins.adapters.llamaindex import LongTermMemoryBlock\n"
        "from memory_plugins.extraction import ExtractionQueue, MemoryExtractor\n"
        "from memory_plugins.embedders import load_embedder\n"
        "from memory_plugins.testing import ScriptedChatModel\n\n"
        'meaning = load_embedder("default")  # multilingual USE v3: the meaning extra, in [all]\n\n'
        + EXTRACTION_REPLY
    ),
    new_markdown_cell("A `MockLLM` that answers \"Noted.\" and records what it was sent:"),
    new_code_cell(
        "class RecordingLLM(MockLLM):\n"
        "    _calls: list = PrivateAttr(default_factory=list)\n\n"
        "    def chat(self, messages: Sequence[ChatMessage], **kwargs: Any) -> ChatResponse:\n"
        "        self._calls.append(list(messages))\n"
        '        return ChatResponse(message=ChatMessage(role="assistant", content="Noted."))\n\n'
        "llm = RecordingLLM()\n"
        'engine = MemoryEngine(InMemoryStore(), MemoryConfig(principal_secret="use-a-long-random-secret"),\n'
        "                embeddings=meaning)\n"
        "queue = ExtractionQueue(engine, MemoryExtractor(ScriptedChatModel([EXTRACTION_REPLY, "
        "NOTHING])))\n\n"
        "def chat_engine(user: str, session: str):\n"
        "    block = LongTermMemoryBlock(engine=engine, user_id=user, queue=queue)\n"
        "    memory = Memory.from_defaults(session_id=session, memory_blocks=[block])\n"
        '    chat = SimpleChatEngine.from_defaults(memory=memory, llm=llm, system_prompt="You are a barista.")\n'
        "    return chat, block, memory"
    ),
    new_markdown_cell("## Session 1"),
    new_code_cell(
        'chat, block, memory = chat_engine("alice", "session-1")\n'
        'print(chat.chat("Please remember: I drink oolong tea every afternoon."))\n'
        "block.remember_session(memory)  # the session ends: queue its last turn\n"
        "queue.flush()\n"
        "[str(o) for _, outcomes in queue.results for o in outcomes]"
    ),
    new_markdown_cell("## Session 2: a new chat engine for the same user"),
    new_code_cell(
        'chat, _, _ = chat_engine("alice", "session-2")\n'
        'chat.chat("Which tea should I brew this afternoon?")\n'
        "for message in llm._calls[-1]:\n"
        '    print(f"{message.role.value:>9}: {message.content[:70]}")'
    ),
    new_code_cell("queue.close()"),
]

INSPECT = [
    new_markdown_cell(
        "# Explain, suppress, inspect\n\n"
        "Every recall decision is explainable: `engine.explain(user, query)` scores each "
        "record per dimension (tags, identity, text, CJK phrases, ASCII tokens, self-context) "
        "and says why it was or was not selected. A suppressed memory is never recalled and "
        "can be restored. The `memory-plugins` command line shows the same from a shell."
    ),
    new_code_cell(
        "import json, os, pathlib, subprocess, sys, tempfile\n\n"
        "from memory_plugins import MemoryConfig, MemoryEngine\n"
        "from memory_plugins.backends import sqlite_store\n"
        "from memory_plugins.embedders import load_embedder\n"
        "from memory_plugins.recall.explain import format_explanation\n\n"
        'meaning = load_embedder("default")  # multilingual USE v3: the meaning extra, in [all]\n'
        "folder = tempfile.mkdtemp()\n"
        'db = pathlib.Path(folder) / "memory.sqlite"\n'
        'SECRET = "notebook-secret-0123456789"\n\n'
        "def candidate(kind, text, tags, identity):\n"
        '    return {"type": kind, "text": text, "tags": tags, "confidence": 0.9, "stability": "stable",\n'
        '            "identity": identity, "action": "add", "source_signal": "explicit_memory_intent",\n'
        '            "reason": "stated as lasting", "conflict_signal": False}'
    ),
    new_code_cell(
        "with sqlite_store(db) as store:\n"
        "    engine = MemoryEngine(store, MemoryConfig(principal_secret=SECRET), embeddings=meaning)\n"
        '    outcomes = engine.remember("alice", [\n'
        '        candidate("user_preference", "用户喜欢喝乌龙茶。", ["乌龙茶", "饮品"],\n'
        '                  {"subject": "乌龙茶", "polarity": "prefer"}),\n'
        '        candidate("stable_user_context", "The user is a frontend engineer working with React.",\n'
        '                  ["frontend", "React"], {"subject": "job", "facet": "frontend engineer"}),\n'
        '        candidate("user_preference", "The user is tired today.", ["tired", "today"],\n'
        '                  {"subject": "mood", "polarity": "avoid"}) | {"stability": "temporary"},\n'
        '    ], source_conversation_id="conv-1")\n'
        "    for outcome in outcomes:\n"
        '        print(f"{outcome!s:<22} {outcome.key or outcome.detail}")\n'
        '    print(format_explanation(engine.explain("alice", "周末喝点什么饮品？")))'
    ),
    new_markdown_cell("## Suppress, then restore"),
    new_code_cell(
        "with sqlite_store(db) as store:\n"
        "    engine = MemoryEngine(store, MemoryConfig(principal_secret=SECRET), embeddings=meaning)\n"
        '    print(engine.suppress("alice", "user_preference:prefer-乌龙茶", conversation_id="conv-2"))\n'
        '    print(engine.recall("alice", "周末喝点什么饮品？").message)  # nothing: suppressed\n'
        '    print(format_explanation(engine.explain("alice", "周末喝点什么饮品？")))\n'
        '    print(engine.restore("alice", "user_preference:prefer-乌龙茶"))'
    ),
    new_markdown_cell(
        "## The inspector command line\n\n"
        "The CLI reads the store and the secret from `MEMORY_PLUGINS_STORE` and "
        "`MEMORY_PLUGINS_SECRET` (the library itself never reads the environment)."
    ),
    new_code_cell(
        "env = os.environ | {\n"
        '    "MEMORY_PLUGINS_STORE": f"sqlite:///{db}",\n'
        '    "MEMORY_PLUGINS_SECRET": SECRET,\n'
        "}\n\n"
        "def cli(*args):\n"
        '    done = subprocess.run([sys.executable, "-m", "memory_plugins", *args],\n'
        "                          env=env, capture_output=True, text=True, check=True)\n"
        "    print(done.stdout)\n\n"
        'cli("list", "--user", "alice")'
    ),
    new_code_cell('cli("recall", "周末喝点什么饮品？", "--user", "alice", "--explain")'),
    new_code_cell('cli("list", "--user", "bob")  # another user: nothing'),
]

NOTEBOOKS = {
    "langgraph.ipynb": LANGGRAPH,
    "langchain.ipynb": LANGCHAIN,
    "llamaindex.ipynb": LLAMAINDEX,
    "explain_and_inspect.ipynb": INSPECT,
}


def build() -> list[Path]:
    """Write every notebook (no outputs); returns their paths."""
    written = []
    for name, cells in NOTEBOOKS.items():
        notebook = new_notebook(
            cells=cells,
            metadata={
                "kernelspec": {"name": "python3", "display_name": "Python 3", "language": "python"},
                "language_info": {"name": "python"},
            },
        )
        for number, cell in enumerate(notebook.cells):
            cell["id"] = f"{Path(name).stem.replace('_', '-')}-{number}"  # stable ids: clean diffs
        nbformat.validate(notebook)
        path = HERE / name
        nbformat.write(notebook, path)
        written.append(path)
    return written


if __name__ == "__main__":
    for path in build():
        print(path.relative_to(HERE.parent))
