"""The public surface is deliberate, and importing the package stays light."""

import subprocess
import sys

import memory_plugins

HEAVY = (
    "langchain_core.runnables",
    "memory_plugins.slices",
    "langgraph.graph",
    "langgraph.pregel",
    "llama_index",
    "spacy",
    "jieba",
)


PUBLIC = [
    "CacheConfig",
    "ConfigurationError",
    "EngineClosedError",
    "GateConfig",
    "InvalidTokenError",
    "KeyRing",
    "MemoryCandidate",
    "MemoryConfig",
    "MemoryEngine",
    "MemoryPluginsError",
    "MemoryRecord",
    "MemoryType",
    "MissingExtraError",
    "OutcomeStatus",
    "Principal",
    "RecallConfig",
    "RecallResult",
    "RecordFilter",
    "RecordStatus",
    "RejectCode",
    "Scope",
    "SliceConfig",
    "StoreUnavailableError",
    "WriteOutcome",
    "postgres_store",
    "sqlite_store",
]


def test_public_names_are_pinned_and_importable() -> None:
    # Changing the public surface is a deliberate act: update PUBLIC with it.
    assert memory_plugins.__all__ == PUBLIC  # sorted, as written
    assert len(set(memory_plugins.__all__)) == len(memory_plugins.__all__)
    for name in memory_plugins.__all__:
        assert getattr(memory_plugins, name) is not None


def test_subsystems_are_reached_through_their_subpackages() -> None:
    # Extraction, recall internals and slices are not top-level names.
    for name in ("ExtractionQueue", "SliceMemory", "format_explanation", "evaluate"):
        assert not hasattr(memory_plugins, name), name
    from memory_plugins.extraction import ExtractionQueue
    from memory_plugins.recall import format_explanation
    from memory_plugins.slices import SliceMemory

    assert ExtractionQueue and format_explanation and SliceMemory


def test_import_loads_no_framework_or_nlp() -> None:
    code = (
        "import sys, memory_plugins, memory_plugins.engine, memory_plugins.cli\n"
        f"heavy = {HEAVY!r}\n"
        "print([m for m in sys.modules if m.startswith(heavy)])"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"
