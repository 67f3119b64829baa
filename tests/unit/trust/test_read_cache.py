"""The read cache and the read pool on their own: lifetimes, bounds, single-flight, faults."""

import threading
import time
from collections.abc import Callable
from datetime import timedelta
from typing import Any

import pytest

from memory_plugins.cache import ReadPool, ReadQueueFullError, RecordCache
from memory_plugins.config import CacheConfig
from memory_plugins.errors import ConfigurationError, StoreUnavailableError
from memory_plugins.outcomes import EngineStats

NS = ("app", "user-memory", "v1", "alice")


class Timer:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


class Loader:
    """Counts loads; optionally blocks until released."""

    def __init__(self, items: list[str], *, gate: threading.Event | None = None) -> None:
        self.items = items
        self.gate = gate
        self.calls = 0
        self._lock = threading.Lock()

    def __call__(self) -> tuple[str, ...]:
        with self._lock:
            self.calls += 1
        if self.gate is not None:
            assert self.gate.wait(5)
        return tuple(self.items)


def make(timer: Timer, **overrides: Any) -> RecordCache[tuple[str, ...]]:
    return RecordCache(CacheConfig(**overrides), timer=timer)


def test_entries_live_for_their_ttl_and_empty_ones_for_the_negative_ttl() -> None:
    timer = Timer()
    cache = make(timer, ttl=timedelta(seconds=30), negative_ttl=timedelta(seconds=5))
    full, empty = Loader(["r1"]), Loader([])
    assert cache.fetch(NS, full).result() == ("r1",)
    assert cache.fetch(("other",), empty).result() == ()
    timer.now += 4.9
    cache.fetch(NS, full), cache.fetch(("other",), empty)
    assert (full.calls, empty.calls) == (1, 1)
    timer.now += 0.2  # past the negative TTL only
    cache.fetch(NS, full), cache.fetch(("other",), empty)
    assert (full.calls, empty.calls) == (1, 2)
    timer.now += 30
    assert cache.lookup(NS) is None


def test_a_clock_going_backwards_distrusts_the_entry() -> None:
    timer = Timer()
    cache = make(timer)
    cache.fetch(NS, Loader(["r1"]))
    timer.now -= 1
    assert cache.lookup(NS) is None


def test_memory_is_bounded_by_an_lru_over_namespaces() -> None:
    stats = EngineStats()
    cache: RecordCache[tuple[str, ...]] = RecordCache(CacheConfig(max_namespaces=3), stats=stats)
    for name in "abc":
        cache.fetch((name,), Loader([name]))
    cache.lookup(("a",))  # "a" is now the most recently used
    cache.fetch(("d",), Loader(["d"]))
    assert len(cache) == 3
    assert cache.lookup(("b",)) is None and cache.lookup(("a",)) == ("a",)
    assert stats.get("cache_evictions") == 1


def test_a_burst_of_readers_issues_one_load() -> None:
    gate = threading.Event()
    loader = Loader(["r1"], gate=gate)
    cache: RecordCache[tuple[str, ...]] = RecordCache(CacheConfig())
    results: list[tuple[str, ...]] = []
    start = threading.Barrier(40)

    def reader() -> None:
        start.wait()
        results.append(cache.fetch(NS, loader).result(timeout=5))

    threads = [threading.Thread(target=reader) for _ in range(40)]
    for t in threads:
        t.start()
    time.sleep(0.05)  # let every reader join the flight before it lands
    gate.set()
    for t in threads:
        t.join()
    assert loader.calls == 1
    assert results == [("r1",)] * 40


def test_an_invalidation_detaches_a_read_in_flight() -> None:
    # A read that started before a write must not be cached after the write.
    gate = threading.Event()
    pool = ReadPool(2)
    cache: RecordCache[tuple[str, ...]] = RecordCache(CacheConfig())
    stale = cache.fetch(NS, Loader(["before"], gate=gate), pool.submit)
    cache.invalidate(NS)
    fresh = cache.fetch(NS, Loader(["after"]), pool.submit)
    gate.set()
    assert stale.result(timeout=5) == ("before",)  # its own waiters still get an answer
    assert fresh.result(timeout=5) == ("after",)
    assert cache.lookup(NS) == ("after",)


