"""One principal's records with an inverted index of the scorer's probes.

Every counted match of the rule scorer contains one of the query's *probes*
(:attr:`~memory_plugins.recall.query.QueryProfile.probes`: `` word `` stems and CJK
bigrams) inside the record's ``all`` feature, or one of the query's characters inside its
``short`` feature, or the record is a self-context type and the query asks about the
user. :class:`RecordIndex` maps each probe a record holds to the record when the record is
stored, so recall scores only the records sharing a probe with the query (plus, with the
semantic channel on, those standing out by meaning) instead of every record; the scorer
still decides, so the result is the same as scoring all of them.

A cold read builds the index from the records as stored (:meth:`RecordIndex.from_stored`):
each record is decoded once for what the index needs and then kept in its stored form (the
JSON bytes a SQL store returned, or the store's own dict), turned into a
:class:`~memory_plugins.candidate.MemoryRecord` only when a query touches it (or the
records are listed). A namespace of 10,000 records thus costs a few objects per record
instead of a few dozen, in time and in memory.

The index is updated in place when records are written or removed, and holds the
records' vectors as one contiguous ``float32`` matrix (see
:class:`~memory_plugins.recall.vectors.VectorRows`) when ``numpy`` is installed. It is
safe to share between threads: readers take consistent snapshots under its lock.

>>> from langgraph.store.memory import InMemoryStore
>>> from memory_plugins import MemoryConfig, MemoryEngine
>>> from memory_plugins.recall.query import analyse_query
>>> from memory_plugins.testing import candidate
>>> engine = MemoryEngine(InMemoryStore(), MemoryConfig(principal_secret="0123456789abcdef"))
>>> _ = engine.remember("alice", [candidate(), candidate(text="The user rides a bike.",
...     tags=["bike", "cycling"], identity={"subject": "bike", "polarity": "prefer"})],
...     source_conversation_id="c-1")
>>> index = RecordIndex(engine.list_records("alice"))
>>> query = analyse_query("tea?", engine.config.recall)
>>> chosen, total = index.view().candidates(query, (), ())
>>> [r.text for r in chosen], total
(['The user likes oolong tea.'], 2)
"""

import bisect
import threading
from array import array
from collections import defaultdict
from collections.abc import Callable, Collection, Iterable, Iterator
from datetime import datetime
from typing import Any, TypeAlias, TypeVar

from memory_plugins.candidate import (
    MemoryRecord,
    MemoryType,
    RecordFeatures,
    RecordStatus,
    StoredVector,
)
from memory_plugins.recall.arrays import ScoringRows
from memory_plugins.recall.features import features_of, probe_keys
from memory_plugins.recall.query import QueryProfile
from memory_plugins.recall.text import is_cjk
from memory_plugins.recall.vectors import VectorRows, VectorSimilarities, numpy_or_none

__all__ = ["BroadQuery", "IndexView", "RecordIndex", "Stored", "parse_stored", "probe_keys"]

Stored = bytes | dict[str, Any]
"""A record as its store holds it: its JSON as bytes (SQL stores) or the decoded dict."""

_Held = MemoryRecord | Stored
"""A record in the index: parsed once a query touched it, else as stored."""

_TYPES = {t.value: t for t in MemoryType}
_ACTIVE = RecordStatus.ACTIVE.value
_REQUIRED = frozenset(
    [
        "key",
        "type",
        "text",
        "tags",
        "confidence",
        "status",
        "source_conversation_id",
        "source_signal",
        "created_at",
    ]
)
"""Keys :meth:`MemoryRecord.from_json` needs: a stored value missing one is parsed at once,
so it fails while the namespace is read, as it would without the index."""

_T = TypeVar("_T")

Posting: TypeAlias = "int | array[int]"
"""The rows of the records holding one probe (see :attr:`RecordIndex._ids`): one row as
an ``int`` (most probes are held by a single record), several as a sorted ``array('i')``
(4 bytes a record, where a set of keys costs 30–50)."""


class BroadQuery(Exception):
    """A query touches more records of a compacted index than it may parse for one query
    (:meth:`RecordIndex.compact`): the caller answers without memory (``degraded``)."""


