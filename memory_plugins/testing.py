"""Test doubles shipped with the package, so users can test their own graphs offline.

>>> from datetime import datetime, UTC, timedelta
>>> clock = FrozenClock(datetime(2026, 1, 1, tzinfo=UTC))
>>> clock.advance(timedelta(days=1)).isoformat()
'2026-01-02T00:00:00+00:00'
"""

import asyncio
import threading
import time
from collections.abc import Iterable
from datetime import UTC, datetime, timedelta
from typing import TYPE_CHECKING, Any

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
]


def candidate(**fields: Any) -> dict[str, Any]:
    """A valid S1 candidate as JSON (a lasting preference for oolong tea), with ``fields``
    replacing its defaults: the quickest way to write memories in a test.

    >>> candidate(text="The user likes green tea.")["text"]
    'The user likes green tea.'
    """
    base: dict[str, Any] = {
        "type": "user_preference",
        "text": "The user likes oolong tea.",
        "tags": ["oolong", "tea"],
        "confidence": 0.9,
        "stability": "stable",
        "identity": {"subject": "oolong tea", "polarity": "prefer"},
        "action": "add",
        "source_signal": "explicit_memory_intent",
        "reason": "stated as lasting",
        "conflict_signal": False,
    }
    base.update(fields)
    return base


class FrozenClock:
    """A clock that only moves when told to. Always UTC."""

    def __init__(self, start: datetime | None = None) -> None:
        start = start or datetime(2026, 1, 1, tzinfo=UTC)
        if start.tzinfo is None:
            raise ValueError("FrozenClock needs an aware datetime")
        self._now = start.astimezone(UTC)
        self._lock = threading.Lock()

    def now(self) -> datetime:
        with self._lock:
            return self._now

    def advance(self, delta: timedelta) -> datetime:
        """Move the clock forward and return the new time."""
        with self._lock:
            self._now += delta
            return self._now

    def set(self, moment: datetime) -> None:
        """Jump to ``moment`` (aware)."""
        with self._lock:
            self._now = moment.astimezone(UTC)


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


class HashingEmbeddings:
    """Deterministic bag-of-words embeddings for tests: no model, no torch, no network.

    The words of a text as the recall scorer sees them (stems, common words such as "the"
    or "user" left out, CJK runs as character pairs) are hashed to signed buckets of a
    ``dims``-sized vector. Texts sharing informative words are similar; a paraphrase is
    not, unless ``concepts`` maps its words to a shared concept (``{"kitten": "cat"}``).
    Counts every call, so tests can check when embedding happens.

    >>> emb = HashingEmbeddings(concepts={"kitten": "cat"})
    >>> a, b = emb.embed_documents(["The user has a kitten."])[0], emb.embed_query("cat food")
    >>> round(sum(x * y for x, y in zip(a, b)), 2), emb.document_calls, emb.query_calls
    (0.71, 1, 1)
    """

    def __init__(
        self, dims: int = 256, *, concepts: dict[str, str] | None = None, name: str | None = None
    ) -> None:
        self.dims = dims
        self.name = name or f"hashing-{dims}"
        self.concepts = {w: v for k, v in (concepts or {}).items() for w in self._words(k)}
        self.document_calls = 0
        self.query_calls = 0
        self.texts_embedded = 0
        self._lock = threading.Lock()

    @staticmethod
    def _words(text: str) -> list[str]:
        from memory_plugins.recall.query import content_words

        return content_words(text)

    def _vector(self, text: str) -> list[float]:
        import hashlib

        vector = [0.0] * self.dims
        for word in self._words(text):
            digest = hashlib.blake2b(self.concepts.get(word, word).encode(), digest_size=8)
            value = int.from_bytes(digest.digest())
            vector[value % self.dims] += 1.0 if value >> 63 else -1.0
        norm = sum(x * x for x in vector) ** 0.5
        return [x / norm for x in vector] if norm else vector

    def embed_documents(self, texts: list[str]) -> list[list[float]]:
        """One unit vector per text (a text with no informative word gives zeros)."""
        with self._lock:
            self.document_calls += 1
            self.texts_embedded += len(texts)
        return [self._vector(text) for text in texts]

    def embed_query(self, text: str) -> list[float]:
        """The unit vector of a query."""
        with self._lock:
            self.query_calls += 1
        return self._vector(text)
