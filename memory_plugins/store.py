"""The only module that speaks LangGraph's ``BaseStore``.

It maps namespaces to raw JSON values, pages through searches, keeps reads to the exact
namespace (never a sibling that shares a string prefix), and translates every foreign
store exception once, here, at the boundary: a programming error (a closed connection, a
misconfigured SQLite connection) into ``ConfigurationError`` naming the fix, anything
else into ``StoreUnavailableError`` (an outage, which the engine degrades on).

LangGraph is imported lazily: ``import memory_plugins`` stays free of it.
"""

import gc
import logging
import os
import sqlite3
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager, nullcontext
from dataclasses import dataclass
from datetime import UTC, datetime
from functools import cache, partial
from typing import TYPE_CHECKING, Any, Protocol, TypeVar, runtime_checkable

from memory_plugins.arguments import store_problem
from memory_plugins.errors import ConfigurationError, StoreUnavailableError, WrongTypeError

if TYPE_CHECKING:
    from types import ModuleType

__all__ = [
    "Changes",
    "MarkerState",
    "RawItem",
    "StoreGateway",
    "StoreLike",
    "paused_collection",
    "store_error",
]

logger = logging.getLogger("memory_plugins")
_R = TypeVar("_R")

# Large pages: LangGraph's stores page by OFFSET, which rescans earlier rows per page.
PAGE_SIZE = 10_000
# Operations per store batch: PostgreSQL binds a few parameters per row and refuses a
# statement with more than 65,535, so 20,000 puts in one batch would fail as a whole.
CHUNK_SIZE = 1_000
# From this many items on, decoding and parsing run with the garbage collector paused.
PAUSE_FROM = 1_000


@contextmanager
def paused_collection(items: int) -> Iterator[None]:
    """The cyclic garbage collector paused while ``items`` (at least ``PAUSE_FROM``) are
    decoded or parsed: they allocate thousands of containers that all survive, and the
    collections they would trigger walk them again and again for nothing (about half the
    time of a large read). Small reads, the common case under load, leave it alone."""
    if items < PAUSE_FROM or not gc.isenabled():
        yield
        return
    gc.disable()
    try:
        yield
    finally:
        gc.enable()


RawItem = tuple[str, dict[str, Any]]
"""A stored item as ``(key, value)``."""

Marker = tuple[tuple[str, ...], str, dict[str, Any]]
"""An extra ``(namespace, key, value)`` written last in a batch (a change token)."""


@dataclass(frozen=True, slots=True)
class MarkerState:
    """A marker item as read: its value and when the store last wrote it (``None``: absent)."""

    value: dict[str, Any] | None
    updated_at: datetime | None


@dataclass(frozen=True, slots=True)
class Changes:
    """What :meth:`StoreGateway.read_changed` found: the items written at or after a moment,
    and how many items the namespace holds now (fewer than expected: some were deleted)."""

    items: list[RawItem]
    count: int


@runtime_checkable
class StoreLike(Protocol):
    """What memory_plugins calls on a store: ``BaseStore.batch`` (every LangGraph store has
    it). Async methods run it on worker threads, so ``abatch`` is never needed."""

    def batch(self, ops: Iterable[Any]) -> list[Any]: ...


@cache
def _ops() -> "ModuleType":
    import langgraph.store.base as ops

    return ops


