"""S5 scoring and selection: five lexical dimensions, deterministic order, hard budgets.

Per record, against the analysed query:

==============  ==========================================================================
``tags``        ``tag_weight`` (3) per tag found whole in the query
``identity``    per identity part (subject, facet): ``identity_whole_weight`` (2) when found
                whole, else ``identity_phrase_weight`` (1) when one of its informative words
                or CJK phrases is in the query
``text``        ``text_whole_weight`` (2) when the whole memory text is in the query
``cjk_phrases`` per distinct informative CJK phrase of 2–4 characters shared with the text
                (greedy, longest first, so ``乌龙茶`` counts once, not as 乌龙+龙茶):
                ``cjk_phrase_weight_strong`` (2), or ``..._weak`` (1) for ``cjk_weak_types``
``ascii_tokens`` ``ascii_token_weight`` (1.5) per informative word stem shared with the text
                that is a technical term or name (``strong`` feature) or that the query
                calls the user's own ("my knee", ``owner_words``); ``plain_word_weight``
                (0.75) per plain prose word, so one ordinary word never selects alone
``self_context`` ``self_context_weight`` (1.5), ``self_context_types`` only: a first-person
                query naming a background facet the record carries ("my job" / "engineer")
==============  ==========================================================================

Each dimension is one small pure function of the analysed query and the record's
write-time features (``_tags``, ``_identity``, ``_text``, ``_cjk_phrases``,
``_ascii_tokens``, ``_self_context``, ``_meaning``), listed in one table that
:func:`rank`, :func:`select` and :func:`score_record` all read: a function returns the
dimension's score, what matched and how the match counts as lexical overlap (below), or
``None`` when nothing matched.

Two optional dimensions join them only when switched on (otherwise they are absent from
``scores``, and the rule scores are exactly the S5 ones):

==============  ==========================================================================
``semantic``    the semantic channel (``MemoryEngine(..., embeddings=...)``): the record's
                *lift*, its cosine similarity to the query minus the mean similarity of the
                query to the principal's other records; ``semantic_weight`` (2.5) ×
                ``(lift - semantic_floor) / (1 - semantic_floor)`` from the floor (0.1) up
``rarity``      ranking mode (``rarity_weight`` > 0): ``rarity_weight`` × the BM25 idf of
                each query word the record holds, over the records considered
==============  ==========================================================================

Why the lift and not the raw similarity: an embedding model's similarities have a
query-dependent baseline. Short or generic queries, and languages the model handles poorly
(all-MiniLM-L6-v2 gives unrelated Chinese sentences similarities of 0.8), score every
record high; what signals relevance is a record standing out from the user's other
memories. A principal with a single vector-holding record gets no lift.

**Fusion.** The ``semantic_*`` values come per model from
``RecallConfig.semantic_calibrations`` (fitted on the tuning recall sets; the engine applies
them with ``RecallConfig.for_model``). With ``semantic_other_sense_below`` set, a record
that shares words with the query but whose lift is below it keeps only
``semantic_other_sense_factor`` of its rule score: the shared word is taken in another
sense (钢琴烤漆 against "plays the piano"). ``explain`` notes, per record, how meaning
combined with the rules.

The floors keep false activation at the rules' level: below ``semantic_floor`` a lift is
noise and scores nothing; above it, it corroborates a weak lexical match (one plain word,
0.75, needs a lift of 0.37 to reach the minimum score) and only a record standing far out
(a lift of 0.64) is selected on meaning alone. For a controlled type it is partial overlap,
like a CJK phrase, unless the lift reaches ``semantic_controlled_floor`` (0.7): a
``project_context`` memory is not injected because a query is merely on a related topic.

**Lexical overlap** (what ``controlled_types`` need, else they score zero): a tag, a
whole identity part, the whole text or an ASCII token found in the query. CJK phrases of
the text and identity phrases are *partial* overlap: they add to a lexical overlap but
never replace it — except for ``self_context_types`` (``stable_user_context``), where an
identity phrase or a self-context cue is enough. That is S5's "limited phrase overlap".

**Other senses.** A record's ``other_senses`` (S1) name phrases in which one of its words
means something else (``苹果手机`` for a memory of eating apples). A query holding one is
scored for that record without the words there (:func:`~memory_plugins.recall.text.without_phrases`),
its ``semantic`` dimension not counted (the similarity was measured with those words); what
else the query shares with the record still counts. ``explain`` shows ``other_sense`` when
that held a record back.

Selection keeps ``active`` records with confidence ≥ ``min_confidence`` that have not
expired and score ≥ ``min_score``; orders them by score, then most recent change, then
key; and takes at most ``max_records`` whose texts (each cut to ``max_chars_per_record``)
fit in ``max_total_chars`` together.

>>> from memory_plugins.candidate import *
>>> from memory_plugins.config import RecallConfig
>>> from memory_plugins.recall.features import compute_features
>>> ident = Identity(subject="乌龙茶", polarity="prefer")
>>> tea = MemoryRecord(key="user_preference:prefer-乌龙茶", type=MemoryType.USER_PREFERENCE,
...     text="用户喜欢喝乌龙茶。", tags=("乌龙茶", "茶"), confidence=0.9, identity=ident,
...     status=RecordStatus.ACTIVE, source_conversation_id="c-1",
...     source_signal=SourceSignal.EXPLICIT_MEMORY_INTENT, reason="", created_at="2026-01-01",
...     features=compute_features(MemoryType.USER_PREFERENCE, "用户喜欢喝乌龙茶。",
...                               ("乌龙茶", "茶"), ident))
>>> ranking = rank([tea], "推荐一款下午喝的茶", RecallConfig(), "2026-02-01T00:00:00+00:00")
>>> [(hit.record.key, hit.score) for hit in ranking.hits]
[('user_preference:prefer-乌龙茶', 3.0)]
>>> rank([tea], "你喜欢什么", RecallConfig(), "2026-02-01T00:00:00+00:00").considered[0].reason
<SkipReason.BELOW_MIN_SCORE: 'below_min_score'>
"""

import math
from collections import Counter
from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from itertools import chain
from typing import Any

from memory_plugins.candidate import MemoryRecord, RecordStatus
from memory_plugins.config import RecallConfig
from memory_plugins.recall import compounds, passing
from memory_plugins.recall.arrays import TYPES, ScoringRows, query_keys
from memory_plugins.recall.features import RecordFeatures, features_of
from memory_plugins.recall.index import IndexView
from memory_plugins.recall.query import Lexicon, QueryProfile, analyse_query
from memory_plugins.recall.text import cue_halves, is_cjk, without_phrases
from memory_plugins.recall.types import (
    DIMENSIONS,
    OPTIONAL_DIMENSIONS,
    Consideration,
    Ranking,
    RecallHit,
    SkipReason,
)
from memory_plugins.recall.vectors import VectorLifts, VectorSimilarities

__all__ = [
    "DIMENSIONS",
    "OPTIONAL_DIMENSIONS",
    "RecordScore",
    "cut_text",
    "rank",
    "score_record",
    "select",
]

ELLIPSIS = "…"


@dataclass(slots=True)
class RecordScore:
    """One record's score against one query, before selection.

    Not frozen: the scorer completes it in place (``rarity`` needs every record scored
    first) before it is shown; :class:`~memory_plugins.recall.types.Consideration` is the
    immutable view callers get.
    """

    scores: dict[str, float]
    """Score per dimension (all of :data:`DIMENSIONS`, and the switched-on
    :data:`OPTIONAL_DIMENSIONS`)."""
    matched: dict[str, list[str]]
    """What matched, per dimension with a match."""
    total: float
    """Sum of the dimensions, or 0 when a controlled type has no lexical overlap."""
    blocked: bool
    """A controlled type with partial overlap only, or too few cues alone: its dimensions
    do not count."""
    lone_cues: bool = False
    """Blocked because cues were the only match and fewer than ``cues_to_select_alone``."""
    in_passing: bool = False
    """Lowered by :mod:`~memory_plugins.recall.passing` from a selectable rule score."""
    other_sense: bool = False
    """Scored without the words the query uses in one of the record's ``other_senses``."""


