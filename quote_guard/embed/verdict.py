"""The semantic verdict: is the best passage by meaning a restatement of the quote?

A pure rule over the figures the stage measured, so it can be read and tested alone.
"""

from __future__ import annotations

from ..models import Verdict
from .config import SemanticConfig

__all__ = ["semantic_verdict"]


def semantic_verdict(cosine: float, overlap: float, config: SemanticConfig) -> Verdict:
    """``paraphrase`` when the passage is close enough in meaning and in content words.

    The rule (see :class:`~quote_guard.embed.config.SemanticConfig`): a cosine at or above
    ``paraphrase_threshold``, or a cosine at or above ``min_cosine`` with at least
    ``min_overlap`` of the quote's content words in the passage. Otherwise ``unsupported``.

    >>> semantic_verdict(0.6, 0.5, SemanticConfig()).value
    'paraphrase'
    >>> semantic_verdict(0.6, 0.1, SemanticConfig()).value
    'unsupported'
    """
    c = config
    if cosine >= c.paraphrase_threshold or (cosine >= c.min_cosine and overlap >= c.min_overlap):
        return Verdict.PARAPHRASE
    return Verdict.UNSUPPORTED
