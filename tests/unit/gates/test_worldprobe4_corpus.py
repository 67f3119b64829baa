"""The write gates on a fourth blind probe in the same 28 languages, by another run given
the third probe's task with more secrets per language and the words people of each
country use for them: synonyms, slang, abbreviations, loanwords, phone typing
(``worldprobe4_task.md``).

``tests/data/detection/worldprobe4_*.jsonl`` (provenance in the README there): 420
memories by a run given only that task, labels the run's own. Split once by a hash of each
case id before any detector was adjusted on it; the sealed part is pinned by checksum and
its counts are bounds that may only fall; the tuning part's exact counts are pinned.
"""

import pytest
from corpus_parts import assert_sealed_split, decide, within, wrong_in

SEALED_SHA256 = "d2203091aa9ebcb932f52835dc723b97dbf479547567018c8d1f83c11eb00700"


def test_the_sealed_part_is_the_one_split_off_before_tuning() -> None:
    assert_sealed_split("worldprobe4", SEALED_SHA256, {"secret", "pii", "benign"})


def test_sealed_part_counts_may_only_fall() -> None:
    wrong, shown = wrong_in("worldprobe4", "sealed", {"secret": 115, "pii": 38, "benign": 57})
    # As the gates were at the start of the session that made the probe: 84 secrets, 8
    # identifiers stored, 11 benign refused; when the probe came (after the third probe's
    # rules): 60, 6, 9; after its tuning part's rules: 56, 6, 9; after the fifth probe's: 50,
    # 6, 8; after the sixth and seventh probes': 50, 4, 7; after the eighth's (an alarm's or a
    # safe's code in a note's list): 46, 4, 7; after a made password's shape alone (a word,
    # digits and a symbol in one token): 37, 4, 7. After the tenth probe's rules and the ninth
    # probe's tuning rules: 36, 3, 7; after a PIN's or a password's name near its digits in
    # either order: 34, 3, 7.
    # After a thing's word in the value's clause or right after it read by every detector: 34, 3, 8: one look-alike more is refused (a code of capitals and digits,
    # read by its id and detail only), which a unit's letters inside a word ("ml" in
    # "számlán", "g" before "ă") had passed as a thing's number until the thing words were
    # read as whole words of any script.
    # After the round of secrets and identifiers written as people write them (test_written_as_people_write.py): 31, 2, 8.
    # After a word of calling or messaging after a number counted as a phone's cue: 31, 1, 8.
    # After unlock and pickup codes in more languages and a default administrator's login counted: 30, 1, 8.
    # After a business code beside a place of business, or a number of a register only businesses are in, counted as the business's: 30, 1, 7.
    # After passwords and PINs given after a clause or an adverb, more misspellings, codes opened "with" or keyed by a German separable verb, and recovery codes after a relative clause (test_given_after_a_clause.py): 23, 1, 7.
    # After values given "now" or "as" a password, named after a colon and a demonstrative, plates in a parking pass's list, labels before a clause set off by dashes, and more labels and registers (test_now_as_and_parking_lists.py): 21, 1, 7.
    # After the sixteenth to nineteenth probes' rounds (named later, generated values, fines): 20, 1, 7.
    # After a code in a memory that names one anywhere (test_kind_named_anywhere.py): 17, 1, 7.
    # After a code's word beside a door's, a gate's or a keypad's naming a code anywhere (test_kind_named_anywhere.py): 16, 1, 7.
    # After a made value in a memory that names a password anywhere (test_password_memory.py): 14, 1, 7.
    # After a list's items set off by hyphen or number bullets, and parcel lockers named in more languages (test_bulleted_lists.py): 13, 1, 7.
    assert within(wrong, (13, 1, 7)), shown


