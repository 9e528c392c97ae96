"""The CUAD contracts the contract benchmarks read (``bench_page_breaks.py``, ``bench_list_marks.py``,
``bench_drafting.py``): their folder from the command line, checked."""

from __future__ import annotations

import argparse
from pathlib import Path

DEFAULT = Path(__file__).resolve().parent.parent.parent / "shared" / "data" / "cuad" / "full_contract_txt"


def contracts(description: str, *, limit: bool = False) -> list[Path]:
    """The contracts named by ``--cuad DIR`` (CUAD's ``full_contract_txt`` by default), sorted; the
    first ``--limit N`` of them with ``limit``. Exits with a message naming the folder when it holds
    none."""
    ap = argparse.ArgumentParser(description=description)
    ap.add_argument("--cuad", type=Path, default=DEFAULT)
    if limit:
        ap.add_argument("--limit", type=int, default=0, help="contracts to read (0: all)")
    a = ap.parse_args()
    files = sorted(a.cuad.glob("*.txt"))
    if not files:
        raise SystemExit(f"no contracts in {a.cuad} (expected CUAD's full_contract_txt); see ../shared/data")
    return files[: a.limit] if limit and a.limit else files
