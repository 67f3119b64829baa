"""``memory-plugins bench recall``: end-to-end ``engine.recall`` latency by store and size.

Each backend gets a fresh, temporary store (SQLite in a temporary folder; PostgreSQL in a
temporary schema of the ``MEMORY_PLUGINS_STORE`` database, dropped afterwards), one
principal holding N synthetic bilingual records of every type, and a rotating set of
Chinese, English and mixed queries — some selecting records, most selecting none.

Columns: p50/p95 of ``engine.recall`` with the default configuration (read cache on: a
change-token check at most once a second, then the cached records are scored), that p50
per record, the p50 with the cache off (every recall reads and parses the whole
namespace: the cost of the first recall after a write), the scorer's own p50 (``select``
over parsed records), and the mean number of injected memories. The recall time budget
is raised to 60 s so a slow read shows up as latency instead of as an empty recall.

Then, with the meaning channel on (``--embeddings NAME``, the shipped ``default`` model
unless told otherwise; ``--embeddings none`` skips it), the same on the in-memory store at
1,000 records: ``engine.recall`` p50/p95 with the query embedding included, and the query
embedding's own p50. Without the model's extra that line says what to install.
"""

import argparse
import json
import time
from collections.abc import Sequence
from dataclasses import asdict, dataclass, replace
from typing import Any

from memory_plugins.cli.bench_common import (
    backend_names,
    bench_candidate,
    bench_config,
    open_backend,
)
from memory_plugins.cli.evalio import percentile
from memory_plugins.clock import utc_iso
from memory_plugins.embedders import load_embedder
from memory_plugins.engine import MemoryEngine
from memory_plugins.errors import ConfigurationError, MissingExtraError
from memory_plugins.recall.scoring import select
from memory_plugins.semantic import Embeddings, embedder_name

__all__ = ["Measurement", "measure", "measure_meaning", "run", "synthetic_record"]

SIZES = (10, 100, 1_000, 10_000)
QUICK_SIZES = (10, 100, 1_000)
TARGET_MS = {"memory": 2.0, "sqlite": 15.0, "postgres": 15.0}
MEANING_TARGET_MS = 15.0
"""p50 target of ``engine.recall`` with the meaning channel on, at 1,000 records."""
PRINCIPAL = "bench-recall-user"

_ZH_ITEMS = [
    "乌龙茶",
    "桃子",
    "香菜",
    "拿铁",
    "火锅",
    "寿司",
    "羽毛球",
    "爬山",
    "跑步",
    "瑜伽",
    "钢琴",
    "吉他",
    "摄影",
    "围棋",
    "咖啡豆",
    "抹茶",
    "榴莲",
    "芒果",
    "螺蛳粉",
    "烧烤",
    "电影",
    "纪录片",
    "科幻小说",
    "播客",
    "书法",
    "滑雪",
    "潜水",
    "露营",
    "骑行",
    "游泳",
]
_EN_ITEMS = [
    "espresso",
    "sourdough",
    "kayaking",
    "chess",
    "jazz",
    "sushi",
    "tennis",
    "climbing",
    "pottery",
    "gardening",
    "birdwatching",
    "cycling",
    "running",
    "podcasts",
    "sci-fi",
    "origami",
    "baking",
    "skiing",
    "surfing",
    "yoga",
    "photography",
    "opera",
    "bouldering",
    "camping",
    "knitting",
    "fishing",
    "astronomy",
    "salsa",
    "woodworking",
]
_TECH = [
    "VSCode",
    "React",
    "Vue",
    "PostgreSQL",
    "SQLite",
    "Docker",
    "Kubernetes",
    "FastAPI",
    "Django",
    "Rust",
    "Go",
    "TypeScript",
    "PowerShell",
    "Vim",
    "Neovim",
    "Terraform",
    "Redis",
    "Kafka",
    "Airflow",
    "pandas",
]
_QUERIES = (
    "推荐一款下午喝的茶",
    "今天有什么新闻",
    "VSCode 有哪些好用的插件",
    "帮我写一封辞职信",
    "What should I cook tonight?",
    "Explain how React hooks work",
    "Who wrote Hamlet?",
    "周末去哪里爬山比较好",
    "How do I tune PostgreSQL for many small writes?",
    "你喜欢什么",
    "给我讲个笑话",
    "Any tips for my kayaking trip?",
)


