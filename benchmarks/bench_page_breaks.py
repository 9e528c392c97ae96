#!/usr/bin/env python3
"""Quotes that run across a page break of a filed contract: the verdicts they get.

    python benchmarks/bench_page_breaks.py [--cuad DIR] [--limit N]

CUAD's contracts are EDGAR filings turned into text: each page break leaves the page's number on
a line of its own ("7", "-7-", "Page 7 of 20"), often with the filing's running header or footer
("Source: ACME CORP, 10-K, 5/9/2019") and rule lines. A sentence that runs across the break has
them in the middle. For every such break that splits a sentence (the line before it ends in a
lower-case letter, a comma or a semicolon; the line after starts with one or a bracket), two
quotes are made, the ten words before the break and the ten after:

- **read**: as a reader writes it, the furniture left out: it should be ``near_verbatim`` (a
  quote cut right before a condition or an exception of its sentence is ``altered`` by design);
- **copied**: the same words with the page break as the source has it, lower-cased: it should be
  ``near_verbatim`` too.

Each quote is verified against its own contract alone (lexical stage, semantic stage on), and
the verdicts are counted by kind of break: ``number`` (only page numbers and blank lines),
``furniture`` (with a running header, a footer or a rule) or ``footer`` (a running footer alone, a
line repeated in the document with no page number beside it: "Source: ACME CORP, 10-K,
5/9/2019"). Nothing is asserted.
"""

from __future__ import annotations

import re
import sys
import time
from collections import Counter
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

from cuad import contracts  # noqa: E402

from quote_guard import Source, Verifier  # noqa: E402
from quote_guard.normalize import is_page_number_line  # noqa: E402

_RULE = re.compile(r"[-_=*~\s]{10,}")


def _across(lines: list[str], a: int, b: int) -> tuple[str, str]:
    """The two quotes across the lines between ``lines[a]`` and ``lines[b]``: the ten words before
    and the ten after, read (those lines left out) and copied (kept as they are, lower-cased)."""
    start = [m.start() for m in re.finditer(r"\S+", lines[a])][-10:][0]
    end = [m.end() for m in re.finditer(r"\S+", lines[b])][:10][-1]
    read = " ".join(lines[a][start:].split() + lines[b][:end].split())
    copied = "\n".join([lines[a][start:], *lines[a + 1 : b], lines[b][:end]])
    return read, copied.lower()


def breaks(text: str) -> list[tuple[str, str, str]]:
    """(kind, read, copied) for each page break that splits a sentence. A break is found by the
    benchmark's own reading, not by quote_guard's: a page-number line, with the blank lines, rules
    and lines repeated three times or more in the document around it."""
    lines = text.split("\n")
    counts = Counter(line.strip() for line in lines if line.strip())
    out = []
    i = 0

    def furniture(k: int) -> bool:
        s = lines[k].strip()
        return (not s or is_page_number_line(lines[k]) or _RULE.fullmatch(lines[k]) is not None
                or (counts[s] >= 3 and len(s.split()) <= 12))

    while i < len(lines):
        if not is_page_number_line(lines[i]):
            i += 1
            continue
        a = i - 1
        while a >= 0 and furniture(a):
            a -= 1
        b = i + 1
        while b < len(lines) and furniture(b):
            b += 1
        if a >= 0 and b < len(lines) and re.search(r"[a-z,;]$", lines[a].rstrip()) and re.match(r"\s*[a-z(]", lines[b]):
            block = [ln.strip() for ln in lines[a + 1 : b] if ln.strip()]
            kind = "number" if all(is_page_number_line(ln) for ln in block) else "furniture"
            out.append((kind, *_across(lines, a, b)))
        i = b
    return out


def footers(text: str) -> list[tuple[str, str, str]]:
    """("footer", read, copied) for each running footer with no page number beside it that splits
    a sentence: a line repeated three times or more in the document, a paragraph of its own, with
    a letter in it, between a line that ends in a lower-case letter, a comma or a semicolon and
    one that starts with a lower-case letter or a bracket (found the benchmark's own way)."""
    lines = text.split("\n")
    counts = Counter(line.strip() for line in lines if line.strip())
    out = []
    for i, line in enumerate(lines):
        s = line.strip()
        if not s or counts[s] < 2 or not re.search(r"[A-Za-z]", s) or is_page_number_line(line) or len(s.split()) > 12:
            continue
        a, b = i - 1, i + 1
        while a >= 0 and not lines[a].strip():
            a -= 1
        while b < len(lines) and not lines[b].strip():
            b += 1
        if a < 0 or b >= len(lines) or a == i - 1 or b == i + 1 or counts[lines[a].strip()] >= 2 or counts[lines[b].strip()] >= 2:
            continue  # (a paragraph of its own, between two lines of text)
        if re.search(r"[a-z,;]$", lines[a].rstrip()) and re.match(r"\s*[a-z(]", lines[b]):
            out.append(("footer", *_across(lines, a, b)))
    return out


def main() -> None:
    files = contracts(__doc__.split("\n")[0], limit=True)
    v = Verifier()
    v.warm_up()
    tally: Counter[tuple[str, str, str]] = Counter()
    n = 0
    t0 = time.process_time()
    for f in files:
        text = f.read_text(encoding="utf-8", errors="replace")
        for kind, read, copied in breaks(text) + footers(text):
            for form, quote in (("read", read), ("copied", copied)):
                [r] = v.verify([quote], [Source(f.name, text)])
                tally[form, kind, r.verdict.value] += 1
            n += 1
    print(f"{len(files)} contracts, {n} page breaks and running footers that split a sentence, {time.process_time() - t0:.1f} s of CPU\n")
    verdicts = ["verbatim", "near_verbatim", "paraphrase", "altered", "unsupported", "uncheckable"]
    print("| quote | break | n | " + " | ".join(verdicts) + " |")
    print("|---|---|---|" + "---|" * len(verdicts))
    for form in ("read", "copied"):
        for kind in ("number", "furniture", "footer"):
            row = [tally[form, kind, x] for x in verdicts]
            print(f"| {form} | {kind} | {sum(row)} | " + " | ".join(str(x) for x in row) + " |")


if __name__ == "__main__":
    main()
