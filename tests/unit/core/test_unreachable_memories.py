"""Memories written under another secret or app are not silently unreachable."""

import logging
import time

import pytest
from langgraph.store.memory import InMemoryStore

from memory_plugins import MemoryConfig, MemoryEngine
from memory_plugins.testing import candidate


def _warnings(caplog: pytest.LogCaptureFixture) -> list[str]:
    return [
        r.getMessage()
        for r in caplog.records
        if r.levelno == logging.WARNING and "no memories for a user" in r.getMessage()
    ]


def _eventually(caplog: pytest.LogCaptureFixture, count: int) -> list[str]:
    deadline = time.monotonic() + 5
    while len(_warnings(caplog)) < count and time.monotonic() < deadline:
        time.sleep(0.01)  # the store is listed on a worker, off the recall's path
    time.sleep(0.05)
    return _warnings(caplog)


@pytest.mark.parametrize(
    ("written", "read", "expected"),
    [
        (
            {"principal_secret": "the-first-secret-0123"},
            {"principal_secret": "the-other-secret-0123"},
            "records of 1 other user(s) under app 'memory-plugins'",
        ),
        (
            {"principal_secret": "the-first-secret-0123", "app": "shop"},
            {"principal_secret": "the-first-secret-0123"},
            "records under other apps: shop",
        ),
    ],
)
def test_an_empty_user_beside_other_namespaces_is_warned_once(
    written: dict[str, str],
    read: dict[str, str],
    expected: str,
    caplog: pytest.LogCaptureFixture,
) -> None:
    store = InMemoryStore()
    with MemoryEngine(store, MemoryConfig(**written)) as before:  # type: ignore[arg-type]
        before.remember("alice", [candidate()], source_conversation_id="c-1")
    caplog.set_level(logging.WARNING, "memory_plugins")
    with MemoryEngine(store, MemoryConfig(**read)) as after:  # type: ignore[arg-type]
        for _ in range(3):
            assert after.recall("alice", "which oolong tea?").message is None
        shown = _eventually(caplog, 1)
    assert len(shown) == 1, shown
    assert expected in shown[0]
    assert "principal_secret" in shown[0] or "MemoryConfig.app" in shown[0]


def test_nothing_is_said_for_a_new_store_or_a_user_with_memories(
    caplog: pytest.LogCaptureFixture,
) -> None:
    caplog.set_level(logging.WARNING, "memory_plugins")
    with MemoryEngine(InMemoryStore(), MemoryConfig(principal_secret="a-long-random-secret")) as e:
        assert e.recall("alice", "tea?").message is None  # nothing anywhere: a new app
        e.remember("alice", [candidate()], source_conversation_id="c-1")
        assert e.recall("alice", "which oolong tea?").message is not None
        assert _eventually(caplog, 1) == []
