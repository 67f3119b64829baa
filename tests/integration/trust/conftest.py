"""Stores shared by many threads, as production opens them: SQLite in WAL, PostgreSQL pooled."""

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from memory_plugins.backends import postgres_store, sqlite_store

SHARED_BACKENDS = ("memory", "sqlite", "postgres")


@pytest.fixture(scope="session")
def pooled_pg_store(pg_url: str) -> Iterator[Any]:
    """One pooled PostgresStore for the session (``postgres_store(url, pool_size=8)``)."""
    with postgres_store(pg_url, pool_size=8) as store:
        yield store


@pytest.fixture(params=SHARED_BACKENDS)
def shared_store(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Any]:
    """A store that threads share: InMemory, SQLite (one WAL connection), PostgreSQL (a pool)."""
    if request.param == "memory":
        from langgraph.store.memory import InMemoryStore

        yield InMemoryStore()
    elif request.param == "sqlite":
        with sqlite_store(tmp_path / "shared.sqlite") as store:
            yield store
    else:
        yield request.getfixturevalue("pooled_pg_store")
