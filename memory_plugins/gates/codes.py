"""Reason codes of the write gates (S2), in the order the gates run."""

from enum import StrEnum

__all__ = ["GATE_ORDER", "RejectCode"]


class RejectCode(StrEnum):
    """Why a candidate was rejected. The first failing gate names it."""

    DRAFT_SOURCE = "draft_source"
    SCHEMA = "schema"
    EMPTY_TEXT = "empty_text"
    TEXT_TOO_LONG = "text_too_long"
    TEMPORARY = "temporary"
    SPECULATIVE = "speculative"
    LOW_CONFIDENCE = "low_confidence"
    SENSITIVE = "sensitive"
    RUNTIME_DATA = "runtime_data"
    TRANSCRIPT = "transcript"
    PLACEHOLDER = "placeholder"
    IDENTITY = "identity"
    MISSING_POLARITY = "missing_polarity"
    PROMPT_INJECTION = "prompt_injection"


GATE_ORDER: tuple[RejectCode, ...] = tuple(RejectCode)
