"""QuoteGuard: wrap a chat-completion call so the answer quotes its sources verbatim.

>>> guard = QuoteGuard()                                   # or QuoteGuard.from_yaml("validators.yaml")
>>> resp = guard.completion(model="openai/gpt-4o-mini", messages=messages)   # doctest: +SKIP
>>> resp.choices[0].message.content                         # the corrected answer  # doctest: +SKIP
>>> report = QuoteGuard.report_of(resp)                     # the GuardReport       # doctest: +SKIP

Each call:

1. reads the sources from the call (or takes ``sources=``), see :mod:`quote_guard.guard.messages`;
2. calls the model through the one provider seam (:mod:`quote_guard.guard.provider`:
   litellm, retries with backoff for timeouts/429/5xx, errors mapped to ``ProviderError``);
3. extracts the answer's quotes, verifies them, and picks an action per quote from the
   :class:`~quote_guard.policy.Policy` (``pass``, ``fix``, ``dequote``, ``remove``,
   ``annotate``, ``reask``, ``raise``); re-verifies the citations the provider returned
   (:mod:`quote_guard.citations`: Anthropic, OpenAI, Gemini, Cohere, leaked ``<cite>`` markup)
   and acts on them by the policy's ``citation_*`` keys (``pass``, ``annotate``, ``reask``,
   ``raise``; a stream flags them in the report only);
4. re-asks while a quote calls for it and attempts remain: the caller's messages (so the
   sources), the model's answer, and ONE feedback message naming each failing quote, its
   verdict, what differs, and the closest verbatim source text (and each failing citation);
5. applies the actions to the final answer. If re-asks run out, the *original* answer comes
   back with the ``fallback`` action (annotate by default) on the failing quotes, or
   ``ReaskExhaustedError`` under ``fallback: raise``.

The loop is sans-IO: :class:`ReaskRun` decides, the sync and async drivers only call the model.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator, Mapping, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from ..attribution import check_attribution
from ..citations import (
    CitationStream,
    CitedAnswer,
    annotate_citations,
    anthropic_documents,
    read_response,
    verify_citations,
)
from ..config import MAX_ATTEMPTS, QuoteGuardConfig, load_config
from ..errors import ConfigError, ProviderError, QuoteGuardError, QuoteVerificationError, ReaskExhaustedError
from ..extract import QUOTE_MARKS, extract_quotes
from ..limits import answer_limit_reason, limited, quote_count_reason
from ..models import QuoteResult, Source, Verdict
from ..policy import EDITS, Action, Policy
from ..rewrite import rewrite
from ..sources import JsonSource, remap_result
from ..verify import Verifier, cut_in_context
from .messages import coerce_sources, collect_sources, copy_messages, feedback_message
from .provider import LLMClient, ProviderRetry
from .report import (
    Attempt,
    CitationOutcome,
    GuardReport,
    QuoteOutcome,
    attach,
    get_content,
    has_choice,
    has_tool_calls,
    raw_content,
    report_of,
    set_content,
    sum_usage,
    usage_of,
)
from .stream import StreamState

if TYPE_CHECKING:  # pragma: no cover
    import os

    from ..documents import Document

__all__ = ["GuardedAsyncStream", "GuardedStream", "QuoteGuard", "ReaskRun", "StreamGate"]

#: What ``sources=`` takes: texts, :class:`Source` objects, ``{id: text}``, and documents
#: (:class:`quote_guard.documents.Document`, or an ``os.PathLike`` path to a PDF, DOCX or HTML file).
SourcesArg = Any

#: sentinel for "use the configured value" (so ``None`` can mean "off")
USE_CONFIG: Any = type("UseConfig", (), {"__repr__": lambda self: "USE_CONFIG"})()


_CONTEXT_CHARS = 120  # answer text read before a quote for a limit it states in its own words
_CONTEXT_STOPS = QUOTE_MARKS | {">"}


def _context_before(text: str, at: int) -> str:
    """The answer's text before a quote that opens at ``at``, back to the paragraph's start or the
    last quotation mark or tag before it (at most ``_CONTEXT_CHARS``). A stream verifies a quote
    with the text since the paragraph's start or the last quote's end, so it reads the same words."""
    para = text.rfind("\n\n", 0, at)
    lo = max(0, at - _CONTEXT_CHARS, para + 2 if para >= 0 else 0)
    for i in range(at - 1, lo - 1, -1):
        if text[i] in _CONTEXT_STOPS:
            return text[i + 1 : at]
    return text[lo:at]


class _Checker:
    """Extract -> verify -> decide -> rewrite, for one answer text. Pure: no I/O."""

    def __init__(self, config: QuoteGuardConfig, verifier: Verifier) -> None:
        self.config = config
        self.verifier = verifier

    def verify(self, quotes: Sequence[str], sources: Sequence[Source]) -> list[QuoteResult]:
        """Verify within ``limits`` (an over-long quote or source gives ``uncheckable``, naming the limit)."""
        if not quotes:
            return []
        if not sources:
            return [
                QuoteResult(q, Verdict.UNCHECKABLE, reason="The call carried no source text to check the quote against.")
                for q in quotes
            ]
        return limited(quotes, sources, self.verifier.verify, self.config.limits)

    def check(self, text: str, sources: Sequence[Source], policy: Policy, *, reask: bool,
              structured: Mapping[str, JsonSource] | None = None) -> list[QuoteOutcome]:
        """Every quote of ``text`` with its result and the policy's decision.

        A quote with a citation hint is checked against the cited document first
        (:func:`~quote_guard.attribution.check_attribution`); a misattributed one gets the
        policy's ``misattributed`` action. Spans into JSON tool results (``structured``) are
        moved back into the original JSON text.

        Over ``limits.max_answer_chars`` nothing is extracted: the answer gets one
        ``uncheckable`` outcome that names the limit. Past ``limits.max_quotes`` the extra
        quotes are ``uncheckable`` (naming the limit) instead of verified.

        A quote worked into the answer's sentence is read with the answer's words before it
        (:func:`~quote_guard.verify.cut_in_context`).
        """
        limits = self.config.limits
        if len(text) > limits.max_answer_chars:
            return [self._over_limit(text, answer_limit_reason(len(text), limits.max_answer_chars), policy, reask)]
        found = extract_quotes(text, self.config.extract)
        kept = found[: limits.max_quotes]
        results = self.verify([q.text for q in kept], sources)
        reason = quote_count_reason(len(found), limits.max_quotes)
        results += [QuoteResult(q.text, Verdict.UNCHECKABLE, reason=reason) for q in found[limits.max_quotes:]]
        out = []
        for q, r in zip(found, results):
            a = None
            if sources and r.verdict is not Verdict.UNCHECKABLE:
                a, r = check_attribution(q, r, sources, self.verifier)
                if q.json_pointer is None:
                    # a fragment worked into the answer's sentence, cut from what limits it in the source
                    r = cut_in_context(r, sources, _context_before(text, q.outer_start))
                if structured:
                    r = remap_result(r, dict(structured))
            d = policy.decide(r, reask=reask, misattributed=a is not None and a.misattributed)
            out.append(QuoteOutcome(q.text, q.start, q.end, r, d.action, d.note, q, a))
        return out

    @staticmethod
    def _over_limit(text: str, reason: str, policy: Policy, reask: bool) -> QuoteOutcome:
        result = QuoteResult(text[:200], Verdict.UNCHECKABLE, reason=reason)
        d = policy.decide(result, reask=reask)
        return QuoteOutcome(text[:200], 0, 0, result, d.action, reason, None)

    def check_citations(self, response: Any, text: str, sources: Sequence[Source], policy: Policy, *,
                        reask: bool, notes: list[str]) -> list[CitationOutcome]:
        """Every citation the provider returned with ``response`` (a provider response, a
        :class:`~quote_guard.citations.CitedAnswer` read from a stream, or the answer ``text``
        itself for leaked ``<cite>`` markup), re-verified against ``sources`` (:mod:`quote_guard.citations`), with the
        policy's ``citation_<status>`` action. A response whose citations cannot be read gets a
        note, never an exception; ``policy.check_citations=False`` checks none."""
        if not policy.check_citations or not text:
            return []
        try:
            ans = response if isinstance(response, CitedAnswer) else read_response(response, sources=sources)
        except (TypeError, ValueError, QuoteGuardError) as exc:
            notes.append(f"the provider's citations could not be read: {exc}")
            return []
        if not ans.citations:
            return []
        if ans.text != text:
            notes.append("the provider's citations index another text than the answer's content: not checked")
            return []
        results = verify_citations(ans.citations, ans.text, sources, verifier=self.verifier)
        return [CitationOutcome(r, d.action, d.note)
                for r in results for d in [policy.decide_citation(r.status.value, reask=reask)]]

    @staticmethod
    def raise_for(outcomes: Sequence[QuoteOutcome], citations: Sequence[CitationOutcome] = ()) -> None:
        """Raise :class:`QuoteVerificationError` (with every result) if the policy says raise."""
        raising = [o for o in outcomes if o.action is Action.RAISE]
        wrong = [c for c in citations if c.action is Action.RAISE]
        if raising or wrong:
            names = ", ".join([f"“{o.quote[:60]}” ({o.verdict.value})" for o in raising]
                              + [f"the citation of {c.result.citation.source_id!r} ({c.status})" for c in wrong])
            what = " and ".join(x for x in (f"{len(raising)} failing quote(s)" if raising else "",
                                            f"{len(wrong)} failing citation(s)" if wrong else "") if x)
            raise QuoteVerificationError(
                f"policy 'raise' met {what}: {names}", results=[o.result for o in outcomes],
                citations=[c.result for c in citations],
            )

    def apply(self, text: str, outcomes: Sequence[QuoteOutcome], citations: Sequence[CitationOutcome] = ()) -> str:
        """The answer with each quote's own action applied; text outside the quotes untouched.
        Citations to ``annotate`` get ``[citation <status>: <source>]`` after the answer text they
        support (moved by what the quote edits before them added or removed)."""
        todo = [(o.extracted, o.result, o.action) for o in outcomes if o.action in EDITS and o.extracted is not None]
        done = rewrite(text, todo, policy=self.config.policy) if todo else None
        new_text = done.text if done is not None else text
        marked = [c.result for c in citations if c.action is Action.ANNOTATE and c.result.citation.answer_span]
        if not marked:
            return new_text
        edits = [(e.old_end, (e.new_end - e.new_start) - (e.old_end - e.old_start))
                 for e in (done.edits if done is not None else ())]
        moved = []
        for r in marked:
            a, b = r.citation.answer_span  # type: ignore[misc]
            if text.startswith("</cite>", b):  # leaked markup: the marker goes after it, not inside
                b += len("</cite>") + text.startswith(")", b + len("</cite>"))
            by_a = sum(d for end, d in edits if end <= a)
            by_b = sum(d for end, d in edits if end <= b)
            moved.append(replace(r, citation=replace(r.citation, answer_span=(a + by_a, b + by_b))))
        return annotate_citations(new_text, moved)


def _documents_in(sources: Any) -> tuple[Any, dict[str, Document]]:
    """``sources=`` with every document replaced by its text, and the documents by id.

    A document is a :class:`quote_guard.documents.Document` or a path to a PDF, DOCX, HTML (or
    ``.txt``/``.md``) file given as an ``os.PathLike`` (``Path("lease.pdf")``), alone, in a list,
    or as the value of an ``{id: ...}`` dict (the key is then its id); a path is loaded with
    :func:`quote_guard.documents.load` (id: the path as given). A ``str`` is always source
    text, never a path. Raises :class:`~quote_guard.errors.SourceError` for a file that cannot
    be read.
    """
    import os
    import sys

    types = sys.modules.get("quote_guard.documents._types")  # no Document exists before it is imported

    def is_doc(x: Any) -> bool:
        return isinstance(x, os.PathLike) or (types is not None and isinstance(x, types.Document))

    def as_doc(x: Any, sid: str | None = None) -> Document:
        import dataclasses

        from ..documents import load

        doc: Document = load(x, id=sid) if isinstance(x, os.PathLike) else x
        return dataclasses.replace(doc, id=sid) if sid is not None and doc.id != sid else doc

    docs: dict[str, Document] = {}
    if is_doc(sources):
        d = as_doc(sources)
        return [d.to_source()], {d.id: d}
    if isinstance(sources, Mapping):
        if not any(is_doc(v) for v in sources.values()):
            return sources, docs
        texts = {}
        for k, v in sources.items():
            if is_doc(v) and isinstance(k, str):
                d = as_doc(v, k)
                docs[k], texts[k] = d, d.text
            else:
                texts[k] = v
        return texts, docs
    if isinstance(sources, (str, bytes, Source)) or not isinstance(sources, Sequence):
        return sources, docs
    if not any(is_doc(x) for x in sources):
        return sources, docs
    out: list[Any] = []
    for x in sources:
        if is_doc(x):
            d = as_doc(x)
            docs[d.id] = d
            out.append(d.to_source())
        else:
            out.append(x)
    return out, docs


def _settled(outcomes: Sequence[QuoteOutcome], policy: Policy, note: str) -> tuple[QuoteOutcome, ...]:
    """The outcomes with every pending re-ask replaced by the policy's fallback."""
    return tuple(
        QuoteOutcome(o.quote, o.start, o.end, o.result, policy.fallback, note, o.extracted, o.attribution)
        if o.action is Action.REASK else o
        for o in outcomes
    )


