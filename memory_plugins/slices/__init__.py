"""Structured slices (S6): intent anchors, constraint snapshots, feedback and triggers.

Everything here is rule-based, no model. spaCy and jieba load lazily, once, on the
first utterance that needs them; importing this package imports neither.

>>> from memory_plugins.slices import extract_constraints, extract_intent
>>> extract_intent("Summarize this article in three sentences").key
'summarize:article'
>>> extract_constraints("Summarize this article in three sentences").to_dict()
{'max_count': 3}
"""

from memory_plugins.slices.actions import IntentAction
from memory_plugins.slices.anchors import (
    IntentAnchor,
    IntentExtractor,
    extract_intent,
    target_matches,
)
from memory_plugins.slices.checker import Violation, check_output
from memory_plugins.slices.constraints import ConstraintSnapshot, extract_constraints
from memory_plugins.slices.feedback import (
    FeedbackKind,
    FeedbackOutcome,
    FeedbackSignal,
    apply_feedback,
)
from memory_plugins.slices.memory import SliceMemory, TurnSlices
from memory_plugins.slices.packs import DomainPack, DomainPacks, TargetEntry, TargetHit
from memory_plugins.slices.records import SliceRecord, SliceType
from memory_plugins.slices.store import SliceStore
from memory_plugins.slices.triggers import Activation, ActivationReason, find_explicit_reference

__all__ = [
    "Activation",
    "ActivationReason",
    "ConstraintSnapshot",
    "DomainPack",
    "DomainPacks",
    "FeedbackKind",
    "FeedbackOutcome",
    "FeedbackSignal",
    "IntentAction",
    "IntentAnchor",
    "IntentExtractor",
    "SliceMemory",
    "SliceRecord",
    "SliceStore",
    "SliceType",
    "TargetEntry",
    "TargetHit",
    "TurnSlices",
    "Violation",
    "apply_feedback",
    "check_output",
    "extract_constraints",
    "extract_intent",
    "find_explicit_reference",
    "target_matches",
]
