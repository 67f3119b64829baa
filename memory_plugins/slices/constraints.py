"""Constraint snapshots: the hard conditions of a request, extracted by rules and validated.

Fields (schema ``constraint_snapshot.v1``; only what the request states is present):
``max_count`` / ``min_count`` (items: ``五个``, ``3-5 ideas``, ``at least three``),
``max_length`` / ``min_length`` (per item when a count is asked for, else for the whole
output), ``max_total_length``, ``length_unit`` (only when the request counts in the
other unit than its language's default: characters for Chinese, words for English),
``language``, ``format`` (bullet, numbered, table, json, markdown, plain, code),
``tone`` (kept for reuse, not checkable by rules), ``include`` / ``exclude`` (quoted terms).

An exact count (``给我4个口号``) is stored as ``max_count``; approximate numbers
(``500字左右``, ``about 300 words``) are not hard conditions and are left out; a count
of one only counts when stressed (``只要一个``, ``in one sentence``).

>>> extract_constraints("给我4个口号，每个不超过12个字").to_dict()
{'max_count': 4, 'max_length': 12}
>>> extract_constraints("Reply in Chinese").to_dict()
{'language': 'zh'}
>>> extract_constraints("List 3-5 risks as a table, under 20 words each").to_dict()
{'max_count': 5, 'min_count': 3, 'max_length': 20, 'format': 'table'}
"""

import re
import unicodedata
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from memory_plugins.errors import SnapshotValidationError
from memory_plugins.slices.constraint_rules import (
    LengthUnit,
    find_format,
    find_language,
    find_quantities,
    find_terms,
    find_tone,
)
from memory_plugins.slices.language import detect_language, request_window
from memory_plugins.slices.validation import validate_slice

__all__ = ["SNAPSHOT_SCHEMA", "ConstraintSnapshot", "LengthUnit", "extract_constraints"]


SNAPSHOT_SCHEMA = "constraint_snapshot.v1"
"""The schema every snapshot is validated against."""

_FIELDS = (
    "max_count",
    "min_count",
    "max_length",
    "min_length",
    "max_total_length",
    "length_unit",
    "language",
    "format",
    "tone",
    "include",
    "exclude",
)


@dataclass(frozen=True, slots=True)
class ConstraintSnapshot:
    """The hard conditions of one request; ``None`` / empty fields were not stated.

    >>> ConstraintSnapshot(max_count=3, language="en").to_dict()
    {'max_count': 3, 'language': 'en'}
    """

    max_count: int | None = None
    min_count: int | None = None
    max_length: int | None = None
    min_length: int | None = None
    max_total_length: int | None = None
    length_unit: LengthUnit | None = None
    language: str | None = None
    format: str | None = None
    tone: str | None = None
    include: tuple[str, ...] = field(default=())
    exclude: tuple[str, ...] = field(default=())

    @property
    def is_empty(self) -> bool:
        """Whether the request stated no condition at all."""
        return not self.to_dict()

    def to_dict(self) -> dict[str, Any]:
        """The stated fields only, in schema order (lists for include/exclude)."""
        out: dict[str, Any] = {}
        for name in _FIELDS:
            value = getattr(self, name)
            if value is None or value == ():
                continue
            out[name] = list(value) if isinstance(value, tuple) else value
        return out

    def validate(self) -> "ConstraintSnapshot":
        """Check against ``constraint_snapshot.v1`` and the cross-field rules; return self.

        Raises :class:`SnapshotValidationError` carrying the schema's message.
        """
        data = self.to_dict()
        validate_slice(SNAPSHOT_SCHEMA, data)
        for low, high in (("min_count", "max_count"), ("min_length", "max_length")):
            if low in data and high in data and data[low] > data[high]:
                raise SnapshotValidationError(
                    f"{SNAPSHOT_SCHEMA}: {low} ({data[low]}) is greater than {high} ({data[high]})"
                )
        return self

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> "ConstraintSnapshot":
        """Build and validate a snapshot from its JSON form.

        >>> ConstraintSnapshot.from_dict({"max_count": 2}).max_count
        2
        """
        if not isinstance(data, Mapping):
            raise SnapshotValidationError(f"{SNAPSHOT_SCHEMA}: a snapshot is a JSON object")
        validate_slice(SNAPSHOT_SCHEMA, dict(data))
        values = dict(data)
        for name in ("include", "exclude"):
            if name in values:
                values[name] = tuple(values[name])
        return cls(**values).validate()


def extract_constraints(text: str) -> ConstraintSnapshot:
    """The constraint snapshot of one request (validated; empty when nothing is stated).

    A combination that fails validation (``at least 5, at most 3``) yields the fields
    that do not contradict each other.
    """
    norm = re.sub(r"\s+", " ", unicodedata.normalize("NFKC", request_window(text))).strip()
    lang = "zh" if detect_language(norm) == "zh" else "en"
    draft = find_quantities(norm, lang)
    include, exclude = find_terms(norm)
    has_count = bool(draft.counts)
    values: dict[str, Any] = {}
    for kind, value in draft.counts:
        name = "min_count" if kind == "min" else "max_count"
        values.setdefault(name, value)
    for scope, value, _, unit in draft.lengths:
        if scope == "total":
            name = "max_total_length" if has_count else "max_length"
        elif scope == "min":
            name = "min_length"
        else:
            name = "max_length"
        values.setdefault(name, value)
        if unit is not None and unit != ("chars" if lang == "zh" else "words"):
            values.setdefault("length_unit", unit)
    snapshot = ConstraintSnapshot(
        **values,
        language=find_language(norm, lang),
        format=find_format(norm),
        tone=find_tone(norm, lang),
        include=tuple(include[:20]),
        exclude=tuple(exclude[:20]),
    )
    return _consistent(snapshot)


def _consistent(snapshot: ConstraintSnapshot) -> ConstraintSnapshot:
    try:
        return snapshot.validate()
    except SnapshotValidationError:
        pass
    # Keep what does not contradict: drop the lower bounds first, then anything out of range.
    for dropped in (
        replace(snapshot, min_count=None),
        replace(snapshot, min_count=None, min_length=None),
    ):
        try:
            return dropped.validate()
        except SnapshotValidationError:
            continue
    cleaned = {}
    for name, value in snapshot.to_dict().items():
        try:
            ConstraintSnapshot.from_dict({name: value})
        except SnapshotValidationError:
            continue
        cleaned[name] = value
    return ConstraintSnapshot.from_dict(cleaned)
