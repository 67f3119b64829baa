"""What a person sees when printing the engine's statistics and an explanation."""

from langgraph.store.memory import InMemoryStore

from memory_plugins import MemoryConfig, MemoryEngine
from memory_plugins.testing import candidate


def test_printed_stats_and_explanation_read_as_tables() -> None:
    with MemoryEngine(InMemoryStore(), MemoryConfig(principal_secret="0123456789abcdefgh")) as e:
        e.remember("alice", [candidate()], source_conversation_id="c-1")
        ranking = e.explain("alice", "which oolong tea?")
        stats = str(e.stats)
    assert "object at 0x" not in stats
    assert stats.splitlines()[-1].split() == ["outcome_added", "1"]
    shown = str(ranking)
    assert shown.startswith("query: which oolong tea?\nverdict")
    assert "SELECTED" in shown and "user_preference:prefer-oolong-tea" in shown
    assert len(shown) < 600 and "MemoryRecord(" not in shown
    assert ranking._repr_html_().startswith("<pre>query: which oolong tea?")
    assert "<td>outcome_added</td><td>1</td>" in e.stats._repr_html_()
