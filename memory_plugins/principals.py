"""Verified principals (S7): an HS256 key ring that turns a signed token into a user id.

The engine scopes every read and write by the principal it is given; this module is
where that principal should come from. A :class:`KeyRing` verifies compact HS256 JWTs
(``sub`` and ``exp`` required, ``kid`` header selecting the key), keeps the previous key
for a 24 h overlap after :meth:`KeyRing.rotate`, bounds clock skew and refuses anything
else with :class:`~memory_plugins.errors.InvalidTokenError`. Nothing here trusts a raw
client header: an id only becomes a :class:`Principal` after its signature checks out.

Signing and signature checks are PyJWT's (the ``jwt`` extra); this module adds what a
key ring needs around it: ``kid`` selection and rotation, clock skew on an injectable
clock, a bound on token lifetime, canonical encodings and one error type with a reason.

>>> from datetime import timedelta
>>> ring = KeyRing(b"a-32-byte-or-longer-signing-key!", kid="2026-01")
>>> token = ring.issue("alice", lifetime=timedelta(minutes=5))
>>> principal = ring.verify(token)
>>> principal.id, principal.kid
('alice', '2026-01')
"""

import base64
import binascii
import json
import math
import re
import threading
from collections.abc import Mapping
from dataclasses import dataclass, replace
from datetime import UTC, datetime, timedelta
from types import ModuleType
from typing import TYPE_CHECKING, Any, Literal, TypeAlias

from memory_plugins.clock import Clock, SystemClock
from memory_plugins.errors import (
    ConfigurationError,
    InvalidTokenError,
    MissingExtraError,
    WrongTypeError,
)
from memory_plugins.namespaces import (
    agent_namespace,
    check_principal_id,
    check_scope_id,
    memory_namespace,
    org_namespace,
)

if TYPE_CHECKING:
    from memory_plugins.config import MemoryConfig

__all__ = [
    "KeyRing",
    "Principal",
    "PrincipalLike",
    "Scope",
    "ScopeKind",
    "principal_id",
    "run_principal",
    "scope_namespace",
    "scope_of",
]

ALGORITHM = "HS256"
DEFAULT_LEEWAY = timedelta(seconds=60)
ROTATION_OVERLAP = timedelta(hours=24)
DEFAULT_MAX_LIFETIME = timedelta(days=7)
MIN_KEY_BYTES = 32  # RFC 7518 §3.2: an HS256 key is at least as long as the hash output
MAX_TOKEN_CHARS = 16_384  # room for a 1024-char sub even when every char is JSON-escaped
MAX_KID_CHARS = 128
MAX_HEADER_CHARS = 1024  # a JOSE header is a few small members; nesting or bulk is an attack
_SEGMENT = re.compile(r"[A-Za-z0-9_-]*")


@dataclass(frozen=True, slots=True)
class Principal:
    """A verified identity: ``id`` is the token's ``sub``; the engine scopes by it.

    >>> Principal("alice", issuer="https://id.example", kid="k1").id
    'alice'
    """

    id: str
    """The subject (``sub``) of the verified token; hashed into the namespace."""
    issuer: str | None = None
    """The token's ``iss`` claim, when it had one."""
    kid: str | None = None
    """Which key of the ring verified the token."""

    def __post_init__(self) -> None:
        problem = check_principal_id(self.id)
        if problem is not None:
            raise ConfigurationError(f"Principal.id: {problem}")


ScopeKind: TypeAlias = Literal["user", "agent", "org"]
"""Which memories a :class:`Scope` names: a user's own, one assistant's about a user, or an
organisation's shared ones."""


