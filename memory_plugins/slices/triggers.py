"""Triggers: when stored slices are brought back into a turn, and why.

* **explicit** — the user refers to an earlier request (``按上次的格式``, ``跟上次一样``,
  ``参考我之前提的``, ``like last time``, ``same format as before``, ``as I asked
  before``): the most recent matching anchor and its snapshot are loaded;
* **implicit** — the same domain (patent, software, writing, …) in
  ``SliceConfig.implicit_trigger_turns`` consecutive turns of a conversation: that
  domain's ``implicit_trigger_anchors`` most recent anchors are loaded;
* **correction** — an output checked against the active snapshot violates it: the
  violations are returned so the caller can regenerate.

Every :class:`Activation` carries its reason and a one-line explanation.

>>> find_explicit_reference("按上次的格式再写一封"), find_explicit_reference("Same format as before, please")
('按上次的格式', 'Same format as before')
>>> domain_streaks([["patent"], ["patent", "writing"], ["patent"]], 3)
{'patent': 3}
"""

import re
from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum

from memory_plugins.slices.checker import Violation
from memory_plugins.slices.records import SliceRecord

__all__ = [
    "Activation",
    "ActivationReason",
    "domain_streaks",
    "find_explicit_reference",
]


class ActivationReason(StrEnum):
    """Why slices were activated."""

    EXPLICIT_REFERENCE = "explicit_reference"
    IMPLICIT_DOMAIN = "implicit_domain"
    CORRECTION = "correction"


@dataclass(frozen=True, slots=True)
class Activation:
    """Slices brought into a turn, with the reason and a human-readable ``detail``."""

    reason: ActivationReason
    detail: str
    anchors: tuple[SliceRecord, ...] = ()
    snapshots: tuple[SliceRecord, ...] = ()
    violations: tuple[Violation, ...] = ()
    feedback: tuple[SliceRecord, ...] = ()
    domain: str | None = None
    phrase: str | None = None


_EXPLICIT = re.compile(
    r"(?:按|按照|照|依照|参照|沿用|还是按|还是用|跟|和|同|像|如同)(?:着)?\s*(?:上次|上回|之前|以前|昨天|前面|刚才)"
    r"(?:的|那样|那种|一样)?(?:格式|样子|风格|要求|模板|写法|方式|套路|结构|口吻|标准)?(?:来|那样|一样|的)?"
    r"|参考(?:一下)?(?:我)?(?:之前|上次|上回|以前|前面)(?:提|说|讲|给)?(?:过|到)?的?(?:要求|格式|需求|内容)?"
    r"|(?:我)?(?:上次|上回|之前|以前|前面)(?:提|说|讲)(?:过|到)的(?:那个|那些|要求|格式|需求)?"
    r"|照旧|老样子|老规矩"
    r"|\b(?:like|same\s+as|as)\s+(?:last\s+time|before|previously|earlier)\b"
    r"|\bsame\s+(?:format|style|way|structure|template|layout|tone|rules|constraints|length)"
    r"\s+as\s+(?:before|last\s+time|earlier|previously|the\s+last\s+one|yesterday)\b"
    r"|\bas\s+i\s+(?:asked|said|mentioned|requested|specified|described)\s+(?:before|earlier|last\s+time"
    r"|previously|yesterday)\b|\bthe\s+way\s+(?:i\s+asked|you\s+did)\s+(?:before|earlier|last\s+time)\b"
    r"|\blike\s+(?:you\s+did|we\s+did)\s+(?:last\s+time|before|earlier)\b"
    r"|\b(?:use|keep|follow)\s+the\s+same\s+(?:format|style|template|structure|rules)\b",
    re.I,
)


def find_explicit_reference(text: str) -> str | None:
    """The phrase referring back to an earlier request, or None."""
    match = _EXPLICIT.search(text)
    if match is None:
        return None
    phrase = match.group().strip()
    return phrase if len(phrase) >= 2 else None


def domain_streaks(history: Sequence[Sequence[str]], turns: int) -> dict[str, int]:
    """Domains present in each of the last ``turns`` turns (oldest first) → streak length.

    Only streaks of at least ``turns`` are returned; the length counts back as far as
    the history goes.
    """
    if len(history) < turns or turns < 1:
        return {}
    streaks: dict[str, int] = {}
    for domain in sorted(set(history[-1])):
        length = 0
        for domains in reversed(history):
            if domain not in domains:
                break
            length += 1
        if length >= turns:
            streaks[domain] = length
    return streaks
