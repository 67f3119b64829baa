"""The labelled recall sets (``tests/data/recall/``), run as ``memory-plugins eval recall`` does.

Each set was split once, by scenario, into a *tuning* part (what rules and thresholds may
be fitted on: pinned here to exact counts, so any change in behaviour shows) and a
*sealed* part (held out: only targets are asserted on it, and its files may not change).
Misses are printed on every run (``pytest -s``).
"""

import hashlib
import json
from pathlib import Path

import pytest
from recall_support import recall_counts

from memory_plugins.bench.eval_recall import RecallEvaluation, evaluate_file
from memory_plugins.config import MemoryConfig, RecallConfig
from memory_plugins.embedders import load_embedder
from memory_plugins.semantic import Embeddings

DATA = Path(__file__).resolve().parents[2] / "data" / "recall"
SETS = ("everyday", "hard")
SAMPLE = DATA / "shared-sample.jsonl"

FALSE_ACTIVATION_TARGET = 0.05


def _file(name: str, part: str) -> Path:
    return DATA / f"{name}.{part}.jsonl"


def _scenarios(path: Path) -> list[dict[str, object]]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def _show(label: str, report: RecallEvaluation) -> RecallEvaluation:
    print("\n".join(["", label, *(f"{k}: {v}" for k, v in report.summary()), *report.misses()]))
    return report


@pytest.fixture(scope="module")
def meaning() -> Embeddings:
    return load_embedder("default")


@pytest.fixture(scope="module")
def rules_only() -> dict[str, RecallEvaluation]:
    return {
        f"{name}.{part}": _show(f"{name}.{part} (rules)", evaluate_file(_file(name, part)))
        for name in SETS
        for part in ("tuning", "sealed")
    }


@pytest.fixture(scope="module")
def with_meaning(meaning: Embeddings) -> dict[str, RecallEvaluation]:
    return {
        f"{name}.{part}": _show(
            f"{name}.{part} (rules + meaning)", evaluate_file(_file(name, part), embeddings=meaning)
        )
        for name in SETS
        for part in ("tuning", "sealed")
    }


# -- the split ------------------------------------------------------------------------------


def test_sealed_files_are_unchanged() -> None:
    pinned = dict(
        reversed(line.split()) for line in (DATA / "SEALED.sha256").read_text().splitlines()
    )
    assert sorted(pinned) == ["everyday.sealed.jsonl", "hard.sealed.jsonl"]
    for name, digest in pinned.items():
        assert hashlib.sha256((DATA / name).read_bytes()).hexdigest() == digest, name


@pytest.mark.parametrize("name", SETS)
def test_each_scenario_sits_in_the_part_its_id_hash_names(name: str) -> None:
    for part, sealed in (("tuning", False), ("sealed", True)):
        for scenario in _scenarios(_file(name, part)):
            digest = hashlib.sha256(str(scenario["id"]).encode()).hexdigest()
            assert (int(digest, 16) % 2 == 1) is sealed, (part, scenario["id"])


def test_the_sets_are_large_bilingual_and_mostly_answerable() -> None:
    scenarios = [
        s for name in SETS for part in ("tuning", "sealed") for s in _scenarios(_file(name, part))
    ]
    ids = [s["id"] for s in scenarios]
    queries = [q for s in scenarios for q in s["queries"]]  # type: ignore[attr-defined]
    assert len(ids) == len(set(ids))  # a scenario is in one part of one set only
    assert len(queries) >= 600
    assert 0.4 <= sum(not q["relevant"] for q in queries) / len(queries) <= 0.5
    assert {s["lang"] for s in scenarios} == {"zh", "en", "mixed"}
    kinds = {m["candidate"]["type"] for s in scenarios for m in s["memories"]}  # type: ignore[attr-defined]
    assert len(kinds) == 8


# -- tuning parts: exact counts -------------------------------------------------------------


