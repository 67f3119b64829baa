"""LangChain: a runnable that gives any chat model or message chain long-term memory.

``with_long_term_memory(runnable, engine, queue=...)`` recalls for the latest user message
and injects the memory system message into the input before calling ``runnable``, then
queues extraction of the finished turn (after a stream, with the concatenated answer).
The user and conversation ids come from ``config["configurable"]``; without a
conversation id the turn counts as a draft and nothing is extracted.
It is a plain runnable: no ``RunnableWithMessageHistory`` (deprecated), no chat history.

>>> from langgraph.store.memory import InMemoryStore
>>> from memory_plugins import MemoryConfig, MemoryEngine
>>> from memory_plugins.testing import ScriptedChatModel
>>> engine = MemoryEngine(InMemoryStore(), MemoryConfig(principal_secret="0123456789abcdef"))
>>> chat = with_long_term_memory(ScriptedChatModel(["Hello!"]), engine)
>>> chat.invoke("hi", {"configurable": {"user_id": "alice"}}).content
'Hello!'
"""

from collections.abc import AsyncIterator, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from pydantic import ConfigDict, PrivateAttr

from memory_plugins.adapters._once import WarnOnce
from memory_plugins.arguments import require_engine
from memory_plugins.engine import MemoryEngine, RecallResult
from memory_plugins.errors import ConfigurationError, MissingExtraError
from memory_plugins.extraction import ExtractionQueue, TurnInput

try:
    from langchain_core.callbacks import (
        AsyncCallbackManagerForChainRun,
        CallbackManagerForChainRun,
    )
    from langchain_core.messages import BaseMessage, HumanMessage, convert_to_messages
    from langchain_core.prompt_values import PromptValue
    from langchain_core.runnables import Runnable, RunnableConfig, RunnableSerializable

    from memory_plugins.adapters._messages import (
        finished_turn,
        latest_user_text,
        message_text,
        principal_from,
        require_principal,
        with_memory,
    )
except ImportError as exc:  # pragma: no cover - exercised only without the extra
    raise MissingExtraError(
        "the LangChain adapter", "langchain", exc.name or "langchain-core"
    ) from exc

__all__ = ["LongTermMemoryRunnable", "with_long_term_memory"]


@dataclass(frozen=True, slots=True)
class _Turn:
    principal: str
    conversation_id: str | None
    user_text: str
    messages: list[BaseMessage]
    input: Any
    """What the wrapped runnable receives: the caller's input with the memory added."""


class LongTermMemoryRunnable(RunnableSerializable[Any, Any]):
    """``bound`` with recall and injection before it and extraction queued after it.

    Input: a list of messages (or message-likes), a string, a ``PromptValue`` or a dict
    whose ``"messages"`` a prompt template places. Output: whatever ``bound`` returns.
    Build it with :func:`with_long_term_memory`.
    """

    bound: Runnable[Any, Any]
    engine: MemoryEngine
    queue: ExtractionQueue | None = None
    user_key: str = "user_id"
    conversation_key: str = "conversation_id"
    name: str | None = "long_term_memory"

    model_config = ConfigDict(arbitrary_types_allowed=True)

    _no_conversation: WarnOnce = PrivateAttr(default_factory=WarnOnce)

    # -- the runnable protocol --------------------------------------------------------------

    def invoke(self, input: Any, config: RunnableConfig | None = None, **kwargs: Any) -> Any:
        """Recall, call ``bound``, queue extraction; returns ``bound``'s output."""
        return self._call_with_config(self._invoke, input, config, **kwargs)

    async def ainvoke(self, input: Any, config: RunnableConfig | None = None, **kwargs: Any) -> Any:
        """Async twin of :meth:`invoke`."""
        return await self._acall_with_config(self._ainvoke, input, config, **kwargs)

    def stream(
        self, input: Any, config: RunnableConfig | None = None, **kwargs: Any
    ) -> Iterator[Any]:
        """Stream ``bound``'s chunks; extraction is queued once the stream completed."""
        yield from self._transform_stream_with_config(iter([input]), self._stream, config, **kwargs)

    async def astream(
        self, input: Any, config: RunnableConfig | None = None, **kwargs: Any
    ) -> AsyncIterator[Any]:
        """Async twin of :meth:`stream`."""

        async def single() -> AsyncIterator[Any]:
            yield input

        async for chunk in self._atransform_stream_with_config(
            single(), self._astream, config, **kwargs
        ):
            yield chunk

    # -- the work ---------------------------------------------------------------------------

    # The helpers below pass ``run_manager`` and the child ``config`` by keyword.
    def _invoke(
        self,
        input: Any,
        run_manager: CallbackManagerForChainRun,
        config: RunnableConfig,
        **kwargs: Any,
    ) -> Any:
        turn = self._prepare(input, config)
        output = self.bound.invoke(turn.input, config, **kwargs)
        self._submit(turn, output)
        return output

    async def _ainvoke(
        self,
        input: Any,
        run_manager: AsyncCallbackManagerForChainRun,
        config: RunnableConfig,
        **kwargs: Any,
    ) -> Any:
        turn = await self._aprepare(input, config)
        output = await self.bound.ainvoke(turn.input, config, **kwargs)
        self._submit(turn, output)
        return output

    def _stream(
        self,
        inputs: Iterator[Any],
        run_manager: CallbackManagerForChainRun,
        config: RunnableConfig,
        **kwargs: Any,
    ) -> Iterator[Any]:
        turn = self._prepare(next(inputs), config)
        answer: Any = None
        for chunk in self.bound.stream(turn.input, config, **kwargs):
            answer = _concat(answer, chunk)
            yield chunk
        self._submit(turn, answer)  # only reached when the stream completed

    async def _astream(
        self,
        inputs: AsyncIterator[Any],
        run_manager: AsyncCallbackManagerForChainRun,
        config: RunnableConfig,
        **kwargs: Any,
    ) -> AsyncIterator[Any]:
        turn = await self._aprepare(await anext(inputs), config)
        answer: Any = None
        async for chunk in self.bound.astream(turn.input, config, **kwargs):
            answer = _concat(answer, chunk)
            yield chunk
        self._submit(turn, answer)

    def _prepare(self, input: Any, config: RunnableConfig) -> _Turn:
        turn = self._read(input, config)
        recalled = self.engine.recall(turn.principal, turn.user_text) if turn.user_text else None
        return self._inject(turn, recalled)

    async def _aprepare(self, input: Any, config: RunnableConfig) -> _Turn:
        turn = self._read(input, config)
        recalled = (
            await self.engine.arecall(turn.principal, turn.user_text) if turn.user_text else None
        )
        return self._inject(turn, recalled)

    def _read(self, input: Any, config: RunnableConfig) -> _Turn:
        configurable = config.get("configurable") or {}
        how = f"call it with config={{'configurable': {{{self.user_key!r}: ...}}}}"
        principal = require_principal(self.user_key, configurable, how=how)
        messages = _messages_of(input)
        user_text = latest_user_text(messages)
        conversation = principal_from(configurable, self.conversation_key)
        return _Turn(principal, conversation, user_text, messages, input)

    @staticmethod
    def _inject(turn: _Turn, recalled: RecallResult | None) -> _Turn:
        if recalled is None or recalled.message is None:
            return turn
        messages = with_memory(turn.messages, recalled.message)
        value = turn.input
        new_input = {**value, "messages": messages} if isinstance(value, Mapping) else messages
        return _Turn(turn.principal, turn.conversation_id, turn.user_text, messages, new_input)

    def _submit(self, turn: _Turn, output: Any) -> None:
        answer = _answer_text(output)
        if self.queue is None or answer is None:
            return
        if turn.conversation_id is None:
            key = self.conversation_key
            self._no_conversation(
                f"long-term memory: no {key!r} in config['configurable'], so turns are not "
                f"extracted (a conversation without an id is a draft); invoke with "
                f"config={{'configurable': {{{self.user_key!r}: ..., {key!r}: ...}}}}"
            )
        self.queue.submit(TurnInput(turn.principal, turn.conversation_id, turn.user_text, answer))


