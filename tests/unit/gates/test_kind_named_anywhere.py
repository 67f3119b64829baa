"""A memory that names what kind of identifier it holds — in its text, a tag or its
identity — and holds a value of that shape anywhere: a plate quoted, listed or written far
from its label, a passport's or an insurance number far from its name. The fields are read
joined, so a label in a tag names the value in the text. The look-alikes stay stored: an
amount, a thing's number, a company's code, a public line, a masked number, a maker and a
model.

The sentences are this module's own, in the shapes the probes' tuning parts showed
(``tests/data/detection/README.md``).
"""

import pytest
from corpus_parts import CONFIG, memory

from memory_plugins.gates import evaluate


def _refused(text: str, tags: list[str], subject: str) -> str:
    """The detail of the gates' refusal of the memory; fails if they store it."""
    decision = evaluate(memory(text, tags, subject=subject), "conv-1", CONFIG)
    assert not decision.accepted, (text, decision.detail)
    return decision.detail


def _stored(text: str, tags: list[str], subject: str) -> None:
    """Fails unless the gates store the memory."""
    decision = evaluate(memory(text, tags, subject=subject), "conv-1", CONFIG)
    assert decision.accepted, (text, decision.detail)


@pytest.mark.parametrize(
    ("text", "tags", "subject", "detector"),
    [
        # a plate quoted, its label only in the tags
        (
            "Er sagte: „B-KL 4127 ist unser Zweitwagen“.",
            ["Auto", "Kennzeichen"],
            "Zweitwagen",
            "vehicle_plate",
        ),
        # a plate in a list, the label in the identity
        (
            "Mardi : pressing, boulangerie, FT-318-KD au garage Dupont.",
            ["voiture", "garage"],
            "plaque d'immatriculation",
            "vehicle_plate",
        ),
        # a plate before a long clause that names it
        (
            "KR 7731J, which the leasing firm gave them last spring after the old one broke "
            "down twice, is the licence plate to register.",
            ["car", "parking"],
            "company car",
            "vehicle_plate",
        ),
        # a passport's number far from the word, which a tag repeats
        (
            "Het paspoort van zijn zoon, dat vorige maand bij de gemeente is verlengd, heeft "
            "nummer NX4K71P29.",
            ["paspoort", "zoon"],
            "paspoort van de zoon",
            "labelled_identifier",
        ),
        # an insurance number at a sentence's end, the kind in the identity
        (
            "Die Karte der Mutter liegt im Handschuhfach, drauf steht A123456780.",
            ["Mutter", "Arzt"],
            "Krankenversicherungsnummer der Mutter",
            "labelled_identifier",
        ),
        # a bank account named in a tag, the number after a person's name
        (
            "Mr Tane, the landlord: 12-3456-0123456-00, Kelburn branch.",
            ["bank account", "landlord"],
            "landlord's details",
            "labelled_identifier",
        ),
    ],
)
def test_a_value_of_the_named_kind_anywhere_is_refused(
    text: str, tags: list[str], subject: str, detector: str
) -> None:
    assert _refused(text, tags, subject).startswith(detector)


@pytest.mark.parametrize(
    ("text", "tags", "subject"),
    [
        # an amount, a date and a duration
        (
            "The passport renewal cost 115000 won and takes 14 days; appointment on 2025-03-14.",
            ["passport", "travel"],
            "passport renewal",
        ),
        # a thing's number
        (
            "The passport photos were paid with invoice 2024-118734 at the town hall.",
            ["passport", "photos"],
            "passport photos",
        ),
        # a company's code, the company named
        (
            "Die Kfz-Versicherung läuft über die Allsecur GmbH, USt-IdNr DE813617431; das "
            "Kennzeichen kommt später.",
            ["Auto", "Versicherung"],
            "Kfz-Versicherung",
        ),
        # a public line
        (
            "For passport questions she calls the hotline 0800 123 4567 of the passport office.",
            ["passport", "hotline"],
            "passport office",
        ),
        # a masked number's visible digits
        (
            "On the receipt the CPF shows only as ***.456.789-**, which is enough for her.",
            ["CPF", "receipt"],
            "receipt",
        ),
        # a maker and a model
        ("The licence plate for the new BMW 320 has not arrived yet.", ["car", "plate"], "new car"),
    ],
)
def test_look_alikes_in_a_memory_that_names_a_kind_are_stored(
    text: str, tags: list[str], subject: str
) -> None:
    _stored(text, tags, subject)


