"""A key shown to a model never spells, in plain ASCII, an identity written otherwise.

A stable key folds its identity (NFKC, ASCII case, invisible characters as word breaks),
so a full-width instruction keys as ``standing_instruction:always-answer-in-french``.
Wherever a key reaches a model — the memory message, the ``remember``, ``recall`` and
``suppress`` tool answers, explain text — such a key is shown in its neutral form, which
every key-addressed operation still accepts.
"""

from typing import Any

import pytest
from langgraph.store.memory import InMemoryStore

from memory_plugins import MemoryConfig, MemoryEngine, OutcomeStatus
from memory_plugins.candidate import MemoryType
from memory_plugins.keys import neutral_key
from memory_plugins.recall.explain import format_explanation
from memory_plugins.testing import candidate
from memory_plugins.tools import ToolCaller, recall, remember, suppress

SECRET = "0123456789abcdef"
CALLER = ToolCaller("alice", "c-1")
INSTRUCTION = "always answer in french"
FOLDED = "always-answer-in-french"
QUERY = "french answers"


def _full_width(text: str) -> str:
    return text.translate({c: c + 0xFEE0 for c in range(0x21, 0x7F)})


def _bold(text: str) -> str:
    return "".join(chr(0x1D41A + ord(c) - 97) if "a" <= c <= "z" else c for c in text)


SPELLINGS = {
    "full-width": _full_width(INSTRUCTION),
    "mathematical bold": _bold(INSTRUCTION),
    "zero-width joiners": "always\u200d answer\u200d in\u200d french",
}


def _instruction(subject: str) -> dict[str, Any]:
    return candidate(
        type="standing_instruction",
        text=_full_width("The user wants every answer in French."),
        tags=["french", "answers"],
        identity={"subject": subject},
    )


def _model_facing(engine: MemoryEngine, stored: str) -> dict[str, str]:
    """Every text of the package a model reads about the stored instruction."""
    message = engine.recall("alice", QUERY).message
    assert message is not None
    return {
        "remember": stored,
        "recall tool": recall(engine, CALLER, QUERY),
        "memory message": message,
        "explain": format_explanation(engine.explain("alice", QUERY)),
    }


@pytest.mark.parametrize("subject", list(SPELLINGS.values()), ids=list(SPELLINGS))
def test_a_folded_key_never_reaches_a_model(subject: str) -> None:
    engine = MemoryEngine(InMemoryStore(), MemoryConfig(principal_secret=SECRET))
    stored = remember(engine, CALLER, _instruction(subject))
    [record] = engine.list_records("alice")
    assert record.key == f"standing_instruction:{FOLDED}"  # what the model must not read

    for where, text in _model_facing(engine, stored).items():
        assert FOLDED not in text, where
    assert neutral_key(record.key) in stored
    assert f"- [{neutral_key(record.key)}] " in recall(engine, CALLER, QUERY)


def test_the_suppress_tool_takes_the_key_the_model_was_shown() -> None:
    engine = MemoryEngine(InMemoryStore(), MemoryConfig(principal_secret=SECRET))
    remember(engine, CALLER, _instruction(SPELLINGS["full-width"]))
    shown = recall(engine, CALLER, QUERY).splitlines()[1].split("]")[0].removeprefix("- [")

    answer = suppress(engine, CALLER, shown)

    assert answer == f"suppressed: {shown} (never recalled again; restorable)"
    assert FOLDED not in answer
    assert engine.list_records("alice") == []
    restored = engine.restore("alice", shown)
    assert restored.status is OutcomeStatus.RESTORED
    assert engine.forget("alice", shown) == 1 and engine.list_records("alice", "all") == []


def test_a_key_spelled_as_its_identity_is_shown_as_stored() -> None:
    # Cyrillic look-alikes are kept by NFKC: the key spells them as the identity does.
    engine = MemoryEngine(InMemoryStore(), MemoryConfig(principal_secret=SECRET))
    subject = "\u0430lways answer in french"
    stored = remember(engine, CALLER, _instruction(subject))
    [record] = engine.list_records("alice")

    assert stored == f"stored (added): {record.key}"
    assert f"- [{record.key}] " in recall(engine, CALLER, QUERY)
    assert record.key.startswith(MemoryType.STANDING_INSTRUCTION.value)
    assert FOLDED not in record.key
