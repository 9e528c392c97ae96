"""What the guard reports: each quote's outcome, each attempt, and the whole call.

A :class:`GuardReport` rides on the response in its private ``_hidden_params`` dict (never
in its JSON) and is read back with :func:`report_of`.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ..attribution import Attribution
from ..models import Metrics, QuoteResult, Span, Verdict
from ..policy import Action

if TYPE_CHECKING:  # pragma: no cover
    from ..citations import CitationResult
    from .provider import ProviderRetry

__all__ = [
    "Attempt",
    "CitationOutcome",
    "GuardReport",
    "QuoteOutcome",
    "attach",
    "get_content",
    "has_choice",
    "has_tool_calls",
    "raw_content",
    "report_of",
    "set_content",
    "sum_usage",
    "usage_of",
]

log = logging.getLogger("quote_guard")

REPORT_KEY = "quote_guard"
_MISSING = object()


@dataclass(frozen=True, slots=True)
class QuoteOutcome:
    """One quote of an answer: where it is, its verdict, and what the guard did.

    ``start``/``end`` index the answer *as the model wrote it* (half-open). ``action`` is
    the action applied (or planned, for an attempt that was re-asked).
    """

    quote: str
    start: int
    end: int
    result: QuoteResult
    action: Action
    note: str = ""
    extracted: Any = field(default=None, repr=False, compare=False)  # the ExtractedQuote
    attribution: Attribution | None = None
    """Does the quote's citation name the document it comes from (``None``: not checked)."""

    @property
    def verdict(self) -> Verdict:
        return self.result.verdict

    @property
    def spans(self) -> tuple[Span, ...]:
        return self.result.spans

    @property
    def metrics(self) -> Metrics:
        return self.result.metrics

    @property
    def verbatim(self) -> str | None:
        return self.result.verbatim

    @property
    def passed(self) -> bool:
        """True when the quote now reads what its source says (as written, or fixed)."""
        if self.action is Action.FIX:
            return True
        return self.action is Action.PASS and self.result.accepted

    def shifted(self, by: int) -> QuoteOutcome:
        """The same outcome with its offsets moved by ``by`` (a quote found in a window of the answer)."""
        return QuoteOutcome(self.quote, self.start + by, self.end + by, self.result, self.action, self.note, None,
                            self.attribution)

    def to_dict(self) -> dict[str, Any]:
        d = self.result.to_dict()
        d.update({"start": self.start, "end": self.end, "action": self.action.value, "passed": self.passed})
        if self.attribution is not None:
            d["attribution"] = self.attribution.to_dict()
        if self.note:
            d["note"] = self.note
        return d


@dataclass(frozen=True, slots=True)
class CitationOutcome:
    """One citation the provider returned, re-verified (:mod:`quote_guard.citations`), and what
    the guard did with it (``pass``, ``annotate``, ``reask`` or ``raise``; ``note`` says why it
    differs from the policy's key, e.g. a fallback)."""

    result: CitationResult
    action: Action
    note: str = ""

    @property
    def status(self) -> str:
        """The citation's status (``ok``, ``location_mismatch``, ``misattributed``, ...)."""
        return str(self.result.status.value)

    @property
    def passed(self) -> bool:
        """True when the citation holds (``ok``), or could not be checked and the policy passes it."""
        return self.action is Action.PASS and not self.result.status.failed

    def to_dict(self) -> dict[str, Any]:
        d = self.result.to_dict()
        d.update({"action": self.action.value, "passed": self.passed})
        if self.note:
            d["note"] = self.note
        return d


@dataclass(frozen=True, slots=True)
class Attempt:
    """One model call of a guarded call: the answer as written, the decision on each quote, and
    on each citation the provider returned with it."""

    number: int
    text: str
    quotes: tuple[QuoteOutcome, ...]
    reasked: bool
    usage: dict[str, int] | None = None
    citations: tuple[CitationOutcome, ...] = ()

    @property
    def passed(self) -> bool:
        return all(q.passed for q in self.quotes) and all(c.passed for c in self.citations)

    def to_dict(self) -> dict[str, Any]:
        return {
            "number": self.number,
            "text": self.text,
            "passed": self.passed,
            "reasked": self.reasked,
            "usage": self.usage,
            "quotes": [q.to_dict() for q in self.quotes],
            "citations": [c.to_dict() for c in self.citations],
        }


