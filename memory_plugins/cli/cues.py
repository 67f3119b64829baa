"""``memory-plugins cues --user U --model provider:name [--limit N]``: cues for old records.

Asks the extraction model (any ``init_chat_model`` provider:name) for cues of at most
``--limit`` of the user's active records that have none, and stores those the program
keeps (see :mod:`memory_plugins.extraction.cue_proposals`); run it again to continue.
Works on the store, secret and app the inspector commands use. Exit status: 0 done, 2 when
the store, the model or the configuration failed.
"""

import argparse
import sys

from memory_plugins.cli.demo import _real_model
from memory_plugins.cli.runtime import cli_config, open_store
from memory_plugins.engine import MemoryEngine
from memory_plugins.errors import ConfigurationError, StoreUnavailableError
from memory_plugins.extraction import MemoryExtractor

__all__ = ["run"]


def run(args: argparse.Namespace) -> int:
    """Propose cues for one batch of records; print what was done."""
    try:
        model = _real_model(args.model)
        with open_store(must_exist=True) as store:
            config = cli_config(app=args.app, create_secret=False)
            engine = MemoryEngine(store, config)
            report = engine.propose_cues(args.user, MemoryExtractor(model), limit=args.limit)
    except (StoreUnavailableError, ConfigurationError) as exc:
        print(f"memory-plugins cues: {exc}", file=sys.stderr)
        return 2
    if report.malformed:
        print(f"memory-plugins cues: the model's answer was not usable: {report.malformed}")
        return 2
    print(
        f"asked {report.asked}, stored cues for {report.updated}, "
        f"{report.without_cues} still without cues; {report.remaining} record(s) left"
    )
    return 0
