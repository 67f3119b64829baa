"""The write gates on a seventeenth blind probe in the same 28 languages: a fifth run of the
sixth probe's task, personal identifiers in eight placements and two other spellings, and
look-alikes (``worldprobe17_task.md``, the sixth's task with its own ids).

``tests/data/detection/worldprobe17_*.jsonl`` (provenance in the README there): 420
memories by a run given only that task, labels the run's own. Split once by a hash of each
case id before anything was measured on it; no rule was written from its sealed part,
rules from its tuning part since the round of codes named later in their sentence. The
sealed part is pinned by checksum and its counts are bounds that may only fall; the tuning
part's exact counts are pinned.
"""

from corpus_parts import assert_sealed_split, within, wrong_in

SEALED_SHA256 = "d261528c24ae57e779f6c4e14de9eb4d494fc76406f61e09150df5660d1ceff4"


def test_the_sealed_part_is_the_one_split_off_before_tuning() -> None:
    assert_sealed_split("worldprobe17", SEALED_SHA256, {"pii", "benign"})


def test_sealed_part_counts_may_only_fall() -> None:
    wrong, shown = wrong_in("worldprobe17", "sealed", {"pii": 138, "benign": 78})
    # As the gates were at the start of the session that made the probe, and after its
    # first round: 23 identifiers stored, 8 benign refused; when it came, after its second
    # (plates in a parking pass's list, labels before a dash-set phrase): 21, 8.
    # After the sixteenth to nineteenth probes' rounds (named later, generated values, fines): 20, 7.
    # After an identifier of a kind the memory names anywhere, and a plate in a memory that names one (test_kind_named_anywhere.py): 16, 8.
    # After a street in a memory that names a home anywhere (test_kind_named_anywhere.py): 15, 8.
    # After public lines written with their country's code, a business register named after a copula of another language, the invoice's word in more languages and Sweden's test person number (test_public_lines_and_invoices.py): 15, 7.
    assert within(wrong, (15, 7)), shown


def test_tuning_part_counts_are_pinned() -> None:
    wrong, shown = wrong_in("worldprobe17", "tuning", {"pii": 142, "benign": 62})
    # As found and after the first round: 17 identifiers stored, 8 benign refused; when it
    # came: 14, 8.
    # After rules from this part (the sixteenth to nineteenth probes' rounds): 2, 1.
    assert wrong == (2, 1), shown
