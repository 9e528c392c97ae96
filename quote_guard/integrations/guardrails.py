"""guardrails-ai validator ``quote_guard/verified_quotes`` (``pip install 'quote_guard[guardrails]'``).

>>> from guardrails import Guard                                          # doctest: +SKIP
>>> from quote_guard.integrations.guardrails import VerifiedQuotes       # doctest: +SKIP
>>> guard = Guard().use(VerifiedQuotes(on_fail="fix"))                    # doctest: +SKIP
>>> out = guard(model="openai/gpt-4o-mini", messages=messages,           # doctest: +SKIP
...             metadata={"sources": {"lease.txt": lease_text}})
>>> out.validated_output, quote_summary(out)                             # doctest: +SKIP

What the validator returns, for a string answer:

- every quote verbatim, or fixable to its source text (near_verbatim; a strong paraphrase):
  ``PassResult`` whose ``value_override`` is the corrected answer (so ``on_fail`` actions,
  re-asks included, are not spent on harmless fixes);
- otherwise ``FailResult`` with ``fix_value`` (the answer with the policy's fallback applied to
  the failing quotes: annotated by default), one ``error_spans`` entry per failing quote
  (offsets into the validated text), an ``error_message`` listing each failing quote with its
  verdict, what differs and the closest verbatim source text, and per-quote metrics in
  ``metadata["quote_guard"]``.

It works with ``on_fail`` ``fix``, ``reask``, ``filter``, ``exception`` and ``noop``.

**guardrails traps, and what this adapter does about them**

- ``validation_passed`` stays True after a fix: read :func:`quote_summary` (built from
  ``validation_summaries``), not ``validation_passed``, to know whether quotes failed.
- guardrails' own re-ask sends only the previous answer and the error messages, not the
  original messages, so the sources are dropped. The error message therefore carries, for
  each failing quote, the exact source passage to copy; the re-asked answer is verified
  against the same ``metadata["sources"]``. For re-asks that resend the full sources, use
  :class:`quote_guard.QuoteGuard` instead.
- In sequential validation a validator's result ``metadata`` replaces the call metadata for
  the validators after it: every result here returns the call metadata (``sources``
  included) plus its own ``quote_guard`` key.

Telemetry: guardrails reads ``~/.guardrailsrc``; set ``enable_metrics=false`` there (and
keep ``use_remote_inferencing=false``). quote_guard never changes guardrails' settings.
"""

from __future__ import annotations

from typing import Any, Callable

from ..config import QuoteGuardConfig, load_config
from ..errors import ConfigError, MissingDependencyError
from ..guard import GuardReport, QuoteGuard
from ..integrations.messages import describe_differences

try:
    from guardrails.validators import (
        ErrorSpan,
        FailResult,
        PassResult,
        ValidationResult,
        Validator,
        register_validator,
    )
except ImportError as exc:  # pragma: no cover - exercised without the extra
    raise MissingDependencyError(
        "the guardrails validator quote_guard/verified_quotes", extra="guardrails", package="guardrails-ai"
    ) from exc

__all__ = ["VALIDATOR_NAME", "VerifiedQuotes", "quote_summary"]

VALIDATOR_NAME = "quote_guard/verified_quotes"
METADATA_KEY = "quote_guard"


@register_validator(name=VALIDATOR_NAME, data_type="string")
class VerifiedQuotes(Validator):  # type: ignore[misc]
    """Every quote in the answer must be what its source says.

    Sources come from the call: ``guard(..., metadata={"sources": ...})`` (a list of texts,
    of :class:`~quote_guard.Source`, or ``{id: text}``), or ``sources=`` given here.

    Args:
        config: a :class:`~quote_guard.config.QuoteGuardConfig`, or a path to
            ``validators.yaml``; ``None`` loads defaults (plus ``QUOTE_GUARD_*`` variables).
        sources: default sources, used when the call metadata has none.
        fix_action: what ``fix_value`` does with a failing quote: ``annotate`` (default:
            the policy's ``fallback``), ``dequote`` or ``remove``.
        on_fail: a guardrails ``OnFailAction`` (``fix``, ``reask``, ``filter``,
            ``exception``, ``noop``) or a callable.
    """

    override_value_on_pass = True

    def __init__(
        self,
        config: QuoteGuardConfig | str | None = None,
        *,
        sources: Any = None,
        fix_action: str | None = None,
        on_fail: str | Callable[..., Any] | None = None,
        **kwargs: Any,
    ) -> None:
        super().__init__(on_fail=on_fail, fix_action=fix_action, **kwargs)
        if config is None or isinstance(config, str):
            config = load_config(config)
        if fix_action is not None:
            config = config.merged({"policy.fallback": fix_action})
        self._guard = QuoteGuard(config)
        self._sources = sources

    def _validate(self, value: Any, metadata: dict[str, Any]) -> ValidationResult:
        if not isinstance(value, str):
            raise ConfigError(f"{VALIDATOR_NAME} validates strings, got {type(value).__name__}")
        sources = metadata.get("sources", self._sources) if metadata else self._sources
        if sources is None:
            raise ConfigError(
                f"{VALIDATOR_NAME} needs the sources: call the guard with metadata={{'sources': [...]}} "
                "or build VerifiedQuotes(sources=...)"
            )
        fixed, report = self._guard.check(value, sources=sources)
        meta = {**(metadata or {}), METADATA_KEY: _meta(report)}
        failing = [q for q in report.quotes if not q.passed]
        if not failing:
            return PassResult(value_override=fixed, metadata=meta)
        return FailResult(
            error_message=_error_message(report),
            fix_value=fixed,
            error_spans=[
                ErrorSpan(start=q.start, end=q.end, reason=f"{q.verdict.value}: {describe_differences(q.result)}")
                for q in failing
            ],
            metadata=meta,
        )


def _meta(report: GuardReport) -> dict[str, Any]:
    return {
        "passed": report.passed,
        "sources": list(report.sources),
        "quotes": [q.to_dict() for q in report.quotes],
    }


def _error_message(report: GuardReport) -> str:
    lines = ["These quotations do not match the sources word for word; copy the source text exactly or do not quote:"]
    for n, q in enumerate((q for q in report.quotes if not q.passed), 1):
        src = f"“{q.verbatim}” ({q.result.source_id})" if q.verbatim else "none: no source passage says this"
        lines.append(
            f"{n}. “{q.quote}”: {q.verdict.value}; differs: {describe_differences(q.result)}; closest source text: {src}"
        )
    return "\n".join(lines)


def quote_summary(outcome: Any) -> dict[str, Any]:
    """Did quotes fail in a guardrails ``ValidationOutcome``? (``validation_passed`` can't say.)

    Returns ``{"passed": bool, "failures": [...], "fixed": bool}`` from the outcome's
    ``validation_summaries`` (which keep failures that ``on_fail="fix"`` repaired).
    """
    failures = []
    for s in getattr(outcome, "validation_summaries", None) or []:
        if getattr(s, "validator_status", None) == "fail" and s.validator_name in ("VerifiedQuotes", VALIDATOR_NAME):
            failures.append(
                {
                    "reason": s.failure_reason,
                    "error_spans": [
                        {"start": e.start, "end": e.end, "reason": e.reason} for e in (s.error_spans or [])
                    ],
                }
            )
    raw = getattr(outcome, "raw_llm_output", None)
    validated = getattr(outcome, "validated_output", None)
    return {"passed": not failures, "failures": failures, "fixed": bool(failures) and validated not in (None, raw)}

