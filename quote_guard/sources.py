"""Source text at the input boundary: decoding files, and JSON tool results read as their string values.

**Decoding** (:func:`decode_bytes`, :func:`read_source_file`), in this order:

1. a byte-order mark: UTF-32 (LE/BE), UTF-8, UTF-16 (LE/BE); the mark is dropped;
2. UTF-8;
3. cp1252 (Windows Latin-1), with a warning that names the file.

A file is **unreadable** (:class:`UnreadableSourceError`, a :class:`~quote_guard.errors.SourceError`)
when it holds a NUL byte without a UTF-16 or UTF-32 BOM, or when more than 1 % of its decoded
characters are control characters (other than tab, line feed, carriage return and form feed).
Callers that read many files report it and skip the file; the rest of the run goes on.

Lone surrogates (which no file can hold, but ``json.loads`` and some SDKs produce) are replaced
with U+FFFD by :func:`scrub_surrogates`, so nothing downstream fails on encoding them.

**Structured sources** (:func:`json_source`): a tool result that is a JSON object or array is
checked against its *string values* (decoded: ``\\"`` is ``"``), one per paragraph, not its raw
JSON. :meth:`JsonSource.to_original` maps an offset of that text back to the original JSON
text, so every span points into what the tool returned.

>>> decode_bytes("Café".encode("cp1252"), "menu.txt").warning
'menu.txt: not UTF-8; read as cp1252 (Windows Latin-1)'
>>> js = json_source("tool", '{"clause": "the \\\\"Tenant\\\\" pays", "n": 3}')
>>> js.source.text
'the "Tenant" pays'
>>> raw = '{"clause": "the \\\\"Tenant\\\\" pays", "n": 3}'
>>> raw[js.to_original(4):js.to_original(12)]
'\\\\"Tenant\\\\"'
"""

from __future__ import annotations

import bisect
import json
import re
from collections.abc import Sequence
from dataclasses import dataclass, replace
from pathlib import Path

from .errors import SourceError
from .models import QuoteResult, Source, Span

__all__ = [
    "CONTROL_LIMIT",
    "Decoded",
    "JsonSource",
    "UnreadableSourceError",
    "decode_bytes",
    "json_source",
    "read_source_file",
    "remap_result",
    "scrub_surrogates",
]

#: More than this share of control characters makes a decoded file unreadable.
CONTROL_LIMIT = 0.01

_BOMS: tuple[tuple[bytes, str], ...] = (
    (b"\x00\x00\xfe\xff", "utf-32-be"),
    (b"\xff\xfe\x00\x00", "utf-32-le"),  # before UTF-16 LE: it starts with the same two bytes
    (b"\xef\xbb\xbf", "utf-8"),
    (b"\xfe\xff", "utf-16-be"),
    (b"\xff\xfe", "utf-16-le"),
)
_ALLOWED_CONTROLS = frozenset("\t\n\r\f")
_SURROGATE = re.compile("[\ud800-\udfff]")


class UnreadableSourceError(SourceError):
    """Raised when a file is not text (NUL bytes without a UTF-16/32 BOM, or > 1 % control characters)."""


@dataclass(frozen=True, slots=True)
class Decoded:
    """A decoded file: its ``text``, the ``encoding`` used, and a ``warning`` (``None`` when clean)."""

    text: str
    encoding: str
    warning: str | None = None


def scrub_surrogates(text: str) -> str:
    """``text`` with every lone surrogate replaced by U+FFFD (unchanged, same object, when there is none).

    >>> scrub_surrogates("a\\ud800b")
    'a\\ufffdb'
    """
    return _SURROGATE.sub("\ufffd", text) if _SURROGATE.search(text) else text


def _controls(text: str) -> int:
    return sum(1 for ch in text if (ord(ch) < 32 or 0x7F <= ord(ch) < 0xA0) and ch not in _ALLOWED_CONTROLS)


def decode_bytes(data: bytes, name: str = "<bytes>") -> Decoded:
    """Decode a file's bytes by BOM, then UTF-8, then cp1252 (with a warning naming ``name``).

    Raises :class:`UnreadableSourceError` (message names ``name`` and why) for binary data.

    >>> decode_bytes(b"\\xff\\xfeh\\x00i\\x00").text, decode_bytes(b"\\xff\\xfeh\\x00i\\x00").encoding
    ('hi', 'utf-16-le')
    """
    encoding = None
    body = data
    for bom, enc in _BOMS:
        if data.startswith(bom):
            encoding, body = enc, data[len(bom):]
            break
    warning = None
    if encoding is None and b"\x00" in data:
        raise UnreadableSourceError(f"{name}: binary file (NUL bytes and no UTF-16/UTF-32 byte-order mark), skipped")
    if encoding is not None:
        try:
            text = body.decode(encoding)
        except UnicodeDecodeError as exc:
            raise UnreadableSourceError(
                f"{name}: starts with a {encoding} byte-order mark but is not {encoding} "
                f"(byte offset {exc.start + len(data) - len(body)}), skipped"
            ) from None
    else:
        try:
            text, encoding = data.decode("utf-8"), "utf-8"
        except UnicodeDecodeError:
            text, encoding = data.decode("cp1252", errors="replace"), "cp1252"
            warning = f"{name}: not UTF-8; read as cp1252 (Windows Latin-1)"
    if text and _controls(text) > CONTROL_LIMIT * len(text):
        raise UnreadableSourceError(
            f"{name}: more than {CONTROL_LIMIT:.0%} of its characters are control characters: not a text file, skipped"
        )
    return Decoded(text, encoding, warning)


