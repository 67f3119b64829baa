"""Text analysis shared by write-time features and query analysis: pure, no configuration.

Text is NFKC-normalised and lower-cased, then cut into *units*: CJK runs (Han, kana,
Hangul; runs separated only by whitespace are joined, punctuation breaks them) and
words (letters/digits with inner ``. - _ '`` and trailing ``+``/``#``, so ``node.js``,
``gpt-4o``, ``c++`` and ``c#`` stay whole). Words are folded to their Snowball stem
(``units`` → ``unit``, ``coding`` → ``code``, ``libraries`` → ``librari``). The *canonical form* is the units joined by single spaces and padded with
one space on each side; a phrase is contained in a text when its *needle* (its units
joined the same way, padded only on word ends) is a substring of the text's canonical
form — so ``tea`` matches ``tea?`` but not ``team``, and ``乌龙茶`` matches inside
``推荐乌龙茶吧``.

>>> canonical("The user's VSCode 插件，很多！")
' the user vscode 插件 很多 '
>>> needle("metric units"), needle("乌龙茶"), needle("Python 后端")
(' metric unit ', '乌龙茶', ' python 后端')
>>> needle("units") in canonical("How far is a marathon in units I use?")
True
"""

import re
import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

__all__ = [
    "CJK_CHARS",
    "Unit",
    "canonical",
    "cue_halves",
    "is_cjk",
    "join_units",
    "needle",
    "needle_keys",
    "normalise",
    "query_keys",
    "stem",
    "units",
    "without_phrases",
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


_LINKING_WORDS = frozenset(
    ("to", "a", "an", "the", "of", "for", "on", "in", "at", "with", "my", "your", "our")
)
"""Articles, prepositions and possessives: the words that join a cue's two words
("where to stay", "book a call", "visa on arrival"), which a request words in its own way
("where should I stay", "book the call", "a visa when I arrive")."""


def cue_halves(pin: str) -> tuple[tuple[str, str], ...]:
    """The ways to cut a cue's needle in two: a CJK cue into two phrases of two or more
    characters each, an English cue of two words into its words, and one of three whose
    middle word only joins the other two (:data:`_LINKING_WORDS`) into those two.

    A query may hold a cue's two words apart and in the other order: Chinese puts an object
    first as the topic ("作业怎么辅导" for 辅导作业), English turns a compound into a verb and
    its object ("prep meals" for "meal prep") and words the joining word its own way ("where
    should I stay" for "where to stay"). Any other needle — CJK shorter than four, mixed, or
    English of one word, of three without a joining word between, or with digits or
    symbols — has none.

    >>> cue_halves("辅导作业")
    (('辅导', '作业'),)
    >>> cue_halves("健身计划表")
    (('健身', '计划表'), ('健身计', '划表'))
    >>> cue_halves(" sheet music ")
    ((' sheet ', ' music '),)
    >>> cue_halves(" where to stay ")
    ((' where ', ' stay '),)
    >>> cue_halves(" wi-fi 6 "), cue_halves(" home workout plan "), cue_halves("减肥")
    ((), (), ())
    """
    words = pin.split()
    if len(words) == 3 and words[1] in _LINKING_WORDS and words[0] not in _LINKING_WORDS:
        words = [words[0], words[2]]
    elif len(words) != 2:
        words = []
    if words and pin.startswith(" ") and all(w.isalpha() and w.isascii() for w in words):
        return ((f" {words[0]} ", f" {words[-1]} "),)
    if len(pin) < 4 or not all(map(is_cjk, pin)):
        return ()
    return tuple((pin[:cut], pin[cut:]) for cut in range(2, len(pin) - 1))


def stem(word: str) -> str:
    """The Snowball (Porter2) English stem of a lower-case ASCII word; other words as they are.

    Both sides of every comparison are stemmed the same way, so the stem only has to be
    consistent, not a real word. Words of three letters or fewer, and words with digits or
    symbols (``m2``, ``node.js``), are names more often than inflected words: they stay whole.

    >>> [stem(w) for w in ("units", "coding", "codes", "notes", "libraries", "running")]
    ['unit', 'code', 'code', 'note', 'librari', 'run']
    """
    if len(word) <= 3 or not word.isalpha() or not word.isascii():
        return word
    return _snowball(word)


@lru_cache(maxsize=65536)
def _snowball(word: str) -> str:
    stemmed: str = _english().stemWord(word)
    return stemmed


@lru_cache(maxsize=1)
def _english() -> Any:
    import snowballstemmer  # loaded on first use, like the other text tools

    return snowballstemmer.stemmer("english")


def units(text: str, spans: list[list[int]] | None = None) -> list[Unit]:
    """The units of ``text`` in order (see the module docstring).

    With ``spans``, one list per unit is appended to it: where, in ``text`` after NFKC, each
    character of a CJK unit's form stands, or a word unit's start and end.
    """
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
                if spans is not None:
                    spans[-1].extend(range(match.start(), position))
            else:
                found.append(Unit(True, value, value))
                if spans is not None:
                    spans.append(list(range(match.start(), position)))
            joinable = True
            sentence_start = False
            continue
        joinable = False
        lowered = value.lower()
        raw = lowered[:-2] if lowered.endswith("'s") else lowered
        found.append(Unit(False, stem(raw), raw, _technical(value, sentence_start)))
        if spans is not None:
            spans.append([match.start(), position])
        sentence_start = False
    return found


def without_phrases(text: str, needles: Iterable[str]) -> str:
    """``text`` (after NFKC) with every place where one of ``needles`` matches its canonical
    form replaced by a comma, which no phrase spans: what is left of a query once the
    phrases are taken out.

    >>> without_phrases("家具的钢琴烤漆面怎么清洁", [needle("钢琴烤漆")])
    '家具的 , 面怎么清洁'
    >>> without_phrases("Are Spider Plants toxic to cats?", [needle("spider plant")])
    'Are  ,  toxic to cats?'
    """
    spans: list[list[int]] = []
    found = units(text, spans)
    text = unicodedata.normalize("NFKC", text).translate(_APOSTROPHES)
    # The canonical form, and where each of its characters comes from (-1: a separator).
    form_chars: list[str] = [" "]
    origin: list[int] = [-1]
    for unit, where in zip(found, spans, strict=True):
        form_chars.extend(unit.form)
        origin.extend(where if unit.cjk else [where[0]] * (len(unit.form) - 1) + [where[1] - 1])
        form_chars.append(" ")
        origin.append(-1)
    form = "".join(form_chars)
    cut: list[tuple[int, int]] = []
    for pin in needles:
        start = form.find(pin) if pin.strip() else -1
        while start >= 0:
            inside = [at for at in origin[start : start + len(pin)] if at >= 0]
            cut.append((min(inside), max(inside) + 1))
            start = form.find(pin, start + 1)
    if not cut:
        return text
    pieces: list[str] = []
    position = 0
    for start, end in sorted(cut):
        if end <= position:
            continue
        pieces.append(text[position : max(start, position)])
        pieces.append(" , ")
        position = end
    pieces.append(text[position:])
    return "".join(pieces)


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


def needle_keys(pin: str) -> list[str]:
    """The keys of a needle or canonical form: its words, and the pairs of adjacent
    characters of its CJK pieces (a single-character piece as itself).

    >>> needle_keys(" oolong tea ") + needle_keys("乌龙茶") + needle_keys(" 茶 2 ")
    ['oolong', 'tea', '乌龙', '龙茶', '茶', '2']
    """
    keys: list[str] = []
    for piece in pin.split():
        if is_cjk(piece[0]):  # canonical pieces are whole CJK runs or whole words
            if len(piece) == 1:
                keys.append(piece)
            else:
                keys.extend(map(str.__add__, piece, piece[1:]))
        else:
            keys.append(piece)
    return keys


def query_keys(canonical: str) -> set[str]:
    """Every key a needle contained in ``canonical`` can have: each word, and each CJK
    character and pair of adjacent characters."""
    keys: set[str] = set()
    for piece in canonical.split():
        if is_cjk(piece[0]):
            keys.update(piece)
            keys.update(map(str.__add__, piece, piece[1:]))
        else:
            keys.add(piece)
    return keys
