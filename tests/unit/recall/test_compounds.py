"""A memory's word as the modifier of another noun in a question about the world names
which kind of another thing (``RecallConfig.modifier_compounds``,
:mod:`memory_plugins.recall.compounds`): 钢琴 in 钢琴烤漆, "Friday" in "the Friday prayer"."""

from typing import Any

import pytest
from langgraph.store.memory import InMemoryStore
from recall_support import candidate

from memory_plugins import MemoryConfig, MemoryEngine
from memory_plugins.config import RecallConfig
from memory_plugins.recall.compounds import MAX_CHARS, compounds, other_things, warm
from memory_plugins.recall.explain import consideration_json, format_explanation
from memory_plugins.recall.query import lexicon_for
from memory_plugins.recall.scoring import ARRAYS_FROM
from memory_plugins.recall.types import SkipReason

SECRET = "compound-tests-secret-0123"


@pytest.fixture(autouse=True)
def _dictionary_loaded() -> None:
    # Chinese compounds are read once jieba's dictionary has loaded (in the background the
    # first time a question needs it); these tests load it first.
    assert warm()


PIANO = "用户会弹钢琴，学了十年。"
FRIDAY = "The user blocks Friday afternoons for deep work with no meetings."


def _piano() -> dict[str, Any]:
    return candidate(
        PIANO, ["钢琴", "弹琴"], type="stable_user_context", identity={"subject": "弹钢琴"}
    )


def _friday() -> dict[str, Any]:
    return candidate(
        FRIDAY,
        ["Friday", "deep work"],
        type="workflow_preference",
        identity={"subject": "deep work"},
    )


def _engine(*memories: dict[str, Any], **recall: Any) -> MemoryEngine:
    engine = MemoryEngine(
        InMemoryStore(), MemoryConfig(principal_secret=SECRET, recall=RecallConfig(**recall))
    )
    outcomes = engine.remember("u", list(memories), source_conversation_id="c-1")
    assert all(o.key for o in outcomes), outcomes
    return engine


def _recalled(engine: MemoryEngine, query: str) -> list[str]:
    return [hit.record.text for hit in engine.recall("u", query).hits]


@pytest.mark.parametrize(
    ("memory", "query"),
    [
        (_piano, "钢琴烤漆是什么工艺？"),
        (_friday, "What is the Friday prayer in Islam?"),
    ],
)
def test_a_word_that_modifies_another_noun_in_a_question_recalls_nothing(
    memory: Any, query: str
) -> None:
    assert _recalled(_engine(memory()), query) == []
    # The same word counted as before, with the rule off.
    assert _recalled(_engine(memory(), modifier_compounds=False), query) == [memory()["text"]]


def test_explain_names_the_compound() -> None:
    engine = _engine(_friday())
    explanation = engine.explain("u", "What is the Friday prayer in Islam?")
    [item] = explanation.considered
    assert item.reason is SkipReason.OTHER_SENSE
    assert consideration_json(item)["reason"] == "other_sense"
    assert "friday prayer: the memory's word names which kind of another thing" in (
        format_explanation(explanation)
    )


def test_the_word_used_as_itself_or_in_a_request_still_recalls() -> None:
    engine = _engine(_piano(), _friday())
    # The word as the thing itself, not a modifier.
    assert _recalled(engine, "钢琴是什么时候发明的？") == [PIANO]
    # A compound whose head the memory holds too.
    teacher = _engine(
        candidate("用户是钢琴老师。", ["钢琴老师", "教琴"], type="stable_user_context")
    )
    assert _recalled(teacher, "钢琴老师是什么职业？") == ["用户是钢琴老师。"]
    # A request, a choice and the user's own situation are not questions about the world.
    assert _recalled(engine, "推荐一款钢琴烤漆的琴凳") == [PIANO]
    assert _recalled(engine, "What is a good Friday prayer routine for me?") == [FRIDAY]


def test_a_verb_after_the_word_is_no_compound() -> None:
    stop = lexicon_for(RecallConfig()).stop_raw
    assert compounds("Why does the cat purr?", stop) == ()
    found = compounds("Where did the Spanish flu start?", stop)
    assert [(c.modifier, c.head) for c in found] == [("Spanish", "flu")]
    cat = _engine(candidate("The user has a cat named Biscuit.", ["cat", "Biscuit"]))
    assert _recalled(cat, "Why does the cat purr?") == ["The user has a cat named Biscuit."]


