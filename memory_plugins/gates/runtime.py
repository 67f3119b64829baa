"""Detector (to be hardened)."""

from collections.abc import Sequence

__all__ = ["find_runtime_data"]


def find_runtime_data(strings: Sequence[str]) -> str | None:
    """Return a short description of what was found, or None."""
    return None
