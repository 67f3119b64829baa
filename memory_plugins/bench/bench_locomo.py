"""``memory-plugins bench locomo FILE``: retrieval quality and speed, side by side with peers.

FILE is in the format of LoCoMo (Maharana et al., ACL 2024): a list of conversations, each
with ``observation`` facts (``[fact, evidence dia_id(s)]`` per session and speaker) and
``qa`` items (``question``, ``evidence``, ``category``). Per conversation:

* its facts become the records of one principal, written session by session through
  ``engine.remember``. Facts carry no model tags, so the program derives them as it does
  for pinned decisions (:func:`~memory_plugins.extraction.promotion.derive_candidate`),
  with the type fixed to ``stable_user_context`` (facts about the people talking). Facts
  whose derived identity is the same (``"Maria volunteers at a homeless shelter"``, five
  times) are one memory to the engine: the later one updates the record, which then
  stands only for the facts whose text it holds;
* its questions of categories 1–4 are the queries (category 5 is adversarial). Evidence ids
  are split on separators (``"D8:6; D9:17"``), ``"D:11:26"`` is read as ``D11:26``, and a
  question without usable evidence, or whose evidence no fact carries, is skipped;
* a fact is relevant to a question when their evidence ids meet.

Figures: **hit@3** (share of questions with a relevant fact in the top 3), **recall@10**
(share of a question's relevant facts in the top 10, averaged) and **ms/query** (mean wall
time of one search, index built and warm), for:

1. ``memory-plugins rules`` — the engine's ranking (what ``engine.recall`` does once the
   principal's records are read) with the thresholds lifted so a ranking exists (minimum
   score 0, 10 records, large character budgets; the confidence floor unchanged) and
   ``rarity_weight`` on. The whole ``engine.recall`` on a warm read cache (the cache
   lookup and the hand-off to the read pool added) is printed below the table;
2. ``bm25s`` — BM25 over the same tokens (the recall module's word stems, common words
   left out);
3. ``langgraph store`` — ``InMemoryStore(index={"dims", "embed", "fields": ["text"]})`` and
   ``store.search(namespace, query=...)``, the way LangMem retrieves;
4. ``memory-plugins rules+semantic`` — (1) with the semantic channel, the similarity floors
   lifted too.

**Fitted, then reported apart.** The rarity weight of (1) is chosen among
:data:`RARITY_WEIGHTS`, then the semantic weight of (4) among :data:`SEMANTIC_WEIGHTS`, each
by hit@3 on the first ``--fit-on`` conversations (3 by default); every row of the table is
measured on the *other* conversations only. With ``--fit-on 0``, or a file with no more
conversations than that, the fixed :data:`RARITY_WEIGHT` and :data:`SEMANTIC_WEIGHT` are
used and every conversation is shown.

Embeddings: ``--embeddings NAME``, a registered embedder (:mod:`memory_plugins.embedders`):
``default`` (multilingual USE v3, the ``meaning`` extra), ``minilm`` (all-MiniLM-L6-v2, the
``semantic`` extra) or ``hash`` (a deterministic stand-in, for smoke tests); when the
model's extra is missing, rows 3 and 4 say what to install and the rest still runs. ``--out`` writes the table as JSON (a list
of ``{system, hit_at_3, recall_at_10, ms_per_query}``, ``null`` where unavailable); a plot
of quality against ms/query goes to ``--plot`` (default ``locomo.png`` next to ``--out``;
with neither, no file is written).

Example::

    memory-plugins bench locomo locomo-dev.json --out locomo.json
"""

import argparse
import json
import re
import time
import uuid
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from datetime import timedelta
from pathlib import Path
from typing import Any, Protocol

from memory_plugins.candidate import MemoryRecord, MemoryType, SourceSignal
from memory_plugins.clock import FrozenClock, utc_iso
from memory_plugins.config import CacheConfig, MemoryConfig, RecallConfig
from memory_plugins.embedders import load_embedder
from memory_plugins.engine import MemoryEngine
from memory_plugins.errors import MissingExtraError
from memory_plugins.extraction.promotion import derive_candidate
from memory_plugins.outcomes import OutcomeStatus
from memory_plugins.recall.query import content_words
from memory_plugins.recall.scoring import select
from memory_plugins.semantic import (
    Embeddings,
    embedder_name,
    similarities,
    vector_of,
)