@dataclass(frozen=True, slots=True)
class Scope:
    """Where memories live beyond "one user" (mem0's ``user_id`` / ``agent_id``, LangMem's
    namespace templates), passed wherever the engine takes a principal.

    - ``Scope.for_user("alice")``: the user's own memories (the same as passing ``"alice"``);
    - ``Scope.for_agent("planner", user="alice")``: what the assistant ``planner`` keeps about
      ``alice``, apart from her own memories and from every other assistant's;
    - ``Scope.for_org("acme")``: memories shared by every user of ``acme``, only when the
      deployment opts in (``MemoryConfig(org_scope=True)``). Writing there is a decision
      the application makes (``engine.remember(Scope.for_org("acme"), ...)``): extraction
      from a user's chat never writes into it.

    Every scope is a keyed hash in the namespace, never a raw id.

    >>> Scope.for_agent("planner", user="alice").kind
    'agent'
    >>> Scope.for_org("acme").user
    """

    kind: ScopeKind
    user: "Principal | str | None" = None
    agent_id: str | None = None
    org_id: str | None = None

    def __post_init__(self) -> None:
        if self.kind not in ("user", "agent", "org"):
            raise ConfigurationError(
                f"Scope.kind must be 'user', 'agent' or 'org', not {self.kind!r}"
            )
        if self.kind == "org":
            if self.user is not None or self.agent_id is not None:
                raise ConfigurationError("an org scope names only the organisation")
            check_scope_id(self.org_id, "organisation id")
            return
        if self.user is None:
            raise ConfigurationError(f"a {self.kind} scope needs the user it is about")
        if not isinstance(self.user, Principal):
            run_principal(self.user, "user")  # a str or a Principal, nothing else
            problem = check_principal_id(self.user)
            if problem is not None:
                raise ConfigurationError(problem)
        if self.kind == "agent":
            check_scope_id(self.agent_id, "agent id")
        elif self.agent_id is not None or self.org_id is not None:
            raise ConfigurationError("a user scope names only the user")

    @classmethod
    def for_user(cls, user: "Principal | str") -> "Scope":
        """The user's own memories."""
        return cls("user", user)

    @classmethod
    def for_agent(cls, agent_id: str, *, user: "Principal | str") -> "Scope":
        """What assistant ``agent_id`` keeps about ``user``."""
        return cls("agent", user, agent_id=agent_id)

    @classmethod
    def for_org(cls, org_id: str) -> "Scope":
        """The memories shared by every user of organisation (or team) ``org_id``."""
        return cls("org", org_id=org_id)


PrincipalLike: TypeAlias = Principal | str | Scope
"""What engine methods accept: a verified :class:`Principal`, an id the caller vouches for,
or a :class:`Scope` (an assistant's memories about a user, an organisation's)."""


def scope_of(principal: PrincipalLike) -> Scope:
    """``principal`` as a :class:`Scope` (a user's own memories unless it is one already).

    >>> scope_of("alice")
    Scope(kind='user', user='alice', agent_id=None, org_id=None)
    """
    if isinstance(principal, Scope):
        return principal
    if not isinstance(principal, Principal | str):
        raise WrongTypeError(
            f"principal must be the user id (a str), a Principal from KeyRing.verify or a "
            f"Scope, got {type(principal).__name__}"
        )
    return Scope("user", principal)


def principal_id(principal: PrincipalLike) -> str:
    """The id to scope by: ``principal.id`` for a :class:`Principal`, the user of a user or
    agent :class:`Scope`, else the string itself.

    >>> principal_id(Principal("alice")), principal_id("bob")
    ('alice', 'bob')
    """
    if isinstance(principal, Scope):
        if principal.user is None:
            raise ConfigurationError("an org scope has no user")
        principal = principal.user
    return principal.id if isinstance(principal, Principal) else principal


def run_principal(value: object, key: str) -> PrincipalLike | None:
    """The user a run names under ``key`` (``configurable``, a runtime context, a store):
    a :class:`Principal` or a ``str`` id, exactly as given; ``None`` when absent or blank.

    Anything else is a :class:`~memory_plugins.errors.WrongTypeError`: an ``int`` 42 and
    the ``str`` ``"42"`` must not silently share a namespace, and a ``Principal`` must not
    become its repr (key id included) and lose its memories at the next key rotation.

    >>> run_principal(Principal("alice"), "user_id"), run_principal("bob", "user_id")
    (Principal(id='alice', issuer=None, kid=None), 'bob')
    >>> run_principal(42, "user_id")
    Traceback (most recent call last):
    ...
    memory_plugins.errors.WrongTypeError: the user id 'user_id' must be a str or a Principal from KeyRing.verify, got int: convert it yourself (e.g. str(user_id)) if ids of that type are meant to name users
    """
    if value is None or isinstance(value, Principal):
        return value
    if isinstance(value, str):
        return value if value.strip() else None
    raise WrongTypeError(
        f"the user id {key!r} must be a str or a Principal from KeyRing.verify, got "
        f"{type(value).__name__}: convert it yourself (e.g. str({key})) if ids of that type "
        "are meant to name users"
    )


