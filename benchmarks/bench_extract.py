"""How long does extract_quotes take on a 1 MB answer? (A script, not a test.)

Builds answers of about 1 MB with a fixed seed: a realistic mix (prose with apostrophes,
quotes of every family, citations, block quotes, tags, code, JSON), and adversarial inputs
that make naive scanners quadratic (unclosed marks, backtick runs, unclosed tags, possessives
inside an open quote). Prints best-of-N wall time per input, throughput, quotes found, and
the ratio to a naive one-regex extractor run on the same text (the baseline that cannot
tell apostrophes from quotes).

    .venv/bin/python benchmarks/bench_extract.py [--repeat 5] [--size 1000000]
"""

from __future__ import annotations

import argparse
import json
import random
import re
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from quote_guard.extract import extract_quotes

WORDS = [
    "the", "tenant", "shall", "pay", "rent", "monthly", "in", "advance", "landlord", "repair", "roof",
    "within", "days", "notice", "lease", "agreement", "party", "term", "renewal", "deposit", "premises",
    "clause", "section", "governed", "law", "state", "either", "may", "end",
]
PROSE = ["I don't think", "it's clear that", "the tenant’s duty", "in the 1990’s", "’tis true", "rock ’n’ roll",
         "the students’ books", "Hawai‘i law", "as agreed,", "so", "and", "however,"]
FAMILIES = [("“", "”"), ('"', '"'), ("‘", "’"), ("„", "“"), ("« ", " »"), ("«", "»"), ("「", "」"), ("<q>", "</q>")]
CITES = ["", " [1]", " [S2]", " (Source: lease.pdf)", "[^3]", ""]


def phrase(rng: random.Random, lo: int = 3, hi: int = 12) -> str:
    return " ".join(rng.choice(WORDS) for _ in range(rng.randint(lo, hi)))


def realistic(size: int, seed: int = 7) -> str:
    rng = random.Random(seed)
    parts: list[str] = []
    n = 0
    while n < size:
        r = rng.random()
        if r < 0.08:
            piece = "\n\n> " + phrase(rng) + "\n> " + phrase(rng) + "\n\n"
        elif r < 0.12:
            piece = "\n\n```python\nx = \"" + phrase(rng) + "\"  # it's code\n```\n\n"
        elif r < 0.16:
            piece = " `" + phrase(rng, 1, 3) + "` "
        else:
            o, c = rng.choice(FAMILIES)
            piece = f"{rng.choice(PROSE)} {phrase(rng, 2, 6)} {o}{phrase(rng)}{c}{rng.choice(CITES)}. "
            if rng.random() < 0.1:
                piece += "\n\n"
        parts.append(piece)
        n += len(piece)
    return "".join(parts)[:size]


def json_answer(size: int, seed: int = 11) -> str:
    rng = random.Random(seed)
    items = []
    n = 0
    while n < size:
        item = {"text": phrase(rng), "source": f"S{rng.randint(1, 9)}"}
        items.append(item)
        n += len(json.dumps(item)) + 2
    return json.dumps({"answer": "See the quotes.", "quotes": items})


def adversarial(size: int) -> dict[str, str]:
    return {
        "unclosed “": ("“" + "ab " * 3)[: 7] * (size // 7),
        "apostrophes": "don't it's ’tis " * (size // 16),
        "possessive in open ‘": "‘" + "the students’ books " * (size // 20),
        "backtick runs": ("`" * 7 + " x ") * (size // 10),
        "unclosed <q>": "<q> a " * (size // 6),
        "ASCII \" soup": '"a "b ' * (size // 6),
        "one long line, no marks": "x" * size,
    }


def naive(text: str) -> int:
    return len(re.findall(r"[\"“‘']([^\"”’']{1,500})[\"”’']", text))


def best(fn, arg: str, repeat: int) -> tuple[float, int]:  # type: ignore[no-untyped-def]
    times = []
    found = 0
    for _ in range(repeat):
        t0 = time.perf_counter()
        out = fn(arg)
        times.append(time.perf_counter() - t0)
        found = out if isinstance(out, int) else len(out)
    return min(times), found


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--size", type=int, default=1_000_000)
    args = ap.parse_args()
    inputs = {"realistic prose": realistic(args.size), "JSON answer": json_answer(args.size)}
    inputs.update(adversarial(args.size))
    print(f"extract_quotes, best of {args.repeat}, Python {sys.version.split()[0]}")
    print(f"{'input':<26}{'chars':>10}{'ms':>10}{'MB/s':>8}{'quotes':>9}{'naive ms':>10}{'ratio':>8}")
    for name, text in inputs.items():
        t, found = best(extract_quotes, text, args.repeat)
        tn, _ = best(naive, text, args.repeat)
        print(f"{name:<26}{len(text):>10,}{t * 1000:>10.1f}{len(text) / t / 1e6:>8.1f}{found:>9,}"
              f"{tn * 1000:>10.1f}{t / tn if tn else float('nan'):>8.1f}")


if __name__ == "__main__":
    main()
