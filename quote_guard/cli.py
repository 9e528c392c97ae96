"""The ``quote-guard`` command: verify a whole corpus from the shell.

::

    quote-guard verify contracts/ --quotes quotes.jsonl --out results.xlsx --html report.html
    quote-guard verify docs/*.md --responses answers.jsonl --fail-on altered,unsupported
    quote-guard verify filings/ --quotes quotes.jsonl --out results.xlsx --highlight out/   # PDF, DOCX, HTML
    quote-guard verify docs/ --responses saved.jsonl --out r.jsonl --fail-on citation:misattributed,citation:altered
    quote-guard demo

    quote-guard config show --config validators.yaml

Commands only parse, call library functions and render with rich. Input problems (a missing
file, an empty quote file, a CSV without the column) raise :class:`InputError`, which, like
every :class:`~quote_guard.errors.QuoteGuardError`, prints one red line and exits 2.

**Configuration**: the same ``validators.yaml`` as the library and the guard. Precedence,
highest first: command-line options (``--no-semantic``, ``--set KEY=VALUE``), then
``QUOTE_GUARD_<SECTION>__<KEY>`` environment variables, then the file (``--config PATH``, else
``$QUOTE_GUARD_CONFIG``, else ``./validators.yaml`` if present), then the defaults.
``quote-guard config show`` prints every effective value with where it came from.

**Exit codes**: 0 all good; 1 some quote has a verdict (or ``misattributed``) listed in
``--fail-on``, or a provider citation of a saved response a status listed there
(``citation:misattributed``, ``citation:altered``, ...); 2 an error stopped the run; 4 some source files were unreadable (binary) and
skipped, the rest was verified; 5 both 1 and 4; 130 interrupted.

PDF, DOCX and HTML sources (the ``documents`` extra) are read by :mod:`quote_guard.documents`:
results carry their pages (``page``/``location`` columns), a scanned PDF's quotes are
``uncheckable`` ("no text layer"), and ``--highlight DIR`` writes each PDF with its quotes
highlighted. Source files are decoded by byte-order mark, then UTF-8, then cp1252 with a warning naming the
file (:mod:`quote_guard.sources`). Every output carries the run manifest (version, config
hash, thresholds, embedder, date, input hashes); ``--resume`` refuses to continue a file made
with another configuration unless ``--allow-mixed``.

typer and rich are imported here only (the ``cli`` extra); without them :func:`main` prints the
``pip install`` line instead of a traceback.
"""

from __future__ import annotations

import csv
import glob
import io
import json
import sys
import warnings
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

from .errors import QuoteGuardError
from .models import QuoteResult, Verdict
from .normalize import jsonl_lines

try:  # the 'cli' extra
    with warnings.catch_warnings():
        # typer 0.19 reads click.utils names that click 8.3+ deprecates; nothing a user can fix
        warnings.filterwarnings("ignore", message=r".*will be removed in Click 9", category=DeprecationWarning)
        import typer
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
    from rich.table import Table
except ImportError:  # pragma: no cover - exercised by test_main_without_extra via a subprocess
    typer = None  # type: ignore[assignment]

if TYPE_CHECKING:  # pragma: no cover
    from .documents import Document
    from .report import ResultRecord, ResultWriter

__all__ = [
    "InputError",
    "QuoteInput",
    "ResponseInput",
    "app",
    "check_citations",
    "load_documents",
    "load_quotes",
    "load_responses",
    "load_sources",
    "main",
    "quotes_of",
    "read_responses",
]

INSTALL_HINT = "quote-guard needs the 'cli' extra: pip install 'quote_guard[cli]'"
SOURCE_SUFFIXES = (".txt", ".md", ".pdf", ".docx", ".html", ".htm")
#: read with :func:`quote_guard.documents.load` (the ``documents`` extra), with page locations
DOCUMENT_SUFFIXES = (".pdf", ".docx", ".html", ".htm")
DEFAULT_FAIL_ON = "altered,unsupported,misattributed"
#: exit-code bits
EXIT_FAILING = 1
EXIT_SKIPPED = 4
_STYLE = {
    "verbatim": "green",
    "near_verbatim": "green",
    "paraphrase": "yellow",
    "altered": "bold red",
    "unsupported": "red",
    "uncheckable": "dim",
}


class InputError(QuoteGuardError, ValueError):
    """Raised when an input file cannot be used; the message names the file and the problem."""


@dataclass(frozen=True, slots=True)
class QuoteInput:
    """A quote to check: its text, where it came from (``file:line``), an optional source id (check
    against that source only) and an optional citation hint (checked with :mod:`quote_guard.attribution`)."""

    text: str
    origin: str
    source: str | None = None
    citation: str | None = None


# --------------------------------------------------------------------------- reading inputs


def _noop(_message: str) -> None:
    pass


def _read_text(path: Path, what: str, warn: Callable[[str], None] = _noop) -> str:
    """Decode an input file (BOM, UTF-8, then cp1252 with a warning); a binary file is an InputError."""
    from .sources import UnreadableSourceError, read_source_file

    if not path.exists():
        raise InputError(f"{path}: no such file ({what})")
    if path.is_dir():
        raise InputError(f"{path}: is a directory, expected a file ({what})")
    try:
        decoded = read_source_file(path)
    except UnreadableSourceError as exc:
        raise InputError(f"{exc} ({what})".replace(", skipped", "")) from None
    if decoded.warning:
        warn(decoded.warning)
    return decoded.text


def _expand(arg: str) -> list[Path]:
    p = Path(arg)
    if p.is_dir():
        return sorted(
            f for f in p.rglob("*")
            if f.is_file() and f.suffix.lower() in SOURCE_SUFFIXES
            and not any(part.startswith(".") for part in f.relative_to(p).parts)
        )
    if p.exists():
        return [p]
    if any(ch in arg for ch in "*?["):
        hits = sorted(Path(x) for x in glob.glob(arg, recursive=True))
        if not hits:
            raise InputError(f"{arg}: no files match this pattern")
        return [h for h in hits if h.is_file()]
    raise InputError(f"{arg}: no such file or directory (sources)")


