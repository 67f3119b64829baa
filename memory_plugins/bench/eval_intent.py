"""``memory-plugins eval intent FILE``: intent anchors against labelled utterances.

Input line: ``{"id", "text", "expect": {"action", "target": [...]}}`` — any listed
target counts (case-insensitive, plurals folded), ``[]`` means no target. Output line
(``--out``): ``{"id", "action", "target", "ms"}`` with the time spent on that one
utterance after warm-up. Summary: action, target and joint accuracy, latency p50/p95.

Example::

    memory-plugins eval intent tests/unit/slices/intent_labelled.jsonl --out results.jsonl
"""

import sys
import time
from argparse import Namespace
from typing import Any

from memory_plugins.bench.evalio import (
    Case,
    ResultWriter,
    keep_valid,
    no_valid_case,
    percentile,
    print_misses,
    print_table,
    progress,
    read_cases,
)
from memory_plugins.slices.actions import IntentAction

__all__ = ["WARM_UP", "run"]

WARM_UP = (
    "帮我把权利要求1改得更简洁一点",
    "这句话是什么意思",
    "好的",
    "Write unit tests for the parse_date function",
    "Summarize this article in three sentences",
    "thanks!",
)
"""Utterances run before timing so that lazy loading is not counted per utterance."""


_ACTIONS = frozenset(action.value for action in IntentAction)


def _valid(case: Case) -> str | None:
    data = case.data
    expect = data.get("expect")
    if not isinstance(data.get("text"), str):
        return "text must be a string"
    if not isinstance(expect, dict) or not isinstance(expect.get("action"), str):
        return "expect must be an object with an action"
    if expect["action"].strip().lower() not in _ACTIONS:
        return f"unknown action {expect['action']!r} (one of {', '.join(sorted(_ACTIONS))})"
    targets = expect.get("target", [])
    if not isinstance(targets, list) or not all(isinstance(t, str) for t in targets):
        return "expect.target must be a list of strings"
    return None


def run(args: Namespace) -> int:
    """Run the intent suite on ``args.file``; write per-case results to ``args.out``."""
    try:
        cases, problems = read_cases(args.file, ("id", "text", "expect"))
    except (OSError, UnicodeDecodeError) as exc:
        print(f"cannot read {args.file}: {exc}", file=sys.stderr)
        return 2
    from memory_plugins.slices.anchors import IntentExtractor, target_matches

    valid = keep_valid(cases, problems, _valid)
    if not valid:
        return no_valid_case(args.file, problems)

    began = time.perf_counter()
    extractor = IntentExtractor()
    for text in WARM_UP:
        extractor.extract(text)
    load_seconds = time.perf_counter() - began

    action_hits = target_hits = both_hits = 0
    latencies: list[float] = []
    misses: list[str] = []
    with ResultWriter(getattr(args, "out", None)) as out:
        for case in progress(valid, "intent"):
            data: dict[str, Any] = case.data
            start = time.perf_counter()
            anchor = extractor.extract(data["text"])
            ms = (time.perf_counter() - start) * 1000
            latencies.append(ms)
            expect = data["expect"]
            action_ok = anchor.action.value == expect["action"].strip().lower()
            target_ok = target_matches(anchor.target, expect.get("target", []))
            action_hits += action_ok
            target_hits += target_ok
            both_hits += action_ok and target_ok
            if not (action_ok and target_ok):
                misses.append(
                    f"  {data['id']}: {data['text']!r} → {anchor.action.value}/{anchor.target}"
                    f" (expected {expect['action']}/{expect.get('target', [])})"
                )
            out.write(
                {
                    "id": data["id"],
                    "action": anchor.action.value,
                    "target": anchor.target,
                    "ms": round(ms, 4),
                }
            )

    total = len(valid)

    def rate(hits: int) -> float:
        return hits / total if total else 0.0

    print_table(
        f"intent: {args.file}",
        [
            ("cases", total),
            ("action accuracy", rate(action_hits)),
            ("target accuracy", rate(target_hits)),
            ("action+target accuracy", rate(both_hits)),
            ("latency p50 (ms)", percentile(latencies, 50)),
            ("latency p95 (ms)", percentile(latencies, 95)),
            ("load + warm-up (s)", load_seconds),
        ],
        problems,
    )
    print_misses(misses)
    return 0
