"""The write gates on talisman's detector tests: a scanner no detector uses.

``tests/data/detection/talisman_*.jsonl`` (provenance and the labelling criterion in
``build_talisman_corpus.py`` and the README there): the strings its content and pattern
detector tests expect flagged or not, each labelled by hand, before any detector ran on it,
as holding a literal credential (``secret``) or none (``benign``). The figures depend on
those labels. A small part (23 cases). Split once by a hash of each case id; the sealed part
is pinned by checksum and its counts are bounds that may only fall; the tuning part's exact
counts are pinned.
"""

from collections import Counter

import pytest
from corpus_parts import assert_sealed_split, decide, decided_wrong, load, per_source

SEALED_SHA256 = "9de4b6982d9c0e471c690268c857ee491cdb8f073c9aaeaaaf5ddfd15b0a290f"


def test_the_sealed_part_is_the_one_split_off_before_tuning() -> None:
    assert_sealed_split("talisman", SEALED_SHA256, {"secret", "benign"})
    assert max(per_source("talisman").values()) <= 8


def test_sealed_part_counts_may_only_fall() -> None:
    sealed = load("talisman", "sealed")
    assert Counter(c["category"] for c in sealed) == {"secret": 5, "benign": 9}
    wrong, shown = decided_wrong(sealed)
    # Measured once when the part was built: 0 secrets stored, 2 benign refused; after the
    # camel-case placeholder rule: 0 and 1.
    assert wrong["secret"] == 0 and wrong["benign"] <= 1, "\n".join(shown)


def test_tuning_part_counts_are_pinned() -> None:
    tuning = load("talisman", "tuning")
    assert Counter(c["category"] for c in tuning) == {"secret": 3, "benign": 6}
    wrong, shown = decided_wrong(tuning)
    # Built: 2 secrets stored (a bare AWS example secret key after a hex line; a camel-case
    # word after "SERVER_KEY"), 2 benign refused. Left refused: a password of counted digits.
    assert (wrong["secret"], wrong["benign"]) == (2, 1), "\n".join(shown)


@pytest.mark.parametrize(
    "text",
    [
        ".passphrase=randomStringGoesHere",
        "api_key=yourApiKeyHere",
        "secret=insertSecretHere",
        "token: PUT_TOKEN_HERE",
    ],
)
def test_placeholders_in_camel_case_are_stored(text: str) -> None:
    accepted, detail = decide("talisman", text)
    assert accepted, (text, detail)


@pytest.mark.parametrize(
    "text", ["api_key=Zq8Rk2Lm0Xv7Tn4WbHere", "password: yourself1", "secret=Zq8Rk2Lm0Xv7Tn4Wb9Y"]
)
def test_keys_that_only_look_like_them_are_still_refused(text: str) -> None:
    accepted, detail = decide("talisman", text)
    assert not accepted, (text, detail)
