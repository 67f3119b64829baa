"""S3: a failing store never breaks the turn; failures are logged and counted."""

import logging
from typing import Any

import pytest
from langgraph.store.memory import InMemoryStore

from memory_plugins import MemoryConfig, MemoryEngine, OutcomeStatus, StoreUnavailableError
from memory_plugins.testing import FailingStore


def test_read_failure_yields_no_memories(
    config: MemoryConfig, make_candidate: Any, caplog: pytest.LogCaptureFixture
) -> None:
    inner = InMemoryStore()
    store = FailingStore(inner, fail_reads=False, fail_writes=False)
    engine = MemoryEngine(store, config)
    engine.remember("alice", [make_candidate()], source_conversation_id="c-1")
    store.fail_reads = True
    with caplog.at_level(logging.WARNING, logger="memory_plugins"):
        result = engine.recall("alice", "oolong tea")
    assert result.hits == () and result.message is None and result.degraded
    assert engine.stats.get("store_read_failures") == 1
    assert "store unavailable" in caplog.text
    store.fail_reads = False
    assert engine.recall("alice", "oolong tea").hits  # nothing was lost


def test_write_failure_is_an_outcome_and_keeps_what_was_stored(
    config: MemoryConfig, make_candidate: Any
) -> None:
    inner = InMemoryStore()
    store = FailingStore(inner, fail_reads=False, fail_writes=False)
    engine = MemoryEngine(store, config)
    engine.remember("alice", [make_candidate()], source_conversation_id="c-1")
    store.fail_writes = True
    out = engine.remember(
        "alice",
        [make_candidate(text="The user adores oolong tea."), make_candidate(stability="temporary")],
        source_conversation_id="c-2",
    )
    assert [o.status for o in out] == [OutcomeStatus.STORE_UNAVAILABLE, OutcomeStatus.REJECTED]
    assert engine.stats.get("store_write_failures") == 1
    store.fail_writes = False
    [record] = engine.list_records("alice")
    assert record.text == "The user likes oolong tea."


def test_fully_down_store(config: MemoryConfig, make_candidate: Any) -> None:
    engine = MemoryEngine(FailingStore(), config)
    assert engine.recall("alice", "tea").message is None
    [outcome] = engine.remember("alice", [make_candidate()], source_conversation_id="c-1")
    assert outcome.status is OutcomeStatus.STORE_UNAVAILABLE
    # Management calls report the failure instead of pretending: erasure must not be silent.
    with pytest.raises(StoreUnavailableError):
        engine.erase_user("alice")


async def test_async_twins_degrade_too(config: MemoryConfig, make_candidate: Any) -> None:
    engine = MemoryEngine(FailingStore(), config)
    assert (await engine.arecall("alice", "tea")).hits == ()
    [outcome] = await engine.aremember("alice", [make_candidate()], source_conversation_id="c-1")
    assert outcome.status is OutcomeStatus.STORE_UNAVAILABLE
