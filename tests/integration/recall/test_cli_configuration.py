"""The command line sees the application's store, secret and app, creates nothing while
inspecting, and answers every mistake with a message naming the fix (never a traceback)."""

import inspect
import json
import os
import tempfile
from collections.abc import Iterator
from pathlib import Path

import psycopg
import pytest

from memory_plugins import MemoryConfig, MemoryEngine
from memory_plugins.backends import sqlite_store
from memory_plugins.cli import main
from memory_plugins.testing import candidate

SECRET = "cli-configuration-secret-0123"
KEY = "user_preference:prefer-oolong-tea"
PG_URL = os.environ.get("MEMORY_PLUGINS_TEST_PG", "postgresql://postgres@127.0.0.1:5432/test")


@pytest.fixture(autouse=True)
def clean_environment(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    for name in ("MEMORY_PLUGINS_STORE", "MEMORY_PLUGINS_SECRET", "MEMORY_PLUGINS_APP"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))


def write(path: Path, user: str = "alice", app: str = "memory-plugins") -> None:
    """What the application does: remember through its own engine, store, secret and app."""
    with sqlite_store(path) as store:
        engine = MemoryEngine(store, MemoryConfig(principal_secret=SECRET, app=app))
        engine.remember(user, [candidate()], source_conversation_id="c-1")


