"""Find every quotation in an LLM answer, with its exact place in the answer.

:func:`extract_quotes` reads an answer the way a careful reader would and returns one
:class:`ExtractedQuote` per quotation, in answer order:

- **inline** quotes in any common family: ``"…"``, ``“…”``, ``‘…’``, ``„…“``, ``«…»``,
  ``»…«``, ``‹…›``, ``「…」``, ``『…』``, ``〝…〞`` and full-width ``＂…＂``. A quote with
  nested marks (a “quote with ‘inner’ marks”) gives the outer quote only.
- **block** quotes: markdown ``>`` lines, several paragraphs included.
- **tag** quotes: ``<quote>``, ``<q>``, ``<cite>`` and ``<blockquote>`` elements, and the
  ``<cite index="…">`` markup some providers leak into text (also with ``(`` or no ``<``).
- **field** quotes: when the whole answer is JSON (or one fenced JSON block), the string
  values of the configured field names, with their JSON-pointer path.

Apostrophes are never quote marks: a mark is judged by the characters around it (a letter on
both sides, a known elision such as ``’tis`` or ``’n’``, or a closing ``’`` with no opener
pending is an apostrophe). Code spans and fenced code are skipped. A mark that is never
closed is dropped at the end of its paragraph: it cannot swallow the rest of the answer.

The scan is linear: regular expressions only jump to candidate characters, nothing built
from the answer is ever compiled, and no pattern can backtrack over the answer.

>>> [q.text for q in extract_quotes("I didn't say it's “the tenant shall pay rent” [2].")]
['the tenant shall pay rent']
>>> q = extract_quotes("I didn't say it's “the tenant shall pay rent” [2].")[0]
>>> q.start, q.end, q.open_mark, q.close_mark, q.kind.value, q.citation
(19, 44, '“', '”', 'inline', '2')
"""

from __future__ import annotations

import json
import re
import unicodedata
from bisect import bisect_left, bisect_right
from dataclasses import dataclass, field, replace
from enum import Enum
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, field_validator

from .normalize import is_cjk, json_unescape, trim

__all__ = ["OPENERS", "QUOTE_MARKS", "ExtractConfig", "ExtractedQuote", "QuoteKind", "extract_quotes"]


# --------------------------------------------------------------------------- public types


class QuoteKind(str, Enum):
    """Where a quote was found: ``inline`` marks, a ``block`` quote, a ``tag``, a JSON ``field``."""

    INLINE = "inline"
    BLOCK = "block"
    TAG = "tag"
    FIELD = "field"

    def __str__(self) -> str:
        return self.value


_DEFAULT_JSON_FIELDS = ("quote", "quotes", "substring_quote", "evidence", "citation")


