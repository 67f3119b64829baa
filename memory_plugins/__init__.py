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
from memory_plugins.config import CacheConfig, GateConfig, MemoryConfig, RecallConfig, SliceConfig
from memory_plugins.engine import MemoryEngine, RecallResult
from memory_plugins.errors import (
    ConfigurationError,
    InvalidTokenError,
    MemoryPluginsError,
    MissingExtraError,
    SnapshotValidationError,
    StoreUnavailableError,
    WrongTypeError,
)
from memory_plugins.extraction import (
    ExtractionQueue,
    MemoryExtractor,
    TurnInput,
    derive_candidate,
    is_eligible,
    promote_pinned_decisions,
)
from memory_plugins.gates import GateDecision, RejectCode, evaluate
from memory_plugins.keys import stable_key
from memory_plugins.outcomes import EngineStats, OutcomeStatus, WriteOutcome
from memory_plugins.principals import KeyRing, Principal, PrincipalLike
from memory_plugins.recall.explain import format_explanation
from memory_plugins.recall.injection import (
    MEMORY_MESSAGE_NAME,
    insert_memory_message,
    render_memory_message,
)
from memory_plugins.recall.types import Consideration, Ranking, RecallHit, SkipReason
from memory_plugins.slices import (
    ConstraintSnapshot,
    IntentAnchor,
    IntentExtractor,
    SliceMemory,
    Violation,
    check_output,
    extract_constraints,
    extract_intent,
)

__all__ = [
    "MEMORY_MESSAGE_NAME",
    "Action",
    "CacheConfig",
    "ConfigurationError",
    "Consideration",
    "ConstraintSnapshot",
    "EngineStats",
    "ExtractionQueue",
    "GateConfig",
    "GateDecision",
    "Identity",
    "IntentAnchor",
    "IntentExtractor",
    "InvalidTokenError",
    "KeyRing",
    "MemoryCandidate",
    "MemoryConfig",
    "MemoryEngine",
    "MemoryExtractor",
    "MemoryPluginsError",
    "MemoryRecord",
    "MemoryType",
    "MissingExtraError",
    "OutcomeStatus",
    "Polarity",
    "Principal",
    "PrincipalLike",
    "Ranking",
    "RecallConfig",
    "RecallHit",
    "RecallResult",
    "RecordStatus",
    "RejectCode",
    "SkipReason",
    "SliceConfig",
    "SliceMemory",
    "SnapshotValidationError",
    "SourceSignal",
    "Stability",
    "StoreUnavailableError",
    "TurnInput",
    "Violation",
    "WriteOutcome",
    "WrongTypeError",
    "check_output",
    "derive_candidate",
    "evaluate",
    "extract_constraints",
    "extract_intent",
    "format_explanation",
    "insert_memory_message",
    "is_eligible",
    "promote_pinned_decisions",
    "render_memory_message",
    "stable_key",
]
