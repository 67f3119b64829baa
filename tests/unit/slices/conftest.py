"""Shared fixtures of the slice tests: one extractor per session (spaCy loads once)."""

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from memory_plugins.slices.anchors import IntentExtractor

HERE = Path(__file__).parent


def _read_jsonl(path: Path) -> list[dict[str, Any]]:
    with path.open(encoding="utf-8") as handle:
        return [json.loads(line) for line in handle if line.strip()]


@pytest.fixture(scope="session")
def read_jsonl() -> Callable[[Path], list[dict[str, Any]]]:
    """``read_jsonl(path)``: the objects of a JSONL file."""
    return _read_jsonl


@pytest.fixture(scope="session")
def labelled_dir() -> Path:
    """This folder, where our labelled JSONL sets live."""
    return HERE


@pytest.fixture(scope="session")
def shared_samples() -> Path:
    """The evaluation-format samples, copied into ``tests/data/eval-samples``."""
    return Path(__file__).resolve().parents[2] / "data" / "eval-samples"


@pytest.fixture(scope="session")
def extractor() -> IntentExtractor:
    """The extractor with the shipped packs, pipelines loaded."""
    built = IntentExtractor()
    built.warm_up()
    return built
