"""The write gates on a blind probe of an ordinary user's memories full of numbers and
codes: flights, doses, sizes, models, scores, hotlines, tracking numbers; and, in the same
sentences, the user's or a relative's phone, ID, card, address, plate, door code or PIN.

``tests/data/detection/lifeprobe_*.jsonl`` (provenance in the README there): 350 memories
a separate model run wrote in nine languages, seeing neither the gates nor the earlier
probes. The labels are its own. Split once by a hash of each case id before any detector
was adjusted on it; the sealed part is pinned by checksum and its counts are bounds that
may only fall; the tuning part's exact counts are pinned.
"""

import pytest
from corpus_parts import assert_sealed_split, decide, within, wrong_in

SEALED_SHA256 = "9d21fff30ea89198aa256c1c958a5c43c48a437947e1feb8a9f0c72f80a9674b"


def test_the_sealed_part_is_the_one_split_off_before_tuning() -> None:
    assert_sealed_split("lifeprobe", SEALED_SHA256, {"secret", "pii", "benign"})


def test_sealed_part_counts_may_only_fall() -> None:
    wrong, shown = wrong_in("lifeprobe", "sealed", {"secret": 9, "pii": 33, "benign": 114})
    # As the session found the gates: 1 secret, 5 identifiers stored, 5 benign refused;
    # after this probe's tuning part's rules: 1, 3, 4; since an account's number named as a
    # bank's or given beside its bank's code counts: 1, 2, 4; after the second
    # fourteen-language probe's rules: 1, 1, 4; since a thing named earlier in the clause
    # "has the number" that follows: 1, 1, 3; since a password as its sentence's subject
    # counts for the value closing it: 0, 1, 3; after the sixth and seventh probes'
    # rules (a plate after a parking pass's words): 0, 0, 3.
    # After public lines written with their country's code, a business register named after a copula of another language, the invoice's word in more languages and Sweden's test person number (test_public_lines_and_invoices.py): 0, 0, 2.
    assert within(wrong, (0, 0, 2)), shown


def test_tuning_part_counts_are_pinned() -> None:
    wrong, shown = wrong_in("lifeprobe", "tuning", {"secret": 9, "pii": 35, "benign": 150})
    # Before its rules: 3 secrets (door codes, a PIN) and 5 identifiers (home addresses, a
    # plate) stored, 4 benign refused. A lottery player's six two-digit numbers, which read
    # as one phone number once their pairs are joined (as a card's spelled in pairs must
    # be), were refused until numbers named as a lottery's counted as that thing's.
    assert wrong == (0, 0, 0), shown


@pytest.mark.parametrize(
    "text",
    [
        # A home: a street and its number where someone lives or gets post, in six languages.
        "The user's grandmother lives at 18 Willow Lane, so birthday parcels go there.",
        "用户老家在成都武侯区玉林北路37号，过年回去住一周。",
        "Die Eltern des Nutzers wohnen in der Lindenstraße 4b in Bremen.",
        "La sœur de l'utilisateur habite au 7 rue des Lilas à Lyon.",
        "La madre del usuario vive en Calle Alcalá 120, Madrid.",
        # A code that opens something, named with what it opens, in other languages.
        "The gate code for the user's allotment is 4471.",
        "Der Türcode im Büro des Nutzers lautet 9052.",
        "ユーザーの銀行の暗証番号は3308。",
        # A plate named with whose car it is.
        "La plaque d'immatriculation de la moto du frère est GH-518-KP.",
    ],
)
def test_personal_values_in_everyday_sentences_are_refused(text: str) -> None:
    accepted, detail = decide("lifeprobe", text)
    assert not accepted, (text, detail)


@pytest.mark.parametrize(
    "text",
    [
        # A shop's or an office's address: nothing says anyone lives there.
        "The user's favourite bakery is at 12 Market Street.",
        "用户公司在中山路88号，步行十分钟。",
        # Two numbers given as two tags stay two numbers.
        "用户提醒父母遇到火警打119，急救打120。",
        # A parcel's number named as one, in Korean and Japanese.
        "사용자의 택배 송장번호는 481205937716이다.",
        "ユーザーの荷物の追跡番号は4129-3385-7702。",
        # A number of a building, a bus line, a train seat.
        "用户家在小区5号楼3单元，坐12路公交回家。",
    ],
)
def test_everyday_numbers_are_stored(text: str) -> None:
    accepted, detail = decide("lifeprobe", text)
    assert accepted, (text, detail)
