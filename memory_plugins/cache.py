"""Protecting the store on the read path: a per-namespace record cache and a bounded reader.

:class:`RecordCache` keeps the parsed records of recently read namespaces (any sized
value: the engine caches a :class:`~memory_plugins.recall.index.RecordIndex`). It caches
"this principal has no memories" too (for a shorter time), so a burst of new users does
not turn into a burst of store reads (the cache-penetration lesson), and it lets one
read per namespace fly at a time: concurrent readers share its result (single-flight).
A write through the engine either updates the cached value in place (:meth:`update`) or
invalidates the namespace; both detach a read already in flight, so a read that started
before a write can never be cached after it. Entries are also tagged with the
namespace's change token, which every engine write bumps in the store: a reader checks
the token (one key lookup) at most ``revalidate_after`` after the previous check, so
writes made by other processes are seen within that window; an entry whose token
changed stays available (:meth:`previous`) so the caller can read only what changed
since. Memory is bounded by an LRU over namespaces and over the records they hold. A
namespace larger than ``max_namespace_records`` is held compacted (``compact(value)``,
given by the owner: the engine's index then keeps its records as stored, parsing them
per query), so a huge user's recalls stay warm at a bounded cost; one larger than
``max_records`` is never held.

:class:`ReadPool` runs store reads on a few daemon threads so a caller can stop waiting
when its time budget runs out, without a thread per call and without blocking exit.

>>> from memory_plugins.config import CacheConfig
>>> cache = RecordCache(CacheConfig(max_namespaces=2))
>>> cache.fetch(("app", "alice"), lambda: ("record",)).result()
('record',)
>>> cache.lookup(("app", "alice"))
('record',)
>>> cache.invalidate(("app", "alice")); cache.lookup(("app", "alice")) is None
True
"""

import threading
import time
from collections import OrderedDict, deque
from collections.abc import Callable, Sized
from concurrent.futures import Future
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar

from memory_plugins.config import CacheConfig
from memory_plugins.errors import StoreUnavailableError
from memory_plugins.outcomes import EngineStats

__all__ = ["ReadPool", "ReadQueueFullError", "RecordCache", "SingleFlight"]

T = TypeVar("T")
V = TypeVar("V", bound=Sized)
Namespace = tuple[str, ...]
Runner = Callable[[Callable[[], None]], object]
"""Schedules a job: ``ReadPool.submit`` or, to run it in the caller's thread, ``lambda job: job()``."""


class ReadQueueFullError(StoreUnavailableError):
    """Too many store reads are already waiting: the store is too slow to keep up."""


@dataclass(slots=True)
class _Entry(Generic[V]):
    items: V
    stored_at: float
    version: str | None = None
    checked_at: float = 0.0
    """When the change token was last confirmed: ``revalidate_after`` runs from here."""


@dataclass(slots=True)
class _Flight(Generic[V]):
    version: str | None = None
    future: "Future[V]" = field(default_factory=Future)


_NEVER = float("-inf")


