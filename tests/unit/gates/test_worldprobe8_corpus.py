"""The write gates on an eighth blind probe in the same 28 languages: a second run of the
fifth probe's task, secrets only, ten a language in all eight shapes, and five look-alikes
(``worldprobe8_task.md``, the fifth's task with its own ids).

``tests/data/detection/worldprobe8_*.jsonl`` (provenance in the README there): 420
memories by a run given only that task, labels the run's own. Split once by a hash of each
case id before any detector was adjusted on it; the sealed part is pinned by checksum and
its counts are bounds that may only fall; the tuning part's exact counts are pinned.
"""

import pytest
from corpus_parts import assert_sealed_split, decide, within, wrong_in

SEALED_SHA256 = "636335db2fe4760679db69e8609a24f04a525f44db19914491b0003dd1d495e0"


def test_the_sealed_part_is_the_one_split_off_before_tuning() -> None:
    assert_sealed_split("worldprobe8", SEALED_SHA256, {"secret", "benign"})


def test_sealed_part_counts_may_only_fall() -> None:
    wrong, shown = wrong_in("worldprobe8", "sealed", {"secret": 147, "benign": 81})
    # As the gates were at the start of the session that made the probe: 55 secrets
    # stored, 21 benign refused; when the probe came (after the sixth and seventh probes'
    # rules): 55, 20; after its tuning part's rules: 51, 16; after its second round (verbs
    # of pressing in more languages, a code whose sentence names a lock): 49, 16; after
    # a made password's shape alone (a word, digits and a symbol in one token): 37, 16.
    # After a PIN's or a password's name near its digits in either order: 33, 16 (31 with a
    # first version whose window crossed a full stop before a small letter).
    # After a thing's word in the value's clause or right after it read by every detector: 33, 13.
    # After the round of secrets and identifiers written as people write them (test_written_as_people_write.py): 31, 13.
    # After unlock and pickup codes in more languages and a default administrator's login counted: 29, 13.
    # After a business code beside a place of business, or a number of a register only businesses are in, counted as the business's: 29, 7.
    # After passwords and PINs given after a clause or an adverb, more misspellings, codes opened "with" or keyed by a German separable verb, and recovery codes after a relative clause (test_given_after_a_clause.py): 28, 7.
    # After the sixteenth to nineteenth probes' rounds (named later, generated values, fines): 26, 7.
    # After a code in a memory that names one anywhere (test_kind_named_anywhere.py): 14, 7.
    # After a code's word beside a door's, a gate's or a keypad's naming a code anywhere (test_kind_named_anywhere.py): 12, 7.
    # After a made value in a memory that names a password anywhere (test_password_memory.py): 9, 7.
    # After public lines written with their country's code, a business register named after a copula of another language, the invoice's word in more languages and Sweden's test person number (test_public_lines_and_invoices.py): 9, 6.
    assert within(wrong, (9, 6)), shown


def test_tuning_part_counts_are_pinned() -> None:
    wrong, shown = wrong_in("worldprobe8", "tuning", {"secret": 133, "benign": 59})
    # When the probe came: 48 secrets stored, 9 benign refused. Left stored, among others:
    # a password after a device's or a Wi-Fi network's name in a note's list (an SSID may
    # look the same: "FRITZ!Box 7590"), codes named after their value with no copula in
    # several languages, names misspelt by two letters ("sehna", "Geheimzhal"), digits a
    # verb of pressing gives in Egyptian Arabic, a card's PIN after "Nombor … itulah".
    # Left refused: a train's PNR read as a health number by its strong check.
    # After a thing's word in the value's clause or right after it read by every detector: 13, 0 (a train's PNR is no longer read as a health number).
    # After the round of secrets and identifiers written as people write them (test_written_as_people_write.py): 7, 0.
    # After unlock and pickup codes in more languages and a default administrator's login counted: 3, 0.
    # After passwords and PINs given after a clause or an adverb, more misspellings, codes opened "with" or keyed by a German separable verb, and recovery codes after a relative clause (test_given_after_a_clause.py): 2, 0.
    # After values given "now" or "as" a password, named after a colon and a demonstrative, plates in a parking pass's list, labels before a clause set off by dashes, and more labels and registers (test_now_as_and_parking_lists.py): 1, 0.
    # After a made value in a memory that names a password anywhere (test_password_memory.py): 0, 0.
    assert wrong == (0, 0), shown


@pytest.mark.parametrize(
    "text",
    [
        # An alarm's or a safe's code as an item of a note's list.
        "Lista: pagar a luz, alarme da loja 7719, buscar as crianças.",
        "Notatki: rachunki, sejf w biurze 482913, urodziny mamy.",
        "Notizen: Müll raus, Tresor 558210, Oma anrufen.",
        "Ghi chú: đóng học phí, két sắt 0719, mua sữa.",
        "תזכורות: לקנות חלב, כספת 5512, להתקשר לאמא.",
        # "password" as Thai writes the English word.
        "พาสเวิร์ด Wi-Fi ที่บ้านคือ Tomyum_88!",
        # Verbs of pressing and typing in more forms; a code whose sentence names a lock.
        "マンションのエントランスで2468を押せば開く。",
        "قبل ما يطلع، بيدوس 7731 على لوحة الباب.",
        "Pag-uwi, tina-type niya ang 552901 sa smart lock ng condo.",
        "Il désarme l'alarme du garage avec le code 5821.",
    ],
)
def test_codes_in_a_notes_list_are_refused(text: str) -> None:
    accepted, detail = decide("worldprobe8", text)
    assert not accepted, (text, detail)


@pytest.mark.parametrize(
    "text",
    [
        # Prose: "user", a word and "password", then a word in small letters.
        "The user mentioned password rotation at work.",
        # A price in a shopping list, a year after an alarm. (A list of two items, "Tresor
        # 558210 und Müll raus.", stood here too: in this template, whose tags and reason
        # name a password, it is a safe's code, refused since a code is read anywhere in a
        # memory that names one: test_kind_named_anywhere.py.)
        "Shopping: laptop 1299, mouse 25, bag 40.",
        "Notes: buy milk, alarm 2024 model, call mom.",
        # A company named by a compound whose head is the word for it, an Italian "Srl".
        "Han jobbar på ett fastighetsbolag, org.nr 556677-8899.",
        "Compra dalla Bianchi Srl, P.IVA 38561440264.",
        # A code the sentence names a thing's: a postcode, a promotion, near a door.
        "Use promo code 4821 at the door.",
        "Postal code 75002, near the gate.",
    ],
)
def test_look_alikes_are_stored(text: str) -> None:
    accepted, detail = decide("worldprobe8", text)
    assert accepted, (text, detail)


@pytest.mark.parametrize(
    "text",
    [
        # A note's fields, or a login after a colon, still give a password in small letters.
        "username root\npassword crickets",
        "Router login: user admin password hunter",
    ],
)
def test_logins_written_down_stay_refused(text: str) -> None:
    accepted, detail = decide("worldprobe8", text)
    assert not accepted, (text, detail)