def _word_probe(probe: str) -> bool:
    return len(probe) > 2 and probe[0] == probe[-1] == " " and " " not in probe[1:-1]


def _pair_probe(probe: str) -> bool:
    return len(probe) == 2 and is_cjk(probe[0]) and is_cjk(probe[1])


class RecordIndex:
    """The records of one namespace, by key, indexed by the probes they hold.

    ``model`` names the embedder whose vectors go into the similarity matrix (``None``:
    no matrix). Records are immutable, so snapshots share them.
    """

    __slots__ = (
        "_arrays",
        "_chars",
        "_expiring",
        "_free",
        "_ids",
        "_keep_parsed",
        "_keys",
        "_lock",
        "_parse_limit",
        "_postings",
        "_records",
        "_sources",
        "_types",
        "since",
        "vectors",
    )

    def __init__(self, records: Iterable[MemoryRecord] = (), *, model: str | None = None) -> None:
        # Built in one pass (see _build); later changes go through apply().
        self._lock = threading.Lock()
        self._keep_parsed = True
        self._parse_limit: int | None = None
        self._records: dict[str, _Held] = {}
        # The store's own dicts of records parsed since (no copy): a later full read of a
        # store that returns the same dict for an unchanged record is compared by identity.
        self._sources: dict[str, dict[str, Any]] = {}
        self._ids: dict[str, int] = {}
        """Each record's row: its number in the postings (and in the scoring rows)."""
        self._keys: list[str | None] = []
        """The key at each row (``None`` for a free row)."""
        self._free: list[int] = []
        self._postings: dict[str, Posting] = {}
        self._chars: dict[str, Posting] = {}
        self._types: dict[str, set[str]] = {}
        self._expiring: list[tuple[str, str]] = []  # (expires_at, key), sorted
        # Rows of the records queries touched, to score in arrays (see IndexView.scored).
        self._arrays: ScoringRows | None = None
        np = numpy_or_none() if model is not None else None
        self.vectors: VectorRows | None = VectorRows(model, np) if model and np else None
        """The active records' vectors of ``model`` as one matrix (``None`` without numpy)."""
        self.since: datetime | None = None
        """The store's time of the state these records reflect (set by their reader): a
        later read need only ask for what changed from then on."""
        self._build(records)

    def __len__(self) -> int:
        return len(self._records)

    def __iter__(self) -> Iterator[MemoryRecord]:
        with self._lock:
            return iter(self._parsed_all())

    def __repr__(self) -> str:
        return f"RecordIndex({len(self._records)} records, {len(self._postings)} probes)"

    def get(self, key: str) -> MemoryRecord | None:
        """The record stored under ``key``, if any."""
        with self._lock:
            return self._parsed(key) if key in self._records else None

    @classmethod
    def from_stored(cls, values: Iterable[Stored], *, model: str | None = None) -> "RecordIndex":
        """An index of records as their store returned them (JSON bytes or dicts; values
        that are not JSON objects are skipped). Each is decoded once, for its probes, type,
        expiry and vector, and kept as it was stored until a query touches it; records
        whose stored features must be recomputed are parsed at once."""
        index = cls(model=model)
        index._build(values)
        return index

    def keys(self) -> set[str]:
        """The keys of every record (a copy)."""
        with self._lock:
            return set(self._records)

    def apply(self, put: Iterable[MemoryRecord] = (), removed: Iterable[str] = ()) -> "RecordIndex":
        """Add or replace ``put``, drop the ``removed`` keys; returns ``self``."""
        with self._lock:
            for key in removed:
                self._drop(key)
            for record in put:
                self._drop(record.key)
                self._add(record)
        return self

    def changes_to(self, stored: Iterable[tuple[str, Stored]]) -> tuple[list[Stored], set[str]]:
        """How the namespace as its store returns it now (``(key, value)`` pairs) differs
        from these records: the values written since, and the keys no longer stored.

        A value counts as unchanged when it is the very value held here (stores replace a
        value on a write, never change it in place) or an equal one (a record parsed since
        is compared as JSON)."""
        changed: list[Stored] = []
        seen: set[str] = set()
        decode = _decoder()
        with self._lock:
            records = self._records
            for key, value in stored:
                seen.add(key)
                held = records.get(key)
                if held is value or self._sources.get(key) is value:
                    continue
                if held is None or not _same(held, value, decode):
                    changed.append(value)
            removed = records.keys() - seen
        return changed, removed

    def copy(self) -> "RecordIndex":
        """An independent index holding the same records (to update without disturbing
        readers of this one)."""
        with self._lock:
            twin = RecordIndex.__new__(RecordIndex)
            twin._lock = threading.Lock()
            twin._keep_parsed = self._keep_parsed
            twin._parse_limit = self._parse_limit
            twin._records = dict(self._records)  # parsed or stored, both immutable
            twin._sources = dict(self._sources)
            twin._ids = dict(self._ids)
            twin._keys = list(self._keys)
            twin._free = list(self._free)
            twin._postings = {
                k: v if isinstance(v, int) else v[:] for k, v in self._postings.items()
            }
            twin._chars = {k: v if isinstance(v, int) else v[:] for k, v in self._chars.items()}
            twin._types = {k: set(v) for k, v in self._types.items()}
            twin._expiring = list(self._expiring)
            twin._arrays = None  # rows are given again by the queries that need them
            twin.vectors = self.vectors.copy() if self.vectors is not None else None
            twin.since = self.since
            return twin

    def compact(self, parse_limit: int | None = None) -> None:
        """Stop keeping records parsed: each stays as its store returned it and is parsed
        again whenever a query touches it (records parsed from a store's own dict go back
        to that dict). A huge namespace then costs its stored form and its probes, never
        a parsed object per record; records written since are kept as written. A query
        touching more than ``parse_limit`` records raises :class:`BroadQuery` from
        :meth:`IndexView.candidates` instead of parsing them all."""
        with self._lock:
            self._keep_parsed = False
            self._parse_limit = parse_limit
            self._arrays = None  # scoring rows hold parsed records: a compact index has none
            for key, source in self._sources.items():
                self._records[key] = source
            self._sources.clear()

    def view(self, now: str | None = None) -> "IndexView":
        """The records as the scorer sees them: those not expired at ``now`` (an ISO-8601
        UTC string), or every record when ``now`` is ``None``."""
        return IndexView(self, now)

    # -- maintenance (callers hold the lock) -------------------------------------------------

    def _build(self, values: Iterable[_Held]) -> None:
        """Index many records at once (see :func:`_entry`): postings gathered as lists,
        then compacted."""
        by_probe: defaultdict[str, list[int]] = defaultdict(list)
        by_char: defaultdict[str, list[int]] = defaultdict(list)
        kept = self._records
        expiring = self._expiring
        vectors = self.vectors
        types = self._types
        decode = _decoder()
        for value in values:
            entry = _entry(value, decode, vectors=vectors is not None)
            if entry is None:
                continue
            key, held, kind, everything, short, keys, expires, vector = entry
            if key in kept:  # a repeated key: the last one stands, at the same row
                row = self._ids[key]
                self._drop_gathered(key, row, by_probe, by_char)
            else:
                row = self._row(key)
            kept[key] = held
            for probe in keys if keys is not None else probe_keys(everything):
                by_probe[probe].append(row)
            for char in set(short) if short else ():
                by_char[char].append(row)
            of_kind = types.get(kind)
            if of_kind is None:
                of_kind = types[kind] = set()
            of_kind.add(key)
            if expires is not None:
                expiring.append((expires, key))
            if vectors is not None and vector is not None:
                vectors.put(key, vector)
        self._compact(by_probe, by_char)

    def _row(self, key: str) -> int:
        """A row for ``key`` (a free one, else a new one)."""
        keys = self._keys
        if self._free:
            row = self._free.pop()
            keys[row] = key
        else:
            row = len(keys)
            keys.append(key)
        self._ids[key] = row
        return row

    def _drop_gathered(
        self, key: str, row: int, by_probe: dict[str, list[int]], by_char: dict[str, list[int]]
    ) -> None:
        # Rare (a store never returns a key twice): undo the gathered postings of ``key``.
        for gathered in (by_probe, by_char):
            for rows in gathered.values():
                while row in rows:
                    rows.remove(row)
        for members in self._types.values():
            members.discard(key)
        self._expiring[:] = [(at, k) for at, k in self._expiring if k != key]
        if self.vectors is not None:
            self.vectors.remove(key)
        del self._records[key]
        self._sources.pop(key, None)

    def _compact(self, by_probe: dict[str, list[int]], by_char: dict[str, list[int]]) -> None:
        self._expiring.sort()
        for postings, gathered in ((self._postings, by_probe), (self._chars, by_char)):
            for probe, rows in gathered.items():
                if rows:  # gathered in ascending order, except for a row given again
                    postings[probe] = rows[0] if len(rows) == 1 else array("i", sorted(rows))

    def _parsed(self, key: str) -> MemoryRecord:
        """The record under ``key``, parsed (and kept parsed) if still as stored."""
        held = self._records[key]
        if isinstance(held, MemoryRecord):
            return held
        record = parse_stored(held)
        if self._keep_parsed:  # else (compact) parsed anew whenever a query touches it
            self._records[key] = record
            if type(held) is dict:
                self._sources[key] = held
        return record

    def _parsed_all(self) -> list[MemoryRecord]:
        records = self._records
        if any(type(held) is not MemoryRecord for held in records.values()):
            return [self._parsed(key) for key in list(records)]
        return list(records.values())  # type: ignore[arg-type]  # every one is parsed

    def _add(self, record: MemoryRecord) -> None:
        key = record.key
        self._records[key] = record
        row = self._row(key)
        feats = features_of(record)
        for probe in probe_keys(feats.all):
            _post(self._postings, probe, row)
        for char in set(feats.short):
            _post(self._chars, char, row)
        self._types.setdefault(record.type, set()).add(key)
        if record.expires_at is not None:
            bisect.insort(self._expiring, (record.expires_at, key))
        if self.vectors is not None and record.status is RecordStatus.ACTIVE:
            self.vectors.put(key, record.vector)

    def _drop(self, key: str) -> None:
        if key not in self._records:
            return
        record = self._parsed(key)
        del self._records[key]
        self._sources.pop(key, None)
        row = self._ids.pop(key)
        feats = features_of(record)
        for probe in probe_keys(feats.all):
            _unpost(self._postings, probe, row)
        for char in set(feats.short):
            _unpost(self._chars, char, row)
        self._types[record.type].discard(key)
        if record.expires_at is not None:
            at = bisect.bisect_left(self._expiring, (record.expires_at, key))
            del self._expiring[at]
        if self._arrays is not None:
            self._arrays.drop(row)
        if self.vectors is not None:
            self.vectors.remove(key)
        self._keys[row] = None
        self._free.append(row)


