"""LlamaIndex: a memory block for ``llama_index.core.memory.Memory``.

``Memory`` asks its blocks for content with the chat history and the latest user message;
this block recalls for that message and returns one system message, which ``Memory``
places before the history (so after a chat engine's system prompt). Extraction is queued
for every finished turn the block sees: turns ejected from short-term memory (``_aput``),
the turn just before each new user message, and, when a session ends, the turns
:meth:`LongTermMemoryBlock.remember_session` finds. The conversation id is the session id.

>>> from langgraph.store.memory import InMemoryStore
>>> from llama_index.core.chat_engine import SimpleChatEngine
>>> from llama_index.core.llms import MockLLM
>>> from llama_index.core.memory import Memory
>>> from memory_plugins import MemoryConfig, MemoryEngine
>>> engine = MemoryEngine(InMemoryStore(), MemoryConfig(principal_secret="0123456789abcdef"))
>>> block = LongTermMemoryBlock(engine=engine, user_id="alice")
>>> memory = Memory.from_defaults(session_id="s-1", memory_blocks=[block])
>>> chat = SimpleChatEngine.from_defaults(memory=memory, llm=MockLLM())
>>> isinstance(chat.chat("hello").response, str)
True
"""

from collections import OrderedDict
from typing import Any

from memory_plugins.arguments import require_engine
from memory_plugins.engine import MemoryEngine
from memory_plugins.errors import ConfigurationError, MissingExtraError
from memory_plugins.extraction import ExtractionQueue, TurnInput

try:
    from llama_index.core.base.llms.types import ChatMessage, MessageRole
    from llama_index.core.bridge.pydantic import Field, PrivateAttr
    from llama_index.core.memory import BaseMemoryBlock, Memory
except ImportError as exc:  # pragma: no cover - exercised only without the extra
    raise MissingExtraError(
        "the LlamaIndex adapter", "llamaindex", exc.name or "llama-index-core"
    ) from exc

__all__ = ["LongTermMemoryBlock"]

_SEEN_TURNS = 4096  # LRU bound on the turns already queued, so a turn is extracted once
_ANSWER_ROLES = (MessageRole.ASSISTANT, MessageRole.CHATBOT, MessageRole.MODEL)

Turn = tuple[str, str, str]
"""``(user_text, assistant_text, turn_kind)``."""


class LongTermMemoryBlock(BaseMemoryBlock[list[ChatMessage]]):
    """Validated long-term memory of one user, as a ``Memory`` block.

    ``engine`` recalls and stores; ``queue`` (an ``ExtractionQueue`` over ``engine``)
    extracts; without a queue the block only recalls. ``user_id`` is the verified user.

    >>> from langgraph.store.memory import InMemoryStore
    >>> from memory_plugins import MemoryConfig, MemoryEngine
    >>> engine = MemoryEngine(InMemoryStore(), MemoryConfig(principal_secret="0123456789abcdef"))
    >>> LongTermMemoryBlock(engine=engine, user_id="alice").name
    'long_term_memory'
    """

    name: str = Field(default="long_term_memory", description="The name of the memory block.")
    user_id: str = Field(description="The user (principal) whose memory this block holds.")

    _engine: MemoryEngine = PrivateAttr()
    _queue: ExtractionQueue | None = PrivateAttr(default=None)
    _seen: "OrderedDict[tuple[str, str, str, str], None]" = PrivateAttr(default_factory=OrderedDict)

    def __init__(
        self,
        *,
        engine: MemoryEngine,
        user_id: str,
        queue: ExtractionQueue | None = None,
        **data: Any,
    ) -> None:
        if not user_id or not user_id.strip():
            raise ConfigurationError("LongTermMemoryBlock needs the user: pass user_id=...")
        require_engine(engine, "LongTermMemoryBlock")
        if queue is not None and queue.engine is not engine:
            raise ConfigurationError(
                "LongTermMemoryBlock: the queue must be built over the same engine"
            )
        super().__init__(user_id=user_id, **data)
        self._engine = engine
        self._queue = queue

    @property
    def engine(self) -> MemoryEngine:
        """The engine this block recalls from."""
        return self._engine

    @property
    def queue(self) -> ExtractionQueue | None:
        """The extraction queue, if any."""
        return self._queue

    async def _aget(
        self, messages: list[ChatMessage] | None = None, **block_kwargs: Any
    ) -> list[ChatMessage]:
        """Recall for the latest user message; also queue the turn that came before it."""
        messages = messages or []
        session = block_kwargs.get("session_id")
        earlier = _turns(messages)
        if earlier:
            self._submit([earlier[-1]], session)  # older turns were queued on earlier calls
        query = next((_text(m) for m in reversed(messages) if m.role == MessageRole.USER), "")
        if not query.strip():
            return []
        result = await self._engine.arecall(self.user_id, query)
        if result.message is None:
            return []
        return [ChatMessage(role=MessageRole.SYSTEM, content=result.message)]

    async def _aput(self, messages: list[ChatMessage]) -> None:
        """Queue extraction of the finished turns ejected from short-term memory."""
        sessions = {m.additional_kwargs.get("session_id") for m in messages} - {None}
        self._submit(_turns(messages), sessions.pop() if len(sessions) == 1 else None)

    async def aremember_session(self, memory: Memory) -> int:
        """Queue extraction of the session's finished turns not queued yet (at session end).

        Returns how many turns were queued.
        """
        return self._submit(_turns(await memory.aget_all()), memory.session_id)

    def remember_session(self, memory: Memory) -> int:
        """Sync twin of :meth:`aremember_session`."""
        return self._submit(_turns(memory.get_all()), memory.session_id)

    def _submit(self, turns: list[Turn], session: Any) -> int:
        if self._queue is None:
            return 0
        conversation = str(session) if session else None
        queued = 0
        for user_text, answer, kind in turns:
            seen = (conversation or "", user_text, answer, kind)
            if seen in self._seen:
                continue
            self._seen[seen] = None
            while len(self._seen) > _SEEN_TURNS:
                self._seen.popitem(last=False)
            turn = TurnInput(self.user_id, conversation, user_text, answer, turn_kind=kind)
            queued += self._queue.submit(turn)
        return queued


def _text(message: ChatMessage) -> str:
    return message.content or ""


def _turns(messages: list[ChatMessage]) -> list[Turn]:
    """Each user message with the last answer that followed it, in order."""
    turns: list[Turn] = []
    user: str | None = None
    answer = ""
    used_tools = False

    def close() -> None:
        if user is not None and answer.strip():
            kind = "tool_assisted_ordinary_chat" if used_tools else "ordinary_chat"
            turns.append((user, answer, kind))

    for message in messages:
        if message.role == MessageRole.USER:
            close()
            user, answer, used_tools = _text(message), "", False
        elif message.role == MessageRole.TOOL:
            used_tools = True
        elif message.role in _ANSWER_ROLES and _text(message).strip():
            answer = _text(message)
    close()
    return turns
