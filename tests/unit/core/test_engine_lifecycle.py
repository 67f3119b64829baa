"""An engine owns its threads: it closes like an httpx client, and every call has an async twin."""

import asyncio
import gc
import inspect
import threading
import time
import warnings
from collections.abc import Iterable
from datetime import timedelta
from typing import Any

import pytest
from langgraph.store.memory import InMemoryStore

from memory_plugins import (
    ConfigurationError,
    EngineClosedError,
    MemoryConfig,
    MemoryEngine,
    OutcomeStatus,
    RecordStatus,
)
from memory_plugins.cache import ReadPool
from memory_plugins.embedders import HashingEmbeddings
from memory_plugins.store import StoreGateway, StoreLike
from memory_plugins.testing import FrozenClock, candidate

CONFIG = MemoryConfig(principal_secret="0123456789abcdef", record_ttl=timedelta(days=30))
KEY = "user_preference:prefer-oolong-tea"


def _engine(store: Any = None, **kwargs: Any) -> MemoryEngine:
    return MemoryEngine(store if store is not None else InMemoryStore(), CONFIG, **kwargs)


def _remember(engine: MemoryEngine) -> None:
    [outcome] = engine.remember("alice", [candidate()], source_conversation_id="c-1")
    assert outcome.status is OutcomeStatus.ADDED


def _pools(engine: MemoryEngine) -> list[ReadPool]:
    return [engine._reads, engine._calls, engine._embeds]


def _wait_for(condition: Any, seconds: float = 5.0) -> bool:
    end = time.monotonic() + seconds
    while not condition():
        if time.monotonic() > end:
            return False
        time.sleep(0.01)
    return True


def test_with_block_closes_the_engine_and_its_threads() -> None:
    with _engine() as engine:
        _remember(engine)
        assert engine.recall("alice", "oolong tea").hits
        assert sum(pool.workers for pool in _pools(engine)) > 0
        assert not engine.closed
    assert engine.closed
    assert _wait_for(lambda: sum(pool.workers for pool in _pools(engine)) == 0)


def test_the_store_stays_open_and_keeps_the_records() -> None:
    store = InMemoryStore()
    with _engine(store) as engine:
        _remember(engine)
    with _engine(store) as again:
        assert [r.key for r in again.list_records("alice")] == [KEY]


SYNC_CALLS: list[tuple[str, tuple[Any, ...]]] = [
    ("remember", ("alice", [candidate()])),
    ("recall", ("alice", "tea")),
    ("explain", ("alice", "tea")),
    ("list_records", ("alice",)),
    ("suppress", ("alice", KEY)),
    ("restore", ("alice", KEY)),
    ("forget", ("alice", KEY)),
    ("erase_user", ("alice",)),
    ("sweep", ("alice",)),
    ("sweep_all", ()),
    ("embed_missing", ("alice",)),
]


@pytest.mark.parametrize(("name", "args"), SYNC_CALLS, ids=[n for n, _ in SYNC_CALLS])
def test_a_closed_engine_refuses_every_call(name: str, args: tuple[Any, ...]) -> None:
    engine = _engine()
    engine.close()
    kwargs = {"source_conversation_id": "c-1"} if name == "remember" else {}
    with pytest.raises(EngineClosedError, match=rf"MemoryEngine\.{name}: the engine is closed"):
        getattr(engine, name)(*args, **kwargs)
    with pytest.raises(RuntimeError):  # EngineClosedError is a RuntimeError, as in httpx
        getattr(engine, name)(*args, **kwargs)


@pytest.mark.parametrize(("name", "args"), SYNC_CALLS, ids=[n for n, _ in SYNC_CALLS])
async def test_a_closed_engine_refuses_every_async_call(name: str, args: tuple[Any, ...]) -> None:
    engine = _engine()
    await engine.aclose()
    kwargs = {"source_conversation_id": "c-1"} if name == "remember" else {}
    with pytest.raises(EngineClosedError, match=rf"MemoryEngine\.a{name}: the engine is closed"):
        await getattr(engine, f"a{name}")(*args, **kwargs)


def test_close_is_idempotent_and_a_closed_engine_cannot_be_reentered() -> None:
    engine = _engine()
    engine.close()
    engine.close()
    with pytest.raises(EngineClosedError), engine:
        pass


