"""Sources cut into sentence-sized passages, and the content words that compare them.

>>> text = "Mr. Smith left. He came back on Jan. 5! Then he left again."
>>> [text[s:e] for s, e in split_passages(text)]
['Mr. Smith left.', 'He came back on Jan. 5!', 'Then he left again.']
"""

from __future__ import annotations

import bisect
import heapq
import itertools
import math
import re
from collections.abc import Sequence
from functools import lru_cache

from ..normalize import trim

__all__ = ["PassageIndex", "content_sequence", "content_words", "query_keys", "split_passages", "words_of"]


# Words that end in a period without ending a sentence (lower case, without the final dot).
_ABBREVIATIONS = frozenset(
    ["mr", "mrs", "ms", "dr", "prof", "sr", "jr", "st", "mt", "messrs", "mme", "mlle", "rev", "hon", "gen", "col", "lt", "sgt", "capt", "cmdr", "gov", "sen", "rep", "pres", "inc", "ltd", "co", "corp", "llc", "llp", "plc", "bros", "assn", "dept", "univ", "est", "govt", "intl", "natl", "no", "nos", "vol", "vols", "p", "pp", "ch", "chap", "sec", "secs", "art", "arts", "para", "paras", "cl", "fig", "figs", "ed", "eds", "eq", "eqs", "ex", "exh", "sch", "cf", "al", "etc", "vs", "viz", "approx", "ca", "circa", "min", "max", "avg", "jan", "feb", "mar", "apr", "jun", "jul", "aug", "sep", "sept", "oct", "nov", "dec", "mon", "tue", "tues", "wed", "thu", "thur", "thurs", "fri", "sat", "sun"]
)
# A sentence ends at a run of marks followed by space and a capital or digit, or by the end of
# its line whatever comes next (lower-cased, tokenised news text ends its lines " . \n"); the
# first mark of a run must not follow another: a run is tried from its first mark only, or a long
# run of dots, as in a table of contents, costs its length squared), at CJK marks (no space
# needed), and at a blank line (the whole run of white space around it, see _sentence_ends). The
# regex starts with one character class, so the engine skips ahead to the marks in C (four
# times faster than a look-behind first, or two branches).
_MARK_END = re.compile(
    r"""[.!?…。！？｡](?:
        (?<=[。！？｡])[。！？｡]*[」』”’）)〕】]*\s*                                   # CJK: no space needed
      | (?<![.!?…][.!?…])[.!?…]*["'”’»)\]]*\s+(?=["'“‘«(\[]?[A-Z0-9À-ÖØ-Þ\u0370-\u03ff\u0400-\u04ff])  # Latin...
      | (?<![.!?…][.!?…])[.!?…]*["'”’»)\]]*[ \t]*\n\s*                           # ...or at a line's end
    )""",
    re.VERBOSE,
)
_BLANK_LINE = re.compile(r"\n[ \t]*\n")
_SPACES = re.compile(r"\s*")
_WORD_BEFORE = re.compile(r"([^\s.]+(?:\.[^\s.]+)*)\.$")
_SOFT_BREAK = re.compile(r"[;:]\s+|[；：]")
_ALNUM = re.compile(r"\w")


def _is_abbreviation(text: str, dot: int) -> bool:
    """True when the period at ``text[dot]`` closes an abbreviation or an initial, not a sentence."""
    m = _WORD_BEFORE.search(text, max(0, dot - 30), dot + 1)
    if not m:
        return False
    word = m.group(1).lstrip("\"'“‘(«[").lower()
    if word in _ABBREVIATIONS:
        return True
    if len(word) == 1 and word.isalpha():  # "J. Smith", "U. S."
        return True
    return "." in word and all(len(p) <= 2 for p in word.split("."))  # "e.g", "i.e", "u.s", "a.m"


