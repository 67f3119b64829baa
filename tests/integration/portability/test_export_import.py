"""Export and import: a user's memory leaves one store as JSON lines and enters another
through the gates, with its status, history and timestamps, on every backend."""

import asyncio
import doctest
import io
import json
import sys
from collections.abc import Iterator
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
from langgraph.store.memory import InMemoryStore

from memory_plugins import MemoryConfig, MemoryEngine, RecordStatus, RejectCode
from memory_plugins import portability as portability_module
from memory_plugins.backends import sqlite_store
from memory_plugins.cli import main
from memory_plugins.clock import FrozenClock
from memory_plugins.testing import candidate

SECRET = "portability-secret-0123456789"
CARD = "4111 1111 1111 1111"


def tea(**overrides: Any) -> dict[str, Any]:
    return candidate(**overrides)


def coffee(**overrides: Any) -> dict[str, Any]:
    return candidate(
        text="The user drinks black coffee in the morning.",
        tags=["coffee", "morning"],
        identity={"subject": "black coffee", "polarity": "prefer"},
        **overrides,
    )


def vim(**overrides: Any) -> dict[str, Any]:
    return candidate(
        type="workflow_preference",
        text="The user edits code in Vim.",
        tags=["vim", "editor"],
        identity={"subject": "vim", "facet": "editor"},
        **overrides,
    )


def fill(engine: MemoryEngine, clock: FrozenClock, user: str = "alice") -> None:
    """Three records with a past: one updated, one suppressed, one suppressed and restored."""
    engine.remember(user, [tea(), coffee(), vim()], source_conversation_id="c-1")
    clock.advance(timedelta(hours=1))
    engine.remember(
        user, [tea(text="The user likes oolong tea, unsweetened.")], source_conversation_id="c-2"
    )
    clock.advance(timedelta(hours=1))
    engine.suppress(user, "user_preference:prefer-black-coffee", conversation_id="c-3")
    engine.suppress(user, "workflow_preference:vim--editor", conversation_id="c-3")
    clock.advance(timedelta(hours=1))
    engine.restore(user, "workflow_preference:vim--editor", conversation_id="c-4")


