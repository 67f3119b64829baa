"""LangGraph: memory reaches the model in a new thread, never the checkpointed state."""

import json
from dataclasses import dataclass
from typing import Any

import pytest
from langchain_core.messages import AIMessage, BaseMessage, SystemMessage, ToolMessage
from langchain_core.runnables import RunnableConfig
from langchain_core.tools import tool
from langgraph.checkpoint.memory import InMemorySaver
from langgraph.graph import START, MessagesState, StateGraph
from langgraph.prebuilt import ToolNode, tools_condition
from langgraph.store.base import BaseStore
from langgraph.store.memory import InMemoryStore

from memory_plugins import ConfigurationError, MemoryConfig
from memory_plugins.adapters.langgraph import LongTermMemory, add_long_term_memory
from memory_plugins.testing import FailingStore, FrozenClock, ScriptedChatModel, candidate

TEA = candidate(
    text="The user drinks oolong tea every afternoon.", reason="the user asked to remember it"
)
STATE_TEA = "Please remember: I drink oolong tea every afternoon."
ASK_TEA = "Which tea should I brew this afternoon?"


def _propose(messages: list[BaseMessage]) -> str:
    # The extraction prompt quotes the user's text; only the stated preference yields a memory.
    said = str(messages[-1].content)
    return json.dumps({"candidates": [TEA] if "remember: I drink oolong" in said else []})


def _memory_in(messages: list[Any]) -> list[Any]:
    return [m for m in messages if getattr(m, "name", None) == "long_term_memory"]


def _cfg(user: str, thread: str | None) -> RunnableConfig:
    configurable = {"user_id": user} | ({"thread_id": thread} if thread else {})
    return {"configurable": configurable}


@pytest.fixture
def chat() -> ScriptedChatModel:
    return ScriptedChatModel(["Noted."], cycle=True)


@pytest.fixture
def memory(config: MemoryConfig, clock: FrozenClock) -> Any:
    memory = LongTermMemory(
        config, extractor=ScriptedChatModel([_propose], cycle=True), clock=clock
    )
    yield memory
    memory.close()


def _graph(model: Any, memory: LongTermMemory, store: Any, **compile_kwargs: Any) -> Any:
    builder = StateGraph(MessagesState).add_edge(START, "model")
    return add_long_term_memory(builder, "model", model, memory).compile(
        store=store, **compile_kwargs
    )


def test_preference_recalled_in_a_new_thread_never_checkpointed(
    any_store: Any, chat: ScriptedChatModel, memory: LongTermMemory
) -> None:
    saver = InMemorySaver()
    graph = _graph(chat, memory, any_store, checkpointer=saver)

    graph.invoke({"messages": [("user", STATE_TEA)]}, _cfg("alice", "thread-1"))
    assert memory.flush(5.0)
    queue = memory.queue_for(any_store)
    assert queue is not None
    outcomes = [str(o) for _, res in queue.results for o in res]
    assert outcomes == ["added"]

    chunks = list(
        graph.stream(
            {"messages": [("user", ASK_TEA)]},
            _cfg("alice", "thread-2"),
            stream_mode=["messages", "updates", "values", "debug"],
        )
    )
    seen = chat.calls[-1]
    [recalled] = _memory_in(seen)
    assert "oolong tea" in recalled.content and seen.index(recalled) == 0
    assert seen[-1].content == ASK_TEA

    # The memory is in what the model received, and nowhere in the graph's own data.
    assert not any("long_term_memory" in repr(chunk) for chunk in chunks)
    for thread in ("thread-1", "thread-2"):
        state = graph.get_state(_cfg("alice", thread)).values
        assert not _memory_in(state["messages"])
    saved_checkpoints = list(saver.list(None))
    assert len(saved_checkpoints) > 4
    for saved in saved_checkpoints:
        assert "long_term_memory" not in repr(saved.checkpoint)
        assert "long_term_memory" not in repr(saved.pending_writes)

    graph.invoke({"messages": [("user", ASK_TEA)]}, _cfg("bob", "thread-3"))
    assert not _memory_in(chat.calls[-1])  # another user never sees alice's memory


def test_user_from_the_runtime_context(chat: ScriptedChatModel, memory: LongTermMemory) -> None:
    @dataclass
    class Context:
        user_id: str

    store = InMemoryStore()
    builder = StateGraph(MessagesState, context_schema=Context).add_edge(START, "model")
    graph = add_long_term_memory(builder, "model", chat, memory).compile(
        store=store, checkpointer=InMemorySaver()
    )
    graph.invoke({"messages": [("user", STATE_TEA)]}, _cfg("", "t-1"), context=Context("alice"))
    assert memory.flush(5.0)
    graph.invoke({"messages": [("user", ASK_TEA)]}, _cfg("", "t-2"), context=Context("alice"))
    assert _memory_in(chat.calls[-1])