@dataclass(frozen=True)
class GuardReport:
    """What the guard found and did for one call.

    - ``passed``: every quote of the returned answer reads what its source says (verbatim,
      or fixed to the source text). A quote that was annotated, dequoted, removed or passed
      in spite of its verdict makes it False.
    - ``quotes``: the final answer's quotes (verdict, spans, metrics, action).
    - ``attempts``: every model call (the first answer and each re-ask), in order.
    - ``retries``: transient provider failures that were retried (timeouts, 429, 5xx).
    - ``exhausted``: re-asks ran out; the original answer was returned with the fallback.
    - ``original_text`` / ``final_text``: the model's first answer, and what the caller got.
    - ``sources`` / ``source_origins``: the ids checked against, and the message each came from.
    - ``sources_fallback``: the call carried no document-like source, so the system and user
      text were used (see :mod:`quote_guard.guard.messages`).
    - ``manifest``: how the result was made (:class:`~quote_guard.manifest.RunManifest` as a dict:
      version, config hash, thresholds, embedder, date, a hash of each source).
    - ``truncated``: a stream ended without ``finish_reason`` (cut mid-quote or mid-event, or
      the connection failed): what arrived was released, but the call never counts as passed.
    - ``error``: the provider failure that ended the call early (the report then rides on
      ``ProviderError.partial``); empty when the call completed.
    - ``notes``: what else the caller should know, one sentence each (an empty re-ask reply
      that did not replace the answer, a reply without choices...).
    - ``citations``: the citations the provider returned with the final answer, re-verified
      against the sources (:class:`CitationOutcome`); ``passed`` needs every one to pass too.
    """

    passed: bool
    quotes: tuple[QuoteOutcome, ...]
    attempts: tuple[Attempt, ...]
    retries: tuple[ProviderRetry, ...]
    original_text: str
    final_text: str
    sources: tuple[str, ...]
    skipped_sources: tuple[str, ...] = ()
    exhausted: bool = False
    streamed: bool = False
    usage: dict[str, int] = field(default_factory=dict)
    sources_fallback: bool = False
    source_origins: dict[str, str] = field(default_factory=dict)
    manifest: dict[str, Any] = field(default_factory=dict)
    truncated: bool = False
    error: str = ""
    notes: tuple[str, ...] = ()
    citations: tuple[CitationOutcome, ...] = ()

    @property
    def n_attempts(self) -> int:
        return len(self.attempts)

    @property
    def flagged(self) -> tuple[QuoteOutcome, ...]:
        """The final answer's quotes that did not pass."""
        return tuple(q for q in self.quotes if not q.passed)

    @property
    def flagged_citations(self) -> tuple[CitationOutcome, ...]:
        """The final answer's provider citations that did not pass."""
        return tuple(c for c in self.citations if not c.passed)

    def to_dict(self) -> dict[str, Any]:
        return {
            "passed": self.passed,
            "n_attempts": self.n_attempts,
            "exhausted": self.exhausted,
            "streamed": self.streamed,
            "truncated": self.truncated,
            "error": self.error,
            "notes": list(self.notes),
            "original_text": self.original_text,
            "final_text": self.final_text,
            "sources": list(self.sources),
            "sources_fallback": self.sources_fallback,
            "source_origins": dict(self.source_origins),
            "manifest": dict(self.manifest),
            "skipped_sources": list(self.skipped_sources),
            "usage": dict(self.usage),
            "retries": [r.to_dict() for r in self.retries],
            "quotes": [q.to_dict() for q in self.quotes],
            "citations": [c.to_dict() for c in self.citations],
            "attempts": [a.to_dict() for a in self.attempts],
        }

    def summary(self) -> str:
        """One line for logs: ``passed, 3 quotes (2 verbatim, 1 fixed), 2 attempts``."""
        head = "passed" if self.passed else f"FLAGGED ({len(self.flagged)} quote(s) not verified)"
        if not self.passed and self.flagged_citations:
            head = head[:-1] + f", {len(self.flagged_citations)} citation(s) failing)"
        if self.truncated:
            head += ", stream truncated"
        if self.error:
            head += ", provider failed"
        acts: dict[str, int] = {}
        for q in self.quotes:
            acts[q.action.value] = acts.get(q.action.value, 0) + 1
        detail = ", ".join(f"{n} {a}" for a, n in sorted(acts.items()))
        line = f"{head}; {len(self.quotes)} quote(s) ({detail or 'none'})"
        if self.citations:
            st: dict[str, int] = {}
            for c in self.citations:
                st[c.status] = st.get(c.status, 0) + 1
            line += f"; {len(self.citations)} citation(s) ({', '.join(f'{n} {s}' for s, n in sorted(st.items()))})"
        return f"{line}; {self.n_attempts} attempt(s)"