__all__ = [
    "Conversation",
    "Fact",
    "LocomoSet",
    "Question",
    "Row",
    "evidence_ids",
    "fit_rarity_weight",
    "fit_semantic_weight",
    "load_locomo",
    "measure",
    "ranking_config",
    "run",
    "split",
]

CATEGORIES = frozenset({1, 2, 3, 4})
"""Single-hop, temporal, multi-hop and open-domain questions; 5 (adversarial) has no answer."""
TOP = 10
RARITY_WEIGHT = 1.0
"""The rarity weight when no conversation is set aside to fit it (``--fit-on 0``)."""
RARITY_WEIGHTS = (0.5, 1.0, 1.5, 2.0, 3.0, 4.0, 6.0, 10.0)
"""The rarity weights tried on the fitting conversations."""
SEMANTIC_WEIGHT = 24.0
"""The semantic weight when no conversation is set aside to fit it (``--fit-on 0``)."""
SEMANTIC_WEIGHTS = (2.0, 4.0, 8.0, 12.0, 16.0, 24.0, 32.0, 48.0, 64.0, 96.0, 128.0, 192.0, 256.0)
"""The weights tried on the fitting conversations (the large ones for models whose lifts are
small, such as multilingual-e5)."""
FIT_ON = 3
"""By default the first 3 conversations fit the semantic weight; figures are on the rest."""

_SEPARATORS = re.compile(r"[;,\s]+")
_DIA_ID = re.compile(r"D:?(\d+):(\d+)", re.IGNORECASE)
_SESSION = re.compile(r"session_(\d+)")


@dataclass(frozen=True, slots=True)
class Fact:
    """One observation: the fact sentence, its evidence ids and its session number."""

    text: str
    evidence: frozenset[str]
    session: int


@dataclass(frozen=True, slots=True)
class Question:
    """A usable question and the indices of its relevant facts."""

    text: str
    category: int
    relevant: frozenset[int]


@dataclass
class Conversation:
    """The facts and usable questions of one conversation."""

    id: str
    facts: list[Fact]
    questions: list[Question]


@dataclass
class LocomoSet:
    """Every conversation of the file, and why questions were left out."""

    conversations: list[Conversation] = field(default_factory=list)
    skipped: Counter[str] = field(default_factory=Counter)

    @property
    def facts(self) -> int:
        """How many facts in all."""
        return sum(len(c.facts) for c in self.conversations)

    @property
    def questions(self) -> int:
        """How many usable questions in all."""
        return sum(len(c.questions) for c in self.conversations)


def evidence_ids(raw: object) -> frozenset[str]:
    """The well-formed dialogue ids in a LoCoMo evidence field (a string or a list).

    >>> sorted(evidence_ids(["D8:6; D9:17", "D", "D:11:26", "d1:3"]))
    ['D11:26', 'D1:3', 'D8:6', 'D9:17']
    """
    items = raw if isinstance(raw, list) else [raw]
    found: set[str] = set()
    for item in items:
        if not isinstance(item, str):
            continue
        for piece in _SEPARATORS.split(item.strip()):
            match = _DIA_ID.fullmatch(piece)
            if match:
                found.add(f"D{int(match[1])}:{int(match[2])}")
    return frozenset(found)


def _facts(observation: dict[str, Any]) -> list[Fact]:
    facts: list[Fact] = []
    sessions = sorted(
        (int(m[1]), speakers)
        for name, speakers in observation.items()
        if (m := _SESSION.match(name)) and isinstance(speakers, dict)
    )
    for session, speakers in sessions:
        for items in speakers.values():
            for item in items:
                if isinstance(item, list) and item and isinstance(item[0], str) and item[0]:
                    evidence = evidence_ids(item[1] if len(item) > 1 else [])
                    facts.append(Fact(item[0], evidence, session))
    return facts


