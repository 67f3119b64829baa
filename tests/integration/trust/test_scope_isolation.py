"""Scopes beyond one user: an assistant's memories about a user and an organisation's shared
memories stay apart from each other and from every user's own, on every backend."""

import itertools
from typing import Any

import pytest

from memory_plugins import ConfigurationError, MemoryConfig, MemoryEngine, Scope
from memory_plugins.candidate import example_candidate
from memory_plugins.testing import FrozenClock

USERS = ("alice", "alic", "ALICE", "bob")
AGENTS = ("planner", "plan", "coder")
ORGS = ("acme", "acm", "globex")


def _candidate(marker: str) -> dict[str, Any]:
    # Every scope stores the *same key*; only the marker in the text tells them apart.
    return example_candidate(text=f"The user likes oolong tea {marker}.")


def _marker(texts: list[str]) -> set[str]:
    return {text.split()[-1].rstrip(".") for text in texts}


@pytest.fixture
def scoped_engine(any_store: Any, config: MemoryConfig) -> Any:
    from dataclasses import replace

    with MemoryEngine(any_store, replace(config, org_scope=True), clock=FrozenClock()) as engine:
        yield engine


def test_every_scope_reads_only_its_own_memories(scoped_engine: MemoryEngine) -> None:
    engine = scoped_engine
    scopes: dict[str, Scope] = {}
    for user in USERS:
        scopes[f"u-{user}"] = Scope.for_user(user)
        for agent in AGENTS:
            scopes[f"a-{agent}-{user}"] = Scope.for_agent(agent, user=user)
    for org in ORGS:
        scopes[f"o-{org}"] = Scope.for_org(org)
    for marker, scope in scopes.items():
        [outcome] = engine.remember(scope, [_candidate(marker)], source_conversation_id="c-1")
        assert str(outcome) == "added"

    namespaces = {engine.namespace(scope) for scope in scopes.values()}
    assert len(namespaces) == len(scopes)
    for namespace in namespaces:  # keyed hashes only: no id appears in any namespace
        assert not {*USERS, *AGENTS, *ORGS} & set(namespace)
    for marker, scope in scopes.items():
        assert _marker([r.text for r in engine.list_records(scope, "all")]) == {marker}
        hits = engine.recall(scope, "which oolong tea?").hits
        assert _marker([h.record.text for h in hits]) == {marker}

    # A user's recall with an assistant and an org reads exactly those three scopes; the
    # same key in a nearer scope hides the farther one (assistant, then user, then org).
    for user, agent, org in itertools.product(USERS, AGENTS, ORGS):
        result = engine.recall(user, "which oolong tea?", agent=agent, org=org)
        assert [(h.scope, *_marker([h.record.text])) for h in result.hits] == [
            ("agent", f"a-{agent}-{user}")
        ]
        ranking = engine.explain(user, "which oolong tea?", agent=agent, org=org)
        assert {
            (c.scope, *_marker([c.record.text]), str(c.reason)) for c in ranking.considered
        } == {
            ("agent", f"a-{agent}-{user}", "None"),
            ("user", f"u-{user}", "shadowed"),
            ("org", f"o-{org}", "shadowed"),
        }
        hits = engine.recall(user, "which oolong tea?", org=org).hits
        assert [(h.scope, *_marker([h.record.text])) for h in hits] == [("user", f"u-{user}")]


def test_a_recall_over_scopes_says_where_each_memory_came_from(
    scoped_engine: MemoryEngine,
) -> None:
    engine = scoped_engine
    engine.remember("alice", [example_candidate()], source_conversation_id="c-1")
    note = example_candidate(
        text="The user likes green tea.",
        tags=["green", "tea"],
        identity={"subject": "green tea", "polarity": "prefer"},
    )
    engine.remember(Scope.for_agent("planner", user="alice"), [note], source_conversation_id="c")
    shared = example_candidate(
        type="project_context",
        text="Acme ships its tea on Fridays.",
        tags=["tea", "shipping"],
        identity={"subject": "tea shipping"},
    )
    engine.remember(Scope.for_org("acme"), [shared], source_conversation_id="c-1")

    result = engine.recall("alice", "which tea?", agent="planner", org="acme")
    assert sorted(h.scope for h in result.hits) == ["agent", "org", "user"]
    assert result.message is not None
    assert '(user_preference; this assistant\'s note) "The user likes green tea."' in result.message
    assert "(project_context; shared by the organisation)" in result.message
    # Another assistant, another org, another user: none of those memories.
    other = engine.recall("alice", "which tea?", agent="coder", org="globex")
    assert [h.scope for h in other.hits] == ["user"]
    assert [h.scope for h in engine.recall("bob", "which tea?", agent="planner").hits] == []


def test_an_org_scope_is_refused_unless_the_deployment_opts_in(
    any_store: Any, config: MemoryConfig
) -> None:
    with MemoryEngine(any_store, config) as engine:
        with pytest.raises(ConfigurationError, match="org_scope=True"):
            engine.remember(Scope.for_org("acme"), [_candidate("x")], source_conversation_id="c")
        with pytest.raises(ConfigurationError, match="org_scope=True"):
            engine.recall("alice", "oolong tea", org="acme")
        assert engine.list_records("alice", "all") == []


def test_forgetting_and_erasing_one_scope_leaves_the_others(scoped_engine: MemoryEngine) -> None:
    engine = scoped_engine
    own, note, shared = (
        Scope.for_user("alice"),
        Scope.for_agent("planner", user="alice"),
        Scope.for_org("acme"),
    )
    for marker, scope in (("own", own), ("note", note), ("shared", shared)):
        engine.remember(scope, [_candidate(marker)], source_conversation_id="c-1")
    assert engine.erase_user(note) == 1
    assert engine.list_records(note, "all") == []
    assert _marker([r.text for r in engine.list_records("alice")]) == {"own"}
    key = engine.list_records(shared)[0].key
    assert str(engine.suppress(shared, key)) == "suppressed"
    hits = engine.recall("alice", "oolong tea", agent="planner", org="acme").hits
    assert [(h.scope, h.record.text) for h in hits] == [("user", "The user likes oolong tea own.")]
