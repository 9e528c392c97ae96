"""guardrails-ai validator ``quote_guard/verified_quotes`` (``pip install 'quote_guard[guardrails]'``).

>>> from guardrails import Guard                                          # doctest: +SKIP
>>> from quote_guard.integrations.guardrails import VerifiedQuotes       # doctest: +SKIP
>>> guard = Guard().use(VerifiedQuotes(on_fail="fix"))                    # doctest: +SKIP
>>> out = guard(model="openai/gpt-4o-mini", messages=messages,           # doctest: +SKIP
...             metadata={"sources": {"lease.txt": lease_text}})
>>> out.validated_output, quote_summary(out)                             # doctest: +SKIP

What the validator returns, for a string answer:

- every quote verbatim: ``PassResult``;
- otherwise ``FailResult`` with ``fix_value`` (near_verbatim quotes and strong paraphrases
  fixed to the exact source text, failing quotes given the policy's fallback: annotated by
  default), one ``error_spans`` entry per quote that needed a change (offsets into the
  validated text; ``reason`` is ``"<verdict> -> <action>: <what differs>"``), an
  ``error_message`` listing each failing quote with its verdict, what differs and the
  closest verbatim source text, and per-quote metrics in ``metadata["quote_guard"]``.
  A quote that only needed a fix still fails validation: guardrails' default (async)
  validator service ignores a ``PassResult.value_override``, so ``fix_value`` is the only
  way to hand back the corrected text. Use ``on_fail="fix"`` for the fixes to be applied.

It works with ``on_fail`` ``fix``, ``reask``, ``filter``, ``exception`` and ``noop``.

**guardrails traps, and what this adapter does about them**

- ``validation_passed`` stays True after a fix: read :func:`quote_summary` (built from
  ``validation_summaries``), not ``validation_passed``, to know whether quotes failed.
- ``PassResult.value_override`` is dropped by the default async validator service (it only
  merges ``fix_value``s), so corrections always travel as ``FailResult.fix_value``.
- guardrails' own re-ask sends only the previous answer and the error messages, not the
  original messages, so the sources are dropped. The error message therefore carries, for
  each failing quote, the exact source passage to copy; the re-asked answer is verified
  against the same ``metadata["sources"]``. For re-asks that resend the full sources, use
  :class:`quote_guard.QuoteGuard` instead.
- In sequential validation a validator's result ``metadata`` replaces the call metadata for
  the validators after it: every result here returns the call metadata (``sources``
  included) plus its own ``quote_guard`` key.

Telemetry: with no ``~/.guardrailsrc``, guardrails turns its hub metrics on and exports OTLP
traces to a remote host. Importing this module turns both off (see
:func:`quote_guard._offline.quiet_guardrails`) unless you opted in: ``enable_metrics=true`` in
``~/.guardrailsrc``, ``QUOTE_GUARD_GUARDRAILS_TELEMETRY=1``, or
``Guard().configure(allow_metrics_collection=True)``. A value you set explicitly (in the rc
file, or ``settings.disable_tracing``) is never changed.
"""

from __future__ import annotations

import warnings
from collections.abc import Callable
from typing import Any

from .._offline import apply as _offline_defaults
from .._offline import quiet_guardrails
from ..config import QuoteGuardConfig, load_config
from ..errors import ConfigError, MissingDependencyError
from ..guard import GuardReport, QuoteGuard
from ..guard.messages import describe_differences
from ..policy import Action

_offline_defaults()  # before guardrails imports litellm: no cost-map download, HF offline
try:
    with warnings.catch_warnings():
        # guardrails imports its typer CLI, which trips click/typer deprecation notices at
        # import time (third party); silenced for this import statement only
        warnings.simplefilter("ignore", DeprecationWarning)
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

quiet_guardrails()

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

    def __init__(
        self,
        config: QuoteGuardConfig | str | None = None,
        *,
        sources: Any = None,
        fix_action: str | None = None,
        on_fail: str | Callable[..., Any] | None = None,
        **kwargs: Any,
    ) -> None:
        if config is None or isinstance(config, str):
            config = load_config(config)
        if fix_action is not None:
            config = config.merged({"policy.fallback": fix_action})
        super().__init__(on_fail=on_fail, fix_action=config.policy.fallback.value, **kwargs)
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
        changed = [q for q in report.quotes if not (q.passed and q.action is Action.PASS)]
        if not changed:
            return PassResult(metadata=meta)
        return FailResult(
            error_message=_error_message(report),
            fix_value=fixed,
            error_spans=[
                ErrorSpan(
                    start=q.start, end=q.end,
                    reason=f"{q.verdict.value} -> {q.action.value}: {describe_differences(q.result)}",
                )
                for q in changed
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
    failing = [q for q in report.quotes if not q.passed]
    fixed = [q for q in report.quotes if q.passed and q.action is Action.FIX]
    lines = []
    if failing:
        lines.append("These quotations do not match the sources word for word; copy the source text exactly or do not quote:")
        for n, q in enumerate(failing, 1):
            src = f"“{q.verbatim}” ({q.result.source_id})" if q.verbatim else "none: no source passage says this"
            lines.append(
                f"{n}. “{q.quote}”: {q.verdict.value}; differs: {describe_differences(q.result)}; closest source text: {src}"
            )
    if fixed:
        lines.append(f"{FIXED_ONLY if not failing else 'Also fixed'} to the exact source text: "
                     + "; ".join(f"“{q.quote}” -> “{q.verbatim}”" for q in fixed))
    return "\n".join(lines)


FIXED_ONLY = "Quotations fixed"


def quote_summary(outcome: Any) -> dict[str, Any]:
    """Did quotes fail in a guardrails ``ValidationOutcome``? (``validation_passed`` can't say.)

    Returns ``{"passed": bool, "fixed": bool, "failures": [...]}`` from the outcome's
    ``validation_summaries``, which keep failures that ``on_fail="fix"`` repaired.
    ``passed`` is True when every quote was verbatim or only needed a fix to the exact
    source text (near_verbatim, a strong paraphrase), and False when the outcome carries an
    ``error`` (an empty re-ask reply, say); ``fixed`` says the text was changed.
    """
    failures = []
    passed = True
    for s in getattr(outcome, "validation_summaries", None) or []:
        if getattr(s, "validator_status", None) != "fail" or s.validator_name not in ("VerifiedQuotes", VALIDATOR_NAME):
            continue
        spans = [{"start": e.start, "end": e.end, "reason": e.reason} for e in (s.error_spans or [])]
        if not all(" -> fix:" in sp["reason"] for sp in spans):
            passed = False
        failures.append({"reason": s.failure_reason, "error_spans": spans})
    if getattr(outcome, "error", None):  # the call itself failed (an empty reply...): nothing was verified
        passed = False
    raw = getattr(outcome, "raw_llm_output", None)
    validated = getattr(outcome, "validated_output", None)
    return {"passed": passed, "fixed": bool(failures) and validated not in (None, raw), "failures": failures}
