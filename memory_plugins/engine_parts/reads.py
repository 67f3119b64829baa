"""The engine's read path: the record cache, its refresh and delta reads, and recall.

:class:`ReadPath` owns the per-namespace :class:`~memory_plugins.cache.RecordCache`
(when ``config.cache`` is on) and the change tokens that keep it current: a namespace is
served from the cache while its token still matches, brought up to date with the records
changed since (where the store can say which), or read anew. The write path lands its
own writes in the cache through :meth:`ReadPath.cached_write`, under its lock.
"""

import logging
import time
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import Future
from dataclasses import dataclass
from datetime import datetime, timedelta
from functools import partial
from typing import Any

from memory_plugins.cache import ReadPool, ReadQueueFullError, RecordCache, SingleFlight
from memory_plugins.candidate import MemoryRecord
from memory_plugins.clock import utc_iso
from memory_plugins.config import MemoryConfig, RecallConfig
from memory_plugins.elsewhere import UnreachableNotice
from memory_plugins.engine_parts.vectors import VectorWork
from memory_plugins.errors import StoreUnavailableError
from memory_plugins.filters import RecordFilter
from memory_plugins.layers import Layer, merge_hits, merge_rankings, scoped
from memory_plugins.namespaces import CHANGE_TOKEN_KEY, MEMORY_SEGMENT, state_namespace
from memory_plugins.outcomes import EngineStats
from memory_plugins.recall.index import BroadQuery, RecordIndex, parse_stored
from memory_plugins.recall.injection import render_memory_message
from memory_plugins.recall.scoring import rank, select
from memory_plugins.recall.types import Ranking, RecallHit
from memory_plugins.store import MarkerState, StoreGateway, paused_collection

__all__ = ["ChangeMarker", "ReadPath", "RecallResult", "Records"]

logger = logging.getLogger("memory_plugins")

# A read of what changed also reads the rows written up to this long before the token it
# starts from: PostgreSQL stamps rows with their transaction's start, so a transaction that
# began before that token's may commit after it.
_CHANGE_MARGIN = timedelta(seconds=1)
# A full read reuses the cached records unless more than a quarter of them (and more than
# a hundred) changed: parsing the changed ones then costs more than indexing anew.
_REUSE_UP_TO = 100

Records = RecordIndex | tuple[MemoryRecord, ...]
"""A namespace's records: the cached index, or a tuple read for one call (cache off)."""

ChangeMarker = tuple[tuple[str, ...], str, dict[str, Any]]
"""A write's new change token: its namespace, its key and its value."""


@dataclass(frozen=True, slots=True)
class RecallResult:
    """The memories selected for a turn and the system message that carries them.

    ``message`` is ``None`` when nothing was selected (then nothing is injected).
    ``degraded`` is true when recall did not run in full within its time budget: the
    store failed or was slow (no memory), or the query embedding was (rules alone).
    """

    hits: tuple[RecallHit, ...]
    message: str | None
    degraded: bool = False


