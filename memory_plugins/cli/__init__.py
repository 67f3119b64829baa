"""The ``memory-plugins`` command line: demo, inspector, export and import, serve, eval, bench.

This module parses the arguments; each sub-command lives in a module of its own (those of
``eval`` and ``bench`` in :mod:`memory_plugins.bench`), imported only when used, so
``memory-plugins --help`` stays fast.
"""

import argparse
import importlib
import os
import sys
from collections.abc import Sequence
from pathlib import Path

from memory_plugins.cli.filtering import list_filters, scope_options

__all__ = ["main"]

EVAL_SUITES = ("recall", "validation", "intent", "constraints")
BENCH_TARGETS = ("write", "recall", "intent", "extraction", "locomo")
BACKENDS = ("memory", "sqlite", "postgres")


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="memory-plugins",
        description="Validated long-term memory for LLM agents.",
        epilog="Store: MEMORY_PLUGINS_STORE (sqlite:///path.db, postgresql://..., memory); "
        "principal secret: MEMORY_PLUGINS_SECRET; app label: MEMORY_PLUGINS_APP.",
    )
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    demo = sub.add_parser("demo", help="two conversations showing what is stored and recalled")
    demo.add_argument("--model", help="provider:name of a real chat model (default: offline)")
    demo.add_argument("--db", help="SQLite file for the demo (default: a temporary file)")

    for name, text in (
        ("list", "list a user's memories"),
        ("restore", "restore a suppressed memory"),
        ("suppress", "suppress a memory (never recalled, restorable)"),
        ("forget", "delete one memory for good, or erase the user with --all"),
    ):
        cmd = sub.add_parser(name, help=text)
        cmd.add_argument("--user", required=True, help="principal (user id)")
        scope_options(cmd)
        _app_option(cmd)
        if name == "list":
            cmd.add_argument("--status", choices=("active", "suppressed", "all"), default="all")
            cmd.add_argument("--json", action="store_true", help="print JSON lines")
            list_filters(cmd)
        elif name == "forget":
            group = cmd.add_mutually_exclusive_group(required=True)
            group.add_argument("key", nargs="?", help="record key")
            group.add_argument(
                "--all",
                action="store_true",
                help="erase the user: every memory and structured slice",
            )
        else:
            cmd.add_argument("key", help="record key (see 'list')")

    export = sub.add_parser("export", help="write a user's records as JSON lines to stdout")
    export.add_argument("--user", required=True, help="principal (user id)")
    _app_option(export)
    export.add_argument("--vectors", action="store_true", help="include each record's vector")
    imp = sub.add_parser(
        "import", help="read exported JSON lines into the store, through the gates"
    )
    imp.add_argument("file", help="the exported file ('-': standard input)")
    imp.add_argument("--user", required=True, help="principal (user id) the records belong to")
    _app_option(imp)

    serve = sub.add_parser("serve", help="a local web page to inspect and change memories")
    serve.add_argument("--host", default="127.0.0.1", help="address to bind (default 127.0.0.1)")
    serve.add_argument("--port", type=int, default=0, help="port (default 0: any free port)")
    _app_option(serve)

    recall = sub.add_parser("recall", help="what would be injected for a query")
    recall.add_argument("query")
    recall.add_argument("--user", required=True)
    scope_options(recall)
    recall.add_argument(
        "--org", metavar="ID", help="add organisation ID's shared memories (the org scope)"
    )
    _app_option(recall)
    recall.add_argument("--explain", action="store_true", help="show every record's scores")

    cues = sub.add_parser("cues", help="propose cues for a user's records written without any")
    cues.add_argument("--user", required=True, help="principal (user id)")
    cues.add_argument("--model", required=True, help="provider:name of the extraction model")
    cues.add_argument("--limit", type=int, default=20, help="records per run (1-50, default 20)")
    _app_option(cues)

    ev = sub.add_parser("eval", help="measure decisions on a labelled JSONL file")
    ev.add_argument("suite", choices=EVAL_SUITES)
    ev.add_argument("file")
    ev.add_argument("--out", help="write one JSON object per case to this file")
    ev.add_argument(
        "--embeddings",
        default=None,
        metavar="NAME",
        help="recall: turn the meaning channel on with a registered embedder: 'default' "
        "(multilingual USE v3, the meaning extra), 'multilingual-e5' (the meaning-e5 extra), "
        "'minilm', 'hash' or a third party's",
    )

    bench = sub.add_parser("bench", help="print speed figures")
    bench.add_argument("target", choices=BENCH_TARGETS)
    bench.add_argument("file", nargs="?", help="data file (locomo)")
    bench.add_argument("--out", help="write results as JSON")
    bench.add_argument("--plot", help="write a PNG plot (locomo)")
    bench.add_argument(
        "--embeddings",
        default=None,
        metavar="NAME",
        help="a registered embedder: 'default' (multilingual USE v3, the meaning extra), "
        "'multilingual-e5' (the meaning-e5 extra), 'minilm' (the semantic extra), 'hash' "
        "(a stand-in) or a third party's; locomo: "
        "default 'default'; recall: the scale rows use 'hash' unless told otherwise (query "
        "embedding left out), the 1,000-record row with the query embedding 'default' "
        "('none' skips both)",
    )
    bench.add_argument(
        "--backends",
        type=_backends,
        default=None,
        help="comma-separated: memory, sqlite (temporary stores), postgres (a temporary schema "
        "in the database of MEMORY_PLUGINS_STORE); default: memory,sqlite and postgres "
        "when MEMORY_PLUGINS_STORE names one",
    )
    bench.add_argument("--quick", action="store_true", help="smaller sizes, for a smoke run")
    bench.add_argument(
        "--fit-on",
        type=int,
        default=3,
        metavar="N",
        help="locomo: fit the semantic weight on the first N conversations and report on "
        "the others (0: no split)",
    )
    bench.add_argument(
        "--sizes", help="recall: comma-separated record counts (default 1000,10000,50000)"
    )
    return parser


