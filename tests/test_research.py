"""quote_guard.manifest, quote_guard.research (review loop, methods section) and quote_guard.cli_research."""

from __future__ import annotations

import io
import json
import re
import subprocess
import sys
import warnings
from pathlib import Path

import pytest

from quote_guard import QuoteGuardConfig, VerifierConfig
from quote_guard.errors import ConfigError
from quote_guard.manifest import RunManifest, build_manifest, canonical_json, sha256_hex
from quote_guard.metrics import cohens_kappa, needs_review, wilson_interval
from quote_guard.report import REVIEW_DECISIONS, ResultRecord, open_writer
from quote_guard.research.methods import methods_from_file, render_methods
from quote_guard.research.review import (
    DECISIONS_SUFFIX,
    REVIEW_COLUMNS,
    Decision,
    ReviewDecision,
    apply_review,
    interactive_review,
    load_decisions,
    read_review,
    review_key,
    save_review,
)

openpyxl = pytest.importorskip("openpyxl")

LEASE = (
    "The Tenant shall pay the Base Rent on the first day of each month. "
    "The Landlord may enter the Premises upon twenty-four (24) hours notice. "
    "The Tenant shall not sublet the Premises without consent.\n"
)
LICENSE = "Fees paid under this Agreement are not refundable. The Licensor shall provide support.\n"
QUOTES = [
    "The Tenant shall pay the Base Rent on the first day of each month.",  # verbatim
    "The Landlord shall enter the Premises upon twenty-four (24) hours notice.",  # altered: modal
    "Fees paid under this Agreement are refundable.",  # altered: dropped not
    "The moon is made of cheese and the Tenant owns it.",  # unsupported
    "the licensor shall provide support",  # near_verbatim
    "The Tenant shall pay the Base Rent on the first day of each week.",  # altered: month -> week
]
CONFIG = VerifierConfig(semantic={"enabled": False})
DATE = "2026-11-23T10:00:00+00:00"


def run_verify(path: Path, sources: dict[str, str], quotes: list[str], lexical) -> RunManifest:
    """What ``quote-guard verify --out X.xlsx`` does: verify, write every record and the manifest."""
    manifest = build_manifest(CONFIG, sources, date=DATE)
    results = lexical.verify(quotes, sources)
    with open_writer(path, manifest=manifest) as w:
        for i, r in enumerate(results):
            w.write(ResultRecord(i, r, origin=f"quotes.txt:{i + 1}"))
    w.complete()
    return manifest


def sheet(path: Path, name: str) -> tuple[list[str], list[list]]:
    wb = openpyxl.load_workbook(path)
    ws = wb[name]
    rows = [list(r) for r in ws.iter_rows(values_only=True)]
    return [str(h) for h in rows[0]], rows[1:]


def decide(path: Path, decisions: dict[str, tuple[str, str]]) -> None:
    """Type decisions into the review sheet as a reviewer would (keyed by quote text)."""
    wb = openpyxl.load_workbook(path)
    ws = wb["review"]
    header = [c.value for c in ws[1]]
    for row in ws.iter_rows(min_row=2):
        quote = row[header.index("quote")].value
        if quote in decisions:
            row[header.index("decision")].value, row[header.index("notes")].value = decisions[quote]
    wb.save(path)


@pytest.fixture
def results(tmp_path: Path, lexical) -> Path:
    path = tmp_path / "results.xlsx"
    run_verify(path, {"lease.txt": LEASE, "license.txt": LICENSE}, QUOTES, lexical)
    return path


# ---------------------------------------------------------------- manifest


def test_manifest_hashes_config_and_inputs(tmp_path: Path):
    f = tmp_path / "lease.txt"
    f.write_text(LEASE, encoding="utf-8")
    a = build_manifest(CONFIG, {"lease.txt": LEASE}, date=DATE)
    assert a.config_hash == sha256_hex(canonical_json(CONFIG.model_dump(mode="json")))
    assert a.input_hashes == {"lease.txt": sha256_hex(LEASE.encode("utf-8"))}
    assert build_manifest(CONFIG, [f], date=DATE).input_hashes == {str(f): a.input_hashes["lease.txt"]}  # path = text
    assert a.thresholds["near_verbatim_min_ratio"] == 0.8 and a.thresholds["semantic.min_cosine"] == 0.45
    assert "bm25_k1" not in a.thresholds and a.embedder is None  # semantic stage off
    b = build_manifest(CONFIG.model_copy(update={"near_verbatim_min_ratio": 0.9}), {"lease.txt": LEASE}, date=DATE)
    assert a.differs_from(b) == ["config_hash"] and a.differs_from(a) == []
    whole = build_manifest(QuoteGuardConfig(), {}, date=DATE)
    assert whole.embedder == QuoteGuardConfig().semantic.embedder
    assert whole.thresholds["verifier.near_verbatim_min_ratio"] == 0.8
    assert re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+00:00", build_manifest(None, {}).date)


