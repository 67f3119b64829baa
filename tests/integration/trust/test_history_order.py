"""Under contention every record's history stays in time order, on every backend."""

import threading
import uuid
from datetime import UTC, datetime, timedelta
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from memory_plugins import MemoryConfig, MemoryEngine
from memory_plugins.testing import candidate

KEY = "user_preference:prefer-oolong-tea"
THREADS = 8


class TickingClock:
    """Every reading is one millisecond later than the one before (whichever thread reads)."""

    def __init__(self) -> None:
        self._now = datetime(2026, 3, 1, tzinfo=UTC)
        self._lock = threading.Lock()

    def now(self) -> datetime:
        with self._lock:
            self._now += timedelta(milliseconds=1)
            return self._now


OPS = st.lists(st.sampled_from(["suppress", "restore", "update"]), min_size=4, max_size=10)


@settings(
    max_examples=4, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(plans=st.lists(OPS, min_size=THREADS, max_size=THREADS))
def test_history_is_in_time_order_under_eight_threads(
    shared_store: Any, plans: list[list[str]]
) -> None:
    config = MemoryConfig(principal_secret="history-order-0123456789", cache=None)
    engine = MemoryEngine(shared_store, config, clock=TickingClock())
    user = f"u-{uuid.uuid4().hex[:12]}"
    engine.remember(user, [candidate()], source_conversation_id="c-0")
    start = threading.Barrier(THREADS)
    errors: list[BaseException] = []

    def run(index: int, plan: list[str]) -> None:
        try:
            start.wait()
            for step, op in enumerate(plan):
                conversation = f"c-{index}-{step}"
                if op == "suppress":
                    engine.suppress(user, KEY, conversation_id=conversation)
                elif op == "restore":
                    engine.restore(user, KEY, conversation_id=conversation)
                else:
                    text = f"The user likes oolong tea ({index}-{step})."
                    engine.remember(
                        user, [candidate(text=text)], source_conversation_id=conversation
                    )
        except BaseException as exc:  # reported below
            errors.append(exc)

    threads = [threading.Thread(target=run, args=(i, p)) for i, p in enumerate(plans)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors
    [record] = engine.list_records(user, "all")
    stamps = [h.at for h in record.history]
    assert stamps == sorted(stamps), "history entries out of time order"
    assert len(stamps) == len(set(stamps))
    latest = max(s for s in (record.updated_at, record.suppressed_at, record.created_at) if s)
    assert not stamps or latest >= stamps[-1]