class RecordCache(Generic[V]):
    """Per-namespace cache with negative caching, single-flight loads and LRU bounds.

    ``compact(value)`` makes a value of more than ``max_namespace_records`` items cheap to
    hold (without it such a value is never held). ``timer`` returns seconds (monotonic or wall clock); entries are trusted for
    ``config.ttl`` (``config.negative_ttl`` when the namespace was empty) and never when
    the timer went backwards. Callers still filter what they read (e.g. by expiry): the
    cache stores what the store returned, not what is valid now.

    >>> from memory_plugins.config import CacheConfig
    >>> reads = []
    >>> cache = RecordCache(CacheConfig())
    >>> for _ in range(3):
    ...     _ = cache.fetch(("app", "bob"), lambda: reads.append(1) or ()).result()
    >>> len(reads)  # "bob has nothing" is cached too
    1
    """

    def __init__(
        self,
        config: CacheConfig,
        *,
        timer: Callable[[], float] = time.monotonic,
        stats: EngineStats | None = None,
        compact: Callable[[V], object] | None = None,
    ) -> None:
        self.config = config
        self._compact = compact
        self._timer = timer
        self._stats = stats or EngineStats()
        self._lock = threading.Lock()
        self._entries: OrderedDict[Namespace, _Entry[V]] = OrderedDict()
        self._flights: dict[Namespace, _Flight[V]] = {}

    def __len__(self) -> int:
        with self._lock:
            return len(self._entries)

    def lookup(self, namespace: Namespace, version: str | None = None) -> V | None:
        """The cached items of ``namespace`` when still fresh under the change token
        ``version`` (which the caller just read: the entry counts as checked), else ``None``."""
        with self._lock:
            return self._fresh(namespace, version, checked=True)

    def recent(self, namespace: Namespace) -> V | None:
        """The cached items when the token was confirmed within ``revalidate_after``: no
        store check needed. Serving them does not extend the window, so under steady
        traffic the token is still checked every ``revalidate_after``."""
        with self._lock:
            entry = self._entries.get(namespace)
            if entry is None:
                return None
            now = self._timer()
            window = self.config.revalidate_after.total_seconds()
            if not entry.checked_at <= now < entry.checked_at + window:
                return None
            return self._fresh(namespace, entry.version, checked=False)

    def previous(self, namespace: Namespace) -> V | None:
        """The cached items whatever their token, while within ``ttl``: the base to which a
        caller applies only what changed since (never serve it as it is)."""
        with self._lock:
            entry = self._entries.get(namespace)
            if entry is None or not self._alive(entry, self._timer()):
                return None
            return entry.items

    def fetch(
        self,
        namespace: Namespace,
        loader: Callable[[], V],
        run: Runner | None = None,
        *,
        version: str | None = None,
    ) -> "Future[V]":
        """A future of the namespace's items: cached, joined to a read in flight, or loaded.

        ``version`` is the namespace's current change token as read from the store: an
        entry cached under another token is stale (another process wrote since), and a
        read in flight is joined only when it started under the same token.
        ``run`` schedules the load (default: now, in this thread). Failures are handed to
        every waiter and never cached.
        """
        with self._lock:
            cached = self._fresh(namespace, version, checked=True)
            if cached is not None:
                done: Future[V] = Future()
                done.set_result(cached)
                return done
            flight = self._flights.get(namespace)
            if flight is not None and flight.version == version:
                self._stats.incr("cache_coalesced")
                return flight.future
            self._stats.incr("cache_misses")
            flight = self._flights[namespace] = _Flight(version)

        def job() -> None:
            try:
                items = loader()
            except BaseException as exc:
                self._land(namespace, flight, None)
                flight.future.set_exception(exc)
                return
            self._land(namespace, flight, items)
            flight.future.set_result(items)

        try:
            (run or _run_here)(job)
        except BaseException as exc:  # e.g. ReadQueueFullError: waiters must not hang
            self._land(namespace, flight, None)
            if not flight.future.done():
                flight.future.set_exception(exc)
        return flight.future

    def update(
        self,
        namespace: Namespace,
        change: Callable[[V], object],
        *,
        before: str | None,
        after: str | None,
    ) -> None:
        """Apply the caller's own write to the cached items in place (``change(items)``).

        ``before`` is the change token the caller read in the same store call as the data
        it changed, ``after`` the token its write stored. When the entry was current at
        ``before``, it is current at ``after`` (and counts as checked now); otherwise another
        process wrote in between, and the entry keeps its old token so the next check reads
        what changed. A read in flight is detached, as by :meth:`invalidate`; if ``change``
        fails, the entry is dropped.
        """
        with self._lock:
            self._flights.pop(namespace, None)
            entry = self._entries.get(namespace)
            if entry is None:
                return
            try:
                change(entry.items)
            except BaseException:
                del self._entries[namespace]
                raise
            self._stats.incr("cache_updates")
            if entry.version == before and entry.checked_at != _NEVER:
                entry.version = after
                entry.checked_at = self._timer()

    def invalidate(self, namespace: Namespace) -> None:
        """Forget ``namespace``; a read of it already in flight will not be cached."""
        with self._lock:
            self._entries.pop(namespace, None)
            self._flights.pop(namespace, None)

    def clear(self) -> None:
        """Forget every namespace (and detach every read in flight)."""
        with self._lock:
            self._entries.clear()
            self._flights.clear()

    def _alive(self, entry: _Entry[V], now: float) -> bool:
        ttl = self.config.ttl if len(entry.items) else self.config.negative_ttl
        return entry.stored_at <= now < entry.stored_at + ttl.total_seconds()

    def _fresh(self, namespace: Namespace, version: str | None, *, checked: bool) -> V | None:
        entry = self._entries.get(namespace)
        if entry is None:
            return None
        now = self._timer()
        if not self._alive(entry, now):
            del self._entries[namespace]
            return None
        if entry.version != version:
            # Kept (never served) as the base of a read of what changed; see previous().
            entry.checked_at = _NEVER
            self._stats.incr("cache_stale")
            return None
        if checked:
            entry.checked_at = now
        self._entries.move_to_end(namespace)
        self._stats.incr("cache_hits" if len(entry.items) else "cache_negative_hits")
        return entry.items

    def _land(self, namespace: Namespace, flight: _Flight[V], items: V | None) -> None:
        with self._lock:
            # A flight detached by an invalidation may have read pre-write data: drop it.
            if self._flights.get(namespace) is not flight:
                return
            del self._flights[namespace]
            if items is None:
                return
            if len(items) > self.config.max_namespace_records:
                if self._compact is None or len(items) > self.config.max_records:
                    self._entries.pop(namespace, None)  # served to its waiters, never held
                    self._stats.incr("cache_oversized")
                    return
                self._compact(items)  # held at the cost of what its store returned
                self._stats.incr("cache_compacted")
            now = self._timer()
            self._entries[namespace] = _Entry(items, now, flight.version, now)
            self._entries.move_to_end(namespace)
            held = sum(len(entry.items) for entry in self._entries.values())
            while len(self._entries) > self.config.max_namespaces or (
                held > self.config.max_records and len(self._entries) > 1
            ):
                _, evicted = self._entries.popitem(last=False)
                held -= len(evicted.items)
                self._stats.incr("cache_evictions")