def test_tuning_parts_with_rules_alone(rules_only: dict[str, RecallEvaluation]) -> None:
    # A question about the world (RecallConfig.fact_question_factor) took 7 -> 5 firings; a
    # word the user calls theirs ("my knee", RecallConfig.owner_words) found one more; a
    # memory's word as the modifier of another noun (RecallConfig.modifier_compounds) took
    # hard firings from 10 to 8.
    assert recall_counts(rules_only["everyday.tuning"]) == (113, 128, 5, 122)
    assert recall_counts(rules_only["hard.tuning"]) == (5, 44, 7, 38)
    assert all(r.problems == [] and r.over_max == 0 for r in rules_only.values())


def test_tuning_parts_with_the_meaning_channel(with_meaning: dict[str, RecallEvaluation]) -> None:
    # A question about what a word means (RecallConfig.mention_markers) fired once more
    # before meaning stopped counting the mentioned word again (7).
    assert recall_counts(with_meaning["everyday.tuning"]) == (114, 128, 6, 122)
    assert recall_counts(with_meaning["hard.tuning"]) == (6, 44, 7, 38)  # 10 before compounds


def test_tuning_parts_with_multilingual_e5() -> None:
    # The other registered bilingual model, with its own fitted calibration.
    e5 = load_embedder("multilingual-e5")
    everyday = evaluate_file(_file("everyday", "tuning"), embeddings=e5)
    hard = evaluate_file(_file("hard", "tuning"), embeddings=e5)
    # 8 before mention_markers; 7 before meaning stopped lifting a mentioned word
    assert recall_counts(everyday) == (116, 128, 6, 122)
    assert recall_counts(hard) == (6, 44, 9, 38)  # 10 before modifier_compounds


# -- sealed parts: targets ------------------------------------------------------------------


def test_sealed_everyday_false_activation_stays_within_target(
    rules_only: dict[str, RecallEvaluation], with_meaning: dict[str, RecallEvaluation]
) -> None:
    assert rules_only["everyday.sealed"].false_activation_rate <= FALSE_ACTIVATION_TARGET
    assert with_meaning["everyday.sealed"].false_activation_rate <= FALSE_ACTIVATION_TARGET
    assert rules_only["everyday.sealed"].over_max == 0
    # Only the two memories written to show the gates at work are rejected.
    rejected = [r.split(":")[0] for r in rules_only["everyday.sealed"].rejected]
    assert rejected == ["en-gated/thai", "en-gated/pizza"]


def test_sealed_hard_false_activation_with_compounds_read(
    rules_only: dict[str, RecallEvaluation], with_meaning: dict[str, RecallEvaluation]
) -> None:
    # Measured once after a memory's word as the modifier of another noun stopped counting
    # (RecallConfig.modifier_compounds): 2 of 27 with the rules and with meaning, 4 before;
    # the same relevant memories (2 and 4 of 32). A bound, may only fall.
    for report in (rules_only["hard.sealed"], with_meaning["hard.sealed"]):
        assert recall_counts(report)[2] <= 2
    assert recall_counts(rules_only["hard.sealed"])[0] >= 2
    assert recall_counts(with_meaning["hard.sealed"])[0] >= 4


@pytest.mark.parametrize("name", SETS)
def test_sealed_meaning_finds_more_without_more_false_activation(
    name: str, rules_only: dict[str, RecallEvaluation], with_meaning: dict[str, RecallEvaluation]
) -> None:
    rules, fused = rules_only[f"{name}.sealed"], with_meaning[f"{name}.sealed"]
    assert fused.recall >= rules.recall
    assert fused.false_activation_rate <= rules.false_activation_rate


def test_every_shared_sample_gives_its_labelled_result() -> None:
    report = evaluate_file(SAMPLE)
    assert report.problems == [] and report.outcomes
    for outcome in report.outcomes:
        assert set(outcome.injected) - outcome.optional == set(outcome.relevant), outcome
        assert (outcome.message is None) == (not outcome.injected)


