"""PDF loading on pypdfium2 (PDFium, BSD-3/Apache-2.0): words with boxes, reading order,
furniture, paragraphs, and the text quotes are matched against.

The pipeline, page by page:

1. **Words.** PDFium's text page gives the characters in content-stream order; runs of
   non-space characters are words, each with the loose box of its first and last character
   (two calls per word, not one per character). PDFium marks a hyphen it judged to end a line
   as U+FFFE and glues the two halves; the word is split there again.
2. **Line pieces.** Consecutive words on the same baseline with an ordinary gap form a piece;
   a wide gap (a column gutter) or a baseline change starts a new one.
3. **Furniture** (:mod:`.furniture`): pieces in the top or bottom band that look like page
   numbers or repeat across pages are set aside in ``Document.furniture``.
4. **Reading order.** A vertical gutter crossed by few pieces splits the page into columns;
   pieces that cross it (a title across both columns) cut the page into bands. Order: band by
   band, column by column, top to bottom, left to right.
5. **Paragraphs.** Lines join with a space; a vertical gap over 1.35 line spacings, or a short
   line ending a sentence, ends a paragraph (``"\\n\\n"``). Across a column or page break the
   paragraph continues unless the last line is short and ends a sentence, so a clause broken by
   a page break is one run of text. A word hyphenated at a line end is joined (the hyphen is
   kept for real compounds: ``non-exclusive``, ``self-insured``).
"""

from __future__ import annotations

import re
import statistics
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from quote_guard.documents._types import Document, Furniture, SegmentMapBuilder
from quote_guard.documents.furniture import Candidate, find_furniture

__all__ = ["NO_TEXT_LAYER", "load_pdf"]

NO_TEXT_LAYER = "no text layer"

_SPACE = frozenset(" \t\r\n\x0b\x0c\xa0\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a\u202f\u3000\x00")
_HYPHEN_MARKS = frozenset("\ufffe\x02\xad")
_LIGATURES = {"\ufb00": "ff", "\ufb01": "fi", "\ufb02": "fl", "\ufb03": "ffi", "\ufb04": "ffl", "\ufb05": "st", "\ufb06": "st"}
_SENTENCE_END = re.compile(r"[.!?:][\"'”’)\]]*$")
# a line that starts a numbered clause: "4.", "4.2", "(a)", "iv)", "Section 5", "ARTICLE II"
_CLAUSE_START = re.compile(r"^(?:\(?(?:\d{1,3}(?:\.\d{1,3})*|[a-z]|[ivxlc]{1,5})[.)]|\d{1,3}(?:\.\d{1,3})+|section\b|article\b)",
                           re.IGNORECASE)
# prefixes whose hyphen belongs to the word even when a line break falls after it
_KEEP_PREFIXES = frozenset("non self third ex vice quasi".split())


@dataclass(slots=True)
class _Word:
    text: str
    x0: float
    y0: float
    x1: float
    y1: float
    hyphen_end: bool = False  # PDFium's "hyphen at end of line" mark, or a literal trailing "-"
    yc: float = 0.0
    h: float = 0.0

    def __post_init__(self) -> None:
        self.yc = (self.y0 + self.y1) / 2
        self.h = self.y1 - self.y0


@dataclass(slots=True)
class _Piece:
    """Words on one baseline with ordinary gaps; geometry fixed by :meth:`finish`."""

    page: int
    words: list[_Word] = field(default_factory=list)
    col: int = 0
    key: tuple[float, ...] = ()
    x0: float = 0.0
    x1: float = 0.0
    yc: float = 0.0
    h: float = 0.0

    def finish(self) -> _Piece:
        self.x0 = self.words[0].x0
        self.x1 = self.words[-1].x1
        self.yc = sum(w.yc for w in self.words) / len(self.words)
        self.h = max(w.h for w in self.words)
        return self

    @property
    def text(self) -> str:
        return " ".join(w.text for w in self.words)


@dataclass(slots=True)
class _Line:
    page: int
    col: int
    pieces: list[_Piece]
    col_x0: float = 0.0
    col_x1: float = 0.0

    @property
    def words(self) -> list[_Word]:
        return [w for p in self.pieces for w in p.words]

    @property
    def x0(self) -> float:
        return self.pieces[0].x0

    @property
    def x1(self) -> float:
        return self.pieces[-1].x1

    @property
    def yc(self) -> float:
        return self.pieces[0].yc

    @property
    def h(self) -> float:
        return max(p.h for p in self.pieces)


