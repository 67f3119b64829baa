"""``runtime_data`` detectors built on detect-secrets' plugins, used in-process on strings.

detect-secrets scans files through global settings, filters and a baseline; here only its
plugins' own pattern lists and string analysis are used, each plugin instantiated once and
called through ``analyze_string`` (no settings, no filters, no network verification), so
the detectors are pure and thread-safe:

* ``provider_token``: every provider format its regex plugins know (AWS, Azure storage,
  GitHub, GitLab, Slack, Discord, Telegram, Stripe, Square, Twilio, SendGrid, Mailchimp,
  npm, PyPI, OpenAI, Artifactory, IBM Cloud, Cloudant, SoftLayer), plus formats it lacks
  (Anthropic, current OpenAI project keys, Google, Hugging Face, GitLab, RubyGems, NuGet,
  Docker Hub, Shopify, DigitalOcean, Braintree, Tailscale, Alibaba and Tencent access key
  ids, Atlassian, Heroku, Sentry, NATS NKEY seeds, NTLM authenticate messages, chat
  webhooks);
* ``private_key``: PEM/OpenSSH/PGP private-key blocks, and any armour that names a
  private key (``-----BEGIN … PRIVATE KEY-----``);
* ``json_web_token``: JWTs whose header and payload decode to JSON;
* ``credential_url``: URLs with a user and a password (``postgres://u:p@host/db``), also
  passwords holding RFC 3986's sub-delimiters (``p!ss``) and users that are an e-mail
  address (``smtps://ann@example.com:pw@host``), unless the password is a template
  slot or a placeholder (``{pass}``, ``YOUR_PASSWORD``);
* ``keyword_secret``: values assigned to a secret-like name in any common syntax
  (``db_password: v``, ``"api_key": "v"``, ``secret := "v"``, ``password => 'v'``),
  minus what detect-secrets' heuristic filters call templated, sequential or an indirect
  reference;
* ``high_entropy_string``: quoted base64 / hex strings above detect-secrets' entropy limits,
  unless the name they are given says they are no secret (``ETag: "…"``, ``commit_sha``,
  ``PUBLIC_KEY``);
* ``public_ip`` (opt-in, a ``sensitive`` detector): public IPv4 addresses.

>>> provider_token_detector().detect("key AKIAIOSFODNN7EXAMPLE")
'AWS Access Key (detect-secrets)'
>>> keyword_secret_detector().detect('db_password := "s3cr3t-Value"')
'secret assigned to a secret-like name (detect-secrets keyword)'
"""

import base64
import binascii
import json
import re
from collections.abc import Iterator
from functools import cache
from importlib import import_module
from itertools import groupby
from typing import Any

from memory_plugins.gates.codes import RejectCode
from memory_plugins.gates.context import called_a_placeholder, documented_example
from memory_plugins.gates.detectors import FunctionDetector, guarded
from memory_plugins.gates.labelled import (
    after_digest_label,
    declared_type,
    is_reference,
    is_secret_variable,
    names_no_secret,
    password_setting,
    public_der,
)
from memory_plugins.gates.textfold import fold

__all__ = [
    "credential_url_detector",
    "high_entropy_detector",
    "jwt_detector",
    "keyword_secret_detector",
    "private_key_detector",
    "provider_token_detector",
    "public_ip_detector",
    "seed_phrase_detector",
]

_PROVIDER_PLUGINS = (
    "artifactory", "aws", "azure_storage_key", "cloudant", "discord", "github_token",
    "gitlab_token", "ibm_cloud_iam", "ibm_cos_hmac", "mailchimp", "pypi_token", "sendgrid", "slack", "softlayer", "square_oauth", "stripe",
    "telegram_token", "twilio",
)  # fmt: skip
# Not its "openai" plugin: its pattern backtracks quadratically on "sk-sk-sk-…" (3 s on
# 20 kB); ``_MORE_TOKENS``' OpenAI rule matches every key that plugin matches. Not its
# "npm" plugin either ("//.+/:_authToken": 1 s on 100 kB of "http://x/"): the ``npm`` and
# ``npmrc`` rules below match every token it matches.

