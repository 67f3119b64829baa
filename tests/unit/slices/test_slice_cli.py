"""``memory-plugins eval intent|constraints`` and ``bench intent`` (FORMAT.md)."""

import json
from pathlib import Path

import pytest

from memory_plugins.cli import main


def write(path: Path, lines: list[str]) -> Path:
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def test_eval_intent_writes_one_line_per_case_and_reports_bad_lines(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    cases = write(
        tmp_path / "intent.jsonl",
        [
            json.dumps(
                {
                    "id": "a",
                    "text": "帮我优化一下说明书",
                    "expect": {"action": "modify", "target": ["说明书"]},
                }
            ),
            "{not json",
            json.dumps({"id": "b", "text": "ok", "expect": {"action": "unknown", "target": []}}),
            json.dumps({"id": "c", "text": 3, "expect": {"action": "modify"}}),
        ],
    )
    out = tmp_path / "out.jsonl"
    assert main(["eval", "intent", str(cases), "--out", str(out)]) == 0
    rows = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
    assert [(r["id"], r["action"], r["target"]) for r in rows] == [
        ("a", "modify", "说明书"),
        ("b", "unknown", None),
    ]
    assert all(isinstance(r["ms"], float) for r in rows)
    captured = capsys.readouterr()
    assert "action+target accuracy  1.000" in captured.out
    assert "line 2" in captured.err and "line 4" in captured.err


def test_eval_constraints_extract_and_check(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    cases = write(
        tmp_path / "constraints.jsonl",
        [
            json.dumps(
                {"id": "x", "kind": "extract", "text": "给我4个口号", "expect": {"max_count": 4}}
            ),
            json.dumps(
                {
                    "id": "c",
                    "kind": "check",
                    "constraints": {"max_count": 1},
                    "output": "1. a\n2. b",
                    "expect": ["max_count"],
                }
            ),
            json.dumps(
                {
                    "id": "bad",
                    "kind": "check",
                    "constraints": {"max_count": 0},
                    "output": "",
                    "expect": [],
                }
            ),
        ],
    )
    out = tmp_path / "out.jsonl"
    assert main(["eval", "constraints", str(cases), "--out", str(out)]) == 0
    rows = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
    assert rows == [
        {"id": "x", "snapshot": {"max_count": 4}},
        {"id": "c", "violations": ["max_count"]},
    ]
    captured = capsys.readouterr()
    assert "snapshot exact match       1.000" in captured.out
    assert "line 3: invalid constraints" in captured.err


@pytest.mark.parametrize("suite", ["intent", "constraints"])
def test_an_unreadable_file_is_the_only_failure(tmp_path: Path, suite: str) -> None:
    assert main(["eval", suite, str(tmp_path / "missing.jsonl")]) != 0


def test_bench_intent_prints_latency_and_load_cost(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "bench.json"
    assert main(["bench", "intent", "--quick", "--out", str(out)]) == 0
    result = json.loads(out.read_text(encoding="utf-8"))
    assert result["p50_ms"] > 0 and result["p95_ms"] >= result["p50_ms"]
    assert {"load_s", "spacy_import_s", "zh_pipeline_s", "en_pipeline_s"} <= set(result)
    assert "p50 per utterance (ms)" in capsys.readouterr().out
