"""Deterministic embedders for the semantic-channel tests: no model, no torch."""

import math
from collections.abc import Sequence
from datetime import UTC, datetime
from typing import Any

from langgraph.store.memory import InMemoryStore

from memory_plugins import MemoryConfig, MemoryEngine, RecallConfig
from memory_plugins.testing import FrozenClock
from memory_plugins.testing import candidate as make

NOW = datetime(2026, 3, 1, 12, 0, tzinfo=UTC)

# Axes of a tiny concept space; the last axis is a small shared background.
CONCEPTS = {
    "seafood": ("shellfish", "prawn", "shrimp", "lobster", "crab"),
    "music": ("cello", "violin", "concerto", "orchestra"),
    "rail": ("train", "rail", "railway", "sleeper"),
    "dog": ("dog", "puppy", "retriever", "leash"),
}


def concept_embed(texts: list[str]) -> list[list[float]]:
    """A plain embedding function: one axis per concept a text mentions (a paraphrase
    of a memory shares its axis without sharing its words)."""
    vectors = []
    for text in texts:
        lowered = text.lower()
        vector = [1.0 if any(w in lowered for w in words) else 0.0 for words in CONCEPTS.values()]
        vectors.append([*vector, 0.1])
    return vectors


class TableEmbeddings:
    """LangChain-shaped embeddings with chosen vectors per text (exact similarities)."""

    name = "table"

    def __init__(self, table: dict[str, Sequence[float]], default: Sequence[float]) -> None:
        self.table = table
        self.default = list(default)
        self.fail_documents = False
        self.fail_queries = False
        self.document_calls = 0
        self.query_calls = 0

    def embed_documents(self, texts: list[str]) -> list[list[float]]:
        self.document_calls += 1
        if self.fail_documents:
            raise RuntimeError("embedding service down")
        return [list(self.table.get(t, self.default)) for t in texts]

    def embed_query(self, text: str) -> list[float]:
        self.query_calls += 1
        if self.fail_queries:
            raise RuntimeError("embedding service down")
        return list(self.table.get(text, self.default))


def unit(*weights: float) -> list[float]:
    norm = math.sqrt(sum(w * w for w in weights))
    return [w / norm for w in weights]


def engine_with(embeddings: Any = None, **recall: Any) -> tuple[MemoryEngine, FrozenClock]:
    clock = FrozenClock(NOW)
    # What is recalled, not how fast: a busy machine must not run out the store's budget.
    recall.setdefault("time_budget_ms", 10_000.0)
    config = MemoryConfig(
        principal_secret="semantic-tests-secret-0123", recall=RecallConfig(**recall)
    )
    return MemoryEngine(InMemoryStore(), config, clock=clock, embeddings=embeddings), clock


def candidate(
    text: str, tags: list[str], kind: str = "user_preference", **extra: Any
) -> dict[str, Any]:
    identity: dict[str, Any] = {"subject": tags[0]}
    if kind == "user_preference":
        identity["polarity"] = "prefer"
    return make(type=kind, text=text, tags=tags, identity=identity, **extra)


SHELLFISH = candidate(
    "The user is allergic to shellfish; never suggest shellfish dishes.",
    ["shellfish", "allergy"],
    kind="recurring_constraint",
)
CELLO = candidate("The user practises the cello every evening.", ["cello", "practice"])
TRAINS = candidate("The user prefers trains over short flights.", ["trains", "flights"])
