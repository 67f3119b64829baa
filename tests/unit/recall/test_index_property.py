"""The inverted index only chooses which records to score: on any records and any query,
recall and explain through it give exactly what scoring every record gives — and recall
through it gives the same whether the records are scored all at once in arrays or one at
a time."""

import json
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from dataclasses import replace
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from memory_plugins.candidate import (
    Identity,
    MemoryRecord,
    MemoryType,
    RecordStatus,
    SourceSignal,
    StoredVector,
)
from memory_plugins.config import RecallConfig
from memory_plugins.recall import scoring
from memory_plugins.recall.features import compute_features
from memory_plugins.recall.index import RecordIndex, parse_stored
from memory_plugins.recall.query import analyse_query
from memory_plugins.recall.scoring import rank, select
from memory_plugins.recall.types import Ranking
from memory_plugins.recall.vectors import numpy_or_none
from memory_plugins.semantic import encode_vector, similarities

NOW = "2026-06-01T00:00:00+00:00"
SETTINGS = settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
WORDS = [
    "tea", "oolong", "coffee", "VSCode", "vscode", "React", "react", "Python", "the", "user",
    "likes", "Berlin", "max", "Max", "uv", "UV", "node.js", "C++", "job", "engineer", "work",
    "runs", "running", "examples", "gpt-4o", "2024", "乌龙茶", "茶", "喜欢", "用户", "咖啡",
    "工作", "工程师", "前端", "我的", "桃子", "香菜", "后端", "乌龙", "做什么",
]  # fmt: skip
# Four-character cues whose two phrases a query may hold apart (RecallConfig.cue_halves).
CUES = [
    "dinner menu", "做菜", "code review", "出行", "tea", "hotel booking", "安排会议", "乌龙咖啡",
    "工作安排",
]  # fmt: skip
OTHER_SENSES = ["tea party", "React Native", "乌龙球", "前端开发", "Max 会员", "咖啡因"]
QUERY_EXTRAS = [
    *OTHER_SENSES,
    "dinner", "menu", "review", "booking", "做菜吧", "my", "I", "what", "?", "，", "what's my job",
    "我是做什么的", "你知道", "为什么", "recommend", "会议", "安排", "会议怎么安排",
]  # fmt: skip
STAMPS = ["2026-01-01T00:00:00+00:00", "2026-03-01T00:00:00+00:00", "2026-05-01T00:00:00+00:00"]
EXPIRIES = [None, None, "2026-05-15T00:00:00+00:00", "2026-07-01T00:00:00+00:00"]
CONFIGS = [
    RecallConfig(),
    RecallConfig(rarity_weight=1.0, min_score=0.5),
    RecallConfig(cue_word_weight=0.75, cues_to_select_alone=2, cue_shared_by=2),
    RecallConfig(cues_to_select_alone=2, cue_shared_by=2, fact_question_factor=0.3),
    RecallConfig(fact_question_cues_to_select_alone=3, fact_question_factor=0.9, min_score=0.5),
    RecallConfig(fact_question_cues_to_select_alone=1, min_score=0.5),
]

phrases = st.lists(st.sampled_from(WORDS), min_size=1, max_size=5).map(" ".join)


@st.composite
def records(draw: st.DrawFn) -> list[MemoryRecord]:
    found: dict[str, MemoryRecord] = {}
    for n in range(draw(st.integers(0, 14))):
        kind = draw(st.sampled_from(list(MemoryType)))
        text = draw(phrases)
        tags = tuple(draw(st.lists(st.sampled_from(WORDS), min_size=2, max_size=3, unique=True)))
        polarity = "prefer" if kind is MemoryType.USER_PREFERENCE else None
        identity = Identity(
            subject=draw(phrases),
            facet=draw(st.none() | st.sampled_from(WORDS)),
            polarity=polarity,
        )
        key = f"{kind.value}:{n}"
        # Cues: some records have none, others a few, some shared with other records.
        cues = tuple(draw(st.lists(st.sampled_from(CUES), max_size=3, unique=True)))
        # Other senses: most records none, some one or two (a query may hold them).
        senses = tuple(draw(st.lists(st.sampled_from(OTHER_SENSES), max_size=2, unique=True)))
        found[key] = MemoryRecord(
            key=key,
            type=kind,
            text=text,
            tags=tags,
            confidence=draw(st.sampled_from([0.6, 0.8, 0.95])),
            identity=identity,
            status=draw(st.sampled_from([RecordStatus.ACTIVE] * 3 + [RecordStatus.SUPPRESSED])),
            source_conversation_id="c-1",
            source_signal=SourceSignal.EXPLICIT_MEMORY_INTENT,
            reason="",
            created_at=draw(st.sampled_from(STAMPS)),
            expires_at=draw(st.sampled_from(EXPIRIES)),
            features=compute_features(kind, text, tags, identity, cues, other_senses=senses),
            cues=cues,
            other_senses=senses,
        )
    return list(found.values())


