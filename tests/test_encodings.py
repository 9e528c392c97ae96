"""Issue 12: sources decoded robustly (BOM, UTF-8, cp1252 with a warning); unreadable files are
reported and skipped while the run goes on; lone surrogates never reach a writer."""

from __future__ import annotations

import json
import warnings
from pathlib import Path

import pytest

from quote_guard.errors import SourceError
from quote_guard.sources import CONTROL_LIMIT, UnreadableSourceError, decode_bytes, read_source_file, scrub_surrogates

with warnings.catch_warnings():
    warnings.filterwarnings("ignore", message=r".*will be removed in Click 9", category=DeprecationWarning)
    from typer.testing import CliRunner

from quote_guard.cli import app, load_sources

TEXT = "Le café « crème » coûte 3 €. The Tenant’s rent is due."


@pytest.mark.parametrize(
    ("data", "encoding"),
    [
        (b"\xef\xbb\xbf" + TEXT.encode("utf-8"), "utf-8"),
        (b"\xff\xfe" + TEXT.encode("utf-16-le"), "utf-16-le"),
        (b"\xfe\xff" + TEXT.encode("utf-16-be"), "utf-16-be"),
        (b"\xff\xfe\x00\x00" + TEXT.encode("utf-32-le"), "utf-32-le"),
        (b"\x00\x00\xfe\xff" + TEXT.encode("utf-32-be"), "utf-32-be"),
        (TEXT.encode("utf-8"), "utf-8"),
    ],
)
def test_bom_and_utf8_decode_without_warning(data: bytes, encoding: str) -> None:
    d = decode_bytes(data, "f.txt")
    assert (d.text, d.encoding, d.warning) == (TEXT, encoding, None)


def test_cp1252_is_read_with_a_warning_that_names_the_file() -> None:
    raw = "Caf\u00e9 \u201cquoted\u201d \u20ac5".encode("cp1252")
    d = decode_bytes(raw, "contracts/latin.txt")
    assert d.text == "Café “quoted” €5" and d.encoding == "cp1252"
    assert d.warning is not None and "contracts/latin.txt" in d.warning and "cp1252" in d.warning


def test_nul_bytes_without_a_wide_bom_make_a_file_unreadable() -> None:
    with pytest.raises(UnreadableSourceError, match=r"scan.pdf: binary file \(NUL bytes"):
        decode_bytes(b"%PDF-1.4\x00\x01\x02", "scan.pdf")
    assert issubclass(UnreadableSourceError, SourceError)


def test_more_than_one_percent_control_characters_is_unreadable_and_the_limit_holds() -> None:
    n = 1000
    under = "a" * (n - int(n * CONTROL_LIMIT)) + "\x07" * int(n * CONTROL_LIMIT)
    assert decode_bytes(under.encode(), "ok.txt").text == under  # exactly 1 %: still text
    over = "a" * (n - 11) + "\x07" * 11
    with pytest.raises(UnreadableSourceError, match="control characters"):
        decode_bytes(over.encode(), "noise.txt")
    # tabs, line feeds, carriage returns and form feeds are text
    assert decode_bytes(b"a\tb\r\n\x0cc" * 50, "t.txt").encoding == "utf-8"


def test_a_bom_whose_body_does_not_decode_is_unreadable() -> None:
    with pytest.raises(UnreadableSourceError, match="utf-32-le byte-order mark"):
        decode_bytes(b"\xff\xfe\x00\x00\xff\xff\xff\xff", "bad.txt")


def test_read_source_file_names_a_missing_file(tmp_path: Path) -> None:
    with pytest.raises(UnreadableSourceError, match="gone.txt: cannot read it"):
        read_source_file(tmp_path / "gone.txt")


def test_lone_surrogates_become_replacement_characters() -> None:
    s = json.loads('"a\\ud800b\\udfffc\\ud83d\\ude00"')
    assert scrub_surrogates(s) == "a\ufffdb\ufffdc😀"
    same = "plain"
    assert scrub_surrogates(same) is same


def _folder(root: Path) -> Path:
    docs = root / "docs"
    docs.mkdir()
    (docs / "utf8.txt").write_text("The Tenant shall pay the rent monthly.", encoding="utf-8")
    (docs / "bom16.txt").write_bytes(b"\xff\xfe" + "The Landlord shall insure the building.".encode("utf-16-le"))
    (docs / "latin.txt").write_bytes("The café shall open at nine o’clock sharp.".encode("cp1252"))
    (docs / "scan.txt").write_bytes(b"\x00\x01\x02binary junk\x00")
    return docs


def test_load_sources_reads_a_mixed_folder_and_lists_what_it_skipped(tmp_path: Path) -> None:
    docs = _folder(tmp_path)
    seen: list[str] = []
    skipped: list[str] = []
    out = load_sources([str(docs)], warn=seen.append, skipped=skipped)
    assert set(out) == {str(docs / n) for n in ("utf8.txt", "bom16.txt", "latin.txt")}
    assert out[str(docs / "latin.txt")] == "The café shall open at nine o’clock sharp."
    assert len(skipped) == 1 and "scan.txt" in skipped[0]
    assert any("latin.txt" in m and "cp1252" in m for m in seen)


def test_a_mixed_encoding_folder_completes_and_the_exit_code_says_a_file_was_skipped(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    _folder(tmp_path)
    quotes = [
        {"quote": "The Tenant shall pay the rent monthly."},
        {"quote": "The Landlord shall insure the building."},
        {"quote": "The café shall open at nine o’clock sharp."},
        {"quote": "a lone \ud800 surrogate quote"},
    ]
    (tmp_path / "q.jsonl").write_text("\n".join(json.dumps(q) for q in quotes) + "\n", encoding="utf-8")
    res = CliRunner().invoke(app, ["verify", "docs", "--quotes", "q.jsonl", "--out", "r.jsonl", "--no-semantic",
                                   "--fail-on", "altered"], env={"COLUMNS": "200"})
    assert res.exit_code == 4, res.output
    assert "scan.txt" in res.output and "unreadable and skipped" in res.output
    assert "latin.txt: not UTF-8; read as cp1252" in res.output
    rows = [json.loads(x) for x in (tmp_path / "r.jsonl").read_text(encoding="utf-8").splitlines()]
    assert [r["verdict"] for r in rows[:3]] == ["verbatim"] * 3
    assert rows[3]["quote"] == "a lone \ufffd surrogate quote"
    side = json.loads((tmp_path / "r.jsonl.manifest.json").read_text(encoding="utf-8"))
    assert "docs/scan.txt" not in side["input_hashes"] and "docs/latin.txt" in side["input_hashes"]
