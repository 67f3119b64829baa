"""Build the talisman part of the held-out development corpus (see README.md here).

talisman (thoughtworks/talisman, MIT; no detector here calls it) is a pre-commit and
pre-push hook written in Go that stops secrets from leaving a developer's machine: it looks
at the names, sizes and contents of the files a commit adds, and in their contents for
base64 and hex strings of high entropy, credit card numbers and lines matching patterns
such as ``password=…`` or a private-key block. Its detector tests (Go files
``detector/**/*_test.go``) give it literal strings and assert whether each is flagged.

Run once, from the repository root, with a checkout of the commit it was built from:

    git clone https://github.com/thoughtworks/talisman /tmp/tm
    git -C /tmp/tm checkout efcb1a3629f60b5e0bec21c1f2a74c19bd2210f5
    python tests/data/detection/build_talisman_corpus.py /tmp/tm

Read: the string literals (Go's quoted and back-quoted literals, joined where the test
joins them with ``+``, including the loop of ``TestShouldDetectPasswordPatterns`` over its
``values`` list) that the tests of ``detector/filecontent`` and ``detector/pattern`` pass
to a detector: the content of a ``gitrepo.NewAddition`` (``[]byte(…)``), or the argument of
``CheckBase64Encoding``, ``CheckHexEncoding``, ``containsWordsOnly``,
``GetEntropyCandidatesWithinWord``, ``GetShannonEntropy`` or the pattern matcher's
``check``. Whether a test expects its strings flagged was read, once, from its assertions
(``EXPECTED``: ``results.HasFailures()`` true or false, the detector returning the string
or ``""``, a words-only check true); in ``TestShouldDetectPasswordPatterns`` each string's
helper says it (``shouldPassDetectionOfSecretPattern``: flagged,
``shouldFailDetectionOfSecretPattern``: not flagged). A string some test expects flagged
counts as flagged only. Each string is taken without its lines' indentation and ``\\r``.

Flagged: labelled ``secret`` unless by the criterion below the string holds no literal
credential (``FOUND_LABELS``: the loop's placeholder ``randomStringGoesHere``, a password
that is the counting sequence ``123456789`` and a key name with no value, ``AWS key :``,
are ``benign``), or is left out (``FOUND_LABELS``: a JWT header followed by five typed
letters, a private-key block whose body is 36 letters typed at random, ``PWD=appropriate``
and ``pass=appropriate`` that read as a shell's working directory or an English word as
well as a password, bare hex strings that nothing says are a credential).

Not flagged: the tests expect no finding for these, some only because a ``.talismanrc``
allowlist, checksum or threshold keeps a literal password from being reported, so each was
labelled by hand, once, before any detector here ran on it (``NOT_FOUND_LABELS``), by the
criterion of ``build_negatives_corpus.py``: a literal credential is a ``secret`` (even one
the source allowlists); a placeholder (a counting sequence, a run of one character), a
reference, a variable, code, a word or a method name is ``benign``; ambiguous, truncated
or self-contradictory strings and strings shorter than four characters are left out.
Figures on this part therefore depend on labels we wrote.

Left out as well: the tests of ``detector/filename`` (file names and paths, not contents),
``detector/filesize`` (a file's size), ``detector/helpers``, ``detector/severity`` and
``detector/chain_test.go`` (no content given to a detector); the credit card tests
(``filecontent_credit_card_detector_test.go`` and the three of
``filecontent_detector_test.go``: card numbers are personal identifiers, not credentials,
and these are the card networks' published test numbers); the words-only checks that return
false (``TestWordCheckWithHex``, ``…HalfWordsHalfHex``, ``…HalfWordsHalfSecret``,
``…WithSecret``: not being words says nothing of being flagged); the empty string of
``TestEntropyValueOfEmptyStringShouldBeZero``; the strings already inside a case of another
part here (``TAKEN``: AWS's documented example key pair, also in the library-test corpus
``tuning.jsonl``, and the short words ``abcd``, ``abc`` and ``for``, which occur inside
texts of the commonregex part), so that no value counts twice or was tuned on (strings
holding one of the AWS keys among other text are not inside a case and are kept); beyond
``PER_FILE`` strings of one test file (picked by a hash of the case id among those not left
out: 8 of the 88 distinct strings of ``pattern_detector_test.go``, 77 of them the loop's
variants of one assignment), and texts longer than a memory text. Every string is read from
the files only: no code, pattern or rule was taken.

Each string is placed in the sentence templates of the other scanners' examples
(``build_dev_corpus.py``). It writes ``talisman_tuning.jsonl`` and ``talisman_sealed.jsonl``
beside this file: every case goes to one of them by a SHA-256 hash of its id (even:
tuning, odd: sealed), decided before any detector was adjusted on it. The tests read only
the two JSONL files.
"""

