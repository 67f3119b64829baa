"""The write gates on a third blind probe in the 28 languages of the first two: secrets
written in many shapes (named before the value, after it, far before it, only implied by
what the code opens, in a list, as a config line, quoted, misspelt), identifiers of the
languages' countries and benign look-alikes (``worldprobe3_task.md``).

``tests/data/detection/worldprobe3_*.jsonl`` (provenance in the README there): 420
memories by a run given only that task, labels the run's own. Split once by a hash of each
case id before any detector was adjusted on it; the sealed part is pinned by checksum and
its counts are bounds that may only fall; the tuning part's exact counts are pinned.
"""

import pytest
from corpus_parts import assert_sealed_split, decide, within, wrong_in

SEALED_SHA256 = "1133a3fc66d8942fbe78e605204502fc7998404ea400c92a40aef136f4822a9b"


def test_the_sealed_part_is_the_one_split_off_before_tuning() -> None:
    assert_sealed_split("worldprobe3", SEALED_SHA256, {"secret", "pii", "benign"})


def test_sealed_part_counts_may_only_fall() -> None:
    wrong, shown = wrong_in("worldprobe3", "sealed", {"secret": 82, "pii": 63, "benign": 71})
    # As the gates were at the start of the session that made the probe: 53 secrets, 11
    # identifiers stored, 9 benign refused; when the probe came: 50, 10, 9; after its
    # tuning part's rules: 29, 10, 9; after the fourth probe's: 25, 10, 9; after the
    # fifth probe's: 22, 10, 6; after the sixth and seventh probes': 22, 10, 5;
    # after a made password's shape alone (a word, digits and a symbol in one token): 15, 10, 5.
    # After the ninth probe's tuning rules: 15, 9, 5; after a PIN's or a password's name
    # near its digits in either order: 13, 9, 5.
    # After a thing's word in the value's clause or right after it read by every detector: 13, 9, 4.
    # After the round of secrets and identifiers written as people write them (test_written_as_people_write.py): 11, 9, 4.
    # After a Japanese account's kind before its digits, a Czech driving licence's everyday name and a Hungarian plate's adjective counted: 11, 8, 4.
    # After passwords and PINs given after a clause or an adverb, more misspellings, codes opened "with" or keyed by a German separable verb, and recovery codes after a relative clause (test_given_after_a_clause.py): 9, 8, 4.
    # After values given "now" or "as" a password, named after a colon and a demonstrative, plates in a parking pass's list, labels before a clause set off by dashes, and more labels and registers (test_now_as_and_parking_lists.py): 8, 8, 4.
    # After the sixteenth to nineteenth probes' rounds (named later, generated values, fines): 7, 8, 3.
    # After a code in a memory that names one anywhere (test_kind_named_anywhere.py): 6, 8, 3.
    # After a code's word beside a door's, a gate's or a keypad's naming a code anywhere (test_kind_named_anywhere.py): 5, 8, 3.
    assert within(wrong, (5, 8, 3)), shown


def test_tuning_part_counts_are_pinned() -> None:
    wrong, shown = wrong_in("worldprobe3", "tuning", {"secret": 86, "pii": 49, "benign": 69})
    # When the probe came: 48 secrets, 12 identifiers stored, 9 benign refused. Left
    # stored: a wallet's words after "12 words" in Polish, a password in a note written as
    # one word with the next site's name, a password with only a dash as its symbol, a PIN
    # given after a long relative clause in Hindi, Mexican slang for a password; a bare
    # passport number, a bare health-insurance number, a Saudi and an Israeli account or
    # address no rule reads (a Vietnamese one is read since "đang ở" says someone lives
    # there), a Greek identity card given bare. Left refused: an IBAN left as a placeholder
    # of X's and Mexico's published generic RFC. The documentation's example IBAN was read
    # as a phone, and then as labelled, until an IBAN's groups stopped reading as a phone
    # and an example's word right before the label counted; a masked account number was
    # read as a template slot until masked numbers were.
    # After the round of secrets and identifiers written as people write them (test_written_as_people_write.py): 3, 4, 2.
    # After a building's number in Arabic and the user's address named in Arabic counted: 3, 3, 2.
    # After passwords and PINs given after a clause or an adverb, more misspellings, codes opened "with" or keyed by a German separable verb, and recovery codes after a relative clause (test_given_after_a_clause.py): 2, 3, 2.
    # After a Greek identity card's number as the card prints it, in a Greek text (test_public_lines_and_invoices.py): 2, 2, 2.
    assert wrong == (2, 2, 2), shown


