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

import bisect
import itertools
import re
import threading
import unicodedata
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from decimal import Decimal
from functools import lru_cache
from typing import TYPE_CHECKING, Any, NamedTuple

if TYPE_CHECKING:  # pragma: no cover
    import numpy as np

__all__ = [
    "CJK_RANGES",
    "CURRENCY_SIGNS",
    "ELLIPSIS",
    "MONEY_SCALE_LETTERS",
    "NUMBER_WORDS",
    "QUOTATION_MARKS",
    "ROMAN_NUMERALS",
    "ROMAN_VALUES",
    "SCALE_WORDS",
    "SPEECH_VERBS",
    "UNIT_NAMES",
    "Folded",
    "Token",
    "blank_out",
    "canonical_number",
    "clear_fold_cache",
    "dates_read_as",
    "figure_forms",
    "fold",
    "fold_keeps_substrings",
    "fold_query",
    "hundreds_as_digits",
    "is_cjk",
    "is_page_number_line",
    "is_word_char",
    "json_unescape",
    "jsonl_lines",
    "mask_page_furniture",
    "mixed_numbers",
    "number_word_value",
    "page_furniture",
    "quarters_as_digits",
    "ranges_read_as",
    "running_lines",
    "scale_after",
    "scaled_figure",
    "split_ellipsis",
    "spelled_number",
    "token_texts",
    "tokenize",
    "trim",
    "word_count",
    "word_places",
]

# Characters whose fold is fixed by us, before NFKC and case folding.
_SPECIAL: dict[str, str] = {}
for _c in "‘’‚‛′‵`´ʼʻ":
    _SPECIAL[_c] = "'"
for _c in "“”„‟″‶«»〝〞〟＂‹›":
    _SPECIAL[_c] = '"'
for _c in "\u2010\u2011‒–—―−⁃﹘﹣－":  # hyphens (U+2010, U+2011) too, where they are not dropped
    _SPECIAL[_c] = "-"
for _c in "\u00ad\u200b\u200c\u200d\u2060\ufeff":
    _SPECIAL[_c] = ""
# a list's bullets are one mark, the middle dot: which bullet a text uses is form, and a text
# whose only characters past Latin-1 are its bullets folds to a byte a character (a wide one holds two)
for _c in "•●○◦▪‣∙⦁":
    _SPECIAL[_c] = "\u00b7"
# a superscript digit is an exponent or a footnote mark, never a plain digit: "10⁶" is not "106"
# (subscripts fold to plain digits: "CO₂" is "CO2")
for _d, _c in enumerate("⁰¹²³⁴⁵⁶⁷⁸⁹"):
    _SPECIAL[_c] = "^" + str(_d)

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


@dataclass(frozen=True, slots=True, eq=False)
class Folded:
    """Folded text plus the segments that map it back to the original.

    Segment ``k`` starts at folded offset ``fstart[k]`` and comes from original offset
    ``ostart[k]``. An *identity* segment (``ident[k]``) maps character for character; any
    other segment is one folded character (or one of the characters an expansion such as
    ``ﬁ`` -> ``fi`` produced) that maps to the block ``[ostart[k], ostart[k] + olen[k])``,
    for example a whitespace run folded to one space.
    """

    text: str
    original_length: int
    fstart: "np.ndarray"
    ostart: "np.ndarray"
    olen: "np.ndarray"
    ident: "np.ndarray"

    def _segment(self, i: int) -> int:
        return int(self.fstart.searchsorted(i, "right")) - 1

    def _orig_start(self, i: int) -> int:
        if i >= len(self.text):
            return self.original_length
        k = self._segment(i)
        if self.ident[k]:
            return int(self.ostart[k]) + (i - int(self.fstart[k]))
        return int(self.ostart[k])

    def _orig_end(self, i: int) -> int:
        k = self._segment(i)
        if self.ident[k]:
            return int(self.ostart[k]) + (i - int(self.fstart[k])) + 1
        return int(self.ostart[k] + self.olen[k])

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


# Per-code tables, filled lazily for the characters documents actually contain:
# folded length (-1 unknown, 0 dropped, 1, or more for expansions), folded code (length 1),
# and "is a letter" (for hyphens between letters).
_N_CODES = 0x110000
_tables: dict[str, Any] = {}
_tables_lock = threading.Lock()
_EXPANSIONS: dict[int, str] = {}


def _get_tables() -> tuple[Any, Any, Any]:
    if not _tables:
        with _tables_lock:
            if not _tables:
                import numpy as np

                flen = np.full(_N_CODES, -1, dtype=np.int8)
                f1 = np.zeros(_N_CODES, dtype=np.uint32)
                alpha = np.zeros(_N_CODES, dtype=bool)
                _fill(range(128), flen, f1, alpha)
                _tables.update(flen=flen, f1=f1, alpha=alpha)
    return _tables["flen"], _tables["f1"], _tables["alpha"]


def _fill(codes: Any, flen: Any, f1: Any, alpha: Any) -> None:
    for c in codes:
        c = int(c)
        ch = chr(c)
        f = _fold_char(ch)
        if len(f) == 1:
            f1[c] = ord(f)
        elif len(f) > 1:
            _EXPANSIONS[c] = f
        alpha[c] = ch.isalpha()
        flen[c] = min(len(f), 100)


_SPACE = 0x20


_FOLD_CACHE_MAX_CHARS = 4096  # quotes and passages: folded once per process, then looked up
# short texts whose fold and tokens are kept: a check folds the same quote a few times in a row,
# so a small cache catches the repeats (a batch of 100,000 quotes would fill a large one for nothing)
_SHORT_CACHE = 2048


def fold(text: str) -> Folded:
    """Fold ``text`` for matching and keep the map back to its offsets (see module doc).

    Vectorised with numpy, as a mask over each character's fold: about 150 MB/s on one core for
    prose past ASCII (curly quotes, dashes, accents), about 200-250 MB/s for ASCII text (most
    contracts). A short text
    (a quote, a passage) is folded once and then looked up: a check folds the same quote
    several times, and numpy's fixed cost per call is most of the cost of a short text.
    """
    if len(text) <= _FOLD_CACHE_MAX_CHARS:
        return _fold_short(text)
    return _fold(text)


@lru_cache(maxsize=_SHORT_CACHE)
def _fold_short(text: str) -> Folded:
    folded = _fold_ascii(text) if text.isascii() else _fold(text)
    for arr in (folded.fstart, folded.ostart, folded.olen, folded.ident):
        arr.flags.writeable = False  # shared by every caller
    return folded


# in ASCII text, the only characters that fold to something else than their lower case: white
# space runs (one space, none at the edges), hyphens between letters (dropped, with the line
# break of a word hyphenated across lines) and the backtick (an apostrophe). A single space
# between two characters folds to itself, so it is no event.
# (each event starts with a white space character or a hyphen, read first: the regex engine then skips to the
# next of those instead of trying every alternative at every character, about twice as fast on a quote)
_ASCII_EVENTS = re.compile(r"[\s-](?:(?<=\s)\s+|(?<=[^\S ])|(?<=^ )|(?<= )\Z|(?<=[A-Za-z]-)(?:[ \t]*\r?\n[ \t]*)?(?=[A-Za-z]))")


def _fold_ascii(text: str) -> Folded:
    """:func:`_fold` for ASCII text, in plain Python: the same result, without numpy's fixed cost
    per call (a short quote folds about five times faster)."""
    import numpy as np

    n = len(text)
    low = text.lower().replace("`", "'")
    parts: list[str] = []
    segs: list[list[int]] = []  # [folded start, original start, original length, identity]
    f = 0

    def keep(a: int, b: int, folded: str) -> None:  # original [a, b) folds char for char
        nonlocal f
        if segs and segs[-1][3] and segs[-1][1] + segs[-1][2] == a:
            segs[-1][2] += b - a
        else:
            segs.append([f, a, b - a, 1])
        parts.append(folded)
        f += b - a

    pos = 0
    for m in _ASCII_EVENTS.finditer(text):
        a, b = m.span()
        if a > pos:
            keep(pos, a, low[pos:a])
        pos = b
        if text[a] == "-" or f == 0 or b == n:
            continue  # a dropped hyphen, or white space at an edge
        if b - a == 1:
            keep(a, b, " ")
        else:
            segs.append([f, a, b - a, 0])  # the run is one space
            parts.append(" ")
            f += 1
    if pos < n:
        keep(pos, n, low[pos:n])
    if not segs:
        empty = np.zeros(1, dtype=np.int32)
        return Folded("", n, empty, empty.copy(), empty.copy(), np.ones(1, dtype=bool))
    cols = np.array(segs, dtype=np.int32).T
    return Folded("".join(parts), n, cols[0].copy(), cols[1].copy(), cols[2].copy(), cols[3].astype(bool))