def load_sources(
    args: Sequence[str], warn: Callable[[str], None] = _noop, *, skipped: list[str] | None = None
) -> dict[str, str]:
    """Read source documents from files, directories (their ``.txt``/``.md``/``.pdf``/``.docx``/
    ``.html``/``.htm``, recursively) and globs: the texts of :func:`load_documents`."""
    return load_documents(args, warn, skipped=skipped)[0]


def load_documents(
    args: Sequence[str], warn: Callable[[str], None] = _noop, *, skipped: list[str] | None = None
) -> tuple[dict[str, str], dict[str, Document]]:
    """Read sources: ``({id: text}, {id: Document})``, the second for the PDF, DOCX and HTML files.

    The id of each source is its path as reached from the argument (``contracts/lease.txt``).
    Text files are decoded by :func:`quote_guard.sources.read_source_file` (a cp1252 file is read
    with a warning naming it); empty text files are skipped with a warning. PDF, DOCX and HTML
    files are loaded by :func:`quote_guard.documents.load` (the ``documents`` extra), so results
    can name their pages; a document without text (a scanned PDF) is kept, with a warning, so
    its quotes come out ``uncheckable`` naming the reason; scanned pages of a PDF with text are
    warned about. Unreadable files (binary text, a broken PDF) are reported to ``warn``,
    appended to ``skipped`` and left out: the rest is still read.
    """
    from .errors import SourceError
    from .sources import UnreadableSourceError, read_source_file

    out: dict[str, str] = {}
    docs: dict[str, Document] = {}

    def skip(message: str) -> None:
        warn(message)
        if skipped is not None:
            skipped.append(message)

    for arg in args:
        for path in _expand(arg):
            sid = str(path)
            if sid in out:
                continue
            if path.suffix.lower() in DOCUMENT_SUFFIXES:
                from .documents import load

                try:
                    doc = load(path, id=sid)
                except SourceError as exc:
                    skip(f"{exc}, skipped")
                    continue
                if doc.uncheckable_reason:
                    extra = " (scanned PDF; OCR is not supported)" if doc.uncheckable_reason == "no text layer" else ""
                    warn(f"{sid}: {doc.uncheckable_reason}{extra}; its quotes cannot be checked")
                elif doc.pages_without_text:
                    pages = ", ".join(map(str, doc.pages_without_text))
                    warn(f"{sid}: page(s) {pages} have no text layer (scanned; OCR is not supported); "
                         "quotes from them come out unsupported")
                out[sid], docs[sid] = doc.text, doc
                continue
            try:
                decoded = read_source_file(path)
            except UnreadableSourceError as exc:
                skip(str(exc))
                continue
            if decoded.warning:
                warn(decoded.warning)
            text = decoded.text
            if not text.strip():
                warn(f"{path}: empty, skipped")
                continue
            out[sid] = text
    if not out:
        texts = " or ".join(x for x in SOURCE_SUFFIXES if x not in DOCUMENT_SUFFIXES)
        raise InputError(f"{', '.join(args)}: no {texts} text files or {', '.join(DOCUMENT_SUFFIXES)} documents "
                         "with content found")
    return out, docs


def _resolver(sources: Iterable[str]) -> Callable[[str, str], str]:
    """Map a user-given source name (full id, file name or stem) to a source id."""
    names: dict[str, set[str]] = {}
    for sid in sources:
        for name in (sid, Path(sid).name, Path(sid).stem):
            names.setdefault(name, set()).add(sid)

    def resolve(name: str, origin: str) -> str:
        hits = names.get(name, set())
        if len(hits) == 1:
            return next(iter(hits))
        if not hits:
            known = ", ".join(sorted(sources)[:5]) + (" ..." if len(names) > 5 else "")
            raise InputError(f"{origin}: source {name!r} is not among the sources ({known})")
        raise InputError(f"{origin}: source {name!r} is ambiguous ({', '.join(sorted(hits))}); give its path")

    sources = list(sources)
    return resolve


def scrub_surrogates(text: str) -> str:
    """Lone surrogates (from JSON escapes) become U+FFFD: see :func:`quote_guard.sources.scrub_surrogates`."""
    from .sources import scrub_surrogates as scrub

    return scrub(text)


def _jsonl(path: Path, what: str, warn: Callable[[str], None] = _noop) -> Iterator[tuple[int, dict[str, Any]]]:
    for n, line in jsonl_lines(_read_text(path, what, warn)):
        try:
            obj = json.loads(line)
        except json.JSONDecodeError as exc:
            raise InputError(f"{path}:{n}: not valid JSON ({exc.msg}, column {exc.colno})") from None
        if not isinstance(obj, dict):
            raise InputError(f"{path}:{n}: expected a JSON object, got {type(obj).__name__}")
        yield n, obj


def load_quotes(
    path: Path, *, column: str = "quote", source_column: str | None = None, warn: Callable[[str], None] = _noop
) -> list[QuoteInput]:
    """Read quotes: ``.jsonl`` (``quote``, optional ``source`` to check against that source only,
    optional ``citation`` to check the quote's citation), ``.csv`` (``column``) or text, one a line."""
    suffix = path.suffix.lower()
    out: list[QuoteInput] = []
    if suffix in (".jsonl", ".ndjson"):
        for n, obj in _jsonl(path, "quotes", warn):
            q = obj.get("quote")
            if not isinstance(q, str):
                raise InputError(f"{path}:{n}: no 'quote' text field")
            q = scrub_surrogates(q)  # a "\ud800" escape gives a lone surrogate no file can hold
            src, cite = obj.get("source"), obj.get("citation")
            out.append(QuoteInput(q, f"{path}:{n}", str(src) if src not in (None, "") else None,
                                  str(cite) if cite not in (None, "") else None))
    elif suffix in (".csv", ".tsv"):
        text = _read_text(path, "quotes", warn)
        # the csv module reads the line breaks itself: a quoted field may hold a line break (a quote of
        # two paragraphs), which splitting the text into lines first would cut in two
        reader = csv.DictReader(io.StringIO(text, newline=""), delimiter="\t" if suffix == ".tsv" else ",")
        fields = reader.fieldnames or []
        for col in (column, source_column):
            if col is not None and col not in fields:
                raise InputError(
                    f"{path}: no column {col!r} (columns: {', '.join(fields) or 'none'}); choose one with --column"
                )
        first = reader.line_num + 1  # the line a row starts on (a quoted field may span lines)
        for row in reader:
            q = row.get(column) or ""
            if q.strip():
                src = row.get(source_column) if source_column else None
                out.append(QuoteInput(q, f"{path}:{first}", src or None))
            first = reader.line_num + 1
    else:
        for n, line in enumerate(_read_text(path, "quotes", warn).splitlines(), start=1):
            if line.strip():
                out.append(QuoteInput(line.strip(), f"{path}:{n}"))
    if not out:
        raise InputError(f"{path}: no quotes in the file")
    return out


