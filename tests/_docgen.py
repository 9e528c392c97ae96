"""Generate PDF, DOCX and HTML files whose text and layout are known, for tests and benchmarks.

PDFs are drawn with reportlab (BSD licence; a dev/test-only dependency) line by line, so the
generator knows exactly which characters of the expected text sit on which page and column:
two columns, a running header and a "Page N of M" footer, words hyphenated at the column edge,
paragraphs that run over column and page breaks. ``expected_text`` is what a perfect loader
returns: paragraphs (each one's whitespace runs made single spaces) joined by a blank line.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

_FONT_CANDIDATES = (
    "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
    "/usr/share/fonts/dejavu/DejaVuSans.ttf",
)


def _font() -> str:
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont

    if "QGBody" not in pdfmetrics.getRegisteredFontNames():
        path = next((p for p in _FONT_CANDIDATES if os.path.exists(p)), None)
        if path is None:  # reportlab ships Bitstream Vera (Latin-1 and common punctuation)
            import reportlab

            path = os.path.join(os.path.dirname(reportlab.__file__), "fonts", "Vera.ttf")
        pdfmetrics.registerFont(TTFont("QGBody", path))
    return "QGBody"


@dataclass(frozen=True)
class PlacedLine:
    """One drawn body line: ``[start, end)`` of the expected text, on ``page`` (1-based), in ``column``."""

    page: int
    column: int
    text: str
    start: int
    end: int
    x: float
    y: float


@dataclass
class PdfTruth:
    """What was drawn: the expected text, the number of pages and every body line's place."""

    text: str
    pages: int
    lines: list[PlacedLine] = field(default_factory=list)
    furniture: list[tuple[int, str]] = field(default_factory=list)

    def page_of(self, offset: int) -> int:
        """The page that holds character ``offset`` of the expected text (the next line's if between)."""
        for line in self.lines:
            if offset < line.end:
                return line.page
        return self.lines[-1].page

    def page_breaks(self) -> list[int]:
        """Offsets of the first character of each page after the first (body text)."""
        out = []
        for a, b in zip(self.lines, self.lines[1:]):
            if b.page != a.page:
                out.append(b.start)
        return out


def expected_text(paragraphs: Sequence[str]) -> str:
    return "\n\n".join(" ".join(p.split()) for p in paragraphs if p.split())


_KEEP_HYPHEN_SPLIT = 3  # at least this many letters on each side of a generated hyphen


