"""Build the ripsecrets part of the held-out development corpus (see README.md here).

ripsecrets (sirwart/ripsecrets, MIT; no detector here calls it) is a command-line secret
scanner written in Rust: it finds providers' key formats (GitHub, Stripe, Slack, Square,
GCP, npm, age, private-key blocks, …) and random strings assigned to a name holding a word
like "token", "secret", "key" or "password", which a probability test tells from words.
Its tests in ``src/lib.rs`` run the scanner on three kinds of input:

- ``no_false_negatives``: every file of ``test/one_per_line/`` must give one finding per
  line, every file of ``test/one_per_file/`` exactly one finding;
- ``no_false_positives``: ``test/none`` must give no finding at all.

Run once, from the repository root, with a checkout of the commit it was built from:

    git clone https://github.com/sirwart/ripsecrets /tmp/rs
    git -C /tmp/rs checkout 416e9d04d6ba8941fc3106bf986b6c8aa875767e
    python tests/data/detection/build_ripsecrets_corpus.py /tmp/rs

Secrets: each line of ``test/one_per_line/*`` and each file of ``test/one_per_file/*``
(its lines without indentation), at most ``PER_FILE`` per file (picked by a hash of the
case id; only ``random``, 10 lines, has more), labelled ``secret`` unless by the criterion
below the string holds no literal credential (``FOUND_LABELS``: a masked npm token), or is
left out (``FOUND_LABELS``: a Square id and secret whose bodies are a counting sequence
typed to look random, URLs whose user and password are the words ``USERNAME:PASSWORD``).

Not found: the lines of ``test/none`` are not all free of secrets (two hold a literal key
that only an allowlist comment or ripsecrets' ``.secretsignore`` keeps from being
reported), so each was labelled by hand, once, before any detector here ran on it
(``NONE_LABELS``), by the criterion of ``build_negatives_corpus.py``: a literal credential
is a ``secret`` (even one the source allowlists); a placeholder, reference, variable, code
or host is ``benign``; left out are values that are the word naming them
(``public:secret@``), a dummy pair whose password repeats the user name, and a line that
holds an e-mail address (``@example.com``, which the other parts count as a personal
identifier, so it is neither benign nor a secret). Figures on this part therefore depend
on labels we wrote.

Left out as well: the two private-key files of ``test/one_per_file/`` (``pem_key``,
``private_key``: 1,704 and 3,263 characters, longer than a memory text; a cut key would be
a truncated one); the 14 strings already inside a case of another part here (``TAKEN``:
12 of ripsecrets' test keys are also detect-secrets', from whose tests the library-test
corpus ``tuning.jsonl`` / ``sealed.jsonl`` was built, and its two Intra42 keys are in the
gitleaks part), so that no value counts twice or was tuned on; the strings of
``src/matcher/p_random.rs``' tests (bare words and keys such as ``hello_world`` given to
the probability function alone, not to the scanner) and the ``[secrets]`` list of
``.secretsignore`` (what the scanner is told to ignore, not a test input). Every string is
read from the files only: no code, pattern or rule was taken.

Each string is placed in the sentence templates of the other scanners' examples
(``build_dev_corpus.py``). It writes ``ripsecrets_tuning.jsonl`` and
``ripsecrets_sealed.jsonl`` beside this file: every case goes to one of them by a SHA-256
hash of its id (even: tuning, odd: sealed), decided before any detector was adjusted on
it. The tests read only the two JSONL files.
"""

import sys
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from build_dev_corpus import _stable, capped_lines, labelled_line_cases, write_split

PER_FILE = 8

# Strings already inside a case of another part (position: that part); the comment starts
# the string.
TAKEN: dict[str, str] = {
    "one_per_line/azure:1": "sealed.jsonl",  # AccountKey=lJzRc1YdHaAA2KCNJJ1tkYwF/+mKK6Ygw
    "one_per_line/github:1": "tuning.jsonl",  # 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
    "one_per_line/intra42:1": "gitleaks_sealed.jsonl",  # s-s4t2ud-d91c558a2ba6b47f60f690efc2
    "one_per_line/intra42:2": "gitleaks_sealed.jsonl",  # s-s4t2af-f690efc20ad91c558a2ba6b246
    "one_per_line/jwt:2": "sealed.jsonl",  # eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWI
    "one_per_line/jwt:3": "sealed.jsonl",  # eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWI
    "one_per_line/mailchimp:1": "sealed.jsonl",  # 343ea45721923ed956e2b38c31db76aa-us30
    "one_per_line/sendgrid:1": "tuning.jsonl",  # SG.ngeVfQFYQlKU0ufo8x5d1A.TwL2iGABf9DHoTf-09
    "one_per_line/slack:1": "sealed.jsonl",  # xoxp-523423-234243-234233-e039d02840a0b9379c
    "one_per_line/slack:2": "tuning.jsonl",  # https://hooks.slack.com/services/Txxxxxxxx/B
    "one_per_line/stripe:1": "sealed.jsonl",  # sk_live_ReTllpYQYfIZu2Jnf2lAPFjD
    "one_per_line/stripe:2": "tuning.jsonl",  # rk_live_5TcWfjKmJgpql9hjpRnwRXbT
    "one_per_line/twilio:1": "tuning.jsonl",  # ACxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx
    "one_per_line/twilio:2": "tuning.jsonl",  # SKxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx
}  # fmt: skip

