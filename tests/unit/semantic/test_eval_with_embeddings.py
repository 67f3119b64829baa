"""``memory-plugins eval recall --embeddings``: the recall eval with the semantic channel on."""

import json
import time
from pathlib import Path

import pytest

from memory_plugins.candidate import example_candidate
from memory_plugins.cli import main
from memory_plugins.bench.eval_recall import evaluate_scenarios
from memory_plugins.bench.evalio import Case
from memory_plugins.config import MemoryConfig, RecallConfig
from memory_plugins.embedders import HashingEmbeddings

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


class _SlowToLoad(HashingEmbeddings):
    """A stand-in model whose first ``warm`` takes longer than a write waits for it."""

    def __init__(self) -> None:
        super().__init__(concepts={"kitten": "cat"})
        self.loaded = False

    def warm(self) -> None:
        if not self.loaded:
            time.sleep(0.6)
            self.loaded = True


def test_eval_figures_do_not_depend_on_how_long_the_model_takes_to_load() -> None:
    # The kitten memory shares no word with the question: only meaning finds it.
    scenario = {
        "id": "pets",
        "memories": [
            {
                "ref": ref,
                "candidate": example_candidate(
                    text=text, tags=tags, identity={"subject": ref, "polarity": "prefer"}
                ),
            }
            for ref, text, tags in (
                ("kitten", "The user has a kitten.", ["kitten", "pet"]),
                ("tea", "The user likes oolong tea.", ["oolong", "tea"]),
                ("jazz", "The user listens to jazz.", ["jazz", "music"]),
            )
        ],
        "queries": [{"id": "q1", "text": "cat food", "relevant": ["kitten"]}],
    }
    config = MemoryConfig(
        principal_secret="0123456789abcdef",
        store_deadline_ms=200.0,  # a write waits 100 ms for the model; it takes 600 ms
        recall=RecallConfig(time_budget_ms=60_000.0),
    )
    slow = evaluate_scenarios([Case(1, scenario)], config=config, embeddings=_SlowToLoad())
    ready = evaluate_scenarios(
        [Case(1, scenario)], config=config, embeddings=HashingEmbeddings(concepts={"kitten": "cat"})
    )
    assert [o.injected for o in ready.outcomes] == [("kitten",)]
    assert [o.injected for o in slow.outcomes] == [("kitten",)]
