"""Builders shared by the recall tests: candidates, records and a fresh in-memory engine."""

import json
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from langgraph.store.memory import InMemoryStore

from memory_plugins import MemoryConfig, MemoryEngine
from memory_plugins.bench.eval_recall import RecallEvaluation
from memory_plugins.candidate import Identity, MemoryRecord, MemoryType, RecordStatus, SourceSignal
from memory_plugins.recall.features import compute_features
from memory_plugins.testing import FrozenClock

NOW = datetime(2026, 3, 1, 12, 0, tzinfo=UTC)
NOW_ISO = NOW.isoformat()


def recall_counts(report: RecallEvaluation) -> tuple[int, int, int, int]:
    """(relevant refs injected, relevant refs, negatives that fired, negatives) of a
    labelled recall set's run: what the set tests pin and bound."""
    wanted = sum(len(o.relevant) for o in report.outcomes)
    found = wanted - sum(len(o.missed) for o in report.outcomes)
    negatives = [o for o in report.outcomes if not o.relevant]
    return found, wanted, sum(bool(o.extra) for o in negatives), len(negatives)


def candidate(text: str, tags: list[str], **overrides: Any) -> dict[str, Any]:
    """A valid S1 candidate; ``type`` defaults to ``user_preference`` (polarity prefer)."""
    base: dict[str, Any] = {
        "type": "user_preference",
        "text": text,
        "tags": tags,
        "confidence": 0.9,
        "stability": "stable",
        "identity": {"subject": tags[0], "polarity": "prefer"},
        "action": "add",
        "source_signal": "explicit_memory_intent",
        "reason": "stated as lasting",
        "conflict_signal": False,
    }
    base.update(overrides)
    return base


def record(
    text: str,
    tags: tuple[str, ...],
    *,
    kind: MemoryType = MemoryType.USER_PREFERENCE,
    subject: str | None = None,
    facet: str | None = None,
    key: str | None = None,
    changed: str = "2026-02-01T00:00:00+00:00",
    confidence: float = 0.9,
    status: RecordStatus = RecordStatus.ACTIVE,
    expires_at: str | None = None,
    with_features: bool = True,
) -> MemoryRecord:
    """A stored record built directly (no engine), with write-time features by default."""
    identity = Identity(subject=subject if subject is not None else tags[0], facet=facet)
    return MemoryRecord(
        key=key or f"{kind.value}:{text[:20]}",
        type=kind,
        text=text,
        tags=tags,
        confidence=confidence,
        identity=identity,
        status=status,
        source_conversation_id="c-1",
        source_signal=SourceSignal.EXPLICIT_MEMORY_INTENT,
        reason="",
        created_at=changed,
        expires_at=expires_at,
        features=compute_features(kind, text, tags, identity) if with_features else None,
    )


def fresh_engine(**config: Any) -> tuple[MemoryEngine, FrozenClock]:
    """An engine over a new InMemoryStore with a frozen clock at :data:`NOW`."""
    clock = FrozenClock(NOW)
    engine = MemoryEngine(
        InMemoryStore(),
        MemoryConfig(principal_secret="recall-tests-secret-0123", **config),
        clock=clock,
    )
    return engine, clock


def later(clock: FrozenClock, seconds: int = 1) -> None:
    clock.advance(timedelta(seconds=seconds))


def assert_cued_files_rebuilt(folder: Path, plain: str) -> None:
    """``folder``'s ``cued.<part>.jsonl`` are its ``<plain>.<part>.jsonl`` scenarios with the
    cue run's cues and other senses (``model-cues.jsonl``, placed by ``cue-map.jsonl``)
    merged into the candidates, every memory's once, and nothing else changed."""
    cues = {}
    for line in (folder / "model-cues.jsonl").read_text("utf-8").splitlines():
        row = json.loads(line)
        cues[row["id"]] = row
    where = {}
    for line in (folder / "cue-map.jsonl").read_text("utf-8").splitlines():
        row = json.loads(line)
        where[(row["scenario"], row["ref"])] = cues.pop(row["id"])
    assert cues == {}  # every memory's cues, once
    for part in ("tuning", "sealed"):
        bare_lines = (folder / f"{plain}.{part}.jsonl").read_text("utf-8").splitlines()
        cued_lines = (folder / f"cued.{part}.jsonl").read_text("utf-8").splitlines()
        assert len(bare_lines) == len(cued_lines)
        for bare, with_cues in zip(bare_lines, cued_lines, strict=True):
            scenario = json.loads(bare)
            for memory in scenario["memories"]:
                row = where[(scenario["id"], memory["ref"])]
                memory["candidate"]["cues"] = row["cues"]
                if row.get("other_senses"):
                    memory["candidate"]["other_senses"] = row["other_senses"]
            assert scenario == json.loads(with_cues)