def _settled_citations(citations: Sequence[CitationOutcome], policy: Policy, note: str) -> tuple[CitationOutcome, ...]:
    """The citations with every pending re-ask replaced by the policy's citation fallback."""
    return tuple(CitationOutcome(c.result, policy.citation_fallback, note) if c.action is Action.REASK else c
                 for c in citations)


def _report(run: ReaskRun, final: Sequence[QuoteOutcome], final_text: str, *, exhausted: bool = False,
            streamed: bool = False, attempts: Sequence[Attempt] | None = None, truncated: bool = False,
            error: str = "", citations: Sequence[CitationOutcome] = ()) -> GuardReport:
    """The one place a :class:`GuardReport` is built.

    A truncated stream, a provider failure and an answer that never came (no choices) are
    never ``passed``, whatever the quotes say.
    """
    tried = tuple(run.attempts if attempts is None else attempts)
    return GuardReport(
        passed=all(o.passed for o in final) and all(c.passed for c in citations)
        and not (truncated or error or run.no_answer),
        truncated=truncated,
        error=error,
        notes=tuple(run.notes),
        quotes=tuple(final),
        attempts=tried,
        retries=tuple(run.retries),
        original_text=tried[0].text if tried else "",
        final_text=final_text,
        sources=tuple(s.id for s in run.sources),
        skipped_sources=tuple(run.skipped),
        sources_fallback=run.fallback,
        source_origins=dict(run.origins),
        manifest=run.manifest(),
        exhausted=exhausted,
        streamed=streamed,
        usage=sum_usage(a.usage for a in tried),
        citations=tuple(citations),
    )


