"""Intent anchors as a user sees them: action, canonical target, language, key."""

import json
import logging
from pathlib import Path

import pytest

from memory_plugins.errors import ConfigurationError, MissingExtraError
from memory_plugins.slices import pipelines
from memory_plugins.slices.actions import IntentAction
from memory_plugins.slices.anchors import IntentExtractor, extract_intent, target_matches
from memory_plugins.slices.constraints import extract_constraints
from memory_plugins.slices.validation import schema_errors


def test_numbered_claims_normalise_to_one_canonical_target(extractor: IntentExtractor) -> None:
    zh = extractor.extract("请修改权利要求1的措辞")
    en = extractor.extract("Please revise claims 1-3")
    assert (zh.action, zh.target, zh.target_id) == (IntentAction.MODIFY, "权利要求", "claim")
    assert (en.action, en.target, en.target_id) == (IntentAction.MODIFY, "claim", "claim")
    assert zh.key == en.key == "modify:claim"


def test_target_is_labelled_in_the_language_of_the_request(extractor: IntentExtractor) -> None:
    assert extractor.extract("帮我写几个测试用例").target == "测试用例"
    assert extractor.extract("Write a few test cases").target == "test case"
    # A quoted foreign object does not change the language of the request.
    assert extractor.extract("请将以下内容翻译为中文：The quick brown fox").lang == "zh"
    assert extractor.extract("Translate “说明书” into English").lang == "en"


@pytest.mark.parametrize(
    "text", ["好的", "thanks!", "我昨天改了一下简历", "I already translated it myself"]
)
def test_no_task_means_no_anchor_target(extractor: IntentExtractor, text: str) -> None:
    anchor = extractor.extract(text)
    assert anchor.action is IntentAction.UNKNOWN
    assert anchor.target is None and not anchor.is_task
    assert anchor.key == "unknown:-"


@pytest.mark.parametrize(
    ("text", "action"),
    [
        ("不要删除这段代码，帮我加上注释", IntentAction.GENERATE),
        ("Don't translate the code, just explain it", IntentAction.EXPLAIN),
        ("能不能把这份PPT压缩到10页以内", IntentAction.MODIFY),
    ],
)
def test_negated_verbs_do_not_decide_the_action(
    extractor: IntentExtractor, text: str, action: IntentAction
) -> None:
    assert extractor.extract(text).action is action


def test_question_shapes_and_action_nouns(extractor: IntentExtractor) -> None:
    assert extractor.extract("权利要求3是什么意思").action is IntentAction.EXPLAIN
    assert extractor.extract("给这篇博客写一段摘要").key == "summarize:article"
    assert (
        extractor.extract("Give me a quick summary of this thread").action is IntentAction.SUMMARIZE
    )
    assert extractor.extract(
        "What's the difference between a unit test and an integration test?"
    ).action is (IntentAction.COMPARE)


def test_nouns_outside_every_pack_become_normalised_fallback_targets(
    extractor: IntentExtractor,
) -> None:
    anchor = extractor.extract("Walk me through how OAuth works")
    assert (anchor.action, anchor.target, anchor.domain) == (IntentAction.EXPLAIN, "oauth", None)
    assert extractor.extract("搜一下有没有现成的日期解析库").target in {"日期解析库", "解析库"}


def test_stage_says_which_stage_found_the_action(extractor: IntentExtractor) -> None:
    assert extractor.extract("帮我润色一下这篇作文").stage == "rules"
    # 介绍 is also a noun: the jieba POS tag (verb) makes it a cue.
    pos_only = extractor.extract("请你介绍这个项目")
    assert (pos_only.action, pos_only.stage) == (IntentAction.EXPLAIN, "spacy")
    assert extractor.extract("刚才那个翻译挺准确的").action is IntentAction.UNKNOWN
    assert extractor.extract("这份总结写得不错").action is IntentAction.UNKNOWN
    assert extractor.extract("麻烦总结一篇关于远程办公的文章").key == "summarize:article"


