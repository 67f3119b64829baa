"""Every engine call has a deadline: a hung store or a slow embedder never holds a turn."""

import asyncio
import threading
import time
from collections.abc import Iterator
from typing import Any

import pytest
from langgraph.store.memory import InMemoryStore

from memory_plugins import MemoryConfig, MemoryEngine, OutcomeStatus, RecallConfig
from memory_plugins.errors import ConfigurationError, StoreUnavailableError
from memory_plugins.testing import HangingStore, HashingEmbeddings

KEY = "user_preference:prefer-oolong-tea"


def config(**fields: Any) -> MemoryConfig:
    return MemoryConfig(principal_secret="deadline-secret-0123456789", cache=None, **fields)


@pytest.fixture
def hung(make_candidate: Any) -> Iterator[tuple[MemoryEngine, HangingStore]]:
    """An engine (200 ms deadline) whose store holds alice's memory, then stops answering."""
    store = HangingStore(InMemoryStore(), hang_reads=True, hang_writes=True, max_hang=4.0)
    store.release()
    engine = MemoryEngine(store, config(store_deadline_ms=200))
    engine.remember("alice", [make_candidate()], source_conversation_id="c-1")
    store.hang()
    yield engine, store
    store.release()


def test_remember_reports_store_unavailable_at_its_deadline_and_never_lands_later(
    hung: tuple[MemoryEngine, HangingStore], make_candidate: Any
) -> None:
    engine, store = hung
    cand = make_candidate(text="The user adores oolong tea.")
    [outcome] = engine.remember("alice", [cand], source_conversation_id="c-2")
    assert outcome.status is OutcomeStatus.STORE_UNAVAILABLE
    assert "200 ms" in outcome.detail
    assert engine.stats.get("store_timeouts") == 1
    store.release()
    time.sleep(0.3)  # the abandoned call finds its deadline passed and writes nothing
    [record] = engine.list_records("alice")
    assert record.text == "The user likes oolong tea."


def test_reads_and_management_calls_give_up_at_the_deadline(
    hung: tuple[MemoryEngine, HangingStore],
) -> None:
    engine, store = hung
    with pytest.raises(StoreUnavailableError, match="200 ms"):
        engine.list_records("alice")
    with pytest.raises(StoreUnavailableError, match="200 ms"):
        engine.forget("alice", KEY)
    with pytest.raises(StoreUnavailableError, match="200 ms"):
        engine.erase_user("alice")
    assert engine.explain("alice", "oolong tea").considered == ()
    assert engine.suppress("alice", KEY, conversation_id="c-3").status is (
        OutcomeStatus.STORE_UNAVAILABLE
    )
    assert engine.stats.get("store_timeouts") == 5
    store.release()
    time.sleep(0.3)
    assert [r.status.value for r in engine.list_records("alice", "all")] == ["active"]


async def test_async_twins_keep_the_deadline(
    hung: tuple[MemoryEngine, HangingStore], make_candidate: Any
) -> None:
    engine, _ = hung
    [outcome] = await engine.aremember("alice", [make_candidate()], source_conversation_id="c-4")
    assert outcome.status is OutcomeStatus.STORE_UNAVAILABLE


def test_the_deadline_is_validated() -> None:
    with pytest.raises(ConfigurationError, match="store_deadline_ms"):
        config(store_deadline_ms=0)


class StallingEmbeddings(HashingEmbeddings):
    """Documents embed at once; a query blocks until released (at most 5 s)."""

    def __init__(self) -> None:
        super().__init__()
        self.release = threading.Event()
        self.stalling = 0

    def embed_query(self, text: str) -> list[float]:
        self.stalling += 1
        self.release.wait(5)
        self.stalling -= 1
        return super().embed_query(text)


@pytest.fixture
def stalling() -> Iterator[StallingEmbeddings]:
    embeddings = StallingEmbeddings()
    yield embeddings
    embeddings.release.set()


def test_a_stalled_query_embedding_falls_back_to_the_rules_within_the_budget(
    stalling: StallingEmbeddings, make_candidate: Any
) -> None:
    engine = MemoryEngine(
        InMemoryStore(), config(recall=RecallConfig(time_budget_ms=100)), embeddings=stalling
    )
    engine.remember("alice", [make_candidate()], source_conversation_id="c-1")
    result = engine.recall("alice", "which oolong tea should I brew?")
    assert stalling.stalling == 1, "recall returned only after the embedding finished"
    assert [h.record.key for h in result.hits] == [KEY]  # the rules alone still select it
    assert result.degraded
    assert engine.stats.get("embedding_timeouts") == 1


async def test_the_async_recall_bounds_the_embedding_too(
    stalling: StallingEmbeddings, make_candidate: Any
) -> None:
    engine = MemoryEngine(
        InMemoryStore(), config(recall=RecallConfig(time_budget_ms=100)), embeddings=stalling
    )
    engine.remember("alice", [make_candidate()], source_conversation_id="c-1")
    result = await engine.arecall("alice", "which oolong tea should I brew?")
    assert stalling.stalling == 1
    assert result.hits and result.degraded
    await asyncio.sleep(0)


class StallingDocumentEmbeddings(HashingEmbeddings):
    """Queries embed at once; documents block until released (at most 5 s)."""

    def __init__(self) -> None:
        super().__init__()
        self.release = threading.Event()

    def embed_documents(self, texts: list[str]) -> list[list[float]]:
        self.release.wait(5)
        return super().embed_documents(texts)


def test_a_stalled_document_embedding_never_costs_the_write(make_candidate: Any) -> None:
    embeddings = StallingDocumentEmbeddings()
    engine = MemoryEngine(InMemoryStore(), config(store_deadline_ms=1000), embeddings=embeddings)
    try:
        # The embedding gets half the deadline; the write goes on without the vector.
        [outcome] = engine.remember("alice", [make_candidate()], source_conversation_id="c-1")
        assert outcome.status is OutcomeStatus.ADDED
        assert engine.stats.get("embedding_timeouts") == 1
        [record] = engine.list_records("alice")
        assert record.vector is None  # stored without its vector, recalled by the rules
        hits = engine.recall("alice", "which oolong tea should I brew?").hits
        assert [h.record.key for h in hits] == [KEY]
        embeddings.release.set()
        deadline = time.monotonic() + 10  # added in the background: no embed_missing call
        while engine.list_records("alice")[0].vector is None and time.monotonic() < deadline:
            time.sleep(0.02)
        [record] = engine.list_records("alice")
        assert record.vector is not None
        assert engine.embed_missing("alice") == 0
    finally:
        embeddings.release.set()