class ReadPath:
    """Reads of one engine: records through the cache (if on) and recall's selection.

    ``pool`` (the engine's, closed by it) runs the reads recall waits for; ``timer`` is
    the engine clock, which drives cache lifetimes too (so tests can age entries).
    """

    def __init__(
        self,
        config: MemoryConfig,
        recall: RecallConfig,
        gateway: StoreGateway,
        stats: EngineStats,
        vectors: VectorWork,
        *,
        pool: ReadPool,
        timer: Callable[[], float],
    ) -> None:
        self._config = config
        self._recall = recall
        self._gateway = gateway
        self._stats = stats
        self._vectors = vectors
        self._pool = pool
        self.cache: RecordCache[RecordIndex] | None = None
        if config.cache is not None:
            # A huge user stays cached, as stored; a query touching more of its records
            # than a whole namespace may hold is answered degraded.
            compact = partial(RecordIndex.compact, parse_limit=config.cache.max_namespace_records)
            self.cache = RecordCache(config.cache, timer=timer, stats=stats, compact=compact)
        self._token_reads: SingleFlight[MarkerState] = SingleFlight()
        self._unreachable = UnreachableNotice(gateway, config.app)

    # -- recall ----------------------------------------------------------------------------

    def clipped(self, query: str) -> str:
        """``query`` within ``recall.max_query_chars``: its first and last halves."""
        limit = self._config.recall.max_query_chars
        if len(query) <= limit:
            return query
        return f"{query[: limit // 2]} {query[len(query) - limit // 2 :]}"

    @property
    def budget_seconds(self) -> float:
        """Recall's time budget for the store and the query embedding together."""
        return self._config.recall.time_budget_ms / 1000

    def begin(
        self, layers: Sequence[Layer], query: str, now: datetime, wanted: RecordFilter | None
    ) -> "tuple[Future[list[Records]], Callable[[list[Records]], RecallResult]]":
        """Recall's store read of every scope started (the budget counted from here), and
        the selection to run on what it returns (:meth:`select_layers`)."""
        deadline = time.monotonic() + self.budget_seconds
        future = self.start_all([layer.namespace for layer in layers])
        return future, lambda read: self.select_layers(layers, read, query, now, deadline, wanted)

    def start_all(self, namespaces: Sequence[tuple[str, ...]]) -> "Future[list[Records]]":
        """A future of each namespace's records (the scopes of one recall), read through
        the cache if on, one after the other in one pool job (a store's connection serves
        one read at a time); when every one is cached recently, no hand-off to the pool.

        Concurrent readers of one namespace still share one store read: the cache's
        single-flight runs inside the pool job.
        """
        loaders: list[Callable[[], Records]] = []
        stored = False
        for namespace in namespaces:
            recent = self.cache.recent(namespace) if self.cache is not None else None
            if recent is not None:  # no store call to bound
                loaders.append(partial(_given, recent))
                continue
            stored = True
            loader: Callable[[], Records] = partial(self.read_records, namespace)
            if self.cache is not None:
                loader = partial(self.cached_records, namespace)
            loaders.append(partial(self._noticing_empty, namespace, loader))
        if not stored:  # every one cached: no hand-off to the pool
            served: Future[list[Records]] = Future()
            served.set_result([loader() for loader in loaders])
            return served
        try:
            return self._pool.submit(partial(_each, loaders))
        except ReadQueueFullError as exc:
            failed: Future[list[Records]] = Future()
            failed.set_exception(exc)
            return failed

    def select_layers(  # noqa: PLR0917 (one call site per recall twin)
        self,
        layers: Sequence[Layer],
        read: Sequence[Records],
        query: str,
        now: datetime,
        deadline: float,
        wanted: RecordFilter | None,
    ) -> RecallResult:
        """:meth:`select` per scope, the hits merged (see :mod:`memory_plugins.layers`)."""
        results = [
            self.select(records, query, now, deadline, wanted, layer.scope)
            for layer, records in zip(layers, read, strict=True)
        ]
        if len(results) == 1:
            return results[0]
        hits, _ = merge_hits([r.hits for r in results], self._recall)
        message = render_memory_message(hits) if hits else None
        return RecallResult(hits=hits, message=message, degraded=any(r.degraded for r in results))

    def select(  # noqa: PLR0917 (recall's own steps)
        self,
        records: Records,
        query: str,
        now: datetime,
        deadline: float,
        wanted: RecordFilter | None = None,
        scope: str = "user",
    ) -> RecallResult:
        stamp = utc_iso(now)
        # Expiry is enforced on every read, cached or not: expired records never compete.
        live: Iterable[MemoryRecord]
        if isinstance(records, RecordIndex):
            live = records.view(stamp)
        else:
            live = [r for r in records if r.expires_at is None or r.expires_at > stamp]
        similar, late = None, False
        if self._vectors.embeddings is not None:
            try:
                similar = self._vectors.similarities(live, query, deadline)
            except TimeoutError:
                late = True
        if wanted is not None:
            live = wanted.apply(live)
        try:
            hits = scoped(select(live, query, self._recall, stamp, similar), scope)
        except BroadQuery as exc:  # a huge user's query matching most of its records
            self._stats.incr("recall_too_broad")
            logger.warning("memory recall skipped: %s", exc)
            return RecallResult(hits=(), message=None, degraded=True)
        message = render_memory_message(hits) if hits else None
        return RecallResult(hits=hits, message=message, degraded=late)

    def rank(
        self,
        records: Iterable[MemoryRecord],
        query: str,
        now: datetime,
        wanted: RecordFilter | None = None,
    ) -> Ranking:
        """Every record considered for ``query``, scored per dimension (``explain``); with
        ``wanted``, only the records it keeps."""
        vectors = self._vectors
        similar = vectors.similarities(records, query) if vectors.embeddings is not None else None
        if wanted is not None:
            records = wanted.apply(records)
        try:
            return rank(records, query, self._recall, utc_iso(now), similar)
        except BroadQuery:  # an operator's explain reads the whole of a huge user
            return rank(list(records), query, self._recall, utc_iso(now), similar)

    def rank_layers(
        self,
        layers: Sequence[Layer],
        query: str,
        now: datetime,
        wanted: RecordFilter | None,
        bounded: Callable[[str, Callable[[float], Any]], Any],
    ) -> Ranking:
        """``explain``: each scope of ``layers`` ranked on its own, then merged; each read
        runs through ``bounded(what, call)``, the engine's store deadline."""
        rankings: list[tuple[str, Ranking]] = []
        for layer in layers:
            try:
                records = bounded("explain", partial(_records_of, self, layer.namespace))
            except StoreUnavailableError as exc:
                self._stats.incr("store_read_failures")
                logger.warning("memory recall skipped, store unavailable: %s", exc)
                return Ranking(query=query, hits=(), considered=())
            rankings.append((layer.scope, self.rank(records, query, now, wanted)))
        return self.merged(query, rankings)

    def merged(self, query: str, rankings: Sequence[tuple[str, Ranking]]) -> Ranking:
        """One ranking of several scopes' (see :func:`memory_plugins.layers.merge_rankings`)."""
        return merge_rankings(query, rankings, self._recall)

    def _noticing_empty(self, namespace: tuple[str, ...], loader: Callable[[], Records]) -> Records:
        """``loader()``; a user without memories is told once if the store holds records
        elsewhere (another secret or app). Looked up inside the read job, never left running
        on its own: a store the app closes after the call is never touched again."""
        records = loader()
        # A user's own scope only: an assistant or an org without memories is common.
        user_scope = namespace[1] == MEMORY_SEGMENT
        if not len(records) and user_scope and self._unreachable.wants(namespace[3]):
            self._unreachable.empty_read(namespace[3])
        return records

    def timed_out(self) -> RecallResult:
        self._stats.incr("recall_timeouts")
        logger.warning(
            "memory recall skipped: the store gave no answer within %.0f ms",
            self._config.recall.time_budget_ms,
        )
        return RecallResult(hits=(), message=None, degraded=True)

    def failed(self, exc: StoreUnavailableError) -> RecallResult:
        if isinstance(exc, ReadQueueFullError):  # the store is too slow: same as a timeout
            return self.timed_out()
        self._stats.incr("store_read_failures")
        logger.warning("memory recall skipped, store unavailable: %s", exc)
        return RecallResult(hits=(), message=None, degraded=True)

    # -- records ---------------------------------------------------------------------------

    def records(self, namespace: tuple[str, ...]) -> Iterable[MemoryRecord]:
        """The namespace's records, expired ones included (from the cache if on)."""
        if self.cache is None:
            return self.read_records(namespace)
        return self.cached_records(namespace).view(None)

    def load(
        self, namespace: tuple[str, ...], now: datetime, *, keep_expired: bool = False
    ) -> list[MemoryRecord]:
        records: Records
        if self.cache is None:
            records = self.read_records(namespace)
        else:
            records = self.cached_records(namespace)
        if keep_expired:
            return list(records)
        stamp = utc_iso(now)
        return [r for r in records if r.expires_at is None or r.expires_at > stamp]

    def cached_records(self, namespace: tuple[str, ...]) -> RecordIndex:
        """The namespace's records from the cache when its change token still matches;
        after a write by another process, the cached ones brought up to date."""
        assert self.cache is not None
        recent = self.cache.recent(namespace)
        if recent is not None:
            return recent
        state = self._change_token(namespace)
        previous = self.cache.previous(namespace)
        loader = partial(self._refresh, namespace, previous, state.updated_at)
        return self.cache.fetch(namespace, loader, version=_token(state)).result()

    def _refresh(
        self, namespace: tuple[str, ...], previous: RecordIndex | None, seen_at: datetime | None
    ) -> RecordIndex:
        """``previous`` with what changed since it was read, where the store can say what
        changed (SQLite, PostgreSQL); else the whole namespace, read anew. ``seen_at`` is
        when the store wrote the change token now current."""
        # Before any read: writes still open now are stamped no earlier than this.
        seen_at = _earliest(seen_at, self._gateway.open_since(namespace))
        since = previous.since if previous is not None else None
        if previous is not None and since is not None:
            changes = self._gateway.read_changed(namespace, since - _CHANGE_MARGIN)
            if changes is not None:
                with paused_collection(len(previous)):
                    index = previous.copy()
                index.apply(self.parse(v for _, v in changes.items))
                if len(index) != changes.count:  # deletions: drop the keys no longer stored
                    index.apply(removed=index.keys() - self._gateway.read_keys(namespace))
                if len(index) == changes.count:
                    index.since = seen_at
                    self._stats.incr("cache_delta_reads")
                    return index
        stored = self._gateway.read_stored(namespace)
        with paused_collection(len(stored)):
            if previous is not None:  # a store that cannot say what changed: compare
                changed, removed = previous.changes_to(stored)
                if len(changed) <= max(_REUSE_UP_TO, len(stored) // 4):
                    index = previous.copy().apply(map(parse_stored, changed), removed)
                    index.since = seen_at
                    self._stats.incr("cache_records_reused", len(index) - len(changed))
                    return index
            index = RecordIndex.from_stored((v for _, v in stored), model=self._vectors.model)
        index.since = seen_at
        return index

    def read_records(self, namespace: tuple[str, ...]) -> tuple[MemoryRecord, ...]:
        return self.parse([value for _, value in self._gateway.read_all(namespace)])

    @staticmethod
    def parse(values: Iterable[dict[str, Any]]) -> tuple[MemoryRecord, ...]:
        values = values if isinstance(values, list) else list(values)
        with paused_collection(len(values)):
            return tuple(MemoryRecord.from_json(value) for value in values)

    def _change_token(self, namespace: tuple[str, ...]) -> MarkerState:
        token_ns = state_namespace(namespace)

        def read() -> MarkerState:
            return self._gateway.read_marker(token_ns, CHANGE_TOKEN_KEY)

        # A burst of readers (e.g. on a hanging store) shares one token lookup.
        return self._token_reads.run(namespace, read)

    # -- what writes need ------------------------------------------------------------------

    def read_keys(
        self, namespace: tuple[str, ...], keys: list[str]
    ) -> tuple[dict[str, dict[str, Any] | None], MarkerState | None]:
        """The keys' stored values, and (with the cache on) the change token in the same
        store call: what the cache must have been current at to take this write in place."""
        if self.cache is None:
            return self._gateway.get_many(namespace, keys), None
        marker = (state_namespace(namespace), CHANGE_TOKEN_KEY)
        return self._gateway.get_many_and_marker(namespace, keys, marker)

    def cached_write(
        self,
        namespace: tuple[str, ...],
        seen: MarkerState | None,
        marker: ChangeMarker,
        *,
        put: Iterable[MemoryRecord] = (),
        removed: Iterable[str] = (),
    ) -> None:
        # The engine's own write lands in the cache in place (under the write lock), so the
        # next recall needs no read; with the prior token unknown, the entry is dropped.
        if self.cache is None:
            return
        if seen is None:
            self.cache.invalidate(namespace)
            return
        try:
            self.cache.update(
                namespace,
                lambda index: index.apply(put, removed),
                before=_token(seen),
                after=str(marker[2]["v"]),
            )
        except Exception as exc:  # the write is stored; the entry was dropped, read it anew
            self._stats.incr("cache_update_failures")
            logger.warning("cached records dropped after a failed update: %r", exc)

    def invalidate(self, namespace: tuple[str, ...]) -> None:
        if self.cache is not None:
            self.cache.invalidate(namespace)

    def clear(self) -> None:
        """Forget every cached namespace (after a sweep of the whole store)."""
        if self.cache is not None:
            self.cache.clear()


def _given(records: Records) -> Records:
    return records


def _each(loaders: Sequence[Callable[[], Records]]) -> list[Records]:
    return [loader() for loader in loaders]


def _earliest(first: datetime | None, second: datetime | None) -> datetime | None:
    if first is None or second is None:
        return first if second is None else second
    return min(first, second)


def _token(state: MarkerState) -> str | None:
    return str(state.value.get("v")) if state.value else None


def _records_of(read: ReadPath, namespace: tuple[str, ...], _: float) -> Iterable[MemoryRecord]:
    return read.records(namespace)
