"""Questions about the world (``RecallConfig.fact_question_factor`` and
``world_question_factor``, :func:`memory_plugins.recall.query.analyse_query`): which
questions count as one, and how much of a record's rule score they keep."""

from typing import Any

import pytest
from langgraph.store.memory import InMemoryStore
from recall_support import candidate

from memory_plugins import MemoryConfig, MemoryEngine
from memory_plugins.config import RecallConfig
from memory_plugins.errors import ConfigurationError
from memory_plugins.recall.explain import format_explanation
from memory_plugins.recall.query import analyse_query

SECRET = "world-question-tests-0123"


def _engine(*memories: dict[str, Any], **recall: Any) -> MemoryEngine:
    engine = MemoryEngine(
        InMemoryStore(), MemoryConfig(principal_secret=SECRET, recall=RecallConfig(**recall))
    )
    outcomes = engine.remember("u", list(memories), source_conversation_id="c-1")
    assert all(o.key for o in outcomes), outcomes
    return engine


def _factual(query: str) -> bool:
    return analyse_query(query, RecallConfig()).factual


def test_a_yes_no_question_about_a_kind_of_thing_asks_about_the_world() -> None:
    for query in (
        "Is an octopus smarter than a dog?",
        "Are pandas bears?",
        "Were dinosaurs warm-blooded?",
    ):
        assert _factual(query), query
    # A particular thing, a thing named bare, "there", a pronoun or the user: it may be the
    # user's own situation.
    for query in (
        "Is the Louvre open on Mondays?",
        "Is shellfish stock used in bouillabaisse?",
        "Is there a bakery near the station?",
        "Are you sure about that?",
        "Are they open late?",
        "Is a sofa bed good enough for my guests?",
    ):
        assert not _factual(query), query


def test_who_made_a_thing_asks_about_the_world_where_which_one_asks_to_choose() -> None:
    assert _factual("可乐是哪家公司发明的？")
    assert _factual("这款扫地机器人是哪个品牌生产的")
    assert not _factual("哪家的可乐好喝？")  # 哪家 alone asks to choose one
    assert not _factual("我家的可乐是哪家公司送来的")  # the user's own


def _tomatoes() -> dict[str, Any]:
    return candidate(
        "The user grows tomatoes and basil on the balcony.",
        ["tomatoes", "gardening"],
        type="stable_user_context",
        identity={"subject": "balcony garden"},
    )


def test_a_plain_question_about_the_world_keeps_less_than_a_choice_or_a_situation() -> None:
    engine = _engine(_tomatoes())
    plain = format_explanation(engine.explain("u", "Why are tomatoes red?"))
    assert "rules kept at 35%" in plain
    # A question that asks to choose, or that a demonstrative ties to the user, keeps more.
    choice = format_explanation(engine.explain("u", "What is the difference between tomatoes?"))
    assert "rules kept at 45%" in choice
    this = format_explanation(engine.explain("u", "Why are these tomatoes splitting?"))
    assert "rules kept at 45%" in this
    # A request is no question about the world: nothing is discounted.
    request = format_explanation(engine.explain("u", "Recommend tomatoes for a balcony"))
    assert "fact_question" not in request
    assert engine.recall("u", "Recommend tomatoes for a balcony").hits


def test_the_lower_share_applies_and_a_share_above_one_is_refused() -> None:
    engine = _engine(_tomatoes(), fact_question_factor=0.3)  # the plain share stays 0.35
    assert "rules kept at 30%" in format_explanation(engine.explain("u", "Why are tomatoes red?"))
    with pytest.raises(ConfigurationError, match="world_question_factor"):
        RecallConfig(world_question_factor=1.5)
