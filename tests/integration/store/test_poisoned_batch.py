"""One bad candidate fails alone: non-storable text is a schema rejection, and a batch the
store refuses is retried record by record. Large batches fit every backend's limits."""

import dataclasses
from collections.abc import Iterable
from typing import Any

import pytest
from langgraph.store.memory import InMemoryStore

from memory_plugins import MemoryConfig, MemoryEngine, OutcomeStatus, RejectCode
from memory_plugins.store import StoreGateway
from memory_plugins.testing import candidate

POISON = [
    ("text", "The user likes oolong tea \ud800."),
    ("text", "The user likes oolong\x00 tea."),
    ("tags", ["oolong", "t\udfffea"]),
    ("tags", ["oolong\x00", "tea"]),
    ("identity", {"subject": "oolong \udc80tea", "polarity": "prefer"}),
    ("identity", {"subject": "oolong tea", "facet": "hot\x00", "polarity": "prefer"}),
    ("reason", "said so \ud83d"),
]


def tea(n: int, **fields: Any) -> dict[str, Any]:
    base: dict[str, Any] = {
        "text": f"The user likes tea number {n}.",
        "tags": ["tea", f"n{n}"],
        "identity": {"subject": f"tea {n}", "polarity": "prefer"},
    }
    return candidate(**(base | fields))


@pytest.mark.parametrize(("field", "value"), POISON)
def test_text_that_is_not_storable_unicode_is_a_schema_rejection(
    any_store: Any, config: MemoryConfig, field: str, value: Any
) -> None:
    engine = MemoryEngine(any_store, config)
    out = engine.remember(
        "alice", [tea(1), tea(2, **{field: value}), tea(3)], source_conversation_id="c-1"
    )
    assert [o.status for o in out] == [
        OutcomeStatus.ADDED,
        OutcomeStatus.REJECTED,
        OutcomeStatus.ADDED,
    ]
    assert out[1].code is RejectCode.SCHEMA and field in out[1].detail
    assert len(engine.list_records("alice")) == 2


def test_a_conversation_id_that_is_not_storable_is_refused(config: MemoryConfig) -> None:
    engine = MemoryEngine(InMemoryStore(), config)
    [outcome] = engine.remember("alice", [tea(1)], source_conversation_id="c-\ud800")
    assert outcome.code is RejectCode.SCHEMA and "source_conversation_id" in outcome.detail


class PickyStore:
    """An InMemoryStore that refuses any batch writing a record whose text says 'poison'."""

    def __init__(self) -> None:
        self.inner = InMemoryStore()
        self.batches = 0

    def batch(self, ops: Iterable[Any]) -> list[Any]:
        ops = list(ops)
        self.batches += 1
        for op in ops:
            value = getattr(op, "value", None)
            if isinstance(value, dict) and "poison" in str(value.get("text", "")):
                raise ValueError("value refused by the database")
        return self.inner.batch(ops)

    async def abatch(self, ops: Iterable[Any]) -> list[Any]:
        return self.batch(ops)


def test_a_batch_the_store_refuses_is_retried_record_by_record(config: MemoryConfig) -> None:
    engine = MemoryEngine(PickyStore(), config)
    out = engine.remember(
        "alice",
        [tea(1), tea(2, text="The user likes poison tea."), tea(3)],
        source_conversation_id="c-1",
    )
    assert [o.status for o in out] == [
        OutcomeStatus.ADDED,
        OutcomeStatus.STORE_UNAVAILABLE,
        OutcomeStatus.ADDED,
    ]
    assert "value refused" in out[1].detail
    assert sorted(r.key for r in engine.list_records("alice")) == [
        "user_preference:prefer-tea-1",
        "user_preference:prefer-tea-3",
    ]
    assert engine.stats.get("store_write_failures") == 1
    # Next turn, the valid candidates are duplicates, not store failures forever.
    again = engine.remember("alice", [tea(1), tea(3)], source_conversation_id="c-2")
    assert [str(o) for o in again] == ["duplicate", "duplicate"]


def test_a_down_store_is_not_retried_record_by_record(config: MemoryConfig) -> None:
    from memory_plugins.testing import FailingStore

    store = FailingStore(InMemoryStore(), fail_reads=False, fail_writes=False)
    engine = MemoryEngine(store, config)
    engine.remember("alice", [tea(0)], source_conversation_id="c-0")
    store.fail_writes = True
    store.calls = 0
    out = engine.remember("alice", [tea(n) for n in range(1, 30)], source_conversation_id="c-1")
    assert {o.status for o in out} == {OutcomeStatus.STORE_UNAVAILABLE}
    store.fail_reads = True
    assert store.calls <= 3  # read, batch write, one health probe


def test_twenty_thousand_candidates_in_one_call_are_stored_on_postgres(
    pg_store_session: Any, config: MemoryConfig
) -> None:
    # A bulk import takes longer than a chat turn's write: give it a deadline of its own.
    bulk = dataclasses.replace(config, store_deadline_ms=600_000)
    engine = MemoryEngine(pg_store_session, bulk)
    out = engine.remember("bulk", [tea(n) for n in range(20_000)], source_conversation_id="c-1")
    assert {str(o) for o in out} == {"added"}
    assert engine.stats.get("store_write_failures") == 0
    assert len(engine.list_records("bulk")) == 20_000


def test_chunked_batches_read_and_write_alike_on_every_backend(
    any_store: Any, config: MemoryConfig
) -> None:
    engine = MemoryEngine(any_store, config)
    engine.gateway.chunk_size = 7
    out = engine.remember("bulk", [tea(n) for n in range(60)], source_conversation_id="c-1")
    assert {str(o) for o in out} == {"added"}
    again = engine.remember("bulk", [tea(n) for n in range(60)], source_conversation_id="c-2")
    assert {str(o) for o in again} == {"duplicate"}
    assert engine.erase_user("bulk") == 60 and engine.list_records("bulk") == []


class CountingStore:
    def __init__(self) -> None:
        self.inner = InMemoryStore()
        self.sizes: list[int] = []
        self.last_ops: list[Any] = []

    def batch(self, ops: Iterable[Any]) -> list[Any]:
        ops = list(ops)
        self.sizes.append(len(ops))
        self.last_ops = ops
        return self.inner.batch(ops)

    async def abatch(self, ops: Iterable[Any]) -> list[Any]:
        return self.batch(ops)


def test_the_gateway_chunks_writes_and_writes_the_marker_last() -> None:
    store = CountingStore()
    gateway = StoreGateway(store)
    items = [(f"k{n}", {"v": n}) for n in range(2_500)]
    marker = (("app", "state"), "token", {"v": "x"})
    gateway.put_many(("app", "ns"), items, marker=marker)
    assert len(store.sizes) > 1 and max(store.sizes) <= gateway.chunk_size + 1
    assert store.last_ops[-1].key == "token"
    assert sum(store.sizes) == 2_501
    assert len(gateway.read_all(("app", "ns"))) == 2_500
    found = gateway.get_many(("app", "ns"), [k for k, _ in items])
    assert all(found[k] == v for k, v in items)
