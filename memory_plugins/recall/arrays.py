"""Per-dimension postings of a namespace's records, by row, to score a query in arrays.

:class:`ScoringRows` gives each record a query touched a *row*, and keeps, per dimension of
:mod:`memory_plugins.recall.scoring`, postings from what a query can hold to those rows:

* *needles*: each distinct tag, identity part, whole text and cue (the needle, with the tag,
  part value or cue as written) and the rows holding it (with the part or cue position).
  A needle matches when it is a substring of the query's canonical form; every word piece
  and CJK pair or single character of a matching needle is then one of the query's
  (:func:`query_keys`), so each needle is filed under one of its own (:func:`needle_keys`)
  and a query visits only the needles filed under its keys — one test per distinct needle
  instead of one per record;
* *words*: each word and CJK pair of the records' texts (for ``ascii_tokens`` and
  ``cjk_phrases``), of each identity part (``identity`` phrases), and the words marked
  strong, written as names or as short lower-case words (what ``ascii_tokens`` weighs and
  how case clashes are told);
* per row: the type, whether active, the confidence, and a number whose order is the
  scorer's order among equal scores (most recent change first, then key).

Rows are given when a query first needs the record (so a cold read costs nothing more),
and taken back when the record is removed or replaced, in place, under the
:class:`~memory_plugins.recall.index.RecordIndex`'s lock. ``numpy`` reads the postings
without a copy (``array('i')`` buffers).
"""

from __future__ import annotations

from array import array
from bisect import bisect_left
from typing import Any

from memory_plugins.candidate import MemoryRecord, MemoryType, RecordStatus
from memory_plugins.recall.features import features_of
from memory_plugins.recall.text import is_cjk

__all__ = ["TYPES", "ScoringRows", "needle_keys", "query_keys"]

TYPES = tuple(MemoryType)
"""The record types, by the code a row holds."""
_CODE = {kind: code for code, kind in enumerate(TYPES)}

Needle = tuple[str, ...]
"""``("t", needle, tag)``, ``("i", needle, part value)``, ``("x", needle)`` or
``("c", needle, cue)``."""

_STEP = 1024.0
"""Spacing of the order numbers when they are laid out anew."""


def needle_keys(pin: str) -> list[str]:
    """The keys of a needle or canonical form: its words, and the pairs of adjacent
    characters of its CJK pieces (a single-character piece as itself).

    >>> needle_keys(" oolong tea ") + needle_keys("乌龙茶") + needle_keys(" 茶 2 ")
    ['oolong', 'tea', '乌龙', '龙茶', '茶', '2']
    """
    keys: list[str] = []
    for piece in pin.split():
        if is_cjk(piece[0]):  # canonical pieces are whole CJK runs or whole words
            if len(piece) == 1:
                keys.append(piece)
            else:
                keys.extend(map(str.__add__, piece, piece[1:]))
        else:
            keys.append(piece)
    return keys


def query_keys(canonical: str) -> set[str]:
    """Every key a needle contained in ``canonical`` can have: each word, and each CJK
    character and pair of adjacent characters."""
    keys: set[str] = set()
    for piece in canonical.split():
        if is_cjk(piece[0]):
            keys.update(piece)
            keys.update(map(str.__add__, piece, piece[1:]))
        else:
            keys.add(piece)
    return keys


def _filed_under(keys: list[str]) -> str:
    # The most specific key (one with a digit, then the longest): the fewest visits.
    return max(keys, key=lambda k: (any(c.isdigit() for c in k), len(k), k))


class _Inverse(dict[int, int]):
    """Code point ``c`` to ``0x10FFFF - c``: a string's inverse sorts in reverse order."""

    def __missing__(self, code: int) -> int:
        value = self[code] = 0x10FFFF - code
        return value


_INVERSE = _Inverse()


def _newest_first(stamp: str, key: str) -> tuple[str, str]:
    # The terminator puts a longer string before its own prefix, as in reverse order.
    return stamp.translate(_INVERSE) + "\U0010ffff", key


