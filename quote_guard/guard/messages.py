"""Chat messages in and out: the sources a call carries, and the re-ask feedback turn.

**Sources by role.** When the caller passes no ``sources=``, the sources are the *documents*
the call carries, not the conversation around them:

- ``tool`` and ``function`` messages (their whole text), and Anthropic ``tool_result``
  blocks (``tool_result[<tool_use_id>]``): what a tool returned is evidence;
- Anthropic-style ``{"type": "document"}`` content blocks (``source.type`` ``text`` or
  ``content``), named by their ``id`` or ``title``, else ``document[i]`` (the i-th document
  block of the call, as Anthropic's ``document_index`` counts them);
- in any ``system``, ``user`` or ``tool`` text: ``<document id="…">…</document>`` blocks
  (named by ``id``, ``name``, ``title`` or a ``<source>`` child), and *fenced context blocks*:
  a fenced block (```` ``` ```` or ``~~~``) whose info string starts with ``context``,
  ``document``, ``doc`` or ``source``, named by the next word or an ``id=`` attribute
  (```` ```context lease.txt ````), else ``message[i].context[k]``.

The plain text of the user's question and of the instructions is **not** a source: quoting the
user back is not quoting a document. ``roles`` (``sources.roles`` in ``validators.yaml``)
lists the roles whose plain text also counts (default ``("tool", "function")``; add
``"user"``/``"system"`` to check against them too). When a call carries no document-like
source at all (a contract pasted untagged into the user message, say), the system and user
text are used instead and :attr:`CollectedSources.fallback` is True (the guard reports it as
``sources_fallback``), rather than checking against nothing.

A tool result that is a JSON object or array is read as its string values
(:func:`quote_guard.sources.json_source`); the spans of results are moved back into the
original JSON text. Offsets of every span index the *original* text of that message part or
document. :attr:`CollectedSources.origins` says which message each source came from.

>>> got = collect_sources([
...     {"role": "system", "content": "Answer from the documents."},
...     {"role": "user", "content": '<document id="lease">The Tenant shall pay.</document> Who pays?'}])
>>> [s.id for s in got.sources], got.origins["lease"], got.fallback
(['lease'], 'message[1] (user), <document id="lease">', False)
>>> [s.id for s in collect_sources([{"role": "user", "content": "The Tenant shall pay. Who pays?"}]).sources]
['message[0]']
"""

from __future__ import annotations

import copy
import re
from bisect import bisect_left
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..errors import SourceError
from ..models import QuoteResult, Source, Verdict
from ..sources import JsonSource, json_source, scrub_surrogates
from ..verify import coerce_sources as verify_coerce_sources

__all__ = [
    "DEFAULT_ROLES",
    "CollectedSources",
    "coerce_sources",
    "collect_sources",
    "copy_messages",
    "describe_differences",
    "feedback_message",
    "sources_from_messages",
]

#: Roles whose plain text is a source by default: tool output.
DEFAULT_ROLES: tuple[str, ...] = ("tool", "function")
_FALLBACK_ROLES = ("system", "developer", "user")
_DOC = re.compile(r"<document\b([^>]*)>(.*?)</document\s*>", re.DOTALL | re.IGNORECASE)
# only from the start of a name run, possessive: a long run without "=" is read once, not once per letter
_ATTR = re.compile(r"""(?<![\w-])[\d-]*+([A-Za-z_][\w-]*+)\s*+=\s*+(?:"([^"]*)"|'([^']*)')""")
_DOC_OPEN = re.compile(r"<document\b", re.IGNORECASE)
_DOC_CLOSE = re.compile(r"</document\s*>", re.IGNORECASE)
_CONTENT_OPEN = re.compile(r"<document_content>", re.IGNORECASE)
_CONTENT_CLOSE = re.compile(r"</document_content\s*>", re.IGNORECASE)
_SOURCE_OPEN = re.compile(r"<source>", re.IGNORECASE)
_SOURCE_CLOSE = re.compile(r"</source\s*>", re.IGNORECASE)
_CHILD_CONTENT = re.compile(r"<document_content>(.*?)</document_content\s*>", re.DOTALL | re.IGNORECASE)
_CHILD_SOURCE = re.compile(r"<source>(.*?)</source\s*>", re.DOTALL | re.IGNORECASE)
_WRAPPER = re.compile(r"</?documents\s*>", re.IGNORECASE)
# a fenced context block: ```context [name | id="name"] ... ```
_FENCE = re.compile(
    r"^(?P<indent>[ \t]{0,3})(?P<fence>`{3,}|~{3,})[ \t]*(?P<kind>context|document|doc|source)\b(?P<info>[^\n]*)\n"
    r"(?P<body>.*?)\n?^[ \t]{0,3}(?P=fence)[ \t]*$",
    re.IGNORECASE | re.MULTILINE | re.DOTALL,
)
_TEXT_PARTS = frozenset({"text", "input_text"})


