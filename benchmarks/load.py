"""Load test: N simulated users x M turns against a real store, then an integrity check.

Each user is a thread. Every turn verifies the user's token (as an adapter would),
recalls memories for a query, then writes a mix of candidates: new facts and changed
ones (``added``/``updated``), restatements (``duplicate``), retractions (``suppressed``)
and candidates the gates must reject. The script reports throughput, p50/p95/p99
latency and errors, then checks the store: every accepted write is present exactly once
with its final text and status, every rejected one is absent. It exits non-zero when the
check fails or a call raised.

    python benchmarks/load.py --backend sqlite --users 50 --turns 200
    python benchmarks/load.py --backend postgres --users 50 --turns 200 --cache
    python benchmarks/load.py --backend sqlite,postgres --users 50 --turns 200 --compare

``--cross-process`` runs another test instead: 4 processes share one store (one suppresses
memories while the others recall every 50 ms, read cache on) and it prints the worst time
from a suppression being committed to every other process no longer recalling it
(target: ``revalidate_after`` + one recall interval), then checks the store as above:

    python benchmarks/load.py --cross-process --backend sqlite,postgres

PostgreSQL: ``--pg-url`` (default ``$MEMORY_PLUGINS_TEST_PG`` or the local ``test`` database);
the run uses a schema of its own and drops it afterwards.
"""

import argparse
import json
import logging
import os
import random
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import uuid
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from memory_plugins import (
    CacheConfig,
    MemoryConfig,
    MemoryEngine,
    MemoryType,
    OutcomeStatus,
    RecallConfig,
)
from memory_plugins.backends import postgres_store, sqlite_store
from memory_plugins.candidate import Identity
from memory_plugins.keys import stable_key
from memory_plugins.principals import KeyRing

DEFAULT_PG = os.environ.get("MEMORY_PLUGINS_TEST_PG", "postgresql://postgres@127.0.0.1:5432/test")
TOPICS = ("tea", "coffee", "editor", "language", "framework", "shell", "font", "airline")
REJECTIONS = ("temporary", "speculative", "low_confidence", "schema", "text_too_long")


@dataclass
class LoadReport:
    """What one run measured; ``ok`` when nothing raised and the integrity check passed."""

    backend: str
    cache: bool
    users: int
    turns: int
    seconds: float = 0.0
    turn_ms: dict[str, float] = field(default_factory=dict)
    recall_ms: dict[str, float] = field(default_factory=dict)
    write_ms: dict[str, float] = field(default_factory=dict)
    exceptions: int = 0
    store_unavailable: int = 0
    degraded_recalls: int = 0
    outcomes: dict[str, int] = field(default_factory=dict)
    engine_stats: dict[str, int] = field(default_factory=dict)
    problems: list[str] = field(default_factory=list)

    @property
    def throughput(self) -> float:
        """Turns (one recall + one write call) per second, all users together."""
        return self.users * self.turns / self.seconds if self.seconds else 0.0

    @property
    def errors(self) -> int:
        """Calls that raised, writes skipped by the store, recalls that fell back to nothing."""
        return self.exceptions + self.store_unavailable + self.degraded_recalls

    @property
    def ok(self) -> bool:
        return not self.problems and self.exceptions == 0

    def summary(self) -> str:
        label = f"{self.backend}{' +cache' if self.cache else ''}"
        return (
            f"{label:<16} {self.users:>3} users x {self.turns:<4} turns  "
            f"{self.throughput:8.1f} turns/s  "
            f"turn p50/p95/p99 {_pcts(self.turn_ms)} ms  "
            f"recall p99 {self.recall_ms.get('p99', 0):.1f} ms  "
            f"errors {self.errors} (raised {self.exceptions}, store_unavailable "
            f"{self.store_unavailable}, degraded recalls {self.degraded_recalls})  "
            f"integrity {'OK' if not self.problems else f'FAILED ({len(self.problems)})'}"
        )


