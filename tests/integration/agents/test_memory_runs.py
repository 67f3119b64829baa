"""Recall and extraction as runs in LangChain's callback system (what LangSmith shows), from
the ``create_agent`` middleware and from the LCEL runnable alike."""

from typing import Any
from uuid import UUID

import pytest
from agent_scripts import ASK_TEA, STATE_TEA, TEA, propose
from langchain.agents import create_agent
from langchain_core.callbacks import BaseCallbackHandler
from langchain_core.messages import AIMessage
from langchain_core.tools import tool
from langgraph.checkpoint.memory import InMemorySaver

from memory_plugins import MemoryConfig, MemoryEngine
from memory_plugins.adapters.langchain import with_long_term_memory
from memory_plugins.adapters.langchain_agent import LongTermMemoryMiddleware
from memory_plugins.extraction import ExtractionQueue
from memory_plugins.testing import FrozenClock, ScriptedChatModel

KEY = "user_preference:prefer-oolong-tea"


class Runs(BaseCallbackHandler):
    """Every chain and chat-model run: name, parent, inputs and outputs."""

    def __init__(self) -> None:
        self.started: dict[UUID, dict[str, Any]] = {}

    def on_chain_start(self, serialized: Any, inputs: Any, *, run_id: UUID, **kw: Any) -> None:
        self.started[run_id] = {"name": kw.get("name"), "parent": kw.get("parent_run_id")}
        self.started[run_id]["inputs"] = inputs

    def on_chat_model_start(
        self, serialized: Any, messages: Any, *, run_id: UUID, **kw: Any
    ) -> None:
        self.started[run_id] = {"name": "chat_model", "parent": kw.get("parent_run_id")}

    def on_chain_end(self, outputs: Any, *, run_id: UUID, **kw: Any) -> None:
        self.started[run_id]["outputs"] = outputs

    def named(self, name: str) -> list[dict[str, Any]]:
        return [r for r in self.started.values() if r["name"] == name]

    def under(self, name: str) -> list[dict[str, Any]]:
        """The chat-model runs with a run called ``name`` among their ancestors."""
        found = []
        for run in self.named("chat_model"):
            parent = run["parent"]
            while parent is not None and self.started[parent]["name"] != name:
                parent = self.started[parent]["parent"]
            if parent is not None:
                found.append(run)
        return found

    def root_of(self, run: dict[str, Any]) -> dict[str, Any]:
        while run["parent"] is not None:
            run = self.started[run["parent"]]
        return run


@tool
def get_weather(city: str) -> str:
    """Get the weather for a given city."""
    return f"It's always sunny in {city}!"


def _ask(thread: str, runs: Runs) -> dict[str, Any]:
    return {"configurable": {"thread_id": thread, "user_id": "alice"}, "callbacks": [runs]}


@pytest.fixture
def middleware(config: MemoryConfig, clock: FrozenClock) -> Any:
    middleware = LongTermMemoryMiddleware(
        config, extractor=ScriptedChatModel([propose], cycle=True), clock=clock
    )
    yield middleware
    middleware.close()


def _agent(middleware: LongTermMemoryMiddleware, store: Any, *answers: Any) -> Any:
    return create_agent(
        model=ScriptedChatModel(list(answers)),
        tools=[get_weather],
        middleware=[middleware],
        checkpointer=InMemorySaver(),
        store=store,
    )


def test_the_agent_shows_recall_and_extraction_as_runs_of_its_model_call(
    app_store: Any, middleware: LongTermMemoryMiddleware
) -> None:
    weather = AIMessage(
        "", tool_calls=[{"name": "get_weather", "args": {"city": "Oslo"}, "id": "1"}]
    )
    agent = _agent(middleware, app_store, "Noted.", weather, "Oolong, and sunny.")
    first = Runs()
    agent.invoke({"messages": [("user", STATE_TEA)]}, _ask("t-1", first))
    assert middleware.flush(5.0)
    [queued] = first.named("memory_extraction")
    assert queued["outputs"] == {"queued": True}
    # The extraction model's call, made later on the queue, is a run under that one.
    assert len(first.under("memory_extraction")) == 1
    assert first.root_of(queued)["name"] == "LangGraph"

    runs = Runs()
    agent.invoke({"messages": [("user", ASK_TEA)]}, _ask("t-2", runs))
    recalls = runs.named("memory_recall")
    assert len(recalls) == 2  # one per model call: before the tool call and after it
    assert recalls[0]["inputs"] == {"query": ASK_TEA}
    assert recalls[0]["outputs"]["selected"] == 1 and recalls[0]["outputs"]["keys"] == [KEY]
    # Children of the agent's model node, inside the agent's own run tree.
    assert runs.started[recalls[0]["parent"]]["name"] == "model"
    assert runs.root_of(recalls[0])["name"] == "LangGraph"
    # Extraction is queued once, when the answer ends the turn (not at the tool call).
    assert len(runs.named("memory_extraction")) == 1


async def test_the_async_agent_shows_them_too(
    app_store: Any, middleware: LongTermMemoryMiddleware
) -> None:
    agent = _agent(middleware, app_store, "Noted.")
    runs = Runs()
    await agent.ainvoke({"messages": [("user", STATE_TEA)]}, _ask("t-1", runs))
    assert [r["outputs"] for r in runs.named("memory_recall")] == [
        {"selected": 0, "keys": [], "scopes": [], "degraded": False, "injected": False}
    ]
    assert [r["outputs"] for r in runs.named("memory_extraction")] == [{"queued": True}]


def test_the_lcel_runnable_shows_the_same_runs(engine: MemoryEngine) -> None:
    engine.remember("alice", [TEA], source_conversation_id="c-0")
    with ExtractionQueue(engine, ScriptedChatModel([propose], cycle=True)) as queue:
        chat = with_long_term_memory(ScriptedChatModel(["Oolong."]), engine, queue=queue)
        runs = Runs()
        config = {"configurable": {"user_id": "alice", "conversation_id": "c-1"}}
        chat.invoke(ASK_TEA, {**config, "callbacks": [runs]})
    [recall] = runs.named("memory_recall")
    assert recall["outputs"]["keys"] == [KEY]
    assert runs.started[recall["parent"]]["name"] == "long_term_memory"
    [queued] = runs.named("memory_extraction")
    assert queued["outputs"] == {"queued": True}
    assert len(runs.under("memory_extraction")) == 1  # the extraction model's call
