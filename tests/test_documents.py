"""quote_guard.documents: PDF, DOCX and HTML loaders, the location map, highlights."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from _docgen import PdfTruth, make_docx, make_html, make_pdf
from hypothesis import given, settings
from hypothesis import strategies as st

from quote_guard import QuoteResult, Source, Span, Verdict
from quote_guard.documents import Document, Location, load, load_bytes, locate_result, with_document_reasons
from quote_guard.errors import SourceError

pytest.importorskip("pypdfium2")

_WORDS = (
    "agreement licensor licensee party products distribution indemnification obligations termination written "
    "notice outstanding fees paid services territory royalty payment confidential information manufacturer "
    "warranties representations notwithstanding"
).split()


def _paragraphs(n: int, seed: int) -> list[str]:
    rnd = random.Random(seed)
    out = []
    for i in range(n):
        words = [rnd.choice(_WORDS) for _ in range(rnd.randint(20, 70))]
        for _ in range(4):
            words.insert(rnd.randint(1, len(words)), rnd.choice(["non-exclusive", "self-insured"]))
        words.insert(rnd.randint(1, 10), f"{rnd.randint(2, 99)}%")
        out.append(f"{i + 1}. {words[0].capitalize()} " + " ".join(words[1:]) + ".")
    return out


@pytest.fixture(scope="module")
def two_column(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, PdfTruth, Document]:
    """A 2-column PDF with a title across both columns, running header and footer, hyphenated
    words and paragraphs broken by column and page breaks; the right column is drawn first."""
    path = tmp_path_factory.mktemp("pdf") / "msa.pdf"
    paras = ["Master Services Agreement", *_paragraphs(16, seed=7)]
    truth = make_pdf(paras, path, title=paras[0], lines_per_column=14, reversed_stream=True)
    return path, truth, load(path)


def _crossing(truth: PdfTruth, text: str) -> tuple[int, int, int]:
    """A span of the text around a page break that stays inside one paragraph: (start, end, page)."""
    for b in truth.page_breaks():
        a, e = text.rfind(" ", 0, b - 40), text.find(" ", b + 40)
        if a > 0 and e > 0 and "\n" not in text[a:e]:
            return a + 1, e, truth.page_of(a + 1)
    raise AssertionError("the generated PDF has no page break inside a paragraph")


# --------------------------------------------------------------------------- PDF text


@pytest.mark.parametrize(("reversed_stream", "columns", "font_size"), [(False, 2, 10), (True, 2, 10), (False, 1, 12),
                                                                     (True, 3, 8)])
def test_pdf_text_is_the_reading_text(tmp_path: Path, reversed_stream: bool, columns: int, font_size: float) -> None:
    paras = ["Licence Agreement", *_paragraphs(12, seed=3)]
    truth = make_pdf(paras, tmp_path / "a.pdf", title=paras[0], lines_per_column=12, reversed_stream=reversed_stream,
                     columns=columns, font_size=font_size, leading=font_size * 1.2)
    doc = load(tmp_path / "a.pdf")
    assert truth.pages >= 3
    assert doc.kind == "pdf" and doc.pages == truth.pages and doc.uncheckable_reason is None
    assert doc.text == truth.text  # columns in order, hyphenation undone, furniture out, paragraphs kept


def test_pdf_hyphenation_is_joined_and_compounds_keep_their_hyphen(two_column: tuple[Path, PdfTruth, Document]) -> None:
    _, truth, doc = two_column
    drawn = [ln.text for ln in truth.lines]
    assert any(t.endswith("-") and not t.endswith("non-") for t in drawn), "the generator split a word"
    assert any(t.endswith("non-") for t in drawn), "the generator broke non-exclusive at its hyphen"
    assert "non-exclusive" in doc.text and "nonexclusive" not in doc.text
    assert doc.text == truth.text


def test_pdf_furniture_is_kept_out_of_the_text_but_in_the_map(two_column: tuple[Path, PdfTruth, Document]) -> None:
    _, truth, doc = two_column
    assert "ACME HOLDINGS" not in doc.text and "Page 1 of" not in doc.text
    got = sorted((f.page, f.text) for f in doc.furniture)
    assert got == sorted(truth.furniture)
    for f in doc.furniture:
        assert f.bbox is not None
        assert f.bbox[1] > 700 or f.bbox[3] < 60  # top or bottom of a 792-point page


def test_pdf_quote_across_a_page_break_is_verbatim_with_both_pages(
    two_column: tuple[Path, PdfTruth, Document], lexical: object
) -> None:
    _, truth, doc = two_column
    start, end, page = _crossing(truth, doc.text)
    quote = doc.text[start:end]
    [r] = lexical.verify([quote], [doc.to_source()])  # type: ignore[attr-defined]
    assert r.verdict is Verdict.VERBATIM
    assert (r.spans[0].start, r.spans[0].end) == (start, end)
    loc = doc.locate(start, end)
    assert (loc.page_start, loc.page_end) == (page, page + 1)
    assert {b[0] for b in loc.boxes} == {page, page + 1}
    [rl] = locate_result(r, [doc])
    assert rl == loc and rl.describe() == f"pp. {page}–{page + 1}"


def test_header_and_footer_between_two_fragments_do_not_break_the_match(
    two_column: tuple[Path, PdfTruth, Document], lexical: object
) -> None:
    path, truth, doc = two_column
    start, end, page = _crossing(truth, doc.text)
    # in the file, the page's footer and the next page's header are drawn between the two halves
    footer, header = f"Page {page} of {truth.pages}", "ACME HOLDINGS INC. — MASTER SERVICES AGREEMENT"
    assert (page, footer) in truth.furniture and (page + 1, header) in truth.furniture
    quote = doc.text[start:end]
    results = lexical.verify([quote, f"{quote[:30]} {footer} {quote[30:]}"], [doc.to_source()])  # type: ignore[attr-defined]
    assert results[0].verdict is Verdict.VERBATIM
    assert not results[1].verdict.accepted  # the furniture is not in the text a quote is matched against


def test_pdf_ellipsis_quote_over_two_pages_maps_each_fragment(
    two_column: tuple[Path, PdfTruth, Document], lexical: object
) -> None:
    _, truth, doc = two_column
    start, end, page = _crossing(truth, doc.text)
    left = doc.text[start:start + 40].rsplit(" ", 1)[0]
    right = doc.text[end - 40:end].split(" ", 1)[1]
    assert doc.text.count(left) == doc.text.count(right) == 1
    [r] = lexical.verify([f"{left} ... {right}"], [doc.to_source()])  # type: ignore[attr-defined]
    assert r.verdict is Verdict.VERBATIM and len(r.spans) == 2
    a, b = locate_result(r, {doc.id: doc})
    assert (a.page_start, b.page_end) == (page, page + 1)


@settings(max_examples=60, deadline=None)
@given(data=st.data())
def test_pdf_locate_gives_the_pages_of_the_range(two_column: tuple[Path, PdfTruth, Document], data: st.DataObject) -> None:
    _, truth, doc = two_column
    start = data.draw(st.integers(0, len(doc.text) - 1))
    end = data.draw(st.integers(start + 1, min(len(doc.text), start + 3000)))
    loc = doc.locate(start, end)
    visible = [i for i in range(start, end) if not doc.text[i].isspace()]
    if not visible:
        return
    assert loc.page_start == truth.page_of(visible[0])
    assert loc.page_end == truth.page_of(visible[-1])
    assert loc.page_start is not None and loc.page_end is not None
    assert all(loc.page_start <= b[0] <= loc.page_end for b in loc.boxes)
    assert all(b[1] < b[3] and b[2] < b[4] for b in loc.boxes)


def test_pdf_word_boxes_sit_on_the_drawn_line(two_column: tuple[Path, PdfTruth, Document]) -> None:
    _, truth, doc = two_column
    line = next(ln for ln in truth.lines if ln.page == 2 and ln.column == 1)
    word = line.text.split(" ")[0]
    loc = doc.locate(line.start, line.start + len(word))
    [(page, x0, y0, x1, y1)] = loc.boxes
    assert page == 2
    assert abs(x0 - line.x) < 2 and y0 - 1 < line.y < y1  # the baseline is inside the box
    assert x1 - x0 > 2


def test_scanned_pdf_is_uncheckable_with_the_reason(tmp_path: Path, lexical: object) -> None:
    make_pdf(_paragraphs(4, seed=1), tmp_path / "scan.pdf", scanned=True)
    doc = load(tmp_path / "scan.pdf")
    assert doc.text == "" and doc.uncheckable_reason == "no text layer"
    assert doc.pages >= 1 and doc.pages_without_text == tuple(range(1, doc.pages + 1))
    [r] = lexical.verify(["the licensee shall pay"], [doc.to_source()])  # type: ignore[attr-defined]
    assert r.verdict is Verdict.UNCHECKABLE
    [named] = with_document_reasons([r], [doc])
    assert named.verdict is Verdict.UNCHECKABLE and named.reason.endswith("no text layer (scanned PDF; OCR is not supported)")
    assert r.reason != named.reason  # a new result; the original is untouched


def test_a_page_without_text_layer_is_listed(tmp_path: Path) -> None:
    import pypdfium2 as pdfium

    make_pdf(_paragraphs(2, seed=2), tmp_path / "a.pdf")
    pdf = pdfium.PdfDocument(str(tmp_path / "a.pdf"))
    blank = pdf.new_page(612, 792)
    blank.close()
    pdf.save(str(tmp_path / "b.pdf"))
    pdf.close()
    doc = load(tmp_path / "b.pdf")
    assert doc.text and doc.uncheckable_reason is None
    assert doc.pages_without_text == (doc.pages,)


# --------------------------------------------------------------------------- highlights


def test_highlighted_pdf_has_one_annotation_per_quote_on_its_pages(
    two_column: tuple[Path, PdfTruth, Document], tmp_path: Path, lexical: object
) -> None:
    import pypdfium2 as pdfium
    import pypdfium2.raw as raw

    from quote_guard.documents import highlight_pdf, render_page_png

    path, truth, doc = two_column
    start, end, page = _crossing(truth, doc.text)
    on_1 = next(ln for ln in truth.lines if ln.page == 1 and ln.column == 0 and doc.text.count(ln.text) == 1)
    on_3 = next(ln for ln in truth.lines if ln.page == 3 and doc.text.count(ln.text) == 1)
    quotes = [doc.text[start:end], on_1.text, on_3.text, "the moon is made of cheese"]
    results = lexical.verify(quotes, [doc.to_source()])  # type: ignore[attr-defined]
    assert [r.verdict.accepted for r in results] == [True, True, True, False]
    expected: dict[int, int] = {}
    for p in (page, page + 1, 1, 3):
        expected[p] = expected.get(p, 0) + 1
    out = tmp_path / "msa.highlighted.pdf"
    written = highlight_pdf(path, results, out, document=doc)
    assert len(written) == sum(expected.values())

    pdf = pdfium.PdfDocument(str(out))  # the reader library opens the copy
    try:
        counts, notes = {}, []
        for i in range(len(pdf)):
            pg = pdf[i]
            n = raw.FPDFPage_GetAnnotCount(pg.raw)
            for k in range(n):
                annot = raw.FPDFPage_GetAnnot(pg.raw, k)
                assert raw.FPDFAnnot_GetSubtype(annot) == raw.FPDF_ANNOT_HIGHLIGHT
                size = raw.FPDFAnnot_GetStringValue(annot, b"Contents", None, 0)
                buf = (raw.FPDF_WCHAR * (size // 2))()
                raw.FPDFAnnot_GetStringValue(annot, b"Contents", buf, size)
                notes.append(bytes(buf).decode("utf-16-le").rstrip("\0"))
                raw.FPDFPage_CloseAnnot(annot)
            if n:
                counts[i + 1] = n
            pg.close()
    finally:
        pdf.close()
    assert counts == expected
    assert all(n.startswith("verbatim") for n in notes)
    original = pdfium.PdfDocument(str(path))
    first = original[0]
    assert raw.FPDFPage_GetAnnotCount(first.raw) == 0  # the original is untouched
    first.close()
    original.close()

    plain = render_page_png(path, 1)
    marked = render_page_png(path, 1, [h for h in written if h.page == 1])
    assert plain[:8] == marked[:8] == b"\x89PNG\r\n\x1a\n" and plain != marked
    assert render_page_png(out, 1) != plain  # the annotation itself is drawn
    with pytest.raises(SourceError, match="no page 99"):
        render_page_png(path, 99)
    with pytest.raises(SourceError, match="overwrite"):
        highlight_pdf(path, results, path, document=doc)


# --------------------------------------------------------------------------- DOCX


def test_docx_paragraphs_tables_pages_and_furniture(tmp_path: Path, lexical: object) -> None:
    pytest.importorskip("docx")
    paras = ["Consulting Agreement", "The Consultant shall deliver the reports monthly.", "",
             "Either party may terminate on thirty days notice."]
    make_docx(paras, tmp_path / "c.docx", header="ACME — Confidential", footer="Draft 3",
              table=[["Fee", "USD 10,000"], ["Term", "two years"]], page_break_before=[3])
    doc = load(tmp_path / "c.docx")
    assert doc.kind == "docx"
    assert doc.text == ("Consulting Agreement\n\nThe Consultant shall deliver the reports monthly.\n\n"
                        "Either party may terminate on thirty days notice.\n\nFee\n\nUSD 10,000\n\nTerm\n\ntwo years")
    assert {f.text for f in doc.furniture} == {"ACME — Confidential", "Draft 3"}
    assert doc.pages == 2
    [r] = lexical.verify(["Either party may terminate on thirty days notice"], [doc.to_source()])  # type: ignore[attr-defined]
    assert r.verdict is Verdict.VERBATIM
    [loc] = locate_result(r, [doc])
    assert (loc.paragraph, loc.page_start) == (3, 2)  # the empty paragraph 2 still counts
    assert loc.describe() == "p. 2, ¶ 4"
    i = doc.text.index("Consultant shall")  # first run is bold: the span crosses two runs
    loc = doc.locate(i - 4, i + 16)
    assert (loc.paragraph, loc.paragraph_end, loc.page_start) == (1, 1, 1)
    i = doc.text.index("USD 10,000")
    assert doc.locate(i, i + 10).paragraph == 5  # table cells are paragraphs, in document order
    spanning = doc.locate(0, len(doc.text))
    assert (spanning.paragraph, spanning.page_start, spanning.page_end) == (0, 1, 2)


def test_docx_without_page_marks_has_no_pages(tmp_path: Path) -> None:
    pytest.importorskip("docx")
    make_docx(["Rent is due monthly.", "Notices are in writing."], tmp_path / "d.docx")
    doc = load(tmp_path / "d.docx")
    assert doc.pages == 0
    loc = doc.locate(0, 4)
    assert loc.page_start is None and loc.paragraph == 0


# --------------------------------------------------------------------------- HTML


def test_html_text_and_element_paths(tmp_path: Path, lexical: object) -> None:
    make_html(tmp_path / "p.html", "<nav>Home</nav><div><p>The  <b>Tenant</b>\n shall pay &euro;10.</p>"
              "<p>Second para<br>next line</p></div><div><ul><li>one</li><li>two <!-- note --> three</li></ul></div>"
              "<pre>a  b\n  c</pre>")
    doc = load(tmp_path / "p.html")
    assert doc.text == "Home\n\nThe Tenant shall pay €10.\n\nSecond para\nnext line\n\none\n\ntwo three\n\na  b\n  c"
    assert "not text" not in doc.text and "color" not in doc.text  # script and style are out
    [r] = lexical.verify(["The Tenant shall pay €10"], [doc.to_source()])  # type: ignore[attr-defined]
    assert r.verdict is Verdict.VERBATIM
    assert locate_result(r, [doc])[0].element == "html/body/div[1]/p[1]"
    i = doc.text.index("Tenant")
    assert doc.locate(i, i + 6).element == "html/body/div[1]/p[1]/b"
    i = doc.text.index("three")
    assert doc.locate(i, i + 5).element == "html/body/div[2]/ul/li[2]"
    i = doc.text.index("Second")
    assert doc.locate(i, doc.text.index("three")).element == "html/body"
    import lxml.html

    tree = lxml.html.parse(str(tmp_path / "p.html"))
    [li] = tree.xpath("/" + "html/body/div[2]/ul/li[2]")
    assert "three" in li.text_content()


def test_html_charset_from_meta_and_empty_page() -> None:
    page = '<html><head><meta charset="iso-8859-1"></head><body><p>Caf\xe9 cr\xe8me</p></body></html>'
    doc = load_bytes(page.encode("latin-1"), kind="html", id="menu")
    assert doc.text == "Café crème"
    empty = load_bytes(b"<html><body><script>x()</script></body></html>", kind=".html", id="e")
    assert empty.text == "" and empty.uncheckable_reason == "no text"


# --------------------------------------------------------------------------- load(), errors, the map


def test_load_text_and_errors(tmp_path: Path) -> None:
    (tmp_path / "a.md").write_text("# Title\n\nRent is due.", encoding="utf-8")
    doc = load(tmp_path / "a.md", id="a")
    assert (doc.id, doc.kind, doc.text) == ("a", "text", "# Title\n\nRent is due.")
    assert doc.locate(0, 3) == Location()
    with pytest.raises(SourceError, match="unknown document type '.xyz'"):
        load(tmp_path / "a.xyz")
    with pytest.raises(SourceError, match="cannot read"):
        load(tmp_path / "missing.pdf")
    (tmp_path / "bad.pdf").write_bytes(b"%PDF-1.4 this is not a pdf")
    with pytest.raises(SourceError, match="as a PDF"):
        load(tmp_path / "bad.pdf")
    (tmp_path / "bad.docx").write_bytes(b"PK not a zip")
    with pytest.raises(SourceError, match="as a DOCX"):
        load(tmp_path / "bad.docx")
    (tmp_path / "bad.txt").write_bytes(b"caf\xe9")
    with pytest.raises(SourceError, match="not UTF-8"):
        load(tmp_path / "bad.txt")
    with pytest.raises(SourceError, match="unknown document kind"):
        load_bytes(b"x", kind="odt", id="x")
    with pytest.raises(ValueError, match="not inside the text"):
        doc.locate(5, 500)


def test_locate_result_ignores_spans_of_other_sources(two_column: tuple[Path, PdfTruth, Document]) -> None:
    _, _, doc = two_column
    r = QuoteResult("x", Verdict.VERBATIM, (Span("elsewhere.txt", 0, 4), Span(doc.id, 0, 6)))
    other, here = locate_result(r, [doc])
    assert other == Location() and here.page_start == 1
    assert Source(doc.id, doc.text) == doc.to_source()


def test_furniture_rules() -> None:
    from quote_guard.documents.furniture import Candidate, find_furniture, is_page_number

    assert [is_page_number(t) for t in ("7", "- 7 -", "Page 3 of 12", "xii", "3.", "Section 2", "2019")] == [
        True, True, True, True, False, False, True]
    lines = [
        Candidate(1, "Acme Corp — Confidential", 760, 792), Candidate(1, "The parties agree.", 700, 792),
        Candidate(2, "Acme Corp — Confidential", 760, 792), Candidate(2, "Notices.", 770, 792),
        Candidate(3, "Acme Corp — Confidential", 760, 792), Candidate(3, "12", 30, 792),
        Candidate(3, "Exhibit 10.1 page 3", 40, 792),
    ]
    assert find_furniture(lines, 3) == {0, 2, 4, 5}  # a lone top line and a one-page footer stay
    deeper = [Candidate(p, "Acme Corp — Confidential", 715, 792) for p in (1, 2, 3)]
    deeper += [Candidate(p, f"ARTICLE {p}", 715, 792) for p in (1, 2, 3)]
    assert find_furniture(deeper, 3) == {0, 1, 2}  # 1 inch down: only a word-for-word repeat


@pytest.mark.parametrize(
    ("left", "right", "keep"),
    [("termi-", "nation", False), ("non-", "exclusive", True), ("self-", "insured", True), ("8-", "K", True),
     ("anglo-", "American", True), ("Muscle-", "Pharm", False), ("CONTAI-", "NED", False), ("sub-", "tracting", False), ("-", "and", None),
     ("broad-", "based", True), ("All-", "scripts", False), ("Value-", "Added", True), ("Third-", "Party", True)],
)
def test_line_end_hyphens(left: str, right: str, keep: bool | None) -> None:
    from collections import Counter

    from quote_guard.documents.pdf import _keep_hyphen

    assert _keep_hyphen(left, right) is keep
    if keep is not None and left[-2].isalpha():  # the document's own spelling of the word wins
        word = (left[:-1] + right).lower()
        assert _keep_hyphen(left, right, Counter({word: 2, left.lower() + right.lower(): 1})) is False
        assert _keep_hyphen(left, right, Counter({left.lower() + right.lower(): 1})) is True


@pytest.mark.parametrize(
    "name",
    ["quote_guard.documents", "quote_guard.documents._types", "quote_guard.documents.furniture",
     "quote_guard.documents.highlight"],
)
def test_docstring_examples(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    import doctest
    import importlib

    monkeypatch.chdir(Path(__file__).resolve().parent.parent)  # the examples import tests/_docgen.py
    monkeypatch.setattr("sys.path", list(__import__("sys").path))
    failures, tried = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert failures == 0 and tried > 0


def test_import_stays_light() -> None:
    import subprocess
    import sys

    code = ("import sys, quote_guard.documents; "
            "print(sorted(m for m in ('pypdfium2', 'docx', 'lxml', 'numpy') if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert "pypdfium2" not in out and "docx" not in out and "lxml" not in out


def test_attach_locations_fills_the_result_fields(two_column: tuple[Path, PdfTruth, Document], lexical: object) -> None:
    import dataclasses

    from quote_guard.documents import attach_locations

    _, truth, doc = two_column
    start, end, page = _crossing(truth, doc.text)
    results = lexical.verify([doc.text[start:end], "the moon is made of cheese"], [doc.to_source()])  # type: ignore[attr-defined]
    if "page_start" not in {f.name for f in dataclasses.fields(QuoteResult)}:
        with pytest.raises(TypeError, match="add them to quote_guard.models"):
            attach_locations(results, [doc])
        pytest.skip("QuoteResult has no page fields yet (the lead adds them)")
    located, unsupported = attach_locations(results, [doc])
    assert (getattr(located, "page_start"), getattr(located, "page_end")) == (page, page + 1)  # noqa: B009
    assert {b[0] for b in getattr(located, "boxes")} == {page, page + 1}  # noqa: B009
    assert unsupported is results[1]