queries = st.lists(st.sampled_from(WORDS + CUES + QUERY_EXTRAS), max_size=6).map(" ".join)


def shown(ranking: Ranking) -> list[Any]:
    """Everything explain shows, in order."""
    hits = [(h.record.key, h.score, h.text) for h in ranking.hits]
    considered = [
        (c.record.key, c.total, c.selected, c.reason, c.scores, c.matched)
        for c in ranking.considered
    ]
    return [hits, considered]


def live(found: list[MemoryRecord]) -> list[MemoryRecord]:
    return [r for r in found if r.expires_at is None or r.expires_at > NOW]


@contextmanager
def arrays_from(count: int) -> Iterator[None]:
    """Score in arrays from ``count`` candidate records on (0: always, where they apply)."""
    before = scoring.ARRAYS_FROM
    scoring.ARRAYS_FROM = count
    try:
        yield
    finally:
        scoring.ARRAYS_FROM = before


def through_index(
    index: RecordIndex,
    query: str,
    config: RecallConfig,
    similar: Mapping[str, float] | None = None,
) -> tuple[Any, ...]:
    """``select`` through the index, scoring in arrays and one record at a time (the two
    must agree, in every hit, its order and its score), twice: the rows given by the
    first query are reused by the second."""
    with arrays_from(0):
        in_arrays = select(index.view(NOW), query, config, NOW, similar)
        assert select(index.view(NOW), query, config, NOW, similar) == in_arrays
    with arrays_from(10**9):
        one_by_one = select(index.view(NOW), query, config, NOW, similar)
    assert in_arrays == one_by_one
    return in_arrays


@SETTINGS
@given(records(), queries, st.sampled_from(CONFIGS))
def test_recall_and_explain_through_the_index_equal_a_full_scan(
    found: list[MemoryRecord], query: str, config: RecallConfig
) -> None:
    index = RecordIndex(found)
    assert through_index(index, query, config) == select(live(found), query, config, NOW)
    assert shown(rank(index.view(None), query, config, NOW)) == shown(
        rank(found, query, config, NOW)
    )


@SETTINGS
@given(records(), queries, st.data())
def test_with_similarities_the_meaning_candidates_are_found_too(
    found: list[MemoryRecord], query: str, data: st.DataObject
) -> None:
    active = [r.key for r in live(found) if r.status is RecordStatus.ACTIVE]
    similar = {key: data.draw(st.floats(-0.2, 1.0)) for key in active}
    config = RecallConfig()
    index = RecordIndex(found)
    assert through_index(index, query, config, similar) == select(
        live(found), query, config, NOW, similar
    )
    everyone = {r.key: data.draw(st.floats(-0.2, 1.0)) for r in found}
    assert shown(rank(index.view(None), query, config, NOW, everyone)) == shown(
        rank(found, query, config, NOW, everyone)
    )


@SETTINGS
@given(records(), records(), queries, st.data())
def test_an_index_kept_up_to_date_in_place_equals_one_built_anew(
    first: list[MemoryRecord], second: list[MemoryRecord], query: str, data: st.DataObject
) -> None:
    index = RecordIndex(first)
    config = data.draw(st.sampled_from(CONFIGS))
    earlier = data.draw(queries)
    through_index(index, earlier, config)  # the rows of the records it touches are kept
    gone = data.draw(st.sets(st.sampled_from([r.key for r in first]))) if first else set()
    changed = [replace(r, key=r.key) for r in second]  # same keys as some of `first`: replaced
    original = index
    if data.draw(st.booleans()):  # a copy updated, as after another process's write
        index = index.copy()
    index.apply(put=changed, removed=gone)
    if original is not index:  # the original stays as it was
        assert through_index(original, earlier, config) == select(live(first), earlier, config, NOW)
    final = {r.key: r for r in first if r.key not in gone} | {r.key: r for r in changed}
    expected = list(final.values())
    assert sorted(r.key for r in index) == sorted(final)
    for asked in (query, earlier):
        assert through_index(index, asked, config) == select(live(expected), asked, config, NOW)
    assert shown(rank(index.copy().view(None), query, config, NOW)) == shown(
        rank(expected, query, config, NOW)
    )


