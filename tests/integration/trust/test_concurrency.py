"""Many threads and asyncio tasks writing the same keys of one principal lose nothing.

The final state must be explainable from the history: for every key, the outcomes that
changed it form one chain (the n-th applied write saw n earlier ones), the stored record
is the last link, and its history replays every earlier link in order.
"""

import asyncio
import random
import threading
import uuid
from collections import defaultdict
from typing import Any

import pytest

from memory_plugins import (
    CacheConfig,
    MemoryConfig,
    MemoryEngine,
    MemoryRecord,
    OutcomeStatus,
    RecallConfig,
    WriteOutcome,
)
from memory_plugins.candidate import Identity, MemoryType
from memory_plugins.keys import stable_key
from memory_plugins.testing import FrozenClock

SUBJECTS = ("oolong tea", "green tea", "black tea")
KEYS = {
    s: stable_key(MemoryType.USER_PREFERENCE, Identity(subject=s, polarity="prefer"))
    for s in SUBJECTS
}
EVENTS = {
    OutcomeStatus.UPDATED: "updated",
    OutcomeStatus.SUPPRESSED: "suppressed",
    OutcomeStatus.RESTORED: "restored",
}
THREADS, TASKS, OPS = 6, 6, 20


def candidate(subject: str, text: str, action: str = "add") -> dict[str, Any]:
    return {
        "type": "user_preference",
        "text": text,
        "tags": [subject.split(maxsplit=1)[0], "tea"],
        "confidence": 0.9,
        "stability": "stable",
        "identity": {"subject": subject, "polarity": "prefer"},
        "action": action,
        "source_signal": "explicit_memory_intent",
        "reason": "stated",
        "conflict_signal": False,
    }


class Workload:
    """Random interleavings of add / update / suppress / restore on three shared keys."""

    def __init__(self, engine: MemoryEngine, principal: str) -> None:
        self.engine = engine
        self.principal = principal
        self.outcomes: list[WriteOutcome] = []
        self.errors: list[BaseException] = []
        self.stale_reads: list[str] = []
        self._lock = threading.Lock()

    def plan(self, worker: str, seed: int) -> list[tuple[str, str, str]]:
        rng = random.Random(seed)
        ops = []
        for i in range(OPS):
            subject = rng.choice(SUBJECTS)
            kind = rng.choices(
                ["add", "restate", "suppress", "suppress_key", "restore"], [4, 1, 2, 1, 2]
            )[0]
            ops.append((kind, subject, f"The user likes {subject} ({worker}, {i})."))
        return ops

    def record(self, outcomes: list[WriteOutcome]) -> None:
        with self._lock:
            self.outcomes.extend(outcomes)

    def run_sync(self, worker: str, seed: int) -> None:
        engine, who = self.engine, self.principal
        try:
            for kind, subject, fresh in self.plan(worker, seed):
                if kind in ("add", "restate"):
                    text = f"The user likes {subject}." if kind == "restate" else fresh
                    out = engine.remember(
                        who, [candidate(subject, text)], source_conversation_id=worker
                    )
                elif kind == "suppress":
                    out = engine.remember(
                        who, [candidate(subject, fresh, "suppress")], source_conversation_id=worker
                    )
                elif kind == "suppress_key":
                    out = [engine.suppress(who, KEYS[subject], conversation_id=worker)]
                else:
                    out = [engine.restore(who, KEYS[subject], conversation_id=worker)]
                self.record(out)
                self.check_read_your_write(out[0])
        except BaseException as exc:
            self.errors.append(exc)

    async def run_async(self, worker: str, seed: int) -> None:
        engine, who = self.engine, self.principal
        try:
            for kind, subject, fresh in self.plan(worker, seed):
                if kind in ("add", "restate"):
                    text = f"The user likes {subject}." if kind == "restate" else fresh
                    out = await engine.aremember(
                        who, [candidate(subject, text)], source_conversation_id=worker
                    )
                elif kind in ("suppress", "suppress_key"):
                    out = await engine.aremember(
                        who, [candidate(subject, fresh, "suppress")], source_conversation_id=worker
                    )
                else:
                    out = [
                        await asyncio.to_thread(
                            engine.restore, who, KEYS[subject], conversation_id=worker
                        )
                    ]
                self.record(out)
                await engine.arecall(who, subject)
        except BaseException as exc:
            self.errors.append(exc)

    def check_read_your_write(self, outcome: WriteOutcome) -> None:
        # With the cache on, a write must be visible to the writer's very next read.
        if not outcome.stored or outcome.record is None:
            return
        current = {r.key: r for r in self.engine.list_records(self.principal, "all")}
        seen = current.get(outcome.key or "")
        if seen is None or len(seen.history) < len(outcome.record.history):
            self.stale_reads.append(f"{outcome.key}: {outcome.status}")


def assert_replayable(final: list[MemoryRecord], outcomes: list[WriteOutcome]) -> None:
    assert len({r.key for r in final}) == len(final), "duplicate records for one key"
    applied: dict[str, list[WriteOutcome]] = defaultdict(list)
    for outcome in outcomes:
        assert outcome.status is not OutcomeStatus.STORE_UNAVAILABLE, outcome.detail
        if outcome.stored:
            assert outcome.record is not None and outcome.key is not None
            applied[outcome.key].append(outcome)
    stored = {r.key: r for r in final}
    assert set(stored) == set(applied)
    for key, chain in applied.items():
        chain.sort(key=lambda o: len(o.record.history))  # type: ignore[union-attr]
        # One link per length: two writes that saw the same state would be a lost update.
        assert [len(o.record.history) for o in chain] == list(range(len(chain))), key  # type: ignore[union-attr]
        assert chain[0].status is OutcomeStatus.ADDED
        record = stored[key]
        assert record == chain[-1].record, f"{key}: the store holds something no write produced"
        assert [h.event for h in record.history] == [EVENTS[o.status] for o in chain[1:]]
        for entry, before in zip(record.history, chain[:-1], strict=True):
            assert before.record is not None
            assert (entry.text, entry.status) == (before.record.text, before.record.status)


@pytest.mark.parametrize("cached", [False, True], ids=["no-cache", "cache"])
async def test_interleaved_writers_on_one_principal(shared_store: Any, cached: bool) -> None:
    config = MemoryConfig(
        principal_secret="concurrency-secret-0123",
        app=f"cc{uuid.uuid4().hex[:10]}",
        cache=CacheConfig() if cached else None,
        recall=RecallConfig(time_budget_ms=5000),
    )
    clock = FrozenClock()
    engine = MemoryEngine(shared_store, config, clock=clock)
    load = Workload(engine, "alice")

    threads = [threading.Thread(target=load.run_sync, args=(f"t{n}", n)) for n in range(THREADS)]
    for t in threads:
        t.start()
    await asyncio.gather(*(load.run_async(f"a{n}", 100 + n) for n in range(TASKS)))
    for t in threads:
        await asyncio.to_thread(t.join)

    assert not load.errors, load.errors
    assert not load.stale_reads, load.stale_reads
    assert len(load.outcomes) == (THREADS + TASKS) * OPS
    assert_replayable(engine.list_records("alice", "all"), load.outcomes)
    # No lost suppression: a key whose last applied write suppressed it is never recalled.
    suppressed = {r.key for r in engine.list_records("alice", "suppressed")}
    for subject, key in KEYS.items():
        hits = {h.record.key for h in engine.recall("alice", f"{subject} please").hits}
        assert key not in hits or key not in suppressed
