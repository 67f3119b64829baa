"""The write gates on a fifteenth blind probe in the same 28 languages: a fourth run of the
sixth probe's task, personal identifiers in eight placements and two other spellings, and
look-alikes (``worldprobe15_task.md``, the sixth's task with its own ids).

``tests/data/detection/worldprobe15_*.jsonl`` (provenance in the README there): 420 memories
by a run given only that task, labels the run's own. Split once by a hash of each case id
before anything was measured on it; no rule was written from its sealed part, rules from its
tuning part since the round of values given "now" or "as"
(``test_now_as_and_parking_lists.py``). The sealed part is pinned by checksum and its counts
are bounds that may only fall; the tuning part's exact counts are pinned.
"""

from corpus_parts import assert_sealed_split, within, wrong_in

SEALED_SHA256 = "a9135eb3bcfbca6d0b6a412348fe6bb91c1f200c6de309d9b45d9b7acd3d8b60"


def test_the_sealed_part_is_the_one_split_off_before_tuning() -> None:
    assert_sealed_split("worldprobe15", SEALED_SHA256, {"pii", "benign"})


def test_sealed_part_counts_may_only_fall() -> None:
    wrong, shown = wrong_in("worldprobe15", "sealed", {"pii": 133, "benign": 67})
    # As the gates were at the start of the session that made the probe, and when it came:
    # 20 identifiers stored, 3 benign refused.
    # After values given "now" or "as" a password, named after a colon and a demonstrative, plates in a parking pass's list, labels before a clause set off by dashes, and more labels and registers (test_now_as_and_parking_lists.py): 14, 2.
    # After an identifier of a kind the memory names anywhere, and a plate in a memory that names one (test_kind_named_anywhere.py): 9, 3.
    assert within(wrong, (9, 3)), shown


def test_tuning_part_counts_are_pinned() -> None:
    wrong, shown = wrong_in("worldprobe15", "tuning", {"pii": 147, "benign": 73})
    # As found and when it came: 21 identifiers stored, 6 benign refused.
    # After values given "now" or "as" a password, named after a colon and a demonstrative, plates in a parking pass's list, labels before a clause set off by dashes, and more labels and registers (test_now_as_and_parking_lists.py): 3, 3.
    # After the twentieth and twenty-first probes' round (test_gate_pass_plates_and_proxy_links.py): 2, 3.
    # After an identifier of a kind the memory names anywhere, and a plate in a memory that names one (test_kind_named_anywhere.py): 1, 3.
    assert wrong == (1, 3), shown