@dataclass
class CollectedSources:
    """Sources found in a call, plus what could not be read (reported, never dropped silently).

    - ``origins``: source id -> where it came from (``'message[1] (user), <document id="lease">'``);
    - ``fallback``: no document-like source was found, so the system and user text were used;
    - ``structured``: the JSON tool results among the sources, by id (their spans are moved
      back into the original JSON with :func:`quote_guard.sources.remap_result`).
    """

    sources: list[Source] = field(default_factory=list)
    skipped: list[str] = field(default_factory=list)
    origins: dict[str, str] = field(default_factory=dict)
    fallback: bool = False
    structured: dict[str, JsonSource] = field(default_factory=dict)


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


def _doc_blocks(text: str) -> Iterator[tuple[int, int, str, str]]:
    """``(start, end, attributes, body)`` of each ``<document ...>...</document>`` block: what
    ``_DOC.finditer`` finds, in linear time (the lazy ``(.*?)`` re-read the rest of the text
    for every unclosed ``<document``: 8,000 of them took 18 s)."""
    closes = [(m.start(), m.end()) for m in _DOC_CLOSE.finditer(text)]
    starts = [c[0] for c in closes]
    pos = 0
    for m in _DOC_OPEN.finditer(text):
        if m.start() < pos:
            continue
        gt = text.find(">", m.end())
        if gt < 0:
            return
        k = bisect_left(starts, gt + 1)
        if k >= len(closes):
            return
        c_start, c_end = closes[k]
        yield m.start(), c_end, text[m.end() : gt], text[gt + 1 : c_start]
        pos = c_end


def _first_inner(text: str, opening: re.Pattern[str], closing: re.Pattern[str]) -> str | None:
    """The body of the first ``opening ... closing`` block (what a lazy ``search`` finds), in linear time."""
    m = opening.search(text)
    if m is None:
        return None
    c = closing.search(text, m.end())
    return text[m.end() : c.start()] if c else None


def _attrs(text: str) -> dict[str, str]:
    return {m.group(1).lower(): (m.group(2) if m.group(2) is not None else m.group(3)) for m in _ATTR.finditer(text)}


