"""A wrong kind of argument fails at once, as a TypeError naming the fix, never as silence."""

import doctest
import importlib
import logging
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from langgraph.store.memory import InMemoryStore
from langgraph.store.sqlite import SqliteStore

from memory_plugins import ConfigurationError, MemoryCandidate, MemoryConfig, MemoryEngine
from memory_plugins.backends import sqlite_store
from memory_plugins.errors import WrongTypeError
from memory_plugins.extraction import ExtractionQueue, MemoryExtractor, TurnInput
from memory_plugins.testing import ScriptedChatModel, candidate

SECRET = "misuse-tests-secret-0123"


def config() -> MemoryConfig:
    return MemoryConfig(principal_secret=SECRET)


def engine() -> MemoryEngine:
    return MemoryEngine(InMemoryStore(), config())


def raises_wrong_type(call: Callable[[], Any], *fix: str) -> str:
    """``call`` raises a WrongTypeError (a TypeError and a ConfigurationError) naming ``fix``."""
    with pytest.raises(WrongTypeError) as caught:
        call()
    assert isinstance(caught.value, TypeError) and isinstance(caught.value, ConfigurationError)
    message = str(caught.value)
    for part in fix:
        assert part in message, message
    return message


# -- the engine ---------------------------------------------------------------------------


def test_a_store_class_instead_of_an_instance() -> None:
    raises_wrong_type(lambda: MemoryEngine(InMemoryStore, config()), "InMemoryStore(", "instance")
    raises_wrong_type(lambda: MemoryEngine(SqliteStore, config()), "sqlite_store(path)")


def test_a_store_context_manager_that_was_never_entered(tmp_path: Path) -> None:
    opener = sqlite_store(tmp_path / "m.sqlite")
    raises_wrong_type(lambda: MemoryEngine(opener, config()), "with sqlite_store(path) as store")


def test_a_config_dict_and_swapped_arguments() -> None:
    raises_wrong_type(
        lambda: MemoryEngine(InMemoryStore(), {"principal_secret": SECRET}),  # type: ignore[arg-type]
        "MemoryConfig(**settings)",
    )
    raises_wrong_type(
        lambda: MemoryEngine(config(), InMemoryStore()),  # type: ignore[arg-type]
        "MemoryEngine(store, config)",
    )


def test_remember_takes_a_list_of_candidates() -> None:
    mem = engine()
    one = candidate()
    raises_wrong_type(
        lambda: mem.remember("alice", one, source_conversation_id="c-1"), "[candidate]"
    )
    raises_wrong_type(
        lambda: mem.remember(
            "alice", MemoryCandidate.model_validate(one), source_conversation_id="c-1"
        ),
        "[candidate]",
    )
    raises_wrong_type(
        lambda: mem.remember("alice", "The user likes tea.", source_conversation_id="c-1"),
        "ExtractionQueue",
    )
    # Nothing was stored by the mistakes, and the right call still works.
    assert mem.list_records("alice") == []
    [outcome] = mem.remember("alice", [one], source_conversation_id="c-1")
    assert str(outcome) == "added"


async def test_aremember_checks_the_same() -> None:
    with pytest.raises(WrongTypeError, match=r"\[candidate\]"):
        await engine().aremember("alice", candidate(), source_conversation_id="c-1")


async def test_recall_takes_the_query_text_not_messages() -> None:
    from langchain_core.messages import HumanMessage

    mem = engine()
    messages = [HumanMessage("which tea?")]
    raises_wrong_type(lambda: mem.recall("alice", messages), "messages[-1].content")  # type: ignore[arg-type]
    raises_wrong_type(lambda: mem.recall("alice", messages[0]), "message.content")  # type: ignore[arg-type]
    raises_wrong_type(lambda: mem.explain("alice", messages), "messages[-1].content")  # type: ignore[arg-type]
    with pytest.raises(WrongTypeError, match="query text"):
        await mem.arecall("alice", messages)  # type: ignore[arg-type]


def test_the_principal_is_a_user_id_or_a_principal() -> None:
    mem = engine()
    raises_wrong_type(lambda: mem.recall({"user_id": "alice"}, "tea?"), "Principal", "got dict")  # type: ignore[arg-type]
    with pytest.raises(ConfigurationError, match="non-empty string"):
        mem.recall("", "tea?")


# -- queue and adapters -----------------------------------------------------------------


def test_extraction_queue_wraps_a_raw_chat_model() -> None:
    mem = engine()
    reply = '{"candidates": [' + __import__("json").dumps(candidate()) + "]}"
    with ExtractionQueue(mem, ScriptedChatModel([reply])) as queue:
        assert isinstance(queue.extractor, MemoryExtractor)
        assert queue.submit(TurnInput("alice", "c-1", "I like oolong tea.", "Noted."))
        assert queue.flush(5.0)
    [(_, outcomes)] = queue.results
    assert [str(o) for o in outcomes] == ["added"]