def stored(found: list[MemoryRecord], as_bytes: list[bool]) -> list[bytes | dict[str, Any]]:
    """The records as a store returns them: JSON bytes (SQL tables) or dicts."""
    return [
        json.dumps(r.to_json()).encode() if raw else r.to_json()
        for r, raw in zip(found, as_bytes, strict=True)
    ]


@SETTINGS
@given(records(), records(), queries, st.data())
def test_an_index_read_from_stored_values_equals_one_of_parsed_records(
    first: list[MemoryRecord], second: list[MemoryRecord], query: str, data: st.DataObject
) -> None:
    kinds = data.draw(st.lists(st.booleans(), min_size=len(first), max_size=len(first)))
    index = RecordIndex.from_stored(stored(first, kinds))
    config = data.draw(st.sampled_from(CONFIGS))
    assert through_index(index, query, config) == select(live(first), query, config, NOW)
    index.apply(put=second)  # replaces records still held as stored, and parsed ones
    final = list(({r.key: r for r in first} | {r.key: r for r in second}).values())
    assert sorted(r.key for r in index) == sorted(r.key for r in final)
    assert through_index(index, query, config) == select(live(final), query, config, NOW)
    assert shown(rank(index.view(None), query, config, NOW)) == shown(
        rank(final, query, config, NOW)
    )


@SETTINGS
@given(records(), records(), queries, st.data())
def test_a_full_read_is_compared_to_the_cached_records(
    first: list[MemoryRecord], second: list[MemoryRecord], query: str, data: st.DataObject
) -> None:
    kinds = data.draw(st.lists(st.booleans(), min_size=len(first), max_size=len(first)))
    held = dict(zip([r.key for r in first], stored(first, kinds), strict=True))
    index = RecordIndex.from_stored(held.values())
    select(index.view(NOW), query, RecallConfig(), NOW)  # parses the records it touches
    gone = data.draw(st.sets(st.sampled_from(sorted(held)))) if held else set()
    now = {key: value for key, value in held.items() if key not in gone}
    # A store returns the same values (or equal copies) for records nobody wrote since.
    now |= {r.key: json.dumps(r.to_json()).encode() for r in second}
    changed, removed = index.changes_to(now.items())
    first_by_key = {r.key: r for r in first}
    rewritten = {
        r.key
        for r in second
        if r.key not in first_by_key or first_by_key[r.key].to_json() != r.to_json()
    }
    assert sorted(parse_stored(v).key for v in changed) == sorted(rewritten)
    assert removed == gone - {r.key for r in second}


def test_a_stored_value_is_parsed_only_when_a_query_touches_it() -> None:
    tea = MemoryRecord.from_json(example_record("tea", "The user likes oolong tea."))
    bike = MemoryRecord.from_json(example_record("bike", "The user rides a bike."))
    index = RecordIndex.from_stored([json.dumps(r.to_json()).encode() for r in (tea, bike)])
    chosen, total = index.view(NOW).candidates(analyse_query("tea?", RecallConfig()), (), ())
    assert chosen == [tea] and total == 2
    assert type(index._records["bike"]) is bytes  # never touched: still as stored
    assert index.get("bike") == bike and list(index) == [tea, bike]


def test_a_stored_value_missing_a_field_fails_while_the_namespace_is_read() -> None:
    value = example_record("tea", "The user likes oolong tea.")
    del value["source_signal"]
    with pytest.raises(KeyError, match="source_signal"):
        RecordIndex.from_stored([json.dumps(value).encode()])


def example_record(key: str, text: str) -> dict[str, Any]:
    record = MemoryRecord(
        key=key,
        type=MemoryType.USER_PREFERENCE,
        text=text,
        tags=(key, "likes"),
        confidence=0.9,
        identity=Identity(subject=key, polarity="prefer"),
        status=RecordStatus.ACTIVE,
        source_conversation_id="c-1",
        source_signal=SourceSignal.EXPLICIT_MEMORY_INTENT,
        reason="",
        created_at=STAMPS[0],
        features=compute_features(
            MemoryType.USER_PREFERENCE, text, (key, "likes"), Identity(subject=key)
        ),
    )
    return record.to_json()


