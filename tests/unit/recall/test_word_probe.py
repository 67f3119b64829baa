"""A blind probe of questions about the world that share a word with a memory:
``tests/data/recall/wordprobe/`` (provenance in its README).

30 scenarios a separate model run wrote from a task description alone, split once by a
hash of each scenario id; the tuning part is pinned to exact counts, the sealed part to its
checksum and to bounds measured once.
"""

import hashlib
import json
import uuid
from pathlib import Path

import pytest
from recall_support import recall_counts

from memory_plugins.bench.eval_recall import evaluate_file
from memory_plugins.config import MemoryConfig, RecallConfig
from memory_plugins.embedders import load_embedder
from memory_plugins.semantic import Embeddings

PROBE = Path(__file__).resolve().parents[2] / "data" / "recall" / "wordprobe"


@pytest.fixture(scope="module")
def meaning() -> Embeddings:
    return load_embedder("default")


def _config(*, compounds: bool) -> MemoryConfig:
    return MemoryConfig(
        principal_secret=uuid.uuid4().hex,
        recall=RecallConfig(time_budget_ms=60_000.0, modifier_compounds=compounds),
    )


def test_the_sealed_file_and_the_task_are_unchanged() -> None:
    for line in (PROBE / "SHA256").read_text().splitlines():
        digest, name = line.split()
        assert hashlib.sha256((PROBE / name).read_bytes()).hexdigest() == digest, name


def test_each_scenario_sits_in_the_part_its_id_hash_names() -> None:
    seen = 0
    for part, sealed in (("tuning", False), ("sealed", True)):
        for line in (PROBE / f"wordprobe.{part}.jsonl").read_text("utf-8").splitlines():
            digest = hashlib.sha256(json.loads(line)["id"].encode()).hexdigest()
            assert (int(digest, 16) % 2 == 1) is sealed
            seen += 1
    assert seen == 30


def test_tuning_part_counts_are_pinned(meaning: Embeddings) -> None:
    path = PROBE / "wordprobe.tuning.jsonl"
    # (relevant found, relevant, firings, queries that need nothing); the one memory the
    # gates refuse is the run's own to-do placeholder.
    # With the rule: 28 and 32 firings before a one-character head counted only with its
    # modifier and before more interrogatives of a question about the world (星期几, 从哪,
    # 哪里人, what year…) were read as such; 32, 24, 37 and 28 before questions of what time,
    # which month or which day (几点, 几月, 几号, "what time") were; 31, 37, 21 and 26
    # before a word pointed at as a word (这个叫法) or asked where it comes from counted as
    # mentioned, a possessive ended an English noun phrase and a question how a thing is
    # made (是怎么榨出来的) counted as a question about the world; 29, 35, 17 and 22 before
    # a plain question about the world kept less than a choice or a situation
    # (``world_question_factor``), a yes-no question about a kind of thing and who made a
    # thing (是哪家公司出的) counted as such questions, and meaning no longer lifted a
    # mentioned word to the minimum.
    for compounds, rules, with_meaning in (
        (False, (27, 63, 18, 122), (29, 63, 29, 122)),
        (True, (27, 63, 12, 122), (29, 63, 18, 122)),
    ):
        config = _config(compounds=compounds)
        report = evaluate_file(path, config)
        assert report.problems == [] and len(report.rejected) == 1
        assert recall_counts(report) == rules
        assert recall_counts(evaluate_file(path, config, meaning)) == with_meaning


def test_sealed_part_bounds(meaning: Embeddings) -> None:
    # Measured once: 15 of 49 relevant memories found at 38 of 109 firings with the rule
    # off, at 33 with it on, with the rules alone and with meaning; once more after the
    # interrogatives above: 32 with the rules; once more after questions of what time,
    # which month or which day: unchanged; once more after the rules named in the tuning
    # test above: 31 with the rules and 32 with meaning, the same found; once more after the
    # plain questions about the world and the rest named above: 21 and 29, the same found.
    # Bounds: found may only rise, firings only fall.
    path = PROBE / "wordprobe.sealed.jsonl"
    for embeddings, most in ((None, 21), (meaning, 29)):
        found, _, fired, _ = recall_counts(evaluate_file(path, _config(compounds=True), embeddings))
        assert found >= 15 and fired <= most
