"""The read cache is bounded by the records it holds, not only by users: one huge user is
served without being held, and never pushes the other users out."""

from typing import Any

import pytest
from langgraph.store.memory import InMemoryStore

from memory_plugins import CacheConfig, ConfigurationError, MemoryConfig, MemoryEngine
from memory_plugins.cache import RecordCache
from memory_plugins.testing import candidate


class CountingStore:
    """An ``InMemoryStore`` that counts the batches that read records (searches)."""

    def __init__(self) -> None:
        self.inner = InMemoryStore()
        self.searches = 0

    def batch(self, ops: Any) -> Any:
        ops = list(ops)
        self.searches += sum(type(op).__name__ == "SearchOp" for op in ops)
        return self.inner.batch(ops)


def teas(count: int) -> list[dict[str, Any]]:
    return [
        candidate(
            text=f"The user likes tea blend {i}.",
            tags=[f"blend{i}", "tea"],
            identity={"subject": f"blend {i}", "polarity": "prefer"},
        )
        for i in range(count)
    ]


def test_a_namespace_over_the_bound_is_served_but_never_held() -> None:
    cache: RecordCache[tuple[int, ...]] = RecordCache(
        CacheConfig(max_records=100, max_namespace_records=10)
    )
    small, huge = ("app", "small"), ("app", "huge")
    assert cache.fetch(small, lambda: tuple(range(5))).result() == tuple(range(5))
    assert cache.fetch(huge, lambda: tuple(range(50))).result() == tuple(range(50))
    assert cache.lookup(huge) is None
    assert cache.lookup(small) == tuple(range(5))


def test_records_over_all_namespaces_are_bounded_least_recent_first() -> None:
    cache: RecordCache[tuple[int, ...]] = RecordCache(
        CacheConfig(max_records=20, max_namespace_records=10)
    )
    for name in ("a", "b", "c"):
        cache.fetch(("app", name), lambda: tuple(range(8))).result()
    assert cache.lookup(("app", "a")) is None  # 24 records held: the oldest went
    assert cache.lookup(("app", "b")) is not None and cache.lookup(("app", "c")) is not None


def test_a_huge_user_is_recalled_uncached_and_the_others_stay_cached() -> None:
    store = CountingStore()
    cache = CacheConfig(max_records=200, max_namespace_records=100)
    engine = MemoryEngine(store, MemoryConfig(principal_secret="0123456789abcdef", cache=cache))
    engine.remember("small", teas(3), source_conversation_id="c")
    engine.remember("huge", teas(150), source_conversation_id="c")

    assert engine.recall("small", "which tea blend 1?").hits
    assert [h.record.key for h in engine.recall("huge", "tea blend 7").hits][:1] == [
        "user_preference:prefer-blend-7"
    ]
    assert engine.stats.get("cache_oversized") >= 1
    before = store.searches
    assert engine.recall("small", "which tea blend 1?").hits  # still held: no store read
    assert store.searches == before


def test_the_record_bounds_are_validated() -> None:
    with pytest.raises(ConfigurationError, match="max_namespace_records"):
        CacheConfig(max_records=10, max_namespace_records=20)
    with pytest.raises(ConfigurationError, match="max_namespace_records"):
        CacheConfig(max_namespace_records=0)
