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
import sys
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from enum import StrEnum
from functools import lru_cache
from typing import Annotated, Any, NamedTuple

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, Strict, StringConstraints

__all__ = [
    "Action",
    "HistoryEntry",
    "Identity",
    "MemoryCandidate",
    "MemoryRecord",
    "MemoryType",
    "Polarity",
    "RecordFeatures",
    "RecordStatus",
    "SourceSignal",
    "Stability",
    "StoredVector",
    "example_candidate",
    "storable_problem",
]

MAX_REASON_CHARS = 200
MAX_TAG_CHARS = 64
MAX_IDENTITY_PART_CHARS = 120
MAX_CUES = 8
MAX_CUE_WORDS = 3
MAX_CUE_CJK_CHARS = 6
MAX_CUE_CHARS = 40
MAX_OTHER_SENSES = 6
MAX_OTHER_SENSE_WORDS = 4
MAX_OTHER_SENSE_CJK_CHARS = 8
MAX_OTHER_SENSE_CHARS = 48
MAX_METADATA_KEYS = 16
MAX_METADATA_KEY_CHARS = 64
MAX_METADATA_VALUE_CHARS = 200


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
_CJK_CHAR = re.compile("[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uac00-\ud7af]")


def _phrase_of(what: str, most_words: int, most_cjk: int) -> Callable[[str], str]:
    """A check that a phrase is short: at most ``most_words`` words, or ``most_cjk`` CJK
    characters."""

    def short_phrase(value: str) -> str:
        if not value.strip():
            raise ValueError(f"{what} must not be blank")
        cjk = len(_CJK_CHAR.findall(value))
        if cjk > most_cjk:
            raise ValueError(f"{what} has at most {most_cjk} CJK characters, not {cjk}")
        words = len(_CJK_CHAR.sub(" ", value).split())
        if words > most_words:
            raise ValueError(f"{what} has at most {most_words} words, not {words}")
        return value

    return short_phrase


Cue = Annotated[
    str,
    Strict(),
    StringConstraints(min_length=1, max_length=MAX_CUE_CHARS),
    Storable,
    AfterValidator(_phrase_of("a cue", MAX_CUE_WORDS, MAX_CUE_CJK_CHARS)),
]
OtherSense = Annotated[
    str,
    Strict(),
    StringConstraints(min_length=1, max_length=MAX_OTHER_SENSE_CHARS),
    Storable,
    AfterValidator(_phrase_of("an other sense", MAX_OTHER_SENSE_WORDS, MAX_OTHER_SENSE_CJK_CHARS)),
]
MetadataKey = Annotated[
    str, Strict(), StringConstraints(min_length=1, max_length=MAX_METADATA_KEY_CHARS), Storable
]
MetadataValue = (
    Annotated[str, Strict(), StringConstraints(max_length=MAX_METADATA_VALUE_CHARS), Storable]
    | Annotated[bool, Strict()]
    | Annotated[int, Strict()]
    | Annotated[float, Strict(), Field(allow_inf_nan=False)]
)
"""A metadata value: a short string, a boolean or a finite number (no nesting)."""
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
    cues: Annotated[list[Cue], Field(max_length=MAX_CUES)] = []
    """Optional short phrases naming when the memory should come to mind (S1)."""
    other_senses: Annotated[list[OtherSense], Field(max_length=MAX_OTHER_SENSES)] = []
    """Optional short phrases in which a word of the memory means something else (S1): a
    request holding one is not about the memory there."""
    metadata: Annotated[dict[MetadataKey, MetadataValue], Field(max_length=MAX_METADATA_KEYS)] = {}
    """Optional application metadata: only keys ``MemoryConfig.metadata_schema`` declares."""

    def to_json(self) -> dict[str, Any]:
        """The candidate as plain JSON (snake_case, enums as strings); ``cues``,
        ``other_senses`` and ``metadata`` only when there are some."""
        data = self.model_dump(mode="json")
        for optional in ("cues", "other_senses", "metadata"):
            if not data[optional]:
                del data[optional]
        return data


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


FEATURES_VERSION = 5
"""Layout of :class:`RecordFeatures`; stored features of another layout are recomputed."""

_MIGRATED_VERSIONS = frozenset({FEATURES_VERSION})
# Version 5 adds the record's cues (to ``cues`` and ``all``): earlier layouts are recomputed.
# Version 4 stems words with Snowball: features stored by earlier layouts are recomputed.
# Version 2 held the vector among the features; it is still read from there.
_LEGACY_VECTOR = "vector"
_LEGACY_VECTOR_MODEL = "vector_model"


