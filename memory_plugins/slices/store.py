"""The slice store: anchors, snapshots and feedback per principal, with lifetimes in UTC.

Each slice type lives in its own namespace of the same LangGraph store
(``(app, "user-slices", "v1", principal_hash, slice_type)``) keyed by the slice key and
written by upsert. Expiry is enforced here, on every read, whatever the backend does
(``InMemoryStore`` has no TTL; ``SqliteStore`` returns expired items until swept);
:meth:`SliceStore.sweep` removes expired slices physically.

Chat-path calls degrade (S3): a failing store makes reads return nothing and writes
be skipped, both logged and counted in :attr:`SliceStore.stats`. Management calls
(:meth:`extend`, :meth:`delete`, :meth:`sweep`, :meth:`clear`) raise
:class:`StoreUnavailableError`.

>>> from langgraph.store.memory import InMemoryStore
>>> from memory_plugins import MemoryConfig
>>> from memory_plugins.clock import FrozenClock
>>> slices = SliceStore(InMemoryStore(), MemoryConfig(principal_secret="0123456789abcdef"),
...                     clock=FrozenClock())
>>> rec = slices.new_record(SliceType.SNAPSHOT, "generate:title", {"max_count": 5})
>>> slices.put("alice", [rec])
True
>>> [r.key for r in slices.active("alice", SliceType.SNAPSHOT)]
['generate:title']
"""

import logging
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import replace
from datetime import datetime, timedelta
from typing import Any

from memory_plugins.clock import Clock, SystemClock
from memory_plugins.config import MemoryConfig
from memory_plugins.errors import StoreUnavailableError
from memory_plugins.namespaces import SCHEMA_SEGMENT, SLICE_SEGMENT, slice_namespace
from memory_plugins.outcomes import EngineStats
from memory_plugins.slices.records import SliceRecord, SliceRef, SliceType, as_utc
from memory_plugins.slices.validation import validate_slice
from memory_plugins.store import StoreGateway, StoreLike

__all__ = ["MAX_LINKED", "SliceStore"]

logger = logging.getLogger("memory_plugins")

MAX_LINKED = 64
"""At most this many slices are followed through links (adopt / reject)."""


