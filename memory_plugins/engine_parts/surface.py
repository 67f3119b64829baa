"""What modules the engine calls on use of an engine: its surface, as a protocol.

:mod:`memory_plugins.portability` and :mod:`memory_plugins.extraction.cue_proposals` run
on a :class:`~memory_plugins.engine.MemoryEngine` and are run by it
(``engine.import_records``, ``engine.propose_cues``); typing them by this protocol, not by
the class, keeps the import graph one-way: the engine imports them, never the reverse.
"""

from collections.abc import Callable, Iterable, Mapping
from typing import Any, Literal, Protocol, TypeVar

from memory_plugins.candidate import MemoryCandidate, MemoryRecord
from memory_plugins.clock import Clock
from memory_plugins.config import MemoryConfig
from memory_plugins.engine_parts.vectors import VectorWork
from memory_plugins.engine_parts.writes import WritePath
from memory_plugins.outcomes import EngineStats, WriteOutcome
from memory_plugins.principals import PrincipalLike
from memory_plugins.semantic import Embeddings

__all__ = ["EngineSurface", "StatusFilter"]

StatusFilter = Literal["active", "suppressed", "all"]

T = TypeVar("T")


class EngineSurface(Protocol):
    """The members of :class:`~memory_plugins.engine.MemoryEngine` its helpers use."""

    config: MemoryConfig
    clock: Clock
    stats: EngineStats
    _write_path: WritePath
    _vectors: VectorWork

    @property
    def embeddings(self) -> Embeddings | None: ...

    def namespace(self, principal: PrincipalLike) -> tuple[str, ...]: ...

    def list_records(
        self, principal: PrincipalLike, status: StatusFilter = "active"
    ) -> list[MemoryRecord]: ...

    def remember(
        self,
        principal: PrincipalLike,
        candidates: Iterable[MemoryCandidate | Mapping[str, Any]],
        *,
        source_conversation_id: str | None,
    ) -> list[WriteOutcome]: ...

    def _bounded(self, what: str, call: Callable[[float], T]) -> T: ...