class SimulatedUser:
    """One user's turns, and the state the store must end up in (a model of the engine)."""

    def __init__(self, index: int, seed: int, ring: KeyRing) -> None:
        self.name = f"user-{index:04d}"
        self.rng = random.Random(seed * 100_003 + index)
        self.token = ring.issue(self.name)
        self.subjects = [f"{topic} {index}-{k}" for k, topic in enumerate(TOPICS[:6])]
        self.expected: dict[str, tuple[str, str]] = {}  # key -> (text, status)
        self.last: dict[str, dict[str, Any]] = {}  # key -> last accepted candidate
        self.rejected: set[str] = set()
        self.problems: list[str] = []

    def plan(self, turn: int) -> list[tuple[dict[str, Any], OutcomeStatus, str]]:
        """This turn's candidates, each with the outcome the engine must report and its key."""
        planned: list[tuple[dict[str, Any], OutcomeStatus, str]] = []
        roll = self.rng.random()
        active = [k for k, (_, status) in self.expected.items() if status == "active"]
        if roll < 0.40:
            subject = self.rng.choice(self.subjects)
            cand = _candidate(subject, f"The user prefers {subject} since turn {turn}.")
            key = _key(subject)
            planned.append(
                (cand, OutcomeStatus.UPDATED if key in self.expected else OutcomeStatus.ADDED, key)
            )
        elif roll < 0.50 and active:
            key = self.rng.choice(active)
            planned.append((dict(self.last[key]), OutcomeStatus.DUPLICATE, key))
        elif roll < 0.58 and active:
            key = self.rng.choice(active)
            cand = dict(self.last[key], action="suppress")
            planned.append((cand, OutcomeStatus.SUPPRESSED, key))
        if self.rng.random() < 0.5:
            subject = f"rejected {self.name} {turn}"
            kind = self.rng.choice(REJECTIONS)
            planned.append((_rejected(subject, kind), OutcomeStatus.REJECTED, _key(subject)))
        return planned

    def apply(
        self, planned: tuple[dict[str, Any], OutcomeStatus, str], status: OutcomeStatus
    ) -> None:
        cand, expected, key = planned
        if status is not expected:
            self.problems.append(f"{self.name} {key}: expected {expected}, engine said {status}")
            return
        if status in (OutcomeStatus.ADDED, OutcomeStatus.UPDATED):
            self.expected[key] = (cand["text"], "active")
            self.last[key] = cand
        elif status is OutcomeStatus.SUPPRESSED:
            self.expected[key] = (self.expected[key][0], "suppressed")
        elif status is OutcomeStatus.REJECTED:
            self.rejected.add(key)


def _key(subject: str) -> str:
    return stable_key(MemoryType.USER_PREFERENCE, Identity(subject=subject, polarity="prefer"))


def _candidate(subject: str, text: str) -> dict[str, Any]:
    return {
        "type": "user_preference",
        "text": text,
        "tags": subject.split()[:2],
        "confidence": 0.9,
        "stability": "stable",
        "identity": {"subject": subject, "polarity": "prefer"},
        "action": "add",
        "source_signal": "explicit_memory_intent",
        "reason": "stated as lasting",
        "conflict_signal": False,
    }


def _rejected(subject: str, kind: str) -> dict[str, Any]:
    cand = _candidate(subject, f"The user prefers {subject}.")
    if kind in ("temporary", "speculative"):
        cand["stability"] = kind
    elif kind == "low_confidence":
        cand["confidence"] = 0.3
    elif kind == "schema":
        cand["mood"] = "cheerful"
    else:
        cand["text"] = "The user prefers " + "very " * 80 + "long answers."
    return cand


def _pct(values: list[float], p: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(p / 100 * len(ordered) + 0.5) - 1))]


def _latency(values: list[float]) -> dict[str, float]:
    return {f"p{p}": round(_pct(values, p), 2) for p in (50, 95, 99)} | {
        "max": round(max(values, default=0.0), 2)
    }


