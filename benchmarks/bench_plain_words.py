#!/usr/bin/env python3
"""Quotes of report and article sentences with a formal word put in plain words: the verdicts they get.

    python benchmarks/bench_plain_words.py [--per-word N]

A model that restates a sentence of a Wikipedia article or a company's report between quotation
marks often writes a formal word plainly: "about" for "approximately", "because of" for "due to",
"mainly" for "primarily", "compared with" for "compared to", "also" for "In addition,". Each such
quote says what its sentence says, in other words: it should be accepted (``paraphrase``). The
same quote with a change of meaning made as well ("not" dropped, another figure, "fell" for "rose")
should be rejected.

Sentences: XQuAD's English paragraphs (Wikipedia, CC BY-SA 4.0) and TAT-QA's report paragraphs
(finance, CC BY 4.0), from ../shared/data; the first ``--per-word`` sentences (150 by default), in
file order, that hold each formal word, each verified against its own paragraph (lexical and
semantic stages). Nothing is asserted.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections import Counter
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
sys.path.insert(0, str(HERE))

from bench_drafting import table  # noqa: E402

from quote_guard import Source, Verifier  # noqa: E402

DATA = HERE.parent.parent / "shared" / "data"
_SENTENCE = re.compile(r"(?:(?<=[.!?]\s)|^)[A-Z][^\n]{40,300}?[.](?=\s|$)")


def _word(pattern: str, plain: str):  # noqa: ANN202 (a small closure)
    return lambda s: re.sub(pattern, plain, s, count=1)


# formal word -> the sentence with it written plainly (the first place in the sentence)
WORDS = {
    "approximately -> about": _word(r"\bapproximately\b", "about"),
    "due to -> because of": _word(r"\bdue to\b", "because of"),
    "as a result of -> because of": _word(r"\bas a result of\b", "because of"),
    "primarily -> mainly": _word(r"\bprimarily\b", "mainly"),
    "compared to -> compared with": _word(r"\bcompared to\b", "compared with"),
    "In addition, -> Also,": _word(r"^In addition, ", "Also, "),
    "However, -> But": _word(r"^However, ", "But "),
    "known as -> called": _word(r"\bknown as\b", "called"),
    "located -> situated": _word(r"\blocated\b", "situated"),
    "large -> big": _word(r"\blarge\b", "big"),
    "although -> though": _word(r"\balthough\b", "though"),
    "performed -> carried out": _word(r"\bperformed\b", "carried out"),
    "following -> after": _word(r"\bfollowing\b(?= the)", "after"),
    "reduction -> decrease": _word(r"\breduction\b", "decrease"),
    "in excess of -> more than": _word(r"\bin excess of\b", "more than"),
    "currently -> now": _word(r"\bcurrently\b", "now"),
    "the majority of the -> most of the": _word(r"\b[Tt]he majority of the\b", "most of the"),
}
# a change of meaning made as well, the first place of each in the quote: these must all be rejected
CHANGES = {
    "not dropped": _word(r"\b(was|were|is|are|did|does|do|has|have|had) not\b", r"\1"),
    "another figure": lambda q: re.sub(r"\b(\d)(\d*)\b", lambda m: str(int(m.group(1)) % 9 + 1) + m.group(2), q, count=1),
    "the other direction": lambda q: re.sub(r"\b(increased|decreased|rose|fell)\b",
                                            lambda m: {"increased": "decreased", "decreased": "increased",
                                                       "rose": "fell", "fell": "rose"}[m.group(1)], q, count=1),
}


def paragraphs() -> list[str]:
    """XQuAD's English paragraphs, then TAT-QA's reports (each report's paragraphs joined), in file order."""
    xquad = json.loads((DATA / "xquad" / "xquad.en.json").read_text(encoding="utf-8"))
    out = [p["context"] for article in xquad["data"] for p in article["paragraphs"]]
    for name in ("tatqa_dataset_dev.json", "tatqa_dataset_test_gold.json"):
        for doc in json.loads((DATA / "tatqa" / name).read_text(encoding="utf-8")):
            out.append(" ".join(p["text"] for p in doc.get("paragraphs", [])))
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--per-word", type=int, default=150)
    per_word = ap.parse_args().per_word
    texts = paragraphs()
    v = Verifier()
    v.warm_up()
    tally: Counter[tuple[str, str]] = Counter()
    changed: Counter[tuple[str, str]] = Counter()
    for text in texts:
        for sentence in _SENTENCE.findall(text):
            for word, put in WORDS.items():
                quote = put(sentence)
                if quote == sentence or sum(n for (w, _), n in tally.items() if w == word) >= per_word:
                    continue
                [r] = v.verify([quote], [Source("p", text)])
                tally[word, r.verdict.value] += 1
                for change, make in CHANGES.items():
                    if (other := make(quote)) != quote:
                        [r] = v.verify([other], [Source("p", text)])
                        changed[change, r.verdict.value] += 1
    print(f"{len(texts)} paragraphs\n")
    table("written plainly, one whole sentence", tally, list(WORDS))
    table("and a change of meaning made", changed, list(CHANGES))



if __name__ == "__main__":
    main()
