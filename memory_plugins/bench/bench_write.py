"""``memory-plugins bench write``: candidates per second through the gates and the write path."""

import argparse
import time
from typing import Any

from memory_plugins.bench.bench_common import (
    backend_names,
    bench_config,
    open_backend,
)
from memory_plugins.candidate import example_candidate
from memory_plugins.cli.progress import progress
from memory_plugins.engine import MemoryEngine
from memory_plugins.gates import evaluate

__all__ = ["run", "synthetic_candidate"]

_TYPES = ("user_preference", "communication_preference", "workflow_preference", "project_context")


def synthetic_candidate(i: int) -> dict[str, Any]:
    """A realistic, distinct, accepted candidate (alternating Chinese and English)."""
    kind = _TYPES[i % len(_TYPES)]
    if i % 2:
        text, tags, subject = f"用户偏好第{i}号方案的简洁回答。", [f"方案{i}", "简洁"], f"方案{i}"
    else:
        text, tags, subject = (
            f"The user prefers plan {i} with concise answers.",
            [f"plan {i}", "concise"],
            f"plan {i}",
        )
    identity = {"subject": subject, "polarity": "prefer"}
    return example_candidate(type=kind, text=text, tags=tags, identity=identity)


def _load_detectors() -> float:
    """Seconds the gates' detectors take to load (once per process, on first use)."""
    start = time.perf_counter()
    evaluate(synthetic_candidate(0), "c-1", bench_config())
    return time.perf_counter() - start


def _gates(n: int) -> float:
    config = bench_config()
    cands = [synthetic_candidate(i) for i in range(n)]
    start = time.perf_counter()
    for cand in cands:
        evaluate(cand, "c-1", config)
    return n / (time.perf_counter() - start)


def _write(backend: str, n: int, batch: int) -> float:
    config = bench_config()
    cands = [synthetic_candidate(i) for i in range(n)]
    with open_backend(backend) as store:
        engine = MemoryEngine(store, config)
        start = time.perf_counter()
        for offset in range(0, n, batch):
            engine.remember(
                "bench-user", cands[offset : offset + batch], source_conversation_id="c-1"
            )
        rate = n / (time.perf_counter() - start)
        engine.erase_user("bench-user")
    return rate


def run(args: argparse.Namespace) -> int:
    """Print gates-alone and full-path throughput per backend and size."""
    sizes = (1_000,) if args.quick else (1_000, 10_000)
    backends = backend_names(args.backends)
    print(f"gates: detectors load on first use in {_load_detectors():.2f} s")
    print(f"gates alone: {_gates(20_000):,.0f} candidates/s  (target >= 2,000)")
    print(f"{'backend':<9} {'records':>8} {'1 per call':>14} {'50 per call':>14}")
    runs = [(backend, n) for backend in backends for n in sizes]
    for backend, n in progress(runs, total=len(runs), what="bench write"):
        single = _write(backend, n, 1)
        batched = _write(backend, n, 50)
        print(f"{backend:<9} {n:>8,} {single:>12,.0f}/s {batched:>12,.0f}/s")
    print("targets: full path >= 5,000/s in memory, >= 1,000/s on SQLite")
    return 0