#: the ``cache_clear`` of every other module's cache of short texts read from folds (the meaning
#: rules' words of a quote or passage): :func:`clear_fold_cache` forgets them too
SHORT_TEXT_CACHES: list[Callable[[], None]] = []


def clear_fold_cache() -> None:
    """Forget the folds and tokens of short texts, and what other modules read from them."""
    _fold_short.cache_clear()
    _tokenize_short.cache_clear()
    _token_texts_short.cache_clear()
    for clear in SHORT_TEXT_CACHES:
        clear()


def _fold(text: str, *, narrow: bool = True) -> Folded:
    """Fold any text with numpy: as a mask over each character's fold (:func:`_fold_by_mask`).
    ``narrow=False`` takes the general path instead, which reads every text as 32-bit codes and
    makes an offset per character: the reference the tests compare the mask paths with."""
    import numpy as np

    n = len(text)
    empty = np.zeros(1, dtype=np.int32)
    if n == 0:
        return Folded("", 0, empty, empty.copy(), empty.copy(), np.ones(1, dtype=bool))
    if narrow and text.isascii():
        return _fold_ascii_large(text)
    flen, f1, alpha = _get_tables()
    # a text of Latin-1 characters (most documents) is read a byte a character, against the
    # tables' first 256 rows: a quarter of the memory traffic of 32-bit codes
    try:
        latin = text.encode("latin-1") if narrow else None
    except UnicodeEncodeError:
        latin = None
    if latin is not None:
        codes = np.frombuffer(latin, dtype=np.uint8)
        flen, f1, alpha = flen[:256], f1[:256], alpha[:256]  # views: a fill writes the tables
    else:
        codes = np.frombuffer(text.encode("utf-32-le", "surrogatepass"), dtype=np.uint32)
    counts = flen[codes]  # int8: -1 unknown, 0 dropped, 1, or an expansion's length
    if (counts < 0).any():
        with _tables_lock:
            _fill(np.unique(codes[counts < 0]), flen, f1, alpha)
        counts = flen[codes]
    # hyphens between two letters, or a word hyphenated across a line break: dropped
    hy = np.flatnonzero(codes == 0x2D if latin is not None
                        else (codes == 0x2D) | (codes == 0x2010) | (codes == 0x2011))
    if narrow:
        return _fold_by_mask(text, codes, latin, f1, counts, _dropped_hyphens(text, hy, alpha, codes))
    folded_codes = f1[codes]
    for h, j in _dropped_hyphens(text, hy, alpha, codes):
        counts[h:j] = 0

    # whitespace runs: keep the first space of each run, drop leading and trailing ones
    is_space = (folded_codes == _SPACE) & (counts == 1)
    kept = np.flatnonzero(counts > 0)
    if len(kept) == 0:
        return Folded("", n, empty, empty.copy(), empty.copy(), np.ones(1, dtype=bool))
    ks = is_space[kept]
    drop = ks & np.concatenate(([True], ks[:-1]))
    if ks[-1]:  # a trailing run: its head goes too
        drop[-1] = True
        head = len(ks) - 1
        while head > 0 and ks[head - 1]:
            head -= 1
        drop[head] = True
    counts[kept[drop]] = 0
    kept = kept[~drop]
    if len(kept) == 0:
        return Folded("", n, empty, empty.copy(), empty.copy(), np.ones(1, dtype=bool))

    # each kept space stands for its whole run: up to the next kept character
    oend = kept + 1
    heads = np.flatnonzero(is_space[kept])
    if len(heads):
        nxt = np.append(kept, n)[heads + 1]
        oend[heads] = nxt

    expanded = counts[kept] > 1
    if expanded.any():
        reps = counts[kept].astype(np.int64)
        ost = np.repeat(kept, reps)
        oend = np.repeat(oend, reps)
        out = np.repeat(folded_codes[kept], reps)
        is_id = np.repeat(~expanded, reps) & (oend == ost + 1)
        pos = np.cumsum(reps) - reps
        for i in np.flatnonzero(expanded).tolist():
            f = _EXPANSIONS[int(codes[kept[i]])]
            out[pos[i] : pos[i] + len(f)] = [ord(c) for c in f]
    else:
        ost = kept
        out = folded_codes[kept]
        is_id = oend == ost + 1

    m = len(ost)
    brk = np.ones(m, dtype=bool)
    if m > 1:
        brk[1:] = ~(is_id[1:] & is_id[:-1] & (ost[1:] == ost[:-1] + 1))
    seg_f = np.flatnonzero(brk)
    seg_o = ost[seg_f]
    seg_id = is_id[seg_f]
    seg_len = np.where(seg_id, np.diff(np.append(seg_f, m)), oend[seg_f] - ost[seg_f])
    if latin is not None and (text.isascii() or int(out.max()) < 256):
        folded = out.astype(np.uint8).tobytes().decode("latin-1")
    else:
        folded = out.astype(np.uint32).tobytes().decode("utf-32-le", "surrogatepass")
    # int32 offsets: a document up to 2 GiB characters, at half the memory of int64
    return Folded(folded, n, seg_f.astype(np.int32), seg_o.astype(np.int32), seg_len.astype(np.int32), seg_id)


# ASCII folds a byte a character: upper case to lower, white space to a space, the backtick to an
# apostrophe (every other ASCII character is its own fold)
_ASCII_FOLD = bytes.maketrans(
    b"ABCDEFGHIJKLMNOPQRSTUVWXYZ`" + bytes(c for c in range(128) if chr(c).isspace()),
    b"abcdefghijklmnopqrstuvwxyz'" + b" " * sum(chr(c).isspace() for c in range(128)))


def _dropped_hyphens(text: str, hy: "np.ndarray", alpha: "np.ndarray", codes: "np.ndarray") -> list[tuple[int, int]]:
    """The ranges folding drops for the hyphens at ``hy``: a hyphen between two letters, or one
    that ends a line before a word's second half (with the line break)."""
    n = len(text)
    out = []
    for h in hy[(hy > 0) & alpha[codes[hy - 1]]].tolist():
        j = h + 1
        k = j
        while k < n and text[k] in " \t":
            k += 1
        if k < n and text[k] == "\r":
            k += 1
        if k < n and text[k] == "\n":
            k += 1
            while k < n and text[k] in " \t":
                k += 1
            j = k
        if j < n and alpha[codes[j]]:
            out.append((h, j))
    return out


def _fold_ascii_large(text: str) -> Folded:
    """:func:`_fold` for a long ASCII text (most contracts): every character folds to one, so the
    fold is a mask over its bytes, and only the segments of the map are made as arrays (no array
    of an offset per character). The same text and map as the general path (a property test)."""
    import numpy as np

    data = text.encode("ascii")
    raw = np.frombuffer(data, dtype=np.uint8)
    low = np.frombuffer(data.translate(_ASCII_FOLD), dtype=np.uint8)
    _, _, alpha = _get_tables()
    return _fold_mask(text, low, _dropped_hyphens(text, np.flatnonzero(raw == 0x2D), alpha, raw), "ascii")


