"""Build the scrubadub part of the held-out development corpus (see README.md here).

scrubadub (LeapBeyond/scrubadub, 2.0.1; its LICENSE file is Apache-2.0, its setup.py says
MIT) removes personal information ("filth") from free text; no detector here uses it or
is built from it. Its tests give a detector a text and say what must be left once each
piece of filth is replaced by a placeholder naming its kind (``{{EMAIL}}``, ``{{PHONE}}``,
``{{PASSWORD}}``), or that the text must come back unchanged. Run once, from the
repository root, with a checkout of the commit it was built from:

    git clone https://github.com/LeapBeyond/scrubadub /tmp/sd
    git -C /tmp/sd checkout 53772cbef417da290d25c95373031f786ab3b5c6
    python tests/data/detection/build_scrubadub_corpus.py /tmp/sd

What is read, with ``ast`` and literals only (nothing of scrubadub is imported or run):
``tests/test_detector_*.py`` and the tests that run the scrubber's default detectors on
texts (``SCRUBBER_TESTS``). A text is taken from

* a test's ``BEFORE: … AFTER: …`` docstring, the form most detector tests use, or such a
  docstring written once with a ``%s`` and filled with each literal string the test passes
  (``self.check_phone_numbers('1-312-515-2239', …)``, a literal tuple it loops over);
* a ``clean``/``clean_documents`` call on a literal (or a name bound to one), its expected
  output the literal an ``assertEqual`` compares with the call or its result;
* a literal table of (value, whether it is filth) formatted into a literal ``'…{}…'``
  sentence for the detector the test builds (the postcode test).

The kinds a test expects are the placeholders of its expected output; an unchanged output
means no filth. A text several tests read counts with the kinds all of them expect (the
locale test wants ``'06 87 49 77 56'`` found as French and not as British). Not read:
``iter_filth`` and ``list_filth`` calls other than the postcode table (they test detectors
the test configures, with custom context words, known-filth and user-supplied matchers, or
plumbing: detector names, spans, ordering, errors), ``tests/test_filth_*.py`` (fixed
strings rewritten without any detector), the benchmarks (documents Faker generates, and
a sample document labelled in a CSV file),
skipped tests, and every value built at run time (Faker).

Labels are ours, decided from each text alone, before any detector here ran on it, by the
criterion of the other corpora; a test's expectation only proposes the kind:

* ``pii``: an e-mail address (also one written ``john at gmail.com``), a phone number, a
  card number, a US social security number, a UK National Insurance number, an HMRC
  temporary tax reference number or a UK driving-licence number (``PII_WORDS``), also a
  sample one a help text gives ("like AZ123456A"), as the other corpora count published
  samples (Stripe's test cards);
* ``secret``: a literal user name and password pair (``username: root`` /
  ``password: root``, ``u: snoop`` / ``p: biggreenhat``), as scrubadub's credential
  detector finds it;
* ``benign``: URLs, postcodes and dates of birth, which the tests call filth but which are
  no identifier (the Presidio part counts URLs, postcodes and dates as look-alikes; a birth
  date is personal, yet neither the gates nor the other corpora name it an identifier),
  and a text a test says holds no filth only when reading it finds no identifier or
  credential either (``BENIGN``);
* left out: names (as in the Presidio part), Skype names and Twitter handles (an account's
  handle reaches a person, yet neither the gates nor these corpora name handles as
  identifiers: counting them either way would set that policy here), a birth date given
  with a name, and a text a test says holds no filth that holds a handle or a bare number
  nothing explains (``SKIP``).

Where a test names no kind (an expected output with a salted hash or a kept domain, an
``assertNotIn``) or expects what the criterion does not say (a test that removes the
e-mail detector first, a test's own filth class), ``READ`` gives the kinds we read in the
text, with the test's expectation in a comment.

A text that is a sentence (or the test's own harness sentence, "My phone number is …",
"this is a … test string") is kept as written; a bare value (the filth spans the whole
text) goes into the sentence templates of the other parts (``build_dev_corpus.PII_TEMPLATES``,
``BENIGN_TEMPLATES``, the Presidio part's URL sentences); a credential, a config line,
goes into the scanners' templates (``build_dev_corpus.secret_case``). At most ``PER_KIND``
texts of one kind, chosen by a hash of the case id. Figures on this part depend on the
labels written by us.

It writes ``scrubadub_tuning.jsonl`` and ``scrubadub_sealed.jsonl`` beside this file: every
case goes to one of them by a SHA-256 hash of its id (even: tuning, odd: sealed), decided
before any detector was adjusted on it. The tests read only the two JSONL files.
"""

