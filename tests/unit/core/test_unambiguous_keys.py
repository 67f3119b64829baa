"""Two identities never share a stable key, and records stored under the earlier key form
are still the same memories: updated, superseded and suppressed there, never duplicated."""

import json
from datetime import datetime
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, reject
from hypothesis import strategies as st
from langgraph.store.memory import InMemoryStore
from pydantic import ValidationError

from memory_plugins import MemoryConfig, MemoryEngine, OutcomeStatus
from memory_plugins.backends import sqlite_store
from memory_plugins.candidate import Identity, MemoryType
from memory_plugins.cli import main
from memory_plugins.keys import key_forms, legacy_stable_key, stable_key
from memory_plugins.testing import FrozenClock, candidate
from memory_plugins.tools import ToolCaller, suppress

RELEASE = Path(__file__).resolve().parents[2] / "data" / "records" / "release-records.json"
SECRET = "0123456789abcdef"


@pytest.mark.parametrize(
    ("first", "second"),
    [
        ({"subject": "green-tea"}, {"subject": "green", "facet": "tea"}),
        ({"subject": "green tea"}, {"subject": "green", "facet": "tea"}),
        ({"subject": "prefer tabs"}, {"subject": "tabs", "polarity": "prefer"}),
        ({"subject": "avoid"}, {"subject": "", "polarity": "avoid"}),
        ({"subject": "a", "facet": "b c"}, {"subject": "a b", "facet": "c"}),
    ],
)
def test_two_identities_never_share_a_key(first: dict[str, str], second: dict[str, str]) -> None:
    one, two = Identity.model_validate(first), Identity.model_validate(second)
    assert stable_key(MemoryType.USER_PREFERENCE, one) != stable_key(
        MemoryType.USER_PREFERENCE, two
    )


def test_one_memory_no_longer_replaces_another() -> None:
    engine = MemoryEngine(InMemoryStore(), MemoryConfig(principal_secret=SECRET))
    whole = candidate(
        type="stable_user_context",
        text="The user grows green-tea plants.",
        tags=["green-tea", "plants"],
        identity={"subject": "green-tea"},
    )
    split = candidate(
        type="stable_user_context",
        text="The user's favourite green is the colour of tea.",
        tags=["green", "tea"],
        identity={"subject": "green", "facet": "tea"},
    )
    outcomes = engine.remember("alice", [whole, split], source_conversation_id="c-1")
    assert [o.status for o in outcomes] == [OutcomeStatus.ADDED, OutcomeStatus.ADDED]
    assert len(engine.list_records("alice")) == 2


def _release_engine() -> tuple[MemoryEngine, dict[str, Any]]:
    data: dict[str, Any] = json.loads(RELEASE.read_text(encoding="utf-8"))
    store = InMemoryStore()
    for item in data["items"]:
        store.put(tuple(item["namespace"]), item["key"], item["value"])
    clock = FrozenClock(datetime.fromisoformat(data["now"]))
    return MemoryEngine(store, MemoryConfig(principal_secret=data["secret"]), clock=clock), data


def test_a_record_under_the_earlier_key_form_is_updated_not_duplicated() -> None:
    engine, data = _release_engine()
    old_key = "stable_user_context:backend-engineer-python-fastapi"
    identity = {"subject": "backend engineer", "facet": "Python FastAPI"}
    assert legacy_stable_key(MemoryType.STABLE_USER_CONTEXT, Identity(**identity)) == old_key
    again = candidate(
        type="stable_user_context",
        text="The user is a backend engineer working with Python and FastAPI.",
        tags=["python", "fastapi"],
        identity=identity,
    )
    [outcome] = engine.remember(data["principal"], [again], source_conversation_id="c-9")

    assert outcome.status is OutcomeStatus.UPDATED and outcome.key == old_key
    keys = [r.key for r in engine.list_records(data["principal"], "all")]
    assert len(keys) == len(data["items"]) and keys.count(old_key) == 1


def test_a_record_under_the_earlier_key_form_is_suppressed_by_its_identity() -> None:
    engine, data = _release_engine()
    forget = candidate(
        type="project_context",
        text="Atlas deployment no longer applies.",
        tags=["atlas", "deployment"],
        identity={"subject": "Atlas", "facet": "deployment"},
        action="suppress",
    )
    [outcome] = engine.remember(data["principal"], [forget], source_conversation_id="c-9")

    assert outcome.status is OutcomeStatus.SUPPRESSED
    assert outcome.key == "project_context:atlas-deployment"
    active = [r.key for r in engine.list_records(data["principal"])]
    assert "project_context:atlas-deployment" not in active
    assert len(engine.list_records(data["principal"], "all")) == len(data["items"])