def _fold_by_mask(text: str, codes: "np.ndarray", latin: bytes | None, f1: "np.ndarray", counts: "np.ndarray",
                  hyphens: list[tuple[int, int]]) -> Folded:
    """:func:`_fold` as a mask over the folded code of each character, as for ASCII text: no array
    of an offset per character is made, only the segments of the map. A Latin-1 text whose
    characters fold into Latin-1 is folded a byte a character by one ``bytes.translate``. The
    few characters folding drops (U+00AD, U+200B) or expands ("…", "™") are read from ``counts``."""
    import numpy as np

    odd = None if bool((counts == 1).all()) else counts  # most documents: every character folds to one
    if latin is not None:
        fold_bytes, past = _latin1_fold()
        if len(latin.translate(None, past)) == len(latin):  # no character folds past Latin-1 ("µ")
            return _fold_mask(text, np.frombuffer(latin.translate(fold_bytes), dtype=np.uint8), hyphens, "latin-1",
                              odd, codes)
    return _fold_mask(text, f1[codes], hyphens, "utf-32-le", odd, codes)


@lru_cache(maxsize=1)
def _latin1_fold() -> tuple[bytes, bytes]:
    """``bytes.translate`` table of the Latin-1 characters' single-character folds (0 for those
    folding drops or expands, as ``_fold``'s table), and the bytes of those that fold to one
    character past Latin-1 ("µ")."""
    flen, f1, alpha = _get_tables()
    with _tables_lock:
        _fill([c for c in range(256) if flen[c] < 0], flen, f1, alpha)
    return (bytes(int(f1[c]) if int(f1[c]) < 256 else 0 for c in range(256)),
            bytes(c for c in range(256) if int(flen[c]) == 1 and int(f1[c]) >= 256))


def _fold_mask(text: str, low: "np.ndarray", hyphens: list[tuple[int, int]], encoding: str,
               counts: "np.ndarray | None" = None, codes: "np.ndarray | None" = None) -> Folded:
    """The fold as a mask: ``low`` holds the folded code of each character (an array of bytes or
    of 32-bit codes, read back with ``encoding``) and ``hyphens`` the ranges folding drops.
    ``counts`` (with ``codes``), when some character does not fold to exactly one, holds each
    one's folded length: 0 for a dropped one, which white space runs are read across; more
    for an expansion, whose characters are segments of their own."""
    import numpy as np

    n = len(text)
    space = low == _SPACE
    keep = np.ones(n, dtype=bool)
    gone = expand = None
    if counts is not None:
        gone = counts == 0
        expand = np.flatnonzero(counts > 1)
        space &= counts == 1
        keep &= ~gone
    for h, j in hyphens:
        keep[h:j] = False  # bordered by letters on both sides: no white space run touches it
    # a space after a space (or at the start) goes; so does a trailing run, whole
    after_space = np.empty(n, dtype=bool)
    after_space[0] = True
    after_space[1:] = space[:-1]
    solid = ~space
    if gone is not None and gone.any():
        # a dropped character is not there: what follows it follows the character before it
        at = np.flatnonzero(gone)
        ends = np.flatnonzero(np.diff(at) > 1)
        for a, b in zip(at[np.append(0, ends + 1)].tolist(), (at[np.append(ends, len(at) - 1)] + 1).tolist()):
            if b < n:
                after_space[b] = after_space[a]
        solid &= ~gone
    keep &= ~(space & after_space)
    last = np.flatnonzero(solid)
    keep[(int(last[-1]) + 1 if len(last) else 0):] = False
    if not keep.any():
        empty = np.zeros(1, dtype=np.int32)
        return Folded("", n, empty, empty.copy(), empty.copy(), np.ones(1, dtype=bool))
    # a kept space not followed by the next kept character stands for everything up to it (its
    # run): one segment of its own; a new segment also starts after it and after any dropped
    # character
    wide = keep & space
    wide[:-1] &= ~keep[1:]
    wide[-1] = False
    brk = wide.copy()
    brk[1:] |= ~keep[:-1] | wide[:-1]
    if expand is not None and len(expand):  # each character an expansion makes is a segment
        brk[expand] = True
        brk[expand[expand + 1 < n] + 1] = True
    brk &= keep
    brk[int(np.argmax(keep))] = True
    seg_o = np.flatnonzero(brk)
    kept_per_seg = np.add.reduceat(keep, seg_o, dtype=np.int64)
    seg_id = ~wide[seg_o]
    seg_len = np.where(seg_id, kept_per_seg, np.diff(np.append(seg_o, n)))
    folded = low[keep].tobytes().decode(encoding, "surrogatepass")
    if expand is not None and len(expand):
        assert counts is not None and codes is not None  # given together
        exp_seg = np.searchsorted(seg_o, expand)
        reps = np.ones(len(seg_o), dtype=np.int64)
        reps[exp_seg] = counts[expand]
        seg_id[exp_seg] = False  # one character each: their length in the original is 1 already
        seg_o, seg_id, seg_len = np.repeat(seg_o, reps), np.repeat(seg_id, reps), np.repeat(seg_len, reps)
        kept_per_seg = np.where(reps > 1, 1, kept_per_seg)
        kept_per_seg = np.repeat(kept_per_seg, reps)
        parts, prev = [], 0
        for k, c in zip((np.cumsum(keep)[expand] - 1).tolist(), codes[expand].tolist()):
            parts += [folded[prev:k], _EXPANSIONS[c]]
            prev = k + 1
        folded = "".join(parts) + folded[prev:]
    seg_f = np.cumsum(kept_per_seg) - kept_per_seg
    return Folded(folded, n, seg_f.astype(np.int32), seg_o.astype(np.int32), seg_len.astype(np.int32), seg_id)


_DROPPED_HYPHENS = "-\u2010\u2011"  # folding drops these between two letters


def fold_keeps_substrings(text: str) -> bool:
    """Whether ``fold(text).text`` is in ``fold(t).text`` for every ``t`` that contains ``text``.

    Folding maps a substring into a substring, except when an edge of the (stripped) text is a
    hyphen that folding drops between letters: "exam-" folds to itself, but in "exam-ple" to
    "example". A seed table may then skip a document for an exact check by its folded text.

    >>> fold_keeps_substrings("shall pay rent"), fold_keeps_substrings("pay -")
    (True, False)
    """
    s = text.strip()
    return bool(s) and s[0] not in _DROPPED_HYPHENS and s[-1] not in _DROPPED_HYPHENS


def fold_query(text: str) -> str:
    """The folded form of a quote (no offset map needed)."""
    return fold(text).text


# --------------------------------------------------------------------------- page furniture

# a page's number on a line of its own: "12", "- 3 -", "Page 2 of 9", "p. 4"; not "(7)" nor "[7]", which
# mark a list's items and notes (possessive runs: no polynomial backtracking on a long run of spaces)
_PAGE_NUMBER = (r"[ \t]*+(?:(?:page|pg\.?|p\.)[ \t]*+)?(?:[-\u2013\u2014][ \t]*+)?\d{1,4}+(?:[ \t]*+[-\u2013\u2014])?"
                r"(?:[ \t]*+of[ \t]*+\d{1,4}+|[ \t]{2,}+\d{1,4}+)?[ \t\r]*+")  # (or two pages' numbers: "5    6")
_PAGE_NUMBER_LINE = re.compile(_PAGE_NUMBER, re.IGNORECASE)
_PAGE_NUMBER_LINES = re.compile(rf"\n({_PAGE_NUMBER})(?=\n)", re.IGNORECASE)  # found from the line break: quick
_RULE_LINE = re.compile(r"[-_=*~\u2013\u2014][-_=*~\u2013\u2014 \t]{4,}")  # "-----", "- ------", "_____"
_RULE_MARKS = "-_=*~\u2013\u2014"
_LETTER = re.compile(r"[^\W\d_]")
_RUNNING_MIN = 2  # a short line beside this many page numbers is a running header or footer
_BESIDE_LINES = 8  # lines, blank ones aside, read on each side of a page number for its headers
_RUNNING_MAX_CHARS = 120


def is_page_number_line(line: str) -> bool:
    """Whether ``line`` holds only a page's number ("12", "- 3 -", "Page 2 of 9", "p. 4").

    >>> [is_page_number_line(t) for t in ("  - 7 -  ", "Page 2 of 9", "p. 4", "7 days", "(7)", "3.", "5    6", "10    20")]
    [True, True, True, False, False, False, True, False]
    """
    return _PAGE_NUMBER_LINE.fullmatch(line) is not None and _one_page(line)


