"""The write gates on memories that carry cues and other senses, written by a separate model
run given the shipped cue instructions and a description of the probe, nothing else.

``tests/data/detection/cueprobe_*.jsonl`` (provenance in the README there): 320 memories,
256 harmless ones whose cues use the everyday senses of words that also name credentials
(boarding passes, password managers, tokens in NLP, door codes as a topic) and 64 that hold
a secret or an identifier in a cue or a tag, often with the cue before naming it. The labels
are its own. Split once by a hash of each case id before any detector was adjusted on it;
the sealed part is pinned by checksum and its counts are bounds that may only fall; the
tuning part's exact counts are pinned.
"""

import pytest
from corpus_parts import CONFIG, assert_sealed_split, load, within, wrong_in

from memory_plugins.gates.pipeline import evaluate
from memory_plugins.gates.runtime import find_runtime_data
from memory_plugins.testing import candidate

SEALED_SHA256 = "83b38d36d6cca134eec26899a3713abdd976e6c9e34dd56f320ab1244b023aa3"


def test_the_sealed_part_is_the_one_split_off_before_tuning() -> None:
    assert_sealed_split("cueprobe", SEALED_SHA256, {"secret", "pii", "benign"})


@pytest.mark.parametrize("part", ["tuning", "sealed"])
def test_every_benign_refusal_is_the_schemas_not_a_gates(part: str) -> None:
    # The run gave some memories one tag, where S1 asks for two to five: those are refused
    # as schema errors. No gate refused a harmless memory for its cues in either part.
    for case in load("cueprobe", part):
        if case["category"] != "benign":
            continue
        decision = evaluate(case["candidate"], "conv-1", CONFIG)
        if not decision.accepted:
            assert decision.detail.startswith("tags: List should have at least 2"), case["id"]


def test_sealed_part_counts_may_only_fall() -> None:
    wrong, shown = wrong_in("cueprobe", "sealed", {"secret": 12, "pii": 19, "benign": 128})
    # As the session found the gates: 3 of 12 secrets stored, 0 identifiers, 6 benign refused
    # (all six by the schema: one tag). After the tuning part's rules: 1 secret stored.
    assert within(wrong, (1, 0, 6)), shown


def test_tuning_part_counts_are_pinned() -> None:
    wrong, shown = wrong_in("cueprobe", "tuning", {"secret": 20, "pii": 13, "benign": 128})
    # Before its rules: 9 secrets stored. Left stored: a guest Wi-Fi's password after
    # "guest wifi" (no word names it a password). A smart lock's code after "guest code"
    # was until a code's digits counted where the sentence names a lock.
    assert wrong == (1, 0, 11), shown


# -- the rules its tuning part led to (values made up for these tests) ---------------------

REFUSED = [
    # a Chinese name right after the Latin word that says whose secret it is
    "NAS密码 Birch!Lane-73",
    "GitLab令牌 q7Vd2LmX9sPb4RtK8wNz",
    # a code that opens something, then its digits with only a space between
    "alarm code 70315",
    "bank card pin 280417",
    # a login, maybe a user name, then a value with a symbol no user name holds
    "my Hulu login is Copper#Fox82",
    "网盘登录 zhao_min88 Yunpan@5521",
]


@pytest.mark.parametrize("text", REFUSED)
def test_a_secret_written_the_way_a_list_or_a_note_writes_it_is_refused(text: str) -> None:
    assert find_runtime_data([text]) is not None, text


STORED = [
    "NAS密码 忘了",  # no value
    "GPIO pin 17",  # a pin of a board
    "error code 40412",  # not a code that opens something
    "the gate code 2024-05-01 notice",  # a date
    "login: mei_lin_07",  # a user name
    "login with mei@example.org",  # an e-mail address
]


@pytest.mark.parametrize("text", STORED)
def test_look_alikes_of_those_are_stored(text: str) -> None:
    assert find_runtime_data([text]) is None, text


def test_a_cue_dropped_as_a_tags_repeat_still_names_the_next_cues_value() -> None:
    # The filter drops the cue "alarm code" (a tag says it); the gates read the cues as
    # proposed, so the code after it is still seen as one.
    memory = candidate(
        text="The user arms the house alarm every night.",
        tags=["alarm code", "home security"],
        identity={"subject": "house alarm"},
        type="stable_user_context",
        cues=["night routine", "alarm code", "70315", "burglar"],
    )
    decision = evaluate(memory, "conv-1", CONFIG)
    assert not decision.accepted and "PIN" in decision.detail, decision.detail


def test_a_slot_the_filter_drops_is_not_read_and_costs_nothing() -> None:
    # A template slot or a filler token among the cues is dropped and the memory stored:
    # what the detectors read as proposed leaves out what the filter calls a slot.
    for slot in ("<YOUR_API_KEY>", "ghp_" + "x" * 36):
        memory = candidate(text="The user likes oolong tea.", cues=["afternoon snack", slot])
        decision = evaluate(memory, "conv-1", CONFIG)
        assert decision.accepted, (slot, decision.detail)
        assert decision.candidate is not None and decision.candidate.cues == ["afternoon snack"]
