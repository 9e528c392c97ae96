"""Human review of the quotes a machine should not decide alone.

The loop::

    quote-guard verify corpus/ --responses answers.jsonl --out results.xlsx   # adds a "review" sheet
    # open results.xlsx, pick a decision in the drop-down of each review row, add notes
    quote-guard review results.xlsx                # reads the decisions back, reports undecided rows
    quote-guard review results.xlsx --interactive  # or decide in the terminal, one key per decision

**Which quotes** (:func:`needs_review`): ``altered``, ``unsupported`` and ``paraphrase`` verdicts,
any ``low_confidence`` result and any misattributed citation.

**Decisions** are one of :class:`Decision` (confirmed quote, acceptable paraphrase, misquote,
hallucination, other) plus free notes. Each is stored under a :data:`ReviewKey`: the SHA-256 of
the quote and a hash of its source (the input hash of the document it was found in, from the
run manifest; for a quote found nowhere, a hash of all inputs; without a manifest, a hash of
the document id and the passage). A re-run of ``verify`` over unchanged quotes and sources
therefore finds the earlier decisions and writes them into the new sheet, while a quote whose
text or source changed must be decided again.

Decisions live in two places that are merged on reading (the sheet wins): the workbook's
``review`` sheet and a sidecar ``<results file>.decisions.json`` that keeps every decision ever
made, so deleting or overwriting the workbook loses nothing.

The sheet itself is written by :func:`quote_guard.report.write_xlsx` (``verify --out X.xlsx``);
this module reads it back, keeps the decisions, and runs the terminal review. openpyxl and rich
are imported inside the functions that use them.
"""

from __future__ import annotations

import json
import os
import tempfile
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from enum import Enum
from pathlib import Path
from typing import TYPE_CHECKING

from ..manifest import RunManifest
from ..metrics import needs_review, review_reasons
from ..report import (
    DECISIONS_SUFFIX,
    MANIFEST_SUFFIX,
    REVIEW_COLUMNS,
    Decided,
    ResultFileError,
    ResultRecord,
    ReviewKey,
    differences_text,
    parse_decision,
    read_decisions_file,
    read_manifest,
    read_records,
    read_review_sheet,
    record_from_dict,
    review_key,
    sheet_rows,
    write_decisions_file,
    write_xlsx,
)

if TYPE_CHECKING:  # pragma: no cover
    from rich.console import Console

__all__ = [
    "DECISIONS_SUFFIX",
    "DECISION_KEYS",
    "MANIFEST_SUFFIX",
    "REVIEW_COLUMNS",
    "Decision",
    "ResultFileError",
    "ReviewDecision",
    "ReviewKey",
    "ReviewState",
    "apply_review",
    "interactive_review",
    "load_decisions",
    "needs_review",
    "read_manifest",
    "read_results",
    "read_review",
    "review_key",
    "review_reasons",
    "save_review",
]


class Decision(str, Enum):
    """A reviewer's call on one quote (the values of the review sheet's drop-down)."""

    CONFIRMED_QUOTE = "confirmed quote"
    ACCEPTABLE_PARAPHRASE = "acceptable paraphrase"
    MISQUOTE = "misquote"
    HALLUCINATION = "hallucination"
    OTHER = "other"

    def __str__(self) -> str:
        return self.value

    @classmethod
    def parse(cls, text: object) -> Decision | None:
        """The decision a cell or key names (value, any case, ``_``/``-`` for spaces); ``None`` if blank.

        Raises ``ValueError`` for text that is not a decision.

        >>> Decision.parse(" Acceptable_Paraphrase "), Decision.parse("")
        (<Decision.ACCEPTABLE_PARAPHRASE: 'acceptable paraphrase'>, None)
        """
        value = parse_decision(text)
        return None if value is None else cls(value)


#: One key per decision in :func:`interactive_review` (``s`` skips, ``q`` quits).
DECISION_KEYS: dict[str, Decision] = {
    "c": Decision.CONFIRMED_QUOTE,
    "p": Decision.ACCEPTABLE_PARAPHRASE,
    "m": Decision.MISQUOTE,
    "h": Decision.HALLUCINATION,
    "o": Decision.OTHER,
}


@dataclass(frozen=True, slots=True)
class ReviewDecision:
    """A decision and the reviewer's notes."""

    decision: Decision
    notes: str = ""


def _typed(decisions: Mapping[ReviewKey, Decided]) -> dict[ReviewKey, ReviewDecision]:
    return {k: ReviewDecision(Decision(d), n) for k, (d, n) in decisions.items()}


