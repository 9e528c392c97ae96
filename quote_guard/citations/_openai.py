"""OpenAI: chat-completion ``message.annotations`` (``url_citation``), Responses API ``output_text``
annotations (``file_citation`` with only ``file_id``/``filename``/``index``, ``url_citation``,
``container_file_citation``) and Assistants ``thread.message`` annotations (``file_citation``
whose ``quote`` OpenAI removed).

OpenAI's indices point at the citation *marker*, not at the sentence it supports (and ``index``
is documented loosely), so the supported sentence is always inferred from the marker's position
(``inferred=True``). A file citation with no position at all is tied to the answer sentence
that the cited file supports best, when the file is among the sources.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ._schema import Citation, CitedAnswer
from ._text import SourceSet, find_passage, obj, sentence_at, sentences, string, strip_markers


def _int(v: Any) -> int | None:
    return v if isinstance(v, int) and not isinstance(v, bool) else None


def annotation(a: Mapping[str, Any], text: str, offset: int, sources: SourceSet) -> Citation | None:
    """One annotation of a text part that starts at ``offset`` of the whole answer."""
    kind = string(a.get("type"))
    inner = obj(a.get(kind)) or a  # chat/assistants nest, Responses do not
    if kind not in ("url_citation", "file_citation", "container_file_citation"):
        return None
    start = _int(inner.get("start_index", a.get("start_index")))
    end = _int(inner.get("end_index", a.get("end_index")))
    index = _int(a.get("index"))
    if start is not None and end is not None and 0 <= start <= end <= len(text) - offset:
        marker: tuple[int, int] | None = (offset + start, offset + end)
    elif index is not None and 0 <= index <= len(text) - offset:
        marker = (offset + index, offset + index)
    else:
        marker = None
    title = inner.get("title") or inner.get("filename") or a.get("filename")
    if kind == "url_citation":
        url = inner.get("url")
        source_id = sources.resolve(url, title) or url
    else:
        file_id = inner.get("file_id") or a.get("file_id")
        filename = inner.get("filename") or a.get("filename")
        source_id = sources.resolve(file_id, filename) or filename or file_id
    quote = inner.get("quote")
    span: tuple[int, int] | None = None
    if marker is not None:
        span = sentence_at(text, *marker)
    else:
        span = _best_sentence(text, sources.text(source_id))
    return Citation(
        answer_span=span, cited_text=quote if isinstance(quote, str) and quote else None,
        source_id=source_id if isinstance(source_id, str) else None, claimed_location=None,
        provider="openai", inferred=span is not None, title=title if isinstance(title, str) else None,
    )


def _best_sentence(text: str, source_text: str | None) -> tuple[int, int] | None:
    """The answer sentence the cited file supports best (no marker position to go by)."""
    if source_text is None:
        return None
    best: tuple[float, tuple[int, int]] | None = None
    for s, e in sentences(text):
        p = find_passage(strip_markers(text[s:e]), source_text)
        if p is not None and (best is None or p.score > best[0]):
            best = (p.score, (s, e))
    return best[1] if best else None


def parse_chat(resp: Mapping[str, Any], sources: SourceSet) -> CitedAnswer:
    choices = resp.get("choices")
    if not isinstance(choices, Sequence) or not choices or not isinstance(choices[0], Mapping):
        raise ValueError("OpenAI chat completion: 'choices' must be a non-empty list")
    msg = obj(choices[0].get("message")) or obj(choices[0].get("delta"))
    text = string(msg.get("content"))
    cits = [c for a in msg.get("annotations") or () if isinstance(a, Mapping)
            for c in [annotation(a, text, 0, sources)] if c is not None]
    return CitedAnswer(text=text, citations=tuple(cits), provider="openai")


def parse_responses(resp: Mapping[str, Any], sources: SourceSet) -> CitedAnswer:
    """A Responses API object: every ``output_text`` part of every ``message`` output, in order."""
    output = resp.get("output")
    if not isinstance(output, Sequence):
        raise ValueError("OpenAI response: 'output' must be a list")
    parts: list[Mapping[str, Any]] = []
    for item in output:
        if isinstance(item, Mapping) and item.get("type") == "message":
            parts.extend(p for p in item.get("content") or () if isinstance(p, Mapping) and p.get("type") == "output_text")
    return _parts(parts, lambda p: p.get("text"), sources)


def parse_assistants(resp: Mapping[str, Any], sources: SourceSet) -> CitedAnswer:
    """An Assistants ``thread.message``: ``content[].text.value`` with ``text.annotations``."""
    parts = [p["text"] for p in resp.get("content") or ()
             if isinstance(p, Mapping) and p.get("type") == "text" and isinstance(p.get("text"), Mapping)]
    return _parts(parts, lambda p: p.get("value"), sources)


def _parts(parts: Sequence[Mapping[str, Any]], get_text: Any, sources: SourceSet) -> CitedAnswer:
    text = "".join(t for p in parts if isinstance(t := get_text(p), str))
    cits: list[Citation] = []
    offset = 0
    for p in parts:
        t = get_text(p)
        if not isinstance(t, str):
            continue
        for a in p.get("annotations") or ():
            if isinstance(a, Mapping):
                c = annotation(a, text, offset, sources)
                if c is not None:
                    cits.append(c)
        offset += len(t)
    return CitedAnswer(text=text, citations=tuple(cits), provider="openai")
