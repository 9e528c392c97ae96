"""Real documents as sources: PDF, DOCX and HTML files, with page locations.

Needs the ``documents`` extra (``pip install 'quote_guard[documents]'``): pypdfium2 for PDF,
python-docx for DOCX, lxml for HTML. Nothing heavy is imported until a file is loaded.

>>> from quote_guard import Verifier
>>> from quote_guard.documents import load_bytes, locate_result
>>> doc = load_bytes(b"<h1>Lease</h1><p>The Tenant shall not sublet.</p>", kind="html", id="lease.html")
>>> [r] = Verifier().verify(["The Tenant shall not sublet"], [doc.to_source()])
>>> r.verdict.value, locate_result(r, [doc])[0].element
('verbatim', 'html/body/p')

OCR is out of scope: a scanned PDF (no text layer) loads with empty ``text`` and
``uncheckable_reason == "no text layer"``, and every quote checked against it is ``uncheckable``.
"""

from __future__ import annotations

import dataclasses
import os
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from quote_guard.documents._types import Box, Document, Furniture, Location

if TYPE_CHECKING:
    from quote_guard.documents.highlight import Highlight, highlight_pdf, render_page_png
    from quote_guard.models import QuoteResult

__all__ = [
    "DOCUMENT_SUFFIXES",
    "attach_locations",
    "Box",
    "Document",
    "Furniture",
    "Highlight",
    "Location",
    "highlight_pdf",
    "load",
    "load_bytes",
    "locate_result",
    "render_page_png",
    "with_document_reasons",
]

DOCUMENT_SUFFIXES = {".pdf": "pdf", ".docx": "docx", ".html": "html", ".htm": "html", ".xhtml": "html",
                     ".txt": "text", ".md": "text"}
"""File suffix (lower-case) -> kind, for :func:`load`."""

_LAZY = {"Highlight", "highlight_pdf", "render_page_png"}


def __getattr__(name: str) -> object:
    if name not in _LAZY:
        raise AttributeError(f"module 'quote_guard.documents' has no attribute {name!r}")
    from quote_guard.documents import highlight

    value = getattr(highlight, name)
    globals()[name] = value
    return value


def load(path: str | os.PathLike[str], *, id: str | None = None) -> Document:
    """Load one file by its suffix: ``.pdf``, ``.docx``, ``.html``/``.htm``, or ``.txt``/``.md``
    (plain UTF-8 text, no location map). ``id`` defaults to the path as given.

    Raises :class:`quote_guard.errors.SourceError` for an unknown suffix, a missing file or a file
    that cannot be read as its kind; :class:`~quote_guard.errors.MissingDependencyError` when the
    ``documents`` extra is not installed.

    >>> import tempfile, pathlib
    >>> p = pathlib.Path(tempfile.mkdtemp()) / "note.txt"; _ = p.write_text("Rent is due monthly.")
    >>> load(p).text
    'Rent is due monthly.'
    """
    from quote_guard.errors import SourceError

    p = Path(path)
    kind = DOCUMENT_SUFFIXES.get(p.suffix.lower())
    if kind is None:
        known = ", ".join(sorted(DOCUMENT_SUFFIXES))
        raise SourceError(f"{str(path)!r}: unknown document type {p.suffix or '(no suffix)'!r}; known: {known}")
    doc_id = id if id is not None else str(path)
    try:
        if kind == "pdf":
            from quote_guard.documents.pdf import load_pdf

            if not p.is_file():
                raise FileNotFoundError(str(path))
            return load_pdf(str(p), doc_id)
        data = p.read_bytes()
    except OSError as exc:
        raise SourceError(f"cannot read {str(path)!r}: {exc.strerror or exc}") from exc
    return load_bytes(data, kind=kind, id=doc_id)


