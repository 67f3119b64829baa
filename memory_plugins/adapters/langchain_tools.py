"""LangChain tools: ``remember``, ``recall`` and ``suppress`` over one engine, validated.

Thin wrappers over :mod:`memory_plugins.tools`: a write passes the S1 schema and every
gate, and the model reads the outcome and reason code, never a refused value. The user
and the conversation come from the run (runtime context or ``configurable``), never from
the tool's arguments. Also importable from :mod:`memory_plugins.adapters.langchain`.

>>> from langgraph.store.memory import InMemoryStore
>>> from memory_plugins import MemoryConfig, MemoryEngine
>>> engine = MemoryEngine(InMemoryStore(), MemoryConfig(principal_secret="0123456789abcdef"))
>>> remember, recall, suppress = memory_tools(engine)
>>> recall.invoke({"query": "tea"}, {"configurable": {"user_id": "alice"}})
'No stored memory about the user matches this query.'
"""

from typing import Any

from pydantic import ConfigDict

from memory_plugins.engine import MemoryEngine
from memory_plugins.errors import ConfigurationError, MissingExtraError
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
    recall,
    remember,
    suppress,
    unexpected_arguments,
)

try:
    from langchain_core.runnables import RunnableConfig
    from langchain_core.tools import BaseTool

    from memory_plugins.adapters._messages import principal_from, require_principal, scope_id
except ImportError as exc:  # pragma: no cover - exercised only without the extra
    raise MissingExtraError(
        "the LangChain memory tools", "langchain", exc.name or "langchain-core"
    ) from exc

__all__ = ["MemoryTool", "memory_tools"]


class MemoryTool(BaseTool):
    """A memory tool (``remember`` / ``recall`` / ``suppress``) over one engine.

    The user comes from the LangGraph runtime context (``context_schema``) or
    ``config["configurable"][user_key]``, the conversation from
    ``configurable[conversation_key]`` or the ``thread_id``: never from the tool's
    arguments. Build them with :func:`memory_tools`.
    """

    source: Any
    """A ``MemoryEngine``, or a ``LongTermMemory`` (the engine over the graph's store)."""
    user_key: str = "user_id"
    agent_key: str | None = "agent_id"
    org_key: str | None = "org_id"
    conversation_key: str = "conversation_id"
    args_schema: Any = None

    model_config = ConfigDict(arbitrary_types_allowed=True)

    def _bind(self, config: RunnableConfig) -> tuple[MemoryEngine, ToolCaller]:
        configurable = config.get("configurable") or {}
        context = _runtime_context()
        key = self.user_key
        how = (
            f"invoke the agent with config={{'configurable': {{{key!r}: ...}}}} "
            f"or context={{{key!r}: ...}}"
        )
        principal = require_principal(key, context, configurable, how=how)  # as LongTermMemory
        conversation = principal_from(configurable, self.conversation_key) or principal_from(
            configurable, "thread_id"
        )
        engine = _engine_of(self.source)
        agent = scope_id(self.agent_key, context, configurable)
        org = scope_id(self.org_key, context, configurable) if engine.config.org_scope else None
        return engine, ToolCaller(principal, conversation, agent, org)


class _RememberTool(MemoryTool):
    name: str = "remember"
    description: str = REMEMBER_DESCRIPTION
    args_schema: Any = REMEMBER_ARGS_SCHEMA

    def _run(self, config: RunnableConfig, **arguments: Any) -> str:
        engine, caller = self._bind(config)
        return remember(engine, caller, arguments)

    async def _arun(self, config: RunnableConfig, **arguments: Any) -> str:
        engine, caller = self._bind(config)
        return await aremember(engine, caller, arguments)


class _RecallTool(MemoryTool):
    name: str = "recall"
    description: str = RECALL_DESCRIPTION
    args_schema: Any = RECALL_ARGS_SCHEMA

    def _run(self, config: RunnableConfig, query: str = "", **unexpected: Any) -> str:
        if unexpected:
            return unexpected_arguments(self.name, unexpected)
        engine, caller = self._bind(config)
        return recall(engine, caller, query)

    async def _arun(self, config: RunnableConfig, query: str = "", **unexpected: Any) -> str:
        if unexpected:
            return unexpected_arguments(self.name, unexpected)
        engine, caller = self._bind(config)
        return await arecall(engine, caller, query)


class _SuppressTool(MemoryTool):
    name: str = "suppress"
    description: str = SUPPRESS_DESCRIPTION
    args_schema: Any = SUPPRESS_ARGS_SCHEMA

    def _run(self, config: RunnableConfig, key: str = "", **unexpected: Any) -> str:
        if unexpected:
            return unexpected_arguments(self.name, unexpected)
        engine, caller = self._bind(config)
        return suppress(engine, caller, key)

    async def _arun(self, config: RunnableConfig, key: str = "", **unexpected: Any) -> str:
        if unexpected:
            return unexpected_arguments(self.name, unexpected)
        engine, caller = self._bind(config)
        return await asuppress(engine, caller, key)


def memory_tools(
    engine: Any,
    *,
    user_key: str = "user_id",
    conversation_key: str = "conversation_id",
) -> list[MemoryTool]:
    """``remember``, ``recall`` and ``suppress`` as LangChain tools for an agent.

    ``engine`` is a ``MemoryEngine``, or a LangGraph ``LongTermMemory`` (or the
    ``LongTermMemoryMiddleware``'s ``memory``) to use the store the graph was compiled
    with. Writes pass the S1 schema and every gate; the answer states the outcome and
    reason code, never a refused value.

    >>> from langgraph.store.memory import InMemoryStore
    >>> from memory_plugins import MemoryConfig, MemoryEngine
    >>> engine = MemoryEngine(InMemoryStore(), MemoryConfig(principal_secret="0123456789abcdef"))
    >>> tools = memory_tools(engine)
    >>> [t.name for t in tools]
    ['remember', 'recall', 'suppress']
    >>> tools[1].invoke({"query": "tea"}, {"configurable": {"user_id": "alice"}})
    'No stored memory about the user matches this query.'
    """
    if not isinstance(engine, MemoryEngine) and not callable(getattr(engine, "engine_for", None)):
        raise ConfigurationError(
            f"memory_tools needs a MemoryEngine or a LongTermMemory, got {type(engine).__name__}"
        )
    common = {"source": engine, "user_key": user_key, "conversation_key": conversation_key}
    return [_RememberTool(**common), _RecallTool(**common), _SuppressTool(**common)]


def _engine_of(source: Any) -> MemoryEngine:
    if isinstance(source, MemoryEngine):
        return source
    from langgraph.config import get_store

    try:
        store = get_store()
    except RuntimeError as exc:  # called outside a graph: there is no injected store
        raise ConfigurationError(
            "memory tools over a LongTermMemory run inside a graph compiled with a store "
            "(create_agent(..., store=...) or builder.compile(store=...)); outside one, "
            "build them over a MemoryEngine"
        ) from exc
    engine: MemoryEngine = source.engine_for(store)
    return engine


def _runtime_context() -> Any:
    try:
        from langgraph.runtime import get_runtime
    except ImportError:  # LangGraph is optional here: configurable alone then
        return None
    try:
        runtime = get_runtime()
    except RuntimeError:  # not inside a graph run
        return None
    return getattr(runtime, "context", None)
