"""What to do with a quote of each verdict: one :class:`Action` enum and one :class:`Policy`.

The same policy drives the guard (:class:`~quote_guard.QuoteGuard`), the rewriter
(:func:`~quote_guard.rewrite`), the guardrails validator, the CLI and the ``policy:`` section of
``validators.yaml``. Every action it holds takes effect; a combination that cannot be honoured
(``fix`` for an altered quote, a fallback that passes a failing quote) is refused when the
policy is built, with the key named.

>>> p = Policy()
>>> p.near_verbatim, p.altered, p.fallback
(<Action.FIX: 'fix'>, <Action.REASK: 'reask'>, <Action.ANNOTATE: 'annotate'>)
>>> Policy(altered="fix")
Traceback (most recent call last):
...
pydantic_core._pydantic_core.ValidationError: 1 validation error for Policy
...
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from .models import QuoteResult, Verdict

__all__ = ["CITATION_ACTIONS", "CITATION_KEYS", "EDITS", "Action", "Decision", "Policy"]


class Action(str, Enum):
    """What happens to one quote.

    - ``pass``: leave it as written.
    - ``fix``: replace it with the exact source text (near_verbatim; a paraphrase with a
      strong, meaning-safe match). Never allowed for ``altered``: the source says something else.
    - ``dequote``: drop the quote marks, so the words read as reported speech.
    - ``remove``: replace the quotation with the policy's ``remove_marker``.
    - ``annotate``: keep it and add the policy's ``annotate_marker`` after it.
    - ``reask``: ask the model again with targeted feedback (the guard only; where no model
      call is possible, the policy's ``fallback`` applies instead).
    - ``raise``: raise :class:`~quote_guard.errors.QuoteVerificationError`.
    """

    PASS = "pass"
    FIX = "fix"
    DEQUOTE = "dequote"
    REMOVE = "remove"
    ANNOTATE = "annotate"
    REASK = "reask"
    RAISE = "raise"

    def __str__(self) -> str:
        return self.value


#: actions that change the answer's text
EDITS = frozenset({Action.FIX, Action.DEQUOTE, Action.REMOVE, Action.ANNOTATE})

#: the policy keys for provider citations (``citation_<status>``), and the actions they may take
CITATION_KEYS = ("citation_location_mismatch", "citation_misattributed", "citation_unsupported", "citation_altered")
CITATION_ACTIONS = frozenset({Action.PASS, Action.ANNOTATE, Action.REASK, Action.RAISE})

# verdicts whose quote may never be fixed: no passage to fix it to, or fixing would change the claim
_NO_FIX = {
    "altered": "an altered quote changes a word that carries meaning, so putting the source text in "
    "would silently change what the answer claims",
    "unsupported": "there is no source passage to fix it with",
    "uncheckable": "there was no source text to check it against",
    "paraphrase_weak": "a weak paraphrase has no passage known to say the same thing",
    "misattributed": "the words are right but the citation names the wrong document",
}


def _spelling(value: Any) -> Any:
    """Accept "re-ask"/"re_ask"/"ReAsk" for ``reask``, and any case."""
    if isinstance(value, str):
        v = value.strip().lower()
        return "reask" if v.replace("-", "").replace("_", "") == "reask" else v
    return value


@dataclass(frozen=True, slots=True)
class Decision:
    """The action for one result, the policy key that chose it, and why it differs from that
    key's action when it does (``note``, else "")."""

    action: Action
    key: str
    note: str = ""


class Policy(BaseModel):
    """The action for each verdict, the fallback once re-asks run out, and how edits read.

    Frozen; unknown keys are an error. A paraphrase is *fixed* (rewritten to its source
    passage) only when it is strong: its ``cosine_similarity`` is at least
    ``strong_paraphrase_min_cosine``, the passage is known, and no difference from it is
    load-bearing. Otherwise ``paraphrase_weak`` applies.
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    verbatim: Action = Field(Action.PASS, description="A quote found word for word.")
    near_verbatim: Action = Field(Action.FIX, description="Same words, different form (case, marks, spacing).")
    altered: Action = Field(Action.REASK, description="A load-bearing word differs; never 'fix'.")
    paraphrase: Action = Field(
        Action.FIX,
        description="Says what the source says in other words, with a strong, meaning-safe match "
        "(see strong_paraphrase_min_cosine); otherwise paraphrase_weak applies.",
    )
    paraphrase_weak: Action = Field(Action.REASK, description="A paraphrase too weak to fix; never 'fix'.")
    unsupported: Action = Field(Action.REASK, description="The sources do not say it; never 'fix'.")
    uncheckable: Action = Field(Action.ANNOTATE, description="There was no source text to check against; never 'fix'.")
    misattributed: Action = Field(
        Action.REASK,
        description="The quote's citation names one document, but its words are in another; never 'fix'. "
        "Applies when the verdict itself would pass or be fixed.",
    )
    fallback: Action = Field(
        Action.ANNOTATE,
        description="Applied to quotes still marked 'reask' when re-asks run out, or where no re-ask "
        "is possible (rewrite(), check(), streaming): annotate, dequote, remove or raise (never pass).",
    )
    strong_paraphrase_min_cosine: float = Field(
        0.9, ge=0.0, le=1.0,
        description="Cosine similarity (quote vs its source passage) from which a paraphrase counts as a "
        "strong match. A result without a cosine is never a strong match.",
    )
    annotate_marker: str = Field(
        " [unverified]",
        description="Text added right after an annotated quotation; '{verdict}' is replaced by the verdict "
        "(for example ' [{verdict}]').",
    )
    remove_marker: str = Field(
        "[quote removed: not found in the sources]",
        description="Text that replaces a removed quotation ('' removes it without a trace); '{verdict}' is "
        "replaced by the verdict.",
    )
    remove_citation: bool = Field(
        False, description="When removing a quote, also remove the citation written right after it ([1], (Source: ...))."
    )
    check_citations: bool = Field(
        True,
        description="Re-verify the citations the provider returns (Anthropic, OpenAI, Gemini, Cohere, leaked "
        "<cite> markup; see docs/citations.md) and act on them with the citation_* actions below.",
    )
    citation_location_mismatch: Action = Field(
        Action.ANNOTATE,
        description="A provider citation whose cited text is in the cited document, but not where it says: "
        "pass, annotate, reask or raise.",
    )
    citation_misattributed: Action = Field(
        Action.REASK, description="A provider citation whose cited text is in another document than the cited one."
    )
    citation_unsupported: Action = Field(
        Action.REASK, description="A provider citation whose cited text is in none of the sources."
    )
    citation_altered: Action = Field(
        Action.REASK,
        description="The answer sentence carrying a provider citation changes a number, a negation or a party "
        "its cited text states.",
    )

    @field_validator(
        "verbatim", "near_verbatim", "altered", "paraphrase", "paraphrase_weak", "unsupported",
        "uncheckable", "misattributed", "fallback", *CITATION_KEYS, mode="before",
    )
    @classmethod
    def _action_spelling(cls, v: Any) -> Any:
        return _spelling(v)

    @model_validator(mode="after")
    def _honourable(self) -> Policy:
        for name, why in _NO_FIX.items():
            if getattr(self, name) is Action.FIX:
                raise ValueError(f"{name}: 'fix' is not allowed: {why}; use reask, annotate, dequote, remove or raise")
        for name in CITATION_KEYS:
            if getattr(self, name) not in CITATION_ACTIONS:
                raise ValueError(
                    f"{name}: {getattr(self, name).value!r} is not allowed for a citation (it has no quote marks "
                    "to drop and no quotation to fix or remove); use pass, annotate, reask or raise"
                )
        if self.fallback in (Action.PASS, Action.REASK, Action.FIX):
            raise ValueError(
                f"fallback: {self.fallback.value!r} is not allowed; use annotate, dequote, remove or raise "
                "(a failing quote is never passed silently)"
            )
        return self

    def strong(self, result: QuoteResult) -> bool:
        """True for a paraphrase that may be fixed: a strong cosine and a known passage."""
        cos = result.metrics.cosine_similarity
        return cos is not None and cos >= self.strong_paraphrase_min_cosine and bool(result.verbatim)

    def decide(self, result: QuoteResult, *, reask: bool = True, misattributed: bool = False) -> Decision:
        """The action for ``result``.

        With ``reask=False`` (no model to ask: :func:`~quote_guard.rewrite`, ``check()``,
        streaming) a ``reask`` becomes the ``fallback``. A ``fix`` with no source text to fix
        to becomes the ``fallback`` too. ``misattributed=True`` (the citation names another
        document, :mod:`quote_guard.attribution`): a verdict that would pass or be fixed gets the
        ``misattributed`` action instead.

        >>> from quote_guard.models import QuoteResult, Verdict
        >>> Policy().decide(QuoteResult("x", Verdict.UNSUPPORTED), reask=False)
        Decision(action=<Action.ANNOTATE: 'annotate'>, key='unsupported', note='no re-ask possible here: fallback')
        """
        v = result.verdict
        key = v.value
        note = ""
        if v is Verdict.PARAPHRASE and not self.strong(result):
            key = "paraphrase_weak"
            cos = result.metrics.cosine_similarity
            if self.paraphrase is Action.FIX:
                note = (f"paraphrase too weak to fix (cosine {cos if cos is None else round(cos, 3)} "
                        f"< {self.strong_paraphrase_min_cosine})")
        action = Action(getattr(self, key))  # a policy copied without validation may hold a str
        if misattributed and action in (Action.PASS, Action.FIX):
            key, action, note = "misattributed", Action(self.misattributed), "the citation names another document"
        if action is Action.FIX and not result.verbatim:
            return Decision(self.fallback, key, "no source text to fix it to")
        if action is Action.REASK and not reask:
            return Decision(self.fallback, key, "no re-ask possible here: fallback")
        return Decision(action, key, note)

    def decide_citation(self, status: str, *, reask: bool = True) -> Decision:
        """The action for a re-verified provider citation of ``status``
        (:class:`~quote_guard.citations.CitationStatus` value).

        ``ok`` and ``unverifiable`` (nothing to check it against) pass; the others take their
        ``citation_<status>`` key. With ``reask=False`` a ``reask`` becomes the ``fallback``, and a
        fallback that only fits quotes (``dequote``, ``remove``) annotates the citation instead.

        >>> Policy().decide_citation("misattributed").action, Policy().decide_citation("ok").action
        (<Action.REASK: 'reask'>, <Action.PASS: 'pass'>)
        >>> Policy().decide_citation("altered", reask=False)
        Decision(action=<Action.ANNOTATE: 'annotate'>, key='citation_altered', note='no re-ask possible here: fallback')
        """
        key = f"citation_{status}"
        if key not in CITATION_KEYS:
            return Decision(Action.PASS, key)
        action = Action(getattr(self, key))
        if action is Action.REASK and not reask:
            return Decision(self.citation_fallback, key, "no re-ask possible here: fallback")
        return Decision(action, key)

    @property
    def citation_fallback(self) -> Action:
        """The ``fallback`` as it applies to a citation: ``raise`` stays, anything else annotates."""
        return Action.RAISE if self.fallback is Action.RAISE else Action.ANNOTATE

    @classmethod
    def for_rewrite(cls) -> Policy:
        """The default of :func:`~quote_guard.rewrite`, where no model can be asked again: weak
        paraphrases lose their quote marks, altered quotes are annotated, unsupported ones removed.

        >>> Policy.for_rewrite().unsupported
        <Action.REMOVE: 'remove'>
        """
        return cls(paraphrase_weak=Action.DEQUOTE, altered=Action.ANNOTATE, unsupported=Action.REMOVE)

    def with_overrides(self, overrides: Any) -> Policy:
        """A new policy with some keys replaced (validated): ``policy.with_overrides({"altered": "annotate"})``."""
        return Policy.model_validate({**self.model_dump(), **dict(overrides)})