@dataclass(frozen=True, slots=True)
class _Key:
    kid: str
    secret: bytes
    retired_at: datetime | None = None


class KeyRing:
    """Verifies HS256 JWTs against the current key and, for 24 h after a rotation, the previous one.

    ``leeway`` bounds the clock skew tolerated on ``exp``/``nbf``/``iat`` (60 s by default).
    ``max_lifetime`` (7 days by default, ``None`` for no bound) refuses tokens whose
    ``exp`` lies further than that after their ``iat`` (after now, without ``iat``): a
    leaked long-lived token stops working however its issuer was configured.
    With ``issuer`` or ``audience`` set, tokens must carry the matching ``iss``/``aud``.
    The clock is injectable so expiry and rotation windows are testable.

    >>> from datetime import timedelta
    >>> ring = KeyRing("first-signing-key-at-least-32-bytes", kid="k1")
    >>> old = ring.issue("alice", lifetime=timedelta(hours=1))
    >>> ring.rotate("second-signing-key-at-least-32-byte", kid="k2")
    >>> ring.verify(old).kid, ring.verify(ring.issue("alice")).kid
    ('k1', 'k2')
    """

    def __init__(
        self,
        key: str | bytes,
        kid: str,
        *,
        clock: Clock | None = None,
        leeway: timedelta = DEFAULT_LEEWAY,
        overlap: timedelta = ROTATION_OVERLAP,
        issuer: str | None = None,
        audience: str | None = None,
        max_lifetime: timedelta | None = DEFAULT_MAX_LIFETIME,
    ) -> None:
        if leeway < timedelta(0) or leeway > timedelta(minutes=10):
            raise ConfigurationError("KeyRing leeway must be between 0 and 10 minutes")
        if overlap < timedelta(0):
            raise ConfigurationError("KeyRing overlap must not be negative")
        if max_lifetime is not None and max_lifetime <= timedelta(0):
            raise ConfigurationError("KeyRing max_lifetime must be positive (or None: unbounded)")
        self.clock: Clock = clock or SystemClock()
        self.leeway = leeway
        self.overlap = overlap
        self.max_lifetime = max_lifetime
        self.issuer = issuer
        self.audience = audience
        self._lock = threading.Lock()
        self._current = _Key(_check_kid(kid), _key_bytes(key))
        self._previous: _Key | None = None

    @property
    def current_kid(self) -> str:
        """The kid new tokens are signed with."""
        return self._current.kid

    def accepted_kids(self) -> tuple[str, ...]:
        """The kids a token may carry right now (current first)."""
        current, previous = self._current, self._previous
        if previous is not None and self._within_overlap(previous):
            return (current.kid, previous.kid)
        return (current.kid,)

    def rotate(self, key: str | bytes, kid: str) -> None:
        """Make ``key`` current; the old key keeps verifying for the overlap window (24 h).

        A second rotation inside the window drops the oldest key: only one previous key
        is ever accepted.
        """
        new = _Key(_check_kid(kid), _key_bytes(key))
        with self._lock:
            used = {self._current.kid} | ({self._previous.kid} if self._previous else set())
            if new.kid in used:
                raise ConfigurationError(f"kid {kid!r} is already in the key ring; use a new kid")
            self._previous = replace(self._current, retired_at=self.clock.now())
            self._current = new

    # -- issuing ---------------------------------------------------------------------------

    def issue(
        self,
        subject: str,
        *,
        lifetime: timedelta = timedelta(hours=1),
        claims: Mapping[str, Any] | None = None,
    ) -> str:
        """A token for ``subject`` signed with the current key (for tests and simple issuers).

        >>> ring = KeyRing("k" * 32, kid="k1")
        >>> ring.issue("alice").count(".")
        2
        """
        if lifetime <= timedelta(0):
            raise ConfigurationError("token lifetime must be positive")
        if self.max_lifetime is not None and lifetime > self.max_lifetime:
            raise ConfigurationError(
                f"token lifetime {_human(lifetime)} exceeds the key ring's max_lifetime "
                f"({_human(self.max_lifetime)})"
            )
        now = self.clock.now().timestamp()
        payload: dict[str, Any] = {"iat": int(now), "exp": int(now + lifetime.total_seconds())}
        if self.issuer is not None:
            payload["iss"] = self.issuer
        if self.audience is not None:
            payload["aud"] = self.audience
        payload.update(claims or {})
        payload["sub"] = subject
        key = self._current
        # Compact UTF-8 JSON (PyJWT's own encoder escapes every non-ASCII character).
        body = json.dumps(payload, separators=(",", ":"), ensure_ascii=False).encode()
        signed: str = _pyjwt().api_jws.encode(
            body, key.secret, algorithm=ALGORITHM, headers={"typ": "JWT", "kid": key.kid}
        )
        return signed

    # -- verifying -------------------------------------------------------------------------

    def verify_authorization(self, header: str | None) -> Principal:
        """Verify an HTTP ``Authorization: Bearer <token>`` value.

        >>> ring = KeyRing("k" * 32, kid="k1")
        >>> ring.verify_authorization("Bearer " + ring.issue("alice")).id
        'alice'
        """
        scheme, _, token = (header or "").strip().partition(" ")
        if scheme.lower() != "bearer" or not token.strip():
            raise InvalidTokenError("expected an 'Authorization: Bearer <token>' header")
        return self.verify(token.strip())

    def verify(self, token: str) -> Principal:
        """The :class:`Principal` a token vouches for; raises ``InvalidTokenError`` otherwise.

        >>> KeyRing("k" * 32, kid="k1").verify("not-a-token")
        Traceback (most recent call last):
        ...
        memory_plugins.errors.InvalidTokenError: malformed token: expected header.payload.signature
        """
        if not isinstance(token, str):
            raise InvalidTokenError("token must be a string")
        if len(token) > MAX_TOKEN_CHARS:
            raise InvalidTokenError(f"token is longer than {MAX_TOKEN_CHARS} characters")
        parts = token.split(".")
        if len(parts) != 3:
            raise InvalidTokenError("malformed token: expected header.payload.signature")
        header_b64, payload_b64, signature_b64 = parts
        if len(header_b64) > MAX_HEADER_CHARS:
            raise InvalidTokenError(f"malformed token: header is longer than {MAX_HEADER_CHARS}")
        for segment, what in ((payload_b64, "payload"), (signature_b64, "signature")):
            _check_alphabet(segment, what)
        key = self._key_for(_json_segment(header_b64, "header"))
        # The same signature bytes may be spelled with other trailing bits: accept one spelling.
        if _b64encode(_b64decode(signature_b64, "signature")) != signature_b64:
            raise InvalidTokenError("malformed token: signature is not canonical base64url")
        jwt = _pyjwt()
        try:
            # PyJWT checks the signature (constant time) before anything else is trusted.
            verified = jwt.api_jws.decode_complete(token, key.secret, algorithms=[ALGORITHM])
        except jwt.InvalidSignatureError as exc:
            raise InvalidTokenError(
                f"signature does not match key {key.kid!r} (forged token or wrong key)"
            ) from exc
        except (jwt.PyJWTError, ValueError, TypeError, RecursionError) as exc:
            raise InvalidTokenError(f"malformed token: {exc}") from exc
        claims = _json_object(verified["payload"], "payload")
        self._check_times(claims)
        self._check_issuer_and_audience(claims)
        return Principal(id=_subject(claims), issuer=_optional_str(claims, "iss"), kid=key.kid)

    def _key_for(self, header: dict[str, Any]) -> _Key:
        alg = header.get("alg")
        if not isinstance(alg, str) or alg.lower() == "none":
            raise InvalidTokenError("unsigned token (alg 'none') refused: tokens must use HS256")
        if alg != ALGORITHM:
            raise InvalidTokenError(f"algorithm {alg!r} refused: only HS256 is accepted")
        if "crit" in header:
            raise InvalidTokenError("token declares critical header extensions; none are supported")
        kid = header.get("kid")
        if not isinstance(kid, str) or not kid:
            raise InvalidTokenError("token has no 'kid' header; the key ring selects keys by kid")
        current, previous = self._current, self._previous
        if kid == current.kid:
            return current
        if previous is not None and kid == previous.kid:
            if self._within_overlap(previous):
                return previous
            raise InvalidTokenError(
                f"key {kid!r} was rotated out more than {_human(self.overlap)} ago"
            )
        raise InvalidTokenError(f"unknown key id {kid[:MAX_KID_CHARS]!r}")

    def _within_overlap(self, key: _Key) -> bool:
        return key.retired_at is None or self.clock.now() < key.retired_at + self.overlap

    def _check_times(self, claims: dict[str, Any]) -> None:
        now = self.clock.now().timestamp()
        skew = self.leeway.total_seconds()
        exp = _number(claims, "exp", required=True)
        assert exp is not None  # required=True guarantees it
        if now >= exp + skew:
            raise InvalidTokenError(
                f"token expired at {_stamp(exp)} (clock skew allowed: {_human(self.leeway)})"
            )
        nbf = _number(claims, "nbf", required=False)
        if nbf is not None and now < nbf - skew:
            raise InvalidTokenError(f"token is not valid before {_stamp(nbf)}")
        iat = _number(claims, "iat", required=False)
        if iat is not None and iat > now + skew:
            raise InvalidTokenError(f"token claims to be issued in the future ({_stamp(iat)})")
        bound = self.max_lifetime
        if (
            bound is not None
            and exp - (now if iat is None else iat) > (bound + self.leeway).total_seconds()
        ):
            raise InvalidTokenError(
                f"token lifetime exceeds the maximum of {_human(bound)} (expires {_stamp(exp)})"
            )

    def _check_issuer_and_audience(self, claims: dict[str, Any]) -> None:
        if self.issuer is not None and claims.get("iss") != self.issuer:
            raise InvalidTokenError(f"token issuer must be {self.issuer!r}")
        aud = claims.get("aud")
        if self.audience is None:
            if aud is not None:
                raise InvalidTokenError(
                    "token names an audience but this key ring expects none; "
                    "pass KeyRing(audience=...) to accept it"
                )
            return
        audiences = [aud] if isinstance(aud, str) else aud
        if not isinstance(audiences, list) or self.audience not in audiences:
            raise InvalidTokenError(f"token is not meant for audience {self.audience!r}")