def _run_here(job: Callable[[], None]) -> None:
    job()


class SingleFlight(Generic[T]):
    """Concurrent calls for one key share a single execution of ``fn`` and its outcome.

    >>> flight: SingleFlight[int] = SingleFlight()
    >>> flight.run("k", lambda: 7)
    7
    """

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._flights: dict[Any, Future[T]] = {}

    def run(self, key: Any, fn: Callable[[], T]) -> T:
        """Call ``fn`` unless a call for ``key`` is already running; then wait for that one."""
        with self._lock:
            running = self._flights.get(key)
            if running is None:
                mine: Future[T] = Future()
                self._flights[key] = mine
        if running is not None:
            return running.result()
        try:
            mine.set_result(fn())
        except BaseException as exc:
            mine.set_exception(exc)
        finally:
            with self._lock:
                del self._flights[key]
        return mine.result()


class ReadPool:
    """At most ``max_workers`` daemon threads running submitted reads; idle ones exit.

    A caller waits on the returned future with a timeout and walks away when it runs
    out; the read finishes (or hangs) on a pool thread, never on a new one per call.
    More than ``max_pending`` queued reads fail fast with ``ReadQueueFullError``.

    >>> pool = ReadPool(max_workers=2)
    >>> pool.submit(lambda: 6 * 7).result(timeout=1)
    42
    """

    def __init__(
        self,
        max_workers: int = 8,
        *,
        max_pending: int | None = None,
        idle_seconds: float = 10.0,
        name: str = "memory-plugins-read",
    ) -> None:
        if max_workers < 1:
            raise ValueError("ReadPool needs at least one worker")
        self.max_workers = max_workers
        self.max_pending = max_pending if max_pending is not None else 32 * max_workers
        self.idle_seconds = idle_seconds
        self.name = name
        self._cond = threading.Condition()
        self._tasks: deque[tuple[Future[Any], Callable[[], Any]]] = deque()
        self._workers = 0
        self._idle = 0
        self._closed = False

    @property
    def workers(self) -> int:
        """Threads currently alive in the pool."""
        with self._cond:
            return self._workers

    def submit(self, fn: Callable[[], T]) -> "Future[T]":
        """Run ``fn`` on a pool thread; raises ``ReadQueueFullError`` when the queue is full."""
        future: Future[T] = Future()
        with self._cond:
            if self._closed:
                raise RuntimeError(f"{self.name} pool is shut down")
            if len(self._tasks) >= self.max_pending:
                raise ReadQueueFullError(
                    f"{len(self._tasks)} store reads already waiting: the store is too slow"
                )
            self._tasks.append((future, fn))
            if self._idle < len(self._tasks) and self._workers < self.max_workers:
                self._workers += 1
                threading.Thread(
                    target=self._work, name=f"{self.name}-{self._workers}", daemon=True
                ).start()
            else:
                self._cond.notify()
        return future

    def _work(self) -> None:
        while True:
            with self._cond:
                self._idle += 1
                deadline = time.monotonic() + self.idle_seconds
                while not self._tasks and not self._closed:
                    remaining = deadline - time.monotonic()
                    if remaining <= 0:
                        break
                    self._cond.wait(remaining)
                self._idle -= 1
                if not self._tasks:
                    self._workers -= 1
                    return
                future, fn = self._tasks.popleft()
            # A reader that gave up before the read started cancelled it: skip the store call.
            if future.set_running_or_notify_cancel():
                try:
                    future.set_result(fn())
                except BaseException as exc:
                    future.set_exception(exc)
            del future, fn  # an idle worker must not keep the last job's closure alive

    def shutdown(self) -> None:
        """Refuse new work, cancel what has not started and let idle threads exit now
        (a call already running finishes on its thread). Idempotent."""
        with self._cond:
            self._closed = True
            pending, self._tasks = list(self._tasks), deque()
            self._cond.notify_all()
        for future, _ in pending:
            future.cancel()
