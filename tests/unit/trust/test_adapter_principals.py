"""Adapters hand the engine the user exactly as the run names it: a verified ``Principal``
or a ``str`` id. A ``Principal`` reaches its own memories (not a namespace named after its
repr, which would change at the next key rotation); an ``int`` 42 is refused rather than
sharing the namespace of ``"42"``.
"""

from typing import Any

import pytest
from langchain_core.messages import HumanMessage
from langgraph.store.memory import InMemoryStore
from llama_index.core.base.llms.types import ChatMessage, MessageRole

from memory_plugins import MemoryConfig, MemoryEngine
from memory_plugins.adapters.langchain import memory_tools
from memory_plugins.adapters.langgraph import LongTermMemory
from memory_plugins.adapters.llamaindex import LongTermMemoryBlock, memory_function_tools
from memory_plugins.errors import WrongTypeError
from memory_plugins.principals import Principal
from memory_plugins.testing import candidate

CONFIG = MemoryConfig(principal_secret="0123456789abcdef")
VERIFIED = Principal("alice", issuer="https://id.example", kid="2026-03")
ROTATED = Principal("alice", issuer="https://id.example", kid="2026-04")
TEA = "The user likes oolong tea."


@pytest.fixture
def store() -> Any:
    store = InMemoryStore()
    MemoryEngine(store, CONFIG).remember(
        VERIFIED, [candidate(text=TEA)], source_conversation_id="c"
    )
    return store


def test_langgraph_recalls_the_memories_of_a_principal_in_the_context(store: Any) -> None:
    memory = LongTermMemory(CONFIG)
    ask = [HumanMessage("Which oolong tea should I brew?")]
    for principal in (VERIFIED, ROTATED):  # the same user before and after a key rotation
        injected = memory.inject(ask, {"configurable": {"user_id": principal}}, store)
        assert TEA in str(injected[0].content)
    memory.close()


def test_langchain_tools_recall_the_memories_of_a_principal(store: Any) -> None:
    recall = memory_tools(MemoryEngine(store, CONFIG))[1]
    answer = recall.invoke({"query": "oolong tea"}, {"configurable": {"user_id": ROTATED}})
    assert TEA in answer


@pytest.mark.parametrize("user", [42, 4.2, b"alice", ["alice"], True])
def test_a_user_id_of_another_type_is_refused_not_stringified(store: Any, user: Any) -> None:
    memory = LongTermMemory(CONFIG)
    ask = [HumanMessage("Which oolong tea should I brew?")]
    with pytest.raises(WrongTypeError, match="must be a str or a Principal"):
        memory.inject(ask, {"configurable": {"user_id": user}}, store)
    recall = memory_tools(MemoryEngine(store, CONFIG))[1]
    with pytest.raises(WrongTypeError, match="must be a str or a Principal"):
        recall.invoke({"query": "tea"}, {"configurable": {"user_id": user}})
    memory.close()


def test_int_42_never_reads_the_memories_of_str_42() -> None:
    store = InMemoryStore()
    MemoryEngine(store, CONFIG).remember("42", [candidate(text=TEA)], source_conversation_id="c")
    recall = memory_tools(MemoryEngine(store, CONFIG))[1]
    assert TEA in recall.invoke({"query": "oolong tea"}, {"configurable": {"user_id": "42"}})
    with pytest.raises(WrongTypeError):
        recall.invoke({"query": "oolong tea"}, {"configurable": {"user_id": 42}})


async def test_llamaindex_block_and_tools_take_a_principal(store: Any) -> None:
    engine = MemoryEngine(store, CONFIG)
    block = LongTermMemoryBlock(engine=engine, user_id=ROTATED)
    ask = [ChatMessage(role=MessageRole.USER, content="Which oolong tea should I brew?")]
    assert block.user_id == "alice"
    assert any(TEA in str(m.content) for m in await block.aget(ask))
    recall = memory_function_tools(engine, user_id=ROTATED, conversation_id="c")[1]
    assert TEA in recall.call(query="oolong tea").content
    with pytest.raises(WrongTypeError):
        LongTermMemoryBlock(engine=engine, user_id=42)  # type: ignore[arg-type]
    with pytest.raises(WrongTypeError):
        memory_function_tools(engine, user_id=42)  # type: ignore[arg-type]
