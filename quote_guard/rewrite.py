"""Write a corrected answer back: fix, dequote, remove or annotate each checked quote.

:func:`rewrite` takes the answer, the quotes :func:`~quote_guard.extract_quotes` found in it
and the :class:`~quote_guard.QuoteResult` the Verifier gave each one, as pairs. A
``QuoteResult`` does not know where its quote sits in the answer; the ``ExtractedQuote``
does, so the two travel together::

    quotes = extract_quotes(answer)
    results = Verifier().verify([q.text for q in quotes], sources)
    fixed = rewrite(answer, zip(quotes, results))

What happens to each quote is set by a :class:`RewritePolicy`, one action per verdict:

- ``fix``: replace the quoted words with the exact source text (``QuoteResult.verbatim``,
  whose fragments are already joined with the quote's own ellipsis marks). The answer's own
  quote marks stay. Allowed for ``verbatim``, ``near_verbatim`` and ``paraphrase`` only:
  an ``altered`` quote changes a word that carries meaning and is never silently repaired.
- ``dequote``: remove the quote marks (or tags, or ``>`` markers), keep the words: a
  paraphrase then reads as reported speech, not as a false quotation.
- ``remove``: replace the whole quotation with ``remove_marker``.
- ``annotate``: keep it and add ``annotate_marker`` after it: ``“…” [unverified]``.
- ``pass``: leave it.

Every character outside the edited quotations stays the same, and the edit log says for
each quote what was done, where (old and new offsets) and why.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable
from dataclasses import dataclass
from itertools import pairwise
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from .extract import ExtractedQuote, QuoteKind
from .models import QuoteResult, Verdict
from .normalize import json_unescape

__all__ = ["Action", "Pair", "Rewrite", "RewriteEdit", "RewritePolicy", "rewrite"]

Action = Literal["fix", "dequote", "remove", "annotate", "pass"]

_NO_FIX = ("altered", "unsupported", "uncheckable")
_ACTIONS = frozenset({"fix", "dequote", "remove", "annotate", "pass"})
Pair = tuple[ExtractedQuote, QuoteResult] | tuple[ExtractedQuote, QuoteResult, Action]
"""One quote and its result, optionally with an action that overrides the policy for it."""


class RewritePolicy(BaseModel):
    """What :func:`rewrite` does with a quote of each verdict. Frozen; unknown keys are an error.

    ``fix`` is refused (``ValueError`` at construction) for ``altered``, ``unsupported`` and
    ``uncheckable``: there is either no source text to fix with, or fixing would silently
    change what the answer claims.

    >>> RewritePolicy(altered="fix")
    Traceback (most recent call last):
    ...
    pydantic_core._pydantic_core.ValidationError: 1 validation error for RewritePolicy
    ...
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    verbatim: Action = Field(default="pass", description="Action for quotes found word for word in a source.")
    near_verbatim: Action = Field(
        default="fix",
        description="Action for quotes that differ from the source in form only (case, spacing, "
        "marks, spelling); 'fix' puts the exact source text in.",
    )
    paraphrase: Action = Field(
        default="dequote",
        description="Action for quotes that say what the source says in other words (below "
        "strong_paraphrase_min_cosine); 'dequote' turns them into reported speech.",
    )
    strong_paraphrase: Action = Field(
        default="fix",
        description="Action for a paraphrase whose metrics.cosine_similarity is at least "
        "strong_paraphrase_min_cosine and whose source passage is known.",
    )
    strong_paraphrase_min_cosine: float = Field(
        default=0.9, ge=0.0, le=1.0,
        description="Cosine similarity (quote vs its source passage) from which a paraphrase "
        "counts as a strong match. A result without a cosine is never a strong match.",
    )
    altered: Action = Field(
        default="annotate",
        description="Action for quotes that change a load-bearing word of a real passage. "
        "'fix' is not allowed.",
    )
    unsupported: Action = Field(
        default="remove", description="Action for quotes the sources do not contain. 'fix' is not allowed."
    )
    uncheckable: Action = Field(
        default="annotate",
        description="Action for quotes that could not be checked (no source text). 'fix' is not allowed.",
    )
    annotate_marker: str = Field(
        default=" [unverified]",
        description="Text added right after an annotated quotation; '{verdict}' is replaced by "
        "the verdict (for example ' [{verdict}]').",
    )
    remove_marker: str = Field(
        default="[quote removed: not found in the sources]",
        description="Text that replaces a removed quotation ('' removes it without a trace); "
        "'{verdict}' is replaced by the verdict.",
    )
    remove_citation: bool = Field(
        default=False,
        description="When removing a quote, also remove the citation written right after it "
        "([1], (Source: ...)).",
    )

    @model_validator(mode="after")
    def _never_fix_what_cannot_be_fixed(self) -> RewritePolicy:
        for name in _NO_FIX:
            if getattr(self, name) == "fix":
                why = {
                    "altered": "an altered quote changes a word that carries meaning, so putting the "
                    "source text in would silently change what the answer claims",
                    "unsupported": "there is no source passage to fix it with",
                    "uncheckable": "there was no source text to check it against",
                }[name]
                raise ValueError(
                    f"RewritePolicy.{name}='fix' is not allowed: {why}. "
                    "Use 'annotate', 'remove', 'dequote' or 'pass'."
                )
        return self

    def action_for(self, result: QuoteResult) -> tuple[Action, str]:
        """The action for ``result`` and the policy key that chose it."""
        v = result.verdict
        if v is Verdict.PARAPHRASE:
            cos = result.metrics.cosine_similarity
            if cos is not None and cos >= self.strong_paraphrase_min_cosine and result.verbatim:
                return self.strong_paraphrase, "strong_paraphrase"
            return self.paraphrase, "paraphrase"
        return getattr(self, v.value), v.value


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
            "action": self.action,
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
    policy: RewritePolicy | None = None,
) -> Rewrite:
    """Apply ``policy`` to each ``(ExtractedQuote, QuoteResult)`` pair and return the new answer.

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
    >>> e.action, e.old_start, e.old_end, e.before == answer[e.old_start:e.old_end]
    ('fix', 14, 53, True)
    """
    if not isinstance(text, str):
        raise TypeError(f"rewrite() needs the answer as a str, got {type(text).__name__}")
    pol = policy if policy is not None else RewritePolicy()
    items = _check_pairs(text, pairs)
    out: list[str] = []
    edits: list[RewriteEdit] = []
    pos = 0
    new_len = 0
    for q, r, override in items:
        lo, hi, new, action, reason = _plan(text, q, r, pol, override)
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
        if override is not None and override not in _ACTIONS:
            raise ValueError(f"pairs[{k}]: unknown action {override!r}; expected one of {sorted(_ACTIONS)}")
        if not isinstance(q, ExtractedQuote) or not isinstance(r, QuoteResult):
            raise TypeError(
                f"pairs[{k}] holds ({type(q).__name__}, {type(r).__name__}); expected "
                "(ExtractedQuote, QuoteResult): pass zip(quotes, results)"
            )
        if override == "fix" and r.verdict.value in _NO_FIX:
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


