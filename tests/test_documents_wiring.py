"""PDF, DOCX and HTML sources everywhere: the CLI, the guard, the result files, the highlighted PDFs.

The loaders themselves are tested in tests/test_documents.py; here the files are generated with
known text and layout (tests/_docgen.py) and go through the command line and the guard.
"""

from __future__ import annotations

import csv
import json
import os
from pathlib import Path

import pytest
from _docgen import PdfTruth, make_docx, make_html, make_pdf

from quote_guard import QuoteResult, Span, Verdict
from quote_guard.report import ResultRecord, page_label, record_from_dict

pytest.importorskip("pypdfium2")
pytest.importorskip("docx")
pytest.importorskip("lxml")
typer_testing = pytest.importorskip("typer.testing")

os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")
# litellm's stream types trip a pydantic UserWarning on first use (third party, harmless)
pytestmark = pytest.mark.filterwarnings("ignore:Item .* on TypedDict class .* `ReadOnly` qualifier:UserWarning")

_PARTIES = ["Supplier", "Customer", "Licensor", "Licensee", "Agent", "Carrier"]
_ACTS = ["deliver the goods", "pay the invoice", "keep the records", "insure the premises", "notify the other party",
         "return the samples"]


def _paragraphs(n: int) -> list[str]:
    out = []
    for i in range(n):
        p, a = _PARTIES[i % len(_PARTIES)], _ACTS[(i * 5) % len(_ACTS)]
        out.append(f"{i + 1}. The {p} shall {a} within {i + 11} days after clause number {i + 1} takes effect, "
                   f"and the {p} shall keep a written note of clause {i + 1} for the auditors of the parties.")
    return out


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, PdfTruth]:
    """docs/ with a 3-page two-column PDF, a scanned PDF, a DOCX and an HTML page."""
    root = tmp_path_factory.mktemp("wiring")
    docs = root / "docs"
    (docs / "sub").mkdir(parents=True)
    truth = make_pdf(_paragraphs(18), docs / "sub" / "msa.pdf", lines_per_column=13)
    make_pdf(_paragraphs(3), docs / "scan.pdf", scanned=True)
    make_docx(["Consulting Agreement", "The Consultant shall deliver the reports monthly.",
               "Either party may terminate on thirty days notice."], docs / "consulting.docx")
    make_html(docs / "policy.html", "<h1>Refund policy</h1><div><p>Intro.</p>"
              "<p>Refunds are issued within fourteen days of the request.</p></div>")
    return root, truth


def _crossing(truth: PdfTruth) -> tuple[int, int]:
    """A stretch of one paragraph that runs from page 1 over to page 2."""
    text = truth.text
    for brk in truth.page_breaks():
        a = text.rfind(" ", 0, brk - 30) + 1
        b = text.find(" ", brk + 30)
        if "\n" not in text[a:b] and truth.page_of(a) == 1 and truth.page_of(b) == 2:
            return a, b
    raise AssertionError("no paragraph runs over the first page break")


def _quotes(truth: PdfTruth) -> list[dict[str, str]]:
    """One quote on page 2, one crossing the break between pages 1 and 2, one from the DOCX and
    one from the HTML page, one invented, and one asked of the scanned PDF only."""
    text = truth.text
    on_2 = next(ln for ln in truth.lines if ln.page == 2 and len(ln.text.split()) >= 6
                and text.count(ln.text) == 1)
    a, b = _crossing(truth)
    return [
        {"quote": on_2.text},
        {"quote": text[a:b]},
        {"quote": "The Consultant shall deliver the reports monthly."},
        {"quote": "Refunds are issued within fourteen days of the request."},
        {"quote": "The Carrier shall never be liable for anything at all whatsoever."},
        {"quote": "The Supplier shall deliver the goods", "source": "scan.pdf"},
    ]


def _cli(*args: str) -> typer_testing.Result:  # type: ignore[name-defined]
    from quote_guard.cli import app

    return typer_testing.CliRunner().invoke(app, list(args), env={"COLUMNS": "160"})


