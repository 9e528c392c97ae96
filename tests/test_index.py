"""Per-document index: BM25 backends agree, the cache is keyed by content."""

from __future__ import annotations

import random

import numpy as np
import pytest

from quote_guard.index import BM25Windows, clear_cache, get_index


def _doc(seed: int) -> str:
    rng = random.Random(seed)
    vocab = [f"w{i}" for i in range(60)] + ["licensee", "shall", "pay", "royalty", "§", "5"]
    return " ".join(rng.choice(vocab) for _ in range(900))


@pytest.mark.parametrize(("k1", "b"), [(1.5, 0.4), (1.2, 0.75), (2.0, 0.0)])
def test_bm25s_and_rank_bm25_give_the_same_scores(k1, b):
    text = _doc(1)
    a = BM25Windows(text, window=32, k1=k1, b=b, backend="bm25s")
    r = BM25Windows(text, window=32, k1=k1, b=b, backend="rank-bm25")
    assert a.bounds == r.bounds and len(a) > 10
    for q in (["licensee", "shall", "pay"], ["w1", "w2", "w3", "§", "5"], ["royalty", "royalty", "w59"]):
        np.testing.assert_allclose(a.scores(q), r.scores(q), rtol=1e-5, atol=1e-5)
        assert a.scores(q).max() > 0


def test_windows_overlap_and_cover_every_token():
    text = _doc(2)
    w = BM25Windows(text, window=20, k1=1.5, b=0.4, backend="bm25s")
    assert w.bounds[0][0] == 0 and w.bounds[-1][1] == len(text)
    for (_, e1), (s2, _) in zip(w.bounds, w.bounds[1:]):
        assert s2 < e1, "consecutive windows overlap"


def test_bm25_ratio_ignores_overlapping_windows():
    text = ("alpha beta gamma " * 3 + "filler " * 40) * 3 + "unique needle phrase here " + "filler " * 40
    w = BM25Windows(text, window=16, k1=1.5, b=0.4, backend="bm25s")
    hits, ratio = w.top(["unique", "needle", "phrase"], 3)
    best = hits[0]
    assert text[best.start : best.end].count("needle") == 1
    # the second hit overlaps the best (windows overlap by half) and scores almost the same,
    # but the ratio compares with a window that does not overlap: the needle is nowhere else
    assert ratio is not None and ratio > 3


def test_unknown_backend_is_a_clear_error():
    with pytest.raises(ValueError, match="unknown BM25 backend 'faiss'"):
        BM25Windows("a b c", window=4, k1=1.5, b=0.4, backend="faiss")


def test_index_is_cached_by_content():
    clear_cache()
    text = _doc(3)
    a = get_index(text)
    b = get_index("".join(list(text)))  # equal content, different object
    assert a is b
    assert get_index(text + " ") is not a
