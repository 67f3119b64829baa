"""Declared metadata and filters: what a memory may carry beyond S1, and reads narrowed by
type, tags, status, time and metadata, on every backend."""

from dataclasses import replace
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest

from memory_plugins import ConfigurationError, MemoryConfig, MemoryEngine, RecordFilter
from memory_plugins.candidate import example_candidate
from memory_plugins.testing import FrozenClock

SCHEMA = {
    "type": "object",
    "properties": {
        "project": {"type": "string", "enum": ["apollo", "zeus"]},
        "priority": {"type": "integer", "minimum": 1, "maximum": 3},
    },
}
START = datetime(2026, 3, 1, 12, 0, tzinfo=UTC)


def _tea(kind: str, **fields: Any) -> dict[str, Any]:
    return example_candidate(
        text=f"The user likes {kind} tea.",
        tags=[kind, "tea"],
        identity={"subject": f"{kind} tea", "polarity": "prefer"},
        **fields,
    )


@pytest.fixture
def filtered(any_store: Any, config: MemoryConfig) -> Any:
    clock = FrozenClock(START)
    cfg = replace(config, metadata_schema=SCHEMA)
    with MemoryEngine(any_store, cfg, clock=clock) as engine:
        engine.remember(
            "alice", [_tea("oolong", metadata={"project": "apollo"})], source_conversation_id="c1"
        )
        clock.advance(timedelta(days=2))
        engine.remember(
            "alice",
            [_tea("green", metadata={"project": "zeus", "priority": 2})],
            source_conversation_id="c2",
        )
        work = example_candidate(
            type="project_context",
            text="The user's team ships tea blends on Fridays.",
            tags=["tea", "work"],
            identity={"subject": "tea blends"},
            metadata={"project": "apollo"},
        )
        engine.remember("alice", [work], source_conversation_id="c3")
        yield engine, clock


def _keys(records: Any) -> list[str]:
    return sorted(r.key for r in records)


def test_undeclared_metadata_is_refused_and_declared_metadata_is_gated(
    filtered: Any,
) -> None:
    engine, _ = filtered
    outcomes = engine.remember(
        "alice",
        [
            _tea("black", metadata={"team": "x"}),  # not declared
            _tea("black", metadata={"project": "hermes"}),  # not an allowed value
            _tea("black", metadata={"project": "apollo", "priority": "high"}),
            _tea("white", metadata={"priority": 1, "project": "zeus"}),
        ],
        source_conversation_id="c4",
    )
    assert [str(o) for o in outcomes] == ["rejected(schema)"] * 3 + ["added"]
    assert "'team' was unexpected" in outcomes[0].detail
    schema = replace(
        engine.config,
        metadata_schema={
            "type": "object",
            "properties": {"note": {"type": "string"}},
        },
    )
    with MemoryEngine(engine.store, schema) as gated:
        [secret] = gated.remember(
            "alice",
            [_tea("puer", metadata={"note": "token ghp_" + "a1B2" * 9})],
            source_conversation_id="c5",
        )
        assert secret.code is not None and secret.code.value == "runtime_data"
        plain = replace(engine.config, metadata_schema=None)
    with MemoryEngine(engine.store, plain) as strict:
        [refused] = strict.remember(
            "alice", [_tea("puer", metadata={"note": "x"})], source_conversation_id="c6"
        )
        assert refused.code is not None and "metadata_schema" in refused.detail


def test_list_records_filters_by_type_tags_time_status_and_metadata(filtered: Any) -> None:
    engine, _ = filtered
    every = _keys(engine.list_records("alice"))
    assert len(every) == 3
    assert _keys(engine.list_records("alice", filters={"type": "project_context"})) == [
        "project_context:tea-blends"
    ]
    assert _keys(engine.list_records("alice", filters={"tags": ["tea", "work"]})) == [
        "project_context:tea-blends"
    ]
    apollo = engine.list_records("alice", filters={"metadata": {"project": "apollo"}})
    assert _keys(apollo) == ["project_context:tea-blends", "user_preference:prefer-oolong-tea"]
    either = RecordFilter(metadata={"project": ["apollo", "zeus"], "priority": 2})
    assert _keys(engine.list_records("alice", filters=either)) == [
        "user_preference:prefer-green-tea"
    ]
    later = engine.list_records("alice", filters={"created_after": START + timedelta(days=1)})
    assert len(later) == 2
    early = engine.list_records("alice", filters={"created_before": START + timedelta(days=1)})
    assert _keys(early) == ["user_preference:prefer-oolong-tea"]
    engine.suppress("alice", "user_preference:prefer-oolong-tea")
    changed = RecordFilter(status="suppressed", updated_after=START + timedelta(days=1))
    assert _keys(engine.list_records("alice", "all", filters=changed)) == [
        "user_preference:prefer-oolong-tea"
    ]
    with pytest.raises(ConfigurationError, match="unknown memory types"):
        engine.list_records("alice", filters={"type": "preference"})
    with pytest.raises(ConfigurationError, match="naive datetime"):
        engine.list_records("alice", filters={"created_after": datetime(2026, 1, 1)})


def test_recall_and_explain_consider_only_what_the_filter_keeps(filtered: Any) -> None:
    engine, _ = filtered
    assert len(engine.recall("alice", "which tea?").hits) == 3
    hits = engine.recall("alice", "which tea?", filters={"metadata": {"project": "zeus"}}).hits
    assert [h.record.key for h in hits] == ["user_preference:prefer-green-tea"]
    assert hits[0].record.metadata == {"project": "zeus", "priority": 2}
    ranking = engine.explain("alice", "which tea?", filters={"type": ["user_preference"]})
    assert {c.record.type.value for c in ranking.considered} == {"user_preference"}
    assert len(ranking.hits) == 2


def test_metadata_moves_with_an_export_and_is_judged_again_on_import(
    filtered: Any, config: MemoryConfig
) -> None:
    engine, _ = filtered
    lines = engine.export_records("alice")
    assert {line["key"]: line.get("metadata") for line in lines}[
        "user_preference:prefer-green-tea"
    ] == {"project": "zeus", "priority": 2}
    with MemoryEngine(engine.store, replace(config, app=config.app + "b")) as strict:
        report = strict.import_records("bob", lines)  # this deployment declares no metadata
        assert {o.code.value for o in report.rejected if o.code} == {"schema"}
        assert len(report.rejected) == 3
    with MemoryEngine(engine.store, replace(engine.config, app=config.app + "c")) as same:
        assert same.import_records("bob", lines).counts() == {"added": 3}
        kept = same.list_records("bob", filters={"metadata": {"project": "zeus"}})
        assert [r.metadata for r in kept] == [{"project": "zeus", "priority": 2}]
