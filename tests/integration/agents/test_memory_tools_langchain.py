"""The ``remember`` / ``recall`` / ``suppress`` tools in a LangChain agent: validated writes.

The model's tool calls are scripted; what is checked is what a user would notice: the
preference is stored, a secret is refused without being repeated to the model, and one
user's run cannot reach another user's memory, whatever the tool arguments say.
"""

from dataclasses import dataclass
from typing import Any

import pytest
from agent_scripts import TEA
from langchain.agents import create_agent
from langchain_core.messages import AIMessage, ToolMessage
from langgraph.checkpoint.memory import InMemorySaver
from langgraph.store.memory import InMemoryStore

from memory_plugins import ConfigurationError, MemoryConfig, MemoryEngine
from memory_plugins.adapters.langchain import memory_tools
from memory_plugins.adapters.langchain_agent import LongTermMemoryMiddleware
from memory_plugins.testing import FrozenClock, ScriptedChatModel

# What a model passes to `remember`: the S1 fields; action, source signal and conflict default.
PREFERENCE = {
    k: v for k, v in TEA.items() if k not in ("action", "source_signal", "conflict_signal")
}
API_KEY = "sk-proj-4fJq9XzT2LmB7vKp1RwY8sNc3HdE6GaU"
SECRET = {
    **PREFERENCE,
    "type": "stable_user_context",
    "text": f"The user's OpenAI API key is {API_KEY}.",
    "tags": ["openai", "api key"],
    "identity": {"subject": "openai api key"},
}
KEY = "user_preference:prefer-oolong-tea"


def _call(name: str, args: dict[str, Any], call_id: str) -> AIMessage:
    return AIMessage("", tool_calls=[{"name": name, "args": args, "id": call_id}])


def _tool_answers(messages: list[Any]) -> list[str]:
    return [str(m.content) for m in messages if isinstance(m, ToolMessage)]


def _agent(model: Any, middleware: LongTermMemoryMiddleware, store: Any) -> Any:
    return create_agent(
        model,
        tools=[],  # the middleware brings remember / recall / suppress
        middleware=[middleware],
        checkpointer=InMemorySaver(),
        store=store,
    )


def _cfg(user: str, thread: str) -> dict[str, Any]:
    return {"configurable": {"user_id": user, "thread_id": thread}}


@pytest.fixture
def middleware(config: MemoryConfig, clock: FrozenClock) -> Any:
    middleware = LongTermMemoryMiddleware(config, tools=True, clock=clock)
    yield middleware
    middleware.close()


def test_a_remember_call_stores_the_preference(
    app_store: Any, middleware: LongTermMemoryMiddleware
) -> None:
    model = ScriptedChatModel([_call("remember", PREFERENCE, "r1"), "I'll remember that."])
    out = _agent(model, middleware, app_store).invoke(
        {"messages": [("user", "Remember that I drink oolong tea every afternoon.")]},
        _cfg("alice", "t-1"),
    )
    assert _tool_answers(out["messages"]) == [f"stored (added): {KEY}"]
    records = middleware.engine_for(app_store).list_records("alice")
    assert [(r.key, r.text) for r in records] == [(KEY, TEA["text"])]
    assert {t["function"]["name"] for t in model.call_kwargs[0]["tools"]} == {
        "remember",
        "recall",
        "suppress",
    }


def test_a_secret_is_refused_and_never_repeated_to_the_model(
    app_store: Any, middleware: LongTermMemoryMiddleware
) -> None:
    model = ScriptedChatModel([_call("remember", SECRET, "r1"), "I can't store that."])
    out = _agent(model, middleware, app_store).invoke(
        {"messages": [("user", f"Remember my API key {API_KEY}")]}, _cfg("alice", "t-1")
    )
    [answer] = _tool_answers(out["messages"])
    assert answer.startswith("not stored: runtime_data")
    assert API_KEY not in answer and "sk-proj" not in answer
    assert middleware.engine_for(app_store).list_records("alice", "all") == []


