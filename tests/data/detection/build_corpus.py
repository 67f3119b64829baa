"""Build the detection corpus from other projects' public test data (see README.md here).

Run once, from the repository root, with python-stdnum's source distribution unpacked:

    pip download --no-binary :all: --no-deps python-stdnum==2.2 -d /tmp/sd
    tar xzf /tmp/sd/python_stdnum-2.2.tar.gz -C /tmp/sd
    python tests/data/detection/build_corpus.py /tmp/sd/python_stdnum-2.2

It writes ``tuning.jsonl`` and ``sealed.jsonl`` beside this file: every case goes to one of
them by a hash of its id, decided before any detector was tuned, so rebuilding gives the
same split. The tests read only the two JSONL files.
"""

import hashlib
import json
import re
import sys
from collections.abc import Iterator
from importlib import import_module
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
PER_MODULE = 8  # at most this many numbers of one stdnum module
PER_LOOK_ALIKE_MODULE = 25

# Generic algorithms, product, security and location codes: not identifiers of a person,
# a taxpayer or an account.
NOT_IDENTIFIERS = {
    "luhn", "verhoeff", "damm", "iso7064", "gs1_128", "mac", "meid", "imei", "imsi", "isbn",
    "issn", "ismn", "isan", "isil", "isrc", "isni", "ean", "casrn", "cfi", "figi", "lei",
    "isin", "cusip", "gb.sedol", "de.wkn", "bic", "iso9362", "iso6346", "iso11649", "grid",
    "eu.nace", "eu.banknote", "eu.ecnumber", "eu.eic", "eu.excise", "es.cae", "es.cups",
    "es.referenciacatastral", "es.postal_code", "nl.postcode", "se.postnummer",
    "at.postleitzahl", "ch.esr", "be.ogm_vcs", "do.ncf", "imo", "us.rtn", "de.leitweg",
    "eu.at_02", "eu.oss", "th.moa", "ro.onrc", "de.handelsregisternummer", "fr.rcs",
}  # fmt: skip
# Look-alikes: valid codes of these kinds are *not* personal data and must be accepted.
LOOK_ALIKE_MODULES = ("isbn", "issn", "ismn", "ean", "casrn", "isin", "lei", "grid", "isrc")

_VALID_BLOCK = re.compile(
    r">>> numbers = '''\n(.*?)\n\.\.\. '''\n>>> \[x for x in numbers\.splitlines\(\) "
    r"if x and not (\w+)\.is_valid\(x\)\]\n\[\]",
    re.S,
)
_VALIDATE = re.compile(
    r">>> (?:\w+\.)?validate\('([^']+)'\)(?:\s*#[^\n]*)?\n(?!Traceback)(\S[^\n]*)"
)


def _module_path(test_file: Path) -> str:
    name = test_file.stem.removeprefix("test_")
    head, _, tail = name.partition("_")
    for candidate in (f"{head}.{tail}", f"{head}_.{tail}", name):
        try:
            import_module(f"stdnum.{candidate}")
        except ImportError:
            continue
        return candidate
    return name


def _stdnum_numbers(root: Path) -> Iterator[tuple[str, str, str]]:
    """(module, number, source file) of every number python-stdnum's tests hold valid."""
    sources = sorted((root / "tests").glob("test_*.doctest")) + sorted(
        (root / "stdnum").rglob("*.py")
    )
    for path in sources:
        text = path.read_text(encoding="utf-8")
        if path.suffix == ".doctest":
            module = _module_path(path)
        else:
            rel = path.relative_to(root / "stdnum").with_suffix("")
            module = ".".join(rel.parts).removesuffix(".__init__")
        where = str(path.relative_to(root))
        for m in _VALID_BLOCK.finditer(text):
            for line in m.group(1).splitlines():
                number = line.removeprefix("...").strip()
                if number:
                    yield module, number, where
        for m in _VALIDATE.finditer(text):
            yield module, m.group(1), where


def _stable(value: str) -> int:
    return int(hashlib.sha256(value.encode()).hexdigest()[:12], 16)


def _kind_name(module: str) -> str:
    doc = (import_module(f"stdnum.{module}").__doc__ or module).strip().splitlines()[0]
    return doc.split(" (")[0].rstrip(".")


def _is_valid(module: str, number: str) -> bool:
    try:
        return bool(import_module(f"stdnum.{module}").is_valid(number))
    except Exception:
        return False