def _post(postings: dict[str, Posting], probe: str, row: int) -> None:
    held = postings.get(probe)
    if held is None:
        postings[probe] = row
    elif isinstance(held, int):
        if held != row:
            postings[probe] = array("i", sorted((held, row)))
    else:
        at = bisect.bisect_left(held, row)
        if at == len(held) or held[at] != row:
            held.insert(at, row)


def _unpost(postings: dict[str, Posting], probe: str, row: int) -> None:
    held = postings.get(probe)
    if held is None:
        return
    if isinstance(held, int):
        if held == row:
            del postings[probe]
        return
    at = bisect.bisect_left(held, row)
    if at < len(held) and held[at] == row:
        del held[at]
    if len(held) == 1:
        postings[probe] = held[0]


class IndexView:
    """The live records of a :class:`RecordIndex` at one moment, as the scorer asks for them.

    Iterating it yields every record (not expired at ``now``); :meth:`candidates` only the
    ones that can score for a query.
    """

    __slots__ = ("index", "now")

    def __init__(self, index: RecordIndex, now: str | None) -> None:
        self.index = index
        self.now = now

    def __iter__(self) -> Iterator[MemoryRecord]:
        with self.index._lock:
            records = self.index._parsed_all()
            if self.now is None or not self._any_expired():
                return iter(records)
        now = self.now
        return iter([r for r in records if r.expires_at is None or r.expires_at > now])

    def __len__(self) -> int:
        with self.index._lock:
            return len(self.index._records) - self._expired_count()

    def _expired_count(self) -> int:
        if self.now is None:
            return 0
        return bisect.bisect_left(self.index._expiring, (self.now, "\U0010ffff"))

    def _any_expired(self) -> bool:
        expiring = self.index._expiring
        return bool(expiring) and self.now is not None and expiring[0][0] <= self.now

    def candidates(
        self,
        profile: QueryProfile,
        self_types: Collection[str],
        meaning: Iterable[str],
    ) -> tuple[list[MemoryRecord], int] | None:
        """The live records holding one of ``profile``'s probes or characters, of one of
        ``self_types``, or keyed in ``meaning`` — in no particular order — and how many live
        records there are in all (at the same moment); ``None`` when a probe has a shape
        the index does not hold (then every record must be scored)."""
        index = self.index
        with index._lock:
            found = self._found(profile, self_types)
            if found is None:
                self._bound(len(index._records))
                return None
            records = index._records
            found.update(key for key in meaning if key in records)
            self._bound(len(found))
            parsed = index._parsed
            chosen = [parsed(key) for key in found]
            if self.now is not None and self._any_expired():
                now = self.now
                chosen = [r for r in chosen if r.expires_at is None or r.expires_at > now]
            return chosen, len(records) - self._expired_count()

    def _held(self, profile: QueryProfile) -> list[Posting] | None:
        """The postings of ``profile``'s probes and characters the index holds; ``None``
        for a probe it cannot hold."""
        index = self.index
        held: list[Posting] = []
        postings = index._postings
        for probe in profile.probes:
            if _word_probe(probe):
                if is_cjk(probe[1]):  # a CJK run is held by its pairs, never whole
                    continue
                found = postings.get(probe[1:-1])
            elif _pair_probe(probe):
                found = postings.get(probe)
            else:
                return None
            if found is not None:
                held.append(found)
        chars = index._chars
        for char in profile.chars:
            found = chars.get(char)
            if found is not None:
                held.append(found)
        return held

    def _found(self, profile: QueryProfile, self_types: Collection[str]) -> set[str] | None:
        """The keys of the records holding a probe or character of ``profile``, or of one
        of ``self_types`` (expired ones too); ``None`` for a probe the index cannot hold."""
        index = self.index
        held = self._held(profile)
        if held is None:
            return None
        rows: set[int] = set()
        for posting in held:
            if isinstance(posting, int):
                rows.add(posting)
            else:
                rows.update(posting)
        keys = index._keys
        found: set[str] = {keys[row] for row in rows}  # type: ignore[misc]  # live rows
        for kind in self_types:
            found.update(index._types.get(kind, ()))
        return found

    def scored(
        self, profile: QueryProfile, least: int, score: "Callable[[ScoringRows, Any], _T]"
    ) -> "_T | None":
        """``score(rows, candidates)`` under the index's lock: the per-dimension postings
        of the records (see :mod:`memory_plugins.recall.arrays`) and, as an array of their
        rows, the live records :meth:`candidates` would give without ``self_types`` or
        ``meaning``. ``None`` (``score`` not called) when they are fewer than ``least``,
        when :meth:`candidates` would be ``None``, without ``numpy``, or for a compact
        index (its records are parsed for one query only, never held in rows)."""
        index = self.index
        if not index._keep_parsed:
            return None
        with index._lock:
            held = self._held(profile)
            arrays = index._arrays
            np = arrays.np if arrays is not None else numpy_or_none()
            if held is None or np is None:
                return None
            rows = _union(np, held, len(index._keys))
            if len(rows) < least:
                return None
            self._bound(len(rows))
            if arrays is None:
                arrays = index._arrays = ScoringRows(np)
            if self.now is not None and self._any_expired():
                ids = index._ids
                expired = [ids[k] for _, k in index._expiring[: self._expired_count()]]
                rows = rows[~np.isin(rows, np.array(expired, np.int32))]
            missing = arrays.missing(rows)
            if missing:  # records no query touched before
                keys = index._keys
                arrays.add([(row, index._parsed(keys[row])) for row in missing])  # type: ignore[arg-type]
            return score(arrays, rows)

    def _bound(self, touched: int) -> None:
        limit = self.index._parse_limit
        if limit is not None and touched > limit:
            raise BroadQuery(f"the query touches {touched} records of a compacted index (>{limit})")

    def vector_count(self) -> int:
        """How many live active records hold a vector in the matrix."""
        vectors = self.index.vectors
        if vectors is None:
            return 0
        with self.index._lock:
            if self.now is None or not self._any_expired():
                return len(vectors)
            expired = self.index._expiring[: self._expired_count()]
            return len(vectors) - sum(1 for _, key in expired if key in vectors)

    def similarities(self, query: Any) -> VectorSimilarities | None:
        """The live active records' cosine similarity to the unit ``query`` vector, from the
        matrix (``None`` without one, or when the query's size is not the matrix's)."""
        index = self.index
        vectors = index.vectors
        if vectors is None:
            return None
        with index._lock:
            expired: list[str] = []
            if self.now is not None and self._any_expired():
                expired = [key for _, key in index._expiring[: self._expired_count()]]
            return vectors.similarities(query, expired)


