"""A memory's word as the modifier of another noun: a compound that names another thing.

Chinese puts the head of a compound last: in 钢琴烤漆 (piano lacquer) the thing asked
about is the lacquer, in 苹果手机 the phone, in 花生油 the oil; 钢琴, 苹果 and 花生 only say
which kind. A question about the world that holds such a compound is about its head, so
a memory that shares only the modifier (the user plays the piano, likes apples, is
allergic to peanuts) is not what it asks about. A memory that holds the head too ("用户是
钢琴老师" for 钢琴老师) is.

:func:`compounds` reads the compounds of a query's Chinese once per recall, with
``jieba.posseg`` (the ``slices`` extra; without it the Chinese half is off; its dictionary
loads in the background the first time a question needs it, and until then questions are
scored without Chinese compounds, as they are without the meaning channel's model while
it loads): two nouns in a row,
and a noun word of three or more characters, which may begin with a memory's word.
:func:`other_things` tells, per record, which of them use the record's word as a
modifier of a head the record does not hold; the scorer scores the record without those
words, as it does for the record's own ``other_senses``, but lets agreement in meaning
(measured on the whole question) still count: the rules found the compound without
knowing what its head means (see :mod:`memory_plugins.recall.scoring`).

English is read by the phrase's shape, since no English part-of-speech tagger installs
without a model to fetch: a compound is a word after *a*, *an* or *the* followed by one or
two words that are neither common words nor prepositions, where the noun phrase ends (see
:func:`_english`); and a word after the determiner followed by *of* and a name ("the
height of the Eiffel Tower") is the modifier of that name (see :func:`_of_name`).

>>> warm()  # jieba's dictionary: else loaded in the background by the first question
True
>>> found = compounds("家具的钢琴烤漆面怎么清洁")
>>> ("钢琴", "烤漆") in [(c.modifier, c.head) for c in found]
True
>>> other_things(found, " 用户会弹钢琴 ， 学了十年 。 | 钢琴 | 弹琴 ")
('钢琴烤漆',)
>>> other_things(compounds("钢琴老师怎么收费"), " 用户是钢琴老师 ")
()
>>> [c.phrase for c in compounds("What is the Friday prayer in Islam?", frozenset({"what", "is"}))]
[' friday prayer ']
>>> compounds("Why does the cat purr?")
()
"""

import logging
import re
import threading
from collections.abc import Callable
from functools import lru_cache
from importlib.util import find_spec
from itertools import pairwise
from typing import Any, NamedTuple

from memory_plugins.recall.text import is_cjk, needle

__all__ = ["MAX_CHARS", "Compound", "compounds", "other_things", "warm"]

logger = logging.getLogger("memory_plugins.recall")

_NOUN = ("n",)
"""jieba flags of nouns start with ``n`` (n, ng, nr, ns, nt, nz…); ``eng`` is a Latin word."""
MAX_CHARS = 300
"""The longest text whose compounds are read."""
_MIN_WORD = 3
"""A one-word compound has at least this many characters: a 2-character word is one word."""
_MIN_PART = 2
_PLACE_SUFFIXES = frozenset("省市县区镇乡村州")
"""One-character heads that make a place's name of a place (杭州市), not another thing."""


class Compound(NamedTuple):
    """``modifier`` + ``head`` as the query writes them; ``phrase`` is their needle, and
    ``needles`` those of the modifier and of each word of the head."""

    modifier: str
    head: str
    phrase: str
    needles: tuple[str, ...]


def _compound(modifier: str, head: str, phrase: str) -> Compound:
    words = (modifier, *head.split())
    return Compound(modifier, head, needle(phrase), tuple(needle(word) for word in words))


def _load() -> Any:
    """``jieba.posseg`` with its dictionary loaded (about a second, once per process), or
    ``None`` without jieba."""
    try:
        import jieba
        import jieba.posseg
    except ImportError:
        return None
    jieba.setLogLevel(logging.WARNING)
    jieba.posseg.lcut("预热")  # loads the dictionary now, not in the first real cut
    return jieba.posseg


_lock = threading.Lock()
_loaded: list[Any] = []
"""Holds ``jieba.posseg`` (or ``None`` without jieba) once loaded."""
_loading: list[threading.Thread] = []


