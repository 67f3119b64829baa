"""The background extraction queue: off the answer's path, bounded, never raising into a turn.

``submit`` only checks eligibility and appends to an in-process deque (a full queue drops
its oldest job); one daemon worker thread, started on first use, runs each job: pinned
decisions promoted, the model asked (under a per-job timeout), and every candidate
handed to :meth:`~memory_plugins.MemoryEngine.remember`. Failures are counted in
:attr:`ExtractionQueue.stats` and logged, never raised.

>>> from langgraph.store.memory import InMemoryStore
>>> from memory_plugins import MemoryConfig, MemoryEngine
>>> engine = MemoryEngine(InMemoryStore(), MemoryConfig(principal_secret="0123456789abcdef"))
>>> queue = ExtractionQueue(engine, None)  # no model: pinned decisions only
>>> queue.submit(TurnInput("alice", "c-1", "ok", "done", pinned_decisions=["Use pnpm, not npm"]))
True
>>> queue.flush(2.0)
True
>>> [str(o) for _, outcomes in queue.results for o in outcomes]
['added']
>>> queue.close()
"""

import asyncio
import atexit
import contextvars
import logging
import sys
import threading
import time
import weakref
from collections import OrderedDict, deque
from collections.abc import Callable
from types import TracebackType
from typing import Any, cast

from memory_plugins.backends import before_close
from memory_plugins.engine import MemoryEngine, require_engine
from memory_plugins.errors import ConfigurationError, WrongTypeError
from memory_plugins.extraction.bounds import clip_for_queue
from memory_plugins.extraction.eligibility import is_eligible
from memory_plugins.extraction.extractor import Extraction, MemoryExtractor
from memory_plugins.extraction.promotion import promote_pinned_decisions
from memory_plugins.extraction.turn import TurnInput
from memory_plugins.outcomes import EngineStats, WriteOutcome
from memory_plugins.tracing import EXTRACTION_SPAN, observed

__all__ = ["ExtractionQueue", "JobResult"]

logger = logging.getLogger("memory_plugins.extraction")

JobResult = tuple[TurnInput, list[WriteOutcome]]
"""One processed job: the turn and the outcome of every candidate it produced."""

_TRACKED_CONVERSATIONS = 4096  # LRU bound on remembered pinned-decision sets
_MAX_STALLED_CALLS = 4  # abandoned model calls still running before new calls are skipped


