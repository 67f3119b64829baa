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
import hashlib
import logging
import threading
import time
import uuid
import warnings
import weakref
from collections.abc import Callable, Iterable, Mapping, Sequence
from concurrent.futures import Future
from dataclasses import dataclass, replace
from datetime import datetime, timedelta
from functools import partial
from types import TracebackType
from typing import TYPE_CHECKING, Any, Literal, Self, TypeVar

from memory_plugins.arguments import require_candidates, require_config, require_query
from memory_plugins.backends import before_close
from memory_plugins.cache import ReadPool, ReadQueueFullError, RecordCache, SingleFlight
from memory_plugins.candidate import (
    Action,
    HistoryEntry,
    Identity,
    MemoryCandidate,
    MemoryRecord,
    Polarity,
    RecordStatus,
    StoredVector,
)
from memory_plugins.clock import Clock, SystemClock, utc_iso
from memory_plugins.config import MemoryConfig
from memory_plugins.elsewhere import UnreachableNotice
from memory_plugins.errors import (
    ConfigurationError,
    EngineClosedError,
    StoreUnavailableError,
    WrongTypeError,
)
from memory_plugins.filters import RecordFilter, as_filter
from memory_plugins.gates import evaluate
from memory_plugins.keys import legacy_stable_key, stable_key
from memory_plugins.layers import Layer, merge_hits, merge_rankings, recall_layers, scoped
from memory_plugins.namespaces import (
    CHANGE_TOKEN_KEY,
    MEMORY_SEGMENT,
    SLICE_SEGMENT,
    state_namespace,
)
from memory_plugins.outcomes import EngineStats, OutcomeStatus, WriteOutcome
from memory_plugins.principals import PrincipalLike, scope_namespace
from memory_plugins.recall.features import compute_features
from memory_plugins.recall.index import IndexView, RecordIndex, parse_stored
from memory_plugins.recall.injection import render_memory_message
from memory_plugins.recall.scoring import rank, select
from memory_plugins.recall.types import Ranking, RecallHit
from memory_plugins.recall.vectors import numpy_or_none
from memory_plugins.semantic import (
    Embeddings,
    EmbeddingsLike,
    as_embedder,
    check_query_vector,
    decode_vector,
    embedder_name,
    encode_vector,
    similarities,
    vector_of,
)
from memory_plugins.store import (
    MarkerState,
    StoreGateway,
    StoreLike,
    paused_collection,
)
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

__all__ = ["MemoryEngine", "RecallResult", "StatusFilter"]

logger = logging.getLogger("memory_plugins")

