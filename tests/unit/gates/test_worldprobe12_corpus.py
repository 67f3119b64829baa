"""The write gates on a twelfth blind probe in the same 28 languages: a third run of the
sixth probe's task, personal identifiers in eight placements and two other spellings, and
look-alikes (``worldprobe12_task.md``, the sixth's task with its own ids).

``tests/data/detection/worldprobe12_*.jsonl`` (provenance in the README there): 420
memories by a run given only that task, labels the run's own. Split once by a hash of each
case id. No rule has been written from its sealed part; of its tuning part, only the
benign texts it refused were read, for the rules that read a thing's word in a number's
clause. The sealed part is pinned by checksum and its counts are bounds that may only
fall; the tuning part's exact counts are pinned.
"""

from corpus_parts import assert_sealed_split, within, wrong_in

SEALED_SHA256 = "a18e955539e693ba6a08932cc81fd481a900924093d735a663efa82b2468dd6e"


def test_the_sealed_part_is_the_one_split_off_before_tuning() -> None:
    assert_sealed_split("worldprobe12", SEALED_SHA256, {"pii", "benign"})


def test_sealed_part_counts_may_only_fall() -> None:
    wrong, shown = wrong_in("worldprobe12", "sealed", {"pii": 145, "benign": 68})
    # As the gates were at the start of the session that made the probe: 36 identifiers
    # stored, 4 benign refused; when it came (after the ninth probe's tuning rules): 35, 4.
    # After a thing's word in the value's clause or right after it read by every detector: 34, 3.
    # After a business code's label earlier in its clause before a place of business, Italian partnerships, Hungarian offices, Turkey's VKN and Russia's KPP counted as businesses': 34, 2.
    # After values given "now" or "as" a password, named after a colon and a demonstrative, plates in a parking pass's list, labels before a clause set off by dashes, and more labels and registers (test_now_as_and_parking_lists.py): 32, 2.
    # After the sixteenth to nineteenth probes' rounds (named later, generated values, fines): 29, 2.
    # After an identifier of a kind the memory names anywhere, and a plate in a memory that names one (test_kind_named_anywhere.py): 15, 2.
    # After a street in a memory that names a home anywhere (test_kind_named_anywhere.py): 12, 2.
    assert within(wrong, (12, 2)), shown


def test_tuning_part_counts_are_pinned() -> None:
    wrong, shown = wrong_in("worldprobe12", "tuning", {"pii": 135, "benign": 72})
    # As found: 22 identifiers stored, 9 benign refused; when it came: 20, 9. Its benign
    # refusals were read (nothing else of it) for the rules of a thing's word in the value's clause or right after it read by every detector: 19, 4.
    # After the round of secrets and identifiers written as people write them (test_written_as_people_write.py): 14, 4.
    # After a Japanese account's kind before its digits, a Czech driving licence's everyday name and a Hungarian plate's adjective counted: 11, 4.
    # After a building's number in Arabic and the user's address named in Arabic counted: 10, 4.
    # After rules from this part (the sixteenth to nineteenth probes' rounds): 9, 4.
    # After the twentieth and twenty-first probes' round (test_gate_pass_plates_and_proxy_links.py): 8, 4.
    # After an identifier of a kind the memory names anywhere, and a plate in a memory that names one (test_kind_named_anywhere.py): 5, 4.
    # After a street in a memory that names a home anywhere (test_kind_named_anywhere.py): 2, 4.
    # After public lines written with their country's code, a business register named after a copula of another language, the invoice's word in more languages and Sweden's test person number (test_public_lines_and_invoices.py): 2, 3.
    assert wrong == (2, 3), shown
