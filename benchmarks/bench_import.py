#!/usr/bin/env python3
"""How long `import quote_guard` takes in a fresh interpreter, against a bare interpreter start.

    python benchmarks/bench_import.py [--runs 5]

Prints the median of N fresh-process runs (wall time of the import alone, measured inside the
child), the bare `python -c pass` start-up of the same run as a baseline, and which heavy
modules the import loaded (it must load none). Target: median <= 0.30 s.
"""
from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import time

HEAVY = ["numpy", "torch", "transformers", "sentence_transformers", "litellm", "guardrails", "ray", "ragas",
         "openpyxl", "rich", "typer", "edlib", "bm25s", "pypdfium2", "pdfplumber", "pypdf", "docx", "lxml"]
CHILD = (
    "import sys, time; t = time.perf_counter(); import quote_guard; d = time.perf_counter() - t; "
    f"print(d); print(','.join(m for m in {HEAVY!r} if m in sys.modules))"
)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--runs", type=int, default=5)
    args = ap.parse_args()
    times, bare, heavy = [], [], set()
    for _ in range(args.runs):
        t = time.perf_counter()
        subprocess.run([sys.executable, "-c", "pass"], check=True)
        bare.append(time.perf_counter() - t)
        out = subprocess.run([sys.executable, "-c", CHILD], check=True, capture_output=True, text=True).stdout.split("\n")
        times.append(float(out[0]))
        heavy.update(m for m in out[1].split(",") if m)
    med = statistics.median(times)
    print("| figure | value |\n|---|---|")
    print(f"| import quote_guard, median of {args.runs} | {med:.3f} s (target <= 0.30 s) |")
    print(f"| min / max | {min(times):.3f} / {max(times):.3f} s |")
    print(f"| bare interpreter start (baseline, same run) | {statistics.median(bare):.3f} s |")
    print(f"| heavy modules loaded | {', '.join(sorted(heavy)) or 'none'} |")


if __name__ == "__main__":
    main()
