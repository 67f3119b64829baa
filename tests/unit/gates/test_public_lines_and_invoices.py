"""Numbers that are no one's own: a public line written with its country's code, a business
register's number named after a copula of another language, an invoice's number named in
more languages, an issuer's published test number called one. Beside each, the same shape
that is someone's stays refused.

The sentences are this module's own, in the shapes the probes' tuning parts showed
(``tests/data/detection/README.md``).
"""

import pytest
from corpus_parts import refusal


def _detail(text: str) -> str | None:
    """None when the memory is stored, else the refusal's detail."""
    return refusal(text, ["notes", "contacts"])


@pytest.mark.parametrize(
    "text",
    [
        # freephone and shared-cost numbers, their country written with them
        "The airline's help desk, which he rang twice about the refund, is 1-800-433-7300.",
        "For the broadband fault she dials +44 800 800 150 from the landline.",
        "Die Hotline der Bahn erreicht man unter +49 180 6 996633.",
        # a business register named after the value, with the copula of its language
        "12.345.678/0001-95 é o CNPJ da padaria Pão Quente Ltda., para a nota fiscal.",
        # an invoice's number in French, Spanish, Italian and German
        "Facture Orange n° 4398120577 de 39,99 € à payer avant le 10.",
        "La factura de Iberdrola 7715209843 vence el día 12.",
        "La fattura Enel 5520918374 scade il 15 del mese.",
        "Rechnung Nr. 8839102745 der Stadtwerke ist bis Freitag fällig.",
        # an issuer's published test number, called one
        "I testmiljön använder hon alltid testpersonen 19121212-1212 (Tolvan Tolvansson).",
    ],
)
def test_numbers_that_are_no_ones_own_are_stored(text: str) -> None:
    assert _detail(text) is None, _detail(text)


@pytest.mark.parametrize(
    "text",
    [
        # a mobile with its country code, a freephone number the text says reaches a person
        "Her cell, in case the school calls, is 1-415-555-2671.",
        "Can you call me on +44 808 157 0028 tomorrow about the flat?",
        # the same register's number called the user's own, a personal number with "é"
        "12.345.678/0001-95 é o meu CNPJ de MEI, da minha própria empresa.",
        "529.982.247-25 é o CPF dela.",
        # the published test number pasted as someone's, no test word around
        "Hans personnummer är 19121212-1212.",
    ],
)
def test_the_same_shapes_that_are_someones_stay_refused(text: str) -> None:
    assert _detail(text) is not None, text


@pytest.mark.parametrize(
    "text",
    [
        "Για τα εισιτήρια του πλοίου δηλώνει πάντα ΑΚ 518274.",
        "Στις αιτήσεις στο gov.gr βάζει το ΧΡ-604193.",
        # typed with the Latin look-alikes of the series letters, in a Greek sentence
        "Για την ενοικίαση αυτοκινήτου έδωσε το AK 518274.",
    ],
)
def test_a_greek_identity_cards_number_is_refused_bare(text: str) -> None:
    assert _detail(text) == (
        "national_id: gr.adt (Greek identity card number: series letters and six digits)"
    ), _detail(text)


@pytest.mark.parametrize(
    "text",
    [
        "Η παραγγελία ΑΒ 518274 έφτασε χθες.",  # an order's number
        "Ο αριθμός στο πτυχίο του γράφει ΑΜ 518274.",  # a registration number (Αριθμός Μητρώου)
        "The ferry booking reference is AK 518274.",  # not a Greek text
    ],
)
def test_the_same_shape_elsewhere_is_stored(text: str) -> None:
    assert _detail(text) is None, _detail(text)
