"""One principal's record vectors as one contiguous ``float32`` matrix (``numpy``).

:class:`VectorRows` keeps a row per active record holding a vector of one embedder,
updated in place as records are written or removed (a removed row is filled with the
last one, so the used rows stay contiguous). A query's similarities are then one
matrix–vector product, and :class:`VectorSimilarities` hands them to the scorer as the
``{key: similarity}`` mapping it expects, with the lifts computed on the array.

``numpy`` comes with every embedding model; without it the engine keeps the plain Python
path of :func:`memory_plugins.semantic.similarities`.

>>> np = numpy_or_none()
>>> from memory_plugins.candidate import StoredVector
>>> from memory_plugins.semantic import encode_vector
>>> rows = VectorRows("m", np)
>>> for key, vector in {"tea": [1.0, 0.0], "bike": [0.0, 1.0], "jazz": [0.6, 0.8]}.items():
...     rows.put(key, StoredVector("m", encode_vector(vector)))
>>> sims = rows.similarities(np.array([1.0, 0.0], dtype=np.float32), [])
>>> {key: round(value, 2) for key, value in sims.items()}
{'tea': 1.0, 'bike': 0.0, 'jazz': 0.6}
>>> {key: round(value, 2) for key, value in sims.lifts().items()}
{'tea': 0.7, 'bike': -0.8, 'jazz': 0.1}
"""

import base64
import math
from collections.abc import Iterable, Iterator, Mapping
from functools import cache
from types import ModuleType
from typing import Any

from memory_plugins.candidate import StoredVector
from memory_plugins.semantic import vector_of

__all__ = ["VectorLifts", "VectorRows", "VectorSimilarities", "numpy_or_none"]

_INITIAL_ROWS = 16


@cache
def numpy_or_none() -> ModuleType | None:
    """``numpy`` when it is installed (it comes with every embedding model), else ``None``."""
    try:
        import numpy
    except ImportError:
        return None
    return numpy


class VectorRows:
    """The vectors of ``model`` held by a namespace's active records, one row per record.

    A vector of another size than the first one stored is kept as a zero row: like
    :func:`~memory_plugins.semantic.similarities`, it is similar to nothing.
    """

    __slots__ = ("_keys", "_matrix", "_np", "_rows", "_shared", "dims", "model")

    def __init__(self, model: str, np: ModuleType) -> None:
        self.model = model
        self._np = np
        self._matrix: Any = None
        self._keys: list[str] = []
        self._rows: dict[str, int] = {}
        self._shared: tuple[list[str], dict[str, int]] | None = None
        self.dims = 0
        """Size of the vectors (0 until the first one is stored)."""

    def __len__(self) -> int:
        return len(self._keys)

    def __contains__(self, key: object) -> bool:
        return key in self._rows

    def put(self, key: str, stored: StoredVector | None) -> None:
        """Store (or replace) ``key``'s vector from its record's ``vector``; a record without
        a vector of this model loses its row."""
        encoded = vector_of(stored, self.model)
        if encoded is None:
            self.remove(key)
            return
        np = self._np
        vector = np.frombuffer(base64.b64decode(encoded), dtype="<f4")
        if self._matrix is None:
            self.dims = len(vector)
            self._matrix = np.zeros((_INITIAL_ROWS, self.dims), dtype=np.float32)
        row = self._rows.get(key)
        if row is None:
            self._shared = None
            row = len(self._keys)
            if row == len(self._matrix):
                grown = np.zeros((2 * row, self.dims), dtype=np.float32)
                grown[:row] = self._matrix
                self._matrix = grown
            self._keys.append(key)
            self._rows[key] = row
        self._matrix[row] = vector if len(vector) == self.dims else 0.0

    def remove(self, key: str) -> None:
        """Drop ``key``'s row (the last row moves into its place)."""
        row = self._rows.pop(key, None)
        if row is None:
            return
        self._shared = None
        last = len(self._keys) - 1
        if row != last:
            moved = self._keys[last]
            self._matrix[row] = self._matrix[last]
            self._keys[row] = moved
            self._rows[moved] = row
        self._keys.pop()

    def copy(self) -> "VectorRows":
        """An independent copy."""
        twin = VectorRows(self.model, self._np)
        twin.dims = self.dims
        twin._matrix = None if self._matrix is None else self._matrix.copy()
        twin._keys = list(self._keys)
        twin._rows = dict(self._rows)
        return twin

    def similarities(self, query: Any, excluded: Iterable[str]) -> "VectorSimilarities | None":
        """Each row's similarity to the unit ``query`` vector (one matrix–vector product),
        without the ``excluded`` keys; ``None`` when the query's size is not the rows'."""
        np = self._np
        unit = np.asarray(query, dtype=np.float32)
        count = len(self._keys)
        if count and unit.shape != (self.dims,):
            return None
        # einsum's own single-threaded loop rather than a BLAS product: on a busy server,
        # BLAS threads waiting for cores cost more than they save at this size.
        sims = (
            np.einsum("ij,j->i", self._matrix[:count], unit)
            if count
            else np.zeros(0, dtype=np.float32)
        )
        skip = [self._rows[key] for key in excluded if key in self._rows]
        if self._shared is None:  # one copy of the row layout per change, not per query
            self._shared = (list(self._keys), dict(self._rows))
        keys, rows = self._shared
        return VectorSimilarities(keys, rows, sims, skip, np)