def with_long_term_memory(
    runnable: Runnable[Any, Any],
    engine: MemoryEngine,
    *,
    queue: ExtractionQueue | None = None,
    user_key: str = "user_id",
    conversation_key: str = "conversation_id",
) -> LongTermMemoryRunnable:
    """Wrap a chat model or message chain with recall before it and extraction after it.

    ``queue`` (an ``ExtractionQueue`` over ``engine``) receives each finished turn; without
    it memory is read-only. ``user_key`` / ``conversation_key`` name the ids in
    ``config["configurable"]``.

    >>> from langgraph.store.memory import InMemoryStore
    >>> from memory_plugins import MemoryConfig, MemoryEngine
    >>> from memory_plugins.testing import ScriptedChatModel
    >>> engine = MemoryEngine(InMemoryStore(), MemoryConfig(principal_secret="0123456789abcdef"))
    >>> chat = with_long_term_memory(ScriptedChatModel(["Hi!"]), engine)
    >>> [chunk.content for chunk in chat.stream([("user", "hi")], {"configurable": {"user_id": "bob"}})]
    ['Hi!']
    """
    require_engine(engine, "with_long_term_memory")
    if queue is not None and queue.engine is not engine:
        raise ConfigurationError(
            "with_long_term_memory: the queue must be built over the same engine"
        )
    return LongTermMemoryRunnable(
        bound=runnable,
        engine=engine,
        queue=queue,
        user_key=user_key,
        conversation_key=conversation_key,
    )


def _messages_of(value: Any) -> list[BaseMessage]:
    if isinstance(value, PromptValue):
        return value.to_messages()
    if isinstance(value, str):
        return [HumanMessage(value)]
    if isinstance(value, Mapping) and "messages" in value:
        return convert_to_messages(value["messages"])
    if isinstance(value, Sequence):
        return convert_to_messages(value)
    raise ConfigurationError(
        "with_long_term_memory takes a list of messages, a string, a PromptValue or a dict "
        f"with 'messages'; got {type(value).__name__}"
    )


def _concat(answer: Any, chunk: Any) -> Any:
    if answer is None:
        return chunk
    try:
        return answer + chunk
    except TypeError:  # chunks that do not add up (e.g. dicts): the last one stands
        return chunk


def _answer_text(output: Any) -> str | None:
    if isinstance(output, str):
        return output
    if isinstance(output, BaseMessage):
        return message_text(output)
    if isinstance(output, Mapping) and isinstance(output.get("messages"), Sequence):
        turn = finished_turn(convert_to_messages(output["messages"]))
        return turn.assistant_text if turn is not None else None
    return None
