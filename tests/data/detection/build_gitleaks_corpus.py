"""Build the gitleaks part of the held-out development corpus (see README.md here).

gitleaks (no detector here calls it or its successor) validates each rule with true
positives written in its rule generators (``cmd/generate/config/rules/*.go``): literal
strings, and literal secrets it expands into config and code lines through
``utils.GenerateSampleSecrets(identifier, secret)``. Run once, from the repository root,
with a checkout of the commit it was built from:

    git clone https://github.com/gitleaks/gitleaks /tmp/gl
    git -C /tmp/gl checkout b58d3f102cf3a2c84cb7f923d05c25c9b1aed84b
    python tests/data/detection/build_gitleaks_corpus.py /tmp/gl /tmp/np /tmp/kf

(``/tmp/np`` and ``/tmp/kf``: the Nosey Parker and Kingfisher checkouts of
``build_dev_corpus.py``, whose rule examples are left out here so that no value counts
twice.)

Secrets: in each rule's ``tps`` statements, every element that is a string literal (or
literals joined by ``+``), and every literal secret given to ``GenerateSampleSecret(s)``,
written in one of gitleaks' own sample formats (``samples`` in
``cmd/generate/config/utils/generate.go``, one picked per secret by a hash of it) with the
identifier the rule gives; at most ``PER_RULE`` per rule, in the sentence templates of the
other scanners' examples. Left out: values built at test time (``secrets.NewSecret``,
``fmt.Sprintf``), texts longer than a memory, and the ``fps`` lists: strings a rule must not
match are not always free of secrets (see ``build_negatives_corpus.py``) and are not
labelled here.

It writes ``gitleaks_tuning.jsonl`` and ``gitleaks_sealed.jsonl`` beside this file: every
case goes to one of them by a SHA-256 hash of its id (even: tuning, odd: sealed), decided
before any detector was adjusted on it. The tests read only the two JSONL files.
"""

import ast
import hashlib
import re
import sys
from collections import Counter
from collections.abc import Iterator
from itertools import pairwise
from pathlib import Path
from typing import Any

from build_corpus import _case  # one case shape for every corpus (a script sees its own folder)
from build_dev_corpus import MAX_TEXT, SECRET_TEMPLATES, _rule_examples, _stable, write_split

PER_RULE = 8
_FUNC = re.compile(r"^func \w+\(\) \*config\.Rule \{$", re.MULTILINE)
_RULE_ID = re.compile(r'RuleID:\s*"([^"]+)"')
_TPS = re.compile(r"\btps\s*:?=\s*")
_SAMPLE_CALL = re.compile(
    r'GenerateSampleSecrets?\(\s*"((?:[^"\\]|\\.)*)"\s*,\s*("(?:[^"\\]|\\.)*"|`[^`]*`)\s*\)'
)
_LITERAL = re.compile(r'"(?:[^"\\\n]|\\.)*"|`[^`]*`')
_SAMPLE_LINE = re.compile(r'^\s*"[^"]+":\s*("(?:[^"\\]|\\.)*"|`[^`]*`),', re.MULTILINE)


def _go_string(literal: str) -> str:
    if literal.startswith("`"):
        return literal[1:-1]
    return str(ast.literal_eval(literal))  # Go's escapes in "…" are Python's for these files


def _statement(src: str, start: int) -> str:
    """From ``start`` to the end of the Go statement: the first newline outside brackets,
    strings and comments."""
    depth, i = 0, start
    while i < len(src):
        c = src[i]
        if c in "([{":
            depth += 1
        elif c in ")]}":
            depth -= 1
        elif c == '"':
            i += 1
            while src[i] != '"':
                i += 2 if src[i] == "\\" else 1
        elif c == "`":
            i = src.index("`", i + 1)
        elif src.startswith("//", i):
            i = src.index("\n", i) - 1
        elif c == "\n" and depth <= 0:
            break
        i += 1
    return src[start:i]