def _open(source: str | bytes) -> Any:
    from quote_guard.errors import MissingDependencyError, SourceError

    try:
        import pypdfium2 as pdfium
    except ImportError as exc:  # pragma: no cover - depends on the environment
        raise MissingDependencyError("Reading PDF files", extra="documents", package="pypdfium2") from exc
    try:
        return pdfium.PdfDocument(source)
    except pdfium.PdfiumError as exc:
        name = "the PDF data" if isinstance(source, bytes) else repr(source)
        raise SourceError(f"cannot read {name} as a PDF: {exc}") from exc


def _page_words(textpage: Any, raw: Any) -> list[_Word]:
    """Words of one page in content-stream order, each with its box."""
    import ctypes

    n = textpage.count_chars()
    if n <= 0:
        return []
    text = textpage.get_text_range(0, n)
    if len(text) != n:  # surrogate pairs or a PDFium quirk: read character by character
        text = "".join(chr(raw.FPDFText_GetUnicode(textpage.raw, i)) for i in range(n))
    ligatures = any(c in text for c in _LIGATURES)
    rect = raw.FS_RECTF()
    tp = textpage.raw
    get_box = raw.FPDFText_GetLooseCharBox
    ref = ctypes.byref(rect)

    def box(i: int) -> tuple[float, float, float, float]:
        get_box(tp, i, ref)
        return rect.left, rect.bottom, rect.right, rect.top

    words: list[_Word] = []
    i = 0
    while i < n:
        if text[i] in _SPACE:
            i += 1
            continue
        j = i
        while j < n and text[j] not in _SPACE:
            j += 1
        # [i, j) is a run of non-space characters: split it after each hyphen mark
        a = i
        for k in range(i, j):
            if text[k] in _HYPHEN_MARKS and k > a:
                words.extend(_make_words(text, a, k + 1, box, hyphen_end=True, ligatures=ligatures))
                a = k + 1
        if a < j:
            words.extend(_make_words(text, a, j, box, hyphen_end=False, ligatures=ligatures))
        i = j
    return words


def _make_words(text: str, a: int, b: int, box: Any, *, hyphen_end: bool, ligatures: bool) -> list[_Word]:
    """One word for ``text[a:b]`` (usually); more if its characters jump apart on the page."""
    s = text[a:b]
    if hyphen_end:
        s = s[:-1] + "-"
    if any(c in _HYPHEN_MARKS for c in s):  # a stray mark (soft hyphen) inside a word: not text
        s = "".join(c for c in s[:-1] if c not in _HYPHEN_MARKS) + (s[-1] if s[-1] not in _HYPHEN_MARKS else "")
        s = s or "-"
    if ligatures:
        s = "".join(_LIGATURES.get(c, c) for c in s)
    fx0, fy0, fx1, fy1 = box(a)
    if b - a == 1:
        return [_Word(s, fx0, fy0, fx1, fy1, hyphen_end)]
    lx0, ly0, lx1, ly1 = box(b - 1)
    h = max(fy1 - fy0, ly1 - ly0, 1.0)
    plausible = abs((fy0 + fy1) / 2 - (ly0 + ly1) / 2) < h / 2 and fx0 <= lx1 and (lx1 - fx0) < (b - a) * h * 1.5
    if plausible or (ligatures and any(c in _LIGATURES for c in text[a:b])):
        return [_Word(s, min(fx0, lx0), min(fy0, ly0), max(fx1, lx1), max(fy1, ly1), hyphen_end)]
    # the run jumps (two columns drawn on one baseline without a space): split where it does
    out: list[_Word] = []
    start = a
    px0, py0, px1, py1 = fx0, fy0, fx1, fy1
    cur = [px0, py0, px1, py1]
    for k in range(a + 1, b):
        x0, y0, x1, y1 = box(k)
        hh = max(y1 - y0, py1 - py0, 1.0)
        if abs((y0 + y1) / 2 - (py0 + py1) / 2) > hh / 2 or x0 < px0 - 1 or x0 - px1 > hh:
            out.append(_Word(text[start:k], cur[0], cur[1], cur[2], cur[3]))
            start, cur = k, [x0, y0, x1, y1]
        else:
            cur = [min(cur[0], x0), min(cur[1], y0), max(cur[2], x1), max(cur[3], y1)]
        px0, py0, px1, py1 = x0, y0, x1, y1
    last = text[start:b]
    out.append(_Word(last[:-1] + "-" if hyphen_end else last, cur[0], cur[1], cur[2], cur[3], hyphen_end))
    return out


