"""Meaning: embedders, passages and the semantic verdict (``quote_guard[semantic]``).

- :mod:`~quote_guard.embed.config`: :class:`SemanticConfig` (no numpy; the core names it);
- :mod:`~quote_guard.embed.embedders`: the :class:`Embedder` protocol and the registry of embedders;
- :mod:`~quote_guard.embed.model`: building the default static MiniLM once, caching models per process;
- :mod:`~quote_guard.embed.passages`: sources cut into passages, content words;
- :mod:`~quote_guard.embed.verdict`: the rule that says paraphrase or unsupported;
- :mod:`~quote_guard.embed.stage`: :class:`SemanticStage`, which runs all of it for a batch.

Only the config is imported eagerly; everything that needs numpy loads on first use.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .._lazy import lazy_getattr
from .config import SemanticConfig

if TYPE_CHECKING:  # pragma: no cover
    from .embedders import (
        CallableEmbedder,
        Embedder,
        LiteLLMEmbedder,
        Model2VecEmbedder,
        SentenceTransformerEmbedder,
        StaticEmbedder,
        build_embedder,
        semantic_available,
    )
    from .model import prepare_static_model
    from .passages import split_passages
    from .stage import SemanticMatch, SemanticStage

_LAZY: dict[str, str] = {
    "CallableEmbedder": "embedders",
    "Embedder": "embedders",
    "LiteLLMEmbedder": "embedders",
    "Model2VecEmbedder": "embedders",
    "SemanticMatch": "stage",
    "SemanticStage": "stage",
    "SentenceTransformerEmbedder": "embedders",
    "StaticEmbedder": "embedders",
    "build_embedder": "embedders",
    "prepare_static_model": "model",
    "semantic_available": "embedders",
    "split_passages": "passages",
}


__getattr__ = lazy_getattr(__name__, {k: f".{v}" for k, v in _LAZY.items()}, globals())

__all__ = [
    "CallableEmbedder",
    "Embedder",
    "LiteLLMEmbedder",
    "Model2VecEmbedder",
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
