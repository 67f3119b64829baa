"""The background queue: a turn never waits for, nor breaks on, the extraction model."""

import dataclasses
import threading
import time
from collections.abc import Iterator
from typing import Any

import pytest
from langgraph.store.memory import InMemoryStore

from memory_plugins import MemoryConfig, MemoryEngine
from memory_plugins.extraction import ExtractionQueue, MemoryExtractor, TurnInput
from memory_plugins.testing import ScriptedChatModel

SECRET = "extraction-tests-secret-0123456789"
PEACH = (
    '{"candidates": [{"type": "user_preference", "text": "用户喜欢吃桃子。", "tags": ["桃子", "水果"],'
    ' "confidence": 0.9, "stability": "stable", "identity": {"subject": "桃子", "polarity":'
    ' "prefer"}, "action": "add", "source_signal": "explicit_memory_intent", "reason": "要求记住",'
    ' "conflict_signal": false}]}'
)


@pytest.fixture
def engine() -> MemoryEngine:
    return MemoryEngine(InMemoryStore(), MemoryConfig(principal_secret=SECRET))


@pytest.fixture
def release() -> Iterator[threading.Event]:
    """Set at teardown so a scripted 'hanging' model call always ends."""
    event = threading.Event()
    yield event
    event.set()


def turn(n: int = 0, **changes: Any) -> TurnInput:
    fields: dict[str, Any] = {
        "principal": "alice",
        "conversation_id": f"c-{n}",
        "user_text": f"message {n}",
        "assistant_text": "ok",
    }
    fields.update(changes)
    return TurnInput(**fields)


def hanging(release: threading.Event, started: threading.Event | None = None) -> Any:
    def call(messages: list[Any]) -> str:
        if started is not None:
            started.set()
        release.wait(10)
        return '{"candidates": []}'

    return call


def timed_submit(queue: ExtractionQueue, item: TurnInput) -> tuple[bool, float]:
    start = time.perf_counter()
    accepted = queue.submit(item)
    return accepted, time.perf_counter() - start


def test_turn_completes_while_the_model_hangs(
    engine: MemoryEngine, release: threading.Event
) -> None:
    model = ScriptedChatModel(responses=[hanging(release)])
    queue = ExtractionQueue(engine, MemoryExtractor(model), job_timeout=0.2)
    answer = ScriptedChatModel(responses=["Here is your answer."])

    start = time.perf_counter()
    reply = answer.invoke("question")  # the turn: answer first, then queue extraction
    accepted = queue.submit(turn(1, pinned_decisions=["Use pnpm, never npm"]))
    elapsed = time.perf_counter() - start

    assert reply.content == "Here is your answer."
    assert accepted is True
    assert elapsed < 0.15  # a blocked submit would take the whole 0.2 s job timeout
    assert queue.flush(2.0)
    assert queue.stats.get("timeouts") == 1
    # Pinned promotion does not depend on the model and still happens.
    [(_, outcomes)] = queue.results
    assert [str(o) for o in outcomes] == ["added"]
    queue.close(0.5)


def test_model_error_is_counted_not_raised(
    engine: MemoryEngine, caplog: pytest.LogCaptureFixture
) -> None:
    model = ScriptedChatModel(responses=[ConnectionError("provider down")])
    queue = ExtractionQueue(engine, MemoryExtractor(model))

    assert queue.submit(turn(1)) is True
    assert queue.flush(2.0)
    assert queue.stats.get("model_errors") == 1
    assert queue.stats.get("processed") == 1
    assert "provider down" in caplog.text
    queue.close()


@pytest.mark.parametrize(
    "garbage",
    ["<html>502 Bad Gateway</html>", "", '{"candidates": "none"}', '{"memories": []}', "42"],
)
def test_garbage_output_is_counted_as_malformed(engine: MemoryEngine, garbage: str) -> None:
    queue = ExtractionQueue(engine, MemoryExtractor(ScriptedChatModel(responses=[garbage])))

    assert queue.submit(turn(1)) is True
    assert queue.flush(2.0)
    assert queue.stats.get("malformed") == 1
    assert queue.results[0][1] == []
    queue.close()