class StoreGateway:
    """Namespace-scoped reads and writes over any LangGraph store (the engine runs them on
    worker threads for its async methods).

    >>> from langgraph.store.memory import InMemoryStore
    >>> gw = StoreGateway(InMemoryStore())
    >>> gw.put_many(("app", "x"), [("k", {"v": 1})])
    >>> gw.read_all(("app", "x"))
    [('k', {'v': 1})]
    """

    def __init__(self, store: StoreLike) -> None:
        problem = store_problem(store)
        if problem is not None:
            raise WrongTypeError(problem)
        self.store = store
        self.chunk_size = CHUNK_SIZE
        """At most this many operations go to the store in one batch."""
        self._file = _SqliteFile.of(store)
        self._reported = False

    @property
    def supports_ttl(self) -> bool:
        """Whether the backend accepts per-item TTLs (InMemoryStore does not)."""
        return bool(getattr(self.store, "supports_ttl", False))

    def sweep_ttl(self) -> int:
        """Delete every expired row of the store with the backend's own TTL sweeper (a
        capability of SQLite and PostgreSQL stores outside ``BaseStore``); how many went.

        Raises ``ConfigurationError`` for a store without one, ``StoreUnavailableError``
        when the sweep fails.
        """
        sweeper = getattr(self.store, "sweep_ttl", None)
        if not self.supports_ttl or not callable(sweeper):
            raise ConfigurationError(f"{type(self.store).__name__} has no TTL sweeper")
        if self._file is not None:
            self._file.check()
        try:
            return int(sweeper())
        except Exception as exc:  # translated once, here, like every batch
            raise store_error(self.store, exc) from exc

    # -- reads -----------------------------------------------------------------------------

    def read_all(self, namespace: tuple[str, ...]) -> list[RawItem]:
        """Every item stored exactly under ``namespace``: one query on SQLite and
        PostgreSQL, else paged searches."""
        reader = _table_reader(self.store, namespace)
        if reader is not None:
            rows = self._run(partial(reader.all, ".".join(namespace)))
            return [(key, value) for key, value in rows if isinstance(value, dict)]
        found: list[RawItem] = []
        offset = 0
        while True:
            # A page's items are garbage once their values are taken: with the collector
            # paused until then they never set off a collection (which would walk every
            # record the process has cached).
            with paused_collection(PAGE_SIZE):
                page = self._batch([self._search(namespace, offset)])[0]
                found.extend(_exact(namespace, page))
                full = len(page) == PAGE_SIZE
                del page
            if not full:
                return found
            offset += PAGE_SIZE

    def read_stored(self, namespace: tuple[str, ...]) -> list[tuple[str, bytes | dict[str, Any]]]:
        """:meth:`read_all` with each value as the store keeps it: the JSON bytes of the
        SQLite and PostgreSQL tables, not decoded (the caller decodes what it needs), or
        the dict other stores return."""
        reader = _table_reader(self.store, namespace)
        if reader is not None:
            return self._run(partial(reader.raw, ".".join(namespace)))
        return list(self.read_all(namespace))

    def get_many(
        self, namespace: tuple[str, ...], keys: Sequence[str]
    ) -> dict[str, dict[str, Any] | None]:
        """The current value of each key (``None`` when absent)."""
        if not keys:
            return {}
        ops = _ops()
        results: list[Any] = []
        for chunk in self._chunks([ops.GetOp(namespace, key) for key in keys]):
            results.extend(self._batch(chunk))
        return {key: _value(namespace, item) for key, item in zip(keys, results, strict=True)}

    def list_namespaces(
        self, prefix: tuple[str, ...] = (), *, max_depth: int | None = None
    ) -> list[tuple[str, ...]]:
        """Every namespace starting with the segments of ``prefix`` (paged), cut to
        ``max_depth`` segments (and then distinct) when given."""
        ops = _ops()
        conditions = (ops.MatchCondition("prefix", prefix),) if prefix else None
        found: list[tuple[str, ...]] = []
        offset = 0
        while True:
            op = ops.ListNamespacesOp(conditions, max_depth, PAGE_SIZE, offset)
            page = self._batch([op])[0]
            found.extend(tuple(ns) for ns in page if tuple(ns[: len(prefix)]) == prefix)
            if len(page) < PAGE_SIZE:
                return found
            offset += PAGE_SIZE

    def get_many_and_marker(
        self, namespace: tuple[str, ...], keys: Sequence[str], marker: tuple[tuple[str, ...], str]
    ) -> tuple[dict[str, dict[str, Any] | None], MarkerState]:
        """:meth:`get_many` and the marker item ``(namespace, key)``, in one batch."""
        ops = _ops()
        marker_ns, marker_key = marker
        results = self._batch(
            [ops.GetOp(namespace, key) for key in keys] + [ops.GetOp(marker_ns, marker_key)]
        )
        *found, item = results
        values = {key: _value(namespace, got) for key, got in zip(keys, found, strict=True)}
        return values, _marker_state(marker_ns, item)

    def read_marker(self, namespace: tuple[str, ...], key: str) -> MarkerState:
        """The marker item ``key`` of ``namespace`` and when it was last written."""
        return _marker_state(namespace, self._batch([_ops().GetOp(namespace, key)])[0])

    def read_changed(self, namespace: tuple[str, ...], since: datetime) -> Changes | None:
        """The items of ``namespace`` written at or after ``since`` (by the store's own
        ``updated_at`` column) and the namespace's item count, in one transaction.

        ``None`` when the backend cannot say (only SQLite and PostgreSQL stores can):
        read the whole namespace then.
        """
        reader = _table_reader(self.store, namespace)
        if reader is None:
            return None
        rows, count = self._run(partial(reader.changed, ".".join(namespace), since.astimezone(UTC)))
        return Changes([(key, value) for key, value in rows if isinstance(value, dict)], count)

    def open_since(self, namespace: tuple[str, ...]) -> datetime | None:
        """The start of the oldest transaction still open on the store's database, or now
        (PostgreSQL only; ``None`` elsewhere). Read *before* the records: a write that
        commits after that read was open then or starts later, and PostgreSQL stamps its
        rows with its transaction's start, so none of them is older than this moment.
        """
        reader = _table_reader(self.store, namespace)
        if reader is None or reader.sqlite:
            return None
        stamp = self._run(reader.open_since)
        return stamp.astimezone(UTC) if stamp is not None else None

    def read_keys(self, namespace: tuple[str, ...]) -> set[str]:
        """The keys stored exactly under ``namespace`` (values are not parsed)."""
        reader = _table_reader(self.store, namespace)
        if reader is None:
            return {key for key, _ in self.read_all(namespace)}
        return self._run(partial(reader.keys, ".".join(namespace)))

    # -- writes ----------------------------------------------------------------------------

    def put_many(
        self,
        namespace: tuple[str, ...],
        items: Sequence[RawItem],
        *,
        ttl_minutes: float | None = None,
        marker: Marker | None = None,
    ) -> None:
        """Write (upsert) every item, then ``marker`` last, in the same (last) batch.

        Items go in batches of :attr:`chunk_size`; when one fails, the earlier ones stay
        written (each is a complete upsert) and the marker is not written.
        """
        if not items:
            return
        ops = _ops()
        # Expiry is enforced by the engine; a backend TTL only lets its sweeper reclaim rows.
        ttl = ttl_minutes if ttl_minutes is not None and self.supports_ttl else None
        batch = [ops.PutOp(namespace, key, value, index=False, ttl=ttl) for key, value in items]
        self._batch_chunked(batch, marker)

    def delete_many(
        self, namespace: tuple[str, ...], keys: Sequence[str], *, marker: Marker | None = None
    ) -> None:
        """Physically remove the given keys (then write ``marker`` in the same batch)."""
        if not keys:
            return
        ops = _ops()
        self._batch_chunked([ops.PutOp(namespace, key, None) for key in keys], marker)

    # -- plumbing --------------------------------------------------------------------------

    @staticmethod
    def _search(namespace: tuple[str, ...], offset: int) -> Any:
        return _ops().SearchOp(namespace, None, PAGE_SIZE, offset, None, False)

    def _chunks(self, ops: list[Any]) -> list[list[Any]]:
        size = self.chunk_size
        return [ops[start : start + size] for start in range(0, len(ops), size)]

    def _batch_chunked(self, ops: list[Any], marker: Marker | None) -> None:
        chunks = self._chunks(ops)
        chunks[-1] = chunks[-1] + _marker_ops(marker)
        for chunk in chunks:
            self._batch(chunk)

    def _batch(self, ops: list[Any]) -> list[Any]:
        return self._run(lambda: self.store.batch(ops))

    def _run(self, call: Callable[[], _R]) -> _R:
        """``call`` against the store, its failures translated once, here: misuse raises,
        outages degrade (S3)."""
        if self._file is not None:
            self._file.check()
        try:
            return call()
        except Exception as exc:
            error = store_error(self.store, exc)
            if isinstance(error, ConfigurationError) and not self._reported:
                self._reported = True  # the exception repeats on every call; the log says it once
                logger.error("memory store misconfigured: %s", error)
            raise error from exc


