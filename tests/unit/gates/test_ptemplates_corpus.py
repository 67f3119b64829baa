"""The write gates on Presidio's evaluation templates filled with Faker values of 31 locales.

``tests/data/detection/ptemplates_*.jsonl`` (provenance in ``build_ptemplates_corpus.py``
and the README there): presidio-research's data-generator sentences (customer-service
requests, chat lines, contact cards), not ours, with cards, phone numbers, IBANs, SSNs,
e-mail addresses and driving licences (``pii``) or only names, places and organisations
(``benign``). Labels follow from the slot kinds. Split once by a hash of each case id; the
sealed part is pinned by checksum and its counts may only fall; the tuning part's exact
counts are pinned.
"""

import re

import pytest
from corpus_parts import assert_sealed_split, decide, load, within, wrong_in

SEALED_SHA256 = "fcfeda071c5608090277e195e7a6b0cc09cec324f5b16cf640dbc67414434d15"


def test_the_sealed_part_is_the_one_split_off_before_tuning() -> None:
    assert_sealed_split("ptemplates", SEALED_SHA256, {"pii", "benign"})
    cases = load("ptemplates", "tuning") + load("ptemplates", "sealed")
    lines = {re.search(r"line (\d+)", c["source"]).group(1) for c in cases}  # type: ignore[union-attr]
    locales = {c["source"].rsplit(" ", 1)[1] for c in cases}
    assert len(lines) >= 60 and len(locales) == 31  # many sentences, many locales


def test_sealed_part_counts_may_only_fall() -> None:
    wrong, shown = wrong_in("ptemplates", "sealed", {"pii": 609, "benign": 280})
    # Scored with the code before the tuning part's rules: 15 identifiers stored (2.5 %), 2
    # benign texts refused (0.7 %); after them: 2 and 2 (the cases were not read); after
    # the sixth and seventh fourteen-language probes' rules: 1 and 2.
    assert within(wrong, (1, 2)), shown


def test_tuning_part_counts_are_pinned() -> None:
    wrong, shown = wrong_in("ptemplates", "tuning", {"pii": 631, "benign": 290})
    # As built: 18 identifiers stored, 5 benign texts refused. Left: a US number whose area
    # code no one has been given, written with no phone word; four role-marked dialogue
    # lines ("Bot: … User: …"), refused as transcripts by design.
    assert wrong == (1, 4), shown


@pytest.mark.parametrize(
    ("text", "accepted"),
    [
        # Twelve digits with a Maestro card's check, after words naming a card.
        ("Need to see last 10 transaction of card 571492694351", False),
        ("Order 571492694351 shipped", True),
        # An IBAN whose check digits hold though its account part has another layout.
        ("Money transfer from GB17DLSU7403550369288 to other bank accounts", False),
        ("Part GB17DLSU7403550369289 is in stock", True),
        # A number that answers or takes messages, in any country's numbering.
        ("They're not answering at 06840473", False),
        ("I would like to stop receiving messages to 8 770 445 12 37", False),
        ("The message said the order 12345678 shipped", True),
        # An extension glued to the number; a time's seconds are no number.
        ("They're not answering at +1-401-695-9795x9802", False),
        ("On 1979-02-17 12:59:09.179832, the government began the process", True),
    ],
)
def test_what_the_tuning_part_taught(text: str, accepted: bool) -> None:
    decided, detail = decide("ptemplates", text)
    assert decided is accepted, (text, detail)