def load_locomo(path: str | Path) -> LocomoSet:
    """Read a LoCoMo-format file. Raises ``OSError``/``ValueError`` when it cannot be used."""
    data = json.loads(Path(path).read_text(encoding="utf-8"))
    if not isinstance(data, list):
        raise ValueError("expected a JSON list of conversations")
    found = LocomoSet()
    for number, item in enumerate(data):
        facts = _facts(item.get("observation") or {})
        questions: list[Question] = []
        for qa in item.get("qa") or []:
            if qa.get("category") not in CATEGORIES:
                found.skipped["adversarial (category 5)"] += 1
                continue
            evidence = evidence_ids(qa.get("evidence") or [])
            if not evidence:
                found.skipped["no usable evidence"] += 1
                continue
            relevant = frozenset(i for i, f in enumerate(facts) if f.evidence & evidence)
            if not relevant:
                found.skipped["evidence carried by no fact"] += 1
                continue
            questions.append(Question(str(qa["question"]), int(qa["category"]), relevant))
        conversation_id = str(item.get("sample_id") or f"conversation-{number}")
        found.conversations.append(Conversation(conversation_id, facts, questions))
    return found


# -- systems -------------------------------------------------------------------------------


class Retriever(Protocol):
    """A system under test: index one conversation's facts, then answer its questions."""

    name: str

    def index(self, conversation: Conversation) -> None: ...

    def search(self, question: str) -> list[int]:
        """Fact indices, best first, at most :data:`TOP` results."""
        ...


def ranking_config(
    *,
    semantic: bool,
    semantic_weight: float = SEMANTIC_WEIGHT,
    rarity_weight: float = RARITY_WEIGHT,
) -> MemoryConfig:
    """The engine configuration of the benchmark: thresholds lifted so a ranking exists.

    >>> ranking_config(semantic=False).recall.min_score
    0.0
    """
    defaults = RecallConfig()
    recall = RecallConfig(
        min_score=0.0,
        max_records=TOP,
        max_total_chars=1_000_000,
        time_budget_ms=30_000.0,
        rarity_weight=rarity_weight,
        semantic_weight=semantic_weight,
        semantic_floor=0.0 if semantic else defaults.semantic_floor,
        semantic_controlled_floor=0.0 if semantic else defaults.semantic_controlled_floor,
        semantic_calibrations=(),  # the weight is the benchmark's: fitted (see run) or fixed
    )
    # A frozen clock never ages the read cache: every query sees the warm records.
    cache = CacheConfig(ttl=timedelta(days=1), revalidate_after=timedelta(days=1))
    return MemoryConfig(
        principal_secret=uuid.uuid4().hex, app="bench-locomo", recall=recall, cache=cache
    )


def fact_candidate(text: str) -> dict[str, Any]:
    """The S1 candidate of a fact, derived as pinned decisions are (type fixed).

    >>> fact_candidate("Caroline is considering a career in counseling.")["identity"]
    {'subject': 'Caroline is considering a career in'}
    """
    return derive_candidate(
        text, type=MemoryType.STABLE_USER_CONTEXT, source_signal=SourceSignal.EXPLICIT_MEMORY_INTENT
    )


