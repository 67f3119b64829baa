"""A busy read cache still revalidates: a change made by another process is honoured in time."""

import uuid
from datetime import timedelta
from typing import Any

import pytest

from memory_plugins import CacheConfig, MemoryConfig, MemoryEngine
from memory_plugins.testing import FrozenClock

STEP = timedelta(milliseconds=100)


def config(app: str) -> MemoryConfig:
    return MemoryConfig(principal_secret="revalidate-secret-0123", app=app, cache=CacheConfig())


def recalls_until_gone(engine: MemoryEngine, clock: FrozenClock, limit: timedelta) -> timedelta:
    """Recall every 0.1 s of the frozen clock until the tea memory is gone; how long it took."""
    waited = timedelta(0)
    while engine.recall("alice", "which oolong tea should I brew?").hits:
        clock.advance(STEP)
        waited += STEP
        if waited > limit:
            pytest.fail(f"still recalled {waited.total_seconds():.1f} s after a foreign change")
    return waited


@pytest.mark.parametrize("change", ["suppress", "forget_all"])
def test_a_foreign_change_is_honoured_within_revalidate_after_under_steady_traffic(
    any_store: Any, clock: FrozenClock, make_candidate: Any, change: str
) -> None:
    app = f"rv{uuid.uuid4().hex[:8]}"
    web = MemoryEngine(any_store, config(app), clock=clock)  # a web worker serving recalls
    cli = MemoryEngine(any_store, config(app), clock=clock)  # another process: the CLI
    web.remember("alice", [make_candidate()], source_conversation_id="c-1")
    # Steady traffic: a recall every 0.1 s for longer than the revalidation window.
    for _ in range(25):
        assert web.recall("alice", "which oolong tea should I brew?").hits
        clock.advance(STEP)
    if change == "suppress":
        cli.suppress("alice", "user_preference:prefer-oolong-tea", conversation_id="c-2")
    else:
        cli.erase_user("alice")
    window = web.config.cache.revalidate_after  # type: ignore[union-attr]
    assert recalls_until_gone(web, clock, limit=timedelta(minutes=6)) <= window