def store_error(store: Any, exc: Exception) -> StoreUnavailableError | ConfigurationError:
    """What a store's exception means: a ``ConfigurationError`` naming the fix for a
    programming error (it would fail the same way forever), else ``StoreUnavailableError``.

    Programming errors: DB-API ``ProgrammingError`` / ``InterfaceError`` (a closed
    connection, a sqlite3 connection used from another thread), a closed connection pool,
    missing tables, SQLite's "cannot start a transaction within a transaction" (a
    ``SqliteStore`` over a default ``sqlite3.connect(...)``) and ``NotImplementedError``.
    Everything else (refused connections, timeouts, a server going down) is an outage.

    >>> import sqlite3
    >>> type(store_error(object(), sqlite3.OperationalError("database is locked"))).__name__
    'StoreUnavailableError'
    >>> type(store_error(object(), sqlite3.ProgrammingError("closed database"))).__name__
    'ConfigurationError'
    """
    name = type(store).__name__
    problem = _misuse(exc)
    if problem is None:
        return StoreUnavailableError(f"{name}: {exc!r}")
    return ConfigurationError(f"{name} cannot be used as configured ({exc}): {problem}")


_SQLITE_FIX = (
    "open the store with memory_plugins.backends.sqlite_store(path) (or pass "
    "sqlite3.connect(path, isolation_level=None, check_same_thread=False) to SqliteStore)"
)
_OPEN_FIX = (
    "keep the store open while the engine uses it: open it once for the application's "
    "lifetime with memory_plugins.backends.sqlite_store(path) or postgres_store(url)"
)