# Formats detect-secrets 1.5 does not know, from the providers' published token formats.
_MORE_TOKENS = re.compile(
    r"(?<![A-Za-z0-9_-])(?:"
    r"(?P<anthropic>sk-ant-[A-Za-z0-9_-]{20,})"
    r"|(?P<openai>sk-(?:proj-|svcacct-|admin-)?[A-Za-z0-9_-]{20,})"
    r"|(?P<github>(?:ghp|gho|ghs|ghu|ghr)_[A-Za-z0-9]{30,}|github_pat_[A-Za-z0-9_]{30,})"
    r"|(?P<slack>xox[abposr]-[A-Za-z0-9-]{10,}|xapp-[0-9]-[A-Za-z0-9-]{10,})"
    r"|(?P<aws>(?:AKIA|ASIA|ABIA|ACCA|AGPA|AIDA|AROA|ANPA|ANVA|APKA)[A-Z0-9]{16})"
    # Other clouds' access key ids carry a fixed prefix too: Alibaba's LTAI, Tencent's AKID.
    r"|(?P<cloud_key_id>LTAI[A-Za-z0-9]{12,20}|AKID[A-Za-z0-9]{13,40})"
    r"|(?P<google>AIza[A-Za-z0-9_-]{35}|GOCSPX-[A-Za-z0-9_-]{28}|ya29\.[A-Za-z0-9_-]{20,})"
    r"|(?P<stripe>(?:sk|rk)_(?:live|test)_[A-Za-z0-9]{16,}|whsec_[A-Za-z0-9]{24,})"
    r"|(?P<gitlab>gl(?:pat|ptt|dt|rt|cbt|soat)-[A-Za-z0-9_-]{20,})"
    r"|(?P<huggingface>hf_[A-Za-z0-9]{30,})"
    r"|(?P<npm>npm_[A-Za-z0-9]{36})"
    r"|(?P<pypi>pypi-AgE[A-Za-z0-9_-]{50,})"
    r"|(?P<rubygems>rubygems_[0-9a-f]{48})"
    r"|(?P<nuget>oy2[a-z0-9]{43})"
    r"|(?P<docker>dckr_(?:pat|oat)_[A-Za-z0-9_-]{27,})"
    r"|(?P<shopify>shp(?:at|ca|pa|ss)_[a-fA-F0-9]{32})"
    r"|(?P<digitalocean>do[por]_v1_[a-f0-9]{64})"
    r"|(?P<braintree>access_token\$production\$[0-9a-z]{16}\$[0-9a-f]{32})"
    r"|(?P<sendgrid>SG\.[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43})"
    r"|(?P<telegram>[0-9]{8,10}:AA[A-Za-z0-9_-]{33})"
    r"|(?P<vault>hv[sbr]\.[A-Za-z0-9_-]{24,})"
    r"|(?P<newrelic>NR(?:AK|AA|II|IQ|JS|RA|SP)-[A-Za-z0-9_-]{19,64})"
    r"|(?P<age>AGE-SECRET-KEY-1[0-9A-Z]{58})"
    # 1Password's secret key, its 26 characters after the account id grouped either way.
    r"|(?P<onepassword>A3-[A-Z0-9]{6}-(?:[A-Z0-9]{11}|[A-Z0-9]{6}-[A-Z0-9]{5})"
    r"-[A-Z0-9]{5}-[A-Z0-9]{5}-[A-Z0-9]{5})"
    # AWS Bedrock's long-term API keys: "ABSK" and base64 of "BedrockAPIKey-…".
    r"|(?P<bedrock>ABSKQmVkcm9ja0FQSUtleS[A-Za-z0-9+/]{40,400}={0,2})"
    # A Meta (Facebook) app access token: the app id, "|", the app secret or token.
    r"|(?P<facebook>(?<![0-9|])[0-9]{15,16}\|[A-Za-z0-9_-]{27,64})"
    # Atlassian API tokens; Heroku's API keys since 2024; Sentry's organisation and user
    # auth tokens; a NATS NKEY seed ("S", its key type, base32); an NTLM authenticate
    # message (its type-3 header in base64: it carries the password's challenge response).
    r"|(?P<atlassian>ATATT3[A-Za-z0-9_=-]{100,})"
    r"|(?P<heroku>HRKU-(?:AA[0-9A-Za-z_-]{58}|[0-9a-fA-F]{8}-(?:[0-9a-fA-F]{4}-){3}[0-9a-fA-F]{12}))"
    r"|(?P<sentry>sntrys_[A-Za-z0-9+/=_-]{50,}|sntryu_[a-f0-9]{64})"
    r"|(?P<nkey>S[UAONCX][A-Z2-7]{56})"
    r"|(?P<ntlm>TlRMTVNTUAAD[A-Za-z0-9+/]{40,}={0,2})"
    r"|(?P<azure_ad>[A-Za-z0-9_~.]{3}[0-9]Q~[A-Za-z0-9_~.-]{31,34})"
    r"|(?P<grafana>glsa_[A-Za-z0-9]{32}_[a-f0-9]{8}|glc_[A-Za-z0-9+/]{32,}={0,2}"
    r"|eyJrIjoi[A-Za-z0-9+/]{40,}={0,2})"
    r")(?![A-Za-z0-9])"
    # Tailscale: tskey-<kind>-<id>-<secret>; a name glued on with "_" or a digit ("MY_tskey-…")
    # still leaves the prefix where the key starts.
    r"|(?P<tailscale>(?<![A-Za-z])tskey-[a-z]{2,16}-[A-Za-z0-9]{6,24}-[A-Za-z0-9]{16,64})(?![A-Za-z0-9])"
    r"|(?P<webhook>https?://(?:hooks\.slack\.com/(?:services|workflows|triggers)/[A-Za-z0-9/_-]{20,}"
    r"|(?:ptb\.|canary\.)?discord(?:app)?\.com/api/webhooks/[0-9]{5,}/[A-Za-z0-9_-]{20,}"
    r"|[a-z0-9-]+\.webhook\.office\.com/webhookb2/[A-Za-z0-9@/_-]{20,}"
    r"|outlook\.office(?:365)?\.com/webhook/[A-Za-z0-9@/_-]{20,}"
    r"|oapi\.dingtalk\.com/robot/send\?access_token=[0-9a-f]{20,}"
    r"|open\.feishu\.cn/open-apis/bot/v2/hook/[0-9a-f-]{20,}"
    r"|qyapi\.weixin\.qq\.com/cgi-bin/webhook/send\?key=[0-9a-f-]{20,}))"
)
# An .npmrc credential line. Read only where ":_" occurs, with bounded runs: from every
# "//" an unbounded path would rescan the rest of the text ("/v1//v1//…"), quadratic.
_NPMRC = re.compile(
    r"//[A-Za-z0-9.-]{1,253}(?::[0-9]{1,5})?(?:/[^\s:]{0,512})?/?"
    r":_(?:auth|authToken|password)=\s?(?!\$\{)[^\s\"']{4,}"
)
# New Relic's license (ingest) keys end in "NRAL": read only where that suffix occurs,
# as a pattern led by any hex digit would be tried at every one.
_NEWRELIC_LICENSE = re.compile(r"(?<![A-Za-z0-9_-])[a-fA-F0-9]{36}NRAL(?![A-Za-z0-9])")
_MORE_NAMES = {
    "anthropic": "Anthropic API key",
    "openai": "OpenAI API key",
    "github": "GitHub token",
    "slack": "Slack token",
    "aws": "AWS access key id",
    "cloud_key_id": "cloud access key id (Alibaba, Tencent)",
    "tailscale": "Tailscale key",
    "google": "Google API key or OAuth secret",
    "stripe": "Stripe key",
    "gitlab": "GitLab token",
    "huggingface": "Hugging Face token",
    "npm": "npm token",
    "pypi": "PyPI token",
    "rubygems": "RubyGems API key",
    "nuget": "NuGet API key",
    "docker": "Docker Hub token",
    "shopify": "Shopify token",
    "digitalocean": "DigitalOcean token",
    "braintree": "Braintree access token",
    "sendgrid": "SendGrid API key",
    "telegram": "Telegram bot token",
    "webhook": "chat webhook URL",
    "vault": "HashiCorp Vault token",
    "newrelic": "New Relic key",
    "age": "age secret key",
    "onepassword": "1Password secret key",
    "bedrock": "AWS Bedrock API key",
    "facebook": "Meta app access token",
    "azure_ad": "Azure AD client secret",
    "atlassian": "Atlassian API token",
    "heroku": "Heroku API key",
    "sentry": "Sentry auth token",
    "nkey": "NATS NKEY seed",
    "ntlm": "NTLM authenticate message",
    "grafana": "Grafana token",
    "npmrc": "npm registry credential (.npmrc)",
}
# A run of token characters long enough for any provider format: skips plain prose cheaply.
_TOKEN_RUN = r"[A-Za-z0-9_\-+/=.$:]{10,}"


