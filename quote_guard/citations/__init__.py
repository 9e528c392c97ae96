"""Re-verify the citations that providers return (Anthropic, OpenAI, Gemini, Cohere, leaked markup).

Providers attach citations to their answers and users take them on trust; they can point to the
wrong place or the wrong document, and the answer around them can change what the cited text says.
This package reads every provider's citations into one schema (:class:`Citation`) and checks each
against the sources (:func:`verify_citations`), with the same meaning guard as quotes.

>>> from quote_guard.citations import parse_citations, verify_citations
>>> resp = {"type": "message", "role": "assistant", "content": [
...     {"type": "text", "text": "Rent is 600 euros a month",
...      "citations": [{"type": "char_location", "cited_text": "Rent is 500 euros a month.",
...                     "document_index": 0, "document_title": "lease",
...                     "start_char_index": 0, "end_char_index": 26}]}]}
>>> sources = {"lease": "Rent is 500 euros a month."}
>>> cits = parse_citations(resp, sources=sources)
>>> [r] = verify_citations(cits, read_response(resp).text, sources)
>>> r.status.value, r.reason
('altered', 'the answer sentence changes what the cited text says: 600 → 500')

Nothing here imports litellm: litellm objects are read by their attributes.
"""

from __future__ import annotations

from typing import Any

from ._documents import BLOCK_SEPARATOR, SavedResponse, anthropic_documents, load_saved_responses
from ._read import detect_provider, read_response
from ._schema import (
    BlockRange,
    ByteSegment,
    CharRange,
    Citation,
    CitationResult,
    CitationStatus,
    CitedAnswer,
    Location,
    PageRange,
    Provider,
    SentenceRange,
)
from ._stream import CitationStream
from ._verify import ALTERING_CATEGORIES, annotate_citations, verify_citations

__all__ = [
    "ALTERING_CATEGORIES",
    "BLOCK_SEPARATOR",
    "BlockRange",
    "ByteSegment",
    "CharRange",
    "Citation",
    "CitationResult",
    "CitationStatus",
    "CitationStream",
    "CitedAnswer",
    "Location",
    "PageRange",
    "Provider",
    "SavedResponse",
    "SentenceRange",
    "annotate_citations",
    "anthropic_documents",
    "check_response",
    "detect_provider",
    "load_saved_responses",
    "parse_citations",
    "read_response",
    "verify_citations",
]


def parse_citations(response: Any, *, provider: str | None = None, sources: Any = None) -> list[Citation]:
    """The citations of a provider response, in one schema (see :func:`read_response` for what
    ``response``, ``provider`` and ``sources`` accept).

    >>> [c] = parse_citations('Rent: (cite index="0-0">Rent is due monthly.</cite>)', sources={"lease": "Rent is due monthly."})
    >>> c.provider, c.source_id, c.answer_span, c.cited_text
    ('markup', 'lease', (24, 44), 'Rent is due monthly.')
    """
    return list(read_response(response, provider=provider, sources=sources).citations)


def check_response(response: Any, sources: Any, *, provider: str | None = None,
                   verifier: Any = None) -> tuple[CitedAnswer, list[CitationResult]]:
    """Read a response and verify its citations in one call: ``(answer, results)``. Without
    ``sources``, the documents the response itself carries (Cohere) are the sources.

    >>> ans, results = check_response('(cite index="0-0">Rent is due monthly.</cite>)', {"lease": "Rent is due monthly."})
    >>> results[0].status.value
    'ok'
    """
    ans = read_response(response, provider=provider, sources=sources)
    pool = sources if sources else dict(ans.documents)
    return ans, verify_citations(ans.citations, ans.text, pool, verifier=verifier)
