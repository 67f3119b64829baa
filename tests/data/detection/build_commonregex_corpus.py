"""Build the CommonRegex part of the held-out development corpus (see README.md here).

CommonRegex (madisonmay/CommonRegex, MIT) is a small Python library of regular expressions
that find dates, times, phone numbers, links, e-mail, IP and Bitcoin addresses, prices,
colours, card numbers, street addresses, postcodes and US social security numbers in free
text; commonregex-improved (brootware/commonregex-improved, MIT, module ``crim``) is its
successor and adds patterns for Visa and Mastercard numbers, ports, MD5, SHA-1 and SHA-256
hashes, ISBNs, MAC addresses and git remotes. No detector here uses either or is built
from them. Their tests hand each pattern a list of strings it must find whole and, for some
patterns, a list it must not. Run once, from the repository root, with checkouts of the
commits it was built from:

    git clone https://github.com/madisonmay/CommonRegex /tmp/cr1
    git -C /tmp/cr1 checkout 2425abdb79c8992b8b655c27e1fb195cc54457ab
    git clone https://github.com/brootware/commonregex-improved /tmp/cr2
    git -C /tmp/cr2 checkout 4368ee3daaff4f5668e06c46964f8feb73fc2104
    python tests/data/detection/build_commonregex_corpus.py /tmp/cr1 /tmp/cr2

What is read, with ``ast`` and literals only (nothing of either library is imported or
run): ``test.py`` of CommonRegex and ``test_crim.py`` of commonregex-improved, every
``for s in <list>:`` loop over a literal list bound in the test that calls a pattern
(``self.parser.phones(s)``, ``cregex.md5_hashes(s)``) on each string, the string being one
the pattern must match (``assertEqual``, ``assertTrue``, ``==``) or must not
(``assertNotEqual``, ``assertFalse``, ``!=``). A string is kept as the literal reads (one of
CommonRegex's link lists joins two adjacent literals into one URL). Each distinct string
(compared case-folded) counts once, with the first pattern that must match it; a string
only ever listed as one that must not match is labelled by reading it (``READ``).

Labels are ours, decided from each text alone, before any detector here ran on it, by the
criterion of the other corpora; a test's pattern only proposes the kind:

* ``pii``: a phone number (with or without an extension), an e-mail address, a card
  number (also Visa, Mastercard, American Express and Diners test numbers, as the other
  corpora count published samples), a Bitcoin address, a US social security number;
* ``benign``: the look-alikes: dates, times, URLs and git remotes (``git@github.com:…``
  names a host's account, not a person), IP and MAC addresses, prices, colours, ports,
  hashes, ISBNs and postcodes. A string a pattern must not match is benign only where it
  holds no identifier: a misspelt host, a malformed price, colour, hash or MAC address, a
  well-known port, an ISBN of the other length;
* left out (``LEFT_OUT``, ``_placeholder``, ``READ``): street addresses and PO boxes (as in
  the Presidio part: no other part counts an address); a card, SSN or phone number whose
  digits are a run of one digit or hold the count ``1234567890`` (``0000 0000 0000 0000``,
  ``111-11-1111``, ``(123) 456 7890``: a placeholder, which our templates would frame as
  the user's own number, so labelling it either way would set that policy here); near misses
  of an identifier a pattern must not match (an SSN with group ``00`` or area ``666``, a
  Bitcoin address with one character changed, cut or extended, ``john.smith@gmail..com``),
  as the Presidio part leaves them out; bare numbers nothing explains (``123456``,
  ``1234567891234``, a number above the last port); random mixed-case strings of 32 or 64
  characters with nothing around them, which read as a key as much as a hash;
  ``test@github.com:…``, which reads as an e-mail address as much as a git remote; and the
  empty string.

Also left out: a value already in a case of the other parts (``*.jsonl`` beside this file,
compared case-folded, where neither neighbour of the match continues the value), so no
value counts twice, and values over the cap of ``PER_KIND`` per pattern, chosen by a hash
of the case id. Every kept string is a bare value: personal ones go into the sentence
templates of the other parts (``build_dev_corpus.PII_TEMPLATES``), look-alikes into
``build_dev_corpus.BENIGN_TEMPLATES`` or the Presidio part's sentences where a kind is
there, and into the two sentences of ``OWN_SENTENCES`` (**written for this corpus**)
otherwise. Figures on this part depend on the labels written by us.

It writes ``commonregex_tuning.jsonl`` and ``commonregex_sealed.jsonl`` beside this file:
every case goes to one of them by a SHA-256 hash of its id (even: tuning, odd: sealed),
decided before any detector was adjusted on it. The tests read only the two JSONL files.
"""

