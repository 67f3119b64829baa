"""Moving a user's memory between stores: records out as JSON lines, back in through the gates.

An exported line is one record as stored (status, history, timestamps; its vector with
``vectors=True``), never the user id nor its namespace. Importing reads such lines into
any store for a principal: each line passes the write gates again (its text, tags,
identity, cues and other senses, and every earlier text of its history), so a refused
line is reported with its reason code and never stored while the others go on; the cues
and other senses the gates' filter drops are left out. Status, timestamps and history are kept as exported: a suppressed
record stays suppressed. Importing is idempotent: a line equal to the stored record
changes nothing, and neither does one older than it.

>>> import json
>>> from langgraph.store.memory import InMemoryStore
>>> from memory_plugins import MemoryConfig, MemoryEngine
>>> from memory_plugins.candidate import example_candidate
>>> config = MemoryConfig(principal_secret="0123456789abcdef")
>>> with MemoryEngine(InMemoryStore(), config) as old, MemoryEngine(InMemoryStore(), config) as new:
...     _ = old.remember("alice", [example_candidate()], source_conversation_id="c-1")
...     lines = [json.dumps(r) for r in old.export_records("alice")]
...     first, again = new.import_records("alice", lines), new.import_records("alice", lines)
>>> first.counts(), again.counts()
({'added': 1}, {'unchanged': 1})
"""

import asyncio
import binascii
import copy
import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, fields
from datetime import UTC, datetime
from enum import StrEnum
from functools import partial
from itertools import islice
from typing import Any

from memory_plugins.candidate import (
    MemoryRecord,
    MemoryType,
    RecordStatus,
    StoredVector,
    storable_problem,
)
from memory_plugins.clock import utc_iso
from memory_plugins.engine_parts.surface import EngineSurface
from memory_plugins.engine_parts.writes import in_time
from memory_plugins.errors import StoreUnavailableError
from memory_plugins.gates import RejectCode, evaluate
from memory_plugins.keys import stable_key
from memory_plugins.principals import PrincipalLike
from memory_plugins.semantic import decode_vector

__all__ = [
    "ImportReport",
    "ImportStatus",
    "LineOutcome",
    "aexport_records",
    "aimport_records",
    "export_records",
    "import_records",
]

_CHUNK = 200
"""Lines written per store call (and per wait for the store deadline)."""

_DERIVED = ("features", "vector")
"""Stored fields computed from the others: left out when comparing a line with the store."""

_RECORD_FIELDS = frozenset(f.name for f in fields(MemoryRecord)) | {"schema_version"}
_PHRASES = ("cues", "other_senses")
"""The candidate's optional phrase lists a record keeps (what the gates' filter kept)."""
_TIMESTAMPS = ("created_at", "updated_at", "suppressed_at", "expires_at")
# A history entry is what the record was: only its content is judged again, not its
# confidence at the time (the gates' thresholds may have moved since).
_HISTORY_CONFIDENCE = 1.0


class ImportStatus(StrEnum):
    """What importing one line did."""

    ADDED = "added"
    UPDATED = "updated"
    """The line replaced an older state of the same record."""
    UNCHANGED = "unchanged"
    """The store already held exactly this record."""
    KEPT = "kept"
    """The store's record changed after the line's: it was kept."""
    REJECTED = "rejected"
    EXPIRED = "expired"
    """The record's lifetime (``expires_at``) had passed: nothing to import."""
    STORE_UNAVAILABLE = "store_unavailable"


@dataclass(frozen=True, slots=True)
class LineOutcome:
    """The fate of one imported line (``line`` counts from 1, blank lines included)."""

    line: int
    status: ImportStatus
    key: str | None = None
    code: RejectCode | None = None
    detail: str = ""

    def __str__(self) -> str:
        if self.code is not None:
            return f"line {self.line}: rejected ({self.code.value}): {self.detail}"
        said = f"line {self.line}: {self.status.value} {self.key or ''}".rstrip()
        return f"{said} ({self.detail})" if self.detail else said


@dataclass(frozen=True, slots=True)
class ImportReport:
    """Every line's outcome, in order."""

    lines: tuple[LineOutcome, ...]

    def counts(self) -> dict[str, int]:
        """How many lines had each status (statuses that occurred only)."""
        found: dict[str, int] = {}
        for outcome in self.lines:
            found[outcome.status.value] = found.get(outcome.status.value, 0) + 1
        return found

    @property
    def rejected(self) -> tuple[LineOutcome, ...]:
        """The refused lines (each with its reason code)."""
        return tuple(o for o in self.lines if o.status is ImportStatus.REJECTED)


