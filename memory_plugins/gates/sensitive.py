"""Detector (to be hardened)."""

from collections.abc import Sequence

__all__ = ["find_sensitive"]


def find_sensitive(strings: Sequence[str]) -> str | None:
    """Return a short description of what was found, or None."""
    return None
