"""LangChain: a runnable that gives any chat model or message chain long-term memory.

``with_long_term_memory(runnable, engine, queue=...)`` recalls for the latest user message
and injects the memory system message into the input before calling ``runnable``, then
queues extraction of the finished turn (after a stream, with the concatenated answer).
The user and conversation ids come from ``config["configurable"]``; without a
conversation id the turn counts as a draft and nothing is extracted.
It is a plain runnable: no ``RunnableWithMessageHistory`` (deprecated), no chat history;
composed with one, the memory message never lands in the saved history. The memory
tools (``memory_tools``) live in :mod:`memory_plugins.adapters.langchain_tools`.

>>> from langgraph.store.memory import InMemoryStore
>>> from memory_plugins import MemoryConfig, MemoryEngine
>>> from memory_plugins.testing import ScriptedChatModel
>>> engine = MemoryEngine(InMemoryStore(), MemoryConfig(principal_secret="0123456789abcdef"))
>>> chat = with_long_term_memory(ScriptedChatModel(["Hello!"]), engine)
>>> chat.invoke("hi", {"configurable": {"user_id": "alice"}}).content
'Hello!'
"""

import functools
from collections.abc import AsyncIterator, Iterator, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from pydantic import ConfigDict, PrivateAttr

from memory_plugins.adapters._once import WarnOnce
from memory_plugins.engine import MemoryEngine, RecallResult, require_engine
from memory_plugins.errors import ConfigurationError, MissingExtraError, WrongTypeError
from memory_plugins.extraction import ExtractionQueue, TurnInput
from memory_plugins.principals import PrincipalLike, principal_id

try:
    from langchain_core.callbacks import (
        AsyncCallbackManagerForChainRun,
        CallbackManagerForChainRun,
    )
    from langchain_core.messages import BaseMessage, HumanMessage, convert_to_messages
    from langchain_core.prompt_values import PromptValue
    from langchain_core.runnables import (
        Runnable,
        RunnableBinding,
        RunnableConfig,
        RunnableSequence,
        RunnableSerializable,
    )
    from langchain_core.runnables.history import RunnableWithMessageHistory

    from memory_plugins.adapters._messages import (
        finished_turn,
        is_memory_message,
        latest_user_text,
        message_text,
        principal_from,
        require_principal,
        scope_id,
        with_memory,
    )
    from memory_plugins.adapters._runs import arecall_run, extraction_run, recall_run
    from memory_plugins.adapters.langchain_tools import MemoryTool, memory_tools
except ImportError as exc:  # pragma: no cover - exercised only without the extra
    raise MissingExtraError(
        "the LangChain adapter", "langchain", exc.name or "langchain-core"
    ) from exc

__all__ = ["LongTermMemoryRunnable", "MemoryTool", "memory_tools", "with_long_term_memory"]


_INPUT_KEYS = ("messages", "input", "question")  # looked for, in order, in a dict input
_HISTORY_KEYS = ("history", "chat_history")


@dataclass(frozen=True, slots=True)
class _Turn:
    principal: PrincipalLike
    conversation_id: str | None
    user_text: str
    input: Any
    """What the caller passed; the memory is added to a copy."""
    slot: str | None
    """The input key whose message list carries the memory (``None``: the input itself)."""
    carrier: list[BaseMessage]
    """The message list the memory message is inserted into."""
    agent: str | None = None
    """The assistant id the run names (its memories of the user are recalled and written)."""
    org: str | None = None
    """The organisation id the run names (its shared memories are recalled, never written)."""


