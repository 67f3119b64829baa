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

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from memory_plugins.candidate import MemoryRecord, RecordStatus
from memory_plugins.config import RecallConfig
from memory_plugins.recall.features import features_of
from memory_plugins.recall.query import QueryProfile, analyse_query
from memory_plugins.recall.types import Consideration, Ranking, RecallHit, SkipReason

__all__ = ["DIMENSIONS", "RecordScore", "cut_text", "rank", "score_record", "select"]

DIMENSIONS = ("tags", "identity", "text", "cjk_phrases", "ascii_tokens", "self_context")
"""The score dimensions, in the order they are reported."""

ELLIPSIS = "…"


@dataclass(frozen=True, slots=True)
class RecordScore:
    """One record's score against one query, before selection."""

    scores: dict[str, float]
    """Score per dimension (all of :data:`DIMENSIONS`)."""
    matched: dict[str, list[str]]
    """What matched, per dimension with a match."""
    total: float
    """Sum of the dimensions, or 0 when a controlled type has no lexical overlap."""
    blocked: bool
    """A controlled type with partial overlap only: its dimensions do not count."""


def score_record(profile: QueryProfile, record: MemoryRecord, config: RecallConfig) -> RecordScore:
    """Score ``record`` against an analysed query (see the module docstring)."""
    return _score(profile, record, features_of(record), config)


def _score(
    profile: QueryProfile, record: MemoryRecord, feats: Mapping[str, Any], config: RecallConfig
) -> RecordScore:
    kind = record.type
    lex = profile.lexicon
    query = profile.canonical
    matched: dict[str, list[str]] = {}
    scores = dict.fromkeys(DIMENSIONS, 0.0)

    tags = [
        tag
        for tag, pin in zip(record.tags, feats["tags"], strict=False)
        if pin and pin in query and lex.informative(pin)
    ]
    if tags:
        scores["tags"] = config.tag_weight * len(tags)
        matched["tags"] = tags

    whole_parts = 0
    phrase_parts = 0
    for part, pin, part_canonical, part_strong in feats["identity"]:
        if pin in query and lex.informative(pin):
            whole_parts += 1
            matched.setdefault("identity", []).append(f"{part}: {pin.strip()}")
            continue
        hit = _identity_phrase(profile, part_canonical, part_strong)
        if hit is not None:
            phrase_parts += 1
            matched.setdefault("identity", []).append(f"{part} phrase: {hit}")
    scores["identity"] = (
        config.identity_whole_weight * whole_parts + config.identity_phrase_weight * phrase_parts
    )

    text_pin = feats["text_needle"]
    if text_pin and text_pin in query and lex.informative(text_pin):
        scores["text"] = config.text_whole_weight
        matched["text"] = [record.text]

    phrases = _shared_phrases(profile, feats["text"])
    if phrases:
        weak = kind in config.cjk_weak_types
        weight = config.cjk_phrase_weight_weak if weak else config.cjk_phrase_weight_strong
        scores["cjk_phrases"] = weight * len(phrases)
        matched["cjk_phrases"] = phrases

    record_tokens = feats["tokens"]
    tokens = [t for t in profile.tokens if t in record_tokens]
    if tokens:
        strong = feats["strong"]
        scores["ascii_tokens"] = sum(
            config.ascii_token_weight if t in strong else config.plain_word_weight for t in tokens
        )
        matched["ascii_tokens"] = tokens

    self_aware = kind in config.self_context_types
    if self_aware and profile.facets:
        cues = _self_cues(profile, feats["all"])
        if cues:
            scores["self_context"] = config.self_context_weight
            matched["self_context"] = cues

    total = sum(scores.values())
    if kind in config.controlled_types:
        lexical = bool(tags or whole_parts or scores["text"] or tokens)
        if self_aware:
            lexical = lexical or bool(phrase_parts or scores["self_context"])
        if not lexical:
            return RecordScore(scores, matched, 0.0, total > 0)
    return RecordScore(scores, matched, total, False)


