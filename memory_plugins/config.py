"""Configuration: one frozen, validated object passed in. Core code never reads the environment.

>>> from memory_plugins import MemoryConfig
>>> MemoryConfig(principal_secret="a-long-random-secret-value").recall.max_records
3
"""

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from datetime import timedelta
from typing import TYPE_CHECKING, Any, TypeVar

from memory_plugins.candidate import MemoryType
from memory_plugins.errors import ConfigurationError, WrongTypeError
from memory_plugins.wordlists import (
    ALIASES,
    CHOICE_MARKERS,
    COMMON_WORDS,
    FACT_QUESTION_MARKERS,
    MENTION_MARKERS,
    OWNER_WORDS,
    REQUEST_MARKERS,
    SELF_CONTEXT_CUES,
    SELF_REFERENCES,
    SITUATION_MARKERS,
)

if TYPE_CHECKING:
    from memory_plugins.gates.detectors import Detector

__all__ = [
    "DEFAULT_CALIBRATIONS",
    "CacheConfig",
    "GateConfig",
    "MemoryConfig",
    "RecallConfig",
    "SemanticCalibration",
    "SliceConfig",
]

_MIN_SECRET_BYTES = 16
_CONTROLLED_TYPES = ("project_context", "risk_preference", "stable_user_context")
_Settings = TypeVar("_Settings")


def _settings(owner: str, name: str, value: Any, cls: type[_Settings]) -> _Settings:
    """``value`` as ``cls``: an instance as given, a mapping of its fields validated into one."""
    if isinstance(value, cls):
        return value
    if isinstance(value, Mapping):
        try:
            return cls(**value)
        except TypeError as exc:  # an unknown field name
            raise ConfigurationError(
                f"{owner}.{name}: {exc}; {cls.__name__} takes "
                f"{', '.join(sorted(cls.__dataclass_fields__))}"  # type: ignore[attr-defined]
            ) from exc
    raise WrongTypeError(
        f"{owner}.{name} takes a {cls.__name__} (or a dict of its fields), "
        f"got {type(value).__name__}: pass {name}={cls.__name__}(...)"
    )


def _duration(owner: str, name: str, value: Any, *, optional: bool = False) -> None:
    """Refuse a bare number where a lifetime belongs: seconds or minutes would be a guess."""
    if isinstance(value, timedelta) or (optional and value is None):
        return
    example = "timedelta(hours=1)"
    raise WrongTypeError(
        f"{owner}.{name} takes a datetime.timedelta{' or None' if optional else ''}, "
        f"got {type(value).__name__} {value!r}: pass {name}={example} "
        "(from datetime import timedelta); a bare number has no unit"
    )


@dataclass(frozen=True, slots=True)
class SemanticCalibration:
    """How one embedding model's similarities join the rule score (``RecallConfig.semantic_*``).

    Raw cosine similarities differ by model and by language, so each shipped model has
    thresholds fitted on the tuning parts of the labelled recall sets (see the README).

    >>> SemanticCalibration(weight=5.1, floor=0.15, controlled_floor=0.4).other_sense_below
    """

    weight: float
    """``RecallConfig.semantic_weight`` for this model."""
    floor: float
    """``RecallConfig.semantic_floor`` for this model."""
    controlled_floor: float
    """``RecallConfig.semantic_controlled_floor`` for this model."""
    other_sense_below: float | None = None
    """``RecallConfig.semantic_other_sense_below`` for this model."""
    other_sense_factor: float = 0.5
    """``RecallConfig.semantic_other_sense_factor`` for this model."""
    cued_weight: float | None = None
    """``RecallConfig.semantic_cued_weight`` for this model."""
    cued_controlled_floor: float | None = None
    """``RecallConfig.semantic_cued_controlled_floor`` for this model."""


