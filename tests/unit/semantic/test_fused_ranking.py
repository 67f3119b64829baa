"""Fused ranking: per-model calibration, the other-sense discount, explain's reasons, and
embedders that return the wrong thing."""

import logging

import pytest
from semantic_support import CELLO, SHELLFISH, TRAINS, TableEmbeddings, candidate, engine_with, unit

from memory_plugins import RecallConfig
from memory_plugins.config import DEFAULT_CALIBRATIONS, SemanticCalibration
from memory_plugins.embedders import E5_MODEL_NAME, USE_MODEL_NAME
from memory_plugins.errors import ConfigurationError
from memory_plugins.recall.explain import format_explanation

PIANO = candidate("The user plays the piano every evening.", ["piano", "music"])
LACQUER = "How do I clean the piano lacquer on my new sideboard?"
RECITAL = "Which piano pieces suit a beginner recital?"
TABLE = {
    PIANO["text"]: unit(1, 0, 0),
    SHELLFISH["text"]: unit(0, 1, 0),
    CELLO["text"]: unit(0, 0, 1),
    LACQUER: unit(0.1, 0.7, 0.7),  # shares "piano", means furniture: lift below 0
    RECITAL: unit(1, 0.1, 0.1),
}


def remember(engine, *candidates):  # type: ignore[no-untyped-def]
    return engine.remember("alice", list(candidates), source_conversation_id="c-1")


def test_a_shared_word_in_another_sense_counts_less_when_the_discount_is_set() -> None:
    embeddings = TableEmbeddings(TABLE, unit(0, 0, 1))
    plain, _ = engine_with(embeddings, semantic_calibrations=())
    remember(plain, PIANO, SHELLFISH, CELLO)
    assert [h.record.text for h in plain.recall("alice", LACQUER).hits] == [PIANO["text"]]

    engine, _ = engine_with(
        embeddings,
        semantic_calibrations=(),
        semantic_other_sense_below=0.0,
        semantic_other_sense_factor=0.25,
    )
    remember(engine, PIANO, SHELLFISH, CELLO)
    assert engine.recall("alice", LACQUER).hits == ()
    # The same word meant as the memory means it is still recalled.
    assert [h.record.text for h in engine.recall("alice", RECITAL).hits] == [PIANO["text"]]
    [piano] = [c for c in engine.explain("alice", LACQUER).considered if "piano" in c.record.text]
    assert piano.scores["tags"] == pytest.approx(0.75)  # 3 x 0.25
    assert any("another sense" in note for note in piano.matched["semantic"])
    assert "another sense" in format_explanation(engine.explain("alice", LACQUER))


def test_explain_says_why_meaning_did_or_did_not_select_on_its_own() -> None:
    query = "Which prawn curry should I cook tonight?"
    table = {**TABLE, query: unit(0, 1, 0)}
    engine, _ = engine_with(TableEmbeddings(table, unit(0, 0, 1)), semantic_calibrations=())
    remember(engine, PIANO, SHELLFISH, CELLO)
    by_text = {c.record.text: c for c in engine.explain("alice", query).considered}
    shellfish, cello = by_text[SHELLFISH["text"]], by_text[CELLO["text"]]
    assert shellfish.selected and "selects on meaning alone" in shellfish.matched["semantic"][1]
    assert not cello.selected
    assert "meaning adds nothing" in cello.matched["semantic"][1]


def test_each_shipped_model_has_its_own_fitted_thresholds() -> None:
    config = RecallConfig()
    assert {model for model, _ in DEFAULT_CALIBRATIONS} == {USE_MODEL_NAME, E5_MODEL_NAME}
    for model, fitted in DEFAULT_CALIBRATIONS:
        calibrated = config.for_model(model)
        assert (calibrated.semantic_weight, calibrated.semantic_floor) == (
            fitted.weight,
            fitted.floor,
        )
        assert calibrated.semantic_controlled_floor == fitted.controlled_floor
        assert calibrated.tag_weight == config.tag_weight  # only the semantic settings change
    assert (
        config.for_model(USE_MODEL_NAME).semantic_floor
        != config.for_model(E5_MODEL_NAME).semantic_floor
    )
    model = USE_MODEL_NAME
    assert config.for_model("someone-elses-model") is config
    assert config.for_model(None) is config
    mine = RecallConfig(semantic_calibrations=(("mine", SemanticCalibration(3.0, 0.2, 0.5)),))
    assert mine.for_model("mine").semantic_controlled_floor == 0.5
    assert mine.for_model(model).semantic_floor == RecallConfig().semantic_floor


