"""quote_guard.report: record round trips, streaming writers with resume, Excel, stats, HTML."""

from __future__ import annotations

import csv
import json
import re
from html.parser import HTMLParser
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from quote_guard import Verifier
from quote_guard.models import Difference, Metrics, QuoteResult, Span, Verdict
from quote_guard.report import (
    COLUMNS,
    WHOLE_DOC_CHARS,
    ResultRecord,
    confidence,
    melt,
    open_writer,
    read_records,
    record_from_dict,
    write_html,
    write_stats_csv,
)

# ---------------------------------------------------------------- helpers


def make(index: int, verdict: Verdict, *, ratio: float | None = 1.0, spans=(), quote: str | None = None,
         low: bool = False, cosine: float | None = None, diffs=()) -> ResultRecord:
    r = QuoteResult(
        quote=quote if quote is not None else f"quote number {index}",
        verdict=verdict,
        spans=tuple(spans),
        verbatim="the source text" if spans else None,
        metrics=Metrics(match_ratio=ratio, cosine_similarity=cosine, edit_distance=2, stage="fuzzy",
                        bm25_score=3.5, bm25_ratio=1.2, low_confidence=low, differences=tuple(diffs)),
        context="... context ...",
        reason="because",
    )
    return ResultRecord(index, r, origin=f"quotes.txt:{index + 1}")


DIFF = Difference("replace", "may", "shall", "modal")


def sample_records() -> list[ResultRecord]:
    return [
        make(0, Verdict.VERBATIM, spans=[Span("a.txt", 0, 5)]),
        make(1, Verdict.ALTERED, ratio=0.95, spans=[Span("a.txt", 10, 20)], diffs=[DIFF]),
        make(2, Verdict.UNSUPPORTED, ratio=None),
        make(3, Verdict.NEAR_VERBATIM, ratio=0.9, spans=[Span("b.txt", 3, 9), Span("b.txt", 15, 22)], low=True),
        make(4, Verdict.PARAPHRASE, ratio=None, cosine=0.81, spans=[Span("b.txt", 0, 4)]),
        make(5, Verdict.UNCHECKABLE, ratio=None, quote="=HYPERLINK(\"http://x\")"),
    ]


# ---------------------------------------------------------------- confidence


def test_confidence_puts_rejected_quotes_below_accepted_ones():
    recs = sample_records()
    by = {r.result.verdict: r.confidence for r in recs}
    assert by[Verdict.VERBATIM] == 1.0
    assert by[Verdict.UNCHECKABLE] == 0.0
    assert by[Verdict.UNSUPPORTED] == 0.0  # nothing aligned
    assert by[Verdict.ALTERED] == pytest.approx(0.2375)  # close to the source, still below any paraphrase
    assert by[Verdict.PARAPHRASE] == pytest.approx(0.25 + 0.25 * 0.81)  # from the cosine
    # a near_verbatim flagged low_confidence drops by 0.25
    assert by[Verdict.NEAR_VERBATIM] == pytest.approx(0.5 + 0.45 - 0.25)


@given(st.sampled_from(list(Verdict)), st.one_of(st.none(), st.floats(0, 1)), st.booleans())
def test_confidence_is_in_unit_interval(verdict, ratio, low):
    c = confidence(QuoteResult("q", verdict, metrics=Metrics(match_ratio=ratio, low_confidence=low)))
    assert 0.0 <= c <= 1.0
    if not verdict.accepted:
        assert c <= 0.5
    if verdict in (Verdict.ALTERED, Verdict.UNSUPPORTED, Verdict.UNCHECKABLE):
        assert c <= 0.25


def test_paraphrase_confidence_uses_the_cosine_not_the_failed_alignment():
    r = QuoteResult("q", Verdict.PARAPHRASE, metrics=Metrics(match_ratio=0.3, cosine_similarity=0.9))
    assert confidence(r) == pytest.approx(0.475)


# ---------------------------------------------------------------- round trips and writers


@pytest.mark.parametrize("suffix", [".jsonl", ".csv"])
def test_writer_round_trips_every_field(tmp_path: Path, suffix: str):
    path = tmp_path / f"out{suffix}"
    recs = sample_records()
    with open_writer(path) as w:
        for r in recs:
            w.write(r)
    back = list(read_records(path))
    assert [b.result for b in back] == [r.result for r in recs]
    assert [(b.index, b.origin, b.confidence) for b in back] == [(r.index, r.origin, r.confidence) for r in recs]


