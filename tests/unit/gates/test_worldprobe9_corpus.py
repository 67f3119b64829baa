"""The write gates on a ninth blind probe in the same 28 languages: a second run of the
sixth probe's task, personal identifiers in eight placements and two other spellings, and
look-alikes (``worldprobe9_task.md``, the sixth's task with its own ids).

``tests/data/detection/worldprobe9_*.jsonl`` (provenance in the README there): 420
memories by a run given only that task, labels the run's own. Split once by a hash of each
case id; no rule has been written from either part yet, so both parts measure the rules
on sentences they were not made from. The sealed part is pinned by checksum and its
counts are bounds that may only fall; the tuning part's exact counts are pinned.
"""

from corpus_parts import assert_sealed_split, within, wrong_in

SEALED_SHA256 = "328f3fb5f736fe3d3d491516c13eb6cbe025fb05fb32b209ab0be22bc260661b"


def test_the_sealed_part_is_the_one_split_off_before_tuning() -> None:
    assert_sealed_split("worldprobe9", SEALED_SHA256, {"pii", "benign"})


def test_sealed_part_counts_may_only_fall() -> None:
    wrong, shown = wrong_in("worldprobe9", "sealed", {"pii": 140, "benign": 66})
    # As the gates were at the start of the session that made the probe: 38 identifiers
    # stored, 8 benign refused; when it came (after the sixth, seventh and eighth probes'
    # rules): 31, 6.
    assert within(wrong, (31, 6)), shown


def test_tuning_part_counts_are_pinned() -> None:
    wrong, shown = wrong_in("worldprobe9", "tuning", {"pii": 140, "benign": 74})
    # As found: 38 identifiers stored, 6 benign refused; when it came: 31, 6.
    assert wrong == (31, 6), shown
