"""Stage 1 of intent anchors: regular expressions for the frequent request shapes.

Chinese verbs count wherever they stand unless negated (``不要删``) or narrated
(``我昨天改了``); English verbs count at the start of a clause or after a request frame
(``please``, ``can you``, ``I need you to``). Question shapes (``是什么意思``,
``what does … mean``) and action nouns (``写个总结``, ``give me a summary``) complete
the picture. The strongest cue wins; among equals, the first.

>>> find_cue("帮我优化一下说明书的背景技术部分", "zh", [])
Cue(action=<IntentAction.MODIFY: 'modify'>, start=2, end=4, strength=3.0, stage='rules', kind='verb')
>>> find_cue("I wrote it yesterday", "en", []) is None
True
"""

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cache

from memory_plugins.slices.actions import IntentAction
from memory_plugins.slices.lexicon import (
    EN_FRAME_WORDS,
    EN_NOUN_CUES,
    EN_PHRASES,
    EN_SHAPES,
    EN_VERBS,
    EN_WEAK,
    ZH_SHAPES,
    ZH_VERBS,
    ZH_WEAK,
)
from memory_plugins.slices.packs import TargetHit

__all__ = ["Cue", "clause_bounds", "en_request_prefix", "find_cue", "zh_blocked"]


@dataclass(frozen=True, slots=True)
class Cue:
    """An action cue: where it was found, how strong it is and which stage found it."""

    action: IntentAction
    start: int
    end: int
    strength: float
    stage: str = "rules"
    kind: str = "verb"
    """``verb``, ``noun`` (an action noun such as 总结 / summary), ``shape`` or ``weak``."""


_ZH_NEGATION = re.compile(
    r"(?:(?<!要)不要|(?<!用)不用|不需要|无需|不必|别|(?<!有)没有|(?<!有)没|勿|(?<!能)不能|不想|不准|不许|千万别"
    r"|用不着)"
    r"(?:再|帮我|给我|去|随便|擅自|自己|乱|动|把.{1,8})?$"
)
_ZH_SUBJECT = re.compile(
    r"(?:^|[^帮给替让请叫])(?:我们|我|你|他们|他|她|大家)(?:已经|刚刚|刚才|刚|昨天|今天|之前|上次|也|都|自己)?"
    r"(?:已经|刚刚|刚才|刚)?$|(?:已经|刚刚|刚才|之前|昨天|上次)$"
)
_ZH_PROGRESSIVE = re.compile(r"(?:正在|在)$")
_ZH_NARRATIVE_AFTER = re.compile(r"^(?:了|过|完|好了)(?!吧)")
_ZH_ATTRIBUTIVE_AFTER = re.compile(r"^(?:的|得)(?!更|再)")
_ZH_SELF_CONTAINED = frozenset({"删了", "不要了"})
# Words that are verbs and nouns alike: after a demonstrative or 的 they are nouns (这份总结).
_ZH_DUAL_USE = frozenset({"总结", "翻译", "测试", "设计", "分析", "介绍", "说明", "整理", "回复"})
_ZH_NOUN_USE = re.compile(
    r"(?:这个|那个|这份|那份|这段|那段|这篇|你的|我的|他的|的|一份|一个|个|年终|工作)$"
)
_ZH_CUE_IGNORE = re.compile(
    r"大写|小写|缩写(?!成)|改天|改革|写作业|设计模式|设计师|实现原理|实现方式|翻译官|搜狗|查看器|改变主意"
    r"|出现|出来|出去|出门|出差|做饭|做梦|找工作|找不到|写字楼|不改|改动不大|来自|来源|加班|加油|删帖"
)

_EN_BOUNDARY = re.compile(r"[.!?;:\n,]|\b(?:and|then|but|so|also)\b", re.I)
_EN_PREFIX = re.compile(
    r"(?:(?:hi|hey|hello|ok|okay|so|um|uh|alright|also|now|then|and|but|just|quickly|quick|please|pls"
    r"|plz|kindly|first|next|finally|again|maybe|actually|can\s+you|could\s+you|would\s+you|will\s+you"
    r"|can\s+u|could\s+u|you\s+can|help\s+me(?:\s+to)?|i\s+need\s+you\s+to|i\s+want\s+you\s+to"
    r"|i'?d\s+like\s+you\s+to|i\s+would\s+like\s+you\s+to|i\s+need\s+to|i\s+want\s+to|i'?d\s+like\s+to"
    r"|i\s+would\s+like\s+to|i\s+have\s+to|let'?s|go\s+ahead\s+and|try\s+to|would\s+you\s+mind"
    r"|thanks|thank\s+you|great|cool|perfect|nice|good|right|sure|yes|yeah|no|can\s+i\s+ask\s+you\s+to"
    r"|is\s+it\s+possible\s+to|are\s+you\s+able\s+to|i\s+was\s+hoping\s+you\s+could"
    r"|could\s+you\s+please|can\s+you\s+please)[\s,!.:]*)*",
    re.I,
)
_EN_NEGATED = re.compile(r"\b(?:don'?t|do\s+not|never|no\s+need\s+to|without|not|stop)\s*$", re.I)
_SENTENCE = re.compile(
    r"[。!?;\n！？；]+|(?:,\s*|，)?(?:然后|接着|再然后)|,\s*then\b|\bthen\b", re.I
)