class ExtractionQueue:
    """Queue memory extraction after each eligible turn; usable from sync and async code.

    ``extractor`` is a ``MemoryExtractor`` or a LangChain chat model (wrapped in one); with
    ``None`` only pinned decisions are promoted. The extractor's prompt is bounded with the
    detectors of the engine's ``config.gates``, the ones that judge what it proposes.
    ``maxsize`` bounds the waiting jobs (the oldest is dropped and counted as
    ``dropped_oldest``); ``job_timeout`` bounds one model call in seconds. A turn is
    clipped on submit to what extraction can use (:func:`clip_for_queue`), and the waiting
    jobs plus the kept :attr:`results` never hold more than ``max_bytes`` of text
    (:attr:`retained_bytes`; the oldest results go first, then the oldest jobs). At most
    ``max_candidates`` candidates of one turn are written, the rest counted as
    ``candidates_dropped``. The queue remembers the last pinned-decision set per
    (principal, conversation) unless a turn passes ``previous_pinned_decisions`` itself.

    Counters in :attr:`stats`: ``queued``, ``processed``, ``dropped_oldest``,
    ``dropped_on_close``, ``ineligible`` (and ``ineligible_<reason>``), ``rejected_closed``,
    ``model_errors``, ``timeouts``, ``model_stalled``, ``malformed``, ``malformed_items``,
    ``candidates_proposed``, ``candidates_dropped``, ``promoted``, ``write_errors``,
    ``submit_errors``, ``discarded_after_erase`` (a turn queued before
    :meth:`~memory_plugins.MemoryEngine.erase_user` is never written) and
    ``outcome_<outcome>`` per candidate (``outcome_added``, ``outcome_rejected(schema)``…).
    Call :meth:`close` (or use it as a context manager) at shutdown to finish queued jobs.
    A queue still open at interpreter exit gets ``exit_timeout`` seconds to finish; the
    turns left are dropped with a WARNING saying how many (``dropped_at_exit``). A store
    that is misconfigured rather than down is logged at ERROR (``configuration_errors``).

    >>> from langgraph.store.memory import InMemoryStore
    >>> from memory_plugins import MemoryConfig, MemoryEngine
    >>> from memory_plugins.extraction import MemoryExtractor
    >>> from memory_plugins.testing import ScriptedChatModel
    >>> engine = MemoryEngine(InMemoryStore(), MemoryConfig(principal_secret="0123456789abcdef"))
    >>> model = ScriptedChatModel(responses=["not JSON at all"])
    >>> with ExtractionQueue(engine, MemoryExtractor(model), job_timeout=5.0) as queue:
    ...     queue.submit(TurnInput("alice", "c-1", "Remember: I use Vim.", "Noted."))
    ...     queue.submit(TurnInput("alice", "draft:2", "hi", "hello"))
    ...     queue.flush()
    True
    False
    True
    >>> queue.stats.get("malformed"), queue.stats.get("ineligible_draft_conversation")
    (1, 1)
    """

    def __init__(
        self,
        engine: MemoryEngine,
        extractor: MemoryExtractor | Any | None,
        *,
        maxsize: int = 64,
        job_timeout: float = 30.0,
        keep_results: int = 128,
        max_bytes: int = 8 * 1024 * 1024,
        max_candidates: int = 20,
        exit_timeout: float = 5.0,
    ) -> None:
        if maxsize < 1:
            raise ConfigurationError("ExtractionQueue maxsize must be at least 1")
        if not job_timeout > 0:
            raise ConfigurationError(
                "ExtractionQueue job_timeout must be a positive number of seconds"
            )
        if keep_results < 0:
            raise ConfigurationError("ExtractionQueue keep_results must not be negative")
        if max_bytes < 1:
            raise ConfigurationError("ExtractionQueue max_bytes must be positive")
        if max_candidates < 1:
            raise ConfigurationError("ExtractionQueue max_candidates must be at least 1")
        if not exit_timeout >= 0:
            raise ConfigurationError("ExtractionQueue exit_timeout must be >= 0 seconds")
        self.engine = require_engine(engine, "ExtractionQueue")
        self.extractor = _as_extractor(extractor)
        own_gates = getattr(self.extractor, "gates", None)
        if own_gates is not None and own_gates != self.engine.config.gates:
            raise ConfigurationError(
                "ExtractionQueue: the extractor's gates differ from the engine's config.gates; "
                "the queue bounds the prompt with the engine's, so leave MemoryExtractor(gates=...) "
                "unset or equal to them"
            )
        self.exit_timeout = exit_timeout
        self.maxsize = maxsize
        self.job_timeout = job_timeout
        self.max_bytes = max_bytes
        self.max_candidates = max_candidates
        self.stats = EngineStats()
        self.results: deque[JobResult] = deque(maxlen=keep_results)
        self._job_bytes = 0
        self._result_bytes = 0
        self._lock = threading.Lock()
        self._has_work = threading.Condition(self._lock)
        self._idle = threading.Condition(self._lock)
        # Each waiting turn with its principal's erasure epoch when it was queued.
        # ... and the context it runs in (an adapter's tracing run, for the model call's run).
        self._jobs: deque[tuple[TurnInput, int, contextvars.Context | None]] = deque()
        self._in_flight = 0
        self._closed = False
        self._stopping = False
        self._stalled_calls = 0
        self._worker: threading.Thread | None = None
        self._pinned: OrderedDict[tuple[str, str], tuple[str, ...]] = OrderedDict()
        self._store_ref: Callable[[], Any] | None = None
        self._held_store: Any = None
        if not isinstance(self.engine.store, weakref.ProxyTypes):
            self.bind_store(self.engine.store)

    def bind_store(self, store: Any) -> None:
        """Finish queued turns before ``store`` closes (when ``sqlite_store`` /
        ``postgres_store`` opened it), and keep ``store`` alive while turns are pending.

        The engine calls this for its own store; an engine that reaches its store through a
        weak proxy (``LongTermMemory``) is bound by its owner with the store itself.
        """
        hook = weakref.WeakMethod(self._before_store_closes)

        def finish() -> None:
            method = hook()
            if method is not None:
                method()

        before_close(store, finish)
        try:
            self._store_ref = weakref.ref(store)
        except TypeError:  # not weakly referenceable: the engine holds it anyway
            self._store_ref = None

    # -- caller side -----------------------------------------------------------------------

    def submit(self, turn: TurnInput, *, context: contextvars.Context | None = None) -> bool:
        """Queue ``turn`` for extraction; ``False`` when it is not eligible or the queue is closed.

        ``context`` (a ``contextvars.Context``) is the one the job and its model call run in:
        an adapter passes one holding its tracing run, so the extraction model's run is a
        child of it. Never blocks on the model or the store and never raises.
        """
        try:
            eligible, reason = is_eligible(turn, self.engine.config)
            if not eligible:
                self.stats.incr("ineligible")
                self.stats.incr(f"ineligible_{reason}")
                logger.debug("memory extraction not queued: %s", reason)
                return False
            turn = clip_for_queue(turn, self.engine.config.max_text_chars)
            epoch = self.engine._erasure_epoch(turn.writes_to)
            with self._lock:
                if self._closed:
                    self.stats.incr("rejected_closed")
                    return False
                self._jobs.append((turn, epoch, context))
                self._job_bytes += _size(turn)
                if self._store_ref is not None:  # a collected store could not take the write
                    self._held_store = self._store_ref()
                dropped = 0
                while len(self._jobs) > self.maxsize:
                    dropped += self._drop_oldest_job()
                self._trim_results()
                while self.retained_bytes > self.max_bytes and len(self._jobs) > 1:
                    dropped += self._drop_oldest_job()
                if self._worker is None:
                    self._start_worker()
                self._has_work.notify()
            self.stats.incr("queued")
            if dropped:
                self.stats.incr("dropped_oldest", dropped)
                total = self.stats.get("dropped_oldest")
                if total & (total - 1) == 0:  # 1, 2, 4, 8…: visible without flooding the log
                    logger.warning(
                        "memory extraction queue full (%d): dropped the oldest job (%d so far)",
                        self.maxsize,
                        total,
                    )
            return True
        except Exception:  # the turn must go on whatever happens here
            self.stats.incr("submit_errors")
            logger.exception("memory extraction could not be queued")
            return False

    @property
    def closed(self) -> bool:
        """Whether :meth:`close` was called (then turns are no longer accepted)."""
        with self._lock:
            return self._closed

    def flush(self, timeout: float = 5.0) -> bool:
        """Wait until every queued job has been processed; ``False`` if ``timeout`` ran out."""
        deadline = time.monotonic() + timeout
        with self._lock:
            while self._jobs or self._in_flight:
                remaining = deadline - time.monotonic()
                if remaining <= 0:
                    return False
                self._idle.wait(remaining)
            return True

    def close(self, timeout: float = 5.0) -> None:
        """Stop accepting turns, finish queued jobs within ``timeout``, then stop the worker.

        Jobs still waiting when the time is up are dropped (``dropped_on_close``).
        Calling ``close`` again does nothing more.
        """
        deadline = time.monotonic() + timeout
        with self._lock:
            self._closed = True
        self.flush(timeout)
        with self._lock:
            left = len(self._jobs)
            self._jobs.clear()
            self._job_bytes = 0
            self._stopping = True
            released, self._held_store = self._held_store, None
            self._has_work.notify_all()
            worker = self._worker
        del released
        _OPEN_QUEUES.discard(self)
        if left:
            self.stats.incr("dropped_on_close", left)
            logger.warning("memory extraction closed with %d job(s) unprocessed", left)
        if worker is not None and worker is not threading.current_thread():
            worker.join(max(0.0, deadline - time.monotonic()))

    async def aflush(self, timeout: float = 5.0) -> bool:  # noqa: ASYNC109 - twin of flush
        """Async twin of :meth:`flush` (waits in a thread, not on the event loop)."""
        return await asyncio.to_thread(self.flush, timeout)

    async def aclose(self, timeout: float = 5.0) -> None:  # noqa: ASYNC109 - twin of close
        """Async twin of :meth:`close`."""
        await asyncio.to_thread(self.close, timeout)

    def __enter__(self) -> "ExtractionQueue":
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.close()

    @property
    def retained_bytes(self) -> int:
        """Memory held by the texts of waiting jobs and kept results (at most ``max_bytes``,
        beyond the newest job)."""
        return self._job_bytes + self._result_bytes

    def _drop_oldest_job(self) -> int:
        self._job_bytes -= _size(self._jobs.popleft()[0])
        return 1

    def _trim_results(self) -> None:
        while self.retained_bytes > self.max_bytes and self.results:
            self._result_bytes -= _size(self.results.popleft()[0])

    def _keep_result(self, turn: TurnInput, outcomes: list[WriteOutcome]) -> None:
        with self._lock:
            if self.results.maxlen == 0:
                return
            if len(self.results) == self.results.maxlen:
                self._result_bytes -= _size(self.results.popleft()[0])
            self.results.append((turn, outcomes))
            self._result_bytes += _size(turn)
            self._trim_results()

    @property
    def pending(self) -> int:
        """Jobs waiting or running right now."""
        with self._lock:
            return len(self._jobs) + self._in_flight

    # -- worker side -----------------------------------------------------------------------

    def _start_worker(self) -> None:
        self._worker = threading.Thread(target=self._work, name="memory-extraction", daemon=True)
        self._worker.start()
        _OPEN_QUEUES.add(self)

    def _at_exit(self, began: float) -> None:
        """At interpreter exit: finish within ``exit_timeout`` (counted from ``began``: the
        queues drain in parallel), then say how many turns are dropped."""
        with self._lock:
            if self._closed or not (self._jobs or self._in_flight):
                return
            self._closed = True
        left = self._finish(began + self.exit_timeout, stop=True)
        if left:
            self.stats.incr("dropped_at_exit", left)
            logger.warning(
                "memory extraction: %d turn(s) dropped at interpreter exit, not done within "
                "exit_timeout=%.3gs; call close(timeout) on the queue (or LongTermMemory) "
                "before exiting to wait longer, or raise exit_timeout",
                left,
                self.exit_timeout,
            )

    def _before_store_closes(self) -> None:
        """The ``with`` block of the store ends: write the pending turns while it is open."""
        with self._lock:
            if self._closed or not (self._jobs or self._in_flight):
                return
        left = self._finish(time.monotonic() + self.exit_timeout, stop=False)
        if left:  # the store is gone: what is still running cannot be written either
            with self._lock:
                self._closed = self._stopping = True
                self._has_work.notify_all()
            self.stats.incr("dropped_at_store_close", left)
            logger.warning(
                "memory extraction: %d turn(s) dropped because their store closed before "
                "they were done (exit_timeout=%.3gs); call close(timeout) on the queue (or "
                "LongTermMemory / LongTermMemoryMiddleware) inside the store's `with` block",
                left,
                self.exit_timeout,
            )

    def _finish(self, deadline: float, *, stop: bool) -> int:
        """Wait for pending turns until ``deadline``; drop the waiting ones left and return
        how many turns were not done (with ``stop``, the worker stops too)."""
        self.flush(max(0.0, deadline - time.monotonic()))
        with self._lock:
            left = len(self._jobs) + self._in_flight
            self._jobs.clear()
            self._job_bytes = 0
            if stop:
                self._stopping = True
                self._has_work.notify_all()
        return left

    def _work(self) -> None:
        while True:
            with self._lock:
                while not self._jobs and not self._stopping:
                    self._has_work.wait()
                if not self._jobs:
                    return
                turn, epoch, context = self._jobs.popleft()
                self._job_bytes -= _size(turn)
                self._in_flight += 1
            try:
                if context is None:
                    self._process(turn, epoch)
                else:
                    context.run(self._process, turn, epoch)
            except Exception:  # a bug in one job must not kill the worker
                self.stats.incr("job_errors")
                logger.exception("memory extraction job failed")
            finally:
                released = None
                with self._lock:
                    self._in_flight -= 1
                    if not self._jobs and not self._in_flight:
                        released, self._held_store = self._held_store, None
                    self._idle.notify_all()
                # Dropped outside the lock: the last reference may run the store's finaliser,
                # which closes this queue.
                del released

    @observed(EXTRACTION_SPAN)
    def _process(self, turn: TurnInput, epoch: int) -> None:
        conversation = turn.conversation_id or ""
        key = (turn.principal, conversation)
        previous = turn.previous_pinned_decisions
        # Tracked per processed job: decisions of a dropped job are still new to the next one.
        if previous is None:
            previous = self._pinned.get(key, ())
        self._pinned[key] = tuple(turn.pinned_decisions)
        self._pinned.move_to_end(key)
        while len(self._pinned) > _TRACKED_CONVERSATIONS:
            self._pinned.popitem(last=False)

        promoted = promote_pinned_decisions(turn.pinned_decisions, previous)
        proposed = self._propose(turn) if turn.user_text.strip() else []
        self.stats.incr("promoted", len(promoted))
        # Pinned decisions rank below the latest user text, so the model's candidates go last
        # and win when both name the same memory.
        candidates: list[dict[str, Any]] = [*promoted, *proposed]
        excess = len(candidates) - self.max_candidates
        if excess > 0:  # one turn cannot flood the store, whatever the model returns
            self.stats.incr("candidates_dropped", excess)
            logger.warning(
                "memory extraction kept %d of %d candidates of one turn",
                self.max_candidates,
                len(candidates),
            )
            candidates = candidates[: self.max_candidates]
        outcomes: list[WriteOutcome] = []
        if candidates:
            try:
                # Not written when the user was erased after the turn was queued.
                outcomes = self.engine._remember(turn.writes_to, candidates, conversation, epoch)
                if not outcomes:
                    self.stats.incr("discarded_after_erase")
                    logger.info("memory extraction: a turn queued before its user was erased")
            except ConfigurationError as exc:  # misuse is not an outage: say it loudly, once
                self.stats.incr("configuration_errors")
                if self.stats.get("configuration_errors") == 1:
                    logger.error("memory extraction cannot store candidates: %s", exc)
            except Exception as exc:
                self.stats.incr("write_errors")
                logger.warning("memory extraction write failed: %s: %s", type(exc).__name__, exc)
        for outcome in outcomes:
            self.stats.incr(f"outcome_{outcome}")
        self._keep_result(turn, outcomes)
        self.stats.incr("processed")

    def _propose(self, turn: TurnInput) -> list[dict[str, Any]]:
        extractor = self.extractor
        if extractor is None:
            return []
        with self._lock:
            stalled = self._stalled_calls >= _MAX_STALLED_CALLS
        if stalled:
            self.stats.incr("model_stalled")
            logger.warning("memory extraction skipped: earlier model calls are still hanging")
            return []
        call = _ModelCall(self, extractor, turn)
        if not call.wait(self.job_timeout):
            self.stats.incr("timeouts")
            logger.warning("memory extraction timed out after %.3gs", self.job_timeout)
            return []
        if call.error is not None:
            self.stats.incr("model_errors")
            logger.warning(
                "memory extraction model error: %s: %s", type(call.error).__name__, call.error
            )
            return []
        extraction = call.result or Extraction()
        if extraction.malformed is not None:
            self.stats.incr("malformed")
        if extraction.skipped_items:
            self.stats.incr("malformed_items", extraction.skipped_items)
        self.stats.incr("candidates_proposed", len(extraction.candidates))
        return list(extraction.candidates)


