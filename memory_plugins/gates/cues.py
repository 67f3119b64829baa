"""Which of a candidate's cues the program keeps: the model proposes them, this decides.

Cues are stored strings like tags: a secret, a personal identifier or an instruction in a
cue refuses the whole candidate (``sensitive``, ``runtime_data``, ``prompt_injection``),
since the pipeline's detectors read every stored field after this filter. This filter only
drops the cues that would add nothing: a transcript or placeholder fragment, and cues
without meaning of their own:

* it is not made only of common words of the language (the recall word lists, the same
  ones that keep "喜欢" or "the" from selecting a memory) and is not a single CJK
  character (one character has too many senses to name a situation);
* it is not an exact duplicate (in canonical form) of a tag, of an identity part or of an
  earlier cue: those already anchor the memory.

Other senses (``other_senses``: phrases in which a word of the memory means something else)
are filtered the same way, and two more rules keep one from hiding the memory's own words:

* it shares a word (or a pair of CJK characters) with the memory's text, tags, identity or
  kept cues: a phrase that shares none holds no word of the memory to take in another sense;
* it is not itself among those words (``苹果手机`` of a memory that says it uses one is that
  memory's topic, not another sense of it).

A dropped cue or other sense is not a rejection: the memory is stored with what remains.
Cues that many of one user's memories share count less at recall time
(:mod:`memory_plugins.recall.scoring`), where the user's other memories are known.

>>> from memory_plugins import MemoryCandidate, MemoryConfig
>>> from memory_plugins.candidate import example_candidate
>>> cand = MemoryCandidate.model_validate(example_candidate(
...     cues=["afternoon snack", "tea", "喜欢", "茶", "N/A", "下午茶"]))
>>> kept, dropped = keep_cues(cand, MemoryConfig(principal_secret="0123456789abcdef"))
>>> kept.cues, [why for _, why in dropped]
(['afternoon snack', '下午茶'], ['tag', 'common words', 'single character', 'placeholder'])
>>> cand = MemoryCandidate.model_validate(example_candidate(
...     other_senses=["Oolong the rabbit", "oolong tea", "the rabbit", "tea party"]))
>>> kept, dropped = keep_cues(cand, MemoryConfig(principal_secret="0123456789abcdef"))
>>> kept.other_senses, [why for _, why in dropped]
(['Oolong the rabbit', 'tea party'], ["the memory's own words", 'shares no word with the memory'])
"""

from memory_plugins.candidate import MemoryCandidate
from memory_plugins.config import MemoryConfig
from memory_plugins.gates.placeholder import find_placeholder
from memory_plugins.gates.transcript import find_transcript
from memory_plugins.recall.features import probe_keys
from memory_plugins.recall.query import Lexicon, lexicon_for
from memory_plugins.recall.text import canonical, join_units, units

__all__ = ["keep_cues"]


def keep_cues(
    candidate: MemoryCandidate, config: MemoryConfig
) -> tuple[MemoryCandidate, list[tuple[str, str]]]:
    """``candidate`` with only the cues and other senses the program keeps, and
    ``(phrase, why)`` per dropped one."""
    if not candidate.cues and not candidate.other_senses:
        return candidate, []
    lexicon = lexicon_for(config.recall)
    seen = {join_units(units(tag)) for tag in candidate.tags}
    anchors = {"tag": seen}
    identity = candidate.identity
    anchors["identity"] = {join_units(units(p)) for p in (identity.subject, identity.facet) if p}
    dropped: list[tuple[str, str]] = []
    cues = _kept(candidate.cues, lexicon, anchors, dropped)
    senses = candidate.other_senses
    if senses:
        parts = (candidate.text, *candidate.tags, identity.subject or "", identity.facet or "")
        own = " | ".join(canonical(part) for part in (*parts, *cues))
        own_keys = _content_keys(own, lexicon)
        senses = _kept(senses, lexicon, {}, dropped, own=own, own_keys=own_keys)
    if not dropped and cues == candidate.cues and senses == candidate.other_senses:
        return candidate, []
    return candidate.model_copy(update={"cues": cues, "other_senses": senses}), dropped


def _kept(
    phrases: list[str],
    lexicon: Lexicon,
    anchors: dict[str, set[str]],
    dropped: list[tuple[str, str]],
    *,
    own: str | None = None,
    own_keys: set[str] | None = None,
) -> list[str]:
    """The phrases kept; each dropped one appended to ``dropped`` with why. With ``own``
    (the memory's words in canonical form) and ``own_keys`` (their probes), other senses:
    kept only when they share a word with the memory without being its own words."""
    kept: list[str] = []
    earlier: set[str] = set()
    for raw in phrases:
        phrase = raw.strip()
        found = units(phrase)
        form = join_units(found)
        why = next((name for name, forms in anchors.items() if form in forms), None)
        if why is None and form in earlier:
            why = "repeated"
        elif why is None and not lexicon.informative(form):
            why = "common words"
        elif why is None and len(found) == 1 and found[0].cjk and len(found[0].form) == 1:
            why = "single character"
        elif why is None and own is not None and form in own:
            why = "the memory's own words"
        elif why is None and own_keys and own_keys.isdisjoint(_content_keys(form, lexicon)):
            why = "shares no word with the memory"
        if why is None and find_transcript([phrase]) is not None:
            why = "transcript"
        if why is None and find_placeholder([phrase]) is not None:
            why = "placeholder"
        if why is None:
            kept.append(phrase)
            earlier.add(form)
        else:
            dropped.append((raw, why))
    return kept


def _content_keys(text: str, lexicon: Lexicon) -> set[str]:
    """The probes of a canonical ``text`` that common words do not explain: its words that
    are not common words, and its CJK character pairs not covered by one."""
    return {
        key
        for key in probe_keys(text)
        if (key not in lexicon.stop_forms if key.isascii() else not all(lexicon.mask(key)))
    }
