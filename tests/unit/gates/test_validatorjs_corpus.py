"""The write gates on validator.js' test values: an identifier library no detector uses.

``tests/data/detection/validatorjs_*.jsonl`` (provenance in the README there): the values
validator.js' tests list as valid identity cards, passports, tax ids, mobile phones,
IBANs, VAT and card numbers, e-mail and wallet addresses (personal identifiers), and as
valid postcodes, ISBNs, ISSNs, EANs, ISINs, ISRCs, versions, MAC addresses, IMEIs, BICs,
routing numbers and container ids (look-alikes), at most three per validator and locale,
in memory-text templates. It was split once, by a hash of each case id, into a tuning part
and a sealed part before any detector was adjusted on it. The sealed part is pinned by
checksum and asserted against the 10 % target for identifiers, which it meets; it does not
meet the 3 % target for look-alikes, so its present count of refused look-alikes is
asserted as a bound that may only fall. The tuning part's exact counts are pinned.
"""

import hashlib
import json
from collections import Counter
from pathlib import Path
from typing import Any

from memory_plugins import MemoryConfig
from memory_plugins.gates import evaluate

CORPUS = Path(__file__).resolve().parents[2] / "data" / "detection"
SEALED_SHA256 = "5339c725f2558216d376a66f6c20ff56628157de33f0b3c70c58e2c366456802"
CONFIG = MemoryConfig(principal_secret="0123456789abcdef")


def _load(name: str) -> list[dict[str, Any]]:
    with (CORPUS / f"validatorjs_{name}.jsonl").open(encoding="utf-8") as lines:
        return [json.loads(line) for line in lines if line.strip()]


def _wrong(cases: list[dict[str, Any]], category: str) -> list[str]:
    """The cases of ``category`` the gates decided against their label, with the detail."""
    wrong = []
    for case in cases:
        if case["category"] != category:
            continue
        decision = evaluate(case["candidate"], case["source_conversation_id"], CONFIG)
        if decision.accepted != (case["expect"] == "accept"):
            wrong.append(f"{case['id']} ({decision.detail})")
    return wrong


def _count(cases: list[dict[str, Any]], category: str) -> int:
    return sum(case["category"] == category for case in cases)


def test_the_sealed_part_is_the_one_split_off_before_tuning() -> None:
    digest = hashlib.sha256((CORPUS / "validatorjs_sealed.jsonl").read_bytes()).hexdigest()
    assert digest == SEALED_SHA256, "the sealed part changed: it must never be edited"


def test_the_parts_are_disjoint_split_by_the_id_hash_and_capped_per_locale() -> None:
    tuning, sealed = _load("tuning"), _load("sealed")
    assert not {c["id"] for c in tuning} & {c["id"] for c in sealed}
    for part, odd in ((tuning, 0), (sealed, 1)):
        for case in part:  # the split: even hash of the id to tuning, odd to sealed
            assert int(hashlib.sha256(case["id"].encode()).hexdigest(), 16) % 2 == odd
            expect = "accept" if case["category"] == "benign" else "reject"
            assert case["category"] in ("pii", "benign") and case["expect"] == expect
    per_locale = Counter(c["source"] for c in tuning + sealed)
    assert max(n for s, n in per_locale.items() if not s.endswith("(any)")) <= 3
    assert max(per_locale.values()) <= 12  # a validator without locales: one pool of twelve
    assert len(per_locale) > 300  # the long tail of locales, not a few big ones


def test_sealed_part_stores_at_most_ten_percent_of_identifiers() -> None:
    sealed = _load("sealed")
    stored = _wrong(sealed, "pii")
    assert len(stored) / _count(sealed, "pii") <= 0.10, "\n".join(stored)


def test_sealed_part_refuses_no_more_look_alikes_than_when_it_was_scored() -> None:
    # 5 of 113 (4.4 %; 9 before ISO 6346 container codes counted as public codes): above
    # the 3 % target, so the bound is today's count; 3 (2.7 %) since a thing's word in the
    # value's clause counted for the identifier detectors too (MAC addresses).
    sealed = _load("sealed")
    refused = _wrong(sealed, "benign")
    assert _count(sealed, "benign") == 113
    assert len(refused) <= 3, "\n".join(refused)


def test_tuning_part_counts_are_pinned() -> None:
    tuning = _load("tuning")
    stored, refused = _wrong(tuning, "pii"), _wrong(tuning, "benign")
    # 39 until a bare run of 13, 14, 17 or 20+ digits counted without a scheme's check; 38
    # until a ten-digit ISBN's check alone stopped explaining a bare number (an Iranian
    # national code, made with the same mod-11 check); 37 until a code of digits and one hex
    # letter stopped reading as a hash.
    assert (_count(tuning, "pii"), len(stored)) == (429, 36), "\n".join(stored)
    # 1 before a bank's routing number stopped counting as a labelled identifier.
    assert (_count(tuning, "benign"), len(refused)) == (118, 0), "\n".join(refused)


def test_rejections_never_echo_the_identifier() -> None:
    for case in _load("sealed")[::7]:
        if case["category"] != "pii":
            continue
        decision = evaluate(case["candidate"], case["source_conversation_id"], CONFIG)
        if not decision.accepted:
            longest = max(case["candidate"]["text"].split(), key=len)
            assert longest not in decision.detail, case["id"]
