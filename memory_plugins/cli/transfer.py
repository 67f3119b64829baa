"""``memory-plugins export | import``: take a user's memory out of a store and into another.

``export --user ID [--app APP] [--vectors]`` writes the user's records as JSON lines on
standard output (status, history, timestamps; vectors with ``--vectors``); ``import FILE
--user ID`` reads such lines (``-`` for standard input) into the configured store through
the write gates. Every refused line is reported on standard error with its line number and
reason code; the others go on. A summary ends the import on standard output.
Exit status: 0 when every line was imported (or was already there), 1 when a line was
refused or could not be written, 2 when the store or the configuration failed.
"""

import argparse
import json
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import IO

from memory_plugins.cli.progress import progress
from memory_plugins.cli.runtime import cli_config, open_store
from memory_plugins.engine import MemoryEngine
from memory_plugins.errors import ConfigurationError, StoreUnavailableError
from memory_plugins.portability import ImportStatus

__all__ = ["run"]

_FAILED = (ImportStatus.REJECTED, ImportStatus.STORE_UNAVAILABLE)


def run(args: argparse.Namespace) -> int:
    """Dispatch ``export`` or ``import``; returns the exit status."""
    try:
        if args.command == "export":
            return _export(args)
        return _import(args)
    except (StoreUnavailableError, ConfigurationError) as exc:
        print(f"memory-plugins {args.command}: {exc}", file=sys.stderr)
        return 2


def _export(args: argparse.Namespace) -> int:
    with open_store(must_exist=True) as store:
        config = cli_config(app=args.app, create_secret=False)
        with MemoryEngine(store, config) as engine:
            records = engine.export_records(args.user, vectors=args.vectors)
            for record in progress(records, total=len(records), what="export"):
                sys.stdout.write(json.dumps(record, ensure_ascii=False) + "\n")
    print(f"exported {len(records)} record(s)", file=sys.stderr)
    return 0


def _import(args: argparse.Namespace) -> int:
    with _lines(args.file) as lines, open_store() as store:
        config = cli_config(app=args.app)
        with MemoryEngine(store, config) as engine:
            report = engine.import_records(args.user, progress(lines, what="import"))
    for outcome in report.lines:
        if outcome.status in _FAILED:
            print(outcome, file=sys.stderr)
    counts = report.counts()
    summary = ", ".join(f"{status.value} {counts.get(status.value, 0)}" for status in ImportStatus)
    print(f"imported {len(report.lines)} line(s): {summary}")
    return 1 if any(o.status in _FAILED for o in report.lines) else 0


@contextmanager
def _lines(name: str) -> Iterator[Iterator[str]]:
    if name == "-":
        yield _stripped(sys.stdin)
        return
    path = Path(name).expanduser()
    if not path.is_file():
        raise ConfigurationError(f"no file to import at {path}")
    with path.open(encoding="utf-8") as handle:
        yield _stripped(handle)


def _stripped(handle: IO[str]) -> Iterator[str]:
    for line in handle:
        yield line.rstrip("\r\n")