DEFAULT_CALIBRATIONS: tuple[tuple[str, SemanticCalibration], ...] = (
    # Multilingual USE v3 (the ``meaning`` extra): lifts are small, so the floor and the
    # lift that selects on meaning alone (0.4) sit low; discounting a shared word by a low
    # lift did not pay on the tuning sets, so it is off. A vector of the text with its cues
    # selects on meaning alone from a lift of 0.31 and is overlap in meaning from 0.25: the
    # middle of the weights (7.5-8.5) that found the most on the cued tuning parts without
    # one more false activation.
    (
        "google/universal-sentence-encoder-multilingual-3",
        SemanticCalibration(
            weight=5.1,
            floor=0.15,
            controlled_floor=0.4,
            cued_weight=8.0,
            cued_controlled_floor=0.25,
        ),
    ),
    # multilingual-e5-small, 4-bit (the ``meaning-e5`` extra): its cosines crowd into
    # 0.7-0.9, so lifts are a sixth of USE's; meaning alone selects from a lift of 0.065.
    (
        "intfloat/multilingual-e5-small:q4",
        SemanticCalibration(weight=48.25, floor=0.035, controlled_floor=0.05),
    ),
)
"""Per embedder name (``semantic.embedder_name``): the fitted thresholds of shipped models."""


