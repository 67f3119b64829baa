"""The LCEL adapter takes ids and arguments the way the other adapters do."""

import pytest
from langgraph.store.memory import InMemoryStore

from memory_plugins import MemoryConfig, MemoryEngine
from memory_plugins.adapters.langchain import with_long_term_memory
from memory_plugins.errors import WrongTypeError
from memory_plugins.extraction import ExtractionQueue
from memory_plugins.testing import ScriptedChatModel, candidate, extraction_reply

CONFIG = MemoryConfig(principal_secret="lcel-adapter-secret-0123")


def test_a_thread_id_is_the_conversation_as_for_the_other_adapters() -> None:
    model = ScriptedChatModel(["Noted."], cycle=True)
    with MemoryEngine(InMemoryStore(), CONFIG) as engine:
        extractor = ScriptedChatModel([extraction_reply(candidate())], cycle=True)
        with ExtractionQueue(engine, extractor) as queue:
            chat = with_long_term_memory(model, engine, queue=queue)
            chat.invoke("I like oolong tea.", {"configurable": {"user_id": "a", "thread_id": "t"}})
            assert queue.flush(10)
        [record] = engine.list_records("a")
        assert record.source_conversation_id == "t"


def test_a_chat_model_given_as_queue_is_refused_naming_extraction_queue() -> None:
    model = ScriptedChatModel(["Noted."], cycle=True)
    with (
        MemoryEngine(InMemoryStore(), CONFIG) as engine,
        pytest.raises(WrongTypeError, match=r"queue= takes an ExtractionQueue.*ScriptedChatModel"),
    ):
        with_long_term_memory(model, engine, queue=model)  # type: ignore[arg-type]