def test_jsonl_line_has_spans_metrics_and_differences(tmp_path: Path):
    path = tmp_path / "out.jsonl"
    with open_writer(path) as w:
        w.write(sample_records()[1])
    d = json.loads(path.read_text(encoding="utf-8"))
    assert d["spans"] == [{"source_id": "a.txt", "start": 10, "end": 20}]
    assert d["metrics"]["differences"] == [{"kind": "replace", "quote_text": "may", "source_text": "shall",
                                            "category": "modal"}]
    assert d["metrics"]["bm25_ratio"] == 1.2 and d["changed_words"] == ["may → shall"]
    assert {"index", "quote", "verdict", "confidence", "verbatim", "context", "reason", "origin"} <= set(d)


def test_csv_has_every_column(tmp_path: Path):
    path = tmp_path / "out.csv"
    with open_writer(path) as w:
        w.write(sample_records()[3])
    with path.open(newline="", encoding="utf-8") as f:
        rows = list(csv.DictReader(f))
    assert tuple(rows[0]) == COLUMNS
    assert json.loads(rows[0]["spans"])[1] == {"source_id": "b.txt", "start": 15, "end": 22}
    assert rows[0]["match_ratio"] == "0.9" and rows[0]["low_confidence"] == "True"


def test_jsonl_resume_drops_a_cut_line_and_reports_done(tmp_path: Path):
    path = tmp_path / "out.jsonl"
    recs = sample_records()
    with open_writer(path) as w:
        for r in recs[:3]:
            w.write(r)
    with path.open("a", encoding="utf-8") as f:
        f.write('{"index": 3, "quote": "cut in the midd')  # what a kill -9 leaves behind
    w = open_writer(path, resume=True)
    assert w.done == {0: recs[0].result.quote, 1: recs[1].result.quote, 2: recs[2].result.quote}
    w.write(recs[3])
    w.close()
    assert [r.index for r in read_records(path)] == [0, 1, 2, 3]


def test_csv_resume_drops_a_cut_row(tmp_path: Path):
    path = tmp_path / "out.csv"
    recs = sample_records()
    with open_writer(path) as w:
        for r in recs[:2]:
            w.write(r)
    text = path.read_text(encoding="utf-8")
    path.write_text(text + '2,"a quote with a\nnewline and no end', encoding="utf-8")
    w = open_writer(path, resume=True)
    assert set(w.done) == {0, 1}
    w.write(recs[2])
    w.close()
    assert [r.index for r in read_records(path)] == [0, 1, 2]


def test_csv_resume_refuses_a_foreign_file(tmp_path: Path):
    path = tmp_path / "other.csv"
    path.write_text("a,b\n1,2\n", encoding="utf-8")
    with pytest.raises(ValueError, match="not a quote-guard results file"):
        open_writer(path, resume=True)


def test_unknown_suffix_is_refused(tmp_path: Path):
    with pytest.raises(ValueError, match=r"\.parquet"):
        open_writer(tmp_path / "x.parquet")


def test_record_from_dict_rejects_rows_that_are_not_ours():
    with pytest.raises((KeyError, ValueError)):
        record_from_dict({"index": 0, "quote": "x", "verdict": "maybe", "metrics": {}, "spans": []})


# ---------------------------------------------------------------- excel


def test_xlsx_sorted_by_confidence_with_layout(tmp_path: Path):
    openpyxl = pytest.importorskip("openpyxl")
    path = tmp_path / "out.xlsx"
    recs = sample_records()
    w = open_writer(path)
    for r in recs:
        w.write(r)
    w.complete()
    assert not (tmp_path / "out.xlsx.partial.jsonl").exists()
    ws = openpyxl.load_workbook(path).active
    header = [c.value for c in ws[1]]
    assert tuple(header) == COLUMNS
    conf = [row[header.index("confidence")] for row in ws.iter_rows(min_row=2, values_only=True)]
    assert conf == sorted(r.confidence for r in recs)
    assert len(conf) == len(recs)
    assert ws.freeze_panes == "A2"
    letter = {name: openpyxl.utils.get_column_letter(i + 1) for i, name in enumerate(header)}
    assert ws.column_dimensions[letter["quote"]].width == 80
    assert ws.column_dimensions[letter["context"]].width == 80
    assert ws.column_dimensions[letter["match_ratio"]].width == 15
    assert ws[f"{letter['quote']}2"].alignment.wrap_text
    fills = {ws[f"{letter['verdict']}{i}"].value: ws[f"{letter['verdict']}{i}"].fill.fgColor.rgb
             for i in range(2, len(recs) + 2)}
    assert fills["altered"].endswith("FFCDD2") and fills["verbatim"].endswith("C8E6C9")
    # a quote that looks like a formula is a string cell, never evaluated, with no apostrophe added (issue 12)
    quotes = [row[header.index("quote")] for row in ws.iter_rows(min_row=2, values_only=True)]
    assert '=HYPERLINK("http://x")' in quotes