def test_extraction_queue_rejects_what_is_no_model_and_no_engine() -> None:
    mem = engine()
    raises_wrong_type(lambda: ExtractionQueue(mem, ScriptedChatModel), "pass an instance")
    raises_wrong_type(lambda: ExtractionQueue(mem, "gpt-4o-mini"), "MemoryExtractor(model)")
    raises_wrong_type(
        lambda: ExtractionQueue(InMemoryStore(), None),  # type: ignore[arg-type]
        "MemoryEngine(store, MemoryConfig(",
    )


def test_adapters_reject_a_store_as_engine_and_a_dict_as_config() -> None:
    from memory_plugins.adapters.langchain import with_long_term_memory
    from memory_plugins.adapters.langgraph import LongTermMemory
    from memory_plugins.adapters.llamaindex import LongTermMemoryBlock

    store = InMemoryStore()
    raises_wrong_type(
        lambda: with_long_term_memory(ScriptedChatModel(), store),  # type: ignore[arg-type]
        "got a store (InMemoryStore)",
        "MemoryEngine(store, MemoryConfig(",
    )
    raises_wrong_type(
        lambda: LongTermMemoryBlock(engine=store, user_id="alice"),  # type: ignore[arg-type]
        "MemoryEngine(store, MemoryConfig(",
    )
    raises_wrong_type(
        lambda: LongTermMemory({"principal_secret": SECRET}),  # type: ignore[arg-type]
        "MemoryConfig(**settings)",
    )


def test_slice_memory_checks_its_store_and_config() -> None:
    from memory_plugins.slices import SliceMemory

    raises_wrong_type(lambda: SliceMemory(InMemoryStore, config()), "InMemoryStore(")
    raises_wrong_type(
        lambda: SliceMemory(InMemoryStore(), {"principal_secret": SECRET}),  # type: ignore[arg-type]
        "MemoryConfig(**settings)",
    )


def test_a_store_class_given_to_compile_fails_at_the_first_turn() -> None:
    from langgraph.graph import START, MessagesState, StateGraph

    from memory_plugins.adapters.langgraph import LongTermMemory, add_long_term_memory

    memory = LongTermMemory(config())
    builder = StateGraph(MessagesState).add_edge(START, "model")
    graph = add_long_term_memory(builder, "model", ScriptedChatModel(["Hi"]), memory).compile(
        store=InMemoryStore  # type: ignore[arg-type]
    )
    with pytest.raises(WrongTypeError, match=r"InMemoryStore\("):
        graph.invoke({"messages": [("user", "hello")]}, {"configurable": {"user_id": "alice"}})


# -- missing conversation ids are said once ---------------------------------------------


def test_langchain_runnable_warns_once_without_a_conversation_id(
    caplog: pytest.LogCaptureFixture,
) -> None:
    from memory_plugins.adapters.langchain import with_long_term_memory

    mem = engine()
    with ExtractionQueue(mem, None) as queue:
        chat = with_long_term_memory(ScriptedChatModel(["Hi"], cycle=True), mem, queue=queue)
        with caplog.at_level(logging.WARNING, logger="memory_plugins"):
            for _ in range(3):
                chat.invoke("hello", {"configurable": {"user_id": "alice"}})
            chat.invoke("hello", {"configurable": {"user_id": "alice", "conversation_id": "c"}})
    warnings = [r for r in caplog.records if "conversation_id" in r.getMessage()]
    assert len(warnings) == 1 and warnings[0].levelno == logging.WARNING
    assert "'configurable': {'user_id': ..., 'conversation_id': ...}" in warnings[0].getMessage()
    # A second runnable says it again: once per runnable, not once per process.
    with ExtractionQueue(mem, None) as queue, caplog.at_level(logging.WARNING):
        other = with_long_term_memory(ScriptedChatModel(["Hi"]), mem, queue=queue)
        other.invoke("hello", {"configurable": {"user_id": "alice"}})
    assert len([r for r in caplog.records if "conversation_id" in r.getMessage()]) == 2


def test_langgraph_warns_once_without_a_thread_id(caplog: pytest.LogCaptureFixture) -> None:
    from langgraph.graph import START, MessagesState, StateGraph

    from memory_plugins.adapters.langgraph import LongTermMemory, add_long_term_memory

    memory = LongTermMemory(config(), extractor=ScriptedChatModel(['{"candidates": []}']))
    builder = StateGraph(MessagesState).add_edge(START, "model")
    model = ScriptedChatModel(["Hi"], cycle=True)
    graph = add_long_term_memory(builder, "model", model, memory).compile(store=InMemoryStore())
    with caplog.at_level(logging.WARNING, logger="memory_plugins"):
        for _ in range(3):
            graph.invoke({"messages": [("user", "hello")]}, {"configurable": {"user_id": "a"}})
    memory.close()
    warnings = [r for r in caplog.records if "thread_id" in r.getMessage()]
    assert len(warnings) == 1 and "checkpointer" in warnings[0].getMessage()


@pytest.mark.parametrize(
    "name",
    [
        "memory_plugins.adapters._once",
        "memory_plugins.arguments",
        "memory_plugins.cli.runtime",
        "memory_plugins.store",
    ],
)
def test_docstring_examples(name: str) -> None:
    result = doctest.testmod(importlib.import_module(name))
    assert result.failed == 0 and result.attempted > 0
