"""LlamaIndex without a LangChain model: extraction through the app's own LLM, agents, tools.

Written as LlamaIndex's docs write apps (``Memory.from_defaults``, ``SimpleChatEngine``,
``FunctionAgent``, ``AgentWorkflow``, ``Context``), on each store. The LLMs are offline:
``ScriptedLLM`` answers with scripted JSON, LlamaIndex's ``MockFunctionCallingLLM`` runs
a scripted tool-calling conversation.
"""

import json
from collections.abc import Iterator, Sequence
from typing import Any

import pytest
from agent_scripts import ASK_TEA, STATE_TEA, TEA
from llama_index.core.agent.workflow import AgentWorkflow, FunctionAgent
from llama_index.core.base.llms.types import ChatMessage, MessageRole, ToolCallBlock
from llama_index.core.chat_engine import SimpleChatEngine
from llama_index.core.llms.mock import MockFunctionCallingLLM
from llama_index.core.memory import Memory
from llama_index.core.workflow import Context

from memory_plugins import ConfigurationError, MemoryConfig, MemoryEngine
from memory_plugins.adapters.llamaindex import (
    LlamaIndexExtractor,
    LongTermMemoryBlock,
    memory_function_tools,
)
from memory_plugins.extraction import ExtractionQueue
from memory_plugins.testing import FrozenClock, ScriptedLLM

# LlamaIndex's workflows read every attribute of an agent when they build it, pydantic's
# deprecated ones included: noise from the library, not from this package.
pytestmark = [
    pytest.mark.filterwarnings("ignore::pydantic.warnings.PydanticDeprecatedSince20"),
    pytest.mark.filterwarnings("ignore::pydantic.warnings.PydanticDeprecatedSince211"),
]

PREFERENCE = {
    k: v for k, v in TEA.items() if k not in ("action", "source_signal", "conflict_signal")
}
KEY = "user_preference:prefer-oolong-tea"
API_KEY = "sk-proj-4fJq9XzT2LmB7vKp1RwY8sNc3HdE6GaU"


def _extract(prompt: str) -> str:
    """The extraction LLM: the preference when the user stated it, else nothing."""
    stated = "remember: I drink oolong" in prompt
    return json.dumps({"candidates": [TEA] if stated else []})


def _chat_answers(prompt: str) -> str:
    return "Oolong." if "Which tea" in prompt else "Noted."


@pytest.fixture
def engine(app_store: Any, config: MemoryConfig, clock: FrozenClock) -> MemoryEngine:
    return MemoryEngine(app_store, config, clock=clock)


@pytest.fixture
def extraction_llm() -> ScriptedLLM:
    return ScriptedLLM(responses=[_extract], cycle=True)


@pytest.fixture
def queue(engine: MemoryEngine, extraction_llm: ScriptedLLM) -> Iterator[ExtractionQueue]:
    with ExtractionQueue(engine, LlamaIndexExtractor(extraction_llm)) as queue:
        yield queue


def _outcomes(queue: ExtractionQueue) -> list[str]:
    return [str(o) for _, res in queue.results for o in res]


def test_chat_engine_extracts_through_its_own_llm(
    engine: MemoryEngine, queue: ExtractionQueue, extraction_llm: ScriptedLLM
) -> None:
    llm = ScriptedLLM(responses=[_chat_answers], cycle=True)
    block = LongTermMemoryBlock(engine=engine, user_id="alice", queue=queue)
    memory = Memory.from_defaults(session_id="session-1", memory_blocks=[block])
    chat_engine = SimpleChatEngine.from_defaults(memory=memory, llm=llm)
    assert str(chat_engine.chat(STATE_TEA)) == "Noted."
    assert block.remember_session(memory) == 1  # after each answer: queue what is new
    assert block.remember_session(memory) == 0  # ...and each turn once
    assert queue.flush(5.0)
    assert _outcomes(queue) == ["added"]
    assert "memory_candidates" in extraction_llm.prompts[0]  # the S1 schema was asked for

    memory = Memory.from_defaults(session_id="session-2", memory_blocks=[block])
    chat_engine = SimpleChatEngine.from_defaults(memory=memory, llm=llm)
    assert str(chat_engine.chat(ASK_TEA)) == "Oolong."
    assert TEA["text"] in llm.prompts[-1]


def test_unparsable_or_extra_fields_are_counted_and_gated(engine: MemoryEngine) -> None:
    extra = json.dumps({"candidates": [{**TEA, "mood": "happy"}]})
    llm = ScriptedLLM(responses=["Sure, I will remember!", extra])
    extractor = LlamaIndexExtractor(llm)
    with ExtractionQueue(engine, extractor) as queue:
        from memory_plugins.extraction import TurnInput

        queue.submit(TurnInput("alice", "c-1", STATE_TEA, "Noted."))
        queue.submit(TurnInput("alice", "c-1", STATE_TEA + " Really.", "Noted."))
        assert queue.flush(5.0)
        assert _outcomes(queue) == ["rejected(schema)"]  # the undeclared field is not dropped
    assert extractor.stats.get("malformed") == 1
    with pytest.raises(ConfigurationError, match="LlamaIndex LLM"):
        LlamaIndexExtractor(object())  # type: ignore[arg-type]