# Strings the tests expect found that are not a ``secret`` by the criterion (position: the
# label, decided from the string alone); every other one is a ``secret``.
FOUND_LABELS: dict[str, str] = {
    "one_per_line/npm:1": "benign",  # //registry.npmjs.org/:_authToken=xxxxxxxxxxx
    "one_per_line/square:1": "skip",  # sq0idk-KJ2M3N4k5p6q7-8s9t0v1w2x_3y
    "one_per_line/square:2": "skip",  # sq0csp-KJ2M3N4k5p6q7-8s9t0v1w2x_3yKJ2M3N4k5p
    "one_per_line/url:1": "skip",  # mysql://USERNAME:PASSWORD@example.com
    "one_per_line/url:2": "skip",  # https://USERNAME:PASSWORD@sub.example.com:80
}

# The lines of ``test/none`` (position: the label, decided from the string alone); the
# comment starts the string.
NONE_LABELS: dict[str, str] = {
    "none:1": "secret",  # sk_live_ReTllpYQYfIZu2Jnf2lAPFjD // pragma:
    "none:2": "benign",  # secret = "asdfasdfasdfasdfasdfasdfasdfasdfas
    "none:3": "benign",  # -----BEGIN PRIVATE KEY-----this is not a pri
    "none:4": "benign",  # CLIENT_SECRET = settings.GITHUB_API_SECRET
    "none:5": "benign",  # ACCESS_TOKEN_URL = ASANA_TOKEN_EXCHANGE_URL
    "none:6": "benign",  # return keyJob.start() # can look like a JWT
    "none:7": "benign",  # WITH (PAD_INDEX = OFF, STATISTICS_NORECOMPUT
    "none:8": "skip",  # req.POST = {"head_long": "v999", "url": "htt
    "none:9": "skip",  # http://public:secret@example.com/1
    "none:10": "benign",  # project_key = PROJECT_NAME_ALIAS
    "none:11": "skip",  # postgresql://user:user@no_connection/no_db
    "none:12": "secret",  # postgresql://user:ReTllpYQYfIZu2Jnf2lAPFjD@n
}


def _lines(tests: Path, name: str) -> Iterator[tuple[str, tuple[str, str]]]:
    """(``name:line``, (``test/<name>``, the line without indentation)) of a test file."""
    content = (tests / name).read_text(encoding="utf-8")
    for number, line in enumerate(content.splitlines(), 1):
        if line.strip():
            yield f"{name}:{number}", (f"test/{name}", line.strip())


def found_strings(root: Path) -> dict[str, tuple[str, str]]:
    """The strings ``no_false_negatives`` expects found, by position: a line of a
    ``one_per_line`` file, a whole ``one_per_file`` file (its lines without indentation)."""
    tests = root / "test"
    found: dict[str, tuple[str, str]] = {}
    for path in sorted((tests / "one_per_line").iterdir()):
        found.update(_lines(tests, path.relative_to(tests).as_posix()))
    for path in sorted((tests / "one_per_file").iterdir()):
        name = path.relative_to(tests).as_posix()
        lines = path.read_text(encoding="utf-8").splitlines()
        found[name] = (f"test/{name}", "\n".join(line.strip() for line in lines).strip())
    return found


def none_strings(root: Path) -> dict[str, tuple[str, str]]:
    """The lines ``no_false_positives`` expects no finding in, by position."""
    return dict(_lines(root / "test", "none"))


def ripsecrets_cases(root: Path) -> Iterator[dict[str, Any]]:
    found = {where: v for where, v in found_strings(root).items() if where not in TAKEN}
    labels = {where: FOUND_LABELS.get(where, "secret") for where in found}
    yield from labelled_line_cases(
        capped_lines(found, "ripsecrets", PER_FILE),
        labels,
        "ripsecrets",
        "ripsecrets tests (no_false_negatives, {path})",
    )
    none = {where: v for where, v in none_strings(root).items() if where not in TAKEN}
    yield from labelled_line_cases(
        capped_lines(none, "ripsecrets", len(none)),  # labelled by hand: every line kept
        NONE_LABELS,
        "ripsecrets",
        "ripsecrets tests (no_false_positives, {path}), labelled by us",
    )


def main(root: Path) -> None:
    cases = list(ripsecrets_cases(root))
    write_split(cases, "ripsecrets")
    counts = Counter(
        ("sealed" if _stable(case["id"]) % 2 else "tuning", case["category"]) for case in cases
    )
    for (part, category), count in sorted(counts.items()):
        print(f"ripsecrets_{part}", category, count)


if __name__ == "__main__":
    main(Path(sys.argv[1]))
