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
                that is a technical term or name (``strong`` feature); ``plain_word_weight``
                (0.75) per plain prose word, so one ordinary word never selects alone
``self_context`` ``self_context_weight`` (1.5), ``self_context_types`` only: a first-person
                query naming a background facet the record carries ("my job" / "engineer")
==============  ==========================================================================

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
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from itertools import chain

from memory_plugins.candidate import MemoryRecord, RecordStatus
from memory_plugins.config import RecallConfig
from memory_plugins.recall.features import RecordFeatures, features_of
from memory_plugins.recall.index import IndexView
from memory_plugins.recall.query import Lexicon, QueryProfile, analyse_query
from memory_plugins.recall.types import Consideration, Ranking, RecallHit, SkipReason
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

DIMENSIONS = ("tags", "identity", "text", "cjk_phrases", "ascii_tokens", "self_context")
"""The score dimensions, in the order they are reported."""

OPTIONAL_DIMENSIONS = ("rarity", "semantic")
"""Dimensions present in ``scores`` only when switched on (see the module docstring)."""

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
    """A controlled type with partial overlap only: its dimensions do not count."""


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
    return _scorer(profile, config, similarities, explain=True)(record, features_of(record), True)


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


def _semantic(lift: float, config: RecallConfig) -> float:
    floor = config.semantic_floor
    if lift < floor:
        return 0.0
    return config.semantic_weight * (min(lift, 1.0) - floor) / (1.0 - floor)


_Scorer = Callable[[MemoryRecord, RecordFeatures, bool], RecordScore]