def test_non_object_items_are_skipped_and_the_rest_still_gated(engine: MemoryEngine) -> None:
    reply = PEACH.replace('{"candidates": [', '{"candidates": [1, "x", ')
    queue = ExtractionQueue(engine, MemoryExtractor(ScriptedChatModel(responses=[reply])))

    queue.submit(turn(1))
    assert queue.flush(2.0)
    assert queue.stats.get("malformed_items") == 2
    assert [str(o) for o in queue.results[0][1]] == ["added"]
    queue.close()


def test_full_queue_drops_the_oldest_and_never_grows(
    engine: MemoryEngine, release: threading.Event
) -> None:
    started = threading.Event()
    model = ScriptedChatModel(responses=[hanging(release, started)], cycle=True)
    queue = ExtractionQueue(engine, MemoryExtractor(model), maxsize=3, job_timeout=5.0)

    queue.submit(turn(0))
    assert started.wait(2.0)  # the worker is now busy with turn 0
    timings = []
    for n in range(1, 11):
        accepted, elapsed = timed_submit(queue, turn(n))
        assert accepted is True
        timings.append(elapsed)
        assert queue.pending <= queue.maxsize + 1  # waiting jobs + the one in flight

    assert queue.stats.get("queued") == 11
    assert queue.stats.get("dropped_oldest") == 7
    assert max(timings) < 0.1
    release.set()
    assert queue.flush(2.0)
    processed = [t.conversation_id for t, _ in queue.results]
    assert processed == ["c-0", "c-8", "c-9", "c-10"]
    queue.close()


def test_submit_never_raises(engine: MemoryEngine) -> None:
    queue = ExtractionQueue(engine, None)

    assert queue.submit("not a turn") is False  # type: ignore[arg-type]
    assert queue.stats.get("submit_errors") == 1


@pytest.mark.parametrize(
    ("changes", "reason"),
    [
        ({"conversation_id": None}, "no_conversation_id"),
        ({"conversation_id": "draft:42"}, "draft_conversation"),
        ({"turn_kind": "task_execution"}, "not_ordinary_chat"),
        ({"status": "failed"}, "turn_not_completed"),
        ({"status": "cancelled"}, "turn_not_completed"),
        ({"status": "rejected"}, "turn_not_completed"),
    ],
)
def test_ineligible_turns_queue_nothing(
    engine: MemoryEngine, changes: dict[str, Any], reason: str
) -> None:
    model = ScriptedChatModel(responses=[PEACH])
    queue = ExtractionQueue(engine, MemoryExtractor(model))

    assert queue.submit(turn(1, pinned_decisions=["Use pnpm"], **changes)) is False
    assert queue.flush(0.5)
    assert queue.stats.get("ineligible") == 1
    assert queue.stats.get(f"ineligible_{reason}") == 1
    assert model.calls == []
    assert list(queue.results) == []


def test_first_message_is_extracted_only_once_persisted(engine: MemoryEngine) -> None:
    model = ScriptedChatModel(responses=[PEACH])
    queue = ExtractionQueue(engine, MemoryExtractor(model))
    first = turn(1, conversation_id=None, user_text="记住我喜欢吃桃子")

    assert queue.submit(first) is False  # still a draft: nothing, not even a ghost conversation
    assert queue.submit(dataclasses.replace(first, conversation_id="c-1")) is True
    assert queue.flush(2.0)
    [record] = engine.list_records("alice")
    assert record.source_conversation_id == "c-1"
    queue.close()


def test_close_bounds_the_wait_and_refuses_new_turns(
    engine: MemoryEngine, release: threading.Event
) -> None:
    started = threading.Event()
    model = ScriptedChatModel(responses=[hanging(release, started)], cycle=True)
    queue = ExtractionQueue(engine, MemoryExtractor(model), job_timeout=5.0)
    queue.submit(turn(0))
    assert started.wait(2.0)
    queue.submit(turn(1))

    start = time.perf_counter()
    queue.close(0.3)
    assert time.perf_counter() - start < 1.0
    assert queue.stats.get("dropped_on_close") == 1
    assert queue.submit(turn(2)) is False
    assert queue.stats.get("rejected_closed") == 1