def make_pdf(
    paragraphs: Sequence[str],
    path: str | os.PathLike[str],
    *,
    columns: int = 2,
    page_size: tuple[float, float] = (612.0, 792.0),
    font_size: float = 10.0,
    leading: float = 12.0,
    para_gap: float = 7.0,
    header: str | None = "ACME HOLDINGS INC. — MASTER SERVICES AGREEMENT",
    footer: str | None = "Page {page} of {pages}",
    title: str | None = None,
    hyphenate: bool = True,
    reversed_stream: bool = False,
    lines_per_column: int | None = None,
    scanned: bool = False,
) -> PdfTruth:
    """Lay ``paragraphs`` out in ``columns`` and write the PDF; return what was drawn where.

    ``title`` is drawn across both columns at the top of page 1 (it is the first paragraph of
    the expected text). ``reversed_stream`` writes the right column before the left one in the
    content stream, so reading order must come from geometry. ``lines_per_column`` shortens the
    columns (more page breaks in a short text). ``scanned`` draws every line as filled boxes:
    a page with no text layer.
    """
    from reportlab.pdfbase.pdfmetrics import stringWidth
    from reportlab.pdfgen import canvas

    font = _font()

    def width(s: str) -> float:
        return float(stringWidth(s, font, font_size))

    pw, ph = page_size
    margin, gutter = 54.0, 24.0
    col_w = (pw - 2 * margin - gutter * (columns - 1)) / columns
    top = ph - 72.0
    bottom = 66.0
    if lines_per_column is not None:
        bottom = top - leading * (lines_per_column - 1) - 0.1

    paras = [" ".join(p.split()) for p in paragraphs if p.split()]
    truth_text = "\n\n".join(paras)
    placed: list[PlacedLine] = []
    page, col, y = 1, 0, top
    title_lines: list[tuple[str, int, int]] = []
    offset = 0
    if title is not None:
        title = " ".join(title.split())
        if paras[0] != title:
            raise ValueError("title must be the first paragraph")
    for pi, para in enumerate(paras):
        # break the paragraph into lines of (text drawn, start, end) relative to the paragraph
        full_width = title is not None and pi == 0
        avail = (pw - 2 * margin) if full_width else col_w
        lines: list[tuple[str, int, int]] = []
        words = para.split(" ")
        pos = 0  # offset in para of the next word
        cur: list[str] = []
        cur_start = 0
        wi = 0
        while wi < len(words):
            word = words[wi]
            trial = " ".join([*cur, word])
            if width(trial) <= avail:
                if not cur:
                    cur_start = pos
                cur.append(word)
                pos += len(word) + 1
                wi += 1
                continue
            # the word does not fit: split it if we may
            split_done = False
            if hyphenate and cur:
                room = avail - width(" ".join(cur) + " ")
                cands = []
                if "-" in word[:-1]:
                    k = word.rfind("-", 0, len(word) - 1)
                    while k > 0:
                        cands.append((k + 1, word[: k + 1], True))
                        k = word.rfind("-", 0, k)
                elif word.isalpha() and len(word) >= 2 * _KEEP_HYPHEN_SPLIT + 1:
                    for k in range(len(word) - _KEEP_HYPHEN_SPLIT, _KEEP_HYPHEN_SPLIT - 1, -1):
                        cands.append((k, word[:k] + "-", False))
                for k, drawn, real in cands:
                    if width(drawn) <= room:
                        text_line = " ".join(cur) + " " + drawn
                        end = pos + k
                        lines.append((text_line, cur_start, end))
                        words[wi] = word[k:]
                        pos = end  # the rest of the word starts here, no space
                        cur = []
                        cur_start = pos
                        split_done = True
                        del real
                        break
            if split_done:
                # continue with the word's remainder as the first word of the next line
                cur = [words[wi]]
                cur_start = pos
                pos += len(words[wi]) + 1
                wi += 1
                continue
            if not cur:  # a single word wider than the column: draw it anyway
                cur = [word]
                cur_start = pos
                pos += len(word) + 1
                wi += 1
            lines.append((" ".join(cur), cur_start, cur_start + len(" ".join(cur))))
            cur = []
        if cur:
            lines.append((" ".join(cur), cur_start, cur_start + len(" ".join(cur))))
        if full_width:
            title_lines = [(t, offset + a, offset + b) for t, a, b in lines]
            y = top - leading * len(lines) - para_gap
            offset += len(para) + 2
            continue
        for text_line, a, b in lines:
            if y < bottom:
                col += 1
                y = top if not (page == 1 and title_lines) else top - leading * len(title_lines) - para_gap
                if col >= columns:
                    col = 0
                    page += 1
                    y = top
            x = margin + col * (col_w + gutter)
            placed.append(PlacedLine(page, col, text_line, offset + a, offset + b, x, y))
            y -= leading
        y -= para_gap
        offset += len(para) + 2
    pages = page
    c = canvas.Canvas(str(path), pagesize=page_size, invariant=1)
    c.setTitle("generated test document")
    furniture: list[tuple[int, str]] = []
    by_page: dict[int, list[PlacedLine]] = {}
    for line in placed:
        by_page.setdefault(line.page, []).append(line)
    all_lines: list[PlacedLine] = []
    for p in range(1, pages + 1):
        body = by_page.get(p, [])
        if reversed_stream:
            body = sorted(body, key=lambda ln: (-ln.column, -ln.y))
        if p == 1 and title_lines:
            body = [PlacedLine(1, -1, t, a, b, margin, top - i * leading) for i, (t, a, b) in enumerate(title_lines)] + body
        c.setFont(font, font_size)
        for line in body:
            if scanned:
                c.setFillGray(0.2)
                c.rect(line.x, line.y - 2, width(line.text), font_size * 0.8, stroke=0, fill=1)
            else:
                c.drawString(line.x, line.y, line.text)
        c.setFillGray(0)
        c.setFont(font, 8)
        if header and not scanned:
            c.drawString(margin, ph - 40, header)
            furniture.append((p, header))
        if footer and not scanned:
            f = footer.format(page=p, pages=pages)
            c.drawCentredString(pw / 2, 36, f)
            furniture.append((p, f))
        all_lines.extend(sorted(body, key=lambda ln: ln.start))
        c.showPage()
    c.save()
    return PdfTruth(truth_text if not scanned else "", pages, all_lines, furniture)


def make_docx(paragraphs: Sequence[str], path: str | os.PathLike[str], *, header: str | None = None,
              footer: str | None = None, table: Sequence[Sequence[str]] | None = None,
              page_break_before: Sequence[int] = ()) -> None:
    """Write a DOCX: one Word paragraph per item (bold on the first word, to split runs), an
    optional table after the paragraphs, an optional section header/footer, and explicit page
    breaks before the paragraphs whose indexes are in ``page_break_before``."""
    import docx
    from docx.enum.text import WD_BREAK

    d = docx.Document()
    sec = d.sections[0]
    if header:
        sec.header.paragraphs[0].text = header
    if footer:
        sec.footer.paragraphs[0].text = footer
    for i, text in enumerate(paragraphs):
        p = d.add_paragraph()
        if i in page_break_before:
            p.add_run().add_break(WD_BREAK.PAGE)
        first, _, rest = text.partition(" ")
        p.add_run(first).bold = True
        if rest:
            p.add_run(" " + rest)
    if table:
        t = d.add_table(rows=len(table), cols=len(table[0]))
        for r, row in enumerate(table):
            for k, cell in enumerate(row):
                t.cell(r, k).text = cell
    d.save(str(path))


def make_html(path: str | os.PathLike[str], body: str, *, title: str = "Test page") -> None:
    Path(path).write_text(
        f"<!DOCTYPE html><html><head><title>{title}</title><style>p {{ color: #222 }}</style>"
        f"<script>var x = '<p>not text</p>';</script></head><body>{body}</body></html>",
        encoding="utf-8",
    )
