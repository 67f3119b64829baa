"""The only module that speaks LangGraph's ``BaseStore``.

It maps namespaces to raw JSON values, pages through searches, keeps reads to the exact
namespace (never a sibling that shares a string prefix), and translates every foreign
store exception into ``StoreUnavailableError`` once, here, at the boundary.

LangGraph is imported lazily: ``import memory_plugins`` stays free of it.
"""

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from functools import cache
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

from memory_plugins.errors import StoreUnavailableError

if TYPE_CHECKING:
    from types import ModuleType

__all__ = ["Changes", "MarkerState", "RawItem", "StoreGateway", "StoreLike"]

# Large pages: LangGraph's stores page by OFFSET, which rescans earlier rows per page.
PAGE_SIZE = 10_000

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
        sql = _changes_sql(self.store, namespace)
        if sql is None:
            return None
        prefix = ".".join(namespace)
        try:
            rows, count = sql(prefix, since.astimezone(UTC))
        except Exception as exc:  # translated like every other store failure
            raise StoreUnavailableError(f"{type(self.store).__name__}: {exc!r}") from exc
        items = [(key, value) for key, value in rows if isinstance(value, dict)]
        return Changes(items, count)

    def read_keys(self, namespace: tuple[str, ...]) -> set[str]:
        """The keys stored exactly under ``namespace`` (values are not parsed)."""
        sql = _changes_sql(self.store, namespace, keys_only=True)
        if sql is None:
            return {key for key, _ in self.read_all(namespace)}
        try:
            rows, _ = sql(".".join(namespace), None)
        except Exception as exc:
            raise StoreUnavailableError(f"{type(self.store).__name__}: {exc!r}") from exc
        return {key for key, _ in rows}

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


_ChangesQuery = Any
"""``(prefix, since | None) -> (rows of (key, value), count)``."""


def _changes_sql(
    store: Any, namespace: tuple[str, ...], *, keys_only: bool = False
) -> _ChangesQuery | None:
    """A query of the rows changed since a moment, on the SQLite and PostgreSQL stores.

    BaseStore has no "changed since" operation, so this reads the stores' own table (the
    ``store`` table, keyed by the namespace joined with dots) through their cursor.
    Namespaces whose labels hold a dot are ambiguous there, and get ``None`` like any
    other backend: the caller reads the whole namespace.
    """
    if any("." in label for label in namespace):
        return None
    cursor = getattr(store, "_cursor", None)
    module = type(store).__module__
    if not callable(cursor):
        return None
    if module.startswith("langgraph.store.sqlite"):
        return _sqlite_changes(cursor, keys_only)
    if module.startswith("langgraph.store.postgres"):
        expiry = " AND (expires_at IS NULL OR expires_at > NOW())"
        return _postgres_changes(cursor, keys_only, expiry if store._omit_expired else "")
    return None


def _loads(raw: Any) -> Any:
    if isinstance(raw, dict):
        return raw
    import orjson  # a dependency of LangGraph's stores

    return orjson.loads(raw)


def _sqlite_changes(cursor: Any, keys_only: bool) -> _ChangesQuery:
    def query(prefix: str, since: datetime | None) -> tuple[list[tuple[str, Any]], int]:
        with cursor() as cur:
            if keys_only or since is None:
                cur.execute("SELECT key FROM store WHERE prefix = ?", (prefix,))
                keys = [(row[0], None) for row in cur.fetchall()]
                return keys, len(keys)
            stamp = since.strftime("%Y-%m-%d %H:%M:%S")  # the format of CURRENT_TIMESTAMP
            cur.execute(
                "SELECT key, value FROM store WHERE prefix = ? AND updated_at >= ?",
                (prefix, stamp),
            )
            rows = [(row[0], _loads(row[1])) for row in cur.fetchall()]
            cur.execute("SELECT count(*) FROM store WHERE prefix = ?", (prefix,))
            return rows, int(cur.fetchone()[0])

    return query


def _postgres_changes(cursor: Any, keys_only: bool, expiry: str) -> _ChangesQuery:
    def query(prefix: str, since: datetime | None) -> tuple[list[tuple[str, Any]], int]:
        with cursor() as cur:
            if keys_only or since is None:
                cur.execute(f"SELECT key FROM store WHERE prefix = %s{expiry}", (prefix,))
                keys = [(row["key"], None) for row in cur.fetchall()]
                return keys, len(keys)
            cur.execute(
                f"SELECT key, value::text AS value FROM store"
                f" WHERE prefix = %s AND updated_at >= %s{expiry}",
                (prefix, since),
            )
            rows = [(row["key"], _loads(row["value"])) for row in cur.fetchall()]
            cur.execute(f"SELECT count(*) AS n FROM store WHERE prefix = %s{expiry}", (prefix,))
            return rows, int(cur.fetchone()["n"])

    return query


def _value(namespace: tuple[str, ...], item: Any) -> dict[str, Any] | None:
    if item is None or tuple(item.namespace) != namespace or not isinstance(item.value, dict):
        return None
    return dict(item.value)