# detect-secrets scans files a line at a time; a text longer than any memory is read the
# same way, a long line in overlapping windows, so no plugin's pattern sees more than a
# window (a backtracking pattern stays linear in the text; no token is longer than the overlap).
_WINDOW = 4096
_OVERLAP = 512


def _pieces(text: str) -> Iterator[str]:
    if len(text) <= _WINDOW:
        yield text
        return
    for line in text.splitlines():
        if len(line) <= _WINDOW:
            yield line
            continue
        for start in range(0, len(line) - _OVERLAP, _WINDOW - _OVERLAP):
            yield line[start : start + _WINDOW]


def _analyze(plugin: Any, text: str, **options: Any) -> Iterator[str]:
    """What ``plugin.analyze_string`` finds in ``text``, read in bounded pieces."""
    for piece in _pieces(text):
        yield from plugin.analyze_string(piece, **options)


@cache
def _plugins() -> tuple[Any, ...]:
    from detect_secrets.plugins.base import RegexBasedDetector

    found = []
    for name in _PROVIDER_PLUGINS:
        module = import_module(f"detect_secrets.plugins.{name}")
        for value in vars(module).values():
            if (
                isinstance(value, type)
                and issubclass(value, RegexBasedDetector)
                and value.__module__ == module.__name__
            ):
                found.append(value())
    return tuple(found)