def _pcts(summary: dict[str, float]) -> str:
    return "/".join(f"{summary.get(p, 0):.1f}" for p in ("p50", "p95", "p99"))


@contextmanager
def open_store(backend: str, pg_url: str, pool_size: int) -> Iterator[Any]:
    """A fresh store: an InMemoryStore, a temporary SQLite file or a private PG schema."""
    if backend == "memory":
        from langgraph.store.memory import InMemoryStore

        yield InMemoryStore()
    elif backend == "sqlite":
        with (
            tempfile.TemporaryDirectory() as folder,
            sqlite_store(Path(folder) / "load.sqlite") as store,
        ):
            yield store
    elif backend == "postgres":
        import psycopg

        schema = f"mp_load_{uuid.uuid4().hex[:10]}"
        with psycopg.connect(pg_url, autocommit=True) as admin:
            admin.execute(f'CREATE SCHEMA "{schema}"')
            try:
                sep = "&" if "?" in pg_url else "?"
                url = f"{pg_url}{sep}options=-csearch_path%3D{schema}"
                with postgres_store(url, pool_size=pool_size) as store:
                    yield store
            finally:
                admin.execute(f'DROP SCHEMA "{schema}" CASCADE')
    else:
        raise SystemExit(f"unknown backend {backend!r}: use memory, sqlite or postgres")


def check_integrity(engine: MemoryEngine, users: list[SimulatedUser]) -> list[str]:
    """Every accepted write present exactly once with its final text and status; no rejected one."""
    problems = [p for user in users for p in user.problems]
    for user in users:
        records = engine.list_records(user.name, "all")
        keys = [r.key for r in records]
        if len(keys) != len(set(keys)):
            problems.append(f"{user.name}: a key is stored more than once")
        found = {r.key: (r.text, r.status.value) for r in records}
        for key, want in user.expected.items():
            if key not in found:
                problems.append(f"{user.name} {key}: accepted write missing")
            elif found[key] != want:
                problems.append(f"{user.name} {key}: stored {found[key]}, expected {want}")
        for key in set(found) - set(user.expected):
            problems.append(f"{user.name} {key}: stored but never accepted")
        for key in user.rejected & set(found):
            problems.append(f"{user.name} {key}: a rejected candidate was stored")
    return problems


