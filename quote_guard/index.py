"""Per-document indexes: the folded text, its alignment encoding and BM25 windows.

A :class:`DocIndex` is built once per distinct document text and cached by content hash
(:func:`get_index`), so a contract used by many calls is folded and indexed once. BM25 is
built lazily, only when a caller asks for candidate windows (large contexts).

BM25 backends: ``bm25s`` (default, numpy sparse matrices) and ``rank-bm25`` (pure Python,
selectable, and the score-parity oracle in the tests). Both score with the ATIRE variant:
``idf = log(N / df)`` and ``tf * (k1 + 1) / (tf + k1 * (1 - b + b * len / avglen))``, so the
same ``k1`` and ``b`` give the same scores.
"""

from __future__ import annotations

import math
import re
import threading
from collections import OrderedDict
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from .errors import MissingDependencyError
from .models import Source
from .normalize import Folded, blank_out, clear_fold_cache, fold, mask_page_furniture, running_lines, tokenize

if TYPE_CHECKING:  # pragma: no cover
    import numpy as np

__all__ = [
    "BM25Windows",
    "CorpusFilter",
    "CorpusSeeds",
    "DocIndex",
    "WindowHit",
    "clear_cache",
    "expect_many_quotes",
    "get_corpus_filter",
    "get_index",
    "set_index_loader",
]

_RARE_BASE = 200  # alignment codes 1.._RARE_BASE for the most frequent characters
SEED_MIN_CHARS = 15  # needles this long are answered by the seed index (8 + 7: one whole aligned piece)
SEED_INDEX_MIN_CHARS = 16_384  # below this, one str.find scan is as cheap as the lookups (32_768 before the 43rd stop: 3-5 % more lexical CPU on dev)
_GRAM_MAX_CANDIDATES = 64  # more candidate positions than this: scan instead
_SEEDS_MAX_CANDIDATES = 4096  # the same for a collection's table, over the documents asked about
INDEX_FORMAT = 6  # of DocIndex.to_arrays; raise it whenever folding or the index changes what it holds


@dataclass(frozen=True, slots=True)
class WindowHit:
    """A BM25 window: folded character range ``[start, end)`` and its score."""

    start: int
    end: int
    score: float


