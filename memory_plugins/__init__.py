"""memory_plugins: validated long-term memory for LLM agents.

The names a user of the README needs live here. Everything else is reached through its
subpackage: :mod:`memory_plugins.extraction` (turning turns into candidates),
:mod:`memory_plugins.recall` (scoring, injection, explanations), :mod:`memory_plugins.gates`,
:mod:`memory_plugins.slices` (structured intent and constraint slices), the framework
adapters under :mod:`memory_plugins.adapters` and test doubles in :mod:`memory_plugins.testing`.
"""

from memory_plugins.backends import postgres_store, sqlite_store
from memory_plugins.candidate import MemoryCandidate, MemoryRecord, MemoryType, RecordStatus
from memory_plugins.config import CacheConfig, GateConfig, MemoryConfig, RecallConfig, SliceConfig
from memory_plugins.engine import MemoryEngine, RecallResult
from memory_plugins.errors import (
    ConfigurationError,
    EngineClosedError,
    InvalidTokenError,
    MemoryPluginsError,
    MissingExtraError,
    StoreUnavailableError,
)
from memory_plugins.filters import RecordFilter
from memory_plugins.gates.codes import RejectCode
from memory_plugins.outcomes import OutcomeStatus, WriteOutcome
from memory_plugins.principals import KeyRing, Principal, Scope

__all__ = [
    "CacheConfig",
    "ConfigurationError",
    "EngineClosedError",
    "GateConfig",
    "InvalidTokenError",
    "KeyRing",
    "MemoryCandidate",
    "MemoryConfig",
    "MemoryEngine",
    "MemoryPluginsError",
    "MemoryRecord",
    "MemoryType",
    "MissingExtraError",
    "OutcomeStatus",
    "Principal",
    "RecallConfig",
    "RecallResult",
    "RecordFilter",
    "RecordStatus",
    "RejectCode",
    "Scope",
    "SliceConfig",
    "StoreUnavailableError",
    "WriteOutcome",
    "postgres_store",
    "sqlite_store",
]