def _elements(statement: str) -> Iterator[str]:
    """The elements of the bracket ``statement`` opens with (a call's arguments, a
    ``[]string{…}``'s strings), to where it closes, comments removed."""
    depth, current, i = 0, [], 0
    while i < len(statement):
        c = statement[i]
        if statement.startswith("//", i):
            i = statement.find("\n", i)
            i = len(statement) if i < 0 else i
            continue
        if c in '"`':
            end = _LITERAL.match(statement, i)
            assert end is not None, statement[i : i + 80]
            if depth == 1:
                current.append(end.group())
            i = end.end()
            continue
        if c in "([{":
            depth += 1
            if depth == 1:
                current = []
                i += 1
                continue
        elif c in ")]}":
            if depth == 1:
                yield "".join(current).strip()
                return
            depth -= 1
        elif c == "," and depth == 1:
            yield "".join(current).strip()
            current = []
            i += 1
            continue
        if depth >= 1:
            current.append(c)
        i += 1


def _joined_literals(element: str) -> str | None:
    parts = [
        p.strip() for p in re.split(r"\+(?=(?:[^\"`]|\"(?:[^\"\\]|\\.)*\"|`[^`]*`)*$)", element)
    ]
    if parts and all(_LITERAL.fullmatch(p) for p in parts):
        return "".join(_go_string(p) for p in parts)
    return None


def _samples(root: Path) -> list[str]:
    src = (root / "cmd/generate/config/utils/generate.go").read_text(encoding="utf-8")
    body = src[src.index("func GenerateSampleSecrets") :]
    body = body[: body.index("replacer :=")]
    return [_go_string(m.group(1)) for m in _SAMPLE_LINE.finditer(body)]


def _true_positives(root: Path) -> Iterator[tuple[str, str]]:
    samples = _samples(root)
    for path in sorted((root / "cmd/generate/config/rules").glob("*.go")):
        src = path.read_text(encoding="utf-8")
        starts = [m.start() for m in _FUNC.finditer(src)] + [len(src)]
        for start, end in pairwise(starts):
            func = src[start:end]
            rule = _RULE_ID.search(func)
            if rule is None:
                continue
            for tps in _TPS.finditer(func):
                statement = _statement(func, tps.end())
                for call in _SAMPLE_CALL.finditer(statement):
                    identifier, secret = _go_string(f'"{call[1]}"'), _go_string(call[2])
                    sample = samples[_stable(secret) % len(samples)]
                    yield (
                        rule[1],
                        (
                            sample.replace("{i}", identifier)
                            .replace("{I}", identifier.upper())
                            .replace("{s}", secret)
                        ),
                    )
                lists = [statement[m.end() - 1 :] for m in re.finditer(r"\[\]string\{", statement)]
                if statement.startswith("append("):
                    lists.append(statement[len("append") :])
                for listed in lists:
                    for position, element in enumerate(_elements(listed)):
                        text = _joined_literals(element)
                        if listed.startswith("(") and position == 0:
                            continue  # append's first argument: the list it extends
                        if text is not None and text.strip():
                            yield rule[1], text.strip()


def gitleaks_cases(root: Path, others: tuple[Path, Path]) -> Iterator[dict[str, Any]]:
    taken = {
        example
        for other, pattern in zip(
            others,
            ("crates/noseyparker/data/default/builtin/rules/*.yml", "data/rules/*.yml"),
            strict=True,
        )
        for _, example in _rule_examples(other, pattern)
    }
    per_rule: Counter[str] = Counter()
    seen: set[str] = set()
    for rule_id, value in _true_positives(root):
        if value in seen or value in taken or any(value in example for example in taken):
            continue
        seen.add(value)
        if per_rule[rule_id] >= PER_RULE:
            continue
        key = f"gitleaks:{rule_id}:{hashlib.sha256(value.encode()).hexdigest()[:12]}"
        text = SECRET_TEMPLATES[_stable(key) % len(SECRET_TEMPLATES)].format(value=value)
        if len(text) > MAX_TEXT:
            text = value
        if len(text) > MAX_TEXT:
            continue
        per_rule[rule_id] += 1
        yield _case(key, "secret", f"gitleaks rule true positives ({rule_id})", text, "config")


def main(gitleaks: Path, noseyparker: Path, kingfisher: Path) -> None:
    write_split(gitleaks_cases(gitleaks, (noseyparker, kingfisher)), "gitleaks")


if __name__ == "__main__":
    main(Path(sys.argv[1]), Path(sys.argv[2]), Path(sys.argv[3]))