@pytest.fixture(scope="module")
def cli_run(folder: tuple[Path, PdfTruth]) -> tuple[Path, PdfTruth, object]:
    root, truth = folder
    quotes = root / "quotes.jsonl"
    quotes.write_text("".join(json.dumps(q) + "\n" for q in _quotes(truth)), encoding="utf-8")
    cwd = os.getcwd()
    os.chdir(root)  # source ids relative to the folder: docs/sub/msa.pdf
    try:
        res = _cli("verify", "docs", "--quotes", "quotes.jsonl", "--out", "out.jsonl", "--no-semantic",
                   "--fail-on", "none", "--highlight", "hl", "--html", "report.html")
    finally:
        os.chdir(cwd)
    return root, truth, res


def test_cli_verifies_a_folder_of_pdf_docx_html_with_pages(cli_run: tuple[Path, PdfTruth, object]) -> None:
    root, _, res = cli_run
    assert res.exit_code == 0, res.output  # type: ignore[attr-defined]
    rows = [json.loads(line) for line in (root / "out.jsonl").read_text(encoding="utf-8").splitlines()
            if line.strip() and not line.startswith('{"manifest')]
    rows = [r for r in rows if "verdict" in r]
    by_q = {r["#"]: r for r in rows}
    assert [by_q[i]["verdict"] for i in range(1, 7)] == [
        "verbatim", "verbatim", "verbatim", "verbatim", "unsupported", "uncheckable"]
    assert by_q[1]["source_id"] == str(Path("docs/sub/msa.pdf"))
    assert (by_q[1]["page_start"], by_q[1]["page_end"], by_q[1]["page"]) == (2, 2, "2")
    assert (by_q[2]["page_start"], by_q[2]["page_end"], by_q[2]["page"]) == (1, 2, "1–2")
    assert {b[0] for b in by_q[2]["boxes"]} == {1, 2} and by_q[1]["location"] == "p. 2"
    # DOCX and HTML have no fixed pages: their location is the paragraph or the element
    assert by_q[3]["page_start"] is None and by_q[3]["location"] == "¶ 2"
    assert by_q[4]["page"] == "" and by_q[4]["location"] == "html/body/div/p[2]"
    assert by_q[5]["page_start"] is None and by_q[5]["location"] == ""
    # the record read back keeps the pages
    back = record_from_dict(by_q[2])
    assert (back.result.page_start, back.result.page_end, back.location) == (1, 2, "pp. 1–2")
    assert back.result.boxes and back.result.boxes[0][0] == 1


def test_scanned_pdf_is_uncheckable_with_no_text_layer(cli_run: tuple[Path, PdfTruth, object]) -> None:
    root, _, res = cli_run
    out = res.output  # type: ignore[attr-defined]
    assert "scan.pdf: no text layer (scanned PDF; OCR is not supported)" in " ".join(out.split())
    last = [json.loads(line) for line in (root / "out.jsonl").read_text(encoding="utf-8").splitlines()
            if '"#": 6' in line][0]
    assert last["verdict"] == "uncheckable"
    assert "no text layer" in last["reason"] and "scan.pdf" in last["reason"]


