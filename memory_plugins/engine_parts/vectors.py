"""The semantic channel's vector work: embedding within deadlines, warm-up, later vectors.

:class:`VectorWork` owns the embedding model and whether it is ready: a model that loads
lazily (``warm``) is warmed on an embedding worker, and records written before it is ready
get their vectors once it is. Writes attach vectors through :meth:`VectorWork.attach`,
recall asks :meth:`VectorWork.similarities`; an embedding failure or a late answer
degrades to the rules alone, logged and counted, never raised to the caller.
"""

import logging
import threading
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import replace
from functools import partial
from typing import TypeVar

from memory_plugins.cache import ReadPool, ReadQueueFullError
from memory_plugins.candidate import MemoryRecord, RecordStatus, StoredVector
from memory_plugins.outcomes import EngineStats, WriteOutcome
from memory_plugins.recall.index import IndexView
from memory_plugins.recall.vectors import numpy_or_none
from memory_plugins.semantic import (
    Embeddings,
    check_query_vector,
    decode_vector,
    embedded_document,
    encode_vector,
    similarities,
    vector_current,
    vector_of,
)

__all__ = ["MeaningNotReady", "VectorWork"]

logger = logging.getLogger("memory_plugins")

T = TypeVar("T")


class MeaningNotReady(TimeoutError):
    """The embedding model is still loading (said once, not per recall)."""