import ast
import hashlib
import json
import re
import sys
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from build_corpus import _case  # one case shape for every corpus (a script sees its own folder)
from build_dev_corpus import (
    BENIGN_TEMPLATES,
    HERE,
    MAX_TEXT,
    PII_TEMPLATES,
    _stable,
    report_split,
    write_split,
)
from build_presidio_corpus import LOOK_ALIKE_SENTENCES

PER_KIND = 10
TEST_FILES = ("test.py", "test_crim.py")  # CommonRegex, commonregex-improved
# The names a pattern's calls go through in the tests.
CALLERS = ("self.parser", "cregex")
# The same pattern under another name in the other repository.
ALIASES = {"btc_address": "btc_addresses", "ssn_number": "ssn_numbers", "ipv4s": "ips"}

# Personal patterns, and how a person names the value in a sentence.
PII_WORDS = {
    "phones": "phone number", "phones_with_exts": "phone number",
    "emails": "e-mail address", "credit_cards": "card number", "visa_cards": "card number",
    "master_cards": "card number", "btc_addresses": "Bitcoin address", "ssn_numbers": "SSN",
}  # fmt: skip
# Look-alike patterns, and the kind of their sentences.
LOOK_ALIKES = {
    "dates": "date", "times": "time", "links": "url", "git_repos": "git", "ips": "ip",
    "ipv6s": "ip", "mac_addresses": "mac", "prices": "price", "hex_colors": "colour",
    "not_known_ports": "port", "md5_hashes": "md5", "sha1_hashes": "sha1",
    "sha256_hashes": "sha256", "isbn13s": "isbn", "isbn10s": "isbn", "zip_codes": "postcode",
}  # fmt: skip
OWN_SENTENCES = {  # written for this corpus
    "time": ("The user's stand-up starts at {v}.", "用户每天 {v} 开站会。"),
    "git": ("The user clones {v} for the plugin.", "用户从 {v} 拉取插件的代码。"),
    "colour": ("The user's site header uses colour {v}.", "用户网站的主题色是 {v}。"),
    "port": ("The user's dev server listens on port {v}.", "用户的本地服务跑在 {v} 端口。"),
    "md5": ("The user compares the download's MD5 {v}.", "用户核对下载文件的 MD5：{v}。"),
    "sha1": ("The user compares the archive's SHA-1 {v}.", "用户核对压缩包的 SHA-1：{v}。"),
}
_ADDRESS = "a street address or PO box (as in the Presidio part: no other part counts one)"
LEFT_OUT = {"street_addresses": _ADDRESS, "po_boxes": _ADDRESS}
_PLACEHOLDER = "a placeholder (a run of one digit, or the count 1234567890) as the user's number"
_NEAR = "must not match: a near miss of an identifier (as in the Presidio part)"
_BARE = "must not match: a bare number nothing explains"
_TOKEN = "must not match: random mixed-case characters alone, as much a key as a hash"
# Strings only ever listed as ones a pattern must not match, read by us: the pattern whose
# label they take (a look-alike or an identifier of another kind), or why they are left out.
READ = {
    # CommonRegex checks these against links(), not phones_with_exts(): phone numbers.
    "222-5555": "phones",
    "222-8888 x 623": "phones_with_exts",
    "333-333-5555 dial 3": "phones",
    "www.google.con": "links",  # a misspelt host
    "john.smith@gmail..com": _NEAR,
    "$1,10,0": "prices",
    "$100.000": "prices",
    "2LgqButDNV2rVHe9DATt6WqD8tKZEKvaK2": _NEAR,
    "19Ry9Au4wRRZVE8RemrxPbZP": _NEAR,
    "1bones8KbQge9euDn523z5wVhwkTP3uc12939": _NEAR,
    "1Bow5EMqtDGV5n5xZVgdpR": _NEAR,
    "101 main straight": _ADDRESS,
    "PO Box 1234-5678-9012-3456-7890-1234": _ADDRESS,
    "123456": _BARE,
    "10001-1234-5678-9012-3456-7890-1234": _BARE,
    "774 00 1245": _NEAR,
    "666-12-7856": _NEAR,
    "123-45-6789-1234": _BARE,
    "1234567891234": _BARE,
    "21": "not_known_ports",  # well-known ports, as the test's message says
    "80": "not_known_ports",
    "1023": "not_known_ports",
    "65536": _BARE,  # above the last port
    "#000000FFF": "hex_colors",
    "#FFFFFFFFF": "hex_colors",
    # Visa and Mastercard patterns must not match an American Express or Diners test number.
    "3400 0000 0000 009": "credit_cards",
    "3000 0000 0000 04": "credit_cards",
    # Hex digests with a suffix, cut, extended or split: no identifier.
    "0cc175b9c0f1b6a831c399e2697723-1234": "md5_hashes",
    "d41d8cd98f00b204e9800998ecf8427e-1234": "md5_hashes",
    "900150983cd24fb0d6963f7d28e17f72-1234": "md5_hashes",
    "f96b697d7cb9dd08c81209bcf0aaf94f-1234": "md5_hashes",
    "b5ab01fad5a008d436f76aafc896f9c600000000": "md5_hashes",
    "b5ab01fad5a008-436f76aafc896f9c6": "md5_hashes",
    "b5ab01fad5a008d436f76aafc896f9c600000000202020202020202020202020": "sha1_hashes",
    "b5ab01fad5a008-436f76aafc896f9c6-436f76aafc896f9c6-436f76aafc896": "sha1_hashes",
    "3f4146a1d0b5dac26562ff7dc6248573f4e996cf764a0f517318ff398dcfa7920": "sha256_hashes",
    "7TS5x1trQs652k4AZ3hJE83YCvJRy0U8": _TOKEN,
    "7TS5x1trQs652k4AZ3hJE83YCvJRy0U85x1trQs652k4AZ3hJE83YCvJRy0U8asd": _TOKEN,
    "e9iLS075z9HAJlUWg2ZpK5hRxjLeSpIqMKJO67c739VYf7Bj7eR1WjOO82IHcXVd": _TOKEN,
    "1-56619-909-3": "isbn10s",  # ISBN-10s the ISBN-13 pattern must not match
    "2-33342-362-9": "isbn10s",
    "3D:F2:C9:A6:B3:4G": "mac_addresses",
    "f0:2f:P4:Be:96:J5": "mac_addresses",
    "https://github.com/brootware/commonregex-improved": "links",  # a URL, not a remote
    "test@github.com:brootware/commonregex-improved.git": (
        "must not match: as much an e-mail address as a git remote"
    ),
}


