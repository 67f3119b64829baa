"""Scoring (interim)."""

from collections.abc import Sequence

from memory_plugins.candidate import MemoryRecord, RecordStatus
from memory_plugins.config import RecallConfig
from memory_plugins.recall.types import Consideration, Ranking, RecallHit, SkipReason

__all__ = ["rank"]


def rank(records: Sequence[MemoryRecord], query: str, config: RecallConfig, now: str) -> Ranking:
    """Score every record against the query and select within budgets."""
    q = query.lower()
    considered = []
    hits = []
    for r in records:
        score = sum(config.tag_weight for t in r.features.get("tags", []) if t in q)
        ok = r.status is RecordStatus.ACTIVE and score >= config.min_score
        considered.append(
            Consideration(r, {"tags": score}, score, ok, None if ok else SkipReason.BELOW_MIN_SCORE)
        )
        if ok:
            hits.append(RecallHit(r, score, r.text))
    return Ranking(query, tuple(hits[: config.max_records]), tuple(considered))
