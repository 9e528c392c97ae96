"""Streaming: forward text as it arrives, hold back a quote until it closes, then release it verified.

What counts as a quote comes from the extractor itself: the opening marks and the marks that
close them are :data:`quote_guard.extract.OPENERS`, and the tags, block quotes and
structured answers follow the active :class:`~quote_guard.extract.ExtractConfig`. So the
stream holds back exactly the kinds of quote that :func:`~quote_guard.extract_quotes` finds,
and a streamed answer gets the same quotes and verdicts as ``QuoteGuard.check`` on the whole
text.

Re-asks: the reader has already seen the stream, so a failing quote is never re-asked here;
the policy's ``fallback`` (annotate by default) is applied in place, and the report, complete
when the stream ends, flags it.
"""

from __future__ import annotations

import functools
import re
from bisect import bisect_left, bisect_right, insort
from typing import TYPE_CHECKING

from ..extract import OPENERS, QUOTE_MARKS, ExtractConfig
from .report import QuoteOutcome

if TYPE_CHECKING:  # pragma: no cover
    from ..models import Source
    from ..policy import Policy
    from .core import _Checker

__all__ = ["HoldScanner", "StreamState", "hold_point"]

_PARAGRAPH = re.compile(r"\n[ \t\r\f\v]*\n|\u2029")
_FENCE = re.compile(r"^[ \t]{0,3}(`{3,}|~{3,})", re.MULTILINE)
# marks that close as well as open: after a letter they close a quote (or are an apostrophe)
_AMBIGUOUS = frozenset(c for c, closers in OPENERS.items() if c in closers or any(c in v for v in OPENERS.values()))
_APOSTROPHES = frozenset("'’")
_OPEN_CONTEXT = "([{<—–-/\u3000"  # after these a mark opens a quote
_ALL_MARKS = QUOTE_MARKS
_NONSPACE = re.compile(r"\S")
#: characters of already-released text a stream re-reads around a new quote, at most (see StreamState)
LOOKBACK = 4096


class _Paragraphs:
    """Paragraph breaks of a growing text, found once each (the text only ever grows).

    ``starts`` holds every position a search for ``\n[ \t\r\f\v]*\n|\u2029`` could match
    at (an ``\n`` followed, across horizontal space, by another ``\n``; or ``\u2029``), so
    :meth:`end_from` answers ``_PARAGRAPH.search(text, i)`` without scanning again; ``doubles``
    holds every ``"\n\n"``.
    """

    __slots__ = ("doubles", "nl", "scanned", "starts")

    def __init__(self) -> None:
        self.starts: list[int] = []
        self.doubles: list[int] = []
        self.nl = -1  # the last "\n" followed only by horizontal space so far
        self.scanned = 0

    def advance(self, text: str) -> None:
        for j in range(self.scanned, len(text)):
            c = text[j]
            if c == "\n":
                if self.nl >= 0:
                    self.starts.append(self.nl)
                if j > 0 and text[j - 1] == "\n":
                    self.doubles.append(j - 1)
                self.nl = j
            elif c == "\u2029":
                self.starts.append(j)
                self.nl = -1
            elif c not in " \t\r\f\v":
                self.nl = -1
        self.scanned = len(text)

    def end_from(self, i: int) -> int:
        k = bisect_left(self.starts, i)
        return self.starts[k] if k < len(self.starts) else -1

    def start_before(self, i: int) -> int:
        """Start of the paragraph (by ``"\n\n"``) holding position ``i``: after the last
        ``"\n\n"`` that ends at or before ``i``; 0 if none."""
        k = bisect_right(self.doubles, i - 2)
        return self.doubles[k - 1] + 2 if k else 0


class _Fences:
    """Code fences of a growing text: complete lines are read once; the last, still arriving,
    line is looked at again on each call (it is short, or is not a fence)."""

    __slots__ = ("done", "kind", "opened", "seen")

    def __init__(self) -> None:
        self.opened = -1
        self.kind = ""
        self.done = 0  # complete lines before this position are counted
        self.seen = 0  # text length at the last call: no "\n" in [done, seen)

    @staticmethod
    def _step(opened: int, kind: str, m: re.Match[str]) -> tuple[int, str]:
        if opened < 0:
            return m.start(), m.group(1)
        if m.group(1)[0] == kind[0] and len(m.group(1)) >= len(kind):
            return -1, ""
        return opened, kind

    def open_fence(self, text: str, start: int) -> int:
        """What ``_open_fence(text, start)`` returns, reading only new lines."""
        last_nl = text.rfind("\n", max(self.done, self.seen))
        self.seen = len(text)
        if last_nl >= 0:
            for m in _FENCE.finditer(text, self.done, last_nl + 1):
                self.opened, self.kind = self._step(self.opened, self.kind, m)
            self.done = last_nl + 1
        opened, kind = self.opened, self.kind
        tail = _FENCE.match(text, self.done) if self.done < len(text) else None
        if tail is not None and (self.done == 0 or text[self.done - 1] == "\n"):
            opened, kind = self._step(opened, kind, tail)
        return opened if opened >= start else (start if opened >= 0 else -1)


