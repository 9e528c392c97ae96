"""Recover what a provider left out: the cited text (from the claimed location and the source, or by
searching the cited source for the answer sentence) and the answer sentence a citation supports."""

from __future__ import annotations

from dataclasses import replace

from ._schema import ByteSegment, CharRange, Citation
from ._text import SourceSet, byte_to_char, find_passage, sentence_around, strip_markers, words


def claim_of(citation: Citation, answer: str) -> str | None:
    """The answer text a citation supports, markers removed (``None`` without an answer span)."""
    if citation.answer_span is None:
        return None
    s, e = citation.answer_span
    text = strip_markers(answer[s:e])
    return text or None


def search_text(citation: Citation, answer: str) -> str | None:
    """What to search the cited source for: the claim, or the sentence around it when the claim is
    a fragment of fewer than three content words."""
    claim = claim_of(citation, answer)
    if claim is None or citation.answer_span is None:
        return claim
    if len(set(words(claim))) >= 3:
        return claim
    s, e = sentence_around(answer, *citation.answer_span)
    return strip_markers(answer[s:e]) or claim


def slice_location(citation: Citation, text: str) -> str | None:
    """The source text at the claimed character or byte location, if it is one and in range."""
    loc = citation.claimed_location
    if isinstance(loc, CharRange) and loc.end <= len(text):
        return text[loc.start : loc.end]
    if isinstance(loc, ByteSegment) and loc.end <= len(text.encode("utf-8")):
        return text[byte_to_char(text, loc.start) : byte_to_char(text, loc.end)]
    return None


def recover(citation: Citation, answer: str, sources: SourceSet) -> Citation:
    """``citation`` with its cited text filled in when the provider gave none and the source allows
    it; unchanged otherwise."""
    if citation.cited_text is not None:
        return citation
    text = sources.text(citation.source_id)
    if text is None:
        return citation
    sliced = slice_location(citation, text)
    if sliced:
        return replace(citation, cited_text=sliced, recovered=True)
    query = search_text(citation, answer)
    if not query:
        return citation
    p = find_passage(query, text)
    if p is None:
        return citation
    return replace(citation, cited_text=p.text_of(text), recovered=True)
