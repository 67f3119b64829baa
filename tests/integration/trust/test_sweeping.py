"""Expired records and slices are reclaimed: by the store's sweeper, or per principal."""

import threading
import time
import uuid
from collections.abc import Iterator
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
from langgraph.store.memory import InMemoryStore

from memory_plugins import ConfigurationError, MemoryConfig, MemoryEngine
from memory_plugins.backends import postgres_store, sqlite_store
from memory_plugins.namespaces import slice_namespace
from memory_plugins.store import StoreGateway
from memory_plugins.testing import FrozenClock

SHORT = timedelta(milliseconds=300)


@pytest.fixture(params=["sqlite", "postgres"])
def ttl_store(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Any]:
    if request.param == "sqlite":
        with sqlite_store(tmp_path / "ttl.sqlite") as store:
            yield store
    else:
        yield request.getfixturevalue("pooled_pg_store")


def configs(app: str) -> tuple[MemoryConfig, MemoryConfig]:
    secret = "sweep-secret-0123456789"
    return (
        MemoryConfig(principal_secret=secret, app=app, record_ttl=SHORT),
        MemoryConfig(principal_secret=secret, app=app, record_ttl=timedelta(days=1)),
    )


def sweep_until(engine: MemoryEngine, expected: int) -> int:
    """Store expiry runs on the database clock: poll until the short TTLs have passed."""
    removed, deadline = 0, time.monotonic() + 5
    while removed < expected and time.monotonic() < deadline:
        time.sleep(0.1)
        removed += engine.sweep_all()
    return removed


def test_sweep_all_reclaims_expired_records_and_slices_only(
    ttl_store: Any, make_candidate: Any
) -> None:
    short_cfg, long_cfg = configs(f"sw{uuid.uuid4().hex[:10]}")
    short = MemoryEngine(ttl_store, short_cfg, clock=FrozenClock())
    keep = MemoryEngine(ttl_store, long_cfg, clock=FrozenClock())
    for user in ("alice", "bob"):
        short.remember(user, [make_candidate()], source_conversation_id="c-1")
    keep.remember("carol", [make_candidate()], source_conversation_id="c-1")
    # A suppressed record keeps its remaining lifetime in the store.
    [added] = short.remember("dave", [make_candidate()], source_conversation_id="c-1")
    short.suppress("dave", added.key or "", conversation_id="c-2")
    # Slices are written by their own module; through the store, with a TTL, they are swept too.
    gateway = StoreGateway(ttl_store)
    anchors = slice_namespace(short_cfg, "alice", "intent_anchor")
    gateway.put_many(
        anchors, [("a1", {"action": "modify"})], ttl_minutes=SHORT.total_seconds() / 60
    )
    gateway.put_many(anchors, [("a2", {"action": "verify"})], ttl_minutes=60.0)

    assert sweep_until(short, expected=4) >= 4  # the shared schema may hold others' rows
    assert [k for k, _ in gateway.read_all(anchors)] == ["a2"]
    for user in ("alice", "bob", "dave"):
        assert StoreGateway(ttl_store).read_all(short.namespace(user)) == []
    assert [r.text for r in keep.list_records("carol")] == ["The user likes oolong tea."]


def test_sweep_all_needs_a_store_with_a_sweeper(config: MemoryConfig) -> None:
    engine = MemoryEngine(InMemoryStore(), config)
    with pytest.raises(ConfigurationError, match=r"sweep\(principal\)"):
        engine.sweep_all()


def test_per_principal_sweep_works_everywhere(
    any_store: Any, config: MemoryConfig, clock: FrozenClock, make_candidate: Any
) -> None:
    cfg = MemoryConfig(
        principal_secret=config.principal_secret, app=config.app, record_ttl=timedelta(hours=1)
    )
    engine = MemoryEngine(any_store, cfg, clock=clock)
    engine.remember("alice", [make_candidate()], source_conversation_id="c-1")
    clock.advance(timedelta(hours=1, seconds=1))
    assert engine.sweep("alice") == 1
    assert StoreGateway(any_store).read_all(engine.namespace("alice")) == []


@pytest.mark.parametrize("backend", ["sqlite", "postgres"])
def test_backends_run_the_store_sweeper_when_asked(
    backend: str, tmp_path: Path, request: pytest.FixtureRequest
) -> None:
    def sweepers() -> int:
        return sum(t.name == "ttl-sweeper" and t.is_alive() for t in threading.enumerate())

    before = sweepers()
    if backend == "sqlite":
        opened = sqlite_store(tmp_path / "s.sqlite", sweep_interval_minutes=5)
    else:
        opened = postgres_store(request.getfixturevalue("pg_url"), sweep_interval_minutes=5)
    with opened as store:
        assert sweepers() == before + 1
        assert store.ttl_config == {"refresh_on_read": False, "sweep_interval_minutes": 5}
    assert sweepers() == before
