"""Citation markup leaked into plain text: ``(cite index="0-1,0-2">…</cite>)`` and
``<cite index="1-3">…</cite>``, where each ``D-S`` names document ``D`` (in the order the documents
were sent) and its sentence ``S``. quote_guard.extract recognises the same leak to extract quotes;
this module reads the citation it carries."""

from __future__ import annotations

import re

from ._schema import Citation, SentenceRange
from ._text import SourceSet

_OPEN = re.compile(r"(?P<paren>\()?(?<![\w<])(?P<lt><)?cite\s+index\s*=\s*\"(?P<index>[^\"<>\n]{0,300})\"[^<>\n]{0,300}>",
                   re.IGNORECASE)
_CLOSE = re.compile(r"</\s*cite\s*>\)?", re.IGNORECASE)
_PAIR = re.compile(r"(\d+)\s*-\s*(\d+)")


def parse(text: str, sources: SourceSet) -> list[Citation]:
    out: list[Citation] = []
    pos = 0
    while True:
        m = _OPEN.search(text, pos)
        if m is None:
            break
        close = _CLOSE.search(text, m.end())
        nxt = _OPEN.search(text, m.end())
        if close is None or (nxt is not None and nxt.start() < close.start()):
            pos = m.end()  # unclosed: skip, never swallow the rest
            continue
        span = (m.end(), close.start())
        by_doc: dict[int, list[int]] = {}
        for d, s in _PAIR.findall(m.group("index")):
            by_doc.setdefault(int(d), []).append(int(s))
        for doc, sents in by_doc.items():
            out.append(Citation(
                answer_span=span, cited_text=None, source_id=sources.at(doc) or f"document[{doc}]",
                claimed_location=SentenceRange(min(sents), max(sents) + 1), provider="markup",
            ))
        pos = close.end()
    return out


__all__ = ["parse"]
