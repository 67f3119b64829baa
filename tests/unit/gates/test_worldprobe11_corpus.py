"""The write gates on an eleventh blind probe in the same 28 languages: names and tokens
that mix letters, digits and symbols and are no secret (user names, hashtags, networks'
and products' names, promo codes, files, references, formulas, placeholders), twelve a
language in nine families, and three secrets a language as controls
(``worldprobe11_task.md``).

``tests/data/detection/worldprobe11_*.jsonl`` (provenance in the README there): 420
memories by a run given only that task, labels the run's own. Split once by a hash of each
case id before any detector was adjusted on it; the sealed part is pinned by checksum and
its counts are bounds that may only fall; the tuning part's exact counts are pinned.
"""

from corpus_parts import assert_sealed_split, within, wrong_in

SEALED_SHA256 = "ddddc1b5f3d1ae4f84dc1ba35d00080df2d262c65e762e1c58c626fd3fb47f71"


def test_the_sealed_part_is_the_one_split_off_before_tuning() -> None:
    assert_sealed_split("worldprobe11", SEALED_SHA256, {"secret", "benign"})


def test_sealed_part_counts_may_only_fall() -> None:
    wrong, shown = wrong_in("worldprobe11", "sealed", {"secret": 42, "benign": 168})
    # As the gates were at the start of the session that made the probe: 12 secrets
    # stored, 4 benign refused; when it came (after a made password's shape alone): 9, 4;
    # after the tenth probe's rules: 8, 4.
    # After a PIN's or a password's name near its digits in either order: 7, 4.
    assert within(wrong, (7, 4)), shown


def test_tuning_part_counts_are_pinned() -> None:
    wrong, shown = wrong_in("worldprobe11", "tuning", {"secret": 42, "benign": 168})
    # As found: 17 secrets stored, 6 benign refused; when it came: 16, 6; after the tenth
    # probe's rules: 13, 6. Left refused: template slots with letters ("XX/2025"), a
    # hashtag after a password's word in Hindi, a password's example in Czech, a generic
    # tax number published for tests.
    # After a PIN's or a password's name near its digits in either order: 12, 6.
    assert wrong == (12, 6), shown
