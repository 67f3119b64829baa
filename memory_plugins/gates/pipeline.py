"""The ordered gate pipeline: a pure function of (raw candidate, source conversation, config)."""

import re
from collections.abc import Mapping
from dataclasses import dataclass
from enum import Enum
from typing import Any

from pydantic import BaseModel, ValidationError

from memory_plugins.candidate import MemoryCandidate, MemoryType, Stability, storable_problem
from memory_plugins.config import MemoryConfig
from memory_plugins.gates.codes import RejectCode
from memory_plugins.gates.cues import keep_cues
from memory_plugins.gates.detectors import Detector, DetectorFinding, active_detectors, find_with
from memory_plugins.gates.identity import find_identity_problem
from memory_plugins.gates.instruction import find_prompt_injection
from memory_plugins.gates.placeholder import find_placeholder
from memory_plugins.gates.textfold import (
    CODE_NAME,
    fold,
    percent_kept,
    set_aside,
    unglossed,
    untabled,
)
from memory_plugins.gates.transcript import find_transcript
from memory_plugins.metadata import metadata_problem

__all__ = ["GateDecision", "evaluate", "inspected_strings"]


@dataclass(frozen=True, slots=True)
class GateDecision:
    """The gates' verdict on one candidate.

    ``candidate`` is the validated candidate when the schema gate passed (even if a
    later gate rejected it), so callers can still show what was proposed.
    """

    code: RejectCode | None
    detail: str
    candidate: MemoryCandidate | None

    @property
    def accepted(self) -> bool:
        return self.code is None


def _reject(code: RejectCode, detail: str, cand: MemoryCandidate | None = None) -> GateDecision:
    return GateDecision(code=code, detail=detail, candidate=cand)


def _schema_detail(exc: ValidationError) -> str:
    first = exc.errors()[0]
    where = ".".join(str(p) for p in first["loc"]) or "candidate"
    return f"{where}: {first['msg']}"


# Why the cue filter drops a phrase that the content detectors need not read: a template
# slot or a transcript fragment holds no name of the value the next phrase gives.
_UNREAD = frozenset(("placeholder", "transcript"))


def _as_proposed(proposed: MemoryCandidate, dropped: list[tuple[str, str]]) -> list[str]:
    """The strings of ``proposed`` with its cues and other senses as the model wrote them,
    but for slots and transcript fragments: what the content detectors read. A cue the
    filter drops as a tag's repeat or as common words may still name the value the next
    cue holds ("door code", then "4862#"), and that value is stored."""
    unread = {phrase for phrase, why in dropped if why in _UNREAD}
    shown = proposed.model_copy(
        update={
            "cues": [c for c in proposed.cues if c not in unread],
            "other_senses": [o for o in proposed.other_senses if o not in unread],
        }
    )
    return inspected_strings(shown)


def inspected_strings(candidate: MemoryCandidate) -> list[str]:
    """Every string stored with ``candidate``: text, tags, identity parts, reason, and any
    string field the schema gains, found by walking the model (enum values excepted).

    >>> from memory_plugins.candidate import MemoryCandidate
    >>> inspected_strings(MemoryCandidate.model_validate({
    ...     "type": "user_preference", "text": "Likes tea.", "tags": ["tea", "drinks"],
    ...     "confidence": 0.9, "stability": "stable",
    ...     "identity": {"subject": "tea", "polarity": "prefer"}, "action": "add",
    ...     "source_signal": "explicit_memory_intent", "reason": "said so",
    ...     "conflict_signal": False}))
    ['Likes tea.', 'tea', 'drinks', 'tea', 'said so']
    """
    found: list[str] = []
    _collect(candidate, found)
    return found


def _collect(value: object, found: list[str]) -> None:
    if type(value) is str:  # the common case first: a plain string field
        if value:
            found.append(value)
    elif isinstance(value, Enum) or value is None or isinstance(value, (bool, int, float)):
        return  # a closed vocabulary ("user_preference") or a number, not free text
    elif isinstance(value, str):
        if value:
            found.append(value)
    elif isinstance(value, BaseModel):
        for name in type(value).model_fields:
            _collect(getattr(value, name), found)
    elif isinstance(value, (list, tuple, set, frozenset)):
        for item in value:
            _collect(item, found)
    elif isinstance(value, Mapping):
        for key, item in value.items():
            _collect(key, found)
            _collect(item, found)


