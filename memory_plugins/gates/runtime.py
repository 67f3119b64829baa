"""The ``runtime_data`` gate: credentials and internal runtime structures.

Found by shape, not by keyword: a memory may *talk about* tokens, cookies, passwords or
LangGraph ("prefers token-based auth", "uses a password manager", "works on session
cookies"); it may not *contain* one. What counts:

* API keys by their published formats (OpenAI, Anthropic, GitHub, Slack, AWS, Google,
  Stripe, GitLab, Hugging Face, npm) and high-entropy values assigned to a key-like
  name (``api_key=…``, ``token: …``, ``密钥是 …``);
* JWTs whose first segment decodes to a JSON header with ``alg``;
* ``Authorization``/``Cookie``/``Set-Cookie`` headers, bearer tokens, cookie strings with
  session-like names;
* passwords given as values (``password: hunter2``, ``密码是 abc123``, ``pwd=…``);
* private-key blocks and connection strings with credentials;
* serialized graph/chain state (``checkpoint_id``, ``__pregel_*``, ``"messages": [``,
  ``HumanMessage(content=…)``, ``{"role": "user", …}``) and Python tracebacks.

Findings name the kind, never the value (details end up in logs).

>>> find_runtime_data(["token is ghp_" + "a" * 36])
'GitHub token'
>>> find_runtime_data(["prefers token-based auth design discussions"]) is None
True
"""

import base64
import binascii
import json
import math
import re
import unicodedata
from collections import Counter
from collections.abc import Callable, Sequence

__all__ = ["find_runtime_data"]

# Invisible characters, and full-width or mathematical letters, digits and symbols that NFKC
# folds to ASCII (but not the ，！？；（） of ordinary Chinese prose, which would fold for nothing).
_INVISIBLE = re.compile(r"[\u00ad\u200b-\u200d\u2060\ufeff]")
_FOLDABLE = re.compile(
    r"[\u00ad\u200b-\u200d\u2060\ufeff\uff02-\uff07\uff0a\uff0b\uff0d-\uff1a\uff1c-\uff1e"
    r"\uff20-\uff5e\ufe50-\ufe6b\U0001d400-\U0001d7ff]"
)

# Substrings of the lower-cased text without which none of the checks below can match;
# a few ``in`` tests are far cheaper than running every pattern on benign text.
_TRIGGERS = (
    *("_", "=", "://", "-----", "sk-", "xox", "xapp-", "glpat-", "akia", "asia", "aiza", "eyj"),
    *("bearer", "authoriz", "cookie", "key", "token", "secret", "pass", "pwd", "pswd", "pin"),
    *("密", "秘钥", "令牌", "口令", "configurable", "message", "role", '"lc"', "'lc'"),
    *("traceback", 'file "'),
)

_KNOWN_TOKEN = re.compile(
    r"(?<![A-Za-z0-9_-])(?:"
    r"(?P<anthropic>sk-ant-[A-Za-z0-9_-]{20,})"
    r"|(?P<openai>sk-(?:proj-|svcacct-|admin-)?[A-Za-z0-9_-]{20,})"
    r"|(?P<github>(?:ghp|gho|ghs|ghu|ghr)_[A-Za-z0-9]{30,}|github_pat_[A-Za-z0-9_]{30,})"
    r"|(?P<slack>xox[abposr]-[A-Za-z0-9-]{10,}|xapp-[0-9]-[A-Za-z0-9-]{10,})"
    r"|(?P<aws>(?:AKIA|ASIA|ABIA|ACCA)[A-Z0-9]{16})"
    r"|(?P<google>AIza[A-Za-z0-9_-]{35})"
    r"|(?P<stripe>(?:sk|rk)_(?:live|test)_[A-Za-z0-9]{16,}|whsec_[A-Za-z0-9]{24,})"
    r"|(?P<gitlab>glpat-[A-Za-z0-9_-]{20,})"
    r"|(?P<huggingface>hf_[A-Za-z0-9]{30,})"
    r"|(?P<npm>npm_[A-Za-z0-9]{36})"
    r")(?![A-Za-z0-9])"
)
_TOKEN_NAMES = {
    "anthropic": "Anthropic API key",
    "openai": "OpenAI API key",
    "github": "GitHub token",
    "slack": "Slack token",
    "aws": "AWS access key id",
    "google": "Google API key",
    "stripe": "Stripe secret key",
    "gitlab": "GitLab token",
    "huggingface": "Hugging Face token",
    "npm": "npm token",
}

_ASSIGNED_SECRET = re.compile(
    r"(?:api[_ -]?key|apikey|access[_ -]?key(?:[_ -]?id)?|secret[_ -]?access[_ -]?key"
    r"|secret[_ -]?key|client[_ -]?secret|token|secret|密钥|秘钥|令牌)"
    r"[\"']?\s*(?:[:=：]|\bis\b|是|为)\s*[\"'“]?([^\s\"'”,;}<>]{12,})",
    re.IGNORECASE,
)

