"""The extractor hands the model's raw candidates on untouched and never raises on bad output."""

import json
from typing import Any

import pytest
from langchain_core.messages import AIMessage

from memory_plugins import ConfigurationError
from memory_plugins.extraction import MemoryExtractor, TurnInput, parse_response
from memory_plugins.testing import ScriptedChatModel

TURN = TurnInput("alice", "c-1", "Remember: I use Vim.", "Noted.")
CANDIDATE = {
    "type": "stable_user_context",
    "text": "The user uses Vim.",
    "tags": ["Vim", "editor"],
    "confidence": 0.9,
    "stability": "stable",
    "identity": {"subject": "Vim"},
    "action": "add",
    "source_signal": "explicit_memory_intent",
    "reason": "asked to remember",
    "conflict_signal": False,
}


def test_extra_fields_reach_the_caller_unchanged() -> None:
    raw = {**CANDIDATE, "debug": {"model": "x"}}
    model = ScriptedChatModel(responses=[json.dumps({"candidates": [raw]})])

    assert MemoryExtractor(model).extract(TURN) == [raw]


@pytest.mark.parametrize(
    "reply",
    [
        json.dumps({"candidates": [CANDIDATE]}),
        "```json\n" + json.dumps({"candidates": [CANDIDATE]}) + "\n```",
        json.dumps([CANDIDATE]),
        AIMessage(content=[{"type": "text", "text": json.dumps({"candidates": [CANDIDATE]})}]),
        AIMessage(
            content="",
            tool_calls=[
                {"name": "memory_candidates", "args": {"candidates": [CANDIDATE]}, "id": "1"}
            ],
        ),
    ],
)
def test_accepted_response_shapes(reply: Any) -> None:
    assert parse_response(reply).candidates == (CANDIDATE,)


@pytest.mark.parametrize(
    ("reply", "problem"),
    [
        ("I will remember that.", "response is not JSON"),
        ("   ", "response is empty"),
        ('{"candidates": {"type": "x"}}', "response has no candidate list"),
        ('"just a string"', "response has no candidate list"),
        (
            AIMessage(
                content="",
                invalid_tool_calls=[
                    {
                        "name": "m",
                        "args": "{not json",
                        "id": "1",
                        "error": "bad",
                        "type": "invalid_tool_call",
                    }
                ],
            ),
            "tool-call arguments are not valid JSON",
        ),
    ],
)
def test_malformed_responses(reply: Any, problem: str) -> None:
    extraction = parse_response(reply)
    assert extraction.malformed == problem
    assert extraction.candidates == ()


def test_malformed_output_is_counted_and_logged(caplog: pytest.LogCaptureFixture) -> None:
    extractor = MemoryExtractor(ScriptedChatModel(responses=["no json here"]))

    assert extractor.extract(TURN) == []
    assert extractor.stats.get("malformed") == 1
    assert "malformed model output" in caplog.text


def test_model_errors_propagate_from_the_extractor() -> None:
    extractor = MemoryExtractor(ScriptedChatModel(responses=[TimeoutError("slow provider")]))
    with pytest.raises(TimeoutError):
        extractor.extract(TURN)


def test_the_model_sees_exactly_the_rendered_messages() -> None:
    model = ScriptedChatModel(responses=['{"candidates": []}'])
    extractor = MemoryExtractor(model)
    extractor.extract(TURN)

    assert [m.content for m in model.calls[0]] == [text for _, text in extractor.messages(TURN)]
    assert [m.type for m in model.calls[0]] == ["system", "human"]


def test_structured_output_is_requested_with_the_method() -> None:
    model = ScriptedChatModel(responses=['{"candidates": []}'])
    MemoryExtractor(model, method="function_calling").extract(TURN)

    [kwargs] = model.call_kwargs
    assert kwargs["structured_output"]["method"] == "function_calling"
    assert kwargs["structured_output"]["schema"]["title"] == "memory_candidates"


class PlainModel:
    """Only ``invoke``: no structured output at all."""

    def __init__(self, reply: str) -> None:
        self.reply = reply
        self.seen: list[Any] = []

    def invoke(self, messages: Any) -> AIMessage:
        self.seen.append(messages)
        return AIMessage(content=self.reply)


def test_a_model_without_structured_output_is_asked_through_the_prompt() -> None:
    model = PlainModel(json.dumps({"candidates": [CANDIDATE]}))
    assert MemoryExtractor(model).extract(TURN) == [CANDIDATE]
    assert model.seen[0][0][0] == "system"


async def test_async_extract() -> None:
    model = ScriptedChatModel(responses=[json.dumps({"candidates": [CANDIDATE]})])
    assert await MemoryExtractor(model).aextract(TURN) == [CANDIDATE]


def test_misuse_is_a_configuration_error() -> None:
    with pytest.raises(ConfigurationError, match="method"):
        MemoryExtractor(ScriptedChatModel(), method="xml")  # type: ignore[arg-type]
    with pytest.raises(ConfigurationError, match="chat model"):
        MemoryExtractor("gpt-4o")