class ExtractConfig(BaseModel):
    """What :func:`extract_quotes` looks for. Frozen; unknown keys are an error.

    The defaults suit chat answers: every quote family, block quotes, tags and JSON
    fields on; quotes of one or two words ("scare quotes") dropped; CJK quotes kept.
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    min_words: int = Field(
        default=3, ge=0,
        description="Inline quotes in spaced scripts (Latin, Cyrillic, Greek...) with fewer words "
        "than this are scare quotes or terms, not quotations, and are skipped. Block, tag and "
        "field quotes are deliberate quotations and are always kept.",
    )
    min_cjk_chars: int = Field(
        default=2, ge=0,
        description="The same minimum for inline quotes written mostly in Chinese or Japanese "
        "(no spaces between words), counted in letters.",
    )
    inline: bool = Field(default=True, description="Look for quotes between quotation marks.")
    block_quotes: bool = Field(default=True, description="Look for markdown block quotes ('> ' lines).")
    tags: bool = Field(default=True, description="Look for <quote>, <q>, <cite>, <blockquote> elements.")
    tag_names: tuple[str, ...] = Field(
        default=("quote", "q", "cite", "blockquote"),
        description="Element names read as quotations when `tags` is on (matched case-insensitively).",
    )
    structured: bool = Field(
        default=True,
        description="When the whole answer is JSON (or a single fenced ```json block), read the "
        "fields named in `json_fields` instead of scanning it as prose.",
    )
    json_fields: tuple[str, ...] = Field(
        default=_DEFAULT_JSON_FIELDS,
        description="JSON keys whose string values (or list of strings) are quotations.",
    )
    json_text_fields: tuple[str, ...] = Field(
        default=("text", "content"),
        description="Inside an object held by a `json_fields` key (for example "
        "{\"quotes\": [{\"text\": ..., \"source\": ...}]}), the keys that hold the quotation itself.",
    )
    json_citation_fields: tuple[str, ...] = Field(
        default=("source", "source_id", "doc", "doc_id", "document", "document_id", "ref", "reference", "cite"),
        description="Keys, next to a quotation in the same JSON object, that name its source; "
        "their value becomes the quote's `citation`.",
    )
    json_inline: bool = Field(
        default=True,
        description="Also scan the other string values of a JSON answer (an 'answer' field, say) "
        "for inline, block and tag quotes.",
    )
    skip_code: bool = Field(default=True, description="Ignore anything inside code spans and fenced code blocks.")
    citations: bool = Field(
        default=True,
        description="Record a citation hint written right after a quote ([1], [S2], [^3], "
        "(Source: lease.pdf), 【4†source】) or in a tag attribute (doc=, source=, index=...).",
    )

    @field_validator("tag_names", "json_fields", "json_text_fields", "json_citation_fields")
    @classmethod
    def _no_empty_names(cls, v: tuple[str, ...]) -> tuple[str, ...]:
        if any(not isinstance(x, str) or not x.strip() for x in v):
            raise ValueError("names must be non-empty strings")
        return v

    @field_validator("tag_names")
    @classmethod
    def _tag_names_are_names(cls, v: tuple[str, ...]) -> tuple[str, ...]:
        bad = [x for x in v if not re.fullmatch(r"[A-Za-z][A-Za-z0-9:_-]*", x)]
        if bad:
            raise ValueError(f"not element names: {bad!r} (letters, digits, ':', '_', '-')")
        return tuple(x.lower() for x in v)


@dataclass(frozen=True, slots=True)
class ExtractedQuote:
    """One quotation found in an answer.

    Offsets count Python ``str`` characters of the answer, half-open.

    - ``text``: the words quoted, without marks or surrounding spaces. This is what to
      verify.
    - ``start``/``end``: where those words sit. For ``inline`` and ``tag`` quotes (and
      one-line block quotes) ``answer[start:end] == text``. A block quote over several
      lines reads ``"\\n".join(answer[s:e] for s, e in segments)`` (the ``>`` markers are
      not part of the quote). A quote inside a JSON answer (``json_pointer`` is set) sits
      inside a JSON string literal as written, escapes included:
      ``json.loads('"' + answer[start:end] + '"') == text``. :meth:`read_from` applies
      the right rule.
    - ``outer_start``/``outer_end``: the whole quotation, marks or tags included: what a
      rewrite may replace. ``answer[outer_start:start]`` holds the opening mark (and any
      space after it).
    - ``open_mark``/``close_mark``: the marks as written (``“``/``”``, ``<cite doc="a">``/
      ``</cite>``, ``"> "`` for a block); ``""`` when there is none (a bare JSON value).
    - ``citation``: the source the answer names next to the quote, cleaned (``"1"`` for
      ``[1]``, ``"lease.pdf"`` for ``(Source: lease.pdf)``, a tag's ``doc=`` value), or
      ``None``; ``citation_span`` is where that hint is written in the answer.
    - ``json_pointer``: RFC 6901 path of the JSON string the quote was found in, or ``None``.
    - ``segments``: the content ranges, one per line for a block quote.
    """

    text: str
    start: int
    end: int
    open_mark: str
    close_mark: str
    kind: QuoteKind
    outer_start: int
    outer_end: int
    citation: str | None = None
    citation_span: tuple[int, int] | None = None
    json_pointer: str | None = None
    segments: tuple[tuple[int, int], ...] = field(default=())

    def read_from(self, answer: str) -> str:
        """Read this quote's text back from ``answer`` (see the class doc for the rules).

        Equal to ``self.text`` exactly when ``answer`` is the text it was extracted from, at
        least around the quote; :func:`quote_guard.rewrite` uses it to refuse stale quotes.
        """
        segs = self.segments or ((self.start, self.end),)
        if self.json_pointer is not None:
            parts = [json_unescape(answer[s:e]) for s, e in segs]
        else:
            parts = [answer[s:e] for s, e in segs]
        return "\n".join(parts)

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict (for export only)."""
        return {
            "text": self.text,
            "start": self.start,
            "end": self.end,
            "open_mark": self.open_mark,
            "close_mark": self.close_mark,
            "kind": self.kind.value,
            "outer_start": self.outer_start,
            "outer_end": self.outer_end,
            "citation": self.citation,
            "citation_span": list(self.citation_span) if self.citation_span else None,
            "json_pointer": self.json_pointer,
            "segments": [list(s) for s in self.segments],
        }


def extract_quotes(text: str, config: ExtractConfig | None = None) -> list[ExtractedQuote]:
    """Every quotation in ``text``, in order of position (see the module doc for what counts).

    Never raises on any ``str``; runs in time linear in the length of ``text``. Quotes never
    overlap: when quotes nest, only the outermost is returned.

    >>> qs = extract_quotes("> The Tenant shall pay rent.\\n> Rent is due monthly.\\n\\nOK.")
    >>> [(q.kind.value, q.text) for q in qs]
    [('block', 'The Tenant shall pay rent.\\nRent is due monthly.')]
    >>> extract_quotes('{"answer": "yes", "quotes": ["the Tenant shall pay"]}')[0].json_pointer
    '/quotes/0'
    """
    if not isinstance(text, str):
        raise TypeError(f"extract_quotes() needs a str, got {type(text).__name__}")
    cfg = config if config is not None else ExtractConfig()
    if cfg.structured:
        found = _structured(text, cfg)
        if found is not None:
            return found
    return _extract_prose(text, cfg)


# --------------------------------------------------------------------------- character classes

# opening mark -> the marks that can close it
OPENERS: dict[str, frozenset[str]] = {
    '"': frozenset('"'),
    "'": frozenset("'"),
    "“": frozenset("”"),
    "”": frozenset("”"),  # Swedish/Finnish ”…”
    "‘": frozenset("’"),
    "„": frozenset("“”"),
    "‚": frozenset("‘’"),
    "«": frozenset("»"),
    "»": frozenset("«»"),  # German/Danish »…«, Swedish »…»
    "‹": frozenset("›"),
    "›": frozenset("‹›"),
    "「": frozenset("」"),
    "『": frozenset("』"),
    "〝": frozenset("〞〟"),
    "＂": frozenset("＂"),
}
#: every quotation mark the extractor reads, opening or closing
QUOTE_MARKS: frozenset[str] = frozenset(OPENERS) | frozenset().union(*OPENERS.values())
_ALL_MARKS = "".join(sorted(QUOTE_MARKS))
_OPAQUE = "\x00"  # painted over code spans and tags: punctuation-like, never a mark
_BARRIER = "\x01"  # painted over paragraph breaks, fences and block quotes: ends every quote
_MARK_RE = re.compile("[" + re.escape(_ALL_MARKS) + "]|" + _BARRIER + "+")
_PROSE_HINT_RE = re.compile("[" + re.escape(_ALL_MARKS) + "<>(]")
_BLANK_RE = re.compile(r"\n[ \t\r\f\v]*\n|[\u2029]")
_WORD_RE = re.compile(r"[^\W_]+(?:['’][^\W_]+)*")
# elisions that start with an apostrophe: ’tis, ’twas, ’em, ’cause, rock ’n’ roll, the ’90s
_ELISION_RE = re.compile(
    r"(?:tis|twas|twere|twill|em|cause|cos|cuz|til|bout|round|nother|n|ere)(?![^\W\d_])|\d\d(?:s)?(?!\w)",
    re.IGNORECASE,
)
# the closing mark of a single-quoted figure ("‘30 days’", "'30 days'")
_FIGURE_QUOTE_CLOSERS = {"‘": "’", "'": "'"}
# the possessive/closing candidates for a single closing mark: not after a space, not before a word
_SINGLE_CLOSE_CANDIDATE = {c: re.compile(rf"(?<=\S){re.escape(c)}(?!\w)") for c in "'’"}


def _is_word(c: str) -> bool:
    """A letter or digit (or a combining mark, which belongs to the letter before it)."""
    if c.isalnum():
        return True
    return not c.isascii() and unicodedata.category(c)[0] == "M"


def _glued(c: str) -> bool:
    """A letter that a mark cannot open after (or close before) without a space: any word
    character except Han and kana, which are written without spaces."""
    return c.isalnum() and not ("\u3040" <= c <= "\u9fff" or "\uf900" <= c <= "\ufaff")


def _is_space(c: str) -> bool:
    return c.isspace() or c == _BARRIER


# --------------------------------------------------------------------------- citation hints

_HINT_KEYWORDS = r"(?i:sources?|src|refs?|references?|docs?|documents?|see|from|cited?(?:\s+in)?|per|cf\.?)"
_REF_ID = r"[A-Za-z]{0,12}[ _#:-]?\d{1,5}[A-Za-z]?(?:\s*[,;–-]\s*[A-Za-z]{0,12}[ _#:-]?\d{1,5}[A-Za-z]?){0,8}"
_FILE_ID = r"[\w-][\w .-]{0,80}?\.[A-Za-z][A-Za-z0-9]{0,4}(?:,[^()\n]{0,40})?"
_HINT_AFTER_RE = re.compile(
    r"[ \t\u00a0\u202f]{0,3}(?:"
    r"\[(?P<b>\^?[^\[\]\n]{1,60})\](?:\([^()\s]{0,300}\))?"
    r"|【(?P<l>[^【】\n]{1,80})】"
    r"|\(" + _HINT_KEYWORDS + r"\b[ \t]*[:#]?[ \t]*(?P<p>[^()\n]{1,120})\)"
    r"|\((?P<r>" + _REF_ID + "|" + _FILE_ID + r")\)"
    r"|\ue200cite\ue202(?P<u>[^\ue201\n]{1,80})\ue201"
    r")"
)
_BRACKET_OK_RE = re.compile(r"\d|^\^|\.[A-Za-z]{1,5}\b|^" + _HINT_KEYWORDS + r"\b")
_HINT_PREFIX_RE = re.compile(r"^\^?(?:" + _HINT_KEYWORDS + r"\b[ \t]*[:#]?[ \t]*)?")
# a bracketed reference the model wrote just inside the closing mark: “… rent [1]”
_INNER_HINT_RE = re.compile(
    r"[ \t\u00a0]*\[(?P<b>\^?[A-Za-z]{0,12}[ _#:-]?\d{1,5}(?:\s*[,;–-]\s*[A-Za-z]{0,12}[ _#:-]?\d{1,5}){0,8})\]\Z"
)


def _clean_hint(raw: str) -> str:
    s = raw.strip()
    m = _HINT_PREFIX_RE.match(s)
    if m and m.end() < len(s):
        s = s[m.end():]
    return s.strip()


def _hint_after(text: str, pos: int) -> tuple[str, tuple[int, int]] | None:
    """A citation hint starting at ``pos`` (after optional spaces): (cleaned, span)."""
    m = _HINT_AFTER_RE.match(text, pos)
    if not m:
        return None
    for g in ("b", "l", "p", "r", "u"):
        raw = m.group(g)
        if raw is None:
            continue
        if g == "b" and not _BRACKET_OK_RE.search(raw.strip()):
            return None  # "[emphasis added]", "[sic]": an editorial note, not a source
        cleaned = _clean_hint(raw)
        if not cleaned:
            return None
        s = m.start() + len(m.group()) - len(m.group().lstrip(" \t\u00a0\u202f"))
        return cleaned, (s, m.end())
    return None  # pragma: no cover - one group always matches


# --------------------------------------------------------------------------- raw quotes


@dataclass(slots=True)
class _Frame:
    pos: int
    mark: str
    closers: frozenset[str]
    children: list[tuple[int, int, int, int]]


@dataclass(slots=True)
class _Regions:
    """Sorted, non-overlapping ranges with a fast membership test."""

    starts: list[int] = field(default_factory=list)
    ends: list[int] = field(default_factory=list)

    def add(self, s: int, e: int) -> None:
        self.starts.append(s)
        self.ends.append(e)

    def contains(self, pos: int) -> bool:
        k = bisect_right(self.starts, pos) - 1
        return k >= 0 and pos < self.ends[k]

    def pairs(self) -> list[tuple[int, int]]:
        return list(zip(self.starts, self.ends))


def _find_fences(text: str) -> _Regions:
    """Fenced code blocks (``` or ~~~, any indent); an unclosed fence runs to the end."""
    out = _Regions()
    if "```" not in text and "~~~" not in text:
        return out
    opened: tuple[int, str, int] | None = None
    for m in re.finditer(r"^[ \t]*(?P<f>`{3,}|~{3,})(?P<rest>[^\n]*)$", text, re.MULTILINE):
        fence = m.group("f")
        if opened is None:
            if fence[0] == "`" and "`" in m.group("rest"):
                continue  # ```code``` on one line is a code span, not a fence
            opened = (m.start(), fence[0], len(fence))
        elif fence[0] == opened[1] and len(fence) >= opened[2] and not m.group("rest").strip():
            out.add(opened[0], m.end())
            opened = None
    if opened is not None:
        out.add(opened[0], len(text))
    return out


def _paragraph_ends(text: str) -> list[int]:
    return [m.start() for m in _BLANK_RE.finditer(text)]


def _find_code_spans(text: str, fences: _Regions, para_ends: list[int]) -> _Regions:
    """Inline code spans: a backtick run closed by the next run of the same length in the
    same paragraph (CommonMark); an unmatched run is a literal backtick."""
    out = _Regions()
    if "`" not in text:
        return out
    runs = [(m.start(), m.end()) for m in re.finditer(r"`+", text) if not fences.contains(m.start())]
    by_len: dict[int, list[int]] = {}
    for k, (s, e) in enumerate(runs):
        by_len.setdefault(e - s, []).append(k)
    k = 0
    while k < len(runs):
        s, e = runs[k]
        same = by_len[e - s]
        j_pos = bisect_right(same, k)
        if j_pos < len(same):
            j = same[j_pos]
            p = bisect_left(para_ends, e)
            limit = para_ends[p] if p < len(para_ends) else len(text)
            if runs[j][0] < limit and not _between_fence(fences, e, runs[j][0]):
                out.add(s, runs[j][1])
                k = j + 1
                continue
        k += 1
    return out


def _between_fence(fences: _Regions, s: int, e: int) -> bool:
    k = bisect_left(fences.starts, s)
    return k < len(fences.starts) and fences.starts[k] < e


# provider citation markup leaked into the text, with "(" or nothing for "<": (cite index="1-2">…</cite>
_LEAK_PRESENT_RE = re.compile(r"cite\s+index\s*=", re.IGNORECASE)
_LEAK_RE = re.compile(
    r"(?P<leak>\()?(?<![<\w])(?P<lname>cite)\s+(?P<lattrs>index\s*=\s*\"[^\"<>\n]{0,300}\"[^<>\n]{0,300})>",
    re.IGNORECASE,
)
_BLOCK_LINE_RE = re.compile(r"^[ \t]{0,3}(?P<p>(?:>[ \t]?)+)(?P<c>[^\n]*)$", re.MULTILINE)
_ATTRIBUTION_RE = re.compile(r"(?:—|―|–|--|~)\s*")  # used with match(text, pos)


def _strip_pair(text: str, s: int, e: int) -> tuple[int, int, str, str] | None:
    """If text[s:e] is one quotation wrapped in marks (“…”), the inside and the marks."""
    if e - s < 2:
        return None
    o, c = text[s], text[e - 1]
    closers = OPENERS.get(o)
    if closers is None or c not in closers:
        return None
    inner = text[s + 1:e - 1]
    if o in inner or (o != c and c in inner):
        return None  # “A” and “B”: two quotes, not one
    a, b = trim(text, s + 1, e - 1)
    if a >= b:
        return None
    return a, b, o, c


def _strip_emphasis(text: str, s: int, e: int) -> tuple[int, int]:
    """“**words**”: drop markdown emphasis wrapped around the whole quote."""
    for ch in "*_":
        n = 0
        while s + n < e - n and text[s + n] == ch and text[e - 1 - n] == ch and n < 3:
            n += 1
        if n and s + n < e - n:
            return trim(text, s + n, e - n)
    return s, e


class _Prose:
    """The prose extractor: one instance per answer."""

    def __init__(self, text: str, cfg: ExtractConfig) -> None:
        self.text = text
        self.cfg = cfg
        self.n = len(text)
        self.para_ends = _paragraph_ends(text)
        self.fences = _find_fences(text) if cfg.skip_code else _Regions()
        self.code = _find_code_spans(text, self.fences, self.para_ends) if cfg.skip_code else _Regions()
        self.quotes: list[ExtractedQuote] = []

    # ---- helpers
    def _in_code(self, pos: int) -> bool:
        return self.fences.contains(pos) or self.code.contains(pos)

    def _hint(self, pos: int) -> tuple[str, tuple[int, int]] | None:
        if not self.cfg.citations:
            return None
        return _hint_after(self.text, pos)

    # ---- block quotes
    def blocks(self) -> list[tuple[int, int]]:
        """Find block quotes; returns the line ranges they cover (barriers for inline)."""
        text = self.text
        covered: list[tuple[int, int]] = []
        if not self.cfg.block_quotes or ">" not in text:
            return covered
        group: list[re.Match[str]] = []
        for m in _BLOCK_LINE_RE.finditer(text):
            if self.fences.contains(m.start()) or self.code.contains(m.start()):
                continue
            if group and group[-1].end() + 1 != m.start():
                covered.append(self._block(group))
                group = []
            group.append(m)
        if group:
            covered.append(self._block(group))
        return covered

    def _block(self, lines: list[re.Match[str]]) -> tuple[int, int]:
        text = self.text
        region = (lines[0].start(), lines[-1].end())
        segs = [trim(text, m.start("c"), m.end("c")) for m in lines]
        starts = [m.start() for m in lines]
        prefixes = [m.group("p") for m in lines]

        def drop_empty_ends() -> None:
            while segs and segs[-1][0] == segs[-1][1]:
                segs.pop(), starts.pop(), prefixes.pop()
            while segs and segs[0][0] == segs[0][1]:
                segs.pop(0), starts.pop(0), prefixes.pop(0)

        drop_empty_ends()
        if not segs:
            return region
        citation: tuple[str, tuple[int, int]] | None = None
        # an attribution line ends the block: "> — Lease, clause 4 [1]"
        a = _ATTRIBUTION_RE.match(text, *segs[-1])
        if a is not None and len(segs) > 1:
            ls, le = segs[-1]
            for k in range(a.end(), le):
                if text[k] in "[(【\ue200":
                    citation = _hint_after(text, k)
                    if citation is not None:
                        break
            if citation is None and a.end() < le:
                citation = (text[a.end():le].strip(), (a.end(), le))
            segs.pop(), starts.pop(), prefixes.pop()
            drop_empty_ends()
        # a reference at the end of the last line: "> “…” [1]."
        ls, le = segs[-1]
        for k in range(max(ls + 1, le - 200), le):
            if text[k] in "[(【\ue200" and (text[k - 1] in " \t\u00a0" or text[k - 1] in _ALL_MARKS):
                h = _hint_after(text, k)
                if h is not None and not text[h[1][1]:le].strip(" \t.,;:"):
                    citation = citation or h
                    segs[-1] = trim(text, ls, k)
                    break
        open_mark, close_mark = prefixes[0], ""
        outer_end = segs[-1][1]
        # the whole block wrapped in one pair of marks: "> “…”"
        s0, e1 = segs[0][0], segs[-1][1]
        body_end = e1
        while body_end > s0 and text[body_end - 1] in ".,;:":
            body_end -= 1
        o = text[s0] if s0 < body_end else ""
        c = text[body_end - 1] if body_end > s0 else ""
        if body_end - s0 >= 2 and o in OPENERS and c in OPENERS[o]:
            joined = "\n".join(text[x:y] for x, y in segs)
            ok = joined.count(o) == 2 if o == c else joined.count(o) == 1 and joined.count(c) == 1
            if ok:
                if len(segs) == 1:
                    segs[0] = trim(text, s0 + 1, body_end - 1)
                else:
                    segs[0] = trim(text, s0 + 1, segs[0][1])
                    segs[-1] = trim(text, segs[-1][0], body_end - 1)
                drop_empty_ends()
                if not segs:
                    return region
                open_mark, close_mark, outer_end = o, c, body_end
        content = "\n".join(text[x:y] for x, y in segs)
        if not content.strip():
            return region
        if citation is None:
            citation = self._hint(outer_end)
        self.quotes.append(
            ExtractedQuote(
                text=content,
                start=segs[0][0],
                end=segs[-1][1],
                open_mark=open_mark,
                close_mark=close_mark,
                kind=QuoteKind.BLOCK,
                outer_start=starts[0],
                outer_end=outer_end,
                citation=citation[0] if citation else None,
                citation_span=citation[1] if citation else None,
                segments=tuple(segs),
            )
        )
        return region

    # ---- tags
    def tags(self, blocks: list[tuple[int, int]]) -> list[tuple[int, int]]:
        text = self.text
        covered: list[tuple[int, int]] = []
        if not self.cfg.tags or not self.cfg.tag_names:
            return covered
        names = "|".join(re.escape(x) for x in sorted(self.cfg.tag_names, key=len, reverse=True))
        open_re = re.compile(rf"<(?P<name>{names})(?=[\s>/])(?P<attrs>[^<>]{{0,2000}})>", re.IGNORECASE)
        opens = list(open_re.finditer(text))
        if "cite" in self.cfg.tag_names and _LEAK_PRESENT_RE.search(text):
            opens.extend(_LEAK_RE.finditer(text))
            opens.sort(key=lambda m: m.start())
        close_re = re.compile(rf"</\s*(?P<name>{names})\s*>", re.IGNORECASE)
        closers: dict[str, list[tuple[int, int]]] = {}
        for m in close_re.finditer(text):
            closers.setdefault(m.group("name").lower(), []).append((m.start(), m.end()))
        block_regions = _Regions()
        for s, e in blocks:
            block_regions.add(s, e)
        taken_until = -1
        for m in opens:
            if m.start() < taken_until or self._in_code(m.start()) or block_regions.contains(m.start()):
                continue
            leak = m.re is _LEAK_RE
            name = (m.group("lname") if leak else m.group("name")).lower()
            attrs = m.group("lattrs") if leak else m.group("attrs")
            if attrs.rstrip().endswith("/"):
                continue  # <q/>
            lst = closers.get(name, [])
            k = bisect_left(lst, (m.end(), -1))
            if k >= len(lst):
                continue  # unclosed: do not swallow the rest
            cs, ce = lst[k]
            close_mark = text[cs:ce]
            if leak and m.group("leak") == "(" and ce < self.n and text[ce] == ")":
                ce += 1
                close_mark += ")"
            covered.append((m.start(), ce))
            taken_until = ce
            a, b = trim(text, m.end(), cs)
            # <blockquote><p>…</p></blockquote>
            while b - a > 7 and text[a:a + 3].lower() == "<p>" and text[b - 4:b].lower() == "</p>":
                a, b = trim(text, a + 3, b - 4)
            open_mark = text[m.start():m.end()]
            pair = _strip_pair(text, a, b)
            if pair is not None:
                a, b = pair[0], pair[1]
            a, b = _strip_emphasis(text, a, b)
            if a >= b:
                continue
            citation = _attr_citation(attrs, m.start("lattrs") if leak else m.start("attrs"))
            if citation is None:
                citation = self._hint(ce)
            elif not self.cfg.citations:
                citation = None
            self.quotes.append(
                ExtractedQuote(
                    text=text[a:b], start=a, end=b, open_mark=open_mark, close_mark=close_mark,
                    kind=QuoteKind.TAG, outer_start=m.start(), outer_end=ce,
                    citation=citation[0] if citation else None,
                    citation_span=citation[1] if citation else None,
                    segments=((a, b),),
                )
            )
        return covered

    # ---- inline
    def inline(self, barriers: list[tuple[int, int]], opaque: list[tuple[int, int]]) -> None:
        text = self.text
        if not any(c in text for c in _ALL_MARKS):
            return
        masked = _paint(text, opaque, barriers, self.para_ends, self.fences.pairs(), self.code.pairs())
        for open_pos, open_mark, close_pos, close_mark in QuoteMarkScanner(masked).scan():
            self._inline_quote(open_pos, open_mark, close_pos, close_mark)

    def _inline_quote(self, op: int, om: str, cp: int, cm: str) -> None:
        text = self.text
        a, b = trim(text, op + len(om), cp)
        citation: tuple[str, tuple[int, int]] | None = None
        m = _INNER_HINT_RE.search(text, max(a, b - 120), b) if text[b - 1] == "]" else None
        if m and m.start() > a and self.cfg.citations:
            citation = (_clean_hint(m.group("b")), (m.start("b") - 1, m.end()))
            b = trim(text, a, m.start())[1]
        a, b = _strip_emphasis(text, a, b)
        if a >= b:
            return
        content = text[a:b]
        if not self._long_enough(content):
            return
        if citation is None:
            citation = self._hint(cp + len(cm))
        self.quotes.append(
            ExtractedQuote(
                text=content, start=a, end=b, open_mark=om, close_mark=cm, kind=QuoteKind.INLINE,
                outer_start=op, outer_end=cp + len(cm),
                citation=citation[0] if citation else None,
                citation_span=citation[1] if citation else None,
                segments=((a, b),),
            )
        )

    def _long_enough(self, content: str) -> bool:
        if is_cjk(content):
            return sum(1 for c in content if c.isalnum()) >= self.cfg.min_cjk_chars
        n = 0
        for _ in _WORD_RE.finditer(content):
            n += 1
            if n >= self.cfg.min_words:
                return True
        return n >= self.cfg.min_words

    def run(self) -> list[ExtractedQuote]:
        blocks = self.blocks()
        tags = self.tags(blocks)
        if self.cfg.inline:
            self.inline(blocks, tags)
        return _tidy(self.quotes, self.cfg)


def _tidy(quotes: list[ExtractedQuote], cfg: ExtractConfig) -> list[ExtractedQuote]:
    """Sort by position; keep only the outermost of overlapping quotes; apply ``citations``."""
    quotes.sort(key=lambda q: (q.outer_start, -q.outer_end))
    out: list[ExtractedQuote] = []
    for q in quotes:
        if out and q.outer_start < out[-1].outer_end:
            continue
        if not cfg.citations and q.citation is not None:
            q = replace(q, citation=None, citation_span=None)
        out.append(q)
    return out


def _attr_citation(attrs: str, base: int) -> tuple[str, tuple[int, int]] | None:
    found: dict[str, tuple[str, tuple[int, int]]] = {}
    for m in re.finditer(r"([A-Za-z_][\w:.-]*)\s*=\s*(?:\"([^\"]*)\"|'([^']*)'|([^\s\"'>]+))", attrs):
        g = 2 if m.group(2) is not None else 3 if m.group(3) is not None else 4
        value = m.group(g).strip()
        if value:
            found.setdefault(m.group(1).lower(), (value, (base + m.start(g), base + m.end(g))))
    for key in ("doc", "document", "source", "src", "doc_id", "source_id", "ref", "index", "cite", "id", "title"):
        if key in found:
            return found[key]
    return None


def _paint(
    text: str,
    opaque: list[tuple[int, int]],
    barriers: list[tuple[int, int]],
    para_ends: list[int],
    fences: list[tuple[int, int]],
    code: list[tuple[int, int]],
) -> str:
    """A copy of ``text`` (same length) with code and tags made opaque and paragraph
    breaks, fences and block quotes made barriers."""
    buf = list(text)
    for s, e in (*opaque, *code):
        buf[s:e] = _OPAQUE * (e - s)
    for s, e in (*barriers, *fences):
        buf[s:e] = _BARRIER * (e - s)
    for p in para_ends:
        buf[p] = _BARRIER
    return "".join(buf)


class QuoteMarkScanner:
    """The quotation-mark state machine over a painted answer (see :func:`_paint`).

    :meth:`scan` returns ``(open_pos, open_mark, close_pos, close_mark)`` for every outermost
    quote, in order. A stack of open marks; a closing mark closes the innermost frame it can
    close (frames above it were never closed and are dropped, keeping their finished quotes);
    a quote closed inside another is forgotten when the outer one closes. Linear: only mark
    characters are visited.

    >>> QuoteMarkScanner("He said “it’s «fine»” and ‘left’.").scan()
    [(8, '“', 20, '”'), (26, '‘', 31, '’')]
    """

    def __init__(self, masked: str) -> None:
        self.masked = masked
        self.n = len(masked)
        self.stack: list[_Frame] = []
        self.skip: set[int] = set()
        self.out: list[tuple[int, int, int, int]] = []
        self._candidates: dict[str, list[int]] = {}
        self._barriers: list[int] | None = None

    # -- the stack ------------------------------------------------------------------
    def _emit_or_adopt(self, rec: tuple[int, int, int, int]) -> None:
        if self.stack:
            self.stack[-1].children.append(rec)
        else:
            self.out.append(rec)

    def _abandon_to(self, depth: int) -> None:
        while len(self.stack) > depth:
            for rec in self.stack.pop().children:
                self._emit_or_adopt(rec)

    def _find(self, c: str) -> int:
        """The innermost open frame that ``c`` can close (-1 if none)."""
        for d in range(len(self.stack) - 1, -1, -1):
            if c in self.stack[d].closers:
                return d
        return -1

    def _close(self, d: int, pos: int) -> None:
        self._abandon_to(d + 1)
        f = self.stack.pop()
        self._emit_or_adopt((f.pos, ord(f.mark), pos, ord(self.masked[pos])))

    def _open(self, pos: int, c: str) -> None:
        for d in range(len(self.stack)):
            if self.stack[d].mark == c:
                self._abandon_to(d)  # the same mark again: the earlier one was never closed
                break
        self.stack.append(_Frame(pos, c, OPENERS[c], []))

    # -- look-ahead -----------------------------------------------------------------
    def _next_barrier(self, pos: int) -> int:
        if self._barriers is None:
            self._barriers = [m.start() for m in re.finditer(_BARRIER + "+", self.masked)]
        b = bisect_right(self._barriers, pos)
        return self._barriers[b] if b < len(self._barriers) else self.n

    def _closes_later(self, pos: int, c: str, frame_mark: str) -> bool:
        """Another closing candidate for ``c`` later in this paragraph, before the opener of
        the pending quote appears again? (Then the mark at ``pos`` is a possessive.)"""
        return self._next_close(pos, c, frame_mark) >= 0

    def _next_close(self, pos: int, c: str, frame_mark: str) -> int:
        """Where the next closing candidate for ``c`` after ``pos`` is, if it is in this paragraph
        and ``frame_mark`` does not open again before it; else -1."""
        lst = self._candidates.get(c)
        if lst is None:
            lst = self._candidates[c] = [m.start() for m in _SINGLE_CLOSE_CANDIDATE[c].finditer(self.masked)]
        k = bisect_right(lst, pos)
        if k >= len(lst) or lst[k] > self._next_barrier(pos) or self.masked.find(frame_mark, pos + 1, lst[k]) >= 0:
            return -1
        return lst[k]

    def _opens_a_figure(self, pos: int, c: str, elided: str) -> bool:
        """A left single mark (or an ASCII one) before two digits that are no decade ("the ‘90s")
        and a closing mark later in the paragraph: it opens a quote that starts with a figure
        ("‘30 days of notice’"), not an elided year ("in ‘04 the firm grew")."""
        closer = _FIGURE_QUOTE_CLOSERS.get(c)
        if closer is None or not elided[:1].isdigit() or elided[-1:].lower() == "s":
            return False
        j = self._next_close(pos, closer, c)
        if j < 0:
            return False
        m = self.masked
        # "in ‘04 the firms’ sales": the mark that follows is a plural's possessive, not a closing one
        return not (m[j - 1 : j] in ("s", "S") and m[j + 1 : j + 2].isspace() and m[j + 2 : j + 3].islower())

    def _reopens(self, pos: int, c: str) -> bool:
        """An ASCII double quote after a space and before a word, with another one later in
        the paragraph: it opens a new quote (the pending one was never closed)."""
        j = self.masked.find(c, pos + 1)
        return j >= 0 and self.masked.find(_BARRIER, pos + 1, j) < 0

    # -- one mark of each family ------------------------------------------------------
    def _single(self, i: int, c: str, prev: str, nxt: str) -> None:
        """' ‘ ’: quote marks, apostrophes (don't, tenant’s, Hawai‘i) and elisions (’tis)."""
        masked = self.masked
        if _is_word(prev) and _is_word(nxt):
            return  # don't, tenant’s, 1990’s, Hawai‘i
        if not _is_word(prev):
            e = _ELISION_RE.match(masked, i + 1)
            if e is not None and not self._opens_a_figure(i, c, e.group()):  # ’tis, ’em, the ’90s, rock ’n’ roll
                if e.group().lower() == "n" and e.end() < self.n and masked[e.end()] in "'’‘":
                    self.skip.add(e.end())
                return
        d = self._find(c)
        if c == "‘":
            if d >= 0 and not _is_space(prev):  # German ‚…‘
                self._close(d, i)
            elif not _is_word(prev) and not _is_space(nxt):
                self._open(i, c)
            return
        if d >= 0 and not _is_space(prev) and not _is_word(nxt):
            # “the students’ books”: a possessive if the quote closes later on
            if (prev in "sS" and nxt.isspace() and i + 2 < self.n and masked[i + 2].islower()
                    and self._closes_later(i, c, self.stack[d].mark)):
                return
            self._close(d, i)
        elif c == "'" and not _is_word(prev) and not _is_space(nxt):
            self._open(i, c)
        # else: an apostrophe (’ never opens a quote)

    def _double(self, i: int, c: str, prev: str, nxt: str) -> None:
        """ASCII and fullwidth double quotes: the same mark opens and closes."""
        d = self._find(c)
        if d >= 0:
            if d == len(self.stack) - 1 and _is_space(prev) and _glued(nxt) and self._reopens(i, c):
                self._open(i, c)
            else:
                self._close(d, i)
        elif not _glued(prev) and not _is_space(nxt):
            self._open(i, c)

    def _other(self, i: int, c: str, prev: str, nxt: str) -> None:
        """Typographic marks: “…”, „…“, «…», »…«, ‹…›, 「…」, 『…』, 〝…〞, and Swedish ”…”."""
        d = self._find(c)
        if c == "“":
            # closes a pending „ (German „…“) unless it plainly opens (after a space, before text)
            if d >= 0 and not (_is_space(prev) and not _is_space(nxt)):
                self._close(d, i)
            else:
                self._open(i, c)
        elif d >= 0:
            self._close(d, i)
        elif c in OPENERS and not (c in "”»›‚" and (_glued(prev) or _is_space(nxt))):
            self._open(i, c)  # (a stray closing mark is not a Swedish/German opener)

    def scan(self) -> list[tuple[int, str, int, str]]:
        masked, n = self.masked, self.n
        for m in _MARK_RE.finditer(masked):
            i = m.start()
            c = masked[i]
            if c == _BARRIER:
                self._abandon_to(0)
                continue
            if i in self.skip:
                continue
            prev = masked[i - 1] if i > 0 else " "
            nxt = masked[i + 1] if i + 1 < n else " "
            if c in "'‘’":
                self._single(i, c, prev, nxt)
            elif c in '"＂':
                self._double(i, c, prev, nxt)
            else:
                self._other(i, c, prev, nxt)
        self._abandon_to(0)
        self.out.sort()
        return [(op, chr(om), cp, chr(cm)) for op, om, cp, cm in self.out]


def _extract_prose(text: str, cfg: ExtractConfig) -> list[ExtractedQuote]:
    return _Prose(text, cfg).run()


# --------------------------------------------------------------------------- JSON answers


_JSON_FENCE_RE = re.compile(r"\A\s*(?P<f>`{3,}|~{3,})[ \t]*(?:json[c5]?|JSON)?[ \t]*\r?\n")


def _structured(text: str, cfg: ExtractConfig) -> list[ExtractedQuote] | None:
    """Quotes of a JSON answer, or None when ``text`` is not a JSON answer."""
    lo, hi = 0, len(text)
    m = _JSON_FENCE_RE.match(text)
    if m:
        fence = m.group("f")
        stripped = text.rstrip()
        body_end = stripped.rfind("\n")
        if body_end < m.end() - 1 or stripped[body_end + 1:].strip() != fence:
            return None
        lo, hi = m.end(), body_end
    while lo < hi and text[lo].isspace():
        lo += 1
    while hi > lo and text[hi - 1].isspace():
        hi -= 1
    if lo >= hi or text[lo] not in "{[":
        return None
    try:
        json.loads(text[lo:hi])
    except (ValueError, RecursionError):
        return None
    try:
        return _JsonWalk(text, lo, hi, cfg).run()
    except RecursionError:  # pragma: no cover - the walk is iterative; belt and braces
        return None


@dataclass(slots=True)
class _JFrame:
    is_obj: bool
    key: str | None = None
    index: int = 0
    expect_key: bool = True
    members: dict[str, tuple[str, int, int]] = field(default_factory=dict)
    pending: list[int] = field(default_factory=list)  # indexes into quotes awaiting a citation


def _pointer(stack: list[_JFrame]) -> str:
    parts = []
    for f in stack:
        p = (f.key or "") if f.is_obj else str(f.index)
        parts.append(p.replace("~", "~0").replace("/", "~1"))
    return "/" + "/".join(parts)


def _string_end(text: str, i: int) -> int:
    """Index of the closing quote of the JSON string whose content starts at ``i``."""
    while True:
        j = text.find('"', i)
        if j < 0:
            raise ValueError("unterminated JSON string")  # pragma: no cover - validated before
        k = j - 1
        while text[k] == "\\":
            k -= 1
        if (j - 1 - k) % 2 == 0:
            return j
        i = j + 1


_ESCAPES = {'"': '"', "\\": "\\", "/": "/", "b": "\b", "f": "\f", "n": "\n", "r": "\r", "t": "\t"}


def _json_decode_map(raw: str) -> tuple[str, list[int]]:
    """Decode JSON string content; ``pos[k]`` is where decoded char ``k`` starts in ``raw``
    (``pos[len]`` is ``len(raw)``)."""
    if "\\" not in raw:
        return raw, range(len(raw) + 1)  # type: ignore[return-value]
    out: list[str] = []
    pos: list[int] = []
    i, n = 0, len(raw)
    while i < n:
        c = raw[i]
        if c != "\\":
            out.append(c)
            pos.append(i)
            i += 1
            continue
        e = raw[i + 1] if i + 1 < n else ""
        if e == "u":
            code = int(raw[i + 2:i + 6], 16)
            step = 6
            if 0xD800 <= code < 0xDC00 and raw.startswith("\\u", i + 6):
                try:
                    low = int(raw[i + 8:i + 12], 16)
                except ValueError:
                    low = -1
                if 0xDC00 <= low < 0xE000:
                    code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                    step = 12
            out.append(chr(code))
            pos.append(i)
            i += step
        else:
            out.append(_ESCAPES.get(e, e))
            pos.append(i)
            i += 2
    pos.append(n)
    return "".join(out), pos


class _JsonWalk:
    def __init__(self, text: str, lo: int, hi: int, cfg: ExtractConfig) -> None:
        self.text, self.lo, self.hi, self.cfg = text, lo, hi, cfg
        self.fields = set(cfg.json_fields)
        self.text_fields = set(cfg.json_text_fields)
        self.cite_fields = cfg.json_citation_fields
        self.quotes: list[ExtractedQuote] = []

    def run(self) -> list[ExtractedQuote]:
        text, hi = self.text, self.hi
        stack: list[_JFrame] = []
        i = self.lo
        while i < hi:
            c = text[i]
            if c in " \t\r\n":
                i += 1
            elif c == "{" or c == "[":
                stack.append(_JFrame(is_obj=c == "{"))
                i += 1
            elif c == "}" or c == "]":
                self._finish(stack.pop())
                i += 1
            elif c == ":":
                stack[-1].expect_key = False
                i += 1
            elif c == ",":
                top = stack[-1]
                if top.is_obj:
                    top.expect_key = True
                else:
                    top.index += 1
                i += 1
            elif c == '"':
                j = _string_end(text, i + 1)
                top = stack[-1]
                if top.is_obj and top.expect_key:
                    top.key = json_unescape(text[i + 1:j])
                else:
                    self._value(stack, i + 1, j)
                i = j + 1
            else:
                j = i
                while j < hi and text[j] not in ",]}: \t\r\n":
                    j += 1
                top = stack[-1]
                if top.is_obj and top.key is not None:
                    top.members.setdefault(top.key, (text[i:j], i, j))
                i = j
        return _tidy(self.quotes, self.cfg)

    def _role(self, stack: list[_JFrame]) -> str:
        keys = [f.key for f in stack if f.is_obj]
        inner = keys[-1] if keys else None
        if inner in self.fields:
            return "quote"
        if inner in self.text_fields and any(k in self.fields for k in keys[:-1]):
            return "quote"
        return "other"

    def _value(self, stack: list[_JFrame], s: int, e: int) -> None:
        text = self.text
        raw = text[s:e]
        top = stack[-1]
        if top.is_obj and top.key is not None:
            top.members.setdefault(top.key, (json_unescape(raw), s, e))
        decoded, pos = _json_decode_map(raw)
        pointer = _pointer(stack)
        if self._role(stack) == "quote":
            a0, b0 = trim(decoded, 0, len(decoded))
            a, b, om, cm = a0, b0, "", ""
            pair = _strip_pair(decoded, a0, b0)
            if pair is not None:
                a, b, om, cm = pair
            a, b = _strip_emphasis(decoded, a, b)
            if a >= b:
                return
            outer = (a0, b0) if om else (a, b)
            self.quotes.append(
                ExtractedQuote(
                    text=decoded[a:b], start=s + pos[a], end=s + pos[b], open_mark=om, close_mark=cm,
                    kind=QuoteKind.FIELD, outer_start=s + pos[outer[0]], outer_end=s + pos[outer[1]],
                    json_pointer=pointer, segments=((s + pos[a], s + pos[b]),),
                )
            )
            # the citation is a sibling in the innermost object (read when it closes)
            owner = next((f for f in reversed(stack) if f.is_obj), None)
            if owner is not None:
                owner.pending.append(len(self.quotes) - 1)
            return
        if not self.cfg.json_inline or _PROSE_HINT_RE.search(decoded) is None:
            return
        for q in _extract_prose(decoded, self.cfg):
            self.quotes.append(_shift(q, s, pos, pointer))

    def _finish(self, frame: _JFrame) -> None:
        if not frame.pending:
            return
        cite = next((frame.members[k] for k in self.cite_fields if k in frame.members), None)
        if cite is None or not cite[0].strip():
            return
        value, s, e = cite
        for k in frame.pending:
            self.quotes[k] = replace(self.quotes[k], citation=value.strip(), citation_span=(s, e))


def _shift(q: ExtractedQuote, base: int, pos: list[int], pointer: str) -> ExtractedQuote:
    """Move a quote found in a decoded JSON string to offsets in the JSON text."""

    def f(k: int) -> int:
        return base + pos[k]

    return replace(
        q,
        start=f(q.start),
        end=f(q.end),
        outer_start=f(q.outer_start),
        outer_end=f(q.outer_end),
        citation_span=(f(q.citation_span[0]), f(q.citation_span[1])) if q.citation_span else None,
        json_pointer=pointer,
        segments=tuple((f(a), f(b)) for a, b in q.segments),
    )