class _Collector:
    def __init__(self, documents: bool) -> None:
        self.documents = documents
        self.out = CollectedSources()
        self._seen: dict[str, str] = {}
        self._n_docs = 0
        self.where = ""  # "message[i] (role)" of the message being read
        self.n_documents = 0  # document-like sources found (not plain message text)
        # document blocks seen; one without id or title is document[i], the name (and the count)
        # of quote_guard.citations.anthropic_documents, so provider citations resolve to the same id
        self.n_blocks = 0

    def add(self, sid: str, text: str, origin: str, *, document: bool, tool: bool = False) -> None:
        if not text.strip():
            return
        text = scrub_surrogates(text)
        if sid in self._seen:
            if self._seen[sid] == text:
                return
            raise SourceError(f"two different documents share the id {sid!r}: give each document its own id")
        self._seen[sid] = text
        structured = json_source(sid, text) if tool else None
        if structured is not None:
            self.out.structured[sid] = structured
            self.out.sources.append(structured.source)
        else:
            self.out.sources.append(Source(sid, text))
        self.out.origins[sid] = origin
        self.n_documents += document

    def text(self, sid: str, text: str, *, plain: bool, tool: bool = False) -> None:
        """Add a text's <document> blocks and fenced context blocks, and the rest when ``plain``."""
        low = text.lower()
        if not self.documents or ("<document" not in low and not _has_fence(low)):
            if plain:
                self.add(sid, text, self.where, document=tool, tool=tool)
            return
        blocks: list[tuple[int, int]] = []  # taken as documents: blanked from the rest
        for start, end, attr_text, body in _doc_blocks(text):
            attrs = _attrs(attr_text)
            inner = _first_inner(body, _CONTENT_OPEN, _CONTENT_CLOSE)
            doc_text = inner if inner is not None else body
            child_source = _first_inner(body, _SOURCE_OPEN, _SOURCE_CLOSE)
            self._n_docs += 1
            doc_id = (
                attrs.get("id") or attrs.get("name") or attrs.get("title")
                or (child_source.strip() if child_source else "")
                or f"{sid}.document[{self._n_docs - 1}]"
            )
            self.add(doc_id, doc_text, f'{self.where}, <document id="{doc_id}">', document=True)
            blocks.append((start, end))
        remainder = _blanked(text, blocks)
        for k, m in enumerate(_FENCE.finditer(remainder)):
            info = m.group("info").strip()
            named = _attrs(info)
            name = named.get("id") or named.get("name") or named.get("title") or (info.split()[0] if info else "")
            doc_id = name.strip("\"'") or f"{sid}.context[{k}]"
            self.add(doc_id, text[m.start("body"):m.end("body")], f"{self.where}, fenced {m.group('kind').lower()} "
                     f"block {doc_id!r}", document=True)
            blocks.append((m.start(), m.end()))
        remainder = _blanked(text, sorted(blocks))
        if plain and _WRAPPER.sub("", remainder).strip():
            self.add(sid, remainder, self.where, document=tool, tool=tool)

    def part(self, sid: str, part: Any, *, index: int, plain: bool, tool: bool) -> None:
        if isinstance(part, str):
            self.text(sid, part, plain=plain, tool=tool)
            return
        if not isinstance(part, Mapping):
            self.out.skipped.append(f"{sid}: unreadable content part ({type(part).__name__})")
            return
        kind = part.get("type")
        if kind in _TEXT_PARTS and isinstance(part.get("text"), str):
            self.text(sid, part["text"], plain=plain, tool=tool)
        elif kind == "document":
            self.document(sid, part)
        elif kind == "tool_result":
            rid = f"tool_result[{part.get('tool_use_id') or index}]"
            where, self.where = self.where, f"{self.where}, tool_result {rid}"
            self.content(rid, part.get("content"), plain=True, tool=True)
            self.where = where
        elif kind in ("image_url", "image", "input_image", "input_audio", "file"):
            self.out.skipped.append(f"{sid}: {kind} part (not text) not used as a source")
        else:
            self.out.skipped.append(f"{sid}: content part of type {kind!r} not used as a source")

    def document(self, sid: str, block: Mapping[str, Any]) -> None:
        src = block.get("source") or {}
        doc_id = str(block.get("id") or block.get("title") or f"document[{self.n_blocks}]")
        self.n_blocks += 1
        stype = src.get("type") if isinstance(src, Mapping) else None
        origin = f"{self.where}, document block {doc_id!r}"
        if stype == "text" and isinstance(src.get("data"), str):
            self.add(doc_id, src["data"], origin, document=True)
        elif stype == "content":
            where, self.where = self.where, origin
            self.content(doc_id, src.get("content"), plain=True, tool=False, document=True)
            self.where = where
        else:
            self.out.skipped.append(f"{doc_id}: document source of type {stype!r} (not text) not used as a source")

    def content(self, sid: str, content: Any, *, plain: bool, tool: bool, document: bool = False) -> None:
        if content is None:
            return
        if isinstance(content, str):
            if document:
                self.add(sid, content, self.where, document=True)
            else:
                self.text(sid, content, plain=plain, tool=tool)
            return
        if isinstance(content, Mapping):
            content = [content]
        parts = list(content)
        texts = [p for p in parts if isinstance(p, Mapping) and p.get("type") in _TEXT_PARTS]
        for j, p in enumerate(parts):
            # one text part: the message's own id; several: one id each
            pid = sid if (len(texts) == 1 and p is texts[0]) else f"{sid}.content[{j}]"
            if document and isinstance(p, Mapping) and p.get("type") in _TEXT_PARTS and isinstance(p.get("text"), str):
                self.add(pid, p["text"], self.where, document=True)
            else:
                self.part(pid, p, index=j, plain=plain, tool=tool)


def _has_fence(low: str) -> bool:
    return ("```" in low or "~~~" in low) and any(k in low for k in ("context", "document", "doc", "source"))


def _blanked(text: str, ranges: Sequence[tuple[int, int]]) -> str:
    r"""``text`` with each of the ordered, disjoint ``ranges`` blanked (newlines kept), so that the
    text around them keeps its offsets.

    >>> _blanked("a<d>x\ny</d>b", [(1, 11)])
    'a    \n     b'
    """
    out: list[str] = []
    pos = 0
    for a, b in ranges:
        out.append(text[pos:a])
        out.append("\n".join(" " * len(line) for line in text[a:b].split("\n")))
        pos = b
    out.append(text[pos:])
    return "".join(out)


