"""LlamaIndex: a memory block gives SimpleChatEngine a preference from another session."""

import json
from collections.abc import Iterator, Sequence
from typing import Any

import pytest
from langchain_core.messages import BaseMessage
from langgraph.store.memory import InMemoryStore
from llama_index.core.base.llms.types import ChatMessage, ChatResponse, MessageRole
from llama_index.core.bridge.pydantic import PrivateAttr
from llama_index.core.chat_engine import SimpleChatEngine
from llama_index.core.llms import MockLLM
from llama_index.core.memory import Memory

from memory_plugins import ConfigurationError, MemoryConfig, MemoryEngine
from memory_plugins.adapters.llamaindex import LongTermMemoryBlock
from memory_plugins.extraction import ExtractionQueue, MemoryExtractor
from memory_plugins.testing import FailingStore, FrozenClock, ScriptedChatModel, candidate

TEA = candidate(
    text="The user drinks oolong tea every afternoon.", reason="the user asked to remember it"
)
STATE_TEA = "Please remember: I drink oolong tea every afternoon."
ASK_TEA = "Which tea should I brew this afternoon?"


def _propose(messages: list[BaseMessage]) -> str:
    said = str(messages[-1].content)
    return json.dumps({"candidates": [TEA] if STATE_TEA in said else []})


class RecordingLLM(MockLLM):
    """An offline LLM that answers "Noted." and records every message list it receives."""

    _calls: list[list[ChatMessage]] = PrivateAttr(default_factory=list)

    @property
    def calls(self) -> list[list[ChatMessage]]:
        return self._calls

    def chat(self, messages: Sequence[ChatMessage], **kwargs: Any) -> ChatResponse:
        self._calls.append(list(messages))
        return ChatResponse(message=ChatMessage(role=MessageRole.ASSISTANT, content="Noted."))

    async def achat(self, messages: Sequence[ChatMessage], **kwargs: Any) -> ChatResponse:
        return self.chat(messages, **kwargs)


def _memory_in(messages: list[ChatMessage]) -> list[str]:
    return [m.content or "" for m in messages if "Long-term memory" in (m.content or "")]


@pytest.fixture
def engine(config: MemoryConfig, clock: FrozenClock) -> MemoryEngine:
    return MemoryEngine(InMemoryStore(), config, clock=clock)


@pytest.fixture
def queue(engine: MemoryEngine) -> Iterator[ExtractionQueue]:
    with ExtractionQueue(engine, MemoryExtractor(ScriptedChatModel([_propose], cycle=True))) as q:
        yield q


def _chat_engine(
    engine: MemoryEngine, queue: ExtractionQueue | None, user: str, session: str, llm: MockLLM
) -> tuple[SimpleChatEngine, LongTermMemoryBlock, Memory]:
    block = LongTermMemoryBlock(engine=engine, user_id=user, queue=queue)
    memory = Memory.from_defaults(session_id=session, memory_blocks=[block])
    chat = SimpleChatEngine.from_defaults(
        memory=memory, llm=llm, system_prompt="You are a barista."
    )
    return chat, block, memory


def _outcomes(queue: ExtractionQueue) -> list[str]:
    assert queue.flush(5.0)
    return [str(o) for _, outcomes in queue.results for o in outcomes]


def test_preference_recalled_by_a_new_chat_engine(
    engine: MemoryEngine, queue: ExtractionQueue
) -> None:
    llm = RecordingLLM()
    chat, block, memory = _chat_engine(engine, queue, "alice", "session-1", llm)
    assert chat.chat(STATE_TEA).response == "Noted."
    assert block.remember_session(memory) == 1  # the session ends: its last turn is queued
    assert block.remember_session(memory) == 0  # ...once
    assert _outcomes(queue) == ["added"]

    chat, _, _ = _chat_engine(engine, queue, "alice", "session-2", llm)
    chat.chat(ASK_TEA)
    seen = llm.calls[-1]
    assert [m.role for m in seen] == [MessageRole.SYSTEM, MessageRole.SYSTEM, MessageRole.USER]
    assert seen[0].content == "You are a barista."
    assert "oolong tea" in _memory_in(seen)[0]

    chat, _, _ = _chat_engine(engine, queue, "bob", "session-3", llm)
    chat.chat(ASK_TEA)
    assert not _memory_in(llm.calls[-1])


def test_live_turns_are_queued_at_the_next_message(
    engine: MemoryEngine, queue: ExtractionQueue
) -> None:
    llm = RecordingLLM()
    chat, _, _ = _chat_engine(engine, queue, "alice", "session-1", llm)
    chat.chat(STATE_TEA)
    chat.chat(ASK_TEA)  # the first turn is finished now, and queued
    assert _outcomes(queue) == ["added"]
    [(turn, _)] = list(queue.results)
    assert (turn.conversation_id, turn.user_text, turn.assistant_text) == (
        "session-1",
        STATE_TEA,
        "Noted.",
    )


async def test_flushed_turns_and_async_chat(engine: MemoryEngine, queue: ExtractionQueue) -> None:
    block = LongTermMemoryBlock(engine=engine, user_id="alice", queue=queue)
    ejected = [
        ChatMessage(role=MessageRole.USER, content=STATE_TEA),
        ChatMessage(role=MessageRole.ASSISTANT, content="Noted."),
    ]
    await block.aput(ejected, from_short_term_memory=True, session_id="session-1")
    assert await queue.aflush(5.0)
    assert [turn.conversation_id for turn, _ in queue.results] == ["session-1"]

    llm = RecordingLLM()
    chat, _, _ = _chat_engine(engine, queue, "alice", "session-2", llm)
    await chat.achat(ASK_TEA)
    assert _memory_in(llm.calls[-1])


def test_failing_store_still_answers(config: MemoryConfig) -> None:
    engine = MemoryEngine(FailingStore(), config)
    with ExtractionQueue(engine, MemoryExtractor(ScriptedChatModel([_propose], cycle=True))) as q:
        chat, block, memory = _chat_engine(engine, q, "alice", "session-1", RecordingLLM())
        assert chat.chat(STATE_TEA).response == "Noted."
        block.remember_session(memory)
        assert _outcomes(q) == ["store_unavailable"]


def test_block_needs_a_user(engine: MemoryEngine) -> None:
    with pytest.raises(ConfigurationError, match="user_id"):
        LongTermMemoryBlock(engine=engine, user_id=" ")
