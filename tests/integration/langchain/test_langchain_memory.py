"""LangChain: a wrapped chat model or chain recalls a preference stated in another conversation."""

import json
from collections.abc import Iterator
from typing import Any

import pytest
from langchain_core.messages import BaseMessage, HumanMessage
from langchain_core.output_parsers import StrOutputParser
from langchain_core.prompts import ChatPromptTemplate, MessagesPlaceholder
from langchain_core.runnables import Runnable, RunnableConfig
from langgraph.store.memory import InMemoryStore

from memory_plugins import ConfigurationError, MemoryConfig, MemoryEngine
from memory_plugins.adapters.langchain import LongTermMemoryRunnable, with_long_term_memory
from memory_plugins.extraction import ExtractionQueue, MemoryExtractor
from memory_plugins.testing import FailingStore, FrozenClock, ScriptedChatModel, candidate

TEA = candidate(
    text="用户每天下午喝乌龙茶。",
    tags=["乌龙茶", "下午茶"],
    identity={"subject": "乌龙茶", "polarity": "prefer"},
    reason="用户要求记住",
)
STATE_TEA = "记住：我每天下午都喝乌龙茶。"
ASK_TEA = "下午茶推荐乌龙茶还是红茶？"


def _propose(messages: list[BaseMessage]) -> str:
    said = str(messages[-1].content)
    return json.dumps({"candidates": [TEA] if STATE_TEA in said else []})


def _memory_in(messages: list[Any]) -> list[Any]:
    return [m for m in messages if getattr(m, "name", None) == "long_term_memory"]


def _cfg(user: str, conversation: str | None = None) -> RunnableConfig:
    extra = {"conversation_id": conversation} if conversation else {}
    return {"configurable": {"user_id": user, **extra}}


@pytest.fixture
def engine(config: MemoryConfig, clock: FrozenClock) -> MemoryEngine:
    return MemoryEngine(InMemoryStore(), config, clock=clock)


@pytest.fixture
def queue(engine: MemoryEngine) -> Iterator[ExtractionQueue]:
    with ExtractionQueue(engine, MemoryExtractor(ScriptedChatModel([_propose], cycle=True))) as q:
        yield q


@pytest.fixture
def model() -> ScriptedChatModel:
    return ScriptedChatModel(["好的。"], cycle=True)


def _outcomes(queue: ExtractionQueue) -> list[str]:
    assert queue.flush(5.0)
    return [str(o) for _, outcomes in queue.results for o in outcomes]


def test_preference_reaches_the_model_in_a_new_conversation(
    engine: MemoryEngine, queue: ExtractionQueue, model: ScriptedChatModel
) -> None:
    chat = with_long_term_memory(model, engine, queue=queue)
    assert isinstance(chat, Runnable)
    assert chat.invoke([HumanMessage(STATE_TEA)], _cfg("alice", "c-1")).content == "好的。"
    assert _outcomes(queue) == ["added"]

    chat.invoke([("system", "你是茶艺师。"), ("user", ASK_TEA)], _cfg("alice", "c-2"))
    seen = model.calls[-1]
    assert [m.type for m in seen] == ["system", "system", "human"]
    assert "乌龙茶" in _memory_in(seen)[0].content

    chat.invoke(ASK_TEA, _cfg("bob", "c-3"))
    assert not _memory_in(model.calls[-1])


def test_message_chain_with_a_prompt_template(
    engine: MemoryEngine, queue: ExtractionQueue, model: ScriptedChatModel
) -> None:
    prompt = ChatPromptTemplate.from_messages(
        [("system", "你是{role}。"), MessagesPlaceholder("messages")]
    )
    chat = with_long_term_memory(prompt | model | StrOutputParser(), engine, queue=queue)
    answer = chat.invoke(
        {"role": "茶艺师", "messages": [("user", STATE_TEA)]}, _cfg("alice", "c-1")
    )
    assert answer == "好的。"
    assert _outcomes(queue) == ["added"]
    chat.invoke({"role": "茶艺师", "messages": [("user", ASK_TEA)]}, _cfg("alice", "c-2"))
    assert [m.type for m in model.calls[-1]] == ["system", "system", "human"]
    assert _memory_in(model.calls[-1])

    # A prompt value (what a template produced) works the same way.
    value = prompt.invoke({"role": "茶艺师", "messages": [("user", ASK_TEA)]})
    with_long_term_memory(model, engine).invoke(value, _cfg("alice", "c-3"))
    assert [m.type for m in model.calls[-1]] == ["system", "system", "human"]


