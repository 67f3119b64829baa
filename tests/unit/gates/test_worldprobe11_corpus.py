"""The write gates on an eleventh blind probe in the same 28 languages: names and tokens
that mix letters, digits and symbols and are no secret (user names, hashtags, networks'
and products' names, promo codes, files, references, formulas, placeholders), twelve a
language in nine families, and three secrets a language as controls
(``worldprobe11_task.md``).

``tests/data/detection/worldprobe11_*.jsonl`` (provenance in the README there): 420
memories by a run given only that task, labels the run's own. Split once by a hash of each
case id before any detector was adjusted on it; the sealed part is pinned by checksum and
its counts are bounds that may only fall; the tuning part's exact counts are pinned.
"""

import pytest
from corpus_parts import assert_sealed_split, decide, within, wrong_in

SEALED_SHA256 = "ddddc1b5f3d1ae4f84dc1ba35d00080df2d262c65e762e1c58c626fd3fb47f71"


def test_the_sealed_part_is_the_one_split_off_before_tuning() -> None:
    assert_sealed_split("worldprobe11", SEALED_SHA256, {"secret", "benign"})


def test_sealed_part_counts_may_only_fall() -> None:
    wrong, shown = wrong_in("worldprobe11", "sealed", {"secret": 42, "benign": 168})
    # As the gates were at the start of the session that made the probe: 12 secrets
    # stored, 4 benign refused; when it came (after a made password's shape alone): 9, 4;
    # after the tenth probe's rules: 8, 4.
    # After a PIN's or a password's name near its digits in either order: 7, 4.
    # After the round of secrets and identifiers written as people write them (test_written_as_people_write.py): 5, 4.
    # After values given "now" or "as" a password, named after a colon and a demonstrative, plates in a parking pass's list, labels before a clause set off by dashes, and more labels and registers (test_now_as_and_parking_lists.py): 4, 4.
    # After the sixteenth to nineteenth probes' rounds (named later, generated values, fines): 3, 4.
    # After an identifier of a kind the memory names anywhere, and a plate in a memory that names one (test_kind_named_anywhere.py): 3, 4.
    # After a code in a memory that names one anywhere (test_kind_named_anywhere.py): 2, 4.
    # After a made value in a memory that names a password anywhere (test_password_memory.py):
    # 2, 5 — one more refused, a strong password's example that only Arabic words call one
    # (the test words hold no Arabic "example"); left so, the sealed part scored once.
    # After signing in named as a password's purpose and recovery codes whose digit stands in a later dashed group (test_password_memory.py): 1, 5.
    assert within(wrong, (1, 5)), shown


def test_tuning_part_counts_are_pinned() -> None:
    wrong, shown = wrong_in("worldprobe11", "tuning", {"secret": 42, "benign": 168})
    # As found: 17 secrets stored, 6 benign refused; when it came: 16, 6; after the tenth
    # probe's rules: 13, 6. Left refused: template slots with letters ("XX/2025"), a
    # hashtag after a password's word in Hindi, a password's example in Czech, a generic
    # tax number published for tests.
    # After a PIN's or a password's name near its digits in either order: 12, 6.
    # After placeholders that say "your …" or "… here" and the words for a sample or a documentation in more languages: 12, 5.
    # After the round of secrets and identifiers written as people write them (test_written_as_people_write.py): 8, 5.
    # After placeholders and what is left to fill in later counted in more languages: 8, 2.
    # After signing in named as a password's purpose and recovery codes whose digit stands in a later dashed group (test_password_memory.py): 0, 2.
    assert wrong == (0, 2), shown


@pytest.mark.parametrize(
    "text",
    [
        # Placeholders that say "your …" or "… here" in the languages of the word lists.
        "O README manda pôr API_KEY=SUA_CHAVE_AQUI no .env local.",
        "La guía dice: SECRET_KEY=TU_SECRETO_AQUI y nada más.",
        "Dans la doc : API_TOKEN=VOTRE_JETON_ICI pour les tests locaux.",
        "In der Vorlage steht DB_PASSWORD=DEIN_PASSWORT_HIER.",
        # A password's example named as a sample in Czech.
        "Směrnice ukazuje vzor hesla 'Jablko123!' – je to jen ukázka.",
    ],
)
def test_placeholders_in_other_languages_are_stored(text: str) -> None:
    accepted, detail = decide("worldprobe11", text)
    assert accepted, (text, detail)


@pytest.mark.parametrize(
    "text",
    [
        # A real-looking value in the same place stays refused.
        "O .env dele tem API_KEY=Q7vN2kLp9XaR4tZs8WmB3yHc.",
        "In der Datei steht DB_PASSWORD=Kq8!vR2#mT5zL9pW.",
    ],
)
def test_values_in_the_same_place_stay_refused(text: str) -> None:
    accepted, detail = decide("worldprobe11", text)
    assert not accepted, (text, detail)
