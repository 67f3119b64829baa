"""Two rules of S5 scoring: a word the user calls theirs ("my knee") weighs as a term
(``RecallConfig.owner_words``), and a Chinese cue's two phrases count when a request holds
them apart (``RecallConfig.cue_halves``). Each scores the same in arrays as one record at a
time."""

from typing import Any

import pytest
from langgraph.store.memory import InMemoryStore

from memory_plugins import MemoryConfig, MemoryEngine
from memory_plugins.candidate import (
    Identity,
    MemoryRecord,
    MemoryType,
    RecordStatus,
    SourceSignal,
)
from memory_plugins.config import RecallConfig
from memory_plugins.recall import scoring
from memory_plugins.recall.features import compute_features
from memory_plugins.recall.index import RecordIndex
from memory_plugins.recall.scoring import select
from memory_plugins.recall.text import cue_halves
from memory_plugins.testing import candidate

SECRET = "0123456789abcdef"
NOW = "2026-06-01T00:00:00+00:00"


def _engine(**recall: Any) -> MemoryEngine:
    return MemoryEngine(
        InMemoryStore(), MemoryConfig(principal_secret=SECRET, recall=RecallConfig(**recall))
    )


def _hits(engine: MemoryEngine, query: str) -> list[str]:
    return [hit.record.text for hit in engine.recall("u", query).hits]


KNEE = candidate(
    type="recurring_constraint",
    text="The user has a knee injury; avoid suggesting running or jumping exercises.",
    tags=["knee injury", "exercise"],
    identity={"subject": "knee injury"},
)
DAUGHTER = candidate(
    type="stable_user_context",
    text="用户有一个六岁的女儿，正在上小学一年级。",
    tags=["女儿", "家庭"],
    identity={"subject": "家庭", "facet": "六岁女儿"},
    cues=["辅导作业", "亲子活动"],
)


# -- a word the user calls theirs ----------------------------------------------------------


def test_a_word_after_my_selects_the_memory_that_holds_it() -> None:
    engine = _engine()
    engine.remember("u", [KNEE], source_conversation_id="c-1")
    assert _hits(engine, "My knee hurts after climbing stairs") == [KNEE["text"]]
    ranking = engine.explain("u", "My knee hurts after climbing stairs")
    [row] = ranking.considered
    assert row.scores["ascii_tokens"] == RecallConfig().ascii_token_weight
    assert row.matched["ascii_tokens"] == ["knee"]


def test_the_same_word_not_called_the_users_stays_a_plain_word() -> None:
    engine = _engine()
    engine.remember("u", [KNEE], source_conversation_id="c-1")
    # One ordinary word, not the user's own thing: too little to select the memory.
    assert _hits(engine, "Why does a knee click when bending?") == []


def test_without_owner_words_the_rule_is_off() -> None:
    engine = _engine(owner_words=frozenset())
    engine.remember("u", [KNEE], source_conversation_id="c-1")
    assert _hits(engine, "My knee hurts after climbing stairs") == []


# -- a Chinese cue's two phrases, apart -------------------------------------------------------


def test_cue_halves_cut_a_cjk_cue_into_two_phrases_and_an_english_one_into_two_words() -> None:
    assert cue_halves("辅导作业") == (("辅导", "作业"),)
    assert cue_halves(" meal prep ") == ((" meal ", " prep "),)
    assert cue_halves("早餐") == () and cue_halves(" home workout plan ") == ()
    assert cue_halves(" wi-fi 6 ") == ()  # words of letters only


def test_a_cue_whose_two_phrases_the_request_holds_apart_is_found() -> None:
    engine = _engine()
    engine.remember("u", [DAUGHTER], source_conversation_id="c-1")
    # The object first, as the topic: "作业怎么辅导" for the cue 辅导作业.
    assert _hits(engine, "一年级的数学作业怎么辅导") == [DAUGHTER["text"]]
    [row] = engine.explain("u", "一年级的数学作业怎么辅导").considered
    assert row.matched["cues"] == ["辅导作业 (apart)"]
    assert row.scores["cues"] == RecallConfig().cue_weight


def test_one_phrase_of_a_cue_is_not_enough() -> None:
    engine = _engine()
    engine.remember("u", [DAUGHTER], source_conversation_id="c-1")
    assert _hits(engine, "数学作业太多了怎么办") == []


def test_without_cue_halves_only_the_whole_cue_counts() -> None:
    engine = _engine(cue_halves=False)
    engine.remember("u", [DAUGHTER], source_conversation_id="c-1")
    assert _hits(engine, "一年级的数学作业怎么辅导") == []
    assert _hits(engine, "怎么辅导作业") == [DAUGHTER["text"]]


