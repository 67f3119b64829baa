"""Command-line options naming a scope (``--agent``, ``--org``) and filters (``list``)."""

import argparse
import json
from datetime import UTC, datetime
from typing import Any

from memory_plugins.filters import RecordFilter
from memory_plugins.principals import PrincipalLike, Scope

__all__ = ["filters_of", "list_filters", "scope_of_args", "scope_options"]


def scope_options(cmd: argparse.ArgumentParser) -> None:
    """``--agent``: the assistant's memories about the user instead of the user's own."""
    cmd.add_argument("--agent", metavar="ID", help="the memories assistant ID keeps about the user")


def scope_of_args(args: argparse.Namespace) -> PrincipalLike:
    """The user of ``--user``, or that user's scope of ``--agent``."""
    agent = getattr(args, "agent", None)
    if agent is None:
        user: str = args.user
        return user
    return Scope.for_agent(agent, user=args.user)


def list_filters(cmd: argparse.ArgumentParser) -> None:
    """The filter options of ``list``."""
    cmd.add_argument("--type", action="append", metavar="TYPE", help="only this memory type")
    cmd.add_argument("--tag", action="append", metavar="TAG", help="only records with this tag")
    cmd.add_argument("--since", type=_moment, help="created at or after (ISO 8601, UTC if bare)")
    cmd.add_argument("--until", type=_moment, help="created before (ISO 8601)")
    cmd.add_argument("--changed-since", type=_moment, help="last changed at or after")
    cmd.add_argument("--changed-until", type=_moment, help="last changed before")
    cmd.add_argument(
        "--meta",
        action="append",
        metavar="KEY=VALUE",
        type=_pair,
        help="declared metadata value (a JSON number or boolean, else a string); repeat a "
        "key for any of several values",
    )


def filters_of(args: argparse.Namespace) -> RecordFilter | None:
    """The :class:`RecordFilter` the options of ``list`` describe (``None``: no option)."""
    metadata: dict[str, list[Any]] = {}
    for key, value in args.meta or ():
        metadata.setdefault(key, []).append(value)
    wanted = RecordFilter(
        types=frozenset(args.type or ()),
        tags=tuple(args.tag or ()),
        created_after=args.since,
        created_before=args.until,
        updated_after=args.changed_since,
        updated_before=args.changed_until,
        metadata=metadata,
    )
    return None if wanted.empty else wanted


def _moment(text: str) -> datetime:
    try:
        moment = datetime.fromisoformat(text)
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"{text!r} is not an ISO 8601 date or time (2026-03-01 or 2026-03-01T12:00)"
        ) from None
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)


def _pair(text: str) -> tuple[str, Any]:
    key, sep, raw = text.partition("=")
    if not sep or not key:
        raise argparse.ArgumentTypeError(f"{text!r}: expected KEY=VALUE")
    try:
        value = json.loads(raw)
    except ValueError:
        return key, raw
    return key, value if isinstance(value, bool | int | float) else raw
