"""Folding text for comparison, with a map back to the original offsets.

Quotes and sources are compared in a *folded* form: Unicode NFKC, case folding, every
whitespace run (newlines, NBSP, thin spaces...) as one space, curly quotes and apostrophes
as straight ones, dashes as ``-``, the ellipsis character as ``...``, soft hyphens and
zero-width characters removed, and hyphens *between two letters* removed, so that a word
hyphenated across a line break (``agree-\\nment``) folds like ``agreement`` and
``non-exclusive`` like ``nonexclusive`` on both sides.

This is the only module that does arithmetic on folded text: :class:`Folded` maps any
folded range back to the exact range of the original text (``to_original``).

>>> f = fold("The  Licensee’s “rights”")
>>> f.text
'the licensee\\'s "rights"'
>>> f.to_original(4, 14)
(5, 15)
"""

from __future__ import annotations

import re
import unicodedata
from bisect import bisect_right
from dataclasses import dataclass
from functools import lru_cache

__all__ = ["Folded", "Token", "fold", "fold_query", "is_cjk", "is_word_char", "tokenize"]

# Characters whose fold is fixed by us, before NFKC and case folding.
_SPECIAL: dict[str, str] = {}
for _c in "‘’‚‛′‵`´ʼʻ":
    _SPECIAL[_c] = "'"
for _c in "“”„‟″‶«»〝〞〟＂‹›":
    _SPECIAL[_c] = '"'
for _c in "‒–—―−⁃﹘﹣－":
    _SPECIAL[_c] = "-"
for _c in "\u00ad\u200b\u200c\u200d\u2060\ufeff":
    _SPECIAL[_c] = ""
_HYPHENS = frozenset("-\u2010\u2011")

# Pieces of the original text: a hyphen (maybe followed by a line break), a run of plain
# printable ASCII without hyphens, a whitespace run, or any other single character.
_PIECE = re.compile(r"[-\u2010\u2011](?:[ \t]*\r?\n[ \t]*)?|[\x21-\x2c\x2e-\x7e]+|\s+|.", re.S)


@lru_cache(maxsize=65536)
def _fold_char(c: str) -> str:
    if c in _SPECIAL:
        return _SPECIAL[c]
    if c.isspace():
        return " "
    f = unicodedata.normalize("NFKC", c).casefold()
    # NFKC may produce characters that have a special fold (e.g. fullwidth quote marks)
    if len(f) == 1 and f in _SPECIAL:
        return _SPECIAL[f]
    if len(f) > 1:
        f = "".join(_SPECIAL.get(x, x) for x in f)
    return f


@dataclass(frozen=True, slots=True)
class Folded:
    """Folded text plus the segments that map it back to the original.

    Each segment ``k`` covers folded ``[fstart[k], fstart[k+1])`` and comes from original
    ``[ostart[k], ostart[k] + olen[k])``. An *identity* segment (``ident[k]``) maps character
    for character; any other segment maps as a block (for example a whitespace run folded to
    one space, or ``ﬁ`` folded to ``fi``).
    """

    text: str
    original_length: int
    fstart: tuple[int, ...]
    ostart: tuple[int, ...]
    olen: tuple[int, ...]
    ident: tuple[bool, ...]

    def _orig_start(self, i: int) -> int:
        """Original offset where folded character ``i`` begins."""
        if i >= len(self.text):
            return self.original_length
        k = bisect_right(self.fstart, i) - 1
        if self.ident[k]:
            return self.ostart[k] + (i - self.fstart[k])
        return self.ostart[k]

    def _orig_end(self, i: int) -> int:
        """Original offset where folded character ``i`` ends (exclusive)."""
        k = bisect_right(self.fstart, i) - 1
        if self.ident[k]:
            return self.ostart[k] + (i - self.fstart[k]) + 1
        return self.ostart[k] + self.olen[k]

    def to_original(self, start: int, end: int) -> tuple[int, int]:
        """Map the folded half-open range ``[start, end)`` to the original text.

        An empty range maps to an empty range at the corresponding original position.
        """
        if not 0 <= start <= end <= len(self.text):
            raise ValueError(f"folded range [{start}, {end}) outside 0..{len(self.text)}")
        if start == end:
            o = self._orig_start(start)
            return o, o
        return self._orig_start(start), self._orig_end(end - 1)

    def to_folded(self, start: int, end: int) -> tuple[int, int]:
        """Map an original range to the smallest folded range that covers it (approximate
        inverse of :meth:`to_original`, used to place original-text positions)."""
        fs = self._folded_at(start)
        fe = self._folded_at(end) if end > start else fs
        return fs, max(fs, fe)

    def _folded_at(self, o: int) -> int:
        # first folded index whose original start is >= o
        lo, hi = 0, len(self.text)
        while lo < hi:
            mid = (lo + hi) // 2
            if self._orig_start(mid) < o:
                lo = mid + 1
            else:
                hi = mid
        return lo


