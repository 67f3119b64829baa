"""The examples in the semantic channel's and the LoCoMo bench's docstrings run and stay true."""

import doctest
import importlib

import pytest

MODULES = [
    "memory_plugins.semantic",
    "memory_plugins.embedders",
    "memory_plugins.config",
    "memory_plugins.bench.bench_locomo",
]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str) -> None:
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert result.failed == 0 and result.attempted > 0


def test_hashing_embeddings_example() -> None:
    from memory_plugins import testing

    tests = doctest.DocTestFinder().find(testing.HashingEmbeddings, globs=vars(testing))
    runner = doctest.DocTestRunner()
    for test in tests:
        runner.run(test)
    assert runner.failures == 0 and runner.tries > 0
