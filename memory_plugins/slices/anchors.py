"""Intent anchors ``{action, target}`` from one utterance, rule-based, in three stages.

1. regular expressions for the frequent request shapes (:mod:`.rules`);
2. spaCy (:mod:`.spacy_stage`, pipelines from :mod:`.pipelines`): jieba POS for Chinese,
   a verb lexicon for English, the dependency parse when a trained pipeline is
   installed — run only when stage 1 found no cue, or no pack target to anchor it on;
3. domain packs (:mod:`.packs`): the target is normalised to a canonical entry
   (``权利要求1`` → ``权利要求``; ``claims`` → ``claim``) and labelled in the utterance's
   language, so a Chinese request yields ``说明书`` and an English one ``specification``.

Without an action there is no anchor target: ``好的`` is ``unknown`` with no target.

>>> extractor = IntentExtractor()
>>> extractor.extract("帮我优化一下说明书的背景技术部分").to_dict()["target"]
'说明书'
>>> anchor = extractor.extract("Generate three test cases for the signup form")
>>> anchor.action.value, anchor.target, anchor.key
('generate', 'test case', 'generate:test-case')
>>> extractor.extract("好的").action.value
'unknown'
"""

import logging
import re
import threading
import unicodedata
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any, Literal

from memory_plugins.errors import ConfigurationError, MissingExtraError
from memory_plugins.slices.actions import IntentAction
from memory_plugins.slices.language import detect_language, request_window
from memory_plugins.slices.packs import DomainPacks, PackSource, TargetHit, fold_plural
from memory_plugins.slices.pipelines import load_pipeline
from memory_plugins.slices.rules import Cue, clause_bounds, find_cue
from memory_plugins.slices.spacy_stage import ObjectPhrase, analyse

__all__ = [
    "IntentAnchor",
    "IntentExtractor",
    "NlpMode",
    "default_extractor",
    "extract_intent",
    "normalise_utterance",
    "target_matches",
    "utterance_language",
]

logger = logging.getLogger("memory_plugins")

NlpMode = Literal["auto", "required", "off"]
"""``auto``: use spaCy when installed; ``required``: fail without it; ``off``: rules only."""

_PART_WORDS = re.compile(
    r"^\s*(?:部分|章节|一节|小节|一章|内容|部份|这部分|section|part|chapter)", re.I
)
_ZH_CHAIN = re.compile(r"^(?:的|中的|里的|里面的|中|里|之)?$")
_EN_CHAIN = re.compile(
    r"^\s+(?:of|in|from|inside|within)\s+(?:the\s+|this\s+|my\s+|our\s+|your\s+|that\s+|a\s+)?$",
    re.I,
)
_EN_FILLER = re.compile(r"^(?:the|a|an|this|that|these|those|my|your|our|some|it|them|me)$", re.I)
_ZH_FILLER = re.compile(r"^(?:这个|那个|一个|这些|那些|一下|我的|它|这|那|个|下)+$")
# A quantity is a constraint, not a target: 总结成三句话, 写成两段.
_ZH_QUANTITY = re.compile(
    r"^[成为到]?[一二两三四五六七八九十几\d]+(?:句话?|段话?|个字|字|条|点|行|页|个|篇)$"
)


def normalise_utterance(text: str) -> str:
    """NFKC (full-width → half-width), collapsed whitespace, trimmed; long texts windowed.

    See :func:`~memory_plugins.slices.language.request_window`.
    """
    return re.sub(r"\s+", " ", unicodedata.normalize("NFKC", request_window(text))).strip()


