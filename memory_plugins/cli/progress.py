"""A progress bar on the terminal for long-running commands, and nothing anywhere else.

The bar goes to standard error and only when it is a terminal, so standard output (JSON
lines, tables) is never touched and piped or captured runs print exactly what they did.
``tqdm`` comes with the ``bench`` extra; without it there is no bar.
"""

import sys
from collections.abc import Iterable, Iterator
from typing import TypeVar

__all__ = ["progress"]

T = TypeVar("T")


def progress(items: Iterable[T], *, total: int | None = None, what: str = "") -> Iterator[T]:
    """``items`` unchanged, with a bar on a terminal's standard error while they are taken.

    >>> list(progress([1, 2, 3], what="lines"))  # not a terminal here: no bar
    [1, 2, 3]
    """
    stream = sys.stderr
    if not (hasattr(stream, "isatty") and stream.isatty()):
        yield from items
        return
    try:
        from tqdm import tqdm
    except ImportError:  # the bench extra is not installed: no bar
        yield from items
        return
    yield from tqdm(items, total=total, desc=what or None, file=stream, leave=False)