def _posseg() -> Any:
    """``jieba.posseg`` when its dictionary is loaded; else ``None``, and the load starts on
    a daemon thread, so that a recall never waits the second it takes: Chinese compounds
    are read from the first question after it (as the meaning channel's model, it is
    loaded once per process, and only where a question needs it)."""
    if _loaded:
        return _loaded[0]
    with _lock:
        if not _loading and find_spec("jieba") is None:  # no slices extra: no Chinese half
            _loaded.append(None)
        elif not _loading:
            thread = threading.Thread(target=_load_now, name="memory-plugins-jieba", daemon=True)
            _loading.append(thread)
            thread.start()
            logger.info(
                "memory recall: reading Chinese compounds once jieba's dictionary has loaded "
                "(about a second, on a background thread)"
            )
    return None


def _load_now() -> None:
    try:
        loaded = _load()
    except Exception as exc:  # a broken install: recall goes on without the Chinese half
        logger.warning("memory recall: jieba failed to load, Chinese compounds are off: %r", exc)
        loaded = None
    with _lock:
        if not _loaded:
            _loaded.append(loaded)


def warm() -> bool:
    """Load jieba's dictionary now, on the caller's thread (an evaluation does, before its
    first question, so that its figures do not depend on how fast the load is); whether
    jieba is installed."""
    if not _loaded:
        _load_now()
    return _loaded[0] is not None


def _noun(flag: str) -> bool:
    return flag.startswith(_NOUN)


def _cjk_word(word: str) -> bool:
    return all(is_cjk(ch) for ch in word)


_WORD = re.compile(r"[A-Za-z][A-Za-z'-]*|[^\sA-Za-z]")
"""An English word, or any one other character that is not a space (linear: no nesting)."""
_DETERMINERS = frozenset(("the", "a", "an"))
_AUXILIARIES = frozenset(("did", "does", "do", "can", "could", "will", "would", "should"))
_LIGHT_HEADS = frozenset(
    {"word", "words", "name", "names", "term", "terms", "phrase", "expression", "translation"}
    | {"kind", "kinds", "type", "types", "sort", "way", "ways", "version", "versions"}
    | {"style", "form", "part", "parts", "side", "language", "equivalent"}
)
"""Light nouns: a head that names an aspect of what its modifier names — a word or name
for it, a kind, version or part of it ("the Spanish word for receipt" asks about
Spanish) — makes no compound of another thing."""
_AFTER_NOUN = frozenset(
    {"in", "of", "on", "at", "for", "from", "with", "to", "by", "about", "during", "into"}
    | {"over", "under", "near", "among"}
)
"""Prepositions: a noun phrase ends before one."""


@lru_cache(maxsize=256)
def _english(text: str, stop: frozenset[str]) -> tuple[Compound, ...]:
    """Noun compounds of an English question: after a determiner (and at most one word
    more), a word followed by one or two words that are neither common words nor
    prepositions, where the noun phrase ends: at a preposition, a punctuation mark, the
    end ("What is the Friday prayer in Islam?") or a possessive ("What is the Toronto
    Stock Exchange's main index called?"); in a question with an auxiliary, before
    its main verb ("Where did the Spanish flu start?"), so a last word right before the
    question mark is that verb, not a noun ("Why does the cat purr?")."""
    words = _WORD.findall(text)
    lower = [w.lower() for w in words]

    def latin(word: str) -> bool:
        return word[:1].isascii() and word[:1].isalpha()

    def content(at: int) -> bool:
        return at < len(words) and latin(words[at]) and lower[at] not in stop

    found: list[Compound] = []
    first_auxiliary = next((i for i, w in enumerate(lower) if w in _AUXILIARIES), len(lower))
    for at, word in enumerate(lower):
        if word not in _DETERMINERS:
            continue
        auxiliary = first_auxiliary < at
        for start in (at + 1, at + 2):
            if start == at + 2 and not content(at + 1):
                break
            for size in (1, 2):
                end = start + 1 + size
                if not all(content(i) and lower[i] not in _AFTER_NOUN for i in range(start, end)):
                    continue
                if any(lower[i].endswith("'s") for i in range(start, end - 1)):
                    break  # a possessive ended the noun phrase before
                after = lower[end] if end < len(words) else ""
                word_after = latin(after)
                possessive = lower[end - 1].endswith("'s")
                if possessive:
                    ends = True  # "the Toronto Stock Exchange's index": the possessor
                elif auxiliary:
                    ends = word_after and after not in _AFTER_NOUN
                else:
                    ends = not word_after or after in _AFTER_NOUN
                last = lower[end - 1].removesuffix("'s")
                if ends and last not in _LIGHT_HEADS:
                    named = [*words[start : end - 1], words[end - 1].removesuffix("'s")]
                    found.append(_compound(named[0], " ".join(named[1:]), " ".join(named)))
        found.extend(_of_name(words, lower, at, content))
    return tuple(found)