_JWT = re.compile(
    r"(?<![A-Za-z0-9_-])(eyJ[A-Za-z0-9_-]{8,})\.(eyJ[A-Za-z0-9_-]*|[A-Za-z0-9_-]{8,})\.[A-Za-z0-9_-]*"
)

_AUTH_HEADER = re.compile(
    r"\b(?:proxy-)?authorization\s*[:=]\s*[\"']?"
    r"(?:(?:bearer|basic|token|digest|negotiate|apikey|hmac|aws4-hmac-sha256)\s+)?"
    r"([A-Za-z0-9._~+/=-]{8,})",
    re.IGNORECASE,
)
_BEARER = re.compile(r"\bbearer\s+([A-Za-z0-9._~+/-]{16,}=*)", re.IGNORECASE)
_KEY_HEADER = re.compile(
    r"\b(?:x-api-key|x-auth-token|x-access-token|api-key)\s*:\s*[\"']?([A-Za-z0-9._~+/=-]{8,})",
    re.IGNORECASE,
)
_COOKIE_HEADER = re.compile(
    r"\b(?:set-)?cookie\s*:\s*[A-Za-z0-9_.$!#%&*+^`|~-]+=[^\s;]+", re.IGNORECASE
)
_COOKIE_PAIR = re.compile(r"(?<![A-Za-z0-9_.-])([A-Za-z_][A-Za-z0-9_.-]{0,63})=([^\s;,&]+)")
_COOKIE_STRING = re.compile(
    r"(?<![A-Za-z0-9_.-])[A-Za-z_][A-Za-z0-9_.-]{0,63}=[^\s;]{1,256}"
    r"(?:;\s*[A-Za-z_][A-Za-z0-9_.-]{0,63}=[^\s;]{0,256})+"
)
_SESSION_NAME = re.compile(
    r"sess|(?:^|[._-])sid$|token|csrf|xsrf|jwt|auth(?!or)|remember|login", re.IGNORECASE
)

_PASSWORD = re.compile(
    r"(?<![A-Za-z])(?P<cue>password|passwd|passphrase|passcode|pwd|pswd)\s*"
    r"(?:(?P<sep>[:=：])|(?P<verb>is|was)\b)\s*(?P<q>[\"'“`])?(?P<value>[^\s\"'”`,;]+)",
    re.IGNORECASE,
)
_PASSWORD_ZH = re.compile(
    r"(?:密码|口令|pin码)\s*(?:是|为|设为|设置为|设成|改为|改成|[:=：])\s*[\"'“]?([\x21-\x7e]{3,})",
    re.IGNORECASE,
)
_PIN = re.compile(r"\bpin(?:\s*code)?\s*(?:[:=：]|is)\s*[0-9]{4,8}\b", re.IGNORECASE)
_NOT_A_PASSWORD = frozenset(
    {"none", "null", "nil", "empty", "required", "optional", "hidden", "redacted", "masked"}
    | {"unset", "changed", "set", "n/a", "na"}
)

_PRIVATE_KEY = re.compile(r"-----BEGIN [A-Z0-9 ]{0,40}PRIVATE KEY(?: BLOCK)?-----")
_CREDENTIAL_URL = re.compile(
    r"(?<![A-Za-z0-9+.-])[A-Za-z][A-Za-z0-9+.-]{0,30}://[^\s:/@]*:[^\s@/]+@[^\s/@]+"
)

_STATE = re.compile(
    r"__pregel_\w+"
    r"|[\"']?\b(?:checkpoint_id|checkpoint_ns|checkpoint_map|thread_id|thread_ts|run_id"
    r"|parent_config|channel_values|channel_versions|versions_seen|pending_sends|pending_writes|tool_call_id"
    r"|tool_calls|additional_kwargs|response_metadata|usage_metadata|lc_kwargs|langgraph_\w+)"
    r"\b[\"']?\s*[:=]"
    r"|[\"']configurable[\"']\s*:|\bconfigurable\s*=\s*\{|\{\s*configurable\s*:"
    r"|[\"']messages[\"']\s*:\s*\[|\bmessages\s*=\s*\["
    r"|\b(?:Human|AI|System|Tool|Function|Chat|Remove)Message(?:Chunk)?\(\s*(?:content|id)\s*="
    r"|[\"']role[\"']\s*:\s*[\"'](?:user|assistant|system|tool|function|developer)[\"']"
    r"|[\"']lc[\"']\s*:\s*1\b"
)
_TRACEBACK = re.compile(r"Traceback \(most recent call last\)|\bFile \"[^\"\n]+\", line [0-9]+")