class EngineRetriever:
    """The engine's ranking of the conversation's facts (rules, or rules + semantic).

    Facts go in through ``engine.remember``; each search is what ``engine.recall`` does
    once the principal's records are read (see :meth:`recall_ms` for the whole call).
    """

    def __init__(
        self,
        name: str,
        embeddings: Embeddings | None = None,
        semantic_weight: float = SEMANTIC_WEIGHT,
        rarity_weight: float = RARITY_WEIGHT,
    ) -> None:
        self.name = name
        self.embeddings = embeddings
        self.config = ranking_config(
            semantic=embeddings is not None,
            semantic_weight=semantic_weight,
            rarity_weight=rarity_weight,
        )
        self.outcomes: Counter[str] = Counter()
        self._model = embedder_name(embeddings) if embeddings is not None else ""
        self._engine: MemoryEngine | None = None
        self._facts_of: dict[str, list[int]] = {}
        self._principal = ""
        self._records: list[MemoryRecord] = []
        self._vectors: dict[str, str] = {}
        self._now = ""

    def index(self, conversation: Conversation) -> None:
        from langgraph.store.memory import InMemoryStore

        clock = FrozenClock()
        engine = MemoryEngine(InMemoryStore(), self.config, clock=clock, embeddings=self.embeddings)
        principal = f"locomo-{conversation.id}"
        self._facts_of = {}
        by_session: dict[int, list[int]] = {}
        for index, fact in enumerate(conversation.facts):
            by_session.setdefault(fact.session, []).append(index)
        for session in sorted(by_session):
            clock.advance(timedelta(days=1))  # later sessions are more recent
            batch = by_session[session]
            outcomes = engine.remember(
                principal,
                [fact_candidate(conversation.facts[i].text) for i in batch],
                source_conversation_id=f"locomo-{conversation.id}-session-{session}",
            )
            for index, outcome in zip(batch, outcomes, strict=True):
                self.outcomes[str(outcome)] += 1
                if outcome.key is None:
                    continue
                # A record stands for the facts whose text it holds: an update replaces.
                if outcome.status in (OutcomeStatus.ADDED, OutcomeStatus.UPDATED):
                    self._facts_of[outcome.key] = [index]
                elif outcome.status is OutcomeStatus.DUPLICATE:
                    self._facts_of.setdefault(outcome.key, []).append(index)
        self._engine, self._principal = engine, principal
        self._records = engine.list_records(principal)
        self._vectors = {r.key: v for r in self._records if (v := vector_of(r.vector, self._model))}
        self._now = utc_iso(clock.now())

    def search(self, question: str) -> list[int]:
        # engine.recall after its read: the query embedded once, similarities, selection.
        similar = None
        if self.embeddings is not None and self._vectors:
            similar = similarities(self.embeddings.embed_query(question), self._vectors)
        hits = select(self._records, question, self.config.recall, self._now, similar)
        return [i for hit in hits for i in self._facts_of.get(hit.record.key, [])]

    def recall_ms(self, questions: Sequence[Question]) -> float:
        """Mean ms of the whole ``engine.recall`` (warm read cache) over ``questions``."""
        assert self._engine is not None
        self._engine.recall(self._principal, "warm the read cache")
        started = time.perf_counter()
        for question in questions:
            self._engine.recall(self._principal, question.text)
        return (time.perf_counter() - started) / max(1, len(questions)) * 1000


class BM25Retriever:
    """``bm25s`` over the scorer's words (:func:`~memory_plugins.recall.query.content_words`;
    results with a positive score only)."""

    name = "bm25s"

    def __init__(self) -> None:
        try:
            import bm25s
        except ImportError as exc:
            raise MissingExtraError("the BM25 baseline", "bench", "bm25s") from exc
        self._bm25s = bm25s
        self._retriever: Any = None
        self._size = 0

    def index(self, conversation: Conversation) -> None:
        corpus = [content_words(f.text) or ["<empty>"] for f in conversation.facts]
        self._retriever = self._bm25s.BM25()
        self._retriever.index(corpus, show_progress=False)
        self._size = len(corpus)

    def search(self, question: str) -> list[int]:
        tokens = content_words(question) or ["<empty>"]
        docs, scores = self._retriever.retrieve(
            [tokens], k=min(TOP, self._size), show_progress=False
        )
        return [int(d) for d, s in zip(docs[0], scores[0], strict=True) if s > 0]


class StoreRetriever:
    """LangGraph ``InMemoryStore`` with an embedding index, searched as LangMem does."""

    def __init__(self, name: str, embeddings: Embeddings) -> None:
        self.name = name
        self.embeddings = embeddings
        self._dims = len(embeddings.embed_query("dimensions"))
        self._store: Any = None

    def index(self, conversation: Conversation) -> None:
        from langgraph.store.base import PutOp
        from langgraph.store.memory import InMemoryStore

        embed = _as_langchain(self.embeddings)
        self._store = InMemoryStore(index={"dims": self._dims, "embed": embed, "fields": ["text"]})
        namespace = ("locomo", conversation.id)
        self._store.batch(
            [PutOp(namespace, str(i), {"text": f.text}) for i, f in enumerate(conversation.facts)]
        )
        self._namespace = namespace

    def search(self, question: str) -> list[int]:
        items = self._store.search(self._namespace, query=question, limit=TOP)
        return [int(item.key) for item in items]


