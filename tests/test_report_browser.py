"""The HTML report in a real browser: headless Chromium through selenium.

Locally the tests skip (with the reason) when chromium or chromedriver is missing; under CI
(the ``CI`` variable set) a missing browser is a failure, since ``.ci/run`` installs it.
"""

from __future__ import annotations

import os
import shutil
import tempfile

import pytest

from quote_guard import Verifier
from quote_guard.report import ResultRecord, write_html

pytestmark = pytest.mark.slow

HOSTILE = (
    "Preamble of a hostile file. <script>window.__pwned = 'script';</script>\n"
    '<img src="x" onerror="window.__pwned = \'img\'"> <b onmouseover="window.__pwned = 1">bold?</b>\n'
    "The Supplier shall deliver the goods within ten (10) days.\n"
)
FILLER = "".join(f"Clause {i}. The parties agree to clause number {i} of this long agreement.\n" for i in range(400))
LONG = FILLER + "The Buyer shall pay the price within thirty (30) days of delivery.\n" + FILLER
QUOTES = [
    "<script>window.__pwned = 'script';</script>",  # quotes the hostile markup itself
    "The Supplier shall deliver the goods within ten (10) days.",
    "The Buyer shall pay the price within thirty (30) days of delivery.",
    "The Buyer may pay the price within sixty (60) days of delivery.",  # altered
    "Clause 3. The parties agree ... clause number 3 of this long agreement.",  # ellipsis
    "A sentence that appears in no source whatsoever, invented by the model.",
]

# provider citations re-verified (rows of quote_guard.cli.check_citations), one carrying markup
CITATIONS = [
    {"kind": "citation", "origin": "answers.jsonl:1", "provider": "anthropic", "source_id": "hostile.html.txt",
     "cited_text": "<img src=x onerror=\"window.__pwned = 'cite'\">", "status": "unsupported",
     "reason": "the cited text is in no source", "claimed_location": {"kind": "chars", "start": 0, "end": 40}},
    {"kind": "citation", "origin": "answers.jsonl:1", "provider": "anthropic", "source_id": "long.txt",
     "cited_text": "The Buyer shall pay the price within thirty (30) days of delivery.", "status": "ok",
     "reason": "the cited text is at the claimed place", "claim": "The Buyer pays within 30 days."},
]


def _find(*names: str) -> str | None:
    for name in names:
        path = shutil.which(name)
        if path:
            return path
    return None


@pytest.fixture(scope="module")
def driver():
    chromium = _find("chromium", "chromium-browser", "google-chrome")
    chromedriver = _find("chromedriver")
    if not chromium or not chromedriver:
        reason = "headless Chromium is not installed (apt-get install chromium chromium-driver)"
        if os.environ.get("CI"):
            pytest.fail(f"{reason}; CI must install it before running the tests")
        pytest.skip(reason)
    from selenium import webdriver
    from selenium.webdriver.chrome.options import Options
    from selenium.webdriver.chrome.service import Service

    profile = tempfile.mkdtemp(prefix="qg-chromium-")
    opts = Options()
    opts.binary_location = chromium
    for arg in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-dev-shm-usage",
                "--window-size=1280,800", f"--user-data-dir={profile}"):
        opts.add_argument(arg)
    drv = webdriver.Chrome(options=opts, service=Service(chromedriver))
    yield drv
    drv.quit()
    shutil.rmtree(profile, ignore_errors=True)


@pytest.fixture(scope="module")
def report(tmp_path_factory):
    sources = {"hostile.html.txt": HOSTILE, "long.txt": LONG}
    results = Verifier().verify(QUOTES, sources)
    path = tmp_path_factory.mktemp("report") / "report.html"
    records = [ResultRecord(i, r) for i, r in enumerate(results)]
    write_html(path, records, sources, citations=CITATIONS)
    return path, sources, records


@pytest.fixture
def page(driver, report):
    driver.get(report[0].as_uri())
    return driver


# JS: for every mark, its offset in the source computed from the DOM (the region's data-offset plus
# the length of the text before it inside the region), against its data-start/data-end.
MARK_POSITIONS = """
return Array.from(document.querySelectorAll('mark.hl')).map(function (m) {
  var region = m.closest('.region'), walker = document.createTreeWalker(region, NodeFilter.SHOW_TEXT);
  var before = 0, node;
  while ((node = walker.nextNode())) { if (m.contains(node)) break; before += node.data.length; }
  return {source: m.closest('article').dataset.source, q: m.dataset.q, text: m.textContent,
          dom_start: +region.dataset.offset + before, start: +m.dataset.start, end: +m.dataset.end};
});
"""


def test_highlights_sit_where_the_spans_say(page, report):
    _, sources, records = report
    marks = page.execute_script(MARK_POSITIONS)
    assert marks, "no highlight rendered"
    covered: dict[tuple[int, str], set[int]] = {}
    for m in marks:
        assert m["dom_start"] == m["start"], m
        assert m["text"] == sources[m["source"]][m["start"]:m["end"]], m
        for q in m["q"].split():
            covered.setdefault((int(q), m["source"]), set()).update(range(m["start"], m["end"]))
    for rec in records:
        want: dict[tuple[int, str], set[int]] = {}
        for s in rec.result.spans:
            want.setdefault((rec.index, s.source_id), set()).update(range(s.start, s.end))
        got = {k: v for k, v in covered.items() if k[0] == rec.index}
        assert got == want, rec.result.quote
    # the spans the Verifier found are the real ones (a check on the fixture, not the page)
    assert records[2].result.verdict.value == "verbatim" and records[3].result.verdict.value == "altered"
    assert len(records[4].result.spans) == 2


