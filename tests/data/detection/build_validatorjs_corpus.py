"""Build the validator.js part of the held-out development corpus (see README.md here).

Its values are the strings validator.js' own tests (``test/validators.test.js`` and
``test/validators/*.test.js``) list as ``valid`` for a validator: the library checks
identifiers with its own patterns and check digits, written independently of python-stdnum,
phonenumbers and email-validator, which the detectors use. Run once, from the repository root, with
a checkout of the commit it was built from (validator 13.15.35):

    git clone https://github.com/validatorjs/validator.js /tmp/vjs
    git -C /tmp/vjs checkout cdb7dafc281d14125b924969bf3ee5bc482ec169
    python tests/data/detection/build_validatorjs_corpus.py /tmp/vjs

What is taken, per validator (``PERSONAL`` and ``LOOK_ALIKES`` below):

* personal identifiers (``pii``): identity cards, passports, tax ids, mobile phones, IBANs,
  VAT numbers (a VAT number names a taxpayer, and a sole trader's is a person's; the other
  corpora count Faker's and stdnum's VAT and company numbers the same way), card numbers,
  e-mail addresses (the default options only: a display name, an address without a dot in
  its domain or an IP domain are allowed only by options), Bitcoin and Ethereum addresses
  (as the other corpora count them);
* look-alikes (``benign``): postal codes, ISBNs, ISSNs, EANs, ISINs, ISRCs, semantic
  versions, MAC addresses, IMEIs, BICs, ABA routing numbers and freight container ids: a
  place, a product, a security, a release, a device, a bank or a box, not a person (the
  stdnum builder, ``build_corpus.py``, leaves the same kinds out of its identifiers).

Left out: licence plates (a plate identifies a car and through the register its keeper,
yet neither the gates nor these corpora name plates as identifiers: counting them either
way would set that policy here), and every validator of formats rather than identifiers
(alpha, URL, date, hash, UUID, JWT, …). A personal value other than an e-mail address
without a digit is left out too: ``isVAT`` accepts a bare country prefix (``HN``, ``PA``)
for the countries whose number format it does not check. From each ``valid`` list only plain string
literals are read (no spread, no concatenation, no computed value); a value longer than
64 characters or holding a line break, a control character or an unpaired surrogate is
left out (validator.js tests such inputs on purpose; no memory text holds them).

The test file is read by a small tokenizer (strings, comments, regular-expression literals,
brackets) rather than a JavaScript parser, since none is installed and the file needs only
that: an object literal (``{…}``) with a ``valid: [...]`` entry gives its validator from its
own ``validator: '…'`` entry, or, for a fixture (``{ locale: …, valid: […] }``), from the
first ``validator:`` entry after it, which is the ``test({validator: …, valid:
fixture.valid})`` call that runs the fixtures; its locale is the first string of its
``args`` or its ``locale`` entry (``any`` if none). At most ``PER_LOCALE`` distinct values
of one (validator, locale) are taken, chosen by a hash of the value, so the spellings a
test lists (spaced, dashed, compact) are all drawn from. Personal values go into the same
sentence templates as Faker's identifiers (``build_dev_corpus.PII_TEMPLATES``), look-alikes
into ``build_dev_corpus.BENIGN_TEMPLATES`` where a kind is there and into the two sentences
of ``NEW_BENIGN_TEMPLATES`` otherwise.

It writes ``validatorjs_tuning.jsonl`` and ``validatorjs_sealed.jsonl`` beside this file:
every case goes to one of them by a SHA-256 hash of its id (even: tuning, odd: sealed),
decided before any detector was adjusted on it. The tests read only the two JSONL files.
"""

import sys
import unicodedata
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from build_corpus import _case  # one case shape for every corpus (a script sees its own folder)
from build_dev_corpus import BENIGN_TEMPLATES, MAX_TEXT, PII_TEMPLATES, _stable, write_split

PER_LOCALE = 3
PER_VALIDATOR = 12  # a validator without locales ("any"): one pool for all its tests
MAX_VALUE = 64

