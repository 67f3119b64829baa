"""The write gates on a blind probe of memories in fourteen languages other than English and
Chinese: passwords, PINs, keys and recovery codes; national, tax and insurance numbers,
passports, bank accounts, phones and home addresses of each language's country; and the
numbers a careless gate refuses there (orders, parcels, a company's registration, test
cards, talk of passwords).

``tests/data/detection/worldprobe_*.jsonl`` (provenance in the README there): 336 memories
a separate model run wrote from ``worldprobe_task.md`` alone, seeing neither the gates nor
the earlier probes. The labels are its own. Split once by a hash of each case id before any
detector was adjusted on it; the sealed part is pinned by checksum and its counts are
bounds that may only fall; the tuning part's exact counts are pinned.
"""

import pytest
from corpus_parts import assert_sealed_split, decide, within, wrong_in

SEALED_SHA256 = "8f57b78e73b8f6b4febf00f66d8c8d9db3fc5f451bb6ab52ad10c209b0c2f7cf"


def test_the_sealed_part_is_the_one_split_off_before_tuning() -> None:
    assert_sealed_split("worldprobe", SEALED_SHA256, {"secret", "pii", "benign"})


def test_sealed_part_counts_may_only_fall() -> None:
    wrong, shown = wrong_in("worldprobe", "sealed", {"secret": 37, "pii": 49, "benign": 96})
    # As the gates were when the probe came: 16 secrets, 14 identifiers stored, 15 benign
    # refused; after its tuning part's rules: 10, 12, 8; since a document's reference may
    # hold a whole date and more parts: 10, 12, 7; after the second fourteen-language
    # probe's rules: 10, 11, 7; since an identifier's label heading the clause whose colon,
    # copula or number word gives the value counts: 10, 10, 7; since a password as its
    # sentence's subject counts for the value closing it: 8, 10, 7; after the third
    # probe's rules: 8, 9, 7; after the sixth and seventh probes' rules (a label named
    # after its value, addresses a courier brings parcels to, masked numbers): 8, 6, 6;
    # after a made password's shape alone (a word, digits and a symbol in one token): 7, 6, 6.
    # After the round of secrets and identifiers written as people write them (test_written_as_people_write.py): 7, 5, 6.
    # After a Japanese account's kind before its digits, a Czech driving licence's everyday name and a Hungarian plate's adjective counted: 7, 4, 6.
    # After unlock and pickup codes in more languages and a default administrator's login counted: 6, 4, 6.
    # After an identifier of a kind the memory names anywhere, and a plate in a memory that names one (test_kind_named_anywhere.py): 6, 4, 7.
    # After a code in a memory that names one anywhere (test_kind_named_anywhere.py): 5, 4, 7.
    # After a made value in a memory that names a password anywhere (test_password_memory.py): 4, 4, 7.
    assert within(wrong, (4, 4, 7)), shown


def test_tuning_part_counts_are_pinned() -> None:
    wrong, shown = wrong_in("worldprobe", "tuning", {"secret": 47, "pii": 35, "benign": 72})
    # Before its rules: 20 secrets, 4 identifiers stored, 17 benign refused. Left refused:
    # a serial number named more than 32 characters before it, past a comma, and a test
    # card no processor's list holds and whose digits are not typed by hand. An invoice's
    # reference in slashes ("INV/20241021/MPL/…") was refused until a document's reference
    # could hold a whole date and more parts; a slot the words call an example's in
    # Indonesian ("di contoh kode"), until a text about an example quoted its slots; a
    # parcel's number and a company's named far before them, until a thing's number at its
    # clause's head then a colon, and a business code's label followed by its company,
    # counted however far the value comes after.
    assert wrong == (0, 0, 2), shown


@pytest.mark.parametrize(
    "text",
    [
        # A password named, then a value no word has the shape of, with no copula.
        "Pour le NAS du bureau, il utilise le compte admin avec le mot de passe Tulipe_77!rose.",
        "Wachtwoord van de gedeelde mailbox staat hier: Molen#2019haring.",
        "Sandi Wi-Fi kantor dia adalah Kopi_Susu88!",
        # A PIN or a card's password whose digits close the clause.
        "PIN kartu kredit Mandiri-nya 482913, katanya jangan sampai lupa.",
        "Kartının şifresi 7731 — bankada değiştirmedi.",
        "O código do portão da garagem é 4470.",
        "Kod do domofonu u babci to 2580.",
        # Recovery codes and a two-factor key named in other languages.
        "Códigos de recuperación de su cuenta de Google: 4829-1736, 5521-0094.",
        "Zwei-Faktor-Schlüssel für das Konto: JBSW Y3DP EHPK 3PXP KZ2W.",
        # A home address in the formats of more countries, where someone lives.
        "Hij woont op de Keizersgracht 112 in Amsterdam.",
        "Dia tinggal di Jl. Kenanga No. 17, Bandung.",
        "Mieszka przy ul. Długa 14 w Gdańsku.",
        # A bank named by its name, then an account's number in dashed groups.
        "월세는 신한은행 110-432-778812 계좌로 보낸다.",
    ],
)
def test_secrets_and_identifiers_in_other_languages_are_refused(text: str) -> None:
    accepted, detail = decide("worldprobe", text)
    assert not accepted, (text, detail)


@pytest.mark.parametrize(
    "text",
    [
        # Talk of passwords and PINs, and years, with no value.
        "La contraseña del wifi está pegada en la nevera.",
        "PIN ATM-nya diganti tahun 2023.",
        "Kod do alarmu zmienił na nowy w 2024.",
        "Der WLAN-Schlüssel steht auf der Rückseite der FRITZ!Box 7590.",
        # A test card the words call one, its digits typed by hand, and its CVC.
        "Para probar el checkout usa la tarjeta de prueba 4000 0000 0000 0002, CVC 123.",
        "Zum Testen nimmt er die Testkarte 5555 5555 5555 4444 (CVC 737).",
        # A company's registration or tax number named with the company, before or after.
        "La facture mentionne le SIRET 732 829 320 00074 de son entreprise.",
        "Công ty TNHH Minh Long có mã số thuế 0312345672.",
        # An order's and a parcel's number named in Turkish and Dutch.
        "Siparişinin numarası 5829301746, yarın kargoya verilecek.",
        "Het pakket heeft track & trace-code 3SABCD1234567.",
        # A document's reference: a letter code, a whole date and more parts.
        "Nomor tagihan listriknya INV/20240305/PLN/8812345670 sudah dibayar.",
        # An office's address: nothing says anyone lives there.
        "Kantornya di Jl. Sudirman No. 45, Jakarta.",
    ],
)
def test_numbers_that_are_no_ones_in_other_languages_are_stored(text: str) -> None:
    accepted, detail = decide("worldprobe", text)
    assert accepted, (text, detail)
