"""Human-readable and JSON views of a :class:`~memory_plugins.recall.types.Ranking`.

The table is what ``print(ranking)`` shows, so it is written next to the ranking, in
:mod:`memory_plugins.recall.types`; it is offered here too, with the JSON view.

>>> from memory_plugins.recall.types import Ranking
>>> print(format_explanation(Ranking(query="hello", hits=(), considered=())))
query: hello
no records to consider
"""

from typing import Any

from memory_plugins.recall.types import Consideration, format_explanation

__all__ = ["consideration_json", "format_explanation"]


def consideration_json(item: Consideration) -> dict[str, Any]:
    """One consideration as plain JSON (for ``--json`` output and logs)."""
    return {
        "key": item.record.key,
        "type": item.record.type.value,
        "status": item.record.status.value,
        "scores": dict(item.scores),
        "total": item.total,
        "selected": item.selected,
        "reason": item.reason.value if item.reason else None,
        "matched": {k: list(v) for k, v in item.matched.items()},
        "text": item.record.text,
        "cues": list(item.record.cues),
        "other_senses": list(item.record.other_senses),
        "scope": item.scope,
    }
