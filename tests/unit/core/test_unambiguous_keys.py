"""Two identities never share a stable key, and records stored under the earlier key form
are still the same memories: updated, superseded and suppressed there, never duplicated."""

import json
from datetime import datetime
from pathlib import Path
from typing import Any

import pytest
from langgraph.store.memory import InMemoryStore

from memory_plugins import MemoryConfig, MemoryEngine, OutcomeStatus
from memory_plugins.candidate import Identity, MemoryType
from memory_plugins.keys import legacy_stable_key, stable_key
from memory_plugins.testing import FrozenClock, candidate

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