def test_timed_out_calls_are_abandoned_within_a_bound(
    engine: MemoryEngine, release: threading.Event
) -> None:
    model = ScriptedChatModel(responses=[hanging(release)], cycle=True)
    queue = ExtractionQueue(engine, MemoryExtractor(model), job_timeout=0.05)
    for n in range(7):
        queue.submit(turn(n))
    assert queue.flush(3.0)

    # At most four hung calls are left running; later jobs skip the model instead.
    assert queue.stats.get("timeouts") == 4
    assert queue.stats.get("model_stalled") == 3
    release.set()
    deadline = time.monotonic() + 2.0
    while queue._stalled_calls and time.monotonic() < deadline:
        time.sleep(0.01)
    assert queue._stalled_calls == 0
    queue.close()


def test_pinned_decisions_diffed_against_the_last_seen_set(engine: MemoryEngine) -> None:
    queue = ExtractionQueue(engine, None)
    queue.submit(turn(1, conversation_id="c-1", pinned_decisions=["Use pnpm, never npm"]))
    queue.submit(
        turn(
            2,
            conversation_id="c-1",
            pinned_decisions=["Use pnpm, never npm", "Deploy with Docker Compose"],
        )
    )
    queue.submit(
        turn(
            3,
            conversation_id="c-1",
            pinned_decisions=["Deploy with Docker Compose"],
            previous_pinned_decisions=[],
        )
    )
    assert queue.flush(2.0)

    assert [[str(o) for o in outcomes] for _, outcomes in queue.results] == [
        ["added"],
        ["added"],  # only the new decision
        ["duplicate"],  # explicit previous set: everything counts as new, the engine dedupes
    ]
    assert queue.stats.get("promoted") == 3
    queue.close()


def test_model_candidate_outranks_a_pinned_decision_on_the_same_key(engine: MemoryEngine) -> None:
    reply = (
        '{"candidates": [{"type": "standing_instruction", "text": "The user uses pnpm for every'
        ' project.", "tags": ["pnpm", "project"], "confidence": 0.9, "stability": "stable",'
        ' "identity": {"subject": "pnpm"}, "action": "add", "source_signal":'
        ' "explicit_memory_intent", "reason": "said so", "conflict_signal": false}]}'
    )
    queue = ExtractionQueue(engine, MemoryExtractor(ScriptedChatModel(responses=[reply])))
    queue.submit(turn(1, user_text="Remember: pnpm everywhere.", pinned_decisions=["Use pnpm"]))
    assert queue.flush(2.0)

    assert [str(o) for o in queue.results[0][1]] == ["added", "updated"]
    [record] = engine.list_records("alice")
    assert record.text == "The user uses pnpm for every project."
    queue.close()


async def test_usable_from_async_code(engine: MemoryEngine) -> None:
    queue = ExtractionQueue(engine, MemoryExtractor(ScriptedChatModel(responses=[PEACH])))

    assert queue.submit(turn(1)) is True  # non-blocking inside the event loop
    assert await queue.aflush(2.0)
    await queue.aclose(1.0)
    assert [str(o) for o in queue.results[0][1]] == ["added"]
    assert await queue.aflush(0.1)  # idempotent after close


def test_model_sees_the_bounded_turn(engine: MemoryEngine) -> None:
    model = ScriptedChatModel(responses=['{"candidates": []}'])
    queue = ExtractionQueue(engine, MemoryExtractor(model))
    queue.submit(turn(1, user_text="u" * 9000, assistant_text="a" * 9000))
    assert queue.flush(2.0)

    [messages] = model.calls
    human = messages[1].content
    assert "u" * 2000 not in human and "u" * 1999 in human
    assert "a" * 2000 not in human
    queue.close()


def test_rejects_bad_settings(engine: MemoryEngine) -> None:
    from memory_plugins import ConfigurationError

    with pytest.raises(ConfigurationError):
        ExtractionQueue(engine, None, maxsize=0)
    with pytest.raises(ConfigurationError):
        ExtractionQueue(engine, None, job_timeout=0)
