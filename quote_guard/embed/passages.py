"""Sources cut into sentence-sized passages, and the content words that compare them.

>>> text = "Mr. Smith left. He came back on Jan. 5! Then he left again."
>>> [text[s:e] for s, e in split_passages(text)]
['Mr. Smith left.', 'He came back on Jan. 5!', 'Then he left again.']
"""

from __future__ import annotations

import itertools
import re
from typing import TYPE_CHECKING

from ..normalize import trim

if TYPE_CHECKING:  # pragma: no cover
    import numpy as np
    import numpy.typing as npt

__all__ = ["PassageIndex", "content_sequence", "content_words", "split_passages"]


# Words that end in a period without ending a sentence (lower case, without the final dot).
_ABBREVIATIONS = frozenset(
    ["mr", "mrs", "ms", "dr", "prof", "sr", "jr", "st", "mt", "messrs", "mme", "mlle", "rev", "hon", "gen", "col", "lt", "sgt", "capt", "cmdr", "gov", "sen", "rep", "pres", "inc", "ltd", "co", "corp", "llc", "llp", "plc", "bros", "assn", "dept", "univ", "est", "govt", "intl", "natl", "no", "nos", "vol", "vols", "p", "pp", "ch", "chap", "sec", "secs", "art", "arts", "para", "paras", "cl", "fig", "figs", "ed", "eds", "eq", "eqs", "ex", "exh", "sch", "cf", "al", "etc", "vs", "viz", "approx", "ca", "circa", "min", "max", "avg", "jan", "feb", "mar", "apr", "jun", "jul", "aug", "sep", "sept", "oct", "nov", "dec", "mon", "tue", "tues", "wed", "thu", "thur", "thurs", "fri", "sat", "sun"]
)
_SENT_END = re.compile(
    r"""(?:
        (?<![.!?…])[.!?…]+["'”’»)\]]*\s+(?=["'“‘«(\[]?[A-Z0-9À-ÖØ-Þ\u0370-\u03ff\u0400-\u04ff])  # Latin...
      | [。！？｡]+[」』”’）)〕】]*\s*                                                 # CJK: no space needed
      | (?<!\s)\s*\n[ \t]*\n\s*                                                        # blank line
      # (?<!...): a run of marks or spaces is tried from its first character only; tried from
      # each, a long run of dots (contents leaders) or spaces cost its length squared
    )""",
    re.VERBOSE,
)
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


def split_passages(text: str, *, max_chars: int = 600) -> list[tuple[int, int]]:
    """Split ``text`` into sentence-sized passages, as half-open offsets into ``text``.

    Sentences end at ``.``, ``!``, ``?`` or ``…`` followed by a space and a capital letter or
    digit (but not after a known abbreviation or an initial), at CJK ``。！？`` (no space
    needed), and at blank lines. A sentence longer than ``max_chars`` is cut at ``;``/``:``,
    then at spaces. Edge whitespace is excluded, and passages without a letter or digit are
    dropped. Offsets count characters of the original text: ``text[start:end]`` is the passage.
    """
    bounds: list[int] = [0]
    for m in _SENT_END.finditer(text):
        if text[m.start()] == "." and _is_abbreviation(text, m.start()):
            continue
        bounds.append(m.end())
    bounds.append(len(text))
    out: list[tuple[int, int]] = []
    for a, b in itertools.pairwise(bounds):
        a, b = trim(text, a, b)
        if b <= a or not _ALNUM.search(text, a, b):
            continue
        for s, e in _cut_long(text, a, b, max_chars):
            s, e = trim(text, s, e)
            if e > s and _ALNUM.search(text, s, e):
                out.append((s, e))
    return out



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
        s = _STEMS.get(w)
        if s is None:
            s = _stem(w)
            if len(_STEMS) < 500_000:
                _STEMS[w] = s
        if s:
            out.add(s)
    return frozenset(out)


def content_sequence(text: str) -> list[tuple[str, int]]:
    """The crudely stemmed content words of ``text`` in order, each with the offset of its word
    among all words (stopwords count as positions: "A reduces B" gives [(a, 0), (reduce, 1), (b, 2)]).

    >>> content_sequence("Hallucinations reduce the recall")
    [('hallucination', 0), ('reduce', 1), ('recall', 3)]
    """
    out = []
    for i, w in enumerate(_WORD.findall(text.lower())):
        s = _stem(w)
        if s:
            out.append((s, i))
    return out


_STEMS: dict[str, str] = {}


def _stem(word: str) -> str:
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
    """One source split into passages; its embeddings and word index are built when needed.

    ``vectors`` holds the embeddings of all passages once a caller has computed them.
    """

    __slots__ = ("_index", "_words", "ends", "starts", "text", "vectors")

    def __init__(self, text: str, max_chars: int) -> None:
        self.text = text
        spans = split_passages(text, max_chars=max_chars)
        self.starts = [s for s, _ in spans]
        self.ends = [e for _, e in spans]
        self.vectors: npt.NDArray[np.float32] | None = None  # all passages, when embedded whole
        self._words: dict[int, frozenset[str]] = {}
        self._index: dict[str, list[int]] | None = None

    def __len__(self) -> int:
        return len(self.starts)

    def passage(self, i: int) -> str:
        return self.text[self.starts[i] : self.ends[i]]

    def words(self, i: int) -> frozenset[str]:
        w = self._words.get(i)
        if w is None:
            w = self._words[i] = content_words(self.passage(i))
        return w

    def top_by_overlap(self, query_words: frozenset[str], k: int) -> list[int]:
        """The ``k`` passages sharing the most (IDF-weighted) content words with the query."""
        n = len(self)
        if k >= n:
            return list(range(n))
        if self._index is None:
            index: dict[str, list[int]] = {}
            for j in range(n):
                for w in self.words(j):
                    index.setdefault(w, []).append(j)
            self._index = index
        import numpy as np

        scores = np.zeros(n, dtype=np.float32)
        for w in query_words:
            posting = self._index.get(w)
            if posting:
                scores[posting] += np.log1p(n / len(posting))
        return sorted(int(i) for i in np.argpartition(-scores, k)[:k])
