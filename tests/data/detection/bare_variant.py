"""Score the sealed parts again with each value in the sentence templates they lack.

The builders chose each case's sentence template by the case id's hash, whose parity is
also the split's. So the identifier sources' sealed parts hold only the templates that
name the kind (``build_dev_corpus.PII_TEMPLATES`` 1, 3 and 5), never a value given bare
(2 and 4); and the secret sources' sealed parts hold only "The user's project config has
this line: …" and "Remember for the deploy: …" (``SECRET_TEMPLATES`` 1 and 3), never the
string alone or the Chinese config line (0 and 2). This takes every sealed case written in
a template of its part, puts its value into the templates that part lacks, and prints how
the gates decide: figures on values no detector was tuned on, in the other sentences. It
writes no file.

    python tests/data/detection/bare_variant.py
"""

import json
import re
from collections import Counter
from pathlib import Path

from build_dev_corpus import PII_TEMPLATES, SECRET_TEMPLATES

from memory_plugins import MemoryConfig
from memory_plugins.gates import evaluate

HERE = Path(__file__).resolve().parent
# Its builder chooses the template by a hash of its own: its sealed part holds every kind;
# and the blind probes are no builder's templates, though a sentence may match one.
UNAFFECTED = frozenset(("plates_sealed", "structprobe_sealed", "idprobe_sealed"))
CONFIG = MemoryConfig(principal_secret="0123456789abcdef")


def _pattern(template: str) -> re.Pattern[str]:
    escaped = re.escape(template).replace(r"\{name\}", ".+?").replace(r"\{value\}", "(?P<v>.+)")
    return re.compile(f"^{escaped}$", re.DOTALL)


# (templates the sealed parts hold, as patterns that give back the value; the ones they lack)
FAMILIES = (
    ([_pattern(PII_TEMPLATES[i]) for i in (1, 3, 5)], (PII_TEMPLATES[2], PII_TEMPLATES[4])),
    (
        [_pattern(SECRET_TEMPLATES[i]) for i in (1, 3)],
        (SECRET_TEMPLATES[0], SECRET_TEMPLATES[2]),
    ),
)


def _variants(text: str) -> tuple[str, ...]:
    for named, lacking in FAMILIES:
        for pattern in named:
            m = pattern.match(text)
            if m:
                return tuple(t.format(value=m["v"]) for t in lacking)
    return ()


def main() -> None:
    for path in sorted(HERE.glob("*_sealed.jsonl")):
        if path.stem in UNAFFECTED:
            continue
        wrong: Counter[tuple[str, str]] = Counter()
        total: Counter[tuple[str, str]] = Counter()
        with path.open(encoding="utf-8") as lines:
            for line in lines:
                case = json.loads(line)
                key = (case["source"].split()[0].rstrip(":"), case["category"])
                for text in _variants(case["candidate"]["text"]):
                    decision = evaluate({**case["candidate"], "text": text}, "conv-1", CONFIG)
                    total[key] += 1
                    wrong[key] += decision.accepted != (case["category"] == "benign")
        for (source, category), n in sorted(total.items()):
            what = "refused" if category == "benign" else "stored"
            share = wrong[source, category] / n
            print(
                f"{path.stem} {source} {category} {what}: {wrong[source, category]}/{n} = {share:.1%}"
            )


if __name__ == "__main__":
    main()
