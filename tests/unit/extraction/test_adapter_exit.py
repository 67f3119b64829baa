"""An app that ends without closing its memory still writes the last turn's memories.

Each case runs a real interpreter: one agent or graph turn over a SQLite store, then the
script ends (inside or after ``with sqlite_store(...)``, or with the store dropped) without
calling ``close()``; the test reads the SQLite file afterwards.
"""

import json
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from memory_plugins import MemoryConfig, MemoryEngine
from memory_plugins.backends import sqlite_store
from memory_plugins.testing import candidate

SECRET = "adapter-exit-secret-012345"

SCRIPT = """
import gc, json, logging, sqlite3, sys, time
from langgraph.checkpoint.memory import InMemorySaver
from langgraph.graph import START, MessagesState, StateGraph
from memory_plugins import MemoryConfig
from memory_plugins.adapters.langgraph import LongTermMemory, add_long_term_memory
from memory_plugins.backends import sqlite_store
from memory_plugins.testing import ScriptedChatModel

logging.basicConfig(level=logging.WARNING, format="%(levelname)s %(name)s %(message)s")
path, adapter, ending, delay, reply, exit_timeout = (
    sys.argv[1], sys.argv[2], sys.argv[3], float(sys.argv[4]), sys.argv[5], float(sys.argv[6]))

def slow(messages):
    time.sleep(delay)
    return reply

memory = LongTermMemory(
    MemoryConfig(principal_secret={secret!r}),
    extractor=ScriptedChatModel([slow], cycle=True),
    exit_timeout=exit_timeout,
)
model = ScriptedChatModel(["Oolong."], cycle=True)
config = {{"configurable": {{"user_id": "alice", "thread_id": "t-1"}}}}
turn = {{"messages": [{{"role": "user", "content": "I like oolong tea."}}]}}

def run(store):
    if adapter == "agent":
        from langchain.agents import create_agent
        from memory_plugins.adapters.langchain_agent import LongTermMemoryMiddleware
        app = create_agent(model, tools=[], middleware=[LongTermMemoryMiddleware(memory=memory)],
                           checkpointer=InMemorySaver(), store=store)
    else:
        builder = StateGraph(MessagesState)
        add_long_term_memory(builder, "model", model, memory).add_edge(START, "model")
        app = builder.compile(checkpointer=InMemorySaver(), store=store)
    app.invoke(turn, config)

if ending == "with":  # the block ends right after the turn
    with sqlite_store(path) as store:
        run(store)
elif ending == "exit":  # the store is still open when the interpreter exits
    opened = sqlite_store(path)
    run(opened.__enter__())
else:  # "collected": the app drops its store while the turn is being extracted
    from langgraph.store.sqlite import SqliteStore
    with sqlite_store(path):
        pass  # tables set up
    conn = sqlite3.connect(path, check_same_thread=False, isolation_level=None)
    store = SqliteStore(conn)
    run(store)
    del store
    gc.collect()
    time.sleep(delay + 1.0)
print("done", flush=True)
"""


def run_app(
    tmp_path: Path, adapter: str, ending: str, delay: float, exit_timeout: float
) -> tuple[subprocess.CompletedProcess[str], list[str]]:
    script = tmp_path / "app.py"
    script.write_text(textwrap.dedent(SCRIPT.format(secret=SECRET)))
    reply = json.dumps({"candidates": [candidate()]})
    path = tmp_path / "m.sqlite"
    done = subprocess.run(
        [
            sys.executable,
            str(script),
            str(path),
            adapter,
            ending,
            str(delay),
            reply,
            str(exit_timeout),
        ],
        check=False,
        capture_output=True,
        text=True,
        timeout=90,
    )
    with (
        sqlite_store(path) as store,
        MemoryEngine(store, MemoryConfig(principal_secret=SECRET)) as engine,
    ):
        keys = [r.key for r in engine.list_records("alice")]
    return done, keys


@pytest.mark.parametrize("adapter", ["agent", "graph"])
@pytest.mark.parametrize("ending", ["with", "exit", "collected"])
def test_the_last_turn_is_stored_without_close(tmp_path: Path, adapter: str, ending: str) -> None:
    # Time enough at exit for a slow machine (the detectors load on first use there too);
    # the turn itself takes 0.3 s.
    done, keys = run_app(tmp_path, adapter, ending, delay=0.3, exit_timeout=15.0)
    assert done.returncode == 0, done.stderr
    assert keys == ["user_preference:prefer-oolong-tea"], done.stderr
    assert "WARNING" not in done.stderr and "ERROR" not in done.stderr, done.stderr


@pytest.mark.parametrize("ending", ["with", "exit"])
def test_a_turn_not_done_in_time_is_announced_once(tmp_path: Path, ending: str) -> None:
    done, keys = run_app(tmp_path, "agent", ending, delay=20.0, exit_timeout=1.0)
    assert done.returncode == 0, done.stderr
    assert keys == []
    warnings = [line for line in done.stderr.splitlines() if "dropped" in line]
    assert len(warnings) == 1, done.stderr
    assert warnings[0].startswith("WARNING memory_plugins.extraction")
    assert "1 turn(s) dropped" in warnings[0] and "close(timeout)" in warnings[0]
