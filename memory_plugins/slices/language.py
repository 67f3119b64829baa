"""Which language a text is written in, by script and a few function words (no model).

Used twice: to answer in the utterance's language (``说明书`` for a Chinese request,
``specification`` for an English one) and to check a ``language`` constraint against
an assistant's output.

>>> detect_language("帮我写个SQL")
'zh'
>>> detect_language("Translate '说明书' into English")
'en'
>>> detect_language("Voici le résumé de la réunion et les points à retenir.")
'fr'
"""

import re
import unicodedata

from memory_plugins.slices.lexicon import word_set

__all__ = [
    "LANGUAGE_NAMES",
    "REQUEST_HEAD_CHARS",
    "REQUEST_TAIL_CHARS",
    "ScriptCounts",
    "count_scripts",
    "detect_language",
    "is_cjk",
    "request_window",
]

REQUEST_HEAD_CHARS = 600
REQUEST_TAIL_CHARS = 400
"""A request is read from its first and last characters: the instruction sits before or
after whatever was pasted, and rules stay fast whatever the length."""


LANGUAGE_NAMES: dict[str, str] = {
    "zh": "Chinese",
    "en": "English",
    "ja": "Japanese",
    "ko": "Korean",
    "fr": "French",
    "de": "German",
    "es": "Spanish",
    "it": "Italian",
    "pt": "Portuguese",
    "ru": "Russian",
}
"""Languages a ``language`` constraint can name (ISO 639-1)."""

_LATIN_WORD = re.compile(r"[A-Za-zÀ-ÖØ-öø-ÿ]+(?:['’][A-Za-z]+)?")
_CYRILLIC_WORD = re.compile(r"[\u0400-\u04ff]+")
_CODE_FENCE = re.compile(r"```.*?(?:```|$)", re.S)
_INLINE_CODE = re.compile(r"`[^`\n]*`")
_URL = re.compile(r"https?://\S+|www\.\S+")

# A handful of very frequent function words per Latin-script language.
_STOPWORDS: dict[str, frozenset[str]] = {
    "en": word_set(
        "the and of to is are in for with that this it on be you your as or an a was were "
        "will can not from by at we i have has"
    ),
    "fr": word_set(
        "le la les des et est une un du de pour que qui dans sur pas avec vous nous sont "
        "ce cette il elle au aux"
    ),
    "de": word_set(
        "der die das und ist nicht ein eine mit für zu den dem von sie wir ich auf auch "
        "sind im es bitte"
    ),
    "es": word_set(
        "el la los las y es un una de que en por para con no del al se lo como más pero sus está"
    ),
    "it": word_set(
        "il lo la gli le e è un una di che per con non del della sono questo anche nel alla"
    ),
    "pt": word_set(
        "o a os as e é um uma de que em para com não do da dos das no na se por mais está são"
    ),
}


class ScriptCounts:
    """Characters per script and Latin/Cyrillic words in a text."""

    __slots__ = ("cyrillic_words", "han", "hangul", "kana", "latin_words")

    def __init__(self, han: int, kana: int, hangul: int, latin: int, cyrillic: int) -> None:
        self.han = han
        self.kana = kana
        self.hangul = hangul
        self.latin_words = latin
        self.cyrillic_words = cyrillic


def is_cjk(ch: str) -> bool:
    """Whether ``ch`` is a Han ideograph (CJK unified, extension A or compatibility)."""
    code = ord(ch)
    return 0x4E00 <= code <= 0x9FFF or 0x3400 <= code <= 0x4DBF or 0xF900 <= code <= 0xFAFF


def count_scripts(text: str) -> ScriptCounts:
    """Count Han, kana and Hangul characters and Latin/Cyrillic words."""
    han = kana = hangul = 0
    for ch in text:
        if is_cjk(ch):
            han += 1
        elif "\u3040" <= ch <= "\u30ff":
            kana += 1
        elif "\uac00" <= ch <= "\ud7af":
            hangul += 1
    latin = len(_LATIN_WORD.findall(text))
    cyrillic = len(_CYRILLIC_WORD.findall(text))
    return ScriptCounts(han, kana, hangul, latin, cyrillic)


def strip_code(text: str) -> str:
    """Remove fenced/inline code and URLs, which say nothing about the prose language."""
    return _URL.sub(" ", _INLINE_CODE.sub(" ", _CODE_FENCE.sub(" ", text)))


def detect_language(text: str, default: str = "en") -> str:
    """The dominant language of ``text`` as an ISO 639-1 code.

    Han characters are weighed as half a word each (a Chinese word is about two
    characters), so ``用Python写一个function`` is Chinese and an English sentence quoting
    one Chinese term stays English. Kana means Japanese, Hangul Korean; Latin-script
    text is told apart by frequent function words, defaulting to ``default``.
    """
    text = unicodedata.normalize("NFKC", strip_code(text))
    counts = count_scripts(text)
    if counts.kana and counts.kana * 2 >= counts.han * 0.2 + counts.latin_words:
        return "ja"
    if counts.hangul and counts.hangul / 2 >= counts.latin_words:
        return "ko"
    if counts.han and counts.han / 2 >= counts.latin_words:
        return "zh"
    if counts.cyrillic_words > counts.latin_words:
        return "ru"
    if not counts.latin_words:
        return "zh" if counts.han else default
    words = [w.lower() for w in _LATIN_WORD.findall(text)]
    scores = {lang: sum(w in stop for w in words) for lang, stop in _STOPWORDS.items()}
    best = max(scores, key=lambda lang: (scores[lang], lang == "en"))
    return best if scores[best] > 0 else default


def request_window(text: str) -> str:
    """``text`` itself, or its head and tail joined by a line break when it is long.

    >>> len(request_window("x" * 5000))
    1001
    """
    if len(text) <= REQUEST_HEAD_CHARS + REQUEST_TAIL_CHARS:
        return text
    return f"{text[:REQUEST_HEAD_CHARS]}\n{text[-REQUEST_TAIL_CHARS:]}"