OLD_KEY = "stable_user_context:backend-engineer-python-fastapi"
NEW_KEY = "stable_user_context:backend-engineer--python-fastapi"


def test_every_key_operation_finds_a_record_under_the_earlier_form_by_its_new_key() -> None:
    engine, data = _release_engine()
    user = data["principal"]
    assert stable_key(MemoryType.STABLE_USER_CONTEXT, engine_record(engine, user).identity) == (
        NEW_KEY
    )

    suppressed = engine.suppress(user, NEW_KEY, conversation_id="c-9")
    assert suppressed.status is OutcomeStatus.SUPPRESSED and suppressed.key == OLD_KEY
    assert OLD_KEY not in [r.key for r in engine.list_records(user)]
    assert engine.suppress(user, NEW_KEY).status is OutcomeStatus.NOT_FOUND  # already so

    restored = engine.restore(user, NEW_KEY)
    assert restored.status is OutcomeStatus.RESTORED and restored.key == OLD_KEY
    assert OLD_KEY in [r.key for r in engine.list_records(user)]

    assert engine.forget(user, NEW_KEY) == 1
    keys = [r.key for r in engine.list_records(user, "all")]
    assert OLD_KEY not in keys and len(keys) == len(data["items"]) - 1


def engine_record(engine: MemoryEngine, user: str) -> Any:
    return next(r for r in engine.list_records(user, "all") if r.key == OLD_KEY)


def test_the_suppress_tool_finds_a_record_under_the_earlier_form_by_its_new_key() -> None:
    engine, data = _release_engine()
    caller = ToolCaller(data["principal"], "c-9")

    answer = suppress(engine, caller, NEW_KEY)

    assert answer == f"suppressed: {OLD_KEY} (never recalled again; restorable)"
    assert OLD_KEY not in [r.key for r in engine.list_records(data["principal"])]


def test_a_new_key_never_reaches_another_memory_stored_under_its_earlier_spelling() -> None:
    # ``green--tea`` (subject green, facet tea) has the earlier form ``green-tea``, the key
    # of the memory about "green-tea": that one is a different memory and stays as it is.
    engine = MemoryEngine(InMemoryStore(), MemoryConfig(principal_secret=SECRET))
    other = candidate(
        type="stable_user_context",
        text="The user grows green-tea plants.",
        tags=["green-tea", "plants"],
        identity={"subject": "green-tea"},
    )
    engine.remember("alice", [other], source_conversation_id="c-1")

    outcome = engine.suppress("alice", "stable_user_context:green--tea")

    assert outcome.status is OutcomeStatus.NOT_FOUND
    assert engine.forget("alice", "stable_user_context:green--tea") == 0
    assert [r.key for r in engine.list_records("alice")] == ["stable_user_context:green-tea"]


def test_the_command_line_finds_a_record_under_the_earlier_form_by_its_new_key(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    data: dict[str, Any] = json.loads(RELEASE.read_text(encoding="utf-8"))
    path = tmp_path / "memory.sqlite"
    monkeypatch.setenv("MEMORY_PLUGINS_STORE", f"sqlite:///{path}")
    monkeypatch.setenv("MEMORY_PLUGINS_SECRET", data["secret"])
    with sqlite_store(path) as store:
        for item in data["items"]:
            store.put(tuple(item["namespace"]), item["key"], item["value"])
    user = data["principal"]

    assert main(["suppress", "--user", user, NEW_KEY]) == 0
    assert capsys.readouterr().out.strip() == f"suppressed: {NEW_KEY}"
    assert main(["suppress", "--user", user, NEW_KEY]) == 0
    assert capsys.readouterr().out.strip() == f"already suppressed: {NEW_KEY}"
    assert main(["restore", "--user", user, NEW_KEY]) == 0
    assert capsys.readouterr().out.strip() == f"restored: {NEW_KEY}"
    assert main(["forget", "--user", user, NEW_KEY]) == 0
    assert capsys.readouterr().out.strip() == "deleted 1 record"


@given(
    subject=st.text(max_size=30),
    facet=st.one_of(st.none(), st.text(max_size=20)),
    polarity=st.sampled_from([None, "prefer", "avoid"]),
)
def test_the_earlier_form_of_a_key_is_its_identity_s_earlier_key(
    subject: str, facet: str | None, polarity: str | None
) -> None:
    try:
        identity = Identity.model_validate(
            {"subject": subject, "facet": facet, "polarity": polarity}
        )
    except ValidationError:
        reject()  # an identity the schema refuses (e.g. a NUL) has no key
    key = stable_key(MemoryType.USER_PREFERENCE, identity)
    assert key_forms(key)[-1] == legacy_stable_key(MemoryType.USER_PREFERENCE, identity)
