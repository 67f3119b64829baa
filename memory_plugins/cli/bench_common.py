"""Shared pieces of the ``bench`` commands: backends and timing."""

import os
import tempfile
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from memory_plugins.backends import postgres_store, sqlite_store
from memory_plugins.config import MemoryConfig

__all__ = ["PG_URL", "backend_names", "bench_config", "open_backend"]

PG_URL = os.environ.get("MEMORY_PLUGINS_BENCH_PG", "postgresql://postgres@127.0.0.1:5432/test")


def backend_names(spec: str) -> list[str]:
    """Parse ``--backends memory,sqlite,postgres``."""
    names = [n.strip() for n in spec.split(",") if n.strip()]
    unknown = set(names) - {"memory", "sqlite", "postgres"}
    if unknown:
        raise SystemExit(f"unknown backend(s): {', '.join(sorted(unknown))}")
    return names


def bench_config() -> MemoryConfig:
    """A throwaway configuration whose app label is unique to this run."""
    return MemoryConfig(principal_secret=uuid.uuid4().hex, app=f"bench-{uuid.uuid4().hex[:8]}")


@contextmanager
def open_backend(name: str) -> Iterator[Any]:
    """A fresh store of the given kind (SQLite in a temporary folder)."""
    if name == "memory":
        from langgraph.store.memory import InMemoryStore

        yield InMemoryStore()
    elif name == "sqlite":
        with (
            tempfile.TemporaryDirectory() as folder,
            sqlite_store(Path(folder) / "bench.sqlite") as store,
        ):
            yield store
    else:
        with postgres_store(PG_URL) as store:
            yield store
