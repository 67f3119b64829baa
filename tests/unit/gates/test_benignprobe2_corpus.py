"""The write gates on a second blind probe of benign look-alikes, written by another model
run that saw neither the gates nor the first probe.

``tests/data/detection/benignprobe2_*.jsonl`` (provenance in the README there): 361
memories in six languages, 291 harmless and 70 holding a secret or an identifier of the
user. The labels are its own. Split once by a hash of each case id before any detector was
adjusted on it; the sealed part is pinned by checksum and its counts are bounds that may
only fall; the tuning part's exact counts are pinned.
"""

import pytest
from corpus_parts import assert_sealed_split, decide, within, wrong_in

SEALED_SHA256 = "72da2aa4b9f7f0bc71c12018942dfa88d505dc5f7d51cae8d231b0a1eda4ef9e"


def test_the_sealed_part_is_the_one_split_off_before_tuning() -> None:
    assert_sealed_split("benignprobe2", SEALED_SHA256, {"secret", "pii", "benign"})


def test_sealed_part_counts_may_only_fall() -> None:
    wrong, shown = wrong_in("benignprobe2", "sealed", {"secret": 22, "pii": 14, "benign": 151})
    # As the session found it: 3 secrets, 1 identifier stored, 13 benign refused; after the
    # first benign probe's rules (written before this probe was seen): 2, 1, 9; after this
    # probe's tuning part's rules: 2, 1, 5 (3.3 %); after the developer probe's: 4 (2.6 %);
    # after the life and scanner-negative probes': 3 (2.0 %); 4 (2.6 %) once a ten-digit
    # ISBN's check alone stopped explaining a bare number, which took 8 identifiers off the
    # other sources' sealed parts (one in the library-test corpus, seven given bare by
    # bare_variant.py). Identifiers stored: 0 once insurance and tax numbers named in the
    # issuing countries' languages counted as labelled. Secrets stored: 1 once the katakana
    # long-vowel mark stopped reading as a dash (パスワード) and a PIN named in the
    # sentence's own language counted. Benign refused: 3 once a hotline named in its own
    # clause counted as a line to the public.
    assert within(wrong, (1, 0, 3)), shown


def test_tuning_part_counts_are_pinned() -> None:
    wrong, shown = wrong_in("benignprobe2", "tuning", {"secret": 15, "pii": 19, "benign": 140})
    # Before its rules: 1 secret stored, 11 benign refused. Left refused: a database URL
    # holding "USER:PASSWORD" and an AWS key id masked with X after its prefix, both of
    # which the scanners' own examples count as credentials.
    assert wrong == (0, 0, 2), shown


@pytest.mark.parametrize(
    "text",
    [
        # Named as an id or a public key in prose.
        "The user quotes the request id, e.g. `req_8k2jq0vzt5mxh3wplc7nr4ud`, in bug reports.",
        "用户的 WireGuard 公钥（PublicKey）是 kX9pQ2mZ7vL4tR8wN1cB6yH3sD5fG0aJ2eU7iO9qW4E=。",
        "The user's app pins `sha256/M2nQ7rT9vX1zB4dF6hJ8kL0pS3uW5yA7cE9gI1oK3mQ=`.",
        # A business's code named as a company's.
        "The user invoices Brightwave Analytics Ltd, VAT GB 193 1872 64.",
        "用户公司的统一社会信用代码是 91440300MA5FQ7XK2P。",
        # A project's number, a purchase order, an address range.
        "用户每月填报的项目编号是 XM20241108。",
        "The user's purchase order is PO 4500231177.",
        "The user's pod CIDR is 10.244.0.0/16.",
    ],
)
def test_look_alikes_are_stored(text: str) -> None:
    accepted, detail = decide("benignprobe2", text)
    assert accepted, (text, detail)


@pytest.mark.parametrize(
    "text",
    [
        # "Password" in another language, then whose it is.
        "La contraseña de la cuenta del usuario es Vq7#pL2mZx.",
        "Das Passwort für den Router des Nutzers ist Kp4$wN8qTz.",
        "Le mot de passe du Wi-Fi de l'utilisateur est Bn5&rT9mLq.",
        # A personal number stays refused beside a company's name.
        "The user works at Foo GmbH; the user's SSN is 078-05-1120.",
        "The user's own VAT number is DE515136060.",
    ],
)
def test_secrets_and_identifiers_stay_refused(text: str) -> None:
    accepted, detail = decide("benignprobe2", text)
    assert not accepted, (text, detail)
