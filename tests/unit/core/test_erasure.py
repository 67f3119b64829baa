"""Deleting one memory and erasing a user are two calls; erasing leaves nothing behind."""

import asyncio
import json
import threading

import pytest
from langgraph.store.memory import InMemoryStore

from memory_plugins import MemoryConfig, MemoryEngine
from memory_plugins.errors import WrongTypeError
from memory_plugins.extraction import ExtractionQueue, TurnInput
from memory_plugins.slices import SliceMemory
from memory_plugins.testing import ScriptedChatModel, candidate

CONFIG = MemoryConfig(principal_secret="erasure-secret-0123456")
KEY = "user_preference:prefer-oolong-tea"


def _items(store: InMemoryStore) -> list[tuple[tuple[str, ...], str]]:
    return [
        (ns, item.key) for ns in store.list_namespaces() for item in store.search(ns, limit=1000)
    ]


@pytest.mark.parametrize("key", [None, ""])
def test_forget_without_a_key_erases_nothing_and_names_erase_user(key: str | None) -> None:
    with MemoryEngine(InMemoryStore(), CONFIG) as engine:
        engine.remember("alice", [candidate()], source_conversation_id="c-1")
        with pytest.raises(WrongTypeError, match=r"engine\.erase_user\(user\)"):
            engine.forget("alice", key)  # type: ignore[arg-type]
        with pytest.raises(WrongTypeError, match="erase_user"):
            asyncio.run(engine.aforget("alice", key))  # type: ignore[arg-type]
        assert [r.key for r in engine.list_records("alice")] == [KEY]


def test_erase_user_removes_memories_and_slices_of_that_user_only() -> None:
    store = InMemoryStore()
    slices = SliceMemory(store, CONFIG)
    for user in ("alice", "bob"):
        slices.observe(user, "给我4个口号，每个不超过12个字", conversation_id="c-1")
        slices.observe(user, "帮我优化一下权利要求1", conversation_id="c-2")
    with MemoryEngine(store, CONFIG) as engine:
        for user in ("alice", "bob"):
            engine.remember(user, [candidate()], source_conversation_id="c-1")
        digest = engine.namespace("alice")[3]
        before = [i for i in _items(store) if digest in i[0]]
        assert any("user-slices" in ns for ns, _ in before)  # anchors and snapshots exist
        removed = engine.erase_user("alice")
        left = [i for i in _items(store) if digest in i[0]]
        assert removed == len([i for i in before if "user-memory-state" not in i[0]])
        assert [ns[1] for ns, _ in left] == ["user-memory-state"]  # only the change token
        assert engine.list_records("alice", "all") == []
        assert [r.key for r in engine.list_records("bob")] == [KEY]
        assert asyncio.run(engine.aerase_user("bob")) == removed
    later = slices.observe("alice", "按上次的格式再来4个", conversation_id="c-3")
    assert not later.activations  # nothing left to load "like last time"


def test_a_turn_queued_before_the_erase_is_not_written_back() -> None:
    started, release = threading.Event(), threading.Event()
    reply = json.dumps({"candidates": [candidate()]})

    def slow(messages: object) -> str:
        started.set()
        release.wait(10)
        return reply

    with (
        MemoryEngine(InMemoryStore(), CONFIG) as engine,
        ExtractionQueue(engine, ScriptedChatModel([slow], cycle=True)) as queue,
    ):
        queue.submit(TurnInput("alice", "c-1", "I like oolong tea.", "Noted."))
        queue.submit(TurnInput("alice", "c-2", "I like oolong tea.", "Noted."))
        assert started.wait(10)
        engine.erase_user("alice")
        release.set()
        assert queue.flush(10)
        assert engine.list_records("alice", "all") == []
        assert queue.stats.get("discarded_after_erase") == 2
        queue.submit(TurnInput("alice", "c-3", "I like oolong tea.", "Noted."))  # after
        assert queue.flush(10)
        assert [r.key for r in engine.list_records("alice")] == [KEY]