def _plain(decisions: Mapping[ReviewKey, ReviewDecision]) -> dict[ReviewKey, Decided]:
    return {k: (d.decision.value, d.notes) for k, d in decisions.items()}


def read_results(path: Path) -> list[ResultRecord]:
    """Every record of a results file (``.xlsx`` results sheet, ``.jsonl`` or ``.csv``), in input order."""
    path = Path(path)
    if not path.exists():
        raise ResultFileError(f"{path}: no such file")
    suffix = path.suffix.lower()
    try:
        if suffix == ".xlsx":
            rows = sheet_rows(path, "results")
            if rows is None:
                raise ResultFileError(f"{path}: no 'results' sheet; is it a quote-guard results file?")
            recs = [record_from_dict(r) for r in rows]
        elif suffix in (".jsonl", ".csv"):
            recs = list(read_records(path))
        else:
            raise ResultFileError(f"{path}: unknown results format {suffix!r}; use .xlsx, .jsonl or .csv")
    except ResultFileError:
        raise
    except (KeyError, TypeError, ValueError) as exc:
        raise ResultFileError(f"{path}: not a quote-guard results file ({type(exc).__name__}: {exc})") from None
    return sorted(recs, key=lambda r: r.index)


def load_decisions(path: Path) -> dict[ReviewKey, ReviewDecision]:
    """Every decision recorded for a results file, or in a decisions file.

    ``path`` may be a results file (its review sheet merged over its ``.decisions.json``) or a
    ``.decisions.json`` file itself (a second reviewer's, say).
    """
    path = Path(path)
    if path.name.endswith(DECISIONS_SUFFIX):
        if not path.exists():
            raise ResultFileError(f"{path}: no such file")
        return _typed(read_decisions_file(path))
    out = read_decisions_file(path.with_name(path.name + DECISIONS_SUFFIX))
    if path.suffix.lower() == ".xlsx":
        out.update(read_review_sheet(path)[0])
    return _typed(out)


# --------------------------------------------------------------------------- state


@dataclass(frozen=True)
class ReviewState:
    """A results file with its manifest and review decisions.

    ``records`` holds every result (reviewed or not), in input order; ``decisions`` every
    known decision by key (also for quotes no longer in the file); ``problems`` the rows that
    could not be read (a value outside the drop-down list, say), one line each.
    """

    path: Path
    records: tuple[ResultRecord, ...]
    manifest: RunManifest | None
    decisions: dict[ReviewKey, ReviewDecision] = field(default_factory=dict)
    problems: tuple[str, ...] = ()

    def key(self, record: ResultRecord) -> ReviewKey:
        return review_key(record.result, self.manifest)

    def decision(self, record: ResultRecord) -> ReviewDecision | None:
        """The decision on ``record``, or ``None``."""
        return self.decisions.get(self.key(record))

    def to_review(self) -> list[ResultRecord]:
        """The records that need a human, lowest confidence first."""
        return sorted((r for r in self.records if needs_review(r.result)), key=lambda r: (r.confidence, r.index))

    def undecided(self) -> list[ResultRecord]:
        """The records that need a human and have no decision yet, lowest confidence first."""
        return [r for r in self.to_review() if self.decision(r) is None]

    def with_decision(self, record: ResultRecord, decision: ReviewDecision) -> ReviewState:
        """A copy with ``decision`` recorded for ``record``."""
        return replace(self, decisions={**self.decisions, self.key(record): decision})


def read_review(path: Path) -> ReviewState:
    """Read a results file, its manifest and every decision recorded for it (sheet over sidecar).

    >>> # read_review(Path("results.xlsx")).undecided()   # the rows still to decide
    """
    path = Path(path)
    records = tuple(read_results(path))
    manifest = read_manifest(path)
    decisions = read_decisions_file(path.with_name(path.name + DECISIONS_SUFFIX))
    problems: list[str] = []
    if path.suffix.lower() == ".xlsx":
        sheet, problems = read_review_sheet(path)
        decisions.update(sheet)
    return ReviewState(path, records, manifest, _typed(decisions), tuple(problems))


def save_review(state: ReviewState) -> None:
    """Write the decisions back: the ``.decisions.json`` sidecar always, and for an ``.xlsx`` the
    rebuilt workbook (every result, the review sheet with the decisions, the manifest sheet)."""
    quotes = {state.key(r): r.result.quote for r in state.records}
    write_decisions_file(state.path.with_name(state.path.name + DECISIONS_SUFFIX), _plain(state.decisions), quotes)
    if state.path.suffix.lower() != ".xlsx":
        return
    fd, name = tempfile.mkstemp(prefix=".review-", suffix=".jsonl", dir=state.path.parent)
    tmp = Path(name)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            for rec in state.records:
                f.write(json.dumps(rec.to_dict(), ensure_ascii=False) + "\n")
        write_xlsx(state.path, tmp, manifest=state.manifest, decisions=_plain(state.decisions))
    finally:
        tmp.unlink(missing_ok=True)


