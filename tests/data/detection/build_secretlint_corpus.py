"""Build the secretlint part of the held-out development corpus (see README.md here).

Its cases come from the snapshot tests of secretlint's rules
(``packages/@secretlint/secretlint-rule-*/test/snapshots/<name>/``: an input file and the
``output.json`` of what the rule reports on it; not the presets' copies of them). Run once,
from the repository root, with a checkout of the commit it was built from:

    git clone https://github.com/secretlint/secretlint /tmp/sl
    git -C /tmp/sl checkout 18346ba31b8173d52060b971221ab38c1943def0
    python tests/data/detection/build_secretlint_corpus.py /tmp/sl

Secrets: every message a rule's snapshot reports, as the lines of the input its range
covers, without indentation (a multi-line one longer than a memory text cut to its first
lines, as a private-key block keeps its header and the start of its body), at most
``PER_KIND`` distinct excerpts per kind of finding (a rule's message id: ``MongoDBConnection``,
``MySQLConnection``) in the snapshots' order, each placed in the same
sentence templates as the other scanners' examples (``build_dev_corpus.py``). Left out are
the rules that find no secret value (``no-dotenv`` finds a file name, ``no-homedir`` a home
directory), the rules whose tests find a pattern the test itself configures (``pattern``,
``filter-comments``, ``example``), the messages that name an identifier rather than a
secret (an AWS account id, an Azure tenant or client id) and binary inputs (``.p12``).

Benign: the parts of the inputs a rule's snapshot reports nothing for that hold no
credential at all (``BENIGN``: plain sentences, URLs and model names without a token,
connection strings without credentials or with a variable or a placeholder the test names
in their place, a token read from the environment, placeholder private-key blocks,
manifests without a Secret, paths, a public key, an integrity hash), without the test's
comment lines, in the same templates. The other inputs not flagged are near misses of a key
(too short, too long, a wrong prefix, glued to a word, encoded filler, a sample key an
option allows): they say nothing about look-alikes a user writes and are left out.

It writes ``secretlint_tuning.jsonl`` and ``secretlint_sealed.jsonl`` beside this file:
every case goes to one of them by a SHA-256 hash of its id (even: tuning, odd: sealed),
decided before any detector was adjusted on it. The tests read only the two JSONL files.
"""

import hashlib
import json
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from build_corpus import _case  # one case shape for every corpus (a script sees its own folder)
from build_dev_corpus import MAX_TEXT, SECRET_TEMPLATES, _stable, write_split

PER_KIND = 8  # excerpts per kind of finding (a rule's message id)
MIN_CUT = 60  # the shortest part of a long line kept when it is cut
NOT_SECRET_RULES = frozenset(("no-dotenv", "no-homedir", "pattern", "filter-comments", "example"))
NOT_SECRET_MESSAGES = frozenset(("AWSAccountID", "AzureTenantId", "AzureClientId"))
NOT_INPUTS = frozenset(("output.json", ".secretlintrc.json", "options.ts", "README.md"))
# Inputs not flagged that hold no credential: the whole input (None) or the sections of it
# under these comment lines.
BENIGN: dict[tuple[str, str], tuple[str, ...] | None] = {
    ("1password", "ok.valid"): None,
    ("anthropic", "ok.valid"): ("# These should NOT be detected as API keys",),
    ("basicauth", "ok.false-positives-prevented"): (
        "# Variable patterns should NOT be detected",
        "# Placeholder documentation URLs should NOT be detected",
    ),
    ("basicauth", "ok.valid-url"): None,
    ("cloudflare", "ok.valid"): ("# Valid Cloudflare URL (not a token)",),
    ("database-connection-string", "ok.valid"): (
        "# Template/placeholder patterns",
        "# Connection strings without credentials",
        "# Connection strings with obvious placeholders",
        "# Bash default value pattern (${VAR:-default})",
        "# Makefile variable patterns ($(VAR))",
    ),
    ("databricks", "ok.valid"): ("# Databricks docs URL (not a token)",),
    ("gcp", "ok.valid-json"): None,
    ("groq", "ok.valid"): ("# These should NOT be detected as Groq API keys",),
    ("hashicorp-vault", "ok.valid"): ("# These should NOT be detected as HashiCorp Vault tokens",),
    ("huggingface", "ok.valid"): ("# Hugging Face URL, not a token",),
    ("no-homedir", "ok.valid"): None,
    ("no-k8s-kind-secret", "ok.valid"): None,
    ("no-k8s-kind-secret", "ok.valid-2"): None,
    ("notion", "ok.valid"): ("# Notion API URL (not a token)",),
    ("npm", "ok._authToken_env"): None,
    ("privatekey", "placeholder-stars"): None,
    ("privatekey", "placeholder-xxx"): None,
    ("secp256k1-privatekey", "ok.dotenvx_public_key"): None,
    ("secp256k1-privatekey", "ok.packagemanager_sha512"): None,
    ("slack", "ok.valid"): None,
    ("tailscale", "ok.valid"): None,
}


