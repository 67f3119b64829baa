"""The write gates on a twentieth blind probe in the same 28 languages: an eighth run of
the fifth probe's task, secrets only, ten a language in all eight shapes, and five
look-alikes (``worldprobe20_task.md``, the fifth's task with its own ids).

``tests/data/detection/worldprobe20_*.jsonl`` (provenance in the README there): 420
memories by a run given only that task, labels the run's own. Split once by a hash of each
case id before anything was measured on it; no rule was written from its sealed part,
rules from its tuning part in the round of gate passes and proxy links. The sealed part is
pinned by checksum and its counts are bounds that may only fall; the tuning part's exact
counts are pinned.
"""

from corpus_parts import assert_sealed_split, within, wrong_in

SEALED_SHA256 = "8b069b8fa3d35ae0cfb13a6baa490f0d4d4bdabe23981ea9af9b6777785dbdc5"


def test_the_sealed_part_is_the_one_split_off_before_tuning() -> None:
    assert_sealed_split("worldprobe20", SEALED_SHA256, {"secret", "benign"})


def test_sealed_part_counts_may_only_fall() -> None:
    wrong, shown = wrong_in("worldprobe20", "sealed", {"secret": 139, "benign": 85})
    # As found (the gates at the start of the session that made the probe): 22 secrets
    # stored, 4 benign refused; after the rules from this part and the twenty-first's: the
    # same.
    # After a code in a memory that names one anywhere (test_kind_named_anywhere.py): 17, 4.
    # After a code's word beside a door's, a gate's or a keypad's naming a code anywhere (test_kind_named_anywhere.py): 16, 4.
    # After seed words of exactly a phrase's length read field by field, a connection string's password holding "#", keys as a provider's documentation prints them and a token's prefix with the rest masked (test_documented_examples.py): 16, 3.
    # After a made value in a memory that names a password anywhere (test_password_memory.py): 13, 3.
    # After a list's items set off by hyphen or number bullets, and parcel lockers named in more languages (test_bulleted_lists.py): 12, 3.
    assert within(wrong, (12, 3)), shown


def test_tuning_part_counts_are_pinned() -> None:
    wrong, shown = wrong_in("worldprobe20", "tuning", {"secret": 141, "benign": 55})
    # As found: 22 secrets stored, 1 benign refused; after the rules from this part and the
    # twenty-first's (test_gate_pass_plates_and_proxy_links.py): 12, 0.
    # After a code in a memory that names one anywhere (test_kind_named_anywhere.py): 9, 0.
    # After a code's word beside a door's, a gate's or a keypad's naming a code anywhere (test_kind_named_anywhere.py): 7, 0.
    # After a made value in a memory that names a password anywhere (test_password_memory.py): 4, 0.
    # After a list's items set off by hyphen or number bullets, and parcel lockers named in more languages (test_bulleted_lists.py): 3, 0.
    assert wrong == (3, 0), shown
