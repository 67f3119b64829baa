"""Pinned-decision promotion and ``derive_candidate``: deterministic, gate-ready candidates."""

import pytest
from langgraph.store.memory import InMemoryStore

from memory_plugins import ConfigurationError, MemoryConfig, MemoryEngine
from memory_plugins.extraction import derive_candidate, promote_pinned_decisions
from memory_plugins.extraction.promotion import derive_subject, derive_tags, derive_type
from memory_plugins.gates import evaluate

CONFIG = MemoryConfig(principal_secret="extraction-tests-secret-0123456789")
FILLER = ("用户", "记住", "以后", "remember", "Remember", "please", "always", "我")

DECISIONS = [
    "以后回答都用中文，技术名词保留英文",
    "记住：以后解释技术问题先用大白话",
    "用户喜欢吃桃子",
    "我是前端工程师，主要用 Windows 和 PowerShell",
    "不要凭空发明不存在的项目功能",
    "部署前先跑完整测试再合并",
    "长期记忆不要保存完整聊天历史",
    "Remember: I use Vim for everything",
    "We decided to use PostgreSQL for storage.",
    "Use pnpm, never npm, in the React monorepo",
    "Always answer in British English",
    "I don't like cilantro",
    "Be conservative with database migrations: take a backup first",
    "The product roadmap is planned per quarter",
]


@pytest.mark.parametrize("decision", DECISIONS)
def test_derived_candidates_pass_every_gate(decision: str) -> None:
    candidate = derive_candidate(decision)
    decision_ = evaluate(candidate, "c-1", CONFIG)

    assert decision_.accepted, (decision, decision_.code, decision_.detail)
    assert candidate["confidence"] == 0.85
    assert candidate["source_signal"] == "pinned_decision"
    assert 2 <= len(candidate["tags"]) <= 4


@pytest.mark.parametrize("decision", DECISIONS)
def test_derivation_is_deterministic_and_subjects_drop_filler(decision: str) -> None:
    assert derive_candidate(decision) == derive_candidate(decision)
    subject = derive_candidate(decision)["identity"]["subject"]
    assert subject and len(subject) <= 40
    assert not subject.startswith(FILLER)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("以后回答都用中文", "communication_preference"),
        ("Keep replies concise", "communication_preference"),
        ("我不喜欢香菜", "user_preference"),
        ("I love spicy food", "user_preference"),
        ("Never deploy on Fridays", "recurring_constraint"),
        ("禁止在生产库上直接改数据", "recurring_constraint"),
        ("Be cautious with risky refactors", "risk_preference"),
        ("提交前先格式化代码再推送", "workflow_preference"),
        ("The repo uses a monorepo layout", "project_context"),
        ("I work as a data engineer", "stable_user_context"),
        ("Run the linter before asking for review", "standing_instruction"),
    ],
)
def test_type_rules(text: str, expected: str) -> None:
    assert derive_type(text).value == expected


def test_user_preferences_carry_a_polarity() -> None:
    assert derive_candidate("我不喜欢香菜")["identity"] == {"subject": "香菜", "polarity": "avoid"}
    assert derive_candidate("用户喜欢吃桃子")["identity"] == {
        "subject": "桃子",
        "polarity": "prefer",
    }
    assert "polarity" not in derive_candidate("Never deploy on Fridays")["identity"]


def test_type_override_and_other_signals() -> None:
    candidate = derive_candidate(
        "Caroline is a transgender woman",
        type="stable_user_context",
        confidence=0.9,
        source_signal="implicit_stable_preference",
    )
    assert candidate["type"] == "stable_user_context"
    assert candidate["confidence"] == 0.9
    assert candidate["source_signal"] == "implicit_stable_preference"
    assert evaluate(candidate, "c-1", CONFIG).accepted


def test_bad_type_or_signal_is_misuse() -> None:
    with pytest.raises(ConfigurationError):
        derive_candidate("x y", type="favourite_colour")
    with pytest.raises(ConfigurationError):
        derive_candidate("x y", source_signal="gut_feeling")


def test_subjects_and_tags() -> None:
    assert derive_subject("记住：以后解释技术问题先用大白话") == "解释技术问题先用大白话"
    assert derive_subject("Remember: I use Vim for everything") == "Vim for everything"
    assert derive_subject("x" * 100) == "x" * 40
    assert derive_tags("Use pnpm, never npm, in the React monorepo") == [
        "pnpm",
        "npm",
        "React",
        "monorepo",
    ]
    assert "喜欢" not in derive_tags("用户喜欢吃桃子")  # common words make poor anchors


def test_only_new_or_changed_decisions_are_promoted() -> None:
    previous = ["Use pnpm", "Deploy with Docker"]
    current = ["use  PNPM", "Deploy with Docker Compose", "Review on Mondays"]

    assert [c["text"] for c in promote_pinned_decisions(current, previous)] == [
        "Deploy with Docker Compose",
        "Review on Mondays",
    ]
    assert promote_pinned_decisions(previous, previous) == []


def test_promotion_looks_at_the_five_most_recent_decisions() -> None:
    current = [f"Rule number {n} for the Acme project" for n in range(8)]
    texts = [c["text"] for c in promote_pinned_decisions(current)]
    assert texts == current[3:]


def test_promoted_decisions_go_through_the_same_gates() -> None:
    engine = MemoryEngine(InMemoryStore(), CONFIG)
    candidates = promote_pinned_decisions(
        [
            "Use pnpm, never npm",
            "The staging password is hunter2hunter2",
            "Run the full test suite before merging any branch " * 7,
        ]
    )
    outcomes = engine.remember("alice", candidates, source_conversation_id="c-1")

    assert [str(o) for o in outcomes] == [
        "added",
        "rejected(runtime_data)",
        "rejected(text_too_long)",
    ]
