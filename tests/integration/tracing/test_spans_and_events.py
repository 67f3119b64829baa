"""OpenTelemetry spans and DEBUG events for recall, writes and extraction, on every store:
names, counts and reason codes, and never a memory's text, a key or a user id."""

import json
import logging
from collections.abc import Iterator
from typing import Any

import pytest
from opentelemetry.sdk.trace import ReadableSpan, TracerProvider
from opentelemetry.sdk.trace.export import SimpleSpanProcessor
from opentelemetry.sdk.trace.export.in_memory_span_exporter import InMemorySpanExporter

from memory_plugins import MemoryEngine, tracing
from memory_plugins.extraction import ExtractionQueue, TurnInput
from memory_plugins.testing import ScriptedChatModel, candidate

CARD = "4111 1111 1111 1111"
USER = "alice-7f3e"


@pytest.fixture
def spans(monkeypatch: pytest.MonkeyPatch) -> Iterator[InMemorySpanExporter]:
    # A provider of this test's own: the process-wide one is the application's to set.
    exporter = InMemorySpanExporter()
    provider = TracerProvider()
    provider.add_span_processor(SimpleSpanProcessor(exporter))
    monkeypatch.setattr(tracing, "_get_tracer", lambda: provider.get_tracer("memory_plugins"))
    yield exporter
    provider.shutdown()


def named(exporter: InMemorySpanExporter, name: str) -> list[ReadableSpan]:
    return [s for s in exporter.get_finished_spans() if s.name == name]


def everything_said(exporter: InMemorySpanExporter) -> str:
    return json.dumps(
        [
            [s.name, dict(s.attributes or {}), s.status.description]
            for s in exporter.get_finished_spans()
        ],
        ensure_ascii=False,
        default=str,
    )


def private_words(engine: MemoryEngine) -> list[str]:
    """What must never be in a span or an event: text, tags, key, the user id and its hash."""
    return ["oolong", "Oolong", "user_preference:", CARD, "4111", USER, engine.namespace(USER)[-1]]


def test_a_write_is_a_span_with_outcomes_and_codes_and_no_text(
    engine: MemoryEngine, spans: InMemorySpanExporter
) -> None:
    engine.remember(
        USER,
        [candidate(), candidate(text=f"The user's card is {CARD}."), candidate()],
        source_conversation_id="c-1",
    )
    [write] = named(spans, "memory.write")
    assert dict(write.attributes or {}) == {
        "memory.candidates": 3,
        "memory.outcome.added": 1,
        "memory.outcome.duplicate": 1,
        "memory.outcome.rejected": 1,
        "memory.rejected.sensitive": 1,
        "memory.codes": ("sensitive",),
    }
    said = everything_said(spans)
    assert not [word for word in private_words(engine) if word in said]


def test_recall_is_a_span_with_what_it_selected(
    engine: MemoryEngine, spans: InMemorySpanExporter
) -> None:
    engine.remember(USER, [candidate()], source_conversation_id="c-1")
    spans.clear()
    engine.recall(USER, "which oolong tea should I brew?")
    engine.recall(USER, "what is the weather like?")
    first, second = named(spans, "memory.recall")
    assert dict(first.attributes or {}) == {
        "memory.selected": 1,
        "memory.degraded": False,
        "memory.injected": True,
    }
    assert (second.attributes or {})["memory.selected"] == 0
    said = everything_said(spans)
    assert not [word for word in private_words(engine) if word in said]


async def test_async_recall_and_write_are_spans_too(
    engine: MemoryEngine, spans: InMemorySpanExporter
) -> None:
    await engine.aremember(USER, [candidate()], source_conversation_id="c-1")
    await engine.arecall(USER, "which oolong tea?")
    assert [s.name for s in spans.get_finished_spans()] == ["memory.write", "memory.recall"]


def test_an_extraction_job_is_a_span_holding_its_write(
    engine: MemoryEngine, spans: InMemorySpanExporter
) -> None:
    proposed = json.dumps({"candidates": [candidate(), candidate(text=f"Card {CARD} is theirs.")]})
    with ExtractionQueue(engine, ScriptedChatModel([proposed])) as queue:
        queue.submit(TurnInput(USER, "c-9", "Remember: I like oolong tea.", "Noted."))
        assert queue.flush(10)
    [job] = named(spans, "memory.extraction")
    [write] = named(spans, "memory.write")
    assert write.parent is not None and write.parent.span_id == job.context.span_id
    attributes = dict(job.attributes or {})
    assert attributes["memory.candidates"] == 2
    assert attributes["memory.outcome.added"] == 1
    assert attributes["memory.rejected.sensitive"] == 1
    assert attributes["memory.codes"] == ("sensitive",)
    said = everything_said(spans)
    assert not [word for word in private_words(engine) if word in said]


def test_decisions_are_structured_debug_events(
    engine: MemoryEngine, caplog: pytest.LogCaptureFixture
) -> None:
    with caplog.at_level(logging.DEBUG, logger="memory_plugins"):
        engine.remember(
            USER, [candidate(), candidate(text=f"Card {CARD}.")], source_conversation_id="c-1"
        )
        engine.recall(USER, "oolong tea?")
    events: dict[str, Any] = {
        r.event: r.memory for r in caplog.records if getattr(r, "event", None)
    }
    assert events["memory.write"]["outcome.rejected"] == 1
    assert events["memory.write"]["codes"] == ("sensitive",)
    assert events["memory.recall"]["selected"] == 1
    logged = " ".join(r.getMessage() for r in caplog.records if getattr(r, "event", None))
    assert not [word for word in private_words(engine) if word in logged]
