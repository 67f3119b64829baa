"""Build the semgrep part of the held-out development corpus (see README.md here).

semgrep-rules (semgrep/semgrep-rules, LGPL-2.1; no detector here calls semgrep or its rules)
is the rule registry of the semgrep code scanner. Its folder ``generic/secrets/security``
holds semgrep's own secret rules (providers' key formats, generic API keys and secrets,
credentials in URIs, password hashes, private-key headers, ``.npmrc`` tokens), each with a
test file in which a comment ``# ruleid: <rule>`` marks the next line as one the rule must
flag and ``# ok: <rule>`` one it must not (``//`` and ``<!--`` comments alike). The folder
``generic/secrets/gitleaks`` beside it is a port of gitleaks' rules and is left out: the
gitleaks part here holds gitleaks' own examples.

Run once, from the repository root, with a checkout of the commit it was built from:

    git clone https://github.com/semgrep/semgrep-rules /tmp/sg
    git -C /tmp/sg checkout 157ae4706d7f54aa33647332f234dd68f30da195
    python tests/data/detection/build_semgrep_corpus.py /tmp/sg

Read: for each annotation, the next non-empty line of the test file, without its
indentation. Each string was labelled once, by hand, from the string alone, before any
detector here ran on it, by the criterion of ``build_negatives_corpus.py``: a literal
credential is a ``secret`` whatever the annotation says; a placeholder (a counting
sequence, a run of one character, a unit typed over and over such as ``abcd1234…``, a
word such as ``blah``), a reference, a variable, code, a hash, a masked value or an
identifier that is no credential (a cloud account's number, an OAuth client id) is
``benign``, also where the rule flags it; left out (``skip``) are strings that hold only a
key block's first line (its body is on the lines after), a truncated URL, a JSON Web Token
without its signature, a published example key (AWS's documented pair, which other parts
count as a key) or a key altered in one character that an ``ok`` annotation calls no key
(the altered SendGrid and Google keys: a real key of the provider's shape by the string,
no key by the rule), and a value an HTML ``placeholder`` attribute holds. Figures on this
part therefore depend on labels we wrote (``LABELS``; a line not listed is a ``secret`` if
its annotation is ``ruleid``, and left out otherwise).

Left out as well: strings already inside a case of another part here (a value of 16 or
more characters with a digit in it found in another part's texts: ``TAKEN`` lists them as
this build found them), so that no value counts twice or was tuned on, and texts longer than a memory text.
Every string is read from the files only: no code, pattern or rule was taken.

Each string is placed in the sentence templates of the other scanners' examples
(``build_dev_corpus.py``). It writes ``semgrep_tuning.jsonl`` and ``semgrep_sealed.jsonl``
beside this file: every case goes to one of them by a SHA-256 hash of its id (even:
tuning, odd: sealed), decided before any detector was adjusted on it. The tests read only
the two JSONL files.
"""

import json
import re
import sys
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from build_dev_corpus import HERE, _stable, secret_case, write_split

FOLDER = "generic/secrets/security"
_ANNOTATION = re.compile(r"^\s*(?:#|//|<!--)\s*(ruleid|ok)\s*:\s*[\w.-]+")

