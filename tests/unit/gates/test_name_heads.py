"""A name's last word says what its value is; a name in Pascal case is a name; an empty key
block holds no key; a variable given to a call as its password is no password; a login
written in one-letter fields is one.

The values are made up for these tests; none of them comes from the detection corpora.
"""

import pytest
from corpus_parts import decide

from memory_plugins.gates.runtime import find_runtime_data

UUID = "5c1e7a02-93d4-4b8e-a1f6-2d0b9c7e4a13"
KEY = "q7Vd2LmX9sPb4RtK8wNz3HcY6fJa"


STORED = [
    # the id, the name, the type or the path of a secret, not the secret
    f"jenkinsCredentialsId: '{UUID}'",
    '"signingKeyName": "release-signer-2024q3"',
    '"key_vault_name": "ops7vaultwe2024prod"',
    "token_type = 'Bearer2'",
    "ssh_key_path: ~/.ssh/deploy_ed25519",
    # capitalised words and short numbers after a key's name: a name in code
    '"report_key": "QuarterlyRevenue-2.1"',
    "cacheKey = 'User_Profile_v2_17'",
    # a key into data written as one word
    "columnkey: r8Vn2QpL0w",
    "sortkey: Zq81bXw0Lp",
    # a value computed to check data, published beside it
    "Private-MAC: 3f9a1c7e52d04b86a9e1f0c2d7b64e18a5c3f902",
    "signing_key_fingerprint: 7c2e91b4d05f3a68e1c9b27d40f6a5e3",
]


@pytest.mark.parametrize("text", STORED)
def test_a_secrets_id_name_or_word_value_is_no_secret(text: str) -> None:
    assert find_runtime_data([text]) is None, text


REFUSED = [
    # the head is the secret: a token, a key, a secret, a password
    f"id_token = '{KEY}'",
    f"key_vault_secret: {KEY}",
    f"credentialsToken: '{KEY}'",
    # ids that are credentials, or a key pair's half
    f"SESSION_ID={KEY}",
    f"vault_secret_id: {UUID}",
    f"sumo_access_id: {KEY[:14]}",
    # random letters and digits, not words, after a key's name
    f'"report_key": "{KEY}"',
    # a password may be words
    "db_password: 'CorrectHorse-2'",
    # a MAC's key is a key
    f"mac_key: {KEY}",
]


@pytest.mark.parametrize("text", REFUSED)
def test_a_secret_named_by_its_head_is_refused(text: str) -> None:
    assert find_runtime_data([text]) is not None, text


@pytest.mark.parametrize("name", ["NoncompliantDBPassword", "ServiceApiKey", "SMTP_PASSWORD"])
def test_a_name_assigned_nothing_does_not_take_a_tag_as_its_value(name: str) -> None:
    accepted, detail = decide("whispers", f"{name}:")
    assert accepted, (name, detail)


def test_an_empty_private_key_block_holds_no_key() -> None:
    empty = "-----BEGIN OPENSSH PRIVATE KEY----------END OPENSSH PRIVATE KEY-----"
    assert find_runtime_data([empty]) is None
    assert find_runtime_data([f"{empty}\n-----BEGIN EC PRIVATE KEY-----\nMHcCAQEEIB"]) is not None
    assert find_runtime_data(["-----BEGIN RSA PRIVATE KEY-----\nMIIEowIBAAKCAQEAx"]) is not None


@pytest.mark.parametrize(
    ("text", "refused"),
    [
        ('connect(host="db", password=db_pass)', False),
        ('authenticate(userName: "root", password: deployPassword)', False),
        ('connect(host="db", password="deployPassword")', True),  # quoted: a literal
        ("password: deployPassword", True),  # a configuration line's value
        ('connect(host="db", password=hunter2)', True),  # no variable's shape
    ],
)
def test_a_variable_given_to_a_call_as_its_password_is_no_password(
    text: str, refused: bool
) -> None:
    assert (find_runtime_data([text]) is not None) is refused, text


@pytest.mark.parametrize(
    ("text", "refused"),
    [
        ("NAS login\nu: admin\np: Tr1cky-Fox", True),
        ("u: mara\np: lanternfish", True),
        ("Editor keys: u: undo, p: paste", False),  # one line: keys listed
        ("Use p: 12 and u: 4 in the formula", False),
        ("u=3\np=7", False),  # too short to be a password
    ],
)
def test_a_login_in_a_notes_one_letter_fields_is_refused(text: str, refused: bool) -> None:
    assert (find_runtime_data([text]) is not None) is refused, text


# -- "pass" the noun ----------------------------------------------------------------------------

PASS_AS_NOUN = [
    "boarding pass red-eye",
    "ski pass day-trip",
    "bus pass check-in",
]


@pytest.mark.parametrize("text", PASS_AS_NOUN)
def test_pass_the_noun_before_hyphened_words_names_no_password(text: str) -> None:
    assert find_runtime_data([text]) is None, text


PASS_AS_PASSWORD = [
    "boarding pass: red-eye",  # assigned
    "wifi pass hunter2!",  # not words
    "pass 'red-eye'",  # quoted
    "the pass is red-eye",  # said to be its value
]


@pytest.mark.parametrize("text", PASS_AS_PASSWORD)
def test_pass_before_a_value_it_is_given_names_a_password(text: str) -> None:
    assert find_runtime_data([text]) is not None, text


def test_cues_listing_a_boarding_pass_do_not_cost_the_memory() -> None:
    # The cues are read joined (a value split across fields is seen): two cues in a row must
    # not read as a password and its value.
    from langgraph.store.memory import InMemoryStore

    from memory_plugins.config import MemoryConfig
    from memory_plugins.engine import MemoryEngine
    from memory_plugins.testing import candidate

    engine = MemoryEngine(InMemoryStore(), MemoryConfig(principal_secret="name-heads-0123456789"))
    memory = candidate(
        type="user_preference",
        text="The user prefers window seats on night flights.",
        tags=["window seat", "flights"],
        identity={"subject": "flight seat", "facet": "window", "polarity": "prefer"},
        cues=["airline", "boarding pass", "red-eye", "layover"],
    )
    [outcome] = engine.remember("u", [memory], source_conversation_id="c-1")
    assert str(outcome) == "added", outcome.detail