@SETTINGS
@given(records(), queries, st.data())
def test_the_vector_matrix_gives_the_similarities_of_the_plain_path(
    found: list[MemoryRecord], query: str, data: st.DataObject
) -> None:
    np = numpy_or_none()
    assert np is not None  # numpy comes with the dev install
    dims = 8
    vectors = {r.key: [data.draw(st.floats(-1, 1)) for _ in range(dims)] + [1.0] for r in found}
    with_vectors = [
        r.evolve(vector=StoredVector("m", encode_vector(v)))
        for r, v in zip(found, vectors.values(), strict=True)
    ]
    half = with_vectors[: len(found) // 2]
    if data.draw(st.booleans()):  # read from the store, or built from parsed records
        index = RecordIndex.from_stored(stored(half, [True] * len(half)), model="m")
    else:
        index = RecordIndex(half, model="m")
    index.apply(put=with_vectors[len(found) // 2 :])  # the matrix grows and shuffles rows
    query_vector = [data.draw(st.floats(-1, 1)) for _ in range(dims)] + [0.5]
    unit = np.frombuffer(__import__("base64").b64decode(encode_vector(query_vector)), "<f4")
    view = index.view(NOW)
    matrix = view.similarities(unit)
    assert matrix is not None
    expected = similarities(
        query_vector,
        {
            r.key: r.vector.data
            for r in live(with_vectors)
            if r.status is RecordStatus.ACTIVE and r.vector is not None
        },
    )
    assert dict(matrix.items()) == _approx(expected, dict(matrix.items()))
    assert view.vector_count() == len(expected)
    config = RecallConfig()
    plain = dict(matrix.items())  # the same values through the dict path
    assert through_index(index, query, config, matrix) == select(
        live(with_vectors), query, config, NOW, plain
    )
    assert dict(matrix.lifts().items()) == _lifts(plain)


def _approx(expected: dict[str, float], actual: dict[str, float]) -> dict[str, float]:
    """``actual`` when each value is within float32 rounding of ``expected``."""
    assert expected.keys() == actual.keys()
    for key, value in expected.items():
        assert abs(actual[key] - value) < 1e-4
    return actual


def _lifts(values: dict[str, float]) -> dict[str, float]:
    from memory_plugins.recall.scoring import lifts

    return dict(lifts(values))


def test_a_query_whose_words_many_records_share_is_scored_in_arrays_with_the_same_hits() -> None:
    found = [
        MemoryRecord.from_json(
            example_record(f"{word}-{n}", f"The user likes {word} and {other} ({n}).")
        )
        for n in range(120)
        for word, other in [(("tea", "coffee", "jazz")[n % 3], ("chess", "tea")[n % 2])]
    ]
    index = RecordIndex(found)
    config = RecallConfig()
    query = "any tea or chess tips?"
    q = scoring._Query(analyse_query(query, config), config, None)
    assert len(index.view(NOW).candidates(q.profile, (), ())[0]) >= scoring.ARRAYS_FROM
    in_arrays = scoring._select_arrays(index.view(NOW), q, scoring._parse(NOW))
    assert in_arrays is not None  # this query is scored in arrays
    expected = select(found, query, config, NOW)
    assert tuple(in_arrays) == expected and len(expected) == config.max_records
    assert select(index.view(NOW), query, config, NOW) == expected


def test_a_compact_index_keeps_no_record_parsed_after_a_query_many_records_answer() -> None:
    found = [
        MemoryRecord.from_json(
            example_record(f"{word}-{n}", f"The user likes {word} and {other} ({n}).")
        )
        for n in range(120)
        for word, other in [(("tea", "coffee", "jazz")[n % 3], ("chess", "tea")[n % 2])]
    ]
    index = RecordIndex.from_stored([json.dumps(r.to_json()).encode() for r in found])
    config = RecallConfig()
    query = "any tea or chess tips?"
    expected = select(found, query, config, NOW)
    assert select(index.view(NOW), query, config, NOW) == expected  # scored in arrays
    index.compact(parse_limit=1_000)

    q = scoring._Query(analyse_query(query, config), config, None)
    assert scoring._select_arrays(index.view(NOW), q, scoring._parse(NOW)) is None
    assert select(index.view(NOW), query, config, NOW) == expected
    assert index._arrays is None  # scoring rows would hold every record they score, parsed