def _annotations(path: Path) -> dict[int, list[str]]:
    import pypdfium2 as pdfium
    import pypdfium2.raw as raw

    pdf = pdfium.PdfDocument(str(path))
    out: dict[int, list[str]] = {}
    try:
        for i in range(len(pdf)):
            page = pdf[i]
            for k in range(raw.FPDFPage_GetAnnotCount(page.raw)):
                annot = raw.FPDFPage_GetAnnot(page.raw, k)
                assert raw.FPDFAnnot_GetSubtype(annot) == raw.FPDF_ANNOT_HIGHLIGHT
                size = raw.FPDFAnnot_GetStringValue(annot, b"Contents", None, 0)
                buf = (raw.FPDF_WCHAR * (size // 2))()
                raw.FPDFAnnot_GetStringValue(annot, b"Contents", buf, size)
                out.setdefault(i + 1, []).append(bytes(buf).decode("utf-16-le").rstrip("\0"))
                raw.FPDFPage_CloseAnnot(annot)
            page.close()
    finally:
        pdf.close()
    return out


def test_highlight_writes_one_annotation_per_quote_and_page(cli_run: tuple[Path, PdfTruth, object]) -> None:
    root, _, res = cli_run
    assert sorted(p.name for p in (root / "hl").iterdir()) == ["docs__scan.highlighted.pdf",
                                                              "docs__sub__msa.highlighted.pdf"]
    notes = _annotations(root / "hl" / "docs__sub__msa.highlighted.pdf")
    # quote 1 on page 2; quote 2 on pages 1 and 2: one annotation per quote on each page it touches
    assert {p: len(n) for p, n in notes.items()} == {1: 1, 2: 2}
    assert all(n.startswith("verbatim") for ns in notes.values() for n in ns)
    assert _annotations(root / "hl" / "docs__scan.highlighted.pdf") == {}
    assert _annotations(root / "docs" / "sub" / "msa.pdf") == {}  # the original is untouched


def test_html_report_embeds_each_highlighted_page_once(cli_run: tuple[Path, PdfTruth, object]) -> None:
    root, _, _ = cli_run
    html = (root / "report.html").read_text(encoding="utf-8")
    assert html.count('<img class="page" id="pg-') == 2  # pages 1 and 2 of msa.pdf, rendered once each
    assert html.count("data:image/png;base64,") == 2
    assert html.count('data-ref="pg-') == 1  # quote 1 or 2 shows page 2 again by reference
    assert "<dt>page</dt><dd>1–2</dd>" in html and "<dt>location</dt><dd>¶ 2</dd>" in html


def test_csv_and_xlsx_carry_the_page(folder: tuple[Path, PdfTruth], tmp_path: Path) -> None:
    pytest.importorskip("openpyxl")
    import openpyxl

    root, truth = folder
    quotes = tmp_path / "q.jsonl"
    quotes.write_text("".join(json.dumps(q) + "\n" for q in _quotes(truth)[:4]), encoding="utf-8")
    for out in ("r.csv", "r.xlsx"):
        res = _cli("verify", str(root / "docs"), "--quotes", str(quotes), "--out", str(tmp_path / out),
                   "--no-semantic", "--fail-on", "none")
        assert res.exit_code == 0, res.output
    with (tmp_path / "r.csv").open(encoding="utf-8", newline="") as f:
        rows = {r["#"]: r for r in csv.DictReader(f)}
    assert [rows[k]["page"] for k in "1234"] == ["2", "1–2", "", ""]
    assert [rows[k]["location"] for k in "1234"] == ["p. 2", "pp. 1–2", "¶ 2", "html/body/div/p[2]"]
    ws = openpyxl.load_workbook(tmp_path / "r.xlsx", read_only=True).worksheets[0]
    it = ws.iter_rows(values_only=True)
    header = list(next(it))
    assert header.index("page") == header.index("source_id") + 1
    got = {str(r[0]): (r[header.index("page")] or "", r[header.index("location")] or "") for r in it if r[0]}
    assert got["1"] == ("2", "p. 2") and got["2"] == ("1–2", "pp. 1–2") and got["3"] == ("", "¶ 2")


def test_page_label_and_csv_round_trip() -> None:
    r = QuoteResult("x", Verdict.VERBATIM, (Span("a.pdf", 0, 1),), page_start=3, page_end=4,
                    boxes=((3, 1.0, 2.0, 3.0, 4.0),))
    assert page_label(r) == "3–4" and page_label(QuoteResult("x", Verdict.VERBATIM, page_start=5, page_end=5)) == "5"
    rec = ResultRecord(0, r, location="pp. 3–4")
    row = {k: "" if v is None else str(v) for k, v in rec.to_row().items()}
    back = record_from_dict(row)
    assert (back.result.page_start, back.result.page_end, back.location) == (3, 4, "pp. 3–4")
    assert record_from_dict(json.loads(json.dumps(rec.to_dict()))).result == r


# --------------------------------------------------------------------------- the guard


def test_guard_takes_a_pdf_path_and_cites_the_page_when_it_reasks(folder: tuple[Path, PdfTruth]) -> None:
    from _llm_server import LLMServer, Reply

    from quote_guard import QuoteGuard

    root, truth = folder
    pdf = root / "docs" / "sub" / "msa.pdf"
    right = _quotes(truth)[0]["quote"]
    words = right.split()
    wrong = " ".join(words[:3] + ["never"] + words[3:])
    with LLMServer() as server:
        server.push(Reply.text(f"The contract says “{wrong}”."), Reply.text(f"The contract says “{right}”."))
        guard = QuoteGuard(overrides={"model.api_base": server.base_url, "model.params": {"api_key": "sk-test"},
                                      "semantic.enabled": False})
        resp = guard.completion(model="openai/test-model", messages=[{"role": "user", "content": "Who delivers?"}],
                                sources=[pdf])
        feedback = server.messages(1)[-1]["content"]
    report = QuoteGuard.report_of(resp)
    assert report is not None and report.passed and report.sources == (str(pdf),)
    assert report.attempts[0].quotes[0].verdict is not Verdict.VERBATIM
    assert f"p. 2 of {pdf}" in feedback  # the re-ask names the page of the closest source text
    [q] = report.quotes
    assert q.verdict is Verdict.VERBATIM and (q.result.page_start, q.result.page_end) == (2, 2)
    assert q.result.boxes and all(b[0] == 2 for b in q.result.boxes)


def test_guard_check_takes_documents_and_names_a_scanned_pdf(folder: tuple[Path, PdfTruth]) -> None:
    from quote_guard import QuoteGuard
    from quote_guard.documents import load

    root, _ = folder
    guard = QuoteGuard(overrides={"semantic.enabled": False})
    docx = load(root / "docs" / "consulting.docx")
    _, rep = guard.check("They said “The Consultant shall deliver the reports monthly.”",
                         sources={"contract": docx, "note": "Some other text."})
    [q] = rep.quotes
    assert q.verdict is Verdict.VERBATIM and q.spans[0].source_id == "contract" and rep.passed
    _, rep = guard.check("It says “The Supplier shall deliver the goods”.", sources=root / "docs" / "scan.pdf")
    [q] = rep.quotes
    assert q.verdict is Verdict.UNCHECKABLE and "no text layer" in q.result.reason
    with pytest.raises(Exception, match="no-such.pdf"):
        guard.check("“x”", sources=[root / "no-such.pdf"])


def test_streamed_answer_over_a_pdf_carries_the_pages(folder: tuple[Path, PdfTruth]) -> None:
    from _llm_server import LLMServer, Reply

    from quote_guard import QuoteGuard
    from quote_guard.documents import load

    root, truth = folder
    doc = load(root / "docs" / "sub" / "msa.pdf", id="msa.pdf")
    crossing = _quotes(truth)[1]["quote"]
    half = len(crossing) // 2
    with LLMServer() as server:
        server.push(Reply.stream(["It says “", crossing[:half], crossing[half:], "” in the contract."]))
        guard = QuoteGuard(overrides={"model.api_base": server.base_url, "model.params": {"api_key": "sk-test"},
                                      "semantic.enabled": False})
        stream = guard.completion(model="openai/test-model", messages=[{"role": "user", "content": "Terms?"}],
                                  sources=doc, stream=True)
        text = "".join(c.choices[0].delta.content or "" for c in stream)
    assert crossing in text
    [q] = stream.report.quotes
    assert q.verdict is Verdict.VERBATIM and q.spans[0].source_id == "msa.pdf"
    assert (q.result.page_start, q.result.page_end) == (1, 2) and {b[0] for b in q.result.boxes} == {1, 2}
