"""A failing store never reaches the chat turn; management calls raise (S3)."""

import asyncio

import pytest
from langgraph.store.memory import InMemoryStore

from memory_plugins import MemoryConfig
from memory_plugins.errors import StoreUnavailableError
from memory_plugins.slices import SliceMemory, SliceType
from memory_plugins.testing import FailingStore, FrozenClock


def test_turns_go_on_with_no_slices_when_the_store_is_down(
    config: MemoryConfig, clock: FrozenClock
) -> None:
    slices = SliceMemory(FailingStore(), config, clock=clock)
    turn = slices.observe("ann", "按上次的格式写三封邮件", conversation_id="c1")
    assert turn.anchor.key == "generate:email" and turn.snapshot.to_dict() == {"max_count": 3}
    assert turn.activations == () and turn.stored == () and turn.degraded
    assert slices.check("ann", "1. a\n2. b\n3. c\n4. d") is None
    assert slices.stats.get("slice_read_failures") >= 2
    assert slices.stats.get("slice_write_failures") >= 1


def test_writes_are_skipped_and_counted_when_only_writes_fail(
    config: MemoryConfig, clock: FrozenClock
) -> None:
    store = FailingStore(InMemoryStore(), fail_reads=False, fail_writes=True)
    slices = SliceMemory(store, config, clock=clock)
    turn = slices.observe("ann", "给我5个标题")
    assert turn.stored == () and turn.degraded
    store.fail_writes = False
    turn = slices.observe("ann", "给我5个标题")
    assert turn.stored == (
        (SliceType.ANCHOR, "generate:title"),
        (SliceType.SNAPSHOT, "generate:title"),
    )
    assert not turn.degraded


def test_management_calls_raise(config: MemoryConfig, clock: FrozenClock) -> None:
    slices = SliceMemory(FailingStore(), config, clock=clock)
    with pytest.raises(StoreUnavailableError):
        slices.feedback("ann", "adopt", "snapshot", "generate:title")
    with pytest.raises(StoreUnavailableError):
        slices.sweep("ann")
    with pytest.raises(StoreUnavailableError):
        slices.sweep()


def test_async_twins(config: MemoryConfig, clock: FrozenClock) -> None:
    slices = SliceMemory(InMemoryStore(), config, clock=clock)

    async def scenario() -> None:
        turn = await slices.aobserve("ann", "Give me 2 titles")
        assert turn.anchor.key == "generate:title"
        activation = await slices.acheck("ann", "1. a\n2. b\n3. c")
        assert activation is not None
        outcome = await slices.afeedback("ann", "adopt", "snapshot", "generate:title")
        assert outcome.found

    asyncio.run(scenario())