def test_stream_queues_the_concatenated_answer_once_complete(
    engine: MemoryEngine, queue: ExtractionQueue
) -> None:
    model = ScriptedChatModel(["好的，我记住了。"], cycle=True)
    chat = with_long_term_memory(model, engine, queue=queue)
    stream = chat.stream([("user", STATE_TEA)], _cfg("alice", "c-1"))
    next(stream)
    stream.close()  # an interrupted answer is not a finished turn
    assert _outcomes(queue) == []

    chunks = list(chat.stream([("user", STATE_TEA)], _cfg("alice", "c-1")))
    assert "".join(str(c.content) for c in chunks) == "好的，我记住了。"
    assert _outcomes(queue) == ["added"]
    [(turn, _)] = list(queue.results)
    assert turn.assistant_text == "好的，我记住了。"


async def test_ainvoke_and_astream(
    engine: MemoryEngine, queue: ExtractionQueue, model: ScriptedChatModel
) -> None:
    chat = with_long_term_memory(model, engine, queue=queue)
    await chat.ainvoke([("user", STATE_TEA)], _cfg("alice", "c-1"))
    assert await queue.aflush(5.0)
    chunks = [c async for c in chat.astream([("user", ASK_TEA)], _cfg("alice", "c-2"))]
    assert chunks and not any("long_term_memory" in repr(c) for c in chunks)
    assert _memory_in(model.calls[-1])


def test_batch_and_with_config(engine: MemoryEngine, model: ScriptedChatModel) -> None:
    engine.remember("alice", [TEA], source_conversation_id="c-0")
    chat: LongTermMemoryRunnable = with_long_term_memory(model, engine)
    bound = chat.with_config(configurable={"user_id": "alice"})
    assert len(bound.batch([ASK_TEA, ASK_TEA])) == 2
    assert all(_memory_in(call) for call in model.calls)


def test_without_conversation_id_nothing_is_extracted(
    engine: MemoryEngine, queue: ExtractionQueue, model: ScriptedChatModel
) -> None:
    with_long_term_memory(model, engine, queue=queue).invoke(STATE_TEA, _cfg("alice"))
    assert _outcomes(queue) == []
    assert queue.stats.snapshot()["ineligible_no_conversation_id"] == 1


def test_failing_store_still_answers(config: MemoryConfig, model: ScriptedChatModel) -> None:
    engine = MemoryEngine(FailingStore(), config)
    with ExtractionQueue(engine, MemoryExtractor(ScriptedChatModel([_propose], cycle=True))) as q:
        chat = with_long_term_memory(model, engine, queue=q)
        assert chat.invoke(STATE_TEA, _cfg("alice", "c-1")).content == "好的。"
        assert _outcomes(q) == ["store_unavailable"]
    assert engine.stats.snapshot()["store_read_failures"] >= 1


def test_missing_user_or_bad_input_is_a_clear_error(
    engine: MemoryEngine, model: ScriptedChatModel
) -> None:
    chat = with_long_term_memory(model, engine)
    with pytest.raises(ConfigurationError, match="user_id"):
        chat.invoke("hi")
    with pytest.raises(ConfigurationError, match="history_messages_key="):
        chat.invoke({"question": "hi"}, _cfg("alice"))  # no message list to carry the memory
    with pytest.raises(ConfigurationError, match="input_messages_key="):
        chat.invoke({"query": "hi"}, _cfg("alice"))
    with pytest.raises(ConfigurationError, match="list of messages"):
        chat.invoke(42, _cfg("alice"))
