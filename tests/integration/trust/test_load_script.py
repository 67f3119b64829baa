"""The load script runs small on SQLite and PostgreSQL, and its integrity check has teeth."""

import importlib.util
import os
import sys
from pathlib import Path
from types import ModuleType

import pytest

SCRIPT = Path(__file__).resolve().parents[3] / "benchmarks" / "load.py"
PG_URL = os.environ.get("MEMORY_PLUGINS_TEST_PG", "postgresql://postgres@127.0.0.1:5432/test")


@pytest.fixture(scope="module")
def load() -> ModuleType:
    spec = importlib.util.spec_from_file_location("benchmarks_load", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses resolve their module by name
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("backend", ["sqlite", "postgres"])
def test_small_load_passes_its_integrity_check(load: ModuleType, backend: str) -> None:
    report = load.run(backend, users=5, turns=20, cache=backend == "postgres", pg_url=PG_URL)
    assert report.ok, report.problems
    assert report.exceptions == 0 and report.store_unavailable == 0
    assert (
        report.outcomes.get("added", 0) > 0 and report.outcomes.get("rejected(temporary)", 0) >= 0
    )
    assert sum(report.outcomes.values()) > 5 * 20 * 0.5
    assert {"p50", "p95", "p99"} <= set(report.turn_ms) and report.throughput > 0


def test_the_command_line_exits_zero_and_writes_json(load: ModuleType, tmp_path: Path) -> None:
    out = tmp_path / "report.json"
    argv = ["--backend", "memory", "--users", "3", "--turns", "10", "--compare", "--json", str(out)]
    assert load.main(argv) == 0
    assert '"ok": true' in out.read_text()


def test_the_integrity_check_catches_lost_and_leaked_writes(load: ModuleType) -> None:
    from langgraph.store.memory import InMemoryStore

    from memory_plugins import MemoryConfig, MemoryEngine
    from memory_plugins.principals import KeyRing

    engine = MemoryEngine(InMemoryStore(), MemoryConfig(principal_secret="integrity-0123456789"))
    user = load.SimulatedUser(0, seed=1, ring=KeyRing("k" * 32, kid="k"))
    for turn in range(30):
        planned = user.plan(turn)
        written = engine.remember(user.name, [c for c, _, _ in planned], source_conversation_id="c")
        for plan, outcome in zip(planned, written, strict=True):
            user.apply(plan, outcome.status)
    assert load.check_integrity(engine, [user]) == []
    lost = next(iter(user.expected))
    engine.forget(user.name, lost)
    assert load.check_integrity(engine, [user]) == [f"{user.name} {lost}: accepted write missing"]
    engine.erase_user(user.name)
    user.expected.clear()
    subject = f"rejected {user.name} 999"
    user.rejected.add(load._key(subject))
    engine.remember(
        user.name, [load._candidate(subject, "The user prefers it.")], source_conversation_id="c"
    )
    assert any("a rejected candidate was stored" in p for p in load.check_integrity(engine, [user]))


@pytest.mark.parametrize("backend", ["sqlite", "postgres"])
def test_a_cross_process_run_times_every_suppression_and_checks_the_store(
    load: ModuleType, backend: str
) -> None:
    report = load.run_cross_process(backend, processes=3, suppressions=2, pg_url=PG_URL)
    assert report.ok, report.problems
    assert len(report.honour_s) == 2 * 2  # every suppression, seen by both readers
    assert report.recalls > 0 and report.degraded_recalls == 0
    assert "time to honour a suppression: worst" in report.summary()


def test_honour_times_flag_a_reader_that_keeps_recalling(load: ModuleType) -> None:
    key = "user_preference:prefer-tea"
    suppressed = [("u", key, 10.0)]
    honest = [("u", 9.9, 9.95, [key]), ("u", 10.2, 10.25, [key]), ("u", 11.0, 11.05, [])]
    stale = [("u", 9.9, 9.95, [key]), ("u", 11.0, 11.05, [key])]
    times, problems = load.honour_times(suppressed, [honest, stale])
    assert times == [pytest.approx(1.05)]
    assert problems == [f"reader 1 still recalled suppressed {key} at the end"]
