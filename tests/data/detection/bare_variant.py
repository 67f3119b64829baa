"""Score the sealed parts' named identifiers again with the value given bare.

The Faker, mimesis, validator.js, Presidio and CommonRegex builders chose each sentence
template by the case id's hash, whose parity is also the split's, so their sealed parts
hold only the templates that name the kind (``build_dev_corpus.PII_TEMPLATES`` 1, 3 and 5)
and no bare value. This takes every sealed identifier written in one of those templates,
puts its value into the two bare templates (2 and 4) instead, and prints how many the
gates store: the bare figure on values no detector was tuned on. It writes no file.

    python tests/data/detection/bare_variant.py
"""

import json
import re
import sys
from collections import Counter
from pathlib import Path

from build_dev_corpus import PII_TEMPLATES

from memory_plugins import MemoryConfig
from memory_plugins.gates import evaluate

HERE = Path(__file__).resolve().parent
PARTS = ("dev", "mimesis", "validatorjs", "presidio", "commonregex")
CONFIG = MemoryConfig(principal_secret="0123456789abcdef")
# The named templates as patterns that give back the value.
_NAMED = [
    re.compile(
        "^" + re.escape(t).replace(r"\{name\}", ".+?").replace(r"\{value\}", "(?P<v>.+)") + "$"
    )
    for t in (PII_TEMPLATES[1], PII_TEMPLATES[3], PII_TEMPLATES[5])
]
_BARE = (PII_TEMPLATES[2], PII_TEMPLATES[4])


def _value(text: str) -> str | None:
    for pattern in _NAMED:
        m = pattern.match(text)
        if m:
            return m["v"]
    return None


def main() -> None:
    for part in PARTS:
        stored: Counter[str] = Counter()
        total: Counter[str] = Counter()
        with (HERE / f"{part}_sealed.jsonl").open(encoding="utf-8") as lines:
            for line in lines:
                case = json.loads(line)
                value = _value(case["candidate"]["text"]) if case["category"] == "pii" else None
                if value is None:
                    continue
                source = case["source"].split()[0].rstrip(":")
                for template in _BARE:
                    text = template.format(value=value)
                    decision = evaluate({**case["candidate"], "text": text}, "conv-1", CONFIG)
                    total[source] += 1
                    stored[source] += decision.accepted
        for source in sorted(total):
            share = stored[source] / total[source]
            print(
                f"{part}_sealed {source}: bare values stored {stored[source]}/{total[source]} = {share:.1%}"
            )
    sys.stdout.flush()


if __name__ == "__main__":
    main()