def _as_extractor(extractor: Any) -> MemoryExtractor | None:
    """The extractor the queue calls; a chat model is wrapped, as ``LongTermMemory`` does."""
    if extractor is None or isinstance(extractor, MemoryExtractor):
        return extractor
    if isinstance(extractor, type):
        raise WrongTypeError(
            f"ExtractionQueue got the class {extractor.__name__} as extractor: pass an instance "
            "(a chat model, or MemoryExtractor(model))"
        )
    if callable(getattr(extractor, "invoke", None)):
        return MemoryExtractor(extractor)
    if callable(
        getattr(extractor, "run", None)
    ):  # an extractor of its own: run(turn) -> Extraction
        return cast(MemoryExtractor, extractor)
    raise WrongTypeError(
        "ExtractionQueue takes a MemoryExtractor, a LangChain chat model or None as extractor, "
        f"got {type(extractor).__name__}: pass MemoryExtractor(model) or the chat model itself"
    )


_OPEN_QUEUES: "weakref.WeakSet[ExtractionQueue]" = weakref.WeakSet()
"""Queues with a worker and not closed yet: drained (within a bound) at interpreter exit."""


@atexit.register
def _drain_at_exit() -> None:
    # Registered after ``logging`` was imported, so it runs before logging shuts down.
    began = time.monotonic()
    for queue in list(_OPEN_QUEUES):
        queue._at_exit(began)


