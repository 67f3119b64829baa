"""A record's vector embeds its text with its cues, and such a vector has its own weight."""

import json
from typing import Any

import pytest
from semantic_support import CELLO, SHELLFISH, TableEmbeddings, candidate, engine_with, unit

from memory_plugins import ConfigurationError, MemoryConfig, MemoryEngine, RecallConfig
from memory_plugins.candidate import MemoryRecord, StoredVector
from memory_plugins.extraction import MemoryExtractor
from memory_plugins.recall.types import format_explanation
from memory_plugins.semantic import FunctionEmbeddings, embedded_document, vector_current
from memory_plugins.testing import ScriptedChatModel

CUES = ["seafood restaurant", "paella"]


class Recording(FunctionEmbeddings):
    """Hashing-free embeddings that keep every document text they were given."""

    def __init__(self) -> None:
        self.documents: list[str] = []
        self.down = False
        super().__init__(self._embed, name="recording")

    def _embed(self, texts: list[str]) -> list[list[float]]:
        if self.down:
            raise RuntimeError("embedding service down")
        self.documents.extend(texts)
        return [[1.0, float(len(text) % 7)] for text in texts]


def remember(engine: MemoryEngine, *candidates: dict[str, Any]) -> list[Any]:
    return engine.remember("alice", list(candidates), source_conversation_id="c-1")


def stored(engine: MemoryEngine, text: str) -> MemoryRecord:
    return next(r for r in engine.list_records("alice") if r.text == text)


def test_the_vector_embeds_the_text_with_the_kept_cues_and_follows_them() -> None:
    embeddings = Recording()
    engine, _ = engine_with(embeddings)
    remember(engine, {**SHELLFISH, "cues": CUES}, CELLO)
    record = stored(engine, SHELLFISH["text"])
    assert record.cues == tuple(CUES)
    assert embeddings.documents == [
        f"{SHELLFISH['text']} seafood restaurant paella",
        CELLO["text"],
    ]
    assert record.vector is not None and record.vector.cues == tuple(CUES)
    cello = stored(engine, CELLO["text"]).vector
    assert cello is not None and cello.cues == ()  # no cues: the text alone, as before

    remember(engine, {**SHELLFISH, "cues": CUES})  # a duplicate embeds nothing
    key = record.key
    engine.suppress("alice", key, conversation_id="c-2")
    engine.restore("alice", key)
    assert len(embeddings.documents) == 2

    # The same text with other cues is another document: embedded again, the vector says so.
    remember(engine, {**SHELLFISH, "cues": ["sushi bar"]})
    assert embeddings.documents[2:] == [f"{SHELLFISH['text']} sushi bar"]
    assert stored(engine, SHELLFISH["text"]).vector.cues == ("sushi bar",)  # type: ignore[union-attr]


def test_a_vector_of_the_text_alone_still_counts_and_embed_missing_adds_the_cues() -> None:
    # A store written before cues were embedded holds vectors of the text alone.
    embeddings = Recording()
    engine, _ = engine_with(embeddings)
    [outcome] = remember(engine, {**SHELLFISH, "cues": CUES})
    namespace, item = next(
        (ns, it)
        for ns in engine.store.list_namespaces()
        for it in engine.store.search(ns)
        if it.key == outcome.key
    )
    old = dict(item.value)
    old["vector"] = {k: v for k, v in old["vector"].items() if k != "cues"}
    engine.store.put(namespace, item.key, old)
    fresh = MemoryEngine(engine.store, engine.config, clock=engine.clock, embeddings=embeddings)
    record = stored(fresh, SHELLFISH["text"])
    assert record.vector is not None and record.vector.cues == ()
    assert not vector_current(record.vector, "recording", record.cues)
    text = format_explanation(fresh.explain("alice", "shellfish?"))
    assert "similarity " in text and "(text and cues)" not in text

    assert fresh.embed_missing("alice") == 1
    assert embeddings.documents[-1] == embedded_document(SHELLFISH["text"], CUES)
    assert fresh.embed_missing("alice") == 0
    text = format_explanation(fresh.explain("alice", "shellfish?"))
    assert "similarity (text and cues)" in text


# Six records: the query's similarity is 0.4 to two of them and 0 to the other four, so
# each of the two has a lift of 0.4 - 0.4 / 5 = 0.32: above the 0.31 at which a vector
# with cues selects on meaning alone (weight 8), below the 0.40 of a vector without.
CALIBRATED = {
    "semantic_calibrations": (),
    "semantic_weight": 5.1,
    "semantic_floor": 0.15,
    "semantic_controlled_floor": 0.4,
    "semantic_cued_weight": 8.0,
    "semantic_cued_controlled_floor": 0.25,
}
QUERY = "Where should we eat on Friday?"
WITH_CUES = candidate("The user is vegetarian.", ["vegetarian", "meat"], cues=["dinner plans"])
WITHOUT = candidate("The user avoids spicy food.", ["spicy", "chili"])
OTHERS = [candidate(f"The user collects {t}.", [t, "hobby"]) for t in ("stamps", "coins")]
OTHERS += [candidate(f"The user plays {game}.", [game, "board"]) for game in ("chess", "go")]


