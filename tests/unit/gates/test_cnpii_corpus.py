"""The write gates on cn_pii_anonymization's recognizer tests: Chinese sentences with phones,
resident IDs, bank cards, passports and e-mail addresses, from an anonymizer no detector uses.

``tests/data/detection/cnpii_*.jsonl`` (provenance in ``build_cnpii_corpus.py`` and the
README there). Small (39 cases): split once by a hash of each case id before any detector
was adjusted on it; the sealed part is pinned by checksum and asserted against the
targets (10 % of identifiers stored, no benign text refused); the tuning counts are pinned.
"""

from collections import Counter

import pytest
from corpus_parts import assert_sealed_split, decide, decided_wrong, load

SEALED_SHA256 = "1f778ae6c4cd21ad217c3bc2fefcd97a703feff30953d55cabfc663a1ce57f83"


def test_the_sealed_part_is_the_one_split_off_before_tuning() -> None:
    assert_sealed_split("cnpii", SEALED_SHA256, {"pii", "benign"})


def test_sealed_part_meets_the_targets() -> None:
    sealed = load("cnpii", "sealed")
    assert Counter(c["category"] for c in sealed) == {"pii": 18, "benign": 4}
    wrong, shown = decided_wrong(sealed)
    assert wrong["pii"] <= 1 and wrong["benign"] == 0, "\n".join(shown)


def test_tuning_part_counts_are_pinned() -> None:
    wrong, shown = decided_wrong(load("cnpii", "tuning"))
    # Left: "数字12345678901不是手机号", a counted-out number the sentence says is no phone
    # (identifier libraries' own tests use counted-out numbers as valid ones).
    assert (wrong["pii"], wrong["benign"]) == (0, 1), "\n".join(shown)


@pytest.mark.parametrize(
    ("text", "stored"),
    [
        ("身份号码 1101 0119 8512 1500 31", False),  # the ID card's own name for the number
        ("公民身份号码：110101198512150031", False),
        ("产品编号ABC4111111111111111XYZ", True),  # letters on both sides: a product code
        ("卡号4111111111111111", False),
    ],
)
def test_what_the_tuning_part_taught(text: str, stored: bool) -> None:
    assert decide("cnpii", text)[0] is stored, text
