"""The engine's write path: gates, keys, dedupe, supersede, suppress/restore and erasure.

:class:`WritePath` owns the per-namespace write locks and the count of erasures per
namespace. Every write of one namespace is a read-modify-write of its keys under that
namespace's lock; each changed record keeps its prior state in its history, and every
write bumps the namespace's change token (see :class:`~memory_plugins.engine_parts.reads.ReadPath`).
Each method taking a ``deadline`` (monotonic) runs on the engine's call worker and skips
its write once that deadline has passed: its caller was already told it failed.
"""

import hashlib
import logging
import threading
import time
import uuid
from collections.abc import Callable, Iterable, Mapping
from dataclasses import replace
from datetime import datetime
from typing import Any

from memory_plugins.candidate import (
    Action,
    HistoryEntry,
    Identity,
    MemoryCandidate,
    MemoryRecord,
    Polarity,
    RecordStatus,
)
from memory_plugins.clock import utc_iso
from memory_plugins.config import MemoryConfig
from memory_plugins.engine_parts.reads import ChangeMarker, ReadPath
from memory_plugins.engine_parts.vectors import VectorWork
from memory_plugins.errors import StoreUnavailableError
from memory_plugins.gates import evaluate
from memory_plugins.keys import (
    addressed_key,
    is_neutral_key,
    key_forms,
    legacy_stable_key,
    neutral_key,
    stable_key,
)
from memory_plugins.namespaces import CHANGE_TOKEN_KEY, SLICE_SEGMENT, state_namespace
from memory_plugins.outcomes import EngineStats, OutcomeStatus, WriteOutcome
from memory_plugins.recall.features import compute_features, features_of
from memory_plugins.semantic import vector_current
from memory_plugins.store import MarkerState, StoreGateway

__all__ = ["Accepted", "ErasedMeanwhile", "WritePath", "in_time"]

logger = logging.getLogger("memory_plugins")

_LOCK_STRIPES = 64

Accepted = list[tuple[int, MemoryCandidate, str]]
"""The candidates the gates accepted: their position in the call, themselves, their key."""


class ErasedMeanwhile(Exception):
    """The principal was erased after the turn being written was queued."""