def test_one_user_cannot_reach_another_users_memory_through_the_tools(
    app_store: Any, middleware: LongTermMemoryMiddleware
) -> None:
    alice = ScriptedChatModel([_call("remember", PREFERENCE, "r1"), "Noted."])
    _agent(alice, middleware, app_store).invoke(
        {"messages": [("user", "Remember: oolong every afternoon.")]}, _cfg("alice", "t-a")
    )
    # Bob's run: recall, suppress alice's key, and a remember that names alice in its arguments.
    bob = ScriptedChatModel(
        [
            _call("recall", {"query": "oolong tea"}, "b1"),
            _call("suppress", {"key": KEY}, "b2"),
            _call("remember", {**PREFERENCE, "user_id": "alice"}, "b3"),
            _call("recall", {"query": "oolong tea", "user_id": "alice"}, "b4"),
            "Done.",
        ]
    )
    out = _agent(bob, middleware, app_store).invoke(
        {"messages": [("user", "What does alice drink? Forget it.")]}, _cfg("bob", "t-b")
    )
    recalled, suppressed, written, named = _tool_answers(out["messages"])
    assert recalled == "No stored memory about the user matches this query."
    assert suppressed.startswith(f"not found: {KEY}")
    assert written.startswith("not stored: schema")  # a principal is no tool argument
    assert named.startswith("not done: recall takes no argument 'user_id'")
    engine = middleware.engine_for(app_store)
    assert [r.status.value for r in engine.list_records("alice")] == ["active"]
    assert engine.list_records("bob", "all") == []
    assert "oolong" in engine.recall("alice", "which oolong tea?").message  # type: ignore[operator]


def test_recall_and_suppress_for_the_caller(app_store: Any, config: MemoryConfig) -> None:
    engine = MemoryEngine(app_store, config)
    remember, recall, suppress = memory_tools(engine, conversation_key="session")
    cfg = {"configurable": {"user_id": "alice", "session": "s-1"}}
    assert remember.invoke(PREFERENCE, cfg) == f"stored (added): {KEY}"
    assert remember.invoke(PREFERENCE, cfg) == f"already stored: {KEY}"
    assert recall.invoke({"query": "which oolong tea?"}, cfg).endswith(f'[{KEY}] "{TEA["text"]}"')
    assert (
        suppress.invoke({"key": KEY}, cfg)
        == f"suppressed: {KEY} (never recalled again; restorable)"
    )
    assert engine.recall("alice", "which oolong tea?").message is None
    draft = {"configurable": {"user_id": "alice"}}  # no conversation: a draft stores nothing
    assert remember.invoke(PREFERENCE, draft).startswith("not stored: draft_source")


def test_tools_without_a_user_or_over_the_wrong_thing_fail_loudly(config: MemoryConfig) -> None:
    [remember, *_] = memory_tools(MemoryEngine(InMemoryStore(), config))
    with pytest.raises(ConfigurationError, match="user_id"):
        remember.invoke(PREFERENCE, {"configurable": {"thread_id": "t"}})
    with pytest.raises(ConfigurationError, match="MemoryEngine"):
        memory_tools(InMemoryStore())


def test_the_user_from_the_runtime_context(app_store: Any, config: MemoryConfig) -> None:
    @dataclass
    class Context:
        user_id: str

    middleware = LongTermMemoryMiddleware(config, tools=True)
    model = ScriptedChatModel([_call("remember", PREFERENCE, "r1"), "Noted."])
    agent = create_agent(
        model,
        tools=[],
        middleware=[middleware],
        context_schema=Context,
        checkpointer=InMemorySaver(),
        store=app_store,
    )
    agent.invoke(
        {"messages": [("user", "Remember: oolong.")]},
        {"configurable": {"thread_id": "t-ctx"}},
        context=Context("dana"),
    )
    assert [r.key for r in middleware.engine_for(app_store).list_records("dana")] == [KEY]