class VectorWork:
    """The embedding model of one engine, its readiness and its background vectors.

    ``pool`` (the engine's, closed by it) runs every embedding with a deadline; ``fill``
    (set by the engine) stores the vectors a namespace's active records lack and returns
    how many. After :meth:`stop` (the engine closed) or :meth:`store_closing`, no
    background fill runs.
    """

    def __init__(
        self,
        embeddings: Embeddings | None,
        model: str | None,
        *,
        pool: ReadPool,
        stats: EngineStats,
    ) -> None:
        self.embeddings = embeddings
        self.model = model
        self.fill: Callable[[tuple[str, ...]], int] | None = None
        self._pool = pool
        self._stats = stats
        self._stopped = False
        # The meaning channel: ready at once unless the model loads lazily (``warm``), then
        # once it is warm; records written before that get their vectors then.
        self.ready = threading.Event()
        self._lock = threading.Lock()
        self._told = False
        self._later: set[tuple[str, ...]] = set()
        self._store_closed = False

    def start(self) -> None:
        """Warm a lazily loading model on a worker; any other model is ready at once."""
        warm = getattr(self.embeddings, "warm", None)
        if not callable(warm):
            self.ready.set()
            return
        began = time.monotonic()

        def warm_up() -> None:
            try:
                numpy_or_none()  # the vector matrix's library: imported here, not in a recall
                warm()
            except Exception as exc:  # the first real call reports it, counted
                logger.debug("memory meaning channel: warming the model failed: %r", exc)
            with self._lock:
                self.ready.set()
                later, self._later = self._later, set()
            if self._told:
                logger.info("memory meaning channel ready after %.1f s", time.monotonic() - began)
            for namespace in later:
                self._fill(namespace)

        self._pool.submit(warm_up)

    def not_ready(self, what: str) -> None:
        """Said once per engine: the model is still loading, so ``what`` goes without it."""
        self._stats.incr("embedding_not_ready")
        with self._lock:
            told, self._told = self._told, True
        if not told:  # nothing is lost (vectors follow by themselves): worth a note, not alarm
            logger.info(
                "memory meaning channel not ready yet (the embedding model is loading): %s "
                "runs on the rules alone until it is, and records written meanwhile get their "
                "vectors once it is ready (said once)",
                what,
            )

    def when_ready(self, namespace: tuple[str, ...]) -> None:
        """Records of ``namespace`` were stored without vectors: add them in the background."""
        with self._lock:
            if not self.ready.is_set():
                self._later.add(namespace)
                return
        try:
            self._pool.submit(partial(self._fill, namespace))
        except Exception:  # closed or saturated: embed_missing still can
            return

    def store_closing(self) -> None:
        """The store's ``with sqlite_store(...)`` block ends: no background fill after it."""
        with self._lock:
            self._store_closed = True
            self._later.clear()

    def stop(self) -> None:
        """The engine is closed: no background fill after this."""
        self._stopped = True

    def _fill(self, namespace: tuple[str, ...]) -> None:
        if self._stopped or self._store_closed or self.fill is None:
            return
        try:
            self.fill(namespace)
        except Exception as exc:  # a background fill never raises
            logger.warning("memory vectors not added in the background: %r", exc)

    def attach(
        self,
        changed: dict[str, MemoryRecord],
        before: Mapping[str, MemoryRecord | None],
        results: list[tuple[int, WriteOutcome]],
        deadline: float | None = None,
        namespace: tuple[str, ...] | None = None,
    ) -> list[tuple[int, WriteOutcome]]:
        """Give each changed active record its vector: kept while its text and cues are
        unchanged, else embedded (one call per write batch; the text with its cues, see
        :func:`~memory_plugins.semantic.embedded_document`). On failure the records go
        without, or keep the vector of the same text they held (its cues say what it
        embeds; recall still reads it and ``embed_missing`` replaces it).

        With a (monotonic) ``deadline`` the embedding may use half the time left, so a slow
        model never costs the write itself: past that the records are stored without
        vectors (counted as ``embedding_timeouts``) and, given their ``namespace``, get them
        in the background once the model answers. A model still loading (see ``warm``) is
        waited for within that half too.
        """
        assert self.embeddings is not None and self.model is not None
        model = self.model
        missing: dict[str, list[str]] = {}
        for key, record in changed.items():
            if record.status is not RecordStatus.ACTIVE:
                continue
            if vector_current(record.vector, model, record.cues):
                continue
            old = before.get(key)
            if old and old.text == record.text and vector_of(old.vector, model):
                changed[key] = record.evolve(vector=old.vector)
                if vector_current(old.vector, model, record.cues):
                    continue
                # New cues on the same text: the old vector serves until the new one is in.
            document = embedded_document(record.text, record.cues)
            missing.setdefault(document, []).append(key)
        if missing and deadline is not None and not self.ready.is_set():
            halfway = max(0.0, deadline - time.monotonic()) / 2
            if not self.ready.wait(halfway):
                self.not_ready("the write")
                if namespace is not None:
                    self.when_ready(namespace)
                missing = {}
        if missing:
            texts = list(missing)
            try:
                embedded = (
                    self.embeddings.embed_documents(texts)
                    if deadline is None
                    else self._embed_documents_by(texts, deadline)
                )
                encoded = [encode_vector(v) for v in embedded]
                if len(encoded) != len(texts):
                    raise ValueError(f"{len(encoded)} vectors for {len(texts)} texts")
                if len({len(e) for e in encoded}) > 1:
                    raise ValueError("vectors of different sizes in one batch")
            except TimeoutError:
                self._stats.incr("embedding_timeouts")
                logger.warning(
                    "memory vectors skipped for %d texts: the embedding ran past half the "
                    "write deadline (added in the background once the model answers)",
                    len(texts),
                )
                if namespace is not None:
                    self.when_ready(namespace)
            except Exception as exc:  # any model failure: store without vectors, rules still work
                self._stats.incr("embedding_failures")
                logger.warning("memory vectors skipped, embedding failed: %r", exc)
            else:
                self._stats.incr("embedded_texts", len(texts))
                for text, vector in zip(texts, encoded, strict=True):
                    for key in missing[text]:
                        changed[key] = _with_vector(changed[key], vector, model)
        return [
            (i, replace(o, record=changed[o.key]) if o.stored and o.key in changed else o)
            for i, o in results
        ]

    def similarities(
        self, records: Iterable[MemoryRecord], query: str, deadline: float | None = None
    ) -> Mapping[str, float] | None:
        """Each vector-holding active record's similarity to ``query``; ``None`` without any
        vector of this model (the query is not embedded) or when embedding fails.

        From the cache, one product with the namespace's vector matrix; otherwise (or for a
        query of another size than the stored vectors) the vectors are decoded one by one.
        With a (monotonic) ``deadline`` the query is embedded on a worker and waited for
        until then; past it ``TimeoutError`` is raised (counted as ``embedding_timeouts``).
        """
        assert self.embeddings is not None and self.model is not None
        model = self.model
        view = records if isinstance(records, IndexView) else None
        if view is not None and view.index.vectors is not None and not view.vector_count():
            return None
        if deadline is not None and not self.ready.is_set():  # not worth waiting for
            self.not_ready("recall")
            raise MeaningNotReady
        try:
            embedded: Sequence[float]
            if deadline is None:
                embedded = self.embeddings.embed_query(query)
            else:
                embedded = self._embed_query_by(query, deadline)
            embedded = check_query_vector(embedded, {})  # empty or not finite: a failure
            if view is not None and view.index.vectors is not None:
                found = view.similarities(decode_vector(encode_vector(embedded)))
                if found is not None:
                    return found
            vectors = {
                r.key: v
                for r in records
                if r.status is RecordStatus.ACTIVE and (v := vector_of(r.vector, model))
            }
            if not vectors:
                return None
            return similarities(check_query_vector(embedded, vectors), vectors)
        except TimeoutError:
            self._stats.incr("embedding_timeouts")
            logger.warning("semantic recall skipped: the query embedding ran past the budget")
            raise
        except Exception as exc:  # any model failure: this recall runs on the rules alone
            self._stats.incr("embedding_failures")
            logger.warning("semantic recall skipped, embedding failed: %r", exc)
            return None

    def _embed_query_by(self, query: str, deadline: float) -> list[float]:
        assert self.embeddings is not None
        return self._embed_by(partial(self.embeddings.embed_query, query), deadline)

    def _embed_documents_by(self, texts: list[str], deadline: float) -> list[list[float]]:
        assert self.embeddings is not None
        halfway = time.monotonic() + max(0.0, deadline - time.monotonic()) / 2
        return self._embed_by(partial(self.embeddings.embed_documents, texts), halfway)

    def _embed_by(self, call: Callable[[], T], deadline: float) -> T:
        """``call()`` on an embedding worker, waited for until ``deadline`` (TimeoutError)."""
        try:
            future = self._pool.submit(call)
        except ReadQueueFullError:  # earlier embeddings are still stuck: as late as they are
            raise TimeoutError from None
        try:
            return future.result(timeout=max(0.0, deadline - time.monotonic()))
        except TimeoutError:
            future.cancel()
            raise


def _with_vector(record: MemoryRecord, vector: str, model: str) -> MemoryRecord:
    return record.evolve(vector=StoredVector(model, vector, record.cues))