_MAX_NAME_WORDS = 3


def _of_name(
    words: list[str], lower: list[str], at: int, content: Callable[[int], bool]
) -> list[Compound]:
    """After the determiner at ``at``, a word, *of* and a name of one to three capitalised
    words ("the height of the Eiffel Tower", "the rose of Sharon"): the word names an
    aspect or a part of the named thing, which the question is about. The name is the head
    and the word the modifier, as in a compound."""
    of = at + 2
    if not content(at + 1) or of >= len(lower) or lower[of] != "of":
        return []
    if lower[at + 1] in _LIGHT_HEADS:
        return []
    first = of + 2 if of + 1 < len(lower) and lower[of + 1] == "the" else of + 1
    last = first
    while last < min(len(words), first + _MAX_NAME_WORDS) and _capitalised(words[last]):
        last += 1
    if last == first:
        return []
    name = " ".join(words[first:last])
    return [_compound(words[at + 1], name, " ".join(words[at + 1 : last]))]


def _capitalised(word: str) -> bool:
    return word[:1].isascii() and word[:1].isupper()


def compounds(text: str, stop: frozenset[str] = frozenset()) -> tuple[Compound, ...]:
    """The noun compounds of ``text``: English ones (see :func:`_english`; ``stop``: the
    common words, which are never part of one) and those of its Chinese (see
    :func:`_chinese`; none until jieba's dictionary has loaded, or without jieba). None in
    a text longer than :data:`MAX_CHARS`: a question is short, and a pasted page would
    cost every record a look at hundreds of compounds."""
    found: tuple[Compound, ...] = ()
    if len(text) > MAX_CHARS:
        return found
    if any(ch.isascii() and ch.isalpha() for ch in text):
        found = _english(text, stop)
    if any(is_cjk(ch) for ch in text):
        posseg = _posseg()
        if posseg is not None:
            found += _chinese(text, posseg)
    return found


@lru_cache(maxsize=256)
def _chinese(text: str, posseg: Any) -> tuple[Compound, ...]:
    """The noun compounds of ``text``'s Chinese: each pair of adjacent nouns (a Latin word
    right before a Chinese noun counts as a noun: "Java 咖啡豆"), and each noun word of
    three or more characters cut in two (花生油), but not before a place's suffix (杭州市)."""
    words = [(w.word, w.flag) for w in posseg.cut(text) if w.word.strip()]
    found: list[Compound] = []
    for (first, first_flag), (second, second_flag) in pairwise(words):
        latin = first_flag == "eng"
        if (latin or (_noun(first_flag) and _cjk_word(first))) and (
            _noun(second_flag) and _cjk_word(second)
        ):
            joined = f"{first} {second}" if latin else first + second
            found.append(_compound(first, second, joined))
    for word, flag in words:
        if _noun(flag) and _cjk_word(word) and len(word) >= _MIN_WORD:
            for cut in range(_MIN_PART, len(word)):
                if word[cut:] in _PLACE_SUFFIXES:
                    continue
                found.append(_compound(word[:cut], word[cut:], word))
    return tuple(found)


def other_things(found: tuple[Compound, ...], held: str) -> tuple[str, ...]:
    """The phrases of ``found`` whose modifier ``held`` (a record's canonical strings)
    holds and whose head and whole it does not: the query names another thing there. A
    head of one character is looked for only with its modifier, in the whole: alone it
    is part of many words (家 of 一家 is no 银行家)."""
    return tuple(
        dict.fromkeys(
            c.phrase
            for c in found
            if _holds(held, c.needles[0])
            and c.phrase not in held
            and not any(len(form.strip()) > 1 and _holds(held, form) for form in c.needles[1:])
        )
    )


def _holds(held: str, form: str) -> bool:
    return bool(form.strip()) and form in held