def _identity_phrase(
    profile: QueryProfile, part_canonical: str, part_strong: Sequence[str]
) -> str | None:
    # A phrase is a CJK phrase, a technical word or name, or two plain words of the part:
    # one ordinary English word ("tools" of "paid tools") is not enough on its own.
    plain: list[str] = []
    for token in profile.tokens:
        if f" {token} " in part_canonical:
            if token in part_strong:
                return token
            plain.append(token)
    if len(plain) >= 2:
        return " ".join(plain)
    for phrase in profile.phrases_longest_first:
        if phrase in part_canonical:
            return phrase
    return None


def _shared_phrases(profile: QueryProfile, text: str) -> list[str]:
    found: dict[str, None] = {}
    for run in profile.phrase_runs:
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


def _score_all(
    records: Iterable[MemoryRecord], profile: QueryProfile, config: RecallConfig, now: datetime
) -> tuple[list[_Row], list[MemoryRecord]]:
    """Rows with something to show, best first; and the records that share nothing."""
    rows: list[_Row] = []
    silent: list[MemoryRecord] = []
    probes = profile.probes
    chars = profile.chars
    self_aware = config.self_context_types if profile.facets else frozenset()
    for record in records:
        feats = features_of(record)
        short = feats["short"]
        # Every counted match contains a probe; most records hold none and stop here.
        if (
            any(map(feats["all"].__contains__, probes))
            or (short and any(map(short.__contains__, chars)))
            or record.type in self_aware
        ):
            score = _score(profile, record, feats, config)
            if score.total > 0 or score.blocked:
                rows.append((record, score, _skip_reason(record, score, config, now)))
                continue
        silent.append(record)
    # Three stable sorts: key ascending, then most recent change first, then score.
    rows.sort(key=lambda row: row[0].key)
    rows.sort(key=lambda row: row[0].last_changed, reverse=True)
    rows.sort(key=lambda row: row[1].total, reverse=True)
    return rows, silent


def _take(rows: list[_Row], config: RecallConfig) -> tuple[list[RecallHit], list[_Row]]:
    """Apply the budgets in rank order; rows come back with OVER_BUDGET where it applied."""
    hits: list[RecallHit] = []
    final: list[_Row] = []
    used = 0
    for record, score, verdict in rows:
        reason = verdict
        if reason is None:
            text = cut_text(record.text, config.max_chars_per_record)
            if len(hits) >= config.max_records or used + len(text) > config.max_total_chars:
                reason = SkipReason.OVER_BUDGET
            else:
                hits.append(RecallHit(record, score.total, text))
                used += len(text)
        final.append((record, score, reason))
    return hits, final


def select(
    records: Iterable[MemoryRecord], query: str, config: RecallConfig, now: str
) -> tuple[RecallHit, ...]:
    """The records to inject for ``query``, in order: :func:`rank`'s hits, without the
    per-record explanation (this is the per-turn path).

    ``now`` is the current time as an ISO-8601 UTC string; a record whose ``expires_at``
    is at or before it is expired.

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
    rows, _ = _score_all(records, analyse_query(query, config), config, _parse(now))
    return tuple(_take(rows, config)[0])


def rank(records: Sequence[MemoryRecord], query: str, config: RecallConfig, now: str) -> Ranking:
    """Score every record against ``query``, select within the budgets, and say why.

    ``Ranking.considered`` lists every record: those sharing something with the query
    first, best first (selected ones in injection order), then the rest by key.
    """
    moment = _parse(now)
    rows, silent = _score_all(records, analyse_query(query, config), config, moment)
    hits, final = _take(rows, config)
    considered = [_consideration(record, score, reason) for record, score, reason in final]
    for record in sorted(silent, key=lambda r: r.key):
        nothing = RecordScore(dict.fromkeys(DIMENSIONS, 0.0), {}, 0.0, False)
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