def _cut_long(text: str, start: int, end: int, max_chars: int) -> list[tuple[int, int]]:
    """Cut ``text[start:end]`` into pieces of at most ``max_chars``: at ';'/':' first, then spaces."""
    if end - start <= max_chars:
        return [(start, end)]
    cuts = [m.end() for m in _SOFT_BREAK.finditer(text, start, end)]
    # greedy packing of the ';'/':' clauses, then hard cuts at spaces for clauses still too long
    pieces: list[tuple[int, int]] = []
    s = start
    last = start
    for c in [*cuts, end]:
        if c - s > max_chars and last > s:
            pieces.append((s, last))
            s = last
        last = c
    pieces.append((s, end))
    out: list[tuple[int, int]] = []
    for a, b in pieces:
        while b - a > max_chars:
            cut = text.rfind(" ", a + max_chars // 2, a + max_chars)
            cut = cut if cut > a else a + max_chars
            out.append((a, cut))
            a = cut
        out.append((a, b))
    return out


def _sentence_ends(text: str) -> tuple[list[int], list[int]]:
    """Every place a sentence may end, as (break starts, offsets just past the break), in order.

    A break is a run of marks with the space after it, or a whole run of white space that
    holds a blank line; where the two overlap, the marks' break wins. Whether a period closes
    an abbreviation is decided later, only where asked.
    """
    breaks = [m.span() for m in _MARK_END.finditer(text)]
    pos = 0
    while (m := _BLANK_LINE.search(text, pos)) is not None:
        a = m.start()
        while a > 0 and text[a - 1].isspace():
            a -= 1
        pos = _SPACES.match(text, m.end()).end()  # type: ignore[union-attr]  # \s* always matches
        breaks.append((a, pos))
    breaks.sort()
    marks: list[int] = []
    ends: list[int] = []
    for a, b in breaks:
        if ends and a < ends[-1]:
            continue  # a blank line inside the space after a mark
        marks.append(a)
        ends.append(b)
    return marks, ends


def _pieces(text: str, a: int, b: int, max_chars: int) -> list[tuple[int, int]]:
    """The passages of the sentence ``text[a:b]``: trimmed, cut when long, without empty ones."""
    a, b = trim(text, a, b)
    if b <= a or not _ALNUM.search(text, a, b):
        return []
    out = []
    for s, e in _cut_long(text, a, b, max_chars):
        s, e = trim(text, s, e)
        if e > s and _ALNUM.search(text, s, e):
            out.append((s, e))
    return out


def split_passages(text: str, *, max_chars: int = 600) -> list[tuple[int, int]]:
    """Split ``text`` into sentence-sized passages, as half-open offsets into ``text``.

    Sentences end at ``.``, ``!``, ``?`` or ``…`` followed by a space and a capital letter or
    digit, or by the end of the line (but not after a known abbreviation or an initial), at CJK
    ``。！？`` (no space needed), and at blank lines. A sentence longer than ``max_chars`` is cut
    at ``;``/``:``, then at spaces. Edge whitespace is excluded, and passages without a letter or digit are
    dropped. Offsets count characters of the original text: ``text[start:end]`` is the passage.
    """
    return PassageIndex(text, max_chars).spans


_STOPWORDS = frozenset(
    ["a", "an", "the", "and", "or", "but", "nor", "so", "yet", "for", "of", "to", "in", "on", "at", "by", "with", "from", "into", "onto", "upon", "over", "under", "about", "above", "below", "between", "among", "through", "during", "before", "after", "since", "until", "than", "then", "as", "if", "because", "while", "although", "though", "whether", "that", "this", "these", "those", "there", "here", "which", "who", "whom", "whose", "what", "when", "where", "why", "how", "it", "its", "it's", "he", "him", "his", "she", "her", "hers", "they", "them", "their", "theirs", "we", "us", "our", "ours", "you", "your", "yours", "i", "me", "my", "mine", "is", "are", "was", "were", "be", "been", "being", "am", "do", "does", "did", "done", "have", "has", "had", "having", "will", "would", "shall", "should", "may", "might", "must", "can", "could", "not", "no", "any", "all", "some", "each", "every", "such", "other", "another", "same", "own", "more", "most", "less", "very", "also", "just", "only", "even", "still", "too", "again", "further", "once", "both", "either", "neither", "said", "says", "say", "told", "according", "one", "s", "t"]
)
_WORD = re.compile(r"\d+(?:[.,:/]\d+)*|[^\W\d_]+(?:'[^\W\d_]+)*")


def content_words(text: str) -> frozenset[str]:
    """Lower-cased, crudely stemmed words of ``text`` that carry content.

    Stopwords are dropped; numbers are always kept (without thousands separators), since a
    changed number is a changed claim.
    """
    out = set()
    for w in _WORD.findall(text.lower()):
        s = _stem(w)
        if s:
            out.add(s)
    return frozenset(out)


def words_of(text: str) -> list[str]:
    """The lower-cased words of ``text`` whose positions :func:`content_sequence` counts."""
    return _WORD.findall(text.lower())


def content_sequence(text: str) -> list[tuple[str, int]]:
    """The crudely stemmed content words of ``text`` in order, each with the offset of its word
    among all words (stopwords count as positions: "A reduces B" gives [(a, 0), (reduce, 1), (b, 2)]).

    >>> content_sequence("Hallucinations reduce the recall")
    [('hallucination', 0), ('reduce', 1), ('recall', 3)]
    """
    out = []
    for i, w in enumerate(words_of(text)):
        s = _stem(w)
        if s:
            out.append((s, i))
    return out


def content_terms(text: str) -> dict[str, str]:
    """Each crude stem of ``text``'s content words, with the first word that gave it (the word is
    what an embedder can read; the stem is what two texts are compared by).

    >>> content_terms("Payments rose; the payment fell")
    {'payment': 'payments', 'rose': 'rose', 'fell': 'fell'}
    """
    out: dict[str, str] = {}
    for w in _WORD.findall(text.lower()):
        s = _stem(w)
        if s:
            out.setdefault(s, w)
    return out


_STEMS: dict[str, str] = {}


def _stem(word: str) -> str:
    """:func:`_strip`, remembered for the first 500,000 distinct words (every content-word reader
    stems the same words again and again)."""
    s = _STEMS.get(word)
    if s is None:
        s = _strip(word)
        if len(_STEMS) < 500_000:
            _STEMS[word] = s
    return s


def _strip(word: str) -> str:
    """A crude suffix strip, so that "pays"/"paid"/"paying" meet more often than not ("" = stopword)."""
    if word[0].isdigit():
        return word.replace(",", "")
    if word in _STOPWORDS or (len(word) == 1 and word.isascii()):
        return ""
    for suf in ("ingly", "edly", "ing", "ies", "ied", "ed", "es", "s", "ly"):
        if len(word) > len(suf) + 3 and word.endswith(suf):
            return word[: -len(suf)]
    return word


class PassageIndex:
    """One source, cut into passages lazily: only the passages a query reaches are ever cut.

    :meth:`lexical_candidates` finds the sentences that share the most (IDF-weighted) content
    words with a query in one regex scan of the text, and cuts only those into passages,
    exactly as :func:`split_passages` would. The whole split (:attr:`spans`) and its word
    index are built only for a query that shares no word with the source.
    """

    __slots__ = ("_ends", "_index", "_lower", "_marks", "_real", "_spans", "max_chars", "text")

    def __init__(self, text: str, max_chars: int) -> None:
        self.text = text
        self.max_chars = max_chars
        self._marks, self._ends = _sentence_ends(text)
        self._real: dict[int, bool] = {}  # raw break number -> it ends a sentence (not "Mr.")
        self._lower: str | None = None  # the text lower-cased, once a query needs it
        self._spans: list[tuple[int, int]] | None = None
        self._index: dict[str, list[int]] | None = None

    # ------------------------------------------------------------------ the whole split (fallback)

    @property
    def spans(self) -> list[tuple[int, int]]:
        if self._spans is None:
            bounds = [0, *(self._ends[i] for i in range(len(self._ends)) if self._is_break(i)), len(self.text)]
            spans: list[tuple[int, int]] = []
            for a, b in itertools.pairwise(bounds):
                spans.extend(_pieces(self.text, a, b, self.max_chars))
            self._spans = spans
        return self._spans

    def __len__(self) -> int:
        return len(self.spans)

    def passage(self, i: int) -> str:
        a, b = self.spans[i]
        return self.text[a:b]

    def top_by_overlap(self, query_words: frozenset[str], k: int) -> list[int]:
        """The ``k`` passages sharing the most (IDF-weighted) content words with the query."""
        n = len(self)
        if k >= n:
            return list(range(n))
        if self._index is None:
            index: dict[str, list[int]] = {}
            for j in range(n):
                for w in content_words(self.passage(j)):
                    index.setdefault(w, []).append(j)
            self._index = index
        import numpy as np

        scores = np.zeros(n, dtype=np.float32)
        for w in query_words:
            posting = self._index.get(w)
            if posting:
                scores[posting] += np.log1p(n / len(posting))
        return sorted(int(i) for i in np.argpartition(-scores, k)[:k])

    # ------------------------------------------------------------------ lazy, per query

    def _is_break(self, i: int) -> bool:
        real = self._real.get(i)
        if real is None:
            m = self._marks[i]
            real = self._real[i] = not (self.text[m] == "." and _is_abbreviation(self.text, m))
        return real

    def passage_at(self, pos: int) -> tuple[int, int] | None:
        """The passage of the whole split that holds offset ``pos`` (None: ``pos`` is in no passage)."""
        ends = self._ends
        i = bisect.bisect_right(ends, pos) - 1  # the last break at or before pos
        while i >= 0 and not self._is_break(i):
            i -= 1
        j = i + 1  # the first break after pos
        while j < len(ends) and not self._is_break(j):
            j += 1
        a = ends[i] if i >= 0 else 0
        b = ends[j] if j < len(ends) else len(self.text)
        for s, e in _pieces(self.text, a, b, self.max_chars):
            if s <= pos < e:
                return s, e
        return None

    def _first_in_sentences(self, key: str) -> dict[int, int]:
        """Where a word with the crude stem ``key`` (or the number ``key``) first starts in each
        raw sentence that has one: {raw sentence number: offset}.

        A search for the literal in the lower-cased text, kept where no letter or digit comes
        just before it, that jumps to the next sentence after each hit; the word's ending is
        not checked (the ranking only needs to be close, and no regex is compiled per word).
        A text whose lower-casing changes its length is searched with a regex instead, so that
        offsets stay true.
        """
        ends = self._ends
        out: dict[int, int] = {}
        if self._lower is None:
            lowered = self.text.lower()
            self._lower = lowered if len(lowered) == len(self.text) else ""
        text = self._lower
        if not text:
            for m in _word_pattern(key).finditer(self.text):
                out.setdefault(bisect.bisect_right(ends, m.start()), m.start())
            return out
        find = text.find
        n_ends = len(ends)
        i = find(key)
        while i >= 0:
            if i == 0 or not text[i - 1].isalnum():
                sent = bisect.bisect_right(ends, i)
                out[sent] = i
                if sent >= n_ends:
                    break
                i = find(key, ends[sent])  # the next sentence
            else:
                i = find(key, i + len(key))
        return out

    def lexical_candidates(self, keys: Sequence[str], k: int) -> list[tuple[int, int]] | None:
        """The passages (``(start, end)``, in text order) of the ``k`` sentences that share the most
        content words with a query (its :func:`query_keys`), each word weighted by its rarity
        across the sentences.

        ``None`` when the query shares no content word with the text (CJK runs, a pure
        paraphrase): the caller then falls back to the whole split.
        """
        if not keys:
            return None
        ends = self._ends
        n = len(ends) + 1
        found: list[dict[int, int]] = []  # per word: sentence -> the word's first offset in it
        for key in keys:
            first = self._first_in_sentences(key)
            if first:
                found.append(first)
        if not found:
            return None
        scores: dict[int, float] = {}
        for first in found:
            weight = math.log1p(n / len(first))
            for sent in first:
                scores[sent] = scores.get(sent, 0.0) + weight
        top = set(heapq.nsmallest(k, scores, key=lambda sent: (-scores[sent], sent)))  # ties: the earlier
        out: set[tuple[int, int]] = set()
        span: tuple[int, int] | None = None
        last_sent = -1
        for sent, pos in sorted((sent, pos) for first in found for sent, pos in first.items() if sent in top):
            if sent != last_sent or span is None or pos >= span[1]:  # a long sentence is cut into passages
                last_sent = sent
                span = self.passage_at(pos)
                if span is not None:
                    out.add(span)
        return sorted(out)


def query_keys(query: str) -> tuple[str, ...]:
    """The query's content words as :meth:`PassageIndex.lexical_candidates` searches for them:
    crude stems, and numbers as written.

    >>> query_keys("The Tenant paid 4,100 dollars")
    ('tenant', 'paid', '4,100', 'dollar')
    """
    keys: dict[str, None] = {}
    for w in _WORD.findall(query.lower()):
        s = _stem(w)
        if s:
            keys[w if w[0].isdigit() else s] = None
    return tuple(keys)


@lru_cache(maxsize=4096)
def _word_pattern(key: str) -> re.Pattern[str]:
    """A word starting with ``key``, in any case (for texts whose lower-casing changes their length)."""
    return re.compile(rf"(?<![^\W_]){re.escape(key)}", re.IGNORECASE)