class ReaskRun:
    """The re-ask loop as a state machine (sans-IO), shared by the sync and async drivers and by
    the gateway (:mod:`quote_guard.integrations.litellm_proxy`).

    The drivers call the model with :attr:`next_messages` and feed each response to
    :meth:`observe`, until it returns ``None``; then :meth:`finish` returns the response.
    """

    def __init__(self, guard: QuoteGuard, messages: Any, sources: Any, policy: Policy, max_attempts: int) -> None:
        self.guard = guard
        cfg = guard.config
        self.messages = copy_messages(messages)  # the caller's list is never touched
        self.fallback = False
        self.origins: dict[str, str] = {}
        self.structured: dict[str, JsonSource] = {}
        self.documents: dict[str, Document] = {}  # PDF, DOCX, HTML sources given as sources=, by id
        if sources is None:
            collected = collect_sources(self.messages, roles=cfg.sources.roles, documents=cfg.sources.documents,
                                        fallback=cfg.sources.fallback)
            self.sources, self.skipped = collected.sources, collected.skipped
            self.fallback, self.origins, self.structured = collected.fallback, collected.origins, collected.structured
        else:
            sources, self.documents = _documents_in(sources)
            self.sources, self.skipped = coerce_sources(sources), []
            self.origins = {s.id: "sources= argument" for s in self.sources}
        self.citation_sources = self._citation_sources(sources is not None)
        self.policy = policy
        self.max_attempts = max_attempts
        self.attempts: list[Attempt] = []
        self.responses: list[Any] = []
        self.retries: list[ProviderRetry] = []
        self.next_messages: list[dict[str, Any]] | None = list(self.messages)
        self.notes: list[str] = []
        self.empty: set[int] = set()  # indexes of re-ask replies that had no answer
        self.no_answer = False  # the first reply had no choice at all

    @property
    def number(self) -> int:
        return len(self.attempts) + 1

    def _citation_sources(self, given: bool) -> list[Source]:
        """The sources provider citations are checked against, in the order the documents were
        sent (Anthropic's ``document_index`` and leaked ``<cite>`` markup count them): ``sources=``
        as given, else the call's document blocks, then the other sources of the call."""
        if given or not self.guard.config.policy.check_citations:
            return list(self.sources)
        docs = anthropic_documents(self.messages)
        ids = {d.id for d in docs}
        return [*docs, *(s for s in self.sources if s.id not in ids)]

    def manifest(self) -> dict[str, Any]:
        """The run manifest of this call (:class:`~quote_guard.manifest.RunManifest` fields, without
        the full config: its hash names it); the config part is computed once per guard."""
        from datetime import datetime, timezone

        from ..manifest import build_manifest, sha256_hex

        base = getattr(self.guard, "_manifest_base", None)
        if base is None or base[0] is not self.guard.config:
            base = (self.guard.config, build_manifest(self.guard.config, None))
            self.guard._manifest_base = base  # type: ignore[attr-defined]
        m = base[1]
        return {
            "schema": m.schema,
            "quote_guard_version": m.quote_guard_version,
            "config_hash": m.config_hash,
            "thresholds": dict(m.thresholds),
            "embedder": m.embedder,
            "date": datetime.now(timezone.utc).isoformat(timespec="seconds"),
            "input_hashes": {s.id: sha256_hex(s.text) for s in self.sources},
        }

    def observe(self, response: Any) -> list[dict[str, Any]] | None:
        text = get_content(response)
        if self.attempts and not text.strip():
            return self._empty_reply(response)
        if not self.attempts:
            self._note_first(response)
        checker = self.guard._checker
        outcomes = self.located(checker.check(text, self.sources, self.policy, reask=True,
                                              structured=self.structured))
        cites = checker.check_citations(response, text, self.citation_sources, self.policy, reask=True,
                                        notes=self.notes)
        reask = [o for o in outcomes if o.action is Action.REASK]
        creask = [c for c in cites if c.action is Action.REASK]
        more = bool(reask or creask) and self.number < self.max_attempts
        self.attempts.append(Attempt(self.number, text, tuple(outcomes), reasked=more, usage=usage_of(response),
                                     citations=tuple(cites)))
        self.responses.append(response)
        checker.raise_for(outcomes, cites)
        if not more:
            self.next_messages = None
            return None
        cfg = self.guard.config.reask
        feedback = feedback_message(
            [o.result for o in reask],
            attributions=[o.attribution for o in reask],
            template=cfg.template,
            item_template=cfg.item_template,
            no_verbatim_text=cfg.no_verbatim_text,
            role=cfg.role,
            attempt=self.number - 1,
            max_attempts=self.max_attempts,
            citations=[c.result for c in creask],
            answer=text,
            locations=[self.where(o.result) for o in reask],
        )
        self.next_messages = [*self.messages, {"role": "assistant", "content": text}, feedback]
        return self.next_messages

    def located(self, outcomes: Sequence[QuoteOutcome]) -> list[QuoteOutcome]:
        """``outcomes`` with the pages and boxes of each result found in a document source
        (:mod:`quote_guard.documents`); when no source has text (a scanned PDF), the
        ``uncheckable`` results name the document and why."""
        if not self.documents:
            return list(outcomes)
        import dataclasses

        from ..documents import attach_locations, with_document_reasons

        results = [o.result for o in outcomes]
        if not any(s.text.strip() for s in self.sources):
            results = with_document_reasons(results, self.documents)
        results = attach_locations(results, self.documents)
        return [o if r is o.result else dataclasses.replace(o, result=r) for o, r in zip(outcomes, results)]

    def where(self, result: QuoteResult) -> str:
        """Where ``result``'s closest source text sits in a document source, for the re-ask
        feedback: ``"p. 3 of lease.pdf"``, ``"¶ 5 of memo.docx"``; ``""`` for a plain-text source."""
        if not self.documents:
            return ""
        from ..documents import locate_result

        for span, loc in zip(result.spans, locate_result(result, self.documents)):
            label = loc.describe()
            if label:
                return f"{label} of {span.source_id}"
        return ""

    def _note_first(self, response: Any) -> None:
        if not has_choice(response):
            self.no_answer = True
            self.notes.append("attempt 1: the model returned no choices: there is no answer to check")
        elif raw_content(response) is None and not has_tool_calls(response):
            self.notes.append("attempt 1: the model returned no content (content=None)")

    def _empty_reply(self, response: Any) -> list[dict[str, Any]] | None:
        """A re-ask reply without an answer ("", ``None``, no choices, tool calls only) never
        replaces the answer we have: it is recorded, noted, and the same re-ask is sent again
        while attempts remain."""
        why = ("no choices" if not has_choice(response) else "only tool calls" if has_tool_calls(response)
               else "no content" if raw_content(response) is None else "an empty answer")
        self.notes.append(f"attempt {self.number}: the model returned {why}; the earlier answer was kept")
        more = self.number < self.max_attempts
        self.empty.add(len(self.attempts))
        self.attempts.append(Attempt(self.number, "", (), reasked=more, usage=usage_of(response)))
        self.responses.append(response)
        if not more:
            self.next_messages = None
        return self.next_messages

    def _last_answer(self) -> Attempt:
        """The last attempt that carried an answer (re-ask replies without one are skipped)."""
        real = [a for i, a in enumerate(self.attempts) if i not in self.empty]
        return real[-1]

    def partial(self, exc: ProviderError) -> ProviderError:
        """``exc`` with :attr:`~quote_guard.errors.ProviderError.partial` set: the best answer so
        far (failing quotes given the fallback, or annotated under ``fallback: raise``) with its
        report, ``error`` set. Nothing is lost when a re-ask fails."""
        if not self.attempts or exc.partial is not None:
            return exc
        fallback = Action.ANNOTATE if self.policy.fallback is Action.RAISE else self.policy.fallback
        chosen, response = self.attempts[0], self.responses[0]
        final = tuple(
            QuoteOutcome(o.quote, o.start, o.end, o.result, fallback, "the provider failed during a re-ask",
                         o.extracted) if o.action is Action.REASK else o
            for o in chosen.quotes
        )
        cites = tuple(CitationOutcome(c.result, Action.ANNOTATE, "the provider failed during a re-ask")
                      if c.action is Action.REASK else c for c in chosen.citations)
        new_text = self.guard._checker.apply(chosen.text, final, cites)
        set_content(response, new_text)
        self.notes.append(f"attempt {self.number}: the provider failed; the answer of attempt 1 is returned")
        attach(response, _report(self, final, new_text, error=str(exc), citations=cites))
        exc.partial = response
        return exc

    def report_so_far(self) -> GuardReport | None:
        """The report of the last attempt, for an answer the driver could not finish (an error
        answer); ``None`` before any response was observed."""
        if not self.attempts:
            return None
        last = self.attempts[-1]
        return _report(self, last.quotes, last.text)

    def finish(self) -> Any:
        last = self._last_answer()
        n_cites = sum(c.action is Action.REASK for c in last.citations)
        exhausted = any(o.action is Action.REASK for o in last.quotes) or n_cites > 0
        if exhausted:
            if self.policy.fallback is Action.RAISE:
                raise ReaskExhaustedError(
                    f"{len(self.attempts)} attempt(s) and the answer still has "
                    f"{sum(o.action is Action.REASK for o in last.quotes)} failing quote(s)"
                    + (f" and {n_cites} failing citation(s)" if n_cites else ""),
                    attempts=self.attempts,
                    original_response=self.responses[0],
                )
            chosen, response = self.attempts[0], self.responses[0]
            final = _settled(chosen.quotes, self.policy, "re-asks ran out")
            cites = _settled_citations(chosen.citations, self.policy, "re-asks ran out")
        else:
            chosen, response = last, self.responses[self.attempts.index(last)]
            final, cites = chosen.quotes, chosen.citations
        new_text = self.guard._checker.apply(chosen.text, final, cites)
        set_content(response, new_text)
        attach(response, _report(self, final, new_text, exhausted=exhausted, citations=cites))
        return response