_new_tuple = tuple.__new__
_intern = sys.intern


class IdentityFeature(NamedTuple):
    """One identity part (``subject`` or ``facet``) as the recall scorer reads it."""

    part: str
    needle: str
    """The part as a whole phrase, to find it inside a query."""
    canonical: str
    """The canonical form of the part (see :mod:`memory_plugins.recall.text`)."""
    strong: tuple[str, ...]
    """The part's words that are technical terms or names."""


class RecordFeatures(NamedTuple):
    """What the recall scorer needs from a record, computed once at write time.

    Built by :func:`memory_plugins.recall.features.compute_features` (which documents each
    field) and stored in the record's JSON. Independent of the recall configuration.
    """

    # A NamedTuple rather than a frozen dataclass: recall parses every record of a
    # namespace when it reads it cold, and a tuple is built several times faster.
    text: str
    text_needle: str
    tags: tuple[str, ...]
    identity: tuple[IdentityFeature, ...]
    strong: tuple[str, ...]
    all: str
    short: str
    names: tuple[str, ...]
    short_lower: tuple[str, ...]
    cues: tuple[str, ...] = ()
    other_senses: tuple[str, ...] = ()
    probes: tuple[str, ...] | None = None
    """The recall index's keys of ``all``, sorted, so a cold read need not derive them
    again; ``None`` for features stored without them (the index derives them then)."""
    version: int = FEATURES_VERSION

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"version": self.version, "text": self.text}
        if self.text_needle != self.text:  # they differ only for text ending in CJK
            data["text_needle"] = self.text_needle
        data.update(
            tags=list(self.tags),
            identity=[[i.part, i.needle, i.canonical, list(i.strong)] for i in self.identity],
            strong=list(self.strong),
            all=self.all,
            short=self.short,
            cased=[list(self.names), list(self.short_lower)],
        )
        if self.probes is not None:
            data["probes"] = list(self.probes)
        if self.cues:
            data["cues"] = list(self.cues)
        if self.other_senses:
            data["other_senses"] = list(self.other_senses)
        return data

    @staticmethod
    def stored_probes(data: dict[str, Any] | None) -> tuple[str, str, list[str] | None] | None:
        """``(all, short, probes)`` of stored features :meth:`from_json` would read, without
        building them (``probes``: the index keys of ``all`` when stored with them, else
        ``None``); ``None`` when the features must be recomputed."""
        if not data or data.get("version", data.get("v")) not in _MIGRATED_VERSIONS:
            return None
        return data["all"], data["short"], data.get("probes")

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> "RecordFeatures | None":
        """Stored features, migrated from earlier layouts; ``None`` when they must be
        recomputed (written before features existed, or by an unknown layout)."""
        if data.get("version", data.get("v")) not in _MIGRATED_VERSIONS:
            return None
        names, short_lower = data["cased"]
        text = data["text"]
        identity = data["identity"]
        return _new_tuple(  # skips the keyword handling of cls(...): this runs per record read
            cls,
            (
                text,
                data.get("text_needle", text),
                tuple(data["tags"]),
                tuple([_new_tuple(IdentityFeature, (*i[:3], tuple(i[3]))) for i in identity])
                if identity
                else (),
                tuple(data["strong"]),
                data["all"],
                data["short"],
                tuple(names),
                tuple(short_lower),
                tuple(data["cues"]) if "cues" in data else (),
                tuple(data["other_senses"]) if "other_senses" in data else (),
                # Interned: records share most of their words, so their probes share strings.
                tuple(map(_intern, probes)) if (probes := data.get("probes")) is not None else None,
                FEATURES_VERSION,
            ),
        )


class StoredVector(NamedTuple):
    """A record's embedding: the name of the embedder that computed it, base64 of the
    unit-length little-endian float32 vector (see :mod:`memory_plugins.semantic`), and the
    record's cues embedded with its text (``()`` for the text alone, as every vector
    computed before cues were embedded)."""

    model: str
    data: str
    cues: tuple[str, ...] = ()

    def to_json(self) -> dict[str, Any]:
        if self.cues:
            return {"model": self.model, "data": self.data, "cues": list(self.cues)}
        return {"model": self.model, "data": self.data}

    @classmethod
    def of_record(cls, data: dict[str, Any]) -> "StoredVector | None":
        """The vector of a record's stored JSON (any layout), or ``None``."""
        return _vector_from_json(data)