class BM25Windows:
    """BM25 over overlapping token windows of one folded document.

    ``window`` tokens per window, windows start every ``window // 2`` tokens, so each token
    is in two windows and a match near one window's edge sits inside the next one.
    """

    def __init__(self, folded_text: str, *, window: int, k1: float, b: float, backend: str) -> None:
        tokens = tokenize(folded_text)
        step = max(1, window // 2)
        self.bounds: list[tuple[int, int]] = []
        corpus: list[list[str]] = []
        if not tokens:
            self.bounds.append((0, len(folded_text)))
            corpus.append([""])
        for i in range(0, max(1, len(tokens) - step), step) if tokens else ():
            chunk = tokens[i : i + window]
            self.bounds.append((chunk[0].start, chunk[-1].end))
            corpus.append([t.text for t in chunk])
        self.backend = backend
        self.k1, self.b = k1, b
        self._scorer = _make_scorer(corpus, k1=k1, b=b, backend=backend)

    def __len__(self) -> int:
        return len(self.bounds)

    def scores(self, query_tokens: Sequence[str]) -> "np.ndarray":
        """BM25 score of every window for the query (same order as :attr:`bounds`)."""
        scores: np.ndarray = self._scorer(list(query_tokens))
        return scores

    def top(self, query_tokens: Sequence[str], k: int) -> tuple[list[WindowHit], float | None]:
        """The ``k`` best windows, and the bm25 ratio: best score over the best score of a
        window that does *not overlap* the best one, so overlapping windows cannot inflate
        it. Both scores are add-one smoothed, ``(best + 1) / (other + 1)``, so the ratio stays
        finite when no other window matches at all; ``None`` when there is no other window."""
        import numpy as np

        s = self.scores(query_tokens)
        if len(s) == 0:
            return [], None
        order = np.argsort(-s, kind="stable")
        hits = [WindowHit(self.bounds[i][0], self.bounds[i][1], float(s[i])) for i in order[: max(k, 1)]]
        best = hits[0]
        other: float | None = None
        for i in order:
            a, e = self.bounds[i]
            if e <= best.start or a >= best.end:
                other = float(s[i])
                break
        ratio = (best.score + 1.0) / (other + 1.0) if other is not None else None
        return hits, ratio


def _make_scorer(corpus: list[list[str]], *, k1: float, b: float, backend: str) -> Any:
    if backend == "bm25s":
        try:
            import bm25s
        except ImportError as exc:  # pragma: no cover - bm25s is a core dependency
            raise MissingDependencyError("the bm25s BM25 backend", extra="core", package="bm25s") from exc
        model = bm25s.BM25(k1=k1, b=b, method="atire", backend="numpy")
        model.index(corpus, show_progress=False)
        vocab = model.vocab_dict

        def score(q: list[str]) -> Any:
            import numpy as np

            ids = [vocab[t] for t in q if t in vocab]
            if not ids:
                return np.zeros(len(corpus), dtype="float32")
            return model.get_scores_from_ids(ids)

        return score
    if backend == "rank-bm25":
        try:
            from rank_bm25 import BM25Okapi
        except ImportError as exc:
            raise MissingDependencyError("the rank-bm25 BM25 backend", extra="rank-bm25", package="rank-bm25") from exc

        class _AtireOkapi(BM25Okapi):  # type: ignore[misc]
            # rank-bm25's own scoring loop, with the ATIRE idf (no negative idf, no epsilon floor)
            def _calc_idf(self, nd: dict[str, int]) -> None:
                for word, freq in nd.items():
                    self.idf[word] = math.log(self.corpus_size / freq)

        okapi = _AtireOkapi(corpus, k1=k1, b=b)

        def score_rank(q: list[str]) -> Any:
            return okapi.get_scores(q)

        return score_rank
    raise ValueError(f"unknown BM25 backend {backend!r}; choose 'bm25s' or 'rank-bm25'")


@dataclass(eq=False)
class DocIndex:
    """Everything derived from one document text that matching needs."""

    folded: Folded
    _codes: dict[str, int] | None = None
    _bytes: "_ByteCodes | None" = None  # the same codes as a str.translate table (queries past Latin-1)
    _lookup: "np.ndarray | tuple[np.ndarray, np.ndarray] | None" = None  # see _encode_text
    _unused: int = 0
    _bm25: dict[tuple[int, float, float, str], BM25Windows] = field(default_factory=dict)
    _lock: threading.Lock = field(default_factory=threading.Lock)
    _grams: "tuple[np.ndarray, np.ndarray] | None" = None
    _word_keys: "np.ndarray | None" = None  # set when loaded from arrays: the corpus filter's keys

    @property
    def text(self) -> str:
        """The folded text."""
        return self.folded.text

    # -- persistence: arrays in, arrays out (where they are kept is the caller's business) --
    def to_arrays(self) -> "dict[str, np.ndarray]":
        """Everything worth keeping, as named numpy arrays (``numpy.savez`` writes them as
        they are): the fold and its offset map, and the document's distinct words, which the
        corpus filter needs. The rest is quicker to make again than to read: the alignment
        codes (one counting pass), a large document's seed index (made when a search needs
        it) and a collection's seed table (:class:`CorpusSeeds`, made in memory).
        :meth:`from_arrays` is the inverse."""
        import json

        import numpy as np

        f = self.folded
        meta = {"format": INDEX_FORMAT, "original_length": f.original_length}
        return {
            "meta": np.frombuffer(json.dumps(meta).encode(), dtype=np.uint8),
            "text": np.frombuffer(f.text.encode("utf-8", "surrogatepass"), dtype=np.uint8),
            "fstart": f.fstart, "ostart": f.ostart, "olen": f.olen, "ident": f.ident,
            "words": np.frombuffer("\n".join(_words(f.text)).encode("utf-8", "surrogatepass"), dtype=np.uint8),
        }

    @classmethod
    def from_arrays(cls, arrays: "Mapping[str, np.ndarray]") -> DocIndex:
        """The index :meth:`to_arrays` wrote. Raises ``ValueError`` for arrays of another
        format (an older quote_guard) or that do not fit together."""
        import json

        try:
            meta = json.loads(bytes(arrays["meta"]).decode())
            if meta.get("format") != INDEX_FORMAT:
                raise ValueError(f"index format {meta.get('format')!r}, this quote_guard reads {INDEX_FORMAT!r}")
            text = bytes(arrays["text"]).decode("utf-8", "surrogatepass")
            folded = Folded(text, int(meta["original_length"]), arrays["fstart"], arrays["ostart"],
                            arrays["olen"], arrays["ident"])
            if not len(folded.fstart) == len(folded.ostart) == len(folded.olen) == len(folded.ident):
                raise ValueError("the offset map's columns differ in length")
            words = bytes(arrays["words"]).decode("utf-8", "surrogatepass")
        except KeyError as exc:
            raise ValueError(f"index arrays lack {exc}") from None
        idx = cls(folded)
        idx._word_keys = _hashes(words.split("\n") if words else [])
        return idx

    def word_keys(self) -> "np.ndarray":
        """The (process-local) hashes of the document's distinct words, for :class:`CorpusFilter`."""
        if self._word_keys is not None:
            return self._word_keys
        return _hashes(_words(self.text))

    def alignment_target(self, lo: int = 0, hi: int | None = None) -> bytes:
        """Folded ``[lo, hi)`` as bytes for edlib (which is ten times faster on bytes than on str).

        Texts whose characters all fit in Latin-1 are encoded as they are (a copy of the
        slice, nothing kept). Otherwise the ``_RARE_BASE`` most frequent characters get their
        own code and the rest share hashed codes: collisions can only make rare characters
        look alike to the aligner, which locates the span; the verdict is then computed on
        the real text. Only the codes are kept with the index; a slice is encoded when asked
        for (a few microseconds for an aligned region, and no byte per character held).
        """
        t = self.folded.text
        with self._lock:
            if self._codes is None:
                if _latin1(t):
                    # the first byte the text lacks (usually \x01: one memchr-fast scan)
                    self._unused = next((b for b in range(1, 256) if chr(b) not in t), 0)
                    self._codes = {}
                else:
                    self._codes, self._lookup = _rank_codes(t)
                    self._bytes = _ByteCodes({ord(c): v for c, v in self._codes.items()})
        if self._codes:
            return self._encode_text(t[lo:hi])
        return t[lo:hi].encode("latin-1")

    def _encode_text(self, s: str) -> bytes:
        """:meth:`_encode`, vectorised for long texts (a region, a whole document)."""
        import numpy as np

        assert self._codes and self._lookup is not None  # a text past Latin-1: codes and table made together
        cps = np.frombuffer(s.encode("utf-32-le", "surrogatepass"), dtype=np.uint32)
        if not isinstance(self._lookup, tuple):
            return bytes(self._lookup[cps].tobytes())  # a byte for every code point up to the text's largest
        points, values = self._lookup
        at = np.searchsorted(points, cps).clip(max=len(points) - 1)
        rare = (_RARE_BASE + 1 + cps % (255 - _RARE_BASE)).astype(np.uint8)
        return bytes(np.where(points[at] == cps, values[at], rare).astype(np.uint8).tobytes())

    def encode(self, s: str) -> bytes:
        """Encode a query the same way as :meth:`alignment_target`."""
        if self._codes is None:
            self.alignment_target(0, 0)
        return self._encode(s)

    def _encode(self, s: str) -> bytes:
        codes = self._codes
        if not codes:
            try:
                return s.encode("latin-1")
            except UnicodeEncodeError:
                u = self._unused
                return bytes(ord(c) if ord(c) < 256 else u for c in s)
        assert self._bytes is not None  # made with the codes
        return s.translate(self._bytes).encode("latin-1")

    def find_all(self, needle: str, limit: int) -> list[int]:
        """Folded offsets where ``needle`` starts, ascending, at most ``limit`` of them: exactly
        what repeated ``str.find`` over the whole folded text gives.

        A large document answers needles of ``SEED_MIN_CHARS`` or more from its seed index (see
        :meth:`_gram_table`) in a few lookups instead of a scan of the whole text; a needle
        whose 8-character pieces are too common there, a short needle or a small document is
        scanned as before.
        """
        t = self.folded.text
        if len(needle) >= SEED_MIN_CHARS and len(t) >= SEED_INDEX_MIN_CHARS:
            hits = self._indexed(needle, t)
            if hits is not None:
                return hits[:limit]
        return self.scan_all(needle, limit)

    def scan_all(self, needle: str, limit: int) -> list[int]:
        """:meth:`find_all` by a scan of the folded text, without the seed index."""
        t = self.folded.text
        out: list[int] = []
        i = t.find(needle)
        while i >= 0 and len(out) < limit:
            out.append(i)
            i = t.find(needle, i + 1)
        return out

    def find_all_many(self, needles: Sequence[str], limit: int) -> list[list[int]]:
        """``[find_all(n, limit) for n in needles]``, with the seed index looked up once for all
        of them (the seeds of one quote: numpy's fixed cost is paid once, not per seed)."""
        t = self.folded.text
        out: list[list[int] | None] = [None] * len(needles)
        if len(t) >= SEED_INDEX_MIN_CHARS:
            todo = [i for i, nd in enumerate(needles) if len(nd) >= SEED_MIN_CHARS]
            if todo:
                for i, hits in zip(todo, self._indexed_many([needles[i] for i in todo], t)):
                    out[i] = hits[:limit] if hits is not None else None
        return [hits if hits is not None else self.find_all(needles[i], limit) for i, hits in enumerate(out)]

    def _gram_table(self) -> "tuple[np.ndarray, np.ndarray]":
        """The seed index: the 8-character piece at every eighth folded offset, as a
        ``uint32`` hash of its alignment bytes, sorted, with the block number it came from.

        Any occurrence of a needle of 15 characters or more covers one whole piece that
        starts at a multiple of 8, at one of 8 offsets into the needle, so looking those 8
        keys up finds every occurrence (hash collisions only add candidates, which are
        checked against the text). One byte per character, built once per document.
        """
        with self._lock:
            grams = self._grams
        if grams is None:
            import numpy as np

            enc = self.alignment_target()
            keys = _gram_keys(np.frombuffer(enc, dtype="<u8", count=len(enc) // 8))
            # a stable argsort, done as one sort of (key, block) pairs packed in a uint64: the
            # same order, several times faster
            pairs = keys.astype(np.uint64) << np.uint64(32)
            pairs |= np.arange(len(keys), dtype=np.uint64)
            pairs.sort()
            grams = ((pairs >> np.uint64(32)).astype(np.uint32), pairs.astype(np.uint32))
            with self._lock:
                self._grams = grams
        return grams

    def drop_seed_index(self) -> None:
        """Free the seed index (a collection's table has taken its place); it is made again
        on first use."""
        with self._lock:
            self._grams = None

    def _indexed(self, needle: str, t: str) -> list[int] | None:
        return self._indexed_many([needle], t)[0]

    def _indexed_many(self, needles: Sequence[str], t: str) -> list[list[int] | None]:
        """:meth:`_indexed` for several needles, with one hash and one search for all their pieces."""
        import numpy as np

        keys, blocks = self._gram_table()
        # the 8 pieces at offsets 0..7 of each needle's first 15 characters (one byte each)
        heads = np.frombuffer(b"".join(self.encode(nd[:SEED_MIN_CHARS]) for nd in needles), dtype=np.uint8)
        at = np.add.outer(np.arange(0, len(heads), SEED_MIN_CHARS), np.add.outer(np.arange(8), np.arange(8)))
        probes = _gram_keys(heads[at].view("<u8").ravel())
        lo = np.searchsorted(keys, probes, side="left").reshape(-1, 8)
        hi = np.searchsorted(keys, probes, side="right").reshape(-1, 8)
        lens = hi - lo
        counts = lens.sum(axis=1)
        # common pieces: a scan stops at the limit, cheaper than checking them all
        lens[counts > _GRAM_MAX_CANDIDATES] = 0
        # every candidate place of every needle at once: piece j's block b puts it at b * 8 - j
        flat = lens.ravel()
        n = int(flat.sum())
        piece = np.repeat(np.arange(len(flat)), flat)
        at = np.repeat(lo.ravel() - np.cumsum(flat) + flat, flat) + np.arange(n)
        places = (blocks[at].astype(np.int64) * 8 - piece % 8).tolist()
        found: list[set[int]] = [set() for _ in needles]
        for k, p in zip((piece // 8).tolist(), places):
            if p >= 0 and t.startswith(needles[k], p):
                found[k].add(p)
        return [None if c > _GRAM_MAX_CANDIDATES else sorted(f) for c, f in zip(counts.tolist(), found)]

    def bm25(self, *, window: int, k1: float, b: float, backend: str) -> BM25Windows:
        key = (window, k1, b, backend)
        with self._lock:
            w = self._bm25.get(key)
            if w is None:
                w = self._bm25[key] = BM25Windows(self.folded.text, window=window, k1=k1, b=b, backend=backend)
        return w


_GOLDEN: Any = None


def _golden() -> Any:
    global _GOLDEN
    if _GOLDEN is None:
        import numpy as np

        _GOLDEN = np.array([0x9E3779B97F4A7C15], dtype=np.uint64)
    return _GOLDEN


def _gram_keys(pieces: "np.ndarray") -> "np.ndarray":
    """32-bit multiplicative hashes of 8-byte pieces (``uint64``)."""
    import numpy as np

    # array arithmetic wraps modulo 2**64 without a warning
    return ((pieces * _golden()) >> np.uint64(32)).astype(np.uint32)  # type: ignore[no-any-return]


def _latin1(t: str) -> bool:
    """Every character below U+0100 (``max(t) < "\u0100"``, without a Python-level scan)."""
    if t.isascii():
        return True
    try:
        t.encode("latin-1")
    except UnicodeEncodeError:
        return False
    return True


class _ByteCodes(dict[int, int]):
    """A ``str.translate`` table from code points to alignment bytes: the ranked characters'
    codes, and a rare character's hashed code (``_RARE_BASE + 1 + code point % (255 -
    _RARE_BASE)``) added the first time it is met. Translating, then encoding as Latin-1, gives
    the bytes of a per-character loop at the speed of C."""

    def __missing__(self, cp: int) -> int:
        code = self[cp] = _RARE_BASE + 1 + cp % (255 - _RARE_BASE)
        return code


_DENSE_CODES = 16_384  # texts whose largest code point is below this keep a byte per code point (Greek, €, •)


def _rank_codes(t: str) -> "tuple[dict[str, int], np.ndarray | tuple[np.ndarray, np.ndarray]]":
    """The codes of :meth:`DocIndex.alignment_target`: the ``_RARE_BASE`` most frequent characters
    (ties by code point) get codes ``1.._RARE_BASE`` by rank; the rest share hashed codes above
    (``_RARE_BASE + 1 + code point % (255 - _RARE_BASE)``). Counting by ``bincount`` is linear.
    With them, the table that encodes slices (:func:`_code_table`)."""
    import numpy as np

    codes = np.frombuffer(t.encode("utf-32-le", "surrogatepass"), dtype=np.uint32)
    counts = np.bincount(codes)
    uniq = np.flatnonzero(counts)
    order = np.argsort(-counts[uniq], kind="stable")
    rank = np.empty(len(uniq), dtype=np.int64)
    rank[order] = np.arange(len(uniq))
    common = rank < _RARE_BASE
    ranked = {chr(int(c)): int(r) + 1 for c, r in zip(uniq[common], rank[common])}
    return ranked, _code_table(ranked, len(counts) - 1)


def _code_table(codes: dict[str, int], top: int) -> "np.ndarray | tuple[np.ndarray, np.ndarray]":
    """How :meth:`DocIndex._encode_text` maps code points to bytes: a byte for every code point up
    to ``top`` (the text's largest) when that is below ``_DENSE_CODES``, else the ranked
    characters' code points, sorted, with their codes (the rest are hashed as they are looked up)."""
    import numpy as np

    ranked = sorted(ord(c) for c in codes)
    points = np.array(ranked, dtype=np.uint32)
    values = np.array([codes[chr(p)] for p in ranked], dtype=np.uint8)
    if top >= _DENSE_CODES:
        return points, values
    every = np.arange(top + 1, dtype=np.uint32)
    table = (_RARE_BASE + 1 + every % (255 - _RARE_BASE)).astype(np.uint8)
    table[points] = values
    return table


_CACHE: "OrderedDict[tuple[int, int], DocIndex]" = OrderedDict()
_CACHE_LOCK = threading.Lock()
_CACHE_CHARS = 0
MAX_CACHE_CHARS = 128_000_000  # original characters whose indexes are kept across calls


def _key(doc: "str | Source") -> tuple[int, int]:
    # Python's str hash is a keyed SipHash of the content, computed once per string object
    # and cached on it; with the length it makes collisions vanishingly unlikely. A Source
    # gives the same key for the same text (Source.content_key), without reading a text that
    # stays in its file.
    return (len(doc), hash(doc)) if isinstance(doc, str) else doc.content_key


_LOADER: "Callable[[str], DocIndex | None] | None" = None


def set_index_loader(loader: "Callable[[str], DocIndex | None] | None") -> "Callable[[str], DocIndex | None] | None":
    """Consult ``loader(text)`` before building an index that is not in memory (``None``:
    build it); returns the loader it replaces. :class:`quote_guard.scale.cache.IndexCache`
    installs one that reads indexes from disk."""
    global _LOADER
    old, _LOADER = _LOADER, loader
    return old


def get_index(doc: "str | Source") -> DocIndex:
    """The cached index of a text or of a source's text (built on first use, or given by the
    loader of :func:`set_index_loader`; keyed by a hash of the content). A source's text is
    read only when its index must be built."""
    global _CACHE_CHARS
    k = _key(doc)
    with _CACHE_LOCK:
        hit = _CACHE.get(k)
        if hit is not None:
            _CACHE.move_to_end(k)
            return hit
    text = doc if isinstance(doc, str) else doc.text
    loader = _LOADER
    idx = loader(text) if loader is not None else None
    if idx is None or idx.folded.original_length != len(text):
        idx = DocIndex(fold(mask_page_furniture(text)))  # a page break's furniture read as white space
    with _CACHE_LOCK:
        if k not in _CACHE:
            _CACHE[k] = idx
            _CACHE_CHARS += len(text)
            while _CACHE_CHARS > MAX_CACHE_CHARS and len(_CACHE) > 1:
                _, old = _CACHE.popitem(last=False)
                _CACHE_CHARS -= old.folded.original_length
        return _CACHE[k]


@lru_cache(maxsize=2)
def without_running_lines(text: str) -> DocIndex:
    """The index of ``text`` with its page furniture and its running lines blanked out
    (:func:`~quote_guard.normalize.running_lines`), offsets kept: built only for a document a
    rejected quote runs across a footer of, and kept for the next such quote (two documents)."""
    return DocIndex(fold(blank_out(mask_page_furniture(text), running_lines(text))))


def clear_cache() -> None:
    """Forget every cached document index and corpus filter, and the folds of short texts
    (benchmarks call it between systems, so that each one starts cold)."""
    global _CACHE_CHARS
    with _CACHE_LOCK:
        _CACHE.clear()
        _CORPUS.clear()
        _BATCHES.clear()
        _CACHE_CHARS = 0
    without_running_lines.cache_clear()
    clear_fold_cache()


# --------------------------------------------------------------------------- corpus filter

_WORDS = re.compile(r"\w{2,}")
# a text of Latin-1 characters (ASCII text is one): every byte that is no word character of the pattern
# (letters, digits, the underscore, "²", "½") made a space, so that splitting at white space gives the
# same runs as the pattern, about twice as fast
_LATIN1_NON_WORD = bytes(b if _WORDS.match(chr(b) * 2) else 0x20 for b in range(256))
_PAST_LATIN1_NON_WORD = re.compile(r"[^\x00-\xff\w]")  # bullets, box lines, "€": separators, as a space is


def _words(text: str) -> set[str]:
    """The distinct words (two word characters or more) of folded text."""
    try:
        raw = text.encode("latin-1")
    except UnicodeEncodeError:
        try:  # most texts past Latin-1 are so only by the bullets or symbols between their words
            raw = _PAST_LATIN1_NON_WORD.sub(" ", text).encode("latin-1")
        except UnicodeEncodeError:
            return set(_WORDS.findall(text))
    return {w.decode("latin-1") for w in set(raw.translate(_LATIN1_NON_WORD).split()) if len(w) >= 2}


def _hashes(words: "Sequence[str] | set[str]") -> "np.ndarray":
    """The (process-local) string hashes of ``words``, as the corpus filter keys them."""
    import numpy as np

    return np.fromiter((hash(w) for w in words), dtype=np.int64, count=len(words))


class CorpusFilter:
    """Which documents of a large collection can hold a quote at all.

    An inverted index from each word (folded, two characters or more) to the documents that
    contain it. A quote's candidate documents are those sharing the most IDF-weighted words
    with it, and every document that has all of its words.
    Verifying against a few candidates instead of every document is what makes a
    thousand-document context as fast per quote as a small one.

    Compact: no Python object per word. Words are keyed by their (process-local) string hash
    in one sorted ``int64`` array; the posting lists are slices of one array of document
    numbers (``uint16`` up to 65,535 documents), ascending within each word.
    """

    def __init__(self, docs: Sequence[DocIndex]) -> None:
        import numpy as np

        self.n_docs = len(docs)
        dtype = np.uint16 if len(docs) < 2**16 else np.uint32
        keys: list[np.ndarray] = []
        owners: list[np.ndarray] = []
        for i, d in enumerate(docs):
            k = d.word_keys()
            keys.append(k)
            owners.append(np.full(len(k), i, dtype=dtype))
        # built with few arrays of all the postings alive at once (at 50 MB a million postings,
        # 8 MB an array: the build's peak was 45 MiB above the memory before it, 27 MiB now)
        allkeys = np.concatenate(keys) if keys else np.zeros(0, dtype=np.int64)
        del keys
        order = np.argsort(allkeys, kind="stable")  # stable: documents stay ascending per word
        allkeys = allkeys[order]
        self._docs = (np.concatenate(owners) if owners else np.zeros(0, dtype=dtype))[order]
        del order, owners
        new = np.empty(len(allkeys), dtype=bool)  # where a word's postings begin
        new[:1] = True
        np.not_equal(allkeys[1:], allkeys[:-1], out=new[1:])
        first = np.flatnonzero(new)
        self._keys = allkeys[first]
        self._start = np.append(first, len(allkeys)).astype(np.int64)
        self._indexes = list(docs)
        self._seeds: CorpusSeeds | None = None
        self._seeds_lock = threading.Lock()
        self._asked = 0  # quotes checked against this collection so far
        self.batch = False  # a batch will ask many quotes of it (:func:`expect_many_quotes`)

    def seeds(self, quotes: int) -> CorpusSeeds | None:
        """The collection's seed table (:class:`CorpusSeeds`) for a call that checks ``quotes``
        quotes, or ``None``: its documents are scanned instead, with the same results.

        The table costs about one pass over the collection and saves a scan of each quote's
        candidate documents, so it is built once the collection has been asked about enough
        quotes to pay for it (``SEEDS_AFTER_QUOTES``, and one per ``SEEDS_CHARS_PER_QUOTE``
        characters), not for a one-off list of sources; at once for a collection a batch announced
        (:func:`expect_many_quotes`); never for 2**32 characters or more."""
        with self._seeds_lock:
            self._asked += quotes
            if self._seeds is None:
                chars = sum(len(d.text) for d in self._indexes)
                if chars < 2**32 and (self.batch or self._asked >= max(SEEDS_AFTER_QUOTES, chars // SEEDS_CHARS_PER_QUOTE)):
                    for d in self._indexes:  # the table will answer for them: their own seed
                        d.drop_seed_index()  # indexes are freed first (made again if asked for alone)
                    self._seeds = CorpusSeeds([d.text for d in self._indexes])
            return self._seeds

    @property
    def nbytes(self) -> int:
        """Memory held by the index arrays."""
        return int(self._keys.nbytes + self._start.nbytes + self._docs.nbytes)

    def candidates(self, folded_quote: str, k: int, *, max_complete: int = 64) -> list[int]:
        """Indexes of the documents most likely to hold the quote, best first: the ``k``
        best by IDF-weighted shared words, plus every document that has *all* of the
        quote's words (up to ``max_complete``), since any of those may hold it verbatim.
        Empty when no word of the quote is in any document."""
        import numpy as np

        words = sorted(set(_WORDS.findall(folded_quote)))  # sorted: the scores add up in the same order in every process
        if not words or not len(self._keys):
            return []
        hashes = _hashes(words)
        at = self._keys.searchsorted(hashes)  # every word looked up at once
        known = at[(at < len(self._keys)) & (self._keys[np.minimum(at, len(self._keys) - 1)] == hashes)]
        first, lens = self._start[known], self._start[known + 1] - self._start[known]
        idfs = [math.log((self.n_docs + 1) / n) for n in lens.tolist()]
        full = 0.0
        for idf in idfs:
            full += idf
        # every posting of every word at once; each document's score adds its words' IDFs in
        # the words' order, as adding them word by word did
        postings = np.repeat(first - np.cumsum(lens) + lens, lens) + np.arange(int(lens.sum()))
        scores = np.bincount(self._docs[postings], weights=np.repeat(np.array(idfs, dtype=np.float64), lens),
                             minlength=self.n_docs)
        hit = np.flatnonzero(scores > 0)
        if len(hit) == 0:
            return []
        got = scores[hit]
        complete = int(np.count_nonzero(got >= full - 1e-9))
        m = max(k, min(complete, max_complete))
        if m < len(hit):  # only the best m are sorted: every score from the m-th best on, ties too
            pick = np.flatnonzero(got >= np.partition(got, len(got) - m)[len(got) - m])
            hit, got = hit[pick], got[pick]
        return [int(i) for i in hit[np.argsort(-got, kind="stable")][:m]]


SEEDS_AFTER_QUOTES = 64  # a collection's seed table is built once it has been asked about this many quotes...
SEEDS_CHARS_PER_QUOTE = 25_000  # ... and one per this many characters of it (50 MB: 2,000 quotes)
_PIECE = 8  # characters per piece of the collection's seed table
_PIECE_PRIME = 0x100000001B3  # FNV-1a's 64-bit prime; the pieces mix code points, not bytes
_PIECE_BASIS = 0xCBF29CE484222325


def _piece_keys(pieces: str) -> "np.ndarray":
    """32-bit keys (``uint32``) of the ``_PIECE``-character pieces that ``pieces`` is made of, laid
    end to end: FNV-1a over their code points, the high half kept. Collisions only add
    candidates, which are checked."""
    import numpy as np

    return _fnv_keys(np.frombuffer(pieces.encode("utf-32-le", "surrogatepass"), dtype="<u4").reshape(-1, _PIECE))


_PICK_FROM = 4  # a needle's pieces looked up for each class of offsets (modulo 8), its rarest kept


@lru_cache(maxsize=4096)
def _class_offsets(n: int) -> tuple[int, ...]:
    """The offsets of a needle of ``n`` characters (``n >= _PIECE``) whose pieces are looked up:
    for each class modulo ``_PIECE``, in order, up to ``_PICK_FROM`` of its offsets spread from the
    first to the last (all of them, ``n - _PIECE + 1``, for a needle of 39 characters or fewer).

    >>> _class_offsets(17)
    (0, 8, 1, 9, 2, 3, 4, 5, 6, 7)
    """
    out: list[int] = []
    for j in range(_PIECE):
        c = (n - _PIECE - j) // _PIECE + 1  # offsets j, j + 8, ... of this class
        out += [j + _PIECE * (i * (c - 1) // max(1, _PICK_FROM - 1) if c > _PICK_FROM else i) for i in range(min(c, _PICK_FROM))]
    return tuple(out)


def _fnv_keys(codes: "np.ndarray") -> "np.ndarray":
    """FNV-1a keys of the rows of ``codes`` (code points, ``_PIECE`` a row), the high half kept."""
    import numpy as np

    h = np.full(len(codes), _PIECE_BASIS, dtype=np.uint64)
    prime = np.uint64(_PIECE_PRIME)
    for k in range(_PIECE):
        h ^= codes[:, k]  # (uint32 into uint64: no copy of the column)
        h *= prime  # wraps modulo 2**64
    return (h >> np.uint64(32)).astype(np.uint32)


_NEXT_PIECE_ABOVE = 32  # candidate places past which the next piece is looked up before the text is compared
_SAMPLE = 16  # one entry in this many of a seed table is kept whole (with its bucket) for the binary search


class CorpusSeeds:
    """Where a needle of ``SEED_MIN_CHARS`` or more occurs in any document of a collection, in
    one lookup.

    One table for all documents: the ``_PIECE``-character piece at every eighth folded offset
    of each document, numbered in order through the documents laid end to end. Any occurrence
    of a needle of 15 characters or more covers one whole piece that starts at a multiple of 8,
    at one of 8 offsets into the needle, so looking those 8 pieces up finds every occurrence
    (candidates are checked against the text). A quote checked against a thousand documents
    then costs a few lookups, not a scan of each candidate.

    About half a byte per character. A piece's 32-bit hash is split: its high bits name a
    bucket (about 32 pieces each), the next bits are kept in the piece's ``uint32`` entry above
    its number, and the rest are dropped (they only add candidates, which are checked). Sorted
    by bucket and then by entry, a piece's entries are one range, in the order of the documents,
    and one document's entries a range of that. Where each bucket starts is kept, and every
    ``_SAMPLE``-th entry with its bucket, so a lookup is one ``np.searchsorted`` over those and a
    few steps inside ``_SAMPLE`` entries. Collections of 2**32 characters or more get none
    (:meth:`CorpusFilter.seeds`).
    """

    def __init__(self, texts: Sequence[str]) -> None:
        import numpy as np

        self._texts = list(texts)
        if sum(len(t) for t in self._texts) >= 2**32:
            raise ValueError("a seed table holds fewer than 2**32 characters")
        pstarts = [0]
        for t in self._texts:
            pstarts.append(pstarts[-1] + len(t) // _PIECE)
        self._pstarts = np.array(pstarts, dtype=np.int64)  # each document's first piece number
        n = pstarts[-1]
        self._pbits = p = max(1, (n - 1).bit_length())  # bits of a piece's number (at most 29)
        self._bbits = b = max(1, p - 5)  # bits of the bucket: the hash's highest
        nbuckets = 1 << b
        # Counted, placed and sorted in three passes, each piece's hash made twice rather than
        # kept: the table is the only array of one number a piece alive during the build.
        bstart = np.zeros(nbuckets + 1, dtype=np.uint32)
        group: list[np.ndarray] = []
        pending = 0
        for i, t in enumerate(self._texts):  # the buckets' sizes, counted a million pieces at a time
            group.append(self._bucket(_piece_keys(t[: len(t) // _PIECE * _PIECE])))
            pending += len(group[-1])
            if i == len(self._texts) - 1 or pending >= 1 << 20:
                bstart[1:] += np.bincount(np.concatenate(group), minlength=nbuckets).astype(np.uint32)
                group.clear()
                pending = 0
        np.cumsum(bstart, out=bstart)
        table = np.empty(n + _SAMPLE, dtype=np.uint32)  # a lookup may read up to _SAMPLE entries past the end
        table[n:] = 0xFFFFFFFF
        fill = bstart[:-1].copy()
        for i, t in enumerate(self._texts):
            keys = _piece_keys(t[: len(t) // _PIECE * _PIECE])
            if not len(keys):
                continue
            entries = self._tag(keys).astype(np.uint32)
            entries |= np.arange(pstarts[i], pstarts[i + 1], dtype=np.uint32)
            bk = self._bucket(keys)
            order = np.argsort(bk)  # any order within a bucket: each is sorted below
            bk = bk[order]
            new = np.flatnonzero(np.concatenate(([True], bk[1:] != bk[:-1])))  # where each bucket's pieces begin
            size = np.diff(new, append=len(bk))
            table[fill[bk] + (np.arange(len(bk)) - np.repeat(new, size))] = entries[order]
            fill[bk[new]] += size.astype(np.uint32)
        del fill
        lo_b = 0
        while lo_b < nbuckets:  # each bucket's entries sorted, a few buckets at a time
            hi_b = min(max(int(np.searchsorted(bstart, int(bstart[lo_b]) + (1 << 18), side="right")) - 1, lo_b + 1), nbuckets)
            a, z = int(bstart[lo_b]), int(bstart[hi_b])
            if z - a > 1:
                part = np.repeat(np.arange(lo_b, hi_b, dtype=np.uint64), np.diff(bstart[lo_b : hi_b + 1]))
                part <<= np.uint64(32)
                part |= table[a:z]
                part.sort()
                table[a:z] = part  # the low half: the entry
            lo_b = hi_b
        at = np.arange(0, n, _SAMPLE)
        self._sample = (np.searchsorted(bstart, at, side="right") - 1).astype(np.uint64) << np.uint64(32)
        self._sample |= table[at]  # every _SAMPLE-th entry with its bucket: sorted, as the table is
        self._table = table
        self._bstart = bstart  # (uint32: a lookup's int64 arithmetic promotes it)
        self._ahead: dict[str, tuple[frozenset[int], dict[int, list[int]]]] = {}  # :meth:`find_ahead`'s answers

    @property
    def nbytes(self) -> int:
        """Memory held by the table."""
        return int(self._table.nbytes + self._bstart.nbytes + self._sample.nbytes)

    def _bucket(self, keys: "np.ndarray") -> "np.ndarray":
        """The buckets of 32-bit piece keys: their highest bits."""
        import numpy as np

        return (keys >> np.uint32(32 - self._bbits)).astype(np.int64)

    def _tag(self, keys: "np.ndarray") -> "np.ndarray":
        """The entries 32-bit piece keys give with piece number 0: the 32 - p hash bits below the
        bucket's, above the piece number's p bits."""
        import numpy as np

        kept = (keys >> np.uint32(self._pbits - self._bbits)) & np.uint32((1 << (32 - self._pbits)) - 1)
        return kept.astype(np.uint64) << np.uint64(self._pbits)

    def _lower_bounds(self, bucket: "np.ndarray", target: "np.ndarray") -> "np.ndarray":
        """For each ``k``, the first index of the table at or past ``target[k]`` within bucket
        ``bucket[k]`` (the bucket's end if none; ``target`` may be 2**32, past every entry)."""
        import numpy as np

        table, bstart = self._table, self._bstart
        g = np.searchsorted(self._sample, (bucket.astype(np.uint64) << np.uint64(32)) + target, side="left")
        g *= _SAMPLE
        # the answer is past the sample before g and at most the sample g, and in the bucket:
        # at most _SAMPLE - 1 entries to step over, by halving steps
        pos: np.ndarray = np.maximum(g - (_SAMPLE - 1), bstart[bucket])
        end = np.minimum(g, bstart[bucket + 1])
        step = _SAMPLE // 2
        while step:
            cand = pos + step
            ok = table[cand - 1] < target  # the table's padding keeps cand - 1 in it
            ok &= cand <= end
            np.copyto(pos, cand, where=ok)
            step >>= 1
        return pos

    def find(self, needles: Sequence[str], docs: Sequence[int],
             cap: int = _SEEDS_MAX_CANDIDATES) -> "list[dict[int, list[int]] | None]":
        """For each needle, ``{document number: ascending folded offsets}`` of every occurrence
        in the documents ``docs`` (those without one are absent); ``None`` for a needle shorter
        than ``SEED_MIN_CHARS``, or whose pieces have more than ``cap`` candidate places in those
        documents (common text: the caller scans instead). A needle that :meth:`find_ahead`
        looked up in these documents or more is answered from that lookup; the others are
        looked up together."""
        out: list[dict[int, list[int]] | None] = [None] * len(needles)
        rest = list(range(len(needles)))
        known = self._ahead  # (one read: a call of another thread may replace it)
        if known and cap == _SEEDS_MAX_CANDIDATES:
            asked = frozenset(docs)
            rest.clear()
            for k, nd in enumerate(needles):
                ahead = known.get(nd)
                if ahead is not None and asked <= ahead[0]:  # (fewer documents: fewer candidate places, still under the cap)
                    out[k] = {d: ps for d, ps in ahead[1].items() if d in asked}
                else:
                    rest.append(k)
        if rest:
            for k, f in zip(rest, self._find([needles[k] for k in rest], [docs], cap)):
                out[k] = f
        return out

    def find_ahead(self, needles: Sequence[str], docs: Sequence[Sequence[int]], *,
                   more: bool = False) -> "list[dict[int, list[int]] | None]":
        """Look up many needles at once, each in its own documents (``docs[k]`` for
        ``needles[k]``), for :meth:`find` to answer each of them later: a batch of quotes costs
        one lookup instead of one each (the same answers). A needle given more than once is
        looked up once, in all of its documents. Replaces the last call's answers, or adds to
        them (``more``: a batch looks up its quotes' first needles, then, from those answers,
        the needles of the quotes that go on to the fuzzy stage). Returns what :meth:`find`
        answers for each needle in its documents, ``None`` where it would look again."""
        union: dict[str, set[int]] = {}
        for nd, ds in zip(needles, docs):
            union.setdefault(nd, set()).update(ds)
        known = dict(self._ahead) if more else {}
        todo = [nd for nd, ds in union.items() if nd not in known or not ds <= known[nd][0]]
        for nd, f in zip(todo, self._find(todo, [sorted(union[nd]) for nd in todo], _SEEDS_MAX_CANDIDATES)):
            if f is not None:
                known[nd] = (frozenset(union[nd]), f)
            else:
                known.pop(nd, None)
        self._ahead = known
        out: list[dict[int, list[int]] | None] = []
        for nd, ds in zip(needles, docs):
            ahead = known.get(nd)
            asked = frozenset(ds)
            out.append(None if ahead is None else {d: ps for d, ps in ahead[1].items() if d in asked})
        return out

    def _find(self, needles: Sequence[str], docs: Sequence[Sequence[int]],
              cap: int) -> "list[dict[int, list[int]] | None]":
        """:meth:`find`, with one list of documents for every needle (``docs`` of one list) or
        one list a needle."""
        import numpy as np

        out: list[dict[int, list[int]] | None] = [None] * len(needles)
        todo = [k for k, nd in enumerate(needles) if len(nd) >= SEED_MIN_CHARS]
        if not todo:
            return out
        table, pstarts, p = self._table, self._pstarts, self._pbits
        # An occurrence of a needle at a start s holds a whole piece of the table at each of the
        # needle's offsets o with s + o a multiple of 8: for each of the 8 classes of offsets,
        # every piece of that class. So any one piece of a class finds every occurrence whose
        # start is in that class: up to _PICK_FROM pieces of each class, spread over the needle,
        # are looked up (one batch), and each class's rarest in the collection gives candidates.
        at_offs = [_class_offsets(len(needles[k])) for k in todo]
        keys = _piece_keys("".join(needles[k][o : o + _PIECE] for k, os_ in zip(todo, at_offs) for o in os_))
        per = [len(os_) for os_ in at_offs]  # pieces looked up a needle
        offs = [o for os_ in at_offs for o in os_]
        sizes = np.array([len(needles[k]) for k in todo], dtype=np.int64)
        bucket, tag = self._bucket(keys), self._tag(keys)
        lo, hi = self._lower_bounds(np.concatenate((bucket, bucket)),
                                    np.concatenate((tag, tag + np.uint64(1 << p)))).reshape(2, -1)
        off = np.array(offs, dtype=np.int64)
        group = np.repeat(np.arange(len(todo)) * _PIECE, per) + off % _PIECE
        order = np.lexsort((hi - lo, group))  # in each class, the rarest piece first
        g = group[order]
        pick = order[np.flatnonzero(np.concatenate(([True], g[1:] != g[:-1])))]  # 8 a needle, in order
        prow, poff = np.arange(len(pick)) // _PIECE, off[pick]  # each picked piece's needle and offset
        lo, hi = lo[pick], hi[pick]
        # A piece's entries are in the order of the pieces, so those inside one document are a
        # range of them. A piece common across the collection but looked for in few documents
        # has each of its (piece, document) ranges looked up instead of every entry walked.
        shared = len(docs) == 1  # one list of documents for all needles
        asked = [np.array(sorted(set(ds)), dtype=np.int64) for ds in (docs if shared else [docs[k] for k in todo])]
        in_list = np.zeros(len(prow), dtype=np.int64) if shared else prow  # each picked piece's list of documents
        few = np.array([len(a) for a in asked], dtype=np.int64)[in_list] * 4 < hi - lo
        split = np.flatnonzero(few)
        if len(split):
            rep = np.array([len(asked[i]) for i in in_list[split].tolist()], dtype=np.int64)
            want = np.concatenate([asked[i] for i in in_list[split].tolist()])
            rb, rtag = np.repeat(bucket[pick][split], rep), np.repeat(tag[pick][split], rep)
            dlo, dhi = self._lower_bounds(np.concatenate((rb, rb)),
                                          np.concatenate((rtag | pstarts[want].astype(np.uint64),
                                                          rtag | pstarts[want + 1].astype(np.uint64)))).reshape(2, -1)
            walk = np.flatnonzero(~few)
            piece = np.concatenate((walk, np.repeat(split, rep)))  # the picked piece of each range
            lo, hi = np.concatenate((lo[walk], dlo)), np.concatenate((hi[walk], dhi))
        else:
            piece = np.arange(len(lo))
        # every candidate place of every needle at once: the picked piece at offset o of needle
        # `row` found as piece number m of the collection means the needle may start at 8 m - o
        lens = hi - lo
        piece_of = np.repeat(piece, lens)
        row_of = prow[piece_of]
        at = np.repeat(lo - np.cumsum(lens) + lens, lens) + np.arange(int(lens.sum()))
        number = (table[at] & np.uint32((1 << p) - 1)).astype(np.int64)
        owner = np.searchsorted(pstarts, number, side="right") - 1
        local = (number - pstarts[owner]) * _PIECE - poff[piece_of]
        if shared:
            wanted = np.zeros(len(self._texts) + 1, dtype=bool)
            wanted[asked[0]] = True
            keep = wanted[owner] & (local >= 0)
        else:  # each needle's own documents: (needle, document) pairs as one number each
            width = len(self._texts) + 1
            pairs = np.unique(np.array([r * width + d for r, k in enumerate(todo) for d in docs[k]], dtype=np.int64))
            pair = row_of * width + owner
            at_pair = np.minimum(np.searchsorted(pairs, pair), max(0, len(pairs) - 1))
            keep = (pairs[at_pair] == pair) & (local >= 0) if len(pairs) else np.zeros(len(pair), dtype=bool)
        # a needle that holds the piece after the picked one can only start there if the table
        # has that piece as the next piece of the same document: a lookup drops most chance hits
        # of a common piece before the text is compared
        has = (poff + 2 * _PIECE <= sizes[prow])[piece_of]
        ask = np.flatnonzero(keep & has)
        if len(ask) > _NEXT_PIECE_ABOVE:
            keys = _piece_keys("".join(needles[todo[r]][o + _PIECE : o + 2 * _PIECE].ljust(_PIECE, "\0")
                                       for r, o in zip(prow.tolist(), poff.tolist())))
            nbucket, ntag = self._bucket(keys), self._tag(keys)
            pc, follow = piece_of[ask], number[ask] + 1
            probe = ntag[pc] | follow.astype(np.uint64)
            pos = self._lower_bounds(nbucket[pc], probe)
            there = (pos < self._bstart[nbucket[pc] + 1]) & (table[pos] == probe)
            there &= follow < pstarts[owner[ask] + 1]
            keep[ask[~there]] = False
        counts = np.bincount(row_of[keep], minlength=len(todo))
        common = counts > cap  # common text in these documents: the caller's scan stops at its limit
        keep &= ~common[row_of]
        found: list[dict[int, list[int]]] = [{} for _ in todo]
        texts = self._texts
        for row, q, doc in zip(row_of[keep].tolist(), local[keep].tolist(), owner[keep].tolist()):
            if texts[doc].startswith(needles[todo[row]], q):
                found[row].setdefault(doc, []).append(q)
        for row, k in enumerate(todo):
            if not common[row]:
                out[k] = {doc: sorted(set(ps)) for doc, ps in found[row].items()}
        return out


_CORPUS: "OrderedDict[tuple[tuple[int, int], ...], CorpusFilter]" = OrderedDict()


_BATCHES: "OrderedDict[tuple[tuple[int, int], ...], None]" = OrderedDict()  # collections announced by a batch


def expect_many_quotes(texts: "Sequence[str | Source]") -> None:
    """Announce that a batch will check many quotes against this exact list of documents: if it
    gets a corpus filter, its seed table is built at the first call instead of after the first
    few thousand quotes, whose per-document seed indexes would be built and then dropped (same
    results; at 50 MB, about a tenth less CPU and peak memory)."""
    key = tuple(_key(t) for t in texts)
    with _CACHE_LOCK:
        _BATCHES[key] = None
        _BATCHES.move_to_end(key)
        while len(_BATCHES) > 4:
            _BATCHES.popitem(last=False)
        hit = _CORPUS.get(key)
    if hit is not None:
        hit.batch = True


def get_corpus_filter(texts: "Sequence[str | Source]", docs: Sequence[DocIndex]) -> CorpusFilter:
    """The cached :class:`CorpusFilter` of this exact list of documents (texts or sources)."""
    key = tuple(_key(t) for t in texts)
    with _CACHE_LOCK:
        hit = _CORPUS.get(key)
        if hit is not None:
            _CORPUS.move_to_end(key)
            return hit
    cf = CorpusFilter(docs)
    cf.batch = key in _BATCHES
    with _CACHE_LOCK:
        _CORPUS[key] = cf
        while len(_CORPUS) > 4:
            _CORPUS.popitem(last=False)
    return cf