# -- with the cues a separate model run wrote (tests/data/recall/cues/) -----------------------
# ``cued-4a/``, ``cued-4b/``, ``cued-4c/``: three runs given the shipped CUE_INSTRUCTIONS (cues and other
# senses); ``cued-3a/``, ``cued-3b/``: two given the instructions before them, which lacked the
# rules for one specific word and for the other words of the memory's subject; ``cued/``,
# ``cued-2b/``, ``cued-2c/``: three runs given those cue instructions before other senses
# joined them; ``cued-1a/``, ``cued-1b/``: two runs given the earlier
# instructions (the cued weights were fitted on cued-1a's tuning parts and hold on the
# others').

CUED = DATA / "cued"
RUNS = (
    "cued",
    "cued-2b",
    "cued-2c",
    "cued-1a",
    "cued-1b",
    "cued-3a",
    "cued-3b",
    "cued-4a",
    "cued-4b",
    "cued-4c",
)
WITH_OTHER_SENSES = ("cued-3a", "cued-3b", "cued-4a", "cued-4b", "cued-4c")


@pytest.fixture(scope="module")
def cued() -> dict[str, RecallEvaluation]:
    return {
        f"{name}.{part}": _show(
            f"{name}.{part} (rules, cues)", evaluate_file(CUED / f"{name}.{part}.jsonl")
        )
        for name in SETS
        for part in ("tuning", "sealed")
    }


# Per run, the tuning parts' (rules with cues, cues and meaning) counts, everyday then hard.
# cued-4c's hard part found one more once an English cue's two words counted apart.
# Everyday rules with cues found one or two more (one with meaning, or none) once a word the
# user calls theirs weighed as a term and a Chinese cue's two words counted apart. Hard
# firings fell by one to three in every run (two in most) once a memory's word as the
# modifier of another noun stopped counting (RecallConfig.modifier_compounds).
# The hard parts' first count in 3a, 3b, 4a, 4b and 4c rose by one when a cue of two words
# joined by a third ("where to stay") came to count held apart (RecallConfig.cue_halves);
# the everyday parts' firings with meaning in cued, 3a, 3b and 4b fell by one when one cue
# alone stopped selecting a memory in a question about the world, meaning or not
# (RecallConfig.fact_question_cues_to_select_alone); the hard parts' firings fell by one in
# every run when "the height of the Eiffel Tower" came to be read as a compound; cued-3b's
# everyday firings with meaning fell by one when a plain question about the world came to
# keep less of the rules' score (RecallConfig.world_question_factor).
TUNING_COUNTS = {
    "cued": [((121, 128, 6, 122), (125, 128, 7, 122)), ((28, 44, 7, 38), (30, 44, 7, 38))],
    "cued-2b": [((122, 128, 6, 122), (126, 128, 7, 122)), ((29, 44, 8, 38), (32, 44, 8, 38))],
    "cued-2c": [((122, 128, 6, 122), (125, 128, 7, 122)), ((28, 44, 8, 38), (30, 44, 8, 38))],
    "cued-1a": [((121, 128, 6, 122), (125, 128, 7, 122)), ((23, 44, 8, 38), (26, 44, 8, 38))],
    "cued-1b": [((120, 128, 6, 122), (124, 128, 7, 122)), ((18, 44, 8, 38), (21, 44, 8, 38))],
    "cued-3a": [((122, 128, 4, 122), (125, 128, 5, 122)), ((31, 44, 6, 38), (32, 44, 7, 38))],
    "cued-3b": [((121, 128, 5, 122), (124, 128, 5, 122)), ((28, 44, 7, 38), (31, 44, 8, 38))],
    "cued-4a": [((123, 128, 6, 122), (125, 128, 8, 122)), ((31, 44, 5, 38), (33, 44, 5, 38))],
    "cued-4b": [((123, 128, 4, 122), (126, 128, 6, 122)), ((31, 44, 5, 38), (33, 44, 5, 38))],
    "cued-4c": [((125, 128, 6, 122), (126, 128, 9, 122)), ((31, 44, 6, 38), (31, 44, 6, 38))],
}


