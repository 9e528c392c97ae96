"""The citation check: is a quote in the document its citation names?

An answer often writes where a quote comes from: ``“…” [1]``, ``“…” [lease.txt]``,
``(Source: lease.pdf)``, ``<cite doc="lease">…</cite>``; :func:`~quote_guard.extract_quotes`
keeps that hint as ``ExtractedQuote.citation``. :func:`check_attribution` resolves the hint to
the documents of the call and checks the quote against *those* first:

- ``ok``: the quote reads at least as well in the cited document as anywhere else (the
  result returned is the one against the cited document);
- ``misattributed``: the words are in another document (``found_id``), not in the cited one
  (``cited_id``). The default policy treats it as a failure (``policy.misattributed``: re-ask);
- ``unresolved``: the hint names no document of the call (the reason says which hint and
  which documents there are); the quote's own verdict stands;
- ``none``: the quote carries no citation.

**Resolving a hint** (:func:`resolve_citation`), for each reference in it (``[1, 3]`` holds
two): an exact document id; then a file name or stem, case-insensitive (``lease`` or
``LEASE.TXT`` for ``contracts/lease.txt``); then a number *n* (``1``, ``S2``, ``doc 3``,
``^4``), the *n*-th document of the call, counted from 1 in the order the sources were given.
A page or section after a comma (``lease.pdf, p. 3``) is ignored.

>>> from quote_guard import Source, Verifier, extract_quotes
>>> docs = [Source("lease.txt", "The Tenant shall pay rent monthly."),
...         Source("wli.txt", "The Landlord shall insure the building.")]
>>> q = extract_quotes("It says “The Landlord shall insure the building” [lease.txt].")[0]
>>> v = Verifier()
>>> a, r = check_attribution(q, v.verify([q.text], docs)[0], docs, v)
>>> a.status, a.cited_id, a.found_id
('misattributed', 'lease.txt', 'wli.txt')
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import PurePath
from typing import Any, Literal

from .models import QuoteResult, Source, Verdict

__all__ = ["Attribution", "AttributionStatus", "check_attribution", "resolve_citation"]

AttributionStatus = Literal["ok", "misattributed", "unresolved", "none"]

_RANK = {
    Verdict.VERBATIM: 5,
    Verdict.NEAR_VERBATIM: 4,
    Verdict.PARAPHRASE: 3,
    Verdict.ALTERED: 2,
    Verdict.UNSUPPORTED: 1,
    Verdict.UNCHECKABLE: 0,
}
_NUMBERED = re.compile(r"^\^?(?:[A-Za-z]{0,12}[ _#:-]?)?(\d{1,5})[A-Za-z]?$")
_SPLIT = re.compile(r"\s*[;]\s*|\s*,\s*(?=\^?[A-Za-z]{0,12}[ _#:-]?\d)|\s*[–-]\s*(?=\d)")


@dataclass(frozen=True, slots=True)
class Attribution:
    """Does the quote's citation name the document it comes from?

    - ``status``: ``ok``, ``misattributed``, ``unresolved`` or ``none`` (see the module docstring);
    - ``citation``: the hint as the answer wrote it (cleaned), ``None`` without one;
    - ``cited_id``: the document the hint resolves to (several: joined with ``", "``);
    - ``found_id``: the document the quote was found in (``None`` if none);
    - ``reason``: one plain sentence for reports and re-ask feedback ("" when ``none``).
    """

    status: AttributionStatus
    citation: str | None = None
    cited_id: str | None = None
    found_id: str | None = None
    reason: str = ""

    @property
    def misattributed(self) -> bool:
        return self.status == "misattributed"

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict (for export only)."""
        return {"status": self.status, "citation": self.citation, "cited_id": self.cited_id,
                "found_id": self.found_id, "reason": self.reason}


def _refs(hint: str) -> list[str]:
    parts = [p.strip() for p in _SPLIT.split(hint.strip()) if p and p.strip()]
    if len(parts) > 1 and all(_NUMBERED.match(p) for p in parts):
        return parts
    head = hint.split(",")[0].strip()  # "lease.pdf, p. 3": the document, not the page
    return [head] if head else []


