"""Build the TruffleHog part of the held-out development corpus (see README.md here).

Its secrets are the inputs TruffleHog's detector unit tests (``pkg/detectors/*/*_test.go``;
not the integration tests, nor the framework's own tests directly in ``pkg/detectors``)
expect a finding for. Run once, from the repository root, with a checkout of the commit it
was built from:

    git clone https://github.com/trufflesecurity/trufflehog /tmp/th
    git -C /tmp/th checkout 3ab759fef4bb5935d4fe9ac68b503d05346b8364
    python tests/data/detection/build_trufflehog_corpus.py /tmp/th

A test case counts when its ``input`` evaluates (string literals, concatenation, the file's
own string variables and ``fmt.Sprintf`` with ``%s`` / ``%v`` / ``%q``) and its ``want`` is
not empty: inputs a detector must not match (``invalidPattern``, keys out of the keyword's
range) are left out, they are near misses of a key rather than benign text. At most
``PER_DETECTOR`` distinct inputs of one detector are taken, in the file's order, without
their indentation, a long one cut to the lines around the key the test wants (see
``_excerpt``), each placed in the same sentence templates as the other scanners' examples
(``build_dev_corpus.py``).

It writes ``trufflehog_tuning.jsonl`` and ``trufflehog_sealed.jsonl`` beside this file: every
case goes to one of them by a SHA-256 hash of its id (even: tuning, odd: sealed), decided
before any detector was adjusted on it. The tests read only the two JSONL files.
"""

import hashlib
import json
import re
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from build_corpus import _case  # one case shape for every corpus (a script sees its own folder)
from build_dev_corpus import MAX_TEXT, SECRET_TEMPLATES, _stable, write_split

PER_DETECTOR = 3

_SPACE = re.compile(r"(?:\s|//[^\n]*\n)*")
_IDENT = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
_ESCAPES = {"n": "\n", "t": "\t", "r": "\r", '"': '"', "\\": "\\", "'": "'", "a": "\a", "0": "\0"}
_VERB = re.compile(r"%([-+# 0]*\d*)([svqd%])")


class _Unknown(Exception):
    """An expression outside the small subset of Go this builder evaluates."""


def _skip(src: str, pos: int) -> int:
    match = _SPACE.match(src, pos)
    return match.end() if match else pos


def _string(src: str, pos: int) -> tuple[str, int]:
    """A Go string literal at ``pos``: its value and the position after it."""
    if src.startswith("`", pos):
        end = src.index("`", pos + 1)
        return src[pos + 1 : end], end + 1
    if not src.startswith('"', pos):
        raise _Unknown(pos)
    out, i = [], pos + 1
    while src[i] != '"':
        if src[i] == "\n":
            raise _Unknown(pos)
        if src[i] == "\\":
            code = src[i + 1]
            if code in _ESCAPES:
                out.append(_ESCAPES[code])
                i += 2
            elif code in "xuU":
                width = {"x": 2, "u": 4, "U": 8}[code]
                out.append(chr(int(src[i + 2 : i + 2 + width], 16)))
                i += 2 + width
            else:
                raise _Unknown(i)
        else:
            out.append(src[i])
            i += 1
    return "".join(out), i + 1


def _sprintf(template: str, args: list[str]) -> str:
    values = iter(args)

    def verb(match: re.Match[str]) -> str:
        if match.group(2) == "%":
            return "%"
        if match.group(1):
            raise _Unknown(template)
        value = next(values)
        return json.dumps(value) if match.group(2) == "q" else value

    try:
        return _VERB.sub(verb, template)
    except StopIteration as missing:
        raise _Unknown(template) from missing


def _term(src: str, pos: int, names: dict[str, str]) -> tuple[str, int]:
    pos = _skip(src, pos)
    if src.startswith(("`", '"'), pos):
        return _string(src, pos)
    if src.startswith("fmt.Sprintf(", pos):
        args, pos = [], pos + len("fmt.Sprintf(")
        while True:
            value, pos = _expression(src, pos, names)
            args.append(value)
            pos = _skip(src, pos)
            if src.startswith(",", pos):
                pos = _skip(src, pos + 1)
            if src.startswith(")", pos):
                return _sprintf(args[0], args[1:]), pos + 1
    match = _IDENT.match(src, pos)
    if match and match.group() in names and not src.startswith("(", match.end()):
        return names[match.group()], match.end()
    raise _Unknown(pos)


