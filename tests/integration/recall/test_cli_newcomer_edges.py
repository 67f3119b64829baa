"""The command line's edges a newcomer meets first: one line naming the fix, nothing created."""

import sqlite3
import sys
import tomllib
from pathlib import Path

import pytest

from memory_plugins import MemoryConfig, MemoryEngine
from memory_plugins.backends import sqlite_store
from memory_plugins.cli import main
from memory_plugins.testing import candidate

ROOT = Path(__file__).resolve().parents[3]


def _one_line(capsys: pytest.CaptureFixture[str]) -> str:
    err = capsys.readouterr().err
    assert "Traceback" not in err
    lines = [line for line in err.splitlines() if line.strip()]
    assert len(lines) == 1, err
    return lines[0]


def test_demo_without_its_extras_names_them(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    monkeypatch.setitem(sys.modules, "langgraph.graph", None)  # as on a base install
    assert main(["demo", "--db", str(tmp_path / "d.sqlite")]) == 2
    line = _one_line(capsys)
    assert "'langgraph.graph'" in line and "pip install 'memory-plugins[all]'" in line


def test_demo_creates_no_folder(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["demo", "--db", str(tmp_path / "no" / "such" / "d.sqlite")]) == 2
    assert "does not exist" in _one_line(capsys)
    assert not (tmp_path / "no").exists()


def test_demo_refuses_a_store_that_is_not_a_demo_store(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "app.sqlite"
    config = MemoryConfig(principal_secret="the-apps-own-secret-01", app="shop")
    with sqlite_store(path) as store, MemoryEngine(store, config) as engine:
        engine.remember("alice", [candidate()], source_conversation_id="c-1")
    before = path.read_bytes()
    assert main(["demo", "--db", str(path)]) == 2
    assert "holds memories of app(s) shop" in _one_line(capsys)
    assert path.read_bytes() == before  # not a row added
    other = tmp_path / "other.sqlite"
    with sqlite3.connect(other) as conn:
        conn.execute("CREATE TABLE invoices (id INTEGER)")
    assert main(["demo", "--db", str(other)]) == 2
    assert "database of something else" in _one_line(capsys)


def test_a_relative_sqlite_url_says_which_path_it_read_and_how_to_write_absolute(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "app.sqlite"
    config = MemoryConfig(principal_secret="the-apps-own-secret-01")
    with sqlite_store(path) as store, MemoryEngine(store, config) as engine:
        engine.remember("alice", [candidate()], source_conversation_id="c-1")
    monkeypatch.setenv("MEMORY_PLUGINS_SECRET", "the-apps-own-secret-01")
    elsewhere = tmp_path / "cwd"
    elsewhere.mkdir()
    monkeypatch.chdir(elsewhere)
    monkeypatch.setenv("MEMORY_PLUGINS_STORE", f"sqlite:///{str(path).lstrip('/')}")
    assert main(["list", "--user", "alice"]) == 2
    line = _one_line(capsys)
    assert f"no memory store at {elsewhere}/{str(path).lstrip('/')}" in line
    assert f"four slashes: sqlite:////{str(path).lstrip('/')}" in line
    monkeypatch.setenv("MEMORY_PLUGINS_STORE", f"sqlite:///{path}")  # four slashes: absolute
    assert main(["list", "--user", "alice"]) == 0
    assert "user_preference:prefer-oolong-tea" in capsys.readouterr().out


def test_the_license_is_an_spdx_expression_with_a_setuptools_that_reads_it() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert project["project"]["license"] == "Apache-2.0"  # no deprecated table
    assert "setuptools>=77" in project["build-system"]["requires"]


def test_eval_on_a_wrong_file_counts_the_skipped_lines_and_ends_with_its_verdict(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    wrong = tmp_path / "wrong.jsonl"
    wrong.write_text("\n".join(f'{{"not": "a case {n}"}}' for n in range(742)) + "\n")
    assert main(["eval", "validation", str(wrong)]) == 1
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) < 10, err  # not one line per skipped line
    assert err[-1] == f"no valid case in {wrong}: 742 line(s) skipped"
    assert "… and 737 more skipped line(s)" in err[-2]


@pytest.mark.parametrize(
    ("url", "expected"),
    [
        ("postgresql://127.0.0.1:5432/no_such_database_here", 'database "no_such_database_here"'),
        ("postgresql://127.0.0.1:1/test", "PostgreSQL unreachable: "),
    ],
)
def test_a_wrong_postgresql_database_or_port_is_one_line(
    url: str,
    expected: str,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    monkeypatch.setenv("MEMORY_PLUGINS_STORE", url)
    monkeypatch.setenv("MEMORY_PLUGINS_SECRET", "the-apps-own-secret-01")
    assert main(["list", "--user", "alice"]) == 2
    line = _one_line(capsys)
    assert expected in line
    if "no_such" in url:  # a configuration error, not an outage
        assert "PostgreSQL refused the URL" in line
