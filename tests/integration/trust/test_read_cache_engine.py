"""The engine's read cache: fewer store reads, never a stale read after its own writes."""

import threading
import time
import uuid
from datetime import timedelta
from typing import Any

import pytest

from memory_plugins import CacheConfig, MemoryConfig, MemoryEngine, RecallConfig
from memory_plugins.testing import FrozenClock, HangingStore


def cached_config(record_ttl: timedelta | None = None, **cache: Any) -> MemoryConfig:
    return MemoryConfig(
        principal_secret="cache-secret-0123456789",
        app=f"rc{uuid.uuid4().hex[:10]}",
        record_ttl=record_ttl,
        cache=CacheConfig(**cache),
        recall=RecallConfig(time_budget_ms=5000),
    )


@pytest.fixture
def counted(any_store: Any) -> HangingStore:
    """The backend under test, counting the reads that reach it (it never hangs)."""
    store = HangingStore(any_store, hang_reads=False)
    store.release()
    return store


def test_a_burst_of_recalls_for_one_principal_is_one_store_read(
    counted: HangingStore, clock: FrozenClock, make_candidate: Any
) -> None:
    engine = MemoryEngine(counted, cached_config(), clock=clock)
    engine.remember("alice", [make_candidate()], source_conversation_id="c-1")
    before = counted.reads
    scans: list[int] = []
    inner_batch = counted.inner.batch

    def counting_batch(ops: Any) -> Any:
        ops = list(ops)
        scans.extend(1 for op in ops if type(op).__name__ == "SearchOp")
        return inner_batch(ops)

    counted.inner = type("Counting", (), {"batch": staticmethod(counting_batch)})()
    start = threading.Barrier(30)
    hits: list[int] = []

    def turn() -> None:
        start.wait()
        hits.append(len(engine.recall("alice", "oolong tea").hits))

    threads = [threading.Thread(target=turn) for _ in range(30)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert hits == [1] * 30
    assert len(scans) == 1  # one scan of the namespace, shared by all
    # plus change-token point lookups, coalesced while in flight
    assert counted.reads - before <= 4


def test_principals_without_memories_are_cached_briefly(
    counted: HangingStore, clock: FrozenClock
) -> None:
    # The cache-penetration lesson: a wave of new users must not become a wave of reads.
    engine = MemoryEngine(counted, cached_config(negative_ttl=timedelta(seconds=5)), clock=clock)
    before = counted.reads
    for _ in range(20):
        assert engine.recall("newcomer", "anything about tea?").hits == ()
    time.sleep(0.3)  # the unreachable-memories notice lists the store once, in the background
    # token lookup + scan, then served from the cache; plus that one listing per engine
    assert counted.reads - before == 3
    before = counted.reads
    clock.advance(timedelta(seconds=2))  # past revalidate_after: one key lookup, no scan
    engine.recall("newcomer", "anything about tea?")
    assert counted.reads - before == 1
    clock.advance(timedelta(seconds=5))  # past negative_ttl: read again in full
    engine.recall("newcomer", "anything about tea?")
    time.sleep(0.1)
    assert counted.reads - before == 3  # and no second listing: once per engine


def test_every_write_path_invalidates(
    any_store: Any, clock: FrozenClock, make_candidate: Any
) -> None:
    engine = MemoryEngine(any_store, cached_config(record_ttl=timedelta(days=1)), clock=clock)
    query = "which oolong tea?"

    def recalled() -> list[str]:
        return [h.record.text for h in engine.recall("alice", query).hits]

    assert recalled() == []  # negative entry cached
    [added] = engine.remember("alice", [make_candidate()], source_conversation_id="c-1")
    assert recalled() == ["The user likes oolong tea."]
    engine.remember(
        "alice", [make_candidate(text="The user loves oolong tea.")], source_conversation_id="c-2"
    )
    assert recalled() == ["The user loves oolong tea."]
    engine.suppress("alice", added.key or "", conversation_id="c-3")
    assert recalled() == []
    engine.restore("alice", added.key or "")
    assert recalled() == ["The user loves oolong tea."]
    engine.remember("alice", [make_candidate(action="suppress")], source_conversation_id="c-4")
    assert recalled() == [] and engine.list_records("alice", "suppressed")
    engine.erase_user("alice")
    assert engine.list_records("alice", "all") == []
    engine.remember("alice", [make_candidate()], source_conversation_id="c-5")
    assert recalled() == ["The user likes oolong tea."]
    clock.advance(timedelta(days=2))
    assert engine.sweep("alice") == 1
    assert engine.list_records("alice", "all") == []


def test_expiry_is_enforced_on_cached_records(
    counted: HangingStore, clock: FrozenClock, make_candidate: Any
) -> None:
    engine = MemoryEngine(
        counted,
        cached_config(record_ttl=timedelta(seconds=10), ttl=timedelta(minutes=5)),
        clock=clock,
    )
    engine.remember("alice", [make_candidate()], source_conversation_id="c-1")
    assert engine.recall("alice", "oolong tea").hits
    reads = counted.reads
    clock.advance(timedelta(seconds=11))
    assert engine.recall("alice", "oolong tea").hits == ()
    assert engine.list_records("alice", "all") == []
    assert counted.reads == reads + 1  # one change-token lookup; the records came from the cache


def test_another_process_writes_are_seen_after_revalidation(
    any_store: Any, clock: FrozenClock, make_candidate: Any
) -> None:
    """A write by another process is noticed through the change token, not after ``ttl``."""
    config = cached_config(ttl=timedelta(minutes=5), revalidate_after=timedelta(seconds=1))
    here = MemoryEngine(any_store, config, clock=clock)
    elsewhere = MemoryEngine(any_store, config, clock=clock)  # stands in for another process
    here.remember("alice", [make_candidate()], source_conversation_id="c-1")
    assert here.recall("alice", "oolong tea").hits
    elsewhere.remember("alice", [make_candidate(action="suppress")], source_conversation_id="c-2")
    assert here.recall("alice", "oolong tea").hits  # within the 1 s window: not yet checked
    clock.advance(timedelta(seconds=1))
    assert here.recall("alice", "oolong tea").hits == ()  # token changed: read again


def test_revalidation_off_checks_the_token_on_every_read(
    any_store: Any, clock: FrozenClock, make_candidate: Any
) -> None:
    config = cached_config(revalidate_after=timedelta(0))
    here = MemoryEngine(any_store, config, clock=clock)
    elsewhere = MemoryEngine(any_store, config, clock=clock)
    here.remember("alice", [make_candidate()], source_conversation_id="c-1")
    assert here.recall("alice", "oolong tea").hits
    elsewhere.remember("alice", [make_candidate(action="suppress")], source_conversation_id="c-2")
    assert here.recall("alice", "oolong tea").hits == ()


def test_the_first_recall_after_an_own_write_reads_no_records(
    counted: HangingStore, clock: FrozenClock, make_candidate: Any
) -> None:
    engine = MemoryEngine(counted, cached_config(), clock=clock)
    engine.remember("alice", [make_candidate()], source_conversation_id="c-1")
    assert engine.recall("alice", "oolong tea").hits  # the namespace is cached now
    scans: list[str] = []
    inner_batch = counted.inner.batch

    def counting_batch(ops: Any) -> Any:
        ops = list(ops)
        scans.extend(type(op).__name__ for op in ops if type(op).__name__ == "SearchOp")
        return inner_batch(ops)

    counted.inner = type("Counting", (), {"batch": staticmethod(counting_batch)})()
    engine.remember(
        "alice",
        [
            make_candidate(text="The user loves oolong tea."),
            make_candidate(
                text="The user drinks espresso.",
                tags=["espresso", "coffee"],
                identity={"subject": "espresso", "polarity": "prefer"},
            ),
        ],
        source_conversation_id="c-2",
    )
    reads = counted.reads
    assert [h.record.text for h in engine.recall("alice", "oolong tea").hits] == [
        "The user loves oolong tea."
    ]
    assert [h.record.text for h in engine.recall("alice", "espresso").hits] == [
        "The user drinks espresso."
    ]
    [key] = [r.key for r in engine.list_records("alice") if "espresso" in r.text]
    engine.suppress("alice", key, conversation_id="c-3")
    assert engine.recall("alice", "espresso").hits == ()
    assert engine.forget("alice", key) == 1
    assert [r.text for r in engine.list_records("alice", "all")] == ["The user loves oolong tea."]
    assert scans == []  # no read of the namespace: every write landed in the cache
    assert counted.reads - reads == 2  # the suppress and the forget read their own key


def test_steady_traffic_does_not_postpone_the_token_check(
    any_store: Any, clock: FrozenClock, make_candidate: Any
) -> None:
    config = cached_config(revalidate_after=timedelta(seconds=1))
    here = MemoryEngine(any_store, config, clock=clock)
    elsewhere = MemoryEngine(any_store, config, clock=clock)
    here.remember("alice", [make_candidate()], source_conversation_id="c-1")
    assert here.recall("alice", "oolong tea").hits  # checked now
    elsewhere.remember("alice", [make_candidate(action="suppress")], source_conversation_id="c-2")
    for _ in range(4):  # a recall every 0.3 s: each served from the cache
        clock.advance(timedelta(milliseconds=300))
        served = here.recall("alice", "oolong tea").hits
    assert served == ()  # 1.2 s after the last check, whatever the traffic in between


def test_writes_by_another_process_are_read_as_changes(
    any_store: Any, clock: FrozenClock, make_candidate: Any
) -> None:
    config = cached_config(revalidate_after=timedelta(0))
    here = MemoryEngine(any_store, config, clock=clock)
    elsewhere = MemoryEngine(any_store, config, clock=clock)
    teas = [
        make_candidate(
            text=f"The user likes tea number {n}.",
            tags=["tea", f"tea{n}"],
            identity={"subject": f"tea {n}", "polarity": "prefer"},
        )
        for n in range(6)
    ]
    here.remember("alice", teas, source_conversation_id="c-1")
    assert len(here.list_records("alice")) == 6
    changed = dict(teas[0], text="The user likes tea number 0 with milk.")
    elsewhere.remember("alice", [changed, make_candidate()], source_conversation_id="c-2")
    gone = [r.key for r in elsewhere.list_records("alice") if "number 3" in r.text]
    assert elsewhere.forget("alice", gone[0]) == 1
    elsewhere.suppress(
        "alice",
        next(r.key for r in elsewhere.list_records("alice") if "number 4" in r.text),
        conversation_id="c-3",
    )

    def state(engine: MemoryEngine) -> list[tuple[str, str]]:
        return sorted((r.text, r.status.value) for r in engine.list_records("alice", "all"))

    fresh = MemoryEngine(any_store, config, clock=clock)
    assert state(here) == state(fresh)
    assert len(state(here)) == 6  # one added, one deleted
    explained = here.explain("alice", "tea number 0 with milk")
    assert explained.hits[0].record.text == "The user likes tea number 0 with milk."
    delta = "sqlite" in type(any_store).__module__ or "postgres" in type(any_store).__module__
    # SQLite and PostgreSQL say what changed; other stores are read in full, and the
    # records whose stored value did not change are kept as they were.
    counted = here.stats.snapshot()
    assert (counted.get("cache_delta_reads", 0) > 0) is delta
    assert (counted.get("cache_records_reused", 0) > 0) is not delta


def test_an_own_write_does_not_hide_an_unseen_write_of_another_process(
    any_store: Any, clock: FrozenClock, make_candidate: Any
) -> None:
    config = cached_config(revalidate_after=timedelta(seconds=1))
    here = MemoryEngine(any_store, config, clock=clock)
    elsewhere = MemoryEngine(any_store, config, clock=clock)
    here.remember("alice", [make_candidate()], source_conversation_id="c-1")
    assert here.recall("alice", "espresso").hits == ()
    espresso = make_candidate(
        text="The user drinks espresso.",
        tags=["espresso", "coffee"],
        identity={"subject": "espresso", "polarity": "prefer"},
    )
    elsewhere.remember("alice", [espresso], source_conversation_id="c-2")
    here.remember(
        "alice", [make_candidate(text="The user loves oolong tea.")], source_conversation_id="c-3"
    )
    clock.advance(timedelta(seconds=1))
    assert [h.record.text for h in here.recall("alice", "espresso").hits] == [
        "The user drinks espresso."
    ]
    assert [h.record.text for h in here.recall("alice", "oolong tea").hits] == [
        "The user loves oolong tea."
    ]


def test_a_failed_cache_update_never_fails_the_write(
    any_store: Any, clock: FrozenClock, make_candidate: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    from memory_plugins.recall.index import RecordIndex

    engine = MemoryEngine(any_store, cached_config(), clock=clock)
    engine.remember("alice", [make_candidate()], source_conversation_id="c-1")
    assert engine.recall("alice", "oolong tea").hits

    def broken(self: RecordIndex, *args: Any, **kwargs: Any) -> RecordIndex:
        raise MemoryError("no room")

    monkeypatch.setattr(RecordIndex, "apply", broken)
    [outcome] = engine.remember(
        "alice", [make_candidate(text="The user loves oolong tea.")], source_conversation_id="c-2"
    )
    assert str(outcome) == "updated"
    monkeypatch.undo()
    assert [h.record.text for h in engine.recall("alice", "oolong tea").hits] == [
        "The user loves oolong tea."
    ]
    assert engine.stats.get("cache_update_failures") == 1
