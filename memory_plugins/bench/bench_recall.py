"""``memory-plugins bench recall``: ``engine.recall`` at scale, side by side with baselines.

Each backend gets a fresh, temporary store (SQLite in a temporary folder; PostgreSQL in a
temporary schema of the ``MEMORY_PLUGINS_STORE`` database, dropped afterwards) and two
principals holding N synthetic bilingual records of every type: one written by an engine
without embeddings (rules only), one by an engine with the meaning channel on (its
records carry vectors). Queries rotate over Chinese, English and mixed ones — some
selecting records, most selecting none. On the same records, in the same run:

* ``warm`` — p50 of ``recall`` on a warm read cache (the default configuration: the
  change token is checked at most once a second, the cached index answers);
* ``own write`` — p50 of the first ``recall`` after the engine's own write (one record
  updated): the cache takes the write in place;
* ``foreign`` — p50 of the first ``recall`` after another engine on the same store (another
  process, in effect) updated one record, with the token check due: SQLite and PostgreSQL
  read only what changed, other stores the whole namespace;
* ``cold`` — p50 of the first ``recall`` of a new engine (empty cache: the whole namespace
  is read, parsed and indexed);
* ``bm25s`` — p50 of a BM25 top-3 over the records' texts (the scorer's words, the index
  built beforehand): the baseline each figure is also given as a ratio of;
* ``bm25s floor`` (printed under the table) — p50 of ``bm25s``' scores alone plus a top-3
  over the nonzero scores, timed query by query in turn with ``bm25s.retrieve``: its top-3
  is numpy's ``argpartition`` over every score, which some numpy versions take far longer
  over many tied zeros than over distinct scores. The targets are judged against
  ``bm25s.retrieve``, the baseline they were set on; the floor is printed for reference
  and judged by no target: it leaves out what every recall pays whatever matches (the
  query read, the scope and the cache checked, the message rendered);
* ``store vec`` — p50 of the LangGraph ``InMemoryStore``'s own vector search (top 3, the
  query embedding included) over the same texts, with the same embeddings;
* ``KB/rec`` — memory held per cached record, the index (and the vector matrix) included,
  measured with ``tracemalloc`` while the cache is built from the stored JSON bytes (as
  from SQLite or PostgreSQL; records are parsed, and grow, once a query touches them).

Meaning rows embed with ``--embeddings`` (default ``hash``: the in-package, deterministic
:class:`~memory_plugins.testing.HashingEmbeddings`, 384 dimensions; ``minilm`` needs the
``semantic`` extra) behind a per-text memo, so their figures leave the query embedding out
(it is printed apart). The recall time budget is raised to 60 s so a slow read shows up as
latency instead of as an empty recall.

Then, at each size up to 10,000, the cost of the records' cues and other senses: warm
``recall`` p50 (in memory, rules alone) over the same records with their cues and other
senses and without, timed in turn query by query in the same run, and the KB per cached
record of each (one query holds an other sense of a seventh of the records, which are then
scored one at a time); and the dense-vocabulary row (see :func:`dense_row`).

Last, the meaning channel as a user runs it: the shipped ``default`` model (or the one
``--embeddings`` names; ``none`` skips it) on the in-memory store at 1,000 records,
``engine.recall`` p50/p95 with the query embedding included, and the query embedding's
own p50. Without the model's extra that line says what to install.
"""

import argparse
import gc
import json
import time
import tracemalloc
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, replace
from datetime import timedelta
from typing import Any

from memory_plugins.bench.bench_common import (
    backend_names,
    bench_config,
    open_backend,
)
from memory_plugins.bench.evalio import percentile
from memory_plugins.candidate import example_candidate
from memory_plugins.cli.progress import progress
from memory_plugins.config import CacheConfig, MemoryConfig
from memory_plugins.embedders import load_embedder
from memory_plugins.engine import MemoryEngine
from memory_plugins.errors import ConfigurationError, MissingExtraError
from memory_plugins.recall.index import RecordIndex
from memory_plugins.recall.query import content_words
from memory_plugins.semantic import Embeddings, embedder_name

__all__ = [
    "Baselines",
    "CueCost",
    "DenseRow",
    "Measurement",
    "cue_costs",
    "dense_row",
    "measure",
    "measure_meaning",
    "run",
    "synthetic_record",
]

