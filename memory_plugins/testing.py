"""Test doubles shipped with the package, so users can test their own graphs offline.

>>> from datetime import datetime, UTC, timedelta
>>> clock = FrozenClock(datetime(2026, 1, 1, tzinfo=UTC))
>>> clock.advance(timedelta(days=1)).isoformat()
'2026-01-02T00:00:00+00:00'
"""

import asyncio
import threading
import time
from collections.abc import Iterable
from datetime import UTC, datetime, timedelta
from typing import Any

__all__ = ["FailingStore", "FrozenClock", "SlowStore"]


class FrozenClock:
    """A clock that only moves when told to. Always UTC."""

    def __init__(self, start: datetime | None = None) -> None:
        start = start or datetime(2026, 1, 1, tzinfo=UTC)
        if start.tzinfo is None:
            raise ValueError("FrozenClock needs an aware datetime")
        self._now = start.astimezone(UTC)
        self._lock = threading.Lock()

    def now(self) -> datetime:
        with self._lock:
            return self._now

    def advance(self, delta: timedelta) -> datetime:
        """Move the clock forward and return the new time."""
        with self._lock:
            self._now += delta
            return self._now

    def set(self, moment: datetime) -> None:
        """Jump to ``moment`` (aware)."""
        with self._lock:
            self._now = moment.astimezone(UTC)


class FailingStore:
    """A LangGraph-store stand-in whose every call raises (or only reads / only writes).

    Wraps a real store when ``inner`` is given so that ``fail_reads``/``fail_writes`` can be
    switched at run time.
    """

    supports_ttl = False

    def __init__(
        self,
        inner: Any = None,
        *,
        fail_reads: bool = True,
        fail_writes: bool = True,
        error: type[Exception] = ConnectionError,
    ) -> None:
        self.inner = inner
        self.fail_reads = fail_reads
        self.fail_writes = fail_writes
        self.error = error
        self.calls = 0

    def _check(self, ops: list[Any]) -> None:
        self.calls += 1
        writes = any(type(op).__name__ == "PutOp" for op in ops)
        if (writes and self.fail_writes) or (not writes and self.fail_reads):
            raise self.error("store is down (FailingStore)")
        if self.inner is None:
            raise self.error("FailingStore has no inner store to delegate to")

    def batch(self, ops: Iterable[Any]) -> list[Any]:
        ops = list(ops)
        self._check(ops)
        return list(self.inner.batch(ops))

    async def abatch(self, ops: Iterable[Any]) -> list[Any]:
        ops = list(ops)
        self._check(ops)
        return list(await self.inner.abatch(ops))


class SlowStore:
    """Delegates to ``inner`` after sleeping ``delay`` seconds per call (a hanging store)."""

    def __init__(self, inner: Any, delay: float) -> None:
        self.inner = inner
        self.delay = delay
        self.supports_ttl = bool(getattr(inner, "supports_ttl", False))

    def batch(self, ops: Iterable[Any]) -> list[Any]:
        time.sleep(self.delay)
        return list(self.inner.batch(ops))

    async def abatch(self, ops: Iterable[Any]) -> list[Any]:
        await asyncio.sleep(self.delay)
        return list(await self.inner.abatch(ops))