def _marker(template: str, r: QuoteResult) -> str:
    return template.replace("{verdict}", r.verdict.value)


def _plan(
    text: str, q: ExtractedQuote, r: QuoteResult, pol: RewritePolicy, override: Action | None = None
) -> tuple[int, int, str, Action, str]:
    """(old_start, old_end, replacement, action done, reason) for one quote."""
    lo, hi = q.outer_start, q.outer_end
    whole = text[lo:hi]
    action, key = (override, "override") if override is not None else pol.action_for(r)
    v = r.verdict.value
    why = f" ({r.reason})" if r.reason else ""
    where = f" from {r.source_id!r}" if r.source_id else ""

    if action == "fix":
        if r.verdict not in (Verdict.VERBATIM, Verdict.NEAR_VERBATIM, Verdict.PARAPHRASE):
            # unreachable through RewritePolicy; kept so no code path can repair an altered quote
            raise ValueError(f"refusing to fix a quote whose verdict is {v!r}")
        if r.verbatim is None or not r.verbatim.strip():
            return lo, hi, whole, "pass", f"{v}: policy '{key}' asks for fix, but the result has no source text"
        new = r.verbatim
        if q.kind is QuoteKind.BLOCK:
            new = new.replace("\r\n", "\n").replace("\n", _line_sep(text, q))
        if new == q.text:
            return lo, hi, whole, "fix", f"{v}: already reads as the source text{where}"
        fixed = text[lo:q.start] + _encode(q, new) + text[q.end:hi]
        label = "strong paraphrase" if key == "strong_paraphrase" else v
        return lo, hi, fixed, "fix", f"{label}: replaced with the exact source text{where}{why}"

    if action == "dequote":
        if q.kind is QuoteKind.FIELD and not q.open_mark:
            return lo, hi, whole, "pass", (
                f"{v}: policy '{key}' asks for dequote, but a JSON field has no quote marks to remove"
            )
        if q.kind is QuoteKind.BLOCK:
            nl = "\n"
            if q.json_pointer is not None:
                nl = json.dumps("\n")[1:-1]
            new = nl.join(text[s:e] for s, e in q.segments)
        else:
            new = text[q.start:q.end]
        return lo, hi, new, "dequote", f"{v}: quote marks removed so the words read as reported speech{why}"

    if action == "remove":
        if pol.remove_citation and q.citation_span and q.json_pointer is None:
            cs, ce = q.citation_span
            if cs >= hi and not text[hi:cs].strip():
                hi = ce
        return lo, hi, _encode(q, _marker(pol.remove_marker, r)), "remove", f"{v}: quotation removed{why}"

    if action == "annotate":
        return lo, hi, whole + _encode(q, _marker(pol.annotate_marker, r)), "annotate", f"{v}: marked in place{why}"

    return lo, hi, whole, "pass", f"{v}: left as written{why}"

