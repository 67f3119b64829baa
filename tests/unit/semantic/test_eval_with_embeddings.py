"""``memory-plugins eval recall --embeddings``: the recall eval with the semantic channel on."""

import json
from pathlib import Path

import pytest

from memory_plugins.cli import main

SAMPLES = Path(__file__).resolve().parents[2] / "data" / "recall" / "shared-sample.jsonl"


def test_eval_recall_runs_with_the_semantic_channel(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "results.jsonl"
    assert main(["eval", "recall", str(SAMPLES), "--embeddings", "hash", "--out", str(out)]) == 0
    lines = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
    by_query = {(line["scenario"], line["query"]): line["injected"] for line in lines}
    assert by_query[("tea", "q1")] == ["tea"] and by_query[("tea", "q3")] == []
    assert "recall" in capsys.readouterr().out


def test_unknown_embeddings_name_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["eval", "recall", str(SAMPLES), "--embeddings", "word2vec"]) == 2
    printed = capsys.readouterr().out
    assert "unknown embeddings 'word2vec'" in printed and "use-multilingual" in printed