def synthetic_record(i: int) -> dict[str, Any]:
    """A distinct, accepted candidate; the type, language and topic vary with ``i``."""
    zh = _ZH_ITEMS[i % len(_ZH_ITEMS)]
    en = _EN_ITEMS[i % len(_EN_ITEMS)]
    tech = _TECH[i % len(_TECH)]
    n = i // 7
    shapes: list[tuple[str, str, list[str], dict[str, str]]] = [
        (
            "user_preference",
            f"用户喜欢{zh}，第{n}条。",
            [zh, f"偏好{n}"],
            {"subject": f"{zh}{n}", "polarity": "prefer"},
        ),
        (
            "user_preference",
            f"The user enjoys {en} (note {n}).",
            [en, f"hobby {n}"],
            {"subject": f"{en} {n}", "polarity": "prefer"},
        ),
        (
            "communication_preference",
            f"解释{tech}相关问题时先用大白话（{n}）。",
            [tech, "大白话"],
            {"subject": f"{tech}解释{n}", "facet": "先大白话"},
        ),
        (
            "workflow_preference",
            f"When working with {tech}, the user wants runnable examples first ({n}).",
            [tech, "examples"],
            {"subject": f"{tech} examples {n}"},
        ),
        (
            "standing_instruction",
            f"回答{zh}相关问题时附上出处（{n}）。",
            [f"{zh}出处", "出处"],
            {"subject": f"出处{zh}{n}"},
        ),
        (
            "project_context",
            f"The user maintains a {tech} service called project-{n}.",
            [f"project-{n}", tech],
            {"subject": f"project-{n}"},
        ),
        (
            "stable_user_context",
            f"用户在第{n}号团队做{tech}开发。",
            [f"团队{n}", tech],
            {"subject": f"团队{n}", "facet": tech},
        ),
    ]
    kind, text, tags, identity = shapes[i % len(shapes)]
    return bench_candidate(type=kind, text=text, tags=tags, identity=identity, reason="bench")


@dataclass(frozen=True, slots=True)
class Measurement:
    """Recall latency for one backend and record count."""

    backend: str
    records: int
    calls: int
    p50_ms: float
    p95_ms: float
    uncached_p50_ms: float
    """p50 with the read cache off (``MemoryConfig(cache=None)``): a full read every call."""
    score_p50_ms: float
    """p50 of the scorer alone (``select`` over already parsed records)."""
    mean_hits: float
    timeouts: int
    """Recalls that gave up at the time budget (the bench raises it to 60 s)."""


def _iterations(size: int) -> int:
    return 200 if size <= 100 else 60 if size <= 1_000 else 15


def _time(engine: MemoryEngine, calls: int) -> tuple[list[float], int, int]:
    for query in _QUERIES[:3]:  # warm-up: connections, lazy imports, the read cache
        engine.recall(PRINCIPAL, query)
    timings: list[float] = []
    hits = timeouts = 0
    for n in range(calls):
        query = _QUERIES[n % len(_QUERIES)]
        start = time.perf_counter()
        result = engine.recall(PRINCIPAL, query)
        timings.append((time.perf_counter() - start) * 1000)
        hits += len(result.hits)
        timeouts += result.degraded
    return timings, hits, timeouts


def _time_scoring(engine: MemoryEngine, calls: int) -> list[float]:
    records = engine.list_records(PRINCIPAL, "all")
    now = utc_iso(engine.clock.now())
    timings: list[float] = []
    for n in range(calls):
        query = _QUERIES[n % len(_QUERIES)]
        start = time.perf_counter()
        select(records, query, engine.config.recall, now)
        timings.append((time.perf_counter() - start) * 1000)
    return timings


def measure(backend: str, sizes: Sequence[int]) -> list[Measurement]:
    """Fill one fresh store of ``backend`` up to each size in turn and time ``recall``."""
    results: list[Measurement] = []
    base = bench_config()
    # Measure the work, not the budget: a slow read must show up as latency, not as a skip.
    config = replace(base, recall=replace(base.recall, time_budget_ms=60_000.0))
    with open_backend(backend) as store:
        engine = MemoryEngine(store, config)
        written = 0
        try:
            for size in sorted(sizes):
                for start in range(written, size, 250):
                    batch = [synthetic_record(i) for i in range(start, min(size, start + 250))]
                    engine.remember(PRINCIPAL, batch, source_conversation_id="bench-1")
                written = size
                timings, hits, timeouts = _time(engine, _iterations(size))
                uncached = MemoryEngine(store, replace(config, cache=None))
                uncached_timings, _, _ = _time(uncached, _iterations(size))
                score_timings = _time_scoring(engine, _iterations(size))
                results.append(
                    Measurement(
                        backend=backend,
                        records=size,
                        calls=len(timings),
                        p50_ms=percentile(timings, 50),
                        p95_ms=percentile(timings, 95),
                        uncached_p50_ms=percentile(uncached_timings, 50),
                        score_p50_ms=percentile(score_timings, 50),
                        mean_hits=hits / len(timings),
                        timeouts=timeouts,
                    )
                )
        finally:
            engine.forget(PRINCIPAL)
    return results


