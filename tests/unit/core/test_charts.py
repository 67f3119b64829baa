"""The pictures of explain, gate decisions and a record's timeline draw what happened, and
their labels never quote a memory's text."""

import doctest
import io
from datetime import timedelta
from typing import Any

from langgraph.store.memory import InMemoryStore

from memory_plugins import MemoryConfig, MemoryEngine, charts
from memory_plugins.testing import FrozenClock, candidate

SECRET_TEXT = "The user likes oolong tea."


def texts(figure: Any) -> str:
    axes = figure.axes[0]
    found = [axes.get_title(), *(t.get_text() for t in axes.get_yticklabels())]
    found += [t.get_text() for t in axes.texts]
    legend = axes.get_legend()
    if legend is not None:
        found += [t.get_text() for t in legend.get_texts()]
    return " | ".join(found)


def png(figure: Any) -> bytes:
    buffer = io.BytesIO()
    figure.savefig(buffer, format="png")
    return buffer.getvalue()


def engine_with_history(clock: FrozenClock) -> tuple[MemoryEngine, list[Any]]:
    engine = MemoryEngine(
        InMemoryStore(), MemoryConfig(principal_secret="charts-0123456789"), clock=clock
    )
    turns = [engine.remember("alice", [candidate()], source_conversation_id="c-1")]
    clock.advance(timedelta(hours=1))
    turns.append(
        engine.remember(
            "alice",
            [
                candidate(text="The user likes oolong tea, hot."),
                candidate(text="Card 4111 1111 1111 1111."),
            ],
            source_conversation_id="c-2",
        )
    )
    clock.advance(timedelta(hours=1))
    engine.suppress("alice", "user_preference:prefer-oolong-tea")
    clock.advance(timedelta(hours=1))
    engine.restore("alice", "user_preference:prefer-oolong-tea")
    return engine, turns


def test_explain_chart_shows_verdicts_and_the_minimum_score() -> None:
    engine, _ = engine_with_history(FrozenClock())
    with engine:
        figure = charts.explain_chart(engine.explain("alice", "which oolong tea?"), 1.5)
    said = texts(figure)
    assert "1. user_preference - SELECTED" in said and "minimum score" in said and "tags" in said
    assert [line.get_xdata()[0] for line in figure.axes[0].lines] == [1.5]
    assert "oolong" not in said and png(figure).startswith(b"\x89PNG")


def test_decisions_chart_counts_outcomes_and_reason_codes_per_turn() -> None:
    engine, turns = engine_with_history(FrozenClock())
    engine.close()
    figure = charts.decisions_chart(turns)
    said = texts(figure)
    assert "1 of 3 candidates refused" in said and "rejected: sensitive" in said
    bars = {
        (p.get_x(), p.get_y(), p.get_height()) for p in figure.axes[0].patches if p.get_height()
    }
    # Turn 1: one added; turn 2: one updated with one sensitive refusal stacked on it.
    assert sorted((round(x + 0.35), y, h) for x, y, h in bars) == [(1, 0, 1), (2, 0, 1), (2, 1, 1)]
    assert "4111" not in said and png(figure).startswith(b"\x89PNG")


def test_timeline_chart_marks_every_event_of_the_record() -> None:
    engine, _ = engine_with_history(FrozenClock())
    with engine:
        [record] = engine.list_records("alice")
    figure = charts.timeline_chart(record)
    events = [t.get_text().split("\n")[0] for t in figure.axes[0].texts]
    assert events == ["added", "updated", "suppressed", "restored"]
    assert "-> suppressed" in texts(figure) and SECRET_TEXT not in texts(figure)


def test_the_module_example_runs() -> None:
    result = doctest.testmod(charts)
    assert result.failed == 0 and result.attempted > 0