PII_TEMPLATES = (
    "The user's {name} is {value}.",
    "User's ID number: {value}",
    "The user gave their tax number {value} for invoices.",
    "Remember {value} for the user's paperwork.",
    "用户的{name}是{value}。",
    "用户的证件号码：{value}",
    "记住{value}，下次填表要用。",
    "The user asked to keep {value} on file ({name}).",
)
PHONE_TEMPLATES = (
    "The user's mobile number is {value}.",
    "Call the user at {value} after 6pm.",
    "用户手机：{value}",
    "联系电话 {value}",
    "Remember {value} for the delivery.",
    "The user can be reached on {value}.",
)
SECRET_TEMPLATES = (
    "The user's deploy config contains {value}",
    "User shared this for the CI job: {value}",
    "用户的密钥配置是 {value}",
    "Remember the user's setting {value}",
    "The user keeps `{value}` in their .env file.",
)
EMAIL_TEMPLATES = (
    "The user's e-mail is {value}.",
    "Send the weekly report to {value}",
    "用户邮箱：{value}",
    "Contact {value} for billing questions.",
)
BENIGN_TEMPLATES = (
    "The user's favourite book has ISBN {value}.",
    "The user cites {value} in their notes.",
    "用户常用的参考编号是{value}。",
    "The user keeps the code {value} in their reading list.",
)


def _candidate(text: str, tags: list[str], subject: str) -> dict[str, Any]:
    return {
        "type": "stable_user_context",
        "text": text,
        "tags": tags,
        "confidence": 0.9,
        "stability": "stable",
        "identity": {"subject": subject},
        "action": "add",
        "source_signal": "explicit_memory_intent",
        "reason": "stated as lasting",
        "conflict_signal": False,
    }


def _case(case_id: str, category: str, source: str, text: str, subject: str) -> dict[str, Any]:
    expect = "accept" if category == "benign" else "reject"
    code = {"benign": None, "pii": "sensitive", "secret": "runtime_data"}[category]
    tags = ["account details", "profile"] if category != "benign" else ["reference", "notes"]
    return {
        "id": case_id,
        "source_conversation_id": "conv-1",
        "candidate": _candidate(text, tags, subject),
        "expect": expect,
        "code": code,
        "category": category,
        "source": source,
    }


def _pick(templates: tuple[str, ...], key: str) -> str:
    return templates[_stable(key) % len(templates)]


def stdnum_cases(root: Path) -> Iterator[dict[str, Any]]:
    by_module: dict[str, dict[str, str]] = {}
    for module, number, where in _stdnum_numbers(root):
        if module.split(".")[0] in NOT_IDENTIFIERS and module not in LOOK_ALIKE_MODULES:
            continue
        if module in NOT_IDENTIFIERS and module not in LOOK_ALIKE_MODULES:
            continue
        if not _is_valid(module, number):
            continue
        by_module.setdefault(module, {}).setdefault(number, where)
    for module, numbers in sorted(by_module.items()):
        look_alike = module in LOOK_ALIKE_MODULES
        cap = PER_LOOK_ALIKE_MODULE if look_alike else PER_MODULE
        chosen = sorted(numbers, key=lambda n: _stable(module + n))[:cap]
        name = _kind_name(module)
        for number in chosen:
            key = f"stdnum:{module}:{number}"
            if look_alike:
                template = _pick(BENIGN_TEMPLATES, key)
                text = template.format(value=number)
                yield _case(key, "benign", f"python-stdnum {numbers[number]}", text, "reading list")
                continue
            category = "pii"
            text = _pick(PII_TEMPLATES, key).format(name=name, value=number)
            yield _case(key, category, f"python-stdnum {numbers[number]}", text, "identity papers")


def phone_cases() -> Iterator[dict[str, Any]]:
    import phonenumbers
    from phonenumbers import PhoneNumberFormat, PhoneNumberType

    main = {"US", "GB", "CN", "IN", "KR", "JP", "SG", "AU", "CA", "BR", "DE", "FR", "IT", "ES"}
    main |= {"NL", "PL", "SE", "BE", "AT", "IE", "PT", "DK", "FI", "CZ", "GR", "HU", "RO"}
    for region in sorted(phonenumbers.SUPPORTED_REGIONS):
        for kind, number_type in (
            ("fixed", PhoneNumberType.FIXED_LINE),
            ("mobile", PhoneNumberType.MOBILE),
        ):
            number = phonenumbers.example_number_for_type(region, number_type)
            if number is None:
                continue
            formats = [("intl", PhoneNumberFormat.INTERNATIONAL)]
            if region in main:
                formats.append(("national", PhoneNumberFormat.NATIONAL))
            for fmt_name, fmt in formats:
                value = phonenumbers.format_number(number, fmt)
                key = f"phonenumbers:{region}:{kind}:{fmt_name}"
                text = _pick(PHONE_TEMPLATES, key).format(value=value)
                yield _case(
                    key,
                    "pii",
                    "phonenumbers example_number_for_type (libphonenumber metadata)",
                    text,
                    "contact details",
                )