def _one_page(line: str) -> bool:
    """Whether a page-number line holds one page's number, or two pages' in turn ("5    6", two
    pages' numbers left on one line), not two figures of a table ("10    20")."""
    numbers = _DIGITS.findall(line)
    return len(numbers) < 2 or " of " in f" {line.lower()} " or int(numbers[1]) == int(numbers[0]) + 1


_DIGITS = re.compile(r"\d+")


def page_furniture(text: str, *, beside: int = _RUNNING_MIN) -> list[tuple[int, int]]:
    r"""Where a filed document's page breaks left their furniture: each ``(start, end)`` covers whole
    lines between two lines of text, a page's number on its own ("-7-", "Page 7", "7") and, with it,
    the running headers and footers of the page (a short line with a letter in it, a paragraph of its
    own, found beside ``beside`` page numbers or more: "Distributor Agreement", "Source: ACME INC,
    10-K, 5/9/2019") and rule lines ("-----"). A run of such lines counts only with a page number and
    a blank line in it. A quote that runs across a page break leaves them out, as a reader does; a
    quote that copies one page break is read with ``beside=1``.

    >>> t = ("for any incidental or consequential\n\n-7-\n\nSupply Agreement\n\ndamages arising out of it. The\n"
    ...      "Buyer shall pay\n\n-8-\n\nSupply Agreement\n\nthe price.")
    >>> [t[a:b] for a, b in page_furniture(t)]
    ['-7-\n\nSupply Agreement', '-8-\n\nSupply Agreement']
    >>> page_furniture("ARTICLE 7\n\nThe Term. Seven days.")
    []
    """
    hits = [m.start(1) for m in _PAGE_NUMBER_LINES.finditer(text) if _one_page(m[1])]
    if not hits:
        return []  # (most texts)
    lines = text.split("\n")
    starts = [0, *itertools.accumulate(len(line) + 1 for line in lines)]
    kinds: dict[int, str] = {}

    def kind(j: int) -> str:
        k = kinds.get(j)
        if k is None:
            line = lines[j]
            if not line or line.isspace():
                k = "blank"
            elif len(line) > _RUNNING_MAX_CHARS and line.lstrip()[:1] not in _RULE_MARKS:
                k = "text"  # (most lines beside a page's number: quick)
            elif is_page_number_line(line) or _RULE_LINE.fullmatch(line.strip()):
                k = "page"
            else:
                s = line.strip()
                k = "short" if len(s) <= _RUNNING_MAX_CHARS and _LETTER.search(s) else "text"
            kinds[j] = k
        return k

    def side(i: int, step: int) -> list[tuple[int, str]]:
        """The lines on one side of the page number on line ``i`` that may be its furniture, nearest
        first, each with its kind: blank lines, page numbers and rules, and short lines each a
        paragraph of its own (a blank line or furniture on both sides); then the first line that is
        none of them ("text")."""
        out: list[tuple[int, str]] = []
        n = 0  # lines read that are not blank
        j = i + step
        while 0 <= j < len(lines):
            k = kind(j)
            n += k != "blank"
            if out and out[-1][1] == "short" and k not in ("blank", "page"):
                out[-1] = (out[-1][0], "text")  # a short line against another line of text: part of a paragraph
                return out
            out.append((j, k))
            if k == "text" or n > _BESIDE_LINES:
                return out
            j += step
        if out and out[-1][1] == "short":
            out[-1] = (out[-1][0], "text")  # a short line at the text's edge: a paragraph's end, for all we know
        return out

    # the short lines beside each page number: those beside ``beside`` of them or more are the
    # running headers and footers
    at = [bisect.bisect_right(starts, h) - 1 for h in hits]
    counts: dict[str, int] = {}
    near: dict[int, tuple[list[tuple[int, str]], list[tuple[int, str]]]] = {}
    reach = -1  # the last line the last page break's numbers read
    for i in at:
        near[i] = (side(i, -1), side(i, 1))
        if i <= reach:
            continue  # another number of the same page break ("2\n\n3"): its lines are counted once
        reach = max([j for j, _ in near[i][1]], default=i)
        for s in {lines[j].strip() for half in near[i] for j, k in half if k == "short"}:
            counts[s] = counts.get(s, 0) + 1

    out: list[tuple[int, int]] = []
    last = -1
    for i in at:
        if i <= last:
            continue
        edges, blank, inside = [i, i], False, True
        for e, half in enumerate(near[i]):
            for j, what in half:
                if what == "text" or (what == "short" and counts.get(lines[j].strip(), 0) < beside):
                    break
                if what == "blank":
                    blank = True
                else:
                    edges[e] = j
            else:
                inside = False  # the text's edge, or more furniture than is read: no line of text on this side
        if inside and blank:  # between two lines of text, with a blank line in it
            out.append((starts[edges[0]], starts[edges[1]] + len(lines[edges[1]])))
            last = edges[1]
    return out


# a paragraph of one short line: from the blank line before it to the one after it
_ALONE_LINE = re.compile(rf"\n\n([^\n]{{1,{_RUNNING_MAX_CHARS}}})(?=\n\n)")
_RUNNING_ALONE_MIN = 2  # a paragraph of one short line found this often is a running header or footer


def running_lines(text: str, start: int = 0, end: int | None = None) -> list[tuple[int, int]]:
    r"""Where a filing's running header or footer stands with no page number beside it: each
    ``(start, end)`` of a paragraph of one short line, with a letter in it, that comes back in the
    text ("Source: ACME CORP, 10-K, 5/9/2019" on every page, the page numbers gone). Slower than
    :func:`page_furniture`, which finds a page's number first (every paragraph's start is read
    here): for a document where a quote that runs across one has failed.

    >>> t = "any incidental\n\nSource: ACME\n\ndamages. The Buyer\n\nARTICLE 5\n\nshall pay\n\nSource: ACME\n\nthe price."
    >>> [t[a:b] for a, b in running_lines(t)], [t[a:b] for a, b in running_lines(t, 0, 30)]
    (['Source: ACME', 'Source: ACME'], ['Source: ACME'])

    With ``start`` and ``end``, only the lines there are read, each counted over the whole text
    (quick: a rejected quote asks about the few lines where its words run).
    """
    if start or end is not None:
        stop = len(text) if end is None else end
        return [m.span(1) for m in _ALONE_LINE.finditer(text, max(0, start - 2), stop + _RUNNING_MAX_CHARS + 4)
                if m.start(1) < stop and _may_run(m[1]) and text.count(f"\n{m[1]}\n") >= _RUNNING_ALONE_MIN]
    alone: dict[str, list[tuple[int, int]]] = {}
    for m in _ALONE_LINE.finditer(text):
        alone.setdefault(m[1].strip(), []).append(m.span(1))
    return sorted(span for line, spans in alone.items() if len(spans) >= _RUNNING_ALONE_MIN and _may_run(line)
                  for span in spans)


def _may_run(line: str) -> bool:
    """Whether a line could be a running header or footer: a letter in it, and no page number."""
    return _LETTER.search(line) is not None and not is_page_number_line(line)


def blank_out(text: str, spans: list[tuple[int, int]]) -> str:
    """``text`` with each of the sorted, disjoint ``spans`` replaced by as many spaces: the same
    length, so every offset into it is one into ``text``, and a fold reads them as white space."""
    if not spans:
        return text
    parts, at = [], 0
    for a, b in spans:
        parts += [text[at:a], " " * (b - a)]
        at = b
    parts.append(text[at:])
    return "".join(parts)


def mask_page_furniture(text: str, *, beside: int = _RUNNING_MIN) -> str:
    """``text`` with its :func:`page_furniture` blanked out by spaces: the same length, so every
    offset into it is one into ``text``, and a fold reads the page break as white space."""
    return blank_out(text, page_furniture(text, beside=beside))


# --------------------------------------------------------------------------- tokens

