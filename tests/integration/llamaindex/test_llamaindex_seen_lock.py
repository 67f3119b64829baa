"""The block remembers which turns it queued; threads handing it one session queue each once."""

import threading
import time
from collections import OrderedDict
from typing import Any

from langgraph.store.memory import InMemoryStore
from llama_index.core.base.llms.types import ChatMessage, MessageRole

from memory_plugins import MemoryConfig, MemoryEngine
from memory_plugins.adapters.llamaindex import LongTermMemoryBlock
from memory_plugins.extraction import ExtractionQueue, MemoryExtractor
from memory_plugins.testing import ScriptedChatModel

THREADS = 6


class _SlowSeen(OrderedDict[Any, None]):
    """Widens the window between checking for a turn and recording it."""

    def __contains__(self, key: object) -> bool:
        found = super().__contains__(key)
        time.sleep(0.02)
        return found


class _Session:
    """What ``remember_session`` reads of a LlamaIndex ``Memory``: its id and messages."""

    session_id = "s-1"

    def get_all(self) -> list[ChatMessage]:
        return [
            ChatMessage(role=MessageRole.USER, content="I always drink oolong tea."),
            ChatMessage(role=MessageRole.ASSISTANT, content="Noted: oolong it is."),
        ]


def test_concurrent_hand_overs_queue_a_turn_once() -> None:
    engine = MemoryEngine(InMemoryStore(), MemoryConfig(principal_secret="0123456789abcdef"))
    extractor = MemoryExtractor(ScriptedChatModel(['{"candidates": []}'], cycle=True))
    with engine, ExtractionQueue(engine, extractor) as queue:
        block = LongTermMemoryBlock(engine=engine, user_id="alice", queue=queue)
        block._seen = _SlowSeen()
        session = _Session()
        start = threading.Barrier(THREADS, timeout=10)
        queued: list[int] = []

        def hand_over() -> None:
            start.wait()
            queued.append(block.remember_session(session))  # type: ignore[arg-type]

        threads = [threading.Thread(target=hand_over) for _ in range(THREADS)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        assert sorted(queued) == [0] * (THREADS - 1) + [1]
