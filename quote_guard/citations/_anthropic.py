"""Anthropic Messages API: ``content`` text blocks carrying ``citations`` (``char_location``,
``page_location``, ``content_block_location``, ``search_result_location``,
``web_search_result_location``), raw or as litellm passes them on."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ._schema import BlockRange, CharRange, Citation, CitedAnswer, Location, PageRange
from ._text import SourceSet, sentences


def _int(v: Any) -> int | None:
    return v if isinstance(v, int) and not isinstance(v, bool) else None


def citation(c: Mapping[str, Any], span: tuple[int, int] | None, sources: SourceSet, *,
             inferred: bool = False) -> Citation:
    """One Anthropic citation object; ``span`` is the answer text of the block that carries it."""
    kind = c.get("type")
    loc: Location | None = None
    try:
        if kind == "char_location":
            loc = CharRange(int(c["start_char_index"]), int(c["end_char_index"]))
        elif kind == "page_location":
            loc = PageRange(int(c["start_page_number"]), int(c["end_page_number"]))
        elif kind in ("content_block_location", "search_result_location"):
            loc = BlockRange(int(c["start_block_index"]), int(c["end_block_index"]))
    except (KeyError, TypeError, ValueError) as exc:
        raise ValueError(f"Anthropic {kind} citation has a missing or bad location field: {exc}") from exc
    title = c.get("document_title") or c.get("title")
    index = _int(c.get("document_index"))
    if kind == "search_result_location":
        ref = c.get("source")
        source_id = sources.resolve(ref, title) or ref or title
    elif kind == "web_search_result_location":
        ref = c.get("url")
        source_id = sources.resolve(ref, title) or ref
    else:
        # char_location indexes the document as sent: the index is the reference, the title a hint
        source_id = sources.at(index) or sources.resolve(title, c.get("file_id"))
        if source_id is None:
            source_id = title or (f"document[{index}]" if index is not None else None)
    cited = c.get("cited_text")
    return Citation(
        answer_span=span, cited_text=cited if isinstance(cited, str) else None, source_id=source_id,
        claimed_location=loc, provider="anthropic", inferred=inferred, title=title if isinstance(title, str) else None,
    )


def parse(resp: Any, sources: SourceSet) -> CitedAnswer:
    """A Messages API response (dict with ``content``) or its list of content blocks."""
    blocks = resp.get("content") if isinstance(resp, Mapping) else resp
    if not isinstance(blocks, Sequence) or isinstance(blocks, str):
        raise ValueError("Anthropic response: 'content' must be a list of content blocks")
    text = ""
    cits: list[Citation] = []
    for i, b in enumerate(blocks):
        if not isinstance(b, Mapping):
            raise ValueError(f"Anthropic response: content[{i}] is not an object")
        if b.get("type") != "text" or not isinstance(b.get("text"), str):
            continue
        start = len(text)
        text += b["text"]
        for c in b.get("citations") or ():
            if isinstance(c, Mapping):
                cits.append(citation(c, (start, len(text)), sources))
    return CitedAnswer(text=text, citations=tuple(cits), provider="anthropic")


def parse_litellm(text: str, groups: Any, sources: SourceSet) -> list[Citation]:
    """litellm's ``message.provider_specific_fields["citations"]``: one list per cited text block, each
    citation with the block's text as ``supported_text``. Blocks are found in the answer in order."""
    out: list[Citation] = []
    cursor = 0
    for group in groups or ():
        items = group if isinstance(group, Sequence) and not isinstance(group, (str, Mapping)) else [group]
        span: tuple[int, int] | None = None
        supported = next((c.get("supported_text") for c in items if isinstance(c, Mapping)), None)
        if isinstance(supported, str) and supported:
            k = text.find(supported, cursor)
            if k < 0:
                k = text.find(supported)
            if k >= 0:
                span = (k, k + len(supported))
                cursor = span[1]
        for c in items:
            if isinstance(c, Mapping):
                out.append(citation(c, span, sources))
    return out


def stream_spans(text: str, positions: Sequence[int]) -> list[tuple[int, int]]:
    """Answer spans for citations streamed through litellm, which drops block boundaries: from the
    position where the citation arrived to the end of that sentence, or to the next citation."""
    out = []
    sents = sentences(text)
    later = sorted(set(positions))
    for p in positions:
        nxt = next((q for q in later if q > p), len(text))
        end = next((e for s, e in sents if e > p), len(text))
        out.append((p, max(p, min(end, nxt))))
    return out


__all__ = ["citation", "parse", "parse_litellm", "stream_spans"]
