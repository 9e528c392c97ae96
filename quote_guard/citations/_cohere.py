"""Cohere chat: v2 ``message.citations`` (``start``/``end``/``text`` of the answer, ``sources`` with
their ``document``) and v1 ``citations`` with ``document_ids`` and top-level ``documents``. Cohere's
offsets delimit the answer text a citation supports; the cited passage is not given, so it is
recovered from the cited document."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ._schema import Citation, CitedAnswer
from ._text import SourceSet, obj, string

_TEXT_FIELDS = ("text", "snippet", "content", "body")


def answer_span(c: Mapping[str, Any], text: str) -> tuple[int, int] | None:
    s, e, t = c.get("start"), c.get("end"), c.get("text")
    if (isinstance(s, int) and isinstance(e, int) and 0 <= s <= e <= len(text)
            and (not isinstance(t, str) or text[s:e] == t)):
        return s, e
    if isinstance(t, str) and t:
        k = text.find(t, max(0, (s if isinstance(s, int) else 0) - 64))
        if k < 0:
            k = text.find(t)
        if k >= 0:
            return k, k + len(t)
    return None


def _doc_text(doc: Mapping[str, Any]) -> str | None:
    for k in _TEXT_FIELDS:
        if isinstance(doc.get(k), str) and doc[k].strip():
            return str(doc[k])
    return None


def parse(resp: Mapping[str, Any], sources: SourceSet) -> CitedAnswer:
    msg = resp.get("message") if isinstance(resp.get("message"), Mapping) else None
    documents: list[tuple[str, str]] = []
    cits: list[Citation] = []
    if msg is not None:  # v2
        content = msg.get("content")
        if isinstance(content, str):
            text = content
        else:
            text = "".join(p.get("text", "") for p in content or () if isinstance(p, Mapping) and p.get("type", "text") == "text")
        for c in msg.get("citations") or ():
            if not isinstance(c, Mapping):
                continue
            span = answer_span(c, text)
            for src in c.get("sources") or ():
                if not isinstance(src, Mapping):
                    continue
                doc = obj(src.get("document"))
                ref = doc.get("id") or src.get("id")
                title = doc.get("title")
                source_id = sources.resolve(ref, title) or ref or title
                body = _doc_text(doc)
                if isinstance(source_id, str) and body is not None:
                    documents.append((source_id, body))
                cits.append(Citation(span, None, source_id if isinstance(source_id, str) else None, None, "cohere",
                                     title=title if isinstance(title, str) else None))
        return CitedAnswer(text=text, citations=tuple(cits), provider="cohere", documents=tuple(documents))
    text = string(resp.get("text"))
    docs = {d.get("id"): d for d in resp.get("documents") or () if isinstance(d, Mapping)}
    for d_id, d in docs.items():
        body = _doc_text(d)
        if isinstance(d_id, str) and body is not None:
            documents.append((sources.resolve(d_id, d.get("title")) or d_id, body))
    for c in resp.get("citations") or ():
        if not isinstance(c, Mapping):
            continue
        span = answer_span(c, text)
        ids = c.get("document_ids")
        for d_id in ids if isinstance(ids, Sequence) and not isinstance(ids, str) else ():
            d = docs.get(d_id, {})
            title = d.get("title")
            source_id = sources.resolve(d_id, title) or d_id
            cits.append(Citation(span, None, source_id, None, "cohere", title=title if isinstance(title, str) else None))
    return CitedAnswer(text=text, citations=tuple(cits), provider="cohere", documents=tuple(documents))


def parse_annotations(text: str, annotations: Any, sources: SourceSet) -> list[Citation]:
    """What litellm keeps of Cohere v2 citations: ``url_citation`` annotations whose url is
    ``source:<document id>`` and whose indices delimit the supported answer text."""
    out = []
    for a in annotations or ():
        inner = a.get("url_citation") if isinstance(a, Mapping) else None
        if not isinstance(inner, Mapping):
            continue
        url = str(inner.get("url") or "")
        ref = url[len("source:"):] if url.startswith("source:") else url
        span = answer_span({"start": inner.get("start_index"), "end": inner.get("end_index")}, text)
        title = inner.get("title")
        out.append(Citation(span, None, sources.resolve(ref, title) or ref, None, "cohere",
                            title=title if isinstance(title, str) else None))
    return out


__all__ = ["parse", "parse_annotations"]
