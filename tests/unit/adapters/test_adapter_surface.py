"""Adapters guard their imports, keep LangGraph's injection working, and read turns right."""

import inspect
import subprocess
import sys
from pathlib import Path

import pytest
from langchain_core.messages import AIMessage, HumanMessage, SystemMessage, ToolMessage
from langgraph.store.base import BaseStore

import memory_plugins.adapters
from memory_plugins.adapters._messages import (
    finished_turn,
    is_memory_message,
    principal_from,
    with_memory,
)
from memory_plugins.adapters.langgraph import LongTermMemory

ADAPTERS = Path(memory_plugins.adapters.__file__).parent


def _run(code: str) -> str:
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    return done.stdout.strip()


def test_the_adapters_package_imports_no_framework() -> None:
    code = (
        "import sys, memory_plugins.adapters\n"
        "heavy = ('langchain_core', 'langgraph.graph', 'langgraph.pregel', 'llama_index')\n"
        "print([m for m in sys.modules if m.startswith(heavy)])"
    )
    assert _run(code) == "[]"


@pytest.mark.parametrize(
    ("module", "blocked", "extra"),
    [
        ("langgraph", "langgraph.graph", "langgraph"),
        ("langchain", "langchain_core.runnables", "langchain"),
        ("llamaindex", "llama_index.core.memory", "llamaindex"),
        ("langchain_agent", "langchain.agents.middleware", "langchain"),
    ],
)
def test_a_missing_framework_names_the_extra(module: str, blocked: str, extra: str) -> None:
    code = (
        f"import sys; sys.modules[{blocked!r}] = None\n"
        "from memory_plugins.errors import MissingExtraError\n"
        "try:\n"
        f"    import memory_plugins.adapters.{module}\n"
        "except MissingExtraError as exc:\n"
        "    print(exc.extra, '|', exc)\n"
    )
    out = _run(code)
    assert out.startswith(f"{extra} |") and f"memory-plugins[{extra}]" in out


def test_store_is_injected_by_its_exact_annotation() -> None:
    # LangGraph injects the store only for `store: BaseStore`, evaluated (no string annotation).
    for path in ADAPTERS.glob("*.py"):
        assert "from __future__ import annotations" not in path.read_text(), path.name
    assert inspect.signature(LongTermMemory.remember).parameters["store"].annotation is BaseStore


def test_finished_turn_reads_the_last_exchange() -> None:
    call = AIMessage("", tool_calls=[{"name": "t", "args": {}, "id": "1"}])
    history = [HumanMessage("old"), AIMessage("old answer"), HumanMessage("new"), call]
    assert finished_turn(history) is None  # a tool step is not a finished turn
    turn = finished_turn([*history, ToolMessage("42", tool_call_id="1"), AIMessage("It is 42.")])
    assert turn is not None
    assert (turn.user_text, turn.assistant_text, turn.kind) == (
        "new",
        "It is 42.",
        "tool_assisted_ordinary_chat",
    )
    assert finished_turn([AIMessage("hello")]) is None


def test_memory_message_goes_after_the_system_prompts() -> None:
    messages = [SystemMessage("You are helpful."), HumanMessage("hi")]
    injected = with_memory(messages, "Long-term memory: ...")
    assert [m.type for m in injected] == ["system", "system", "human"]
    assert is_memory_message(injected[1]) and len(messages) == 2
    assert with_memory(injected, "updated")[1].content == "updated"  # replaced, not stacked


def test_principal_from_mappings_and_objects() -> None:
    class Context:
        user_id = "alice"

    assert principal_from({"user_id": 42}, "user_id") == "42"
    assert principal_from(Context(), "user_id") == "alice"
    assert principal_from({"user_id": "  "}, "user_id") is None
    assert principal_from(None, "user_id") is None
