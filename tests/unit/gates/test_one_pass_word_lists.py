"""The detectors' pre-checks look for a word list in one pass (``detectors.Substrings``, an
Aho-Corasick automaton): on every text of the detection corpora's tuning parts they answer
what a scan per word answers, in any case and script."""

import pytest
from corpus_parts import tuning_texts

from memory_plugins.gates import identifiers, labelled, runtime
from memory_plugins.gates.detectors import Substrings

TEXTS = tuning_texts()

LISTS = [
    pytest.param(runtime._PASSWORD_WORDS, id="password-words"),
    pytest.param(runtime._NOTE_LOCK_STEMS, id="note-lock-stems"),
    pytest.param(labelled._SECRET_HINTS, id="secret-hints"),
    pytest.param(identifiers._ACCOUNT_WORDS, id="account-words"),
    pytest.param(
        (*identifiers._PLATE_WORDS, *identifiers._PARKING_STEMS, *identifiers._CAR_NUMBER_STEMS),
        id="plate-words",
    ),
]


@pytest.mark.parametrize("words", LISTS)
def test_one_pass_answers_what_a_scan_per_word_answers(words: tuple[str, ...]) -> None:
    has = Substrings(words)
    assert len(TEXTS) > 5_000
    found = 0
    for text in TEXTS:
        expected = any(word in text.lower() for word in words)
        assert has(text) is expected, text
        found += expected
    assert 0 < found < len(TEXTS)  # the corpora hold words of the list, and texts without


def test_case_scripts_and_an_empty_list() -> None:
    has = Substrings(("passwort", "mot de passe", "密码", "пароль", "kennwort"))
    assert has("Das PASSWORT lautet")
    assert has("Le Mot De Passe")
    assert has("我的密码是")
    assert has("ПАРОЛЬ от почты")
    assert not has("a passport number")
    assert not Substrings(())("anything at all")
