"""The slice store on every backend: upsert, isolation, expiry in UTC, sweep, feedback.

Runs on InMemoryStore, SqliteStore (a temporary file) and PostgresStore (required, never
skipped; each test has its own ``app`` so namespaces never collide).
"""

from datetime import UTC, datetime, timedelta, timezone
from typing import Any

import pytest

from memory_plugins import MemoryConfig
from memory_plugins.errors import SnapshotValidationError
from memory_plugins.namespaces import slice_namespace
from memory_plugins.slices import FeedbackKind, SliceMemory, SliceType
from memory_plugins.slices.store import SliceStore
from memory_plugins.testing import FrozenClock

UTC8 = timezone(timedelta(hours=8))


class LocalClock:
    """A clock that answers in UTC+8 local time (aware), as a server in Shanghai might."""

    def __init__(self, start: datetime) -> None:
        self.moment = start

    def now(self) -> datetime:
        return self.moment.astimezone(UTC8)


def test_writing_the_same_key_again_replaces_it(
    any_store: Any, config: MemoryConfig, clock: FrozenClock
) -> None:
    slices = SliceMemory(any_store, config, clock=clock)
    slices.observe("ann", "给我5个标题")
    clock.advance(timedelta(minutes=1))
    slices.observe("ann", "给我3个标题，每个不超过10个字")
    snapshots = slices.store.active("ann", SliceType.SNAPSHOT)
    assert [(s.key, dict(s.data)) for s in snapshots] == [
        ("generate:title", {"max_count": 3, "max_length": 10})
    ]
    anchors = slices.store.active("ann", SliceType.ANCHOR)
    assert [a.links for a in anchors] == [((SliceType.SNAPSHOT, "generate:title"),)]


def test_principals_and_slice_types_live_apart(
    any_store: Any, config: MemoryConfig, clock: FrozenClock
) -> None:
    slices = SliceMemory(any_store, config, clock=clock)
    slices.observe("ann", "把这封邮件翻译成英文")
    assert slices.store.active("bob", SliceType.ANCHOR) == []
    namespace = slices.store.namespace("ann", SliceType.ANCHOR)
    assert namespace == slice_namespace(config, "ann", "anchor")
    assert namespace[-1] == "anchor" and "ann" not in namespace
    raw = slices.store.gateway.read_all(slice_namespace(config, "ann", "snapshot"))
    assert [key for key, _ in raw] == ["translate:email"]


def test_expiry_is_computed_in_utc_across_a_local_midnight(
    any_store: Any, config: MemoryConfig
) -> None:
    # Local midnight in UTC+8 is 16:00 the day before in UTC.
    local = LocalClock(datetime(2026, 3, 1, 0, 0, tzinfo=UTC8))
    slices = SliceMemory(any_store, config, clock=local)
    slices.observe("ann", "写三封邮件")
    (record,) = slices.store.active("ann", SliceType.SNAPSHOT)
    assert record.created_at == datetime(2026, 2, 28, 16, 0, tzinfo=UTC)
    assert record.expires_at == datetime(2026, 3, 7, 16, 0, tzinfo=UTC)
    stored = slices.store.gateway.read_all(slices.store.namespace("ann", SliceType.SNAPSHOT))[0][1]
    assert stored["expires_at"] == "2026-03-07T16:00:00+00:00"

    local.moment = datetime(2026, 3, 7, 23, 59, 59, tzinfo=UTC8)  # 15:59:59 UTC: alive
    assert len(slices.store.active("ann", SliceType.SNAPSHOT)) == 1
    local.moment = datetime(2026, 3, 8, 0, 0, tzinfo=UTC8)  # 16:00 UTC: seven days exactly
    assert slices.store.active("ann", SliceType.SNAPSHOT) == []
    assert slices.store.get("ann", SliceType.SNAPSHOT, "generate:email") is None


def test_expired_slices_stay_in_the_backend_until_swept(
    any_store: Any, config: MemoryConfig, clock: FrozenClock
) -> None:
    slices = SliceMemory(any_store, config, clock=clock)
    slices.observe("ann", "给我5个标题", conversation_id="c1")
    slices.observe("bob", "给我2个标题", conversation_id="c9")
    clock.advance(timedelta(days=8))
    namespace = slices.store.namespace("ann", SliceType.SNAPSHOT)
    assert len(slices.store.gateway.read_all(namespace)) == 1  # still physically there
    assert slices.store.active("ann", SliceType.SNAPSHOT) == []  # but never read
    assert slices.sweep("ann") == 3  # anchor, snapshot, streak
    assert slices.store.gateway.read_all(namespace) == []
    assert slices.sweep() == 3  # every principal of this app: bob's three
    assert slices.sweep() == 0


