"""Triggers over a real store: explicit references, implicit domain streaks, corrections."""

import uuid
from datetime import timedelta
from typing import Any

from memory_plugins import MemoryConfig
from memory_plugins.config import SliceConfig
from memory_plugins.slices import ActivationReason, SliceMemory, find_explicit_reference
from memory_plugins.testing import FrozenClock


def later(clock: FrozenClock) -> None:
    clock.advance(timedelta(minutes=5))


def test_explicit_reference_loads_the_last_matching_anchor_and_its_snapshot(
    any_store: Any, config: MemoryConfig, clock: FrozenClock
) -> None:
    slices = SliceMemory(any_store, config, clock=clock)
    slices.observe("ann", "帮我写三封催款邮件，每封不超过200字，语气委婉")
    later(clock)
    slices.observe("ann", "给我5个标题，每个不超过10个字")
    later(clock)
    turn = slices.observe("ann", "按上次的格式再写一封邮件，这次给供应商")
    # Three writing turns in a row also make an implicit activation; each says why.
    assert [a.reason for a in turn.activations] == [
        ActivationReason.EXPLICIT_REFERENCE,
        ActivationReason.IMPLICIT_DOMAIN,
    ]
    activation = turn.activations[0]
    assert activation.phrase == "按上次的格式"
    assert [a.key for a in activation.anchors] == [
        "generate:email"
    ]  # same target, not merely the latest
    assert [dict(s.data) for s in activation.snapshots] == [
        {"max_count": 3, "max_length": 200, "tone": "polite"}
    ]
    assert "按上次的格式" in activation.detail


def test_explicit_reference_without_a_target_takes_the_most_recent(
    any_store: Any, config: MemoryConfig, clock: FrozenClock
) -> None:
    slices = SliceMemory(any_store, config, clock=clock)
    slices.observe("ann", "Write two emails, no more than 150 words each")
    later(clock)
    slices.observe("ann", "Give me 5 taglines under 8 words each")
    later(clock)
    (activation,) = slices.observe("ann", "Same format as before, please").activations
    assert [a.key for a in activation.anchors] == ["generate:slogan"]
    assert [dict(s.data) for s in activation.snapshots] == [{"max_count": 5, "max_length": 8}]


def test_no_activation_without_a_reference_or_without_history(
    any_store: Any, config: MemoryConfig, clock: FrozenClock
) -> None:
    slices = SliceMemory(any_store, config, clock=clock)
    assert slices.observe("ann", "跟上次一样").activations == ()
    slices.observe("ann", "写三封邮件")
    assert slices.observe("bob", "like last time").activations == ()  # bob has no history
    assert slices.observe("ann", "再写一封邮件").activations == ()


def test_three_consecutive_turns_in_one_domain_load_its_recent_anchors(
    any_store: Any, clock: FrozenClock
) -> None:
    config = MemoryConfig(
        principal_secret="test-secret-0123456789",
        app=f"trig{uuid.uuid4().hex[:10]}",  # unique: the Postgres schema is shared by the session
        slices=SliceConfig(implicit_trigger_turns=3, implicit_trigger_anchors=2),
    )
    slices = SliceMemory(any_store, config, clock=clock)
    slices.observe("ann", "写一封邮件给客户", conversation_id="c0")  # another domain, another chat
    for text in ("帮我修改权利要求1", "检查一下说明书的格式", "把摘要翻译成英文"):
        later(clock)
        slices.observe("ann", text, conversation_id="c0")
    later(clock)
    first = slices.observe("ann", "解释一下什么是技术特征", conversation_id="c1")
    second = slices.observe("ann", "实施例写得太长了，精简一下", conversation_id="c1")
    assert first.activations == second.activations == ()
    third = slices.observe("ann", "独立权利要求和从属权利要求有什么区别", conversation_id="c1")
    (activation,) = third.activations
    assert activation.reason is ActivationReason.IMPLICIT_DOMAIN and activation.domain == "patent"
    assert [a.key for a in activation.anchors] == ["modify:embodiment", "explain:technical-feature"]
    assert "3 consecutive turns" in activation.detail


def test_a_turn_outside_the_domain_breaks_the_streak(
    any_store: Any, config: MemoryConfig, clock: FrozenClock
) -> None:
    slices = SliceMemory(any_store, config, clock=clock)
    for text in ("帮我修改权利要求1", "今天天气不错", "检查一下说明书", "解释一下实施例"):
        later(clock)
        turn = slices.observe("ann", text, conversation_id="c1")
    assert turn.activations == ()
    later(clock)
    turn = slices.observe("ann", "Rewrite claim 2", conversation_id="c1")
    assert [a.reason for a in turn.activations] == [ActivationReason.IMPLICIT_DOMAIN]


def test_correction_reports_the_violations_of_the_active_snapshot(
    any_store: Any, config: MemoryConfig, clock: FrozenClock
) -> None:
    slices = SliceMemory(any_store, config, clock=clock)
    slices.observe("ann", "给我4个口号，每个不超过12个字，用中文")
    assert slices.check("ann", "1. 好茶好水好心情\n2. 茶香四溢\n3. 品味人生") is None
    slices.feedback("ann", "regenerate", "snapshot", "generate:slogan")
    activation = slices.check(
        "ann", "1. Tea time\n2. 好茶\n3. 一杯清茶，半日悠闲，这就是生活的味道\n4. 茶\n5. 水"
    )
    assert activation is not None and activation.reason is ActivationReason.CORRECTION
    assert [v.field for v in activation.violations] == ["max_count", "max_length"]
    assert [r.key for r in activation.snapshots] == ["generate:slogan"]
    assert [dict(f.data)["kind"] for f in activation.feedback] == ["regenerate"]
    assert slices.check("ann", "1. a", key="generate:nothing") is None


def test_reference_phrases_in_both_languages() -> None:
    for text in ("按上次的格式来", "参考我之前提的要求", "跟上次一样就行", "like last time",
                 "same format as before", "Do it as I asked before"):  # fmt: skip
        assert find_explicit_reference(text), text
    for text in ("跟老板说一声", "上次见面很开心", "as soon as possible", "Write a formal email"):
        assert find_explicit_reference(text) is None, text
