"""Read any supported provider response into a :class:`CitedAnswer`: raw dicts, JSON text, SDK
objects with ``model_dump()``, litellm ``ModelResponse`` objects, and streams (see ``_stream``)."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from . import _anthropic, _cohere, _gemini, _markup, _openai
from ._recover import recover
from ._schema import PROVIDERS, Citation, CitedAnswer
from ._text import SourceSet, string

_ANTHROPIC_EVENTS = frozenset({"message_start", "content_block_start", "content_block_delta", "content_block_stop",
                               "message_delta", "message_stop", "ping"})
_COHERE_EVENTS = frozenset({"message-start", "content-start", "content-delta", "content-end", "citation-start",
                            "citation-end", "message-end", "tool-plan-delta", "tool-call-start", "tool-call-delta",
                            "tool-call-end"})


def is_litellm_response(obj: Any) -> bool:
    return type(obj).__name__ in ("ModelResponse", "ModelResponseStream") and hasattr(obj, "choices")


def to_data(response: Any) -> Any:
    """Plain data from JSON text, bytes or an SDK object (``model_dump``); other values unchanged."""
    if isinstance(response, bytes):
        response = response.decode("utf-8")
    if isinstance(response, str):
        s = response.lstrip()
        if s[:1] in ("{", "["):
            try:
                return json.loads(s)
            except json.JSONDecodeError:
                return response
        return response
    if not isinstance(response, (Mapping, Sequence)) and not is_litellm_response(response):
        dump = getattr(response, "model_dump", None) or getattr(response, "to_dict", None)
        if callable(dump):
            return dump()
    return response


def detect_provider(response: Any) -> str | None:
    """Which provider's format ``response`` is in (``None`` if it is plain text or unknown).

    >>> detect_provider({"candidates": [{"content": {"parts": [{"text": "Hi"}]}}]})
    'gemini'
    """
    data = to_data(response)
    if is_litellm_response(data):
        return _litellm_provider(data)
    if isinstance(data, str):
        return "markup" if _markup.parse(data, SourceSet()) else None
    if isinstance(data, Sequence):
        first = data[0] if data else None
        if isinstance(first, Mapping) and first.get("type") in _ANTHROPIC_EVENTS:
            return "anthropic"
        if isinstance(first, Mapping) and first.get("type") == "text" and isinstance(first.get("text"), str):
            return "anthropic"
        return None
    if not isinstance(data, Mapping):
        return None
    if "candidates" in data:
        return "gemini"
    if data.get("type") == "message" and isinstance(data.get("content"), list):
        return "anthropic"
    if data.get("object") == "response" or (isinstance(data.get("output"), list) and "choices" not in data):
        return "openai"
    if data.get("object") == "thread.message":
        return "openai"
    if "choices" in data:
        msg = (data["choices"] or [{}])[0].get("message") or {}
        psf = msg.get("provider_specific_fields") or {}
        if isinstance(psf, Mapping) and psf.get("citations"):
            return "anthropic"
        if data.get("vertex_ai_grounding_metadata"):
            return "gemini"
        return "openai"
    msg = data.get("message")
    if isinstance(msg, Mapping) and ("citations" in msg or "finish_reason" in data):
        return "cohere"
    if "generation_id" in data or ("text" in data and "citations" in data):
        return "cohere"
    return None


def read_response(response: Any, *, provider: str | None = None, sources: Any = None,
                  markup: bool = True) -> CitedAnswer:
    """Read a provider response: its answer text and every citation in one schema.

    ``response`` is a raw response (dict or JSON text), an SDK object, a litellm ``ModelResponse``,
    a list of stream chunks/events, or plain text (leaked ``<cite>`` markup only). ``provider``
    forces the format (``anthropic``, ``openai``, ``gemini``, ``cohere``, ``markup``); by default it
    is detected. ``sources`` (a list of :class:`~quote_guard.Source` *in the order the documents
    were sent*, a ``{id: text}`` mapping, or a list of texts) resolves document indices and file
    names to source ids and lets missing cited text be recovered. With ``markup`` (default) leaked
    cite markup in the answer text is read too. Raises ``ValueError`` naming the problem for a
    response in no known format.

    >>> ans = read_response({"type": "message", "content": [{"type": "text", "text": "Rent is due.",
    ...     "citations": [{"type": "char_location", "cited_text": "Rent is due.", "document_index": 0,
    ...                    "document_title": "lease", "start_char_index": 0, "end_char_index": 12}]}]})
    >>> ans.provider, ans.citations[0].source_id, ans.citations[0].claimed_location.end
    ('anthropic', 'lease', 12)
    """
    if provider is not None and provider not in PROVIDERS:
        raise ValueError(f"unknown provider {provider!r}: use one of {', '.join(PROVIDERS)}")
    srcs = sources if isinstance(sources, SourceSet) else SourceSet(sources)
    data = to_data(response)
    if isinstance(data, Sequence) and not isinstance(data, (str, Mapping)) and _is_stream(data):
        from ._stream import CitationStream

        stream = CitationStream(provider=provider, sources=srcs, markup=markup)
        for chunk in data:
            stream.feed(chunk)
        return stream.result()
    if is_litellm_response(data):
        ans = _from_litellm(data, provider, srcs)
    elif isinstance(data, str):
        if provider not in (None, "markup"):
            raise ValueError(f"a plain-text answer cannot be read as a {provider} response")
        cits = _markup.parse(data, srcs)
        return finish(CitedAnswer(data, tuple(cits), "markup" if cits else None), srcs, markup=False)
    else:
        ans = _parse_data(data, provider or detect_provider(data), srcs)
    return finish(ans, srcs, markup=markup)


def _is_stream(data: Sequence[Any]) -> bool:
    if not data:
        return False
    first = data[0]
    if type(first).__name__ == "ModelResponseStream":
        return True
    if not isinstance(first, Mapping):
        return False
    t = first.get("type") or first.get("event")
    return (t in _ANTHROPIC_EVENTS or t in _COHERE_EVENTS or first.get("object") == "chat.completion.chunk"
            or ("candidates" in first and len(data) > 1))


def _parse_data(data: Any, provider: str | None, srcs: SourceSet) -> CitedAnswer:
    if provider is None:
        shape = type(data).__name__ if not isinstance(data, Mapping) else "object with keys " + ", ".join(list(data)[:8])
        raise ValueError(f"not a known provider response ({shape}): pass provider='anthropic'|'openai'|'gemini'|'cohere'")
    if isinstance(data, Mapping) and "choices" in data and provider in ("anthropic", "gemini", "openai"):
        msg = ((data.get("choices") or [{}])[0] or {}).get("message") or {}
        if (msg.get("provider_specific_fields") or {}).get("citations") or data.get("vertex_ai_grounding_metadata"):
            return _from_litellm_dict(data, srcs)  # a litellm ModelResponse saved as JSON
        if provider == "openai":
            return _openai.parse_chat(data, srcs)
    if provider == "anthropic":
        return _anthropic.parse(data, srcs)
    if not isinstance(data, Mapping):
        raise ValueError(f"a {provider} response must be a JSON object, got {type(data).__name__}")
    if provider == "gemini":
        return _gemini.parse(data, srcs)
    if provider == "cohere":
        return _cohere.parse(data, srcs)
    if provider == "openai":
        if data.get("object") == "thread.message":
            return _openai.parse_assistants(data, srcs)
        if "output" in data:
            return _openai.parse_responses(data, srcs)
        return _openai.parse_chat(data, srcs)
    if provider == "markup":
        text = string(data.get("text"))
        return CitedAnswer(text, tuple(_markup.parse(text, srcs)), "markup")
    raise ValueError(f"unknown provider {provider!r}")


# -- litellm -------------------------------------------------------------------------------------
def _litellm_provider(resp: Any) -> str | None:
    hidden = getattr(resp, "_hidden_params", None) or {}
    name = str(hidden.get("custom_llm_provider") or "")
    msg = resp.choices[0].message if resp.choices else None
    psf = getattr(msg, "provider_specific_fields", None) or {}
    if name in ("anthropic", "bedrock", "vertex_ai") and psf.get("citations"):
        return "anthropic"
    if psf.get("citations"):
        return "anthropic"
    if getattr(resp, "vertex_ai_grounding_metadata", None) or hidden.get("vertex_ai_grounding_metadata"):
        return "gemini"
    if name.startswith("cohere"):
        return "cohere"
    if name in ("gemini", "vertex_ai", "vertex_ai_beta"):
        return "gemini"
    if name == "anthropic":
        return "anthropic"
    anns = getattr(msg, "annotations", None) or []
    if anns and all(str(((a or {}).get("url_citation") or {}).get("url", "")).startswith("source:") for a in anns):
        return "cohere"
    return "openai"


def _from_litellm(resp: Any, provider: str | None, srcs: SourceSet) -> CitedAnswer:
    """A litellm ``ModelResponse``: Anthropic citations from ``provider_specific_fields``, Gemini
    grounding from ``vertex_ai_grounding_metadata`` (its ``annotations`` keep Gemini's *byte*
    offsets as if they were characters, so they are ignored), Cohere from ``source:`` annotations,
    OpenAI from ``annotations``."""
    msg = resp.choices[0].message if resp.choices else None
    text = (getattr(msg, "content", None) or "") if msg is not None else ""
    psf = getattr(msg, "provider_specific_fields", None) or {}
    hidden = getattr(resp, "_hidden_params", None) or {}
    grounding = getattr(resp, "vertex_ai_grounding_metadata", None) or hidden.get("vertex_ai_grounding_metadata")
    anns = getattr(msg, "annotations", None) if msg is not None else None
    return _litellm_parts(text, psf, grounding, anns, provider or _litellm_provider(resp), srcs)


def _from_litellm_dict(data: Mapping[str, Any], srcs: SourceSet) -> CitedAnswer:
    """A litellm ``ModelResponse`` saved as JSON (``model_dump()``)."""
    msg = ((data.get("choices") or [{}])[0] or {}).get("message") or {}
    psf = msg.get("provider_specific_fields") or {}
    grounding = data.get("vertex_ai_grounding_metadata")
    provider = "anthropic" if psf.get("citations") else "gemini" if grounding else "openai"
    return _litellm_parts(msg.get("content") or "", psf, grounding, msg.get("annotations"), provider, srcs)


def _litellm_parts(text: str, psf: Mapping[str, Any], grounding: Any, anns: Any, provider: str | None,
                   srcs: SourceSet) -> CitedAnswer:
    cits: list[Citation] = []
    if psf.get("citations"):
        cits.extend(_anthropic.parse_litellm(text, psf["citations"], srcs))
        provider = "anthropic"
    elif grounding:
        metas = grounding if isinstance(grounding, list) else [grounding]
        cits.extend(c for m in metas if isinstance(m, Mapping) for c in _gemini.citations(m, [text], srcs))
        provider = "gemini"
    elif anns:
        anns = [a if isinstance(a, Mapping) else to_data(a) for a in anns]
        if provider == "cohere":
            cits.extend(_cohere.parse_annotations(text, anns, srcs))
        else:
            cits.extend(c for a in anns if isinstance(a, Mapping) for c in [_openai.annotation(a, text, 0, srcs)] if c)
            provider = "openai"
    p = provider if provider in PROVIDERS else None
    return CitedAnswer(text=text, citations=tuple(cits), provider=p)  # type: ignore[arg-type]


def finish(ans: CitedAnswer, srcs: SourceSet, *, markup: bool) -> CitedAnswer:
    """Add leaked markup citations and recover missing cited text from the sources (or, without
    sources, from the documents the response carried)."""
    cits = list(ans.citations)
    if markup and ans.provider != "markup" and "cite" in ans.text.lower():
        cits.extend(_markup.parse(ans.text, srcs))
    pool = srcs.with_documents(ans.documents)
    if pool:
        cits = [recover(c, ans.text, pool) for c in cits]
    return replace(ans, citations=tuple(cits))
