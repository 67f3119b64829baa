"""Per-dimension postings of a namespace's records, by row, to score a query in arrays.

:class:`ScoringRows` holds each record a query touched at its *row* (the number the
:class:`~memory_plugins.recall.index.RecordIndex` files it under), and keeps, per dimension of
:mod:`memory_plugins.recall.scoring`, postings from what a query can hold to those rows:

* *needles*: each distinct tag, identity part, whole text, cue and other sense (the needle,
  with the tag, part value, cue or other sense as written) and the rows holding it (with
  the part, cue or other sense position).
  A needle matches when it is a substring of the query's canonical form; every word piece
  and CJK pair or single character of a matching needle is then one of the query's
  (:func:`query_keys`), so each needle is filed under one of its own (:func:`needle_keys`)
  and a query visits only the needles filed under its keys — one test per distinct needle
  instead of one per record;
* *words*: each word and CJK pair of the records' texts (for ``ascii_tokens`` and
  ``cjk_phrases``), of each identity part (``identity`` phrases), and the words marked
  strong, written as names or as short lower-case words (what ``ascii_tokens`` weighs and
  how case clashes are told);
* per row: the type, whether active, the confidence, a number whose order is the
  scorer's order among equal scores (most recent change first, then key), and the
  canonical text and identity parts (a longer CJK phrase is told from its pairs there).

Rows are given when a query first needs the record (so a cold read costs nothing more),
and taken back when the record is removed or replaced, in place, under the
:class:`~memory_plugins.recall.index.RecordIndex`'s lock. A copy of the index (to bring it
up to date after another process's write) starts without rows: the queries that need
them give them again, so the copy costs nothing more. ``numpy`` reads the postings
without a copy (``array('i')`` buffers).
"""

from __future__ import annotations

from array import array
from bisect import bisect_left
from functools import partial
from typing import Any

from memory_plugins.candidate import MemoryRecord, MemoryType, RecordStatus
from memory_plugins.recall.features import features_of
from memory_plugins.recall.text import cue_halves, needle_keys, query_keys

__all__ = ["TYPES", "ScoringRows", "needle_keys", "query_keys"]

TYPES = tuple(MemoryType)
"""The record types, by the code a row holds."""
_CODE = {kind: code for code, kind in enumerate(TYPES)}

Needle = tuple[str, ...]
"""``("t", needle, tag)``, ``("i", needle, part value)``, ``("x", needle)``,
``("c", needle, cue)``, ``("s", first phrase, cue, second phrase, needle)`` for each cut of
a cue into two phrases or words (:func:`~memory_plugins.recall.text.cue_halves`), or
``("o", needle, other sense)``."""

_STEP = 1024.0
"""Spacing of the order numbers when they are laid out anew."""


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


_Placed = tuple[str, str, int]
"""``_newest_first`` of a record, and its row."""


def _post(postings: dict[str, array[int]], key: str, row: int) -> None:
    held = postings.get(key)
    if held is None:
        postings[key] = array("i", (row,))
    else:
        held.append(row)


def _places(np: Any, held: array[int], row: int) -> list[int]:
    """Where ``row`` is in ``held``, found by ``numpy`` (``array.remove`` compares one
    Python object per entry: slow for a word thousands of records hold)."""
    places: list[int] = np.flatnonzero(np.frombuffer(held, np.int32) == row).tolist()
    return places  # the view is let go here: ``held`` may be resized again


def _unpost(np: Any, postings: dict[str, array[int]], key: str, row: int) -> None:
    held = postings.get(key)
    if held is None:
        return
    places = _places(np, held, row)
    if places:
        del held[places[0]]
    if not held:
        del postings[key]


