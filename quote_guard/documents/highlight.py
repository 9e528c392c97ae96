"""Highlighted PDF copies and page images for reports, on pypdfium2.

:func:`highlight_pdf` writes a copy of a PDF with one highlight annotation per checked quote on
each page its span touches (one quad per line piece), coloured by verdict, with the verdict and
the reason as the annotation's text. :func:`render_page_png` renders one page as PNG bytes with
the highlights painted on, for the HTML report.
"""

from __future__ import annotations

import ctypes
import os
import struct
import zlib
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from quote_guard.documents._types import Document

if TYPE_CHECKING:
    from quote_guard.models import QuoteResult

__all__ = ["VERDICT_COLOURS", "Highlight", "highlight_pdf", "highlights_for", "render_page_png"]

VERDICT_COLOURS: dict[str, tuple[int, int, int]] = {
    "verbatim": (67, 160, 71),
    "near_verbatim": (156, 204, 101),
    "paraphrase": (255, 202, 40),
    "altered": (229, 57, 53),
    "unsupported": (158, 158, 158),
    "uncheckable": (144, 164, 174),
}
"""RGB colour of each verdict's highlight (the report's palette, saturated to show on paper)."""


@dataclass(frozen=True, slots=True)
class Highlight:
    """One quote's highlight on one page: ``boxes`` are ``(x0, y0, x1, y1)`` in PDF points
    (origin bottom-left); ``note`` is the annotation text ("verdict: reason")."""

    page: int
    boxes: tuple[tuple[float, float, float, float], ...]
    verdict: str
    quote: str
    note: str


def highlights_for(results: Iterable[QuoteResult], document: Document, *, source_id: str | None = None) -> list[Highlight]:
    """The highlights of ``results`` on ``document``: one per (quote, page), for every span
    whose ``source_id`` is the document's id (or ``source_id``). Quotes with no span here
    (unsupported, or found in another document) get none."""
    want = source_id if source_id is not None else document.id
    out: list[Highlight] = []
    for r in results:
        verdict = getattr(r.verdict, "value", str(r.verdict))
        note = f"{verdict}: {r.reason}" if r.reason else verdict
        per_page: dict[int, list[tuple[float, float, float, float]]] = {}
        for span in r.spans:
            if span.source_id != want or span.end > len(document.text):
                continue
            for page, x0, y0, x1, y1 in document.locate(span.start, span.end).boxes:
                per_page.setdefault(page, []).append((x0, y0, x1, y1))
        for page in sorted(per_page):
            out.append(Highlight(page, tuple(per_page[page]), verdict, r.quote, note))
    return out


def _wide(text: str) -> Any:
    buf = ctypes.create_string_buffer((text + "\0").encode("utf-16-le"))
    return buf


def highlight_pdf(pdf_path: str | os.PathLike[str], results: Sequence[QuoteResult], out_path: str | os.PathLike[str],
                  *, document: Document | None = None, source_id: str | None = None) -> list[Highlight]:
    """Write a copy of ``pdf_path`` to ``out_path`` with the quotes of ``results`` highlighted.

    ``document`` is the loaded PDF the results were verified against (loaded again from
    ``pdf_path`` if omitted, with the path as its id); spans are matched by ``source_id``
    (default: the document's id). Returns the highlights written. The original file is never
    modified; ``out_path`` may not be ``pdf_path``.

    >>> import tempfile, pathlib, sys; sys.path.insert(0, "tests")
    >>> from _docgen import make_pdf
    >>> from quote_guard import Verifier
    >>> from quote_guard.documents import load
    >>> d = pathlib.Path(tempfile.mkdtemp()); _ = make_pdf(["The Tenant shall pay rent."], d / "a.pdf")
    >>> doc = load(d / "a.pdf")
    >>> res = Verifier().verify(["The Tenant shall pay rent"], [doc.to_source()])
    >>> [h.page for h in highlight_pdf(d / "a.pdf", res, d / "a.hl.pdf", document=doc)]
    [1]
    """
    from quote_guard.documents import load
    from quote_guard.documents.pdf import _open
    from quote_guard.errors import SourceError

    if os.path.abspath(pdf_path) == os.path.abspath(out_path):
        raise SourceError(f"{str(out_path)!r}: the highlighted copy must not overwrite the original PDF")
    doc = document if document is not None else load(pdf_path)
    highlights = highlights_for(results, doc, source_id=source_id)
    import pypdfium2.raw as raw

    pdf = _open(str(pdf_path))
    try:
        for h in highlights:
            if not 1 <= h.page <= len(pdf):
                continue
            page = pdf[h.page - 1]
            try:
                annot = raw.FPDFPage_CreateAnnot(page.raw, raw.FPDF_ANNOT_HIGHLIGHT)
                if not annot:
                    raise SourceError(f"{str(pdf_path)!r}: PDFium could not add an annotation on page {h.page}")
                try:
                    r, g, b = VERDICT_COLOURS.get(h.verdict, (255, 235, 59))
                    raw.FPDFAnnot_SetColor(annot, raw.FPDFANNOT_COLORTYPE_Color, r, g, b, 128)
                    raw.FPDFAnnot_SetFlags(annot, raw.FPDF_ANNOT_FLAG_PRINT)
                    for x0, y0, x1, y1 in h.boxes:
                        quad = raw.FS_QUADPOINTSF(x0, y1, x1, y1, x0, y0, x1, y0)
                        raw.FPDFAnnot_AppendAttachmentPoints(annot, ctypes.byref(quad))
                    left = min(b[0] for b in h.boxes)
                    bottom = min(b[1] for b in h.boxes)
                    right = max(b[2] for b in h.boxes)
                    top = max(b[3] for b in h.boxes)
                    rect = raw.FS_RECTF(left, top, right, bottom)
                    raw.FPDFAnnot_SetRect(annot, ctypes.byref(rect))
                    for key, value in ((b"Contents", h.note), (b"T", "quote_guard"), (b"Subj", h.verdict)):
                        buf = _wide(value)
                        raw.FPDFAnnot_SetStringValue(annot, key, ctypes.cast(buf, raw.FPDF_WIDESTRING))
                finally:
                    raw.FPDFPage_CloseAnnot(annot)
            finally:
                page.close()
        pdf.save(str(out_path))
    finally:
        pdf.close()
    return highlights


