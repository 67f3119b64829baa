"""Time, always in UTC, behind a tiny protocol so tests can freeze it."""

from datetime import UTC, datetime
from typing import Protocol

__all__ = ["Clock", "SystemClock", "utc_iso"]


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
