"""Cues for records written before cues existed: asked of the extraction model, decided by
the program.

:func:`propose_cues` takes at most ``limit`` of a principal's active records that have no
cues (so calling it again resumes where it stopped), shows the model only those memories
and the prompt's :data:`~memory_plugins.extraction.prompt.CUE_INSTRUCTIONS`, and writes
each answer (its cues, and the other senses where the model names some) back as an update
of the same record through ``engine.remember``: the same schema, gates and cue filter as
any candidate. A record whose proposed cues were all dropped stays without cues (and is
asked again by a later call).

>>> from langgraph.store.memory import InMemoryStore
>>> from memory_plugins import MemoryConfig, MemoryEngine
>>> from memory_plugins.extraction import MemoryExtractor
>>> from memory_plugins.testing import ScriptedChatModel, candidate
>>> engine = MemoryEngine(InMemoryStore(), MemoryConfig(principal_secret="0123456789abcdef"))
>>> _ = engine.remember("alice", [candidate()], source_conversation_id="c-1")
>>> model = ScriptedChatModel(['{"cues": [{"id": "m1", "cues": ["afternoon break", "下午茶"], '
...                             '"other_senses": ["tea party"]}]}'])
>>> report = propose_cues(engine, "alice", MemoryExtractor(model), limit=10)
>>> record = engine.list_records("alice")[0]
>>> report.updated, record.cues, record.other_senses
(1, ('afternoon break', '下午茶'), ('tea party',))
"""

import json
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from memory_plugins.candidate import MemoryRecord
from memory_plugins.errors import ConfigurationError
from memory_plugins.extraction.extractor import message_json
from memory_plugins.extraction.prompt import CUE_INSTRUCTIONS
from memory_plugins.outcomes import OutcomeStatus

if TYPE_CHECKING:
    from memory_plugins.engine_parts.surface import EngineSurface
    from memory_plugins.principals import PrincipalLike

__all__ = ["CueProposals", "cue_messages", "propose_cues"]

MAX_RECORDS_PER_CALL = 50

_SYSTEM = (
    "You propose retrieval cues for stored long-term memories about a user. For each "
    'memory below, give its "cues" and "other_senses" fields as these instructions define '
    "them:\n\n"
    + CUE_INSTRUCTIONS
    + '\nReply with one JSON object only: {"cues": [{"id": ..., "cues": [...], '
    '"other_senses": [...]}, ...]}, one entry per memory id.'
)


@dataclass(frozen=True, slots=True)
class CueProposals:
    """What one :func:`propose_cues` call did."""

    asked: int
    """Records shown to the model."""
    updated: int
    """Records stored with cues the program kept."""
    without_cues: int
    """Records asked about that still have no cue (none proposed, or all dropped)."""
    remaining: int
    """Active records still without cues after this call (a later call takes them)."""
    malformed: str | None = None
    """Why the model's answer could not be read (then nothing was written)."""


def cue_messages(records: list[MemoryRecord]) -> list[tuple[str, str]]:
    """The messages the model is sent: the cue instructions, then the memories (type,
    text, tags, identity) under ids ``m1``, ``m2``... — nothing else of the records."""
    shown = [
        {
            "id": f"m{i}",
            "memory": {
                "type": r.type.value,
                "text": r.text,
                "tags": list(r.tags),
                "identity": r.identity.model_dump(mode="json", exclude_none=True),
            },
        }
        for i, r in enumerate(records, start=1)
    ]
    body = "\n".join(json.dumps(item, ensure_ascii=False) for item in shown)
    return [("system", _SYSTEM), ("human", body)]


def propose_cues(
    engine: "EngineSurface", principal: "PrincipalLike", extractor: Any, *, limit: int = 20
) -> CueProposals:
    """Ask ``extractor``'s chat model for cues of at most ``limit`` records without any."""
    if (
        isinstance(limit, bool)
        or not isinstance(limit, int)
        or not 1 <= limit <= MAX_RECORDS_PER_CALL
    ):
        raise ConfigurationError(f"limit must be an integer from 1 to {MAX_RECORDS_PER_CALL}")
    model = getattr(extractor, "model", None)
    if model is None or not callable(getattr(model, "invoke", None)):
        raise ConfigurationError(
            "propose_cues needs a MemoryExtractor (a LangChain chat model with invoke)"
        )
    waiting = [r for r in engine.list_records(principal) if not r.cues]
    waiting.sort(key=lambda r: (r.created_at, r.key))  # oldest first: a stable resume order
    batch = waiting[:limit]
    if not batch:
        return CueProposals(0, 0, 0, 0)
    payload, problem = message_json(model.invoke(cue_messages(batch)))
    rows = payload.get("cues") if isinstance(payload, dict) else None
    if problem is not None or not isinstance(rows, list):
        why = problem or "response has no cue list"
        return CueProposals(len(batch), 0, len(batch), len(waiting), malformed=why)
    proposed: dict[str, Any] = {}
    for row in rows:
        if isinstance(row, dict) and isinstance(row.get("id"), str):
            proposed[row["id"]] = row
    updated = 0
    for i, record in enumerate(batch, start=1):
        row = proposed.get(f"m{i}", {})
        if not row.get("cues"):
            continue
        [outcome] = engine.remember(
            principal,
            [_with_cues(record, row["cues"], row.get("other_senses"))],
            source_conversation_id=record.source_conversation_id,
        )
        if outcome.status is OutcomeStatus.UPDATED and outcome.record and outcome.record.cues:
            updated += 1
    return CueProposals(len(batch), updated, len(batch) - updated, len(waiting) - updated)


def _with_cues(record: MemoryRecord, cues: Any, other_senses: Any) -> dict[str, Any]:
    """The record as the candidate that would have written it, with the proposed cues (and
    other senses, when the model gave some)."""
    senses = {"other_senses": other_senses} if other_senses else {}
    return {
        "type": record.type.value,
        "text": record.text,
        "tags": list(record.tags),
        "confidence": record.confidence,
        "stability": "stable",
        "identity": record.identity.model_dump(mode="json", exclude_none=True),
        "action": "add",
        "source_signal": record.source_signal.value,
        "reason": record.reason,
        "conflict_signal": False,
        "cues": cues,
        **senses,
    }