def _as_langchain(embeddings: Embeddings) -> Any:
    from langchain_core.embeddings import Embeddings as LangChainEmbeddings

    class Wrapped(LangChainEmbeddings):
        def embed_documents(self, texts: list[str]) -> list[list[float]]:
            return embeddings.embed_documents(texts)

        def embed_query(self, text: str) -> list[float]:
            return embeddings.embed_query(text)

    return Wrapped()


class DocumentMemo:
    """Embeddings that compute each *document* once across systems (queries every time),
    so rows 3 and 4 share the cost of embedding the facts, not of embedding the questions."""

    def __init__(self, inner: Embeddings, name: str) -> None:
        self.inner = inner
        self.name = name
        self._seen: dict[str, list[float]] = {}
        self.queries: dict[str, list[float]] | None = None
        """While fitting, a memo of query vectors too (``None``: every query is embedded)."""

    def embed_documents(self, texts: list[str]) -> list[list[float]]:
        todo = [t for t in dict.fromkeys(texts) if t not in self._seen]
        if todo:
            self._seen.update(zip(todo, self.inner.embed_documents(todo), strict=True))
        return [self._seen[t] for t in texts]

    def embed_query(self, text: str) -> list[float]:
        if self.queries is None:
            return self.inner.embed_query(text)
        if text not in self.queries:
            self.queries[text] = self.inner.embed_query(text)
        return self.queries[text]


# -- measuring -----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Row:
    """One system's figures (``None`` when it could not run)."""

    system: str
    hit_at_3: float | None
    recall_at_10: float | None
    ms_per_query: float | None
    note: str = ""

    def output(self) -> dict[str, Any]:
        """The ``--out`` object of this row."""
        return {
            "system": self.system,
            "hit_at_3": self.hit_at_3,
            "recall_at_10": self.recall_at_10,
            "ms_per_query": self.ms_per_query,
        }


def _progress(total: int, label: str) -> Any:
    try:
        from tqdm import tqdm
    except ImportError:
        return None
    # disable=None: a bar on a terminal, silence in logs and tests.
    return tqdm(total=total, desc=label, unit="q", leave=False, disable=None)


def measure(dataset: LocomoSet, retriever: Retriever, *, progress: bool = True) -> Row:
    """Index each conversation, then time and score every usable question."""
    hits = 0
    recall = 0.0
    elapsed = 0.0
    count = 0
    bar = _progress(dataset.questions, retriever.name) if progress else None
    for conversation in dataset.conversations:
        if not conversation.questions:
            continue
        retriever.index(conversation)
        for question in conversation.questions:
            started = time.perf_counter()
            found = retriever.search(question.text)
            elapsed += time.perf_counter() - started
            hits += bool(question.relevant.intersection(found[:3]))
            recall += len(question.relevant.intersection(found[:TOP])) / len(question.relevant)
            count += 1
            if bar is not None:
                bar.update()
    if bar is not None:
        bar.close()
    if not count:
        return Row(retriever.name, None, None, None, "no usable questions")
    return Row(retriever.name, hits / count, recall / count, elapsed / count * 1000)


def _embeddings(kind: str) -> tuple[Embeddings | None, str, str]:
    """The embedding model, its label, and why it is unavailable ("" when available)."""
    try:
        embeddings = load_embedder(kind)
    except MissingExtraError as exc:
        return None, kind, f"unavailable: {exc}"
    return embeddings, _LABELS.get(embedder_name(embeddings), embedder_name(embeddings)), ""


_LABELS = {
    "google/universal-sentence-encoder-multilingual-3": "multilingual USE v3",
    "sentence-transformers/all-MiniLM-L6-v2": "all-MiniLM-L6-v2",
    "hashing-256": "hashing",
}


