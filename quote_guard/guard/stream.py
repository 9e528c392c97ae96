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

import re
from typing import TYPE_CHECKING

from ..extract import OPENERS, ExtractConfig
from .report import QuoteOutcome

if TYPE_CHECKING:  # pragma: no cover
    from ..models import Source
    from ..policy import Policy
    from .core import _Checker

__all__ = ["StreamState", "hold_point"]

_PARAGRAPH = re.compile(r"\n[ \t\r\f\v]*\n|\u2029")
_FENCE = re.compile(r"^[ \t]{0,3}(`{3,}|~{3,})", re.MULTILINE)
# marks that close as well as open: after a letter they close a quote (or are an apostrophe)
_AMBIGUOUS = frozenset(c for c, closers in OPENERS.items() if c in closers or any(c in v for v in OPENERS.values()))
_APOSTROPHES = frozenset("'’")
_OPEN_CONTEXT = "([{<—–-/\u3000"  # after these a mark opens a quote
_ALL_MARKS = frozenset(OPENERS) | frozenset().union(*OPENERS.values())


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


def _closer_after(text: str, i: int, closers: frozenset[str], limit: int) -> int:
    """The first mark of ``closers`` after ``i`` (before ``limit``) that closes a quote; -1 if none yet.

    ``’`` or ``'`` followed by a letter is an apostrophe (``tenant’s``), not a closing mark; at
    the very end of the text it cannot be told yet, so it counts as not closed.
    """
    n = len(text) if limit < 0 else limit
    j = i + 1
    while j < n:
        hits = [k for k in (text.find(c, j, n) for c in closers) if k >= 0]
        if not hits:
            return -1
        k = min(hits)
        if text[k] in _APOSTROPHES:
            if k + 1 >= len(text):
                return -1
            if text[k + 1].isalpha():
                j = k + 1
                continue
        return k
    return -1


def hold_point(text: str, start: int, cfg: ExtractConfig) -> int:
    """Where text from ``start`` on must stop being released: the first quote that may still be open.

    Returns ``len(text)`` when everything can go. Conservative by design: holding a little
    too long only delays text, releasing too early would let an unverified quote through.

    >>> hold_point('He said “the tenant shall', 0, ExtractConfig())
    8
    >>> hold_point('He said “the tenant shall pay” and left.', 0, ExtractConfig())
    40
    """
    n = len(text)
    if cfg.structured and _structured_candidate(text):
        return start  # a JSON answer is read whole, so it is released whole
    if cfg.skip_code:
        fence = _open_fence(text, start)
        if fence >= 0:
            n = fence
    tags = tuple(t.lower() for t in cfg.tag_names) if cfg.tags else ()
    quotes: list[tuple[int, int]] = []  # closed inline quotes seen: never released in part

    def hold(at: int) -> int:
        return min([at, *(a for a, b in quotes if a < at <= b)])

    i = start
    while i < n:
        ch = text[i]
        if cfg.inline and ch in OPENERS:
            # a mark that can also close opens only after a space or an opening bracket
            closing_side = i > 0 and not (text[i - 1].isspace() or text[i - 1] in _OPEN_CONTEXT)
            if not (closing_side and ch in _AMBIGUOUS):
                para = _paragraph_end(text, i)
                j = _closer_after(text, i, OPENERS[ch], para)
                if j >= 0:
                    quotes.append((i, j))
                elif para < 0:
                    return hold(i)
        elif tags and ch == "<":
            held = _tag_hold(text, i, tags)
            if held is not None:
                if held < 0:
                    return hold(i)
                i = held
                continue
        elif cfg.block_quotes and ch == ">" and text[_line_start(text, i) : i].strip() == "":
            end = _block_end(text, i)
            if end < 0:
                return hold(max(_line_start(text, i), start))
            i = end
            continue
        i += 1
    return hold(n)


def _tag_hold(text: str, i: int, tags: tuple[str, ...]) -> int | None:
    """For a ``<`` at ``i``: ``None`` if no configured tag opens here, -1 if the tag (or its
    closing tag) has not fully arrived, else the position after the closing tag."""
    rest = text[i + 1 : i + 2 + max(len(t) for t in tags)].lower()
    for tag in tags:
        if (tag.startswith(rest) or rest.startswith(tag)) and i + 1 + len(rest) >= len(text) and len(rest) <= len(tag):
            return -1  # "<quo" still arriving
        if rest.startswith(tag) and len(rest) > len(tag) and rest[len(tag)] in "> \t\n/":
            close = text.lower().find("</" + tag, i)
            end = text.find(">", close) if close >= 0 else -1
            return -1 if end < 0 else end + 1
    return None


def _line_start(text: str, i: int) -> int:
    return text.rfind("\n", 0, i) + 1


def _is_block_line(text: str, k: int) -> bool:
    j = k
    while j < len(text) and text[j] in " \t" and j - k < 4:
        j += 1
    return j < len(text) and text[j] == ">"


def _block_end(text: str, i: int) -> int:
    """The start of the first line after the block quote at ``i``; -1 while it may go on."""
    k = _line_start(text, i)
    n = len(text)
    while True:
        nl = text.find("\n", k)
        if nl < 0 or nl + 1 >= n:
            return -1
        k = nl + 1
        if not _is_block_line(text, k):
            if text[k] in " \t" and text[k:].strip() == "":  # indentation still arriving
                return -1
            return k


class StreamState:
    """The text of one stream so far, what was released, and the outcome of each quote."""

    def __init__(self, checker: _Checker, sources: list[Source], policy: Policy) -> None:
        self.checker = checker
        self.sources = sources
        self.policy = policy
        self.text = ""
        self.emitted = 0
        self.outcomes: list[QuoteOutcome] = []
        self.released: list[str] = []
        self.closed = False

    def feed(self, piece: str) -> str:
        """Take the next piece of text; return what may be shown now."""
        self.text += piece
        return self._release(hold_point(self.text, self.emitted, self.checker.config.extract))

    def close(self) -> str:
        """The stream ended: release everything still held."""
        if self.closed:
            return ""
        self.closed = True
        return self._release(len(self.text))

    def _release(self, upto: int) -> str:
        if upto <= self.emitted:
            return ""
        seg = self.text[self.emitted : upto]
        if not any(c in _ALL_MARKS or c in "<>" for c in seg) and not self.closed:
            self.emitted = upto
            self.released.append(seg)
            return seg
        # verify from the start of the paragraph, so each quote is read in its context
        base = 0 if self.closed or self.checker.config.extract.structured and _structured_candidate(self.text) else (
            max(0, self.text.rfind("\n\n", 0, self.emitted) + 2) if "\n\n" in self.text[: self.emitted] else 0
        )
        window = self.text[base:upto]
        keep = self.emitted - base  # text before `emitted` was released already
        found = [o for o in self.checker.check(window, self.sources, self.policy, reask=False)
                 if o.extracted is not None and o.extracted.outer_start >= keep]
        self.checker.raise_for(found)
        new_window = self.checker.apply(window, found)
        out = new_window[keep:]
        self.outcomes.extend(o.shifted(base) for o in found)
        self.emitted = upto
        self.released.append(out)
        return out
