"""The memory engine: gates, keys, dedupe and recall composed over one store.

>>> from langgraph.store.memory import InMemoryStore
>>> from memory_plugins import MemoryConfig, MemoryEngine
>>> engine = MemoryEngine(InMemoryStore(), MemoryConfig(principal_secret="0123456789abcdef"))
>>> [str(o) for o in engine.remember("alice", [{
...     "type": "user_preference", "text": "The user likes oolong tea.",
...     "tags": ["oolong", "tea"], "confidence": 0.9, "stability": "stable",
...     "identity": {"subject": "oolong tea", "polarity": "prefer"}, "action": "add",
...     "source_signal": "explicit_memory_intent", "reason": "said so",
...     "conflict_signal": False}], source_conversation_id="c-1")]
['added']
>>> [hit.record.key for hit in engine.recall("alice", "which tea should I brew?").hits]
['user_preference:prefer-oolong-tea']

With ``embeddings=`` (any LangChain ``Embeddings`` or a function ``list[str] -> vectors``),
recall gains the optional ``semantic`` dimension: see :mod:`memory_plugins.semantic`.
"""

import asyncio
import logging
import time
import warnings
import weakref
from collections.abc import Callable, Iterable, Mapping
from functools import partial
from types import TracebackType
from typing import TYPE_CHECKING, Any, Self, TypeVar

from memory_plugins.arguments import (
    kind_of,
    require_candidates,
    require_config,
    require_query,
    store_problem,
)
from memory_plugins.backends import before_close
from memory_plugins.cache import ReadPool
from memory_plugins.candidate import MemoryCandidate, MemoryRecord, RecordStatus
from memory_plugins.clock import Clock, SystemClock
from memory_plugins.config import MemoryConfig
from memory_plugins.engine_parts.reads import ReadPath, RecallResult
from memory_plugins.engine_parts.surface import StatusFilter
from memory_plugins.engine_parts.vectors import VectorWork
from memory_plugins.engine_parts.writes import ErasedMeanwhile, WritePath
from memory_plugins.errors import (
    ConfigurationError,
    EngineClosedError,
    StoreUnavailableError,
    WrongTypeError,
)
from memory_plugins.filters import RecordFilter, as_filter
from memory_plugins.layers import recall_layers
from memory_plugins.outcomes import EngineStats, OutcomeStatus, WriteOutcome
from memory_plugins.principals import PrincipalLike, scope_namespace
from memory_plugins.recall.types import Ranking
from memory_plugins.semantic import Embeddings, EmbeddingsLike, as_embedder, embedder_name
from memory_plugins.store import StoreGateway, StoreLike
from memory_plugins.tracing import (
    RECALL_SPAN,
    WRITE_SPAN,
    aobserved,
    observed,
    recall_fields,
    write_fields,
)

if TYPE_CHECKING:
    from memory_plugins.portability import ImportReport

__all__ = ["MemoryEngine", "RecallResult", "StatusFilter", "require_engine"]

logger = logging.getLogger("memory_plugins")

_EMBED_WORKERS = 2
T = TypeVar("T")


