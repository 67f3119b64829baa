"""S7: only a verified token becomes a principal; everything else is refused with a reason."""

import base64
import hashlib
import hmac
import json
from datetime import UTC, datetime, timedelta
from typing import Any

import jwt
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from langgraph.store.memory import InMemoryStore

from memory_plugins import MemoryConfig, MemoryEngine
from memory_plugins.errors import ConfigurationError, InvalidTokenError
from memory_plugins.principals import KeyRing, Principal, principal_id
from memory_plugins.testing import FrozenClock

KEY_1 = "first-signing-key-0123456789abcdef"
KEY_2 = "second-signing-key-0123456789abcdef"
KEY_3 = "third-signing-key-0123456789abcdefg"
NOW = datetime(2026, 3, 1, 12, 0, tzinfo=UTC)


@pytest.fixture
def clock() -> FrozenClock:
    return FrozenClock(NOW)


@pytest.fixture
def ring(clock: FrozenClock) -> KeyRing:
    return KeyRing(KEY_1, kid="k1", clock=clock)


def b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def encode(claims: dict[str, Any], key: str = KEY_1, **headers: Any) -> str:
    """A token signed by PyJWT: an independent HS256 implementation."""
    return jwt.encode(claims, key, algorithm="HS256", headers={"kid": "k1", **headers})


def claims(**overrides: Any) -> dict[str, Any]:
    base: dict[str, Any] = {"sub": "alice", "exp": int((NOW + timedelta(hours=1)).timestamp())}
    base.update(overrides)
    return {k: v for k, v in base.items() if v is not None}


def refused(ring: KeyRing, token: str, fragment: str) -> None:
    with pytest.raises(InvalidTokenError) as caught:
        ring.verify(token)
    assert fragment in str(caught.value)


def test_a_valid_token_yields_its_principal(ring: KeyRing) -> None:
    principal = ring.verify(encode(claims(iss="https://id.example")))
    assert principal == Principal("alice", issuer="https://id.example", kid="k1")


def test_tokens_issued_by_the_ring_verify_with_pyjwt_too(ring: KeyRing) -> None:
    token = ring.issue("bob", lifetime=timedelta(minutes=5))
    decoded = jwt.decode(token, KEY_1, algorithms=["HS256"], options={"verify_exp": False})
    assert decoded["sub"] == "bob"
    assert jwt.get_unverified_header(token)["kid"] == "k1"


def test_expired_tokens_are_refused_beyond_the_skew(ring: KeyRing, clock: FrozenClock) -> None:
    token = encode(claims(exp=int(NOW.timestamp())))
    clock.advance(timedelta(seconds=59))
    assert ring.verify(token).id == "alice"  # within the 60 s skew
    clock.advance(timedelta(seconds=1))
    refused(ring, token, "expired")


def test_skew_is_configurable(clock: FrozenClock) -> None:
    strict = KeyRing(KEY_1, kid="k1", clock=clock, leeway=timedelta(0))
    refused(strict, encode(claims(exp=int(NOW.timestamp()))), "expired")
    with pytest.raises(ConfigurationError):
        KeyRing(KEY_1, kid="k1", leeway=timedelta(hours=1))


def test_not_yet_valid_and_future_issued_tokens_are_refused(ring: KeyRing) -> None:
    later = int((NOW + timedelta(minutes=5)).timestamp())
    refused(ring, encode(claims(nbf=later)), "not valid before")
    refused(ring, encode(claims(iat=later)), "issued in the future")
    assert ring.verify(encode(claims(nbf=int(NOW.timestamp()) + 30))).id == "alice"


def test_forged_payload_is_refused(ring: KeyRing) -> None:
    header, _, signature = encode(claims()).split(".")
    forged = b64(json.dumps(claims(sub="mallory")).encode())
    refused(ring, f"{header}.{forged}.{signature}", "signature does not match")


def test_wrong_key_is_refused(ring: KeyRing) -> None:
    refused(ring, encode(claims(), key=KEY_2), "signature does not match")


def test_unsigned_and_other_algorithms_are_refused(ring: KeyRing) -> None:
    body = b64(json.dumps(claims()).encode())
    for alg in ("none", "None", "NONE"):
        header = b64(json.dumps({"alg": alg, "kid": "k1"}).encode())
        refused(ring, f"{header}.{body}.", "alg 'none'")
    hs512 = jwt.encode(claims(), KEY_1 * 2, algorithm="HS512", headers={"kid": "k1"})
    refused(ring, hs512, "only HS256")
    # Algorithm confusion: an "RS256" token MACed with the shared key is still refused.
    header = b64(json.dumps({"alg": "RS256", "kid": "k1"}).encode())
    refused(ring, f"{header}.{body}.{b64(b'x' * 32)}", "only HS256")


def test_unknown_or_missing_kid_is_refused(ring: KeyRing) -> None:
    refused(ring, encode(claims(), kid="k9"), "unknown key id 'k9'")
    no_kid = jwt.encode(claims(), KEY_1, algorithm="HS256")
    refused(ring, no_kid, "no 'kid' header")


@pytest.mark.parametrize(
    ("overrides", "fragment"),
    [
        ({"sub": None}, "no 'sub' claim"),
        ({"exp": None}, "no 'exp' claim"),
        ({"sub": ""}, "non-empty string"),
        ({"sub": 42}, "non-empty string"),
        ({"sub": "x" * 1025}, "longer than 1024"),
        ({"exp": "tomorrow"}, "NumericDate"),
        ({"exp": True}, "NumericDate"),
    ],
)
def test_missing_or_malformed_claims_are_refused(
    ring: KeyRing, overrides: dict[str, Any], fragment: str
) -> None:
    refused(ring, encode(claims(**overrides)), fragment)


