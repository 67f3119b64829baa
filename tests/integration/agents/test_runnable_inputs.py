"""``with_long_term_memory`` over the input shapes LangChain chains take, and beside history.

Prompts are written as LangChain's docs write them (``ChatPromptTemplate`` with a
``MessagesPlaceholder``). Whatever the shape, the model sees the memory message after the
system prompt; composed with ``RunnableWithMessageHistory`` in either order, the stored
history never holds it.
"""

from collections.abc import Iterator
from typing import Any

import pytest
from agent_scripts import ASK_TEA, STATE_TEA, TEA, leaks, memory_messages, propose
from langchain_core.chat_history import InMemoryChatMessageHistory
from langchain_core.messages import HumanMessage
from langchain_core.prompts import ChatPromptTemplate, MessagesPlaceholder
from langchain_core.runnables.history import RunnableWithMessageHistory

from memory_plugins import MemoryConfig, MemoryEngine
from memory_plugins.adapters.langchain import with_long_term_memory
from memory_plugins.extraction import ExtractionQueue, MemoryExtractor
from memory_plugins.testing import ScriptedChatModel

SYSTEM = "You are a helpful assistant."


@pytest.fixture
def engine(app_store: Any, config: MemoryConfig) -> MemoryEngine:
    engine = MemoryEngine(app_store, config)
    outcomes = engine.remember("alice", [TEA], source_conversation_id="c-0")
    assert [str(o) for o in outcomes] == ["added"]
    return engine


@pytest.fixture
def queue(engine: MemoryEngine) -> Iterator[ExtractionQueue]:
    with ExtractionQueue(engine, MemoryExtractor(ScriptedChatModel([propose], cycle=True))) as q:
        yield q


@pytest.fixture
def model() -> ScriptedChatModel:
    return ScriptedChatModel(["Oolong."], cycle=True)


def _cfg(**configurable: str) -> dict[str, Any]:
    return {"configurable": {"user_id": "alice", **configurable}}


def _kinds(messages: list[Any]) -> list[str]:
    return ["memory" if memory_messages([m]) else m.type for m in messages]


def test_question_and_history_keys_put_memory_before_the_history(
    engine: MemoryEngine, queue: ExtractionQueue, model: ScriptedChatModel
) -> None:
    prompt = ChatPromptTemplate.from_messages(
        [("system", SYSTEM), MessagesPlaceholder("history"), ("human", "{question}")]
    )
    chain = with_long_term_memory(prompt | model, engine, queue=queue)
    history = [HumanMessage("Hi"), ("ai", "Hello!")]
    answer = chain.invoke({"question": ASK_TEA, "history": history}, _cfg(conversation_id="c-1"))
    assert answer.content == "Oolong."
    assert _kinds(model.calls[-1]) == ["system", "memory", "human", "ai", "human"]
    assert TEA["text"] in memory_messages(model.calls[-1])[0].content
    assert len(history) == 2  # the caller's list is not touched
    assert queue.flush(5.0)
    [(turn, _)] = list(queue.results)
    assert (turn.user_text, turn.assistant_text) == (ASK_TEA, "Oolong.")


def test_a_placeholder_of_its_own_for_the_memory(
    engine: MemoryEngine, model: ScriptedChatModel
) -> None:
    prompt = ChatPromptTemplate.from_messages(
        [("system", SYSTEM), MessagesPlaceholder("memory", optional=True), ("human", "{input}")]
    )
    chain = with_long_term_memory(prompt | model, engine, memory_messages_key="memory")
    chain.invoke({"input": ASK_TEA}, _cfg())
    assert _kinds(model.calls[-1]) == ["system", "memory", "human"]
    chain.invoke({"input": "Hello there"}, _cfg())  # nothing recalled: the placeholder is empty
    assert _kinds(model.calls[-1]) == ["system", "human"]