def clause_bounds(text: str, position: int) -> tuple[int, int]:
    """The sentence-like clause around ``position`` (split at ``。!?;``, ``然后``, ``then``)."""
    start, end = 0, len(text)
    for match in _SENTENCE.finditer(text):
        if match.end() <= position:
            start = match.end()
        elif match.start() > position:
            end = match.start()
            break
    return start, end


def zh_blocked(text: str, start: int, end: int, cue: str) -> bool:
    """Whether a Chinese verb at ``text[start:end]`` is negated, narrated or attributive."""
    before = text[max(0, start - 8) : start]
    after = text[end : end + 3]
    if cue in _ZH_DUAL_USE and _ZH_NOUN_USE.search(before):
        return True
    # The negation window keeps two extra characters so that 能不能 / 要不要 are seen whole.
    if _ZH_NEGATION.search(text[max(0, start - 14) : start]) and cue not in _ZH_SELF_CONTAINED:
        return True
    if _ZH_PROGRESSIVE.search(before) and not before.endswith(("现在", "请在")):
        return True
    if _ZH_ATTRIBUTIVE_AFTER.match(after) and cue not in _ZH_SELF_CONTAINED:
        return True
    return bool(
        _ZH_NARRATIVE_AFTER.match(after)
        and cue not in _ZH_SELF_CONTAINED
        and _ZH_SUBJECT.search(before)
    )


def en_request_prefix(text: str, start: int) -> bool:
    """Whether the words before ``start`` in its clause leave a verb there in request position."""
    clause_start = 0
    for match in _EN_BOUNDARY.finditer(text, 0, start):
        clause_start = match.end()
    before = text[clause_start:start]
    if _EN_NEGATED.search(before):
        return False
    return _EN_PREFIX.fullmatch(before.strip()) is not None or not before.strip()


@cache
def _zh_verb_pattern() -> re.Pattern[str]:
    words = {w: a for a, ws in ZH_VERBS.items() for w in ws}
    ordered = sorted(words, key=len, reverse=True)
    return re.compile("|".join(re.escape(w) for w in ordered))


@cache
def _zh_verb_actions() -> dict[str, IntentAction]:
    return {w: a for a, ws in ZH_VERBS.items() for w in ws}


@cache
def _en_verb_pattern() -> re.Pattern[str]:
    phrases = sorted(EN_PHRASES, key=len, reverse=True)
    verbs = sorted(EN_VERBS, key=len, reverse=True)
    body = "|".join([*(re.escape(p).replace(r"\ ", r"\s+") for p in phrases), *verbs])
    return re.compile(rf"(?<![\w'-])(?:{body})(?![\w'-])", re.I)


@cache
def _compiled_shapes(lang: str) -> tuple[tuple[re.Pattern[str], IntentAction, float], ...]:
    shapes = ZH_SHAPES if lang == "zh" else EN_SHAPES
    return tuple((re.compile(p, re.I), a, s) for p, a, s in shapes)


@cache
def _compiled_weak(lang: str) -> tuple[tuple[re.Pattern[str], IntentAction], ...]:
    if lang == "zh":
        return tuple((re.compile(re.escape(w)), a) for w, a in ZH_WEAK)
    return tuple((re.compile(p, re.I), a) for p, a in EN_WEAK)


