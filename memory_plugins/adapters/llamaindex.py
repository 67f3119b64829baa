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

import copy
import logging
import threading
from collections import OrderedDict
from collections.abc import Callable, Coroutine
from typing import Any

from memory_plugins.config import GateConfig
from memory_plugins.engine import MemoryEngine, require_engine
from memory_plugins.errors import ConfigurationError, MissingExtraError
from memory_plugins.extraction import Extraction, ExtractionQueue, MemoryExtractor, TurnInput
from memory_plugins.extraction.prompt import CANDIDATES_SCHEMA
from memory_plugins.outcomes import EngineStats
from memory_plugins.principals import PrincipalLike, principal_id, run_principal
from memory_plugins.tools import (
    RECALL_ARGS_SCHEMA,
    RECALL_DESCRIPTION,
    REMEMBER_ARGS_SCHEMA,
    REMEMBER_DESCRIPTION,
    SUPPRESS_ARGS_SCHEMA,
    SUPPRESS_DESCRIPTION,
    ToolCaller,
    arecall,
    aremember,
    asuppress,
    unexpected_arguments,
)

try:
    from llama_index.core.base.llms.types import ChatMessage, MessageRole
    from llama_index.core.bridge.pydantic import BaseModel, ConfigDict, Field, PrivateAttr
    from llama_index.core.llms import LLM
    from llama_index.core.memory import BaseMemoryBlock, Memory
    from llama_index.core.tools import FunctionTool
    from llama_index.core.workflow import Context
except ImportError as exc:  # pragma: no cover - exercised only without the extra
    raise MissingExtraError(
        "the LlamaIndex adapter", "llamaindex", exc.name or "llama-index-core"
    ) from exc

__all__ = ["LlamaIndexExtractor", "LongTermMemoryBlock", "memory_function_tools"]

logger = logging.getLogger("memory_plugins.extraction")

_SEEN_TURNS = 4096  # LRU bound on the turns already queued, so a turn is extracted once
_ANSWER_ROLES = (MessageRole.ASSISTANT, MessageRole.CHATBOT, MessageRole.MODEL)

Turn = tuple[str, str, str]
"""``(user_text, assistant_text, turn_kind)``."""


class LongTermMemoryBlock(BaseMemoryBlock[list[ChatMessage]]):
    """Validated long-term memory of one user, as a ``Memory`` block.

    ``engine`` recalls and stores; ``queue`` (an ``ExtractionQueue`` over ``engine``)
    extracts; without a queue the block only recalls. ``user_id`` is the verified user: a
    ``Principal`` from ``KeyRing.verify`` or a ``str`` id (any other type is refused; the
    field then holds the principal's id). ``agent_id`` (the agent this ``Memory`` serves)
    recalls what that agent keeps about the user and extracts into it, apart from other
    agents'; ``org_id`` adds the organisation's shared memories to recall (only with
    ``MemoryConfig(org_scope=True)``; extraction never writes there).

    >>> from langgraph.store.memory import InMemoryStore
    >>> from memory_plugins import MemoryConfig, MemoryEngine
    >>> engine = MemoryEngine(InMemoryStore(), MemoryConfig(principal_secret="0123456789abcdef"))
    >>> LongTermMemoryBlock(engine=engine, user_id="alice").name
    'long_term_memory'
    """

    name: str = Field(default="long_term_memory", description="The name of the memory block.")
    user_id: str = Field(description="The user (principal) whose memory this block holds.")
    agent_id: str | None = Field(default=None, description="The agent whose memories it keeps.")
    org_id: str | None = Field(
        default=None, description="The organisation whose memories it reads."
    )

    _engine: MemoryEngine = PrivateAttr()
    _principal: PrincipalLike = PrivateAttr()
    _queue: ExtractionQueue | None = PrivateAttr(default=None)
    _seen: "OrderedDict[tuple[str, str, str, str], None]" = PrivateAttr(default_factory=OrderedDict)
    _seen_lock: threading.Lock = PrivateAttr(default_factory=threading.Lock)

    def __init__(
        self,
        *,
        engine: MemoryEngine,
        user_id: PrincipalLike,
        queue: ExtractionQueue | None = None,
        **data: Any,
    ) -> None:
        principal = run_principal(user_id, "user_id")
        if principal is None:
            raise ConfigurationError("LongTermMemoryBlock needs the user: pass user_id=...")
        require_engine(engine, "LongTermMemoryBlock")
        if queue is not None and queue.engine is not engine:
            raise ConfigurationError(
                "LongTermMemoryBlock: the queue must be built over the same engine"
            )
        super().__init__(user_id=principal_id(principal), **data)
        if self.org_id is not None and not engine.config.org_scope:
            raise ConfigurationError(
                "LongTermMemoryBlock: org_id= needs the shared organisation scope: "
                "MemoryConfig(org_scope=True)"
            )
        self._principal = principal
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
        result = await self._engine.arecall(
            self._principal, query, agent=self.agent_id, org=self.org_id
        )
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
            with self._seen_lock:  # two threads handing over one session queue a turn once
                if seen in self._seen:
                    continue
                self._seen[seen] = None
                while len(self._seen) > _SEEN_TURNS:
                    self._seen.popitem(last=False)
            turn = TurnInput(
                self.user_id,
                conversation,
                user_text,
                answer,
                turn_kind=kind,
                agent_id=self.agent_id,
            )
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