# Values from detect-secrets' plugin tests (Yelp/detect-secrets tests/plugins/*_test.py),
# the cases those tests expect to be flagged, and public documentation samples.
SECRETS: tuple[tuple[str, str], ...] = (
    ("detect-secrets tests/plugins/aws_key_test.py", "AKIAZZZZZZZZZZZZZZZZ"),
    (
        "detect-secrets tests/plugins/aws_key_test.py",
        "aws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",
    ),
    (
        "detect-secrets tests/plugins/aws_key_test.py",
        'secret_key = "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY"',
    ),
    ("AWS documentation sample access key", "AKIAIOSFODNN7EXAMPLE"),
    (
        "AWS documentation sample key pair",
        "aws_access_key_id=AKIAIOSFODNN7EXAMPLE aws_secret_access_key=wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",
    ),
    ("detect-secrets tests/plugins/slack_test.py", "xoxp-523423-234243-234233-e039d02840a0b9379c"),
    ("detect-secrets tests/plugins/slack_test.py", "xoxo-523423-234243-234233-e039d02840a0b9379c"),
    ("detect-secrets tests/plugins/slack_test.py", "xoxs-523423-234243-234233-e039d02840a0b9379c"),
    (
        "detect-secrets tests/plugins/slack_test.py",
        "xoxa-511111111-31111111111-3111111111111-e039d02840a0b9379c",
    ),
    (
        "detect-secrets tests/plugins/slack_test.py",
        "xoxa-2-511111111-31111111111-3111111111111-e039d02840a0b9379c",
    ),
    ("detect-secrets tests/plugins/slack_test.py", "xoxr-523423-234243-234233-e039d02840a0b9379c"),
    ("detect-secrets tests/plugins/slack_test.py", "xoxb-34532454-e039d02840a0b9379c"),
    (
        "detect-secrets tests/plugins/slack_test.py",
        "https://hooks.slack.com/services/Txxxxxxxx/Bxxxxxxxx/xxxxxxxxxxxxxxxxxxxxxxxx",
    ),
    (
        "detect-secrets tests/plugins/github_token_test.py",
        "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",
    ),
    ("detect-secrets tests/plugins/gitlab_token_test.py", "glpat-hellOworld380_testin"),
    ("detect-secrets tests/plugins/gitlab_token_test.py", "gldt-HwllOuhfw-wu0rlD_yep"),
    (
        "detect-secrets tests/plugins/gitlab_token_test.py",
        "glsoat-PREfix_helloworld380_testin_pretty_long_token_long",
    ),
    ("detect-secrets tests/plugins/stripe_key_test.py", "sk_live_ReTllpYQYfIZu2Jnf2lAPFjD"),
    ("detect-secrets tests/plugins/stripe_key_test.py", "rk_live_5TcWfjKmJgpql9hjpRnwRXbT"),
    (
        "detect-secrets tests/plugins/discord_test.py",
        "MTk4NjIyNDgzNDcxOTI1MjQ4.Cl2FMQ.ZnCjm1XVW7vRze4b7Cq4se7kKWs",
    ),
    (
        "detect-secrets tests/plugins/discord_test.py",
        "Nzk5MjgxNDk0NDc2NDU1OTg3.YABS5g.2lmzECVlZv3vv6miVnUaKPQi2wI",
    ),
    (
        "detect-secrets tests/plugins/discord_test.py",
        "MZ1yGvKTjE0rY0cV8i47CjAa.uRHQPq.Xb1Mk2nEhe-4iUcrGOuegj57zMC",
    ),
    (
        "detect-secrets tests/plugins/telegram_token_test.py",
        "bot110201543:AAHdqTcvCH1vGWJxfSe1ofSAs0K5PALDsaw",
    ),
    (
        "detect-secrets tests/plugins/telegram_token_test.py",
        "110201543:AAHdqTcvCH1vGWJxfSe1ofSAs0K5PALDsaw",
    ),
    (
        "detect-secrets tests/plugins/telegram_token_test.py",
        "7213808860:AAH1bjqpKKW3maRSPAxzIU-0v6xNuq2-NjM",
    ),
    ("detect-secrets tests/plugins/twilio_test.py", "SKxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"),
    ("detect-secrets tests/plugins/twilio_test.py", "ACxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"),
    (
        "detect-secrets tests/plugins/sendgrid_test.py",
        "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",
    ),
    (
        "detect-secrets tests/plugins/npm_test.py",
        "//registry.npmjs.org/:_authToken=743b294a-cd03-11ec-9d64-0242ac120002",
    ),
    (
        "detect-secrets tests/plugins/npm_test.py",
        "//registry.npmjs.org/:_authToken=346a14f2-a672-4668-a892-956a462ab56e",
    ),
    ("detect-secrets tests/plugins/npm_test.py", "//registry.npmjs.org/:_auth=dGVzdDp0ZXN0"),
    (
        "detect-secrets tests/plugins/npm_test.py",
        "//private.registry.com/:_auth=YWRtaW46cGFzc3dvcmQ=",
    ),
    ("detect-secrets tests/plugins/npm_test.py", "//registry2.example.com/:_authToken=MYTOKEN2"),
    (
        "detect-secrets tests/plugins/npm_test.py",
        "//private.npm.registry/:_authToken=CUSTOM_TOKEN_123",
    ),
    ("detect-secrets tests/plugins/npm_test.py", "//registry.npmjs.org/:_authToken=abc123def456"),
    (
        "detect-secrets tests/plugins/pypi_token_test.py",
        "pypi-AgEIcHlwaS5vcmcCJDU3OTM1MjliLWIyYTYtNDEwOC05NzRkLTM0MjNiNmEwNWIzYgACF1sxLFsitesttestbWluaW1hbC1wcm9qZWN0Il1dAAIsWzIsWyJjYWY4OTAwZi0xNDMwLTRiYQstYmFmMi1mMDE3OGIyNWZhNTkiXV0AAAYgh2UINPjWBDwT0r3tQ1o5oZyswcjN0-IluP6z34SX3KM",
    ),
    (
        "detect-secrets tests/plugins/pypi_token_test.py",
        "pypi-AgENdGVzdC5weXBpLm9yZwIkN2YxOWZhOWEtY2FjYS00MGZhLTj2MGEtODFjMnE2MjdmMzY0AAIqWzMsImJlM2FiOWI5LTRmYUTnNEg4ZS04Mjk0LWFlY2Y2NWYzNGYzNyJdAAAGIMb5Hb8nVvhcAizcVVzA-bKKnwN7Pe0RmgPRCvrPwyJf",
    ),
    (
        "detect-secrets tests/plugins/openai_test.py",
        "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",
    ),
    (
        "detect-secrets tests/plugins/openai_test.py",
        "sk-proj-Xi8tdMjHV6pmbBbwilTeT3BlbkFJ3UDnpdEwNNm6wVBpYM0o",
    ),
    ("detect-secrets tests/plugins/mailchimp_key_test.py", "343ea45721923ed956e2b38c31db76aa-us30"),
    ("detect-secrets tests/plugins/mailchimp_key_test.py", "a2937653ed38c31a43ea46e2b19257db-us2"),
    (
        "detect-secrets tests/plugins/square_oauth_test.py",
        "square_oauth = sq0csp-ABCDEFGHIJK_LMNOPQRSTUVWXYZ-0123456789\\abcd",
    ),
    ("detect-secrets tests/plugins/artifactory_test.py", "artifactory = AP6xxxxxxxxxx"),
    ("detect-secrets tests/plugins/artifactory_test.py", "jfrog AP5xxxxxxxxxx"),
    ("detect-secrets tests/plugins/artifactory_test.py", "X-JFrog-Art-Api: AKCxxxxxxxxxx"),
    ("detect-secrets tests/plugins/artifactory_test.py", "artifactory_secret=AP6xxxxxxxxxx"),
    (
        "detect-secrets tests/plugins/azure_storage_key_test.py",
        "AccountKey=lJzRc1YdHaAA2KCNJJ1tkYwF/+mKK6Ygw0NGe170Xu592euJv2wYUtBlV8z+qnlcNQSnIYVTkLWntUO1F8j8rQ==",
    ),
    (
        "detect-secrets tests/plugins/azure_storage_key_test.py",
        'AccountKey="lJzRc1YdHaAA2KCNJJ1tkYwF/+mKK6Ygw0NGe170Xu592euJv2wYUtBlV8z+qnlcNQSnIYVTkLWntUO1F8j8rQ=="',
    ),
    (
        "detect-secrets tests/plugins/private_key_test.py",
        "-----BEGIN RSA PRIVATE KEY----- c3VwZXIgZHVwZXIgc2VjcmV0IHBhc3N3b3JkLCBzdXBlciBkdXBlciBzZ -----END RSA PRIVATE KEY-----",
    ),
    (
        "detect-secrets tests/plugins/private_key_test.py",
        "-----BEGIN PRIVATE KEY----- c3VwZXIgZHVwZXIgc2VjcmV0IHBhc3N3b3JkLCBzdXBlciBkdXBlciBzZWNyZXQgcGFzc3 -----END PRIVATE KEY-----",
    ),
    ("detect-secrets tests/plugins/private_key_test.py", "PuTTY-User-Key-File-2 secret key"),
    ("detect-secrets tests/plugins/basic_auth_test.py", "https://username:password@yelp.com"),
    (
        "detect-secrets tests/plugins/jwt_test.py",
        "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IkpvaG4gRG9lIiwiaWF0IjoxNTE2MjM5MDIyfQ.SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c",
    ),
    (
        "detect-secrets tests/plugins/jwt_test.py",
        "eyJ0eXAiOiJKV1QiLA0KImFsZyI6IkhTMjU2In0.eyJzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IkpvaG4gRG9lIiwiaWF0IjoxNTE2MjM5MDIyfQ",
    ),
    (
        "detect-secrets tests/plugins/jwt_test.py",
        "eyJ0eXAiOiJKV1QiLCJhbGciOiJIUzI1NiJ9.eyJuYW1lIjoiSm9lIiwKInN0YXR1cyI6ImVtcGxveWVlIgp9",
    ),
    (
        "detect-secrets tests/plugins/jwt_test.py",
        "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IsWww6HFkcOtIMOWxZHDqcOoIiwiaWF0IjoxNTE2MjM5MDIyfQ.k5HibI_uLn_RTuPcaCNkaVaQH2y5q6GvJg8GPpGMRwQ",
    ),
    (
        "detect-secrets tests/plugins/jwt_test.py",
        "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IkpvaG4gRG9lIiwiaWF0IjoxNTE2MjM5MDIyfQ",
    ),
    (
        "detect-secrets tests/plugins/keyword_test.py",
        'apikey := "{{h}o)p${e]nob(ody[finds>-_$#thisone}}"',
    ),
    (
        "detect-secrets tests/plugins/keyword_test.py",
        "apikey:= {{h}o)p${e]nob(ody[finds>-_$#thisone}}",
    ),
    (
        "detect-secrets tests/plugins/keyword_test.py",
        "'theapikey': '{{h}o)p${e]nob(ody[finds>-_$#thisone}}'",
    ),
    (
        "detect-secrets tests/plugins/keyword_test.py",
        '"theapikey": "{{h}o)p${e]nob(ody[finds>-_$#thisone}}"',
    ),
    (
        "detect-secrets tests/plugins/keyword_test.py",
        "apikey: {{h}o)p${e]nob(ody[finds>-_$#thisone}}",
    ),
    (
        "detect-secrets tests/plugins/keyword_test.py",
        'apikey = @"{{h}o)p${e]nob(ody[finds>-_$#thisone}}"',
    ),
    (
        "detect-secrets tests/plugins/keyword_test.py",
        'some_dict["secret"] = "{{h}o)p${e]nob(ody[finds>-_$#thisone}}"',
    ),
    (
        "detect-secrets tests/plugins/keyword_test.py",
        'the_password= "{{h}o)p${e]nob(ody[finds>-_$#thisone}}"',
    ),
    (
        "detect-secrets tests/plugins/keyword_test.py",
        "my_password={{h}o)p${e]nob(ody[finds>-_$#thisone}}",
    ),
    (
        "detect-secrets tests/plugins/keyword_test.py",
        'apikey "{{h}o)p${e]nob(ody[finds>-_$#thisone}}";',
    ),
    (
        "detect-secrets tests/plugins/keyword_test.py",
        "private_key '{{h}o)p${e]nob(ody[finds>-_$#thisone}}';",
    ),
    (
        "detect-secrets tests/plugins/gcp_api_test.py (upstream)",
        "AIzaSyDaGmWKa4JsXZ-HjGw7ISLn_3namBGewQe",
    ),
    (
        "detect-secrets tests/plugins/hashicorp_vault_token_test.py (upstream)",
        "hvs.wWPw5k4aXcaT4fNP0UcnZwJUVFk6LO0pINUx",
    ),
    (
        "detect-secrets tests/plugins/grafana_test.py (upstream)",
        "glsa_Q0tTx59W5f7LXgxiM4MjJs75176oun5F_e5c6b96d",
    ),
    (
        "detect-secrets tests/plugins/grafana_test.py (upstream)",
        "eyJrIjoiR0ZXZmt1UFc0OEpIOGN5RWdUalBJTllUTk83VlhtVGwiLCJuIjoiYXBpa2V5Y3VybCIsImlkIjo2fQ==",
    ),
    (
        "detect-secrets tests/plugins/grafana_test.py (upstream)",
        "glc_eyJrIjoiZjI0YzZkNGEwZDBmZmZjMmUzNTU2ODcxMmY0ZWZlNTQ1NTljMDFjOCIsIm4iOiJteXRva2VuIiwiaWQiOjF9",
    ),
)
# Benign look-alikes from the same tests: what those detectors must *not* flag.
SECRET_NEGATIVES: tuple[tuple[str, str], ...] = (
    ("detect-secrets tests/plugins/aws_key_test.py", "akiazzzzzzzzzzzzzzzz"),
    ("detect-secrets tests/plugins/aws_key_test.py", "AKIAZZZ"),
    (
        "detect-secrets tests/plugins/github_token_test.py",
        "foo_wWPw5k4aXcaT4fNP0UcnZwJUVFk6LO0pINUx",
    ),
    ("detect-secrets tests/plugins/gitlab_token_test.py", "glpat-hellOWorld380 testin"),
    ("detect-secrets tests/plugins/gitlab_token_test.py", "foo_hello-world80_testin"),
    ("detect-secrets tests/plugins/stripe_key_test.py", "sk_live_"),
    ("detect-secrets tests/plugins/npm_test.py", "//registry.npmjs.org/:_authToken=${NPM_TOKEN}"),
    ("detect-secrets tests/plugins/jwt_test.py", "jwt"),
    ("detect-secrets tests/plugins/jwt_test.py", "eyJAAAA.eyJBBB"),
    ("detect-secrets tests/plugins/jwt_test.py", "eyJBB.eyJCC.eyJDDDD"),
    ("detect-secrets tests/plugins/keyword_test.py", 'theapikey := ""'),
    ("detect-secrets tests/plugins/keyword_test.py", "password: ${link}"),
    ("detect-secrets tests/plugins/keyword_test.py", 'my_password = ""'),
    ("detect-secrets tests/plugins/keyword_test.py", "my_password = True"),
    ("detect-secrets tests/plugins/keyword_test.py", "login(username=username, password=password)"),
    ("detect-secrets tests/plugins/keyword_test.py", "apiKey: this.apiKey,"),
    ("detect-secrets tests/plugins/keyword_test.py", "$password = $input;"),
    ("detect-secrets tests/plugins/artifactory_test.py", "testAKCwithinsomeirrelevantstring"),
    ("detect-secrets tests/plugins/artifactory_test.py", "X-JFrog-Art-Api: $API_KEY"),
    ("detect-secrets tests/plugins/basic_auth_test.py", "http://localhost:5000/<%= @variable %>"),
    ("detect-secrets tests/plugins/azure_storage_key_test.py", "learS3Bucket"),
    (
        "detect-secrets tests/plugins/hashicorp_vault_token_test.py (upstream)",
        "MyClass.atLeast24CharactersField",
    ),
    ("detect-secrets tests/plugins/email_address_test.py (upstream)", "user@com"),
    ("detect-secrets tests/plugins/email_address_test.py (upstream)", "user@ex..com"),
)
EMAILS: tuple[tuple[str, str], ...] = tuple(
    ("detect-secrets tests/plugins/email_address_test.py (upstream)", value)
    for value in (
        "user@example.com", "user.name@example.com", "user_name@example.com",
        "user-name@example.com", "user+name@example.com", "user.name+category@example.com",
        "user@gmail.com", "user@yahoo.com", "user@hotmail.com",
    )
)  # fmt: skip
# Published test card numbers (Stripe's testing documentation), Luhn-valid by design.
CARDS = (
    "4242424242424242", "4000056655665556", "5555555555554444", "2223003122003222",
    "5200828282828210", "5105105105105100", "378282246310005", "371449635398431",
    "6011111111111117", "6011000990139424", "3056930009020004", "36227206271667",
    "3566002020360505", "6200000000000005", "4242 4242 4242 4242", "5555-5555-5555-4444",
)  # fmt: skip
# EIP-55's own test vectors (mixed-case checksummed Ethereum addresses).
ETH = (
    "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed", "0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359",
    "0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB", "0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb",
)  # fmt: skip
CARD_TEMPLATES = (
    "The user's card number is {value}.",
    "用户的信用卡号：{value}",
    "Charge {value} for the subscription.",
    "The user pays with {value}.",
)
WALLET_TEMPLATES = (
    "The user's wallet address is {value}.",
    "Send the refund to {value}",
    "用户的钱包地址：{value}",
)