@dataclass(frozen=True, slots=True)
class RecallConfig:
    """Weights, thresholds and budgets of the rule-based scorer (S5 values by default)."""

    tag_weight: float = 3.0
    """Score per tag of the record that appears literally in the query."""
    identity_whole_weight: float = 2.0
    """Identity subject or facet contained whole in the query."""
    identity_phrase_weight: float = 1.0
    """A phrase of the identity subject/facet (not the whole) in the query."""
    text_whole_weight: float = 2.0
    """The whole memory text contained in the query."""
    cjk_phrase_weight_strong: float = 2.0
    """Per shared CJK phrase for preference-like types."""
    cjk_phrase_weight_weak: float = 1.0
    """Per shared CJK phrase for the types in :attr:`cjk_weak_types`."""
    ascii_token_weight: float = 1.5
    """Per shared ASCII/technical token (``VSCode``, ``React``)."""
    min_score: float = 1.5
    """Records scoring below this are never injected."""
    min_confidence: float = 0.7
    """Records below this confidence are never injected."""
    max_records: int = 3
    """At most this many records per injection."""
    max_chars_per_record: int = 300
    """Each injected memory text is cut to this many characters."""
    max_total_chars: int = 900
    """Sum of injected memory texts stays within this budget."""
    max_query_chars: int = 2000
    """Recall scores at most this many characters of the query: a longer message keeps
    its first and last halves (a question after a pasted document survives), so recall's
    time does not grow with the message. Extraction clips a turn to the same length."""
    time_budget_ms: float = 250.0
    """Recall gives up (and injects nothing) after this long waiting for the store; the
    query embedding (semantic channel) runs in what is left, else recall uses the rules."""
    cjk_weak_types: frozenset[str] = frozenset(_CONTROLLED_TYPES)
    """Types whose CJK phrases weigh :attr:`cjk_phrase_weight_weak` (background, not wishes)."""
    controlled_types: frozenset[str] = frozenset(_CONTROLLED_TYPES)
    """Types that score zero without lexical overlap: a tag, a whole identity part, the
    whole text or an ASCII token in the query. CJK phrases and identity phrases only add
    to such an overlap, they never stand in for it (except for :attr:`self_context_types`)."""
    self_context_types: frozenset[str] = frozenset({"stable_user_context"})
    """Controlled types for which identity phrases and self-context cues count as overlap."""
    self_context_weight: float = 1.5
    """Score of a self-context cue: a first-person query naming a facet of the user's
    background ("do you know my job?") and a record carrying that facet ("engineer")."""
    self_context_cues: tuple[tuple[tuple[str, ...], tuple[str, ...]], ...] = SELF_CONTEXT_CUES
    """Per facet: (query cues, record cues). Default: occupation, home, education."""
    self_references: frozenset[str] = SELF_REFERENCES
    """First-person markers a query needs before a self-context cue counts."""
    owner_words: frozenset[str] = OWNER_WORDS
    """Possessives that make the next word of a query the user's own thing ("my knee"): a
    record holding that word shares a term with the query, weighed as a technical term or
    name (:attr:`ascii_token_weight`), not as one plain word. Empty turns the rule off."""
    common_words: frozenset[str] = COMMON_WORDS
    """Bilingual common words (and single CJK function characters) that never select a
    record by themselves: they are ignored as tags, tokens and phrases of the query."""
    aliases: tuple[tuple[str, ...], ...] = ALIASES
    """Groups of equivalent names (abbreviations, spellings, translations); a query naming
    one member is matched against every member. Default: ``memory_plugins/aliases.json``."""
    plain_word_weight: float = 0.75
    """Per shared plain prose word of the memory text (lower-case English, not a name, not a
    technical term, not in the record's tags or identity): half a technical token, so one
    ordinary word ("meeting", "delete") never selects a record on its own."""
    read_workers: int = 8
    """Threads per engine that run recall's store reads, so a hung store is abandoned at the
    time budget without a new thread per call."""
    semantic_weight: float = 2.5
    """The semantic channel (only with ``MemoryEngine(..., embeddings=...)``): score of a
    record whose *lift* (its similarity to the query minus the mean similarity of the
    principal's other records) is 1. A lift at or above :attr:`semantic_floor` scores
    ``semantic_weight * (lift - floor) / (1 - floor)``, added to the rule dimensions."""
    semantic_floor: float = 0.1
    """Lifts below this score nothing. With the defaults a lift of 0.37 tips a record that
    shares one plain word over ``min_score``, and 0.64 selects a record on meaning alone."""
    semantic_controlled_floor: float = 0.7
    """For ``controlled_types``, a lift this high counts as overlap on its own; below it,
    the semantic score only adds to a lexical overlap (as CJK phrases do)."""
    semantic_other_sense_below: float | None = None
    """When set: a record sharing a word with the query but whose lift is below this keeps
    only :attr:`semantic_other_sense_factor` of its rule score (a shared word in another
    sense: 钢琴烤漆 against "plays the piano"). ``None`` (the default) never discounts."""
    semantic_other_sense_factor: float = 0.5
    """Share of the rule score kept by a record below :attr:`semantic_other_sense_below`."""
    semantic_cued_weight: float | None = None
    """:attr:`semantic_weight` for a record whose vector embeds its cues with its text
    (:func:`~memory_plugins.semantic.embedded_document`): such a vector says in which
    requests the memory matters, so a smaller lift of it means as much. ``None``: the
    same as :attr:`semantic_weight`."""
    semantic_cued_controlled_floor: float | None = None
    """:attr:`semantic_controlled_floor` for a record whose vector embeds its cues;
    ``None``: the same as :attr:`semantic_controlled_floor`."""
    semantic_calibrations: tuple[tuple[str, SemanticCalibration], ...] = DEFAULT_CALIBRATIONS
    """Per embedder name, the ``semantic_*`` values used with that model instead of the
    ones above (see :meth:`for_model`); a model not listed uses the ones above. Pass ``()``
    to use the fields above with every model."""
    case_sensitive_names: bool = True
    """In a query written with case, a name (``Max``) is not the plain word ``max`` and a
    short lower-case tool name (``uv``) is not an acronym (``UV``): such a tag, identity
    part or word does not match. ``False`` matches words whatever their case."""
    cue_weight: float = 1.5
    """Per cue of the record (S1 ``cues``, kept by the program) found whole in the query."""
    cue_word_weight: float = 0.0
    """Per cue of several words of which only one informative word is in the query (0: a
    cue counts only whole)."""
    cue_halves: bool = True
    """Whether a CJK cue of two phrases counts as found when the query holds both apart, in
    either order ("作业怎么辅导" for the cue 辅导作业: Chinese puts an object first as the
    topic), and an English cue of two words when the query holds both words ("prep meals"
    for the cue "meal prep": English turns a compound into a verb and its object). Each
    phrase or word must be an informative one of the query. An English cue of three words
    whose middle one only joins the others (an article, a preposition or a possessive:
    "where to stay") counts when the query holds its outer two, one of them informative
    ("where should I stay"): a request words the join its own way."""
    cue_overlap: bool = True
    """Whether a matched cue counts as lexical overlap for :attr:`controlled_types` (as a tag
    does); ``False``: it only adds to another overlap, like a CJK phrase."""
    cues_to_select_alone: int = 1
    """When cues are the only rule dimension that matches (and meaning adds nothing), the
    record is selected only when at least this many of its cues are in the query."""
    fact_question_cues_to_select_alone: int = 2
    """The same in a question about the world (see :attr:`fact_question_factor`; types of
    :attr:`any_answer_types` aside), whether meaning agrees or not: such a question names a
    cue's situation in passing ("鸡尾酒里那个叫 Penicillin 的是什么酒" against a penicillin
    allergy with the cue "penicillin"), and a record's vector embeds its cues, so agreement
    in meaning there is largely the same cue counted again."""
    fact_question_factor: float = 0.45
    """Share of the rule score a record keeps against a question about the world (a
    :attr:`fact_question_markers` interrogative, no :attr:`request_markers`, no first-person
    marker) unless its type is one of :attr:`any_answer_types`: a topic mentioned in
    passing ("why do pandas eat bamboo" against a cat named after a food) is not a request
    the memory shapes. 1 never discounts."""
    world_question_factor: float = 0.35
    """The same share against a question about the world that neither asks to choose
    (:attr:`choice_markers`: "what's a good morning routine?") nor points at the user's
    situation (:attr:`situation_markers`: "the action items from this call"), where the
    topic is all the more likely to be named in passing. The lower of the two applies, so
    this only ever lowers a score further."""
    fact_question_markers: tuple[str, ...] = FACT_QUESTION_MARKERS
    """Interrogatives of a question about the world (what is, why, when, 为什么, 是什么)."""
    request_markers: tuple[str, ...] = REQUEST_MARKERS
    """Words that make a question a request (recommend, plan, explain, 推荐, 帮我)."""
    any_answer_types: frozenset[str] = frozenset(
        {"communication_preference", "standing_instruction"}
    )
    """Types that shape any answer (how to answer, what always to do): never discounted by
    :attr:`fact_question_factor`."""
    one_word_in_passing: bool = False
    """Against a question about the world that neither asks to choose
    (:attr:`choice_markers`) nor points at the user's situation (:attr:`situation_markers`),
    a record whose every match is one and the same word of the query (a tag, the identity
    phrase and the text phrase that are that word) counts it once: its best dimension,
    kept at :attr:`fact_question_factor`. One word of a question about something else is
    a topic mentioned in passing ("what is the Friday prayer" against "blocks Friday
    afternoons"). :attr:`any_answer_types` are exempt. Off by default (every dimension
    counts): it trades some everyday recall for fewer firings on shared words (see the
    README's recall figures)."""
    modifier_compounds: bool = True
    """Against a question about the world that neither asks to choose nor points at the
    user's situation, a record's word that the query uses as the modifier of a noun the
    record does not hold — 钢琴 in 钢琴烤漆, 苹果 in 苹果手机, 花生 in 花生油 — names which kind
    of another thing, and does not count for that record, as one of its
    ``other_senses`` would not; agreement in meaning still does
    (:mod:`memory_plugins.recall.compounds`; Chinese compounds need jieba, from the
    ``slices`` extra). :attr:`any_answer_types` are exempt."""
    mention_markers: tuple[str, ...] = MENTION_MARKERS
    """Words that make a question about a word itself: its meaning, its translation, how it
    is said or spelt, where it comes from, or the word pointed at as a word ("What does ETA
    mean?", "“日报”用英文怎么说？", "“多肉”这个叫法是从哪来的？"). Such a question is a
    question about the world, and the word is mentioned, not used: whether or not
    :attr:`one_word_in_passing` is set, a record whose every match is that one word counts
    it once (with the same exemptions; a demonstrative inside a marker is not one of
    :attr:`situation_markers`, and only a comparison among :attr:`choice_markers` makes
    such a question a choice). Empty turns the rule off."""
    choice_markers: tuple[str, ...] = CHOICE_MARKERS
    """Words that make a question about the world a choice (a comparison, a good one):
    :attr:`one_word_in_passing` does not apply to it."""
    situation_markers: tuple[str, ...] = SITUATION_MARKERS
    """Demonstratives that tie a question to the user's situation (this call, 这段):
    :attr:`one_word_in_passing` does not apply to it."""
    cue_shared_by: int = 3
    """A cue the query contains that at least this many of the user's records hold says
    little about any one of them: it weighs :attr:`cue_shared_factor` of
    :attr:`cue_weight`. 0 turns the rule off."""
    cue_shared_factor: float = 0.5
    """Share of :attr:`cue_weight` a shared cue keeps (see :attr:`cue_shared_by`)."""
    rarity_weight: float = 0.0
    """Ranking mode only: adds ``rarity_weight`` times the BM25 idf of each query word the
    record contains (document frequency over the records considered), so rare words rank
    above common ones. 0 (the default) keeps the S5 scores exactly; benchmarks that rank
    with lifted thresholds turn it on."""

    def __post_init__(self) -> None:
        if self.max_records < 1:
            raise ConfigurationError("RecallConfig.max_records must be at least 1")
        if self.min_score < 0 or self.max_chars_per_record < 1 or self.max_total_chars < 1:
            raise ConfigurationError("RecallConfig thresholds and budgets must be positive")
        if not 0.0 <= self.min_confidence <= 1.0:
            raise ConfigurationError("RecallConfig.min_confidence must be within 0..1")
        if self.time_budget_ms <= 0:
            raise ConfigurationError("RecallConfig.time_budget_ms must be positive")
        if self.max_query_chars < 2:
            raise ConfigurationError("RecallConfig.max_query_chars must be at least 2")
        if self.read_workers < 1:
            raise ConfigurationError("RecallConfig.read_workers must be at least 1")
        if self.cue_shared_by < 0 or not 0.0 <= self.cue_shared_factor <= 1.0:
            raise ConfigurationError(
                "RecallConfig.cue_shared_by must be >= 0 and cue_shared_factor within 0..1"
            )
        if (
            self.cue_weight < 0
            or self.cue_word_weight < 0
            or self.cues_to_select_alone < 1
            or self.fact_question_cues_to_select_alone < 1
        ):
            raise ConfigurationError(
                "RecallConfig.cue_weight must be >= 0 and cues_to_select_alone and "
                "fact_question_cues_to_select_alone at least 1"
            )
        if (self.semantic_cued_weight or 0.0) < 0:
            raise ConfigurationError("RecallConfig.semantic_cued_weight must be >= 0")
        cued_floor = self.semantic_cued_controlled_floor
        if cued_floor is not None and not self.semantic_floor <= cued_floor <= 1.0:
            raise ConfigurationError(
                "RecallConfig.semantic_cued_controlled_floor must be within semantic_floor..1"
            )
        if self.semantic_weight < 0 or self.rarity_weight < 0:
            raise ConfigurationError("RecallConfig.semantic_weight and rarity_weight must be >= 0")
        if not 0.0 <= self.semantic_floor < 1.0:
            raise ConfigurationError("RecallConfig.semantic_floor must be within 0..1 (below 1)")
        if not self.semantic_floor <= self.semantic_controlled_floor <= 1.0:
            raise ConfigurationError(
                "RecallConfig.semantic_controlled_floor must be within semantic_floor..1"
            )
        if not 0.0 <= self.semantic_other_sense_factor <= 1.0:
            raise ConfigurationError("RecallConfig.semantic_other_sense_factor must be within 0..1")
        for model, calibration in self.semantic_calibrations:
            if not isinstance(calibration, SemanticCalibration):
                raise ConfigurationError(
                    f"RecallConfig.semantic_calibrations[{model!r}] must be a SemanticCalibration"
                )
        known = {t.value for t in MemoryType}
        if not 0.0 <= self.fact_question_factor <= 1.0:
            raise ConfigurationError("RecallConfig.fact_question_factor must be within 0..1")
        if not 0.0 <= self.world_question_factor <= 1.0:
            raise ConfigurationError("RecallConfig.world_question_factor must be within 0..1")
        for name in (
            "cjk_weak_types",
            "controlled_types",
            "self_context_types",
            "any_answer_types",
        ):
            unknown = set(getattr(self, name)) - known
            if unknown:
                raise ConfigurationError(
                    f"RecallConfig.{name} has unknown memory types {sorted(unknown)}; "
                    f"use names from {sorted(known)}"
                )

    def for_model(self, model: str | None) -> "RecallConfig":
        """This configuration with ``model``'s fitted ``semantic_*`` values, if it has any.

        >>> RecallConfig().for_model("google/universal-sentence-encoder-multilingual-3").semantic_floor
        0.15
        >>> RecallConfig().for_model("my-model").semantic_floor
        0.1
        """
        for name, calibration in self.semantic_calibrations:
            if name == model:
                return replace(
                    self,
                    semantic_weight=calibration.weight,
                    semantic_floor=calibration.floor,
                    semantic_controlled_floor=calibration.controlled_floor,
                    semantic_other_sense_below=calibration.other_sense_below,
                    semantic_other_sense_factor=calibration.other_sense_factor,
                    semantic_cued_weight=calibration.cued_weight,
                    semantic_cued_controlled_floor=calibration.cued_controlled_floor,
                )
        return self


