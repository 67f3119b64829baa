"""The write gates on a sixth blind probe in the same 28 languages: personal identifiers,
ten a language in eight placements and two other spellings, and five look-alikes
(``worldprobe6_task.md``).

``tests/data/detection/worldprobe6_*.jsonl`` (provenance in the README there): 420
memories by a run given only that task, labels the run's own. Split once by a hash of each
case id before any detector was adjusted on it; the sealed part is pinned by checksum and
its counts are bounds that may only fall; the tuning part's exact counts are pinned.
"""

import pytest
from corpus_parts import assert_sealed_split, decide, within, wrong_in

SEALED_SHA256 = "d438cc1d3b3d3ae510b5c5e52699a25830f06ee7ca22d579d06b096bfb77985c"


def test_the_sealed_part_is_the_one_split_off_before_tuning() -> None:
    assert_sealed_split("worldprobe6", SEALED_SHA256, {"pii", "benign"})


def test_sealed_part_counts_may_only_fall() -> None:
    wrong, shown = wrong_in("worldprobe6", "sealed", {"pii": 139, "benign": 67})
    # As the gates were at the start of the session that made the probe, and when it came:
    # 40 identifiers stored, 5 benign refused; after its tuning part's rules: 29, 5.
    # After the ninth probe's tuning rules (plates named in their clause, a shipping form's
    # recipient, more countries' accounts, a DNI with dots): 26, 5.
    # After a thing's word in the value's clause or right after it read by every detector: 26, 4.
    # After the round of secrets and identifiers written as people write them (test_written_as_people_write.py): 24, 4.
    # After a building's number in Arabic and the user's address named in Arabic counted: 23, 4.
    # After values given "now" or "as" a password, named after a colon and a demonstrative, plates in a parking pass's list, labels before a clause set off by dashes, and more labels and registers (test_now_as_and_parking_lists.py): 20, 4.
    # After the sixteenth to nineteenth probes' rounds (named later, generated values, fines): 20, 2.
    # After an identifier of a kind the memory names anywhere, and a plate in a memory that names one (test_kind_named_anywhere.py): 10, 2.
    # After a street in a memory that names a home anywhere (test_kind_named_anywhere.py): 8, 2.
    assert within(wrong, (8, 2)), shown


def test_tuning_part_counts_are_pinned() -> None:
    wrong, shown = wrong_in("worldprobe6", "tuning", {"pii": 141, "benign": 73})
    # When the probe came: 32 identifiers stored, 12 benign refused. Left stored: an
    # employee's, a student's and a university system's code (no scheme, no check); a
    # bank account whose label heads a long clause ("Akaun Maybank …, nombornya …"); a
    # plate named in Hebrew far before it; a Portuguese mobile named far before it. Left
    # refused: a tax office's toll-free number and a social-security institute's, an
    # order's code read as labelled by its letters ("DKC-…"), a waybill number that passes
    # Luhn, and a joinery's CNPJ read as a phone: the library-test corpus counts CNPJs as
    # identifiers, and reading them as companies' stored five of its (``tuning.jsonl``).
    # After a thing's word in the value's clause or right after it read by every detector: 6, 4.
    # After the round of secrets and identifiers written as people write them (test_written_as_people_write.py): 5, 4.
    # After a business code beside a place of business, or a number of a register only businesses are in, counted as the business's: 5, 3.
    assert wrong == (5, 3), shown


@pytest.mark.parametrize(
    "text",
    [
        # A plate after a parking pass's, sticker's or app's words and a colon.
        "Für den Parkausweis der Firma: B-MK 4821, grauer Golf.",
        "Do aplikacji parkingowej: KR 4821X (czerwona Skoda).",
        "Untuk kartu parkir kantor: D 4821 ABC, Avanza hitam.",
        # A plate named in the language of the country, with a plural copula.
        "Las placas del carro de su papá son NLR-4821-A.",
        "Rendszáma: KLM-482, ezüst Suzuki.",
        # An identifier named right after it, joined by a dash, a colon or a demonstrative.
        "X4821937 – dat is het paspoortnummer van zijn vrouw.",
        "71.448.219.5-412.000 itu NPWP ibunya.",
        "23481947 – זה מספר הדרכון של אחיו.",
        # Delivery details: an address a courier brings parcels to.
        "Dostawa: ul. Polna 14 m. 3, 00-625 Warszawa, domofon 3.",
        "Date de livrare: Str. Florilor nr. 8, bl. B2, ap. 5, Cluj-Napoca.",
        "डिलीवरी पता: फ्लैट नं. 12, गुलमोहर सोसाइटी, नासिक",
        # A bare mobile in a text whose script names the country.
        "Η κυρία Μαρία, που κρατάει τα παιδιά, 694 812 3375.",
        "माली भैया को फ़ोन करना हो तो 97412 55318",
        # A Russian passport's series and number; the ID card's German short name; a
        # Vietnamese account's abbreviation.
        "Паспорт жены: серия 40 17 № 512948, выдан в Санкт-Петербурге.",
        "Perso-Nr. der Tochter: T22000129 für die Klassenfahrt.",
        "STK Vietcombank của mẹ: 0071000482913",
    ],
)
def test_identifiers_in_more_shapes_are_refused(text: str) -> None:
    accepted, detail = decide("worldprobe6", text)
    assert not accepted, (text, detail)


@pytest.mark.parametrize(
    "text",
    [
        # A company's tax number where a legal form (read as part of a host name before)
        # or the company's word in Greek, Hebrew, Korean or Spanish names it.
        "Grupo Constructor del Valle S.A. de C.V. factura con RFC GCV150320FE5.",
        "Η εταιρεία «Ξύλινα Έπιπλα Α.Ε.» έχει ΑΦΜ 802556792.",
        "חברת ההובלות רשומה כח.פ. 517425849.",
        "시공 업체의 사업자등록번호는 565-81-86765입니다.",
        "La asesoría le factura con el CIF B96677604.",
        # A parcel's number named in Turkish with "numarası"; a Brazilian postcode.
        "Kargo takip numarası 7302184459612, yarın geliyor.",
        "A loja nova fica no CEP 04538-133, perto do metrô.",
        # An order's number the script's country would dial as a mobile.
        "Η παραγγελία 6931064335 έφτασε χθες.",
        # A parking space's code is no plate; an order before a label's word.
        "Parkplatz: P2 A15, gleich neben dem Aufzug.",
        "Order 12345678 – the passport office closes at 5.",
    ],
)
def test_look_alikes_are_stored(text: str) -> None:
    accepted, detail = decide("worldprobe6", text)
    assert accepted, (text, detail)