async def test_async_with_closes() -> None:
    async with _engine() as engine:
        await engine.aremember("alice", [candidate()], source_conversation_id="c-1")
        assert (await engine.arecall("alice", "oolong tea")).hits
    assert engine.closed


def test_an_engine_collected_while_open_warns() -> None:
    engine = _engine()
    _remember(engine)
    with pytest.warns(ResourceWarning, match="unclosed <memory_plugins.engine.MemoryEngine"):
        del engine
        gc.collect()


def test_a_closed_engine_is_collected_silently() -> None:
    engine = _engine()
    engine.close()
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        del engine
        gc.collect()


def test_every_public_operation_has_an_async_twin() -> None:
    public = {
        name
        for name, member in inspect.getmembers(MemoryEngine, inspect.isfunction)
        if not name.startswith("_") and not name.startswith("a") and name != "namespace"
    }
    for name in public:
        twin = getattr(MemoryEngine, f"a{name}", None)
        assert twin is not None and inspect.iscoroutinefunction(twin), name
        assert inspect.signature(twin).parameters.keys() == (
            inspect.signature(getattr(MemoryEngine, name)).parameters.keys()
        ), name


async def test_async_management_twins_act_like_their_sync_methods() -> None:
    clock = FrozenClock()
    async with _engine(clock=clock, embeddings=HashingEmbeddings()) as engine:
        await engine.aremember("alice", [candidate()], source_conversation_id="c-1")
        assert [r.key for r in await engine.alist_records("alice")] == [KEY]

        suppressed = await engine.asuppress("alice", KEY, conversation_id="c-2")
        assert suppressed.status is OutcomeStatus.SUPPRESSED
        [record] = await engine.alist_records("alice", "suppressed")
        assert record.status is RecordStatus.SUPPRESSED and record.suppressed_by == "c-2"
        restored = await engine.arestore("alice", KEY)
        assert restored.status is OutcomeStatus.RESTORED

        assert await engine.aembed_missing("alice") == 0  # written with its vector already
        clock.advance(timedelta(days=31))
        assert await engine.asweep("alice") == 1
        assert await engine.alist_records("alice", "all") == []

        await engine.aremember("alice", [candidate()], source_conversation_id="c-3")
        assert await engine.aforget("alice", KEY) == 1
        with pytest.raises(ConfigurationError, match="no TTL sweeper"):
            await engine.asweep_all()  # InMemoryStore has none


async def test_async_twins_do_not_block_the_event_loop() -> None:
    ticks = 0

    async def ticker() -> None:
        nonlocal ticks
        while True:
            ticks += 1
            await asyncio.sleep(0.005)

    class SlowBatch:
        def __init__(self) -> None:
            self.inner = InMemoryStore()

        def batch(self, ops: Iterable[Any]) -> list[Any]:
            time.sleep(0.2)
            return list(self.inner.batch(ops))

    async with _engine(SlowBatch()) as engine:
        task = asyncio.create_task(ticker())
        await engine.alist_records("alice")
        task.cancel()
    assert ticks > 5  # the loop kept running while the store was read


def test_a_store_with_only_batch_is_enough() -> None:
    class BatchOnly:
        """The one method memory_plugins calls on a store."""

        def __init__(self) -> None:
            self.inner = InMemoryStore()

        def batch(self, ops: Iterable[Any]) -> list[Any]:
            return list(self.inner.batch(ops))

    store = BatchOnly()
    assert isinstance(store, StoreLike)
    with _engine(store) as engine:
        _remember(engine)
        assert engine.recall("alice", "oolong tea").hits


def test_sweep_ttl_is_spoken_by_the_gateway_only() -> None:
    with pytest.raises(ConfigurationError, match="InMemoryStore has no TTL sweeper"):
        StoreGateway(InMemoryStore()).sweep_ttl()


def test_a_shut_down_pool_cancels_what_has_not_started() -> None:
    pool = ReadPool(max_workers=1)
    started, release = threading.Event(), False

    def blocking() -> int:
        started.set()
        while not release:
            time.sleep(0.005)
        return 1

    running = pool.submit(blocking)
    assert _wait_for(started.is_set)
    waiting = pool.submit(lambda: 2)
    pool.shutdown()
    assert waiting.cancelled()
    with pytest.raises(RuntimeError, match="shut down"):
        pool.submit(lambda: 3)
    release = True
    assert running.result(timeout=5) == 1  # a call already running finishes
    assert _wait_for(lambda: pool.workers == 0)
