"""An emoji names a thing; a refused tool call says which field to fix."""

from langgraph.store.memory import InMemoryStore

from memory_plugins import MemoryConfig, MemoryEngine
from memory_plugins.testing import candidate
from memory_plugins.tools import ToolCaller, remember

CONFIG = MemoryConfig(principal_secret="emoji-and-tools-secret-01")


def test_an_emoji_tag_or_subject_is_stored_under_its_own_key() -> None:
    with MemoryEngine(InMemoryStore(), CONFIG) as engine:
        tea, coffee = (
            candidate(
                text=f"The user likes {emoji}.",
                tags=[emoji, "drink"],
                identity={"subject": emoji, "polarity": "prefer"},
            )
            for emoji in ("🍵", "☕")
        )
        outcomes = engine.remember("alice", [tea, coffee], source_conversation_id="c-1")
        assert [str(o) for o in outcomes] == ["added", "added"], [o.detail for o in outcomes]
        assert [o.key for o in outcomes] == [
            "user_preference:prefer-🍵",
            "user_preference:prefer-☕",
        ]
        dots = candidate(tags=["...", "tea"])
        [refused] = engine.remember("alice", [dots], source_conversation_id="c-1")
        assert refused.detail == "punctuation only"  # punctuation alone is still refused


def test_the_remember_tool_names_the_field_a_schema_refusal_is_about() -> None:
    with MemoryEngine(InMemoryStore(), CONFIG) as engine:
        caller = ToolCaller("alice", "c-1")
        assert remember(engine, caller, candidate(mood="happy")).endswith(": check mood)")
        answer = remember(engine, caller, candidate(tags=["only-one"]))
        assert answer.startswith("not stored: schema") and "check tags" in answer
        assert "only-one" not in answer  # the field, never the value
