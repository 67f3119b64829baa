"""Secrets given after a clause, misspelt in more ways, or keyed in where the sentence only
says what they open: a password whose copula is followed by "still", a PIN given after a
long relative clause or before the copula of a language that puts it last, a keypad's
letter beside a door code, a misspelling inside a compound or by a swapped pair of letters,
a default administrator's login joined by "and", a locker opened "with" its code, a German
separable verb, recovery codes after a relative clause, a Scandinavian alarm and a Hindi
locker in a note's list.

The sentences here are this module's own, in the shapes the thirteenth probe's tuning part
showed (``tests/data/detection/README.md``); each look-alike beside them is a text the rule
must leave stored.
"""

from functools import partial

import pytest
from corpus_parts import refused, stored

_refused = partial(refused, "worldprobe13")
_stored = partial(stored, "worldprobe13")


@pytest.mark.parametrize(
    "text",
    [
        # a word of "still" or a verb of remaining between the copula and the value
        "The password for the shared NAS is still Harbor!2290.",
        "La password del WiFi della casa al mare, che nessuno ha mai cambiato, rimane Gabbiano#48.",
        "La contraseña del Wi-Fi del local, la que puso el técnico hace años, sigue siendo Tacos_Pastor77.",
        # a copula of a language written without Latin letters, after a long clause
        "הסיסמה למחשב בעבודה, שהוא מחליף רק כשמכריחים אותו כל שלושה חודשים, היא Gamal#5521.",
    ],
)
def test_a_password_given_after_a_clause_or_an_adverb_is_refused(text: str) -> None:
    assert _refused(text).startswith("password")


@pytest.mark.parametrize(
    "text",
    [
        "The password manager is still Bitwarden2024!",
        "Its version is still v2.4.1.",
        "The pinboard is still Trello2024 for the team.",
    ],
)
def test_a_things_name_or_a_version_after_still_is_stored(text: str) -> None:
    _stored(text)


@pytest.mark.parametrize(
    "text",
    [
        # the copula of a language that puts it last, after a clause
        "उसका एटीएम पिन, जो उसने शादी की तारीख़ से बनाया था और किसी को नहीं बताया, 4810 है।",
        "الرقم السري للبطاقة، اللي بيطلع بيه الفلوس من المكنة جنب الشغل كل أول شهر، هو 5093.",
        # a keypad's letter with the digits of a door code
        "Le digicode du local à vélos, qu'il oublie chaque lundi, c'est B4471.",
    ],
)
def test_a_pin_given_after_a_clause_is_refused(text: str) -> None:
    assert _refused(text).startswith("password")


@pytest.mark.parametrize(
    "text",
    [
        # a compound written with a hyphen, two letters swapped, a letter dropped, the Hebrew
        # article, Greek's final sigma
        "Das Büro-Passowrt ist Laterne77Kiez#.",
        "Mijn wachtwoort van de sportschool is Dinsdag@Fiets12.",
        "Contrseña del correo viejo: martes.4410.",
        "הסיסנה של המחשב בבית: Shemesh_kafe12.",
        "Ο κωδκός της κάρτας είναι 3921.",
        # a value only a person makes right after the misspelt name, with no copula
        "Gmail şifersi Kartal1903Sari!, eski telefondan.",
    ],
)
def test_a_misspelt_name_in_more_forms_is_refused(text: str) -> None:
    assert _refused(text).startswith("password")


@pytest.mark.parametrize(
    "text",
    [
        # a default administrator's login joined by "and" or "with"
        "Router settings: log in with admin and Modem#2024.",
        "Vào trang cấu hình bằng admin và Wifi_nha2024.",
        # what opens a locker or a door "with" it, or logs in "with" it
        "At the pool he opens his locker with 4410.",
        "Sa opisina, binubuksan niya ang pinto gamit ang 7712.",
        "Do Netflixu se přihlašuje přes „Kapr77Vanoce&“.",
        # a German separable verb whose particle closes the clause after the digits
        "Für den Fahrradkeller gibt er am Tastenfeld neben dem Aufzug 55102 ein.",
        # a verb last, with the place between it and the digits
        "برای در پارکینگ باید 7741 رو روی صفحه کنار در بزنه.",
    ],
)
def test_codes_keyed_or_opened_with_are_refused(text: str) -> None:
    _refused(text)


@pytest.mark.parametrize(
    "text",
    [
        "Ask the admin and Pedro_2024 about the schedule.",
        "The store opens with 2000 visitors a day at the gate.",
        "He logs in with Google at work.",
        "The parcel locker opens with the app.",
        "Sein Handy tippt die Zahl 2024 ein.",
    ],
)
def test_people_apps_counts_and_years_beside_those_words_are_stored(text: str) -> None:
    _stored(text)


@pytest.mark.parametrize(
    "text",
    [
        "Kódy pro obnovení? No — códigos de backup do Dropbox que ela guardou no caderno: 4182 9930 1167 5521",
        "Lapp till grannen: vattna blommorna, larmet 6630, posten i lådan.",
        "नोट: दूध लाना, ऑफ़िस वाला लॉकर 770412, बिजली का बिल भरना।",
        "Посилку з поштомату забрати до п'ятниці, код комірки 559013.",
    ],
)
def test_codes_named_in_more_ways_are_refused(text: str) -> None:
    _refused(text)


def test_an_alarm_and_a_locker_talked_of_in_a_list_are_stored() -> None:
    _stored("Lapp till grannen: vattna blommorna, larmet piper ibland, posten i lådan.")
    _stored("नोट: दूध लाना, लॉकर की चाबी बदलनी है, बिजली का बिल भरना।")
