"""Text analysis shared by write-time features and query analysis: pure, no configuration.

Text is NFKC-normalised and lower-cased, then cut into *units*: CJK runs (Han, kana,
Hangul; runs separated only by whitespace are joined, punctuation breaks them) and
words (letters/digits with inner ``. - _ '`` and trailing ``+``/``#``, so ``node.js``,
``gpt-4o``, ``c++`` and ``c#`` stay whole). Words are folded to a light stem
(plural/inflection: ``units`` → ``unit``, ``coding`` → ``cod``, ``libraries`` →
``librari``). The *canonical form* is the units joined by single spaces and padded with
one space on each side; a phrase is contained in a text when its *needle* (its units
joined the same way, padded only on word ends) is a substring of the text's canonical
form — so ``tea`` matches ``tea?`` but not ``team``, and ``乌龙茶`` matches inside
``推荐乌龙茶吧``.

>>> canonical("The user's VSCode 插件，很多！")
' the user vscod 插件 很多 '
>>> needle("metric units"), needle("乌龙茶"), needle("Python 后端")
(' metric unit ', '乌龙茶', ' python 后端')
>>> needle("units") in canonical("How far is a marathon in units I use?")
True
"""

import re
import unicodedata
from dataclasses import dataclass

__all__ = [
    "CJK_CHARS",
    "Unit",
    "canonical",
    "is_cjk",
    "join_units",
    "needle",
    "normalise",
    "stem",
    "units",
]

_CJK = "\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uac00-\ud7af"
CJK_CHARS = _CJK
"""The CJK character ranges, for a regular expression's character class."""
_WORD_CHAR = rf"[^\W_{_CJK}]"
_UNIT = re.compile(
    rf"(?P<cjk>[{_CJK}]+)"
    rf"|(?P<word>{_WORD_CHAR}(?:{_WORD_CHAR}|[._'\-](?={_WORD_CHAR}))*[+#]*)"
    r"|(?P<gap>\s+)"
)
_CJK_CHAR = re.compile(rf"[{_CJK}]")
_APOSTROPHES = str.maketrans({"\u2019": "'", "\u2018": "'", "`": "'"})
_SENTENCE_END = re.compile(r"[.!?:;\u3002\uff01\uff1f]")
_KEEP_DOUBLE = frozenset("lsz")
# Words whose final "s" is not a plural: stripping it would merge them with other words.
_INVARIANT_WORDS = (
    "news series species lens canvas atlas chaos corps physics mathematics economics "
    "politics ethics analytics kudos always perhaps thanks"
)
_INVARIANT = frozenset(_INVARIANT_WORDS.split())
_VOWELS = frozenset("aeiouy")


@dataclass(frozen=True, slots=True)
class Unit:
    """One unit of analysed text: a CJK run or a word (``form`` is the stem, ``raw`` the word).

    ``technical`` marks a word written like a name or a technical term: mixed case
    (``VSCode``, ``iOS``), digits or symbols (``M2``, ``node.js``, ``C++``), or capitalised
    in mid-sentence (``React``, ``Berlin``).
    """

    cjk: bool
    form: str
    raw: str
    technical: bool = False


def normalise(text: str) -> str:
    """NFKC, lower case, typographic apostrophes folded to ``'``."""
    return unicodedata.normalize("NFKC", text).lower().translate(_APOSTROPHES)


def is_cjk(char: str) -> bool:
    """Whether ``char`` is a Han, kana or Hangul character."""
    return _CJK_CHAR.match(char) is not None


def stem(word: str) -> str:
    """A light English stem: plural, ``-ing``/``-ed``, final ``e``/``y`` folded.

    Both sides of every comparison are stemmed the same way, so the stem only has to be
    consistent, not a real word.

    >>> [stem(w) for w in ("units", "coding", "codes", "notes", "libraries", "running")]
    ['unit', 'code', 'code', 'note', 'librari', 'run']
    """
    if len(word) <= 3 or not word.isalpha() or not word.isascii() or word in _INVARIANT:
        return word
    if word.endswith("sses"):
        word = word[:-2]
    elif word.endswith("ies") and len(word) > 4:
        word = word[:-3] + "i"
    elif word.endswith(("ches", "shes", "xes", "zes")):
        word = word[:-2]
    elif word.endswith("s") and not word.endswith(("ss", "us", "is")):
        word = word[:-1]
    if word.endswith("ing") and len(word) >= 6:
        word = _restore_e(word[:-3])
    elif word.endswith("ed") and not word.endswith("eed") and len(word) >= 5:
        word = _restore_e(word[:-2])
    if len(word) > 4 and word.endswith("e"):  # compute/computing -> comput; keep note, make
        word = word[:-1]
    if len(word) > 3 and word.endswith("y"):
        word = word[:-1] + "i"
    return word


