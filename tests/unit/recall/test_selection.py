"""Selection: ordering, deterministic ties, budgets, and the reasons explain() gives."""

from typing import Any

from recall_support import NOW_ISO, record

from memory_plugins.candidate import MemoryRecord, MemoryType, RecordStatus
from memory_plugins.config import RecallConfig
from memory_plugins.recall.scoring import cut_text, rank, select
from memory_plugins.recall.types import SkipReason

CONFIG = RecallConfig()


def tea(key: str, changed: str = "2026-02-01T00:00:00+00:00", **kw: Any) -> MemoryRecord:
    return record("The user likes tea.", ("tea", "drinks"), key=key, changed=changed, **kw)


def test_orders_by_score_then_recency_then_key() -> None:
    strong = record("The user likes oolong tea.", ("oolong", "tea"), key="z-strong")
    old = tea("b-old", "2026-01-01T00:00:00+00:00")
    new = tea("c-new", "2026-02-15T00:00:00+00:00")
    tie_a, tie_b = tea("a-tie"), tea("d-tie")
    records = [old, tie_b, new, strong, tie_a]
    keys = [h.record.key for h in rank(records, "oolong tea", CONFIG, NOW_ISO).hits]
    assert keys == ["z-strong", "c-new", "a-tie"]  # max_records = 3
    assert [h.record.key for h in rank(records[::-1], "oolong tea", CONFIG, NOW_ISO).hits] == keys


def test_select_returns_the_same_hits_as_rank() -> None:
    records = [tea(f"k{i}", f"2026-02-0{i}T00:00:00+00:00") for i in range(1, 6)]
    assert select(records, "tea", CONFIG, NOW_ISO) == rank(records, "tea", CONFIG, NOW_ISO).hits


def test_at_most_max_records_and_the_rest_is_over_budget() -> None:
    records = [tea(f"k{i}") for i in range(5)]
    ranking = rank(records, "tea", CONFIG, NOW_ISO)
    assert len(ranking.hits) == 3
    assert [c.reason for c in ranking.considered[3:]] == [SkipReason.OVER_BUDGET] * 2


def test_each_text_is_cut_and_the_total_stays_in_budget() -> None:
    long_text = "The user likes tea. " + "x" * 400
    records = [record(long_text[:300], ("tea", "drinks"), key=f"k{i}") for i in range(3)]
    config = RecallConfig(max_chars_per_record=120, max_total_chars=250)
    hits = rank(records, "tea", config, NOW_ISO).hits
    assert [len(h.text) for h in hits] == [120, 120]  # a third would pass 250
    assert hits[0].text.endswith("…") and sum(len(h.text) for h in hits) <= 250
    assert cut_text("short", 300) == "short"


def test_reasons_for_records_not_selected() -> None:
    records = [
        tea("a-suppressed", status=RecordStatus.SUPPRESSED),
        tea("b-expired", expires_at="2026-03-01T11:00:00+00:00"),
        tea("c-low", confidence=0.5),
        tea("d-ok"),
        record("The user drinks coffee.", ("coffee", "drinks"), key="e-unrelated"),
        record(
            "用户的投资偏保守。",
            ("理财", "保守型"),
            kind=MemoryType.RISK_PREFERENCE,
            key="f-controlled",
            subject="理财",
        ),
    ]
    ranking = rank(records, "tea 投资", CONFIG, NOW_ISO)
    reasons = {c.record.key: c.reason for c in ranking.considered}
    assert reasons == {
        "a-suppressed": SkipReason.SUPPRESSED,
        "b-expired": SkipReason.EXPIRED,
        "c-low": SkipReason.LOW_CONFIDENCE,
        "d-ok": None,
        "e-unrelated": SkipReason.BELOW_MIN_SCORE,
        "f-controlled": SkipReason.CONTROLLED_TYPE_NO_OVERLAP,
    }
    assert [h.record.key for h in ranking.hits] == ["d-ok"]


def test_expiry_boundary_is_inclusive() -> None:
    at_now = tea("k", expires_at=NOW_ISO)
    assert rank([at_now], "tea", CONFIG, NOW_ISO).considered[0].reason is SkipReason.EXPIRED


def test_every_record_is_considered_with_every_dimension() -> None:
    records = [tea("a"), record("The user drinks coffee.", ("coffee", "mugs"), key="b")]
    ranking = rank(records, "tea", CONFIG, NOW_ISO)
    assert [c.record.key for c in ranking.considered] == ["a", "b"]
    for item in ranking.considered:
        assert set(item.scores) == {
            "tags",
            "identity",
            "text",
            "cjk_phrases",
            "ascii_tokens",
            "self_context",
        }
    assert ranking.considered[0].matched["tags"] == ["tea"]