def test_manifest_round_trips_and_refuses_tampering():
    m = build_manifest(CONFIG, {"a": "x"}, date=DATE)
    d = m.to_dict()
    assert RunManifest.from_dict(json.loads(json.dumps(d))) == m
    d["config"]["near_verbatim_min_ratio"] = 0.1
    with pytest.raises(ConfigError, match="config_hash does not match"):
        RunManifest.from_dict(d)
    with pytest.raises(ConfigError, match="missing field 'date'"):
        RunManifest.from_dict({k: v for k, v in m.to_dict().items() if k != "date"})
    with pytest.raises(ConfigError, match="cannot read"):
        build_manifest(CONFIG, {"gone": Path("/nonexistent/file.txt")})


# ---------------------------------------------------------------- review sheet


def test_xlsx_has_review_sheet_with_drop_downs_and_manifest(results: Path):
    wb = openpyxl.load_workbook(results)
    assert wb.sheetnames == ["results", "review", "manifest"]
    header, rows = sheet(results, "results")
    n_review = sum(1 for r in rows if r[header.index("needs_review")])
    rheader, rrows = sheet(results, "review")
    assert tuple(rheader) == REVIEW_COLUMNS
    assert len(rrows) == n_review == 4  # three altered, one unsupported
    assert {r[rheader.index("verdict")] for r in rrows} == {"altered", "unsupported"}
    ws = wb["review"]
    col = openpyxl.utils.get_column_letter(REVIEW_COLUMNS.index("decision") + 1)
    dv = next(d for d in ws.data_validations.dataValidation if d.type == "list")
    assert dv.formula1 == '"' + ",".join(d.value for d in Decision) + '"'
    assert tuple(d.value for d in Decision) == REVIEW_DECISIONS
    assert str(dv.sqref) == f"{col}2:{col}{len(rrows) + 1}" and dv.showErrorMessage
    notes = next(d for d in ws.data_validations.dataValidation if d.type == "textLength")
    ncol = openpyxl.utils.get_column_letter(REVIEW_COLUMNS.index("notes") + 1)
    assert str(notes.sqref).startswith(f"{ncol}2")
    diffs = {r[rheader.index("quote")]: r[rheader.index("differences")] for r in rrows}
    assert "shall → may (modal)" in diffs[QUOTES[1]]
    m = read_review(results).manifest
    assert m is not None and m.date == DATE and m.input_hashes["lease.txt"] == sha256_hex(LEASE)


def test_decisions_survive_an_xlsx_round_trip(results: Path):
    decide(results, {QUOTES[1]: ("misquote", "modal changed"), QUOTES[3]: ("hallucination", ""),
                     QUOTES[2]: ("not a decision", "")})
    state = apply_review(results)
    assert any("'not a decision' is not a decision" in p for p in state.problems)
    by_quote = {r.result.quote: state.decision(r) for r in state.records}
    assert by_quote[QUOTES[1]] == ReviewDecision(Decision.MISQUOTE, "modal changed")
    assert by_quote[QUOTES[3]] == ReviewDecision(Decision.HALLUCINATION, "")
    assert [r.result.quote for r in state.undecided()] == sorted([QUOTES[2], QUOTES[5]], key=lambda q: [
        r.confidence for r in state.records if r.result.quote == q][0])
    # the rebuilt workbook keeps every result, the manifest and the decisions
    again = read_review(results)
    assert len(again.records) == len(QUOTES) and [r.result for r in again.records] == [r.result for r in state.records]
    assert again.manifest == state.manifest and again.manifest is not None
    assert again.decisions == state.decisions
    assert (results.parent / (results.name + DECISIONS_SUFFIX)).exists()


