"""``memory-plugins eval constraints FILE``: snapshot extraction and violation checks.

Input lines (FORMAT.md):
``{"id", "kind": "extract", "text", "expect": {field: value}}`` and
``{"id", "kind": "check", "constraints": {field: value}, "output", "expect": [field, …]}``.
Output lines (``--out``): ``{"id", "snapshot"}`` (fields not found left out) or
``{"id", "violations"}``. Summary: exact-match rates of snapshots and violation sets.
A check case whose constraints fail the schema is reported as a malformed line.

Example::

    memory-plugins eval constraints tests/unit/slices/constraints_labelled.jsonl
"""

import sys
from argparse import Namespace
from dataclasses import fields
from typing import Any

from memory_plugins.bench.evalio import (
    Case,
    ResultWriter,
    keep_valid,
    no_valid_case,
    print_misses,
    print_table,
    progress,
    read_cases,
)
from memory_plugins.errors import SnapshotValidationError
from memory_plugins.slices.constraints import ConstraintSnapshot

_FIELDS = frozenset(field.name for field in fields(ConstraintSnapshot))

__all__ = ["run", "same_snapshot"]


def same_snapshot(found: dict[str, Any], expected: dict[str, Any]) -> bool:
    """Exact match; ``include`` / ``exclude`` compare as sets, ``language`` case-insensitively."""

    def norm(snapshot: dict[str, Any]) -> dict[str, Any]:
        out = dict(snapshot)
        for name in ("include", "exclude"):
            if isinstance(out.get(name), list):
                out[name] = sorted(out[name])
        if isinstance(out.get("language"), str):
            out["language"] = out["language"].lower()
        return out

    return norm(found) == norm(expected)


def _problem(case: Case) -> str | None:
    data = case.data
    kind = data.get("kind")
    if kind == "extract":
        if not isinstance(data.get("text"), str) or not isinstance(data.get("expect"), dict):
            return "an extract case needs a text and an expect object"
        try:
            ConstraintSnapshot.from_dict(data["expect"])
        except SnapshotValidationError as exc:
            return f"expect is not a valid snapshot: {exc}"
        return None
    if kind == "check":
        if not isinstance(data.get("output"), str) or not isinstance(data.get("constraints"), dict):
            return "a check case needs constraints and an output"
        expect = data.get("expect")
        if not isinstance(expect, list) or not all(isinstance(f, str) for f in expect):
            return "expect must be a list of field names"
        unknown = sorted(set(expect) - _FIELDS)
        if unknown:
            return f"unknown field(s) {unknown} in expect"
        return None
    return "kind must be 'extract' or 'check'"


def run(args: Namespace) -> int:
    """Run the constraints suite on ``args.file``; write per-case results to ``args.out``."""
    try:
        cases, problems = read_cases(args.file, ("id", "kind", "expect"))
    except (OSError, UnicodeDecodeError) as exc:
        print(f"cannot read {args.file}: {exc}", file=sys.stderr)
        return 2
    from memory_plugins.slices.checker import check_output
    from memory_plugins.slices.constraints import extract_constraints

    valid = keep_valid(cases, problems, _problem)
    if not valid:
        return no_valid_case(args.file, problems)
    extract_total = extract_hits = check_total = check_hits = 0
    misses: list[str] = []
    with ResultWriter(getattr(args, "out", None)) as out:
        for case in progress(valid, "constraints"):
            data: dict[str, Any] = case.data
            if data["kind"] == "extract":
                snapshot = extract_constraints(data["text"]).to_dict()
                extract_total += 1
                if same_snapshot(snapshot, data["expect"]):
                    extract_hits += 1
                else:
                    misses.append(
                        f"  {data['id']}: {data['text']!r} → {snapshot} (expected {data['expect']})"
                    )
                out.write({"id": data["id"], "snapshot": snapshot})
                continue
            try:
                constraints = ConstraintSnapshot.from_dict(data["constraints"])
            except SnapshotValidationError as exc:
                problems.append(f"line {case.line}: invalid constraints: {exc}")
                continue
            violations = sorted({v.field for v in check_output(constraints, data["output"])})
            check_total += 1
            if violations == sorted(set(data["expect"])):
                check_hits += 1
            else:
                misses.append(
                    f"  {data['id']}: violations {violations} (expected {sorted(data['expect'])})"
                )
            out.write({"id": data["id"], "violations": violations})

    print_table(
        f"constraints: {args.file}",
        [
            ("extract cases", extract_total),
            ("snapshot exact match", extract_hits / extract_total if extract_total else 0.0),
            ("check cases", check_total),
            ("violation-set exact match", check_hits / check_total if check_total else 0.0),
        ],
        problems,
    )
    print_misses(misses)
    return 0
