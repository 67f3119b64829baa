"""``memory-plugins list | suppress | restore | forget | recall``: look into a user's memory.

They work on the store named by ``MEMORY_PLUGINS_STORE`` (default: the embedded SQLite
file) with the principal secret of ``MEMORY_PLUGINS_SECRET`` (or the kept secret file)
under the app of ``--app`` / ``MEMORY_PLUGINS_APP``: the store, secret and app your
application uses. They never create a store, a directory or a secret. When a user has no
memories but the store holds records under other users or apps, they say so.
Exit status: 0 on success (suppressing what is already suppressed included), 1 when the
record to change was not found, 2 when the store or the configuration failed.
"""

import argparse
import json
import sys
from dataclasses import replace

from memory_plugins.candidate import MemoryRecord, RecordStatus
from memory_plugins.cli.filtering import filters_of, scope_of_args
from memory_plugins.cli.runtime import APP_ENV, SECRET_ENV, cli_config, open_store
from memory_plugins.elsewhere import elsewhere
from memory_plugins.engine import MemoryEngine
from memory_plugins.errors import ConfigurationError, StoreUnavailableError
from memory_plugins.keys import addresses
from memory_plugins.outcomes import OutcomeStatus
from memory_plugins.principals import PrincipalLike
from memory_plugins.recall.explain import format_explanation
from memory_plugins.recall.quoting import escape_visible, quote_line

__all__ = ["run"]

CLI_CONVERSATION = "cli"
"""The conversation id recorded on records suppressed or restored from the command line."""

_TEXT_WIDTH = 60


def run(args: argparse.Namespace) -> int:
    """Dispatch one inspector command; returns the exit status."""
    try:
        with open_store(must_exist=True) as store:
            config = cli_config(app=getattr(args, "app", None), create_secret=False)
            engine = MemoryEngine(store, config)
            return _COMMANDS[args.command](engine, args)
    except (StoreUnavailableError, ConfigurationError) as exc:
        print(f"memory-plugins {args.command}: {exc}", file=sys.stderr)
        return 2


def _list(engine: MemoryEngine, args: argparse.Namespace) -> int:
    scope, wanted = scope_of_args(args), filters_of(args)
    records = engine.list_records(scope, status=args.status, filters=wanted)
    if not records and wanted is not None:
        print("no memories match the filters")
        return 0
    if not records and (args.status == "all" or not engine.list_records(scope, "all")):
        _elsewhere(engine, args.user)  # on stderr: JSON output stays clean
    if args.json:
        for record in records:
            # Escaped inside its strings: the JSON stays valid and the terminal sees no control.
            print(escape_visible(json.dumps(_public_json(record), ensure_ascii=False)))
        return 0
    if not records:
        label = "" if args.status == "all" else f"{args.status} "
        print(f"no {label}memories")
        return 0
    for record in records:
        text = record.text if len(record.text) <= _TEXT_WIDTH else record.text[:59] + "…"
        tags = ", ".join(escape_visible(" ".join(tag.split())) for tag in record.tags)
        print(
            f"{record.status.value:<10} {record.confidence:>4.2f}  {record.last_changed[:19]}  "
            f"{escape_visible(record.key)}\n{'':<10} {quote_line(text)}  [{tags}]"
        )
        for label, phrases in (("cues", record.cues), ("other senses", record.other_senses)):
            if phrases:
                shown = ", ".join(escape_visible(" ".join(p.split())) for p in phrases)
                print(f"{'':<10} {label}: {shown}")
        if record.metadata:
            shown = json.dumps(record.metadata, ensure_ascii=False, sort_keys=True)
            print(f"{'':<10} metadata: {escape_visible(shown)}")
    print(f"{len(records)} record(s)")
    return 0


def _public_json(record: MemoryRecord) -> dict[str, object]:
    data = record.to_json()
    data.pop("features", None)  # derived data, not part of the memory
    data.pop("vector", None)
    return data


def _suppress(engine: MemoryEngine, args: argparse.Namespace) -> int:
    outcome = engine.suppress(scope_of_args(args), args.key, conversation_id=CLI_CONVERSATION)
    return _report(engine, args, outcome.status, outcome.detail, RecordStatus.SUPPRESSED)


def _restore(engine: MemoryEngine, args: argparse.Namespace) -> int:
    outcome = engine.restore(scope_of_args(args), args.key, conversation_id=CLI_CONVERSATION)
    return _report(engine, args, outcome.status, outcome.detail, RecordStatus.ACTIVE)


def _report(
    engine: MemoryEngine,
    args: argparse.Namespace,
    status: OutcomeStatus,
    detail: str,
    target: RecordStatus,
) -> int:
    key = args.key
    if status is OutcomeStatus.STORE_UNAVAILABLE:
        print(f"store unavailable: {detail}", file=sys.stderr)
        return 2
    if status is OutcomeStatus.NOT_FOUND and _status_of(engine, scope_of_args(args), key) is target:
        print(f"already {target.value}: {key}")
        return 0
    if status is OutcomeStatus.NOT_FOUND:
        print(f"not found: {key} ({detail})", file=sys.stderr)
        return 1
    print(f"{status.value}: {key}")
    return 0


def _status_of(engine: MemoryEngine, user: PrincipalLike, key: str) -> RecordStatus | None:
    records = engine.list_records(user, status="all")
    return next((r.status for r in records if addresses(r, key)), None)


def _elsewhere(engine: MemoryEngine, user: str) -> None:
    """Say where the records are when ``user`` has none under this app and secret."""
    app = engine.config.app
    found = elsewhere(engine.gateway, app)
    if not found:
        return
    notes = []
    if found.users_in_app:
        notes.append(
            f"the store has records of {found.users_in_app} other user(s) under app {app!r}: "
            f"check --user, and that {SECRET_ENV} is the secret your application uses (users "
            "are stored under a hash keyed by it)"
        )
    if found.other_apps:
        notes.append(
            f"the store has records under other apps: {', '.join(found.other_apps)} "
            f"(choose one with --app or {APP_ENV})"
        )
    print(f"note: no memories for {user!r} under app {app!r}; " + "; ".join(notes), file=sys.stderr)


def _forget(engine: MemoryEngine, args: argparse.Namespace) -> int:
    if args.all:
        removed = engine.erase_user(scope_of_args(args))
        print(f"erased {removed} item(s) of {args.user!r}: memories and structured slices")
        return 0
    if not engine.forget(scope_of_args(args), args.key):
        print(f"not found: {args.key}", file=sys.stderr)
        return 1
    print("deleted 1 record")
    return 0


def _recall(engine: MemoryEngine, args: argparse.Namespace) -> int:
    if args.org is None:
        return _recall_in(engine, args)
    # The operator names an org: this look needs the deployment's org scope on.
    with MemoryEngine(engine.store, replace(engine.config, org_scope=True)) as looking:
        return _recall_in(looking, args)


def _recall_in(engine: MemoryEngine, args: argparse.Namespace) -> int:
    scopes = {"agent": args.agent, "org": args.org}
    if args.explain:
        print(format_explanation(engine.explain(args.user, args.query, **scopes)))
        print()
    result = engine.recall(args.user, args.query, **scopes)
    if result.degraded:
        print("store unavailable: nothing injected", file=sys.stderr)
        return 2
    print(result.message if result.message is not None else "(nothing injected)")
    if result.message is None and not engine.list_records(args.user, status="all"):
        _elsewhere(engine, args.user)
    return 0


_COMMANDS = {
    "list": _list,
    "suppress": _suppress,
    "restore": _restore,
    "forget": _forget,
    "recall": _recall,
}
