"""Build the Presidio part of the held-out development corpus (see README.md here).

Presidio's analyzer (measured and not adopted: no detector here calls it) tests each of its
pattern recognizers on texts it lists with how many entities it must find there
(``presidio-analyzer/tests/test_*_recognizer.py``, ``pytest.mark.parametrize`` rows whose
first two fields are a text and ``expected_len``). Run once, from the repository root, with
a checkout of the commit it was built from:

    git clone https://github.com/microsoft/presidio /tmp/pr
    git -C /tmp/pr checkout 0aa9f8e44275cb52c00fbbebe19168e934e1f076
    python tests/data/detection/build_presidio_corpus.py /tmp/pr

Every row that must find at least one entity, with literal fields only, becomes a case:
personal identifiers (``pii``: national, tax, health, insurance, passport, driving-licence,
voter and professional numbers, cards, bank accounts and IBANs, phones, e-mail and wallet
addresses) and look-alikes (``benign``: dates, IP and MAC addresses, URLs, postcodes). A
text that is a sentence is kept as Presidio wrote it; a bare value (the entity spans the
whole text) goes into the sentence templates of the other identifier sources
(``build_dev_corpus.PII_TEMPLATES``, ``BENIGN_TEMPLATES``; for look-alike kinds those have
no sentence for, two sentences written for this corpus). At most ``PER_ENTITY`` per entity
(IBANs: one per country). Left out: rows that must find nothing (mostly the same value with
one character changed: whether a near miss of an identifier may be stored is not what
those tests say), names (``PERSON``), vehicle registrations and licence plates (no detector
here refuses them), company registers (Handelsregister, Korean business registration,
Swedish organisationsnummer, Singapore UEN, Australian ACN: they name a company, not a
person; VAT and GST numbers and the ABN stay, as a sole trader's is a person's), and rows
built at run time.

It writes ``presidio_tuning.jsonl`` and ``presidio_sealed.jsonl`` beside this file: every
case goes to one of them by a SHA-256 hash of its id (even: tuning, odd: sealed), decided
before any detector was adjusted on it. The tests read only the two JSONL files.
"""

import ast
import hashlib
import sys
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from build_corpus import _case  # one case shape for every corpus (a script sees its own folder)
from build_dev_corpus import (
    BENIGN_TEMPLATES,
    MAX_TEXT,
    PII_TEMPLATES,
    _stable,
    parametrize_tables,
    write_split,
)

PER_ENTITY = 10
# How a person names each kind in a sentence; the entity's own name is no word a user says.
PII_WORDS = {
    "ABA_ROUTING_NUMBER": "bank routing number", "AU_ABN": "ABN",
    "AU_MEDICARE": "Medicare number", "AU_TFN": "tax file number", "CA_SIN": "SIN",
    "MEDICAL_LICENSE": "medical licence number", "CREDIT_CARD": "card number",
    "CRYPTO": "wallet address", "DE_FUEHRERSCHEIN": "Führerschein number",
    "DE_HEALTH_INSURANCE": "Krankenversichertennummer", "DE_LANR": "LANR",
    "DE_PASSPORT": "Reisepass number", "DE_SOCIAL_SECURITY": "Sozialversicherungsnummer",
    "DE_TAX_ID": "Steuer-ID", "DE_TAX_NUMBER": "Steuernummer", "DE_VAT_ID": "USt-IdNr.",
    "EMAIL_ADDRESS": "e-mail address", "ES_NIE": "NIE", "ES_NIF": "NIF",
    "ES_PASSPORT": "pasaporte number", "FI_PERSONAL_IDENTITY_CODE": "henkilötunnus",
    "IBAN_CODE": "IBAN", "IN_AADHAAR": "Aadhaar number", "IN_GSTIN": "GSTIN",
    "IN_PAN": "PAN", "IN_PASSPORT": "passport number", "IN_VOTER": "voter ID",
    "IT_DRIVER_LICENSE": "patente number", "IT_FISCAL_CODE": "codice fiscale",
    "IT_IDENTITY_CARD": "carta d'identità number", "IT_PASSPORT": "passaporto number",
    "IT_VAT_CODE": "partita IVA",
    "KR_DRIVER_LICENSE": "driver's licence number", "KR_FRN": "foreigner registration number",
    "KR_PASSPORT": "passport number", "KR_RRN": "resident registration number",
    "PH_MOBILE_NUMBER": "mobile number", "PH_TIN": "TIN", "PHONE_NUMBER": "phone number",
    "PL_PESEL": "PESEL",
    "SE_PERSONNUMMER": "personnummer", "TH_TNIN": "Thai ID number",
    "TR_NATIONAL_ID": "T.C. kimlik no", "TR_PHONE_NUMBER": "phone number",
    "UK_DRIVING_LICENCE": "driving licence number", "UK_NHS": "NHS number",
    "UK_NINO": "National Insurance number", "UK_PASSPORT": "passport number",
    "US_BANK_NUMBER": "bank account number", "US_DRIVER_LICENSE": "driver's license number",
    "US_ITIN": "ITIN", "US_MBI": "Medicare number", "US_NPI": "NPI",
    "US_PASSPORT": "passport number", "US_SSN": "SSN", "ZA_ID_NUMBER": "ID number",
}  # fmt: skip
# Look-alikes: the entity, and the kind of BENIGN_TEMPLATES (or of LOOK_ALIKE_SENTENCES).
LOOK_ALIKES = {
    "DATE_TIME": "date", "IP_ADDRESS": "ip", "MAC_ADDRESS": "mac", "URL": "url",
    "UK_POSTCODE": "postcode", "DE_PLZ": "postcode",
}  # fmt: skip
LOOK_ALIKE_SENTENCES = {  # written for this corpus
    "ip": ("The user's build server answers at {v}.", "用户的测试机地址是 {v}。"),
    "mac": ("The user's printer has MAC address {v}.", "用户的路由器 MAC 地址是 {v}。"),
    "url": ("The user bookmarks {v} for the docs.", "用户常看的文档在 {v}。"),
}
LEFT_OUT = frozenset(("PERSON",))