@dataclass(frozen=True, slots=True)
class SliceConfig:
    """Lifetimes of structured slices (S6)."""

    default_ttl: timedelta = timedelta(days=7)
    """Lifetime of a freshly written slice."""
    adopted_ttl: timedelta = timedelta(days=30)
    """Lifetime after ``adopt`` feedback."""
    implicit_trigger_turns: int = 3
    """Consecutive turns in one domain that load that domain's anchors."""
    implicit_trigger_anchors: int = 5
    """How many recent anchors an implicit trigger loads."""

    def __post_init__(self) -> None:
        _duration("SliceConfig", "default_ttl", self.default_ttl)
        _duration("SliceConfig", "adopted_ttl", self.adopted_ttl)
        if self.default_ttl <= timedelta(0) or self.adopted_ttl <= timedelta(0):
            raise ConfigurationError("SliceConfig lifetimes must be positive")


@dataclass(frozen=True, slots=True)
class CacheConfig:
    """The per-namespace read cache in front of the store (on by default).

    Writes through the engine update the cached records in place. Every engine write also
    bumps the namespace's change token in the store, so a write by *another* process is
    noticed at most ``revalidate_after`` after the previous check: past that window a
    cached namespace costs one key lookup (the token), and a changed token a read of what
    changed (SQLite, PostgreSQL) or of the whole namespace (other stores).

    >>> CacheConfig().revalidate_after.total_seconds()
    1.0
    """

    max_namespaces: int = 1024
    """LRU bound on cached namespaces."""
    max_records: int = 100_000
    """LRU bound on the records held over all cached namespaces (about 2 kB each, less in
    a compacted namespace): past it the least recently used namespaces are evicted; a
    namespace holding more records than this is not cached (each recall reads it)."""
    max_namespace_records: int = 10_000
    """A namespace holding more records than this is cached compacted: its probe index
    is held with the records as the store returned them, each parsed only for the query
    that touches it, never kept parsed (about 0.4 kB per record over an in-memory store,
    1.4 kB over SQLite, which returns JSON bytes). Its recalls stay warm after the first
    read; a query touching more than this many of its records is answered without memory
    (``degraded``, counted as ``recall_too_broad``) instead of parsing them all. It still
    counts against ``max_records``."""
    ttl: timedelta = timedelta(minutes=5)
    """Hard age limit of a cached list of records, whatever its token says."""
    negative_ttl: timedelta = timedelta(seconds=30)
    """Hard age limit of "this principal has no memories"."""
    revalidate_after: timedelta = timedelta(seconds=1)
    """Within this window after its last token check, a cached namespace is served without
    touching the store (serving it does not extend the window)."""

    def __post_init__(self) -> None:
        for name in ("ttl", "negative_ttl", "revalidate_after"):
            _duration("CacheConfig", name, getattr(self, name))
        if self.max_namespaces < 1:
            raise ConfigurationError("CacheConfig.max_namespaces must be at least 1")
        if not 1 <= self.max_namespace_records <= self.max_records:
            raise ConfigurationError(
                "CacheConfig.max_namespace_records must be at least 1 and at most max_records"
            )
        if self.ttl <= timedelta(0) or self.negative_ttl <= timedelta(0):
            raise ConfigurationError("CacheConfig.ttl and negative_ttl must be positive")
        if self.revalidate_after < timedelta(0):
            raise ConfigurationError("CacheConfig.revalidate_after must not be negative")


