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
from memory_plugins.engine import MemoryEngine, RecallResult
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
from memory_plugins.outcomes import EngineStats, OutcomeStatus, WriteOutcome
from memory_plugins.recall.types import Consideration, Ranking, RecallHit, SkipReason

__all__ = [
    "Action",
    "CacheConfig",
    "ConfigurationError",
    "Consideration",
    "EngineStats",
    "GateDecision",
    "Identity",
    "InvalidTokenError",
    "MemoryCandidate",
    "MemoryConfig",
    "MemoryEngine",
    "MemoryPluginsError",
    "MemoryRecord",
    "MemoryType",
    "MissingExtraError",
    "OutcomeStatus",
    "Polarity",
    "Ranking",
    "RecallConfig",
    "RecallHit",
    "RecallResult",
    "RecordStatus",
    "RejectCode",
    "SkipReason",
    "SliceConfig",
    "SnapshotValidationError",
    "SourceSignal",
    "Stability",
    "StoreUnavailableError",
    "WriteOutcome",
    "evaluate",
    "stable_key",
]