def test_anchor_json_matches_its_schema(extractor: IntentExtractor) -> None:
    for text in ("把这封邮件翻译成英文", "ok", "Explain recursion"):
        assert schema_errors("intent_anchor.v1", extractor.extract(text).to_dict()) == []


def test_user_packs_from_a_dict_or_a_file_win_over_shipped_ones(tmp_path: Path) -> None:
    cooking = {
        "name": "cooking",
        "version": 1,
        "targets": [
            {
                "id": "recipe",
                "labels": {"zh": "菜谱", "en": "recipe"},
                "synonyms": ["食谱", "recipes"],
            }
        ],
    }
    path = tmp_path / "legal.json"
    path.write_text(
        json.dumps(
            {
                "name": "legal",
                "version": 1,
                "targets": [
                    {
                        "id": "nda",
                        "labels": {"en": "NDA"},
                        "synonyms": ["contract", "non-disclosure agreement"],
                    }
                ],
            }
        ),
        encoding="utf-8",
    )
    extractor = IntentExtractor([cooking, path], nlp="off")
    assert extractor.extract("帮我写一份红烧肉的食谱").key == "generate:recipe"
    # The shipped general pack maps "contract" to document; the user's pack wins.
    assert extractor.extract("Review this contract").target == "NDA"


def test_an_invalid_pack_is_a_configuration_error_that_says_why() -> None:
    with pytest.raises(ConfigurationError, match="labels"):
        IntentExtractor([{"name": "bad", "version": 1, "targets": [{"id": "x", "synonyms": []}]}])
    with pytest.raises(ConfigurationError, match="bad pattern"):
        IntentExtractor(
            [
                {
                    "name": "bad",
                    "version": 1,
                    "targets": [
                        {"id": "x", "labels": {"en": "x"}, "synonyms": [], "patterns": ["("]}
                    ],
                }
            ]
        )


def test_rules_and_packs_work_without_spacy() -> None:
    rules_only = IntentExtractor(nlp="off")
    assert rules_only.extract("帮我优化一下说明书的背景技术部分").key == "modify:specification"
    assert (
        rules_only.extract("搜一下有没有现成的日期解析库").target is None
    )  # needs the spaCy stage


def test_missing_nlp_extra_degrades_or_fails_as_asked(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    def missing(lang: str, *, trained: bool = True) -> object:
        raise MissingExtraError("the spaCy stage of intent anchors", "slices", "spacy")

    monkeypatch.setattr("memory_plugins.slices.anchors.load_pipeline", missing)
    auto = IntentExtractor()
    with caplog.at_level(logging.WARNING, logger="memory_plugins"):
        assert auto.extract("好的").action is IntentAction.UNKNOWN
        assert auto.extract("嗯").action is IntentAction.UNKNOWN
    assert sum("memory-plugins[slices]" in r.message for r in caplog.records) == 1
    with pytest.raises(MissingExtraError, match=r"memory-plugins\[slices\]"):
        IntentExtractor(nlp="required").extract("好的")
    assert pipelines.TRAINED_PIPELINES["en"][0] == "en_core_web_sm"


def test_eval_target_rule_is_case_insensitive_and_folds_plurals() -> None:
    assert target_matches("Test case", ["test cases"])
    assert target_matches("API", ["APIs"])
    assert not target_matches("claim", [])
    assert not target_matches(None, ["claim"])
    assert extract_intent("请把这封邮件翻译成英文").key == "translate:email"


def test_a_long_paste_is_read_from_its_head_and_tail(extractor: IntentExtractor) -> None:
    text = (
        "The quick brown fox jumps over the lazy dog. " * 500
        + "\n\nSummarize the above in 3 bullet points"
    )
    # (how long the rules take on such a paste is `memory-plugins bench intent`'s to print)
    anchor = extractor.extract(text)
    snapshot = extract_constraints(text)
    assert anchor.action is IntentAction.SUMMARIZE
    assert snapshot.to_dict() == {"max_count": 3, "format": "bullet"}
