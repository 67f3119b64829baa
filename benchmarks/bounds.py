"""Measure the engine's bounds under hostile conditions; one line per bound, with its figure.

Each check builds the condition (a store that stops answering, an embedder that stalls,
huge turns, a flood of candidates, a deleted SQLite file, a long-lived token), measures
what a caller sees, and prints it next to the bound it must respect. It exits non-zero
when a bound is broken.

    python benchmarks/bounds.py                     # every check; PostgreSQL for the big batch
    python benchmarks/bounds.py --batch 20000 --pg-url postgresql://postgres@127.0.0.1/test

The cross-process suppression bound under steady traffic is measured by
``benchmarks/load.py --cross-process``; this script measures it for a suppression whose
transaction waits on a lock (PostgreSQL, three engines on their own connection pools).
"""

import argparse
import json
import os
import sys
import tempfile
import threading
import time
import tracemalloc
import uuid
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import timedelta
from pathlib import Path
from typing import Any

from langgraph.store.memory import InMemoryStore

from memory_plugins import CacheConfig, MemoryConfig, MemoryEngine, OutcomeStatus, RecallConfig
from memory_plugins.backends import postgres_store, sqlite_store
from memory_plugins.errors import InvalidTokenError, StoreUnavailableError
from memory_plugins.extraction import ExtractionQueue, MemoryExtractor, TurnInput, parse_response
from memory_plugins.extraction.extractor import MAX_RESPONSE_CHARS
from memory_plugins.principals import KeyRing
from memory_plugins.testing import HangingStore, HashingEmbeddings, ScriptedChatModel, candidate

DEFAULT_PG = os.environ.get("MEMORY_PLUGINS_TEST_PG", "postgresql://postgres@127.0.0.1:5432/test")
MB = 1_000_000


@dataclass
class Bound:
    """One measured bound: what was measured, the figure, the limit, and whether it held."""

    name: str
    measured: str
    limit: str
    held: bool

    def line(self) -> str:
        return f"{'ok ' if self.held else 'BROKEN'}  {self.name:<44} {self.measured:<40} bound: {self.limit}"


def _config(**fields: Any) -> MemoryConfig:
    return MemoryConfig(principal_secret=uuid.uuid4().hex, cache=None, **fields)


def _tea(n: int) -> dict[str, Any]:
    return candidate(
        text=f"The user likes tea number {n}.",
        tags=["tea", f"n{n}"],
        identity={"subject": f"tea {n}", "polarity": "prefer"},
    )


def _ms(call: Callable[[], Any]) -> tuple[float, Any]:
    began = time.perf_counter()
    result = call()
    return (time.perf_counter() - began) * 1000, result


@contextmanager
def _hung_engine(**fields: Any) -> Iterator[MemoryEngine]:
    store = HangingStore(InMemoryStore(), hang_reads=True, hang_writes=True, max_hang=10.0)
    store.release()
    engine = MemoryEngine(store, _config(**fields))
    engine.remember("alice", [candidate()], source_conversation_id="c-1")
    store.hang()
    try:
        yield engine
    finally:
        store.release()


def recall_with_a_hung_store(tries: int) -> Bound:
    budget = RecallConfig().time_budget_ms
    with _hung_engine() as engine:
        timings = [_ms(lambda: engine.recall("alice", "oolong tea"))[0] for _ in range(tries)]
    worst = max(timings)
    return Bound(
        "recall, store not answering",
        f"worst {worst:.0f} ms of {tries} recalls",
        f"time_budget_ms {budget:.0f} ms (+ scheduling)",
        worst < budget + 100,
    )


class _StallingEmbeddings(HashingEmbeddings):
    def __init__(self, stall: float) -> None:
        super().__init__()
        self.stall = stall

    def embed_query(self, text: str) -> list[float]:
        time.sleep(self.stall)
        return super().embed_query(text)


def recall_with_a_stalled_embedder(tries: int) -> Bound:
    budget = 100.0
    engine = MemoryEngine(
        InMemoryStore(),
        _config(recall=RecallConfig(time_budget_ms=budget)),
        embeddings=_StallingEmbeddings(3.0),
    )
    engine.remember("alice", [candidate()], source_conversation_id="c-1")
    runs = [_ms(lambda: engine.recall("alice", "oolong tea")) for _ in range(tries)]
    worst = max(ms for ms, _ in runs)
    rules = all(result.hits and result.degraded for _, result in runs)
    return Bound(
        "recall, query embedding taking 3 s",
        f"worst {worst:.0f} ms, rules-only hits: {'yes' if rules else 'NO'}",
        f"time_budget_ms {budget:.0f} ms (+ scheduling)",
        worst < budget + 100 and rules,
    )


