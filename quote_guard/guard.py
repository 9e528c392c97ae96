"""QuoteGuard: wrap a chat-completion call so the answer quotes its sources verbatim.

>>> guard = QuoteGuard()                                   # or QuoteGuard.from_yaml("validators.yaml")
>>> resp = guard.completion(model="openai/gpt-4o-mini", messages=messages)   # doctest: +SKIP
>>> resp.choices[0].message.content                         # the corrected answer  # doctest: +SKIP
>>> report = QuoteGuard.report_of(resp)                     # the GuardReport       # doctest: +SKIP

Each call:

1. reads the sources from the call (or takes ``sources=``), see
   :mod:`quote_guard.integrations.messages`;
2. calls the model through the one provider seam (:mod:`quote_guard.integrations.provider`:
   litellm, retries with backoff for timeouts/429/5xx, errors mapped to ``ProviderError``);
3. extracts the answer's quotes, verifies them, and picks an action per quote from the
   ``policy`` section (``pass``, ``fix``, ``dequote``, ``remove``, ``annotate``, ``reask``,
   ``raise``);
4. re-asks while a quote calls for it and attempts remain: the caller's messages (so the
   sources), the model's answer, and ONE feedback message naming each failing quote, its
   verdict, what differs, and the closest verbatim source text;
5. applies the actions to the final answer. If re-asks run out, the *original* answer comes
   back with the ``fallback`` action (annotate by default) on the failing quotes, or
   ``ReaskExhaustedError`` under ``fallback: raise``.

**Where the report lives.** The return value is the provider's normal response object
(litellm ``ModelResponse``), its ``choices[0].message.content`` corrected. The
:class:`GuardReport` is stored in the response's private ``_hidden_params`` dict (so it never
leaks into ``model_dump()``/JSON) and read with :meth:`QuoteGuard.report_of` (or the module
function :func:`report_of`). A stream is a :class:`GuardedStream`; its ``.report`` is set
once the stream is exhausted.
"""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .config import Action, QuoteGuardConfig, load_config
from .errors import ConfigError, QuoteVerificationError, ReaskExhaustedError
from .integrations.messages import (
    coerce_sources,
    collect_sources,
    copy_messages,
    feedback_message,
)
from .integrations.provider import LLMClient, ProviderRetry
from .models import Metrics, QuoteResult, Source, Span, Verdict
from .verify import Verifier

if TYPE_CHECKING:  # pragma: no cover
    import os

__all__ = ["Attempt", "GuardReport", "GuardedAsyncStream", "GuardedStream", "QuoteGuard", "QuoteOutcome", "report_of"]

log = logging.getLogger("quote_guard")

REPORT_KEY = "quote_guard"

#: sentinel for "use the configured value" (so ``None`` can mean "off")
USE_CONFIG: Any = type("UseConfig", (), {"__repr__": lambda self: "USE_CONFIG"})()

# actions under which the final answer's quote is honest as it stands
_PASSING = frozenset({Action.FIX})


# ----------------------------------------------------------------------------- results


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

    def to_dict(self) -> dict[str, Any]:
        d = self.result.to_dict()
        d.update({"start": self.start, "end": self.end, "action": self.action.value, "passed": self.passed})
        if self.note:
            d["note"] = self.note
        return d