def score_record(
    profile: QueryProfile,
    record: MemoryRecord,
    config: RecallConfig,
    similarities: Mapping[str, float] | None = None,
) -> RecordScore:
    """Score ``record`` against an analysed query (see the module docstring).

    ``similarities`` (record key → cosine similarity to the query, for every record the
    lift is measured against) switches the semantic dimension on. ``rarity`` needs the
    other records, so it is not scored here.
    """
    q = _Query(profile, config, similarities)
    return _score(q, record, features_of(record), lexical=True, explain=True)


def lifts(similarities: Mapping[str, float]) -> Mapping[str, float]:
    """Each record's similarity minus the mean similarity of the *other* records (0 alone).

    >>> {key: round(lift, 2) for key, lift in lifts({"tea": 0.6, "bike": 0.2, "jazz": 0.1}).items()}
    {'tea': 0.45, 'bike': -0.15, 'jazz': -0.3}
    """
    if isinstance(similarities, VectorSimilarities):  # the same arithmetic, on an array
        return similarities.lifts()
    count = len(similarities)
    if count < 2:
        return dict.fromkeys(similarities, 0.0)
    total = math.fsum(similarities.values())
    return {key: sim - (total - sim) / (count - 1) for key, sim in similarities.items()}


class _Informative(dict[str, bool]):
    """Per-query memo of ``Lexicon.informative``: many records share a tag or subject."""

    __slots__ = ("lexicon",)

    def __init__(self, lexicon: Lexicon) -> None:
        super().__init__()
        self.lexicon = lexicon

    def __missing__(self, pin: str) -> bool:
        value = self[pin] = self.lexicon.informative(pin)
        return value


def _semantic(lift: float, config: RecallConfig, *, cued: bool = False) -> float:
    return _lift_score(lift, config.semantic_floor, _semantic_weight(config, cued))


def _lift_score(lift: float, floor: float, weight: float) -> float:
    if lift < floor:
        return 0.0
    return weight * (min(lift, 1.0) - floor) / (1.0 - floor)


def _semantic_weight(config: RecallConfig, cued: bool) -> float:
    """The weight of a lift: its own for a record whose vector embeds its cues."""
    weight = config.semantic_cued_weight if cued else None
    return config.semantic_weight if weight is None else weight


def _controlled_floor(config: RecallConfig, cued: bool) -> float:
    """The lift that is overlap in meaning: its own for a record whose vector embeds its
    cues."""
    floor = config.semantic_cued_controlled_floor if cued else None
    return config.semantic_controlled_floor if floor is None else floor


def _embeds_cues(record: MemoryRecord) -> bool:
    """Whether the record's vector embeds cues with its text (see
    :func:`~memory_plugins.semantic.embedded_document`)."""
    vector = record.vector
    return vector is not None and bool(vector.cues)


class _Query:
    """One query's constants, bound once per ``rank`` / ``select`` / ``score_record`` and
    read by every dimension function."""

    __slots__ = (
        "clash_memo",
        "compounds",
        "config",
        "crowded",
        "fact_factor",
        "in_passing",
        "informative",
        "lifted",
        "padded",
        "profile",
        "similarities",
        "spoken",
        "text",
        "without_memo",
    )

    def __init__(
        self,
        profile: QueryProfile,
        config: RecallConfig,
        similarities: Mapping[str, float] | None,
        *,
        whole: "_Query | None" = None,
    ) -> None:
        """``whole``: the query this one is part of (see :meth:`without`)."""
        self.profile = profile
        self.config = config
        self.text = profile.canonical
        self.spoken = self.text.split(" | ", 1)[0]
        """The canonical form of what the query says, without the names of its alias groups
        (appended after `` | ``): where an other sense is looked for."""
        self.padded = tuple((token, f" {token} ") for token in profile.tokens)
        self.informative = _Informative(profile.lexicon)
        self.clash_memo: dict[str, bool] = {}
        self.similarities = similarities
        self.lifted: Mapping[str, float] | None = (
            lifts(similarities) if similarities is not None else None
        )
        self.crowded: frozenset[str] = whole.crowded if whole is not None else frozenset()
        """Cue needles in the query that many of the user's records hold (see _crowded)."""
        self.in_passing = passing.applies(profile, config)
        """One word counts once (:mod:`~memory_plugins.recall.passing`)."""
        world = passing.about_world(profile, config)
        self.fact_factor = (
            min(config.world_question_factor, config.fact_question_factor)
            if world
            else config.fact_question_factor
        )
        """Share of the rules' score kept in a question about the world (see
        ``RecallConfig.world_question_factor``)."""
        self.compounds = (
            compounds.compounds(profile.text, profile.lexicon.stop_raw)
            if whole is None and config.modifier_compounds and world
            else ()
        )
        """The query's noun compounds, in a question about the world
        (:mod:`~memory_plugins.recall.compounds`); none in a part of a query, which is
        already scored without them."""
        self.without_memo: dict[tuple[str, ...], _Query] | None = {} if whole is None else None
        """The query without some phrases (see :meth:`without`); ``None`` for such a query."""

    def without(self, pins: tuple[str, ...], *, meaning: bool = False) -> "_Query":
        """This query with the phrases ``pins`` (needles) taken out: what a record whose
        ``other_senses`` they are is scored against, its meaning not counted; with
        ``meaning``, the whole query's similarities kept (a compound the rules found, which
        agreement in meaning may still overrule)."""
        memo = self.without_memo
        key = (*pins, "") if meaning else pins
        held = memo.get(key) if memo is not None else None
        if held is None:
            text = without_phrases(self.profile.text, pins)
            held = _Query(
                analyse_query(text, self.config),
                self.config,
                self.similarities if meaning else None,
                whole=self,
            )
            if memo is not None:
                memo[key] = held
        return held

    def case_clash(self, tag: str) -> bool:
        # Memoised per query: many records share a tag or an identity part (a name).
        known = self.clash_memo.get(tag)
        if known is None:
            known = self.clash_memo[tag] = self.profile.case_clash(tag)
        return known


_FULL, _SELF, _PARTIAL = 2, 1, 0
"""How a dimension's match counts as lexical overlap for ``controlled_types``: on its own;
on its own for ``self_context_types`` only; never alone (see the module docstring)."""

_Found = tuple[float, list[str], int]
"""A dimension's score, what matched, and how it counts as overlap (``_FULL``...)."""

_Dimension = Callable[[_Query, MemoryRecord, RecordFeatures], _Found | None]
"""One dimension: ``None`` when nothing of the record matches the query there."""


def _tags(q: _Query, record: MemoryRecord, feats: RecordFeatures) -> _Found | None:
    query = q.text
    found: list[str] = []
    # Plain loops, not comprehensions: each comprehension costs a frame per record.
    for tag, pin in zip(record.tags, feats.tags, strict=False):
        if pin in query and pin and q.informative[pin] and not q.case_clash(tag):
            found.append(tag)
    if not found:
        return None
    return q.config.tag_weight * len(found), found, _FULL


def _identity(q: _Query, record: MemoryRecord, feats: RecordFeatures) -> _Found | None:
    whole = phrases = 0
    found: list[str] = []
    for part, pin, canonical, strong in feats.identity:
        if pin in q.text and q.informative[pin] and not q.case_clash(_part_value(record, part)):
            whole += 1
            found.append(f"{part}: {pin.strip()}")
            continue
        hit = _identity_phrase(q, canonical, strong)
        if hit is not None:
            phrases += 1
            found.append(f"{part} phrase: {hit}")
    if not found:
        return None
    config = q.config
    score = config.identity_whole_weight * whole + config.identity_phrase_weight * phrases
    return score, found, _FULL if whole else _SELF


def _identity_phrase(q: _Query, canonical: str, strong: Sequence[str]) -> str | None:
    # A phrase is a CJK phrase, a technical word or name, or two plain words of the
    # part: one ordinary English word ("tools" of "paid tools") is not enough alone.
    plain: list[str] = []
    for token, pin in q.padded:
        if pin in canonical:
            if token in strong:
                return token
            plain.append(token)
    if len(plain) >= 2:
        return " ".join(plain)
    for phrase in q.profile.phrases_longest_first:
        if phrase in canonical:
            return phrase
    return None


