"""The read cache is bounded by the records it holds, not only by users: a huge user is
held compacted (its records as stored, parsed per query) so its recalls stay warm, one over
the whole bound is served without being held, and neither pushes the other users out."""

from pathlib import Path
from typing import Any

import pytest
from langgraph.store.memory import InMemoryStore

from memory_plugins import (
    CacheConfig,
    ConfigurationError,
    MemoryConfig,
    MemoryEngine,
)
from memory_plugins.backends import sqlite_store
from memory_plugins.cache import RecordCache
from memory_plugins.testing import candidate

SECRET = "0123456789abcdef"


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
    assert cache.lookup(huge) is None  # nothing to compact it with
    assert cache.lookup(small) == tuple(range(5))


def test_a_namespace_over_the_namespace_bound_is_held_compacted() -> None:
    compacted: list[int] = []
    cache: RecordCache[tuple[int, ...]] = RecordCache(
        CacheConfig(max_records=100, max_namespace_records=10),
        compact=lambda items: compacted.append(len(items)),
    )
    cache.fetch(("app", "big"), lambda: tuple(range(50))).result()
    cache.fetch(("app", "huge"), lambda: tuple(range(150))).result()

    assert cache.lookup(("app", "big")) == tuple(range(50)) and compacted == [50]
    assert cache.lookup(("app", "huge")) is None  # over max_records: never held


def test_records_over_all_namespaces_are_bounded_least_recent_first() -> None:
    cache: RecordCache[tuple[int, ...]] = RecordCache(
        CacheConfig(max_records=20, max_namespace_records=10)
    )
    for name in ("a", "b", "c"):
        cache.fetch(("app", name), lambda: tuple(range(8))).result()
    assert cache.lookup(("app", "a")) is None  # 24 records held: the oldest went
    assert cache.lookup(("app", "b")) is not None and cache.lookup(("app", "c")) is not None


def test_a_huge_user_is_recalled_warm_and_the_others_stay_cached() -> None:
    store = CountingStore()
    cache = CacheConfig(max_records=200, max_namespace_records=100)
    engine = MemoryEngine(store, MemoryConfig(principal_secret="0123456789abcdef", cache=cache))
    engine.remember("small", teas(3), source_conversation_id="c")
    engine.remember("huge", teas(150), source_conversation_id="c")

    assert engine.recall("small", "which tea blend 1?").hits
    assert engine.recall("huge", "blend7?").hits[0].record.key == "user_preference:prefer-blend-7"
    before = store.searches
    for _ in range(3):  # held: neither user is read again
        assert engine.recall("huge", "blend7?").hits[0].record.key.endswith("blend-7")
        assert engine.recall("small", "which tea blend 1?").hits
    assert store.searches == before
    assert engine.stats.get("cache_compacted") == 1


def test_a_compacted_user_sees_its_own_writes() -> None:
    cache = CacheConfig(max_records=200, max_namespace_records=100)
    engine = MemoryEngine(
        InMemoryStore(), MemoryConfig(principal_secret="0123456789abcdef", cache=cache)
    )
    engine.remember("huge", teas(150), source_conversation_id="c")
    assert engine.recall("huge", "blend7").hits

    engine.suppress("huge", "user_preference:prefer-blend-7")
    engine.remember("huge", [candidate()], source_conversation_id="c")

    keys = [h.record.key for h in engine.recall("huge", "blend7 or oolong").hits]
    assert "user_preference:prefer-blend-7" not in keys
    assert "user_preference:prefer-oolong-tea" in keys


def test_a_compacted_user_is_recalled_as_a_whole_one(tmp_path: Path) -> None:
    path = tmp_path / "memory.sqlite"
    queries = ["blend7", "blend12 and blend13", "oolong", "which is blend140?"]
    answers = {}
    for name, bound in (("compacted", 100), ("whole", 200)):
        with sqlite_store(path) as store:
            cache = CacheConfig(max_records=200, max_namespace_records=bound)
            engine = MemoryEngine(store, MemoryConfig(principal_secret=SECRET, cache=cache))
            if name == "compacted":
                engine.remember("huge", teas(150), source_conversation_id="c")
                engine.suppress("huge", "user_preference:prefer-blend-3")
            runs = [
                [(h.record.key, h.score) for h in engine.recall("huge", q).hits] for q in queries
            ]
            runs += [[r.key for r in engine.list_records("huge", "all")]]
            answers[name] = runs
            assert engine.stats.get("cache_compacted") == (name == "compacted")
            engine.close()
    assert answers["compacted"] == answers["whole"]
    assert sum(bool(hits) for hits in answers["whole"]) == 4  # oolong: nothing


def test_a_query_touching_most_of_a_compacted_user_is_answered_degraded() -> None:
    cache = CacheConfig(max_records=200, max_namespace_records=100)
    engine = MemoryEngine(InMemoryStore(), MemoryConfig(principal_secret=SECRET, cache=cache))
    engine.remember("huge", teas(150), source_conversation_id="c")
    assert engine.recall("huge", "blend7").hits

    broad = engine.recall("huge", "which tea blend?")  # every record holds "tea"

    assert broad.degraded and broad.hits == () and broad.message is None
    assert engine.stats.get("recall_too_broad") == 1
    assert engine.explain("huge", "which tea blend?").hits  # the operator still sees all
    assert len(engine.explain("huge", "which tea blend?").considered) == 150


def test_the_record_bounds_are_validated() -> None:
    with pytest.raises(ConfigurationError, match="max_namespace_records"):
        CacheConfig(max_records=10, max_namespace_records=20)
    with pytest.raises(ConfigurationError, match="max_namespace_records"):
        CacheConfig(max_namespace_records=0)
