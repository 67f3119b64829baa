"""Filters over stored memories: by type, tags, status, time and declared metadata.

``recall``, ``explain`` and ``list_records`` take ``filters=``: a :class:`RecordFilter` or
a dict of its fields (the way mem0 and LlamaIndex take metadata filters). Every condition
given must hold; a list of values means any one of them.

>>> f = as_filter({"types": ["project_context"], "metadata": {"project": ["apollo", "zeus"]}})
>>> f.types, f.metadata
(frozenset({'project_context'}), {'project': ('apollo', 'zeus')})
"""

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, fields
from datetime import UTC, datetime
from typing import Any, Literal

from memory_plugins.candidate import MemoryRecord, MemoryType
from memory_plugins.errors import ConfigurationError, WrongTypeError

__all__ = ["RecordFilter", "as_filter"]

_STATUSES = ("active", "suppressed", "all")
_TIMES = ("created_after", "created_before", "updated_after", "updated_before")


@dataclass(frozen=True, slots=True)
class RecordFilter:
    """Which records a read considers. Empty fields do not filter.

    Times are aware ``datetime`` values; ``updated_*`` compares the record's last change
    (an update, a suppression; its creation when never changed), ``*_after`` is inclusive, ``*_before`` exclusive.
    ``tags``: the record carries every one of them. ``metadata``: per declared key, the
    record's value equals the one given (or one of a list of them).

    >>> from datetime import UTC, datetime
    >>> RecordFilter(tags=("work",), created_after=datetime(2026, 1, 1, tzinfo=UTC)).tags
    ('work',)
    """

    types: frozenset[str] = frozenset()
    tags: tuple[str, ...] = ()
    status: Literal["active", "suppressed", "all"] = "all"
    created_after: datetime | None = None
    created_before: datetime | None = None
    updated_after: datetime | None = None
    updated_before: datetime | None = None
    metadata: Mapping[str, Any] = field(default_factory=dict, compare=False)
    """Per key, the value wanted (or a list of values, any of them); stored as tuples."""

    def __post_init__(self) -> None:
        types = (self.types,) if isinstance(self.types, str) else self.types
        known = {t.value for t in MemoryType}
        names = frozenset(t.value if isinstance(t, MemoryType) else t for t in types)
        unknown = sorted(str(t) for t in names - known)
        if unknown:
            raise ConfigurationError(
                f"filters: unknown memory types {unknown}; use names from {sorted(known)}"
            )
        object.__setattr__(self, "types", names)
        tags = (self.tags,) if isinstance(self.tags, str) else tuple(self.tags)
        if not all(isinstance(t, str) and t for t in tags):
            raise ConfigurationError("filters: tags must be non-empty strings")
        object.__setattr__(self, "tags", tags)
        if self.status not in _STATUSES:
            raise ConfigurationError("filters: status must be 'active', 'suppressed' or 'all'")
        for name in _TIMES:
            value = getattr(self, name)
            if value is None:
                continue
            if not isinstance(value, datetime):
                raise WrongTypeError(
                    f"filters: {name} takes a datetime, got {type(value).__name__}"
                )
            if value.tzinfo is None:
                raise ConfigurationError(
                    f"filters: {name} is a naive datetime; pass an aware one "
                    "(datetime(..., tzinfo=UTC))"
                )
        if not isinstance(self.metadata, Mapping):
            raise WrongTypeError("filters: metadata takes a dict of key -> value(s)")
        wanted: dict[str, tuple[Any, ...]] = {}
        for key, value in self.metadata.items():
            values = tuple(value) if isinstance(value, list | tuple | set | frozenset) else (value,)
            if not isinstance(key, str) or not values:
                raise ConfigurationError("filters: metadata keys are strings, each with a value")
            for item in values:
                if not isinstance(item, str | int | float | bool):
                    raise WrongTypeError(
                        f"filters: metadata[{key!r}] values are strings, numbers or booleans, "
                        f"got {type(item).__name__}"
                    )
            wanted[key] = values
        object.__setattr__(self, "metadata", wanted)

    @property
    def empty(self) -> bool:
        """Whether this filter keeps every record."""
        return self == RecordFilter() and not self.metadata

    def matches(self, record: MemoryRecord) -> bool:
        """Whether ``record`` passes every condition."""
        if self.types and record.type.value not in self.types:
            return False
        if self.status not in ("all", record.status.value):
            return False
        if self.tags and not set(self.tags) <= set(record.tags):
            return False
        for key, values in self.metadata.items():
            if key not in record.metadata or not _one_of(record.metadata[key], values):
                return False
        created = self.created_after or self.created_before
        if created and not _within(record.created_at, self.created_after, self.created_before):
            return False
        updated = self.updated_after or self.updated_before
        return not (
            updated and not _within(_changed(record), self.updated_after, self.updated_before)
        )

    def apply(self, records: Iterable[MemoryRecord]) -> list[MemoryRecord]:
        """The records that pass."""
        return [r for r in records if self.matches(r)]


def _one_of(stored: Any, values: tuple[Any, ...]) -> bool:
    return any(_same(stored, value) for value in values)


def _same(stored: Any, value: Any) -> bool:
    # A boolean is not the number 1 (Python says True == 1); numbers compare as numbers.
    if isinstance(stored, bool) or isinstance(value, bool):
        return type(stored) is type(value) and stored == value
    return bool(stored == value)


def _changed(record: MemoryRecord) -> str:
    # Suppressing or restoring a record changes it too (restoring stamps updated_at).
    stamps = [record.last_changed, record.suppressed_at or ""]
    return max(
        stamps, key=lambda s: datetime.fromisoformat(s) if s else datetime.min.replace(tzinfo=UTC)
    )


def _within(stamp: str, after: datetime | None, before: datetime | None) -> bool:
    moment = datetime.fromisoformat(stamp)
    return (after is None or moment >= after) and (before is None or moment < before)


def as_filter(value: "RecordFilter | Mapping[str, Any] | None") -> RecordFilter | None:
    """``value`` as a :class:`RecordFilter` (a dict of its fields validated into one);
    ``None`` stays ``None``."""
    if value is None or isinstance(value, RecordFilter):
        return value
    if not isinstance(value, Mapping):
        raise WrongTypeError(
            f"filters takes a RecordFilter or a dict of its fields, got {type(value).__name__}"
        )
    names = {f.name for f in fields(RecordFilter)}
    data = dict(value)
    if "type" in data and "types" not in data:  # mem0 and the CLI say "type"
        data["types"] = data.pop("type")
    unknown = sorted(set(data) - names)
    if unknown:
        raise ConfigurationError(
            f"filters: unknown field(s) {unknown}; RecordFilter takes {', '.join(sorted(names))}"
        )
    return RecordFilter(**data)