def _expression(src: str, pos: int, names: dict[str, str]) -> tuple[str, int]:
    value, pos = _term(src, pos, names)
    while True:
        after = _skip(src, pos)
        if not src.startswith("+", after):
            return value, pos
        more, pos = _term(src, after + 1, names)
        value += more


def _names(src: str) -> dict[str, str]:
    """The file's string variables and constants (``name = …``, ``name := …``)."""
    names: dict[str, str] = {}
    for _ in range(3):  # a name may be defined from names defined after it
        for match in re.finditer(r"\b([A-Za-z_]\w*)\s*(?:string\s*)?:?=\s*", src):
            if match.group(1) in names:
                continue
            try:
                names[match.group(1)] = _expression(src, match.end(), names)[0]
            except (_Unknown, IndexError, ValueError):
                continue
    return names


def _is_empty(src: str, pos: int) -> bool:
    rest = src[_skip(src, pos) :]
    return bool(re.match(r"(nil|false|\[\]string\{\s*\}|\[\]detectors\.Result\{\s*\})", rest))


def _wanted(src: str, pos: int, names: dict[str, str]) -> list[str]:
    """The strings of a ``want: []string{…}`` list (none where it is built otherwise)."""
    pos = _skip(src, pos)
    if not src.startswith("[]string{", pos):
        return []
    values, pos = [], pos + len("[]string{")
    try:
        while not src.startswith("}", _skip(src, pos)):
            value, pos = _expression(src, pos, names)
            values.append(value)
            pos = _skip(src, pos)
            if src.startswith(",", pos):
                pos += 1
    except (_Unknown, IndexError, ValueError):
        return values
    return values


def _excerpt(value: str, wanted: list[str]) -> str:
    """The input without indentation; a long one cut to the lines holding the wanted key.

    From the line before the first line holding a part (8+ characters) of a wanted string
    to the last such line, so the words naming the key stay with it.
    """
    lines = [line.strip() for line in value.splitlines() if line.strip()]
    text = "\n".join(lines)
    if len(text) <= MAX_TEXT:
        return text
    parts = {p for w in wanted for p in re.split(r"[\s:;|,]+", w) if len(p) >= 8}
    holding = [i for i, line in enumerate(lines) if any(p in line for p in parts)]
    if not holding:
        return text
    return "\n".join(lines[max(0, holding[0] - 1) : holding[-1] + 1])


def valid_inputs(src: str) -> Iterator[str]:
    """The inputs of the file's test table whose ``want`` is not empty, in the file's order."""
    names = _names(src)
    starts = list(re.finditer(r"\binput:\s*", src))
    for index, match in enumerate(starts):
        end = starts[index + 1].start() if index + 1 < len(starts) else len(src)
        want = re.search(r"\bwant:\s*", src[match.end() : end])
        if want is None or _is_empty(src, match.end() + want.end()):
            continue
        before = src[max(0, match.start() - 300) : match.start()].rsplit("{", 1)[-1]
        if re.search(r'name:\s*"[^"]*invalid', before, re.IGNORECASE):
            continue
        try:
            value = _expression(src, match.end(), names)[0]
        except (_Unknown, IndexError, ValueError):
            continue
        excerpt = _excerpt(value, _wanted(src, match.end() + want.end(), names))
        if excerpt:
            yield excerpt


def trufflehog_cases(root: Path) -> Iterator[dict[str, Any]]:
    for path in sorted((root / "pkg" / "detectors").glob("*/**/*_test.go")):
        if "_integ" in path.name:
            continue  # integration tests (one file name misspells the word) call the providers
        detector = path.parent.relative_to(root / "pkg" / "detectors").as_posix()
        taken: list[str] = []
        for value in valid_inputs(path.read_text(encoding="utf-8")):
            if value in taken or len(taken) == PER_DETECTOR:
                continue
            key = f"trufflehog:{detector}:{hashlib.sha256(value.encode()).hexdigest()[:12]}"
            text = SECRET_TEMPLATES[_stable(key) % len(SECRET_TEMPLATES)].format(value=value)
            if len(text) > MAX_TEXT:
                text = value
            if len(text) > MAX_TEXT:
                continue
            taken.append(value)
            yield _case(key, "secret", f"TruffleHog detector tests ({detector})", text, "config")


def main(trufflehog: Path) -> None:
    write_split(trufflehog_cases(trufflehog), "trufflehog")


if __name__ == "__main__":
    main(Path(sys.argv[1]))
