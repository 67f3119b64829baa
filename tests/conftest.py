"""Shared fixtures: the three LangGraph store backends, a config and a frozen clock.

PostgreSQL is required, never skipped: when the server at MEMORY_PLUGINS_TEST_PG
(default postgresql://postgres@127.0.0.1:5432/test) is unreachable, its tests fail.
Each test session gets its own schema, dropped at the end.
"""

import os
import uuid
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

from memory_plugins import MemoryConfig, MemoryEngine
from memory_plugins.testing import FrozenClock, candidate

PG_URL = os.environ.get("MEMORY_PLUGINS_TEST_PG", "postgresql://postgres@127.0.0.1:5432/test")
BACKENDS = ("memory", "sqlite", "postgres")


@pytest.fixture(scope="session")
def pg_schema() -> Iterator[str]:
    """A fresh schema for this run; the URL to use is ``pg_url``."""
    import psycopg

    schema = f"mp_test_{uuid.uuid4().hex[:12]}"
    try:
        conn = psycopg.connect(PG_URL, autocommit=True, connect_timeout=5)
    except psycopg.OperationalError as exc:  # required part: fail loudly, never skip
        pytest.fail(f"PostgreSQL is required for the test suite and unreachable at {PG_URL}: {exc}")
    with conn:
        conn.execute(f'CREATE SCHEMA "{schema}"')
        yield schema
        conn.execute(f'DROP SCHEMA "{schema}" CASCADE')


@pytest.fixture(scope="session")
def pg_url(pg_schema: str) -> str:
    """A connection string whose search_path is this run's private schema."""
    sep = "&" if "?" in PG_URL else "?"
    return f"{PG_URL}{sep}options=-csearch_path%3D{pg_schema}"


@pytest.fixture(scope="session")
def pg_store_session(pg_url: str) -> Iterator[Any]:
    from langgraph.store.postgres import PostgresStore

    with PostgresStore.from_conn_string(pg_url) as store:
        store.setup()
        yield store


def _open(kind: str, tmp_path: Path, request: pytest.FixtureRequest) -> Iterator[Any]:
    if kind == "memory":
        from langgraph.store.memory import InMemoryStore

        yield InMemoryStore()
    elif kind == "sqlite":
        from langgraph.store.sqlite import SqliteStore

        with SqliteStore.from_conn_string(str(tmp_path / "store.sqlite")) as store:
            store.setup()
            yield store
    else:
        yield request.getfixturevalue("pg_store_session")


@pytest.fixture(params=BACKENDS)
def any_store(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Any]:
    """Each test using this runs once per backend: InMemory, SQLite file, PostgreSQL."""
    yield from _open(request.param, tmp_path, request)


@pytest.fixture
def clock() -> FrozenClock:
    return FrozenClock(datetime(2026, 3, 1, 12, 0, tzinfo=UTC))


@pytest.fixture
def config() -> MemoryConfig:
    # A unique app per test keeps namespaces apart on the shared Postgres schema.
    return MemoryConfig(principal_secret="test-secret-0123456789", app=f"t{uuid.uuid4().hex[:10]}")


@pytest.fixture
def engine(any_store: Any, config: MemoryConfig, clock: FrozenClock) -> MemoryEngine:
    return MemoryEngine(any_store, config, clock=clock)


@pytest.fixture
def make_candidate() -> Any:
    """``make_candidate(**overrides)``: a valid S1 candidate as JSON, with overrides."""
    return candidate
