"""Structured slices for a chat turn: extract, store, trigger, check, take feedback (S6).

:class:`SliceMemory` is what an adapter calls. ``observe`` runs per user turn: it
extracts the intent anchor and the constraint snapshot, evaluates the explicit and
implicit triggers against what is already stored, then upserts the new slices (anchor
and snapshot linked to each other). ``check`` is the correction trigger for an
assistant output; ``feedback`` applies adopt / reject / regenerate. Store failures
never reach the chat: ``observe`` and ``check`` degrade to no slices.

>>> from langgraph.store.memory import InMemoryStore
>>> from memory_plugins import MemoryConfig
>>> from memory_plugins.clock import FrozenClock
>>> slices = SliceMemory(InMemoryStore(), MemoryConfig(principal_secret="0123456789abcdef"),
...                      clock=FrozenClock())
>>> turn = slices.observe("alice", "写三封催款邮件，每封不超过200字", conversation_id="c1")
>>> turn.anchor.key, turn.snapshot.to_dict()
('generate:email', {'max_count': 3, 'max_length': 200})
>>> again = slices.observe("alice", "按上次的格式再写一封", conversation_id="c2")
>>> [(a.reason.value, [s.data for s in a.snapshots]) for a in again.activations]
[('explicit_reference', [{'max_count': 3, 'max_length': 200}])]
>>> [v.field for v in slices.check("alice", "1. a\\n2. b\\n3. c\\n4. d").violations]
['max_count']
"""

import asyncio
import hashlib
import logging
import threading
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from memory_plugins.arguments import require_config
from memory_plugins.clock import Clock
from memory_plugins.config import MemoryConfig
from memory_plugins.errors import SnapshotValidationError
from memory_plugins.outcomes import EngineStats
from memory_plugins.slices.anchors import IntentAnchor, IntentExtractor
from memory_plugins.slices.checker import check_output
from memory_plugins.slices.constraints import ConstraintSnapshot, extract_constraints
from memory_plugins.slices.feedback import (
    FeedbackKind,
    FeedbackOutcome,
    FeedbackSignal,
    apply_feedback,
)
from memory_plugins.slices.packs import DomainPacks, PackSource
from memory_plugins.slices.records import SliceRecord, SliceType
from memory_plugins.slices.store import SliceStore
from memory_plugins.slices.triggers import (
    Activation,
    ActivationReason,
    domain_streaks,
    find_explicit_reference,
)
from memory_plugins.store import StoreGateway, StoreLike

__all__ = ["SliceMemory", "TurnSlices"]

logger = logging.getLogger("memory_plugins")

_STREAK_HISTORY = 20
_STREAK_LOCKS = 16
_RECENT_FEEDBACK = 3


@dataclass(frozen=True, slots=True)
class TurnSlices:
    """What one user turn produced: its anchor and snapshot, and the slices it activated.

    ``stored`` lists the slices written; ``degraded`` is true when the store failed.
    """

    anchor: IntentAnchor
    snapshot: ConstraintSnapshot
    activations: tuple[Activation, ...]
    stored: tuple[tuple[SliceType, str], ...] = ()
    degraded: bool = False


