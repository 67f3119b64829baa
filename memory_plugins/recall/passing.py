"""One word of a question about something else: a topic mentioned in passing.

A question about the world ("what is the Friday prayer in Islam?") that shares one word
with a memory ("the user blocks Friday afternoons for deep work") is about something else:
the word is mentioned in passing. The rule dimensions count that one word several times
over — as a tag, as a phrase of the identity, as a word of the text — so even at
``RecallConfig.fact_question_factor`` it selects the memory. With
``RecallConfig.one_word_in_passing`` such a record counts the word once, its best
dimension, and one shared word no longer selects it on its own; a second word, or
agreement in meaning, still can.

A question about a word itself — what it means, how it is said in another language,
where it comes from (``RecallConfig.mention_markers``: "What does ETA mean?", "“日报”用英文
怎么说？", "“多肉”这个叫法是从哪来的？") — gets the
rule whether or not the option is set: the word is mentioned, not used. Agreement in
meaning does not lift such a record either, since the question means what the word means.

The rule holds only for questions about the world (``QueryProfile.factual``) that neither
ask to choose — a comparison or a good one ("拿铁和卡布奇诺有什么区别", "what's a good
morning routine?"), which a preference about one of them may decide — nor point at the
user's own situation with a demonstrative ("the action items from this call"). Types that
shape any answer (``RecallConfig.any_answer_types``) are exempt, as from the factor.

>>> from memory_plugins.config import RecallConfig
>>> from memory_plugins.recall.query import analyse_query
>>> config = RecallConfig(one_word_in_passing=True)
>>> applies(analyse_query("What is the Friday prayer in Islam?", config), config)
True
>>> applies(analyse_query("What's a good morning routine?", config), config)
False
>>> one_word({"tags": ["Friday"], "ascii_tokens": ["friday"]})
True
>>> one_word({"tags": ["Friday"], "ascii_tokens": ["friday", "afternoon"]})
False
"""

import re
from collections.abc import Mapping, Sequence

from memory_plugins.config import RecallConfig
from memory_plugins.recall.query import QueryProfile, has_marker, marker_text, without_markers
from memory_plugins.recall.text import normalise, stem
from memory_plugins.wordlists import SELECTING_MARKERS

__all__ = ["NOTE", "about_world", "applies", "count_once", "one_word"]

NOTE = "one word of a question about something else: counted once"
"""What ``explain`` shows under ``passing`` when the rule lowered a record's score."""

_WORDS = ("tags", "identity", "text", "cjk_phrases", "ascii_tokens", "self_context", "cues")
"""The dimensions whose matches are words of the query (not meaning, not rarity)."""

_SUFFIX = re.compile(r" \((?:shared|apart|word: [^)]*)\)$")


def applies(profile: QueryProfile, config: RecallConfig) -> bool:
    """Whether the query is a question about the world the rule holds for."""
    return bool(config.one_word_in_passing or profile.mentions) and about_world(profile, config)


def about_world(profile: QueryProfile, config: RecallConfig) -> bool:
    """Whether the query is a question about the world that neither asks to choose nor
    points at the user's situation."""
    if not profile.factual:
        return False
    raw = marker_text(profile.text)
    choices, situation = config.choice_markers, raw
    if profile.mentions:
        # A question about a word asks which language or sense it comes from, or the word
        # itself is "good": only a comparison ("日报和周报的区别") is still a choice there.
        choices = tuple(m for m in choices if m not in SELECTING_MARKERS)
        # "这个叫法", "this word": the demonstrative points at the word, not the situation.
        situation = without_markers(raw, config.mention_markers)
    return not (has_marker(raw, choices) or has_marker(situation, config.situation_markers))


def _form(hit: str, dimension: str) -> str:
    """A match as the word it is: without its identity part's name or a cue's note, lower
    case, each English word stemmed."""
    if dimension == "identity":
        hit = hit.split(": ", 1)[-1]
    elif dimension == "cues":
        hit = _SUFFIX.sub("", hit)
    return " ".join(stem(word) for word in normalise(hit).split())


def one_word(matched: Mapping[str, Sequence[str]]) -> bool:
    """Whether every word match is one and the same word: each is part of the longest."""
    forms = {
        _form(hit, dimension)
        for dimension in _WORDS
        for hit in matched.get(dimension, ())
        if dimension != "cues" or not hit.startswith("cues alone")
    }
    forms.discard("")
    if not forms:
        return False
    longest = max(forms, key=len)
    return all(form in longest for form in forms)


def count_once(scores: dict[str, float], matched: dict[str, list[str]], total: float) -> float:
    """``total`` with one word counted once, its best dimension, when every word match is
    that word (``matched`` gets the note); else ``total`` unchanged."""
    if not one_word(matched):
        return total
    best = max((scores.get(dimension, 0.0) for dimension in _WORDS), default=0.0)
    if best >= total:
        return total
    matched["passing"] = [NOTE]
    return best
