"""The Verifier: where does each quote come from, and is it what the source says?

Stages, cheapest first, each used only when the one before could not decide:

1. **exact**: the quote is a substring of a source: ``verbatim``.
2. **folded**: equal after folding (case, spacing, quote marks, dashes, hyphenation):
   ``near_verbatim``, with the span mapped back to the original text.
3. **ellipsis**: a quote with ``...``/``…``/``[...]`` is split into fragments, matched in
   order inside one document, each gap at most ``ellipsis_max_gap`` characters.
4. **fuzzy**: edit-distance infix alignment around exact seeds of the quote (or around the
   best BM25 windows of a large document, when building the index pays), snapped to word
   boundaries, then the word-level meaning guard: a changed negation, number, modal,
   quantifier, direction, exclusivity word, party, connective, or a word swapped or clause
   dropped in an otherwise identical passage gives ``altered``; only differences of form
   give ``near_verbatim``; a weak alignment is ``unsupported``. In a large collection each
   quote is first narrowed to its candidate documents (:class:`~quote_guard.index.CorpusFilter`).
5. **semantic** (optional, ``quote_guard[semantic]``): quotes still ``unsupported`` are
   searched by meaning; a supported one becomes ``paraphrase`` with its span.
"""

from __future__ import annotations

import itertools
import logging
import re
import statistics
import threading
from collections.abc import AsyncIterator, Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, replace
from functools import partial
from typing import TYPE_CHECKING, Any, Literal

from pydantic import BaseModel, ConfigDict, Field
from rapidfuzz.distance import Levenshtein

from .align import PLAIN_OPENERS, UNIT_SHORT_FORMS, defined_term_label, differences, infix, is_known_word, word_category
from .embed.config import SemanticConfig
from .errors import ConfigError, QuoteVerificationError, SourceError
from .index import CorpusSeeds, DocIndex, get_corpus_filter, get_index, without_running_lines
from .judge import Evidence, judge
from .limits import Limits, limited
from .meaning import (
    CLAIM_JOIN,
    LIST_JOINS,
    SOFTENERS,
    UNIVERSALS,
    VERB_PREFIX,
    WITHOUT_NO_LIMIT,
    Entailment,
    added_significance,
    content_stems,
    content_word,
    entity_from_elsewhere,
    figure,
    from_to_kept,
    invented_definitions,
    invented_terms,
    invented_titles,
    made_mutual,
    made_unilateral,
    meaning_differences,
    modal_classes,
    modal_swapped,
    negated_verb_told_plainly,
    negation_cut_off,
    opposite_sides,
    proviso_at,
    quantifier_class,
    restated_spans,
    same_side,
    states_bound,
    trigger_changed,
    unknown_name_for_known,
)
from .models import Difference, Metrics, QuoteResult, Source, Span, Verdict
from .normalize import (
    MONTH_NAMES,
    QUOTATION_MARKS,
    SPEECH_VERBS,
    blank_out,
    canonical_number,
    dates_read_as,
    fold,
    fold_for_figures,
    fold_keeps_substrings,
    initials,
    is_page_number_line,
    is_word_char,
    mask_page_furniture,
    number_word_value,
    page_furniture,
    running_lines,
    scaled_figure,
    split_ellipsis,
    token_texts,
    word_count,
)

if TYPE_CHECKING:  # pragma: no cover
    from .embed import Embedder, SemanticStage
    from .embed.stage import SemanticMatch
    from .scale.batch import BatchResult

__all__ = ["Verifier", "VerifierConfig", "coerce_sources", "raise_for_failures", "split_ellipsis", "stats",
           "strip_editorial"]

log = logging.getLogger("quote_guard")


