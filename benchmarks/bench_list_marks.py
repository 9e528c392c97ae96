#!/usr/bin/env python3
"""Quotes of contract sentences with a list's mark left out: the verdicts they get.

    python benchmarks/bench_list_marks.py [--cuad DIR]

Contracts run lists into their sentences: "shall (a) pay rent and (b) maintain the premises". A
reader quoting such a sentence often leaves the marks out. For the first mark of each CUAD
contract that sits between a word (or a comma) and a lower-case word, on one line, the quote is
the fifty characters before it and the fifty after, whole words, with every such mark left out;
it should be ``near_verbatim``. Each quote is verified against its own contract (lexical stage).
A quote cut right before or after a condition or an exception of its sentence is ``altered`` by
design. Nothing is asserted.
"""

from __future__ import annotations

import re
import sys
from collections import Counter
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

from cuad import contracts  # noqa: E402

from quote_guard import Source, Verifier, VerifierConfig  # noqa: E402

_MARK = r"\(([a-z]|i{1,3}|iv|v|vi{0,3}|\d)\)"


def main() -> None:
    files = contracts(__doc__.split("\n")[0])
    v = Verifier(VerifierConfig(semantic={"enabled": False}))
    tally: Counter[str] = Counter()
    for f in files:
        text = f.read_text(encoding="utf-8", errors="replace")
        m = re.search(rf"[a-z,;] {_MARK} [a-z]", text)
        if m is None:
            continue
        s, e = text.rfind(" ", 0, m.start() - 50), text.find(" ", m.end() + 50)
        if s < 0 or e < 0 or "\n" in text[s:e]:
            continue
        quote = re.sub(rf" {_MARK} ", " ", text[s + 1 : e])
        [r] = v.verify([quote], [Source(f.name, text)])
        tally[r.verdict.value] += 1
    verdicts = ["verbatim", "near_verbatim", "paraphrase", "altered", "unsupported", "uncheckable"]
    print(f"{sum(tally.values())} quotes with a list's mark left out, one per contract\n")
    print("| " + " | ".join(verdicts) + " |")
    print("|" + "---|" * len(verdicts))
    print("| " + " | ".join(str(tally[x]) for x in verdicts) + " |")


if __name__ == "__main__":
    main()