def _key_bytes(key: str | bytes) -> bytes:
    raw = key.encode() if isinstance(key, str) else key
    if not isinstance(raw, bytes) or len(raw) < MIN_KEY_BYTES:
        raise ConfigurationError(
            f"HS256 keys must be at least {MIN_KEY_BYTES} bytes; "
            "generate one with: python -c 'import secrets; print(secrets.token_hex(32))'"
        )
    jwt = _pyjwt()
    try:  # PyJWT refuses PEM- or SSH-looking HMAC secrets (algorithm confusion): so do we
        jwt.algorithms.HMACAlgorithm(jwt.algorithms.HMACAlgorithm.SHA256).prepare_key(raw)
    except jwt.InvalidKeyError as exc:
        raise ConfigurationError(f"HS256 key refused: {exc}") from exc
    return raw


def _check_kid(kid: str) -> str:
    if not isinstance(kid, str) or not kid or len(kid) > MAX_KID_CHARS or not kid.isprintable():
        raise ConfigurationError(f"kid must be a printable label of 1..{MAX_KID_CHARS} chars")
    return kid


def _pyjwt() -> ModuleType:
    try:
        import jwt
    except ImportError as exc:
        raise MissingExtraError("JWT verification (KeyRing)", "jwt", "pyjwt") from exc
    return jwt


