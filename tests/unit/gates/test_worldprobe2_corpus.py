"""The write gates on a second blind probe in fourteen more languages: Hindi, Thai, Hebrew,
Ukrainian, Swedish, Czech, Greek, Romanian, Persian, Malay, Filipino, Hungarian, and the
Spanish of Mexico and the Portuguese of Portugal; the same task as the first
(``worldprobe_task.md``), by another run, in other languages (``worldprobe2_task.md``).

``tests/data/detection/worldprobe2_*.jsonl`` (provenance in the README there): 336
memories, labels the run's own. Split once by a hash of each case id before any detector
was adjusted on it; the sealed part is pinned by checksum and its counts are bounds that
may only fall; the tuning part's exact counts are pinned.
"""

import pytest
from corpus_parts import assert_sealed_split, decide, within, wrong_in

SEALED_SHA256 = "2254bd32a57f8c3a27e511d9fe350f4733e5050abd19affa79bffa104c40e1b9"


def test_the_sealed_part_is_the_one_split_off_before_tuning() -> None:
    assert_sealed_split("worldprobe2", SEALED_SHA256, {"secret", "pii", "benign"})


def test_sealed_part_counts_may_only_fall() -> None:
    wrong, shown = wrong_in("worldprobe2", "sealed", {"secret": 34, "pii": 45, "benign": 80})
    # As the gates were when the probe came (after the first probe's rules): 15 secrets, 8
    # identifiers stored, 18 benign refused; after its tuning part's rules: 12, 8, 17; 14
    # benign refused since a business code's label followed by the company it is of counts
    # however far the number comes after ("NIB perusahaan …, PT …, adalah …"); 7 identifiers
    # stored after the identifier probe's rules; 10 secrets after the third probe's rules
    # (digits named after them, misspelt names, far subjects); 8 after the fifth probe's; 6
    # identifiers and 13 benign after the sixth and seventh probes'. After the ninth probe's
    # tuning rules, a made password's shape alone and a PIN's or a password's name near its
    # digits in either order: 6, 4, 13.
    # After a thing's word in the value's clause or right after it read by every detector: 6, 4, 12.
    # After values given "now" or "as" a password, named after a colon and a demonstrative, plates in a parking pass's list, labels before a clause set off by dashes, and more labels and registers (test_now_as_and_parking_lists.py): 5, 4, 11.
    # After the sixteenth to nineteenth probes' rounds (named later, generated values, fines): 3, 3, 10.
    # After a street in a memory that names a home anywhere (test_kind_named_anywhere.py): 2, 2, 9.
    # After a made value in a memory that names a password anywhere (test_password_memory.py): 1, 2, 9.
    assert within(wrong, (1, 2, 9)), shown


def test_tuning_part_counts_are_pinned() -> None:
    wrong, shown = wrong_in("worldprobe2", "tuning", {"secret": 50, "pii": 39, "benign": 88})
    # Before its rules: 19 secrets, 14 identifiers stored, 21 benign refused. Left stored: a
    # password read as a dotted name and one opening with "$" as a variable; a bare Greek
    # identity card, and a phone no word names ("la encuentran al …"). Left refused: an
    # order's code read as labelled by its letters ("DKC-…"); a hotline after an agency's
    # acronym was until a call centre named in the number's clause counted as a line to the
    # public. An order that "has the number" (Romanian, Portuguese) was refused until a thing
    # named earlier in the clause counted for the number word right before a value; four
    # company and parcel numbers until a business code's label followed by its company, and a
    # thing's number at its clause's head then a colon, counted however far the value comes
    # after; the English "password" in two Filipino sentences was stored until "password"
    # counted with the prepositions and copulas of the languages that borrow it; a phone was
    # stored until a phone's word at its clause's head counted for a number a colon or a
    # copula gives ("O telemóvel da mulher do utilizador é …"); a passport and an identity
    # card named several words before their numbers, until an identifier's label heading the
    # clause whose colon, copula or number word gives the value counted ("… של המשתמש: …", "…
    # are seria KX și numărul …").
    # After a made value in a memory that names a password anywhere (test_password_memory.py): 0, 2, 1.
    # After a Greek identity card's number as the card prints it, in a Greek text (test_public_lines_and_invoices.py): 0, 1, 1.
    assert wrong == (0, 1, 1), shown