def _snapshots(root: Path) -> Iterator[tuple[str, str, str, list[dict[str, Any]]]]:
    """Each rule snapshot's rule, name, input text and reported messages."""
    packages = root / "packages" / "@secretlint"
    for output in sorted(packages.glob("secretlint-rule-*/test/snapshots/*/output.json")):
        rule = output.relative_to(packages).parts[0].removeprefix("secretlint-rule-")
        if rule.startswith("preset-"):
            continue  # the presets run the rules' own snapshots again
        data = json.loads(output.read_text(encoding="utf-8"))
        inputs = [p for p in output.parent.iterdir() if p.is_file() and p.name not in NOT_INPUTS]
        text = data.get("sourceContent")
        if not isinstance(text, str) or not text.strip() or not inputs:
            continue  # a binary input (a .p12 file) has no text
        yield rule, output.parent.name, text, data["messages"]


def _fit(lines: list[str]) -> str:
    """The first ``lines`` that fit a memory text; the first that does not is cut to the
    room left (a private key keeps its header and the start of its body)."""
    kept: list[str] = []
    for line in filter(None, lines):
        room = MAX_TEXT - len("\n".join([*kept, ""])) if kept else MAX_TEXT
        if len(line) > room:
            if room >= MIN_CUT:
                kept.append(line[:room])
            break
        kept.append(line)
    return "\n".join(kept)


def _lines_around(text: str, start: int, end: int) -> str:
    """The lines of ``text`` the range covers, without indentation, cut to fit a memory."""
    first = text.rfind("\n", 0, start) + 1
    last = text.find("\n", end)
    return _fit(
        [line.strip() for line in text[first : len(text) if last < 0 else last].splitlines()]
    )


def _sections(text: str, headings: tuple[str, ...] | None) -> Iterator[str]:
    """The non-comment lines of the input (``None``) or of each section under a heading."""
    current: str | None = None
    taken: dict[str | None, list[str]] = {}
    for raw in text.splitlines():
        line = raw.strip()
        if line.startswith(("#", "// ")):  # not "//host/:_authToken=" of an .npmrc
            current = line
            continue
        if line and (headings is None or current in headings):
            taken.setdefault(None if headings is None else current, []).append(line)
    for lines in taken.values():
        yield _fit(lines)


def _placed(key: str, value: str) -> str | None:
    text = SECRET_TEMPLATES[_stable(key) % len(SECRET_TEMPLATES)].format(value=value)
    if len(text) > MAX_TEXT:
        text = value
    return text if len(text) <= MAX_TEXT else None


def secretlint_cases(root: Path) -> Iterator[dict[str, Any]]:
    taken: dict[str, list[str]] = {}
    seen_benign: set[str] = set()
    for rule, name, text, messages in _snapshots(root):
        for message in messages:
            if rule in NOT_SECRET_RULES or message.get("messageId") in NOT_SECRET_MESSAGES:
                continue
            excerpt = _lines_around(text, *message["range"])
            mine = taken.setdefault(f"{rule} {message.get('messageId')}", [])
            if not excerpt or excerpt in mine or len(mine) == PER_KIND:
                continue
            key = f"secretlint:{rule}:{hashlib.sha256(excerpt.encode()).hexdigest()[:12]}"
            placed = _placed(key, excerpt)
            if placed is None:
                continue
            mine.append(excerpt)
            source = f"secretlint rule tests ({rule} {message.get('messageId')})"
            yield _case(key, "secret", source, placed, "config")
        if messages or (rule, name) not in BENIGN:
            continue
        for section in _sections(text, BENIGN[rule, name]):
            if not section or section in seen_benign:
                continue
            seen_benign.add(section)
            key = f"secretlint-ok:{rule}:{hashlib.sha256(section.encode()).hexdigest()[:12]}"
            placed = _placed(key, section)
            if placed is not None:
                source = f"secretlint rule tests, inputs not flagged ({rule} {name})"
                yield _case(key, "benign", source, placed, "reference")


def main(secretlint: Path) -> None:
    write_split(secretlint_cases(secretlint), "secretlint")


if __name__ == "__main__":
    main(Path(sys.argv[1]))