def measure_meaning(embeddings: Embeddings, size: int = 1_000) -> tuple[Measurement, float]:
    """``engine.recall`` on the in-memory store with the meaning channel on, and the p50 ms
    of embedding one query alone (the part of each recall the model costs)."""
    base = bench_config()
    config = replace(base, recall=replace(base.recall, time_budget_ms=60_000.0))
    with open_backend("memory") as store:
        engine = MemoryEngine(store, config, embeddings=embeddings)
        for start in range(0, size, 250):
            batch = [synthetic_record(i) for i in range(start, min(size, start + 250))]
            engine.remember(PRINCIPAL, batch, source_conversation_id="bench-1")
        calls = _iterations(size)
        timings, hits, timeouts = _time(engine, calls)
        alone: list[float] = []
        for n in range(calls):
            started = time.perf_counter()
            embeddings.embed_query(_QUERIES[n % len(_QUERIES)])
            alone.append((time.perf_counter() - started) * 1000)
    measured = Measurement(
        backend="memory+meaning",
        records=size,
        calls=len(timings),
        p50_ms=percentile(timings, 50),
        p95_ms=percentile(timings, 95),
        uncached_p50_ms=float("nan"),
        score_p50_ms=float("nan"),
        mean_hits=hits / len(timings),
        timeouts=timeouts,
    )
    return measured, percentile(alone, 50)


def _meaning_row(name: str, size: int) -> Measurement | None:
    try:
        embeddings = load_embedder(name)
        measured, query_ms = measure_meaning(embeddings, size)
    except (MissingExtraError, ConfigurationError) as exc:
        print(f"{'meaning':<9} unavailable: {exc}")
        return None
    print(
        f"{'meaning':<9} {measured.records:>8,} {measured.p50_ms:>9.3f} {measured.p95_ms:>9.3f} "
        f"   ({embedder_name(embeddings)}: query embedding alone p50 {query_ms:.3f} ms, "
        f"{measured.mean_hits:.1f} hits)"
    )
    verdict = "met" if measured.p50_ms <= MEANING_TARGET_MS else "MISSED"
    print(f"{'':<9} target p50 <= {MEANING_TARGET_MS:g} ms at {size:,} records: {verdict}")
    return measured


def run(args: argparse.Namespace) -> int:
    """Print p50/p95 recall latency per backend and size; ``--out`` writes JSON."""
    sizes = QUICK_SIZES if args.quick else SIZES
    results: list[Measurement] = []
    failed: list[str] = []
    backends = backend_names(args.backends)
    print(
        f"{'backend':<9} {'records':>8} {'p50 ms':>9} {'p95 ms':>9} {'us/record':>10} "
        f"{'uncached p50':>13} {'score p50':>10} {'hits':>5}"
    )
    for backend in backends:
        try:
            measured = measure(backend, sizes)
        except Exception as exc:  # one unreachable backend must not hide the others
            failed.append(f"{backend}: {exc}")
            print(f"{backend:<9} unavailable: {exc}")
            continue
        for m in measured:
            per_record = m.p50_ms * 1000 / m.records
            print(
                f"{m.backend:<9} {m.records:>8,} {m.p50_ms:>9.3f} {m.p95_ms:>9.3f} "
                f"{per_record:>10.2f} {m.uncached_p50_ms:>13.3f} {m.score_p50_ms:>10.3f} "
                f"{m.mean_hits:>5.1f}" + (f"  ({m.timeouts} timeouts)" if m.timeouts else "")
            )
        results.extend(measured)
        at_1000 = [m.p50_ms for m in measured if m.records == 1_000]
        if at_1000:
            verdict = "met" if at_1000[0] <= TARGET_MS[backend] else "MISSED"
            print(f"{'':<9} target p50 <= {TARGET_MS[backend]:g} ms at 1,000 records: {verdict}")
        growth = _growth(measured)
        if growth is not None:
            print(f"{'':<9} growth 1,000 -> 10,000 records: x{growth:.1f} (linear: x10)")
    name = getattr(args, "embeddings", None) or "none"
    if name != "none":
        meaning = _meaning_row(name, 1_000)
        if meaning is not None:
            results.append(meaning)
    if args.out:
        with open(args.out, "w", encoding="utf-8") as handle:
            json.dump([asdict(m) for m in results], handle, indent=2)
    for problem in failed:
        print(f"failed: {problem}")
    return 1 if failed else 0


def _growth(measured: Sequence[Measurement]) -> float | None:
    by_size = {m.records: m.p50_ms for m in measured}
    if 1_000 in by_size and 10_000 in by_size and by_size[1_000] > 0:
        return by_size[10_000] / by_size[1_000]
    return None
