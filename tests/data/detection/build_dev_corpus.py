"""Build the held-out development corpus (see README.md here) from sources no detector uses.

Run once, from the repository root, with Faker installed and the two scanners' repositories
checked out (only their ``rules/*.yml`` example strings are read):

    pip install faker==40.63.0
    git clone https://github.com/praetorian-inc/noseyparker /tmp/np
    git clone https://github.com/mongodb/kingfisher /tmp/kf
    python tests/data/detection/build_dev_corpus.py /tmp/np /tmp/kf

It writes ``dev_tuning.jsonl`` and ``dev_sealed.jsonl`` beside this file: every case goes to
one of them by a SHA-256 hash of its id (even: tuning, odd: sealed), decided before any
detector was adjusted on it. The tests read only the two JSONL files.
"""

import ast
import hashlib
import json
import random
import sys
from collections import Counter
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any

import yaml
from build_corpus import _case  # one case shape for both corpora (a script sees its own folder)

HERE = Path(__file__).resolve().parent
MAX_TEXT = 300  # MemoryConfig.max_text_chars: longer texts are refused for their length
PER_KIND = 6  # generated identifiers per (locale, generator)

# Faker generators of personal, tax or account identifiers, per locale (faker 40.63).
FAKER_KINDS: dict[str, tuple[str, ...]] = {
    "ar_DZ": ("ssn",), "az_AZ": ("ssn",), "bg_BG": ("vat_id",),
    "cs_CZ": ("birth_number", "vat_id"), "de_AT": ("ssn", "vat_id"),
    "de_DE": ("kvnr", "rvnr", "vat_id", "iban"), "el_GR": ("police_id", "ssn", "tin"),
    "en_CA": ("ssn",), "en_GB": ("ssn", "iban"), "en_IN": ("aadhaar_id", "pan", "gstin"),
    "en_PH": ("sss", "gsis", "philhealth", "pagibig", "umid"),
    "en_US": ("ssn", "itin", "ein", "passport_number", "credit_card_number"),
    "es_AR": ("dni", "cuil", "cuit"), "es_CL": ("person_rut",), "es_CO": ("nuip",),
    "es_ES": ("nie", "nif", "nuss", "iban"), "es_MX": ("curp", "rfc", "elector_code", "clabe"),
    "es_VE": ("cedula", "rif"), "et_EE": ("ssn",), "fi_FI": ("ssn",), "fr_CH": ("ssn",),
    "fr_FR": ("ssn", "iban"), "he_IL": ("ssn",), "hr_HR": ("ssn",), "hu_HU": ("ssn",),
    "it_IT": ("ssn", "cie", "passport_number"), "lv_LV": ("ssn",), "nl_BE": ("ssn", "iban"),
    "nl_NL": ("ssn",), "no_NO": ("ssn",), "pl_PL": ("ssn",), "pt_BR": ("cpf", "rg", "cin"),
    "ro_RO": ("ssn",), "sk_SK": ("birth_number",), "sv_SE": ("ssn",), "th_TH": ("ssn",),
    "tr_TR": ("ssn",), "uk_UA": ("ssn",), "zh_CN": ("ssn", "credit_card_number"),
    "zh_TW": ("ssn",),
}  # fmt: skip
# How a person names the kind in a sentence (the generator's name is no word a user says).
KIND_WORDS = {
    "ssn": "national ID number", "vat_id": "VAT number", "birth_number": "birth number",
    "kvnr": "health insurance number", "rvnr": "pension insurance number",
    "police_id": "police ID", "tin": "tax number", "aadhaar_id": "Aadhaar number",
    "pan": "PAN", "gstin": "GSTIN", "sss": "SSS number", "gsis": "GSIS number",
    "philhealth": "PhilHealth number", "pagibig": "Pag-IBIG number", "umid": "UMID",
    "itin": "ITIN", "ein": "EIN", "passport_number": "passport number",
    "credit_card_number": "card number", "dni": "DNI", "cuil": "CUIL", "cuit": "CUIT",
    "person_rut": "RUT", "nuip": "NUIP", "nie": "NIE", "nif": "NIF",
    "nuss": "social security number", "iban": "IBAN", "curp": "CURP", "rfc": "RFC",
    "elector_code": "voter ID", "clabe": "CLABE", "cedula": "cédula", "rif": "RIF",
    "cie": "identity card number", "cpf": "CPF", "rg": "RG", "cin": "identity number",
}  # fmt: skip
PII_TEMPLATES = (
    "The user's {name} is {value}.",
    "For the visa form the user gave {name} {value}.",
    "Keep {value} handy, the user needs it for the bank.",
    "用户的{name}：{value}",
    "用户说下次办手续时用 {value}。",
    "User mentioned their {name} ({value}) when booking.",
)
SECRET_TEMPLATES = (
    "{value}",
    "The user's project config has this line: {value}",
    "用户的配置文件里写着：{value}",
    "Remember for the deploy: {value}",
)

