"""Detector (to be hardened)."""

from memory_plugins.candidate import Identity

__all__ = ["find_identity_problem"]


def find_identity_problem(identity: Identity) -> str | None:
    """Return why the identity is unusable, or None."""
    if not (identity.subject or "").strip() and not (identity.facet or "").strip():
        return "identity is empty"
    return None
