"""LangChain agents (``create_agent``): long-term memory as an ``AgentMiddleware``.

``create_agent(model, tools, middleware=[LongTermMemoryMiddleware(config, extractor=...)],
store=...)``: before every model call the middleware recalls for the latest user message
and adds the memory system message to that call's request only, so it never enters the
agent state, its checkpoints, the ``updates`` stream or streamed chunks. When the model's
answer ends the turn (no tool calls left) extraction of the turn is queued, off the
answer's path. Recall and the queueing of extraction show as the runs ``memory_recall`` and
``memory_extraction`` under the model call's run in LangChain's callbacks (LangSmith). The
middleware adds no node of its own (so the ``updates`` stream shows
only the agent's nodes) and works with ``invoke``, ``ainvoke``, ``stream`` and ``astream``.

The store is the one given to ``create_agent(store=...)``; the user comes from the runtime
context (``context_schema``) or ``config["configurable"]``; the conversation id is the
``thread_id`` (without a checkpointer nothing is persisted, so nothing is extracted).

>>> from langchain.agents import create_agent
>>> from langgraph.store.memory import InMemoryStore
>>> from memory_plugins import MemoryConfig
>>> from memory_plugins.testing import ScriptedChatModel
>>> memory = LongTermMemoryMiddleware(MemoryConfig(principal_secret="0123456789abcdef"))
>>> agent = create_agent(ScriptedChatModel(["Hi!"]), [], middleware=[memory], store=InMemoryStore())
>>> agent.invoke({"messages": [("user", "hello")]}, {"configurable": {"user_id": "alice"}}
...              )["messages"][-1].content
'Hi!'
"""

from collections.abc import Awaitable, Callable, Sequence
from typing import Any

from memory_plugins.clock import Clock
from memory_plugins.config import MemoryConfig
from memory_plugins.engine import MemoryEngine
from memory_plugins.errors import ConfigurationError, MissingExtraError
from memory_plugins.extraction import MemoryExtractor

try:
    from langchain.agents.middleware import AgentMiddleware, AgentState, ModelRequest
    from langchain_core.messages import convert_to_messages
    from langchain_core.runnables import Runnable, RunnableConfig
    from langchain_core.tools import BaseTool
    from langgraph.config import get_config

    from memory_plugins.adapters._messages import finished_turn, latest_user_text, with_memory
    from memory_plugins.adapters._runs import arecall_run, extraction_run, recall_run
    from memory_plugins.adapters.langchain_tools import memory_tools
    from memory_plugins.adapters.langgraph import LongTermMemory
except ImportError as exc:  # pragma: no cover - exercised only without the extra
    raise MissingExtraError(
        "the LangChain agent middleware", "langchain", exc.name or "langchain"
    ) from exc

__all__ = ["LongTermMemoryMiddleware"]

_NO_STORE = (
    "LongTermMemoryMiddleware needs a store: create_agent(model, tools, "
    "middleware=[...], store=InMemoryStore()) (or SqliteStore / PostgresStore)"
)


