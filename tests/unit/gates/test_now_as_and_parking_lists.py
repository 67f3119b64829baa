"""Secrets given "now" or "as" a password, named after a colon and a demonstrative, an
arrow, or misspelt across three words; identifiers in a parking pass's list, after a
clause set off by dashes, or under their names in more languages; and the look-alikes that
must stay stored: a published example number named as one, a parcel numbered by its
courier, a Polish company's tax number.

The sentences here are this module's own, in the shapes the fourteenth and fifteenth
probes' tuning parts showed (``tests/data/detection/README.md``).
"""

from functools import partial

import pytest
from corpus_parts import refused, stored

_refused = partial(refused, "worldprobe14")
_stored = partial(stored, "worldprobe14")


@pytest.mark.parametrize(
    "text",
    [
        # a word of "now" where the copula is dropped or after it
        "Пароль від Дії, який вона змінила після дзвінка шахраїв, тепер Kyiv2291&Sad.",
        "Kata laluan Wi-Fi kedai, yang abang tukar minggu lepas, sekarang Kedai4410@Jb.",
        "Hasło do poczty, zmienione po ataku w marcu, to teraz Gdansk7718+Molo.",
        "Le code du portail, que la copro a changé après les vols, c'est désormais 4471A.",
        # "as" a password, after the value
        'Für das WLAN im Ferienhaus nimmt sie "Seeblick44%Mowe" als Passwort.',
        # a colon and a demonstrative, or an arrow, before the name
        "Tulpen82%Gracht: dat is het wachtwoord van de router.",
        "Sakura5531+Neko ← 家のWi-Fiのパスワード。",
        # misspelt across three words, or after a longer clause
        "Mot de pase du compte CAF : Allocs55?Paris.",
        "Kata laulan email pejabat lama yang masih guna di rumah ibu: Emel4410$Kl",
        "كلمة السير بتاعة الراوتر: Net5521@Home.",
        # shorthand: Vietnamese "mk", Mexican "la contra"
        "Tài khoản Lazada — mk Lazada771-Hn.",
        "Dice que la contra del wifi de la oficina es Nopal552$Verde.",
    ],
)
def test_secrets_given_now_as_or_named_after_are_refused(text: str) -> None:
    _refused(text)


@pytest.mark.parametrize(
    "text",
    [
        "La contra del Madrid fue rápida, 3-1 en el minuto 2024.",
        "Telefon odblokowuje wzorem, ale wzór hasła w PDF-ie to „Przyklad#2024” – to tylko przykład.",
        "Ask the admin now about Pedro_2024.",
        "The store is now open with 2000 visitors.",
    ],
)
def test_look_alikes_of_those_shapes_are_stored(text: str) -> None:
    _stored(text)


@pytest.mark.parametrize(
    "text",
    [
        # a parking pass's list: the car, its plate, the space
        "Für den Firmenparkplatz: Opel Corsa rot, B-KL 4471, Stellplatz 12.",
        "Pour le badge du parking : Peugeot 208 grise, FG-318-KL, place 9.",
        "Untuk pas parking kondo: Axia merah, WXP 5521, lot 40.",
        # a label, a clause set off by dashes or commas, then the value
        "Die Krankenversicherungsnummer ihres Sohnes – die steht auf der Karte, die sie "
        "letzte Woche bekommen hat – lautet A123456780.",
        "Passnumret till pappa, det nya som han hämtade ut i Malmö i våras, är 91234567.",
        "Číslo pasu manžela, toho nového z loňského léta, je 45127788.",
        "Номер водительского удостоверения сына, которое он получил в прошлом году, — 77 31 582946.",
        "No. akaun: 1640 2291 7734 (Maybank, untuk sewa)",
        # a home's address whose residence word opens its sentence, a clause between
        "Alamat rumah adik, yang pengguna selalu hantar kuih dan pernah tersesat sebab GPS "
        "tunjuk lorong lain, ialah No. 14, Jalan Merbuk 3, Taman Bukit Indah, 81200 Johor Bahru.",
        "Il pacco per la zia va portato in via Carlo Poma 22, 20129 Milano.",
    ],
)
def test_identifiers_in_lists_and_after_clauses_are_refused(text: str) -> None:
    _refused(text)


@pytest.mark.parametrize(
    "text",
    [
        # a thing's numbers in a parking list, a parking space's code
        "Parking ticket: Zone 4, EUR 3.50, TK-48213, valid until 18:00.",
        "Parkhaus: Ebene 3, Platz C-214, Ausfahrt bis 22 Uhr.",
        "לרישום בחניון: חניה 22, קומה 2.",
        # published example numbers named as examples
        "Voor de test gebruikt hij het voorbeeld-BSN 111222333 uit de documentatie.",
        "Nei test usa l'IBAN di esempio GR16 0110 1250 0000 0001 2300 695 della documentazione.",
        # a parcel numbered by its courier; a Polish company's tax number
        "A DPD-s csomag a bringával: 10284736455, péntekre ígérik.",
        "CJ대한통운 택배로 오는 책상: 561234567890, 금요일 도착.",
        "Zamawia pieczywo w Piekarni Kowalski Sp. z o.o., NIP 526-104-08-28.",
    ],
)
def test_things_examples_and_companies_beside_those_shapes_are_stored(text: str) -> None:
    _stored(text)