# Everyday numbers a memory may hold (written for this corpus; the values are generated).
WRITTEN_BENIGN = (
    "The user drives a {year} Toyota Corolla.",
    "The user wears shoe size {shoe} (EU).",
    "The user's project runs on Python {version}.",
    "The user's dev server listens on port {port}.",
    "The user's wedding anniversary is on {date}.",
    "The user budgets {price} yuan per month for groceries.",
    "用户的车是{year}款的本田雅阁。",
    "用户穿{shoe}码的鞋。",
    "用户的服务跑在{port}端口。",
    "用户的生日是{date}。",
    "The user upgraded Node.js to v{version} last week.",
    "The user's flight lands at {time} on {date}.",
    "The user's apartment is {sqm} square metres, built in {year}.",
    "The user ran {km} km in {minutes} minutes and wants to beat it.",
    "The user keeps about {price} USD in an emergency fund.",
    "用户每天走{steps}步。",
    "The user's order #{order} is for a standing desk.",
    "The user's postcode area is {postcode}.",
    "The user loves chocolate chip cookies.",
    "The user uses a password manager (1Password).",
    "The user prefers token-based auth design discussions.",
    "The user rotates API keys every 90 days as a policy.",
    "用户习惯每三个月更换一次密码。",
    "The user's favourite JWT library is PyJWT.",
)