@pytest.mark.parametrize("run", RUNS)
def test_tuning_parts_with_each_runs_cues(run: str, meaning: Embeddings) -> None:
    for name, (rules, both) in zip(SETS, TUNING_COUNTS[run], strict=True):
        path = DATA / run / f"{name}.tuning.jsonl"
        with_cues = evaluate_file(path)
        assert recall_counts(with_cues) == rules, name
        assert with_cues.problems == [] and with_cues.over_max == 0
        # The cues are embedded with the text and such vectors weigh their own (fitted here).
        assert recall_counts(evaluate_file(path, embeddings=meaning)) == both, name


def test_the_shipped_instructions_find_more_on_the_hard_tuning_part() -> None:
    # Naming the kinds and instances a request would name: every run given the shipped
    # cue rules finds more hard-set memories than both given the earlier ones.
    kinds = ("cued", "cued-2b", "cued-2c", *WITH_OTHER_SENSES)
    shipped = [TUNING_COUNTS[run][1][0][0] for run in kinds]
    earlier = [TUNING_COUNTS[run][1][0][0] for run in ("cued-1a", "cued-1b")]
    assert min(shipped) > max(earlier)


def test_tuning_parts_with_one_word_counted_once() -> None:
    # RecallConfig.one_word_in_passing (off by default): fewer firings, no relevant ref lost.
    config = MemoryConfig(
        principal_secret="recall-sets-0123456789",
        recall=RecallConfig(time_budget_ms=60_000.0, one_word_in_passing=True),
    )
    assert recall_counts(evaluate_file(_file("everyday", "tuning"), config)) == (113, 128, 5, 122)
    assert recall_counts(evaluate_file(_file("hard", "tuning"), config)) == (5, 44, 7, 38)
    assert recall_counts(evaluate_file(CUED / "hard.tuning.jsonl", config)) == (28, 44, 7, 38)
    # With the shipped instructions' cues: the same relevant memories, fewer firings than
    # TUNING_COUNTS has without the rule (6, 6 and 7).
    for run, hard in (
        ("cued-4a", (31, 44, 5, 38)),
        ("cued-4b", (31, 44, 5, 38)),
        ("cued-4c", (31, 44, 6, 38)),
    ):
        assert recall_counts(evaluate_file(DATA / run / "hard.tuning.jsonl", config)) == hard


@pytest.mark.parametrize("run", RUNS)
@pytest.mark.parametrize("name", SETS)
def test_sealed_cues_find_more_and_keep_everyday_false_activation_within_target(
    run: str, name: str, rules_only: dict[str, RecallEvaluation], meaning: Embeddings
) -> None:
    path = DATA / run / f"{name}.sealed.jsonl"
    plain, with_cues = rules_only[f"{name}.sealed"], evaluate_file(path)
    with_both = evaluate_file(path, embeddings=meaning)
    assert with_cues.recall >= plain.recall + 0.1
    assert with_both.recall >= with_cues.recall
    if name == "everyday":
        assert with_cues.false_activation_rate <= FALSE_ACTIVATION_TARGET
        assert with_both.false_activation_rate <= FALSE_ACTIVATION_TARGET
    else:
        # Measured once: 4 of 27 with the rules and every run's cues (3 with cued-4a's), 5 of
        # 27 with meaning and the cues of cued, cued-2b and cued-4c (4 with the other runs');
        # measured once more after compounds were read (RecallConfig.modifier_compounds): 2
        # with the rules in every run, 2 or 3 with meaning. A bound, may only fall.
        assert with_cues.false_activation_rate <= plain.false_activation_rate
        assert recall_counts(with_cues)[2] <= 2
        assert recall_counts(with_both)[2] <= 3
    # Only the memories written to show the gates at work are rejected; no cue rejects one.
    assert len(with_cues.rejected) == len(plain.rejected)


def test_sealed_hard_recall_with_the_shipped_instructions_cues() -> None:
    # Measured once, after the tuning parts: the three runs given the shipped instructions
    # found 14, 17 and 16 of the 32 sealed hard memories with the rules, the two given the
    # instructions before them (no rule for one specific word or for the other words of
    # the memory's subject) 12 and 12. A bound, may only rise.
    def found(run: str) -> int:
        return recall_counts(evaluate_file(DATA / run / "hard.sealed.jsonl"))[0]

    shipped = [found(run) for run in ("cued-4a", "cued-4b", "cued-4c")]
    assert min(shipped) > max(found("cued-3a"), found("cued-3b"))


