"""The extraction prompt is bounded by the detectors the engine's gates are configured with."""

import re

import pytest
from langgraph.store.memory import InMemoryStore

from memory_plugins import GateConfig, MemoryConfig, MemoryEngine
from memory_plugins.errors import ConfigurationError
from memory_plugins.extraction import ExtractionQueue, MemoryExtractor, TurnInput
from memory_plugins.gates import RejectCode
from memory_plugins.testing import ScriptedChatModel

SECRET = "0123456789abcdef"
SUMMARY = "The user plans a trip to Kyoto. The user's badge is TKT-4471-ZQ. The user likes tea."
PINNED = ("Answer in English.", "Badge TKT-4471-ZQ opens the lab.")


class BadgeDetector:
    """A user's own detector: the company's badge numbers are not to be remembered."""

    name = "company_badge"
    code = RejectCode.SENSITIVE

    def detect(self, text: str) -> str | None:
        return "company badge number" if re.search(r"TKT-\d{4}-[A-Z]{2}", text) else None


BADGES = GateConfig(enable=(BadgeDetector(),))


def _turn() -> TurnInput:
    return TurnInput(
        "alice",
        "c-1",
        "Remember that I like tea.",
        "Noted.",
        summary=SUMMARY,
        pinned_decisions=PINNED,
    )


def _sent_to_model(gates: GateConfig) -> str:
    engine = MemoryEngine(InMemoryStore(), MemoryConfig(principal_secret=SECRET, gates=gates))
    model = ScriptedChatModel(responses=['{"candidates": []}'])
    with ExtractionQueue(engine, MemoryExtractor(model), job_timeout=5.0) as queue:
        queue.submit(_turn())
        queue.flush()
    assert len(model.calls) == 1
    return "\n".join(str(message.content) for message in model.calls[0])


def test_a_detector_enabled_in_the_engine_config_removes_text_from_the_model_input() -> None:
    plain = _sent_to_model(GateConfig())
    assert "TKT-4471-ZQ" in plain  # the default detectors know nothing of badges

    bounded = _sent_to_model(BADGES)
    assert "TKT-4471-ZQ" not in bounded
    assert "Kyoto" in bounded and "likes tea" in bounded and "Answer in English." in bounded


def test_a_detector_disabled_in_the_engine_config_no_longer_bounds_the_prompt() -> None:
    summary = "The user can be reached on +44 20 7946 0958. Likes tea."
    turn = TurnInput("alice", "c-1", "Remember that I like tea.", "Noted.", summary=summary)
    engine = MemoryEngine(
        InMemoryStore(),
        MemoryConfig(
            principal_secret=SECRET, gates=GateConfig(disable=frozenset({"phone_number"}))
        ),
    )
    model = ScriptedChatModel(responses=['{"candidates": []}'])
    with ExtractionQueue(engine, MemoryExtractor(model), job_timeout=5.0) as queue:
        queue.submit(turn)
        queue.flush()
    sent = "\n".join(str(message.content) for message in model.calls[0])
    assert "+44 20 7946 0958" in sent
    default = MemoryExtractor(ScriptedChatModel(responses=[]))
    assert "+44 20 7946 0958" not in "\n".join(text for _, text in default.messages(turn))


def test_a_standalone_extractor_uses_its_own_gates() -> None:
    extractor = MemoryExtractor(ScriptedChatModel(responses=[]), gates=BADGES)
    sent = "\n".join(text for _, text in extractor.messages(_turn()))
    assert "TKT-4471-ZQ" not in sent and "Kyoto" in sent
    default = MemoryExtractor(ScriptedChatModel(responses=[]))
    assert "TKT-4471-ZQ" in "\n".join(text for _, text in default.messages(_turn()))


def test_extractor_gates_that_contradict_the_engine_are_refused_at_once() -> None:
    engine = MemoryEngine(InMemoryStore(), MemoryConfig(principal_secret=SECRET))
    extractor = MemoryExtractor(ScriptedChatModel(responses=[]), gates=BADGES)
    with pytest.raises(ConfigurationError, match="gates differ"):
        ExtractionQueue(engine, extractor)
    same = MemoryEngine(InMemoryStore(), MemoryConfig(principal_secret=SECRET, gates=BADGES))
    ExtractionQueue(same, extractor).close()


def test_extractor_gates_must_be_a_gate_config() -> None:
    with pytest.raises(ConfigurationError, match="GateConfig"):
        MemoryExtractor(ScriptedChatModel(responses=[]), gates=("company_badge",))  # type: ignore[arg-type]


def test_langgraph_memory_bounds_the_prompt_with_its_configured_gates() -> None:
    from memory_plugins.adapters.langgraph import LongTermMemory

    extractor_model = ScriptedChatModel(responses=['{"candidates": []}'])
    memory = LongTermMemory(
        MemoryConfig(principal_secret=SECRET, gates=BADGES), extractor=extractor_model
    )
    messages = [("user", "Remember that I like tea."), ("assistant", "Noted.")]
    state = {"summary": SUMMARY, "pinned_decisions": list(PINNED)}
    config = {"configurable": {"user_id": "alice", "thread_id": "t-1"}}
    store = InMemoryStore()  # kept: a collected store closes its engine and queue
    memory.queue_turn(messages, state, config, None, store)  # type: ignore[arg-type]
    assert memory.flush()
    memory.close()
    sent = "\n".join(str(message.content) for message in extractor_model.calls[0])
    assert "TKT-4471-ZQ" not in sent and "Kyoto" in sent