def _text(q: _Query, record: MemoryRecord, feats: RecordFeatures) -> _Found | None:
    pin = feats.text_needle
    if not (pin and pin in q.text and q.informative[pin]):
        return None
    weight = q.config.text_whole_weight
    return weight, [record.text], _FULL if weight else _PARTIAL


def _cjk_phrases(q: _Query, record: MemoryRecord, feats: RecordFeatures) -> _Found | None:
    runs = q.profile.phrase_runs
    phrases = _shared_phrases(runs, feats.text) if runs else None
    if not phrases:
        return None
    config = q.config
    weak = record.type in config.cjk_weak_types
    weight = config.cjk_phrase_weight_weak if weak else config.cjk_phrase_weight_strong
    return weight * len(phrases), phrases, _PARTIAL


def _ascii_tokens(q: _Query, record: MemoryRecord, feats: RecordFeatures) -> _Found | None:
    text = feats.text
    clash = q.profile.token_clash
    found: list[str] = []
    # A padded word form is in the canonical text exactly when it is one of its tokens.
    for token, pin in q.padded:
        if pin in text and not clash(token, feats.names, feats.short_lower):
            found.append(token)
    if not found:
        return None
    strong, plain = q.config.ascii_token_weight, q.config.plain_word_weight
    owned = q.profile.owned  # "my knee": the user's own thing is a term, not a plain word
    score = 0.0
    for token in found:
        score += strong if token in feats.strong or token in owned else plain
    return score, found, _FULL


def _self_context(q: _Query, record: MemoryRecord, feats: RecordFeatures) -> _Found | None:
    config = q.config
    if not q.profile.facets or record.type not in config.self_context_types:
        return None
    cues = _self_cues(q.profile, feats.all)
    if not cues:
        return None
    weight = config.self_context_weight
    return weight, cues, _SELF if weight else _PARTIAL


def _cues(q: _Query, record: MemoryRecord, feats: RecordFeatures) -> _Found | None:
    """The ``cues`` dimension: each kept cue found whole in the query (as a tag is)."""
    query = q.text
    found: list[str] = []
    score = 0.0
    config = q.config
    for cue, pin in zip(record.cues, feats.cues, strict=False):
        if pin and pin in query and q.informative[pin] and not q.case_clash(cue):
            if pin in q.crowded:  # many of the user's memories share it: it says less
                score += config.cue_weight * config.cue_shared_factor
                found.append(f"{cue} (shared)")
            else:
                score += config.cue_weight
                found.append(cue)
        elif config.cue_halves and pin not in query and _apart(q, pin):
            score += config.cue_weight
            found.append(f"{cue} (apart)")
        elif config.cue_word_weight and pin.count(" ") > 2:
            word = _cue_word(q, pin)
            if word is not None:
                score += config.cue_word_weight
                found.append(f"{cue} (word: {word})")
    if not found:
        return None
    return score, found, _FULL if config.cue_overlap else _PARTIAL


def _apart(q: _Query, pin: str) -> bool:
    """Whether the query holds a cue's two phrases or words apart (:func:`cue_halves`)."""
    return any(_held(q, a, b, pin) for a, b in cue_halves(pin))


def _held(q: _Query, first: str, second: str, pin: str) -> bool:
    """Whether the query holds both halves of the cue ``pin``: two CJK phrases, or two
    informative English words; of a cue whose two words a third joins ("where to stay"),
    two words of which one at least is informative: the model chose the common one
    ("where") for what it says beside the other."""
    if first.startswith(" "):
        if first not in q.text or second not in q.text:
            return False
        if len(pin.split()) == 3:
            return q.informative[first] or q.informative[second]
        return q.informative[first] and q.informative[second]
    phrases = q.profile.phrases
    return first in phrases and second in phrases


def _cue_word(q: _Query, pin: str) -> str | None:
    """An informative word of a cue of several words that the query holds, if any."""
    for word in pin.split():
        padded = f" {word} "
        if not is_cjk(word[0]) and padded in q.text and q.informative[padded]:
            return word
    return None


def _meaning(q: _Query, record: MemoryRecord, feats: RecordFeatures) -> _Found | None:
    """The ``semantic`` dimension: the record's lift, scored from the floor up; standing
    far out from the other memories (``semantic_controlled_floor``) is overlap in meaning."""
    lift = None if q.lifted is None else q.lifted.get(record.key)
    if lift is None or q.similarities is None:
        return None
    config = q.config
    cued = _embeds_cues(record)
    note = _similarity_note(q.similarities[record.key], lift, cued=cued)
    overlap = _FULL if lift >= _controlled_floor(config, cued) else _PARTIAL
    return _semantic(lift, config, cued=cued), [note], overlap


_RULES: tuple[tuple[str, _Dimension], ...] = tuple(
    zip(
        DIMENSIONS,
        (_tags, _identity, _text, _cjk_phrases, _ascii_tokens, _self_context),
        strict=True,
    )
)
"""The rule dimensions, in the order they are summed and reported."""

_RULE_NAMES = (*DIMENSIONS, "cues")

_CUES: tuple[str, _Dimension] = ("cues", _cues)
"""Scored for records that hold cues (see :func:`_score`)."""

_SEMANTIC: tuple[str, _Dimension] = ("semantic", _meaning)
"""Fused with the rule total when the semantic channel is on (see :func:`_fuse`)."""


def _score(
    q: _Query, record: MemoryRecord, feats: RecordFeatures, *, lexical: bool, explain: bool
) -> RecordScore:
    """``record``'s score from the dimension table. Without ``lexical`` (the record holds
    no probe of the query) the rule dimensions are 0 without being visited; with
    ``explain`` false only the total is kept (the per-turn path), unless one word counts
    once (:mod:`~memory_plugins.recall.passing` reads what matched)."""
    if (feats.other_senses or q.compounds) and q.without_memo is not None:
        pins = tuple(pin for pin in feats.other_senses if pin and pin in q.spoken)
        things: tuple[str, ...] = ()
        if q.compounds and record.type not in q.config.any_answer_types:
            things = compounds.other_things(q.compounds, feats.all)
        if pins or things:
            return _without_other_senses(
                q, record, feats, pins, things, lexical=lexical, explain=explain
            )
    explain = explain or q.in_passing
    scores: dict[str, float] = dict.fromkeys(DIMENSIONS, 0.0) if explain else {}
    matched: dict[str, list[str]] = {}
    total = 0.0
    overlap = _PARTIAL
    alone: int | None = None  # cues matched, when they are the only rule dimension to match
    if lexical:
        for name, dimension in _RULES:
            found = dimension(q, record, feats)
            if found is not None:
                score, hits, counts = found
                total += score
                overlap = max(overlap, counts)
                if explain:
                    scores[name] = score
                    matched[name] = hits
        if feats.cues:
            alone, total, overlap = _add_cues(
                q,
                record,
                feats,
                total,
                overlap,
                scores=scores if explain else None,
                matched=matched,
            )
    if q.profile.factual and total > 0 and record.type not in q.config.any_answer_types:
        # A question about the world: its topic is mentioned in passing, not a request.
        factor = q.fact_factor
        total *= factor
        for rule in _RULE_NAMES if explain else ():
            if rule in scores:
                scores[rule] *= factor
        if explain:
            matched["fact_question"] = [f"a question about the world: rules kept at {factor:.0%}"]
    lowered = held = False
    if q.in_passing and total > 0 and record.type not in q.config.any_answer_types:
        counted = passing.count_once(scores, matched, total)
        lowered, total = total >= q.config.min_score > counted, counted
        # (lowered implies both: only one word is counted once)
        held = counted < q.config.min_score and passing.one_word(matched)
    meaning = 0.0
    # A question about a word: the query means what the word means, so agreement in
    # meaning with a record that shares only that word is the same word counted again,
    # and never lifts it to the minimum score.
    if q.similarities is not None and held and q.profile.mentions:
        if explain:
            matched["semantic"] = ["a question about a word: meaning not counted"]
    elif q.similarities is not None:
        total, meant, meaning = _fuse(
            q, record, feats, total, lexical=lexical, scores=scores, matched=matched
        )
        overlap = max(overlap, meant)
    if record.type in q.config.controlled_types:
        self_aware = record.type in q.config.self_context_types
        if overlap < _SELF or (overlap == _SELF and not self_aware):
            return RecordScore(scores, matched, 0.0, total > 0)
    least = q.config.cues_to_select_alone
    # In a question about the world a cue's situation is named in passing, and agreement in
    # meaning with a vector that embeds the cues counts the same cue again.
    passing_cue = q.profile.factual and record.type not in q.config.any_answer_types
    if passing_cue:
        least = q.config.fact_question_cues_to_select_alone
    if alone is not None and alone < least and (meaning <= 0 or passing_cue) and total > 0:
        # Too few cues and nothing else: a cue names a situation, not the memory itself.
        if explain:
            where = " in a question about the world, meaning aside" if passing_cue else ""
            matched["cues"].append(f"cues alone select from {least} matched{where}")
        return RecordScore(scores, matched, 0.0, True, lone_cues=True)
    return RecordScore(scores, matched, total, False, in_passing=lowered)


