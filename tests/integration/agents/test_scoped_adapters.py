"""Scopes through the adapters, as each ecosystem's apps pass them: the assistant and the
organisation come with the run (``configurable`` / the block's fields), extraction writes
into the assistant's scope of the user and never into the organisation's."""

from dataclasses import replace
from typing import Any

from langchain.agents import create_agent
from langgraph.checkpoint.memory import InMemorySaver
from langgraph.graph import START, MessagesState, StateGraph
from llama_index.core.chat_engine import SimpleChatEngine
from llama_index.core.memory import Memory

from memory_plugins import MemoryConfig, MemoryEngine, Scope
from memory_plugins.adapters.langchain import with_long_term_memory
from memory_plugins.adapters.langchain_agent import LongTermMemoryMiddleware
from memory_plugins.adapters.langgraph import LongTermMemory, add_long_term_memory
from memory_plugins.adapters.llamaindex import LlamaIndexExtractor, LongTermMemoryBlock
from memory_plugins.extraction import ExtractionQueue
from memory_plugins.testing import (
    ScriptedChatModel,
    ScriptedLLM,
    candidate,
    extraction_reply,
    received_memory,
)

GREEN = candidate(
    text="The user likes green tea.",
    tags=["green", "tea"],
    identity={"subject": "green tea", "polarity": "prefer"},
)
SHARED = candidate(
    type="project_context",
    text="The team orders its tea from Kyoto.",
    tags=["tea", "kyoto"],
    identity={"subject": "tea orders"},
)


def _org_config(config: MemoryConfig) -> MemoryConfig:
    return replace(config, org_scope=True)


def _seed_org(engine: MemoryEngine) -> None:
    # The deployment decides what the organisation shares: an explicit write, never a chat.
    [outcome] = engine.remember(Scope.for_org("acme"), [SHARED], source_conversation_id="admin")
    assert str(outcome) == "added"


def _sees(engine: MemoryEngine) -> dict[str, list[str]]:
    return {
        "own": [r.text for r in engine.list_records("alice")],
        "planner": [r.text for r in engine.list_records(Scope.for_agent("planner", user="alice"))],
        "coder": [r.text for r in engine.list_records(Scope.for_agent("coder", user="alice"))],
        "org": [r.text for r in engine.list_records(Scope.for_org("acme"))],
    }


def test_a_langgraph_graph_keeps_each_assistants_memories_apart(
    any_store: Any, config: MemoryConfig
) -> None:
    model = ScriptedChatModel(["Noted."], cycle=True)
    extractor = ScriptedChatModel([extraction_reply(GREEN), extraction_reply()], cycle=True)
    memory = LongTermMemory(_org_config(config), extractor=extractor)
    builder = StateGraph(MessagesState).add_edge(START, "model")
    graph = add_long_term_memory(builder, "model", model, memory).compile(
        checkpointer=InMemorySaver(), store=any_store
    )
    engine = memory.engine_for(any_store)
    _seed_org(engine)
    planner = {
        "configurable": {"user_id": "alice", "agent_id": "planner", "org_id": "acme"},
    }
    planner["configurable"]["thread_id"] = "t-1"
    graph.invoke({"messages": [{"role": "user", "content": "I like green tea."}]}, planner)
    memory.flush()
    assert _sees(engine) == {
        "own": [],
        "planner": ["The user likes green tea."],
        "coder": [],
        "org": ["The team orders its tea from Kyoto."],  # extraction never wrote here
    }
    planner["configurable"]["thread_id"] = "t-2"
    graph.invoke({"messages": [{"role": "user", "content": "Which tea should I order?"}]}, planner)
    seen = received_memory(model) or ""
    assert "The user likes green tea." in seen and "orders its tea from Kyoto" in seen
    coder = {"configurable": {"user_id": "alice", "agent_id": "coder", "thread_id": "t-3"}}
    graph.invoke({"messages": [{"role": "user", "content": "Which tea should I order?"}]}, coder)
    assert received_memory(model) is None  # another assistant, no org: nothing of the above
    memory.close()


def test_a_create_agent_middleware_reads_the_org_only_when_the_deployment_opts_in(
    any_store: Any, config: MemoryConfig
) -> None:
    model = ScriptedChatModel(["Noted."], cycle=True)
    for opted_in in (False, True):
        cfg = _org_config(config) if opted_in else config
        middleware = LongTermMemoryMiddleware(cfg)
        agent = create_agent(model, tools=[], middleware=[middleware], store=any_store)
        if opted_in:
            _seed_org(middleware.engine_for(any_store))
        run = {"configurable": {"user_id": "alice", "org_id": "acme"}}
        agent.invoke({"messages": [{"role": "user", "content": "Which tea should I order?"}]}, run)
        seen = received_memory(model)
        assert (seen is not None and "from Kyoto" in seen) is opted_in
        middleware.close()