def _b64encode(raw: bytes) -> str:
    return base64.urlsafe_b64encode(raw).rstrip(b"=").decode("ascii")


def _check_alphabet(segment: str, what: str) -> None:
    # Lenient decoders skip stray characters and padding: refuse them before decoding.
    if not _SEGMENT.fullmatch(segment) or len(segment) % 4 == 1:
        raise InvalidTokenError(f"malformed token: {what} is not base64url")


def _b64decode(segment: str, what: str) -> bytes:
    _check_alphabet(segment, what)
    try:
        return base64.urlsafe_b64decode(segment + "=" * (-len(segment) % 4))
    except (binascii.Error, ValueError) as exc:
        raise InvalidTokenError(f"malformed token: {what} is not base64url") from exc


def _json_segment(segment: str, what: str) -> dict[str, Any]:
    return _json_object(_b64decode(segment, what), what)


def _json_object(raw: bytes, what: str) -> dict[str, Any]:
    try:
        data = json.loads(raw.decode("utf-8"), object_pairs_hook=_no_duplicates)
    except (UnicodeDecodeError, ValueError, RecursionError) as exc:
        reason = "nested too deeply" if isinstance(exc, RecursionError) else str(exc)
        raise InvalidTokenError(f"malformed token: {what} is not a JSON object ({reason})") from exc
    if not isinstance(data, dict):
        raise InvalidTokenError(f"malformed token: {what} is not a JSON object")
    return data