def resolve_citation(hint: str, sources: Sequence[Source]) -> list[str] | None:
    """The ids of the documents ``hint`` names, in order; ``None`` when any reference in it names none.

    >>> docs = [Source("contracts/lease.txt", "a"), Source("wli.txt", "b")]
    >>> resolve_citation("2", docs), resolve_citation("Lease", docs), resolve_citation("[9]", docs)
    (['wli.txt'], ['contracts/lease.txt'], None)
    """
    ids = [s.id for s in sources]
    by_name: dict[str, list[str]] = {}
    for sid in ids:
        p = PurePath(sid)
        for name in {sid.lower(), p.name.lower(), p.stem.lower()}:
            by_name.setdefault(name, []).append(sid)
    out: list[str] = []
    refs = _refs(hint.strip().strip("[]"))
    if not refs:
        return None
    for ref in refs:
        ref = ref.strip().strip("\"'")
        if ref in ids:
            hit = [ref]
        elif len(by_name.get(ref.lower(), [])) == 1:
            hit = by_name[ref.lower()]
        else:
            m = _NUMBERED.match(ref)
            n = int(m.group(1)) if m else 0
            if not 1 <= n <= len(ids):
                return None
            hit = [ids[n - 1]]
        for h in hit:
            if h not in out:
                out.append(h)
    return out


def check_attribution(
    quote: Any,
    result: QuoteResult,
    sources: Sequence[Source],
    verifier: Any,
) -> tuple[Attribution, QuoteResult]:
    """Check ``quote``'s citation against ``result`` (the quote verified against all ``sources``).

    ``quote`` is an :class:`~quote_guard.extract.ExtractedQuote` (its ``citation`` is read) or a
    citation string (``None``: no citation). ``verifier`` is the
    :class:`~quote_guard.Verifier` that made ``result``; it re-verifies the quote against the
    cited documents when the result points elsewhere. Returns the :class:`Attribution` and the
    result to report: the cited document's result when the quote reads at least as well there,
    else ``result`` unchanged.

    >>> from quote_guard import Verifier
    >>> docs = [Source("a", "The Tenant shall pay rent.")]
    >>> r = Verifier().verify(["The Tenant shall pay rent"], docs)[0]
    >>> check_attribution("7", r, docs, Verifier())[0].status
    'unresolved'
    """
    hint = quote if isinstance(quote, str) or quote is None else getattr(quote, "citation", None)
    if not hint or not str(hint).strip():
        return Attribution("none", found_id=result.source_id), result
    hint = str(hint).strip()
    found = result.source_id
    cited = resolve_citation(hint, sources) if sources else None
    if cited is None:
        known = ", ".join(s.id for s in sources[:8]) + (" …" if len(sources) > 8 else "")
        return Attribution(
            "unresolved", hint, None, found,
            f"The citation “{hint}” names no document of this call (documents: {known or 'none'}), "
            "so the quote was checked against all of them.",
        ), result
    cited_text = ", ".join(cited)
    if found is not None and found in cited:
        return Attribution("ok", hint, found, found, f"Found in the cited document {found}."), result
    wanted = set(cited)
    subset = [s for s in sources if s.id in wanted]
    own = verifier.verify([result.quote], subset)[0]
    if _RANK[own.verdict] >= _RANK[result.verdict]:
        where = own.source_id or cited_text
        note = f"Checked against the cited document {where}." if own.source_id is None else (
            f"Found in the cited document {where}.")
        return Attribution("ok", hint, cited_text, own.source_id, note), own
    if found is None:  # pragma: no cover - a result found nowhere cannot rank above the cited one
        return Attribution("ok", hint, cited_text, None, f"Checked against the cited document {cited_text}."), own
    return Attribution(
        "misattributed", hint, cited_text, found,
        f"The quote cites {cited_text}, but these words are in {found}, not in {cited_text}.",
    ), result
