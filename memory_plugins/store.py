"""The only module that speaks LangGraph's ``BaseStore``.

It maps namespaces to raw JSON values, pages through searches, keeps reads to the exact
namespace (never a sibling that shares a string prefix), and translates every foreign
store exception once, here, at the boundary: a programming error (a closed connection, a
misconfigured SQLite connection) into ``ConfigurationError`` naming the fix, anything
else into ``StoreUnavailableError`` (an outage, which the engine degrades on).

LangGraph is imported lazily: ``import memory_plugins`` stays free of it.
"""

import logging
import os
import sqlite3
from collections.abc import Iterable, Sequence
from contextlib import nullcontext
from functools import cache
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

from memory_plugins.arguments import store_problem
from memory_plugins.errors import ConfigurationError, StoreUnavailableError, WrongTypeError

if TYPE_CHECKING:
    from types import ModuleType

__all__ = ["RawItem", "StoreGateway", "StoreLike", "store_error"]

logger = logging.getLogger("memory_plugins")

# Large pages: LangGraph's stores page by OFFSET, which rescans earlier rows per page.
PAGE_SIZE = 10_000
# Operations per store batch: PostgreSQL binds a few parameters per row and refuses a
# statement with more than 65,535, so 20,000 puts in one batch would fail as a whole.
CHUNK_SIZE = 1_000

RawItem = tuple[str, dict[str, Any]]
"""A stored item as ``(key, value)``."""

Marker = tuple[tuple[str, ...], str, dict[str, Any]]
"""An extra ``(namespace, key, value)`` written last in a batch (a change token)."""


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
        """Every item stored exactly under ``namespace`` (paged)."""
        found: list[RawItem] = []
        offset = 0
        while True:
            page = self._batch([self._search(namespace, offset)])[0]
            found.extend(_exact(namespace, page))
            if len(page) < PAGE_SIZE:
                return found
            offset += PAGE_SIZE

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
        if self._file is not None:
            self._file.check()
        try:
            return self.store.batch(ops)
        except Exception as exc:  # translated once, here: misuse raises, outages degrade (S3)
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


def _value(namespace: tuple[str, ...], item: Any) -> dict[str, Any] | None:
    if item is None or tuple(item.namespace) != namespace or not isinstance(item.value, dict):
        return None
    return dict(item.value)