def run(
    backend: str,
    *,
    users: int = 50,
    turns: int = 200,
    cache: bool = False,
    pool_size: int = 10,
    budget_ms: float = 250.0,
    seed: int = 7,
    pg_url: str = DEFAULT_PG,
) -> LoadReport:
    """Drive ``users`` threads through ``turns`` turns each and check the store afterwards."""
    config = MemoryConfig(
        principal_secret=uuid.uuid4().hex,
        app=f"load-{uuid.uuid4().hex[:8]}",
        cache=CacheConfig() if cache else None,
        recall=RecallConfig(time_budget_ms=budget_ms),
    )
    ring = KeyRing(uuid.uuid4().hex, kid="load-1")
    report = LoadReport(backend=backend, cache=cache, users=users, turns=turns)
    people = [SimulatedUser(i, seed, ring) for i in range(users)]
    turn_ms: list[float] = []
    recall_ms: list[float] = []
    write_ms: list[float] = []
    outcomes: dict[str, int] = {}
    lock = threading.Lock()
    start = threading.Barrier(users + 1)

    with open_store(backend, pg_url, pool_size) as store:
        engine = MemoryEngine(store, config)

        def chat(user: SimulatedUser) -> None:
            mine_turn, mine_recall, mine_write = [], [], []
            mine_outcomes: dict[str, int] = {}
            raised = degraded = unavailable = 0
            start.wait()
            for turn in range(turns):
                planned = user.plan(turn)
                subject = user.rng.choice(user.subjects)
                t0 = time.perf_counter()
                try:
                    principal = ring.verify(user.token)
                    recalled = engine.recall(principal, f"what about my {subject}?")
                    t1 = time.perf_counter()
                    written = engine.remember(
                        principal,
                        [c for c, _, _ in planned],
                        source_conversation_id=f"{user.name}-c{turn}",
                    )
                    t2 = time.perf_counter()
                except Exception as exc:
                    raised += 1
                    user.problems.append(f"{user.name} turn {turn}: raised {exc!r}")
                    continue
                degraded += recalled.degraded
                mine_recall.append((t1 - t0) * 1000)
                mine_write.append((t2 - t1) * 1000)
                mine_turn.append((t2 - t0) * 1000)
                for plan, outcome in zip(planned, written, strict=True):
                    mine_outcomes[str(outcome)] = mine_outcomes.get(str(outcome), 0) + 1
                    if outcome.status is OutcomeStatus.STORE_UNAVAILABLE:
                        unavailable += 1  # not applied: the model keeps the previous state
                        continue
                    user.apply(plan, outcome.status)
            with lock:
                turn_ms.extend(mine_turn)
                recall_ms.extend(mine_recall)
                write_ms.extend(mine_write)
                for name, count in mine_outcomes.items():
                    outcomes[name] = outcomes.get(name, 0) + count
                report.exceptions += raised
                report.degraded_recalls += degraded
                report.store_unavailable += unavailable

        threads = [threading.Thread(target=chat, args=(u,), name=u.name) for u in people]
        for t in threads:
            t.start()
        start.wait()
        began = time.perf_counter()
        for t in threads:
            t.join()
        report.seconds = time.perf_counter() - began
        report.engine_stats = engine.stats.snapshot()

        # Read back through a fresh engine without a cache: what is really in the store.
        auditor = MemoryEngine(
            store, MemoryConfig(principal_secret=config.principal_secret, app=config.app)
        )
        report.problems = check_integrity(auditor, people)

    report.turn_ms, report.recall_ms, report.write_ms = (
        _latency(turn_ms),
        _latency(recall_ms),
        _latency(write_ms),
    )
    report.outcomes = dict(sorted(outcomes.items()))
    return report


def _ratios(base: LoadReport, cached: LoadReport) -> str:
    def ratio(a: float, b: float) -> str:
        return f"{a / b:.2f}x" if b else "n/a"

    return (
        f"{base.backend:<16} cache/no-cache: throughput {ratio(cached.throughput, base.throughput)}, "
        f"turn p99 {ratio(cached.turn_ms['p99'], base.turn_ms['p99'])}, "
        f"recall p99 {ratio(cached.recall_ms['p99'], base.recall_ms['p99'])}, "
        f"errors {base.errors} -> {cached.errors}"
    )


@dataclass
class CrossProcessReport:
    """One cross-process run: how long other processes kept recalling a suppressed memory."""

    backend: str
    processes: int
    interval_ms: float
    revalidate_after_s: float
    suppressions: int = 0
    honour_s: list[float] = field(default_factory=list)
    unhonoured: int = 0
    recalls: int = 0
    degraded_recalls: int = 0
    exceptions: int = 0
    problems: list[str] = field(default_factory=list)

    @property
    def target_s(self) -> float:
        """The bound a suppression must be honoured within: one revalidation + one interval."""
        return self.revalidate_after_s + self.interval_ms / 1000

    @property
    def worst_s(self) -> float:
        return max(self.honour_s, default=0.0)

    @property
    def ok(self) -> bool:
        return not self.problems and self.exceptions == 0

    def summary(self) -> str:
        median = statistics.median(self.honour_s) if self.honour_s else 0.0
        verdict = "within" if self.worst_s <= self.target_s else "OVER"
        honour = (
            f"worst {self.worst_s:.3f} s, median {median:.3f} s "
            f"({verdict} target {self.target_s:.3f} s)"
            if not self.unhonoured
            else f"NEVER for {self.unhonoured} (reader, suppression) pairs"
        )
        return (
            f"{self.backend:<10} cross-process: {self.processes} processes, recall every "
            f"{self.interval_ms:.0f} ms, {self.suppressions} suppressions  "
            f"time to honour a suppression: {honour}  recalls {self.recalls}  "
            f"errors {self.exceptions + self.degraded_recalls} (raised {self.exceptions}, "
            f"degraded recalls {self.degraded_recalls})  "
            f"integrity {'OK' if not self.problems else f'FAILED ({len(self.problems)})'}"
        )


