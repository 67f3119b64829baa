"""Reading the held-out detection corpora's two parts and scoring them, for their tests.

Every corpus under ``tests/data/detection/`` (provenance in the README there) was split
once, by a SHA-256 hash of each case id (even: tuning, odd: sealed), before any detector
was adjusted on it.
"""

import hashlib
import json
from collections import Counter
from pathlib import Path
from typing import Any

from memory_plugins import MemoryConfig
from memory_plugins.gates import evaluate
from memory_plugins.gates.textfold import fold

CORPUS = Path(__file__).resolve().parents[2] / "data" / "detection"
CONFIG = MemoryConfig(principal_secret="0123456789abcdef")


def load(prefix: str, part: str) -> list[dict[str, Any]]:
    """The cases of ``<prefix>_<part>.jsonl``."""
    with (CORPUS / f"{prefix}_{part}.jsonl").open(encoding="utf-8") as lines:
        return [json.loads(line) for line in lines if line.strip()]


def digest(prefix: str, part: str = "sealed") -> str:
    return hashlib.sha256((CORPUS / f"{prefix}_{part}.jsonl").read_bytes()).hexdigest()


def decided_wrong(cases: list[dict[str, Any]]) -> tuple[Counter[str], list[str]]:
    """Per category, the cases decided against their label (a secret stored, a benign text
    refused), and each of them with the decision's detail."""
    wrong: Counter[str] = Counter()
    shown = []
    for case in cases:
        decision = evaluate(case["candidate"], case["source_conversation_id"], CONFIG)
        if decision.accepted != (case["expect"] == "accept"):
            wrong[case["category"]] += 1
            shown.append(f"{case['id']} ({decision.detail})")
    return wrong, shown


def wrong_in(prefix: str, part: str, sizes: dict[str, int]) -> tuple[tuple[int, ...], str]:
    """The cases of ``<prefix>_<part>.jsonl``, checked to hold ``sizes`` cases per category;
    per category (secrets, identifiers, benign texts, those of ``sizes``) how many were
    decided against their label, and each of them with its detail, one per line."""
    cases = load(prefix, part)
    assert Counter(c["category"] for c in cases) == sizes
    wrong, shown = decided_wrong(cases)
    order = [category for category in ("secret", "pii", "benign") if category in sizes]
    return tuple(wrong[category] for category in order), "\n".join(shown)


def within(counts: tuple[int, ...], bounds: tuple[int, ...]) -> bool:
    """Whether each count is at most its bound (a tuple's own ``<=`` compares the first
    count that differs only)."""
    return all(count <= bound for count, bound in zip(counts, bounds, strict=True))


def assert_split_by_id_hash(prefix: str, categories: set[str]) -> None:
    """The parts share no case, each case sits in the part its id's hash names, and its
    expectation follows its category."""
    tuning, sealed = load(prefix, "tuning"), load(prefix, "sealed")
    assert not {c["id"] for c in tuning} & {c["id"] for c in sealed}
    for part, odd in ((tuning, 0), (sealed, 1)):
        for case in part:
            assert int(hashlib.sha256(case["id"].encode()).hexdigest(), 16) % 2 == odd
            expect = "accept" if case["category"] == "benign" else "reject"
            assert case["category"] in categories and case["expect"] == expect


def assert_sealed_split(prefix: str, sealed_sha256: str, categories: set[str]) -> None:
    """The sealed part is still the one pinned by ``sealed_sha256`` and the parts are split
    as :func:`assert_split_by_id_hash` says."""
    assert digest(prefix) == sealed_sha256, f"the sealed part of {prefix} changed: never edit it"
    assert_split_by_id_hash(prefix, categories)


def per_source(prefix: str) -> Counter[str]:
    """How many cases of both parts come from each source (a file, a rule, a kind)."""
    return Counter(case["source"] for part in ("tuning", "sealed") for case in load(prefix, part))


def refused(prefix: str, text: str) -> str:
    """The detail of the gates' refusal of ``text`` in the candidate of
    ``<prefix>_tuning.jsonl``'s first case; fails if they store it."""
    accepted, detail = decide(prefix, text)
    assert not accepted, (text, detail)
    return detail


def stored(prefix: str, text: str) -> None:
    """Fails unless the gates store ``text`` in that candidate."""
    accepted, detail = decide(prefix, text)
    assert accepted, (text, detail)


def decide(prefix: str, text: str) -> tuple[bool, str]:
    """Whether the gates accept ``text`` in the candidate of ``<prefix>_tuning.jsonl``'s
    first case, and the decision's detail."""
    candidate = {**load(prefix, "tuning")[0]["candidate"], "text": text}
    decision = evaluate(candidate, "conv-1", CONFIG)
    return decision.accepted, decision.detail


def tuning_texts() -> list[str]:
    """The canonical form of every text and tag of every corpus's tuning part: what the
    tests of equivalent matchers (a list grouped by first letter, a list looked for in one
    pass) compare them on."""
    texts = []
    for path in sorted(CORPUS.glob("*_tuning.jsonl")):
        with path.open(encoding="utf-8") as lines:
            for line in lines:
                if line.strip():
                    candidate = json.loads(line)["candidate"]
                    texts.append(fold(candidate["text"]))
                    texts.extend(fold(tag) for tag in candidate.get("tags", []))
    return texts


def memory(
    text: str, tags: list[str], reason: str = "the user asked to keep it", subject: str = ""
) -> dict[str, Any]:
    """A candidate holding ``text`` with ``tags``, ``reason`` and its identity's
    ``subject`` (the first tag when none is given): what a model proposes, for the tests
    that write their own sentences."""
    return {
        "type": "stable_user_context",
        "text": text,
        "tags": tags,
        "confidence": 0.9,
        "stability": "stable",
        "identity": {"subject": subject or tags[0]},
        "action": "add",
        "source_signal": "explicit_memory_intent",
        "reason": reason,
        "conflict_signal": False,
    }


def refusal(text: str, tags: list[str], reason: str = "the user asked to keep it") -> str | None:
    """None when the gates store :func:`memory`'s candidate, else their refusal's detail."""
    decision = evaluate(memory(text, tags, reason), "conv-1", CONFIG)
    return None if decision.accepted else decision.detail
