"""Recall end to end on every backend (InMemory, SQLite, PostgreSQL)."""

from typing import Any

from memory_plugins import MemoryEngine
from memory_plugins.recall.types import SkipReason


def test_remember_recall_explain_on_each_backend(engine: MemoryEngine, make_candidate: Any) -> None:
    engine.remember(
        "alice",
        [
            make_candidate(),
            make_candidate(
                type="stable_user_context",
                text="The user is a frontend engineer.",
                tags=["frontend", "engineer"],
                identity={"subject": "occupation"},
            ),
        ],
        source_conversation_id="c-1",
    )
    result = engine.recall("alice", "Which tea should I brew? Do you know my job?")
    assert [h.record.key for h in result.hits] == [
        "user_preference:prefer-oolong-tea",
        "stable_user_context:occupation",
    ]
    assert result.message is not None and "oolong tea" in result.message
    ranking = engine.explain("alice", "tea")
    assert [c.reason for c in ranking.considered] == [None, SkipReason.BELOW_MIN_SCORE]
    engine.erase_user("alice")
