"""The write gates on secretlint's rule snapshot tests: a secret scanner no detector uses.

``tests/data/detection/secretlint_*.jsonl`` (provenance in the README there): what
secretlint's rule snapshots report as secrets, at most eight per kind of finding, and the
parts of the inputs they report nothing for that hold no credential, in memory-text
templates. It was split once, by a hash of each case id, into a tuning part and a sealed
part before any detector was adjusted on it. The sealed part is pinned by checksum and
asserted against the 5 % target for secrets; its benign part, 13 cases, misses the 3 %
target, so its count is pinned as a bound; the tuning part's exact counts are pinned.
"""

from collections import Counter
from typing import Any

from corpus_parts import CONFIG, assert_split_by_id_hash, decided_wrong, digest, load

from memory_plugins.gates import evaluate

SEALED_SHA256 = "9aaf169754b66759d1988dbff93bb113a0a15c8ca135e96c12c54dc312c7dae4"


def _load(name: str) -> list[dict[str, Any]]:
    return load("secretlint", name)


def test_the_sealed_part_is_the_one_split_off_before_tuning() -> None:
    assert digest("secretlint") == SEALED_SHA256, "the sealed part changed: it must never be edited"


def test_the_parts_are_disjoint_split_by_the_id_hash_and_capped_per_finding() -> None:
    assert_split_by_id_hash("secretlint", {"secret", "benign"})
    tuning, sealed = _load("tuning"), _load("sealed")
    per_finding = Counter(c["source"] for c in tuning + sealed if c["category"] == "secret")
    assert max(per_finding.values()) <= 8
    assert len({s.split("(")[1].split()[0] for s in per_finding}) > 25  # many providers


def test_sealed_part_meets_the_secret_target_and_bounds_benign_refusals() -> None:
    sealed = _load("sealed")
    total = Counter(c["category"] for c in sealed)
    wrong, shown = decided_wrong(sealed)
    assert wrong["secret"] / total["secret"] <= 0.05, "\n".join(shown)
    # Benign refused: the 3 % target is not met (2/13, see tests/data/detection/README.md);
    # this pins the level reached so it cannot slip.
    assert wrong["benign"] <= 2, "\n".join(shown)


def test_tuning_part_counts_are_pinned() -> None:
    tuning = _load("tuning")
    total = Counter(c["category"] for c in tuning)
    wrong, shown = decided_wrong(tuning)
    assert dict(total) == {"secret": 58, "benign": 14}
    # One benign text fewer refused (2 before) once a text about templates held its slots
    # as what it is about.
    assert (wrong["secret"], wrong["benign"]) == (1, 1), "\n".join(shown)


def test_rejections_never_echo_the_secret() -> None:
    for case in _load("sealed"):
        decision = evaluate(case["candidate"], case["source_conversation_id"], CONFIG)
        if case["category"] == "secret" and not decision.accepted:
            longest = max(case["candidate"]["text"].split(), key=len)
            assert longest not in decision.detail, case["id"]
