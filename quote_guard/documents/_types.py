"""The loaded-document types: :class:`Document`, :class:`Location`, :class:`Furniture`.

A document's location map is a handful of parallel arrays, one entry per *segment* (a word of a
PDF, a run of a DOCX paragraph, a text node of an HTML element), sorted by start offset, so
:meth:`Document.locate` is a binary search, not a lookup table with one entry per character.
"""

from __future__ import annotations

from array import array
from bisect import bisect_left, bisect_right
from collections.abc import Sequence
from dataclasses import dataclass, field

from quote_guard.models import Source

__all__ = ["Box", "Document", "Furniture", "Location", "SegmentMap", "SegmentMapBuilder"]

Box = tuple[int, float, float, float, float]
"""``(page, x0, y0, x1, y1)``: a rectangle on a 1-based page, in PDF points, PDF user space
(origin at the bottom-left corner of the page's media box, y grows upwards)."""


@dataclass(frozen=True, slots=True)
class Location:
    """Where a character range of :attr:`Document.text` sits in the original file.

    - ``page_start``, ``page_end``: 1-based pages of the first and last character (``None``
      when the format has no pages: HTML, plain text, a DOCX without page-break marks).
    - ``boxes``: PDF only; one :data:`Box` per line piece the range covers, in reading order.
    - ``paragraph``, ``paragraph_end``: DOCX only; 0-based indexes of the first and last
      paragraph, counted in document order (body paragraphs and table-cell paragraphs).
    - ``element``: HTML only; the XPath-like path of the innermost element holding the whole
      range, e.g. ``html/body/div[2]/p[3]``.
    """

    page_start: int | None = None
    page_end: int | None = None
    boxes: tuple[Box, ...] = ()
    paragraph: int | None = None
    paragraph_end: int | None = None
    element: str | None = None

    def describe(self) -> str:
        """A short human label for reports and re-ask feedback: ``"p. 3"``, ``"pp. 3–4"``,
        ``"¶ 5"`` (DOCX, 1-based), the HTML element path, or ``""`` when nothing is known.

        >>> Location(page_start=3, page_end=4).describe(), Location(paragraph=4).describe()
        ('pp. 3–4', '¶ 5')
        """
        if self.page_start is not None and self.page_end is not None:
            pages = f"p. {self.page_start}" if self.page_start == self.page_end else f"pp. {self.page_start}–{self.page_end}"
            return pages if self.paragraph is None else f"{pages}, ¶ {self.paragraph + 1}"
        if self.paragraph is not None:
            return f"¶ {self.paragraph + 1}"
        return self.element or ""

    @property
    def pages(self) -> tuple[int, ...]:
        """Every page the range touches, in order (empty when the format has no pages)."""
        if self.page_start is None or self.page_end is None:
            return ()
        return tuple(range(self.page_start, self.page_end + 1))


@dataclass(frozen=True, slots=True)
class Furniture:
    """A running header, footer or page number: kept out of the text, kept here.

    ``bbox`` is ``(x0, y0, x1, y1)`` in PDF points (``None`` for DOCX section headers).
    """

    page: int | None
    text: str
    bbox: tuple[float, float, float, float] | None = None


class SegmentMap:
    """Parallel arrays over the segments of a text; built once by :class:`SegmentMapBuilder`."""

    __slots__ = ("_box", "_elem", "_len", "_line", "_page", "_para", "_paths", "_start")

    def __init__(self, start: array[int], length: array[int], page: array[int], line: array[int],
                 box: array[float] | None, para: array[int] | None, elem: array[int] | None,
                 paths: tuple[str, ...]) -> None:
        self._start, self._len, self._page, self._line = start, length, page, line
        self._box, self._para, self._elem, self._paths = box, para, elem, paths

    def __len__(self) -> int:
        return len(self._start)

    def covering(self, start: int, end: int) -> range:
        """Indexes of the segments that share at least one character with ``[start, end)``
        (segments never overlap); for an empty range, or one that holds only separators, the
        segment at or just before ``start``."""
        n = len(self._start)
        if n == 0:
            return range(0)
        lo = max(0, bisect_right(self._start, start) - 1)
        first = lo + 1 if self._start[lo] + self._len[lo] <= start else lo
        last = bisect_left(self._start, end) - 1
        if end <= start or first > last:
            return range(lo, lo + 1)
        return range(first, last + 1)

    def locate(self, start: int, end: int) -> Location:
        segs = self.covering(start, end)
        if not segs:
            return Location()
        pages = [self._page[i] for i in segs if self._page[i] > 0]
        boxes: list[Box] = []
        if self._box is not None:
            cur_line = -1
            for i in segs:
                b = self._box
                x0, y0, x1, y1 = b[4 * i], b[4 * i + 1], b[4 * i + 2], b[4 * i + 3]
                if self._line[i] == cur_line and boxes:
                    p, a0, b0, a1, b1 = boxes[-1]
                    boxes[-1] = (p, min(a0, x0), min(b0, y0), max(a1, x1), max(b1, y1))
                else:
                    boxes.append((self._page[i], x0, y0, x1, y1))
                    cur_line = self._line[i]
        para = para_end = None
        if self._para is not None:
            ps = [self._para[i] for i in segs if self._para[i] >= 0]
            if ps:
                para, para_end = min(ps), max(ps)
        element = None
        if self._elem is not None:
            paths = [self._paths[self._elem[i]] for i in segs if self._elem[i] >= 0]
            if paths:
                element = _common_path(paths)
        return Location(
            page_start=min(pages) if pages else None,
            page_end=max(pages) if pages else None,
            boxes=tuple(boxes),
            paragraph=para,
            paragraph_end=para_end,
            element=element,
        )


