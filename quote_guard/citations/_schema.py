"""One schema for the citations every provider returns, and for their verification results.

Offsets: ``Citation.answer_span`` counts Python ``str`` characters of the answer text, half-open.
A :class:`CharRange` counts characters of the *source* text as sent to the provider; a
:class:`ByteSegment` counts UTF-8 bytes of it; :class:`PageRange` and :class:`BlockRange` follow
Anthropic's convention (first page 1, first block 0, end exclusive).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import TYPE_CHECKING, Any, ClassVar, Literal

if TYPE_CHECKING:
    from ..models import QuoteResult

__all__ = [
    "BlockRange",
    "ByteSegment",
    "CharRange",
    "Citation",
    "CitationResult",
    "CitationStatus",
    "CitedAnswer",
    "Location",
    "PageRange",
    "Provider",
    "SentenceRange",
]

Provider = Literal["anthropic", "openai", "gemini", "cohere", "markup"]
PROVIDERS: tuple[str, ...] = ("anthropic", "openai", "gemini", "cohere", "markup")


@dataclass(frozen=True, slots=True)
class _Range:
    start: int
    end: int
    kind: ClassVar[str] = "range"

    def __post_init__(self) -> None:
        if not isinstance(self.start, int) or not isinstance(self.end, int):
            raise TypeError(f"{type(self).__name__} bounds must be int, got {self.start!r}, {self.end!r}")
        if self.start < 0 or self.end < self.start:
            raise ValueError(f"invalid {type(self).__name__} [{self.start}, {self.end})")

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "start": self.start, "end": self.end}

    def __str__(self) -> str:
        return f"{self.kind} [{self.start}, {self.end})"


@dataclass(frozen=True, slots=True)
class CharRange(_Range):
    """Characters ``[start, end)`` of the source text as sent (Anthropic ``char_location``)."""

    kind: ClassVar[str] = "chars"


@dataclass(frozen=True, slots=True)
class PageRange(_Range):
    """Pages ``[start, end)``, first page 1 (Anthropic ``page_location``). Pages of a source text are
    separated by form feeds (``\\f``), as PDF text extractors write them."""

    kind: ClassVar[str] = "pages"


@dataclass(frozen=True, slots=True)
class BlockRange(_Range):
    """Content blocks ``[start, end)``, first block 0 (Anthropic ``content_block_location``). The blocks
    of a source text are separated by a blank line (``\\n\\n``)."""

    kind: ClassVar[str] = "blocks"


@dataclass(frozen=True, slots=True)
class ByteSegment(_Range):
    """UTF-8 bytes ``[start, end)`` of the source text."""

    kind: ClassVar[str] = "bytes"


@dataclass(frozen=True, slots=True)
class SentenceRange(_Range):
    """Sentences ``[start, end)`` of a document, first sentence 0, as leaked ``<cite index="D-S">`` markup
    numbers them. The provider's own sentence split is not known: this location is reported, not checked."""

    kind: ClassVar[str] = "sentences"


Location = CharRange | PageRange | BlockRange | ByteSegment | SentenceRange