class SliceStore:
    """Typed, expiring slice storage over any LangGraph store (sync; see ``SliceMemory`` for async)."""

    def __init__(
        self,
        store: StoreLike | StoreGateway,
        config: MemoryConfig,
        *,
        clock: Clock | None = None,
        stats: EngineStats | None = None,
    ) -> None:
        self.gateway = store if isinstance(store, StoreGateway) else StoreGateway(store)
        self.config = config
        self.clock: Clock = clock or SystemClock()
        self.stats = stats or EngineStats()

    def now(self) -> datetime:
        """The injected clock's time, in UTC."""
        return as_utc(self.clock.now())

    def namespace(self, principal: str, slice_type: SliceType) -> tuple[str, ...]:
        """Where ``principal``'s slices of ``slice_type`` live."""
        return slice_namespace(self.config, principal, slice_type.value)

    def new_record(
        self,
        slice_type: SliceType,
        key: str,
        data: Mapping[str, Any],
        *,
        links: Iterable[SliceRef] = (),
        domain: str | None = None,
        conversation_id: str | None = None,
    ) -> SliceRecord:
        """A fresh slice living ``SliceConfig.default_ttl`` from now."""
        now = self.now()
        return SliceRecord(
            slice_type=slice_type,
            key=key,
            data=dict(data),
            created_at=now,
            updated_at=now,
            expires_at=now + self.config.slices.default_ttl,
            links=tuple(links),
            domain=domain,
            conversation_id=conversation_id,
        )

    # -- chat path: degrade --------------------------------------------------------------------

    def active(self, principal: str, slice_type: SliceType) -> list[SliceRecord]:
        """Live slices of one type, newest first (nothing when the store fails)."""
        try:
            return self._active(principal, slice_type)
        except StoreUnavailableError as exc:
            self._degraded("read", exc)
            return []

    def get(self, principal: str, slice_type: SliceType, key: str) -> SliceRecord | None:
        """One live slice, or None (also when the store fails)."""
        try:
            return self._get_many(principal, [(slice_type, key)]).get((slice_type, key))
        except StoreUnavailableError as exc:
            self._degraded("read", exc)
            return None

    def put(self, principal: str, records: Sequence[SliceRecord]) -> bool:
        """Validate, then upsert; False when the store failed (the write is skipped).

        An invalid slice raises :class:`SnapshotValidationError` and nothing is written.
        """
        _validate(records)
        try:
            self._put(principal, records)
        except StoreUnavailableError as exc:
            self._degraded("write", exc)
            return False
        return True

    # -- management: raise -------------------------------------------------------------------

    def put_strict(self, principal: str, records: Sequence[SliceRecord]) -> None:
        """Validate, then upsert; raises :class:`StoreUnavailableError` on store failure."""
        _validate(records)
        self._put(principal, records)

    def get_strict(self, principal: str, refs: Sequence[SliceRef]) -> dict[SliceRef, SliceRecord]:
        """Live slices by reference; raises :class:`StoreUnavailableError`."""
        return self._get_many(principal, refs)

    def linked(self, principal: str, start: SliceRecord) -> list[SliceRecord]:
        """``start`` and every live slice reachable through links (both ways), bounded."""
        found: dict[SliceRef, SliceRecord] = {start.ref: start}
        frontier = list(start.links)
        while frontier and len(found) < MAX_LINKED:
            wanted = [ref for ref in dict.fromkeys(frontier) if ref not in found]
            frontier = []
            for ref, record in self._get_many(principal, wanted).items():
                if ref not in found and len(found) < MAX_LINKED:
                    found[ref] = record
                    frontier.extend(record.links)
        return list(found.values())

    def extend(
        self, principal: str, records: Sequence[SliceRecord], lifetime: timedelta
    ) -> list[SliceRecord]:
        """Make ``records`` live at least ``lifetime`` from now and mark them adopted."""
        now = self.now()
        updated = [
            replace(r, expires_at=max(r.expires_at, now + lifetime), updated_at=now, adopted=True)
            for r in records
        ]
        self._put(principal, updated)
        return updated

    def delete(self, principal: str, refs: Sequence[SliceRef]) -> None:
        """Physically remove slices."""
        by_type: dict[SliceType, list[str]] = {}
        for slice_type, key in refs:
            by_type.setdefault(slice_type, []).append(key)
        for slice_type, keys in by_type.items():
            self.gateway.delete_many(self.namespace(principal, slice_type), keys)

    def sweep(self, principal: str) -> int:
        """Remove ``principal``'s expired slices from the backend; returns how many."""
        now = self.now()
        removed = 0
        for slice_type in SliceType:
            namespace = self.namespace(principal, slice_type)
            dead = [
                key
                for key, value in self.gateway.read_all(namespace)
                if (rec := SliceRecord.from_value(key, value)) is None or rec.expired(now)
            ]
            self.gateway.delete_many(namespace, dead)
            removed += len(dead)
        return removed

    def sweep_all(self) -> int:
        """Remove every principal's expired slices (namespaces under this ``app``)."""
        now = self.now()
        removed = 0
        for namespace in self._slice_namespaces():
            dead = [
                key
                for key, value in self.gateway.read_all(namespace)
                if (rec := SliceRecord.from_value(key, value)) is None or rec.expired(now)
            ]
            self.gateway.delete_many(namespace, dead)
            removed += len(dead)
        return removed

    def clear(self, principal: str) -> int:
        """Erase all of ``principal``'s slices (live or not); returns how many."""
        removed = 0
        for slice_type in SliceType:
            namespace = self.namespace(principal, slice_type)
            keys = [key for key, _ in self.gateway.read_all(namespace)]
            self.gateway.delete_many(namespace, keys)
            removed += len(keys)
        return removed

    # -- plumbing ----------------------------------------------------------------------------

    def _active(self, principal: str, slice_type: SliceType) -> list[SliceRecord]:
        now = self.now()
        records = []
        for key, value in self.gateway.read_all(self.namespace(principal, slice_type)):
            record = SliceRecord.from_value(key, value)
            if record is not None and record.slice_type is slice_type and not record.expired(now):
                records.append(record)
        records.sort(key=lambda r: (r.updated_at, r.key), reverse=True)
        return records

    def _get_many(self, principal: str, refs: Sequence[SliceRef]) -> dict[SliceRef, SliceRecord]:
        now = self.now()
        by_type: dict[SliceType, list[str]] = {}
        for slice_type, key in refs:
            by_type.setdefault(slice_type, []).append(key)
        found: dict[SliceRef, SliceRecord] = {}
        for slice_type, keys in by_type.items():
            values = self.gateway.get_many(self.namespace(principal, slice_type), keys)
            for key, value in values.items():
                record = SliceRecord.from_value(key, value) if value else None
                if (
                    record is not None
                    and record.slice_type is slice_type
                    and not record.expired(now)
                ):
                    found[(slice_type, key)] = record
        return found

    def _put(self, principal: str, records: Sequence[SliceRecord]) -> None:
        now = self.now()
        by_type: dict[SliceType, list[SliceRecord]] = {}
        for record in records:
            by_type.setdefault(record.slice_type, []).append(record)
        for slice_type, group in by_type.items():
            # Backends with TTL clean up on their own; the engine's expiry check still decides.
            longest = max(r.expires_at for r in group) - now
            self.gateway.put_many(
                self.namespace(principal, slice_type),
                [(r.key, r.to_value()) for r in group],
                ttl_minutes=max(longest.total_seconds() / 60, 1.0),
            )

    def _slice_namespaces(self) -> list[tuple[str, ...]]:
        prefix = (self.config.app, SLICE_SEGMENT, SCHEMA_SEGMENT)
        return [ns for ns in self.gateway.list_namespaces(prefix) if len(ns) == len(prefix) + 2]

    def _degraded(self, what: str, exc: StoreUnavailableError) -> None:
        self.stats.incr(f"slice_{what}_failures")
        logger.warning("slices: store %s failed, going on without slices: %s", what, exc)


def _validate(records: Sequence[SliceRecord]) -> None:
    # Every record of the batch is checked before any is written: all or nothing.
    for record in records:
        if record.schema is not None:
            validate_slice(record.schema, dict(record.data))