# Validator: how a person names the value in a sentence.
PERSONAL = {
    "isIdentityCard": "identity card number",
    "isPassportNumber": "passport number",
    "isTaxID": "tax ID",
    "isMobilePhone": "mobile number",
    "isIBAN": "IBAN",
    "isVAT": "VAT number",
    "isCreditCard": "card number",
    "isEmail": "e-mail address",
    "isBtcAddress": "Bitcoin address",
    "isEthereumAddress": "Ethereum address",
}
# Validator: the look-alike kind whose sentences it goes into.
LOOK_ALIKES = {
    "isPostalCode": "postcode",
    "isISBN": "isbn",
    "isSemVer": "version",
    "isISSN": "issn",
    "isEAN": "ean",
    "isISIN": "isin",
    "isISRC": "isrc",
    "isMACAddress": "mac",
    "isIMEI": "imei",
    "isBIC": "bic",
    "isAbaRouting": "aba",
    "isFreightContainerID": "container",
}
NEW_BENIGN_TEMPLATES = {
    "issn": ("The user subscribes to the journal with ISSN {v}.", "用户订阅的期刊 ISSN 是 {v}。"),
    "ean": ("The user scans barcode {v} to reorder the coffee.", "用户常买的咖啡条形码是 {v}。"),
    "isin": ("The user holds the fund with ISIN {v}.", "用户持有的基金代码（ISIN）是 {v}。"),
    "isrc": ("The user's favourite recording has ISRC {v}.", "用户最喜欢的录音 ISRC 是 {v}。"),
    "mac": ("The user's printer has MAC address {v}.", "用户的打印机 MAC 地址是 {v}。"),
    "imei": ("The test phone in the lab has IMEI {v}.", "实验室测试机的 IMEI 是 {v}。"),
    "bic": ("The user's bank has the SWIFT code {v}.", "用户开户行的 SWIFT 代码是 {v}。"),
    "aba": ("The user's bank's routing number is {v}.", "用户开户行的 ABA 路由号是 {v}。"),
    "container": ("The user's shipment is in container {v}.", "用户的货在集装箱 {v} 里。"),
}
# isEmail's tests with options allow forms its defaults refuse; only the defaults are read.
DEFAULT_ARGS_ONLY = frozenset({"isEmail"})


@dataclass(frozen=True)
class _Token:
    kind: str  # "str", "name", "punct" or "other" (numbers, regular expressions, templates)
    text: str


_OPEN = {"{": "}", "[": "]", "(": ")"}
_ESCAPES = {"n": "\n", "t": "\t", "r": "\r", "b": "\b", "f": "\f", "v": "\v", "0": "\0"}
# After these a "/" starts a regular expression, not a division.
_BEFORE_REGEX = set("(,=:[!&|?{};+-*%<>~^") | {"return", "typeof", "case"}


def _quoted(src: str, i: int) -> tuple[str, int]:
    """The string literal starting at ``src[i]`` (a quote): its value and the index after it."""
    quote, out, i = src[i], [], i + 1
    while src[i] != quote:
        if src[i] != "\\":
            out.append(src[i])
            i += 1
            continue
        code = src[i + 1]
        if code == "x":
            out.append(chr(int(src[i + 2 : i + 4], 16)))
            i += 4
        elif code == "u" and src[i + 2] == "{":
            end = src.index("}", i)
            out.append(chr(int(src[i + 3 : end], 16)))
            i = end + 1
        elif code == "u":
            out.append(chr(int(src[i + 2 : i + 6], 16)))
            i += 6
        elif code == "\n":
            i += 2  # a line continuation
        else:
            out.append(_ESCAPES.get(code, code))
            i += 2
    return "".join(out), i + 1


def tokens(src: str) -> list[_Token]:
    """The file's tokens, comments left out; one pass, no backtracking."""
    out: list[_Token] = []
    i, n = 0, len(src)
    while i < n:
        char = src[i]
        if char.isspace():
            i += 1
        elif src.startswith("//", i):
            end = src.find("\n", i)
            i = n if end < 0 else end
        elif src.startswith("/*", i):
            i = src.index("*/", i + 2) + 2
        elif char in "'\"":
            value, i = _quoted(src, i)
            out.append(_Token("str", value))
        elif char == "`":
            end = i + 1
            while src[end] != "`":
                end += 2 if src[end] == "\\" else 1
            body = src[i + 1 : end]
            # A template without substitutions is a plain string; one with them is computed.
            out.append(_Token("other", body) if "${" in body else _Token("str", body))
            i = end + 1
        elif char == "/" and (not out or (out[-1].kind != "str" and out[-1].text in _BEFORE_REGEX)):
            end, in_class = i + 1, False
            while in_class or src[end] != "/":
                if src[end] == "\\":
                    end += 1
                elif src[end] == "[":
                    in_class = True
                elif src[end] == "]":
                    in_class = False
                end += 1
            end += 1
            while end < n and src[end].isalpha():
                end += 1  # flags
            out.append(_Token("other", src[i:end]))
            i = end
        elif char.isalnum() or char in "_$":
            end = i
            while end < n and (src[end].isalnum() or src[end] in "_$."):
                end += 1
            kind = "other" if char.isdigit() else "name"
            out.append(_Token(kind, src[i:end]))
            i = end
        else:
            width = 3 if src.startswith("...", i) else 1
            out.append(_Token("punct", src[i : i + width]))
            i += width
    return out


def _pairs(toks: list[_Token]) -> dict[int, int]:
    """Index of each opening bracket to the index of its closing one."""
    pairs, stack = {}, []
    for index, tok in enumerate(toks):
        if tok.kind != "punct":
            continue
        if tok.text in _OPEN:
            stack.append(index)
        elif tok.text in _OPEN.values() and stack:
            pairs[stack.pop()] = index
    return pairs


