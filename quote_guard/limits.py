"""Input limits: every size quote_guard accepts has a documented ceiling, and crossing it is a result.

Hostile or accidental input (a 50 MB answer, a 5 MB "quote", 100,000 quotes, a config that
expands to billions of nodes) must neither hang nor exhaust memory. Each limit below has a
default, is set in the ``limits:`` section of ``validators.yaml`` (or
``QUOTE_GUARD_LIMITS__<NAME>``), and when it is hit the caller is told which one:

=====================  ==========  =====================================================
limit                  default     over it
=====================  ==========  =====================================================
``max_answer_chars``   2,000,000   the answer gets one ``uncheckable`` outcome naming it
``max_quotes``         2,000       quotes after the first 2,000 are ``uncheckable``
``max_quote_chars``    20,000      that quote is ``uncheckable`` (reason names the limit)
``max_source_chars``   50,000,000  every quote is ``uncheckable`` (names the source)
``max_config_bytes``   1,000,000   :class:`~quote_guard.errors.ConfigError`
``max_yaml_nodes``     100,000     :class:`~quote_guard.errors.ConfigError` (alias bombs)
=====================  ==========  =====================================================

A quote that is not checked is never passed: ``uncheckable`` goes through the policy like any
other verdict (``annotate`` by default).

>>> from quote_guard.models import Source
>>> calls = []
>>> def verify(quotes, sources):
...     calls.append(quotes)
...     return [QuoteResult(q, Verdict.VERBATIM) for q in quotes]
>>> results = limited(["short quote", "x" * 30], [Source("d", "a short quote")], verify, Limits(max_quote_chars=20))
>>> calls, [r.verdict.value for r in results], "max_quote_chars" in results[1].reason
([['short quote']], ['verbatim', 'uncheckable'], True)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from pydantic import BaseModel, ConfigDict, Field

from .models import QuoteResult, Source, Verdict

__all__ = [
    "DEFAULT_LIMITS",
    "Limits",
    "answer_limit_reason",
    "limited",
    "quote_count_reason",
]


class Limits(BaseModel):
    """The ``limits:`` section: the largest input of each kind that is checked."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    max_answer_chars: int = Field(2_000_000, ge=1, description="Longest answer (characters) that is scanned for quotes.")
    max_quotes: int = Field(2_000, ge=1, description="Quotes verified per answer; later ones are uncheckable.")
    max_quote_chars: int = Field(20_000, ge=1, description="Longest quote (characters) that is verified.")
    max_source_chars: int = Field(50_000_000, ge=1, description="Longest source document (characters).")
    max_config_bytes: int = Field(1_000_000, ge=1, description="Largest validators.yaml, in bytes.")
    max_yaml_nodes: int = Field(
        100_000, ge=1, description="Nodes of validators.yaml once its aliases are expanded (stops alias bombs)."
    )


DEFAULT_LIMITS = Limits()


def answer_limit_reason(n: int, limit: int) -> str:
    """The reason given when an answer is over ``max_answer_chars``."""
    return (f"The answer has {n:,} characters, over limits.max_answer_chars={limit:,}: "
            "its quotes were not checked.")


def quote_count_reason(n: int, limit: int) -> str:
    """The reason given to each quote past ``max_quotes``."""
    return f"The answer has {n:,} quotes, over limits.max_quotes={limit:,}: quotes after the first {limit:,} were not checked."


def limited(
    quotes: Sequence[str],
    sources: Sequence[Source],
    verify: Callable[[list[str], list[Source]], list[QuoteResult]],
    limits: Limits = DEFAULT_LIMITS,
) -> list[QuoteResult]:
    """``verify(quotes, sources)`` for the quotes within the limits; an ``uncheckable`` result,
    naming the limit, for the others. One result per quote, in order.

    A source over ``max_source_chars`` makes every quote uncheckable (a partial check against
    the other sources could call a true quote unsupported).
    """
    big = [s for s in sources if s.content_key[0] > limits.max_source_chars]
    if big:
        names = ", ".join(f"{s.id!r} ({s.content_key[0]:,})" for s in big[:3])
        reason = (f"Source {names} is over limits.max_source_chars={limits.max_source_chars:,} characters: "
                  "the quote was not checked.")
        return [QuoteResult(q, Verdict.UNCHECKABLE, reason=reason) for q in quotes]
    keep = [i for i, q in enumerate(quotes) if len(q) <= limits.max_quote_chars]
    if len(keep) == len(quotes):
        return verify(list(quotes), list(sources))
    checked = iter(verify([quotes[i] for i in keep], list(sources)) if keep else [])
    kept = set(keep)
    out: list[QuoteResult] = []
    for i, q in enumerate(quotes):
        if i in kept:
            out.append(next(checked))
        else:
            out.append(QuoteResult(q, Verdict.UNCHECKABLE, reason=(
                f"The quote has {len(q):,} characters, over limits.max_quote_chars={limits.max_quote_chars:,}: "
                "it was not checked.")))
    return out
