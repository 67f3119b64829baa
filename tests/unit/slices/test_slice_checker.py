"""The violation checker: items, lengths, language, format, terms."""

import pytest

from memory_plugins.errors import SnapshotValidationError
from memory_plugins.slices.checker import check_output, item_length, split_items
from memory_plugins.slices.constraints import ConstraintSnapshot
from memory_plugins.slices.language import detect_language


def fields(constraints: dict[str, object], output: str) -> list[str]:
    return [v.field for v in check_output(constraints, output)]


def test_items_are_list_lines_then_table_rows_then_json_then_lines_then_sentences() -> None:
    assert split_items("Here you go:\n1. a\n2) b\n- c\n一、丁") == ["a", "b", "c", "丁"]
    assert split_items("| h |\n|---|\n| 1 |\n| 2 |") == ["| 1 |", "| 2 |"]
    assert split_items('["x", "y"]') == ["x", "y"]
    assert split_items("Ideas:\nLuna\nMilo") == ["Luna", "Milo"]
    assert split_items("One. Two! Three?") == ["One.", "Two!", "Three?"]
    assert split_items("1. A\n   - nested\n2. B") == ["A", "B"]


def test_length_is_characters_for_chinese_and_words_otherwise() -> None:
    assert item_length("一杯好茶，一段好时光") == 9
    assert item_length("Fresh bread, every single day.") == 5
    assert item_length("Fresh bread", "chars") == 11
    assert item_length("用Python写") == 8


def test_length_applies_per_item_only_when_a_count_was_asked() -> None:
    two_long = "1. " + "word " * 8 + "\n2. " + "word " * 8
    assert fields({"max_length": 10}, two_long) == ["max_length"]
    assert fields({"max_length": 10, "max_count": 2}, two_long) == []


def test_the_detail_says_what_is_wrong() -> None:
    (violation,) = check_output(ConstraintSnapshot(max_count=2), "1. a\n2. b\n3. c")
    assert (violation.expected, violation.actual) == (2, 3)
    assert "3 items" in violation.detail


@pytest.mark.parametrize(
    ("language", "output", "violated"),
    [
        ("zh", "这个函数用了`async`和`await`，需要Python 3.7以上。", False),
        ("en", "Sure! The word 说明书 means specification.", False),
        ("en", "这是中文回答。", True),
        ("zh", "```python\nprint('hello world')\n```\n这段代码打印问候语。", False),
        ("ja", "こんにちは、元気ですか？", False),
        ("fr", "Hello, here is the summary.", True),
    ],
)
def test_language_of_the_prose(language: str, output: str, violated: bool) -> None:
    assert (fields({"language": language}, output) == ["language"]) is violated


def test_formats_terms_and_tone() -> None:
    assert fields({"format": "json"}, '```json\n{"a": 1}\n```') == []
    assert fields({"format": "table"}, "a: 1") == ["format"]
    assert fields({"format": "plain"}, "# Title") == ["format"]
    assert fields(
        {"exclude": ["Synergy"], "include": ["free shipping"]}, "SYNERGY now, Free Shipping!"
    ) == ["exclude"]
    assert fields({"tone": "formal"}, "yo lol") == []  # tone is recorded, never checked


def test_an_invalid_constraint_dict_is_refused() -> None:
    with pytest.raises(SnapshotValidationError):
        check_output({"max_count": -1}, "x")


def test_detect_language_weighs_scripts() -> None:
    assert detect_language("用Python写一个function来处理JSON") == "zh"
    assert detect_language("Guten Tag, das ist die Zusammenfassung und nicht mehr.") == "de"
    assert detect_language("안녕하세요 반갑습니다") == "ko"