def _provider_token(text: str) -> str | None:
    text = fold(text)
    for plugin in _plugins():
        for found in _analyze(plugin, text):
            if _only_after_digest_labels(text, found) or documented_example(text, found):
                continue  # "ImageID: SHA256:AP1A…": a digest the Artifactory pattern reads
            return f"{plugin.secret_type} (detect-secrets)"
    for m in _MORE_TOKENS.finditer(text):
        if documented_example(text, m.group()):
            continue
        kind = m.lastgroup or ""
        if kind == "openai":
            body = m.group(0).removeprefix("sk-")
            # "sk-" + a hyphenated phrase is prose; real keys carry digits or upper case.
            if not (any(c.isdigit() or c.isupper() for c in body) or len(body) >= 32):
                continue
        return _MORE_NAMES[kind]
    if "NRAL" in text and _NEWRELIC_LICENSE.search(text):
        return _MORE_NAMES["newrelic"]
    if ":_" in text and _NPMRC.search(text):
        return _MORE_NAMES["npmrc"]
    return None


def _only_after_digest_labels(text: str, found: str) -> bool:
    """Whether every place ``found`` stands in ``text`` follows a digest's algorithm; at most
    eight places are looked at (more is no digest pin: the text is refused), so a text
    repeating one match stays linear. A pattern's match may hold the delimiters around the
    value (``:AP1A…"``): they are set aside."""
    found = found.strip(" \t=:\"'")
    if not found:
        return False
    start = text.find(found)
    for _ in range(8):
        if start < 0:
            return True
        if not after_digest_label(text, start):
            return False
        start = text.find(found, start + 1)
    return False


def _one(plugin_module: str, class_name: str) -> Any:
    return getattr(import_module(f"detect_secrets.plugins.{plugin_module}"), class_name)()


def _first(found: Iterator[str], what: str) -> str | None:
    for _ in found:
        return what
    return None


# Any PEM-style armour of a private key: detect-secrets lists the headers it knows (RSA,
# EC, DSA, OPENSSH, PGP …); a tool that writes its own words before "PRIVATE KEY" still
# writes a private key.
_ARMOUR = re.compile(
    r"-----BEGIN [A-Z0-9]{1,20}(?: [A-Z0-9]{1,20}){0,5} PRIVATE KEY(?: BLOCK)?-----"
)


def _armoured_private_key(text: str) -> str | None:
    return "private key block" if _ARMOUR.search(fold(text)) else None


# A private key's armour closed right after it opens: a block with nothing inside holds no
# key ("-----BEGIN OPENSSH PRIVATE KEY----------END OPENSSH PRIVATE KEY-----", a template's
# or a scanner's test's empty block).
_EMPTY_BLOCK = re.compile(
    r"-----BEGIN (?P<kind>[A-Z0-9 ]{0,60})PRIVATE KEY(?: BLOCK)?-----[ \t\r\n]{0,8}"
    r"-----END (?P=kind)PRIVATE KEY(?: BLOCK)?-----"
)


def _private_key(plugin: Any, text: str) -> str | None:
    if "-----END" in text:
        text = _EMPTY_BLOCK.sub(" ", text)
    return _first(_analyze(plugin, text), "private key block (detect-secrets)") or (
        _armoured_private_key(text)
    )


# ----------------------------------------------------------------------------- seed phrases

# Words a wallet's recovery phrase is called by, in the languages BIP-39 has lists for;
# "seed" as the other languages borrow it ("seed fráze"); a wallet named, in the languages
# of the word lists or by the wallets people name most; a count of words a phrase has
# ("12 słów"). Twelve words of a list in a row are rare in prose: any of these says so.
_SEED_CUE = re.compile(
    r"(?i:(?<![a-z])seed(?![a-z])|recovery[ \t]+(?:phrase|words)|mnemonic|secret[ \t]+phrase"
    r"|backup[ \t]+phrase|wallet|frase[ \t]+(?:semilla|de[ \t]+recuperaci[oó]n)"
    r"|phrase[ \t]+de[ \t]+r[ée]cup[ée]ration|wiederherstellungsphrase"
    r"|metamask|trezor|ledger[ \t]+nano|electrum|portfel\w*|peněžen\w*|cartera|carteira"
    r"|portefeuille|кошел\w*|гаманц\w*|cüzdan\w*|dompet|πορτοφόλι|pénztárc\w*|portofel\w*"
    r"|plånbok\w*|pitaka|(?:12|15|18|21|24)[ \t]*(?:words|słów|слов|palabras|palavras|mots"
    r"|wörter|parole|woorden|kelime|kata|từ|λέξεις|szó|cuvinte|ord|slov|salita))"
    r"|助记词|助記詞|恢复短语|备份短语|シードフレーズ|復元フレーズ|니모닉|시드|복구[ \t]?구문"
    r"|지갑|ウォレット|钱包|錢包|ארנק|کیف[ \t]پول|वॉलेट|กระเป๋าเงิน|ví[ \t]+(?:tiền|crypto)"
)
# Words set apart by spaces: where a recovery phrase may stand.
_WORD = re.compile(r"[^\W\d_]{1,12}")
_SPACES = frozenset(" \t\u3000")
_PHRASE_LENGTHS = (24, 21, 18, 15, 12)
# A phrase stands alone: its first word opens a stretch of listed words, or its last word
# closes one, give or take a few listed words that happen to stand beside it.
_EDGE = 4
_MAX_CHECKS = 128