_EN_NOUN = re.compile(
    r"(?<![\w-])("
    + "|".join(re.escape(n) for n in sorted(EN_NOUN_CUES, key=len, reverse=True))
    + r")(?![\w-])",
    re.I,
)
_EN_WORDS = re.compile(r"[\w']+")
_YES_NO = re.compile(
    r"^\s*(?:is|are|does|do|did|was|were|will|would|should|can|could|has|have)\b.{3,120}\?\s*$",
    re.I,
)
_EN_FIND_FAULTS = re.compile(
    r"\b(?:find|spot|catch|identify|point\s+out|flag)\s+(?:any|the|all|all\s+the)?\s*"
    r"(?:obvious\s+)?(?:bugs?|mistakes?|errors?|typos?|issues?|problems?|flaws?|grammar\s+mistakes?)\b",
    re.I,
)


def _overlaps_longer_target(start: int, end: int, hits: Sequence[TargetHit]) -> bool:
    # A cue inside a target name (说明 in 说明书, 测试 in 测试用例) is not a cue.
    return any(h.start < end and start < h.end and (h.end - h.start) >= (end - start) for h in hits)


def _zh_cues(text: str, hits: Sequence[TargetHit]) -> Iterable[Cue]:
    actions = _zh_verb_actions()
    ignored = [(m.start(), m.end()) for m in _ZH_CUE_IGNORE.finditer(text)]
    for match in _zh_verb_pattern().finditer(text):
        start, end, word = match.start(), match.end(), match.group()
        if any(s <= start and end <= e for s, e in ignored):
            continue
        if _overlaps_longer_target(start, end, hits) or zh_blocked(text, start, end, word):
            continue
        yield Cue(actions[word], start, end, 3.0)
    for pattern, action, strength in _compiled_shapes("zh"):
        for match in pattern.finditer(text):
            if match.end() > match.start() and not zh_blocked(
                text, match.start(), match.start(), ""
            ):
                kind = "noun" if strength >= 3.5 else "shape"
                yield Cue(action, match.start(), match.end(), strength, kind=kind)


def _en_cues(text: str, hits: Sequence[TargetHit]) -> Iterable[Cue]:
    for match in _en_verb_pattern().finditer(text):
        if not en_request_prefix(text, match.start()):
            continue
        phrase = re.sub(r"\s+", " ", match.group().lower())
        action = EN_PHRASES.get(phrase) or EN_VERBS[phrase]
        yield Cue(action, match.start(), match.end(), 3.0)
    for match in _EN_FIND_FAULTS.finditer(text):
        yield Cue(IntentAction.VERIFY, match.start(), match.end(), 3.5, kind="shape")
    for match in _EN_NOUN.finditer(text):
        start, end = match.start(), match.end()
        if not _overlaps_longer_target(start, end, hits) and _en_noun_requested(text, start, end):
            yield Cue(EN_NOUN_CUES[match.group().lower()], start, end, 3.5, kind="noun")
    for pattern, action, strength in _compiled_shapes("en"):
        for match in pattern.finditer(text):
            if match.end() > match.start() and not _EN_NEGATED.search(text[: match.start()]):
                yield Cue(action, match.start(), match.end(), strength, kind="shape")


def _en_noun_requested(text: str, start: int, end: int) -> bool:
    clause_start = 0
    for match in _EN_BOUNDARY.finditer(text, 0, start):
        clause_start = match.end()
    before = _EN_WORDS.findall(text[clause_start:start].lower())
    after = text[end : end + 12].lower()
    if not before or (
        after.lstrip().startswith(("please", "pls", "of ", "on ", "for ")) and len(before) <= 1
    ):
        return True
    return any(word in EN_FRAME_WORDS for word in before[-4:])


def find_cue(text: str, lang: str, hits: Sequence[TargetHit]) -> Cue | None:
    """The strongest action cue in ``text`` (earliest among equals), or None."""
    cues = list(_zh_cues(text, hits) if lang == "zh" else _en_cues(text, hits))
    if not cues:
        for pattern, action in _compiled_weak(lang):
            match = pattern.search(text)
            if match and not (lang == "zh" and zh_blocked(text, match.start(), match.end(), "")):
                cues.append(Cue(action, match.start(), match.end(), 1.0, kind="weak"))
    if not cues and hits and _YES_NO.search(text):
        # "Is claim 2 properly dependent on claim 1?": a yes/no question about a named text.
        cues.append(Cue(IntentAction.VERIFY, 0, 0, 1.5, kind="shape"))
    if not cues:
        return None
    best = min(cues, key=lambda c: (-c.strength, c.start))
    if best.action is IntentAction.SEARCH:
        # "查一下这个报错是怎么回事": looking something up is the means, the explanation the end.
        for cue in cues:
            if cue.action is IntentAction.EXPLAIN and cue.kind == "shape":
                return cue
    return best
