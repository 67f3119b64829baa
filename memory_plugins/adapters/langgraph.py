"""LangGraph: long-term memory around the model node of a ``MessagesState`` graph.

Recall runs *inside* the model node: the memory system message is added to the messages
the model receives, never to the graph state, so checkpoints, state updates and streamed
chunks never carry it. When the node's answer ends the turn (no tool calls left), it
queues extraction of the turn itself, so the graph needs no extra node (the conversation
id is the ``thread_id``; a graph without a checkpointer has no persisted conversation, so
it queues nothing). The user comes from ``config["configurable"]`` or
the runtime context (``context_schema``), the store from ``compile(store=...)``.

>>> from langgraph.graph import START, MessagesState, StateGraph
>>> from langgraph.store.memory import InMemoryStore
>>> from memory_plugins import MemoryConfig
>>> from memory_plugins.testing import ScriptedChatModel
>>> memory = LongTermMemory(MemoryConfig(principal_secret="0123456789abcdef"))
>>> builder = StateGraph(MessagesState).add_edge(START, "model")
>>> graph = add_long_term_memory(builder, "model", ScriptedChatModel(["Hi!"]), memory).compile(
...     store=InMemoryStore())
>>> graph.invoke({"messages": [("user", "hello")]}, {"configurable": {"user_id": "alice"}}
...              )["messages"][-1].content
'Hi!'
"""

import contextvars
import inspect
import threading
import weakref
from collections.abc import Callable, Mapping, Sequence
from functools import partial
from typing import Any

from memory_plugins.adapters._once import WarnOnce
from memory_plugins.arguments import require_config
from memory_plugins.clock import Clock
from memory_plugins.config import MemoryConfig
from memory_plugins.engine import MemoryEngine
from memory_plugins.errors import ConfigurationError, MissingExtraError
from memory_plugins.extraction import ExtractionQueue, MemoryExtractor, TurnInput
from memory_plugins.principals import PrincipalLike, principal_id
from memory_plugins.semantic import EmbeddingsLike

try:
    from langchain_core.messages import BaseMessage, convert_to_messages
    from langchain_core.runnables import Runnable, RunnableConfig, RunnableLambda
    from langgraph.graph import END, StateGraph
    from langgraph.runtime import Runtime
    from langgraph.store.base import BaseStore

    from memory_plugins.adapters._messages import (
        finished_turn,
        is_memory_message,
        latest_user_text,
        require_principal,
        scope_id,
        with_memory,
    )
except ImportError as exc:  # pragma: no cover - exercised only without the extra
    raise MissingExtraError("the LangGraph adapter", "langgraph", exc.name or "langgraph") from exc

__all__ = ["LongTermMemory", "add_long_term_memory"]

Node = Callable[..., Any]
"""A LangGraph node function (sync or async)."""

_PASSED_THROUGH = ("config", "store", "runtime", "writer")  # what a wrapped node may ask for