class LongTermMemoryRunnable(RunnableSerializable[Any, Any]):
    """``bound`` with recall and injection before it and extraction queued after it.

    Input: a list of messages (or message-likes), a string, a ``PromptValue``, or a dict
    for a prompt template: ``{"messages": [...]}`` or ``{"input"|"question": str, "history":
    [...]}`` (see :func:`with_long_term_memory` for the keys). Output: whatever ``bound``
    returns. Build it with :func:`with_long_term_memory`.
    """

    bound: Runnable[Any, Any]
    engine: MemoryEngine
    queue: ExtractionQueue | None = None
    user_key: str = "user_id"
    agent_key: str | None = "agent_id"
    org_key: str | None = "org_id"
    conversation_key: str = "conversation_id"
    input_messages_key: str | None = None
    history_messages_key: str | None = None
    memory_messages_key: str | None = None
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
        self._submit(turn, output, config)
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
        self._submit(turn, output, config)
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
        self._submit(turn, answer, config)  # only reached when the stream completed

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
        self._submit(turn, answer, config)

    def _prepare(self, input: Any, config: RunnableConfig) -> _Turn:
        turn = self._read(input, config)
        recalled = (
            recall_run(
                self.engine, turn.principal, turn.user_text, config, agent=turn.agent, org=turn.org
            )
            if turn.user_text
            else None
        )
        return self._inject(turn, recalled)

    async def _aprepare(self, input: Any, config: RunnableConfig) -> _Turn:
        turn = self._read(input, config)
        recalled = (
            await arecall_run(
                self.engine, turn.principal, turn.user_text, config, agent=turn.agent, org=turn.org
            )
            if turn.user_text
            else None
        )
        return self._inject(turn, recalled)

    def _read(self, input: Any, config: RunnableConfig) -> _Turn:
        turn = self._read_turn(input, config)
        configurable = config.get("configurable") or {}
        agent = scope_id(self.agent_key, configurable)
        org = scope_id(self.org_key, configurable) if self.engine.config.org_scope else None
        return replace(turn, agent=agent, org=org)

    def _read_turn(self, input: Any, config: RunnableConfig) -> _Turn:
        configurable = config.get("configurable") or {}
        how = f"call it with config={{'configurable': {{{self.user_key!r}: ...}}}}"
        principal = require_principal(self.user_key, configurable, how=how)
        conversation = principal_from(configurable, self.conversation_key)
        if conversation is None and self.conversation_key == "conversation_id":
            conversation = principal_from(configurable, "thread_id")  # as the other adapters
        if not isinstance(input, Mapping):
            messages = _messages_of(input)
            return _Turn(principal, conversation, latest_user_text(messages), input, None, messages)
        key = self.input_messages_key or next((k for k in _INPUT_KEYS if k in input), None)
        if key is None or key not in input:
            raise ConfigurationError(
                f"with_long_term_memory: the input has none of the keys "
                f"{[self.input_messages_key] if self.input_messages_key else list(_INPUT_KEYS)}; "
                "pass input_messages_key= naming the key that holds the user's message"
            )
        value = input[key]
        question = None if isinstance(value, str) else _messages_of(value)
        user_text = value if question is None else latest_user_text(question)
        if self.memory_messages_key is not None:
            return _Turn(principal, conversation, user_text, input, self.memory_messages_key, [])
        history = self.history_messages_key or next((k for k in _HISTORY_KEYS if k in input), None)
        if history is not None:
            carrier = convert_to_messages(input.get(history) or [])
            return _Turn(principal, conversation, user_text, input, history, carrier)
        if question is None:
            raise ConfigurationError(
                f"with_long_term_memory: the input {key!r} is a string and the input has no "
                "message list to carry the memory message; pass history_messages_key= (the "
                "MessagesPlaceholder your prompt fills with the history) or memory_messages_key= "
                "(a MessagesPlaceholder(..., optional=True) of its own after the system prompt)"
            )
        return _Turn(principal, conversation, user_text, input, key, question)

    def _inject(self, turn: _Turn, recalled: RecallResult | None) -> _Turn:
        text = recalled.message if recalled is not None else None
        value: Any
        if turn.slot is None:  # a lone message goes on as a list, which every chat model takes
            single = isinstance(turn.input, BaseMessage)
            value = with_memory(turn.carrier, text) if text or single else turn.input
        elif turn.slot == self.memory_messages_key:  # always filled, so the placeholder is too
            value = {**turn.input, turn.slot: with_memory([], text) if text else []}
        else:
            value = (
                {**turn.input, turn.slot: with_memory(turn.carrier, text)} if text else turn.input
            )
        return replace(turn, input=value)

    def _submit(self, turn: _Turn, output: Any, config: RunnableConfig) -> None:
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
        queue, job = (
            self.queue,
            TurnInput(
                principal_id(turn.principal),
                turn.conversation_id,
                turn.user_text,
                answer,
                agent_id=turn.agent,  # never the org: extraction writes only the user's scopes
            ),
        )
        extraction_run(lambda context: queue.submit(job, context=context), config)


