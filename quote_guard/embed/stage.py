"""The semantic stage: tell a paraphrase from a fabrication, with local embeddings.

The lexical stage (``verify``) decides by wording. A quote it cannot place is either a
*paraphrase* (the source says it in other words) or *unsupported* (the source never says
it). This module tells the two apart without an LLM judge:

1. every source is split into sentence-sized passages (:func:`~quote_guard.embed.passages.split_passages`),
   with offsets into the original text, cached per document;
2. each quote is embedded and compared with the passages of *all* given sources (large
   documents are first narrowed lexically, so only likely passages are embedded);
3. the best passage gives the span and ``cosine_similarity``; a small calibrated rule
   (see :class:`~quote_guard.embed.config.SemanticConfig`) says ``paraphrase`` or ``unsupported``.
"""

from __future__ import annotations

import hashlib
import re
from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np

from ..models import Source, Verdict
from ..normalize import split_ellipsis, trim
from .config import SemanticConfig
from .embedders import Embedder, build_embedder
from .passages import PassageIndex, content_words, query_keys
from .verdict import semantic_verdict

if TYPE_CHECKING:  # pragma: no cover
    import numpy.typing as npt

__all__ = ["SemanticMatch", "SemanticStage"]

_ALNUM = re.compile(r"\w")




def _key(text: str) -> bytes:
    return hashlib.blake2b(text.encode("utf-8", "surrogatepass"), digest_size=16).digest()


class _EmbeddingCache:
    """Embeddings by text hash, computed in batches, least recently used evicted first."""

    def __init__(self, embedder: Embedder, *, batch_size: int, max_items: int) -> None:
        self.embedder = embedder
        self.batch_size = batch_size
        self.max_items = max_items
        self.store: OrderedDict[bytes, npt.NDArray[np.float32]] = OrderedDict()
        self.hits = 0
        self.misses = 0
        self.calls = 0  # calls made to the embedder
        self.embedded = 0  # texts sent to the embedder

    def embed(self, texts: Sequence[str]) -> npt.NDArray[np.float32]:
        keys = [_key(t) for t in texts]
        todo: dict[bytes, str] = {}
        for k, t in zip(keys, texts):
            if k in self.store:
                self.store.move_to_end(k)
            elif k not in todo:
                todo[k] = t
        self.hits += len(texts) - len(todo)
        self.misses += len(todo)
        fresh: dict[bytes, npt.NDArray[np.float32]] = {}
        items = list(todo.items())
        for b in range(0, len(items), self.batch_size):
            chunk = items[b : b + self.batch_size]
            vecs = self._call([t for _, t in chunk])
            fresh.update((k, v) for (k, _), v in zip(chunk, vecs))
        rows = [fresh[k] if k in fresh else self.store[k] for k in keys]
        if self.max_items:
            for k, v in fresh.items():
                self.store[k] = v
            while len(self.store) > self.max_items:
                self.store.popitem(last=False)
        if not rows:
            return np.zeros((0, 0), dtype=np.float32)
        return np.stack(rows)

    def _call(self, texts: list[str]) -> npt.NDArray[np.float32]:
        self.calls += 1
        self.embedded += len(texts)
        vecs = np.asarray(self.embedder.embed(texts), dtype=np.float32)
        if vecs.ndim != 2 or vecs.shape[0] != len(texts):
            raise ValueError(
                f"embedder {type(self.embedder).__name__} returned shape {vecs.shape} for {len(texts)} texts"
            )
        return vecs



# an unpunctuated line (headline, heading) glued to the next sentence: "...mosque fire John Wesley"
_HEADLINE_CUT = re.compile(r"(?<=[a-z0-9])[ \t]+(?=[A-Z][a-z])")
_REFINE_MAX_CUTS = 8  # headline cut points tried per passage


@dataclass(frozen=True, slots=True)
class SemanticMatch:
    """The passage that best supports a quote, and what the stage concluded.

    ``start``/``end`` are half-open offsets into the original text of ``source_id``; ``cosine``
    is the cosine similarity of the quote and that passage (for an ellipsis quote, of its
    least-supported fragment); ``overlap`` is the share of the quote's content words found in
    the passage. ``verdict`` is ``Verdict.PARAPHRASE`` or ``Verdict.UNSUPPORTED``.
    """

    source_id: str
    start: int
    end: int
    cosine: float
    verdict: Verdict
    overlap: float = 0.0


@dataclass(frozen=True, slots=True)
class _Candidate:
    source_id: str
    start: int
    end: int
    cosine: float
    overlap: float
    second: float  # best cosine among passages that do not overlap this one


