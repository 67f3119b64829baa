"""LongTermMemory keeps one engine per store it is given, and lets it go with the store."""

import gc

from langgraph.store.memory import InMemoryStore

from memory_plugins import MemoryConfig
from memory_plugins.adapters.langgraph import LongTermMemory
from memory_plugins.testing import ScriptedChatModel

CONFIG = MemoryConfig(principal_secret="0123456789abcdef")


def test_one_engine_per_live_store() -> None:
    memory = LongTermMemory(CONFIG)
    store = InMemoryStore()
    engine = memory.engine_for(store)
    assert memory.engine_for(store) is engine
    assert memory.engine_for(InMemoryStore()) is not engine
    memory.close()


def test_stores_that_are_gone_take_their_engine_and_queue_with_them() -> None:
    memory = LongTermMemory(CONFIG, extractor=ScriptedChatModel(['{"candidates": []}']))
    kept = InMemoryStore()
    kept_engine = memory.engine_for(kept)
    engines, queues = [], []
    for _ in range(50):  # a graph compiled per request, each with its own store
        store = InMemoryStore()
        engines.append(memory.engine_for(store))
        queues.append(memory.queue_for(store))
    del store
    gc.collect()
    assert len(memory._per_store) == 1  # bounded by the stores alive, not by the stores seen
    assert all(engine.closed for engine in engines)
    assert all(queue is not None and queue.closed for queue in queues)
    assert not kept_engine.closed
    del kept
    gc.collect()
    assert len(memory._per_store) == 0 and kept_engine.closed