def test_failures_reach_every_waiter_and_are_not_cached() -> None:
    calls = 0

    def broken() -> list[str]:
        nonlocal calls
        calls += 1
        raise StoreUnavailableError("down")

    cache: RecordCache[tuple[str, ...]] = RecordCache(CacheConfig())
    with pytest.raises(StoreUnavailableError):
        cache.fetch(NS, broken).result()
    with pytest.raises(StoreUnavailableError):
        cache.fetch(NS, broken).result()
    assert calls == 2 and cache.lookup(NS) is None


def test_a_refused_schedule_fails_the_flight_instead_of_hanging() -> None:
    def refuse(job: Callable[[], None]) -> None:
        raise ReadQueueFullError("full")

    cache: RecordCache[tuple[str, ...]] = RecordCache(CacheConfig())
    with pytest.raises(ReadQueueFullError):
        cache.fetch(NS, Loader(["r1"]), refuse).result(timeout=1)
    assert cache.fetch(NS, Loader(["r1"])).result() == ("r1",)  # the flight was cleared


def test_cache_config_is_validated() -> None:
    with pytest.raises(ConfigurationError):
        CacheConfig(max_namespaces=0)
    with pytest.raises(ConfigurationError):
        CacheConfig(negative_ttl=timedelta(0))


def test_the_read_pool_is_bounded_and_shrinks_when_idle() -> None:
    gate = threading.Event()
    started = threading.Semaphore(0)

    def blocked() -> bool:
        started.release()
        return gate.wait(5)

    pool = ReadPool(3, max_pending=5, idle_seconds=0.05)
    futures = [pool.submit(blocked) for _ in range(3)]
    for _ in range(3):
        assert started.acquire(timeout=5)
    futures += [pool.submit(blocked) for _ in range(5)]  # 3 running, 5 queued
    assert pool.workers == 3
    with pytest.raises(ReadQueueFullError):
        pool.submit(gate.wait)
    assert futures[-1].cancel()  # a reader that gave up before its read started
    gate.set()
    assert all(f.result(timeout=5) for f in futures[:-1])
    deadline = time.monotonic() + 5
    while pool.workers and time.monotonic() < deadline:
        time.sleep(0.01)
    assert pool.workers == 0
    assert pool.submit(lambda: 42).result(timeout=5) == 42


def test_an_own_write_lands_in_place_and_moves_the_entry_to_the_new_token() -> None:
    timer = Timer()
    cache: RecordCache[list[str]] = RecordCache(CacheConfig(), timer=timer)
    cache.fetch(NS, lambda: ["r1"], version="t1")
    cache.update(NS, lambda items: items.append("r2"), before="t1", after="t2")
    assert cache.lookup(NS, "t2") == ["r1", "r2"]  # current at the new token: no read
    cache.update(NS, lambda items: items.append("r3"), before="t-other", after="t3")
    assert cache.lookup(NS, "t3") is None  # another writer came between: not trusted
    assert cache.previous(NS) == ["r1", "r2", "r3"]  # but kept as the base of a delta


def test_an_own_write_detaches_a_read_in_flight() -> None:
    gate = threading.Event()
    pool = ReadPool(2)
    cache: RecordCache[tuple[str, ...]] = RecordCache(CacheConfig())
    stale = cache.fetch(NS, Loader(["before"], gate=gate), pool.submit, version="t1")
    cache.update(NS, lambda items: None, before="t1", after="t2")
    gate.set()
    assert stale.result(timeout=5) == ("before",)
    assert cache.previous(NS) is None  # the pre-write read was not cached


def test_serving_from_the_window_does_not_extend_it() -> None:
    timer = Timer()
    cache = make(timer, revalidate_after=timedelta(seconds=1))
    cache.fetch(NS, Loader(["r1"]), version="t1")
    timer.now += 0.6
    assert cache.recent(NS) == ("r1",)
    timer.now += 0.6  # 1.2 s after the check, 0.6 s after the last hit
    assert cache.recent(NS) is None
    assert cache.lookup(NS, "t1") == ("r1",)  # the token checked: a new window
    assert cache.recent(NS) == ("r1",)