@dataclass
class Found:
    """A string the tests hand to a pattern: where it is first listed, the first pattern
    that must match it (None: only ever one that must not), and the patterns that must not."""

    text: str
    where: str
    pattern: str | None
    not_matched_by: list[str] = field(default_factory=list)


def _literal(node: ast.AST) -> Any:
    try:
        return ast.literal_eval(node)
    except (ValueError, TypeError, SyntaxError, RecursionError):
        return None


def _lists(fn: ast.FunctionDef) -> dict[str, list[str]]:
    """Every ``name = [<string literals>]`` in ``fn``."""
    out: dict[str, list[str]] = {}
    for node in ast.walk(fn):
        if (
            isinstance(node, ast.Assign)
            and len(node.targets) == 1
            and isinstance(node.targets[0], ast.Name)
        ):
            value = _literal(node.value)
            if isinstance(value, list) and all(isinstance(v, str) for v in value):
                out[node.targets[0].id] = value
    return out


def _pattern_call(node: ast.AST, var: str) -> str | None:
    """The pattern ``node`` calls on ``var`` (``self.parser.<pattern>(var)``), else None."""
    if (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute)
        and ast.unparse(node.func.value) in CALLERS
        and len(node.args) == 1
        and isinstance(node.args[0], ast.Name)
        and node.args[0].id == var
    ):
        return node.func.attr
    return None


def _checks(loop: ast.For) -> Iterator[tuple[str, bool]]:
    """(pattern, whether it must match) of each assertion in ``loop`` on its variable."""
    if not isinstance(loop.target, ast.Name):
        return
    var = loop.target.id
    for node in ast.walk(loop):
        if isinstance(node, ast.Assert) and isinstance(node.test, ast.Compare):
            test = node.test
            pattern = _pattern_call(test.left, var)
            if pattern and len(test.ops) == 1 and isinstance(test.ops[0], ast.Eq | ast.NotEq):
                yield pattern, isinstance(test.ops[0], ast.Eq)
        elif (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr in ("assertEqual", "assertTrue", "assertNotEqual", "assertFalse")
            and node.args
        ):
            pattern = _pattern_call(node.args[0], var)
            if pattern:
                yield pattern, node.func.attr in ("assertEqual", "assertTrue")