def test_clicking_a_quote_scrolls_to_its_span(page, report):
    records = report[2]
    target = records[2]  # deep inside the long document
    docs = page.find_element("id", "docs")
    page.execute_script("arguments[0].scrollTop = 0;", docs)
    visible = ("var r = document.getElementById(arguments[0]).getBoundingClientRect(),"
               " p = arguments[1].getBoundingClientRect(); return r.top >= p.top && r.bottom <= p.bottom;")
    anchor = f"q{target.index}-0"
    assert not page.execute_script(visible, anchor, docs)
    page.find_element("css selector", f'a.qlink[data-q="{target.index}"]').click()
    assert page.execute_script("return arguments[0].scrollTop;", docs) > 1000
    assert page.execute_script(visible, anchor, docs)
    flashed = page.execute_script("return Array.from(document.querySelectorAll('mark.flash')).map(m => m.dataset.q)")
    assert flashed and all(str(target.index) in q.split() for q in flashed)
    assert page.find_element("id", f"item-{target.index}").find_element("tag name", "details").get_attribute("open")


def test_hostile_source_does_not_execute(page, report):
    assert page.execute_script("return window.__pwned === undefined;")
    assert page.execute_script("return document.scripts.length;") == 1
    assert page.execute_script("return document.querySelectorAll('article img, article b, article script').length;") == 0
    text = page.execute_script(
        "return document.querySelector('article[data-source=\"hostile.html.txt\"] .region').textContent;"
    )
    assert "<script>window.__pwned = 'script';</script>" in text
    # the hostile quote is listed as text too
    assert "<script>" in page.find_element("id", "item-0").text


def test_filter_and_sort_by_verdict_and_confidence(page, report):
    records = report[2]
    shown = lambda: page.execute_script(
        "return Array.from(document.querySelectorAll('#quote-list li.quote:not(.hidden)'))"
        ".map(li => [li.dataset.verdict, +li.dataset.confidence, +li.dataset.index]);"
    )
    first = shown()
    assert len(first) == len(records)
    assert [c for _, c, _ in first] == sorted(c for _, c, _ in first)  # lowest confidence first
    page.find_element("css selector", 'input.vfilter[value="verbatim"]').click()
    assert all(v != "verbatim" for v, _, _ in shown())
    assert len(shown()) == sum(r.result.verdict.value != "verbatim" for r in records)
    page.find_element("css selector", 'input.vfilter[value="verbatim"]').click()
    page.execute_script("var s = document.getElementById('maxconf'); s.value = '0.5';"
                        " s.dispatchEvent(new Event('input'));")
    assert all(c <= 0.5 for _, c, _ in shown()) and len(shown()) == sum(r.confidence <= 0.5 for r in records)
    page.execute_script("var s = document.getElementById('sort'); s.value = 'input';"
                        " s.dispatchEvent(new Event('change'));")
    assert [i for _, _, i in shown()] == sorted(i for _, _, i in shown())


def test_pdf_quotes_show_their_highlighted_page_image(driver, tmp_path):
    """A report over a PDF source shows, next to each quote found in it, the page image with the
    quotes highlighted; the browser decodes every image (the ones shown by reference too)."""
    pytest.importorskip("pypdfium2")
    from _docgen import make_pdf

    from quote_guard.documents import attach_locations, load

    paras = [f"{i + 1}. The Supplier shall deliver lot {i + 1} of the goods within {i + 10} days of the order, "
             f"and the Customer shall inspect lot {i + 1} on arrival at the warehouse." for i in range(12)]
    truth = make_pdf(paras, tmp_path / "msa.pdf", lines_per_column=10)
    doc = load(tmp_path / "msa.pdf", id="msa.pdf")
    on = {p: next(ln.text for ln in truth.lines if ln.page == p and doc.text.count(ln.text) == 1) for p in (1, 2)}
    quotes = [on[1], on[2], paras[0].split(",")[0] + ".", "Penguins migrate to the desert every leap year in June."]
    results = attach_locations(Verifier().verify(quotes, [doc.to_source()]), [doc])
    records = [ResultRecord(i, r) for i, r in enumerate(results)]
    path = tmp_path / "report.html"
    write_html(path, records, {doc.id: doc.text}, documents={doc.id: doc}, files={doc.id: tmp_path / "msa.pdf"})
    driver.get(path.as_uri())
    imgs = driver.execute_script(
        "return Array.from(document.querySelectorAll('img.page')).map(function (i) {"
        " return {q: +i.closest('li.quote').dataset.index, page: +i.dataset.page, w: i.naturalWidth,"
        " h: i.naturalHeight, done: i.complete}; });"
    )
    by_q = {}
    for im in imgs:
        by_q.setdefault(im["q"], []).append(im["page"])
        assert im["done"] and im["w"] > 0 and im["h"] > im["w"], im  # decoded, a portrait page
    assert by_q == {0: [1], 1: [2], 2: [1]}  # the unsupported quote has no page
    assert driver.execute_script("return document.querySelectorAll('img.page[src^=\"data:image/png\"]').length;") == 3


def test_provider_citations_are_listed_as_text_and_the_quote_filters_leave_them(page):
    items = page.find_elements("css selector", "#citations li.cite")
    assert [li.get_attribute("data-status") for li in items] == ["unsupported", "ok"]  # failing first
    assert items[0].is_displayed() and "cites hostile.html.txt" in items[0].text
    items[0].find_element("tag name", "summary").click()
    assert "<img src=x onerror=" in items[0].text  # the markup shows as text
    assert page.execute_script("return window.__pwned === undefined;")
    page.find_element("css selector", 'input.vfilter[value="unsupported"]').click()  # a quote filter
    assert all(li.is_displayed() for li in items)
