"""S5 scoring: one test per dimension, the guards against false activation, controlled types."""

import pytest
from recall_support import NOW_ISO, record

from memory_plugins.candidate import MemoryRecord, MemoryType
from memory_plugins.config import RecallConfig
from memory_plugins.recall.query import analyse_query
from memory_plugins.recall.scoring import DIMENSIONS, rank, score_record, select

CONFIG = RecallConfig()


def scores(query: str, rec: MemoryRecord, config: RecallConfig = CONFIG) -> dict[str, float]:
    result = score_record(analyse_query(query, config), rec, config)
    return {k: v for k, v in result.scores.items() if v} | {"total": result.total}


def test_each_tag_in_the_query_scores_three() -> None:
    tea = record("用户喜欢喝乌龙茶。", ("乌龙茶", "茶"), subject="乌龙", facet="")
    got = scores("推荐一款乌龙茶", tea)
    assert got["tags"] == 6.0  # both 乌龙茶 and 茶 are in the query


def test_tags_match_whole_words_in_english() -> None:
    tea = record("The user likes oolong tea.", ("oolong", "tea"), subject="oolong tea")
    assert scores("which tea should I brew?", tea)["tags"] == 3.0
    assert "tags" not in scores("our team is brewing beer", tea)


def test_identity_whole_scores_two_and_a_phrase_one() -> None:
    job = record(
        "用户是一名前端工程师。",
        ("前端工程师", "职业"),
        kind=MemoryType.STABLE_USER_CONTEXT,
        subject="前端工程师",
        facet="Windows PowerShell",
    )
    assert scores("前端工程师要学什么", job)["identity"] == 2.0
    assert scores("PowerShell 脚本怎么写", job)["identity"] == 1.0  # a phrase of the facet


def test_whole_text_in_the_query_scores_two() -> None:
    rec = record("The user is a night owl.", ("night owl", "sleep"), subject="sleep schedule")
    got = scores("Remember: the user is a night owl. Plan my day.", rec)
    assert got["text"] == 2.0


def test_cjk_phrases_weigh_by_type_and_count_once_each() -> None:
    style = record(
        "用户希望技术解释先用大白话。",
        ("大白话", "风格"),
        kind=MemoryType.COMMUNICATION_PREFERENCE,
        subject="回答风格",
    )
    got = scores("解释一下 React 的 useEffect", style)
    assert got["cjk_phrases"] == 2.0 and got["total"] == 2.0  # "解释": strong type, one phrase
    project = record(
        "用户在做一个个人知识库产品。",
        ("知识库", "产品"),
        kind=MemoryType.PROJECT_CONTEXT,
        subject="个人知识库",
    )
    weak = score_record(analyse_query("个人网站怎么做", CONFIG), project, CONFIG)
    assert weak.scores["cjk_phrases"] == 1.0  # weak type


def test_longest_shared_phrase_counts_once() -> None:
    tea = record("用户喜欢喝乌龙茶。", ("饮品", "偏好"), subject="饮品")
    got = score_record(analyse_query("乌龙茶哪里买", CONFIG), tea, CONFIG)
    assert got.matched["cjk_phrases"] == ["乌龙茶"] and got.scores["cjk_phrases"] == 2.0


def test_technical_tokens_score_one_and_a_half_plain_words_half_that() -> None:
    rec = record("用户写代码常用 VSCode。", ("编辑器", "工具"), subject="编辑器")
    assert scores("VSCode 有哪些插件", rec)["ascii_tokens"] == 1.5
    prose = record(
        "The user wants meeting notes as decisions.", ("notes", "minutes"), subject="minutes format"
    )
    got = scores("Schedule a meeting with Anna", prose)
    assert got["ascii_tokens"] == 0.75 and got["total"] < CONFIG.min_score


def test_common_words_alone_never_select() -> None:
    recs = [
        record("用户喜欢吃桃子。", ("桃子", "水果"), subject="桃子"),
        record("The user likes short answers.", ("short answers", "answers"), subject="answers"),
        record("用户以后想学一下日语。", ("日语", "学习"), subject="日语"),
    ]
    for query in (
        "你喜欢什么",
        "用户",
        "以后可以怎么样",
        "what do you like?",
        "the user",
        "please",
    ):
        ranking = rank(recs, query, CONFIG, NOW_ISO)
        assert ranking.hits == (), query


def test_common_word_tags_are_ignored() -> None:
    rec = record("用户喜欢喝茶。", ("喜欢", "用户"), subject="茶")
    assert "tags" not in scores("你喜欢什么，用户", rec)


def test_mixed_language_query() -> None:
    rec = record("用户写代码常用 VSCode，喜欢装各种插件。", ("VSCode", "插件"), subject="VSCode")
    ranking = rank([rec], "VSCode 有哪些插件", CONFIG, NOW_ISO)
    assert ranking.hits and ranking.hits[0].score == 3 + 3 + 2 + 1.5 + 2  # tags, id, token, 插件


