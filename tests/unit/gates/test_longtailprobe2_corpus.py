"""The write gates on a second blind probe of the long tail of secret formats, leaning to
what a rule must not flag: for 100 kinds of secret none of the first probe's, one line a
rule must flag and three it must not.

``tests/data/detection/longtailprobe2_*.jsonl`` (provenance in the README there; the task
the run was given is ``longtailprobe2_task.md``, with the kinds it was told to avoid in
``longtailprobe2_avoid.txt``): 400 lines a separate model run wrote, seeing neither the
gates nor the earlier probes. The labels are its own. Split once by a hash of each case id
before any detector was adjusted on it; the sealed part is pinned by checksum and its counts
are bounds that may only fall; the tuning part's exact counts are pinned.
"""

import pytest
from corpus_parts import assert_sealed_split, decide, within, wrong_in

SEALED_SHA256 = "f78c015ebff23bb196a524a4f95740f9cd367e503847b92a6506abcd81dd09d3"


def test_the_sealed_part_is_the_one_split_off_before_tuning() -> None:
    assert_sealed_split("longtailprobe2", SEALED_SHA256, {"secret", "benign"})


def test_sealed_part_counts_may_only_fall() -> None:
    wrong, shown = wrong_in("longtailprobe2", "sealed", {"secret": 47, "benign": 153})
    # As the gates were found (after the first long-tail probe's rules): 1 secret stored,
    # 14 benign refused; after this probe's tuning part's rules, scored once: the same;
    # since a text about an example or the documentation quotes its slots: 1, 13.
    # After a thing's word in the value's clause or right after it read by every detector: 1, 12.
    # After a made value in a memory that names a password anywhere (test_password_memory.py):
    # 1, 13 — one more refused, a shadow line ("svc-backup:!*:19800:…", locked, no password)
    # whose fields the rule reads as one made value; left so, the sealed part scored once.
    assert within(wrong, (1, 13)), shown


def test_tuning_part_counts_are_pinned() -> None:
    wrong, shown = wrong_in("longtailprobe2", "tuning", {"secret": 53, "benign": 147})
    # As found: 2 secrets stored, 10 benign refused. Still refused: a portal's id with a
    # gloss between its name and "id", a sender's phone number, a key's prefix with a body of
    # x's (refused on purpose, as everywhere), client and app keys the line calls public,
    # a game's account id, and two tags read joined as a password's name and its value
    # ("password-hash", then "pbkdf2").
    # After seed words of exactly a phrase's length read field by field, a connection string's password holding "#", keys as a provider's documentation prints them and a token's prefix with the rest masked (test_documented_examples.py): 0, 6.
    assert wrong == (0, 6), shown


@pytest.mark.parametrize(
    "text",
    [
        # Settings of passwords, not passwords.
        "The user's LDAP policy sets pwdMaxAge: 7776000 and pwdMinLength: 12.",
        "用户的 postgresql.conf 里 password_encryption = scram-sha-256。",
        # A TOML table's header over its lines.
        "[http_service]\n  internal_port = 8080\n  force_https = true",
    ],
)
def test_long_tail_look_alikes_are_stored(text: str) -> None:
    accepted, detail = decide("longtailprobe2", text)
    assert accepted, (text, detail)


@pytest.mark.parametrize(
    "text",
    [
        "The user's CI step runs `wandb login 3f9a1c07d2be48e6a95c0b1d7e4f2a8c6b3d9e10`.",
        "The user's router config has `username ops privilege 15 password 7 0822455D0A165744`.",
    ],
)
def test_a_key_after_a_login_and_a_type_7_password_are_refused(text: str) -> None:
    accepted, detail = decide("longtailprobe2", text)
    assert not accepted, (text, detail)
