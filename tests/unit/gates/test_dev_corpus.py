"""The write gates on the held-out development corpus: sources no detector is built from.

``tests/data/detection/dev_*.jsonl`` (provenance in the README there): identifiers Faker
generates for 41 locales, the rule examples of two secret scanners this package does not
use (Nosey Parker, Kingfisher), and benign look-alikes written for it. It was split once,
by a hash of each case id, into a tuning part and a sealed part before any detector was
adjusted on it. Figures are per source; the sealed part is pinned by checksum and asserted
against the targets it meets, the tuning part's exact counts are pinned.
"""

import hashlib
import json
from collections import Counter
from pathlib import Path
from typing import Any

from memory_plugins import MemoryConfig
from memory_plugins.gates import evaluate

CORPUS = Path(__file__).resolve().parents[2] / "data" / "detection"
SEALED_SHA256 = "a3cb6a25d4edb564883e044dd5e90fb5c6e998ed48ee9220c23ffa07a863a1b6"
CONFIG = MemoryConfig(principal_secret="0123456789abcdef")


def _load(name: str) -> list[dict[str, Any]]:
    with (CORPUS / f"{name}.jsonl").open(encoding="utf-8") as lines:
        return [json.loads(line) for line in lines if line.strip()]


def _source(case: dict[str, Any]) -> str:
    """faker, noseyparker, kingfisher, look-alike or topic."""
    first = str(case["source"]).split(" ", 1)[0]
    return first.lower()


def _wrong(cases: list[dict[str, Any]]) -> tuple[Counter[str], Counter[str], list[str]]:
    """Per source: cases, wrong decisions (stored secrets or identifiers, refused benign)."""
    total: Counter[str] = Counter()
    wrong: Counter[str] = Counter()
    examples = []
    for case in cases:
        decision = evaluate(case["candidate"], case["source_conversation_id"], CONFIG)
        source = _source(case)
        is_wrong = decision.accepted == (case["category"] != "benign")
        total[source] += 1
        wrong[source] += int(is_wrong)
        if is_wrong:
            examples.append(f"{source}: {case['id']} ({decision.detail})")
    return total, wrong, examples


def test_the_sealed_part_is_the_one_split_off_before_tuning() -> None:
    digest = hashlib.sha256((CORPUS / "dev_sealed.jsonl").read_bytes()).hexdigest()
    assert digest == SEALED_SHA256, "the sealed part changed: it must never be edited"


def test_the_parts_are_disjoint_and_every_source_is_in_both() -> None:
    tuning, sealed = _load("dev_tuning"), _load("dev_sealed")
    assert not {c["id"] for c in tuning} & {c["id"] for c in sealed}
    for part, odd in ((tuning, 0), (sealed, 1)):
        for case in part:  # the split: even hash of the id to tuning, odd to sealed
            assert int(hashlib.sha256(case["id"].encode()).hexdigest(), 16) % 2 == odd
    expected = {"faker", "noseyparker", "kingfisher", "look-alike", "topic"}
    assert {_source(c) for c in tuning} == {_source(c) for c in sealed} == expected


def test_sealed_part_per_source() -> None:
    total, wrong, examples = _wrong(_load("dev_sealed"))
    rate = {source: wrong[source] / total[source] for source in total}
    report = f"sealed {dict(wrong)} of {dict(total)}\n" + "\n".join(examples)
    assert rate["faker"] <= 0.10, report  # identifiers stored: target 10 %
    benign = (wrong["look-alike"] + wrong["topic"]) / (total["look-alike"] + total["topic"])
    assert benign <= 0.03, report  # benign refused: target 3 %
    assert rate["kingfisher"] <= 0.05, report  # secrets stored: target 5 %
    # Nosey Parker's secrets stored: 10 of 187 (5.3 %) until the user-name-and-password
    # rule (learnt from scrubadub's tuning part) caught its two Gradle credentials blocks.
    # 9 since a token's prefix with the rest masked counts as a placeholder: Nosey Parker's
    # Tavily example is "tvly-" and 32 "x" (test_documented_examples.py).
    assert wrong["noseyparker"] <= 9 and rate["noseyparker"] <= 0.05, report


def test_tuning_part_counts_are_pinned() -> None:
    total, wrong, examples = _wrong(_load("dev_tuning"))
    assert dict(total) == {
        "faker": 231, "noseyparker": 170, "kingfisher": 544, "look-alike": 59, "topic": 9
    }  # fmt: skip
    found = {source: wrong[source] for source in total}
    # Faker's 17 became 16 once a Swiss AHV number in its dotted form was read again, and 15
    # once a ten-digit ISBN's check alone stopped explaining a bare number (an Austrian one),
    # 11 once a bare 18-digit number counted as one of an identifier's length (Algerian
    # national numbers, a Mexican CLABE).
    assert found == {
        "faker": 11, "noseyparker": 1, "kingfisher": 14, "look-alike": 0, "topic": 0
    }, "\n".join(examples)  # fmt: skip


def test_rejections_never_echo_the_value() -> None:
    for case in _load("dev_sealed")[::5]:
        decision = evaluate(case["candidate"], case["source_conversation_id"], CONFIG)
        if not decision.accepted and case["category"] == "pii":
            value = case["id"].split(":", 3)[-1]
            assert value not in decision.detail, case["id"]