def collect_sources(
    messages: Sequence[Mapping[str, Any]],
    *,
    roles: Iterable[str] = DEFAULT_ROLES,
    documents: bool = True,
    fallback: bool = True,
) -> CollectedSources:
    """Read the sources a chat carries (see the module docstring for the rules).

    ``roles``: roles whose plain text is a source (tool output by default). ``documents``:
    split out document blocks and fenced context blocks. ``fallback``: with no document-like
    source in the call, use the system and user text (and set ``fallback``).
    The assistant's own earlier turns are never sources.
    """
    wanted = set(roles)
    c = _Collector(documents)
    for i, m in enumerate(messages):
        role = m.get("role")
        if role == "assistant" or not isinstance(role, str):
            continue
        c.where = f"message[{i}] ({role})"
        tool = role in ("tool", "function")
        c.content(f"message[{i}]", m.get("content"), plain=role in wanted, tool=tool)
    if fallback and c.n_documents == 0:
        extra = [r for r in _FALLBACK_ROLES if r not in wanted]
        if extra:
            more = collect_sources(messages, roles=(*wanted, *extra), documents=documents, fallback=False)
            if more.sources:
                more.fallback = True
                return more
    return c.out


def sources_from_messages(messages: Sequence[Mapping[str, Any]], **kw: Any) -> list[Source]:
    """Only the sources of :func:`collect_sources`."""
    return collect_sources(messages, **kw).sources


# ----------------------------------------------------------------------------- re-ask


def describe_differences(result: QuoteResult) -> str:
    """What differs between a quote and its closest source text, in words."""
    load = [d for d in result.metrics.differences if d.load_bearing]
    if load:
        # name the difference the way a reviewer would: "the source says “shall not”, the quote says “may”"
        return "; ".join(d.describe() for d in load[:6])
    if result.verdict is Verdict.UNSUPPORTED:
        return "no passage of the sources says this"
    if result.verdict is Verdict.PARAPHRASE:
        return "the wording is not the source's: it restates the passage below"
    if result.verdict is Verdict.UNCHECKABLE:
        return "there was no source text to check it against"
    diffs = [f"{d.quote_text or '∅'} → {d.source_text or '∅'}" for d in result.metrics.differences]
    return "; ".join(diffs) if diffs else "the wording differs from the source"


def _where(result: QuoteResult, location: str) -> str:
    """The source a feedback item names: its location when known (``"pp. 3–4 of lease.pdf"``)."""
    if location:
        return location
    if result.source_id is None:
        return "none"
    a, b = result.page_start, result.page_end
    if a is None:
        return result.source_id
    pages = f"p. {a}" if b is None or a == b else f"pp. {a}–{b}"
    return f"{pages} of {result.source_id}"


def feedback_message(
    failures: Sequence[QuoteResult],
    *,
    template: str,
    item_template: str,
    no_verbatim_text: str,
    role: str = "user",
    attempt: int = 1,
    max_attempts: int = 1,
    attributions: Sequence[Any] | None = None,
    citations: Sequence[Any] = (),
    answer: str | None = None,
    locations: Sequence[str] | None = None,
) -> dict[str, Any]:
    """ONE targeted message listing each failing quote with what to copy instead.

    ``locations`` (one label or ``""`` per failure, e.g. ``"p. 3 of lease.pdf"``) say where the
    closest source text sits in a PDF, DOCX or HTML source; they stand for ``{source_id}``.
    Without them, a result that carries pages (``page_start``) is cited as ``"p. 3 of <source id>"``.

    ``attributions`` (one :class:`~quote_guard.attribution.Attribution` or ``None`` per failure)
    name a wrong citation: the item then says which document the quote cites and which one
    holds its words. ``citations`` (:class:`~quote_guard.citations.CitationResult`) are the
    provider citations that failed re-verification: one line each (``describe(answer)``, naming
    the answer text, the cited document, the status and the cited text), after the quotes; with
    no failing quote the message holds only them.
    """
    items = []
    for n, r in enumerate(failures, 1):
        a = attributions[n - 1] if attributions is not None and n - 1 < len(attributions) else None
        verdict, reason, differences = r.verdict.value, r.reason, describe_differences(r)
        if a is not None and getattr(a, "status", None) == "misattributed":
            verdict = "misattributed"
            reason = (f"{a.reason} Cite {a.found_id} for these words, or quote a passage that is in "
                      f"{a.cited_id}.")
            differences = f"the citation: you cited {a.cited_id}; the words are in {a.found_id}"
        items.append(
            item_template.format_map(
                {
                    "index": n,
                    "quote": r.quote,
                    "verdict": verdict,
                    "reason": reason,
                    "differences": differences,
                    "verbatim": f"“{r.verbatim}”" if r.verbatim else no_verbatim_text,
                    "source_id": _where(r, locations[n - 1] if locations and n - 1 < len(locations) else ""),
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
    ) if failures or not citations else ""
    if citations:
        lines = "\n".join(f"{n}. {c.describe(answer)}" for n, c in enumerate(citations, 1))
        block = (f"These citations do not hold:\n{lines}\n"
                 "Cite the document that says it, or change the claim to match.")
        content = f"{content}\n\n{block}" if content else block
    return {"role": role, "content": content}
