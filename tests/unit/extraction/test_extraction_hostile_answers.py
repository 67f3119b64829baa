"""A hostile or degenerate model answer is a counted malformed answer, read in linear time."""

import json

import pytest

from memory_plugins.extraction import MemoryExtractor, TurnInput, parse_response
from memory_plugins.extraction.extractor import MAX_RESPONSE_CHARS, MAX_RESPONSE_DEPTH
from memory_plugins.testing import ScriptedChatModel

TURN = TurnInput("alice", "c-1", "Remember: I use Vim.", "Noted.")
CANDIDATE = {"type": "stable_user_context", "text": "The user uses Vim."}


@pytest.mark.parametrize(
    "reply",
    [
        # A fence opened and never closed: a backtracking fence pattern took hours on these.
        "```" + " " * (MAX_RESPONSE_CHARS - 10) + "x",
        "```json\n" + " \n" * (MAX_RESPONSE_CHARS // 2 - 10),
        "```" + "`" * (MAX_RESPONSE_CHARS - 10),
    ],
)
def test_an_unclosed_fence_is_read_at_once_as_malformed(reply: str) -> None:
    assert parse_response(reply).malformed == "response is not JSON"


def test_an_answer_over_the_size_cap_is_counted_and_not_parsed() -> None:
    padded = json.dumps({"candidates": [CANDIDATE], "pad": "x" * MAX_RESPONSE_CHARS})
    extractor = MemoryExtractor(ScriptedChatModel(responses=[padded]))

    assert extractor.extract(TURN) == []
    assert extractor.stats.get("malformed") == 1
    assert parse_response(padded).malformed == (
        f"response is longer than {MAX_RESPONSE_CHARS} characters"
    )


@pytest.mark.parametrize("opener", ["[", '{"a":'])
def test_json_nested_a_thousand_deep_is_malformed_not_a_recursion_error(opener: str) -> None:
    closer = "]" if opener == "[" else "}"
    reply = opener * 1000 + "1" + closer * 1000
    extractor = MemoryExtractor(ScriptedChatModel(responses=[reply]))

    assert parse_response(reply).malformed == (
        f"response nests deeper than {MAX_RESPONSE_DEPTH} levels"
    )
    assert extractor.extract(TURN) == []
    assert extractor.stats.get("malformed") == 1


def test_brackets_inside_strings_do_not_count_as_nesting() -> None:
    text = "[[[[" * 10 + '"quoted \\" {{{{' + "]]]]" * 10
    reply = json.dumps({"candidates": [{**CANDIDATE, "text": text}]})
    assert parse_response(reply).candidates == ({**CANDIDATE, "text": text},)


def test_a_fenced_answer_with_a_label_is_still_read() -> None:
    reply = "```JSON\n" + json.dumps([CANDIDATE]) + "\n```"
    assert parse_response(reply).candidates == (CANDIDATE,)