class _ModelCall:
    """One model call on its own daemon thread, so a hanging model can be abandoned."""

    def __init__(self, queue: ExtractionQueue, extractor: MemoryExtractor, turn: TurnInput) -> None:
        self._queue = queue
        self._extractor = extractor
        self._turn = turn
        self._done = threading.Event()
        self._abandoned = False
        self.result: Extraction | None = None
        self.error: BaseException | None = None
        # In the job's context: the model's run is a child of the run that queued the turn.
        context = contextvars.copy_context()
        threading.Thread(
            target=context.run, args=(self._run,), name="memory-extraction-call", daemon=True
        ).start()

    def _run(self) -> None:
        try:
            if isinstance(self._extractor, MemoryExtractor):  # the prompt bound of the gates
                gates = self._queue.engine.config.gates
                self.result = self._extractor.run(self._turn, gates=gates)
            else:
                self.result = self._extractor.run(self._turn)
        except BaseException as exc:  # reported by the worker, never raised
            self.error = exc
        finally:
            with self._queue._lock:
                if self._abandoned:
                    self._queue._stalled_calls -= 1
                self._done.set()

    def wait(self, timeout: float) -> bool:
        """Whether the call finished within ``timeout``; if not, it is abandoned."""
        if self._done.wait(timeout):
            return True
        with self._queue._lock:
            if self._done.is_set():
                return True
            self._abandoned = True
            self._queue._stalled_calls += 1
        return False


def _size(turn: TurnInput) -> int:
    """Bytes held by the texts of a turn (what grows with a caller's input)."""
    texts = [turn.user_text, turn.assistant_text, turn.summary, *turn.pinned_decisions]
    texts.extend(turn.previous_pinned_decisions or ())
    return sum(sys.getsizeof(text) for text in texts)