@cache
def _wordlists() -> tuple[tuple[Any, frozenset[str]], ...]:
    from mnemonic import Mnemonic

    found = []
    for language in sorted(Mnemonic.list_languages()):
        words = Mnemonic(language)
        found.append((words, frozenset(words.wordlist)))
    return tuple(found)


@cache
def _any_list() -> frozenset[str]:
    """Every word of every list: prose seldom has twelve of them in a row."""
    return frozenset().union(*(listed for _, listed in _wordlists()))


def _stretches(text: str) -> Iterator[tuple[int, int, list[str]]]:
    """Runs of twelve or more words set apart by spaces alone: start, end, words."""
    run: list[re.Match[str]] = []
    for m in _WORD.finditer(text):
        if run and not set(text[run[-1].end() : m.start()]) <= _SPACES:
            if len(run) >= 12:
                yield run[0].start(), run[-1].end(), [w.group().lower() for w in run]
            run = []
        if run and m.start() == run[-1].end():  # not apart: the word goes on
            run = []
        run.append(m)
    if len(run) >= 12:
        yield run[0].start(), run[-1].end(), [w.group().lower() for w in run]


def _listed_spans(words: list[str], listed: frozenset[str]) -> Iterator[list[str]]:
    """The runs of twelve or more consecutive ``words`` that are all in ``listed``."""
    for held, run in groupby(words, listed.__contains__):
        span = list(run)
        if held and len(span) >= 12:
            yield span


def _seed_phrase(text: str) -> str | None:
    """A wallet's recovery phrase (BIP-39): 12 to 24 words of one of its word lists in a
    row, whose checksum holds or that the words around call a recovery phrase. Whoever
    has it has the wallet. Linear: each stretch of listed words is walked once per list,
    and at most ``_MAX_CHECKS`` distinct windows near its ends are checksummed."""
    if text.count(" ") + text.count("\t") + text.count("\u3000") < 11:
        return None
    text = fold(text)
    checked: set[str] = set()
    known = _any_list()
    cued: bool | None = None  # looked for once a stretch is found: most texts have none
    misspelt = False  # a phrase a few of whose words are off the list, called one
    for start, end, words in _stretches(text):
        if cued is None:
            cued = _SEED_CUE.search(text) is not None
        misspelt = misspelt or (cued and _called_phrase(text, start, end, words))
        if next(_listed_spans(words, known), None) is None:
            continue
        called = _SEED_CUE.search(text, max(0, start - 80), min(len(text), end + 40))
        for mnemonic, listed in _wordlists():
            for span in _listed_spans(words, listed):
                if called or _checksum_holds(mnemonic, span, checked):
                    return "wallet recovery phrase (BIP-39 word list)"
    if misspelt:
        return "wallet recovery phrase (BIP-39 words, a few of them misspelt)"
    return None


def _called_phrase(text: str, start: int, end: int, words: list[str]) -> bool:
    """Whether a stretch of exactly a phrase's length, set apart from the words around it,
    that the words before it call a recovery phrase, holds words of one list but for one in
    six: a phrase written down from memory or with a typo ("glacier" for "glance") still
    opens the wallet to whoever tries the list's nearest words. Prose has articles,
    pronouns and particles, which no list holds, every few words."""
    if len(words) not in _PHRASE_LENGTHS or not text[start].islower():
        return False
    if _SEED_CUE.search(text, max(0, start - 80), start) is None:
        return False
    allowed = len(words) // 6
    return any(sum(word not in listed for word in words) <= allowed for _, listed in _wordlists())


def _checksum_holds(mnemonic: Any, span: list[str], checked: set[str]) -> bool:
    """Whether a phrase of a BIP-39 length near an end of ``span`` passes its checksum;
    ``checked`` (shared by one text's spans) holds the phrases tried, at most
    ``_MAX_CHECKS``."""
    for size in _PHRASE_LENGTHS:
        if size > len(span):
            continue
        edge = range(min(_EDGE, len(span) - size + 1))
        for at in sorted({*edge, *(len(span) - size - k for k in edge)}):
            phrase = mnemonic.delimiter.join(span[at : at + size])
            if phrase in checked or len(checked) >= _MAX_CHECKS:
                continue
            checked.add(phrase)
            if mnemonic.check(phrase):
                return True
    return False


