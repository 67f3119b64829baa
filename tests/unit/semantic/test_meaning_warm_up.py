"""A model that loads lazily is warmed when the engine starts, off the caller's thread."""

import logging
import threading
import time
from typing import Any

import pytest
from langgraph.store.memory import InMemoryStore

from memory_plugins import MemoryConfig, MemoryEngine
from memory_plugins.semantic import FunctionEmbeddings
from memory_plugins.testing import HashingEmbeddings, candidate

CONFIG = MemoryConfig(principal_secret="meaning-warm-secret-01", store_deadline_ms=400)


class LoadingModel:
    """A model whose weights take ``load`` seconds to load, the first time only."""

    def __init__(self) -> None:
        self.loaded = threading.Event()
        self.may_load = threading.Event()
        self.warmed_on: str | None = None
        self._inner = HashingEmbeddings()

    def warm(self) -> None:
        self.warmed_on = threading.current_thread().name
        self.may_load.wait(10)
        self.loaded.set()

    def __call__(self, texts: list[str]) -> list[list[float]]:
        self.loaded.wait(10)
        return self._inner.embed_documents(texts)


def _embedder(model: LoadingModel) -> Any:
    return FunctionEmbeddings(model, name="loading-model", warm=model.warm)


def _notes(caplog: pytest.LogCaptureFixture) -> list[str]:
    return [r.getMessage() for r in caplog.records if r.levelno >= logging.INFO]


def test_while_the_model_loads_one_warning_and_vectors_follow(
    caplog: pytest.LogCaptureFixture,
) -> None:
    caplog.set_level(logging.INFO, "memory_plugins")
    model = LoadingModel()
    with MemoryEngine(InMemoryStore(), CONFIG, embeddings=_embedder(model)) as engine:
        deadline = time.monotonic() + 5
        while model.warmed_on is None and time.monotonic() < deadline:
            time.sleep(0.01)
        assert model.warmed_on not in (None, threading.current_thread().name)
        outcome = engine.remember("alice", [candidate()], source_conversation_id="c-1")[0]
        assert str(outcome) == "added" and outcome.record is not None
        assert outcome.record.vector is None  # stored at once, without waiting for the model
        engine.remember("bob", [candidate()], source_conversation_id="c-1")
        said = [w for w in _notes(caplog) if "not ready" in w]
        assert len(said) == 1 and "once it is ready" in said[0], _notes(caplog)
        model.may_load.set()
        deadline = time.monotonic() + 5
        while time.monotonic() < deadline and engine.list_records("alice")[0].vector is None:
            time.sleep(0.02)
        assert engine.list_records("alice")[0].vector is not None  # no embed_missing call
        assert engine.list_records("bob")[0].vector is not None
    assert any("meaning channel ready" in r.getMessage() for r in caplog.records)


def test_recall_while_the_model_loads_uses_the_rules_and_says_so_once(
    caplog: pytest.LogCaptureFixture,
) -> None:
    store = InMemoryStore()
    ready = FunctionEmbeddings(HashingEmbeddings().embed_documents, name="loading-model")
    with MemoryEngine(store, CONFIG, embeddings=ready) as earlier:  # vectors already stored
        earlier.remember("alice", [candidate()], source_conversation_id="c-1")
    caplog.set_level(logging.INFO, "memory_plugins")
    model = LoadingModel()
    with MemoryEngine(store, CONFIG, embeddings=_embedder(model)) as engine:
        for _ in range(12):
            result = engine.recall("alice", "which oolong tea should I brew?")
            assert result.hits and result.degraded  # the rules still recall it
        said = [w for w in _notes(caplog) if "not ready" in w]
        assert len(said) == 1 and "recall runs on the rules alone" in said[0], said
        assert not [w for w in _notes(caplog) if "budget" in w]
        assert engine.stats.get("embedding_not_ready") == 12
        model.may_load.set()
        deadline = time.monotonic() + 5
        while time.monotonic() < deadline and not model.loaded.is_set():
            time.sleep(0.01)
        time.sleep(0.05)
        assert not engine.recall("alice", "which oolong tea should I brew?").degraded


def test_a_model_without_warm_is_used_at_once() -> None:
    embeddings = HashingEmbeddings()
    with MemoryEngine(InMemoryStore(), CONFIG, embeddings=embeddings) as engine:
        outcome = engine.remember("alice", [candidate()], source_conversation_id="c-1")[0]
        assert outcome.record is not None and outcome.record.vector is not None
