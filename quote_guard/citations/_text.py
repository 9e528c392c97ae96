"""Text helpers shared by the citation parsers and the verifier: sentences, citation markers,
UTF-8 byte offsets, source lookup, passage recovery and figures. No third-party imports."""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any
from urllib.parse import urlsplit

from ..models import Source

# a sentence ends at . ! ? (and CJK stops), with any closing quotes/brackets, before a space or the end;
# a blank line also ends one
_SENT_END = re.compile(r"[.!?。！？…][\"'”’»)\]]*(?=\s|$)|\n\s*\n")
# citation markers that sit in an answer next to the sentence they support
_MARKERS = re.compile(
    r"\(?\[[^\[\]\n]{0,200}\]\((?:https?://|sandbox:)[^()\s]{0,2000}\)\)?"  # ([title](url)) and [title](url)
    r"|【[^】\n]{0,200}】"  # 【4:0†source】
    r"|\[\^?\d{1,3}(?:\s*[,–-]\s*\d{1,3})*\]"  # [1] [1, 2] [^3]
    r"|\(?<?/?cite\b[^>\n]{0,300}>\)?",  # <cite …>, </cite>, (cite index="…">
    re.IGNORECASE,
)
_WORD = re.compile(r"\d+(?:[.,]\d+)*|[^\W\d_]+", re.UNICODE)
_STOP = frozenset(
    "a an the of to in on at for and or is are be been by with as that this these it its from was were "
    "will shall must may can not no per each any all de der die das und oder ist im in den dem des ein eine "
    "einer von zu mit le la les et un une du des est".split()
)


def byte_to_char(text: str, byte_offset: int) -> int:
    """The character offset of UTF-8 byte ``byte_offset`` of ``text`` (a byte inside a character
    counts as that character's start).

    >>> byte_to_char("Müll 22", 6)
    5
    """
    if byte_offset <= 0:
        return 0
    return len(text.encode("utf-8")[:byte_offset].decode("utf-8", errors="ignore"))


def char_to_byte(text: str, char_offset: int) -> int:
    return len(text[:char_offset].encode("utf-8"))


def mask_markers(text: str) -> str:
    """``text`` with every citation marker replaced by spaces (same length, offsets kept)."""
    return _MARKERS.sub(lambda m: " " * len(m.group(0)), text)


def strip_markers(text: str) -> str:
    """``text`` without citation markers, whitespace runs collapsed, no space before final punctuation."""
    out = " ".join(_MARKERS.sub(" ", text).split())
    return re.sub(r"\s+([.,;:!?])", r"\1", out)


def sentences(text: str) -> list[tuple[int, int]]:
    """Sentence spans of ``text`` (markers do not split), stripped of surrounding whitespace."""
    return list(_sentences(text))


@lru_cache(maxsize=16)
def _sentences(text: str) -> tuple[tuple[int, int], ...]:
    masked = mask_markers(text)
    out: list[tuple[int, int]] = []
    start = 0
    for m in _SENT_END.finditer(masked):
        end = m.end() if not m.group(0).startswith("\n") else m.start()
        _add(text, start, end, out)
        start = m.end()
    _add(text, start, len(text), out)
    return tuple(out)


def _add(text: str, s: int, e: int, out: list[tuple[int, int]]) -> None:
    while s < e and text[s].isspace():
        s += 1
    while e > s and text[e - 1].isspace():
        e -= 1
    if e > s:
        out.append((s, e))


def sentence_at(text: str, start: int, end: int | None = None) -> tuple[int, int] | None:
    """The sentence a citation marker at ``[start, end)`` belongs to: the sentence containing it, or,
    when the marker sits after a sentence's final stop, the last sentence before it."""
    spans = sentences(text)
    if not spans:
        return None
    before = None
    for s, e in spans:
        if s <= start < e or (start == e and end is not None and end <= e):
            return s, e
        if e <= start:
            before = (s, e)
    return before or spans[0]


