"""One word of a question about something else does not recall a memory on its own
(``RecallConfig.one_word_in_passing``, :mod:`memory_plugins.recall.passing`)."""

from typing import Any

from langgraph.store.memory import InMemoryStore
from recall_support import candidate

from memory_plugins import MemoryConfig, MemoryEngine
from memory_plugins.config import RecallConfig
from memory_plugins.recall.explain import consideration_json, format_explanation
from memory_plugins.recall.types import SkipReason

SECRET = "passing-tests-secret-0123"


def _engine(*memories: dict[str, Any], **recall: Any) -> MemoryEngine:
    recall.setdefault("one_word_in_passing", True)
    engine = MemoryEngine(
        InMemoryStore(), MemoryConfig(principal_secret=SECRET, recall=RecallConfig(**recall))
    )
    outcomes = engine.remember("u", list(memories), source_conversation_id="c-1")
    assert all(o.key for o in outcomes), outcomes
    return engine


def _chess() -> dict[str, Any]:
    return candidate(
        "The user plays chess at a club every Tuesday evening.",
        ["chess", "Tuesday"],
        type="workflow_preference",
        identity={"subject": "chess club"},
    )


def _tea() -> dict[str, Any]:
    return candidate(
        "用户喜欢喝普洱茶。", ["普洱茶", "茶"], identity={"subject": "普洱茶", "polarity": "prefer"}
    )


def _recalled(engine: MemoryEngine, query: str) -> list[str]:
    return [hit.record.text for hit in engine.recall("u", query).hits]


def test_one_shared_word_of_a_question_about_something_else_recalls_nothing() -> None:
    engine = _engine(_chess())
    assert _recalled(engine, "What is Super Tuesday in American elections?") == []
    [item] = engine.explain("u", "What is Super Tuesday in American elections?").considered
    assert item.reason is SkipReason.ONE_WORD_IN_PASSING
    assert item.matched["passing"] and consideration_json(item)["reason"] == "one_word_in_passing"
    assert "one_word_in_passing" in format_explanation(
        engine.explain("u", "What is Super Tuesday in American elections?")
    )
    # Counted in every dimension (the default), the same word selects the memory.
    plain = MemoryEngine(InMemoryStore(), MemoryConfig(principal_secret=SECRET))
    plain.remember("u", [_chess()], source_conversation_id="c-1")
    assert _recalled(plain, "What is Super Tuesday in American elections?") == [
        "The user plays chess at a club every Tuesday evening."
    ]


def test_the_same_word_in_a_request_or_with_a_second_word_still_recalls() -> None:
    engine = _engine(_chess())
    memory = ["The user plays chess at a club every Tuesday evening."]
    assert _recalled(engine, "Plan my week, Tuesday included") == memory
    assert _recalled(engine, "What is a good chess opening for Tuesday's club night?") == memory
    assert _recalled(engine, "Why do chess clubs meet on Tuesday evenings?") == memory


def test_a_comparison_or_a_question_about_the_users_own_material_still_recalls() -> None:
    engine = _engine(_tea())
    assert _recalled(engine, "普洱茶和红茶有什么区别") == ["用户喜欢喝普洱茶。"]
    chess = _engine(_chess())
    assert _recalled(chess, "What is the rating of this chess engine?") == [
        "The user plays chess at a club every Tuesday evening."
    ]


def test_a_memory_that_shapes_every_answer_is_exempt() -> None:
    news = candidate(
        "Always include source links when giving news.",
        ["news", "source links"],
        type="standing_instruction",
        identity={"subject": "news sources"},
    )
    engine = _engine(news)
    assert _recalled(engine, "What is the news about the election?") == [
        "Always include source links when giving news."
    ]


# A question about a word itself (RecallConfig.mention_markers) counts that word once by
# default: the word is mentioned, not used.


def _journal() -> dict[str, Any]:
    return candidate(
        "The user keeps a bullet journal for daily tasks.",
        ["bullet journal", "journal"],
        type="workflow_preference",
        identity={"subject": "bullet journal"},
    )


def _daily_report() -> dict[str, Any]:
    return candidate(
        "用户每天下班前写日报。",
        ["日报", "工作"],
        type="workflow_preference",
        identity={"subject": "日报"},
    )


def _default(*memories: dict[str, Any], **recall: Any) -> MemoryEngine:
    return _engine(*memories, one_word_in_passing=False, **recall)


