"""Reports on verification results: JSONL, CSV and Excel files, stats, and an HTML page.

This is an *edge* module (like the CLI): it may import openpyxl, but only inside the Excel
writer, and no core module imports it. Everything here works on :class:`ResultRecord`, a
:class:`~quote_guard.models.QuoteResult` with its place in the input (``index``) and where it
came from (``origin``, e.g. ``"quotes.jsonl:12"``).

Writers stream: each record is written (and flushed) as soon as it is made, so a long run keeps
memory flat and an interrupted run leaves a valid file that :func:`open_writer` can ``resume``.
The Excel sheet must be sorted, so it streams into a JSONL side file first and is built from it
on close, holding only ``(confidence, offset)`` pairs in memory.

**Confidence** (:func:`confidence`) is a number in ``[0, 1]`` saying how safe it is to use the
quote as written; reports sort by it, lowest first, so what needs attention comes first.
"""

from __future__ import annotations

import csv
import html
import io
import itertools
import json
import math
import os
import re
import secrets
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .attribution import Attribution
from .errors import QuoteGuardError
from .manifest import RunManifest, canonical_json, sha256_hex
from .metrics import needs_review, review_reasons
from .models import Difference, Metrics, QuoteResult, Span, Verdict

if TYPE_CHECKING:  # pragma: no cover
    from collections.abc import Callable

    from .documents import Document

__all__ = [
    "COLUMNS",
    "DECISIONS_SUFFIX",
    "MANIFEST_SUFFIX",
    "REVIEW_COLUMNS",
    "REVIEW_DECISIONS",
    "ResultFileError",
    "ResultRecord",
    "ResultWriter",
    "confidence",
    "csv_safe",
    "csv_unsafe",
    "melt",
    "plain_text",
    "open_writer",
    "page_label",
    "read_records",
    "read_decisions_file",
    "read_manifest",
    "read_review_sheet",
    "record_from_dict",
    "recorded_decisions",
    "review_key",
    "write_decisions_file",
    "write_html",
    "write_manifest_sheet",
    "write_manifest_sidecar",
    "write_review_sheet",
    "write_stats_csv",
]

# Worst first: when highlights overlap, the worst verdict gives the colour.
_SEVERITY = {
    Verdict.ALTERED: 5,
    Verdict.UNSUPPORTED: 4,
    Verdict.PARAPHRASE: 3,
    Verdict.UNCHECKABLE: 2,
    Verdict.NEAR_VERBATIM: 1,
    Verdict.VERBATIM: 0,
}


def confidence(result: QuoteResult) -> float:
    """How safe it is to use ``result.quote`` as written, in ``[0, 1]`` (higher is safer).

    Reports sort by it, lowest first, so what needs attention comes first. Each verdict has a
    band, and the metrics place the quote inside it:

    - ``similarity`` is ``metrics.cosine_similarity`` for a paraphrase, else ``metrics.match_ratio``
      (1 - edit distance / length, over folded text), else the cosine, else 0;
    - verbatim, near_verbatim: ``0.5 + 0.5 * similarity`` (0.5 to 1), minus 0.25 when
      ``metrics.low_confidence`` flags a verdict near a threshold;
    - paraphrase: ``0.25 + 0.25 * similarity`` (0.25 to 0.5): the meaning is there, the words are not;
    - altered, unsupported: ``0.25 * similarity`` (0 to 0.25): an altered quote 97% identical to
      its source scores 0.24, an unsupported quote with nothing near it 0;
    - uncheckable: 0.

    >>> confidence(QuoteResult("x", Verdict.VERBATIM, metrics=Metrics(match_ratio=1.0)))
    1.0
    """
    m = result.metrics
    if result.verdict is Verdict.UNCHECKABLE:
        return 0.0
    order = (m.cosine_similarity, m.match_ratio) if result.verdict is Verdict.PARAPHRASE else (
        m.match_ratio, m.cosine_similarity)
    sim = next((float(x) for x in order if x is not None and math.isfinite(x)), 0.0)
    sim = min(1.0, max(0.0, sim))
    if result.verdict.accepted:
        return round(0.5 + 0.5 * sim - (0.25 if m.low_confidence else 0.0), 4)
    if result.verdict is Verdict.PARAPHRASE:
        return round(0.25 + 0.25 * sim, 4)
    return round(0.25 * sim, 4)


def _finite(x: float | None) -> bool:
    return x is not None and math.isfinite(x)


# --------------------------------------------------------------------------- records


@dataclass(frozen=True, slots=True)
class ResultRecord:
    """One result with its place in the input.

    ``index`` is the 0-based position of the quote in the input (the key ``--resume`` uses);
    every file and screen shows it as the 1-based ``#`` (``index + 1``), the same number everywhere;
    ``origin`` says where it came from (``"file:line"``); ``requested_source`` is the source id
    the input asked for (JSONL ``source``), ``None`` when the quote was checked against all.
    """

    index: int
    result: QuoteResult
    origin: str = ""
    requested_source: str | None = None
    confidence: float = field(default=-1.0)
    attribution: Attribution | None = None
    """The citation check (:mod:`quote_guard.attribution`); ``None`` when the quote had no citation."""
    location: str = ""
    """Where the first span sits in its file, for a PDF, DOCX or HTML source (``"p. 3"``,
    ``"¶ 5"``, ``"html/body/p[2]"``: :meth:`quote_guard.documents.Location.describe`); ``""`` otherwise."""

    def __post_init__(self) -> None:
        if self.confidence < 0:
            object.__setattr__(self, "confidence", confidence(self.result))

    def to_dict(self) -> dict[str, Any]:
        """The JSONL form: every field of the result, nested as in ``QuoteResult.to_dict()``."""
        d: dict[str, Any] = {"#": self.index + 1, "index": self.index, "origin": self.origin,
                             "requested_source": self.requested_source}
        d.update(self.result.to_dict())
        d["confidence"] = self.confidence
        d["changed_words"] = self.result.metrics.changed_words
        d["attribution"] = self.attribution.to_dict() if self.attribution is not None else None
        d["page"] = page_label(self.result)
        d["location"] = self.location
        return d

    def to_row(self) -> dict[str, Any]:
        """The flat form for CSV and Excel: metrics as columns, spans and differences as JSON."""
        r, m = self.result, self.result.metrics
        a = self.attribution
        return {
            "#": self.index + 1,
            "quote": r.quote,
            "verdict": r.verdict.value,
            "confidence": self.confidence,
            "source_id": r.source_id,
            "page": page_label(r),
            "location": self.location,
            "attribution": a.status if a is not None else "none",
            "cited_source": (a.cited_id or a.citation) if a is not None else None,
            "spans": json.dumps([asdict(s) for s in r.spans], ensure_ascii=False),
            "verbatim": r.verbatim,
            "changed_words": plain_text("; ".join(m.changed_words)),
            "reason": plain_text(r.reason),
            "context": r.context,
            "origin": self.origin,
            "requested_source": self.requested_source,
            "stage": m.stage,
            "match_ratio": _num(m.match_ratio),
            "cosine_similarity": _num(m.cosine_similarity),
            "bm25_score": _num(m.bm25_score),
            "bm25_ratio": _num(m.bm25_ratio),
            "edit_distance": m.edit_distance,
            "n_fragments": m.n_fragments,
            "low_confidence": m.low_confidence,
            "differences": json.dumps([asdict(x) for x in m.differences], ensure_ascii=False),
            "needs_review": needs_review(r),
        }


_TOKENS = (
    ("∅ → ", "(nothing) → "), (" → ∅", " → (nothing)"), ("∅", "(nothing)"),
    ("near_verbatim", "near verbatim"), ("paraphrase_weak", "weak paraphrase"),
)


