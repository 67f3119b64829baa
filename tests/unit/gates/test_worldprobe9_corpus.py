"""The write gates on a ninth blind probe in the same 28 languages: a second run of the
sixth probe's task, personal identifiers in eight placements and two other spellings, and
look-alikes (``worldprobe9_task.md``, the sixth's task with its own ids).

``tests/data/detection/worldprobe9_*.jsonl`` (provenance in the README there): 420
memories by a run given only that task, labels the run's own. Split once by a hash of each
case id. Until its tuning part's rules no rule had been written from either part, so both
parts measured the earlier rules on sentences they were not made from; the sealed part
still has had none. The sealed part is pinned by checksum and its counts are bounds that
may only fall; the tuning part's exact counts are pinned.
"""

import pytest
from corpus_parts import assert_sealed_split, decide, within, wrong_in

SEALED_SHA256 = "328f3fb5f736fe3d3d491516c13eb6cbe025fb05fb32b209ab0be22bc260661b"


def test_the_sealed_part_is_the_one_split_off_before_tuning() -> None:
    assert_sealed_split("worldprobe9", SEALED_SHA256, {"pii", "benign"})


def test_sealed_part_counts_may_only_fall() -> None:
    wrong, shown = wrong_in("worldprobe9", "sealed", {"pii": 140, "benign": 66})
    # As the gates were at the start of the session that made the probe: 38 identifiers
    # stored, 8 benign refused; when it came (after the sixth, seventh and eighth probes'
    # rules): 31, 6; after its tuning part's rules (a plate named in its clause, a
    # shipping form's recipient, account numbers of more countries, a DNI with dots): 27, 6.
    # After a thing's word in the value's clause or right after it read by every detector: 26, 5.
    # After the round of secrets and identifiers written as people write them (test_written_as_people_write.py): 25, 5.
    # After a word of calling or messaging after a number counted as a phone's cue: 24, 5.
    # After a business code beside a place of business, or a number of a register only businesses are in, counted as the business's: 24, 3.
    # After a building's number in Arabic and the user's address named in Arabic counted: 23, 3.
    # After values given "now" or "as" a password, named after a colon and a demonstrative, plates in a parking pass's list, labels before a clause set off by dashes, and more labels and registers (test_now_as_and_parking_lists.py): 23, 2.
    # After the sixteenth to nineteenth probes' rounds (named later, generated values, fines): 23, 1.
    # After an identifier of a kind the memory names anywhere, and a plate in a memory that names one (test_kind_named_anywhere.py): 16, 1.
    # After a street in a memory that names a home anywhere (test_kind_named_anywhere.py): 12, 1.
    assert within(wrong, (12, 1)), shown


def test_tuning_part_counts_are_pinned() -> None:
    wrong, shown = wrong_in("worldprobe9", "tuning", {"pii": 140, "benign": 74})
    # As found: 38 identifiers stored, 6 benign refused; when it came: 31, 6. Left stored:
    # a relative's or a tradesman's mobile after a name and a colon in a text with no
    # country's script, a passport's label misspelt ("Reispass"), a health number's
    # ("philheath"), a code pasted for a car-sharing app, a CLABE named a clause before
    # its value, an address whose recipient is named after the postcode.
    # After a thing's word in the value's clause or right after it read by every detector: 6, 3.
    # After the round of secrets and identifiers written as people write them (test_written_as_people_write.py): 5, 3.
    # After a word of calling or messaging after a number counted as a phone's cue: 3, 3.
    # After a business code beside a place of business, or a number of a register only businesses are in, counted as the business's: 3, 2.
    # After a business code's label earlier in its clause before a place of business, Italian partnerships, Hungarian offices, Turkey's VKN and Russia's KPP counted as businesses': 3, 0.
    # After an identifier of a kind the memory names anywhere, and a plate in a memory that names one (test_kind_named_anywhere.py): 1, 0.
    assert wrong == (1, 0), shown


@pytest.mark.parametrize(
    "text",
    [
        # A plate named in its clause with words between that say it is a vehicle's, or in
        # parentheses right after a vehicle.
        "Apunta la matrícula de la furgoneta de mi cuñado, 4821 KTR, para el parking.",
        "biển số xe máy của anh trai là 29B1-456.78 nhé",
        "Das alte Auto (HH-KL 2844) steht beim Nachbarn.",
        # A shipping form's recipient beside a street and its number.
        "Adresa: Strada Florilor nr. 12, Iași | Destinatar: utilizatorul",
        "Address: 45 Rizal Ave., Quezon City | Recipient: the user's mother",
        # Account numbers of more countries: an IBAN whose country the registry lacks, a
        # Polish NRB without "PL", a Hungarian account's check digits, a current account,
        # a Japanese account's "No.", an Israeli account beside its branch.
        "IBAN: IR06 0120 0000 0000 1234 5678 90",
        "Numer konta: 61 1090 1014 0000 0712 1981 2874",
        "Számlaszám: 11773016-11111018",
        "Conta corrente 4455123-7 no Itaú.",
        "振込先：みずほ銀行 新宿支店 口座No.1234567",
        "בנק לאומי, סניף 800, חשבון 1234567.",
        # A Spanish DNI written with thousands' dots.
        "Su documento es el 12.345.678-Z.",
    ],
)
def test_identifiers_in_more_placements_are_refused(text: str) -> None:
    accepted, detail = decide("worldprobe9", text)
    assert not accepted, (text, detail)


@pytest.mark.parametrize(
    "text",
    [
        # A car's maker and model in parentheses; an enrolment's "matrícula" with a course.
        "Compró un coche (SEAT 600) para restaurarlo.",
        "Matrícula del máster: MBA 2024, pagada en septiembre.",
        # Dashed blocks of eight digits that fail the Hungarian check; an agency's account.
        "Ticket 12345678-12345678 was closed.",
        "The travel agency account 123456 is for bookings.",
    ],
)
def test_look_alikes_are_stored(text: str) -> None:
    accepted, detail = decide("worldprobe9", text)
    assert accepted, (text, detail)
