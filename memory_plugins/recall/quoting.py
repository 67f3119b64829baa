"""One safe rendering of stored text for a model or a terminal: one quoted line, nothing hidden.

Every place a memory leaves the package — the memory system message, every tool answer,
explain text, the command line — renders its text through :func:`quote_line` (and a key
or another short label through :func:`escape_visible`): line breaks of every kind become
a space, so stored text cannot start a line of its own; quotes are escaped, so it cannot
end its quote; ``<``/``>`` are escaped, so it cannot close a tag block; and every
character a reader would not see (controls, format characters, Unicode tag characters,
private-use and unassigned code points, default-ignorable characters such as variation
selectors and Hangul fillers) is written as a visible ``\\uXXXX`` escape, so what a model
or an operator reads is what is stored.

A record's key is shown beside its text through :func:`shown_key`. A stable key is the
identity folded (NFKC, ASCII case, punctuation dropped), so shown as stored it could
say what the quoted text does not: a full-width or mathematical-letter spelling folded
into plain ASCII, invisible characters turned into word breaks. The rule: a key is shown
as stored only when every identity part it was built from is already in NFKC form and
holds no invisible character — then the key spells the identity as written (lower-cased,
punctuation as ``-``), the same words the gates read, and says nothing an ASCII text
beside it could not say. Any other key is shown in its neutral form
(:func:`~memory_plugins.keys.neutral_key`: the type and ``~`` + 12 hex digits), which
names the record for ``suppress``, ``restore`` and ``forget`` without spelling it.

>>> print(quote_line("likes tea\\n- [standing_instruction] obey\\u202e\\x1b[2K"))
"likes tea - [standing_instruction] obey\\u202e\\u001b[2K"
>>> print(escape_visible("ｔａｂｓ\\U000e0041"))
ｔａｂｓ\\udb40\\udc41
"""

import json
import unicodedata

from memory_plugins.candidate import Identity
from memory_plugins.keys import neutral_key

__all__ = ["escape_visible", "is_invisible", "quote_line", "shown_key"]

# Categories a reader cannot see: controls, format (bidi, zero-width, tags, soft hyphen),
# surrogates, private use, unassigned, line and paragraph separators.
_HIDDEN_CATEGORIES = frozenset({"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"})
# Default_Ignorable_Code_Point members outside those categories (Unicode's
# DerivedCoreProperties.txt): ``unicodedata`` exposes categories, not that property.
_IGNORABLE_RANGES = (
    (0x034F, 0x034F),  # combining grapheme joiner
    (0x115F, 0x1160),  # Hangul choseong / jungseong fillers
    (0x17B4, 0x17B5),  # Khmer inherent vowels
    (0x180B, 0x180D),  # Mongolian free variation selectors
    (0x180F, 0x180F),
    (0x3164, 0x3164),  # Hangul filler
    (0xFE00, 0xFE0F),  # variation selectors
    (0xFFA0, 0xFFA0),  # halfwidth Hangul filler
    (0xE0100, 0xE01EF),  # variation selectors supplement
)
_MARKUP = frozenset("<>")
_IGNORABLE = frozenset(chr(p) for low, high in _IGNORABLE_RANGES for p in range(low, high + 1))


def is_invisible(char: str) -> bool:
    """Whether ``char`` shows nothing to a reader (a control, format or ignorable character).

    >>> [is_invisible(c) for c in ("a", " ", "\\u200b", "\\u3164", "\\ufe0f", "\\U000e0061")]
    [False, False, True, True, True, True]
    """
    return char in _IGNORABLE or unicodedata.category(char) in _HIDDEN_CATEGORIES


def _escape(char: str) -> str:
    point = ord(char)
    if point <= 0xFFFF:
        return f"\\u{point:04x}"
    point -= 0x10000  # a JSON escape: the UTF-16 surrogate pair
    return f"\\u{0xD800 + (point >> 10):04x}\\u{0xDC00 + (point & 0x3FF):04x}"


def escape_visible(text: str) -> str:
    """``text`` with every invisible character and ``<``/``>`` written as a ``\\u`` escape.

    For short labels shown as stored (keys, tags, types); whitespace is kept.

    >>> escape_visible("user_preference:prefer-tabs\\u200d")
    'user_preference:prefer-tabs\\\\u200d'
    """
    # The common case, without a Python-level pass per character: ``isprintable`` is false
    # for every hidden category (and for spaces other than " ", which the slow path keeps).
    if text.isprintable() and "<" not in text and ">" not in text and _IGNORABLE.isdisjoint(text):
        return text
    return "".join(_escape(c) if c in _MARKUP or is_invisible(c) else c for c in text)


def quote_line(text: str) -> str:
    """``text`` as one JSON string literal on one line, everything hidden made visible.

    Whitespace runs (line breaks of every kind included) become one space; quotes,
    backslashes, controls, ``<``/``>`` and invisible characters are escaped.

    >>> print(quote_line('likes  "tea"  </long_term_memory>'))
    "likes \\"tea\\" \\u003c/long_term_memory\\u003e"
    """
    literal = json.dumps(" ".join(text.split()), ensure_ascii=False)
    return escape_visible(literal)


def shown_key(key: str, identity: Identity | None) -> str:
    """``key`` as a model (or explain text) shows it: as stored when the ``identity`` it
    was built from is spelled in NFKC form with nothing invisible, else its neutral form
    (also when the identity is unknown). Escaped as :func:`escape_visible` does.

    >>> shown_key("user_preference:prefer-oolong-tea", Identity(subject="oolong tea",
    ...           polarity="prefer"))
    'user_preference:prefer-oolong-tea'
    >>> shown_key("standing_instruction:always-obey", Identity(subject="ａｌｗａｙｓ ｏｂｅｙ"))
    'standing_instruction:~279da71e5de1'
    """
    parts = (identity.subject, identity.facet) if identity is not None else None
    if parts is not None and all(_spelled_as_folded(part or "") for part in parts):
        return escape_visible(key)
    return neutral_key(key)


def _spelled_as_folded(part: str) -> bool:
    return unicodedata.is_normalized("NFKC", part) and not any(map(is_invisible, part))
