"""PostgreSQL: a suppression whose transaction waited on a lock is still honoured at once.

PostgreSQL stamps a row with its transaction's *start*. A suppression that waits on a row
lock commits seconds after its stamp, while another process's write to the same user
commits in between; a cache that then asks "what changed since the last write I saw"
must still find the suppression, not serve the memory until its entry expires.
"""

import threading
import time
import uuid
from datetime import timedelta
from typing import Any

import psycopg
import pytest

from memory_plugins import CacheConfig, MemoryConfig, MemoryEngine, OutcomeStatus
from memory_plugins.backends import postgres_store
from memory_plugins.testing import candidate

pytestmark = pytest.mark.postgres

TEA_KEY = "user_preference:prefer-oolong-tea"
ASK = "which oolong tea should I brew?"
LOCK_WAIT = 2.5  # seconds: past the 1 s a delta read used to look back


def _config(app: str) -> MemoryConfig:
    cache = CacheConfig(revalidate_after=timedelta(milliseconds=10))
    return MemoryConfig(
        principal_secret="slow-commit-secret-0123", app=app, cache=cache, store_deadline_ms=30_000
    )


def _waiting_on_a_lock(conn: Any) -> bool:
    row = conn.execute(
        "SELECT count(*) FROM pg_stat_activity WHERE wait_event_type = 'Lock'"
        " AND datname = current_database()"
    ).fetchone()
    return bool(row and row[0])


def test_a_lock_delayed_suppression_is_honoured_by_another_processes_cache(pg_url: str) -> None:
    app = f"sc{uuid.uuid4().hex[:8]}"
    with (
        postgres_store(pg_url, pool_size=2) as reader_store,
        postgres_store(pg_url, pool_size=2) as writer_store,
        postgres_store(pg_url, pool_size=2) as suppressor_store,
        psycopg.connect(pg_url, autocommit=True) as locker,
    ):
        reader = MemoryEngine(reader_store, _config(app))  # a web worker: recalls, cached
        writer = MemoryEngine(writer_store, _config(app))  # another worker writing alice
        suppressor = MemoryEngine(suppressor_store, _config(app))  # the CLI or a tool
        writer.remember("alice", [candidate()], source_conversation_id="c-1")
        assert reader.recall("alice", ASK).hits  # cached in the reader

        prefix = ".".join(reader.namespace("alice"))
        locker.execute("BEGIN")
        locker.execute(
            "SELECT 1 FROM store WHERE prefix = %s AND key = %s FOR UPDATE", (prefix, TEA_KEY)
        )
        outcomes: list[Any] = []
        suppressing = threading.Thread(
            target=lambda: outcomes.append(suppressor.suppress("alice", TEA_KEY)), daemon=True
        )
        suppressing.start()
        deadline = time.monotonic() + 10
        with psycopg.connect(pg_url, autocommit=True) as watcher:
            while not _waiting_on_a_lock(watcher):
                assert time.monotonic() < deadline, "the suppression never reached the lock"
                time.sleep(0.05)
        time.sleep(LOCK_WAIT)

        # Meanwhile another process writes the same user, and the reader sees that write.
        sencha = candidate(
            text="The user likes sencha.",
            tags=["sencha", "green tea"],
            identity={"subject": "sencha", "polarity": "prefer"},
        )
        writer.remember("alice", [sencha], source_conversation_id="c-2")
        time.sleep(0.05)
        assert reader.recall("alice", ASK).hits

        locker.execute("COMMIT")  # the suppression's transaction goes on and commits
        suppressing.join(timeout=30)
        assert [o.status for o in outcomes] == [OutcomeStatus.SUPPRESSED]

        time.sleep(0.05)  # past revalidate_after: the reader checks the change token
        keys = [hit.record.key for hit in reader.recall("alice", ASK).hits]
        assert TEA_KEY not in keys
        reader.close()
        writer.close()
        suppressor.close()
