"""quote_guard.metrics: per-answer and per-dataset scores, Wilson intervals, Cohen's kappa."""

from __future__ import annotations

from dataclasses import dataclass

import pytest
from hypothesis import given
from hypothesis import strategies as st

from quote_guard.metrics import (
    AnswerScores,
    cohens_kappa,
    is_faithful,
    is_misattributed,
    is_safe_paraphrase,
    needs_review,
    score_answer,
    score_dataset,
    to_rows,
    verdict_counts,
    wilson_interval,
)
from quote_guard.models import Difference, Metrics, QuoteResult, Span, Verdict

MODAL = Difference("replace", "may", "shall", "modal")
SPELLING = Difference("replace", "organisation", "organization", "spelling")
REWORDED = Difference("replace", "gave somebody ownership of", "meant that somebody owned", "content")


def res(verdict: Verdict, *, diffs=(), low: bool = False, source: str | None = None) -> QuoteResult:
    spans = (Span(source, 0, 4),) if source else ()
    return QuoteResult("q", verdict, spans=spans, metrics=Metrics(differences=tuple(diffs), low_confidence=low))


@dataclass(frozen=True, slots=True)
class FlaggedResult(QuoteResult):
    """A result type with the ``misattributed`` flag that issue 12 adds."""

    misattributed: bool = False


# ---------------------------------------------------------------- Wilson and kappa: published values


@pytest.mark.parametrize(("k", "n", "expected"), [
    # Newcombe (1998), Statistics in Medicine 17:857-872, Table I, method 3 (Wilson score, no correction)
    (81, 263, (0.2553, 0.3662)),
    (15, 148, (0.0624, 0.1605)),
    (0, 20, (0.0, 0.1611)),
    (1, 29, (0.0061, 0.1718)),
])
def test_wilson_interval_matches_newcombe_1998(k: int, n: int, expected: tuple[float, float]):
    assert wilson_interval(k, n) == expected


@given(st.integers(1, 500).flatmap(lambda n: st.tuples(st.integers(0, n), st.just(n))))
def test_wilson_interval_contains_the_estimate_and_stays_in_unit_range(kn: tuple[int, int]):
    k, n = kn
    lo, hi = wilson_interval(k, n)
    assert 0.0 <= lo <= round(k / n, 4) <= hi <= 1.0
    assert wilson_interval(n - k, n) == pytest.approx((1 - hi, 1 - lo), abs=2e-4)  # symmetric


@pytest.mark.parametrize(("k", "n"), [(0, 0), (3, 2), (-1, 5)])
def test_wilson_interval_refuses_impossible_counts(k: int, n: int):
    with pytest.raises(ValueError, match="wilson_interval"):
        wilson_interval(k, n)


def _table(yy: int, yn: int, ny: int, nn: int) -> tuple[list[str], list[str]]:
    a = ["y"] * (yy + yn) + ["n"] * (ny + nn)
    b = ["y"] * yy + ["n"] * yn + ["y"] * ny + ["n"] * nn
    return a, b


@pytest.mark.parametrize(("cells", "kappa"), [
    ((20, 5, 10, 15), 0.4),  # Wikipedia, "Cohen's kappa", simple example
    ((45, 15, 25, 15), 0.1304),  # same article, "same agreement, different kappa"
    ((25, 35, 5, 35), 0.2593),
])
def test_cohens_kappa_matches_published_examples(cells: tuple[int, int, int, int], kappa: float):
    assert cohens_kappa(*_table(*cells)) == kappa


def test_cohens_kappa_edges():
    assert cohens_kappa(["a", "b", "c"], ["a", "b", "c"]) == 1.0
    assert cohens_kappa(["a", "a"], ["a", "a"]) == 1.0  # one label for everything: agreement by construction
    assert cohens_kappa(["a", "b"], ["b", "a"]) == -1.0
    with pytest.raises(ValueError, match="same items"):
        cohens_kappa(["a"], ["a", "b"])
    with pytest.raises(ValueError, match="no items"):
        cohens_kappa([], [])


# ---------------------------------------------------------------- per result


def test_faithful_means_word_for_word_or_a_safe_paraphrase():
    assert is_faithful(res(Verdict.VERBATIM)) and is_faithful(res(Verdict.NEAR_VERBATIM, diffs=[SPELLING]))
    assert is_safe_paraphrase(res(Verdict.PARAPHRASE, diffs=[SPELLING]))
    assert is_safe_paraphrase(res(Verdict.PARAPHRASE, diffs=[REWORDED]))  # other words are what a paraphrase is
    assert not is_safe_paraphrase(res(Verdict.PARAPHRASE, diffs=[MODAL]))
    assert not is_faithful(res(Verdict.PARAPHRASE, diffs=[MODAL]))
    for v in (Verdict.ALTERED, Verdict.UNSUPPORTED, Verdict.UNCHECKABLE):
        assert not is_faithful(res(v))


def test_needs_review_sends_doubtful_quotes_only():
    assert not needs_review(res(Verdict.VERBATIM))
    assert not needs_review(res(Verdict.NEAR_VERBATIM))
    assert not needs_review(res(Verdict.UNCHECKABLE))
    assert needs_review(res(Verdict.NEAR_VERBATIM, low=True))
    for v in (Verdict.ALTERED, Verdict.UNSUPPORTED, Verdict.PARAPHRASE):
        assert needs_review(res(v))
    flagged = FlaggedResult("q", Verdict.VERBATIM, misattributed=True)
    assert is_misattributed(flagged) and needs_review(flagged)
    assert not is_misattributed(FlaggedResult("q", Verdict.VERBATIM))