def _content_strings(strings: list[str]) -> tuple[list[str], list[str]]:
    """What the content detectors read, in canonical form (ciphertext set aside: :func:`~memory_plugins.gates.textfold.set_aside`): every reading, then the joined
    readings alone. The readings are each string and the strings joined (a value may be
    split across fields); beside them, a number the text ends with going on in another
    field (:func:`_continued`), and each reading without its glosses
    (:func:`~memory_plugins.gates.textfold.unglossed`) and with its tables' rows read
    under their columns' names (:func:`~memory_plugins.gates.textfold.untabled`)."""
    canonical = [fold(s) for s in strings]
    each = [set_aside(f) for f in canonical]
    # A field whose percent-escapes were decoded is read as written too ("dacha%53").
    kept = [
        set_aside(k)
        for s, f in zip(strings, canonical, strict=True)
        if (k := percent_kept(s, f)) is not None
    ]
    folded = list(dict.fromkeys([*each, *kept]))  # a tag repeated as subject: once
    joined = [set_aside(fold(_joined(strings)))] if len(folded) > 1 else folded[:1]
    continued = _continued(each)
    if continued is not None:
        joined.append(continued)
    read_again = [untabled(unglossed(s)) for s in (*folded, *joined)]
    joined += [g for g in read_again[len(folded) :] if g not in joined]
    fields = [*folded, *(g for g in read_again[: len(folded)] if g not in folded)]
    return list(dict.fromkeys([*fields, *joined])), joined


# The text ends with a number of four digits or more (a full stop may close it) and another
# field starts with one: a number split between them ("…starts with 5114 2072." and the tag
# "4064 3828"). Shorter ones are numbers of their own (a tag "110" after "…打120。").
_ENDS_IN_DIGITS = re.compile(r"[0-9]{4}[ \t]*[.。]?[ \t]*$")
_STARTS_WITH_DIGITS = re.compile(r"^[ \t]*[0-9]{4}")
# A field ending in a digit and the next starting with one ("110", "120"; "#7119", "119").
_DIGIT_END = re.compile(r"[0-9][ \t]*$")
_DIGIT_START = re.compile(r"^[ \t]*[#+]?[0-9]")


# A field ending in a name assigned nothing ("GOOGLE_CLIENT_SECRET=", "password:"): a name
# in capitals, in small letters or in camel case, not the tail of base64 ("…8B1A=").
_OPEN_ASSIGNMENT = re.compile(r"(?<![A-Za-z0-9+/])" + CODE_NAME + r"[ \t]*[=:：][ \t]*$")


def _joined(strings: list[str]) -> str:
    """The fields joined by spaces, except that a field is kept apart from the next by
    " ; " where they would make one value of two: two numbers given as two tags are two
    numbers (:func:`_continued` reads a number split between the text and a field), and a
    text ending in an empty assignment ("password=") is not given the next field, a tag,
    as its value."""
    out = strings[0]
    for field in strings[1:]:
        apart = _OPEN_ASSIGNMENT.search(out) is not None or (
            _DIGIT_END.search(out) is not None and _DIGIT_START.match(field) is not None
        )
        out += (" ; " if apart else " ") + field
    return out


def _continued(strings: list[str]) -> str | None:
    """Of the folded fields: the text, its closing full stop left out, followed by the
    other fields that start with a digit, when the text ends with one: a number split
    between the text and a tag ("…starts with 5114 2072." and the tag "4064 3828") read
    whole. ``None`` otherwise."""
    if len(strings) < 2 or not _ENDS_IN_DIGITS.search(strings[0]):
        return None
    rest = [s for s in strings[1:] if _STARTS_WITH_DIGITS.match(s)]
    if not rest:
        return None
    return " ".join([strings[0].rstrip(" \t.。"), *rest])


# Built-in detectors whose verdict more text can only make a finding, never undo: the
# joined string holds every field, so they read it alone. The others (a word nearby that
# explains a number, an address inside a URL, a line holding only a name and its value,
# a PIN's digits closing the text's clause, a recovery phrase of exactly a phrase's length
# that the next field's words would lengthen) and every user detector read each field too.
_MONOTONE = frozenset(
    (
        "payment_card", "bank_account", "id_document", "crypto_wallet", "labelled_identifier",
        "private_key", "password_hash", "provider_token", "json_web_token", "auth_header",
        "token_assignment", "cookie", "credential_url", "keyword_secret",
        "runtime_state", "public_ip",
    )
)  # fmt: skip


