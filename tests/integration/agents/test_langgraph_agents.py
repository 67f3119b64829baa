"""LangGraph agents: a hand-built tool-calling graph and the prebuilt ``create_react_agent``.

Each is written as LangGraph's docs write it, on each store. The memory reaches the model,
never the state, checkpoints or streams; extraction is queued once per finished turn; the
``updates`` stream carries only the graph's own nodes, none with an empty update.
"""

from typing import Any

import pytest
from agent_scripts import ASK_TEA, STATE_TEA, TEA, leaks, memory_messages, propose
from langchain_core.messages import AIMessage, ToolMessage
from langchain_core.tools import tool
from langgraph.checkpoint.memory import InMemorySaver
from langgraph.graph import START, MessagesState, StateGraph
from langgraph.prebuilt import ToolNode, create_react_agent, tools_condition

from memory_plugins import MemoryConfig
from memory_plugins.adapters.langgraph import LongTermMemory, add_long_term_memory
from memory_plugins.testing import FrozenClock, ScriptedChatModel


@tool
def get_weather(city: str) -> str:
    """Get the weather for a given city."""
    return f"It's always sunny in {city}!"


WEATHER_CALL = AIMessage(
    "", tool_calls=[{"name": "get_weather", "args": {"city": "Hangzhou"}, "id": "w1"}]
)


@pytest.fixture
def memory(config: MemoryConfig, clock: FrozenClock) -> Any:
    memory = LongTermMemory(config, extractor=ScriptedChatModel([propose], cycle=True), clock=clock)
    yield memory
    memory.close()


def _cfg(thread: str, user: str = "alice") -> dict[str, Any]:
    return {"configurable": {"thread_id": thread, "user_id": user}}


def _turns(memory: LongTermMemory, store: Any) -> list[tuple[str, list[str]]]:
    queue = memory.queue_for(store)
    assert queue is not None
    return [(turn.turn_kind, [str(o) for o in res]) for turn, res in queue.results]


def test_hand_built_tool_graph_streams_only_its_own_nodes(
    app_store: Any, memory: LongTermMemory
) -> None:
    model = ScriptedChatModel([WEATHER_CALL, "Sunny: oolong on the terrace.", "Oolong."])
    builder = StateGraph(MessagesState)
    add_long_term_memory(builder, "model", model.bind_tools([get_weather]), memory)
    builder.add_node("tools", ToolNode([get_weather]))
    builder.add_edge(START, "model")
    builder.add_conditional_edges("model", tools_condition)
    builder.add_edge("tools", "model")
    checkpointer = InMemorySaver()
    graph = builder.compile(checkpointer=checkpointer, store=app_store)

    updates = list(
        graph.stream({"messages": [("user", STATE_TEA)]}, _cfg("t-1"), stream_mode="updates")
    )
    assert [next(iter(u)) for u in updates] == ["model", "tools", "model"]
    assert all(None not in u.values() for u in updates)
    assert memory.flush(5.0)
    assert _turns(memory, app_store) == [("tool_assisted_ordinary_chat", ["added"])]

    chunks = list(
        graph.stream({"messages": [("user", ASK_TEA)]}, _cfg("t-2"), stream_mode="updates")
    )
    assert TEA["text"] in memory_messages(model.calls[-1])[0].content
    assert [next(iter(u)) for u in chunks] == ["model"] and not leaks(chunks)
    assert not leaks(list(checkpointer.list(_cfg("t-2"))))


@pytest.mark.filterwarnings("ignore:create_react_agent has been moved")
def test_prebuilt_react_agent_with_the_memory_model(app_store: Any, memory: LongTermMemory) -> None:
    model = ScriptedChatModel([WEATHER_CALL, "Noted, and it is sunny.", "Oolong."])
    checkpointer = InMemorySaver()
    agent = create_react_agent(
        memory.react_model(model.bind_tools([get_weather])),
        tools=[get_weather],
        prompt="You are a helpful assistant",
        checkpointer=checkpointer,
        store=app_store,
    )

    out = agent.invoke({"messages": [{"role": "user", "content": STATE_TEA}]}, _cfg("r-1"))
    assert isinstance(out["messages"][2], ToolMessage)
    assert memory.flush(5.0)
    assert _turns(memory, app_store) == [("tool_assisted_ordinary_chat", ["added"])]

    chunks = list(
        agent.stream(
            {"messages": [{"role": "user", "content": ASK_TEA}]},
            _cfg("r-2"),
            stream_mode=["updates", "values", "messages"],
        )
    )
    seen = model.calls[-1]
    assert [m.type for m in seen] == ["system", "system", "human"]  # prompt, memory, question
    assert TEA["text"] in memory_messages(seen)[0].content
    assert not leaks(chunks)
    assert not leaks(agent.get_state(_cfg("r-2")).values)
    assert not leaks(list(checkpointer.list(_cfg("r-2"))))
    assert memory.flush(5.0)
    assert len(_turns(memory, app_store)) == 2  # the second answer is a turn of its own


@pytest.mark.filterwarnings("ignore:create_react_agent has been moved")
async def test_prebuilt_react_agent_async(app_store: Any, memory: LongTermMemory) -> None:
    model = ScriptedChatModel(["Noted.", "Oolong."])
    agent = create_react_agent(
        memory.react_model(model), tools=[], checkpointer=InMemorySaver(), store=app_store
    )
    await agent.ainvoke({"messages": [("user", STATE_TEA)]}, _cfg("ra-1"))
    assert await memory.aflush(5.0)
    chunks = [
        c
        async for c in agent.astream(
            {"messages": [("user", ASK_TEA)]}, _cfg("ra-2"), stream_mode="messages"
        )
    ]
    assert memory_messages(model.calls[-1]) and not leaks(chunks)