class SemanticStage:
    """Find the passage that supports each quote, by meaning, and classify the quote.

    One instance keeps its caches (passages per document, embeddings per text) for its whole
    life, so a :class:`~quote_guard.Verifier` should keep one. Thread-safe for reading only.

    >>> from quote_guard.embed import CallableEmbedder
    >>> stage = SemanticStage(SemanticConfig(), embedder=CallableEmbedder(lambda ts: [[t.count("cat"), 1.0] for t in ts]))
    >>> [m] = stage.find_support(["A cat sat."], [Source("d", "A cat sat down. Dogs bark.")])
    >>> m.source_id, m.start, m.end
    ('d', 0, 15)
    """

    def __init__(self, config: SemanticConfig | None = None, embedder: Embedder | None = None) -> None:
        self.config = config or SemanticConfig()
        self._embedder = embedder if embedder is not None else build_embedder(self.config)
        self._cache = _EmbeddingCache(
            self._embedder, batch_size=self.config.batch_size, max_items=self.config.cache_size
        )
        self._docs: OrderedDict[tuple[int, int, int], PassageIndex] = OrderedDict()

    @property
    def embedder(self) -> Embedder:
        return self._embedder

    @property
    def cache_info(self) -> dict[str, int]:
        """Counters: cache ``hits``/``misses``/``size``; ``calls`` and ``embedded`` texts of the embedder."""
        c = self._cache
        return {"hits": c.hits, "misses": c.misses, "calls": c.calls, "embedded": c.embedded, "size": len(c.store)}

    def load(self) -> None:
        """Load the model now (otherwise the first quote pays for it); useful before timing."""
        self._cache.embedder.embed(["warm up"])

    def _document(self, source: Source) -> PassageIndex:
        # keyed by the source's content key (its length and hash, process-local like this cache):
        # neither hashing every text again at each call nor reading a text kept in its file
        key = (*source.content_key, self.config.max_passage_chars)
        doc = self._docs.get(key)
        if doc is None:
            doc = PassageIndex(source.text, self.config.max_passage_chars)
            if self.config.document_cache_size:
                self._docs[key] = doc
                while len(self._docs) > self.config.document_cache_size:
                    self._docs.popitem(last=False)
        else:
            self._docs.move_to_end(key)
        return doc

    def _candidates(self, queries: Sequence[str], sources: Sequence[Source]) -> list[_Candidate | None]:
        """For each query text, its best passage across all sources, with the rule's features.

        Each source is narrowed lexically per query first (:meth:`PassageIndex.lexical_candidates`:
        the ``prefilter_top_k`` sentences richest in the query's content words), so only those
        passages are cut and embedded. A query that shares no word with a source is compared
        with all of its passages (narrowed by word overlap above ``prefilter_passages``).
        Every passage text is embedded once, through the cache.
        """
        docs = [(s.id, d) for s in sources if (d := self._document(s)).text.strip()]
        if not docs or not queries:
            return [None] * len(queries)
        k = self.config.prefilter_top_k
        per_query: list[list[tuple[int, int, int]]] = []  # (document number, start, end) per query
        for q in queries:
            cands: list[tuple[int, int, int]] = []
            keys = query_keys(q)
            for di, (_, doc) in enumerate(docs):
                spans = doc.lexical_candidates(keys, k)
                if spans is None:  # no shared word: the whole split
                    n = len(doc)
                    ids = doc.top_by_overlap(content_words(q), k) if n > self.config.prefilter_passages else range(n)
                    spans = [doc.spans[j] for j in ids]
                cands.extend((di, a, b) for a, b in spans)
            per_query.append(cands)
        rows: dict[tuple[int, int, int], int] = {}
        for cands in per_query:
            for c in cands:
                rows.setdefault(c, len(rows))
        if not rows:
            return [None] * len(queries)
        vecs = self._cache.embed(list(queries) + [docs[di][1].text[a:b] for di, a, b in rows])
        qvec, pvec = vecs[: len(queries)], vecs[len(queries) :]
        out: list[_Candidate | None] = []
        for qi, cands in enumerate(per_query):
            if not cands:
                out.append(None)
                continue
            sims = pvec[[rows[c] for c in cands]] @ qvec[qi]
            order = np.argsort(-sims, kind="stable")[:2]
            di, a, b = cands[int(order[0])]
            source_id, doc = docs[di]
            w = content_words(queries[qi])
            overlap = len(w & content_words(doc.text[a:b])) / len(w) if w else 0.0
            second = float(sims[order[1]]) if len(order) > 1 else -1.0
            out.append(_Candidate(source_id, a, b, float(sims[order[0]]), overlap, second))
        return out

    def find_support(self, quotes: Sequence[str], sources: Sequence[Source]) -> list[SemanticMatch | None]:
        """For each quote, the passage that best supports it across all ``sources``, and a verdict.

        Returns one item per quote, in order: a :class:`SemanticMatch` (verdict
        ``paraphrase`` or ``unsupported``), or ``None`` when the sources hold no text to
        compare with (or the quote has no text). Call it once per batch: quotes are embedded
        together and each document is split and embedded once (then cached).
        """
        fragments: list[list[str]] = []
        queries: list[str] = []
        for q in quotes:
            parts = [f for f, _ in split_ellipsis(q) if _ALNUM.search(f)]
            fragments.append(parts)
            queries.extend(parts)
        by_id = {src.id: src for src in sources}
        cands = self._candidates(queries, sources)
        out: list[SemanticMatch | None] = []
        pos = 0
        for parts in fragments:
            mine = cands[pos : pos + len(parts)]
            pos += len(parts)
            found = [c for c in mine if c is not None]
            if not found:
                out.append(None)
                continue
            verdicts = [semantic_verdict(c.cosine, c.overlap, self.config) for c in found]
            weakest = min(found, key=lambda c: c.cosine)
            longest = max(zip(parts, found), key=lambda pc: len(pc[0]))[1]
            ok = all(v is Verdict.PARAPHRASE for v in verdicts)
            shown = longest if ok else weakest
            if ok and len(parts) == 1:
                shown = self._refine(parts[0], shown, by_id)
            out.append(
                SemanticMatch(
                    shown.source_id,
                    shown.start,
                    shown.end,
                    round(weakest.cosine, 6),
                    Verdict.PARAPHRASE if ok else Verdict.UNSUPPORTED,
                    round(min(c.overlap for c in found), 6),
                )
            )
        return out

    def _refine(self, query: str, cand: _Candidate, sources: dict[str, Source]) -> _Candidate:
        """Shrink a paraphrase's passage to the piece that carries it, when the splitter glued
        an unpunctuated line (a headline, a title, a heading) to the next sentence.

        Pieces are cut where a word is followed by a capitalised word with no punctuation
        between ("...mosque fire John Wesley warned..."); a piece replaces the passage only
        if its cosine beats the whole passage's by ``refine_margin``.
        """
        src = sources.get(cand.source_id)
        doc_text = src.text if src is not None else None
        if doc_text is None or cand.end - cand.start < 2 * len(query):
            return cand
        cuts = [m.start() for m in _HEADLINE_CUT.finditer(doc_text, cand.start, cand.end)][:_REFINE_MAX_CUTS]
        if not cuts:
            return cand
        points = [cand.start, *cuts, cand.end]
        pieces = []
        for i in range(len(points)):
            for j in range(i + 1, len(points)):
                a, b = trim(doc_text, points[i], points[j])
                if (a, b) != (cand.start, cand.end) and b - a >= len(query) // 2:
                    pieces.append((a, b))
        if not pieces:
            return cand
        vecs = self._cache.embed([query] + [doc_text[a:b] for a, b in pieces])
        sims = vecs[1:] @ vecs[0]
        k = int(sims.argmax())
        if sims[k] < cand.cosine + self.config.refine_margin:
            return cand
        a, b = pieces[k]
        return _Candidate(cand.source_id, a, b, float(sims[k]), cand.overlap, cand.second)

    def closest(self, words: Sequence[str], others: Sequence[str]) -> list[float]:
        """For each of ``words``, its highest cosine with any of ``others`` (-1.0 when there are none)."""
        if not words:
            return []
        if not others:
            return [-1.0] * len(words)
        sims = self._cache.embed(list(words)) @ self._cache.embed(list(others)).T
        return [round(float(x), 6) for x in sims.max(axis=1)]

    def similarity(self, pairs: Sequence[tuple[str, str]]) -> list[float]:
        """Cosine similarity of each ``(quote, passage)`` pair (audit mode), in [-1, 1]."""
        if not pairs:
            return []
        texts = [t for pair in pairs for t in pair]
        vecs = self._cache.embed(texts)
        a, b = vecs[0::2], vecs[1::2]
        return [round(float(x), 6) for x in np.einsum("ij,ij->i", a, b)]