def _union(np: Any, held: list[Posting], rows: int) -> Any:
    """The rows of ``held`` (each below ``rows``), ascending, each once, as an ``int32``
    array."""
    singles = [posting for posting in held if isinstance(posting, int)]
    parts = [np.frombuffer(posting, np.int32) for posting in held if not isinstance(posting, int)]
    if singles:
        parts.append(np.array(singles, np.int32))
    if not parts:
        return np.zeros(0, np.int32)
    if len(parts) == 1 and not singles:
        return parts[0].copy()  # a posting is ascending and holds a row once
    if sum(map(len, parts)) * 64 < rows:  # a few rows of many: sorting them costs less
        return np.unique(np.concatenate(parts))
    mark = np.zeros(rows, bool)
    for part in parts:
        mark[part] = True
    return np.flatnonzero(mark).astype(np.int32)


_Entry = tuple[str, _Held, MemoryType, str, str, list[str] | None, str | None, StoredVector | None]
"""What the index keeps of one record: key, the record (parsed or as stored), type, its
``all`` and ``short`` features, the stored index keys of ``all`` (or ``None``), expiry and
the vector of an active record."""


def _entry(value: _Held, decode: Any, *, vectors: bool) -> _Entry | None:
    """One record for :meth:`RecordIndex._build`. A record given as stored (JSON bytes or
    a dict) is decoded once, for what the index needs, and kept as stored; one whose stored
    features must be recomputed is parsed at once. ``None`` for a value that is not a JSON
    object. ``vectors``: whether the index holds vectors (else none is read)."""
    if isinstance(value, MemoryRecord):
        record = value
    else:
        data = decode(value) if type(value) is bytes else value
        if type(data) is not dict:
            return None
        probes = RecordFeatures.stored_probes(data.get("features"))
        if probes is not None and data.keys() >= _REQUIRED:
            active = vectors and data.get("status") == _ACTIVE
            vector = StoredVector.of_record(data) if active else None
            everything, short, keys = probes
            kind = _TYPES[data["type"]]
            return (
                data["key"],
                value,
                kind,
                everything,
                short,
                keys,
                data.get("expires_at"),
                vector,
            )
        record = MemoryRecord.from_json(data)  # fails here on a malformed value
    feats = features_of(record)
    vector = record.vector if vectors and record.status is RecordStatus.ACTIVE else None
    return (
        record.key,
        record,
        record.type,
        feats.all,
        feats.short,
        None,
        record.expires_at,
        vector,
    )


def _same(held: _Held, value: Stored, decode: Any) -> bool:
    """Whether a held record equals a stored value: as stored, or (parsed since, or bytes
    against a dict) compared as JSON."""
    if type(held) is type(value):
        return held == value
    data = decode(value) if type(value) is bytes else value
    if isinstance(held, MemoryRecord):
        return bool(held.to_json() == data)
    return bool((decode(held) if type(held) is bytes else held) == data)


def parse_stored(held: Stored) -> MemoryRecord:
    """The record of a stored value (JSON bytes or a dict)."""
    return MemoryRecord.from_json(_decoder()(held) if type(held) is bytes else held)  # type: ignore[arg-type]


def _decoder() -> Any:
    # Stored bytes come only from the SQL stores' tables, whose LangGraph stores need orjson.
    import orjson

    return orjson.loads