# Sentences around each look-alike kind: (English, Chinese).
BENIGN_TEMPLATES = {
    "doi": ("The user cites doi:{v} in the paper.", "用户引用的论文 DOI 是 {v}。"),
    "cve": ("The user is patching {v} on the web servers.", "用户在修复漏洞 {v}。"),
    "kb": ("The user's Windows update {v} failed twice.", "用户装不上补丁 {v}。"),
    "uuid": ("The user's workspace id is {v}.", "用户的项目 UUID 是 {v}。"),
    "commit": ("The user pinned the library at commit {v}.", "用户把依赖固定在提交 {v}。"),
    "short_commit": ("The regression started at {v}.", "问题从提交 {v} 开始出现。"),
    "sha256": ("The user checks the installer's SHA-256 {v}.", "安装包的校验和是 {v}。"),
    "version": ("The user runs version {v} of the CLI.", "用户用的是 {v} 版本。"),
    "isbn": ("The user's favourite book is ISBN {v}.", "用户在读的书 ISBN 是 {v}。"),
    "order": ("The user's Amazon order {v} is late.", "用户的订单号 {v} 还没到。"),
    "tracking": ("The user's parcel has tracking number {v}.", "用户的快递单号是 {v}。"),
    "flight": ("The user flies {v} every month.", "用户每月坐 {v} 航班。"),
    "postcode": ("The user lives near postcode {v}.", "用户住在邮编 {v} 附近。"),
    "cas": ("The user orders the reagent CAS {v}.", "用户常用的试剂 CAS 号是 {v}。"),
    "ipv4_private": ("The user's NAS is at {v} on the home LAN.", "用户家里路由器是 {v}。"),
    "date": ("The user's lease ends on {v}.", "用户的合同 {v} 到期。"),
    "price": ("The user's budget is {v} per month.", "用户每月预算 {v}。"),
}


def _stable(key: str) -> int:
    return int(hashlib.sha256(key.encode()).hexdigest(), 16)


def secret_text(key: str, value: str) -> str | None:
    """A scanner's string as a memory text: in one of ``SECRET_TEMPLATES`` (picked by the
    case's key), alone when the sentence would be too long, None when even it is."""
    text = SECRET_TEMPLATES[_stable(key) % len(SECRET_TEMPLATES)].format(value=value)
    if len(text) > MAX_TEXT:
        text = value
    return text if len(text) <= MAX_TEXT else None


def secret_case(key: str, category: str, source: str, value: str) -> dict[str, Any] | None:
    """A case for a scanner's string (a config line, ``secret_text``), None when it is
    longer than a memory text."""
    text = secret_text(key, value)
    return None if text is None else _case(key, category, source, text, "config")


def capped_lines(
    found: dict[str, tuple[str, str]], prefix: str, per_file: int
) -> list[tuple[str, str, str]]:
    """(``file:line``, file, string) from ``found`` (``file:line``: (file, string)): each
    distinct string once (its first place), at most ``per_file`` per file picked by a
    hash of the case id (``<prefix>:<file:line>``), texts longer than a memory left out."""
    first: dict[str, str] = {}
    for where in sorted(found):
        first.setdefault(found[where][1], where)
    by_file: dict[str, list[str]] = {}
    for where in first.values():
        by_file.setdefault(found[where][0], []).append(where)
    picked = []
    for path in sorted(by_file):
        wheres = sorted(
            by_file[path], key=lambda w: hashlib.sha256(f"{prefix}:{w}".encode()).hexdigest()
        )
        for where in wheres[:per_file]:
            if len(found[where][1]) <= MAX_TEXT:
                picked.append((where, path, found[where][1]))
    return picked


def labelled_line_cases(
    picked: list[tuple[str, str, str]], labels: dict[str, str], prefix: str, source: str
) -> Iterator[dict[str, Any]]:
    """A case per picked string its label keeps (``skip`` and unlabelled ones left out);
    ``source`` is formatted with the file's name."""
    for where, path, text in picked:
        label = labels.get(where, "skip")
        if label == "skip":
            continue
        case = secret_case(f"{prefix}:{where}", label, source.format(path=path), text)
        if case is not None:
            yield case