import ast
import re
import sys
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from build_dev_corpus import _stable, capped_lines, labelled_line_cases, write_split

PER_FILE = 8
FOUND, NOT_FOUND = "flagged", "not flagged"

# What each test expects of the strings it gives a detector, read from its assertions
# (tests not listed are left out); ``TestShouldDetectPasswordPatterns`` says it per string.
EXPECTED: dict[str, str] = {
    "filecontent/base64_aggressive_detector_test.go:"
    "TestShouldFlagPotentialAWSAccessKeysInAggressiveMode": FOUND,
    "filecontent/base64_aggressive_detector_test.go:"
    "TestShouldFlagPotentialAWSAccessKeysAtPropertyDefinitionInAggressiveMode": FOUND,
    "filecontent/base64_aggressive_detector_test.go:"
    "TestShouldNotFlagPotentialSecretsWithinSafeJavaCodeEvenInAggressiveMode": NOT_FOUND,
    "filecontent/base64_detector_test.go:TestBase64DetectorShouldNotDetectSafeText": NOT_FOUND,
    "filecontent/base64_detector_test.go:TestBase64DetectorShouldDetectBase64Text": FOUND,
    "filecontent/base64_detector_test.go:"
    "TestBase64DetectorShouldNotDetectLongMethodNamesEvenWithHighEntropy": NOT_FOUND,
    "filecontent/filecontent_detector_test.go:TestShouldNotFlagSafeText": NOT_FOUND,
    "filecontent/filecontent_detector_test.go:TestShouldIgnoreFileIfNeeded": NOT_FOUND,
    "filecontent/filecontent_detector_test.go:TestShouldNotFlag4CharSafeText": NOT_FOUND,
    "filecontent/filecontent_detector_test.go:TestShouldNotFlagLowEntropyBase64Text": NOT_FOUND,
    "filecontent/filecontent_detector_test.go:TestShouldFlagPotentialAWSSecretKeys": FOUND,
    "filecontent/filecontent_detector_test.go:"
    "TestShouldFlagPotentialSecretWithoutTrimmingWhenLengthLessThan50Characters": FOUND,
    "filecontent/filecontent_detector_test.go:TestShouldFlagPotentialJWT": FOUND,
    "filecontent/filecontent_detector_test.go:TestShouldFlagPotentialSecretsWithinJavaCode": FOUND,
    "filecontent/filecontent_detector_test.go:"
    "TestShouldNotFlagPotentialSecretsWithinSafeJavaCode": NOT_FOUND,
    "filecontent/filecontent_detector_test.go:"
    "TestShouldNotFlagPotentialSecretsWithinSafeLongMethodName": NOT_FOUND,
    "filecontent/filecontent_detector_test.go:TestShouldFlagPotentialSecretsEncodedInHex": FOUND,
    "filecontent/filecontent_detector_test.go:TestShouldNotFlagPotentialSecretsIfIgnored": NOT_FOUND,
    "filecontent/filecontent_detector_test.go:"
    "TestResultsShouldContainHexTextsIfHexAndBase64ExistInFile": FOUND,
    "filecontent/filecontent_detector_test.go:"
    "TestResultsShouldContainBase64TextsIfHexAndBase64ExistInFile": FOUND,
    "filecontent/hex_detector_test.go:TestHexDetectorShouldNotDetectSafeText": NOT_FOUND,
    "filecontent/hex_detector_test.go:TestHexDetectorShouldDetectBase64Text": FOUND,
    "filecontent/shannon_entropy_test.go:TestEntropyCandidatesShouldBeFoundForGivenSet": FOUND,
    "filecontent/shannon_entropy_test.go:TestEntropyCandidatesShouldBeEmptyForShorterWords": (
        NOT_FOUND
    ),
    "filecontent/shannon_entropy_test.go:TestEntropyValueOfSecretShouldBeHigherThanFour": FOUND,
    "filecontent/word_check_test.go:TestWordCheckWithWordsOnlyText": NOT_FOUND,
    "filecontent/word_check_test.go:TestWordCheckWithWordsOnlyLongText": NOT_FOUND,
    "filecontent/word_check_test.go:TestWordCheckWithSingleWord": NOT_FOUND,
    "filecontent/word_check_test.go:TestWordCheckWithSingleShortWord": NOT_FOUND,
    "pattern/match_pattern_test.go:TestShouldReturnEmptyStringWhenDoesNotMatchAnyRegex": NOT_FOUND,
    "pattern/match_pattern_test.go:TestShouldReturnStringWhenMatchedPasswordPattern": FOUND,
    "pattern/match_pattern_test.go:TestShouldAddGoodPatternWithHighToMatcher": FOUND,
    "pattern/pattern_detector_test.go:TestShouldDetectPasswordPatterns": "per string",
    "pattern/pattern_detector_test.go:TestShouldIgnorePasswordPatternsIfChecksumMatches": (
        NOT_FOUND
    ),
    "pattern/pattern_detector_test.go:TestShouldIgnoreAllowedPattern": NOT_FOUND,
    "pattern/pattern_detector_test.go:TestShouldOnlyWarnSecretPatternIfBelowThreshold": NOT_FOUND,
}
HELPERS = {
    "shouldPassDetectionOfSecretPattern": FOUND,
    "shouldFailDetectionOfSecretPattern": NOT_FOUND,
}
# Calls whose first argument is the string a detector is given.
INPUT_CALLS = {
    "byte",  # []byte(…): the content of an addition
    "CheckBase64Encoding",
    "CheckHexEncoding",
    "containsWordsOnly",
    "GetEntropyCandidatesWithinWord",
    "GetShannonEntropy",
    "check",
}

