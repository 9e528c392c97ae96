#!/usr/bin/env python3
"""Quotes of a contract's preamble with a party's kind left out: the verdicts they get.

    python benchmarks/bench_preambles.py [--cuad DIR]

A contract's preamble says what kind of body each party is and where it was formed: "by and
between Acme Inc., a Delaware corporation ("Acme"), and ...". A reader quoting who the parties
are often leaves that appositive out. For the first such appositive in the first 4,000
characters of each CUAD contract ("a"/"an", a capitalised word, up to a kind of body:
corporation, company, partnership, limited liability company, LLC, trust, bank, association,
with "organized under the laws of ..." after it or not), on one line, the quote is the 120
characters before it and the 120 after, whole words, with the appositive and its comma left out;
it should be ``near_verbatim``. Each quote is verified against its own contract (lexical and
semantic stages). Nothing is asserted.
"""

from __future__ import annotations

import argparse
import re
import sys
from collections import Counter
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

from quote_guard import Source, Verifier  # noqa: E402

_KIND = r"(?:corporation|company|partnership|limited liability company|limited partnership|LLC|trust|bank|association)"
_APPOSITIVE = re.compile(rf", (an? [A-Z][\w .-]{{0,60}}?{_KIND}(?: organized (?:and existing )?under the laws of "
                         rf"[\w ,]{{1,50}}?)?)(?=,| \(|;)")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--cuad", type=Path, default=HERE.parent.parent / "shared" / "data" / "cuad" / "full_contract_txt")
    a = ap.parse_args()
    files = sorted(a.cuad.glob("*.txt"))
    if not files:
        raise SystemExit(f"no contracts in {a.cuad} (expected CUAD's full_contract_txt); see ../shared/data")
    v = Verifier()
    v.warm_up()
    tally: Counter[str] = Counter()
    for f in files:
        text = f.read_text(encoding="utf-8", errors="replace")
        m = _APPOSITIVE.search(text, 0, 4000)
        if m is None:
            continue
        line_start = text.rfind("\n", 0, m.start()) + 1
        segment = text[max(line_start, m.start() - 120) : m.end() + 120]
        if "\n" in segment:
            continue
        at = segment.find(m.group(0))
        quote = " ".join((segment[:at] + segment[at + len(m.group(0)) :]).split()[1:-1])  # whole words
        [r] = v.verify([quote], [Source(f.name, text)])
        tally[r.verdict.value] += 1
    n = sum(tally.values())
    print(f"{len(files)} contracts, {n} preambles with a party's kind left out\n")
    verdicts = ["verbatim", "near_verbatim", "paraphrase", "altered", "unsupported", "uncheckable"]
    print("| n | " + " | ".join(verdicts) + " |")
    print("|---|" + "---|" * len(verdicts))
    print(f"| {n} | " + " | ".join(str(tally[x]) for x in verdicts) + " |")


if __name__ == "__main__":
    main()
