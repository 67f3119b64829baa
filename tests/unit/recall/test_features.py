"""Write-time features: computed once, a typed value stored as JSON, records parse faithfully."""

import json
from typing import Any

import pytest
from recall_support import NOW_ISO, candidate, fresh_engine, record

from memory_plugins import ConfigurationError, RecallConfig
from memory_plugins.candidate import (
    HistoryEntry,
    Identity,
    MemoryRecord,
    MemoryType,
    Polarity,
    RecordFeatures,
    RecordStatus,
    SourceSignal,
    StoredVector,
)
from memory_plugins.recall import scoring
from memory_plugins.recall.features import FEATURES_VERSION, compute_features, features_of
from memory_plugins.recall.query import analyse_query


def test_features_are_json_and_hold_what_the_scorer_needs() -> None:
    features = compute_features(
        MemoryType.STABLE_USER_CONTEXT,
        "用户是 Python 后端开发，常用 FastAPI。",
        ("Python", "FastAPI", "后端"),
        Identity(subject="后端开发", facet="Python FastAPI"),
    )
    assert RecordFeatures.from_json(json.loads(json.dumps(features.to_json()))) == features
    assert features.version == FEATURES_VERSION == features.to_json()["version"]
    assert features.tags == (" python ", " fastapi ", "后端")
    assert features.strong == ("fastapi", "python")
    assert [p.part for p in features.identity] == ["subject", "facet"]
    assert features.text == " 用户是 python 后端开发 常用 fastapi "


def test_features_are_frozen() -> None:
    features = record("用户喜欢吃桃子。", ("桃子", "水果")).features
    assert features is not None
    with pytest.raises(AttributeError):
        features.text = "changed"  # type: ignore[misc]
    with pytest.raises(AttributeError):
        features.extra = 1  # type: ignore[attr-defined]


def test_the_engine_stores_features_with_the_record() -> None:
    engine, _ = fresh_engine()
    engine.remember(
        "alice", [candidate("用户喜欢喝乌龙茶。", ["乌龙茶", "茶"])], source_conversation_id="c-1"
    )
    [stored] = engine.list_records("alice")
    assert stored.features == compute_features(
        stored.type, stored.text, stored.tags, stored.identity
    )


def test_stale_feature_layouts_are_recomputed() -> None:
    rec = record("用户喜欢吃桃子。", ("桃子", "水果"))
    data = rec.to_json()
    data["features"] = {"v": 1, "tags": ["whatever"]}  # a layout before the typed one
    stale = MemoryRecord.from_json(data)
    assert stale.features is None
    assert features_of(stale) == rec.features
    data["features"] = {"version": FEATURES_VERSION + 1, "text": "a layout not known yet"}
    assert features_of(MemoryRecord.from_json(data)) == rec.features


def test_record_json_round_trip_is_faithful() -> None:
    rec = MemoryRecord(
        key="user_preference:avoid-香菜-凉菜",
        type=MemoryType.USER_PREFERENCE,
        text="用户不吃香菜。",
        tags=("香菜", "忌口"),
        confidence=0.8,
        identity=Identity(subject="香菜", facet="凉菜", polarity=Polarity.AVOID),
        status=RecordStatus.SUPPRESSED,
        source_conversation_id="c-1",
        source_signal=SourceSignal.USER_CORRECTION,
        reason="said so",
        created_at="2026-01-01T00:00:00+00:00",
        updated_at="2026-01-02T00:00:00+00:00",
        suppressed_at="2026-01-03T00:00:00+00:00",
        suppressed_by="c-9",
        expires_at="2027-01-01T00:00:00+00:00",
        history=(
            HistoryEntry(
                "2026-01-02T00:00:00+00:00",
                "updated",
                "c-2",
                "old",
                ("a", "b"),
                0.9,
                RecordStatus.ACTIVE,
            ),
        ),
        features=compute_features(
            MemoryType.USER_PREFERENCE, "用户不吃香菜。", ("香菜", "忌口"), Identity(subject="香菜")
        ),
        vector=StoredVector("hashing-256", "AACAPwAAAAA="),
    )
    again = MemoryRecord.from_json(json.loads(json.dumps(rec.to_json())))
    assert again == rec and again.features == rec.features and again.vector == rec.vector
    assert again.identity.polarity is Polarity.AVOID


def test_the_query_is_analysed_once_per_recall(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[str] = []
    original = analyse_query

    def counting(query: str, config: RecallConfig) -> Any:
        calls.append(query)
        return original(query, config)

    monkeypatch.setattr(scoring, "analyse_query", counting)
    records = [
        record(f"The user likes tea number {i}.", ("tea", f"t{i}"), key=f"k{i}") for i in range(50)
    ]
    scoring.rank(records, "tea", RecallConfig(), NOW_ISO)
    scoring.select(records, "tea", RecallConfig(), NOW_ISO)
    assert calls == ["tea", "tea"]


def test_unknown_memory_types_in_config_are_a_usage_error() -> None:
    with pytest.raises(ConfigurationError, match="controlled_types"):
        RecallConfig(controlled_types=frozenset({"project"}))
