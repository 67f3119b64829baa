"""The write gates on an eighteenth blind probe in the same 28 languages: a seventh run of
the fifth probe's task, secrets only, ten a language in all eight shapes, and five
look-alikes (``worldprobe18_task.md``, the fifth's task with its own ids).

``tests/data/detection/worldprobe18_*.jsonl`` (provenance in the README there): 420
memories by a run given only that task, labels the run's own. Split once by a hash of each
case id before anything was measured on it; no rule was written from its sealed part,
rules from its tuning part in the round of codes named later in their sentence. The sealed
part is pinned by checksum and its counts are bounds that may only fall; the tuning part's
exact counts are pinned.
"""

from corpus_parts import assert_sealed_split, within, wrong_in

SEALED_SHA256 = "095db1e343460c69d9a16360144ad125feb8dafe02510447db1cf376481d4b56"


def test_the_sealed_part_is_the_one_split_off_before_tuning() -> None:
    assert_sealed_split("worldprobe18", SEALED_SHA256, {"secret", "benign"})


def test_sealed_part_counts_may_only_fall() -> None:
    wrong, shown = wrong_in("worldprobe18", "sealed", {"secret": 139, "benign": 68})
    # As found (the gates at the start of the session that made the probe): 13 secrets
    # stored, 5 benign refused; after that session's rules, from its tuning part among
    # others: the same.
    # After a code in a memory that names one anywhere (test_kind_named_anywhere.py): 12, 5.
    # After a code's word beside a door's, a gate's or a keypad's naming a code anywhere (test_kind_named_anywhere.py): 10, 5.
    # After a list's items set off by hyphen or number bullets, and parcel lockers named in more languages (test_bulleted_lists.py): 9, 5.
    assert within(wrong, (9, 5)), shown


def test_tuning_part_counts_are_pinned() -> None:
    wrong, shown = wrong_in("worldprobe18", "tuning", {"secret": 141, "benign": 72})
    # As found: 22 secrets stored, 12 benign refused; after the rules from the sixteenth
    # and seventeenth probes' tuning parts: 18, 11; after those from this part too: 1, 2.
    assert wrong == (1, 2), shown
