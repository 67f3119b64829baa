"""spaCy pipelines for intent anchors: built lazily, once per language, thread-safely.

Chinese: ``spacy.blank("zh")`` with the jieba segmenter, plus a component that copies
``jieba.posseg`` flags onto the tokens (``tag_`` = jieba flag, ``pos_`` = Universal POS).
English: ``spacy.blank("en")`` plus a component tagging a verb lexicon and closed-class
words. When a trained pipeline with a parser is already installed (``zh_core_web_sm``,
``en_core_web_sm``, …) it is used instead, for its dependency parse. Nothing is ever
downloaded; ``import memory_plugins`` imports neither spaCy nor jieba.

>>> nlp = load_pipeline("en")
>>> [(t.text, t.pos_) for t in nlp("Please rewrite the claims")]
[('Please', 'ADV'), ('rewrite', 'VERB'), ('the', 'DET'), ('claims', 'NOUN')]
"""

import importlib.util
import logging
import threading
import time
from functools import cache
from typing import Any

from memory_plugins.errors import MissingExtraError
from memory_plugins.slices.lexicon import EN_OTHER_VERBS, EN_PHRASES, EN_VERBS, english_forms
from memory_plugins.slices.packs import fold_plural

__all__ = ["TRAINED_PIPELINES", "load_pipeline", "load_seconds", "nlp_installed", "verb_base"]

logger = logging.getLogger("memory_plugins")

TRAINED_PIPELINES: dict[str, tuple[str, ...]] = {
    "zh": ("zh_core_web_sm", "zh_core_web_md", "zh_core_web_lg", "zh_core_web_trf"),
    "en": ("en_core_web_sm", "en_core_web_md", "en_core_web_lg", "en_core_web_trf"),
}
"""Trained pipelines used for their parser when (and only when) already installed."""

_JIEBA_COMPONENT = "memory_plugins_jieba_pos"
_EN_COMPONENT = "memory_plugins_verb_lexicon"
_lock = threading.Lock()
_pipelines: dict[tuple[str, bool], Any] = {}
_load_seconds: dict[str, float] = {}

_JIEBA_UPOS = {
    "n": "NOUN", "nr": "PROPN", "ns": "PROPN", "nt": "PROPN", "nz": "PROPN", "ng": "NOUN",
    "nrt": "PROPN", "nrfg": "PROPN", "vn": "VERB", "v": "VERB", "vd": "VERB", "vi": "VERB",
    "vg": "VERB", "vq": "VERB", "a": "ADJ", "ad": "ADJ", "an": "ADJ", "ag": "ADJ", "z": "ADJ",
    "b": "ADJ", "d": "ADV", "dg": "ADV", "p": "ADP", "c": "CCONJ", "r": "PRON", "rr": "PRON",
    "rz": "PRON", "m": "NUM", "mq": "NUM", "q": "NUM", "t": "NOUN", "tg": "NOUN", "s": "NOUN",
    "f": "NOUN", "eng": "PROPN", "l": "NOUN", "i": "NOUN", "j": "PROPN", "y": "PART",
    "e": "INTJ", "o": "INTJ", "k": "PART", "h": "PART", "u": "PART", "uj": "PART", "ul": "PART",
    "uz": "PART", "ug": "PART", "uv": "PART", "ud": "PART", "x": "X", "zg": "X",
}  # fmt: skip

_EN_CLOSED_CLASSES: tuple[tuple[str, str], ...] = (
    (
        "DET",
        "a an the this that these those my your our their his its some any every each all no"
        " another such",
    ),
    (
        "PRON",
        "i me you u we us they them he him she her it myself yourself something anything"
        " everything someone what which who whom whose",
    ),
    (
        "ADP",
        "for of in on at with about from by into onto over under between through after before"
        " like as per without within across via than",
    ),
    ("CCONJ", "and or but nor"),
    (
        "AUX",
        "can could would will should may might must do does did is are am was were be been"
        " being have has had 'm 's 're 've 'd 'll ca wo",
    ),
    ("PART", "not n't to"),
    (
        "ADV",
        "please pls plz kindly just also quickly now then again really very more less maybe"
        " actually briefly here there how why when where so too up down out",
    ),
    ("INTJ", "hi hey hello ok okay thanks thank yes no yeah hmm lol cool great"),
    (
        "ADJ",
        "short shorter quick brief simple new good better best formal casual friendly"
        " professional detailed clear concise long longer nice small big few several main key"
        " little whole entire same other different following above below",
    ),
)


@cache
def _closed_classes() -> dict[str, str]:
    table: dict[str, str] = {}
    for pos, words in _EN_CLOSED_CLASSES:
        for word in words.split():
            table.setdefault(word, pos)
    return table