@dataclass(frozen=True, slots=True)
class ResponseInput:
    """One saved answer: its text, where it was read (``file:line``), the provider response it came
    in (its citations are re-verified; the text itself for a plain answer), the ids of the
    documents in the order they were sent (``None``: the order the sources were read), and an
    optional source to check its quotes against."""

    text: str
    origin: str
    response: Any = None
    documents: tuple[str, ...] | None = None
    source: str | None = None
    whole_file: bool = False  # a text file: each quote's origin gets its own line number


def read_responses(path: Path, *, warn: Callable[[str], None] = _noop) -> list[ResponseInput]:
    """Read LLM answers: a text file (one answer); JSONL, one answer a line, each either
    ``{"response": "text", "source": id}`` or a saved provider response (raw Anthropic, OpenAI,
    Gemini or Cohere body, a litellm ``ModelResponse`` dump, or ``{"response": {...}, "documents":
    [ids in the order sent]}``); or ``.json`` (one response, one streamed response as a list of
    events, or a list of responses; :func:`quote_guard.citations.load_saved_responses`)."""
    from .citations import load_saved_responses, read_response

    suffix = path.suffix.lower()
    out: list[ResponseInput] = []

    def saved(body: Any, origin: str, docs: Any, src: Any = None) -> ResponseInput:
        if docs is not None and (not isinstance(docs, list) or not all(isinstance(d, str) for d in docs)):
            raise InputError(f"{origin}: 'documents' must be a list of source ids")
        try:
            text = body if isinstance(body, str) else read_response(body).text
        except (TypeError, ValueError) as exc:
            raise InputError(f"{origin}: not a provider response nor a 'response' text: {exc}") from None
        return ResponseInput(scrub_surrogates(text), origin, body, tuple(docs) if docs is not None else None,
                             str(src) if src not in (None, "") else None)

    if suffix in (".jsonl", ".ndjson"):
        for n, obj in _jsonl(path, "responses", warn):
            where = f"{path}:{n}"
            if "response" in obj:
                if not isinstance(obj["response"], (str, dict, list)):
                    raise InputError(f"{where}: no 'response' text field (or saved provider response)")
                out.append(saved(obj["response"], where, obj.get("documents"), obj.get("source")))
            else:
                out.append(saved(obj, where, None))
    elif suffix == ".json":
        try:
            records = load_saved_responses(path)
        except ValueError as exc:
            raise InputError(str(exc)) from None
        out.extend(saved(r.response, r.origin, list(r.documents) if r.documents is not None else None)
                   for r in records)
    else:
        text = _read_text(path, "responses", warn)
        out.append(ResponseInput(text, str(path), text, whole_file=True))
    if not any(a.text.strip() for a in out):
        raise InputError(f"{path}: no responses in the file")
    return out


def quotes_of(answers: Sequence[ResponseInput], *, extract: Any = None) -> list[QuoteInput]:
    """The quotes of ``answers`` (with ``extract``, an :class:`~quote_guard.ExtractConfig`; each
    quote keeps its citation hint and its answer's source); ``[]`` when they quote nothing."""
    from .extract import extract_quotes

    out: list[QuoteInput] = []
    for a in answers:
        for q in extract_quotes(a.text, extract):
            # a JSONL answer is one line of the file; in a text answer, give the quote's own line
            where = f"{a.origin}:{1 + a.text.count(chr(10), 0, q.start)}" if a.whole_file else a.origin
            out.append(QuoteInput(q.text, where, a.source, q.citation))
    return out


def load_responses(path: Path, *, extract: Any = None, warn: Callable[[str], None] = _noop) -> list[QuoteInput]:
    """Read LLM answers (:func:`read_responses`) and extract their quotes (:func:`quotes_of`)."""
    out = quotes_of(read_responses(path, warn=warn), extract=extract)
    if not out:
        raise InputError(f"{path}: no quotes found in the responses")
    return out


def check_citations(answers: Sequence[ResponseInput], sources: dict[str, str], *, verifier: Any) -> list[dict[str, Any]]:
    """Re-verify the provider citations of ``answers`` against ``sources`` (:mod:`quote_guard.citations`):
    one row per citation (``origin`` and :meth:`~quote_guard.citations.CitationResult.to_dict`).
    A record's ``documents`` give the order the sources were sent in (what Anthropic's
    ``document_index`` and leaked ``<cite>`` markup count); without them, the order they were read."""
    from .citations import read_response, verify_citations
    from .models import Source

    rows: list[dict[str, Any]] = []
    for a in answers:
        order = list(a.documents or ())
        unknown = [d for d in order if d not in sources]
        if unknown:
            raise InputError(f"{a.origin}: 'documents' names unknown source(s): {', '.join(unknown[:5])} "
                             f"(sources: {', '.join(list(sources)[:8])})")
        srcs = [Source(k, sources[k]) for k in [*order, *(k for k in sources if k not in set(order))]]
        try:
            ans = read_response(a.response if a.response is not None else a.text, sources=srcs)
        except (TypeError, ValueError) as exc:
            raise InputError(f"{a.origin}: cannot read its citations: {exc}") from None
        if not ans.citations:
            continue
        for r in verify_citations(ans.citations, ans.text, srcs, verifier=verifier):
            rows.append({"kind": "citation", "origin": a.origin, **r.to_dict()})
    return rows


