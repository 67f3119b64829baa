"""The write gates on Nosey Parker's and Kingfisher's negative examples, labelled by us.

``tests/data/detection/negatives_*.jsonl`` (provenance and the labelling criterion in
``build_negatives_corpus.py`` and the README there): the strings those scanners' rules
must not match, each labelled by hand, before any detector ran on it, as holding a literal
credential (``secret``) or none (``benign``: placeholders, references, code that handles a
password, hosts, hashes). The figures depend on those labels. Split once by a hash of each
case id; the sealed part is pinned by checksum. It misses both targets (5 % of secrets
stored, 3 % of benign texts refused), so its counts are bounds that may only fall; the
tuning part's exact counts are pinned.
"""

from collections import Counter

import pytest
from corpus_parts import (
    CORPUS,
    assert_sealed_split,
    decide,
    decided_wrong,
    load,
)

from memory_plugins.cli import main
from memory_plugins.gates.textfold import fold

SEALED_SHA256 = "a54a151cf03c65635cad1a91ff5c021fa4125c1f513746248b200bb0fe47f6b7"


def test_the_sealed_part_is_the_one_split_off_before_tuning() -> None:
    assert_sealed_split("negatives", SEALED_SHA256, {"secret", "benign"})


def test_sealed_part_counts_may_only_fall() -> None:
    sealed = load("negatives", "sealed")
    assert Counter(c["category"] for c in sealed) == {"secret": 14, "benign": 32}
    wrong, shown = decided_wrong(sealed)
    # Measured once when the part was built (2 secrets stored, 11 benign refused), then
    # after the tuning part's rules: 2 and 10; after the rule-file probe's: 2 and 9; after
    # the second long-tail probe's: 2 and 8.
    assert wrong["secret"] <= 2, "\n".join(shown)
    assert wrong["benign"] <= 8, "\n".join(shown)


def test_tuning_part_counts_are_pinned() -> None:
    tuning = load("negatives", "tuning")
    assert Counter(c["category"] for c in tuning) == {"secret": 18, "benign": 39}
    wrong, shown = decided_wrong(tuning)
    # Of the 5 benign texts refused, 1 holds a lone template slot or "xxx…" and is refused
    # by the placeholder gate (S2), 4 a filler or pattern that these scanners' own rule
    # examples use as keys (a value of "a"s, "a1b2c3…", zeros ending in letters, "######").
    # 6 until a slot standing as a configuration line's value ("AccountKey=<…>") counted as
    # that line's, quoted; 7 until Ruby's "#{password}" counted as an interpolation.
    assert (wrong["secret"], wrong["benign"]) == (0, 5), "\n".join(shown)


def test_code_that_only_handles_a_password_is_stored() -> None:
    texts = (
        "echo 'password = '.$p['config']['daemon_password'].\"\\n\";",
        '<?php \\$pwd = \\$_POST[\\"password\\"]; ?>',
        'IAMUserChangePassword = "arn:aws:iam::aws:policy/IAMUserChangePassword"',
        '"/en/creating-a-strong-password":"/en/enterprise-server@3.0/auth"',
        '"password": "&lt;YOUR_PASSWORD&gt;"',
        "InstrumentationKey=00000000-0000-0000-0000-000000000000;EndpointSuffix=ai.contoso.com;",
        "REACT_APP_LOGIN_FORGOT_USERNAME=$REACT_APP_BASE_URL/classroom/#/forgot_username",
    )
    for text in texts:
        accepted, detail = decide("negatives", text)
        assert accepted, (text, detail)


def test_a_secret_in_doubly_escaped_quotes_is_refused() -> None:
    # JavaScript source held in a string literal: the quotes carry two backslashes.
    text = "gitalk = new Gitalk({clientSecret: \\\\'ca6819a54657af0d87960af15315319f8a628a53\\\\'})"
    assert not decide("negatives", text)[0]


def test_html_character_references_are_read_as_they_display() -> None:
    assert fold("&lt;key&gt; &#115;k-&amp;") == "<key> sk-&"
    assert fold("AT&T and R&D") == "AT&T and R&D"


def test_eval_says_which_gate_refused_the_benign_texts(
    capsys: pytest.CaptureFixture[str],
) -> None:
    corpus = CORPUS / "negatives_tuning.jsonl"
    assert main(["eval", "validation", str(corpus)]) == 0
    printed = capsys.readouterr().out
    assert "benign rejected                 5/39 = 12.8%" in printed, printed
    assert "benign rejected, by code      runtime_data 4, placeholder 1" in printed, printed
