"""Re-verify provider citations against the sources: is the cited text at the claimed place, in the
cited source at all, and does the answer sentence carrying the citation keep its meaning?"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from ..errors import QuoteGuardError
from ..models import QuoteResult, Source, Verdict
from ._recover import claim_of, recover, search_text
from ._schema import (
    BlockRange,
    ByteSegment,
    CharRange,
    Citation,
    CitationResult,
    CitationStatus,
    Location,
    PageRange,
)
from ._text import SourceSet, byte_to_char, figure_mentions, find_passage

#: the word categories of the meaning guard that make a claim ``altered`` when it differs from the
#: cited text there (a claim may word things its own way: only these count)
ALTERING_CATEGORIES = frozenset({"number", "negation", "party"})


def verify_citations(
    citations: Iterable[Citation],
    answer: str,
    sources: Any,
    *,
    verifier: Any = None,
    altering: Iterable[str] = ALTERING_CATEGORIES,
) -> list[CitationResult]:
    """Check each citation against the sources; one :class:`CitationResult` per citation, in order.

    ``answer`` is the text the citations' ``answer_span`` index; ``sources`` a list of
    :class:`~quote_guard.Source` (in the order the documents were sent, for index-based citations),
    a ``{id: text}`` mapping or a list of texts. ``verifier`` is the :class:`~quote_guard.Verifier`
    used for near-verbatim matching and for the claim check (default: ``Verifier()``). A claim is
    ``altered`` when the meaning guard finds it differs from the cited text in a word of a category
    in ``altering``, or when it states a figure where the cited text states another. A citation
    that cannot be checked is a result (``unverifiable``), never an exception.

    >>> from quote_guard.citations import Citation, CharRange
    >>> lease = "Rent is 500 euros a month."
    >>> c = Citation((0, 25), "Rent is 500 euros a month.", "lease", CharRange(0, 26), "anthropic")
    >>> [r] = verify_citations([c], "Rent is 600 euros a month", {"lease": lease})
    >>> r.status.value, r.location_ok
    ('altered', True)
    """
    if not isinstance(answer, str):
        raise TypeError(f"answer must be a str, got {type(answer).__name__}")
    srcs = sources if isinstance(sources, SourceSet) else SourceSet(sources)
    if verifier is None:
        from ..verify import Verifier

        verifier = Verifier()
    cats = frozenset(altering)
    todo = list(citations)
    for c in todo:
        if not isinstance(c, Citation):
            raise TypeError(f"verify_citations takes Citation objects, got {type(c).__name__}")
    out = []
    for c in todo:
        try:
            out.append(_verify_one(c, answer, srcs, verifier, cats))
        except (ValueError, TypeError, QuoteGuardError) as exc:  # one bad citation never loses the batch
            out.append(CitationResult(c, CitationStatus.UNVERIFIABLE, f"cannot check this citation: {exc}"))
    return out


def annotate_citations(answer: str, results: Iterable[CitationResult], *,
                       template: str = " [citation {status}: {source_id}]") -> str:
    """``answer`` with a marker after the answer span of each failed citation (``status.failed``);
    every other character unchanged. ``template`` takes ``{status}``, ``{source_id}`` and ``{reason}``.

    >>> c = Citation((0, 12), None, "lease", None, "cohere")
    >>> r = CitationResult(c, CitationStatus.UNSUPPORTED, "not in the lease")
    >>> annotate_citations("Rent is due. Pets are fine.", [r])
    'Rent is due. [citation unsupported: lease] Pets are fine.'
    """
    marks: dict[int, list[str]] = {}
    for r in results:
        span = r.citation.answer_span
        if not r.status.failed or span is None or not 0 <= span[1] <= len(answer):
            continue
        m = template.format(status=r.status.value, source_id=r.citation.source_id, reason=r.reason)
        if m not in marks.setdefault(span[1], []):
            marks[span[1]].append(m)
    out, last = [], 0
    for pos in sorted(marks):
        out += [answer[last:pos], *marks[pos]]
        last = pos
    out.append(answer[last:])
    return "".join(out)


def _verify_one(c: Citation, answer: str, srcs: SourceSet, verifier: Any, cats: frozenset[str]) -> CitationResult:
    c = recover(c, answer, srcs)
    claim = claim_of(c, answer)
    src_text = srcs.text(c.source_id)
    if src_text is None:
        why = "no source was given" if not srcs else f"the cited source {c.source_id!r} is not among the sources given"
        return CitationResult(c, CitationStatus.UNVERIFIABLE, f"cannot check this citation: {why}", claim=claim)
    if c.cited_text is None:
        return _without_cited_text(c, answer, claim, src_text, srcs, verifier, cats)
    cited = c.cited_text
    found = _locate(cited, src_text, verifier)
    if found is None:
        for other_id, other_text in srcs.items:
            if other_id == c.source_id:
                continue
            where = _locate(cited, other_text, verifier)
            if where is not None:
                return CitationResult(
                    c, CitationStatus.MISATTRIBUTED,
                    f"the cited text is not in {c.source_id!r} but in {other_id!r} at characters "
                    f"[{where[0]}, {where[1]}): the citation names the wrong document",
                    location_ok=False if c.claimed_location is not None else None, found_source_id=other_id,
                    found_location=CharRange(*where), claim=claim)
        return CitationResult(c, CitationStatus.UNSUPPORTED,
                              f"the cited text is in none of the sources (not verbatim in {c.source_id!r})",
                              location_ok=False if c.claimed_location is not None else None, claim=claim)
    location_ok, found_loc = _check_location(c, cited, src_text, found)
    claim_result = None
    if claim:
        claim_result, altered_why = _claim_check(claim, cited, c.source_id or "cited", verifier, cats)
        if altered_why:
            return CitationResult(c, CitationStatus.ALTERED, altered_why, location_ok=location_ok,
                                  found_source_id=c.source_id, found_location=found_loc, claim=claim,
                                  claim_result=claim_result)
    if location_ok is False:
        return CitationResult(
            c, CitationStatus.LOCATION_MISMATCH,
            f"the cited text is in {c.source_id!r}, but at {found_loc}, not at the claimed {c.claimed_location}",
            location_ok=False, found_source_id=c.source_id, found_location=found_loc, claim=claim,
            claim_result=claim_result)
    how = "recovered from the source" if c.recovered else "verbatim"
    at = f" at the claimed {c.claimed_location}" if location_ok else ""
    return CitationResult(c, CitationStatus.OK, f"the cited text ({how}) is in {c.source_id!r}{at}; "
                          "the answer keeps its figures, negations and parties",
                          location_ok=location_ok, found_source_id=c.source_id, found_location=found_loc,
                          claim=claim, claim_result=claim_result)


def _without_cited_text(c: Citation, answer: str, claim: str | None, src_text: str, srcs: SourceSet,
                        verifier: Any, cats: frozenset[str]) -> CitationResult:
    """No cited text given or recoverable by words: try the meaning guard on the whole cited
    source, then look for the claim in the other sources."""
    if not claim:
        return CitationResult(c, CitationStatus.UNVERIFIABLE,
                              "the provider gave no cited text and no answer sentence to check")
    [r] = verifier.verify([claim], [Source(c.source_id or "cited", src_text)])
    if r.spans and r.verdict in (Verdict.VERBATIM, Verdict.NEAR_VERBATIM, Verdict.PARAPHRASE, Verdict.ALTERED):
        span = r.spans[0]
        _, altered_why = _claim_check(claim, src_text[span.start:span.end], c.source_id or "cited", verifier, cats)
        if altered_why or r.verdict is Verdict.ALTERED and _altering(r, cats):
            return CitationResult(c, CitationStatus.ALTERED, altered_why or _altered_reason(r, cats),
                                  found_source_id=c.source_id, found_location=CharRange(span.start, span.end),
                                  claim=claim, claim_result=r)
        return CitationResult(c, CitationStatus.OK, f"the answer sentence is supported by {c.source_id!r} "
                              f"({r.verdict.value})", found_source_id=c.source_id,
                              found_location=CharRange(span.start, span.end), claim=claim, claim_result=r)
    query = search_text(c, answer) or claim
    for other_id, other_text in srcs.items:
        if other_id == c.source_id:
            continue
        p = find_passage(query, other_text)
        if p is not None:
            return CitationResult(
                c, CitationStatus.MISATTRIBUTED,
                f"nothing in {c.source_id!r} supports the answer sentence, but {other_id!r} does at characters "
                f"[{p.start}, {p.end}): the citation names the wrong document",
                found_source_id=other_id, found_location=CharRange(p.start, p.end), claim=claim, claim_result=r)
    return CitationResult(c, CitationStatus.UNSUPPORTED,
                          f"no passage of {c.source_id!r} (or of any other source) supports the answer sentence",
                          claim=claim, claim_result=r)


def _norm(s: str) -> str:
    return " ".join(s.split()).casefold()


def _locate(cited: str, text: str, verifier: Any, near: int | None = None) -> tuple[int, int] | None:
    """Where ``cited`` is in ``text``: the exact occurrence nearest ``near``, else a near-verbatim match."""
    needle = cited.strip()
    if not needle:
        return None
    k = _nearest(text, needle, near)
    if k is not None:
        return k, k + len(needle)
    [r] = verifier.verify([needle], [Source("s", text)])
    if r.verdict.accepted and r.spans:
        return r.spans[0].start, r.spans[-1].end
    return None


def _nearest(text: str, needle: str, near: int | None, *, limit: int = 1000) -> int | None:
    """The exact occurrence of ``needle`` nearest ``near`` (the first when ``near`` is None) among
    the first ``limit``; None when there is none."""
    hits: list[int] = []
    k = text.find(needle)
    while k >= 0 and len(hits) < limit:
        hits.append(k)
        k = text.find(needle, k + 1)
    if not hits:
        return None
    return min(hits, key=lambda h: abs(h - near)) if near is not None else hits[0]


def _check_location(c: Citation, cited: str, text: str, found: tuple[int, int]) -> tuple[bool | None, Location]:
    loc = c.claimed_location
    chars = CharRange(*found)
    if loc is None or c.recovered:
        return None, chars
    if isinstance(loc, (CharRange, ByteSegment)):
        s, e = loc.start, loc.end
        if isinstance(loc, ByteSegment):
            s, e = byte_to_char(text, s), byte_to_char(text, e)
        if e <= len(text) and _norm(text[s:e]) == _norm(cited):
            return True, CharRange(s, e)
        # the nearest exact occurrence to the claimed start
        needle = cited.strip()
        k = _nearest(text, needle, s)
        if k is not None:
            chars = CharRange(k, k + len(needle))
        if isinstance(loc, ByteSegment):
            b = len(text[: chars.start].encode("utf-8"))
            return False, ByteSegment(b, b + len(text[chars.start:chars.end].encode("utf-8")))
        return False, chars
    if isinstance(loc, (PageRange, BlockRange)):
        sep, first = ("\f", 1) if isinstance(loc, PageRange) else ("\n\n", 0)
        if sep not in text:
            return None, chars  # no page (block) boundaries in the text: nothing to check against
        lo = first + text.count(sep, 0, chars.start)
        hi = first + text.count(sep, 0, max(chars.start, chars.end - 1))
        ok = loc.start <= lo and hi < loc.end
        return ok, type(loc)(lo, hi + 1)
    return None, chars  # SentenceRange: the provider's sentence split is unknown


def _altering(r: QuoteResult, cats: frozenset[str]) -> list[str]:
    """The differences that change a claim's meaning: a number replaced by another, or a one-word
    swap, insertion or deletion in an altering category ("not" dropped, "Donnerstag" for
    "Dienstag"). A claim words things its own way and leaves clauses out, so a longer rewording
    ("subletting needs" for "premises without") or an omitted figure or clause is not counted."""
    out = []
    for d in r.metrics.differences:
        if not d.load_bearing or d.category not in cats:
            continue
        n = sorted((len(d.quote_text.split()), len(d.source_text.split())))
        if (n[0] >= 1 if d.category == "number" else n[1] <= 1 or (n[0] == 0 and n[1] <= 2)):
            out.append(f"{d.quote_text or '∅'} → {d.source_text or '∅'}")
    return out


def _altered_reason(r: QuoteResult, cats: frozenset[str]) -> str:
    return "the answer sentence changes what the cited text says: " + ", ".join(_altering(r, cats)[:4])


def _claim_check(claim: str, cited: str, source_id: str, verifier: Any,
                 cats: frozenset[str]) -> tuple[QuoteResult, str | None]:
    """The Verifier's result for the claim against the cited text, and why it is altered (or None)."""
    [r] = verifier.verify([claim], [Source(source_id, cited)])
    if r.verdict is Verdict.ALTERED and _altering(r, cats):
        return r, _altered_reason(r, cats)
    if "number" not in cats:
        return r, None
    # a figure the claim states where the cited text states another: paired by the word that follows
    # them ("twenty-four months" / "twelve months"), or the only figure on each side
    said, stated = figure_mentions(claim), figure_mentions(cited)
    said_n, stated_n = {n for n, _, _ in said}, {n for n, _, _ in stated}
    extra = [(w, nx) for n, w, nx in said if n not in stated_n]
    missing = [(w, nx) for n, w, nx in stated if n not in said_n]
    pairs = [(f"{w1} {nx}".strip(), f"{w2} {nx}".strip()) for w1, nx in extra for w2, nx2 in missing if nx and nx == nx2]
    if not pairs and len({w for w, _ in extra}) == 1 and len({w for w, _ in missing}) == 1:
        pairs = [(extra[0][0], missing[0][0])]
    if pairs:
        return r, "the answer sentence says " + "; ".join(
            f"{a!r} where the cited text says {b!r}" for a, b in dict.fromkeys(pairs))
    return r, None
