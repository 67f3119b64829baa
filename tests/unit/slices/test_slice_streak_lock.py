"""A conversation's domain streak is a read-modify-write: concurrent turns are all counted."""

import threading
import time
from typing import Any

from langgraph.store.memory import InMemoryStore

from memory_plugins import MemoryConfig
from memory_plugins.slices import SliceMemory
from memory_plugins.slices.records import SliceType

TURNS = 8


def test_concurrent_turns_of_one_conversation_all_reach_the_streak() -> None:
    memory = SliceMemory(InMemoryStore(), MemoryConfig(principal_secret="0123456789abcdef"))
    read = memory.store.get

    def slow_read(*args: Any, **kwargs: Any) -> Any:
        found = read(*args, **kwargs)
        time.sleep(0.02)  # widen the window between reading the streak and writing it back
        return found

    memory.store.get = slow_read  # type: ignore[method-assign]
    start = threading.Barrier(TURNS, timeout=10)

    def turn() -> None:
        start.wait()
        memory.observe("u1", "给登录函数写单元测试", conversation_id="c-1")

    threads = [threading.Thread(target=turn) for _ in range(TURNS)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    streak = read("u1", SliceType.STREAK, "c-1")
    assert streak is not None
    assert len(streak.data["turns"]) == TURNS