class LongTermMemory:
    """Recall and extraction for a LangGraph graph, over whatever store the graph was given.

    ``config`` builds one :class:`~memory_plugins.MemoryEngine` per injected store, and
    ``extractor`` (a ``MemoryExtractor`` or any LangChain chat model) one extraction queue
    per store; without an extractor nothing is extracted. ``user_key`` names the user id
    in ``config["configurable"]`` or the runtime context. ``embeddings`` (any
    ``Embeddings``, a function, or ``load_embedder("default")``) turns the meaning channel
    on in every engine. ``agent_key`` names the assistant id (LangGraph's ``assistant_id``
    or your own): with one, recall adds what that assistant keeps about the user and
    extraction writes there, apart from other assistants'. ``org_key`` names the
    organisation id, read only when the deployment opts in (``MemoryConfig(org_scope=True)``):
    recall adds the org's shared memories; nothing is ever extracted into them. Turns still queued when the store's ``with sqlite_store(...)`` /
    ``postgres_store(...)`` block ends, or when the interpreter exits, get
    ``exit_timeout`` seconds to be written; a WARNING names how many were dropped after that.

    >>> from memory_plugins import MemoryConfig
    >>> memory = LongTermMemory(MemoryConfig(principal_secret="0123456789abcdef"))
    >>> memory.user_key
    'user_id'
    """

    def __init__(
        self,
        config: MemoryConfig,
        *,
        extractor: MemoryExtractor | Runnable[Any, Any] | None = None,
        user_key: str = "user_id",
        agent_key: str | None = "agent_id",
        org_key: str | None = "org_id",
        messages_key: str = "messages",
        clock: Clock | None = None,
        queue_maxsize: int = 64,
        job_timeout: float = 30.0,
        embeddings: EmbeddingsLike | None = None,
        exit_timeout: float = 5.0,
    ) -> None:
        self.config = require_config(config, "LongTermMemory")
        self.embeddings = embeddings
        self.user_key = user_key
        self.agent_key = agent_key
        self.org_key = org_key
        self.messages_key = messages_key
        self.extractor = (
            extractor
            if extractor is None or isinstance(extractor, MemoryExtractor)
            else MemoryExtractor(extractor)
        )
        self._clock = clock
        self._make_queue = partial(
            ExtractionQueue,
            maxsize=queue_maxsize,
            job_timeout=job_timeout,
            exit_timeout=exit_timeout,
        )
        # Weak keys: a store the graph dropped takes its engine and queue with it.
        self._per_store: weakref.WeakKeyDictionary[
            BaseStore, tuple[MemoryEngine, ExtractionQueue | None]
        ] = weakref.WeakKeyDictionary()
        self._lock = threading.Lock()
        self._no_thread = WarnOnce()

    # -- one engine and one extraction queue per injected store ------------------------------

    def _bound(self, store: BaseStore | None) -> tuple[MemoryEngine, ExtractionQueue | None]:
        if store is None:
            raise ConfigurationError(
                "long-term memory needs a store: compile the graph with "
                "builder.compile(store=InMemoryStore()) (or SqliteStore / PostgresStore)"
            )
        with self._lock:
            pair = self._per_store.get(store)
            if pair is None:
                # The engine reaches the store through a weak proxy, so it does not keep
                # the store (the dictionary key) alive; when the store goes, so do they.
                engine = MemoryEngine(
                    weakref.proxy(store), self.config, clock=self._clock, embeddings=self.embeddings
                )
                queue = self._make_queue(engine, self.extractor) if self.extractor else None
                if queue is not None:
                    queue.bind_store(store)
                pair = self._per_store[store] = (engine, queue)
                # Not at interpreter exit: the queues' own exit drain writes what is pending.
                weakref.finalize(store, _release, engine, queue).atexit = False
            return pair

    def engine_for(self, store: BaseStore | None) -> MemoryEngine:
        """The engine over ``store`` (the one LangGraph injected into the node)."""
        return self._bound(store)[0]

    def queue_for(self, store: BaseStore | None) -> ExtractionQueue | None:
        """The extraction queue writing to ``store``, or ``None`` without an extractor."""
        return self._bound(store)[1]

    def _queues(self) -> list[ExtractionQueue]:
        with self._lock:
            return [queue for _, queue in self._per_store.values() if queue is not None]

    def _engines(self) -> list[MemoryEngine]:
        with self._lock:
            return [engine for engine, _ in self._per_store.values()]

    def flush(self, timeout: float = 5.0) -> bool:
        """Wait for queued extractions; ``False`` if ``timeout`` ran out."""
        results = [queue.flush(timeout) for queue in self._queues()]  # flush every queue
        return all(results)

    async def aflush(self, timeout: float = 5.0) -> bool:  # noqa: ASYNC109 - twin of flush
        """Async twin of :meth:`flush`."""
        results = [await queue.aflush(timeout) for queue in self._queues()]
        return all(results)

    def close(self, timeout: float = 5.0) -> None:
        """Finish queued extractions, stop the queues and close the engines."""
        for queue in self._queues():
            queue.close(timeout)
        for engine in self._engines():
            engine.close()

    # -- recall ------------------------------------------------------------------------------

    def principal(
        self, config: RunnableConfig | None, runtime: Runtime[Any] | None = None
    ) -> PrincipalLike:
        """The user from the runtime context, else from ``config["configurable"]``: a
        verified ``Principal`` or a ``str`` id, as given (any other type is refused)."""
        context = runtime.context if runtime is not None else None
        configurable = (config or {}).get("configurable")
        key = self.user_key
        how = f"invoke with context={{{key!r}: ...}} or config={{'configurable': {{{key!r}: ...}}}}"
        return require_principal(key, context, configurable, how=how)

    def scopes(
        self, config: RunnableConfig | None, runtime: Runtime[Any] | None = None
    ) -> tuple[str | None, str | None]:
        """The run's assistant id and organisation id (from the runtime context, else
        ``config["configurable"]``); the org only when ``MemoryConfig(org_scope=True)``."""
        context = runtime.context if runtime is not None else None
        configurable = (config or {}).get("configurable")
        agent = scope_id(self.agent_key, context, configurable)
        org = scope_id(self.org_key, context, configurable) if self.config.org_scope else None
        return agent, org

    def inject(
        self,
        messages: Sequence[BaseMessage],
        config: RunnableConfig | None,
        store: BaseStore | None,
        runtime: Runtime[Any] | None = None,
    ) -> list[BaseMessage]:
        """``messages`` plus the recalled memory message in its place (a new list).

        For your own node: ``model.invoke(memory.inject(state["messages"], config, store))``.
        """
        principal = self.principal(config, runtime)
        agent, org = self.scopes(config, runtime)
        query = latest_user_text(messages)
        engine = self.engine_for(store)
        result = engine.recall(principal, query, agent=agent, org=org) if query else None
        return with_memory(messages, result.message if result else None)

    async def ainject(
        self,
        messages: Sequence[BaseMessage],
        config: RunnableConfig | None,
        store: BaseStore | None,
        runtime: Runtime[Any] | None = None,
    ) -> list[BaseMessage]:
        """Async twin of :meth:`inject`."""
        principal = self.principal(config, runtime)
        agent, org = self.scopes(config, runtime)
        query = latest_user_text(messages)
        engine = self.engine_for(store)
        result = await engine.arecall(principal, query, agent=agent, org=org) if query else None
        return with_memory(messages, result.message if result else None)

    def wrap(self, node: Node | Runnable[Any, Any]) -> Node:
        """A model node that sees recalled memory; the graph state never does.

        ``node`` is a chat model (or any runnable over messages) or your own node function,
        sync or async; a function receives the state with the memory message added to its
        messages, plus ``config`` / ``store`` / ``runtime`` / ``writer`` if it asks for them.
        When the node's answer ends the turn (no pending tool calls), extraction of the
        turn is queued: no extra node, nothing added to the state or the stream.
        """
        key = self.messages_key
        if isinstance(node, Runnable):
            model = node

            def model_node(
                state: Mapping[str, Any],
                config: RunnableConfig,
                runtime: Runtime[Any],
                store: BaseStore,
            ) -> dict[str, Any]:
                messages = self.inject(state[key], config, store, runtime)
                update = {key: [model.invoke(messages, config)]}
                self._after_answer(state, update, config, runtime, store)
                return update

            return model_node

        wanted = [name for name in _PASSED_THROUGH if name in inspect.signature(node).parameters]

        def extras(config: RunnableConfig, runtime: Runtime[Any], store: BaseStore) -> Any:
            given = {"config": config, "store": store, "runtime": runtime}
            given["writer"] = runtime.stream_writer
            return {name: given[name] for name in wanted}

        if inspect.iscoroutinefunction(node):

            async def async_node(
                state: Mapping[str, Any],
                config: RunnableConfig,
                runtime: Runtime[Any],
                store: BaseStore,
            ) -> Any:
                messages = await self.ainject(state[key], config, store, runtime)
                update = await node({**state, key: messages}, **extras(config, runtime, store))
                update = _without_memory(update, key)
                self._after_answer(state, update, config, runtime, store)
                return update

            async_node.__name__ = getattr(node, "__name__", "model")
            return async_node

        def sync_node(
            state: Mapping[str, Any],
            config: RunnableConfig,
            runtime: Runtime[Any],
            store: BaseStore,
        ) -> Any:
            messages = self.inject(state[key], config, store, runtime)
            update = node({**state, key: messages}, **extras(config, runtime, store))
            update = _without_memory(update, key)
            self._after_answer(state, update, config, runtime, store)
            return update

        sync_node.__name__ = getattr(node, "__name__", "model")
        return sync_node

    def react_model(self, model: Runnable[Any, Any]) -> Callable[..., Runnable[Any, Any]]:
        """A dynamic model for LangGraph's prebuilt ``create_react_agent``.

        ``create_react_agent(memory.react_model(model.bind_tools(tools)), tools,
        store=..., checkpointer=...)``: each model call sees the recalled memory, and the
        final answer queues extraction. (Its ``pre_model_hook`` cannot carry memory: the
        ``llm_input_messages`` it returns are kept in the graph state and checkpoints.)
        """

        def for_call(state: Mapping[str, Any], runtime: Runtime[Any]) -> Runnable[Any, Any]:
            def call(messages: list[BaseMessage], config: RunnableConfig) -> Any:
                answer = model.invoke(self.inject(messages, config, runtime.store, runtime), config)
                self.queue_turn([*messages, answer], state, config, runtime, runtime.store)
                return answer

            async def acall(messages: list[BaseMessage], config: RunnableConfig) -> Any:
                injected = await self.ainject(messages, config, runtime.store, runtime)
                answer = await model.ainvoke(injected, config)
                self.queue_turn([*messages, answer], state, config, runtime, runtime.store)
                return answer

            return RunnableLambda(call, acall, name="long_term_memory_model")

        return for_call

    # -- after the turn ----------------------------------------------------------------------

    def remember(
        self,
        state: Mapping[str, Any],
        config: RunnableConfig,
        runtime: Runtime[Any],
        store: BaseStore,
    ) -> dict[str, Any]:
        """A post-turn node for graphs whose answer comes from a node you did not wrap.

        Queues extraction of the finished turn and changes no state (so, like any node
        that updates nothing, it shows as an empty entry in the ``updates`` stream; a
        wrapped model node queues by itself and needs no such node). A step that ends in
        tool calls is not a finished turn.
        """
        self.queue_turn(state.get(self.messages_key) or [], state, config, runtime, store)
        return {}

    def _after_answer(
        self,
        state: Mapping[str, Any],
        update: Any,
        config: RunnableConfig,
        runtime: Runtime[Any],
        store: BaseStore,
    ) -> None:
        new = update.get(self.messages_key) if isinstance(update, Mapping) else None
        if new is None:
            return
        added = list(new) if isinstance(new, list | tuple) else [new]
        self.queue_turn(
            [*(state.get(self.messages_key) or []), *added], state, config, runtime, store
        )

    def queue_turn(
        self,
        messages: Sequence[Any],
        state: Mapping[str, Any],
        config: RunnableConfig,
        runtime: Runtime[Any] | None,
        store: BaseStore | None,
        *,
        context: contextvars.Context | None = None,
    ) -> bool:
        """Queue extraction when ``messages`` end in a final answer (what a model node calls);
        returns whether the turn was queued. ``context``: what the job runs in (see
        ``ExtractionQueue.submit``).

        ``summary`` (str) and ``pinned_decisions`` (list of str) are read from ``state``
        when it has them; the conversation id is the ``thread_id``.
        """
        turn = finished_turn(convert_to_messages(messages))
        queue = self.queue_for(store)
        if turn is None or queue is None:
            return False
        summary = state.get("summary")
        pinned = state.get("pinned_decisions")
        thread = (config.get("configurable") or {}).get("thread_id")
        if thread is None:
            self._no_thread(
                "long-term memory: no thread_id in config['configurable'], so turns are not "
                "extracted; compile the graph with a checkpointer and invoke with "
                f"config={{'configurable': {{'thread_id': ..., {self.user_key!r}: ...}}}}"
            )
        return queue.submit(
            TurnInput(
                principal=principal_id(self.principal(config, runtime)),
                conversation_id=thread,
                user_text=turn.user_text,
                assistant_text=turn.assistant_text,
                turn_kind=turn.kind,
                summary=summary if isinstance(summary, str) else "",
                pinned_decisions=tuple(p for p in pinned or () if isinstance(p, str)),
                agent_id=self.scopes(config, runtime)[0],  # never the org: see org_key
            ),
            context=context,
        )


