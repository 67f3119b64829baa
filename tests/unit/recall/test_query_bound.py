"""Recall scores a bounded query: a 1 MB message costs what its first and last parts cost."""

import pytest
from langgraph.store.memory import InMemoryStore

from memory_plugins import ConfigurationError, MemoryConfig, MemoryEngine, RecallConfig
from memory_plugins.testing import candidate

SECRET = "0123456789abcdef"
FILLER = "and then some more words about nothing in particular, "


def engine_with_teas(config: MemoryConfig | None = None) -> MemoryEngine:
    engine = MemoryEngine(InMemoryStore(), config or MemoryConfig(principal_secret=SECRET))
    teas = [
        candidate(
            text=f"The user likes {name} tea.",
            tags=[name, "tea"],
            identity={"subject": f"{name} tea", "polarity": "prefer"},
        )
        for name in ("oolong", "sencha", "darjeeling")
    ]
    engine.remember("alice", teas, source_conversation_id="c-1")
    return engine


def megabyte_message(middle: str, end: str) -> str:
    half = FILLER * (500_000 // len(FILLER))
    return f"{half} {middle} {half} {end}"


def test_a_megabyte_message_is_scored_on_its_first_and_last_parts() -> None:
    engine = engine_with_teas()
    message = megabyte_message("I drink oolong", "which sencha should I buy?")

    recalled = [hit.record.key for hit in engine.recall("alice", message).hits]
    assert recalled == ["user_preference:prefer-sencha-tea"]
    explained = engine.explain("alice", message)
    assert len(explained.query) <= RecallConfig().max_query_chars + 1
    assert [c.record.key for c in explained.considered if c.selected] == recalled


async def test_the_async_recall_scores_the_same_bounded_query() -> None:
    engine = engine_with_teas()
    message = megabyte_message("I drink oolong", "which sencha should I buy?")

    result = await engine.arecall("alice", message)
    assert [hit.record.key for hit in result.hits] == ["user_preference:prefer-sencha-tea"]
    assert not result.degraded


def test_the_bound_is_configurable() -> None:
    config = MemoryConfig(principal_secret=SECRET, recall=RecallConfig(max_query_chars=10_000))
    message = "which oolong? " + FILLER * 200 + " and sencha"
    keys = {hit.record.key for hit in engine_with_teas(config).recall("alice", message).hits}
    assert keys == {"user_preference:prefer-oolong-tea", "user_preference:prefer-sencha-tea"}
    with pytest.raises(ConfigurationError, match="max_query_chars"):
        RecallConfig(max_query_chars=0)