def _literal(node: ast.expr) -> Any:
    try:
        return ast.literal_eval(node)
    except ValueError:
        return None


def _entities(tree: ast.Module) -> list[str]:
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef) and node.name == "entities":
            for inner in ast.walk(node):
                if isinstance(inner, ast.Return) and inner.value is not None:
                    found = _literal(inner.value)
                    return list(found) if isinstance(found, list) else []
    return []


def _rows(path: Path) -> Iterator[tuple[str, list[str], bool]]:
    """(text, its entity kinds, whether the entity spans the whole text) per literal row
    that must find at least one entity."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    default = _entities(tree)
    for names, rows in parametrize_tables(tree):
        if names[1:2] != ["expected_len"]:
            continue
        for row in rows:
            if not (isinstance(row, tuple) and isinstance(row[0], str) and isinstance(row[1], int)):
                continue
            if row[1] <= 0:
                continue
            fields = dict(zip(names, row, strict=False))
            kinds = fields.get("entities", default)
            spans = fields.get("expected_positions", fields.get("expected_res", ()))
            whole = bool(spans) and any(
                isinstance(s, tuple) and s[:2] == (0, len(row[0].rstrip())) for s in spans
            )
            yield row[0].strip(), list(kinds) if isinstance(kinds, list) else [], whole


def presidio_cases(root: Path) -> Iterator[dict[str, Any]]:
    per_entity: Counter[str] = Counter()
    seen: set[str] = set()
    tests = root / "presidio-analyzer" / "tests"
    for path in sorted(tests.glob("test_*_recognizer.py")):
        for written, kinds, whole in _rows(path):
            text = written
            kind = kinds[0] if kinds and len(set(kinds)) == 1 else None
            if kind is None or kind in LEFT_OUT or text in seen:
                continue
            benign = kind in LOOK_ALIKES
            if not benign and kind not in PII_WORDS:
                continue  # vehicle registrations, licence plates, other entities
            cap_key = f"{kind}:{text[:2]}" if kind == "IBAN_CODE" else kind
            if per_entity[cap_key] >= (1 if kind == "IBAN_CODE" else PER_ENTITY):
                continue
            seen.add(text)
            per_entity[cap_key] += 1
            key = f"presidio:{kind}:{hashlib.sha256(text.encode()).hexdigest()[:12]}"
            if whole and benign:
                look = LOOK_ALIKES[kind]
                pair = BENIGN_TEMPLATES.get(look) or LOOK_ALIKE_SENTENCES[look]
                text = pair[_stable(key) % 2].format(v=text)
            elif whole:
                template = PII_TEMPLATES[_stable(key) % len(PII_TEMPLATES)]
                text = template.format(name=PII_WORDS[kind], value=text)
            if len(text) > MAX_TEXT:
                continue
            category, subject = ("benign", "reference") if benign else ("pii", "documents")
            yield _case(key, category, f"presidio tests ({kind})", text, subject)


def main(presidio: Path) -> None:
    write_split(presidio_cases(presidio), "presidio")


if __name__ == "__main__":
    main(Path(sys.argv[1]))