# --------------------------------------------------------------------------- the run


@dataclass
class Summary:
    """What a run found, read back over every record (resumed ones included)."""

    total: int
    counts: dict[str, int]
    worst: list[ResultRecord]
    failing: int
    misattributed: int = 0


def verify_stream(
    items: Sequence[QuoteInput],
    sources: dict[str, str],
    *,
    writer: ResultWriter | None,
    keep: list[ResultRecord] | None,
    semantic: bool = True,
    batch_size: int = 256,
    advance: Callable[[int], None] = lambda _n: None,
    config: Any = None,
    documents: Mapping[str, Document] | None = None,
    workers: int = 1,
    engine: str = "local",
    index_cache: Path | None = None,
) -> int:
    """Verify ``items`` in batches, streaming each record to ``writer`` (and ``keep``, if given).

    ``documents`` (from :func:`load_documents`) are the PDF, DOCX and HTML sources: results
    found in them carry their pages (and boxes), records their location, and a quote that is
    ``uncheckable`` because the sources have no text (a scanned PDF) names the reason.

    Indices already in ``writer.done`` (a resumed run) are skipped, after checking that they hold
    the same quotes. Quotes with a ``source`` are checked against that source only; quotes with a
    citation hint get the citation check (:func:`quote_guard.attribution.check_attribution`:
    ``[2]`` is the second source in the order read). ``config`` is the effective
    :class:`~quote_guard.QuoteGuardConfig` (default: the library defaults). Returns the number of
    quotes verified in this run.
    """
    from .attribution import check_attribution
    from .models import Source
    from .report import ResultRecord

    resolve = _resolver(sources)
    targets = [resolve(it.source, it.origin) if it.source else None for it in items]
    done = writer.done if writer is not None else {}
    for i, q in done.items():
        if i >= len(items) or items[i].text != q:
            raise InputError(
                f"{writer.path if writer else ''}: --resume: the file holds results for other quotes "
                f"(#{i + 1} differs); remove it or drop --resume"
            )
    advance(len(done))
    verifier = _make_verifier(semantic=semantic, config=config)
    ordered = [Source(sid, text) for sid, text in sources.items()]
    todo = [i for i in range(len(items)) if i not in done]
    plan: list[tuple[list[int], dict[str | None, list[int]]]] = []
    for b in range(0, len(todo), batch_size):
        batch = todo[b : b + batch_size]
        groups: dict[str | None, list[int]] = {}
        for i in batch:
            groups.setdefault(targets[i], []).append(i)
        plan.append((batch, groups))
    calls = [([items[i].text for i in idx], [t] if t else []) for _, g in plan for t, idx in g.items()]
    answers: Iterator[list[QuoteResult]]
    if workers > 1 or engine != "local" or index_cache is not None:  # the same calls, on a pool or Ray: the same results
        from .scale.local import verify_calls

        answers = iter(verify_calls(calls, sources, workers=workers, engine=engine, config=verifier.config,
                                    index_cache=index_cache))
    else:
        answers = (verifier.verify(q, {t[0]: sources[t[0]]} if t else sources) for q, t in calls)
    for batch, groups in plan:
        made: dict[int, ResultRecord] = {}
        for target, idx in groups.items():
            subset = sources if target is None else {target: sources[target]}
            results = next(answers)
            if documents and not any(text.strip() for text in subset.values()):
                results = _document_reasons(results, subset, documents)
            for i, r in zip(idx, results):
                attribution = None
                if items[i].citation and target is None:
                    attribution, r = check_attribution(items[i].citation, r, ordered, verifier)
                where = ""
                if documents:
                    r, where = _located(r, documents)
                made[i] = ResultRecord(i, r, origin=items[i].origin, requested_source=targets[i],
                                       attribution=attribution, location=where)
        for i in batch:
            if writer is not None:
                writer.write(made[i])
            if keep is not None:
                keep.append(made[i])
        advance(len(batch))
    return len(todo)


def _document_reasons(results: list[Any], subset: Mapping[str, str], documents: Mapping[str, Document]) -> list[Any]:
    """Uncheckable results name the documents that had no text (``scan.pdf: no text layer ...``)."""
    from .documents import with_document_reasons

    return with_document_reasons(results, {sid: documents[sid] for sid in subset if sid in documents})


def _located(result: Any, documents: Mapping[str, Document]) -> tuple[Any, str]:
    """``result`` with its pages and boxes, and where its first located span is (``"p. 3"``, ``"¶ 5"``)."""
    from .documents import attach_locations, locate_result

    [result] = attach_locations([result], documents)
    where = next((d for d in (loc.describe() for loc in locate_result(result, documents)) if d), "")
    return result, where


def _make_verifier(*, semantic: bool, config: Any = None) -> Any:
    """The Verifier of ``config`` (a QuoteGuardConfig; default: the defaults); ``semantic=False``
    turns its embedding stage off (lexical path only)."""
    from .verify import Verifier, VerifierConfig

    vconfig = config.verifier if config is not None else VerifierConfig()
    if not semantic and "semantic" in VerifierConfig.model_fields:
        off = vconfig.semantic.model_copy(update={"enabled": False})
        vconfig = vconfig.model_copy(update={"semantic": off})
    return Verifier(vconfig)


def effective_config(
    config_file: Path | None, *, semantic: bool = True, settings: Sequence[str] = (), env: Any = None
) -> tuple[Any, Path | None]:
    """The configuration a command runs with, and the file it read (see the module docstring for
    the precedence). ``settings`` are ``KEY=VALUE`` strings (values read as YAML scalars)."""
    from .config import config_path, load_config

    path = config_path(config_file, env=env)
    return load_config(path, overrides=_settings(settings, semantic=semantic), env=env), path