def written_benign_cases() -> Iterator[dict[str, Any]]:
    for i in range(150):
        key = f"written:{i}"
        h = _stable(key)
        values = {
            "year": 1985 + h % 40,
            "shoe": 36 + h % 12,
            "port": (3000, 5432, 6379, 8000, 8080, 8443, 9200, 27017)[h % 8],
            "version": f"{3 + h % 2}.{h % 13}.{h % 7}",
            "date": f"20{10 + h % 15}-{1 + h % 12:02d}-{1 + h % 28:02d}",
            "price": 500 + (h % 9500),
            "time": f"{h % 24:02d}:{h % 60:02d}",
            "sqm": 40 + h % 120,
            "km": 3 + h % 40,
            "minutes": 15 + h % 200,
            "steps": 5000 + h % 15000,
            "order": 10**9 + h % (10**11),
            "postcode": f"{10000 + h % 89999}",
        }
        template = WRITTEN_BENIGN[i % len(WRITTEN_BENIGN)]
        yield _case(
            key, "benign", "written for this corpus", template.format(**values), "daily life"
        )


# Long everyday numbers a memory may hold next to a word saying what they are, and
# product codes given bare (written for this corpus, values generated). Added to the
# tuning part only, after the split: the sealed part is never rebuilt.
TUNING_LOOK_ALIKES = (
    "Remember order {long} for the refund.",
    "The user's parcel tracking number is {long}.",
    "Remember booking reference {long} for the hotel.",
    "The user's invoice {long} was paid in March.",
    "The nightly backup last ran at Unix time {epoch}.",
    "The event log starts at timestamp {epoch_ms}.",
    "The user's photo archive is {long} bytes.",
    "The user's video has {long} views.",
    "The user sold the flat for {long} yuan.",
    "The user's pension pot is ${long}.",
    "The user's laptop reports Windows build 10.0.{build}.",
    "The user's NAS is at 192.168.{octet}.{octet2}.",
    "Remember {isbn} for the book club.",
    "The user saves log files as {stamp}.log.",
    "The user's ticket #{long} is about a broken charger.",
    "The user's serial number is {long} on the receipt.",
    "记住订单号{long}，下次退货要用。",
    "用户的快递单号是{long}。",
    "用户的硬盘有{long}字节。",
    "The user's city has {long} residents in the census.",
)


