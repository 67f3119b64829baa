"""A memory that names a password — in its text, a tag, its subject or its reason — and holds,
anywhere, a value a person makes as one is refused, however far the value stands from the
name and whatever words the rules do not read stand between. The look-alikes such a memory
may hold stay stored: a network's or a player's name given as such, a handle, a hashtag, a
version, a product, a word and a year, a price, a value called an example.

The sentences are this module's own, in the shapes the probes' tuning parts showed
(``tests/data/detection/README.md``).
"""

import pytest
from corpus_parts import refusal as _detail


@pytest.mark.parametrize(
    ("text", "tags", "reason"),
    [
        # a word the rules do not read between the copula and the value
        ("Das Passwort fürs Tablet ist angeblich „#Brezel57“.", ["tablet", "notes"], "noted"),
        # no copula: the service named, a pronoun, the value quoted
        ('Password Spotify dia "Rendang44!Pedas", untuk playlist.', ["spotify", "akun"], "noted"),
        # a note's list, the name and the value apart
        ("Notas: pagar la luz, contraseña del router y luego Gazpacho312.Sol, comprar pan.",
         ["notas", "casa"], "noted"),
        # the value first, the name after it in another script
        ("Olivia991.Rose — это пароль от ноутбука.", ["ноутбук", "заметки"], "noted"),
        # the name only in a tag, or only in the reason
        ("Für den Laptop im Büro: _Schnitzel47.", ["laptop", "passwort"], "noted"),
        ("Für den Laptop im Büro: Strudel-0812.", ["laptop", "büro"], "user gave the password"),
        # a misspelt name the rules cannot all list, the shorthand written small
        ("mk Lazada cua me la sua.tuoi.4821 nha.", ["lazada", "ghi chú"], "noted"),
        # what a clause says it is not does not make it safe
        ("Format: Abc123!x9: password hash of the demo user, not the password.",
         ["format", "hash"], "noted"),
    ],
)  # fmt: skip
def test_a_made_value_in_a_memory_naming_a_password_is_refused(
    text: str, tags: list[str], reason: str
) -> None:
    detail = _detail(text, tags, reason)
    assert detail is not None, text
    assert detail.startswith(("password:", "made_password:")), (text, detail)


def test_the_rule_names_itself_and_never_the_value() -> None:
    detail = _detail("Für den Laptop im Büro: _Schnitzel47.", ["laptop", "passwort"])
    assert detail == "password: made password in a memory that names one"


@pytest.mark.parametrize(
    "text",
    [
        # a network's or a player's name, given as such
        "The home network is called Livebox-A3F2_EXT; the password is on the router.",
        "Der Router heißt Gast_Netz71, das Passwort hängt am Kühlschrank.",
        "His Steam name is Kartoffel_92, and he changed his password last week.",
        # handles, hashtags, numbered things, prices, percentages
        "She changed her password after @john_doe99 posted #Summer2024 photos.",
        "Password reset was Issue#12; the plan costs CAD$50 a month.",
        "Password strength went up 35.5% after the reset; rocket.99% is a joke.",
        # versions, models, products holding "pass", a word and a year
        "Her password manager is KeePassXC 2.7.9 on Python3.11; she tried 1Password8 too.",
        "She keeps every password in KeePass 2.57.",
        "The password for the Galaxy-S23 and the RTX-4090 box is in the vault.",
        "Ask Pedro_2024 about the password; koffie.2019 is the old file name.",
        "The password policy came with COVID-19 and TIF-204.",
        # a value called an example, an address, a path, code
        "The password rules' example is Beispiel#2024, just a sample.",
        "Password reset link: https://example.com/reset?u=ann_92#x and ~/notes/pw_2024.md.",
        "The login form posts password=form.pwd_field2 to /auth/v2.",
    ],
)
def test_look_alikes_in_a_password_memory_are_stored(text: str) -> None:
    assert _detail(text, ["account", "security"]) is None


def test_without_a_password_named_the_same_value_is_another_rules() -> None:
    # Joined by "." with no symbol a password alone holds: only a name makes it one.
    assert _detail("Her cat is Olivia991.Rose on the vet's form.", ["cat", "vet"]) is None
    assert _detail("Olivia991.Rose — это пароль от ноутбука.", ["cat", "vet"]) is not None


@pytest.mark.parametrize(
    ("text", "tags", "reason"),
    [
        # signing in named, not the password: in the text, the subject or the reason
        ("Notas: Mercado Libre → lucia.fer, luego Alfajor#2020 para entrar.",
         ["login Mercado Libre", "notas"], "noted"),
        ("Ghi chú: Tiki — PhoMai@1997 (nhập cái này khi đăng nhập).", ["tiki", "ghi chú"], "noted"),
        ("Appunti: Fastweb → Pizzetta!42, ogni mattina.", ["appunti", "casa"],
         "the user noted their own login details"),
    ],
)  # fmt: skip
def test_a_made_value_in_a_memory_about_signing_in_is_refused(
    text: str, tags: list[str], reason: str
) -> None:
    detail = _detail(text, tags, reason)
    assert detail is not None, text


@pytest.mark.parametrize(
    "text",
    [
        # signing in named, and a numbered thing, a price or a network's name beside it
        "Her login problem is Ticket#4521; the plan costs CAD$50 a month.",
        "After logging in, the network named Casa_Lopez55 showed up.",
        # a user name after its field's word: no mark a password holds
        "Forum login: mei_lin_07, the password is in her manager.",
    ],
)
def test_look_alikes_in_a_memory_about_signing_in_are_stored(text: str) -> None:
    assert _detail(text, ["account", "support"]) is None


def test_a_recovery_code_whose_first_group_has_no_digit_is_refused() -> None:
    text = 'Herstelcode van haar Microsoft-account: "QWRTP-48KD2-ZXCVB-9MN3L-PLKJH".'
    assert _detail(text, ["microsoft", "account"]) is not None
