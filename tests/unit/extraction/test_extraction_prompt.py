"""The prompt and the structured-output schema say what S1 and S4 require."""

import jsonschema
import pytest

from memory_plugins.candidate import (
    Action,
    Identity,
    MemoryCandidate,
    MemoryType,
    Polarity,
    SourceSignal,
    Stability,
)
from memory_plugins.extraction import CANDIDATES_SCHEMA, SYSTEM_PROMPT, estimate_tokens

ITEM = CANDIDATES_SCHEMA["properties"]["candidates"]["items"]


def test_schema_fields_are_exactly_the_s1_fields() -> None:
    # metadata is the application's (declared by its configuration), never the model's.
    model_fields = set(MemoryCandidate.model_fields) - {"metadata"}
    assert set(ITEM["properties"]) == model_fields
    # cues and other senses are optional in S1: a candidate without them is complete.
    assert set(ITEM["required"]) == model_fields - {"cues", "other_senses"}
    assert set(ITEM["properties"]["identity"]["properties"]) == set(Identity.model_fields)
    assert ITEM["additionalProperties"] is False


@pytest.mark.parametrize(
    ("field", "enum"),
    [
        ("type", MemoryType),
        ("stability", Stability),
        ("action", Action),
        ("source_signal", SourceSignal),
    ],
)
def test_schema_enums_follow_the_s1_enums(field: str, enum: type) -> None:
    assert ITEM["properties"][field]["enum"] == [m.value for m in enum]  # type: ignore[attr-defined]


def test_polarity_enum() -> None:
    polarity = ITEM["properties"]["identity"]["properties"]["polarity"]
    assert polarity["enum"] == [p.value for p in Polarity]


def test_schema_is_valid_json_schema_and_accepts_an_empty_list() -> None:
    jsonschema.Draft202012Validator.check_schema(CANDIDATES_SCHEMA)
    jsonschema.validate({"candidates": []}, CANDIDATES_SCHEMA)


def test_prompt_names_every_type_with_an_example() -> None:
    for memory_type in MemoryType:
        line = next(
            ln for ln in SYSTEM_PROMPT.splitlines() if ln.startswith(f"- {memory_type.value}:")
        )
        assert "->" in line or '"' in line


@pytest.mark.parametrize(
    "phrase",
    [
        "An empty list is the default",
        "latest user message is the source of truth",
        "NEVER create a memory from the assistant's text alone",
        '"temporary"',
        '"speculative"',
        "stable noun phrase",
        "Leave out filler words",
        "retrieval anchors",
        "2 to 4",
        "Keep the user's language",
        '"action": "suppress"',
        "no others",
        "API keys",
    ],
)
def test_prompt_states_the_rules(phrase: str) -> None:
    assert phrase in SYSTEM_PROMPT


def test_prompt_covers_both_languages() -> None:
    assert "用户喜欢吃桃子" in SYSTEM_PROMPT and "The user prefers" in SYSTEM_PROMPT
    assert "用户" in SYSTEM_PROMPT and "remember" in SYSTEM_PROMPT


def test_token_estimate() -> None:
    assert estimate_tokens("") == 0
    assert estimate_tokens("abcd") == 1
    assert estimate_tokens("abcde") == 2
    assert estimate_tokens("桃子") == 2
    assert estimate_tokens("桃子 peach") == 2 + 2


def test_the_prompt_ships_the_cue_instructions_the_recall_sets_cues_were_written_from() -> None:
    from pathlib import Path

    from memory_plugins.extraction import CUE_INSTRUCTIONS

    given = Path(__file__).resolve().parents[2] / "data" / "recall" / "cues" / "CUE_INSTRUCTIONS.md"
    assert CUE_INSTRUCTIONS.strip() == given.read_text("utf-8").split("\n---\n", 1)[1].strip()
    assert CUE_INSTRUCTIONS in SYSTEM_PROMPT
    cues = ITEM["properties"]["cues"]
    assert cues["maxItems"] == 8 and cues["type"] == "array"
