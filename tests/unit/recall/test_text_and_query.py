"""Text analysis and query analysis: normalisation, units, stems, common words."""

import pytest

from memory_plugins.config import RecallConfig
from memory_plugins.recall.query import analyse_query
from memory_plugins.recall.text import canonical, needle, stem, units


def test_nfkc_and_case_folding_make_full_width_and_case_irrelevant() -> None:
    assert canonical("ＶＳＣｏｄｅ") == canonical("vscode") == " vscode "


def test_technical_words_stay_whole() -> None:
    forms = [u.form for u in units("C++ and C# with node.js, gpt-4o and snake_case")]
    assert forms == ["c++", "and", "c#", "with", "node.js", "gpt-4o", "and", "snake_case"]


def test_cjk_runs_join_across_spaces_but_not_punctuation() -> None:
    assert [u.form for u in units("前端 工程师，乌龙茶")] == ["前端工程师", "乌龙茶"]


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("units", "unit"),
        ("libraries", "library"),
        ("coding", "code"),
        ("baking", "bake"),
        ("running", "run"),
        ("notes", "note"),
        ("movies", "movie"),
        ("deleted", "delete"),
    ],
)
def test_plural_and_inflection_fold_to_one_stem(a: str, b: str) -> None:
    assert stem(a) == stem(b)


def test_invariant_words_keep_their_s() -> None:
    assert stem("news") == "news" and stem("news") != stem("new")


def test_needles_respect_word_boundaries_for_words_only() -> None:
    query = canonical("Which tea should my team brew? 推荐乌龙茶吧")
    assert needle("tea") in query and needle("乌龙茶") in query
    assert needle("eam") not in query  # words match whole, never inside another word


def test_technical_marks_names_and_terms_not_sentence_starts() -> None:
    marks = {u.raw: u.technical for u in units("The user builds React apps on an M2 MacBook.")}
    assert marks["react"] and marks["m2"] and marks["macbook"]
    assert not marks["the"] and not marks["apps"]


def test_query_common_words_are_not_informative() -> None:
    profile = analyse_query("你喜欢什么？可以帮我一下吗 What do you like, please?", RecallConfig())
    assert profile.tokens == () and not profile.phrases


def test_mixed_query_keeps_technical_tokens_and_cjk_phrases() -> None:
    profile = analyse_query("VSCode 有哪些好用的插件", RecallConfig())
    assert profile.tokens == ("vscode",)
    assert {"插件", "好用"} <= profile.phrases


def test_leading_greeting_is_common_but_the_same_words_later_are_not() -> None:
    assert analyse_query("Good morning!", RecallConfig()).tokens == ()
    assert "morn" in analyse_query("a good morning routine", RecallConfig()).tokens


def test_self_context_needs_a_first_person_marker() -> None:
    config = RecallConfig()
    assert analyse_query("do you know my job?", config).facets == (0,)
    assert analyse_query("你知道我是做什么工作的吗", config).facets == (0,)
    assert analyse_query("which job pays best?", config).facets == ()


def test_custom_common_words_are_honoured() -> None:
    config = RecallConfig(common_words=frozenset({"tea"}))
    assert analyse_query("tea please", config).tokens == ("pleas",)