def _find(
    detectors: tuple[Detector, ...], strings: list[str], joined: list[str]
) -> DetectorFinding | None:
    """``find_with`` over ``strings`` (every reading), each monotone built-in reading only
    the ``joined`` ones; the detectors' order (S2) is kept."""
    if len(strings) == 1:
        return find_with(detectors, strings)
    for detector in detectors:
        found = find_with((detector,), joined if detector.name in _MONOTONE else strings)
        if found is not None:
            return found
    return None


def evaluate(
    raw: MemoryCandidate | Mapping[str, Any] | Any,
    source_conversation_id: str | None,
    config: MemoryConfig,
) -> GateDecision:
    """Run every gate in order; the first failure decides.

    >>> from memory_plugins import MemoryConfig
    >>> cfg = MemoryConfig(principal_secret="0123456789abcdef")
    >>> evaluate({"type": "user_preference"}, "draft:7", cfg).code
    <RejectCode.DRAFT_SOURCE: 'draft_source'>
    """
    if not source_conversation_id or not isinstance(source_conversation_id, str):
        return _reject(RejectCode.DRAFT_SOURCE, "no persisted source conversation id")
    if source_conversation_id.startswith(config.draft_prefix) or not source_conversation_id.strip():
        return _reject(RejectCode.DRAFT_SOURCE, "source conversation is a draft")

    unstorable = storable_problem(source_conversation_id)
    if unstorable is not None:  # stored with the record: a store would refuse the batch
        return _reject(RejectCode.SCHEMA, f"source_conversation_id: {unstorable}")

    if isinstance(raw, MemoryCandidate):
        cand = raw
    else:
        if not isinstance(raw, Mapping):
            return _reject(
                RejectCode.SCHEMA, f"candidate must be a JSON object, not {type(raw).__name__}"
            )
        try:
            cand = MemoryCandidate.model_validate(dict(raw))
        except ValidationError as exc:
            return _reject(RejectCode.SCHEMA, _schema_detail(exc))
    proposed = cand
    cand, dropped = keep_cues(cand, config)  # a dropped cue is not a rejection of the memory
    undeclared = metadata_problem(cand.metadata, config.metadata_schema)  # declared keys only
    if undeclared is not None:
        return _reject(RejectCode.SCHEMA, undeclared, cand)

    text = cand.text.strip()
    if not text:
        return _reject(RejectCode.EMPTY_TEXT, "text is empty", cand)
    if len(text) > config.max_text_chars:
        return _reject(
            RejectCode.TEXT_TOO_LONG,
            f"text has {len(text)} chars (max {config.max_text_chars})",
            cand,
        )
    if cand.stability is Stability.TEMPORARY:
        return _reject(RejectCode.TEMPORARY, "stability is temporary", cand)
    if cand.stability is Stability.SPECULATIVE:
        return _reject(RejectCode.SPECULATIVE, "stability is speculative", cand)
    if cand.confidence < config.min_confidence:
        return _reject(
            RejectCode.LOW_CONFIDENCE,
            f"confidence {cand.confidence:g} < {config.min_confidence:g}",
            cand,
        )
    strings = inspected_strings(cand)
    # Once per candidate: what every detector reads (the cues as proposed, see _as_proposed).
    folded, joined = _content_strings(_as_proposed(proposed, dropped) if dropped else strings)
    # Sensitive detectors run first, then runtime_data ones (S2 order); a detector that
    # raises is a rejection with its own detail, never an exception (fail closed).
    finding = _find(active_detectors(config.gates), folded, joined)
    if finding is not None:
        return _reject(finding.code, finding.detail, cand)
    for code, detector in (
        (RejectCode.TRANSCRIPT, find_transcript),
        (RejectCode.PLACEHOLDER, find_placeholder),
    ):
        found = detector(strings)
        if found is not None:
            return _reject(code, found, cand)
    problem = find_identity_problem(cand.identity)
    if problem is not None:
        return _reject(RejectCode.IDENTITY, problem, cand)
    if cand.type is MemoryType.USER_PREFERENCE and cand.identity.polarity is None:
        return _reject(RejectCode.MISSING_POLARITY, "user_preference needs identity.polarity", cand)
    # One text, a line per field: the patterns read line starts as a field's start.
    injection = find_prompt_injection([fold("\n".join(strings))])
    if injection is not None:
        return _reject(RejectCode.PROMPT_INJECTION, injection, cand)
    return GateDecision(code=None, detail="accepted", candidate=cand)
