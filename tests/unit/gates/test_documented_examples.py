"""Keys as a provider's documentation prints them, masked keys, a connection string's password
holding "#", and a recovery phrase whose memory has tags and a reason.

- AWS writes "EXAMPLE" into every key of its documentation (``AKIAIOSFODNN7EXAMPLE``); such
  a key, called an example or a test one by the words around, is stored. Either alone is not
  enough: the same key pasted as someone's, or a real-looking key called a test key, is
  refused.
- A token's prefix with the rest masked by "x" ('api_key = "fo1_xxxx…"') is a placeholder.
- A password pasted into a connection string with "#" unescaped is still a password (a
  URL's fragment holds no "@" before a host).
- A recovery phrase of exactly a phrase's length, one word misspelt, is read in the text
  alone: the tags and the reason joined after it would lengthen it past any phrase's length.

The sentences are this module's own.
"""

import pytest
from corpus_parts import refusal as _decide


@pytest.mark.parametrize(
    "text",
    [
        "In the tutorial she keeps AWS's documented example key AKIAIOSFODNN7EXAMPLE as it is.",
        "Für Tests nimmt sie den Beispielschlüssel AKIAIOSFODNN7EXAMPLE aus der AWS-Doku.",
        "Her test fixtures sign requests with the sample secret "
        "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY from the AWS docs.",
    ],
)
def test_a_documented_example_key_called_an_example_is_stored(text: str) -> None:
    assert _decide(text, ["aws", "tests"]) is None


@pytest.mark.parametrize(
    "text",
    [
        # the documentation's key, but nothing around calls it an example
        "Her deploy user's access key id is AKIAIOSFODNN7EXAMPLE.",
        # called a test key, but no documentation prints it
        "Her test stack's access key id is AKIA2E0A8F3B244C9986.",
    ],
)
def test_either_sign_alone_leaves_a_key_refused(text: str) -> None:
    assert _decide(text, ["aws", "deploy"]) is not None


@pytest.mark.parametrize(
    "text",
    [
        "His .env.example keeps STRIPE_SECRET_KEY=sk_live_xxxxxxxx; the real key is in the vault.",
        'The Terraform module sets api_key = "fo1_xxxxxxxxxxxxxxxxxxxxxxxxxxxx" until CI fills it.',
    ],
)
def test_a_prefix_with_the_rest_masked_is_a_placeholder(text: str) -> None:
    assert _decide(text, ["config", "template"]) is None


def test_a_prefix_with_a_value_after_it_is_still_a_key() -> None:
    detail = _decide(
        "His .env keeps STRIPE_SECRET_KEY=sk_live_4eC39HqLyjWDarjtT1zdp7dc.", ["env", "stripe"]
    )
    assert detail is not None


def test_a_connection_strings_password_may_hold_a_hash_sign() -> None:
    text = "Config line: MONGO_URI=mongodb+srv://admin:Qe7vLm#H2x@cluster0.ab12c.mongodb.net"
    detail = _decide(text, ["mongo", "config"])
    assert detail is not None and "Qe7vLm" not in detail


@pytest.mark.parametrize(
    "text",
    [
        "Her docs site lives at http://localhost:8080#top@intro while she writes.",
        "The wiki page http://wiki.local/setup#install@v2 has the steps.",
    ],
)
def test_a_fragment_after_a_port_or_a_path_is_no_password(text: str) -> None:
    assert _decide(text, ["docs", "wiki"]) is None


def test_a_misspelt_recovery_phrase_is_read_apart_from_the_tags() -> None:
    text = (
        "Her wallet's recovery words: clock coral abstract pumpkin fabric palace tunnel "
        "fiber apple nephew valley falcon"
    )
    assert _decide(text, ["crypto", "wallet", "recovery"], "she shared it in chat") is not None
    # the same words as a plain list of things, no wallet named: stored
    listed = (
        "Words for her kids' spelling game: clock coral abstract pumpkin fabric palace "
        "tunnel fiber apple nephew valley falcon"
    )
    assert _decide(listed, ["kids", "game"], "she shared it in chat") is None
