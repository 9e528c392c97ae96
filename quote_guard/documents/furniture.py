"""Running headers, footers and page numbers: found on the page, kept out of the reading text.

A line is *furniture* when it sits in the top or bottom band of the page (``ZONE`` of the page
height) and either looks like a page number ("7", "- 7 -", "Page 7 of 12", "vii") or, digits
aside, repeats in the same band on at least ``REPEAT_SHARE`` of the pages (and on two or more).
Deeper in the margin (up to ``WIDE_ZONE``) only a line repeated word for word, digits included,
counts (a header set 1 inch from the edge). The rule is deliberately narrow: a body line is
never dropped for being near the edge alone, and "ARTICLE 5" / "ARTICLE 6" at the top of two
pages are not a running header.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

__all__ = ["REPEAT_SHARE", "WIDE_ZONE", "ZONE", "Candidate", "find_furniture", "is_page_number"]

ZONE = 0.075
WIDE_ZONE = 0.15
REPEAT_SHARE = 0.4

_PAGE_NUMBER = re.compile(
    r"^(?:page|pg\.?|p\.)?\s*[-–—(\[]?\s*(?:\d{1,4}|[ivxlcdm]{1,7})\s*[-–—)\]]?"
    r"\s*(?:(?:of|/)\s*\d{1,4})?$",
    re.IGNORECASE,
)
_DIGITS = re.compile(r"\d+")
_SPACES = re.compile(r"\s+")


def is_page_number(text: str) -> bool:
    """True for the usual ways of printing a page number.

    >>> [is_page_number(t) for t in ("12", "- 3 -", "Page 2 of 9", "iv", "Section 2")]
    [True, True, True, True, False]
    """
    t = text.strip()
    return bool(t) and len(t) <= 24 and _PAGE_NUMBER.match(t) is not None


@dataclass(frozen=True, slots=True)
class Candidate:
    """A line of a page, as furniture detection sees it: ``y`` is its vertical centre in PDF
    points (origin at the bottom), ``height`` the page height."""

    page: int
    text: str
    y: float
    height: float


def _band(c: Candidate, zone: float) -> str | None:
    if c.y >= c.height * (1 - zone):
        return "top"
    if c.y <= c.height * zone:
        return "bottom"
    return None


def find_furniture(lines: Sequence[Candidate], n_pages: int) -> set[int]:
    """Indexes of ``lines`` that are running headers, footers or page numbers."""
    keys: list[tuple[tuple[str, str] | None, tuple[str, str] | None]] = []
    pages_with: Counter[tuple[str, str]] = Counter()
    seen: set[tuple[int, tuple[str, str]]] = set()
    for c in lines:
        text = _SPACES.sub(" ", c.text.lower()).strip()
        narrow = _band(c, ZONE)
        wide = _band(c, WIDE_ZONE)
        k_narrow = (narrow, "n:" + _DIGITS.sub("#", text)) if narrow else None
        k_wide = (wide, "w:" + text) if wide else None
        keys.append((k_narrow, k_wide))
        for k in (k_narrow, k_wide):
            if k is not None and (c.page, k) not in seen:
                seen.add((c.page, k))
                pages_with[k] += 1
    need = max(2, int(REPEAT_SHARE * n_pages + 0.999))
    out: set[int] = set()
    for i, (c, (k_narrow, k_wide)) in enumerate(zip(lines, keys)):
        by_narrow = k_narrow is not None and (is_page_number(c.text) or pages_with[k_narrow] >= need)
        if by_narrow or (k_wide is not None and pages_with[k_wide] >= need):
            out.add(i)
    return out
