"""The write gates on scrubadub's detector tests: a PII scrubber no detector uses.

``tests/data/detection/scrubadub_*.jsonl`` (provenance and the labelling criterion in
``build_scrubadub_corpus.py`` and the README there): the texts its detector tests clean,
labelled by us from the text (a personal identifier, a user name with its password, or
nothing that identifies: postcodes, URLs, dates of birth and plain sentences as benign).
The figures depend on those labels. Split once by a hash of each case id; the sealed part
is pinned by checksum. It misses the identifier target, so its counts are bounds that may
only fall; the tuning part's exact counts are pinned.
"""

from collections import Counter

import pytest
from corpus_parts import assert_sealed_split, decide, decided_wrong, load, per_source

SEALED_SHA256 = "9d09f85215a01a2bddf860cce04a96396af8f4f82251ab9e34cdbffb5a369808"


def test_the_sealed_part_is_the_one_split_off_before_tuning() -> None:
    assert_sealed_split("scrubadub", SEALED_SHA256, {"pii", "secret", "benign"})
    per_kind = per_source("scrubadub")
    assert max(per_kind.values()) <= 10 and len(per_kind) >= 10  # many kinds, none dominant


def test_sealed_part_counts_may_only_fall() -> None:
    sealed = load("scrubadub", "sealed")
    assert Counter(c["category"] for c in sealed) == {"pii": 26, "secret": 2, "benign": 17}
    wrong, shown = decided_wrong(sealed)
    # Measured once when the part was built: 4 identifiers stored, 1 secret, 0 benign
    # refused; after the tuning part's rules: 4, 0, 0; after "DVLA" and "TRN" became labels:
    # 3, 0, 0.
    assert wrong["pii"] <= 3, "\n".join(shown)
    assert wrong["secret"] == 0 and wrong["benign"] == 0, "\n".join(shown)


def test_tuning_part_counts_are_pinned() -> None:
    tuning = load("scrubadub", "tuning")
    assert Counter(c["category"] for c in tuning) == {"pii": 23, "secret": 5, "benign": 19}
    wrong, shown = decided_wrong(tuning)
    # Built: 3 secrets stored, 4 identifiers, 1 benign refused (a date of birth read as a
    # Dutch citizen number). Left: an HMRC temporary reference number named only in words
    # ("Temporary Reference Number … like 11 A 12345"). "DVLA" (the issuer of UK driving
    # licences) and "TRN" are labels now; a login in a note's one-letter fields ("u: …" then
    # "p: …" on the next line) is a login.
    assert (wrong["secret"], wrong["pii"], wrong["benign"]) == (0, 1, 0), "\n".join(shown)


@pytest.mark.parametrize(
    "text",
    [
        "username root\npassword crickets",  # a user name written down with its password
        "UserName snoop PassWord biggreenhat",
        "login: ann.lee\npwd: Tr0ub4dor",
        "The staging box: user deploy password k8sRocks!",
        "The number is AZ 123 456 A.",  # a National Insurance number, grouped any way
        "NI: AZ-12-34-56-A",
        "NINO AZ123456A",
    ],
)
def test_the_families_the_tuning_part_taught_are_refused(text: str) -> None:
    accepted, detail = decide("scrubadub", text)
    assert not accepted, (text, detail)


@pytest.mark.parametrize(
    "text",
    [
        "The user forgot the username and password.",
        "The user's username is ann, password manager is Bitwarden.",
        "login(username=username, password=password)",
        "username: admin\npassword: <password>",
        "DOB: 02.12.1979",  # a date, not a Dutch citizen number nor a German phone
        "The user was born on 06/17/1976.",
    ],
)
def test_their_look_alikes_are_stored(text: str) -> None:
    accepted, detail = decide("scrubadub", text)
    assert accepted, (text, detail)