class QuoteGuard:
    """Guard chat-completion calls: verify every quote, fix, re-ask with the sources kept.

    ``config`` is a :class:`~quote_guard.config.QuoteGuardConfig` (default: defaults plus
    ``QUOTE_GUARD_*`` environment variables). Keyword ``overrides`` (dotted keys, e.g.
    ``{"reask.max_attempts": 2}``) win over everything.
    """

    def __init__(
        self,
        config: QuoteGuardConfig | None = None,
        *,
        overrides: Mapping[str, Any] | None = None,
        verifier: Verifier | None = None,
        client: LLMClient | None = None,
    ) -> None:
        if config is None:
            config = load_config(overrides=overrides)
        elif not isinstance(config, QuoteGuardConfig):
            raise ConfigError(f"QuoteGuard(config=...) takes a QuoteGuardConfig, got {type(config).__name__}")
        elif overrides:
            config = config.merged(overrides)
        self.config = config
        self.verifier = verifier or Verifier(config.verifier)
        m = config.model
        self.client = client or LLMClient(
            retries=m.retries,
            backoff_initial=m.backoff_initial,
            backoff_multiplier=m.backoff_multiplier,
            backoff_max=m.backoff_max,
            timeout=m.timeout,
        )
        self._checker = _Checker(config, self.verifier)

    @classmethod
    def from_yaml(cls, path: str | os.PathLike[str], *, overrides: Mapping[str, Any] | None = None) -> QuoteGuard:
        """A guard configured by ``validators.yaml`` (then env variables, then ``overrides``)."""
        return cls(load_config(path, overrides=overrides))

    report_of = staticmethod(report_of)

    # -- helpers -----------------------------------------------------------------------
    def policy_for(self, policy: Any) -> Policy:
        """The configured policy with a call's overrides (``{"altered": "reask", ...}``) applied, or as
        configured for :data:`USE_CONFIG`; a bad override is a :class:`ConfigError` naming it."""
        if policy is USE_CONFIG:
            return self.config.policy
        try:
            return self.config.policy.with_overrides(policy)
        except (TypeError, ValueError) as exc:
            raise ConfigError(f"policy={dict(policy)!r}: {exc}") from exc

    def _start(self, model: str | None, messages: Any, sources: Any, policy: Any, max_attempts: Any,
               kwargs: dict[str, Any]) -> tuple[str, dict[str, Any], ReaskRun]:
        """What the sync and async calls share before the first model call: the model, the
        litellm arguments and the run."""
        model, call, pol, attempts = self._prepare(model, kwargs, policy, max_attempts)
        return model, call, ReaskRun(self, messages, sources, pol, attempts)

    def _prepare(
        self, model: str | None, kwargs: dict[str, Any], policy: Any, max_attempts: Any
    ) -> tuple[str, dict[str, Any], Policy, int]:
        m = self.config.model
        model = model or m.name
        if not model:
            raise ConfigError("no model: pass model=... or set model.name in validators.yaml")
        call = {**m.params, **kwargs}
        if m.api_base and "api_base" not in call and "base_url" not in call:
            call["api_base"] = m.api_base
        n = call.get("n")
        if n not in (None, 1):
            raise ConfigError(f"n={n}: QuoteGuard verifies one choice per call; call it once per answer")
        attempts = self.config.reask.max_attempts if max_attempts is USE_CONFIG else max_attempts
        if isinstance(attempts, bool) or not isinstance(attempts, int) or not 1 <= attempts <= MAX_ATTEMPTS:
            raise ConfigError(f"max_attempts={attempts!r}: must be a whole number from 1 to {MAX_ATTEMPTS}")
        return model, call, self.policy_for(policy), attempts

    # -- sync ----------------------------------------------------------------------------
    def completion(
        self,
        *,
        messages: Sequence[Mapping[str, Any]],
        model: str | None = None,
        sources: SourcesArg = None,
        stream: bool = False,
        policy: Mapping[str, str] = USE_CONFIG,
        max_attempts: int = USE_CONFIG,
        **kwargs: Any,
    ) -> Any:
        """Call the model through litellm and return its response with verified quotes.

        ``sources=None`` reads them from ``messages``; ``policy`` overrides verdict actions
        for this call (e.g. ``{"altered": "annotate"}``); ``max_attempts`` caps model
        calls; other keyword arguments go to ``litellm.completion``. With ``stream=True``,
        returns a :class:`GuardedStream`.
        """
        model, call, run = self._start(model, messages, sources, policy, max_attempts, kwargs)
        if stream:
            return GuardedStream(self, run, model, call)
        try:
            while (msgs := run.next_messages) is not None:
                run.observe(self.client.complete(model, msgs, call, attempt=run.number, retries_log=run.retries))
        except ProviderError as exc:
            run.partial(exc)
            raise
        return run.finish()

    async def acompletion(
        self,
        *,
        messages: Sequence[Mapping[str, Any]],
        model: str | None = None,
        sources: SourcesArg = None,
        stream: bool = False,
        policy: Mapping[str, str] = USE_CONFIG,
        max_attempts: int = USE_CONFIG,
        **kwargs: Any,
    ) -> Any:
        """Async :meth:`completion` (``litellm.acompletion``); streams are async iterators."""
        model, call, run = self._start(model, messages, sources, policy, max_attempts, kwargs)
        if stream:
            return GuardedAsyncStream(self, run, model, call)
        try:
            while (msgs := run.next_messages) is not None:
                run.observe(await self.client.acomplete(model, msgs, call, attempt=run.number,
                                                        retries_log=run.retries))
        except ProviderError as exc:
            run.partial(exc)
            raise
        return run.finish()

    # -- no LLM: check an answer you already have ---------------------------------------------
    def check(
        self,
        text: str,
        *,
        sources: SourcesArg = None,
        messages: Sequence[Mapping[str, Any]] | None = None,
        policy: Mapping[str, str] = USE_CONFIG,
    ) -> tuple[str, GuardReport]:
        """Verify and correct an answer you already have (no model call, no re-ask).

        Quotes the policy would re-ask get the fallback action. Returns the corrected
        text and the report. Used by the guardrails validator and the benchmark.
        """
        pol = self.policy_for(policy)
        run = ReaskRun(self, messages or [], sources, pol, 1)
        outcomes = run.located(self._checker.check(text, run.sources, pol, reask=False, structured=run.structured))
        cites = self._checker.check_citations(text, text, run.citation_sources, pol, reask=False, notes=run.notes)
        self._checker.raise_for(outcomes, cites)
        new_text = self._checker.apply(text, outcomes, cites)
        return new_text, _report(run, outcomes, new_text, citations=cites,
                                 attempts=[Attempt(1, text, tuple(outcomes), reasked=False, citations=tuple(cites))])