def apply_review(path: Path) -> ReviewState:
    """What ``quote-guard review FILE`` does: read the decisions, keep them (sidecar and workbook), return the state."""
    state = read_review(path)
    save_review(state)
    return state


# --------------------------------------------------------------------------- interactive


def _getchar() -> str:
    import click

    return click.getchar()


def _render(console: Console, rec: ResultRecord, k: int, n: int) -> None:
    from rich.markup import escape
    from rich.panel import Panel
    from rich.table import Table
    from rich.text import Text

    r = rec.result
    quote = Text(r.quote)
    passage = Text(r.verbatim or "", style="")
    for d in r.metrics.differences:
        style_q = "bold white on red" if d.load_bearing else "underline yellow"
        style_s = "bold white on green" if d.load_bearing else "underline green"
        if d.quote_text:
            quote.highlight_words([d.quote_text], style_q, case_sensitive=False)
        if d.source_text:
            passage.highlight_words([d.source_text], style_s, case_sensitive=False)
    grid = Table.grid(padding=(0, 1))
    grid.add_column(style="bold", no_wrap=True)
    grid.add_column()
    grid.add_row("quote", quote)
    grid.add_row("source", Text(r.source_id or "not found in the sources", style="cyan"))
    grid.add_row("passage", passage if r.verbatim else Text("(no passage)", style="dim"))
    if r.context and r.verbatim and r.verbatim in r.context:
        ctx = Text(r.context, style="dim")
        ctx.highlight_words([r.verbatim], "not dim")
        grid.add_row("context", ctx)
    diffs = differences_text(r)
    if diffs:
        grid.add_row("differs", Text(diffs, style="red"))
    grid.add_row("reason", Text(r.reason))
    title = f"#{rec.index + 1}  {r.verdict.value}  ({escape(', '.join(review_reasons(r)))})  [{k}/{n}]"
    console.print(Panel(grid, title=title, title_align="left"))
    keys = "  ".join(f"[bold]{key}[/bold] {d.value}" for key, d in DECISION_KEYS.items())
    console.print(f"{keys}  [bold]s[/bold] skip  [bold]q[/bold] quit")


def interactive_review(
    state: ReviewState,
    *,
    read_key: Callable[[], str] | None = None,
    read_note: Callable[[str], str] | None = None,
    console: Console | None = None,
) -> ReviewState:
    """Step through the undecided quotes in the terminal, one key per decision; return the new state.

    Each quote shows with its source passage, the differing words highlighted (load-bearing
    ones in red on the quote side, green on the source side). Keys: :data:`DECISION_KEYS`,
    ``s`` skips, ``q`` (or Esc, Ctrl-C, Ctrl-D, the end of input) stops and keeps what was decided. ``read_key`` returns
    one key press (default: ``click.getchar``); ``read_note`` asks for a note after ``o``
    ("other"), when given. Nothing is written: call :func:`save_review` on the result.

    >>> # state = interactive_review(read_review(Path("results.xlsx"))); save_review(state)
    """
    from rich.console import Console
    from rich.markup import escape

    console = console or Console(highlight=False)
    read = read_key or _getchar
    todo = state.undecided()
    if not todo:
        console.print("nothing to review: every quote that needs a human has a decision")
        return state
    done = 0
    for k, rec in enumerate(todo, start=1):
        _render(console, rec, k, len(todo))
        while True:
            try:
                key = read()
            except (KeyboardInterrupt, EOFError):
                key = "q"
            key = (key or "").lower()
            if key in DECISION_KEYS:
                decision = DECISION_KEYS[key]
                notes = read_note(f"note for #{rec.index + 1}: ") if read_note and decision is Decision.OTHER else ""
                state = state.with_decision(rec, ReviewDecision(decision, notes))
                done += 1
                console.print(f"→ {decision.value}")
                break
            if key == "s":
                console.print("→ skipped")
                break
            if key in ("q", "\x1b", "\x03", "\x04", ""):  # "" is the end of input
                console.print(f"stopped: {done} decided, {len(todo) - k + 1} left")
                return state
            console.print(f"unknown key {escape(repr(key))}: press one of {', '.join(DECISION_KEYS)}, s or q")
    console.print(f"done: {done} decided, {len(todo) - done} skipped")
    return state