@dataclass(frozen=True, slots=True)
class Citation:
    """One citation a provider returned, in one schema.

    - ``answer_span``: ``(start, end)`` characters of the answer text this citation supports
      (``None`` when the provider gave no link and none could be inferred).
    - ``cited_text``: the source text the citation points to, as the provider gave it, or as
      recovered from the location and the source (``recovered=True``); ``None`` if neither.
    - ``source_id``: the cited document, resolved to the id of a given source where possible
      (document index, file id, file name, URI, title), else the provider's own reference.
    - ``claimed_location``: where the provider says ``cited_text`` is, or ``None``.
    - ``inferred``: the answer span was inferred from the citation marker's position (the
      provider did not say which sentence the citation supports).
    - ``title``: the provider's document title or URL title, if any.
    """

    answer_span: tuple[int, int] | None
    cited_text: str | None
    source_id: str | None
    claimed_location: Location | None
    provider: Provider
    inferred: bool = False
    recovered: bool = False
    title: str | None = None

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict (for export only)."""
        return {
            "provider": self.provider,
            "source_id": self.source_id,
            "title": self.title,
            "answer_span": list(self.answer_span) if self.answer_span else None,
            "cited_text": self.cited_text,
            "claimed_location": self.claimed_location.to_dict() if self.claimed_location else None,
            "inferred": self.inferred,
            "recovered": self.recovered,
        }


@dataclass(frozen=True, slots=True)
class CitedAnswer:
    """A provider response read into one schema: the answer text, its citations, and any source
    documents the response itself carried (Cohere document fields, Gemini retrieved chunks)."""

    text: str
    citations: tuple[Citation, ...]
    provider: Provider | None
    documents: tuple[tuple[str, str], ...] = ()


class CitationStatus(str, Enum):
    """What a citation is worth once re-verified.

    ``ok``: the cited text is in the cited source at the claimed place and the answer does not
    contradict it. ``location_mismatch``: the cited text is in the cited source, elsewhere.
    ``misattributed``: it is in another source, not the cited one. ``unsupported``: it is in no
    source. ``altered``: the answer sentence changes a number, a negation or a party the cited
    text states. ``unverifiable``: the cited source or the cited text is not available.
    """

    OK = "ok"
    LOCATION_MISMATCH = "location_mismatch"
    MISATTRIBUTED = "misattributed"
    UNSUPPORTED = "unsupported"
    ALTERED = "altered"
    UNVERIFIABLE = "unverifiable"

    @property
    def failed(self) -> bool:
        """True for the statuses a guard should act on (all but ok and unverifiable)."""
        return self not in (CitationStatus.OK, CitationStatus.UNVERIFIABLE)

    def __str__(self) -> str:
        return self.value


def _short(text: str, limit: int = 120) -> str:
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1] + "…"


@dataclass(frozen=True, slots=True)
class CitationResult:
    """The verdict on one citation.

    - ``status``/``verdict``: see :class:`CitationStatus`; ``reason``: one sentence for a reviewer.
    - ``location_ok``: ``True`` if ``cited_text`` is at the claimed location, ``False`` if not,
      ``None`` when there was no location to check.
    - ``found_source_id``/``found_location``: where the cited text (or, without one, the claim) really
      is: a :class:`CharRange` into that source's text, or the page/block holding it.
    - ``claim``: the answer sentence checked against the cited text; ``claim_result``: the
      Verifier's result for it (the cited text as the only source).
    """

    citation: Citation
    status: CitationStatus
    reason: str
    location_ok: bool | None = None
    found_source_id: str | None = None
    found_location: Location | None = None
    claim: str | None = None
    claim_result: QuoteResult | None = None

    @property
    def verdict(self) -> CitationStatus:
        return self.status

    @property
    def ok(self) -> bool:
        return self.status is CitationStatus.OK

    @property
    def claimed_location(self) -> Location | None:
        return self.citation.claimed_location

    def describe(self, answer: str | None = None) -> str:
        """One line naming the citation and what is wrong with it, for re-ask feedback and logs:
        the answer text it supports, the cited source and location, the status and the reason."""
        c = self.citation
        said = self.claim
        if said is None and answer is not None and c.answer_span is not None:
            said = answer[c.answer_span[0]:c.answer_span[1]]
        where = f"{c.source_id!r}" + (f" ({c.claimed_location})" if c.claimed_location else "")
        head = f"the citation of {where}" + (f" for “{_short(said)}”" if said else "")
        line = f"{head}: {self.status.value}: {self.reason}"
        if c.cited_text and self.status is not CitationStatus.OK:
            line += f". Cited text: “{_short(c.cited_text, 200)}”"
        return line

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict (for export only)."""
        return {
            **self.citation.to_dict(),
            "status": self.status.value,
            "reason": self.reason,
            "location_ok": self.location_ok,
            "found_source_id": self.found_source_id,
            "found_location": self.found_location.to_dict() if self.found_location else None,
            "claim": self.claim,
            "claim_verdict": self.claim_result.verdict.value if self.claim_result else None,
        }