# ----------------------------------------------------------------------------- streaming


def _delta_text(chunk: Any) -> str | None:
    try:
        content = chunk.choices[0].delta.content
    except (AttributeError, IndexError, TypeError):
        return None
    return content if isinstance(content, str) else None


def _finished(chunk: Any) -> bool:
    try:
        return chunk.choices[0].finish_reason is not None
    except (AttributeError, IndexError, TypeError):
        return False


def _provider_finished(stream: Any) -> bool | None:
    """Did the provider itself send a ``finish_reason``? ``None`` when the stream cannot say.

    litellm ends every stream with a chunk whose ``finish_reason`` is ``"stop"``, even when
    the connection was cut mid-quote or mid-event; its stream wrapper keeps what the provider
    really sent in ``received_finish_reason``.
    """
    if not hasattr(stream, "received_finish_reason"):
        return None
    return bool(stream.received_finish_reason or getattr(stream, "intermittent_finish_reason", None))


def _set_delta(chunk: Any, text: str) -> None:
    chunk.choices[0].delta.content = text


class StreamGate:
    """A stream's quotes held back and checked: each chunk goes through :meth:`on_chunk`, and
    :meth:`tail` closes the stream and writes the report. The sync and async streams drive it,
    and so does the gateway's streaming hook."""

    def __init__(self, guard: QuoteGuard, run: ReaskRun, model: str, call: dict[str, Any]) -> None:
        self._guard = guard
        self._run = run
        self._model = model
        self._call = {**call, "stream": True}
        self._state = StreamState(guard._checker, run.sources, run.policy)
        self.quote_guard_report: GuardReport | None = None
        """Set when the stream is exhausted (read it with :func:`report_of`)."""
        self._usage: dict[str, int] | None = None
        self._last: Any = None
        self._finished = False  # a chunk carried finish_reason
        # the provider's citations, read from the chunks as they arrive (verified at the end: flagged only)
        self._citations: CitationStream | None = (
            CitationStream(sources=run.citation_sources) if run.policy.check_citations else None)

    @property
    def report(self) -> GuardReport | None:
        """The report, once the stream is exhausted."""
        return self.quote_guard_report

    def on_chunk(self, chunk: Any) -> Any:
        """Check one chunk: its text joins what is held back, and the chunk carries what can be released."""
        self._last = chunk
        self._feed_citations(chunk)  # first: before any early return, and before the delta is rewritten
        self._usage = usage_of(chunk) or self._usage
        piece = _delta_text(chunk)
        if piece is None and not _finished(chunk):
            return chunk
        out = self._state.feed(piece or "")
        if _finished(chunk):
            self._finished = True
            out += self._state.close()
        if piece is not None or out:
            _set_delta(chunk, out)
        return chunk

    def _feed_citations(self, chunk: Any) -> None:
        if self._citations is None:
            return
        try:
            self._citations.feed(chunk)
        except (TypeError, ValueError, AttributeError) as exc:
            self._run.notes.append(f"the provider's streamed citations could not be read: {exc}")
            self._citations = None

    def _streamed_citations(self, text: str) -> tuple[CitationOutcome, ...]:
        """The streamed citations, verified once the stream ends. The text is already sent, so a
        failing citation is flagged in the report only (never re-asked, annotated or raised)."""
        if self._citations is None:
            return ()
        run = self._run
        try:
            got = self._guard._checker.check_citations(self._citations.result(), text, run.citation_sources,
                                                       run.policy, reask=False, notes=run.notes)
        except (TypeError, ValueError, QuoteGuardError) as exc:
            run.notes.append(f"the provider's streamed citations could not be read: {exc}")
            return ()
        return tuple(c if c.action is Action.PASS else
                     CitationOutcome(c.result, c.action, "streamed: the text was already sent; flagged in the "
                                     "report only") for c in got)

    def tail(self, error: ProviderError | None = None) -> Any:
        """Close the stream: release what is still held, and write the report.

        A stream that ended without ``finish_reason`` (cut mid-quote, mid-event, or by a
        provider error) is ``truncated``: the held text is released as it is (nothing is
        lost), its unclosed quote is not verified, and the report never says passed.
        """
        held = len(self._state.text) - self._state.emitted
        rest = self._state.close()
        tail = None
        if rest and self._last is not None:
            tail = self._last.model_copy(deep=True) if hasattr(self._last, "model_copy") else self._last
            _set_delta(tail, rest)
        st = self._state
        truncated = not self._finished
        if truncated:
            why = "a provider error" if error is not None else "the stream ended without finish_reason"
            self._run.notes.append(
                f"truncated: {why}; {held} held-back character(s) were released unverified" if held
                else f"truncated: {why}"
            )
        final = tuple(self._run.located(st.outcomes))
        cites = self._streamed_citations(st.text)
        attempt = Attempt(1, st.text, final, reasked=False, usage=self._usage, citations=cites)
        self.quote_guard_report = _report(self._run, final, "".join(st.released), streamed=True, attempts=[attempt],
                                          truncated=truncated, error=str(error) if error is not None else "",
                                          citations=cites)
        return tail

    def release_unchecked(self, chunk: Any) -> Any:
        """Fail open mid-stream: this chunk carries everything still held, unchecked (the driver
        whose check failed then passes the rest of the stream on as it comes)."""
        rest = self._state.release_unchecked()  # feed() appended this chunk's text before it failed
        if rest or _delta_text(chunk) is not None:
            _set_delta(chunk, rest)
        return chunk

    def _failed(self, exc: ProviderError) -> None:
        """A provider error mid-stream: close with a truncated report; the stream is the partial."""
        self.tail(exc)
        if exc.partial is None:
            exc.partial = self

    @property
    def text(self) -> str:
        """The text released so far (corrected)."""
        return "".join(self._state.released)


