"""Which turns may queue extraction."""

import pytest

from memory_plugins import MemoryConfig
from memory_plugins.extraction import ELIGIBLE_TURN_KINDS, TurnInput, is_eligible

CONFIG = MemoryConfig(principal_secret="extraction-tests-secret-0123456789", draft_prefix="tmp-")


@pytest.mark.parametrize("kind", sorted(ELIGIBLE_TURN_KINDS))
def test_completed_ordinary_chat_is_eligible(kind: str) -> None:
    assert is_eligible(TurnInput("alice", "c-1", "hi", "hello", turn_kind=kind), CONFIG) == (
        True,
        "eligible",
    )


@pytest.mark.parametrize(
    ("turn", "reason"),
    [
        (TurnInput("alice", None, "hi", "hello"), "no_conversation_id"),
        (TurnInput("alice", "  ", "hi", "hello"), "no_conversation_id"),
        (TurnInput("alice", "tmp-123", "hi", "hello"), "draft_conversation"),
        (TurnInput("alice", "c-1", "hi", "hello", turn_kind="task_execution"), "not_ordinary_chat"),
        (TurnInput("alice", "c-1", "hi", "hello", turn_kind="agent"), "not_ordinary_chat"),
        (TurnInput("alice", "c-1", "hi", "", status="failed"), "turn_not_completed"),
        (TurnInput("alice", "c-1", "hi", "", status="cancelled"), "turn_not_completed"),
        (TurnInput("alice", "c-1", "hi", "", status="rejected"), "turn_not_completed"),
        (TurnInput("", "c-1", "hi", "hello"), "no_principal"),
        (TurnInput("alice", "c-1", "  ", "hello"), "empty_turn"),
    ],
)
def test_ineligible_turns(turn: TurnInput, reason: str) -> None:
    assert is_eligible(turn, CONFIG) == (False, reason)


def test_draft_prefix_comes_from_the_config() -> None:
    default = MemoryConfig(principal_secret="extraction-tests-secret-0123456789")
    assert (
        is_eligible(TurnInput("alice", "draft:1", "hi", "hello"), default)[1]
        == "draft_conversation"
    )
    assert is_eligible(TurnInput("alice", "draft:1", "hi", "hello"), CONFIG)[0] is True


def test_pinned_decisions_alone_make_a_turn_worth_queueing() -> None:
    turn = TurnInput("alice", "c-1", "", "done", pinned_decisions=["Use pnpm"])
    assert is_eligible(turn, CONFIG) == (True, "eligible")


def test_turn_input_is_frozen_and_holds_tuples() -> None:
    turn = TurnInput(
        "alice", "c-1", "hi", "ok", pinned_decisions=["a"], previous_pinned_decisions=["b"]
    )
    assert turn.pinned_decisions == ("a",)
    assert turn.previous_pinned_decisions == ("b",)
    with pytest.raises(AttributeError):
        turn.user_text = "changed"  # type: ignore[misc]