@pytest.mark.parametrize(
    "text",
    [
        # A code keyed in to open a door, a gate or a locker, the verb before or after it.
        "To get into the building, type 4827 on the keypad by the door.",
        "Für die Garage muss man an der Tastatur 5521 eintippen.",
        "Para abrir el portón hay que marcar 73914 en el teclado.",
        "宅配ボックスはテンキーで8812を押して開ける。",
        "Di lobi apartemen, tekan 6621 di panel pintu.",
        # Digits given first, then named as a PIN, a password or a code that opens something.
        "7731 — das ist die PIN seiner Sparkassenkarte.",
        "5390 — это код от сейфа на даче.",
        "8204 itu PIN m-banking istrinya.",
        # A PIN's name as its sentence's subject, the digits closing it.
        "Koden till förrådet, som bara hon och grannen känner till, är 40719.",
        # A password's name misspelt by one letter, before a value only a person makes.
        "Lösenrodet till Spotify: Kanelbulle77!",
        "Su contrseña del banco es Tamales#2029.",
        "넷플릭스 비밀먼호: Tteokbokki55!",
        # "Password" as Persian writes the English word; a passcode in Japanese.
        "پسورد ایمیل کاری: Anar#Shiraz41",
        "iPadのパスコードは「552901」。",
    ],
)
def test_secrets_in_more_shapes_and_spellings_are_refused(text: str) -> None:
    accepted, detail = decide("worldprobe3", text)
    assert not accepted, (text, detail)


@pytest.mark.parametrize(
    "text",
    [
        # Identifiers and accounts named in more languages, and home addresses in more
        # countries' formats.
        "Nombor akaun CIMB dia: 800412657301",
        "شماره شبا: IR82 0540 1026 8002 0817 9090 02",
        "Μένει στην οδό Πατησίων 112, Αθήνα.",
        "Nakatira siya sa Blk 12 Lot 7, Phase 1, Brgy. Mabini, Antipolo.",
    ],
)
def test_identifiers_in_more_languages_are_refused(text: str) -> None:
    accepted, detail = decide("worldprobe3", text)
    assert not accepted, (text, detail)


@pytest.mark.parametrize(
    "text",
    [
        # Digits near a verb of keying, with nothing to open; a time, then a keying verb
        # in the next clause; an error's number before a PIN's word.
        "He typed 4500 words at the library desk.",
        "The lobby door opens at 0700; press the buzzer after that.",
        "Error 4012: the PIN was rejected by the terminal.",
        "In 2024, the PIN of the card was changed.",
        # A password's name written whole in the plural, before an example's value.
        "Beispiele für starke Passwörter: Kanelbulle77! oder Tamales#2029.",
        # A company's code with the company called the user's employer; a test card named an
        # example one in Portuguese; a template's slot named in Polish; a waybill in
        # Ukrainian.
        "Der Arbeitgeber des Nutzers hat die USt-IdNr. DE811569869.",
        "O cartão de exemplo da documentação é 4111 1111 1111 1111.",
        "W szablonie faktury NIP klienta to „XXXXXXXXXX”.",
        "Посилка Новою Поштою, ТТН 20398259791907, прийде в четвер.",
    ],
)
def test_look_alikes_in_more_languages_are_stored(text: str) -> None:
    accepted, detail = decide("worldprobe3", text)
    assert accepted, (text, detail)