# Labels decided from each string alone (position: label); the comment starts the string.
LABELS: dict[str, str] = {
    "detected-artifactory-password.txt:5": "benign",  # integrity sha512-AP1AyUTbi2szylgr+O0O
    "detected-artifactory-password.txt:8": "benign",  # integrity_hash_css: "sha256-AP1AyUTbi
    "detected-artifactory-password.txt:11": "benign",  # ImageID: "SHA256:AP1AyUTbi2szylgr26
    "detected-artifactory-password.txt:14": "benign",  # - hasql-1.6.0.1@sha256:AP1AyUTbi2szy
    "detected-artifactory-password.txt:17": "benign",  # X-JFrog-Art-Api: $PASSWORD
    "detected-artifactory-password.txt:20": "benign",  # go.mod h1:6dJC0mAP4ikYIbvyc7fijjWJdd
    "detected-artifactory-password.txt:24": "benign",  # JSoKCQoCB0ASA38IKAoKCgMHQAISA3oHIwoK
    "detected-artifactory-password.txt:113": "benign",  # "integrity": "sha512-12345678APAjZ
    "detected-artifactory-password.txt:118": "skip",  # AP6abc1231321 (inside a public key)
    "detected-artifactory-password.txt:123": "benign",  # kind: APDosLogConf
    "detected-artifactory-token.txt:2": "benign",  # AKCxxxxxxxxxx
    "detected-artifactory-token.txt:5": "benign",  # artif-key:AKCxxxxxxxxxx
    "detected-artifactory-token.txt:8": "benign",  # X-JFrog-Art-Api: AKCxxxxxxxxxx
    "detected-artifactory-token.txt:11": "benign",  # X-JFrog-Art-Api: $API_KEY
    "detected-artifactory-token.txt:14": "benign",  # go.mod h1:6dJC0mAKCikYIbvyc7fijjWJddQy
    "detected-artifactory-token.txt:17": "benign",  # JSoKCQoCB0ASA38IKAoKCgMHQAISA3oHIwoKCgM
    "detected-artifactory-token.txt:21": "benign",  # "integrity": "sha512-12345678AKCjZas3
    "detected-artifactory-token.txt:27": "benign",  # AKCxxxxxxxxxx
    "detected-aws-access-key-id-value.txt:8": "skip",  # AKIAIOSFODNN7EXAMPLE
    "detected-aws-access-key-id-value.txt:11": "skip",  # ASIAIOSFODNN7EXAMPLE
    "detected-aws-account-id.txt:2": "benign",  # aws_account_id = 287139315271
    "detected-aws-account-id.txt:5": "benign",  # aws_account_id:287139315271
    "detected-aws-account-id.txt:13": "benign",  # "account": "287139315271",
    "detected-aws-account-id.txt:43": "benign",  # AccountId: "287139315271"
    "detected-aws-account-id.txt:46": "benign",  # aws_account_id = "287139315271"
    "detected-aws-account-id.txt:52": "benign",  # --inventory-configuration '{"Destinati
    "detected-aws-account-id.txt:56": "benign",  # aws_account_id_fake:123456789012123
    "detected-aws-secret-access-key.txt:8": "skip",  # aws_secret_access_key = wJalrXUtnFEM
    "detected-aws-secret-access-key.txt:11": "benign",  # aws_secret_access_key:wJalrXUtnF…SAMPLEKEY
    "detected-aws-secret-access-key.txt:14": "benign",  # aws_secret_access_key:SAMPLEUtnF…XXXXXXKEY
    "detected-aws-secret-access-key.txt:17": "benign",  # aws_secret_access_key:wJalrXUtnF…TESTKEY
    "detected-aws-secret-access-key.txt:20": "benign",  # aws_secret_access_key:wJalrXUtnF…FAKEKEY
    "detected-aws-secret-access-key.txt:23": "benign",  # AWS_SECRET_ACCESS_KEY=xxxxxxxxxxxx
    "detected-aws-session-token.txt:10": "skip",  # export AWS_SESSION_TOKEN=SAMPLEIvYXdzE
    "detected-etc-shadow.txt:2": "skip",  # root::17431:0:99999:7::: (no password hash)
    "detected-facebook-oauth.txt:5": "benign",  # https://github.com/facebook/zstd/blob/12
    "detected-generic-api-key.txt:2": "benign",  # api_key=1234567890123456789012345678901
    "detected-generic-api-key.txt:5": "benign",  # APIKEY : 12356789012345678901234567890
    "detected-generic-api-key.txt:8": "benign",  # APIKEY - 12356789012345678901234567890
    "detected-generic-api-key.txt:11": "benign",  # APIKEY  1235678901234567890123456789
    "detected-generic-api-key.txt:14": "benign",  # APIKEY="12356789012345678901234567890
    "detected-generic-api-key.txt:17": "benign",  # ApiKeyGenerator.generateApiKeySomeLon
    "detected-generic-api-key.txt:20": "benign",  # ApiKey=
    "detected-generic-secret.txt:2": "benign",  # secret=12345678901234567890123456789012
    "detected-generic-secret.txt:5": "benign",  # SECRET: 1235678901234567890123456789012
    "detected-generic-secret.txt:8": "benign",  # secretary: 12356789012345678901234567890
    "detected-github-token.txt:14": "benign",  # gitfake_token:ghp_abababababababababababa
    "detected-google-api-key.txt:10": "benign",  # AIKAblablablahblahbl
    "detected-google-api-key.txt:12": "skip",  # AIzaSyBGJlWlxZEnJ2yUape3AjqmNyo5xxh6xtI==
    "detected-google-api-key.txt:14": "skip",  # AIzaSyBGJlWlxZEnJ2yUape3AjqmNyo5xxh6xtIs=
    "detected-google-gcm-service-account.txt:2": "benign",  # "type": "service_account"
    "detected-google-oauth.txt:2": "benign",  # 300061924372-UR9fg7OO3Ajs6nvr5s4kQNugr4j8ts
    "detected-jwt-token.txt:7": "skip",  # eyJ0eXAiOiJKV1QiLA0KImFsZyI6IkhTMjU2In0.eyJzdWI
    "detected-jwt-token.txt:11": "skip",  # eyJ0eXAiOiJKV1QiLCJhbGciOiJIUzI1NiJ9.eyJuYW1l
    "detected-jwt-token.txt:19": "skip",  # eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiO
    "detected-jwt-token.txt:23": "benign",  # foreignKeyJsonObject.get(
    "detected-npm-registry-auth-token.npmrc:19": "benign",  # //registry.npmjs.org/:_authTo
    "detected-onfido-live-api-token.txt:2": "benign",  # api_live.abc123ABC-_.abc123ABC-_abc
    "detected-onfido-live-api-token.txt:5": "benign",  # api_live_ca.abc123ABC-_.abc123ABC-_
    "detected-onfido-live-api-token.txt:8": "benign",  # api_live_us.abc123ABC-_.abc123ABC-_
    "detected-outlook-team.txt:2": "skip",  # https://outlook.office.com/webhook/9e10b0f2-b99
    "detected-pgp-private-key-block.txt:2": "skip",  # -----BEGIN PGP PRIVATE KEY BLOCK-----
    "detected-picatic-api-key.jsx:16": "skip",  # placeholder="sk_live_a6afaeada6a1a8a3a6a
    "detected-private-key.txt:2": "skip",  # -----BEGIN PRIVATE KEY-----
    "detected-private-key.txt:6": "skip",  # -----BEGIN RSA PRIVATE KEY-----
    "detected-private-key.txt:10": "skip",  # -----BEGIN DSA PRIVATE KEY-----
    "detected-private-key.txt:14": "skip",  # -----BEGIN OPENSSH PRIVATE KEY-----
    "detected-private-key.txt:18": "skip",  # -----BEGIN EC PRIVATE KEY-----
    "detected-private-key.txt:22": "skip",  # -----BEGIN ENCRYPTED PRIVATE KEY-----
    "detected-private-key.txt:26": "skip",  # -----BEGIN ENCRYPTED PRIVATE KEY-----
    "detected-sendgrid-api-key.txt:5": "skip",  # PE.ngeVfQFYQlKU0ufo8x5d1A.TwL2iGABf9DHo
    "detected-sendgrid-api-key.txt:8": "skip",  # SG.ngeVfQFYQlKU0ufo8x5d1A.TwL2iGABf9DHo
    "detected-sendgrid-api-key.txt:11": "skip",  # SG.ngeVfQFYQlKU0ufo8x5d1A.TwL2iGABf9DH
    "detected-sendgrid-api-key.txt:14": "skip",  # SG.ngeVfQFYQlKU0ufo8x5d1A.TwL2iGABf9DH
    "detected-sendgrid-api-key.txt:17": "skip",  # SG.ngeVfQFYQlKU0ufo8x5d1.TwL2iGABf9DHo
    "detected-sendgrid-api-key.txt:20": "skip",  # SGngeVfQFYQlKU0ufo8x5d1ATwL2iGABf9DHoTf
    "detected-slack-webhook.txt:2": "benign",  # https://hooks.slack.com/services/T12345678
    "detected-slack-webhook.txt:5": "benign",  # https://hooks.slack.com/services/T12345678
    "detected-slack-webhook.txt:8": "benign",  # https://hooks.slack.com/services/T00000000
    "detected-snyk-api-key.txt:2": "benign",  # snyk_token: 12e45678-12e4-12e4-12e4-12e45678
    "detected-snyk-api-key.txt:5": "benign",  # API_SNYK='12e45678-12e4-12e4-12e4-12e456789
    "detected-snyk-api-key.txt:8": "benign",  # snyktoken="12e45678-12e4-12e4-12e4-12e4567
    "detected-snyk-api-key.txt:11": "benign",  # snyktoken=`12e45678-12e4-12e4-12e4-12e456
    "detected-snyk-api-key.txt:14": "benign",  # 12e4567812e412e412e412e456789012
    "detected-snyk-api-key.txt:17": "benign",  # other_token: 12e45678-12e4-12e4-12e4-12e4
    "detected-softlayer-api-key.txt:2": "benign",  # SOFTLAYER: abcd1234abcd1234abcd1234abcd
    "detected-softlayer-api-key.txt:5": "benign",  # softlayer="abcd1234abcd1234abcd1234abc
    "detected-softlayer-api-key.txt:8": "benign",  # SoftLayerApiKey = 'abcd1234abcd1234abc
    "detected-softlayer-api-key.txt:11": "benign",  # My-SoftLayer-Api-Key= `abcd1234abcd12
    "detected-softlayer-api-key.txt:14": "benign",  # SOFTLAYER: abcd_234abcd1234abcd1234abc
    "detected-softlayer-api-key.txt:17": "benign",  # SOFTLAYER: abcd1234abcd1234abcd1234abc
    "detected-square-access-token.txt:2": "benign",  # sq0atp-KoblahBLAHBLAHbEHA6yuw
    "detected-square-oauth-secret.txt:2": "benign",  # sq0csp-0123456789abcdefghijklmnopqrs
    "detected-square-oauth-secret.txt:5": "benign",  # square_oauth = sq0csp-ABCDEFGHIJK_LM
    "detected-ssh-password.txt:2": "benign",  # sshpass -p 'blah'
    "detected-ssh-password.txt:5": "benign",  # cmdInput := fmt.Sprintf("sshpass -p '%s'",
    "detected-ssh-password.txt:8": "benign",  # cmdInput := fmt.Sprintf("sshpass -p %s", p
    "detected-stripe-api-key.txt:5": "benign",  # sk_live_
    "detected-stripe-restricted-api-key.txt:5": "benign",  # rk_live_
    "detected-telegram-bot-api-key.php:8": "benign",  # define('GO.MOD', 'github.com/gorill
    "detected-telegram-bot-api-key.php:10": "benign",  # define('DO_NOT_DETECT_ME', 'github.
    "detected-twilio-api-key.txt:5": "benign",  # SKblah
    "detected-username-and-password-in-uri.txt:5": "skip",  # https://username:**sswor*D12@e
    "detected-username-and-password-in-uri.txt:8": "benign",  # https://example.com
    "detected-username-and-password-in-uri.txt:11": "benign",  # https://example.com/path/to
    "detected-username-and-password-in-uri.txt:14": "benign",  # https://example.com/path/to
    "detected-username-and-password-in-uri.txt:17": "benign",  # https://username:*********
    "detected-username-and-password-in-uri.txt:20": "benign",  # https://username:*********
    "detected-username-and-password-in-uri.txt:23": "benign",  # https://username:••••••••@
    "detected-username-and-password-in-uri.txt:32": "benign",  # xvy=https://www.googly@yoyo
    "detected-username-and-password-in-uri.txt:35": "benign",  # yy=http://google@seeyou.com
    "detected-username-and-password-in-uri.txt:53": "benign",  # f"https://user123:{_github_
    "detected-username-and-password-in-uri.txt:56": "benign",  # f"https://{get_user_name}:{
    "detected-username-and-password-in-uri.txt:62": "benign",  # https://localhost: Example+1
    "detected-username-and-password-in-uri.txt:65": "benign",  # https://docker.ouroath.com:4
    "detected-username-and-password-in-uri.txt:68": "benign",  # [https://npm.vzbuilders.com/
    "detected-username-and-password-in-uri.txt:73": "benign",  # "resolved": "https://regist
    "detected-username-and-password-in-uri.txt:85": "benign",  # "resolved": "https://regist
}

