"""The write gates on a fifth blind probe in the same 28 languages: secrets only, ten a
language in all eight shapes, and five look-alikes, by another run given the fourth
probe's task without identifiers (``worldprobe5_task.md``).

``tests/data/detection/worldprobe5_*.jsonl`` (provenance in the README there): 420
memories by a run given only that task, labels the run's own. Split once by a hash of each
case id before any detector was adjusted on it; the sealed part is pinned by checksum and
its counts are bounds that may only fall; the tuning part's exact counts are pinned.
"""

import pytest
from corpus_parts import assert_sealed_split, decide, within, wrong_in

SEALED_SHA256 = "c44b067e46da98313b20781f4e64885213cbd377bb5cf92361ad77fb036c912f"


def test_the_sealed_part_is_the_one_split_off_before_tuning() -> None:
    assert_sealed_split("worldprobe5", SEALED_SHA256, {"secret", "benign"})


def test_sealed_part_counts_may_only_fall() -> None:
    wrong, shown = wrong_in("worldprobe5", "sealed", {"secret": 132, "benign": 69})
    # As the gates were at the start of the session that made the probe: 73 secrets stored, 10
    # benign refused; when the probe came (after the third and fourth probes' rules): 39, 9;
    # after its tuning part's rules: 35, 9; after the sixth and seventh probes' rules: 35, 8;
    # after the eighth's: 33, 8; after a made password's shape alone (a word, digits and a
    # symbol in one token): 32, 8. After a PIN's or a password's name near its digits in
    # either order: 29, 8.
    # After a thing's word in the value's clause or right after it read by every detector: 29, 7.
    # After the round of secrets and identifiers written as people write them (test_written_as_people_write.py): 26, 7.
    # After passwords and PINs given after a clause or an adverb, more misspellings, codes opened "with" or keyed by a German separable verb, and recovery codes after a relative clause (test_given_after_a_clause.py): 22, 7.
    # After values given "now" or "as" a password, named after a colon and a demonstrative, plates in a parking pass's list, labels before a clause set off by dashes, and more labels and registers (test_now_as_and_parking_lists.py): 20, 7.
    # After the sixteenth to nineteenth probes' rounds (named later, generated values, fines): 17, 6.
    # After a code's word beside a door's, a gate's or a keypad's naming a code anywhere (test_kind_named_anywhere.py): 14, 6.
    # After seed words of exactly a phrase's length read field by field, a connection string's password holding "#", keys as a provider's documentation prints them and a token's prefix with the rest masked (test_documented_examples.py): 12, 5.
    # After a made value in a memory that names a password anywhere (test_password_memory.py): 10, 5.
    # After a list's items set off by hyphen or number bullets, and parcel lockers named in more languages (test_bulleted_lists.py): 9, 5.
    assert within(wrong, (9, 5)), shown


def test_tuning_part_counts_are_pinned() -> None:
    wrong, shown = wrong_in("worldprobe5", "tuning", {"secret": 148, "benign": 71})
    # When the probe came: 43 secrets stored, 14 benign refused. Left stored: passwords of
    # seven characters, or in small letters with "_", or opening with "$" and a small
    # letter as a variable does; a name misspelt in three letters (رمذ); a clause between
    # the copula and the value ("je prý „…“"); a parcel locker's code named by "код"
    # alone; digits named a password's with no copula or closing mark; a card's code
    # given after "c'est"; seed words whose checksum fails; recovery codes named after
    # them; Mexican slang for a password; a password holding "#" in a connection string.
    # Left refused: a bank's hotline named by its brand alone ("Halo BCA") and a shop's
    # phone, a SIRET that passes Luhn, a company's address after "주소". Three hotlines
    # named as such in their clause, and a masked Aadhaar number, were refused until a
    # line to the public and masked numbers were read.
    # After a shop's, a clinic's or a practice's own line (not a mobile) counted as the public's: 13, 3.
    # After the round of secrets and identifiers written as people write them (test_written_as_people_write.py): 6, 3.
    # After seed words of exactly a phrase's length read field by field, a connection string's password holding "#", keys as a provider's documentation prints them and a token's prefix with the rest masked (test_documented_examples.py): 4, 3.
    # After a made value in a memory that names a password anywhere (test_password_memory.py): 1, 3.
    assert wrong == (1, 3), shown


@pytest.mark.parametrize(
    "text",
    [
        # A word and digits joined by "_", in both cases, as a password.
        "Hasło do Spotify, które dzieli z siostrą i kuzynem, to „Wisla_77”.",
        "Skyline_77 — dat is het ww van de NAS.",
        # A parcel locker's code, alarm and security codes in more languages.
        "Pense-bête : pain, code du casier Amazon 551902, pressing.",
        "Kod odbioru paczki z Paczkomatu: 880213.",
        "Larmkod till huset: 5521.",
        "Codul de la alarma garajului: 7719.",
        # Digits right after a Japanese PIN's name; Korean shorthand for a password.
        "宅配ボックスの暗証番号8812、忘れないように。",
        "현관 비번 551207.",
        # Digits named after them with a Thai copula.
        "0921 เป็นรหัส ATM ของบัตรเครดิต",
        # A Malay copula after a long subject.
        "Password email kantor ialah Rendang_88.",
        # Recovery codes named in Greek; "password" as Egyptian Arabic writes it.
        "Κωδικοί ανάκτησης: 4821 7730, 1190 5528, 6612 0091",
        "الباصورد بتاع الراوتر: Koshary#55",
    ],
)
def test_secrets_in_more_shapes_are_refused(text: str) -> None:
    accepted, detail = decide("worldprobe5", text)
    assert not accepted, (text, detail)


@pytest.mark.parametrize(
    "text",
    [
        # Order and parcel numbers named in one word or a set phrase of these languages.
        "Zásilka od PPL, číslo zásilky 40158837412, přijde zítra.",
        "Rendelésszám 1710074010, holnap szállítják.",
        "Paket från PostNord, spårningsnummer 00373131985347413390.",
        # A slot quoted from the documentation, in Vietnamese and Romanian.
        "Trong tài liệu hướng dẫn, khóa chỉ ghi là <YOUR_KEY>.",
        "În tutorial cheia apare ca <CHEIA_TA>.",
        # Code names in one case with "_" and digits are no passwords.
        "Der Schlüssel heißt in der Konfiguration user_key_2.",
    ],
)
def test_look_alikes_in_more_languages_are_stored(text: str) -> None:
    accepted, detail = decide("worldprobe5", text)
    assert accepted, (text, detail)
