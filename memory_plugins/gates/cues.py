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

A dropped cue is not a rejection: the memory is stored with the cues that remain.
Cues that many of one user's memories share count less at recall time
(:mod:`memory_plugins.recall.scoring`), where the user's other memories are known.

>>> from memory_plugins import MemoryCandidate, MemoryConfig
>>> from memory_plugins.candidate import example_candidate
>>> cand = MemoryCandidate.model_validate(example_candidate(
...     cues=["afternoon snack", "tea", "喜欢", "茶", "N/A", "下午茶"]))
>>> kept, dropped = keep_cues(cand, MemoryConfig(principal_secret="0123456789abcdef"))
>>> kept.cues, [why for _, why in dropped]
(['afternoon snack', '下午茶'], ['tag', 'common words', 'single character', 'placeholder'])
"""

from memory_plugins.candidate import MemoryCandidate
from memory_plugins.config import MemoryConfig
from memory_plugins.gates.placeholder import find_placeholder
from memory_plugins.gates.transcript import find_transcript
from memory_plugins.recall.query import lexicon_for
from memory_plugins.recall.text import join_units, units

__all__ = ["keep_cues"]


def keep_cues(
    candidate: MemoryCandidate, config: MemoryConfig
) -> tuple[MemoryCandidate, list[tuple[str, str]]]:
    """``candidate`` with only the cues the program keeps, and ``(cue, why)`` per dropped one."""
    if not candidate.cues:
        return candidate, []
    lexicon = lexicon_for(config.recall)
    seen = {join_units(units(tag)) for tag in candidate.tags}
    anchors = {"tag": seen}
    identity = candidate.identity
    anchors["identity"] = {join_units(units(p)) for p in (identity.subject, identity.facet) if p}
    kept: list[str] = []
    dropped: list[tuple[str, str]] = []
    earlier: set[str] = set()
    for raw in candidate.cues:
        cue = raw.strip()
        found = units(cue)
        form = join_units(found)
        why = next((name for name, forms in anchors.items() if form in forms), None)
        if why is None and form in earlier:
            why = "repeated"
        elif why is None and not lexicon.informative(form):
            why = "common words"
        elif why is None and len(found) == 1 and found[0].cjk and len(found[0].form) == 1:
            why = "single character"
        if why is None and find_transcript([cue]) is not None:
            why = "transcript"
        if why is None and find_placeholder([cue]) is not None:
            why = "placeholder"
        if why is None:
            kept.append(cue)
            earlier.add(form)
        else:
            dropped.append((raw, why))
    if not dropped and kept == candidate.cues:
        return candidate, []
    return candidate.model_copy(update={"cues": kept}), dropped
