"""The write gates on semgrep's secret-rule tests: a scanner no detector uses.

``tests/data/detection/semgrep_*.jsonl`` (provenance and the labelling criterion in
``build_semgrep_corpus.py`` and the README there): the lines semgrep's own secret rules
(``generic/secrets/security``) must flag and must not, each labelled by hand from the string
alone, before any detector ran on it, as holding a literal credential (``secret``) or none
(``benign``: placeholders, counting sequences, masked values, references, digests, ids that
are no credential, whatever the annotation says). The figures depend on those labels. Split
once by a hash of each case id; the sealed part is pinned by checksum. It misses both
targets, so its counts are bounds that may only fall; the tuning part's exact counts are
pinned.
"""

import pytest
from corpus_parts import assert_sealed_split, decide, per_source, within, wrong_in

SEALED_SHA256 = "e17ab4024736ddd387b7297cc0933278745924d0fbd81f2d3985adb90c613a10"


def test_the_sealed_part_is_the_one_split_off_before_tuning() -> None:
    assert_sealed_split("semgrep", SEALED_SHA256, {"secret", "benign"})
    per_rule = per_source("semgrep")
    assert max(per_rule.values()) <= 15 and len(per_rule) >= 40  # many rules' tests


def test_sealed_part_counts_may_only_fall() -> None:
    wrong, shown = wrong_in("semgrep", "sealed", {"secret": 29, "benign": 42})
    # Measured once when the part was built, and again after the tuning part's rules, the
    # same: 2 secrets stored, 23 benign texts refused (the cases were not read).
    assert within(wrong, (2, 23)), shown


def test_tuning_part_counts_are_pinned() -> None:
    wrong, shown = wrong_in("semgrep", "tuning", {"secret": 28, "benign": 39})
    # When the part was built: 2 secrets stored, 14 benign texts refused. An element named
    # by its name attribute (an Android string resource) came to name its value; a match of
    # a provider's pattern right after a digest's algorithm ("SHA256:AP1A…") came to be read
    # as the digest; digits that a code goes on after ("300061924372-ur9f….apps…") stopped
    # reading as a bare number; a JSON key's closing quote came to end a thing's id.
    assert wrong == (1, 11), shown


@pytest.mark.parametrize(
    ("text", "accepted"),
    [
        ('<string name="maps_api_key">9f2c4e71b0a85d36e1f47a92c0b8d35e</string>', False),
        ('<property name="db.password">Wq8!vRt2#pLs</property>', False),
        ('<string name="app_name">Harbour Notes 2024</string>', True),
        ('ImageID: "SHA256:AP7QkZ2bVn4Xc9Rt5Wm1Yp8Ls3Hd6Gf0Ja2Ne4Ub7Tc1"', True),
        ("X-JFrog-Art-Api: AP7QkZ2bVn4Xc9Rt5Wm1", False),
        ("The OAuth client is 482910374652-q8v2kz7d3n.apps.googleusercontent.com.", True),
        ('{"Destination": {"AccountId": "482910374652", "Bucket": "arn:aws:s3:::logs"}}', True),
    ],
)
def test_what_the_tuning_part_taught(text: str, accepted: bool) -> None:
    decided, detail = decide("semgrep", text)
    assert decided is accepted, (text, detail)
