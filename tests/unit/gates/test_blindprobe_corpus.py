"""The write gates on a blind probe of the families the gates must refuse in any spelling.

``tests/data/detection/blindprobe_*.jsonl`` (provenance in the README there): 352 memories
a separate model run wrote from a list of families alone (long-tail provider secrets,
credential shapes, identifier kinds of many countries, spellings, values in fields nobody
reads, benign look-alikes), with values made valid by python-stdnum, Faker, bcrypt, passlib
and cryptography; it never saw the gates' code, tests or corpora. The labels are its own.
Split once by a hash of each case id before any detector was adjusted on it; the sealed
part is pinned by checksum and its counts are bounds that may only fall; the tuning part's
exact counts are pinned.
"""

import pytest
from corpus_parts import CONFIG, assert_sealed_split, decide, decided_wrong, load, within, wrong_in

from memory_plugins.gates import evaluate

SEALED_SHA256 = "1802ee763a73cf1324b4f5a25681ebc6268ae995a797b87a8dacc6dc375ee035"


def test_the_sealed_part_is_the_one_split_off_before_tuning() -> None:
    assert_sealed_split("blindprobe", SEALED_SHA256, {"secret", "pii", "benign"})


def test_sealed_part_counts_may_only_fall() -> None:
    wrong, shown = wrong_in("blindprobe", "sealed", {"secret": 62, "pii": 59, "benign": 51})
    # Measured once as built: 0 secrets stored, 4 identifiers, 0 benign refused; after the
    # rules its tuning part led to (below): 0, 1 and 0.
    assert within(wrong, (0, 1, 0)), shown


def test_tuning_part_counts_are_pinned() -> None:
    wrong, shown = wrong_in("blindprobe", "tuning", {"secret": 68, "pii": 75, "benign": 37})
    # As built: 2 secrets and 7 identifiers stored, no benign text refused.
    assert wrong == (0, 0, 0), shown


@pytest.mark.parametrize("part", ["tuning", "sealed"])
def test_every_spelling_and_every_field_is_refused(part: str) -> None:
    cases = [c for c in load("blindprobe", part) if c["family"] in ("spellings", "fields")]
    assert len(cases) >= 12
    wrong, shown = decided_wrong(cases)
    assert not wrong, "\n".join(shown)


# -- the general rules its tuning part led to --------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        # A gloss (a translation in parentheses) between a label and its value.
        "The user's Polish passport (paszport) number is EA 4417832.",
        "The user's residence permit (Aufenthaltstitel) number is Y6LKZ1703.",
        "用户的香港身份证（HKID）号码是 K6123459。",
        # A document's series with its number.
        "The user's passport series and number: 45 08 311527.",
        # A value of letters and few digits after its label.
        "The user's passport number is KXPLRD471.",
        # What a key is for, between its name and the value.
        "The user's access key for the build server is qV8mT2rX9pL4wZ7nB1cK5dF3.",
        # A key's issue number after its body.
        "用户的 token 是 dapi5c0e2b9f7a8d41e3b6c9f0a2d4e7b18c-3",
    ],
)
def test_labelled_values_are_refused_however_the_label_is_written(text: str) -> None:
    accepted, detail = decide("blindprobe", text)
    assert not accepted, (text, detail)


def test_a_number_the_text_ends_with_may_go_on_in_a_tag() -> None:
    base = load("blindprobe", "tuning")[0]["candidate"]
    text = "The user's card number starts with 5326 0181."
    split = {**base, "text": text, "tags": ["card", "5908 3011"]}
    assert not evaluate(split, "conv-1", CONFIG).accepted
    assert evaluate({**split, "tags": ["card", "bank"]}, "conv-1", CONFIG).accepted  # half alone
    # Numbers that do not go on: a year in the text and a distance in a tag.
    plain = {**base, "text": "The user has run since 2019.", "tags": ["5 km", "running"]}
    assert evaluate(plain, "conv-1", CONFIG).accepted


@pytest.mark.parametrize(
    "text",
    [
        "The user's age public key is age1ql3z7hjy54pw3hyww5ayyfg7zqgvc7w3j2elw8zmrj2kg5sfn9aqmcac8p.",
        "The user keeps a passport (an old one) in the drawer.",
        "def load(self, path, mode): return open(path, mode)",
        "The user's flight (outbound) is LH 2407 on Friday.",
    ],
)
def test_public_keys_asides_and_code_stay_accepted(text: str) -> None:
    accepted, detail = decide("blindprobe", text)
    assert accepted, (text, detail)
