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


def test_all_is_sorted_and_importable() -> None:
    assert list(memory_plugins.__all__) == sorted(memory_plugins.__all__)
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
