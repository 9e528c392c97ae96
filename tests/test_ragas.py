"""quote_guard.integrations.ragas: a Ragas metric that runs offline through ragas.evaluate()."""

from __future__ import annotations

import math
import os
import sys

import pytest

pytest.importorskip("ragas")

from ragas import EvaluationDataset, evaluate  # noqa: E402
from ragas.metrics.quoted_spans import quoted_spans_alignment  # noqa: E402

from quote_guard import Verifier, extract_quotes  # noqa: E402
from quote_guard.integrations.ragas import QuoteFaithfulness  # noqa: E402
from quote_guard.metrics import score_answer  # noqa: E402

# ragas 0.4 deprecates evaluate() in favour of its experiment API, which does not run these metrics
pytestmark = pytest.mark.filterwarnings("ignore:a?evaluate\\(\\) is deprecated:DeprecationWarning")

# (response, retrieved contexts, is every quote faithful?)
SAMPLES = [
    # verbatim: both metrics accept it
    ('The lease says "The Tenant shall pay the Base Rent on the first day of each month".',
     ["The Tenant shall pay the Base Rent on the first day of each month. Late payments incur interest."], True),
    # a dropped "not": both metrics reject it
    ('The licence says "Fees paid under this Agreement are refundable".',
     ["Fees paid under this Agreement are not refundable. The Licensor shall provide support."], False),
    # stitched across two contexts: Ragas joins the contexts with a space and accepts it; quote_guard does not
    ('The contract says "The Tenant shall pay no penalty for early termination".',
     ["Late payment incurs interest at two percent. The Tenant shall pay",
      "no penalty for early termination applies to the Landlord."], False),
    # British spelling: harmless, quote_guard accepts it; the substring check rejects it
    ('It promises "the Licensor shall provide technical support to the organisation at no cost".',
     ["The Licensor shall provide technical support to the organization at no cost."], True),
    # a hyphen for a dash: harmless too
    ('It says "The term is five years - renewable once by written notice".',
     ["The term is five years — renewable once by written notice."], True),
    # no quote at all: no score (NaN, left out of the mean)
    ("The contract is about rent.", ["The Tenant shall pay rent."], None),
]


@pytest.fixture(scope="module")
def verifier() -> Verifier:
    return Verifier()


def _encodings() -> set[str]:
    registry = sys.modules.get("tiktoken.registry")
    return set(registry.ENCODINGS) if registry is not None else set()


ENCODINGS: dict[str, set[str]] = {}


@pytest.fixture(scope="module")
def evaluated(verifier: Verifier):
    ds = EvaluationDataset.from_list([{"response": r, "retrieved_contexts": c} for r, c, _ in SAMPLES])
    metrics = [QuoteFaithfulness(verifier=verifier), QuoteFaithfulness(name="quote_verbatim", score="verbatim",
                                                                       verifier=verifier)]
    ENCODINGS["before"] = _encodings()  # other tests in this process may have loaded some already
    result = evaluate(ds, metrics=metrics, show_progress=False, raise_exceptions=True)
    ENCODINGS["after"] = _encodings()
    return result


def test_evaluate_runs_offline_without_telemetry_or_token_counting(evaluated):
    assert os.environ["RAGAS_DO_NOT_TRACK"] == "true"
    assert ENCODINGS["after"] == ENCODINGS["before"]  # evaluate() loaded no tiktoken encoding (it would download)
    assert len(evaluated["quote_faithfulness"]) == len(SAMPLES)


def test_adapter_scores_equal_quote_guard_metrics(evaluated, verifier: Verifier):
    for (response, contexts, _), got_f, got_v in zip(SAMPLES, evaluated["quote_faithfulness"],
                                                     evaluated["quote_verbatim"]):
        quotes = [q.text for q in extract_quotes(response)]
        want = score_answer(verifier.verify(quotes, contexts)) if quotes else score_answer([])
        for got, expected in ((got_f, want.faithful), (got_v, want.verbatim)):
            if expected is None:
                assert math.isnan(got)
            else:
                assert got == expected


def test_quote_guard_catches_altered_quotes_and_accepts_form_changes_where_substring_matching_does_not(evaluated):
    ours = evaluated["quote_faithfulness"]
    theirs = [quoted_spans_alignment([r], [c])["citation_alignment_quoted_spans"] for r, c, _ in SAMPLES]
    expected = [1.0 if ok else 0.0 for _, _, ok in SAMPLES[:-1]]
    assert ours[:-1] == expected and math.isnan(ours[-1])
    # Ragas' lower-cased substring check: accepts the stitched quote, rejects both harmless form changes
    assert theirs[:-1] == [1.0, 0.0, 1.0, 0.0, 0.0]
    disagreements = [i for i in range(len(SAMPLES) - 1) if ours[i] != theirs[i]]
    assert disagreements == [2, 3, 4]
    assert "'quote_faithfulness': 0.6000" in str(evaluated)  # 3 of 5: the NaN is left out of the mean


def test_single_sample_api_and_missing_contexts(verifier: Verifier):
    import asyncio

    from ragas import SingleTurnSample

    metric = QuoteFaithfulness(verifier=verifier)
    sample = SingleTurnSample(response=SAMPLES[0][0], retrieved_contexts=SAMPLES[0][1])
    assert asyncio.run(metric.single_turn_ascore(sample)) == 1.0
    assert metric.score_sample(SAMPLES[0][0], []) == 0.0  # nothing to check against: uncheckable, not faithful
    with pytest.raises(ValueError, match="score must be"):
        QuoteFaithfulness(score="dangerous")  # type: ignore[arg-type]


def test_collections_form_gives_the_same_scores(evaluated, verifier: Verifier):
    from quote_guard.integrations.ragas import QuoteFaithfulnessCollection

    metric = QuoteFaithfulnessCollection(verifier=verifier)
    got = metric.batch_score([{"response": r, "retrieved_contexts": c} for r, c, _ in SAMPLES])
    ours = evaluated["quote_faithfulness"]
    assert [g.value for g in got[:-1]] == ours[:-1]
    assert got[-1].value is None and got[-1].reason == "no quotes in the response"
    assert got[1].reason == "0 of 1 quotes faithful"