def load_bytes(data: bytes, *, kind: str, id: str) -> Document:
    """Load a document held in memory. ``kind`` is ``pdf``, ``docx``, ``html`` or ``text``
    (a suffix such as ``".pdf"`` is accepted too).

    >>> load_bytes("<p>Fees: &euro;10</p>".encode(), kind="html", id="fees").text
    'Fees: €10'
    """
    from quote_guard.errors import SourceError

    if not isinstance(data, (bytes, bytearray, memoryview)):
        raise TypeError(f"load_bytes needs bytes, got {type(data).__name__}")
    k = DOCUMENT_SUFFIXES.get(kind.lower() if kind.startswith(".") else "." + kind.lower(), kind.lower())
    raw = bytes(data)
    if k == "pdf":
        from quote_guard.documents.pdf import load_pdf

        return load_pdf(raw, id)
    if k == "docx":
        from quote_guard.documents.docx import load_docx

        return load_docx(raw, id)
    if k == "html":
        from quote_guard.documents.html import load_html

        return load_html(raw, id)
    if k == "text":
        try:
            text = raw.decode("utf-8-sig")
        except UnicodeDecodeError as exc:
            raise SourceError(f"{id!r}: not UTF-8 text (byte {exc.start}); convert it to UTF-8") from exc
        return Document(id=id, text=text, kind="text", uncheckable_reason=None if text.strip() else "no text")
    raise SourceError(f"{id!r}: unknown document kind {kind!r}; use pdf, docx, html or text")


def locate_result(result: QuoteResult, documents: Iterable[Document] | Mapping[str, Document]) -> tuple[Location, ...]:
    """One :class:`Location` per span of ``result`` (in span order); a span whose document is
    not among ``documents`` (a plain-text source) gets an empty ``Location()``.

    >>> from quote_guard import QuoteResult, Span, Verdict
    >>> doc = load_bytes(b"<p>A</p><p>Rent is due.</p>", kind="html", id="d")
    >>> locate_result(QuoteResult("Rent", Verdict.VERBATIM, (Span("d", 3, 7),)), [doc])[0].element
    'html/body/p[2]'
    """
    docs = documents if isinstance(documents, Mapping) else {d.id: d for d in documents}
    out = []
    for span in result.spans:
        doc = docs.get(span.source_id)
        out.append(doc.locate(span.start, span.end) if doc is not None and span.end <= len(doc.text) else Location())
    return tuple(out)


def with_document_reasons(results: Sequence[QuoteResult], documents: Iterable[Document] | Mapping[str, Document]) -> list[QuoteResult]:
    """``results`` with the reason of each ``uncheckable`` verdict naming the documents that had
    no text and why (``"scan.pdf: no text layer (scanned PDF; OCR is not supported)"``).
    Other results are returned as they are; nothing is mutated.

    >>> from quote_guard import QuoteResult, Verdict
    >>> doc = Document(id="scan.pdf", text="", kind="pdf", pages=2, uncheckable_reason="no text layer")
    >>> with_document_reasons([QuoteResult("x", Verdict.UNCHECKABLE)], [doc])[0].reason
    'scan.pdf: no text layer (scanned PDF; OCR is not supported)'
    """
    docs = list(documents.values()) if isinstance(documents, Mapping) else list(documents)
    notes = []
    for d in docs:
        if d.uncheckable_reason:
            extra = " (scanned PDF; OCR is not supported)" if d.uncheckable_reason == "no text layer" else ""
            notes.append(f"{d.id}: {d.uncheckable_reason}{extra}")
    if not notes:
        return list(results)
    reason = "; ".join(notes)
    return [dataclasses.replace(r, reason=reason) if r.verdict.value == "uncheckable" else r for r in results]


def attach_locations(results: Sequence[QuoteResult], documents: Iterable[Document] | Mapping[str, Document]) -> list[QuoteResult]:
    """``results`` with ``page_start``, ``page_end`` and ``boxes`` filled in from the documents
    their spans point into (new objects; results without a located span are returned as they are).

    Needs ``QuoteResult`` to have those three fields (``int | None``, ``int | None``,
    ``tuple[Box, ...]``); raises ``TypeError`` saying so otherwise.
    """
    from quote_guard.models import QuoteResult as _QR

    missing = {"page_start", "page_end", "boxes"} - {f.name for f in dataclasses.fields(_QR)}
    if missing:
        raise TypeError(f"QuoteResult has no {', '.join(sorted(missing))} field(s); add them to quote_guard.models")
    docs = documents if isinstance(documents, Mapping) else {d.id: d for d in documents}
    out = []
    for r in results:
        locs = [loc for loc in locate_result(r, docs) if loc.page_start is not None and loc.page_end is not None]
        if not locs:
            out.append(r)
            continue
        changes: dict[str, Any] = {
            "page_start": min(loc.page_start for loc in locs if loc.page_start is not None),
            "page_end": max(loc.page_end for loc in locs if loc.page_end is not None),
            "boxes": tuple(b for loc in locs for b in loc.boxes),
        }
        out.append(dataclasses.replace(r, **changes))
    return out
