"""The lexical verdict as a pure decision table: evidence in, verdict out.

:class:`~quote_guard.verify.Verifier` locates the passage (or one passage per ellipsis
fragment) and measures it; :func:`judge` decides. It does no I/O and keeps no state, so every
row of the table in ``docs/decisions.md`` is one branch here, tested on its own.

==== ===================================================================== ===============
row  evidence                                                              verdict
==== ===================================================================== ===============
1    every fragment is in the source character for character              verbatim
2    no load-bearing difference, and the match ratio is at least           near_verbatim
     ``near_verbatim_min_ratio`` or every difference is format/punctuation
3    a single clause dropped or slipped in (no ellipsis), in an otherwise  altered
     close passage
4    load-bearing differences, few enough (``altered_max_changed_words``   altered
     or ``altered_max_changed_fraction``), any other-word swaps within
     ``content_altered_*``, and a ratio of at least ``altered_min_ratio``
5    anything else                                                         unsupported
==== ===================================================================== ===============

Row 5 keeps what the lexical pass found (``lexical_differences``): the semantic stage may
call a quote a paraphrase only when the passage it restates carries no load-bearing change.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from .models import Difference, Verdict

if TYPE_CHECKING:  # pragma: no cover
    from .verify import VerifierConfig

__all__ = ["Evidence", "Judgement", "judge"]

# A quote this short loses or gains a word as often by rewording as by distortion, so a lone
# dropped or added clause counts as "altered" only at the stricter content_altered_min_ratio.
_SHORT_QUOTE_WORDS = 12


@dataclass(frozen=True, slots=True)
class Evidence:
    """What the lexical stage measured between a quote and its closest passage(s).

    ``exact``: every fragment equals its source text character for character. ``ratio``: the
    lowest match ratio over the fragments (1 - edit distance / length, folded). ``differences``:
    word-level differences over all fragments. ``n_words``: the quote's word count.
    """

    exact: bool
    ratio: float
    differences: tuple[Difference, ...]
    n_words: int


@dataclass(frozen=True, slots=True)
class Judgement:
    """The verdict, the reason a reviewer reads, whether it sits near a threshold, and the row that decided."""

    verdict: Verdict
    reason: str
    low_confidence: bool
    row: int


def _words(d: Difference) -> int:
    return max(len(d.quote_text.split()), len(d.source_text.split()))


def judge(ev: Evidence, cfg: VerifierConfig) -> Judgement:
    """Decide the verdict from the evidence (the table in this module's docstring).

    >>> from quote_guard.verify import VerifierConfig
    >>> judge(Evidence(True, 1.0, (), 5), VerifierConfig()).verdict.value
    'verbatim'
    >>> d = Difference("insert", "not", "", "negation")
    >>> j = judge(Evidence(False, 0.93, (d,), 8), VerifierConfig())
    >>> j.verdict.value, j.row
    ('altered', 3)
    """
    margin = cfg.low_confidence_margin
    if ev.exact:
        return Judgement(Verdict.VERBATIM, "every fragment is in the source, in order", False, 1)
    load = [d for d in ev.differences if d.load_bearing]
    reworded = any(d.category == "wording" for d in ev.differences)  # same meaning, other words: row 5
    if not load and not reworded and (ev.ratio >= cfg.near_verbatim_min_ratio
                     or all(d.category in ("format", "punctuation") for d in ev.differences)):
        kinds = sorted({d.category for d in ev.differences}) or ["case, spacing or typography"]
        low = ev.differences != () and ev.ratio - cfg.near_verbatim_min_ratio < margin
        return Judgement(Verdict.NEAR_VERBATIM, "differs from the source only in form: " + ", ".join(kinds), low, 2)
    omission_floor = cfg.near_verbatim_min_ratio if ev.n_words >= _SHORT_QUOTE_WORDS else cfg.content_altered_min_ratio
    omission = len(load) == 1 and load[0].kind in ("insert", "delete") and ev.ratio >= omission_floor
    # a word put for the source's in the same sense ("can" for "may") is weighed as another word here:
    # in a loose match, scattered changes with it are a rewording (row 5), as before it was one
    content = [d for d in load if d.category == "content"] + [
        d for d in ev.differences if d.category == "wording" and _words(d) == 1]
    # any other word swapped in an otherwise identical passage ("written" -> "oral") is an
    # alteration; scattered changes in a looser match are a rewording (row 5)
    content_ok = not content or (ev.ratio >= cfg.content_altered_min_ratio
                                 and sum(_words(d) for d in content) <= cfg.content_altered_max_words)
    budget = max(cfg.altered_max_changed_words, cfg.altered_max_changed_fraction * ev.n_words)
    within = bool(load) and content_ok and ev.ratio >= cfg.altered_min_ratio and sum(_words(d) for d in load) <= budget
    if omission or within:
        words = "; ".join(f"{d.quote_text or '∅'} → {d.source_text or '∅'} ({d.category})" for d in load[:6])
        return Judgement(Verdict.ALTERED, "close to the source, but words that carry meaning differ: " + words,
                         ev.ratio - cfg.altered_min_ratio < margin, 3 if omission else 4)
    why = (f"the closest passage matches only {ev.ratio:.0%} of the quote" if ev.ratio < cfg.altered_min_ratio or not load
           else f"the closest passage ({ev.ratio:.0%} alike) differs in {len(load)} places, "
           "in other words: not a quotation of it")
    return Judgement(Verdict.UNSUPPORTED, why, ev.ratio >= cfg.altered_min_ratio - margin, 5)