# Strings found inside a case of another part when this part was built (position: that
# part); filled in by ``taken`` and printed, then written here.
TAKEN: dict[str, str] = {}


def annotated(root: Path) -> Iterator[tuple[str, str, str]]:
    """(``file:line``, annotation, the line without indentation) for each annotation of the
    folder's test files, in file order."""
    for path in sorted((root / FOLDER).iterdir()):
        if path.suffix == ".yaml":
            continue
        lines = path.read_text(encoding="utf-8").splitlines()
        for index, line in enumerate(lines):
            found = _ANNOTATION.match(line)
            if found is None:
                continue
            target = index + 1
            while target < len(lines) and not lines[target].strip():
                target += 1
            if target < len(lines):
                yield f"{path.name}:{target + 1}", found.group(1), lines[target].strip()


def other_texts() -> list[str]:
    """Every text of the other parts here."""
    texts = []
    for path in sorted(HERE.glob("*.jsonl")):
        if path.name.startswith("semgrep_"):
            continue
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.strip():
                texts.append(json.loads(line)["candidate"]["text"])
    return texts


def taken(string: str, texts: list[str]) -> bool:
    """Whether a value of ``string`` (a token of 16 or more characters with a digit in it,
    not a name) is inside another part's text."""
    tokens = [
        t
        for t in re.split(r"[\s\"'`=:,;()]+", string)
        if len(t) >= 16 and any(c.isdigit() for c in t)
    ]
    return any(token in text for token in tokens for text in texts)


def semgrep_cases(root: Path) -> Iterator[dict[str, Any]]:
    texts = other_texts()
    for where, annotation, string in annotated(root):
        label = LABELS.get(where, "secret" if annotation == "ruleid" else "skip")
        if label == "skip":
            continue
        if taken(string, texts):
            TAKEN[where] = string[:40]
            continue
        source = f"semgrep-rules {FOLDER} ({annotation}, {where.split(':')[0]})"
        if annotation == "ok" or where in LABELS:
            source += ", labelled by us"
        case = secret_case(f"semgrep:{where}", label, source, string)
        if case is not None:
            yield case


def main(root: Path) -> None:
    cases = list(semgrep_cases(root))
    write_split(cases, "semgrep")
    counts = Counter(
        ("sealed" if _stable(case["id"]) % 2 else "tuning", case["category"]) for case in cases
    )
    for (part, category), count in sorted(counts.items()):
        print(f"semgrep_{part}", category, count)
    for where, string in TAKEN.items():
        print("taken", where, string)


if __name__ == "__main__":
    main(Path(sys.argv[1]))
