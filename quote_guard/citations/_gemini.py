"""Gemini / Vertex AI ``groundingMetadata``: ``groundingSupports[].segment`` (offsets in UTF-8 *bytes*
of a content part, converted here to characters of the answer) with ``groundingChunkIndices`` into
``groundingChunks`` (``retrievedContext`` with ``uri``/``title``/``text``, or ``web``)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ._schema import Citation, CitedAnswer
from ._text import SourceSet, byte_to_char, obj, string


def _int(v: Any, default: int | None = None) -> int | None:
    if isinstance(v, bool):
        return default
    if isinstance(v, int):
        return v
    if isinstance(v, str) and v.isdigit():  # proto3 JSON may write int64 as strings
        return int(v)
    return default


def segment_span(seg: Mapping[str, Any], parts: Sequence[str]) -> tuple[int, int] | None:
    """Character span in the joined answer of a segment whose offsets count bytes of part
    ``partIndex``; checked against ``segment.text`` when given (a proxy that already converted to
    characters, or a wrong part, is caught by finding the text)."""
    pi = _int(seg.get("partIndex"), 0) or 0
    if not 0 <= pi < len(parts):
        return None
    part = parts[pi]
    base = sum(len(p) for p in parts[:pi])
    bs, be = _int(seg.get("startIndex"), 0) or 0, _int(seg.get("endIndex"))
    seg_text = seg.get("text") if isinstance(seg.get("text"), str) else None
    if be is None:
        if seg_text is None:
            return None
        be = bs + len(seg_text.encode("utf-8"))
    s, e = byte_to_char(part, bs), byte_to_char(part, be)
    if seg_text is None or part[s:e] == seg_text:
        return base + s, base + e
    if part[bs:be] == seg_text:  # offsets were characters after all
        return base + bs, base + be
    joined = "".join(parts)
    k = joined.find(seg_text, max(0, base + s - 64))
    if k < 0:
        k = joined.find(seg_text)
    return (k, k + len(seg_text)) if k >= 0 else (base + s, base + e)


def citations(meta: Mapping[str, Any], parts: Sequence[str], sources: SourceSet) -> list[Citation]:
    chunks = meta.get("groundingChunks") or []
    out: list[Citation] = []
    for sup in meta.get("groundingSupports") or ():
        if not isinstance(sup, Mapping):
            continue
        seg = obj(sup.get("segment"))
        span = segment_span(seg, parts)
        for ci in sup.get("groundingChunkIndices") or ():
            chunk = chunks[ci] if isinstance(ci, int) and 0 <= ci < len(chunks) else None
            if not isinstance(chunk, Mapping):
                out.append(Citation(span, None, f"groundingChunks[{ci}]", None, "gemini"))
                continue
            body = next((obj(chunk[k]) for k in ("retrievedContext", "web", "maps") if isinstance(chunk.get(k), Mapping)),
                        obj(None))
            uri, title = body.get("uri"), body.get("title")
            source_id = sources.resolve(uri, title) or uri or title or f"groundingChunks[{ci}]"
            cited = body.get("text")
            out.append(Citation(
                answer_span=span, cited_text=cited if isinstance(cited, str) and cited else None,
                source_id=source_id, claimed_location=None, provider="gemini",
                title=title if isinstance(title, str) else None,
            ))
    return out


def parse(resp: Mapping[str, Any], sources: SourceSet) -> CitedAnswer:
    cands = resp.get("candidates")
    if not isinstance(cands, Sequence) or not cands or not isinstance(cands[0], Mapping):
        raise ValueError("Gemini response: 'candidates' must be a non-empty list")
    cand = cands[0]
    parts = [string(obj(p).get("text")) for p in obj(cand.get("content")).get("parts") or ()]
    meta = cand.get("groundingMetadata")
    metas = meta if isinstance(meta, list) else [meta] if isinstance(meta, Mapping) else []
    cits = [c for m in metas if isinstance(m, Mapping) for c in citations(m, parts, sources)]
    return CitedAnswer(text="".join(parts), citations=tuple(cits), provider="gemini")
