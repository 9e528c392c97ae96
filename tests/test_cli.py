"""The quote-guard command, through typer's CliRunner (in process) and, for imports, a subprocess."""

from __future__ import annotations

import csv
import json
import subprocess
import sys
import warnings
from pathlib import Path

import pytest

import quote_guard.verify as verify_mod
from quote_guard.cli import app
from quote_guard.report import read_records

with warnings.catch_warnings():  # typer 0.19 reads click.utils names that click 8.3+ deprecates
    warnings.filterwarnings("ignore", message=r".*will be removed in Click 9", category=DeprecationWarning)
    from typer.testing import CliRunner

runner = CliRunner()

LEASE = (
    "The Tenant shall pay the Base Rent on the first day of each month. "
    "The Landlord may enter the Premises upon twenty-four (24) hours' notice. "
    "The Tenant shall not sublet the Premises without consent.\n"
)
LICENSE = "Fees paid under this Agreement are not refundable. The Licensor shall provide support.\n"
QUOTES = [
    "The Tenant shall pay the Base Rent on the first day of each month.",  # verbatim
    "The Landlord shall enter the Premises upon twenty-four (24) hours' notice.",  # altered: modal
    "Fees paid under this Agreement are refundable.",  # altered: dropped not
    "The moon is made of cheese and the Tenant owns it.",  # unsupported
    "the licensor shall provide support",  # near_verbatim: case, dropped stop
]


@pytest.fixture
def corpus(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "lease.txt").write_text(LEASE, encoding="utf-8")
    (tmp_path / "docs" / "license.md").write_text(LICENSE, encoding="utf-8")
    (tmp_path / "quotes.txt").write_text("\n".join(QUOTES) + "\n", encoding="utf-8")
    return tmp_path


def run(*args: str):
    return runner.invoke(app, list(args), env={"COLUMNS": "160"})


def verdicts(path: Path) -> list[str]:
    return [r.result.verdict.value for r in sorted(read_records(path), key=lambda r: r.index)]


# ---------------------------------------------------------------- happy paths and exit codes


def test_verify_txt_quotes_prints_table_and_fails_on_altered(corpus: Path):
    res = run("verify", "docs", "--quotes", "quotes.txt", "--out", "r.jsonl")
    assert res.exit_code == 1, res.output
    assert "needs attention" in res.output and "altered" in res.output
    assert "4 of 5 quotes are" not in res.output  # counts come from the results, not a constant
    got = verdicts(corpus / "r.jsonl")
    assert got == ["verbatim", "altered", "altered", "unsupported", "near_verbatim"]
    # the default --fail-on also names misattributed citations (issue 12)
    n = got.count('altered') + got.count('unsupported')
    assert f"{n} of 5 quotes are altered, misattributed, unsupported" in res.output


def test_fail_on_can_be_relaxed_or_tightened(corpus: Path):
    assert run("verify", "docs", "--quotes", "quotes.txt", "--fail-on", "none").exit_code == 0
    assert run("verify", "docs", "--quotes", "quotes.txt", "--fail-on", "uncheckable").exit_code == 0
    assert run("verify", "docs", "--quotes", "quotes.txt", "--fail-on", "near_verbatim").exit_code == 1
    res = run("verify", "docs", "--quotes", "quotes.txt", "--fail-on", "wrong")
    assert res.exit_code == 2 and "unknown verdict 'wrong'" in res.output


def test_jsonl_quotes_with_source_ids_are_checked_against_that_source_only(corpus: Path):
    lines = [
        {"quote": QUOTES[0], "source": "lease"},  # stem
        {"quote": QUOTES[0], "source": "license.md"},  # file name: the quote is not in that one
        {"quote": "The Licensor shall provide support."},  # no source: all of them
    ]
    (corpus / "q.jsonl").write_text("\n".join(json.dumps(x) for x in lines) + "\n", encoding="utf-8")
    res = run("verify", "docs", "--quotes", "q.jsonl", "--out", "r.jsonl", "--fail-on", "none")
    assert res.exit_code == 0, res.output
    recs = sorted(read_records(corpus / "r.jsonl"), key=lambda r: r.index)
    assert [r.result.verdict.value for r in recs] == ["verbatim", "unsupported", "verbatim"]
    assert recs[0].requested_source == str(Path("docs/lease.txt"))
    assert recs[0].result.source_id == str(Path("docs/lease.txt"))
    assert recs[2].result.source_id == str(Path("docs/license.md"))
    assert recs[1].origin == "q.jsonl:2"


