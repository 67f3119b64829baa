"""The canonical actions of an intent anchor (S6).

>>> IntentAction("summarize"), IntentAction.parse("rewrite")
(<IntentAction.SUMMARIZE: 'summarize'>, <IntentAction.UNKNOWN: 'unknown'>)
"""

from enum import StrEnum

__all__ = ["IntentAction"]


class IntentAction(StrEnum):
    """What a request asks for. Anything that is not one of these is ``unknown``."""

    MODIFY = "modify"
    GENERATE = "generate"
    VERIFY = "verify"
    TRANSLATE = "translate"
    SUMMARIZE = "summarize"
    EXPLAIN = "explain"
    DELETE = "delete"
    COMPARE = "compare"
    SEARCH = "search"
    UNKNOWN = "unknown"

    @classmethod
    def parse(cls, value: str) -> "IntentAction":
        """The action named ``value`` (case-insensitive), else ``unknown``."""
        try:
            return cls(value.strip().lower())
        except ValueError:
            return cls.UNKNOWN
