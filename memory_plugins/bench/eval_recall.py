"""``memory-plugins eval recall FILE [--out RESULTS.jsonl]``: recall on labelled scenarios.

Input and output follow ``eval/FORMAT.md`` (recall): one scenario per line; each gets a
fresh in-memory store and a fresh principal; its memories go through the normal write
path in order (source conversation ``eval-<scenario id>``, a clock one second apart per
write so recency is reproducible); then every query is recalled as a new turn would be.

Summary figures:

* recall — relevant refs injected / relevant refs, over queries that have any;
* hit rate — share of those queries with at least one relevant ref injected;
* false-activation rate — share of queries without relevant refs that injected a ref
  other than an ``optional`` one;
* precision — injected relevant refs / injected refs that are not ``optional``;
* over max_injected — queries that injected more refs than their ``max_injected``.
"""

import argparse
import uuid
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import timedelta
from pathlib import Path
from typing import Any

from memory_plugins.bench.evalio import (
    Case,
    ResultWriter,
    no_valid_case,
    print_table,
    progress,
    read_cases,
)
from memory_plugins.clock import FrozenClock
from memory_plugins.config import MemoryConfig, RecallConfig
from memory_plugins.embedders import load_embedder
from memory_plugins.engine import MemoryEngine
from memory_plugins.errors import ConfigurationError, MissingExtraError
from memory_plugins.outcomes import OutcomeStatus
from memory_plugins.recall import compounds
from memory_plugins.semantic import EmbeddingsLike

__all__ = ["QueryOutcome", "RecallEvaluation", "evaluate_file", "evaluate_scenarios", "run"]

REQUIRED = ("id", "memories", "queries")


@dataclass(frozen=True, slots=True)
class QueryOutcome:
    """One query's result next to its labels."""

    scenario: str
    query: str
    text: str
    injected: tuple[str, ...]
    message: str | None
    relevant: frozenset[str]
    optional: frozenset[str]
    max_injected: int | None

    def output(self) -> dict[str, Any]:
        """The ``--out`` line for this query (FORMAT.md)."""
        return {
            "scenario": self.scenario,
            "query": self.query,
            "injected": list(self.injected),
            "message": self.message,
        }

    @property
    def extra(self) -> list[str]:
        """Injected refs that are neither relevant nor optional."""
        return [r for r in self.injected if r not in self.relevant and r not in self.optional]

    @property
    def missed(self) -> list[str]:
        """Relevant refs that were not injected."""
        return sorted(self.relevant - set(self.injected))


@dataclass
class RecallEvaluation:
    """Every query's outcome, the malformed lines, and the summary figures."""

    outcomes: list[QueryOutcome] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)
    rejected: list[str] = field(default_factory=list)
    """``scenario/ref: reason`` for memories the write gates rejected."""
    scenarios: int = 0

    @property
    def recall(self) -> float:
        """Relevant refs injected / relevant refs (queries with relevant refs only)."""
        wanted = sum(len(o.relevant) for o in self.outcomes)
        found = sum(len(o.relevant) - len(o.missed) for o in self.outcomes)
        return found / wanted if wanted else 1.0

    @property
    def hit_rate(self) -> float:
        """Share of queries with relevant refs that injected at least one of them."""
        positives = [o for o in self.outcomes if o.relevant]
        hits = sum(len(o.missed) < len(o.relevant) for o in positives)
        return hits / len(positives) if positives else 1.0

    @property
    def false_activation_rate(self) -> float:
        """Share of queries without relevant refs that injected a non-optional ref."""
        negatives = [o for o in self.outcomes if not o.relevant]
        fired = sum(bool(o.extra) for o in negatives)
        return fired / len(negatives) if negatives else 0.0

    @property
    def precision(self) -> float:
        """Injected relevant refs / injected refs that are not optional."""
        counted = sum(len([r for r in o.injected if r not in o.optional]) for o in self.outcomes)
        relevant = sum(len([r for r in o.injected if r in o.relevant]) for o in self.outcomes)
        return relevant / counted if counted else 1.0

    @property
    def over_max(self) -> int:
        """Queries that injected more refs than their ``max_injected``."""
        return sum(
            o.max_injected is not None and len(o.injected) > o.max_injected for o in self.outcomes
        )

    def summary(self) -> list[tuple[str, Any]]:
        """The rows of the summary table."""
        positives = sum(bool(o.relevant) for o in self.outcomes)
        return [
            ("scenarios", self.scenarios),
            ("queries", len(self.outcomes)),
            ("queries with relevant refs", positives),
            ("queries with none", len(self.outcomes) - positives),
            ("recall", self.recall),
            ("hit rate", self.hit_rate),
            ("false-activation rate", self.false_activation_rate),
            ("precision", self.precision),
            ("over max_injected", self.over_max),
            ("memories rejected by gates", len(self.rejected)),
            ("malformed lines", len(self.problems)),
        ]

    def misses(self) -> list[str]:
        """One line per query that missed a relevant ref or injected an unwanted one."""
        lines = []
        for o in self.outcomes:
            if o.missed or o.extra:
                lines.append(
                    f"{o.scenario}/{o.query} {o.text!r}: missed {o.missed}, "
                    f"unwanted {o.extra}, injected {list(o.injected)}"
                )
        return lines


