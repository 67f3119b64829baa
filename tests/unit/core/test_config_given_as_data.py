"""Settings given the way a newcomer writes them: nested dicts, numbers for lifetimes."""

from datetime import timedelta

import pytest
from langgraph.store.memory import InMemoryStore

from memory_plugins import (
    CacheConfig,
    ConfigurationError,
    GateConfig,
    MemoryConfig,
    MemoryEngine,
    RecallConfig,
)
from memory_plugins.errors import WrongTypeError
from memory_plugins.testing import candidate

SECRET = "a-long-random-secret"


def test_nested_dicts_are_validated_into_their_classes_and_work() -> None:
    config = MemoryConfig(
        principal_secret=SECRET,
        recall={"max_records": 1},
        gates={"disable": ["phone_number"]},
        cache={"max_namespaces": 2},
        slices={"default_ttl": timedelta(days=2)},
    )
    assert isinstance(config.recall, RecallConfig) and config.recall.max_records == 1
    assert config.gates == GateConfig(disable=frozenset({"phone_number"}))
    assert isinstance(config.cache, CacheConfig) and config.cache.max_namespaces == 2
    with MemoryEngine(InMemoryStore(), config) as engine:  # used at construction and per call
        green = candidate(
            text="The user likes green tea.",
            tags=["green", "tea"],
            identity={"subject": "green tea", "polarity": "prefer"},
        )
        engine.remember("alice", [candidate(), green], source_conversation_id="c-1")
        assert len(engine.recall("alice", "which tea: oolong or green tea?").hits) == 1


@pytest.mark.parametrize("name", ["recall", "gates", "cache", "slices"])
def test_an_unknown_nested_field_is_refused_naming_the_class(name: str) -> None:
    with pytest.raises(ConfigurationError, match=r"max_recs.*takes") as raised:
        MemoryConfig(principal_secret=SECRET, **{name: {"max_recs": 5}})  # type: ignore[arg-type]
    assert type(MemoryConfig(principal_secret=SECRET).__getattribute__(name)).__name__ in str(
        raised.value
    )


def test_a_nested_setting_of_another_kind_names_the_class_to_use() -> None:
    with pytest.raises(WrongTypeError, match=r"recall=RecallConfig\(\.\.\.\)"):
        MemoryConfig(principal_secret=SECRET, recall=5)  # type: ignore[arg-type]


@pytest.mark.parametrize("value", [3600, 3600.0, "1h"])
def test_a_lifetime_without_a_unit_is_refused_naming_timedelta(value: object) -> None:
    with pytest.raises(WrongTypeError, match=r"record_ttl takes a datetime\.timedelta"):
        MemoryConfig(principal_secret=SECRET, record_ttl=value)  # type: ignore[arg-type]
    with pytest.raises(WrongTypeError, match=r"CacheConfig\.ttl takes a datetime\.timedelta"):
        CacheConfig(ttl=value)  # type: ignore[arg-type]


def test_a_secret_of_the_wrong_type_says_str_or_bytes() -> None:
    with pytest.raises(WrongTypeError, match="must be str or bytes, got int"):
        MemoryConfig(principal_secret=123)  # type: ignore[arg-type]
