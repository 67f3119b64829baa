"""The examples in the slice modules' docstrings run and stay true."""

import doctest
import importlib
import pkgutil

import pytest

import memory_plugins.slices

MODULES = sorted(
    f"memory_plugins.slices.{info.name}"
    for info in pkgutil.iter_modules(memory_plugins.slices.__path__)
)


def test_every_module_is_covered() -> None:
    assert {"memory_plugins.slices.anchors", "memory_plugins.slices.memory"} <= set(MODULES)
    assert len(MODULES) >= 18


@pytest.mark.parametrize("name", ["memory_plugins.slices", *MODULES])
def test_docstring_examples(name: str) -> None:
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert result.failed == 0
