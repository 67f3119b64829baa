"""The write gates on the detection corpus: other projects' public test data in candidates.

``tests/data/detection/`` (provenance in its README) was split once, by a hash of each case
id, into a tuning part (the detectors were adjusted on it) and a sealed part (never used
for adjusting). The targets are asserted on the sealed part; the tuning part's exact counts
are pinned so a change in detection shows up as a deliberate diff.
"""

import hashlib
import json
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from memory_plugins import MemoryConfig
from memory_plugins.gates import evaluate

CORPUS = Path(__file__).resolve().parents[2] / "data" / "detection"
SEALED_SHA256 = "2c723bda73111a76fbfe11fea1caa258bb87b7426851ece4b635f731227f2a08"
CONFIG = MemoryConfig(principal_secret="0123456789abcdef")


def _load(name: str) -> list[dict[str, Any]]:
    with (CORPUS / f"{name}.jsonl").open(encoding="utf-8") as lines:
        return [json.loads(line) for line in lines if line.strip()]


def _bare(case: dict[str, Any]) -> bool:
    """The corpus templates that give a number with no word saying what it is."""
    text: str = case["candidate"]["text"]
    return case["category"] == "pii" and text.startswith(("Remember ", "记住"))


def _wrong(cases: list[dict[str, Any]]) -> tuple[Counter[str], Counter[str], list[str]]:
    """Per category: cases, wrong decisions (stored secrets/PII, rejected benign), examples.

    ``pii_named`` and ``pii_bare`` split the personal identifiers by whether the text says
    what the number is ("the user's tax ID is …") or gives it bare ("Remember … for …").
    """
    total: Counter[str] = Counter()
    wrong: Counter[str] = Counter()
    examples = []
    for case in cases:
        decision = evaluate(case["candidate"], case["source_conversation_id"], CONFIG)
        category = case["category"]
        groups = [category]
        if category == "pii":
            groups.append("pii_bare" if _bare(case) else "pii_named")
        is_wrong = decision.accepted == (category != "benign")
        for group in groups:
            total[group] += 1
            wrong[group] += int(is_wrong)
        if is_wrong:
            examples.append(f"{category}: {case['id']} ({decision.detail})")
    return total, wrong, examples


def test_the_sealed_part_is_the_one_split_off_before_tuning() -> None:
    digest = hashlib.sha256((CORPUS / "sealed.jsonl").read_bytes()).hexdigest()
    assert digest == SEALED_SHA256, "the sealed part changed: it must never be edited"


def test_the_parts_are_disjoint_and_well_formed() -> None:
    tuning, sealed = _load("tuning"), _load("sealed")
    ids = [case["id"] for case in tuning + sealed]
    assert len(ids) == len(set(ids))
    for case in tuning + sealed:
        assert case["category"] in ("secret", "pii", "benign")
        assert case["source"], case["id"]
        assert (case["expect"] == "accept") == (case["category"] == "benign")
    for part in (tuning, sealed):
        counts = Counter(case["category"] for case in part)
        assert counts["secret"] >= 30 and counts["pii"] >= 600 and counts["benign"] >= 100
        assert any("\u4e00" <= ch <= "\u9fff" for case in part for ch in case["candidate"]["text"])


def test_sealed_part_meets_the_targets() -> None:
    total, wrong, examples = _wrong(_load("sealed"))
    rates = {group: wrong[group] / total[group] for group in total}
    report = f"sealed rates {rates}\n" + "\n".join(examples)
    assert rates["secret"] <= 0.05, report
    assert rates["benign"] <= 0.03, report
    assert rates["pii"] <= 0.10, report


def test_tuning_part_counts_are_pinned() -> None:
    total, wrong, examples = _wrong(_load("tuning"))
    assert (total["secret"], total["pii"], total["benign"]) == (35, 707, 174)
    assert (total["pii_named"], total["pii_bare"]) == (575, 132)
    found = (wrong["secret"], wrong["pii_named"], wrong["pii_bare"], wrong["benign"])
    # 11 named until a number named as a company's ("用户的Company Number是…", an Israeli
    # company's number this corpus counts as personal) stopped counting as an identifier.
    # 12 named until a number a register only businesses are in names (CNPJ, SIREN, SIRET,
    # REGON, ACN: python-stdnum's own test numbers, which this corpus labels personal) or a
    # business code beside a place of business counted as the business's; 21 until Turkey's
    # VKN did.
    # 17 bare until a Thai identification number grouped as the card prints it counted.
    assert found == (1, 22, 16, 0), "\n".join(examples)


@pytest.mark.parametrize("name", ["tuning", "sealed"])
def test_rejections_never_echo_the_value(name: str) -> None:
    for case in _load(name)[::7]:
        decision = evaluate(case["candidate"], case["source_conversation_id"], CONFIG)
        if not decision.accepted:
            value = case["id"].split(":", 2)[-1]
            assert len(value) < 6 or value not in decision.detail, case["id"]