import ast
import hashlib
import re
import sys
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from build_corpus import _case  # one case shape for every corpus (a script sees its own folder)
from build_dev_corpus import (
    BENIGN_TEMPLATES,
    MAX_TEXT,
    PII_TEMPLATES,
    _stable,
    report_split,
    secret_case,
    write_split,
)
from build_presidio_corpus import LOOK_ALIKE_SENTENCES

PER_KIND = 10
# Besides tests/test_detector_*.py: the tests that run the scrubber's default detectors.
SCRUBBER_TESTS = (
    "test_api.py",
    "test_api_advanced.py",
    "test_api_older.py",
    "test_locale.py",
    "test_scrubbers.py",
)
_PLACEHOLDER = re.compile(r"\{\{([A-Z_]+?)(?:-\d+)?\}\}")

# scrubadub's personal kinds, and how a person names each in a sentence.
PII_WORDS = {
    "EMAIL": "e-mail address", "PHONE": "phone number", "CREDIT_CARD": "card number",
    "SOCIAL_SECURITY_NUMBER": "SSN", "NATIONAL_INSURANCE_NUMBER": "National Insurance number",
    "TAX_REFERENCE_NUMBER": "tax reference number", "DRIVERS_LICENCE": "driving licence number",
}  # fmt: skip
# Kinds the tests call filth that are no identifier: the look-alike kind of their sentences.
LOOK_ALIKES = {"URL": "url", "POSTAL_CODE": "postcode", "DATE_OF_BIRTH": "date"}
_HANDLES = "Skype names and Twitter handles, which no corpus here labels"
LEFT_OUT = {
    "NAME": "names (left out, as in the Presidio part)",
    "SKYPE": _HANDLES,
    "TWITTER": _HANDLES,
    "USERNAME": "a user name without a password",
}
# Texts a test says hold no filth, read by us: none holds an identifier or a credential.
BENIGN = frozenset(
    (
        "This is your problem",  # credentials: "u:" and "p:" must not match inside words
        "SCREAM to get my attention because Im not on instant messengers",
        "Hello. Please testing.",
        "this is a 1 test string",  # postcodes: numbers too short for any identifier
        "this is a 23 test string",
        "this is a 456 test string",
        "this is a 4567 test string",
        "the apple was eaten by a shark",
        "the apple was not eaten by the fish",
        "the fish swam on by",
        "My stuff can be found there.",  # see READ
    )
)
# The kinds (and whether the text is only filth) we read in a text whose test names no kind
# or expects what the criterion does not say; the comment gives the test's expectation.
READ: dict[str, tuple[tuple[str, ...], bool]] = {
    # assertNotIn of both values: a literal pair whose user name is an e-mail address.
    "username: joe@example.com\npassword moi": (("USERNAME", "PASSWORD"), False),
    # Unchanged because the test removes the e-mail detector; it holds an e-mail address.
    "contact me at joe@example.com": (("EMAIL",), False),
    # Replaced by a salted hash (<<5A337A5C25F9D260>>), which names no kind.
    "hello from example@example.com": (("EMAIL",), False),
    # The URL tests that keep the domain and replace only the path: URLs.
    "Find jobs at http://facebook.com/jobs": (("URL",), False),
    "http://public.com/this/is/very/private": (("URL",), True),
    "http://public.com/": (("URL",), True),
    # "{{MINE}}": the test's own detector marks the first 8 characters; no identifier.
    "My stuff can be found there.": ((), False),
}
# Texts left out on reading, and why.
_DOB_NAME = "a birth date given with a name (names are left out)"
_BARE = "no filth expected, but a bare number nothing explains"
SKIP = {
    "My name is Mike and I was born in a land far away on 22/11/1972": _DOB_NAME,
    "my name is Jane and I was born on 11/22/1972": _DOB_NAME,
    "This is an invalid handle @TwitterInfo": "no filth expected, but a Twitter handle",
    "This is an invalid handle @XYZAdminInfo": "no filth expected, but a Twitter handle",
    "this is a 750621 test string": _BARE,
    "this is a 95130-642 test string": _BARE,
    "this is a 95130-64212 test string": _BARE,
}