def fold(text: str) -> Folded:
    """Fold ``text`` for matching and keep the map back to its offsets (see module doc)."""
    out: list[str] = []
    fstart: list[int] = []
    ostart: list[int] = []
    olen: list[int] = []
    ident: list[bool] = []
    flen = 0
    last_space = True  # drop leading whitespace: nothing to match there

    def emit(s: str, o: int, n: int, is_ident: bool) -> None:
        nonlocal flen
        if not s:
            return
        # merge contiguous identity segments to keep the map small
        if is_ident and ident and ident[-1] and ostart[-1] + olen[-1] == o and fstart[-1] + olen[-1] == flen:
            olen[-1] += n
        else:
            fstart.append(flen)
            ostart.append(o)
            olen.append(n)
            ident.append(is_ident)
        out.append(s)
        flen += len(s)

    n_text = len(text)
    for m in _PIECE.finditer(text):
        piece = m.group()
        o = m.start()
        c0 = piece[0]
        if c0 in _HYPHENS:
            prev = text[o - 1] if o > 0 else ""
            nxt = text[m.end()] if m.end() < n_text else ""
            if prev.isalpha() and nxt.isalpha():
                continue  # a hyphen inside a word, or a word hyphenated across a line
            emit("-", o, 1, True)
            last_space = False
            if len(piece) > 1:  # the line break after a dash
                emit(" ", o + 1, len(piece) - 1, False)
                last_space = True
        elif c0.isspace():
            if last_space:
                continue
            emit(" ", o, len(piece), piece == " ")
            last_space = True
        elif len(piece) > 1 or c0 < "\x7f":
            emit(piece.lower(), o, len(piece), True)
            last_space = False
        else:
            f = _fold_char(c0)
            if not f:
                continue
            if f == " ":
                if last_space:
                    continue
                last_space = True
            else:
                last_space = False
            emit(f, o, 1, len(f) == 1)
    folded = "".join(out)
    # a trailing space carries no information
    if folded.endswith(" "):
        folded = folded[:-1]
        if fstart and fstart[-1] == len(folded):
            fstart.pop(), ostart.pop(), olen.pop(), ident.pop()
        elif ident and ident[-1]:
            olen[-1] -= 1
    if not fstart:
        fstart, ostart, olen, ident = [0], [0], [0], [True]
    return Folded(folded, n_text, tuple(fstart), tuple(ostart), tuple(olen), tuple(ident))


def fold_query(text: str) -> str:
    """The folded form of a quote (no offset map needed)."""
    return fold(text).text


# --------------------------------------------------------------------------- tokens

_CJK_RANGES = (
    "\u3040-\u30ff"  # hiragana, katakana
    "\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff"  # CJK ideographs
    "\u3005\u3007"
)
_CJK = re.compile(f"[{_CJK_RANGES}]")
# numbers keep their inner separators ("1,000.50", "3.1", "12/31/2020"); words keep
# inner apostrophes; every CJK character is a token; any other non-space symbol is a
# one-character token, so "$", "%" and "§" count.
_TOKEN = re.compile(
    rf"\d+(?:[.,:/]\d+)*|[^\W\d_{_CJK_RANGES}]+(?:'[^\W\d_{_CJK_RANGES}]+)*|[{_CJK_RANGES}]|[^\w\s]|_+",
)


@dataclass(frozen=True, slots=True)
class Token:
    text: str
    start: int
    end: int


def tokenize(text: str) -> list[Token]:
    """Split (already folded) text into tokens with their offsets in ``text``.

    Works for spaced scripts (Latin, Cyrillic, Greek, accented text) and for scripts
    without spaces (each Han or kana character is a token). One-character tokens are kept.
    """
    return [Token(m.group(), m.start(), m.end()) for m in _TOKEN.finditer(text)]


def is_word_char(c: str) -> bool:
    """True for a character that belongs to a space-delimited word (not Han or kana, where
    every character stands alone)."""
    return c.isalnum() and not _CJK.match(c)


def is_cjk(text: str) -> bool:
    """True when most letters of ``text`` are Han or kana (no spaces between words)."""
    n_cjk = len(_CJK.findall(text))
    n_alpha = sum(1 for c in text if c.isalpha())
    return n_alpha > 0 and n_cjk * 2 >= n_alpha
