"""The examples in the recall modules' docstrings run and stay true."""

import doctest
import importlib

import pytest

MODULES = [
    "memory_plugins.recall.explain",
    "memory_plugins.recall.features",
    "memory_plugins.recall.index",
    "memory_plugins.recall.injection",
    "memory_plugins.wordlists",
    "memory_plugins.recall.query",
    "memory_plugins.recall.quoting",
    "memory_plugins.recall.scoring",
    "memory_plugins.recall.text",
    "memory_plugins.recall.types",
    "memory_plugins.recall.vectors",
]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str) -> None:
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert result.failed == 0 and result.attempted > 0
