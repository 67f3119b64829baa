"""The write gates on a blind probe of identifiers of many countries in English and Chinese
sentences: Faker's values for 42 locales, placed by a separate run in sentences of its own.

``tests/data/detection/idprobe_*.jsonl`` (provenance in the README there): 420 memories by
a run given only ``idprobe_task.md``, labels the run's own: 260 personal identifiers
(national, tax and insurance numbers, passports, licences, phones, bank accounts and cards,
home addresses, plates; a quarter given bare) and 160 benign look-alikes (companies' VAT
and registration numbers, product codes, postcodes, orders, versions, addresses of
servers). Split once by a hash of each case id before any detector was adjusted on it; the
sealed part is pinned by checksum and its counts are bounds that may only fall; the tuning
part's exact counts are pinned.
"""

import pytest
from corpus_parts import assert_sealed_split, decide, within, wrong_in

SEALED_SHA256 = "a92c4e68c45cecaa39fa34bad607cd476d1b0bd5192615425e73559b8f1a628b"


def test_the_sealed_part_is_the_one_split_off_before_tuning() -> None:
    assert_sealed_split("idprobe", SEALED_SHA256, {"pii", "benign"})


def test_sealed_part_counts_may_only_fall() -> None:
    wrong, shown = wrong_in("idprobe", "sealed", {"pii": 138, "benign": 65})
    # As the gates were when the probe came: 33 identifiers stored, 16 benign refused;
    # after its tuning part's rules: 30, 9; after a label as the sentence's subject: 29;
    # after the sixth and seventh twenty-eight-language probes' rules: 28.
    # After a thing's word in the value's clause or right after it read by every detector: 28, 8.
    # After a business code's label earlier in its clause before a place of business, Italian partnerships, Hungarian offices, Turkey's VKN and Russia's KPP counted as businesses': 28, 7.
    # After an identifier of a kind the memory names anywhere, and a plate in a memory that names one (test_kind_named_anywhere.py): 15, 7.
    # After a street in a memory that names a home anywhere (test_kind_named_anywhere.py): 14, 7.
    assert within(wrong, (14, 7)), shown


def test_tuning_part_counts_are_pinned() -> None:
    wrong, shown = wrong_in("idprobe", "tuning", {"pii": 122, "benign": 95})
    # Before its rules: 15 identifiers stored, 23 benign refused. Left stored: five plates
    # given bare or named only as "that car's" (a bare plate is stored by design), a plate
    # named after it, a Spanish NIF named with a vague word, an address in Arabic script.
    # Left refused: company numbers whose sentence names a client or a partner, which may
    # be a person ("the Geneva client", "俄方合作伙伴"), and a bare VAT number. A Spanish DNI
    # written with thousands' dots ("58.209.659-V") is read since the ninth probe's rules.
    # After a business code's label earlier in its clause before a place of business, Italian partnerships, Hungarian offices, Turkey's VKN and Russia's KPP counted as businesses': 7, 3.
    # After an identifier of a kind the memory names anywhere, and a plate in a memory that names one (test_kind_named_anywhere.py): 3, 3.
    assert wrong == (3, 3), shown


@pytest.mark.parametrize(
    "text",
    [
        # Home addresses in more countries' formats, and the rest of the USPS suffixes.
        "The user lives at Petőfi Sándor utca 12 in Debrecen.",
        "用户在奥斯陆的家是 Storgata 7。",
        "The user's home address is 4417 Maple Crossing, Tulsa.",
        "Deliveries go to the user's flat at Gang Mawar No. 9, Yogyakarta.",
        # A North American number with its country code and an extension.
        "The user's sister takes calls at 001-415-555-0132x204 in the evening.",
        # The document as the sentence's subject, a phrase set off by commas, then the value.
        "The user's passport, the new one issued after the move to Lyon, is XKB 482913.",
        "Her health insurance card that covers the kids, renewed in May, carries the number "
        "4821 093371 2.",
    ],
)
def test_identifiers_in_more_formats_are_refused(text: str) -> None:
    accepted, detail = decide("idprobe", text)
    assert not accepted, (text, detail)


@pytest.mark.parametrize(
    "text",
    [
        # A company's code called one after it, the company named in the same sentence.
        "NL853211907B01 is the VAT number of the Rotterdam distributor the user buys from.",
        "FR40303265045 是用户合作的那家里昂印刷厂的增值税号。",
        # A company's code under its register's Latin name, the company named before.
        "Supplier card\nCompany: Volga Freight LLC\nKPP: 773301001\nOGRN: 1027700132195",
        # A Japanese product code, and a barcode named in Chinese.
        "The user's shop sells the ramen with JAN code 4901990123457.",
        "货品资料\n条形码：6901234567892",
        # A purchase's number given bare, its order named later in the sentence.
        "Keep 7731904456 for when the user calls about the missing order.",
        # A subject that names no identifier, or a number between it and the value.
        "The user's passport photo, taken in 2019, is the one in folder 2022-04.",
        "The user's car, a 2014 model, is parked at bay XKB 482913.",
        # A JSON object with Chinese keys is no template slot.
        '用户的设置：{"语言": "中文", "时区": "UTC+8"}',
    ],
)
def test_look_alikes_in_more_forms_are_stored(text: str) -> None:
    accepted, detail = decide("idprobe", text)
    assert accepted, (text, detail)


@pytest.mark.parametrize(
    "text",
    [
        # A person's own tax number stays one when a business is named after it.
        "DE188130119 is the user's own tax number, given to the studio.",
        # An identifier's word in the sentence keeps a bare number the person's.
        "The user's SSN 078-05-1121 is needed for the parcel.",
    ],
)
def test_a_persons_number_stays_refused_beside_a_business(text: str) -> None:
    accepted, detail = decide("idprobe", text)
    assert not accepted, (text, detail)
