"""The command line over scopes and filters: ``list --agent / --type / --meta / --since``,
``recall --agent --org``, on the store the application writes."""

from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest

from memory_plugins import MemoryEngine, Scope
from memory_plugins.backends import sqlite_store
from memory_plugins.cli import main
from memory_plugins.cli.runtime import cli_config
from memory_plugins.testing import candidate

SCHEMA = {"type": "object", "properties": {"project": {"type": "string"}}}


@pytest.fixture
def store_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    path = tmp_path / "memory.sqlite"
    monkeypatch.setenv("MEMORY_PLUGINS_STORE", f"sqlite:///{path}")
    monkeypatch.setenv("MEMORY_PLUGINS_SECRET", "cli-tests-secret-0123456789")
    config = replace(cli_config(), org_scope=True, metadata_schema=SCHEMA)
    green = candidate(
        text="The user likes green tea.",
        tags=["green", "tea"],
        identity={"subject": "green tea", "polarity": "prefer"},
    )
    kyoto = candidate(
        type="project_context",
        text="The team orders its tea from Kyoto.",
        tags=["tea", "kyoto"],
        identity={"subject": "tea orders"},
    )
    with sqlite_store(path) as store, MemoryEngine(store, config) as engine:
        engine.remember(
            "alice", [candidate(metadata={"project": "apollo"})], source_conversation_id="c-1"
        )
        engine.remember(
            Scope.for_agent("planner", user="alice"), [green], source_conversation_id="c"
        )
        engine.remember(Scope.for_org("acme"), [kyoto], source_conversation_id="admin")
    yield path


def test_list_filters_and_the_assistant_scope(
    store_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["list", "--user", "alice", "--meta", "project=apollo"]) == 0
    out = capsys.readouterr().out
    assert "prefer-oolong-tea" in out and 'metadata: {"project": "apollo"}' in out
    assert main(["list", "--user", "alice", "--meta", "project=zeus"]) == 0
    assert capsys.readouterr().out.strip() == "no memories match the filters"
    assert main(["list", "--user", "alice", "--since", "2999-01-01"]) == 0
    assert capsys.readouterr().out.strip() == "no memories match the filters"
    assert main(["list", "--user", "alice", "--agent", "planner", "--type", "user_preference"]) == 0
    out = capsys.readouterr().out
    assert "green tea" in out and "oolong" not in out
    assert main(["list", "--user", "alice", "--type", "preference"]) == 2
    assert "unknown memory types ['preference']" in capsys.readouterr().err


def test_recall_reads_the_scopes_it_is_given(
    store_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["recall", "Which tea?", "--user", "alice"]) == 0
    out = capsys.readouterr().out
    assert "oolong" in out and "green" not in out and "Kyoto" not in out
    assert (
        main(["recall", "Which tea?", "--user", "alice", "--agent", "planner", "--org", "acme"])
        == 0
    )
    out = capsys.readouterr().out
    assert '(user_preference; this assistant\'s note) "The user likes green tea."' in out
    assert "(project_context; shared by the organisation)" in out