def test_xlsx_interrupted_keeps_a_valid_sheet_and_resumes(tmp_path: Path):
    openpyxl = pytest.importorskip("openpyxl")
    path = tmp_path / "out.xlsx"
    recs = sample_records()
    w = open_writer(path)
    for r in recs[:2]:
        w.write(r)
    w.close()  # interrupted: no complete()
    assert openpyxl.load_workbook(path).active.max_row == 3
    w = open_writer(path, resume=True)
    assert set(w.done) == {0, 1}
    for r in recs[2:]:
        w.write(r)
    w.complete()
    assert openpyxl.load_workbook(path).active.max_row == len(recs) + 1


# ---------------------------------------------------------------- stats


def test_melt_flattens_nested_stats():
    pairs = dict(melt({"n": 2, "by": {"verbatim": 1, "x": [3, {"y": 4}]}, "bad": float("nan"), "v": Verdict.ALTERED}))
    assert pairs == {"n": 2, "by.verbatim": 1, "by.x.0": 3, "by.x.1.y": 4, "bad": None, "v": "altered"}


def test_stats_csv_is_melted_from_the_verifier_stats(tmp_path: Path):
    from quote_guard import stats

    results = Verifier().verify(["The Tenant shall pay rent.", "The Tenant may pay rent.", "invented words here"],
                                {"lease": "The Tenant shall pay rent. The Landlord shall repair."})
    path = tmp_path / "stats.csv"
    write_stats_csv(path, stats(results))
    with path.open(newline="", encoding="utf-8") as f:
        rows = list(csv.reader(f))
    assert rows[0] == ["variable", "value"]
    got = dict(rows[1:])
    assert got["n_quotes"] == "3"
    assert int(got["n_verbatim"]) + int(got["n_altered"]) + int(got["n_unsupported"]) == 3
    assert got["n_verbatim"] == "1"


# ---------------------------------------------------------------- html


class _Marks(HTMLParser):
    """Collect each region's text and offset, and each mark's (start, end, text, quotes)."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.regions: list[tuple[int, str]] = []
        self.marks: list[tuple[int, int, str, str, int]] = []  # start, end, text, q, offset in region text
        self.anchors: list[tuple[str, int, int]] = []  # id, region number, offset in region text
        self.scripts = 0
        self._region: list[str] | None = None
        self._mark: dict | None = None

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "script":
            self.scripts += 1
        if tag == "div" and a.get("class") == "region":
            self._region = []
            self.regions.append((int(a["data-offset"]), ""))
        elif tag == "mark" and self._region is not None:
            self._mark = {"a": a, "text": [], "at": len("".join(self._region))}
        elif tag == "a" and a.get("class") == "anchor" and self._region is not None:
            self.anchors.append((a["id"], len(self.regions) - 1, len("".join(self._region))))

    def handle_endtag(self, tag):
        if tag == "mark" and self._mark is not None:
            m = self._mark
            self.marks.append((int(m["a"]["data-start"]), int(m["a"]["data-end"]), "".join(m["text"]),
                               m["a"]["data-q"], len(self.regions) - 1, m["at"]))
            self._mark = None
        elif tag == "div" and self._region is not None:
            off, _ = self.regions[-1]
            self.regions[-1] = (off, "".join(self._region))
            self._region = None

    def handle_data(self, data):
        if self._region is not None:
            self._region.append(data)
        if self._mark is not None:
            self._mark["text"].append(data)


def parse(path: Path) -> _Marks:
    p = _Marks()
    p.feed(path.read_text(encoding="utf-8"))
    return p


def test_html_is_self_contained_and_escaped(tmp_path: Path):
    hostile = 'Intro. <script>window.__pwned = 1</script> <img src=x onerror="alert(1)"> The Tenant shall pay rent.'
    sources = {"evil.txt": hostile}
    results = Verifier().verify(["<script>window.__pwned = 1</script>", "The Tenant shall pay rent."], sources)
    path = tmp_path / "r.html"
    write_html(path, [ResultRecord(i, r) for i, r in enumerate(results)], sources)
    page = path.read_text(encoding="utf-8")
    assert "<script>window.__pwned" not in page and "<img src=x" not in page
    assert "&lt;script&gt;window.__pwned = 1&lt;/script&gt;" in page
    assert parse(path).scripts == 1  # ours only
    assert not re.search(r"""(src|href)\s*=\s*["']?(https?:)?//""", page)  # nothing loads from the network
    assert "Content-Security-Policy" in page and "default-src 'none'" in page