def page_label(result: QuoteResult) -> str:
    """The pages of a result as a report shows them: ``"3"``, ``"3–4"``, or ``""`` when the
    source has no pages (plain text, HTML) or the quote was not found.

    >>> page_label(QuoteResult("x", Verdict.VERBATIM, page_start=3, page_end=4)), page_label(QuoteResult("x", Verdict.UNSUPPORTED))
    ('3–4', '')
    """
    a, b = result.page_start, result.page_end
    if a is None:
        return ""
    return str(a) if b is None or b == a else f"{a}–{b}"


def _pages_from(d: Mapping[str, Any]) -> dict[str, Any]:
    """``page_start``/``page_end``/``boxes`` of a JSONL dict, or parsed from a CSV ``page`` cell."""
    if "page_start" in d:
        return {"page_start": d.get("page_start"), "page_end": d.get("page_end"),
                "boxes": tuple(tuple(b) for b in d.get("boxes") or ())}
    label = str(d.get("page") or "").strip()
    if not label:
        return {}
    first, _, last = label.partition("–")
    return {"page_start": int(first), "page_end": int(last or first)}


def plain_text(text: str) -> str:
    """A reason as a reader should see it: no internal tokens (``∅`` for "nothing", verdict and
    policy names with underscores).

    >>> plain_text("∅ → not (negation); policy 'paraphrase_weak'")
    "(nothing) → not (negation); policy 'weak paraphrase'"
    """
    for token, plain in _TOKENS:
        if token in text:
            text = text.replace(token, plain)
    return text


def _num(x: float | None) -> float | None:
    return x if _finite(x) else None


COLUMNS: tuple[str, ...] = tuple(ResultRecord(0, QuoteResult("", Verdict.UNCHECKABLE)).to_row())
TEXT_COLUMNS = frozenset({"quote", "verbatim", "changed_words", "reason", "context", "spans", "differences"})
#: A CSV text cell starting with one of these is prefixed with ``'`` (unless it is a plain number).
CSV_TRIGGERS = ("=", "+", "-", "@", "\t", "\r")
_PLAIN_NUMBER = re.compile(r"[+-]?(?:\d+(?:[.,]\d+)*|\d*\.\d+)(?:[eE][+-]?\d+)?")


def _needs_prefix(text: str) -> bool:
    if text[:1] == "'":
        return _needs_prefix(text[1:])
    return text[:1] in CSV_TRIGGERS and not _PLAIN_NUMBER.fullmatch(text)


def csv_safe(value: Any) -> Any:
    """A CSV cell that no spreadsheet runs as a formula: text starting with ``=``, ``+``, ``-``,
    ``@``, a tab or a carriage return gets a leading ``'`` unless it is a plain number (``-500``
    stays as it is). Text that starts with ``'`` before such a character gets one more ``'``, so
    :func:`csv_unsafe` always gives the original back.

    >>> csv_safe("=SUM(A1)"), csv_safe("-500"), csv_safe("- a list item"), csv_safe(3)
    ("'=SUM(A1)", '-500', "'- a list item", 3)
    """
    return "'" + value if isinstance(value, str) and _needs_prefix(value) else value


def csv_unsafe(value: Any) -> Any:
    """The inverse of :func:`csv_safe` (reading our own CSV back).

    >>> csv_unsafe(csv_safe("=1+1")), csv_unsafe("'quoted'")
    ('=1+1', "'quoted'")
    """
    if isinstance(value, str) and value[:1] == "'" and _needs_prefix(value[1:]):
        return value[1:]
    return value
_FLOAT_COLUMNS = ("confidence", "match_ratio", "cosine_similarity", "bm25_score", "bm25_ratio")


def record_from_dict(d: Mapping[str, Any]) -> ResultRecord:
    """Rebuild a record from its JSONL dict (:meth:`ResultRecord.to_dict`) or CSV row (``to_row``).

    Raises ``ValueError``/``KeyError``/``TypeError`` on a row that is not one of ours.
    """
    if "metrics" in d:  # JSONL form
        md = dict(d["metrics"])
        spans = d["spans"]
    else:  # flat CSV form: every value is a string, formula-like text prefixed (csv_safe)
        d = {k: csv_unsafe(v) for k, v in d.items()}
        md = {k: _parse_cell(k, d.get(k)) for k in ("stage", "match_ratio", "cosine_similarity", "bm25_score",
                                                    "bm25_ratio", "edit_distance", "n_fragments", "low_confidence")}
        md["differences"] = json.loads(d["differences"] or "[]")
        spans = json.loads(d["spans"] or "[]")
    md["differences"] = tuple(Difference(**x) for x in md.get("differences", ()))
    metrics = Metrics(**md)
    result = QuoteResult(
        quote=d["quote"],
        verdict=Verdict(d["verdict"]),
        spans=tuple(Span(**s) for s in spans),
        verbatim=d.get("verbatim") or None,
        metrics=metrics,
        context=d.get("context") or "",
        reason=d.get("reason") or "",
        **_pages_from(d),
    )
    return ResultRecord(
        index=int(d["index"]) if "index" in d else int(d["#"]) - 1,
        result=result,
        origin=d.get("origin") or "",
        requested_source=d.get("requested_source") or None,
        attribution=_attribution_from(d),
        location=d.get("location") or "",
    )


def _attribution_from(d: Mapping[str, Any]) -> Attribution | None:
    a = d.get("attribution")
    if isinstance(a, Mapping):
        return Attribution(a["status"], a.get("citation"), a.get("cited_id"), a.get("found_id"), a.get("reason") or "")
    if isinstance(a, str) and a and a != "none":  # the CSV form: status and cited source
        cited = d.get("cited_source") or None
        return Attribution(a, cited, cited, d.get("source_id") or None)  # type: ignore[arg-type]
    return None


def _parse_cell(key: str, value: Any) -> Any:
    if not isinstance(value, str):
        return value
    if key == "stage":
        return value or "none"
    if key == "low_confidence":
        return value == "True"
    if value == "":
        return None if key not in ("n_fragments",) else 1
    if key in ("edit_distance", "n_fragments"):
        return int(value)
    return float(value)


# --------------------------------------------------------------------------- writers


class ResultWriter:
    """Streams records to a ``.jsonl``, ``.csv`` or ``.xlsx`` file. Use :func:`open_writer`.

    ``done`` holds the indices already in the file (after a resume), ``done_quotes`` their quotes,
    so the caller can skip them and check that the input did not change.
    """

    path: Path
    done: dict[int, str]

    def write(self, record: ResultRecord) -> None:
        raise NotImplementedError

    def close(self) -> None:
        raise NotImplementedError

    def records(self) -> Iterator[ResultRecord]:
        """Every record written so far (resumed ones included), read back from disk."""
        raise NotImplementedError

    def complete(self) -> None:
        """Say the run finished: drop what only ``resume`` needed (the Excel side file)."""

    def __enter__(self) -> ResultWriter:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


class _FileWriter(ResultWriter):
    """A writer whose file on disk is the record of what was written (JSONL, CSV)."""

    _f: Any

    def close(self) -> None:
        if not self._f.closed:
            self._f.close()

    def records(self) -> Iterator[ResultRecord]:
        if not self._f.closed:
            self._f.flush()
        yield from read_records(self.path)


def _salvage_jsonl(path: Path) -> tuple[dict[int, str], int]:
    """Read the complete, valid lines of a JSONL results file; return (index -> quote, good bytes)."""
    done: dict[int, str] = {}
    good = 0
    with path.open("rb") as f:
        for raw in f:
            if not raw.endswith(b"\n"):
                break  # a line cut by an interrupted write
            try:
                d = json.loads(raw)
                done[int(d["index"])] = d["quote"]
            except (ValueError, KeyError, TypeError):
                break
            good += len(raw)
    return done, good


