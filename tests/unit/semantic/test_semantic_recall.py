"""The semantic channel through the engine: explain, paraphrases, floors, degradation."""

import pytest
from semantic_support import (
    CELLO,
    SHELLFISH,
    TRAINS,
    TableEmbeddings,
    candidate,
    concept_embed,
    engine_with,
    unit,
)

from memory_plugins.recall.explain import consideration_json, format_explanation
from memory_plugins.recall.scoring import DIMENSIONS
from memory_plugins.recall.types import SkipReason
from memory_plugins.testing import HashingEmbeddings

PRAWNS = "Which prawn curry should I cook tonight?"


def remember(engine, *candidates):  # type: ignore[no-untyped-def]
    return engine.remember("alice", list(candidates), source_conversation_id="c-1")


def test_semantic_channel_recalls_a_paraphrase_the_rules_miss() -> None:
    rules, _ = engine_with()
    remember(rules, SHELLFISH, CELLO, TRAINS)
    assert rules.recall("alice", PRAWNS).hits == ()

    semantic, _ = engine_with(concept_embed)
    remember(semantic, SHELLFISH, CELLO, TRAINS)
    hits = semantic.recall("alice", PRAWNS).hits
    assert [h.record.text for h in hits] == [SHELLFISH["text"]]


def test_semantic_dimension_appears_in_explain() -> None:
    engine, _ = engine_with(concept_embed)
    remember(engine, SHELLFISH, CELLO, TRAINS)
    ranking = engine.explain("alice", PRAWNS)
    first = ranking.considered[0]
    assert first.selected and first.scores["semantic"] > 1.5
    assert first.scores["tags"] == 0 and first.matched["semantic"][0].startswith("similarity 1.00")
    assert all("semantic" in c.scores for c in ranking.considered)
    table = format_explanation(ranking)
    assert "  sem  total" in table and "lift +" in table
    assert consideration_json(first)["scores"]["semantic"] == first.scores["semantic"]


def test_without_embeddings_explain_is_the_rule_scorer_exactly() -> None:
    engine, _ = engine_with()
    remember(engine, SHELLFISH, CELLO)
    ranking = engine.explain("alice", "any shellfish in this paella?")
    assert all(set(c.scores) == set(DIMENSIONS) for c in ranking.considered)
    assert " sem " not in format_explanation(ranking)


def test_similarity_corroborates_a_weak_lexical_match() -> None:
    # "knee" alone is one plain word (0.75): below the minimum score without meaning. (Not
    # "my knee": a word the user calls theirs weighs as a term, RecallConfig.owner_words.)
    knee = candidate(
        "The user has a knee injury; avoid running and jumping.",
        ["knee injury", "running"],
        kind="recurring_constraint",
    )
    query = "A knee hurts after climbing stairs"
    wordless = "Climbing stairs hurts lately"
    table = {
        knee["text"]: unit(1, 0, 0),
        CELLO["text"]: unit(0, 1, 0),
        query: unit(0.5, 0, 0.87),
        wordless: unit(0.5, 0, 0.87),
    }
    rules, _ = engine_with()
    remember(rules, knee, CELLO)
    assert rules.recall("alice", query).hits == ()
    engine, _ = engine_with(TableEmbeddings(table, unit(0, 0, 1)))
    remember(engine, knee, CELLO)
    [hit] = engine.recall("alice", query).hits
    assert hit.record.text == knee["text"]
    # The same similarity without the shared word is not enough on its own.
    assert engine.recall("alice", wordless).hits == ()


def test_a_lift_below_the_floor_scores_nothing() -> None:
    query = "Tell me something nice"
    table = {
        SHELLFISH["text"]: unit(1, 0, 0),
        CELLO["text"]: unit(0, 1, 0),
        TRAINS["text"]: unit(0, 0, 1),
        query: unit(1, 1, 1),  # equally close to everything: a lift of 0
    }
    engine, _ = engine_with(TableEmbeddings(table, unit(1, 1, 1)))
    remember(engine, SHELLFISH, CELLO, TRAINS)
    ranking = engine.explain("alice", query)
    assert ranking.hits == ()
    assert all(c.scores["semantic"] == 0 for c in ranking.considered)


def test_meaning_alone_selects_a_controlled_type_only_when_it_stands_far_out() -> None:
    project = candidate(
        "The user is building a sourdough starter tracker app.",
        ["sourdough", "tracker"],
        kind="project_context",
    )
    related = "Any ideas for a baking side project?"
    exact = "How is my fermentation logger coming along?"
    table = {
        project["text"]: unit(1, 0, 0),
        CELLO["text"]: unit(0, 1, 0),
        TRAINS["text"]: unit(0, 0, 1),
        related: unit(0.8, 0.6, 0),  # lift 0.5: a related topic
        exact: unit(1, 0, 0),  # lift 1: the same thing in other words
    }
    engine, _ = engine_with(TableEmbeddings(table, unit(0, 0, 1)))
    remember(engine, project, CELLO, TRAINS)
    blocked = engine.explain("alice", related).considered
    by_text = {c.record.text: c for c in blocked}
    assert by_text[project["text"]].reason is SkipReason.CONTROLLED_TYPE_NO_OVERLAP
    assert not any(c.selected for c in blocked)
    [hit] = engine.recall("alice", exact).hits
    assert hit.record.text == project["text"]


def test_rules_and_meaning_add_up_and_keep_the_rule_order_of_ties() -> None:
    engine, _ = engine_with(HashingEmbeddings())
    remember(engine, SHELLFISH, CELLO, TRAINS)
    result = engine.recall("alice", "shellfish allergy: what can I eat?")
    assert [h.record.text for h in result.hits] == [SHELLFISH["text"]]
    [first, *_] = engine.explain("alice", "shellfish allergy: what can I eat?").considered
    rules = sum(first.scores[d] for d in DIMENSIONS)
    assert first.total == pytest.approx(rules + first.scores["semantic"])
