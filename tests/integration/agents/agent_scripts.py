"""What the scripted models of these tests answer: a stated preference yields one memory."""

import json
from typing import Any

from langchain_core.messages import BaseMessage

from memory_plugins.testing import candidate

TEA = candidate(
    text="The user drinks oolong tea every afternoon.", reason="the user asked to remember it"
)
STATE_TEA = "Please remember: I drink oolong tea every afternoon."
ASK_TEA = "Which tea should I brew this afternoon?"
MEMORY_HEADER = "Long-term memory about the user"


def propose(messages: list[BaseMessage]) -> str:
    """The extraction model: the preference when the user stated it, else nothing."""
    said = str(messages[-1].content)
    return json.dumps({"candidates": [TEA] if "remember: I drink oolong" in said else []})


def memory_messages(messages: list[Any]) -> list[Any]:
    """The memory system messages among ``messages``."""
    return [m for m in messages if getattr(m, "name", None) == "long_term_memory"]


def leaks(payload: Any) -> bool:
    """Whether ``payload`` (state, checkpoints, chunks) carries the memory message."""
    text = repr(payload)
    return MEMORY_HEADER in text or "long_term_memory" in text
