"""Which constraints of a snapshot an assistant's output violates (rule-based).

Items: the numbered or bulleted lines (``1.``, ``2)``, ``-``, ``•``, ``一、``) when there
are any; else the rows of a Markdown table; else the elements of a JSON array; else the
non-empty lines when there are several (a leading ``Here are…:`` line does not count);
else the sentences. Length: characters (letters, digits, Han — not spaces or
punctuation) for an item containing Chinese, words for any other item, unless the
snapshot says ``length_unit``; ``max_length`` applies to each item when the snapshot
asks for a count and to the whole output otherwise. Language: the dominant language of
the prose, code and URLs ignored. ``tone`` is never checked: rules cannot judge it.

>>> from memory_plugins.slices.constraints import ConstraintSnapshot
>>> [v.field for v in check_output(ConstraintSnapshot(max_count=2), "1. a\\n2. b\\n3. c")]
['max_count']
>>> check_output({"language": "zh", "max_length": 10}, "你好，世界")
[]
"""

import json
import re
import unicodedata
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from memory_plugins.slices.constraints import ConstraintSnapshot
from memory_plugins.slices.language import (
    LANGUAGE_NAMES,
    count_scripts,
    detect_language,
    is_cjk,
    strip_code,
)

__all__ = ["Violation", "check_output", "item_length", "split_items"]

_LIST_ITEM = re.compile(
    r"^(?P<indent>[ \t]*)(?:[-*•·+●▪◦]|\d{1,3}[.)、．:]|[(（]\d{1,3}[)）]|[一二三四五六七八九十]{1,3}[、.．]"
    r"|[a-zA-Z][.)](?=\s))\s*(?P<body>\S.*)$"
)
_TABLE_ROW = re.compile(r"^\s*\|.*\|\s*$")
_TABLE_RULE = re.compile(r"^\s*\|?\s*:?-{2,}:?\s*(?:\|\s*:?-{2,}:?\s*)*\|?\s*$")
_SENTENCE_END = re.compile(r"(?<=[.!?。！？])\s*")
_INTRO = re.compile(r"[:：]\s*$")
_FENCE = re.compile(r"^```(?:json)?\s*\n(?P<body>.*?)\n```\s*$", re.S)
_MARKDOWN = re.compile(r"^\s*(?:#{1,6}\s|[-*+]\s|\d+\.\s|>\s|\|)|\*\*|__|`", re.M)


@dataclass(frozen=True, slots=True)
class Violation:
    """One broken constraint: which field, what was asked, what the output did.

    >>> check_output({"language": "en"}, "你好")[0].to_dict()["actual"]
    'zh'
    """

    field: str
    expected: Any
    actual: Any
    detail: str

    def to_dict(self) -> dict[str, Any]:
        """JSON form."""
        return {
            "field": self.field,
            "expected": self.expected,
            "actual": self.actual,
            "detail": self.detail,
        }


def split_items(output: str) -> list[str]:
    """The items of an output (see the module docstring for the rules)."""
    lines = [line for line in output.splitlines() if line.strip()]
    listed = [
        (m.group("indent"), m.group("body")) for line in lines if (m := _LIST_ITEM.match(line))
    ]
    if listed:
        top = min(len(indent.expandtabs(4)) for indent, _ in listed)
        return [body.strip() for indent, body in listed if len(indent.expandtabs(4)) == top]
    rows = [line for line in lines if _TABLE_ROW.match(line) and not _TABLE_RULE.match(line)]
    if len(rows) >= 2:
        return rows[1:]  # the first row is the header
    parsed = _json(output)
    if isinstance(parsed, list):
        return [json.dumps(x, ensure_ascii=False) if not isinstance(x, str) else x for x in parsed]
    if len(lines) > 1:
        if _INTRO.search(lines[0]) and len(lines) > 2:
            lines = lines[1:]
        return [line.strip() for line in lines]
    text = output.strip()
    if not text:
        return []
    sentences = [s.strip() for s in _SENTENCE_END.split(text) if s.strip()]
    return sentences or [text]


def item_length(item: str, unit: str | None = None) -> int:
    """Length of one item: characters for Chinese (no spaces/punctuation), else words.

    >>> item_length("一杯好茶，一段好时光"), item_length("Fresh bread, every single day.")
    (9, 5)
    """
    has_cjk = any(is_cjk(ch) for ch in item)
    if unit == "chars" and not has_cjk:
        return len(item.strip())
    if unit == "chars" or (unit is None and has_cjk):
        return sum(
            1 for ch in item if not ch.isspace() and unicodedata.category(ch)[0] not in "PSZ"
        )
    return len([w for w in re.split(r"\s+", item.strip()) if any(ch.isalnum() for ch in w)])