class _JsonlWriter(_FileWriter):
    def __init__(self, path: Path, *, resume: bool) -> None:
        self.path = path
        self.done = {}
        if resume and path.exists():
            self.done, good = _salvage_jsonl(path)
            with path.open("r+b") as f:
                f.truncate(good)
            self._f = path.open("a", encoding="utf-8", newline="\n")
        else:
            self._f = path.open("w", encoding="utf-8", newline="\n")

    def write(self, record: ResultRecord) -> None:
        # One write per line, then flush: an interrupt leaves whole lines (a cut one is dropped on resume).
        self._f.write(json.dumps(record.to_dict(), ensure_ascii=False) + "\n")
        self._f.flush()


class _CsvWriter(_FileWriter):
    def __init__(self, path: Path, *, resume: bool) -> None:
        self.path = path
        self.done = {}
        if resume and path.exists():
            self._salvage()
            self._f = path.open("a", encoding="utf-8", newline="")
            self._w = csv.DictWriter(self._f, fieldnames=COLUMNS)
        else:
            self._f = path.open("w", encoding="utf-8", newline="")
            self._w = csv.DictWriter(self._f, fieldnames=COLUMNS)
            self._w.writeheader()
            self._f.flush()

    def _salvage(self) -> None:
        # Keep complete rows only: rewrite the file through a temp file, then swap it in.
        tmp = self.path.with_name(self.path.name + ".tmp")
        with self.path.open(encoding="utf-8", newline="") as src, tmp.open("w", encoding="utf-8", newline="") as dst:
            w = csv.DictWriter(dst, fieldnames=COLUMNS)
            w.writeheader()
            text = src.read()
            if not text.endswith("\n"):
                text = text[: text.rfind("\n") + 1]
            reader = csv.DictReader(io.StringIO(text))
            if tuple(reader.fieldnames or ()) != COLUMNS:
                raise ValueError(f"{self.path}: not a quote-guard results file (columns differ); cannot resume it")
            for row in reader:
                if None in row or any(v is None for v in row.values()):
                    break
                try:
                    rec = record_from_dict(row)
                except (ValueError, KeyError, TypeError):
                    break
                self.done[rec.index] = rec.result.quote
                w.writerow(row)
        os.replace(tmp, self.path)

    def write(self, record: ResultRecord) -> None:
        self._w.writerow({k: csv_safe(v) for k, v in record.to_row().items()})
        self._f.flush()


class _XlsxWriter(ResultWriter):
    """Streams to ``<name>.xlsx.partial.jsonl``; ``close()`` builds the sorted sheet from it.

    :meth:`complete` removes the side file once the run is over; an interrupted run still gets a
    valid (partial) sheet and keeps the side file for ``resume``.
    """

    def __init__(self, path: Path, *, resume: bool, manifest: RunManifest | None = None) -> None:
        self.path = path
        self.manifest = manifest
        self.side = path.with_name(path.name + ".partial.jsonl")
        self._jsonl = _JsonlWriter(self.side, resume=resume)
        self.done = self._jsonl.done

    def write(self, record: ResultRecord) -> None:
        self._jsonl.write(record)

    def records(self) -> Iterator[ResultRecord]:
        return self._jsonl.records()

    def close(self) -> None:
        if self._jsonl._f.closed:
            return
        self._jsonl.close()
        write_xlsx(self.path, self.side, manifest=self.manifest)

    def complete(self) -> None:
        self.close()
        self.side.unlink(missing_ok=True)


def open_writer(path: Path, *, resume: bool = False, manifest: RunManifest | None = None) -> ResultWriter:
    """A streaming writer chosen by suffix: ``.jsonl``, ``.csv`` or ``.xlsx``.

    With ``resume=True`` an existing file is kept: cut or invalid trailing rows are dropped, and
    ``writer.done`` maps the indices already there to their quotes. ``manifest`` is written as the
    workbook's ``manifest`` sheet (Excel) or as the ``<file>.manifest.json`` sidecar (JSONL, CSV;
    a resumed file keeps the sidecar of the run that started it).
    """
    suffix = path.suffix.lower()
    if suffix in (".jsonl", ".csv") and manifest is not None and not (resume and path.exists()):
        write_manifest_sidecar(path, manifest)
    if suffix == ".jsonl":
        return _JsonlWriter(path, resume=resume)
    if suffix == ".csv":
        return _CsvWriter(path, resume=resume)
    if suffix == ".xlsx":
        return _XlsxWriter(path, resume=resume, manifest=manifest)
    raise ValueError(f"{path}: unknown output format {suffix!r}; use .jsonl, .csv or .xlsx")