@dataclass
class Found:
    """A text a test hands to scrubadub, with the filth kinds the test expects in it: a
    tuple of kinds (empty: none), or None when the test's expectation names no kind."""

    text: str
    where: str  # file::test of its first occurrence
    kinds: tuple[str, ...] | None
    bare: bool  # nothing but the filth (and punctuation) in it


def _literal(node: ast.AST | None) -> Any:
    if node is None:
        return None
    try:
        return ast.literal_eval(node)
    except (ValueError, TypeError, SyntaxError, RecursionError):
        return None


def _expectation(before: str, after: str) -> tuple[tuple[str, ...] | None, bool]:
    """(the kinds ``after`` names in place of filth, whether ``before`` is only filth)."""
    if before == after:
        return (), False
    kinds = tuple(dict.fromkeys(_PLACEHOLDER.findall(after)))
    bare = not any(c.isalnum() for c in _PLACEHOLDER.sub("", after))
    return (kinds or None), bare


def _before_after(doc: str) -> tuple[str, str] | None:
    """The two parts of a ``BEFORE: … AFTER: …`` docstring, as the tests' base class reads them."""
    if "BEFORE:" not in doc or "AFTER:" not in doc:
        return None
    before, after = doc.split("BEFORE:")[1].split("AFTER:")[:2]
    return before.strip(), after.strip()


def _skipped(fn: ast.FunctionDef) -> bool:
    for deco in fn.decorator_list:
        target = deco.func if isinstance(deco, ast.Call) else deco
        if isinstance(target, ast.Attribute) and target.attr.startswith("skip"):
            return True
    return False


def _bindings(fn: ast.FunctionDef) -> list[tuple[int, str, Any]]:
    """(line, name, value) of every ``name = <literal>`` in ``fn``."""
    out = []
    for node in ast.walk(fn):
        if (
            isinstance(node, ast.Assign)
            and len(node.targets) == 1
            and isinstance(node.targets[0], ast.Name)
        ):
            value = _literal(node.value)
            if value is not None:
                out.append((node.lineno, node.targets[0].id, value))
    return sorted(out, key=lambda b: b[0])


def _resolve(node: ast.AST, bindings: list[tuple[int, str, Any]]) -> Any:
    """A literal, or the value last bound to a name before it, else None."""
    if isinstance(node, ast.Name):
        bound = [v for line, name, v in bindings if name == node.id and line <= node.lineno]
        return bound[-1] if bound else None
    return _literal(node)


def _pairs(given: Any, expected: Any) -> Iterator[tuple[str, str | None]]:
    """(text, expected output or None) for a ``clean`` or ``clean_documents`` argument."""
    if isinstance(given, str):
        yield given, expected if isinstance(expected, str) else None
    elif isinstance(given, dict):
        for key, text in given.items():
            out = expected.get(key) if isinstance(expected, dict) else None
            if isinstance(text, str):
                yield text, out if isinstance(out, str) else None
    elif isinstance(given, list):
        for i, text in enumerate(given):
            out = expected[i] if isinstance(expected, list) and i < len(expected) else None
            if isinstance(text, str):
                yield text, out if isinstance(out, str) else None