# ---------------------------------------------------------------- per answer


def test_score_answer_counts_and_shares():
    results = [
        res(Verdict.VERBATIM), res(Verdict.NEAR_VERBATIM), res(Verdict.PARAPHRASE, diffs=[REWORDED]),
        res(Verdict.PARAPHRASE, diffs=[REWORDED, MODAL]), res(Verdict.ALTERED, diffs=[MODAL]), res(Verdict.UNCHECKABLE),
    ]
    s = score_answer(results, answer_id="a1")
    assert (s.n_quotes, s.n_verbatim, s.n_near_verbatim, s.n_safe_paraphrase, s.n_faithful) == (6, 1, 1, 1, 3)
    assert s.verbatim == pytest.approx(2 / 6, abs=1e-6) and s.faithful == 0.5
    assert s.n_needs_review == 3  # two paraphrases and the altered quote
    assert s.dangerous is None and s.dangerous_accepted is None and s.citation_accuracy is None


def test_an_answer_without_quotes_has_no_shares():
    s = score_answer([])
    assert s.n_quotes == 0 and s.verbatim is None and s.faithful is None


def test_dangerous_comes_from_gold_labels():
    results = [res(Verdict.VERBATIM), res(Verdict.NEAR_VERBATIM), res(Verdict.ALTERED), res(Verdict.VERBATIM)]
    labels = [Verdict.VERBATIM, "altered", "misquote", None]  # the second is a miss: labelled altered, judged faithful
    s = score_answer(results, labels=labels)
    assert (s.n_labelled, s.n_dangerous, s.n_dangerous_accepted) == (3, 2, 1)
    assert s.dangerous == pytest.approx(2 / 3, abs=1e-6) and s.dangerous_accepted == pytest.approx(1 / 3, abs=1e-6)
    with pytest.raises(ValueError, match="labels: 1 entries for 4 results"):
        score_answer(results, labels=["altered"])


def test_citation_accuracy_checks_the_cited_document():
    results = [
        res(Verdict.VERBATIM, source="docs/lease.txt"),
        res(Verdict.VERBATIM, source="docs/lease.txt"),
        res(Verdict.UNSUPPORTED),
        res(Verdict.VERBATIM, source="docs/wli.txt"),
        FlaggedResult("q", Verdict.VERBATIM, spans=(Span("docs/lease.txt", 0, 1),), misattributed=True),
    ]
    s = score_answer(results, citations=["lease.txt", "lease", "lease.txt", None, "docs/lease.txt"])
    assert (s.n_cited, s.n_citation_correct) == (4, 2)
    assert s.citation_accuracy == 0.5


# ---------------------------------------------------------------- per dataset


def test_score_dataset_pools_and_averages():
    answers = [
        [res(Verdict.VERBATIM), res(Verdict.VERBATIM), res(Verdict.VERBATIM), res(Verdict.ALTERED)],
        [res(Verdict.UNSUPPORTED)],
        [],
    ]
    d = score_dataset(answers, answer_ids=["a", "b", "c"])
    assert [a.faithful for a in d.answers] == [0.75, 0.0, None]
    assert d.pooled.n_quotes == 5 and d.pooled.faithful == 0.6  # 3 of 5 quotes
    assert d.macro_faithful == 0.375  # mean of 0.75 and 0.0; the answer without quotes is left out
    assert d.pooled.dangerous is None and d.macro_dangerous is None
    rows = to_rows(d)
    assert [r["answer_id"] for r in rows] == ["a", "b", "c", "all"]
    assert rows[-1]["n_faithful"] == 3 and rows[0]["verbatim"] == 0.75
    assert set(rows[0]) >= {"n_quotes", "verbatim", "faithful", "dangerous", "citation_accuracy"}
    with pytest.raises(ValueError, match="answer_ids"):
        score_dataset(answers, answer_ids=["a"])


def test_to_rows_makes_a_dataframe():
    pd = pytest.importorskip("pandas")
    d = score_dataset([[res(Verdict.VERBATIM)], [res(Verdict.ALTERED)]], labels=[["verbatim"], ["altered"]])
    df = pd.DataFrame(to_rows(d))
    assert list(df["faithful"]) == [1.0, 0.0, 0.5]
    assert list(df["dangerous"]) == [0.0, 1.0, 0.5]
    assert to_rows(d.pooled) == [d.pooled.to_row()] and isinstance(d.pooled, AnswerScores)


def test_scores_on_real_verification(lexical):
    src = {"lease.txt": "The Tenant shall not sublet the premises. Rent is due monthly."}
    quotes = ["The Tenant shall not sublet the premises.", "the tenant shall not sublet the premises",
              "The Tenant may sublet the premises.", "The moon is made of cheese entirely."]
    results = lexical.verify(quotes, src)
    assert verdict_counts(results)["altered"] == 1
    s = score_answer(results, citations=["lease.txt"] * 4)
    assert (s.n_verbatim, s.n_near_verbatim, s.n_faithful) == (1, 1, 2)
    assert s.n_citation_correct == 3  # the altered quote is still found in lease.txt; the invented one nowhere
