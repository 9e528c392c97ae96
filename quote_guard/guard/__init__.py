"""The LLM guard: wrap a chat-completion call so its answer quotes the sources verbatim.

- :mod:`~quote_guard.guard.core`: :class:`QuoteGuard` and the sans-IO re-ask loop;
- :mod:`~quote_guard.guard.report`: :class:`GuardReport`, :class:`QuoteOutcome`, :class:`Attempt`;
- :mod:`~quote_guard.guard.stream`: holding back open quotes in a stream (the extractor's own tables);
- :mod:`~quote_guard.guard.messages`: sources read from chat messages, and the re-ask turn;
- :mod:`~quote_guard.guard.provider`: the one seam to LLM providers (litellm, imported on first call).
"""

from __future__ import annotations

from .core import USE_CONFIG, GuardedAsyncStream, GuardedStream, QuoteGuard
from .report import REPORT_KEY, Attempt, GuardReport, QuoteOutcome, report_of

__all__ = [
    "REPORT_KEY",
    "USE_CONFIG",
    "Attempt",
    "GuardReport",
    "GuardedAsyncStream",
    "GuardedStream",
    "QuoteGuard",
    "QuoteOutcome",
    "report_of",
]
