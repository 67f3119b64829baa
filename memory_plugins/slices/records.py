"""The stored form of a slice: its data plus lifetime, links and provenance, all in UTC.

>>> from datetime import UTC, datetime, timedelta
>>> now = datetime(2026, 1, 1, tzinfo=UTC)
>>> rec = SliceRecord(SliceType.SNAPSHOT, "generate:test-case", {"max_count": 3},
...                   created_at=now, updated_at=now, expires_at=now + timedelta(days=7))
>>> rec.expired(now + timedelta(days=7)), SliceRecord.from_value(rec.key, rec.to_value()) == rec
(True, True)
"""

from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import UTC, datetime
from enum import StrEnum
from typing import Any

from memory_plugins.errors import ConfigurationError

__all__ = ["SCHEMAS", "SliceRecord", "SliceRef", "SliceType", "as_utc"]


class SliceType(StrEnum):
    """The kinds of slices, each under its own namespace."""

    ANCHOR = "anchor"
    SNAPSHOT = "snapshot"
    FEEDBACK = "feedback"
    STREAK = "streak"
    """Internal: the domains of a conversation's last turns (implicit triggers)."""


SCHEMAS: dict[SliceType, str | None] = {
    SliceType.ANCHOR: "intent_anchor.v1",
    SliceType.SNAPSHOT: "constraint_snapshot.v1",
    SliceType.FEEDBACK: "feedback_signal.v1",
    SliceType.STREAK: None,
}
"""The JSON Schema each slice type's data is validated against."""

SliceRef = tuple[SliceType, str]
"""``(slice type, key)``: how slices name each other."""


def as_utc(moment: datetime) -> datetime:
    """``moment`` in UTC; a naive datetime is a usage error (its zone would be a guess)."""
    if moment.tzinfo is None or moment.utcoffset() is None:
        raise ConfigurationError(
            "the clock returned a naive datetime; slices need aware datetimes (e.g. datetime.now(UTC))"
        )
    return moment.astimezone(UTC)


def _parse_time(value: Any) -> datetime:
    if not isinstance(value, str):
        raise ValueError("timestamp is not a string")
    return as_utc(datetime.fromisoformat(value))


@dataclass(frozen=True, slots=True)
class SliceRecord:
    """One stored slice. ``links`` name the slices of the same request (anchor ↔ snapshot)."""

    slice_type: SliceType
    key: str
    data: Mapping[str, Any]
    created_at: datetime
    updated_at: datetime
    expires_at: datetime
    links: tuple[SliceRef, ...] = ()
    domain: str | None = None
    conversation_id: str | None = None
    adopted: bool = False
    schema: str | None = field(default=None)

    def __post_init__(self) -> None:
        if self.schema is None:
            object.__setattr__(self, "schema", SCHEMAS[self.slice_type])

    @property
    def ref(self) -> SliceRef:
        """``(slice type, key)`` of this slice."""
        return (self.slice_type, self.key)

    def expired(self, now: datetime) -> bool:
        """Whether the slice is past its lifetime at ``now`` (compared in UTC)."""
        return as_utc(now) >= self.expires_at

    def to_value(self) -> dict[str, Any]:
        """The JSON value written to the store."""
        return {
            "slice_type": self.slice_type.value,
            "schema": self.schema,
            "data": dict(self.data),
            "created_at": self.created_at.astimezone(UTC).isoformat(),
            "updated_at": self.updated_at.astimezone(UTC).isoformat(),
            "expires_at": self.expires_at.astimezone(UTC).isoformat(),
            "links": [[t.value, k] for t, k in self.links],
            "domain": self.domain,
            "conversation_id": self.conversation_id,
            "adopted": self.adopted,
        }

    @classmethod
    def from_value(cls, key: str, value: Mapping[str, Any]) -> "SliceRecord | None":
        """Parse a stored value; ``None`` for anything malformed (it is then ignored)."""
        try:
            links = tuple((SliceType(t), str(k)) for t, k in value.get("links", ()))
            data = value["data"]
            if not isinstance(data, Mapping):
                return None
            return cls(
                slice_type=SliceType(value["slice_type"]),
                key=key,
                data=dict(data),
                created_at=_parse_time(value["created_at"]),
                updated_at=_parse_time(value["updated_at"]),
                expires_at=_parse_time(value["expires_at"]),
                links=links,
                domain=value.get("domain"),
                conversation_id=value.get("conversation_id"),
                adopted=bool(value.get("adopted", False)),
                schema=value.get("schema"),
            )
        except (KeyError, TypeError, ValueError, ConfigurationError):
            return None