def export_records(
    engine: EngineSurface, principal: PrincipalLike, *, vectors: bool = False
) -> list[dict[str, Any]]:
    """The principal's live records (every status) as JSON objects, oldest first.

    Each holds the record as stored without its derived recall features; ``vectors``
    keeps each record's embedding (its model name and data). Raises
    ``StoreUnavailableError`` when the store fails: an export must not be silently short.
    """
    records = engine.list_records(principal, status="all")
    exported = []
    for record in sorted(records, key=lambda r: (r.created_at, r.key)):
        data = record.to_json()
        data.pop("features", None)
        if not vectors or data.get("vector") is None:
            data.pop("vector", None)
        exported.append(data)
    return exported


def import_records(
    engine: EngineSurface,
    principal: PrincipalLike,
    lines: Iterable[str | Mapping[str, Any]],
) -> ImportReport:
    """Read exported lines (JSON text, or already-parsed objects) into the principal's memory.

    Every line goes through the write gates again; a refused one is reported with its
    reason code and the rest go on. Lines are read lazily and written in batches, so a
    large file never sits in memory whole. A batch the store refuses is reported as
    ``store_unavailable`` line by line (nothing raises).
    """
    namespace = engine.namespace(principal)
    outcomes: list[LineOutcome] = []
    numbered = enumerate(lines, start=1)
    while chunk := list(islice(numbered, _CHUNK)):
        parsed: list[tuple[int, MemoryRecord]] = []
        now = utc_iso(engine.clock.now())
        for number, raw in chunk:
            if isinstance(raw, str) and not raw.strip():
                continue
            record, refusal = _admit(engine, number, raw, now)
            if refusal is not None:
                outcomes.append(refusal)
            elif record is not None:
                parsed.append((number, record))
        if not parsed:
            continue
        write = partial(_write, engine, namespace, parsed)
        try:
            outcomes.extend(engine._bounded("import_records", write))
        except StoreUnavailableError as exc:
            engine.stats.incr("store_write_failures")
            outcomes.extend(
                LineOutcome(n, ImportStatus.STORE_UNAVAILABLE, r.key, detail=str(exc))
                for n, r in parsed
            )
    outcomes.sort(key=lambda o: o.line)
    for outcome in outcomes:
        engine.stats.incr(f"import_{outcome.status.value}")
    return ImportReport(tuple(outcomes))


async def aexport_records(
    engine: EngineSurface, principal: PrincipalLike, *, vectors: bool = False
) -> list[dict[str, Any]]:
    """Async twin of :func:`export_records`."""
    return await asyncio.to_thread(export_records, engine, principal, vectors=vectors)


async def aimport_records(
    engine: EngineSurface,
    principal: PrincipalLike,
    lines: Iterable[str | Mapping[str, Any]],
) -> ImportReport:
    """Async twin of :func:`import_records`."""
    return await asyncio.to_thread(import_records, engine, principal, list(lines))


# -- admitting one line ----------------------------------------------------------------------


def _admit(
    engine: EngineSurface, number: int, raw: str | Mapping[str, Any], now: str
) -> tuple[MemoryRecord | None, LineOutcome | None]:
    """The line's record, or the outcome refusing it (schema, a gate, or expired)."""

    def refuse(code: RejectCode, detail: str, key: str | None = None) -> LineOutcome:
        return LineOutcome(number, ImportStatus.REJECTED, key, code, detail)

    try:
        data = json.loads(raw) if isinstance(raw, str) else copy.deepcopy(dict(raw))
    except (ValueError, TypeError) as exc:
        return None, refuse(RejectCode.SCHEMA, f"not a JSON object: {exc}")
    if not isinstance(data, dict):
        return None, refuse(RejectCode.SCHEMA, f"not a JSON object but {type(data).__name__}")
    key = data.get("key") if isinstance(data.get("key"), str) else None
    problem = _shape_problem(data)
    if problem is not None:
        return None, refuse(RejectCode.SCHEMA, problem, key)

    config = engine.config
    source = data["source_conversation_id"]
    decision = evaluate(_candidate(data, data["confidence"]), source, config)
    if decision.code is not None:
        return None, refuse(decision.code, decision.detail, key)
    kept = decision.candidate
    if kept is not None:  # what the program keeps, as for a new memory
        for name in _PHRASES:
            if data.get(name):
                data[name] = list(getattr(kept, name))
    for index, entry in enumerate(data.get("history") or ()):
        decision = evaluate(_candidate(data | entry, _HISTORY_CONFIDENCE), source, config)
        if decision.code is not None:
            return None, refuse(decision.code, f"history[{index}]: {decision.detail}", key)

    data = {k: v for k, v in data.items() if k != "features"}
    for name in _TIMESTAMPS:
        if data.get(name) is not None:
            data[name] = _utc(data[name])
    for entry in data.get("history") or ():
        entry["at"] = _utc(entry["at"])
    record = MemoryRecord.from_json(data)
    if stable_key(record.type, record.identity) != record.key:
        detail = f"key {record.key!r} is not the stable key of the record's type and identity"
        return None, refuse(RejectCode.SCHEMA, detail, key)
    if record.expires_at is not None and record.expires_at <= now:
        return None, LineOutcome(number, ImportStatus.EXPIRED, record.key, detail="expired")
    return record, None