def test_a_rerun_keeps_decisions_for_unchanged_quotes_only(results: Path, lexical):
    decide(results, {QUOTES[1]: ("misquote", "n1"), QUOTES[2]: ("misquote", "n2"), QUOTES[5]: ("other", "n3")})
    apply_review(results)
    # re-run: QUOTES[5] reworded, and license.txt changed (QUOTES[2] was found there)
    quotes = QUOTES[:5] + ["The Tenant shall pay the Base Rent on the first day of each year."]
    run_verify(results, {"lease.txt": LEASE, "license.txt": LICENSE + "Support ends in 2030.\n"}, quotes, lexical)
    header, rows = sheet(results, "review")
    got = {r[header.index("quote")]: (r[header.index("decision")], r[header.index("notes")]) for r in rows}
    assert got[QUOTES[1]] == ("misquote", "n1")  # same quote, same source: kept
    assert got[QUOTES[2]] == (None, None)  # its source changed: decide again
    assert got[quotes[5]] == (None, None)  # a new quote
    # the sidecar alone is enough: the workbook can be replaced by anything
    results.unlink()
    run_verify(results, {"lease.txt": LEASE, "license.txt": LICENSE}, QUOTES, lexical)
    state = read_review(results)
    assert {r.result.quote: state.decision(r).notes for r in state.records if state.decision(r)} == {
        QUOTES[1]: "n1", QUOTES[2]: "n2", QUOTES[5]: "n3"}


def test_interactive_review_one_key_per_decision(results: Path):
    from rich.console import Console

    state = read_review(results)
    order = [r.result.quote for r in state.undecided()]
    keys = iter(["m", "x", "h", "s", "o"])
    out = io.StringIO()
    new = interactive_review(state, read_key=lambda: next(keys), read_note=lambda _p: "see clause 4",
                             console=Console(file=out, width=120, color_system=None))
    text = out.getvalue()
    assert order[0] in text and "unknown key 'x'" in text and "→ skipped" in text
    assert "shall → may (modal)" in text  # the differences are shown
    decided = {r.result.quote: new.decision(r) for r in new.records if new.decision(r)}
    assert decided == {order[0]: ReviewDecision(Decision.MISQUOTE), order[1]: ReviewDecision(Decision.HALLUCINATION),
                       order[3]: ReviewDecision(Decision.OTHER, "see clause 4")}
    assert state.decisions == {}  # the input state is unchanged
    save_review(new)
    assert read_review(results).decisions == new.decisions
    quit_early = interactive_review(read_review(results), read_key=lambda: "q", console=Console(file=io.StringIO()))
    assert quit_early.decisions == new.decisions


# ---------------------------------------------------------------- methods section


def _expected_from_sheet(path: Path) -> dict[str, int]:
    header, rows = sheet(path, "results")
    counts: dict[str, int] = {}
    for r in rows:
        counts[r[header.index("verdict")]] = counts.get(r[header.index("verdict")], 0) + 1
    return counts


def test_every_number_in_the_methods_text_comes_from_the_result_file(results: Path, tmp_path: Path):
    decide(results, {QUOTES[1]: ("misquote", ""), QUOTES[2]: ("acceptable paraphrase", ""),
                     QUOTES[3]: ("hallucination", ""), QUOTES[5]: ("misquote", "")})
    apply_review(results)
    second = tmp_path / "second.xlsx"
    second.write_bytes(results.read_bytes())
    decide(second, {QUOTES[1]: ("misquote", ""), QUOTES[2]: ("misquote", ""),
                    QUOTES[3]: ("hallucination", ""), QUOTES[5]: ("other", "")})
    text = render_methods(methods_from_file(results, reviewer2=second))

    counts = _expected_from_sheet(results)  # read with openpyxl, not through quote_guard
    n = sum(counts.values())
    assert f"We checked {n} quotes against 2 input files" in text
    for verdict in ("verbatim", "near_verbatim", "altered", "paraphrase", "unsupported", "uncheckable"):
        k = counts.get(verdict, 0)
        lo, hi = wilson_interval(k, n)
        assert f"| {verdict} | {k} | {100 * k / n:.1f} | {100 * lo:.1f}–{100 * hi:.1f} |" in text
    faithful = counts.get("verbatim", 0) + counts.get("near_verbatim", 0)
    assert f"| faithful | {faithful} | {100 * faithful / n:.1f} |" in text

    rheader, rrows = sheet(results, "review")
    decided = [r[rheader.index("decision")] for r in rrows if r[rheader.index("decision")]]
    assert f"{len(rrows)} quotes needed a human decision" in text
    assert f"{len(decided)} were reviewed ({100 * len(decided) / len(rrows):.1f} %)" in text
    share = 100 * decided.count("acceptable paraphrase") / len(decided)
    halluc = 100 * decided.count("hallucination") / len(decided)
    assert f"{share:.1f} % were confirmed as acceptable paraphrases and {halluc:.1f} % were excluded" in text
    h2, r2 = sheet(second, "review")
    a = {r[rheader.index("quote")]: r[rheader.index("decision")] for r in rrows}
    b = {r[h2.index("quote")]: r[h2.index("decision")] for r in r2}
    kappa = cohens_kappa([a[q] for q in a], [b[q] for q in a])
    assert f"the {len(a)} quotes decided by both reviewers: Cohen's kappa = {kappa:.2f}." in text

    mheader, mrows = sheet(results, "manifest")
    fields = {r[0]: r[1] for r in mrows}
    assert f"quote_guard version: {fields['quote_guard_version']}" in text
    assert f"`{fields['config_hash']}`" in text and f"run date (UTC): {fields['date']}" in text
    for k, v in fields.items():
        if k.startswith("threshold: "):
            assert f"| `{k[len('threshold: '):]}` | {v} |" in text
    assert "semantic (embedding) stage was off" in text
    assert "`results.xlsx.decisions.json`" in text and "`second.xlsx`" in text


