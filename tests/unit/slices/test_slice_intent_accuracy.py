"""Intent anchors on labelled utterances: the shared samples and our own sets (FORMAT.md).

``intent_labelled.jsonl`` was written first; ``intent_holdout.jsonl`` was written later
without looking at the rules, to measure generalisation (0.914 before any tuning).
"""

from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from memory_plugins.slices.anchors import IntentExtractor, target_matches
from memory_plugins.slices.language import detect_language

OWN_SETS = ["intent_labelled.jsonl", "intent_holdout.jsonl"]
THRESHOLD = 0.95
Reader = Callable[[Path], list[dict[str, Any]]]


def _misses(extractor: IntentExtractor, cases: list[dict[str, Any]]) -> list[str]:
    misses = []
    for case in cases:
        anchor = extractor.extract(case["text"])
        expect = case["expect"]
        if anchor.action.value != expect["action"] or not target_matches(
            anchor.target, expect["target"]
        ):
            misses.append(
                f"{case['id']} {case['text']!r}: got {anchor.action.value}/{anchor.target}, "
                f"want {expect['action']}/{expect['target']}"
            )
    return misses


def test_every_shared_sample_passes(
    extractor: IntentExtractor, read_jsonl: Reader, shared_samples: Path
) -> None:
    misses = _misses(extractor, read_jsonl(shared_samples / "intent.jsonl"))
    assert not misses, "\n".join(misses)


@pytest.mark.parametrize("name", OWN_SETS)
def test_own_labelled_set_meets_the_accuracy_target(
    extractor: IntentExtractor, read_jsonl: Reader, labelled_dir: Path, name: str
) -> None:
    cases = read_jsonl(labelled_dir / name)
    misses = _misses(extractor, cases)
    accuracy = 1 - len(misses) / len(cases)
    print(f"{name}: action+target accuracy {accuracy:.3f} over {len(cases)} utterances")
    for miss in misses:
        print("  miss:", miss)
    assert accuracy >= THRESHOLD, "\n".join(misses)


def test_own_sets_cover_what_the_issue_asks_for(read_jsonl: Reader, labelled_dir: Path) -> None:
    cases = [c for name in OWN_SETS for c in read_jsonl(labelled_dir / name)]
    actions = Counter(c["expect"]["action"] for c in cases)
    chinese = Counter(detect_language(c["text"]) == "zh" for c in cases)
    no_task = [c for c in cases if c["expect"]["action"] == "unknown"]
    assert len(cases) >= 220
    assert set(actions) == {
        "modify", "generate", "verify", "translate", "summarize",
        "explain", "delete", "compare", "search", "unknown",
    }  # fmt: skip
    assert chinese[True] >= 100 and chinese[False] >= 100
    assert len(no_task) >= 25 and all(c["expect"]["target"] == [] for c in no_task)
    assert len({c["id"] for c in cases}) == len(cases)


def test_own_sets_exercise_every_shipped_pack(
    extractor: IntentExtractor, read_jsonl: Reader, labelled_dir: Path
) -> None:
    cases = [c for name in OWN_SETS for c in read_jsonl(labelled_dir / name)]
    domains = Counter(extractor.extract(c["text"]).domain for c in cases)
    for pack in ("patent", "software", "writing", "general"):
        assert domains[pack] >= 15, domains