def _without_other_senses(
    q: _Query,
    record: MemoryRecord,
    feats: RecordFeatures,
    pins: tuple[str, ...],
    things: tuple[str, ...] = (),
    *,
    lexical: bool,
    explain: bool,
) -> RecordScore:
    """``record``'s score when the query holds some of its ``other_senses`` (the needles
    ``pins``) or compounds of which its word is only the modifier (``things``, see
    :mod:`~memory_plugins.recall.compounds`): the query's words there are taken in another
    sense, so the record is scored against the rest of the query. The meaning of a query
    that holds one of the record's other senses (measured on the whole query, those words
    included) does not count; against a compound alone it still does, since the rules
    found the compound without knowing what its head means."""
    meaning = not pins
    held = q.without(pins + things, meaning=meaning)
    score = _score(held, record, feats, lexical=lexical, explain=explain)
    score.other_sense = True
    if explain:
        pairs = zip(record.other_senses, feats.other_senses, strict=False)
        named = [sense for sense, pin in pairs if pin in pins]
        notes = []
        if named:
            notes.append(
                f"{', '.join(named)}: the request uses the memory's words in another sense; "
                "they do not count"
            )
        if things:
            notes.append(
                f"{', '.join(t.strip() for t in things)}: the memory's word names which kind "
                "of another thing; it does not count"
            )
        score.matched["other_senses"] = notes
        if q.similarities is not None and not meaning:
            score.scores["semantic"] = 0.0
    return score


def _add_cues(
    q: _Query,
    record: MemoryRecord,
    feats: RecordFeatures,
    total: float,
    overlap: int,
    *,
    scores: dict[str, float] | None,
    matched: dict[str, list[str]],
) -> tuple[int | None, float, int]:
    """``total`` and ``overlap`` with the ``cues`` dimension added, and how many cues
    matched when no other rule dimension did (else ``None``)."""
    others = total > 0
    if scores is not None:
        scores["cues"] = 0.0
    found = _cues(q, record, feats)
    if found is None:
        return None, total, overlap
    score, hits, counts = found
    if scores is not None:
        scores["cues"] = score
        matched["cues"] = [*hits]
    return (None if others else len(hits)), total + score, max(overlap, counts)


def _fuse(
    q: _Query,
    record: MemoryRecord,
    feats: RecordFeatures,
    rules: float,
    *,
    lexical: bool,
    scores: dict[str, float],
    matched: dict[str, list[str]],
) -> tuple[float, int, float]:
    """The rule total fused with the ``semantic`` dimension, the overlap meaning makes, and
    the semantic score.

    ``scores`` and ``matched`` are completed in place when explaining (``scores`` filled)."""
    name, dimension = _SEMANTIC
    found = dimension(q, record, feats)
    if found is None:
        if scores:
            scores[name] = 0.0
        return rules, _PARTIAL, 0.0
    semantic, notes, counts = found
    config = q.config
    below = config.semantic_other_sense_below
    lift = q.lifted[record.key] if q.lifted is not None else 0.0
    if lexical and below is not None and rules > 0 and lift < below:
        # A shared word whose meaning the query does not share: another sense of it.
        rules *= config.semantic_other_sense_factor
        for rule in _RULE_NAMES if scores else ():
            if rule in scores:
                scores[rule] *= config.semantic_other_sense_factor
    total = rules + semantic
    if scores:
        scores[name] = semantic
        note = _fusion_note(
            lift, total - semantic, config, lexical=lexical, cued=_embeds_cues(record)
        )
        matched[name] = [*notes, note]
    return total, counts, semantic


def _similarity_note(similarity: float, lift: float, *, cued: bool) -> str:
    of = " (text and cues)" if cued else ""
    return f"similarity{of} {similarity:.2f}, lift {lift:+.2f}"


def _fusion_note(
    lift: float, rules: float, config: RecallConfig, *, lexical: bool, cued: bool
) -> str:
    """Why the meaning score combined with the rule score as it did (for ``explain``)."""
    below = config.semantic_other_sense_below
    if lexical and rules > 0 and below is not None and lift < below:
        return (
            f"shared words in another sense? lift below {below:.2f}: "
            f"rule score kept at {config.semantic_other_sense_factor:.0%}"
        )
    if lift < config.semantic_floor:
        return f"lift below the floor {config.semantic_floor:.2f}: meaning adds nothing"
    alone = config.semantic_floor + config.min_score * (1 - config.semantic_floor) / max(
        _semantic_weight(config, cued), 1e-9
    )
    if not lexical and lift >= alone:
        return f"no shared word; lift above {alone:.2f} selects on meaning alone"
    if not lexical:
        return f"no shared word; meaning alone needs a lift of {alone:.2f}"
    return "meaning adds to the shared words"


def _part_value(record: MemoryRecord, part: str) -> str:
    return (record.identity.subject if part == "subject" else record.identity.facet) or ""


def _shared_phrases(phrase_runs: tuple[tuple[tuple[str, ...], ...], ...], text: str) -> list[str]:
    found: dict[str, None] = {}
    for run in phrase_runs:
        position = 0
        while position < len(run):
            for phrase in run[position]:
                if phrase in text:
                    found[phrase] = None
                    position += len(phrase)
                    break
            else:
                position += 1
    return list(found)


def _self_cues(profile: QueryProfile, everything: str) -> list[str]:
    cues: list[str] = []
    for facet in profile.facets:
        cues.extend(c.strip() for c in profile.lexicon.record_cues[facet] if c in everything)
    return cues


def cut_text(text: str, limit: int) -> str:
    """``text`` cut to at most ``limit`` characters, marking the cut with an ellipsis.

    >>> cut_text("abcdef", 4)
    'abc…'
    """
    if len(text) <= limit:
        return text
    return text[: max(0, limit - 1)].rstrip() + ELLIPSIS


def _parse(stamp: str) -> datetime:
    moment = datetime.fromisoformat(stamp)
    return moment.replace(tzinfo=UTC) if moment.tzinfo is None else moment


def _skip_reason(
    record: MemoryRecord, score: RecordScore | None, config: RecallConfig, now: datetime
) -> SkipReason | None:
    if record.status is not RecordStatus.ACTIVE:
        return SkipReason.SUPPRESSED
    if record.expires_at is not None and _parse(record.expires_at) <= now:
        return SkipReason.EXPIRED
    if record.confidence < config.min_confidence:
        return SkipReason.LOW_CONFIDENCE
    if score is not None and score.lone_cues:
        return SkipReason.TOO_FEW_CUES
    if score is not None and score.blocked:
        return SkipReason.CONTROLLED_TYPE_NO_OVERLAP
    if score is not None and score.in_passing and score.total < config.min_score:
        return SkipReason.ONE_WORD_IN_PASSING
    if score is not None and score.other_sense and score.total < config.min_score:
        return SkipReason.OTHER_SENSE
    if score is None or score.total <= 0 or score.total < config.min_score:
        return SkipReason.BELOW_MIN_SCORE
    return None


