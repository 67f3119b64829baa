"""Ranking mode (``rarity_weight``): rare query words order the matches, as BM25's idf does."""

import re

from semantic_support import candidate, engine_with

from memory_plugins.recall.explain import format_explanation
from memory_plugins.recall.scoring import select

FACTS = [
    candidate("Sam plays jazz piano on weekends.", ["piano", "weekends"]),
    candidate("Sam listens to jazz while cooking.", ["cooking", "listening"]),
    candidate("Sam saw a jazz quartet in Oslo.", ["quartet", "concert"]),
    candidate("Sam collects vinyl records.", ["records", "collecting"]),
]
QUERY = "Does Sam like jazz or vinyl?"


def ranked(**recall: float) -> list[str]:
    engine, _ = engine_with(min_score=0.0, max_records=10, **recall)
    engine.remember("sam", FACTS, source_conversation_id="c-1")
    return [c.record.text for c in engine.explain("sam", QUERY).considered]


def test_rules_alone_tie_and_rarity_puts_the_rare_word_first() -> None:
    engine, _ = engine_with(min_score=0.0, max_records=10)
    engine.remember("sam", FACTS, source_conversation_id="c-1")
    totals = {c.total for c in engine.explain("sam", QUERY).considered}
    assert len(totals) == 1  # "sam" and one more plain word each: a four-way tie
    assert ranked(rarity_weight=1.0)[0] == "Sam collects vinyl records."


def test_rarity_shows_in_explain_and_select_agrees_with_rank() -> None:
    engine, clock = engine_with(min_score=0.0, max_records=10, rarity_weight=1.0)
    engine.remember("sam", FACTS, source_conversation_id="c-1")
    ranking = engine.explain("sam", QUERY)
    table = format_explanation(ranking)
    assert " rare  total" in table and re.search(r"rarity: sam [\d.]+, vinyl [\d.]+", table)
    first = ranking.considered[0]
    assert first.scores["rarity"] > max(c.scores["rarity"] for c in ranking.considered[1:])
    records = engine.list_records("sam")
    picked = select(records, QUERY, engine.config.recall, clock.now().isoformat())
    assert [h.record.key for h in picked] == [h.record.key for h in ranking.hits]


def test_rarity_orders_matches_but_never_makes_one() -> None:
    engine, _ = engine_with(min_score=0.0, max_records=10, rarity_weight=5.0)
    engine.remember("sam", FACTS, source_conversation_id="c-1")
    ranking = engine.explain("sam", "What's the weather in Lima?")
    assert ranking.hits == () and all(c.total == 0 for c in ranking.considered)