def test_unknown_source_id_is_one_clear_line(corpus: Path):
    (corpus / "q.jsonl").write_text(json.dumps({"quote": "x y z", "source": "nope"}) + "\n", encoding="utf-8")
    res = run("verify", "docs", "--quotes", "q.jsonl")
    assert res.exit_code == 2
    assert "q.jsonl:1: source 'nope' is not among the sources" in res.output


def test_csv_quotes_with_column(corpus: Path):
    with (corpus / "q.csv").open("w", newline="", encoding="utf-8") as f:
        w = csv.writer(f)
        w.writerow(["id", "text"])
        for i, q in enumerate(QUOTES[:3]):
            w.writerow([i, q])
    res = run("verify", "docs", "--quotes", "q.csv", "--column", "text", "--out", "r.csv")
    assert res.exit_code == 1
    assert verdicts(corpus / "r.csv") == ["verbatim", "altered", "altered"]


def test_outputs_stats_and_html(corpus: Path):
    openpyxl = pytest.importorskip("openpyxl")
    res = run("verify", "docs", "--quotes", "quotes.txt", "--out", "r.xlsx", "--stats", "s.csv", "--html", "r.html")
    assert res.exit_code == 1, res.output
    ws = openpyxl.load_workbook(corpus / "r.xlsx").active
    header = [c.value for c in ws[1]]
    conf = [row[header.index("confidence")] for row in ws.iter_rows(min_row=2, values_only=True)]
    assert len(conf) == 5 and conf == sorted(conf)
    assert not (corpus / "r.xlsx.partial.jsonl").exists()
    with (corpus / "s.csv").open(newline="", encoding="utf-8") as f:
        rows = dict(list(csv.reader(f))[1:])
    assert rows["n_quotes"] == "5"
    assert int(rows["n_altered"]) == 2
    page = (corpus / "r.html").read_text(encoding="utf-8")
    assert page.count('<li class="quote') == 5 and "docs/lease.txt" in page.replace("\\", "/")


# ---------------------------------------------------------------- bad input


@pytest.mark.parametrize(
    "setup, args, message",
    [
        (None, ["docs", "--quotes", "missing.txt"], "missing.txt: no such file"),
        (None, ["nowhere/", "--quotes", "quotes.txt"], "nowhere/: no such file or directory"),
        (None, ["docs/*.pdf", "--quotes", "quotes.txt"], "docs/*.pdf: no files match"),
        (lambda d: (d / "empty.txt").write_text("\n \n", encoding="utf-8"), ["docs", "--quotes", "empty.txt"],
         "empty.txt: no quotes in the file"),
        (lambda d: (d / "q.csv").write_text("a,b\nx,y\n", encoding="utf-8"), ["docs", "--quotes", "q.csv"],
         "q.csv: no column 'quote' (columns: a, b)"),
        # a Latin-1 source is no longer an error: read as cp1252 with a warning (tests/test_encodings.py)
        (lambda d: (d / "q.jsonl").write_text('{"quote": "ok"}\n{broken\n', encoding="utf-8"),
         ["docs", "--quotes", "q.jsonl"], "q.jsonl:2: not valid JSON"),
        (lambda d: (d / "q.jsonl").write_text('{"text": "ok"}\n', encoding="utf-8"),
         ["docs", "--quotes", "q.jsonl"], "q.jsonl:1: no 'quote' text field"),
        (None, ["docs", "--quotes", "quotes.txt", "--out", "r.parquet"], "r.parquet: unknown output format"),
        (None, ["docs", "--quotes", "quotes.txt", "--resume"], "--resume continues an --out file"),
        (None, ["docs"], "give exactly one of --quotes FILE or --responses FILE"),
    ],
)
def test_bad_input_is_one_red_line_and_exit_2(corpus: Path, setup, args, message):
    if setup:
        setup(corpus)
    res = run("verify", *args)
    assert res.exit_code == 2, res.output
    assert message in res.output
    assert "Traceback" not in res.output
    errors = [line for line in res.output.splitlines() if line.startswith("error:")]
    assert len(errors) == 1, res.output


