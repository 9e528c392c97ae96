"""The data quote_guard takes in and gives back.

All result types are frozen: a result can be shared, cached and logged without anyone
changing it behind your back. Offsets always count Python ``str`` characters of the
*original* source text, half-open: ``source.text[span.start:span.end]``.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field, fields
from enum import Enum
from typing import Any

__all__ = [
    "Difference",
    "Metrics",
    "QuoteResult",
    "Source",
    "Span",
    "Verdict",
]


class Verdict(str, Enum):
    """What a quote is, relative to its sources.

    ``verbatim`` and ``near_verbatim`` are *accepted*: the quote says what the source says
    (``near_verbatim`` differs in form only: case, spacing, quote marks, dashes, spelling
    variants, a dropped final stop). ``altered`` is close to a real passage but changes a
    word that carries meaning (a number, a negation, a modal, a party...): it must never be
    passed or silently rewritten. ``paraphrase`` says what the source says in other words.
    ``unsupported``: the sources do not say it. ``uncheckable``: there was no source text
    to check against.
    """

    VERBATIM = "verbatim"
    NEAR_VERBATIM = "near_verbatim"
    ALTERED = "altered"
    PARAPHRASE = "paraphrase"
    UNSUPPORTED = "unsupported"
    UNCHECKABLE = "uncheckable"

    @property
    def accepted(self) -> bool:
        """True for verdicts that mean "the quote says what the source says, word for word"."""
        return self in (Verdict.VERBATIM, Verdict.NEAR_VERBATIM)

    def __str__(self) -> str:
        return self.value


@dataclass(frozen=True, slots=True)
class Source:
    """One source document: a stable ``id`` and its full ``text``.

    >>> Source(id="lease.txt", text="The Tenant shall pay rent.")
    Source(id='lease.txt', text='The Tenant shall pay rent.')
    """

    id: str
    text: str

    def __post_init__(self) -> None:
        if not isinstance(self.id, str):
            raise TypeError(f"Source.id must be a str, got {type(self.id).__name__}")
        if not self.id.strip():
            raise ValueError("Source.id must be a non-empty string")
        if not isinstance(self.text, str):
            raise TypeError(
                f"Source {self.id!r}: text must be a str, got {type(self.text).__name__}"
                + (" (decode bytes first, e.g. data.decode('utf-8'))" if isinstance(self.text, bytes) else "")
            )

    @property
    def content_key(self) -> tuple[int, int]:
        """``(length, hash)`` of the text: what its index is cached under. The hash is Python's,
        salted per process, so the key is never stored or sent. A source whose text stays in a
        file (:class:`quote_guard.scale.batch.StoredSource`) knows it without reading the file."""
        return (len(self.text), hash(self.text))


@dataclass(frozen=True, slots=True)
class Span:
    """A half-open character range ``[start, end)`` of the original text of ``source_id``."""

    source_id: str
    start: int
    end: int

    def __post_init__(self) -> None:
        if self.start < 0 or self.end < self.start:
            raise ValueError(f"invalid span [{self.start}, {self.end}) in {self.source_id!r}")

    def __len__(self) -> int:
        return self.end - self.start


@dataclass(frozen=True, slots=True)
class Difference:
    """One word-level difference between a quote and its closest source passage.

    ``kind`` is ``replace``, ``insert`` (words the quote adds) or ``delete`` (source words the
    quote drops). ``category`` says why it matters: a load-bearing category (``negation``,
    ``number``, ``modal``, ``quantifier``, ``direction``, ``exclusivity``, ``party``,
    ``connective`` (and/or, if/unless), ``content`` (any other word), ``order``, ``added`` (words
    of a claim the source does not make), ``qualifier``, ``entailment``) or a harmless
    one (``spelling``, ``punctuation``, ``function`` for articles, ``format`` for the same words
    and values written differently: "&"/"and", "1,000"/"1000", "per cent"/"%", ``footnote`` for a
    footnote mark of the source, ``editorial`` for [sic], [emphasis added], a bracketed capital,
    ``wording`` for the same modal phrased otherwise: "may not"/"is not allowed to", which keeps
    the meaning but is a paraphrase, not a form difference, ``aside`` for a parenthetical the
    quote leaves out between commas, with no load-bearing word in it: ", for example,", ", in
    particular,", ", as a result,").
    """

    kind: str
    quote_text: str
    source_text: str
    category: str

    @property
    def load_bearing(self) -> bool:
        return self.category not in HARMLESS_CATEGORIES

    def describe(self) -> str:
        """The difference in a reviewer's words (an empty side, or ``∅``, is nothing).

        >>> Difference("replace", "may", "shall not", "modal").describe()
        'the source says “shall not”, the quote says “may” (modal)'
        >>> Difference("insert", "angry protesters", "", "added").describe()
        'the quote adds “angry protesters”, which the source does not say (added)'
        >>> Difference("replace", "∅", "unless", "connective").describe()
        'the quote leaves out “unless” (connective)'
        """
        said, quoted = self.source_text.strip(" ∅"), self.quote_text.strip(" ∅")
        if quoted and not said:
            return f"the quote adds “{quoted}”, which the source does not say ({self.category})"
        if said and not quoted:
            return f"the quote leaves out “{said}” ({self.category})"
        return f"the source says “{said}”, the quote says “{quoted}” ({self.category})"


HARMLESS_CATEGORIES = frozenset(
    {"spelling", "punctuation", "function", "format", "footnote", "editorial", "wording", "aside"}
)


@dataclass(frozen=True, slots=True)
class Metrics:
    """The figures behind a verdict, for reviewers and reports.

    ``None`` means "not computed" (for example ``bm25_score`` when the context was small
    enough to align directly, or ``cosine_similarity`` when no embedding was needed), never
    "zero".

    - ``bm25_score``: BM25 score of the best window for the quote (``None`` if BM25 did not run).
    - ``bm25_ratio``: best window score over the best window that does not overlap it,
      add-one smoothed (``(best + 1) / (other + 1)``, >= 1): near 1 means the quote's words
      are just as common elsewhere.
    - ``match_ratio``: 1 - edit distance / length, over folded text, in [0, 1]; 1.0 is a
      verbatim or folded-exact match; ``None`` when nothing was aligned.
    - ``cosine_similarity``: embedding cosine of the quote and its span.
    - ``stage``: which stage decided: ``exact``, ``folded``, ``fuzzy``, ``semantic`` or ``none``.
    - ``differences``: the words that differ (see :class:`Difference`).
    - ``low_confidence``: the verdict sits near a threshold and deserves a human look.
    """

    bm25_score: float | None = None
    bm25_ratio: float | None = None
    match_ratio: float | None = None
    cosine_similarity: float | None = None
    edit_distance: int | None = None
    stage: str = "none"
    n_fragments: int = 1
    differences: tuple[Difference, ...] = ()
    low_confidence: bool = False

    @property
    def changed_words(self) -> list[str]:
        """The load-bearing differences, as ``"quote → source"`` strings."""
        out = []
        for d in self.differences:
            if d.load_bearing:
                out.append(f"{d.quote_text or '∅'} → {d.source_text or '∅'}")
        return out

    def to_dict(self) -> dict[str, Any]:
        d = _as_dict(self)
        d["differences"] = [_as_dict(x) for x in self.differences]
        for k, v in d.items():
            if isinstance(v, float) and not math.isfinite(v):
                d[k] = None
        return d


@dataclass(frozen=True, slots=True)
class QuoteResult:
    """The verdict on one quote, with where it comes from.

    - ``spans``: one :class:`Span` per fragment (an ellipsis quote has several), in quote
      order; empty when unsupported or uncheckable.
    - ``verbatim``: the exact source text the quote should read (fragments joined with the
      quote's own ellipsis mark); ``None`` when there is no passage to point to.
    - ``context``: about 300 characters of source either side of the match ("" if none).
    - ``reason``: one human sentence on why the verdict was given.
    - ``page_start``/``page_end``/``boxes``: where the first span lies on the page, for a source
      loaded from a PDF, DOCX or HTML file (:func:`quote_guard.documents.attach_locations`);
      ``None``/``()`` for plain text. Boxes are ``(page, x0, y0, x1, y1)`` in PDF points.
    """

    quote: str
    verdict: Verdict
    spans: tuple[Span, ...] = ()
    verbatim: str | None = None
    metrics: Metrics = field(default_factory=Metrics)
    context: str = ""
    reason: str = ""
    page_start: int | None = None
    page_end: int | None = None
    boxes: tuple[tuple[int, float, float, float, float], ...] = ()

    @property
    def source_id(self) -> str | None:
        """The id of the document the quote was found in (``None`` if none)."""
        return self.spans[0].source_id if self.spans else None

    @property
    def accepted(self) -> bool:
        return self.verdict.accepted

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict (for export only: use the attributes in code)."""
        return {
            "quote": self.quote,
            "verdict": self.verdict.value,
            "source_id": self.source_id,
            "spans": [_as_dict(s) for s in self.spans],
            "verbatim": self.verbatim,
            "context": self.context,
            "reason": self.reason,
            "metrics": self.metrics.to_dict(),
            "page_start": self.page_start,
            "page_end": self.page_end,
            "boxes": [list(b) for b in self.boxes],
        }


_FIELD_NAMES: dict[type, tuple[str, ...]] = {}


def _as_dict(obj: Span | Difference | Metrics) -> dict[str, Any]:
    """A record's fields as a dict, in order: what :func:`dataclasses.asdict` gives for these
    records, whose fields hold plain values (a nested record is the caller's to convert), without
    its deep copy of each value, which was half the time a batch spent writing its results."""
    names = _FIELD_NAMES.get(type(obj))
    if names is None:
        names = _FIELD_NAMES[type(obj)] = tuple(f.name for f in fields(obj))
    return {name: getattr(obj, name) for name in names}
