"""S1: what a model may propose (``MemoryCandidate``) and what the engine stores (``MemoryRecord``).

>>> from memory_plugins import MemoryCandidate
>>> c = MemoryCandidate.model_validate({
...     "type": "user_preference", "text": "The user likes oolong tea.",
...     "tags": ["oolong", "tea"], "confidence": 0.9, "stability": "stable",
...     "identity": {"subject": "oolong tea", "polarity": "prefer"}, "action": "add",
...     "source_signal": "explicit_memory_intent", "reason": "said so",
...     "conflict_signal": False})
>>> c.type
<MemoryType.USER_PREFERENCE: 'user_preference'>
"""

import re
from dataclasses import dataclass, field, replace
from enum import StrEnum
from functools import lru_cache
from typing import Annotated, Any

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, Strict, StringConstraints

__all__ = [
    "Action",
    "HistoryEntry",
    "Identity",
    "MemoryCandidate",
    "MemoryRecord",
    "MemoryType",
    "Polarity",
    "RecordStatus",
    "SourceSignal",
    "Stability",
    "storable_problem",
]

MAX_REASON_CHARS = 200
MAX_TAG_CHARS = 64
MAX_IDENTITY_PART_CHARS = 120


class MemoryType(StrEnum):
    """The eight kinds of long-term memory."""

    USER_PREFERENCE = "user_preference"
    COMMUNICATION_PREFERENCE = "communication_preference"
    WORKFLOW_PREFERENCE = "workflow_preference"
    STANDING_INSTRUCTION = "standing_instruction"
    RECURRING_CONSTRAINT = "recurring_constraint"
    STABLE_USER_CONTEXT = "stable_user_context"
    PROJECT_CONTEXT = "project_context"
    RISK_PREFERENCE = "risk_preference"


class Stability(StrEnum):
    """How lasting the model believes the fact is; the program acts on it."""

    STABLE = "stable"
    TEMPORARY = "temporary"
    SPECULATIVE = "speculative"


class Polarity(StrEnum):
    """Whether the user wants or wants to avoid the subject."""

    PREFER = "prefer"
    AVOID = "avoid"


class Action(StrEnum):
    """Store the memory, or retract a matching one."""

    ADD = "add"
    SUPPRESS = "suppress"


class SourceSignal(StrEnum):
    """What in the conversation justified the candidate."""

    EXPLICIT_MEMORY_INTENT = "explicit_memory_intent"
    IMPLICIT_STABLE_PREFERENCE = "implicit_stable_preference"
    USER_CORRECTION = "user_correction"
    PINNED_DECISION = "pinned_decision"


class RecordStatus(StrEnum):
    """Lifecycle of a stored record."""

    ACTIVE = "active"
    SUPPRESSED = "suppressed"


_UNSTORABLE = re.compile("[\x00\ud800-\udfff]")


def storable_problem(value: str) -> str | None:
    """Why ``value`` cannot be stored as written, or ``None``.

    A lone surrogate is not Unicode (no UTF-8 encoding exists) and PostgreSQL's ``jsonb``
    refuses NUL: a store would refuse the whole batch holding either. Such text is
    refused, not repaired: replacing characters would store something nobody proposed.

    >>> storable_problem("tea"), storable_problem("t\\x00ea")
    (None, 'contains a NUL character (U+0000)')
    """
    found = _UNSTORABLE.search(value)
    if found is None:
        return None
    if found.group() == "\x00":
        return "contains a NUL character (U+0000)"
    return f"contains an unpaired surrogate (U+{ord(found.group()):04X}): not valid Unicode"


def _storable(value: str) -> str:
    problem = storable_problem(value)
    if problem is not None:
        raise ValueError(problem)
    return value


# Strings, numbers and booleans are strict (no coercion from other JSON types); enums accept
# their string values, as they arrive from JSON. Every string must be storable.
Storable = AfterValidator(_storable)
StrictText = Annotated[str, Strict(), Storable]
Tag = Annotated[str, Strict(), StringConstraints(min_length=1, max_length=MAX_TAG_CHARS), Storable]
IdentityPart = Annotated[
    str, Strict(), StringConstraints(max_length=MAX_IDENTITY_PART_CHARS), Storable
]


