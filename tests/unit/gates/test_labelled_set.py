"""The write gates against labelled candidates: no false accepts, no false rejects, exact codes.

``labelled_candidates.jsonl`` holds full S1 candidates (Chinese and English, every reason
code, benign look-alikes that must be accepted) in the format of the shared
``eval/samples/validation.jsonl``, which must agree too.
"""

import json
from collections import Counter
from pathlib import Path
from typing import Any

from memory_plugins import MemoryConfig
from memory_plugins.gates import GATE_ORDER, evaluate

HERE = Path(__file__).resolve().parent
LABELLED = HERE / "labelled_candidates.jsonl"
# A copy of the evaluation format's ``eval/samples/validation.jsonl`` (see its README).
SHARED_VALIDATION = HERE.parents[1] / "data" / "eval-samples" / "validation.jsonl"
CONFIG = MemoryConfig(principal_secret="0123456789abcdef")


def _load(path: Path) -> list[dict[str, Any]]:
    with path.open(encoding="utf-8") as lines:
        return [json.loads(line) for line in lines if line.strip()]


def _mismatches(cases: list[dict[str, Any]]) -> list[str]:
    found = []
    for case in cases:
        decision = evaluate(case["candidate"], case["source_conversation_id"], CONFIG)
        got_expect = "accept" if decision.accepted else "reject"
        got_code = decision.code.value if decision.code is not None else None
        if (got_expect, got_code) != (case["expect"], case["code"]):
            kind = (
                "false accept"
                if decision.accepted
                else "false reject"
                if case["expect"] == "accept"
                else "wrong code"
            )
            found.append(
                f"{case['id']}: {kind}: expected {case['expect']}/{case['code']}, "
                f"got {got_expect}/{got_code} ({decision.detail})"
            )
    return found


def test_labelled_file_is_well_formed() -> None:
    cases = _load(LABELLED)
    assert len(cases) >= 170
    assert len({case["id"] for case in cases}) == len(cases), "ids must be unique"
    for case in cases:
        assert set(case) == {"id", "source_conversation_id", "candidate", "expect", "code"}
        assert case["expect"] in ("accept", "reject")
        assert (case["code"] is None) == (case["expect"] == "accept")
    codes = Counter(case["code"] for case in cases)
    assert {code.value for code in GATE_ORDER} <= set(codes), "every reason code is covered"
    assert codes[None] >= 50, "at least 50 benign candidates must be accepted"
    texts = [str(case["candidate"]) for case in cases]
    assert any(any("\u4e00" <= ch <= "\u9fff" for ch in text) for text in texts)


def test_labelled_candidates_agree_with_the_gates() -> None:
    mismatches = _mismatches(_load(LABELLED))
    assert not mismatches, "\n".join(["gate decisions differ from the labels:", *mismatches])


def test_shared_validation_samples_agree_with_the_gates() -> None:
    mismatches = _mismatches(_load(SHARED_VALIDATION))
    assert not mismatches, "\n".join(["gate decisions differ from the labels:", *mismatches])