@dataclass(frozen=True, slots=True)
class GateConfig:
    """Which content detectors the ``sensitive`` and ``runtime_data`` gates run.

    Every registered detector that is on by default runs (the built-ins and those of
    installed packages' ``memory_plugins.detectors`` entry points); ``enable`` adds opt-in
    ones by name (or detector objects directly) and ``disable`` removes any by name.
    Unknown names raise :class:`ConfigurationError` at once.

    >>> GateConfig(enable=("public_ip",), disable=frozenset({"phone_number"})).disable
    frozenset({'phone_number'})
    """

    enable: "tuple[str | Detector, ...]" = ()
    """Opt-in detector names (``public_ip``) or :class:`~memory_plugins.gates.detectors.Detector` objects."""
    disable: frozenset[str] = frozenset()
    """Names of detectors not to run."""

    def __post_init__(self) -> None:
        if isinstance(self.enable, str) or isinstance(self.disable, str):
            raise ConfigurationError("GateConfig.enable and .disable take collections of names")
        names = [n for n in self.enable if isinstance(n, str)] + list(self.disable)
        if names:
            from memory_plugins.gates.detectors import check_detector_names

            check_detector_names(names)
        for item in self.enable:
            if not isinstance(item, str):
                from memory_plugins.gates.detectors import Detector as _Detector

                if not isinstance(item, _Detector):
                    raise ConfigurationError(
                        f"GateConfig.enable takes names or detectors, not {type(item).__name__}"
                    )
        object.__setattr__(self, "enable", tuple(self.enable))
        object.__setattr__(self, "disable", frozenset(self.disable))