def _backends(spec: str) -> list[str]:
    names = [n.strip() for n in spec.split(",") if n.strip()]
    unknown = sorted(set(names) - set(BACKENDS))
    if unknown or not names:
        raise argparse.ArgumentTypeError(
            f"unknown backend(s) {', '.join(unknown) or '(none given)'}; "
            f"choose among {', '.join(BACKENDS)}"
        )
    return names


def _app_option(cmd: argparse.ArgumentParser) -> None:
    cmd.add_argument(
        "--app", help="app label of the records (MemoryConfig.app; default: $MEMORY_PLUGINS_APP)"
    )


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of ``memory-plugins``; returns the exit status."""
    args = _parser().parse_args(argv)
    for option in ("out", "plot"):
        problem = _unwritable(getattr(args, option, None))
        if problem is not None:  # checked before any work, so nothing is computed in vain
            print(
                f"memory-plugins {args.command}: cannot write --{option} {problem}", file=sys.stderr
            )
            return 2
    if args.command == "eval":
        name = f"memory_plugins.bench.eval_{args.suite}"
    elif args.command == "bench":
        name = f"memory_plugins.bench.bench_{args.target}"
    elif args.command in ("export", "import"):
        name = "memory_plugins.cli.transfer"
    elif args.command in ("list", "restore", "suppress", "forget", "recall"):
        name = "memory_plugins.cli.inspector"
    else:
        name = f"memory_plugins.cli.{args.command}"
    from memory_plugins.errors import MemoryPluginsError

    try:
        module = importlib.import_module(name)
        status: int = module.run(args)
    except (OSError, ImportError, MemoryPluginsError) as exc:  # one line naming the fix
        shown: object = exc
        if isinstance(exc, ModuleNotFoundError) and not isinstance(exc, MemoryPluginsError):
            shown = _missing_extra(exc)
        elif isinstance(exc, ImportError) and not isinstance(exc, MemoryPluginsError):
            raise
        print(f"memory-plugins {args.command}: {shown}", file=sys.stderr)
        return 2
    return status


def _missing_extra(exc: ModuleNotFoundError) -> str:
    """A module of an optional dependency is missing: name the extra that brings it."""
    module = exc.name or "an optional dependency"
    return (
        f"needs the optional dependency {module!r}, not installed here; "
        f"install the extras with: pip install 'memory-plugins[all]'"
    )


def _unwritable(path: str | None) -> str | None:
    """Why ``path`` cannot be written (``"PATH: reason"``), or ``None`` when it can."""
    if not path:
        return None
    target = Path(path).expanduser()
    folder = target.parent
    if target.is_dir():
        return f"{path}: it is a directory"
    if not folder.is_dir():
        return f"{path}: the folder {folder} does not exist"
    if not os.access(folder, os.W_OK | os.X_OK) or (
        target.exists() and not os.access(target, os.W_OK)
    ):
        return f"{path}: permission denied"
    return None


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