# -- extraction through a LlamaIndex LLM -------------------------------------------------------


def _schema_of(schema: dict[str, Any]) -> Callable[[dict[str, Any]], None]:
    def replace(generated: dict[str, Any]) -> None:
        generated.clear()
        generated.update(copy.deepcopy(schema))

    return replace


class _Candidates(BaseModel):
    """The structured output asked for: the S1 candidate list, each item kept as raw JSON."""

    # Items stay dicts so the gates see exactly what the model proposed (an undeclared
    # field is a `schema` rejection there); the schema the LLM is shown is the S1 one.
    model_config = ConfigDict(json_schema_extra=_schema_of(CANDIDATES_SCHEMA))

    candidates: list[dict[str, Any]]


class LlamaIndexExtractor(MemoryExtractor):
    """Proposes memory candidates for a turn with any LlamaIndex ``LLM``.

    Uses LlamaIndex's structured output (``llm.as_structured_llm``: function calling where
    the LLM has it, JSON in text otherwise) with the same bounded prompt and S1 schema as
    :class:`~memory_plugins.MemoryExtractor`, so a LlamaIndex app needs no second model
    client. Output that does not parse is counted (``malformed``) and yields nothing;
    errors of the LLM itself propagate to the ``ExtractionQueue``, which counts them.

    >>> from memory_plugins.testing import ScriptedLLM
    >>> extractor = LlamaIndexExtractor(ScriptedLLM(responses=['{"candidates": []}']))
    >>> extractor.extract(TurnInput("alice", "c-1", "What time is it?", "Noon."))
    []
    """

    def __init__(self, llm: LLM, *, gates: GateConfig | None = None) -> None:
        if gates is not None and not isinstance(gates, GateConfig):
            raise ConfigurationError(
                f"LlamaIndexExtractor gates must be a GateConfig or None, got {type(gates).__name__}"
            )
        if not isinstance(llm, LLM):
            raise ConfigurationError(
                f"LlamaIndexExtractor needs a LlamaIndex LLM, got {type(llm).__name__}; "
                "for a LangChain chat model use MemoryExtractor"
            )
        # Not the parent's __init__: that one wraps a LangChain model's structured output.
        self.model = llm
        self.method = "json_schema"
        self.gates = gates
        self.stats = EngineStats()
        self._structured = llm.as_structured_llm(_Candidates)
        self._detectors = None

    def chat_messages(
        self, turn: TurnInput, *, gates: GateConfig | None = None
    ) -> list[ChatMessage]:
        """The exact messages the LLM is sent for ``turn`` (bounded, safe context)."""
        roles = {"system": MessageRole.SYSTEM, "human": MessageRole.USER}
        pairs = self.messages(turn, gates=gates)
        return [ChatMessage(role=roles[role], content=text) for role, text in pairs]

    def run(self, turn: TurnInput, *, gates: GateConfig | None = None) -> Extraction:
        """Call the LLM once and read its structured output; LLM errors propagate."""
        try:
            response = self._structured.chat(self.chat_messages(turn, gates=gates))
        except ValueError as exc:  # LlamaIndex could not parse the output as the schema
            return self._unparsed(exc)
        return self._read(response.message.content or "")

    async def arun(self, turn: TurnInput, *, gates: GateConfig | None = None) -> Extraction:
        """Async twin of :meth:`run`."""
        try:
            response = await self._structured.achat(self.chat_messages(turn, gates=gates))
        except ValueError as exc:
            return self._unparsed(exc)
        return self._read(response.message.content or "")

    def _unparsed(self, exc: ValueError) -> Extraction:
        self.stats.incr("calls")
        self.stats.incr("malformed")
        logger.warning("memory extraction: malformed LLM output (%s)", type(exc).__name__)
        return Extraction(malformed=f"output does not match the schema ({type(exc).__name__})")


# -- memory tools ------------------------------------------------------------------------------


def _args_model(name: str, schema: dict[str, Any]) -> type[BaseModel]:
    # The tool's parameters as the LLM sees them; its arguments reach the gates unparsed.
    return type(
        name, (BaseModel,), {"model_config": ConfigDict(json_schema_extra=_schema_of(schema))}
    )


ToolFn = Callable[..., Coroutine[Any, Any, str]]