def split(dataset: LocomoSet, fit_on: int) -> tuple[LocomoSet, LocomoSet]:
    """The first ``fit_on`` conversations (to fit on) and the others (to report on).

    With ``fit_on`` 0, or a file of no more conversations than that, nothing is set
    aside: both parts are the whole file (and the fixed :data:`SEMANTIC_WEIGHT` is used).
    """
    if fit_on <= 0 or len(dataset.conversations) <= fit_on:
        return dataset, dataset
    fit = LocomoSet(dataset.conversations[:fit_on], dataset.skipped)
    return fit, LocomoSet(dataset.conversations[fit_on:], dataset.skipped)


def fit_rarity_weight(fit: LocomoSet) -> tuple[float, float]:
    """The weight of :data:`RARITY_WEIGHTS` with the best hit@3 of the rules alone on
    ``fit`` (ties: the smaller weight), and that hit@3."""
    scored = []
    for weight in RARITY_WEIGHTS:
        row = measure(fit, EngineRetriever("fitting", rarity_weight=weight), progress=False)
        scored.append((row.hit_at_3 or 0.0, -weight))
    best, weight = max(scored)
    return -weight, best


def fit_semantic_weight(
    fit: LocomoSet, embeddings: DocumentMemo, rarity_weight: float = RARITY_WEIGHT
) -> tuple[float, float]:
    """The weight of :data:`SEMANTIC_WEIGHTS` with the best hit@3 on ``fit`` (ties: the
    smaller weight), and that hit@3. Query vectors are memoised while fitting."""
    embeddings.queries = {}
    try:
        scored = []
        for weight in SEMANTIC_WEIGHTS:
            retriever = EngineRetriever("fitting", embeddings, weight, rarity_weight)
            row = measure(fit, retriever, progress=False)
            scored.append((row.hit_at_3 or 0.0, -weight))
    finally:
        embeddings.queries = None
    best, weight = max(scored)
    return -weight, best


def _systems(
    embeddings: Embeddings | None, label: str, missing: str, weights: tuple[float, float]
) -> Iterator[tuple[str, Callable[[], Retriever] | None, str]]:
    semantic, rarity = weights
    shared = embeddings if isinstance(embeddings, DocumentMemo) or embeddings is None else None
    rules = "memory-plugins rules"
    yield rules, lambda: EngineRetriever(rules, rarity_weight=rarity), ""
    yield "bm25s", BM25Retriever, ""
    store_name = f"langgraph store ({label})"
    engine_name = f"memory-plugins rules+semantic ({label})"
    if shared is None:
        yield store_name, None, missing
        yield engine_name, None, missing
    else:
        yield store_name, lambda: StoreRetriever(store_name, shared), ""
        yield engine_name, lambda: EngineRetriever(engine_name, shared, semantic, rarity), ""


def _print_table(rows: Sequence[Row]) -> None:
    width = max(len(r.system) for r in rows)
    print(f"  {'system':<{width}}  {'hit@3':>6}  {'recall@10':>9}  {'ms/query':>8}")
    for r in rows:
        if r.hit_at_3 is None or r.recall_at_10 is None or r.ms_per_query is None:
            print(f"  {r.system:<{width}}  {r.note}")
            continue
        print(
            f"  {r.system:<{width}}  {r.hit_at_3:>6.3f}  {r.recall_at_10:>9.3f}"
            f"  {r.ms_per_query:>8.2f}"
        )


def _plot(rows: Sequence[Row], path: Path, title: str) -> str:
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        return f"no plot: pip install 'memory-plugins[bench]' for matplotlib ({path} not written)"
    figure, axes = plt.subplots(figsize=(8, 5.5))
    for number, r in enumerate(rows):
        if r.ms_per_query is None or r.hit_at_3 is None or r.recall_at_10 is None:
            continue
        x = max(r.ms_per_query, 1e-3)
        color = f"C{number}"
        axes.scatter([x], [r.hit_at_3], marker="o", s=70, color=color, label=r.system)
        axes.scatter([x], [r.recall_at_10], marker="^", s=70, facecolors="none", edgecolors=color)
        axes.plot([x, x], [r.hit_at_3, r.recall_at_10], color=color, alpha=0.4)
    axes.set_xscale("log")
    axes.set_xlabel("ms per query (log scale)")
    axes.set_ylabel("hit@3 (filled o)  ·  recall@10 (open ^)")
    axes.set_title(title)
    axes.grid(True, alpha=0.3)
    axes.legend(loc="upper center", bbox_to_anchor=(0.5, -0.14), ncol=2, fontsize="small")
    figure.tight_layout()
    figure.savefig(path, dpi=120)
    plt.close(figure)
    return f"plot: {path}"


