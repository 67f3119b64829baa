"""The memory system message and where insert_memory_message puts it."""

from dataclasses import dataclass, field
from typing import Any

import pytest
from recall_support import record

from memory_plugins.errors import ConfigurationError
from memory_plugins.recall.injection import (
    MEMORY_MESSAGE_NAME,
    insert_memory_message,
    render_memory_message,
)
from memory_plugins.recall.types import RecallHit

TEXT = "Long-term memory ...\n- (user_preference) The user likes oolong tea."


@dataclass
class Msg:
    """A LangChain-like message: ``.type``, ``.content``, ``.name``, ``.additional_kwargs``."""

    type: str
    content: str
    name: str | None = None
    additional_kwargs: dict[str, Any] = field(default_factory=dict)


def roles(messages: list[Any]) -> list[str]:
    out = []
    for m in messages:
        name = m.get("name") if isinstance(m, dict) else m.name
        kind = m["role"] if isinstance(m, dict) else m.type
        out.append(f"{kind}:{name}" if name else kind)
    return out


def test_message_says_supplementary_and_latest_wins_and_lists_texts() -> None:
    hits = [RecallHit(record("用户喜欢喝乌龙茶。", ("乌龙茶", "茶")), 3.0, "用户喜欢喝乌龙茶。")]
    text = render_memory_message(hits)
    assert "supplementary" in text and "latest message wins" in text
    assert '\n- (user_preference) "用户喜欢喝乌龙茶。"\n' in text


def test_after_system_prompts_before_summary_pinned_and_history() -> None:
    messages = [
        {"role": "system", "content": "You are helpful."},
        {"role": "system", "content": "Skill: translation"},
        {"role": "system", "content": "Summary so far", "name": "summary"},
        {"role": "system", "content": "Decisions", "name": "pinned"},
        {"role": "user", "content": "hi"},
        {"role": "assistant", "content": "hello"},
        {"role": "user", "content": "tea?"},
    ]
    out = insert_memory_message(messages, TEXT)
    assert roles(out) == [
        "system",
        "system",
        f"system:{MEMORY_MESSAGE_NAME}",
        "system:summary",
        "system:pinned",
        "user",
        "assistant",
        "user",
    ]
    assert out[2]["content"] == TEXT


def test_callers_list_is_never_mutated() -> None:
    messages = [{"role": "system", "content": "x"}, {"role": "user", "content": "y"}]
    snapshot = [dict(m) for m in messages]
    out = insert_memory_message(messages, TEXT)
    assert messages == snapshot and out is not messages and len(out) == 3


def test_no_text_means_no_message() -> None:
    messages = [{"role": "user", "content": "hi"}]
    assert insert_memory_message(messages, None) == messages
    assert insert_memory_message(messages, "") == messages


def test_without_system_prompts_memory_comes_first() -> None:
    out = insert_memory_message([{"role": "user", "content": "hi"}], TEXT)
    assert roles(out) == [f"system:{MEMORY_MESSAGE_NAME}", "user"]
    assert insert_memory_message([], TEXT)[0]["role"] == "system"


def test_langchain_like_objects_with_make_system_and_kwargs_markers() -> None:
    messages = [
        Msg("system", "You are helpful."),
        Msg("system", "Summary", additional_kwargs={"name": "summary"}),
        Msg("human", "hi"),
        Msg("ai", "hello"),
    ]
    out = insert_memory_message(
        messages, TEXT, make_system=lambda t: Msg("system", t, name=MEMORY_MESSAGE_NAME)
    )
    assert roles(out) == ["system", f"system:{MEMORY_MESSAGE_NAME}", "system", "human", "ai"]
    assert out[2].additional_kwargs == {"name": "summary"}


def test_objects_without_make_system_is_a_usage_error() -> None:
    with pytest.raises(ConfigurationError, match="make_system"):
        insert_memory_message([Msg("human", "hi")], TEXT)


def test_predicate_marks_conversation_context() -> None:
    messages = [
        {"role": "system", "content": "You are helpful."},
        {"role": "system", "content": "[summary] earlier we discussed tea"},
        {"role": "user", "content": "tea?"},
    ]
    out = insert_memory_message(
        messages, TEXT, is_context=lambda m: m["content"].startswith("[summary]")
    )
    assert [m["content"] for m in out][:3] == ["You are helpful.", TEXT, messages[1]["content"]]


def test_a_previous_memory_message_is_replaced_not_duplicated() -> None:
    first = insert_memory_message(
        [{"role": "system", "content": "S"}, {"role": "user", "content": "a"}], "old memory"
    )
    second = insert_memory_message([*first, {"role": "user", "content": "b"}], TEXT)
    memory = [m for m in second if m.get("name") == MEMORY_MESSAGE_NAME]
    assert [m["content"] for m in memory] == [TEXT]
    assert roles(second) == ["system", f"system:{MEMORY_MESSAGE_NAME}", "user", "user"]


def test_enum_roles_are_understood() -> None:
    class Role:
        value = "system"

    @dataclass
    class LlamaMessage:
        role: Any
        content: str

    messages = [LlamaMessage(Role(), "You are helpful."), LlamaMessage("user", "hi")]
    out = insert_memory_message(messages, TEXT, make_system=lambda t: LlamaMessage(Role(), t))
    assert [m.content for m in out] == ["You are helpful.", TEXT, "hi"]