@pytest.mark.parametrize(
    "text",
    [
        # Passwords and PINs named in these languages, before or after the value.
        "Lösenordet till routern är Tallbacken#82",
        "A palavra-passe do e-mail é Bacalhau2024!",
        "A felhasználó banki jelszava: Balaton-nyar77",
        "Kata laluan Wi-Fi rumah pengguna ialah Durian#Musang88",
        "رمز کارت بانک ملی کاربر ۴۸۲۱ است.",
        "El NIP de su tarjeta Banorte es 7305",
        "Ang MPIN ng Maya ng user ay 5820",
        # Backup codes in Thai, with no space between the words before the colon.
        "โค้ดสำรองของบัญชีผู้ใช้: 4821 7730, 1190 5528",
        # "Password" as Filipino, Malay and Indonesian borrow it, with their prepositions.
        "Password ng Netflix ng user: Sampaguita88!",
        "Password untuk akun Tokopedia pengguna adalah Rendang#2023",
        # A person's tax number stays one when a company is named but not as whose it is,
        # and a parcel's number named with an identity card is not the parcel's.
        "The tax number of the user, who works at a big company, is 0105077259142.",
        "The number of the parcel for his national ID card: 903538771062",
        # An identity paper named at the head of the clause, whose it is, then the value
        # after a colon, a copula or a number word.
        "Ο αριθμός διαβατηρίου της μητέρας του χρήστη είναι ΑΚ 1234567",
        "מספר תעודת הזהות של אשתו של המשתמש: 039337423",
        "Cartea de identitate a soției are seria RT și numărul 508812",
        "Seria i numer dowodu osobistego żony: AYZ 512370",
        # Home addresses in these countries' formats, where someone lives.
        "Uživatel bydlí v Karlově 1203/15, Brno.",
        "Pengguna tinggal di No. 8, Jalan Ampang, Kuala Lumpur.",
        "Nakatira ang user sa 45 Rizal St., Quezon City.",
        "המשתמש גר ברחוב הרצל 22, חיפה",
        "Користувач живе на вул. Шевченка, 10, Київ.",
        # A phone word of Portugal next to the number.
        "O telemóvel dele: 912 345 678",
        # ... and at the head of the clause, the number given by a copula further on.
        "O telemóvel da irmã mais nova do utilizador é 912 345 678",
    ],
)
def test_secrets_and_identifiers_in_more_languages_are_refused(text: str) -> None:
    accepted, detail = decide("worldprobe2", text)
    assert not accepted, (text, detail)


@pytest.mark.parametrize(
    "text",
    [
        # Processors' test cards the words call test cards in these languages.
        "Pro testování týmu slouží testovací karta 4242 4242 4242 4242.",
        "Η ομάδα χρησιμοποιεί τη δοκιμαστική κάρτα 4242 4242 4242 4242.",
        "टीम टेस्ट कार्ड 4111 1111 1111 1111 इस्तेमाल करती है।",
        # A booking's PNR and a payment's OCR reference are no one's identifier.
        "PNR 4471902385, कोच S3, बर्थ 12।",
        "Fakturan har OCR-nummer 55012345678 och betalas i mars.",
        # A company's tax number named with the company.
        "Η εταιρεία του χρήστη έχει ΑΦΜ 094014201 στα τιμολόγια.",
        # A company's code whose label names the company right after it, the number
        # further on.
        "Mã số thuế công ty nơi anh ấy làm việc, Công ty Hoa Sen, là 0312345678.",
        "The tax number of the company where the user works is 0105077259142.",
        "Nombor pendaftaran SSM syarikat tempat isterinya bekerja ialah 201901023456.",
        # A thing's number at the head of its clause, then what it is of, then a colon.
        "Tracking number of the gift his sister sent from Manila: 903538771062",
        "رقم الطلب من متجر نون للهاتف الجديد: 41239087712",
        # An order that "has the number", named earlier in its clause.
        "A encomenda da Fnac tem o número 512384976 e chega amanhã.",
        "The user's parcel from the shop in Leeds has the number 4820193377.",
        # A value the words call a validator's fixture, its label further back.
        "The IBAN validator fixture is DE89 3704 0044 0532 0130 00, from the bank's docs.",
        # Talk of passwords with no value, and a year.
        "Lösenordet byttes i januari 2024.",
    ],
)
def test_numbers_that_are_no_ones_in_more_languages_are_stored(text: str) -> None:
    accepted, detail = decide("worldprobe2", text)
    assert accepted, (text, detail)
