"""The write gates on a blind probe of shapes: the same kinds of value written the many ways
people and models write them, in English and Chinese (a few in Traditional characters).

``tests/data/detection/structprobe_*.jsonl`` (provenance in the README there): 400
memories by a run given only ``structprobe_task.md``, labels the run's own: secrets,
identifiers of 29 countries and benign look-alikes, each in one of twelve shapes (named far
before the value or only after it, in parentheses, in a list, a Markdown table, a config
fragment, shorthand, across a line break, quoted, misspelt). Split once by a hash of each
case id before any detector was adjusted on it; the sealed part is pinned by checksum and
its counts are bounds that may only fall; the tuning part's exact counts are pinned.
"""

import pytest
from corpus_parts import CONFIG, assert_sealed_split, decide, within, wrong_in

from memory_plugins.gates import evaluate

SEALED_SHA256 = "664475d6fbe02e7fa1780c104fb1239348f58590a5bc565e64fab995e3fcb284"


def test_the_sealed_part_is_the_one_split_off_before_tuning() -> None:
    assert_sealed_split("structprobe", SEALED_SHA256, {"secret", "pii", "benign"})


def test_sealed_part_counts_may_only_fall() -> None:
    wrong, shown = wrong_in("structprobe", "sealed", {"secret": 42, "pii": 53, "benign": 99})
    # As the gates were when the probe came: 9 secrets, 6 identifiers stored, 9 benign
    # refused; after its tuning part's rules: 7, 6, 9.
    # After a shop's, a clinic's or a practice's own line (not a mobile) counted as the public's: 7, 6, 8.
    # After the sixteenth to nineteenth probes' rounds (named later, generated values, fines): 6, 6, 8.
    # After an identifier of a kind the memory names anywhere, and a plate in a memory that names one (test_kind_named_anywhere.py): 6, 5, 9.
    assert within(wrong, (6, 5, 9)), shown


def test_tuning_part_counts_are_pinned() -> None:
    wrong, shown = wrong_in("structprobe", "tuning", {"secret": 58, "pii": 47, "benign": 101})
    # Before its rules: 14 secrets, 2 identifiers stored, 12 benign refused. Left stored: a
    # router's user and password given as "admin / …" and called its login after; a key
    # split across a line break; a Chinese address typed with spaces between its numbers
    # and words (reading it refused an office's address in another probe's sealed part, so
    # it stays unread). Left refused: AWS's documentation example
    # key, an order number in a table, toll-free and shared-cost hotlines (a generator's
    # test data gives people such numbers), a shop's and an office's phone, and a product
    # key's format written with X's.
    # After a shop's, a clinic's or a practice's own line (not a mobile) counted as the public's: 2, 1, 4.
    # After unlock and pickup codes in more languages and a default administrator's login counted: 1, 1, 4.
    # After public lines written with their country's code, a business register named after a copula of another language, the invoice's word in more languages and Sweden's test person number (test_public_lines_and_invoices.py): 1, 1, 3.
    assert wrong == (1, 1, 3), shown


@pytest.mark.parametrize(
    "text",
    [
        # Traditional Chinese, read as Simplified.
        "我的 Facebook 密碼是 Taipei#2046，別告訴別人",
        # "Password" misspelt; 码 typed as its homophone 吗.
        "the router pasword: Maple-Leaf-92",
        "家里 wifi 密吗是 Sunflower#88",
        # A PIN or a password named right after its value.
        "He opens the gate with 4417, the PIN his landlord gave him.",
        "She signs in with Juniper&2031 — her Outlook password.",
        "她输入 902316，这是她招行信用卡的密码。",
        # A password under a table's column of that name.
        "| site | login | password |\n|---|---|---|\n| intranet | j.wong | Harbour-lights-73! |",
        # Recovery codes named, then listed further on.
        "Backup codes (printed when she set up two-factor login): 7f3a-21bc, 99d0-4e1f, 0c7b-a2e9",
        "备份码——K7QPD、M2XR9、Z8TWC、Q4NLS",
        # A safe's combination in Chinese; a Chinese code's name in an English sentence.
        "保险柜：4–9–1–7–7–3",
        "The 门禁密码 of her office building is 7788#",
        # A password as its sentence's subject, the value given after a long clause.
        "The password her brother, who runs the family's shop in Leeds, uses for the till "
        "is Marmite&Toast44",
        "La contraseña que su padre, que siempre la olvida, usa para el banco es Gazpacho#2027",
    ],
)
def test_secrets_in_more_shapes_are_refused(text: str) -> None:
    accepted, detail = decide("structprobe", text)
    assert not accepted, (text, detail)


@pytest.mark.parametrize(
    "text",
    [
        # A Kubernetes reference to a secret's entry: the name holds a nested block.
        "env:\n  - name: REDIS_PASSWORD\n    valueFrom:\n      secretKeyRef:\n"
        "        name: redis-auth\n        key: password",
        # A public resolver's address, and small numbers a slash lists.
        "测网速时 ping 的是公共 DNS（223.5.5.5），延迟 12 毫秒。",
        "支持的系统版本：Android 10/11/12/13/14",
        # Years, counts and a PIN pad: no value named after them.
        "She printed her backup codes in 2021, 2022 and 2023.",
        "Room 4821, the PIN pad by the door is broken.",
        "In 2024, the PIN of the card was changed.",
        # A password's tool or rule as the subject, not a password.
        "The password manager the user pays for, after a long trial, is Bitwarden2024!",
        # A question's 吗 is no 码.
        "这个要保密吗？我觉得 2024 年再说",
    ],
)
def test_look_alikes_in_more_shapes_are_stored(text: str) -> None:
    accepted, detail = decide("structprobe", text)
    assert accepted, (text, detail)


def test_a_tag_naming_placeholders_on_a_memory_about_them_is_its_topic() -> None:
    candidate = {
        "type": "project_context",
        "text": "部署文档里写的是 ACCESS_KEY=<YOUR_ACCESS_KEY>（占位符，部署时换成自己的）。",
        "tags": ["部署", "占位符"],
        "confidence": 0.85,
        "stability": "stable",
        "identity": {"subject": "部署文档"},
        "action": "add",
        "source_signal": "explicit_memory_intent",
        "reason": "项目配置说明",
        "conflict_signal": False,
    }
    assert evaluate(candidate, "conv-1", CONFIG).accepted
    # the same tag alone, on a memory about something else, is still a slot left empty
    other = {**candidate, "text": "用户习惯把部署步骤写进文档。"}
    assert not evaluate(other, "conv-1", CONFIG).accepted
