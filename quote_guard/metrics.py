"""Evaluation scores over verification results: per answer, per dataset, and the statistics a paper needs.

Pure functions over :class:`~quote_guard.models.QuoteResult` (no third-party imports), so an
evaluation suite, a notebook and the methods section all count the same way.

Definitions (each share is a count over ``n_quotes``; ``None`` when an answer has no quote,
never 0 or 1):

- **verbatim**: the quote says what the source says word for word: verdict ``verbatim`` or
  ``near_verbatim`` (form differences only: case, spacing, quote marks, spelling variants...).
- **faithful**: verbatim, or a **safe paraphrase**: a ``paraphrase`` with no load-bearing
  difference in ``result.metrics.differences`` (no changed number, negation, modal, party...)
  other than the reworded content words and word order that make it a paraphrase in the first
  place (:data:`PARAPHRASE_REWORDING`). Counting those too would make almost no paraphrase safe:
  in a sample of the dev benchmark's gold paraphrases (every third; 91 called ``paraphrase``),
  1 had no load-bearing difference at all, 34 none beyond rewording.
- **dangerous** (only when gold labels are given): the quote's gold label is ``altered``,
  ``unsupported``, ``misquote`` or ``hallucination``. ``n_dangerous_accepted`` counts those
  that quote_guard nevertheless judged faithful (the misses that matter).
- **citation accuracy** (only when citations are given): of the quotes that cite a document,
  the share found in that document (a span in it, and not flagged ``misattributed``).
  ``uncheckable`` quotes count in ``n_quotes`` and are never faithful.

>>> from quote_guard.models import QuoteResult, Verdict
>>> s = score_answer([QuoteResult("a", Verdict.VERBATIM), QuoteResult("b", Verdict.ALTERED)])
>>> s.n_quotes, s.verbatim, s.faithful
(2, 0.5, 0.5)
>>> wilson_interval(81, 263)
(0.2553, 0.3662)
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass, fields
from pathlib import PurePath
from typing import Any

from .models import QuoteResult, Verdict

__all__ = [
    "DANGEROUS_LABELS",
    "PARAPHRASE_REWORDING",
    "AnswerScores",
    "DatasetScores",
    "cohens_kappa",
    "is_faithful",
    "is_misattributed",
    "is_safe_paraphrase",
    "is_verbatim",
    "needs_review",
    "review_reasons",
    "score_answer",
    "score_dataset",
    "to_rows",
    "verdict_counts",
    "wilson_interval",
]

#: Difference categories a paraphrase has by definition (other words, other order); they do not make it unsafe.
PARAPHRASE_REWORDING = frozenset({"content", "order"})

#: Gold labels that make a quote dangerous: verdict names and human review decisions.
DANGEROUS_LABELS = frozenset({"altered", "unsupported", "misquote", "hallucination"})


# --------------------------------------------------------------------------- per result


def is_verbatim(result: QuoteResult) -> bool:
    """Word for word: verdict ``verbatim`` or ``near_verbatim``."""
    return result.verdict.accepted


def is_safe_paraphrase(result: QuoteResult) -> bool:
    """A ``paraphrase`` with no load-bearing difference beyond rewording (:data:`PARAPHRASE_REWORDING`).

    A changed negation, number, modal, quantifier, direction, exclusivity word, party or
    connective makes a paraphrase unsafe; other content words and word order do not.

    >>> from quote_guard.models import Difference, Metrics, QuoteResult, Verdict
    >>> reworded = Difference("replace", "gave", "meant", "content")
    >>> is_safe_paraphrase(QuoteResult("q", Verdict.PARAPHRASE, metrics=Metrics(differences=(reworded,))))
    True
    >>> d = Difference("replace", "may", "shall", "modal")
    >>> is_safe_paraphrase(QuoteResult("q", Verdict.PARAPHRASE, metrics=Metrics(differences=(reworded, d))))
    False
    """
    return result.verdict is Verdict.PARAPHRASE and not any(
        d.load_bearing and d.category not in PARAPHRASE_REWORDING for d in result.metrics.differences
    )


def is_faithful(result: QuoteResult) -> bool:
    """Verbatim, near_verbatim or a safe paraphrase (see :func:`is_safe_paraphrase`)."""
    return is_verbatim(result) or is_safe_paraphrase(result)


def is_misattributed(result: QuoteResult) -> bool:
    """True when the result carries a ``misattributed`` flag (read defensively: older results have none).

    The flag may sit on the result or on its metrics, as a bool attribute or in a ``flags`` collection.
    """
    for obj in (result, result.metrics):
        value = getattr(obj, "misattributed", None)
        if isinstance(value, bool):
            if value:
                return True
        elif value:  # e.g. a record of (cited id, found id)
            return True
        flags = getattr(obj, "flags", None)
        if isinstance(flags, (Sequence, frozenset, set)) and not isinstance(flags, str) and "misattributed" in flags:
            return True
    return False


def needs_review(result: QuoteResult) -> bool:
    """Whether a human should look at this quote before it is used or reported.

    True for ``altered``, ``unsupported`` and ``paraphrase`` verdicts, for any result flagged
    ``low_confidence`` (a verdict near a threshold) and for misattributed citations.
    Verbatim and near-verbatim quotes with confident matches, and ``uncheckable`` quotes
    (nothing to compare with), are not sent to review.

    >>> from quote_guard.models import Metrics, QuoteResult, Verdict
    >>> needs_review(QuoteResult("q", Verdict.VERBATIM)), needs_review(QuoteResult("q", Verdict.PARAPHRASE))
    (False, True)
    >>> needs_review(QuoteResult("q", Verdict.NEAR_VERBATIM, metrics=Metrics(low_confidence=True)))
    True
    """
    if result.verdict in (Verdict.ALTERED, Verdict.UNSUPPORTED, Verdict.PARAPHRASE):
        return True
    return bool(result.metrics.low_confidence) or is_misattributed(result)


def review_reasons(result: QuoteResult) -> list[str]:
    """Why :func:`needs_review` sends this quote to a human (empty when it does not).

    >>> from quote_guard.models import Metrics, QuoteResult, Verdict
    >>> review_reasons(QuoteResult("q", Verdict.ALTERED, metrics=Metrics(low_confidence=True)))
    ['altered', 'low confidence']
    """
    out = []
    if result.verdict in (Verdict.ALTERED, Verdict.UNSUPPORTED, Verdict.PARAPHRASE):
        out.append(result.verdict.value)
    if result.metrics.low_confidence:
        out.append("low confidence")
    if is_misattributed(result):
        out.append("misattributed")
    return out


def _label(value: object) -> str:
    if isinstance(value, Verdict):
        return value.value
    return str(value).strip().lower().replace(" ", "_").replace("-", "_")


def _cited_ok(result: QuoteResult, cited: str) -> bool:
    if is_misattributed(result):
        return False
    want = cited.strip()
    for span in result.spans:
        sid = span.source_id
        if want in (sid, PurePath(sid).name, PurePath(sid).stem):
            return True
    return False


# --------------------------------------------------------------------------- scores


def _share(k: int, n: int) -> float | None:
    return round(k / n, 6) if n else None


@dataclass(frozen=True, slots=True)
class AnswerScores:
    """Counts and shares for one answer (or, pooled, for a whole dataset).

    ``dangerous`` and ``dangerous_accepted`` are ``None`` without gold labels;
    ``citation_accuracy`` is ``None`` when no quote cites a document (or no citations were given).
    """

    answer_id: str
    n_quotes: int
    n_verbatim: int
    n_near_verbatim: int
    n_safe_paraphrase: int
    n_faithful: int
    n_needs_review: int
    n_labelled: int
    n_dangerous: int | None
    n_dangerous_accepted: int | None
    n_cited: int
    n_citation_correct: int

    @property
    def verbatim(self) -> float | None:
        """Share of quotes that are verbatim or near_verbatim."""
        return _share(self.n_verbatim + self.n_near_verbatim, self.n_quotes)

    @property
    def faithful(self) -> float | None:
        """Share of quotes that are faithful (verbatim, near_verbatim or safe paraphrase)."""
        return _share(self.n_faithful, self.n_quotes)

    @property
    def dangerous(self) -> float | None:
        """Share of labelled quotes whose gold label is dangerous (``None`` without labels)."""
        return None if self.n_dangerous is None else _share(self.n_dangerous, self.n_labelled)

    @property
    def dangerous_accepted(self) -> float | None:
        """Share of labelled quotes that are dangerous yet judged faithful (``None`` without labels)."""
        return None if self.n_dangerous_accepted is None else _share(self.n_dangerous_accepted, self.n_labelled)

    @property
    def citation_accuracy(self) -> float | None:
        """Share of citing quotes found in the document they cite."""
        return _share(self.n_citation_correct, self.n_cited)

    def to_row(self) -> dict[str, Any]:
        """A flat dict: every count, then the shares (``None`` where undefined)."""
        row: dict[str, Any] = {f.name: getattr(self, f.name) for f in fields(self)}
        for name in ("verbatim", "faithful", "dangerous", "dangerous_accepted", "citation_accuracy"):
            row[name] = getattr(self, name)
        return row


def score_answer(
    results: Sequence[QuoteResult],
    *,
    labels: Sequence[object | None] | None = None,
    citations: Sequence[str | None] | None = None,
    answer_id: str = "",
) -> AnswerScores:
    """Score the quotes of one answer.

    ``labels`` (optional) gives one gold label per result (a :class:`Verdict`, a verdict name
    or a review decision such as ``"hallucination"``; ``None`` = not labelled). ``citations``
    gives the document each quote cites (``None`` = no citation), e.g. ``ExtractedQuote.citation``.
    Both must have one entry per result, else ``ValueError``.

    >>> from quote_guard.models import QuoteResult, Span, Verdict
    >>> r = QuoteResult("q", Verdict.VERBATIM, spans=(Span("docs/lease.txt", 0, 1),))
    >>> s = score_answer([r], labels=["altered"], citations=["lease.txt"])
    >>> s.dangerous, s.dangerous_accepted, s.citation_accuracy
    (1.0, 1.0, 1.0)
    """
    results = list(results)
    for what, seq in (("labels", labels), ("citations", citations)):
        if seq is not None and len(seq) != len(results):
            raise ValueError(f"{what}: {len(seq)} entries for {len(results)} results; give one per result")
    counts = Counter(r.verdict for r in results)
    n_dangerous: int | None = None
    n_dangerous_accepted: int | None = None
    n_labelled = 0
    if labels is not None:
        n_dangerous = n_dangerous_accepted = 0
        for r, lab in zip(results, labels):
            if lab is None:
                continue
            n_labelled += 1
            if _label(lab) in DANGEROUS_LABELS:
                n_dangerous += 1
                n_dangerous_accepted += is_faithful(r)
    n_cited = n_ok = 0
    if citations is not None:
        for r, cited in zip(results, citations):
            if cited is None or not str(cited).strip():
                continue
            n_cited += 1
            n_ok += _cited_ok(r, str(cited))
    return AnswerScores(
        answer_id=answer_id,
        n_quotes=len(results),
        n_verbatim=counts[Verdict.VERBATIM],
        n_near_verbatim=counts[Verdict.NEAR_VERBATIM],
        n_safe_paraphrase=sum(1 for r in results if is_safe_paraphrase(r)),
        n_faithful=sum(1 for r in results if is_faithful(r)),
        n_needs_review=sum(1 for r in results if needs_review(r)),
        n_labelled=n_labelled,
        n_dangerous=n_dangerous,
        n_dangerous_accepted=n_dangerous_accepted,
        n_cited=n_cited,
        n_citation_correct=n_ok,
    )


def _opt_sum(values: Iterable[int | None]) -> int | None:
    vals = list(values)
    if all(v is None for v in vals):
        return None
    return sum(v for v in vals if v is not None)


def _mean(values: Iterable[float | None]) -> float | None:
    vals = [v for v in values if v is not None]
    return round(math.fsum(vals) / len(vals), 6) if vals else None


@dataclass(frozen=True, slots=True)
class DatasetScores:
    """Scores of every answer, the pooled totals (``pooled``: every quote counted once) and the
    macro averages (the mean of the per-answer shares, over answers that have quotes)."""

    answers: tuple[AnswerScores, ...]
    pooled: AnswerScores

    @property
    def macro_verbatim(self) -> float | None:
        return _mean(a.verbatim for a in self.answers)

    @property
    def macro_faithful(self) -> float | None:
        return _mean(a.faithful for a in self.answers)

    @property
    def macro_dangerous(self) -> float | None:
        return _mean(a.dangerous for a in self.answers)

    @property
    def macro_citation_accuracy(self) -> float | None:
        return _mean(a.citation_accuracy for a in self.answers)


def score_dataset(
    answers: Sequence[Sequence[QuoteResult]],
    *,
    labels: Sequence[Sequence[object | None] | None] | None = None,
    citations: Sequence[Sequence[str | None] | None] | None = None,
    answer_ids: Sequence[str] | None = None,
) -> DatasetScores:
    """Score many answers (one list of results per answer); ``labels``/``citations`` per answer, optional.

    >>> from quote_guard.models import QuoteResult, Verdict
    >>> d = score_dataset([[QuoteResult("a", Verdict.VERBATIM)], [QuoteResult("b", Verdict.UNSUPPORTED)], []])
    >>> d.pooled.faithful, d.macro_faithful, [a.faithful for a in d.answers]
    (0.5, 0.5, [1.0, 0.0, None])
    """
    for what, seq in (("labels", labels), ("citations", citations), ("answer_ids", answer_ids)):
        if seq is not None and len(seq) != len(answers):
            raise ValueError(f"{what}: {len(seq)} entries for {len(answers)} answers; give one per answer")
    scored = tuple(
        score_answer(
            res,
            labels=labels[i] if labels is not None else None,
            citations=citations[i] if citations is not None else None,
            answer_id=answer_ids[i] if answer_ids is not None else str(i),
        )
        for i, res in enumerate(answers)
    )
    pooled = AnswerScores(
        answer_id="all",
        n_quotes=sum(a.n_quotes for a in scored),
        n_verbatim=sum(a.n_verbatim for a in scored),
        n_near_verbatim=sum(a.n_near_verbatim for a in scored),
        n_safe_paraphrase=sum(a.n_safe_paraphrase for a in scored),
        n_faithful=sum(a.n_faithful for a in scored),
        n_needs_review=sum(a.n_needs_review for a in scored),
        n_labelled=sum(a.n_labelled for a in scored),
        n_dangerous=_opt_sum(a.n_dangerous for a in scored),
        n_dangerous_accepted=_opt_sum(a.n_dangerous_accepted for a in scored),
        n_cited=sum(a.n_cited for a in scored),
        n_citation_correct=sum(a.n_citation_correct for a in scored),
    )
    return DatasetScores(scored, pooled)


def to_rows(scores: AnswerScores | DatasetScores | Iterable[AnswerScores]) -> list[dict[str, Any]]:
    """A list of flat dicts, ready for ``pandas.DataFrame(to_rows(...))`` or ``csv.DictWriter``.

    A :class:`DatasetScores` gives one row per answer, then the pooled row (``answer_id="all"``).

    >>> from quote_guard.models import QuoteResult, Verdict
    >>> [r["faithful"] for r in to_rows(score_dataset([[QuoteResult("a", Verdict.VERBATIM)]]))]
    [1.0, 1.0]
    """
    if isinstance(scores, AnswerScores):
        return [scores.to_row()]
    if isinstance(scores, DatasetScores):
        return [a.to_row() for a in scores.answers] + [scores.pooled.to_row()]
    return [a.to_row() for a in scores]


# --------------------------------------------------------------------------- statistics


def wilson_interval(k: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """Wilson score interval (no continuity correction) for ``k`` successes in ``n`` trials.

    Returns ``(low, high)`` as proportions in ``[0, 1]``, rounded to 4 decimals. It stays
    inside ``[0, 1]`` and is sensible at ``k = 0`` and ``k = n``, unlike the Wald interval.
    ``n = 0`` raises ``ValueError`` (there is no proportion to bound).

    >>> wilson_interval(0, 20)
    (0.0, 0.1611)
    """
    if n <= 0:
        raise ValueError(f"wilson_interval: n must be positive, got {n}")
    if not 0 <= k <= n:
        raise ValueError(f"wilson_interval: k must be between 0 and n={n}, got {k}")
    p = k / n
    z2 = z * z
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = z * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    low = 0.0 if k == 0 else max(0.0, centre - half)
    high = 1.0 if k == n else min(1.0, centre + half)
    return round(low, 4), round(high, 4)


def cohens_kappa(a: Sequence[Hashable], b: Sequence[Hashable]) -> float:
    """Cohen's kappa between two raters' labels for the same items, ``(p_o - p_e) / (1 - p_e)``.

    ``a`` and ``b`` must have the same, non-zero length. When both raters used one and the same
    label for every item (``p_e = 1``) agreement is perfect by construction and 1.0 is returned.

    >>> cohens_kappa(["y"] * 20 + ["y"] * 5 + ["n"] * 10 + ["n"] * 15,
    ...              ["y"] * 20 + ["n"] * 5 + ["y"] * 10 + ["n"] * 15)
    0.4
    """
    if len(a) != len(b):
        raise ValueError(f"cohens_kappa: the raters labelled {len(a)} and {len(b)} items; give the same items")
    n = len(a)
    if n == 0:
        raise ValueError("cohens_kappa: no items")
    p_o = sum(1 for x, y in zip(a, b) if x == y) / n
    ca, cb = Counter(a), Counter(b)
    p_e = sum(ca[c] * cb.get(c, 0) for c in ca) / (n * n)
    if p_e >= 1.0:
        return 1.0
    return round((p_o - p_e) / (1 - p_e), 4)


def verdict_counts(results: Iterable[QuoteResult]) -> Mapping[str, int]:
    """Counts per verdict name, every verdict present (0 when none)."""
    c = Counter(r.verdict.value for r in results)
    return {v.value: c.get(v.value, 0) for v in Verdict}
