"""S4 extraction: the model proposes candidates after each eligible turn, the gates decide.

Importing this package loads no LangChain: a chat model is passed in by the caller.

>>> from langgraph.store.memory import InMemoryStore
>>> from memory_plugins import MemoryConfig, MemoryEngine
>>> from memory_plugins.extraction import ExtractionQueue, MemoryExtractor, TurnInput
>>> from memory_plugins.testing import ScriptedChatModel
>>> engine = MemoryEngine(InMemoryStore(), MemoryConfig(principal_secret="0123456789abcdef"))
>>> with ExtractionQueue(engine, MemoryExtractor(ScriptedChatModel(responses=['{"candidates": []}']))) as queue:
...     queue.submit(TurnInput("alice", "c-1", "What is 2 + 2?", "4."))
...     queue.flush()
True
True
"""

from memory_plugins.extraction.bounds import BoundedTurn, bound_turn
from memory_plugins.extraction.eligibility import is_eligible
from memory_plugins.extraction.extractor import (
    Extraction,
    ExtractionMethod,
    MemoryExtractor,
    parse_response,
)
from memory_plugins.extraction.promotion import derive_candidate, promote_pinned_decisions
from memory_plugins.extraction.prompt import (
    CANDIDATES_SCHEMA,
    CUE_INSTRUCTIONS,
    SYSTEM_PROMPT,
    estimate_tokens,
    render_messages,
)
from memory_plugins.extraction.queue import ExtractionQueue, JobResult
from memory_plugins.extraction.turn import ELIGIBLE_TURN_KINDS, TurnInput

__all__ = [
    "CANDIDATES_SCHEMA",
    "CUE_INSTRUCTIONS",
    "ELIGIBLE_TURN_KINDS",
    "SYSTEM_PROMPT",
    "BoundedTurn",
    "Extraction",
    "ExtractionMethod",
    "ExtractionQueue",
    "JobResult",
    "MemoryExtractor",
    "TurnInput",
    "bound_turn",
    "derive_candidate",
    "estimate_tokens",
    "is_eligible",
    "parse_response",
    "promote_pinned_decisions",
    "render_messages",
]
