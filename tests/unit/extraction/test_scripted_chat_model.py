"""``ScriptedChatModel``: a real LangChain chat model for offline tests."""

import subprocess
import sys

import pytest
from langchain_core.language_models.chat_models import BaseChatModel
from langchain_core.messages import AIMessage, HumanMessage
from langchain_core.tools import tool
from pydantic import BaseModel

from memory_plugins.testing import ScriptedChatModel


class Answer(BaseModel):
    value: int


@tool
def add(a: int, b: int) -> int:
    """Add two integers."""
    return a + b


def test_is_a_base_chat_model_answering_in_order() -> None:
    model = ScriptedChatModel(responses=["one", AIMessage(content="two")])

    assert isinstance(model, BaseChatModel)
    assert [model.invoke("a").content, model.invoke("b").content] == ["one", "two"]
    with pytest.raises(RuntimeError, match="ran out of responses"):
        model.invoke("c")


def test_records_every_input() -> None:
    model = ScriptedChatModel(responses=["x", "y"])
    model.invoke([("system", "be brief"), ("human", "hello")])
    model.invoke("again")

    assert [[m.content for m in call] for call in model.calls] == [["be brief", "hello"], ["again"]]
    assert isinstance(model.calls[1][0], HumanMessage)


def test_callables_exceptions_and_cycling() -> None:
    model = ScriptedChatModel(
        responses=[lambda messages: f"saw {messages[-1].content}", ValueError("boom")], cycle=True
    )
    assert model.invoke("ping").content == "saw ping"
    with pytest.raises(ValueError, match="boom"):
        model.invoke("x")
    assert model.invoke("pong").content == "saw pong"


def test_bind_tools_records_the_tools_and_returns_tool_calls() -> None:
    call = AIMessage(content="", tool_calls=[{"name": "add", "args": {"a": 1, "b": 2}, "id": "t1"}])
    model = ScriptedChatModel(responses=[call])
    result = model.bind_tools([add], tool_choice="any").invoke("1+2?")

    assert result.tool_calls[0]["args"] == {"a": 1, "b": 2}
    assert model.call_kwargs[0]["tools"][0]["function"]["name"] == "add"
    assert model.call_kwargs[0]["tool_choice"] == "any"


def test_structured_output_for_pydantic_and_dict_schemas() -> None:
    model = ScriptedChatModel(responses=['{"value": 4}', '```json\n{"value": 5}\n```'])

    assert model.with_structured_output(Answer).invoke("2+2").value == 4
    schema = {"title": "answer", "type": "object", "properties": {"value": {"type": "integer"}}}
    assert model.with_structured_output(schema, method="json_mode").invoke("2+3") == {"value": 5}


def test_structured_output_with_raw_reports_parse_errors() -> None:
    model = ScriptedChatModel(responses=["not json"])
    result = model.with_structured_output(Answer, include_raw=True).invoke("?")

    assert result["parsed"] is None
    assert result["raw"].content == "not json"
    assert result["parsing_error"] is not None


async def test_async_invoke() -> None:
    model = ScriptedChatModel(responses=["async answer"])
    assert (await model.ainvoke("hi")).content == "async answer"


@pytest.mark.parametrize(
    "statement",
    [
        "import memory_plugins",
        "import memory_plugins.testing",
        "import memory_plugins.extraction",
        "from memory_plugins.extraction import ExtractionQueue, MemoryExtractor, derive_candidate",
    ],
)
def test_imports_load_no_langchain(statement: str) -> None:
    code = (
        f"{statement}\nimport sys\n"
        "bad = sorted(m for m in sys.modules if m.split('.')[0] in "
        "('langchain_core', 'langchain_openai', 'langchain', 'openai'))\n"
        "print(','.join(bad))"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    )
    assert result.stdout.strip() == ""


def test_extraction_public_names_are_pinned() -> None:
    from memory_plugins import extraction

    assert extraction.__all__ == [
        "CANDIDATES_SCHEMA",
        "CUE_INSTRUCTIONS",
        "ELIGIBLE_TURN_KINDS",
        "SYSTEM_PROMPT",
        "BoundedTurn",
        "Extraction",
        "ExtractionMethod",
        "ExtractionQueue",
        "JobResult",
        "MemoryExtractor",
        "TurnInput",
        "bound_turn",
        "derive_candidate",
        "estimate_tokens",
        "is_eligible",
        "parse_response",
        "promote_pinned_decisions",
        "render_messages",
    ]
    assert all(hasattr(extraction, name) for name in extraction.__all__)