@dataclass(frozen=True, slots=True)
class IntentAnchor:
    """What a request asks for (``action``) and about what (``target``).

    ``target`` is the canonical label in the utterance's language (``说明书`` /
    ``specification``); ``target_id`` is language-neutral (``specification``) and keys
    the anchor; ``domain`` is the pack that named it (``None`` for a fallback noun).
    ``stage`` says which stage found the action: ``rules``, ``spacy``, ``parse`` or ``none``.

    >>> anchor = IntentAnchor(IntentAction.MODIFY, "权利要求", "claim", "patent", "zh")
    >>> anchor.key, anchor.is_task
    ('modify:claim', True)
    """

    action: IntentAction
    target: str | None = None
    target_id: str | None = None
    domain: str | None = None
    lang: str = "en"
    stage: str = "none"
    cue: str | None = None

    @property
    def key(self) -> str:
        """The slice key: ``action:target_id`` (``-`` without a target)."""
        return f"{self.action.value}:{self.target_id or '-'}"

    @property
    def is_task(self) -> bool:
        """Whether the utterance asks for something (the action is known)."""
        return self.action is not IntentAction.UNKNOWN

    def to_dict(self) -> dict[str, Any]:
        """JSON form (schema ``intent_anchor.v1``)."""
        return {
            "action": self.action.value,
            "target": self.target,
            "target_id": self.target_id,
            "domain": self.domain,
            "lang": self.lang,
            "stage": self.stage,
            "cue": self.cue,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> "IntentAnchor":
        """Inverse of :meth:`to_dict`."""
        return cls(
            action=IntentAction.parse(str(data.get("action", "unknown"))),
            target=data.get("target"),
            target_id=data.get("target_id"),
            domain=data.get("domain"),
            lang=str(data.get("lang", "en")),
            stage=str(data.get("stage", "none")),
            cue=data.get("cue"),
        )


def target_matches(predicted: str | None, expected: Sequence[str]) -> bool:
    """The eval rule: any listed target, case-insensitive, plurals folded; ``[]`` means none.

    >>> target_matches("Test case", ["测试用例", "test cases"]), target_matches(None, [])
    (True, True)
    """
    if not expected:
        return predicted is None
    if predicted is None:
        return False
    wanted = {_fold_target(e) for e in expected}
    return _fold_target(predicted) in wanted


def _fold_target(text: str) -> str:
    words = normalise_utterance(text).split(" ")
    return " ".join([*(w.lower() for w in words[:-1]), fold_plural(words[-1])])


class IntentExtractor:
    """Turns utterances into :class:`IntentAnchor` objects; safe to share between threads.

    ``packs``: your extra domain packs (paths, dicts or :class:`DomainPack`), or a ready
    :class:`DomainPacks`. ``nlp``: see :data:`NlpMode`. ``trained``: use an installed
    trained spaCy pipeline (and its parser) when there is one. ``pipelines``: your own
    spaCy pipelines by language (``{"en": spacy.load(...)}``); one with a parser
    (``"parser" in nlp.pipe_names``) makes the dependency parse decide.

    >>> IntentExtractor(nlp="off").extract("把这封邮件改得更正式一点").key
    'modify:email'
    """

    def __init__(
        self,
        packs: DomainPacks | Iterable[PackSource] = (),
        *,
        nlp: NlpMode = "auto",
        trained: bool = True,
        pipelines: Mapping[str, Any] | None = None,
    ) -> None:
        if nlp not in ("auto", "required", "off"):
            raise ConfigurationError("IntentExtractor(nlp=...) must be 'auto', 'required' or 'off'")
        self.packs = packs if isinstance(packs, DomainPacks) else DomainPacks(packs)
        self.nlp_mode: NlpMode = nlp
        self.trained = trained
        self._pipelines = dict(pipelines or {})
        self._missing: set[str] = set()
        self._lock = threading.Lock()

    def warm_up(
        self, langs: Sequence[str] = ("zh", "en"), *, background: bool = False
    ) -> threading.Thread | None:
        """Load the spaCy pipelines now rather than on the first utterance that needs them.

        ``background=True`` loads them in a daemon thread (returned) so that an
        application pays the one-time cost at start-up; an utterance that needs a
        pipeline meanwhile waits for it, so results never depend on timing.
        """
        if background:
            thread = threading.Thread(target=self.warm_up, args=(tuple(langs),), daemon=True)
            thread.start()
            return thread
        for lang in langs:
            self._pipeline(lang)
        return None

    def extract(self, text: str) -> IntentAnchor:
        """The anchor of one utterance."""
        norm = normalise_utterance(text)
        lang = utterance_language(norm)
        if not norm:
            return IntentAnchor(IntentAction.UNKNOWN, lang=lang)
        hits = self.packs.find(norm)
        cue = find_cue(norm, lang, hits)
        stage = "rules" if cue is not None else "none"
        obj: ObjectPhrase | None = None
        # spaCy only when the rules found no action, or no pack target to anchor it on.
        if cue is None or not hits:
            nlp = self._pipeline(lang)
            if nlp is not None:
                result = analyse(nlp(norm), hits, cue)
                if cue is None and result.cue is not None:
                    cue, stage = result.cue, result.stage
                obj = result.obj
        return self._anchor(norm, lang, hits, cue, stage=stage, obj=obj)

    def extract_doc(self, doc: Any) -> IntentAnchor:
        """The anchor of a spaCy ``Doc`` (parsed or gold-annotated: the parse path decides)."""
        text = doc.text
        lang = "zh" if doc.lang_ == "zh" else "en"
        hits = self.packs.find(text)
        first = None if doc.has_annotation("DEP") else find_cue(text, lang, hits)
        result = analyse(doc, hits, first)
        cue = first or result.cue
        stage = "rules" if first is not None else result.stage if cue is not None else "none"
        return self._anchor(text, lang, hits, cue, stage=stage, obj=result.obj)

    # -- internals -------------------------------------------------------------------------

    def _pipeline(self, lang: str) -> Any:
        if self.nlp_mode == "off" or lang in self._missing:
            return None
        if lang in self._pipelines:
            return self._pipelines[lang]
        try:
            return load_pipeline(lang, trained=self.trained)
        except MissingExtraError:
            if self.nlp_mode == "required":
                raise
            with self._lock:
                if lang not in self._missing:
                    self._missing.add(lang)
                    logger.warning(
                        "intent anchors: the spaCy stage is off for %r (install memory-plugins[slices])",
                        lang,
                    )
            return None

    def _anchor(
        self,
        text: str,
        lang: str,
        hits: list[TargetHit],
        cue: Cue | None,
        *,
        stage: str,
        obj: ObjectPhrase | None,
    ) -> IntentAnchor:
        if cue is None:
            return IntentAnchor(IntentAction.UNKNOWN, lang=lang)
        chosen = _choose_target(text, lang, cue, hits)
        if chosen is None and obj is not None:
            inside = [h for h in hits if obj.start <= h.start and h.end <= obj.end]
            chosen = inside[0] if inside else None
        cue_text = text[cue.start : cue.end]
        if chosen is not None:
            entry = chosen.entry
            return IntentAnchor(
                cue.action, entry.label(lang), entry.id, entry.domain, lang, stage, cue_text
            )
        fallback = _fallback_target(obj.text if obj else None, lang)
        if cue.action is IntentAction.COMPARE and (fallback is None or lang == "zh"):
            fallback = _alternatives_target(text, cue) or fallback
        return IntentAnchor(
            cue.action,
            fallback,
            fallback.replace(" ", "-") if fallback else None,
            None,
            lang,
            stage,
            cue_text,
        )


_QUOTED = re.compile(r"“[^”]*”|「[^」]*」|『[^』]*』|\"[^\"]*\"|'[^']{3,}'")


def utterance_language(text: str) -> str:
    """``zh`` or ``en``: the language the request itself is written in.

    Quoted material and whatever follows a colon (``请翻译：The quick brown fox``) is
    the object of the request, not its language.
    """
    request = _QUOTED.sub(" ", text)
    head, colon, _ = request.partition(":")
    if colon and len(head.strip()) >= 4:
        request = head
    return "zh" if detect_language(request) == "zh" else "en"


def _fallback_target(obj_text: str | None, lang: str) -> str | None:
    if not obj_text:
        return None
    text = obj_text.strip()
    text = re.sub(r"^第?[0-9一二三四五六七八九十]+[个条项]?|[0-9]+$", "", text).strip()
    if lang == "zh":
        return None if not text or _ZH_FILLER.fullmatch(text) or _ZH_QUANTITY.match(text) else text
    words = [w for w in text.lower().split() if not _EN_FILLER.match(w)]
    if not words:
        return None
    words[-1] = fold_plural(words[-1])
    return " ".join(words)


def _chains(text: str, lang: str, hits: list[TargetHit]) -> list[tuple[TargetHit, bool]]:
    """Group hits joined by 的 / "of" into one noun phrase; yield each phrase's head.

    Chinese phrases are head-final (函数的注释 → 注释), English head-first (the comments
    in this function → comments); a head that names a part (…的背景技术部分, the
    background section of …) gives way to the whole it belongs to. The flag says
    whether any member of the phrase belongs to a domain pack.
    """
    connector = _ZH_CHAIN if lang == "zh" else _EN_CHAIN
    groups: list[list[TargetHit]] = []
    for hit in hits:
        if groups and connector.match(text[groups[-1][-1].end : hit.start]):
            groups[-1].append(hit)
        else:
            groups.append([hit])
    heads = []
    for group in groups:
        heads.append((_head(text, lang, group), any(h.entry.signals_domain for h in group)))
    return heads


def _is_part(text: str, hit: TargetHit) -> bool:
    surface = hit.surface.lower()
    return (
        hit.entry.part
        or bool(_PART_WORDS.match(text[hit.end :]))
        or surface.endswith(("部分", "section", "part"))
    )


def _head(text: str, lang: str, group: list[TargetHit]) -> TargetHit:
    if lang == "zh":
        head_index = len(group) - 1
        while head_index > 0 and _is_part(text, group[head_index]):
            head_index -= 1
        return group[head_index]
    head_index = 0
    while head_index < len(group) - 1 and _is_part(text, group[head_index]):
        head_index += 1
    return group[head_index]


def _prefer_domain(heads: list[tuple[TargetHit, bool]]) -> list[TargetHit]:
    domain = [hit for hit, in_domain in heads if in_domain]
    return domain or [hit for hit, _ in heads]


def _choose_target(text: str, lang: str, cue: Cue, hits: list[TargetHit]) -> TargetHit | None:
    if cue.kind in {"verb", "noun"}:
        # A word that is the cue itself (Test this regex, review一下) is not its object.
        hits = [h for h in hits if h.end <= cue.start or h.start >= cue.end]
    if not hits:
        return None
    c_start, c_end = clause_bounds(text, cue.start)
    in_clause = [h for h in hits if c_start <= h.start and h.end <= c_end]
    after = [h for h in in_clause if h.start >= cue.start]
    before = [h for h in in_clause if h.end <= cue.start]
    if after:
        return _prefer_domain(_chains(text, lang, after))[0]
    if before:
        return _prefer_domain(_chains(text, lang, before))[-1]
    earlier = [h for h in hits if h.end <= cue.start]
    if earlier:
        return _prefer_domain(_chains(text, lang, earlier))[-1]
    later = [h for h in hits if h.start >= cue.start]
    return _prefer_domain(_chains(text, lang, later))[0] if later else None


_ALTERNATIVES = re.compile(
    r"([A-Za-z][\w.+#-]*)\s*(?:,\s*)?(?:\bor\b|\bvs\.?|\bversus\b|\band\b|和|跟|与|还是)\s*([A-Za-z][\w.+#-]*)"
)


def _alternatives_target(text: str, cue: Cue) -> str | None:
    """For comparisons without a named object: the first of ``A or B`` / ``A和B``."""
    match = _ALTERNATIVES.search(text)
    if match is None or _EN_FILLER.match(match.group(1)):
        return None
    return match.group(1).lower()


@cache
def default_extractor() -> IntentExtractor:
    """The process-wide extractor with the shipped packs (built on first use)."""
    return IntentExtractor()


def extract_intent(text: str) -> IntentAnchor:
    """The anchor of ``text`` with the shipped packs (one shared extractor per process).

    >>> extract_intent("请把这封邮件翻译成英文").key
    'translate:email'
    """
    return default_extractor().extract(text)
