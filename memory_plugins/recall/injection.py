"""Injection message (interim)."""

from collections.abc import Sequence

from memory_plugins.recall.types import RecallHit

__all__ = ["render_memory_message"]


def render_memory_message(hits: Sequence[RecallHit]) -> str:
    """The system message carrying the selected memories."""
    lines = "\n".join(f"- {h.text}" for h in hits)
    return f"Long-term memory (supplementary; the latest user message wins):\n{lines}"
