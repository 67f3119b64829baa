"""Test doubles shipped with the package, so users can test their own graphs offline.

>>> from datetime import datetime, UTC, timedelta
>>> clock = FrozenClock(datetime(2026, 1, 1, tzinfo=UTC))
>>> clock.advance(timedelta(days=1)).isoformat()
'2026-01-02T00:00:00+00:00'
"""

import asyncio
import json
import threading
import time
from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any

from memory_plugins.candidate import example_candidate
from memory_plugins.clock import FrozenClock
from memory_plugins.embedders import HashingEmbeddings
from memory_plugins.recall.injection import MEMORY_MESSAGE_NAME

if TYPE_CHECKING:
    from memory_plugins.testing_llamaindex import ScriptedLLM
    from memory_plugins.testing_models import ScriptedChatModel

__all__ = [
    "FailingStore",
    "FrozenClock",
    "HangingStore",
    "HashingEmbeddings",
    "ScriptedChatModel",
    "ScriptedLLM",
    "SlowStore",
    "candidate",
    "extraction_reply",
    "received_memory",
]


def candidate(**fields: Any) -> dict[str, Any]:
    """A valid S1 candidate as JSON (a lasting preference for oolong tea), with ``fields``
    replacing its defaults: the quickest way to write memories in a test.

    >>> candidate(text="The user likes green tea.")["text"]
    'The user likes green tea.'
    """
    return example_candidate(**fields)


def extraction_reply(*candidates: Mapping[str, Any]) -> str:
    """What an extraction model answers when it proposes ``candidates``: the JSON text to
    script a ``ScriptedChatModel`` or ``ScriptedLLM`` extractor with (none: nothing to keep).

    >>> extraction_reply()
    '{"candidates": []}'
    >>> import json; json.loads(extraction_reply(candidate()))["candidates"][0]["type"]
    'user_preference'
    """
    return json.dumps({"candidates": [dict(c) for c in candidates]}, ensure_ascii=False)


def received_memory(model: Any) -> str | None:
    """The long-term memory message a ``ScriptedChatModel`` received in its last call
    (``None`` when that call carried none): what memory put in front of the model.

    >>> from memory_plugins.testing import ScriptedChatModel
    >>> model = ScriptedChatModel(["Hi!"])
    >>> _ = model.invoke("hello")
    >>> print(received_memory(model))
    None
    """
    calls = getattr(model, "calls", None)
    if not calls:
        return None
    for message in calls[-1]:
        if getattr(message, "name", None) == MEMORY_MESSAGE_NAME:
            return str(message.content)
    return None


class FailingStore:
    """A LangGraph-store stand-in whose every call raises (or only reads / only writes).

    Wraps a real store when ``inner`` is given so that ``fail_reads``/``fail_writes`` can be
    switched at run time.
    """

    supports_ttl = False

    def __init__(
        self,
        inner: Any = None,
        *,
        fail_reads: bool = True,
        fail_writes: bool = True,
        error: type[Exception] = ConnectionError,
    ) -> None:
        self.inner = inner
        self.fail_reads = fail_reads
        self.fail_writes = fail_writes
        self.error = error
        self.calls = 0

    def _check(self, ops: list[Any]) -> None:
        self.calls += 1
        writes = any(type(op).__name__ == "PutOp" for op in ops)
        if (writes and self.fail_writes) or (not writes and self.fail_reads):
            raise self.error("store is down (FailingStore)")
        if self.inner is None:
            raise self.error("FailingStore has no inner store to delegate to")

    def batch(self, ops: Iterable[Any]) -> list[Any]:
        ops = list(ops)
        self._check(ops)
        return list(self.inner.batch(ops))

    async def abatch(self, ops: Iterable[Any]) -> list[Any]:
        ops = list(ops)
        self._check(ops)
        return list(await self.inner.abatch(ops))


class SlowStore:
    """Delegates to ``inner`` after sleeping ``delay`` seconds per call (a hanging store)."""

    def __init__(self, inner: Any, delay: float) -> None:
        self.inner = inner
        self.delay = delay
        self.supports_ttl = bool(getattr(inner, "supports_ttl", False))

    def batch(self, ops: Iterable[Any]) -> list[Any]:
        time.sleep(self.delay)
        return list(self.inner.batch(ops))

    async def abatch(self, ops: Iterable[Any]) -> list[Any]:
        await asyncio.sleep(self.delay)
        return list(await self.inner.abatch(ops))


class HangingStore:
    """Delegates to ``inner``, but reads (and, if asked, writes) block until :meth:`release`.

    A store that stopped answering without failing: what a time budget is for. ``reads``
    and ``writes`` count the calls that reached it. A call never blocks longer than
    ``max_hang`` seconds, so a forgotten ``release()`` cannot wedge a test run.

    >>> from langgraph.store.memory import InMemoryStore
    >>> store = HangingStore(InMemoryStore())
    >>> store.release(); store.batch([]), store.reads
    ([], 1)
    """

    def __init__(
        self,
        inner: Any,
        *,
        hang_reads: bool = True,
        hang_writes: bool = False,
        max_hang: float = 30.0,
    ) -> None:
        self.inner = inner
        self.hang_reads = hang_reads
        self.hang_writes = hang_writes
        self.max_hang = max_hang
        self.supports_ttl = bool(getattr(inner, "supports_ttl", False))
        self.reads = 0
        self.writes = 0
        self._released = threading.Event()
        self._lock = threading.Lock()

    def hang(self) -> None:
        """Start blocking again."""
        self._released.clear()

    def release(self) -> None:
        """Let every blocked and future call through."""
        self._released.set()

    def _blocks(self, ops: list[Any]) -> bool:
        writes = any(type(op).__name__ == "PutOp" for op in ops)
        with self._lock:
            if writes:
                self.writes += 1
            else:
                self.reads += 1
        return self.hang_writes if writes else self.hang_reads

    def batch(self, ops: Iterable[Any]) -> list[Any]:
        ops = list(ops)
        if self._blocks(ops):
            self._released.wait(self.max_hang)
        return list(self.inner.batch(ops))

    async def abatch(self, ops: Iterable[Any]) -> list[Any]:
        ops = list(ops)
        if self._blocks(ops):
            await asyncio.to_thread(self._released.wait, self.max_hang)
        return list(await self.inner.abatch(ops))


def __getattr__(name: str) -> Any:
    # ScriptedChatModel needs langchain_core: import it on first use, not with this module.
    if name == "ScriptedChatModel":
        from memory_plugins.testing_models import ScriptedChatModel

        return ScriptedChatModel
    if name == "ScriptedLLM":  # needs llama_index.core, likewise
        from memory_plugins.testing_llamaindex import ScriptedLLM

        return ScriptedLLM
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