@pytest.mark.parametrize(
    "given",
    [
        ASK_TEA,
        [("system", SYSTEM), ("user", ASK_TEA)],
        {"messages": [("system", SYSTEM), ("user", ASK_TEA)]},
        {"input": [HumanMessage(ASK_TEA)]},
        HumanMessage(ASK_TEA),
    ],
    ids=["string", "message-list", "messages-dict", "input-messages", "one-message"],
)
async def test_every_common_shape_reaches_the_model_with_memory(
    engine: MemoryEngine, model: ScriptedChatModel, given: Any
) -> None:
    chain = with_long_term_memory(model, engine)
    if isinstance(given, dict):  # a dict goes through a prompt, as in an app
        prompt = ChatPromptTemplate.from_messages([MessagesPlaceholder(next(iter(given)))])
        chain = with_long_term_memory(prompt | model, engine)
    await chain.ainvoke(given, _cfg())
    assert "memory" in _kinds(model.calls[-1])
    assert _kinds(model.calls[-1])[-1] == "human"


@pytest.mark.filterwarnings("ignore::DeprecationWarning")
def test_history_wrapper_outside_keeps_memory_out_of_the_history(
    engine: MemoryEngine, queue: ExtractionQueue, model: ScriptedChatModel
) -> None:
    store: dict[str, InMemoryChatMessageHistory] = {}

    def get_session_history(session_id: str) -> InMemoryChatMessageHistory:
        return store.setdefault(session_id, InMemoryChatMessageHistory())

    prompt = ChatPromptTemplate.from_messages(
        [("system", SYSTEM), MessagesPlaceholder("history"), ("human", "{question}")]
    )
    with_memory = with_long_term_memory(
        prompt | model, engine, queue=queue, conversation_key="session_id"
    )
    chat = RunnableWithMessageHistory(
        with_memory,
        get_session_history,
        input_messages_key="question",
        history_messages_key="history",
    )
    cfg = _cfg(session_id="s-1")
    chat.invoke({"question": STATE_TEA}, cfg)
    chat.invoke({"question": ASK_TEA}, cfg)
    assert _kinds(model.calls[-1]) == ["system", "memory", "human", "ai", "human"]
    assert _kinds(store["s-1"].messages) == ["human", "ai", "human", "ai"]
    assert not leaks(store["s-1"].messages)
    assert queue.flush(5.0)
    assert [turn.conversation_id for turn, _ in queue.results] == ["s-1", "s-1"]


@pytest.mark.filterwarnings("ignore::DeprecationWarning")
@pytest.mark.parametrize("shape", ["message-list", "question-key"])
def test_history_wrapper_inside_is_harmless(
    engine: MemoryEngine, model: ScriptedChatModel, shape: str
) -> None:
    store: dict[str, InMemoryChatMessageHistory] = {}

    def get_session_history(session_id: str) -> InMemoryChatMessageHistory:
        return store.setdefault(session_id, InMemoryChatMessageHistory())

    if shape == "message-list":
        chat = with_long_term_memory(RunnableWithMessageHistory(model, get_session_history), engine)
        ask: Any = [HumanMessage(ASK_TEA)]
    else:
        prompt = ChatPromptTemplate.from_messages(
            [
                ("system", SYSTEM),
                MessagesPlaceholder("memory", optional=True),
                MessagesPlaceholder("history"),
                ("human", "{question}"),
            ]
        )
        inner = RunnableWithMessageHistory(
            prompt | model,
            get_session_history,
            input_messages_key="question",
            history_messages_key="history",
        )
        chat = with_long_term_memory(inner, engine, memory_messages_key="memory")
        ask = {"question": ASK_TEA}
    cfg = _cfg(session_id="s-2")
    chat.invoke(ask, cfg)
    chat.invoke(ask, cfg)
    assert "memory" in _kinds(model.calls[-1])  # the model still sees the memory
    assert _kinds(store["s-2"].messages) == ["human", "ai", "human", "ai"]
    assert not leaks(store["s-2"].messages)


def test_a_lone_message_with_nothing_recalled_still_reaches_the_model(
    engine: MemoryEngine, model: ScriptedChatModel
) -> None:
    chain = with_long_term_memory(model, engine)
    assert chain.invoke(HumanMessage("Hello there"), _cfg()).content == "Oolong."
    assert _kinds(model.calls[-1]) == ["human"]
