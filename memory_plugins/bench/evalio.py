"""Shared plumbing of the ``eval`` harnesses (and ``bench intent``): JSONL reading,
progress, results, tables."""

import json
import sys
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import AbstractContextManager
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any, TypeVar

__all__ = [
    "Case",
    "ResultWriter",
    "keep_valid",
    "no_valid_case",
    "percentile",
    "print_misses",
    "print_table",
    "progress",
    "read_cases",
]

T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class Case:
    """One input line: its number and parsed JSON object."""

    line: int
    data: dict[str, Any]


def read_cases(path: str | Path, required: Sequence[str]) -> tuple[list[Case], list[str]]:
    """Parse a JSONL file; malformed lines become messages naming their line number.

    Raises ``OSError`` when the file cannot be read at all (the command then exits non-zero).
    """
    cases: list[Case] = []
    problems: list[str] = []
    with open(path, encoding="utf-8") as handle:
        for number, raw in enumerate(handle, start=1):
            if not raw.strip():
                continue
            try:
                data = json.loads(raw)
            except json.JSONDecodeError as exc:
                problems.append(f"line {number}: not JSON ({exc.msg})")
                continue
            if not isinstance(data, dict):
                problems.append(f"line {number}: expected a JSON object")
                continue
            missing = [name for name in required if name not in data]
            if missing:
                problems.append(f"line {number}: missing {', '.join(missing)}")
                continue
            cases.append(Case(number, data))
    return cases, problems


def keep_valid(
    cases: Sequence[Case], problems: list[str], problem: Callable[[Case], str | None]
) -> list[Case]:
    """The cases ``problem`` finds nothing wrong with; the others join ``problems`` as
    malformed lines (an unknown label is a malformed line, never a silent miss)."""
    valid = []
    for case in cases:
        found = problem(case)
        if found is None:
            valid.append(case)
        else:
            problems.append(f"line {case.line}: {found}")
    return valid


_SKIPPED_SHOWN = 5  # malformed lines printed one by one; the rest are counted


def print_skipped(problems: Sequence[str], shown: int = _SKIPPED_SHOWN) -> None:
    """The first ``shown`` malformed lines, then how many more were skipped (to stderr)."""
    for line in problems[:shown]:
        print(f"  skipped {line}", file=sys.stderr)
    if len(problems) > shown:
        print(f"  … and {len(problems) - shown} more skipped line(s)", file=sys.stderr)


def no_valid_case(path: str | Path, problems: Sequence[str]) -> int:
    """Report a file without a single valid line, the verdict last; returns 1."""
    print_skipped(problems)
    print(f"no valid case in {path}: {len(problems)} line(s) skipped", file=sys.stderr)
    return 1


def progress(items: Sequence[T], label: str) -> Iterator[T]:
    """Iterate with a progress bar on a terminal when there are many items."""
    if len(items) < 50 or not sys.stderr.isatty():
        yield from items
        return
    try:
        from tqdm import tqdm
    except ImportError:
        yield from items
        return
    yield from tqdm(items, desc=label, unit="case", leave=False)


class ResultWriter(AbstractContextManager["ResultWriter"]):
    """Writes one JSON object per line to ``--out`` (or nowhere)."""

    def __init__(self, path: str | None) -> None:
        self._path = path
        self._handle: IO[str] | None = None

    def __enter__(self) -> "ResultWriter":
        if self._path:
            self._handle = open(self._path, "w", encoding="utf-8")
        return self

    def __exit__(self, *exc: object) -> None:
        if self._handle is not None:
            self._handle.close()

    def write(self, obj: dict[str, Any]) -> None:
        if self._handle is not None:
            self._handle.write(json.dumps(obj, ensure_ascii=False) + "\n")


def percentile(values: Sequence[float], q: float) -> float:
    """The ``q``-th percentile (0–100) by nearest rank; 0.0 for no values."""
    if not values:
        return 0.0
    ordered = sorted(values)
    index = min(len(ordered) - 1, max(0, round(q / 100 * (len(ordered) - 1))))
    return ordered[index]


def print_table(title: str, rows: Iterable[tuple[str, Any]], problems: Sequence[str] = ()) -> None:
    """Print any malformed-line messages (a few, then a count), then the two-column summary:
    the verdict comes last."""
    rows = list(rows)
    if problems:
        print_skipped(problems)
        print(f"{len(problems)} malformed line(s) skipped", file=sys.stderr)
    sys.stderr.flush()
    print(title)
    width = max((len(name) for name, _ in rows), default=0)
    for name, value in rows:
        shown = f"{value:.3f}" if isinstance(value, float) else str(value)
        print(f"  {name:<{width}}  {shown}")


def print_misses(misses: Sequence[str], shown: int = 20) -> None:
    """Print the first ``shown`` misses of a run and how many more ``--out`` holds."""
    if not misses:
        return
    print(f"misses ({len(misses)}):")
    for line in misses[:shown]:
        print(line)
    if len(misses) > shown:
        print(f"  … and {len(misses) - shown} more (see --out)")
