"""Declared metadata: the keys and values an application attaches to memories.

A candidate may carry ``metadata`` (``{"project": "apollo", "priority": 2}``) only when the
configuration declares those keys in a JSON Schema (``MemoryConfig.metadata_schema``);
the strict S1 schema refuses everything else. Keys a schema does not declare are always
refused, whatever its ``additionalProperties`` says. Metadata strings are stored strings
like any other: the write gates inspect them (a secret in a value is refused).

>>> schema = {"type": "object", "properties": {"project": {"type": "string"}}}
>>> metadata_problem({"project": "apollo"}, schema) is None
True
>>> metadata_problem({"team": "x"}, schema)
"metadata: Additional properties are not allowed ('team' was unexpected)"
"""

import importlib
import json
from collections.abc import Mapping
from functools import lru_cache
from typing import Any

from memory_plugins.errors import ConfigurationError, WrongTypeError

__all__ = ["check_metadata_schema", "metadata_problem"]


def check_metadata_schema(schema: object) -> None:
    """Refuse a schema that is not a JSON Schema of an object with declared ``properties``,
    or that lets undeclared keys in (``ConfigurationError`` naming what is wrong)."""
    if not isinstance(schema, Mapping):
        raise WrongTypeError(
            f"MemoryConfig.metadata_schema takes a JSON Schema (a dict), got "
            f"{type(schema).__name__}"
        )
    if schema.get("type") != "object" or not isinstance(schema.get("properties"), Mapping):
        raise ConfigurationError(
            "MemoryConfig.metadata_schema must be an object schema declaring its keys: "
            '{"type": "object", "properties": {"project": {"type": "string"}}}'
        )
    if schema.get("additionalProperties", False) is not False:
        raise ConfigurationError(
            "MemoryConfig.metadata_schema: additionalProperties must be false (or left "
            "out): metadata keys are declared, never free"
        )
    try:
        text = json.dumps(schema, sort_keys=True)
    except (TypeError, ValueError) as exc:
        raise ConfigurationError(f"MemoryConfig.metadata_schema is not JSON: {exc}") from exc
    errors = importlib.import_module("jsonschema").exceptions.SchemaError
    try:
        _validator(text)
    except errors as exc:
        raise ConfigurationError(f"MemoryConfig.metadata_schema: {exc.message}") from exc


@lru_cache(maxsize=32)
def _validator(text: str) -> Any:
    # Imported by name on first use: the project carries no jsonschema stubs.
    validator_class = importlib.import_module("jsonschema").Draft202012Validator
    schema = json.loads(text)
    schema["additionalProperties"] = False
    validator_class.check_schema(schema)
    return validator_class(schema)


def metadata_problem(metadata: Mapping[str, Any], schema: Mapping[str, Any] | None) -> str | None:
    """Why ``metadata`` may not be stored under ``schema`` (``MemoryConfig.metadata_schema``;
    ``None``: no metadata), or ``None`` when it may."""
    if not metadata:
        return None
    if schema is None:
        return (
            f"metadata: key {sorted(metadata)[0]!r} is not declared; declare metadata keys "
            "with MemoryConfig(metadata_schema=...)"
        )
    validator = _validator(json.dumps(schema, sort_keys=True))
    errors = sorted(validator.iter_errors(dict(metadata)), key=lambda e: list(e.absolute_path))
    if not errors:
        return None
    first = errors[0]
    path = ".".join(str(part) for part in first.absolute_path)
    return f"metadata{'.' + path if path else ''}: {first.message}"
