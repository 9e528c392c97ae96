"""HTML loading on lxml (BSD): the text a browser shows, each piece tied to its element.

Text: ``<head>``, ``<script>``, ``<style>``, ``<noscript>``, ``<template>`` and comments are
left out; whitespace runs collapse to one space as a browser does (``<pre>`` keeps its own);
block elements (``p``, ``div``, ``li``, ``h1``..., table cells) start a new paragraph (a blank
line), ``<br>`` is a line break. Entities are decoded. Nothing else is dropped: HTML has no
running headers, so navigation and footer text stay in the text.

Locations: ``element`` is the XPath-like path of the innermost element that holds the whole
range, without the leading slash (``html/body/div[2]/p[3]``); it works with
``tree.xpath("/" + element)``.
"""

from __future__ import annotations

import re
from collections import Counter
from typing import Any

from quote_guard.documents._types import Document, SegmentMapBuilder

__all__ = ["load_html"]

_SKIP = frozenset({"head", "script", "style", "noscript", "template", "svg", "math", "iframe", "object"})
_BLOCK = frozenset(
    "address article aside blockquote body caption center dd details dialog dir div dl dt fieldset figcaption "
    "figure footer form h1 h2 h3 h4 h5 h6 header hgroup hr html legend li main menu nav ol p pre section "
    "summary table tbody td tfoot th thead tr ul".split()
)
_WS = re.compile(r"[ \t\n\r\f]+")


class _Writer:
    def __init__(self) -> None:
        self.parts: list[str] = []
        self.pos = 0
        self.pending = ""  # "", " ", "\n" or "\n\n": separator owed before the next text
        self.builder = SegmentMapBuilder(elements=True)

    def block(self) -> None:
        if self.pos:
            self.pending = "\n\n"

    def newline(self) -> None:
        if self.pos and self.pending != "\n\n":
            self.pending = "\n"

    def text(self, s: str, path: str, pre: bool) -> None:
        if not s:
            return
        if not pre:
            lead = s[0] in " \t\n\r\f"
            trail = s[-1] in " \t\n\r\f"
            s = _WS.sub(" ", s).strip(" ")
            if lead and self.pos and not self.pending:
                self.pending = " "
            if not s:
                return
        if self.pending:
            self.parts.append(self.pending)
            self.pos += len(self.pending)
        self.pending = " " if (not pre and trail) else ""
        self.builder.add(self.pos, len(s), element=path)
        self.parts.append(s)
        self.pos += len(s)


def load_html(data: str | bytes, doc_id: str) -> Document:
    """Load HTML markup (bytes, whose charset lxml detects, or str) into a :class:`Document`."""
    from quote_guard.errors import MissingDependencyError, SourceError

    try:
        import lxml.etree
        import lxml.html
    except ImportError as exc:  # pragma: no cover - depends on the environment
        raise MissingDependencyError("Reading HTML files", extra="documents", package="lxml") from exc
    if not data.strip():
        return Document(id=doc_id, text="", kind="html", uncheckable_reason="no text")
    try:
        root = lxml.html.document_fromstring(data)
    except (lxml.etree.ParserError, ValueError) as exc:
        raise SourceError(f"{doc_id!r}: cannot parse as HTML: {exc}") from exc
    w = _Writer()

    def walk(el: Any, path: str, parent_path: str, pre: bool) -> None:
        tag = el.tag if isinstance(el.tag, str) else None
        if tag is not None and tag.lower() not in _SKIP:
            t = tag.lower()
            is_block = t in _BLOCK
            in_pre = pre or t in ("pre", "textarea")
            if is_block:
                w.block()
            if t == "br":
                w.newline()
            w.text(el.text or "", path, in_pre)
            # XPath steps: tag, with [n] when the parent has several children of that tag
            same = Counter(c.tag for c in el if isinstance(c.tag, str))
            seen: Counter[str] = Counter()
            for child in el:
                if isinstance(child.tag, str):
                    seen[child.tag] += 1
                    step = f"{child.tag}[{seen[child.tag]}]" if same[child.tag] > 1 else child.tag
                    walk(child, f"{path}/{step}", path, in_pre)
                else:
                    walk(child, path, path, in_pre)
            if is_block:
                w.block()
        if el.tail:
            w.text(el.tail, parent_path, pre)

    walk(root, root.getroottree().getpath(root).lstrip("/"), "", False)
    text = "".join(w.parts)
    return Document(id=doc_id, text=text, kind="html", segments=w.builder.build(),
                    uncheckable_reason=None if text else "no text")
