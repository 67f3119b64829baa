"""S3 under faults: a store that hangs, crawls or fails costs a turn at most the time budget."""

import asyncio
import threading
import time
import uuid
from typing import Any

import pytest
from langgraph.store.memory import InMemoryStore

from memory_plugins import CacheConfig, MemoryConfig, MemoryEngine, RecallConfig
from memory_plugins.testing import FailingStore, HangingStore, SlowStore

BUDGET_MS = 60


def config(budget_ms: float = BUDGET_MS, *, cached: bool = False, workers: int = 4) -> MemoryConfig:
    return MemoryConfig(
        principal_secret="faults-secret-0123456789",
        app=f"f{uuid.uuid4().hex[:10]}",
        recall=RecallConfig(time_budget_ms=budget_ms, read_workers=workers),
        cache=CacheConfig() if cached else None,
    )


@pytest.fixture
def hanging(make_candidate: Any) -> Any:
    """A store holding one memory of alice's that then stops answering reads."""
    store = HangingStore(InMemoryStore(), max_hang=10)
    store.release()
    yield store
    store.release()  # let the abandoned reads finish


def seeded(store: HangingStore, cfg: MemoryConfig, make_candidate: Any) -> MemoryEngine:
    engine = MemoryEngine(store, cfg)
    engine.remember("alice", [make_candidate()], source_conversation_id="c-1")
    store.hang()
    return engine


def test_a_hanging_store_costs_one_budget_and_no_memory(hanging: Any, make_candidate: Any) -> None:
    engine = seeded(hanging, config(), make_candidate)
    started = time.perf_counter()
    result = engine.recall("alice", "oolong tea")
    elapsed = time.perf_counter() - started
    assert result.hits == () and result.message is None and result.degraded
    assert BUDGET_MS / 1000 <= elapsed < BUDGET_MS / 1000 + 0.5
    assert engine.stats.get("recall_timeouts") == 1
    hanging.release()  # the store answers again: so does recall
    assert engine.recall("alice", "oolong tea").hits


def test_timed_out_reads_do_not_leak_a_thread_per_call(hanging: Any, make_candidate: Any) -> None:
    engine = seeded(hanging, config(budget_ms=20, workers=3), make_candidate)
    before = threading.active_count()
    for _ in range(25):
        assert engine.recall("alice", "oolong tea").degraded
    assert threading.active_count() - before <= 3
    assert engine.stats.get("recall_timeouts") == 25
    # Reads abandoned while still queued never reach the store.
    assert hanging.reads <= 3 + 1


async def test_async_recall_keeps_the_budget_without_holding_threads(
    hanging: Any, make_candidate: Any
) -> None:
    engine = seeded(hanging, config(workers=2), make_candidate)
    started = time.perf_counter()
    results = await asyncio.gather(*(engine.arecall("alice", "oolong tea") for _ in range(20)))
    elapsed = time.perf_counter() - started
    assert all(r.degraded and not r.hits for r in results)
    assert elapsed < BUDGET_MS / 1000 + 0.5  # concurrent waits, not 20 budgets in a row
    assert engine.stats.get("recall_timeouts") == 20
    hanging.release()
    assert (await engine.arecall("alice", "oolong tea")).hits


def test_with_the_cache_a_burst_on_a_hanging_store_is_one_read(
    hanging: Any, make_candidate: Any
) -> None:
    engine = seeded(hanging, config(cached=True), make_candidate)
    reads_before = hanging.reads
    results: list[Any] = []
    threads = [
        threading.Thread(target=lambda: results.append(engine.recall("alice", "oolong tea")))
        for _ in range(20)
    ]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert all(r.degraded for r in results) and len(results) == 20
    assert hanging.reads - reads_before == 1  # single-flight: the hung read is shared
    hanging.release()
    deadline = time.monotonic() + 5
    while not engine.recall("alice", "oolong tea").hits:  # the shared read lands in the cache
        assert time.monotonic() < deadline
        time.sleep(0.01)


def test_a_slow_store_within_budget_still_recalls(make_candidate: Any) -> None:
    engine = MemoryEngine(SlowStore(InMemoryStore(), delay=0.01), config(budget_ms=1000))
    engine.remember("alice", [make_candidate()], source_conversation_id="c-1")
    assert engine.recall("alice", "oolong tea").hits
    assert engine.stats.get("recall_timeouts") == 0


async def test_failures_are_counted_apart_from_timeouts(make_candidate: Any) -> None:
    inner = InMemoryStore()
    store = FailingStore(inner, fail_reads=False, fail_writes=False)
    engine = MemoryEngine(store, config(cached=True))
    engine.remember("alice", [make_candidate()], source_conversation_id="c-1")
    store.fail_reads = True
    assert engine.recall("alice", "oolong tea").degraded
    assert (await engine.arecall("alice", "oolong tea")).degraded
    assert engine.stats.get("store_read_failures") == 2
    assert engine.stats.get("recall_timeouts") == 0
    store.fail_reads = False  # a failure is never cached
    assert engine.recall("alice", "oolong tea").hits


def test_writes_to_a_failing_store_do_not_poison_the_cache(make_candidate: Any) -> None:
    inner = InMemoryStore()
    store = FailingStore(inner, fail_reads=False, fail_writes=False)
    engine = MemoryEngine(store, config(cached=True))
    engine.remember("alice", [make_candidate()], source_conversation_id="c-1")
    assert engine.recall("alice", "oolong tea").hits  # cached now
    store.fail_writes = True
    [outcome] = engine.remember(
        "alice", [make_candidate(action="suppress")], source_conversation_id="c-2"
    )
    assert str(outcome) == "store_unavailable"
    store.fail_writes = False
    assert engine.recall("alice", "oolong tea").hits  # nothing changed, nothing lost
