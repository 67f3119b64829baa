"""A recall set nobody here wrote: ``tests/data/recall/blind/`` (provenance in its README).

24 scenarios written by one separate model run from a task description alone
(``scenario-task.md``), their memories' cues by another that saw only the memories and the
shipped cue instructions. Split once by a hash of each scenario id; its tuning part is
pinned to exact counts, its sealed part to its checksum and to bounds measured once.
"""

import hashlib
import json
from pathlib import Path

import pytest
from recall_support import assert_cued_files_rebuilt, recall_counts

from memory_plugins.bench.eval_recall import RecallEvaluation, evaluate_file
from memory_plugins.config import MemoryConfig, RecallConfig
from memory_plugins.embedders import load_embedder
from memory_plugins.semantic import Embeddings

BLIND = Path(__file__).resolve().parents[2] / "data" / "recall" / "blind"


def _counts(report: RecallEvaluation) -> tuple[int, int, int, int]:
    """:func:`recall_counts`, once every line was read and every memory written."""
    assert report.problems == [] and report.rejected == []
    return recall_counts(report)


@pytest.fixture(scope="module")
def meaning() -> Embeddings:
    return load_embedder("default")


def test_the_sealed_files_and_the_model_runs_are_unchanged() -> None:
    pinned = dict(reversed(line.split()) for line in (BLIND / "SHA256").read_text().splitlines())
    assert sorted(pinned) == [
        "blind-input.jsonl",
        "blind.sealed.jsonl",
        "cued.sealed.jsonl",
        "model-cues.jsonl",
    ]
    for name, digest in pinned.items():
        assert hashlib.sha256((BLIND / name).read_bytes()).hexdigest() == digest, name


def test_each_scenario_sits_in_the_part_its_id_hash_names() -> None:
    for part, sealed in (("tuning", False), ("sealed", True)):
        for line in (BLIND / f"blind.{part}.jsonl").read_text("utf-8").splitlines():
            digest = hashlib.sha256(json.loads(line)["id"].encode()).hexdigest()
            assert (int(digest, 16) % 2 == 1) is sealed


def test_the_cued_files_are_the_scenarios_with_the_runs_cues_and_nothing_else() -> None:
    assert_cued_files_rebuilt(BLIND, "blind")


def test_tuning_part_counts_are_pinned(meaning: Embeddings) -> None:
    plain, cued = BLIND / "blind.tuning.jsonl", BLIND / "cued.tuning.jsonl"
    # Questions about what a word means or how it is said (RecallConfig.mention_markers)
    # took two firings off each: 12, 13, 11 and 13 before. A question how a thing is made
    # (是怎么榨出来的) read as a question about the world took one more off each: the
    # firings in the comments are before it.
    assert _counts(evaluate_file(plain)) == (
        22,
        96,
        6,
        74,
    )  # 10, 8, 7 before the two compound rules
    assert _counts(evaluate_file(plain, embeddings=meaning)) == (24, 96, 7, 74)  # 11, 9, 8
    # An English cue's two words held apart by the query (RecallConfig.cue_halves) found
    # one more with cues: 45 and 50 before.
    assert _counts(evaluate_file(cued)) == (46, 96, 6, 74)  # 9, 8, 7
    # 11 before modifier_compounds, 10 before fact_question_cues_to_select_alone, 8 before
    # names after "of" were read as compounds ("the rose of Sharon"), 7 before a question
    # how a thing is made
    assert _counts(evaluate_file(cued, embeddings=meaning)) == (51, 96, 6, 74)
    # One word of a question about the world counted once (off by default): the same
    # relevant memories, 5 and 6 firings instead of 6 and 6 (7 and 8 before questions
    # about a word counted as questions about the world; 6 and 7 before a question how a
    # thing is made did).
    config = MemoryConfig(
        principal_secret="blind-set-0123456789",
        recall=RecallConfig(time_budget_ms=60_000.0, one_word_in_passing=True),
    )
    assert _counts(evaluate_file(plain, config)) == (22, 96, 5, 74)
    assert _counts(evaluate_file(cued, config)) == (46, 96, 6, 74)


def test_sealed_part_bounds(meaning: Embeddings) -> None:
    # Measured once: 11 of 89 relevant memories found with the rules at 10 of 73 firings,
    # 30 with the cues at 11; with meaning 13 at 12 and 34 at 16. Measured once more after
    # questions about a word stopped recalling it (RecallConfig.mention_markers): the same
    # found, two firings fewer each; once more after a word pointed at as a word, a
    # possessive and a question how a thing is made were read (see the tuning test): the
    # same found, one firing fewer each (7, 9, 8 and 10). Bounds: found may only rise,
    # firings only fall.
    plain, cued = BLIND / "blind.sealed.jsonl", BLIND / "cued.sealed.jsonl"
    for path, embeddings, least, most in (
        (plain, None, 11, 7),
        (plain, meaning, 13, 9),
        (cued, None, 30, 8),
        (cued, meaning, 34, 10),
    ):
        found, _, fired, _ = _counts(evaluate_file(path, embeddings=embeddings))
        assert found >= least and fired <= most, (path.name, embeddings)
