"""The second S4 path: pinned decisions become candidates with a program-derived identity.

No model is involved: the subject, tags and type of a decision are derived by fixed rules,
so the same decision always yields the same candidate (and the same stable key). The
candidates are raw dicts and go through the same gates as a model's.

>>> c = derive_candidate("用户喜欢吃桃子")
>>> c["type"], c["identity"], c["tags"], c["confidence"], c["source_signal"]
('user_preference', {'subject': '桃子', 'polarity': 'prefer'}, ['桃子', '吃桃子'], 0.85, 'pinned_decision')
>>> derive_candidate("以后回答都用中文，技术名词保留英文")["tags"]
['回答', '中文', '技术', '名词']
>>> derive_candidate("We decided to use PostgreSQL for storage.")["identity"]
{'subject': 'PostgreSQL for storage'}
"""

import re
import unicodedata
from collections.abc import Sequence
from typing import Any

from memory_plugins.candidate import MAX_TAG_CHARS, MemoryType, SourceSignal
from memory_plugins.errors import ConfigurationError
from memory_plugins.extraction.bounds import MAX_PINNED_DECISIONS

__all__ = [
    "MAX_SUBJECT_CHARS",
    "derive_candidate",
    "derive_subject",
    "derive_tags",
    "derive_type",
    "promote_pinned_decisions",
]

MAX_SUBJECT_CHARS = 40
PINNED_CONFIDENCE = 0.85

# Clauses end at CJK/ASCII punctuation; a '.' only when a space or the end follows (Node.js).
_CLAUSE_END = re.compile(r"[，,。;；:：!?！？\n、()（）]|\.(?=\s|$)|\s[-–—]\s")
_LEADING_FILLER_EN = re.compile(
    r"^(?:remember(?:\s+that)?|please|from\s+now\s+on|going\s+forward|in\s+(?:the\s+)?future"
    r"|always|the\s+user|user|let'?s|let\s+us|we|i|you|(?:have\s+)?decided(?:\s+to|\s+that)?"
    r"|decide(?:\s+to)?|will|should|must|need\s+to|want\s+to|to|that|also|using|use"
    r"|(?:(?:do|does)\s*n[o']t\s+)?(?:likes?|loves?|prefers?|enjoys?|hates?|dislikes?))\b[\s,]*",
    re.IGNORECASE,
)
_LEADING_FILLER_ZH = re.compile(
    r"^(?:请记住|记住|以后|今后|之后|往后|将来|请你|请|帮我|麻烦|用户|我们|咱们|大家|我是|我|你"
    r"|已经决定|已决定|决定|统一|一律|总是|始终|一定|务必|需要|必须|应该|默认|都|要|就"
    r"|采用|使用|用|不喜欢|喜欢|讨厌|不爱|偏爱|最爱|爱|不吃|不喝|吃|喝)\s*"
)
_TRAILING = re.compile(r"[\s吧了啊哦呢呀嘛]+$")
# Filler words and function characters split a CJK run into candidate phrases.
_CJK_SPLIT = re.compile(
    r"以后|今后|记住|用户|我们|决定|统一|一律|总是|始终|需要|必须|应该|默认|不要|一定|务必|所有"
    r"|[请我你的了和与及或而是用把被给对就都也还要先再会让从跟向为以并且不这那些个]"
)
_ASCII_STOP_WORDS = """
a an the and or but nor to of in on for with at by from as is are was were be been it its
this that these those i me my we our us you your he she they them their user users remember
please always never should must will would can could do does did don't doesn't didn't not no
use using used when then than first also all any every each now going forward decided decide
let let's want need like likes love loves prefer prefers so only just more most very via per
into over under about after before again
"""
_ASCII_STOP = frozenset(_ASCII_STOP_WORDS.split())
# Second pass for anchor-poor texts: only grammar words and negations stay out.
_ASCII_LIGHT_STOP_WORDS = """
a an the and or to of in on for with at by from as is are was were be it its i me my we our
you your user users do does don't doesn't not no
"""
_ASCII_LIGHT_STOP = frozenset(_ASCII_LIGHT_STOP_WORDS.split())
# Common CJK words match almost any query, so they make poor anchors.
_CJK_STOP_WORDS = (
    "喜欢 讨厌 一下 可以 这个 那个 什么 时候 主要 一直 非常 比较 已经 现在 之前 之后 东西 问题"
)
_CJK_STOP = frozenset(_CJK_STOP_WORDS.split())