def _fold(text: str) -> str:
    # Full-width letters and punctuation fold to ASCII so they cannot dodge the patterns.
    if text.isascii() or _FOLDABLE.search(text) is None:
        return text
    return _INVISIBLE.sub("", unicodedata.normalize("NFKC", text))


def _looks_random(value: str, min_len: int = 12) -> bool:
    """Long, mixed character classes and high entropy: a machine-made secret, not a word."""
    if len(value) < min_len:
        return False
    classes = (
        any(c.islower() for c in value)
        + any(c.isupper() for c in value)
        + any(c.isdigit() for c in value)
    )
    if classes < 2:
        return False
    counts = Counter(value)
    entropy = -sum(n / len(value) * math.log2(n / len(value)) for n in counts.values())
    return entropy >= 3.0


def _known_token(text: str) -> str | None:
    for m in _KNOWN_TOKEN.finditer(text):
        kind = m.lastgroup or ""
        if kind == "openai":
            body = m.group(0).removeprefix("sk-")
            # "sk-" + a hyphenated phrase is prose; real keys carry digits or upper case.
            if not (any(c.isdigit() or c.isupper() for c in body) or len(body) >= 32):
                continue
        return _TOKEN_NAMES[kind]
    return None


def _assigned_secret(text: str) -> str | None:
    for m in _ASSIGNED_SECRET.finditer(text):
        if _looks_random(m.group(1)):
            return "secret value assigned to a key or token name"
    return None


def _jwt(text: str) -> str | None:
    for m in _JWT.finditer(text):
        segment = m.group(1)
        try:
            header = json.loads(base64.urlsafe_b64decode(segment + "=" * (-len(segment) % 4)))
        except (binascii.Error, ValueError, RecursionError):
            continue
        if isinstance(header, dict) and "alg" in header:
            return "JSON web token"
    return None


def _auth(text: str) -> str | None:
    for pattern in (_AUTH_HEADER, _KEY_HEADER):
        for m in pattern.finditer(text):
            if _looks_random(m.group(1), min_len=8):
                return "authorization header"
    for m in _BEARER.finditer(text):
        if _looks_random(m.group(1), min_len=16):
            return "bearer token"
    return None


def _cookie(text: str) -> str | None:
    if _COOKIE_HEADER.search(text):
        return "cookie header"
    for m in _COOKIE_STRING.finditer(text):
        names = [pair[0] for pair in _COOKIE_PAIR.findall(m.group(0))]
        if any(_SESSION_NAME.search(name) for name in names):
            return "cookie string"
    for name, value in _COOKIE_PAIR.findall(text):
        if _SESSION_NAME.search(name) and _looks_random(value, min_len=16):
            return "session cookie value"
    return None


def _password(text: str) -> str | None:
    for m in _PASSWORD.finditer(text):
        value = m["value"]
        if value.casefold() in _NOT_A_PASSWORD or set(value) <= set("*•●xX.…-_#"):
            continue
        if m["cue"].lower() == "pwd" and value[0] in "/~":  # the shell's working directory
            continue
        # After "is", only a value that cannot be an English word counts ("is strong" is not).
        if m["verb"] and not (m["q"] or any(not c.isalpha() for c in value)):
            continue
        if len(value) >= 3:
            return "password value"
    for m in _PASSWORD_ZH.finditer(text):
        if m.group(1).casefold() not in _NOT_A_PASSWORD and not set(m.group(1)) <= set("*xX."):
            return "password value"
    if _PIN.search(text):
        return "PIN value"
    return None


def _private_key(text: str) -> str | None:
    return "private key block" if _PRIVATE_KEY.search(text) else None


def _credential_url(text: str) -> str | None:
    return "connection string with credentials" if _CREDENTIAL_URL.search(text) else None


def _state(text: str) -> str | None:
    if _STATE.search(text):
        return "serialized graph or message state"
    if _TRACEBACK.search(text):
        return "Python traceback"
    return None


_CHECKS: tuple[Callable[[str], str | None], ...] = (
    _private_key,
    _known_token,
    _jwt,
    _auth,
    _cookie,
    _password,
    _credential_url,
    _assigned_secret,
    _state,
)


def find_runtime_data(strings: Sequence[str]) -> str | None:
    """Name the first credential or runtime structure found in ``strings``, or return None.

    >>> find_runtime_data(["password: hunter2"])
    'password value'
    >>> find_runtime_data(["uses a password manager (1Password)"]) is None
    True
    """
    lowered = _fold("\n".join(strings)).lower()
    if not any(trigger in lowered for trigger in _TRIGGERS):
        return None
    for raw in strings:
        text = _fold(raw)
        for check in _CHECKS:
            found = check(text)
            if found is not None:
                return found
    return None