def _png(rgb: Any) -> bytes:
    """Encode an ``(h, w, 3)`` uint8 array as PNG bytes (no Pillow needed)."""
    import numpy as np

    h, w, _ = rgb.shape
    rows = np.concatenate([np.zeros((h, 1), dtype=np.uint8), rgb.reshape(h, w * 3)], axis=1)

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    header = struct.pack(">IIBBBBB", w, h, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(rows.tobytes(), 6)) + chunk(b"IEND", b"")


def render_page_png(pdf_path: str | os.PathLike[str], page: int, highlights: Iterable[Highlight] = (),
                    *, scale: float = 1.5) -> bytes:
    """Render 1-based ``page`` of the PDF as PNG bytes at ``scale`` (1.0 = 72 dpi), with the
    ``highlights`` of that page painted on (translucent fill and a frame in the verdict's colour).
    Annotations already in the file (a :func:`highlight_pdf` copy) are drawn too.

    >>> import tempfile, pathlib, sys; sys.path.insert(0, "tests")
    >>> from _docgen import make_pdf
    >>> d = pathlib.Path(tempfile.mkdtemp()); _ = make_pdf(["Rent is due."], d / "a.pdf")
    >>> render_page_png(d / "a.pdf", 1)[:8] == b"\\x89PNG\\r\\n\\x1a\\n"
    True
    """
    import numpy as np

    from quote_guard.documents.pdf import _open
    from quote_guard.errors import SourceError

    pdf = _open(str(pdf_path))
    try:
        if not 1 <= page <= len(pdf):
            raise SourceError(f"{str(pdf_path)!r} has {len(pdf)} page(s); there is no page {page}")
        p = pdf[page - 1]
        try:
            height = p.get_height()
            bitmap = p.render(scale=scale, draw_annots=True, rev_byteorder=True)
            img = np.array(bitmap.to_numpy()[:, :, :3], dtype=np.float32)
            bitmap.close()
        finally:
            p.close()
    finally:
        pdf.close()
    H, W, _ = img.shape
    for hl in highlights:
        if hl.page != page:
            continue
        colour = np.array(VERDICT_COLOURS.get(hl.verdict, (255, 235, 59)), dtype=np.float32)
        for x0, y0, x1, y1 in hl.boxes:
            c0, c1 = max(0, int(x0 * scale) - 1), min(W, int(x1 * scale) + 2)
            r0, r1 = max(0, int((height - y1) * scale) - 1), min(H, int((height - y0) * scale) + 2)
            if c0 >= c1 or r0 >= r1:
                continue
            region = img[r0:r1, c0:c1]
            region[:] = region * (0.45 + 0.55 * colour / 255.0)  # multiply blend: text stays legible
            img[r0, c0:c1] = colour
            img[r1 - 1, c0:c1] = colour
    return _png(np.clip(img, 0, 255).astype(np.uint8))
