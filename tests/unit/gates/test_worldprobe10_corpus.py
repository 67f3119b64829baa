"""The write gates on a tenth blind probe in the same 28 languages: a third run of the
fifth probe's task, secrets only, ten a language in all eight shapes, and five look-alikes
(``worldprobe10_task.md``, the fifth's task with its own ids).

``tests/data/detection/worldprobe10_*.jsonl`` (provenance in the README there): 420
memories by a run given only that task, labels the run's own. Split once by a hash of each
case id before any detector was adjusted on it; the sealed part is pinned by checksum and
its counts are bounds that may only fall; the tuning part's exact counts are pinned.
"""

import pytest
from corpus_parts import assert_sealed_split, decide, within, wrong_in

SEALED_SHA256 = "d986cde1d2669101f94591eacb8b481452e653dd9afc7099215c448e103e7dc7"


def test_the_sealed_part_is_the_one_split_off_before_tuning() -> None:
    assert_sealed_split("worldprobe10", SEALED_SHA256, {"secret", "benign"})


def test_sealed_part_counts_may_only_fall() -> None:
    wrong, shown = wrong_in("worldprobe10", "sealed", {"secret": 135, "benign": 69})
    # As the gates were at the start of the session that made the probe: 46 secrets
    # stored, 5 benign refused; when it came (after a made password's shape alone): 41, 5;
    # after its tuning part's rules (more shapes of made passwords): 40, 5.
    # After a PIN's or a password's name near its digits in either order: 39, 5.
    # After placeholders that say "your …" or "… here" and the words for a sample or a documentation in more languages: 39, 4.
    # After the round of secrets and identifiers written as people write them (test_written_as_people_write.py): 33, 4.
    # After values given "now" or "as" a password, named after a colon and a demonstrative, plates in a parking pass's list, labels before a clause set off by dashes, and more labels and registers (test_now_as_and_parking_lists.py): 29, 4.
    # After the sixteenth to nineteenth probes' rounds (named later, generated values, fines): 25, 3.
    # After a code in a memory that names one anywhere (test_kind_named_anywhere.py): 24, 3.
    # After a code's word beside a door's, a gate's or a keypad's naming a code anywhere (test_kind_named_anywhere.py): 23, 3.
    # After a made value in a memory that names a password anywhere (test_password_memory.py): 20, 3.
    # After a list's items set off by hyphen or number bullets, and parcel lockers named in more languages (test_bulleted_lists.py): 19, 3.
    assert within(wrong, (19, 3)), shown


def test_tuning_part_counts_are_pinned() -> None:
    wrong, shown = wrong_in("worldprobe10", "tuning", {"secret": 145, "benign": 71})
    # As found: 43 secrets stored, 8 benign refused; when it came: 33, 8. Left stored,
    # among others: PINs named after their digits with words between, codes in a note's
    # list after a lock's name in more languages, passwords after misspelt names whose
    # value opens with "$" (read as a variable) or joins its word and digits with a dash
    # or an underscore alone ("Kantor-1791", "Ubatuba_11"), as user names do.
    # After a PIN's or a password's name near its digits in either order: 22, 8; after
    # placeholders that say "your …" or "… here" and the words for a sample or a documentation in more languages: 22, 7.
    # After the round of secrets and identifiers written as people write them (test_written_as_people_write.py): 12, 7.
    # After unlock and pickup codes in more languages and a default administrator's login counted: 11, 7.
    # After a business code beside a place of business, or a number of a register only businesses are in, counted as the business's: 11, 3.
    # After a business code's label earlier in its clause before a place of business, Italian partnerships, Hungarian offices, Turkey's VKN and Russia's KPP counted as businesses': 11, 2.
    # After placeholders and what is left to fill in later counted in more languages: 11, 1.
    # After passwords and PINs given after a clause or an adverb, more misspellings, codes opened "with" or keyed by a German separable verb, and recovery codes after a relative clause (test_given_after_a_clause.py): 9, 1.
    # After values given "now" or "as" a password, named after a colon and a demonstrative, plates in a parking pass's list, labels before a clause set off by dashes, and more labels and registers (test_now_as_and_parking_lists.py): 7, 1.
    # After the twentieth and twenty-first probes' round (test_gate_pass_plates_and_proxy_links.py): 6, 1.
    # After a code in a memory that names one anywhere (test_kind_named_anywhere.py): 5, 1.
    # After a made value in a memory that names a password anywhere (test_password_memory.py): 4, 1.
    # After public lines written with their country's code, a business register named after a copula of another language, the invoice's word in more languages and Sweden's test person number (test_public_lines_and_invoices.py): 4, 0.
    # After a list's items set off by hyphen or number bullets, and parcel lockers named in more languages (test_bulleted_lists.py): 2, 0.
    assert wrong == (2, 0), shown


@pytest.mark.parametrize(
    "text",
    [
        # Two different symbols closing a made password; a "?" joining word and digits
        # where the value closes its clause.
        "Notiz am Kühlschrank: Altbau1907*? für das Tablet.",
        "Servidor da loja: Pastel77?% (não partilhar).",
        "Ноутбук на даче открывается паролем Dacha?88.",
    ],
)
def test_more_shapes_of_made_passwords_are_refused(text: str) -> None:
    accepted, detail = decide("worldprobe10", text)
    assert not accepted, (text, detail)


@pytest.mark.parametrize(
    "text",
    [
        # A PowerShell variable, a question mark that ends a question before a number.
        "The user's deploy script prints $Server01 before each step.",
        "Really?100 people came to the launch, says the user.",
    ],
)
def test_variables_and_questions_are_stored(text: str) -> None:
    accepted, detail = decide("worldprobe10", text)
    assert accepted, (text, detail)


@pytest.mark.parametrize(
    "text",
    [
        # A PIN's or a password's name within forty characters of its digits, either side,
        # with words between and no joining copula or colon.
        "Anotou 7261 e disse que é o PIN do cartão da Caixa.",
        "8804 to podobno PIN do karty w mBanku.",
        "Mật khẩu ví điện tử của anh ấy vẫn là 552017 từ hồi đó.",
        "Kod buka kunci tablet anak 730915.",
        "UPI पिन अभी भी 640218 ही है।",
    ],
)
def test_a_pin_named_near_its_digits_is_refused(text: str) -> None:
    accepted, detail = decide("worldprobe10", text)
    assert not accepted, (text, detail)


@pytest.mark.parametrize(
    "text",
    [
        # Amounts, an error's number, a postcode and a year beside a PIN's or a password's
        # name.
        "The new PIN card cost 2500 rubles at the branch.",
        "Error 4012 came up when the PIN was typed.",
        "A senha nova chegou junto com a fatura de 1500 reais.",
        "La contraseña llegó por correo al código postal 28013.",
        "The password policy changed in 2023 for the whole team.",
    ],
)
def test_numbers_beside_a_pin_word_that_are_no_pin_are_stored(text: str) -> None:
    accepted, detail = decide("worldprobe10", text)
    assert accepted, (text, detail)