def _scorer(
    profile: QueryProfile,
    config: RecallConfig,
    similarities: Mapping[str, float] | None,
    *,
    explain: bool,
) -> _Scorer:
    """The scoring function of one query: its constants bound once, as closure variables.

    With ``explain`` false only totals are computed (``select`` needs no per-dimension
    scores or matches), which keeps the per-turn loop short.
    """
    lifted = lifts(similarities) if similarities is not None else {}
    informative = _Informative(profile.lexicon)
    clash_memo: dict[str, bool] = {}

    def case_clash(tag: str) -> bool:
        # Memoised per query: many records share a tag or an identity part (a name).
        known = clash_memo.get(tag)
        if known is None:
            known = clash_memo[tag] = profile.case_clash(tag)
        return known

    token_clash = profile.token_clash
    query = profile.canonical
    padded = tuple((token, f" {token} ") for token in profile.tokens)
    phrases_first = profile.phrases_longest_first
    phrase_runs = profile.phrase_runs
    facets = profile.facets
    tag_weight = config.tag_weight
    whole_weight = config.identity_whole_weight
    phrase_weight = config.identity_phrase_weight
    text_weight = config.text_whole_weight
    strong_weight = config.ascii_token_weight
    plain_weight = config.plain_word_weight
    self_weight = config.self_context_weight
    weak_types = config.cjk_weak_types
    self_types = config.self_context_types
    controlled = config.controlled_types
    near_paraphrase = config.semantic_controlled_floor
    other_sense_below = config.semantic_other_sense_below
    other_sense_factor = config.semantic_other_sense_factor

    def identity_phrase(part_canonical: str, part_strong: Sequence[str]) -> str | None:
        # A phrase is a CJK phrase, a technical word or name, or two plain words of the
        # part: one ordinary English word ("tools" of "paid tools") is not enough alone.
        plain: list[str] = []
        for token, pin in padded:
            if pin in part_canonical:
                if token in part_strong:
                    return token
                plain.append(token)
        if len(plain) >= 2:
            return " ".join(plain)
        for phrase in phrases_first:
            if phrase in part_canonical:
                return phrase
        return None

    def meaning_only(record: MemoryRecord) -> RecordScore:
        # The record holds no probe of the query: its rule dimensions are 0, as without
        # embeddings (the probes, not the dimensions, are what decide lexical matching).
        lift = lifted.get(record.key)
        semantic = 0.0 if lift is None else _semantic(lift, config)
        scores: dict[str, float] = {}
        matched: dict[str, list[str]] = {}
        if explain:
            scores = dict.fromkeys(DIMENSIONS, 0.0)
            scores["semantic"] = semantic
            if similarities is not None and lift is not None:
                matched["semantic"] = [
                    _similarity_note(similarities[record.key], lift),
                    _fusion_note(lift, 0.0, config, lexical=False),
                ]
        if record.type in controlled and (lift is None or lift < near_paraphrase):
            return RecordScore(scores, matched, 0.0, semantic > 0)
        return RecordScore(scores, matched, semantic, False)

    def score(record: MemoryRecord, feats: RecordFeatures, lexical: bool = True) -> RecordScore:
        if not lexical:
            return meaning_only(record)
        kind = record.type
        matched: dict[str, list[str]] = {}

        tag_score = 0.0
        # Plain loops, not comprehensions: each comprehension costs a frame per record.
        tags: list[str] = []
        for tag, pin in zip(record.tags, feats.tags, strict=False):
            if pin in query and pin and informative[pin] and not case_clash(tag):
                tags.append(tag)
        if tags:
            tag_score = tag_weight * len(tags)
            if explain:
                matched["tags"] = tags

        whole_parts = 0
        phrase_parts = 0
        for part, pin, part_canonical, part_strong in feats.identity:
            if pin in query and informative[pin] and not case_clash(_part_value(record, part)):
                whole_parts += 1
                if explain:
                    matched.setdefault("identity", []).append(f"{part}: {pin.strip()}")
                continue
            hit = identity_phrase(part_canonical, part_strong)
            if hit is not None:
                phrase_parts += 1
                if explain:
                    matched.setdefault("identity", []).append(f"{part} phrase: {hit}")
        identity_score = whole_weight * whole_parts + phrase_weight * phrase_parts

        text_score = 0.0
        text_pin = feats.text_needle
        if text_pin and text_pin in query and informative[text_pin]:
            text_score = text_weight
            if explain:
                matched["text"] = [record.text]

        text = feats.text
        cjk_score = 0.0
        phrases = _shared_phrases(phrase_runs, text) if phrase_runs else None
        if phrases:
            weak = kind in weak_types
            cjk_score = (
                config.cjk_phrase_weight_weak if weak else config.cjk_phrase_weight_strong
            ) * len(phrases)
            if explain:
                matched["cjk_phrases"] = phrases

        ascii_score = 0.0
        # A padded word form is in the canonical text exactly when it is one of its tokens.
        tokens: list[str] = []
        for token, pin in padded:
            if pin in text and not token_clash(token, feats.names, feats.short_lower):
                tokens.append(token)
        if tokens:
            strong = feats.strong
            for token in tokens:
                ascii_score += strong_weight if token in strong else plain_weight
            if explain:
                matched["ascii_tokens"] = tokens

        self_score = 0.0
        self_aware = kind in self_types
        if self_aware and facets:
            cues = _self_cues(profile, feats.all)
            if cues:
                self_score = self_weight
                if explain:
                    matched["self_context"] = cues

        total = tag_score + identity_score + text_score + cjk_score + ascii_score + self_score
        scores: dict[str, float] = {}
        if explain:
            scores = {
                "tags": tag_score,
                "identity": identity_score,
                "text": text_score,
                "cjk_phrases": cjk_score,
                "ascii_tokens": ascii_score,
                "self_context": self_score,
            }

        lift = None
        if similarities is not None:
            lift = lifted.get(record.key)
            semantic = 0.0 if lift is None else _semantic(lift, config)
            if (
                other_sense_below is not None
                and lift is not None
                and total > 0
                and lift < other_sense_below
            ):
                # A shared word whose meaning the query does not share: another sense of it.
                total *= other_sense_factor
                if explain:
                    for name in DIMENSIONS:
                        scores[name] *= other_sense_factor
            total += semantic
            if explain:
                scores["semantic"] = semantic
                if lift is not None:
                    matched["semantic"] = [
                        _similarity_note(similarities[record.key], lift),
                        _fusion_note(lift, total - semantic, config, lexical=True),
                    ]

        if kind in controlled:
            lexical = bool(tags or whole_parts or text_score or tokens)
            if self_aware:
                lexical = lexical or bool(phrase_parts or self_score)
            if lift is not None and lift >= near_paraphrase:
                lexical = True  # standing far out from the other memories is overlap in meaning
            if not lexical:
                return RecordScore(scores, matched, 0.0, total > 0)
        return RecordScore(scores, matched, total, False)

    return score


