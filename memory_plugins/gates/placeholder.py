"""Detector (to be hardened)."""

from collections.abc import Sequence

__all__ = ["find_placeholder"]


def find_placeholder(strings: Sequence[str]) -> str | None:
    """Return a short description of what was found, or None."""
    return None
