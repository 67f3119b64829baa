"""Time, always in UTC, behind a tiny protocol so tests can freeze it."""

import threading
from datetime import UTC, datetime, timedelta
from typing import Protocol

__all__ = ["Clock", "FrozenClock", "SystemClock", "utc_iso"]


class Clock(Protocol):
    """Anything with ``now() -> datetime`` returning an aware UTC datetime."""

    def now(self) -> datetime: ...


class SystemClock:
    """The wall clock, in UTC."""

    def now(self) -> datetime:
        return datetime.now(UTC)


def utc_iso(moment: datetime) -> str:
    """Render an aware datetime as an ISO-8601 UTC string (``...Z`` suffix-free, ``+00:00``)."""
    if moment.tzinfo is None:
        raise ValueError("naive datetime: memory_plugins keeps every timestamp in UTC")
    return moment.astimezone(UTC).isoformat()


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
