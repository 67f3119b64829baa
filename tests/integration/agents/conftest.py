"""The three stores as an app opens them: InMemoryStore, ``backends.sqlite_store``, PostgresStore."""

import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from memory_plugins import MemoryConfig, RecallConfig
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


@pytest.fixture
def config() -> MemoryConfig:
    # These tests are about what reaches the model, not about the recall time budget (tested
    # on its own): a generous budget keeps a busy machine from turning recall into a miss.
    return MemoryConfig(
        principal_secret="test-secret-0123456789",
        app=f"t{uuid.uuid4().hex[:10]}",
        recall=RecallConfig(time_budget_ms=10_000),
    )
