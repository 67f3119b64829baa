"""Memory's own steps as runs in LangChain's callback system (what LangSmith shows).

Recall and the queueing of extraction each open a chain run, a child of the run whose
``config`` is given (the model node of an agent, the ``long_term_memory`` runnable), so a
tracer shows what memory did in a turn: how many memories were selected (and their keys),
whether recall degraded, and whether the turn was queued for extraction. The extraction
itself runs later, off the answer's path, on the extraction queue; its model call is a
child run of ``memory_extraction``.
"""

import contextvars
from collections.abc import Callable
from typing import Any

from langchain_core.runnables import RunnableConfig
from langchain_core.runnables.config import (
    get_async_callback_manager_for_config,
    get_callback_manager_for_config,
    var_child_runnable_config,
)

from memory_plugins.engine import MemoryEngine, RecallResult
from memory_plugins.principals import PrincipalLike

__all__ = ["EXTRACTION_RUN", "RECALL_RUN", "arecall_run", "extraction_run", "recall_run"]

RECALL_RUN = "memory_recall"
EXTRACTION_RUN = "memory_extraction"


def _summary(result: RecallResult) -> dict[str, Any]:
    return {
        "selected": len(result.hits),
        "keys": [hit.record.key for hit in result.hits],
        "scopes": [hit.scope for hit in result.hits],
        "degraded": result.degraded,
        "injected": result.message is not None,
    }


def recall_run(
    engine: MemoryEngine,
    principal: PrincipalLike,
    query: str,
    config: RunnableConfig,
    *,
    agent: str | None = None,
    org: str | None = None,
) -> RecallResult:
    """``engine.recall(principal, query, agent=..., org=...)`` as the chain run
    ``memory_recall``."""
    manager = get_callback_manager_for_config(config)
    run = manager.on_chain_start(None, {"query": query}, name=RECALL_RUN)
    try:
        result = engine.recall(principal, query, agent=agent, org=org)
    except BaseException as exc:
        run.on_chain_error(exc)
        raise
    run.on_chain_end(_summary(result))
    return result


async def arecall_run(
    engine: MemoryEngine,
    principal: PrincipalLike,
    query: str,
    config: RunnableConfig,
    *,
    agent: str | None = None,
    org: str | None = None,
) -> RecallResult:
    """Async twin of :func:`recall_run`."""
    manager = get_async_callback_manager_for_config(config)
    run = await manager.on_chain_start(None, {"query": query}, name=RECALL_RUN)
    try:
        result = await engine.arecall(principal, query, agent=agent, org=org)
    except BaseException as exc:
        await run.on_chain_error(exc)
        raise
    await run.on_chain_end(_summary(result))
    return result


def _traced_only(manager: Any) -> Any:
    """``manager`` without the handlers that stream a run's output to the application
    (LangGraph's ``messages`` stream, ``astream_events``, ``astream_log``: each taps outputs
    with ``tap_output_iter``): the extraction model's call is traced, never streamed as if
    it were the answer."""

    def streams(handler: Any) -> bool:
        return callable(getattr(handler, "tap_output_iter", None)) or callable(
            getattr(handler, "tap_output_aiter", None)
        )

    manager.handlers = [h for h in manager.handlers if not streams(h)]
    manager.inheritable_handlers = [h for h in manager.inheritable_handlers if not streams(h)]
    return manager


def extraction_run(submit: Callable[[contextvars.Context], bool], config: RunnableConfig) -> bool:
    """``submit(context)`` (queueing a finished turn) as the chain run ``memory_extraction``.

    ``context`` is what the queued job runs in: the extraction model's own run, made later
    on the queue's thread, is a child of this one (LangSmith shows it under the turn).
    """
    manager = get_callback_manager_for_config(config)
    run = manager.on_chain_start(None, {"turn": "finished"}, name=EXTRACTION_RUN)
    context = contextvars.copy_context()
    context.run(var_child_runnable_config.set, {"callbacks": _traced_only(run.get_child())})
    try:
        queued = submit(context)
    except BaseException as exc:
        run.on_chain_error(exc)
        raise
    run.on_chain_end({"queued": queued})
    return queued