def _paragraph_end(text: str, i: int) -> int:
    m = _PARAGRAPH.search(text, i)
    return m.start() if m else -1


def _open_fence(text: str, start: int) -> int:
    """The start of a code fence that is still open at the end of ``text`` (-1 if none)."""
    opened = -1
    kind = ""
    for m in _FENCE.finditer(text):
        if opened < 0:
            opened, kind = m.start(), m.group(1)
        elif m.group(1)[0] == kind[0] and len(m.group(1)) >= len(kind):
            opened = -1
    return opened if opened >= start else (start if opened >= 0 else -1)


def _structured_candidate(text: str) -> bool:
    head = text.lstrip()[:8]
    return head.startswith(("{", "[", "```json", "```JSON", "~~~json")) or head in ("`", "``", "```", "~", "~~", "~~~")


def _closer_from(text: str, j: int, closers: frozenset[str], limit: int) -> tuple[int, int]:
    """The first mark of ``closers`` from ``j`` (before ``limit``; -1: the end) that closes a
    quote, and where a later search may resume: ``(k, k)`` when found, ``(-1, resume)`` if not.

    ``’`` or ``'`` followed by a letter is an apostrophe (``tenant’s``), not a closing mark; at
    the very end of the text it cannot be told yet, so it counts as not closed.
    """
    n = len(text) if limit < 0 else min(limit, len(text))
    while j < n:
        hits = [k for k in (text.find(c, j, n) for c in closers) if k >= 0]
        if not hits:
            return -1, n
        k = min(hits)
        if text[k] in _APOSTROPHES:
            if k + 1 >= len(text):
                return -1, k
            if text[k + 1].isalpha():
                j = k + 1
                continue
        return k, k
    return -1, max(j, 0)


def _closer_after(text: str, i: int, closers: frozenset[str], limit: int) -> int:
    """The first mark of ``closers`` after ``i`` (before ``limit``) that closes a quote; -1 if none yet."""
    return _closer_from(text, i + 1, closers, limit)[0]


def hold_point(text: str, start: int, cfg: ExtractConfig) -> int:
    """Where text from ``start`` on must stop being released: the first quote that may still be open.

    Returns ``len(text)`` when everything can go. Conservative by design: holding a little
    too long only delays text, releasing too early would let an unverified quote through.
    A stream uses :class:`HoldScanner`, which gives the same answers while reading each
    character about once.

    >>> hold_point('He said “the tenant shall', 0, ExtractConfig())
    8
    >>> hold_point('He said “the tenant shall pay” and left.', 0, ExtractConfig())
    40
    """
    return HoldScanner(cfg).hold(text, start)