def found_strings(roots: list[Path]) -> list[Found]:
    """Every string the read tests hand to a pattern, once (case-folded)."""
    found: dict[str, Found] = {}
    for root in roots:
        for path in (root / name for name in TEST_FILES):
            if not path.exists():
                continue
            tree = ast.parse(path.read_text(encoding="utf-8"))
            for fn in ast.walk(tree):
                if not (isinstance(fn, ast.FunctionDef) and fn.name.startswith("test")):
                    continue
                lists = _lists(fn)
                for loop in ast.walk(fn):
                    if not (isinstance(loop, ast.For) and isinstance(loop.iter, ast.Name)):
                        continue
                    for called, must in _checks(loop):
                        pattern = ALIASES.get(called, called)
                        for text in lists.get(loop.iter.id, []):
                            seen = found.setdefault(
                                text.strip().casefold(),
                                Found(text.strip(), f"{path.name}::{fn.name}", None),
                            )
                            if must and seen.pattern is None:
                                seen.pattern = pattern
                            elif not must:
                                seen.not_matched_by.append(pattern)
    return list(found.values())


def _placeholder(text: str) -> bool:
    """Whether the digits of ``text`` are a run of one digit or hold the count 1234567890."""
    digits = "".join(c for c in text if c.isdigit())
    return len(set(digits)) == 1 or "1234567890" in digits


def _label(found: Found) -> tuple[str, str] | str:
    """(category, pattern) of a string, or why it is left out."""
    if not found.text:
        return "the empty string"
    pattern = found.pattern
    if pattern is None:
        pattern = READ.get(found.text, "must not match, and not read by us")
        if pattern not in PII_WORDS and pattern not in LOOK_ALIKES:
            return pattern
    if pattern in PII_WORDS and _placeholder(found.text):
        return _PLACEHOLDER
    if pattern in LEFT_OUT:
        return LEFT_OUT[pattern]
    if pattern in PII_WORDS:
        return "pii", pattern
    if pattern in LOOK_ALIKES:
        return "benign", pattern
    return "a pattern no corpus here labels"


def other_parts() -> str:
    """The texts of every other part's cases, case-folded, one a line."""
    texts = []
    for path in sorted(HERE.glob("*.jsonl")):
        if path.name.startswith("commonregex_"):
            continue
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.strip():
                texts.append(json.loads(line)["candidate"]["text"].casefold())
    return "\n".join(texts)


def _contained(value: str, texts: str) -> bool:
    """Whether ``value`` is in ``texts`` with neither neighbour continuing it (a letter or
    digit, or a separator followed by one: ``$1`` is not in ``$1,000``)."""
    pattern = rf"(?<!\w){re.escape(value.casefold())}(?!\w|[.,:/-]\w)"
    return re.search(pattern, texts) is not None


def _text(category: str, pattern: str, key: str, value: str) -> str:
    """A bare value in a sentence template."""
    if category == "pii":
        template = PII_TEMPLATES[_stable(key) % len(PII_TEMPLATES)]
        return template.format(name=PII_WORDS[pattern], value=value)
    look = LOOK_ALIKES[pattern]
    pair = BENIGN_TEMPLATES.get(look) or LOOK_ALIKE_SENTENCES.get(look) or OWN_SENTENCES[look]
    text = pair[_stable(key) % 2].format(v=value)
    return text.replace(f"{value}.", value) if value.endswith(".") else text  # "9:00 A.M."


def commonregex_cases(roots: list[Path], left_out: Counter[str]) -> Iterator[dict[str, Any]]:
    texts = other_parts()
    labelled: list[tuple[str, str, str, str]] = []
    for found in found_strings(roots):
        label = _label(found)
        if isinstance(label, str):
            left_out[label] += 1
            continue
        if _contained(found.text, texts):
            left_out["already in a case of another part"] += 1
            continue
        category, pattern = label
        key = f"commonregex:{pattern}:{hashlib.sha256(found.text.encode()).hexdigest()[:12]}"
        labelled.append((key, category, pattern, found.text))
    by_kind: dict[str, list[str]] = {}
    for key, _, pattern, _ in labelled:
        by_kind.setdefault(pattern, []).append(key)
    kept = {k for keys in by_kind.values() for k in sorted(keys, key=_stable)[:PER_KIND]}
    for key, category, pattern, value in labelled:
        if key not in kept:
            left_out[f"over the cap of {PER_KIND} per pattern"] += 1
            continue
        text = _text(category, pattern, key, value)
        if len(text) > MAX_TEXT:
            left_out["longer than a memory text"] += 1
            continue
        subject = {"pii": "documents", "benign": "reference"}[category]
        if pattern in ("phones", "phones_with_exts", "emails"):
            subject = "contact details"
        yield _case(key, category, f"CommonRegex tests ({pattern})", text, subject)


def main(roots: list[Path]) -> None:
    left_out: Counter[str] = Counter()
    cases = list(commonregex_cases(roots, left_out))
    write_split(cases, "commonregex")
    report_split(cases, "commonregex", left_out)


if __name__ == "__main__":
    main([Path(arg) for arg in sys.argv[1:]])