# Ordered: the first rule that matches picks the type (default: standing_instruction).
_TYPE_RULES: tuple[tuple[MemoryType, re.Pattern[str]], ...] = (
    (
        MemoryType.COMMUNICATION_PREFERENCE,
        re.compile(
            r"回答|回复|解释|语气|口吻|措辞|说明方式|\b(?:answers?|repl(?:y|ies)|respond\w*|explain\w*"
            r"|tone|wording|concise|verbose)\b",
            re.IGNORECASE,
        ),
    ),
    (
        MemoryType.USER_PREFERENCE,
        re.compile(
            r"不喜欢|讨厌|不爱|不吃|不喝|\b(?:dislikes?|hates?|(?:do|does)\s*n[o']t\s+like)\b",
            re.IGNORECASE,
        ),
    ),
    (
        MemoryType.RECURRING_CONSTRAINT,
        re.compile(
            r"不要|不能|不得|禁止|避免|切勿|别再|别用|别把|别给|\b(?:never|don't|do\s+not|must\s+not"
            r"|avoid|no\s+longer)\b",
            re.IGNORECASE,
        ),
    ),
    (
        MemoryType.RISK_PREFERENCE,
        re.compile(
            r"风险|保守|谨慎|稳妥|\b(?:risks?|risky|conservative|cautious)\b", re.IGNORECASE
        ),
    ),
    (
        MemoryType.USER_PREFERENCE,
        re.compile(
            r"喜欢|爱吃|爱喝|偏爱|最爱|\b(?:likes?|loves?|favou?rites?|prefers?|enjoys?)\b",
            re.IGNORECASE,
        ),
    ),
    (
        MemoryType.WORKFLOW_PREFERENCE,
        re.compile(
            r"流程|步骤|格式|模板|交付|提交|先.+再|\b(?:workflow|format|template|steps?|commits?"
            r"|pull\s+requests?|deliver\w*)\b",
            re.IGNORECASE,
        ),
    ),
    (
        MemoryType.PROJECT_CONTEXT,
        re.compile(
            r"项目|产品|版本|仓库|代码库|\b(?:project|product|repo|repository|roadmap|release)\b",
            re.IGNORECASE,
        ),
    ),
    (
        MemoryType.STABLE_USER_CONTEXT,
        re.compile(
            r"我是|工程师|职业|住在|\b(?:I\s+am|I'm|I\s+work|engineer|developer)\b", re.IGNORECASE
        ),
    ),
)
_AVOID = _TYPE_RULES[1][1]


def _clean(text: str) -> str:
    return " ".join(unicodedata.normalize("NFKC", text).split())


def _strip_filler(clause: str) -> str:
    previous = None
    while previous != clause:
        previous = clause
        clause = _LEADING_FILLER_EN.sub("", clause).strip()
        clause = _LEADING_FILLER_ZH.sub("", clause).strip()
    return _TRAILING.sub("", clause)


def _bound(phrase: str, limit: int) -> str:
    if len(phrase) <= limit:
        return phrase
    cut = phrase[:limit]
    space = cut.rfind(" ")
    # Cut an ASCII phrase at a word boundary; CJK has none to find.
    return cut[:space].rstrip() if space > limit // 2 else cut


def derive_subject(text: str) -> str:
    """A stable noun phrase for ``text``: its first clause without filler, bounded.

    >>> derive_subject("记住：以后解释技术问题先用大白话")
    '解释技术问题先用大白话'
    >>> derive_subject("Remember: I use Vim for everything")
    'Vim for everything'
    """
    text = _clean(text)
    clauses = [c.strip() for c in _CLAUSE_END.split(text)]
    for clause in clauses:
        subject = _strip_filler(clause)
        if subject:
            return _bound(subject, MAX_SUBJECT_CHARS)
    return _bound(next((c for c in clauses if c), text), MAX_SUBJECT_CHARS)


_ANCHOR_SOURCE = re.compile(r"[A-Za-z0-9][A-Za-z0-9+#._'-]*|[\u3400-\u4dbf\u4e00-\u9fff]+")


def _anchors(text: str, ascii_stop: frozenset[str] = _ASCII_STOP) -> list[str]:
    """ASCII tokens and CJK phrases of ``text``, in reading order."""
    found: list[str] = []
    for match in _ANCHOR_SOURCE.finditer(text):
        token = match.group()
        if token[0].isascii():
            token = token.rstrip("._'-")
            if len(token) >= 2 and not token.isdigit() and token.lower() not in ascii_stop:
                found.append(token)
            continue
        for piece in _CJK_SPLIT.split(token):
            if 2 <= len(piece) <= 4:
                phrases = [piece]
            else:
                # Without a segmenter, bigrams are the likeliest words (an odd tail makes a trigram).
                cut = len(piece) - 3 if len(piece) % 2 else len(piece)
                phrases = [piece[i : i + 2] for i in range(0, cut, 2)] if len(piece) > 4 else []
                if len(piece) > 4 and cut < len(piece):
                    phrases.append(piece[cut:])
            found.extend(p for p in phrases if p not in _CJK_STOP)
    return found