class _RowMapping(Mapping[str, float]):
    """A read-only ``{key: value}`` over an array, some rows left out."""

    __slots__ = ("_floats", "_keys", "_np", "_rows", "_skip", "_values")

    def __init__(
        self, keys: list[str], rows: dict[str, int], values: Any, skip: list[int], np: ModuleType
    ) -> None:
        self._keys = keys
        self._rows = rows
        self._values = values
        self._floats: list[float] = values.tolist()  # one conversion, not one per lookup
        self._skip = frozenset(skip)
        self._np = np

    def __getitem__(self, key: str) -> float:
        row = self._rows[key]
        if row in self._skip:
            raise KeyError(key)
        return self._floats[row]

    def get(self, key: str, default: Any = None) -> Any:
        row = self._rows.get(key)
        if row is None or row in self._skip:
            return default
        return self._floats[row]

    def __contains__(self, key: object) -> bool:
        row = self._rows.get(key) if isinstance(key, str) else None
        return row is not None and row not in self._skip

    def __iter__(self) -> Iterator[str]:
        skip = self._skip
        return (key for row, key in enumerate(self._keys) if row not in skip)

    def __len__(self) -> int:
        return len(self._keys) - len(self._skip)

    def _kept(self) -> Any:
        """The values of the rows kept, as an array."""
        if not self._skip:
            return self._values
        mask = self._np.ones(len(self._keys), dtype=bool)
        mask[list(self._skip)] = False
        return self._values[mask]


class VectorSimilarities(_RowMapping):
    """``{key: cosine similarity}`` of one query, backed by the product's array."""

    __slots__ = ("_lifts",)

    def __init__(
        self, keys: list[str], rows: dict[str, int], values: Any, skip: list[int], np: ModuleType
    ) -> None:
        super().__init__(keys, rows, values, skip, np)
        self._lifts: VectorLifts | None = None

    def lifts(self) -> "VectorLifts":
        """Each similarity minus the mean of the others, as
        :func:`~memory_plugins.recall.scoring.lifts` computes it (the same float operations,
        on the array)."""
        if self._lifts is None:
            np = self._np
            values = self._values.astype(np.float64)
            count = len(self)
            if count < 2:
                lifted = np.zeros(len(values), dtype=np.float64)
            else:
                kept = self._floats if not self._skip else self._kept().tolist()
                total = math.fsum(kept)
                lifted = values - (total - values) / (count - 1)
            skip = list(self._skip)
            self._lifts = VectorLifts(self._keys, self._rows, lifted, skip, np)
        return self._lifts


class VectorLifts(_RowMapping):
    """``{key: lift}`` of one query, backed by an array."""

    __slots__ = ()

    def above(self, floor: float) -> list[str]:
        """The keys whose lift is at least ``floor``."""
        np = self._np
        keys = self._keys
        skip = self._skip
        return [
            keys[row] for row in np.flatnonzero(self._values >= floor).tolist() if row not in skip
        ]
