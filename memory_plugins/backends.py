"""Opening the LangGraph stores memory_plugins ships with, configured for this workload.

>>> import tempfile, pathlib
>>> with tempfile.TemporaryDirectory() as d:
...     with sqlite_store(pathlib.Path(d) / "m.sqlite") as store:
...         type(store).__name__
'SqliteStore'
"""

import sqlite3
import weakref
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from memory_plugins.errors import ConfigurationError, MissingExtraError, StoreUnavailableError

__all__ = ["before_close", "check_postgres_url", "postgres_store", "sqlite_store"]

_SWEEPER_STOP_SECONDS = 5.0

_BEFORE_CLOSE: "weakref.WeakKeyDictionary[Any, list[Callable[[], None]]]" = (
    weakref.WeakKeyDictionary()
)
"""What must run while a store opened here is still open (extractions queued for it)."""


def before_close(store: Any, hook: Callable[[], None]) -> None:
    """Run ``hook`` when the ``with`` block of ``sqlite_store`` / ``postgres_store`` that
    opened ``store`` ends, before its connection closes (a store opened elsewhere: never).

    An extraction queue registers here, so a turn queued just before the block ends is
    still written.
    """
    try:
        _BEFORE_CLOSE.setdefault(store, []).append(hook)
    except TypeError:  # an unhashable or non-weakrefable store was not opened here
        return


def _closing(store: Any) -> None:
    for hook in _BEFORE_CLOSE.pop(store, []):
        hook()


@contextmanager
def sqlite_store(path: str | Path, *, sweep_interval_minutes: int | None = None) -> Iterator[Any]:
    """A set-up ``SqliteStore`` on ``path`` in WAL mode, safe to share between threads.

    WAL with ``synchronous=NORMAL`` survives application crashes and lets readers run
    beside a writer; only an OS crash can lose the last committed writes. With
    ``sweep_interval_minutes`` the store's own sweeper deletes expired rows (records
    written with ``record_ttl``, slices written with a TTL) in the background.
    """
    from langgraph.store.sqlite import SqliteStore

    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    # One connection, serialised by the store's own lock: safe across threads.
    conn = sqlite3.connect(str(path), check_same_thread=False, isolation_level=None)
    try:
        conn.execute("PRAGMA journal_mode=WAL")
        conn.execute("PRAGMA synchronous=NORMAL")
        conn.execute("PRAGMA busy_timeout=5000")
        store = SqliteStore(conn, ttl=_ttl_config(sweep_interval_minutes))
        store.setup()
        try:
            with _sweeping(store, sweep_interval_minutes):
                yield store
        finally:
            _closing(store)
    finally:
        conn.close()


@contextmanager
def postgres_store(
    url: str,
    *,
    pool_size: int = 4,
    pool_timeout: float = 5.0,
    sweep_interval_minutes: int | None = None,
) -> Iterator[Any]:
    """A set-up ``PostgresStore`` over a connection pool that survives server restarts.

    Each connection is checked when taken from the pool, so connections broken by a
    restart or a network cut are replaced instead of failing the next call; while the
    server is down, calls fail after ``pool_timeout`` seconds (the engine degrades) and
    they succeed again once it is back. ``pool_size`` bounds the connections (at most
    that many concurrent store calls). Opening fails with ``StoreUnavailableError`` when
    the server cannot be reached within ``pool_timeout``.

    ``sweep_interval_minutes`` starts the store's own TTL sweeper (see ``sqlite_store``).
    """
    try:
        from langgraph.store.postgres import PostgresStore
        from psycopg import Connection
        from psycopg.rows import DictRow, dict_row
        from psycopg_pool import ConnectionPool, PoolTimeout
    except ImportError as exc:
        raise MissingExtraError(
            "the PostgreSQL store", "postgres", "langgraph-checkpoint-postgres"
        ) from exc
    if pool_size < 1 or pool_timeout <= 0:
        raise ConfigurationError("postgres_store needs pool_size >= 1 and pool_timeout > 0")

    pool: ConnectionPool[Connection[DictRow]] = ConnectionPool(
        url,
        connection_class=Connection[DictRow],
        min_size=1,
        max_size=pool_size,
        timeout=pool_timeout,
        check=ConnectionPool.check_connection,
        kwargs={"autocommit": True, "prepare_threshold": 0, "row_factory": dict_row},
        open=False,
        name="memory-plugins",
    )
    with pool:
        try:
            pool.wait(timeout=pool_timeout)
        except PoolTimeout as exc:
            raise StoreUnavailableError(
                f"PostgreSQL unreachable: no connection within {pool_timeout:g} s"
            ) from exc
        store = PostgresStore(pool, ttl=_ttl_config(sweep_interval_minutes))
        store.setup()
        try:
            with _sweeping(store, sweep_interval_minutes):
                yield store
        finally:
            _closing(store)


def check_postgres_url(url: str, timeout: float = 5.0) -> None:
    """Connect once, before a pool would, so a wrong URL fails at once, in one line: a
    missing database or a refused login is a configuration error, an unreachable server an
    outage (the pool would retry for ``timeout`` and log every attempt)."""
    import psycopg

    try:
        psycopg.connect(url, connect_timeout=max(1, round(timeout)), autocommit=True).close()
    except psycopg.OperationalError as exc:
        lines = [line.strip() for line in str(exc).splitlines() if line.strip()]
        reason = " ".join(lines).split("FATAL:", 1)[-1].strip() or type(exc).__name__
        if "does not exist" in reason or "authentication failed" in reason:
            raise ConfigurationError(f"PostgreSQL refused the URL: {reason}") from None
        raise StoreUnavailableError(f"PostgreSQL unreachable: {reason}") from None
    except psycopg.ProgrammingError as exc:  # a malformed URL
        raise ConfigurationError(f"PostgreSQL URL not understood: {exc}") from None


def _ttl_config(sweep_interval_minutes: int | None) -> Any:
    if sweep_interval_minutes is None:
        return None
    if sweep_interval_minutes < 1:
        raise ConfigurationError("sweep_interval_minutes must be at least 1 (or None)")
    # Reads must not extend lifetimes: a memory expires when the engine says so.
    return {"refresh_on_read": False, "sweep_interval_minutes": sweep_interval_minutes}


@contextmanager
def _sweeping(store: Any, sweep_interval_minutes: int | None) -> Iterator[None]:
    if sweep_interval_minutes is None:
        yield
        return
    store.start_ttl_sweeper()
    try:
        yield
    finally:
        store.stop_ttl_sweeper(timeout=_SWEEPER_STOP_SECONDS)