class LongTermMemoryMiddleware(AgentMiddleware[AgentState[Any], Any, Any]):
    """Recall before each model call, extraction after the final answer, for ``create_agent``.

    ``config`` and ``extractor`` (a ``MemoryExtractor`` or any LangChain chat model; without
    it nothing is extracted) build a :class:`~memory_plugins.adapters.langgraph.LongTermMemory`
    (one engine and one extraction queue per store); or pass ``memory=`` to share one.
    ``tools=True`` also gives the agent the ``remember`` / ``recall`` / ``suppress`` tools
    over the same store (validated like every other write).

    >>> from memory_plugins import MemoryConfig
    >>> middleware = LongTermMemoryMiddleware(MemoryConfig(principal_secret="0123456789abcdef"),
    ...                                       tools=True)
    >>> [tool.name for tool in middleware.tools]
    ['remember', 'recall', 'suppress']
    """

    def __init__(
        self,
        config: MemoryConfig | None = None,
        *,
        extractor: MemoryExtractor | Runnable[Any, Any] | None = None,
        memory: LongTermMemory | None = None,
        tools: bool = False,
        user_key: str = "user_id",
        clock: Clock | None = None,
    ) -> None:
        if memory is None:
            if not isinstance(config, MemoryConfig):
                raise ConfigurationError(
                    "LongTermMemoryMiddleware needs a MemoryConfig (or memory=LongTermMemory(...)), "
                    f"got {type(config).__name__}"
                )
            memory = LongTermMemory(config, extractor=extractor, user_key=user_key, clock=clock)
        elif config is not None or extractor is not None:
            raise ConfigurationError(
                "LongTermMemoryMiddleware: pass either memory= or config/extractor, not both"
            )
        self.memory = memory
        """The engines and extraction queues, one per store."""
        self.tools: Sequence[BaseTool] = (
            memory_tools(memory, user_key=memory.user_key) if tools else []
        )

    def engine_for(self, store: Any) -> MemoryEngine:
        """The engine over ``store`` (the agent's store)."""
        return self.memory.engine_for(store)

    def flush(self, timeout: float = 5.0) -> bool:
        """Wait for queued extractions; ``False`` if ``timeout`` ran out."""
        return self.memory.flush(timeout)

    async def aflush(self, timeout: float = 5.0) -> bool:  # noqa: ASYNC109 - twin of flush
        """Async twin of :meth:`flush`."""
        return await self.memory.aflush(timeout)

    def close(self, timeout: float = 5.0) -> None:
        """Finish queued extractions and stop the queues."""
        self.memory.close(timeout)

    # -- the hooks ---------------------------------------------------------------------------

    def wrap_model_call(
        self, request: ModelRequest[Any], handler: Callable[[ModelRequest[Any]], Any]
    ) -> Any:
        """Call the model with the recalled memory; queue extraction after a final answer."""
        store, config = self._store(request), _config()
        query = latest_user_text(request.messages)
        principal = self.memory.principal(config, request.runtime)
        agent, org = self.memory.scopes(config, request.runtime)
        engine = self.memory.engine_for(store)
        recalled = (
            recall_run(engine, principal, query, config, agent=agent, org=org) if query else None
        )
        response = handler(_with_memory(request, recalled.message if recalled else None))
        self._after(request, response, config, store)
        return response

    async def awrap_model_call(
        self, request: ModelRequest[Any], handler: Callable[[ModelRequest[Any]], Awaitable[Any]]
    ) -> Any:
        """Async twin of :meth:`wrap_model_call`."""
        store, config = self._store(request), _config()
        query = latest_user_text(request.messages)
        principal = self.memory.principal(config, request.runtime)
        agent, org = self.memory.scopes(config, request.runtime)
        engine = self.memory.engine_for(store)
        recalled = (
            await arecall_run(engine, principal, query, config, agent=agent, org=org)
            if query
            else None
        )
        response = await handler(_with_memory(request, recalled.message if recalled else None))
        self._after(request, response, config, store)
        return response

    def _store(self, request: ModelRequest[Any]) -> Any:
        store = getattr(request.runtime, "store", None)
        if store is None:
            raise ConfigurationError(_NO_STORE)
        return store

    def _after(
        self, request: ModelRequest[Any], response: Any, config: RunnableConfig, store: Any
    ) -> None:
        response = getattr(response, "model_response", response)  # an ExtendedModelResponse
        answer = getattr(response, "result", None)
        if answer is None:  # a middleware below answered with a bare AIMessage
            answer = [response]
        # The request's messages, not the injected ones: the memory is no part of the turn.
        messages = [*request.messages, *answer]
        if finished_turn(convert_to_messages(messages)) is None or not self.memory.queue_for(store):
            return  # a tool call to make, or no extractor: no turn to extract yet
        extraction_run(
            lambda context: self.memory.queue_turn(
                messages, request.state, config, request.runtime, store, context=context
            ),
            config,
        )


def _with_memory(request: ModelRequest[Any], text: str | None) -> ModelRequest[Any]:
    if text is None:
        return request
    # request.messages excludes the system prompt, which the model receives first.
    messages: list[Any] = with_memory(request.messages, text)
    return request.override(messages=messages)


def _config() -> RunnableConfig:
    try:
        return get_config()
    except RuntimeError:  # called outside a graph run (e.g. a unit test of the hook)
        return {}
