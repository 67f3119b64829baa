"""The write gates on vehicle registration plates from three sources no detector uses.

``tests/data/detection/plates_*.jsonl`` (provenance in ``build_plates_corpus.py`` and the
README there): Faker's ``license_plate()`` of 53 locales, Presidio's vehicle-registration
recognizer tests and validator.js' ``isLicensePlate`` tests, in the identifier sentence
templates (four of six name the kind, two give the plate bare), plus Faker's postcodes as
look-alikes. Split once by a hash of each case id before the ``vehicle_plate`` detector
was written; the sealed part is pinned by checksum and bounded, the tuning part's counts
are pinned. A plate counts after words that name one (and the Chinese, Korean and Japanese
formats anywhere); a bare letter-digit code is left alone, by design.
"""

from collections import Counter
from typing import Any

import pytest
from corpus_parts import assert_sealed_split, decide, decided_wrong, load, per_source

from memory_plugins.gates.identifiers import vehicle_plate_detector

SEALED_SHA256 = "c23409c3792b9114e8a029e5304ba4ee5fcfc105e4cd67fc90699d8635357601"
_BARE = (" handy, the user needs it for the bank.", "用户说下次办手续时用 ")


def _bare(case: dict[str, Any]) -> bool:
    text = case["candidate"]["text"]
    return text.endswith(_BARE[0]) or text.startswith(_BARE[1])


def _stored(part: str) -> tuple[Counter[str], Counter[str], list[str]]:
    """Per template kind ("named", "bare"), the plates stored, and how many there are;
    benign refusals under "benign"."""
    kinds: dict[str, list[dict[str, Any]]] = {}
    for case in load("plates", part):
        kind = "benign" if case["category"] == "benign" else "bare" if _bare(case) else "named"
        kinds.setdefault(kind, []).append(case)
    stored: Counter[str] = Counter()
    shown: list[str] = []
    for kind, cases in kinds.items():
        wrong, found = decided_wrong(cases)
        stored[kind] = sum(wrong.values())
        shown += found
    return stored, Counter({kind: len(cases) for kind, cases in kinds.items()}), shown


def test_the_sealed_part_is_the_one_split_off_before_the_detector() -> None:
    assert_sealed_split("plates", SEALED_SHA256, {"pii", "benign"})
    per = per_source("plates")
    assert sum(n for s, n in per.items() if s.startswith("Faker") and "postcode" not in s) > 150
    assert sum(n for s, n in per.items() if s.startswith("Presidio")) > 40


def test_sealed_part_stores_few_named_plates_and_refuses_no_postcode() -> None:
    stored, total, shown = _stored("sealed")
    assert total == {"named": 74, "bare": 37, "benign": 4}
    # Scored after the detector was fitted on the tuning part: 1 of 74 named plates stored.
    assert stored["named"] <= 1 and stored["benign"] == 0, "\n".join(shown)


def test_tuning_part_counts_are_pinned() -> None:
    stored, total, shown = _stored("tuning")
    assert total == {"named": 90, "bare": 48, "benign": 5}
    # Stored though named: plates without a digit (vanity plates), a two-character
    # plate and plates in small letters. 5 until "plate" alone, before a code in capitals
    # with two letters and two digits, counted as a label ("Plates: APP-456CV …").
    assert (stored["named"], stored["benign"]) == (4, 0), "\n".join(shown)
    assert stored["bare"] == 45  # a bare letter-digit code could be anything: by design


@pytest.mark.parametrize(
    "text",
    [
        "The user's licence plate is LB07 SEO.",
        "The user's car reg is LN14 HGT, a red Golf.",
        "Das Kennzeichen ist B-MW 1234.",
        "plaque d'immatriculation AB-123-CD",
        "用户的车牌号是京A12345。",
        "用户开一辆沪B·D12345 的车。",  # the Chinese format needs no label
        "사용자 차량번호 12가 3456",
        "The user's car is 品川 300 さ 12-34.",
        "The user's car is a red Golf, plate LB07 SEO.",
        "用户的car registration：FRXV-70",  # a full-width colon, then a letter
        "The user's number plate is ঝালকাঠি-জ ৪০-৩৪৬৫.",  # a script without case
    ],
)
def test_plates_after_their_label_or_in_a_national_format_are_refused(text: str) -> None:
    accepted, detail = decide("plates", text)
    assert not accepted and detail.startswith("vehicle_plate"), (text, detail)


@pytest.mark.parametrize(
    "text",
    [
        "The user's licence plate light is broken.",
        "The user's number plate has a 7 in it.",
        "The user wants licence plate recognition for the garage app.",
        "The user's car registration expires in 2026.",
        "The user's car registration: 2019 Toyota Corolla.",
        "The user's car registration is due on 2026-05-01.",
        "用户的车牌尾号是7，周一限行。",
        "The dinner plate is 27cm wide.",
        "The user bought a hot plate 2000W.",
        "The user ordered 100 plates from IKEA.",
        "The user lives near postcode SW1A 1AA.",
        "The user drives a Porsche 911 Targa 4 GTS.",  # a model's name, not the Italian label
        "The user writes Rego v1 policies for OPA.",
    ],
)
def test_plate_topics_years_and_tail_digits_are_stored(text: str) -> None:
    accepted, detail = decide("plates", text)
    assert accepted, (text, detail)
    assert vehicle_plate_detector().detect(text) is None
