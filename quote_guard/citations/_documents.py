"""Where citation documents come from: the documents of an Anthropic request in the order
``document_index`` counts them, and saved provider responses (JSON or JSONL) for the CLI."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..models import Source
from ..normalize import jsonl_lines
from ._read import _ANTHROPIC_EVENTS, _COHERE_EVENTS
from ._text import obj

#: blocks of an Anthropic ``content`` document are joined with this (what ``BlockRange`` counts)
BLOCK_SEPARATOR = "\n\n"


def anthropic_documents(messages: Sequence[Mapping[str, Any]]) -> list[Source]:
    """The ``document`` content blocks of a Messages request, in the order Anthropic's
    ``document_index`` counts them (every message, every role, in order).

    Ids follow the guard's message sources: the block's ``id``, else its ``title``, else
    ``document[i]``. A ``text`` source gives its ``data``; a ``content`` source its text blocks
    joined by a blank line; a document with no text (a base64 PDF, a file id) keeps its place with
    empty text, so the indices after it stay right, and its citations come out ``unverifiable``.
    Pass the PDF's extracted text (pages separated by ``\\f``) as that source to check it.

    >>> docs = anthropic_documents([{"role": "user", "content": [
    ...     {"type": "document", "title": "lease", "source": {"type": "text", "media_type": "text/plain",
    ...      "data": "Rent is due monthly."}, "citations": {"enabled": True}},
    ...     {"type": "text", "text": "When is rent due?"}]}])
    >>> docs
    [Source(id='lease', text='Rent is due monthly.')]
    """
    out: list[Source] = []
    for m in messages:
        content = m.get("content") if isinstance(m, Mapping) else None
        if not isinstance(content, Sequence) or isinstance(content, str):
            continue
        for part in content:
            if not isinstance(part, Mapping) or part.get("type") != "document":
                continue
            src = obj(part.get("source"))
            doc_id = str(part.get("id") or part.get("title") or f"document[{len(out)}]")
            text = ""
            if src.get("type") == "text" and isinstance(src.get("data"), str):
                text = src["data"]
            elif src.get("type") == "content":
                blocks = src.get("content")
                if isinstance(blocks, str):
                    text = blocks
                elif isinstance(blocks, Sequence):
                    text = BLOCK_SEPARATOR.join(b["text"] for b in blocks
                                                if isinstance(b, Mapping) and isinstance(b.get("text"), str))
            out.append(Source(doc_id, text))
    return out


@dataclass(frozen=True, slots=True)
class SavedResponse:
    """One saved provider response: where it was read (``file:line``), the response itself, and
    the ids of the documents in the order they were sent, when the record gives them."""

    origin: str
    response: Any
    documents: tuple[str, ...] | None = None

    def sources_for(self, sources: Mapping[str, str]) -> list[Source]:
        """``sources`` (``{id: text}``) as a list with this record's ``documents`` first, in the order
        they were sent, then the rest. Raises ``ValueError`` naming an id that is not a source."""
        order = list(self.documents or ())
        unknown = [d for d in order if d not in sources]
        if unknown:
            raise ValueError(f"{self.origin}: 'documents' names unknown source(s): {', '.join(unknown[:5])} "
                             f"(sources: {', '.join(list(sources)[:8])})")
        rest = [k for k in sources if k not in set(order)]
        return [Source(k, sources[k]) for k in [*order, *rest]]


def load_saved_responses(path: str | Path) -> list[SavedResponse]:
    """Read saved provider responses for re-verification.

    ``.jsonl``/``.ndjson``: one response a line. ``.json``: one response, a list of stream events
    or chunks (one streamed response), or a list of responses. Each response is a raw provider
    body (Anthropic, OpenAI, Gemini, Cohere, a litellm ``ModelResponse`` dump), or a record
    ``{"response": <body or text>, "documents": ["id", ...]}`` where ``documents`` lists the source
    ids in the order they were sent (what Anthropic's ``document_index`` and leaked markup count).
    Raises ``ValueError`` naming the file and line for unreadable JSON or an empty file.
    """
    p = Path(path)
    try:
        text = p.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise ValueError(f"{p}: cannot read the responses file: {exc}") from exc
    items: list[tuple[str, Any]] = []
    if p.suffix.lower() in (".jsonl", ".ndjson"):
        for n, line in jsonl_lines(text):
            try:
                items.append((f"{p}:{n}", json.loads(line)))
            except json.JSONDecodeError as exc:
                raise ValueError(f"{p}:{n}: not a JSON value: {exc.msg} (column {exc.colno})") from exc
    else:
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise ValueError(f"{p}:{exc.lineno}: not JSON: {exc.msg} (column {exc.colno})") from exc
        if isinstance(data, list) and not _is_event_list(data):
            items.extend((f"{p}[{i}]", d) for i, d in enumerate(data))
        else:
            items.append((str(p), data))
    if not items:
        raise ValueError(f"{p}: no responses in the file")
    out = []
    for origin, d in items:
        if isinstance(d, Mapping) and "response" in d and not _looks_like_provider(d):
            docs = d.get("documents")
            if docs is not None and (not isinstance(docs, list) or not all(isinstance(x, str) for x in docs)):
                raise ValueError(f"{origin}: 'documents' must be a list of source ids")
            out.append(SavedResponse(origin, d["response"], tuple(docs) if docs is not None else None))
        else:
            out.append(SavedResponse(origin, d))
    return out


def _is_event_list(data: list[Any]) -> bool:
    first = data[0] if data else None
    if not isinstance(first, Mapping):
        return False
    t = first.get("type") or first.get("event")
    return t in _ANTHROPIC_EVENTS or t in _COHERE_EVENTS or first.get("object") == "chat.completion.chunk"


def _looks_like_provider(d: Mapping[str, Any]) -> bool:
    return any(k in d for k in ("candidates", "choices", "content", "output", "message", "citations"))
