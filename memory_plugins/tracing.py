"""Observing memory: OpenTelemetry spans and DEBUG events for recall, writes and extraction.

Each recall, write (``remember``) and extraction job is a span — ``memory.recall``,
``memory.write``, ``memory.extraction`` — when ``opentelemetry-api`` is installed (the
``otel`` extra; spans go wherever the application's tracer provider sends them, and nowhere
without one). Every one is also logged at DEBUG on the ``memory_plugins`` logger as a
structured event: ``record.event`` names it and ``record.memory`` holds its fields.
Spans and events carry counts, outcomes and reason codes only: never a memory's text, a
query, a key (keys are made of memory words) nor a user id or its hash.

>>> recall_fields(RecallResultLike(hits=(), degraded=False, message=None))
{'selected': 0, 'degraded': False, 'injected': False}
"""

import functools
import logging
from collections import Counter
from collections.abc import Awaitable, Callable, Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from typing import Any, ParamSpec, Protocol, TypeVar

__all__ = [
    "EXTRACTION_SPAN",
    "RECALL_SPAN",
    "WRITE_SPAN",
    "Fields",
    "RecallResultLike",
    "aobserved",
    "observed",
    "recall_fields",
    "write_fields",
]

logger = logging.getLogger("memory_plugins")

RECALL_SPAN = "memory.recall"
WRITE_SPAN = "memory.write"
EXTRACTION_SPAN = "memory.extraction"

Fields = dict[str, int | bool | str | tuple[str, ...]]
"""A span's attributes (each named ``memory.<field>``), which the DEBUG event carries too."""

P = ParamSpec("P")
R = TypeVar("R")

# The write fields of the extraction job running in this context (``None``: none runs).
_gathered: ContextVar[Counter[str] | None] = ContextVar("memory_plugins_gathered", default=None)


@dataclass(frozen=True, slots=True)
class RecallResultLike:
    """What :func:`recall_fields` reads of a recall result (for the example)."""

    hits: Sequence[Any]
    degraded: bool
    message: str | None


class _RecallResult(Protocol):
    @property
    def hits(self) -> Sequence[Any]: ...
    @property
    def degraded(self) -> bool: ...
    @property
    def message(self) -> str | None: ...


def recall_fields(result: _RecallResult) -> Fields:
    """How many memories a recall selected, whether it degraded, whether it injected."""
    return {
        "selected": len(result.hits),
        "degraded": result.degraded,
        "injected": result.message is not None,
    }


def write_fields(outcomes: Sequence[Any]) -> Fields:
    """Candidates written, how many had each outcome, and the reason codes of rejections."""
    fields: Fields = {"candidates": len(outcomes)}
    statuses = Counter(str(o.status.value) for o in outcomes)
    codes = Counter(str(o.code.value) for o in outcomes if o.code is not None)
    fields.update({f"outcome.{status}": n for status, n in sorted(statuses.items())})
    fields.update({f"rejected.{code}": n for code, n in sorted(codes.items())})
    fields["codes"] = tuple(sorted(codes))
    gathered = _gathered.get()
    if gathered is not None:  # an extraction job is running here: it reports the sum
        gathered.update({k: v for k, v in fields.items() if isinstance(v, int)})
    return fields


def _extraction_fields() -> Fields:
    gathered = _gathered.get() or Counter()
    fields: Fields = {"candidates": gathered.get("candidates", 0)}
    fields.update({k: v for k, v in sorted(gathered.items()) if k != "candidates"})
    fields["codes"] = tuple(
        sorted(k.split(".", 1)[1] for k in gathered if k.startswith("rejected."))
    )
    return fields


def observed(
    name: str, describe: Callable[[Any], Fields] | None = None
) -> Callable[[Callable[P, R]], Callable[P, R]]:
    """Run the decorated function as the span ``name``, its fields from ``describe(result)``.

    For ``memory.extraction`` the fields are the sum of the writes the job made.
    """

    def decorate(function: Callable[P, R]) -> Callable[P, R]:
        @functools.wraps(function)
        def wrapper(*args: P.args, **kwargs: P.kwargs) -> R:
            gathering = _gathered.set(Counter()) if name == EXTRACTION_SPAN else None
            try:
                with _span(name) as span:
                    result = function(*args, **kwargs)
                    if gathering is not None and _reporting(span):
                        _report(span, name, _extraction_fields())
                    elif describe is not None and _reporting(span):
                        _report(span, name, describe(result))
                    return result
            finally:
                if gathering is not None:
                    _gathered.reset(gathering)

        return wrapper

    return decorate


def aobserved(
    name: str, describe: Callable[[Any], Fields]
) -> Callable[[Callable[P, Awaitable[R]]], Callable[P, Awaitable[R]]]:
    """:func:`observed` for a coroutine function."""

    def decorate(function: Callable[P, Awaitable[R]]) -> Callable[P, Awaitable[R]]:
        @functools.wraps(function)
        async def wrapper(*args: P.args, **kwargs: P.kwargs) -> R:
            with _span(name) as span:
                result = await function(*args, **kwargs)
                if _reporting(span):
                    _report(span, name, describe(result))
                return result

        return wrapper

    return decorate


@contextmanager
def _span(name: str) -> Iterator[Any]:
    tracer = _get_tracer()
    if tracer is None:
        yield None
        return
    # Exceptions are marked by type only: their messages may quote what was stored.
    with tracer.start_as_current_span(
        name, record_exception=False, set_status_on_exception=False
    ) as span:
        try:
            yield span
        except BaseException as exc:
            from opentelemetry.trace import Status, StatusCode

            span.set_status(Status(StatusCode.ERROR, type(exc).__name__))
            raise


def _reporting(span: Any) -> bool:
    """Whether :func:`_report` has anywhere to put fields: a recording span or DEBUG logs."""
    return (span is not None and span.is_recording()) or logger.isEnabledFor(logging.DEBUG)


def _report(span: Any, name: str, fields: Fields) -> None:
    if span is not None and span.is_recording():
        span.set_attributes({f"memory.{key}": value for key, value in fields.items()})
    if logger.isEnabledFor(logging.DEBUG):
        logger.debug("%s %s", name, fields, extra={"event": name, "memory": fields})


def _get_tracer() -> Any:
    """The package's tracer, or ``None`` while no tracer provider is set (its spans would
    record nothing) or without the otel extra."""
    proxy = _proxy_tracer()
    if proxy is None:
        return None
    from opentelemetry import trace

    if isinstance(trace.get_tracer_provider(), trace.ProxyTracerProvider):
        return None
    return proxy


@functools.cache
def _proxy_tracer() -> Any:
    # One proxy tracer: it follows whatever provider the application sets, even later.
    try:
        from opentelemetry import trace
    except ImportError:  # the otel extra is not installed: DEBUG events only
        return None
    return trace.get_tracer("memory_plugins")