def _pieces(page: int, words: Sequence[_Word]) -> list[_Piece]:
    out: list[_Piece] = []
    cur: _Piece | None = None
    for w in words:
        if cur is not None:
            p = cur.words[-1]
            h = max(p.h, w.h, 1.0)
            gap = w.x0 - p.x1
            if abs(p.yc - w.yc) < h * 0.4 and -h * 0.3 <= gap <= h * 1.2:
                cur.words.append(w)
                continue
        cur = _Piece(page, [w])
        out.append(cur)
    return [p.finish() for p in out]


def _gutters(pieces: Sequence[_Piece], left: float, right: float) -> list[tuple[float, float]]:
    """Vertical strips at least 6 points wide, in the middle 70% of the text's width, that at
    most a few pieces (5%, at least 1) cross: column gutter candidates."""
    width = right - left
    tol = max(1, len(pieces) // 20)
    events = sorted([(p.x0, 1) for p in pieces] + [(p.x1, -1) for p in pieces])
    out: list[tuple[float, float]] = []
    depth = 0
    open_at: float | None = None
    for x, step in events:
        before = depth
        depth += step
        if before > tol >= depth:
            open_at = x
        elif before <= tol < depth and open_at is not None:
            lo, hi = open_at, x
            open_at = None
            if hi - lo >= 6.0 and left + 0.15 * width < (lo + hi) / 2 < right - 0.15 * width:
                out.append((lo, hi))
    return out


def _is_column_gutter(pieces: Sequence[_Piece], gutter: tuple[float, float]) -> bool:
    lo, hi = gutter
    crossing = sum(1 for p in pieces if p.x0 < lo and p.x1 > hi)
    lhs = sum(1 for p in pieces if p.x1 <= lo)
    rhs = sum(1 for p in pieces if p.x0 >= hi)
    return lhs >= 3 and rhs >= 3 and crossing <= 0.25 * (lhs + rhs)


def _reading_order(pieces: list[_Piece]) -> list[_Line]:
    """Order the body pieces of one page into lines: bands, then columns, then top to bottom."""
    if not pieces:
        return []
    left = min(p.x0 for p in pieces)
    right = max(p.x1 for p in pieces)
    accepted = [g for g in _gutters(pieces, left, right) if _is_column_gutter(pieces, g)]
    # a piece that crosses a gutter well into the next column spans the columns (a title): it cuts
    # the page into bands; one that only overflows a little (a long rule of dashes) stays in its column
    spanning: list[_Piece] = []
    for p in pieces:
        for lo, hi in accepted:
            nxt = min((g[0] for g in accepted if g[0] > hi), default=right)
            if p.x0 < lo and p.x1 > hi + 0.3 * (nxt - hi):
                spanning.append(p)
                break
    spanning.sort(key=lambda p: -p.yc)
    span_ys = [p.yc for p in spanning]
    is_spanning = {id(p) for p in spanning}
    for p in pieces:
        if id(p) in is_spanning:
            band = sum(1 for y in span_ys if y > p.yc + 0.01) + 1
            p.col = -1
        else:
            band = sum(1 for y in span_ys if y > p.yc)
            p.col = sum(1 for lo, _ in accepted if p.x0 >= lo)
        p.key = (band, p.col, -round(p.yc, 1), p.x0)
    ordered = sorted(pieces, key=lambda p: p.key)
    # column extents, for the "short line" rule
    ext: dict[int, tuple[float, float]] = {}
    for p in ordered:
        a, b = ext.get(p.col, (p.x0, p.x1))
        ext[p.col] = (min(a, p.x0), max(b, p.x1))
    lines: list[_Line] = []
    for p in ordered:
        last = lines[-1] if lines else None
        if last is not None and last.col == p.col and abs(last.yc - p.yc) < 0.4 * max(p.h, 1.0) and p.x0 >= last.x1 - 1:
            last.pieces.append(p)
            continue
        x0, x1 = ext[p.col]
        lines.append(_Line(p.page, p.col, [p], x0, x1))
    return lines


@lru_cache(maxsize=1)
def _common_words() -> frozenset[str]:
    try:
        import gzip
        import json
        from importlib import resources

        data = resources.files("spellchecker").joinpath("resources", "en.json.gz").read_bytes()
        return frozenset(json.loads(gzip.decompress(data)))
    except Exception:  # pyspellchecker absent or changed: fall back to the prefix rule alone
        return frozenset()


_LETTERS = re.compile(r"[^\W\d_]+")


_WORD_FORMS = re.compile(r"[^\W\d_]+(?:-[^\W\d_]+)*")


def _word_forms(lines: Sequence[_Line]) -> Counter[str]:
    """How often each word (lower-case; inner hyphens kept) appears whole in the document:
    the evidence for undoing a line-end hyphen the way the document itself writes the word."""
    counts: Counter[str] = Counter()
    for line in lines:
        words = line.words
        for i, w in enumerate(words):
            if i == len(words) - 1 and w.text.endswith("-"):
                continue
            counts.update(f.lower() for f in _WORD_FORMS.findall(w.text))
    return counts


def _keep_hyphen(left: str, right: str, forms: Counter[str] | None = None) -> bool | None:
    """For ``left`` ending in "-" at a line end and ``right`` starting the next line: ``True``
    keep the hyphen (a compound: ``non-exclusive``), ``False`` drop it (typeset hyphenation:
    ``termi-nation``), ``None`` not a word broken at the line end (``1999-`` ``2000``).

    The document decides first: if it writes the word elsewhere with (without) the hyphen more
    often, so is it here. Then a few prefixes keep it, a name is joined, and the English word
    list (pyspellchecker's) decides: a known joined word drops it, two known halves keep it.
    """
    head = left[:-1]
    if not head or not head[-1].isalnum() or not right[:1].isalnum():
        return None
    if not (head[-1].isalpha() and right[:1].isalpha()):
        return True  # "8-" "K", "713-745-" "1898"
    m = _LETTERS.search(head[::-1])
    word_l = m.group(0)[::-1] if m else ""
    m2 = _LETTERS.match(right)
    word_r = m2.group(0) if m2 else ""
    piece_l, piece_r = word_l.lower(), word_r.lower()
    if forms:
        joined, hyphened = forms.get(piece_l + piece_r, 0), forms.get(piece_l + "-" + piece_r, 0)
        if joined != hyphened:
            return hyphened > joined
    if "-" in head or piece_l in _KEEP_PREFIXES:
        return True
    words = _common_words()
    if word_r[:1].isupper() and not word_l.isupper():
        # "Anglo-" "American" is rarer than "Muscle-" "Pharm"; but two words that make no
        # word joined are a capitalised compound: "Value-" "Added", "Third-" "Party"
        return word_l[:1].islower() or (piece_l in words and piece_r in words and piece_l + piece_r not in words)
    if word_l[:1].isupper() and not word_l.isupper():
        return False  # a capitalised name broken at the line end: "All-" "scripts"
    if (piece_l + piece_r) in words:
        return False
    return piece_l in words and piece_r in words


def _paragraph_break(a: _Line, b: _Line, leading: float) -> bool:
    """True if line ``b`` starts a new paragraph after line ``a`` (``b`` follows ``a`` in reading order)."""
    last = a.pieces[-1].words[-1]
    below = b.page == a.page and b.yc < a.yc and b.x0 < a.x1 and a.x0 < b.x1
    if below and a.yc - b.yc > 1.35 * leading:
        return True
    if last.text.endswith("-"):
        return False
    # the line was broken early: the next line's first word would have fitted after it
    first = b.pieces[0].words[0]
    room = a.col_x1 - a.x1
    if room > (first.x1 - first.x0) + 0.3 * max(last.h, 1.0) + 2.0:
        return True
    if _SENTENCE_END.search(last.text) is None:
        return False
    if _CLAUSE_START.match(first.text) and (len(b.pieces[0].words) > 1 or len(b.pieces) > 1):
        return True  # a sentence ends and a numbered clause begins
    return a.x1 < a.col_x1 - 0.3 * max(a.col_x1 - a.col_x0, 1.0)


def _leading(lines: Sequence[_Line]) -> float:
    gaps = [a.yc - b.yc for a, b in zip(lines, lines[1:]) if a.col == b.col and 0 < a.yc - b.yc < 3 * a.h]
    if gaps:
        return statistics.median(gaps)
    hs = [ln.h for ln in lines]
    return statistics.median(hs) * 1.2 if hs else 12.0


def load_pdf(source: str | bytes, doc_id: str) -> Document:
    """Load a PDF file (path) or PDF bytes into a :class:`Document` (see the module docstring)."""
    import pypdfium2.raw as raw

    pdf = _open(source)
    try:
        n_pages = len(pdf)
        all_pieces: list[_Piece] = []
        heights: dict[int, float] = {}
        empty: list[int] = []
        for index in range(n_pages):
            page = pdf[index]
            try:
                heights[index + 1] = page.get_height()
                textpage = page.get_textpage()
                try:
                    words = _page_words(textpage, raw)
                finally:
                    textpage.close()
            finally:
                page.close()
            if not words:
                empty.append(index + 1)
            all_pieces.extend(_pieces(index + 1, words))
    finally:
        pdf.close()
    if not all_pieces:
        return Document(id=doc_id, text="", kind="pdf", pages=n_pages, uncheckable_reason=NO_TEXT_LAYER,
                        pages_without_text=tuple(empty))
    cands = [Candidate(p.page, p.text, p.yc, heights[p.page]) for p in all_pieces]
    furn_idx = find_furniture(cands, n_pages)
    furniture = tuple(
        Furniture(p.page, p.text, (p.x0, min(w.y0 for w in p.words), p.x1, max(w.y1 for w in p.words)))
        for i, p in enumerate(all_pieces) if i in furn_idx
    )
    by_page: dict[int, list[_Piece]] = {}
    for i, p in enumerate(all_pieces):
        if i not in furn_idx:
            by_page.setdefault(p.page, []).append(p)
    lines: list[_Line] = []
    leadings: list[float] = []
    for pg in sorted(by_page):
        page_lines = _reading_order(by_page[pg])
        lead = _leading(page_lines)
        lines.extend(page_lines)
        leadings.extend([lead] * len(page_lines))
    text, segments = _assemble(lines, leadings)
    return Document(id=doc_id, text=text, kind="pdf", pages=n_pages, furniture=furniture,
                    pages_without_text=tuple(empty), segments=segments)


def _assemble(lines: Sequence[_Line], leadings: Sequence[float]) -> tuple[str, Any]:
    """Join lines into paragraphs; record one segment per word (two for a hyphen-split word)."""
    builder = SegmentMapBuilder(boxes=True)
    forms = _word_forms(lines)
    parts: list[str] = []
    pos = 0
    pending = ""  # separator to write before the next word
    glue_next = False  # the previous line ended in a word hyphenated across the break
    for li, line in enumerate(lines):
        if li:
            prev = lines[li - 1]
            if glue_next:
                pending = ""
            elif _paragraph_break(prev, line, leadings[li]):
                pending = "\n\n"
            else:
                pending = " "
        words = line.words
        glue_next = False
        nxt_first = lines[li + 1].words[0].text if li + 1 < len(lines) else ""
        for wi, w in enumerate(words):
            t = w.text
            if wi == len(words) - 1 and t.endswith("-") and len(t) > 1 and li + 1 < len(lines):
                nxt = lines[li + 1]
                keep = _keep_hyphen(t, nxt_first, forms)
                if keep is not None and not _paragraph_break(line, nxt, leadings[li + 1]):
                    glue_next = True
                    if keep is False:
                        t = t[:-1]
            if wi:
                pending = " "
            if pending:
                parts.append(pending)
                pos += len(pending)
                pending = ""
            builder.add(pos, len(t), page=line.page, line=li, box=(w.x0, w.y0, w.x1, w.y1))
            parts.append(t)
            pos += len(t)
    return "".join(parts), builder.build()
