"""The write gates on a blind probe in the style of secret scanners' rule files: for 111
kinds of secret, lines a rule must flag and lines it must not (the name alone, a reference,
a slot, a public id beside the secret's name, a hash, a call, a rotation notice).

``tests/data/detection/rulesprobe_*.jsonl`` (provenance in the README there): 360 lines a
separate model run wrote, seeing neither the gates nor the earlier probes. The labels are
its own. Split once by a hash of each case id before any detector was adjusted on it; the
sealed part is pinned by checksum and its counts are bounds that may only fall; the tuning
part's exact counts are pinned.
"""

import pytest
from corpus_parts import assert_sealed_split, decide, within, wrong_in

SEALED_SHA256 = "8386b818b082ffa9d6336945fa3accc8e72b16e75e57e371940ebd059a4159cc"


def test_the_sealed_part_is_the_one_split_off_before_tuning() -> None:
    assert_sealed_split("rulesprobe", SEALED_SHA256, {"secret", "benign"})


def test_sealed_part_counts_may_only_fall() -> None:
    wrong, shown = wrong_in("rulesprobe", "sealed", {"secret": 59, "benign": 124})
    # First scored after the life and scanner-negative probes' rules: 1 secret stored, 36
    # benign refused (2 and 36 as this session found the gates); after this probe's tuning
    # part's rules: 1 and 32; after the long-tail probe's rules: 1 and 31.
    assert within(wrong, (1, 31)), shown


def test_tuning_part_counts_are_pinned() -> None:
    wrong, shown = wrong_in("rulesprobe", "tuning", {"secret": 63, "benign": 114})
    # Before its rules: 3 secrets stored, 25 benign refused. Left refused, by choice: AWS
    # access key ids alone (its documentation example among them) and a Twilio account SID,
    # which scanners count as keys; wallet addresses, which name a person's funds; a phone
    # number called a sender's. And a Mapbox public token (other scanners count "pk." tokens
    # as keys), a Razorpay key id given to "key", a Stripe signature's timestamp read as a
    # tax number, and a gpg key fingerprint after "--recv-keys".
    assert wrong == (0, 10), shown


@pytest.mark.parametrize(
    "text",
    [
        # A configuration line quoted after a colon, judged by its own name.
        "The user pasted this line from their project: AIRTABLE_BASE_ID=app4f9c2d1e8b7a6053",
        # A name assigned nothing, with the tags after it.
        "From the user's CI config: STRIPE_WEBHOOK_SECRET=",
        # A slot or filler still to be filled in a configuration line.
        "The user's .env.example has DATABASE_URL=postgres://<user>:<password>@db:5432/app",
        "DD_API_KEY=XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX in the user's compose template",
        # A placeholder spelled with a hyphen; a call's argument; a command's option.
        "The user's sample config: SESSION_SECRET=change-me",
        'The user reads the key with `stripe_key = vault.read("stripe/live-key")`.',
        "The user runs `kubectl create secret generic api-creds --from-file=./creds.json`.",
        # A thing's id, in code and in Chinese.
        "The user's Linode instance id is 471823905 in eu-central.",
        "用户的小程序 AppId 是 1386402277。",
    ],
)
def test_rule_file_look_alikes_are_stored(text: str) -> None:
    accepted, detail = decide("rulesprobe", text)
    assert accepted, (text, detail)


@pytest.mark.parametrize(
    "text",
    [
        # A password glued to mysql's -p, an LDAP bind password, a signed URL's signature.
        "The user's backup job runs `mysqldump -u backup -p'q7!Lm2Zr9x' shop`.",
        "The user binds with `ldapwhoami -x -D cn=svc,dc=acme -w 'Vb8#r2Lq9z'`.",
        "The user shared https://files.blob.core.windows.net/c/r.pdf?sv=2022-11-02&sig="
        "Zx81mNvB2cRt7YwQXk39sLq0Pz%2F4aVt%3D for the report.",
        "Presigned: https://s3.amazonaws.com/b/k?X-Amz-Signature="
        "4f9c2d1e8b7a60535e2d1c9ab7f40e6d28c5b1a3c9e7f6d5b4a3928170f6e5d4",
    ],
)
def test_secrets_in_rule_file_shapes_are_refused(text: str) -> None:
    accepted, detail = decide("rulesprobe", text)
    assert not accepted, (text, detail)
