"""``memory-plugins eval validation FILE``: the write gates' decisions on labelled candidates.

Cases may carry a ``category`` (``secret``, ``pii`` or ``benign``, as in the detection
corpus under ``tests/data/detection/``): the command then also prints, per category, how
many secrets and personal identifiers were stored and how many benign cases were rejected
(and with which reason codes: a ``placeholder`` refusal is S2's, not a detector's),
and, for cases that also carry a ``source`` ("kingfisher rule examples (…)"), the same
per source, named by the source's first word.
"""

import argparse
import uuid
from collections import Counter

from memory_plugins.bench.evalio import (
    Case,
    ResultWriter,
    keep_valid,
    no_valid_case,
    print_table,
    progress,
    read_cases,
)
from memory_plugins.config import MemoryConfig
from memory_plugins.engine import MemoryEngine
from memory_plugins.gates import RejectCode
from memory_plugins.outcomes import OutcomeStatus

__all__ = ["run"]


_CODES = frozenset(code.value for code in RejectCode)


def _problem(case: Case) -> str | None:
    data = case.data
    if data["expect"] not in ("accept", "reject"):
        return f"expect must be 'accept' or 'reject', got {data['expect']!r}"
    code = data.get("code")
    if code is not None and (data["expect"] != "reject" or code not in _CODES):
        return f"code {code!r} is not a reason code of a rejection ({', '.join(sorted(_CODES))})"
    return None


def run(args: argparse.Namespace) -> int:
    """Run every case through the normal write path on a fresh in-memory store."""
    from langgraph.store.memory import InMemoryStore

    try:
        cases, problems = read_cases(args.file, ("id", "candidate", "expect"))
    except OSError as exc:
        print(f"cannot read {args.file}: {exc}")
        return 2
    cases = keep_valid(cases, problems, _problem)
    if not cases:
        return no_valid_case(args.file, problems)
    false_accepts = false_rejects = code_agree = code_labelled = 0
    per_category: Counter[str] = Counter()
    wrong_by_category: Counter[str] = Counter()
    per_source: Counter[tuple[str, str]] = Counter()
    wrong_by_source: Counter[tuple[str, str]] = Counter()
    benign_codes: Counter[str] = Counter()  # why benign cases were refused
    config = MemoryConfig(principal_secret=uuid.uuid4().hex)
    with ResultWriter(args.out) as out:
        for case in progress(cases, "validation"):
            data = case.data
            engine = MemoryEngine(InMemoryStore(), config)
            source = data.get("source_conversation_id")
            [outcome] = engine.remember(
                f"eval-{data['id']}",
                [data["candidate"]],
                source_conversation_id=source if isinstance(source, str) else None,
            )
            rejected = outcome.status is OutcomeStatus.REJECTED
            code = outcome.code.value if rejected and outcome.code else None
            decision = "reject" if rejected else "accept"
            out.write({"id": data["id"], "decision": decision, "code": code})
            category = data.get("category")
            if isinstance(category, str):
                per_category[category] += 1
                wrong_by_category[category] += int(decision != data["expect"])
                if category == "benign" and code is not None and data["expect"] == "accept":
                    benign_codes[code] += 1
                named = data.get("source")
                if isinstance(named, str) and named.split():
                    key = (named.split()[0].lower(), category)
                    per_source[key] += 1
                    wrong_by_source[key] += int(decision != data["expect"])
            if decision == "accept" and data["expect"] == "reject":
                false_accepts += 1
            elif decision == "reject" and data["expect"] == "accept":
                false_rejects += 1
            if data["expect"] == "reject" and data.get("code"):
                code_labelled += 1
                code_agree += int(code == data["code"])
    rows: list[tuple[str, object]] = [
        ("false accepts", false_accepts),
        ("false rejects", false_rejects),
        ("reason-code agreement", f"{code_agree}/{code_labelled}"),
        ("malformed lines", len(problems)),
    ]
    for category, label in _CATEGORY_LABELS:
        if per_category[category]:
            wrong, total = wrong_by_category[category], per_category[category]
            rows.append((label, f"{wrong}/{total} = {wrong / total:.1%}"))
            if category == "benign" and benign_codes:
                by_code = ", ".join(f"{code} {n}" for code, n in benign_codes.most_common())
                rows.append(("  benign rejected, by code", by_code))
    labels = dict(_CATEGORY_LABELS)
    for (name, category), total in sorted(per_source.items()):
        wrong = wrong_by_source[name, category]
        label = labels.get(category, f"{category} wrong")
        rows.append((f"  {name}: {label}", f"{wrong}/{total} = {wrong / total:.1%}"))
    print_table(f"validation: {len(cases)} cases from {args.file}", rows, problems)
    return 0


_CATEGORY_LABELS = (
    ("secret", "secrets stored"),
    ("pii", "personal identifiers stored"),
    ("benign", "benign rejected"),
)
