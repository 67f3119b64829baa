"""A personal identifier named in the language of the country that issues it is refused.

Insurance and tax numbers and identity papers are named in German compounds
("Sozialversicherungsnummer"), in French, Spanish, Italian, Dutch, Portuguese, Russian and
Japanese as users write them; the value after the name need not pass any scheme's check.
The values are made up for these tests in the general shapes of their kinds.
"""

import pytest

from memory_plugins.gates.sensitive import find_sensitive

NAMED = [
    "Die Sozialversicherungsnummer des Nutzers ist 15070649C103.",
    "The user's Rentenversicherungsnummer: 15 070649 C 103",
    "Seine Krankenversichertennummer lautet A123456780.",
    "Die Personalausweisnummer des Nutzers ist L01X00T47.",
    "Le numéro de sécurité sociale de l'utilisateur est 2 84 12 75 123 456 18.",
    "Su número de la seguridad social es 28/12345678/40.",
    "Il numero della tessera sanitaria è 80380000500012345678.",
    "Het burgerservicenummer van de gebruiker is 1112-22-333.",
    "O número de contribuinte do utilizador é 2471-3952-0.",
    "Паспорт пользователя: 4508 123456.",
    "Номер паспорта пользователя: 4508 123456.",
    "СНИЛС пользователя 112-233-445 95.",
    "パスポート番号は TK1234567 です。",
    "NIK saya 3201234567890001.",  # Indonesian resident's number
    "NPWP saya 01.234.567.8-901.000.",
    "Nomor rekening saya 1234567890 di BCA.",
    "Vergi numaram 1234567890.",  # Turkish tax number
    "Hesap numaram 12345678.",
]


@pytest.mark.parametrize("text", NAMED)
def test_an_identifier_named_in_its_countrys_language_is_refused(text: str) -> None:
    assert find_sensitive([text]) is not None, text


KEPT = [
    "The Nik Naks snack 1234567 pack",  # a word, not the Indonesian NIK
    "Die Bestellnummer des Nutzers ist 15070649C103.",  # an order's number
    "The user invoices Brightwave GmbH, Steuernummer 21/815/08150.",  # a company's
    "Поставщик пользователя: ООО «Ромашка», ИНН 7707083893.",  # a company's
    "The user read the Personalausweis rules twice.",  # the word, no value
    "Паспорт пользователя продлён до мая.",  # renewed until May: no number
]


@pytest.mark.parametrize("text", KEPT)
def test_the_names_alone_or_a_things_number_are_kept(text: str) -> None:
    assert find_sensitive([text]) is None, text


@pytest.mark.parametrize(
    ("text", "refused"),
    [
        # A Hong Kong identity card number as the card prints it, its check digit holding.
        ("The user's Hong Kong ID is A123456(3).", True),
        ("用户的香港身份证号码 A123456（3）", True),
        ("Keep AB987654(3) handy, the user needs it for the bank.", True),
        # The same shape with a wrong check digit, or no parentheses, is left to the others.
        ("Model X123456(2) is in stock.", False),
    ],
)
def test_a_hong_kong_identity_card_number_is_refused_by_its_check_digit(
    text: str, refused: bool
) -> None:
    assert (find_sensitive([text]) is not None) is refused, text
