"""What an adapter hands over after a turn: the turn's texts and its short-term context."""

from collections.abc import Sequence
from dataclasses import dataclass

from memory_plugins.principals import PrincipalLike, Scope

__all__ = ["ELIGIBLE_TURN_KINDS", "TurnInput"]

ELIGIBLE_TURN_KINDS = frozenset({"ordinary_chat", "tool_assisted_ordinary_chat"})
"""Turn kinds whose content may hold long-term memory (task/agent execution turns do not)."""


@dataclass(frozen=True, slots=True)
class TurnInput:
    """One finished turn, as the extraction path sees it.

    ``conversation_id`` is ``None`` while the conversation is a draft (not persisted);
    ``status`` is ``"completed"`` for a turn whose assistant answer finished
    (``"failed"``, ``"cancelled"`` and ``"rejected"`` turns queue nothing).
    ``previous_pinned_decisions=None`` lets the queue remember the last set it saw for
    this conversation; pass a sequence to diff against it instead.

    >>> turn = TurnInput("alice", "c-1", "Remember: I use Vim.", "Noted.",
    ...                  pinned_decisions=["Use pnpm"])
    >>> turn.pinned_decisions
    ('Use pnpm',)
    """

    principal: str
    conversation_id: str | None
    user_text: str
    assistant_text: str
    turn_kind: str = "ordinary_chat"
    status: str = "completed"
    summary: str = ""
    pinned_decisions: Sequence[str] = ()
    previous_pinned_decisions: Sequence[str] | None = None
    agent_id: str | None = None
    """The assistant the user talked to: its memories are written to that assistant's
    scope of the user (``Scope.for_agent``), apart from other assistants'. Extraction
    never writes into an organisation's shared scope."""

    @property
    def writes_to(self) -> PrincipalLike:
        """Where this turn's memories are written: the user's own scope, or the assistant's
        scope of the user when the turn names an assistant."""
        if self.agent_id is None:
            return self.principal
        return Scope.for_agent(self.agent_id, user=self.principal)

    def __post_init__(self) -> None:
        # Tuples keep the frozen turn immutable even when a caller passed a list.
        object.__setattr__(self, "pinned_decisions", tuple(self.pinned_decisions))
        if self.previous_pinned_decisions is not None:
            object.__setattr__(
                self, "previous_pinned_decisions", tuple(self.previous_pinned_decisions)
            )