def add_long_term_memory(
    builder: StateGraph[Any, Any, Any, Any],
    name: str,
    model: Node | Runnable[Any, Any],
    memory: LongTermMemory,
) -> StateGraph[Any, Any, Any, Any]:
    """Add the model node ``name`` with recall around it and extraction after its answer.

    Wire ``START -> name`` (and any tool loop) yourself; this adds the node and
    ``name -> END``. Returns ``builder`` for chaining. The graph gains no other node, so
    the ``updates`` stream shows only your nodes.

    >>> from langgraph.graph import START, MessagesState, StateGraph
    >>> from memory_plugins import MemoryConfig
    >>> from memory_plugins.testing import ScriptedChatModel
    >>> memory = LongTermMemory(MemoryConfig(principal_secret="0123456789abcdef"))
    >>> builder = add_long_term_memory(StateGraph(MessagesState), "model", ScriptedChatModel(), memory)
    >>> sorted(builder.nodes)
    ['model']
    """
    builder.add_node(name, memory.wrap(model))
    builder.add_edge(name, END)
    return builder


def _release(engine: MemoryEngine, queue: ExtractionQueue | None) -> None:
    """Run when a store is collected (never while its queue has turns pending: the queue
    keeps it alive until they are written)."""
    if queue is not None:
        queue.close(0)
    engine.close()


def _without_memory(update: Any, key: str) -> Any:
    # A node that returns the whole message list must not write the memory into the state.
    if not isinstance(update, dict) or key not in update:
        return update
    value = update[key]
    if isinstance(value, list):
        return {**update, key: [m for m in value if not is_memory_message(m)]}
    return {k: v for k, v in update.items() if k != key} if is_memory_message(value) else update