def report_of(response: Any) -> GuardReport | None:
    """The :class:`GuardReport` attached to a guarded response (``None`` if it has none)."""
    stream_report = getattr(response, "quote_guard_report", _MISSING)
    if stream_report is not _MISSING:  # a guarded stream: set once it is exhausted
        return stream_report if isinstance(stream_report, GuardReport) else None
    hidden = getattr(response, "_hidden_params", None)
    if isinstance(hidden, dict):
        rep = hidden.get(REPORT_KEY)
        if isinstance(rep, GuardReport):
            return rep
    return None


def attach(response: Any, report: GuardReport) -> None:
    hidden = getattr(response, "_hidden_params", None)
    if not isinstance(hidden, dict):
        hidden = {}
        try:
            response._hidden_params = hidden
        except (AttributeError, TypeError, ValueError):  # pragma: no cover - exotic response types
            log.warning("quote_guard: cannot attach the report to a %s", type(response).__name__)
            return
    hidden[REPORT_KEY] = report


def get_content(response: Any) -> str:
    """The answer text of a response; ``""`` when there is none (no choices, ``content=None``)."""
    content = raw_content(response)
    return content if isinstance(content, str) else ""


_NO_CHOICE = object()


def raw_content(response: Any) -> Any:
    """``choices[0].message.content`` as the provider sent it (``None`` stays ``None``);
    a private sentinel when the response has no choice at all (see :func:`has_choice`)."""
    try:
        return response.choices[0].message.content
    except (AttributeError, IndexError, KeyError, TypeError):
        return _NO_CHOICE


def has_choice(response: Any) -> bool:
    """False for a response with ``choices=[]`` (or no message): there is no answer to check."""
    return raw_content(response) is not _NO_CHOICE


def has_tool_calls(response: Any) -> bool:
    """True when the first choice calls tools (its ``content`` may then be ``None``)."""
    try:
        calls = response.choices[0].message.tool_calls
    except (AttributeError, IndexError, KeyError, TypeError):
        return False
    return bool(calls)


def set_content(response: Any, text: str) -> None:
    """Write the corrected answer back; a ``None`` content stays ``None`` when there is no text
    (a tool-call-only response), and a response without choices is left as it is."""
    if not text and raw_content(response) in (None, _NO_CHOICE):
        return
    try:
        response.choices[0].message.content = text
    except (AttributeError, IndexError, TypeError):  # pragma: no cover
        log.warning("quote_guard: cannot write the corrected answer into a %s", type(response).__name__)


def usage_of(response: Any) -> dict[str, int] | None:
    u = getattr(response, "usage", None)
    if u is None:
        return None
    out = {}
    for k in ("prompt_tokens", "completion_tokens", "total_tokens"):
        v = getattr(u, k, None) if not isinstance(u, Mapping) else u.get(k)
        if isinstance(v, int):
            out[k] = v
    return out or None


def sum_usage(usages: Iterable[Mapping[str, int] | None]) -> dict[str, int]:
    """Token counts added up over several calls."""
    total: dict[str, int] = {}
    for u in usages:
        for k, v in (u or {}).items():
            total[k] = total.get(k, 0) + v
    return total