class WritePath:
    """Writes of one engine: ``now`` is the engine clock's current time."""

    def __init__(
        self,
        config: MemoryConfig,
        gateway: StoreGateway,
        stats: EngineStats,
        reads: ReadPath,
        vectors: VectorWork,
        *,
        now: Callable[[], datetime],
    ) -> None:
        self._config = config
        self._gateway = gateway
        self._stats = stats
        self._reads = reads
        self._vectors = vectors
        self._now = now
        self._locks = [threading.Lock() for _ in range(_LOCK_STRIPES)]
        # Erasures per namespace in this engine: a turn queued before one is never written.
        self._erasures: dict[tuple[str, ...], int] = {}

    def lock_for(self, namespace: tuple[str, ...]) -> threading.Lock:
        digest = hashlib.blake2b("\x1f".join(namespace).encode(), digest_size=2).digest()
        return self._locks[int.from_bytes(digest) % _LOCK_STRIPES]

    def epoch(self, namespace: tuple[str, ...]) -> int:
        """How many times ``namespace`` was erased through this engine."""
        return self._erasures.get(namespace, 0)

    # -- remember --------------------------------------------------------------------------

    def gate(
        self, candidates: Iterable[Any], source_conversation_id: str | None
    ) -> tuple[list[WriteOutcome | None], Accepted]:
        """The gates' verdicts: a ``rejected`` outcome per refused candidate (``None`` for
        the accepted ones, in order), and the accepted candidates with their keys."""
        decisions = [evaluate(c, source_conversation_id, self._config) for c in candidates]
        outcomes: list[WriteOutcome | None] = [None] * len(decisions)
        accepted: Accepted = []
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
        return outcomes, accepted

    def write(
        self,
        namespace: tuple[str, ...],
        accepted: Accepted,
        conversation_id: str,
        epoch: int | None,
        deadline: float,
    ) -> list[tuple[int, WriteOutcome]]:
        with self.lock_for(namespace):
            if epoch is not None and self._erasures.get(namespace, 0) != epoch:
                raise ErasedMeanwhile
            return self._write_locked(namespace, accepted, conversation_id, deadline)

    def _write_locked(
        self,
        namespace: tuple[str, ...],
        accepted: Accepted,
        conversation_id: str,
        deadline: float,
    ) -> list[tuple[int, WriteOutcome]]:
        now = self._now()
        pairs = _key_pairs(accepted)
        wanted = {key for pair in pairs for key in pair}
        try:
            current, seen = self.read_keys(namespace, sorted(wanted))
        except StoreUnavailableError as exc:
            return self.unavailable(accepted, exc, "read")

        state: dict[str, MemoryRecord | None] = {
            key: self.live(MemoryRecord.from_json(value), now) if value else None
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

        if changed and self._vectors.embeddings is not None:
            results = self._vectors.attach(changed, before, results, deadline, namespace)
        if changed:
            try:
                in_time(deadline)
            except StoreUnavailableError as exc:
                return self.unavailable(accepted, exc, "call")
        failed = self._put_isolating(namespace, changed, now, seen=seen) if changed else {}
        if failed:
            self._stats.incr("store_write_failures")
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
            self.put_records(namespace, changed.values(), now, seen=seen)
        except StoreUnavailableError as exc:
            if len(changed) == 1 or not self._accepts_writes(namespace, now):
                return dict.fromkeys(changed, exc)
        else:
            return {}
        failed: dict[str, StoreUnavailableError] = {}
        for key, record in changed.items():
            try:
                self.put_records(namespace, [record], now)
            except StoreUnavailableError as exc:
                failed[key] = exc
        return failed

    def _accepts_writes(self, namespace: tuple[str, ...], now: datetime) -> bool:
        # A lone change token is the smallest valid write: if it fails too, this is an outage.
        token_ns, key, value = self._change_marker(namespace, now)
        try:
            self._gateway.put_many(token_ns, [(key, value)])
        except StoreUnavailableError:
            return False
        return True

    def put_records(
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
            r if r.features is not None else replace(r, features=features_of(r)) for r in records
        ]
        marker = self._change_marker(namespace, now)
        try:
            self._gateway.put_many(
                namespace,
                [(record.key, record.to_json()) for record in batch],
                ttl_minutes=_store_ttl_minutes(batch, now),
                marker=marker,
            )
        except BaseException:
            self._reads.invalidate(namespace)  # a failed batch may still have been applied
            raise
        self._reads.cached_write(namespace, seen, marker, put=batch)

    def read_keys(
        self, namespace: tuple[str, ...], keys: list[str]
    ) -> tuple[dict[str, dict[str, Any] | None], MarkerState | None]:
        """The keys' stored values and the change token they were read at (cache on)."""
        return self._reads.read_keys(namespace, keys)

    def read_addressed(
        self, namespace: tuple[str, ...], key: str
    ) -> tuple[str, dict[str, Any] | None, MarkerState | None]:
        """The stored key and value of the record ``key`` names (see ``keys.addresses``:
        its stored key, current stable key or neutral form), and the change token."""
        forms = key_forms(key)
        if is_neutral_key(key):  # a digest of the stored key: found among the stored ones
            forms = sorted(k for k in self._gateway.read_keys(namespace) if neutral_key(k) == key)
        values, seen = self.read_keys(namespace, forms or [key])
        stored = addressed_key(key, values)
        return stored, values.get(stored), seen

    def _change_marker(self, namespace: tuple[str, ...], now: datetime) -> ChangeMarker:
        # Every write bumps the namespace's change token, so caches in *other* processes
        # notice it with one key lookup instead of serving stale records.
        return (
            state_namespace(namespace),
            CHANGE_TOKEN_KEY,
            {"v": uuid.uuid4().hex, "at": utc_iso(now)},
        )

    def unavailable(
        self, accepted: Accepted, exc: Exception, what: str
    ) -> list[tuple[int, WriteOutcome]]:
        """A ``store_unavailable`` outcome for every accepted candidate (counted, logged)."""
        self._stats.incr("store_write_failures")
        logger.warning("memory write skipped, store %s failed: %s", what, exc)
        return [
            (i, WriteOutcome(OutcomeStatus.STORE_UNAVAILABLE, key=k, detail=str(exc), candidate=c))
            for i, c, k in accepted
        ]

    def live(self, record: MemoryRecord, now: datetime) -> MemoryRecord | None:
        """``record``, or ``None`` once its lifetime has passed."""
        if record.expires_at is not None and record.expires_at <= utc_iso(now):
            return None
        return record

    def _expiry(self, now: datetime) -> str | None:
        ttl = self._config.record_ttl
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
        senses = tuple(cand.other_senses) or (existing.other_senses if existing is not None else ())
        features = compute_features(cand.type, text, tags, cand.identity, cues, other_senses=senses)
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
                features=features,
                cues=cues,
                metadata=dict(cand.metadata),
                other_senses=senses,
            )
            return WriteOutcome(OutcomeStatus.ADDED, key=key, record=record, candidate=cand)

        if (
            existing.status is RecordStatus.ACTIVE
            and existing.type is cand.type
            and existing.identity == cand.identity
            and existing.text == text
            and existing.tags == tags
            and existing.cues == cues
            and existing.other_senses == senses
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
            features=features,
            cues=cues,
            other_senses=senses,
            # A candidate without metadata says nothing about it: the record keeps its own.
            metadata=dict(cand.metadata) if cand.metadata else existing.metadata,
            vector=None,  # kept by VectorWork.attach while the text and cues are unchanged
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

    def transition(
        self,
        namespace: tuple[str, ...],
        key: str,
        target: RecordStatus,
        conversation_id: str | None,
        deadline: float,
    ) -> WriteOutcome:
        """Suppress (``target`` suppressed) or restore (active) the record ``key``."""
        with self.lock_for(namespace):
            # Stamped under the lock: a writer that waited must not write an older time.
            now = self._now()
            stamp = utc_iso(now)
            try:
                key, value, seen = self.read_addressed(namespace, key)
            except StoreUnavailableError as exc:
                self._stats.incr("store_read_failures")
                return WriteOutcome(OutcomeStatus.STORE_UNAVAILABLE, key=key, detail=str(exc))
            existing = self.live(MemoryRecord.from_json(value), now) if value else None
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
                in_time(deadline)
                self.put_records(namespace, [record], now, seen=seen)
            except StoreUnavailableError as exc:
                self._stats.incr("store_write_failures")
                return WriteOutcome(OutcomeStatus.STORE_UNAVAILABLE, key=key, detail=str(exc))
        self._stats.incr(f"outcome_{status}")
        return WriteOutcome(status, key=key, record=record)

    def embed_missing(self, namespace: tuple[str, ...]) -> int:
        """Store the vectors the namespace's live active records lack, or hold without
        their current cues (written before cues were embedded, or kept while the model
        failed); returns how many."""
        model = self._vectors.model
        assert model is not None
        with self.lock_for(namespace):
            now = self._now()
            lacking = {
                r.key: r
                for r in self._reads.read_records(namespace)
                if r.status is RecordStatus.ACTIVE
                and self.live(r, now) is not None
                and not vector_current(r.vector, model, r.cues)
            }
            if not lacking:
                return 0
            self._vectors.attach(lacking, {}, [])
            done = [r for r in lacking.values() if vector_current(r.vector, model, r.cues)]
            if done:
                self.put_records(namespace, done, now)
        return len(done)

    def forget(self, namespace: tuple[str, ...], key: str, deadline: float) -> int:
        with self.lock_for(namespace):
            try:
                key, value, seen = self.read_addressed(namespace, key)
                present = value is not None
                marker = self._change_marker(namespace, self._now())
                in_time(deadline)
                self._gateway.delete_many(namespace, [key] if present else [], marker=marker)
                if present:
                    self._reads.cached_write(namespace, seen, marker, removed=[key])
                return int(present)
            except BaseException:
                self._reads.invalidate(namespace)
                raise

    def erase(self, namespace: tuple[str, ...], deadline: float) -> int:
        app, _, schema, digest = namespace
        with self.lock_for(namespace):
            self._erasures[namespace] = self._erasures.get(namespace, 0) + 1
            try:
                keys = [k for k, _ in self._gateway.read_all(namespace)]
                # The slices' namespaces, found by their layout (the engine never imports slices).
                slices = self._gateway.list_namespaces((app, SLICE_SEGMENT, schema, digest))
                slice_keys = [(ns, [k for k, _ in self._gateway.read_all(ns)]) for ns in slices]
                marker = self._change_marker(namespace, self._now())
                in_time(deadline)
                for slice_ns, found in slice_keys:
                    self._gateway.delete_many(slice_ns, found)
                self._gateway.delete_many(namespace, keys, marker=marker)
                return len(keys) + sum(len(found) for _, found in slice_keys)
            finally:
                self._reads.invalidate(namespace)

    def sweep(self, namespace: tuple[str, ...], deadline: float) -> int:
        with self.lock_for(namespace):
            now = utc_iso(self._now())
            expired = [
                k
                for k, v in self._gateway.read_all(namespace)
                if v.get("expires_at") is not None and v["expires_at"] <= now
            ]
            try:
                marker = self._change_marker(namespace, self._now())
                in_time(deadline)
                self._gateway.delete_many(namespace, expired, marker=marker)
            finally:
                if expired:
                    self._reads.invalidate(namespace)
        return len(expired)


def in_time(deadline: float) -> None:
    """Raise when a call's deadline passed: its caller has already been told it failed."""
    if time.monotonic() > deadline:
        raise StoreUnavailableError("deadline passed before the write: nothing was written")


def _key_pairs(accepted: Accepted) -> list[tuple[str, str]]:
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