def _drink(user: int, k: int) -> tuple[str, dict[str, Any]]:
    subject = f"drink {user}-{k}"
    cand = _candidate(subject, f"The user drinks kw{user}x{k} every morning.")
    cand["tags"] = [f"kw{user}x{k}", "morning"]
    return _key(subject), cand


@contextmanager
def _shared_store(backend: str, location: str) -> Iterator[Any]:
    if backend == "sqlite":
        with sqlite_store(location) as store:
            yield store
    else:
        with postgres_store(location, pool_size=2) as store:
            yield store


def _child(spec: dict[str, Any]) -> dict[str, Any]:
    """One process of a cross-process run: the writer suppresses on schedule, a reader recalls."""
    config = MemoryConfig(principal_secret=spec["secret"], app=spec["app"], cache=CacheConfig())
    with _shared_store(spec["backend"], spec["location"]) as store:
        engine = MemoryEngine(store, config)
        print("ready", flush=True)
        start = float(sys.stdin.readline().split()[1])
        end = start + spec["duration"]
        if spec["role"] == "writer":
            done: list[tuple[str, str, float]] = []
            errors = 0
            for (user, key), offset in zip(spec["targets"], spec["schedule"], strict=True):
                time.sleep(max(0.0, start + offset - time.time()))
                outcome = engine.suppress(user, key, conversation_id=f"suppress-{key}")
                if outcome.status is OutcomeStatus.SUPPRESSED:
                    done.append((user, key, time.time()))  # committed when suppress returns
                else:
                    errors += 1
            return {"role": "writer", "suppressed": done, "errors": errors}
        observations: list[tuple[str, float, float, list[str]]] = []
        degraded = raised = 0
        interval = spec["interval_ms"] / 1000
        tick = start
        while tick < end:
            time.sleep(max(0.0, tick - time.time()))
            for user, query in spec["queries"]:
                began = time.time()
                try:
                    result = engine.recall(user, query)
                except Exception:
                    raised += 1
                    continue
                degraded += result.degraded
                keys = [hit.record.key for hit in result.hits]
                observations.append((user, began, time.time(), keys))
            tick += interval
        return {
            "role": "reader",
            "observations": observations,
            "degraded": degraded,
            "errors": raised,
        }


def honour_times(
    suppressed: Sequence[Sequence[Any]], readers: Sequence[Sequence[Sequence[Any]]]
) -> tuple[list[float], list[str]]:
    """Per suppression and reader: seconds from its commit until that reader's recalls
    stopped returning the key for good (the end of its first recall without it after the
    last one with it). A reader that still recalled it at the end is a problem."""
    times: list[float] = []
    problems: list[str] = []
    for user, key, committed in suppressed:
        for index, observations in enumerate(readers):
            mine = sorted((o for o in observations if o[0] == user), key=lambda o: o[1])
            last_seen = max((i for i, o in enumerate(mine) if key in o[3]), default=-1)
            after = [o for o in mine[last_seen + 1 :] if o[2] >= committed]
            if not after:
                problems.append(f"reader {index} still recalled suppressed {key} at the end")
                continue
            times.append(max(0.0, after[0][2] - committed))
    return times, problems