def test_sealed_cues_of_the_shipped_instructions_find_more_by_meaning(
    meaning: Embeddings, cued: dict[str, RecallEvaluation]
) -> None:
    hard = evaluate_file(CUED / "hard.sealed.jsonl", embeddings=meaning)
    assert hard.recall >= cued["hard.sealed"].recall + 0.05


# -- other senses (the runs given the shipped instructions also named them) -----------------


def _without_other_senses(path: Path, folder: Path) -> Path:
    """A copy of the recall file ``path`` in ``folder`` with every ``other_senses`` left out."""
    scenarios = _scenarios(path)
    for scenario in scenarios:
        for memory in scenario["memories"]:  # type: ignore[attr-defined]
            memory["candidate"].pop("other_senses", None)
    copy = folder / path.name
    copy.write_text("".join(json.dumps(s, ensure_ascii=False) + "\n" for s in scenarios), "utf-8")
    return copy


# Per run, the tuning parts' counts without the run's other senses (rules with cues, cues and
# meaning), everyday then hard: TUNING_COUNTS has them with (cued-3b's everyday firings with
# meaning 7 before RecallConfig.world_question_factor).
WITHOUT_OTHER_SENSES = {
    "cued-3a": [((122, 128, 5, 122), (125, 128, 6, 122)), ((31, 44, 8, 38), (32, 44, 9, 38))],
    "cued-3b": [((121, 128, 6, 122), (124, 128, 6, 122)), ((28, 44, 8, 38), (31, 44, 9, 38))],
    "cued-4a": [((123, 128, 7, 122), (125, 128, 9, 122)), ((31, 44, 8, 38), (33, 44, 8, 38))],
    "cued-4b": [((123, 128, 6, 122), (126, 128, 8, 122)), ((31, 44, 8, 38), (33, 44, 8, 38))],
    "cued-4c": [((125, 128, 7, 122), (126, 128, 10, 122)), ((31, 44, 9, 38), (31, 44, 9, 38))],
}


@pytest.mark.parametrize("run", WITH_OTHER_SENSES)
def test_other_senses_take_firings_away_and_no_relevant_memory_on_the_tuning_parts(
    run: str, meaning: Embeddings, tmp_path: Path
) -> None:
    for name, counts in zip(SETS, WITHOUT_OTHER_SENSES[run], strict=True):
        path = _without_other_senses(DATA / run / f"{name}.tuning.jsonl", tmp_path)
        assert (
            recall_counts(evaluate_file(path)),
            recall_counts(evaluate_file(path, embeddings=meaning)),
        ) == counts
    for (rules, both), (rules_without, both_without) in zip(
        TUNING_COUNTS[run], WITHOUT_OTHER_SENSES[run], strict=True
    ):
        for kept, without in ((rules, rules_without), (both, both_without)):
            assert kept[:2] == without[:2]  # the same relevant memories found
            assert kept[2] < without[2]  # fewer firings


@pytest.mark.parametrize("run", WITH_OTHER_SENSES)
@pytest.mark.parametrize("name", SETS)
def test_sealed_other_senses_never_cost_a_relevant_memory_nor_add_a_firing(
    run: str, name: str, meaning: Embeddings, tmp_path: Path
) -> None:
    # Measured once: the same relevant memories, and one firing fewer (hard, cued-3a, with
    # meaning); a bound, may only improve.
    path = DATA / run / f"{name}.sealed.jsonl"
    bare = _without_other_senses(path, tmp_path)
    for embeddings in (None, meaning):
        found, _, fired, _ = recall_counts(evaluate_file(path, embeddings=embeddings))
        before = recall_counts(evaluate_file(bare, embeddings=embeddings))
        assert found >= before[0]
        assert fired <= before[2]
