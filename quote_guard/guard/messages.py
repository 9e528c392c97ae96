"""Chat messages in and out: the sources a call carries, and the re-ask feedback turn.

Sources are read from the call itself when the caller passes none:

- the text of ``system``, ``user`` and ``tool`` messages (string content, or OpenAI
  ``{"type": "text"}`` parts) gets the id ``message[i]`` (``message[i].content[j]`` when a
  message has several text parts);
- ``<document id="…">…</document>`` blocks inside any such text become their own sources,
  named by their ``id`` (or ``name``/``title``/a ``<source>`` child); the text around them
  stays in ``message[i]`` with the blocks blanked out, so offsets still index the message;
- Anthropic-style ``{"type": "document"}`` content blocks (``source.type`` ``text`` or
  ``content``) use their ``id`` or ``title``;
- Anthropic ``tool_result`` blocks are ``tool_result[<tool_use_id>]``.

Offsets of every span index the *original* text of that message part or document.

>>> [s.id for s in sources_from_messages([
...     {"role": "system", "content": "Answer from the documents."},
...     {"role": "user", "content": '<document id="lease">The Tenant shall pay.</document> Who pays?'}])]
['message[0]', 'lease', 'message[1]']
"""

from __future__ import annotations

import copy
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..errors import SourceError
from ..models import QuoteResult, Source, Verdict
from ..verify import coerce_sources as verify_coerce_sources

__all__ = [
    "CollectedSources",
    "coerce_sources",
    "collect_sources",
    "copy_messages",
    "describe_differences",
    "feedback_message",
    "sources_from_messages",
]

_DOC = re.compile(r"<document\b([^>]*)>(.*?)</document\s*>", re.DOTALL | re.IGNORECASE)
_ATTR = re.compile(r"""([A-Za-z_][\w-]*)\s*=\s*(?:"([^"]*)"|'([^']*)')""")
_CHILD_CONTENT = re.compile(r"<document_content>(.*?)</document_content\s*>", re.DOTALL | re.IGNORECASE)
_CHILD_SOURCE = re.compile(r"<source>(.*?)</source\s*>", re.DOTALL | re.IGNORECASE)
_WRAPPER = re.compile(r"</?documents\s*>", re.IGNORECASE)
_TEXT_PARTS = frozenset({"text", "input_text"})


@dataclass
class CollectedSources:
    """Sources found in a call, plus what could not be read (reported, never dropped silently)."""

    sources: list[Source] = field(default_factory=list)
    skipped: list[str] = field(default_factory=list)


def copy_messages(messages: Any) -> list[dict[str, Any]]:
    """A deep copy of the caller's messages: the guard never mutates them."""
    if isinstance(messages, (str, bytes)) or not isinstance(messages, Iterable):
        raise TypeError("messages must be a list of {'role': ..., 'content': ...} dicts")
    out = []
    for i, m in enumerate(messages):
        if not isinstance(m, Mapping):
            if hasattr(m, "model_dump"):  # a pydantic message object (litellm/openai)
                m = m.model_dump(exclude_none=True)
            else:
                raise TypeError(f"messages[{i}] must be a dict with 'role' and 'content', got {type(m).__name__}")
        out.append(copy.deepcopy(dict(m)))
    return out


def coerce_sources(sources: Any) -> list[Source]:
    """Explicit ``sources=``: a text, a :class:`Source`, a list of either, or a ``{id: text}``
    dict (the Verifier's own rules: ids unique, at least one source)."""
    if isinstance(sources, Source):
        return [sources]
    if isinstance(sources, str):
        return [Source("source[0]", sources)]
    return verify_coerce_sources(sources)


def _attrs(text: str) -> dict[str, str]:
    return {m.group(1).lower(): (m.group(2) if m.group(2) is not None else m.group(3)) for m in _ATTR.finditer(text)}