def _settings(settings: Sequence[str], *, semantic: bool) -> dict[str, Any]:
    import yaml

    out: dict[str, Any] = {}
    for item in settings:
        key, sep, raw = item.partition("=")
        if not sep or not key.strip():
            raise InputError(f"--set {item!r}: expected KEY=VALUE, e.g. --set verifier.near_verbatim_min_ratio=0.85")
        try:
            out[key.strip()] = yaml.safe_load(raw) if raw.strip() else raw
        except yaml.YAMLError:
            out[key.strip()] = raw
    if not semantic:
        out["semantic.enabled"] = False
    return out


def summarize(records: Iterable[ResultRecord], fail_on: frozenset[str], *, show: int) -> Summary:
    """Counts per verdict, the ``show`` records most in need of attention, and how many fail
    (a verdict in ``fail_on``, or a misattributed citation when ``"misattributed"`` is in it)."""
    counts: dict[str, int] = {}
    worst: list[ResultRecord] = []
    total = failing = mis = 0
    for rec in records:
        total += 1
        v = rec.result.verdict
        counts[v.value] = counts.get(v.value, 0) + 1
        wrong_cite = rec.attribution is not None and rec.attribution.misattributed
        mis += wrong_cite
        failing += v.value in fail_on or (wrong_cite and "misattributed" in fail_on)
        worst.append(rec)
        if len(worst) > 4 * show + 64:
            worst = sorted(worst, key=_attention_key)[:show]
    worst = sorted(worst, key=_attention_key)[:show]
    return Summary(total, counts, worst, failing, mis)


def _attention_key(rec: ResultRecord) -> tuple[float, int]:
    """Lowest confidence first; a misattributed quote counts as 0 whatever its verdict."""
    wrong_cite = rec.attribution is not None and rec.attribution.misattributed
    return (0.0 if wrong_cite else rec.confidence, rec.index)


def parse_fail_on(value: str) -> frozenset[str]:
    """``"altered,unsupported,misattributed"`` -> names; ``""`` or ``"none"`` -> never fail.
    ``citation:<status>`` (``citation:altered,citation:misattributed``) fails on a provider
    citation of that status (:class:`~quote_guard.citations.CitationStatus`, ``ok`` excepted)."""
    from .citations import CitationStatus

    out = set()
    allowed = ([v.value for v in Verdict] + ["misattributed"]
               + [f"citation:{c.value}" for c in CitationStatus if c is not CitationStatus.OK])
    for part in value.replace(" ", ",").split(","):
        part = part.strip().lower().replace("-", "_").replace("citation: ", "citation:")
        if not part or part == "none":
            continue
        if part not in allowed:
            raise InputError(f"--fail-on: unknown verdict {part!r} (allowed: {', '.join(allowed)}, or none)")
        out.add(part)
    return frozenset(out)


# --------------------------------------------------------------------------- rendering


def _console(stderr: bool = False) -> Console:
    return Console(stderr=stderr, highlight=False)


def _render(summary: Summary, console: Console) -> None:
    counts = Table(title=f"{summary.total} quotes", show_edge=False)
    counts.add_column("verdict")
    counts.add_column("quotes", justify="right")
    for v in Verdict:
        if summary.counts.get(v.value):
            counts.add_row(f"[{_STYLE[v.value]}]{v.value}[/]", str(summary.counts[v.value]))
    console.print(counts)
    if summary.misattributed:
        console.print(f"[bold red]{summary.misattributed} quote(s) cite a source they are not from[/] (misattributed)")
    attention = [r for r in summary.worst if not r.result.accepted or r.result.metrics.low_confidence
                 or (r.attribution is not None and r.attribution.status in ("misattributed", "unresolved"))]
    if not attention:
        return
    t = Table(title="needs attention (lowest confidence first)", show_lines=False, expand=True)
    t.add_column("#", justify="right", no_wrap=True)
    t.add_column("verdict", no_wrap=True)
    t.add_column("conf", justify="right", no_wrap=True)
    t.add_column("quote", ratio=3)
    t.add_column("source / what differs", ratio=2)
    from rich.markup import escape

    from .report import plain_text

    for rec in attention:
        r = rec.result
        where = f"found in {r.source_id}" if r.source_id else "not found"
        if r.source_id and rec.location:
            where += f" ({rec.location})"
        a = rec.attribution
        if a is not None and a.misattributed:
            where = f"cites {a.cited_id}, but found in {a.found_id}"
        elif a is not None and a.status == "unresolved":
            where += f"; citation “{a.citation}” names no source"
        changed = plain_text("; ".join(r.metrics.changed_words))
        t.add_row(
            str(rec.index + 1),
            f"[{_STYLE[r.verdict.value]}]{r.verdict.value}[/]",
            f"{rec.confidence:.2f}",
            escape(r.quote if len(r.quote) <= 160 else r.quote[:160] + "…"),
            escape(where + (f"\n{changed}" if changed else "")),
        )
    console.print(t)


def _any_citations(answers: Sequence[ResponseInput]) -> bool:
    from .citations import parse_citations

    for a in answers:
        try:
            if parse_citations(a.response if a.response is not None else a.text):
                return True
        except (TypeError, ValueError):
            continue
    return False


def _render_citations(rows: Sequence[dict[str, Any]], console: Console) -> None:
    """Counts per citation status, and each citation that does not hold."""
    from rich.markup import escape

    from .report import citation_counts

    console.print(f"{len(rows)} provider citation(s): "
                  + ", ".join(f"{n} {s}" for s, n in citation_counts(rows).items()))
    bad = [r for r in rows if r["status"] not in ("ok", "unverifiable")]
    if not bad:
        return
    t = Table(title="citations that do not hold", expand=True)
    t.add_column("from", no_wrap=True)
    t.add_column("status", no_wrap=True)
    t.add_column("cites", no_wrap=True)
    t.add_column("why", ratio=3)
    for r in bad:
        t.add_row(escape(r["origin"]), f"[bold red]{r['status']}[/]", escape(str(r["source_id"])), escape(r["reason"]))
    console.print(t)