def without_derived(records: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [{k: v for k, v in r.items() if k not in ("features", "vector")} for r in records]


@pytest.fixture
def source(clock: FrozenClock) -> Iterator[MemoryEngine]:
    with MemoryEngine(InMemoryStore(), MemoryConfig(principal_secret=SECRET), clock=clock) as eng:
        fill(eng, clock)
        yield eng


def test_a_user_moves_into_every_store_with_status_history_and_times(
    source: MemoryEngine, engine: MemoryEngine, clock: FrozenClock
) -> None:
    exported = source.export_records("alice")
    lines = [json.dumps(record, ensure_ascii=False) for record in exported]
    clock.advance(timedelta(days=2))  # importing later must not restamp anything

    report = engine.import_records("bob", lines)

    assert report.counts() == {"added": 3}
    assert without_derived(engine.export_records("bob")) == without_derived(exported)
    by_key = {r.key: r for r in engine.list_records("bob", status="all")}
    coffee_record = by_key["user_preference:prefer-black-coffee"]
    assert coffee_record.status is RecordStatus.SUPPRESSED
    assert coffee_record.suppressed_by == "c-3"
    assert [h.event for h in by_key["workflow_preference:vim--editor"].history] == [
        "suppressed",
        "restored",
    ]
    tea_record = by_key["user_preference:prefer-oolong-tea"]
    assert tea_record.created_at == "2026-03-01T12:00:00+00:00"
    assert tea_record.updated_at == "2026-03-01T13:00:00+00:00"
    # Suppressed stays suppressed: the imported coffee is never recalled, the tea is.
    recalled = [h.record.key for h in engine.recall("bob", "tea or coffee this morning?").hits]
    assert "user_preference:prefer-black-coffee" not in recalled
    assert "user_preference:prefer-oolong-tea" in recalled


def test_importing_twice_adds_nothing(source: MemoryEngine, engine: MemoryEngine) -> None:
    lines = [json.dumps(r) for r in source.export_records("alice")]
    engine.import_records("bob", lines)
    before = engine.export_records("bob")

    again = engine.import_records("bob", lines)

    assert again.counts() == {"unchanged": 3}
    assert engine.export_records("bob") == before


def test_a_line_with_a_card_number_is_refused_and_the_others_land(
    source: MemoryEngine, engine: MemoryEngine
) -> None:
    exported = source.export_records("alice")
    exported[1]["text"] = f"The user pays with card {CARD}."
    lines = [json.dumps(r) for r in exported]

    report = engine.import_records("bob", lines)

    [refused] = report.rejected
    assert (refused.line, refused.code) == (2, RejectCode.SENSITIVE)
    stored = engine.export_records("bob")
    assert len(stored) == 2
    assert all(CARD not in json.dumps(r) for r in stored)


def test_a_secret_hidden_in_the_history_is_refused_too(
    source: MemoryEngine, engine: MemoryEngine
) -> None:
    exported = source.export_records("alice")
    tea_line = next(r for r in exported if r["key"] == "user_preference:prefer-oolong-tea")
    tea_line["history"][0]["text"] = f"The user paid with {CARD}."

    report = engine.import_records("bob", [json.dumps(r) for r in exported])

    [refused] = report.rejected
    assert refused.code is RejectCode.SENSITIVE and refused.detail.startswith("history[0]")
    assert "user_preference:prefer-oolong-tea" not in {r.key for r in engine.list_records("bob")}


def test_a_secret_in_a_lines_cues_is_refused_and_a_cue_the_filter_drops_is_left_out(
    source: MemoryEngine, engine: MemoryEngine
) -> None:
    exported = source.export_records("alice")
    digits = CARD.replace(" ", "")
    exported[0]["cues"] = ["afternoon break", digits]
    exported[1]["cues"] = ["afternoon break", "the user"]  # only common words: dropped

    report = engine.import_records("bob", [json.dumps(r) for r in exported])

    [refused] = report.rejected
    assert (refused.line, refused.code) == (1, RejectCode.SENSITIVE)
    assert all(digits not in json.dumps(r) for r in engine.export_records("bob"))
    kept = engine.list_records("bob", status="all")
    assert [r.cues for r in kept if r.key == exported[1]["key"]] == [("afternoon break",)]


@pytest.mark.parametrize(
    ("change", "code", "said"),
    [
        (lambda r: r.update(surprise=1), RejectCode.SCHEMA, "unknown field"),
        (lambda r: r.update(key="user_preference:prefer-cocoa"), RejectCode.SCHEMA, "stable key"),
        (lambda r: r.update(created_at="yesterday"), RejectCode.SCHEMA, "created_at"),
        (lambda r: r.update(status="deleted"), RejectCode.SCHEMA, "status"),
        (lambda r: r.update(text="api_key=sk-live-51Habcdefghijklmnopqrstu"), None, ""),
        (lambda r: r.update(source_conversation_id="draft:9"), RejectCode.DRAFT_SOURCE, ""),
        (lambda r: r.update(confidence=0.2), RejectCode.LOW_CONFIDENCE, ""),
    ],
)
def test_a_malformed_or_refused_line_is_reported_and_nothing_is_stored(
    source: MemoryEngine, engine: MemoryEngine, change: Any, code: RejectCode | None, said: str
) -> None:
    exported = source.export_records("alice")
    change(exported[0])
    lines = ["", "not json at all", *map(json.dumps, exported)]

    report = engine.import_records("bob", lines)

    not_json, refused = report.rejected
    assert (not_json.line, not_json.code) == (2, RejectCode.SCHEMA)
    assert refused.line == 3
    if code is not None:
        assert refused.code is code
    else:  # a credential: one of the secret gates, whichever names it first
        assert refused.code in (RejectCode.RUNTIME_DATA, RejectCode.SENSITIVE)
    assert said in refused.detail
    assert len(engine.export_records("bob")) == 2


def test_an_older_line_never_overwrites_a_newer_record(
    source: MemoryEngine, engine: MemoryEngine, clock: FrozenClock
) -> None:
    lines = [json.dumps(r) for r in source.export_records("alice")]
    engine.import_records("bob", lines)
    clock.advance(timedelta(days=1))
    engine.remember(
        "bob", [tea(text="The user now prefers green tea.")], source_conversation_id="c"
    )

    report = engine.import_records("bob", lines)

    assert report.counts() == {"kept": 1, "unchanged": 2}
    [now] = [r for r in engine.list_records("bob") if r.key == "user_preference:prefer-oolong-tea"]
    assert now.text == "The user now prefers green tea."


def test_vectors_travel_only_when_asked(clock: FrozenClock) -> None:
    from memory_plugins.testing import HashingEmbeddings

    config = MemoryConfig(principal_secret=SECRET)
    with MemoryEngine(InMemoryStore(), config, clock=clock, embeddings=HashingEmbeddings()) as eng:
        fill(eng, clock)
        assert all("vector" not in r for r in eng.export_records("alice"))
        with_vectors = eng.export_records("alice", vectors=True)
    assert all(r["vector"]["model"] for r in with_vectors if r["status"] == "active")
    with MemoryEngine(InMemoryStore(), config, clock=clock) as plain:
        plain.import_records("bob", [json.dumps(r) for r in with_vectors])
        moved = {r["key"]: r.get("vector") for r in plain.export_records("bob", vectors=True)}
    assert moved == {r["key"]: r.get("vector") for r in with_vectors}


async def test_the_async_twins_do_the_same(source: MemoryEngine, engine: MemoryEngine) -> None:
    exported = await source.aexport_records("alice")
    first, second = await asyncio.gather(
        engine.aimport_records("bob", map(json.dumps, exported)),
        engine.aimport_records("carol", map(json.dumps, exported)),
    )
    assert first.counts() == second.counts() == {"added": 3}
    assert without_derived(await engine.aexport_records("carol")) == without_derived(exported)


def test_the_module_example_runs() -> None:
    result = doctest.testmod(portability_module)
    assert result.failed == 0 and result.attempted > 0


# -- the command line: SQLite -> PostgreSQL -> SQLite ------------------------------------------


def _cli(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], url: str, *argv: str
) -> tuple[int, str, str]:
    monkeypatch.setenv("MEMORY_PLUGINS_STORE", url)
    status = main(list(argv))
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def test_the_cli_moves_a_user_from_sqlite_to_postgres_and_back(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    pg_url: str,
    clock: FrozenClock,
) -> None:
    app = f"move-{tmp_path.name[-12:]}".replace("_", "-")
    monkeypatch.setenv("MEMORY_PLUGINS_SECRET", SECRET)
    monkeypatch.setenv("MEMORY_PLUGINS_APP", app)
    first = tmp_path / "first.sqlite"
    with (
        sqlite_store(first) as store,
        MemoryEngine(store, MemoryConfig(principal_secret=SECRET, app=app), clock=clock) as eng,
    ):
        fill(eng, clock)
        original = eng.export_records("alice")

    status, out, err = _cli(monkeypatch, capsys, f"sqlite:///{first}", "export", "--user", "alice")
    assert status == 0 and "exported 3 record(s)" in err
    exported = tmp_path / "alice.jsonl"
    exported.write_text(out, encoding="utf-8")
    assert [json.loads(line) for line in out.splitlines()] == original

    status, out, _ = _cli(monkeypatch, capsys, pg_url, "import", str(exported), "--user", "alice")
    assert status == 0 and "added 3" in out
    status, out, _ = _cli(monkeypatch, capsys, pg_url, "import", str(exported), "--user", "alice")
    assert status == 0 and "added 0" in out and "unchanged 3" in out

    status, from_pg, _ = _cli(monkeypatch, capsys, pg_url, "export", "--user", "alice")
    assert status == 0 and [json.loads(line) for line in from_pg.splitlines()] == original
    back = tmp_path / "back.jsonl"
    back.write_text(from_pg, encoding="utf-8")
    second = f"sqlite:///{tmp_path / 'second.sqlite'}"
    status, out, _ = _cli(monkeypatch, capsys, second, "import", str(back), "--user", "alice")
    assert status == 0 and "added 3" in out
    status, again, _ = _cli(monkeypatch, capsys, second, "export", "--user", "alice")
    assert again == from_pg


