"""Scopes, declared metadata and filters: what is refused at once, and what never collides."""

from datetime import UTC, datetime

import pytest

from memory_plugins import ConfigurationError, MemoryConfig, RecordFilter, Scope
from memory_plugins.candidate import MemoryCandidate, MemoryRecord, example_candidate
from memory_plugins.errors import WrongTypeError
from memory_plugins.namespaces import agent_namespace, memory_namespace, org_namespace

CFG = MemoryConfig(principal_secret="0123456789abcdef", org_scope=True)


def test_scopes_refuse_what_names_no_one() -> None:
    with pytest.raises(ConfigurationError, match="agent id is blank"):
        Scope.for_agent("  ", user="alice")
    with pytest.raises(WrongTypeError, match="agent id must be a str"):
        Scope.for_agent(7, user="alice")  # type: ignore[arg-type]
    with pytest.raises(ConfigurationError, match="needs the user"):
        Scope("agent", agent_id="planner")
    with pytest.raises(ConfigurationError, match="only the organisation"):
        Scope("org", "alice", org_id="acme")
    with pytest.raises(WrongTypeError):
        Scope.for_user(42)  # type: ignore[arg-type]


def test_no_user_id_spells_an_assistants_or_an_orgs_namespace() -> None:
    agent = agent_namespace(CFG, "a", "u")
    org = org_namespace(CFG, "acme")
    # Ids built to look like the hashed payloads still land elsewhere (separate keys per kind).
    for spelled in ('["a", "u"]', '["a","u"]', "a", "u", '["acme"]', "acme"):
        user = memory_namespace(CFG, spelled)
        assert user[3] not in {agent[3], org[3]}
    assert agent_namespace(CFG, "a", "bu") != agent_namespace(CFG, "ab", "u")
    assert org_namespace(CFG, "acme") != org_namespace(CFG, "acme ")
    off = MemoryConfig(principal_secret="0123456789abcdef")
    with pytest.raises(ConfigurationError, match="org_scope=True"):
        org_namespace(off, "acme")


def test_a_metadata_schema_must_declare_its_keys() -> None:
    for schema, message in (
        ({"type": "string"}, "object schema declaring its keys"),
        ({"type": "object"}, "object schema declaring its keys"),
        (
            {"type": "object", "properties": {}, "additionalProperties": True},
            "additionalProperties must be false",
        ),
        ({"type": "object", "properties": {"p": {"type": "strin"}}}, "metadata_schema"),
    ):
        with pytest.raises(ConfigurationError, match=message):
            MemoryConfig(principal_secret="0123456789abcdef", metadata_schema=schema)
    with pytest.raises(WrongTypeError):
        MemoryConfig(principal_secret="0123456789abcdef", metadata_schema="{}")  # type: ignore[arg-type]


def test_metadata_values_are_flat_and_bounded() -> None:
    for bad in ({"p": {"nested": 1}}, {"p": [1]}, {"p": float("nan")}, {"": "x"}, {"p": "x" * 201}):
        with pytest.raises(ValueError):
            MemoryCandidate.model_validate(example_candidate(metadata=bad))
    kept = MemoryCandidate.model_validate(example_candidate(metadata={"p": 1, "q": True}))
    assert kept.to_json()["metadata"] == {"p": 1, "q": True}
    assert "metadata" not in MemoryCandidate.model_validate(example_candidate()).to_json()


def _record(**metadata: object) -> MemoryRecord:
    data = {
        "key": "user_preference:prefer-tea",
        "type": "user_preference",
        "text": "The user likes tea.",
        "tags": ["tea", "drinks"],
        "confidence": 0.9,
        "identity": {"subject": "tea", "polarity": "prefer"},
        "status": "active",
        "source_conversation_id": "c",
        "source_signal": "explicit_memory_intent",
        "created_at": "2026-03-01T12:00:00+00:00",
        "metadata": metadata,
    }
    return MemoryRecord.from_json(data)


def test_filters_compare_values_by_kind_and_refuse_unknown_fields() -> None:
    assert RecordFilter(metadata={"n": 1}).matches(_record(n=1))
    assert RecordFilter(metadata={"n": 1.0}).matches(_record(n=1))
    assert not RecordFilter(metadata={"n": True}).matches(_record(n=1))  # True is not 1
    assert not RecordFilter(metadata={"n": "1"}).matches(_record(n=1))
    assert not RecordFilter(metadata={"n": 1}).matches(_record())
    assert RecordFilter(tags=("tea",), types={"user_preference"}).matches(_record())
    assert not RecordFilter(tags=("tea", "work")).matches(_record())
    moment = datetime(2026, 3, 1, 12, tzinfo=UTC)
    assert RecordFilter(created_after=moment).matches(_record())
    assert not RecordFilter(created_before=moment).matches(_record())
    with pytest.raises(ConfigurationError, match="unknown field"):
        from memory_plugins.filters import as_filter

        as_filter({"tag": "tea"})
    with pytest.raises(WrongTypeError, match="values are strings, numbers or booleans"):
        RecordFilter(metadata={"n": {"x": 1}})
