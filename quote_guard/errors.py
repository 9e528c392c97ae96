"""Every exception quote_guard raises on purpose.

::

    QuoteGuardError                # root: catch this to catch everything below
      ConfigError(ValueError)      # validators.yaml or a config object: file, dotted key, allowed values
      SourceError(ValueError)      # empty, duplicate or undecodable source documents
      ProviderError                # an LLM provider call failed (chained ``from exc``); .provider, .model, .partial
      ReaskExhaustedError          # re-asks ran out under policy "raise"; .attempts, .original_response
      QuoteVerificationError       # policy "raise" met a failing quote; .results
      MissingDependencyError(ImportError)  # an optional extra is not installed; names the pip command

A quote that fails verification is a *result*, not an exception: raising is opt-in
(``policy="raise"`` or :func:`quote_guard.raise_for_failures`). Bad arguments to the
public API also raise ``TypeError``/``ValueError`` subclasses, so callers that already
catch those keep working.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

__all__ = [
    "ConfigError",
    "MissingDependencyError",
    "ProviderError",
    "QuoteGuardError",
    "QuoteVerificationError",
    "ReaskExhaustedError",
    "SourceError",
]


class QuoteGuardError(Exception):
    """Root of every error that quote_guard raises on purpose."""


class ConfigError(QuoteGuardError, ValueError):
    """Raised when a configuration value is unknown, of the wrong type or out of range.

    The message names the file (when there is one), the dotted key and, where it helps,
    the line and the allowed values.
    """


class SourceError(QuoteGuardError, ValueError):
    """Raised when the source documents cannot be used: empty list, duplicate ids, bad text."""


class ProviderError(QuoteGuardError):
    """Raised when the LLM provider call fails after its retries.

    ``provider`` and ``model`` say which call failed; the provider's own exception is
    chained as ``__cause__``. ``partial`` is what the call had when it failed, so nothing
    is lost: ``None`` when the first answer never came, else the guarded response (for a
    stream: the stream) carrying the best answer so far, corrected and flagged, with its
    ``GuardReport`` (read it with ``QuoteGuard.report_of(exc.partial)``).
    """

    def __init__(
        self, message: str, *, provider: str | None = None, model: str | None = None, partial: Any = None
    ) -> None:
        super().__init__(message)
        self.provider = provider
        self.model = model
        self.partial = partial


class ReaskExhaustedError(QuoteGuardError):
    """Raised when every re-ask attempt still had failing quotes and the policy says raise.

    ``attempts`` holds every attempt (response and results); ``original_response`` is the
    model's first answer, untouched.
    """

    def __init__(self, message: str, *, attempts: Sequence[Any] = (), original_response: Any = None) -> None:
        super().__init__(message)
        self.attempts = list(attempts)
        self.original_response = original_response


class QuoteVerificationError(QuoteGuardError):
    """Raised on request (policy ``raise`` or ``raise_for_failures``) when quotes fail.

    ``results`` holds every result of the batch, the passing ones included, so nothing is lost;
    ``citations`` the re-verified provider citations of the answer
    (:class:`~quote_guard.citations.CitationResult`), when the guard checked any.
    """

    def __init__(self, message: str, *, results: Sequence[Any] = (), citations: Sequence[Any] = ()) -> None:
        super().__init__(message)
        self.results = list(results)
        self.citations = list(citations)


class MissingDependencyError(QuoteGuardError, ImportError):
    """Raised on first use of a feature whose optional dependency is not installed.

    The message gives the exact ``pip install`` command.
    """

    def __init__(self, feature: str, *, extra: str, package: str | None = None) -> None:
        what = f"the package {package!r}" if package else f"the {extra!r} extra"
        super().__init__(
            f"{feature} needs {what}, which is not installed. "
            f"Install it with: pip install 'quote_guard[{extra}]'"
        )
        self.extra = extra
        self.package = package