def test_the_cli_reports_a_refused_line_with_its_number_and_code(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("MEMORY_PLUGINS_SECRET", SECRET)
    config = MemoryConfig(principal_secret=SECRET)
    with MemoryEngine(InMemoryStore(), config) as eng:
        eng.remember("alice", [tea(), coffee(), vim()], source_conversation_id="c-1")
        exported = eng.export_records("alice")
    exported[2]["text"] = f"Card {CARD} is the user's."
    path = tmp_path / "in.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in exported), encoding="utf-8")
    url = f"sqlite:///{tmp_path / 'new.sqlite'}"

    status, out, err = _cli(monkeypatch, capsys, url, "import", str(path), "--user", "alice")

    assert status == 1
    assert "line 3: rejected (sensitive)" in err and CARD not in err
    assert "added 2" in out and "rejected 1" in out
    status, listed, _ = _cli(monkeypatch, capsys, url, "list", "--user", "alice", "--json")
    assert status == 0 and len(listed.splitlines()) == 2


def test_exporting_needs_an_existing_store_and_importing_a_missing_file_says_so(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("MEMORY_PLUGINS_SECRET", SECRET)
    url = f"sqlite:///{tmp_path / 'absent.sqlite'}"
    status, out, err = _cli(monkeypatch, capsys, url, "export", "--user", "alice")
    assert status == 2 and out == "" and "no memory store" in err
    missing = str(tmp_path / "nothing.jsonl")
    status, _, err = _cli(monkeypatch, capsys, url, "import", missing, "--user", "alice")
    assert status == 2 and "no file to import" in err
    assert not (tmp_path / "absent.sqlite").exists()


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_on_a_terminal_a_bar_runs_on_stderr_and_stdout_stays_json(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("MEMORY_PLUGINS_SECRET", SECRET)
    path = tmp_path / "m.sqlite"
    with (
        sqlite_store(path) as store,
        MemoryEngine(store, MemoryConfig(principal_secret=SECRET)) as e,
    ):
        e.remember("alice", [tea(), coffee(), vim()], source_conversation_id="c-1")
    terminal = _Terminal()
    monkeypatch.setattr(sys, "stderr", terminal)

    status, out, _ = _cli(monkeypatch, capsys, f"sqlite:///{path}", "export", "--user", "alice")

    assert status == 0
    assert [json.loads(line)["status"] for line in out.splitlines()] == ["active"] * 3
    assert "export:" in terminal.getvalue() and "/3 [" in terminal.getvalue()  # the bar
