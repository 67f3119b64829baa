"""What the read path returns: hits, per-record considerations, and their reasons.

Also the names of the score dimensions, and the table a :class:`Ranking` prints as
(:func:`format_explanation`, offered by :mod:`memory_plugins.recall.explain` too).
"""

import html
from dataclasses import dataclass, field
from enum import StrEnum

from memory_plugins.candidate import MemoryRecord
from memory_plugins.recall.quoting import escape_visible, shown_key

__all__ = [
    "DIMENSIONS",
    "OPTIONAL_DIMENSIONS",
    "Consideration",
    "Ranking",
    "RecallHit",
    "SkipReason",
    "format_explanation",
]

DIMENSIONS = ("tags", "identity", "text", "cjk_phrases", "ascii_tokens", "self_context")
"""The rule dimensions of :mod:`memory_plugins.recall.scoring`, in the order they are
summed and reported: every consideration scores them all."""

OPTIONAL_DIMENSIONS = ("cues", "rarity", "semantic")
"""Dimensions present in ``scores`` only when switched on (see
:mod:`memory_plugins.recall.scoring`)."""


class SkipReason(StrEnum):
    """Why a considered record was not injected."""

    SUPPRESSED = "suppressed"
    EXPIRED = "expired"
    LOW_CONFIDENCE = "low_confidence"
    CONTROLLED_TYPE_NO_OVERLAP = "controlled_type_no_overlap"
    TOO_FEW_CUES = "too_few_cues"
    """Cues were the only match, fewer than ``RecallConfig.cues_to_select_alone``."""
    ONE_WORD_IN_PASSING = "one_word_in_passing"
    """A question about something else shares one word with it, counted once
    (``RecallConfig.one_word_in_passing``); counted in every dimension it would have been
    selected."""
    OTHER_SENSE = "other_sense"
    """The query holds one of the record's ``other_senses`` (``苹果手机`` against a memory of
    eating apples): the words there do not count for it, and what is left scores below
    the minimum."""
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
        return format_explanation(self)

    def _repr_html_(self) -> str:
        return f"<pre>{html.escape(str(self))}</pre>"


_HEADINGS = {
    "tags": "tags",
    "identity": "ident",
    "text": "text",
    "cjk_phrases": "cjk",
    "ascii_tokens": "ascii",
    "self_context": "self",
    "cues": "cues",
    "rarity": "rare",
    "semantic": "sem",
}


def _phrases(phrases: tuple[str, ...]) -> str:
    return ", ".join(escape_visible(" ".join(p.split())) for p in phrases)


def _verdict(item: Consideration) -> str:
    return "SELECTED" if item.selected else (item.reason.value if item.reason else "-")


def format_explanation(ranking: Ranking) -> str:
    """A table of every considered record: verdict, score per dimension, total, key.

    Selected records come first, in injection order; the matched tags, phrases and tokens
    follow each row that has any. The ``sem`` (semantic channel) and ``rare`` (ranking
    mode) columns appear when those dimensions were scored.

    >>> from langgraph.store.memory import InMemoryStore
    >>> from memory_plugins import MemoryConfig, MemoryEngine
    >>> engine = MemoryEngine(InMemoryStore(), MemoryConfig(principal_secret="0123456789abcdef"))
    >>> _ = engine.remember("alice", [{
    ...     "type": "user_preference", "text": "用户喜欢喝乌龙茶。", "tags": ["乌龙茶", "茶"],
    ...     "confidence": 0.9, "stability": "stable",
    ...     "identity": {"subject": "乌龙茶", "polarity": "prefer"}, "action": "add",
    ...     "source_signal": "explicit_memory_intent", "reason": "said so",
    ...     "conflict_signal": False}], source_conversation_id="c-1")
    >>> print(format_explanation(engine.explain("alice", "推荐一款下午喝的茶")))
    query: 推荐一款下午喝的茶
    verdict    tags  ident   text    cjk  ascii   self  total  type / key
    SELECTED    3.0    0.0    0.0    0.0    0.0    0.0    3.0  user_preference / user_preference:prefer-乌龙茶
              matched tags: 茶
    1 selected of 1 considered
    """
    # Everything here may come from a user or a model: one line each, nothing hidden.
    lines = [f"query: {escape_visible(' '.join(ranking.query.split()))}"]
    if not ranking.considered:
        lines.append("no records to consider")
        return "\n".join(lines)
    scored = {d for c in ranking.considered for d in c.scores}
    dimensions = [*DIMENSIONS, *(d for d in OPTIONAL_DIMENSIONS if d in scored)]
    heads = [_HEADINGS[d] for d in dimensions]
    width = max(len(_verdict(c)) for c in ranking.considered)
    lines.append(
        f"{'verdict':<{width}}  "
        + "  ".join(f"{h:>5}" for h in heads)
        + f"  {'total':>5}  type / key"
    )
    for item in ranking.considered:
        cells = "  ".join(f"{item.scores.get(d, 0.0):>5.1f}" for d in dimensions)
        lines.append(
            f"{_verdict(item):<{width}}  {cells}  {item.total:>5.1f}  "
            f"{item.record.type.value} / {shown_key(item.record.key, item.record.identity)}"
            + ("" if item.scope == "user" else f"  [{item.scope} scope]")
        )
        if item.matched:
            shown = "; ".join(
                f"{d}: {', '.join(escape_visible(' '.join(p.split())) for p in v)}"
                for d, v in item.matched.items()
            )
            lines.append(f"{'':<{width}}  matched {shown}")
        if item.record.cues and "cues" in item.scores:
            lines.append(f"{'':<{width}}  cues {_phrases(item.record.cues)}")
        if item.record.other_senses and item.reason is SkipReason.OTHER_SENSE:
            lines.append(f"{'':<{width}}  other senses {_phrases(item.record.other_senses)}")
    selected = sum(c.selected for c in ranking.considered)
    lines.append(f"{selected} selected of {len(ranking.considered)} considered")
    return "\n".join(lines)
