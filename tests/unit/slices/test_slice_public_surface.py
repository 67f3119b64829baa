"""The public surface of memory_plugins.slices: sorted, importable, documented."""

import inspect

from memory_plugins import slices


def test_all_is_sorted_and_every_name_exists() -> None:
    assert slices.__all__ == sorted(slices.__all__)
    for name in slices.__all__:
        assert hasattr(slices, name), name


def test_every_public_name_has_a_docstring() -> None:
    for name in slices.__all__:
        obj = getattr(slices, name)
        assert inspect.getdoc(obj), name


def test_public_surface_is_pinned() -> None:
    assert slices.__all__ == [
        "Activation", "ActivationReason", "ConstraintSnapshot", "DomainPack", "DomainPacks",
        "FeedbackKind", "FeedbackOutcome", "FeedbackSignal", "IntentAction", "IntentAnchor",
        "IntentExtractor", "SliceMemory", "SliceRecord", "SliceStore", "SliceType", "TargetEntry",
        "TargetHit", "TurnSlices", "Violation", "apply_feedback", "check_output",
        "extract_constraints", "extract_intent", "find_explicit_reference", "target_matches",
    ]  # fmt: skip