class ScoringRows:
    """The rows of the records a query has touched and their per-dimension postings
    (see the module docstring). ``np`` is the ``numpy`` module."""

    __slots__ = (
        "active",
        "by_key",
        "confidence",
        "count",
        "given",
        "ident",
        "ident_strong",
        "ident_texts",
        "kind",
        "lower",
        "names",
        "needles",
        "np",
        "order",
        "rank",
        "records",
        "scratch",
        "strong",
        "texts",
        "words",
    )

    def __init__(self, np: Any) -> None:
        self.np = np
        self.count = 0
        self.records: list[MemoryRecord | None] = []
        """The record at each row (``None``: no query touched it, or it is gone)."""
        self.texts: list[str] = []
        """Per row, the canonical text of its record (its ``text`` feature)."""
        self.ident_texts: tuple[list[str], list[str]] = ([], [])
        """Per identity part (first, second) and row, the part's canonical form."""
        self.given = np.zeros(0, bool)
        """Per row: whether it holds a record."""
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
        self.order: list[_Placed] = []
        """``_newest_first`` of every row's record, and the row, sorted."""

    def __len__(self) -> int:
        return self.count

    def missing(self, rows: Any) -> list[int]:
        """The rows of ``rows`` (an ascending array) that hold no record yet."""
        given = self.given
        if not len(rows):
            return []
        if rows[-1] < len(given):
            found: list[int] = rows[~given[rows]].tolist()
            return found
        outside = rows[rows >= len(given)]
        inside = rows[rows < len(given)]
        held: list[int] = inside[~given[inside]].tolist()
        held.extend(outside.tolist())
        return held

    def rows(self, postings: array[int] | None) -> Any:
        """A posting's rows as an array (no copy), empty for ``None``."""
        if postings is None:
            return self.np.zeros(0, self.np.int32)
        return self.np.frombuffer(postings, self.np.int32)

    def add(self, records: list[tuple[int, MemoryRecord]]) -> None:
        """Hold each of ``records`` (row and record; the rows hold none yet) and post what
        it holds."""
        self._grow(max(row for row, _ in records) + 1)
        for row, record in records:
            self.records[row] = record
            self.given[row] = True
            self.kind[row] = _CODE[record.type]
            self.active[row] = record.status is RecordStatus.ACTIVE
            self.confidence[row] = record.confidence
            self._walk(record, row, adding=True)
        self.count += len(records)
        if len(records) * 16 < len(self.order):  # a few: each between its neighbours
            for row, record in records:
                self._place(record, row)
        else:
            self.order.extend((*_newest_first(r.last_changed, r.key), row) for row, r in records)
            self.order.sort()
            self._renumber()

    def drop(self, row: int) -> None:
        """Let go of the record at ``row``, if it holds one."""
        record = self.records[row] if row < len(self.records) else None
        if record is None:
            return
        self._walk(record, row, adding=False)
        del self.order[bisect_left(self.order, _newest_first(record.last_changed, record.key))]
        self.records[row] = None
        self.given[row] = False
        self.active[row] = False
        self.count -= 1

    def _grow(self, rows: int) -> None:
        """Make room for ``rows`` rows."""
        if rows > len(self.records):
            more = rows - len(self.records)
            self.records.extend([None] * more)
            for texts in (self.texts, *self.ident_texts):
                texts.extend([""] * more)
        if rows > len(self.kind):
            size = max(64, 2 * len(self.kind), rows)
            for name in ("given", "kind", "active", "confidence", "rank", "scratch"):
                held = getattr(self, name)
                grown = self.np.full(size, -1 if name == "scratch" else 0, held.dtype)
                grown[: len(held)] = held
                setattr(self, name, grown)

    def _walk(self, record: MemoryRecord, row: int, *, adding: bool) -> None:
        """Post (or unpost) everything ``record`` holds, at ``row``."""
        post = _post if adding else partial(_unpost, self.np)
        needle = self._needle if adding else self._unneedle
        feats = features_of(record)
        self.texts[row] = feats.text if adding else ""
        for at in (0, 1):
            part = feats.identity[at][2] if adding and len(feats.identity) > at else ""
            self.ident_texts[at][row] = part
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
            for first, second in cue_halves(pin):
                needle(("s", first, cue, second, pin), row, at)
        for at, (sense, pin) in enumerate(
            zip(record.other_senses, feats.other_senses, strict=False)
        ):
            needle(("o", pin, sense), row, at)
        for key in set(needle_keys(feats.text)):
            post(self.words, key, row)
        for postings, held in (
            (self.strong, feats.strong),
            (self.names, feats.names),
            (self.lower, feats.short_lower),
        ):
            for key in set(held):
                post(postings, key, row)

    def _needle(self, needle: Needle, row: int, at: int) -> None:
        held = self.needles.get(needle)
        if held is None:
            keys = needle_keys(needle[1])
            if not keys:  # an empty needle never matches
                return
            held = self.needles[needle] = (array("i"), array("i"))
            self.by_key.setdefault(_filed_under(keys), set()).add(needle)
        held[0].append(row)
        held[1].append(at)

    def _unneedle(self, needle: Needle, row: int, at: int) -> None:
        held = self.needles.get(needle)
        if held is None:
            return
        rows, where = held
        for i in _places(self.np, rows, row):
            if where[i] == at:  # the same needle twice in one record: at another position
                del rows[i]
                del where[i]
                break
        if not rows:
            del self.needles[needle]
            key = _filed_under(needle_keys(needle[1]))
            filed = self.by_key[key]
            filed.discard(needle)
            if not filed:
                del self.by_key[key]

    def _place(self, record: MemoryRecord, row: int) -> None:
        """Give ``row`` an order number between its neighbours' (laying all out anew when
        no number is left between them)."""
        order = self.order
        item = (*_newest_first(record.last_changed, record.key), row)
        at = bisect_left(order, item)
        order.insert(at, item)
        rank = self.rank
        below = rank[order[at - 1][2]] if at > 0 else None
        above = rank[order[at + 1][2]] if at + 1 < len(order) else None
        if above is None:
            rank[row] = 0.0 if below is None else below + _STEP
        elif below is None:
            rank[row] = above - _STEP
        else:
            middle = (below + above) / 2
            if below < middle < above:
                rank[row] = middle
            else:
                self._renumber()

    def _renumber(self) -> None:
        """Lay the order numbers out anew, :data:`_STEP` apart."""
        np, order = self.np, self.order
        rows = np.fromiter((row for _, _, row in order), np.int64, len(order))
        self.rank[rows] = np.arange(len(order), dtype=np.float64) * _STEP
