"""The write gates on a sixteenth blind probe in the same 28 languages: a sixth run of the
fifth probe's task, secrets only, ten a language in all eight shapes, and five look-alikes
(``worldprobe16_task.md``, the fifth's task with its own ids).

``tests/data/detection/worldprobe16_*.jsonl`` (provenance in the README there): 420
memories by a run given only that task, labels the run's own. Split once by a hash of each
case id before anything was measured on it; no rule was written from its sealed part,
rules from its tuning part since the round of codes named later in their sentence. The
sealed part is pinned by checksum and its counts are bounds that may only fall; the tuning
part's exact counts are pinned.
"""

from corpus_parts import assert_sealed_split, within, wrong_in

SEALED_SHA256 = "c34a52614fe8cd959e2a21be2c8245e7e306908039558f9bb7c7be98e2ebcef7"


def test_the_sealed_part_is_the_one_split_off_before_tuning() -> None:
    assert_sealed_split("worldprobe16", SEALED_SHA256, {"secret", "benign"})


def test_sealed_part_counts_may_only_fall() -> None:
    wrong, shown = wrong_in("worldprobe16", "sealed", {"secret": 146, "benign": 71})
    # As the gates were at the start of the session that made the probe: 32 secrets
    # stored, 5 benign refused; after that session's first round (secrets given after a
    # clause): 29, 5; when it came, after its second (values given "now" or "as", plates in
    # a parking pass's list): 26, 5.
    # After the sixteenth to nineteenth probes' rounds (named later, generated values, fines): 24, 5.
    # After a code in a memory that names one anywhere (test_kind_named_anywhere.py): 20, 5.
    # After a made value in a memory that names a password anywhere (test_password_memory.py): 18, 5.
    assert within(wrong, (18, 5)), shown


def test_tuning_part_counts_are_pinned() -> None:
    wrong, shown = wrong_in("worldprobe16", "tuning", {"secret": 134, "benign": 69})
    # As found: 23 secrets stored, 3 benign refused; after the first round: 23, 3; when it
    # came: 22, 3.
    # After rules from this part (the sixteenth to nineteenth probes' rounds): 6, 1.
    # After seed words of exactly a phrase's length read field by field, a connection string's password holding "#", keys as a provider's documentation prints them and a token's prefix with the rest masked (test_documented_examples.py): 5, 0.
    # After a made value in a memory that names a password anywhere (test_password_memory.py): 4, 0.
    assert wrong == (4, 0), shown