@contextmanager
def _errors() -> Iterator[None]:
    """A QuoteGuardError becomes one red line and exit code 2."""
    try:
        yield
    except QuoteGuardError as exc:
        from rich.markup import escape

        _console(stderr=True).print(f"[red]error:[/red] {escape(str(exc))}", soft_wrap=True)
        raise typer.Exit(code=2) from None


def run(
    sources_args: Sequence[str],
    *,
    quotes: Path | None,
    responses: Path | None,
    column: str,
    source_column: str | None,
    out: Path | None,
    stats_path: Path | None,
    html_path: Path | None,
    fail_on: str,
    resume: bool,
    semantic: bool,
    batch_size: int,
    show: int,
    title: str = "quote_guard report",
    config_file: Path | None = None,
    settings: Sequence[str] = (),
    allow_mixed: bool = False,
    highlight_dir: Path | None = None,
    workers: int = 1,
    engine: str = "local",
    index_cache: Path | None = None,
) -> int:
    """The whole ``verify`` command: read, verify (streaming), write reports, render. Returns the exit code.

    ``highlight_dir``: write a copy of each PDF source there with every checked quote highlighted
    (:func:`write_highlights`)."""
    from rich.markup import escape

    from .manifest import build_manifest
    from .report import citation_counts, open_writer, write_html, write_stats_csv

    err = _console(stderr=True)

    def warn(message: str) -> None:
        err.print(f"[yellow]warning:[/yellow] {escape(message)}", soft_wrap=True)

    failing_verdicts = parse_fail_on(fail_on)
    if (quotes is None) == (responses is None):
        raise InputError("give exactly one of --quotes FILE or --responses FILE")
    if resume and out is None:
        raise InputError("--resume continues an --out file: give --out too")
    if out is not None and out.suffix.lower() not in (".jsonl", ".csv", ".xlsx"):
        raise InputError(f"{out}: unknown output format {out.suffix!r}; use .jsonl, .csv or .xlsx")
    config, config_used = effective_config(config_file, semantic=semantic, settings=settings)
    if config_used is not None:
        err.print(f"config: {config_used}", soft_wrap=True)
    skipped: list[str] = []
    sources, documents = load_documents(sources_args, warn=warn, skipped=skipped)
    answers: list[ResponseInput] = []
    if quotes is not None:
        items = load_quotes(quotes, column=column, source_column=source_column, warn=warn)
    else:
        answers = read_responses(responses, warn=warn)  # type: ignore[arg-type]
        items = quotes_of(answers, extract=config.extract)
        if not items and not (config.policy.check_citations and _any_citations(answers)):
            raise InputError(f"{responses}: no quotes found in the responses")
    manifest = build_manifest(config, sources)
    if resume and out is not None and out.exists():
        _check_resume(out, manifest, allow_mixed=allow_mixed, warn=warn)
    _prepare_model(config, err)
    writer = open_writer(out, resume=resume, manifest=manifest) if out is not None else None
    keep: list[ResultRecord] | None = None if writer is not None else []
    progress = Progress(
        TextColumn("verifying"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn(), console=err, transient=True
    )
    try:
        with progress:
            task = progress.add_task("verify", total=len(items))
            verify_stream(items, sources, writer=writer, keep=keep, semantic=semantic, batch_size=batch_size,
                          documents=documents,
                          advance=lambda n: progress.advance(task, n), config=config,
                          workers=workers, engine=engine, index_cache=index_cache)
    except KeyboardInterrupt:
        if writer is not None:
            writer.close()
            n = len(list(writer.records())) if out.suffix.lower() != ".xlsx" else None  # type: ignore[union-attr]
            err.print(f"[yellow]interrupted[/yellow]: {out} keeps the results so far"
                      + (f" ({n} of {len(items)})" if n is not None else "")
                      + "; run the same command with --resume to continue")
        raise typer.Exit(code=130) from None
    finally:
        if writer is not None:
            writer.close()

    def records() -> Iterator[ResultRecord]:
        return iter(keep) if keep is not None else _read_back(writer)  # type: ignore[arg-type]

    summary = summarize(records(), failing_verdicts, show=show)
    cited: list[dict[str, Any]] = []
    if answers and config.policy.check_citations:
        cited = check_citations(answers, sources, verifier=_make_verifier(semantic=semantic, config=config))
    if stats_path is not None or html_path is not None:
        from .verify import stats

        everything = list(records())
        if stats_path is not None:
            figures = stats([r.result for r in everything])
            figures["mean_confidence"] = round(sum(r.confidence for r in everything) / (len(everything) or 1), 4)
            figures["misattributed"] = summary.misattributed
            figures["skipped_files"] = len(skipped)
            if cited:
                figures["provider_citations"] = {"total": len(cited), **citation_counts(cited)}
            m = manifest.to_dict()
            m.pop("config", None)
            figures["manifest"] = m
            write_stats_csv(stats_path, figures)
        if html_path is not None:
            write_html(html_path, everything, sources, title=title, manifest=manifest, documents=documents,
                       citations=cited)
    if highlight_dir is not None:
        written = write_highlights(highlight_dir, records(), documents)
        err.print(f"highlighted: {len(written)} PDF(s) in {highlight_dir}" if written
                  else f"highlighted: no PDF sources, nothing written to {highlight_dir}")
    if writer is not None:
        writer.complete()
    _render(summary, _console())
    cites_path = out.with_name(out.stem + ".citations.jsonl") if out is not None and cited else None
    if cited:
        _render_citations(cited, _console())
        if cites_path is not None:
            cites_path.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in cited), encoding="utf-8")
    for label, path in (("results", out), ("citations", cites_path), ("stats", stats_path), ("report", html_path)):
        if path is not None:
            err.print(f"{label}: {path}")
    code = 0
    if summary.failing:
        names = ", ".join(sorted(v for v in failing_verdicts if not v.startswith("citation:")))
        err.print(f"[red]{summary.failing} of {summary.total} quotes are {names}[/red] (--fail-on)")
        code |= EXIT_FAILING
    wrong = [r for r in cited if f"citation:{r['status']}" in failing_verdicts]
    if wrong:
        names = ", ".join(sorted({r["status"] for r in wrong}))
        err.print(f"[red]{len(wrong)} of {len(cited)} provider citations are {names}[/red] (--fail-on)")
        code |= EXIT_FAILING
    if skipped:
        err.print(f"[red]{len(skipped)} source file(s) were unreadable and skipped[/red] (see the warnings above); "
                  "the other files were verified")
        code |= EXIT_SKIPPED
    return code