def calls_with_a_hung_store() -> list[Bound]:
    deadline = 300.0
    bounds = []
    with _hung_engine(store_deadline_ms=deadline) as engine:
        calls: dict[str, Callable[[], Any]] = {
            "remember": lambda: (
                engine.remember("alice", [_tea(1)], source_conversation_id="c-2")[0].status
            ),
            "suppress": lambda: (
                engine.suppress(
                    "alice", "user_preference:prefer-oolong-tea", conversation_id="c-3"
                ).status
            ),
            "list_records": lambda: engine.list_records("alice"),
            "forget": lambda: engine.forget("alice", "user_preference:prefer-oolong-tea"),
            "explain": lambda: len(engine.explain("alice", "oolong tea").considered),
        }
        for name, call in calls.items():
            began = time.perf_counter()
            try:
                result = call()
            except StoreUnavailableError:
                result = "StoreUnavailableError"
            took = (time.perf_counter() - began) * 1000
            shown = getattr(result, "value", result)
            bounds.append(
                Bound(
                    f"{name}, store not answering",
                    f"{took:.0f} ms -> {shown}",
                    f"store_deadline_ms {deadline:.0f} ms (+ scheduling)",
                    took < deadline + 200
                    and shown in ("store_unavailable", "StoreUnavailableError", 0),
                )
            )
    return bounds


def queue_memory(turns: int) -> list[Bound]:
    release = threading.Event()

    def hang(messages: list[Any]) -> str:
        release.wait(30)
        return '{"candidates": []}'

    engine = MemoryEngine(InMemoryStore(), _config())
    queue = ExtractionQueue(
        engine, MemoryExtractor(ScriptedChatModel(responses=[hang], cycle=True))
    )
    tracemalloc.start()
    base, _ = tracemalloc.get_traced_memory()
    for n in range(turns):
        big = f"{n} " + "x" * (2 * MB)
        queue.submit(TurnInput("alice", f"c-{n}", big, big))
        del big
    grown = (tracemalloc.get_traced_memory()[0] - base) / MB
    tracemalloc.stop()
    retained = queue.retained_bytes
    release.set()
    queue.close(5.0)

    flood = ScriptedChatModel(responses=[_json_candidates(25)])
    engine = MemoryEngine(InMemoryStore(), _config())
    with ExtractionQueue(engine, MemoryExtractor(flood)) as capped:
        capped.submit(TurnInput("alice", "c-1", "Remember all my teas.", "Noted."))
        capped.flush(10.0)
    written = len(capped.results[0][1]) if capped.results else 0
    dropped = capped.stats.get("candidates_dropped")
    return [
        Bound(
            f"extraction queue, {turns} turns of 4 MB",
            f"retained {retained / MB:.2f} MB (heap grew {grown:.1f} MB)",
            f"max_bytes {queue.max_bytes / MB:.2f} MB",
            retained <= queue.max_bytes and grown < 2 * queue.max_bytes / MB,
        ),
        Bound(
            "extraction, a model proposing 25 candidates",
            f"{written} written, {dropped} counted as dropped",
            f"max_candidates {capped.max_candidates}",
            written == capped.max_candidates and dropped == 25 - written,
        ),
    ]


def _json_candidates(count: int) -> str:
    return json.dumps({"candidates": [_tea(n) for n in range(count)]})