def test_tuning_part_counts_are_pinned() -> None:
    wrong, shown = wrong_in("worldprobe4", "tuning", {"secret": 109, "pii": 46, "benign": 55})
    # When the probe came: 42 secrets, 2 identifiers stored, 4 benign refused. Left
    # stored: names misspelt by more than one letter or in three letters ("Wachtwrood",
    # "رمظ"), a misspelt name before digits with a number between, a value written as an
    # environment reference (`%Ciao458%`), recovery codes whose first group holds no
    # digit, codes in a note with no copula or closing mark ("도어락 304702 /", a quoted
    # "8618#"; an alarm's in a note's list, "συναγερμός 5868,", is read since the eighth
    # probe's rules), parcel lockers' pickup codes, a Wi-Fi network named before
    # its password with no password's name (an SSID may look the same), a PIN named by a
    # service's own word ("BankID-koden") far before it, a door code with no verb, a
    # password given as "la de la VPN"; a plumber's mobile with no phone word. Left
    # refused: a README's placeholder in Portuguese, an order's code in Vietnamese, AWS's
    # documentation key, a shop's phone.
    # After a thing's word in the value's clause or right after it read by every detector: 10, 1, 2.
    # After placeholders that say "your …" or "… here" and the words for a sample or a documentation in more languages: 10, 1, 1.
    # After the round of secrets and identifiers written as people write them (test_written_as_people_write.py): 8, 1, 1.
    # After unlock and pickup codes in more languages and a default administrator's login counted: 7, 1, 1.
    # After a code's word beside a door's, a gate's or a keypad's naming a code anywhere (test_kind_named_anywhere.py): 6, 1, 1.
    # After seed words of exactly a phrase's length read field by field, a connection string's password holding "#", keys as a provider's documentation prints them and a token's prefix with the rest masked (test_documented_examples.py): 6, 1, 0.
    # After a made value in a memory that names a password anywhere (test_password_memory.py): 5, 1, 0.
    # After signing in named as a password's purpose and recovery codes whose digit stands in a later dashed group (test_password_memory.py): 4, 1, 0.
    assert wrong == (4, 1, 0), shown


@pytest.mark.parametrize(
    "text",
    [
        # A value only a person makes, named right after it in these languages.
        "Tulpen!2024, zo luidt het wachtwoord van de router.",
        "Duna77#ko – ez a wifi jelszava.",
        # Digits named after them as a card's code, a PIN, or by what they unlock or open.
        "4417, c'est le code de sa carte bleue.",
        "3319 — це пін від картки Монобанку.",
        "6612 — με αυτό ξεκλειδώνει το tablet.",
        "772109 — itu kod untuk buka peti besi di pejabat.",
        # A password's name right after the digits, as Persian puts it.
        "2290 رمز دزدگیر خانه است.",
        # A value only a person makes, typed.
        "노트북 켜고 Hanok2288! 치면 로그인됨.",
        # A password's name typed without its tones, or shortened.
        "mạt khâu zalo: Phohanoi#99",
        "Son mdp Netflix, c'est Baguette!77.",
        "DB 비번은 Gimbap#2024 임.",
        "логин admin, пасс Vodka.1987$",
        # A dash standing for the copula after a long subject.
        "Пароль от почты, который он сменил в мае после звонка из банка, — Borsch!4410.",
        # Keyed codes at a door, an entrance, an intercom.
        "Pour entrer chez elle, taper 4512 en bas de la porte.",
        "Till lägenheten: slå 5521 vid entrén.",
        "Ca să intri, tastezi 8812 la interfon.",
        # A code whose clause an Arabic comma closes.
        "رمز قفل الهاتف 771204، لا تنسه.",
        # Backup codes named in Hebrew.
        "קודי גיבוי לחשבון: 4821 7730, 1190 5528, 6612 0091",
    ],
)
def test_secrets_in_more_words_are_refused(text: str) -> None:
    accepted, detail = decide("worldprobe4", text)
    assert not accepted, (text, detail)


def test_a_japanese_home_address_written_with_a_dash_is_refused() -> None:
    accepted, detail = decide("worldprobe4", "実家は福岡市博多区博多駅前3丁目18-28です。")
    assert not accepted, detail


@pytest.mark.parametrize(
    "text",
    [
        # A Wi-Fi network's name with digits and a symbol is no password.
        "Das WLAN der Eltern heißt FRITZ!Box7590XY und reicht bis in den Garten.",
        # Opening hours: digits then the verb "open".
        "0800 — mở cửa mỗi ngày, trừ chủ nhật.",
        # ("Format: Abc123!x9: password hash of the demo user, not the password." was here:
        # a made value in a memory that names a password is refused now, whatever a clause
        # says it is not; test_password_memory.py.)
    ],
)
def test_look_alikes_stay_stored(text: str) -> None:
    accepted, detail = decide("worldprobe4", text)
    assert accepted, (text, detail)