def _clean_texts(fn: ast.FunctionDef) -> Iterator[tuple[str, str | None]]:
    """(text, expected output or None) of every ``clean``/``clean_documents`` call in ``fn``
    on a literal, its output the literal an ``assertEqual`` compares with the call or with
    the name the call's result is assigned to."""
    bindings = _bindings(fn)
    results: dict[str, ast.Call] = {}
    calls: list[ast.Call] = []
    for node in ast.walk(fn):
        if (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr in ("clean", "clean_documents")
            and node.args
        ):
            calls.append(node)
        if (
            isinstance(node, ast.Assign)
            and len(node.targets) == 1
            and isinstance(node.targets[0], ast.Name)
            and isinstance(node.value, ast.Call)
        ):
            results[node.targets[0].id] = node.value
    compared: dict[int, Any] = {}
    for node in ast.walk(fn):
        if not (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr in ("assertEqual", "assertEquals", "check_equal")
            and len(node.args) >= 2
        ):
            continue
        first, second = node.args[:2]
        for side, other in ((first, second), (second, first)):
            call = results.get(side.id) if isinstance(side, ast.Name) else side
            if isinstance(call, ast.Call) and call in calls:
                compared.setdefault(id(call), _resolve(other, bindings))
    for call in sorted(calls, key=lambda c: c.lineno):
        given = _resolve(call.args[0], bindings)
        yield from _pairs(given, compared.get(id(call)))


def _templates(cls: ast.ClassDef) -> list[str]:
    """String literals of ``cls`` that are a ``BEFORE: … AFTER: …`` docstring with a ``%s``."""
    return [
        node.value
        for node in ast.walk(cls)
        if isinstance(node, ast.Constant)
        and isinstance(node.value, str)
        and "%s" in node.value
        and _before_after(node.value)
    ]


def _template_values(fn: ast.FunctionDef) -> list[str]:
    """The strings a test fills a class's docstring template with: the literal arguments
    of its ``self.check_…(…)`` calls and the members of the literal tuples it loops over."""
    values: list[str] = []
    bindings = _bindings(fn)
    for node in ast.walk(fn):
        if (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and isinstance(node.func.value, ast.Name)
            and node.func.value.id == "self"
            and node.func.attr.startswith("check_")
        ):
            values += [a.value for a in node.args if isinstance(a, ast.Constant)]
        if isinstance(node, ast.For):
            looped = _resolve(node.iter, bindings)
            if isinstance(looped, tuple | list):
                values += [v for v in looped if isinstance(v, str)]
    return [v for v in values if isinstance(v, str)]


def _table_texts(fn: ast.FunctionDef) -> Iterator[tuple[str, tuple[str, ...]]]:
    """(text, kinds) per row of a literal table of (value, whether it is filth) that a test
    formats into a literal ``'…{}…'`` sentence for the detector it builds."""
    bindings = _bindings(fn)
    template = next((v for _, _, v in bindings if isinstance(v, str) and "{}" in v), None)
    detector = next(
        (
            name
            for node in ast.walk(fn)
            if isinstance(node, ast.Call)
            for name in (getattr(node.func, "attr", None) or getattr(node.func, "id", ""),)
            if name.endswith("Detector")
        ),
        None,
    )
    if template is None or detector is None:
        return
    kind = re.sub(r"(?<!^)(?=[A-Z])", "_", detector.removesuffix("Detector")).upper()
    for _, _, table in bindings:
        if not isinstance(table, list):
            continue
        for row in table:
            if (
                isinstance(row, tuple)
                and len(row) == 2
                and isinstance(row[0], str)
                and isinstance(row[1], bool)
            ):
                yield template.format(row[0]), (kind,) if row[1] else ()


def found_texts(root: Path) -> list[Found]:
    """Every text the read tests hand to scrubadub, once, with the kinds of all its tests."""
    tests = root / "tests"
    paths = sorted(tests.glob("test_detector_*.py")) + [tests / name for name in SCRUBBER_TESTS]
    found: dict[str, Found] = {}

    def add(text: str, where: str, kinds: tuple[str, ...] | None, bare: bool) -> None:
        text = text.strip()
        if not text:
            return
        seen = found.get(text)
        if seen is None:
            found[text] = Found(text, where, kinds, bare)
        elif kinds is not None:
            merged = kinds if seen.kinds is None else tuple(dict.fromkeys(seen.kinds + kinds))
            found[text] = Found(text, seen.where, merged, seen.bare or bare)

    for path in paths:
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for cls in (n for n in tree.body if isinstance(n, ast.ClassDef)):
            templates = _templates(cls)
            for fn in cls.body:
                if not (isinstance(fn, ast.FunctionDef) and fn.name.startswith("test")):
                    continue
                if _skipped(fn):
                    continue
                where = f"{path.name}::{fn.name}"
                parts = _before_after(ast.get_docstring(fn, clean=False) or "")
                if parts:
                    add(parts[0], where, *_expectation(*parts))
                if len(templates) == 1:
                    for value in _template_values(fn):
                        parts = _before_after(templates[0] % value)
                        if parts:
                            add(parts[0], where, *_expectation(*parts))
                for text, expected in _clean_texts(fn):
                    if expected is None:
                        add(text, where, None, False)
                    else:
                        add(text, where, *_expectation(text, expected))
                for text, kinds in _table_texts(fn):
                    add(text, where, kinds, False)
    return list(found.values())