# Strings already inside a case of another part (position: that part); the comment starts
# the string.
TAKEN: dict[str, str] = {
    "filecontent/base64_aggressive_detector_test.go:21": "tuning.jsonl",  # AKIAIOSFODNN7EXAMPLE
    "filecontent/base64_detector_test.go:23": "tuning.jsonl",  # wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY
    "filecontent/filecontent_detector_test.go:51": "commonregex_tuning.jsonl",  # abcd
    "filecontent/filecontent_detector_test.go:72": "tuning.jsonl",  # wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY
    "filecontent/shannon_entropy_test.go:13": "tuning.jsonl",  # wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY
    "filecontent/shannon_entropy_test.go:21": "commonregex_tuning.jsonl",  # abc
    "filecontent/shannon_entropy_test.go:27": "tuning.jsonl",  # wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY
    "filecontent/word_check_test.go:29": "commonregex_sealed.jsonl",  # for
}  # fmt: skip

# Flagged strings that are not a ``secret`` by the criterion (position: the label, decided
# from the string alone); every other one is a ``secret``.
FOUND_LABELS: dict[str, str] = {
    "filecontent/filecontent_detector_test.go:88": "skip",  # eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9asdfa
    "filecontent/filecontent_detector_test.go:168": "skip",  # 68656C6C6F20776F726C6421
    "filecontent/hex_detector_test.go:23": "skip",  # 6A6176617375636B73676F726F636B7368616861
    "pattern/match_pattern_test.go:31": "benign",  # password" :  123456789
    "pattern/match_pattern_test.go:32": "benign",  # pw"  :  123456789
    "pattern/match_pattern_test.go:40": "benign",  # pw"  :  123456789
    "pattern/pattern_detector_test.go:33:password": "benign",  # .password=randomStringGoesHere}
    "pattern/pattern_detector_test.go:34:password": "benign",  # :password randomStringGoesHere
    "pattern/pattern_detector_test.go:35:password": "benign",  # password ,"randomStringGoesHere"
    "pattern/pattern_detector_test.go:36:password": "benign",  # 'password' ,"randomStringGoesHere"
    "pattern/pattern_detector_test.go:37:password": "benign",  # "password" ,"randomStringGoesHere"
    "pattern/pattern_detector_test.go:43:password": "benign",  # <password data=123> randomStringGoesHere </p
    "pattern/pattern_detector_test.go:46:password": "benign",  # <admin password> randomStringGoesHere </mypa
    "pattern/pattern_detector_test.go:33:secret": "benign",  # .secret=randomStringGoesHere}
    "pattern/pattern_detector_test.go:34:secret": "benign",  # :secret randomStringGoesHere
    "pattern/pattern_detector_test.go:35:secret": "benign",  # secret ,"randomStringGoesHere"
    "pattern/pattern_detector_test.go:36:secret": "benign",  # 'secret' ,"randomStringGoesHere"
    "pattern/pattern_detector_test.go:37:secret": "benign",  # "secret" ,"randomStringGoesHere"
    "pattern/pattern_detector_test.go:43:secret": "benign",  # <secret data=123> randomStringGoesHere </sec
    "pattern/pattern_detector_test.go:46:secret": "benign",  # <admin secret> randomStringGoesHere </mysecr
    "pattern/pattern_detector_test.go:33:key": "benign",  # .key=randomStringGoesHere}
    "pattern/pattern_detector_test.go:34:key": "benign",  # :key randomStringGoesHere
    "pattern/pattern_detector_test.go:35:key": "benign",  # key ,"randomStringGoesHere"
    "pattern/pattern_detector_test.go:36:key": "benign",  # 'key' ,"randomStringGoesHere"
    "pattern/pattern_detector_test.go:37:key": "benign",  # "key" ,"randomStringGoesHere"
    "pattern/pattern_detector_test.go:43:key": "benign",  # <key data=123> randomStringGoesHere </key>
    "pattern/pattern_detector_test.go:46:key": "benign",  # <admin key> randomStringGoesHere </mykey>
    "pattern/pattern_detector_test.go:33:pwd": "benign",  # .pwd=randomStringGoesHere}
    "pattern/pattern_detector_test.go:34:pwd": "benign",  # :pwd randomStringGoesHere
    "pattern/pattern_detector_test.go:35:pwd": "benign",  # pwd ,"randomStringGoesHere"
    "pattern/pattern_detector_test.go:36:pwd": "benign",  # 'pwd' ,"randomStringGoesHere"
    "pattern/pattern_detector_test.go:37:pwd": "benign",  # "pwd" ,"randomStringGoesHere"
    "pattern/pattern_detector_test.go:43:pwd": "benign",  # <pwd data=123> randomStringGoesHere </pwd>
    "pattern/pattern_detector_test.go:46:pwd": "benign",  # <admin pwd> randomStringGoesHere </mypwd>
    "pattern/pattern_detector_test.go:33:pass": "benign",  # .pass=randomStringGoesHere}
    "pattern/pattern_detector_test.go:34:pass": "benign",  # :pass randomStringGoesHere
    "pattern/pattern_detector_test.go:35:pass": "benign",  # pass ,"randomStringGoesHere"
    "pattern/pattern_detector_test.go:36:pass": "benign",  # 'pass' ,"randomStringGoesHere"
    "pattern/pattern_detector_test.go:37:pass": "benign",  # "pass" ,"randomStringGoesHere"
    "pattern/pattern_detector_test.go:43:pass": "benign",  # <pass data=123> randomStringGoesHere </pass>
    "pattern/pattern_detector_test.go:46:pass": "benign",  # <admin pass> randomStringGoesHere </mypass>
    "pattern/pattern_detector_test.go:33:pword": "benign",  # .pword=randomStringGoesHere}
    "pattern/pattern_detector_test.go:34:pword": "benign",  # :pword randomStringGoesHere
    "pattern/pattern_detector_test.go:35:pword": "benign",  # pword ,"randomStringGoesHere"
    "pattern/pattern_detector_test.go:36:pword": "benign",  # 'pword' ,"randomStringGoesHere"
    "pattern/pattern_detector_test.go:37:pword": "benign",  # "pword" ,"randomStringGoesHere"
    "pattern/pattern_detector_test.go:43:pword": "benign",  # <pword data=123> randomStringGoesHere </pwor
    "pattern/pattern_detector_test.go:46:pword": "benign",  # <admin pword> randomStringGoesHere </mypword
    "pattern/pattern_detector_test.go:33:passphrase": "benign",  # .passphrase=randomStringGoesHere}
    "pattern/pattern_detector_test.go:34:passphrase": "benign",  # :passphrase randomStringGoesHere
    "pattern/pattern_detector_test.go:35:passphrase": "benign",  # passphrase ,"randomStringGoesHere"
    "pattern/pattern_detector_test.go:36:passphrase": "benign",  # 'passphrase' ,"randomStringGoesHere"
    "pattern/pattern_detector_test.go:37:passphrase": "benign",  # "passphrase" ,"randomStringGoesHere"
    "pattern/pattern_detector_test.go:43:passphrase": "benign",  # <passphrase data=123> randomStringGoesHere <
    "pattern/pattern_detector_test.go:46:passphrase": "benign",  # <admin passphrase> randomStringGoesHere </my
    "pattern/pattern_detector_test.go:54": "benign",  # AWS key :
    "pattern/pattern_detector_test.go:55": "skip",  # BEGIN RSA PRIVATE KEY-----\naghjdjadslgjagsf
    "pattern/pattern_detector_test.go:58": "skip",  # PWD=appropriate
    "pattern/pattern_detector_test.go:59": "skip",  # pass=appropriate
}  # fmt: skip

