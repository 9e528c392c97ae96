"""The hand-written benchmark sets are well formed: every passage they name loads from ../shared/data,
every item names one of them, ids are unique and labels are known. A set that names a missing file or
a passage kind the runner cannot read would otherwise fail only in ``make bench-handwritten``."""
from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

BENCHMARKS = Path(__file__).resolve().parent.parent / "benchmarks"
sys.path.insert(0, str(BENCHMARKS))

import run_handwritten  # noqa: E402

SETS = sorted(BENCHMARKS.glob("handwritten*.json"))
needs_data = pytest.mark.skipif(not run_handwritten.DATA.is_dir(), reason="../shared/data is not here")


def test_every_set_is_found() -> None:
    assert len(SETS) >= 60
    assert any("heldout" in s.name for s in SETS) and any("tune" in s.name for s in SETS)


@needs_data
@pytest.mark.parametrize("path", SETS, ids=[s.stem for s in SETS])
def test_a_set_loads_and_its_items_name_its_passages(path: Path) -> None:
    spec = json.loads(path.read_text(encoding="utf-8"))
    texts = run_handwritten.passages(spec["passages"], path)
    assert texts and all(len(t) > 50 for t in texts.values()), "a passage is empty or tiny"
    ids = [it["id"] for it in spec["items"]]
    assert len(ids) == len(set(ids)), "ids repeat"
    for it in spec["items"]:
        assert it["source"] in texts, f"{it['id']} names no passage of the set"
        assert it["expect"] in ("faithful", "changed"), it["id"]
        assert it["quote"].strip(), it["id"]


@needs_data
def test_a_tatqa_passage_is_one_report_in_paragraph_order() -> None:
    raw = json.loads((run_handwritten.DATA / "tatqa" / "tatqa_dataset_test_gold.json").read_text(encoding="utf-8"))
    report = raw[5]["paragraphs"]
    text = run_handwritten.passages({"r": {"tatqa": 5}})["r"]
    first = min(report, key=lambda p: p["order"])["text"]
    assert text.startswith(first) and text.count("\n\n") == len(report) - 1


def test_a_passage_of_no_known_kind_is_an_error_that_names_it() -> None:
    with pytest.raises(SystemExit, match="'odd'"):
        run_handwritten.passages({"odd": {"pdf": "x.pdf"}})