def test_adopt_extends_the_slice_and_its_links_to_thirty_days(
    any_store: Any, config: MemoryConfig
) -> None:
    clock = FrozenClock(datetime(2026, 3, 1, 0, 0, tzinfo=UTC8))  # local midnight in UTC+8
    slices = SliceMemory(any_store, config, clock=clock)
    slices.observe("ann", "生成5条测试用例，每条不超过50字")
    slices.observe("ann", "写一封邮件")
    clock.advance(timedelta(days=2))
    outcome = slices.feedback("ann", FeedbackKind.ADOPT, SliceType.SNAPSHOT, "generate:test-case")
    assert outcome.found
    assert set(outcome.extended) == {
        (SliceType.SNAPSHOT, "generate:test-case"),
        (SliceType.ANCHOR, "generate:test-case"),
    }
    assert outcome.expires_at == datetime(2026, 3, 2, 16, 0, tzinfo=UTC) + timedelta(days=30)

    clock.advance(timedelta(days=10))  # day 12: the unadopted email anchor has expired
    assert [a.key for a in slices.store.active("ann", SliceType.ANCHOR)] == ["generate:test-case"]
    clock.set(outcome.expires_at - timedelta(seconds=1))
    assert slices.store.get("ann", SliceType.SNAPSHOT, "generate:test-case") is not None
    clock.set(outcome.expires_at)
    assert slices.store.get("ann", SliceType.SNAPSHOT, "generate:test-case") is None


def test_reject_deletes_the_slice_and_the_slices_linked_to_it(
    any_store: Any, config: MemoryConfig, clock: FrozenClock
) -> None:
    slices = SliceMemory(any_store, config, clock=clock)
    slices.observe("ann", "帮我写三封催款邮件，每封不超过200字")
    slices.observe("ann", "给我5个标题")
    outcome = slices.feedback("ann", "reject", "anchor", "generate:email", note="wrong tone")
    assert set(outcome.deleted) == {
        (SliceType.ANCHOR, "generate:email"),
        (SliceType.SNAPSHOT, "generate:email"),
    }
    assert [s.key for s in slices.store.active("ann", SliceType.SNAPSHOT)] == ["generate:title"]
    assert [a.key for a in slices.store.active("ann", SliceType.ANCHOR)] == ["generate:title"]
    raw = dict(slices.store.gateway.read_all(slices.store.namespace("ann", SliceType.ANCHOR)))
    assert "generate:email" not in raw  # physically gone, not just hidden
    (signal,) = slices.store.active("ann", SliceType.FEEDBACK)
    assert dict(signal.data) == {"kind": "reject", "slice_type": "anchor", "slice_key": "generate:email",
                                 "note": "wrong tone"}  # fmt: skip


def test_feedback_on_a_missing_or_expired_slice_changes_nothing(
    any_store: Any, config: MemoryConfig, clock: FrozenClock
) -> None:
    slices = SliceMemory(any_store, config, clock=clock)
    assert not slices.feedback("ann", "adopt", "snapshot", "generate:nothing").found
    slices.observe("ann", "给我5个标题")
    clock.advance(timedelta(days=7))
    assert not slices.feedback("ann", "adopt", "snapshot", "generate:title").found
    assert slices.store.active("ann", SliceType.FEEDBACK) == []


def test_an_invalid_snapshot_raises_and_is_never_stored(
    any_store: Any, config: MemoryConfig, clock: FrozenClock
) -> None:
    store = SliceStore(any_store, config, clock=clock)
    bad = store.new_record(SliceType.SNAPSHOT, "generate:title", {"max_count": 0})
    with pytest.raises(SnapshotValidationError, match="less than the minimum of 1"):
        store.put("ann", [bad])
    with pytest.raises(SnapshotValidationError):
        store.put_strict("ann", [bad])
    assert store.gateway.read_all(store.namespace("ann", SliceType.SNAPSHOT)) == []


def test_clear_erases_everything_of_one_principal(
    any_store: Any, config: MemoryConfig, clock: FrozenClock
) -> None:
    slices = SliceMemory(any_store, config, clock=clock)
    slices.observe("ann", "给我5个标题", conversation_id="c1")
    slices.observe("bob", "给我2个标题")
    assert slices.clear("ann") == 3
    assert slices.store.active("ann", SliceType.ANCHOR) == []
    assert len(slices.store.active("bob", SliceType.ANCHOR)) == 1
