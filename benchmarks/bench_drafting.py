#!/usr/bin/env python3
"""Quotes of contract sentences with a drafting habit's words left out: the verdicts they get.

    python benchmarks/bench_drafting.py [--cuad DIR]

Contracts carry words that a reader quoting them often leaves out, none of which changes what the
sentence says:

- **kind**: a party's kind of body and where it was formed, in the preamble: "by and between Acme
  Inc., a Delaware corporation ("Acme"), and ..." ("a"/"an", a capitalised word, up to a kind of
  body: corporation, company, partnership, limited liability company, LLC, trust, bank,
  association, with "organized under the laws of ..." after it or not; the first such in the
  first 4,000 characters of each contract);
- **open list**: the words that keep a list after "including" open: "including, without
  limitation,", "including but not limited to" (the first in each contract);
- **pointer**: where a term is defined, in brackets: "(as defined in Section 1.4)", "(as defined
  below)" (the first in each contract);
- **here-word**: a pointer to the document itself at a sentence's end ("as stated herein.",
  "any provision hereof."), left out, the quote ending with the sentence's full stop.

And words a reader writes otherwise, the first of each in every contract replaced: "such" by
"the" ("such third parties"), "and/or" by "or", "upon" by "on"; these should be accepted (``paraphrase`` at least).

Each quote is the 120 characters before the words and the 120 after, on one line, whole words,
with the words (and a comma of theirs) left out, or replaced; it should be ``near_verbatim`` (a quote cut
right before a condition or an exception of its sentence is ``altered`` by design). Each is
verified against its own CUAD contract, lexical and semantic stages. Nothing is asserted.
"""

from __future__ import annotations

import re
import sys
from collections import Counter
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

from cuad import contracts  # noqa: E402

from quote_guard import Source, Verifier  # noqa: E402

_KIND = r"(?:corporation|company|partnership|limited liability company|limited partnership|LLC|trust|bank|association)"
# (pattern, where to look at most, what the quote puts in the words' place, the quote ends at the
# sentence's full stop): a habit's words left out ("") or written otherwise
HABITS = {
    "kind": (re.compile(rf", (an? [A-Z][\w .-]{{0,60}}?{_KIND}(?: organized (?:and existing )?under the laws of "
                        rf"[\w ,]{{1,50}}?)?)(?=,| \(|;)"), 4000, "", False),
    "open list": (re.compile(r"(?<=including)(,? (?:without limitation|but not limited to),?)(?= [a-z])"), None, "", False),
    "pointer": (re.compile(r"( \(as defined (?:in|under|below|above|herein)[^()\n]{0,40}\))"), None, "", False),
    "here-word": (re.compile(r"(?<=[a-z])( (?:herein|hereof|hereto|hereunder|thereof|thereunder))(?=\.\s)"), None, "", True),
    "such -> the": (re.compile(r"(?<= )such(?= [a-z])"), None, "the", False),
    "and/or -> or": (re.compile(r"(?<= )and/or(?= )"), None, "or", False),
    "upon -> on": (re.compile(r"(?<= )upon(?= [a-z])"), None, "on", False),
}


def quotes(text: str) -> list[tuple[str, str]]:
    """(habit, quote) for the first place of each habit in a contract, on one line: the 120
    characters before it and the 120 after (or to the full stop), whole words."""
    out = []
    for habit, (pattern, within, put, to_stop) in HABITS.items():
        m = pattern.search(text, 0, within or len(text))
        if m is None:
            continue
        head = max(text.rfind("\n", 0, m.start()) + 1, m.start() - 120)
        segment = text[head : m.end() + (1 if to_stop else 120)]
        if "\n" in segment:
            continue
        at = m.start() - head
        words = (segment[:at] + put + segment[at + len(m.group(0)) :]).split()
        out.append((habit, " ".join(words[1:] if to_stop else words[1:-1])))
    return out


def main() -> None:
    files = contracts(__doc__.split("\n")[0])
    v = Verifier()
    v.warm_up()
    tally: Counter[tuple[str, str]] = Counter()
    for f in files:
        text = f.read_text(encoding="utf-8", errors="replace")
        for habit, quote in quotes(text):
            [r] = v.verify([quote], [Source(f.name, text)])
            tally[habit, r.verdict.value] += 1
    print(f"{len(files)} contracts\n")
    verdicts = ["verbatim", "near_verbatim", "paraphrase", "altered", "unsupported", "uncheckable"]
    print("| left out | n | " + " | ".join(verdicts) + " |")
    print("|---|---|" + "---|" * len(verdicts))
    for habit in HABITS:
        row = [tally[habit, x] for x in verdicts]
        print(f"| {habit} | {sum(row)} | " + " | ".join(str(x) for x in row) + " |")


if __name__ == "__main__":
    main()