def _tool_call(name: str, args: dict[str, Any], call_id: str) -> ChatMessage:
    block = ToolCallBlock(tool_call_id=call_id, tool_name=name, tool_kwargs=args)
    return ChatMessage(role=MessageRole.ASSISTANT, blocks=[block])


def _script(*steps: ChatMessage | str) -> tuple[Any, list[list[ChatMessage]]]:
    """A function-calling LLM that answers ``steps`` in order; and what it was sent."""
    seen: list[list[ChatMessage]] = []
    pending = list(steps)

    def answer(messages: Sequence[ChatMessage], **kwargs: Any) -> ChatMessage:
        seen.append(list(messages))
        step = pending.pop(0)
        if isinstance(step, str):
            return ChatMessage(role=MessageRole.ASSISTANT, content=step)
        return step

    return MockFunctionCallingLLM(response_generator=answer), seen


def _texts(messages: list[ChatMessage]) -> str:
    return "\n".join(m.content or "" for m in messages)


def _tool_outputs(handler_result: Any) -> list[str]:
    return [call.tool_output.content for call in handler_result.tool_calls]


async def test_function_agent_with_the_block_and_the_tools(
    engine: MemoryEngine, queue: ExtractionQueue
) -> None:
    llm, seen = _script(_tool_call("remember", PREFERENCE, "t1"), "I'll remember that.")
    block = LongTermMemoryBlock(engine=engine, user_id="alice", queue=queue)
    tools = memory_function_tools(engine, user_id="alice", conversation_id="session-1")
    agent = FunctionAgent(tools=tools, llm=llm, system_prompt="You are a helpful assistant.")
    memory = Memory.from_defaults(session_id="session-1", memory_blocks=[block])

    result = await agent.run(user_msg=STATE_TEA, memory=memory)
    assert str(result) == "I'll remember that."
    assert _tool_outputs(result) == [f"stored (added): {KEY}"]
    # The agent reads its memory once more after the answer: the block queued the turn then.
    assert queue.flush(5.0)
    assert _outcomes(queue) == ["duplicate"]  # the tool stored it first; extraction agrees
    assert await block.aremember_session(memory) == 0  # nothing left to queue

    llm, seen = _script("Oolong.")
    agent = FunctionAgent(tools=tools, llm=llm, system_prompt="You are a helpful assistant.")
    memory = Memory.from_defaults(session_id="session-2", memory_blocks=[block])
    assert str(await agent.run(user_msg=ASK_TEA, memory=memory)) == "Oolong."
    assert TEA["text"] in _texts(seen[0])
    assert TEA["text"] not in _texts(await memory.aget_all())  # never in the chat history


async def test_agent_workflow_tools_take_the_user_from_the_context(engine: MemoryEngine) -> None:
    secret = {**PREFERENCE, "type": "stable_user_context", "identity": {"subject": "openai key"}}
    secret["text"] = f"The user's OpenAI API key is {API_KEY}."
    llm, _ = _script(
        _tool_call("remember", PREFERENCE, "t1"),
        _tool_call("remember", secret, "t2"),
        "Stored what I could.",
    )
    tools = memory_function_tools(engine)  # the user comes from each run's Context
    workflow = AgentWorkflow.from_tools_or_functions(tools, llm=llm, system_prompt="Be brief.")
    ctx = Context(workflow)
    await ctx.store.set("user_id", "alice")
    await ctx.store.set("conversation_id", "session-3")
    result = await workflow.run(user_msg=f"Remember I drink oolong; my key is {API_KEY}", ctx=ctx)
    stored, refused = _tool_outputs(result)
    assert stored == f"stored (added): {KEY}"
    assert refused.startswith("not stored: runtime_data") and API_KEY not in refused
    assert [r.key for r in engine.list_records("alice", "all")] == [KEY]

    # Bob's run, with alice's key in the arguments: nothing of alice's is reachable.
    llm, _ = _script(
        _tool_call("recall", {"query": "oolong tea"}, "b1"),
        _tool_call("suppress", {"key": KEY}, "b2"),
        _tool_call("suppress", {"key": KEY, "user_id": "alice"}, "b3"),
        "Nothing found.",
    )
    workflow = AgentWorkflow.from_tools_or_functions(tools, llm=llm)
    ctx = Context(workflow)
    await ctx.store.set("user_id", "bob")
    answers = _tool_outputs(await workflow.run(user_msg="What does alice drink?", ctx=ctx))
    recalled, suppressed, named = answers
    assert recalled == "No stored memory about the user matches this query."
    assert suppressed.startswith("not found")
    assert named.startswith("not done: suppress takes no argument 'user_id'")
    assert [r.status.value for r in engine.list_records("alice")] == ["active"]


async def test_tools_without_a_user_fail_loudly(engine: MemoryEngine) -> None:
    llm, _ = _script(_tool_call("recall", {"query": "tea"}, "x1"), "ok")
    workflow = AgentWorkflow.from_tools_or_functions(memory_function_tools(engine), llm=llm)
    result = await workflow.run(user_msg="What do I drink?")
    [output] = _tool_outputs(result)
    assert "ctx.store.set('user_id'" in output  # the agent reports the tool error
    with pytest.raises(ConfigurationError, match="MemoryEngine"):
        memory_function_tools(object())  # type: ignore[arg-type]
