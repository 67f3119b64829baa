"""The runnable examples in the extraction docstrings stay runnable."""

import doctest
import importlib

import pytest

MODULES = [
    "memory_plugins.extraction",
    "memory_plugins.extraction.bounds",
    "memory_plugins.extraction.eligibility",
    "memory_plugins.extraction.extractor",
    "memory_plugins.extraction.prompt",
    "memory_plugins.extraction.promotion",
    "memory_plugins.extraction.queue",
    "memory_plugins.extraction.turn",
    "memory_plugins.testing_models",
]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str) -> None:
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert result.failed == 0
    assert result.attempted > 0