def parametrize_tables(node: ast.AST) -> Iterator[tuple[list[str], list[Any]]]:
    """(argument names, rows) of every ``pytest.mark.parametrize`` call under ``node`` whose
    names and rows are literals, as a test file lists its cases."""
    for call in ast.walk(node):
        if not (
            isinstance(call, ast.Call)
            and isinstance(call.func, ast.Attribute)
            and call.func.attr == "parametrize"
            and len(call.args) >= 2
            and isinstance(call.args[0], ast.Constant)
            and isinstance(call.args[0].value, str)
        ):
            continue
        try:
            rows = ast.literal_eval(call.args[1])
        except ValueError:
            continue  # rows built at run time
        if isinstance(rows, list):
            yield [name.strip() for name in call.args[0].value.split(",")], rows


def faker_cases() -> Iterator[dict[str, Any]]:
    from faker import Faker

    for locale, kinds in sorted(FAKER_KINDS.items()):
        fake = Faker(locale)
        fake.seed_instance(_stable(locale) % 2**32)
        for kind in kinds:
            seen: set[str] = set()
            for _ in range(PER_KIND * 3):
                value = str(getattr(fake, kind)())
                if value in seen:
                    continue
                seen.add(value)
                key = f"faker:{locale}:{kind}:{value}"
                template = PII_TEMPLATES[_stable(key) % len(PII_TEMPLATES)]
                text = template.format(name=KIND_WORDS[kind], value=value)
                yield _case(key, "pii", f"Faker {locale} {kind}()", text, "documents")
                if len(seen) == PER_KIND:
                    break


def _rule_examples(root: Path, pattern: str) -> Iterator[tuple[str, str]]:
    for path in sorted(root.glob(pattern)):
        data = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
        for rule in data.get("rules") or ():
            # The scanners' own labels: Nosey Parker's "secret" category; Kingfisher's
            # invisible rules find the ids and hosts its secret rules pair with.
            categories = rule.get("categories")
            if rule.get("visible") is False or (categories and "secret" not in categories):
                continue
            for example in rule.get("examples") or ():
                if isinstance(example, str) and example.strip():
                    yield rule.get("id") or rule.get("name"), example.strip()


def scanner_cases(root: Path, pattern: str, name: str, skip: set[str]) -> Iterator[dict[str, Any]]:
    for rule_id, example in _rule_examples(root, pattern):
        if example in skip:
            continue  # already taken from the other scanner
        skip.add(example)
        key = f"{name}:{rule_id}:{hashlib.sha256(example.encode()).hexdigest()[:12]}"
        template = SECRET_TEMPLATES[_stable(key) % len(SECRET_TEMPLATES)]
        text = template.format(value=example)
        if len(text) > MAX_TEXT:
            text = example
        if len(text) > MAX_TEXT:
            continue
        yield _case(key, "secret", f"{name} rule examples ({rule_id})", text, "config")


def _isbn13(rng: random.Random) -> str:
    body = "978" + "".join(str(rng.randrange(10)) for _ in range(9))
    check = (10 - sum(int(d) * (3 if i % 2 else 1) for i, d in enumerate(body)) % 10) % 10
    return f"{body[:3]}-{body[3]}-{body[4:8]}-{body[8:12]}-{check}"


def _cas(rng: random.Random) -> str:
    digits = str(rng.randrange(50, 999999))
    body = digits + str(rng.randrange(10, 99))
    check = sum(int(d) * (i + 1) for i, d in enumerate(reversed(body))) % 10
    return f"{body[:-2]}-{body[-2:]}-{check}"


