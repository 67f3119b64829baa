"""The ``memory-plugins`` command line: demo, inspector, eval and bench.

Sub-commands live in their own modules and are imported only when used, so
``memory-plugins --help`` stays fast.
"""

import argparse
import importlib
import sys
from collections.abc import Sequence

__all__ = ["main"]

EVAL_SUITES = ("recall", "validation", "intent", "constraints")
BENCH_TARGETS = ("write", "recall", "intent", "extraction", "locomo")


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="memory-plugins",
        description="Validated long-term memory for LLM agents.",
        epilog="Store: MEMORY_PLUGINS_STORE (sqlite:///path.db, postgresql://..., memory); "
        "principal secret: MEMORY_PLUGINS_SECRET.",
    )
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    demo = sub.add_parser("demo", help="two conversations showing what is stored and recalled")
    demo.add_argument("--model", help="provider:name of a real chat model (default: offline)")
    demo.add_argument("--db", help="SQLite file for the demo (default: a temporary file)")

    for name, text in (
        ("list", "list a user's memories"),
        ("restore", "restore a suppressed memory"),
        ("suppress", "suppress a memory (never recalled, restorable)"),
        ("forget", "hard-delete one memory, or all of a user's with --all"),
    ):
        cmd = sub.add_parser(name, help=text)
        cmd.add_argument("--user", required=True, help="principal (user id)")
        if name == "list":
            cmd.add_argument("--status", choices=("active", "suppressed", "all"), default="all")
            cmd.add_argument("--json", action="store_true", help="print JSON lines")
        elif name == "forget":
            group = cmd.add_mutually_exclusive_group(required=True)
            group.add_argument("key", nargs="?", help="record key")
            group.add_argument("--all", action="store_true", help="erase every memory of the user")
        else:
            cmd.add_argument("key", help="record key (see 'list')")

    recall = sub.add_parser("recall", help="what would be injected for a query")
    recall.add_argument("query")
    recall.add_argument("--user", required=True)
    recall.add_argument("--explain", action="store_true", help="show every record's scores")

    ev = sub.add_parser("eval", help="measure decisions on a labelled JSONL file")
    ev.add_argument("suite", choices=EVAL_SUITES)
    ev.add_argument("file")
    ev.add_argument("--out", help="write one JSON object per case to this file")
    ev.add_argument(
        "--embeddings",
        choices=("minilm", "hash"),
        default=None,
        help="recall: turn the semantic channel on (all-MiniLM-L6-v2 or a hashing stand-in)",
    )

    bench = sub.add_parser("bench", help="print speed figures")
    bench.add_argument("target", choices=BENCH_TARGETS)
    bench.add_argument("file", nargs="?", help="data file (locomo)")
    bench.add_argument("--out", help="write results as JSON")
    bench.add_argument("--plot", help="write a PNG plot (locomo)")
    bench.add_argument(
        "--embeddings",
        choices=("minilm", "hash"),
        default=None,
        help="locomo (default minilm) and recall (default hash): local all-MiniLM-L6-v2"
        " (the semantic extra) or a hashing stand-in",
    )
    bench.add_argument(
        "--backends",
        default="memory,sqlite,postgres",
        help="comma-separated: memory, sqlite, postgres",
    )
    bench.add_argument("--quick", action="store_true", help="smaller sizes, for a smoke run")
    bench.add_argument(
        "--sizes", help="recall: comma-separated record counts (default 1000,10000,50000)"
    )
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of ``memory-plugins``; returns the exit status."""
    args = _parser().parse_args(argv)
    if args.command == "eval":
        module = importlib.import_module(f"memory_plugins.cli.eval_{args.suite}")
    elif args.command == "bench":
        module = importlib.import_module(f"memory_plugins.cli.bench_{args.target}")
    elif args.command in ("list", "restore", "suppress", "forget", "recall"):
        module = importlib.import_module("memory_plugins.cli.inspector")
    else:
        module = importlib.import_module(f"memory_plugins.cli.{args.command}")
    status: int = module.run(args)
    return status


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
