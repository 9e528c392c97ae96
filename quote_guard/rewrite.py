"""Write a corrected answer back: fix, dequote, remove or annotate each checked quote.

:func:`rewrite` takes the answer, the quotes :func:`~quote_guard.extract_quotes` found in it
and the :class:`~quote_guard.QuoteResult` the Verifier gave each one, as pairs. A
``QuoteResult`` does not know where its quote sits in the answer; the ``ExtractedQuote``
does, so the two travel together::

    quotes = extract_quotes(answer)
    results = Verifier().verify([q.text for q in quotes], sources)
    fixed = rewrite(answer, zip(quotes, results))

What happens to each quote is set by a :class:`~quote_guard.policy.Policy` (the same one the
guard uses), one action per verdict:

- ``fix``: replace the quoted words with the exact source text (``QuoteResult.verbatim``,
  whose fragments are already joined with the quote's own ellipsis marks). The answer's own
  quote marks stay. Allowed for ``verbatim``, ``near_verbatim`` and ``paraphrase`` only:
  an ``altered`` quote changes a word that carries meaning and is never silently repaired.
- ``dequote``: remove the quote marks (or tags, or ``>`` markers), keep the words: a
  paraphrase then reads as reported speech, not as a false quotation.
- ``remove``: replace the whole quotation with ``remove_marker``.
- ``annotate``: keep it and add ``annotate_marker`` after it: ``“…” [unverified]``.
- ``pass``: leave it.
- ``reask``: there is no model here, so the policy's ``fallback`` applies; ``raise`` raises.

Every character outside the edited quotations stays the same, and the edit log says for
each quote what was done, where (old and new offsets) and why.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable
from dataclasses import dataclass
from itertools import pairwise
from typing import Any

from .errors import QuoteVerificationError
from .extract import ExtractedQuote, QuoteKind
from .models import QuoteResult, Verdict
from .normalize import fold, is_page_number_line, json_unescape, page_furniture
from .policy import Action, Decision, Policy

__all__ = ["Pair", "Rewrite", "RewriteEdit", "fit_to_answer", "rewrite"]

Pair = tuple[ExtractedQuote, QuoteResult] | tuple[ExtractedQuote, QuoteResult, Action | str]
"""One quote and its result, optionally with an action that overrides the policy for it."""


@dataclass(frozen=True, slots=True)
class RewriteEdit:
    """What :func:`rewrite` did with one quote (one entry per pair, ``pass`` included).

    ``old_text[old_start:old_end]`` (the answer before) became
    ``new_text[new_start:new_end]`` (the answer after): ``before`` and ``after`` hold those
    two strings. The range is the whole quotation, marks included (plus the citation when a
    removal takes it along). ``action`` is what was done, which can differ from what the
    policy asked when it could not be done (then ``reason`` says why); ``changed`` tells
    whether the text changed.
    """

    action: Action
    reason: str
    old_start: int
    old_end: int
    new_start: int
    new_end: int
    before: str
    after: str
    quote: ExtractedQuote
    result: QuoteResult

    @property
    def changed(self) -> bool:
        return self.before != self.after

    @property
    def verdict(self) -> Verdict:
        return self.result.verdict

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict (for export only)."""
        return {
            "action": self.action.value,
            "reason": self.reason,
            "verdict": self.result.verdict.value,
            "old_start": self.old_start,
            "old_end": self.old_end,
            "new_start": self.new_start,
            "new_end": self.new_end,
            "before": self.before,
            "after": self.after,
            "quote": self.quote.text,
            "source_id": self.result.source_id,
            # the exact source span and text, before fit_to_answer collapsed its layout
            "source_spans": [[s.source_id, s.start, s.end] for s in self.result.spans],
            "source_text": self.result.verbatim,
        }


