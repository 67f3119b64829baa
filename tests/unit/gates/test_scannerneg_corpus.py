"""The write gates on a blind probe of what secret scanners and PII detectors document as
must-not-match: placeholders and templates, providers' documentation examples, public
values that look random (hashes, public keys, publishable keys, contract addresses),
code that names a secret without holding one, numbers that look like identifiers; and,
in the same shapes, real-looking credentials and identifiers.

``tests/data/detection/scannerneg_*.jsonl`` (provenance in the README there): 340
memories a separate model run wrote, seeing neither the gates nor the earlier probes. The
labels are its own. Split once by a hash of each case id before any detector was adjusted
on it; the sealed part is pinned by checksum and its counts are bounds that may only fall;
the tuning part's exact counts are pinned.
"""

import pytest
from corpus_parts import assert_sealed_split, decide, within, wrong_in

SEALED_SHA256 = "3093c64afddb723697ac5e288ce52b25d7ef030366cbc2afa3ccc5928e85af25"


def test_the_sealed_part_is_the_one_split_off_before_tuning() -> None:
    assert_sealed_split("scannerneg", SEALED_SHA256, {"secret", "pii", "benign"})


def test_sealed_part_counts_may_only_fall() -> None:
    wrong, shown = wrong_in("scannerneg", "sealed", {"secret": 28, "pii": 8, "benign": 128})
    # As the session found the gates: 2 secrets, 0 identifiers stored, 26 benign refused;
    # after this probe's tuning part's rules: 2, 0, 22; since a text about an example or the
    # documentation quotes its slots: 2, 0, 20.
    # After placeholders that say "your …" or "… here" and the words for a sample or a documentation in more languages: 2, 0, 19.
    # After unlock and pickup codes in more languages and a default administrator's login counted: 1, 0, 19.
    # After seed words of exactly a phrase's length read field by field, a connection string's password holding "#", keys as a provider's documentation prints them and a token's prefix with the rest masked (test_documented_examples.py): 1, 0, 18.
    assert within(wrong, (1, 0, 18)), shown


def test_tuning_part_counts_are_pinned() -> None:
    wrong, shown = wrong_in("scannerneg", "tuning", {"secret": 30, "pii": 17, "benign": 129})
    # Before its rules: 5 secrets stored, 29 benign refused. Left refused: a Slack webhook
    # filled in with X (a slot to the placeholder gate), a fixture's "password123", GitHub's
    # documentation token, a base64 cookie of JSON and an example address no test word is
    # near. A voided SSN the words call a test value only 80 characters on is accepted
    # since "validator" and "voided" count as such words too; a dummy CVC since a CVC the
    # words call a test one is the test card's.
    assert wrong == (0, 0, 5), shown


@pytest.mark.parametrize(
    "text",
    [
        # Code that names a secret without holding one.
        "The user's helper starts with `if not token: return None` before any request.",
        "The user's DTO is `class Login(val user: String, val password: CharArray)`.",
        "The SPA reads `const token = sessionStorage.getItem('id_token')` on load.",
        # Ciphertext whose key is kept elsewhere.
        "The user's values file holds `api_key: ENC[AES256_GCM,data:Zm9vYmFy,iv:"
        "oAchAOSxHrcQVDjivEwEezEQcgAp76mhdVr02gRne/0=,tag:EJXRddBUMpE+MC595n+9JA==,type:str]`.",
        # Public by design: a publishable key, a token contract, an entity tag in prose.
        "The checkout page embeds the publishable key pk_live_9x2KfQ3mZ7cR1vT8bN4wYp6sLd.",
        "The user's token contract address is 0x4e3fbd56cd56c3e72c1403e103b45db9da5b9d2b.",
        'The ETag for the user\'s avatar is "9f1c2b7e4d3a6b8c0e5f7a9d1b3c5e7f"; clients cache by it.',
        # Templates whose slots are what the memory is about.
        "The user's Helm template sets `password: {{ .Values.db.password }}` from values.yaml.",
        # Values the words call test data: a counting number, a fictional phone range,
        # a reserved domain, a standard's example.
        "The SSN field's unit test uses 123-45-6789 as its sample input.",
        "UK fixtures use 07700 900123 from Ofcom's range kept for drama and testing.",
        "Test fixtures sign in as qa.bot@example.com against the staging API.",
        "身份证校验的测试用例用国家标准里的示例号码 11010519491231002X。",
        # Network ranges are no phone numbers.
        "The user's firewall allows 198.51.100.0/24 and 203.0.113.0/24 only.",
    ],
)
def test_scanner_look_alikes_are_stored(text: str) -> None:
    accepted, detail = decide("scannerneg", text)
    assert accepted, (text, detail)


@pytest.mark.parametrize(
    "text",
    [
        # A wallet's recovery phrase, by its checksum or by its name.
        "Cold wallet words: legal winner thank year wave sausage worth useful legal winner "
        "thank yellow",
        "用户钱包的助记词是 ancient again always accident banana across yellow machine address "
        "aspect across arrest",
        # A licence key after its name; a password after what it is for.
        "The user's Office licence key is 7HQ2M-XK4PD-9RT3W-B6JYC-2MVF8.",
        "The password for the NAS admin is `orbit-maple-cinder-42`.",
        # A secret named in Chinese, and behind an aside naming its variable.
        "生产环境 SESSION_SECRET 的值是 9c1e77d2a4b8f3065e2d1c9ab7f40e6d28c5b1a3。",
        "Mailgun key for the worker (the config calls it MAILGUN_KEY): 3f9a6c1e8b2d7f405e1a9c3b6d8e2f71",
        # The same shapes as the look-alikes above, not called a test.
        "The user's SSN is 523-81-4467.",
        "The user's mobile is 07911 123456.",
    ],
)
def test_secrets_and_identifiers_in_the_same_shapes_are_refused(text: str) -> None:
    accepted, detail = decide("scannerneg", text)
    assert not accepted, (text, detail)