def _plot_path(args: argparse.Namespace) -> Path | None:
    if args.plot:
        return Path(args.plot)
    if args.out:
        return Path(args.out).with_name("locomo.png")
    return None  # a benchmark writes nothing it was not asked for


def run(args: argparse.Namespace) -> int:
    """Print the table; ``--out`` writes it as JSON, with a PNG plot beside it (or ``--plot``)."""
    if not args.file:
        print("usage: memory-plugins bench locomo FILE [--out RESULTS.json] [--plot PLOT.png]")
        return 2
    try:
        dataset = load_locomo(args.file)
    except (OSError, ValueError, KeyError, TypeError, AttributeError) as exc:
        print(f"cannot read {args.file} as LoCoMo: {exc}")
        return 2
    kind = getattr(args, "embeddings", None) or "default"
    fit_on = getattr(args, "fit_on", FIT_ON)
    print(
        f"locomo: {len(dataset.conversations)} conversations, {dataset.facts} facts, "
        f"{dataset.questions} questions from {args.file}"
    )
    if dataset.skipped:
        print("  questions skipped: " + ", ".join(f"{n} {w}" for w, n in dataset.skipped.items()))
    loaded, label, missing = _embeddings(kind)
    embeddings = DocumentMemo(loaded, label) if loaded is not None else None
    fit, report = split(dataset, fit_on)
    weight, rarity = SEMANTIC_WEIGHT, RARITY_WEIGHT
    if report is dataset:
        print(
            f"  no conversation set aside for fitting: rarity weight {rarity:g}, "
            f"semantic weight {weight:g}"
        )
    else:
        rarity, fitted = fit_rarity_weight(fit)
        print(
            f"  fitted on conversations 1-{fit_on} ({fit.questions} questions): "
            f"rarity weight {rarity:g} (rules hit@3 {fitted:.3f})"
        )
        if embeddings is not None:
            weight, fitted = fit_semantic_weight(fit, embeddings, rarity)
            print(f"  then semantic weight {weight:g} (rules+semantic hit@3 {fitted:.3f})")
        print(
            f"  the table is on conversations {fit_on + 1}-{len(dataset.conversations)} only "
            f"({report.facts} facts, {report.questions} questions)"
        )
    rows: list[Row] = []
    written: Counter[str] = Counter()
    end_to_end = ""
    for name, make, why in _systems(embeddings, label, missing, (weight, rarity)):
        if make is None:
            rows.append(Row(name, None, None, None, why))
            continue
        try:
            retriever = make()
        except MissingExtraError as exc:
            rows.append(Row(name, None, None, None, f"unavailable: {exc}"))
            continue
        rows.append(measure(report, retriever))
        if isinstance(retriever, EngineRetriever) and not written:
            written = retriever.outcomes
            last = report.conversations[-1]
            if last.questions:
                ms = retriever.recall_ms(last.questions)
                end_to_end = f"  engine.recall end to end ({name}, {last.id}): {ms:.2f} ms/query"
    if written:
        rejected = sum(n for o, n in written.items() if o.startswith("rejected"))
        print(
            "  facts written: "
            + ", ".join(f"{n} {o}" for o, n in sorted(written.items()))
            + f" ({rejected} rejected)"
        )
    _print_table(rows)
    if end_to_end:
        print(end_to_end)
    if (plot := _plot_path(args)) is not None:
        print(_plot(rows, plot, f"LoCoMo ({Path(args.file).name})"))
    if args.out:
        Path(args.out).write_text(
            json.dumps([r.output() for r in rows], indent=2) + "\n", encoding="utf-8"
        )
    return 0
