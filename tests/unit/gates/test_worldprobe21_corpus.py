"""The write gates on a twenty-first blind probe in the same 28 languages: a seventh run of
the sixth probe's task, personal identifiers only, ten a language and five look-alikes
(``worldprobe21_task.md``, the sixth's task with its own ids).

``tests/data/detection/worldprobe21_*.jsonl`` (provenance in the README there): 420
memories by a run given only that task, labels the run's own. Split once by a hash of each
case id before anything was measured on it; no rule was written from its sealed part,
rules from its tuning part in the round of gate passes and proxy links. The sealed part is
pinned by checksum and its counts are bounds that may only fall; the tuning part's exact
counts are pinned.
"""

from corpus_parts import assert_sealed_split, within, wrong_in

SEALED_SHA256 = "e5d0d70a12f940633cc59597551278e5fb5ee0b013a76254e30dd7a1a717432f"


def test_the_sealed_part_is_the_one_split_off_before_tuning() -> None:
    assert_sealed_split("worldprobe21", SEALED_SHA256, {"pii", "benign"})


def test_sealed_part_counts_may_only_fall() -> None:
    wrong, shown = wrong_in("worldprobe21", "sealed", {"pii": 148, "benign": 76})
    # As found (the gates at the start of the session that made the probe): 23 identifiers
    # stored, 3 benign refused; after the rules from this part and the twentieth's: 22, 3.
    # After an identifier of a kind the memory names anywhere, and a plate in a memory that names one (test_kind_named_anywhere.py): 16, 3.
    assert within(wrong, (16, 3)), shown


def test_tuning_part_counts_are_pinned() -> None:
    wrong, shown = wrong_in("worldprobe21", "tuning", {"pii": 132, "benign": 64})
    # As found: 18 identifiers stored, 2 benign refused; after the rules from this part and
    # the twentieth's (test_gate_pass_plates_and_proxy_links.py): 6, 0.
    # After an identifier of a kind the memory names anywhere, and a plate in a memory that names one (test_kind_named_anywhere.py): 5, 0.
    assert wrong == (5, 0), shown