def big_batch(count: int, pg_url: str) -> Bound:
    schema = f"mp_bounds_{uuid.uuid4().hex[:10]}"
    import psycopg

    with psycopg.connect(pg_url, autocommit=True) as admin:
        admin.execute(f'CREATE SCHEMA "{schema}"')
        try:
            sep = "&" if "?" in pg_url else "?"
            url = f"{pg_url}{sep}options=-csearch_path%3D{schema}"
            with postgres_store(url) as store:
                # A bulk import is not a chat turn: it gets a deadline of its own.
                engine = MemoryEngine(store, _config(store_deadline_ms=600_000))
                took, out = _ms(
                    lambda: engine.remember(
                        "bulk", [_tea(n) for n in range(count)], source_conversation_id="c-1"
                    )
                )
        finally:
            admin.execute(f'DROP SCHEMA "{schema}" CASCADE')
    added = sum(o.status is OutcomeStatus.ADDED for o in out)
    return Bound(
        f"PostgreSQL, {count:,} candidates in one call",
        f"{added:,} added in {took / 1000:.1f} s",
        "every valid candidate stored (65,535 parameters per statement)",
        added == count,
    )


def deleted_sqlite_file() -> Bound:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "memory.sqlite"
        with sqlite_store(path) as store:
            engine = MemoryEngine(store, _config())
            engine.remember("alice", [candidate()], source_conversation_id="c-1")
            for suffix in ("", "-wal", "-shm"):
                Path(f"{path}{suffix}").unlink(missing_ok=True)
            [outcome] = engine.remember("alice", [_tea(1)], source_conversation_id="c-2")
    return Bound(
        "SQLite file deleted under an open store",
        f"next write -> {outcome.status.value}",
        "store_unavailable on the next call",
        outcome.status is OutcomeStatus.STORE_UNAVAILABLE,
    )


def token_lifetime() -> Bound:
    key = uuid.uuid4().hex
    ring = KeyRing(key, kid="k1")
    # The same key in an issuer without the bound: a token any other library could mint.
    long_lived = KeyRing(key, kid="k1", max_lifetime=None).issue(
        "alice", lifetime=timedelta(days=30)
    )
    try:
        ring.verify(long_lived)
    except InvalidTokenError:
        measured, held = "30-day token refused", True
    else:
        measured, held = "30-day token ACCEPTED", False
    return Bound("token lifetime (exp - iat)", measured, f"max_lifetime {ring.max_lifetime}", held)


def hostile_answers() -> Bound:
    """The slowest read of a hostile or degenerate model answer."""
    answers = {
        "open fence + 64 kB of spaces": "```" + " " * (MAX_RESPONSE_CHARS - 10) + "x",
        "open fence + 64 kB of backticks": "```" + "`" * (MAX_RESPONSE_CHARS - 10),
        "1,000-deep nesting": "[" * 1000 + "1" + "]" * 1000,
        "10 MB answer": '{"candidates": [], "pad": "' + "x" * (10 * MB) + '"}',
    }
    timings = {name: _ms(lambda a=answer: parse_response(a))[0] for name, answer in answers.items()}
    worst = max(timings, key=lambda name: timings[name])
    malformed = all(parse_response(answer).malformed for answer in answers.values())
    return Bound(
        "extraction, hostile model answers",
        f"worst {timings[worst]:.1f} ms ({worst}), all malformed: {'yes' if malformed else 'NO'}",
        f"linear read, answers over {MAX_RESPONSE_CHARS:,} chars not parsed",
        timings[worst] < 100 and malformed,
    )


