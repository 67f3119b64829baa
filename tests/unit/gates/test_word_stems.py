"""The plain-substring pre-checks that stand before a word list's pattern: every word the
pattern can match holds one of the stems, so the pre-check never turns a text away that
the pattern would read."""

import re

import pytest

from memory_plugins.gates import identifiers, runtime


def _words(alternatives: str) -> list[str]:
    """Each alternative of a top-level ``a|b|…`` list, its regex syntax reduced to the
    letters every match of it holds (``\\w*`` and ``[ \\t]`` dropped or made a space)."""
    words = []
    for alternative in alternatives.split("|"):
        plain = alternative.replace("\\w*", "").replace("[ \\t]", " ")
        assert not re.search(r"[\\\[\](){}?*+]", plain), alternative
        words.append(plain.lower())
    return words


@pytest.mark.parametrize(
    ("alternatives", "stems"),
    [
        pytest.param(identifiers._PARKING_WORDS, identifiers._PARKING_STEMS, id="parking"),
        pytest.param(runtime._NOTE_LOCKS, runtime._NOTE_LOCK_STEMS, id="note-locks"),
    ],
)
def test_every_word_holds_a_stem(alternatives: str, stems: tuple[str, ...]) -> None:
    for word in _words(alternatives):
        assert any(stem in word for stem in stems), word


def test_the_pre_checks_pass_what_the_patterns_read() -> None:
    assert identifiers._may_hold_plate("Badge du parking : GH-418-PK")
    assert not identifiers._may_hold_plate("Lunch at noon with the team")
    assert runtime._note_item_code("Notes: buy milk, alarme 1318, call mom")
    assert not runtime._note_item_code("Notes: buy milk, garage 1318, call mom")
