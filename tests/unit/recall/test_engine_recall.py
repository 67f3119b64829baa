"""Recall through the engine: filters that protect the user, degradation, explain."""

from datetime import timedelta

from langgraph.store.memory import InMemoryStore
from recall_support import candidate, fresh_engine, later

from memory_plugins import MemoryConfig, MemoryEngine, RecallConfig
from memory_plugins.recall.explain import consideration_json, format_explanation
from memory_plugins.recall.types import SkipReason
from memory_plugins.testing import FailingStore

TEA = candidate("用户喜欢喝乌龙茶。", ["乌龙茶", "茶"])


def test_recall_injects_one_message_only_when_something_is_selected() -> None:
    engine, _ = fresh_engine()
    engine.remember("alice", [TEA], source_conversation_id="c-1")
    result = engine.recall("alice", "推荐一款下午喝的茶")
    assert [h.text for h in result.hits] == ["用户喜欢喝乌龙茶。"]
    assert result.message is not None and "用户喜欢喝乌龙茶。" in result.message
    assert "latest" in result.message and "supplementary" in result.message
    nothing = engine.recall("alice", "今天有什么新闻")
    assert nothing.hits == () and nothing.message is None and not nothing.degraded


def test_suppressed_records_are_never_injected() -> None:
    engine, clock = fresh_engine()
    [added] = engine.remember("alice", [TEA], source_conversation_id="c-1")
    later(clock)
    engine.suppress("alice", added.key or "", conversation_id="c-2")
    assert engine.recall("alice", "乌龙茶").hits == ()
    [item] = engine.explain("alice", "乌龙茶").considered
    assert item.reason is SkipReason.SUPPRESSED and item.total > 0
    engine.restore("alice", added.key or "")
    assert engine.recall("alice", "乌龙茶").hits


def test_suppress_candidate_through_the_write_path_stops_recall() -> None:
    engine, clock = fresh_engine()
    engine.remember("alice", [TEA], source_conversation_id="c-1")
    later(clock)
    retract = dict(TEA, action="suppress", conflict_signal=True)
    engine.remember("alice", [retract], source_conversation_id="c-2")
    assert engine.recall("alice", "推荐乌龙茶").message is None


def test_expired_records_are_never_injected() -> None:
    engine, clock = fresh_engine(record_ttl=timedelta(days=1))
    engine.remember("alice", [TEA], source_conversation_id="c-1")
    assert engine.recall("alice", "乌龙茶").hits
    clock.advance(timedelta(days=1))
    assert engine.recall("alice", "乌龙茶").hits == ()
    [item] = engine.explain("alice", "乌龙茶").considered
    assert item.reason is SkipReason.EXPIRED


def test_low_confidence_records_are_never_injected() -> None:
    # Let the write gate accept 0.6 so that recall's own threshold (0.7) is what decides.
    engine, _ = fresh_engine(min_confidence=0.5)
    engine.remember("alice", [dict(TEA, confidence=0.6)], source_conversation_id="c-1")
    assert engine.recall("alice", "乌龙茶").hits == ()
    [item] = engine.explain("alice", "乌龙茶").considered
    assert item.reason is SkipReason.LOW_CONFIDENCE


def test_failing_store_gives_no_injection_and_the_turn_goes_on() -> None:
    inner = InMemoryStore()
    store = FailingStore(inner, fail_reads=False, fail_writes=False)
    engine = MemoryEngine(store, MemoryConfig(principal_secret="recall-tests-secret-0123"))
    engine.remember("alice", [TEA], source_conversation_id="c-1")
    store.fail_reads = True
    result = engine.recall("alice", "乌龙茶")
    assert result.message is None and result.hits == () and result.degraded
    assert engine.explain("alice", "乌龙茶").considered == ()
    store.fail_reads = False
    assert engine.recall("alice", "乌龙茶").message is not None


def test_only_the_principals_own_records_are_recalled() -> None:
    engine, _ = fresh_engine()
    engine.remember("alice", [TEA], source_conversation_id="c-1")
    assert engine.recall("bob", "乌龙茶").hits == ()


async def test_async_recall_matches_sync() -> None:
    engine, _ = fresh_engine()
    engine.remember("alice", [TEA], source_conversation_id="c-1")
    assert (await engine.arecall("alice", "乌龙茶")).hits == engine.recall("alice", "乌龙茶").hits


def test_format_explanation_shows_every_record_and_why() -> None:
    engine, clock = fresh_engine(recall=RecallConfig(max_records=1))
    engine.remember("alice", [TEA], source_conversation_id="c-1")
    later(clock)
    engine.remember(
        "alice",
        [candidate("用户喜欢喝茉莉花茶。", ["茉莉花茶", "茶"])],
        source_conversation_id="c-1",
    )
    later(clock)
    engine.remember(
        "alice",
        [candidate("The user enjoys jazz.", ["jazz", "music"])],
        source_conversation_id="c-1",
    )
    ranking = engine.explain("alice", "来杯茶")
    table = format_explanation(ranking)
    lines = table.splitlines()
    assert lines[0] == "query: 来杯茶"
    assert "SELECTED" in lines[2] and "茉莉花茶" in lines[2]  # newest of the tie first
    assert "over_budget" in table and "below_min_score" in table
    assert "matched tags: 茶" in table
    assert lines[-1] == "1 selected of 3 considered"
    row = consideration_json(ranking.considered[0])
    assert row["selected"] is True and row["scores"]["tags"] == 3.0