class GuardedStream(StreamGate):
    """Iterate it like the litellm stream; ``.report`` is set once it is exhausted."""

    def __iter__(self) -> Iterator[Any]:
        client = self._guard.client
        stream = client.complete(self._model, self._run.messages, self._call, attempt=1, retries_log=self._run.retries)
        try:
            for chunk in client.iterate(stream, self._model, self._call):
                yield self.on_chunk(chunk)
        except ProviderError as exc:
            self._failed(exc)
            raise
        if (finished := _provider_finished(stream)) is not None:
            self._finished = finished
        tail = self.tail()
        if tail is not None:
            yield tail


class GuardedAsyncStream(StreamGate):
    """``async for`` it like the litellm stream; ``.report`` is set once it is exhausted."""

    async def __aiter__(self) -> AsyncIterator[Any]:
        client = self._guard.client
        stream = await client.acomplete(
            self._model, self._run.messages, self._call, attempt=1, retries_log=self._run.retries
        )
        try:
            async for chunk in client.aiterate(stream, self._model, self._call):
                yield self.on_chunk(chunk)
        except ProviderError as exc:
            self._failed(exc)
            raise
        if (finished := _provider_finished(stream)) is not None:
            self._finished = finished
        tail = self.tail()
        if tail is not None:
            yield tail
