"""The engine's read cache: fewer store reads, never a stale read after its own writes."""

import threading
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
    assert counted.reads - before == 2  # token lookup + scan, then served from the cache
    clock.advance(timedelta(seconds=2))  # past revalidate_after: one key lookup, no scan
    engine.recall("newcomer", "anything about tea?")
    assert counted.reads - before == 3
    clock.advance(timedelta(seconds=5))  # past negative_ttl: read again in full
    engine.recall("newcomer", "anything about tea?")
    assert counted.reads - before == 5


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
    engine.forget("alice")
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
