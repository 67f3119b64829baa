"""Smaller holes of the third hostile run: a ``remember`` call cannot suppress, and an id
made only of invisible characters is no principal."""

from datetime import timedelta

import pytest
from langgraph.store.memory import InMemoryStore

from memory_plugins import ConfigurationError, MemoryConfig, MemoryEngine
from memory_plugins.adapters.langchain import memory_tools
from memory_plugins.errors import InvalidTokenError
from memory_plugins.principals import KeyRing, Principal
from memory_plugins.testing import candidate
from memory_plugins.tools import ToolCaller, aremember, remember

CONFIG = MemoryConfig(principal_secret="0123456789abcdef")
KEY = "user_preference:prefer-oolong-tea"
INVISIBLE_IDS = ["\u200b", "\u2060", "\ufeff", "\u200d" * 5, "\u3164", " \u200b\u200c "]


def stored_engine() -> MemoryEngine:
    engine = MemoryEngine(InMemoryStore(), CONFIG)
    engine.remember("alice", [candidate()], source_conversation_id="c-1")
    return engine


async def test_remember_refuses_an_action_and_suppresses_nothing() -> None:
    engine = stored_engine()
    caller = ToolCaller("alice", "c-2")
    suppress = {k: v for k, v in candidate().items() if k != "source_signal"} | {
        "action": "suppress"
    }
    assert remember(engine, caller, suppress).startswith("not stored: schema")
    assert (await aremember(engine, caller, suppress)).startswith("not stored: schema")
    tool = memory_tools(engine)[0]
    answer = tool.invoke(suppress, {"configurable": {"user_id": "alice", "conversation_id": "c"}})
    assert answer.startswith("not stored: schema")
    assert [r.key for r in engine.list_records("alice")] == [KEY]  # still active


@pytest.mark.parametrize("principal", INVISIBLE_IDS, ids=ascii)
def test_an_id_of_invisible_characters_is_refused_everywhere(principal: str) -> None:
    engine = MemoryEngine(InMemoryStore(), CONFIG)
    with pytest.raises(ConfigurationError, match="no visible character"):
        engine.remember(principal, [candidate()], source_conversation_id="c-1")
    with pytest.raises(ConfigurationError, match="no visible character"):
        engine.recall(principal, "tea")
    with pytest.raises(ConfigurationError, match="no visible character"):
        Principal(principal)
    ring = KeyRing(b"a-32-byte-or-longer-signing-key!", kid="k1")
    token = ring.issue("alice", lifetime=timedelta(minutes=5))
    forged = _with_sub(ring, principal)
    assert ring.verify(token).id == "alice"
    with pytest.raises(InvalidTokenError, match="sub"):
        ring.verify(forged)


def _with_sub(ring: KeyRing, sub: str) -> str:
    import time

    import jwt

    now = int(time.time())
    return jwt.encode(
        {"sub": sub, "exp": now + 300, "iat": now},
        b"a-32-byte-or-longer-signing-key!",
        algorithm="HS256",
        headers={"kid": "k1"},
    )


def test_an_id_with_a_visible_character_among_invisible_ones_is_kept_exact() -> None:
    engine = MemoryEngine(InMemoryStore(), CONFIG)
    engine.remember("\u200balice", [candidate()], source_conversation_id="c-1")
    assert engine.recall("\u200balice", "oolong tea").hits
    assert not engine.recall("alice", "oolong tea").hits
