"""A store that is set up wrongly is a ConfigurationError naming the fix; an outage degrades.

A misconfigured store fails the same way on every call: counting it as an outage would
switch memory off forever without a word. It raises from every engine call instead, and
the log says it once at ERROR. Real outages still degrade quietly (counted and logged).
"""

import json
import logging
import os
import sqlite3
from pathlib import Path
from typing import Any

import psycopg
import pytest
from langgraph.store.sqlite import SqliteStore

from memory_plugins import (
    ConfigurationError,
    MemoryConfig,
    MemoryEngine,
    OutcomeStatus,
    StoreUnavailableError,
)
from memory_plugins.backends import postgres_store, sqlite_store
from memory_plugins.extraction import ExtractionQueue, TurnInput
from memory_plugins.testing import FailingStore, ScriptedChatModel, candidate

PG_URL = os.environ.get("MEMORY_PLUGINS_TEST_PG", "postgresql://postgres@127.0.0.1:5432/test")
CONFIG = MemoryConfig(principal_secret="store-misuse-secret-0123")
FIX = "memory_plugins.backends.sqlite_store(path)"


def failures(engine: MemoryEngine) -> int:
    stats = engine.stats.snapshot()
    return sum(v for k, v in stats.items() if k.startswith("store_"))


def test_sqlite_store_on_a_default_connection_names_the_backends_helper(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    store = SqliteStore(sqlite3.connect(tmp_path / "m.sqlite"))  # the default: a mistake
    store.setup()
    engine = MemoryEngine(store, CONFIG)
    with caplog.at_level(logging.ERROR, logger="memory_plugins"):
        for _ in range(3):  # writes run on a worker thread under the store deadline
            with pytest.raises(
                ConfigurationError, match=r"within a transaction|same thread"
            ) as caught:
                engine.remember("alice", [candidate()], source_conversation_id="c-1")
            assert FIX in str(caught.value)
        # Recall reads on a worker thread: the same connection fails there for another reason.
        with pytest.raises(ConfigurationError, match="thread") as caught:
            engine.recall("alice", "which tea?")
        assert FIX in str(caught.value)
    assert not isinstance(caught.value, StoreUnavailableError)
    assert failures(engine) == 0  # not an outage
    errors = [r for r in caplog.records if r.levelno == logging.ERROR]
    assert len(errors) == 1 and FIX in errors[0].getMessage()


def test_the_fix_works(tmp_path: Path) -> None:
    with sqlite_store(tmp_path / "m.sqlite") as store:
        engine = MemoryEngine(store, CONFIG)
        [outcome] = engine.remember("alice", [candidate()], source_conversation_id="c-1")
        assert outcome.status is OutcomeStatus.ADDED
        assert engine.recall("alice", "which tea, oolong?").hits


def test_a_closed_sqlite_store(tmp_path: Path) -> None:
    with SqliteStore.from_conn_string(str(tmp_path / "m.sqlite")) as store:
        store.setup()
    engine = MemoryEngine(store, CONFIG)
    with pytest.raises(ConfigurationError, match="connection is closed") as caught:
        engine.remember("alice", [candidate()], source_conversation_id="c-1")
    assert "keep the store open" in str(caught.value)
    with pytest.raises(ConfigurationError, match="connection is closed"):
        engine.list_records("alice")


def test_a_postgres_store_never_set_up(pg_schema: str) -> None:
    from langgraph.store.postgres import PostgresStore

    schema = f"{pg_schema}_bare"
    with psycopg.connect(PG_URL, autocommit=True) as admin:
        admin.execute(f'CREATE SCHEMA "{schema}"')
        try:
            sep = "&" if "?" in PG_URL else "?"
            url = f"{PG_URL}{sep}options=-csearch_path%3D{schema}"
            with PostgresStore.from_conn_string(url) as store:  # no store.setup()
                engine = MemoryEngine(store, CONFIG)
                with pytest.raises(ConfigurationError, match=r"store\.setup\(\)"):
                    engine.remember("alice", [candidate()], source_conversation_id="c-1")
        finally:
            admin.execute(f'DROP SCHEMA "{schema}" CASCADE')


def test_a_closed_postgres_pool(pg_url: str) -> None:
    with postgres_store(pg_url) as store:
        pass
    engine = MemoryEngine(store, CONFIG)
    with pytest.raises(ConfigurationError, match="connection is closed") as caught:
        engine.recall("alice", "which tea?")
    assert "postgres_store(url)" in str(caught.value)


@pytest.mark.parametrize(
    "error",
    [ConnectionRefusedError, TimeoutError, sqlite3.OperationalError, psycopg.OperationalError],
)
def test_outages_still_degrade_quietly(error: type[Exception]) -> None:
    engine = MemoryEngine(FailingStore(error=error), CONFIG)
    [outcome] = engine.remember("alice", [candidate()], source_conversation_id="c-1")
    assert outcome.status is OutcomeStatus.STORE_UNAVAILABLE
    result = engine.recall("alice", "which tea?")
    assert result.degraded and result.message is None
    assert engine.stats.get("store_write_failures") == 1
    assert engine.stats.get("store_read_failures") == 1


def test_the_extraction_queue_logs_a_misconfigured_store_once(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    store = SqliteStore(sqlite3.connect(tmp_path / "m.sqlite", check_same_thread=False))
    store.setup()
    engine = MemoryEngine(store, CONFIG)
    reply = json.dumps({"candidates": [candidate()]})
    model: Any = ScriptedChatModel([reply], cycle=True)
    with caplog.at_level(logging.ERROR), ExtractionQueue(engine, model) as queue:
        for n in range(3):
            queue.submit(TurnInput("alice", f"c-{n}", "I like oolong tea.", "Noted."))
        assert queue.flush(10.0)
    assert queue.stats.get("configuration_errors") == 3
    assert queue.stats.get("write_errors") == 0
    mine = [r for r in caplog.records if r.name == "memory_plugins.extraction"]
    assert len(mine) == 1 and mine[0].levelno == logging.ERROR
    assert FIX in mine[0].getMessage()
