"""What the read path returns: hits, per-record considerations, and their reasons."""

import html
from dataclasses import dataclass, field
from enum import StrEnum

from memory_plugins.candidate import MemoryRecord

__all__ = ["Consideration", "Ranking", "RecallHit", "SkipReason"]


class SkipReason(StrEnum):
    """Why a considered record was not injected."""

    SUPPRESSED = "suppressed"
    EXPIRED = "expired"
    LOW_CONFIDENCE = "low_confidence"
    CONTROLLED_TYPE_NO_OVERLAP = "controlled_type_no_overlap"
    TOO_FEW_CUES = "too_few_cues"
    """Cues were the only match, fewer than ``RecallConfig.cues_to_select_alone``."""
    BELOW_MIN_SCORE = "below_min_score"
    OVER_BUDGET = "over_budget"
    SHADOWED = "shadowed"
    """A nearer scope holds a memory with the same key (the assistant's or the user's own
    over the organisation's)."""


@dataclass(frozen=True, slots=True)
class RecallHit:
    """A selected record, its total score and the text that will be injected."""

    record: MemoryRecord
    score: float
    text: str
    """The (possibly cut) memory text as injected."""
    scope: str = "user"
    """Which scope it came from: ``user`` (the user's own), ``agent`` (what this assistant
    keeps about the user) or ``org`` (shared by the organisation)."""


@dataclass(frozen=True, slots=True)
class Consideration:
    """One record as the scorer saw it: score per dimension and the verdict."""

    record: MemoryRecord
    scores: dict[str, float]
    """Score per dimension: ``tags``, ``identity``, ``text``, ``cjk_phrases``,
    ``ascii_tokens``, ``self_context``; plus ``semantic`` when the engine has embeddings
    and ``rarity`` in ranking mode (see :mod:`memory_plugins.recall.scoring`)."""
    total: float
    """The sum used for ranking (0 for a controlled type without lexical overlap)."""
    selected: bool
    reason: SkipReason | None
    """Why it was not injected; ``None`` when selected."""
    matched: dict[str, list[str]] = field(default_factory=dict)
    """What matched per dimension (tags, phrases, tokens), for humans."""
    scope: str = "user"
    """Which scope the record lives in (see :attr:`RecallHit.scope`)."""


@dataclass(frozen=True, slots=True)
class Ranking:
    """The result of scoring a namespace's records against a query.

    ``print(ranking)`` shows the table of :func:`memory_plugins.recall.format_explanation`
    (every record, its score per dimension and the verdict); a notebook shows it too.
    """

    query: str
    hits: tuple[RecallHit, ...]
    considered: tuple[Consideration, ...]

    def __str__(self) -> str:
        from memory_plugins.recall.explain import format_explanation  # explain imports this

        return format_explanation(self)

    def _repr_html_(self) -> str:
        return f"<pre>{html.escape(str(self))}</pre>"
