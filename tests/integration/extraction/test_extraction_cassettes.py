"""Recorded model exchanges replayed offline: the gates act on what the model proposed.

Each cassette in ``cassettes/`` holds real HTTP exchanges between ``ChatOpenAI`` and an
OpenAI-compatible endpoint (see ``cassettes/README.md``). The network is blocked: a
request missing from a cassette fails the test instead of going out.
"""

import json
from typing import Any

import pytest
import yaml
from extraction_replay_support import (
    BASE_URL,
    CASSETTES,
    FILTERED_HEADERS,
    SCENARIOS,
    scenario_turns,
)
from langchain_openai import ChatOpenAI

from memory_plugins import MemoryEngine, OutcomeStatus, RecordStatus, RejectCode
from memory_plugins.extraction import ExtractionQueue, MemoryExtractor, TurnInput
from memory_plugins.outcomes import WriteOutcome

pytestmark = pytest.mark.block_network


def run_queue(
    engine: MemoryEngine, model: ChatOpenAI, turns: list[TurnInput], method: str = "json_schema"
) -> tuple[ExtractionQueue, list[list[WriteOutcome]]]:
    queue = ExtractionQueue(engine, MemoryExtractor(model, method=method), job_timeout=5.0)
    for turn in turns:
        assert queue.submit(turn) is True
    assert queue.flush(10.0)
    queue.close()
    return queue, [outcomes for _, outcomes in queue.results]


def sent_messages(cassette: Any, index: int = 0) -> list[dict[str, Any]]:
    """The messages the model received in the ``index``-th recorded request."""
    messages: list[dict[str, Any]] = json.loads(cassette.requests[index].body)["messages"]
    return messages


def all_store_text(engine: MemoryEngine) -> str:
    store = engine.store
    items = [
        item.value
        for ns in store.list_namespaces(prefix=())
        for item in store.search(ns, limit=1000)
    ]
    return json.dumps(items, ensure_ascii=False)


@pytest.mark.vcr("remember_zh.yaml")
def test_explicit_chinese_memory_is_added(
    engine: MemoryEngine, chat_model: ChatOpenAI, vcr: Any
) -> None:
    turn = scenario_turns("remember_zh")[0]
    queue, [outcomes] = run_queue(engine, chat_model, [turn])

    assert [str(o) for o in outcomes] == ["added"]
    [record] = engine.list_records(turn.principal)
    assert record.key == "user_preference:prefer-桃子"
    assert record.text == "用户喜欢吃桃子。"
    assert record.source_conversation_id == turn.conversation_id
    assert queue.stats.get("outcome_added") == 1
    assert vcr.play_count == 1
    # The model saw the user's words in its own section, the assistant's answer last.
    human = sent_messages(vcr)[1]["content"]
    assert human.index(turn.user_text) < human.index(turn.assistant_text)


@pytest.mark.vcr("remember_en.yaml")
def test_explicit_english_memory_is_added(engine: MemoryEngine, chat_model: ChatOpenAI) -> None:
    turn = scenario_turns("remember_en")[0]
    _, [outcomes] = run_queue(engine, chat_model, [turn])

    assert [str(o) for o in outcomes] == ["added"]
    assert outcomes[0].key == "communication_preference:technical-explanations--plain-words-first"


@pytest.mark.vcr("remember_en.yaml")
async def test_async_extraction_replays(engine: MemoryEngine, chat_model: ChatOpenAI) -> None:
    turn = scenario_turns("remember_en")[0]
    candidates = await MemoryExtractor(chat_model).aextract(turn)
    outcomes = await engine.aremember(
        turn.principal, candidates, source_conversation_id=turn.conversation_id
    )
    assert [str(o) for o in outcomes] == ["added"]


@pytest.mark.vcr("remember_en_function_calling.yaml")
def test_tool_calling_method_yields_the_same_path(
    engine: MemoryEngine, chat_model: ChatOpenAI, vcr: Any
) -> None:
    turn = scenario_turns("remember_en_function_calling")[0]
    _, [outcomes] = run_queue(engine, chat_model, [turn], method="function_calling")

    assert [str(o) for o in outcomes] == ["added"]
    assert outcomes[0].key == "stable_user_context:frontend-engineer--windows-powershell"
    assert json.loads(vcr.requests[0].body)["tools"][0]["function"]["name"] == "memory_candidates"


@pytest.mark.vcr("nothing_to_keep.yaml")
def test_turn_with_nothing_worth_keeping_writes_nothing(
    engine: MemoryEngine, chat_model: ChatOpenAI
) -> None:
    turn = scenario_turns("nothing_to_keep")[0]
    queue, [outcomes] = run_queue(engine, chat_model, [turn])

    assert outcomes == []
    assert engine.list_records(turn.principal, "all") == []
    assert queue.stats.get("processed") == 1
    assert queue.stats.get("malformed") == 0


@pytest.mark.vcr("suppression.yaml")
def test_retraction_suppresses_the_stored_record(
    engine: MemoryEngine, chat_model: ChatOpenAI
) -> None:
    remember, retract = scenario_turns("suppression")
    _, results = run_queue(engine, chat_model, [remember, retract])

    assert [[str(o) for o in outcomes] for outcomes in results] == [["added"], ["suppressed"]]
    assert engine.list_records(remember.principal) == []
    [record] = engine.list_records(remember.principal, "suppressed")
    assert record.key == "user_preference:prefer-芒果"
    assert record.status is RecordStatus.SUPPRESSED
    assert record.suppressed_by == retract.conversation_id
    assert record.text == "用户喜欢吃芒果。"  # suppression marks; it never rewrites or deletes


