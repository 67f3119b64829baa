"""The extraction queue is bounded by size, not only count, and a turn writes a bounded batch."""

import json
import threading
import tracemalloc
from collections.abc import Iterator
from typing import Any

import pytest
from langgraph.store.memory import InMemoryStore

from memory_plugins import MemoryConfig, MemoryEngine
from memory_plugins.errors import ConfigurationError
from memory_plugins.extraction import ExtractionQueue, MemoryExtractor, TurnInput
from memory_plugins.testing import ScriptedChatModel, candidate

MB = 1_000_000


@pytest.fixture
def engine() -> MemoryEngine:
    return MemoryEngine(InMemoryStore(), MemoryConfig(principal_secret="queue-bounds-0123456789"))


@pytest.fixture
def release() -> Iterator[threading.Event]:
    event = threading.Event()
    yield event
    event.set()


def test_two_hundred_huge_turns_retain_a_bounded_amount_of_memory(
    engine: MemoryEngine, release: threading.Event
) -> None:
    started = threading.Event()

    def hang(messages: list[Any]) -> str:
        started.set()
        release.wait(10)
        return '{"candidates": []}'

    model = ScriptedChatModel(responses=[hang], cycle=True)
    queue = ExtractionQueue(engine, MemoryExtractor(model), maxsize=128, job_timeout=5.0)
    tracemalloc.start()
    try:
        base, _ = tracemalloc.get_traced_memory()
        for n in range(200):
            big = f"{n} " + "x" * (2 * MB)
            summary = "A short sentence. " * 200_000
            pinned = [f"decision {n}-{k} " + "y" * MB for k in range(3)]
            assert queue.submit(
                TurnInput("alice", f"c-{n}", big, big, summary=summary, pinned_decisions=pinned)
            )
            del big, summary, pinned
            if n == 0:
                assert started.wait(2.0)
        retained, _ = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert retained - base < 8 * MB, f"{(retained - base) / MB:.0f} MB kept for 200 turns"
    assert queue.pending == 129  # nothing dropped for size: clipped turns are small
    release.set()
    assert queue.flush(10.0)
    queue.close()


def test_the_model_still_sees_each_part_up_to_its_budget(engine: MemoryEngine) -> None:
    model = ScriptedChatModel(responses=['{"candidates": []}'])
    queue = ExtractionQueue(engine, MemoryExtractor(model))
    summary = "The project uses pnpm. " * 200
    queue.submit(TurnInput("alice", "c-1", "u" * 9000, "a" * 9000, summary=summary))
    assert queue.flush(2.0)
    human = model.calls[0][1].content
    assert "u" * 1999 in human and "a" * 1999 in human
    assert "The project uses pnpm. " * 20 in human
    queue.close()


def test_waiting_jobs_are_bounded_in_bytes(engine: MemoryEngine, release: threading.Event) -> None:
    started = threading.Event()

    def hang(messages: list[Any]) -> str:
        started.set()
        release.wait(10)
        return '{"candidates": []}'

    model = ScriptedChatModel(responses=[hang], cycle=True)
    queue = ExtractionQueue(engine, MemoryExtractor(model), max_bytes=40_000, job_timeout=5.0)
    queue.submit(TurnInput("alice", "c-0", "hi", "hello"))
    assert started.wait(2.0)
    for n in range(1, 30):
        assert queue.submit(TurnInput("alice", f"c-{n}", "u" * 5000, "a" * 5000))
    assert queue.retained_bytes <= 40_000
    assert queue.stats.get("dropped_oldest") > 0
    release.set()
    assert queue.flush(5.0)
    assert queue.results[-1][0].conversation_id == "c-29"  # the newest job survived
    queue.close()
    with pytest.raises(ConfigurationError, match="max_bytes"):
        ExtractionQueue(engine, None, max_bytes=0)


def many(count: int) -> str:
    cands = [
        candidate(
            text=f"The user likes tea number {n}.",
            tags=["tea", f"n{n}"],
            identity={"subject": f"tea {n}", "polarity": "prefer"},
        )
        for n in range(count)
    ]
    return json.dumps({"candidates": cands})


def test_candidates_beyond_the_per_turn_cap_are_counted_and_dropped(engine: MemoryEngine) -> None:
    model = ScriptedChatModel(responses=[many(25)])
    with ExtractionQueue(engine, MemoryExtractor(model)) as queue:
        queue.submit(TurnInput("alice", "c-1", "Remember all my teas.", "Noted."))
        assert queue.flush(5.0)
    assert len(queue.results[0][1]) == 20
    assert queue.stats.get("candidates_dropped") == 5
    assert len(engine.list_records("alice")) == 20


def test_the_per_turn_cap_is_configurable(engine: MemoryEngine) -> None:
    model = ScriptedChatModel(responses=[many(6)])
    with ExtractionQueue(engine, MemoryExtractor(model), max_candidates=4) as queue:
        queue.submit(TurnInput("alice", "c-1", "Remember all my teas.", "Noted."))
        assert queue.flush(5.0)
    assert queue.stats.get("candidates_dropped") == 2 and len(queue.results[0][1]) == 4
    with pytest.raises(ConfigurationError, match="max_candidates"):
        ExtractionQueue(engine, None, max_candidates=0)
