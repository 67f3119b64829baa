"""One rule for principal ids everywhere: a blank id is refused by the engine, tokens and queue."""

from typing import Any

import pytest
from langgraph.store.memory import InMemoryStore

from memory_plugins import MemoryConfig, MemoryEngine
from memory_plugins.errors import ConfigurationError
from memory_plugins.extraction import ExtractionQueue, TurnInput
from memory_plugins.principals import Principal

BLANK = [" ", "   ", "\t", "\n", "\u3000", "\u00a0", " \u2003 "]


@pytest.fixture
def engine() -> MemoryEngine:
    return MemoryEngine(InMemoryStore(), MemoryConfig(principal_secret="rule-secret-0123456789"))


@pytest.mark.parametrize("blank", BLANK)
def test_the_engine_refuses_a_blank_principal(
    engine: MemoryEngine, make_candidate: Any, blank: str
) -> None:
    with pytest.raises(ConfigurationError, match="blank"):
        engine.remember(blank, [make_candidate()], source_conversation_id="c-1")
    with pytest.raises(ConfigurationError, match="blank"):
        engine.recall(blank, "oolong tea")
    with pytest.raises(ConfigurationError, match="blank"):
        Principal(blank)
    assert engine.list_records("alice") == []


@pytest.mark.parametrize("blank", BLANK)
def test_the_queue_refuses_a_blank_principal_by_the_same_rule(
    engine: MemoryEngine, blank: str
) -> None:
    with ExtractionQueue(engine, None) as queue:
        assert not queue.submit(TurnInput(blank, "c-1", "hi", "hello", pinned_decisions=["x"]))
    assert queue.stats.get("ineligible_no_principal") == 1


def test_ids_with_surrounding_spaces_stay_distinct_principals(
    engine: MemoryEngine, make_candidate: Any
) -> None:
    engine.remember(" alice", [make_candidate()], source_conversation_id="c-1")
    assert engine.list_records("alice") == [] and len(engine.list_records(" alice")) == 1