def test_methods_latex_carries_the_same_numbers(results: Path):
    tex = render_methods(methods_from_file(results), fmt="latex")
    counts = _expected_from_sheet(results)
    n = sum(counts.values())
    k = counts["altered"]
    lo, hi = wilson_interval(k, n)
    assert "\\section*{Methods: quote verification}" in tex and "\\begin{tabular}" in tex
    assert f"altered & {k} & {100 * k / n:.1f} & {100 * lo:.1f}--{100 * hi:.1f} \\\\" in tex
    assert "near\\_verbatim" in tex and "95 \\%" in tex
    assert "Cohen" not in tex  # no second reviewer


def test_methods_from_jsonl_without_manifest_says_so(tmp_path: Path, lexical):
    path = tmp_path / "r.jsonl"
    with open_writer(path) as w:
        for i, r in enumerate(lexical.verify(QUOTES, {"lease.txt": LEASE})):
            w.write(ResultRecord(i, r))
    text = render_methods(methods_from_file(path))
    assert "- [ ] no run manifest was found" in text and f"We checked {len(QUOTES)} quotes with" in text


# ---------------------------------------------------------------- CLI


def _app():
    with warnings.catch_warnings():
        warnings.filterwarnings("ignore", message=r".*will be removed in Click 9", category=DeprecationWarning)
        import typer
        from typer.testing import CliRunner

    from quote_guard.cli_research import register

    app = typer.Typer()
    register(app)
    return app, CliRunner()


def test_cli_review_reports_undecided_rows_and_report_writes_methods(results: Path, tmp_path: Path):
    app, runner = _app()
    decide(results, {QUOTES[1]: ("misquote", "")})
    res = runner.invoke(app, ["review", str(results)])
    assert res.exit_code == 0, res.output
    assert "6 results; 4 need review; 1 decided, 3 undecided" in res.output
    assert load_decisions(results.parent / (results.name + DECISIONS_SUFFIX))  # kept in the sidecar
    res = runner.invoke(app, ["review", str(results), "--interactive"], input="")
    assert res.exit_code == 0, res.output  # no terminal: the first key read ends the session
    out = tmp_path / "methods.tex"
    res = runner.invoke(app, ["report", "--methods", str(results), "--format", "latex", "--out", str(out)])
    assert res.exit_code == 0, res.output
    assert "\\subsection*{Human review}" in out.read_text(encoding="utf-8")
    res = runner.invoke(app, ["report", "--methods", str(results)])
    assert res.exit_code == 0 and "### Reproducibility checklist" in res.output
    bad = tmp_path / "bad.xlsx"
    bad.write_text("not a workbook", encoding="utf-8")
    res = runner.invoke(app, ["review", str(bad)])
    assert res.exit_code == 2 and "not a readable .xlsx workbook" in res.output


def test_review_keys_follow_the_manifest(results: Path):
    state = read_review(results)
    rec = next(r for r in state.records if r.result.quote == QUOTES[1])
    assert needs_review(rec.result)
    assert review_key(rec.result, state.manifest) == (sha256_hex(QUOTES[1]), sha256_hex(LEASE))


def test_research_imports_stay_light():
    code = ("import sys, quote_guard.research.review, quote_guard.research.methods, quote_guard.metrics, "
            "quote_guard.manifest; print(sorted(m for m in ('openpyxl', 'rich', 'typer', 'ragas') if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"