LUNCHES = candidate(
    type="workflow_preference",
    text="The user cooks every weekday lunch on Sunday afternoons.",
    tags=["cooking", "weekday lunches"],
    identity={"subject": "weekday lunches"},
    cues=["meal prep", "dog walking"],
)


def test_an_english_cue_whose_two_words_the_request_holds_apart_is_found() -> None:
    engine = _engine()
    engine.remember("u", [LUNCHES], source_conversation_id="c-1")
    # English turns a compound into a verb and its object: "prep meals" for "meal prep".
    assert _hits(engine, "How do I prep meals for a busy month?") == [LUNCHES["text"]]
    [row] = engine.explain("u", "How do I prep meals for a busy month?").considered
    assert row.matched["cues"] == ["meal prep (apart)"]
    assert _hits(engine, "Who will walk the dog while I travel?") == [LUNCHES["text"]]
    # One of the two words is not enough, nor is either without the rule.
    assert _hits(engine, "What is a good meal for a cold evening?") == []
    assert _hits(_engine(cue_halves=False), "How do I prep meals for a busy month?") == []


ROOMS = candidate(
    type="user_preference",
    text="The user avoids hostels and books private rooms.",
    tags=["hostels", "private rooms"],
    identity={"subject": "hostels", "polarity": "avoid"},
    cues=["where to stay", "book a call"],
)


def test_an_english_cue_whose_two_words_a_third_joins_is_found_in_the_requests_wording() -> None:
    engine = _engine()
    engine.remember("u", [ROOMS], source_conversation_id="c-1")
    # "where to stay" asked as "where should I stay": the joining word is the request's own.
    assert _hits(engine, "Where should I stay in Lisbon next month?") == [ROOMS["text"]]
    [row] = engine.explain("u", "Where should I stay in Lisbon next month?").considered
    assert row.matched["cues"] == ["where to stay (apart)"]
    assert _hits(engine, "Can you book the call with the landlord?") == [ROOMS["text"]]
    # Neither word alone, nor a cue that begins with the joining word.
    assert _hits(engine, "Where is the nearest pharmacy?") == []
    assert _hits(engine, "How long can I stay in Japan without a visa?") == []
    assert cue_halves(" in simple terms ") == ()
    assert _hits(_engine(cue_halves=False), "Where should I stay in Lisbon next month?") == []


# -- arrays and one record at a time agree ----------------------------------------------------


def _record(i: int, text: str, tags: tuple[str, ...], cues: tuple[str, ...]) -> MemoryRecord:
    kind = MemoryType.USER_PREFERENCE if i % 2 else MemoryType.STABLE_USER_CONTEXT
    identity = Identity(subject=tags[0])
    return MemoryRecord(
        key=f"k{i}",
        type=kind,
        text=text,
        tags=tags,
        confidence=0.9,
        identity=identity,
        status=RecordStatus.ACTIVE,
        source_conversation_id="c",
        source_signal=SourceSignal.EXPLICIT_MEMORY_INTENT,
        reason="r",
        created_at=f"2026-01-01T00:00:{i % 60:02d}+00:00",
        features=compute_features(kind, text, tags, identity, cues),
        cues=cues,
    )


def _many() -> list[MemoryRecord]:
    found = []
    for i in range(60):
        if i % 3 == 0:
            found.append(
                _record(i, f"用户的第{i}个安排。", ("家庭", f"安排{i}"), ("辅导作业", "作业辅导班"))
            )
        elif i % 3 == 1:
            found.append(_record(i, f"The user's knee note {i}.", ("knee", "note"), ("leg day",)))
        elif i % 6 == 2:
            found.append(
                _record(
                    i,
                    f"The user likes tea number {i}.",
                    ("tea", "drink"),
                    ("茶馆", "where to stay"),
                )
            )
        else:
            found.append(
                _record(i, f"The user cooks batch {i}.", ("cooking", "batch"), ("meal prep",))
            )
    return found


@pytest.mark.parametrize(
    "query",
    [
        "一年级的数学作业怎么辅导",
        "作业辅导",
        "My knee hurts",
        "my tea is cold",
        "辅导一下作业和茶馆",
        "how to prep meals and walk my knee back to health",
        "prep the meals",
        "where should I stay",
        "where should I stay with my tea",
    ],
)
def test_arrays_score_both_rules_as_one_record_at_a_time(query: str) -> None:
    config = RecallConfig(max_records=50, max_total_chars=10_000)
    index = RecordIndex(_many())
    before = scoring.ARRAYS_FROM
    try:
        scoring.ARRAYS_FROM = 0
        in_arrays = select(index.view(NOW), query, config, NOW)
        scoring.ARRAYS_FROM = 10**9
        one_by_one = select(index.view(NOW), query, config, NOW)
    finally:
        scoring.ARRAYS_FROM = before
    assert in_arrays == one_by_one
    assert in_arrays  # the rules select something here, so the comparison says something
