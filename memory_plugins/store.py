"""The only module that speaks LangGraph's ``BaseStore``.

It maps namespaces to raw JSON values, pages through searches, keeps reads to the exact
namespace (never a sibling that shares a string prefix), and translates every foreign
store exception into ``StoreUnavailableError`` once, here, at the boundary.

LangGraph is imported lazily: ``import memory_plugins`` stays free of it.
"""

import gc
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from functools import cache
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

from memory_plugins.errors import StoreUnavailableError

if TYPE_CHECKING:
    from types import ModuleType

__all__ = ["Changes", "MarkerState", "RawItem", "StoreGateway", "StoreLike", "paused_collection"]

# Large pages: LangGraph's stores page by OFFSET, which rescans earlier rows per page.
PAGE_SIZE = 10_000
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
    """What memory_plugins needs from a store: LangGraph's ``BaseStore`` batch surface."""

    def batch(self, ops: Iterable[Any]) -> list[Any]: ...

    async def abatch(self, ops: Iterable[Any]) -> list[Any]: ...


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
        if not isinstance(store, StoreLike):
            from memory_plugins.errors import ConfigurationError

            raise ConfigurationError(
                f"expected a LangGraph BaseStore (InMemoryStore, SqliteStore, PostgresStore, ...),"
                f" got {type(store).__name__}"
            )
        self.store = store

    @property
    def supports_ttl(self) -> bool:
        """Whether the backend accepts per-item TTLs (InMemoryStore does not)."""
        return bool(getattr(self.store, "supports_ttl", False))

    # -- reads -----------------------------------------------------------------------------

    def read_all(self, namespace: tuple[str, ...]) -> list[RawItem]:
        """Every item stored exactly under ``namespace``: one query on SQLite and
        PostgreSQL, else paged searches."""
        reader = _table_reader(self.store, namespace)
        if reader is not None:
            try:
                rows = reader.all(".".join(namespace))
            except Exception as exc:
                raise StoreUnavailableError(f"{type(self.store).__name__}: {exc!r}") from exc
            return [(key, value) for key, value in rows if isinstance(value, dict)]
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
        results = self._batch([ops.GetOp(namespace, key) for key in keys])
        return {key: _value(namespace, item) for key, item in zip(keys, results, strict=True)}

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
        try:
            rows, count = reader.changed(".".join(namespace), since.astimezone(UTC))
        except Exception as exc:  # translated like every other store failure
            raise StoreUnavailableError(f"{type(self.store).__name__}: {exc!r}") from exc
        return Changes([(key, value) for key, value in rows if isinstance(value, dict)], count)

    def read_keys(self, namespace: tuple[str, ...]) -> set[str]:
        """The keys stored exactly under ``namespace`` (values are not parsed)."""
        reader = _table_reader(self.store, namespace)
        if reader is None:
            return {key for key, _ in self.read_all(namespace)}
        try:
            return reader.keys(".".join(namespace))
        except Exception as exc:
            raise StoreUnavailableError(f"{type(self.store).__name__}: {exc!r}") from exc

    # -- writes ----------------------------------------------------------------------------

    def put_many(
        self,
        namespace: tuple[str, ...],
        items: Sequence[RawItem],
        *,
        ttl_minutes: float | None = None,
        marker: Marker | None = None,
    ) -> None:
        """Write (upsert) every item in one batch, then ``marker`` last in the same batch."""
        if not items:
            return
        ops = _ops()
        # Expiry is enforced by the engine; a backend TTL only lets its sweeper reclaim rows.
        ttl = ttl_minutes if ttl_minutes is not None and self.supports_ttl else None
        batch = [ops.PutOp(namespace, key, value, index=False, ttl=ttl) for key, value in items]
        self._batch(batch + _marker_ops(marker))

    def delete_many(
        self, namespace: tuple[str, ...], keys: Sequence[str], *, marker: Marker | None = None
    ) -> None:
        """Physically remove the given keys (then write ``marker`` in the same batch)."""
        if not keys:
            return
        ops = _ops()
        self._batch([ops.PutOp(namespace, key, None) for key in keys] + _marker_ops(marker))

    # -- plumbing --------------------------------------------------------------------------

    @staticmethod
    def _search(namespace: tuple[str, ...], offset: int) -> Any:
        return _ops().SearchOp(namespace, None, PAGE_SIZE, offset, None, False)

    def _batch(self, ops: list[Any]) -> list[Any]:
        try:
            return self.store.batch(ops)
        except Exception as exc:  # any backend failure is a store failure (S3)
            raise StoreUnavailableError(f"{type(self.store).__name__}: {exc!r}") from exc


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

    def all(self, prefix: str) -> list[RawItem]:
        sql = f"SELECT key AS k, {self._text} AS v FROM store WHERE prefix = ?{self.live}"
        return self._pairs(self._rows(sql, prefix))

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


def _loads(raw: Any) -> Any:
    if isinstance(raw, dict):
        return raw
    import orjson  # a dependency of LangGraph's stores

    return orjson.loads(raw)


def _value(namespace: tuple[str, ...], item: Any) -> dict[str, Any] | None:
    if item is None or tuple(item.namespace) != namespace or not isinstance(item.value, dict):
        return None
    return dict(item.value)
