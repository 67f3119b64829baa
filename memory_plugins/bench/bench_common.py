"""Shared pieces of the ``bench`` commands: backends and timing.

Every backend is a temporary store that leaves nothing behind: a fresh ``InMemoryStore``,
a SQLite file in a temporary folder, or a temporary schema in the PostgreSQL database
named by ``MEMORY_PLUGINS_STORE`` (dropped afterwards, tables and rows included).
"""

import os
import tempfile
import uuid
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from memory_plugins.backends import postgres_store, sqlite_store
from memory_plugins.cli.runtime import STORE_ENV
from memory_plugins.config import MemoryConfig
from memory_plugins.errors import ConfigurationError, MissingExtraError, StoreUnavailableError

__all__ = [
    "backend_names",
    "bench_config",
    "open_backend",
    "postgres_url",
]

_POSTGRES = ("postgresql://", "postgres://")


def postgres_url() -> str | None:
    """The PostgreSQL URL of ``MEMORY_PLUGINS_STORE``, if it names one."""
    url = os.environ.get(STORE_ENV, "").strip()
    return url if url.startswith(_POSTGRES) else None


def backend_names(chosen: Sequence[str] | None) -> list[str]:
    """The backends to measure: ``chosen`` (``--backends``), else memory and sqlite, plus
    postgres when ``MEMORY_PLUGINS_STORE`` names a PostgreSQL database.

    Raises ``ConfigurationError`` (before any work) when postgres is asked for without one.
    """
    if chosen is None:
        return ["memory", "sqlite"] + (["postgres"] if postgres_url() else [])
    if "postgres" in chosen and postgres_url() is None:
        raise ConfigurationError(
            f"--backends postgres measures in a temporary schema of the database named by "
            f"{STORE_ENV}: set {STORE_ENV}=postgresql://user@host:5432/db"
        )
    return list(dict.fromkeys(chosen))


def bench_config() -> MemoryConfig:
    """A throwaway configuration whose app label is unique to this run."""
    return MemoryConfig(principal_secret=uuid.uuid4().hex, app=f"bench-{uuid.uuid4().hex[:8]}")


@contextmanager
def open_backend(name: str) -> Iterator[Any]:
    """A fresh, temporary store of the given kind."""
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
        url = postgres_url()
        if url is None:
            raise ConfigurationError(f"bench on postgres needs {STORE_ENV}=postgresql://...")
        with _temporary_schema(url) as schema_url, postgres_store(schema_url) as store:
            yield store


@contextmanager
def _temporary_schema(url: str) -> Iterator[str]:
    """``url`` pointed at a new schema, dropped (with everything in it) on exit."""
    try:
        import psycopg
    except ImportError as exc:
        raise MissingExtraError("bench on PostgreSQL", "postgres", "psycopg") from exc
    schema = f"memory_plugins_bench_{uuid.uuid4().hex[:12]}"
    try:
        admin = psycopg.connect(url, autocommit=True, connect_timeout=5)
    except psycopg.Error as exc:
        raise StoreUnavailableError(f"PostgreSQL unreachable: {exc}") from exc
    with admin:
        admin.execute(f'CREATE SCHEMA "{schema}"')
        try:
            sep = "&" if "?" in url else "?"
            yield f"{url}{sep}options=-csearch_path%3D{schema}"
        finally:
            admin.execute(f'DROP SCHEMA "{schema}" CASCADE')
