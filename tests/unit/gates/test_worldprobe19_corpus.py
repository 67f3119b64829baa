"""The write gates on a nineteenth blind probe in the same 28 languages: a sixth run of the
sixth probe's task, personal identifiers only, ten a language and five look-alikes
(``worldprobe19_task.md``, the sixth's task with its own ids).

``tests/data/detection/worldprobe19_*.jsonl`` (provenance in the README there): 420
memories by a run given only that task, labels the run's own. Split once by a hash of each
case id before anything was measured on it; no rule was written from its sealed part,
rules from its tuning part in the round of traffic fines and short labels. The sealed part
is pinned by checksum and its counts are bounds that may only fall; the tuning part's
exact counts are pinned.
"""

from corpus_parts import assert_sealed_split, within, wrong_in

SEALED_SHA256 = "66a5ed40f66585c997e7cd36a39034bf3833afc33faad72b0ff1260eb8b5ea08"


def test_the_sealed_part_is_the_one_split_off_before_tuning() -> None:
    assert_sealed_split("worldprobe19", SEALED_SHA256, {"pii", "benign"})


def test_sealed_part_counts_may_only_fall() -> None:
    wrong, shown = wrong_in("worldprobe19", "sealed", {"pii": 142, "benign": 61})
    # As found (the gates at the start of the session that made the probe): 26 identifiers
    # stored, 6 benign refused; after the rules from the sixteenth to eighteenth probes'
    # tuning parts: 26, 5; after those from this part too: 25, 5.
    # After an identifier of a kind the memory names anywhere, and a plate in a memory that names one (test_kind_named_anywhere.py): 13, 5.
    # After a street in a memory that names a home anywhere (test_kind_named_anywhere.py): 9, 5.
    assert within(wrong, (9, 5)), shown


def test_tuning_part_counts_are_pinned() -> None:
    wrong, shown = wrong_in("worldprobe19", "tuning", {"pii": 138, "benign": 79})
    # As found: 24 identifiers stored, 4 benign refused; after the rules from the sixteenth
    # to eighteenth probes' tuning parts: 24, 2; after those from this part too: 9, 1.
    # After the twentieth and twenty-first probes' round (test_gate_pass_plates_and_proxy_links.py): 8, 1.
    # After an identifier of a kind the memory names anywhere, and a plate in a memory that names one (test_kind_named_anywhere.py): 3, 1.
    # After a street in a memory that names a home anywhere (test_kind_named_anywhere.py): 1, 1.
    assert wrong == (1, 1), shown