_Row = tuple[MemoryRecord, RecordScore, SkipReason | None]
_Scored = tuple[MemoryRecord, RecordScore]


def _score_all(
    records: Iterable[MemoryRecord], q: _Query, *, explain: bool = True
) -> tuple[list[_Scored], list[MemoryRecord]]:
    """Records with something to show, best first; and the records that share nothing.

    From an :class:`~memory_plugins.recall.index.IndexView`, only the records its index
    finds for the query's probes are visited; the others could not score, so they join
    the silent ones unvisited (listed only when explaining).
    """
    config = q.config
    probes = q.profile.probes
    chars = q.profile.chars
    self_aware = config.self_context_types if q.profile.facets else frozenset()
    floor = config.semantic_floor
    lifted = q.lifted
    ranking = config.rarity_weight > 0
    rows: list[_Scored] = []
    held: list[tuple[MemoryRecord, RecordScore, list[str]]] = []
    rare: list[str] = []
    records, silent, unvisited = _narrow(records, q, self_aware, explain=explain)
    records = _crowded(records, q)
    for record in records:
        feats = record.features
        if feats is None:
            feats = features_of(record)
        # Every counted match contains a probe; most records hold none and stop here.
        if ranking:  # every probe the record holds: its rarity, once all are counted
            rare = list(filter(feats.all.__contains__, probes))
            lexical = bool(rare)
        else:
            lexical = any(map(feats.all.__contains__, probes))
        if not lexical:
            short = feats.short
            lexical = bool(short and any(map(short.__contains__, chars)))
            lexical = lexical or record.type in self_aware
        if lexical or (lifted is not None and lifted.get(record.key, -1.0) >= floor):
            score = _score(q, record, feats, lexical=lexical, explain=explain)
            if ranking:
                held.append((record, score, rare))
            elif score.total > 0 or score.blocked or (explain and score.other_sense):
                rows.append((record, score))
            else:
                silent.append(record)
        else:
            silent.append(record)
    if ranking:
        _add_rarity(held, config, rows, silent, unvisited, explain=explain)
    # Two stable sorts: key ascending, then score and most recent change, both descending.
    rows.sort(key=lambda row: row[0].key)
    rows.sort(key=lambda row: (row[1].total, row[0].last_changed), reverse=True)
    return rows, silent


def _crowded(records: Iterable[MemoryRecord], q: _Query) -> Iterable[MemoryRecord]:
    """Set ``q.crowded``: the query's cue needles held by at least ``cue_shared_by`` of the
    records (every record holding one holds its probes, so the index visits them all).
    Returns the records, as a list when they had to be read here."""
    least = q.config.cue_shared_by
    if not least:
        return records
    records = records if isinstance(records, list) else list(records)
    counts: Counter[str] = Counter()
    query = q.text
    for record in records:
        feats = record.features
        cues = feats.cues if feats is not None else features_of(record).cues
        for pin in cues:
            if pin and pin in query:
                counts[pin] += 1
    q.crowded = frozenset(pin for pin, count in counts.items() if count >= least)
    return records


def _narrow(
    records: Iterable[MemoryRecord],
    q: _Query,
    self_aware: frozenset[str],
    *,
    explain: bool,
) -> tuple[Iterable[MemoryRecord], list[MemoryRecord], int]:
    """The records worth visiting, the silent ones already known, and how many records
    were left unvisited uncounted (from an index; else every record, none, 0)."""
    if not isinstance(records, IndexView):
        return records, [], 0
    config = q.config
    lifted = q.lifted
    meaning = _standing_out(lifted, config.semantic_floor)
    if lifted is not None and not explain and config.rarity_weight <= 0:
        # Found by meaning alone, a record scores its semantic dimension: below the
        # minimum score it cannot be selected, so selection need not visit it (judged by
        # the larger of the two weights, as whether a vector embeds cues is not known here).
        weight = max(config.semantic_weight, _semantic_weight(config, True))
        least, floor = config.min_score, config.semantic_floor
        meaning = [key for key in meaning if _lift_score(lifted[key], floor, weight) >= least]
    found = records.candidates(q.profile, self_aware, meaning)
    if found is None:
        return records, [], 0
    chosen, total = found
    if not explain:
        return chosen, [], total - len(chosen)
    keys = {record.key for record in chosen}
    return chosen, [record for record in records if record.key not in keys], 0


def _standing_out(lifted: Mapping[str, float] | None, floor: float) -> list[str]:
    """The keys whose lift reaches the semantic floor: scored even without a probe."""
    if lifted is None:
        return []
    if isinstance(lifted, VectorLifts):
        return lifted.above(floor)
    return [key for key, lift in lifted.items() if lift >= floor]


def _add_rarity(
    held: list[tuple[MemoryRecord, RecordScore, list[str]]],
    config: RecallConfig,
    rows: list[_Scored],
    silent: list[MemoryRecord],
    unvisited: int,
    *,
    explain: bool,
) -> None:
    """Add the ``rarity`` dimension: BM25 idf ``ln(1 + (N - df + 0.5) / (df + 0.5))`` of each
    probe a record holds (``df`` over the ``N`` records considered), to records that match
    on other dimensions: it orders matches, it never makes one (nor lifts a blocked one)."""
    counts = Counter(chain.from_iterable(rare for _, _, rare in held))
    size = len(held) + len(silent) + unvisited
    idf = {p: math.log(1.0 + (size - df + 0.5) / (df + 0.5)) for p, df in counts.items()}
    weight = config.rarity_weight
    for record, score, rare in held:
        rarity = 0.0
        for probe in rare:
            rarity += idf[probe]
        rarity *= weight
        if explain:
            score.scores["rarity"] = rarity
            if rare:
                score.matched["rarity"] = [f"{p.strip()} {idf[p]:.1f}" for p in rare]
        if score.blocked:
            rows.append((record, score))
        elif score.total > 0:
            score.total += rarity
            rows.append((record, score))
        else:
            silent.append(record)


def _take(
    rows: Iterable[_Scored], config: RecallConfig, now: datetime, *, explain: bool
) -> tuple[list[RecallHit], list[_Row]]:
    """Verdicts and budgets in rank order; with ``explain`` false, stop once the hits are full."""
    hits: list[RecallHit] = []
    final: list[_Row] = []
    used = 0
    limit = config.max_records
    for record, score in rows:
        reason = _skip_reason(record, score, config, now)
        if reason is None:
            text = cut_text(record.text, config.max_chars_per_record)
            if len(hits) >= limit or used + len(text) > config.max_total_chars:
                reason = SkipReason.OVER_BUDGET
            else:
                hits.append(RecallHit(record, score.total, text))
                used += len(text)
                if len(hits) >= limit and not explain:
                    break
        final.append((record, score, reason))
    return hits, final


def select(
    records: Iterable[MemoryRecord],
    query: str,
    config: RecallConfig,
    now: str,
    similarities: Mapping[str, float] | None = None,
) -> tuple[RecallHit, ...]:
    """The records to inject for ``query``, in order: :func:`rank`'s hits, without the
    per-record explanation (this is the per-turn path).

    ``now`` is the current time as an ISO-8601 UTC string; a record whose ``expires_at``
    is at or before it is expired. ``similarities`` (record key → cosine similarity to the
    query, for the records holding vectors) switches the ``semantic`` dimension on; records
    missing from it score 0 there.

    >>> from langgraph.store.memory import InMemoryStore
    >>> from memory_plugins import MemoryConfig, MemoryEngine
    >>> engine = MemoryEngine(InMemoryStore(), MemoryConfig(principal_secret="0123456789abcdef"))
    >>> _ = engine.remember("alice", [{
    ...     "type": "user_preference", "text": "The user likes oolong tea.",
    ...     "tags": ["oolong", "tea"], "confidence": 0.9, "stability": "stable",
    ...     "identity": {"subject": "oolong tea", "polarity": "prefer"}, "action": "add",
    ...     "source_signal": "explicit_memory_intent", "reason": "said so",
    ...     "conflict_signal": False}], source_conversation_id="c-1")
    >>> records = engine.list_records("alice")
    >>> now = "2099-01-01T00:00:00+00:00"
    >>> [(h.record.key, h.score) for h in select(records, "tea?", engine.config.recall, now)]
    [('user_preference:prefer-oolong-tea', 3.75)]
    """
    q = _Query(analyse_query(query, config), config, similarities)
    moment = _parse(now)
    hits = _select_arrays(records, q, moment)
    if hits is not None:
        return tuple(hits)
    rows, _ = _score_all(records, q, explain=False)
    return tuple(_take(rows, config, moment, explain=False)[0])