@pytest.mark.parametrize(
    "kind", [MemoryType.PROJECT_CONTEXT, MemoryType.RISK_PREFERENCE, MemoryType.STABLE_USER_CONTEXT]
)
def test_controlled_types_need_lexical_overlap(kind: MemoryType) -> None:
    rec = record(
        "用户的投资偏保守，不考虑高风险产品。", ("理财", "保守型"), kind=kind, subject="理财"
    )
    ranking = rank([rec], "高风险运动有哪些", CONFIG, NOW_ISO)  # only a shared phrase
    [item] = ranking.considered
    assert item.total == 0 and item.scores["cjk_phrases"] > 0
    assert item.reason is not None and item.reason.value == "controlled_type_no_overlap"
    assert rank([rec], "理财产品推荐", CONFIG, NOW_ISO).hits  # a tag is lexical overlap


def test_stable_user_context_allows_identity_phrases() -> None:
    job = record(
        "用户是一名前端工程师。",
        ("职业", "背景"),
        kind=MemoryType.STABLE_USER_CONTEXT,
        subject="前端工程师",
    )
    assert rank([job], "前端要学哪些框架", CONFIG, NOW_ISO).hits


@pytest.mark.parametrize("query", ["do you know my job?", "你知道我是做什么工作的吗"])
def test_self_context_cue_selects_the_matching_background(query: str) -> None:
    job = record(
        "The user is a frontend engineer.",
        ("frontend", "engineer"),
        kind=MemoryType.STABLE_USER_CONTEXT,
        subject="occupation",
        key="a-job",
    )
    home = record(
        "用户住在杭州。",
        ("杭州", "居住地"),
        kind=MemoryType.STABLE_USER_CONTEXT,
        subject="居住城市",
        key="b-home",
    )
    ranking = rank([job, home], query, CONFIG, NOW_ISO)
    assert [h.record.key for h in ranking.hits] == ["a-job"]
    assert ranking.hits[0].score == CONFIG.self_context_weight


def test_self_context_cue_needs_first_person() -> None:
    job = record(
        "用户是一名前端工程师。", ("前端工程师", "职业"), kind=MemoryType.STABLE_USER_CONTEXT
    )
    assert not rank([job], "哪个工作最赚钱", CONFIG, NOW_ISO).hits


def test_records_without_features_are_scored_on_the_fly() -> None:
    old = record("用户喜欢吃桃子。", ("桃子", "水果"), with_features=False)
    new = record("用户喜欢吃桃子。", ("桃子", "水果"))
    assert old.features is None
    query = analyse_query("推荐几种水果", CONFIG)
    assert score_record(query, old, CONFIG) == score_record(query, new, CONFIG)


def test_weights_and_threshold_come_from_config() -> None:
    tea = record("The user likes oolong tea.", ("oolong", "tea"), subject="oolong tea")
    strict = RecallConfig(min_score=10.0)
    assert not rank([tea], "oolong tea", strict, NOW_ISO).hits
    heavy = RecallConfig(tag_weight=5.0)
    assert scores("tea time", tea, heavy)["tags"] == 5.0


def test_rank_select_and_score_record_read_the_same_dimensions() -> None:
    records = [
        record("用户喜欢喝乌龙茶。", ("乌龙茶", "茶"), key="tea"),
        record("The user codes in Python with FastAPI.", ("python",), subject="FastAPI", key="py"),
        record(
            "用户是一名前端工程师。",
            ("前端工程师", "职业"),
            kind=MemoryType.STABLE_USER_CONTEXT,
            subject="前端工程师",
            facet="职业",
            key="job",
        ),
        record(
            "项目使用 Kubernetes 部署。",
            ("kubernetes",),
            kind=MemoryType.PROJECT_CONTEXT,
            key="k8s",
        ),
    ]
    for query in ("推荐一款乌龙茶", "my python fastapi app", "我的工作怎么样", "部署到 kubernetes"):
        ranking = rank(records, query, CONFIG, NOW_ISO)
        selected = select(records, query, CONFIG, NOW_ISO)
        assert [(h.record.key, h.score) for h in selected] == [
            (h.record.key, h.score) for h in ranking.hits
        ]
        profile = analyse_query(query, CONFIG)
        for seen in ranking.considered:
            alone = score_record(profile, seen.record, CONFIG)
            assert list(seen.scores) == list(DIMENSIONS)
            assert (seen.scores, seen.matched, seen.total) == (
                alone.scores,
                alone.matched,
                alone.total,
            )
            if not alone.blocked:
                assert alone.total == pytest.approx(sum(alone.scores.values()))
    assert any(h.record.key == "job" for h in rank(records, "我的工作怎么样", CONFIG, NOW_ISO).hits)
