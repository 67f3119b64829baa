"""S4 bounded input: the latest turn plus a *safe*, clipped short-term context, never history.

The summary and the pinned decisions are model-made short-term state; before they reach
the extraction model, anything a content gate would reject (secrets, ID numbers,
role-marked transcripts) is removed, then every part is clipped to its budget.

>>> from memory_plugins.extraction import TurnInput
>>> bounded = bound_turn(TurnInput("alice", "c-1", "x" * 5000, "ok"))
>>> len(bounded.user_text)
2000
"""

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace

from memory_plugins.config import GateConfig
from memory_plugins.extraction.turn import TurnInput
from memory_plugins.gates import transcript
from memory_plugins.gates.detectors import active_detectors, find_with
from memory_plugins.gates.textfold import fold

__all__ = [
    "MAX_ASSISTANT_CHARS",
    "MAX_PINNED_CHARS",
    "MAX_PINNED_DECISIONS",
    "MAX_SUMMARY_CHARS",
    "MAX_USER_CHARS",
    "BoundedTurn",
    "Detector",
    "bound_turn",
    "clip",
    "clip_for_queue",
    "gate_detectors",
    "safe_pinned_decisions",
    "safe_summary",
]

MAX_USER_CHARS = 2000
MAX_ASSISTANT_CHARS = 2000
MAX_SUMMARY_CHARS = 600
MAX_PINNED_DECISIONS = 5
MAX_PINNED_CHARS = 300
ELLIPSIS = "…"
# What a queued turn keeps beyond the budgets: room for unsafe parts to be filtered out
# before the final clip, never the unbounded texts a caller handed in.
QUEUED_SLACK = 4
QUEUED_PREVIOUS_DECISIONS = 16

Detector = Callable[[Sequence[str]], str | None]
"""A content detector of the write gates: returns what it found, or ``None``."""

# A sentence ends at CJK or ASCII terminal punctuation or a line break.
_SENTENCE_END = re.compile(r"(?<=[。！？!?；;\n])|(?<=[.])\s+")


def gate_detectors(gates: GateConfig | None = None) -> tuple[Detector, ...]:
    """The content checks of the write gates for ``gates`` (default: every built-in).

    The ``sensitive`` and ``runtime_data`` detectors of the registry, as configured, then
    the transcript check: what the gates would refuse never reaches the model.
    """
    registered = active_detectors(gates if gates is not None else GateConfig())

    def registry_check(strings: Sequence[str]) -> str | None:
        found = find_with(registered, [fold(s) for s in strings])
        return None if found is None else found.detail

    return (registry_check, transcript.find_transcript)


def _default_detectors() -> tuple[Detector, ...]:
    return gate_detectors()


@dataclass(frozen=True, slots=True)
class BoundedTurn:
    """What the extraction model may see of one turn, every part within its S4 budget.

    ``removed`` counts the summary sentences and pinned decisions dropped as unsafe.
    """

    user_text: str
    assistant_text: str
    summary: str
    pinned_decisions: tuple[str, ...]
    removed: int = 0


def clip(text: str, limit: int) -> str:
    """``text`` stripped and cut to at most ``limit`` characters (an ellipsis marks a cut).

    >>> clip("abcdef", 4)
    'abc…'
    """
    text = text.strip()
    if len(text) <= limit:
        return text
    return text[: limit - 1].rstrip() + ELLIPSIS


def _flagged(text: str, detectors: Sequence[Detector]) -> bool:
    return any(detect([text]) is not None for detect in detectors)


def safe_summary(summary: str, detectors: Sequence[Detector] | None = None) -> tuple[str, int]:
    """The summary without its unsafe sentences, and how many were removed.

    A summary still flagged once its flagged sentences are gone (a transcript spread
    over several lines, say) is dropped whole.
    """
    detectors = _default_detectors() if detectors is None else detectors
    summary = summary.strip()
    if not summary or not _flagged(summary, detectors):
        return summary, 0
    pieces = [p for p in _SENTENCE_END.split(summary) if p and p.strip()]
    kept = [p for p in pieces if not _flagged(p, detectors)]
    remainder = " ".join(p.strip() for p in kept)
    if remainder and _flagged(remainder, detectors):
        return "", len(pieces)
    return remainder, len(pieces) - len(kept)