def _json(output: str) -> Any:
    text = output.strip()
    fence = _FENCE.match(text)
    if fence:
        text = fence.group("body")
    try:
        return json.loads(text)
    except ValueError:
        return None


def _output_language(output: str) -> str | None:
    prose = strip_code(output)
    counts = count_scripts(prose)
    if not (
        counts.han or counts.kana or counts.hangul or counts.latin_words or counts.cyrillic_words
    ):
        return None
    return detect_language(prose)


def _format_ok(fmt: str, output: str) -> bool:
    lines = [line for line in output.splitlines() if line.strip()]
    if fmt == "table":
        return sum(1 for line in lines if _TABLE_ROW.match(line)) >= 2 or (
            all("\t" in line for line in lines[:2]) and len(lines) >= 2
        )
    if fmt == "json":
        return _json(output) is not None
    if fmt == "bullet":
        return any(re.match(r"^\s*[-*•·+●▪◦]\s*\S", line) for line in lines)
    if fmt == "numbered":
        return any(
            re.match(r"^\s*(?:\d{1,3}[.)、．:]|[(（]\d{1,3}[)）])\s*\S", line) for line in lines
        )
    if fmt == "markdown":
        return bool(_MARKDOWN.search(output))
    if fmt == "plain":
        return not _MARKDOWN.search(output)
    if fmt == "code":
        return "```" in output
    return True


def check_output(snapshot: ConstraintSnapshot | Mapping[str, Any], output: str) -> list[Violation]:
    """Every constraint of ``snapshot`` that ``output`` violates, in schema order.

    ``snapshot`` may be a :class:`ConstraintSnapshot` or its dict form (validated).
    """
    snap = (
        snapshot
        if isinstance(snapshot, ConstraintSnapshot)
        else ConstraintSnapshot.from_dict(snapshot)
    )
    text = unicodedata.normalize("NFKC", output)
    items = split_items(text)
    counted = snap.max_count is not None or snap.min_count is not None
    violations: list[Violation] = []
    if snap.max_count is not None and len(items) > snap.max_count:
        violations.append(
            Violation(
                "max_count",
                snap.max_count,
                len(items),
                f"{len(items)} items, at most {snap.max_count} asked",
            )
        )
    if snap.min_count is not None and len(items) < snap.min_count:
        violations.append(
            Violation(
                "min_count",
                snap.min_count,
                len(items),
                f"{len(items)} items, at least {snap.min_count} asked",
            )
        )
    measured = items if counted else [text.strip()] if text.strip() else []
    if snap.max_length is not None:
        lengths = [item_length(item, snap.length_unit) for item in measured]
        longest = max(lengths, default=0)
        if longest > snap.max_length:
            where = lengths.index(longest) + 1
            violations.append(
                Violation(
                    "max_length",
                    snap.max_length,
                    longest,
                    f"item {where} has length {longest} > {snap.max_length}",
                )
            )
    if snap.min_length is not None:
        lengths = [item_length(item, snap.length_unit) for item in measured]
        shortest = min(lengths, default=0)
        if shortest < snap.min_length:
            violations.append(
                Violation(
                    "min_length",
                    snap.min_length,
                    shortest,
                    f"length {shortest} < {snap.min_length}",
                )
            )
    if snap.max_total_length is not None:
        total = item_length(text, snap.length_unit)
        if total > snap.max_total_length:
            violations.append(
                Violation(
                    "max_total_length",
                    snap.max_total_length,
                    total,
                    f"total length {total} > {snap.max_total_length}",
                )
            )
    if snap.language is not None:
        found = _output_language(text)
        if found is not None and found != snap.language:
            name = LANGUAGE_NAMES.get(snap.language, snap.language)
            violations.append(
                Violation(
                    "language",
                    snap.language,
                    found,
                    f"written in {LANGUAGE_NAMES.get(found, found)}, {name} asked",
                )
            )
    if snap.format is not None and not _format_ok(snap.format, text):
        violations.append(Violation("format", snap.format, None, f"not formatted as {snap.format}"))
    lowered = text.casefold()
    missing = [term for term in snap.include if term.casefold() not in lowered]
    if missing:
        violations.append(
            Violation("include", list(snap.include), missing, f"missing: {', '.join(missing)}")
        )
    present = [term for term in snap.exclude if term.casefold() in lowered]
    if present:
        violations.append(
            Violation("exclude", list(snap.exclude), present, f"contains: {', '.join(present)}")
        )
    return violations