@dataclass(frozen=True, slots=True)
class MemoryConfig:
    """Everything the engine needs to know, validated once.

    ``principal_secret`` keys the HMAC that turns a user id into a namespace; keep it
    secret and stable (changing it orphans every stored memory). Nested settings take their
    class or a plain dict of its fields, validated here; lifetimes take a ``timedelta``.

    >>> MemoryConfig(principal_secret="a-long-random-secret", recall={"max_records": 5}
    ...              ).recall.max_records
    5
    """

    principal_secret: str | bytes
    """HMAC key for principal hashing; at least 16 bytes."""
    app: str = "memory-plugins"
    """First namespace segment; separates applications sharing one store."""
    draft_prefix: str = "draft:"
    """Conversation ids starting with this are drafts and never produce memories."""
    min_confidence: float = 0.7
    """Write gate: candidates below this confidence are rejected (``low_confidence``)."""
    max_text_chars: int = 300
    """Write gate: longer texts are rejected (``text_too_long``)."""
    record_ttl: timedelta | None = None
    """Optional lifetime of a memory record; ``None`` keeps records until suppressed."""
    recall: RecallConfig = field(default_factory=RecallConfig)
    """Read-path settings."""
    slices: SliceConfig = field(default_factory=SliceConfig)
    """Structured-slice settings."""
    cache: CacheConfig | None = field(default_factory=CacheConfig)
    """Read cache (on by default); ``None`` reads the whole namespace on every recall."""
    store_deadline_ms: float = 5000.0
    """``remember``, ``suppress``, ``restore``, ``forget``, ``sweep``, ``list_records`` and
    ``explain`` wait at most this long for the store (recall has ``recall.time_budget_ms``).
    Past it a write reports ``store_unavailable`` and a read raises
    ``StoreUnavailableError`` (``explain``: nothing considered), counted as
    ``store_timeouts``; the abandoned call writes nothing unless its write had started."""
    gates: GateConfig = field(default_factory=GateConfig)
    """Content detectors of the write gates (all built-ins by default)."""
    org_scope: bool = False
    """Whether this deployment has the shared organisation (team) scope: memories every user
    of an org sees (``Scope.for_org``, ``recall(..., org=...)``). Off: naming an org raises.
    Writes into it are always explicit (``remember(Scope.for_org(...), ...)``), never made by
    extraction from one user's chat."""
    metadata_schema: Mapping[str, Any] | None = field(default=None, compare=False)
    """A JSON Schema (an ``object`` schema with ``properties``) declaring the metadata keys
    a candidate may carry (``metadata={"project": "apollo"}``). Keys it does not declare
    are refused (``schema``), as are values it does not allow. ``None``: no metadata."""

    def __post_init__(self) -> None:
        secret = self.principal_secret
        if not isinstance(secret, str | bytes):
            raise WrongTypeError(
                f"MemoryConfig.principal_secret must be str or bytes, got "
                f"{type(secret).__name__}; generate one with: "
                "python -c 'import secrets; print(secrets.token_hex(32))'"
            )
        for name, cls in (
            ("recall", RecallConfig),
            ("slices", SliceConfig),
            ("gates", GateConfig),
            ("cache", CacheConfig),
        ):
            value = getattr(self, name)
            if name == "cache" and value is None:
                continue
            object.__setattr__(self, name, _settings("MemoryConfig", name, value, cls))
        _duration("MemoryConfig", "record_ttl", self.record_ttl, optional=True)
        raw = secret.encode() if isinstance(secret, str) else secret
        if len(raw) < _MIN_SECRET_BYTES:
            raise ConfigurationError(
                "MemoryConfig.principal_secret must be at least 16 bytes; "
                "generate one with: python -c 'import secrets; print(secrets.token_hex(32))'"
            )
        if not self.app or "." in self.app or not self.app.isprintable():
            raise ConfigurationError(
                "MemoryConfig.app must be a non-empty printable label without '.'"
            )
        if not self.draft_prefix:
            raise ConfigurationError("MemoryConfig.draft_prefix must not be empty")
        if not 0.0 <= self.min_confidence <= 1.0:
            raise ConfigurationError("MemoryConfig.min_confidence must be within 0..1")
        if self.max_text_chars < 1:
            raise ConfigurationError("MemoryConfig.max_text_chars must be positive")
        if self.record_ttl is not None and self.record_ttl <= timedelta(0):
            raise ConfigurationError("MemoryConfig.record_ttl must be positive or None")
        if not self.store_deadline_ms > 0:
            raise ConfigurationError("MemoryConfig.store_deadline_ms must be positive")
        if not isinstance(self.org_scope, bool):
            raise WrongTypeError("MemoryConfig.org_scope takes True or False")
        if self.metadata_schema is not None:
            from memory_plugins.metadata import check_metadata_schema

            check_metadata_schema(self.metadata_schema)

    @property
    def secret_bytes(self) -> bytes:
        """The principal secret as bytes."""
        s = self.principal_secret
        return s.encode() if isinstance(s, str) else s