class ScoringRows:
    """The rows of the records a query has touched and their per-dimension postings
    (see the module docstring). ``np`` is the ``numpy`` module."""

    __slots__ = (
        "active",
        "by_key",
        "confidence",
        "free",
        "ident",
        "ident_strong",
        "kind",
        "lower",
        "names",
        "needles",
        "np",
        "order",
        "owned",
        "rank",
        "records",
        "row_of",
        "scratch",
        "strong",
        "words",
    )

    def __init__(self, np: Any) -> None:
        self.np = np
        self.row_of: dict[str, int] = {}
        self.records: list[MemoryRecord | None] = []
        self.free: list[int] = []
        self.kind = np.zeros(0, np.int8)
        self.active = np.zeros(0, bool)
        self.confidence = np.zeros(0, np.float64)
        self.rank = np.zeros(0, np.float64)
        """Per row: ascending is most recent change first, then key."""
        self.scratch = np.zeros(0, np.int32)
        """Per row, -1: a query's scorer marks its candidates' positions here, then unmarks."""
        self.needles: dict[Needle, tuple[array[int], array[int]]] = {}
        """Each needle's rows and, aligned, the part or cue position there."""
        self.by_key: dict[str, set[Needle]] = {}
        self.words: dict[str, array[int]] = {}
        self.strong: dict[str, array[int]] = {}
        self.names: dict[str, array[int]] = {}
        self.lower: dict[str, array[int]] = {}
        self.ident: tuple[dict[str, array[int]], ...] = ({}, {})
        self.ident_strong: tuple[dict[str, array[int]], ...] = ({}, {})
        self.order: list[tuple[str, str]] = []
        """``_newest_first`` of every row's record, sorted."""
        self.owned: set[int] = set()
        """The ids of the postings this one may change in place: those made since the
        last copy (a copy shares the others with its twin, see :meth:`copy`)."""

    def __len__(self) -> int:
        return len(self.row_of)

    def rows(self, postings: array[int] | None) -> Any:
        """A posting's rows as an array (no copy), empty for ``None``."""
        if postings is None:
            return self.np.zeros(0, self.np.int32)
        return self.np.frombuffer(postings, self.np.int32)

    def copy(self) -> ScoringRows:
        """An independent twin. The postings are shared, not copied: from now on neither
        changes one in place, each copies a shared posting before changing it."""
        twin = ScoringRows.__new__(ScoringRows)
        twin.np = self.np
        twin.row_of = dict(self.row_of)
        twin.records = list(self.records)
        twin.free = list(self.free)
        twin.kind, twin.active = self.kind.copy(), self.active.copy()
        twin.confidence, twin.rank = self.confidence.copy(), self.rank.copy()
        twin.scratch = self.scratch.copy()
        twin.needles = dict(self.needles)
        twin.by_key = dict(self.by_key)
        for name in ("words", "strong", "names", "lower"):
            setattr(twin, name, dict(getattr(self, name)))
        twin.ident = tuple(map(dict, self.ident))
        twin.ident_strong = tuple(map(dict, self.ident_strong))
        twin.order = list(self.order)
        twin.owned = set()
        self.owned = set()
        return twin

    def add(self, record: MemoryRecord) -> None:
        """Give ``record`` (not held yet) a row and post what it holds."""
        row = self.free.pop() if self.free else self._grow()
        self.row_of[record.key] = row
        self.records[row] = record
        self.kind[row] = _CODE[record.type]
        self.active[row] = record.status is RecordStatus.ACTIVE
        self.confidence[row] = record.confidence
        self._walk(record, row, adding=True)
        self._place(record, row)

    def drop(self, key: str) -> None:
        """Take back the row of the record under ``key``, if it has one."""
        row = self.row_of.get(key)
        if row is None:
            return
        record = self.records[row]
        assert record is not None
        self._walk(record, row, adding=False)
        del self.order[bisect_left(self.order, _newest_first(record.last_changed, key))]
        del self.row_of[key]
        self.records[row] = None
        self.active[row] = False
        self.free.append(row)

    def _grow(self) -> int:
        row = len(self.records)
        self.records.append(None)
        if row >= len(self.kind):
            size = max(64, 2 * len(self.kind))
            for name in ("kind", "active", "confidence", "rank", "scratch"):
                held = getattr(self, name)
                grown = self.np.full(size, -1 if name == "scratch" else 0, held.dtype)
                grown[: len(held)] = held
                setattr(self, name, grown)
        return row

    def _walk(self, record: MemoryRecord, row: int, *, adding: bool) -> None:
        """Post (or unpost) everything ``record`` holds, at ``row``."""
        post = self._post if adding else self._unpost
        needle = self._needle if adding else self._unneedle
        feats = features_of(record)
        for tag, pin in zip(record.tags, feats.tags, strict=False):
            needle(("t", pin, tag), row, 0)
        identity = record.identity
        for at, (part, pin, canonical, strong) in enumerate(feats.identity[:2]):
            value = (identity.subject if part == "subject" else identity.facet) or ""
            needle(("i", pin, value), row, at)
            for key in set(needle_keys(canonical)):
                post(self.ident[at], key, row)
            for key in set(strong):
                post(self.ident_strong[at], key, row)
        if feats.text_needle:
            needle(("x", feats.text_needle), row, 0)
        for at, (cue, pin) in enumerate(zip(record.cues, feats.cues, strict=False)):
            needle(("c", pin, cue), row, at)
        for key in set(needle_keys(feats.text)):
            post(self.words, key, row)
        for postings, held in (
            (self.strong, feats.strong),
            (self.names, feats.names),
            (self.lower, feats.short_lower),
        ):
            for key in set(held):
                post(postings, key, row)

    def _post(self, postings: dict[str, array[int]], key: str, row: int) -> None:
        held = postings.get(key)
        if held is None:
            held = postings[key] = array("i", (row,))
            self.owned.add(id(held))
        elif id(held) in self.owned:
            held.append(row)
        else:  # shared with a twin: changed in a copy
            held = postings[key] = held + array("i", (row,))
            self.owned.add(id(held))

    def _unpost(self, postings: dict[str, array[int]], key: str, row: int) -> None:
        held = postings.get(key)
        if held is None:
            return
        if id(held) not in self.owned:
            held = postings[key] = held[:]
            self.owned.add(id(held))
        held.remove(row)
        if not held:
            del postings[key]
            self.owned.discard(id(held))

    def _filed(self, key: str) -> set[Needle]:
        """The needles filed under ``key``, to change (made or copied as needed)."""
        filed = self.by_key.get(key)
        if filed is None or id(filed) not in self.owned:
            filed = self.by_key[key] = set(filed or ())
            self.owned.add(id(filed))
        return filed

    def _needle_rows(self, needle: Needle) -> tuple[array[int], array[int]] | None:
        """The rows and positions of ``needle``, to change (copied when shared)."""
        held = self.needles.get(needle)
        if held is not None and id(held[0]) not in self.owned:
            held = self.needles[needle] = (held[0][:], held[1][:])
            self.owned.add(id(held[0]))
        return held

    def _needle(self, needle: Needle, row: int, at: int) -> None:
        held = self._needle_rows(needle)
        if held is None:
            keys = needle_keys(needle[1])
            if not keys:  # an empty needle never matches
                return
            held = self.needles[needle] = (array("i"), array("i"))
            self.owned.add(id(held[0]))
            self._filed(_filed_under(keys)).add(needle)
        held[0].append(row)
        held[1].append(at)

    def _unneedle(self, needle: Needle, row: int, at: int) -> None:
        held = self._needle_rows(needle)
        if held is None:
            return
        rows, where = held
        for i in range(len(rows)):
            if rows[i] == row and where[i] == at:
                del rows[i]
                del where[i]
                break
        if not rows:
            del self.needles[needle]
            self.owned.discard(id(rows))
            key = _filed_under(needle_keys(needle[1]))
            filed = self._filed(key)
            filed.discard(needle)
            if not filed:
                del self.by_key[key]
                self.owned.discard(id(filed))

    def _place(self, record: MemoryRecord, row: int) -> None:
        """Give ``row`` an order number between its neighbours' (laying all out anew when
        no number is left between them)."""
        order = self.order
        item = _newest_first(record.last_changed, record.key)
        at = bisect_left(order, item)
        order.insert(at, item)
        rank, row_of = self.rank, self.row_of
        below = rank[row_of[order[at - 1][1]]] if at > 0 else None
        above = rank[row_of[order[at + 1][1]]] if at + 1 < len(order) else None
        if above is None:
            rank[row] = 0.0 if below is None else below + _STEP
        elif below is None:
            rank[row] = above - _STEP
        else:
            middle = (below + above) / 2
            if below < middle < above:
                rank[row] = middle
            else:
                for place, (_, key) in enumerate(order):
                    rank[row_of[key]] = place * _STEP
