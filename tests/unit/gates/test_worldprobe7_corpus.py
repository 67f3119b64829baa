"""The write gates on a seventh blind probe in the same 28 languages: texts they must store,
twelve a language in eight families of look-alikes, and three controls they must refuse
(``worldprobe7_task.md``).

``tests/data/detection/worldprobe7_*.jsonl`` (provenance in the README there): 420
memories by a run given only that task, labels the run's own. Split once by a hash of each
case id before any detector was adjusted on it; the sealed part is pinned by checksum and
its counts are bounds that may only fall; the tuning part's exact counts are pinned.
"""

import pytest
from corpus_parts import assert_sealed_split, decide, within, wrong_in

SEALED_SHA256 = "776980e49e0e01e20e7e90a49cf9b53dc2b46bcbdb965acc110394796b6deef4"


def test_the_sealed_part_is_the_one_split_off_before_tuning() -> None:
    assert_sealed_split("worldprobe7", SEALED_SHA256, {"secret", "pii", "benign"})


def test_sealed_part_counts_may_only_fall() -> None:
    wrong, shown = wrong_in("worldprobe7", "sealed", {"secret": 31, "pii": 11, "benign": 158})
    # As the gates were at the start of the session that made the probe: 3 secrets stored,
    # no identifier, 10 benign refused; when the probe came (after the service-line,
    # masked-IBAN and residence rules of the same session): 3, 0, 9; after its tuning
    # part's rules: 3, 0, 7.
    # After the sixteenth to nineteenth probes' rounds (named later, generated values, fines): 2, 0, 7.
    # After seed words of exactly a phrase's length read field by field, a connection string's password holding "#", keys as a provider's documentation prints them and a token's prefix with the rest masked (test_documented_examples.py): 2, 0, 6.
    assert within(wrong, (2, 0, 6)), shown


def test_tuning_part_counts_are_pinned() -> None:
    wrong, shown = wrong_in("worldprobe7", "tuning", {"secret": 25, "pii": 17, "benign": 178})
    # When the probe came: 3 secrets stored, 12 benign refused. Left refused: a GP
    # practice's, a pharmacy's and a dentist's own phone with no word of a hotline, a
    # form's date mask with "XXXX" after it ("ÅÅÅÅMMDD-XXXX"), and a bakery's CNPJ (the
    # library-test corpus counts CNPJs as personal identifiers).
    # After a shop's, a clinic's or a practice's own line (not a mobile) counted as the public's: 0, 0, 2.
    # After a business code's label earlier in its clause before a place of business, Italian partnerships, Hungarian offices, Turkey's VKN and Russia's KPP counted as businesses': 0, 0, 1.
    assert wrong == (0, 0, 1), shown


@pytest.mark.parametrize(
    "text",
    [
        # Codes of a building's entrance and intercom, with an article or a short copula.
        "La clave del telefonillo no la sé, pero el código del portal es el 5512#.",
        "Codul de la interfonul scării e 4408.",
        "Sitenin kapısının şifresi 91827, misafirlere veriyor.",
        "O código da portaria é o 7741.",
    ],
)
def test_entrance_codes_in_more_words_are_refused(text: str) -> None:
    accepted, detail = decide("worldprobe7", text)
    assert not accepted, (text, detail)


@pytest.mark.parametrize(
    "text",
    [
        # A password or a key left empty on purpose, "empty" in the user's language.
        "No .env.example, MAIL_PASSWORD= vazio; cada um põe a sua.",
        "Lokalde DB_PASSWORD= boş bırakılıyor, MySQL şifresiz.",
        "Im Beispiel steht api_key: leer, der echte Schlüssel kommt aus dem Vault.",
        # Parcel and order numbers: a hyphenated track-and-trace, an Arabic order with a
        # possessive suffix.
        "Zending met track-and-trace 3SXYZ8812345 komt morgen.",
        "طلبي من أمازون رقمه AMZ49381027 ووصل اليوم.",
        # A slot quoted from an example in Ukrainian documentation.
        "У документації токен показано як <ТВІЙ_ТОКЕН>, справжній лежить у сховищі.",
        # Masked numbers as receipts and statements print them.
        "Na fatura aparece só o cartão XXXX-XXXX-XXXX-4417.",
        "บนสลิปโอนเงินเห็นเลขบัญชีแค่ xxx-x-x9921-x ของเขา",
        # A hotline named in its clause; a call centre's number after a comma.
        "Kad hilang? Dia call hotline bank 1-300-88-5000.",
        "Pentru facturi sună la call center-ul ENEL, 021 9366.",
        # An example IBAN named as one right before its label.
        "Als voorbeeld-IBAN staat NL91 ABNA 0417 1643 00 in de handleiding.",
    ],
)
def test_look_alikes_in_more_languages_are_stored(text: str) -> None:
    accepted, detail = decide("worldprobe7", text)
    assert accepted, (text, detail)


@pytest.mark.parametrize(
    "text",
    [
        # A mobile after a service word is a person's; so is a phone in its own clause.
        "客服热线打不通，就打他手机 138 1234 5678",
        "Hotline-ul e închis, mobilul ei e 0722 123 456.",
        # A password that is a word meaning "empty" in no language stays a password.
        "DB_PASSWORD= Vazio!2024",
    ],
)
def test_what_the_new_rules_leave_refused(text: str) -> None:
    accepted, detail = decide("worldprobe7", text)
    assert not accepted, (text, detail)