class _Collector:
    def __init__(self, documents: bool) -> None:
        self.documents = documents
        self.out = CollectedSources()
        self._seen: dict[str, str] = {}
        self._n_docs = 0

    def add(self, sid: str, text: str) -> None:
        if not text.strip():
            return
        if sid in self._seen:
            if self._seen[sid] == text:
                return
            raise SourceError(f"two different documents share the id {sid!r}: give each document its own id")
        self._seen[sid] = text
        self.out.sources.append(Source(sid, text))

    def text(self, sid: str, text: str) -> None:
        """Add a text, splitting out its <document> blocks."""
        if not self.documents or "<document" not in text.lower():
            self.add(sid, text)
            return
        rest = list(text)
        for m in _DOC.finditer(text):
            attrs = _attrs(m.group(1))
            body = m.group(2)
            inner = _CHILD_CONTENT.search(body)
            doc_text = inner.group(1) if inner else body
            child_source = _CHILD_SOURCE.search(body)
            self._n_docs += 1
            doc_id = (
                attrs.get("id") or attrs.get("name") or attrs.get("title")
                or (child_source.group(1).strip() if child_source else "")
                or f"{sid}.document[{self._n_docs - 1}]"
            )
            self.add(doc_id, doc_text)
            for k in range(m.start(), m.end()):
                if rest[k] != "\n":
                    rest[k] = " "
        remainder = "".join(rest)
        if _WRAPPER.sub("", remainder).strip():
            self.add(sid, remainder)

    def part(self, sid: str, part: Any, *, index: int) -> None:
        if isinstance(part, str):
            self.text(sid, part)
            return
        if not isinstance(part, Mapping):
            self.out.skipped.append(f"{sid}: unreadable content part ({type(part).__name__})")
            return
        kind = part.get("type")
        if kind in _TEXT_PARTS and isinstance(part.get("text"), str):
            self.text(sid, part["text"])
        elif kind == "document":
            self.document(sid, part)
        elif kind == "tool_result":
            rid = f"tool_result[{part.get('tool_use_id') or index}]"
            self.content(rid, part.get("content"))
        elif kind in ("image_url", "image", "input_image", "input_audio", "file"):
            self.out.skipped.append(f"{sid}: {kind} part (not text) not used as a source")
        else:
            self.out.skipped.append(f"{sid}: content part of type {kind!r} not used as a source")

    def document(self, sid: str, block: Mapping[str, Any]) -> None:
        src = block.get("source") or {}
        doc_id = str(block.get("id") or block.get("title") or sid)
        stype = src.get("type") if isinstance(src, Mapping) else None
        if stype == "text" and isinstance(src.get("data"), str):
            self.add(doc_id, src["data"])
        elif stype == "content":
            self.content(doc_id, src.get("content"))
        else:
            self.out.skipped.append(f"{doc_id}: document source of type {stype!r} (not text) not used as a source")

    def content(self, sid: str, content: Any) -> None:
        if content is None:
            return
        if isinstance(content, str):
            self.text(sid, content)
            return
        if isinstance(content, Mapping):
            content = [content]
        parts = list(content)
        texts = [p for p in parts if isinstance(p, Mapping) and p.get("type") in _TEXT_PARTS]
        for j, p in enumerate(parts):
            # one text part: the message's own id; several: one id each
            pid = sid if (len(texts) == 1 and p is texts[0]) else f"{sid}.content[{j}]"
            self.part(pid, p, index=j)


def collect_sources(
    messages: Sequence[Mapping[str, Any]],
    *,
    roles: Iterable[str] = ("system", "user", "tool", "function"),
    documents: bool = True,
) -> CollectedSources:
    """Read the sources a chat carries (see the module docstring for the rules)."""
    wanted = set(roles)
    c = _Collector(documents)
    for i, m in enumerate(messages):
        if m.get("role") not in wanted:
            continue
        c.content(f"message[{i}]", m.get("content"))
    return c.out


def sources_from_messages(messages: Sequence[Mapping[str, Any]], **kw: Any) -> list[Source]:
    """Only the sources of :func:`collect_sources`."""
    return collect_sources(messages, **kw).sources


# ----------------------------------------------------------------------------- re-ask


def describe_differences(result: QuoteResult) -> str:
    """What differs between a quote and its closest source text, in words."""
    changed = result.metrics.changed_words
    if changed:
        return "; ".join(changed)
    if result.verdict is Verdict.UNSUPPORTED:
        return "no passage of the sources says this"
    if result.verdict is Verdict.PARAPHRASE:
        return "the wording is not the source's: it restates the passage below"
    if result.verdict is Verdict.UNCHECKABLE:
        return "there was no source text to check it against"
    diffs = [f"{d.quote_text or '∅'} → {d.source_text or '∅'}" for d in result.metrics.differences]
    return "; ".join(diffs) if diffs else "the wording differs from the source"


def feedback_message(
    failures: Sequence[QuoteResult],
    *,
    template: str,
    item_template: str,
    no_verbatim_text: str,
    role: str = "user",
    attempt: int = 1,
    max_attempts: int = 1,
) -> dict[str, Any]:
    """ONE targeted message listing each failing quote with what to copy instead."""
    items = []
    for n, r in enumerate(failures, 1):
        items.append(
            item_template.format_map(
                {
                    "index": n,
                    "quote": r.quote,
                    "verdict": r.verdict.value,
                    "reason": r.reason,
                    "differences": describe_differences(r),
                    "verbatim": f"“{r.verbatim}”" if r.verbatim else no_verbatim_text,
                    "source_id": r.source_id or "none",
                    "context": r.context,
                }
            )
        )
    content = template.format_map(
        {
            "failures": "\n".join(items),
            "n_failures": len(failures),
            "attempt": attempt,
            "max_attempts": max_attempts,
        }
    )
    return {"role": role, "content": content}