def _candidate(data: Mapping[str, Any], confidence: Any) -> dict[str, Any]:
    """The S1 candidate a record (or a state in its history) stands for."""
    return {
        "type": data["type"],
        "text": data["text"],
        "tags": data["tags"],
        "confidence": confidence,
        "stability": "stable",
        "identity": data["identity"],
        "action": "add",
        "source_signal": data["source_signal"],
        "reason": data.get("reason", ""),
        "conflict_signal": False,
        # Judged like a new memory's: only the keys this configuration declares.
        **({"metadata": data["metadata"]} if data.get("metadata") else {}),
        # Stored strings like the text: a secret in a cue refuses the line.
        **{name: data[name] for name in _PHRASES if data.get(name)},
    }


def _shape_problem(data: dict[str, Any]) -> str | None:
    """What makes ``data`` no exported record (the gates check the candidate's own fields)."""
    unknown = sorted(set(data) - _RECORD_FIELDS)
    if unknown:
        return f"unknown field(s): {', '.join(unknown)}"
    for name in ("key", "type", "text", "status", "source_conversation_id", "created_at"):
        if not isinstance(data.get(name), str):
            return f"{name}: a string is required"
    if data["type"] not in _TYPES:
        return f"type: unknown memory type {data['type']!r}"
    if data["status"] not in _STATUSES:
        return f"status: must be one of {', '.join(sorted(_STATUSES))}"
    if not isinstance(data.get("identity"), dict) or not isinstance(data.get("tags"), list):
        return "identity (an object) and tags (a list) are required"
    for name in ("suppressed_by",):
        if data.get(name) is not None and not isinstance(data[name], str):
            return f"{name}: a string or null is required"
    for name in _TIMESTAMPS:
        value = data.get(name)
        if value is not None and _utc(value) is None:
            return f"{name}: not an ISO-8601 time with a UTC offset: {value!r}"
    for name in ("key", "suppressed_by"):
        value = data.get(name)
        if isinstance(value, str) and (problem := storable_problem(value)) is not None:
            return f"{name}: {problem}"
    history = data.get("history") or []
    if not isinstance(history, list):
        return "history: a list is required"
    for index, entry in enumerate(history):
        problem = _history_problem(entry)
        if problem is not None:
            return f"history[{index}]: {problem}"
    vector = data.get("vector")
    if vector is not None:
        problem = _vector_problem(vector)
        if problem is not None:
            return f"vector: {problem}"
    return None


def _history_problem(entry: Any) -> str | None:
    if not isinstance(entry, dict):
        return "an object is required"
    expected = {"at", "event", "conversation_id", "text", "tags", "confidence", "status"}
    if set(entry) != expected:
        return f"fields must be {', '.join(sorted(expected))}"
    if not isinstance(entry["event"], str) or storable_problem(entry["event"]):
        return "event: a storable string is required"
    conversation = entry["conversation_id"]
    if conversation is not None and (
        not isinstance(conversation, str) or storable_problem(conversation)
    ):
        return "conversation_id: a storable string or null is required"
    if entry["status"] not in _STATUSES:
        return f"status: must be one of {', '.join(sorted(_STATUSES))}"
    confidence = entry["confidence"]
    if isinstance(confidence, bool) or not isinstance(confidence, int | float):
        return "confidence: a number is required"
    if not 0.0 <= confidence <= 1.0:
        return "confidence: must be within 0..1"
    if _utc(entry["at"]) is None:
        return f"at: not an ISO-8601 time with a UTC offset: {entry['at']!r}"
    return None


