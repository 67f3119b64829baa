"""``memory-plugins demo``: what gets stored, what is refused, and what comes back."""

import argparse
import tempfile
import uuid
from pathlib import Path
from typing import Any

from memory_plugins.backends import sqlite_store
from memory_plugins.config import MemoryConfig
from memory_plugins.engine import MemoryEngine

__all__ = ["run"]


def _cand(
    kind: str, text: str, tags: list[str], identity: dict[str, str], **extra: Any
) -> dict[str, Any]:
    base: dict[str, Any] = {
        "type": kind,
        "text": text,
        "tags": tags,
        "confidence": 0.9,
        "stability": "stable",
        "identity": identity,
        "action": "add",
        "source_signal": "explicit_memory_intent",
        "reason": "the user said it is lasting",
        "conflict_signal": False,
    }
    base.update(extra)
    return base


PROPOSALS = [
    _cand(
        "user_preference",
        "The user drinks oolong tea every afternoon.",
        ["oolong", "tea"],
        {"subject": "oolong tea", "polarity": "prefer"},
    ),
    _cand(
        "communication_preference",
        "用户希望回答简洁，先给结论。",
        ["简洁", "结论"],
        {"subject": "回答风格", "facet": "简洁"},
    ),
    _cand(
        "user_preference",
        "The user is tired today.",
        ["tired", "today"],
        {"subject": "mood", "polarity": "avoid"},
        stability="temporary",
    ),
    _cand(
        "stable_user_context",
        "The user's API key is sk-proj-4fGh8JkL2mNpQrStUvWxYz0123456789abcd.",
        ["api key", "openai"],
        {"subject": "api key"},
    ),
]


def run(args: argparse.Namespace) -> int:
    """Gate, store and list memories on the embedded SQLite store."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(args.db) if args.db else Path(folder) / "demo.sqlite"
        with sqlite_store(path) as store:
            engine = MemoryEngine(store, MemoryConfig(principal_secret=uuid.uuid4().hex))
            print(f"store: SQLite at {path}\n")
            outcomes = engine.remember("demo-user", PROPOSALS, source_conversation_id="conv-a")
            for proposal, outcome in zip(PROPOSALS, outcomes, strict=True):
                print(f"  {outcome!s:<24} {proposal['text']}")
                if outcome.detail and outcome.code:
                    print(f"  {'':<24} ({outcome.detail})")
            print("\nstored memories:")
            for record in engine.list_records("demo-user"):
                print(f"  {record.key:<48} {record.text}")
    return 0