def tuning_look_alike_cases() -> Iterator[dict[str, Any]]:
    for i in range(60):
        key = f"look-alike:{i}"
        h = _stable(key)
        isbn12 = f"978{h % 10**9:09d}"
        check = (10 - sum(int(d) * (3 if j % 2 else 1) for j, d in enumerate(isbn12)) % 10) % 10
        values = {
            "long": 10**8 + h % (10**12),
            "epoch": 1_000_000_000 + h % 1_100_000_000,
            "epoch_ms": 1_000_000_000_000 + h % 1_100_000_000_000,
            "build": f"{19041 + h % 4000}.{h % 5000}",
            "octet": h % 256,
            "octet2": 1 + h % 254,
            "isbn": isbn12 + str(check),
            "stamp": f"20{10 + h % 15}{1 + h % 12:02d}{1 + h % 28:02d}{h % 24:02d}{h % 60:02d}00",
        }
        template = TUNING_LOOK_ALIKES[i % len(TUNING_LOOK_ALIKES)]
        yield _case(
            key, "benign", "written for this corpus", template.format(**values), "daily life"
        )


def fixed_cases() -> Iterator[dict[str, Any]]:
    for source, value in SECRETS:
        key = f"secret:{value}"
        text = _pick(SECRET_TEMPLATES, key).format(value=value)
        yield _case(key, "secret", source, text, "deployment settings")
    for source, value in SECRET_NEGATIVES:
        key = f"not-secret:{value}"
        text = f"The user's snippet reads {value} in the docs example."
        yield _case(key, "benign", source, text, "code snippet")
    for source, value in EMAILS:
        key = f"email:{value}"
        text = _pick(EMAIL_TEMPLATES, key).format(value=value)
        yield _case(key, "pii", source, text, "contact details")
    for value in CARDS:
        key = f"card:{value}"
        text = _pick(CARD_TEMPLATES, key).format(value=value)
        yield _case(key, "pii", "Stripe testing documentation (test card numbers)", text, "payment")
    for value in ETH:
        key = f"eth:{value}"
        text = _pick(WALLET_TEMPLATES, key).format(value=value)
        yield _case(key, "pii", "EIP-55 test vectors", text, "crypto wallet")