class VerifierConfig(BaseModel):
    """Settings of the lexical verifier. Frozen; unknown keys are an error.

    The thresholds were set on the *kinds* of text and edits of the dev benchmark
    (contracts and encyclopedic prose; case, typography, spelling, typo and ellipsis
    edits against number, negation, modal, quantifier and party changes), not on items.
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    near_verbatim_min_ratio: float = Field(
        0.80, ge=0.0, le=1.0,
        description="A passage with only harmless differences must still match at least this "
        "well (1 - edit distance / length, folded) to be near_verbatim.",
    )
    altered_min_ratio: float = Field(
        0.70, ge=0.0, le=1.0,
        description="Below this match ratio a quote is not a distortion of the passage but "
        "something else (unsupported, or a paraphrase for the semantic stage).",
    )
    altered_max_changed_words: int = Field(
        3, ge=0,
        description="A quote is 'this passage, altered' when at most this many words (or "
        "altered_max_changed_fraction of its words, if more) differ in load-bearing ways; beyond "
        "that it is a different text.",
    )
    altered_max_changed_fraction: float = Field(
        0.15, ge=0.0, le=1.0,
        description="See altered_max_changed_words.",
    )
    content_altered_min_ratio: float = Field(
        0.90, ge=0.0, le=1.0,
        description="A quote whose only meaningful change is some other word (not a negation, "
        "number, modal...) is 'altered' when it still matches at least this well ...",
    )
    content_altered_max_words: int = Field(
        2, ge=0,
        description="... and at most this many such words changed; otherwise it is a rewording, "
        "left to the semantic stage (paraphrase) or unsupported.",
    )
    search_max_distance_ratio: float = Field(
        0.40, gt=0.0, le=1.0,
        description="Edit budget of the fuzzy search, as a share of the quote's length.",
    )
    ellipsis_max_gap: int = Field(
        150_000, ge=0,
        description="Largest gap, in characters of the source, between two consecutive fragments "
        "of an ellipsis quote.",
    )
    min_fuzzy_fragment_chars: int = Field(
        12, ge=1,
        description="Ellipsis fragments shorter than this must match after folding; longer ones may "
        "match fuzzily.",
    )
    extend_trailing_period: bool = Field(
        True,
        description="When a non-verbatim quote stops just before the source's sentence-final "
        "period, include the period in the span (the quote dropped it).",
    )
    context_chars: int = Field(300, ge=0, description="Characters of context on each side of a match.")
    bm25_min_chars: int = Field(
        200_000, ge=0,
        description="From this total context size on, fuzzy search may be narrowed to the best BM25 "
        "windows (below it, aligning against whole documents is faster). 0 = always use BM25.",
    )
    bm25_min_quotes: int = Field(
        24, ge=0,
        description="Building a BM25 index costs about as much as 20-30 whole-document alignments, "
        "so a call uses BM25 only when it has at least this many quotes (whatever earlier calls "
        "cached: a call's results never depend on what ran before it).",
    )
    corpus_filter_min_docs: int = Field(
        16, ge=1,
        description="With at least this many documents (and bm25_min_chars of text), each quote is "
        "verified against its candidate documents only: those sharing the most distinctive words "
        "with it (an inverted index, cached per collection).",
    )
    corpus_filter_top_docs: int = Field(
        6, ge=1,
        description="Candidate documents per quote in a large collection, besides every document "
        "that holds all of the quote's words (those are checked for an exact match too).",
    )
    corpus_filter_fuzzy_docs: int = Field(
        64, ge=1,
        description="Of those, how many the fuzzy search may visit, best first; a document is "
        "aligned only if one of three probes (short exact pieces of the quote) is in it.",
    )
    bm25_backend: Literal["bm25s", "rank-bm25"] = Field("bm25s", description="BM25 implementation.")
    bm25_k1: float = Field(1.5, gt=0.0, description="BM25 k1.")
    bm25_b: float = Field(0.4, ge=0.0, le=1.0, description="BM25 b.")
    bm25_window_tokens: int = Field(64, ge=4, description="Tokens per BM25 window (windows overlap by half).")
    bm25_top_k: int = Field(4, ge=1, description="BM25 windows per document that are aligned.")
    low_confidence_margin: float = Field(
        0.05, ge=0.0, le=1.0,
        description="A match ratio within this margin of a threshold marks the result low_confidence.",
    )
    semantic: SemanticConfig = Field(
        default_factory=SemanticConfig,
        description="The embedding stage that tells a paraphrase from an unsupported quote.",
    )
    limits: Limits = Field(
        default_factory=Limits,
        description="The largest quote and source that are checked (validators.yaml's `limits:` section); "
        "over a limit a quote is uncheckable, with the limit named.",
    )


@dataclass(frozen=True, slots=True)
class _Doc:
    source: Source
    index: DocIndex
    n: int = -1  # its number in a large collection (the corpus filter's and seed table's)


def _capitalised(quote: str, passage: str) -> frozenset[str]:
    """The words of a quote and its passage written with capitals (folded), the names a replaced word
    may be: not a common word capitalised only because it starts the quote or the passage ("Updated
    timetables will be available" names nothing; "Vyera shall pay" names Vyera).

    >>> sorted(_capitalised("new timetables for the Company", "Updated timetables. Vyera shall pay the Company."))
    ['company', 'vyera']
    """
    from .align import is_known_word

    joined = quote + " " + passage
    names = {w.casefold() for w in _NAME.findall(joined) if not w.islower()}
    for text in (quote, passage):
        first = _NAME.search(text)
        if first is not None and not text[: first.start()].strip() and (w := first.group())[1:].islower() \
                and not w[:1].islower() and joined.count(w) == 1 and is_known_word(w.casefold()):
            names.discard(w.casefold())  # a common word capitalised only where it starts the text
    return frozenset(names)


@dataclass(frozen=True, slots=True)
class _Match:
    """A located passage in one document (folded coordinates) and how well it matches."""

    doc: _Doc
    fstart: int
    fend: int
    distance: int
    ratio: float
    folded_quote: str
    stage: str
    bm25_score: float | None = None
    bm25_ratio: float | None = None

    def differences(self, raw_quote: str, raw_passage: str) -> tuple[Difference, ...]:
        if not self.distance:
            return ()
        names = _capitalised(raw_quote, raw_passage)
        t = self.doc.index.text
        found = differences(self.folded_quote, t[self.fstart : self.fend], names=names,
                            context=t[max(0, self.fstart - _CONTEXT_CHARS) : self.fend + _CONTEXT_CHARS])
        return tuple(_same_side_word(_page_number(d, raw_passage)) for d in found)


def _same_side_word(d: Difference) -> Difference:
    """``d``, or one word put for another on the same side of an opposite pair of the lexicon
    ("rose" for "increased", "declined" for "fell") as ``wording``: the same direction in other words.

    >>> _same_side_word(Difference("replace", "rose", "increased", "content")).category
    'wording'
    >>> _same_side_word(Difference("replace", "rose", "fell", "content")).category
    'content'

    A passive's auxiliary beside it is left aside ("rose" for "were increased"):

    >>> _same_side_word(Difference("replace", "rose", "were increased", "content")).category
    'wording'
    """
    if d.kind != "replace" or d.category != "content":
        return d
    q, s = (" ".join(w for w in text.split() if w not in _AUXILIARIES) for text in (d.quote_text, d.source_text))
    if q and s and " " not in q and " " not in s and same_side(q, s):
        return replace(d, category="wording")
    return d


def _page_number(d: Difference, raw_passage: str) -> Difference:
    """``d``, or a page number of the source the quote leaves out (a number on a line of its own
    inside the passage, as filed contracts keep them: "equal to the cash\\n\\n 2\\n\\nsurrender
    value") as a ``footnote``: no word of the claim. The same for a page number the quote copies
    where the source has it on a line of its own (the index reads a page break's furniture as white
    space, :func:`~quote_guard.normalize.page_furniture`: "directly as 1 well as").

    >>> _page_number(Difference("delete", "", "2", "number"), "the cash\\n\\n        2\\n\\nsurrender value").category
    'footnote'
    >>> _page_number(Difference("insert", "2", "", "number"), "the cash\\n\\n-2-\\n\\nsurrender value").category
    'footnote'
    >>> _page_number(Difference("delete", "", "2", "number"), "the cash 2 surrender value").category
    'number'
    """
    said = d.source_text if d.kind == "delete" else d.quote_text if d.kind == "insert" else ""
    figure = "".join(c for c in said if c.isdigit()) if is_page_number_line(said) else ""
    if (d.category == "number" and figure and "\n" in raw_passage
            and any(is_page_number_line(line) and re.search(rf"(?<!\d){figure}(?!\d)", line)
                    for line in raw_passage.split("\n")[1:-1])):
        return replace(d, category="footnote")
    return d


class Verifier:
    """Locate quotes in their sources and judge them.

    >>> v = Verifier()
    >>> [r] = v.verify(["The Tenant shall not sublet"], {"lease": "The Tenant shall sublet the premises."})
    >>> r.verdict.value, r.metrics.changed_words
    ('altered', ['not → ∅'])

    The verifier is thread-safe; document indexes are cached by content across calls and
    instances.
    """

    def __init__(self, config: VerifierConfig | None = None, *, embedder: Embedder | None = None,
                 entailment: Entailment | None = None, **overrides: Any) -> None:
        if config is None:
            config = VerifierConfig()
        elif not isinstance(config, VerifierConfig):
            raise ConfigError(f"Verifier(config=...) takes a VerifierConfig, got {type(config).__name__}")
        if overrides:
            unknown = set(overrides) - set(VerifierConfig.model_fields)
            if unknown:
                raise ConfigError(f"unknown Verifier setting(s): {', '.join(sorted(unknown))}")
            try:
                config = VerifierConfig.model_validate({**config.model_dump(), **overrides})
            except Exception as exc:  # pydantic ValidationError
                raise ConfigError(f"invalid Verifier setting: {exc}") from exc
        if entailment is not None and not isinstance(entailment, Entailment):
            raise TypeError("Verifier(entailment=...) needs an object with entails(quote, passage) -> bool | None")
        self.config = config
        self._embedder = embedder
        self._entailment = entailment
        self._stage: SemanticStage | None = None
        self._stage_lock = threading.Lock()

    # ------------------------------------------------------------------ public
    def verify(
        self,
        quotes: Sequence[str],
        sources: Sequence[Source] | Sequence[str] | Mapping[str, str],
    ) -> list[QuoteResult]:
        """Verify each quote against the sources; one result per quote, in order.

        ``sources`` is a list of :class:`Source`, a ``{id: text}`` mapping, or a list of
        texts (ids ``source[0]``, ``source[1]``...). Raises ``TypeError``/``ValueError``
        naming the problem for an empty quote list, non-string quotes, no sources, or
        duplicate source ids. A quote that cannot be placed is a result, never an error.
        """
        return limited(_check_quotes(quotes), coerce_sources(sources), self._verify_within_limits, self.config.limits)

    def warm_up(self) -> None:
        """Load now what the first check would otherwise load: the folding tables, the word list
        of the spelling rules, the antonym table and, when the semantic stage is on, its embedding model (about
        0.3 s in all, once per process). A server calls it at start, so that its first request
        is as fast as the others; a benchmark calls it before the clock starts. It caches no
        document.

        >>> Verifier(semantic={"enabled": False}).warm_up()
        """
        from .align import is_known_word
        from .meaning import load_tables

        fold("Warm-up: “quoted” text, 10⁶ ﬁles.")
        fold("Warm-up: a café's Latin-1 text.")  # (a Latin-1 text folds by its own byte table)
        is_known_word("warm")
        load_tables()
        stage = self._semantic()
        if stage is not None:
            stage.load()

    def _verify_within_limits(self, qs: list[str], srcs: list[Source]) -> list[QuoteResult]:
        docs = [_Doc(s, get_index(s)) for s in srcs]
        cfg = self.config
        if len(docs) >= cfg.corpus_filter_min_docs and sum(len(d.index.text) for d in docs) >= cfg.bm25_min_chars:
            # a large collection: verify each quote against its few candidate documents
            corpus = get_corpus_filter(srcs, [d.index for d in docs])
            docs = [_Doc(d.source, d.index, i) for i, d in enumerate(docs)]
            seeds = corpus.seeds(len(qs))
            cands = [corpus.candidates(fold(q).text, cfg.corpus_filter_top_docs) for q in qs]
            if seeds is not None:  # where each quote's words run in its candidates: one lookup for all
                firsts = [(q, fold(f).text, c) for q, f, c in zip(qs, map(_first_located, qs), cands) if c and f]
                occs = seeds.find_ahead([f for _, f, _ in firsts], [c for _, _, c in firsts])
                # a quote found in none of its candidates (and no ellipsis inside it) goes on to the
                # fuzzy stage, most of them: that stage's lookups of all of them, ahead too
                self._fuzzy_ahead([(f, [docs[i] for i in c]) for (q, f, c), occ in zip(firsts, occs)
                                   if occ == {} and len(split_ellipsis(q.strip())) == 1], seeds)
            results = []
            for q, c in zip(qs, cands):
                cand = [docs[i] for i in c]
                # exact checks run over every candidate (all documents holding all the quote's
                # words); the costlier fuzzy search only over the best few. A quote made only of
                # words found nowhere: exact checks over every document, no fuzzy search.
                r = (self._verify_one(q, cand, False, fuzzy_docs=cfg.corpus_filter_fuzzy_docs, seeds=seeds) if cand
                     else self._verify_one(q, docs, False, fuzzy=False, seeds=seeds))
                if r.verdict is Verdict.UNSUPPORTED and _HAS_DIGIT.search(q):
                    # a changed figure is a word found nowhere, so it may point the filter away from
                    # the passage the quote distorts: look again by the quote's other words
                    again = [docs[i] for i in corpus.candidates(_HAS_DIGIT.sub(" ", fold(q).text),
                                                                cfg.corpus_filter_top_docs)]
                    if again:
                        r2 = self._verify_one(q, again, False, fuzzy_docs=cfg.corpus_filter_fuzzy_docs, seeds=seeds)
                        r = r2 if r2.verdict is not Verdict.UNSUPPORTED else r
                results.append(r)
        else:
            use_bm25 = self._bm25_pays(docs, len(qs))
            results = [self._verify_one(q, docs, use_bm25) for q in qs]
        stage = self._semantic()
        if stage is not None:
            results = self._semantic_pass(stage, results, [d.source for d in docs])
        # a rejection names no passage (a reworded copy's passage was kept for the semantic stage)
        return [replace(r, spans=(), verbatim=None, context="") if r.verdict is Verdict.UNSUPPORTED and r.spans else r
                for r in results]

    def verify_batch(self, items: Iterable[Any], sources: Any, *, chunk_size: int = 64) -> Iterator[BatchResult]:
        """Verify many answers (or quote lists) against one source store; one result per item,
        in order, streamed. See :func:`quote_guard.scale.batch.verify_batch`.

        >>> [r] = Verifier().verify_batch([{"id": "a", "quotes": ["pay rent"]}], {"lease": "Pay rent."})
        >>> r.id, r.results[0].verdict.value
        ('a', 'near_verbatim')
        """
        from .scale.batch import verify_batch

        return verify_batch(self, items, sources, chunk_size=chunk_size)

    def averify(self, items: Iterable[Any], sources: Any, *, chunk_size: int = 64) -> AsyncIterator[BatchResult]:
        """The async twin of :meth:`verify_batch` (an async iterator; chunks run in a thread)."""
        from .scale.batch import averify

        return averify(self, items, sources, chunk_size=chunk_size)

    def _bm25_pays(self, docs: list[_Doc], n_quotes: int) -> bool:
        cfg = self.config
        if sum(len(d.index.text) for d in docs) < cfg.bm25_min_chars:
            return False
        # the call decides, never what earlier calls happened to cache: the same quotes over the
        # same sources take the same path, whatever ran before in the process
        return cfg.bm25_min_chars == 0 or n_quotes >= cfg.bm25_min_quotes

    # ------------------------------------------------------------------ semantic stage
    def _semantic(self) -> SemanticStage | None:
        """The semantic stage, created on first use; ``None`` when it is off."""
        cfg = self.config.semantic
        if cfg.enabled is False:
            return None
        if self._stage is None:
            with self._stage_lock:
                if self._stage is None:
                    from .embed import SemanticStage, semantic_available

                    if cfg.enabled == "auto" and self._embedder is None and not semantic_available(cfg):
                        return None
                    self._stage = SemanticStage(cfg, self._embedder)
        return self._stage

    def _semantic_pass(self, stage: SemanticStage, results: list[QuoteResult], sources: list[Source]) -> list[QuoteResult]:
        """Search the meaning of the quotes the lexical stage could not place; in audit
        mode, also measure the cosine of every located quote with its passage."""
        out = list(results)
        # a quote with an ellipsis whose fragments are not all in one document is a
        # frankenquote: stitched, not restated, so it stays unsupported (its fragments were not
        # all found: no match ratio). One whose fragments were found, too loosely to be a
        # quotation of them, may still restate them.
        todo = [i for i, r in enumerate(results)
                if r.verdict is Verdict.UNSUPPORTED and not (r.metrics.stage == "ellipsis" and r.metrics.n_fragments > 1
                                                             and r.metrics.match_ratio is None)]
        if todo:
            matches = stage.find_support([results[i].quote for i in todo], sources)
            by_id = {s.id: s for s in sources}
            everything: list[str] = []  # the folded text of every source, built once if a quote needs it
            for i, m in zip(todo, matches):
                if m is not None:
                    out[i] = _kept_on_error(results[i], partial(self._supported, results[i], m, by_id, sources, everything,
                                                                stage))
            for i in todo:
                if results[i].spans:
                    out[i] = _kept_on_error(out[i], partial(self._reworded_copy, results[i], out[i], by_id, stage))
        if self.config.semantic.audit_all:
            located = [i for i, r in enumerate(out) if r.verbatim is not None and r.metrics.cosine_similarity is None]
            if located:
                sims = stage.similarity([(out[i].quote, out[i].verbatim or "") for i in located])
                for i, cos in zip(located, sims):
                    out[i] = replace(out[i], metrics=replace(out[i].metrics, cosine_similarity=round(cos, 4)))
        return out

    def _supported(self, r: QuoteResult, m: SemanticMatch, by_id: dict[str, Source], sources: list[Source], everything: list[str],
                   stage: SemanticStage) -> QuoteResult:
        """A quote the lexical stage rejected, read against the passage the semantic stage found closest by meaning
        (``m``): a paraphrase, or rejected with the reason. ``everything``: the folded text of every source, once
        built (a list of one text, filled on first use)."""
        metrics = replace(r.metrics, cosine_similarity=round(m.cosine, 4))
        if m.verdict is not Verdict.PARAPHRASE:
            return replace(r, metrics=metrics,
                          reason=r.reason + f"; no passage says it in other words either (best cosine {m.cosine:.2f})")
        text = by_id[m.source_id].text
        passage = text[m.start : m.end]
        missing = _unstated_figures(r.quote, passage)
        if missing and ((merged := _merged_for_figures(r.quote, text, m.start, m.end)) is not None
                        or (merged := _with_referent(r.quote, text, m.start, m.end)) is not None):
            # two neighbouring sentences restated in one, each half with its own figures; or a
            # passage that points back ("This fee shall be fully earned") read with the sentence
            # before, whose figures the quote names it by ("the $1,500,000 endorsement fee")
            m = replace(m, start=merged[0], end=merged[1])
            passage, missing = text[m.start : m.end], []
        if missing:
            # a restatement keeps its figures; a look-alike clause from elsewhere does not
            return replace(r, metrics=metrics, reason=(
                f"the closest passage by meaning (cosine {m.cosine:.2f}, {m.source_id}) has other "
                f"figures: {', '.join(missing[:4])} not in it"))
        if not everything:
            everything.append(" ".join(get_index(s).text for s in sources))  # folded once, cached
        # a near-copy of its passage (cosine at the paraphrase_threshold) is no invention
        invented = invented_terms(r.quote, everything[0],
                                  near_copy=m.cosine >= self.config.semantic.paraphrase_threshold)
        invented += invented_titles(r.quote, everything[0])  # (a title in quotation marks, however close the rest)
        invented += invented_definitions(r.quote, everything[0])  # (a term it defines, however close the rest)
        if invented:
            # topical similarity is not support: a name, title or defined term no source has
            return replace(r, metrics=metrics, reason=(
                f"it presents {', '.join(repr(t) for t in invented[:3])}, which no source contains "
                f"(closest passage by meaning: cosine {m.cosine:.2f}, {m.source_id})"))
        return self._restated(r, metrics, m.source_id, m.start, m.end, text, m.cosine, stage)

    def _reworded_copy(self, r: QuoteResult, found: QuoteResult, by_id: dict[str, Source],
                       stage: SemanticStage) -> QuoteResult:
        """A quote the lexical stage found in other words (``r``, rejected with the passage it reworded:
        "or" for "and/or", "before" for "prior to"), after the semantic stage's own reading (``found``).

        Its edges are read as a copy's are (:meth:`_edges`): what its sentence goes on or opens with, or
        says past a cut, may limit the claim (``altered``). A quote the stage did not call a paraphrase
        (its passages are sentences: this one may run over two) is read against the whole sentences
        of the passage found, by the meaning guard: ``paraphrase`` when it finds no change."""
        span = r.spans[0]
        source = by_id[span.source_id]
        text = source.text
        c = self.config.context_chars
        located = replace(r, spans=(span,), verbatim=text[span.start : span.end],
                          context=text[max(0, span.start - c) : span.end + c])
        q = r.quote.strip()
        q, cut, head, tail = _cut_fragment(q, split_ellipsis(q))
        probe = replace(located, verdict=Verdict.NEAR_VERBATIM)
        edged = self._edges(probe, q, [_Doc(source, get_index(source))], cut, head, tail)
        if not edged.verdict.accepted:
            return edged
        if found.verdict is Verdict.PARAPHRASE:
            return found
        [cos] = stage.similarity([(r.quote, r.verbatim or "")])
        bare = replace(r, spans=(), verbatim=None, context="")
        # its sentences whole, for the meaning guard: a condition or an exception they open with, left
        # out, is a change ("Arizona will reasonably cooperate ..." after "In the event that the Company
        # elects to institute such Proceedings,")
        a, b = _sentences_around(text, span.start, span.end)
        whole = self._restated(bare, replace(r.metrics, cosine_similarity=round(cos, 4)), span.source_id, a, b, text,
                               cos, stage, copied=True)
        if whole.verdict is not Verdict.PARAPHRASE:
            return found
        # its figures are the lexical stage's, with the passage it rewords, as its span is
        metrics = replace(whole.metrics, edit_distance=r.metrics.edit_distance, match_ratio=r.metrics.match_ratio,
                          differences=r.metrics.differences)
        return replace(whole, spans=located.spans, verbatim=located.verbatim, context=located.context, metrics=metrics)

    def _restated(self, r: QuoteResult, metrics: Metrics, source_id: str, start: int, end: int, text: str,
                  cosine: float, stage: SemanticStage, *, copied: bool = False) -> QuoteResult:
        """A quote the semantic stage matched to ``text[start:end]``: ``paraphrase`` when it claims
        what the passage claims, ``altered`` when a load-bearing element differs (the meaning guard).
        ``copied``: the lexical stage aligned the whole quote with one stretch of the passage (a
        reworded copy), so it is no two pieces stitched together, whatever else the source repeats."""
        c = self.config.context_chars
        passage = text[start:end]
        # a party named where the passage has the term the document defines it as ("Cano isn't liable
        # to Boyd" for "Cano will not be liable to the Company", 'referred to as "Company" or "Boyd"'):
        # the quote is compared in the passage's terms
        termed = _in_passage_terms(r.quote, passage, text)
        compared = r if termed == r.quote else replace(r, quote=termed, metrics=replace(r.metrics, differences=tuple(
            # (and the lexical stage's one place where the quote names the party and the passage its term is
            # none: "Marcus Delaney" for "the Athlete")
            d for d in r.metrics.differences if not _one_party(d, text))))
        changed = self._meaning_changes(compared, text, start, end, cosine, stage)
        if changed and (merged := _merged_with_neighbour(r.quote, text, start, end, changed)) is not None:
            # a quote that joins the passage's sentence to its neighbour ("She did not ask for
            # reinstatement, and her holiday pay claim was withdrawn"), each half restating its own
            # sentence: compare it with both sentences (its halves in their order)
            a, b, in_order = merged
            grown = self._meaning_changes(replace(r, quote=in_order), text, a, b, cosine, stage)
            if not grown:
                start, end, changed = a, b, grown
                passage = text[start:end]
        # the lexical figures described the closest *wording*, elsewhere: measure the quote
        # against the passage it restates instead
        fq, fp = fold(r.quote).text, fold(passage).text
        dist = Levenshtein.distance(fq, fp)
        if not changed and (half_changed := _neighbour_half_changed(r.quote, text, start, end)):
            # "Store below 25°C; freezing is acceptable" for "Store below 25°C ... Do not freeze.": the
            # half that speaks of the next sentence, compared with it
            changed = half_changed
        if not changed and not copied and (apart := _stitched(r.quote, text)) is not None:
            # two copied pieces of the source joined into one claim, out of the source's order
            changed = (Difference("insert", apart, "", "order"),)
        if not changed and self._entailment is not None and self._entailment.entails(r.quote, passage) is False:
            changed = (Difference("replace", r.quote, passage, "entailment"),)  # the optional second opinion
        metrics = replace(
            metrics, stage="semantic", edit_distance=dist,
            match_ratio=round(1.0 - dist / max(len(fq), len(fp), 1), 4),
            differences=changed or differences(fq, fp), bm25_score=None, bm25_ratio=None,
        )
        spans, context = (Span(source_id, start, end),), text[max(0, start - c) : end + c]
        if changed:
            words = "; ".join(d.describe() for d in changed[:4])
            if len({d.category for d in changed}) >= _OTHER_CLAUSE_CATEGORIES and cosine < _OTHER_CLAUSE_MAX_COSINE:
                # differing in several kinds of claim at a modest cosine, it is another clause on the
                # same topic (a clause of another contract), not this passage restated
                return replace(r, verdict=Verdict.UNSUPPORTED, metrics=metrics,
                               reason=f"no passage states it: the closest by meaning (cosine {cosine:.2f}, "
                               f"{source_id}) differs in {len(changed)} load-bearing ways: {words}")
            return replace(r, verdict=Verdict.ALTERED, metrics=metrics, spans=spans, verbatim=passage, context=context,
                           reason=f"restates a passage (cosine {cosine:.2f}) but changes what it claims: {words}")
        return replace(r, verdict=Verdict.PARAPHRASE, metrics=metrics, spans=spans, verbatim=passage, context=context,
                       reason=f"says what the source says in other words (cosine {cosine:.2f}); "
                       "the wording is not the source's")

    def _meaning_changes(self, r: QuoteResult, text: str, start: int, end: int, cosine: float,
                         stage: SemanticStage) -> tuple[Difference, ...]:
        """The load-bearing differences between a quote and the passage ``text[start:end]`` it restates."""
        passage = text[start:end]
        if (quote := dates_read_as(r.quote, passage)) != r.quote:
            r = replace(r, quote=quote)  # "02/08/2021" for "2 August 2021": one date, in the passage's order
        return (meaning_differences(r.quote, passage) or modal_swapped(r.quote, passage) or trigger_changed(r.quote, passage)
                or _added_claim(r.quote, passage)
                or entity_from_elsewhere(r.quote, passage, text[max(0, start - _ELSEWHERE) : start] + " "
                                         + text[end : end + _ELSEWHERE])
                or made_mutual(r.quote, text[_sentence_start(text, start) : end]) or made_unilateral(r.quote, passage)
                or added_significance(r.quote, _with_neighbours(text, start, end))
                or _reversed_roles(r.quote, passage) or _swapped_word(r.quote, passage, stage)
                or _swapped_in_copy(r, stage) or _edited_copy(r, passage, stage) or _quantifier_in_copy(r)
                or _referent_swapped(r, passage)
                or _word_put_in(r, text, start, end) or _traded_places(r, passage)
                or _term_of_parallel_sentence(r.quote, text, start, end)
                or _added_content(r.quote, text, start, end, cosine, stage) or _one_place_copy(r, stage)
                or _neighbour_changed(r.quote, text, start, end) or _trimmed_copy(r.quote, text)
                or unknown_name_for_known(r.quote, passage, get_index(text).text))

    # ------------------------------------------------------------------ internals
    def _verify_one(self, quote: str, docs: list[_Doc], use_bm25: bool, *, fuzzy: bool = True,
                    fuzzy_docs: int | None = None, seeds: CorpusSeeds | None = None) -> QuoteResult:
        try:
            return self._lexical(quote, docs, use_bm25, fuzzy, fuzzy_docs, seeds)
        except SourceError:
            raise  # a source that cannot be read (again): the caller's error, not this quote's
        except Exception as exc:  # keep the batch: one bad quote must not lose the others
            log.exception("quote_guard: internal error while verifying %r", quote[:80])
            return QuoteResult(
                quote, Verdict.UNCHECKABLE, reason=f"internal error while verifying: {type(exc).__name__}: {exc}"
            )

    def _lexical(self, quote: str, docs: list[_Doc], use_bm25: bool, fuzzy: bool = True,
                 fuzzy_docs: int | None = None, seeds: CorpusSeeds | None = None) -> QuoteResult:
        q = quote.strip()
        if not q:
            return QuoteResult(quote, Verdict.UNCHECKABLE, reason="the quote is empty")
        live = [d for d in docs if d.index.text]
        if not live:
            # a source of invisible characters only (soft hyphens, zero-width spaces) folds to
            # nothing, yet a quote of it is still in it character for character
            for d in docs:
                i = d.source.text.find(q)
                if i >= 0:
                    return self._result(quote, Verdict.VERBATIM, [(d, i, i + len(q))],
                                        Metrics(match_ratio=1.0, edit_distance=0, stage="exact"),
                                        "found character for character in the source")
            return QuoteResult(quote, Verdict.UNCHECKABLE, reason="no source text to check against")
        # a leading or trailing ellipsis marks a cut, not a gap: match the fragment itself
        frags = split_ellipsis(q)
        q, cut, head, tail = _cut_fragment(q, frags)
        r = self._locate(quote, q, frags, live, use_bm25, fuzzy, fuzzy_docs, seeds)
        if not r.verdict.accepted:
            r = self._with_page_break(quote, q, frags, r, live, use_bm25, fuzzy, fuzzy_docs, seeds)
        cleaned, marks = strip_editorial(q)
        if marks and q[:1] in QUOTATION_MARKS and q[-1:] in QUOTATION_MARKS:
            cleaned = cleaned.strip(QUOTATION_MARKS + " ")  # ('“[Harrowgate Mutual] shall not ...”': the marks are the writer's)
        if marks and cleaned and not r.verdict.accepted:
            # brackets the source does not have: editorial marks of the quoting writer
            # (brackets the source has, "[***]" redactions or "[Indemnity]" headings, matched above)
            edited = self._editorial(_name_stood_for(
                self._locate(quote, cleaned, split_ellipsis(cleaned), live, use_bm25, fuzzy, fuzzy_docs, seeds),
                marks, docs), marks, docs)
            if edited.verdict.accepted or edited.verdict is Verdict.ALTERED and r.verdict is not Verdict.ALTERED:
                r = edited
        return self._edges(r, q, docs, cut, head, tail)

    def _edges(self, r: QuoteResult, q: str, docs: list[_Doc], cut: bool, head: bool, tail: bool) -> QuoteResult:
        """An accepted quote read at its edges: what the source says just past a cut (``cut``: an edge
        ellipsis, ``head``/``tail`` which), a full stop or a capital the source does not have there, and
        what the source's sentence goes on or opens with, may limit the claim (``altered``); ``r`` otherwise."""
        if r.spans and r.verdict in (Verdict.VERBATIM, Verdict.NEAR_VERBATIM) and len(r.spans) == 1 and tail \
                and (unproven := _significance_left_out(r, docs)) is not None:
            # "the risk was reduced by 22%..." where the source goes on ", but this finding should be
            # interpreted with caution": cut right before what the source says of the finding
            return _limited(r, [unproven], "the quote stops where the source denies or limits the significance of its finding")
        if r.spans and r.verdict in (Verdict.VERBATIM, Verdict.NEAR_VERBATIM) \
                and (figure_cut := _after_figure_bound(r, docs) or _after_basis(r, docs)) is not None:
            # "40% of respondents said ..." after "Nearly", "Fees rise to $500" before "at most": the
            # figure without the words that bound it; "EBITDA rose 9%" cut from "Adjusted EBITDA rose
            # 9%": the figure of another measure
            return figure_cut
        if cut and r.spans and r.verdict in (Verdict.VERBATIM, Verdict.NEAR_VERBATIM):
            # "... the Committee recommends" cut from "A majority of the Committee recommends": what a part
            # says, quoted of the whole
            part = _after_part_of(r, docs) if head and len(r.spans) == 1 else None
            checked = part or self._check_cut(r, docs, head, tail)
            if checked is r and head and not tail and q.rstrip("\"”’' ")[-1:] in (".", ";", "!", "?") \
                    and not _ends_sentence(r, docs):
                # and a full stop at its other end the source does not have ("…must remain switched on at all times when
                # it is fitted." before ", unless the master believes ..."; since the 63rd stop)
                checked = self._check_cut(r, docs, False, True, ended=True)
            elif checked is r and head and not tail and len(r.spans) == 1 and (limit := _hard_limit_left_out(r, docs)):
                # and its other end, unmarked, right before a hard limit ("…the Supplier may suspend access to the Software
                # on giving not less than 10 School Days' written notice" before ", save that ..."; since the 64th stop)
                checked = _limited(r, [limit], "the quote stops right before the source limits what it says", category="connective")
            return checked
        if r.spans and r.verdict is Verdict.NEAR_VERBATIM and q[-1:] in ".;!?" and not _ends_sentence(r, docs):
            # a full stop the source does not have there: the quote presents the start of a
            # sentence as a whole one, and what it leaves out may be a condition ("…will control."
            # where the source goes on "unless expressly indicated")
            opened = q[:1].isupper() and not _starts_sentence(r, docs)  # a capital the source lacks too: read both ends
            checked = self._check_cut(r, docs, opened, True, ended=True, opened=opened)
            # and after the exception its sentence opens with ("the Distributor agrees that ... shall handle
            # no competing products." after "Unless accepted by the Principal,")
            checked = (_after_opening_exception(r, docs) or checked) if checked is r and len(r.spans) == 1 else checked
            if checked is r and (rest := _sentence_goes_on(r, docs)):
                # whatever the rest says, the quote's full stop claims the sentence ends there: what a
                # copied sentence goes on to say may narrow it ("... since the 1980s." before "at stations
                # below 1,500 m"), and a reader cannot tell a clause dropped from one that never was
                return _limited(r, [rest], "the quote ends its sentence where the source's goes on")
            return checked
        if r.spans and r.verdict is Verdict.NEAR_VERBATIM and q[-1:] in ".!?" and (proviso := _proviso_after(r, docs)):
            # a full stop for the source's semicolon, where what follows it is a proviso or an
            # exception of the clause ("... consent of the other Party." for "...; provided, however,
            # that either Party may assign in connection with a merger")
            return _limited(r, [proviso], "the quote ends its sentence where the source's goes on after a semicolon to limit it")
        if r.spans and r.verdict is Verdict.NEAR_VERBATIM and q[:1].isupper() and not _starts_sentence(r, docs):
            # a capital the source does not have there: the quote presents the end of a sentence as
            # a whole one, and what it leaves out may limit it ("Six passengers were injured" cut
            # from "Five out of six passengers were injured")
            # (a name the source capitalises too starts after whatever its sentence opens with: "Cargill makes
            # no representations" after "Except as provided in Section 1.2,")
            return ((_frame_left_out(r, docs) or _after_opening_exception(r, docs) if len(r.spans) == 1 else None)
                    or self._check_cut(r, docs, True, False, opened=True))
        if not cut and r.spans and r.verdict in (Verdict.VERBATIM, Verdict.NEAR_VERBATIM):
            single = len(r.spans) == 1  # (fragments joined by an ellipsis: the last one may stop before a limit too)
            if single and (unproven := _significance_left_out(r, docs)) is not None:
                # "efficacy was 54.0% (95% CI, -12.6 to 81.2)" where the source goes on ", which was
                # not statistically significant": a finding quoted without the denial of its significance
                return _limited(r, [unproven], "the quote stops where the source denies or limits the significance of its finding")
            if (limit := _hard_limit_left_out(r, docs) or _exceptions_cut(r, docs)) is not None:
                # "We may share your personal data with our service providers" where the source goes
                # on ", but only to the extent necessary ...": the claim without its limit
                return _limited(r, [limit], "the quote stops right before the source limits what it says", category="connective")
            if not single:
                return r
            if (framed := _frame_left_out(r, docs)) is not None:
                return framed
            # "neither party shall be liable for indirect damages" after "Except for liability arising
            # from a breach of Section 11,": the rule without the exception its sentence opens with
            return _after_opening_exception(r, docs) or _with_caveat(r, docs)
        return r

    def _editorial(self, r: QuoteResult, marks: list[tuple[str, str]], docs: list[_Doc]) -> QuoteResult:
        """A quote with editorial marks ([sic], [T]he, [the Tenant], (emphasis added)) that is
        otherwise verbatim is near_verbatim, the marks listed; a bracketed insertion that names
        another party than the words it stands for is altered."""
        if r.verdict not in (Verdict.VERBATIM, Verdict.NEAR_VERBATIM) or not r.spans:
            return r
        diffs = tuple(Difference("insert", m, "", "editorial") for m, _ in marks)
        span = r.spans[0]
        text = _span_text(span, docs)
        before = " ".join(_sentence_before(text, span.start))
        name = _NAME_BEFORE.search(text, max(0, span.start - _CONTEXT_CHARS), span.start)
        for mark, kind in marks:
            if kind != "insertion":
                continue
            wrong = _wrong_party(mark, before)
            if wrong is None and name and r.quote.lstrip().startswith(mark):
                # "[the Licensee] shall deliver" for "Acme shall deliver", where Acme is the Licensor
                named = {w for w in re.findall(r"\w+", mark.lower())
                         if word_category(w) == "party" and w not in _PRONOUN_SET}
                role = _defined_party(text, fold(name.group(1)).text.lower())
                wrong = role if named and role and role not in named else None
            if wrong is None and r.quote.lstrip().startswith(mark):
                wrong = _referent_elsewhere(mark, text, span.start)
            if wrong:
                return replace(r, verdict=Verdict.ALTERED,
                               metrics=replace(r.metrics, differences=r.metrics.differences + (
                                   Difference("replace", mark, wrong, "party"),)),
                               reason=f"the bracketed insertion {mark!r} names another party than the source ({wrong!r})")
        if marks[0][1] == "insertion" and r.quote.lstrip().startswith(marks[0][0]):
            # "[the Tenant] shall ..." stands for the source's "he shall ...": the span takes that word
            m = _WORD_BEFORE.search(text, 0, span.start)
            if m and m.group(1).lower() in _PRONOUN_SET:
                span = Span(span.source_id, m.start(1), span.end)
                r = replace(r, spans=(span, *r.spans[1:]), verbatim=text[span.start : span.end] if len(r.spans) == 1
                            else r.verbatim)
        return replace(r, verdict=Verdict.NEAR_VERBATIM,
                       metrics=replace(r.metrics, differences=r.metrics.differences + diffs),
                       reason="verbatim apart from editorial marks: " + ", ".join(m for m, _ in marks))

    def _locate(self, quote: str, q: str, frags: list[tuple[str, str]], live: list[_Doc], use_bm25: bool,
                fuzzy: bool, fuzzy_docs: int | None, seeds: CorpusSeeds | None = None) -> QuoteResult:
        fq = fold(q).text
        # in a large collection, the seed table says at once which documents hold the folded
        # quote; a document without it cannot hold the quote itself either (folding maps a
        # substring into a substring, unless a hyphen at the quote's edge is one it drops)
        occ = seeds.find([fq], [d.n for d in live])[0] if seeds is not None and fq else None
        exact = live
        if fq and fold_keeps_substrings(q):
            if occ is not None:
                exact = [d for d in live if d.n in occ]
            elif seeds is not None:
                # a quote too short for the table, in a large collection: its folded texts are in
                # memory and say the same, where each original may have to be read from its file
                exact = [d for d in live if fq in d.index.text]
        # 1. exact (a match that starts inside a source word, leaving out its negating prefix, is
        # no quotation of it: "Either party may" in "Neither party may")
        # (nor is one that starts or ends inside a source word: "he signed" in "She signed", "$4.1" in
        # "$4.15": its first or last word is another word, for the fuzzy stage to compare)
        negated: tuple[_Doc, int, int, str, str] | None = None
        for d in exact:
            text = d.source.text
            i = text.find(q)
            while i >= 0 and ((cut := _cut_negation(text, i, i + len(q))) is not None or _cuts_a_word(text, i, i + len(q))):
                if cut is not None:
                    negated = negated or (d, cut[0], i + len(q), cut[1], cut[2])
                i = text.find(q, i + 1)
            if i >= 0:
                return self._result(quote, Verdict.VERBATIM, [(d, i, i + len(q))], Metrics(match_ratio=1.0, edit_distance=0, stage="exact"),
                                    "found character for character in the source")
        if not fq:
            return QuoteResult(quote, Verdict.UNCHECKABLE, reason="the quote has no characters to match")
        # 2. folded exact
        for d in live:
            t = d.index.text
            hit = None
            for i in (_finds(t, fq) if occ is None else occ.get(d.n, ())):
                if (cut := _cut_negation(t, i, i + len(fq))) is None:
                    if _cuts_a_word(t, i, i + len(fq)):
                        continue
                    hit = i
                    break
                if negated is None:
                    negated = (d, *d.index.folded.to_original(cut[0], i + len(fq)), cut[1], cut[2])
            if hit is not None:
                m = self._finish(d, hit, hit + len(fq), fq, stage="folded", snap=False)
                return self._judge(quote, [m], [""], [q])
        if negated is not None:
            d, start, end, whole, part = negated
            return self._result(quote, Verdict.ALTERED, [(d, start, end)],
                                Metrics(match_ratio=len(q) / (end - start), edit_distance=end - start - len(q), stage="exact",
                                        differences=(Difference("replace", part, whole, "negation"),)),
                                f"the quote starts inside the source's word {whole!r}: {part!r} without its "
                                "negating prefix says the opposite")
        if not fuzzy:
            return QuoteResult(quote, Verdict.UNSUPPORTED, metrics=Metrics(stage="corpus"),
                               reason="not in any document, and it has no distinctive word to search by")
        live = live[:fuzzy_docs] if fuzzy_docs else live
        # 3. ellipsis
        if len(frags) > 1:
            return self._fragments(quote, frags, live)
        # 4. fuzzy
        best = self._fuzzy_best(fq, live, use_bm25, seeds)
        if best is None:
            return QuoteResult(quote, Verdict.UNSUPPORTED, metrics=Metrics(stage="fuzzy"),
                               reason="no passage in the sources is close to the quote")
        return self._judge(quote, [best], [""], [q])

    def _with_page_break(self, quote: str, q: str, frags: list[tuple[str, str]], r: QuoteResult, live: list[_Doc],
                         use_bm25: bool, fuzzy: bool, fuzzy_docs: int | None, seeds: CorpusSeeds | None) -> QuoteResult:
        """A rejected quote read again where a page break of its source may be in the way: one that
        copies a page break's furniture, which the index reads as white space
        (:func:`~quote_guard.normalize.page_furniture`), with its own page break blanked out and
        failing that against the sources as they are (exact and folded stages); one that runs across
        a running footer with no page number beside it, which the index keeps, against its source
        with those footers blanked out (:func:`~quote_guard.normalize.running_lines`). ``r`` if none
        accepts it."""
        if "\n" in q and (unpaged := mask_page_furniture(q, beside=1)) != q:
            # its page number (or rule) with the words around it: the quote read as the index is
            again = self._locate(quote, unpaged, split_ellipsis(unpaged), live, use_bm25, fuzzy, fuzzy_docs, seeds)
            if again.verdict.accepted:
                return again
            first_line = fold(q.split("\n", 1)[0]).text.strip()  # the page break whole, its running header too
            raw = [_Doc(d.source, DocIndex(fold(d.source.text))) for d in live
                   if first_line and first_line in d.index.text and page_furniture(d.source.text)]
            again = self._locate(quote, q, frags, raw, use_bm25, False, None) if raw else r
            if again.verdict.accepted:
                return again
        return self._across_running_lines(quote, q, frags, r, live, use_bm25, seeds)

    def _across_running_lines(self, quote: str, q: str, frags: list[tuple[str, str]], r: QuoteResult,
                              live: list[_Doc], use_bm25: bool, seeds: CorpusSeeds | None) -> QuoteResult:
        """A quote that runs across a filing's running footer with no page number beside it, left
        out as a reader does ("... consequential [Source: ACME CORP, 10-K, 5/9/2019] damages ..."):
        read against its source with those footers blanked out, where the source has a paragraph
        of one short line where the quote's words run (the passage found, or the quote's first
        words); ``r`` otherwise. Only a rejected quote pays for the source's second reading."""
        fq = fold(q).text.strip()  # (the quote's fold is cached: _locate made it)
        head = fq[:_RUNNING_HEAD_CHARS]
        if r.spans:
            first = r.spans[0]
            where = [(d, first.start) for d in live if d.source.id == first.source_id]
        elif len(head) == _RUNNING_HEAD_CHARS:
            # (in a large collection the seed table says which documents hold the first words)
            occ = seeds.find([head], [d.n for d in live])[0] if seeds is not None else None
            holders = live if seeds is None else [d for d in live if occ is not None and d.n in occ]
            where = [(d, d.index.folded.to_original(k, k + 1)[0]) for d in holders
                     if (k := d.index.text.find(head)) >= 0][:_RUNNING_DOCS]
        else:
            return r
        for d, start in where:
            text = d.source.text
            end = min(len(text), start + 2 * len(q) + _RUNNING_SLACK)
            if "\n\n" not in text[start:end]:
                continue  # (most rejected quotes: no paragraph break where their words run)
            here = running_lines(text, start, end)
            if not here or fq not in fold(blank_out(text[start:end], [(a - start, b - start) for a, b in here])).text:
                continue  # no running footer there, or the quote's words do not run across it
            again = self._locate(quote, q, frags, [_Doc(d.source, without_running_lines(text))], use_bm25, True, None)
            if again.verdict.accepted:
                return again
        return r

    def _check_cut(self, r: QuoteResult, docs: list[_Doc], head: bool, tail: bool, *, ended: bool = False,
                   opened: bool = False) -> QuoteResult:
        """A cut quote is what its fragment says, unless the words just past the cut limit it:
        "...permitted to terminate" cut from "not permitted to terminate" says the opposite.
        ``ended``: the quote closes with a full stop where its source sentence goes on, so the rest
        of that sentence is read, not its first words ("…must be given by either party." where the
        source goes on "due to any reason other than breach"). ``opened``: the quote capitalises a
        word the source has in lower case, presenting the end of a sentence as a whole one, so a
        condition or an exception that opens the source's sentence is read too ("Balances unpaid
        ..." from "Excepting any amounts disputed in good faith, balances unpaid ...")."""
        span, last = r.spans[0], r.spans[-1]  # a cut at the start is read before the first span, one at the end after the last
        text = _span_text(span, docs)
        found = []
        # (past a defined term's label: '... a minimum term of 24 months...' before '(the "Minimum Term"), unless ...')
        label = _LABEL_AFTER.match(text, last.end) if tail else None
        edge = label.end() if label else last.end
        after = _clause_words(text[edge : edge + _EDGE_CHARS], first=True) if tail else []
        found += _limiters(after, edge=True)
        if tail and not found and after[:1] and after[0] in _SCOPE_AFTER_CUT \
                and not _figure_in(_clause_words(text[last.end : last.end + _EDGE_CHARS], first=None)[1 : 1 + _SCOPE_WORDS]) \
                and after[0] not in token_texts(fold(r.quote).text):
            # "… we will pay the cost of carriage both ways…" before "within the UK mainland": where it holds (a period
            # or an amount, "within 30 days", "within forty-five (45) days", is detail a cut may drop; since the 62nd stop)
            found.append(" ".join(after[: 1 + _SCOPE_WORDS]))
        if tail and not found and after[:3] == ["within", "the", "first"] and "first" not in token_texts(fold(r.quote).text):
            # "We will not pay a claim if death is caused by suicide…" before "within the first 12 months of the plan":
            # the start of a term, when the rule holds (since the 63rd stop)
            found.append(" ".join(after[:5]))
        if tail and not found and (more_of := _exceptions_cut(r, docs)) is not None:
            # "… issued only to a person whose main residence is within a CPZ…" before "or who can show that the vehicle is
            # provided by their employer": the rest of those it is given to (since the 61st stop)
            found.append(more_of)
        if tail and not found and (scenario := _SCENARIO_AFTER.match(text, last.end)) is not None \
                and "scenario" not in r.quote.lower():
            # "... more intense and more frequent in the northern sub-basin…" before "under intermediate and higher
            # emissions scenarios": the case it holds in (since the 61st stop)
            found.append(" ".join(scenario.group().split()).lstrip(",; "))
        if tail and not ended and not found and not _ends_sentence(r, docs) and (hard_limit := _limit_right_after(
                text, last.end, split_ellipsis(r.quote.strip())[-1][0])) is not None:
            # (not past the end of its sentence: "… within 28 days of the date of the funeral…" before "Where a balance
            # remains unpaid after 60 days, ..." limits the next sentence's claim)
            # a hard limit right after a marked cut ("… for every 1,000 litres of milk supplied in the previous milk
            # year..." before "(1 April to 31 March), up to a maximum of 2,000,000 Ordinary Shares"; since the 64th stop)
            found.append(" ".join(re.sub(r"^\s*\([^()]*\)", "", hard_limit.group()).split()).lstrip(",;( "))
        if tail and ended and not found:
            found += _narrowing(text, last.end, after, r.quote)
        if tail and ended and not found and (limit := _limit_right_after(text, last.end, r.quote)) is not None:
            # a hard limit right after the words the quote closes with a full stop ("... may use pro
            # forma figures." where the source goes on "for that year only"), or the population its
            # finding holds in ("... should be avoided." before "in patients already taking 2.5 mg")
            found.append(" ".join(limit.group().split()).lstrip(",;( "))
        if tail and ended and not found:
            # further on, only a condition or an exception limits the claim (a negation there is
            # mostly a clause of its own: "... lawful in the United States following a decision
            # which held that paddling did not violate the Constitution")
            rest = _clause_words(text[last.end : last.end + _REST_CHARS], first=None)
            rest = rest[: next((i for i, w in enumerate(rest) if w in (".", "!", "?")), len(rest))]
            found += [w for i, w in enumerate(rest) if w in _REST_CONDITIONS
                      and not (w in ("provided", "providing") and not proviso_at(rest, i))] + [
                " ".join(p) for p in itertools.pairwise(rest) if p in _REST_LIMITER_PAIRS]
        if head:
            before = _words_before(text, span.start)
            found += _limiters(_own_clause(before))
            if before[-1:] and before[-1] in SOFTENERS and _first_word(r.quote) in UNIVERSALS:
                found.append(f"{before[-1]} {_first_word(r.quote)}")  # "All of our chips" cut from "Substantially all of ..."
            if not found and (negated := _negated_list_before(text, span.start)) is not None:
                found.append(negated)  # "...disclose Customer Data" cut from "shall not sell, rent or otherwise disclose"
            if not opened:  # a marked cut right after a hedge that governs the fragment ("likely that ...")
                found += [w for w in before[-_GAP_HEDGE_WORDS:] if w in _GAP_HEDGES]
            sentence = _sentence_before(text, span.start)  # what the source's sentence says before the quote
            opener = sentence if opened and text[span.start : span.start + 1].islower() else []
            if not found and (_opens_with_condition(opener) or _HARD_OPENERS & set(opener)
                              or opener[:1] and opener[0] in _OPENED_CONDITIONS):
                # the source's sentence opens with a condition or an exception the quote starts after
                # ("Excepting any amounts disputed in good faith, balances unpaid ... will be subject to"),
                # or holds one further in ("As of the VNBJ Closing, except as expressly set forth in this
                # Amendment, the JV Agreement shall ...")
                hard = next((i for i, w in enumerate(opener) if w in _HARD_OPENERS), None)
                found.append(" ".join(opener[:2] if _opens_with_condition(opener) or hard is None or opener[0] in _OPENED_CONDITIONS
                                      else opener[hard : hard + 2]))
            if not found and (window := _TIME_WINDOW_OPENER.match(" ".join(sentence))) \
                    and window.group(1).rstrip("s") not in fold(r.quote).text:
                found.append(window.group().rstrip(" ,"))  # "...the Employee shall not" after "For two years after termination,"
            if not found and (scope := _SCOPE_OPENER.fullmatch(" ".join(sentence))) \
                    and scope.group().split()[1] not in token_texts(fold(r.quote).text):
                found.append(scope.group().rstrip(" ,"))  # "The system reduces ..." after "In some embodiments,"
            if not found and sentence[:2] in (["save", "as"], ["except", "as"]) and _names_a_part(sentence) \
                    and not re.search(r"\b(?:save|except)\b", r.quote, re.I):
                # "…the Employer shall not withhold ..." after "Save as provided in this clause 14.3 and clause 14.4,": the
                # rule without the exceptions it opens with (since the 61st stop)
                found.append(" ".join(sentence).rstrip(" ,"))
            # (past a clause's number and heading: "6. Liability 6.1 Subject to clause 6.2,")
            opening = next((k for k in range(min(len(sentence) - 1, _OPENER_AFTER_WORDS))
                            if _opens_with_condition(sentence[k:]) and sentence[k] not in _NOT_OPENING_LIMITS), None)
            # ("subject to the terms of this Agreement", "to the exclusions below" points at the document, no condition)
            if not found and not opened and opening is not None and len(sentence) - opening <= _OPENER_MAX_WORDS \
                    and sentence[-1:] == [","] and not re.search(rf"\b{re.escape(sentence[opening])}\b", r.quote, re.I) \
                    and (sentence[opening] != "subject" or _DOCUMENT_POINTERS.isdisjoint(sentence[opening:])):
                # "…each party's total liability ... shall not exceed" after "Subject to clause 6.2,", "…the Lessee may
                # continue to lease the Equipment" after "Provided that no Event of Default has occurred and is
                # continuing,": the rule without the condition or the carve-outs its sentence opens with (since the
                # 64th stop)
                found.append(" ".join(sentence[opening:]).rstrip(" ,"))
            if not found and (scope := _LIMITING_OPENER.fullmatch(" ".join(sentence))) \
                    and _limiting_key(scope) not in token_texts(fold(r.quote).text):
                found.append(scope.group().rstrip(" ,"))  # "...the Group would breach" after "Under this scenario,"
            if not found and (since := _TIME_SCOPE_BEFORE.search(text, max(0, span.start - _TIME_SCOPE_CHARS), span.start)) \
                    and since.group(1).lower() not in r.quote.lower():
                # "…has not entered into any new contract" after "and, since March 2022,": the time its claim holds in
                # (since the 63rd stop)
                found.append(" ".join(since.group().split()).strip(" ,"))
            if before[-1:] == ["of"] and figure(_first_word(r.quote)) is not None:
                found.append(" ".join(before))  # "six" cut from "five out of six": the whole for the part
        if not found:
            return r
        return _limited(r, found, "the quote ends its sentence where the source's goes on to limit it" if ended and not head
                        else "the quote is cut right where the source limits it")

    # -- locating -------------------------------------------------------------
    def _fuzzy_ahead(self, quotes: list[tuple[str, list[_Doc]]], seeds: CorpusSeeds) -> None:
        """Make ahead, for a batch's quotes (folded text, candidate documents) that no candidate
        holds, the seed-table lookups each will make next, in two lookups for all of them
        (:meth:`CorpusSeeds.find_ahead`) instead of one or two a quote, each paying numpy's fixed
        cost: the fuzzy stage's probes (:meth:`_probed`), then its chunks in the documents the
        probes leave (:meth:`_fuzzy_best`) and the first words a rejected quote is looked for by
        (:meth:`_across_running_lines`). A guess at which quotes reach them costs only time: a
        lookup made ahead gives the answer the quote's own would."""
        if not quotes:
            return
        live = [[d for d in cand if d.index.text] for _, cand in quotes]
        visited = [ds[: self.config.corpus_filter_fuzzy_docs] for ds in live]
        probes = {k: _probes(fq) for k, ((fq, _), vs) in enumerate(zip(quotes, visited)) if _probing(fq, vs)}
        found = iter(seeds.find_ahead([p for ps in probes.values() for p in ps],
                                      [[d.n for d in visited[k]] for k, ps in probes.items() for _ in ps], more=True))
        probed = {k: [next(found) for _ in ps] for k, ps in probes.items()}
        needles: list[tuple[str, list[int]]] = []
        for k, ((fq, _), ds, vs) in enumerate(zip(quotes, live, visited)):
            if len(fq) >= 3 * _SEED:
                # in the documents the probes leave; in all it visits where one is too common to say
                aligned = vs if k not in probed or None in probed[k] else _probe_hits(probes[k], probed[k], vs)
                needles += [(c, [d.n for d in aligned]) for c in _chunks(fq)]
            head = fq.strip()[:_RUNNING_HEAD_CHARS]
            if len(head) == _RUNNING_HEAD_CHARS:
                needles.append((head, [d.n for d in ds]))
        seeds.find_ahead([nd for nd, _ in needles], [ns for _, ns in needles], more=True)

    def _probed(self, fq: str, docs: list[_Doc], seeds: CorpusSeeds | None) -> list[_Doc]:
        """The documents the fuzzy stage aligns a folded quote in, of its candidates ``docs``:
        with many candidates, only those where a probe (a start, middle or end piece of the
        quote, overlapping below 48 characters) occurs, for a near-verbatim or altered passage
        keeps most of them intact (a quote shorter than that would otherwise be aligned across
        every candidate document whole)."""
        if not _probing(fq, docs):
            return docs
        probes = _probes(fq)
        found = (seeds.find(probes, [d.n for d in docs]) if seeds is not None
                 else [None] * len(probes))
        return _probe_hits(probes, found, docs)

    def _fuzzy_best(self, fq: str, docs: list[_Doc], use_bm25: bool, seeds: CorpusSeeds | None = None) -> _Match | None:
        cfg = self.config
        budget = max(1, int(len(fq) * cfg.search_max_distance_ratio))
        best: _Match | None = None
        docs = self._probed(fq, docs, seeds)
        # where each seed chunk occurs in these documents, looked up once for all of them
        chunks = _chunks(fq)
        where = (seeds.find(chunks, [d.n for d in docs]) if seeds is not None and len(fq) >= 3 * _SEED
                 else None)
        if where is None or use_bm25:
            for d in docs:
                m = self._fuzzy_bm25(fq, d, budget) if use_bm25 else self._fuzzy_seeded(fq, d, budget)
                if m is not None and (best is None or m.ratio > best.ratio):
                    best = m
            return best
        # Each seed chunk a document lacks holds an edit of any passage of it, so k missing
        # chunks bound its match ratio by L / (L + k) (distance >= k, span <= L + distance).
        # Documents are aligned best bound first, and once the best ratio found beats a bound,
        # no document left can do better: the same passage as aligning them all, in order (ties
        # go to the earlier document, as there), with fewer alignments where text repeats.
        L = len(fq)
        held: dict[int, int] = {}  # document -> how many of the looked-up chunks it holds
        for w in where:
            for n in w or ():
                held[n] = held.get(n, 0) + 1
        asked = sum(1 for w in where if w is not None)
        bounds = [L / (L + asked - held.get(d.n, 0)) for d in docs]
        best_at = -1
        for i in sorted(range(len(docs)), key=lambda i: -bounds[i]):
            if best is not None and bounds[i] < best.ratio - 1e-9:
                break
            m = self._fuzzy_seeded(fq, docs[i], budget, where)
            if m is not None and (best is None or m.ratio > best.ratio or (m.ratio == best.ratio and i < best_at)):
                best, best_at = m, i
        return best

    def _fuzzy_seeded(self, fq: str, d: _Doc, budget: int,
                      where: "list[dict[int, list[int]] | None] | None" = None) -> _Match | None:
        """Align around exact seeds; nothing when no seed is found.

        The quote is cut into disjoint chunks of ``_SEED`` characters and each chunk is
        looked up in the folded document (its seed index, :meth:`DocIndex.find_all`). Any
        passage within ``k`` edits of the quote leaves at least ``n_chunks - k`` chunks
        intact, so a real near-verbatim or altered passage shows up as a cluster of hits on
        one diagonal; the aligner then runs on a small region around each of the two best
        clusters instead of the whole document. Chunks found too often to place anything vote
        only when no rare chunk did (boilerplate repeated through a document), and then each
        of their places is aligned. A quote with no chunk in the document at all is edited in
        every 16 characters: more changed words than an altered or near-verbatim quote may
        have, so that weak evidence gets no whole-document alignment (``None``).
        """
        t = d.index.text
        n, L = len(t), len(fq)
        if L < 3 * _SEED or n < 8 * L:
            return self._fuzzy_in(fq, d, 0, n, budget)
        votes: dict[int, int] = {}
        common: list[int] = []  # offsets of chunks too common to vote
        offsets = range(0, L - _SEED + 1, _SEED)
        chunks = [fq[o : o + _SEED] for o in offsets]

        def places(k: int, limit: int) -> list[int]:
            # find_all of chunk k: from the collection's seed table when it has one and knows
            # the chunk; a chunk too common there is scanned (no per-document index is built)
            if where is None:
                return d.index.find_all(chunks[k], limit)
            w = where[k]
            return d.index.scan_all(chunks[k], limit) if w is None else w.get(d.n, [])[:limit]

        if where is None:
            found = d.index.find_all_many(chunks, _SEED_MAX_HITS + 1)
        else:
            found = [places(k, _SEED_MAX_HITS + 1) for k in range(len(chunks))]
        for o, hits in zip(offsets, found):
            if len(hits) > _SEED_MAX_HITS:
                common.append(o)  # too common to place anything on its own
            for p in hits if len(hits) <= _SEED_MAX_HITS else ():
                votes[(p - o) // _SEED] = votes.get((p - o) // _SEED, 0) + 1
        # no rare chunk: let the common ones vote (boilerplate repeated through the document)
        regions = 2
        for o in common if not votes else ():
            regions = _SEED_COMMON_HITS // 4  # repeated text: align around each repetition
            for p in places(o // _SEED, _SEED_COMMON_HITS):
                votes[(p - o) // _SEED] = votes.get((p - o) // _SEED, 0) + 1
        best: _Match | None = None
        for diag, _ in sorted(votes.items(), key=lambda kv: -kv[1])[:regions]:
            lo = max(0, diag * _SEED - budget - _SEED)
            hi = min(n, diag * _SEED + L + budget + 2 * _SEED)
            m = self._fuzzy_in(fq, d, lo, hi, budget)
            if m is not None and (best is None or m.ratio > best.ratio):
                best = m
        return best

    def _fuzzy_in(self, fq: str, d: _Doc, lo: int, hi: int, budget: int, *, stage: str = "fuzzy") -> _Match | None:
        """Align ``fq`` inside folded ``[lo, hi)`` of one document."""
        idx = d.index
        a = infix(idx.encode(fq), idx.alignment_target(lo, hi), max_distance=budget)
        if a is None:
            return None
        return self._finish(d, lo + a.start, lo + a.end, fq, stage=stage, snap=True)

    def _fuzzy_bm25(self, fq: str, d: _Doc, budget: int) -> _Match | None:
        cfg = self.config
        bm = d.index.bm25(window=cfg.bm25_window_tokens, k1=cfg.bm25_k1, b=cfg.bm25_b, backend=cfg.bm25_backend)
        hits, ratio = bm.top(token_texts(fq), cfg.bm25_top_k)
        best: _Match | None = None
        n = len(d.index.text)
        margin = len(fq) + 64
        for h in hits:
            if h.score <= 0:
                break
            lo, hi = max(0, h.start - margin), min(n, h.end + margin)
            m = self._fuzzy_in(fq, d, lo, hi, budget)
            # grown into the neighbouring windows when the match touches the region's edge
            while m is not None and ((m.fstart <= lo and lo > 0) or (m.fend >= hi and hi < n)):
                lo, hi = max(0, lo - margin), min(n, hi + margin)
                m = self._fuzzy_in(fq, d, lo, hi, budget)
            if m is not None and (best is None or m.ratio > best.ratio):
                best = replace(m, bm25_score=hits[0].score, bm25_ratio=ratio)
        return best

    def _finish(self, d: _Doc, fs: int, fe: int, fq: str, *, stage: str, snap: bool) -> _Match:
        """Snap a folded range to word boundaries, measure it and list the differences."""
        t = d.index.text
        if snap:
            fs, fe = _snap(t, fs, fe, fq)
            fe = _end_at_sentence(t, fs, fe, fq)
            fs, fe = _grow_edges(t, fs, fe, fq)
        dist = Levenshtein.distance(fq, t[fs:fe])
        ratio = 1.0 - dist / max(len(fq), fe - fs, 1)
        return _Match(d, fs, fe, dist, ratio, fq, stage)

    # -- ellipsis -------------------------------------------------------------
    def _fragments(self, quote: str, frags: list[tuple[str, str]], docs: list[_Doc],
                   folded: list[str] | None = None) -> QuoteResult:
        best: tuple[tuple[int, float], list[_Match | None], list[str], _Doc] | None = None
        folded = folded or [fold(f).text for f, _ in frags]
        if len(docs) > 1:
            # every fragment exact, in order and within the gaps, is the best chain there is, and
            # only an exact chain can be one: the first document that has it wins, as it would
            # below, without aligning fragments in the documents before it
            for d in docs:
                chain, problems = self._chain(frags, folded, d, fuzzy=False)
                if not problems and all(m is not None for m in chain):
                    best = ((len(chain), sum(m.ratio for m in chain if m is not None)), chain, problems, d)
                    break
        for d in docs if best is None else ():
            chain, problems = self._chain(frags, folded, d)
            found = sum(m is not None for m in chain)
            key = (found - len(problems), sum(m.ratio for m in chain if m is not None))
            if best is None or key > best[0]:
                best = (key, chain, problems, d)
        assert best is not None
        _, chain, problems, d = best
        bare = [folded[0].lstrip(_MARKS_FOLDED), *folded[1:-1], folded[-1].rstrip(_MARKS_FOLDED)]
        if any(m is None for m in chain) and bare != folded:
            # the quotation marks a quote is written between are no words of its first and last fragments ('"The Group
            # ... other than temporarily."': "The Group" stands where no mark does; since the 62nd stop)
            return self._fragments(quote, frags, docs, bare)
        seps = [s for _, s in frags]
        n = len(frags)
        if any(m is None for m in chain):
            missing = [frags[i][0] for i, m in enumerate(chain) if m is None]
            return QuoteResult(
                quote, Verdict.UNSUPPORTED,
                metrics=Metrics(stage="ellipsis", n_fragments=n),
                reason=f"{len(missing)} of {n} fragments are not in the same source document "
                f"(first missing: {missing[0][:60]!r}); fragments must all come from one document",
            )
        matches = [m for m in chain if m is not None]
        raws = [f for f, _ in frags]
        if not problems:
            matches, seps, raws = _merge_literal_gaps(matches, seps, raws)
        if not problems:
            hidden = [w for a, b in itertools.pairwise(matches) for w in _hidden_in_gap(d.index.text, a, b)]
            if hidden:
                res = self._judge(quote, matches, seps, raws)
                diffs = res.metrics.differences + tuple(Difference("delete", "", w, "negation") for w in hidden[:3])
                return replace(res, verdict=Verdict.ALTERED, metrics=replace(res.metrics, differences=diffs),
                               reason=f"the ellipsis leaves out {', '.join(repr(w) for w in hidden[:3])}: the joined "
                               "fragments say something the source does not")
        if problems:
            diffs = tuple(Difference("order", frags[i][0], "", "order") for i in range(n) if f"#{i}" in problems)
            res = self._judge(quote, matches, seps, raws)
            return replace(
                res, verdict=Verdict.ALTERED,
                metrics=replace(res.metrics, differences=res.metrics.differences + diffs),
                reason="the fragments are in the source, but not in this order or too far apart: "
                + "; ".join(p for p in problems if not p.startswith("#")),
            )
        return self._judge(quote, matches, seps, raws)

    def _chain(self, frags: list[tuple[str, str]], folded: list[str], d: _Doc,
               fuzzy: bool = True) -> tuple[list[_Match | None], list[str]]:
        """Match the fragments in order inside one document (``fuzzy=False``: exact places only)."""
        cfg = self.config
        t = d.index.text

        def fragment_fuzzy(f: str, lo: int, hi: int) -> _Match | None:
            return self._fragment_fuzzy(f, d, lo, hi) if fuzzy else None

        starts = _occurrences(t, folded[0], 0, len(t), limit=20)
        firsts: list[_Match]
        if starts:
            firsts = [self._finish(d, i, i + len(folded[0]), folded[0], stage="ellipsis", snap=False) for i in starts]
        else:
            m0 = fragment_fuzzy(folded[0], 0, len(t))
            firsts = [m0] if m0 is not None else []
        if not firsts:
            return [None] * len(frags), []
        best: tuple[tuple[int, int, float, int], list[_Match | None], list[str]] | None = None
        for first in firsts:
            chain: list[_Match | None] = [first]
            problems: list[str] = []
            prev: _Match = first
            for k in range(1, len(frags)):
                f = folded[k]
                lo = prev.fend
                hi = min(len(t), lo + cfg.ellipsis_max_gap + len(f) + 1)
                occ = _occurrences(t, f, lo, hi, limit=1)
                m: _Match | None
                if occ:
                    m = self._finish(d, occ[0], occ[0] + len(f), f, stage="ellipsis", snap=False)
                else:
                    m = fragment_fuzzy(f, lo, hi)
                if m is None:
                    # is it elsewhere in the document: before, or beyond the gap?
                    anywhere = _occurrences(t, f, 0, len(t), limit=1)
                    m = (self._finish(d, anywhere[0], anywhere[0] + len(f), f, stage="ellipsis", snap=False)
                         if anywhere else fragment_fuzzy(f, 0, len(t)))
                    if m is not None:
                        where = "before the previous fragment" if m.fstart < lo else "beyond the allowed gap"
                        problems += [f"#{k}", f"fragment {k + 1} is {where}"]
                chain.append(m)
                if m is not None:
                    prev = m
            placed = [x for x in chain if x is not None]
            spread = placed[-1].fend - placed[0].fstart if placed else 0
            # the tightest chain wins a tie: "The Tenant shall ... assign" is the sentence that has both
            key = (len(placed), -len(problems), round(sum(x.ratio for x in placed), 6), -spread)
            if best is None or key > best[0]:
                best = (key, chain, problems)
        assert best is not None
        return best[1], best[2]

    def _fragment_fuzzy(self, f: str, d: _Doc, lo: int, hi: int) -> _Match | None:
        if len(f) < self.config.min_fuzzy_fragment_chars:
            return None
        budget = max(1, int(len(f) * self.config.search_max_distance_ratio))
        m = self._fuzzy_in(f, d, lo, hi, budget, stage="ellipsis")
        if m is None or m.ratio < self.config.altered_min_ratio:
            return None
        return m

    # -- judging --------------------------------------------------------------
    def _judge(self, quote: str, matches: list[_Match], seps: list[str], raw_frags: list[str]) -> QuoteResult:
        """Measure the located passages (one per fragment) and let :func:`~quote_guard.judge.judge` decide."""
        cfg = self.config
        spans: list[tuple[_Doc, int, int]] = []
        for m in matches:
            os_, oe = m.doc.index.folded.to_original(m.fstart, m.fend)
            spans.append((m.doc, os_, oe))
        exact_all = all(d.source.text[s:e] == frag for (d, s, e), frag in zip(spans, raw_frags))
        diffs = tuple(x for m, (d, s, e), frag in zip(matches, spans, raw_frags)
                      for x in m.differences(frag, d.source.text[s:e]))
        if cfg.extend_trailing_period and not exact_all:
            d, s, e = spans[-1]
            spans[-1] = (d, s, _extend_period(d.source.text, e, quote))
        dist = sum(m.distance for m in matches)
        ratio = min(m.ratio for m in matches)
        stage = "ellipsis" if len(matches) > 1 else matches[0].stage
        bm = matches[0]
        n_words = max(1, sum(1 for w in token_texts(fold(quote).text) if w[0].isalnum()))
        j = judge(Evidence(exact_all, ratio, diffs, n_words), cfg)
        metrics = Metrics(
            bm25_score=bm.bm25_score, bm25_ratio=bm.bm25_ratio, match_ratio=round(ratio, 4),
            edit_distance=dist, stage=stage, n_fragments=len(matches), differences=diffs,
            low_confidence=j.low_confidence,
        )
        if j.verdict is Verdict.UNSUPPORTED:
            if len(matches) == 1 and _rewords_only(diffs, ratio, cfg):
                # the passage in other words (a wording change only: "or" for "and/or"): the rejection
                # keeps the passage, for the semantic stage to read the quote against all of it
                # (its own passages are sentences); :meth:`_verify_within_limits` drops it after
                return self._result(quote, Verdict.UNSUPPORTED, spans, metrics, j.reason)
            return QuoteResult(quote, Verdict.UNSUPPORTED, metrics=metrics, reason=j.reason)
        return self._result(quote, j.verdict, spans, metrics, j.reason, seps=seps)

    def _result(self, quote: str, verdict: Verdict, spans: list[tuple[_Doc, int, int]], metrics: Metrics,
                reason: str, *, seps: Sequence[str] = ("",)) -> QuoteResult:
        doc = spans[0][0]
        text = doc.source.text
        verbatim = "".join((seps[i] if i else "") + d.source.text[s:e] for i, (d, s, e) in enumerate(spans))
        c = self.config.context_chars
        lo, hi = spans[0][1], spans[-1][2]
        context = text[max(0, lo - c) : hi + c]
        return QuoteResult(
            quote=quote, verdict=verdict,
            spans=tuple(Span(d.source.id, s, e) for d, s, e in spans),
            verbatim=verbatim, metrics=metrics, context=context, reason=reason,
        )


# --------------------------------------------------------------------------- helpers

def _first_located(quote: str) -> str:
    """The text :meth:`Verifier._lexical` first looks for: the stripped quote, or the fragment of a
    quote cut at an edge ellipsis."""
    q = quote.strip()
    return _cut_fragment(q, split_ellipsis(q))[0] if q else q


def _probing(fq: str, docs: list[_Doc]) -> bool:
    """Whether the fuzzy stage looks for a folded quote's probes in its candidates ``docs``
    before aligning (:meth:`Verifier._probed`): many candidates, and a quote of two seeds."""
    return len(docs) > _PROBE_ABOVE_DOCS and len(fq) >= 2 * _SEED


def _probe_hits(probes: list[str], found: "Sequence[dict[int, list[int]] | None]", docs: list[_Doc]) -> list[_Doc]:
    """The documents of ``docs`` that hold a probe (where the seed table found each, ``None``:
    scanned for), or the first few if none does."""
    hit = [d for d in docs if any(p in d.index.text if f is None else d.n in f for p, f in zip(probes, found))]
    return hit or docs[:_PROBE_ABOVE_DOCS]


def _probes(fq: str) -> list[str]:
    """The start, middle and end pieces of a folded quote that say which of many candidates the
    fuzzy stage aligns (:meth:`Verifier._fuzzy_best`)."""
    return [fq[o : o + _SEED] for o in (0, (len(fq) - _SEED) // 2, len(fq) - _SEED)]


def _chunks(fq: str) -> list[str]:
    """The disjoint seed chunks of a folded quote, ``_SEED`` characters each, the last whole one
    included (:meth:`Verifier._fuzzy_seeded`)."""
    return [fq[o : o + _SEED] for o in range(0, len(fq) - _SEED + 1, _SEED)]


_MARKS_FOLDED = "\" "  # what QUOTATION_MARKS fold to, and a space (written out: folding at import would load numpy)


def _cut_fragment(q: str, frags: list[tuple[str, str]]) -> tuple[str, bool, bool, bool]:
    """A quote cut at an edge ellipsis ("...assign this Lease"): its fragment, whether it is cut, and
    at its head and at its tail."""
    if len(frags) == 1 and frags[0][0] != q:
        # ("“…fragment…”", '"…fragment."': the marks around it cut nothing)
        bare, frag = q.strip().strip(QUOTATION_MARKS), frags[0][0].strip(QUOTATION_MARKS)
        return frags[0][0], True, not bare.startswith(frag), not bare.endswith(frag)
    return q, False, False, False


def _rewords_only(diffs: tuple[Difference, ...], ratio: float, cfg: VerifierConfig) -> bool:
    """The lexical stage's closest passage is the quote in other words: close (``near_verbatim_min_ratio``),
    with a change of wording (``wording``: "or" for "and/or", "end" for "terminate") and no
    load-bearing difference."""
    return (ratio >= cfg.near_verbatim_min_ratio and any(d.category == "wording" for d in diffs)
            and not any(d.load_bearing for d in diffs))


def _merge_literal_gaps(
    matches: list[_Match], seps: list[str], raws: list[str]
) -> tuple[list[_Match], list[str], list[str]]:
    """Join consecutive fragments whose gap in the source is the ellipsis mark itself: the
    source's own dots (``[...***...]``, ``by....``) were taken for an elision."""
    out, out_seps, out_raws = [matches[0]], [seps[0]], [raws[0]]
    for m, sep, raw in zip(matches[1:], seps[1:], raws[1:]):
        prev = out[-1]
        gap = m.doc.index.text[prev.fend : m.fstart]
        if m.fstart >= prev.fend and gap.strip() == fold(sep).text.strip():
            fq = prev.folded_quote + gap + m.folded_quote
            merged_ratio = min(prev.ratio, m.ratio)
            out[-1] = _Match(m.doc, prev.fstart, m.fend, prev.distance + m.distance, merged_ratio, fq, prev.stage)
            out_raws[-1] = out_raws[-1] + sep + raw
        else:
            out.append(m)
            out_seps.append(sep)
            out_raws.append(raw)
    return out, out_seps, out_raws


def _figures(text: str, *, scaled: bool = False) -> dict[str, str]:
    """The numbers a text states, keyed by one written form ("1,000" and "1000.00" alike). With
    ``scaled``, a figure and its scale word are keyed by their value instead ("$1 million" as
    "$1,000,000"), and figures without one as above.

    >>> _figures("$1 million", scaled=True).keys() == _figures("$1,000,000").keys()
    True
    >>> sorted(_figures("N2K pays 90% of the 3M fee").values())
    ['3', '90']
    """
    out: dict[str, str] = {}
    words = token_texts(fold_for_figures(text))  # "1-1/2%" is 1.5%, "US$5" is "$5", "N2K" states no figure
    for i, w in enumerate(words):
        if i and words[i - 1] == "q" and w in ("1", "2", "3", "4"):
            continue  # "Q4": a quarter, which the meaning guard compares ("the fourth quarter" is it, "Q3" is not)
        key = canonical_number(w)
        if key is not None:
            value = scaled_figure(w, words[i + 1]) if scaled and i + 1 < len(words) else None
            if value is not None:
                key = canonical_number(str(float(value))) or key
                w = f"{w} {words[i + 1]}"
            out[key] = w
    return out


def _unstated_figures(quote: str, passage: str) -> list[str]:
    """The figures of ``quote`` that ``passage`` does not state, as the quote writes them: neither
    the same number ("4.1" in "$4.1 million" and "$4.1 billion": a scale changed is for the meaning
    guard to name) nor the same value ("$1 million" for "$1,000,000")."""
    quote = dates_read_as(quote, passage)  # ("02/08/2021" for "2 August 2021": the passage says which order)
    quoted, stated = _figures(quote), _figures(passage)
    missing = quoted.keys() - stated.keys()
    if missing:
        # (a number the passage spells out states its figure too: "30 days" for "thirty days")
        missing -= _spelled_figures(token_texts(fold(passage).text))
    if missing:
        values = _figures(passage, scaled=True).keys() | stated.keys()
        by_value = _figures(quote, scaled=True)
        kept = {quoted[k] for k in missing} - {w.split()[0] for v, w in by_value.items() if v in values}
        return sorted(kept - restated_spans(quote, passage))  # ("the next 100 years" for "the next century")
    return []


# editorial marks a quoting writer adds: [sic], [emphasis added], (emphasis in original), a
# bracketed capital ("[T]he") and a bracketed insertion ("[the Tenant] shall"). An ellipsis in
# brackets ("[...]") is not one of them: it is a gap (normalize.ELLIPSIS).
_EDITORIAL = re.compile(
    r"[\[(](?:sic|emphasis (?:added|supplied|mine|in original)|italics (?:added|in original)|"
    r"(?:internal )?(?:citations?|quotation marks|footnotes?) omitted)[\])]"
    r"|\[([^\W\d_])\](?=\w)"
    r"|\[(?![\s.…]*\])(?=[^\]]*[^\W\d_])([^\[\]\d*][^\[\]]{0,80})\]",
    re.IGNORECASE,
)


def strip_editorial(quote: str) -> tuple[str, list[tuple[str, str]]]:
    """The quote without its editorial marks, and the marks found with their kind (``note``,
    ``capital`` or ``insertion``).

    >>> strip_editorial("[T]he Tenant [sic] shall pay (emphasis added)")
    ('The Tenant shall pay', [('[T]', 'capital'), ('[sic]', 'note'), ('(emphasis added)', 'note')])
    """
    marks: list[tuple[str, str]] = []

    def repl(m: re.Match[str]) -> str:
        if m.group(1):
            marks.append((m.group(), "capital"))
            return m.group(1)
        if m.group(2):
            if "..." in m.group(2) or "…" in m.group(2):
                return m.group()
            marks.append((m.group(), "insertion"))
            return ""
        marks.append((m.group(), "note"))
        return ""

    out = _EDITORIAL.sub(repl, quote)
    return re.sub(r"[ \t]{2,}", " ", out).strip(), marks


_RUNNING_HEAD_CHARS = 24  # the quote's first characters (folded), found in a source, say where its words run
_RUNNING_DOCS = 3  # sources read for a running footer at most, for one rejected quote
_RUNNING_SLACK = 400  # characters past twice the quote's length where its words may still run (the footers' room)
_ROLE_WINDOW = 4  # content words on each side of a shared verb that make up its roles
_SWAP_MAX_WORDS = 8  # "one noun swapped" is read only in a short sentence ...
_SWAP_MAX_COSINE = 0.2  # ... and only when the static embedder finds the two words unrelated (synonyms score 0.3-0.5)


_ADDED_KEEPS = 0.9  # the quote keeps this share of the passage's content words ...
_ADDED_WORDS = 3  # ... and adds this many of its own: the passage plus a claim it does not make
_NEW_WORDS = 5  # content words with no counterpart in the passage or around it that make an added claim ...
_NEW_MAX_COSINE = 0.3  # ... a counterpart being the same stem or a word this close (synonyms score 0.3-0.5) ...
_NEW_BELOW = 0.8  # ... read below this cosine of quote and passage (above it, a restatement's own words)
_ELSEWHERE = 2000  # characters each side of a restated passage where a name from another sentence is looked for
_NEW_CONTEXT = 400  # characters each side of the passage whose words count as stated (a name from the sentence before)


_STITCH_MIN_CHARS = 25  # each piece of a stitched quote this long at least (folded)
_STITCH_JOIN = re.compile(r"[\s,;:]*(?:(?:and|but|with|while|whereas|which|so|then|as)\s+){0,2}")
_STITCH_TRIES = 5  # places of each piece tried
_FOLDED_SENTENCE_END = re.compile(r"[.!?][\"')\]]* ")


_QUOTE_EDGES = _MARKS_FOLDED + ".'"  # what a quote's folded text is stripped of at its ends before its pieces are looked for


def _held_start(fq: str, ft: str) -> int:
    """Where the longest start of the folded quote ``fq`` that the folded source ``ft`` holds ends, moved back to a
    word's start: the quote's first ``k`` characters are copied, the rest is not, or not next.

    >>> _held_start("the tenant shall pay rent", "the tenant shall not pay")
    17
    """
    lo, hi = 0, len(fq)
    while lo < hi:  # the longest start of the quote the source holds
        mid = (lo + hi + 1) // 2
        if fq[:mid] in ft:
            lo = mid
        else:
            hi = mid - 1
    k = lo
    while 0 < k < len(fq) and is_word_char(fq[k - 1]) and is_word_char(fq[k]):
        k -= 1  # back to a word's start
    return k


def _stitched(quote: str, text: str) -> str | None:
    """Two pieces of the source, each copied word for word, joined with no ellipsis where the
    second comes from before the first or from past the sentence after it: 'Following the
    transition, the legal form was abolished, and many schools changed their admissions' for two
    sentences in the other order. The join makes one claim of two the source keeps apart (a
    frame, a time, a cause extended to a clause it does not govern); neighbouring sentences in
    their order are how quotes merge. ``None`` for anything else (a quote copied whole, or
    restated).

    >>> t = "In 1990 the schools could convert, and many admitted other pupils. After 1994 the form was abolished, however."
    >>> _stitched("After 1994 the form was abolished, and many admitted other pupils", t)
    'many admitted other pupils [joined on from an earlier sentence]'
    >>> _stitched("In 1990 the schools could convert, and many admitted other pupils", t) is None
    True
    """
    fq = fold(quote).text.strip(_QUOTE_EDGES)  # (the quotation marks it is written between are the writer's)
    index = get_index(text)
    ft = index.text
    k = _held_start(fq, ft)
    head = fq[:k].rstrip(" ,;:")
    if len(head) < _STITCH_MIN_CHARS or k >= len(fq):
        return None
    m = _STITCH_JOIN.match(fq, k)
    rest = fq[m.end() if m else k :]
    if len(rest) < _STITCH_MIN_CHARS or rest not in ft:
        return None
    heads, rests = index.scan_all(head, _STITCH_TRIES), index.scan_all(rest, _STITCH_TRIES)
    for h in heads:
        e = h + len(head)
        if any(p >= e and len(_FOLDED_SENTENCE_END.findall(ft, e, p + 1)) <= 1 for p in rests):
            return None  # the next words, or the next sentence: a merge in the source's order
        if any(p < h and not _FOLDED_SENTENCE_END.search(ft, p + len(rest), h + 1) for p in rests):
            return None  # one sentence, its parts in another order ("According to the Bureau, wages rose")
    where = "an earlier sentence" if all(p < h for p in rests for h in heads) else "a later sentence, past the next"
    return f"{rest} [joined on from {where}]"


_TRIM_MIN_CHARS = 20  # each copied piece of a trimmed quote this long at least (folded)
_TRIM_GAP_WORDS = (3, 16)  # the words a trimmed quote leaves out of the middle: a clause, not a word or two
_OPEN_LIST = re.compile(r"(?:but\s+)?(?:(?:are|is|shall\s+be|will\s+be)\s+)?not\s+limited\s+to|(?:including\s+)?without\s+limitation")
_MONTHS = frozenset(MONTH_NAMES)
_TRIM_CONDITIONS = frozenset("if unless except excluding provided providing only subject where when until".split())


def _trimmed_copy(quote: str, text: str) -> tuple[Difference, ...]:
    """A quote copied word for word from one sentence of ``text`` but for a clause left out of its middle with no
    ellipsis, where that clause carries a negation, a condition, an exception or a figure (other than a year or a
    date): "The Borrower shall report any deviation to the Lender within two working days" for "... any deviation
    lasting longer than 24 hours to the Lender ..." (issue 10, section 4; since the 62nd stop). None otherwise.

    >>> t = "Light shall not exceed 50 lux. The Borrower shall report any deviation lasting longer than 24 hours to the Lender within two working days."
    >>> _trimmed_copy("The Borrower shall report any deviation to the Lender within two working days.", t)[0].source_text
    'lasting longer than 24 hours'
    >>> _trimmed_copy("The Borrower shall report any deviation lasting longer than 24 hours to the Lender.", t)
    ()
    """
    fq = fold(quote).text.strip(_QUOTE_EDGES)
    index = get_index(text)
    ft = index.text
    k = _held_start(fq, ft)
    head, rest = fq[:k].rstrip(" ,;:"), fq[k:].lstrip(" ,;:")
    if len(head) < _TRIM_MIN_CHARS or len(rest) < _TRIM_MIN_CHARS or rest not in ft:
        return ()
    for h in index.scan_all(head, _STITCH_TRIES):
        e = h + len(head)
        p = ft.find(rest, e)
        if p < 0 or _FOLDED_SENTENCE_END.search(ft, e, p + 1):
            continue
        gap = token_texts(ft[e:p])
        words = [w for w in gap if is_word_char(w[0])]
        if not _TRIM_GAP_WORDS[0] <= len(words) <= _TRIM_GAP_WORDS[1]:
            continue
        said = " ".join(words)
        if _OPEN_LIST.fullmatch(said):
            return ()  # "include[, but are not limited to,] financial services": a list left open, nothing negated
        if _NEGATION_WORDS & set(words):
            return (Difference("delete", "", said, "negation"),)
        if _TRIM_CONDITIONS & set(words):
            return (Difference("delete", "", said, "connective"),)
        if _MONTHS.isdisjoint(words) and any(
                figure(w) is not None and not (w.isdigit() and len(w) == 4 and w[:2] in ("19", "20")) for w in words):
            return (Difference("delete", "", said, "number"),)
    return ()


def _added_claim(quote: str, passage: str) -> tuple[Difference, ...]:
    """The passage, nearly whole, with a clause of the quote's own added ("…rise to power, and it
    was later designated a World Heritage Site"): a restatement may drop, never add."""
    from .embed.passages import content_words

    q, p = content_words(quote), content_words(passage)
    added = q - p
    if p and len(q & p) >= _ADDED_KEEPS * len(p) and len(added) >= _ADDED_WORDS:
        return (Difference("insert", " ".join(sorted(added)[:6]), "", "added"),)
    return ()


_Stated = tuple[dict[str, str], set[str]]  # what :func:`_stated` returns


def _added_content(quote: str, text: str, start: int, end: int, cosine: float,
                   stage: SemanticStage) -> tuple[Difference, ...]:
    """A claim the restatement adds to the passage ``text[start:end]``: words of its own in place of
    the passage's (:func:`_added_words`), a claim appended (:func:`_added_tail`) or, in contract
    language, a clause of its own (:func:`_added_clause`). What counts as stated is read once."""
    stated = _stated(text, start, end)
    return (_added_words(quote, stated, cosine, stage) or _added_tail(quote, stated, stage)
            or _added_clause(quote, text[start:end], stated, stage))


def _stated(text: str, start: int, end: int) -> _Stated:
    """What a restatement of ``text[start:end]`` may say without adding a claim: the passage's
    content terms (stem -> word), and the stems of the passage and of the :data:`_NEW_CONTEXT`
    characters around it (a name from the sentence before counts as stated)."""
    from .embed.passages import content_terms

    p = content_terms(text[start:end])
    around = text[max(0, start - _NEW_CONTEXT) : start] + " " + text[end : end + _NEW_CONTEXT]
    return p, content_terms(around).keys() | p.keys()


def _unstated(terms: dict[str, str], near: set[str], prefixes: set[str]) -> list[str]:
    """The words of ``terms`` whose stem is not in ``near`` and whose first letters start no stem
    of ``prefixes`` (inflections meet there)."""
    return [w for s, w in terms.items()
            if s not in near and not (len(s) >= VERB_PREFIX and s[:VERB_PREFIX] in prefixes)]


def _unrelated(words: list[str], passage_terms: dict[str, str], stage: SemanticStage) -> list[str]:
    """The ``words`` the embedder finds unrelated to every word of the passage (synonyms score 0.3-0.5)."""
    return [w for w, c in zip(words, stage.closest(words, list(passage_terms.values()))) if c < _NEW_MAX_COSINE]


def _added_words(quote: str, stated: _Stated, cosine: float, stage: SemanticStage) -> tuple[Difference, ...]:
    """Words of a claim the passage does not make (``stated``: :func:`_stated`): at least :data:`_NEW_WORDS`
    content words of the quote that neither the passage nor the :data:`_NEW_CONTEXT` characters
    around it hold (by stem or first five letters) and that the embedder finds unrelated to every
    word of the passage. A restatement
    says the same thing in words of its own, each close to one of the passage; a quote that brings
    people, a place and an event of its own says more ("The council delayed the project after angry
    protesters flooded the marble hall with petitions" for "The council voted to delay the
    project")."""
    from .embed.passages import content_terms

    if cosine >= _NEW_BELOW:
        return ()
    p, near = stated
    new = _unstated(content_terms(quote), near, {s[:VERB_PREFIX] for s in p if len(s) >= VERB_PREFIX})
    if len(new) < _NEW_WORDS:
        return ()
    unrelated = _unrelated(new, p, stage)
    if len(unrelated) >= _NEW_WORDS:
        return (Difference("insert", " ".join(unrelated[:6]), "", "added"),)
    return ()


_PARTICLES = frozenset("up out off down over away back on in".split())
_TAIL_WORDS = 2  # content words at the end of a restatement, none of them stated, that append a claim ...
_TAIL_DROPS = 2  # ... to a passage it keeps, but for this many of its words (with no counterpart in the quote)


def _added_tail(quote: str, stated: _Stated, stage: SemanticStage) -> tuple[Difference, ...]:
    """A restatement that ends on a claim of its own: its last :data:`_TAIL_WORDS` content words or
    more have no counterpart in the passage or the :data:`_NEW_CONTEXT` characters around it (the
    same stem or first five letters, or a word the embedder rates a synonym). "Also missing is Al
    Larsen, 31, of Fort Worth, who was in another vehicle swept off the turnpike" for "The other
    victim recovered was Al Larsen, 31, of Fort Worth": what the passage says, then what it does not.
    Words put in place of the passage's are read by :func:`_added_words`; this reads the ones
    appended after it."""
    from .embed.passages import content_terms

    terms = content_terms(quote)
    if len(terms) <= _TAIL_WORDS:
        return ()
    p, near = stated
    prefixes = {s[:VERB_PREFIX] for s in p if len(s) >= VERB_PREFIX}
    new = set(_unstated(terms, near, prefixes))
    # first occurrence of each stem, in the quote's order; a verb's particle is no word of its own
    # ("ruled out" restates "excluded": one word, not two)
    order = [w for w in terms.values() if w not in _PARTICLES]
    tail: list[str] = []
    for w in reversed(order):
        if w not in new:
            break
        tail.append(w)
    if len(tail) < _TAIL_WORDS or len(tail) == len(order):
        return ()
    unrelated = set(_unrelated(tail, p, stage))
    if not all(w in unrelated for w in tail):
        return ()
    # appended, not put in place of the passage's words: the quote keeps what the passage says, all
    # but :data:`_TAIL_DROPS` words at most (a rewording that drops more may say the same in its own words)
    kept = {s[:VERB_PREFIX] for s in terms if len(s) >= VERB_PREFIX}
    dropped = _unstated(p, set(terms), kept)
    # a time the quote leaves out is information dropped, not a rewording ("Also missing is Al Larsen,
    # ..., who was in another vehicle" for "The other victim recovered Tuesday morning was Al Larsen")
    if len([w for w in _unrelated(dropped, terms, stage) if w not in _TIME_WORDS]) > _TAIL_DROPS:
        return ()
    return (Difference("insert", " ".join(reversed(tail)), "", "added"),)


_TIME_WORDS = frozenset("day days week weeks month months year years past few recent recently earlier later "
                        "yesterday today tonight morning afternoon evening night monday tuesday wednesday thursday "
                        "friday saturday sunday".split())


# contract language: where every clause creates a right or a duty, a clause of the quote that
# the passage does not state is an invented term, not a restatement's own wording
_LEGAL_REGISTER = re.compile(
    r"\b(?:shall|hereby|hereunder|herein|hereof|hereto|thereof|thereunder|pursuant|notwithstanding)\b", re.I)
# where a quote's clauses part: a comma or semicolon, or a word that joins one clause to another
_QUOTE_CLAUSE = re.compile(r"[,;:]\s+|\s+(?:and|with|while|but|which|who|whereas|including|plus)\s+", re.I)
_CLAUSE_NEW_WORDS = 2  # content words of a clause that the passage and its surroundings lack ...
_CLAUSE_NEW_SHARE = 1 / 2  # ... and their share of the clause's content words


def _added_clause(quote: str, passage: str, stated: _Stated, stage: SemanticStage) -> tuple[Difference, ...]:
    """A clause of a restatement of contract text that the contract does not state: "Any invention
    conceived jointly shall be owned jointly, with revenues shared equally between the parties".
    Read only when the passage is contract language (:data:`_LEGAL_REGISTER`): a restatement of news
    or of a caption often adds a time or a place of its own ("Last week, ..."), but in a contract an
    added clause is an added right or duty. A clause is added when at least
    :data:`_CLAUSE_NEW_WORDS` of its content words, and half of them, have no
    counterpart in the passage or the :data:`_NEW_CONTEXT` characters around it (same stem, same
    first letters, or a word the embedder rates a synonym)."""
    from .embed.passages import content_terms

    if not _LEGAL_REGISTER.search(passage):
        return ()
    p, near = stated
    prefixes = {s[:VERB_PREFIX] for s in near if len(s) >= VERB_PREFIX}
    for clause in _QUOTE_CLAUSE.split(quote):
        terms = content_terms(clause)
        new = _unstated(terms, near, prefixes)
        if len(new) < _CLAUSE_NEW_WORDS or len(new) < _CLAUSE_NEW_SHARE * len(terms):
            continue
        unrelated = _unrelated(new, p, stage)
        if len(unrelated) >= _CLAUSE_NEW_WORDS and len(unrelated) >= _CLAUSE_NEW_SHARE * len(terms):
            return (Difference("insert", clause.strip(" ,;:."), "", "added"),)
    return ()


def _reversed_roles(quote: str, passage: str) -> tuple[Difference, ...]:
    """Subject and object swapped around the same verb ("hallucinations reduce RAG" for "RAG
    reduces hallucinations"): what stands before the verb in the quote stands after it in the
    passage, and the other way round. A passive ("... is reduced by ...") is not read."""
    from .embed.passages import content_sequence, words_of

    if " by " in f" {quote.lower()} " or " by " in f" {passage.lower()} ":
        return ()
    qs, ps = content_sequence(quote), content_sequence(passage)
    if [w[:VERB_PREFIX] for w, _ in qs] == [w[:VERB_PREFIX] for w, _ in ps]:
        return ()  # the same content words in the same order: nothing crossed over
    q_words, p_words = words_of(quote), words_of(passage)
    p_at = {w[:VERB_PREFIX]: k for k, (w, _) in enumerate(ps)}  # "reduce"/"reduc(es)" meet at 5 letters
    for k, (verb, at) in enumerate(qs):
        j = p_at.get(verb[:VERB_PREFIX])
        if j is None or not 0 < k < len(qs) - 1 or not 0 < j < len(ps) - 1:
            continue
        if _passive_at(q_words, at) or _passive_at(p_words, ps[j][1]):
            continue  # "Dizziness was reported in 12%" / "12% reported dizziness": the agent moves, no role does
        ql = [w[:VERB_PREFIX] for w, _ in qs[max(0, k - _ROLE_WINDOW) : k]]
        qr = [w[:VERB_PREFIX] for w, _ in qs[k + 1 : k + 1 + _ROLE_WINDOW]]
        pl = [w[:VERB_PREFIX] for w, _ in ps[max(0, j - _ROLE_WINDOW) : j]]
        pr = [w[:VERB_PREFIX] for w, _ in ps[j + 1 : j + 1 + _ROLE_WINDOW]]
        # the words next to the verb cross over: the quote's subject is the passage's object and
        # the other way round (and neither of them stands on its own side in the passage too)
        if ql[-1] in pr and qr[0] in pl and ql[-1] not in pl and qr[0] not in pr \
                and not any(w.endswith("ly") for w in (q_words[qs[k - 1][1]], q_words[qs[k + 1][1]],
                                                       p_words[ps[j - 1][1]], p_words[ps[j + 1][1]])):
            # (a manner word is no role: "a modest rise in revenue" for "revenue to rise modestly")
            return (Difference("replace", " ".join(ql) + f" {verb} " + " ".join(qr),
                               " ".join(pl) + f" {verb} " + " ".join(pr), "order"),)
    return ()


_AUXILIARIES = frozenset("is are was were be been being get gets got".split())


def _passive_at(words: list[str], i: int) -> bool:
    """Whether the verb at word ``i`` is a passive participle ("was reported", "has been reduced")."""
    return 0 < i < len(words) and words[i - 1] in _AUXILIARIES and words[i].endswith(("ed", "en", "wn"))


def _swapped_word(quote: str, passage: str, stage: SemanticStage) -> tuple[Difference, ...]:
    """One content word of a short sentence replaced by a word of another meaning ("The sun is a
    dog." for "The Sun is a star."): the embedder says whether the two are near-synonyms."""
    from .embed.passages import content_sequence

    qs, ps = content_sequence(quote), content_sequence(passage)
    if not qs or max(i for _, i in qs) >= _SWAP_MAX_WORDS:
        return ()
    new = [w for w, _ in qs if w not in {p for p, _ in ps} and w not in _PARTICLES]
    gone = [w for w, _ in ps if w not in {q for q, _ in qs} and w not in _PARTICLES]
    if len(new) != 1 or len(gone) != 1 or new[0][:1].isdigit() or gone[0][:1].isdigit() or same_side(new[0], gone[0]):
        return ()  # (one side of an opposite pair of the lexicon: "increased" for "rose" is the same direction)
    [cos] = stage.similarity([(new[0], gone[0])])
    return (Difference("replace", new[0], gone[0], "content"),) if cos < _SWAP_MAX_COSINE else ()


_COPY_MIN_WORDS = 4  # a quote this long or longer, word for word its closest passage but for a swap or two ...
_COPY_SWAPPED_SHARE = 3  # ... of at most a third of its words


def _few_words(text: str) -> bool:
    """One or two content words, none of a load-bearing category and no mark beside them ("player is"
    for "goalkeeper" is a word and a verb, read as a restatement; "nucleus sampling" for "greedy
    decoding" two words)."""
    words = text.split()
    return 0 < len(words) <= 2 and all(content_word(w) and word_category(w) is None and w not in _AUXILIARIES
                                       for w in words)


_COPY_PREPOSITIONS = frozenset("at with in on by for of to from under".split())


def _traded_places(r: QuoteResult, passage: str) -> tuple[Difference, ...]:
    """Two words or names of the passage that trade places in an otherwise copied quote ("ADAMS GOLF
    shall be required to repay CONSULTANT" for "CONSULTANT shall be required to repay ADAMS GOLF"):
    roles reversed. Read from the lexical pass's word differences, which name the two swaps; two
    items of a list ("Acme and Beta" for "Beta and Acme") only change places.

    >>> d = (Difference("replace", "adams golf", "consultant", "party"), Difference("replace", "consultant", "adams golf", "party"))
    >>> r = QuoteResult("q", Verdict.UNSUPPORTED, metrics=Metrics(differences=d))
    >>> _traded_places(r, "consultant shall repay adams golf")[0].category
    'order'
    >>> _traded_places(r, "consultant and adams golf shall meet")
    ()

    A possessive names its party ("subject to ABG's Approval"):

    >>> d = (Difference("replace", "abg", "papa john's", "party"), Difference("replace", "papa john's", "abg's", "party"))
    >>> r = QuoteResult("q", Verdict.UNSUPPORTED, metrics=Metrics(differences=d))
    >>> _traded_places(r, "created by PAPA JOHN'S, subject to ABG's Approval")[0].category
    'order'
    """
    diffs = [d for d in r.metrics.differences if d.kind == "replace" and d.load_bearing]
    folded = fold(passage).text

    def bare(t: str) -> str:
        return t.removesuffix("'s")  # "subject to ABG's Approval" names ABG

    for a, b in itertools.combinations(diffs, 2):
        if bare(a.quote_text) == bare(b.source_text) and bare(a.source_text) == bare(b.quote_text) \
                and bare(a.quote_text) != bare(a.source_text):
            i, j = folded.find(a.source_text), folded.find(b.source_text)
            if i < 0 or j < 0:
                continue
            lo, hi = sorted((i, j))
            between = folded[lo:hi].split()[len((a.source_text if lo == i else b.source_text).split()):]
            if set(between) <= LIST_JOINS:
                continue  # "Acme and Beta": a list, in another order
            if from_to_kept(r.quote, passage, a.quote_text, b.quote_text):
                continue  # "rose to €81 million, up from €52 million": the same change, told end first
            return (Difference("replace", f"{a.quote_text} … {b.quote_text}", f"{a.source_text} … {b.source_text}", "order"),)
    return ()


def _edited_copy(r: QuoteResult, passage: str, stage: SemanticStage) -> tuple[Difference, ...]:
    """A long quote that is its closest passage word for word (:data:`_EDITED_MIN_RATIO` alike) but
    for one phrase of up to :data:`_EDITED_MAX_WORDS` words put in the place of another, neither a
    synonym of it (the embedder below :data:`_EDITED_MAX_COSINE`) nor sharing a content word with
    it: "a report to the Pope" for "a report to the king of France", "prior to payment for the
    Product" for "prior to delivery of the Product". That is how models edit what they quote; a
    restatement rewords more than one phrase. An attribution put in ("he said:") is none, and
    neither is a word the passage has elsewhere (the alignment paired it wrongly).

    >>> class Unrelated:
    ...     def similarity(self, pairs): return [0.0 for _ in pairs]
    >>> d = (Difference("replace", "beaumont", "magazine nme ,", "content"),)
    >>> r = QuoteResult("Beaumont said he does not expect a warm welcome for Jackson in England.", Verdict.UNSUPPORTED,
    ...                 metrics=Metrics(match_ratio=0.9, differences=d))
    >>> _edited_copy(r, "Mark Beaumont, a writer at magazine NME, said he does not expect a warm welcome for "
    ...              "Jackson in England.", Unrelated())
    ()
    >>> _edited_copy(r, "Mark Dalton, a writer at magazine NME, said he does not expect a warm welcome for "
    ...              "Jackson in England.", Unrelated())[0].quote_text
    'beaumont'

    Two compounds with one first part are compared by the parts that differ:

    >>> d = (Difference("replace", "powerefficient", "powerhungry", "content"),)
    >>> r = QuoteResult("this information needs to be looked up in power-efficient content-addressable memory",
    ...                 Verdict.UNSUPPORTED, metrics=Metrics(match_ratio=0.9, differences=d))
    >>> _edited_copy(r, "this information needs to be looked up in power-hungry content-addressable memory",
    ...              Unrelated())[0].source_text
    'powerhungry'
    """
    load = [d for d in r.metrics.differences if d.load_bearing]
    swaps = [d for d in load if d.kind == "replace"]
    # (besides the swap, a word of the source left out: "an internal review ... the report" for "an
    # independent audit ... the auditor's report")
    dropped = [d for d in load if d.kind == "delete" and len(d.source_text.split()) == 1]
    if (len(swaps) != 1 or len(swaps) + len(dropped) != len(load) or len(dropped) > 1 or swaps[0].category != "content"
            or r.metrics.match_ratio is None or r.metrics.match_ratio < _EDITED_MIN_RATIO
            or len(token_texts(fold(r.quote).text)) < _EDITED_MIN_WORDS):
        return ()
    d = swaps[0]
    q_text, s_text = d.quote_text, d.source_text
    if len(q_text.split()) == len(s_text.split()) == 1 and (k := _shared_prefix(q_text, s_text)) >= _COMPOUND_HEAD:
        q_text, s_text = q_text[k:], s_text[k:]  # "power-efficient" for "power-hungry": the parts that differ
    sides = [_copy_stems(q_text.split()), _copy_stems(s_text.split())]
    if (max(len(d.quote_text.split()), len(d.source_text.split())) > _EDITED_MAX_WORDS or not all(sides)
            or sides[0] & sides[1]
            or _SAYS & set(d.quote_text.split())
            or any(word_category(w) == "modal" for w in (d.quote_text + " " + d.source_text).split())):
        return ()  # ("can come into" for "may enter": a modal phrase restated)
    if sides[0] & {w[:VERB_PREFIX] for w in token_texts(fold(passage).text)}:
        return ()  # the quote's word is the passage's, elsewhere: words left out around it, misaligned ("Beaumont said")
    return (d,) if stage.similarity([(q_text, s_text)])[0] < _EDITED_MAX_COSINE else ()


def _quantifier_in_copy(r: QuoteResult) -> tuple[Difference, ...]:
    """A long quote that is its closest passage word for word (:data:`_EDITED_MIN_RATIO` alike) but for a
    quantifier put in the place of another: "if so directed by any Lender" for "... by the Majority Lenders",
    where the sets of quantifiers of the two texts are the same ("at any time" in both). The alignment's
    difference, else none (since the 63rd stop).

    >>> d = (Difference("replace", "any lender", "the majority lenders", "quantifier"),)
    >>> r = QuoteResult("At any time after a default the Agent may, and shall if so directed by any Lender, cancel it.",
    ...                 Verdict.UNSUPPORTED, metrics=Metrics(match_ratio=0.9, differences=d))
    >>> _quantifier_in_copy(r)[0].quote_text
    'any lender'
    """
    if r.metrics is None or r.metrics.match_ratio is None or r.metrics.match_ratio < _EDITED_MIN_RATIO \
            or len(token_texts(fold(r.quote).text)) < _EDITED_MIN_WORDS:
        return ()
    return tuple(d for d in r.metrics.differences if d.kind == "replace" and d.category == "quantifier"
                 and _quantifier_classes(d.quote_text) != _quantifier_classes(d.source_text)
                 # (an article for "any" or "all" is none: "subject to any access restrictions" for "... the access
                 # restrictions")
                 and not any(set(side.split()) <= _REFERENT_ARTICLES for side in (d.quote_text, d.source_text)))[:1]


def _quantifier_classes(text: str) -> frozenset[str]:
    """The classes of the quantifiers of a difference's side ("most" for "the majority"; "all" for "both"; "any"
    for "a", one thing whichever: "a breach" restates "any breach"). None in "how far" for "how much".

    >>> _quantifier_classes("the majority lenders") == _quantifier_classes("most lenders"), _quantifier_classes("a")
    (True, frozenset({'any'}))
    """
    return frozenset(c for w in text.split() if (c := _MORE_QUANTIFIERS.get(w) or quantifier_class(w)))


_MORE_QUANTIFIERS = {"most": "most", "both": "all", "a": "any", "an": "any"}


_REFERENT_MAX_WORDS = 5
_REFERENT_MIN_RATIO = 0.8  # (a phrase of up to five words in the place of another costs a short quote more)
_REFERENT_ARTICLES = frozenset("the a an this that these those such each any".split())


def _referent_swapped(r: QuoteResult, passage: str) -> tuple[Difference, ...]:
    """A quote that is its passage word for word (:data:`_REFERENT_MIN_RATIO` alike) but for one
    phrase put in the place of another phrase the passage names elsewhere, the two sharing no
    content word: "the provisions of the Statement of Work shall control" for "... of this Agreement
    shall control" where both are named; "may terminate this Agreement" for "may terminate the
    Services Term ... in breach of this Agreement". One thing the passage names is said of another
    it names: the claim is moved, not restated.

    >>> d = (Difference("replace", "the statement of work", "this agreement", "content"),)
    >>> p = "In a conflict between this Agreement and a Statement of Work, this Agreement shall control."
    >>> r = QuoteResult("In a conflict between this Agreement and a Statement of Work, the Statement of Work shall control.",
    ...                 Verdict.UNSUPPORTED, metrics=Metrics(match_ratio=0.9, differences=d))
    >>> _referent_swapped(r, p)[0].category
    'order'
    >>> _referent_swapped(r, "In a conflict between this Agreement and an order, this Agreement shall control.")
    ()
    """
    load = [d for d in r.metrics.differences if d.load_bearing]
    if len(load) != 1 or r.metrics.match_ratio is None or r.metrics.match_ratio < _REFERENT_MIN_RATIO:
        return ()
    d = load[0]
    if d.kind != "replace" or d.category not in ("content", "party") or max(
            len(d.quote_text.split()), len(d.source_text.split())) > _REFERENT_MAX_WORDS:
        return ()
    sides = [_copy_stems(d.quote_text.split()), _copy_stems(d.source_text.split())]
    named = d.quote_text.split()
    if named[0] in _REFERENT_ARTICLES:
        named = named[1:]  # "the Statement of Work" where the passage names "a Statement of Work"
    fq, fp = fold(r.quote).text, fold(passage).text
    if not all(sides) or sides[0] & sides[1] or not (
            0 < word_count(" ".join(named), fp) < word_count(" ".join(named), fq)):
        # (named in the passage, and more often in the quote: it took another's place. Named as often,
        # the alignment paired it with the wrong words: "Beaumont said" for "Mark Beaumont, a writer at NME, said")
        return ()
    return (Difference("replace", d.quote_text, d.source_text, "order"),)


_PUT_IN_MIN_WORDS = 5


def _word_put_in(r: QuoteResult, text: str, start: int, end: int) -> tuple[Difference, ...]:
    """A quote that is its passage ``text[start:end]`` word for word (:data:`_REFERENT_MIN_RATIO`
    alike) but for one content word put in, which neither the passage nor the text around it has
    (by stem or first letters): "cheap Chinese imports" for "cheap imports", "48,215 female nurses"
    for "48,215 nurses". A qualifier added to a copy narrows or colours what the source says.

    >>> d = (Difference("insert", "chinese", "", "content"),)
    >>> t = "The company blamed high energy costs and cheap imports."
    >>> r = QuoteResult("blamed high energy costs and cheap Chinese imports", Verdict.UNSUPPORTED,
    ...                 metrics=Metrics(match_ratio=0.84, differences=d))
    >>> _word_put_in(r, t, 0, len(t))[0].quote_text
    'chinese'
    >>> _word_put_in(r, t + " Most came from Chinese mills.", 0, len(t))
    ()
    """
    load = [d for d in r.metrics.differences if d.load_bearing]
    if (len(load) != 1 or load[0].kind != "insert" or len(load[0].quote_text.split()) != 1
            or r.metrics.match_ratio is None or r.metrics.match_ratio < _REFERENT_MIN_RATIO
            or len(token_texts(fold(r.quote).text)) < _PUT_IN_MIN_WORDS):
        return ()
    word = load[0].quote_text
    if not content_word(word) or word_category(word) is not None:
        return ()
    from .embed.passages import content_terms

    _terms, near = _stated(text, start, end)
    new = _unstated(content_terms(word), set(near), {s[:VERB_PREFIX] for s in near if len(s) >= VERB_PREFIX})
    return (Difference("insert", word, "", "added"),) if new else ()


_FRAME_WORDS = 2  # words beside a term that a parallel sentence must share with the passage
_RAW_WORD = re.compile(r"\w+")  # a quick look for a word before a text is folded
_NOT_TERMS = frozenset("other another such still same different certain".split())  # words that pick out, not terms


def _term_of_parallel_sentence(quote: str, text: str, start: int, end: int) -> tuple[Difference, ...]:
    """A term of a neighbouring sentence put in its parallel term's place in the passage: "Basic
    earnings per share were $1.42" where the passage says "Diluted earnings per share were $1.42"
    and the next sentence "Basic earnings per share were $1.45". The quote's word is not in the
    passage; a sentence next to it has the word, followed (or preceded) by the same two words as the
    passage's word in that place, so the two sentences say the same of two things, and the quote
    gives the one the other's claim.

    >>> t = "Diluted earnings per share were $1.42. Basic earnings per share were $1.45."
    >>> _term_of_parallel_sentence("Basic earnings per share were $1.42", t, 0, t.index(" Basic"))[0].quote_text
    'basic'
    >>> _term_of_parallel_sentence("Diluted EPS was $1.42", t, 0, t.index(" Basic"))
    ()
    """
    fq, fp = fold(quote).text, fold(text[start:end]).text
    passage_words = token_texts(fp)
    new_words = {w for w in set(token_texts(fq)) - set(passage_words)
                 if w.isalpha() and w not in _NOT_TERMS and content_word(w) and word_category(w) is None}
    neighbours = _neighbour_sentences(text, start, end) if new_words else []
    if not any(new_words.intersection(_RAW_WORD.findall(sentence.lower())) for sentence in neighbours):
        return ()  # no word of the quote's own in the sentences next door (most quotes): nothing to align
    around = [fold(sentence).text for sentence in neighbours]
    # one word of the quote's own (a term, as above) put for one of the passage's
    pairs = [(d.quote_text, d.source_text) for d in differences(fq, fp)
             if d.kind == "replace" and d.load_bearing and d.quote_text in new_words and d.source_text.isalpha()
             and d.source_text not in _NOT_TERMS and content_word(d.source_text) and word_category(d.source_text) is None]
    for q, p in pairs:
        if passage_words.count(p) != 1:
            continue
        at = passage_words.index(p)
        after, before = passage_words[at + 1 : at + 1 + _FRAME_WORDS], passage_words[max(0, at - _FRAME_WORDS) : at]
        for sentence in around:
            words = token_texts(sentence)
            for k in (k for k, w in enumerate(words) if w == q):
                if (len(after) == _FRAME_WORDS and words[k + 1 : k + 1 + _FRAME_WORDS] == after
                        and any(content_word(w) for w in after)) or \
                        (len(before) == _FRAME_WORDS and words[max(0, k - _FRAME_WORDS) : k] == before
                         and any(content_word(w) for w in before)):
                    return (Difference("replace", q, p, "content"),)
    return ()


def _shared_prefix(a: str, b: str) -> int:
    return next((i for i, (x, y) in enumerate(zip(a, b)) if x != y), min(len(a), len(b)))


_COMPOUND_HEAD = 4  # a compound's shared first part ("power" of "power-hungry" and "power-efficient")
_EDITED_MIN_RATIO = 0.85
_EDITED_MIN_WORDS = 10
_EDITED_MAX_WORDS = 3
_EDITED_MAX_COSINE = 0.6  # "is leaping" / "jumping" (0.77) is one act in other words
_SAYS = frozenset("said says say told tells stated states".split())


def _swapped_in_copy(r: QuoteResult, stage: SemanticStage) -> tuple[Difference, ...]:
    """The quote is its closest passage word for word but for one or two words put in the place of
    others that the embedder finds unrelated to them ("the AKS test is fast enough" for "... too slow";
    "at the request of the FDA" for "with the knowledge of the FDA"): an edited copy, not a
    restatement. The lexical stage left it unplaced only because a short quote's match ratio is low
    for one changed word; a synonym (the embedder rates synonyms 0.3 or more) keeps it a paraphrase."""
    diffs = r.metrics.differences
    # a preposition swapped beside a word ("at the request of" for "with the knowledge of") goes with it
    load = [d for d in diffs if d.load_bearing and not (d.kind == "replace" and d.quote_text in _COPY_PREPOSITIONS
                                                        and d.source_text in _COPY_PREPOSITIONS)]
    n_words = len(token_texts(fold(r.quote).text))
    swapped = sum(len(d.quote_text.split()) for d in load)
    if not (n_words >= _COPY_MIN_WORDS and 0 < len(load) <= 2 and all(
            d.kind == "replace" and d.category == "content" and _few_words(d.quote_text) and _few_words(d.source_text)
            for d in load) and swapped * _COPY_SWAPPED_SHARE <= n_words):
        return ()
    if any(same_side(d.quote_text, d.source_text) for d in load):
        return ()  # "increased" for "rose": one side of an opposite pair of the lexicon, however the embedder rates them
    cos = stage.similarity([(d.quote_text, d.source_text) for d in load])
    return tuple(load) if all(c < _SWAP_MAX_COSINE for c in cos) else ()


def _one_place_copy(r: QuoteResult, stage: SemanticStage) -> tuple[Difference, ...]:
    """The quote is its closest passage (:data:`_ONE_PLACE_MIN_RATIO` alike) but for one phrase put in
    the place of another, the one place the lexical stage found load-bearing, the two phrases sharing
    no content word and neither one word in another form nor a synonym (the embedder below
    :data:`_ONE_PLACE_MAX_COSINE`): "Academy Award winner" for "Academy Award nominee", "with the
    Distributor's consent" for "at its sole discretion", "paid as store credit" for "paid to the original
    card"; or for a word or two the copy leaves out that limit what it keeps ("the claimant's costs"
    for "two-thirds of the claimant's costs", "per transaction" for "per initial transaction").
    A model edits the words it copies this way; a restatement rewords more than one place. Two such
    places, each an edit by itself, count too in a copy :data:`_TWO_PLACES_MIN_RATIO` alike.
    Across a sentence's end, a quotation mark or a speech verb the alignment of the closest wording is
    no evidence (an attribution moved, two sentences joined); a modal or a negation put in other words
    is the meaning guard's to compare ("can come into" for "may enter"), and a word the lexicon pairs
    with its own side ("increased" for "rose") is none either.

    >>> class Unrelated:
    ...     def similarity(self, pairs): return [0.0 for _ in pairs]
    >>> d = (Difference("replace", "winner", "nominee", "content"),)
    >>> r = QuoteResult("Grammy winner and Academy Award winner Lady Gaga sang", Verdict.UNSUPPORTED,
    ...                 metrics=Metrics(match_ratio=0.86, differences=d))
    >>> _one_place_copy(r, Unrelated())[0].source_text
    'nominee'
    >>> d = (Difference("delete", "", "initial", "content"),)
    >>> _one_place_copy(replace(r, metrics=Metrics(match_ratio=0.85, differences=d)), Unrelated())[0].source_text
    'initial'
    >>> d = (Difference("replace", "runs", "is running", "content"),)
    >>> _one_place_copy(replace(r, metrics=Metrics(match_ratio=0.9, differences=d)), Unrelated())
    ()
    """
    # (a place of symbols and single letters alone, "|−|p" left out, is no place of words: the copy's own form; a date in
    # digits the source writes in words, "02/08/2021" for "2 August 2021", align.differences reads as form)
    load = [_at_quote_end(d, r.quote) for d in r.metrics.differences
            if d.load_bearing and any(w[:1].isdigit() or (w[:1].isalpha() and len(w) > 1)
                                      for w in (d.quote_text + " " + d.source_text).split())]
    ratio = r.metrics.match_ratio
    if ratio is None:
        return ()
    if len(load) == 1 and ratio >= _ONE_PLACE_MIN_RATIO and _edited_place(load[0], stage, r.quote):
        return tuple(load)
    if len(load) == 2 and ratio >= _TWO_PLACES_MIN_RATIO and not any(_reworded_link(d) for d in load) \
            and all(_edited_place(d, stage, r.quote) for d in load):
        # two such places in a closer copy, each an edit by itself ("Academy Award winner" for "nominee" and
        # "Seven-time" for "Six-time"; "re-covers the roof" for "repairs the slates and flashings", a place
        # with a joining word inside); a link between clauses restated ("and won" for "to earn") or a
        # direction word restated goes with a reworded sentence
        return tuple(load)
    return ()


_JOINERS = frozenset("and to or but which that while whereas so".split())
# a capitalised word that does not open the quote or a sentence of it: a name the quote writes
_NAME_INSIDE = re.compile(r"(?<![.!?]\s)(?<!^)\b[A-Z][a-z]+")


def _reworded_link(d: Difference) -> bool:
    """Whether a place of a near copy restates a link rather than edits a claim: the link between two
    clauses (a joining word opens one of its sides, "and won" for "to earn") or a preposition ("under"
    for "pursuant to"), put in other words on both sides. A stretch left out or put in ("or low cost"
    left out) restates nothing; a bound or an order ("more than" for "roughly") is no mere link.

    >>> _reworded_link(Difference("replace", "and won", "to earn", "connective"))
    True
    >>> _reworded_link(Difference("replace", "roof", "slates and flashings", "connective"))
    False
    >>> _reworded_link(Difference("replace", "under", "pursuant to", "direction")), _reworded_link(Difference("replace", "more than", "roughly", "direction"))
    (True, False)
    >>> _reworded_link(Difference("delete", "", "or low cost", "connective"))
    False
    """
    if d.kind != "replace":
        return False
    if d.category == "connective":
        return any(t.split()[:1] and t.split()[0] in _JOINERS for t in (d.quote_text, d.source_text))
    if d.category == "direction":
        said = [w for w in (d.quote_text + " " + d.source_text).split() if word_category(w) == "direction"]
        return all(w in _LINK_WORDS for w in said)
    return False


_LINK_WORDS = frozenset("to from under over upon within before after up down beyond above below until".split())


def _at_quote_end(d: Difference, quote: str) -> Difference:
    """``d`` without the quote's own closing full stop, where its words end the quote ("appeal to the
    High Court." for "ask the Competition and Markets Authority to review it."): the stop ends the
    quote, no sentence joined to another.

    >>> _at_quote_end(Difference("replace", "high court .", "competition", "content"), "or appeal to the High Court.").quote_text
    'high court'
    >>> _at_quote_end(Difference("replace", "court . the", "review", "content"), "the court. The fee").quote_text
    'court . the'
    """
    words = d.quote_text.split()
    if len(words) > 1 and words[-1] == "." and quote.rstrip().endswith(".") \
            and fold(quote).text.rstrip(" .").endswith(words[-2]):
        return replace(d, quote_text=" ".join(words[:-1]))
    return d


def _edited_place(d: Difference, stage: SemanticStage, quote: str = "") -> bool:
    """Whether one load-bearing place of a near copy is an edit (see :func:`_one_place_copy`); ``quote``,
    as written, tells the names among the words it puts in."""
    if d.kind == "delete":
        # the copy leaves out a word or two that limit what it keeps: "the claimant's costs" for
        # "two-thirds of the claimant's costs", "per transaction" for "per initial transaction"
        # (a comma before them goes with them, ", purportedly for gross misconduct"; one on each side sets
        # off an aside, ", from now on,", which a copy may leave out)
        words = d.source_text.split()
        words = words[1:] if words[:1] == [","] and words[-1:] != [","] else words
        return (len(words) <= _ONE_PLACE_LEFT_OUT and d.category not in ("negation", "modal")
                and all(w.isalpha() and w not in SPEECH_VERBS for w in words) and bool(_copy_stems(words, 3)))
    if d.kind == "insert":
        # a name the copy puts in of its own ("a Haaland penalty", "LA Galaxy, Los Angeles FC"): a party
        # the source does not name (other words put in may restate: "upside-down", "floods")
        words = [w for w in d.quote_text.split() if w != ","]
        named = {m.group().lower() for m in _NAME_INSIDE.finditer(quote)}
        return (0 < len(words) <= _ONE_PLACE_LEFT_OUT and d.category not in ("negation", "modal", "connective")
                and all(w.isalpha() for w in words) and any(w in named for w in words))
    if d.kind != "replace" or d.category == "negation" or same_side(d.quote_text, d.source_text):
        return False
    if d.category == "direction" and opposite_sides(d.quote_text, d.source_text):
        return True  # "within 180 days after the invoice" for "... before the invoice": a word and its opposite
    if d.category == "number" and (figures := (_place_figures(d.quote_text), _place_figures(d.source_text))) \
            and all(figures) and not figures[0] & figures[1] and _short_place(d):
        return True  # "two firefighters were hospitalized" for "one firefighter was treated": another figure
    if _bound_left_out(_without_bracketed_figures(d.quote_text.split()), _without_bracketed_figures(d.source_text.split())):
        return True  # "a single staff member" for "at least one (1) staff member": a bound made exact
    qs, ss = d.quote_text.split(), d.source_text.split()
    if set(qs + ss) <= _ABOUT:
        return False  # "about $260,000" for "approximately $260,000": one approximation in other words
    if any(w in _ONE_PLACE_STOPS or w in SPEECH_VERBS or w in _PERMITS or word_category(w) in ("modal", "negation")
           or w.endswith("n't") for w in qs + ss):
        return False  # a modal or a negation restated: "can come into" for "may enter", "won't face" for "will be exempt from"
    if _role_swapped(qs, ss):
        return True  # "incurred by Franchisee" for "incurred by Franchisor": the other party of a pair
    sides = [_copy_stems(qs, 3), _copy_stems(ss, 3)]
    if not all(sides) and _short_name_swapped(qs, ss):
        return True  # "LEA shall remain the owner" for "T&B shall remain the owner": a party named by letters
    if not all(sides) or sides[0] & sides[1]:
        return False
    q1, s1 = [w for w in qs if w not in _AUXILIARIES], [w for w in ss if w not in _AUXILIARIES]
    if len(q1) == len(s1) == 1 and (k := _shared_prefix(q1[0], s1[0])) >= 3 and k >= min(len(q1[0]), len(s1[0])) - 2:
        return False  # one word in another form ("runs" for "is running", "licks" for "is licking")
    # not a synonym ("founded" for "established", "stayed high" for "remained elevated")
    return _first_part_swapped(qs, ss) or stage.similarity([(d.quote_text, d.source_text)])[0] < _ONE_PLACE_MAX_COSINE


_ABOUT = frozenset("about approximately around roughly circa approx".split())


def _without_bracketed_figures(words: list[str]) -> list[str]:
    """``words`` without a figure in brackets that repeats the one before it ("one ( 1 )" as "one").

    >>> _without_bracketed_figures("at least one ( 1 ) staff".split())
    ['at', 'least', 'one', 'staff']
    """
    out: list[str] = []
    i = 0
    while i < len(words):
        if words[i] == "(" and words[i + 2 : i + 3] == [")"] and words[i + 1][:1].isdigit() and out:
            i += 3
            continue
        out.append(words[i])
        i += 1
    return out


def _bound_left_out(qs: list[str], ss: list[str]) -> bool:
    """Whether the source side of a place bounds a figure ("at least one", "up to 38") and the quote's
    side, holding a figure or an article for it, bounds nothing: a bound told as an exact amount.

    >>> _bound_left_out("a single".split(), "at least one".split()), _bound_left_out("a minimum of one".split(), "at least one".split())
    (True, False)
    """
    return (len(qs) <= _SHORT_PLACE and len(ss) <= _SHORT_PLACE and states_bound(ss) and not states_bound(qs)
            and any(w[:1].isdigit() or number_word_value(w) is not None or w in ("a", "an", "single") for w in qs))


def _role_swapped(qs: list[str], ss: list[str]) -> bool:
    """Whether one word of a place is the other party of a pair the other word names ("franchisee" /
    "franchisor", "lessee" / "lessor", "employer" / "employee", "payee" / "payer"): the same stem, one
    ending in "-ee" and the other in "-or" or "-er" (not one word in another form).

    >>> _role_swapped(["franchisee"], ["franchisor"]), _role_swapped(["the", "licensees"], ["the", "licensor"])
    (True, True)
    >>> _role_swapped(["runner"], ["runs"]), _role_swapped(["employees"], ["employees"])
    (False, False)
    """
    def role(w: str) -> tuple[str, str] | None:
        w = w.removesuffix("s") if len(w) > 5 else w
        for end in ("ee", "or", "er"):
            if w.endswith(end) and len(w) > len(end) + 3:
                return w[: -len(end)], end
        return None

    one = [r for w in qs if (r := role(w)) is not None]
    two = [r for w in ss if (r := role(w)) is not None]
    return len(one) == len(two) == 1 and one[0][0] == two[0][0] and one[0][1] != two[0][1] and "ee" in (one[0][1], two[0][1])


def _short_place(d: Difference) -> bool:
    """Whether a changed place is a few words on each side with no sentence mark or bracket: two
    phrases in one place of one sentence, not a misaligned stretch."""
    qs, ss = d.quote_text.split(), d.source_text.split()
    return len(qs) <= _SHORT_PLACE and len(ss) <= _SHORT_PLACE and not _ONE_PLACE_STOPS.intersection(qs + ss)


_SHORT_PLACE = 5  # words on each side of a changed place read as one phrase put for another


def _place_figures(text: str) -> frozenset[str]:
    """The figures of one changed place, digits or number words, by value.

    >>> sorted(_place_figures("two firefighters")), sorted(_place_figures("one ( 1 ) additional"))
    (['2.0'], ['1.0'])
    """
    words = text.split()
    return frozenset({c for w in words if w[:1].isdigit() and (c := canonical_number(w)) is not None}
                     | _spelled_figures(words))


def _spelled_figures(words: Iterable[str]) -> set[str]:
    """The values of the number words among folded ``words`` ("thirty" as "30"), as figures are keyed.

    >>> sorted(_spelled_figures("thirty days or 4 weeks".split()))
    ['30.0']
    """
    return {canonical_number(str(v)) or str(v) for w in words if (v := number_word_value(w)) is not None}


def _copy_stems(words: Iterable[str], min_len: int = 4) -> set[str]:
    """The stems (first :data:`VERB_PREFIX` letters) of the content words among ``words`` of ``min_len``
    letters or more, auxiliaries left out: what the two sides of a copy's changed place are compared by.

    >>> sorted(_copy_stems("is the stainless backing plate".split()))
    ['backi', 'plate', 'stain']
    """
    return {w[:VERB_PREFIX] for w in words if len(w) >= min_len and content_word(w) and w not in _AUXILIARIES}


def _short_name_swapped(qs: list[str], ss: list[str]) -> bool:
    """Whether one short name in letters is put for another ("lea" for "t & b"), neither the other's
    initials ("us" for "united states").

    >>> _short_name_swapped(["lea"], ["t", "&", "b"]), _short_name_swapped(["us"], ["united", "states"])
    (True, False)
    >>> _short_name_swapped(["if"], ["that"])
    False
    """
    q = [w for w in qs if w.isalnum()]
    s = [w for w in ss if w.isalnum()]
    if not q or not s or len(q) > 3 or len(s) > 3 or any(w[:1].isdigit() for w in q + s):
        return False
    if "".join(q) in (initials(s), "".join(s)) or "".join(s) == initials(q) or all(is_known_word(w) for w in q + s):
        return False  # (two common words, "if" for "that", are no names)
    return all(len(w) <= 4 for w in q + s)


def _first_part_swapped(qs: list[str], ss: list[str]) -> bool:
    """Two one-word compounds with one last part and other first parts ("same-sex" / "opposite-sex",
    folded "samesex" / "oppositesex"): the embedder rates them alike, but they name opposite things.

    >>> _first_part_swapped(["samesex"], ["oppositesex"]), _first_part_swapped(["founded"], ["established"])
    (True, False)
    """
    if not (len(qs) == len(ss) == 1 and min(len(qs[0]), len(ss[0])) > 6 and qs[0][:3] != ss[0][:3]):
        return False
    return qs[0][-3:] == ss[0][-3:]


_ONE_PLACE_MIN_RATIO = 0.7  # the closest wording at least this alike (the lexical stage's altered_min_ratio)
_TWO_PLACES_MIN_RATIO = 0.84  # two edited places, each one by the rules of one, in a copy at least this alike
_ONE_PLACE_LEFT_OUT = 3  # words of the source a copy leaves out in its one place ("two-thirds of")
_ONE_PLACE_MAX_COSINE = 0.5  # the static embedder rates synonyms 0.5 or more ("founded"/"established" 0.70)
_PERMITS = frozenset("allow allows allowed permit permits permitted require requires required entitled obliged".split())
_ONE_PLACE_STOPS = frozenset('. ! ? ; " \' ( ) [ ] :'.split())


def _sentence_start(text: str, pos: int) -> int:
    """Where the sentence holding ``text[pos]`` starts: after the last full stop (or "?", "!") and a
    space before ``pos``, at most :data:`_LEAD_IN_CHARS` back. A list item's lead-in
    ("Either party may terminate ... if: (a) ...; or (b) ...") is part of its sentence.

    >>> t = "No refunds. Either party may end it if: (a) it fails to pay; or (b) it breaches."
    >>> t[_sentence_start(t, t.index("(b)")):][:21]
    'Either party may end '
    """
    lo = max(0, pos - _LEAD_IN_CHARS)
    ends = [m.end() for m in _SENTENCE_GAP.finditer(text, lo, pos)]
    return ends[-1] if ends else lo


_LEAD_IN_CHARS = 1000


def _with_neighbours(text: str, start: int, end: int) -> str:
    """``text[start:end]`` with the sentence before it and the sentence after it (a restatement may
    join a passage's claim to its neighbour's: "... a higher risk, and the association stayed
    significant after adjusting for BMI").

    >>> t = "One. Two is here. Three! Four."
    >>> _with_neighbours(t, t.index("Two"), t.index("Three") - 1)
    'One. Two is here. Three!'
    """
    lo, _, hi = _sentences_beside(text, start, end)
    return text[lo:hi]


def _sentences_beside(text: str, start: int, end: int) -> tuple[int, int | None, int]:
    """Around ``text[start:end]``: where the sentence before it starts, where the sentence after it starts (``None``
    where no sentence ends after it), and where that one ends (the text's end if it does not).

    >>> t = "One. Two is here. Three! Four."
    >>> _sentences_beside(t, t.index("Two"), t.index("Three") - 1)
    (0, 18, 24)
    """
    lo = _sentence_start(text, max(0, _sentence_start(text, start) - 2))
    gap = _SENTENCE_GAP.search(text, max(start, end - 1))
    after = _SENTENCE_GAP.search(text, gap.end()) if gap is not None else None
    return lo, gap.end() if gap is not None else None, after.start() + 1 if after is not None else len(text)


def _neighbour_changed(quote: str, text: str, start: int, end: int) -> tuple[Difference, ...]:
    """A verb the sentence next to a restatement's passage ``text[start:end]`` negates, told plainly by a quote that
    restates that sentence too (:data:`_NEIGHBOUR_WORDS` content words or more of the quote that the passage lacks and
    the next, or the previous, sentence has). "... gained MWK 1,050, and the headline estimates were adjusted to account
    for this" for "... a consumption gain of MWK 1,050 (p = 0.09). We interpret this as suggestive ..., and we do not
    adjust the headline estimates for it." (since the 61st stop).

    >>> t = "We estimate a gain of 1,050. We do not adjust the headline estimates for it. Other text."
    >>> a, b = 0, t.index(" We do")
    >>> _neighbour_changed("A gain of 1,050; the headline estimates were adjusted for it", t, a, b)
    (Difference(kind='delete', quote_text='', source_text='not adjust', category='negation'),)
    >>> _neighbour_changed("A gain of 1,050, not adjusted in the headline estimates", t, a, b)
    ()
    """
    from .embed.passages import content_terms

    new = content_terms(quote).keys() - content_terms(text[start:end]).keys()
    qw = token_texts(fold(quote).text)
    if len(new) < _NEIGHBOUR_WORDS or any(w in _NEGATION_WORDS or w.endswith("n't") for w in qw):
        return ()  # (a quote with a negation of its own restates the negated claim another way: "no consent is needed")
    lo, next_start, hi = _sentences_beside(text, start, end)
    nxt = (next_start, hi) if next_start is not None else None
    prev = (lo, start) if lo < start else None
    for a, b in (x for x in (nxt, prev) if x is not None and x[1] - x[0] <= _NEIGHBOUR_CHARS):
        if len(new & content_terms(text[a:b]).keys()) >= _NEIGHBOUR_WORDS:
            nw = token_texts(fold(text[a:b]).text)
            if (told := negated_verb_told_plainly(qw, nw)) is not None:
                return (Difference("delete", "", f"not {told}", "negation"),)
            if (condition := _only_if_dropped(qw, nw)) is not None:
                # "IMF staff consider the deficit target to be achievable" for "Staff considers this target achievable only
                # if the phase-out proceeds as scheduled ..."
                return (Difference("delete", "", condition, "connective"),)
            return ()
    return ()


def _only_if_dropped(qw: list[str], nw: list[str]) -> str | None:
    """The condition ("only if", "only when", "provided that") a sentence puts right after what a quote restates of it
    (the :data:`_ONLY_IF_BEFORE` content words before the condition, all in the quote), where the quote states no
    condition: the condition's words, else ``None`` (since the 61st stop).

    >>> _only_if_dropped("staff consider the deficit target to be achievable".split(),
    ...                  "staff considers this target achievable only if the phase-out proceeds".split())
    'only if'
    >>> _only_if_dropped("staff consider it achievable if the phase-out proceeds".split(),
    ...                  "staff considers this target achievable only if the phase-out proceeds".split())
    """
    if _STATED_CONDITIONS & set(qw):
        return None
    stems = {w[:VERB_PREFIX] for w in qw}
    for i in range(1, len(nw) - 1):
        if (nw[i], nw[i + 1]) in _ONLY_IF:
            before = [w for w in nw[max(0, i - 2 * _ONLY_IF_BEFORE) : i] if content_word(w)][-_ONLY_IF_BEFORE:]
            if len(before) == _ONLY_IF_BEFORE and all(w[:VERB_PREFIX] in stems for w in before):
                return f"{nw[i]} {nw[i + 1]}"
    return None


_ONLY_IF = frozenset({("only", "if"), ("only", "when"), ("only", "where"), ("only", "once"), ("only", "after"),
                      ("provided", "that")})
_ONLY_IF_BEFORE = 2  # content words right before the condition that the quote must restate
_STATED_CONDITIONS = frozenset("if when where unless provided once subject only conditional contingent depends depend "
                               "long".split())


_NEGATION_WORDS = frozenset("not no never none nor neither without cannot".split())
_NEIGHBOUR_WORDS = 2  # content words of a restatement from the sentence next to its passage, that it restates too
_NEIGHBOUR_CHARS = 600  # a longer neighbour is no sentence (a list, a table)


def _sentences_around(text: str, start: int, end: int) -> tuple[int, int]:
    """The whole sentences ``text[start:end]`` lies in: from its first sentence's start to its last
    one's end (:func:`_sentence_start`), within its lines (a heading's line ends with no full stop).

    >>> t = "One. If it rains, we stay in. We read. Two."
    >>> a, b = _sentences_around(t, t.index("we stay"), t.index("read") + 4)
    >>> t[a:b]
    'If it rains, we stay in. We read.'
    """
    gap = _SENTENCE_GAP.search(text, max(start, end - 1))
    line_end = text.find("\n", max(start, end - 1))
    hi = min(gap.start() + 1 if gap is not None else len(text), line_end if line_end >= 0 else len(text))
    return max(_sentence_start(text, start), text.rfind("\n", 0, start) + 1), max(hi, end)


_SENTENCE_GAP = re.compile(r"[.!?][\"')\]]*\s+")  # not a blank line: list items stand on lines of their own
_HALF_MIN_WORDS = 4
_HALF_MIN_SHARE = 0.5  # of a half's content words, this share at least is in the sentence it restates


def _merged_with_neighbour(quote: str, text: str, start: int, end: int,
                           found: Sequence[Difference]) -> tuple[int, int, str] | None:
    """The span of ``text[start:end]`` and the sentence before or after it, when ``quote`` joins
    two claims that each restate one of them, in either order, with no load-bearing difference of their
    own, and the neighbour holds what the differences ``found`` against the passage alone name
    (the quote's words of each; a difference that drops something, or names a figure or a party,
    is never explained so): a restatement of two neighbouring sentences, not of one with a claim
    added. The span, and the quote with its halves in the order of the sentences they restate;
    ``None`` otherwise.

    >>> t = "Costs fell. Reinstatement was not sought. A claim for holiday pay was withdrawn by the claimant."
    >>> q = "She did not ask for reinstatement, and her claim for holiday pay was withdrawn by the claimant"
    >>> found = (Difference("insert", "not", "", "negation"),)
    >>> s, e, _ = _merged_with_neighbour(q, t, t.index("A claim"), len(t), found)
    >>> t[s:e]
    'Reinstatement was not sought. A claim for holiday pay was withdrawn by the claimant.'

    A claim of its own is no restatement of the neighbour ("confirm" is in neither sentence):

    >>> t = "I saw no sign of overloading. The loading records are incomplete, however."
    >>> found = (Difference("insert", "confirm loading records", "", "added"),)
    >>> _merged_with_neighbour("I saw no sign of overloading, and the loading records confirm this", t, 0,
    ...                        t.index(" The"), found) is None
    True
    """
    # (a modal difference names the quote's class, "permission": the neighbour must state one of it)
    classes = {c for d in found if d.category == "modal" for c in d.quote_text.split()}
    wanted = [token_texts(fold(d.quote_text).text) for d in found if d.category != "modal"]
    if not all(wanted) or any(d.category in ("number", "party") for d in found):
        return None  # (a figure or a name from the next sentence may be another's: "Davina, now 34")
    # the pairs of sentences whose neighbour holds the words of every difference found (read once,
    # whatever the quote's halves)
    pairs = []
    for a, mid, b in _neighbour_pairs(text, start, end):
        one, two = text[a:mid], text[mid:b]
        other = one if a < start else two
        neighbour = {w[:VERB_PREFIX] for w in token_texts(fold(other).text)}
        # (a clause the quote ends with, "and ...": its half must restate the neighbour, below)
        if all(w[:VERB_PREFIX] in neighbour for ws in wanted if ws[0] not in ("and", "or")
               for w in ws if is_word_char(w[0])) and classes <= modal_classes(other):
            pairs.append((a, b, one, two))
    return _halves_restate(quote, pairs)


_HALF_OF_NEIGHBOUR_MIN_WORDS = 3


def _neighbour_half_changed(quote: str, text: str, start: int, end: int) -> tuple[Difference, ...]:
    """A half of a quote that joins two claims ("Store below 25°C; freezing is acceptable") which
    speaks of the sentence next to the passage, not of the passage (it shares content words with
    that sentence and none with the passage), and changes what that sentence says ("Do not
    freeze."): the differences, else none. The semantic stage matched the quote to one sentence,
    so the other half was never compared with anything.

    >>> t = "Storage. Store below 25°C in the original package to protect from light. Do not freeze."
    >>> _neighbour_half_changed("Store below 25°C; freezing is acceptable.", t, 9, t.index(" Do"))[0].category
    'negation'
    >>> _neighbour_half_changed("Store below 25°C; do not freeze it.", t, 9, t.index(" Do"))
    ()
    """
    from .embed.passages import content_terms

    passage = {w[:VERB_PREFIX] for w in content_terms(text[start:end])}
    neighbours = _neighbour_sentences(text, start, end)
    for m in CLAIM_JOIN.finditer(quote):
        for half in (quote[: m.start()], quote[m.end() :]):
            stems = {w[:VERB_PREFIX] for w in content_terms(half)}
            if len(half.split()) < _HALF_OF_NEIGHBOUR_MIN_WORDS or not stems or stems & passage:
                continue
            for other in neighbours:
                if stems & {w[:VERB_PREFIX] for w in content_terms(other)}:
                    found = meaning_differences(half, other)
                    if found:
                        return found
    return ()


def _neighbour_sentences(text: str, start: int, end: int) -> list[str]:
    """The sentence before ``text[start:end]`` and the sentence after it (those there are), as
    :func:`_neighbour_pairs` finds them.

    >>> t = "One. Two is here. Three! Four."
    >>> _neighbour_sentences(t, t.index("Two"), t.index("Three") - 1)
    ['One. ', 'Three!']
    """
    return [text[a:mid] if a < start else text[mid:b] for a, mid, b in _neighbour_pairs(text, start, end)]


def _neighbour_pairs(text: str, start: int, end: int) -> list[tuple[int, int, int]]:
    """The sentence before ``text[start:end]`` with it, and it with the sentence after, as (start,
    where the second sentence starts, end)."""
    lo = _sentence_start(text, start)
    nxt = _SENTENCE_GAP.search(text, max(start, end - 1))
    after_end = _SENTENCE_GAP.search(text, nxt.end()) if nxt is not None else None
    out = []
    if lo > 0:
        prev = _sentence_start(text, max(0, lo - 2))
        out.append((prev, lo, end))  # the sentence before, then the passage
    if nxt is not None:
        stop = after_end.start() + 1 if after_end is not None else len(text)
        out.append((start, nxt.end(), stop))  # the passage, then the sentence after
    return out


def _halves_restate(quote: str, pairs: list[tuple[int, int, str, str]], *,
                    figures: bool = False) -> tuple[int, int, str] | None:
    """The first of ``pairs`` (start, end and the two sentences) whose sentences the quote's two halves,
    joined by a :data:`CLAIM_JOIN`, each restate with no load-bearing difference (and, with ``figures``,
    each stating only figures its sentence states, joined by :data:`_FIGURES_JOIN` too), in either
    order: the span, and the quote with its halves in the sentences' order."""
    for m in (_FIGURES_JOIN if figures else CLAIM_JOIN).finditer(quote) if pairs else ():
        first, second = quote[: m.start()], quote[m.end() :]
        plain = CLAIM_JOIN.fullmatch(m.group()) is None
        if len(first.split()) < _HALF_MIN_WORDS or len(second.split()) < _HALF_MIN_WORDS:
            continue
        for a, b, one, two in pairs:
            # the halves in either order: "no serious injuries were reported, though nine reports
            # involved minor burns" for "... including nine reports of minor burns. No serious injuries ..."
            for x, y in ((first, second), (second, first)):
                if (_restates(x, one) and _restates(y, two) and not meaning_differences(x, one)
                        and not meaning_differences(y, two)
                        and not (figures and (_unstated_figures(x, one) or _unstated_figures(y, two)))
                        # (halves parted by a plain "and" or a link, not a claim join, name only their own
                        # sentence's parties: "for Dundee United" where the sentence says "to United" is not)
                        and not (plain and (_new_names(x, one) or _new_names(y, two)))):
                    return a, b, x + m.group() + y
    return None


_NAMED_WORD = re.compile(r"(?<!^)(?<![.!?]\s)\b[A-Z][^\W\d_]+")


def _new_names(half: str, sentence: str) -> list[str]:
    """The capitalised words of ``half`` (past its first word) that ``sentence`` does not have, by their
    first letters: "Dundee" in "Smith has scored five goals for Dundee United" against "he has five
    goals for United this season".

    >>> _new_names("Smith has scored five goals for Dundee United", "Smith has five goals for United.")
    ['Dundee']
    """
    said = {w[:VERB_PREFIX] for w in token_texts(fold(sentence).text)}
    return [m.group() for m in _NAMED_WORD.finditer(half) if fold(m.group()).text.lower()[:VERB_PREFIX] not in said]


# where a quote joins two sentences' claims, each half with its own figures: a claim join, or a plain
# "and" ("opened in 1835 and replaced the Butcher Market"), or a link of cause or time
_FIGURES_JOIN = re.compile(rf"{CLAIM_JOIN.pattern}|\s+(?:and|because|after)\s+|,\s+so\s+")


def _merged_for_figures(quote: str, text: str, start: int, end: int) -> tuple[int, int] | None:
    """The span of ``text[start:end]`` and its neighbour sentence, when the figures of ``quote`` that
    the passage lacks are the neighbour's and the quote's two halves each restate one of the two
    sentences, with their own figures ("the ambulance did not arrive until 23:52, and the crew then
    waited 74 minutes at hospital" for "An ambulance arrived at 23:52. On arrival at hospital the crew
    waited 74 minutes ..."): a merge, not a figure from elsewhere.

    >>> t = "The call came at 21:14. An ambulance arrived at 23:52. The crew then waited 74 minutes at the hospital."
    >>> q = "the ambulance arrived there at 23:52, and the crew then waited 74 minutes at the hospital"
    >>> s, e = _merged_for_figures(q, t, t.index("An"), t.index(" The crew"))
    >>> t[s:e]
    'An ambulance arrived at 23:52. The crew then waited 74 minutes at the hospital.'
    >>> _merged_for_figures(q.replace("74", "21"), t, t.index("An"), t.index(" The crew")) is None
    True
    """
    pairs = [(a, b, text[a:mid], text[mid:b]) for a, mid, b in _neighbour_pairs(text, start, end)
             if not _unstated_figures(quote, text[a:b])]
    found = _halves_restate(quote, pairs, figures=True)
    return None if found is None else (found[0], found[1])


# a sentence that opens by pointing back: "This fee ...", "It was ...", "Such notice ..." (after a list mark)
_POINTS_BACK = re.compile(r"\s*(?:\(?[a-z0-9]{1,3}[.)]\s+)?(?:This|These|Such|Said|It|He|She|They|Its|His|Her|Their)\b")


# a demonstrative and the noun it points back with, inside a sentence ("that these payments were"; not a
# defined term, "this Agreement")
_POINTER = re.compile(r"\b(?:[Tt]hese|[Tt]hose|[Ss]uch|[Ss]aid|[Tt]his)\s+([^\W\d_A-Z][^\W\d_]{2,})")


def _with_referent(quote: str, text: str, start: int, end: int) -> tuple[int, int] | None:
    """The span of ``text[start:end]`` with the sentence before it, when the passage opens by pointing
    back (:data:`_POINTS_BACK`) and the two state every figure of ``quote``: a quote that names what
    the passage points to by the sentence before ("the $1,500,000 endorsement fee is fully earned"
    for "AGI will receive an endorsement fee of $1,500,000. This fee shall be fully earned ...").

    >>> t = "Fees. AGI will receive an endorsement fee of $1,500,000. This fee shall be fully earned on receipt."
    >>> s, e = _with_referent("the $1,500,000 endorsement fee is fully earned on receipt", t, t.index("This"), len(t))
    >>> t[s:e]
    'AGI will receive an endorsement fee of $1,500,000. This fee shall be fully earned on receipt.'
    >>> _with_referent("the $2,000,000 endorsement fee is fully earned on receipt", t, t.index("This"), len(t)) is None
    True
    """
    # (the pair of the sentence before and the passage: the one that starts before it)
    before = next((a for a, _mid, _b in _neighbour_pairs(text, start, end) if a < start), None)
    if before is None:
        return None
    if not _POINTS_BACK.match(text, start, end):
        # or it points back inside its sentence, to a thing the sentence before names: "We do not
        # conclude that these payments were improper" after "... received £412 million in revenue
        # support payments" ("this Agreement", named in no sentence before, points nowhere)
        # (and the quote states the passage's own figures: "I identified 214 receipts ... that were
        # transferred" for "Of these, 187 receipts were transferred" names the sentence before's figures
        # for the passage's)
        named = token_texts(fold(text[before:start]).text)
        stems = {w[:VERB_PREFIX] for w in named}
        # (a noun shorter than the prefix is named by a longer form of it too: "this draw" after "draws")
        if (not any((noun := m.group(1).lower())[:VERB_PREFIX] in stems
                    or (len(noun) < VERB_PREFIX and any(w.startswith(noun) for w in named))
                    for m in _POINTER.finditer(text, start, end))
                or _unstated_figures(text[start:end], quote)):
            return None
    return None if _unstated_figures(quote, text[before:end]) else (before, end)


def _restates(half: str, sentence: str) -> bool:
    """Whether most of ``half``'s content words (by their first letters) are in ``sentence``."""
    stems = content_stems(half, _STANDS_FOR_PRONOUNS)
    said = {w[:VERB_PREFIX] for w in token_texts(fold(sentence).text)}
    return bool(stems) and len(stems & said) >= _HALF_MIN_SHARE * len(stems)


def _sentence_before(text: str, pos: int) -> list[str]:
    """The folded words of the sentence up to ``pos`` (at most :data:`_OPENER_CHARS` characters back)."""
    window = text[max(0, pos - _OPENER_CHARS) : pos]
    words = token_texts(fold(window).text)
    stop = max((i for i, w in enumerate(words) if w in (".", ";", "!", "?")), default=-1)
    if stop < 0 and pos > _OPENER_CHARS and "\n" not in window:
        return []  # the sentence starts farther back: what the window holds is no opening of it
    return words[stop + 1 :]


_NAME_MAX_WORDS = 3  # a name a bracketed insertion may stand for ("Corvalis", "Dana Whitcombe")
# pronouns a bracketed insertion may stand for: "impair [the Company's] ability" for "impair our ability"
_STANDS_FOR_PRONOUNS = frozenset("we us our ours you your yours i me my it its they them their he him his she her".split())


def _name_stood_for(r: QuoteResult, marks: list[tuple[str, str]], docs: list[_Doc]) -> QuoteResult:
    """An altered result whose only load-bearing differences are source names (or pronouns) the quote
    left out where it put bracketed insertions ("[the company] expects" for "Corvalis expects"), or a
    thing the source names where the quote put a pronoun in brackets ("[it] needed" for "the measure
    needed"): the insertions stand for the names, so it is near_verbatim (the marks are listed by
    :meth:`Verifier._editorial`). Not when the document defines the name as another party than the
    insertion names ("Acme (the "Licensor")" for "[the Licensee]")."""
    insertions = [m for m, kind in marks if kind == "insertion"]
    if r.verdict is not Verdict.ALTERED or not insertions or not r.spans or r.metrics is None:
        return r
    lb = [d for d in r.metrics.differences if d.load_bearing]
    text = _span_text(r.spans[0], docs)
    original = " ".join(text[span.start : span.end] for span in r.spans)
    inserted = {w for m in insertions for w in token_texts(fold(m).text)}
    pronoun = any(m.strip("[] ").lower() in _STANDS_FOR_PRONOUNS for m in insertions)
    # "[it has] excluded" for "we have excluded": a pronoun with its verb's other person
    auxes = {_AUX_VERB[w] for m in insertions if (ws := m.strip("[] ").lower().split())[:1] and ws[0] in _STANDS_FOR_PRONOUNS
             and all(x in _AUX_VERB for x in ws[1:]) for w in ws[1:]}
    # a name in brackets put in the place of the words that refer to it ("said [PaceTrack] was" for "said the
    # company was"), the name said in the source before: the insertion says whom the words mean
    before = fold(text[max(0, r.spans[0].start - _REFERENT_BEFORE) : r.spans[0].end]).text
    referents = [d for d in lb if _referent_named(d, insertions, before)]
    lb = [d for d in lb if d not in referents]
    if not lb:
        return replace(r, verdict=Verdict.NEAR_VERBATIM,
                       metrics=replace(r.metrics, differences=tuple(d for d in r.metrics.differences if d not in referents)))
    if not 0 < len(lb) <= len(insertions) or not all(
            d.kind == "delete" and d.category == "content" and 0 < len(d.source_text.split()) <= _NAME_MAX_WORDS
            and (all(_capitalised_in(w, original) or w in _STANDS_FOR_PRONOUNS or _AUX_VERB.get(w) in auxes
                     for w in d.source_text.split())
                 # "[it] needed a simple majority" for "the measure needed ...": a pronoun for the thing named
                 or (pronoun and d.source_text.split()[0] in _REFERENT_ARTICLES)
                 # "at the upper end of [the range indicated by the yield approach]" for "... of that range": the same
                 # thing named in full (since the 61st stop)
                 or (d.source_text.split()[0] in _REFERENT_ARTICLES and d.source_text.split()[-1] in inserted)) for d in lb):
        return r
    named = {w for m in insertions for w in re.findall(r"\w+", m.lower()) if word_category(w) == "party"}
    if any((role := _defined_party(text, d.source_text.split()[-1])) and named and role not in named for d in lb):
        return r
    return replace(r, verdict=Verdict.NEAR_VERBATIM,
                   metrics=replace(r.metrics, differences=tuple(d for d in r.metrics.differences if d not in lb)))


_REFERENT_BEFORE = 1000  # characters before a passage where the name a bracketed insertion gives must be said
# the forms of "have", "be" and "do" by the verb they are: "[it has]" may stand for "we have", never for "we had"
_AUX_VERB = {"have": "have", "has": "have", "is": "be", "are": "be", "am": "be", "was": "be-past", "were": "be-past",
             "do": "do", "does": "do"}


def _referent_named(d: Difference, insertions: list[str], before: str) -> bool:
    """Whether ``d`` puts a bracketed insertion's name ("[ pacetrack ]") in the place of words that refer
    to something ("the company", "it", "we"), the name said in ``before`` (the folded source up to the
    passage's end).

    >>> _referent_named(Difference("replace", "[ pacetrack ]", "the company", "party"), ["[PaceTrack]"],
    ...                 "a pacetrack spokesperson said the company was pleased")
    True
    >>> _referent_named(Difference("replace", "[ acme ]", "the company", "party"), ["[Acme]"], "a pacetrack spokesperson")
    False
    >>> _referent_named(Difference("delete", "", "the company", "content"), ["[PaceTrack]"], "pacetrack said the company")
    True
    """
    if d.kind not in ("replace", "delete") or not d.load_bearing:
        return False
    words = d.source_text.split()
    refers = (len(words) == 1 and words[0] in _STANDS_FOR_PRONOUNS) or (
        0 < len(words) <= 3 and words[0] in _REFERENT_ARTICLES and all(w.isalpha() for w in words))
    if not refers:
        return False
    # (the quote read without its brackets leaves the words out; read with them, it puts the name in their place)
    names = [fold(m.strip("[]")).text for m in insertions]
    if d.kind == "replace":
        said = " ".join(d.quote_text.replace("[", " ").replace("]", " ").split())
        names = [n for n in names if n == said]
    return any(n and f" {n} " in f" {before} " for n in names)


# a name defined as a party: 'Acme Corp. (the "Licensor")', "Acme ('Supplier')"
# (a defined term of up to four capitalised words: 'Corran Construction Ltd (the "Principal Contractor")')
_DEFINED_AS = re.compile(r"([A-Z][\w.&,' -]{1,100}?)\s*\((?:the\s+|hereinafter\s+)?[\"“'‘]([A-Z]\w+(?:[ \t]+[A-Z]\w+){0,3})[\"”'’]\)")


def _defined_party(text: str, name: str) -> str | None:
    """The party (folded) that ``text`` defines the folded name ``name`` as ('Acme Corp. (the
    "Licensor")' defines "acme" as "licensor"), or ``None``."""
    for found, party in _DEFINED_AS.findall(text[:_DEFINITIONS_CHARS]):
        if name in fold(found).text.lower().split():
            return fold(party).text.lower()
    return None


_DEFINITIONS_CHARS = 200_000  # how far into a document its parties' definitions are looked for


# 'referred to in this Agreement as "Company" or "Boyd"': the names after it
_REFERRED_AS = re.compile(r"referred\s+to\s+(?:\w+\s+){0,3}?as\s+((?:[\"“][A-Z][\w-]*[\"”](?:\s*,?\s*(?:or|and)?\s*)){1,3})")
_QUOTED_NAME = re.compile(r"[\"“]([A-Z][\w-]*)[\"”]")


def _party_aliases(text: str) -> tuple[frozenset[str], ...]:
    """The names ``text`` defines as one party, each group as written: 'MediaCo Holding Inc. (the
    "Licensee")' gives {"MediaCo", "Licensee"}; 'referred to in this Agreement as "Company" or
    "Boyd"' gives {"Company", "Boyd"}.

    >>> sorted(map(sorted, _party_aliases('Zentrix Ltd (the "Supplier") and R. Boyd, referred to as "Company" or "Boyd".')))
    [['Boyd', 'Company'], ['Supplier', 'Zentrix']]
    """
    key = (hash(text), len(text))  # a str keeps its hash: no text is copied, hashed again or held
    found = _ALIASES.get(key)
    if found is None:
        found = _aliases_in(text[:_DEFINITIONS_CHARS])
        with _ALIASES_LOCK:  # the verifier is shared between threads
            if len(_ALIASES) >= _ALIASES_KEPT:
                _ALIASES.pop(next(iter(_ALIASES)))
            _ALIASES[key] = found
    return found


_ALIASES: dict[tuple[int, int], tuple[frozenset[str], ...]] = {}
_ALIASES_LOCK = threading.Lock()
_ALIASES_KEPT = 256  # documents whose aliases are kept, oldest dropped first


# a person named with the role a decision calls them by, no quotation marks: "Marcus Delaney (the Athlete)"
_PERSON_AS = re.compile(r"\b([A-Z][a-z]+(?: [A-Z][a-z]+){1,2}) \(the ([A-Z][a-z]{3,})\)")
# a role given as a heading line's label: "Landlord: Hollis Estates Ltd", "Tenants: Priya Nair and Daniel Brooks"
# (a role of two words too, since the 60th stop: "Responsible Person: Carrow Estates Ltd")
_ROLE_LABEL = re.compile(r"^[ \t]*([A-Z][a-z]{3,}(?: [A-Z][a-z]{3,})?):[ \t]+([A-Z][\w.&' -]{2,60}?)[ \t]*$", re.MULTILINE)
# the same labels run together in one line, each name up to the next label: "Claimant: Orlen Marine Contractors Ltd.
# Respondent: Port Authority of Vastmere. Tribunal: ..."
_ROLE_RUN = re.compile(r"\b([A-Z][a-z]{3,}(?: [A-Z][a-z]{3,})?): ((?:[A-Z][\w&'.-]*|of|and|&)(?: (?:[A-Z][\w&'.-]*|of|and|&)){0,7}?)\.? (?=[A-Z][a-z]{3,}: )")


def _aliases_in(head: str) -> tuple[frozenset[str], ...]:
    """The groups of names of one party that ``head`` (a text's start) defines (:func:`_party_aliases`).

    >>> t = "Date: 9 May 2024\\nLandlord: Hollis Estates Ltd\\nTenants: Priya Nair and Daniel Brooks\\n\\nThe Landlord ..."
    >>> [sorted(g) for g in _aliases_in(t)]
    [['Hollis Estates', 'Hollis Estates Ltd', 'Landlord']]
    >>> [sorted(g) for g in _aliases_in("Federation v. Marcus Delaney (the Athlete). The Athlete was charged.")]
    [['Athlete', 'Delaney', 'Marcus Delaney']]
    >>> [sorted(g) for g in _aliases_in("Agent: LLC\\n\\nThe Agent shall act.")]  # (a name of a suffix alone)
    [['Agent', 'LLC']]
    >>> [sorted(g) for g in _aliases_in("Claimant: Orlen Marine Ltd. Respondent: Vastmere Port. The Claimant won.")]
    [['Claimant', 'Orlen', 'Orlen Marine', 'Orlen Marine Ltd']]
    >>> [sorted(g) for g in _aliases_in("Date: 6 August 2024\\nResponsible Person: Carrow Estates Ltd\\n\\nThe Responsible Person said.")]
    [['Carrow', 'Carrow Estates', 'Carrow Estates Ltd', 'Responsible Person']]
    >>> [sorted(g) for g in _aliases_in('On Calderbrook Wealth Limited ("Calderbrook" or the "Firm") a penalty.')]
    [['Calderbrook', 'Calderbrook Wealth', 'Firm']]
    """
    groups: list[frozenset[str]] = []
    if ":" in head:
        # a heading's role, when the text calls the party by it ("the Landlord"): the names as written, a
        # company's without its suffix ("Hollis Estates"), and two people as the pair ("Priya Nair and
        # Daniel Brooks")
        labels = head[:_ROLE_LABEL_CHARS]
        for role, names in _ROLE_LABEL.findall(labels) + _ROLE_RUN.findall(labels):
            words = names.rstrip(".").split()
            corporate = [w.strip(".,").lower() in _CORPORATE for w in words]
            # (names only: "Date: October 9, 2024" and "Property: Flat 4B, 17 Linden Row" name no party)
            if (not all(w[:1].isupper() or w in ("and", "&", "of") or c for w, c in zip(words, corporate))
                    or any(ch.isdigit() for ch in names)
                    or not re.search(rf"\b{role}\b", head[head.index(names) + len(names):])):
                continue
            bare = [w for w, c in zip(words, corporate) if not c]
            if bare:
                bare[-1] = bare[-1].rstrip(",")
            # (and a company by its first words, "Northgate Rail" for "Northgate Rail Infrastructure plc",
            # when its first word is no English word)
            short = [] if not bare or "and" in bare or is_known_word(bare[0].lower()) else \
                [" ".join(bare[:k]) for k in range(1, len(bare))]
            groups.append(frozenset({" ".join(words), " ".join(bare), role, *short} - {""}))
    if "(the " in head:
        # a person and the role a decision calls them by; the surname alone names them too
        groups += [frozenset({name, name.split()[-1], role}) for name, role in _PERSON_AS.findall(head)
                   if not is_known_word(name.split()[-1].lower())]
    if "referred" not in head and not any(mark in head for mark in ('("', "(“", "('", "(‘", "(the ", "(hereinafter")):
        return tuple(g for g in groups if len(g) > 1)  # no definition of a party in it: most texts, read in one pass
    # a lead-in's name must be no English word ("MediaCo", "Jetco"): "Convertible Note" defines no party
    defined = [(found, party, _defined_name(found)) for found, party in _DEFINED_AS.findall(head)]
    groups += [frozenset({name, party, *_whole_name(found, name)}) for found, party, name in defined
               if name is not None and not is_known_word(name.lower())]
    # (and a name of words joined by "of" or "for", or after a title, since the 63rd stop: 'the University of
    # Eastbridge (the "Institution")', 'Professor Amara Okonjo (the "PI")')
    groups += [frozenset({*names, party}) for found, party, name in defined
               if (names := _joined_name(found)) and (" " in names[0] or names[0] != name)]
    groups += [frozenset(_QUOTED_NAME.findall(m.group(1))) for m in _REFERRED_AS.finditer(head)]
    # two names given at once (since the 60th stop): 'Calderbrook Wealth Management Limited ("Calderbrook" or
    # the "Firm")' names one party by either
    groups += [frozenset({first, second, *_whole_name(found, first)}) for found, first, second in _DEFINED_AS_EITHER.findall(head)]
    return tuple(g for g in groups if len(g) > 1)


# a name defined by two names in one bracket, the first a name of its own
_DEFINED_AS_EITHER = re.compile(
    r"([A-Z][\w.&,' -]{1,100}?)\s*\((?:the\s+)?[\"“]([A-Z][\w-]+)[\"”],?\s+or\s+(?:the\s+)?[\"“]([A-Z]\w+(?:[ \t]+[A-Z]\w+){0,3})[\"”]\)")


_ROLE_LABEL_CHARS = 2_000  # a heading's labels are read at the text's start


_CORPORATE = frozenset("llc inc ltd corp co plc lp llp sa ag gmbh bv nv limited incorporated".split())


def _whole_name(found: str, first: str) -> list[str]:
    """The name a definition's lead-in ends with, from its first word ``first`` (:func:`_defined_name`) to its
    last capitalised word, a company's suffix left out: "Corran Construction" of "where Corran Construction
    Ltd" (none when that is the first word alone).

    >>> _whole_name("where Corran Construction Ltd", "Corran"), _whole_name("Acme", "Acme")
    (['Corran Construction'], [])
    """
    words = found.split()
    if first not in words:
        return []
    run = list(itertools.takewhile(lambda w: w[:1].isupper() or w == "&", words[words.index(first) :]))
    while run and run[-1].strip(".,").lower() in _CORPORATE:
        run.pop()
    return [" ".join(run).rstrip(",")] if len(run) > 1 else []


def _joined_name(found: str) -> list[str]:
    """The names of a definition's lead-in whose words are joined by "of" or "for", or follow a title: the
    whole name, its words before the first joiner, and a person's surname, alone and after the title; none
    when every word is an English word.

    >>> _joined_name("Between the Halvorsen Trust for Health Research")
    ['Halvorsen Trust for Health Research', 'Halvorsen Trust', 'Halvorsen']
    >>> _joined_name("and the University of Eastbridge"), _joined_name("Professor Amara Okonjo")
    (['University of Eastbridge', 'University'], ['Amara Okonjo', 'Okonjo', 'Professor Okonjo'])
    >>> _joined_name("the Board of Directors")
    []
    >>> _joined_name("Between Bramble Brands Franchising LLC")
    ['Bramble Brands Franchising', 'Bramble', 'Bramble Brands']
    """
    words = found.split(",")[-1].split()
    end = len(words)
    while end and not words[end - 1][:1].isupper():
        end -= 1
    start = end
    while start and (words[start - 1][:1].isupper() or (
            words[start - 1] in ("of", "for") and start > 1 and words[start - 2][:1].isupper() and start < end)):
        start -= 1
    run = [w.strip(".") for w in words[start:end]]
    while run and run[0].lower() in _LEAD_INS:
        run = run[1:]  # "Between Bramble Brands Franchising LLC"
    title = run[0] if run and run[0].lower().strip(".") in _TITLES else None
    run = run[1:] if title else run
    suffix = bool(run) and run[-1].lower() in _CORPORATE
    while run and run[-1].lower() in _CORPORATE:
        run.pop()
    # (English words name a company where its suffix says so: "Bramble Brands Franchising LLC")
    if not run or (all(is_known_word(w.lower()) for w in run if w not in ("of", "for")) and not suffix):
        return []
    names = [" ".join(run)]
    head = list(itertools.takewhile(lambda w: w not in ("of", "for"), run))
    if len(head) < len(run):
        names.append(" ".join(head))
    if title and len(run) > 1 and "of" not in run and "for" not in run:
        names += [run[-1], f"{title} {run[-1]}"]
    elif not title and len(run) > 1 and (suffix or not is_known_word(run[0].lower())):
        # a company by its first words ("Bramble", "Orchard Lane")
        names += [" ".join(head[:k]) for k in range(1, len(head)) if " ".join(head[:k]) not in names]
    return names


_LEAD_INS = frozenset("between by and with from to among amongst made dated".split())  # capitalised before a name


def _defined_name(found: str) -> str | None:
    """The first word of the name a definition's lead-in ends with: "MediaCo" of "MediaCo Holding
    Inc., an Indiana corporation", "Jetco" of "issued by the Company to Jetco Holdings, LLC", "Charles" of "Charles
    Webb & Company, a Division of Keefe, Bruyette & Woods, Inc." (the name before the last appositive).

    >>> _defined_name("Charles Webb & Company, a Division of Keefe, Bruyette & Woods, Inc.")
    'Charles'
    >>> _defined_name("Acme Corp., a Delaware corporation, and Beta LLC, a Texas company")
    'Beta'
    """
    raw = found.split(",")
    appositive = [k for k, seg in enumerate(raw) if k and seg.split()[:1] in (["a"], ["an"])]
    if appositive and (named := raw[appositive[-1] - 1].split()):
        found = " ".join(named[1:] if named[0] == "and" else named)  # the name the last appositive describes
    # (a clause's lead-in words before the name left out: "..., where Corran Construction Ltd")
    segments = [list(itertools.dropwhile(lambda w: w.islower(), seg.split())) for seg in found.split(",")]
    segments = [seg for seg in segments if seg and not all(w.strip(".").lower() in _CORPORATE for w in seg)]
    if not segments:
        return None
    words = segments[-1]
    end = len(words)
    while end and not words[end - 1][:1].isupper():
        end -= 1
    start = end
    while start and (words[start - 1][:1].isupper() or words[start - 1] == "&" and start > 1):
        start -= 1  # (a name joined by "&": "Charles Webb & Company")
    return words[start].strip(".") if start < end else None


def _one_party(d: Difference, text: str) -> bool:
    """Whether ``d`` puts one name of a party in the place of another that ``text`` gives it
    (:func:`_party_aliases`): "marcus delaney" for "athlete"."""
    if d.kind != "replace":
        return False
    said = {_possessor(d.quote_text), _possessor(d.source_text.removeprefix("the "))}
    return any(said <= {fold(n).text.lower() for n in group} for group in _party_aliases(text))


def _possessor(name: str) -> str:
    """A folded name without its possessive ending: "tamsin building" of "tamsin building's"."""
    return name.removesuffix("'s").removesuffix("’s").removesuffix("'")


_CAPITALISED = re.compile(r"\b[A-Z][\w-]+")


def _in_passage_terms(quote: str, passage: str, text: str) -> str:
    """``quote`` with each name that ``text`` defines as a party the passage names by another of
    its names written as the passage's name ("liable to Boyd" as "liable to Company" where the
    passage says "the Company" and the document 'referred to ... as "Company" or "Boyd"')."""
    if not any(w not in passage for w in _CAPITALISED.findall(quote)):
        return quote  # every name of the quote is the passage's: nothing to put in its terms
    for group in _party_aliases(text):
        said = [n for n in group if re.search(rf"\b{re.escape(n)}\b", passage)]
        if len(said) != 1:
            continue
        for n in sorted(group - {said[0]}, key=len, reverse=True):  # "Marcus Delaney" before "Delaney"
            if not re.search(rf"\b{re.escape(n)}\b", passage):
                quote = re.sub(rf"\b{re.escape(n)}\b", said[0], quote)
    return quote


def _capitalised_in(word: str, text: str) -> bool:
    """Whether folded ``word`` is written with a capital in ``text``."""
    return any(fold(m).text.lower() == word and m[:1].isupper() for m in re.findall(r"[\w'’]+", text))


def _wrong_party(mark: str, before: str) -> str | None:
    """The party the source names right before a bracketed insertion's place, when the
    insertion names a different one ("[the Landlord]" where the source says "the Tenant")."""
    inserted = {w for w in re.findall(r"\w+", mark.lower()) if word_category(w) == "party"}
    named = [w for w in before.split() if word_category(w) == "party" and w not in _PRONOUN_SET]
    if inserted and named and named[-1] not in inserted:
        return named[-1]
    return None


def _referent_elsewhere(mark: str, text: str, start: int) -> str | None:
    """The pronoun a bracketed name stands for ("[Duke Sergius IV] promptly awarded" for "He
    promptly awarded"), when the name is not the pronoun's: no word of it (titles, articles and
    regnal numbers aside) is in the pronoun's sentence or the one before, which names someone else
    ("[The Luther Bible]" for the "it" of a sentence about Luther's translation is the pronoun's).

    >>> t = "Sergius IV ruled Naples. They proclaimed Guaimar IV duke. He promptly awarded the title."
    >>> _referent_elsewhere("[Duke Sergius IV]", t, t.index("promptly"))
    'He'
    >>> _referent_elsewhere("[Guaimar IV]", t, t.index("promptly"))

    A first-person pronoun stands for the source's writer, whom the source may name anywhere (since the 62nd stop):

    >>> t = "We used revenue as the benchmark. Hartley Quinn LLP, Statutory Auditor"
    >>> _referent_elsewhere("[Hartley Quinn]", t, t.index("used"))
    """
    pronoun = _WORD_BEFORE.search(text, 0, start)
    if pronoun is None or pronoun.group(1).lower() not in _PRONOUN_SET:
        return None
    names = [w for w in re.findall(r"[A-Z][\w-]+", mark)  # "Tanaghrisson's": the name
             if w.lower() not in _TITLES and w.lower() not in ("the", "a", "an") and not re.fullmatch(r"[IVXLC]+", w)]
    if pronoun.group(1).lower() in _FIRST_PERSON and names and all(
            re.search(rf"\b{re.escape(w)}\b", text, re.I) for w in names):
        return None  # "[Hartley Quinn] used revenue" for the auditor's "We used revenue": the writer, named in the source
    here = _sentence_start(text, pronoun.start(1))
    near = text[_sentence_start(text, max(0, here - 2)) : pronoun.start(1)]
    said = {w.lower() for w in re.findall(r"[\w-]+", near)}
    if names and all(w.lower() not in said for w in names) and re.search(r"(?<![.!?]\s)\b[A-Z][a-z]+", near[1:]):
        return pronoun.group(1)
    return None


# titles a bracketed name may add to the name the source gives ("[Duke Guaimar IV]", "[Dr Reyes]")
_TITLES = frozenset("duke king queen prince princess lord lady sir dame mr mrs ms dr professor president chairman "
                    "emperor pope saint st count earl baron judge justice senator governor general".split())
_WORD_BEFORE = re.compile(r"(\w+)\s*\Z")
_NAME_BEFORE = re.compile(r"\b([A-Z][\w'’]*)\s*\Z")  # a capitalised word right before a span
_PRONOUN_SET = frozenset("we us you they he she it its their our your his her him them".split())
_FIRST_PERSON = frozenset("we us our i".split())


# words that limit or negate what comes before or after them; an ellipsis may not hide them
_HAS_DIGIT = re.compile(r"\d+(?:[.,]\d+)*")
_LIMITERS = frozenset(
    """not no never neither nor none without cannot unless except excluding excepting provided only
    notwithstanding""".split()
)
# words that open a condition or an exception right after a cut: "... will control [unless ...]"
# (and a condition by its adjective: "12 positions, eight of which are contingent on a grant"; since the 57th stop)
_EDGE_LIMITERS = _LIMITERS | frozenset("if when whenever until contingent conditional conditioned".split())
# ("rather than", "instead of": a negation in other words, since the 63rd stop)
_LIMITER_PAIRS = frozenset({("other", "than"), ("as", "if"), ("save", "for"), ("except", "for"), ("rather", "than"),
                            ("instead", "of")} | {
    # ("borne as the surveyor directs or, failing any direction, equally by the parties": since the 59th stop)
    ("failing", w) for w in ("any", "which", "such", "agreement", "that", "this", "the", "its", "their", "his", "her")} | {
    # the cases a claim holds in ("which in most cases we would expect to be ...": since the 63rd stop)
    (a, b) for a in ("most", "some", "certain") for b in ("cases", "circumstances", "instances")})
# ("subject matter" limits nothing; "..., as applicable, to the extent commercially practicable": since the 57th stop)
_EDGE_LIMITER_PAIRS = _LIMITER_PAIRS | {("subject", "to"), ("the", "extent"), ("insofar", "as")} | {
    ("save", w) for w in ("in", "as", "where", "when", "that", "with", "to")}  # ", save in an emergency approved by ..."
def _figure_in(words: list[str]) -> bool:
    """Whether ``words`` hold a figure, in digits or in words ("45", "forty-five")."""
    return any(figure(w) is not None or number_word_value(w) is not None for w in words)  # (figure() reads digits too)


_SCOPE_AFTER_CUT = frozenset("within outside inside".split())  # a place a claim holds in, right after a cut
_SCOPE_WORDS = 3  # ... and the words after it read
_EDGE_CHARS = 40  # how far past a cut the source is read for a limiting word
_OPENING_CONDITIONS = frozenset("except excepting unless notwithstanding provided providing if".split())
_REST_CHARS = 160  # ... and past a full stop the source does not have there, for the rest of its sentence
# a condition of time a sentence opens with, read where the quote capitalises the word after it, presenting
# the rest as a whole sentence ("No weight restriction is considered necessary" from "Pending the results of testing, no ...")
_OPENED_CONDITIONS = frozenset("pending where when whenever once until".split())
_OPENER_MAX_WORDS = 16  # an opening condition ("Subject to clause 6.2 and Schedule 4,") read before a cut, and no longer
_OPENER_AFTER_WORDS = 4  # words of a heading and a clause number before it
_DOCUMENT_POINTERS = frozenset("agreement terms conditions provisions below above following foregoing herein hereof "
                               "contract deed lease policy".split())  # "subject to" these points at the document
# openers a marked cut may start after: "Notwithstanding the foregoing," overrides rather than limits; after "If ...,"
# writers quote a rule's consequence as theirs (two of three such tuning quotes, and held-out ones, were faithful)
_NOT_OPENING_LIMITS = frozenset(("if", "notwithstanding"))
_HARD_OPENERS = frozenset("except excepting unless".split())  # an opening clause that holds one limits the rest
_REST_CONDITIONS = frozenset("unless except excepting excluding provided providing notwithstanding if whenever "
                             "until contingent conditional conditioned".split())
_REST_LIMITER_PAIRS = _EDGE_LIMITER_PAIRS - {("as", "if")} | {("in", "part"), ("should", "the"), ("as", "long"),
                                                             ("so", "long"), ("whichever", "is"), ("exception", "of")}
# ("allowed the appeal in part"; "1.5% per month, or the maximum permitted by law, whichever is lower")
_EDGE_WORDS = 3  # ... and how many words


def _clause_words(text: str, *, first: bool | None) -> list[str]:
    """Folded words of a stretch of source: the first few (``first=True``, after a cut), the last
    few (``False``, before a cut), or all of them (``None``, an omitted gap). Stops at a sentence end."""
    words = token_texts(fold(text).text)
    if first is True:
        return _first_words(words)
    if first is False:
        stop = max((i for i, w in enumerate(words) if w in (".", ";", "!", "?")), default=-1)
        return words[stop + 1 :][-_EDGE_WORDS:]
    return words


def _words_before(text: str, start: int) -> list[str]:
    """The last few folded words of ``text`` before ``start``, in its sentence: what a cut there leaves out."""
    return _clause_words(text[max(0, start - _EDGE_CHARS) : start], first=False)


def _own_clause(before: list[str]) -> list[str]:
    """The words of ``before`` (the words a head cut leaves out) in the fragment's own clause: after the last ", and"
    or ", but" that opens a clause of its own, and without the "provided that" whose proviso the fragment is (since
    the 63rd stop).

    >>> _own_clause("this is not a disciplinary procedure , and".split())
    []
    >>> _own_clause("the owner may require deposits , provided that".split())
    ['the', 'owner', 'may', 'require', 'deposits', ',']
    >>> _own_clause("the landlord is not".split())
    ['the', 'landlord', 'is', 'not']
    """
    at = max((i for i in range(len(before) - 1) if before[i] == "," and before[i + 1] in ("and", "but")), default=None)
    words = before[at + 2 :] if at is not None else before
    while words and words[-1] in (",", "that", "however") and "provided" in words[-4:]:
        words = words[:-1]
    return words[:-1] if words[-1:] == ["provided"] else words


_LIST_REACH = 8  # words before a cut where the negator of a list of verbs that runs up to it may stand


def _negated_list_before(text: str, start: int) -> str | None:
    """The negator that governs a list running up to ``text[start]`` ("not sell, rent or otherwise"
    before "disclose"): a "not" or "never" within :data:`_LIST_REACH` words in the same clause, with
    "or", "and" or "nor" between it and the cut. ``None`` otherwise.

    >>> t = "The Provider shall not sell, rent or otherwise disclose Customer Data."
    >>> _negated_list_before(t, t.index("disclose"))
    'not sell , rent or otherwise'
    >>> _negated_list_before(t, t.index("Customer")) is None
    True
    """
    words = token_texts(fold(text[max(0, start - 2 * _EDGE_CHARS) : start]).text)
    stop = max((i for i, w in enumerate(words) if w in (".", ";", ":", "!", "?")), default=-1)
    words = words[stop + 1 :][-_LIST_REACH:]
    at = max((i for i, w in enumerate(words) if w in ("not", "never") or w.endswith("n't")), default=None)
    if at is None or not {"or", "and", "nor"} & set(words[at + 1 :]) or len(words) - at > _LIST_REACH - 2:
        return None
    return " ".join(words[at:])


def _first_words(words: list[str]) -> list[str]:
    """The first few of ``words``, up to the end of their sentence."""
    stop = next((i for i, w in enumerate(words) if w in (".", ";", "!", "?")), len(words))
    return words[: min(stop, _EDGE_WORDS)]


_GAP_IF_WORDS = 3  # words at a long gap's start where its "if" opens a condition of what follows


def _hidden_in_gap(t: str, a: _Match, b: _Match) -> list[str]:
    """Limiting words an ellipsis leaves out where they attach to the quote: at the start of the
    gap when the fragment before it does not end its sentence, at its end when the fragment after
    it does not start one, anywhere in a short gap."""
    gap = t[a.fend : b.fstart]
    # a gap of a whole document is read only as far as its words decide (the last word of a
    # cut-off head may be cut, the ones before it are the gap's own)
    head = _clause_words(gap[:_GAP_HEAD_CHARS], first=None) if len(gap) > _GAP_HEAD_CHARS else None
    words = head if head is not None and len(head) > _SHORT_GAP_WORDS + 1 else _clause_words(gap, first=None)
    ends_sentence = t[max(a.fstart, a.fend - 1) : a.fend] in (".", ";", "!", "?", ":")
    if len(words) <= _SHORT_GAP_WORDS and not any(w in (".", ";", "!", "?") for w in words):
        if ends_sentence and _opens_with_condition(words) and words[0] not in _GAP_PROVISOS:
            # "Rates will fall if inflation eases. ... the Bank would keep rates on hold" leaves out "If wage
            # growth stays high,": the next fragment's sentence without the condition it opens with
            return [words[0], *_limiters(words[1:])]
        before_gap = token_texts(t[max(a.fstart, a.fend - 60) : a.fend])
        whole = _TOTAL_WORDS.intersection(words)
        if whole and any(w in _LIMITERS or w.endswith("n't") for w in before_gap[-8:]):
            # "we are not proposing to pass the … increase on" for "... the full increase": a negation narrowed to the
            # whole, told of any of it (since the 61st stop)
            return sorted(whole)
        window = _TIME_WINDOW_IN_GAP.match(" ".join(words))
        if window is not None and _RELATIVES.intersection(before_gap[-6:]):
            # "Patients who received the drug ... had a 30% lower risk" for "... within three hours of
            # symptom onset had ...": the time that narrows who the finding is about
            return [*_limiters(words), window.group()]
        if words[:1] == [","] and words[-1:] == [","] and len(words) > 3 and words[1] in _ASIDE_CONDITIONS:
            # "may result in a fine and ... revocation of the licence" for "a fine and, after repeated convictions,
            # revocation": the condition the next fragment holds on, set off by commas (since the 64th stop)
            return [*_limiters(words), " ".join(words[1:-1])]
        # a hedge the short gap ends with governs the next fragment ("which [the investigation considers is likely to
        # have] accelerated crack growth"): left out, a finding is asserted (since the 64th stop); not one the fragment
        # before keeps in its own words ("This rare honour suggests that ... visited the site")
        hedge = _HEDGE_ENDS_GAP.search(" ".join(words))
        kept = hedge is not None and not _GAP_HEDGES.isdisjoint(before_gap[-_GAP_HEDGE_WORDS:])
        return _limiters(words) + ([hedge.group(1)] if hedge and not kept else [])
    # the words of the gap's end in the next fragment's sentence (its clause, as _clause_words reads it)
    tail_text = gap[-_GAP_HEAD_CHARS:]
    # (a sentence ends at a mark before a space, not at the dot of "Women.com")
    last_end = max((m.end() for m in _GAP_SENTENCE_END.finditer(tail_text)), default=0)
    # (a predicate of its own the gap opens and runs to its sentence's end, negation and all: "for entertainment
    # purposes only ... [and does not provide any guarantees of winning.] The rules ..." leaves the fragment
    # before it as it was; since the 55th stop)
    own_predicate = last_end > 0 and _OWN_PREDICATE.match(gap) is not None
    after_a = [] if ends_sentence or own_predicate else _limiters(_first_words(words))
    if not ends_sentence and last_end == 0 and "if" in words[:_GAP_IF_WORDS] and "if" not in after_a:
        # "Modelling indicates that … four-hour performance could reach 74%" for "..., if all measures are implemented
        # in full, bed occupancy could fall to 93% and four-hour performance could reach 74%": a condition the gap
        # opens, of the rest of the sentence the next fragment is in (since the 62nd stop)
        after_a.append("if")
    opener = token_texts(fold(tail_text[last_end:]).text)
    # and those just before it: "... in participants older than 65" cut from "The reduction was not
    # statistically significant in participants older than 65"
    before_b = opener[-_EDGE_WORDS:]
    # a hedge that governs the next fragment ("..., I consider it likely that [the resistance was
    # nearer 30 minutes]"): left out, the fragment is asserted as a finding
    hedges = [w for w in before_b[-_GAP_HEDGE_WORDS:] if w in _GAP_HEDGES]
    # and a condition the next fragment's sentence opens with in the gap ("...; if no resolution is
    # reached within a further thirty (30) days, [the Customer may terminate]"): the fragment without it
    # (not a proviso: what follows "provided that" is the exception itself, which the fragment states)
    # (the gap opens a sentence or a clause where the fragment before it ends one: "The Insured may cancel
    # at any time; ... a pro rata refund of premium will be paid" leaves out "if no claim has been made")
    condition = [opener[0]] if (_opens_with_condition(opener) and (last_end > 0 or ends_sentence)
                                and opener[0] not in _GAP_PROVISOS) else []
    if not condition and (last_end > 0 or ends_sentence) and (scope := _LIMITING_OPENER.fullmatch(" ".join(opener))) \
            and _limiting_key(scope) not in token_texts(fold(b.folded_quote).text):
        # "... greater weight is placed on the Bornhuetter-Ferguson method" leaves out "For the most recent two accident
        # years of long-tail classes,": the case the next fragment's sentence holds in (since the 61st stop)
        condition = [scope.group().rstrip(" ,")]
    # and a fallback the next fragment is only ("borne as the surveyor directs or, failing any direction, [equally
    # by the parties]"): left out, the fallback is told as the rule (since the 59th stop)
    fallback = [f"failing {opener[j + 1]}" for j in range(max(0, len(opener) - _GAP_HEDGE_WORDS), len(opener) - 1)
                if opener[j] == "failing" and ("failing", opener[j + 1]) in _LIMITER_PAIRS]
    return after_a + _limiters(before_b) + hedges + [w for w in condition if w not in before_b] + fallback


# a time a claim holds in, right before a span: ", since March 2022, [has not entered ...]" (not the date a rule starts
# from: "From 1 December 2023, [theatre lists will be generated ...]")
_TIME_SCOPE_BEFORE = re.compile(
    r"\b(?:since|until)\s+((?:(?:the\s+)?\d{1,2}(?:st|nd|rd|th)?\s+)?(?:January|February|March|April|May|"
    r"June|July|August|September|October|November|December)?\s*\d{4}|\d{1,2}\s+\w+\s+\d{4}),\s*$", re.I)
_TIME_SCOPE_CHARS = 40
# a defined term's label right after a span: ' (the "Minimum Term")' (since the 63rd stop)
_LABEL_AFTER = re.compile(r"[ \t]*\((?:the[ \t]+)?[\"“][^\"”()\n]{1,60}[\"”]\)")
_SHORT_GAP_WORDS = 8  # an omitted stretch this short is read whole for limiting words
# words that open a condition set off by commas in a short gap (", after repeated convictions,")
_ASIDE_CONDITIONS = frozenset("if when where whenever after following upon once until unless subject provided".split())
_TOTAL_WORDS = frozenset("full fully entire entirely whole wholly all".split())
_OWN_PREDICATE = re.compile(r"\s*,?\s*(?:and|but)\s+(?:does|do|did|shall|will|may|must|can|could|would|should|is|are|was|"
                            r"were|has|have|had)\s+not\b", re.I)
_GAP_SENTENCE_END = re.compile(r"[.;!?](?=\s)")
_GAP_PROVISOS = frozenset(("provided", "providing", "notwithstanding"))
_TIME_WINDOW_IN_GAP = re.compile(r"(?:within|in the first|during the first) [\w.-]+ (?:hours?|days?|weeks?|months?|years?|minutes?)\b")
_RELATIVES = frozenset("who whose that which".split())
_GAP_HEDGE_WORDS = 6  # the words of a gap right before the next fragment read for a hedge that governs it
_GAP_HEDGES = frozenset("likely unlikely probably possibly perhaps may might could suggest suggests suggested "
                        "appears appear seems seem believe believes estimated".split())
_GAP_HEAD_CHARS = 400  # a longer gap is first read this far: enough words to decide, mostly
# a hedge a short gap ends with, whose verb is the next fragment's ("is likely to have", "may have", "perhaps"; not a
# month, "issued in May", nor an estimate in an aside, "(estimated)")
_HEDGE_ENDS_GAP = re.compile(r"\b((?:likely|unlikely|expected|thought|believed|estimated|appears?|seems?|projected|"
                             r"forecast|predicted) to(?: have| be)?|(?:may|might|could) (?:have|be)|probably|possibly|"
                             r"perhaps)$")


def _finds(text: str, needle: str) -> Iterator[int]:
    """Every place of ``needle`` in ``text``, in order (overlapping ones too)."""
    i = text.find(needle)
    while i >= 0:
        yield i
        i = text.find(needle, i + 1)


_PREFIX_MAX_CHARS = 3  # a negating prefix is at most this long ("non")
_WORD_MAX_CHARS = 40  # how far a word is read past a cut


def _cuts_a_word(text: str, at: int, until: int) -> bool:
    """Whether ``text[at:until]`` starts or ends inside a word of ``text`` with a piece that is a word
    or a figure of its own: "he" in "She", "4.1" in "4.15" (another word, for the fuzzy stage to
    compare), not "possessi" in "possession" (a cut).

    >>> t = "She paid $4.15 billion for the possession."
    >>> cut = t.index("possession") + len("possessi")
    >>> _cuts_a_word(t, 1, 8), _cuts_a_word(t, 5, 13), _cuts_a_word(t, 0, 8), _cuts_a_word(t, 27, cut)
    (True, True, False, False)

    A raised digit after the quote is no part of its last word; each edge is read on its own:

    >>> u = "She paid 10² dollars"
    >>> _cuts_a_word(u, 4, 11), _cuts_a_word(u, 1, 11)
    (False, True)
    """
    starts_inside = 0 < at < len(text) and is_word_char(text[at - 1]) and is_word_char(text[at])
    # (a raised or lowered digit after the quote, "0000" of "0000²", is a mark of its own, no part of a word)
    ends_inside = (0 < until < len(text) and is_word_char(text[until - 1]) and is_word_char(text[until])
                   and not (text[until].isdigit() and not text[until].isascii()))
    head = _EDGE_WORD.match(text, at, until) if starts_inside else None
    tail = _EDGE_WORD_END.search(text, at, until) if ends_inside else None
    return any(piece is not None and _own_word(piece.group()) for piece in (head, tail))


def _own_word(piece: str) -> bool:
    """A piece of a cut word that is a word or a figure of its own."""
    w = fold(piece).text
    # (a piece of three letters or fewer is a word only if it is a common short word: "he" of "She", "no" of
    # "notice"; the word list also holds endings and abbreviations, "ing", "re", "co", that no quote means)
    return (piece.isascii() and piece.isdigit()) or (w in _SHORT_WORDS if len(w) <= 3 else is_known_word(w))


_SHORT_WORDS = frozenset("""he she it we us me my his her him our you no not nor an as at by if in is of on or so to up
    do be am are was who any all one two six ten new old own off out its the and but for per may can nil
    men man son age law tax fee day end use act net war ill""".split())  # ("men" of "women", "man" of "woman")


def _cut_negation(text: str, at: int, until: int) -> tuple[int, str, str] | None:
    """When a match ``text[at:until]`` starts inside a word of ``text`` whose negating prefix it leaves
    out, and holds the rest of that word ("either" in "neither", "lawful" in "unlawful"; not "o" in
    "none"): the word's start, the word and its rest."""
    if at == 0 or not (text[at - 1].isalnum() and text[at : at + 1].isalnum()):
        return None
    start = at - 1
    while start > 0 and text[start - 1].isalnum():
        start -= 1
        if at - start > _PREFIX_MAX_CHARS:
            return None
    end = at
    while end < len(text) and end - at < _WORD_MAX_CHARS and text[end].isalnum():
        end += 1
    if end > until:
        return None  # the match ends inside the word too: a piece of it, no word of its own
    whole, part = text[start:end], text[at:end]
    return (start, whole, part) if negation_cut_off(fold(whole).text, fold(part).text) else None


def _limiters(words: list[str], *, edge: bool = False) -> list[str]:
    """The limiting words among ``words`` ("other than" and "as if" count as one)."""
    found = [w for i, w in enumerate(words) if (w in (_EDGE_LIMITERS if edge else _LIMITERS) or w.endswith("n't"))
             and not (w == "without" and words[i + 1 : i + 2] and words[i + 1] in WITHOUT_NO_LIMIT)
             and not (w == "provided" and not proviso_at(words, i))]
    pairs = _EDGE_LIMITER_PAIRS if edge else _LIMITER_PAIRS
    found += [f"{a} {b}" for a, b in itertools.pairwise(words) if (a, b) in pairs]
    return found


def _starts_sentence(r: QuoteResult, docs: list[_Doc]) -> bool:
    """Whether the source's sentence starts where the quote's first span starts."""
    span = r.spans[0]
    text = _span_text(span, docs)
    before = text[max(0, span.start - 3) : span.start].rstrip(" \t\"'“‘([")
    return not before or before[-1] in ".;:!?\n"


def cut_in_context(result: QuoteResult, sources: Sequence[Source], before: str) -> QuoteResult:
    """A quote worked into an answer's own sentence right after the place where the source negates
    or limits it, when the answer before the quote does not say so either: 'the reduction was
    "statistically significant"' from "the reduction was not statistically significant".
    ``before`` is the answer's text just before the opening mark.

    The verifier alone cannot tell: 'the reduction was not "statistically significant"' quotes the
    same words faithfully. A verbatim or near-verbatim result whose source words just before its
    span (in the same clause) hold a limiting word ("not", "without", "except", "only", ...) becomes
    ``altered`` when the answer's words just before the quote hold none; anything else comes back
    unchanged. (A quote with a leading ellipsis was read for this already. What follows a quote is
    not read: a stream releases a quote when it closes, before the rest of the sentence arrives,
    and a streamed answer must get the verdicts the whole answer gets.)

    >>> from quote_guard import Verifier
    >>> src = [Source("trial", "In older adults the reduction was not statistically significant.")]
    >>> [r] = Verifier().verify(["statistically significant"], src)
    >>> cut_in_context(r, src, "In older adults the reduction was ").verdict.value
    'altered'
    >>> cut_in_context(r, src, "In older adults the reduction was not ").verdict.value
    'verbatim'
    """
    if result.verdict not in (Verdict.VERBATIM, Verdict.NEAR_VERBATIM) or len(result.spans) != 1:
        return result
    span = result.spans[0]
    text = next((s.text for s in sources if s.id == span.source_id), None)
    frags = split_ellipsis(result.quote.strip())
    if text is None or not frags or not result.quote.strip().startswith(frags[0][0]):
        return result
    found = _limiters(_words_before(text, span.start))
    said = _clause_words(before[-2 * _EDGE_CHARS :], first=False)[-_CONTEXT_WORDS:]
    if not found or _limiters(said, edge=True):
        return result  # nothing limits it there, or the answer states a limit of its own ("only with notice")
    diffs = result.metrics.differences + tuple(Difference("delete", "", w, "negation") for w in found[:3])
    return replace(result, verdict=Verdict.ALTERED, metrics=replace(result.metrics, differences=diffs),
                   reason=f"the quote starts right after the source's {', '.join(repr(w) for w in found[:3])}, and "
                   "the answer before it does not say so: it claims what the source does not")


_CONTEXT_WORDS = 4  # answer words before a quote read for a limit it states itself


def _first_word(quote: str) -> str:
    """The quote's first word, lower-cased ("Six passengers" -> "six")."""
    m = re.match(r"\W*([\w,.]+)", quote)
    return m.group(1).lower().rstrip(".,") if m else ""


_NOT_SIGNIFICANT = re.compile(
    r"[^.;!?]{0,80}?\b(?:(?:not|non-?)\s*(?:statistically\s+)?significan\w*|statistically\s+insignifican\w*"
    r"|significan\w*\s+only\b|(?:interpreted|treated|viewed|read)\s+with\s+caution|hypothesis[-\s]generating"
    r"|not\s+(?:pre-?specified|pre-?registered|adjusted\s+for\s+multiple))", re.I)


# the case a claim holds in: "under intermediate and higher emissions scenarios", "in the adverse scenario"
_SCENARIO = r"(?:under|in)\s+(?:[\w-]+\s+){0,5}?scenarios?\b"
# a limit that cuts a claim down wherever it stands: an exception, a sole condition, a duty to ask
# first, a cap, an assumption, an end ("but only to the extent", "only if", "save for", "unless",
# "except", "with the exception of", "other than", "without the prior written consent of", "without
# the Company's approval", ", or ..., whichever is lower", ", not to exceed", ", assuming", "until",
# and "if" with no comma before it), also past a defined term in brackets. "provided that" is left
# to the caveat: writers quote a right without its proviso both ways; so are the limits that open a
# sentence ("Notwithstanding the foregoing,"), but for an exception (:func:`_hard_opener_before`).
_HARD_LIMIT = re.compile(
    # a defined term between: '... from any source ("Included Investors"), except', '(each, an "Extension Period")
    # unless', '(the "Marketing and Sale Restriction"); provided that'
    # (or a short aside, since the 64th stop: "for every 1,000 litres supplied in the previous milk year (1 April to 31
    # March), up to a maximum of 2,000,000 Ordinary Shares")
    r"(?:\s*\([^()\"“]{0,80}[\"“][^\"”()]{1,60}[\"”]\)|\s*\([^()\"“”\n]{1,40}\)(?=\s*[,;]))?"
    r"\s*[,;(]?\s*(?:but\s+only\b|only\s+(?:if|where|when|to\s+the\s+extent)\b|save\s+(?:for|as|that|where|in|to\s+the\s+extent)\b|unless\b|so\s+long\s+as\b"
    r"|except\b|with\s+the\s+exceptions?\s+of\b|other\s+than\b|or\b[^.;!?]{0,80}?\bwhichever\s+is\b|until\b"
    r"|nor\b[^.;!?]{0,80}?,\s*(?:unless|except)\b|but\s+(?:[\w'’-]+\s+){1,6}(?:must|shall)\s+(?:first\s+)?(?:give|provide|notify|obtain|consult|inform)\b"
    # (since the 57th stop: "... remains permissible without a warrant, but requires reasonable suspicion"; a part of
    # what the fragment names made conditional, "12 additional firefighter positions, eight of which are contingent
    # on the City receiving a federal SAFER grant")
    r"|but\s+(?:only\s+)?(?:requires?|required|needs?)\b"
    r"|[\w-]+\s+of\s+(?:which|whom|them)\s+(?:are|is|were|will\s+be|would\s+be)\s+(?:contingent|conditional|conditioned|subject|dependent)\b"
    r"|not\s+to\s+exceed\b|assuming\b|(?<![,;(\s])[ \t]+(?:if|where)\b"
    # (since the 60th stop) after a comma, a condition on a figure: "may reduce it, but not below 2%, where the reserve
    # exceeds 120% of the modelled loss"
    r"|(?<=[,;]\s)(?:where|if)\s+(?:the|a|an|any|its|their|such)\s+(?:[\w-]+\s+){0,3}?(?:exceeds?|exceeded|falls?\s+(?:below|short)|fell\s+below"
    r"|is\s+(?:more|less|greater|lower|higher)\s+than|fails?|failed)\b"
    r"|which\s+(?:breach|failure|default)\s+(?:has\s+|shall\s+have\s+)?(?:remain|remains|remained|continue|continues|continued|persist|persists|persisted|is\s+not\s+(?:cured|remedied))\b"
    # ("provided these are disclosed", "save in exceptional circumstances": since the 63rd stop)
    r"|provided\s*,?\s*(?:(?:however|further|always)\b|that\b|(?:the|a|an|all|such|each|any|it|they|he|she|its|their|these"
    r"|those|this|we|you|there)\b|\d)"
    r"|but\s+not\s+(?:to\s+exceed|more\s+than)\b|but\s+no\s+(?:later|earlier|more|less)\s+than\b|reduced\s+by\b|less\s+(?:any|all|applicable)\b|(?:contingent|conditional|conditioned)\s+(?:on|upon)\b|solely\b|to\s+the\s+extent\b|subject\s+to\b|(?:but\s+)?excluding\b"
    r"|however\s*,?\s*(?:if|where|when|in\s+the\s+event)\b|or\s*,?\s*in\s+the\s+case\s+of\b|(?:for\s+)?as\s+long\s+as\b"
    r"|with\s+the\s+(?:prior\s+)?(?:written\s+)?(?:consent|approval|agreement|permission)\s+of\b"
    # (since the 59th stop: "any improvement carried out by the Tenant with the Landlord's consent, otherwise than
    # ..."; "was lawfully in its possession before the date of this Agreement, as evidenced by written records")
    r"|with\s+(?:the\s+)?[\w-]+(?:'s|’s|s')\s+(?:prior\s+)?(?:written\s+)?(?:consent|approval|permission)\b"
    r"|as\s+evidenced\s+by\b"
    r"|up\s+to\s+(?:a\s+)?(?:maximum|max|total|aggregate|cap|limit)\b|up\s+to\s+the\s+amount\s+of\b"
    r"|at\s+the\s+(?:sole\s+|absolute\s+)?discretion\s+of\b"
    # (since the 58th stop: "..., valid for 30 days, on request.": given only when asked for)
    r"|(?:only\s+)?(?:on|upon)\s+(?:written\s+)?(?:request|application|demand)(?=\s*[.;])"
    r"|capped\s+at\b"
    # (since the 62nd stop: "Our findings do not support the original claim ..., at least under the conditions tested
    # here": how far the finding holds)
    r"|at\s+least\s+(?:under|in|for|among|within)\s+(?:the|these|this|those)\b"
    # (since the 59th stop: "... benchmarks in its Performance Plan, so far as reasonably practicable")
    r"|(?:so|as)\s+far\s+as\s+(?:is\s+)?(?:reasonably\s+)?(?:practicable|possible|feasible)\b"
    # (since the 60th stop: "the Contractor's liability for liquidated damages shall cease, save in respect of any
    # Section not yet certified")
    r"|save\s+in\s+(?:respect|relation)\s+(?:of|to)\b"
    # (since the 60th stop: "within 24 hours of admission, or within 14 hours for patients admitted via the Acute Medical
    # Unit": another limit for some of them)
    r"|or\s+within\s+[\w\s()-]{1,30}?\s+(?:for|in\s+the\s+case\s+of|where|if)\b"
    r"|(?:where|if|when|insofar\s+as)\s+(?:it\s+is\s+)?(?:reasonably\s+)?(?:practicable|possible|feasible)\b"
    r"|(?:during|in|for|within|at|on)\s+[^.;:,!?]{1,40}?\bonly\b"
    # (since the 61st stop: "... more intense and more frequent in the northern sub-basin under intermediate and higher
    # emissions scenarios": the case it holds in)
    rf"|{_SCENARIO}"
    r"|(?:for|during|in)\s+the\s+first\s+(?:[\w-]+\s+){0,2}(?:years?|months?|weeks?|days?|quarters?)\b"
    # (since the 61st stop: "We will not charge exit fees if you switch ... in the last 49 days of the term")
    r"|(?:in|during|within)\s+the\s+(?:last|final)\s+(?:[\w-]+\s+){0,2}(?:years?|months?|weeks?|days?|quarters?)\b"
    r"|without\s+(?:first\s+)?(?:(?:the|its|their|his|her|our|your)\s+)?(?:[\w-]+(?:'s|’s|s')\s+)?"
    r"(?:prior\s+|express\s+|written\s+|advance\s+)*(?:written\s+)?(?:consent|approval|permission|authori[sz]ation|agreement)\b)"
    r"[^.;!?]{0,60}", re.I)


# the population a finding holds in, right after it: "... of invasive cases in the population aged 75 years
# and older" (read after a fragment of six words or more: a short phrase, "not statistically significant",
# is quoted as a phrase)
_POPULATION_AFTER = re.compile(
    r"[ \t]+(?:in|among)\s+(?:the\s+)?(?:population|patients|participants|subjects|subgroup|adults|children|women|"
    r"men|people|persons|those|individuals)\s+(?:aged|with|who|over|under|older|younger|without|in|already|taking|receiving"
    r"|treated|undergoing)\b[^.;!?]{0,60}", re.I)
_POPULATION_MIN_WORDS = 6


# an impersonal frame that makes what follows a claim the writer reports, not one it makes
_HEDGE_FRAME = re.compile(
    r"\bit\s+(?:is|was|has\s+been|had\s+been|remains|seems|appears)\s+(?:\w+\s+)?(?:claimed|alleged|suggested|speculated"
    r"|rumou?red|thought|believed|possible|unlikely|unclear|uncertain|doubtful|not\s+known)\s+(?:that|whether|if)\s*$"
    # "There is criticism that", "there have been allegations that", "Some have argued that"
    r"|\bthere\s+(?:is|are|was|were|has\s+been|have\s+been)\s+(?:\w+\s+)?(?:criticism|speculation|concerns?|claims"
    r"|allegations|suggestions|rumou?rs|fears|doubts?)\s+that\s*$"
    r"|\bsome\s+(?:have\s+|had\s+)?(?:argue|argued|claim|claimed|believe|believed|suggest|suggested|speculate"
    r"|speculated|allege|alleged)\s+that\s*$"
    # a plan, not an act: "it is contemplated that PAPA JOHN'S and CELEBRITY will enter into ..."
    # (an expectation too, since the 63rd stop: "It is expected that [the Scheme will become effective ...]")
    r"|\bit\s+(?:is|was)\s+(?:\w+\s+)?(?:contemplated|anticipated|envisaged|proposed|intended|expected|hoped|planned"
    r"|likely|estimated|projected|forecast|predicted)\s+that\s*$"
    # the writer's belief, not a fact: "We believe that [the Company is not exposed to any significant credit risk]"
    # (since the 55th stop, without its "that": "We believe [personalised offers contributed to higher basket sizes]")
    r"|\b(?:we|management)\s+(?:currently\s+|also\s+|further\s+)?(?:believe|believes|think|thinks)(?:\s+that)?\s*$",
    re.I)
# a frame that denies what follows: "I don't agree with Mrs K that [Harbour should pay ...]", "there is no
# evidence that", "the tribunal rejected the submission that", "it is not the case that"
_DENIAL_FRAME = re.compile(
    r"\b(?:do|does|did|can|could)\s*(?:not|n't|n’t)\s+(?:agree|accept|think|believe|consider|find|see|say|conclude"
    r"|persuaded)\b[^.;:!?]{0,40}\bthat\s*$"
    r"|\b(?:don't|doesn't|didn't|can't|couldn't|cannot|don’t|doesn’t|didn’t|can’t|couldn’t)\s+(?:agree|accept|think"
    r"|believe|consider|find|see|say|conclude)\b[^.;:!?]{0,40}\bthat\s*$"
    r"|\b(?:no|not\s+any|little|insufficient)\s+(?:evidence|proof|indication|basis|reason\s+to\s+(?:think|believe))\s+that\s*$"
    r"|\b(?:reject|rejects|rejected|dismiss|dismissed|dismisses|deny|denies|denied)\s+(?:the|any|his|her|their|its)\s+"
    r"(?:claim|submission|argument|contention|suggestion|allegation|assertion)s?\s+that\s*$"
    r"|\b(?:is|was)\s+not\s+(?:the\s+case|true|established|proven|proved|shown|satisfied)\s+that\s*$"
    r"|\b(?:not|un)\s*(?:persuaded|satisfied|convinced)\s+that\s*$",
    re.I)


_HEDGE_FRAME_CHARS = 60  # how far before a fragment such a frame is looked for: it is a few words


def _hedge_frame_before(r: QuoteResult, docs: list[_Doc]) -> str | None:
    """The frame right before a verbatim fragment, in its sentence, when it is an impersonal hedge
    ("It has been claimed that", "it is unclear whether", "It was widely believed that", "There is criticism
    that", "Some have argued that").

    >>> t = "Zinn wrote on it. It has been claimed that the Hungarians directed civil disobedience."
    >>> r = QuoteResult("the Hungarians directed civil disobedience", Verdict.VERBATIM,
    ...                 spans=(Span("d", t.index("the Hung"), len(t) - 1),))
    >>> _hedge_frame_before(r, [_Doc(Source("d", t), None, 0)])
    'It has been claimed that'
    """
    return _frame_before(r, docs, _HEDGE_FRAME, _HEDGE_FRAME_CHARS)


def _denial_frame_before(r: QuoteResult, docs: list[_Doc]) -> str | None:
    """The frame right before a verbatim fragment, in its sentence, when it denies the fragment ("I
    don't agree with Mrs K that", "there is no evidence that", "the tribunal rejected the submission
    that"): whatever the fragment says, negations included, the source denies.

    >>> t = "That said, I don't agree with Mrs K that Harbour should pay to replace the entire kitchen."
    >>> r = QuoteResult("Harbour should pay to replace the entire kitchen", Verdict.VERBATIM,
    ...                 spans=(Span("d", t.index("Harbour"), len(t) - 1),))
    >>> _denial_frame_before(r, [_Doc(Source("d", t), None, 0)])
    "don't agree with Mrs K that"
    """
    return _frame_before(r, docs, _DENIAL_FRAME, _DENIAL_FRAME_CHARS)


_DENIAL_FRAME_CHARS = 100
# an exception to what follows, made by pointing at another section, right before a fragment inside its
# sentence: "provided, however, that except as provided in Section 20.4 [either Party may assign ...]",
# "subject to Article 7, [the Licensee may ...]" ("subject to the terms of this Agreement" is no such exception)
_SECTION_EXCEPTION = re.compile(
    r"\b(?:(?:except|save)\s+as\s+(?:otherwise\s+|expressly\s+|specifically\s+)?(?:provided|set\s+forth|permitted|stated)"
    r"\s+(?:in|by|under)|subject\s+to(?:\s+the\s+(?:terms|provisions)\s+of)?)\s+(?:sections?|articles?|clauses?|paragraphs?)"
    r"\s+(?:[\w.()]*[\w)])(?:\s*(?:,|and|or|through|to)\s*[\w.()]*[\w)]){0,3}(?:\s+(?:below|above|hereof|of\s+this\s+agreement))?\s*,?\s*$",
    re.I)
_SECTION_EXCEPTION_CHARS = 90
# a part named right before a fragment ("Much of [southern California is famous for ...]"), and a quote
# that names a part of its own
# ("part of", "portion of" are left out: "as part of the Services", "forms part of this Agreement")
_PART_OF = re.compile(r"\b(?:much|most|some|many|half|several|certain|(?:a|the)\s+(?:majority|minority))\s+of\s+(?:the\s+)?$",
                      re.I)
_PART_OF_CHARS = 30
_QUANTIFIED = re.compile(r"\W*(?:\.{3}|…)?\s*(?:much|most|some|part|parts|many|half|several|certain|portions?|a\s+few|few|"
                         r"(?:a|the)\s+(?:majority|minority))\b", re.I)


def _frame_before(r: QuoteResult, docs: list[_Doc], frame: re.Pattern[str], chars: int) -> str | None:
    """The match of ``frame`` that ends where the quote's first span starts, read at most ``chars``
    back, on one line; ``None`` when there is none."""
    span = r.spans[0]
    text = _span_text(span, docs)
    m = frame.search(text, max(0, span.start - chars), span.start)
    return None if m is None else " ".join(m.group().split())


def _exceptions_cut(r: QuoteResult, docs: list[_Doc]) -> str | None:
    """The rest of a list of exceptions a verbatim fragment stops inside: its last words open one ("other than",
    "except", "save", "excluding", "unless") and the source goes on with "and" or "or" and more of them to its clause's
    end. Quoted without them, what is excepted is less, and what the rule covers more (since the 61st stop).

    >>> t = "A Contributor may not terminate the licence for any reason other than those stated in Section 3.3 and Section 8.1."
    >>> r = QuoteResult(t[: t.index(" and Section 8")], Verdict.VERBATIM, spans=(Span("d", 0, t.index(" and Section 8")),))
    >>> _exceptions_cut(r, [_Doc(Source("d", t), None, 0)])
    'and Section 8.1'
    """
    every = token_texts(fold(r.quote).text)
    words = every[-_EXCEPTION_REACH:]
    # ("save" excepts as "save for", "save as", "save that"; "would save about £640k" does not)
    excepting = bool(_EXCEPTING & set(words)) or any(p in _EXCEPTING_PAIRS for p in itertools.pairwise(words))
    # ("issued only to a person whose ... and who is the registered keeper …" before ", or who can show ...": those it
    # holds for, the rest of them cut)
    only = "only" in every and not excepting
    if not only and not excepting:
        return None
    span = r.spans[-1]
    text = _span_text(span, docs)
    more = _MORE_EXCEPTED.match(text, span.end)
    if more is None or (only and not more.group(1).lower().startswith("or")):
        return None
    if _FIGURE_AGAIN.match(more.group(1)):
        return None  # ("Only 12 patients responded, or 4%": the same figure another way)
    return " ".join(more.group(1).split())


_EXCEPTION_REACH = 10  # the quote's last words where a list of exceptions it stops inside opens
_EXCEPTING = frozenset("except excepting excluding unless".split())
_EXCEPTING_PAIRS = frozenset({("other", "than"), ("save", "for"), ("save", "as"), ("save", "that"), ("save", "where")})
_FIGURE_AGAIN = re.compile(r"(?:and|or)\s+(?:about\s+|around\s+|roughly\s+|approximately\s+|some\s+)?[$€£]?\d", re.I)
_MORE_EXCEPTED = re.compile(r",?[ \t]+((?:and|or)[ \t]+(?:[^.;:!?,()]|\.(?=\d)){1,120}?)(?=[.;:](?:\s|$))")


def _hard_limit_left_out(r: QuoteResult, docs: list[_Doc]) -> str | None:
    """What the source says right after a verbatim fragment that does not end its sentence, when
    it starts with a limit of :data:`_HARD_LIMIT` (or, after six words or more, with the population
    of :data:`_POPULATION_AFTER`) and the quote states no such limit itself.

    >>> t = "We may share your data with our providers, but only to the extent necessary for them to act for us."
    >>> r = QuoteResult("We may share your data with our providers", Verdict.VERBATIM,
    ...                 spans=(Span("d", 0, t.index(", but")),))
    >>> _hard_limit_left_out(r, [_Doc(Source("d", t), None, 0)])
    'but only to the extent necessary for them to act for us'
    """
    span = r.spans[-1]
    text = _span_text(span, docs)
    m = _limit_right_after(text, span.end, r.quote)
    if m is None or text[span.end - 1 : span.end] == ":" or _ends_sentence(r, docs) and (
            r.quote.rstrip().endswith(";") or _proviso_after(r, docs) is None):
        # (the next sentence's "Except for ..." limits what it says; "; provided that" limits this one,
        # unless the quote copies the clause with its semicolon)
        return None
    said = " ".join(m.group().split()).lstrip(",;( ")
    if said.lower().startswith("subject") and not _starts_sentence(r, docs) and text[span.end : span.end + 1] in ",;(" \
            and not _CAP_WORDS.search(said):
        # a phrase from inside the sentence ("non-exclusive distributor for the Products"), not its claim,
        # unless the condition is right after it ("100% of the order's value subject to any processing
        # charges") or caps it (", subject to a sublimit of USD 250,000")
        return None
    words = re.sub(r"^[^()\"“]{0,40}[\"“][^\"”()]*[\"”]\)\s*[,;]?\s*", "", said).lower().split()  # the limit, past a defined term
    head = " ".join(words[:1] if words[0] == "unless" else words[:3] if words[0] in ("so", "not") else words[:2])
    if re.search(rf"\b{re.escape(head)}\b", r.quote, re.I):
        return None  # the quote limits its claim the same way ("unless ... and unless ...")
    return said


# a named place a grant or a duty holds in ("an exclusive license to distribute PivX's Qwik-Fix Pro within North
# America", "within the Territory"; since the 62nd stop)
_PLACE_SCOPE = re.compile(r"[ \t]*,?[ \t]+within[ \t]+(?:the[ \t]+)?[A-Z][\w-]*(?:[ \t]+[A-Z][\w-]*){0,2}")


def _limit_right_after(text: str, at: int, quote: str) -> re.Match[str] | None:
    """A hard limit (:data:`_HARD_LIMIT`) that starts at ``text[at]``, or for a quote of six words or more
    the population its finding holds in (:data:`_POPULATION_AFTER`), or an exception that closes the
    sentence past the phrases that finish the quote's clause (:data:`_CLOSING_EXCEPTION`: "... for any
    action or failure to act, in connection with its duties ..., except as a result of bad faith")."""
    m = _HARD_LIMIT.match(text, at) or _PLACE_SCOPE.match(text, at)
    if m is None and len(quote.split()) >= _POPULATION_MIN_WORDS:
        m = _POPULATION_AFTER.match(text, at)
    if m is None and text[at : at + 1] == ",":
        m = _CLOSING_EXCEPTION.match(text, at)
    # (what the source goes on with is read first: one anchored match, where the quote's reading searches all of it)
    if m is None and (after := _RESTRICTIVE_AFTER.match(text, at)) is not None and _ALL_OF_A_KIND.search(quote):
        m = after
    if m is None and (after := _CONDITION_GOES_ON.match(text, at)) is not None and _OPEN_CONDITION.search(quote):
        m = after
    if m is None and (after := _EXCEPTION_GOES_ON.match(text, at)) is not None and _OPEN_EXCEPTION.search(quote):
        m = after
    return m


# a quote that closes on an exception ("conclusive save in the case of manifest error") where the source names a
# second one ("or where the Tenant has raised a written query"): one exception told as the only one (since the 59th
# stop)
_OPEN_EXCEPTION = re.compile(r"\b(?:save|except|excepting|unless|other\s+than)\b[^,;:.!?()\"“”]{3,60}\W*$", re.I)
# (since the 60th stop, a second party excepted: "repaired by anyone other than us" where the source goes on "or an
# Approved Repairer")
_EXCEPTION_GOES_ON = re.compile(r"\s*,?\s+(?i:or)\s+(?:(?i:where|if|when|unless|in\s+the\s+(?:case|event))\b[^.;!?]{0,80}"
                                r"|(?:an?\s+|the\s+)?[A-Z][\w-]+(?:\s+[A-Z][\w-]+){0,3})")


# a quote that stops inside a short condition it opened ("... to terminate on 90 days' notice if the other
# committed a material breach") where the source's condition goes on with a second requirement ("and
# failed to remedy it within 30 days"): one requirement told as enough (since the 56th stop)
# (since the 60th stop, a condition opened by "subject to" or "only after", the quote's full stop aside: "Any tender
# offer will be subject to shareholder approval." where the source goes on "and to the Company having sufficient
# distributable reserves"; "only after they have been checked by pharmacy staff and found to be in date" where it goes
# on ", in the original labelled container and suitable for use")
_OPEN_CONDITION = re.compile(r"\b(?:if|where|unless|provided\s+that|in\s+the\s+event(?:\s+that)?|subject\s+to|only\s+(?:after|once|when)"
                             r"|conditional\s+(?:on|upon))\s+[^,;:.!?()\"“”]{3,80}\.?$", re.I)
_CONDITION_GOES_ON = re.compile(r"[ \t]+and\s+(?!(?:[\w'’-]+\s+){1,2}(?:shall|may|will|must|can|agrees?)\b)[^.;!?,]{3,100}"
                                r"|,?[ \t]+(?:in|with|within|having|being)\s+[^.;!?,]{3,60}\s+and\s+[^.;!?,]{3,60}", re.I)


# a quote that ends on everything of a kind ("to every affected customer"), where the source goes on to say which
# of them with a clause of no comma ("who took out a plan before 1 September 2023"): all of them, told of all
# (since the 55th stop)
_ALL_OF_A_KIND = re.compile(r"\b(?:every|all|any|each|no)\s+(?:of\s+(?:our|its|their|the|his|her|your)\s+)?(?:[\w'’-]+\s+){0,3}"
                            r"(?!(?:in|of|to|for|on|at|by|with|from|and|or)\W*$)[\w'’-]+\W*$", re.I)  # (not "... in [which]")
# (since the 60th stop, a size that bounds them: "a permit-to-alter system for all scaffolds" where the source goes on
# "over 6 metres high")
# (since the 63rd stop, what they have or their age: "any pupil" where the source goes on "with an Education, Health and
# Care plan")
_RESTRICTIVE_AFTER = re.compile(r"[ \t]+(?:(?:who|whom|whose|that|which)\b[^.;!?]{0,80}|(?:over|above|under|below|exceeding|of\s+more"
                                r"\s+than|of\s+at\s+least|of\s+less\s+than)\s+\d[^.;!?,]{0,40}"
                                r"|with\s+(?:an?|the)\s+[^.;!?,]{1,60}|aged\s+[^.;!?,]{1,40})", re.I)


# an exception at the end of a sentence, after phrases that finish the clause a quote stops in (no new
# clause between: no "and" or "but" before a subject's "shall" or "may")
_CLOSING_EXCEPTION = re.compile(r",(?:(?!\b(?:and|but|or)\s+(?:the\s+)?\w+\s+(?:shall|may|will|must)\b)[^.;!?:]){0,200}?,\s*"
                                r"(?:except|unless|save)\b[^.;!?]*")


_CAP_WORDS = re.compile(r"\b(?:sub-?limit|limit|cap|maximum|minimum|deductible|excess|ceiling|threshold)s?\b", re.I)


def _significance_left_out(r: QuoteResult, docs: list[_Doc]) -> str | None:
    """What the source says right after a verbatim fragment with a figure in it, in the same
    sentence, when it denies the fragment's finding significance (", which was not statistically
    significant", "but the difference was not significant") or grants it only in part ("although
    the difference was statistically significant only in the central Barents Sea"), and the quote
    speaks of no significance itself.

    >>> t = "In those aged 80 or older, efficacy was 54.0% (95% CI, -12.6 to 81.2), which was not statistically significant."
    >>> r = QuoteResult("efficacy was 54.0% (95% CI, -12.6 to 81.2)", Verdict.VERBATIM,
    ...                 spans=(Span("d", t.index("efficacy"), t.index(", which")),))
    >>> _significance_left_out(r, [_Doc(Source("d", t), None, 0)])
    ', which was not statistically significant'
    """
    span = r.spans[-1]
    text = _span_text(span, docs)
    if "significan" in r.quote.lower() or not _HAS_DIGIT.search(r.quote) \
            or not (m := _NOT_SIGNIFICANT.match(text, span.end)):
        return None  # (a finding has a figure: an effect size, a rate, an interval)
    return " ".join(text[span.end : m.end()].split())


def _with_caveat(r: QuoteResult, docs: list[_Doc]) -> QuoteResult:
    """A verbatim fragment, with no mark of a cut, that stops right before a condition or an
    exception of its sentence, or starts right after one, keeps its verdict: every word is the
    source's, and models quote fragments all the time. Its reason says what the source goes on
    (or opens) with, so a reader of the report sees the limit the quote leaves out: "Consultant
    may disclose Confidential Information to the extent compelled by law" where the source goes
    on "; provided however, Consultant shall first notify the Company". (A hard limit right after
    the fragment, "unless approved in advance by Finance", makes it altered first:
    :func:`_hard_limit_left_out`.)"""
    span = r.spans[0]
    text = _span_text(span, docs)
    notes = []
    # most fragments have no limiting word near either edge: a look at the raw text settles them
    first = [w.lower() for w in _RAW_WORDS.findall(text, span.end, span.end + _EDGE_CHARS)[:6]]
    edge = text[span.end : span.end + _EDGE_CHARS].lstrip()
    proviso = edge.startswith(";")  # "...; provided, however, ..." is the same provision's limit
    words = (_clause_words(edge[1:] if proviso else edge, first=True)
             if any(w.startswith(_CAVEAT_STEMS) or w.endswith(("n't", "n’t")) for w in first) else [])
    found = [w for w in _limiters(words, edge=True) if w in _CAVEAT_WORDS or " " in w]
    if found and (proviso or not _ends_sentence(r, docs)):
        rest = text[span.end : span.end + _CAVEAT_CHARS]
        end = _SENTENCE_GAP.search(rest, 1)
        notes.append(f"the source goes on {_shown(rest[: end.start() + 1] if end else rest)!r}")
    opened = _sentence_opener(r, docs)
    if opened is not None and _opens_with_condition(opened[0]):
        notes.append(f"its sentence opens {_shown(opened[1])!r}")
    if not notes:
        return r
    return replace(r, reason=f"{r.reason}; but {' and '.join(notes)}: a limit the quote leaves out")


def _hard_opener_before(r: QuoteResult, docs: list[_Doc]) -> tuple[str, str] | None:
    """The opening clause of a verbatim fragment's sentence, when it is an exception ("Except for
    liability arising from ...", "Excepting ...", "Unless ...", "Save for ...", "Other than ...",
    "However, if ..." after a semicolon), a limit that names a part of the document ("Subject to Section
    9.1,") or a consent ("With the consent of the Board, ...") and
    the fragment starts after it, inside the sentence, without a limit of its own. Not the
    boilerplate "Except as otherwise provided herein", which excepts nothing in particular.
    ``(the clause, its kind)``: ``exception``, ``limit`` or ``condition`` (a consent).

    >>> t = "Except for a breach of Section 11, neither party shall be liable for indirect damages."
    >>> r = QuoteResult("neither party shall be liable for indirect damages", Verdict.VERBATIM,
    ...                 spans=(Span("d", t.index("neither"), len(t) - 1),))
    >>> _hard_opener_before(r, [_Doc(Source("d", t), None, 0)])
    ('Except for a breach of Section 11,', 'exception')
    """
    opened = _sentence_opener(r, docs)
    if opened is None:
        return None
    opener, head = opened
    only = _only_opener(opener)
    limit = opener[:2] == ["subject", "to"] and _names_a_part(opener)
    # "Subject to the mortgage market remaining stable,", "Subject to the Franchisee's continued compliance with this
    # Agreement,": a condition of fact or of conduct (since the 60th stop), not "Subject to the terms of this Agreement,"
    condition = opener[:2] == ["subject", "to"] and not _BOILERPLATE_SUBJECT & set(opener[2:6]) \
        and bool(_CONDITION_NOUNS & set(opener[2:]))
    consent = _CONSENT_OPENER.match(" ".join(opener)) is not None
    window = _TIME_WINDOW_OPENER.match(" ".join(opener))
    # ("Assuming no significant deterioration in the macroeconomic environment, we expect ...": a forecast's
    # condition, since the 57th stop)
    hard = (opener[:1] in (["excepting"], ["unless"], ["except"], ["assuming"])
            or tuple(w for w in opener[:3] if w != ",")[:2] in (("save", "for"), ("other", "than"), ("however", "if"),
                                                                ("no", "more"), ("not", "more"))
            or (opener[:2] == ["with", "the"] and opener[2:3] in (["exception"], ["exceptions"]))
            or tuple(opener[:2]) in (("so", "long"), ("as", "long")) or only
            # "Subject to Section 9.1," (a cap there), not "Subject to the terms of this Agreement,"
            or limit
            # "With the consent of the Board in compliance with Section 4.7, the Company may manufacture ..."
            or consent or condition
            # "For two years after termination, the Employee shall not ...": a duty for a time only
            or window is not None
            # "Under this scenario, the Group would breach the leverage covenant" (since the 61st stop)
            or _LIMITING_OPENER.fullmatch(" ".join(opener)) is not None)
    if not hard and opener[:1] in (["in"], ["among"]) and (
            {"subgroup", "subgroups"} & set(opener[1:5]) or _population_contrasted(r, docs, opener)):
        # "In a prespecified subgroup of patients with baseline ferritin below 100 μg/L, [the walk distance
        # was 24 m longer]": a subgroup's finding told as the study's, unless the quote names a population
        # of its own ("the reduction was confined to participants with ..."); a study's own population
        # opening its conclusion ("Among patients with stage 3 CKD, ...") is no limit
        return None if _POPULATION_WORDS & set(token_texts(fold(r.quote).text)) else (" ".join(head.split()), "exception")
    if not hard or (opener[1:2] == ["as"] and opener[2:3] in _BOILERPLATE_AFTER_AS and not _names_a_part(opener)):
        return None  # "Except as otherwise provided herein" excepts nothing in particular
    # the word that makes it a limit: "exception" of "With the exception of", "only" of "For firm transportation only,"
    key = opener[2] if opener[:2] == ["with", "the"] else "only" if only else opener[0]
    if window is not None and not (limit or consent or only):
        key = window.group(1)  # the time's unit: a quote that gives a time of its own ("for two years") keeps one
    if re.search(rf"\b{re.escape(key)}\b", r.quote, re.I):
        return None
    return " ".join(head.split()), ("limit" if limit else "condition" if consent or condition
                                    else "time limit" if window is not None and not only else "exception")


_BOILERPLATE_SUBJECT = frozenset("terms provisions conditions limitations foregoing following applicable this these".split())
_CONDITION_NOUNS = frozenset("compliance continued continuing remaining being approval receipt receiving obtaining completion "
                             "satisfaction availability".split())


def _population_contrasted(r: QuoteResult, docs: list[_Doc], opener: list[str]) -> bool:
    """Whether the population a sentence opens with ("In patients with type 2 diabetes,") is one the
    next sentence sets against others, naming the same thing with a negation ("No benefit was seen in
    patients without diabetes."): then the finding holds in that population only.

    >>> t = "In patients with diabetes, the drug cut deaths by 18%. No benefit was seen in patients without diabetes."
    >>> r = QuoteResult("The drug cut deaths by 18%.", Verdict.NEAR_VERBATIM, spans=(Span("d", t.index("the drug"), t.index(".") + 1),))
    >>> _population_contrasted(r, [_Doc(Source("d", t), None, 0)], ["in", "patients", "with", "diabetes", ","])
    True
    """
    if not _POPULATION_WORDS & set(opener[1:3]):
        return False
    span = r.spans[-1]
    text = _span_text(span, docs)
    gap = _SENTENCE_GAP.search(text, max(span.start, span.end - 1))
    if gap is None:
        return False
    after = _SENTENCE_GAP.search(text, gap.end())
    nxt = token_texts(fold(text[gap.end() : after.start() + 1 if after else len(text)]).text)
    named = {w for w in opener[2:] if w.isalpha() and content_word(w) and w not in _POPULATION_WORDS}
    others = {w for k, w in enumerate(nxt) if w in opener[1:3] and k and nxt[k - 1] in _OTHER_GROUP}  # "younger women"
    return bool(named & set(nxt) or others) and bool(_CONTRAST_WORDS & set(nxt))


_CONTRAST_WORDS = frozenset("no not without non whereas however but unlike contrast".split())
_OTHER_GROUP = frozenset("younger older other remaining".split())


_TIME_WINDOW_OPENER = re.compile(r"for (?:a period of )?[\w-]+ (?:\( \d+ \) )?(years?|months?|weeks?|days?) (?:after|following|from) [^,]*,")
# the part of what a sentence tells of that it opens with: "In some embodiments,", "In most cases,", "For certain
# patients,", "In rare instances,"
_SCOPE_OPENER = re.compile(r"(?:in|for|among) (?:some|certain|most|many|rare|a few|a minority of|selected) (?:\w+ ){0,2}?\w+ ,$")
_SCENARIO_AFTER = re.compile(rf"\s*,?\s*{_SCENARIO}", re.I)
# ... or the case it holds in: "Under this scenario,", "In the adverse scenario,", "For the most recent two accident years of
# long-tail classes," (since the 61st stop)
_LIMITING_OPENER = re.compile(rf"{_SCENARIO} ,$"
                              r"|for the (?:[\w-]+ )?(?:most recent|latest|earliest|first|last) (?:[\w-]+ ){1,8}?,$")
_LIMITING_KEYS = ("scenario", "recent", "latest", "earliest", "first", "last")


def _limiting_key(m: re.Match[str]) -> str:
    """The word of a :data:`_LIMITING_OPENER` match that a quote keeping the limit has: "scenario", or "recent".

    >>> _limiting_key(_LIMITING_OPENER.fullmatch("for the three most recent underwriting years ,"))
    'recent'
    """
    words = m.group().split()
    return next(k for k in _LIMITING_KEYS for w in words if w.startswith(k))


_PARTS = frozenset("section sections article articles clause clauses paragraph paragraphs subsection schedule exhibit "
                   "annex appendix".split())


def _names_a_part(opener: list[str]) -> bool:
    """Whether an opening "Except as provided ..." names the part of the document it excepts ("Except as
    provided in Section 1.2,": that section's terms, an exception in particular).

    >>> _names_a_part("except as provided in section 1.2 of this agreement ,".split())
    True
    >>> _names_a_part("except as otherwise provided in this agreement ,".split())
    False
    >>> _names_a_part("subject to the terms of this agreement , the license set forth in section 2".split())
    False
    >>> _names_a_part("subject to the terms of the tariff and rate schedule fts ,".split()), _names_a_part("subject to exhibit b ,".split())
    (False, True)
    >>> _names_a_part("subject to the condition above , hemispherx grants".split())
    True
    """
    clause = opener[: opener.index(",")] if "," in opener else opener  # the opening clause, not what follows it
    if set(clause) & _LIMIT_NOUNS and set(clause) & _POINTERS:
        return True  # "Subject to the condition above,": a limit in particular, where the document sets it
    return any(w in _PARTS and (nxt[:1].isdigit() or len(nxt) == 1 or re.fullmatch(r"[ivx]{1,4}", nxt) is not None)
               for w, nxt in itertools.pairwise(clause))


_LIMIT_NOUNS = frozenset("condition conditions limitation limitations restriction restrictions requirement requirements "
                         "proviso provisos".split())
_POINTERS = frozenset("above below foregoing following preceding".split())


# an opening consent: "With the consent of the Board in compliance with Section 4.7, the Company may ..."
_CONSENT_OPENER = re.compile(r"with(?:out)? (?:the |its |their |his |her )?(?:[\w-]+(?:'s|’s) )?(?:prior |express |written |advance )*"
                             r"(?:consent|approval|permission|authori[sz]ation|agreement) of\b")
# "Except as otherwise provided", "Except as set forth", "Except as expressly stated": no exception in particular
# ("Except as may be reasonably necessary for marketing purposes" is one)
_BOILERPLATE_AFTER_AS = (["otherwise"], ["provided"], ["set"], ["expressly"], ["stated"], ["specifically"], ["described"],
                         ["contemplated"], ["permitted"], ["required"], ["agreed"], ["specified"], ["herein"], ["noted"],
                         ["modified"], ["amended"], ["supplemented"], ["indicated"])


def _only_opener(opener: list[str]) -> bool:
    """A short opening phrase with "only" that ends at its comma ("For firm transportation only, ..."), a
    heading before it allowed: what follows holds only there."""
    return len(opener) <= _ONLY_OPENER_WORDS and opener[-1:] == [","] and "only" in opener


_ONLY_OPENER_WORDS = 12
_POPULATION_WORDS = frozenset("subgroup subgroups population patients participants subjects adults children women men "
                              "those people individuals".split())


def _after_part_of(r: QuoteResult, docs: list[_Doc]) -> QuoteResult | None:
    """``r`` made ``altered`` when it starts right after a part its source names ("Much of", "Some of",
    "Most of the"), the quote naming no part of its own: what the source says of a part, quoted of the
    whole ("Southern California is famous for its suburbs" after "Much of"); else ``None``.

    >>> t = "Much of southern California is famous for its suburbs."
    >>> r = QuoteResult("southern California is famous for its suburbs", Verdict.VERBATIM,
    ...                 spans=(Span("d", t.index("southern"), len(t) - 1),))
    >>> _after_part_of(r, [_Doc(Source("d", t), None, 0)]).verdict.value
    'altered'
    """
    part = _frame_before(r, docs, _PART_OF, _PART_OF_CHARS)
    if part is None or _QUANTIFIED.match(r.quote):
        return None
    return _limited(r, [part], "the quote starts right after the source limits it to a part", category="quantifier")


# the words that bound or round a figure from before it: "Nearly 40%", "more than $2 million", "up to half"
_FIGURE_BOUND = re.compile(
    r"\b(?:nearly|almost|about|around|approximately|roughly|circa|some|over|under|below|above|close\s+to|"
    r"more\s+than|less\s+than|fewer\s+than|up\s+to|at\s+least|at\s+most|in\s+excess\s+of|upwards\s+of|"
    r"(?:no|not)\s+(?:more|less|fewer)\s+than)\s+$", re.I)
_FIGURE_BOUND_CHARS = 24
# a quote that opens with a figure: digits (after a currency sign), a number word, a share ("half", "a third")
_OPENS_WITH_FIGURE = re.compile(
    r"\W*(?:[$€£¥]\s*)?(?:\d|(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|twenty|thirty|forty|"
    r"fifty|sixty|seventy|eighty|ninety|hundred|a\s+hundred|half|a\s+third|a\s+quarter|a\s+fifth|"
    r"two[\s-]thirds|three[\s-]quarters)\b)", re.I)


def _after_figure_bound(r: QuoteResult, docs: list[_Doc]) -> QuoteResult | None:
    """``r`` made ``altered`` when it opens with a figure right after a word of its source that bounds or
    rounds it ("Nearly", "more than", "up to": :data:`_FIGURE_BOUND`), or ends with one right before
    words that bound it ("or more", "at most": :data:`_BOUND_AFTER_FIGURE`): "Half of respondents said
    ..." cut from "Nearly half of respondents said ..." tells another figure; else ``None``.

    >>> t = "Survey. Nearly 40% of respondents said they had not received it."
    >>> r = QuoteResult("40% of respondents said they had not received it", Verdict.VERBATIM,
    ...                 spans=(Span("d", t.index("40%"), len(t) - 1),))
    >>> _after_figure_bound(r, [_Doc(Source("d", t), None, 0)]).verdict.value
    'altered'
    """
    if len(r.spans) != 1:
        return None
    if _ENDS_WITH_FIGURE.search(r.quote) and (after := _BOUND_AFTER_FIGURE.match(_span_text(r.spans[0], docs),
                                                                               r.spans[0].end)) is not None:
        # "Fees rise to $500" before "at most", "10 years" before "or more"
        return _limited(r, [" ".join(after.group().split())], "the quote stops right before the source bounds its figure",
                        category="number")
    if not _OPENS_WITH_FIGURE.match(r.quote):
        return None
    bound = _frame_before(r, docs, _FIGURE_BOUND, _FIGURE_BOUND_CHARS)
    if bound is None:
        return None
    return _limited(r, [bound], "the quote starts right after the source bounds its figure", category="number")


# the basis a figure is given on, a word before the measure it qualifies: "Adjusted EBITDA", "organic
# revenue", "diluted earnings per share", "real GDP", "median survival"
_BASIS_BEFORE = re.compile(
    r"(?<![\w.-])(?:adjusted|organic|diluted|basic|net|gross|core|underlying|operating|comparable|pro\s+forma|"
    r"non-?gaap|gaap|ifrs|pre-?tax|after-?tax|post-?tax|real|nominal|constant[- ]currency|like-for-like|median|"
    r"annuali[sz]ed|seasonally\s+adjusted|same-?store|inflation-adjusted|risk-adjusted|age-adjusted)[ \t]+$", re.I)
_BASIS_CHARS = 24


def _after_basis(r: QuoteResult, docs: list[_Doc]) -> QuoteResult | None:
    """``r`` made ``altered`` when it opens right after the word its source qualifies its first word
    with, the basis of a measure ("EBITDA rose 9% to $812 million" cut from "Adjusted EBITDA rose
    ..."): the quote gives the figure of another measure; else ``None``.

    >>> t = "Results. Adjusted EBITDA rose 9% to $812 million. On a reported basis, EBITDA fell 2%."
    >>> r = QuoteResult("EBITDA rose 9% to $812 million", Verdict.VERBATIM, spans=(Span("d", t.index("EBITDA"), t.index(" million") + 8),))
    >>> _after_basis(r, [_Doc(Source("d", t), None, 0)]).verdict.value
    'altered'
    >>> r = QuoteResult("EBITDA fell 2%", Verdict.VERBATIM, spans=(Span("d", t.rindex("EBITDA"), len(t) - 1),))
    >>> _after_basis(r, [_Doc(Source("d", t), None, 0)]) is None
    True
    """
    opening = r.quote.lstrip(" .…[]")  # an ellipsis marks the cut, and leaves out the same word
    if len(r.spans) != 1 or not opening[:1].isalnum():
        return None
    basis = _frame_before(r, docs, _BASIS_BEFORE, _BASIS_CHARS)
    if basis is None or basis.lower() in fold(opening).text.split():
        return None
    return _limited(r, [basis], "the quote starts right after the word that gives the basis of its measure",
                    category="qualifier")


# a figure, and at most two words of its unit, at the quote's end: "$500", "10 years", "40 per cent"
_ENDS_WITH_FIGURE = re.compile(r"\d[\d,.]*%?(?:\s+[^\W\d_]+){0,2}\W*$")
_BOUND_AFTER_FIGURE = re.compile(
    r"\s*(?:or\s+(?:more|less|fewer|longer|greater|higher|lower|above|below|over|under|so)|"
    r"at\s+(?:the\s+)?(?:most|least|maximum|minimum)|maximum|minimum|plus)\b", re.I)


def _frame_left_out(r: QuoteResult, docs: list[_Doc]) -> QuoteResult | None:
    """``r`` made ``altered`` when its one fragment starts right after words of its sentence that deny
    it, name only a part of what it speaks of, report it as a claim or a belief, or make an exception
    to it by pointing at another section; else ``None``."""
    if (denial := _denial_frame_before(r, docs)) is not None:
        # "Harbour should pay to replace the entire kitchen" after "I don't agree with Mrs K that":
        # what the source denies, quoted as what it says
        return _limited(r, [denial], "the quote starts right after the source denies it", category="negation")
    if (part := _after_part_of(r, docs)) is not None:
        return part
    if (frame := _hedge_frame_before(r, docs)) is not None:
        # "the Hungarians under Ferenc Deák directed revolutionary civil disobedience" after "It
        # has been claimed that": a claim the source reports, quoted as one it makes
        return _limited(r, [frame], "the quote starts right after the source frames it as a claim it does not make",
                        category="qualifier")
    if (_first_word(r.quote) in _WHOLE_WORDS
            and (qualifier := _frame_before(r, docs, _QUALIFIER_BEFORE, _QUALIFIER_BEFORE_CHARS)) is not None):
        # "All of our intangible assets were acquired ..." after "Substantially": all, where the source says
        # nearly all (since the 55th stop)
        return _limited(r, [qualifier], "the quote starts right after the source qualifies it", category="quantifier")
    if (exception := _frame_before(r, docs, _SECTION_EXCEPTION, _SECTION_EXCEPTION_CHARS)) is not None:
        # "either Party may assign its rights hereunder to an Affiliate" after "provided, however, that
        # except as provided in Section 20.4": the rule without the exception the source makes to it
        return _limited(r, [exception], "the quote starts right after an exception the source makes to it",
                        category="connective")
    return None


# a word that qualifies the whole right before it ("substantially all"), and the words of a whole a quote may start on
_QUALIFIER_BEFORE = re.compile(r"\b(?:substantially|nearly|almost|virtually|practically|essentially|not)[ \t]+$", re.I)
_QUALIFIER_BEFORE_CHARS = 16
_WHOLE_WORDS = frozenset("all every each any entire whole always completely fully".split())


def _after_opening_exception(r: QuoteResult, docs: list[_Doc]) -> QuoteResult | None:
    """``r`` made ``altered`` when it starts after the exception its sentence opens with
    (:func:`_hard_opener_before`), else ``None``."""
    found = _hard_opener_before(r, docs)
    if found is None:
        return None
    opener, what = found
    return _limited(r, [opener], f"the quote starts after the {what} its source sentence opens with", category="connective")


def _sentence_opener(r: QuoteResult, docs: list[_Doc]) -> tuple[list[str], str] | None:
    """The folded words and the text of the source sentence before a fragment that starts inside it
    (after a heading's colon, if any), when a condition word opens it (:data:`_OPENER_HINT`)."""
    span = r.spans[0]
    text = _span_text(span, docs)
    window = text[max(0, span.start - _OPENER_CHARS) : span.start]
    if span.start > _OPENER_CHARS:
        # from the first sentence end in it: a window that starts inside a sentence holds no opening of it
        first = _OPENER_BREAK.search(window)
        window = window[first.start() :] if first else ""
    if not (_OPENER_HINT.search(window) or ("only" in window.lower() and _ONLY_HINT.search(window))) \
            or _starts_sentence(r, docs):
        return None
    opener = _sentence_before(text, span.start)
    opener = opener[len(opener) - opener[::-1].index(":") :] if ":" in opener else opener  # after a heading
    dash = next((k for k in range(1, min(len(opener), _HEADING_WORDS + 1)) if opener[k - 1 : k + 1] == ["-", "-"]), None)
    if dash is not None:
        opener = opener[dash + 1 :]  # after a heading set off by a double dash: "Limitations of Liability--Except in ..."
    if opener and _SECTION_NUMBER.fullmatch(opener[0]):
        opener = opener[1:]  # after a section's number: "3.6.3 With the exception of amounts in dispute, ..."
    head = text[_sentence_start(text, span.start) : span.start]
    numbered = list(_LINE_SECTION.finditer(head))
    if numbered and len(token_texts(fold(head[: numbered[-1].start()]).text)) <= _HEADING_WORDS:
        # after a heading and the section's number that starts a line: "FORCE-MAJEURE\n\n10.1 Except for the
        # obligations to make any payment, ..." (a number inside the sentence, "Sections 10.3 and 10.4", is none)
        opener = token_texts(fold(head[numbered[-1].end() :]).text)
    elif _HEADING_LINE.match(head) is not None:
        # after short headings on lines of their own: "Outlook\nAssuming no significant deterioration ..., we
        # expect ..." (since the 57th stop; a short line that opens a condition is no heading: "EXCEPT FOR\nBREACH
        # OF SECTION 9, ..." in a contract's wrapped capitals)
        while not _OPENER_HINT.match(head) and (line := _HEADING_LINE.match(head)) is not None:
            head = head[line.end() :]
        opener = token_texts(fold(head).text)
    if ")" in opener[:3] and len(opener[: opener.index(")")]) <= 2:
        opener = opener[opener.index(")") + 1 :]  # after a list item's mark: "(a) EXCEPT WITH RESPECT TO ..."
    return opener, head[head.rfind(":") + 1 :] if ":" in head else head


def _opens_with_condition(words: list[str]) -> bool:
    """Whether a sentence's words open with a condition or an exception ("Unless otherwise agreed",
    "Subject to Section 4", "Other than ...")."""
    return bool(words) and (words[0] in _OPENING_CONDITIONS or tuple(words[:2]) in _EDGE_LIMITER_PAIRS)


def _shown(text: str) -> str:
    """A stretch of source as a reason shows it: on one line, at most about :data:`_CAVEAT_CHARS`
    characters, cut after a word, with '...' where it was cut."""
    one = " ".join(text.split())
    if len(one) <= _CAVEAT_CHARS - 10:
        return one
    cut = one[:_CAVEAT_CHARS]
    return (cut[: cut.rfind(" ")] if " " in cut else cut) + " ..."


_CAVEAT_WORDS = _EDGE_LIMITERS - {"no", "nor", "neither", "none", "never", "when", "cannot"}  # opening a limit, not a clause
_CAVEAT_CHARS = 80  # how much of the source a caveat shows
# a condition word right after a sentence's start (or a heading's colon): what an opener needs
_SECTION_NUMBER = re.compile(r"\d+(?:\.\d+)+\.?")  # "3.6.3": a section's number before its sentence
_OPENER_CHARS = 320  # how far before a fragment its sentence's opening condition is looked for
_HEADING_LINE = re.compile(r"[ \t]*[A-Z][^\s.;:!?]*(?:[ \t]+[^\s.;:!?]+){0,3}[ \t]*\n\s*(?=[A-Z])")  # "Outlook\n" before a capital
_HEADING_WORDS = 8  # words of a heading a section's number may follow ("FORCE-MAJEURE 10.1", "LIMITATION OF LIABILITY AND DISCLAIMER OF WARRANTY 10.1")
_LINE_SECTION = re.compile(r"(?:\n|\s{3})\s*(\d+(?:\.\d+)+)\.?\s")  # a section's number starting a line (or after a run of spaces)
# what may end the text before a sentence's opening (or a heading's colon, or its double dash: "Limitations of
# Liability--Except in respect of ...")
_OPENER_BREAK = re.compile(r"[.;:!?\n…。；：！？]|--")
_OPENER_HINT = re.compile(rf"(?i)(?:^|{_OPENER_BREAK.pattern})[\W_]*"
                          r"(?:\(?(?:[a-z]|[ivx]{1,4}|\d{1,2})\)[\W_]*)?"
                          rf"(?:{_SECTION_NUMBER.pattern}\s+)?"
                          r"(?:unless|except|notwithstanding|provid|if|other|as\s+if|save|subject|assuming\b|with(?:out)?\b|however\s*,?\s*if\b"
                          r"|no(?:t)?\s+more\s+than\b|with\s+the\s+exceptions?\s+of\b|(?:so|as)\s+long\s+as\b"
                          r"|(?:in|among)\s+(?:(?:a|an|the)\s+)?(?:[\w-]+\s+){0,2}"
                          # a population's noun ("In a prespecified subgroup of ...", "Among patients with ...";
                          # "the population" itself opens no such sentence here)
                          rf"(?:{'|'.join(sorted(_POPULATION_WORDS - {'population'}))})\b"
                          r"|for\s+(?:a\s+period\s+of\s+)?[\w-]+\s+(?:\(\d+\)\s+)?(?:years?|months?|weeks?|days?)\s+(?:after|following|from)\b)")
# a short opening phrase with "only" ("For firm transportation only, ..."), read where the window has "only"
_ONLY_HINT = re.compile(r"(?i)(?:^|[.;:!?\n])[^.;:!?\n]{0,60}\bonly\s*,")
# ... and a limiting word among the first words after its end (a superset of what is then read)
_RAW_WORDS = re.compile(r"[\w'’]+")
_CAVEAT_STEMS = ("unless", "except", "provid", "not", "only", "without", "exclud", "if", "until", "whenever", "other",
                 "subject", "save", "as")


def _limited(r: QuoteResult, found: list[str], how: str, *, category: str | None = None) -> QuoteResult:
    """``r`` made ``altered`` for the limiting words ``found`` that the quote leaves out (of
    ``category``, or read from the words: a figure, else a negation or an exception)."""
    diffs = r.metrics.differences + tuple(Difference("delete", "", w, category or (
        "number" if _HAS_DIGIT.search(w) or " of" in w else "negation")) for w in found[:3])
    return replace(r, verdict=Verdict.ALTERED, metrics=replace(r.metrics, differences=diffs),
                   reason=f"{how} ({', '.join(found[:3])}): without those words it says something the source does not")


def _narrowing(text: str, end: int, after: list[str], quote: str) -> list[str]:
    """What narrows the claim of a quote that closes with a full stop at ``end`` of ``text``, where
    the source sentence goes on with the words ``after``: a relative clause with no comma before
    it ("other parties." for "other parties who will utilize it for oilfield solvent
    applications"), a concession or a trigger ("..., although this difference was not
    statistically significant"; "... years and upon the parties' mutual agreement"), or the rest
    of a condition the quote ends in ("as long as there is no patient exploitation." for "... and
    patients have the right to a written prescription")."""
    narrowed = _RESTRICTIVE.match(text, end) if text[end - 1 : end].isalnum() else None
    if narrowed:
        return [narrowed.group(1).lower()]
    found = [w for w in after[:2] if w in _QUALIFYING_OPENERS]
    if not found and after[:1] == ["and"] and _ends_in_condition(quote):
        found.append(" ".join(after[:2]))
    if not found and after[:1] in (["or"], ["and"]) and _ends_in_condition(quote, _EXCLUSIVES):
        # "we will do so only to countries found adequate." for "... adequate or under standard
        # contractual clauses": the cut leaves out another item of what "only" names
        found.append(" ".join(after[:2]))
    return found


_QUALIFYING_OPENERS = frozenset("although though whereas upon".split())
_CONDITION_WORDS = frozenset("if unless provided providing when whenever until where while".split())
_CONDITION_PAIRS = frozenset({("as", "long"), ("so", "long"), ("only", "if"), ("in", "case")})


_EXCLUSIVES = frozenset("only solely exclusively".split())


def _ends_in_condition(quote: str, words_of: frozenset[str] = _CONDITION_WORDS) -> bool:
    """Whether the quote ends inside a condition (or, with ``words_of`` :data:`_EXCLUSIVES`, inside
    what "only" names): its last clause (after its last comma, semicolon or colon) has such a word
    with no "and", "or", "but" or "then" after it ("... until it liquefied and then distilled the
    gases" ends in a clause of its own)."""
    words = token_texts(fold(quote).text)
    last = words[max((i for i, w in enumerate(words) if w in (",", ";", ":")), default=-1) + 1 :]
    at = max([i for i, w in enumerate(last) if w in words_of]
             + [i for i, p in enumerate(itertools.pairwise(last)) if p in _CONDITION_PAIRS and words_of is _CONDITION_WORDS],
             default=None)
    return at is not None and not any(w in ("and", "or", "but", "then") for w in last[at:])


_RESTRICTIVE = re.compile(r"[ \t]+(who|whom|whose|which|where|that)\b", re.IGNORECASE)  # right after a word, no comma
_PROVISO_OPENERS = frozenset("provided providing except excepting unless save notwithstanding however".split())


def _proviso_after(r: QuoteResult, docs: list[_Doc]) -> str | None:
    """The proviso or exception that follows the semicolon the quote's last span ends on
    ("provided", "except", "subject to"), if any: a clause of the same sentence that limits the
    one before it. Any other clause after a semicolon is read as one of its own."""
    span = r.spans[-1]
    text = _span_text(span, docs)
    at = span.end - 1 if text[span.end - 1 : span.end] == ";" else span.end
    if text[at : at + 1] != ";":
        return None
    words = [w for w in _clause_words(text[at + 1 : at + 1 + _EDGE_CHARS], first=True) if w not in (",", "(", ")")][:2]
    if words[:1] and words[0] in _PROVISO_OPENERS and (words[0] != "however" or words[1:2] in (["if"], ["where"], ["when"], ["in"])):
        # ("; however, if the Premises are located in a Dense Urban Area, ...": an exception; a "however"
        # that only goes on is a clause of its own)
        return words[0]
    return "subject to" if words == ["subject", "to"] else None


def _span_text(span: Span, docs: list[_Doc]) -> str:
    """The text of the source ``span`` is in."""
    return next(d.source.text for d in docs if d.source.id == span.source_id)


_POINTER_ADVERBS = frozenset("herein hereof hereto hereunder hereby thereof therein thereto thereunder hereinafter hereinabove "
                             "hereinbelow".split())


def _sentence_goes_on(r: QuoteResult, docs: list[_Doc]) -> str:
    """The first words of the rest of the source sentence the quote's last span stops inside (at most
    :data:`_GOES_ON_WORDS`) when they attach to what it says, as a qualifier with no comma before it does
    ("... since the 1980s" before "at stations below 1,500 m"); "" when a clause of its own follows (after
    a comma or a conjunction), a defined term's label ('... one year (the "Term").'), or the span itself
    runs past its sentence's end.

    >>> t = 'Snowpack has declined by about 18% at stations below 1,500 m. It rose.'
    >>> r = QuoteResult("Snowpack has declined by about 18%.", Verdict.NEAR_VERBATIM, spans=(Span("d", 0, 34),))
    >>> _sentence_goes_on(r, [_Doc(Source("d", t), None, 0)])
    'at stations below 1,500 m'
    >>> t = 'The term is one year (the "Term"). It renews.'
    >>> r = QuoteResult("The term is one year.", Verdict.NEAR_VERBATIM, spans=(Span("d", 0, 20),))
    >>> _sentence_goes_on(r, [_Doc(Source("d", t), None, 0)])
    ''
    """
    span = r.spans[-1]
    text = _span_text(span, docs)
    if _SENTENCE_GAP.search(text, max(span.start, span.end - _GOES_ON_INSIDE), span.end):
        return ""  # ("at age 39. The": a span that ran past its sentence, not a sentence cut short)
    end = _SENTENCE_GAP.search(text, span.end, span.end + _REST_CHARS)
    rest = text[span.end : end.start() if end is not None else span.end + _REST_CHARS].strip()
    words = rest.split()
    if not words or defined_term_label(token_texts(fold(rest.rstrip(".;")).text)) or text[span.end - 1 : span.end] in _CLAUSE_MARKS \
            or rest[:1] in _CLAUSE_MARKS or words[0].lower() in _GOES_ON_FREELY \
            or all(w.lower().strip(".;,") in _POINTER_ADVERBS for w in words):
        # (or only a pointer to the document itself: "... as stated." for "... as stated herein.")
        # a clause of its own after a comma or a conjunction ("Sales rose 5%, but margins fell", "and
        # captured them"), or what happened after: information left out, not a limit of the claim
        return ""
    return " ".join(words[:_GOES_ON_WORDS]).rstrip(",;:")


_CLAUSE_MARKS = frozenset(",;:—–-")  # marks before a clause of its own (the span may end with its comma)
# words that start a clause of its own, or a sequel, after the words a quote ends with a full stop
_GOES_ON_FREELY = frozenset("and but or nor yet so then thus while whereas following because".split())


_GOES_ON_WORDS = 8
_GOES_ON_INSIDE = 8  # characters at the end of a span in which a sentence's end means it ran past it


def _ends_sentence(r: QuoteResult, docs: list[_Doc]) -> bool:
    """Whether the source's sentence ends where the quote's last span ends."""
    span = r.spans[-1]
    text = _span_text(span, docs)
    rest = text[span.end : span.end + 3].lstrip(" \t\"'”’)]")
    return span.end >= len(text) or text[span.end - 1 : span.end] in ".;!?" or not rest or rest[0] in ".;!?\n"


def _occurrences(text: str, needle: str, lo: int, hi: int, *, limit: int) -> list[int]:
    """Where ``needle`` is in ``text[lo:hi]``, at most ``limit`` places; not a place where it cuts a
    word of the text with a word of its own (:func:`_cuts_a_word`: "he" in "she")."""
    out: list[int] = []
    i = text.find(needle, lo, hi)
    while i >= 0 and len(out) < limit:
        if not _cuts_a_word(text, i, i + len(needle)):
            out.append(i)
        i = text.find(needle, i + 1, hi)
    return out


def _snap(t: str, fs: int, fe: int, fq: str) -> tuple[int, int]:
    """Grow a folded range that starts or ends inside a word out to the whole word, and
    trim spaces at its edges.

    An edge inside a word is kept only where the quote itself is cut there and matches
    ("...the Party possessi" keeps its cut).
    """
    if 0 < fs < fe and is_word_char(t[fs - 1]) and is_word_char(t[fs]):
        head = _EDGE_WORD.match(fq)
        if not (head and (head.end() > _SNAP_MAX or t[fs : fs + head.end()] == head.group() and not _own_word(head.group()))):
            stop = max(0, fs - _SNAP_MAX)
            while fs > stop and is_word_char(t[fs - 1]):
                fs -= 1
    if fs < fe < len(t) and is_word_char(t[fe - 1]) and is_word_char(t[fe]):
        tail = _EDGE_WORD_END.search(fq)
        if not (tail and (len(tail.group()) > _SNAP_MAX
                          or t[fe - len(tail.group()) : fe] == tail.group() and not _own_word(tail.group()))):
            stop = min(len(t), fe + _SNAP_MAX)
            while fe < stop and is_word_char(t[fe]):
                fe += 1
    if fs < fe < len(t) and fe >= 2 and t[fe - 1] in ".," and t[fe - 2].isdigit() and t[fe].isdigit():
        # a figure cut at its decimal point ("99." of "99.0%" for a quote's "99%"): the whole figure, and its
        # per cent sign where the quote ends with one (since the 59th stop)
        while fe < len(t) and t[fe].isdigit():
            fe += 1
    if fs < fe < len(t) and t[fe] == "%" and t[fe - 1].isdigit() and fq.rstrip(" \"'”’.;,").endswith("%"):
        fe += 1
    while fs < fe and t[fs] == " ":
        fs += 1
    while fe > fs and t[fe - 1] == " ":
        fe -= 1
    return fs, fe


def _grow_edges(t: str, fs: int, fe: int, fq: str) -> tuple[int, int]:
    """Move the edges of a folded range to the quote's first or last word where the source has it
    just outside the range, or past the end of the sentence before, when the moved range differs
    from the quote in fewer load-bearing ways. A quote that writes an edge figure otherwise than
    the source aligns cheapest without it: "payable dec. 15" stops at "december" before " 15",
    "within 45 days" starts at "forty-five (45) days" after "within"; a quote with an article of its
    own ("The Distributor shall") starts in the sentence before ("assigns.  Distributor shall").

    >>> t = "the board declared a dividend, payable december 15 to holders"
    >>> fs, fe = _grow_edges(t, 19, 47, "a dividend, payable dec. 15")
    >>> t[fs:fe]
    'a dividend, payable december 15'

    A date whose day and month the quote gives the other way round:

    >>> t = "to raise rates by 7.5 per cent from 1 july, the first rise"
    >>> fs, fe = _grow_edges(t, 3, t.index(" 1 july"), "raise rates by 7.5% from july 1")
    >>> t[fs:fe]
    'raise rates by 7.5 per cent from 1 july'
    """
    words = _EDGE_TOKEN.findall(fq)
    if not words or fe <= fs:
        return fs, fe
    first, last = words[0], words[-1]
    starts: list[int] = []
    if not t.startswith(first, fs):
        # the nearest one only; "the" is found before most ranges, no evidence where the quote starts
        # (a small word only right before the range: "For two (2) years" for "For 2 years")
        a = t.rfind(first, max(0, fs - len(first) - 2), fs) if first in _EDGE_STOP else t.rfind(first, max(0, fs - _SNAP_MAX), fs)
        if a >= 0 and (a == 0 or not is_word_char(t[a - 1])):
            starts.append(a)
        elif first in _EDGE_STOP and (lead_at := _sentence_opening(t, fs, _SNAP_MAX)) is not None \
                and t.startswith(first + " ", lead_at):
            starts.append(lead_at)  # "In Q3 2018" aligned from "quarter" of "In the third quarter of 2018" (since the 61st stop)
        gap = _SENTENCE_GAP.search(t, fs, min(fe, fs + _SNAP_MAX))
        if gap is not None and gap.end() < fe:
            starts.append(gap.end())
        # ... or back to the start of its sentence, a few words before, where the quote opens with a
        # contract's words written plainly: "If the Customer rejects" aligns cheapest from "that" of "In
        # the event that the Customer rejects"
        if (formal := PLAIN_OPENERS.get(first)) and (lead := _sentence_opening(t, fs, _OPENING_BACK_CHARS)) is not None:
            opens = t[lead:fs].split()
            if opens and opens[0] in formal:
                starts.append(lead)  # (the sentence opens with a formal phrase the quote's first word may stand for)
    ends: list[int] = []
    if last not in _EDGE_STOP and not t.endswith(last, fs, fe):
        written = last  # the quote's last word as the source writes it
        b = t.find(last, fe, min(len(t), fe + _SNAP_MAX))
        if b < 0 and (short := _SHORT_FORM_LAST.fullmatch(last)) is not None and short[1] in UNIT_SHORT_FORMS:
            # "61.4 Mt" for "61.4 million tonnes", "in FY2018" for "in fiscal year 2018": the range stops before the words
            # the source writes out (since the 61st stop)
            written = " ".join([*UNIT_SHORT_FORMS[short[1]], *([short[2]] if short[2] else [])])
            b = t.find(written, max(fs, fe - len(written) + 1), fe + len(written) + 1)
        if b < 0 and last.endswith("%") and last[:-1]:
            # "27%" for "27 per cent": the range stops after the figure or inside the sign the source
            # writes out ("4.5 per" of "4.5 per cent.")
            b, written = next(((x, w) for w in (last[:-1] + " per cent", last[:-1] + " percent")
                               if (x := t.find(w, max(fs, fe - len(w) + 1), fe + len(w))) >= 0), (-1, last))
        if b >= 0:
            b += len(written)
            if b < len(t) and t[b] in ")]" and ("(" in t[fe : b - len(written)] or fq.rstrip().endswith(t[b])):
                b += 1  # "25%" for "twenty-five percent (25%)", "(… 59.1 to 90.0)": the figure in brackets, closed
            if b < len(t) and t[b] in ".!?" and fq.rstrip().endswith(t[b]):
                b += 1  # "to 4.5%." for "to 4.5 per cent.": the sentence's end, which the quote keeps
            if b == len(t) or not is_word_char(t[b]):
                ends.append(b)
                if len(words) >= 2 and (swapped := re.match(r"[ \t]+([^\W_]+)\b", t[b : b + 30])) is not None \
                        and swapped.group(1) == words[-2]:
                    ends.append(b + swapped.end())  # "from July 1" for "from 1 July": the last two words in turn
    if last not in _EDGE_STOP and not t.endswith(last, fs, fe):
        # ... or back to the end of the sentence the range runs past ("to 4.25 percent" aligned into
        # "to 4.25%. Two members")
        gaps = list(_SENTENCE_GAP.finditer(t, max(fs, fe - _SNAP_MAX), fe))
        # (not where the words past the end are the quote's own: '..." he said')
        # (a small word the quote has too is no evidence: "in addition." aligned into ". In fiscal")
        if gaps and gaps[-1].start() > fs and fe - gaps[-1].end() <= _RUN_PAST_CHARS and not (
                (set(_EDGE_TOKEN.findall(t[gaps[-1].end() : fe])) - _EDGE_STOP) & set(words)):
            ends.append(gaps[-1].start() + 1)
    if not starts and not ends:
        return fs, fe  # both edges are the quote's own words, or nothing to move them to (most matches)

    def load(a: int, b: int) -> int:
        return sum(d.load_bearing for d in differences(fq, t[a:b]))

    best = (load(fs, fe), fs, fe)
    if not best[0]:
        return fs, fe
    for a in starts:
        n = load(a, fe)
        if n < best[0]:
            best = (n, a, fe)
    _, fs2, fe2 = best
    for b in ends:
        n = load(fs2, b)
        if n < best[0]:
            best = (n, fs2, b)
    return best[1], best[2]


def _sentence_opening(t: str, fs: int, reach: int) -> int | None:
    """Where the sentence that a folded range starts in opens, if that is less than ``reach`` characters before it: the
    last sentence's end there, else a line's start, else the text's; ``None`` if none is that close.

    >>> t = "a claim. In the third quarter of 2018, sales rose"
    >>> t[_sentence_opening(t, t.index("quarter"), 40):][:6], _sentence_opening(t, t.index("quarter"), 4)
    ('In the', None)
    """
    back = max(0, fs - reach)
    gaps = [m.end() for m in _SENTENCE_GAP.finditer(t, back, fs)]
    line = t.rfind("\n", back, fs)
    lead = gaps[-1] if gaps else line + 1 if line >= 0 else 0 if back == 0 else None
    return lead if lead is not None and lead < fs else None


_RUN_PAST_CHARS = 12  # how far past a sentence's end an alignment may run by a word or two
_SHORT_FORM_LAST = re.compile(r"([a-z]+)(\d*)")  # a unit or a name written short, and a figure run on: "mt", "fy2018"
_OPENING_BACK_CHARS = 24  # how far back a sentence's opening words may lie before the aligned range
_EDGE_STOP = frozenset("the a an of to and or in on at by for with".split())
_EDGE_TOKEN = re.compile(r"[^\W_]+(?:[.,][^\W_]+)*%?")  # a figure is one word: "90.0", "1,000"


_SENTENCE_MARK = re.compile(r"[.!?][\"')\]]*$")


def _end_at_sentence(t: str, fs: int, fe: int, fq: str) -> int:
    """A quote that ends a sentence ends where a sentence of the source ends, when that is as
    close a match: an alignment whose quote rewrote its last words may stop inside them ("60
    days." for "sixty (60) days.": a later end may cost ``_SENTENCE_END_SLACK`` edits more) or
    run into the next sentence ("20 percent." for "20%. Since": an earlier end may cost none)."""
    m = _SENTENCE_MARK.search(fq)
    if m is None or t[fs:fe].endswith(m.group()):
        return fe
    mark = m.group()
    aligned = Levenshtein.distance(fq, t[fs:fe])
    best, best_d = fe, aligned
    hi = min(len(t), fe + _SNAP_MAX)
    i = t.find(mark, max(fs + 1, fe - _SNAP_MAX), hi)
    while i >= 0:
        end = i + len(mark)
        if end == len(t) or t[end] == " ":
            d = Levenshtein.distance(fq, t[fs:end])
            if d <= aligned + (_SENTENCE_END_SLACK if end > fe else 0) and (
                    best == fe or d < best_d or (d == best_d and abs(end - fe) < abs(best - fe))):
                best, best_d = end, d
        i = t.find(mark, i + 1, hi)
    return best


_OTHER_CLAUSE_CATEGORIES = 2  # load-bearing kinds of difference that make a restatement another clause...
_OTHER_CLAUSE_MAX_COSINE = 0.9  # ... below this cosine
_SENTENCE_END_SLACK = 2  # edits a sentence end may cost over the alignment's own end
_SEED = 16  # characters per seed chunk
_SNAP_MAX = 40  # an edge grows to a word boundary this far at most (unspaced text has no words to snap to)
_PROBE_ABOVE_DOCS = 6  # with more candidate documents than this, probe before aligning
_SEED_MAX_HITS = 8  # a chunk found more often than this is too common to vote
_SEED_COMMON_HITS = 64  # ... unless no rare chunk voted: then its first occurrences do
_NAME = re.compile(r"[^\W\d_][\w']*")
_CONTEXT_CHARS = 80  # folded text either side of a match in which a moved attribution is looked for
_EDGE_WORD = re.compile(r"\w+")
_EDGE_WORD_END = re.compile(r"(?<!\w)\w+$")  # anchored at a word start: linear on a 20 KB word


_CLOSERS = ")]\"'»”’“‘«›‹"


def _extend_period(text: str, oe: int, quote: str) -> int:
    """Include the final period (or colon, semicolon) of the source sentence that the quote dropped."""
    q = quote.rstrip()
    if not q or not (q[-1].isalnum() or q[-1] in _CLOSERS) or q[-1] == ".":
        return oe
    if oe < len(text) and text[oe] in ".:;" and (oe + 1 == len(text) or text[oe + 1].isspace() or text[oe + 1] in _CLOSERS):
        return oe + 1
    return oe


def _kept_on_error(r: QuoteResult, read: Callable[[], QuoteResult]) -> QuoteResult:
    """``read()``, or ``r`` (a rejection) with the error named when the semantic stage's reading of it fails: one quote's
    failure loses none of the batch's other results (a source that cannot be read is the caller's error, raised)."""
    try:
        return read()
    except SourceError:
        raise
    except Exception as exc:  # keep the batch
        log.exception("quote_guard: internal error in the semantic stage for %r", r.quote[:80])
        return replace(r, reason=f"{r.reason}; the semantic stage failed on it ({type(exc).__name__}: {exc}), so it "
                       "stays rejected")


def _check_quotes(quotes: Any) -> list[str]:
    if isinstance(quotes, str):
        raise TypeError("quotes must be a list of strings, not a single string: use verify([quote], sources)")
    if not isinstance(quotes, Iterable):
        raise TypeError(f"quotes must be a list of strings, got {type(quotes).__name__}")
    qs = list(quotes)
    if not qs:
        raise ValueError("quotes is empty: pass at least one quote to verify")
    for i, q in enumerate(qs):
        if not isinstance(q, str):
            raise TypeError(f"quotes[{i}] must be a str, got {type(q).__name__}")
    return qs


def coerce_sources(sources: Any) -> list[Source]:
    """Accept ``list[Source]``, ``{id: text}`` or ``list[str]``; check ids are unique."""
    if isinstance(sources, (str, bytes)):
        raise TypeError("sources must be a list of Source, a {id: text} dict or a list of texts, not a single string")
    out: list[Source] = []
    if isinstance(sources, Mapping):
        for k, v in sources.items():
            if not isinstance(k, str):
                raise TypeError(f"source ids must be str, got {type(k).__name__} ({k!r})")
            if not isinstance(v, str):
                raise TypeError(f"source {k!r}: text must be a str, got {type(v).__name__}")
            out.append(Source(k, v))
    elif isinstance(sources, Iterable):
        for i, s in enumerate(sources):
            if isinstance(s, Source):
                out.append(s)
            elif isinstance(s, str):
                out.append(Source(f"source[{i}]", s))
            else:
                raise TypeError(f"sources[{i}] must be a Source or a str, got {type(s).__name__}")
    else:
        raise TypeError(f"sources must be a list of Source, a dict or a list of texts, got {type(sources).__name__}")
    if not out:
        raise SourceError("sources is empty: pass at least one source document")
    seen: set[str] = set()
    for s in out:
        if s.id in seen:
            raise SourceError(f"duplicate source id {s.id!r}: every source needs its own id")
        seen.add(s.id)
    return out


# --------------------------------------------------------------------------- aggregates

def stats(results: Sequence[QuoteResult]) -> dict[str, Any]:
    """Aggregate figures over a batch of results (for reports and dashboards).

    Means and medians skip values that were not computed (``None``) and are ``None`` when
    nothing was computed.
    """

    def _mean(xs: list[float]) -> float | None:
        return round(statistics.fmean(xs), 4) if xs else None

    def _median(xs: list[float]) -> float | None:
        return round(statistics.median(xs), 4) if xs else None

    bm = [r.metrics.bm25_score for r in results if r.metrics.bm25_score is not None]
    br = [r.metrics.bm25_ratio for r in results if r.metrics.bm25_ratio is not None]
    cs = [r.metrics.cosine_similarity for r in results if r.metrics.cosine_similarity is not None]
    mr = [r.metrics.match_ratio for r in results if r.metrics.match_ratio is not None]
    lens = [sum(len(s) for s in r.spans) for r in results if r.spans]
    out: dict[str, Any] = {
        "n_quotes": len(results),
        "n_with_ellipses": sum(1 for r in results if r.metrics.n_fragments > 1 or len(r.spans) > 1),
        "mean_bm25_score": _mean(bm),
        "median_bm25_score": _median(bm),
        "mean_bm25_ratio": _mean(br),
        "median_bm25_ratio": _median(br),
        "mean_cosine": _mean(cs),
        "median_cosine": _median(cs),
        "min_cosine": round(min(cs), 4) if cs else None,
        "max_cosine": round(max(cs), 4) if cs else None,
        "mean_match_ratio": _mean(mr),
        "n_low_match_confidence": sum(1 for r in results if r.metrics.low_confidence),
        "mean_span_length": _mean([float(x) for x in lens]),
    }
    for v in Verdict:
        out[f"n_{v.value}"] = sum(1 for r in results if r.verdict is v)
    return out


def raise_for_failures(
    results: Sequence[QuoteResult],
    *,
    fail_on: Iterable[Verdict | str] = (Verdict.ALTERED, Verdict.UNSUPPORTED),
) -> None:
    """Raise :class:`~quote_guard.errors.QuoteVerificationError` if any result's verdict is in
    ``fail_on``; the exception carries every result."""
    bad = {Verdict(v) for v in fail_on}
    failing = [r for r in results if r.verdict in bad]
    if failing:
        first = failing[0]
        raise QuoteVerificationError(
            f"{len(failing)} of {len(results)} quotes failed verification "
            f"(first: {first.quote[:60]!r} is {first.verdict.value}: {first.reason})",
            results=results,
        )
