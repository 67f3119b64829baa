"""Opening the LangGraph stores memory_plugins ships with, configured for this workload.

>>> import tempfile, pathlib
>>> with tempfile.TemporaryDirectory() as d:
...     with sqlite_store(pathlib.Path(d) / "m.sqlite") as store:
...         type(store).__name__
'SqliteStore'
"""

import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from memory_plugins.errors import MissingExtraError

__all__ = ["postgres_store", "sqlite_store"]


@contextmanager
def sqlite_store(path: str | Path) -> Iterator[Any]:
    """A set-up ``SqliteStore`` on ``path`` in WAL mode.

    WAL with ``synchronous=NORMAL`` survives application crashes and lets readers run
    beside a writer; only an OS crash can lose the last committed writes.
    """
    from langgraph.store.sqlite import SqliteStore

    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    conn = sqlite3.connect(str(path), check_same_thread=False, isolation_level=None)
    try:
        conn.execute("PRAGMA journal_mode=WAL")
        conn.execute("PRAGMA synchronous=NORMAL")
        conn.execute("PRAGMA busy_timeout=5000")
        store = SqliteStore(conn)
        store.setup()
        yield store
    finally:
        conn.close()


@contextmanager
def postgres_store(url: str, *, pool_size: int | None = None) -> Iterator[Any]:
    """A set-up ``PostgresStore``; with ``pool_size`` it uses a connection pool."""
    try:
        from langgraph.store.postgres import PostgresStore
    except ImportError as exc:
        raise MissingExtraError("the PostgreSQL store", "postgres", "langgraph-checkpoint-postgres") from exc
    if pool_size is None:
        with PostgresStore.from_conn_string(url) as store:
            store.setup()
            yield store
        return
    from psycopg.rows import dict_row
    from psycopg_pool import ConnectionPool

    with ConnectionPool(
        url,
        min_size=1,
        max_size=pool_size,
        kwargs={"autocommit": True, "prepare_threshold": 0, "row_factory": dict_row},
    ) as pool:
        store = PostgresStore(pool)
        store.setup()
        yield store
