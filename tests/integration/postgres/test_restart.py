"""PostgreSQL restarted under load: calls fail soft while it is down, then recover; nothing is lost."""

import threading
import time
import uuid
from typing import Any

import pytest

from memory_plugins import MemoryConfig, MemoryEngine, OutcomeStatus, RecallConfig
from memory_plugins.backends import postgres_store

USERS = ("alice", "bob", "carol")


def candidate(subject: str) -> dict[str, Any]:
    return {
        "type": "user_preference",
        "text": f"The user likes {subject}.",
        "tags": ["tea", subject.replace(" ", "-")],
        "confidence": 0.9,
        "stability": "stable",
        "identity": {"subject": subject, "polarity": "prefer"},
        "action": "add",
        "source_signal": "explicit_memory_intent",
        "reason": "stated",
        "conflict_signal": False,
    }


@pytest.mark.postgres
def test_restart_under_load_fails_soft_and_loses_nothing(private_pg: Any) -> None:
    config = MemoryConfig(
        principal_secret="restart-secret-0123456789",
        app=f"rs{uuid.uuid4().hex[:8]}",
        recall=RecallConfig(time_budget_ms=250),
    )
    acknowledged: dict[str, set[str]] = {user: set() for user in USERS}
    errors: list[BaseException] = []
    turns = {"ok": 0, "degraded": 0}
    stop = threading.Event()

    with postgres_store(private_pg.url, pool_size=4, pool_timeout=0.5) as store:
        engine = MemoryEngine(store, config)
        for user in USERS:
            [outcome] = engine.remember(
                user, [candidate("oolong tea")], source_conversation_id="c-0"
            )
            acknowledged[user].add(outcome.key or "")

        def chat(user: str) -> None:
            n = 0
            while not stop.is_set():
                n += 1
                try:
                    recalled = engine.recall(user, "which tea, oolong?")
                    [outcome] = engine.remember(
                        user, [candidate(f"tea number {n}")], source_conversation_id=f"c-{n}"
                    )
                except BaseException as exc:  # nothing may raise into the chat
                    errors.append(exc)
                    return
                if outcome.status is OutcomeStatus.ADDED:
                    acknowledged[user].add(outcome.key or "")
                turns["degraded" if recalled.degraded else "ok"] += 1
                time.sleep(0.01)

        threads = [threading.Thread(target=chat, args=(u,)) for u in USERS]
        for t in threads:
            t.start()
        try:
            time.sleep(0.3)
            private_pg.stop()
            time.sleep(1.0)
            private_pg.start()
            deadline = time.monotonic() + 20
            while not engine.recall("alice", "oolong tea").hits:  # the pool reconnects by itself
                assert time.monotonic() < deadline, "no recovery within 20 s of the restart"
                time.sleep(0.05)
            recovered_at = dict(turns)
            time.sleep(0.3)
        finally:
            stop.set()
            for t in threads:
                t.join()

        assert not errors, errors
        assert turns["degraded"] > 0  # the outage was felt, softly
        assert engine.stats.get("store_write_failures") > 0
        assert turns["ok"] > recovered_at["ok"]  # and turns went on normally after it
        for user in USERS:
            stored = {r.key for r in engine.list_records(user, "all")}
            assert acknowledged[user] <= stored, f"{user}: acknowledged writes lost"
            [outcome] = engine.remember(
                user, [candidate("jasmine tea")], source_conversation_id="z"
            )
            assert outcome.status is OutcomeStatus.ADDED
