"""A second recall set nobody here wrote: ``tests/data/recall/blind2/`` (provenance in its
README).

24 scenarios written by one separate model run given the first blind set's task text
(``scenario-task.md``), their memories' cues by another that saw only the memories and the
shipped cue instructions. Written after every recall rule so far and split once by a hash
of each scenario id before anything was measured on it; no rule has been written from
either part. Its tuning part is pinned to exact counts, its sealed part to its checksum
and to bounds measured once.
"""

import hashlib
import json
from pathlib import Path

import pytest
from recall_support import assert_cued_files_rebuilt, recall_counts

from memory_plugins.bench.eval_recall import evaluate_file
from memory_plugins.embedders import load_embedder
from memory_plugins.semantic import Embeddings

BLIND = Path(__file__).resolve().parents[2] / "data" / "recall" / "blind2"


@pytest.fixture(scope="module")
def meaning() -> Embeddings:
    return load_embedder("default")


def test_the_sealed_files_the_task_and_the_model_runs_are_unchanged() -> None:
    pinned = dict(reversed(line.split()) for line in (BLIND / "SHA256").read_text().splitlines())
    assert sorted(pinned) == [
        "blind-input.jsonl",
        "blind2.sealed.jsonl",
        "cued.sealed.jsonl",
        "model-cues.jsonl",
        "scenario-task.md",
    ]
    for name, digest in pinned.items():
        assert hashlib.sha256((BLIND / name).read_bytes()).hexdigest() == digest, name


def test_each_scenario_sits_in_the_part_its_id_hash_names() -> None:
    seen = 0
    for part, sealed in (("tuning", False), ("sealed", True)):
        for line in (BLIND / f"blind2.{part}.jsonl").read_text("utf-8").splitlines():
            digest = hashlib.sha256(json.loads(line)["id"].encode()).hexdigest()
            assert (int(digest, 16) % 2 == 1) is sealed
            seen += 1
    assert seen == 24


def test_the_cued_files_are_the_scenarios_with_the_runs_cues_and_nothing_else() -> None:
    assert_cued_files_rebuilt(BLIND, "blind2")


def test_tuning_part_counts_are_pinned(meaning: Embeddings) -> None:
    # (relevant found, relevant, firings, queries that need nothing): 5 and 7 firings with
    # the rules when the set was made, before a yes-no question about a kind of thing ("Is
    # a … a …?") counted as a question about the world.
    plain, cued = BLIND / "blind2.tuning.jsonl", BLIND / "cued.tuning.jsonl"
    for path, embeddings, counts in (
        (plain, None, (16, 89, 4, 51)),
        (plain, meaning, (16, 89, 5, 51)),
        (cued, None, (36, 89, 6, 51)),
        (cued, meaning, (38, 89, 7, 51)),
    ):
        report = evaluate_file(path, embeddings=embeddings)
        assert report.problems == [] and report.rejected == []
        assert recall_counts(report) == counts, (path.name, embeddings)


def test_sealed_part_bounds(meaning: Embeddings) -> None:
    # Measured once when the set was made: 37 of 132 relevant memories found at 11 of 77
    # firings with the rules, 38 at 11 with meaning, 58 at 10 with the cues and 60 at 10
    # with both. The one memory the gates refuse is the run's own to-do placeholder. Once
    # more after the questions about the world of the word probe's and this set's tuning
    # parts (``world_question_factor``, yes-no questions about a kind of thing, who made a
    # thing): 10 firings with the rules and 9 with the cues, the same found.
    # Bounds: found may only rise, firings only fall.
    plain, cued = BLIND / "blind2.sealed.jsonl", BLIND / "cued.sealed.jsonl"
    for path, embeddings, least, most in (
        (plain, None, 37, 10),
        (plain, meaning, 38, 11),
        (cued, None, 58, 9),
        (cued, meaning, 60, 10),
    ):
        report = evaluate_file(path, embeddings=embeddings)
        assert report.problems == [] and len(report.rejected) == 1
        found, _, fired, _ = recall_counts(report)
        assert found >= least and fired <= most, (path.name, embeddings)