def _shape_problem(data: dict[str, Any]) -> str | None:
    if not isinstance(data["id"], str) or not data["id"]:
        return "id must be a non-empty string"
    memories, queries = data["memories"], data["queries"]
    if not isinstance(memories, list) or not isinstance(queries, list):
        return "memories and queries must be lists"
    refs = set()
    for memory in memories:
        if not isinstance(memory, dict) or not isinstance(memory.get("ref"), str):
            return "each memory needs a string ref"
        if "candidate" not in memory:
            return f"memory {memory['ref']!r} has no candidate"
        refs.add(memory["ref"])
    for query in queries:
        if not isinstance(query, dict):
            return "each query must be an object"
        if not isinstance(query.get("id"), str) or not isinstance(query.get("text"), str):
            return "each query needs string id and text"
        for name in ("relevant", "optional"):
            labels = query.get(name, [])
            if not isinstance(labels, list) or not all(isinstance(r, str) for r in labels):
                return f"query {query['id']!r}: {name} must be a list of refs"
            unknown = set(labels) - refs
            if unknown:
                return f"query {query['id']!r}: unknown {name} refs {sorted(unknown)}"
        limit = query.get("max_injected")
        if limit is not None and (not isinstance(limit, int) or limit < 0):
            return f"query {query['id']!r}: max_injected must be a non-negative integer"
    return None


def _scenario(
    data: dict[str, Any],
    config: MemoryConfig,
    report: RecallEvaluation,
    embeddings: EmbeddingsLike | None = None,
) -> None:
    from langgraph.store.memory import InMemoryStore

    clock = FrozenClock()
    engine = MemoryEngine(InMemoryStore(), config, clock=clock, embeddings=embeddings)
    principal = f"eval-{data['id']}-{uuid.uuid4().hex}"
    ref_of: dict[str, str] = {}
    for memory in data["memories"]:
        clock.advance(timedelta(seconds=1))
        [outcome] = engine.remember(
            principal, [memory["candidate"]], source_conversation_id=f"eval-{data['id']}"
        )
        if outcome.status in (OutcomeStatus.ADDED, OutcomeStatus.UPDATED) and outcome.key:
            ref_of[outcome.key] = memory["ref"]
        elif outcome.status is OutcomeStatus.REJECTED:
            report.rejected.append(f"{data['id']}/{memory['ref']}: {outcome}: {outcome.detail}")
    if embeddings is not None:
        # A write that found the model still loading left its vectors for later: add them
        # now, so every query meets every memory's vector.
        engine.embed_missing(principal)
    for query in data["queries"]:
        clock.advance(timedelta(seconds=1))
        result = engine.recall(principal, query["text"])
        report.outcomes.append(
            QueryOutcome(
                scenario=data["id"],
                query=query["id"],
                text=query["text"],
                injected=tuple(ref_of.get(h.record.key, h.record.key) for h in result.hits),
                message=result.message,
                relevant=frozenset(query.get("relevant", [])),
                optional=frozenset(query.get("optional", [])),
                max_injected=query.get("max_injected"),
            )
        )


def evaluate_scenarios(
    cases: Sequence[Case],
    problems: Sequence[str] = (),
    config: MemoryConfig | None = None,
    embeddings: EmbeddingsLike | None = None,
) -> RecallEvaluation:
    """Run parsed scenario lines; shape errors join ``problems`` and the run goes on."""
    # Quality, not latency: a slow machine must not turn the meaning channel off mid-run.
    config = config or MemoryConfig(
        principal_secret=uuid.uuid4().hex,
        app="eval-recall",
        recall=RecallConfig(time_budget_ms=60_000.0),
    )
    report = RecallEvaluation(problems=list(problems))
    warm = getattr(embeddings, "warm", None)
    if callable(warm):
        # Load the model once, before any scenario: a model still loading when the first
        # scenarios are written and asked would leave them to the rules alone, and the
        # figures would depend on how busy the machine is.
        warm()
    if config.recall.modifier_compounds:
        compounds.warm()  # the same: Chinese compounds are read once jieba has loaded
    for case in progress(cases, "recall"):
        problem = _shape_problem(case.data)
        if problem is not None:
            report.problems.append(f"line {case.line}: {problem}")
            continue
        report.scenarios += 1
        _scenario(case.data, config, report, embeddings)
    return report


def evaluate_file(
    path: str | Path,
    config: MemoryConfig | None = None,
    embeddings: EmbeddingsLike | None = None,
) -> RecallEvaluation:
    """Evaluate a recall JSONL file (with the semantic channel when ``embeddings`` is
    given). Raises ``OSError`` when it cannot be read."""
    cases, problems = read_cases(path, REQUIRED)
    return evaluate_scenarios(cases, problems, config, embeddings)


def run(args: argparse.Namespace) -> int:
    """Print the summary table; ``--out`` writes one JSON line per query."""
    try:
        embeddings = load_embedder(args.embeddings) if getattr(args, "embeddings", None) else None
    except (ConfigurationError, MissingExtraError) as exc:
        print(f"cannot load embeddings {args.embeddings!r}: {exc}")
        return 2
    try:
        report = evaluate_file(args.file, embeddings=embeddings)
    except OSError as exc:
        print(f"cannot read {args.file}: {exc}")
        return 2
    if not report.scenarios:
        return no_valid_case(args.file, report.problems)
    with ResultWriter(args.out) as out:
        for outcome in report.outcomes:
            out.write(outcome.output())
    print_table(
        f"recall: {report.scenarios} scenarios from {args.file}", report.summary(), report.problems
    )
    return 0
