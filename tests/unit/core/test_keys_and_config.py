"""Stable keys and configuration validation."""

import pytest

from memory_plugins import ConfigurationError, MemoryConfig, MemoryType
from memory_plugins.candidate import Identity
from memory_plugins.keys import stable_key
from memory_plugins.namespaces import memory_namespace, principal_hash


@pytest.mark.parametrize(
    ("identity", "expected"),
    [
        ({"subject": "桃子", "polarity": "prefer"}, "user_preference:prefer-桃子"),
        (
            {"subject": "  Oolong   Tea! ", "polarity": "prefer"},
            "user_preference:prefer-oolong-tea",
        ),
        ({"subject": "ＶＳＣｏｄｅ", "polarity": "avoid"}, "user_preference:avoid-vscode"),
        ({"subject": "C++", "polarity": "prefer"}, "user_preference:prefer-c++"),
        (
            {"subject": "前端工程师", "facet": "Windows PowerShell"},
            "user_preference:前端工程师--windows-powershell",
        ),
    ],
)
def test_stable_key_normalisation(identity: dict[str, str], expected: str) -> None:
    assert stable_key(MemoryType.USER_PREFERENCE, Identity.model_validate(identity)) == expected


def test_same_identity_same_key_and_bounded_length() -> None:
    long = Identity(subject="x" * 120, facet="y" * 120)
    key = stable_key(MemoryType.PROJECT_CONTEXT, long)
    assert key == stable_key(MemoryType.PROJECT_CONTEXT, long)
    assert len(key) <= len("project_context:") + 2 * 48 + 2
    other = Identity(subject="x" * 119 + "z", facet="y" * 120)
    assert stable_key(MemoryType.PROJECT_CONTEXT, other) != key


def test_principal_hash_is_keyed_and_never_raw() -> None:
    cfg = MemoryConfig(principal_secret="0123456789abcdef")
    other = MemoryConfig(principal_secret="fedcba9876543210")
    ns = memory_namespace(cfg, "alice")
    assert ns[:3] == ("memory-plugins", "user-memory", "v1")
    assert "alice" not in "".join(ns)
    assert principal_hash(cfg, "alice") != principal_hash(other, "alice")
    assert principal_hash(cfg, "alice") != principal_hash(cfg, "alice ")


@pytest.mark.parametrize(
    "kwargs",
    [
        {"principal_secret": "short"},
        {"principal_secret": "0123456789abcdef", "app": ""},
        {"principal_secret": "0123456789abcdef", "app": "a.b"},
        {"principal_secret": "0123456789abcdef", "min_confidence": 1.5},
    ],
)
def test_bad_configuration_is_a_clear_error(kwargs: dict[str, object]) -> None:
    with pytest.raises(ConfigurationError):
        MemoryConfig(**kwargs)  # type: ignore[arg-type]


def test_empty_principal_is_refused() -> None:
    with pytest.raises(ConfigurationError, match="principal"):
        principal_hash(MemoryConfig(principal_secret="0123456789abcdef"), "")


def test_a_refused_principal_is_refused_on_every_call() -> None:
    cfg = MemoryConfig(principal_secret="0123456789abcdef")
    for _ in range(2):  # a refusal is never remembered as a hash
        with pytest.raises(ConfigurationError, match="blank"):
            principal_hash(cfg, "   ")
    again = MemoryConfig(principal_secret="0123456789abcdef", app="another-app")
    assert principal_hash(cfg, "bob") == principal_hash(again, "bob")  # the secret keys it
