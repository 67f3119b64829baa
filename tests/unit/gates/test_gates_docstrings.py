"""The runnable examples in the gate detectors' docstrings stay runnable."""

import doctest
import importlib

import pytest

MODULES = [
    "memory_plugins.gates.contact",
    "memory_plugins.gates.context",
    "memory_plugins.gates.detectors",
    "memory_plugins.gates.identifiers",
    "memory_plugins.gates.instruction",
    "memory_plugins.gates.labelled",
    "memory_plugins.gates.pipeline",
    "memory_plugins.gates.runtime",
    "memory_plugins.gates.secrets",
    "memory_plugins.gates.sensitive",
    "memory_plugins.gates.textfold",
]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str) -> None:
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert result.failed == 0
    assert result.attempted > 0