# Strings expected not flagged (position: the label, decided from the string alone); the
# comment starts the string.
NOT_FOUND_LABELS: dict[str, str] = {
    "filecontent/base64_aggressive_detector_test.go:60": "benign",  # public class HelloWorld {\n\npublic static v
    "filecontent/base64_detector_test.go:14": "benign",  # pretty safe
    "filecontent/base64_detector_test.go:32": "benign",  # TestBase64DetectorShouldNotDetectLongMethodN
    "filecontent/filecontent_detector_test.go:23": "benign",  # prettySafe
    "filecontent/filecontent_detector_test.go:32": "benign",  # prettySafe
    "filecontent/filecontent_detector_test.go:51": "benign",  # abcd
    "filecontent/filecontent_detector_test.go:61": "benign",  # YWFhYWFhYWFhYWFhYWFhYWFhYWFhYWFhYWFhYWFhYWEK
    "filecontent/filecontent_detector_test.go:148": "benign",  # public class HelloWorld {\n\npublic static v
    "filecontent/filecontent_detector_test.go:158": "benign",  # TestBase64DetectorShouldNotDetectLongMethodN
    "filecontent/hex_detector_test.go:14": "benign",  # pretty safe
    "filecontent/shannon_entropy_test.go:21": "skip",  # abc
    "filecontent/word_check_test.go:11": "benign",  # helloWorldGreetingsFromThoughtWorks
    "filecontent/word_check_test.go:17": "benign",  # TestBase64DetectorShouldNotDetectLongMethodN
    "filecontent/word_check_test.go:23": "benign",  # exception
    "filecontent/word_check_test.go:29": "skip",  # for
    "pattern/match_pattern_test.go:26": "benign",  # safeString
    "pattern/pattern_detector_test.go:62": "benign",  # "pAsSWoRD" :1234567
    "pattern/pattern_detector_test.go:63": "benign",  # setPassword("12345678")
    "pattern/pattern_detector_test.go:64": "benign",  # setenv(password,123456)
    "pattern/pattern_detector_test.go:65": "benign",  # random=12345678)
    "pattern/pattern_detector_test.go:70": "secret",  # "password" : UnsafePassword
    "pattern/pattern_detector_test.go:87": "secret",  # "key" : "This is an allowed keyword"\npasswo
}  # fmt: skip