SIZES = (1_000, 10_000, 50_000)
QUICK_SIZES = (100, 1_000)
CUE_TARGET = 1.2
"""Warm recall p50 with the records' cues, at most this many times that without them."""
MEANING_TARGET_MS = 15.0
"""p50 target of ``engine.recall`` with the meaning channel on, at 1,000 records."""
PRINCIPAL = "bench-recall-user"
TOP = 3
SETTLE_SECONDS = 1.5
"""Pause after filling: stored memories are older than the change margin (1 s) a read of
what changed looks back over; records written a moment ago are not."""

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
_SENSE_QUERY = "Explain how React hooks work"
"""The query of :data:`_QUERIES` that holds other senses of the bench's records."""


_QUERIES = (
    "推荐一款下午喝的茶",
    "今天有什么新闻",
    "VSCode 有哪些好用的插件",
    "帮我写一封辞职信",
    "What should I cook tonight?",
    _SENSE_QUERY,
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
    # Six cues per record (S1 allows eight): four of its own, two many records share.
    cues = [f"deploy {n}", f"评审{n}", f"{tech} review", f"ticket {n}", "周报", "release notes"]
    # Other senses for the project records: _SENSE_QUERY holds one of React's.
    senses = [f"{tech} hooks", f"{tech} meetup"] if kind == "project_context" else []
    return example_candidate(
        type=kind,
        text=text,
        tags=tags,
        identity=identity,
        reason="bench",
        cues=cues,
        other_senses=senses,
    )


@dataclass(frozen=True, slots=True)
class Measurement:
    """Recall at one backend, record count and channel setting (milliseconds)."""

    backend: str
    records: int
    meaning: bool
    calls: int
    p50_ms: float
    """Warm read cache."""
    p95_ms: float
    own_write_ms: float
    """First recall after the engine's own write."""
    foreign_write_ms: float
    """First recall after another engine's write, the token check due."""
    cold_ms: float
    """First recall of a new engine (empty cache)."""
    kb_per_record: float
    """Cached bytes per record (records, index, vectors) / 1024."""
    mean_hits: float
    timeouts: int
    """Recalls that gave up at the time budget (the bench raises it to 60 s)."""


@dataclass(frozen=True, slots=True)
class Baselines:
    """The same records searched by other means (milliseconds, p50)."""

    records: int
    bm25s_ms: float | None
    """``bm25s.retrieve``, top 3."""
    bm25s_floor_ms: float | None
    """``bm25s``' scores, then a top 3 over the nonzero scores alone."""
    store_vector_ms: float | None
    embed_query_ms: float | None
    """One query embedding, which the meaning rows leave out."""


@dataclass(frozen=True, slots=True)
class DenseRow:
    """Warm recall over records of a dense vocabulary and the baselines on the same records
    (milliseconds, p50; in memory, rules alone)."""

    records: int
    warm_ms: float
    bm25s_ms: float | None
    bm25s_floor_ms: float | None
    mean_hits: float

    @property
    def baseline_ms(self) -> float | None:
        """``bm25s.retrieve`` as installed: the baseline the target names. The floor is
        printed beside it for reference and judged by no target (see ``_print_dense_row``)."""
        return self.bm25s_ms


@dataclass(frozen=True, slots=True)
class CueCost:
    """Warm recall over the same records with and without their cues (in memory, rules)."""

    records: int
    with_ms: float
    without_ms: float
    kb_with: float
    kb_without: float
    sense_with_ms: float = 0.0
    """Warm p50 of the one query that holds other senses (:data:`_SENSE_QUERY`), with them."""
    sense_without_ms: float = 0.0
    """The same query over the records without cues and other senses."""


class _Memo:
    """Embeddings behind a per-text memo: a repeated query costs a dict lookup."""

    def __init__(self, inner: Embeddings) -> None:
        self.inner = inner
        self.name = embedder_name(inner)
        self._seen: dict[str, list[float]] = {}

    def embed_documents(self, texts: list[str]) -> list[list[float]]:
        missing = [t for t in dict.fromkeys(texts) if t not in self._seen]
        if missing:
            self._seen.update(zip(missing, self.inner.embed_documents(missing), strict=True))
        return [self._seen[t] for t in texts]

    def embed_query(self, text: str) -> list[float]:
        if text not in self._seen:
            self._seen[text] = self.inner.embed_query(text)
        return self._seen[text]


def _iterations(size: int) -> int:
    return 200 if size <= 1_000 else 60 if size <= 10_000 else 30


def _ms(started: float) -> float:
    return (time.perf_counter() - started) * 1000


def _time(engine: MemoryEngine, calls: int) -> tuple[list[float], int, int]:
    for query in _QUERIES[:3]:  # warm-up: connections, lazy imports, the read cache
        engine.recall(PRINCIPAL, query)
    timings: list[float] = []
    hits = timeouts = 0
    for n in range(calls):
        query = _QUERIES[n % len(_QUERIES)]
        start = time.perf_counter()
        result = engine.recall(PRINCIPAL, query)
        timings.append(_ms(start))
        hits += len(result.hits)
        timeouts += result.degraded
    return timings, hits, timeouts


def _revision(i: int, n: int) -> dict[str, Any]:
    """Record ``i`` restated with another text: an ``updated`` outcome."""
    base = synthetic_record(i)
    return dict(base, text=base["text"].rstrip("。.") + f" (rev {n}).")


def _after_writes(
    writer: MemoryEngine, reader: MemoryEngine, size: int, runs: int, first: int
) -> list[float]:
    """Time ``reader.recall`` right after each of ``runs`` one-record updates by ``writer``."""
    timings: list[float] = []
    for n in range(runs):
        writer.remember(
            PRINCIPAL, [_revision((n * 7919) % size, first + n)], source_conversation_id="bench-2"
        )
        query = _QUERIES[n % len(_QUERIES)]
        start = time.perf_counter()
        reader.recall(PRINCIPAL, query)
        timings.append(_ms(start))
    return timings


def _cold(make: Callable[[], MemoryEngine], runs: int) -> list[float]:
    timings: list[float] = []
    for n in range(runs):
        engine = make()
        gc.collect()
        start = time.perf_counter()
        engine.recall(PRINCIPAL, _QUERIES[n % len(_QUERIES)])
        timings.append(_ms(start))
    return timings


def _kb_per_record(engine: MemoryEngine, size: int) -> float:
    """Bytes kept by the records and their index as a cold read builds them from a SQL
    store's rows: from each value's stored JSON bytes on (kept as they are until a query
    touches the record), the rows then let go."""
    namespace = engine.namespace(PRINCIPAL)
    texts = [
        json.dumps(value, ensure_ascii=False, separators=(",", ":"))  # as the stores write it
        for _, value in engine.gateway.read_all(namespace)
    ]
    gc.collect()
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        stored = [text.encode() for text in texts]
        index = RecordIndex.from_stored(stored, model=engine._model)
        del stored
        gc.collect()
        kept = tracemalloc.get_traced_memory()[0] - before
    finally:
        tracemalloc.stop()
    assert len(index) == size
    return kept / size / 1024


def _check_writes(engine: MemoryEngine) -> None:
    """Raise ``RuntimeError`` when a write of the records, or of their vectors, failed:
    what would be timed is fewer records, or the rules alone."""
    failed = sum(map(engine.stats.get, ("store_write_failures", "embedding_failures")))
    if failed:
        raise RuntimeError(f"{failed} of the writes before it failed (see the log)")


def measure(
    backend: str, sizes: Sequence[int], embeddings: Embeddings | None = None
) -> list[Measurement]:
    """Fill one fresh store of ``backend`` up to each size in turn and time ``recall``, for
    the rules alone and (with ``embeddings``) with the meaning channel on."""
    results: list[Measurement] = []
    base = bench_config()
    # Measure the work, not the budget: a slow read must show up as latency, not as a skip.
    config = replace(base, recall=replace(base.recall, time_budget_ms=60_000.0))
    settings: list[Embeddings | None] = [None] if embeddings is None else [None, embeddings]
    with open_backend(backend) as store:
        for embedder in settings:
            meaning = embedder is not None
            own = replace(config, app=f"{config.app}-{'m' if meaning else 'r'}")

            def engine(config: MemoryConfig = own, e: Embeddings | None = embedder) -> MemoryEngine:
                return MemoryEngine(store, config, embeddings=e)

            main, elsewhere = engine(), engine()
            # Revalidating on every call: the token check is due at the first recall after
            # the foreign write (by default it comes within revalidate_after, 1 s).
            checking = engine(replace(own, cache=CacheConfig(revalidate_after=timedelta(0))))
            written = revisions = 0
            try:
                for size in sorted(sizes):
                    for start in range(written, size, 500):
                        batch = [synthetic_record(i) for i in range(start, min(size, start + 500))]
                        main.remember(PRINCIPAL, batch, source_conversation_id="bench-1")
                    _check_writes(main)
                    written = size
                    time.sleep(SETTLE_SECONDS)
                    calls = _iterations(size)
                    timings, hits, timeouts = _time(main, calls)
                    own_writes = _after_writes(main, main, size, 7, revisions)
                    _time(checking, 1)
                    foreign = _after_writes(elsewhere, checking, size, 5, revisions + 7)
                    revisions += 12
                    cold = _cold(engine, 3 if size <= 10_000 else 2)
                    results.append(
                        Measurement(
                            backend=backend,
                            records=size,
                            meaning=meaning,
                            calls=len(timings),
                            p50_ms=percentile(timings, 50),
                            p95_ms=percentile(timings, 95),
                            own_write_ms=percentile(own_writes, 50),
                            foreign_write_ms=percentile(foreign, 50),
                            cold_ms=percentile(cold, 50),
                            kb_per_record=_kb_per_record(main, size),
                            mean_hits=hits / len(timings),
                            timeouts=timeouts,
                        )
                    )
            finally:
                main.erase_user(PRINCIPAL)
    return results


def measure_meaning(embeddings: Embeddings, size: int = 1_000) -> tuple[Measurement, float]:
    """``engine.recall`` on the in-memory store with the meaning channel on, and the p50 ms
    of embedding one query alone (the part of each recall the model costs).

    Raises ``RuntimeError`` when a write of the records, or of their vectors, failed: the
    figure would be of fewer records or of the rules alone."""
    base = bench_config()
    config = replace(base, recall=replace(base.recall, time_budget_ms=60_000.0))
    with open_backend("memory") as store:
        engine = MemoryEngine(store, config, embeddings=embeddings)
        # Small batches: a slow model embeds one batch per write, within the store deadline.
        for start in range(0, size, 25):
            batch = [synthetic_record(i) for i in range(start, min(size, start + 25))]
            engine.remember(PRINCIPAL, batch, source_conversation_id="bench-1")
        _check_writes(engine)
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
        meaning=True,
        calls=len(timings),
        p50_ms=percentile(timings, 50),
        p95_ms=percentile(timings, 95),
        own_write_ms=float("nan"),
        foreign_write_ms=float("nan"),
        cold_ms=float("nan"),
        kb_per_record=float("nan"),
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
    except RuntimeError as exc:
        print(f"{'meaning':<9} not measured: {exc}")
        return None
    print(
        f"{'meaning':<9} {measured.records:>8,} {measured.p50_ms:>9.3f} {measured.p95_ms:>9.3f} "
        f"   ({embedder_name(embeddings)}: query embedding alone p50 {query_ms:.3f} ms, "
        f"{measured.mean_hits:.1f} hits)"
    )
    verdict = "met" if measured.p50_ms <= MEANING_TARGET_MS else "MISSED"
    print(f"{'':<9} target p50 <= {MEANING_TARGET_MS:g} ms at {size:,} records: {verdict}")
    return measured


def baselines(sizes: Sequence[int], embeddings: Embeddings | None) -> list[Baselines]:
    """``bm25s`` and the LangGraph store's vector search over the same texts, per size."""
    found: list[Baselines] = []
    for size in sizes:
        texts = [synthetic_record(i)["text"] for i in range(size)]
        bm25, floor = _bm25s(texts)
        vector: float | None = None
        embed: float | None = None
        if embeddings is not None:
            vector = _store_vector_search(texts, embeddings)
            embed = percentile(_timed(embeddings.embed_query, 30), 50)
        found.append(Baselines(size, bm25, floor, vector, embed))
    return found


def _timed(fn: Callable[[str], object], calls: int) -> list[float]:
    timings = []
    for n in range(calls):
        query = _QUERIES[n % len(_QUERIES)] + f" {n}"  # a new text each time: no memo
        start = time.perf_counter()
        fn(query)
        timings.append(_ms(start))
    return timings


def _bm25s(
    texts: list[str], questions: Sequence[str] = _QUERIES
) -> tuple[float | None, float | None]:
    """p50 ms of ``bm25s.retrieve`` (top 3) and of its floor: ``get_scores`` and a top 3
    over the nonzero scores, the two timed in turn query by query; ``None`` without
    ``bm25s``."""
    try:
        import bm25s
        import numpy as np
    except ImportError:
        return None, None
    retriever = bm25s.BM25()
    retriever.index([content_words(t) or ["<empty>"] for t in texts], show_progress=False)
    queries = [content_words(q) or ["<empty>"] for q in questions]

    def retrieve(tokens: list[str]) -> object:
        return retriever.retrieve([tokens], k=TOP, show_progress=False)

    def floor(tokens: list[str]) -> object:
        known = retriever.get_tokens_ids(tokens)
        if not known:
            return []
        scores = retriever.get_scores(known)
        nonzero = np.flatnonzero(scores)
        if len(nonzero) > TOP:
            nonzero = nonzero[np.argpartition(scores[nonzero], -TOP)[-TOP:]]
        return nonzero[np.argsort(-scores[nonzero], kind="stable")]

    for tokens in queries[:3]:
        retrieve(tokens)
        floor(tokens)
    timings: tuple[list[float], list[float]] = ([], [])
    for n in range(max(60, len(queries))):
        tokens = queries[n % len(queries)]
        order = (retrieve, floor) if n % 2 else (floor, retrieve)  # which goes first alternates
        for fn in order:
            start = time.perf_counter()
            fn(tokens)
            timings[fn is floor].append(_ms(start))
    return percentile(timings[0], 50), percentile(timings[1], 50)


def _store_vector_search(texts: list[str], embeddings: Embeddings) -> float:
    from langchain_core.embeddings import Embeddings as LangChainEmbeddings
    from langgraph.store.base import PutOp
    from langgraph.store.memory import InMemoryStore

    class Adapter(LangChainEmbeddings):
        def embed_documents(self, texts: list[str]) -> list[list[float]]:
            return embeddings.embed_documents(texts)

        def embed_query(self, text: str) -> list[float]:
            return embeddings.embed_query(text)

    dims = len(embeddings.embed_query("dimensions"))
    store = InMemoryStore(index={"dims": dims, "embed": Adapter(), "fields": ["text"]})
    namespace = ("bench", "vectors")
    for first in range(0, len(texts), 1_000):
        chunk = range(first, min(len(texts), first + 1_000))
        store.batch([PutOp(namespace, str(i), {"text": texts[i]}) for i in chunk])
    for query in _QUERIES[:3]:
        store.search(namespace, query=query, limit=TOP)
    timings = []
    for n in range(30):
        start = time.perf_counter()
        store.search(namespace, query=_QUERIES[n % len(_QUERIES)], limit=TOP)
        timings.append(_ms(start))
    return percentile(timings, 50)


def _ratio(ms: float, base: float | None) -> str:
    shown = f"{ms:.2f} ({ms / base:.1f}x)" if base else f"{ms:.2f} (-)"
    return f"{shown:>16}"


def run(args: argparse.Namespace) -> int:
    """Print the table (ms, and x ``bm25s`` in brackets) and the targets; ``--out`` writes JSON."""
    sizes: tuple[int, ...] = QUICK_SIZES if args.quick else SIZES
    if getattr(args, "sizes", None):
        try:
            sizes = tuple(sorted({int(n) for n in args.sizes.split(",") if n.strip()}))
        except ValueError:
            message = f"--sizes takes record counts such as 1000,10000, not {args.sizes!r}"
            raise SystemExit(message) from None
        if not sizes or min(sizes) < 1:
            raise SystemExit("--sizes takes positive record counts")
    backends = backend_names(args.backends)  # a bad name or a missing store: before any work
    kind = getattr(args, "embeddings", None) or "hash"
    embeddings: _Memo | None = None
    if kind != "none":
        try:
            embeddings = _Memo(load_embedder(kind))
        except (MissingExtraError, ConfigurationError) as exc:
            print(f"meaning rows skipped: {exc}")
    label = "HashingEmbeddings (a stand-in)" if kind == "hash" else kind
    print(f"meaning channel: {label if embeddings else 'off'}; query embedding left out\n")
    base = {b.records: b for b in baselines(sizes, embeddings.inner if embeddings else None)}
    results: list[Measurement] = []
    failed: list[str] = []
    print(
        f"{'backend':<9} {'records':>7} {'meaning':>7} {'warm ms':>16} {'own write':>16} "
        f"{'foreign':>16} {'cold':>16} {'bm25s':>8} {'store vec':>16} {'KB/rec':>7} {'hits':>5}"
    )
    for backend in progress(backends, total=len(backends), what="bench recall"):
        try:
            measured = measure(backend, sizes, embeddings)
        except Exception as exc:  # one unreachable backend must not hide the others
            failed.append(f"{backend}: {exc}")
            print(f"{backend:<9} unavailable: {exc}")
            continue
        for m in measured:
            b = base[m.records]
            bm = b.bm25s_ms
            vec = _ratio(b.store_vector_ms, bm) if m.meaning and b.store_vector_ms else f"{'-':>16}"
            print(
                f"{m.backend:<9} {m.records:>7,} {'on' if m.meaning else 'off':>7} "
                f"{_ratio(m.p50_ms, bm)} {_ratio(m.own_write_ms, bm)} "
                f"{_ratio(m.foreign_write_ms, bm)} {_ratio(m.cold_ms, bm)} "
                f"{bm if bm is not None else float('nan'):8.3f} {vec} {m.kb_per_record:7.2f} "
                f"{m.mean_hits:5.1f}" + (f"  ({m.timeouts} timeouts)" if m.timeouts else "")
            )
        results.extend(measured)
    embed = [b.embed_query_ms for b in base.values() if b.embed_query_ms is not None]
    if embed:
        print(f"\none query embedding ({label}): {percentile(embed, 50):.3f} ms (not in the rows)")
    floors = [b for b in base.values() if b.bm25s_floor_ms is not None]
    if floors:
        shown = ", ".join(f"{b.bm25s_floor_ms:.3f} ms at {b.records:,}" for b in floors)
        print(f"\nbm25s floor (its scores + a top-3 over the nonzero ones): {shown}")
    print()
    for line in _verdicts(results, base):
        print(line)
    cues = [cue_costs(size) for size in sizes if size <= 10_000]
    _print_cue_rows(cues)
    dense = _print_dense_row(sizes)
    name = getattr(args, "embeddings", None) or "default"
    if name != "none":
        meaning = _meaning_row(name, 1_000)
        if meaning is not None:
            results.append(meaning)
    if args.out:
        with open(args.out, "w", encoding="utf-8") as handle:
            payload = {
                "recall": [asdict(m) for m in results],
                "baselines": [asdict(b) for b in base.values()],
                "cues": [asdict(c) for c in cues],
                "dense": asdict(dense),
            }
            json.dump(payload, handle, indent=2)
    for problem in failed:
        print(f"failed: {problem}")
    return 1 if failed else 0


def _verdicts(results: Sequence[Measurement], base: dict[int, Baselines]) -> list[str]:
    """One line per target the figures can speak to: met or MISSED, with the figure."""
    lines: list[str] = []

    def find(backend: str, size: int, meaning: bool) -> Measurement | None:
        for m in results:
            if (m.backend, m.records, m.meaning) == (backend, size, meaning):
                return m
        return None

    def verdict(ok: bool) -> str:
        return "met" if ok else "MISSED"

    for size, limit in ((1_000, 0.5), (10_000, 1.0), (50_000, 3.0)):
        m = find("memory", size, False)
        if m is not None:
            lines.append(
                f"warm p50 <= {limit:g} ms at {size:,}: {m.p50_ms:.3f} ms, {verdict(m.p50_ms <= limit)}"
            )
            b = base[size]
            bm = b.bm25s_ms
            if size >= 10_000 and bm:
                both = "; ".join(
                    f"{what} {m.p50_ms / ms:.2f}x"
                    for what, ms in (("bm25s", b.bm25s_ms), ("its floor", b.bm25s_floor_ms))
                    if ms
                )
                lines.append(
                    f"warm p50 within 1x bm25s at {size:,}: "
                    f"{m.p50_ms / bm:.2f}x ({both}; the floor judged by no target), "
                    f"{verdict(m.p50_ms <= bm)}"
                )
    for backend in ("memory", "sqlite", "postgres"):
        m = find(backend, 10_000, False)
        if m is not None:
            lines.append(
                f"after own write <= 15 ms at 10,000 ({backend}): {m.own_write_ms:.2f} ms, {verdict(m.own_write_ms <= 15)}"
            )
    m = find("sqlite", 10_000, False)
    if m is not None:
        lines.append(
            f"cold <= 150 ms at 10,000 (sqlite): {m.cold_ms:.1f} ms, {verdict(m.cold_ms <= 150)}"
        )
    m = find("memory", 10_000, True)
    if m is not None:
        lines.append(
            f"meaning channel recall <= 3 ms at 10,000 (query embedding left out): {m.p50_ms:.2f} ms, {verdict(m.p50_ms <= 3)}"
        )
    m = find("memory", 10_000, False)
    if m is not None:
        lines.append(
            f"<= 2.5 KB per cached record at 10,000 (rules): {m.kb_per_record:.2f} KB, {verdict(m.kb_per_record <= 2.5)}"
        )
    return lines


_DENSE_QUERIES = (
    "Any tips for jazz and chess this weekend?",
    "推荐一些关于火锅和寿司的地方",
    "I want to get better at tennis",
    "周末想去爬山还是游泳",
    "What gear do I need for kayaking and camping?",
    "How do I use Docker with FastAPI?",
    "有没有好听的钢琴曲",
    "Recommend a podcast about astronomy",
)


def _dense_record(i: int) -> dict[str, Any]:
    """A record of a dense vocabulary: its words (two topics of a few dozen, a tool of
    twenty) are each shared with a few hundred of 10,000 records."""
    a, b = _EN_ITEMS[i % len(_EN_ITEMS)], _EN_ITEMS[(i // 3 + 7) % len(_EN_ITEMS)]
    za, zb = _ZH_ITEMS[i % len(_ZH_ITEMS)], _ZH_ITEMS[(i // 3 + 11) % len(_ZH_ITEMS)]
    tech = _TECH[(i // 5) % len(_TECH)]
    if i % 2:
        text, tags = f"用户喜欢{za}和{zb}，也常用{tech}（{i}）。", [za, zb]
        identity = {"subject": f"{za}{i}", "polarity": "prefer"}
    else:
        text, tags = f"The user enjoys {a} and {b}, and uses {tech} (note {i}).", [a, b]
        identity = {"subject": f"{a} {i}", "polarity": "prefer"}
    return example_candidate(text=text, tags=tags, identity=identity, reason="bench")


def dense_row(size: int = 10_000) -> DenseRow:
    """Warm ``recall`` p50 (in-memory store, rules alone) over ``size`` records of a dense
    vocabulary, where each query word is held by a few hundred records; ``bm25s`` p50 and its
    floor's over the same texts and queries, in the same run; and the mean hits per recall."""
    config = replace(bench_config(), recall=replace(bench_config().recall, time_budget_ms=60_000.0))
    records = [_dense_record(i) for i in range(size)]
    with open_backend("memory") as store:
        engine = MemoryEngine(store, config)
        for start in range(0, size, 500):
            batch = records[start : start + 500]
            engine.remember(PRINCIPAL, batch, source_conversation_id="bench-dense")
        _check_writes(engine)
        for query in _DENSE_QUERIES:  # warm-up
            engine.recall(PRINCIPAL, query)
        timings: list[float] = []
        hits = 0
        for n in range(max(80, _iterations(size))):
            start_at = time.perf_counter()
            hits += len(engine.recall(PRINCIPAL, _DENSE_QUERIES[n % len(_DENSE_QUERIES)]).hits)
            timings.append(_ms(start_at))
    bm25, floor = _bm25s([r["text"] for r in records], _DENSE_QUERIES)
    return DenseRow(size, percentile(timings, 50), bm25, floor, hits / len(timings))


def _print_dense_row(sizes: Sequence[int]) -> DenseRow:
    """The dense-vocabulary row, at the largest size measured, with its ratios to ``bm25s``
    and to its floor. The target (2x) is judged against ``bm25s.retrieve``, the baseline it
    was set on; the floor is a reference with no target: it leaves out what any recall
    pays before scoring (reading the query, the scope and the cache, rendering the message),
    which on the sparse queries, where almost nothing matches, already costs more than twice
    the floor."""
    size = max(sizes)
    row = dense_row(size)
    warm = row.warm_ms
    print(
        f"\n{'dense':<9} {size:>7,} {'off':>7} warm p50 {warm:.3f} ms, {row.mean_hits:.1f} hits: "
        "each query word in a few hundred records"
    )
    if row.bm25s_ms and row.bm25s_floor_ms:
        print(
            f"{'':<9} bm25s {row.bm25s_ms:.3f} ms ({warm / row.bm25s_ms:.2f}x); bm25s floor "
            f"(its scores + a top-3 over the nonzero ones) {row.bm25s_floor_ms:.3f} ms "
            f"({warm / row.bm25s_floor_ms:.2f}x)"
        )
    else:
        print(f"{'':<9} bm25s not installed")
    best = row.baseline_ms
    if best and size >= 10_000:
        verdict = "met" if warm <= 2 * best else "MISSED"
        print(
            f"dense warm p50 within 2x bm25s at {size:,}: {warm / best:.2f}x, {verdict}"
            + (
                f" (its floor {warm / row.bm25s_floor_ms:.2f}x, for reference)"
                if row.bm25s_floor_ms
                else ""
            )
        )
    return row


def cue_costs(size: int) -> CueCost:
    """Warm ``recall`` p50 (in-memory store, rules alone) over ``size`` records with the
    bench's cues and other senses and over the same records without them, one principal each in one store,
    the two timed in turn on each query; and each one's KB per cached record."""
    config = replace(bench_config(), recall=replace(bench_config().recall, time_budget_ms=60_000.0))
    with open_backend("memory") as store:
        engines = []
        for cued in (True, False):
            engine = MemoryEngine(
                store, replace(config, app=f"{config.app}-{'c' if cued else 'n'}")
            )
            for start in range(0, size, 500):
                batch = [synthetic_record(i) for i in range(start, min(size, start + 500))]
                if not cued:
                    batch = [dict(record, cues=[], other_senses=[]) for record in batch]
                engine.remember(PRINCIPAL, batch, source_conversation_id="bench-cues")
            _check_writes(engine)
            for query in _QUERIES:  # warm-up
                engine.recall(PRINCIPAL, query)
            engines.append(engine)
        timings: tuple[list[float], list[float]] = ([], [])
        for n in range(2 * max(120, _iterations(size))):
            query = _QUERIES[n // 2 % len(_QUERIES)]
            side = n % 2 if n // 2 % 2 else 1 - n % 2  # which goes first alternates
            start_at = time.perf_counter()
            engines[side].recall(PRINCIPAL, query)
            timings[side].append(_ms(start_at))
        sensed: tuple[list[float], list[float]] = ([], [])
        for n in range(2 * max(60, _iterations(size) // 4)):
            start_at = time.perf_counter()
            engines[n % 2].recall(PRINCIPAL, _SENSE_QUERY)
            sensed[n % 2].append(_ms(start_at))
        kb = [_kb_per_record(engine, size) for engine in engines]
        for engine in engines:
            engine.erase_user(PRINCIPAL)
    return CueCost(
        size,
        percentile(timings[0], 50),
        percentile(timings[1], 50),
        kb[0],
        kb[1],
        percentile(sensed[0], 50),
        percentile(sensed[1], 50),
    )


def _print_cue_rows(costs: Sequence[CueCost]) -> None:
    """One line per size: warm p50 with cues and without, their ratio, KB per record."""
    for c in costs:
        ratio = c.with_ms / c.without_ms
        verdict = "met" if ratio <= CUE_TARGET else "MISSED"
        print(
            f"\n{'cues':<9} {c.records:>7,} {'off':>7} warm p50 {c.with_ms:.3f} ms with the "
            f"records' cues and other senses, {c.without_ms:.3f} ms without: {ratio:.2f}x (target "
            f"{CUE_TARGET:g}x, {verdict}); KB/rec {c.kb_with:.2f} with, {c.kb_without:.2f} without"
            f"\n{'':<25} the query holding other senses ({_SENSE_QUERY!r}): "
            f"{c.sense_with_ms:.3f} ms with them, {c.sense_without_ms:.3f} ms without"
        )