def _misuse(exc: Exception) -> str | None:
    """The fix for a store exception that is a programming error, else ``None``."""
    text = str(exc).lower()
    classes = {cls.__name__ for cls in type(exc).__mro__}
    if "within a transaction" in text:
        return f"a sqlite3 connection in its default transaction mode; {_SQLITE_FIX}"
    if "same thread" in text:
        return (
            "a sqlite3 connection bound to the thread that opened it, while memory calls "
            f"the store from worker threads; {_SQLITE_FIX}"
        )
    if "no such table" in text or "UndefinedTable" in classes:
        return (
            "its tables do not exist: call store.setup() once, or open it with "
            "memory_plugins.backends.sqlite_store / postgres_store, which set it up"
        )
    if "PoolClosed" in classes or (
        "closed" in text and classes & {"ProgrammingError", "InterfaceError"}
    ):
        return f"its connection is closed; {_OPEN_FIX}"
    if classes & {"ProgrammingError", "InterfaceError"}:
        return f"a programming error, not an outage; {_OPEN_FIX}"
    if isinstance(exc, NotImplementedError):
        return "the store does not implement LangGraph's batch operations; pass a BaseStore"
    return None


class _SqliteFile:
    """The database file a SQLite-backed store opened, identified by device and inode.

    A connection keeps writing into a file that was deleted or replaced under it, and
    every write "succeeds" into data nobody will ever read again. One ``stat`` per batch
    notices it, so the engine reports ``store_unavailable`` instead.
    """

    def __init__(self, path: str, identity: tuple[int, int]) -> None:
        self.path = path
        self.identity = identity

    @classmethod
    def of(cls, store: Any) -> "_SqliteFile | None":
        conn = getattr(store, "conn", None)
        if not isinstance(conn, sqlite3.Connection):
            return None
        try:
            with getattr(store, "lock", None) or nullcontext():  # SqliteStore's connection lock
                rows = conn.execute("PRAGMA database_list").fetchall()
            path = next((str(file) for _, name, file in rows if name == "main"), "")
            if not path:  # an in-memory database has no file to lose
                return None
            stat = os.stat(path)
        except (sqlite3.Error, OSError):  # unusable now: the first batch says why
            return None
        return cls(path, (stat.st_dev, stat.st_ino))

    def check(self) -> None:
        try:
            stat = os.stat(self.path)
        except OSError:
            stat = None
        if stat is None or (stat.st_dev, stat.st_ino) != self.identity:
            raise StoreUnavailableError(
                f"SQLite file {self.path} was deleted or replaced while the store was open; "
                "reopen the store"
            )


def _marker_ops(marker: Marker | None) -> list[Any]:
    if marker is None:
        return []
    namespace, key, value = marker
    return [_ops().PutOp(namespace, key, value, index=False, ttl=None)]


def _exact(namespace: tuple[str, ...], items: Iterable[Any]) -> list[RawItem]:
    # Defence in depth: a backend whose prefix match leaks siblings never leaks them to us.
    return [
        (item.key, item.value)
        for item in items
        if tuple(item.namespace) == namespace and isinstance(item.value, dict)
    ]


def _marker_state(namespace: tuple[str, ...], item: Any) -> MarkerState:
    value = _value(namespace, item)
    if value is None:
        return MarkerState(None, None)
    stamp = getattr(item, "updated_at", None)
    if isinstance(stamp, datetime) and stamp.tzinfo is None:
        stamp = stamp.replace(tzinfo=UTC)  # SQLite's CURRENT_TIMESTAMP is UTC
    return MarkerState(value, stamp if isinstance(stamp, datetime) else None)


