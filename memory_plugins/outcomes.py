"""What each write returns (a rejected memory is data, not an exception), and the counters."""

import html
import threading
from collections import Counter
from dataclasses import dataclass
from enum import StrEnum

from memory_plugins.candidate import MemoryCandidate, MemoryRecord
from memory_plugins.gates.codes import RejectCode

__all__ = ["EngineStats", "OutcomeStatus", "WriteOutcome"]


class OutcomeStatus(StrEnum):
    """The fate of one candidate or one management call."""

    ADDED = "added"
    UPDATED = "updated"
    DUPLICATE = "duplicate"
    SUPPRESSED = "suppressed"
    RESTORED = "restored"
    REJECTED = "rejected"
    NOT_FOUND = "not_found"
    STORE_UNAVAILABLE = "store_unavailable"


@dataclass(frozen=True, slots=True)
class WriteOutcome:
    """The result of one write: status, the key it concerned and, when rejected, the code.

    ``record`` is the record as stored after the write (``None`` when nothing was stored).
    """

    status: OutcomeStatus
    key: str | None = None
    code: RejectCode | None = None
    detail: str = ""
    record: MemoryRecord | None = None
    candidate: MemoryCandidate | None = None

    @property
    def stored(self) -> bool:
        """Whether this write changed what is stored."""
        return self.status in {
            OutcomeStatus.ADDED,
            OutcomeStatus.UPDATED,
            OutcomeStatus.SUPPRESSED,
            OutcomeStatus.RESTORED,
        }

    def __str__(self) -> str:
        if self.status is OutcomeStatus.REJECTED and self.code is not None:
            return f"rejected({self.code.value})"
        return self.status.value


class EngineStats:
    """Thread-safe counters a user can read: store failures, outcomes, timeouts, drops.

    >>> stats = EngineStats()
    >>> stats.incr("store_read_failures")
    >>> stats.snapshot()["store_read_failures"]
    1
    """

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._counts: Counter[str] = Counter()

    def incr(self, name: str, amount: int = 1) -> None:
        with self._lock:
            self._counts[name] += amount

    def get(self, name: str) -> int:
        with self._lock:
            return self._counts[name]

    def snapshot(self) -> dict[str, int]:
        """A copy of every counter."""
        with self._lock:
            return dict(self._counts)

    def __repr__(self) -> str:
        return f"EngineStats({self.snapshot()!r})"

    def __str__(self) -> str:
        """One ``name  count`` line per counter, sorted by name (``print(engine.stats)``).

        >>> stats = EngineStats(); stats.incr("outcome_added", 2); stats.incr("recall_timeouts")
        >>> print(stats)
        outcome_added    2
        recall_timeouts  1
        """
        counts = sorted(self.snapshot().items())
        if not counts:
            return "(no events counted yet)"
        width = max(len(name) for name, _ in counts)
        return "\n".join(f"{name:<{width}}  {count}" for name, count in counts)

    def _repr_html_(self) -> str:
        """The counters as an HTML table, for notebooks."""
        rows = "".join(
            f"<tr><td>{html.escape(name)}</td><td>{count}</td></tr>"
            for name, count in sorted(self.snapshot().items())
        )
        return f"<table><tr><th>counter</th><th>count</th></tr>{rows}</table>"