StatusFilter = Literal["active", "suppressed", "all"]
_LOCK_STRIPES = 64
_EMBED_WORKERS = 2
T = TypeVar("T")
# A read of what changed also reads the rows written up to this long before the token it
# starts from: PostgreSQL stamps rows with their transaction's start, so a transaction that
# began before that token's may commit after it.
_CHANGE_MARGIN = timedelta(seconds=1)
# A full read reuses the cached records unless more than a quarter of them (and more than
# a hundred) changed: parsing the changed ones then costs more than indexing anew.
_REUSE_UP_TO = 100


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
        self._model: str | None = None
        if embeddings is not None:
            self.embeddings = as_embedder(embeddings)
            self._model = embedder_name(self.embeddings)
        # The recall settings in force: the model's fitted semantic thresholds, if it has any.
        self._recall = config.recall.for_model(self._model)
        self.clock: Clock = clock or SystemClock()
        self.gateway = StoreGateway(store)
        self.stats = EngineStats()
        self._locks = [threading.Lock() for _ in range(_LOCK_STRIPES)]
        self._cache: RecordCache[RecordIndex] | None = None
        if config.cache is not None:
            # The engine clock drives cache lifetimes too, so tests can age entries.
            self._cache = RecordCache(
                config.cache, timer=lambda: self.clock.now().timestamp(), stats=self.stats
            )
        self._reads = ReadPool(config.recall.read_workers)
        # Writes and management calls run here, so their caller can leave at the deadline.
        self._calls = ReadPool(config.recall.read_workers, name="memory-plugins-call")
        self._embeds = ReadPool(_EMBED_WORKERS, name="memory-plugins-embed")
        self._token_reads: SingleFlight[MarkerState] = SingleFlight()
        # Erasures per namespace in this engine: a turn queued before one is never written.
        self._erasures: dict[tuple[str, ...], int] = {}
        self._unreachable = UnreachableNotice(self.gateway, config.app)
        # The meaning channel: ready at once unless the model loads lazily (``warm``), then
        # once it is warm; records written before that get their vectors then.
        self._meaning_ready = threading.Event()
        self._meaning_lock = threading.Lock()
        self._meaning_told = False
        self._vectors_later: set[tuple[str, ...]] = set()
        self._store_closed = False
        before_close(store, _weakly(self._store_closing))
        self._start_meaning()
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

    def _start_meaning(self) -> None:
        warm = getattr(self.embeddings, "warm", None)
        if not callable(warm):
            self._meaning_ready.set()
            return
        began = time.monotonic()

        def warm_up() -> None:
            try:
                numpy_or_none()  # the vector matrix's library: imported here, not in a recall
                warm()
            except Exception as exc:  # the first real call reports it, counted
                logger.debug("memory meaning channel: warming the model failed: %r", exc)
            with self._meaning_lock:
                self._meaning_ready.set()
                later, self._vectors_later = self._vectors_later, set()
            if self._meaning_told:
                logger.info("memory meaning channel ready after %.1f s", time.monotonic() - began)
            for namespace in later:
                self._fill_vectors(namespace)

        self._embeds.submit(warm_up)

    def _meaning_not_ready(self, what: str) -> None:
        """Said once per engine: the model is still loading, so ``what`` goes without it."""
        self.stats.incr("embedding_not_ready")
        with self._meaning_lock:
            told, self._meaning_told = self._meaning_told, True
        if not told:  # nothing is lost (vectors follow by themselves): worth a note, not alarm
            logger.info(
                "memory meaning channel not ready yet (the embedding model is loading): %s "
                "runs on the rules alone until it is, and records written meanwhile get their "
                "vectors once it is ready (said once)",
                what,
            )

    def _vectors_when_ready(self, namespace: tuple[str, ...]) -> None:
        """Records of ``namespace`` were stored without vectors: add them in the background."""
        with self._meaning_lock:
            if not self._meaning_ready.is_set():
                self._vectors_later.add(namespace)
                return
        try:
            self._embeds.submit(partial(self._fill_vectors, namespace))
        except Exception:  # closed or saturated: embed_missing still can
            return

    def _store_closing(self) -> None:
        """The store's ``with sqlite_store(...)`` block ends: no background fill after it."""
        with self._meaning_lock:
            self._store_closed = True
            self._vectors_later.clear()

    def _fill_vectors(self, namespace: tuple[str, ...]) -> None:
        if self._closed or self._store_closed:
            return
        try:
            self._embed_missing(namespace)
        except Exception as exc:  # a background fill never raises
            logger.warning("memory vectors not added in the background: %r", exc)

    def _require_open(self, what: str) -> None:
        if self._closed:
            raise EngineClosedError(
                f"MemoryEngine.{what}: the engine is closed; open a new one over the store"
            )

    @property
    def store(self) -> StoreLike:
        """The underlying LangGraph store."""
        return self.gateway.store

    def namespace(self, principal: PrincipalLike) -> tuple[str, ...]:
        """The namespace holding ``principal``'s memories (``principal.id`` for a Principal;
        a :class:`~memory_plugins.principals.Scope` names an assistant's or an org's)."""
        return scope_namespace(self.config, principal)

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
        return self._erasures.get(self.namespace(principal), 0)

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
        decisions = [evaluate(c, source_conversation_id, self.config) for c in candidates]
        outcomes: list[WriteOutcome | None] = [None] * len(decisions)
        accepted: list[tuple[int, MemoryCandidate, str]] = []
        for index, decision in enumerate(decisions):
            if decision.code is not None or decision.candidate is None:
                outcomes[index] = WriteOutcome(
                    OutcomeStatus.REJECTED,
                    code=decision.code,
                    detail=decision.detail,
                    candidate=decision.candidate,
                )
                continue
            cand = decision.candidate
            accepted.append((index, cand, stable_key(cand.type, cand.identity)))

        if accepted:
            assert source_conversation_id is not None  # the draft gate guarantees it
            write = partial(self._write, namespace, accepted, source_conversation_id, epoch)
            try:
                written = self._bounded("remember", write)
            except StoreUnavailableError as exc:
                written = self._unavailable(accepted, exc, "call")
            except _ErasedMeanwhile:
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

    def _write(
        self,
        namespace: tuple[str, ...],
        accepted: list[tuple[int, MemoryCandidate, str]],
        conversation_id: str,
        epoch: int | None,
        deadline: float,
    ) -> list[tuple[int, WriteOutcome]]:
        with self._lock_for(namespace):
            if epoch is not None and self._erasures.get(namespace, 0) != epoch:
                raise _ErasedMeanwhile
            return self._write_locked(namespace, accepted, conversation_id, deadline)

    def _write_locked(
        self,
        namespace: tuple[str, ...],
        accepted: list[tuple[int, MemoryCandidate, str]],
        conversation_id: str,
        deadline: float,
    ) -> list[tuple[int, WriteOutcome]]:
        now = self.clock.now()
        pairs = _key_pairs(accepted)
        wanted = {key for pair in pairs for key in pair}
        try:
            current, seen = self._read_keys(namespace, sorted(wanted))
        except StoreUnavailableError as exc:
            return self._unavailable(accepted, exc, "read")

        state: dict[str, MemoryRecord | None] = {
            key: self._live(MemoryRecord.from_json(value), now) if value else None
            for key, value in current.items()
        }
        # A record stored before keys told identity parts apart keeps its legacy key: it
        # is updated (or superseded, or suppressed) there, never duplicated.
        moved = {new: old for new, old in pairs if _stored_as(state, new, old)}
        for new, old in moved.items():
            state[new] = state[old]
        accepted = [(index, cand, moved.get(key, key)) for index, cand, key in accepted]
        before = dict(state)
        changed: dict[str, MemoryRecord] = {}
        results: list[tuple[int, WriteOutcome]] = []
        for index, cand, key in accepted:
            outcome = self._decide(cand, key, state, conversation_id, now)
            if outcome.stored and outcome.record is not None:
                state[key] = changed[key] = outcome.record
            if outcome.status in {OutcomeStatus.ADDED, OutcomeStatus.UPDATED}:
                superseded = self._supersede(cand, state, conversation_id, now)
                if superseded is not None:
                    state[superseded.key] = changed[superseded.key] = superseded
                    outcome = WriteOutcome(
                        outcome.status,
                        key=outcome.key,
                        detail=f"{outcome.detail}; superseded {superseded.key}",
                        record=outcome.record,
                        candidate=cand,
                    )
            results.append((index, outcome))

        if changed and self.embeddings is not None:
            results = self._attach_vectors(changed, before, results, deadline, namespace)
        if changed:
            try:
                _in_time(deadline)
            except StoreUnavailableError as exc:
                return self._unavailable(accepted, exc, "call")
        failed = self._put_isolating(namespace, changed, now, seen=seen) if changed else {}
        if failed:
            self.stats.incr("store_write_failures")
            first = next(iter(failed.values()))
            logger.warning(
                "memory write skipped for %d of %d records, store unavailable: %s",
                len(failed),
                len(changed),
                first,
            )
            return [
                (i, _unavailable(o, failed[o.key])) if o.stored and o.key in failed else (i, o)
                for i, o in results
            ]
        return results

    def _put_isolating(
        self,
        namespace: tuple[str, ...],
        changed: Mapping[str, MemoryRecord],
        now: datetime,
        *,
        seen: MarkerState | None = None,
    ) -> dict[str, StoreUnavailableError]:
        """Write ``changed`` in one batch; when the store refuses the batch but still takes a
        write, retry record by record so one record it refuses cannot sink the others.
        Returns the failure of each record that was not written. (The retries drop the
        cached namespace: its token moved under them.)"""
        try:
            self._put_records(namespace, changed.values(), now, seen=seen)
        except StoreUnavailableError as exc:
            if len(changed) == 1 or not self._accepts_writes(namespace, now):
                return dict.fromkeys(changed, exc)
        else:
            return {}
        failed: dict[str, StoreUnavailableError] = {}
        for key, record in changed.items():
            try:
                self._put_records(namespace, [record], now)
            except StoreUnavailableError as exc:
                failed[key] = exc
        return failed

    def _accepts_writes(self, namespace: tuple[str, ...], now: datetime) -> bool:
        # A lone change token is the smallest valid write: if it fails too, this is an outage.
        token_ns, key, value = self._change_marker(namespace, now)
        try:
            self.gateway.put_many(token_ns, [(key, value)])
        except StoreUnavailableError:
            return False
        return True

    def _attach_vectors(
        self,
        changed: dict[str, MemoryRecord],
        before: Mapping[str, MemoryRecord | None],
        results: list[tuple[int, WriteOutcome]],
        deadline: float | None = None,
        namespace: tuple[str, ...] | None = None,
    ) -> list[tuple[int, WriteOutcome]]:
        """Give each changed active record its vector: kept while its text is unchanged,
        else embedded (one call per write batch). On failure the records go without.

        With a (monotonic) ``deadline`` the embedding may use half the time left, so a slow
        model never costs the write itself: past that the records are stored without
        vectors (counted as ``embedding_timeouts``) and, given their ``namespace``, get them
        in the background once the model answers. A model still loading (see ``warm``) is
        waited for within that half too.
        """
        assert self.embeddings is not None and self._model is not None
        model = self._model
        missing: dict[str, list[str]] = {}
        for key, record in changed.items():
            if record.status is not RecordStatus.ACTIVE or vector_of(record.vector, model):
                continue
            old = before.get(key)
            kept = vector_of(old.vector, model) if old and old.text == record.text else None
            if kept is not None:
                changed[key] = _with_vector(record, kept, model)
            else:
                missing.setdefault(record.text, []).append(key)
        if missing and deadline is not None and not self._meaning_ready.is_set():
            halfway = max(0.0, deadline - time.monotonic()) / 2
            if not self._meaning_ready.wait(halfway):
                self._meaning_not_ready("the write")
                if namespace is not None:
                    self._vectors_when_ready(namespace)
                missing = {}
        if missing:
            texts = list(missing)
            try:
                embedded = (
                    self.embeddings.embed_documents(texts)
                    if deadline is None
                    else self._embed_documents_by(texts, deadline)
                )
                encoded = [encode_vector(v) for v in embedded]
                if len(encoded) != len(texts):
                    raise ValueError(f"{len(encoded)} vectors for {len(texts)} texts")
                if len({len(e) for e in encoded}) > 1:
                    raise ValueError("vectors of different sizes in one batch")
            except TimeoutError:
                self.stats.incr("embedding_timeouts")
                logger.warning(
                    "memory vectors skipped for %d texts: the embedding ran past half the "
                    "write deadline (added in the background once the model answers)",
                    len(texts),
                )
                if namespace is not None:
                    self._vectors_when_ready(namespace)
            except Exception as exc:  # any model failure: store without vectors, rules still work
                self.stats.incr("embedding_failures")
                logger.warning("memory vectors skipped, embedding failed: %r", exc)
            else:
                self.stats.incr("embedded_texts", len(texts))
                for text, vector in zip(texts, encoded, strict=True):
                    for key in missing[text]:
                        changed[key] = _with_vector(changed[key], vector, model)
        return [
            (i, replace(o, record=changed[o.key]) if o.stored and o.key in changed else o)
            for i, o in results
        ]

    def _put_records(
        self,
        namespace: tuple[str, ...],
        records: Iterable[MemoryRecord],
        now: datetime,
        *,
        seen: MarkerState | None = None,
    ) -> None:
        """Store ``records``; then update the cached namespace in place (``seen``: the change
        token read with the records' previous state), or forget it (``seen`` unknown)."""
        # A record read with features of an earlier layout is written back with current ones.
        batch = [
            r
            if r.features is not None
            else replace(r, features=compute_features(r.type, r.text, r.tags, r.identity, r.cues))
            for r in records
        ]
        marker = self._change_marker(namespace, now)
        try:
            self.gateway.put_many(
                namespace,
                [(record.key, record.to_json()) for record in batch],
                ttl_minutes=_store_ttl_minutes(batch, now),
                marker=marker,
            )
        except BaseException:
            self._invalidate(namespace)  # a failed batch may still have been applied
            raise
        self._cached_write(namespace, seen, marker, put=batch)

    def _cached_write(
        self,
        namespace: tuple[str, ...],
        seen: MarkerState | None,
        marker: tuple[tuple[str, ...], str, dict[str, Any]],
        *,
        put: Iterable[MemoryRecord] = (),
        removed: Iterable[str] = (),
    ) -> None:
        # The engine's own write lands in the cache in place (under the write lock), so the
        # next recall needs no read; with the prior token unknown, the entry is dropped.
        if self._cache is None:
            return
        if seen is None:
            self._cache.invalidate(namespace)
            return
        try:
            self._cache.update(
                namespace,
                lambda index: index.apply(put, removed),
                before=_token(seen),
                after=str(marker[2]["v"]),
            )
        except Exception as exc:  # the write is stored; the entry was dropped, read it anew
            self.stats.incr("cache_update_failures")
            logger.warning("cached records dropped after a failed update: %r", exc)

    def _read_keys(
        self, namespace: tuple[str, ...], keys: list[str]
    ) -> tuple[dict[str, dict[str, Any] | None], MarkerState | None]:
        """The keys' stored values, and (with the cache on) the change token in the same
        store call: what the cache must have been current at to take this write in place."""
        if self._cache is None:
            return self.gateway.get_many(namespace, keys), None
        marker = (state_namespace(namespace), CHANGE_TOKEN_KEY)
        return self.gateway.get_many_and_marker(namespace, keys, marker)

    def _invalidate(self, namespace: tuple[str, ...]) -> None:
        if self._cache is not None:
            self._cache.invalidate(namespace)

    def _change_marker(
        self, namespace: tuple[str, ...], now: datetime
    ) -> tuple[tuple[str, ...], str, dict[str, Any]]:
        # Every write bumps the namespace's change token, so caches in *other* processes
        # notice it with one key lookup instead of serving stale records.
        return (
            state_namespace(namespace),
            CHANGE_TOKEN_KEY,
            {"v": uuid.uuid4().hex, "at": utc_iso(now)},
        )

    def _change_token(self, namespace: tuple[str, ...]) -> MarkerState:
        token_ns = state_namespace(namespace)

        def read() -> MarkerState:
            return self.gateway.read_marker(token_ns, CHANGE_TOKEN_KEY)

        # A burst of readers (e.g. on a hanging store) shares one token lookup.
        return self._token_reads.run(namespace, read)

    def _unavailable(
        self, accepted: list[tuple[int, MemoryCandidate, str]], exc: Exception, what: str
    ) -> list[tuple[int, WriteOutcome]]:
        self.stats.incr("store_write_failures")
        logger.warning("memory write skipped, store %s failed: %s", what, exc)
        return [
            (i, WriteOutcome(OutcomeStatus.STORE_UNAVAILABLE, key=k, detail=str(exc), candidate=c))
            for i, c, k in accepted
        ]

    def _live(self, record: MemoryRecord, now: datetime) -> MemoryRecord | None:
        if record.expires_at is not None and record.expires_at <= utc_iso(now):
            return None
        return record

    def _expiry(self, now: datetime) -> str | None:
        ttl = self.config.record_ttl
        return utc_iso(now + ttl) if ttl else None

    def _decide(
        self,
        cand: MemoryCandidate,
        key: str,
        state: Mapping[str, MemoryRecord | None],
        conversation_id: str,
        now: datetime,
    ) -> WriteOutcome:
        existing = state.get(key)
        stamp = utc_iso(now)
        if cand.action is Action.SUPPRESS:
            if existing is None or existing.status is not RecordStatus.ACTIVE:
                return WriteOutcome(
                    OutcomeStatus.NOT_FOUND, key=key, detail="no active record", candidate=cand
                )
            record = _suppressed(existing, "suppressed", conversation_id, stamp)
            return WriteOutcome(OutcomeStatus.SUPPRESSED, key=key, record=record, candidate=cand)

        tags = tuple(t.strip() for t in cand.tags)
        text = cand.text.strip()
        # A candidate without cues says nothing about them: the record keeps its own.
        cues = tuple(cand.cues) or (existing.cues if existing is not None else ())
        if existing is None:
            record = MemoryRecord(
                key=key,
                type=cand.type,
                text=text,
                tags=tags,
                confidence=cand.confidence,
                identity=cand.identity,
                status=RecordStatus.ACTIVE,
                source_conversation_id=conversation_id,
                source_signal=cand.source_signal,
                reason=cand.reason,
                created_at=stamp,
                expires_at=self._expiry(now),
                features=compute_features(cand.type, text, tags, cand.identity, cues),
                cues=cues,
                metadata=dict(cand.metadata),
            )
            return WriteOutcome(OutcomeStatus.ADDED, key=key, record=record, candidate=cand)

        if (
            existing.status is RecordStatus.ACTIVE
            and existing.type is cand.type
            and existing.identity == cand.identity
            and existing.text == text
            and existing.tags == tags
            and existing.cues == cues
            and (not cand.metadata or existing.metadata == cand.metadata)
        ):
            return WriteOutcome(OutcomeStatus.DUPLICATE, key=key, record=existing, candidate=cand)

        record = existing.evolve(
            type=cand.type,
            text=text,
            tags=tags,
            confidence=cand.confidence,
            identity=cand.identity,
            status=RecordStatus.ACTIVE,
            reason=cand.reason,
            updated_at=stamp,
            suppressed_at=None,
            suppressed_by=None,
            expires_at=self._expiry(now),
            history=(*existing.history, _history(existing, "updated", conversation_id, stamp)),
            features=compute_features(cand.type, text, tags, cand.identity, cues),
            cues=cues,
            # A candidate without metadata says nothing about it: the record keeps its own.
            metadata=dict(cand.metadata) if cand.metadata else existing.metadata,
            vector=None,  # kept by _attach_vectors while the text is unchanged
        )
        return WriteOutcome(OutcomeStatus.UPDATED, key=key, record=record, candidate=cand)

    def _supersede(
        self,
        cand: MemoryCandidate,
        state: Mapping[str, MemoryRecord | None],
        conversation_id: str,
        now: datetime,
    ) -> MemoryRecord | None:
        # "prefer X" and "avoid X" cannot both hold: the latest statement wins.
        opposite = _opposite_key(cand)
        existing = state.get(opposite) if opposite else None
        if existing is None or existing.status is not RecordStatus.ACTIVE:
            return None
        stamp = utc_iso(now)
        return _suppressed(existing, "superseded", conversation_id, stamp)

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
        records = self._bounded("list_records", lambda _: self._load(namespace, now))
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
        call = partial(self._transition_locked, namespace, key, target, conversation_id)
        try:
            outcome = self._bounded(f"{target}", call)
        except StoreUnavailableError as exc:
            self.stats.incr("store_write_failures")
            return WriteOutcome(OutcomeStatus.STORE_UNAVAILABLE, key=key, detail=str(exc))
        return outcome

    def _transition_locked(
        self,
        namespace: tuple[str, ...],
        key: str,
        target: RecordStatus,
        conversation_id: str | None,
        deadline: float,
    ) -> WriteOutcome:
        with self._lock_for(namespace):
            # Stamped under the lock: a writer that waited must not write an older time.
            now = self.clock.now()
            stamp = utc_iso(now)
            try:
                values, seen = self._read_keys(namespace, [key])
                value = values[key]
            except StoreUnavailableError as exc:
                self.stats.incr("store_read_failures")
                return WriteOutcome(OutcomeStatus.STORE_UNAVAILABLE, key=key, detail=str(exc))
            existing = self._live(MemoryRecord.from_json(value), now) if value else None
            if existing is None or existing.status is target:
                return WriteOutcome(
                    OutcomeStatus.NOT_FOUND, key=key, detail=f"no record to mark {target}"
                )
            if target is RecordStatus.SUPPRESSED:
                record = _suppressed(existing, "suppressed", conversation_id, stamp)
                status = OutcomeStatus.SUPPRESSED
            else:
                record = existing.evolve(
                    status=target,
                    suppressed_at=None,
                    suppressed_by=None,
                    updated_at=stamp,
                    history=(
                        *existing.history,
                        _history(existing, "restored", conversation_id, stamp),
                    ),
                )
                status = OutcomeStatus.RESTORED
            try:
                _in_time(deadline)
                self._put_records(namespace, [record], now, seen=seen)
            except StoreUnavailableError as exc:
                self.stats.incr("store_write_failures")
                return WriteOutcome(OutcomeStatus.STORE_UNAVAILABLE, key=key, detail=str(exc))
        self.stats.incr(f"outcome_{status}")
        return WriteOutcome(status, key=key, record=record)

    def embed_missing(self, principal: PrincipalLike) -> int:
        """Compute the vectors the principal's active records lack (written before the
        semantic channel was on, or by another model); returns how many were stored.

        Raises ``ConfigurationError`` without ``embeddings`` and ``StoreUnavailableError``
        when the store fails; an embedding failure stores nothing (counted, logged).
        """
        self._require_open("embed_missing")
        if self.embeddings is None or self._model is None:
            raise ConfigurationError("embed_missing needs MemoryEngine(..., embeddings=...)")
        return self._embed_missing(self.namespace(principal))

    def _embed_missing(self, namespace: tuple[str, ...]) -> int:
        model = self._model
        assert model is not None
        with self._lock_for(namespace):
            now = self.clock.now()
            lacking = {
                r.key: r
                for r in self._read_records(namespace)
                if r.status is RecordStatus.ACTIVE
                and self._live(r, now) is not None
                and not vector_of(r.vector, model)
            }
            if not lacking:
                return 0
            self._attach_vectors(lacking, {}, [])
            done = [r for r in lacking.values() if vector_of(r.vector, model)]
            if done:
                self._put_records(namespace, done, now)
        return len(done)

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
        return self._bounded("forget", partial(self._forget, namespace, key))

    def _forget(self, namespace: tuple[str, ...], key: str, deadline: float) -> int:
        with self._lock_for(namespace):
            try:
                values, seen = self._read_keys(namespace, [key])
                present = values[key] is not None
                marker = self._change_marker(namespace, self.clock.now())
                _in_time(deadline)
                self.gateway.delete_many(namespace, [key] if present else [], marker=marker)
                if present:
                    self._cached_write(namespace, seen, marker, removed=[key])
                return int(present)
            except BaseException:
                self._invalidate(namespace)
                raise

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
        return self._bounded("erase_user", partial(self._erase, namespace))

    def _erase(self, namespace: tuple[str, ...], deadline: float) -> int:
        app, _, schema, digest = namespace
        with self._lock_for(namespace):
            self._erasures[namespace] = self._erasures.get(namespace, 0) + 1
            try:
                keys = [k for k, _ in self.gateway.read_all(namespace)]
                # The slices' namespaces, found by their layout (the engine never imports slices).
                slices = self.gateway.list_namespaces((app, SLICE_SEGMENT, schema, digest))
                slice_keys = [(ns, [k for k, _ in self.gateway.read_all(ns)]) for ns in slices]
                marker = self._change_marker(namespace, self.clock.now())
                _in_time(deadline)
                for slice_ns, found in slice_keys:
                    self.gateway.delete_many(slice_ns, found)
                self.gateway.delete_many(namespace, keys, marker=marker)
                return len(keys) + sum(len(found) for _, found in slice_keys)
            finally:
                self._invalidate(namespace)

    def sweep(self, principal: PrincipalLike) -> int:
        """Physically delete the principal's expired records; returns how many.

        Works on every store. For all principals at once on SQLite or PostgreSQL, use
        :meth:`sweep_all`. Raises ``StoreUnavailableError``.
        """
        self._require_open("sweep")
        namespace = self.namespace(principal)
        return self._bounded("sweep", partial(self._sweep, namespace))

    def _sweep(self, namespace: tuple[str, ...], deadline: float) -> int:
        with self._lock_for(namespace):
            now = utc_iso(self.clock.now())
            expired = [
                k
                for k, v in self.gateway.read_all(namespace)
                if v.get("expires_at") is not None and v["expires_at"] <= now
            ]
            try:
                marker = self._change_marker(namespace, self.clock.now())
                _in_time(deadline)
                self.gateway.delete_many(namespace, expired, marker=marker)
            finally:
                if expired:
                    self._invalidate(namespace)
        return len(expired)

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
            if self._cache is not None:
                self._cache.clear()

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
        query = self._clipped(require_query(query, "recall"))
        layers = recall_layers(self.config, principal, agent, org)
        wanted = as_filter(filters)
        now = self.clock.now()
        deadline = time.monotonic() + self._budget_seconds
        future = self._start_read([layer.namespace for layer in layers])
        try:
            read = future.result(timeout=self._budget_seconds)
        except TimeoutError:
            future.cancel()  # a read that has not started yet need not reach the store at all
            return self._recall_timed_out()
        except StoreUnavailableError as exc:
            return self._recall_failed(exc)
        return self._select_layers(layers, read, query, now, deadline, wanted)

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
        query = self._clipped(require_query(query, "arecall"))
        layers = recall_layers(self.config, principal, agent, org)
        wanted = as_filter(filters)
        now = self.clock.now()
        deadline = time.monotonic() + self._budget_seconds
        future = self._start_read([layer.namespace for layer in layers])
        try:
            read = await asyncio.wait_for(asyncio.wrap_future(future), self._budget_seconds)
        except TimeoutError:
            return self._recall_timed_out()
        except StoreUnavailableError as exc:
            return self._recall_failed(exc)
        select_all = partial(self._select_layers, layers, read, query, now, deadline, wanted)
        if self.embeddings is not None:  # embedding the query must not block the event loop
            return await asyncio.to_thread(select_all)
        return select_all()

    def _select_layers(  # noqa: PLR0917 (private: one call site per recall twin)
        self,
        layers: Sequence[Layer],
        read: Sequence["_Records"],
        query: str,
        now: datetime,
        deadline: float,
        wanted: RecordFilter | None,
    ) -> RecallResult:
        """:meth:`_select` per scope, the hits merged (see :mod:`memory_plugins.layers`)."""
        results = [
            self._select(records, query, now, deadline, wanted, layer.scope)
            for layer, records in zip(layers, read, strict=True)
        ]
        if len(results) == 1:
            return results[0]
        hits, _ = merge_hits([r.hits for r in results], self._recall)
        message = render_memory_message(hits) if hits else None
        return RecallResult(hits=hits, message=message, degraded=any(r.degraded for r in results))

    def _clipped(self, query: str) -> str:
        """``query`` within ``recall.max_query_chars``: its first and last halves."""
        limit = self.config.recall.max_query_chars
        if len(query) <= limit:
            return query
        return f"{query[: limit // 2]} {query[len(query) - limit // 2 :]}"

    @property
    def _budget_seconds(self) -> float:
        return self.config.recall.time_budget_ms / 1000

    def _start_read(self, namespaces: Sequence[tuple[str, ...]]) -> "Future[list[_Records]]":
        """A future of each namespace's records, read on the pool (through the cache if on),
        one after the other in one job (a store's connection serves one read at a time).

        Concurrent readers of one namespace still share one store read: the cache's
        single-flight runs inside the pool job.
        """
        loaders: list[Callable[[], _Records]] = []
        stored = False
        for namespace in namespaces:
            recent = self._cache.recent(namespace) if self._cache is not None else None
            if recent is not None:  # no store call to bound
                loaders.append(partial(_given, recent))
                continue
            stored = True
            loader: Callable[[], _Records] = partial(self._read_records, namespace)
            if self._cache is not None:
                loader = partial(self._cached_records, namespace)
            loaders.append(partial(self._noticing_empty, namespace, loader))
        if not stored:  # every one cached: no hand-off to the pool
            served: Future[list[_Records]] = Future()
            served.set_result([loader() for loader in loaders])
            return served
        try:
            return self._reads.submit(partial(_each, loaders))
        except ReadQueueFullError as exc:
            failed: Future[list[_Records]] = Future()
            failed.set_exception(exc)
            return failed

    def _select(  # noqa: PLR0917 (private: recall's own steps)
        self,
        records: "_Records",
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
        if self.embeddings is not None:
            try:
                similar = self._similarities(live, query, deadline)
            except TimeoutError:
                late = True
        if wanted is not None:
            live = wanted.apply(live)
        hits = scoped(select(live, query, self._recall, stamp, similar), scope)
        message = render_memory_message(hits) if hits else None
        return RecallResult(hits=hits, message=message, degraded=late)

    def _noticing_empty(
        self, namespace: tuple[str, ...], loader: Callable[[], "_Records"]
    ) -> "_Records":
        """``loader()``; a user without memories is told once if the store holds records
        elsewhere (another secret or app). Looked up inside the read job, never left running
        on its own: a store the app closes after the call is never touched again."""
        records = loader()
        # A user's own scope only: an assistant or an org without memories is common.
        user_scope = namespace[1] == MEMORY_SEGMENT
        if not len(records) and user_scope and self._unreachable.wants(namespace[3]):
            self._unreachable.empty_read(namespace[3])
        return records

    def _recall_timed_out(self) -> RecallResult:
        self.stats.incr("recall_timeouts")
        logger.warning(
            "memory recall skipped: the store gave no answer within %.0f ms",
            self.config.recall.time_budget_ms,
        )
        return RecallResult(hits=(), message=None, degraded=True)

    def _recall_failed(self, exc: StoreUnavailableError) -> RecallResult:
        if isinstance(exc, ReadQueueFullError):  # the store is too slow: same as a timeout
            return self._recall_timed_out()
        self.stats.incr("store_read_failures")
        logger.warning("memory recall skipped, store unavailable: %s", exc)
        return RecallResult(hits=(), message=None, degraded=True)

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
        query = self._clipped(require_query(query, "explain"))
        layers = recall_layers(self.config, principal, agent, org)
        wanted = as_filter(filters)
        rankings = [
            (layer.scope, self._rank_namespace(layer.namespace, query, wanted)[0])
            for layer in layers
        ]
        return merge_rankings(query, rankings, self._recall)

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

    def _rank(self, principal: PrincipalLike, query: str) -> tuple[Ranking, bool]:
        return self._rank_namespace(self.namespace(principal), query, None)

    def _rank_namespace(
        self, namespace: tuple[str, ...], query: str, wanted: RecordFilter | None
    ) -> tuple[Ranking, bool]:
        now = self.clock.now()

        def load() -> Iterable[MemoryRecord]:
            if self._cache is None:
                return self._read_records(namespace)
            return self._cached_records(namespace).view(None)

        records: Iterable[MemoryRecord]
        try:
            records = self._bounded("explain", lambda _: load())
        except StoreUnavailableError as exc:
            self.stats.incr("store_read_failures")
            logger.warning("memory recall skipped, store unavailable: %s", exc)
            return Ranking(query=query, hits=(), considered=()), True
        similar = self._similarities(records, query) if self.embeddings is not None else None
        if wanted is not None:
            records = wanted.apply(records)
        return rank(records, query, self._recall, utc_iso(now), similar), False

    def _similarities(
        self, records: Iterable[MemoryRecord], query: str, deadline: float | None = None
    ) -> Mapping[str, float] | None:
        """Each vector-holding active record's similarity to ``query``; ``None`` without any
        vector of this model (the query is not embedded) or when embedding fails.

        From the cache, one product with the namespace's vector matrix; otherwise (or for a
        query of another size than the stored vectors) the vectors are decoded one by one.
        With a (monotonic) ``deadline`` the query is embedded on a worker and waited for
        until then; past it ``TimeoutError`` is raised (counted as ``embedding_timeouts``).
        """
        assert self.embeddings is not None and self._model is not None
        model = self._model
        view = records if isinstance(records, IndexView) else None
        if view is not None and view.index.vectors is not None and not view.vector_count():
            return None
        if deadline is not None and not self._meaning_ready.is_set():  # not worth waiting for
            self._meaning_not_ready("recall")
            raise _MeaningNotReady
        try:
            embedded: Sequence[float]
            if deadline is None:
                embedded = self.embeddings.embed_query(query)
            else:
                embedded = self._embed_query_by(query, deadline)
            embedded = check_query_vector(embedded, {})  # empty or not finite: a failure
            if view is not None and view.index.vectors is not None:
                found = view.similarities(decode_vector(encode_vector(embedded)))
                if found is not None:
                    return found
            vectors = {
                r.key: v
                for r in records
                if r.status is RecordStatus.ACTIVE and (v := vector_of(r.vector, model))
            }
            if not vectors:
                return None
            return similarities(check_query_vector(embedded, vectors), vectors)
        except TimeoutError:
            self.stats.incr("embedding_timeouts")
            logger.warning("semantic recall skipped: the query embedding ran past the budget")
            raise
        except Exception as exc:  # any model failure: this recall runs on the rules alone
            self.stats.incr("embedding_failures")
            logger.warning("semantic recall skipped, embedding failed: %r", exc)
            return None

    def _embed_query_by(self, query: str, deadline: float) -> list[float]:
        assert self.embeddings is not None
        return self._embed_by(partial(self.embeddings.embed_query, query), deadline)

    def _embed_documents_by(self, texts: list[str], deadline: float) -> list[list[float]]:
        assert self.embeddings is not None
        halfway = time.monotonic() + max(0.0, deadline - time.monotonic()) / 2
        return self._embed_by(partial(self.embeddings.embed_documents, texts), halfway)

    def _embed_by(self, call: Callable[[], T], deadline: float) -> T:
        """``call()`` on an embedding worker, waited for until ``deadline`` (TimeoutError)."""
        try:
            future = self._embeds.submit(call)
        except ReadQueueFullError:  # earlier embeddings are still stuck: as late as they are
            raise TimeoutError from None
        try:
            return future.result(timeout=max(0.0, deadline - time.monotonic()))
        except TimeoutError:
            future.cancel()
            raise

    def _load(
        self, namespace: tuple[str, ...], now: datetime, *, keep_expired: bool = False
    ) -> list[MemoryRecord]:
        records: _Records
        if self._cache is None:
            records = self._read_records(namespace)
        else:
            records = self._cached_records(namespace)
        if keep_expired:
            return list(records)
        stamp = utc_iso(now)
        return [r for r in records if r.expires_at is None or r.expires_at > stamp]

    def _cached_records(self, namespace: tuple[str, ...]) -> RecordIndex:
        """The namespace's records from the cache when its change token still matches;
        after a write by another process, the cached ones brought up to date."""
        assert self._cache is not None
        recent = self._cache.recent(namespace)
        if recent is not None:
            return recent
        state = self._change_token(namespace)
        previous = self._cache.previous(namespace)
        loader = partial(self._refresh, namespace, previous, state.updated_at)
        return self._cache.fetch(namespace, loader, version=_token(state)).result()

    def _refresh(
        self, namespace: tuple[str, ...], previous: RecordIndex | None, seen_at: datetime | None
    ) -> RecordIndex:
        """``previous`` with what changed since it was read, where the store can say what
        changed (SQLite, PostgreSQL); else the whole namespace, read anew. ``seen_at`` is
        when the store wrote the change token now current."""
        # Before any read: writes still open now are stamped no earlier than this.
        seen_at = _earliest(seen_at, self.gateway.open_since(namespace))
        since = previous.since if previous is not None else None
        if previous is not None and since is not None:
            changes = self.gateway.read_changed(namespace, since - _CHANGE_MARGIN)
            if changes is not None:
                with paused_collection(len(previous)):
                    index = previous.copy()
                index.apply(self._parse(v for _, v in changes.items))
                if len(index) != changes.count:  # deletions: drop the keys no longer stored
                    index.apply(removed=index.keys() - self.gateway.read_keys(namespace))
                if len(index) == changes.count:
                    index.since = seen_at
                    self.stats.incr("cache_delta_reads")
                    return index
        stored = self.gateway.read_stored(namespace)
        with paused_collection(len(stored)):
            if previous is not None:  # a store that cannot say what changed: compare
                changed, removed = previous.changes_to(stored)
                if len(changed) <= max(_REUSE_UP_TO, len(stored) // 4):
                    index = previous.copy().apply(map(parse_stored, changed), removed)
                    index.since = seen_at
                    self.stats.incr("cache_records_reused", len(index) - len(changed))
                    return index
            index = RecordIndex.from_stored((v for _, v in stored), model=self._model)
        index.since = seen_at
        return index

    def _read_records(self, namespace: tuple[str, ...]) -> tuple[MemoryRecord, ...]:
        return self._parse([value for _, value in self.gateway.read_all(namespace)])

    @staticmethod
    def _parse(values: Iterable[dict[str, Any]]) -> tuple[MemoryRecord, ...]:
        values = values if isinstance(values, list) else list(values)
        with paused_collection(len(values)):
            return tuple(MemoryRecord.from_json(value) for value in values)

    def _lock_for(self, namespace: tuple[str, ...]) -> threading.Lock:
        digest = hashlib.blake2b("\x1f".join(namespace).encode(), digest_size=2).digest()
        return self._locks[int.from_bytes(digest) % _LOCK_STRIPES]


def _given(records: "_Records") -> "_Records":
    return records


def _each(loaders: Sequence[Callable[[], "_Records"]]) -> list["_Records"]:
    return [loader() for loader in loaders]


def _weakly(method: Callable[[], None]) -> Callable[[], None]:
    """``method`` called through a weak reference: a store's hooks keep no engine alive."""
    ref = weakref.WeakMethod(method)

    def call() -> None:
        bound = ref()
        if bound is not None:
            bound()

    return call


class _MeaningNotReady(TimeoutError):
    """The embedding model is still loading (said once, not per recall)."""


class _ErasedMeanwhile(Exception):
    """The principal was erased after the turn being written was queued."""


_Records = RecordIndex | tuple[MemoryRecord, ...]
"""A namespace's records: the cached index, or a tuple read for one call (cache off)."""


def _earliest(first: datetime | None, second: datetime | None) -> datetime | None:
    if first is None or second is None:
        return first if second is None else second
    return min(first, second)


def _token(state: MarkerState) -> str | None:
    return str(state.value.get("v")) if state.value else None


def _with_vector(record: MemoryRecord, vector: str, model: str) -> MemoryRecord:
    return record.evolve(vector=StoredVector(model, vector))


def _key_pairs(accepted: list[tuple[int, MemoryCandidate, str]]) -> list[tuple[str, str]]:
    """``(key, legacy key)`` of every candidate's identity and of its opposite polarity."""
    pairs = []
    for _, cand, key in accepted:
        pairs.append((key, legacy_stable_key(cand.type, cand.identity)))
        opposite = _opposite_key(cand)
        if opposite is not None:
            pairs.append((opposite, _opposite_key(cand, legacy=True) or opposite))
    return pairs


def _stored_as(state: Mapping[str, MemoryRecord | None], key: str, legacy: str) -> bool:
    """Whether the memory of ``key`` is stored under ``legacy`` (and not under ``key``)."""
    record = state.get(legacy)
    return (
        key != legacy
        and state.get(key) is None
        and record is not None
        and stable_key(record.type, record.identity) == key
    )


def _opposite_key(cand: MemoryCandidate, *, legacy: bool = False) -> str | None:
    polarity = cand.identity.polarity
    if cand.action is not Action.ADD or polarity is None:
        return None
    flipped = Polarity.AVOID if polarity is Polarity.PREFER else Polarity.PREFER
    identity = Identity(subject=cand.identity.subject, facet=cand.identity.facet, polarity=flipped)
    return (legacy_stable_key if legacy else stable_key)(cand.type, identity)


def _suppressed(
    record: MemoryRecord, event: str, conversation_id: str | None, stamp: str
) -> MemoryRecord:
    """``record`` marked suppressed by ``conversation_id``, its prior state kept in history."""
    return record.evolve(
        status=RecordStatus.SUPPRESSED,
        suppressed_at=stamp,
        suppressed_by=conversation_id,
        history=(*record.history, _history(record, event, conversation_id, stamp)),
    )


def _history(
    record: MemoryRecord, event: str, conversation_id: str | None, stamp: str
) -> HistoryEntry:
    return HistoryEntry(
        at=stamp,
        event=event,
        conversation_id=conversation_id,
        text=record.text,
        tags=record.tags,
        confidence=record.confidence,
        status=record.status,
    )


def _store_ttl_minutes(records: list[MemoryRecord], now: datetime) -> float | None:
    """The batch's lifetime for a TTL-capable store: the longest remaining, so its sweeper
    never removes a record the engine still considers live (``None``: keep forever)."""
    remaining = []
    for record in records:
        if record.expires_at is None:
            return None
        remaining.append(datetime.fromisoformat(record.expires_at) - now)
    return max(remaining).total_seconds() / 60 if remaining else None


def _unavailable(outcome: WriteOutcome, exc: Exception) -> WriteOutcome:
    return WriteOutcome(
        OutcomeStatus.STORE_UNAVAILABLE,
        key=outcome.key,
        detail=str(exc),
        candidate=outcome.candidate,
    )


def _in_time(deadline: float) -> None:
    """Raise when a call's deadline passed: its caller has already been told it failed."""
    if time.monotonic() > deadline:
        raise StoreUnavailableError("deadline passed before the write: nothing was written")
