"""Build the licence-plate part of the held-out development corpus (see README.md here).

Vehicle registrations from three sources no detector is built from, each in its own
spellings:

* Faker 40.63's ``license_plate()`` for each of its 53 locales with an automotive
  provider (``PER_LOCALE`` distinct plates per locale, from a seed fixed per locale);
* Presidio's vehicle-registration recognizer tests (``test_de_kfz_recognizer.py``,
  ``test_in_vehicle_registration_recognizer.py``, ``test_ng_vehicle_registration_recognizer.py``,
  ``test_tr_license_plate_recognizer.py``, ``test_uk_vehicle_registration_recognizer.py``):
  every literal row that must find at least one plate, at most ``PER_FILE`` per file;
* validator.js' ``isLicensePlate`` tests: the ``valid`` values of each locale, at most
  ``PER_LOCALE`` per locale.

Look-alikes (``benign``): Faker's postcodes of the locales whose postcodes mix letters and
digits as plates do (en_GB, en_CA, nl_NL), ``PER_LOCALE`` each.

A value standing alone (Faker's and validator.js' values, Presidio's rows that hold
nothing else) goes into the sentence templates of the other identifier sources
(``build_dev_corpus.PII_TEMPLATES``: four of six name the kind, two give the value bare),
named by one of ``PLATE_WORDS``; template and word are each chosen by a hash of the case's
id with a suffix of its own, so neither follows the split (the other builders pick by the
id's hash alone, whose parity is the split's: their sealed parts hold no bare sentence).
A Presidio sentence is kept as written. Postcodes go into ``BENIGN_TEMPLATES["postcode"]``. Run once, from the
repository root, with Faker installed and checkouts of the two repositories at the commits
the other builders name::

    pip install faker==40.63.0
    git clone https://github.com/microsoft/presidio /tmp/pr
    git -C /tmp/pr checkout 0aa9f8e44275cb52c00fbbebe19168e934e1f076
    git clone https://github.com/validatorjs/validator.js /tmp/vjs
    git -C /tmp/vjs checkout cdb7dafc281d14125b924969bf3ee5bc482ec169
    python tests/data/detection/build_plates_corpus.py /tmp/pr /tmp/vjs

It writes ``plates_tuning.jsonl`` and ``plates_sealed.jsonl`` beside this file: every case
goes to one of them by a SHA-256 hash of its id (even: tuning, odd: sealed), decided
before any detector for plates was written. The tests read only the two JSONL files.
"""

import hashlib
import pkgutil
import re
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
    report_split,
    write_split,
)
from build_presidio_corpus import _rows
from build_validatorjs_corpus import valid_lists

PER_LOCALE = 3
PER_FILE = 12
# How a person names a plate in a sentence; one per case, by its id's hash.
PLATE_WORDS = ("licence plate", "license plate number", "car registration", "number plate")
PRESIDIO_FILES = (
    "test_de_kfz_recognizer.py",
    "test_in_vehicle_registration_recognizer.py",
    "test_ng_vehicle_registration_recognizer.py",
    "test_tr_license_plate_recognizer.py",
    "test_uk_vehicle_registration_recognizer.py",
)
POSTCODE_LOCALES = ("en_GB", "en_CA", "nl_NL")
# A row that is a plate alone: letters, digits and separators, no more than four groups.
_BARE = re.compile(r"[^\W_]+(?:[ \-.·]{1,2}[^\W_]+){0,3}")


def _plate_case(key: str, source: str, value: str) -> dict[str, Any] | None:
    # Hashes of their own: the split takes the parity of the id's hash, and a template
    # chosen by that hash would send every bare sentence to one part.
    template = PII_TEMPLATES[_stable(key + ":template") % len(PII_TEMPLATES)]
    name = PLATE_WORDS[_stable(key + ":name") % len(PLATE_WORDS)]
    text = template.format(name=name, value=value)
    return _case(key, "pii", source, text, "documents") if len(text) <= MAX_TEXT else None


def faker_cases(left_out: Counter[str]) -> Iterator[dict[str, Any]]:
    from faker import Faker
    from faker.providers import automotive

    for locale in sorted(m.name for m in pkgutil.iter_modules(automotive.__path__)):
        fake = Faker(locale)
        fake.seed_instance(_stable(f"plates:{locale}") % 2**32)
        seen: dict[str, None] = {}
        for _ in range(PER_LOCALE * 5):
            seen.setdefault(fake.license_plate().strip(), None)
            if len(seen) == PER_LOCALE:
                break
        for value in seen:
            case = _plate_case(f"plates:faker:{locale}:{value}", f"Faker {locale}", value)
            if case is None:
                left_out["longer than a memory text"] += 1
            else:
                yield case
    for locale in POSTCODE_LOCALES:
        fake = Faker(locale)
        fake.seed_instance(_stable(f"postcodes:{locale}") % 2**32)
        codes = list(dict.fromkeys(fake.postcode() for _ in range(PER_LOCALE * 5)))
        for value in codes[:PER_LOCALE]:
            key = f"plates:faker-postcode:{locale}:{value}"
            text = BENIGN_TEMPLATES["postcode"][_stable(key + ":template") % 2].format(v=value)
            yield _case(key, "benign", f"Faker {locale} postcode()", text, "reference")


def presidio_cases(root: Path, left_out: Counter[str]) -> Iterator[dict[str, Any]]:
    tests = root / "presidio-analyzer" / "tests"
    for name in PRESIDIO_FILES:
        taken: dict[str, None] = {}
        for text, _kinds, _whole in _rows(tests / name):
            if len(taken) == PER_FILE:
                left_out[f"over {PER_FILE} in a Presidio file"] += 1
                continue
            taken.setdefault(text, None)
        for text in taken:
            digest = hashlib.sha256(text.encode()).hexdigest()[:12]
            key = f"plates:presidio:{name.removeprefix('test_').split('_recognizer')[0]}:{digest}"
            source = f"Presidio {name}"
            if _BARE.fullmatch(text):
                case = _plate_case(key, source, text)
            elif len(text) <= MAX_TEXT:
                case = _case(key, "pii", source, text, "documents")
            else:
                case = None
            if case is None:
                left_out["longer than a memory text"] += 1
            else:
                yield case


def validatorjs_cases(root: Path, left_out: Counter[str]) -> Iterator[dict[str, Any]]:
    pools: dict[str, dict[str, None]] = {}
    for validator, locale, values in valid_lists(
        (root / "test" / "validators.test.js").read_text(encoding="utf-8")
    ):
        if validator == "isLicensePlate":
            pool = pools.setdefault(locale, {})
            pool.update(dict.fromkeys(v for v in values if v.strip() == v and v))
    for locale, pool in pools.items():
        picked = sorted(pool, key=lambda v: _stable(f"isLicensePlate:{locale}:{v}"))
        left_out[f"over {PER_LOCALE} in a validator.js locale"] += max(0, len(picked) - PER_LOCALE)
        for value in picked[:PER_LOCALE]:
            key = f"plates:validatorjs:{locale}:{value}"
            case = _plate_case(key, f"validator.js isLicensePlate({locale})", value)
            if case is None:
                left_out["longer than a memory text"] += 1
            else:
                yield case


def main(presidio: Path, validatorjs: Path) -> None:
    left_out: Counter[str] = Counter()
    cases = [
        *faker_cases(left_out),
        *presidio_cases(presidio, left_out),
        *validatorjs_cases(validatorjs, left_out),
    ]
    write_split(cases, "plates")
    report_split(cases, "plates", left_out)


if __name__ == "__main__":
    main(Path(sys.argv[1]), Path(sys.argv[2]))
