"""The examples in the adapters' docstrings run as written."""

import doctest
import importlib

import pytest


@pytest.mark.parametrize(
    "module",
    [
        "memory_plugins.adapters",
        "memory_plugins.adapters.langgraph",
        "memory_plugins.adapters.langchain",
        "memory_plugins.adapters.llamaindex",
        "memory_plugins.adapters.langchain_agent",
        "memory_plugins.adapters.langchain_tools",
        "memory_plugins.tools",
        "memory_plugins.testing_llamaindex",
    ],
)
def test_docstring_examples(module: str) -> None:
    result = doctest.testmod(importlib.import_module(module), optionflags=doctest.ELLIPSIS)
    assert result.failed == 0