def benign_cases() -> Iterator[dict[str, Any]]:
    """Look-alikes of identifiers and secrets a memory may hold (values from Faker or a seed)."""
    from faker import Faker

    fake = Faker("en_US")
    fake.seed_instance(20)
    rng = random.Random(20)
    alnum = "ABCDEFGHJKLMNPQRSTUVWXYZ0123456789"
    makers: dict[str, Any] = {
        "doi": lambda: (
            f"10.{rng.randrange(1000, 99999)}/{fake.lexify('????').lower()}"
            f".{rng.randrange(2000, 2025)}.{rng.randrange(100, 99999)}"
        ),
        "cve": lambda: f"CVE-{rng.randrange(1999, 2026)}-{rng.randrange(1000, 499999)}",
        "kb": lambda: f"KB{rng.randrange(2000000, 5999999)}",
        "uuid": lambda: str(fake.uuid4()),
        "commit": fake.sha1,
        "short_commit": lambda: fake.sha1()[:7],
        "sha256": fake.sha256,
        "version": lambda: f"{rng.randrange(0, 30)}.{rng.randrange(0, 40)}.{rng.randrange(0, 200)}",
        "isbn": lambda: _isbn13(rng),
        "order": lambda: (
            f"{rng.randrange(100, 999)}-{rng.randrange(1000000, 9999999)}"
            f"-{rng.randrange(1000000, 9999999)}"
        ),
        "tracking": lambda: "1Z" + "".join(rng.choice(alnum) for _ in range(16)),
        "flight": lambda: (
            f"{rng.choice(['LH', 'BA', 'CA', 'UA', 'AF', 'MU'])}{rng.randrange(10, 9999)}"
        ),
        "postcode": fake.postcode,
        "cas": lambda: _cas(rng),
        "ipv4_private": fake.ipv4_private,
        "date": fake.date,
        "price": lambda: f"{rng.randrange(1, 9999)}.{rng.randrange(10, 99)} USD",
    }
    for kind, make in makers.items():
        for i in range(8):
            value = make()
            template = BENIGN_TEMPLATES[kind][i % 2]
            key = f"benign:{kind}:{value}"
            yield _case(
                key,
                "benign",
                f"look-alike {kind} (Faker or seeded)",
                template.format(v=value),
                "reference",
            )
    sentences = (
        "The user uses a password manager for every account.",
        "The user rotates API keys monthly.",
        "用户每个月都会更换 API 密钥。",
        "The user prefers token-based auth over sessions.",
        "The user wants password = env.TEST_PASSWORD in the test config.",
        'The user\'s PHP login reads $pwd = $_POST["password"];',
        "The user sets DB_PASSWORD=${DB_PASSWORD} in docker-compose.",
        'The user reads the key with api_key = os.environ["OPENAI_API_KEY"].',
        "The user keeps secrets in Vault, never in .env files.",
        "The user's passport expires next spring.",
        "用户的护照明年到期，需要续签。",
        "The user asked how to reset a forgotten password.",
        "The user's team stores the access token in the keychain.",
        "用户用密码管理器保存所有密码。",
        "The user configures client_secret: ${CLIENT_SECRET} in the chart values.",
        "The user writes token: process.env.GITHUB_TOKEN in the workflow.",
    )
    for text in sentences:
        key = f"benign:topic:{hashlib.sha256(text.encode()).hexdigest()[:12]}"
        yield _case(key, "benign", "topic sentences (written for this corpus)", text, "habits")


def main(noseyparker: Path, kingfisher: Path) -> None:
    seen: set[str] = set()
    cases = [
        *faker_cases(),
        *scanner_cases(
            noseyparker, "crates/noseyparker/data/default/builtin/rules/*.yml", "noseyparker", seen
        ),
        *scanner_cases(kingfisher, "data/rules/*.yml", "kingfisher", seen),
        *benign_cases(),
    ]
    write_split(cases, "dev")


def write_split(cases: Iterable[dict[str, Any]], prefix: str) -> None:
    """``<prefix>_tuning.jsonl`` and ``<prefix>_sealed.jsonl`` beside this script: each case
    (the first of each id) goes to one part by the parity of its id's hash, once."""
    ids: set[str] = set()
    parts: dict[str, list[str]] = {f"{prefix}_tuning": [], f"{prefix}_sealed": []}
    for case in cases:
        if case["id"] in ids:
            continue
        ids.add(case["id"])
        part = f"{prefix}_sealed" if _stable(case["id"]) % 2 else f"{prefix}_tuning"
        parts[part].append(json.dumps(case, ensure_ascii=False))
    for name, lines in parts.items():
        (HERE / f"{name}.jsonl").write_text("\n".join(lines) + "\n", encoding="utf-8")
        print(name, len(lines))


def report_split(cases: Iterable[dict[str, Any]], prefix: str, left_out: Counter[str]) -> None:
    """Print how many cases of each category went to each part, then why the others were
    left out (most common reason first)."""
    parts: Counter[tuple[str, str]] = Counter()
    for case in cases:
        part = "sealed" if _stable(case["id"]) % 2 else "tuning"
        parts[part, case["category"]] += 1
    for (part, category), count in sorted(parts.items()):
        print(f"{prefix}_{part} {category} {count}")
    for reason, count in left_out.most_common():
        print(f"left out: {count} {reason}")


if __name__ == "__main__":
    main(Path(sys.argv[1]), Path(sys.argv[2]))
