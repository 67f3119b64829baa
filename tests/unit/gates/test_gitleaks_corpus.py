"""The write gates on gitleaks' rule true positives: a secret scanner no detector uses.

``tests/data/detection/gitleaks_*.jsonl`` (provenance in ``build_gitleaks_corpus.py`` and
the README there): the literal true positives gitleaks' rule generators validate each rule
with, at most eight per rule, those already taken from Nosey Parker and Kingfisher left
out, in memory-text templates. Split once by a hash of each case id before any detector
was adjusted on it; the sealed part is pinned by checksum and asserted against the 5 %
target; the tuning part's exact count is pinned.
"""

from collections import Counter

import pytest
from corpus_parts import assert_sealed_split, decide, decided_wrong, load, per_source

SEALED_SHA256 = "04ad5ff915906f1a466f5214e5c4be7d19db630c557f416993e320a2108b9062"


def test_the_sealed_part_is_the_one_split_off_before_tuning() -> None:
    assert_sealed_split("gitleaks", SEALED_SHA256, {"secret"})
    per_rule = per_source("gitleaks")
    assert max(per_rule.values()) <= 8 and len(per_rule) > 60  # many rules, none dominant


def test_sealed_part_stores_at_most_five_percent_of_secrets() -> None:
    sealed = load("gitleaks", "sealed")
    wrong, shown = decided_wrong(sealed)
    assert wrong["secret"] / len(sealed) <= 0.05, "\n".join(shown)


def test_tuning_part_count_is_pinned() -> None:
    tuning = load("gitleaks", "tuning")
    wrong, shown = decided_wrong(tuning)
    # Left: '"type": "service_account"' (no secret on the line) and a client id (an id).
    assert (len(tuning), wrong["secret"]) == (103, 2), "\n".join(shown)


@pytest.mark.parametrize(
    "text",
    [
        "1Password secret key A3-K7PQ2M-X9Z4WB-R5T8N-3HJ6L-M2P9Q-W4X7Z",  # 6-6-5-5-5-5
        "1Password secret key A3-K7PQ2M-X9Z4WBR5T8N-3HJ6L-M2P9Q-W4X7Z",  # 6-11-5-5-5
        "AWS_BEARER_TOKEN_BEDROCK=ABSKQmVkcm9ja0FQSUtleS1" + "q8Zr2kLm0Xv7Tn4Wb9Yc" * 3,
        "fb token 4719283746510293|Qp7vX2mN9rT4kL8wZ3yB6cD1fGh",
        "posts to http://hooks.slack.com/workflows/T0ABC1234/A0DEF5678/123456789/Zq8Rk2Lm0Xv7Tn4W",
        'curl -u "Zq8Rk2Lm0Xv7:" https://search.example.com:9200',
        "BUNDLE_GEMS__EXAMPLE__COM=ann:Tr0ub4dor3x",
        'deploy_TOKEN ::= "Zq8Rk2Lm0Xv7Tn4Wb9Yc1Ds6Fg3Hj5Kl"',
    ],
)
def test_the_formats_the_tuning_part_taught_are_refused(text: str) -> None:
    assert not decide("gitleaks", text)[0], text


@pytest.mark.parametrize(
    "text",
    [
        "curl -u admin: https://localhost:9200",  # a user name alone
        "BUNDLE_GEMS__EXAMPLE__COM=${GEMS_CREDENTIALS}",
        "The invoice 4719283746510293 was paid.",
    ],
)
def test_their_look_alikes_are_stored(text: str) -> None:
    accepted, detail = decide("gitleaks", text)
    assert accepted, (text, detail)


FPS_SEALED_SHA256 = "810d2edcb653c864b89cb8d9de66ceb6abb34751deef3a1538a2de1c56dfc93d"


def test_the_false_positive_parts_are_split_once_and_their_counts_pinned() -> None:
    # gitleaks' fps lists, labelled by us (build_gitleaks_corpus.FPS_LABELS): mostly no
    # secret at all. Refused on purpose: masked and counted-out keys in a provider's format
    # ("ghp_xxxx…", "sk-ant-…abc123xyz…"), which other scanners' and detect-secrets' own
    # examples count as keys; those make most of what is refused, so both parts miss the
    # 3 % target. Assigned to a key's name, a prefix and then "x" alone ('api_key =
    # "fo1_xxxx…"') is a placeholder.
    assert_sealed_split("gitleaks_fps", FPS_SEALED_SHA256, {"secret", "benign"})
    tuning, sealed = load("gitleaks_fps", "tuning"), load("gitleaks_fps", "sealed")
    assert Counter(c["category"] for c in tuning) == {"benign": 114, "secret": 3}
    wrong, shown = decided_wrong(tuning)
    # 46 before the whispers part's rules; a CI expression as curl's credentials
    # ("-u ${{ secrets.USER }}:…") is a reference, not a slot: 44; a web address's path
    # holds no identifier (a page's number in "…/speel~VARA_101375237~…"): 43; a value
    # named by a hash's name ("md5=5c94767c…", as "h1:…" is) is a digest: 42; a compound
    # name's last word says what its value is ("credentialsId", "key_vault_name"): 39;
    # capitalised words and a version after a key's name are a name ("SalesResults-1.2"): 37;
    # a private key's armour closed right after it opens holds no key: 36; a text about an
    # example or the documentation quotes its slots (the placeholder gate): 35; a token's
    # prefix with the rest masked, and a key as a provider's documentation prints it, called
    # an example (test_documented_examples.py): 33.
    assert (wrong["secret"], wrong["benign"]) == (0, 33), "\n".join(shown)
    wrong, shown = decided_wrong(sealed)
    # 64 until the benign probes' rules, 63 after them; 60 after the rule-file probe's (a
    # slot standing as a configuration line's value is that line's, quoted); 56 after a
    # compound name's last word (an id, a name, a path) says its value is no secret; 54
    # after a token's prefix with the rest masked and documented example keys.
    assert wrong["secret"] == 0 and wrong["benign"] <= 54, "\n".join(shown)


@pytest.mark.parametrize(
    "text",
    [
        '<img src="./assets/vipul-f0eb1acf0da84c06a50c5b2c59932001997786b176dec02bd16128ee9ea83628.png">',
        'public_key = "9Cnzj4p4WGeKLs1Pt8QuKUpRKfFLfRYC9AIKjbJTWit"',
    ],
)
def test_hashes_and_public_values_are_stored(text: str) -> None:
    accepted, detail = decide("gitleaks", text)
    assert accepted, (text, detail)
