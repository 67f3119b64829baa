"""The write gates on a blind probe of what a coding assistant's users ask it to keep:
configs, commands, logs, SQL, code, fixtures and artifacts, harmless or holding a secret
or an identifier.

``tests/data/detection/devprobe_*.jsonl`` (provenance in the README there): 363 memories a
separate model run wrote, seeing neither the gates nor the earlier probes. The labels are
its own. Split once by a hash of each case id before any detector was adjusted on it; the
sealed part is pinned by checksum and its counts are bounds that may only fall; the tuning
part's exact counts are pinned.
"""

import pytest
from corpus_parts import assert_sealed_split, decide, within, wrong_in

SEALED_SHA256 = "4b3ee6317fc353dd80ca8f1079481f774f41e939489571d4862a7454b7e4a68b"


def test_the_sealed_part_is_the_one_split_off_before_tuning() -> None:
    assert_sealed_split("devprobe", SEALED_SHA256, {"secret", "pii", "benign"})


def test_sealed_part_counts_may_only_fall() -> None:
    wrong, shown = wrong_in("devprobe", "sealed", {"secret": 19, "pii": 13, "benign": 142})
    # As the session found the gates: 0 secrets, 2 identifiers stored, 19 benign refused;
    # after the earlier probes' rules (written before this probe existed): 0, 0, 14; after
    # this probe's tuning part's rules: 0, 0, 12; after the life and scanner-negative
    # probes' rules: 0, 0, 10; since what a validator or a pattern is checked against
    # counts as a test value: 0, 0, 9.
    # After seed words of exactly a phrase's length read field by field, a connection string's password holding "#", keys as a provider's documentation prints them and a token's prefix with the rest masked (test_documented_examples.py): 0, 0, 8.
    assert within(wrong, (0, 0, 8)), shown


def test_tuning_part_counts_are_pinned() -> None:
    wrong, shown = wrong_in("devprobe", "tuning", {"secret": 28, "pii": 21, "benign": 140})
    # Before its rules: 2 secrets stored, 16 benign refused; 3 after them. Since then an
    # address at example.com beside a fictional 555-01xx number, which the words call test
    # data, is accepted (numbers kept for fiction and reserved domains count as no one's
    # when called a test or an example), and so is the IBAN registry's example followed by
    # a variant with a wrong check digit (an IBAN in its print form is the bank-account
    # detector's to judge, not a national number's).
    assert wrong == (0, 0, 0), shown


@pytest.mark.parametrize(
    "text",
    [
        # Words joined into a name, and hashes named by their algorithm.
        "The user names branches like `fix/CORE-2291-retry-backoff` off `main`.",
        "The user's go.sum pins `h1:Zq8RkLm0Xv7Tn4WbH2pQ9sD3fG6jK1lM5nB7cV0xZ4E=`.",
        # A login, not a mailbox; a service account, not a person.
        "The user reaches the build box with `ssh -J ops@bastion.corp.internal build@10.0.4.2`.",
        "CI deploys as `deployer@shop-prod-221.iam.gserviceaccount.com`.",
        # MySQL prompts for the password after "-p ": the next word is the database.
        "The user connects with `mysql -h 10.0.0.8 -u analyst -p warehouse`.",
        # A trace context header, a test card the sentence calls one.
        "The user greps logs for `traceparent: 00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01`.",
        "The user's checkout tests use Stripe's test card `4242 4242 4242 4242`.",
        # An enum naming a kind of key.
        "The user's enum is `KeyKind { Access = 'access_key', Refresh = 'refresh_token' }`.",
    ],
)
def test_developer_look_alikes_are_stored(text: str) -> None:
    accepted, detail = decide("devprobe", text)
    assert accepted, (text, detail)


@pytest.mark.parametrize(
    "text",
    [
        "The user connects with `redis-cli -h 10.1.3.8 -p 6379 -a 'Xq7#mL2pZr'`.",
        "The user's docker auth is `ZGVwbG95OlhxNyNtTDJwWnI=` for the private registry.",
        "The user's card for the team account is `4242 4242 4242 4242`.",
        "The user runs `psexec \\\\10.0.0.5 -u admin -p Xq7mL2pZ cmd`.",
    ],
)
def test_secrets_in_the_same_shapes_are_refused(text: str) -> None:
    accepted, detail = decide("devprobe", text)
    assert not accepted, (text, detail)