def rank(
    records: Iterable[MemoryRecord],
    query: str,
    config: RecallConfig,
    now: str,
    similarities: Mapping[str, float] | None = None,
) -> Ranking:
    """Score every record against ``query``, select within the budgets, and say why.

    ``Ranking.considered`` lists every record: those sharing something with the query
    first, best first (selected ones in injection order), then the rest by key.
    ``similarities`` is as for :func:`select`.
    """
    moment = _parse(now)
    q = _Query(analyse_query(query, config), config, similarities)
    rows, silent = _score_all(records, q)
    hits, final = _take(rows, config, moment, explain=True)
    considered = [_consideration(record, score, reason) for record, score, reason in final]
    idle = dict.fromkeys(DIMENSIONS, 0.0)
    if config.rarity_weight > 0:
        idle["rarity"] = 0.0
    if similarities is not None:
        idle["semantic"] = 0.0
    lifted = q.lifted if q.lifted is not None else {}
    for record in sorted(silent, key=lambda r: r.key):
        shown = {}
        if similarities is not None and record.key in similarities:
            # Below the floor it scores nothing, but the similarity explains why.
            lift, cued = lifted[record.key], _embeds_cues(record)
            shown["semantic"] = [
                _similarity_note(similarities[record.key], lift, cued=cued),
                _fusion_note(lift, 0.0, config, lexical=False, cued=cued),
            ]
        nothing = RecordScore(dict(idle), shown, 0.0, False)
        considered.append(
            _consideration(record, nothing, _skip_reason(record, None, config, moment))
        )
    return Ranking(query=query, hits=tuple(hits), considered=tuple(considered))


def _consideration(
    record: MemoryRecord, score: RecordScore, reason: SkipReason | None
) -> Consideration:
    return Consideration(
        record=record,
        scores=score.scores,
        total=score.total,
        selected=reason is None,
        reason=reason,
        matched=score.matched,
    )


# -- scoring in arrays ---------------------------------------------------------------------

ARRAYS_FROM = 48
"""Below this many candidate records, ``select`` scores them one by one (the arrays' fixed
cost would not pay); from it on, all at once in arrays (see :func:`_select_arrays`)."""


def _select_arrays(
    records: Iterable[MemoryRecord], q: _Query, now: datetime
) -> list[RecallHit] | None:
    """:func:`select`'s hits, the candidate records scored all at once in arrays from the
    index's per-dimension postings (:mod:`memory_plugins.recall.arrays`) — the same
    scores as :func:`_score` gives one record at a time, then the same selection rules and
    budgets (:func:`_take`). ``None`` where the arrays do not apply: records not from an
    index, ``numpy`` missing, fewer than :data:`ARRAYS_FROM` candidates, or a query the
    arrays do not score (the semantic or rarity dimension, cue words, a self-context
    question, one word counted once)."""
    config = q.config
    if (
        not isinstance(records, IndexView)
        or q.in_passing
        or q.similarities is not None
        or config.rarity_weight > 0
        or config.cue_word_weight
        or q.profile.facets
    ):
        return None
    return records.scored(
        q.profile, ARRAYS_FROM, lambda rows, chosen: _take_arrays(q, rows, chosen, now)
    )


def _take_arrays(q: _Query, held: ScoringRows, chosen: Any, now: datetime) -> list[RecallHit]:
    scored = _array_scores(q, held, chosen)
    np = held.np
    total, eligible = _settle_arrays(q, held, chosen, scored)
    again = [] if scored.other_sense is None else scored.other_sense.tolist()
    if q.compounds:
        _without_compounds(q, held, chosen, (total, eligible), set(again))
    if again:
        # The few records whose other senses the query holds, one at a time.
        config = q.config
        for position in again:
            record = held.records[int(chosen[position])]
            if record is None:  # a candidate row holds its record; never taken
                continue
            score = _score(q, record, features_of(record), lexical=True, explain=False)
            total[position] = score.total
            eligible[position] = _skip_reason(record, score, config, now) is None
    picked = np.flatnonzero(eligible)
    rows = chosen[picked]
    ranked = _ranked(np, held.records, rows, total[picked], held.rank[rows])
    return _take(ranked, q.config, now, explain=False)[0]


def _without_compounds(
    q: _Query, held: ScoringRows, chosen: Any, settled: tuple[Any, Any], skip: set[int]
) -> None:
    """Against a query holding noun compounds, the candidates that share something with it
    and whose word is only a compound's modifier there (:mod:`~memory_plugins.recall.compounds`)
    get the total and eligibility of the query without those compounds (in ``settled``,
    in place), scored in arrays once per set of compounds (``skip``: positions scored one
    at a time anyway)."""
    total, eligible = settled
    groups: dict[tuple[str, ...], list[int]] = {}
    any_answer = q.config.any_answer_types
    for position in held.np.flatnonzero(total > 0).tolist():
        record = held.records[int(chosen[position])]
        if record is None or position in skip or record.type in any_answer:
            continue
        things = compounds.other_things(q.compounds, features_of(record).all)
        if things:
            groups.setdefault(things, []).append(position)
    for things, positions in groups.items():
        rest = q.without(things, meaning=True)
        rest_total, rest_eligible = _settle_arrays(
            rest, held, chosen, _array_scores(rest, held, chosen)
        )
        total[positions] = rest_total[positions]
        eligible[positions] = rest_eligible[positions]


def _ranked(
    np: Any, records: list[MemoryRecord | None], rows: Any, totals: Any, ranks: Any
) -> Iterable[_Scored]:
    """The records at ``rows`` with their totals, by total descending, then by the order
    numbers (most recent change first, then key; no two rows share one). The first few of
    the best total's are picked out unsorted from the others, and the rest sorted only if
    the selection asks for more; each read from the arrays a few at a time (the selection
    stops once its hits are full)."""
    if not len(rows):
        return
    best = totals.max()
    top = np.flatnonzero(totals == best)
    first = _FIRST
    if len(top) > 2 * first:
        ahead = ranks[top]
        few = np.argpartition(ahead, first)[:first]
        few = few[np.argsort(ahead[few])]
        yield from _read(records, rows, totals, top[few])
        order = np.argsort(ahead)
        yield from _read(records, rows, totals, top[order[first:]])
    else:
        yield from _read(records, rows, totals, top[np.argsort(ranks[top])])
    rest = np.flatnonzero(totals != best)
    if len(rest):
        yield from _read(records, rows, totals, rest[np.lexsort((ranks[rest], -totals[rest]))])


_FIRST = 16
"""How many records the selection is given first (then four times as many each time)."""


def _read(
    records: list[MemoryRecord | None], rows: Any, totals: Any, order: Any
) -> Iterable[_Scored]:
    start, step = 0, _FIRST
    while start < len(order):
        at = order[start : start + step]
        for row, value in zip(rows[at].tolist(), totals[at].tolist(), strict=True):
            yield records[row], RecordScore({}, {}, value, False)
        start, step = start + step, step * 4


class _ArrayScores:
    """The rule dimensions of the candidate rows, aligned with them: the rule total before
    cues, the overlap each record's matches make, the cues' score and matches (``None``
    when no cue of the query matched), and the positions of the candidates whose other
    senses the query holds (``None`` for none: see :func:`_without_other_senses`)."""

    __slots__ = ("cue_found", "cues", "other_sense", "overlap", "rules")

    def __init__(
        self, rules: Any, overlap: Any, cues: Any, cue_found: Any, other_sense: Any
    ) -> None:
        self.rules = rules
        self.overlap = overlap
        self.cues = cues
        self.cue_found = cue_found
        self.other_sense = other_sense