def _no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    data = dict(pairs)
    if len(data) != len(pairs):
        raise ValueError("duplicate member names")
    return data


def _number(claims: dict[str, Any], name: str, *, required: bool) -> float | None:
    value = claims.get(name)
    if value is None:
        if required:
            raise InvalidTokenError(f"token has no {name!r} claim")
        return None
    if isinstance(value, bool) or not isinstance(value, int | float) or not math.isfinite(value):
        raise InvalidTokenError(f"claim {name!r} must be a NumericDate (seconds since the epoch)")
    return float(value)


def _subject(claims: dict[str, Any]) -> str:
    sub = claims.get("sub")
    if sub is None:
        raise InvalidTokenError("token has no 'sub' claim")
    if not isinstance(sub, str) or not sub:
        raise InvalidTokenError("claim 'sub' must be a non-empty string")
    problem = check_principal_id(sub)  # the engine's own rule for principal ids
    if problem is not None:
        raise InvalidTokenError(f"claim 'sub': {problem}")
    return sub


def _optional_str(claims: dict[str, Any], name: str) -> str | None:
    value = claims.get(name)
    return value if isinstance(value, str) else None


def _stamp(seconds: float) -> str:
    try:
        return datetime.fromtimestamp(seconds, UTC).isoformat(timespec="seconds")
    except (OverflowError, OSError, ValueError):
        return f"{seconds:.0f}s after the epoch"


def _human(delta: timedelta) -> str:
    seconds = int(delta.total_seconds())
    if seconds and seconds % 3600 == 0:
        return f"{seconds // 3600} h"
    return f"{seconds} s"


def scope_namespace(config: "MemoryConfig", principal: PrincipalLike) -> tuple[str, ...]:
    """The namespace of ``principal``'s memories: a user's own, an assistant's about a
    user, or an organisation's (each a keyed hash, never a raw id)."""
    if not isinstance(principal, Scope):
        return memory_namespace(config, principal_id(principal))
    if principal.kind == "org":
        assert principal.org_id is not None  # checked when the scope was made
        return org_namespace(config, principal.org_id)
    user = principal_id(principal)
    if principal.kind == "agent":
        assert principal.agent_id is not None
        return agent_namespace(config, principal.agent_id, user)
    return memory_namespace(config, user)
