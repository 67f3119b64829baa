"""What the adapters over LangChain messages share: message text, the finished turn, the user.

Imports ``langchain_core``; the adapters import this module inside their guarded imports.
"""

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from langchain_core.messages import AIMessage, BaseMessage, HumanMessage, SystemMessage, ToolMessage

from memory_plugins.errors import ConfigurationError, WrongTypeError
from memory_plugins.principals import PrincipalLike, run_principal
from memory_plugins.recall.injection import MEMORY_MESSAGE_NAME, insert_memory_message

__all__ = [
    "FinishedTurn",
    "finished_turn",
    "is_memory_message",
    "latest_user_text",
    "message_text",
    "principal_from",
    "require_principal",
    "with_memory",
]


@dataclass(frozen=True, slots=True)
class FinishedTurn:
    """The latest user text and the final answer that completed it."""

    user_text: str
    assistant_text: str
    kind: str
    """``ordinary_chat``, or ``tool_assisted_ordinary_chat`` when tools ran in between."""


def message_text(message: BaseMessage) -> str:
    """The text of a message (text content blocks joined; images and tool calls skipped)."""
    return message.text


def latest_user_text(messages: Sequence[BaseMessage]) -> str:
    """The text of the last human message (the recall query), or ``""``."""
    return next((message_text(m) for m in reversed(messages) if isinstance(m, HumanMessage)), "")


def with_memory(messages: Sequence[BaseMessage], text: str | None) -> list[BaseMessage]:
    """A new list with the memory system message (``text``) in its S5 place."""
    return insert_memory_message(messages, text, make_system=_memory_message)


def is_memory_message(message: Any) -> bool:
    """Whether ``message`` is a memory system message built by :func:`with_memory`."""
    return isinstance(message, SystemMessage) and message.name == MEMORY_MESSAGE_NAME


def _memory_message(text: str) -> SystemMessage:
    return SystemMessage(text, name=MEMORY_MESSAGE_NAME)


def finished_turn(messages: Sequence[BaseMessage]) -> FinishedTurn | None:
    """The turn ending ``messages`` when it ends in a final answer (no pending tool calls)."""
    if not messages or not isinstance(messages[-1], AIMessage) or messages[-1].tool_calls:
        return None
    answer = message_text(messages[-1])
    used_tools = False
    for message in reversed(messages[:-1]):
        if isinstance(message, HumanMessage):
            kind = "tool_assisted_ordinary_chat" if used_tools else "ordinary_chat"
            return FinishedTurn(message_text(message), answer, kind)
        used_tools = used_tools or isinstance(message, ToolMessage)
    return None


def require_principal(key: str, *sources: Any, how: str) -> PrincipalLike:
    """The first of ``sources`` holding the user under ``key``: a verified ``Principal`` or
    a ``str`` id, as given (any other type is a ``WrongTypeError``); else a clear error.

    ``how`` tells the developer where to pass it.
    """
    for source in sources:
        if source is None:
            continue
        value = source.get(key) if isinstance(source, Mapping) else getattr(source, key, None)
        user = run_principal(value, key)
        if user is not None:
            return user
    raise ConfigurationError(f"long-term memory needs the user id {key!r}: {how}")


def scope_id(key: str | None, *sources: Any) -> str | None:
    """The assistant or organisation id a run names under ``key`` (the first source
    holding a non-blank one), ``None`` when none does or ``key`` is ``None``. Anything but a
    ``str`` is a ``WrongTypeError``: an id of another type must not silently name a scope."""
    if key is None:
        return None
    for source in sources:
        if source is None:
            continue
        value = source.get(key) if isinstance(source, Mapping) else getattr(source, key, None)
        if value is None:
            continue
        if not isinstance(value, str):
            raise WrongTypeError(
                f"the scope id {key!r} must be a str, got {type(value).__name__}: convert it "
                f"yourself (e.g. str({key})) if ids of that type are meant to name it"
            )
        if value.strip():
            return value
    return None


def principal_from(source: Any, key: str) -> str | None:
    """``source[key]`` (a mapping) or ``source.key`` (an object) as a non-empty string (a
    conversation id; the user goes through :func:`require_principal`)."""
    if source is None:
        return None
    value = source.get(key) if isinstance(source, Mapping) else getattr(source, key, None)
    if value is None or not str(value).strip():
        return None
    return str(value)