def write_manifest_sidecar(path: Path, manifest: RunManifest) -> Path:
    """Write ``<path>.manifest.json`` (atomically) and return its path."""
    side = path.with_name(path.name + MANIFEST_SUFFIX)
    tmp = side.with_name(side.name + ".tmp")
    tmp.write_text(json.dumps(manifest.to_dict(), ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    os.replace(tmp, side)
    return side


def read_records(path: Path) -> Iterator[ResultRecord]:
    """Read back a ``.jsonl`` or ``.csv`` results file (or an Excel side file), one record at a time."""
    if path.suffix.lower() == ".csv":
        with path.open(encoding="utf-8", newline="") as f:
            for row in csv.DictReader(f):
                yield record_from_dict(row)
        return
    with path.open(encoding="utf-8") as f:
        for line in f:
            if line.strip():
                yield record_from_dict(json.loads(line))


# --------------------------------------------------------------------------- excel

_XLSX_FILL = {
    "verbatim": "C8E6C9",
    "near_verbatim": "DCEDC8",
    "paraphrase": "FFF3BF",
    "altered": "FFCDD2",
    "unsupported": "E0E0E0",
    "uncheckable": "ECEFF1",
}


def write_xlsx(
    path: Path,
    jsonl_path: Path,
    *,
    manifest: RunManifest | None = None,
    decisions: Mapping[ReviewKey, Decided] | None = None,
) -> None:
    """Build an Excel sheet from a JSONL results file, sorted by confidence (lowest first).

    After the ``results`` sheet come a ``review`` sheet (the quotes that need a human, with a
    validated decision drop-down; see :func:`write_review_sheet`) and, when given, a ``manifest``
    sheet. ``decisions`` fill the review sheet; by default they are the ones already recorded
    for ``path`` (:func:`recorded_decisions`: its old review sheet and its ``.decisions.json``),
    so a re-run keeps the decisions on unchanged quotes.

    Streams twice through the JSONL: once for ``(confidence, index, offset)``, once to write rows
    in sorted order, so memory holds three numbers per row. Text columns are 80 wide and wrapped,
    number columns 15 wide, the header is frozen and filterable, verdict cells are coloured.
    """
    try:
        from openpyxl import Workbook
        from openpyxl.cell import WriteOnlyCell
        from openpyxl.styles import Alignment, Font, PatternFill
        from openpyxl.utils import get_column_letter
    except ImportError as exc:  # pragma: no cover - exercised only without the extra
        from .errors import MissingDependencyError

        raise MissingDependencyError("Excel output", extra="cli", package="openpyxl") from exc

    if decisions is None:
        decisions = recorded_decisions(path)
    to_review: list[ResultRecord] = []
    keys: list[tuple[float, int, int]] = []
    with jsonl_path.open("rb") as f:
        offset = 0
        for raw in f:
            if raw.strip():
                d = json.loads(raw)
                keys.append((float(d["confidence"]), int(d["index"]), offset))
            offset += len(raw)
    keys.sort()

    wb = Workbook(write_only=True)
    ws = wb.create_sheet("results")
    for i, col in enumerate(COLUMNS, start=1):
        ws.column_dimensions[get_column_letter(i)].width = 80 if col in TEXT_COLUMNS else 15
    ws.freeze_panes = "A2"
    ws.auto_filter.ref = f"A1:{get_column_letter(len(COLUMNS))}{len(keys) + 1}"
    bold = Font(bold=True)
    wrap = Alignment(wrap_text=True, vertical="top")
    top = Alignment(vertical="top")
    fills = {v: PatternFill("solid", start_color=c, end_color=c) for v, c in _XLSX_FILL.items()}

    header = []
    for col in COLUMNS:
        c = WriteOnlyCell(ws, value=col)
        c.font = bold
        header.append(c)
    ws.append(header)
    with jsonl_path.open("rb") as f:
        for _, _, off in keys:
            f.seek(off)
            rec = record_from_dict(json.loads(f.readline()))
            row = rec.to_row()
            if row["needs_review"]:
                to_review.append(rec)
            cells = []
            for col in COLUMNS:
                value = row[col]
                if isinstance(value, str):
                    value = _xlsx_safe(value)
                c = WriteOnlyCell(ws, value=value)
                if isinstance(value, str):
                    c.data_type = "s"  # a string cell: never a formula, and no apostrophe added
                c.alignment = wrap if col in TEXT_COLUMNS else top
                if col == "verdict":
                    c.fill = fills[row["verdict"]]
                    c.font = bold
                if col in _FLOAT_COLUMNS and isinstance(value, float):
                    c.number_format = "0.000"
                cells.append(c)
            ws.append(cells)
    write_review_sheet(wb, to_review, manifest=manifest, decisions=decisions)
    if manifest is not None:
        write_manifest_sheet(wb, manifest)
    tmp = path.with_name(path.name + ".tmp")
    wb.save(tmp)
    os.replace(tmp, path)  # a reader never sees half a workbook


def _xlsx_safe(text: str) -> str:
    # Excel rejects control characters and cells over 32,767 characters.
    cleaned = "".join(ch if ch in "\t\n\r" or ord(ch) >= 32 else "\ufffd" for ch in text) if any(
        ord(ch) < 32 for ch in text
    ) else text
    # no apostrophe: the cell is written as a string cell (data_type "s"), which never runs as a formula
    return cleaned if len(cleaned) <= 32000 else cleaned[:32000] + " …[cut]"


# --------------------------------------------------------------------------- review and manifest sheets
#
# The Excel side of the review loop (quote_guard.research.review reads decisions back, steps
# through them in a terminal and writes the methods section). A decision is stored under a
# ReviewKey: the SHA-256 of the quote and the SHA-256 of the document it was found in (the
# manifest's input hash; for a quote found nowhere, a hash of all the inputs; without a
# manifest, a hash of the document id and the passage). Unchanged quotes over unchanged sources
# keep their decisions across runs; a changed quote or source must be decided again.

RESULTS_SHEET = "results"
REVIEW_SHEET = "review"
MANIFEST_SHEET = "manifest"
#: Sidecar holding every decision made for a results file: ``results.xlsx.decisions.json``.
DECISIONS_SUFFIX = ".decisions.json"
#: Sidecar holding the run manifest of a JSONL or CSV results file: ``results.jsonl.manifest.json``.
MANIFEST_SUFFIX = ".manifest.json"
#: The values of the review sheet's ``decision`` drop-down, in order.
REVIEW_DECISIONS: tuple[str, ...] = ("confirmed quote", "acceptable paraphrase", "misquote", "hallucination", "other")
#: Columns of the review sheet. ``#`` is the quote's number (1-based, as in the CLI and the HTML
#: report); ``decision`` has the drop-down; the hidden hashes are the key decisions are stored under.
REVIEW_COLUMNS: tuple[str, ...] = (
    "#", "verdict", "why", "confidence", "quote", "source_id", "source_passage", "differences", "reason",
    "decision", "notes", "quote_hash", "source_hash",
)
#: ``(quote hash, source hash)``, both SHA-256 hex.
ReviewKey = tuple[str, str]
#: A recorded decision: ``(one of REVIEW_DECISIONS, notes)``.
Decided = tuple[str, str]
_NOTES_MAX = 2000
_CELL_MAX = 30_000


class ResultFileError(QuoteGuardError, ValueError):
    """Raised when a results or decisions file cannot be used; the message names the file and the problem."""


def review_key(result: QuoteResult, manifest: RunManifest | None) -> ReviewKey:
    """The key a review decision on ``result`` is stored under (see the section comment).

    >>> review_key(QuoteResult("q", Verdict.UNSUPPORTED), None)[0] == sha256_hex("q")
    True
    """
    sid = result.source_id
    if manifest is not None and manifest.input_hashes:
        if sid is not None and sid in manifest.input_hashes:
            src = manifest.input_hashes[sid]
        elif sid is None:
            src = sha256_hex(canonical_json(manifest.input_hashes))  # found nowhere: depends on every input
        else:
            src = sha256_hex(f"{sid}\x00{result.verbatim or ''}")
    else:
        src = sha256_hex(f"{sid or ''}\x00{result.verbatim or ''}")
    return sha256_hex(result.quote), src


def parse_decision(text: object) -> str | None:
    """The decision a cell names (any case, ``_``/``-`` for spaces), ``None`` when blank; ``ValueError`` otherwise.

    >>> parse_decision(" Acceptable_Paraphrase "), parse_decision(None)
    ('acceptable paraphrase', None)
    """
    if text is None:
        return None
    norm = " ".join(str(text).replace("_", " ").replace("-", " ").split()).lower()
    if not norm:
        return None
    if norm not in REVIEW_DECISIONS:
        raise ValueError(f"{str(text)!r} is not a decision (allowed: {', '.join(REVIEW_DECISIONS)})")
    return norm


def differences_text(result: QuoteResult) -> str:
    """The words that differ, one ``quote → source (category)`` item each, ``; ``-separated."""
    return "; ".join(
        f"{d.quote_text or '∅'} → {d.source_text or '∅'} ({d.category}{'' if d.load_bearing else ', harmless'})"
        for d in result.metrics.differences
    )


def _cell_text(text: str) -> str:
    cleaned = "".join(ch if ch in "\t\n\r" or ord(ch) >= 32 else "\ufffd" for ch in text)
    return cleaned if len(cleaned) <= _CELL_MAX else cleaned[:_CELL_MAX] + " …[cut]"


def write_review_sheet(
    wb: Any,
    records: Sequence[ResultRecord],
    *,
    manifest: RunManifest | None,
    decisions: Mapping[ReviewKey, Decided],
) -> int:
    """Add the ``review`` sheet to an openpyxl workbook (write-only or not); return its row count.

    One row per record that needs review (:func:`quote_guard.metrics.needs_review`), in the order
    given, earlier ``decisions`` filled in by key. The ``decision`` cells carry a validated
    drop-down (Excel and LibreOffice refuse other values), ``notes`` a length limit; text cells
    are string cells (never formulas); the key columns are hidden.
    """
    from openpyxl.cell import WriteOnlyCell
    from openpyxl.styles import Alignment, Font, PatternFill
    from openpyxl.utils import get_column_letter
    from openpyxl.worksheet.datavalidation import DataValidation

    ws = wb.create_sheet(REVIEW_SHEET)
    widths = {"#": 6, "quote": 60, "source_passage": 60, "differences": 40, "reason": 40, "notes": 40,
              "decision": 22, "why": 16, "verdict": 14, "source_id": 20}
    letters = {name: get_column_letter(i) for i, name in enumerate(REVIEW_COLUMNS, start=1)}
    for name, letter in letters.items():
        ws.column_dimensions[letter].width = widths.get(name, 11)
        if name in ("quote_hash", "source_hash"):
            ws.column_dimensions[letter].hidden = True
    ws.freeze_panes = "B2"
    rows = [r for r in records if needs_review(r.result)]
    last = max(len(rows) + 1, 2)
    choices = ",".join(REVIEW_DECISIONS)
    dv = DataValidation(type="list", formula1=f'"{choices}"', allow_blank=True, showErrorMessage=True,
                        showInputMessage=True, errorTitle="Not a decision", error=f"Choose one of: {choices}.",
                        promptTitle="Decision", prompt="Pick from the list.")
    dv.add(f"{letters['decision']}2:{letters['decision']}{last}")
    notes = DataValidation(type="textLength", operator="lessThanOrEqual", formula1=str(_NOTES_MAX), allow_blank=True,
                           showErrorMessage=True, errorTitle="Note too long",
                           error=f"Notes are limited to {_NOTES_MAX} characters.")
    notes.add(f"{letters['notes']}2:{letters['notes']}{last}")
    ws.data_validations.append(dv)
    ws.data_validations.append(notes)

    wrap = Alignment(wrap_text=True, vertical="top")
    fill = PatternFill("solid", start_color="FFF9C4", end_color="FFF9C4")
    head = []
    for name in REVIEW_COLUMNS:
        c = WriteOnlyCell(ws, value=name)
        c.font = Font(bold=True)
        head.append(c)
    ws.append(head)
    for rec in rows:
        r = rec.result
        key = review_key(r, manifest)
        decision, note = decisions.get(key, (None, None))
        values: dict[str, Any] = {
            "#": rec.index + 1, "verdict": r.verdict.value, "why": ", ".join(review_reasons(r)),
            "confidence": rec.confidence, "quote": r.quote, "source_id": r.source_id,
            "source_passage": r.verbatim or "", "differences": differences_text(r), "reason": r.reason,
            "decision": decision, "notes": note, "quote_hash": key[0], "source_hash": key[1],
        }
        cells = []
        for name in REVIEW_COLUMNS:
            value = values[name]
            c = WriteOnlyCell(ws, value=_cell_text(value) if isinstance(value, str) else value)
            if isinstance(value, str):
                c.data_type = "s"  # a text cell, never a formula
            c.alignment = wrap
            if name in ("decision", "notes"):
                c.fill = fill
            if name == "confidence":
                c.number_format = "0.00"
            cells.append(c)
        ws.append(cells)
    return len(rows)


def write_manifest_sheet(wb: Any, manifest: RunManifest) -> None:
    """Add the ``manifest`` sheet: readable ``field``/``value`` rows, then the exact JSON in ``json`` rows
    (cut into cells of at most 30,000 characters; :func:`read_manifest` joins them)."""
    from openpyxl.cell import WriteOnlyCell
    from openpyxl.styles import Font

    ws = wb.create_sheet(MANIFEST_SHEET)
    ws.column_dimensions["A"].width = 45
    ws.column_dimensions["B"].width = 80

    def row(a: str, b: Any, *, bold: bool = False) -> None:
        ca, cb = WriteOnlyCell(ws, value=a), WriteOnlyCell(ws, value=b)
        ca.data_type = "s"
        if isinstance(b, str):
            cb.data_type = "s"
        if bold:
            ca.font = cb.font = Font(bold=True)
        ws.append([ca, cb])

    row("field", "value", bold=True)
    row("quote_guard_version", manifest.quote_guard_version)
    row("date", manifest.date)
    row("config_hash", manifest.config_hash)
    row("embedder", manifest.embedder if manifest.embedder is not None else "(semantic stage off)")
    for k, v in manifest.thresholds.items():
        row(f"threshold: {k}", v)
    for k, digest in manifest.input_hashes.items():
        row(f"input: {k}", digest)
    text = json.dumps(manifest.to_dict(), ensure_ascii=False)
    for i in range(0, len(text), _CELL_MAX):
        row("json", text[i : i + _CELL_MAX])


def _unescape_cell(value: Any) -> Any:
    # Older sheets prefixed formula-like text with an apostrophe; strip it back off.
    if isinstance(value, str) and value[:1] == "'" and value[1:2] in ("=", "+", "-", "@"):
        return value[1:]
    return value


def sheet_rows(path: Path, name: str) -> list[dict[str, Any]] | None:
    """The rows of sheet ``name`` of an ``.xlsx`` as dicts keyed by the header; ``None`` without that sheet.

    Raises :class:`ResultFileError` when the file is missing or not a workbook.
    """
    try:
        from openpyxl import load_workbook
    except ImportError as exc:  # pragma: no cover - only without the extra
        from .errors import MissingDependencyError

        raise MissingDependencyError("Reading Excel results", extra="cli", package="openpyxl") from exc
    if not path.exists():
        raise ResultFileError(f"{path}: no such file")
    try:
        wb = load_workbook(path, read_only=True, data_only=True)
    except Exception as exc:  # openpyxl raises zipfile, KeyError, InvalidFileException...
        raise ResultFileError(f"{path}: not a readable .xlsx workbook ({type(exc).__name__}: {exc})") from None
    try:
        if name not in wb.sheetnames:
            return None
        it = wb[name].iter_rows(values_only=True)
        header = next(it, None)
        if header is None:
            return []
        cols = [str(h) if h is not None else "" for h in header]
        return [{c: _unescape_cell(v) for c, v in zip(cols, values) if c}
                for values in it if any(v is not None for v in values)]
    finally:
        wb.close()


def read_manifest(path: Path) -> RunManifest | None:
    """The run manifest of a results file: the ``manifest`` sheet of an ``.xlsx``, else the
    ``<file>.manifest.json`` sidecar; ``None`` when there is none."""
    rows = sheet_rows(path, MANIFEST_SHEET) if path.suffix.lower() == ".xlsx" else None
    chunks = [str(r.get("value") or "") for r in rows or () if r.get("field") == "json"]
    side = path.with_name(path.name + MANIFEST_SUFFIX)
    if chunks:
        where, text = path, "".join(chunks)
    elif side.exists():
        where, text = side, side.read_text(encoding="utf-8")
    else:
        return None
    try:
        return RunManifest.from_dict(json.loads(text))
    except (ValueError, QuoteGuardError) as exc:
        raise ResultFileError(f"{where}: the run manifest is damaged ({exc})") from None


def read_review_sheet(path: Path) -> tuple[dict[ReviewKey, Decided], list[str]]:
    """The decisions typed into a workbook's review sheet, by key, and one problem line per unusable row."""
    out: dict[ReviewKey, Decided] = {}
    problems: list[str] = []
    for n, row in enumerate(sheet_rows(path, REVIEW_SHEET) or [], start=2):
        qh, sh = row.get("quote_hash"), row.get("source_hash")
        if not qh or not sh:
            problems.append(f"{path}: review row {n}: the hidden key columns are empty; row skipped")
            continue
        try:
            decision = parse_decision(row.get("decision"))
        except ValueError as exc:
            problems.append(f"{path}: review row {n}: {exc}")
            continue
        if decision is not None:
            note = row.get("notes")
            out[(str(qh), str(sh))] = (decision, "" if note is None else str(note))
    return out, problems


def read_decisions_file(side: Path) -> dict[ReviewKey, Decided]:
    """The decisions of a ``.decisions.json`` file (``{}`` when it does not exist)."""
    if not side.exists():
        return {}
    try:
        out: dict[ReviewKey, Decided] = {}
        for item in json.loads(side.read_text(encoding="utf-8"))["decisions"]:
            decision = parse_decision(item["decision"])
            if decision is not None:
                out[(str(item["quote_hash"]), str(item["source_hash"]))] = (decision, str(item.get("notes") or ""))
        return out
    except (ValueError, KeyError, TypeError) as exc:
        raise ResultFileError(f"{side}: not a decisions file ({type(exc).__name__}: {exc})") from None


def write_decisions_file(side: Path, decisions: Mapping[ReviewKey, Decided], quotes: Mapping[ReviewKey, str]) -> None:
    """Write every decision (with the start of its quote, for people reading the file) atomically."""
    items = [{"quote_hash": k[0], "source_hash": k[1], "decision": d, "notes": n, "quote": quotes.get(k, "")[:200]}
             for k, (d, n) in sorted(decisions.items())]
    tmp = side.with_name(side.name + ".tmp")
    tmp.write_text(json.dumps({"schema": 1, "decisions": items}, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    os.replace(tmp, side)


def recorded_decisions(path: Path, *, warn: Callable[[str], None] | None = None) -> dict[ReviewKey, Decided]:
    """Every decision recorded for the results file ``path``: its ``.decisions.json``, then its review
    sheet on top (an ``.xlsx``). Never raises: an unreadable file is reported to ``warn`` and skipped."""
    out: dict[ReviewKey, Decided] = {}
    try:
        out.update(read_decisions_file(path.with_name(path.name + DECISIONS_SUFFIX)))
    except QuoteGuardError as exc:
        (warn or _log_warning)(str(exc))
    if path.suffix.lower() == ".xlsx" and path.exists():
        try:
            out.update(read_review_sheet(path)[0])
        except QuoteGuardError as exc:
            (warn or _log_warning)(f"earlier review decisions not carried over: {exc}")
    return out


def _log_warning(message: str) -> None:
    import logging

    logging.getLogger("quote_guard").warning("quote_guard: %s", message)


# --------------------------------------------------------------------------- stats


def melt(stats: Mapping[str, Any], prefix: str = "") -> Iterator[tuple[str, Any]]:
    """Flatten nested stats into ``(variable, value)`` pairs, nested keys joined with ``.``.

    >>> list(melt({"n": 3, "verdicts": {"verbatim": 2}}))
    [('n', 3), ('verdicts.verbatim', 2)]
    """
    for key, value in stats.items():
        name = f"{prefix}{key}"
        if isinstance(value, Mapping):
            yield from melt(value, prefix=name + ".")
        elif isinstance(value, (list, tuple)):
            for i, item in enumerate(value):
                if isinstance(item, Mapping):
                    yield from melt(item, prefix=f"{name}.{i}.")
                else:
                    yield f"{name}.{i}", item
        else:
            if isinstance(value, Verdict):
                value = value.value
            if isinstance(value, float) and not math.isfinite(value):
                value = None
            yield name, value


def write_stats_csv(path: Path, stats: Mapping[str, Any]) -> None:
    """Write aggregate statistics as a two-column ``variable,value`` CSV (``None`` is empty)."""
    with path.open("w", encoding="utf-8", newline="") as f:
        w = csv.writer(f)
        w.writerow(["variable", "value"])
        for name, value in melt(stats):
            w.writerow([name, "" if value is None else csv_safe(value)])


# --------------------------------------------------------------------------- html

#: Documents up to this many characters are shown whole; longer ones only around their spans.
WHOLE_DOC_CHARS = 200_000
#: Characters of context shown either side of a span in a long document.
CONTEXT_CHARS = 600
_VERDICT_ORDER = [v.value for v in sorted(Verdict, key=lambda v: -_SEVERITY[v])]


def _esc(text: object) -> str:
    return html.escape(str(text), quote=True)


def _regions(length: int, spans: Sequence[Span]) -> list[tuple[int, int]]:
    """The parts of a document to show: all of it if short, else the spans with context, merged."""
    if length <= WHOLE_DOC_CHARS:
        return [(0, length)]
    out: list[tuple[int, int]] = []
    for s in sorted(spans, key=lambda s: s.start):
        a, b = max(0, s.start - CONTEXT_CHARS), min(length, s.end + CONTEXT_CHARS)
        if out and a <= out[-1][1]:
            out[-1] = (out[-1][0], max(out[-1][1], b))
        else:
            out.append((a, b))
    return out


def _render_region(text: str, a: int, b: int, marks: Sequence[tuple[Span, int, int, Verdict]]) -> str:
    """HTML for ``text[a:b]`` with every span in ``marks`` highlighted (overlaps split into segments).

    ``marks`` holds ``(span, quote index, fragment number, verdict)``. Each segment is a ``<mark>``
    with the source offsets it covers (``data-start``/``data-end``) and the quotes it belongs to
    (``data-q``); an empty ``<a id="q{index}-{fragment}">`` sits at each span's start.
    """
    inside = [m for m in marks if m[0].start < b and m[0].end > a and m[0].end > m[0].start]
    cuts = {a, b}
    for span, *_ in inside:
        cuts.add(max(a, span.start))
        cuts.add(min(b, span.end))
    starts: dict[int, list[tuple[Span, int, int, Verdict]]] = {}
    for m in inside:
        starts.setdefault(max(a, m[0].start), []).append(m)
    active: list[tuple[Span, int, int, Verdict]] = []
    parts = [f'<div class="region" data-offset="{a}">']
    points = sorted(cuts)
    for x, y in itertools.pairwise(points):
        active = [m for m in active if m[0].end > x]
        for m in starts.get(x, ()):
            parts.append(f'<a class="anchor" id="q{m[1]}-{m[2]}"></a>')
            active.append(m)
        chunk = _esc(text[x:y])
        if not active:
            parts.append(chunk)
            continue
        worst = max((m[3] for m in active), key=lambda v: _SEVERITY[v])
        qs = " ".join(sorted({str(m[1]) for m in active}, key=int))
        parts.append(
            f'<mark class="hl v-{worst.value}" data-q="{qs}" data-start="{x}" data-end="{y}">{chunk}</mark>'
        )
    parts.append("</div>")
    return "".join(parts)


def _fmt(x: float | None, digits: int = 3) -> str:
    return "" if x is None or not math.isfinite(x) else f"{x:.{digits}f}"


def _citation_text(a: Attribution | None) -> str:
    if a is None or a.status == "none":
        return ""
    if a.status == "misattributed":
        return f"misattributed: cites {a.cited_id}, found in {a.found_id}"
    if a.status == "unresolved":
        return f"“{a.citation}” names no source"
    return f"{a.citation} → {a.cited_id}"


def _manifest_footer(manifest: RunManifest) -> str:
    """The HTML footer: the run manifest, readable, then its exact JSON."""
    rows = [("quote_guard version", manifest.quote_guard_version), ("date", manifest.date),
            ("config hash", manifest.config_hash),
            ("embedder", manifest.embedder if manifest.embedder is not None else "(semantic stage off)")]
    rows += [(f"threshold {k}", str(v)) for k, v in manifest.thresholds.items()]
    rows += [(f"input {k}", v) for k, v in manifest.input_hashes.items()]
    dl = "".join(f"<dt>{_esc(k)}</dt><dd>{_esc(v)}</dd>" for k, v in rows)
    body = json.dumps(manifest.to_dict(), ensure_ascii=False, indent=1)
    return (f'<footer id="manifest"><details><summary>Run manifest (how this report was made)</summary>'
            f'<dl>{dl}</dl><pre class="manifest-json">{_esc(body)}</pre></details></footer>')


#: At most this many highlighted page images go into one HTML report (the rest: page numbers only).
MAX_PAGE_IMAGES = 200
_PAGE_JS = ("document.querySelectorAll('img.page[data-ref]').forEach(function (i) {"
            " var o = document.getElementById(i.dataset.ref); if (o) { i.src = o.src; } });")


def _page_images(recs: Sequence[ResultRecord], documents: Mapping[str, Document],
                 files: Mapping[str, str | os.PathLike[str]]) -> dict[tuple[str, int], str]:
    """``{(source id, page): PNG data URI}``: each page of a PDF source that a quote's span
    touches, rendered once with every quote on it highlighted (:data:`MAX_PAGE_IMAGES` at most).
    A page that cannot be rendered (the file moved, say) gets no image."""
    import base64

    from .documents.highlight import highlights_for, render_page_png
    from .errors import QuoteGuardError

    wanted: dict[str, list[int]] = {}
    n = 0
    for rec in recs:
        for s in rec.result.spans:
            doc = documents.get(s.source_id)
            if doc is None or doc.kind != "pdf" or s.end > len(doc.text):
                continue
            for page in doc.locate(s.start, s.end).pages:
                pages = wanted.setdefault(s.source_id, [])
                if page not in pages and n < MAX_PAGE_IMAGES:
                    pages.append(page)
                    n += 1
    out: dict[tuple[str, int], str] = {}
    for sid, pages in wanted.items():
        doc = documents[sid]
        marks = highlights_for([rec.result for rec in recs], doc)
        for page in pages:
            try:
                png = render_page_png(files.get(sid, sid), page, [h for h in marks if h.page == page], scale=1.0)
            except (QuoteGuardError, OSError):
                continue
            out[(sid, page)] = "data:image/png;base64," + base64.b64encode(png).decode("ascii")
    return out


def _page_imgs(rec: ResultRecord, documents: Mapping[str, Document], images: Mapping[tuple[str, int], str],
               shown: dict[tuple[str, int], str]) -> str:
    """The ``<img class="page">`` of each page the quote's spans touch: the image data the first
    time a page is shown (``id="pg-N"``), later a ``data-ref`` to it that the page's script fills in."""
    parts: list[str] = []
    seen: set[tuple[str, int]] = set()
    for s in rec.result.spans:
        doc = documents.get(s.source_id)
        if doc is None or doc.kind != "pdf" or s.end > len(doc.text):
            continue
        for page in doc.locate(s.start, s.end).pages:
            key = (s.source_id, page)
            if key in seen or key not in images:
                continue
            seen.add(key)
            alt = _esc(f"page {page} of {s.source_id}, quotes highlighted")
            style = 'style="max-width:100%;border:1px solid #ccc;display:block;margin:4px 0"'
            if key in shown:
                parts.append(f'<img class="page" data-page="{page}" data-ref="{shown[key]}" alt="{alt}" {style}>')
            else:
                shown[key] = f"pg-{len(shown)}"
                parts.append(f'<img class="page" id="{shown[key]}" data-page="{page}" alt="{alt}" {style} '
                             f'src="{images[key]}">')
    return "".join(parts)


def _definitions(rows: Sequence[tuple[str, str]]) -> str:
    """The ``<dt>``/``<dd>`` pairs of an item's details, escaped; empty values are left out."""
    return "".join(f"<dt>{_esc(k)}</dt><dd>{_esc(val)}</dd>" for k, val in rows if val)


def _quote_item(rec: ResultRecord, pages_html: str = "") -> str:
    r, m = rec.result, rec.result.metrics
    v = r.verdict.value
    label = _esc(r.quote if len(r.quote) <= 400 else r.quote[:400] + "…")
    if r.spans:
        link = f'<a class="qlink" href="#q{rec.index}-0" data-q="{rec.index}">“{label}”</a>'
    else:
        link = f'<span class="qtext">“{label}”</span>'
    rows = [
        ("verdict", v),
        ("reason", plain_text(r.reason)),
        ("confidence", _fmt(rec.confidence, 2)),
        ("source", ", ".join(f"{s.source_id} [{s.start}:{s.end}]" for s in r.spans) or "not found in the sources"),
        ("page", page_label(r)),
        ("location", rec.location),
        ("citation", _citation_text(rec.attribution)),
        ("from", rec.origin),
        ("stage", m.stage),
        ("match ratio", _fmt(m.match_ratio)),
        ("cosine", _fmt(m.cosine_similarity)),
        ("BM25 score / ratio", " / ".join(x for x in (_fmt(m.bm25_score, 2), _fmt(m.bm25_ratio, 2)) if x)),
        ("edit distance", "" if m.edit_distance is None else str(m.edit_distance)),
        ("low confidence", "yes" if m.low_confidence else ""),
    ]
    dl = _definitions(rows)
    diffs = "".join(
        f'<li class="{"lb" if d.load_bearing else "harmless"}"><span class="kind">{_esc(d.kind)}</span> '
        f'<del>{_esc(d.quote_text or "∅")}</del> → <ins>{_esc(d.source_text or "∅")}</ins> '
        f'<span class="cat">{_esc(d.category)}</span></li>'
        for d in m.differences
    )
    if diffs:
        dl += f'<dt>words that differ</dt><dd><ul class="diffs">{diffs}</ul></dd>'
    if r.verbatim is not None:
        dl += f'<dt>corrected text (the source says)</dt><dd class="verbatim">“{_esc(r.verbatim)}”</dd>'
    if pages_html:
        dl += f'<dt>the page, highlighted</dt><dd class="pages">{pages_html}</dd>'
    return (
        f'<li class="quote v-{v}" id="item-{rec.index}" data-index="{rec.index}" data-verdict="{v}" '
        f'data-confidence="{rec.confidence:.4f}">'
        f'<div class="qhead"><span class="badge v-{v}">{_esc(v.replace("_", " "))}</span>'
        f'<span class="conf" title="confidence">{rec.confidence:.2f}</span> <span class="num">#{rec.index + 1}</span></div>'
        f'{link}<details><summary>details</summary><dl>{dl}</dl></details></li>'
    )


_CITATION_ORDER = ("altered", "misattributed", "unsupported", "location_mismatch", "unverifiable", "ok")
# a citation's status shares the colour of the quote verdict it is closest to
_CITATION_COLOUR = {"ok": "verbatim", "location_mismatch": "paraphrase", "misattributed": "altered",
                    "unsupported": "unsupported", "altered": "altered", "unverifiable": "uncheckable"}


def citation_counts(rows: Iterable[Mapping[str, Any]]) -> dict[str, int]:
    """How many provider citations (rows of :func:`quote_guard.cli.check_citations`) have each
    status, by status name."""
    counts: dict[str, int] = {}
    for r in rows:
        counts[str(r.get("status"))] = counts.get(str(r.get("status")), 0) + 1
    return dict(sorted(counts.items()))


def _location_text(loc: Mapping[str, Any] | None) -> str:
    """A location of a citation row (``CharRange.to_dict()`` and the like) as ``chars [3, 40)``."""
    if not loc:
        return ""
    return f"{loc.get('kind', '')} [{loc.get('start')}, {loc.get('end')})"


def _citation_item(n: int, row: Mapping[str, Any]) -> str:
    """One provider citation (a row of :func:`quote_guard.cli.check_citations`) as a list item."""
    status = str(row.get("status") or "unverifiable")
    colour = _CITATION_COLOUR.get(status, "uncheckable")
    cites = str(row.get("source_id") or row.get("title") or "no source named")
    claimed = _location_text(row.get("claimed_location"))
    claim = str(row.get("claim") or "")
    found = ""
    if row.get("found_source_id") is not None:
        found = f"{row['found_source_id']} {_location_text(row.get('found_location'))}".strip()
    rows = [
        ("status", status.replace("_", " ")),
        ("reason", plain_text(str(row.get("reason") or ""))),
        ("provider", str(row.get("provider") or "")),
        ("cites", f"{cites} {claimed}".strip()),
        ("cited text", str(row.get("cited_text") or "")),
        ("found at", found),
        ("location as claimed", {True: "yes", False: "no"}.get(row.get("location_ok"), "")),  # type: ignore[arg-type]
        ("the answer's sentence, checked", str(row.get("claim_verdict") or "")),
        ("from", str(row.get("origin") or "")),
        ("inferred / recovered", ", ".join(k for k in ("inferred", "recovered") if row.get(k))),
    ]
    dl = _definitions(rows)
    said = claim or str(row.get("cited_text") or "")
    label = _esc(said if len(said) <= 400 else said[:400] + "…")
    return (
        f'<li class="quote cite v-{colour}" id="cite-{n}" data-status="{_esc(status)}">'
        f'<div class="qhead"><span class="badge v-{colour}">{_esc(status.replace("_", " "))}</span>'
        f'<span class="conf">cites {_esc(cites)}</span> <span class="num">citation {n + 1}</span></div>'
        f'<span class="qtext">“{label}”</span><details><summary>details</summary><dl>{dl}</dl></details></li>'
    )


def _citations_section(rows: Sequence[Mapping[str, Any]]) -> str:
    """The provider citations, re-verified: counts per status, then each citation, failing ones first."""
    counts = citation_counts(rows)
    rank = {s: k for k, s in enumerate(_CITATION_ORDER)}
    order = sorted(range(len(rows)), key=lambda k: (rank.get(str(rows[k].get("status")), -1), k))
    badges = "".join(
        f'<span class="badge v-{_CITATION_COLOUR.get(s, "uncheckable")}">{_esc(s.replace("_", " "))}: {counts[s]}</span>'
        for s in sorted(counts, key=lambda s: rank.get(s, -1))
    )
    return (
        f'<div id="citations"><h2>Provider citations <span class="meta">{len(rows)}, re-verified against the '
        f'sources</span></h2><div class="counts">{badges}</div><ol class="cite-list">'
        + "".join(_citation_item(k, rows[k]) for k in order)
        + "</ol></div>"
    )


def write_html(
    path: Path,
    records: Iterable[ResultRecord],
    sources: Mapping[str, str],
    *,
    title: str = "quote_guard report",
    manifest: RunManifest | None = None,
    documents: Mapping[str, Document] | None = None,
    files: Mapping[str, str | os.PathLike[str]] | None = None,
    citations: Sequence[Mapping[str, Any]] = (),
) -> None:
    """Write one self-contained HTML page: the quotes, and each source with its quoted spans.

    ``citations`` are the provider citations re-verified (rows of
    :func:`quote_guard.cli.check_citations`: :meth:`~quote_guard.citations.CitationResult.to_dict`
    and an ``origin``); they get a section of their own under the quotes (``<div id="citations">``),
    failing ones first, and their count in the header.

    ``manifest`` is shown in the page's footer (``<footer id="manifest">``), readable and as JSON.
    ``documents`` (``{source id: Document}``, from :mod:`quote_guard.documents`) are the PDF,
    DOCX and HTML sources: each quote found in a PDF shows the page image with every quote on
    that page highlighted (``<img class="page" data-page="N">``, rendered once per page from
    ``files[source id]``, default the source id as a path; at most :data:`MAX_PAGE_IMAGES`).

    No network: CSS and JS are inline, and a Content-Security-Policy forbids every other load.
    All text is HTML-escaped, so a source containing ``<script>`` shows as text. Documents over
    :data:`WHOLE_DOC_CHARS` characters show only the regions around their spans
    (:data:`CONTEXT_CHARS` either side), so a 50 MB corpus gives a page the size of its quotes.
    """
    from ._report_assets import REPORT_CSS, REPORT_JS

    recs = sorted(records, key=lambda r: (r.confidence, r.index))
    by_doc: dict[str, list[tuple[Span, int, int, Verdict]]] = {}
    counts: dict[str, int] = {}
    for rec in recs:
        counts[rec.result.verdict.value] = counts.get(rec.result.verdict.value, 0) + 1
        for k, s in enumerate(rec.result.spans):
            by_doc.setdefault(s.source_id, []).append((s, rec.index, k, rec.result.verdict))

    nonce = secrets.token_urlsafe(16)
    out: list[str] = [
        "<!DOCTYPE html>",
        '<html lang="en"><head><meta charset="utf-8">',
        (
            '<meta http-equiv="Content-Security-Policy" content="default-src \'none\'; '
            f"style-src 'unsafe-inline'; script-src 'nonce-{nonce}'; img-src data:\">"
        ),
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        f"<title>{_esc(title)}</title><style>{REPORT_CSS}</style></head><body>",
        f'<header><h1>{_esc(title)}</h1><div class="counts">',
    ]
    for v in _VERDICT_ORDER:
        if counts.get(v):
            out.append(f'<span class="badge v-{v}">{_esc(v.replace("_", " "))}: {counts[v]}</span>')
    quoted = sum(1 for sid in sources if sid in by_doc)
    cited = f", {len(citations)} provider citations" if citations else ""
    out.append(
        f'<span class="total">{len(recs)} quotes{cited}; {len(sources)} sources, {quoted} quoted '
        f"(sources nobody quoted are not shown)</span></div></header>"
    )

    out.append('<main><section id="quotes"><div class="controls"><div class="filters">')
    for v in _VERDICT_ORDER:
        if counts.get(v):
            out.append(
                f'<label class="badge v-{v}"><input type="checkbox" class="vfilter" value="{v}" checked> '
                f'{_esc(v.replace("_", " "))}</label>'
            )
    out.append(
        '</div><label>confidence ≤ <input type="range" id="maxconf" min="0" max="1" step="0.01" value="1">'
        '<output id="maxconf-out">1.00</output></label>'
        '<label>sort <select id="sort"><option value="conf-asc">confidence, lowest first</option>'
        '<option value="conf-desc">confidence, highest first</option><option value="verdict">verdict</option>'
        '<option value="input">input order</option></select></label>'
        '<span id="shown"></span></div><ol id="quote-list">'
    )
    docs = documents or {}
    images = _page_images(recs, docs, files or {}) if any(d.kind == "pdf" for d in docs.values()) else {}
    shown: dict[tuple[str, int], str] = {}
    out.extend(_quote_item(rec, _page_imgs(rec, docs, images, shown) if images else "") for rec in recs)
    out.append("</ol>")
    if citations:
        out.append(_citations_section(citations))
    out.append('</section><section id="docs">')

    for n, (sid, text) in enumerate(sources.items()):
        marks = by_doc.get(sid, [])
        if not marks:
            continue  # nobody quoted it: counted in the header, not shown
        regions = _regions(len(text), [m[0] for m in marks])
        out.append(
            f'<article class="doc" id="doc-{n}" data-source="{_esc(sid)}"><h2>{_esc(sid)} '
            f'<span class="meta">{len(text):,} characters, {len({m[1] for m in marks})} quotes</span></h2>'
        )
        prev = 0
        for a, b in regions:
            if a > prev:
                out.append(f'<div class="gap">… {a - prev:,} characters not shown …</div>')
            out.append(_render_region(text, a, b, marks))
            prev = b
        if prev < len(text):
            out.append(f'<div class="gap">… {len(text) - prev:,} characters not shown …</div>')
        out.append("</article>")
    out.append("</section></main>")
    if manifest is not None:
        out.append(_manifest_footer(manifest))
    out.append(f'<script nonce="{nonce}">{REPORT_JS}{_PAGE_JS if images else ""}</script></body></html>')

    tmp = path.with_name(path.name + ".tmp")
    with tmp.open("w", encoding="utf-8") as f:
        for part in out:
            f.write(part)
            f.write("\n")
    os.replace(tmp, path)