def safe_pinned_decisions(
    decisions: Sequence[str], detectors: Sequence[Detector] | None = None
) -> tuple[tuple[str, ...], int]:
    """The non-empty pinned decisions no content gate would reject, and how many were removed."""
    detectors = _default_detectors() if detectors is None else detectors
    present = [d.strip() for d in decisions if d and d.strip()]
    kept = tuple(d for d in present if not _flagged(d, detectors))
    return kept, len(present) - len(kept)


def _clip_to_sentences(text: str, limit: int) -> str:
    """At most ``limit`` characters of ``text``, ending at a sentence end when there is one,
    so no half sentence (half a secret) can slip past the detectors run on the rest."""
    text = text.strip()
    if len(text) <= limit:
        return text
    head = text[:limit]
    ends = [m.start() for m in _SENTENCE_END.finditer(head) if m.start() > 0]
    return head[: ends[-1]].rstrip() if ends else head


def clip_for_queue(turn: TurnInput, text_limit: int = MAX_PINNED_CHARS) -> TurnInput:
    """``turn`` cut to what extraction can ever use, so a queued job stays small.

    The user and assistant texts are clipped to their budgets as :func:`bound_turn` would;
    the summary keeps a few budgets' worth of whole sentences (unsafe sentences are removed
    before the final clip); the last five non-empty pinned decisions and the last sixteen
    previous ones are kept, each cut to a few times ``text_limit`` (a decision longer than
    the write gate allows still reads as too long).

    >>> turn = clip_for_queue(TurnInput("alice", "c-1", "x" * 10**6, "ok"))
    >>> len(turn.user_text)
    2000
    """
    decision_limit = QUEUED_SLACK * max(MAX_PINNED_CHARS, text_limit + 1)
    pinned = [d for d in turn.pinned_decisions if d and d.strip()][-MAX_PINNED_DECISIONS:]
    previous = turn.previous_pinned_decisions
    if previous is not None:
        previous = [d[:decision_limit] for d in previous[-QUEUED_PREVIOUS_DECISIONS:]]
    return replace(
        turn,
        user_text=clip(turn.user_text, MAX_USER_CHARS),
        assistant_text=clip(turn.assistant_text, MAX_ASSISTANT_CHARS),
        summary=_clip_to_sentences(turn.summary, QUEUED_SLACK * MAX_SUMMARY_CHARS),
        pinned_decisions=tuple(d[:decision_limit] for d in pinned),
        previous_pinned_decisions=previous,
    )


def bound_turn(turn: TurnInput, detectors: Sequence[Detector] | None = None) -> BoundedTurn:
    """Filter the short-term context and clip every part of ``turn`` to the S4 budgets.

    Filtering runs before clipping so that a cut can never hide half a secret from the
    detectors. Of the pinned decisions, the most recent (last) five are kept.

    >>> turn = TurnInput("alice", "c-1", "hi", "hello",
    ...                  pinned_decisions=[f"decision {n}" for n in range(8)])
    >>> bound_turn(turn).pinned_decisions
    ('decision 3', 'decision 4', 'decision 5', 'decision 6', 'decision 7')
    """
    summary, removed_sentences = safe_summary(turn.summary, detectors)
    pinned, removed_pinned = safe_pinned_decisions(turn.pinned_decisions, detectors)
    return BoundedTurn(
        user_text=clip(turn.user_text, MAX_USER_CHARS),
        assistant_text=clip(turn.assistant_text, MAX_ASSISTANT_CHARS),
        summary=clip(summary, MAX_SUMMARY_CHARS),
        pinned_decisions=tuple(clip(d, MAX_PINNED_CHARS) for d in pinned[-MAX_PINNED_DECISIONS:]),
        removed=removed_sentences + removed_pinned,
    )