def _array_scores(q: _Query, held: ScoringRows, chosen: Any) -> _ArrayScores:
    """Each dimension of :data:`_RULES` and ``cues`` for every candidate row at once."""
    local = held.scratch
    local[chosen] = held.np.arange(len(chosen), dtype=held.np.int32)
    try:
        return _scores_at(q, held, chosen, local)
    finally:
        local[chosen] = -1


def _halves_held(q: _Query, needle: tuple[str, ...]) -> bool:
    """Whether the query holds both phrases of a cue's ``("s", first, cue, second, whole)``
    needle as :func:`_apart` asks."""
    return _held(q, needle[1], needle[3], needle[4])


def _once(np: Any, apart: list[tuple[Any, Any, str]]) -> list[tuple[Any, Any, str]]:
    """The cue matches of ``apart`` with each record's cue counted once, however many of
    its cuts the query holds (:func:`_apart` asks whether any does)."""
    if len(apart) < 2:
        return apart
    seen: set[tuple[int, int]] = set()
    kept: list[tuple[Any, Any, str]] = []
    for found, at, pin in apart:
        fresh = np.array(
            [(f, a) not in seen for f, a in zip(found.tolist(), at.tolist(), strict=True)], bool
        )
        seen.update(zip(found.tolist(), at.tolist(), strict=True))
        kept.append((np.where(fresh, found, -1), at, pin))
    return kept


def _joined(np: Any, parts: list[Any]) -> Any:
    return parts[0] if len(parts) == 1 else np.concatenate(parts)


def _scores_at(q: _Query, held: ScoringRows, chosen: Any, local: Any) -> _ArrayScores:
    """:func:`_array_scores`, with ``local`` giving each candidate row's position. A
    dimension nothing matched adds nothing (adding its zeros would not change a sum), and
    the others are added in the order of :data:`_RULES`, so each total is the sum
    :func:`_score` makes."""
    np = held.np
    config = q.config
    size = len(chosen)

    def here(rows: Any) -> Any:  # candidate positions of global rows
        found = local[rows]
        return found[found >= 0]

    def marked(postings: Any) -> Any:
        mark = np.zeros(size, bool)
        if postings is not None:
            mark[here(held.rows(postings))] = True
        return mark

    query = q.text
    informative = q.informative
    tag_rows: list[Any] = []
    ident_found: list[Any] = []
    ident_parts: list[Any] = []
    text_rows: list[Any] = []
    cue_needles: list[tuple[Any, Any, str]] = []
    apart: list[tuple[Any, Any, str]] = []  # cues whose two phrases the query holds apart
    sensed: list[Any] = []
    crowd: Counter[str] = Counter()
    reached: set[tuple[str, ...]] = set()
    by_key = held.by_key
    for key in query_keys(query):
        filed = by_key.get(key)
        if filed:
            reached.update(filed)
    for needle in reached:
        kind, pin = needle[0], needle[1]
        if pin not in query:
            continue
        rows, at = held.needles[needle]
        if kind == "s":  # a cue's first phrase or word; its second and whole cue follow
            if config.cue_halves and needle[4] not in query and _halves_held(q, needle):
                apart.append((local[held.rows(rows)], np.frombuffer(at, np.int32), needle[4]))
            continue
        if kind == "o":
            if pin in q.spoken:
                sensed.append(here(held.rows(rows)))
            continue
        if kind == "c":
            found = local[held.rows(rows)]
            crowd[pin] += int((found >= 0).sum())
            if informative[pin] and not q.case_clash(needle[2]):
                cue_needles.append((found, np.frombuffer(at, np.int32), pin))
        elif not informative[pin]:
            continue
        elif kind == "t":
            if not q.case_clash(needle[2]):
                tag_rows.append(held.rows(rows))
        elif kind == "i":
            if not q.case_clash(needle[2]):
                ident_found.append(local[held.rows(rows)])
                ident_parts.append(np.frombuffer(at, np.int32))
        else:
            text_rows.append(held.rows(rows))
    overlap = np.zeros(size, np.int8)
    # tags
    if tag_rows:
        tag_count = np.bincount(here(_joined(np, tag_rows)), minlength=size)
        rules = config.tag_weight * tag_count.astype(np.float64)
        overlap[tag_count > 0] = _FULL
    else:
        rules = np.zeros(size)
    # identity: a part found whole, else one of its phrases
    phrases_hit = _identity_phrases(q, held, chosen=chosen, here=here, marked=marked, size=size)
    if ident_found or phrases_hit[0] is not None or phrases_hit[1] is not None:
        whole = [np.zeros(size, bool), np.zeros(size, bool)]
        if ident_found:
            found, parts = _joined(np, ident_found), _joined(np, ident_parts)
            inside = found >= 0
            found, parts = found[inside], parts[inside]
            for part in (0, 1):
                whole[part][found[parts == part]] = True
        hit = [np.zeros(size, bool) if h is None else h for h in phrases_hit]
        wholes = whole[0].astype(np.int64) + whole[1]
        phrases = (hit[0] & ~whole[0]).astype(np.int64) + (hit[1] & ~whole[1])
        rules += config.identity_whole_weight * wholes + config.identity_phrase_weight * phrases
        overlap[(phrases > 0) & (overlap < _SELF)] = _SELF
        overlap[wholes > 0] = _FULL
    # text
    if text_rows:
        text_hit = np.zeros(size, bool)
        text_hit[here(_joined(np, text_rows))] = True
        rules += np.where(text_hit, config.text_whole_weight, 0.0)
        if config.text_whole_weight:
            overlap[text_hit] = _FULL
    # cjk_phrases
    shared = _cjk_counts(q, held, chosen, here, size)
    if shared is not None:
        weak = _of_types(np, config.cjk_weak_types)[held.kind[chosen]]
        strong, weakly = config.cjk_phrase_weight_strong, config.cjk_phrase_weight_weak
        rules += np.where(weak, weakly, strong) * shared
    # ascii_tokens, summed token by token as _ascii_tokens does
    ascii_rows, ascii_weights = _ascii_entries(q, held, here, marked)
    if ascii_rows is not None:
        rules += np.bincount(ascii_rows, ascii_weights, minlength=size)
        overlap[ascii_rows] = _FULL
    # other senses: the records scored one at a time (with the crowded cues) replace these
    other_sense = np.unique(_joined(np, sensed)) if sensed else None
    if other_sense is not None and not len(other_sense):
        other_sense = None
    least = config.cue_shared_by
    crowded = {pin for pin, count in crowd.items() if least and count >= least}
    if other_sense is not None:
        q.crowded = frozenset(crowded)
    # cues, summed in each record's cue order as _cues does
    cue_needles += _once(np, apart)
    if not cue_needles:
        return _ArrayScores(rules, overlap, None, None, other_sense)
    cues = np.zeros(size)
    places = np.concatenate([at[found >= 0] for found, at, _ in cue_needles])
    where = np.concatenate([found[found >= 0] for found, _, _ in cue_needles])
    weights = np.concatenate(
        [
            np.full(
                int((found >= 0).sum()),
                config.cue_weight * config.cue_shared_factor
                if pin in crowded
                else config.cue_weight,
            )
            for found, _, pin in cue_needles
        ]
    )
    for place in np.unique(places).tolist():
        at_place = places == place
        cues[where[at_place]] += weights[at_place]
    cue_found = np.bincount(where, minlength=size)
    if config.cue_overlap:
        overlap[cue_found > 0] = _FULL
    return _ArrayScores(rules, overlap, cues, cue_found, other_sense)


_LOWER, _UPPER = frozenset({"lower"}), frozenset({"upper"})


