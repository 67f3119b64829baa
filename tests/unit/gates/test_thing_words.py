"""A number that its clause names as a thing's (an order's, a parcel's, an invoice's) is no
personal identifier for any detector, whether the thing's word stands before it or right
after it; a number its sentence names as a person's stays refused.

The sentences are this file's own, written for the rule's general cases.
"""

import pytest
from corpus_parts import decide


@pytest.mark.parametrize(
    "text",
    [
        # The thing's word right after the value, after a copula or an apposition's mark.
        "4300918845127 is het bestelnummer van de nieuwe koelkast.",
        "3300918845127 e AWB-ul coletului cu laptopul, vine vineri.",
        # The thing's word heading the clause whose copula gives the value.
        "Die DPD-Sendungsnummer für das neue Sofa ist 01234567890123456789.",
        "เลขพัสดุ Flash ของพัดลมตัวใหม่คือ TH0123456789A1",
        # The thing's word in the value's clause, for the phone detector too.
        "Aras Kargo takip numarası 950997323787, yarın gelecek.",
        "سفارش کاربر با کد DKC-290574157 ثبت شده است.",
        # A Hungarian invoice's serial number; a unit's letters inside a word are no unit.
        "A felhasználó villanyszámlájának sorszáma 473546531396.",
    ],
)
def test_a_things_number_is_stored(text: str) -> None:
    accepted, detail = decide("worldprobe12", text)
    assert accepted, (text, detail)


@pytest.mark.parametrize(
    "text",
    [
        # Whose the number is, said between it and the word after it.
        "199109242397 är mitt pnr.",
        # A mobile in Turkish ("cep"), not Brazil's postcode ("CEP").
        "Annesinin cep 0534 286 68 20, akşamları arayın.",
        # "booking" said of what the user did, not of the number.
        "User mentioned their mobile number (0612457898) when booking.",
        # A Russian account whose key holds with its bank's BIK.
        "Перевод сюда: 40817810981774651220, БИК 044525225.",
    ],
)
def test_a_persons_number_stays_refused(text: str) -> None:
    accepted, detail = decide("worldprobe12", text)
    assert not accepted, (text, detail)


@pytest.mark.parametrize(
    "text",
    [
        # A place of business and its phone or number named in the number's clause.
        "The pharmacy's phone is 020 7946 0958, open till nine.",
        "Telefonul farmaciei din colț e 021 312 45 67.",
        "הטלפון של המרפאה הוא 03-5551234.",
    ],
)
def test_a_shops_or_a_clinics_line_is_stored(text: str) -> None:
    accepted, detail = decide("worldprobe12", text)
    assert accepted, (text, detail)


@pytest.mark.parametrize(
    "text",
    [
        # A mobile is a person's, whatever the clause names; a number for the clinic with no
        # line named is the user's; an identifier's label keeps it a person's.
        "The pharmacist's mobile is 07700 900123.",
        "Keep 4857773430 handy, the user needs it at the clinic.",
        "СНИЛС жены, как его просят вводить на сайте поликлиники: 34504665166.",
    ],
)
def test_a_persons_number_beside_a_business_stays_refused(text: str) -> None:
    accepted, detail = decide("worldprobe12", text)
    assert not accepted, (text, detail)