def highlighted_name(source_id: str) -> str:
    """The file name of a PDF's highlighted copy: the source id flattened (``a/b.pdf`` -> ``a__b.highlighted.pdf``).

    >>> highlighted_name("contracts/lease.pdf")
    'contracts__lease.highlighted.pdf'
    """
    flat = source_id.replace("\\", "/").lstrip("/").replace("/", "__")
    return (flat[:-4] if flat.lower().endswith(".pdf") else flat) + ".highlighted.pdf"


def write_highlights(out_dir: Path, records: Iterable[ResultRecord], documents: Mapping[str, Document]) -> list[Path]:
    """Write a copy of each PDF of ``documents`` into ``out_dir`` with every quote of ``records``
    found in it highlighted, coloured by verdict, the verdict and reason as the annotation's text
    (:func:`quote_guard.documents.highlight_pdf`). The file's path is its source id. Returns the
    files written."""
    pdfs = {sid: doc for sid, doc in documents.items() if doc.kind == "pdf"}
    if not pdfs:
        return []
    from .documents import highlight_pdf

    try:
        out_dir.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise InputError(f"{out_dir}: cannot create the --highlight folder ({exc.strerror or exc})") from None
    results = [rec.result for rec in records]
    written = []
    for sid, doc in pdfs.items():
        target = out_dir / highlighted_name(sid)
        highlight_pdf(sid, [r for r in results if any(s.source_id == sid for s in r.spans)], target, document=doc)
        written.append(target)
    return written


def _check_resume(out: Path, manifest: Any, *, allow_mixed: bool, warn: Callable[[str], None]) -> None:
    """Refuse to continue ``out`` when it was made with another version, config or embedder."""
    from .report import read_manifest

    old = read_manifest(out)
    if old is None:
        warn(f"{out}: has no run manifest (made by an older version); its configuration cannot be compared")
        return
    diff = old.differs_from(manifest)
    if not diff:
        return
    what = "; ".join(f"{k}: {getattr(old, k)} → {getattr(manifest, k)}" for k in diff)
    if not allow_mixed:
        raise InputError(
            f"{out}: --resume would mix two configurations in one file ({what}); run with the same options "
            "and config, write to a new --out file, or pass --allow-mixed"
        )
    warn(f"{out}: mixing configurations (--allow-mixed): {what}; the file keeps the manifest of the first run")


def model_needs_building(config: Any) -> bool:
    """True when this run will build the default embedding model first (15-60 s, once per machine):
    the semantic stage may run, its embedder is ``minilm-static`` and its cache file is missing."""
    sem = config.semantic
    if sem.enabled is False or sem.embedder != "minilm-static":
        return False
    import importlib.util

    if importlib.util.find_spec("torch") is None or importlib.util.find_spec("numpy") is None:
        return False
    from .embed.model import static_model_file

    return not static_model_file(sem.cache_dir).is_file()


def _prepare_model(config: Any, err: Console) -> None:
    """Say so, with a spinner, while the default embedding model is built on a first run."""
    if not model_needs_building(config):
        return
    from .embed.model import prepare_static_model

    err.print("first run: building the embedding model once (15-60 s; later runs reuse it)…", soft_wrap=True)
    with err.status("building the embedding model…"):
        prepare_static_model(config.semantic.cache_dir)


def _read_back(writer: ResultWriter) -> Iterator[ResultRecord]:
    return writer.records()


def demo_paths() -> tuple[Path, Path]:
    """The example contracts and answers of a source checkout (``examples/``)."""
    root = Path(__file__).resolve().parent.parent / "examples"
    try:  # shorter source ids in the report when run from the checkout
        root = root.relative_to(Path.cwd().resolve())
    except ValueError:
        pass
    contracts, answers = root / "contracts", root / "answers"
    if not contracts.is_dir() or not answers.is_dir():
        raise InputError(
            f"{root}: the demo data is not there (it ships with a source checkout, not the wheel); "
            "clone the repository and run the demo from it"
        )
    return contracts, answers


# --------------------------------------------------------------------------- typer app