def derive_tags(text: str, subject: str | None = None, *, limit: int = 4) -> list[str]:
    """Up to ``limit`` literal retrieval anchors: ASCII tokens and CJK 2–4-char phrases.

    The subject's anchors come first, then the rest of the text's, in reading order;
    an anchor-poor text then adds its plainer words and the subject itself. A text with
    fewer than two anchors even so yields fewer than two tags (the ``schema`` gate
    then rejects it).

    >>> derive_tags("Use pnpm, never npm, in the React monorepo")
    ['pnpm', 'npm', 'React', 'monorepo']
    """
    tags: list[str] = []
    seen: set[str] = set()

    def add(anchors: Sequence[str]) -> None:
        for anchor in anchors:
            key = anchor.casefold()
            if anchor and key not in seen and len(anchor) <= MAX_TAG_CHARS:
                seen.add(key)
                tags.append(anchor)

    add([*_anchors(subject or ""), *_anchors(text)])
    if len(tags) < 2:
        add([*_anchors(text, _ASCII_LIGHT_STOP), subject or ""])
    return tags[:limit]


def derive_type(text: str) -> MemoryType:
    """The memory type by the first matching rule; ``standing_instruction`` by default.

    >>> derive_type("不要在回答里使用表情符号"), derive_type("Never deploy on Fridays")
    (<MemoryType.COMMUNICATION_PREFERENCE: 'communication_preference'>, \
<MemoryType.RECURRING_CONSTRAINT: 'recurring_constraint'>)
    """
    for memory_type, pattern in _TYPE_RULES:
        if pattern.search(text):
            return memory_type
    return MemoryType.STANDING_INSTRUCTION


def derive_candidate(
    text: str,
    *,
    type: MemoryType | str | None = None,
    confidence: float = PINNED_CONFIDENCE,
    source_signal: SourceSignal | str = SourceSignal.PINNED_DECISION,
) -> dict[str, Any]:
    """Turn a plain fact or decision into a raw S1 candidate dict, deterministically.

    ``type`` overrides the rule-based type. The result is not validated: pass it to
    :meth:`~memory_plugins.MemoryEngine.remember` and let the gates decide.

    >>> c = derive_candidate("I don't like cilantro", source_signal="user_correction")
    >>> c["type"], c["identity"], c["confidence"], c["source_signal"]
    ('user_preference', {'subject': 'cilantro', 'polarity': 'avoid'}, 0.85, 'user_correction')
    """
    try:
        memory_type = derive_type(_clean(text)) if type is None else MemoryType(type)
        signal = SourceSignal(source_signal)
    except ValueError as exc:
        raise ConfigurationError(f"derive_candidate: {exc}") from exc
    cleaned = _clean(text)
    subject = derive_subject(cleaned)
    identity: dict[str, str] = {"subject": subject}
    if memory_type is MemoryType.USER_PREFERENCE:
        identity["polarity"] = "avoid" if _AVOID.search(cleaned) else "prefer"
    reason = (
        "promoted from a new or changed pinned decision"
        if signal is SourceSignal.PINNED_DECISION
        else "derived by rule from a stated fact"
    )
    return {
        "type": memory_type.value,
        "text": cleaned,
        "tags": derive_tags(cleaned, subject),
        "confidence": confidence,
        "stability": "stable",
        "identity": identity,
        "action": "add",
        "source_signal": signal.value,
        "reason": reason,
        "conflict_signal": False,
    }


def _comparable(decision: str) -> str:
    return _clean(decision).casefold().rstrip("。.!！ ")


def promote_pinned_decisions(
    current: Sequence[str], previous: Sequence[str] = ()
) -> list[dict[str, Any]]:
    """Candidates for the pinned decisions that are new or changed since ``previous``.

    Only the last (most recent) five current decisions are considered, as on the model
    path; a decision equal to an earlier one up to case, width and spacing is unchanged.

    >>> [c["text"] for c in promote_pinned_decisions(["Use pnpm", "Deploy with Docker"],
    ...                                               ["use  pnpm"])]
    ['Deploy with Docker']
    """
    known = {_comparable(d) for d in previous if d and d.strip()}
    promoted: list[dict[str, Any]] = []
    for decision in [d for d in current if d and d.strip()][-MAX_PINNED_DECISIONS:]:
        key = _comparable(decision)
        if key in known:
            continue
        known.add(key)
        promoted.append(derive_candidate(decision))
    return promoted
