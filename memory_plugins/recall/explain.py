"""Human-readable and JSON views of a :class:`~memory_plugins.recall.types.Ranking`.

>>> from memory_plugins.recall.types import Ranking
>>> print(format_explanation(Ranking(query="hello", hits=(), considered=())))
query: hello
no records to consider
"""

from typing import Any

from memory_plugins.recall.quoting import escape_visible
from memory_plugins.recall.scoring import DIMENSIONS, OPTIONAL_DIMENSIONS
from memory_plugins.recall.types import Consideration, Ranking

__all__ = ["consideration_json", "format_explanation"]

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
            f"{item.record.type.value} / {escape_visible(item.record.key)}"
            + ("" if item.scope == "user" else f"  [{item.scope} scope]")
        )
        if item.matched:
            shown = "; ".join(
                f"{d}: {', '.join(escape_visible(' '.join(p.split())) for p in v)}"
                for d, v in item.matched.items()
            )
            lines.append(f"{'':<{width}}  matched {shown}")
        if item.record.cues and "cues" in item.scores:
            lines.append(f"{'':<{width}}  cues {', '.join(item.record.cues)}")
    selected = sum(c.selected for c in ranking.considered)
    lines.append(f"{selected} selected of {len(ranking.considered)} considered")
    return "\n".join(lines)


def consideration_json(item: Consideration) -> dict[str, Any]:
    """One consideration as plain JSON (for ``--json`` output and logs)."""
    return {
        "key": item.record.key,
        "type": item.record.type.value,
        "status": item.record.status.value,
        "scores": dict(item.scores),
        "total": item.total,
        "selected": item.selected,
        "reason": item.reason.value if item.reason else None,
        "matched": {k: list(v) for k, v in item.matched.items()},
        "text": item.record.text,
        "cues": list(item.record.cues),
    }
