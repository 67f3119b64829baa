"""Extraction still pending when the interpreter exits: finished within a bound, or announced.

Each case runs a real interpreter: a script queues turns and ends without closing its queue.
"""

import json
import subprocess
import sys
import textwrap
from pathlib import Path

from memory_plugins import MemoryConfig, MemoryEngine
from memory_plugins.backends import sqlite_store
from memory_plugins.testing import candidate

SECRET = "queue-exit-secret-0123456"

SCRIPT = """
import json, logging, sys, time
from contextlib import ExitStack
from memory_plugins import MemoryConfig, MemoryEngine
from memory_plugins.extraction import ExtractionQueue, TurnInput
from memory_plugins.backends import sqlite_store
from memory_plugins.testing import ScriptedChatModel

logging.basicConfig(level=logging.WARNING, format="%(levelname)s %(name)s %(message)s")
path, delay, exit_timeout, reply = sys.argv[1], float(sys.argv[2]), float(sys.argv[3]), sys.argv[4]

def slow(messages):
    time.sleep(delay)
    return reply

stack = ExitStack()
store = stack.enter_context(sqlite_store(path))  # left open, as a script would
engine = MemoryEngine(store, MemoryConfig(principal_secret={secret!r}))
queue = ExtractionQueue(engine, ScriptedChatModel([slow], cycle=True), exit_timeout=exit_timeout)
for n in range(2):
    queue.submit(TurnInput("alice", f"c-{{n}}", "I like oolong tea.", "Noted."))
print("submitted", flush=True)
"""


def run_script(
    tmp_path: Path, delay: float, exit_timeout: float
) -> subprocess.CompletedProcess[str]:
    script = tmp_path / "app.py"
    script.write_text(textwrap.dedent(SCRIPT.format(secret=SECRET)))
    reply = json.dumps({"candidates": [candidate()]})
    args = [str(tmp_path / "m.sqlite"), str(delay), str(exit_timeout), reply]
    return subprocess.run(
        [sys.executable, str(script), *args],
        check=False,
        capture_output=True,
        text=True,
        timeout=60,
    )


def test_pending_turns_are_extracted_before_exit(tmp_path: Path) -> None:
    done = run_script(tmp_path, delay=0.3, exit_timeout=10.0)
    assert done.returncode == 0, done.stderr
    assert "dropped" not in done.stderr
    with sqlite_store(tmp_path / "m.sqlite") as store:
        records = MemoryEngine(store, MemoryConfig(principal_secret=SECRET)).list_records("alice")
    assert [r.text for r in records] == ["The user likes oolong tea."]


def test_turns_left_after_the_bound_are_announced(tmp_path: Path) -> None:
    done = run_script(tmp_path, delay=30.0, exit_timeout=0.5)
    assert done.returncode == 0, done.stderr
    warning = [line for line in done.stderr.splitlines() if "interpreter exit" in line]
    assert len(warning) == 1, done.stderr
    assert warning[0].startswith("WARNING memory_plugins.extraction")
    assert "2 turn(s) dropped" in warning[0] and "close(timeout)" in warning[0]