class HoldScanner:
    """:func:`hold_point` for a text that only grows: the scan resumes where it stopped.

    Everything before the last hold is decided for good (a closed quote stays closed, a mark
    shown not to open a quote stays so), so each call reads only what is new, plus the quote
    it is holding, from where its closing-mark search stopped. ``starts`` records where the
    scan saw a quote begin (an inline mark that closed, a tag, a block quote), so the stream
    verifies only the stretches that can hold a quote.
    """

    def __init__(self, cfg: ExtractConfig) -> None:
        self.cfg = cfg
        self.tags = tuple(t.lower() for t in cfg.tag_names) if cfg.tags else ()
        self.pos = 0  # the scan resumes here
        self.quotes: list[tuple[int, int]] = []  # closed inline quotes that may still matter
        self.starts: list[int] = []  # where quotes were seen to begin
        self.last_close = 0  # just after the last closing mark of an inline quote seen
        self.paras = _Paragraphs()
        self.fences = _Fences()
        self.pending: tuple[int, int] = (-1, 0)  # (held mark, where its closer search resumes)
        self.block: tuple[int, int] = (-1, -1)  # (held block quote, the line its end search resumes at)
        self.head = -1  # index of the first non-space character, once known
        self.structured: bool | None = None  # decided once 8 characters of head arrived

    def _structured(self, text: str) -> bool:
        if self.structured is not None:
            return self.structured
        if self.head < 0:
            m = _NONSPACE.search(text)
            if m is None:
                return _structured_candidate(text)
            self.head = m.start()
        head = text[self.head : self.head + 8]
        verdict = _structured_candidate(head)
        if len(head) == 8:
            self.structured = verdict
        return verdict

    def seen_start(self, lo: int, hi: int) -> bool:
        """Did the scan see a quote begin in ``[lo, hi)``?"""
        k = bisect_left(self.starts, lo)
        return k < len(self.starts) and self.starts[k] < hi

    def hold(self, text: str, start: int) -> int:
        cfg = self.cfg
        self.paras.advance(text)
        n = len(text)
        if cfg.structured and self._structured(text):
            return start  # a JSON answer is read whole, so it is released whole
        if cfg.skip_code:
            fence = self.fences.open_fence(text, start)
            if fence >= 0:
                n = fence
        self.quotes = [(a, b) for a, b in self.quotes if b >= start]
        quotes = self.quotes

        def hold(at: int) -> int:
            self.pos = i
            return min([at, *(a for a, b in quotes if a < at <= b)])

        i = max(start, self.pos)
        while i < n:
            ch = text[i]
            if cfg.inline and ch in OPENERS:
                # a mark that can also close opens only after a space or an opening bracket
                closing_side = i > 0 and not (text[i - 1].isspace() or text[i - 1] in _OPEN_CONTEXT)
                if not (closing_side and ch in _AMBIGUOUS):
                    para = self.paras.end_from(i)
                    held, resume = self.pending
                    j, resume = _closer_from(text, resume if held == i else i + 1, OPENERS[ch], para)
                    if j >= 0:
                        quotes.append((i, j))
                        self.last_close = max(self.last_close, j + 1)
                        self._start(i)
                    elif para < 0:
                        self.pending = (i, resume)
                        return hold(i)
            elif self.tags and ch == "<":
                held_to = _tag_hold(text, i, self.tags)
                if held_to is not None:
                    if held_to < 0 or held_to > n:
                        # not closed yet, or closed only inside a fence still open: whether the
                        # tag spans the fence is known once the fence closes (so the scan never
                        # jumps into a fence, and a scan from any later start agrees)
                        return hold(i)
                    self._start(i)
                    i = held_to
                    continue
            elif cfg.block_quotes and ch == ">" and text[_line_start(text, i) : i].strip() == "":
                held_block, resume_block = self.block
                end, resume_block = _block_scan(text, i, resume_block if held_block == i else -1)
                self.block = (i, resume_block)
                if end < 0 or end > n:
                    return hold(max(_line_start(text, i), start))
                self._start(_line_start(text, i))
                i = end
                continue
            i += 1
        return hold(n)

    def _start(self, at: int) -> None:
        if not self.starts or self.starts[-1] < at:
            self.starts.append(at)
        elif at not in self.starts:
            insort(self.starts, at)


def _tag_hold(text: str, i: int, tags: tuple[str, ...]) -> int | None:
    """For a ``<`` at ``i``: ``None`` if no configured tag opens here, -1 if the tag (or its
    closing tag) has not fully arrived, else the position after the closing tag."""
    rest = text[i + 1 : i + 2 + max(len(t) for t in tags)].lower()
    for tag in tags:
        if (tag.startswith(rest) or rest.startswith(tag)) and i + 1 + len(rest) >= len(text) and len(rest) <= len(tag):
            return -1  # "<quo" still arriving
        if rest.startswith(tag) and len(rest) > len(tag) and rest[len(tag)] in "> \t\n/":
            m = _closing_tag(tag).search(text, i)  # not text.lower(): that copies the whole stream
            close = m.start() if m else -1
            end = text.find(">", close) if close >= 0 else -1
            return -1 if end < 0 else end + 1
    return None


@functools.lru_cache(maxsize=64)
def _closing_tag(tag: str) -> re.Pattern[str]:
    return re.compile("</" + re.escape(tag), re.IGNORECASE)


def _line_start(text: str, i: int) -> int:
    return text.rfind("\n", 0, i) + 1


