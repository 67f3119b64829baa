"""Feedback signals: what the user did with a result, and what it does to the slices.

``adopt`` extends the slice and the slices linked to it (the anchor and snapshot of
the same request) to ``SliceConfig.adopted_ttl`` (30 days) from now; ``reject``
deletes them; ``regenerate`` is only recorded. Every signal is itself stored (type
``feedback``, key ``<slice type>:<slice key>``, the latest signal per slice) so that a
correction can look at the recent ones. Lifetimes are computed in UTC.

>>> from langgraph.store.memory import InMemoryStore
>>> from memory_plugins import MemoryConfig
>>> from memory_plugins.slices.store import SliceStore
>>> from memory_plugins.clock import FrozenClock
>>> store = SliceStore(InMemoryStore(), MemoryConfig(principal_secret="0123456789abcdef"),
...                    clock=FrozenClock())
>>> store.put("bob", [store.new_record(SliceType.SNAPSHOT, "generate:email", {"max_count": 2})])
True
>>> outcome = apply_feedback(store, "bob", FeedbackSignal(FeedbackKind.ADOPT, SliceType.SNAPSHOT,
...                                                        "generate:email"))
>>> outcome.found, outcome.expires_at.isoformat()
(True, '2026-01-31T00:00:00+00:00')
"""

from dataclasses import dataclass
from datetime import datetime
from enum import StrEnum
from typing import Any

from memory_plugins.slices.records import SliceRecord, SliceRef, SliceType
from memory_plugins.slices.store import SliceStore
from memory_plugins.slices.validation import validate_slice

__all__ = ["FeedbackKind", "FeedbackOutcome", "FeedbackSignal", "apply_feedback"]


class FeedbackKind(StrEnum):
    """What the user did with a result built on a slice."""

    ADOPT = "adopt"
    REJECT = "reject"
    REGENERATE = "regenerate"


@dataclass(frozen=True, slots=True)
class FeedbackSignal:
    """One explicit user action on one stored anchor or snapshot."""

    kind: FeedbackKind
    slice_type: SliceType
    slice_key: str
    note: str | None = None

    def to_dict(self) -> dict[str, Any]:
        """JSON form (schema ``feedback_signal.v1``)."""
        data: dict[str, Any] = {
            "kind": FeedbackKind(self.kind).value,
            "slice_type": SliceType(self.slice_type).value,
            "slice_key": self.slice_key,
        }
        if self.note:
            data["note"] = self.note
        return data

    @property
    def key(self) -> str:
        """Key of the stored signal: ``<slice type>:<slice key>``."""
        return f"{SliceType(self.slice_type).value}:{self.slice_key}"


@dataclass(frozen=True, slots=True)
class FeedbackOutcome:
    """What a signal changed: the slices extended or deleted (``found`` False: no such slice)."""

    kind: FeedbackKind
    found: bool
    extended: tuple[SliceRef, ...] = ()
    deleted: tuple[SliceRef, ...] = ()
    expires_at: datetime | None = None


def apply_feedback(
    store: SliceStore,
    principal: str,
    signal: FeedbackSignal,
    *,
    conversation_id: str | None = None,
) -> FeedbackOutcome:
    """Apply ``signal`` and record it. A management call: store failures raise.

    An unknown or expired slice changes nothing (``found`` is False) and is not recorded.
    """
    validate_slice("feedback_signal.v1", signal.to_dict())
    kind = FeedbackKind(signal.kind)
    target = store.get_strict(principal, [(SliceType(signal.slice_type), signal.slice_key)])
    record = next(iter(target.values()), None)
    if record is None:
        return FeedbackOutcome(kind, found=False)
    group = store.linked(principal, record)
    refs = tuple(r.ref for r in group)
    note = store.new_record(
        SliceType.FEEDBACK,
        signal.key,
        signal.to_dict(),
        links=[record.ref],
        domain=record.domain,
        conversation_id=conversation_id,
    )
    if kind is FeedbackKind.ADOPT:
        updated = store.extend(principal, group, store.config.slices.adopted_ttl)
        store.put_strict(principal, [note])
        return FeedbackOutcome(
            kind, True, extended=refs, expires_at=_own(updated, record).expires_at
        )
    if kind is FeedbackKind.REJECT:
        store.delete(principal, refs)
        store.put_strict(principal, [note])
        return FeedbackOutcome(kind, True, deleted=refs)
    store.put_strict(principal, [note])
    return FeedbackOutcome(kind, True)


def _own(updated: list[SliceRecord], record: SliceRecord) -> SliceRecord:
    return next(r for r in updated if r.ref == record.ref)