def test_malformed_tokens_are_refused(ring: KeyRing) -> None:
    good = encode(claims())
    header, payload, signature = good.split(".")
    refused(ring, "abc", "expected header.payload.signature")
    refused(ring, good + ".x", "expected header.payload.signature")
    refused(ring, f"{header}!.{payload}.{signature}", "not base64url")
    refused(ring, f"{b64(b'[1, 2]')}.{payload}.{signature}", "not a JSON object")
    duplicated = b64(b'{"alg":"HS256","kid":"k1","alg":"none"}')
    refused(ring, f"{duplicated}.{payload}.{signature}", "not a JSON object")
    refused(ring, "a" * 20_000, "longer than")
    crit = jwt.encode(claims(), KEY_1, algorithm="HS256", headers={"kid": "k1", "crit": ["exp"]})
    refused(ring, crit, "critical header")


def test_issuer_and_audience_when_configured(clock: FrozenClock) -> None:
    ring = KeyRing(KEY_1, kid="k1", clock=clock, issuer="https://id.example", audience="chat")
    ok = encode(claims(iss="https://id.example", aud=["chat", "other"]))
    assert ring.verify(ok).issuer == "https://id.example"
    refused(ring, encode(claims(iss="https://evil.example", aud="chat")), "issuer")
    refused(ring, encode(claims(iss="https://id.example", aud="billing")), "audience")
    plain = KeyRing(KEY_1, kid="k1", clock=clock)
    refused(plain, encode(claims(aud="chat")), "expects none")


def test_rotation_keeps_the_previous_key_for_24_hours(ring: KeyRing, clock: FrozenClock) -> None:
    old = encode(claims(exp=int((NOW + timedelta(days=3)).timestamp())))
    ring.rotate(KEY_2, kid="k2")
    assert ring.current_kid == "k2" and ring.accepted_kids() == ("k2", "k1")
    assert ring.verify(old).kid == "k1"
    assert ring.verify(ring.issue("alice")).kid == "k2"
    clock.advance(timedelta(hours=23, minutes=59))
    assert ring.verify(old).id == "alice"
    clock.advance(timedelta(minutes=1))
    refused(ring, old, "rotated out more than 24 h ago")
    assert ring.accepted_kids() == ("k2",)


def test_a_second_rotation_drops_the_oldest_key(ring: KeyRing) -> None:
    old = encode(claims())
    ring.rotate(KEY_2, kid="k2")
    ring.rotate(KEY_3, kid="k3")
    refused(ring, old, "unknown key id 'k1'")
    with pytest.raises(ConfigurationError, match="already in the key ring"):
        ring.rotate(KEY_1, kid="k2")


def test_weak_keys_and_bad_kids_are_configuration_errors() -> None:
    with pytest.raises(ConfigurationError, match="at least 32 bytes"):
        KeyRing("short", kid="k1")
    with pytest.raises(ConfigurationError, match="kid"):
        KeyRing(KEY_1, kid="")


def test_bearer_header(ring: KeyRing) -> None:
    assert ring.verify_authorization("Bearer " + encode(claims())).id == "alice"
    for header in (None, "", "Basic abc", "Bearer ", encode(claims())):
        with pytest.raises(InvalidTokenError, match="Bearer"):
            ring.verify_authorization(header)


def test_the_engine_scopes_by_the_verified_principal(ring: KeyRing, make_candidate: Any) -> None:
    engine = MemoryEngine(InMemoryStore(), MemoryConfig(principal_secret="test-secret-0123456789"))
    principal = ring.verify(encode(claims()))
    assert engine.namespace(principal) == engine.namespace("alice")
    engine.remember(principal, [make_candidate()], source_conversation_id="c-1")
    assert [r.key for r in engine.list_records("alice")] == ["user_preference:prefer-oolong-tea"]
    assert engine.recall(principal, "oolong tea").hits
    assert principal_id(principal) == "alice" and principal_id("bob") == "bob"


@settings(max_examples=200, deadline=None)
@given(
    st.text(max_size=300)
    | st.lists(st.binary(max_size=80).map(b64), min_size=3, max_size=3).map(".".join)
)
def test_garbage_never_raises_anything_but_invalid_token(token: str) -> None:
    ring = KeyRing(KEY_1, kid="k1", clock=FrozenClock(NOW))
    with pytest.raises(InvalidTokenError):
        ring.verify(token)


CLAIM_VALUES = (
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats()
    | st.text(max_size=5)
    | st.lists(st.text(max_size=3), max_size=2)
)


@settings(max_examples=100, deadline=None)
@given(st.dictionaries(st.sampled_from(["sub", "exp", "nbf", "iat", "aud", "iss"]), CLAIM_VALUES))
def test_arbitrary_signed_claims_never_crash_the_verifier(payload: dict[str, Any]) -> None:
    ring = KeyRing(KEY_1, kid="k1", clock=FrozenClock(NOW))
    header = b64(json.dumps({"alg": "HS256", "kid": "k1"}).encode())
    body = b64(json.dumps(payload).encode())
    signature = b64(hmac.new(KEY_1.encode(), f"{header}.{body}".encode(), hashlib.sha256).digest())
    try:
        principal = ring.verify(f"{header}.{body}.{signature}")
    except InvalidTokenError:
        return
    assert principal.id == payload["sub"]


def test_the_longest_allowed_subject_fits_in_a_token(ring: KeyRing) -> None:
    for sub in (
        "a" + "\x07" * 1023,
        "\U0001f600" * 1024,
    ):  # JSON-escaped and 4-byte UTF-8 worst cases
        assert ring.verify(ring.issue(sub)).id == sub