def _similarity_note(similarity: float, lift: float) -> str:
    return f"similarity {similarity:.2f}, lift {lift:+.2f}"


def _fusion_note(lift: float, rules: float, config: RecallConfig, *, lexical: bool) -> str:
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
        config.semantic_weight, 1e-9
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
    if score is not None and score.blocked:
        return SkipReason.CONTROLLED_TYPE_NO_OVERLAP
    if score is None or score.total <= 0 or score.total < config.min_score:
        return SkipReason.BELOW_MIN_SCORE
    return None


_Row = tuple[MemoryRecord, RecordScore, SkipReason | None]
_Scored = tuple[MemoryRecord, RecordScore]


def _score_all(
    records: Iterable[MemoryRecord],
    profile: QueryProfile,
    config: RecallConfig,
    similarities: Mapping[str, float] | None = None,
    *,
    explain: bool = True,
) -> tuple[list[_Scored], list[MemoryRecord]]:
    """Records with something to show, best first; and the records that share nothing.

    From an :class:`~memory_plugins.recall.index.IndexView`, only the records its index
    finds for the query's probes are visited; the others could not score, so they join
    the silent ones unvisited (listed only when explaining).
    """
    rows: list[_Scored] = []
    silent: list[MemoryRecord] = []
    probes = profile.probes
    chars = profile.chars
    self_aware = config.self_context_types if profile.facets else frozenset()
    score_of = _scorer(profile, config, similarities, explain=explain)
    floor = config.semantic_floor
    lifted = lifts(similarities) if similarities is not None else None
    ranking = config.rarity_weight > 0
    held: list[tuple[MemoryRecord, RecordScore, list[str]]] = []
    rare: list[str] = []
    unvisited = 0
    if isinstance(records, IndexView):
        meaning = _standing_out(lifted, floor)
        if lifted is not None and not explain and not ranking:
            # Found by meaning alone, a record scores its semantic dimension: below the
            # minimum score it cannot be selected, so selection need not visit it.
            least = config.min_score
            meaning = [key for key in meaning if _semantic(lifted[key], config) >= least]
        found = records.candidates(profile, self_aware, meaning)
        if found is not None:
            chosen, total = found
            if explain:
                keys = {record.key for record in chosen}
                silent = [record for record in records if record.key not in keys]
            else:
                unvisited = total - len(chosen)
            records = chosen
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
            score = score_of(record, feats, lexical)
            if ranking:
                held.append((record, score, rare))
            elif score.total > 0 or score.blocked:
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
    rows: list[_Scored], config: RecallConfig, now: datetime, *, explain: bool
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
    profile = analyse_query(query, config)
    rows, _ = _score_all(records, profile, config, similarities, explain=False)
    return tuple(_take(rows, config, _parse(now), explain=False)[0])


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
    profile = analyse_query(query, config)
    rows, silent = _score_all(records, profile, config, similarities)
    hits, final = _take(rows, config, moment, explain=True)
    considered = [_consideration(record, score, reason) for record, score, reason in final]
    idle = dict.fromkeys(DIMENSIONS, 0.0)
    if config.rarity_weight > 0:
        idle["rarity"] = 0.0
    if similarities is not None:
        idle["semantic"] = 0.0
    lifted = lifts(similarities) if similarities is not None else {}
    for record in sorted(silent, key=lambda r: r.key):
        shown = {}
        if similarities is not None and record.key in similarities:
            # Below the floor it scores nothing, but the similarity explains why.
            lift = lifted[record.key]
            shown["semantic"] = [
                _similarity_note(similarities[record.key], lift),
                _fusion_note(lift, 0.0, config, lexical=False),
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