def seed_phrase_detector() -> FunctionDetector:
    return guarded(
        "seed_phrase",
        RejectCode.RUNTIME_DATA,
        _seed_phrase,
        (" ", "\u3000"),  # eleven spaces at least: _seed_phrase counts them first
    )


def private_key_detector() -> FunctionDetector:
    plugin = _one("private_key", "PrivateKeyDetector")
    return guarded(
        "private_key",
        RejectCode.RUNTIME_DATA,
        lambda text: _private_key(plugin, text),
        r"PRIVATE KEY|PuTTY-User-Key-File",
    )


def provider_token_detector() -> FunctionDetector:
    return guarded("provider_token", RejectCode.RUNTIME_DATA, _provider_token, _TOKEN_RUN)


def jwt_detector() -> FunctionDetector:
    plugin = _one("jwt", "JwtTokenDetector")

    def find(text: str) -> str | None:
        for token in _analyze(plugin, text):
            if _has_alg(token.split(".", 1)[0]):
                return "JSON web token (detect-secrets)"
        return None

    return guarded(
        "json_web_token", RejectCode.RUNTIME_DATA, find, r"(?<![A-Za-z0-9_-])eyJ[A-Za-z0-9_-]{8,}\."
    )


def _has_alg(segment: str) -> bool:
    # RFC 7515: a JOSE header names its algorithm; JSON without "alg" is not a token.
    try:
        header = json.loads(base64.urlsafe_b64decode(segment + "=" * (-len(segment) % 4)))
    except (binascii.Error, ValueError, RecursionError):
        return False
    return isinstance(header, dict) and "alg" in header


# A template slot standing for the password: ${DB_PASSWORD}, <password>, {{ pw }}, {pass}.
_TEMPLATED = re.compile(r"\$\{[^}]*\}|<[^>]*>|\{\{[^}]*\}\}|\{[A-Za-z_]\w{0,63}\}|%\([^)]*\)s?|\*+")
# detect-secrets needs a user before the colon ("redis://:password@host" has none) and
# leaves out passwords holding RFC 3986's sub-delimiters ("passW0rd!", "pa$$"), which a
# URL's user part may hold. A password pasted with a "#" unescaped ("admin:Xy#9@cluster0…")
# is one too: a fragment holds no "@" before a host, unless it follows a port ("…:8080#a@b").
_USERINFO_URL = re.compile(
    r"(?<![A-Za-z0-9+.-])[A-Za-z][A-Za-z0-9+.-]{0,30}://"
    # The user may be an e-mail address, its "@" unescaped ("smtps://ann@example.com:pw@…").
    r"(?:[^\s:/?#\[\]@{}]{1,64}@[A-Za-z0-9-]{1,63}(?:\.[A-Za-z0-9-]{1,63}){1,4}|[^\s:/?#\[\]@{}]{0,64})"
    r":(?P<password>(?![0-9]{1,5}#)[^\s/?\[\]@{}]{1,128})@[^\s/@]"
)


def credential_url_detector() -> FunctionDetector:
    plugin = _one("basic_auth", "BasicAuthDetector")

    def find(text: str) -> str | None:
        text = fold(text)
        for password in _analyze(plugin, text):
            # A slot or a placeholder ("YOUR_PASSWORD", "REPLACE_ME") in the password's place.
            if password and not (_TEMPLATED.fullmatch(password) or is_reference(password)):
                return "URL with a user and password (detect-secrets)"
        for found in _USERINFO_URL.finditer(text):
            password = found["password"]
            if not (_TEMPLATED.fullmatch(password) or is_reference(password)):
                return "URL with a password"
        for found in _PROXY_LINK.finditer(text):
            credential = found["user"] or found["config"] or ""
            if not (_TEMPLATED.fullmatch(credential) or is_reference(credential)):
                return "proxy share link with its credential"
        return None

    return guarded(
        "credential_url", RejectCode.RUNTIME_DATA, find, r"://[^\s/]*:[^\s/]*@|" + _PROXY_SCHEMES
    )


# A proxy client's share link (V2Ray/Xray, Trojan, Shadowsocks, Hysteria, TUIC): whoever
# has it connects as its owner. Its user part is the credential itself, a UUID or a
# password with no ":" ("vless://<uuid>@host:443?…", "trojan://<password>@host"), or the
# whole configuration is base64 after the scheme ("vmess://eyJ…", "ss://YWVz…").
_PROXY_SCHEMES = r"(?i:(?<![a-z0-9+.-])(?:vless|vmess|trojan|ssr?|hysteria2?|hy2|tuic)://)"
_PROXY_LINK = re.compile(
    _PROXY_SCHEMES + r"(?:(?P<user>[^\s@/?#]{8,128})@[A-Za-z0-9.\[\]:-]{3,}"
    r"|(?P<config>[A-Za-z0-9+/_-]{24,4096}={0,2})(?![A-Za-z0-9+/=_@-]))"
)