def test_a_word_of_a_name_after_of_names_an_aspect_of_the_named_thing() -> None:
    stop = lexicon_for(RecallConfig()).stop_raw
    found = compounds("What is the height of the Eiffel Tower?", stop)
    assert ("height", "Eiffel Tower") in [(c.modifier, c.head) for c in found]
    heights = "The user is afraid of heights."
    engine = _engine(candidate(heights, ["heights", "fear"], type="stable_user_context"))
    assert _recalled(engine, "What is the height of the Eiffel Tower?") == []
    assert _recalled(engine, "What is the height of the Jungfrau in metres?") == []
    # A name the memory holds too, a word that names the thing itself, or a request.
    assert _recalled(engine, "Which heights should I avoid on the Eiffel Tower?") == [heights]
    assert compounds("What is the name of the Queen?", stop) == ()
    roses = "The user loves gardening, especially growing roses in Sharon."
    garden = _engine(candidate(roses, ["roses", "gardening"], type="stable_user_context"))
    assert _recalled(garden, "What is the rose of Sharon?") == [roses]


def test_a_one_character_head_counts_only_with_its_modifier() -> None:
    # 家 of 一家 is no 银行家: a head of one character is looked for in the whole only.
    bank = "用户在一家银行做柜员。"
    engine = _engine(candidate(bank, ["银行", "柜员"], type="stable_user_context"))
    assert _recalled(engine, "银行家算法是什么？") == []
    assert other_things(compounds("银行家算法是什么？"), " 用户在一家银行做柜员 ") != ()


def test_a_long_text_is_read_for_no_compound() -> None:
    # A question is short; a pasted page would cost every record a look at each compound.
    question = "钢琴烤漆是什么工艺？"
    padding = "。" * (MAX_CHARS - len(question) + 1)
    assert compounds(question) != ()
    assert compounds(question + padding) == ()


def test_a_place_name_is_no_compound() -> None:
    # 杭州市 is Hangzhou, not another thing that 杭州 modifies.
    assert [c.phrase for c in compounds("杭州市有哪些景点")] == []
    assert other_things(compounds("苏州园林有哪些景点"), " 用户考虑定居苏州 ") == ("苏州园林",)


def test_types_that_shape_every_answer_are_exempt() -> None:
    text = "回答钢琴相关问题时先给结论。"
    how = {"type": "communication_preference", "identity": {"subject": "回答方式"}}
    engine = _engine(candidate(text, ["钢琴", "先给结论"], **how))
    assert _recalled(engine, "钢琴烤漆是什么工艺？") == [text]


def test_many_records_are_scored_the_same_way() -> None:
    # From ARRAYS_FROM candidates on, records are scored in arrays; a query with a
    # compound is scored one record at a time, so the rule holds there too.
    fillers = [
        candidate(
            f"用户收藏了第{i}首钢琴曲谱。",
            ["钢琴", f"曲谱{i}"],
            identity={"subject": f"曲谱{i}", "polarity": "prefer"},
        )
        for i in range(ARRAYS_FROM + 2)
    ]
    engine = _engine(*fillers)
    assert _recalled(engine, "钢琴烤漆是什么工艺？") == []
    assert len(_recalled(engine, "推荐钢琴曲谱")) == 3


def test_without_jieba_only_english_compounds_are_read(monkeypatch: pytest.MonkeyPatch) -> None:
    from memory_plugins.recall import compounds as module

    stop = lexicon_for(RecallConfig()).stop_raw
    monkeypatch.setattr(module, "_posseg", lambda: None)
    assert module.compounds("钢琴烤漆是什么工艺？", stop) == ()
    found = module.compounds("What is the Friday prayer 和 钢琴烤漆?", stop)
    assert [(c.modifier, c.head) for c in found] == [("Friday", "prayer")]


