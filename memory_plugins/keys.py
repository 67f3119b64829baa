"""Stable keys: ``type:`` + normalised identity, the same identity always giving the same key,
and two different identities never one key.

A normalised part never holds ``--`` and never starts with ``-`` (punctuation becomes a
word break), so ``--`` can part the subject from the facet, and a leading ``-`` marks a
polarity-less subject that starts like a polarity (``prefer tabs`` is not ``prefer`` +
``tabs``).

>>> from memory_plugins.candidate import Identity, MemoryType, Polarity
>>> stable_key(MemoryType.USER_PREFERENCE, Identity(subject="桃子", polarity="prefer"))
'user_preference:prefer-桃子'
>>> stable_key(MemoryType.STABLE_USER_CONTEXT,
...            Identity(subject="前端工程师", facet="Windows  PowerShell!"))
'stable_user_context:前端工程师--windows-powershell'
>>> stable_key(MemoryType.USER_PREFERENCE, Identity(subject="prefer tabs"))
'user_preference:-prefer-tabs'
"""

import hashlib
import re
import unicodedata

from memory_plugins.candidate import Identity, MemoryType, Polarity

__all__ = ["MAX_KEY_PART_CHARS", "legacy_stable_key", "normalise_part", "stable_key"]

MAX_KEY_PART_CHARS = 48
_WS = re.compile(r"\s+")


def _fold_ascii(text: str) -> str:
    # Case-fold ASCII only: other scripts keep their case distinctions (e.g. Greek names).
    return "".join(ch.lower() if ch.isascii() else ch for ch in text)


def normalise_part(text: str | None) -> str:
    """NFKC, ASCII case-fold, punctuation and symbols dropped (emoji kept), whitespace
    runs → ``-``."""
    if not text:
        return ""
    text = _fold_ascii(unicodedata.normalize("NFKC", text))
    kept = []
    for ch in text:
        category = unicodedata.category(ch)
        # Keep C++ / C# distinct from C, and emoji (``So``): "🍵" is a subject of its own.
        if category[0] in "PSC" and ch not in "+#" and category != "So":
            kept.append(" ")
        else:
            kept.append(ch)
    collapsed = _WS.sub(" ", "".join(kept)).strip()
    part = collapsed.replace(" ", "-")
    if len(part) > MAX_KEY_PART_CHARS:
        digest = hashlib.sha256(part.encode()).hexdigest()[:8]
        part = f"{part[: MAX_KEY_PART_CHARS - 9]}~{digest}"
    return part


def stable_key(memory_type: MemoryType, identity: Identity) -> str:
    """The record key of a memory: ``type:polarity-subject--facet``, empty parts left out."""
    body = normalise_part(identity.subject)
    facet = normalise_part(identity.facet)
    if facet:
        body = f"{body}--{facet}"
    if identity.polarity:
        body = f"{identity.polarity.value}-{body}" if body else identity.polarity.value
    elif any(body == p or body.startswith(f"{p}-") for p in _POLARITY_WORDS):
        body = f"-{body}"
    return f"{memory_type.value}:{body}"


_POLARITY_WORDS = tuple(p.value for p in Polarity)


def legacy_stable_key(memory_type: MemoryType, identity: Identity) -> str:
    """The key this identity had before keys told their parts apart (records stored then
    keep it: the engine finds them under it)."""
    parts = [
        identity.polarity.value if identity.polarity else "",
        normalise_part(identity.subject),
        normalise_part(identity.facet),
    ]
    body = "-".join(p for p in parts if p)
    return f"{memory_type.value}:{body}"