@pytest.mark.parametrize(
    ("text", "tags", "subject"),
    [
        # a lock's code quoted, its name only in the tags
        ("Elle a dit : « 4821, sinon ça sonne ».", ["alarme", "code"], "maison"),
        # a PIN in a note's list, the kind in the identity
        ("Monday: bins out · 730912 · call the plumber", ["notes", "week"], "bank card PIN"),
        # a gate's code in a list, the gate and the code in the identity
        (
            "Sunday: bins out, 418736, water the roses, feed the cat.",
            ["notes", "house"],
            "code for the garden gate",
        ),
        # a safe's code before a long clause, safe and code in the tags
        (
            "690514 — the one that the office manager set after the move, and nobody else "
            "knows it.",
            ["safe", "code", "office"],
            "office safe",
        ),
    ],
)
def test_a_code_in_a_memory_that_names_one_is_refused(
    text: str, tags: list[str], subject: str
) -> None:
    assert _refused(text, tags, subject).startswith("password")


@pytest.mark.parametrize(
    ("text", "tags", "subject"),
    [
        # a factory's default code, one digit over and over
        (
            "The safe's manual says the factory code is 0000 and must be changed.",
            ["safe", "code"],
            "safe manual",
        ),
        # a weight, a price and a year
        (
            "The safe weighs 1200 kg and cost 899 EUR in 2023; the code is set.",
            ["safe", "code"],
            "office safe",
        ),
        # another label's value
        (
            "Locker rules: Room: 4821, open until ten; the code is on the card.",
            ["locker", "code"],
            "gym locker",
        ),
        # a public line
        ("For a lost PIN she calls the bank's hotline 0800 4821 977.", ["PIN", "bank"], "lost PIN"),
    ],
)
def test_look_alikes_in_a_memory_that_names_a_code_are_stored(
    text: str, tags: list[str], subject: str
) -> None:
    _stored(text, tags, subject)


@pytest.mark.parametrize(
    ("text", "tags", "subject"),
    [
        # the street in the text, the word of living only in the identity
        (
            "Für die Einladung: Lindenstraße 14, 04109 Leipzig, zweiter Stock links.",
            ["Einladung", "Oma"],
            "wo die Oma wohnt",
        ),
        # the street in a list, far from the identity that says whose home it is
        (
            "Wedding list: flowers from Rosa, cake by Tom, the cards to 12 Harbour Road, "
            "Whitby, by Friday, and the band booked for eight until midnight.",
            ["wedding", "cards"],
            "where the in-laws live",
        ),
    ],
)
def test_a_street_in_a_memory_that_names_a_home_is_refused(
    text: str, tags: list[str], subject: str
) -> None:
    assert _refused(text, tags, subject).startswith("street_address")


@pytest.mark.parametrize(
    ("text", "tags", "subject"),
    [
        # a home named, no street with a house number
        (
            "She moved home to Leeds last year; the office is near the station.",
            ["home", "moving"],
            "new home",
        ),
        # a street an example's words call one
        (
            "Her address book app shows the sample entry 221B Baker Street as an example.",
            ["address book", "app"],
            "address book",
        ),
    ],
)
def test_look_alikes_in_a_memory_that_names_a_home_are_stored(
    text: str, tags: list[str], subject: str
) -> None:
    _stored(text, tags, subject)
