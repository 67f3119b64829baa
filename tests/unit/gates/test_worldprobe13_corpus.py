"""The write gates on a thirteenth blind probe in the same 28 languages: a fourth run of the
fifth probe's task, secrets only, ten a language in all eight shapes, and five look-alikes
(``worldprobe13_task.md``, the fifth's task with its own ids).

``tests/data/detection/worldprobe13_*.jsonl`` (provenance in the README there): 420 memories
by a run given only that task, labels the run's own. Split once by a hash of each case id
before anything was measured on it; no rule was written from its sealed part, rules from its
tuning part since the round of secrets given after a clause
(``test_given_after_a_clause.py``). The sealed part is pinned by checksum and its counts are
bounds that may only fall; the tuning part's exact counts are pinned.
"""

from corpus_parts import assert_sealed_split, within, wrong_in

SEALED_SHA256 = "e51febf2a6d523f6069a7938b76bd8411c9c106106310eae074ee16a0d32055c"


def test_the_sealed_part_is_the_one_split_off_before_tuning() -> None:
    assert_sealed_split("worldprobe13", SEALED_SHA256, {"secret", "benign"})


def test_sealed_part_counts_may_only_fall() -> None:
    wrong, shown = wrong_in("worldprobe13", "sealed", {"secret": 134, "benign": 62})
    # As the gates were at the start of the session that made the probe: 37 secrets
    # stored, 5 benign refused; when it came, after the round of secrets and identifiers
    # written as people write them: 33, 5.
    # After a business code beside a place of business, or a number of a register only businesses are in, counted as the business's: 33, 4.
    # After passwords and PINs given after a clause or an adverb, more misspellings, codes opened "with" or keyed by a German separable verb, and recovery codes after a relative clause (test_given_after_a_clause.py): 30, 4.
    # After values given "now" or "as" a password, named after a colon and a demonstrative, plates in a parking pass's list, labels before a clause set off by dashes, and more labels and registers (test_now_as_and_parking_lists.py): 28, 4.
    # After the sixteenth to nineteenth probes' rounds (named later, generated values, fines): 27, 3.
    # After seed words of exactly a phrase's length read field by field, a connection string's password holding "#", keys as a provider's documentation prints them and a token's prefix with the rest masked (test_documented_examples.py): 26, 2.
    # After a made value in a memory that names a password anywhere (test_password_memory.py): 24, 2.
    assert within(wrong, (24, 2)), shown


def test_tuning_part_counts_are_pinned() -> None:
    wrong, shown = wrong_in("worldprobe13", "tuning", {"secret": 146, "benign": 78})
    # As found: 35 secrets stored, 5 benign refused; when it came: 31, 5.
    # After a business code beside a place of business, or a number of a register only businesses are in, counted as the business's: 31, 4.
    # After a business code's label earlier in its clause before a place of business, Italian partnerships, Hungarian offices, Turkey's VKN and Russia's KPP counted as businesses': 31, 3.
    # After passwords and PINs given after a clause or an adverb, more misspellings, codes opened "with" or keyed by a German separable verb, and recovery codes after a relative clause (test_given_after_a_clause.py): 4, 3.
    # After public lines written with their country's code, a business register named after a copula of another language, the invoice's word in more languages and Sweden's test person number (test_public_lines_and_invoices.py): 4, 2.
    assert wrong == (4, 2), shown
