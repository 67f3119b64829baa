"""The engine's write contract, run identically on InMemory, SQLite and PostgreSQL."""

from datetime import timedelta
from typing import Any

from memory_plugins import MemoryConfig, MemoryEngine, OutcomeStatus, RecordStatus, RejectCode
from memory_plugins.testing import FrozenClock


def statuses(outcomes: list[Any]) -> list[str]:
    return [str(o) for o in outcomes]


def test_add_then_duplicate_then_update_keeps_creation(
    engine: MemoryEngine, make_candidate: Any, clock: FrozenClock
) -> None:
    first = engine.remember("alice", [make_candidate()], source_conversation_id="c-1")
    assert statuses(first) == ["added"]
    created = first[0].record.created_at

    clock.advance(timedelta(hours=1))
    again = engine.remember("alice", [make_candidate()], source_conversation_id="c-2")
    assert statuses(again) == ["duplicate"]

    clock.advance(timedelta(hours=1))
    changed = engine.remember(
        "alice", [make_candidate(text="The user loves oolong tea.")], source_conversation_id="c-3"
    )
    assert statuses(changed) == ["updated"]
    [stored] = engine.list_records("alice")
    assert stored.text == "The user loves oolong tea."
    assert stored.created_at == created
    assert stored.source_conversation_id == "c-1"
    assert stored.updated_at is not None and stored.updated_at > created
    assert [h.event for h in stored.history] == ["updated"]
    assert stored.history[0].text == "The user likes oolong tea."


def test_any_differing_dimension_is_an_update_not_a_duplicate(
    engine: MemoryEngine, make_candidate: Any
) -> None:
    engine.remember("alice", [make_candidate()], source_conversation_id="c-1")
    variants = [
        make_candidate(tags=["oolong", "tea", "drinks"]),
        make_candidate(identity={"subject": "Oolong Tea!", "polarity": "prefer"}),
        make_candidate(text="The user likes oolong tea a lot."),
    ]
    for variant in variants:
        assert statuses(engine.remember("alice", [variant], source_conversation_id="c-2")) == [
            "updated"
        ]
    assert len(engine.list_records("alice", "all")) == 1


def test_suppress_restore_and_never_recalled(engine: MemoryEngine, make_candidate: Any) -> None:
    engine.remember("alice", [make_candidate()], source_conversation_id="c-1")
    assert engine.recall("alice", "which oolong tea should I buy?").hits

    out = engine.remember(
        "alice", [make_candidate(action="suppress")], source_conversation_id="c-9"
    )
    assert statuses(out) == ["suppressed"]
    [record] = engine.list_records("alice", "suppressed")
    assert record.suppressed_by == "c-9" and record.suppressed_at is not None
    assert engine.list_records("alice", "active") == []
    assert engine.recall("alice", "which oolong tea should I buy?").hits == ()

    assert engine.restore("alice", record.key).status is OutcomeStatus.RESTORED
    assert engine.recall("alice", "which oolong tea should I buy?").hits


def test_suppress_without_record_is_not_found(engine: MemoryEngine, make_candidate: Any) -> None:
    out = engine.remember(
        "alice", [make_candidate(action="suppress")], source_conversation_id="c-1"
    )
    assert statuses(out) == ["not_found"]
    assert engine.list_records("alice", "all") == []


def test_opposite_polarity_supersedes(engine: MemoryEngine, make_candidate: Any) -> None:
    engine.remember("alice", [make_candidate()], source_conversation_id="c-1")
    engine.remember(
        "alice",
        [
            make_candidate(
                text="The user no longer drinks oolong tea.",
                identity={"subject": "oolong tea", "polarity": "avoid"},
                conflict_signal=True,
                source_signal="user_correction",
            )
        ],
        source_conversation_id="c-2",
    )
    by_status = {r.key: r.status for r in engine.list_records("alice", "all")}
    assert by_status == {
        "user_preference:prefer-oolong-tea": RecordStatus.SUPPRESSED,
        "user_preference:avoid-oolong-tea": RecordStatus.ACTIVE,
    }