def _label(found: Found) -> tuple[str, str, bool] | str:
    """(category, kind, bare) of a text, or why it is left out."""
    if found.text in SKIP:
        return SKIP[found.text]
    kinds, bare = READ.get(found.text, (found.kinds, found.bare))
    if kinds is None:
        return "its test's expectation names no kind of filth"
    if not kinds:
        if found.text in BENIGN:
            detector = found.where.split("::")[0].removesuffix(".py")
            detector = detector.removeprefix("test_detector_").removeprefix("test_")
            return "benign", f"no filth, {detector}", False
        return "no filth expected, but it holds a value we do not count as benign"
    if "PASSWORD" in kinds:
        return "secret", "credentials", False
    personal = [k for k in kinds if k in PII_WORDS]
    if personal:
        return "pii", personal[0], bare
    if all(k in LOOK_ALIKES for k in kinds):
        return "benign", kinds[0], bare
    return LEFT_OUT.get(kinds[0], "a kind of filth no corpus here labels")


def _text(category: str, kind: str, bare: bool, key: str, text: str) -> str:
    """The memory text: as the test wrote it, or a bare value in a sentence template."""
    if not bare:
        return text
    if category == "pii":
        template = PII_TEMPLATES[_stable(key) % len(PII_TEMPLATES)]
        return template.format(name=PII_WORDS[kind], value=text)
    look = LOOK_ALIKES[kind]
    pair = BENIGN_TEMPLATES.get(look) or LOOK_ALIKE_SENTENCES[look]
    return pair[_stable(key) % 2].format(v=text)


def scrubadub_cases(root: Path, left_out: Counter[str]) -> Iterator[dict[str, Any]]:
    labelled: list[tuple[str, str, str, bool, str]] = []
    for found in found_texts(root):
        label = _label(found)
        if isinstance(label, str):
            left_out[label] += 1
            continue
        category, kind, bare = label
        slug = "none" if kind.startswith("no filth") else kind.lower()
        key = f"scrubadub:{slug}:{hashlib.sha256(found.text.encode()).hexdigest()[:12]}"
        labelled.append((key, category, kind, bare, found.text))
    by_kind: dict[str, list[str]] = {}
    for key, _, kind, _, _ in labelled:
        by_kind.setdefault(kind, []).append(key)
    kept = {k for keys in by_kind.values() for k in sorted(keys, key=_stable)[:PER_KIND]}
    for key, category, kind, bare, written in labelled:
        if key not in kept:
            left_out[f"over the cap of {PER_KIND} per kind"] += 1
            continue
        source = f"scrubadub detector tests ({kind.lower()})"
        text = _text(category, kind, bare, key, written)
        if category == "secret":
            case = secret_case(key, category, source, text)
        elif len(text) <= MAX_TEXT:
            subject = {"pii": "documents", "benign": "reference"}[category]
            if kind in ("EMAIL", "PHONE"):
                subject = "contact details"
            case = _case(key, category, source, text, subject)
        else:
            case = None
        if case is None:
            left_out["longer than a memory text"] += 1
            continue
        yield case


def main(root: Path) -> None:
    left_out: Counter[str] = Counter()
    cases = list(scrubadub_cases(root, left_out))
    write_split(cases, "scrubadub")
    report_split(cases, "scrubadub", left_out)


if __name__ == "__main__":
    main(Path(sys.argv[1]))
