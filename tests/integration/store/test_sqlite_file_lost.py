"""A SQLite file deleted or replaced under a running engine is an outage, not a silent sink."""

import os
import shutil
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager
from pathlib import Path
from typing import Any

import pytest

from memory_plugins import MemoryConfig, MemoryEngine, OutcomeStatus
from memory_plugins.backends import sqlite_store


def plain_sqlite(path: Path) -> AbstractContextManager[Any]:
    from langgraph.store.sqlite import SqliteStore

    class Opened:
        def __enter__(self) -> Any:
            self._cm = SqliteStore.from_conn_string(str(path))
            store = self._cm.__enter__()
            store.setup()
            return store

        def __exit__(self, *exc: object) -> None:
            self._cm.__exit__(None, None, None)

    return Opened()


OPENERS: dict[str, Callable[[Path], AbstractContextManager[Any]]] = {
    "sqlite_store": sqlite_store,
    "SqliteStore.from_conn_string": plain_sqlite,
}


def unlink(path: Path) -> None:
    for suffix in ("", "-wal", "-shm", "-journal"):
        Path(f"{path}{suffix}").unlink(missing_ok=True)


def replace(path: Path) -> None:
    copy = path.with_name("copy.sqlite")
    shutil.copyfile(path, copy)
    os.replace(copy, path)


@pytest.fixture(params=sorted(OPENERS))
def opener(request: pytest.FixtureRequest) -> Callable[[Path], AbstractContextManager[Any]]:
    return OPENERS[request.param]


@pytest.mark.parametrize("lose", [unlink, replace], ids=["deleted", "replaced"])
def test_writes_and_reads_report_the_lost_file(
    tmp_path: Path,
    opener: Callable[[Path], AbstractContextManager[Any]],
    lose: Callable[[Path], None],
    make_candidate: Any,
) -> None:
    path = tmp_path / "memory.sqlite"
    with opener(path) as store:
        engine = MemoryEngine(store, MemoryConfig(principal_secret="lost-file-0123456789"))
        [first] = engine.remember("alice", [make_candidate()], source_conversation_id="c-1")
        assert first.status is OutcomeStatus.ADDED
        lose(path)
        cand = make_candidate(text="The user adores oolong tea.")
        [outcome] = engine.remember("alice", [cand], source_conversation_id="c-2")
        assert outcome.status is OutcomeStatus.STORE_UNAVAILABLE
        assert "memory.sqlite" in outcome.detail
        assert engine.recall("alice", "oolong tea").degraded
        assert engine.stats.get("store_write_failures") == 1


@pytest.fixture
def kept_open(tmp_path: Path) -> Iterator[Any]:
    with sqlite_store(tmp_path / "memory.sqlite") as store:
        yield store


def test_an_untouched_file_keeps_working(kept_open: Any, make_candidate: Any) -> None:
    engine = MemoryEngine(kept_open, MemoryConfig(principal_secret="lost-file-0123456789"))
    for n in range(3):
        [outcome] = engine.remember(
            "alice",
            [make_candidate(text=f"The user likes oolong tea {n}.")],
            source_conversation_id=f"c-{n}",
        )
        assert outcome.status in (OutcomeStatus.ADDED, OutcomeStatus.UPDATED)