class _TableReader:
    """Reads of the ``store`` table of LangGraph's SQLite and PostgreSQL stores.

    BaseStore has no "changed since" operation, and its search builds an ``Item`` (with
    parsed timestamps) per row and sorts the rows; these reads go to the stores' table
    through the store's own cursor instead (rows keyed by the namespace joined with dots).
    """

    def __init__(self, store: Any, sqlite: bool) -> None:
        self.cursor = store._cursor
        self.mark = "?" if sqlite else "%s"
        self.sqlite = sqlite
        omit = not sqlite and getattr(store, "_omit_expired", False)
        # PostgreSQL's search leaves out rows past their TTL: so do these reads.
        self.live = " AND (expires_at IS NULL OR expires_at > NOW())" if omit else ""

    def _rows(self, sql: str, *params: Any) -> list[Any]:
        with self.cursor() as cur:
            cur.execute(sql.replace("?", self.mark), params)
            return list(cur.fetchall())

    def _pairs(self, rows: list[Any]) -> list[RawItem]:
        pick = (lambda row: (row[0], row[1])) if self.sqlite else (lambda row: (row["k"], row["v"]))
        with paused_collection(len(rows)):
            return [(key, _loads(value)) for key, value in map(pick, rows)]

    def _every(self, value: str, prefix: str) -> list[Any]:
        sql = f"SELECT key AS k, {value} AS v FROM store WHERE prefix = ?{self.live}"
        return self._rows(sql, prefix)

    def all(self, prefix: str) -> list[RawItem]:
        return self._pairs(self._every(self._text, prefix))

    def raw(self, prefix: str) -> list[tuple[str, bytes | dict[str, Any]]]:
        # SQLite hands TEXT back as bytes when cast; psycopg's jsonb text is encoded here.
        rows = self._every("CAST(value AS BLOB)" if self.sqlite else self._text, prefix)
        if self.sqlite:
            return rows  # (key, bytes) tuples already
        return [(row["k"], _encoded(row["v"])) for row in rows]

    def changed(self, prefix: str, since: datetime) -> tuple[list[RawItem], int]:
        # SQLite stores CURRENT_TIMESTAMP as UTC text: compare in that format.
        stamp: Any = since.strftime("%Y-%m-%d %H:%M:%S") if self.sqlite else since
        sql = (
            f"SELECT key AS k, {self._text} AS v FROM store"
            f" WHERE prefix = ? AND updated_at >= ?{self.live}"
        )
        with self.cursor() as cur:
            cur.execute(sql.replace("?", self.mark), (prefix, stamp))
            rows = list(cur.fetchall())
            cur.execute(
                f"SELECT count(*) AS n FROM store WHERE prefix = ?{self.live}".replace(
                    "?", self.mark
                ),
                (prefix,),
            )
            counted = cur.fetchone()
        return self._pairs(rows), int(counted[0] if self.sqlite else counted["n"])

    def open_since(self) -> datetime | None:
        # A transaction waiting on a lock, or slow to commit, stamps its rows with its
        # start: the next read of what changed must reach back to the oldest one open.
        sql = (
            "SELECT least(clock_timestamp(), min(xact_start)) AS t FROM pg_stat_activity"
            " WHERE datname = current_database()"
        )
        rows = self._rows(sql)
        stamp = rows[0]["t"] if rows else None
        return stamp if isinstance(stamp, datetime) else None

    def keys(self, prefix: str) -> set[str]:
        rows = self._rows(f"SELECT key AS k FROM store WHERE prefix = ?{self.live}", prefix)
        return {row[0] if self.sqlite else row["k"] for row in rows}

    @property
    def _text(self) -> str:
        return "value" if self.sqlite else "value::text"


def _table_reader(store: Any, namespace: tuple[str, ...]) -> _TableReader | None:
    """A direct reader for SQLite and PostgreSQL stores; ``None`` for any other store, and
    for namespaces whose labels hold a dot (ambiguous once joined)."""
    if any("." in label for label in namespace) or not callable(getattr(store, "_cursor", None)):
        return None
    module = type(store).__module__
    if module.startswith("langgraph.store.sqlite"):
        return _TableReader(store, sqlite=True)
    if module.startswith("langgraph.store.postgres"):
        return _TableReader(store, sqlite=False)
    return None


def _encoded(raw: Any) -> bytes | dict[str, Any]:
    if isinstance(raw, str):
        return raw.encode()
    return raw if isinstance(raw, dict | bytes) else bytes(raw)


def _loads(raw: Any) -> Any:
    if isinstance(raw, dict):
        return raw
    import orjson  # a dependency of LangGraph's stores

    return orjson.loads(raw)


def _value(namespace: tuple[str, ...], item: Any) -> dict[str, Any] | None:
    if item is None or tuple(item.namespace) != namespace or not isinstance(item.value, dict):
        return None
    return dict(item.value)