def test_a_question_about_what_a_word_means_or_how_it_is_said_recalls_nothing() -> None:
    engine = _default(_journal(), _daily_report())
    for query in (
        "What does 'journal' mean?",
        "What does journal stand for in accounting?",
        "How do you pronounce journal?",
        "“日报”用英文怎么说？",
        "日报是什么意思",
    ):
        assert _recalled(engine, query) == [], query
    [item, _] = engine.explain("u", "“日报”用英文怎么说？").considered
    assert item.reason is SkipReason.ONE_WORD_IN_PASSING
    # Without the markers the same questions recall the memories that share the word.
    plain = _default(_journal(), _daily_report(), mention_markers=())
    assert _recalled(plain, "“日报”用英文怎么说？") == ["用户每天下班前写日报。"]
    assert _recalled(plain, "How do you pronounce journal?") == [
        "The user keeps a bullet journal for daily tasks."
    ]


def test_the_word_used_in_a_request_a_choice_or_by_the_user_still_recalls() -> None:
    engine = _default(_journal(), _daily_report())
    report = ["用户每天下班前写日报。"]
    assert _recalled(engine, "帮我写今天的日报") == report
    assert _recalled(engine, "日报和周报有什么区别") == report  # a choice
    assert _recalled(engine, "我写的日报是什么意思，老板没看懂") == report  # the user's own
    assert _recalled(engine, "Explain what a journal prompt means") == [
        "The user keeps a bullet journal for daily tasks."
    ]


def test_meaning_does_not_count_the_mentioned_word_again() -> None:
    from memory_plugins.testing import HashingEmbeddings

    engine = MemoryEngine(
        InMemoryStore(),
        MemoryConfig(principal_secret=SECRET),
        embeddings=HashingEmbeddings(),
    )
    engine.remember("u", [_journal(), _daily_report()], source_conversation_id="c-1")
    engine.embed_missing("u")
    assert _recalled(engine, "What does journal mean?") == []
    assert _recalled(engine, "Plan tomorrow in my bullet journal") == [
        "The user keeps a bullet journal for daily tasks."
    ]


def test_meaning_never_lifts_a_mentioned_word_to_the_minimum() -> None:
    from memory_plugins.testing import HashingEmbeddings

    # With so low a share the word's rules are under the minimum before it is counted once:
    # agreement in meaning with that same word must not lift the record over it either.
    engine = MemoryEngine(
        InMemoryStore(),
        MemoryConfig(principal_secret=SECRET, recall=RecallConfig(world_question_factor=0.1)),
        embeddings=HashingEmbeddings(),
    )
    engine.remember("u", [_journal()], source_conversation_id="c-1")
    engine.embed_missing("u")
    assert _recalled(engine, "What does journal mean?") == []
    assert "meaning not counted" in format_explanation(
        engine.explain("u", "What does journal mean?")
    )
    assert _recalled(engine, "Plan tomorrow in my bullet journal") == [
        "The user keeps a bullet journal for daily tasks."
    ]


# A word pointed at as a word ("this name", "这个叫法") or asked where it comes from is
# mentioned too; the demonstrative there points at the word, not the user's situation.


def _bonsai() -> dict[str, Any]:
    return candidate(
        "用户在书房养了三盆盆景。",
        ["盆景", "植物"],
        type="stable_user_context",
        identity={"subject": "盆景"},
    )


def test_a_word_pointed_at_or_asked_where_it_comes_from_recalls_nothing() -> None:
    engine = _default(_journal(), _bonsai())
    for query in (
        "“盆景”这个叫法最早出现在哪个朝代？",  # a which-question about the word: no choice
        "盆景这个名字是什么时候有的？",
        "Where does the word journal come from?",
        "What is the etymology of journal?",
    ):
        assert _recalled(engine, query) == [], query
    # A demonstrative that is not about a word still ties the question to the user.
    assert _recalled(engine, "这个盆景是什么时候开始流行的？") == ["用户在书房养了三盆盆景。"]
    # Without the markers the word counts in every dimension, as before.
    plain = _default(_bonsai(), mention_markers=())
    assert _recalled(plain, "盆景这个名字是什么时候有的？") == ["用户在书房养了三盆盆景。"]


def test_a_comparison_of_words_still_recalls() -> None:
    engine = _default(_daily_report())
    assert _recalled(engine, "日报这个词和周报这个词有什么区别") == ["用户每天下班前写日报。"]