# ----------------------------------------------------------------------------- keywords

# Values that stand for "no secret here": filled-in later, masked or described.
_PLACEHOLDER_VALUE = re.compile(
    r"^(?:none|null|nil|empty|required|optional|hidden|redacted|masked|unset|changed|set|n/?a"
    r"|true|false|value|string|str|secret|password|token|undefined|env|xxx+|\*+|\.+|-+"
    r"|test|testing|dummy|fake|mock|sample|example)$"  # what the docs of mocks tell tests to set
    # a token's prefix kept and the rest masked: "sk_live_xxxxxxxx", "ghp_XXXXXXXXXXXX"
    r"|[_-]x{4,}$"
    r"|your[_ -]?|_here$"
    # "your …" and "… here" in the languages of the word lists ("SUA_CHAVE_AQUI", "TU_CLAVE_AQUI")
    r"|^(?:your|sua|seu|tu|su|votre|ton|ta|dein|deine|ihr|ihre|tuo|tua|je|jouw|twoj|twój|senin|anda|din|ditt|tvůj|váš|tvoje)[_-]|[_-](?:here|aqui|aquí|ici|hier|qui|qua|hierzo|tutaj|buraya|burada|disini|här|zde|aici|dito)$"
    r"|^<\\w+>$|^\{\{?\s*\w+\s*\}?\}$|^\$|^%\(|change[_-]?me|placeholder|example_?value"
    # A reference to where the secret lives (this.apiKey, config.db.password), not its value.
    r"|^[A-Za-z_][A-Za-z_]*(?:\.[A-Za-z_][A-Za-z_]*)+\(?\)?$",
    re.IGNORECASE,
)
_VALUE_END = re.compile(r"[\s,;\"'`]")
# The name a value is assigned to, right before it ("pwdMaxAge: ", 'password_encryption = "').
_ASSIGNED_NAME = re.compile(
    r"(?P<name>[A-Za-z_][\w.-]{0,63})[\"']?[ \t]*(?::=|=>|[:=])[ \t]*[\"'`]?$"
)
_ASCII_ALNUM = re.compile(r"[A-Za-z0-9]")
# A name in code: words joined by "_" or "-", or in camel case.
_MAPPING_KEY = re.compile(r"[A-Za-z_][\w-]{0,63}")
_NAME_SHAPED = re.compile(r"[a-z0-9]+(?:[_-][a-z0-9]+)+|[a-z]+(?:[A-Z][a-z0-9]+)+")
# get_secret(), settings["db"], os.environ.get(...): where the value comes from, not the value.
_CALL = re.compile(r"[A-Za-z_][\w.]*[\[(]")
_KEYWORDS = r"pass|pwd|secret|_?key\b|apikey|contrase"
# A keyword of a programming language where a value would stand: "if not api_key: raise …",
# "return", "await": the name is tested or passed on in code, not given a value.
_CODE_WORDS = frozenset(
    {"raise", "return", "throw", "await", "yield", "pass", "continue", "break", "if", "else"}
    | {"not", "and", "or", "in", "is", "new", "lambda", "def", "async", "del", "assert"}
)


@cache
def _keyword_setup() -> tuple[Any, dict[re.Pattern[str], int]]:
    from detect_secrets.plugins import keyword

    groups: dict[re.Pattern[str], int] = {}
    for table in (
        keyword.QUOTES_REQUIRED_DENYLIST_REGEX_TO_GROUP,
        keyword.CONFIG_DENYLIST_REGEX_TO_GROUP,
        keyword.GOLANG_DENYLIST_REGEX_TO_GROUP,
        keyword.COMMON_C_DENYLIST_REGEX_TO_GROUP,
        keyword.C_PLUS_PLUS_REGEX_TO_GROUP,
    ):
        groups.update(table)
    groups[keyword.FOLLOWED_BY_ARROW_FUNCTION_SIGN_QUOTES_REQUIRED_REGEX] = 4
    return keyword.KeywordDetector(), groups