def stdnum_wallet_and_iban_templates(case: dict[str, Any]) -> dict[str, Any]:
    """IBANs and Bitcoin addresses read better in their own sentences."""
    module = case["id"].split(":")[1]
    value = case["id"].split(":", 2)[2]
    if module in ("iban", "be.iban", "es.iban") or module.endswith(".iban"):
        text = _pick(
            ("The user's IBAN is {value}.", "用户的收款账户：{value}", "Pay rent to {value}."),
            case["id"],
        )
    elif module == "bitcoin":
        text = _pick(WALLET_TEMPLATES, case["id"])
    else:
        return case
    case["candidate"]["text"] = text.format(value=value)
    return case


def main(root: Path) -> None:
    cases = [stdnum_wallet_and_iban_templates(c) for c in stdnum_cases(root)]
    cases += list(phone_cases()) + list(fixed_cases()) + list(written_benign_cases())
    seen: set[str] = set()
    cases = [
        c
        for c in cases
        if len(c["candidate"]["text"]) <= 300
        and not (c["candidate"]["text"] in seen or seen.add(c["candidate"]["text"]))
    ]
    tuning = [c for c in cases if _stable("split:" + c["id"]) % 2 == 0]
    sealed = [c for c in cases if _stable("split:" + c["id"]) % 2 == 1]
    tuning += list(tuning_look_alike_cases())
    for name, part in (("tuning", tuning), ("sealed", sealed)):
        with (HERE / f"{name}.jsonl").open("w", encoding="utf-8") as out:
            for case in sorted(part, key=lambda c: c["id"]):
                out.write(json.dumps(case, ensure_ascii=False) + "\n")
        print(name, len(part))


if __name__ == "__main__":
    main(Path(sys.argv[1]))
