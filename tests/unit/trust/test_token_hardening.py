"""Hostile tokens: nested JSON, re-encoded signatures, endless lifetimes, blank subjects."""

import base64
import builtins
import json
from datetime import UTC, datetime, timedelta
from typing import Any

import jwt
import pytest

from memory_plugins.errors import ConfigurationError, InvalidTokenError, MissingExtraError
from memory_plugins.principals import KeyRing
from memory_plugins.testing import FrozenClock

KEY = "first-signing-key-0123456789abcdef"
NOW = datetime(2026, 3, 1, 12, 0, tzinfo=UTC)


def b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


@pytest.fixture
def clock() -> FrozenClock:
    return FrozenClock(NOW)


@pytest.fixture
def ring(clock: FrozenClock) -> KeyRing:
    return KeyRing(KEY, kid="k1", clock=clock)


def signed(payload: dict[str, Any] | bytes, **headers: Any) -> str:
    body = payload if isinstance(payload, bytes) else json.dumps(payload).encode()
    return jwt.api_jws.encode(body, KEY, algorithm="HS256", headers={"kid": "k1", **headers})


def claims(**overrides: Any) -> dict[str, Any]:
    now = int(NOW.timestamp())
    return {"sub": "alice", "iat": now, "exp": now + 3600, **overrides}


def refused(ring: KeyRing, token: str, fragment: str) -> None:
    with pytest.raises(InvalidTokenError) as caught:
        ring.verify(token)
    assert fragment in str(caught.value)


def test_a_deeply_nested_header_is_an_invalid_token_not_a_recursion_error(ring: KeyRing) -> None:
    header = b64(('{"alg":"HS256","kid":"k1","x":' + "[" * 1400 + "]" * 1400 + "}").encode())
    token = f"{header}.{b64(json.dumps(claims()).encode())}.{b64(b'x' * 32)}"
    assert 2_800 <= len(token) < 16_384
    refused(ring, token, "malformed token")


def test_a_deeply_nested_but_signed_payload_is_an_invalid_token(ring: KeyRing) -> None:
    body = b'{"sub":"alice","exp":1,"x":' + b"[" * 3000 + b"]" * 3000 + b"}"
    refused(ring, signed(body), "malformed token")


def test_a_signature_re_encoded_with_other_trailing_bits_is_refused(ring: KeyRing) -> None:
    token = signed(claims())
    head, body, signature = token.split(".")
    alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
    last = alphabet.index(signature[-1])
    # 32 bytes take 43 characters: the last one carries 2 unused bits a lax decoder ignores.
    twin = signature[:-1] + alphabet[last ^ 0b01]
    assert base64.urlsafe_b64decode(twin + "=") == base64.urlsafe_b64decode(signature + "=")
    assert ring.verify(token).id == "alice"
    refused(ring, f"{head}.{body}.{twin}", "signature is not canonical base64url")
    refused(ring, f"{head}.{body}.{signature}=", "not base64url")


def test_token_lifetime_is_bounded(clock: FrozenClock) -> None:
    ring = KeyRing(KEY, kid="k1", clock=clock, max_lifetime=timedelta(hours=2))
    now = int(NOW.timestamp())
    assert ring.verify(signed(claims(exp=now + 2 * 3600))).id == "alice"
    refused(ring, signed(claims(exp=now + 2 * 3600 + 61)), "lifetime")
    # Without iat the lifetime counts from now: a far-future exp is refused just the same.
    no_iat = {"sub": "alice", "exp": now + 400 * 24 * 3600}
    refused(ring, signed(no_iat), "lifetime")
    with pytest.raises(ConfigurationError, match="max_lifetime"):
        ring.issue("alice", lifetime=timedelta(hours=3))
    with pytest.raises(ConfigurationError, match="max_lifetime"):
        KeyRing(KEY, kid="k1", max_lifetime=timedelta(0))


def test_the_default_lifetime_bound_is_seven_days(ring: KeyRing) -> None:
    now = int(NOW.timestamp())
    assert ring.verify(signed(claims(exp=now + 7 * 24 * 3600))).id == "alice"
    refused(ring, signed(claims(exp=2**40)), "lifetime")
    unbounded = KeyRing(KEY, kid="k1", clock=ring.clock, max_lifetime=None)
    assert unbounded.verify(signed(claims(exp=now + 400 * 24 * 3600))).id == "alice"


@pytest.mark.parametrize("sub", [" ", "\t\n", "\u3000", "  \u00a0 "])
def test_a_whitespace_only_subject_is_refused(ring: KeyRing, sub: str) -> None:
    refused(ring, signed(claims(sub=sub)), "claim 'sub'")


def test_the_ring_issues_tokens_pyjwt_verifies(ring: KeyRing) -> None:
    token = ring.issue("网 user", claims={"role": "reader"})
    decoded = jwt.decode(token, KEY, algorithms=["HS256"], options={"verify_exp": False})
    assert decoded["sub"] == "网 user" and decoded["role"] == "reader"


def test_without_pyjwt_the_key_ring_names_the_extra(
    ring: KeyRing, monkeypatch: pytest.MonkeyPatch
) -> None:
    real_import = builtins.__import__

    def no_jwt(name: str, *args: Any, **kwargs: Any) -> Any:
        if name == "jwt" or name.startswith("jwt."):
            raise ImportError("No module named 'jwt'")
        return real_import(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", no_jwt)
    with pytest.raises(MissingExtraError, match=r"memory-plugins\[jwt\]"):
        ring.verify(signed(claims()))