def _common_path(paths: Sequence[str]) -> str:
    parts = [p.split("/") for p in set(paths)]
    common: list[str] = []
    for comps in zip(*parts):
        if all(c == comps[0] for c in comps):
            common.append(comps[0])
        else:
            break
    return "/".join(common)


class SegmentMapBuilder:
    """Collects segments in text order; ``build()`` freezes them into a :class:`SegmentMap`."""

    def __init__(self, *, boxes: bool = False, paragraphs: bool = False, elements: bool = False) -> None:
        self.start: array[int] = array("q")
        self.length: array[int] = array("q")
        self.page: array[int] = array("l")
        self.line: array[int] = array("q")
        self.box: array[float] | None = array("d") if boxes else None
        self.para: array[int] | None = array("l") if paragraphs else None
        self.elem: array[int] | None = array("l") if elements else None
        self._paths: dict[str, int] = {}

    def add(self, start: int, length: int, *, page: int = 0, line: int = 0,
            box: tuple[float, float, float, float] | None = None, paragraph: int = -1,
            element: str | None = None) -> None:
        if self.start and start < self.start[-1]:
            raise ValueError("segments must be added in text order")
        self.start.append(start)
        self.length.append(length)
        self.page.append(page)
        self.line.append(line)
        if self.box is not None:
            self.box.extend(box if box is not None else (0.0, 0.0, 0.0, 0.0))
        if self.para is not None:
            self.para.append(paragraph)
        if self.elem is not None:
            self.elem.append(self._paths.setdefault(element, len(self._paths)) if element is not None else -1)

    def build(self) -> SegmentMap:
        paths = tuple(sorted(self._paths, key=self._paths.__getitem__))
        return SegmentMap(self.start, self.length, self.page, self.line, self.box, self.para, self.elem, paths)


_EMPTY_MAP = SegmentMapBuilder().build()


@dataclass(frozen=True, slots=True)
class Document:
    """A loaded source file: the text quotes are matched against, and where each part came from.

    - ``id``: the source id to verify against (by default the file name).
    - ``text``: the reading text: PDF lines joined into paragraphs in reading order, words
      hyphenated at line ends joined, running headers, footers and page numbers removed,
      paragraphs separated by a blank line (``"\\n\\n"``).
    - ``kind``: ``pdf``, ``docx``, ``html`` or ``text``.
    - ``pages``: page count (PDF; DOCX when it carries page-break marks; else 0).
    - ``furniture``: the running headers, footers and page numbers kept out of ``text``.
    - ``uncheckable_reason``: why the text is empty (``"no text layer"`` for a scanned PDF);
      ``None`` when the document has text.
    - ``pages_without_text``: PDF pages that had no text layer (scanned pages in a PDF that
      otherwise has text); quotes from those pages cannot be found.

    >>> from quote_guard.documents import load_bytes
    >>> doc = load_bytes(b"<p>The Tenant shall pay.</p>", kind="html", id="lease.html")
    >>> doc.text, doc.locate(4, 10).element
    ('The Tenant shall pay.', 'html/body/p')
    """

    id: str
    text: str
    kind: str
    pages: int = 0
    furniture: tuple[Furniture, ...] = ()
    uncheckable_reason: str | None = None
    pages_without_text: tuple[int, ...] = ()
    segments: SegmentMap = field(default=_EMPTY_MAP, repr=False, compare=False)

    def locate(self, start: int, end: int) -> Location:
        """Where ``text[start:end]`` comes from (half-open, Python ``str`` offsets of ``text``).

        Raises ``ValueError`` if the range is not inside the text.
        """
        if not (isinstance(start, int) and isinstance(end, int)) or not 0 <= start <= end <= len(self.text):
            raise ValueError(f"{self.id!r}: range [{start}, {end}) is not inside the text (length {len(self.text)})")
        return self.segments.locate(start, end)

    def to_source(self) -> Source:
        """This document as a :class:`quote_guard.Source` (``id`` and ``text``)."""
        return Source(id=self.id, text=self.text)

