"""quote_guard as a Ragas metric: score the quotes in a response against its retrieved contexts.

:class:`QuoteFaithfulness` is a Ragas ``SingleTurnMetric`` (the API ``ragas.evaluate()``
accepts, like Ragas' own ``ExactMatch``): it needs the ``response`` and ``retrieved_contexts``
columns, no LLM and no embeddings service, and runs offline. For each sample it extracts the
quotes of the response (:func:`quote_guard.extract_quotes`), verifies them against the contexts
(``context[0]``, ``context[1]``... as source ids) and returns one share from
:func:`quote_guard.metrics.score_answer`:

- ``score="faithful"`` (default): verbatim, near-verbatim or safe-paraphrase quotes;
- ``score="verbatim"``: verbatim or near-verbatim quotes.

A response without quotes scores ``no_quotes`` (default NaN, which Ragas leaves out of the
mean). Unlike Ragas' lower-cased substring check (``quoted_spans_alignment``), an altered quote
("shall" for "may", a dropped "not") fails even when only one word differs, and harmless form
changes (curly quotes, spacing, a dropped final stop, British spelling) pass.

Importing this module sets ``RAGAS_DO_NOT_TRACK=true``: quote_guard sends no telemetry. Nothing
here counts tokens (tiktoken would try to download its encodings).

>>> from ragas import EvaluationDataset, evaluate                     # doctest: +SKIP
>>> ds = EvaluationDataset.from_list([{"response": 'It says "the Tenant shall pay rent".',
...                                    "retrieved_contexts": ["The Tenant shall pay rent monthly."]}])  # doctest: +SKIP
>>> evaluate(ds, metrics=[QuoteFaithfulness()], show_progress=False)  # doctest: +SKIP
{'quote_faithfulness': 1.0000}
"""

from __future__ import annotations

import os

os.environ["RAGAS_DO_NOT_TRACK"] = "true"  # before ragas loads: no telemetry from evaluate()

import math
import typing as t
from collections.abc import Sequence
from dataclasses import dataclass, field

from ..errors import MissingDependencyError
from ..extract import ExtractConfig, extract_quotes
from ..metrics import AnswerScores, score_answer
from ..models import QuoteResult, Source, Verdict
from ..verify import Verifier, VerifierConfig

try:
    from ragas.dataset_schema import SingleTurnSample
    from ragas.metrics.base import MetricType, SingleTurnMetric
    from ragas.metrics.collections.base import BaseMetric
    from ragas.metrics.result import MetricResult
    from ragas.run_config import RunConfig
except ImportError as exc:  # pragma: no cover - exercised only without the extra
    raise MissingDependencyError("The Ragas metric", extra="ragas", package="ragas") from exc

__all__ = ["QuoteFaithfulness", "QuoteFaithfulnessCollection", "score_response"]


def score_response(
    response: str,
    contexts: Sequence[str] | None,
    *,
    verifier: Verifier,
    extract_config: ExtractConfig | None = None,
) -> AnswerScores:
    """Extract the quotes of ``response``, verify them against ``contexts`` and score them.

    Context ``i`` is the source ``context[i]``. Without contexts (``None`` or empty) every quote
    is ``uncheckable``, so it is never faithful.
    """
    quotes = [q.text for q in extract_quotes(response, extract_config)] if extract_config else [
        q.text for q in extract_quotes(response)]
    if not quotes:
        return score_answer([])
    texts = [c for c in (contexts or []) if isinstance(c, str)]
    if not texts:
        results = [QuoteResult(q, Verdict.UNCHECKABLE, reason="no retrieved context to check against") for q in quotes]
    else:
        results = verifier.verify(quotes, [Source(f"context[{i}]", c) for i, c in enumerate(texts)])
    return score_answer(results)


@dataclass
class QuoteFaithfulness(SingleTurnMetric):
    """Share of the response's quotes that say what the retrieved contexts say (see the module docstring).

    ``config`` sets the verifier (default: ``VerifierConfig()``, semantic stage included when
    installed); ``verifier`` passes a ready one (shared across metrics, say).
    """

    name: str = "quote_faithfulness"
    _required_columns: dict[MetricType, set[str]] = field(
        default_factory=lambda: {MetricType.SINGLE_TURN: {"response", "retrieved_contexts"}}
    )
    score: t.Literal["faithful", "verbatim"] = "faithful"
    no_quotes: float = math.nan
    config: VerifierConfig | None = None
    verifier: Verifier | None = field(default=None, repr=False)
    extract_config: ExtractConfig | None = None

    def __post_init__(self) -> None:
        super().__post_init__()  # type: ignore[no-untyped-call]
        if self.score not in ("faithful", "verbatim"):
            raise ValueError(f"QuoteFaithfulness: score must be 'faithful' or 'verbatim', got {self.score!r}")

    def init(self, run_config: RunConfig) -> None:
        """Build the verifier once (Ragas calls this before scoring)."""
        self._get_verifier()

    def _get_verifier(self) -> Verifier:
        if self.verifier is None:
            self.verifier = Verifier(self.config) if self.config is not None else Verifier()
        return self.verifier

    def score_sample(self, response: str, contexts: Sequence[str] | None) -> float:
        """The score of one response, synchronously (what ``_single_turn_ascore`` returns)."""
        scores = score_response(response or "", contexts, verifier=self._get_verifier(),
                                extract_config=self.extract_config)
        value = scores.faithful if self.score == "faithful" else scores.verbatim
        return self.no_quotes if value is None else float(value)

    async def _single_turn_ascore(self, sample: SingleTurnSample, callbacks: t.Any) -> float:
        return self.score_sample(sample.response or "", sample.retrieved_contexts)

    async def _ascore(self, row: dict[str, t.Any], callbacks: t.Any) -> float:
        return await self._single_turn_ascore(SingleTurnSample(**row), callbacks)


class QuoteFaithfulnessCollection(BaseMetric):
    """The same score in Ragas' newer ``metrics.collections`` form (``.score()``, ``.batch_score()``,
    ``await .ascore()``), which ``ragas.evaluate()`` does not accept; use :class:`QuoteFaithfulness` there.

    The result's ``value`` is the share, or ``None`` for a response without quotes; ``reason``
    gives the counts.
    """

    def __init__(self, name: str = "quote_faithfulness", *, score: t.Literal["faithful", "verbatim"] = "faithful",
                 verifier: Verifier | None = None, config: VerifierConfig | None = None) -> None:
        super().__init__(name=name, allowed_values=(0.0, 1.0))
        self.metric = QuoteFaithfulness(name=name, score=score, verifier=verifier, config=config)

    async def ascore(self, response: str, retrieved_contexts: list[str]) -> MetricResult:  # type: ignore[override]
        verifier = self.metric._get_verifier()
        s = score_response(response or "", retrieved_contexts, verifier=verifier,
                           extract_config=self.metric.extract_config)
        value = s.faithful if self.metric.score == "faithful" else s.verbatim
        n_ok = s.n_faithful if self.metric.score == "faithful" else s.n_verbatim + s.n_near_verbatim
        reason = f"{n_ok} of {s.n_quotes} quotes {self.metric.score}" if s.n_quotes else "no quotes in the response"
        return MetricResult(value=value, reason=reason)