def run_cross_process(
    backend: str,
    *,
    processes: int = 4,
    interval_ms: float = 50.0,
    suppressions: int = 8,
    seed: int = 7,
    pg_url: str = DEFAULT_PG,
) -> CrossProcessReport:
    """One writer and ``processes - 1`` readers, each its own OS process over one store."""
    if backend not in ("sqlite", "postgres"):
        raise SystemExit("--cross-process needs a store shared by processes: sqlite or postgres")
    if processes < 2 or suppressions < 1:
        raise SystemExit("--cross-process needs at least 2 processes and 1 suppression")
    revalidate = CacheConfig().revalidate_after.total_seconds()
    report = CrossProcessReport(backend, processes, interval_ms, revalidate, suppressions)
    rng = random.Random(seed)
    users = [f"user-{u:03d}" for u in range((suppressions + 1) // 2)]
    targets = [(name, _drink(u, k)) for u, name in enumerate(users) for k in range(2)]
    targets = targets[:suppressions]
    # Suppressions land at random phases of the readers' revalidation windows.
    warmup, schedule, at = 1.5, [], 1.5
    for _ in targets:
        schedule.append(at)
        at += 0.3 + rng.random() * (revalidate / 2)
    spec: dict[str, Any] = {
        "backend": backend,
        "secret": uuid.uuid4().hex,
        "app": f"xload-{uuid.uuid4().hex[:8]}",
        "interval_ms": interval_ms,
        "duration": at + revalidate + 1.0 + warmup,
        "targets": [(user, key) for user, (key, _) in targets],
        "schedule": schedule,
        "queries": [
            (name, f"what do I drink: kw{u}x0 or kw{u}x1?") for u, name in enumerate(users)
        ],
    }
    with tempfile.TemporaryDirectory() as folder, _location(backend, folder, pg_url) as location:
        spec["location"] = location
        config = MemoryConfig(principal_secret=spec["secret"], app=spec["app"], cache=None)
        with _shared_store(backend, location) as store:
            seeder = MemoryEngine(store, config)
            for user, (_, cand) in targets:
                seeder.remember(user, [cand], source_conversation_id="seed")
        results = _run_children(spec, processes)
        writer = next(r for r in results if r["role"] == "writer")
        readers = [r for r in results if r["role"] == "reader"]
        report.exceptions = writer["errors"] + sum(r["errors"] for r in readers)
        report.degraded_recalls = sum(r["degraded"] for r in readers)
        report.recalls = sum(len(r["observations"]) for r in readers)
        report.honour_s, report.problems = honour_times(
            writer["suppressed"], [r["observations"] for r in readers]
        )
        report.unhonoured = len(report.problems)
        with _shared_store(backend, location) as store:
            auditor = MemoryEngine(store, config)
            report.problems += _check_suppressed(auditor, spec["targets"], writer["suppressed"])
    return report


@contextmanager
def _location(backend: str, folder: str, pg_url: str) -> Iterator[str]:
    if backend == "sqlite":
        yield str(Path(folder) / "shared.sqlite")
        return
    import psycopg

    schema = f"mp_xload_{uuid.uuid4().hex[:10]}"
    with psycopg.connect(pg_url, autocommit=True) as admin:
        admin.execute(f'CREATE SCHEMA "{schema}"')
        try:
            sep = "&" if "?" in pg_url else "?"
            yield f"{pg_url}{sep}options=-csearch_path%3D{schema}"
        finally:
            admin.execute(f'DROP SCHEMA "{schema}" CASCADE')


def _run_children(spec: dict[str, Any], processes: int) -> list[dict[str, Any]]:
    roles = ["writer"] + ["reader"] * (processes - 1)
    children = [
        subprocess.Popen(
            [
                sys.executable,
                str(Path(__file__).resolve()),
                "--child",
                json.dumps(spec | {"role": r}),
            ],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )
        for r in roles
    ]
    try:
        for child in children:
            assert child.stdout is not None
            if child.stdout.readline().strip() != "ready":
                raise RuntimeError("a cross-process child failed to start")
        start = time.time() + 0.2
        for child in children:
            assert child.stdin is not None
            child.stdin.write(f"go {start}\n")
            child.stdin.flush()
        outputs = [child.communicate(timeout=spec["duration"] + 60)[0] for child in children]
    finally:
        for child in children:
            if child.poll() is None:
                child.kill()
    return [json.loads(out.strip().splitlines()[-1]) for out in outputs]


def _check_suppressed(
    engine: MemoryEngine, targets: Sequence[Sequence[str]], suppressed: Sequence[Sequence[Any]]
) -> list[str]:
    """Every suppressed key is stored suppressed, every other target is still active."""
    done = {(user, key) for user, key, _ in suppressed}
    problems = []
    for user, key in targets:
        found = {r.key: r.status.value for r in engine.list_records(user, "all")}
        want = "suppressed" if (user, key) in done else "active"
        if found.get(key) != want:
            problems.append(f"{user} {key}: stored {found.get(key)}, expected {want}")
    return problems


def main(argv: list[str] | None = None) -> int:
    """Parse arguments, run, print; 0 when every run's integrity check passed."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--backend", default="sqlite", help="memory, sqlite, postgres, or a comma list"
    )
    parser.add_argument("--users", type=int, default=50)
    parser.add_argument("--turns", type=int, default=200)
    parser.add_argument("--cache", action="store_true", help="turn the engine's read cache on")
    parser.add_argument("--compare", action="store_true", help="run without and with the cache")
    parser.add_argument("--pool-size", type=int, default=10, help="PostgreSQL connections")
    parser.add_argument("--budget-ms", type=float, default=250.0, help="recall time budget")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--pg-url", default=DEFAULT_PG)
    parser.add_argument("--json", type=Path, help="also write the reports here")
    parser.add_argument(
        "--cross-process", action="store_true", help="time suppressions seen across processes"
    )
    parser.add_argument("--processes", type=int, default=4, help="with --cross-process")
    parser.add_argument("--interval-ms", type=float, default=50.0, help="with --cross-process")
    parser.add_argument("--suppressions", type=int, default=8, help="with --cross-process")
    parser.add_argument("--child", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    # Degraded recalls are counted in the report; one warning line each would drown it.
    logging.basicConfig(level=logging.ERROR)
    if args.child:
        print(json.dumps(_child(json.loads(args.child))), flush=True)
        return 0
    if args.cross_process:
        return _main_cross_process(args)

    reports: list[LoadReport] = []
    pairs: list[tuple[LoadReport, LoadReport]] = []
    for backend in [b.strip() for b in args.backend.split(",") if b.strip()]:
        modes = (False, True) if args.compare else (args.cache,)
        runs = []
        for cache in modes:
            report = run(
                backend,
                users=args.users,
                turns=args.turns,
                cache=cache,
                pool_size=args.pool_size,
                budget_ms=args.budget_ms,
                seed=args.seed,
                pg_url=args.pg_url,
            )
            print(report.summary(), flush=True)
            for problem in report.problems[:20]:
                print(f"  integrity: {problem}")
            runs.append(report)
        reports += runs
        if len(runs) == 2:
            pairs.append((runs[0], runs[1]))
    for base, cached in pairs:
        print(_ratios(base, cached))
    if args.json:
        args.json.write_text(
            json.dumps(
                [asdict(r) | {"throughput": r.throughput, "ok": r.ok} for r in reports], indent=2
            )
        )
    return 0 if all(r.ok for r in reports) else 1


def _main_cross_process(args: argparse.Namespace) -> int:
    reports = []
    for backend in [b.strip() for b in args.backend.split(",") if b.strip()]:
        report = run_cross_process(
            backend,
            processes=args.processes,
            interval_ms=args.interval_ms,
            suppressions=args.suppressions,
            seed=args.seed,
            pg_url=args.pg_url,
        )
        print(report.summary(), flush=True)
        for problem in report.problems[:20]:
            print(f"  integrity: {problem}")
        reports.append(report)
    if args.json:
        args.json.write_text(
            json.dumps([asdict(r) | {"worst_s": r.worst_s, "ok": r.ok} for r in reports], indent=2)
        )
    return 0 if all(r.ok for r in reports) else 1


if __name__ == "__main__":
    sys.exit(main())