TOKEN = re.compile(
    r"(?P<comment>//[^\n]*|/\*.*?\*/)"
    r"|(?P<raw>`[^`]*`)"
    r'|(?P<str>"(?:\\.|[^"\\\n])*")'
    r"|(?P<rune>'(?:\\.|[^'\\\n])*')"
    r"|(?P<ident>[A-Za-z_][A-Za-z0-9_]*)"
    r"|(?P<num>[0-9][0-9.]*)"
    r"|(?P<op>:=|\+\+|&&|\|\||\S)"
    r"|\s+",
    re.S,
)
Token = tuple[str, str]  # (kind, text)


def tokens(source: str) -> tuple[list[Token], list[int]]:
    """The Go source as (kind, text) tokens, comments and spaces dropped (a string
    literal's text is its value), and the line of each."""
    out: list[Token] = []
    lines: list[int] = []
    for match in TOKEN.finditer(source):
        kind = match.lastgroup
        text = match.group()
        if kind in (None, "comment"):
            continue
        if kind == "raw":
            out.append(("str", text[1:-1].replace("\r", "")))
        elif kind == "str":
            out.append(("str", ast.literal_eval(text)))  # Go's escapes used here are Python's
        else:
            out.append((kind, text))
        lines.append(source.count("\n", 0, match.start()) + 1)
    return out, lines


