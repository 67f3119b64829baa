"""memory_plugins: validated long-term memory for LLM agents."""

from memory_plugins.candidate import (
    Action,
    Identity,
    MemoryCandidate,
    MemoryRecord,
    MemoryType,
    Polarity,
    RecordStatus,
    SourceSignal,
    Stability,
)
from memory_plugins.config import CacheConfig, MemoryConfig, RecallConfig, SliceConfig
from memory_plugins.errors import (
    ConfigurationError,
    InvalidTokenError,
    MemoryPluginsError,
    MissingExtraError,
    SnapshotValidationError,
    StoreUnavailableError,
)
from memory_plugins.gates import GateDecision, RejectCode, evaluate
from memory_plugins.keys import stable_key

__all__ = [
    "Action",
    "CacheConfig",
    "ConfigurationError",
    "GateDecision",
    "Identity",
    "InvalidTokenError",
    "MemoryCandidate",
    "MemoryConfig",
    "MemoryPluginsError",
    "MemoryRecord",
    "MemoryType",
    "MissingExtraError",
    "Polarity",
    "RecallConfig",
    "RecordStatus",
    "RejectCode",
    "SliceConfig",
    "SnapshotValidationError",
    "SourceSignal",
    "Stability",
    "StoreUnavailableError",
    "evaluate",
    "stable_key",
]
