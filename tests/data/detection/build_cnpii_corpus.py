"""Build the Chinese PII part of the held-out development corpus (see README.md here).

cn_pii_anonymization (neednlab/cn_pii_anonymization, MIT; a Presidio-based anonymizer for
Chinese text that no detector here uses) tests its phone, resident ID, bank card, passport
and e-mail recognizers on Chinese sentences with how many entities each must find
(``tests/unit/test_recognizers.py``, ``pytest.mark.parametrize`` rows of a text and an
expected count). Run once, from the repository root, with a checkout of the commit it was
built from:

    git clone https://github.com/neednlab/cn_pii_anonymization /tmp/cnpii
    git -C /tmp/cnpii checkout ccb6b6f59854665b27ccd689e063499f140692e6
    python tests/data/detection/build_cnpii_corpus.py /tmp/cnpii

A row that must find an entity is a personal identifier (``pii``), kept as written. A row
that must find none is only that recognizer's "no": it is kept as ``benign`` when it holds
no identifier of any kind (``BENIGN``, picked by us: plain text, a number the sentence says
is no phone, an order and a product code), and left out otherwise (a company's unified
social credit code, a serial number that is a card number behind a letter).

It writes ``cnpii_tuning.jsonl`` and ``cnpii_sealed.jsonl`` beside this file: every case
goes to one of them by a SHA-256 hash of its id (even: tuning, odd: sealed), decided before
any detector was adjusted on it. The tests read only the two JSONL files.
"""

import ast
import hashlib
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from build_corpus import _case  # one case shape for every corpus (a script sees its own folder)
from build_dev_corpus import parametrize_tables, write_split

BENIGN = frozenset(
    (
        "这是普通文本没有手机号", "数字12345678901不是手机号", "这是普通文本没有身份证",
        "这是普通文本没有银行卡", "订单号ORDER12345678901234", "产品编号ABC4111111111111111XYZ",
        "这是普通文本没有护照号", "这是普通文本没有邮箱",
    )
)  # fmt: skip


def _rows(path: Path) -> Iterator[tuple[str, int, str]]:
    """(text, expected count, the test class it belongs to) per literal row."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for cls in tree.body:
        if not isinstance(cls, ast.ClassDef):
            continue
        for _, rows in parametrize_tables(cls):
            for row in rows:
                if isinstance(row, tuple) and isinstance(row[0], str) and isinstance(row[1], int):
                    yield row[0], row[1], cls.name


def cnpii_cases(root: Path) -> Iterator[dict[str, Any]]:
    seen: set[str] = set()
    for text, count, test in _rows(root / "tests" / "unit" / "test_recognizers.py"):
        if text in seen or (count == 0 and text not in BENIGN):
            continue
        seen.add(text)
        kind = test.removeprefix("TestCN").removesuffix("Recognizer")
        key = f"cnpii:{kind}:{hashlib.sha256(text.encode()).hexdigest()[:12]}"
        category = "pii" if count else "benign"
        subject = "documents" if count else "reference"
        yield _case(key, category, f"cn_pii_anonymization tests ({kind})", text, subject)


def main(root: Path) -> None:
    write_split(cnpii_cases(root), "cnpii")


if __name__ == "__main__":
    main(Path(sys.argv[1]))
