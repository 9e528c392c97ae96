"""DOCX loading on python-docx (MIT): paragraphs in document order, tables included.

Text: each non-empty paragraph (body paragraphs and table-cell paragraphs, in document order)
becomes one paragraph of ``Document.text``, separated by a blank line; tabs stay ``"\\t"``, a
manual line break is ``"\\n"``, a non-breaking hyphen is ``"-"``, soft hyphens and deleted
(tracked) text are left out, inserted text is kept. Section headers and footers go to
``Document.furniture``.

Pages: a DOCX has no fixed pages. When Word saved its pagination (``w:lastRenderedPageBreak``
marks) those marks give the page; otherwise explicit page breaks (``w:br w:type="page"``,
"page break before") do; with neither, ``pages`` is 0 and locations carry no page.
"""

from __future__ import annotations

import io
from typing import Any

from quote_guard.documents._types import Document, Furniture, SegmentMapBuilder

__all__ = ["load_docx"]

_W = "{http://schemas.openxmlformats.org/wordprocessingml/2006/main}"


def _open(source: str | bytes) -> Any:
    from quote_guard.errors import MissingDependencyError, SourceError

    try:
        import docx
    except ImportError as exc:  # pragma: no cover - depends on the environment
        raise MissingDependencyError("Reading DOCX files", extra="documents", package="python-docx") from exc
    try:
        return docx.Document(io.BytesIO(source) if isinstance(source, bytes) else source)
    except Exception as exc:  # python-docx raises PackageNotFoundError, KeyError, zipfile/lxml errors
        name = "the DOCX data" if isinstance(source, bytes) else repr(source)
        raise SourceError(f"cannot read {name} as a DOCX file: {type(exc).__name__}: {exc}") from exc


def _paragraph_elements(body: Any) -> list[Any]:
    """Every ``w:p`` in document order, table cells included (a merged cell counted once)."""
    out: list[Any] = []
    for child in body.iterchildren():
        if child.tag == _W + "p":
            out.append(child)
        elif child.tag == _W + "tbl":
            for tc in child.iter(_W + "tc"):
                out.extend(p for p in tc.iterchildren(_W + "p"))
        elif child.tag == _W + "sdt":  # content controls wrap paragraphs and tables
            content = child.find(_W + "sdtContent")
            if content is not None:
                out.extend(_paragraph_elements(content))
    return out


def load_docx(source: str | bytes, doc_id: str) -> Document:
    """Load a DOCX file (path) or DOCX bytes into a :class:`Document` (see the module docstring)."""
    d = _open(source)
    body = d.element.body
    paragraphs = _paragraph_elements(body)
    rendered = any(True for _ in body.iter(_W + "lastRenderedPageBreak"))
    explicit = not rendered and any(
        el.get(_W + "type") == "page" for el in body.iter(_W + "br")
    ) or (not rendered and any(True for _ in body.iter(_W + "pageBreakBefore")))
    paged = rendered or explicit
    page = 1
    builder = SegmentMapBuilder(paragraphs=True)
    parts: list[str] = []
    pos = 0
    for index, p in enumerate(paragraphs):
        if explicit:
            ppr = p.find(_W + "pPr")
            if ppr is not None and ppr.find(_W + "pageBreakBefore") is not None and index:
                page += 1
        chunks: list[tuple[str, int]] = []
        for el in p.iter():
            tag = el.tag
            if tag == _W + "t":
                if el.text:
                    chunks.append((el.text, page))
            elif tag == _W + "tab":
                chunks.append(("\t", page))
            elif tag in (_W + "br", _W + "cr"):
                if el.get(_W + "type") == "page":
                    if explicit:
                        page += 1
                elif el.get(_W + "type") != "column":
                    chunks.append(("\n", page))
            elif tag == _W + "noBreakHyphen":
                chunks.append(("-", page))
            elif tag == _W + "lastRenderedPageBreak" and rendered and (chunks or index):
                page += 1
        if not "".join(c for c, _ in chunks).strip():
            continue
        if parts:
            parts.append("\n\n")
            pos += 2
        for text, pg in chunks:
            builder.add(pos, len(text), page=pg if paged else 0, paragraph=index)
            parts.append(text)
            pos += len(text)
    furniture: list[Furniture] = []
    seen: set[str] = set()
    for section in d.sections:
        for part in (section.header, section.footer):
            if part.is_linked_to_previous:
                continue
            for para in part.paragraphs:
                t = para.text.strip()
                if t and t not in seen:
                    seen.add(t)
                    furniture.append(Furniture(None, t, None))
    return Document(id=doc_id, text="".join(parts), kind="docx", pages=page if paged else 0,
                    furniture=tuple(furniture), segments=builder.build(),
                    uncheckable_reason=None if parts else "no text")