def _calibrated_engine() -> MemoryEngine:
    near, far = unit(0.4, 0.9165), unit(0.0, 1.0)
    table = {
        embedded_document(WITH_CUES["text"], ["dinner plans"]): near,
        WITHOUT["text"]: near,
        QUERY: unit(1.0, 0.0),
    }
    engine, _ = engine_with(TableEmbeddings(table, far), **CALIBRATED)
    outcomes = remember(engine, WITH_CUES, WITHOUT, *OTHERS)
    assert [str(o) for o in outcomes] == ["added"] * 6
    assert stored(engine, WITH_CUES["text"]).cues == ("dinner plans",)
    return engine


def test_a_vector_with_cues_selects_on_meaning_at_its_own_lift() -> None:
    engine = _calibrated_engine()
    assert [h.record.text for h in engine.recall("alice", QUERY).hits] == [WITH_CUES["text"]]
    text = format_explanation(engine.explain("alice", QUERY))
    assert "similarity (text and cues) 0.40, lift +0.32" in text
    assert "lift above 0.31 selects on meaning alone" in text
    assert "meaning alone needs a lift of 0.40" in text  # the record without cues


def test_without_cue_values_every_vector_is_weighed_alike() -> None:
    engine = _calibrated_engine()
    plain = {**CALIBRATED, "semantic_cued_weight": None, "semantic_cued_controlled_floor": None}
    config = MemoryConfig(
        principal_secret=engine.config.principal_secret, recall=RecallConfig(**plain)
    )
    same = MemoryEngine(engine.store, config, clock=engine.clock, embeddings=engine.embeddings)
    assert same.recall("alice", QUERY).hits == ()


@pytest.mark.parametrize(
    ("field", "value"),
    [("semantic_cued_weight", -1.0), ("semantic_cued_controlled_floor", 0.05)],
)
def test_cue_vector_settings_out_of_range_fail_at_once(field: str, value: float) -> None:
    with pytest.raises(ConfigurationError, match=field):
        RecallConfig(**{field: value})


def test_stored_vectors_keep_their_cues_through_json() -> None:
    with_cues = StoredVector("m", "AAAA", ("paella",))
    assert with_cues.to_json() == {"model": "m", "data": "AAAA", "cues": ["paella"]}
    assert StoredVector.of_record({"vector": with_cues.to_json()}) == with_cues
    plain = StoredVector("m", "AAAA")
    assert plain.to_json() == {"model": "m", "data": "AAAA"}  # as stored before cues
    assert StoredVector.of_record({"vector": plain.to_json()}) == plain


def test_cues_proposed_for_an_old_record_are_embedded_with_its_text() -> None:
    embeddings = Recording()
    engine, _ = engine_with(embeddings)
    remember(engine, CELLO)
    answer = json.dumps({"cues": [{"id": "m1", "cues": ["string quartet", "大提琴"]}]})
    result = engine.propose_cues("alice", MemoryExtractor(ScriptedChatModel([answer])))
    assert result.updated == 1
    record = stored(engine, CELLO["text"])
    assert embeddings.documents == [CELLO["text"], f"{CELLO['text']} string quartet 大提琴"]
    assert record.vector is not None and record.vector.cues == ("string quartet", "大提琴")


def test_new_cues_while_the_model_fails_keep_the_old_vector_until_embed_missing() -> None:
    embeddings = Recording()
    engine, _ = engine_with(embeddings)
    remember(engine, {**SHELLFISH, "cues": CUES})
    before = stored(engine, SHELLFISH["text"]).vector
    embeddings.down = True
    [outcome] = remember(engine, {**SHELLFISH, "cues": ["sushi bar"]})
    assert str(outcome) == "updated" and engine.stats.get("embedding_failures") == 1
    record = stored(engine, SHELLFISH["text"])
    assert record.cues == ("sushi bar",) and record.vector == before  # still read by recall
    assert [h.record.key for h in engine.recall("alice", "shellfish?").hits] == [record.key]

    embeddings.down = False
    assert engine.embed_missing("alice") == 1
    assert stored(engine, SHELLFISH["text"]).vector.cues == ("sushi bar",)  # type: ignore[union-attr]
