"""The three stores as an app opens them: InMemoryStore, ``backends.sqlite_store``, PostgresStore."""

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from memory_plugins.backends import sqlite_store

STORES = ("memory", "sqlite", "postgres")


@pytest.fixture(params=STORES)
def app_store(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Any]:
    """Each test using this runs once per backend; SQLite is opened the way the README shows."""
    if request.param == "memory":
        from langgraph.store.memory import InMemoryStore

        yield InMemoryStore()
    elif request.param == "sqlite":
        with sqlite_store(tmp_path / "memory.sqlite") as store:
            yield store
    else:
        yield request.getfixturevalue("pg_store_session")