def read_source_file(path: str | Path) -> Decoded:
    """Read and decode one file (see :func:`decode_bytes`); an OS error is an :class:`UnreadableSourceError`."""
    p = Path(path)
    try:
        data = p.read_bytes()
    except OSError as exc:
        raise UnreadableSourceError(f"{p}: cannot read it ({exc.strerror or exc}), skipped") from exc
    return decode_bytes(data, str(p))


# ----------------------------------------------------------------------------- JSON tool results


@dataclass(frozen=True)
class JsonSource:
    """A JSON text read as its string values.

    ``source`` holds the values (decoded), separated by blank lines; ``original`` is the JSON
    text. ``_starts[k]`` is where the k-th value begins in ``source.text``; ``_maps[k][j]`` is
    the offset in ``original`` of its j-th character (plus one entry for its end).
    """

    source: Source
    original: str
    _starts: tuple[int, ...]
    _maps: tuple[tuple[int, ...], ...]

    def to_original(self, offset: int) -> int:
        """The offset in :attr:`original` of offset ``offset`` of ``source.text`` (an end offset maps to
        just after the last character before it)."""
        k = max(0, bisect.bisect_right(self._starts, offset) - 1)
        if not self._maps:
            return 0
        m = self._maps[k]
        j = offset - self._starts[k]
        if j <= 0:
            return m[0]
        if j >= len(m) - 1:
            return m[-1]
        return m[j]

    def span(self, span: Span) -> Span:
        """``span`` (into ``source.text``) as a span into :attr:`original`."""
        if span.end <= span.start:
            a = self.to_original(span.start)
            return Span(span.source_id, a, a)
        start = self.to_original(span.start)
        # the end: just after the last character of the span, not the next value's start
        end = self._end_of(span.end - 1)
        return Span(span.source_id, start, max(start, end))

    def _end_of(self, offset: int) -> int:
        k = max(0, bisect.bisect_right(self._starts, offset) - 1)
        m = self._maps[k]
        j = offset - self._starts[k]
        j = min(max(j, 0), len(m) - 2)
        return m[j + 1]


_ESCAPES = {'"': '"', "\\": "\\", "/": "/", "b": "\b", "f": "\f", "n": "\n", "r": "\r", "t": "\t"}


def _strings(text: str) -> list[tuple[str, tuple[int, ...], bool]]:
    """Every JSON string token of ``text``: (decoded value, offset map, is it a key)."""
    out: list[tuple[str, tuple[int, ...], bool]] = []
    i, n = 0, len(text)
    while i < n:
        if text[i] != '"':
            i += 1
            continue
        i += 1
        chars: list[str] = []
        offs: list[int] = []
        while i < n and text[i] != '"':
            if text[i] == "\\" and i + 1 < n:
                e = text[i + 1]
                if e == "u" and i + 6 <= n:
                    code = int(text[i + 2:i + 6], 16)
                    width = 6
                    if 0xD800 <= code < 0xDC00 and text[i + 6:i + 8] == "\\u":
                        low = int(text[i + 8:i + 12], 16)
                        if 0xDC00 <= low < 0xE000:
                            code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                            width = 12
                    chars.append(chr(code))
                    offs.append(i)
                    i += width
                    continue
                chars.append(_ESCAPES.get(e, e))
                offs.append(i)
                i += 2
                continue
            chars.append(text[i])
            offs.append(i)
            i += 1
        offs.append(i)  # end: the closing quote
        i += 1
        j = i
        while j < n and text[j] in " \t\r\n":
            j += 1
        out.append((scrub_surrogates("".join(chars)), tuple(offs), j < n and text[j] == ":"))
    return out


def json_source(sid: str, text: str) -> JsonSource | None:
    """Read ``text`` as JSON and return its string values as one source (keys are left out);
    ``None`` when ``text`` is not a JSON object or array, or has no non-empty string value."""
    stripped = text.strip()
    if not stripped or stripped[0] not in "[{":
        return None
    try:
        json.loads(stripped)
    except (ValueError, RecursionError):
        return None
    parts: list[str] = []
    starts: list[int] = []
    maps: list[tuple[int, ...]] = []
    pos = 0
    for value, offs, is_key in _strings(text):
        if is_key or not value.strip():
            continue
        if parts:
            parts.append("\n\n")
            pos += 2
        starts.append(pos)
        maps.append(offs)
        parts.append(value)
        pos += len(value)
    if not parts:
        return None
    return JsonSource(Source(sid, "".join(parts)), text, tuple(starts), tuple(maps))


def remap_result(result: QuoteResult, structured: dict[str, JsonSource]) -> QuoteResult:
    """``result`` with its spans into a JSON source's values moved into the original JSON text
    (``verbatim`` and ``context`` stay decoded: they are what a fix writes)."""
    if not structured or not any(s.source_id in structured for s in result.spans):
        return result
    spans: Sequence[Span] = tuple(
        structured[s.source_id].span(s) if s.source_id in structured else s for s in result.spans
    )
    return replace(result, spans=tuple(spans))
