"""Records written by the release before typed features still load, recall identically and
are written back in the current form (``tests/data/records/``)."""

import json
from datetime import datetime
from pathlib import Path
from typing import Any

import pytest
from langgraph.store.memory import InMemoryStore

from memory_plugins import MemoryConfig, MemoryEngine
from memory_plugins.candidate import FEATURES_VERSION, MemoryRecord, StoredVector
from memory_plugins.recall.features import compute_features
from memory_plugins.recall.index import probe_keys
from memory_plugins.testing import FrozenClock, HashingEmbeddings

FIXTURE = Path(__file__).resolve().parents[2] / "data" / "records" / "release-records.json"


@pytest.fixture(scope="module")
def stored() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(FIXTURE.read_text(encoding="utf-8"))
    return data


def _engine(stored: dict[str, Any]) -> MemoryEngine:
    store = InMemoryStore()
    for item in stored["items"]:
        store.put(tuple(item["namespace"]), item["key"], item["value"])
    return MemoryEngine(
        store,
        MemoryConfig(principal_secret=stored["secret"]),
        embeddings=HashingEmbeddings(),
        clock=FrozenClock(datetime.fromisoformat(stored["now"])),
    )


def test_the_fixture_holds_the_earlier_layout(stored: dict[str, Any]) -> None:
    features = [item["value"]["features"] for item in stored["items"]]
    assert len(features) == 9 and all(f["v"] == 2 and "version" not in f for f in features)
    assert all("vector" in f and "vector_model" in f for f in features)


def test_earlier_records_load_with_their_features_and_vectors(stored: dict[str, Any]) -> None:
    by_key = {item["key"]: item["value"] for item in stored["items"]}
    for record in _engine(stored).list_records(stored["principal"]):
        old = by_key[record.key]["features"]
        assert record.vector == StoredVector(old["vector_model"], old["vector"])
        assert record.features == compute_features(
            record.type, record.text, record.tags, record.identity
        )


def test_earlier_records_recall_as_that_release_did(stored: dict[str, Any]) -> None:
    engine = _engine(stored)
    for expected in stored["recall"]:
        ranking = engine.explain(stored["principal"], expected["query"])
        assert [[h.record.key, h.score] for h in ranking.hits] == expected["hits"]
        considered = [
            [c.record.key, c.total, c.reason.value if c.reason else None, c.scores, c.matched]
            for c in ranking.considered
        ]
        assert considered == expected["considered"], expected["query"]
        hits = engine.recall(stored["principal"], expected["query"]).hits
        assert [[h.record.key, h.score] for h in hits] == expected["hits"]


def test_earlier_records_are_written_back_in_the_current_form(stored: dict[str, Any]) -> None:
    for item in stored["items"]:
        old = item["value"]
        record = MemoryRecord.from_json(old)
        new = record.to_json()
        legacy = dict(old["features"])
        vector = {"model": legacy.pop("vector_model"), "data": legacy.pop("vector")}
        assert new["vector"] == vector
        current = {k: v for k, v in legacy.items() if k not in ("v", "tokens")}
        if current["text_needle"] == current["text"]:
            del current["text_needle"]  # written only when it differs
        probes = sorted(probe_keys(current["all"]))  # the index keys, stored since
        assert new["features"] == {**current, "version": 3, "probes": probes}
        assert FEATURES_VERSION == 3
        unchanged = {k: v for k, v in new.items() if k not in ("features", "vector")}
        assert unchanged == {k: v for k, v in old.items() if k != "features"}
        again = MemoryRecord.from_json(json.loads(json.dumps(new)))
        assert again == record
        assert again.features == record.features and again.vector == record.vector


def test_a_write_through_the_engine_stores_the_current_form(stored: dict[str, Any]) -> None:
    engine = _engine(stored)
    principal = stored["principal"]
    key = stored["items"][0]["key"]
    engine.suppress(principal, key, conversation_id="c-3")
    [item] = [i for i in engine.store.search(engine.namespace(principal)) if i.key == key]
    assert item.value["features"]["version"] == FEATURES_VERSION
    assert "vector" not in item.value["features"]
    assert item.value["vector"]["model"] == "hashing-256"