def test_rejections_are_outcomes_and_store_nothing(
    engine: MemoryEngine, make_candidate: Any
) -> None:
    out = engine.remember(
        "alice",
        [make_candidate(stability="temporary"), {"type": "nope"}, make_candidate()],
        source_conversation_id="c-1",
    )
    assert [o.code for o in out] == [RejectCode.TEMPORARY, RejectCode.SCHEMA, None]
    assert len(engine.list_records("alice", "all")) == 1
    draft = engine.remember("alice", [make_candidate()], source_conversation_id="draft:42")
    assert draft[0].code is RejectCode.DRAFT_SOURCE


def test_forget_one_and_all(engine: MemoryEngine, make_candidate: Any) -> None:
    engine.remember(
        "alice",
        [
            make_candidate(),
            make_candidate(
                type="communication_preference",
                text="The user wants short answers.",
                tags=["short", "answers"],
                identity={"subject": "answer length", "facet": "short"},
            ),
        ],
        source_conversation_id="c-1",
    )
    engine.remember("bob", [make_candidate()], source_conversation_id="c-5")
    assert engine.forget("alice", "user_preference:prefer-oolong-tea") == 1
    assert engine.forget("alice", "user_preference:prefer-oolong-tea") == 0
    assert len(engine.list_records("alice", "all")) == 1
    assert engine.erase_user("alice") == 1
    assert engine.list_records("alice", "all") == []
    assert len(engine.list_records("bob", "all")) == 1


def test_principals_are_isolated(engine: MemoryEngine, make_candidate: Any) -> None:
    engine.remember("alice", [make_candidate()], source_conversation_id="c-1")
    for other in ("alic", "alice ", "Alice", "alice-corp", "аlice"):  # last: Cyrillic а
        assert engine.list_records(other, "all") == []
        assert engine.recall(other, "oolong tea").hits == ()


def test_records_survive_a_reopen_with_the_same_secret(
    any_store: Any, config: MemoryConfig, clock: FrozenClock, make_candidate: Any
) -> None:
    MemoryEngine(any_store, config, clock=clock).remember(
        "alice", [make_candidate()], source_conversation_id="c-1"
    )
    again = MemoryEngine(any_store, config, clock=clock)
    assert [r.key for r in again.list_records("alice")] == ["user_preference:prefer-oolong-tea"]
    other_secret = MemoryConfig(principal_secret="another-secret-0123456789", app=config.app)
    assert MemoryEngine(any_store, other_secret, clock=clock).list_records("alice") == []


def test_expired_records_are_neither_listed_nor_recalled(
    any_store: Any, config: MemoryConfig, clock: FrozenClock, make_candidate: Any
) -> None:
    cfg = MemoryConfig(
        principal_secret=config.principal_secret, app=config.app, record_ttl=timedelta(days=1)
    )
    engine = MemoryEngine(any_store, cfg, clock=clock)
    engine.remember("alice", [make_candidate()], source_conversation_id="c-1")
    assert engine.recall("alice", "oolong tea please").hits
    clock.advance(timedelta(days=1, seconds=1))
    assert engine.list_records("alice", "all") == []
    assert engine.recall("alice", "oolong tea please").hits == ()
    assert engine.sweep("alice") == 1
    # An expired record is gone for good: a new statement is a fresh add.
    assert (
        str(engine.remember("alice", [make_candidate()], source_conversation_id="c-2")[0])
        == "added"
    )


def test_many_records_page_through(engine: MemoryEngine, make_candidate: Any) -> None:
    batch = [
        make_candidate(
            text=f"The user likes tea number {i}.",
            identity={"subject": f"tea {i}", "polarity": "prefer"},
        )
        for i in range(1205)
    ]
    out = engine.remember("alice", batch, source_conversation_id="c-1")
    assert {str(o) for o in out} == {"added"}
    assert len(engine.list_records("alice")) == 1205
