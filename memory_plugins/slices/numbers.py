"""Numbers as people type them: ``5``, ``五``, ``两``, ``二十五``, ``three``, ``a dozen``.

>>> [parse_number(s) for s in ("3", "五", "两", "十", "二十五", "三百五", "three", "twenty-one")]
[3, 5, 2, 10, 25, 350, 3, 21]
>>> parse_number("many") is None
True
"""

import re
import unicodedata

__all__ = ["EN_NUMBER", "ZH_NUMBER", "parse_number"]

_ZH_DIGITS = {
    "零": 0, "〇": 0, "一": 1, "二": 2, "两": 2, "俩": 2, "三": 3, "四": 4,
    "五": 5, "六": 6, "七": 7, "八": 8, "九": 9,
}  # fmt: skip
_ZH_UNITS = {"十": 10, "百": 100, "千": 1000, "万": 10000}

_EN_UNITS = {
    "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
    "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13,
    "fourteen": 14, "fifteen": 15, "sixteen": 16, "seventeen": 17, "eighteen": 18,
    "nineteen": 19,
}  # fmt: skip
_EN_TENS = {
    "twenty": 20, "thirty": 30, "forty": 40, "fifty": 50,
    "sixty": 60, "seventy": 70, "eighty": 80, "ninety": 90,
}  # fmt: skip
_EN_SPECIAL = {"a dozen": 12, "dozen": 12, "a couple of": 2, "a couple": 2, "a pair of": 2}

ZH_NUMBER = r"(?:\d+|[零〇一二两俩三四五六七八九十百千万]+)"
"""Regular expression of an Arabic or Chinese numeral."""

_EN_WORD_NUMBER = (
    r"(?:(?:twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety)(?:[-\s](?:one|two|three|four"
    r"|five|six|seven|eight|nine))?|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen"
    r"|eighteen|nineteen|one|two|three|four|five|six|seven|eight|nine|ten"
    r"|(?:a|one|two|three|four|five)\s+hundred)"
)
EN_NUMBER = rf"(?:\d+|a\s+dozen|a\s+couple(?:\s+of)?|a\s+pair\s+of|{_EN_WORD_NUMBER})"
"""Regular expression of an Arabic or English numeral (``5``, ``five``, ``twenty-one``)."""

_SPACES = re.compile(r"[\s-]+")


def _parse_zh(text: str) -> int | None:
    if all(ch in _ZH_DIGITS for ch in text):
        # Digit-by-digit form (一二〇 → 120) only when there are no unit characters.
        value = 0
        for ch in text:
            value = value * 10 + _ZH_DIGITS[ch]
        return value
    total = section = 0
    digit: int | None = None
    last_unit = 1
    for ch in text:
        if ch in _ZH_DIGITS:
            digit = _ZH_DIGITS[ch]
        elif ch in _ZH_UNITS:
            unit = _ZH_UNITS[ch]
            if unit == 10000:
                total += (section + (digit or 0)) * unit
                section, digit, last_unit = 0, None, unit
                continue
            section += (1 if digit is None else digit) * unit
            digit, last_unit = None, unit
        else:
            return None
    if digit is not None:
        # 三百五 means 350: a trailing digit after a unit counts in the next lower unit.
        section += digit * (last_unit // 10 if last_unit >= 100 and text[-2] in _ZH_UNITS else 1)
    return total + section


def _parse_en(text: str) -> int | None:
    text = _SPACES.sub(" ", text.lower()).strip()
    if text in _EN_SPECIAL:
        return _EN_SPECIAL[text]
    words = text.split(" ")
    if len(words) >= 2 and words[-1] == "hundred":
        head = 1 if words[0] in {"a", "one"} else _EN_UNITS.get(words[0])
        return None if head is None or len(words) != 2 else head * 100
    if len(words) == 1:
        return _EN_UNITS.get(words[0], _EN_TENS.get(words[0]))
    if len(words) == 2 and words[0] in _EN_TENS and words[1] in _EN_UNITS:
        return _EN_TENS[words[0]] + _EN_UNITS[words[1]]
    return None


def parse_number(text: str) -> int | None:
    """The integer written in ``text`` (Arabic, full-width, Chinese or English), else None."""
    text = unicodedata.normalize("NFKC", text).strip()
    if not text:
        return None
    if text.isdigit():
        return int(text)
    if all(ch in _ZH_DIGITS or ch in _ZH_UNITS for ch in text):
        return _parse_zh(text)
    return _parse_en(text)