#: Han and kana: scripts written without spaces, where every character is a token.
CJK_RANGES = (
    "\u3040-\u30ff"  # hiragana, katakana
    "\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff"  # CJK ideographs
    "\u3005\u3007"
)
_CJK_RANGES = CJK_RANGES
_CJK = re.compile(f"[{_CJK_RANGES}]")
# numbers keep their inner separators ("1,000.50", "3.1", "12/31/2020"); words keep
# inner apostrophes; every CJK character is a token; any other non-space symbol is a
# one-character token, so "$", "%" and "§" count.
_TOKEN = re.compile(
    rf"\d+(?:[.,:/]\d+)*|[^\W\d_{_CJK_RANGES}]+(?:'[^\W\d_{_CJK_RANGES}]+)*|[{_CJK_RANGES}]|[^\w\s]|_+",
)


class Token(NamedTuple):
    """A token of folded text and its offsets (a named tuple: made by the thousand, in C)."""

    text: str
    start: int
    end: int


def tokenize(text: str) -> list[Token]:
    """Split (already folded) text into tokens with their offsets in ``text``.

    Works for spaced scripts (Latin, Cyrillic, Greek, accented text) and for scripts
    without spaces (each Han or kana character is a token). One-character tokens are kept.
    A short text's tokens are made once (a check tokenizes the same quote several times).
    """
    if len(text) <= _FOLD_CACHE_MAX_CHARS:
        return list(_tokenize_short(text))
    return _tokenize(text)


def _tokenize(text: str) -> list[Token]:
    # tuple.__new__ makes the named tuple in C (Token(...) goes through a Python-level __new__)
    new = tuple.__new__
    return [new(Token, (m.group(), m.start(), m.end())) for m in _TOKEN.finditer(text)]


@lru_cache(maxsize=_SHORT_CACHE)
def _tokenize_short(text: str) -> tuple[Token, ...]:
    return tuple(_tokenize(text))


def token_texts(text: str) -> list[str]:
    """``[t.text for t in tokenize(text)]``, without the offsets: the same pattern's
    ``findall``, about four times faster than making a :class:`Token` a match. For callers
    that compare words and never map them back."""
    if len(text) <= _FOLD_CACHE_MAX_CHARS:
        return list(_token_texts_short(text))
    return _TOKEN.findall(text)


@lru_cache(maxsize=_SHORT_CACHE)
def _token_texts_short(text: str) -> tuple[str, ...]:
    return tuple(_TOKEN.findall(text))


def is_word_char(c: str) -> bool:
    """True for a character that belongs to a space-delimited word (not Han or kana, where
    every character stands alone)."""
    return c.isalnum() and not _CJK.match(c)


def word_places(word: str, text: str) -> Iterator[int]:
    """Where ``word`` stands in ``text`` as a whole word: no word character (a letter, digit or
    underscore, as the regex ``\\w``) right before or after it; places do not overlap. The same
    places as ``re.finditer(rf"(?<!\\w){re.escape(word)}(?!\\w)", text)``, at a ``str.find`` each
    (no pattern compiled per word).

    >>> list(word_places("lease", "the lease, a sublease, the leases and the lease_x; lease"))
    [4, 51]
    >>> list(word_places("", "ab"))
    []
    """
    if not word:
        return
    n, i = len(word), text.find(word)
    while i >= 0:
        j = i + n
        if (i == 0 or not _is_w(text[i - 1])) and (j == len(text) or not _is_w(text[j])):
            yield i
            i = text.find(word, j)
        else:
            i = text.find(word, i + 1)


def word_count(word: str, text: str) -> int:
    """How many times ``word`` stands in ``text`` as a whole word (:func:`word_places`).

    >>> word_count("lease", "the lease, a sublease; lease")
    2
    """
    return sum(1 for _ in word_places(word, text))


def _is_w(c: str) -> bool:
    return c.isalnum() or c == "_"


def is_cjk(text: str) -> bool:
    """True when most letters of ``text`` are Han or kana (no spaces between words)."""
    n_cjk = len(_CJK.findall(text))
    n_alpha = sum(1 for c in text if c.isalpha())
    return n_alpha > 0 and n_cjk * 2 >= n_alpha


# --------------------------------------------------------------------------- shared primitives


def trim(text: str, start: int, end: int) -> tuple[int, int]:
    """Shrink ``[start, end)`` of ``text`` until it neither starts nor ends with whitespace.

    >>> trim("  a b  ", 0, 7)
    (2, 5)
    """
    while start < end and text[start].isspace():
        start += 1
    while end > start and text[end - 1].isspace():
        end -= 1
    return start, end


def json_unescape(raw: str) -> str:
    """The value of the inside of a JSON string literal (``raw`` itself if it is not valid JSON).

    >>> json_unescape('say \\"hi\\"')
    'say "hi"'
    """
    if "\\" not in raw:
        return raw
    import json

    try:
        value = json.loads('"' + raw + '"')
    except ValueError:
        return raw
    return value if isinstance(value, str) else raw


def jsonl_lines(text: str) -> Iterator[tuple[int, str]]:
    r"""The records of a JSON Lines text: ``(line number, line)`` for each line that is not blank.

    A record ends at "\n" only: ``str.splitlines`` would also cut at U+2028 or U+0085, which
    ``json.dumps(..., ensure_ascii=False)`` writes raw inside a string.

    >>> list(jsonl_lines('{"a": "x\u2028y"}\n\n{"b": 1}\n'))
    [(1, '{"a": "x\u2028y"}'), (3, '{"b": 1}')]
    """
    for n, line in enumerate(text.split("\n"), start=1):
        if line.strip():
            yield n, line


#: An ellipsis mark: ``[...]``, ``[…]``, ``(...)``, ``(…)``, ``. . .``, ``...``, ``…``. In ``....``
#: the first dot is the fragment's own full stop (``\.{3}(?!\.)`` takes the last three). No
#: leading ``\s*``: a pattern that starts with a whitespace run costs quadratic time on a
#: long run of spaces; the spaces around a mark are trimmed from the fragments instead.
ELLIPSIS = re.compile(
    r"\[\s*(?:\.\s*){3,}\]|\[\s*…\s*\]|\(\s*(?:\.\s*){3,}\)|\(\s*…\s*\)|\.\s\.\s\.(?:\s\.)?|(?<=\s)\.{4,}|\.{3}(?!\.)|…+"
)


def split_ellipsis(quote: str) -> list[tuple[str, str]]:
    """Split a quote at its ellipsis marks.

    Returns ``[(fragment, separator_before), ...]``; the first separator is ``""``, and a
    separator is the quote's own text between two fragments (the mark and its spaces).
    Leading and trailing ellipses are dropped: they mark a cut, not a gap.

    >>> split_ellipsis("The Licensee shall ... pay [...] the fee")
    [('The Licensee shall', ''), ('pay', ' ... '), ('the fee', ' [...] ')]
    >>> split_ellipsis("...assign this Lease")
    [('assign this Lease', '')]
    >>> split_ellipsis("the Tenant shall .... pay rent")
    [('the Tenant shall', ''), ('pay rent', ' .... ')]

    A quotation mark is no fragment: "“…monetary policy…”" is one cut fragment (since the 61st stop).

    >>> split_ellipsis("“…monetary policy would remain restrictive…”"), split_ellipsis('"shall ... pay"')
    ([('monetary policy would remain restrictive', '')], [('"shall', ''), ('pay"', ' ... ')])
    """
    parts: list[tuple[str, str]] = []
    pos = 0
    prev_end = 0
    for m in ELLIPSIS.finditer(quote):
        a, b = trim(quote, pos, m.start())
        if b > a and quote[a:b].strip(QUOTATION_MARKS):
            parts.append((quote[a:b], quote[prev_end:a] if parts else ""))
            prev_end = b
        pos = m.end()
    a, b = trim(quote, pos, len(quote))
    if b > a and quote[a:b].strip(QUOTATION_MARKS):
        parts.append((quote[a:b], quote[prev_end:a] if parts else ""))
    return parts


#: the double quotation marks (and guillemets) a quote may be written between
QUOTATION_MARKS = "\"“”„‟″‶«»〝〞〟＂‹›"