class MemoryEngine:
    """One validated long-term memory over any LangGraph ``BaseStore``.

    Every method takes the *principal*: a :class:`~memory_plugins.principals.Principal`
    verified by a ``KeyRing``, or an id string the caller vouches for. Its data lives
    under an HMAC-hashed namespace and is never visible to another principal.
    Store failures never raise from ``remember``/``recall``: they are logged, counted in
    :attr:`stats`, and the call returns no memories or ``store_unavailable`` outcomes.
    ``recall`` waits at most ``config.recall.time_budget_ms`` for the store and the query
    embedding together; every other call at most ``config.store_deadline_ms``.

    Writes for one principal are serialised by a lock inside this engine, so threads and
    tasks sharing it never lose an update. Engines in *other processes* writing the same
    principal are not coordinated: each write is a read-modify-write of its keys and the
    last writer wins per key (the store has no compare-and-set). Serve one principal from
    one process, or accept that race, and keep ``config.cache`` off (see ``CacheConfig``).

    ``embeddings`` (optional: a LangChain ``Embeddings`` or a function from texts to
    vectors) turns the semantic channel on: a record's vector is computed when its text is
    written or changed and stored with it, the query is embedded once per recall, and the
    similarity joins the rule score (``semantic`` dimension, floors on ``RecallConfig``).
    An embedding failure degrades to the rules alone, logged and counted as
    ``embedding_failures``. Without it, recall is exactly the rule scorer.
    """

    def __init__(
        self,
        store: StoreLike,
        config: MemoryConfig,
        *,
        clock: Clock | None = None,
        embeddings: EmbeddingsLike | None = None,
    ) -> None:
        self.config = require_config(config, "MemoryEngine")
        self.embeddings: Embeddings | None = None
        """The semantic channel's embedding model (``None``: rules only)."""
        model: str | None = None
        if embeddings is not None:
            self.embeddings = as_embedder(embeddings)
            model = embedder_name(self.embeddings)
        clock = clock or SystemClock()
        self.clock: Clock = clock
        self.gateway = StoreGateway(store)
        self.stats = EngineStats()
        # The engine's threads: reads recall waits for; writes and management calls, so
        # their caller can leave at the deadline; embeddings.
        self._reads = ReadPool(config.recall.read_workers)
        self._calls = ReadPool(config.recall.read_workers, name="memory-plugins-call")
        self._embeds = ReadPool(_EMBED_WORKERS, name="memory-plugins-embed")
        self._vectors = VectorWork(
            self.embeddings,
            model,
            pool=self._embeds,
            stats=self.stats,
        )
        # The recall settings in force: the model's fitted semantic thresholds, if it has any.
        self._read_path = ReadPath(
            config,
            config.recall.for_model(model),
            self.gateway,
            self.stats,
            self._vectors,
            pool=self._reads,
            # The engine clock drives cache lifetimes too, so tests can age entries.
            timer=lambda: clock.now().timestamp(),
        )
        self._write_path = WritePath(
            config, self.gateway, self.stats, self._read_path, self._vectors, now=clock.now
        )
        self._vectors.fill = self._write_path.embed_missing
        before_close(store, _weakly(self._vectors.store_closing))
        self._vectors.start()
        self._closed = False

    # -- lifecycle -------------------------------------------------------------------------

    @property
    def closed(self) -> bool:
        """Whether :meth:`close` was called (then every operation raises)."""
        return self._closed

    def close(self) -> None:
        """Stop the engine's worker threads and refuse further calls. Idempotent.

        Calls not yet started are cancelled; one already running finishes on its thread.
        The store is left open (it belongs to the caller), and so is the cache's content.
        """
        if self._closed:
            return
        self._closed = True
        self._vectors.stop()
        for pool in (self._reads, self._calls, self._embeds):
            pool.shutdown()

    async def aclose(self) -> None:
        """Async twin of :meth:`close`."""
        self.close()

    def __enter__(self) -> Self:
        self._require_open("with")
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.close()

    async def __aenter__(self) -> Self:
        self._require_open("async with")
        return self

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        await self.aclose()

    def __del__(self) -> None:
        if getattr(self, "_closed", True):  # closed, or __init__ failed before owning threads
            return
        warnings.warn(
            f"unclosed {self!r}: use `with MemoryEngine(...) as engine:` or call close()",
            ResourceWarning,
            stacklevel=2,
            source=self,
        )
        self.close()

    def _require_open(self, what: str) -> None:
        if self._closed:
            raise EngineClosedError(
                f"MemoryEngine.{what}: the engine is closed; open a new one over the store"
            )

    @property
    def _model(self) -> str | None:
        """The embedding model's name (``None``: rules only)."""
        return self._vectors.model

    @property
    def store(self) -> StoreLike:
        """The underlying LangGraph store."""
        return self.gateway.store

    def namespace(self, principal: PrincipalLike) -> tuple[str, ...]:
        """The namespace holding ``principal``'s memories (``principal.id`` for a Principal;
        a :class:`~memory_plugins.principals.Scope` names an assistant's or an org's)."""
        return scope_namespace(self.config, principal)

    def _bounded(self, what: str, call: Callable[[float], T]) -> T:
        """``call(deadline)`` on a worker, waited for at most ``config.store_deadline_ms``.

        Past the deadline the caller gets ``StoreUnavailableError`` (counted as
        ``store_timeouts``); a call that has not started never runs, and one that has
        is handed the (monotonic) ``deadline`` so it can skip its write once too late.
        """
        seconds = self.config.store_deadline_ms / 1000
        deadline = time.monotonic() + seconds
        future = self._calls.submit(partial(call, deadline))
        try:
            return future.result(timeout=seconds)
        except TimeoutError:
            future.cancel()
            self.stats.incr("store_timeouts")
            message = f"the store gave no answer to {what} within {seconds * 1000:.0f} ms"
            logger.warning("memory %s", message)
            raise StoreUnavailableError(message) from None

    # -- write path ------------------------------------------------------------------------

    def remember(
        self,
        principal: PrincipalLike,
        candidates: Iterable[MemoryCandidate | Mapping[str, Any]],
        *,
        source_conversation_id: str | None,
    ) -> list[WriteOutcome]:
        """Gate, key, dedupe and store candidates; one outcome per candidate, in order."""
        return self._remember(principal, candidates, source_conversation_id, None)

    def _erasure_epoch(self, principal: PrincipalLike) -> int:
        """How many times ``principal`` was erased through this engine (see ``erase_user``)."""
        return self._write_path.epoch(self.namespace(principal))

    @observed(WRITE_SPAN, write_fields)
    def _remember(
        self,
        principal: PrincipalLike,
        candidates: Iterable[MemoryCandidate | Mapping[str, Any]],
        source_conversation_id: str | None,
        epoch: int | None,
    ) -> list[WriteOutcome]:
        """``remember``; with ``epoch``, nothing is written (``[]``) when the principal was
        erased since that epoch was read (a turn queued before ``erase_user``)."""
        self._require_open("remember")
        candidates = require_candidates(candidates, "remember")
        namespace = self.namespace(principal)
        outcomes, accepted = self._write_path.gate(candidates, source_conversation_id)
        if accepted:
            assert source_conversation_id is not None  # the draft gate guarantees it
            write = partial(
                self._write_path.write, namespace, accepted, source_conversation_id, epoch
            )
            try:
                written = self._bounded("remember", write)
            except StoreUnavailableError as exc:
                written = self._write_path.unavailable(accepted, exc, "call")
            except ErasedMeanwhile:
                return []
            for index, outcome in written:
                outcomes[index] = outcome

        final = [o for o in outcomes if o is not None]
        for outcome in final:
            self.stats.incr(f"outcome_{outcome}")
        return final

    async def aremember(
        self,
        principal: PrincipalLike,
        candidates: Iterable[MemoryCandidate | Mapping[str, Any]],
        *,
        source_conversation_id: str | None,
    ) -> list[WriteOutcome]:
        """Async twin of :meth:`remember`."""
        self._require_open("aremember")
        items = list(require_candidates(candidates, "aremember"))
        return await asyncio.to_thread(
            self.remember, principal, items, source_conversation_id=source_conversation_id
        )

    # -- management ------------------------------------------------------------------------

    def list_records(
        self,
        principal: PrincipalLike,
        status: StatusFilter = "active",
        *,
        filters: "RecordFilter | Mapping[str, Any] | None" = None,
    ) -> list[MemoryRecord]:
        """The principal's records, newest change first. Raises ``StoreUnavailableError``.

        ``filters`` (a :class:`~memory_plugins.filters.RecordFilter` or a dict of its
        fields) keeps only the records of given types, tags, times or metadata values.
        """
        self._require_open("list_records")
        if status not in ("active", "suppressed", "all"):
            raise ConfigurationError("status must be 'active', 'suppressed' or 'all'")
        wanted = as_filter(filters)
        namespace, now = self.namespace(principal), self.clock.now()
        records = self._bounded("list_records", lambda _: self._read_path.load(namespace, now))
        if status != "all":
            records = [r for r in records if r.status.value == status]
        if wanted is not None:
            records = wanted.apply(records)
        return sorted(records, key=lambda r: (r.last_changed, r.key), reverse=True)

    def suppress(
        self, principal: PrincipalLike, key: str, *, conversation_id: str | None = None
    ) -> WriteOutcome:
        """Mark an active record suppressed (never recalled, restorable).

        ``conversation_id`` (optional, as for :meth:`restore`) is recorded as the
        conversation that suppressed it.
        """
        self._require_open("suppress")
        return self._transition(principal, key, RecordStatus.SUPPRESSED, conversation_id)

    def restore(
        self, principal: PrincipalLike, key: str, *, conversation_id: str | None = None
    ) -> WriteOutcome:
        """Bring a suppressed record back to ``active``."""
        self._require_open("restore")
        return self._transition(principal, key, RecordStatus.ACTIVE, conversation_id)

    def _transition(
        self, principal: PrincipalLike, key: str, target: RecordStatus, conversation_id: str | None
    ) -> WriteOutcome:
        namespace = self.namespace(principal)
        call = partial(self._write_path.transition, namespace, key, target, conversation_id)
        try:
            outcome = self._bounded(f"{target}", call)
        except StoreUnavailableError as exc:
            self.stats.incr("store_write_failures")
            return WriteOutcome(OutcomeStatus.STORE_UNAVAILABLE, key=key, detail=str(exc))
        return outcome

    def embed_missing(self, principal: PrincipalLike) -> int:
        """Compute the vectors the principal's active records lack (written before the
        semantic channel was on, or by another model); returns how many were stored.

        Raises ``ConfigurationError`` without ``embeddings`` and ``StoreUnavailableError``
        when the store fails; an embedding failure stores nothing (counted, logged).
        """
        self._require_open("embed_missing")
        if self.embeddings is None or self._model is None:
            raise ConfigurationError("embed_missing needs MemoryEngine(..., embeddings=...)")
        return self._write_path.embed_missing(self.namespace(principal))

    def forget(self, principal: PrincipalLike, key: str) -> int:
        """Hard-delete the record ``key`` of the principal; returns 1, or 0 when it is absent.

        ``key`` is required: a missing key never means "everything" (erasing a user is
        :meth:`erase_user`). To stop recalling a record but keep it restorable, use
        :meth:`suppress`. Raises ``StoreUnavailableError``: erasure must not fail silently.
        """
        self._require_open("forget")
        if not isinstance(key, str) or not key:
            raise WrongTypeError(
                f"MemoryEngine.forget deletes one record and needs its key (a non-empty str), "
                f"got {key!r}; to erase every memory of the user call engine.erase_user(user)"
            )
        namespace = self.namespace(principal)
        return self._bounded("forget", partial(self._write_path.forget, namespace, key))

    def erase_user(self, principal: PrincipalLike) -> int:
        """Erase everything stored for the principal under this app: every memory record
        (active, suppressed or expired) and every structured slice (intent anchors,
        constraint snapshots, the conversation ids they hold). Returns how many items were
        removed.

        Turns queued for extraction through this engine before the call are discarded,
        never written back. Raises ``StoreUnavailableError``: erasure must not fail silently.

        >>> from langgraph.store.memory import InMemoryStore
        >>> from memory_plugins import MemoryConfig
        >>> from memory_plugins.testing import candidate
        >>> engine = MemoryEngine(InMemoryStore(), MemoryConfig(principal_secret="0123456789abcdef"))
        >>> _ = engine.remember("alice", [candidate()], source_conversation_id="c-1")
        >>> engine.erase_user("alice"), engine.list_records("alice", "all")
        (1, [])
        """
        self._require_open("erase_user")
        namespace = self.namespace(principal)
        return self._bounded("erase_user", partial(self._write_path.erase, namespace))

    def sweep(self, principal: PrincipalLike) -> int:
        """Physically delete the principal's expired records; returns how many.

        Works on every store. For all principals at once on SQLite or PostgreSQL, use
        :meth:`sweep_all`. Raises ``StoreUnavailableError``.
        """
        self._require_open("sweep")
        namespace = self.namespace(principal)
        return self._bounded("sweep", partial(self._write_path.sweep, namespace))

    def sweep_all(self) -> int:
        """Delete every expired row of the store with the backend's own TTL sweeper.

        Records written with ``record_ttl`` carry their remaining lifetime to the store, so
        this reclaims every principal's expired records, and any structured slice written
        with a TTL, in one statement. It sweeps the whole store (every app sharing it).
        Returns how many rows were removed; raises ``StoreUnavailableError`` when the
        store fails and ``ConfigurationError`` for a store without a sweeper
        (``InMemoryStore``: call :meth:`sweep` per principal there). For a background
        sweeper, open the store with ``sqlite_store(..., sweep_interval_minutes=N)`` or
        ``postgres_store(..., sweep_interval_minutes=N)``.
        """
        self._require_open("sweep_all")
        if not self.gateway.supports_ttl or not callable(getattr(self.store, "sweep_ttl", None)):
            raise ConfigurationError(
                f"{type(self.store).__name__} has no TTL sweeper; "
                "call engine.sweep(principal) for each principal instead"
            )
        try:
            return self.gateway.sweep_ttl()
        finally:
            self._read_path.clear()

    async def alist_records(
        self,
        principal: PrincipalLike,
        status: StatusFilter = "active",
        *,
        filters: "RecordFilter | Mapping[str, Any] | None" = None,
    ) -> list[MemoryRecord]:
        """Async twin of :meth:`list_records`."""
        self._require_open("alist_records")
        return await asyncio.to_thread(
            partial(self.list_records, principal, status, filters=filters)
        )

    async def asuppress(
        self, principal: PrincipalLike, key: str, *, conversation_id: str | None = None
    ) -> WriteOutcome:
        """Async twin of :meth:`suppress`."""
        self._require_open("asuppress")
        return await asyncio.to_thread(
            self.suppress, principal, key, conversation_id=conversation_id
        )

    async def arestore(
        self, principal: PrincipalLike, key: str, *, conversation_id: str | None = None
    ) -> WriteOutcome:
        """Async twin of :meth:`restore`."""
        self._require_open("arestore")
        return await asyncio.to_thread(
            self.restore, principal, key, conversation_id=conversation_id
        )

    async def aembed_missing(self, principal: PrincipalLike) -> int:
        """Async twin of :meth:`embed_missing`."""
        self._require_open("aembed_missing")
        return await asyncio.to_thread(self.embed_missing, principal)

    async def aforget(self, principal: PrincipalLike, key: str) -> int:
        """Async twin of :meth:`forget`."""
        self._require_open("aforget")
        return await asyncio.to_thread(self.forget, principal, key)

    async def aerase_user(self, principal: PrincipalLike) -> int:
        """Async twin of :meth:`erase_user`."""
        self._require_open("aerase_user")
        return await asyncio.to_thread(self.erase_user, principal)

    async def asweep(self, principal: PrincipalLike) -> int:
        """Async twin of :meth:`sweep`."""
        self._require_open("asweep")
        return await asyncio.to_thread(self.sweep, principal)

    async def asweep_all(self) -> int:
        """Async twin of :meth:`sweep_all`."""
        self._require_open("asweep_all")
        return await asyncio.to_thread(self.sweep_all)

    # -- export and import (memory_plugins.portability) ------------------------------------

    def export_records(
        self, principal: PrincipalLike, *, vectors: bool = False
    ) -> list[dict[str, Any]]:
        """The principal's records as JSON objects: see :mod:`memory_plugins.portability`."""
        self._require_open("export_records")
        from memory_plugins import portability

        return portability.export_records(self, principal, vectors=vectors)

    def import_records(
        self, principal: PrincipalLike, lines: Iterable[str | Mapping[str, Any]]
    ) -> "ImportReport":
        """Exported lines read into the principal's memory through the gates: see
        :mod:`memory_plugins.portability`."""
        self._require_open("import_records")
        from memory_plugins import portability

        return portability.import_records(self, principal, lines)

    async def aexport_records(
        self, principal: PrincipalLike, *, vectors: bool = False
    ) -> list[dict[str, Any]]:
        """Async twin of :meth:`export_records`."""
        self._require_open("aexport_records")
        return await asyncio.to_thread(self.export_records, principal, vectors=vectors)

    async def aimport_records(
        self, principal: PrincipalLike, lines: Iterable[str | Mapping[str, Any]]
    ) -> "ImportReport":
        """Async twin of :meth:`import_records`."""
        self._require_open("aimport_records")
        return await asyncio.to_thread(self.import_records, principal, list(lines))

    # -- read path -------------------------------------------------------------------------

    @observed(RECALL_SPAN, recall_fields)
    def recall(
        self,
        principal: PrincipalLike,
        query: str,
        *,
        agent: str | None = None,
        org: str | None = None,
        filters: "RecordFilter | Mapping[str, Any] | None" = None,
    ) -> RecallResult:
        """Select the few memories relevant to ``query`` and render the system message.

        ``agent`` adds what that assistant keeps about the user, ``org`` the
        organisation's shared memories (``MemoryConfig(org_scope=True)``); each hit says
        which scope it came from. ``filters`` keeps only records of given types, tags,
        times or metadata values (see :class:`~memory_plugins.filters.RecordFilter`).

        Waits at most ``config.recall.time_budget_ms`` for the store; past that the turn
        goes on without memory (``degraded``, counted as ``recall_timeouts``). The query
        embedding gets what is left of the budget; past it recall goes on with the rules
        alone (``degraded``, counted as ``embedding_timeouts``).
        """
        self._require_open("recall")
        read = self._read_path
        query = read.clipped(require_query(query, "recall"))
        layers = recall_layers(self.config, principal, agent, org)
        future, finish = read.begin(layers, query, self.clock.now(), as_filter(filters))
        try:
            records = future.result(timeout=read.budget_seconds)
        except TimeoutError:
            future.cancel()  # a read that has not started yet need not reach the store at all
            return read.timed_out()
        except StoreUnavailableError as exc:
            return read.failed(exc)
        return finish(records)

    @aobserved(RECALL_SPAN, recall_fields)
    async def arecall(
        self,
        principal: PrincipalLike,
        query: str,
        *,
        agent: str | None = None,
        org: str | None = None,
        filters: "RecordFilter | Mapping[str, Any] | None" = None,
    ) -> RecallResult:
        """Async twin of :meth:`recall`; the time budget is enforced without holding a thread."""
        self._require_open("arecall")
        read = self._read_path
        query = read.clipped(require_query(query, "arecall"))
        layers = recall_layers(self.config, principal, agent, org)
        future, finish = read.begin(layers, query, self.clock.now(), as_filter(filters))
        try:
            records = await asyncio.wait_for(asyncio.wrap_future(future), read.budget_seconds)
        except TimeoutError:
            return read.timed_out()
        except StoreUnavailableError as exc:
            return read.failed(exc)
        if self.embeddings is not None:  # embedding the query must not block the event loop
            return await asyncio.to_thread(finish, records)
        return finish(records)

    def propose_cues(self, principal: PrincipalLike, extractor: Any, *, limit: int = 20) -> Any:
        """Ask ``extractor``'s model for cues of at most ``limit`` of the principal's records
        written without any, and store those the program keeps; a later call resumes with
        the rest. See :func:`memory_plugins.extraction.cue_proposals.propose_cues`."""
        self._require_open("propose_cues")
        from memory_plugins.extraction.cue_proposals import propose_cues  # loaded on use

        return propose_cues(self, principal, extractor, limit=limit)

    async def apropose_cues(
        self, principal: PrincipalLike, extractor: Any, *, limit: int = 20
    ) -> Any:
        """Async twin of :meth:`propose_cues`."""
        self._require_open("apropose_cues")
        return await asyncio.to_thread(self.propose_cues, principal, extractor, limit=limit)

    def explain(
        self,
        principal: PrincipalLike,
        query: str,
        *,
        agent: str | None = None,
        org: str | None = None,
        filters: "RecordFilter | Mapping[str, Any] | None" = None,
    ) -> Ranking:
        """Every record considered for ``query``, its score per dimension and the verdict.

        ``agent``, ``org`` and ``filters`` are :meth:`recall`'s; each consideration says
        which scope its record lives in.
        """
        self._require_open("explain")
        query = self._read_path.clipped(require_query(query, "explain"))
        layers = recall_layers(self.config, principal, agent, org)
        now, wanted = self.clock.now(), as_filter(filters)
        return self._read_path.rank_layers(layers, query, now, wanted, self._bounded)

    async def aexplain(
        self,
        principal: PrincipalLike,
        query: str,
        *,
        agent: str | None = None,
        org: str | None = None,
        filters: "RecordFilter | Mapping[str, Any] | None" = None,
    ) -> Ranking:
        """Async twin of :meth:`explain`."""
        self._require_open("aexplain")
        return await asyncio.to_thread(
            partial(self.explain, principal, query, agent=agent, org=org, filters=filters)
        )


def require_engine(value: Any, where: str) -> MemoryEngine:
    """``value`` when it is a ``MemoryEngine``; a store or anything else is a ``WrongTypeError``."""
    if isinstance(value, MemoryEngine):
        return value
    if store_problem(value) is None or (
        isinstance(value, type) and callable(getattr(value, "batch", None))
    ):
        raise WrongTypeError(
            f"{where} takes a MemoryEngine, got a store ({kind_of(value)}): build the engine "
            "over it with MemoryEngine(store, MemoryConfig(principal_secret=...))"
        )
    raise WrongTypeError(
        f"{where} takes a MemoryEngine, got {kind_of(value)}: "
        "pass MemoryEngine(store, MemoryConfig(principal_secret=...))"
    )


def _weakly(method: Callable[[], None]) -> Callable[[], None]:
    """``method`` called through a weak reference: a store's hooks keep no engine alive."""
    ref = weakref.WeakMethod(method)

    def call() -> None:
        bound = ref()
        if bound is not None:
            bound()

    return call