def _close(toks: list[Token], i: int) -> int:
    """The index of the bracket closing the one at ``i``."""
    pairs = {"(": ")", "{": "}", "[": "]"}
    opening, depth = toks[i][1], 0
    for j in range(i, len(toks)):
        if toks[j] == ("op", opening):
            depth += 1
        elif toks[j] == ("op", pairs[opening]):
            depth -= 1
            if depth == 0:
                return j
    raise ValueError("unbalanced brackets")


class Body:
    """A test function's tokens with its string constants, string lists and the values of
    the loop it runs over one."""

    def __init__(self, toks: list[Token]) -> None:
        self.toks = toks
        self.consts: dict[str, str] = {}
        self.lists: dict[str, list[str]] = {}
        self.loop: dict[str, str] = {}  # list name: the element of this pass

    def value(self, i: int) -> tuple[str | None, int]:
        """The string expression starting at ``i`` (literals, constants, ``values[i]``,
        ``strings.ToUpper``/``ToTitle`` joined by ``+``), None if it is none, and the index
        after it."""
        parts: list[str] = []
        while True:
            part, i = self._operand(i)
            if part is None:
                return None, i
            parts.append(part)
            if self.toks[i : i + 1] != [("op", "+")]:
                return "".join(parts), i
            i += 1

    def _operand(self, i: int) -> tuple[str | None, int]:
        toks = self.toks
        kind, text = toks[i]
        if kind == "str":
            return text, i + 1
        if kind != "ident":
            return None, i
        if text == "strings" and toks[i + 1] == ("op", "."):
            inner, j = self.value(i + 4)
            if toks[i + 2][1] in ("ToUpper", "ToTitle") and inner is not None:
                return inner.upper(), j + 1
            return None, i
        if toks[i + 1] == ("op", "["):
            if text in self.loop and toks[i + 3] == ("op", "]"):
                return self.loop[text], i + 4
            return None, i
        if text in self.consts and toks[i + 1] != ("op", "("):
            return self.consts[text], i + 1
        return None, i


def _definitions(body: Body, start: int, end: int) -> None:
    """The string constants and string lists a test defines between ``start`` and ``end``."""
    toks = body.toks
    for i in range(start, end):
        kind, name = toks[i]
        if kind != "ident":
            continue
        after = toks[i + 1 : i + 3]
        if after == [("ident", "string"), ("op", "=")]:
            j = i + 3  # const name string = …
        elif after[:1] == [("op", ":=")] or (
            after[:1] == [("op", "=")] and toks[i - 1] == ("ident", "const")
        ):
            j = i + 2  # name := …, const name = …
        else:
            continue
        if toks[j] == ("op", "[") and toks[j + 3] == ("ident", "string"):
            close = _close(toks, j + 4)  # name := [n]string{…}
            body.lists[name] = [t for k, t in toks[j + 5 : close] if k == "str"]
            continue
        value, _ = body.value(j)
        if value is not None:
            body.consts[name] = value