def test_binary_sources_are_skipped_with_a_warning(corpus: Path):
    (corpus / "docs" / "scan.txt").write_bytes(b"%PDF-1.4\x00\x01\x02binary")
    res = run("verify", "docs", "--quotes", "quotes.txt", "--fail-on", "none")
    assert res.exit_code == 4  # the run completes; the exit code says a file was skipped (issue 12)
    assert "scan.txt: binary file" in res.output and "skipped" in res.output


def test_only_binary_sources_is_an_error(corpus: Path):
    (corpus / "bin").mkdir()
    (corpus / "bin" / "a.txt").write_bytes(b"\x00\x00\x00")
    res = run("verify", "bin", "--quotes", "quotes.txt")
    assert res.exit_code == 2 and "no .txt or .md text files" in res.output


def test_internal_quote_guard_error_is_one_red_line_without_locals(corpus: Path, monkeypatch: pytest.MonkeyPatch):
    from quote_guard.errors import SourceError

    def boom(self, quotes, sources):
        secret = "sk-do-not-print"  # noqa: F841 - a local that must never reach the output
        raise SourceError("duplicate source id 'x': every source needs its own id")

    monkeypatch.setattr(verify_mod.Verifier, "verify", boom)
    res = run("verify", "docs", "--quotes", "quotes.txt")
    assert res.exit_code == 2
    assert res.output.strip().splitlines()[-1] == "error: duplicate source id 'x': every source needs its own id"
    assert "sk-do-not-print" not in res.output


def test_app_hides_locals_in_tracebacks():
    assert app.pretty_exceptions_show_locals is False


# ---------------------------------------------------------------- streaming, interruption and resume


def _interrupt_after(monkeypatch: pytest.MonkeyPatch, calls_before_interrupt: int) -> list[int]:
    original = verify_mod.Verifier.verify
    seen: list[int] = []

    def flaky(self, quotes, sources):
        if len(seen) == calls_before_interrupt:
            raise KeyboardInterrupt
        seen.append(len(quotes))
        return original(self, quotes, sources)

    monkeypatch.setattr(verify_mod.Verifier, "verify", flaky)
    return seen


@pytest.mark.parametrize("suffix", [".jsonl", ".csv", ".xlsx"])
def test_interrupted_run_keeps_a_valid_partial_file_and_resume_finishes_it(
    corpus: Path, monkeypatch: pytest.MonkeyPatch, suffix: str
):
    out = corpus / f"r{suffix}"
    original = verify_mod.Verifier.verify
    _interrupt_after(monkeypatch, 2)
    res = run("verify", "docs", "--quotes", "quotes.txt", "--out", out.name, "--batch-size", "2")
    assert res.exit_code == 130, res.output
    assert "--resume" in res.output
    partial_source = out if suffix != ".xlsx" else corpus / "r.xlsx.partial.jsonl"
    assert [r.index for r in read_records(partial_source)] == [0, 1, 2, 3]
    if suffix == ".xlsx":
        openpyxl = pytest.importorskip("openpyxl")
        assert openpyxl.load_workbook(out).active.max_row == 5  # a valid sheet with the 4 results so far

    seen: list[int] = []

    def counting(self, quotes, sources):
        seen.append(len(quotes))
        return original(self, quotes, sources)

    monkeypatch.setattr(verify_mod.Verifier, "verify", counting)
    res = run("verify", "docs", "--quotes", "quotes.txt", "--out", out.name, "--batch-size", "2", "--resume")
    assert res.exit_code == 1, res.output
    assert seen == [1]  # only the quote that was not done yet
    final = corpus / "r.jsonl" if suffix == ".jsonl" else out
    if suffix == ".xlsx":
        ws = openpyxl.load_workbook(out).active
        assert ws.max_row == 6
        assert not (corpus / "r.xlsx.partial.jsonl").exists()
    else:
        assert sorted(r.index for r in read_records(final)) == [0, 1, 2, 3, 4]
        assert verdicts(final) == ["verbatim", "altered", "altered", "unsupported", "near_verbatim"]


def test_resume_refuses_results_of_other_quotes(corpus: Path):
    assert run("verify", "docs", "--quotes", "quotes.txt", "--out", "r.jsonl").exit_code == 1
    (corpus / "quotes.txt").write_text("A different quote.\n" + "\n".join(QUOTES[1:]), encoding="utf-8")
    res = run("verify", "docs", "--quotes", "quotes.txt", "--out", "r.jsonl", "--resume")
    assert res.exit_code == 2 and "holds results for other quotes (#1 differs)" in res.output


