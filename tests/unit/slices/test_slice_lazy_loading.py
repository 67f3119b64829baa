"""spaCy and jieba load lazily, once, thread-safely; importing the package loads neither."""

import subprocess
import sys
import threading
import time
from typing import Any

import pytest

from memory_plugins.slices import pipelines


@pytest.mark.parametrize("module", ["memory_plugins", "memory_plugins.slices"])
def test_import_loads_no_nlp_library(module: str) -> None:
    code = (
        f"import sys, {module}\n"
        "heavy = [m for m in ('spacy', 'jieba', 'thinc', 'torch') if m in sys.modules]\n"
        "print(','.join(heavy))\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == ""


def test_pipelines_are_built_once_under_concurrency(monkeypatch: pytest.MonkeyPatch) -> None:
    built: list[str] = []

    def slow_build(lang: str, trained: bool) -> Any:
        time.sleep(0.05)  # long enough for every thread to arrive while the first builds
        built.append(lang)
        return object()

    monkeypatch.setattr(pipelines, "_pipelines", {})
    monkeypatch.setattr(pipelines, "_build", slow_build)
    results: list[Any] = []
    threads = [
        threading.Thread(target=lambda: results.append(pipelines.load_pipeline("zh")))
        for _ in range(8)
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert built == ["zh"]
    assert len({id(r) for r in results}) == 1


def test_background_warm_up_loads_before_the_first_turn(monkeypatch: pytest.MonkeyPatch) -> None:
    from memory_plugins.slices.anchors import IntentExtractor

    calls: list[str] = []
    monkeypatch.setattr(pipelines, "_pipelines", {})
    monkeypatch.setattr(pipelines, "_build", lambda lang, trained: calls.append(lang) or object())
    thread = IntentExtractor().warm_up(("en",), background=True)
    assert thread is not None
    thread.join(5)
    assert calls == ["en"]
