"""The public surface is deliberate, and importing the package stays light."""

import subprocess
import sys

import memory_plugins

HEAVY = (
    "langchain_core.runnables",
    "langgraph.graph",
    "langgraph.pregel",
    "llama_index",
    "spacy",
    "jieba",
)


PUBLIC = [
    "Action",
    "CacheConfig",
    "ConfigurationError",
    "Consideration",
    "ConstraintSnapshot",
    "EngineStats",
    "ExtractionQueue",
    "GateConfig",
    "GateDecision",
    "Identity",
    "IntentAnchor",
    "IntentExtractor",
    "InvalidTokenError",
    "KeyRing",
    "MEMORY_MESSAGE_NAME",
    "MemoryCandidate",
    "MemoryConfig",
    "MemoryEngine",
    "MemoryExtractor",
    "MemoryPluginsError",
    "MemoryRecord",
    "MemoryType",
    "MissingExtraError",
    "OutcomeStatus",
    "Polarity",
    "Principal",
    "PrincipalLike",
    "Ranking",
    "RecallConfig",
    "RecallHit",
    "RecallResult",
    "RecordStatus",
    "RejectCode",
    "SkipReason",
    "SliceConfig",
    "SliceMemory",
    "SnapshotValidationError",
    "SourceSignal",
    "Stability",
    "StoreUnavailableError",
    "TurnInput",
    "Violation",
    "WriteOutcome",
    "WrongTypeError",
    "check_output",
    "derive_candidate",
    "evaluate",
    "extract_constraints",
    "extract_intent",
    "format_explanation",
    "insert_memory_message",
    "is_eligible",
    "promote_pinned_decisions",
    "render_memory_message",
    "stable_key",
]


def test_public_names_are_pinned_and_importable() -> None:
    # Changing the public surface is a deliberate act: update PUBLIC with it.
    assert sorted(memory_plugins.__all__) == PUBLIC
    assert len(set(memory_plugins.__all__)) == len(memory_plugins.__all__)
    for name in memory_plugins.__all__:
        assert getattr(memory_plugins, name) is not None


def test_import_loads_no_framework_or_nlp() -> None:
    code = (
        "import sys, memory_plugins, memory_plugins.engine, memory_plugins.cli\n"
        f"heavy = {HEAVY!r}\n"
        "print([m for m in sys.modules if m.startswith(heavy)])"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"