def test_a_langchain_chain_recalls_and_extracts_in_the_assistants_scope(
    any_store: Any, config: MemoryConfig
) -> None:
    model = ScriptedChatModel(["Noted."], cycle=True)
    extractor = ScriptedChatModel([extraction_reply(GREEN), extraction_reply()], cycle=True)
    with MemoryEngine(any_store, _org_config(config)) as engine:
        queue = ExtractionQueue(engine, extractor)
        chat = with_long_term_memory(model, engine, queue=queue)
        coder = {"configurable": {"user_id": "alice", "agent_id": "coder", "thread_id": "c-1"}}
        chat.invoke("I like green tea.", coder)
        queue.flush()
        assert _sees(engine)["coder"] == ["The user likes green tea."]
        assert _sees(engine)["own"] == _sees(engine)["planner"] == []
        chat.invoke("Which tea?", coder)
        assert "green tea" in (received_memory(model) or "")
        chat.invoke("Which tea?", {"configurable": {"user_id": "alice", "agent_id": "planner"}})
        assert received_memory(model) is None
        queue.close()


def test_a_llamaindex_block_serves_one_agent_and_its_organisation(
    any_store: Any, config: MemoryConfig
) -> None:
    llm = ScriptedLLM(responses=["Noted."], cycle=True)
    extraction_llm = ScriptedLLM(
        responses=[extraction_reply(GREEN), extraction_reply()], cycle=True
    )
    with MemoryEngine(any_store, _org_config(config)) as engine:
        _seed_org(engine)
        queue = ExtractionQueue(engine, LlamaIndexExtractor(extraction_llm))
        block = LongTermMemoryBlock(
            engine=engine, user_id="alice", agent_id="planner", org_id="acme", queue=queue
        )
        memory = Memory.from_defaults(session_id="s-1", memory_blocks=[block])
        chat_engine = SimpleChatEngine.from_defaults(memory=memory, llm=llm)
        chat_engine.chat("I like green tea.")
        block.remember_session(memory)
        queue.flush()
        assert _sees(engine)["planner"] == ["The user likes green tea."]
        assert _sees(engine)["org"] == ["The team orders its tea from Kyoto."]
        chat_engine.chat("Which tea should I order?")
        assert "The user likes green tea." in llm.prompts[-1]
        assert "from Kyoto" in llm.prompts[-1]
        other = LongTermMemoryBlock(engine=engine, user_id="alice", agent_id="coder")
        coder = Memory.from_defaults(session_id="s-2", memory_blocks=[other])
        SimpleChatEngine.from_defaults(memory=coder, llm=llm).chat("Which tea should I order?")
        assert "green tea" not in llm.prompts[-1] and "Kyoto" not in llm.prompts[-1]
        queue.close()


def test_memory_tools_write_the_assistants_notes_and_list_where_each_came_from(
    any_store: Any, config: MemoryConfig
) -> None:
    from memory_plugins.adapters.langchain import memory_tools

    with MemoryEngine(any_store, _org_config(config)) as engine:
        _seed_org(engine)
        remember, recall, suppress = memory_tools(engine)
        run = {
            "configurable": {
                "user_id": "alice",
                "agent_id": "planner",
                "org_id": "acme",
                "thread_id": "t-1",
            }
        }
        note = {k: v for k, v in GREEN.items() if k != "action"}
        assert remember.invoke(note, run).startswith("stored (added)")
        assert _sees(engine)["planner"] == ["The user likes green tea."]
        assert _sees(engine)["own"] == []
        listing = recall.invoke({"query": "Which tea should I order?"}, run)
        assert '(this assistant\'s note) "The user likes green tea."' in listing
        assert '(shared by the organisation) "The team orders its tea from Kyoto."' in listing
        # The organisation's memories are the deployment's: a tool cannot suppress them.
        assert recall.invoke({"query": "tea"}, run).count("[") == 2
        assert suppress.invoke({"key": "project_context:tea-orders"}, run).startswith("not found")
        assert suppress.invoke({"key": "user_preference:prefer-green-tea"}, run).startswith(
            "suppressed"
        )
        assert _sees(engine)["org"] == ["The team orders its tea from Kyoto."]