class SliceMemory:
    """Anchors, snapshots, feedback and triggers over one LangGraph store.

    >>> from langgraph.store.memory import InMemoryStore
    >>> from memory_plugins import MemoryConfig
    >>> memory = SliceMemory(InMemoryStore(), MemoryConfig(principal_secret="0123456789abcdef"))
    >>> memory.observe("u1", "Give me 3 titles").stored
    ((<SliceType.ANCHOR: 'anchor'>, 'generate:title'), (<SliceType.SNAPSHOT: 'snapshot'>, 'generate:title'))
    """

    def __init__(
        self,
        store: StoreLike | StoreGateway,
        config: MemoryConfig,
        *,
        clock: Clock | None = None,
        extractor: IntentExtractor | None = None,
        packs: Iterable[PackSource] = (),
        stats: EngineStats | None = None,
    ) -> None:
        self.config = require_config(config, "SliceMemory")
        self.extractor = extractor or IntentExtractor(DomainPacks(packs))
        self.store = SliceStore(store, config, clock=clock, stats=stats)
        self._streak_locks = [threading.Lock() for _ in range(_STREAK_LOCKS)]

    @property
    def stats(self) -> EngineStats:
        """Counters: ``slice_read_failures``, ``slice_write_failures``, activations, …"""
        return self.store.stats

    # -- per turn ----------------------------------------------------------------------------

    def observe(
        self, principal: str, text: str, *, conversation_id: str | None = None
    ) -> TurnSlices:
        """Extract, trigger and store the slices of one user utterance. Never raises on store failure."""
        anchor = self.extractor.extract(text)
        snapshot = extract_constraints(text)
        failures_before = self._failures()
        activations: list[Activation] = []
        phrase = find_explicit_reference(text)
        anchors: list[SliceRecord] | None = None
        if phrase is not None:
            anchors = self.store.active(principal, SliceType.ANCHOR)
            explicit = self._explicit(principal, anchor, phrase, anchors)
            if explicit is not None:
                activations.append(explicit)
        domains = sorted(self.extractor.packs.domains(text))
        streaks = self._update_streak(principal, conversation_id, domains)
        for domain, length in sorted(streaks.items()):
            if anchors is None:
                anchors = self.store.active(principal, SliceType.ANCHOR)
            recent = [a for a in anchors if a.domain == domain][
                : self.config.slices.implicit_trigger_anchors
            ]
            if recent:
                activations.append(
                    Activation(
                        ActivationReason.IMPLICIT_DOMAIN,
                        f"{domain} in {length} consecutive turns: loaded its {len(recent)} most recent anchors",
                        anchors=tuple(recent),
                        domain=domain,
                    )
                )
        stored = self._store_turn(principal, anchor, snapshot, conversation_id)
        for activation in activations:
            self.stats.incr(f"slice_activation_{activation.reason.value}")
        return TurnSlices(
            anchor,
            snapshot,
            tuple(activations),
            stored,
            degraded=self._failures() > failures_before,
        )

    async def aobserve(
        self, principal: str, text: str, *, conversation_id: str | None = None
    ) -> TurnSlices:
        """Async twin of :meth:`observe`."""
        return await asyncio.to_thread(
            self.observe, principal, text, conversation_id=conversation_id
        )

    def check(self, principal: str, output: str, *, key: str | None = None) -> Activation | None:
        """The correction trigger: the active snapshot's violations in ``output``, or None.

        The active snapshot is the one keyed ``key`` (an anchor key such as
        ``generate:email``) or else the most recent one. The activation also carries the
        three most recent feedback signals, for the caller's next attempt.
        """
        if key is not None:
            found = self.store.get(principal, SliceType.SNAPSHOT, key)
            snapshots = [found] if found else []
        else:
            snapshots = self.store.active(principal, SliceType.SNAPSHOT)[:1]
        if not snapshots:
            return None
        record = snapshots[0]
        try:
            snapshot = ConstraintSnapshot.from_dict(record.data)
        except SnapshotValidationError:
            logger.warning("slices: stored snapshot %r no longer validates; ignored", record.key)
            return None
        violations = check_output(snapshot, output)
        if not violations:
            return None
        feedback = self.store.active(principal, SliceType.FEEDBACK)[:_RECENT_FEEDBACK]
        self.stats.incr(f"slice_activation_{ActivationReason.CORRECTION.value}")
        return Activation(
            ActivationReason.CORRECTION,
            "output violates "
            + ", ".join(v.field for v in violations)
            + f" of snapshot {record.key}",
            snapshots=(record,),
            violations=tuple(violations),
            feedback=tuple(feedback),
        )

    async def acheck(
        self, principal: str, output: str, *, key: str | None = None
    ) -> Activation | None:
        """Async twin of :meth:`check`."""
        return await asyncio.to_thread(self.check, principal, output, key=key)

    # -- management (may raise StoreUnavailableError) ------------------------------------------

    def feedback(
        self,
        principal: str,
        kind: FeedbackKind | str,
        slice_type: SliceType | str,
        key: str,
        *,
        note: str | None = None,
        conversation_id: str | None = None,
    ) -> FeedbackOutcome:
        """Apply ``adopt`` / ``reject`` / ``regenerate`` to a stored anchor or snapshot."""
        signal = FeedbackSignal(FeedbackKind(kind), SliceType(slice_type), key, note)
        return apply_feedback(self.store, principal, signal, conversation_id=conversation_id)

    async def afeedback(
        self,
        principal: str,
        kind: FeedbackKind | str,
        slice_type: SliceType | str,
        key: str,
        *,
        note: str | None = None,
        conversation_id: str | None = None,
    ) -> FeedbackOutcome:
        """Async twin of :meth:`feedback`."""
        return await asyncio.to_thread(
            self.feedback,
            principal,
            kind,
            slice_type,
            key,
            note=note,
            conversation_id=conversation_id,
        )

    def sweep(self, principal: str | None = None) -> int:
        """Physically remove expired slices (one principal's, or every principal's)."""
        return self.store.sweep(principal) if principal is not None else self.store.sweep_all()

    def clear(self, principal: str) -> int:
        """Erase all of a principal's slices."""
        return self.store.clear(principal)

    # -- internals ---------------------------------------------------------------------------

    def _failures(self) -> int:
        return self.stats.get("slice_read_failures") + self.stats.get("slice_write_failures")

    def _explicit(
        self, principal: str, anchor: IntentAnchor, phrase: str, anchors: Sequence[SliceRecord]
    ) -> Activation | None:
        chosen, how = _match_anchor(anchor, anchors)
        snapshots: list[SliceRecord] = []
        if chosen is not None:
            linked = [ref for ref in chosen.links if ref[0] is SliceType.SNAPSHOT]
            found = self.store.get(principal, SliceType.SNAPSHOT, linked[0][1]) if linked else None
            if found is None:
                found = self.store.get(principal, SliceType.SNAPSHOT, chosen.key)
            snapshots = [found] if found else []
        else:
            recent = self.store.active(principal, SliceType.SNAPSHOT)[:1]
            snapshots, how = recent, "the most recent snapshot"
        if chosen is None and not snapshots:
            return None
        target = chosen.key if chosen else snapshots[0].key
        return Activation(
            ActivationReason.EXPLICIT_REFERENCE,
            f"{phrase!r} refers to an earlier request: loaded {how} ({target})",
            anchors=(chosen,) if chosen else (),
            snapshots=tuple(snapshots),
            domain=chosen.domain if chosen else None,
            phrase=phrase,
        )

    def _update_streak(
        self, principal: str, conversation_id: str | None, domains: list[str]
    ) -> dict[str, int]:
        key = conversation_id or "-"
        digest = hashlib.blake2b(f"{principal}\x1f{key}".encode(), digest_size=2).digest()
        # A read-modify-write: two turns of one conversation at once must both be counted.
        with self._streak_locks[int.from_bytes(digest) % _STREAK_LOCKS]:
            state = self.store.get(principal, SliceType.STREAK, key)
            history = [list(d) for d in state.data.get("turns", [])] if state else []
            history = [*history, domains][-_STREAK_HISTORY:]
            if state is not None or domains:
                record = self.store.new_record(
                    SliceType.STREAK, key, {"turns": history}, conversation_id=conversation_id
                )
                self.store.put(principal, [record])
        return domain_streaks(history, self.config.slices.implicit_trigger_turns)

    def _store_turn(
        self,
        principal: str,
        anchor: IntentAnchor,
        snapshot: ConstraintSnapshot,
        conversation_id: str | None,
    ) -> tuple[tuple[SliceType, str], ...]:
        records: list[SliceRecord] = []
        has_anchor = anchor.is_task
        has_snapshot = not snapshot.is_empty
        if has_anchor:
            links = [(SliceType.SNAPSHOT, anchor.key)] if has_snapshot else []
            records.append(
                self.store.new_record(
                    SliceType.ANCHOR,
                    anchor.key,
                    anchor.to_dict(),
                    links=links,
                    domain=anchor.domain,
                    conversation_id=conversation_id,
                )
            )
        if has_snapshot:
            links = [(SliceType.ANCHOR, anchor.key)] if has_anchor else []
            records.append(
                self.store.new_record(
                    SliceType.SNAPSHOT,
                    anchor.key,
                    snapshot.to_dict(),
                    links=links,
                    domain=anchor.domain,
                    conversation_id=conversation_id,
                )
            )
        if not records:
            return ()
        try:
            written = self.store.put(principal, records)
        except SnapshotValidationError as exc:
            # Extraction keeps snapshots valid; if one is not, it is dropped, never stored.
            self.stats.incr("slice_invalid_snapshots")
            logger.warning("slices: invalid snapshot not stored: %s", exc)
            return ()
        return tuple(r.ref for r in records) if written else ()


def _match_anchor(
    anchor: IntentAnchor, anchors: Sequence[SliceRecord]
) -> tuple[SliceRecord | None, str]:
    """The most recent stored anchor with the same target, else the same domain, else any."""
    if anchor.target_id:
        same = [a for a in anchors if a.data.get("target_id") == anchor.target_id]
        if same:
            return same[0], f"the last anchor about {anchor.target}"
    if anchor.domain:
        same = [a for a in anchors if a.domain == anchor.domain]
        if same:
            return same[0], f"the last {anchor.domain} anchor"
    if anchors:
        return anchors[0], "the most recent anchor"
    return None, ""
