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
from collections.abc import Mapping
from typing import Any

from memory_plugins.candidate import Identity, MemoryRecord, MemoryType, Polarity

__all__ = [
    "MAX_KEY_PART_CHARS",
    "addressed_key",
    "addresses",
    "is_neutral_key",
    "key_forms",
    "legacy_stable_key",
    "neutral_key",
    "normalise_part",
    "stable_key",
]

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


def earlier_form(key: str) -> str | None:
    """The earlier form of a current-form ``key`` (parts joined by one ``-``, no mark on a
    polarity-less subject), or ``None`` when the two forms are the same.

    >>> earlier_form("stable_user_context:backend-engineer--python-fastapi")
    'stable_user_context:backend-engineer-python-fastapi'
    >>> earlier_form("user_preference:-prefer-tabs"), earlier_form("user_preference:prefer-tea")
    ('user_preference:prefer-tabs', None)
    """
    kind, sep, body = key.partition(":")
    if not sep:
        return None
    polarity = ""
    for word in _POLARITY_WORDS:
        if body == word or body.startswith(f"{word}-"):
            polarity, body = word, body[len(word) + 1 :]
            break
    else:  # a subject that starts like a polarity is marked with one ``-``
        body = body[1:] if body[:1] == "-" and body[1:2] != "-" else body
    subject, _, facet = body.partition("--")
    earlier = f"{kind}:{'-'.join(p for p in (polarity, subject, facet) if p)}"
    return earlier if earlier != key else None


def key_forms(key: str) -> list[str]:
    """The stored keys ``key`` may name: itself and, for a current-form key, the earlier
    form a record written before keys told their parts apart keeps.

    >>> key_forms("stable_user_context:green--tea")
    ['stable_user_context:green--tea', 'stable_user_context:green-tea']
    """
    earlier = earlier_form(key)
    return [key] if earlier is None else [key, earlier]


_NEUTRAL_DIGITS = 12


def neutral_key(key: str) -> str:
    """The neutral form of a stored key: its type and ``~`` + 12 hex digits of the key.

    It names one record (every key-addressed operation accepts it) without spelling its
    identity; a stable key's body never starts with ``~`` (punctuation and symbols are
    dropped from its parts), so the two forms never meet.

    >>> neutral_key("standing_instruction:always-reply-in-french")
    'standing_instruction:~848593fbe27b'
    """
    kind = key.partition(":")[0]
    digest = hashlib.blake2b(key.encode(), digest_size=_NEUTRAL_DIGITS // 2).hexdigest()
    return f"{kind}:~{digest}"


def is_neutral_key(key: str) -> bool:
    """Whether ``key`` has the shape of :func:`neutral_key`'s form.

    >>> is_neutral_key("user_preference:~0123456789ab"), is_neutral_key("user_preference:tea")
    (True, False)
    """
    _, sep, body = key.partition(":")
    digits = body[1:]
    return (
        bool(sep)
        and body[:1] == "~"
        and len(digits) == _NEUTRAL_DIGITS
        and all(c in "0123456789abcdef" for c in digits)
    )


def addresses(record: MemoryRecord, key: str) -> bool:
    """Whether ``key`` names ``record``: its stored key, the current stable key of its type
    and identity (for a record stored under the earlier form), or its neutral form."""
    return key in (record.key, stable_key(record.type, record.identity), neutral_key(record.key))


def addressed_key(key: str, values: Mapping[str, dict[str, Any] | None]) -> str:
    """Which of the stored ``values`` (stored key → JSON value, ``None`` when absent) the
    key-addressed operation on ``key`` acts on: ``key`` itself when stored, else the one
    whose record ``key`` :func:`addresses`, else ``key`` (nothing found)."""
    if values.get(key) is not None:
        return key
    for stored, value in values.items():
        if value is not None and addresses(MemoryRecord.from_json(value), key):
            return stored
    return key