def _ascii_entries(
    q: _Query, held: ScoringRows, here: Callable[[Any], Any], marked: Callable[[Any], Any]
) -> tuple[Any, Any]:
    """The ``ascii_tokens`` matches of the candidates, token by token in the query's order:
    each match's candidate position and weight (``None, None`` without any), so that one
    weighted count sums each candidate's weights in the order :func:`_ascii_tokens` does."""
    np = held.np
    config = q.config
    strong_weight, plain_weight = config.ascii_token_weight, config.plain_word_weight
    cases = q.profile.word_cases
    words, strong, names, lower = held.words, held.strong, held.names, held.lower
    found: list[Any] = []
    weights: list[Any] = []
    for token in q.profile.tokens:
        postings = words.get(token)
        if postings is None:
            continue
        rows = here(held.rows(postings))
        if not len(rows):
            continue
        seen = cases.get(token) if cases is not None else None
        if seen == _LOWER:  # a name must be written as one
            named = names.get(token)
            if named is not None:
                rows = rows[~marked(named)[rows]]
        elif seen == _UPPER:  # a short word against an acronym, unless a name
            short = lower.get(token)
            if short is not None:
                clash = marked(short)[rows]
                named = names.get(token)
                if named is not None:
                    clash &= ~marked(named)[rows]
                rows = rows[~clash]
        held_strong = strong.get(token)
        if token in q.profile.owned:
            weights.append(np.full(len(rows), strong_weight))
        elif held_strong is None:
            weights.append(np.full(len(rows), plain_weight))
        else:
            weights.append(np.where(marked(held_strong)[rows], strong_weight, plain_weight))
        found.append(rows)
    if not found:
        return None, None
    if len(found) == 1:
        return found[0], weights[0]
    return np.concatenate(found), np.concatenate(weights)


def _identity_phrases(
    q: _Query,
    held: ScoringRows,
    *,
    chosen: Any,
    here: Callable[[Any], Any],
    marked: Callable[[Any], Any],
    size: int,
) -> list[Any]:
    """Per identity part (first, second), whether :func:`_identity_phrase` finds a phrase
    (``None`` for a part where it finds none)."""
    np = held.np
    hits: list[Any] = []
    tokens = q.profile.tokens
    for part in (0, 1):
        words, strong = held.ident[part], held.ident_strong[part]
        seen: dict[str, Any] = {}
        hit = None
        holding = [words[token] for token in tokens if token in words]
        for token in tokens:  # a technical term or name of the part
            if token in strong:
                named = marked(strong[token])
                hit = named if hit is None else hit | named
        if len(holding) >= 2:  # two plain words of the part
            count = np.bincount(here(np.concatenate(list(map(held.rows, holding)))), minlength=size)
            hit = count >= 2 if hit is None else hit | (count >= 2)
        for phrase in q.profile.phrases_longest_first:
            found = _holding(held, words, phrase, here, seen)
            if found is None:
                continue
            if len(phrase) > 2 and len(found):
                texts = held.ident_texts[part]
                keep = [phrase in texts[row] for row in chosen[found].tolist()]
                found = found[np.array(keep, bool)]
            if hit is None:
                hit = np.zeros(size, bool)
            hit[found] = True
        hits.append(hit)
    return hits


def _holding(
    held: ScoringRows, words: Any, phrase: str, here: Callable[[Any], Any], seen: dict[str, Any]
) -> Any:
    """Candidate positions holding every pair of the CJK ``phrase`` (for two characters,
    exactly those holding it); ``None`` when no record holds one of the pairs. ``seen``
    keeps each pair's positions (``None`` for a pair no record holds) for the query's
    other phrases: they share most pairs."""
    np = held.np
    found = None
    for start in range(len(phrase) - 1):
        pair = phrase[start : start + 2]
        if pair in seen:
            more = seen[pair]
        else:
            posting = words.get(pair)
            more = seen[pair] = None if posting is None else here(held.rows(posting))
        if more is None:
            return None
        if found is None:
            found = more
        elif len(found):
            found = np.intersect1d(found, more, assume_unique=True)  # both ascending, unique
    return found


def _cjk_counts(
    q: _Query, held: ScoringRows, chosen: Any, here: Callable[[Any], Any], size: int
) -> Any:
    """Per candidate, how many phrases :func:`_shared_phrases` shares with its text
    (``None`` when no candidate shares one)."""
    np = held.np
    runs = q.profile.phrase_runs
    if not runs:
        return None
    present: list[tuple[str, Any]] = []
    seen: dict[str, Any] = {}
    texts = held.texts
    for phrase in sorted(q.profile.phrases):
        found = _holding(held, held.words, phrase, here, seen)
        if found is None:
            continue
        if len(phrase) > 2 and len(found):
            keep = [phrase in texts[row] for row in chosen[found].tolist()]
            found = found[np.array(keep, bool)]
        if len(found):
            present.append((phrase, found))
    if not present:
        return None
    shared = np.zeros(size, np.int64)
    if len(present) > 62:  # more than one 64-bit mask holds: one record at a time
        for position in range(size):
            shared[position] = len(_shared_phrases(runs, texts[int(chosen[position])]))
        return shared
    masks = np.zeros(size, np.int64)
    for bit, (_, found) in enumerate(present):
        masks[found] |= np.int64(1) << bit
    holding = np.flatnonzero(masks)
    held_masks = masks[holding]
    if len(present) > _TABLED:
        kinds, back = np.unique(held_masks, return_inverse=True)
    else:  # a count per mask the query can make: the masks present, without a sort
        kinds, back = np.flatnonzero(np.bincount(held_masks)), None
    counts = np.array(
        [
            len(_shared_phrases(runs, {p for bit, (p, _) in enumerate(present) if mask >> bit & 1}))  # type: ignore[arg-type]
            for mask in kinds.tolist()
        ],
        np.int64,
    )
    if back is None:
        table = np.zeros(1 << len(present), np.int64)
        table[kinds] = counts
        shared[holding] = table[held_masks]
    else:
        shared[holding] = counts[back]
    return shared


_TABLED = 12
"""Up to this many phrases present, each candidate's count is read from a table of every
mask they can make (4,096 at most) rather than found by sorting the masks."""


_TYPE_MASKS: dict[frozenset[str], Any] = {}


def _of_types(np: Any, types: Collection[str]) -> Any:
    """Per type code (see :data:`~memory_plugins.recall.arrays.TYPES`): whether it is one
    of ``types`` (memoised: the configuration's type sets are few)."""
    held = frozenset(types)
    mask = _TYPE_MASKS.get(held)
    if mask is None:
        mask = np.array([kind in held for kind in TYPES], bool)
        mask.flags.writeable = False
        if len(_TYPE_MASKS) < 64:
            _TYPE_MASKS[held] = mask
    return mask


def _settle_arrays(
    q: _Query, held: ScoringRows, chosen: Any, scored: _ArrayScores
) -> tuple[Any, Any]:
    """The selection rules of :func:`_score` and :func:`_skip_reason` on the arrays: each
    candidate's total, and whether it can be selected (before expiry and budgets, which
    :func:`_take` applies record by record)."""
    np = held.np
    config = q.config
    kinds = held.kind[chosen]

    def of_types(types: Collection[str]) -> Any:
        return _of_types(np, types)[kinds]

    rules, overlap, cue_found = scored.rules, scored.overlap, scored.cue_found
    # Cues alone: how many matched when no other rule dimension scored.
    alone = None if cue_found is None else np.where((cue_found > 0) & ~(rules > 0), cue_found, -1)
    total = rules if scored.cues is None else rules + scored.cues
    # A question about the world lowers the rules and asks for more cues alone, except of
    # the types that shape any answer.
    any_answer = of_types(config.any_answer_types) if q.profile.factual else None
    if any_answer is not None:
        asked = (total > 0) & ~any_answer
        total = np.where(asked, total * q.fact_factor, total)
    least = config.min_score
    eligible = total >= least if least > 0 else total > 0
    controlled = of_types(config.controlled_types)
    if controlled.any():
        self_aware = of_types(config.self_context_types)
        eligible &= ~(controlled & ((overlap < _SELF) | ((overlap == _SELF) & ~self_aware)))
    if alone is not None:
        needed: Any = config.cues_to_select_alone
        if any_answer is not None:
            needed = np.where(any_answer, needed, config.fact_question_cues_to_select_alone)
        eligible &= ~((alone >= 0) & (alone < needed) & (total > 0))
    eligible &= held.active[chosen]
    eligible &= held.confidence[chosen] >= config.min_confidence
    return total, eligible
