"""The write gates on Presidio's recognizer tests: a PII analyser no detector uses.

``tests/data/detection/presidio_*.jsonl`` (provenance in ``build_presidio_corpus.py`` and
the README there): the texts Presidio's pattern-recognizer tests say hold an entity,
personal identifiers of many countries and look-alikes (dates, IP and MAC addresses, URLs,
postcodes). Split once by a hash of each case id before any detector was adjusted on it;
the sealed part is pinned by checksum and asserted against the 10 % target for
identifiers, which it meets; its look-alikes miss the 3 % target by one case (1 of 28), so
that count is a bound. The tuning part's exact counts are pinned.
"""

from collections import Counter

import pytest
from corpus_parts import assert_sealed_split, decide, decided_wrong, load, per_source

SEALED_SHA256 = "b4c4c5a44b6eab228f0f7fe3a530772ef979c76d5436ad0956b21e38475bcbe9"


def test_the_sealed_part_is_the_one_split_off_before_tuning() -> None:
    assert_sealed_split("presidio", SEALED_SHA256, {"pii", "benign"})
    assert len(per_source("presidio")) > 50  # many kinds of identifier


def test_sealed_part_stores_at_most_ten_percent_of_identifiers() -> None:
    sealed = load("presidio", "sealed")
    total = Counter(case["category"] for case in sealed)
    wrong, shown = decided_wrong(sealed)
    assert total == {"pii": 208, "benign": 28}
    assert wrong["pii"] / total["pii"] <= 0.10, "\n".join(shown)
    assert wrong["benign"] <= 1, "\n".join(shown)  # 3.6 %: the 3 % target is missed


def test_tuning_part_counts_are_pinned() -> None:
    wrong, shown = decided_wrong(load("presidio", "tuning"))
    # Left: mostly values with no word saying what they are ("AAASA1111R", "3998:7654:3211").
    # 20 until a bare run of 13, 14, 17 or 20+ digits counted without a scheme's check; 19
    # until a ten-digit ISBN's check alone stopped explaining a bare number (a UK NHS number
    # passes it by construction, and a US NPI did); 17 until a code of digits and one hex
    # letter stopped reading as a hash (a German pension insurance number, "15070649C103").
    assert (wrong["pii"], wrong["benign"]) == (16, 0), "\n".join(shown)


def _decide(text: str) -> bool:
    return decide("presidio", text)[0]


@pytest.mark.parametrize(
    "text",
    [
        "Keep BY13NBRB3600900000002Z00AB00 handy, the user needs it for the bank.",
        "The user's registration number is 960121-1234567.",  # no check digit since 2020
        "외국인등록번호 000505-7637892",
        "The user's henkilötunnus is 030594W903B.",  # a 2023 century sign, a temporary code
        "Patient 1EG4-TE5-MK73 called about the bill.",
        "Medicare number 1EG4TE5MK73 on the card.",
        "Mi pasaporte es AAA123456",
        "The user's carta d'identità number is CA00000AA.",
        "Sein Reisepass: C01X00T47.",
    ],
)
def test_identifiers_the_tuning_part_taught_are_refused(text: str) -> None:
    assert not _decide(text), text


@pytest.mark.parametrize(
    "text",
    [
        "The user's printer has MAC address 01-23-45-67-89-AB.",
        "The router is 00:1A:2B:3C:4D:5E on the home LAN.",
        "The user's order 240315-1234567 shipped today.",
        "Part 1EG4TE5MK73 is back in stock.",
    ],
)
def test_their_look_alikes_are_stored(text: str) -> None:
    assert _decide(text), text