@pytest.fixture
def app_store(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    path = tmp_path / "app" / "memory.sqlite"
    write(path)
    monkeypatch.setenv("MEMORY_PLUGINS_STORE", f"sqlite:///{path}")
    monkeypatch.setenv("MEMORY_PLUGINS_SECRET", SECRET)
    yield path


def no_traceback(capsys: pytest.CaptureFixture[str]) -> tuple[str, str]:
    captured = capsys.readouterr()
    assert "Traceback" not in captured.err + captured.out
    return captured.out, captured.err


# -- where the store is ---------------------------------------------------------------------


def test_the_store_variable_expands_the_home_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    write(tmp_path / "home" / "memory.sqlite")
    monkeypatch.setenv("MEMORY_PLUGINS_STORE", "sqlite:///~/memory.sqlite")
    monkeypatch.setenv("MEMORY_PLUGINS_SECRET", SECRET)
    assert main(["list", "--user", "alice"]) == 0
    assert KEY in capsys.readouterr().out
    assert not (Path.cwd() / "~").exists()


@pytest.mark.parametrize(
    "argv",
    [
        ["list", "--user", "alice"],
        ["recall", "which tea?", "--user", "alice"],
        ["suppress", KEY, "--user", "alice"],
        ["forget", "--all", "--user", "alice"],
    ],
)
def test_inspecting_a_missing_store_creates_nothing(
    argv: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(argv) == 2  # the default store, in the user's data folder, does not exist
    _, err = no_traceback(capsys)
    expected = tmp_path / "xdg" / "memory-plugins" / "memory.sqlite"
    assert f"no memory store at {expected}" in err and "MEMORY_PLUGINS_STORE=sqlite:///" in err
    assert not (tmp_path / "xdg").exists()  # no folder, no store, no secret


def test_a_missing_secret_is_named_and_never_generated_by_an_inspection(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "app" / "memory.sqlite"
    write(path)
    monkeypatch.setenv("MEMORY_PLUGINS_STORE", f"sqlite:///{path}")
    assert main(["list", "--user", "alice"]) == 2
    _, err = no_traceback(capsys)
    assert "set MEMORY_PLUGINS_SECRET" in err and "principal_secret" in err
    assert not (path.parent / "principal-secret").exists()


def test_a_process_private_store_cannot_be_inspected(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("MEMORY_PLUGINS_STORE", "memory")
    monkeypatch.setenv("MEMORY_PLUGINS_SECRET", SECRET)
    assert main(["list", "--user", "alice"]) == 2
    assert "private to one process" in no_traceback(capsys)[1]


# -- which app and which users -----------------------------------------------------------


def test_app_option_and_variable_select_the_application(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "shop.sqlite"
    write(path, app="shop")
    monkeypatch.setenv("MEMORY_PLUGINS_STORE", f"sqlite:///{path}")
    monkeypatch.setenv("MEMORY_PLUGINS_SECRET", SECRET)

    assert main(["list", "--user", "alice"]) == 0
    out, err = no_traceback(capsys)
    assert "no memories" in out
    assert "no memories for 'alice' under app 'memory-plugins'" in err
    assert "other apps: shop (choose one with --app or MEMORY_PLUGINS_APP)" in err

    assert main(["list", "--user", "alice", "--app", "shop"]) == 0
    assert KEY in capsys.readouterr().out
    monkeypatch.setenv("MEMORY_PLUGINS_APP", "shop")
    assert main(["recall", "which oolong tea?", "--user", "alice"]) == 0
    assert "The user likes oolong tea." in capsys.readouterr().out


def test_records_of_other_users_are_pointed_out(
    app_store: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["recall", "which oolong tea?", "--user", "bob"]) == 0
    out, err = no_traceback(capsys)
    assert "(nothing injected)" in out
    assert "records of 1 other user(s) under app 'memory-plugins'" in err
    assert "check --user, and that MEMORY_PLUGINS_SECRET" in err
    # A different secret hashes alice elsewhere: the same note tells why she has nothing.
    monkeypatch.setenv("MEMORY_PLUGINS_SECRET", "not-the-application-secret")
    assert main(["list", "--user", "alice"]) == 0
    assert "MEMORY_PLUGINS_SECRET is the secret your application uses" in capsys.readouterr().err


def test_an_empty_store_has_nothing_to_point_at(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "empty.sqlite"
    with sqlite_store(path):
        pass
    monkeypatch.setenv("MEMORY_PLUGINS_STORE", f"sqlite:///{path}")
    monkeypatch.setenv("MEMORY_PLUGINS_SECRET", SECRET)
    assert main(["list", "--user", "alice"]) == 0
    out, err = no_traceback(capsys)
    assert out.strip() == "no memories" and err == ""


# -- suppress and restore ----------------------------------------------------------------


def test_suppressing_twice_says_so(app_store: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["suppress", KEY, "--user", "alice"]) == 0
    assert main(["suppress", KEY, "--user", "alice"]) == 0
    assert capsys.readouterr().out.splitlines() == [
        f"suppressed: {KEY}",
        f"already suppressed: {KEY}",
    ]
    assert main(["restore", KEY, "--user", "alice"]) == 0
    assert main(["restore", KEY, "--user", "alice"]) == 0
    assert capsys.readouterr().out.splitlines() == [f"restored: {KEY}", f"already active: {KEY}"]
    assert main(["suppress", "user_preference:prefer-nothing", "--user", "alice"]) == 1


def test_engine_suppress_and_restore_take_the_same_arguments() -> None:
    from memory_plugins.engine import MemoryEngine as Engine

    suppress = inspect.signature(Engine.suppress).parameters
    restore = inspect.signature(Engine.restore).parameters
    assert [(p.name, p.kind, p.default) for p in suppress.values()] == [
        (p.name, p.kind, p.default) for p in restore.values()
    ]


# -- eval: labels and files ---------------------------------------------------------------


def _lines(path: Path, *rows: object) -> Path:
    path.write_text("\n".join(json.dumps(r, ensure_ascii=False) for r in rows) + "\n")
    return path


@pytest.mark.parametrize(
    ("suite", "bad", "good", "message"),
    [
        (
            "validation",
            {"id": "x", "candidate": candidate(), "expect": "accepted"},
            {"id": "y", "candidate": candidate(), "expect": "accept"},
            "expect must be 'accept' or 'reject', got 'accepted'",
        ),
        (
            "validation",
            {"id": "x", "candidate": candidate(), "expect": "reject", "code": "secret"},
            {"id": "y", "candidate": candidate(), "expect": "accept"},
            "code 'secret' is not a reason code",
        ),
        (
            "intent",
            {"id": "x", "text": "rewrite this", "expect": {"action": "rewrite"}},
            {"id": "y", "text": "translate this", "expect": {"action": "translate"}},
            "unknown action 'rewrite'",
        ),
        (
            "constraints",
            {"id": "x", "kind": "check", "constraints": {}, "output": "a", "expect": ["colour"]},
            {"id": "y", "kind": "extract", "text": "three titles", "expect": {}},
            "unknown field(s) ['colour']",
        ),
        (
            "constraints",
            {"id": "x", "kind": "extract", "text": "t", "expect": {"max_count": "three"}},
            {"id": "y", "kind": "extract", "text": "three titles", "expect": {}},
            "expect is not a valid snapshot",
        ),
        (
            "recall",
            {"id": "x", "memories": [], "queries": [{"id": "q", "text": "t", "relevant": ["m"]}]},
            {"id": "y", "memories": [], "queries": [{"id": "q", "text": "t"}]},
            "unknown relevant refs ['m']",
        ),
    ],
)
def test_eval_rejects_unknown_labels_and_a_file_without_a_valid_line(
    *,
    suite: str,
    bad: dict[str, object],
    good: dict[str, object],
    message: str,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["eval", suite, str(_lines(tmp_path / "bad.jsonl", bad))]) == 1
    _, err = no_traceback(capsys)
    assert f"no valid case in {tmp_path / 'bad.jsonl'}" in err and message in err

    assert main(["eval", suite, str(_lines(tmp_path / "mixed.jsonl", bad, good))]) == 0
    _, err = no_traceback(capsys)
    assert "line 1: " in err and message in err


# -- files, models and backends ----------------------------------------------------------


@pytest.mark.parametrize("target", ["missing-folder/out.json", "."])
@pytest.mark.parametrize(
    "argv",
    [
        ["eval", "validation", "tests/unit/gates/labelled_candidates.jsonl"],
        ["bench", "write", "--quick"],
        ["bench", "extraction", "--quick"],
    ],
)
def test_an_unwritable_out_is_refused_before_any_work(
    argv: list[str], target: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = str(tmp_path / target)
    assert main([*argv, "--out", out]) == 2
    printed, err = no_traceback(capsys)
    assert printed == "" and f"cannot write --out {out}" in err


def test_a_bad_backend_is_refused_before_any_work(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exited:
        main(["bench", "write", "--backends", "sqlite,oracle"])
    assert exited.value.code == 2
    out, err = no_traceback(capsys)
    assert out == "" and "unknown backend(s) oracle; choose among memory, sqlite, postgres" in err


def test_bench_postgres_needs_the_store_variable(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", "recall", "--quick", "--backends", "postgres"]) == 2
    out, err = no_traceback(capsys)
    assert out == "" and "set MEMORY_PLUGINS_STORE=postgresql://" in err


def test_bench_leaves_nothing_behind(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    scratch = tmp_path / "tmp"
    scratch.mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(scratch))
    monkeypatch.setenv("MEMORY_PLUGINS_STORE", PG_URL)

    def bench_schemas() -> list[str]:
        with psycopg.connect(PG_URL, autocommit=True) as conn:
            rows = conn.execute(
                "SELECT nspname FROM pg_namespace WHERE nspname LIKE 'memory_plugins_bench_%'"
            ).fetchall()
        return [row[0] for row in rows]

    before = bench_schemas()
    assert main(["bench", "write", "--quick"]) == 0  # default: memory, sqlite and postgres
    out = capsys.readouterr().out
    assert all(f"\n{name} " in out for name in ("memory", "sqlite", "postgres"))
    assert bench_schemas() == before
    assert list(scratch.iterdir()) == []


def test_demo_model_without_an_api_key(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.delenv("OPENAI_API_KEY", raising=False)
    assert main(["demo", "--model", "openai:gpt-4o-mini"]) == 2
    _, err = no_traceback(capsys)
    assert "Set the provider's API key (e.g. OPENAI_API_KEY)" in err
    assert "without --model (offline)" in err


def test_demo_model_that_fails_when_called(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("OPENAI_API_KEY", "sk-test-not-a-real-key")
    for name in ("OPENAI_BASE_URL", "OPENAI_API_BASE"):  # nothing listens there: offline
        monkeypatch.setenv(name, "http://127.0.0.1:9/v1")
    assert main(["demo", "--model", "openai:gpt-4o-mini"]) == 2
    _, err = no_traceback(capsys)
    assert "the model openai:gpt-4o-mini failed:" in err and "Connection error" in err


def test_demo_with_an_unusable_database_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "a-folder.sqlite"
    folder.mkdir()
    assert main(["demo", "--db", str(folder)]) == 2
    _, err = no_traceback(capsys)
    assert f"cannot use --db {folder}" in err