def _vector_problem(vector: Any) -> str | None:
    if not isinstance(vector, dict) or set(vector) != {"model", "data"}:
        return "an object with model and data is required"
    if not isinstance(vector["model"], str) or not isinstance(vector["data"], str):
        return "model and data must be strings"
    try:
        decoded = decode_vector(vector["data"])
    except (ValueError, binascii.Error) as exc:
        return f"data is not a base64 float32 vector: {exc}"
    return None if len(decoded) else "data is empty"


def _utc(value: Any) -> str | None:
    """``value`` as the engine's UTC timestamp text, or ``None`` if it is no aware time."""
    if not isinstance(value, str):
        return None
    try:
        moment = datetime.fromisoformat(value)
    except ValueError:
        return None
    if moment.tzinfo is None:
        return None
    return utc_iso(moment.astimezone(UTC))


_TYPES = frozenset(t.value for t in MemoryType)
_STATUSES = frozenset(s.value for s in RecordStatus)


# -- writing ----------------------------------------------------------------------------------


def _write(
    engine: EngineSurface,
    namespace: tuple[str, ...],
    parsed: list[tuple[int, MemoryRecord]],
    deadline: float,
) -> list[LineOutcome]:
    with engine._write_path.lock_for(namespace):
        moment = engine.clock.now()
        keys = sorted({record.key for _, record in parsed})
        try:
            current, seen = engine._write_path.read_keys(namespace, keys)
        except StoreUnavailableError as exc:
            engine.stats.incr("store_read_failures")
            return [
                LineOutcome(n, ImportStatus.STORE_UNAVAILABLE, r.key, detail=str(exc))
                for n, r in parsed
            ]
        state: dict[str, MemoryRecord | None] = {
            key: engine._write_path.live(MemoryRecord.from_json(value), moment) if value else None
            for key, value in current.items()
        }
        before = dict(state)
        changed: dict[str, MemoryRecord] = {}
        results: list[tuple[int, MemoryRecord, ImportStatus]] = []
        for number, record in parsed:
            existing = state.get(record.key)
            status = _verdict(existing, record)
            if status in (ImportStatus.ADDED, ImportStatus.UPDATED):
                state[record.key] = changed[record.key] = _with_kept_vector(record, existing)
            results.append((number, record, status))
        if changed and engine.embeddings is not None:
            engine._vectors.attach(changed, before, [], deadline)
        try:
            if changed:
                in_time(deadline)
                engine._write_path.put_records(namespace, changed.values(), moment, seen=seen)
        except StoreUnavailableError as exc:
            engine.stats.incr("store_write_failures")
            return [
                LineOutcome(n, ImportStatus.STORE_UNAVAILABLE, r.key, detail=str(exc))
                if s in (ImportStatus.ADDED, ImportStatus.UPDATED)
                else LineOutcome(n, s, r.key)
                for n, r, s in results
            ]
    return [LineOutcome(n, s, r.key) for n, r, s in results]


def _verdict(existing: MemoryRecord | None, record: MemoryRecord) -> ImportStatus:
    if existing is None:
        return ImportStatus.ADDED
    if _comparable(existing) == _comparable(record):
        return ImportStatus.UNCHANGED
    if _latest(existing) >= _latest(record):
        return ImportStatus.KEPT
    return ImportStatus.UPDATED


def _comparable(record: MemoryRecord) -> dict[str, Any]:
    data = record.to_json()
    for name in _DERIVED:
        data.pop(name, None)
    return data


def _latest(record: MemoryRecord) -> str:
    """When the record last changed in any way (an update, a suppression, a restore)."""
    moments = [record.created_at, record.updated_at, record.suppressed_at]
    moments += [entry.at for entry in record.history]
    return max(m for m in moments if m is not None)


def _with_kept_vector(record: MemoryRecord, existing: MemoryRecord | None) -> MemoryRecord:
    # The store's own embedding of the same text and cues is as good as the line's missing one.
    if (
        record.vector is None
        and existing is not None
        and (existing.text, existing.cues) == (record.text, record.cues)
    ):
        vector: StoredVector | None = existing.vector
        return record.evolve(vector=vector)
    return record
