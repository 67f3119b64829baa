"""Checks at the public boundary: a wrong kind of argument fails at once, naming the fix.

A mistake such as passing a store class instead of an instance, or a single candidate
where a list belongs, would otherwise switch memory off without a word (every store call
"fails" and degrades, every key of a dict is rejected as a candidate). These helpers turn
it into a :class:`~memory_plugins.errors.WrongTypeError` at construction or at the call.

>>> require_query("which tea?", "recall")
'which tea?'
>>> require_candidates({"type": "user_preference"}, "remember")
Traceback (most recent call last):
...
memory_plugins.errors.WrongTypeError: remember takes a list of candidates, got one dict: pass [candidate]
"""

from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any

from memory_plugins.errors import WrongTypeError

if TYPE_CHECKING:
    from memory_plugins.config import MemoryConfig

__all__ = [
    "kind_of",
    "require_candidates",
    "require_config",
    "require_query",
    "store_problem",
]

_OPEN_A_STORE = (
    "open one with memory_plugins.backends.sqlite_store(path) or postgres_store(url) "
    "(`with sqlite_store('memory.sqlite') as store: ...`), or pass InMemoryStore()"
)


def kind_of(value: Any) -> str:
    """How ``value`` is named in an error: its type's name, or ``the class X``."""
    return f"the class {value.__name__}" if isinstance(value, type) else type(value).__name__


def store_problem(value: Any) -> str | None:
    """Why ``value`` is not a usable LangGraph store, or ``None`` when it is one."""
    from memory_plugins.config import MemoryConfig

    if isinstance(value, type):
        return (
            f"got the class {value.__name__}, not a store: pass an instance "
            f"({value.__name__}(...)), or {_OPEN_A_STORE}"
        )
    if isinstance(value, MemoryConfig):
        return (
            "got a MemoryConfig where the store belongs: the order is MemoryEngine(store, config)"
        )
    if callable(getattr(value, "__enter__", None)) and not callable(getattr(value, "batch", None)):
        return (
            f"got a context manager ({type(value).__name__}), not a store: open it with "
            "`with sqlite_store(path) as store:` (or `with SqliteStore.from_conn_string(...) "
            "as store:`) and pass `store`"
        )
    if not callable(getattr(value, "batch", None)):
        return (
            "expected a LangGraph BaseStore (InMemoryStore, SqliteStore, PostgresStore, ...), "
            f"got {kind_of(value)}: {_OPEN_A_STORE}"
        )
    return None


def require_config(value: Any, where: str) -> "MemoryConfig":
    """``value`` when it is a ``MemoryConfig``; else a ``WrongTypeError`` saying how to build one."""
    from memory_plugins.config import MemoryConfig

    if isinstance(value, MemoryConfig):
        return value
    if isinstance(value, Mapping):
        raise WrongTypeError(
            f"{where} takes a MemoryConfig, got a dict: build one with MemoryConfig(**settings)"
        )
    if store_problem(value) is None:
        raise WrongTypeError(
            f"{where} got a store ({kind_of(value)}) where the MemoryConfig belongs: "
            "check the argument order, MemoryEngine(store, config)"
        )
    raise WrongTypeError(
        f"{where} takes a MemoryConfig, got {kind_of(value)}: pass MemoryConfig(principal_secret=...)"
    )


def require_candidates(value: Any, where: str) -> Iterable[Any]:
    """``value`` when it is an iterable of candidates (not one candidate, not a string)."""
    from memory_plugins.candidate import MemoryCandidate

    if isinstance(value, Mapping):
        raise WrongTypeError(f"{where} takes a list of candidates, got one dict: pass [candidate]")
    if isinstance(value, MemoryCandidate):
        raise WrongTypeError(
            f"{where} takes a list of candidates, got one MemoryCandidate: pass [candidate]"
        )
    if isinstance(value, str | bytes):
        raise WrongTypeError(
            f"{where} takes a list of S1 candidate objects, got a {type(value).__name__}: text "
            "is not a candidate; pass [{'type': ..., 'text': ..., ...}] (or queue the turn on an "
            "ExtractionQueue, which asks the model for candidates)"
        )
    if not isinstance(value, Iterable):
        raise WrongTypeError(
            f"{where} takes a list of candidates, got {kind_of(value)}: pass [candidate, ...]"
        )
    return value


def require_query(value: Any, where: str) -> str:
    """``value`` when it is the query text; messages or other objects are a ``WrongTypeError``."""
    if isinstance(value, str):
        return value
    if isinstance(value, list | tuple):
        raise WrongTypeError(
            f"{where} takes the query text (the latest user message as a str), got a "
            f"{type(value).__name__}: pass the message's text, e.g. messages[-1].content, or "
            "let an adapter pick it (LongTermMemory, with_long_term_memory, LongTermMemoryBlock)"
        )
    if hasattr(value, "content"):
        raise WrongTypeError(
            f"{where} takes the query text (a str), got a {type(value).__name__}: "
            "pass its text (message.content)"
        )
    raise WrongTypeError(
        f"{where} takes the query text (a str), got {kind_of(value)}: "
        "pass the latest user message's text"
    )