#: number words and their values ("forty" is 40); scale words ("million") stay words
NUMBER_WORDS: dict[str, str] = {
    w: str(i)
    for i, w in enumerate(
        "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen "
        "seventeen eighteen nineteen twenty".split()
    )
}
NUMBER_WORDS.update({w: str(10 * (i + 3)) for i, w in enumerate("thirty forty fifty sixty seventy eighty ninety".split())})

#: the signs written before an amount of money ("£30m", "$4.1 billion")
CURRENCY_SIGNS = frozenset("$€£¥")
#: the codes written there, folded ("RMB 200M", "USD 4.1bn")
CURRENCY_CODES = frozenset("usd eur gbp jpy chf cad aud cny rmb inr hkd sgd".split())
#: what stands before an amount of money: a sign or a code
MONEY_MARKS = CURRENCY_SIGNS | CURRENCY_CODES

#: the parts a fraction word names ("a third", "two thirds", "one fifth"): its denominator
FRACTION_PARTS = {"half": 2, "third": 3, "quarter": 4, "fourth": 4, "fifth": 5, "sixth": 6, "eighth": 8, "tenth": 10}

#: small words a name's initials leave out ("Department of Energy": DOE)
ACRONYM_GLUE = frozenset("of and for the on in to &".split())


def initials(words: list[str]) -> str:
    """The initials of a name's folded words, its small words (:data:`ACRONYM_GLUE`) left out.

    >>> initials(["department", "of", "energy"]), initials(["united", "states"])
    ('de', 'us')
    """
    return "".join(w[0] for w in words if w not in ACRONYM_GLUE)


#: verbs that attribute reported speech ("Warner said", "according to")
SPEECH_VERBS = frozenset("said says say told tells stated states added adds according noted notes wrote writes".split())


_TENS_WORDS = tuple(w for w, v in NUMBER_WORDS.items() if int(v) >= 20)  # "twenty" to "ninety"
_QUARTER_ORDINALS = {"first": "1", "second": "2", "third": "3", "fourth": "4"}


def quarters_as_digits(words: list[str]) -> list[str]:
    """Folded ``words`` with a quarter of the year written out ("fourth quarter", "4th quarter") as
    "Q4" tokenizes ("q", "4"), so that figures compare: "Q4" is the fourth quarter, "Q3" is not.

    >>> quarters_as_digits(["in", "the", "fourth", "quarter", "of", "2024"]), quarters_as_digits(["4", "th", "quarter"])
    (['in', 'the', 'q', '4', 'of', '2024'], ['q', '4'])
    >>> quarters_as_digits(["12", "th", "quarter"])
    ['12', 'th', 'quarter']
    """
    if "quarter" not in words:
        return words
    out: list[str] = []
    for w in words:
        if w == "quarter" and out and out[-1] in _QUARTER_ORDINALS:
            out[-1:] = ["q", _QUARTER_ORDINALS[out[-1]]]
        elif w == "quarter" and len(out) >= 2 and out[-1] in ("st", "nd", "rd", "th") and out[-2] in _QUARTER_ORDINALS.values():
            out[-2:] = ["q", out[-2]]
        else:
            out.append(w)
    return out


def hundreds_as_digits(words: list[str]) -> list[str]:
    """Folded ``words`` with a number spelled out past its hundreds ("one hundred twenty", "two hundred
    and forty-five") written in digits, so that it compares with "120" and "245" as one figure (read
    word by word it would be two: "100" and "20"). A spelled number that ends at its scale ("five
    hundred thousand") is left to the figure rules, which read it already.

    >>> hundreds_as_digits("within one hundred twenty days , two hundred and fortyfive sites".split())
    ['within', '120', 'days', ',', '245', 'sites']
    >>> hundreds_as_digits("five hundred thousand and one hundred".split())
    ['five', 'hundred', 'thousand', 'and', 'one', 'hundred']
    """
    if "hundred" not in words:
        return words
    out: list[str] = []
    i = 0
    while i < len(words):
        if (number_word_value(words[i]) is not None and (spelled := spelled_number(words, i)) is not None
                and "hundred" in words[i : i + spelled[1] - 1] and words[i + spelled[1] - 1] not in SCALE_WORDS):
            out.append(str(spelled[0]))
            i += spelled[1]
            continue
        out.append(words[i])
        i += 1
    return out


#: the words that scale a number ("two million"), with their factor
SCALE_WORDS = {"hundred": 100, "thousand": 1000, "million": 1_000_000, "billion": 1_000_000_000,
               "trillion": 1_000_000_000_000}


SCALE_ABBREVIATIONS = {"mn": 1_000_000, "mln": 1_000_000, "bn": 1_000_000_000, "tn": 1_000_000_000_000}


def scale_after(word: str) -> int | None:
    """The value of a scale word that follows a figure ("million", "bn"; "millions", and
    "millionmember", the fold of "million-member", start with one), or ``None``. "hundred" is a
    number word, not a scale of figures; "m", "b" and "k" are left alone (metres, clause letters).

    >>> scale_after("million"), scale_after("bn"), scale_after("millionmember"), scale_after("m")
    (1000000, 1000000000, 1000000, None)
    """
    if word in SCALE_ABBREVIATIONS:
        return SCALE_ABBREVIATIONS[word]
    return next((v for w, v in SCALE_WORDS.items() if w != "hundred" and word.startswith(w)), None)


# The patterns of :func:`figure_forms` start with a digit or a literal, so that the regex engine
# skips quickly to where they may match (a lookbehind first would make it try every position):
# what must not come before a match is checked on the match instead, by ``_after_figure``.
# two years joined, the second maybe by its last two digits: "2022-23", "2022/23", "1999-2000"
_YEAR_RANGE = re.compile(r"((?:1[5-9]|20)\d\d) ?[-/] ?(\d\d(?:\d\d)?)(?![\w/]|[.,]\d)")
_YEAR_RANGE_MAX = 10  # years a range written "2022-23" spans at most (a season, a fiscal year, a term of office)
_US_DOLLARS = re.compile(r"us ?\$(?= ?\d)")
_DIGIT_GROUPS = re.compile(r"[1-9]\d{0,2}(?: \d{3})+(?!\w|[.,]\d| \d)")  # "162 584": groups by a space
# a time of day on the 12-hour clock ("8am", "6:30 p.m."), read as the 24-hour clock writes it ("18:30")
_CLOCK_HINT = re.compile(r"\d(?:[:.][0-5]\d)? ?[ap]\.? ?m\b")
_CLOCK_12 = re.compile(r"(1[0-2]|0?[1-9])(?:[:.]([0-5]\d))? ?([ap])\.? ?m\b\.?")  # ("10.40pm": British)
# a ratio by a colon ("3.50:1.00", "3:1") as in words ("3.50 to 1.00"); "18:00" is a time of day
_RATIO = re.compile(r"(\d+(?:\.\d+)?) ?: ?(\d+(?:\.\d+)?)(?![\w:]|\.\d)")


def fold_for_figures(text: str) -> str:
    """``text`` folded as the figure rules read it: a name's digits dropped ("N2K", "B2B"), then
    :func:`fold` and :func:`figure_forms`.

    >>> fold_for_figures("N2K paid 1-1/2% of the fee")
    'nk paid 1.5% of the fee'
    """
    return figure_forms(fold(_DIGITS_IN_NAME.sub("", text)).text)


