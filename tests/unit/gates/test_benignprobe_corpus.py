"""The write gates on a blind probe of benign look-alikes: harmless memories full of
technical strings and numbers, with a few secrets and identifiers in the same contexts.

``tests/data/detection/benignprobe_*.jsonl`` (provenance in the README there): 320
memories a separate model run wrote from a description of what the gates refuse and
accept alone; it never saw the gates' code, tests or corpora. The labels are its own.
Split once by a hash of each case id before any detector was adjusted on it; the sealed
part is pinned by checksum and its counts are bounds that may only fall; the tuning part's
exact counts are pinned.
"""

import pytest
from corpus_parts import assert_sealed_split, decide, within, wrong_in

SEALED_SHA256 = "4099cc960c6e0e10eea221993a6d257fc31d39e2b50155f418b4368154c30ee3"


def test_the_sealed_part_is_the_one_split_off_before_tuning() -> None:
    assert_sealed_split("benignprobe", SEALED_SHA256, {"secret", "pii", "benign"})


def test_sealed_part_counts_may_only_fall() -> None:
    wrong, shown = wrong_in("benignprobe", "sealed", {"secret": 21, "pii": 12, "benign": 122})
    # Measured once as built: 2 secrets and 0 identifiers stored, 9 benign texts refused;
    # after the rules its tuning part led to (below): 2, 0 and 8; after the second and the
    # developer probes' rules: 6; after a chat platform's channel, server or thread named
    # before its number (a Discord snowflake): 5.
    # After seed words of exactly a phrase's length read field by field, a connection string's password holding "#", keys as a provider's documentation prints them and a token's prefix with the rest masked (test_documented_examples.py): 1, 0, 5.
    assert within(wrong, (1, 0, 5)), shown


def test_tuning_part_counts_are_pinned() -> None:
    wrong, shown = wrong_in("benignprobe", "tuning", {"secret": 11, "pii": 16, "benign": 138})
    # As built: 2 secrets and 5 identifiers stored, 14 benign texts refused; 2 after its
    # rules, 1 after the second probe's (a company's unified social credit code named as
    # the company's); none since a tag naming placeholders ("占位符") on a memory about
    # them counts as its topic.
    assert wrong == (0, 0, 0), shown


@pytest.mark.parametrize(
    "text",
    [
        # A template slot quoted as code is quoted, not unfilled.
        "The user writes example keys as `<your-api-key>` in every README.",
        # A shell expansion's message, an instruction in prose, a secret's name as a value.
        "The user's compose file has `DB_PASSWORD: ${DB_PASSWORD:?set it first}`.",
        "用户在 `.env.example` 里写 `API_SECRET=请填写你自己的密钥`。",
        "The user's Woodpecker pipeline reads `from_secret: deploy_token`.",
        # Digests named by their algorithm: an image's, a package's integrity.
        "The user pins `node:20-alpine@sha256:0f3c2a9be8d4e71c5a66b1f07d2e9c43a8b5d6e7f1029384756abcdef0123456`.",
        "The user's lockfile has integrity `sha384-oqVuAfXRKap7fdgcCY5uykM6+R9GqQ8K/uxy9rx7HNQlGYl1kPzQho1wx4JwY8wC`.",
        # A thing's own number: a receipt's, a meeting's, a bank's; a date in parentheses.
        "用户仓库的入库单号是 RK202411051234。",
        "The user's standup is Zoom meeting ID `962 5513 4408`.",
        "The vendor's bank routing number is 021000021.",
        "用户从时间戳 `1717200000`（2024-06-01 00:00:00 UTC）开始统计。",
        # "on-call" is a rota, not a call.
        "The user's on-call bridge number is 258 248 829 211.",
    ],
)
def test_look_alikes_are_stored(text: str) -> None:
    accepted, detail = decide("benignprobe", text)
    assert accepted, (text, detail)


@pytest.mark.parametrize(
    "text",
    [
        # In a Markdown code span.
        "The user's personal e-mail is `maria.lopez82@gmail.com`.",
        "用户的香港身份证号码是 `K608812(3)`。",
        # A password given on a command line, to an option or a config directive.
        "用户登录跳板机用 `sshpass -p 'Tq7#mZp2Lx9' ssh ops@10.0.0.5`。",
        "The user runs `mysqldump --password=Vx9$kq2Lm7 shop`.",
        "The user's Redis config says `requirepass 9fK#2mLq_x7`.",
        "The user signs APKs with `keytool -storepass Xk8#mQ2pLz`.",
        # What a label is for, between it and the value.
        "The user's car registration for the staff car park is `KD71 RXP`.",
        # A default given to a password's expansion is still a password.
        "The user's compose file has `DB_PASSWORD: ${DB_PASSWORD:-Hunter2x!}`.",
    ],
)
def test_secrets_and_identifiers_in_the_same_contexts_are_refused(text: str) -> None:
    accepted, detail = decide("benignprobe", text)
    assert not accepted, (text, detail)
