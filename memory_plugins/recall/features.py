"""Write-time features (interim: to be replaced by the full scorer's features)."""

from typing import Any

from memory_plugins.candidate import Identity, MemoryType

__all__ = ["compute_features"]


def compute_features(
    memory_type: MemoryType, text: str, tags: tuple[str, ...], identity: Identity
) -> dict[str, Any]:
    """JSON-able features the scorer needs, computed once when the record is written."""
    return {"tags": [t.lower() for t in tags]}