@dataclass(frozen=True, slots=True)
class Attempt:
    """One model call of a guarded call: the answer as written and the decision on each quote."""

    number: int
    text: str
    quotes: tuple[QuoteOutcome, ...]
    reasked: bool
    usage: dict[str, int] | None = None

    @property
    def passed(self) -> bool:
        return all(q.passed for q in self.quotes)

    def to_dict(self) -> dict[str, Any]:
        return {
            "number": self.number,
            "text": self.text,
            "passed": self.passed,
            "reasked": self.reasked,
            "usage": self.usage,
            "quotes": [q.to_dict() for q in self.quotes],
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

    @property
    def n_attempts(self) -> int:
        return len(self.attempts)

    @property
    def flagged(self) -> tuple[QuoteOutcome, ...]:
        """The final answer's quotes that did not pass."""
        return tuple(q for q in self.quotes if not q.passed)

    def to_dict(self) -> dict[str, Any]:
        return {
            "passed": self.passed,
            "n_attempts": self.n_attempts,
            "exhausted": self.exhausted,
            "streamed": self.streamed,
            "original_text": self.original_text,
            "final_text": self.final_text,
            "sources": list(self.sources),
            "skipped_sources": list(self.skipped_sources),
            "usage": dict(self.usage),
            "retries": [r.to_dict() for r in self.retries],
            "quotes": [q.to_dict() for q in self.quotes],
            "attempts": [a.to_dict() for a in self.attempts],
        }

    def summary(self) -> str:
        """One line for logs: ``passed, 3 quotes (2 verbatim, 1 fixed), 2 attempts``."""
        head = "passed" if self.passed else f"FLAGGED ({len(self.flagged)} quote(s) not verified)"
        acts: dict[str, int] = {}
        for q in self.quotes:
            acts[q.action.value] = acts.get(q.action.value, 0) + 1
        detail = ", ".join(f"{n} {a}" for a, n in sorted(acts.items()))
        return f"{head}; {len(self.quotes)} quote(s) ({detail or 'none'}); {self.n_attempts} attempt(s)"


def report_of(response: Any) -> GuardReport | None:
    """The :class:`GuardReport` attached to a guarded response (``None`` if it has none)."""
    if isinstance(response, (GuardedStream, GuardedAsyncStream)):
        return response.report
    hidden = getattr(response, "_hidden_params", None)
    if isinstance(hidden, dict):
        rep = hidden.get(REPORT_KEY)
        if isinstance(rep, GuardReport):
            return rep
    return None


def _attach(response: Any, report: GuardReport) -> None:
    hidden = getattr(response, "_hidden_params", None)
    if not isinstance(hidden, dict):
        hidden = {}
        try:
            response._hidden_params = hidden
        except (AttributeError, TypeError, ValueError):  # pragma: no cover - exotic response types
            log.warning("quote_guard: cannot attach the report to a %s", type(response).__name__)
            return
    hidden[REPORT_KEY] = report


# ----------------------------------------------------------------------------- text tools


def _get_content(response: Any) -> str:
    try:
        content = response.choices[0].message.content
    except (AttributeError, IndexError, KeyError, TypeError):
        content = None
    return content if isinstance(content, str) else ""


def _set_content(response: Any, text: str) -> None:
    try:
        response.choices[0].message.content = text
    except (AttributeError, IndexError, TypeError):  # pragma: no cover
        log.warning("quote_guard: cannot write the corrected answer into a %s", type(response).__name__)


def _usage(response: Any) -> dict[str, int] | None:
    u = getattr(response, "usage", None)
    if u is None:
        return None
    out = {}
    for k in ("prompt_tokens", "completion_tokens", "total_tokens"):
        v = getattr(u, k, None) if not isinstance(u, Mapping) else u.get(k)
        if isinstance(v, int):
            out[k] = v
    return out or None


class _Checker:
    """Extract -> verify -> decide -> rewrite, for one answer text. Pure: no I/O."""

    def __init__(self, config: QuoteGuardConfig, verifier: Verifier) -> None:
        self.config = config
        self.verifier = verifier
        self._policies: dict[Action, Any] = {}

    def extract(self, text: str) -> list[Any]:
        from .extract import extract_quotes

        return list(extract_quotes(text, self.config.extract))

    def verify(self, quotes: Sequence[str], sources: Sequence[Source]) -> list[QuoteResult]:
        if not quotes:
            return []
        if not sources:
            return [
                QuoteResult(q, Verdict.UNCHECKABLE, reason="The call carried no source text to check the quote against.")
                for q in quotes
            ]
        return self.verifier.verify(list(quotes), list(sources))

    def decide(self, result: QuoteResult, policy: Any) -> tuple[Action, str]:
        action: Action = policy.action_for(result.verdict)
        note = ""
        if result.verdict is Verdict.PARAPHRASE and action is Action.FIX:
            cos = result.metrics.cosine_similarity
            floor = self.config.rewrite.strong_paraphrase_min_cosine
            if cos is None or result.verbatim is None or cos < floor:
                action = policy.paraphrase_weak
                note = f"paraphrase too weak to fix (cosine {cos if cos is None else round(cos, 3)} < {floor})"
        if action is Action.FIX and result.verbatim is None:
            action, note = policy.fallback, "no source text to fix it to"
        return action, note

    def check(self, text: str, sources: Sequence[Source], policy: Any) -> list[QuoteOutcome]:
        found = self.extract(text)
        results = self.verify([q.text for q in found], sources)
        out = []
        for q, r in zip(found, results):
            action, note = self.decide(r, policy)
            out.append(QuoteOutcome(q.text, q.start, q.end, r, action, note, q))
        return out

    def apply(self, text: str, outcomes: Sequence[QuoteOutcome]) -> str:
        """The answer with each quote's action applied; text outside the quotes untouched.

        Actions are per quote (a re-asked quote gets the fallback, say), while
        :func:`~quote_guard.rewrite.rewrite` takes one action per verdict: so each quote is
        rewritten on its own, last first, which keeps earlier offsets valid.
        """
        from .rewrite import rewrite

        todo = [o for o in outcomes if o.action in _EDITS and o.extracted is not None]
        for o in sorted(todo, key=lambda o: o.extracted.outer_start, reverse=True):
            text = rewrite(text, [(o.extracted, o.result)], policy=self._rewrite_policy(o.action)).text
        return text

    def _rewrite_policy(self, action: Action) -> Any:
        pol = self._policies.get(action)
        if pol is None:
            verdicts = ("verbatim", "near_verbatim", "paraphrase", "strong_paraphrase", "altered", "unsupported", "uncheckable")
            # model_copy does not re-validate: the guard only ever fixes quotes with a source text
            pol = self.config.rewrite.model_copy(update=dict.fromkeys(verdicts, action.value))
            self._policies[action] = pol
        return pol


_EDITS = frozenset({Action.FIX, Action.DEQUOTE, Action.REMOVE, Action.ANNOTATE})


# ----------------------------------------------------------------------------- the run


class _Run:
    """The re-ask loop as a state machine, shared by the sync and async drivers.

    The drivers call the model with :attr:`next_messages` and feed each response to
    :meth:`observe`, until it returns ``None``; then :meth:`finish` returns the response.
    """

    def __init__(self, guard: QuoteGuard, messages: Any, sources: Any, policy: Any, max_attempts: int) -> None:
        self.guard = guard
        cfg = guard.config
        self.messages = copy_messages(messages)  # the caller's list is never touched
        if sources is None:
            collected = collect_sources(self.messages, roles=cfg.sources.roles, documents=cfg.sources.documents)
            self.sources, self.skipped = collected.sources, collected.skipped
        else:
            self.sources, self.skipped = coerce_sources(sources), []
        self.policy = policy
        self.max_attempts = max_attempts
        self.attempts: list[Attempt] = []
        self.responses: list[Any] = []
        self.retries: list[ProviderRetry] = []
        self.next_messages: list[dict[str, Any]] | None = list(self.messages)

    @property
    def number(self) -> int:
        return len(self.attempts) + 1

    def observe(self, response: Any) -> list[dict[str, Any]] | None:
        text = _get_content(response)
        outcomes = self.guard._checker.check(text, self.sources, self.policy)
        raising = [o for o in outcomes if o.action is Action.RAISE]
        reask = [o for o in outcomes if o.action is Action.REASK]
        more = bool(reask) and self.number < self.max_attempts
        self.attempts.append(Attempt(self.number, text, tuple(outcomes), reasked=more, usage=_usage(response)))
        self.responses.append(response)
        if raising:
            names = ", ".join(f"“{o.quote[:60]}” ({o.verdict.value})" for o in raising)
            raise QuoteVerificationError(
                f"policy 'raise' met {len(raising)} failing quote(s): {names}",
                results=[o.result for o in outcomes],
            )
        if not more:
            self.next_messages = None
            return None
        cfg = self.guard.config.reask
        feedback = feedback_message(
            [o.result for o in reask],
            template=cfg.template,
            item_template=cfg.item_template,
            no_verbatim_text=cfg.no_verbatim_text,
            role=cfg.role,
            attempt=self.number - 1,
            max_attempts=self.max_attempts,
        )
        self.next_messages = [*self.messages, {"role": "assistant", "content": text}, feedback]
        return self.next_messages

    def finish(self) -> Any:
        last = self.attempts[-1]
        exhausted = any(o.action is Action.REASK for o in last.quotes)
        if exhausted:
            if self.policy.fallback is Action.RAISE:
                raise ReaskExhaustedError(
                    f"{len(self.attempts)} attempt(s) and the answer still has "
                    f"{sum(o.action is Action.REASK for o in last.quotes)} failing quote(s)",
                    attempts=self.attempts,
                    original_response=self.responses[0],
                )
            chosen, response = self.attempts[0], self.responses[0]
            final = tuple(
                _with_action(o, self.policy.fallback, "re-asks ran out") if o.action is Action.REASK else o
                for o in chosen.quotes
            )
            if any(o.action is Action.RAISE for o in final):  # pragma: no cover - caught in observe
                raise AssertionError
        else:
            chosen, response = last, self.responses[-1]
            final = chosen.quotes
        new_text = self.guard._checker.apply(chosen.text, final)
        _set_content(response, new_text)
        report = GuardReport(
            passed=all(o.passed for o in final),
            quotes=final,
            attempts=tuple(self.attempts),
            retries=tuple(self.retries),
            original_text=self.attempts[0].text,
            final_text=new_text,
            sources=tuple(s.id for s in self.sources),
            skipped_sources=tuple(self.skipped),
            exhausted=exhausted,
            usage=_sum_usage(a.usage for a in self.attempts),
        )
        _attach(response, report)
        return response


def _with_action(o: QuoteOutcome, action: Action, note: str) -> QuoteOutcome:
    return QuoteOutcome(o.quote, o.start, o.end, o.result, action, note, o.extracted)


def _sum_usage(usages: Any) -> dict[str, int]:
    total: dict[str, int] = {}
    for u in usages:
        for k, v in (u or {}).items():
            total[k] = total.get(k, 0) + v
    return total


# ----------------------------------------------------------------------------- the guard


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
        self.verifier = verifier or _make_verifier(config)
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
    def _prepare(
        self, model: str | None, kwargs: dict[str, Any], policy: Any, max_attempts: Any
    ) -> tuple[str, dict[str, Any], Any, int]:
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
        pol = self.config.policy if policy is USE_CONFIG else self.config.policy.model_validate(
            {**self.config.policy.model_dump(), **dict(policy)}
        )
        attempts = self.config.reask.max_attempts if max_attempts is USE_CONFIG else int(max_attempts)
        if attempts < 1:
            raise ConfigError(f"max_attempts={attempts}: must be at least 1")
        return model, call, pol, attempts

    # -- sync ----------------------------------------------------------------------------
    def completion(
        self,
        *,
        messages: Sequence[Mapping[str, Any]],
        model: str | None = None,
        sources: Sequence[str] | Sequence[Source] | Mapping[str, str] | None = None,
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
        model, call, pol, attempts = self._prepare(model, kwargs, policy, max_attempts)
        run = _Run(self, messages, sources, pol, attempts)
        if stream:
            return GuardedStream(self, run, model, call)
        msgs = run.next_messages
        while msgs is not None:
            resp = self.client.complete(model, msgs, call, attempt=run.number, retries_log=run.retries)
            msgs = run.observe(resp)
        return run.finish()

    async def acompletion(
        self,
        *,
        messages: Sequence[Mapping[str, Any]],
        model: str | None = None,
        sources: Sequence[str] | Sequence[Source] | Mapping[str, str] | None = None,
        stream: bool = False,
        policy: Mapping[str, str] = USE_CONFIG,
        max_attempts: int = USE_CONFIG,
        **kwargs: Any,
    ) -> Any:
        """Async :meth:`completion` (``litellm.acompletion``); streams are async iterators."""
        model, call, pol, attempts = self._prepare(model, kwargs, policy, max_attempts)
        run = _Run(self, messages, sources, pol, attempts)
        if stream:
            return GuardedAsyncStream(self, run, model, call)
        msgs = run.next_messages
        while msgs is not None:
            resp = await self.client.acomplete(model, msgs, call, attempt=run.number, retries_log=run.retries)
            msgs = run.observe(resp)
        return run.finish()

    # -- no LLM: check an answer you already have ---------------------------------------------
    def check(
        self,
        text: str,
        *,
        sources: Sequence[str] | Sequence[Source] | Mapping[str, str] | None = None,
        messages: Sequence[Mapping[str, Any]] | None = None,
        policy: Mapping[str, str] = USE_CONFIG,
    ) -> tuple[str, GuardReport]:
        """Verify and correct an answer you already have (no model call, no re-ask).

        Quotes the policy would re-ask get the fallback action. Returns the corrected
        text and the report. Used by the guardrails validator and the benchmark.
        """
        pol = self.config.policy if policy is USE_CONFIG else self.config.policy.model_validate(
            {**self.config.policy.model_dump(), **dict(policy)}
        )
        run = _Run(self, messages or [], sources, pol, 1)
        outcomes = self._checker.check(text, run.sources, pol)
        final = tuple(
            _with_action(o, pol.fallback, "no re-ask outside a model call") if o.action is Action.REASK else o
            for o in outcomes
        )
        raising = [o for o in final if o.action is Action.RAISE]
        if raising:
            raise QuoteVerificationError(
                f"policy 'raise' met {len(raising)} failing quote(s)", results=[o.result for o in final]
            )
        new_text = self._checker.apply(text, final)
        report = GuardReport(
            passed=all(o.passed for o in final),
            quotes=final,
            attempts=(Attempt(1, text, tuple(outcomes), reasked=False),),
            retries=(),
            original_text=text,
            final_text=new_text,
            sources=tuple(s.id for s in run.sources),
            skipped_sources=tuple(run.skipped),
        )
        return new_text, report


def _make_verifier(config: QuoteGuardConfig) -> Verifier:
    return Verifier(config.verifier)



# ----------------------------------------------------------------------------- streaming
#
# Text is forwarded as it arrives. From an opening quote mark (or a "<quote>"/"<q>" tag, or a
# markdown "> " line) the text is held until the quote closes; then the quotes of the
# released stretch are extracted, verified and released, corrected if the policy fixes them.
# Re-ask: the reader has already seen the stream, so a failing quote is never re-asked in
# streaming mode; the policy's fallback (annotate by default) is applied in place and the
# report, complete when the stream ends, flags it.

_PAIRS: dict[str, str] = {
    '"': '"', "“": "”", "„": "“”", "«": "»", "‹": "›", "「": "」", "『": "』",
    "〝": "〞〟", "＂": "＂", "‘": "’",
}
_TAGS = ("blockquote", "quote", "cite", "q")


def _line_start(text: str, i: int) -> int:
    return text.rfind("\n", 0, i) + 1


def _is_block_line(text: str, k: int) -> bool:
    j = k
    while j < len(text) and text[j] in " \t" and j - k < 4:
        j += 1
    return j < len(text) and text[j] == ">"


def _hold_point(text: str, start: int) -> int:
    """Where the text from ``start`` must stop being released: the first quote still open."""
    n = len(text)
    i = start
    while i < n:
        ch = text[i]
        if ch in _PAIRS:
            if ch == "‘" and i > 0 and text[i - 1].isalnum():  # Hawai‘i: an ʻokina, not a quote
                i += 1
                continue
            closers = _PAIRS[ch]
            j = i + 1
            found = -1
            while j < n:
                if text[j] in closers:
                    if ch == "‘" and (j + 1 >= n or text[j + 1].isalpha()):
                        if j + 1 >= n:  # can't tell an apostrophe from the closing mark yet
                            return i
                        j += 1
                        continue
                    found = j
                    break
                j += 1
            if found < 0:
                return i
            i = found + 1
            continue
        if ch == "<":
            low = text[i : i + 12].lower()
            moved = False
            for tag in _TAGS:
                opener = "<" + tag
                if opener.startswith(low) and i + len(low) == n:  # a tag still arriving
                    return i
                if low.startswith(opener) and len(low) > len(opener) and low[len(opener)] in "> \t\n":
                    close = text.lower().find("</" + tag, i)
                    end = text.find(">", close) if close >= 0 else -1
                    if end < 0:
                        return i
                    i, moved = end + 1, True
                    break
            if not moved:
                i += 1
            continue
        if ch == ">" and _is_block_line(text, _line_start(text, i)) and text[_line_start(text, i) : i].strip() == "":
            ls = _line_start(text, i)
            k = ls
            while True:
                nl = text.find("\n", k)
                if nl < 0 or nl + 1 >= n:
                    return max(ls, start)
                k = nl + 1
                if not _is_block_line(text, k):
                    if text[k] == " " and k + 1 >= n:  # indentation still arriving
                        return max(ls, start)
                    break
            i = k
            continue
        i += 1
    return n


_MARKS = frozenset(_PAIRS) | frozenset("”»›」』〞〟’<>")


class _StreamState:
    def __init__(self, guard: QuoteGuard, run: _Run) -> None:
        self.guard = guard
        self.run = run
        self.text = ""
        self.emitted = 0
        self.outcomes: list[QuoteOutcome] = []
        self.released: list[str] = []
        self.closed = False

    def feed(self, piece: str) -> str:
        self.text += piece
        return self._release(_hold_point(self.text, self.emitted))

    def close(self) -> str:
        if self.closed:
            return ""
        self.closed = True
        return self._release(len(self.text))

    def _release(self, upto: int) -> str:
        if upto <= self.emitted:
            return ""
        seg = self.text[self.emitted : upto]
        if not any(c in _MARKS for c in seg):
            self.emitted = upto
            self.released.append(seg)
            return seg
        base = self.text.rfind("\n\n", 0, self.emitted)
        base = 0 if base < 0 else base + 2
        window = self.text[base:upto]
        checker, pol = self.guard._checker, self.run.policy
        outcomes = [
            o for o in checker.check(window, self.run.sources, pol) if o.extracted.outer_start >= self.emitted - base
        ]
        final = []
        for o in outcomes:
            if o.action is Action.REASK:
                o = _with_action(o, pol.fallback, "streamed: not re-asked, fallback applied")
            if o.action is Action.RAISE:
                raise QuoteVerificationError(
                    f"policy 'raise' met a failing quote in the stream: “{o.quote[:60]}” ({o.verdict.value})",
                    results=[o.result],
                )
            final.append(o)
        new_window = checker.apply(window, final)
        keep = self.emitted - base  # text before `emitted` is untouched by the edits
        out = new_window[keep:]
        for o in final:
            self.outcomes.append(QuoteOutcome(o.quote, o.start + base, o.end + base, o.result, o.action, o.note, None))
        self.emitted = upto
        self.released.append(out)
        return out

    def report(self, response_usage: dict[str, int] | None) -> GuardReport:
        final = tuple(self.outcomes)
        return GuardReport(
            passed=all(o.passed for o in final),
            quotes=final,
            attempts=(Attempt(1, self.text, final, reasked=False, usage=response_usage),),
            retries=tuple(self.run.retries),
            original_text=self.text,
            final_text="".join(self.released),
            sources=tuple(s.id for s in self.run.sources),
            skipped_sources=tuple(self.run.skipped),
            streamed=True,
            usage=dict(response_usage or {}),
        )


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


def _set_delta(chunk: Any, text: str) -> None:
    chunk.choices[0].delta.content = text


class _StreamBase:
    def __init__(self, guard: QuoteGuard, run: _Run, model: str, call: dict[str, Any]) -> None:
        self._guard = guard
        self._run = run
        self._model = model
        self._call = {**call, "stream": True}
        self._state = _StreamState(guard, run)
        self.report: GuardReport | None = None
        """Set when the stream is exhausted."""
        self._usage: dict[str, int] | None = None
        self._last: Any = None

    def _on_chunk(self, chunk: Any) -> Any:
        self._last = chunk
        self._usage = _usage(chunk) or self._usage
        piece = _delta_text(chunk)
        if piece is None and not _finished(chunk):
            return chunk
        out = self._state.feed(piece or "")
        if _finished(chunk):
            out += self._state.close()
        if piece is not None or out:
            _set_delta(chunk, out)
        return chunk

    def _tail(self) -> Any:
        rest = self._state.close()
        tail = None
        if rest and self._last is not None:
            tail = self._last.model_copy(deep=True) if hasattr(self._last, "model_copy") else self._last
            _set_delta(tail, rest)
        self.report = self._state.report(self._usage)
        return tail

    @property
    def text(self) -> str:
        """The text released so far (corrected)."""
        return "".join(self._state.released)


class GuardedStream(_StreamBase):
    """Iterate it like the litellm stream; ``.report`` is set once it is exhausted."""

    def __iter__(self) -> Iterator[Any]:
        client = self._guard.client
        stream = client.complete(self._model, self._run.messages, self._call, attempt=1, retries_log=self._run.retries)
        for chunk in client.iterate(stream, self._model, self._call):
            yield self._on_chunk(chunk)
        tail = self._tail()
        if tail is not None:
            yield tail


class GuardedAsyncStream(_StreamBase):
    """``async for`` it like the litellm stream; ``.report`` is set once it is exhausted."""

    async def __aiter__(self) -> AsyncIterator[Any]:
        client = self._guard.client
        stream = await client.acomplete(
            self._model, self._run.messages, self._call, attempt=1, retries_log=self._run.retries
        )
        async for chunk in client.aiterate(stream, self._model, self._call):
            yield self._on_chunk(chunk)
        tail = self._tail()
        if tail is not None:
            yield tail