def figure_forms(text: str) -> str:
    """A folded text with each figure in one written form, for comparing figures: a mixed number
    as a decimal (:func:`mixed_numbers`), a range of two years with the second whole ("2022/23",
    "2022-23": "2022-2023", a season or a fiscal year; not past ten years), "US$" as "$", digits
    grouped by spaces as by commas ("162 584": "162,584"), a time of day on the 24-hour clock ("6 pm":
    "18:00"), a ratio in words ("3.50:1.00": "3.50 to 1.00"), a date in digits whose order is plain
    ("31/08/2024", "08/31/2024", "2024-08-31": "31 august 2024"; "05/06/2024" could be either and stays).

    >>> figure_forms("the 2022/23 season, 1999-00, not 1990-89; us$ 18,500 and 162 584 mln, 1-1/2%")
    'the 2022-2023 season, 1999-2000, not 1990-89; $ 18,500 and 162,584 mln, 1.5%'
    >>> figure_forms("from 8am to 6:30 p.m. or 8:00 to 18:30, not above 3.50:1.00 or 3:1, at 10.40pm")
    'from 08:00 to 18:30 or 8:00 to 18:30, not above 3.50 to 1.00 or 3 to 1, at 22:40'
    >>> figure_forms("no 12022-23, bus $5, a12 pm, 1 234 567 or 1234 567")
    'no 12022-23, bus $5, a12 pm, 1,234,567 or 1234 567'
    >>> figure_forms("at 31/08/2024, 12/25/2023 or 2024-03-01, not 05/06/2024 or 31/31/2024")
    'at 31 august 2024, 25 december 2023 or 1 march 2024, not 05/06/2024 or 31/31/2024'

    An amount in pence is the amount in pounds (since the 59th stop), not a time ("5 p.m.") or a page:

    >>> figure_forms("a fee of 25p, 35 pence or 420p, at 5 p.m., not 1080p")
    'a fee of £0.25, £0.35 or £4.20, at 17:00, not 1080p'

    A range of percentages with a dash, and noon on the 24-hour clock (since the 60th stop):

    >>> figure_forms("within 25%-35%, not 5-3% or 1-1/2%, from 12:00 noon or 12 noon")
    'within 25% to 35%, not 5-3% or 1.5%, from 12:00 or 12:00'

    A unit of area or volume, folded with its power (since the 60th stop), not a power of ten:

    >>> figure_forms("410 m^3 (range 300-520 m^3), 20km^2 or 20 km2, 10^6 cells, 4 m2.5, 7 m32")
    '410 cubic metres (range 300-520 cubic metres), 20 square kilometres or 20 square kilometres, 10^6 cells, 4 m2.5, 7 m32'
    """
    if _DIGITS.search(text) is None:
        return text  # (every form is of a figure)
    text = mixed_numbers(text)
    if "-" in text or "/" in text:
        text = _YEAR_RANGE.sub(_whole_years, text)
        text = _NUMERIC_DATE.sub(_date_in_words, text)
    if "$" in text:
        text = _US_DOLLARS.sub(lambda m: "$" if _after_figure(m, "") else m[0], text)
    if ":" in text:
        text = _RATIO.sub(_ratio, text)
    if _CLOCK_HINT.search(text):
        text = _CLOCK_12.sub(_clock, text)
    if "p" in text:
        text = _PENCE.sub(lambda m: f"£{int(m[1]) / 100:.2f}" if _after_figure(m, ".,£$€") else m[0], text)
    if "%-" in text:
        text = _PERCENT_RANGE.sub("% to ", text)
    if "noon" in text or "midnight" in text:
        text = _NOON.sub(lambda m: "12:00" if m[1] == "noon" else "00:00", text)
    if "^" in text or "2" in text or "3" in text:
        text = _POWERED_UNIT.sub(lambda m: f" {_POWERS[m[2]]} {UNIT_NAMES[m[1]]}", text)
    return _DIGIT_GROUPS.sub(lambda m: m[0].replace(" ", ",") if _after_figure(m, ".,") else m[0], text)


#: the months' names, in the year's order
MONTH_NAMES = tuple("january february march april may june july august september october november december".split())
_NUMERIC_DATE = re.compile(r"(?<![\w/.-])(?:(\d{1,2})/(\d{1,2})/(\d{4})|(\d{4})-(\d{2})-(\d{2}))(?![\w/]|[.-]\d)")


def _date_in_words(m: re.Match[str]) -> str:
    """A date in digits as "31 august 2024" where its order is plain: ISO's year-month-day, or a day past 12
    on either side of the month; else as written."""
    if m[4]:
        day, month, year = int(m[6]), int(m[5]), m[4]
    else:
        a, b, year = int(m[1]), int(m[2]), m[3]
        if a > 12 >= b:
            day, month = a, b
        elif b > 12 >= a:
            day, month = b, a
        else:
            return m[0]
    return _date_words(day, month, year) or m[0]


def _date_words(day: int, month: int, year: str) -> str | None:
    """A date as "31 august 2024", or ``None`` where the day or the month is out of range."""
    return f"{day} {MONTH_NAMES[month - 1]} {year}" if 1 <= month <= 12 and 1 <= day <= 31 else None


def dates_read_as(text: str, other: str) -> str:
    """``text`` with each date in digits whose order of day and month is not plain ("02/08/2021") written in words
    in the order ``other`` writes it ("2 august 2021" where ``other`` has "2 August 2021" or "August 2, 2021"):
    the other text says which it is. Dates ``other`` does not name stay as written (since the 59th stop).

    >>> dates_read_as("for the period 02/08/2021 to 03/04/2020", "from 2 August 2021 to 31 March 2023")
    'for the period 2 august 2021 to 03/04/2020'

    A range of dates that names its year once, at its end, carries it to its first date where ``other`` names that
    date with its year (since the 61st stop): "18 February and 9 April 2024" is "18 February 2024 and ...".

    >>> dates_read_as("Between 18 February and 9 April 2024, and 1 May to 2 June 2023", "Between 18/02/2024 and 09/04/2024, 1 May 2022")
    'Between 18 February 2024 and 9 April 2024, and 1 May to 2 June 2023'
    >>> dates_read_as("from March 3 through May 9, 2021", "from 2021-03-03 through May 9, 2021")
    'from March 3 2021 through May 9, 2021'
    """
    if not _DIGITS.search(other):
        return text
    folded = other.lower()
    text = _YEAR_ONCE.sub(lambda m: _year_carried(m, folded), text)
    # (and the other text, read against this one: "03/03/2023" for "3 March"; lower-cased only where a range is)
    folded = _YEAR_ONCE.sub(lambda m: _year_carried(m, text.lower()), folded)
    if "/" not in text:
        return text

    def read(m: re.Match[str]) -> str:
        if not m[1]:
            return m[0]
        a, b, year = int(m[1]), int(m[2]), m[3]
        for day, month in ((a, b), (b, a)):
            if (words := _date_words(day, month, year)) is not None and (
                    words in folded or f"{MONTH_NAMES[month - 1]} {day}, {year}" in folded):
                return words
        return m[0]

    return _NUMERIC_DATE.sub(read, text)


_MONTH = "(" + "|".join(MONTH_NAMES) + ")"
_THROUGH = r"( (?:and|to|until|till|through) | ?[-\u2013] ?)"
_YEAR = r"((?:1[5-9]|20)\d\d)\b"
# a range of dates with its year written once, at its end: "18 February and 9 April 2024" (groups: day, month, the
# words between, the second date, its year), or "March 3 through May 9, 2021" (month, day, ...)
_YEAR_ONCE = re.compile(rf"\b(?:(\d{{1,2}}) {_MONTH}|{_MONTH} (\d{{1,2}})){_THROUGH}((?:\d{{1,2}} {_MONTH}|{_MONTH} \d{{1,2}},?) {_YEAR})",
                        re.IGNORECASE)


def _year_carried(m: re.Match[str], other: str) -> str:
    """The range of dates matched by ``_YEAR_ONCE`` with its year carried to its first date where ``other`` (lower
    case) names that date with that year, in words or in digits; else as written."""
    day, month = (int(m[1]), m[2]) if m[1] else (int(m[4]), m[3])
    year, mm = m[9], MONTH_NAMES.index(month.lower()) + 1
    named = (f"{day} {month.lower()} {year}", f"{month.lower()} {day}, {year}", f"{month.lower()} {day} {year}",
             f"{year}-{mm:02d}-{day:02d}", *(f"{x}/{y}/{year}" for x, y in ((day, mm), (mm, day))),
             *(f"{x:02d}/{y:02d}/{year}" for x, y in ((day, mm), (mm, day))))
    if not any(n in other for n in named):
        return m[0]
    first = m[0][: m.start(5) - m.start()]
    return f"{first} {year}{m[5]}{m[6]}"