def _keyword_secret(text: str) -> str | None:
    from detect_secrets.filters import heuristic

    plugin, groups = _keyword_setup()
    text = fold(text)
    for found in _analyze(plugin, text, denylist_regex_to_group=groups):
        # In prose the captured value runs on to the end of the line: keep its first word.
        value = _VALUE_END.split(found.strip().strip("\"'`"), maxsplit=1)[0].rstrip(")]}.")
        at = text.find(value)
        if at >= 2 and text[at - 2 : at] in ('("', "('"):
            continue  # 'get_secret("sendgrid/api-key")': what a call is given, not a value
        named = _ASSIGNED_NAME.search(text, max(0, at - 72), max(0, at))
        if named is not None and password_setting(named["name"]):
            continue  # "password_encryption = scram-sha-256": a setting of passwords
        if (
            len(value) < 3
            or value in _CODE_WORDS
            # a mapping's next key ("secretKeyRef:" then "name: redis-auth" on the next
            # line): the name holds a nested block, not a value
            or (value.endswith(":") and _MAPPING_KEY.fullmatch(value[:-1]) is not None)
            or (at >= 0 and declared_type(text, at, value))  # "val password: CharArray"
            or _PLACEHOLDER_VALUE.search(value)
            or _CALL.match(value)
            or is_reference(value)  # the labelled rules' references and placeholders ("DUMMY")
            # "from_secret: ssh_key", ApiKey = 'api_key': a secret's name, not its value
            or (
                is_secret_variable(value)
                and (_NAME_SHAPED.fullmatch(value) or not _quoted(text, value))
            )
            or not _ASCII_ALNUM.search(value)  # "请自行生成": an instruction in prose
            or heuristic.is_sequential_string(value)
            or heuristic.is_prefixed_with_dollar_sign(value)
            or (at >= 0 and called_a_placeholder(text, at + len(value)))
        ):
            continue
        return "secret assigned to a secret-like name (detect-secrets keyword)"
    return None


def _quoted(text: str, value: str) -> bool:
    """Whether ``value`` stands in ``text`` as a string literal (between quotes)."""
    return any(f"{q}{value}{q}" in text for q in ('"', "'", "`"))


_KEYWORD_HINT = re.compile(_KEYWORDS, re.IGNORECASE)


def _keyword_hint(text: str) -> bool:
    """Whether a line holds a keyword with an assignment's ``:`` or ``=`` after it: the
    pre-check. The first keyword of each line decides (an assignment after a later one is
    after it too), so each line is read once, where a look-ahead from every keyword would
    read a long line once per keyword."""
    for line in text.split("\n"):  # where "." stops
        m = _KEYWORD_HINT.search(line)
        if m is not None and ("=" in line[m.end() :] or ":" in line[m.end() :]):
            return True
    return False


def keyword_secret_detector() -> FunctionDetector:
    return FunctionDetector(
        "keyword_secret", RejectCode.RUNTIME_DATA, _keyword_secret, _keyword_hint
    )


# ----------------------------------------------------------------------------- entropy


@cache
def _entropy_plugins() -> tuple[Any, ...]:
    module = import_module("detect_secrets.plugins.high_entropy_strings")
    return (module.Base64HighEntropyString(), module.HexHighEntropyString())


# The name a quoted value is given: 'ETag: "…"', 'commit_sha = "…"', 'If-Match "…"',
# '("commit", "…")'.
_NAME_BEFORE = re.compile(r"([A-Za-z][\w.-]{0,63})[\"']?[ \t]{0,3}[:=,]?[ \t]{0,3}$")
# The same in prose: 'The ETag for the cached response is "…"'.
_NAME_IN_PROSE = re.compile(
    r"([A-Za-z][\w.-]{0,63})(?:[ \t]{1,2}(?:for|of|on|in|at)(?:[ \t]{1,2}[^\s\":=]{1,20}){1,5}?)?"
    r"[ \t]{1,2}(?:is|was)[ \t]{0,2}$"
)


def _named_no_secret(text: str, value: str) -> bool:
    """Whether every quoted occurrence of ``value`` follows a name that says it is no
    secret (an entity tag, a hash, an id: ``names_no_secret``)."""
    found = False
    for quoted in re.finditer(r"[\"']" + re.escape(value), text):
        start = max(0, quoted.start() - 80)
        name = _NAME_BEFORE.search(text, start, quoted.start())
        if name is None or not names_no_secret(name.group(1)):
            name = _NAME_IN_PROSE.search(text, start, quoted.start())
        if name is None or not names_no_secret(name.group(1)):
            return False
        found = True
    return found


def _high_entropy(text: str) -> str | None:
    named: set[str] = set()  # values already found to follow a name saying "no secret"
    for plugin in _entropy_plugins():
        for value in _analyze(plugin, text):
            if (
                len(value) >= 20
                and value not in named
                and plugin.calculate_shannon_entropy(value) > plugin.entropy_limit
            ):
                if not _named_no_secret(text, value) and not public_der(value):
                    return f"high-entropy quoted string ({plugin.secret_type}, detect-secrets)"
                named.add(value)
    return None


def high_entropy_detector() -> FunctionDetector:
    return guarded(
        "high_entropy_string",
        RejectCode.RUNTIME_DATA,
        _high_entropy,
        r"[\"'][A-Za-z0-9+/=_-]{20,}[\"']",
    )


def public_ip_detector() -> FunctionDetector:
    plugin = _one("ip_public", "IPPublicDetector")
    return guarded(
        "public_ip",
        RejectCode.SENSITIVE,
        lambda text: _first(_analyze(plugin, text), "public IPv4 address (detect-secrets)"),
        r"\d{1,3}\.\d{1,3}\.\d{1,3}\.\d{1,3}",
    )