def test_wrapped_node_function_returning_the_whole_list(memory: LongTermMemory) -> None:
    received: list[list[BaseMessage]] = []

    def call_model(state: MessagesState, config: RunnableConfig, *, store: BaseStore) -> Any:
        assert store is not None and config["configurable"]["user_id"] == "alice"
        received.append(list(state["messages"]))
        return {"messages": [*state["messages"], AIMessage("Oolong it is.")]}

    store = InMemoryStore()
    memory.engine_for(store).remember("alice", [TEA], source_conversation_id="c-0")
    builder = StateGraph(MessagesState).add_edge(START, "model")
    builder.add_node("model", memory.wrap(call_model))
    graph = builder.compile(store=store, checkpointer=InMemorySaver())

    out = graph.invoke({"messages": [("user", ASK_TEA)]}, _cfg("alice", "t-1"))
    assert _memory_in(received[-1])
    assert [m.type for m in out["messages"]] == ["human", "ai"]


async def test_async_node_and_astream(memory: LongTermMemory) -> None:
    model = ScriptedChatModel(["Noted."], cycle=True)

    async def call_model(state: MessagesState) -> dict[str, Any]:
        return {"messages": [await model.ainvoke(state["messages"])]}

    store = InMemoryStore()
    graph = _graph(call_model, memory, store, checkpointer=InMemorySaver())
    await graph.ainvoke({"messages": [("user", STATE_TEA)]}, _cfg("alice", "t-1"))
    assert await memory.aflush(5.0)
    chunks = [
        c
        async for c in graph.astream(
            {"messages": [("user", ASK_TEA)]}, _cfg("alice", "t-2"), stream_mode="messages"
        )
    ]
    assert chunks and not any("long_term_memory" in repr(c) for c in chunks)
    assert _memory_in(model.calls[-1])


def test_memory_goes_after_the_system_prompt(memory: LongTermMemory) -> None:
    model = ScriptedChatModel(["Noted."], cycle=True)
    store = InMemoryStore()
    memory.engine_for(store).remember("alice", [TEA], source_conversation_id="c-0")
    graph = _graph(model, memory, store)
    graph.invoke(
        {"messages": [SystemMessage("You are a barista."), ("user", ASK_TEA)]}, _cfg("alice", None)
    )
    assert [m.type for m in model.calls[-1]] == ["system", "system", "human"]
    assert model.calls[-1][1].name == "long_term_memory"


def test_tool_steps_are_not_turns(memory: LongTermMemory) -> None:
    @tool
    def kettle(temperature: int) -> str:
        """Heat the kettle."""
        return f"heated to {temperature}"

    call = AIMessage("", tool_calls=[{"name": "kettle", "args": {"temperature": 90}, "id": "k1"}])
    model = ScriptedChatModel([call, "Brewing."])
    store = InMemoryStore()
    builder = StateGraph(MessagesState).add_edge(START, "model")
    add_long_term_memory(builder, "model", model.bind_tools([kettle]), memory)
    builder.add_node("tools", ToolNode([kettle]))
    builder.add_conditional_edges("model", tools_condition)
    builder.add_edge("tools", "model")
    graph = builder.compile(store=store, checkpointer=InMemorySaver())

    out = graph.invoke({"messages": [("user", STATE_TEA)]}, _cfg("alice", "t-1"))
    assert isinstance(out["messages"][2], ToolMessage)
    assert memory.flush(5.0)
    [(turn, outcomes)] = list(memory.queue_for(store).results)  # type: ignore[union-attr]
    assert (turn.turn_kind, turn.assistant_text, turn.conversation_id) == (
        "tool_assisted_ordinary_chat",
        "Brewing.",
        "t-1",
    )
    assert [str(o) for o in outcomes] == ["added"]


def test_drafts_queue_nothing(chat: ScriptedChatModel, memory: LongTermMemory) -> None:
    store = InMemoryStore()
    graph = _graph(chat, memory, store)  # no checkpointer: no thread is persisted
    graph.invoke({"messages": [("user", STATE_TEA)]}, _cfg("alice", None))
    graph.invoke({"messages": [("user", STATE_TEA)]}, _cfg("alice", "draft:42"))
    assert memory.flush(5.0)
    stats = memory.queue_for(store).stats.snapshot()  # type: ignore[union-attr]
    assert stats.get("ineligible_no_conversation_id") == 1
    assert stats.get("ineligible_draft_conversation") == 1
    assert not stats.get("queued")


def test_failing_store_still_answers(chat: ScriptedChatModel, memory: LongTermMemory) -> None:
    store = FailingStore()
    graph = _graph(chat, memory, store, checkpointer=InMemorySaver())
    for thread in ("t-1", "t-2"):
        out = graph.invoke({"messages": [("user", STATE_TEA)]}, _cfg("alice", thread))
        assert out["messages"][-1].content == "Noted."
    assert memory.flush(5.0)
    assert memory.engine_for(store).stats.snapshot()["store_read_failures"] >= 2


def test_missing_store_or_user_is_a_clear_error(
    chat: ScriptedChatModel, memory: LongTermMemory
) -> None:
    graph = _graph(chat, memory, None)
    with pytest.raises(ConfigurationError, match=r"compile\(store="):
        graph.invoke({"messages": [("user", "hi")]}, _cfg("alice", None))
    graph = _graph(chat, memory, InMemoryStore())
    with pytest.raises(ConfigurationError, match="user_id"):
        graph.invoke({"messages": [("user", "hi")]})
