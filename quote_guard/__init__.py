"""quote_guard: check that every quote an LLM writes is what its source says.

>>> from quote_guard import Verifier, Source
>>> [r] = Verifier().verify(["the Tenant shall pay"], [Source("lease", "The Tenant shall pay rent.")])
>>> r.verdict.value, r.spans[0].start, r.verbatim
('near_verbatim', 0, 'The Tenant shall pay')

The core (models, verification, extraction, rewriting) imports only light libraries.
Adapters (the LLM guard, guardrails, the CLI, reports, embedders) load on first use, so
``import quote_guard`` stays fast.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

from . import _offline  # noqa: F401 - first: offline defaults before litellm or HF load
from ._lazy import lazy_getattr
from .errors import (
    ConfigError,
    MissingDependencyError,
    ProviderError,
    QuoteGuardError,
    QuoteVerificationError,
    ReaskExhaustedError,
    SourceError,
)
from .extract import ExtractConfig, ExtractedQuote, extract_quotes
from .models import Difference, Metrics, QuoteResult, Source, Span, Verdict
from .policy import Action, Policy
from .rewrite import Rewrite, RewriteEdit, rewrite
from .verify import Verifier, VerifierConfig, raise_for_failures, stats

if TYPE_CHECKING:  # pragma: no cover - for type checkers and IDEs only
    from .config import QuoteGuardConfig, load_config
    from .embed import Embedder, SemanticConfig
    from .guard import GuardReport, QuoteGuard

__version__ = "0.1.0"

logging.getLogger("quote_guard").addHandler(logging.NullHandler())

# public name -> module that defines it; loaded on first attribute access (PEP 562)
_LAZY: dict[str, str] = {
    "Embedder": "quote_guard.embed",
    "GuardReport": "quote_guard.guard",
    "QuoteGuard": "quote_guard.guard",
    "QuoteGuardConfig": "quote_guard.config",
    "SemanticConfig": "quote_guard.embed",
    "load_config": "quote_guard.config",
}


__getattr__ = lazy_getattr(__name__, _LAZY, globals())


def __dir__() -> list[str]:
    return sorted(__all__)


__all__ = [
    "Action",
    "ConfigError",
    "Difference",
    "Embedder",
    "ExtractConfig",
    "ExtractedQuote",
    "GuardReport",
    "Metrics",
    "MissingDependencyError",
    "Policy",
    "ProviderError",
    "QuoteGuard",
    "QuoteGuardConfig",
    "QuoteGuardError",
    "QuoteResult",
    "QuoteVerificationError",
    "ReaskExhaustedError",
    "Rewrite",
    "RewriteEdit",
    "SemanticConfig",
    "Source",
    "SourceError",
    "Span",
    "Verdict",
    "Verifier",
    "VerifierConfig",
    "extract_quotes",
    "load_config",
    "raise_for_failures",
    "rewrite",
    "stats",
]