def sentence_around(text: str, start: int, end: int) -> tuple[int, int]:
    """The span of the sentence(s) covering ``[start, end)``."""
    s0, e0 = start, end
    for s, e in sentences(text):
        if s <= start < e:
            s0 = min(s0, s)
        if s < end <= e:
            e0 = max(e0, e)
    return s0, e0


def words(text: str) -> list[str]:
    """Content words of ``text``: casefolded, numbers without thousands separators, no stop words."""
    out = []
    for w in _WORD.findall(text):
        if w[0].isdigit():
            out.append(_norm_number(w))
            continue
        f = w.casefold()
        if f not in _STOP:
            out.append(f)
    return out


def _norm_number(w: str) -> str:
    # 1,200 / 1.200 (thousands) -> 1200; 2.5 / 2,5 -> 2.5
    if re.fullmatch(r"\d{1,3}(?:[.,]\d{3})+", w):
        return re.sub(r"[.,]", "", w)
    return w.replace(",", ".")


_UNITS = {"zero": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
          "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14, "fifteen": 15,
          "sixteen": 16, "seventeen": 17, "eighteen": 18, "nineteen": 19, "twenty": 20, "thirty": 30,
          "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70, "eighty": 80, "ninety": 90, "hundred": 100,
          "zwei": 2, "drei": 3, "vier": 4, "fünf": 5, "sechs": 6, "sieben": 7, "acht": 8, "neun": 9,
          "zehn": 10, "elf": 11, "zwölf": 12}
_NUMBER_WORDS = re.compile(
    r"\b(?:(?:twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety)[- ](?:one|two|three|four|five|six|seven|"
    r"eight|nine)|" + "|".join(sorted(_UNITS, key=len, reverse=True)) + r")\b",
    re.IGNORECASE,
)


def figure_mentions(text: str) -> list[tuple[str, str, str]]:
    """Each figure ``text`` states: ``(normalised, as written, the next word casefolded or "")``.

    >>> figure_mentions("twenty-four months and 1,200 euros")
    [('24', 'twenty-four', 'months'), ('1200', '1,200', 'euros')]
    """
    out: list[tuple[str, str, str, int]] = []
    for m in re.finditer(r"(?<![\w.,])\d+(?:[.,]\d+)*(?![\w])", text):
        w = m.group(0).rstrip(".,")
        out.append((_norm_number(w), w, _next_word(text, m.start() + len(w)), m.start()))
    for m in _NUMBER_WORDS.finditer(text):
        parts = re.split(r"[- ]", m.group(0).casefold())
        out.append((str(sum(_UNITS[p] for p in parts)), m.group(0), _next_word(text, m.end()), m.start()))
    out.sort(key=lambda t: t[3])
    return [(n, w, nx) for n, w, nx, _ in out]


def _next_word(text: str, pos: int) -> str:
    m = re.match(r"[\s\-]*([^\W\d_]+)", text[pos : pos + 40])
    return m.group(1).casefold() if m else ""


def figures(text: str) -> dict[str, str]:
    """The figures ``text`` states, normalised (``"1,200"`` -> ``"1200"``, ``"twenty-four"`` -> ``"24"``),
    each mapped to how the text wrote it.

    >>> sorted(figures("twenty-four months, 1,200 euros"))
    ['1200', '24']
    """
    out: dict[str, str] = {}
    for n, w, _ in figure_mentions(text):
        out.setdefault(n, w)
    return out


@dataclass(frozen=True, slots=True)
class Passage:
    start: int
    end: int
    score: float

    def text_of(self, text: str) -> str:
        return text[self.start : self.end]


