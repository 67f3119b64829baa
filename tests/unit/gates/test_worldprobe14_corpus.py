"""The write gates on a fourteenth blind probe in the same 28 languages: a fifth run of the
fifth probe's task, secrets only, ten a language in all eight shapes, and five look-alikes
(``worldprobe14_task.md``, the fifth's task with its own ids).

``tests/data/detection/worldprobe14_*.jsonl`` (provenance in the README there): 420 memories
by a run given only that task, labels the run's own. Split once by a hash of each case id
before anything was measured on it; no rule was written from its sealed part, rules from its
tuning part since the round of values given "now" or "as"
(``test_now_as_and_parking_lists.py``). The sealed part is pinned by checksum and its counts
are bounds that may only fall; the tuning part's exact counts are pinned.
"""

from corpus_parts import assert_sealed_split, within, wrong_in

SEALED_SHA256 = "a49ade9c39185d6e444afe83c21a544a4e4d83ffb441ff99399ae20699729f98"


def test_the_sealed_part_is_the_one_split_off_before_tuning() -> None:
    assert_sealed_split("worldprobe14", SEALED_SHA256, {"secret", "benign"})


def test_sealed_part_counts_may_only_fall() -> None:
    wrong, shown = wrong_in("worldprobe14", "sealed", {"secret": 135, "benign": 73})
    # As the gates were at the start of the session that made the probe: 39 secrets
    # stored, 4 benign refused; when it came, after the round of secrets given after a
    # clause, misspelt in more ways or keyed where only the place is said: 33, 4.
    # After values given "now" or "as" a password, named after a colon and a demonstrative, plates in a parking pass's list, labels before a clause set off by dashes, and more labels and registers (test_now_as_and_parking_lists.py): 29, 4.
    # After the sixteenth to nineteenth probes' rounds (named later, generated values, fines): 27, 4.
    # After a code in a memory that names one anywhere (test_kind_named_anywhere.py): 22, 5.
    # After a code's word beside a door's, a gate's or a keypad's naming a code anywhere (test_kind_named_anywhere.py): 21, 5.
    # After a made value in a memory that names a password anywhere (test_password_memory.py): 7, 5.
    assert within(wrong, (7, 5)), shown


def test_tuning_part_counts_are_pinned() -> None:
    wrong, shown = wrong_in("worldprobe14", "tuning", {"secret": 145, "benign": 67})
    # As found: 25 secrets stored, 3 benign refused; when it came: 24, 3.
    # After values given "now" or "as" a password, named after a colon and a demonstrative, plates in a parking pass's list, labels before a clause set off by dashes, and more labels and registers (test_now_as_and_parking_lists.py): 9, 1.
    # After a code in a memory that names one anywhere (test_kind_named_anywhere.py): 7, 1.
    # After a code's word beside a door's, a gate's or a keypad's naming a code anywhere (test_kind_named_anywhere.py): 6, 1.
    # After seed words of exactly a phrase's length read field by field, a connection string's password holding "#", keys as a provider's documentation prints them and a token's prefix with the rest masked (test_documented_examples.py): 6, 0.
    # After a made value in a memory that names a password anywhere (test_password_memory.py): 2, 0.
    assert wrong == (2, 0), shown
