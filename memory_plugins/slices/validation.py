"""The versioned JSON Schemas of slices (``schemas/<kind>.v<N>.json``) and their validation.

Schemas are data shipped with the package; each kind carries its version in its name,
so a stored slice says which schema it was validated against.

>>> validate_slice("constraint_snapshot.v1", {"max_count": 3})
>>> try:
...     validate_slice("constraint_snapshot.v1", {"max_count": 0})
... except SnapshotValidationError as exc:
...     print(exc)
constraint_snapshot.v1: max_count: 0 is less than the minimum of 1
"""

import importlib
import json
import threading
from functools import cache
from importlib import resources
from typing import Any

from memory_plugins.errors import ConfigurationError, SnapshotValidationError

__all__ = ["SCHEMA_NAMES", "load_schema", "schema_errors", "validate_slice"]

SCHEMA_NAMES = (
    "constraint_snapshot.v1",
    "domain_pack.v1",
    "feedback_signal.v1",
    "intent_anchor.v1",
)
"""Every schema shipped in ``memory_plugins/slices/schemas/``."""

_lock = threading.Lock()


@cache
def load_schema(name: str) -> dict[str, Any]:
    """The parsed schema ``name`` (e.g. ``"constraint_snapshot.v1"``)."""
    if name not in SCHEMA_NAMES:
        raise ConfigurationError(
            f"unknown slice schema {name!r}; known schemas: {', '.join(SCHEMA_NAMES)}"
        )
    text = (
        resources.files("memory_plugins.slices")
        .joinpath(f"schemas/{name}.json")
        .read_text(encoding="utf-8")
    )
    schema: dict[str, Any] = json.loads(text)
    return schema


@cache
def _validator(name: str) -> Any:
    # jsonschema is imported on first validation: ``import memory_plugins`` stays light.
    with _lock:
        # Imported by name: the project carries no jsonschema stubs, the validator is untyped.
        validator_class = importlib.import_module("jsonschema").Draft202012Validator
        schema = load_schema(name)
        validator_class.check_schema(schema)
        return validator_class(schema)


def schema_errors(name: str, instance: object) -> list[str]:
    """Every violation of schema ``name`` as ``path: message`` lines (empty when valid)."""
    errors = sorted(_validator(name).iter_errors(instance), key=lambda e: list(e.absolute_path))
    messages = []
    for error in errors:
        path = "/".join(str(part) for part in error.absolute_path)
        messages.append(f"{path}: {error.message}" if path else str(error.message))
    return messages


def validate_slice(name: str, instance: object) -> None:
    """Raise :class:`SnapshotValidationError` with the schema's message when invalid."""
    errors = schema_errors(name, instance)
    if errors:
        raise SnapshotValidationError(f"{name}: {'; '.join(errors)}")