def _is_block_line(text: str, k: int) -> bool:
    j = k
    while j < len(text) and text[j] in " \t" and j - k < 4:
        j += 1
    return j < len(text) and text[j] == ">"


def _block_end(text: str, i: int, resume: int = -1) -> int:
    """The start of the first line after the block quote at ``i``; -1 while it may go on."""
    return _block_scan(text, i, resume)[0]


def _block_scan(text: str, i: int, resume: int = -1) -> tuple[int, int]:
    """:func:`_block_end`, and the line start from which a later call may resume (every line
    before it is a block line)."""
    k = resume if resume >= 0 else _line_start(text, i)
    n = len(text)
    while True:
        nl = text.find("\n", k)
        if nl < 0 or nl + 1 >= n:
            return -1, k
        if not _is_block_line(text, nl + 1):
            if text[nl + 1] in " \t" and text[nl + 1 :].strip() == "":  # indentation still arriving
                return -1, k
            return nl + 1, nl + 1
        k = nl + 1


class StreamState:
    """The text of one stream so far, what was released, and the outcome of each quote.

    Streaming costs the same order as ``check()`` on the whole text: the hold scan is
    incremental (:class:`HoldScanner`), a released stretch in which the scan saw no quote
    begin is passed on without extraction, and a stretch that may hold a quote is verified
    in a window that starts at the latest of: its paragraph's start, the end of the last
    quote found, and :data:`LOOKBACK` characters before it (context for the extractor).
    """

    def __init__(self, checker: _Checker, sources: list[Source], policy: Policy) -> None:
        self.checker = checker
        self.sources = sources
        self.policy = policy
        self.text = ""
        self.emitted = 0
        self.outcomes: list[QuoteOutcome] = []
        self.released: list[str] = []
        self.closed = False
        self.scanner = HoldScanner(checker.config.extract)
        self._quote_end = 0  # end of the last quote found (absolute)

    def feed(self, piece: str) -> str:
        """Take the next piece of text; return what may be shown now."""
        text, self.text = self.text, ""
        text += piece  # in place when CPython can: the stream's text is not copied per chunk
        self.text = text
        return self._release(self.scanner.hold(self.text, self.emitted))

    def close(self) -> str:
        """The stream ended: release everything still held."""
        if self.closed:
            return ""
        self.closed = True
        return self._release(len(self.text))

    def release_unchecked(self) -> str:
        """Give up checking: release everything still held, as it is, and end the stream here (a
        driver that fails open mid-stream passes the rest of the stream on itself)."""
        rest = self.text[self.emitted:]
        self.emitted = len(self.text)
        self.closed = True
        self.released.append(rest)
        return rest

    def _base(self) -> int:
        """Where the verification window of the next release starts (see the class doc)."""
        text, at = self.text, self.emitted
        cfg = self.checker.config.extract
        if self.closed or (cfg.structured and self.scanner._structured(text)):
            return 0
        self.scanner.paras.advance(text)
        base = max(self.scanner.paras.start_before(at), self._quote_end)
        if at - base > LOOKBACK:
            cut = at - LOOKBACK
            space = text.find(" ", cut, at)
            base = space + 1 if space >= 0 else cut
        return base

    def _release(self, upto: int) -> str:
        if upto <= self.emitted:
            return ""
        seg = self.text[self.emitted : upto]
        if not self.closed and (
            not any(c in _ALL_MARKS or c in "<>" for c in seg)
            or not self.scanner.seen_start(self._base_hint(), upto)
        ):
            self.emitted = upto
            self.released.append(seg)
            return seg
        base = self._base()
        window = self.text[base:upto]
        keep = self.emitted - base  # text before `emitted` was released already
        found = [o for o in self.checker.check(window, self.sources, self.policy, reask=False)
                 if o.extracted is not None and o.extracted.outer_start >= keep]
        self.checker.raise_for(found)
        new_window = self.checker.apply(window, found)
        out = new_window[keep:]
        self.outcomes.extend(o.shifted(base) for o in found)
        if found and found[-1].extracted is not None:
            self._quote_end = max(self._quote_end, base + found[-1].extracted.outer_end)
        if self.scanner.last_close <= upto:  # a closed pair the extractor turned down ends its context too
            self._quote_end = max(self._quote_end, self.scanner.last_close)
        self.emitted = upto
        self.released.append(out)
        return out

    def _base_hint(self) -> int:
        """A quote that began before ``emitted`` was held until it closed, so one that can end in
        the new stretch began in it, or in the held quote the stretch releases."""
        return self.emitted
