"""Build the Presidio-templates part of the held-out development corpus (see README.md here).

presidio-research (microsoft/presidio-research, MIT; no detector here calls it) is the
evaluation kit of the Presidio PII analyser. Its data generator fills sentence templates
(``presidio_evaluator/data_generator/raw_data/templates.txt``: customer-service requests,
chat lines, contact cards, forms) with Faker values to make labelled PII text. The
sentences are theirs, not ours: other parts here place values in our own templates.

Run once, from the repository root, with a checkout of the commit it was built from and
Faker 40.63 installed:

    git clone https://github.com/microsoft/presidio-research /tmp/pr
    git -C /tmp/pr checkout 7622dec1e5f7d25dc60b57c28c39f4c4af197018
    pip install faker==40.63.0
    python tests/data/detection/build_ptemplates_corpus.py /tmp/pr

The build sets ``PYTHONHASHSEED=0`` (it runs itself again with it): some locales' Faker
data are sets, whose order follows the string hash, and a date-time slot is drawn from
1970-2024 rather than up to the day of the build, so rebuilding gives the same files.

Each template (its ``\\n`` escapes read as line breaks, as the generator writes them) is
filled once per locale of ``LOCALES`` (31, each seeded by a hash of the case id) with the
locale's Faker values for its slots: a credit card number, a phone number, an IBAN, a US SSN,
an e-mail address or a US driving licence make a ``pii`` case (a personal identifier the
gates must refuse); a template with none of these and none of the slots whose label our
criterion leaves open (a street address, a building number, a postcode, a date of birth, an
IP address, a URL) makes a ``benign`` case, in the first ``BENIGN_LOCALES`` locales only
(names, places, organisations and jobs, which the gates store by design). Templates whose
slots are only addresses are left out: whether an address is a home the sentence decides,
and no label was written for it. The ``us_driver_license`` slot, which Faker lacks, is
filled as presidio-research's generator does (a letter and seven digits, ``bothify``).
A value Faker cannot make for a locale (an IBAN in a locale without one) is the en_US one.
Labels follow from the slot kinds alone; no case was labelled by hand.

It writes ``ptemplates_tuning.jsonl`` and ``ptemplates_sealed.jsonl`` beside this file:
every case goes to one of them by a SHA-256 hash of its id (even: tuning, odd: sealed),
decided before any detector was adjusted on it. The tests read only the two JSONL files.
"""

import os
import re
import sys
from collections import Counter
from collections.abc import Callable, Iterator
from datetime import datetime
from pathlib import Path
from typing import Any

from build_corpus import _case
from build_dev_corpus import MAX_TEXT, _stable, write_split

TEMPLATES = "presidio_evaluator/data_generator/raw_data/templates.txt"
LOCALES = (
    "en_US", "en_GB", "de_DE", "fr_FR", "es_ES", "it_IT", "nl_NL", "pl_PL", "pt_BR", "zh_CN",
    "ja_JP", "ko_KR", "ru_RU", "tr_TR", "sv_SE", "fi_FI", "da_DK", "no_NO", "cs_CZ", "hu_HU",
    "ro_RO", "en_IN", "en_AU", "en_CA", "es_MX", "zh_TW", "he_IL", "el_GR", "uk_UA", "th_TH",
    "id_ID",
)  # fmt: skip
BENIGN_LOCALES = 6
IDENTIFIER_SLOTS = frozenset(
    ("credit_card_number", "phone_number", "iban", "ssn", "email", "us_driver_license")
)
OPEN_SLOTS = frozenset(
    (
        "address", "street_name", "building_number", "secondary_address", "postcode",
        "zipcode", "date_of_birth", "ip_address", "url",
    )
)  # fmt: skip
_SLOT = re.compile(r"\{\{(\w+)\}\}")


def _value(fake: Any, us: Any, slot: str) -> str:
    """The Faker value for ``slot``: the locale's, or en_US's where the locale has none."""
    if slot == "ssn":
        return str(us.ssn())
    if slot == "us_driver_license":
        return str(us.bothify("?#######")).upper()
    if slot == "date_time":  # Faker's draws up to today: bounded, so a rebuild is the same
        return str(fake.date_time_between(datetime(1970, 1, 1), datetime(2025, 1, 1)))
    for source in (fake, us):
        make: Callable[[], Any] | None = getattr(source, slot, None)
        if make is None:
            continue
        try:
            return str(make())
        except (AttributeError, ValueError, TypeError):
            continue
    return slot


def ptemplate_cases(root: Path) -> Iterator[dict[str, Any]]:
    from faker import Faker

    lines = (root / TEMPLATES).read_text(encoding="utf-8").splitlines()
    for number, line in enumerate(lines, 1):
        template = line.replace("\\n", "\n").strip()
        slots = set(_SLOT.findall(template))
        if not slots:
            continue
        if slots & IDENTIFIER_SLOTS:
            category, locales = "pii", LOCALES
        elif slots & OPEN_SLOTS:
            continue
        else:
            category, locales = "benign", LOCALES[:BENIGN_LOCALES]
        for locale in locales:
            key = f"ptemplates:{number}:{locale}"
            fake, us = Faker(locale), Faker("en_US")
            fake.seed_instance(_stable(key) % 2**32)
            us.seed_instance(_stable(key) % 2**32)
            text = _SLOT.sub(lambda m, f=fake, u=us: _value(f, u, m.group(1)), template)
            if len(text) > MAX_TEXT:
                continue
            source = f"presidio-research templates.txt line {number}, Faker {locale}"
            yield _case(key, category, source, text, "documents")


def main(root: Path) -> None:
    if os.environ.get("PYTHONHASHSEED") != "0":
        # Some locales' Faker data are sets, whose order follows the string hash: fix it.
        os.environ["PYTHONHASHSEED"] = "0"
        os.execv(sys.executable, [sys.executable, *sys.argv])
    cases = list(ptemplate_cases(root))
    write_split(cases, "ptemplates")
    counts = Counter(
        ("sealed" if _stable(case["id"]) % 2 else "tuning", case["category"]) for case in cases
    )
    for (part, category), count in sorted(counts.items()):
        print(f"ptemplates_{part}", category, count)


if __name__ == "__main__":
    main(Path(sys.argv[1]))
