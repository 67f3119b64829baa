"""CVE-2026-71433: a read under one namespace must never see a sibling sharing its prefix."""

import json
from typing import Any

from memory_plugins import MemoryConfig, MemoryEngine
from memory_plugins.store import StoreGateway
from memory_plugins.testing import FrozenClock


def test_backend_search_does_not_cross_segment_boundaries(any_store: Any) -> None:
    # The installed backends must carry the upstream fix themselves, not only our filter.
    any_store.put(("tenant", "acme"), "note", {"v": "acme"})
    any_store.put(("tenant", "acme-corp"), "secret", {"v": "acme-corp"})
    any_store.put(("tenant", "acme_"), "wild", {"v": "underscore"})
    found = {item.value["v"] for item in any_store.search(("tenant", "acme"), limit=50)}
    assert found == {"acme"}


def test_gateway_reads_only_the_exact_namespace(any_store: Any) -> None:
    gateway = StoreGateway(any_store)
    gateway.put_many(("app", "user-memory", "v1", "ab"), [("k", {"who": "ab"})])
    gateway.put_many(("app", "user-memory", "v1", "abc"), [("k", {"who": "abc"})])
    gateway.put_many(("app", "user-memory", "v1", "ab", "deeper"), [("k", {"who": "deep"})])
    assert gateway.read_all(("app", "user-memory", "v1", "ab")) == [("k", {"who": "ab"})]
    # As stored: the JSON bytes of a SQL table (decoded by the reader), else the dict.
    [(key, value)] = gateway.read_stored(("app", "user-memory", "v1", "ab"))
    assert key == "k"
    assert (json.loads(value) if isinstance(value, bytes) else value) == {"who": "ab"}


def test_apps_sharing_a_prefix_are_isolated(
    any_store: Any, config: MemoryConfig, clock: FrozenClock, make_candidate: Any
) -> None:
    short = MemoryConfig(principal_secret=config.principal_secret, app=config.app)
    longer = MemoryConfig(principal_secret=config.principal_secret, app=config.app + "-corp")
    MemoryEngine(any_store, longer, clock=clock).remember(
        "alice", [make_candidate()], source_conversation_id="c-1"
    )
    engine = MemoryEngine(any_store, short, clock=clock)
    assert engine.list_records("alice", "all") == []
    assert engine.recall("alice", "oolong tea").hits == ()
