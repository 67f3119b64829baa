"""The write gates on a blind probe of the long tail of secret formats, in the style of
secret scanners' rule tests: for 120 kinds of secret (at most 20 of the best known), one line
a rule must flag and two it must not (a reference, a slot, a masked value, a public id, a
hash, a UUID, a data URI, a public key, a numeric setting, a rotation notice).

``tests/data/detection/longtailprobe_*.jsonl`` (provenance in the README there; the task the
run was given is ``longtailprobe_task.md``): 360 lines a separate model run wrote, seeing
neither the gates nor the earlier probes. The labels are its own. Split once by a hash of
each case id before any detector was adjusted on it; the sealed part is pinned by checksum
and its counts are bounds that may only fall; the tuning part's exact counts are pinned.
"""

import pytest
from corpus_parts import assert_sealed_split, decide, within, wrong_in

SEALED_SHA256 = "bd340678dca29106e03d7dce7773fd2aedae7e4fb88a14afc7ebefc0630954a2"


def test_the_sealed_part_is_the_one_split_off_before_tuning() -> None:
    assert_sealed_split("longtailprobe", SEALED_SHA256, {"secret", "benign"})


def test_sealed_part_counts_may_only_fall() -> None:
    wrong, shown = wrong_in("longtailprobe", "sealed", {"secret": 48, "benign": 136})
    # As the gates were found: no secret stored, 18 benign refused; after the tuning part's
    # rules, scored once: 0 and 17; after the second long-tail probe's rules: 0 and 16;
    # after a chat platform's channel, server or thread named before its number: 0 and 15.
    # After a made value in a memory that names a password anywhere (test_password_memory.py):
    # 0, 16 — one more refused, a shadow line ("svc-backup:!*:19800:…", locked, no password)
    # whose fields the rule reads as one made value; left so, the sealed part scored once.
    assert within(wrong, (0, 16)), shown


def test_tuning_part_counts_are_pinned() -> None:
    wrong, shown = wrong_in("longtailprobe", "tuning", {"secret": 72, "benign": 104})
    # As found: 6 secrets stored, 13 benign refused. Still stored: a 22-character key in a
    # vendor's header (shorter than a key-length value), a key as a UUID in a URL's path or
    # after "sdk-", a Rails master key's content after its file's name, and an "appid" in a
    # URL's query (the name says id). Still refused, by choice: AWS's documentation key id and
    # a Twilio account SID (scanners count them as keys), a Mapbox public token (other
    # scanners count "pk." tokens as keys); and a cloud id written as "name:base64", a client
    # key given in a script tag.
    # After seed words of exactly a phrase's length read field by field, a connection string's password holding "#", keys as a provider's documentation prints them and a token's prefix with the rest masked (test_documented_examples.py): 5, 4.
    assert wrong == (5, 4), shown


@pytest.mark.parametrize(
    "text",
    [
        # Made to be published or no value at all: a bare DER public key, inlined files, a
        # masked key, a setting's words under a name that says "auth".
        "The user's DNS has the DKIM record `k=rsa; p=MIGfMA0GCSqGSIb3DQEBAQUAA4GNADCBiQKBgQ"
        "C7Zq4mK1sV9xR2bT8nW3yL6pD0fH5jA`.",
        "The user's stylesheet inlines `url(data:font/woff2;base64,d09GMgABAAAAAGj4ABEAAAAA"
        "5xQQkT7vB3mZp9LcQ8Rk2Wf7Xs1Vb4Ny)`.",
        "用户的部署日志里只显示 `SENDGRID_API_KEY=SG.****`。",
        "The user's my.cnf sets `default_authentication_plugin=caching_sha2_password`.",
        # A thing's id or a payment's number, not a person's.
        "The user's Slack workspace id is T4829Q7W31X.",
        "The user's AWS account id is 731204958163 in eu-west-1.",
        "The user's PayPal payment 48213377019 was refunded.",
    ],
)
def test_long_tail_look_alikes_are_stored(text: str) -> None:
    accepted, detail = decide("longtailprobe", text)
    assert accepted, (text, detail)


def test_a_mysql_native_password_hash_is_refused() -> None:
    accepted, detail = decide(
        "longtailprobe",
        "The user's dump has `CREATE USER 'etl'@'%' IDENTIFIED WITH mysql_native_password "
        "AS '*6C8989366EAF75BB670AD8EA7A7FC1176A95CEF4'`.",
    )
    assert not accepted and "MySQL" in detail, detail
