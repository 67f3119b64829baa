"""Write-time features: what the scorer needs from a record, computed once and stored with it.

The features are a :class:`~memory_plugins.candidate.RecordFeatures`, stored as JSON with
the record and independent of the recall configuration (word lists and
weights are applied to the *query*), so changing :class:`~memory_plugins.config.RecallConfig`
never requires rewriting records.

* ``text`` — the canonical form of the memory text (see :mod:`memory_plugins.recall.text`).
  A query's CJK phrase of 2–4 characters is in the record's CJK phrase set exactly when
  it is a substring of this string (canonical forms separate units with spaces), so the
  phrase set is not stored a second time.
* ``text_needle`` — the text as a whole phrase, to find it inside a query.
* ``tags`` — one needle per tag, aligned with ``record.tags``.
* ``identity`` — one :class:`~memory_plugins.candidate.IdentityFeature` (part, needle,
  canonical, strong) for ``subject`` and ``facet``; ``strong`` lists the part's words that
  are technical terms or names.
* ``strong`` — the tokens that are technical terms or names (``VSCode``, ``M2``,
  ``React``, ``Berlin``: see ``Unit.technical``), and every token of a text that also has
  CJK characters. The others are plain prose words and weigh
  ``RecallConfig.plain_word_weight``.
* ``cues`` — one needle per cue, aligned with ``record.cues``.
* ``other_senses`` — one needle per other sense, aligned with ``record.other_senses``: a
  query holding one uses the record's word there in another sense (not part of ``all``:
  an other sense never makes a record a candidate).
* ``all`` — text, tags, identity and cues in one canonical string, ``|``-separated (so the
  read cache's inverted index finds a record by its cue words too).
* ``names``, ``short_lower`` — word forms the text writes only capitalised (a name,
  ``Max``) and short words it writes only in lower case (a tool, ``uv``). A query writing
  the same word the other way means another word (see ``QueryProfile.token_clash``).
* ``short`` — the tags and identity parts that are a single CJK character (``茶``),
  concatenated. With ``all`` it lets the scorer skip, after a few substring tests, a
  record that shares none of the query's probes (see ``QueryProfile.probes``).
* ``probes`` — the keys the recall index files the record under (:func:`probe_keys` of
  ``all``), sorted, so a cold read need not derive them again.

>>> from memory_plugins.candidate import Identity, MemoryType
>>> f = compute_features(MemoryType.USER_PREFERENCE, "The user likes oolong tea.",
...                      ("oolong", "tea"), Identity(subject="oolong tea", polarity="prefer"))
>>> f.tags, f.strong, f.identity[0][:2]
((' oolong ', ' tea '), (), ('subject', ' oolong tea '))
"""

import re
import sys

from memory_plugins.candidate import (
    FEATURES_VERSION,
    Identity,
    IdentityFeature,
    MemoryRecord,
    MemoryType,
    RecordFeatures,
)
from memory_plugins.recall.text import CJK_CHARS, Unit, cased_words, join_units, units

__all__ = ["FEATURES_VERSION", "RecordFeatures", "compute_features", "features_of", "probe_keys"]

_CJK_RUN = re.compile(f"[{CJK_CHARS}]+")


def probe_keys(everything: str) -> set[str]:
    """The probes a record's ``all`` feature holds, as the index keys them: each word (the
    query's probe `` word ``, spaces dropped) and each pair of adjacent characters of its
    CJK runs (a query probe is a substring of ``all`` exactly when it is one of these).
    Words hold no CJK character and pairs only CJK characters, so the two never clash.
    Stored with a record's features (``probes``): a change here needs a new
    ``FEATURES_VERSION``, or records stored earlier would be indexed under stale keys.

    >>> sorted(probe_keys(" the user like 乌龙茶 | 乌龙茶 | tea "))
    ['like', 'tea', 'the', 'user', '乌龙', '龙茶']
    """
    keys = set(everything.split())
    keys.discard("|")
    if everything.isascii():  # most records: no CJK run, the words are the probes
        return keys
    # Canonical pieces are whole CJK runs or whole words without CJK characters.
    runs = _CJK_RUN.findall(everything)
    keys.difference_update(runs)
    for run in runs:
        keys.update(map(str.__add__, run, run[1:]))
    return keys


def _canonical(found: list[Unit]) -> str:
    return " " + " ".join(u.form for u in found) + " "


def _single_chars(groups: list[list[Unit]]) -> str:
    return "".join(g[0].form for g in groups if len(g) == 1 and g[0].cjk and len(g[0].form) == 1)


def _strong(found: list[Unit]) -> set[str]:
    mixed = any(u.cjk for u in found)  # Latin words inside CJK text are names or terms
    return {u.form for u in found if not u.cjk and (mixed or u.technical)}


def compute_features(
    memory_type: MemoryType,
    text: str,
    tags: tuple[str, ...],
    identity: Identity,
    cues: tuple[str, ...] = (),
    *,
    other_senses: tuple[str, ...] = (),
) -> RecordFeatures:
    """The features the scorer needs, computed once when the record is written.

    ``memory_type`` is accepted for future per-type features; the current layout does not
    depend on it (type weights are applied at query time).
    """
    text_units = units(text)
    tag_units = [units(tag) for tag in tags]
    parts: list[IdentityFeature] = []
    part_units: list[list[Unit]] = []
    for name, value in (("subject", identity.subject), ("facet", identity.facet)):
        found = units(value or "")
        if found:
            strong = tuple(sorted(_strong(found)))
            parts.append(IdentityFeature(name, join_units(found), _canonical(found), strong))
            part_units.append(found)
    cue_units = [units(cue) for cue in cues]
    everything = [text_units, *tag_units, *part_units, *(found for found in cue_units if found)]
    names, short_lower = cased_words(text)
    joined = " " + " | ".join(" ".join(u.form for u in group) for group in everything) + " "
    return RecordFeatures(
        text=_canonical(text_units),
        text_needle=join_units(text_units),
        tags=tuple(join_units(found) for found in tag_units),
        identity=tuple(parts),
        strong=tuple(sorted(_strong(text_units))),
        all=joined,
        short=_single_chars([*tag_units, *part_units]),
        names=tuple(names),
        short_lower=tuple(short_lower),
        cues=tuple(join_units(found) for found in cue_units),
        other_senses=tuple(join_units(units(sense)) for sense in other_senses),
        probes=tuple(sorted(map(sys.intern, probe_keys(joined)))),  # shared, as when read
    )


def features_of(record: MemoryRecord) -> RecordFeatures:
    """The record's stored features, or freshly computed ones for records written earlier."""
    stored = record.features
    if stored is not None:
        return stored
    return compute_features(
        record.type,
        record.text,
        record.tags,
        record.identity,
        record.cues,
        other_senses=record.other_senses,
    )
