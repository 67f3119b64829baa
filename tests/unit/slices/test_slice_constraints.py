"""Constraint snapshots: extraction rules and the versioned schema."""

import pytest

from memory_plugins.errors import SnapshotValidationError
from memory_plugins.slices.constraints import ConstraintSnapshot, extract_constraints
from memory_plugins.slices.numbers import parse_number
from memory_plugins.slices.validation import load_schema


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("给我五个标题", {"max_count": 5}),
        ("帮我列十条注意事项", {"max_count": 10}),
        ("写两封感谢信", {"max_count": 2}),
        ("给我3个口号", {"max_count": 3}),
        ("Give me three ideas", {"max_count": 3}),
        ("List at most 5 risks", {"max_count": 5}),
        ("at least twenty-one examples", {"min_count": 21}),
        ("二十五条建议，每条不超过三十字", {"max_count": 25, "max_length": 30}),
    ],
)
def test_counts_in_chinese_arabic_and_english_numerals(text: str, expected: dict[str, int]) -> None:
    assert extract_constraints(text).to_dict() == expected


def test_approximate_numbers_are_not_hard_conditions() -> None:
    assert extract_constraints("写一篇800字左右的文章").is_empty
    assert extract_constraints("Rewrite this in about 150 words").is_empty


def test_a_single_item_counts_only_when_stressed() -> None:
    assert extract_constraints("写一个函数").is_empty
    assert extract_constraints("只要一个标题").to_dict() == {"max_count": 1}
    assert extract_constraints("用一句话概括").to_dict() == {"max_count": 1}
    assert extract_constraints("Summarize it in one sentence").to_dict() == {"max_count": 1}


def test_numbers_that_name_existing_things_are_ignored() -> None:
    for text in (
        "第3条需求改一下",
        "对比这两款手机",
        "Fix the 3 failing tests",
        "claim 5 is too broad",
        "What happened in 2008?",
    ):
        assert extract_constraints(text).is_empty, text


def test_lengths_per_item_or_in_total() -> None:
    assert extract_constraints("写3个标题，每个不超过12个字").to_dict() == {
        "max_count": 3,
        "max_length": 12,
    }
    assert extract_constraints("写两段话，总共不超过300字").to_dict() == {
        "max_count": 2,
        "max_total_length": 300,
    }
    assert extract_constraints("Two paragraphs, under 120 words in total").to_dict() == {
        "max_count": 2,
        "max_total_length": 120,
    }
    assert extract_constraints("Write a tweet, max 280 characters").to_dict() == {
        "max_length": 280,
        "length_unit": "chars",
    }


def test_the_output_language_is_the_translation_target() -> None:
    assert extract_constraints("把这段英文翻译成中文").language == "zh"
    assert extract_constraints("Translate this Chinese text into English").language == "en"
    assert extract_constraints("帮我取3个英文名").language is None


def test_schema_is_versioned_and_closed() -> None:
    schema = load_schema("constraint_snapshot.v1")
    assert schema["additionalProperties"] is False
    assert schema["$id"].endswith("constraint_snapshot.v1.json")


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"max_count": 0}, "less than the minimum of 1"),
        ({"max_count": "five"}, "is not of type 'integer'"),
        ({"language": "klingon"}, "is not one of"),
        ({"colour": "red"}, "Additional properties are not allowed"),
        ({"min_count": 5, "max_count": 3}, "min_count .5. is greater than max_count .3."),
    ],
)
def test_invalid_snapshots_raise_with_the_schema_message(
    data: dict[str, object], message: str
) -> None:
    with pytest.raises(SnapshotValidationError, match=message):
        ConstraintSnapshot.from_dict(data)


def test_contradictory_requests_still_yield_a_valid_snapshot() -> None:
    snapshot = extract_constraints("at least 5 ideas, at most 3 ideas")
    assert snapshot.to_dict() == {"max_count": 3}


def test_snapshot_round_trips_through_json() -> None:
    snapshot = extract_constraints("给我五个口号，不要用“第一”“最好”这类词，语气轻松")
    assert ConstraintSnapshot.from_dict(snapshot.to_dict()) == snapshot
    assert snapshot.exclude == ("第一", "最好") and snapshot.tone == "casual"


@pytest.mark.parametrize(
    ("text", "value"),
    [("5", 5), ("５", 5), ("五", 5), ("两", 2), ("十", 10), ("十二", 12), ("二十", 20), ("一百零五", 105),
     ("三百五", 350), ("两千", 2000), ("three", 3), ("twenty-one", 21), ("a dozen", 12), ("many", None)],
)  # fmt: skip
def test_numbers(text: str, value: int | None) -> None:
    assert parse_number(text) == value