@dataclass(frozen=True, slots=True)
class Rewrite:
    """The rewritten answer (``text``), the answer it came from (``original``) and the edit
    log (``edits``, in answer order, one per quote)."""

    text: str
    original: str
    edits: tuple[RewriteEdit, ...]

    @property
    def changed(self) -> bool:
        return self.text != self.original

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict (for export only)."""
        return {"text": self.text, "changed": self.changed, "edits": [e.to_dict() for e in self.edits]}


def rewrite(
    text: str,
    pairs: Iterable[Pair],
    *,
    policy: Policy | None = None,
) -> Rewrite:
    """Apply ``policy`` (a :class:`~quote_guard.policy.Policy`; default :meth:`Policy.for_rewrite`) to each
    ``(ExtractedQuote, QuoteResult)`` pair and return the new answer.

    There is no model to re-ask here, so a quote the policy would re-ask gets its
    ``fallback`` (annotate by default); a ``raise`` action raises
    :class:`~quote_guard.errors.QuoteVerificationError` (carrying every result) before
    anything is written.

    ``pairs`` are quotes extracted from this very ``text`` with their verification results
    (``zip(quotes, results)`` works). A pair may carry a third item, an action that overrides
    the policy for that one quote (``(quote, result, "annotate")``); ``"fix"`` is still refused
    for ``altered``, ``unsupported`` and ``uncheckable`` results. Quotes not in ``pairs`` are
    left alone. Raises ``ValueError`` when a quote does not read the same in ``text`` (it came
    from another text), when a result belongs to another quote, when two quotations overlap,
    or when an override asks to fix what must not be fixed.

    >>> from quote_guard import Source, Verifier, extract_quotes, rewrite
    >>> answer = "Clause 4 says “the tenant shall pay the rent monthly” [1]. It's fair."
    >>> quotes = extract_quotes(answer)
    >>> lease = Source("1", "4. The Tenant shall pay the rent monthly, in advance.")
    >>> results = Verifier().verify([q.text for q in quotes], [lease])
    >>> results[0].verdict.value
    'near_verbatim'
    >>> fixed = rewrite(answer, zip(quotes, results))
    >>> fixed.text
    "Clause 4 says “The Tenant shall pay the rent monthly” [1]. It's fair."
    >>> e = fixed.edits[0]
    >>> e.action.value, e.old_start, e.old_end, e.before == answer[e.old_start:e.old_end]
    ('fix', 14, 53, True)
    """
    if not isinstance(text, str):
        raise TypeError(f"rewrite() needs the answer as a str, got {type(text).__name__}")
    pol = policy if policy is not None else Policy.for_rewrite()
    if not isinstance(pol, Policy):
        raise TypeError(f"rewrite(policy=...) takes a quote_guard.Policy, got {type(pol).__name__}")
    items = _check_pairs(text, pairs)
    decisions = [Decision(o, "override") if o is not None else pol.decide(r, reask=False) for _, r, o in items]
    raising = [r for (_, r, _), d in zip(items, decisions) if d.action is Action.RAISE]
    if raising:
        raise QuoteVerificationError(
            f"policy 'raise' met {len(raising)} failing quote(s) (first: {raising[0].quote[:60]!r} is "
            f"{raising[0].verdict.value})",
            results=[r for _, r, _ in items],
        )
    out: list[str] = []
    edits: list[RewriteEdit] = []
    pos = 0
    new_len = 0
    for (q, r, _), decision in zip(items, decisions):
        lo, hi, new, action, reason = _plan(text, q, r, pol, decision)
        out.append(text[pos:lo])
        new_len += lo - pos
        out.append(new)
        edits.append(
            RewriteEdit(
                action=action, reason=reason, old_start=lo, old_end=hi,
                new_start=new_len, new_end=new_len + len(new),
                before=text[lo:hi], after=new, quote=q, result=r,
            )
        )
        new_len += len(new)
        pos = hi
    out.append(text[pos:])
    return Rewrite(text="".join(out), original=text, edits=tuple(edits))


# --------------------------------------------------------------------------- internals


def _same_words(a: str, b: str) -> bool:
    return a == b or a.split() == b.split()


def _check_pairs(text: str, pairs: Iterable[Pair]) -> list[tuple[ExtractedQuote, QuoteResult, Action | None]]:
    items: list[tuple[ExtractedQuote, QuoteResult, Action | None]] = []
    for k, pair in enumerate(pairs):
        override: Any = None
        try:
            if len(pair) == 3:
                q, r, override = pair
            else:
                q, r = pair
        except (TypeError, ValueError):
            raise TypeError(
                f"pairs[{k}] is not an (ExtractedQuote, QuoteResult) pair: pass zip(quotes, results)"
            ) from None
        if override is not None:
            try:
                override = Action(override)
            except ValueError:
                raise ValueError(
                    f"pairs[{k}]: unknown action {override!r}; expected one of {[a.value for a in Action]}"
                ) from None
            if override is Action.REASK:
                raise ValueError(f"pairs[{k}]: 'reask' needs a model call; rewrite() cannot re-ask")
        if not isinstance(q, ExtractedQuote) or not isinstance(r, QuoteResult):
            raise TypeError(
                f"pairs[{k}] holds ({type(q).__name__}, {type(r).__name__}); expected "
                "(ExtractedQuote, QuoteResult): pass zip(quotes, results)"
            )
        if override is Action.FIX and r.verdict in (Verdict.ALTERED, Verdict.UNSUPPORTED, Verdict.UNCHECKABLE):
            raise ValueError(
                f"pairs[{k}]: refusing to fix a quote whose verdict is {r.verdict.value!r}: there is no "
                "source text to fix it with, or fixing it would silently change what the answer claims"
            )
        if not 0 <= q.outer_start <= q.start <= q.end <= q.outer_end <= len(text) or q.read_from(text) != q.text:
            raise ValueError(
                f"pairs[{k}]: the quote {_short(q.text)} does not sit at [{q.start}, {q.end}) of this "
                "text; extract the quotes from the same answer you rewrite"
            )
        if not _same_words(r.quote, q.text):
            raise ValueError(
                f"pairs[{k}]: the result is for {_short(r.quote)} but the quote reads {_short(q.text)}; "
                "keep results in the order of the quotes (zip(quotes, results))"
            )
        items.append((q, r, override))
    items.sort(key=lambda p: p[0].outer_start)
    for (a, _, _), (b, _, _) in pairwise(items):
        if b.outer_start < a.outer_end:
            raise ValueError(
                f"quotes {_short(a.text)} and {_short(b.text)} overlap "
                f"([{a.outer_start}, {a.outer_end}) and [{b.outer_start}, {b.outer_end})); "
                "pass each quotation once"
            )
    return items


def _short(s: str, n: int = 60) -> str:
    return repr(s if len(s) <= n else s[: n - 1] + "…")


def _encode(q: ExtractedQuote, s: str) -> str:
    """Text to write into the answer where the quote lives (JSON-escaped inside JSON)."""
    if q.json_pointer is None:
        return s
    return json.dumps(s, ensure_ascii=False)[1:-1]


def _decode(q: ExtractedQuote, s: str) -> str:
    return s if q.json_pointer is None else json_unescape(s)


_BLOCK_PREFIX_RE = re.compile(r"[ \t]{0,3}(?:>[ \t]?)+")


def _line_sep(text: str, q: ExtractedQuote) -> str:
    """What goes between two lines of a block quote ("\\n> "), decoded."""
    if len(q.segments) > 1:
        gap = text[q.segments[0][1]:q.segments[1][0]]
        return _decode(q, gap)
    m = _BLOCK_PREFIX_RE.match(text, q.outer_start)
    return "\n" + (m.group() if m else "> ")


_SPACE_RUN = re.compile(r"[ \t\u00a0\u2007\u202f]+")
_ANY_SPACE = re.compile(r"\s+")


def fit_to_answer(verbatim: str, quote: str, *, block: bool = False) -> str:
    r"""The source text as the answer would write it: page furniture lines inside it (a page
    number or "Page 3 of 12" alone on a line, and the running headers beside it,
    :func:`~quote_guard.normalize.page_furniture`, not in the quote) dropped, line breaks normalised
    (``\r\n`` -> ``\n``), and whitespace collapsed the way the quote writes it: a one-line quote
    gets single spaces; a quote with line breaks (or a block quote) keeps the line breaks and
    single spaces within lines. The edit log keeps the exact source span and text.

    >>> fit_to_answer("shall pay\r\n\r\nPage 3 of 12\r\n\r\nthe  rent", "shall pay the rent")
    'shall pay the rent'
    >>> fit_to_answer("shall pay\n\n-3-\n\nLease Agreement\n\nthe rent", "shall pay the rent")
    'shall pay the rent'
    """
    text = verbatim.replace("\r\n", "\n").replace("\r", "\n")
    if "\n" in text:
        lines = text.split("\n")
        # a page break's lines that the quote does not copy: the page's number, and the running
        # headers and footers beside it
        folded = fold(quote).text
        gone = {k for a, b in page_furniture(text, beside=1)  # whole lines: from a's line to b's
                for k in range(text.count("\n", 0, a), text.count("\n", 0, b) + 1)}
        kept = [ln for k, ln in enumerate(lines)
                if not ((k in gone or is_page_number_line(ln)) and ln.strip() and fold(ln.strip()).text not in folded)]
        if len(kept) != len(lines):
            text = "\n".join(kept)
    if block or "\n" in quote.strip():
        text = "\n".join(_SPACE_RUN.sub(" ", ln).strip(" ") for ln in text.split("\n"))
        return re.sub(r"\n{3,}", "\n\n", text)
    lead = " " if quote[:1].isspace() else ""
    trail = " " if quote[-1:].isspace() else ""
    return lead + _ANY_SPACE.sub(" ", text).strip() + trail


def _marker(template: str, r: QuoteResult) -> str:
    return template.replace("{verdict}", r.verdict.value)


def _plan(
    text: str, q: ExtractedQuote, r: QuoteResult, pol: Policy, decision: Decision
) -> tuple[int, int, str, Action, str]:
    """(old_start, old_end, replacement, action done, reason) for one quote."""
    lo, hi = q.outer_start, q.outer_end
    whole = text[lo:hi]
    action, key = decision.action, decision.key
    why_not = f"; {decision.note}" if decision.note else ""
    v = r.verdict.value
    why = f" ({r.reason})" if r.reason else ""
    where = f" from {r.source_id!r}" if r.source_id else ""

    if action is Action.FIX:
        if r.verdict not in (Verdict.VERBATIM, Verdict.NEAR_VERBATIM, Verdict.PARAPHRASE):
            # unreachable through Policy; kept so no code path can repair an altered quote
            raise ValueError(f"refusing to fix a quote whose verdict is {v!r}")
        if r.verbatim is None or not r.verbatim.strip():
            return lo, hi, whole, Action.PASS, f"{v}: policy '{key}' asks for fix, but the result has no source text"
        new = fit_to_answer(r.verbatim, q.text, block=q.kind is QuoteKind.BLOCK) or r.verbatim
        if q.kind is QuoteKind.BLOCK:
            new = new.replace("\n", _line_sep(text, q))
        if new == q.text:
            return lo, hi, whole, Action.FIX, f"{v}: already reads as the source text{where}"
        fixed = text[lo:q.start] + _encode(q, new) + text[q.end:hi]
        label = "strong paraphrase" if v == "paraphrase" else v
        return lo, hi, fixed, Action.FIX, f"{label}: replaced with the exact source text{where}{why}"

    if action is Action.DEQUOTE:
        if q.kind is QuoteKind.FIELD and not q.open_mark:
            return lo, hi, whole, Action.PASS, (
                f"{v}: policy '{key}' asks for dequote, but a JSON field has no quote marks to remove"
            )
        if q.kind is QuoteKind.BLOCK:
            nl = "\n"
            if q.json_pointer is not None:
                nl = json.dumps("\n")[1:-1]
            new = nl.join(text[s:e] for s, e in q.segments)
        else:
            new = text[q.start:q.end]
        return lo, hi, new, Action.DEQUOTE, f"{v}: quote marks removed so the words read as reported speech{why}"

    if action is Action.REMOVE:
        if pol.remove_citation and q.citation_span and q.json_pointer is None:
            cs, ce = q.citation_span
            if cs >= hi and not text[hi:cs].strip():
                hi = ce
        return lo, hi, _encode(q, _marker(pol.remove_marker, r)), Action.REMOVE, f"{v}: quotation removed{why}"

    if action is Action.ANNOTATE:
        return (lo, hi, whole + _encode(q, _marker(pol.annotate_marker, r)), Action.ANNOTATE,
                f"{v}: marked in place{why}{why_not}")

    return lo, hi, whole, Action.PASS, f"{v}: left as written{why}"

