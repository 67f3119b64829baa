"""The write gates on TruffleHog's detector test inputs: a secret scanner no detector uses.

``tests/data/detection/trufflehog_*.jsonl`` (provenance in the README there): the inputs
TruffleHog's detector unit tests expect a finding for, at most three per detector, in
memory-text templates. It was split once, by a hash of each case id, into a tuning part
and a sealed part before any detector was adjusted on it. The sealed part is pinned by
checksum and asserted against the 5 % target, the tuning part's exact counts are pinned.
"""

import hashlib
import json
from collections import Counter
from pathlib import Path
from typing import Any

from memory_plugins import MemoryConfig
from memory_plugins.gates import evaluate

CORPUS = Path(__file__).resolve().parents[2] / "data" / "detection"
SEALED_SHA256 = "e97d78832f17dbf8033d3057f3f60dcd19361811b35ba35add63cd184fc4419e"
CONFIG = MemoryConfig(principal_secret="0123456789abcdef")


def _load(name: str) -> list[dict[str, Any]]:
    with (CORPUS / f"trufflehog_{name}.jsonl").open(encoding="utf-8") as lines:
        return [json.loads(line) for line in lines if line.strip()]


def _stored(cases: list[dict[str, Any]]) -> list[str]:
    """The cases whose secret the gates let through, with the decision's detail."""
    stored = []
    for case in cases:
        decision = evaluate(case["candidate"], case["source_conversation_id"], CONFIG)
        if decision.accepted:
            stored.append(f"{case['id']} ({decision.detail})")
    return stored


def test_the_sealed_part_is_the_one_split_off_before_tuning() -> None:
    digest = hashlib.sha256((CORPUS / "trufflehog_sealed.jsonl").read_bytes()).hexdigest()
    assert digest == SEALED_SHA256, "the sealed part changed: it must never be edited"


def test_the_parts_are_disjoint_split_by_the_id_hash_and_capped_per_detector() -> None:
    tuning, sealed = _load("tuning"), _load("sealed")
    assert not {c["id"] for c in tuning} & {c["id"] for c in sealed}
    for part, odd in ((tuning, 0), (sealed, 1)):
        for case in part:  # the split: even hash of the id to tuning, odd to sealed
            assert int(hashlib.sha256(case["id"].encode()).hexdigest(), 16) % 2 == odd
            assert case["category"] == "secret" and case["expect"] == "reject"
    per_detector = Counter(c["source"] for c in tuning + sealed)
    assert max(per_detector.values()) <= 3
    assert len(per_detector) > 800  # the long tail of providers, not a few big ones


def test_sealed_part_stores_at_most_five_percent_of_secrets() -> None:
    sealed = _load("sealed")
    stored = _stored(sealed)
    assert len(stored) / len(sealed) <= 0.05, "\n".join(stored)


def test_tuning_part_counts_are_pinned() -> None:
    tuning = _load("tuning")
    stored = _stored(tuning)
    assert (len(tuning), len(stored)) == (642, 17), "\n".join(stored)


def test_rejections_never_echo_the_secret() -> None:
    for case in _load("sealed")[::7]:
        decision = evaluate(case["candidate"], case["source_conversation_id"], CONFIG)
        if not decision.accepted:
            longest = max(case["candidate"]["text"].split(), key=len)
            assert longest not in decision.detail, case["id"]
