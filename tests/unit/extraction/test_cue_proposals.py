"""Cues for records written before cues existed: bounded, resumable, through the gates."""

import json

import pytest
from langgraph.store.memory import InMemoryStore

from memory_plugins import ConfigurationError, MemoryConfig, MemoryEngine
from memory_plugins.extraction import MemoryExtractor
from memory_plugins.testing import ScriptedChatModel, candidate


def _engine_with(count: int) -> MemoryEngine:
    engine = MemoryEngine(InMemoryStore(), MemoryConfig(principal_secret="0123456789abcdef"))
    for i in range(count):
        engine.remember(
            "u",
            [
                candidate(
                    text=f"The user collects stamp series {i}.",
                    tags=[f"series{i}", "stamps"],
                    identity={"subject": f"stamp series {i}", "polarity": "prefer"},
                )
            ],
            source_conversation_id=f"c-{i}",
        )
    return engine


def _answer(ids: range, cues: list[str]) -> str:
    return json.dumps({"cues": [{"id": f"m{i}", "cues": cues} for i in ids]})


def test_cues_are_proposed_in_bounded_batches_and_a_second_call_resumes() -> None:
    engine = _engine_with(3)
    model = ScriptedChatModel(
        [_answer(range(1, 3), ["post office", "集邮"]), _answer(range(1, 2), ["philately"])]
    )
    first = engine.propose_cues("u", MemoryExtractor(model), limit=2)
    assert (first.asked, first.updated, first.remaining) == (2, 2, 1)
    second = engine.propose_cues("u", MemoryExtractor(model), limit=2)
    assert (second.asked, second.updated, second.remaining) == (1, 1, 0)
    assert sorted(r.cues for r in engine.list_records("u")) == [
        ("philately",),
        ("post office", "集邮"),
        ("post office", "集邮"),
    ]
    # The model saw only the memories, never more than the limit.
    assert len(model.calls) == 2 and "m3" not in model.calls[0][1].content
    # Nothing left: no model call at all.
    assert engine.propose_cues("u", MemoryExtractor(model), limit=2).asked == 0
    assert len(model.calls) == 2


def test_proposed_cues_pass_the_same_gates_and_filter() -> None:
    engine = _engine_with(1)
    model = ScriptedChatModel([_answer(range(1, 2), ["stamps", "post office"])])
    engine.propose_cues("u", MemoryExtractor(model), limit=5)
    [record] = engine.list_records("u")
    assert record.cues == ("post office",)  # a tag duplicate is dropped
    assert record.history and record.history[-1].event == "updated"


def test_a_proposal_holding_a_secret_leaves_the_record_as_it_was() -> None:
    engine = _engine_with(1)
    model = ScriptedChatModel([_answer(range(1, 2), ["AKIAZ7QW3RTY5UIO8PLK", "post office"])])
    report = engine.propose_cues("u", MemoryExtractor(model), limit=5)
    [record] = engine.list_records("u")
    assert report.updated == 0 and record.cues == ()  # refused by the gates, as a tag would be


def test_an_unreadable_answer_writes_nothing() -> None:
    engine = _engine_with(1)
    report = engine.propose_cues("u", MemoryExtractor(ScriptedChatModel(["no idea"])), limit=5)
    assert report.malformed and report.updated == 0
    assert engine.list_records("u")[0].cues == ()


@pytest.mark.parametrize("limit", [0, 51, True, "3"])
def test_the_batch_size_is_bounded(limit: object) -> None:
    engine = _engine_with(1)
    with pytest.raises(ConfigurationError, match="limit"):
        engine.propose_cues("u", MemoryExtractor(ScriptedChatModel([])), limit=limit)  # type: ignore[arg-type]


async def test_the_async_twin_proposes_cues_too() -> None:
    engine = _engine_with(1)
    model = ScriptedChatModel([_answer(range(1, 2), ["post office"])])
    report = await engine.apropose_cues("u", MemoryExtractor(model), limit=5)
    assert report.updated == 1 and engine.list_records("u")[0].cues == ("post office",)
