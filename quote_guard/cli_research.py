"""``quote-guard review`` and ``quote-guard report --methods``: the research workflow from the shell.

::

    quote-guard review results.xlsx                 # read the decisions typed into the review sheet
    quote-guard review results.xlsx --interactive   # decide the undecided quotes in the terminal
    quote-guard report --methods results.xlsx --format latex --reviewer2 second.xlsx --out methods.tex

The commands are plain functions (:func:`review`, :func:`report`); :func:`register` adds them to
the main ``quote-guard`` app. A :class:`~quote_guard.errors.QuoteGuardError` prints one red line
and exits 2. typer and rich come with the ``cli`` extra.
"""

from __future__ import annotations

import warnings
from enum import Enum
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

from .cli import _console, _errors

with warnings.catch_warnings():
    # typer 0.19 reads click.utils names that click 8.3+ deprecates; nothing a user can fix
    warnings.filterwarnings("ignore", message=r".*will be removed in Click 9", category=DeprecationWarning)
    import typer

if TYPE_CHECKING:  # pragma: no cover
    from rich.console import Console

    from .research.review import ReviewState

__all__ = ["MethodsFormat", "register", "report", "review", "review_summary"]


class MethodsFormat(str, Enum):
    """Output format of ``report --methods``."""

    md = "md"
    latex = "latex"


def review_summary(state: ReviewState, console: Console, *, show: int = 20) -> None:
    """Print what the review holds: counts, the problems found in the sheet, the undecided rows."""
    from rich.markup import escape
    from rich.table import Table

    from .research.review import review_reasons

    to_review = state.to_review()
    undecided = state.undecided()
    for line in state.problems:
        console.print(f"[yellow]warning:[/yellow] {escape(line)}", soft_wrap=True)
    console.print(
        f"{len(state.records)} results; {len(to_review)} need review; "
        f"{len(to_review) - len(undecided)} decided, {len(undecided)} undecided"
    )
    if not undecided:
        return
    t = Table(title="undecided (lowest confidence first)", expand=True)
    t.add_column("#", justify="right", no_wrap=True)
    t.add_column("verdict", no_wrap=True)
    t.add_column("why", no_wrap=True)
    t.add_column("quote", ratio=1)
    for rec in undecided[:show]:
        q = rec.result.quote
        t.add_row(str(rec.index + 1), rec.result.verdict.value, ", ".join(review_reasons(rec.result)),
                  escape(q if len(q) <= 120 else q[:120] + "…"))
    console.print(t)
    if len(undecided) > show:
        console.print(f"… and {len(undecided) - show} more")


def review(
    file: Annotated[Path, typer.Argument(help="A results file (.xlsx with a review sheet, or .jsonl/.csv).",
                                         exists=True, dir_okay=False, show_default=False)],
    interactive: Annotated[bool, typer.Option("--interactive", "-i",
                                              help="Step through the undecided quotes, one key per decision.")] = False,
) -> None:
    """Read review decisions back into the results file and report the undecided rows."""
    from .research.review import interactive_review, read_review, save_review

    with _errors():
        state = read_review(file)
        if interactive:
            state = interactive_review(state)
        save_review(state)
        review_summary(state, _console())
        _console(stderr=True).print(f"decisions kept in {file} and {file.name}.decisions.json")


def report(
    methods: Annotated[Path, typer.Option("--methods", help="Write the methods section for this results file.",
                                          exists=True, dir_okay=False, show_default=False)],
    fmt: Annotated[MethodsFormat, typer.Option("--format", help="Markdown or LaTeX.")] = MethodsFormat.md,
    reviewer2: Annotated[Path | None, typer.Option("--reviewer2", exists=True, dir_okay=False,
                                                   help="A second reviewer's file (reviewed .xlsx or .decisions.json): adds Cohen's kappa.")] = None,
    out: Annotated[Path | None, typer.Option("--out", "-o", help="Write to this file instead of the terminal.")] = None,
) -> None:
    """Write a methods section from a real run: steps, parameters, verdicts with 95 % CIs, review, checklist."""
    from .research.methods import methods_from_file, render_methods

    with _errors():
        text = render_methods(methods_from_file(methods, reviewer2=reviewer2), fmt=fmt.value)
    if out is None:
        typer.echo(text, nl=False)
    else:
        out.write_text(text, encoding="utf-8")
        _console(stderr=True).print(f"methods: {out}")


def register(app: typer.Typer) -> None:
    """Add ``review`` and ``report`` to the ``quote-guard`` app."""
    app.command("review")(review)
    app.command("report")(report)
