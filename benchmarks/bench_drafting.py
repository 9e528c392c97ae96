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
"the" ("such third parties"), "and/or" by "or", "upon" by "on", and a contract's words written
plainly: "before" for "prior to", "under" for "pursuant to", "if" for "in the event that",
"regarding" for "with respect to", "end" for "terminate", "begin" for "commence", "use" for
"utilize", "will" for "shall", "set out" for "set forth", "all" for "any and all", "whether" for
"whether or not", "quickly" for "promptly", "such as" for "including", "that" for "which", "this"
for "such", "may" for "shall be entitled to"; these should be accepted (``paraphrase`` at least).

Each quote is, first, the 120 characters before the words and the 120 after, on one line, whole words,
with the words (and a comma of theirs) left out, or replaced; it should be ``near_verbatim`` (a quote cut
right before a condition or an exception of its sentence is ``altered`` by design). Each is
verified against its own CUAD contract, lexical and semantic stages. Then, for the words written
otherwise, the first whole sentence that holds them, and the first two sentences in a row, as a
reader quotes a clause (two more tables); and each of those with a change of meaning made as well
(``CHANGES``: "not" dropped, another figure, "may" for "shall", the other party, "any" for "no",
"non-exclusive"), which should all be rejected. Nothing is asserted.
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
    "prior to -> before": (re.compile(r"(?<= )prior to(?= [a-z])"), None, "before", False),
    "pursuant to -> under": (re.compile(r"(?<= )pursuant to(?= [a-z])"), None, "under", False),
    "in the event that -> if": (re.compile(r"(?<= )in the event that(?= [a-z])"), None, "if", False),
    "with respect to -> regarding": (re.compile(r"(?<= )with respect to(?= [a-z])"), None, "regarding", False),
    "terminate -> end": (re.compile(r"(?<= )terminate(?= [a-z])"), None, "end", False),
    "commence -> begin": (re.compile(r"(?<= )commence(?= [a-z])"), None, "begin", False),
    "utilize -> use": (re.compile(r"(?<= )utilize(?= [a-z])"), None, "use", False),
    "shall -> will": (re.compile(r"(?<= )shall(?= [a-z])"), None, "will", False),
    "set forth -> set out": (re.compile(r"(?<= )set forth(?= [a-z])"), None, "set out", False),
    "any and all -> all": (re.compile(r"(?<= )any and all(?= [a-z])"), None, "all", False),
    "whether or not -> whether": (re.compile(r"(?<= )whether or not(?= [a-z])"), None, "whether", False),
    "promptly -> quickly": (re.compile(r"(?<= )promptly(?= [a-z])"), None, "quickly", False),
    "including -> such as": (re.compile(r"(?<= )including(?= [a-z])"), None, "such as", False),
    "which -> that": (re.compile(r"(?<=[a-z] )which(?= [a-z])"), None, "that", False),
    "such -> this": (re.compile(r"(?<= )such(?= [a-z])"), None, "this", False),
    "shall be entitled to -> may": (re.compile(r"(?<= )shall be entitled to(?= [a-z])"), None, "may", False),
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


# a whole sentence on one line, as a reader quotes it: after a sentence's end, from a capital to a
# full stop or a semicolon (then, for two sentences in a row, the next one)
_SENTENCE = r"(?<=[.!?]\s)[A-Z][^\n]{40,300}?[.;](?=\s)"
_SENTENCES = {1: re.compile(_SENTENCE), 2: re.compile(_SENTENCE + r" [A-Z][^\n]{20,300}?[.;](?=\s)")}


def sentence_quotes(text: str, n: int) -> list[tuple[str, str]]:
    """(habit, quote) for the first ``n`` whole sentences in a row of a contract that hold each
    habit written otherwise (those with a word put in the habit's place), the habit replaced."""
    out = []
    for habit, (pattern, _, put, _) in HABITS.items():
        if not put:
            continue
        for m in _SENTENCES[n].finditer(text):
            hit = pattern.search(m.group(0))
            if hit is not None:
                out.append((habit, m.group(0)[: hit.start()] + put + m.group(0)[hit.end() :]))
                break
    return out


_SWAPPED_PARTY = {"Licensee": "Licensor", "Licensor": "Licensee", "Buyer": "Seller", "Seller": "Buyer",
                  "Company": "Customer", "Customer": "Company", "Distributor": "Supplier", "Supplier": "Distributor"}
# a change of meaning made as well, the first place of each in the quote: these must all be rejected
CHANGES = {
    "not dropped": lambda q: re.sub(r"\b(shall|will|may|does|is|are) not\b", r"\1", q, count=1),
    "another figure": lambda q: re.sub(r"\b(\d)(\d*)\b", lambda m: str(int(m.group(1)) % 9 + 1) + m.group(2), q, count=1),
    "may for shall": lambda q: re.sub(r"\bshall\b", "may", q, count=1),
    "the other party": lambda q: re.sub(rf"\b({'|'.join(_SWAPPED_PARTY)})\b", lambda m: _SWAPPED_PARTY[m.group(1)], q, count=1),
    "any for no": lambda q: re.sub(r"\bno\b", "any", q, count=1),
    "non-exclusive": lambda q: re.sub(r"(?<!-)\bexclusive\b", "non-exclusive", q, count=1),
}


def table(title: str, tally: Counter[tuple[str, str]], habits: list[str]) -> None:
    """A markdown table of each habit's (row's) verdicts, counted in ``tally`` by (row, verdict)."""
    verdicts = ["verbatim", "near_verbatim", "paraphrase", "altered", "unsupported", "uncheckable"]
    print(f"| {title} | n | " + " | ".join(verdicts) + " |")
    print("|---|---|" + "---|" * len(verdicts))
    for habit in habits:
        row = [tally[habit, x] for x in verdicts]
        print(f"| {habit} | {sum(row)} | " + " | ".join(str(x) for x in row) + " |")
    print()


def main() -> None:
    files = contracts(__doc__.split("\n")[0])
    v = Verifier()
    v.warm_up()
    tallies: dict[str, Counter[tuple[str, str]]] = {"window": Counter(), "1": Counter(), "2": Counter(),
                                                    "changed": Counter()}
    for f in files:
        text = f.read_text(encoding="utf-8", errors="replace")
        for key, found in (("window", quotes(text)), ("1", sentence_quotes(text, 1)), ("2", sentence_quotes(text, 2))):
            for habit, quote in found:
                [r] = v.verify([quote], [Source(f.name, text)])
                tallies[key][habit, r.verdict.value] += 1
                for change, make in CHANGES.items() if key != "window" else ():
                    if (changed := make(quote)) != quote:
                        [r] = v.verify([changed], [Source(f.name, text)])
                        tallies["changed"][change, r.verdict.value] += 1
    print(f"{len(files)} contracts\n")
    table("left out or replaced (240 characters around)", tallies["window"], list(HABITS))
    replaced = [h for h, (_, _, put, _) in HABITS.items() if put]
    table("replaced, in one whole sentence", tallies["1"], replaced)
    table("replaced, in two whole sentences", tallies["2"], replaced)
    table("replaced in one or two sentences, and a change of meaning made", tallies["changed"], list(CHANGES))


if __name__ == "__main__":
    main()
