"""Recall over several scopes at once: the user's own memories, what one assistant keeps
about the user, and an organisation's shared memories, merged into one selection.

Each scope is read and scored on its own (its own records, its own lifts); the hits are
then merged best first within the recall budgets, and a key held by a nearer scope hides
the same key of a farther one: the assistant's note, then the user's own memory, then the
organisation's. Every hit says which scope it came from (``RecallHit.scope``).
"""

from collections.abc import Sequence
from dataclasses import dataclass, replace

from memory_plugins.config import MemoryConfig, RecallConfig
from memory_plugins.errors import ConfigurationError
from memory_plugins.namespaces import agent_namespace, org_namespace
from memory_plugins.principals import PrincipalLike, principal_id, scope_namespace, scope_of
from memory_plugins.recall.types import Consideration, Ranking, RecallHit, SkipReason

__all__ = ["Layer", "merge_hits", "merge_rankings", "recall_layers"]

_NEARNESS = {"agent": 0, "user": 1, "org": 2}


@dataclass(frozen=True, slots=True)
class Layer:
    """One scope a recall reads: its kind and its namespace."""

    scope: str
    namespace: tuple[str, ...]


def recall_layers(
    config: MemoryConfig, principal: PrincipalLike, agent: str | None, org: str | None
) -> tuple[Layer, ...]:
    """The scopes a recall for ``principal`` reads: its own, then the assistant ``agent``'s
    memories about that user, then organisation ``org``'s (each only when named)."""
    scope = scope_of(principal)
    layers = [Layer(scope.kind, scope_namespace(config, scope))]
    if agent is not None:
        if scope.kind != "user":
            raise ConfigurationError(
                "agent= adds an assistant's memories about a user: pass the user as the "
                "principal (or pass Scope.for_agent(...) alone)"
            )
        layers.append(Layer("agent", agent_namespace(config, agent, principal_id(scope))))
    if org is not None:
        if scope.kind == "org":
            raise ConfigurationError("org= adds an organisation's memories to a user's recall")
        layers.append(Layer("org", org_namespace(config, org)))
    return tuple(layers)


def scoped(hits: Sequence[RecallHit], scope: str) -> tuple[RecallHit, ...]:
    """``hits`` marked as coming from ``scope``."""
    if scope == "user":
        return tuple(hits)
    return tuple(replace(hit, scope=scope) for hit in hits)


def merge_hits(
    per_layer: Sequence[Sequence[RecallHit]], config: RecallConfig
) -> tuple[tuple[RecallHit, ...], dict[tuple[str, str], SkipReason]]:
    """The hits of every scope merged best first within ``max_records`` and
    ``max_total_chars``; and why each one left out was (by ``(scope, key)``)."""
    hits = [hit for layer in per_layer for hit in layer]
    nearest: dict[str, int] = {}
    for hit in hits:
        nearness = _NEARNESS.get(hit.scope, 1)
        nearest[hit.record.key] = min(nearest.get(hit.record.key, nearness), nearness)
    dropped: dict[tuple[str, str], SkipReason] = {}
    kept: list[RecallHit] = []
    chars = 0
    ordered = sorted(hits, key=lambda h: (-h.score, _NEARNESS.get(h.scope, 1)))
    for hit in ordered:
        where = (hit.scope, hit.record.key)
        if _NEARNESS.get(hit.scope, 1) > nearest[hit.record.key]:
            dropped[where] = SkipReason.SHADOWED
        elif len(kept) >= config.max_records or chars + len(hit.text) > config.max_total_chars:
            dropped[where] = SkipReason.OVER_BUDGET
        else:
            kept.append(hit)
            chars += len(hit.text)
    return tuple(kept), dropped


def merge_rankings(
    query: str, rankings: Sequence[tuple[str, Ranking]], config: RecallConfig
) -> Ranking:
    """One :class:`Ranking` of every scope's records: the merged hits, and each record's
    consideration marked with its scope (a hit the merge left out says why)."""
    if len(rankings) == 1:
        scope, only = rankings[0]
        if scope == "user":
            return only
    hits, dropped = merge_hits([scoped(r.hits, scope) for scope, r in rankings], config)
    order = {(hit.scope, hit.record.key): index for index, hit in enumerate(hits)}
    considered: list[Consideration] = []
    for scope, ranking in rankings:
        for seen in ranking.considered:
            reason = dropped.get((scope, seen.record.key))
            if seen.selected and reason is not None:
                considered.append(replace(seen, scope=scope, selected=False, reason=reason))
            else:
                considered.append(replace(seen, scope=scope))
    selected = sorted(
        (c for c in considered if c.selected), key=lambda c: order[(c.scope, c.record.key)]
    )
    rest = sorted((c for c in considered if not c.selected), key=lambda c: -c.total)
    return Ranking(query=query, hits=hits, considered=(*selected, *rest))