class Identity(BaseModel):
    """What a memory is *about*: the stable key is derived from it."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    subject: IdentityPart | None = None
    facet: IdentityPart | None = None
    polarity: Polarity | None = None


class MemoryCandidate(BaseModel):
    """A memory proposed by a model or a program; strict: undeclared fields are rejected."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    type: MemoryType
    text: StrictText
    tags: Annotated[list[Tag], Field(min_length=2, max_length=4)]
    confidence: Annotated[float, Strict(), Field(ge=0.0, le=1.0, allow_inf_nan=False)]
    stability: Stability
    identity: Identity
    action: Action
    source_signal: SourceSignal
    reason: Annotated[str, Strict(), StringConstraints(max_length=MAX_REASON_CHARS), Storable]
    conflict_signal: Annotated[bool, Strict()]

    def to_json(self) -> dict[str, Any]:
        """The candidate as plain JSON (snake_case, enums as strings)."""
        return self.model_dump(mode="json")


@dataclass(frozen=True, slots=True)
class HistoryEntry:
    """One earlier state of a record, kept when it was updated, suppressed or restored."""

    at: str
    event: str
    conversation_id: str | None
    text: StrictText
    tags: tuple[str, ...]
    confidence: float
    status: RecordStatus

    def to_json(self) -> dict[str, Any]:
        return {
            "at": self.at,
            "event": self.event,
            "conversation_id": self.conversation_id,
            "text": self.text,
            "tags": list(self.tags),
            "confidence": self.confidence,
            "status": self.status.value,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> "HistoryEntry":
        return cls(
            at=data["at"],
            event=data["event"],
            conversation_id=data.get("conversation_id"),
            text=data["text"],
            tags=tuple(data["tags"]),
            confidence=float(data["confidence"]),
            status=RecordStatus(data["status"]),
        )


@dataclass(frozen=True, slots=True)
class MemoryRecord:
    """A stored memory. Timestamps are ISO-8601 UTC strings.

    ``features`` holds what the recall scorer needs, computed once at write time.
    """

    key: str
    type: MemoryType
    text: StrictText
    tags: tuple[str, ...]
    confidence: float
    identity: Identity
    status: RecordStatus
    source_conversation_id: str
    source_signal: SourceSignal
    reason: str
    created_at: str
    updated_at: str | None = None
    suppressed_at: str | None = None
    suppressed_by: str | None = None
    expires_at: str | None = None
    history: tuple[HistoryEntry, ...] = ()
    features: dict[str, Any] = field(default_factory=dict, compare=False)

    @property
    def last_changed(self) -> str:
        """The most recent of creation and update time (for recency ordering)."""
        return self.updated_at or self.created_at

    def evolve(self, **changes: Any) -> "MemoryRecord":
        """A copy with ``changes`` applied."""
        return replace(self, **changes)

    def to_json(self) -> dict[str, Any]:
        return {
            "schema_version": 1,
            "key": self.key,
            "type": self.type.value,
            "text": self.text,
            "tags": list(self.tags),
            "confidence": self.confidence,
            "identity": self.identity.model_dump(mode="json", exclude_none=True),
            "status": self.status.value,
            "source_conversation_id": self.source_conversation_id,
            "source_signal": self.source_signal.value,
            "reason": self.reason,
            "created_at": self.created_at,
            "updated_at": self.updated_at,
            "suppressed_at": self.suppressed_at,
            "suppressed_by": self.suppressed_by,
            "expires_at": self.expires_at,
            "history": [h.to_json() for h in self.history],
            "features": self.features,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> "MemoryRecord":
        """A record from its stored JSON (as written by :meth:`to_json`).

        Recall parses every record of a namespace, so this path is kept lean: enum values
        are looked up in dicts, identical identities share one validated (frozen)
        ``Identity``, and fields are passed positionally in declaration order.
        """
        identity = data.get("identity") or {}
        history = data.get("history")
        return cls(
            data["key"],
            _MEMORY_TYPES[data["type"]],
            data["text"],
            tuple(data["tags"]),
            float(data["confidence"]),
            _identity(identity.get("subject"), identity.get("facet"), identity.get("polarity")),
            _STATUSES[data["status"]],
            data["source_conversation_id"],
            _SIGNALS[data["source_signal"]],
            data.get("reason", ""),
            data["created_at"],
            data.get("updated_at"),
            data.get("suppressed_at"),
            data.get("suppressed_by"),
            data.get("expires_at"),
            tuple(HistoryEntry.from_json(h) for h in history) if history else (),
            data.get("features") or {},
        )


_MEMORY_TYPES = {t.value: t for t in MemoryType}
_STATUSES = {s.value: s for s in RecordStatus}
_SIGNALS = {s.value: s for s in SourceSignal}


@lru_cache(maxsize=4096)
def _identity(subject: str | None, facet: str | None, polarity: str | None) -> Identity:
    # Identity is frozen, so records may share one instance; validation still runs once.
    return Identity.model_validate({"subject": subject, "facet": facet, "polarity": polarity})