def ranges_read_as(text: str, other: str) -> str:
    """``text`` with each range of percentages signed once ("2.85-2.95%") written as ``other`` writes it with a sign on
    each figure ("2.85% to 2.95%"), where it does (since the 60th stop; "6-9%" stays for "six to nine percent").

    >>> ranges_read_as("a target of 2.85-2.95% and 5-7%", "a target of 2.85% to 2.95% and five to seven percent")
    'a target of 2.85% to 2.95% and 5-7%'
    """
    if "-" not in text or "%" not in other:
        return text
    return _RANGE_SIGNED_ONCE.sub(lambda m: f"{m[1]}% to {m[2]}%" if f"{m[1]}% to {m[2]}%" in other else m[0], text)


_RANGE_SIGNED_ONCE = re.compile(r"(?<![\w.,-])(\d+(?:\.\d+)?)-(\d+(?:\.\d+)?)%")
_PENCE = re.compile(r"\b(\d{1,3}) ?(?:p|pence)\b(?![.\w])")  # "25p", "35 pence" ("5 p.m." and "1080p" stay)
# a unit of area or volume after a figure, folded ("410 m^3" of "410 m³"): written out, "410 cubic metres"
_POWERED_UNIT = re.compile(r"(?<=\d) ?(m|km|cm|mm|ft|mi)\^?([23])(?![\w^.,]\d|\w)")  # (and "20 km2", its power not raised)
_POWERS = {"2": "square", "3": "cubic"}
#: units of length by their short names, written out (of an area or a volume: "m²", "sq ft")
UNIT_NAMES = {"m": "metres", "km": "kilometres", "cm": "centimetres", "mm": "millimetres", "ft": "feet", "mi": "miles"}
# a range of percentages written with a dash: "25%-35%" ("25%–35%" folded) is "25% to 35%", no negative figure
_PERCENT_RANGE = re.compile(r"%-(?=\d)")
_NOON = re.compile(r"\b12(?::00)? ?(noon|midnight)\b")  # "12 noon" and "12:00 noon" are 12:00


def _after_figure(m: re.Match[str], marks: str) -> bool:
    """Whether the match starts a word: no letter, digit or one of ``marks`` right before it."""
    before = m.string[m.start() - 1] if m.start() else " "
    return not (before.isalnum() or before == "_" or before in marks)


def _clock(m: re.Match[str]) -> str:
    if not _after_figure(m, ".:"):
        return m[0]
    return f"{int(m[1]) % 12 + (12 if m[3] == 'p' else 0):02d}:{m[2] or '00'}"


def _ratio(m: re.Match[str]) -> str:
    return f"{m[1]} to {m[2]}" if ("." in m[0] or len(m[2]) == 1) and _after_figure(m, ".:") else m[0]


def _whole_years(m: re.Match[str]) -> str:
    if not _after_figure(m, ".,/"):
        return m[0]
    first, second = int(m[1]), m[2]
    if len(second) == 2:
        later = first // 100 * 100 + int(second) + (100 if int(second) <= first % 100 else 0)
        second = str(later) if later - first <= _YEAR_RANGE_MAX else second
    return f"{m[1]}-{second}"


_MIXED_NUMBER = re.compile(r"(?<![\w.,/])(\d{1,4})(?:-| )([1-9])/([2-9]|1[0-6])(?![\w/])")


def mixed_numbers(text: str) -> str:
    """``text`` with each whole number and a proper fraction after it ("1-1/2", "2 1/2") written as
    one decimal figure, the same value ("1.5", "2.5"): a mixed number is one figure.

    >>> mixed_numbers("late charges of 1-1/2% per month for 2 1/2 years, not 2/3 or 3 3/2")
    'late charges of 1.5% per month for 2.5 years, not 2/3 or 3 3/2'
    """
    if "/" not in text:
        return text  # (most texts: no fraction, no pattern run)
    def one(m: re.Match[str]) -> str:
        whole, top, bottom = int(m[1]), int(m[2]), int(m[3])
        if top >= bottom:
            return m[0]
        return canonical_number(str(whole + top / bottom)) or m[0]

    return _MIXED_NUMBER.sub(one, text)


#: the Roman numerals that close a name ("World War II", "Schedule IV"), read whole where initials are read
#: ... and their values ("iii" is 3), for a stage or a type numbered by one ("Phase III")
ROMAN_VALUES = {r: i + 1 for i, r in enumerate("i ii iii iv v vi vii viii ix x".split())}
ROMAN_NUMERALS = frozenset(ROMAN_VALUES)

#: digits with a capital letter on each side: a name's ("N2K", "B2B"), which states no figure
#: ("tCO2e" is left alone: a unit the figure rules read)
_DIGITS_IN_NAME = re.compile(r"(?<=[A-Z])\d+(?=[A-Z])")

#: the letter after an amount of money that names its scale ("£30m", "£640k", "$4.1B"); elsewhere "m"
#: is metres and "b" a clause's letter
MONEY_SCALE_LETTERS = {"m": "million", "k": "thousand", "b": "billion"}


def scaled_figure(token: str, next_word: str) -> Decimal | None:
    """The exact value of a figure token and the scale word after it ("4.1", "bn" ->
    4,100,000,000), or ``None`` when ``next_word`` is no scale word (:func:`scale_after`) or the
    token no plain unsigned number.

    >>> scaled_figure("4.1", "billion"), scaled_figure("1,000", "million"), scaled_figure("4", "b")
    (Decimal('4100000000.0'), Decimal('1000000000.0'), None)
    """
    scale = scale_after(next_word)
    base = canonical_number(token) if scale else None
    if scale is None or base is None or not base.replace(".", "", 1).isdigit():
        return None
    return Decimal(base) * scale  # exact: 4.1 * 10**9 is 4,100,000,000


def number_word_value(w: str) -> int | None:
    """The value of one folded number word: "thirty" -> 30, "twentyfive" (a folded "twenty-five")
    -> 25; anything else -> None."""
    if w in NUMBER_WORDS:
        return int(NUMBER_WORDS[w])
    if len(w) > 6 and w.startswith(_TENS_WORDS):
        for t in _TENS_WORDS:
            if w.startswith(t) and w[len(t):] in NUMBER_WORDS:
                return int(NUMBER_WORDS[t]) + int(NUMBER_WORDS[w[len(t):]])
    return None


def spelled_number(words: Sequence[str], i: int) -> tuple[int, int] | None:
    """The value of the number spelled out in folded ``words`` from ``i`` on, and how many words
    it takes: "thirty", "twentyfive" (a folded "twenty-five"), "twenty five", "one hundred and
    five". ``None`` when ``words[i]`` starts no spelled number.

    >>> spelled_number(["one", "hundred", "and", "twentyfive", "days"], 0)
    (125, 4)
    """
    total = current = 0
    j = i
    while j < len(words):
        w = words[j]
        value = number_word_value(w)
        if value is not None:
            current += value
        elif w in SCALE_WORDS and j > i:
            if SCALE_WORDS[w] == 100:
                current = max(current, 1) * 100
            else:
                total += max(current, 1) * SCALE_WORDS[w]
                current = 0
        elif not (w == "and" and j > i and j + 1 < len(words) and number_word_value(words[j + 1]) is not None):
            break
        j += 1
    return (total + current, j - i) if j > i else None


def canonical_number(token: str) -> str | None:
    """One written form for a number token, so that "1,000", "1000" and "1000.00" compare
    equal, and an hour on the hour with its hour ("9:00" and "9"); ``None`` when the token does not
    start with a digit.

    >>> canonical_number("1,000.00") == canonical_number("1000")
    True
    >>> canonical_number("9:00") == canonical_number("9"), canonical_number("9:30") == canonical_number("9")
    (True, False)
    """
    if not token[:1].isdigit():
        return None
    if token.endswith(":00") and token[:-3].isdigit() and len(token) <= 5:
        token = token[:-3]  # "9:00 PM" is "9 PM": an hour on the hour
    try:
        return repr(float(token.replace(",", "")))
    except ValueError:
        return token
