"""The write gates on ripsecrets' test inputs: a scanner no detector uses.

``tests/data/detection/ripsecrets_*.jsonl`` (provenance and the labelling criterion in
``build_ripsecrets_corpus.py`` and the README there): the lines and files its tests say it
must find, and the lines it must find nothing in, each of the latter labelled by hand,
before any detector ran on it, as holding a literal credential (``secret``) or none
(``benign``). The figures depend on those labels. Split once by a hash of each case id; the
sealed part is pinned by checksum. It misses both targets, so its counts are bounds that may
only fall; the tuning part's exact counts are pinned.
"""

from collections import Counter

import pytest
from corpus_parts import assert_sealed_split, decide, decided_wrong, load, per_source

SEALED_SHA256 = "21204944fdedda3f733413ff1d66240b2d1d2a3ba6645c5554baa8fbfad4108d"


def test_the_sealed_part_is_the_one_split_off_before_tuning() -> None:
    assert_sealed_split("ripsecrets", SEALED_SHA256, {"secret", "benign"})
    per_file = per_source("ripsecrets")
    assert max(per_file.values()) <= 10 and len(per_file) >= 10  # many test files


def test_sealed_part_counts_may_only_fall() -> None:
    sealed = load("ripsecrets", "sealed")
    assert Counter(c["category"] for c in sealed) == {"secret": 17, "benign": 4}
    wrong, shown = decided_wrong(sealed)
    # Measured once when the part was built: 1 secret stored (a JWT whose header alone is
    # standard), 2 benign texts refused (a masked npm token, by design; a private-key block
    # holding prose).
    assert wrong["secret"] <= 1, "\n".join(shown)
    assert wrong["benign"] <= 2, "\n".join(shown)


def test_tuning_part_counts_are_pinned() -> None:
    tuning = load("ripsecrets", "tuning")
    assert Counter(c["category"] for c in tuning) == {"secret": 11, "benign": 4}
    wrong, shown = decided_wrong(tuning)
    # One benign text was refused when the part was built: a value typing "asdf" over and
    # over, now read as filler.
    assert (wrong["secret"], wrong["benign"]) == (0, 0), "\n".join(shown)


@pytest.mark.parametrize(
    "text",
    [
        'secret = "asdfasdfasdfasdfasdfasdfasdfasdf"',
        "api_key: abcabcabcabcabcabc",
        "token=1234123412341234",
        "password: qwerqwerqwer",
    ],
)
def test_a_short_run_typed_over_and_over_is_filler(text: str) -> None:
    accepted, detail = decide("ripsecrets", text)
    assert accepted, (text, detail)


@pytest.mark.parametrize(
    "text",
    [
        'secret = "Zq8Rk2Lm0Xv7Tn4Wb9Yc1Ds6"',
        "aws_secret_access_key = aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa",  # scanners' sample
        "password: hunter2hunter2",  # a word typed twice is still a password
        "api_key = Zq8Rk2Zq8Rk2Lm0Xv7Tn",  # repeats, but not all over
    ],
)
def test_keys_that_do_not_repeat_one_short_run_are_still_refused(text: str) -> None:
    accepted, detail = decide("ripsecrets", text)
    assert not accepted, (text, detail)