def verify(
    sources: Annotated[list[str], typer.Argument(help="Source files, directories (.txt/.md/.pdf/.docx/.html) or globs.", show_default=False)],
    quotes: Annotated[Path | None, typer.Option("--quotes", "-q", help="Quotes: .txt (one a line), .jsonl ('quote', optional 'source') or .csv.")] = None,
    responses: Annotated[Path | None, typer.Option("--responses", "-r", help="LLM answers (text; .jsonl with 'response'; or saved provider responses, .json/.jsonl): their quotes are extracted, and the provider's citations re-verified (rows in <out>.citations.jsonl).")] = None,
    column: Annotated[str, typer.Option(help="CSV column holding the quotes.")] = "quote",
    source_column: Annotated[str | None, typer.Option(help="CSV column holding a source id per quote.")] = None,
    out: Annotated[Path | None, typer.Option("--out", "-o", help="Write every result: .jsonl, .csv or .xlsx (sorted by confidence).")] = None,
    stats: Annotated[Path | None, typer.Option("--stats", help="Write aggregate statistics as variable,value CSV.")] = None,
    html: Annotated[Path | None, typer.Option("--html", help="Write a self-contained HTML report.")] = None,
    fail_on: Annotated[str, typer.Option(help="Exit 1 if any quote has one of these verdicts, or 'misattributed', or a provider citation has one of 'citation:altered', 'citation:misattributed', ... ('none': never).")] = DEFAULT_FAIL_ON,
    resume: Annotated[bool, typer.Option("--resume", help="Continue an interrupted run into the same --out file.")] = False,
    allow_mixed: Annotated[bool, typer.Option("--allow-mixed", help="Let --resume continue a file made with another configuration.")] = False,
    config: Annotated[Path | None, typer.Option("--config", "-c", help="validators.yaml to use (default: $QUOTE_GUARD_CONFIG, else ./validators.yaml if present).")] = None,
    set_: Annotated[list[str] | None, typer.Option("--set", help="Override one setting: KEY=VALUE (e.g. verifier.near_verbatim_min_ratio=0.85); repeatable.")] = None,
    semantic: Annotated[bool, typer.Option("--semantic/--no-semantic", help="Run the semantic (paraphrase) stage if installed.")] = True,
    batch_size: Annotated[int, typer.Option(min=1, help="Quotes per verification call (and per write).")] = 256,
    show: Annotated[int, typer.Option(min=0, help="Rows of the 'needs attention' table.")] = 15,
    highlight: Annotated[Path | None, typer.Option("--highlight", help="Write a copy of each PDF source into this folder with every checked quote highlighted (coloured by verdict).")] = None,
    workers: Annotated[int, typer.Option(min=1, help="Worker processes (or Ray actors); results are identical to 1.")] = 1,
    engine: Annotated[str, typer.Option(help="'local' (a process pool) or 'ray' (Ray Data: the ray extra; RAY_ADDRESS).")] = "local",
    index_cache: Annotated[Path | None, typer.Option("--index-cache", help="Keep the document indexes in this folder (by content) and reuse them in later runs; with --workers, the workers share them.")] = None,
) -> None:
    """Verify quotes against source documents."""
    with _errors():
        code = run(sources, quotes=quotes, responses=responses, column=column, source_column=source_column,
                   out=out, stats_path=stats, html_path=html, fail_on=fail_on, resume=resume,
                   semantic=semantic, batch_size=batch_size, show=show, config_file=config,
                   settings=set_ or (), allow_mixed=allow_mixed, highlight_dir=highlight,
                   workers=workers, engine=engine, index_cache=index_cache)
    raise typer.Exit(code)


def config_show(
    config: Annotated[Path | None, typer.Option("--config", "-c", help="validators.yaml to read (default: $QUOTE_GUARD_CONFIG, else ./validators.yaml if present).")] = None,
    set_: Annotated[list[str] | None, typer.Option("--set", help="Override one setting: KEY=VALUE; repeatable.")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON ({key: {value, origin}}) instead of a table.")] = False,
) -> None:
    """Print the effective configuration, each value with where it comes from."""
    with _errors():
        from .config import config_path, explain_config

        path = config_path(config)
        _, rows = explain_config(path, overrides=_settings(set_ or (), semantic=True))
        if as_json:
            typer.echo(json.dumps({k: {"value": v, "origin": o} for k, v, o in rows}, ensure_ascii=False, indent=1))
            return
        t = Table(title=f"effective configuration ({path or 'defaults'})", show_edge=False)
        t.add_column("key", no_wrap=True)
        t.add_column("value")
        t.add_column("origin", no_wrap=True)
        from rich.markup import escape

        for key, value, origin in rows:
            shown = json.dumps(value, ensure_ascii=False) if not isinstance(value, str) else value
            if len(shown) > 80:
                shown = shown[:79] + "…"
            t.add_row(key, escape(shown), escape(origin))
        _console().print(t)


def demo(
    out_dir: Annotated[Path, typer.Option("--out-dir", help="Where to write the demo reports.")] = Path("out/demo"),
    semantic: Annotated[bool, typer.Option("--semantic/--no-semantic", help="Run the semantic stage if installed.")] = True,
) -> None:
    """Run the bundled example end to end, offline: an LLM answer quoting three contracts."""
    with _errors():
        contracts, answers = demo_paths()
        out_dir.mkdir(parents=True, exist_ok=True)
        answer = min(answers.glob("*.md"))
        _console().rule(f"{answer} quoting {contracts}/")
        run([str(contracts)], quotes=None, responses=answer, column="quote", source_column=None,
            out=out_dir / "results.xlsx", stats_path=out_dir / "stats.csv", html_path=out_dir / "report.html",
            fail_on="none", resume=False, semantic=semantic, batch_size=256, show=20,
            title=f"quote_guard demo: {answer.name}")
        _console().print(f"Open [bold]{out_dir / 'report.html'}[/bold] in a browser to see each quote in its source.")


def _build_app() -> typer.Typer:
    application = typer.Typer(
        name="quote-guard",
        help="Check that quotes say what their sources say.",
        no_args_is_help=True,
        pretty_exceptions_show_locals=False,
        add_completion=False,
    )
    application.command()(verify)
    application.command()(demo)
    config_app = typer.Typer(help="Show the configuration.", no_args_is_help=True)
    config_app.command("show")(config_show)
    application.add_typer(config_app, name="config")
    from .cli_research import register  # review and report --methods (imports typer, so here)

    register(application)

    @application.command("serve", context_settings={"allow_extra_args": True, "ignore_unknown_options": True,
                                                    "help_option_names": []})
    def serve_cmd(ctx: typer.Context) -> None:
        """Run the guarded OpenAI-compatible gateway (LiteLLM's proxy + quote_guard); see `quote-guard serve --help`."""
        from .serve import main as serve_main

        raise typer.Exit(serve_main(ctx.args))

    return application


app = _build_app() if typer is not None else None


def main() -> None:
    """Entry point of ``quote-guard``; prints the install line when the ``cli`` extra is missing."""
    if app is None:
        sys.stderr.write(INSTALL_HINT + "\n")
        raise SystemExit(1)
    app()