def _restore_e(word: str) -> str:
    # running -> runn -> run; making -> mak -> make (short consonant-vowel-consonant stem).
    if len(word) > 3 and word[-1] == word[-2] and word[-1] not in _KEEP_DOUBLE | _VOWELS:
        return word[:-1]
    if (
        len(word) == 3
        and word[0] not in _VOWELS
        and word[1] in _VOWELS
        and word[2] not in _VOWELS | {"w", "x"}
    ):
        return word + "e"
    return word


def units(text: str) -> list[Unit]:
    """The units of ``text`` in order (see the module docstring)."""
    found: list[Unit] = []
    text = unicodedata.normalize("NFKC", text).translate(_APOSTROPHES)
    position = 0
    joinable = False  # a CJK run followed only by whitespace so far
    sentence_start = True
    for match in _UNIT.finditer(text):
        if match.start() != position:  # punctuation or symbols in between: a hard break
            joinable = False
            if _SENTENCE_END.search(text, position, match.start()):
                sentence_start = True
        position = match.end()
        kind = match.lastgroup
        value = match.group()
        if kind == "gap":
            continue
        if kind == "cjk":
            if joinable and found:
                found[-1] = Unit(True, found[-1].form + value, found[-1].raw + value)
            else:
                found.append(Unit(True, value, value))
            joinable = True
            sentence_start = False
            continue
        joinable = False
        lowered = value.lower()
        raw = lowered[:-2] if lowered.endswith("'s") else lowered
        found.append(Unit(False, stem(raw), raw, _technical(value, sentence_start)))
        sentence_start = False
    return found


def _technical(word: str, sentence_start: bool) -> bool:
    return (
        any(ch.isdigit() or ch in "+#._-" for ch in word)
        or any(ch.isupper() for ch in word[1:])
        or (word[0].isupper() and not sentence_start)
    )


def join_units(found: list[Unit]) -> str:
    """The needle of a list of units: joined by spaces, padded on word ends only."""
    if not found:
        return ""
    body = " ".join(u.form for u in found)
    head = "" if found[0].cjk else " "
    tail = "" if found[-1].cjk else " "
    return f"{head}{body}{tail}"


def canonical(text: str) -> str:
    """The canonical form of ``text``: unit forms joined by spaces, padded both sides."""
    return " " + " ".join(u.form for u in units(text)) + " "


def needle(text: str) -> str:
    """What to look for in a canonical form to find ``text`` as a whole phrase ("" if none)."""
    return join_units(units(text))


_ASCII_WORD = re.compile(r"[A-Za-z]+")


def word_case(word: str) -> str:
    """How an ASCII word is written: ``lower``, ``title``, ``upper`` or ``mixed``."""
    if word.isupper():
        return "upper" if len(word) > 1 else "title"
    if word.islower():
        return "lower"
    return "title" if word[0].isupper() and word[1:].islower() else "mixed"


def word_cases(text: str) -> dict[str, frozenset[str]]:
    """Each ASCII word stem of ``text`` and the ways it is written there.

    A capital that starts a sentence says nothing: such a word counts as ``initial``.
    """
    cases: dict[str, set[str]] = {}
    previous = 0
    for match in _ASCII_WORD.finditer(text):
        word = match.group()
        kind = word_case(word)
        if kind == "title":
            between = text[previous : match.start()]
            starts = previous == 0 and not between.strip(" \"'(")
            if starts or _SENTENCE_END.search(between):
                kind = "initial"
        cases.setdefault(stem(word.lower()), set()).add(kind)
        previous = match.end()
    return {form: frozenset(kinds) for form, kinds in cases.items()}


def cased_words(text: str) -> list[list[str]]:
    """``[names, short_lower]`` of ``text``: stems written only capitalised, and stems of at
    most 4 letters written only in lower case.

    >>> cased_words("The user has a dog named Max. Runs uv daily.")
    [['max'], ['a', 'dog', 'has', 'name', 'user', 'uv']]
    """
    cases = word_cases(text)
    names = sorted(f for f, k in cases.items() if k == {"title"})
    short = sorted(f for f, k in cases.items() if k == {"lower"} and len(f) <= 4)
    return [names, short]
