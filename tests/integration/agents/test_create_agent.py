"""LangChain ``create_agent`` with ``LongTermMemoryMiddleware``, as LangChain's docs write agents.

On each store: a preference stated in one thread is extracted after the run and recalled
in a new thread; the model sees the memory message, while the agent state, its
checkpoints, the ``updates`` / ``values`` streams and the streamed message chunks never do.
"""

from dataclasses import dataclass
from typing import Any

import pytest
from agent_scripts import ASK_TEA, STATE_TEA, TEA, leaks, memory_messages, propose
from langchain.agents import create_agent
from langchain_core.messages import AIMessage, ToolMessage
from langchain_core.tools import tool
from langgraph.checkpoint.memory import InMemorySaver
from langgraph.store.memory import InMemoryStore

from memory_plugins import ConfigurationError, MemoryConfig
from memory_plugins.adapters.langchain_agent import LongTermMemoryMiddleware
from memory_plugins.testing import FrozenClock, ScriptedChatModel


@tool
def get_weather(city: str) -> str:
    """Get the weather for a given city."""
    return f"It's always sunny in {city}!"


@pytest.fixture
def middleware(config: MemoryConfig, clock: FrozenClock) -> Any:
    extractor = ScriptedChatModel([propose], cycle=True)
    middleware = LongTermMemoryMiddleware(config, extractor=extractor, clock=clock)
    yield middleware
    middleware.close()


def _outcomes(middleware: LongTermMemoryMiddleware, store: Any) -> list[str]:
    queue = middleware.memory.queue_for(store)
    assert queue is not None
    return [str(o) for _, res in queue.results for o in res]


def _ask(thread: str, user: str = "alice") -> dict[str, Any]:
    return {"configurable": {"thread_id": thread, "user_id": user}}


def test_remembered_in_one_thread_recalled_in_the_next_never_in_state(
    app_store: Any, middleware: LongTermMemoryMiddleware
) -> None:
    model = ScriptedChatModel(["Noted.", "Oolong, as every afternoon."])
    checkpointer = InMemorySaver()
    agent = create_agent(
        model=model,
        tools=[get_weather],
        system_prompt="You are a helpful assistant",
        middleware=[middleware],
        checkpointer=checkpointer,
        store=app_store,
    )

    agent.invoke({"messages": [{"role": "user", "content": STATE_TEA}]}, _ask("thread-1"))
    assert middleware.flush(5.0)
    assert _outcomes(middleware, app_store) == ["added"]

    chunks = list(
        agent.stream(
            {"messages": [{"role": "user", "content": ASK_TEA}]},
            _ask("thread-2"),
            stream_mode=["updates", "values", "messages"],
        )
    )
    seen = model.calls[-1]
    assert [m.type for m in seen] == ["system", "system", "human"]  # prompt, memory, question
    assert TEA["text"] in memory_messages(seen)[0].content
    assert chunks and not leaks(chunks)
    state = agent.get_state(_ask("thread-2"))
    assert state.values["messages"][-1].content == "Oolong, as every afternoon."
    assert not leaks(state.values)
    assert not leaks(list(checkpointer.list(_ask("thread-2"))))
    updates = [chunk for mode, chunk in chunks if mode == "updates"]
    assert all(None not in update.values() for update in updates)  # no empty node updates


async def test_async_and_astream_with_the_user_in_the_runtime_context(
    app_store: Any, config: MemoryConfig, clock: FrozenClock
) -> None:
    @dataclass
    class Context:
        user_id: str

    extractor = ScriptedChatModel([propose], cycle=True)
    middleware = LongTermMemoryMiddleware(config, extractor=extractor, clock=clock)
    model = ScriptedChatModel(["Noted.", "Oolong.", "Any tea you like."])
    checkpointer = InMemorySaver()
    agent = create_agent(
        model,
        tools=[],
        middleware=[middleware],
        context_schema=Context,
        checkpointer=checkpointer,
        store=app_store,
    )
    first = {"configurable": {"thread_id": "a-1"}}
    await agent.ainvoke({"messages": [("user", STATE_TEA)]}, first, context=Context("bob"))
    assert await middleware.aflush(5.0)

    second = {"configurable": {"thread_id": "a-2"}}
    chunks = [
        chunk
        async for chunk in agent.astream(
            {"messages": [("user", ASK_TEA)]},
            second,
            context=Context("bob"),
            stream_mode="messages",
        )
    ]
    assert "".join(str(message.content) for message, _ in chunks) == "Oolong."
    assert memory_messages(model.calls[-1])
    assert not leaks(chunks)
    assert not leaks((await agent.aget_state(second)).values)
    # Another user's run sees no memory of bob's.
    third = {"configurable": {"thread_id": "a-3"}}
    await agent.ainvoke({"messages": [("user", ASK_TEA)]}, third, context=Context("carol"))
    assert not memory_messages(model.calls[-1])
    middleware.close()


def test_a_tool_loop_is_one_turn_extracted_once(
    app_store: Any, middleware: LongTermMemoryMiddleware
) -> None:
    call = AIMessage(
        "", tool_calls=[{"name": "get_weather", "args": {"city": "Hangzhou"}, "id": "c1"}]
    )
    model = ScriptedChatModel([call, "Sunny: brew oolong outside."])
    agent = create_agent(
        model, [get_weather], middleware=[middleware], checkpointer=InMemorySaver(), store=app_store
    )
    out = agent.invoke({"messages": [("user", STATE_TEA)]}, _ask("t-tools"))
    assert isinstance(out["messages"][2], ToolMessage)
    assert middleware.flush(5.0)
    queue = middleware.memory.queue_for(app_store)
    assert queue is not None
    assert [turn.turn_kind for turn, _ in queue.results] == ["tool_assisted_ordinary_chat"]
    assert _outcomes(middleware, app_store) == ["added"]


def test_without_a_checkpointer_nothing_is_extracted(
    middleware: LongTermMemoryMiddleware,
) -> None:
    store = InMemoryStore()
    agent = create_agent(ScriptedChatModel(["Noted."]), [], middleware=[middleware], store=store)
    agent.invoke({"messages": [("user", STATE_TEA)]}, {"configurable": {"user_id": "alice"}})
    assert middleware.flush(5.0)
    assert middleware.engine_for(store).list_records("alice") == []


def test_misuse_is_a_clear_error(config: MemoryConfig) -> None:
    middleware = LongTermMemoryMiddleware(config)
    no_store = create_agent(ScriptedChatModel(["Hi"]), [], middleware=[middleware])
    with pytest.raises(ConfigurationError, match=r"store=InMemoryStore\(\)"):
        no_store.invoke({"messages": [("user", "hi")]}, {"configurable": {"user_id": "a"}})
    agent = create_agent(
        ScriptedChatModel(["Hi"]), [], middleware=[middleware], store=InMemoryStore()
    )
    with pytest.raises(ConfigurationError, match="user_id"):
        agent.invoke({"messages": [("user", "hi")]})
    with pytest.raises(ConfigurationError, match="MemoryConfig"):
        LongTermMemoryMiddleware({"principal_secret": "x"})  # type: ignore[arg-type]
