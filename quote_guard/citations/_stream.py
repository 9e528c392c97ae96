"""Collect citations from a stream, chunk by chunk: raw provider events (Anthropic SSE events,
Gemini ``streamGenerateContent`` chunks, Cohere v2 events, OpenAI chat-completion chunks) or
litellm ``ModelResponseStream`` chunks."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from . import _anthropic, _cohere, _gemini, _openai
from ._read import _COHERE_EVENTS, finish, to_data
from ._schema import PROVIDERS, Citation, CitedAnswer
from ._text import SourceSet, obj


class CitationStream:
    """Accumulate a streamed answer and its citations; :meth:`result` reads them once the stream ends.

    ``feed`` returns the text the chunk added, so a guard can forward text while it collects.
    Anthropic raw events keep block boundaries (exact answer spans); through litellm the block
    boundaries are lost, so a streamed Anthropic citation supports the text from where it arrived
    to the end of that sentence (``inferred=True``). Gemini grounding offsets of a stream are read
    against the whole streamed text.

    >>> s = CitationStream()
    >>> _ = s.feed({"type": "content_block_start", "index": 0, "content_block": {"type": "text", "text": ""}})
    >>> _ = s.feed({"type": "content_block_delta", "index": 0, "delta": {"type": "text_delta", "text": "Hi."}})
    >>> s.text, s.result().provider
    ('Hi.', 'anthropic')
    """

    def __init__(self, *, provider: str | None = None, sources: Any = None, markup: bool = True) -> None:
        if provider is not None and provider not in PROVIDERS:
            raise ValueError(f"unknown provider {provider!r}: use one of {', '.join(PROVIDERS)}")
        self.provider = provider
        self._sources = sources if isinstance(sources, SourceSet) else SourceSet(sources)
        self._markup = markup
        self._parts: list[str] = []
        self._len = 0
        self._blocks: dict[int, dict[str, Any]] = {}  # anthropic raw: index -> {start, text, citations}
        self._anth_positions: list[tuple[int, dict[str, Any]]] = []  # anthropic via litellm
        self._grounding: list[Mapping[str, Any]] = []
        self._cohere: list[Mapping[str, Any]] = []
        self._annotations: list[Mapping[str, Any]] = []
        self._seen: str | None = None

    @property
    def text(self) -> str:
        return "".join(self._parts)

    def _add(self, piece: Any) -> str:
        if isinstance(piece, str) and piece:
            self._parts.append(piece)
            self._len += len(piece)
            return piece
        return ""

    def feed(self, chunk: Any) -> str:
        """Take one chunk or event; return the answer text it adds ("" if none)."""
        if type(chunk).__name__ == "ModelResponseStream":
            return self._feed_litellm(chunk)
        data = to_data(chunk)
        if not isinstance(data, Mapping):
            raise TypeError(f"a stream chunk must be an event object or a litellm chunk, got {type(chunk).__name__}")
        kind = data.get("type")
        if isinstance(kind, str) and kind.startswith(("message_", "content_block_")):
            return self._feed_anthropic(data)
        if kind in _COHERE_EVENTS or data.get("event") in _COHERE_EVENTS:
            return self._feed_cohere(data)
        if "candidates" in data:
            self._seen = "gemini"
            added = ""
            for cand in (data.get("candidates") or [])[:1]:
                if not isinstance(cand, Mapping):
                    continue
                for p in (cand.get("content") or {}).get("parts") or ():
                    added += self._add(p.get("text") if isinstance(p, Mapping) else None)
                if isinstance(cand.get("groundingMetadata"), Mapping):
                    self._grounding.append(cand["groundingMetadata"])
            return added
        if "choices" in data:
            self._seen = self._seen or "openai"
            ch = (data.get("choices") or [{}])[0] or {}
            delta = ch.get("delta") or {}
            self._annotations.extend(a for a in delta.get("annotations") or () if isinstance(a, Mapping))
            return self._add(delta.get("content"))
        if kind in ("ping", "error"):
            return ""
        raise ValueError(f"unknown stream event (keys: {', '.join(list(data)[:8])})")

    def _feed_anthropic(self, ev: Mapping[str, Any]) -> str:
        self._seen = "anthropic"
        kind, i = ev.get("type"), ev.get("index")
        if kind == "content_block_start" and isinstance(i, int):
            cb = ev.get("content_block") or {}
            if cb.get("type") == "text":
                self._blocks[i] = {"start": self._len, "citations": list(cb.get("citations") or ())}
                return self._add(cb.get("text"))
        elif kind == "content_block_delta" and isinstance(i, int) and i in self._blocks:
            d = ev.get("delta") or {}
            if d.get("type") == "text_delta":
                return self._add(d.get("text"))
            if d.get("type") == "citations_delta" and isinstance(d.get("citation"), Mapping):
                self._blocks[i]["citations"].append(d["citation"])
        elif kind == "content_block_stop" and isinstance(i, int) and i in self._blocks:
            self._blocks[i]["end"] = self._len
        return ""

    def _feed_cohere(self, ev: Mapping[str, Any]) -> str:
        self._seen = "cohere"
        data = obj(ev.get("data")) or ev  # litellm wraps as {event, data}
        kind = data.get("type") or ev.get("event")
        msg = obj(obj(data.get("delta")).get("message"))
        if kind == "content-delta":
            return self._add(obj(msg.get("content")).get("text"))
        if kind == "citation-start":
            c = msg.get("citations")
            for one in c if isinstance(c, list) else [c]:
                if isinstance(one, Mapping):
                    self._cohere.append(one)
        return ""

    def _feed_litellm(self, chunk: Any) -> str:
        if getattr(chunk, "vertex_ai_grounding_metadata", None):
            self._seen = "gemini"
            for m in chunk.vertex_ai_grounding_metadata:
                if isinstance(m, Mapping):
                    self._grounding.append(m)
        added = ""
        for ch in chunk.choices[:1]:
            delta = ch.delta
            psf = getattr(delta, "provider_specific_fields", None) or {}
            if isinstance(psf.get("citation"), Mapping):
                self._seen = "anthropic"
                self._anth_positions.append((self._len, psf["citation"]))
            for c in psf.get("citations") or () if isinstance(psf.get("citations"), list) else ():
                if isinstance(c, Mapping) and "start" in c:
                    self._seen = "cohere"
                    self._cohere.append(c)
            for a in getattr(delta, "annotations", None) or ():
                a = a if isinstance(a, Mapping) else to_data(a)
                if isinstance(a, Mapping):
                    self._annotations.append(a)
            added += self._add(getattr(delta, "content", None))
        return added

    def result(self) -> CitedAnswer:
        """The answer so far and its citations (call at the end of the stream)."""
        text, srcs = self.text, self._sources
        provider = self.provider or self._seen
        cits: list[Citation] = []
        documents: tuple[tuple[str, str], ...] = ()
        if self._blocks:
            for b in self._blocks.values():
                span = (b["start"], b.get("end", self._len))
                cits.extend(_anthropic.citation(c, span, srcs) for c in b["citations"] if isinstance(c, Mapping))
        if self._anth_positions:
            spans = _anthropic.stream_spans(text, [p for p, _ in self._anth_positions])
            cits.extend(_anthropic.citation(c, span, srcs, inferred=True)
                        for (_, c), span in zip(self._anth_positions, spans))
        if self._grounding:
            cits.extend(c for m in self._grounding for c in _gemini.citations(m, [text], srcs))
        elif self._annotations:
            if provider == "cohere" or all(str((a.get("url_citation") or {}).get("url", "")).startswith("source:")
                                           for a in self._annotations):
                cits.extend(_cohere.parse_annotations(text, self._annotations, srcs))
                provider = "cohere"
            else:
                cits.extend(c for a in self._annotations for c in [_openai.annotation(a, text, 0, srcs)] if c)
                provider = provider or "openai"
        if self._cohere:
            ans = _cohere.parse({"message": {"content": text, "citations": self._cohere}}, srcs)
            cits.extend(ans.citations)
            documents = ans.documents
        p = provider if provider in PROVIDERS else None
        return finish(CitedAnswer(text, tuple(cits), p, documents), srcs, markup=self._markup)  # type: ignore[arg-type]