def _entries(toks: list[_Token], pairs: dict[int, int], start: int) -> dict[str, int]:
    """The object at ``start``'s own ``key: value`` entries: key to the value's first index."""
    entries, i, end = {}, start + 1, pairs[start]
    while i < end:
        tok = toks[i]
        if (
            tok.kind in ("name", "str")
            and toks[i + 1].text == ":"
            and toks[i - 1].text in ("{", ",")
        ):
            entries[tok.text] = i + 2
        i = pairs.get(i, i) + 1
    return entries


def _elements(toks: list[_Token], pairs: dict[int, int], start: int) -> Iterator[list[_Token]]:
    """The top-level elements of the array at ``start``, each as its tokens."""
    element: list[_Token] = []
    i, end = start + 1, pairs[start]
    while i < end:
        if toks[i].text == "," and toks[i].kind == "punct":
            yield element
            element = []
            i += 1
            continue
        stop = pairs.get(i, i)
        element.extend(toks[i : stop + 1])
        i = stop + 1
    if element:
        yield element


def _first_string(toks: list[_Token], pairs: dict[int, int], at: int) -> str | None:
    stop = pairs.get(at, at)
    return next((t.text for t in toks[at : stop + 1] if t.kind == "str"), None)


def valid_lists(src: str) -> Iterator[tuple[str, str, list[str]]]:
    """(validator, locale, the plain string values of a ``valid`` list), in the file's order."""
    toks = tokens(src)
    pairs = _pairs(toks)
    validators = [
        (i, toks[i + 2].text)
        for i in range(len(toks) - 2)
        if toks[i].text == "validator" and toks[i + 1].text == ":" and toks[i + 2].kind == "str"
    ]
    for start, tok in enumerate(toks):
        if tok.text != "{" or tok.kind != "punct" or start not in pairs:
            continue
        entries = _entries(toks, pairs, start)
        at = entries.get("valid")
        if at is None or toks[at].text != "[":
            continue
        if "validator" in entries:
            validator = toks[entries["validator"]].text
        elif "locale" in entries:
            after = [name for index, name in validators if index > pairs[start]]
            if not after:
                continue
            validator = after[0]
        else:
            continue
        options = entries.get("args", entries.get("locale"))
        given = "args" in entries and pairs.get(entries["args"], 0) - entries["args"] > 1
        if validator in DEFAULT_ARGS_ONLY and given:
            continue  # options given: not the validator's defaults
        locale = "any" if options is None else _first_string(toks, pairs, options) or "any"
        values = [
            e[0].text for e in _elements(toks, pairs, at) if len(e) == 1 and e[0].kind == "str"
        ]
        yield validator, locale, values


def _fits(validator: str, value: str) -> bool:
    if not value.strip() or value != value.strip() or len(value) > MAX_VALUE:
        return False
    if validator in PERSONAL and validator != "isEmail" and not any(c.isdigit() for c in value):
        return False  # a bare country prefix, which isVAT accepts where it checks no format
    return not any(unicodedata.category(c) in ("Cc", "Cs", "Zl", "Zp") for c in value)


def validatorjs_cases(root: Path) -> Iterator[dict[str, Any]]:
    files = [
        root / "test" / "validators.test.js",
        *sorted((root / "test" / "validators").glob("*.test.js")),
    ]
    chosen: dict[tuple[str, str], set[str]] = {}
    seen: set[tuple[str, str]] = set()  # (validator, value): the "any" locale repeats them all
    for path in files:
        for validator, locale, values in valid_lists(path.read_text(encoding="utf-8")):
            if validator not in PERSONAL and validator not in LOOK_ALIKES:
                continue
            fresh = [
                v
                for v in dict.fromkeys(values)
                if _fits(validator, v) and (validator, v) not in seen
            ]
            seen.update((validator, v) for v in fresh)
            pool = chosen.setdefault((validator, locale), set())
            pool.update(fresh)
    for (validator, locale), pool in chosen.items():
        picked = sorted(pool, key=lambda v: _stable(f"{validator}:{locale}:{v}"))[
            : PER_VALIDATOR if locale == "any" else PER_LOCALE
        ]
        for value in picked:
            key = f"validatorjs:{validator}:{locale}:{value}"
            source = f"validator.js {validator}({locale})"
            if validator in PERSONAL:
                template = PII_TEMPLATES[_stable(key) % len(PII_TEMPLATES)]
                text = template.format(name=PERSONAL[validator], value=value)
                case = _case(key, "pii", source, text, "documents")
            else:
                kind = LOOK_ALIKES[validator]
                pair = BENIGN_TEMPLATES.get(kind) or NEW_BENIGN_TEMPLATES[kind]
                text = pair[_stable(key) % 2].format(v=value)
                case = _case(key, "benign", source, text, "reference")
            if len(text) <= MAX_TEXT:
                yield case


def main(root: Path) -> None:
    write_split(validatorjs_cases(root), "validatorjs")


if __name__ == "__main__":
    main(Path(sys.argv[1]))