def _inputs(body: Body, start: int, end: int, expected: str) -> Iterator[tuple[str, int, str]]:
    """(expectation, index of the call, string) of every detector input between ``start``
    and ``end``."""
    toks = body.toks
    i = start
    while i < end:
        kind, text = toks[i]
        if kind == "ident" and text == "for":
            brace = next(j for j in range(i, end) if toks[j] == ("op", "{"))
            close = _close(toks, brace)
            header = toks[i:brace]
            name = next(
                header[k + 2][1] for k in range(len(header)) if header[k] == ("ident", "len")
            )
            for element in body.lists[name]:
                body.loop[name] = element
                yield from _inputs(body, brace + 1, close, expected)
            del body.loop[name]
            i = close + 1
            continue
        if kind == "ident" and text in HELPERS and toks[i + 1] == ("op", "("):
            close = _close(toks, i + 1)
            yield from _inputs(body, i + 2, close, HELPERS[text])
            i = close + 1
            continue
        if kind == "ident" and text in INPUT_CALLS and toks[i + 1] == ("op", "("):
            value, _ = body.value(i + 2)
            if value is not None:
                yield expected, i, value
        i += 1


def test_strings(root: Path) -> Iterator[tuple[str, str, str, str]]:
    """(position, test file, expectation, string) of every string a test in ``EXPECTED``
    gives a detector; the position is ``file:line`` of the call, and in a loop
    ``file:line:element`` (the element of the list looped over)."""
    detector = root / "detector"
    for path in sorted(detector.glob("**/*_test.go")):
        name = path.relative_to(detector).as_posix()
        toks, lines = tokens(path.read_text(encoding="utf-8"))
        for i in range(len(toks) - 2):
            if toks[i] != ("ident", "func") or toks[i + 1][0] != "ident":
                continue
            test = f"{name}:{toks[i + 1][1]}"
            if test not in EXPECTED:
                continue
            brace = next(j for j in range(i, len(toks)) if toks[j] == ("op", "{"))
            close = _close(toks, brace)
            body = Body(toks)
            _definitions(body, brace + 1, close)
            for expected, call, value in _inputs(body, brace + 1, close, EXPECTED[test]):
                where = ":".join([name, str(lines[call]), *body.loop.values()])
                text = "\n".join(line.strip() for line in value.splitlines()).strip()
                yield where, f"detector/{name}", expected, text


def talisman_cases(root: Path) -> Iterator[dict[str, Any]]:
    found: dict[str, tuple[str, str]] = {}
    not_found: dict[str, tuple[str, str]] = {}
    for where, path, expected, text in test_strings(root):
        (found if expected == FOUND else not_found)[where] = (path, text)
    flagged = {text for _, text in found.values()}
    labels = {where: FOUND_LABELS.get(where, "secret") for where in found}
    for where, (_, text) in not_found.items():
        if text not in flagged:  # a string some test expects flagged counts as flagged
            labels[where] = NOT_FOUND_LABELS.get(where, "skip")
    assert not (set(TAKEN) | set(FOUND_LABELS) | set(NOT_FOUND_LABELS)) - set(labels)
    strings = {
        where: value
        for where, value in {**found, **not_found}.items()
        if labels.get(where, "skip") != "skip" and where not in TAKEN
    }
    picked = capped_lines(strings, "talisman", PER_FILE)
    yield from labelled_line_cases(
        [p for p in picked if p[0] in found], labels, "talisman", "talisman tests ({path})"
    )
    yield from labelled_line_cases(
        [p for p in picked if p[0] in not_found],
        labels,
        "talisman",
        "talisman tests ({path}, expected not flagged), labelled by us",
    )


def main(root: Path) -> None:
    if sys.argv[2:] == ["--list"]:
        for where, _, expected, text in test_strings(root):
            print(expected, where, repr(text))
        return
    cases = list(talisman_cases(root))
    write_split(cases, "talisman")
    counts = Counter(
        ("sealed" if _stable(case["id"]) % 2 else "tuning", case["category"]) for case in cases
    )
    for (part, category), count in sorted(counts.items()):
        print(f"talisman_{part}", category, count)


if __name__ == "__main__":
    main(Path(sys.argv[1]))