def test_the_engine_uses_its_models_calibration() -> None:
    embeddings = TableEmbeddings(TABLE, unit(0, 0, 1))
    embeddings.name = "mine"  # type: ignore[misc]
    query = "Which prawn curry should I cook tonight?"
    embeddings.table[query] = unit(0.2, 0.6, 0.2)  # shellfish: similarity 0.9, lift 0.6
    strict, _ = engine_with(embeddings)  # default thresholds: 0.6 alone selects nothing
    remember(strict, PIANO, SHELLFISH, CELLO)
    assert strict.recall("alice", query).hits == ()
    fitted = (("mine", SemanticCalibration(weight=6.0, floor=0.0, controlled_floor=0.5)),)
    loose, _ = engine_with(embeddings, semantic_calibrations=fitted)
    remember(loose, PIANO, SHELLFISH, CELLO)
    assert [h.record.text for h in loose.recall("alice", query).hits] == [SHELLFISH["text"]]


def test_calibration_settings_are_validated() -> None:
    with pytest.raises(ConfigurationError, match="semantic_other_sense_factor"):
        RecallConfig(semantic_other_sense_factor=1.5)
    with pytest.raises(ConfigurationError, match="SemanticCalibration"):
        RecallConfig(semantic_calibrations=(("m", (1.0, 0.1, 0.5)),))  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "answer",
    [[1.0, 0.0], [], [float("nan"), 0.0, 0.0]],
    ids=["wrong size", "empty", "not finite"],
)
def test_a_query_vector_of_the_wrong_shape_is_counted_and_recall_goes_on_with_rules(
    answer: list[float], caplog: pytest.LogCaptureFixture
) -> None:
    embeddings = TableEmbeddings(TABLE, unit(0, 0, 1))
    engine, _ = engine_with(embeddings)
    remember(engine, PIANO, SHELLFISH, TRAINS)
    embeddings.default = answer
    with caplog.at_level(logging.WARNING, logger="memory_plugins"):
        hits = engine.recall("alice", "any shellfish in this paella?").hits
    assert [h.record.text for h in hits] == [SHELLFISH["text"]]  # the rules still work
    assert engine.stats.snapshot()["embedding_failures"] == 1
    assert "embedding failed" in caplog.text


def test_the_case_rule_is_a_setting() -> None:
    dog = candidate("The user has a beagle named Biscuit.", ["beagle", "Biscuit"])
    query = "What's a good biscuit recipe for tea time?"
    cased, _ = engine_with()
    remember(cased, dog)
    assert cased.recall("alice", query).hits == ()
    caseless, _ = engine_with(case_sensitive_names=False)
    remember(caseless, dog)
    assert [h.record.text for h in caseless.recall("alice", query).hits] == [dog["text"]]


def test_a_write_batch_with_vectors_of_different_sizes_is_stored_without_vectors() -> None:
    def ragged(texts: list[str]) -> list[list[float]]:
        return [[1.0, 0.0] if i % 2 else [1.0, 0.0, 0.0] for i, _ in enumerate(texts)]

    engine, _ = engine_with(ragged)
    outcomes = remember(engine, PIANO, SHELLFISH)
    assert [str(o) for o in outcomes] == ["added", "added"]
    assert engine.stats.snapshot()["embedding_failures"] == 1
    assert all(r.vector is None for r in engine.list_records("alice"))
    assert [h.record.text for h in engine.recall("alice", "piano lessons?").hits] == [PIANO["text"]]