def with_long_term_memory(
    runnable: Runnable[Any, Any],
    engine: MemoryEngine,
    *,
    queue: ExtractionQueue | None = None,
    user_key: str = "user_id",
    agent_key: str | None = "agent_id",
    org_key: str | None = "org_id",
    conversation_key: str = "conversation_id",
    input_messages_key: str | None = None,
    history_messages_key: str | None = None,
    memory_messages_key: str | None = None,
) -> LongTermMemoryRunnable:
    """Wrap a chat model or message chain with recall before it and extraction after it.

    ``queue`` (an ``ExtractionQueue`` over ``engine``) receives each finished turn; without
    it memory is read-only. ``user_key`` / ``conversation_key`` name the ids in
    ``config["configurable"]``; without a ``conversation_id`` there, the ``thread_id`` is the
    conversation, as for the tools and the LangGraph adapter. ``agent_key`` names the
    assistant id there: recall adds what that assistant keeps about the user, and
    extraction writes there. ``org_key`` names the organisation, read only when
    ``MemoryConfig(org_scope=True)``: recall adds its shared memories, never written.

    A dict input is read like ``RunnableWithMessageHistory`` reads it: the user's message
    is under ``input_messages_key`` (default: the first of ``messages``, ``input``,
    ``question``), a string or a message list; the memory message goes to the head of the
    history under ``history_messages_key`` (default: ``history`` or ``chat_history`` when
    present), else into the message list itself; ``memory_messages_key`` gives it a
    ``MessagesPlaceholder`` of its own instead. Wrapped around a history wrapper, the
    memory message is stripped from what that wrapper saves: it never lands in history.

    >>> from langgraph.store.memory import InMemoryStore
    >>> from memory_plugins import MemoryConfig, MemoryEngine
    >>> from memory_plugins.testing import ScriptedChatModel
    >>> engine = MemoryEngine(InMemoryStore(), MemoryConfig(principal_secret="0123456789abcdef"))
    >>> chat = with_long_term_memory(ScriptedChatModel(["Hi!"]), engine)
    >>> [chunk.content for chunk in chat.stream([("user", "hi")], {"configurable": {"user_id": "bob"}})]
    ['Hi!']
    """
    require_engine(engine, "with_long_term_memory")
    if queue is not None and not isinstance(queue, ExtractionQueue):
        raise WrongTypeError(
            f"with_long_term_memory: queue= takes an ExtractionQueue, got "
            f"{type(queue).__name__}; pass queue=ExtractionQueue(engine, extractor_model) "
            "(a chat model goes into the queue as its extractor)"
        )
    if queue is not None and queue.engine is not engine:
        raise ConfigurationError(
            "with_long_term_memory: the queue must be built over the same engine"
        )
    return LongTermMemoryRunnable(
        bound=_history_without_memory(runnable),
        engine=engine,
        queue=queue,
        user_key=user_key,
        agent_key=agent_key,
        org_key=org_key,
        conversation_key=conversation_key,
        input_messages_key=input_messages_key,
        history_messages_key=history_messages_key,
        memory_messages_key=memory_messages_key,
    )


def _messages_of(value: Any) -> list[BaseMessage]:
    if isinstance(value, BaseMessage):
        return [value]
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


def _history_without_memory(runnable: Runnable[Any, Any]) -> Runnable[Any, Any]:
    """``runnable`` with every ``RunnableWithMessageHistory`` in it saving no memory message.

    Looks through sequences and bindings (what ``|``, ``with_config`` and ``bind`` build).
    """
    if isinstance(runnable, RunnableWithMessageHistory):
        factory = runnable.get_session_history

        @functools.wraps(factory)  # the wrapper reads the factory's parameter names
        def session_history(*args: Any, **kwargs: Any) -> _MemoryFreeHistory:
            return _MemoryFreeHistory(factory(*args, **kwargs))

        return runnable.model_copy(update={"get_session_history": session_history})
    if isinstance(runnable, RunnableSequence):
        steps = [_history_without_memory(step) for step in runnable.steps]
        if all(new is old for new, old in zip(steps, runnable.steps, strict=True)):
            return runnable
        return RunnableSequence(*steps, name=runnable.name)
    if isinstance(runnable, RunnableBinding):
        inner = _history_without_memory(runnable.bound)
        return runnable if inner is runnable.bound else runnable.model_copy(update={"bound": inner})
    return runnable


class _MemoryFreeHistory:
    """A chat history that drops memory system messages on the way in."""

    def __init__(self, inner: Any) -> None:
        self.inner = inner

    @property
    def messages(self) -> list[BaseMessage]:
        return list(self.inner.messages)

    async def aget_messages(self) -> list[BaseMessage]:
        return list(await self.inner.aget_messages())

    def add_messages(self, messages: Sequence[BaseMessage]) -> None:
        self.inner.add_messages([m for m in messages if not is_memory_message(m)])

    async def aadd_messages(self, messages: Sequence[BaseMessage]) -> None:
        await self.inner.aadd_messages([m for m in messages if not is_memory_message(m)])

    def clear(self) -> None:
        self.inner.clear()

    async def aclear(self) -> None:
        await self.inner.aclear()

    def __getattr__(self, name: str) -> Any:  # anything else the caller's history offers
        return getattr(self.inner, name)


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
