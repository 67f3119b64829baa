"""Namespaces: where a principal's data lives in a LangGraph ``BaseStore`` (S3).

The principal never appears raw: it is an HMAC-SHA256 of the principal id under the
configured secret, so two principals never share a namespace and ids that are string
prefixes of each other yield unrelated, fixed-length hashes.

>>> from memory_plugins import MemoryConfig
>>> cfg = MemoryConfig(principal_secret="0123456789abcdef")
>>> ns = memory_namespace(cfg, "alice")
>>> ns[:3], len(ns[3])
(('memory-plugins', 'user-memory', 'v1'), 64)
"""

import hashlib
import hmac
import json
import unicodedata

from memory_plugins.config import MemoryConfig
from memory_plugins.errors import ConfigurationError, WrongTypeError
from memory_plugins.recall.quoting import is_invisible

__all__ = [
    "AGENT_SEGMENT",
    "CHANGE_TOKEN_KEY",
    "MEMORY_SEGMENT",
    "ORG_SEGMENT",
    "SCHEMA_SEGMENT",
    "SCOPE_SEGMENTS",
    "SLICE_SEGMENT",
    "STATE_SEGMENT",
    "agent_namespace",
    "check_principal_id",
    "check_scope_id",
    "memory_namespace",
    "org_namespace",
    "principal_hash",
    "slice_namespace",
    "state_namespace",
]

MEMORY_SEGMENT = "user-memory"
AGENT_SEGMENT = "agent-memory"
ORG_SEGMENT = "org-memory"
SCOPE_SEGMENTS = {"user": MEMORY_SEGMENT, "agent": AGENT_SEGMENT, "org": ORG_SEGMENT}
"""The namespace segment of each memory scope's records."""
SLICE_SEGMENT = "user-slices"
STATE_SEGMENT = "user-memory-state"
SCHEMA_SEGMENT = "v1"
CHANGE_TOKEN_KEY = "change-token"
MAX_PRINCIPAL_CHARS = 1024


def check_principal_id(principal: object) -> str | None:
    """What is wrong with ``principal`` as a principal id, or ``None`` when it is usable.

    The one rule every entry point applies (engine, token ``sub``, extraction queue): a
    non-empty string with a visible character, at most 1,024 chars, valid Unicode. Ids
    are otherwise compared exactly: no trimming, case folding or normalisation.

    >>> check_principal_id("alice") is None, check_principal_id("  ")
    (True, 'principal id is blank (only whitespace)')
    """
    if not isinstance(principal, str) or not principal:
        return "principal must be a non-empty string (the verified user or session id)"
    if not principal.strip():
        return "principal id is blank (only whitespace)"
    if all(ch.isspace() or is_invisible(ch) for ch in principal):
        return "principal id has no visible character (only zero-width or other invisible ones)"
    if len(principal) > MAX_PRINCIPAL_CHARS:
        return f"principal id is longer than {MAX_PRINCIPAL_CHARS} chars"
    if any(unicodedata.category(ch) == "Cs" for ch in principal):
        return "principal id contains unpaired surrogates"
    return None


def principal_hash(config: MemoryConfig, principal: str) -> str:
    """HMAC-SHA256 (hex) of the principal id. Ids are compared exactly, code point by code point."""
    if not isinstance(principal, str):
        raise WrongTypeError(
            f"principal must be the user id (a str) or a Principal from KeyRing.verify, "
            f"got {type(principal).__name__}"
        )
    problem = check_principal_id(principal)
    if problem is not None:
        raise ConfigurationError(problem)
    return hmac.new(config.secret_bytes, principal.encode("utf-8"), hashlib.sha256).hexdigest()


def memory_namespace(config: MemoryConfig, principal: str) -> tuple[str, ...]:
    """``(app, "user-memory", "v1", principal_hash)``."""
    return (config.app, MEMORY_SEGMENT, SCHEMA_SEGMENT, principal_hash(config, principal))


def check_scope_id(value: object, what: str) -> str:
    """``value`` as an agent or organisation id: the rule principal ids follow (a non-empty
    string with a visible character, at most 1,024 chars), else ``ConfigurationError``.

    >>> check_scope_id("planner", "agent id")
    'planner'
    """
    if not isinstance(value, str):
        raise WrongTypeError(f"the {what} must be a str, got {type(value).__name__}")
    problem = check_principal_id(value)
    if problem is not None:
        raise ConfigurationError(f"{what}: {problem.replace('principal id', what)}")
    return value


def _scope_hash(config: MemoryConfig, kind: str, parts: list[str]) -> str:
    # A key per scope kind (derived from the secret) and a JSON array of the ids: two
    # different (kind, ids) never hash alike, and no user id can spell an agent's pair.
    key = hmac.new(config.secret_bytes, f"memory-plugins/scope/{kind}".encode(), hashlib.sha256)
    body = json.dumps(parts, ensure_ascii=False).encode("utf-8")
    return hmac.new(key.digest(), body, hashlib.sha256).hexdigest()


def agent_namespace(config: MemoryConfig, agent: str, principal: str) -> tuple[str, ...]:
    """``(app, "agent-memory", "v1", hash(agent, principal))``: what one assistant keeps
    about one user, apart from the user's own memories and from every other assistant's.

    >>> from memory_plugins import MemoryConfig
    >>> cfg = MemoryConfig(principal_secret="0123456789abcdef")
    >>> agent_namespace(cfg, "planner", "alice")[:3]
    ('memory-plugins', 'agent-memory', 'v1')
    >>> agent_namespace(cfg, "planner", "alice") != agent_namespace(cfg, "coder", "alice")
    True
    """
    principal_hash(config, principal)  # the principal id's own checks and messages
    parts = [check_scope_id(agent, "agent id"), principal]
    return (config.app, AGENT_SEGMENT, SCHEMA_SEGMENT, _scope_hash(config, "agent", parts))


def org_namespace(config: MemoryConfig, org: str) -> tuple[str, ...]:
    """``(app, "org-memory", "v1", hash(org))``: memories shared by every user of an
    organisation or team. Only a deployment that opts in (``MemoryConfig(org_scope=True)``)
    has them; otherwise this raises ``ConfigurationError``."""
    if not config.org_scope:
        raise ConfigurationError(
            "the shared organisation scope is off: a deployment opts into it with "
            "MemoryConfig(org_scope=True)"
        )
    parts = [check_scope_id(org, "organisation id")]
    return (config.app, ORG_SEGMENT, SCHEMA_SEGMENT, _scope_hash(config, "org", parts))


def state_namespace(memory_ns: tuple[str, ...]) -> tuple[str, ...]:
    """``(app, "user-memory-state", "v1", principal_hash)``: bookkeeping beside the records
    (``agent-memory-state`` / ``org-memory-state`` beside those scopes' records)."""
    app, segment, schema, digest = memory_ns
    state = STATE_SEGMENT if segment == MEMORY_SEGMENT else f"{segment}-state"
    return (app, state, schema, digest)


def slice_namespace(config: MemoryConfig, principal: str, slice_type: str) -> tuple[str, ...]:
    """``(app, "user-slices", "v1", principal_hash, slice_type)`` for structured slices (S6)."""
    if not slice_type or "." in slice_type:
        raise ConfigurationError("slice_type must be a non-empty label without '.'")
    return (
        config.app,
        SLICE_SEGMENT,
        SCHEMA_SEGMENT,
        principal_hash(config, principal),
        slice_type,
    )