def _vector_from_json(data: dict[str, Any], cues: tuple[str, ...] = ()) -> StoredVector | None:
    """The stored vector; ``cues``, the record's own, are reused when the vector embeds
    exactly them (one tuple of strings per cached record, not two)."""
    stored = data.get("vector")
    if stored is not None:
        embedded = stored.get("cues")
        if not embedded:
            embedded = ()
        elif list(cues) == embedded:
            embedded = cues
        else:
            embedded = tuple(embedded)
        return _new_tuple(StoredVector, (stored["model"], stored["data"], embedded))
    legacy = data.get("features")  # version 2 kept the vector among the features
    if legacy and isinstance(encoded := legacy.get(_LEGACY_VECTOR), str):
        return StoredVector(str(legacy.get(_LEGACY_VECTOR_MODEL)), encoded, ())
    return None


@dataclass(frozen=True, slots=True)
class MemoryRecord:
    """A stored memory. Timestamps are ISO-8601 UTC strings.

    ``features`` holds what the recall scorer needs, computed once at write time (``None``
    for records written before features existed: recall computes them on the fly);
    ``vector`` is the embedding of the text and cues when the engine has an embedder
    (see :func:`memory_plugins.semantic.embedded_document`); ``cues`` are the
    candidate's cues the program kept (see :mod:`memory_plugins.gates.cues`).
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
    features: RecordFeatures | None = field(default=None, compare=False)
    vector: StoredVector | None = field(default=None, compare=False)
    cues: tuple[str, ...] = ()
    metadata: dict[str, Any] = field(default_factory=dict, compare=False)
    """The application metadata the candidate carried (declared keys only)."""
    other_senses: tuple[str, ...] = ()
    """The candidate's other senses the program kept (see :mod:`memory_plugins.gates.cues`)."""

    @property
    def last_changed(self) -> str:
        """The most recent of creation and update time (for recency ordering)."""
        return self.updated_at or self.created_at

    def evolve(self, **changes: Any) -> "MemoryRecord":
        """A copy with ``changes`` applied."""
        return replace(self, **changes)

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
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
            "features": self.features.to_json() if self.features is not None else None,
            "vector": self.vector.to_json() if self.vector is not None else None,
        }
        if self.cues:  # records without cues are stored exactly as before cues existed
            data["cues"] = list(self.cues)
        if self.metadata:  # likewise metadata
            data["metadata"] = dict(self.metadata)
        if self.other_senses:  # likewise other senses
            data["other_senses"] = list(self.other_senses)
        return data

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> "MemoryRecord":
        """A record from its stored JSON (as written by :meth:`to_json`).

        Recall parses every record of a namespace, so this path is kept lean: enum values
        are looked up in dicts, identical identities share one validated (frozen)
        ``Identity``, and fields are passed positionally in declaration order.
        """
        identity = data.get("identity") or {}
        history = data.get("history")
        features = data.get("features")
        cues = tuple(listed) if (listed := data.get("cues")) else ()
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
            RecordFeatures.from_json(features) if features else None,
            _vector_from_json(data, cues),
            cues,
            dict(meta) if (meta := data.get("metadata")) else {},
            tuple(senses) if (senses := data.get("other_senses")) else (),
        )


_MEMORY_TYPES = {t.value: t for t in MemoryType}
_STATUSES = {s.value: s for s in RecordStatus}
_SIGNALS = {s.value: s for s in SourceSignal}


@lru_cache(maxsize=4096)
def _identity(subject: str | None, facet: str | None, polarity: str | None) -> Identity:
    # Identity is frozen, so records may share one instance; validation still runs once.
    return Identity.model_validate({"subject": subject, "facet": facet, "polarity": polarity})


def example_candidate(**fields: Any) -> dict[str, Any]:
    """A valid S1 candidate as JSON (a lasting preference for oolong tea), with ``fields``
    replacing its defaults: what tests, benchmarks and examples start from.

    >>> example_candidate(text="The user likes green tea.")["text"]
    'The user likes green tea.'
    """
    base: dict[str, Any] = {
        "type": "user_preference",
        "text": "The user likes oolong tea.",
        "tags": ["oolong", "tea"],
        "confidence": 0.9,
        "stability": "stable",
        "identity": {"subject": "oolong tea", "polarity": "prefer"},
        "action": "add",
        "source_signal": "explicit_memory_intent",
        "reason": "stated as lasting",
        "conflict_signal": False,
    }
    base.update(fields)
    return base