def find_passage(claim: str, text: str, *, min_score: float = 0.5) -> Passage | None:
    """The sentence (or two adjacent sentences) of ``text`` sharing most content words with ``claim``:
    the share of the claim's distinct content words found there, ``None`` under ``min_score``.
    Literal word comparison: no pattern is built from model text."""
    cw = set(words(claim))
    if not cw:
        return None
    spans = sentences(text)
    best: Passage | None = None
    sets = _sentence_words(text)
    for i, (s, _e) in enumerate(spans):
        for j in (i, i + 1):
            if j >= len(spans):
                break
            ws = sets[i] if j == i else sets[i] | sets[j]
            shared = len(cw & ws)
            score = shared / len(cw)
            if shared < min(2, len(cw)):
                continue
            cand = Passage(s, spans[j][1], round(score, 4))
            if best is None or cand.score > best.score + 1e-9:
                best = cand
    if best is None or best.score < min_score:
        return None
    return best


@lru_cache(maxsize=32)
def _sentence_words(text: str) -> tuple[frozenset[str], ...]:
    return tuple(frozenset(words(text[s:e])) for s, e in _sentences(text))


class SourceSet:
    """The caller's sources, in order, with the lookups providers need (index, id, file name, URL)."""

    def __init__(self, sources: Any = None) -> None:
        self.items: list[tuple[str, str]] = []
        self.texts: dict[str, str] = {}
        if sources is None:
            return
        if isinstance(sources, Mapping):
            pairs: Iterable[tuple[Any, Any]] = sources.items()
        elif isinstance(sources, (str, bytes)):
            raise TypeError("sources must be a list of Source, a {id: text} mapping or a list of texts, got a string")
        elif isinstance(sources, Sequence):
            pairs = []
            for i, s in enumerate(sources):
                if isinstance(s, Source):
                    pairs.append((s.id, s.text))
                elif isinstance(s, str):
                    pairs.append((f"source[{i}]", s))
                else:
                    raise TypeError(f"sources[{i}] must be a Source or a str, got {type(s).__name__}")
        else:
            raise TypeError(f"sources must be a list of Source, a mapping or a list of texts, got {type(sources).__name__}")
        seen: set[str] = set()
        for k, v in pairs:
            if not isinstance(k, str) or not isinstance(v, str):
                raise TypeError(f"source {k!r}: id and text must be str")
            if k in seen:
                raise ValueError(f"two sources share the id {k!r}: give each source its own id")
            seen.add(k)
            self.items.append((k, v))
        self.texts = dict(self.items)

    def __bool__(self) -> bool:
        return bool(self.items)

    def with_documents(self, documents: Sequence[tuple[str, str]]) -> SourceSet:
        """These sources, or, when there are none, the documents a response carried."""
        if self.items or not documents:
            return self
        merged: dict[str, str] = {}
        for k, v in documents:
            merged.setdefault(k, v)
        return SourceSet(merged)

    def text(self, source_id: str | None) -> str | None:
        """The text of ``source_id``; ``None`` if unknown or empty (a document sent without text)."""
        if source_id is None or not self.items:
            return None
        return self.texts.get(source_id) or None

    def at(self, index: Any) -> str | None:
        if isinstance(index, int) and 0 <= index < len(self.items):
            return self.items[index][0]
        return None

    def resolve(self, *refs: Any) -> str | None:
        """The id of the first source matching one of ``refs`` (exact id, URL without its query,
        or file name), else ``None``."""
        if not self.items:
            return None
        cands = [r for r in refs if isinstance(r, str) and r]
        for r in cands:
            if r in self.texts:
                return r
        for r in cands:
            for v in _variants(r):
                if v in self.texts:
                    return v
        return None


def _variants(ref: str) -> list[str]:
    out = []
    if "://" in ref:
        parts = urlsplit(ref)
        base = f"{parts.scheme}://{parts.netloc}{parts.path}"
        out.append(base)
        name = parts.path.rsplit("/", 1)[-1]
        if name:
            out.append(name)
    elif "/" in ref:
        out.append(ref.rsplit("/", 1)[-1])
    return out


def obj(value: Any) -> Mapping[str, Any]:
    """``value`` if it is a JSON object, else an empty one."""
    return value if isinstance(value, Mapping) else {}


def string(value: Any, default: str = "") -> str:
    """``value`` if it is a string, else ``default``."""
    return value if isinstance(value, str) else default