def test_html_marks_sit_exactly_on_the_spans(tmp_path: Path):
    text = "Alpha beta gamma delta. " * 20
    recs = [
        make(0, Verdict.VERBATIM, spans=[Span("d", 6, 16)]),
        make(1, Verdict.ALTERED, ratio=0.9, spans=[Span("d", 11, 22)]),  # overlaps quote 0
        make(2, Verdict.NEAR_VERBATIM, ratio=0.9, spans=[Span("d", 100, 110), Span("d", 200, 230)]),
        make(3, Verdict.UNSUPPORTED, ratio=None),
    ]
    path = tmp_path / "r.html"
    write_html(path, recs, {"d": text, "unquoted": "nobody quotes this"})
    p = parse(path)
    assert len(p.regions) == 1 and p.regions[0] == (0, text)  # short documents are shown whole
    for start, end, mtext, _q, _region, at in p.marks:
        assert mtext == text[start:end] and at == start
    covered = {}
    for start, end, _t, q, _r, _a in p.marks:
        for qi in q.split():
            covered.setdefault(int(qi), set()).update(range(start, end))
    for rec in recs:
        want = set().union(*(range(s.start, s.end) for s in rec.result.spans)) if rec.result.spans else set()
        assert covered.get(rec.index, set()) == want
    # overlap takes the worst colour
    page = path.read_text(encoding="utf-8")
    assert 'class="hl v-altered" data-q="0 1" data-start="11" data-end="16"' in page
    anchors = {a: at for a, _r, at in p.anchors}
    assert anchors == {"q0-0": 6, "q1-0": 11, "q2-0": 100, "q2-1": 200}
    assert "nobody quotes this" not in page
    assert page.count('<li class="quote') == 4


def test_html_large_document_renders_only_regions_around_spans(tmp_path: Path):
    words = "lorem ipsum dolor sit amet consectetur adipiscing elit "
    text = words * (3 * WHOLE_DOC_CHARS // len(words))
    spans = [Span("big", 1000, 1040), Span("big", 1100, 1130), Span("big", 400_000, 400_050)]
    recs = [make(i, Verdict.VERBATIM, spans=[s]) for i, s in enumerate(spans)]
    path = tmp_path / "r.html"
    write_html(path, recs, {"big": text})
    assert path.stat().st_size < 20_000
    p = parse(path)
    assert len(p.regions) == 2  # the two close spans share one region
    for offset, rtext in p.regions:
        assert rtext == text[offset: offset + len(rtext)]
    for start, end, mtext, _q, region, at in p.marks:
        assert mtext == text[start:end]
        assert p.regions[region][0] + at == start
    assert "characters not shown" in path.read_text(encoding="utf-8")


@settings(max_examples=60, deadline=None)
@given(
    text=st.text(alphabet=st.sampled_from("ab <>&\"'\n\u00e9\u2014"), min_size=1, max_size=80),
    raw=st.lists(st.tuples(st.integers(0, 80), st.integers(0, 20), st.sampled_from(list(Verdict))), max_size=6),
)
def test_html_regions_round_trip_any_text_and_spans(tmp_path_factory, text, raw):
    recs = []
    for i, (start, length, verdict) in enumerate(raw):
        start = min(start, len(text))
        end = min(len(text), start + length)
        recs.append(make(i, verdict, spans=[Span("t", start, end)]))
    path = tmp_path_factory.mktemp("h") / "r.html"
    write_html(path, recs, {"t": text})
    p = parse(path)
    if not recs:
        assert p.regions == []  # a document nobody quoted is not shown
        return
    assert p.regions == [(0, text)]
    for start, end, mtext, _q, _r, at in p.marks:
        assert mtext == text[start:end] and at == start and end > start