def recall_with_a_huge_message(tries: int) -> Bound:
    budget = RecallConfig().time_budget_ms
    engine = MemoryEngine(InMemoryStore(), _config())
    engine.remember("alice", [_tea(n) for n in range(1000)], source_conversation_id="c-1")
    question = "What did I say about n7?"
    filler = "Here is the log I pasted from the build server, line after line. "
    message = (filler * (MB // len(filler)))[: MB - len(question) - 1] + " " + question
    short, _ = _ms(lambda: engine.recall("alice", question))
    runs = [_ms(lambda: engine.recall("alice", message)) for _ in range(tries)]
    worst = max(ms for ms, _ in runs)
    served = all(result.hits and not result.degraded for _, result in runs)
    return Bound(
        "recall, 1 MB message over 1,000 records",
        f"worst {worst:.0f} ms of {tries} (the question alone: {short:.0f} ms), "
        f"hits: {'yes' if served else 'NO'}",
        f"time_budget_ms {budget:.0f} ms (query clipped to max_query_chars)",
        worst < budget and served,
    )


def _huge_user(records: int) -> tuple[InMemoryStore, str, list[Any]]:
    """A store holding one user of ``records`` records (tea number 0, 1, ...), its secret,
    and the writes that put them there."""
    from langgraph.store.base import PutOp

    from memory_plugins.candidate import Identity, Polarity
    from memory_plugins.keys import stable_key
    from memory_plugins.recall.features import compute_features

    store = InMemoryStore()
    writer = MemoryEngine(store, _config())
    [outcome] = writer.remember("huge", [_tea(0)], source_conversation_id="c-1")
    assert outcome.record is not None
    namespace, first = writer.namespace("huge"), outcome.record
    # Records put straight into the store, each with its own features: gating 50,000
    # writes is not the point here, reading and holding them is.
    ops = []
    for n in range(1, records):
        identity = Identity(subject=f"tea {n}", polarity=Polarity.PREFER)
        text, tags = f"The user likes tea number {n}.", ("tea", f"n{n}")
        record = first.evolve(
            key=stable_key(first.type, identity),
            text=text,
            tags=tags,
            identity=identity,
            features=compute_features(first.type, text, tags, identity),
        )
        ops.append(PutOp(namespace, record.key, record.to_json()))
    store.batch(ops)
    ops.append(PutOp(namespace, first.key, first.to_json()))
    return store, writer.config.principal_secret, ops


def _held_mb(store: Any, secret: str, cache: CacheConfig, queries: list[str]) -> float:
    """What an engine holds after ``queries`` (each given a budget for the whole read)."""
    patient = RecallConfig(time_budget_ms=120_000)
    config = MemoryConfig(principal_secret=secret, cache=cache, recall=patient)
    engine = MemoryEngine(store, config)
    tracemalloc.start()
    base, _ = tracemalloc.get_traced_memory()
    for query in queries:
        engine.recall("huge", query)
    held = (tracemalloc.get_traced_memory()[0] - base) / MB
    tracemalloc.stop()
    engine.close()
    return held


def cache_with_a_huge_user(records: int) -> Bound:
    """One user of ``records`` records: what the read cache holds, and its recalls."""
    store, secret, ops = _huge_user(records)
    selective, touching = "What did I say about n7?", "oolong tea 7"  # "tea": every record
    queries = [selective, touching]  # the second parses every record a whole index keeps
    held = {
        "default": _held_mb(store, secret, CacheConfig(), queries),
        "whole": _held_mb(store, secret, _UNBOUNDED, queries),
    }
    with tempfile.TemporaryDirectory() as folder, sqlite_store(Path(folder) / "m.db") as sql:
        sql.batch(ops)  # SQLite returns JSON bytes: a compacted index holds those
        held["sqlite"] = _held_mb(sql, secret, CacheConfig(), queries)
    # The default budget: the first (cold) read is degraded, the ones after it are warm.
    engine = MemoryEngine(store, MemoryConfig(principal_secret=secret))
    first, cold = _ms(lambda: engine.recall("huge", selective))
    waited = time.perf_counter()  # the read goes on after the degraded answer, then lands
    while engine.recall("huge", selective).degraded and time.perf_counter() - waited < 60:
        time.sleep(0.5)
    warm = [_ms(lambda: engine.recall("huge", selective)) for _ in range(5)]
    broad = [_ms(lambda: engine.recall("huge", touching)) for _ in range(2)]
    engine.close()
    warm_ms = sorted(ms for ms, _ in warm)[len(warm) // 2]
    broad_ms = max(ms for ms, _ in broad)
    served = all(r.hits and not r.degraded for _, r in warm)
    honest = all(r.degraded for _, r in broad)
    budget = RecallConfig().time_budget_ms
    limit = CacheConfig()
    return Bound(
        f"read cache, one user of {records:,} records",
        f"{held['default']:.0f} MB held (SQLite {held['sqlite']:.0f} MB; whole: "
        f"{held['whole']:.0f} MB); first recall "
        f"{first:.0f} ms{' degraded' if cold.degraded else ''}, then {warm_ms:.1f} ms with "
        f"hits: {'yes' if served else 'NO'} (a query matching every record: {broad_ms:.0f} ms"
        f"{', degraded' if honest else ', NOT degraded'})",
        f"over max_namespace_records ({limit.max_namespace_records:,}) held compacted; "
        f"max_records ({limit.max_records:,}) in all; time_budget_ms {budget:.0f} ms",
        served
        and honest
        and held["default"] < held["whole"] / 2
        and warm_ms < budget
        and broad_ms < budget,
    )


_UNBOUNDED = CacheConfig(max_records=10**7, max_namespace_records=10**7)


def lock_delayed_suppression(pg_url: str, lock_wait: float = 2.5) -> Bound:
    """How long a suppression that waited ``lock_wait`` s on a row lock takes to stop being
    recalled by another engine's cache (PostgreSQL, recall every 50 ms)."""
    import psycopg

    schema = f"mp_bounds_{uuid.uuid4().hex[:10]}"
    key = "user_preference:prefer-oolong-tea"
    with psycopg.connect(pg_url, autocommit=True) as admin:
        admin.execute(f'CREATE SCHEMA "{schema}"')
        try:
            sep = "&" if "?" in pg_url else "?"
            url = f"{pg_url}{sep}options=-csearch_path%3D{schema}"
            with (
                postgres_store(url, pool_size=2) as reader_store,
                postgres_store(url, pool_size=2) as writer_store,
                postgres_store(url, pool_size=2) as suppressor_store,
                psycopg.connect(url, autocommit=True) as locker,
            ):
                secret = uuid.uuid4().hex
                fields: dict[str, Any] = {"principal_secret": secret, "store_deadline_ms": 30_000}
                reader = MemoryEngine(reader_store, MemoryConfig(**fields))
                writer = MemoryEngine(writer_store, MemoryConfig(**fields))
                suppressor = MemoryEngine(suppressor_store, MemoryConfig(**fields))
                writer.remember("alice", [candidate()], source_conversation_id="c-1")
                reader.recall("alice", "oolong tea")
                locker.execute("BEGIN")
                locker.execute(
                    "SELECT 1 FROM store WHERE prefix = %s AND key = %s FOR UPDATE",
                    (".".join(reader.namespace("alice")), key),
                )
                done = threading.Thread(target=lambda: suppressor.suppress("alice", key))
                done.start()
                time.sleep(lock_wait)
                writer.remember("alice", [_tea(1)], source_conversation_id="c-2")
                time.sleep(1.1)  # past revalidate_after: the reader sees that write
                reader.recall("alice", "oolong tea")
                locker.execute("COMMIT")
                done.join(30)
                committed = time.perf_counter()
                waited = 0.0
                while waited < 30 and any(
                    h.record.key == key for h in reader.recall("alice", "oolong tea").hits
                ):
                    time.sleep(0.05)
                    waited = time.perf_counter() - committed
                for engine in (reader, writer, suppressor):
                    engine.close()
        finally:
            admin.execute(f'DROP SCHEMA "{schema}" CASCADE')
    window = CacheConfig().revalidate_after.total_seconds()
    return Bound(
        f"PostgreSQL, suppression {lock_wait:g} s in a lock wait",
        f"honoured by another engine after {waited:.2f} s",
        f"revalidate_after {window:g} s + one recall interval",
        waited <= window + 0.05,
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tries", type=int, default=10, help="recalls per timing check")
    parser.add_argument("--turns", type=int, default=200, help="huge turns for the queue check")
    parser.add_argument(
        "--batch", type=int, default=20_000, help="candidates in one call (0: skip)"
    )
    parser.add_argument(
        "--huge-user", type=int, default=50_000, help="records of the huge user (0: skip)"
    )
    parser.add_argument("--pg-url", default=DEFAULT_PG)
    args = parser.parse_args(argv)
    import logging

    logging.basicConfig(level=logging.CRITICAL)  # the checks provoke warnings by design
    bounds = [recall_with_a_hung_store(args.tries), recall_with_a_stalled_embedder(args.tries)]
    bounds += calls_with_a_hung_store()
    bounds += queue_memory(args.turns)
    if args.batch:
        bounds.append(big_batch(args.batch, args.pg_url))
    bounds += [deleted_sqlite_file(), token_lifetime()]
    bounds += [hostile_answers(), recall_with_a_huge_message(args.tries)]
    if args.huge_user:
        bounds.append(cache_with_a_huge_user(args.huge_user))
    bounds.append(lock_delayed_suppression(args.pg_url))
    for bound in bounds:
        print(bound.line(), flush=True)
    return 0 if all(b.held for b in bounds) else 1


if __name__ == "__main__":
    sys.exit(main())