def test_results_stream_to_disk_batch_by_batch(corpus: Path, monkeypatch: pytest.MonkeyPatch):
    original = verify_mod.Verifier.verify
    lines_seen: list[int] = []

    def spy(self, quotes, sources):
        path = corpus / "r.jsonl"
        lines_seen.append(len(path.read_text(encoding="utf-8").splitlines()) if path.exists() else -1)
        return original(self, quotes, sources)

    monkeypatch.setattr(verify_mod.Verifier, "verify", spy)
    run("verify", "docs", "--quotes", "quotes.txt", "--out", "r.jsonl", "--batch-size", "2")
    assert lines_seen == [0, 2, 4]  # each batch was on disk before the next one started


# ---------------------------------------------------------------- responses and demo


def test_responses_are_extracted_then_verified(corpus: Path):
    answers = [
        {"response": f'The lease says "{QUOTES[0]}" and also "{QUOTES[1]}"'},
        {"response": f'The licence says "{QUOTES[2]}"', "source": "license"},
    ]
    (corpus / "a.jsonl").write_text("\n".join(json.dumps(a) for a in answers) + "\n", encoding="utf-8")
    res = run("verify", "docs", "--responses", "a.jsonl", "--out", "r.jsonl")
    assert res.exit_code == 1, res.output
    recs = sorted(read_records(corpus / "r.jsonl"), key=lambda r: r.index)
    assert [r.result.verdict.value for r in recs] == ["verbatim", "altered", "altered"]
    assert [r.origin.split(":")[1] for r in recs] == ["1", "1", "2"]


def test_response_without_quotes_is_an_error(corpus: Path):
    (corpus / "a.txt").write_text("An answer that quotes nothing at all.\n", encoding="utf-8")
    res = run("verify", "docs", "--responses", "a.txt")
    assert res.exit_code == 2 and "a.txt: no quotes found in the responses" in res.output


def test_demo_runs_offline_end_to_end(tmp_path: Path):
    res = run("demo", "--out-dir", str(tmp_path / "demo"), "--no-semantic")
    assert res.exit_code == 0, res.output
    for name in ("report.html", "results.xlsx", "stats.csv"):
        assert (tmp_path / "demo" / name).stat().st_size > 0
    for verdict in ("verbatim", "near_verbatim", "altered", "unsupported"):
        assert verdict in res.output


# ---------------------------------------------------------------- imports


def test_import_quote_guard_leaves_cli_dependencies_out():
    code = "import sys, quote_guard; print(sorted(m for m in ('typer', 'rich', 'openpyxl') if m in sys.modules))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"


def test_import_report_leaves_typer_rich_and_openpyxl_out():
    code = ("import sys, quote_guard.report; "
            "print(sorted(m for m in ('typer', 'rich', 'openpyxl') if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"


def test_main_without_the_cli_extra_prints_the_install_line():
    code = "import sys; sys.modules['typer'] = None; from quote_guard.cli import main; main()"
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=False)
    assert proc.returncode == 1
    assert "pip install 'quote_guard[cli]'" in proc.stderr
    assert "Traceback" not in proc.stderr


def test_quote_files_keep_line_breaks_inside_their_fields(tmp_path):
    # JSON Lines ends a record at "\n" only (json.dumps writes U+2028 raw with ensure_ascii=False), and a
    # CSV field in quotes may span lines: both used to be cut where str.splitlines cuts
    from quote_guard.cli import load_quotes

    two = "The Tenant shall pay rent.\u2028The Landlord shall repair the roof."
    jl = tmp_path / "q.jsonl"
    jl.write_text(json.dumps({"quote": two}, ensure_ascii=False) + "\n"
                  + json.dumps({"quote": "second"}) + "\r\n", encoding="utf-8")
    assert [(q.text, q.origin) for q in load_quotes(jl)] == [(two, f"{jl}:1"), ("second", f"{jl}:2")]
    sheet = tmp_path / "q.csv"
    with sheet.open("w", newline="", encoding="utf-8") as f:
        csv.writer(f).writerows([["quote", "source"], ["first line\nsecond line", "lease"], ["next", "lease"]])
    assert [(q.text, q.origin, q.source) for q in load_quotes(sheet, source_column="source")] == [
        ("first line\nsecond line", f"{sheet}:2", "lease"), ("next", f"{sheet}:4", "lease")]
