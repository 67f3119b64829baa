"""Label lists regrouped by first letter (``by_first_letter``) match what the plain lists
match, on every text of the detection corpora's tuning parts, and an alternation keeps
each alternative's order within its group."""

import re

import pytest
from corpus_parts import tuning_texts

from memory_plugins.gates import contact, labelled, runtime
from memory_plugins.gates.detectors import by_first_letter

TEXTS = tuning_texts()

# Each list as its pattern wraps it: a word start before the Latin lists, none before the
# others.
LISTS = [
    pytest.param(r"(?<![A-Za-z])(?:%s)(?![A-Za-z])", labelled._ID_SPECIFIC, id="id-specific"),
    pytest.param(r"(?<![A-Za-z])(?:%s)", labelled._ID_GENERIC, id="id-generic"),
    pytest.param(r"(?:%s)", labelled._ID_CJK, id="id-cjk"),
    pytest.param(r"(?<![a-z])(?:%s)(?![a-z])", contact._RESIDENCE_WORDS, id="residence"),
    pytest.param(r"(?:%s)", contact._RESIDENCE_SCRIPT_WORDS, id="residence-scripts"),
    pytest.param(r"(?:%s)", runtime._KEYED_PLACE_WORDS, id="keyed-places"),
]


@pytest.mark.parametrize(("wrapper", "words"), LISTS)
def test_grouped_list_finds_the_same_spans(wrapper: str, words: str) -> None:
    plain = re.compile(wrapper % words, re.IGNORECASE)
    grouped = re.compile(wrapper % by_first_letter(words), re.IGNORECASE)
    assert len(TEXTS) > 5_000
    found = 0
    for text in TEXTS:
        spans = [m.span() for m in plain.finditer(text)]
        assert [m.span() for m in grouped.finditer(text)] == spans, text
        found += len(spans)
    assert found > 0  # the corpora hold words of every list


def test_groups_keep_order_and_leave_the_rest_last() -> None:
    assert by_first_letter("pass|passport|ssn|[ée]tat|(?:a|b)c|pin|x") == (
        "p(?:ass|assport|in)|s(?:sn)|[ée]tat|(?:a|b)c|x"
    )
    # the first alternative that matches still wins within its group: "pass" before "passport"
    grouped = re.compile(by_first_letter("pass|passport"))
    assert grouped.match("passport").group() == "pass"  # type: ignore[union-attr]


def test_bars_inside_groups_classes_and_escapes_do_not_split() -> None:
    assert by_first_letter(r"a(?:b|c)|[|x]y|\|z|q") == r"a(?:(?:b|c))|[|x]y|\|z|q"