def memory_function_tools(
    engine: MemoryEngine,
    *,
    user_id: PrincipalLike | None = None,
    conversation_id: str | None = None,
    user_key: str = "user_id",
    conversation_key: str = "conversation_id",
    agent_id: str | None = None,
    org_id: str | None = None,
) -> list[FunctionTool]:
    """``remember``, ``recall`` and ``suppress`` as LlamaIndex ``FunctionTool`` s.

    The user is ``user_id`` (verified by your app, as for :class:`LongTermMemoryBlock`) or,
    without it, read from the workflow ``Context`` of the agent run
    (``await ctx.store.set("user_id", ...)``); the conversation likewise from
    ``conversation_id`` or ``ctx.store`` (without one, writes are refused as drafts). Never
    from the tool's arguments. Writes pass the S1 schema and every gate; the answer states
    the outcome and reason code, never a refused value. ``agent_id``: the tools read and
    write that agent's memories of the user (``LongTermMemoryBlock``'s); ``org_id``:
    ``recall`` adds the organisation's shared memories (never written by a tool).

    >>> from langgraph.store.memory import InMemoryStore
    >>> from memory_plugins import MemoryConfig, MemoryEngine
    >>> engine = MemoryEngine(InMemoryStore(), MemoryConfig(principal_secret="0123456789abcdef"))
    >>> tools = memory_function_tools(engine, user_id="alice", conversation_id="s-1")
    >>> [t.metadata.name for t in tools]
    ['remember', 'recall', 'suppress']
    >>> tools[1].call(query="tea").content
    'No stored memory about the user matches this query.'
    """
    if not isinstance(engine, MemoryEngine):
        raise ConfigurationError(
            f"memory_function_tools needs a MemoryEngine, got {type(engine).__name__}"
        )
    fixed = run_principal(user_id, "user_id")
    if user_id is not None and fixed is None:
        raise ConfigurationError("memory_function_tools: user_id must not be empty")

    if org_id is not None and not engine.config.org_scope:
        raise ConfigurationError(
            "memory_function_tools: org_id= needs the shared organisation scope: "
            "MemoryConfig(org_scope=True)"
        )

    async def caller_of(ctx: Context | None) -> ToolCaller:
        if fixed is not None:
            return ToolCaller(fixed, conversation_id, agent_id, org_id)
        assert ctx is not None  # the tools below take a Context exactly when user_id is None
        principal = run_principal(await ctx.store.get(user_key, default=None), user_key)
        if principal is None:
            raise ConfigurationError(
                f"memory tools need the user: build them with user_id=..., or set it on the "
                f"agent's Context: await ctx.store.set({user_key!r}, ...)"
            )
        conversation = conversation_id or await ctx.store.get(conversation_key, default=None)
        return ToolCaller(principal, str(conversation) if conversation else None, agent_id, org_id)

    async def remember_in(ctx: Context | None, arguments: dict[str, Any]) -> str:
        return await aremember(engine, await caller_of(ctx), arguments)

    async def recall_in(ctx: Context | None, query: str, unexpected: dict[str, Any]) -> str:
        if unexpected:
            return unexpected_arguments("recall", unexpected)
        return await arecall(engine, await caller_of(ctx), query)

    async def suppress_in(ctx: Context | None, key: str, unexpected: dict[str, Any]) -> str:
        if unexpected:
            return unexpected_arguments("suppress", unexpected)
        return await asuppress(engine, await caller_of(ctx), key)

    fns: tuple[ToolFn, ToolFn, ToolFn]
    if user_id is not None:

        async def remember(**arguments: Any) -> str:
            return await remember_in(None, arguments)

        async def recall(query: str = "", **unexpected: Any) -> str:
            return await recall_in(None, query, unexpected)

        async def suppress(key: str = "", **unexpected: Any) -> str:
            return await suppress_in(None, key, unexpected)

        fns = (remember, recall, suppress)
    else:

        async def remember_ctx(ctx: Context, **arguments: Any) -> str:
            return await remember_in(ctx, arguments)

        async def recall_ctx(ctx: Context, query: str = "", **unexpected: Any) -> str:
            return await recall_in(ctx, query, unexpected)

        async def suppress_ctx(ctx: Context, key: str = "", **unexpected: Any) -> str:
            return await suppress_in(ctx, key, unexpected)

        fns = (remember_ctx, recall_ctx, suppress_ctx)
    specs = (
        ("remember", REMEMBER_DESCRIPTION, REMEMBER_ARGS_SCHEMA),
        ("recall", RECALL_DESCRIPTION, RECALL_ARGS_SCHEMA),
        ("suppress", SUPPRESS_DESCRIPTION, SUPPRESS_ARGS_SCHEMA),
    )
    return [
        FunctionTool.from_defaults(
            async_fn=fn, name=name, description=text, fn_schema=_args_model(name, schema)
        )
        for fn, (name, text, schema) in zip(fns, specs, strict=True)
    ]