@pytest.mark.vcr("extra_field.yaml")
def test_undeclared_field_is_a_schema_rejection(
    engine: MemoryEngine, chat_model: ChatOpenAI
) -> None:
    turn = scenario_turns("extra_field")[0]
    queue, [outcomes] = run_queue(engine, chat_model, [turn])

    [outcome] = outcomes
    assert outcome.status is OutcomeStatus.REJECTED
    assert outcome.code is RejectCode.SCHEMA
    assert "source_quote" in outcome.detail
    assert engine.list_records(turn.principal, "all") == []
    assert queue.stats.get("outcome_rejected(schema)") == 1


@pytest.mark.vcr("malformed.yaml")
def test_prose_instead_of_json_is_counted_not_raised(
    engine: MemoryEngine, chat_model: ChatOpenAI, caplog: pytest.LogCaptureFixture
) -> None:
    turn = scenario_turns("malformed")[0]
    queue, [outcomes] = run_queue(engine, chat_model, [turn])

    assert outcomes == []
    assert queue.stats.get("malformed") == 1
    assert queue.stats.get("model_errors") == 0
    assert "malformed model output" in caplog.text
    assert engine.list_records(turn.principal, "all") == []


@pytest.mark.vcr("temporary.yaml")
def test_temporary_state_is_rejected(engine: MemoryEngine, chat_model: ChatOpenAI) -> None:
    turn = scenario_turns("temporary")[0]
    _, [outcomes] = run_queue(engine, chat_model, [turn])

    assert [str(o) for o in outcomes] == ["rejected(temporary)"]
    assert engine.list_records(turn.principal, "all") == []


@pytest.mark.vcr("secret.yaml")
def test_secret_never_reaches_the_store(engine: MemoryEngine, chat_model: ChatOpenAI) -> None:
    turn = scenario_turns("secret")[0]
    _, [outcomes] = run_queue(engine, chat_model, [turn])

    assert [str(o) for o in outcomes] == ["rejected(runtime_data)"]
    assert engine.list_records(turn.principal, "all") == []
    assert "sk-proj-" not in all_store_text(engine)


@pytest.mark.parametrize("name", sorted(SCENARIOS))
def test_cassette_is_replayable_and_holds_no_credentials(name: str) -> None:
    path = CASSETTES / f"{name}.yaml"
    text = path.read_text(encoding="utf-8")
    interactions = yaml.safe_load(text)["interactions"]

    assert len(interactions) == len(SCENARIOS[name]["turns"])
    for interaction in interactions:
        request = interaction["request"]
        assert request["uri"] == f"{BASE_URL}/chat/completions"
        assert not {h.lower() for h in request["headers"]} & set(FILTERED_HEADERS)
        assert interaction["response"]["status"]["code"] == 200
    lowered = text.lower()
    assert all(f"{header}:" not in lowered for header in FILTERED_HEADERS)
    assert "bearer " not in lowered


@pytest.mark.vcr("nothing_to_keep.yaml")
def test_a_request_missing_from_the_cassette_never_goes_out(chat_model: ChatOpenAI) -> None:
    extractor = MemoryExtractor(chat_model)
    extractor.run(scenario_turns("nothing_to_keep")[0])  # the one recorded exchange
    with pytest.raises(Exception, match=r"(?i)cassette|network"):
        extractor.run(TurnInput("alice", "c-9", "An unrecorded question?", "An answer."))


def test_network_is_blocked_in_these_tests() -> None:
    import socket

    with pytest.raises(RuntimeError, match="Network is disabled"):
        socket.create_connection(("127.0.0.1", 18427), timeout=0.5)


@pytest.mark.vcr("remember_cues.yaml")
def test_cues_proposed_by_the_model_are_kept_by_the_program_and_recall_by_meaning(
    engine: MemoryEngine, chat_model: ChatOpenAI, vcr: Any
) -> None:
    turn = scenario_turns("remember_cues")[0]
    _, [outcomes] = run_queue(engine, chat_model, [turn])

    assert [str(o) for o in outcomes] == ["added"]
    [record] = engine.list_records(turn.principal)
    # "allergy" repeats a tag: dropped, the memory kept with the other cues.
    assert record.cues == ("dinner menu", "recipe", "snacks", "restaurant", "做菜", "餐厅")
    assert [h.record.key for h in engine.recall(turn.principal, "Plan a dinner menu for six").hits]
    # The request asked the model for cues: the prompt carries the cue instructions.
    assert '"cues": 0 to 8 short phrases' in sent_messages(vcr)[0]["content"]


@pytest.mark.vcr("remember_other_senses.yaml")
def test_other_senses_proposed_by_the_model_keep_a_word_in_another_sense_from_recalling(
    engine: MemoryEngine, chat_model: ChatOpenAI, vcr: Any
) -> None:
    turn = scenario_turns("remember_other_senses")[0]
    _, [outcomes] = run_queue(engine, chat_model, [turn])

    assert [str(o) for o in outcomes] == ["added"]
    [record] = engine.list_records(turn.principal)
    # "cat allergy" is the memory's own subject and "Caterpillar boots" shares no word with
    # it: both dropped, the memory kept with the other two.
    assert record.other_senses == ("cat command", "CAT scan")
    user = turn.principal
    assert engine.recall(user, "How do I use the cat command to join two files?").hits == ()
    explained = engine.explain(user, "How do I use the cat command to join two files?")
    assert [str(c.reason) for c in explained.considered] == ["other_sense"]
    # The same word in the memory's sense still recalls it.
    assert [h.record.key for h in engine.recall(user, "My friend has two cats; can I visit?").hits]
    # The request asked the model for other senses: the prompt carries their instructions.
    assert '"other_senses": 0 to 6 short phrases' in sent_messages(vcr)[0]["content"]