@cache
def _verb_forms() -> dict[str, str]:
    forms: dict[str, str] = {}
    for base in [*EN_VERBS, *(p.split()[0] for p in EN_PHRASES)]:
        for form in english_forms(base):
            forms.setdefault(form, base)
    return forms


def verb_base(form: str) -> str:
    """The lexicon base form of an English verb form (``summarizing`` → ``summarize``)."""
    return _verb_forms().get(form, form)


def nlp_installed(lang: str) -> bool:
    """Whether the optional ``nlp`` extra needed for ``lang`` is installed."""
    modules = ("spacy", "jieba") if lang == "zh" else ("spacy",)
    return all(importlib.util.find_spec(m) is not None for m in modules)


def load_seconds() -> dict[str, float]:
    """Seconds spent loading each pipeline in this process (the one-time cost)."""
    return dict(_load_seconds)


def load_pipeline(lang: str, *, trained: bool = True) -> Any:
    """The spaCy pipeline for ``lang`` ("zh" or "en"), built on first use.

    Raises :class:`MissingExtraError` when spaCy (or jieba for Chinese) is missing.
    """
    lang = "zh" if lang == "zh" else "en"
    key = (lang, trained)
    nlp = _pipelines.get(key)
    if nlp is not None:
        return nlp
    with _lock:
        nlp = _pipelines.get(key)
        if nlp is None:
            began = time.perf_counter()
            nlp = _build(lang, trained)
            _load_seconds[lang] = _load_seconds.get(lang, 0.0) + time.perf_counter() - began
            _pipelines[key] = nlp
    return nlp


def _build(lang: str, trained: bool) -> Any:
    try:
        import spacy
        from spacy.language import Language
    except ImportError as exc:
        raise MissingExtraError("the spaCy stage of intent anchors", "slices", "spacy") from exc
    if trained:
        for name in TRAINED_PIPELINES[lang]:
            if spacy.util.is_package(name):
                nlp = spacy.load(name, exclude=["ner", "textcat", "lemmatizer"])
                if "parser" in nlp.pipe_names:
                    logger.info("intent anchors: using the parser of %s", name)
                    return nlp
    if lang == "zh":
        try:
            import jieba
            import jieba.posseg  # noqa: F401
        except ImportError as exc:
            raise MissingExtraError("Chinese intent anchors", "slices", "jieba") from exc
        if not Language.has_factory(_JIEBA_COMPONENT):
            Language.component(_JIEBA_COMPONENT, func=_jieba_pos)
        nlp = spacy.blank("zh", config={"nlp": {"tokenizer": {"segmenter": "jieba"}}})
        nlp.add_pipe(_JIEBA_COMPONENT)
    else:
        if not Language.has_factory(_EN_COMPONENT):
            Language.component(_EN_COMPONENT, func=_en_lexicon)
        nlp = spacy.blank("en")
        nlp.add_pipe(_EN_COMPONENT)
    nlp("预热" if lang == "zh" else "warm up")  # first call builds lazy tables
    return nlp


def _jieba_pos(doc: Any) -> Any:
    """Pipeline component: jieba.posseg flags as ``tag_`` and Universal POS as ``pos_``."""
    import jieba.posseg

    text = doc.text
    flags: list[str] = ["x"] * (len(text) + 1)
    offset = 0
    for pair in jieba.posseg.lcut(text):
        word, flag = pair.word, pair.flag
        found = text.find(word, offset)
        if found < 0:
            continue
        for k in range(found, found + len(word)):
            flags[k] = flag
        offset = found + len(word)
    for token in doc:
        flag = flags[token.idx]
        token.tag_ = flag
        if token.is_punct or token.is_space:
            token.pos_ = "PUNCT" if token.is_punct else "SPACE"
        elif token.like_num:
            token.pos_ = "NUM"
        else:
            token.pos_ = _JIEBA_UPOS.get(flag, _JIEBA_UPOS.get(flag[:1], "X"))
    return doc


def _en_lexicon(doc: Any) -> Any:
    """Pipeline component: closed-class words, lexicon verbs (with lemma), nouns otherwise."""
    closed, forms = _closed_classes(), _verb_forms()
    for token in doc:
        low = token.lower_
        if token.is_punct:
            token.pos_ = "PUNCT"
        elif token.is_space:
            token.pos_ = "SPACE"
        elif low in closed:
            token.pos_ = closed[low]
        elif low in forms:
            token.pos_ = "VERB"
            token.lemma_ = forms[low]
        elif low in EN_OTHER_VERBS:
            token.pos_ = "VERB"
            token.lemma_ = low
        elif token.like_num:
            token.pos_ = "NUM"
        else:
            token.pos_ = "NOUN"
            token.lemma_ = fold_plural(low) if low.isascii() else low
    return doc