def test_without_jieba_nothing_is_loaded(monkeypatch: pytest.MonkeyPatch) -> None:
    from memory_plugins.recall import compounds as module

    monkeypatch.setattr(module, "_loaded", [])
    monkeypatch.setattr(module, "_loading", [])
    monkeypatch.setattr(module, "find_spec", lambda name: None)
    assert module.compounds("钢琴烤漆是什么工艺？") == ()
    assert module._loading == [] and module._loaded == [None]


def test_a_dictionary_that_fails_to_load_turns_the_chinese_half_off(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    from memory_plugins.recall import compounds as module

    def broken() -> None:
        raise OSError("cache unreadable")

    monkeypatch.setattr(module, "_loaded", [])
    monkeypatch.setattr(module, "_load", broken)
    assert module.warm() is False
    assert module.compounds("钢琴烤漆是什么工艺？") == ()
    assert "jieba failed to load" in caplog.text


def test_a_question_never_waits_for_the_dictionary(monkeypatch: pytest.MonkeyPatch) -> None:
    # Before jieba's dictionary has loaded, a question is scored without Chinese compounds
    # and the load starts in the background; from then on they are read.
    from memory_plugins.recall import compounds as module

    started: list[bool] = []
    monkeypatch.setattr(module, "_loaded", [])
    monkeypatch.setattr(module, "_loading", [])
    monkeypatch.setattr(module, "_load_now", lambda: started.append(True))
    engine = _engine(_piano())
    assert _recalled(engine, "钢琴烤漆是什么工艺？") == [PIANO]
    module._loading[0].join(timeout=5)
    assert started == [True]
    module._loaded.append(module._load())
    assert _recalled(engine, "钢琴烤漆是什么工艺 ？") == []


def test_a_possessive_ends_an_english_noun_phrase() -> None:
    [whole, inner] = compounds("What is the Toronto Stock Exchange's main index?")
    assert (whole.modifier, whole.head) == ("Toronto", "Stock Exchange")
    assert (inner.modifier, inner.head) == ("Stock", "Exchange")
    [flu] = compounds("Why was the Spanish flu's death toll so high?")
    assert (flu.modifier, flu.head) == ("Spanish", "flu")
    # A possessor of one word is no compound; the noun phrase after it may be one.
    assert compounds("What is the cat's name?") == ()
    [room] = compounds("Where is the museum's Monet room?")
    assert (room.modifier, room.head) == ("Monet", "room")


def test_a_possessor_named_by_a_city_does_not_recall_who_lives_there() -> None:
    engine = MemoryEngine(InMemoryStore(), MemoryConfig(principal_secret=SECRET))
    engine.remember(
        "u",
        [
            candidate(
                "The user lives in Lyon.",
                ["Lyon", "city"],
                type="stable_user_context",
                identity={"subject": "Lyon"},
            )
        ],
        source_conversation_id="c-1",
    )
    assert not engine.recall("u", "What is the Lyon Opera House's oldest production?").hits
    assert [h.record.text for h in engine.recall("u", "Recommend a restaurant in Lyon").hits] == [
        "The user lives in Lyon."
    ]


def test_how_a_thing_is_made_is_a_question_about_the_world() -> None:
    engine = MemoryEngine(InMemoryStore(), MemoryConfig(principal_secret=SECRET))
    engine.remember(
        "u",
        [
            candidate(
                "用户对芝麻过敏。",
                ["芝麻", "过敏"],
                type="recurring_constraint",
                identity={"subject": "芝麻", "facet": "过敏"},
            ),
            candidate(
                "The user is allergic to sesame.",
                ["sesame", "allergy"],
                type="recurring_constraint",
                identity={"subject": "sesame", "facet": "allergy"},
            ),
        ],
        source_conversation_id="c-1",
    )
    assert not engine.recall("u", "芝麻酱是怎么磨出来的？").hits  # a sauce, made so
    # In English the passive makes a question about the world too (its rules kept at 45%).
    assert "fact_question" in format_explanation(engine.explain("u", "How is sesame oil made?"))
    assert "fact_question" not in format_explanation(
        engine.explain("u", "How do I make sesame oil?")
    )
    # A how-to the user will follow, and how someone did something, still recall it.
    assert engine.recall("u", "芝麻酱拌面怎么做？").hits
    assert engine.recall("u", "芝麻饼是怎么被评上非遗的？").hits
