"""Which finished turns may queue extraction (S4): persisted, completed, ordinary chat."""

from memory_plugins.config import MemoryConfig
from memory_plugins.extraction.turn import ELIGIBLE_TURN_KINDS, TurnInput
from memory_plugins.namespaces import check_principal_id

__all__ = ["is_eligible"]


def is_eligible(turn: TurnInput, config: MemoryConfig) -> tuple[bool, str]:
    """Whether ``turn`` may be extracted, and the reason code when it may not.

    Reasons: ``no_principal`` (an id the engine would refuse: empty, blank, too long),
    ``no_conversation_id`` (a draft not yet persisted),
    ``draft_conversation`` (id carries the draft prefix), ``not_ordinary_chat``,
    ``turn_not_completed`` (failed, cancelled or rejected) and ``empty_turn``.

    >>> from memory_plugins import MemoryConfig
    >>> cfg = MemoryConfig(principal_secret="0123456789abcdef")
    >>> is_eligible(TurnInput("alice", "c-1", "hi", "hello"), cfg)
    (True, 'eligible')
    >>> is_eligible(TurnInput("alice", "draft:9", "hi", "hello"), cfg)
    (False, 'draft_conversation')
    """
    if check_principal_id(turn.principal) is not None:  # the engine's own rule
        return False, "no_principal"
    if turn.agent_id is not None and check_principal_id(turn.agent_id) is not None:
        return False, "bad_agent_id"
    conversation = turn.conversation_id
    if conversation is None or not conversation.strip():
        return False, "no_conversation_id"
    if conversation.startswith(config.draft_prefix):
        return False, "draft_conversation"
    if turn.turn_kind not in ELIGIBLE_TURN_KINDS:
        return False, "not_ordinary_chat"
    if turn.status != "completed":
        return False, "turn_not_completed"
    if not turn.user_text.strip() and not turn.pinned_decisions:
        return False, "empty_turn"
    return True, "eligible"
