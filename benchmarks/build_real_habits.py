#!/usr/bin/env python3
"""Build the "real-habits" dev set and its frozen slice from ../shared/data (fixed seed).

    python benchmarks/build_real_habits.py [--data DIR] [--out DIR] [--seed N]

Writes ``out/real_habits/`` (main set) and ``out/real_habits_frozen/`` (frozen slice), each with
``docs.jsonl`` + ``items.jsonl`` in the format of ``../shared/bench/dev`` (see its README and
score.py): one item is ``{id, label, quote, sources, spans, origin, edits}``, gold spans are
Python ``str`` offsets into the original document text. ``out/`` is git-ignored: derived data is
never committed. The same seed and the same raw data give byte-identical files.

Why a second set
    The dev split holds one edit per quote. Real models quote differently: several small edits at
    once, whole-sentence rewordings whose meaning slipped, cut quotes marked with "...", editorial
    brackets, merged sentences. This set imitates those habits on real text.

Main set (``out/real_habits``), built from CUAD contracts (legal), XQuAD Wikipedia articles
(news/science/encyclopedic), TAT-QA annual-report paragraphs (finance), MRPC and STS-B
paraphrase pairs (label 1 / score >= 4.6 only):

- ``verbatim`` / ``near_verbatim`` controls: exact sentences; single form edits (case,
  typography, whitespace, trailing punctuation, number format such as "10%" -> "10 percent").
- compound edits, 2 or 3 at once: form+form (near_verbatim) and form+meaning, e.g. case+number,
  typography+negation, trailing_cut+modal (altered; gold span = the passage quoted).
- meaning-flipped paraphrases (altered, gold span = the sentence restated): a rule-based
  rewording of the whole sentence (synonyms, fronted clause moved to the end, "this Agreement"
  -> "this contract", ...) plus one flip: negation, antonym, number, party, modal, quantifier,
  dropped_condition, dropped_exception, role_reversal, added_claim, added_qualifier.
- true paraphrases (paraphrase, gold span = the sentence restated): MRPC/STS-B positive pairs
  (one sentence placed in a genre-matched host document, the other is the quote; pairs whose
  quote adds digits, names or negations are dropped), and rule-based rewordings that keep every
  load-bearing element (at least three changes).
- ellipses: leading "...fragment" and trailing "fragment ..." (verbatim, gold span = fragment;
  the words just past the cut hold no negation/exception/condition), mid-quote ellipses written
  "...", "…", "[...]", " ...." and ". . ." (verbatim, one span per fragment); ellipses that hide
  a negation or an exception, mid-quote or just past a trailing cut (altered).
- editorial marks (near_verbatim): [sic], [T]he, [Name] standing for a pronoun (span = the
  pronoun's words), (emphasis added) / [emphasis added], footnote markers present in the source
  but dropped in the quote; a bracketed insertion naming the wrong party is altered.
- merged adjacent sentences (near_verbatim, span from the first word to the last), a sentence
  boundary removed so the next sentence's opening phrase joins the claim (altered), two distant
  sentences joined without an ellipsis (unsupported); a parenthetical dropped from the middle
  without an ellipsis (near_verbatim), or a phrase carrying a number or a limiter (altered).
- invented clauses, defined terms and titles (unsupported), built from the document's own party
  names and entities so that they are topical.

The flips are written from word lists of this file only. Nothing here imports quote_guard, so
the set does not change when the detector's lexicons do (avoid circular data).

Frozen slice (``out/real_habits_frozen``): built independently of the detector, never tuned on.

- MRPC non-paraphrase pairs (quality 0) and STS-B pairs with score <= 2.0: one sentence of the
  pair is placed in a genre-matched host document, the other is quoted as if it were that
  sentence. Rule: the quote is the sentence that carries more content words absent from the
  other, and it must carry at least two (or one number or name), so the quote states something
  the source does not (a quote that only drops information would be a faithful paraphrase).
  Label ``altered`` (gold span = the source sentence) when at least half of the quote's content
  words are in the source sentence: the same proposition is found, changed or extended;
  otherwise ``unsupported`` (no span).
- FaithBench (real LLM summaries, human span annotations): each summary sentence overlapped by
  an annotation labelled ``Unwanted`` (Intrinsic or Extrinsic) is quoted against its source
  article. The same coverage rule against the best-matching source sentence gives ``altered``
  (span = that sentence) or ``unsupported``. Summary sentences of samples no annotator marked at
  all, whose figures all occur in the source, that are not near-copies and that restate one
  source sentence (coverage >= 0.6), are ``paraphrase`` controls.
- antonym flips whose trigger words are outside quote_guard's lexicons and outside the issue's
  curated list (``FROZEN_PAIRS``: written/oral, gross/net, basic/diluted, fixed/variable,
  domestic/foreign, north/south, ...), on real CUAD/XQuAD/TAT-QA sentences, half of them also
  reworded. ``run_real_habits.py`` warns if a later lexicon starts to contain one of them.

Counts and the exact kinds are printed at the end of a build.
"""

from __future__ import annotations

import argparse
import csv
import difflib
import json
import random
import re
import sys
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_DATA = ROOT.parent / "shared" / "data"
DEFAULT_OUT = ROOT / "out"
SEED = 20261123
MAX_CONTRACT_CHARS = 60_000
N_CONTRACTS = 70

# --------------------------------------------------------------------------- text utilities

_ABBREV = frozenset(
    "mr mrs ms dr no nos inc co corp ltd st jr sr vs e.g i.e etc u.s u.k sec art para fig approx ph.d "
    "jan feb mar apr jun jul aug sep sept oct nov dec".split()
)
_SENT_END = re.compile(r"[.!?][\"'”’)]*\s+(?=[\"“(]?[A-Z0-9])")
_WORD = re.compile(r"[A-Za-z0-9][A-Za-z0-9'’\-]*")
_STOP = frozenset(
    """a an the of to in on at by for with from and or but as is are was were be been being that this these
    those it its he she they them his her their we our you your i which who whom whose what when where
    has have had do does did will would shall should may might must can could not no there here than then so
    such also into over under about after before between through during per via upon said says""".split()
)
# words whose presence near a cut or in an omitted piece makes a cut quote change meaning
_LIMITERS = re.compile(
    r"\b(not|no|never|neither|nor|without|unless|except|excluding|other than|provided|only|if|"
    r"subject to|notwithstanding|save|but|n't|cannot|none)\b",
    re.I,
)


def sentences(text: str) -> list[tuple[int, int]]:
    """Sentence spans (start, end incl. final punctuation) of ``text``; a light rule-based splitter."""
    out: list[tuple[int, int]] = []
    start = 0
    for m in _SENT_END.finditer(text):
        end = m.start() + 1
        prev = re.findall(r"([A-Za-z][A-Za-z.]*)\.$", text[max(start, end - 12) : end])
        if prev and (prev[0].lower().rstrip(".") in _ABBREV or len(prev[0]) == 1):
            continue
        while end < len(text) and text[end] in "\"'”’)":
            end += 1
        if text[start:end].strip():
            out.append((start, end))
        start = m.end()
    if text[start:].strip():
        out.append((start, len(text.rstrip())))
    # trim leading whitespace of each span
    res: list[tuple[int, int]] = []
    for s, e in out:
        while s < e and text[s].isspace():
            s += 1
        res.append((s, e))
    return res


def words(s: str) -> list[str]:
    return _WORD.findall(s)


def content(s: str) -> set[str]:
    """Lower-cased content words (stop words dropped, a plural -s folded)."""
    out = set()
    for w in words(s):
        w = w.lower().replace("’", "'")
        if w in _STOP or len(w) < 2:
            continue
        if len(w) > 4 and w.endswith("s") and not w.endswith("ss"):
            w = w[:-1]
        out.add(w)
    return out


def coverage(quote: str, source: str) -> float:
    """Share of the quote's content words that occur in ``source``."""
    q = content(quote)
    return len(q & content(source)) / len(q) if q else 0.0


def ratio(a: str, b: str) -> float:
    return difflib.SequenceMatcher(None, a.lower(), b.lower(), autojunk=False).ratio()


def collapse(s: str) -> str:
    return re.sub(r"\s+", " ", s).strip()


def match_case(repl: str, orig: str) -> str:
    if orig.isupper() and len(orig) > 1:
        return repl.upper()
    if orig[:1].isupper():
        return repl[:1].upper() + repl[1:]
    return repl


def lower_first(s: str) -> str:
    return s[:1].lower() + s[1:]


def upper_first(s: str) -> str:
    return s[:1].upper() + s[1:]


def digits(s: str) -> list[str]:
    return re.findall(r"\d+(?:[.,]\d+)*", s)


def caps(s: str) -> set[str]:
    """Capitalised words other than the first word."""
    ws = words(s)
    return {w.lower() for w in ws[1:] if w[:1].isupper()}


_NEG_WORDS = re.compile(r"\b(not|no|never|without|unless|except|nor|none|cannot)\b|n't\b", re.I)


# --------------------------------------------------------------------------- data model


@dataclass
class Cand:
    """A real sentence of a document that can be quoted."""

    doc: str
    start: int
    end: int
    text: str
    domain: str  # legal | wiki | finance
    sources: tuple[str, ...]
    idx: int  # index of the sentence in its document
    sents: list[tuple[int, int]] = field(repr=False, default_factory=list)


@dataclass
class Item:
    label: str
    quote: str
    sources: tuple[str, ...]
    spans: list[tuple[str, int, int]]
    origin: str
    edits: list[str]

    def to_json(self, iid: str) -> dict[str, Any]:
        return {
            "id": iid,
            "label": self.label,
            "quote": self.quote,
            "sources": list(self.sources),
            "spans": [{"source_id": d, "start": s, "end": e} for d, s, e in self.spans],
            "origin": self.origin,
            "edits": self.edits,
        }


class Corpus:
    """Documents actually used by a set."""

    def __init__(self) -> None:
        self.docs: dict[str, str] = {}

    def add(self, doc_id: str, text: str) -> str:
        if doc_id in self.docs and self.docs[doc_id] != text:
            raise ValueError(f"two texts for document {doc_id!r}")
        self.docs[doc_id] = text
        return doc_id


# --------------------------------------------------------------------------- raw corpora


def load_contracts(data: Path, rng: random.Random) -> dict[str, str]:
    folder = data / "cuad" / "full_contract_txt"
    names = sorted(p.name for p in folder.glob("*.txt"))
    texts: dict[str, str] = {}
    for n in names:
        t = (folder / n).read_text(encoding="utf-8")
        if 8_000 <= len(t) <= MAX_CONTRACT_CHARS:
            texts["cuad/" + n[:-4]] = t
    keys = sorted(texts)
    rng.shuffle(keys)
    return {k: texts[k] for k in sorted(keys[:N_CONTRACTS])}


def load_xquad(data: Path) -> dict[str, list[str]]:
    raw = json.loads((data / "xquad" / "xquad.en.json").read_text(encoding="utf-8"))
    return {a["title"]: [p["context"] for p in a["paragraphs"]] for a in raw["data"]}


def load_tatqa(data: Path) -> dict[str, str]:
    raw = json.loads((data / "tatqa" / "tatqa_dataset_dev.json").read_text(encoding="utf-8"))
    out: dict[str, str] = {}
    for rep in raw:
        paras = sorted(rep["paragraphs"], key=lambda p: p["order"])
        text = "\n\n".join(p["text"].strip() for p in paras if p["text"].strip())
        if len(text) > 400:
            out["tatqa/" + rep["table"]["uid"]] = text
    return out


def load_mrpc(data: Path) -> list[tuple[int, str, str]]:
    rows: list[tuple[int, str, str]] = []
    for name in ("msr_paraphrase_train_full_4076.txt", "msr_paraphrase_test.txt"):
        with open(data / "mrpc" / name, encoding="utf-8-sig") as f:
            r = csv.reader(f, delimiter="\t", quoting=csv.QUOTE_NONE)
            next(r)
            for row in r:
                if len(row) == 5:
                    rows.append((int(row[0]), row[3].strip(), row[4].strip()))
    return rows


def load_stsb(data: Path) -> list[tuple[str, float, str, str]]:
    rows: list[tuple[str, float, str, str]] = []
    for name in ("sts-train.csv", "sts-dev.csv", "sts-test.csv"):
        with open(data / "stsb" / name, encoding="utf-8") as f:
            for line in f:
                p = line.rstrip("\n").split("\t")
                if len(p) >= 7:
                    rows.append((p[0], float(p[4]), p[5].strip(), p[6].strip()))
    return rows


def load_faithbench(data: Path) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    for p in sorted((data / "faithbench").glob("batch_*.json"), key=lambda p: int(p.stem.split("_")[1])):
        for smp in json.loads(p.read_text(encoding="utf-8"))["samples"]:
            out.append({**smp, "doc_id": f"faithbench/{p.stem}/{smp['sample_id']}"})
    return out


# --------------------------------------------------------------------------- candidate pool


def good_sentence(t: str, lo: int = 8, hi: int = 60) -> bool:
    n = len(words(t))
    if not lo <= n <= hi:
        return False
    if not re.match(r"[\"“(]?[A-Z]", t) or t[-1] not in ".!?":
        return False
    if "\n\n" in t or re.search(r"\s{4,}", t) or t.count("_") > 2:
        return False
    letters = sum(c.isalpha() for c in t)
    return letters / max(1, len(t)) > 0.7 and not t.isupper() and sum(w.isupper() for w in words(t)) < n / 3


def build_pool(contracts: dict[str, str], xquad: dict[str, list[str]], tatqa: dict[str, str],
               rng: random.Random) -> list[Cand]:
    pool: list[Cand] = []
    ckeys = sorted(contracts)
    for k in ckeys:
        other = ckeys[(ckeys.index(k) + 7) % len(ckeys)]
        srcs = tuple(sorted([k, other]))
        text = contracts[k]
        sp = sentences(text)
        for i, (s, e) in enumerate(sp):
            t = text[s:e]
            if good_sentence(t, 10, 70):
                pool.append(Cand(k, s, e, t, "legal", srcs, i, sp))
    for title in sorted(xquad):
        paras = xquad[title]
        ids = tuple(f"xquad/{title}/{i}" for i in range(len(paras)))
        for pi, text in enumerate(paras):
            sp = sentences(text)
            for i, (s, e) in enumerate(sp):
                t = text[s:e]
                if good_sentence(t):
                    pool.append(Cand(ids[pi], s, e, t, "wiki", ids, i, sp))
    tkeys = sorted(tatqa)
    for k in tkeys:
        other = tkeys[(tkeys.index(k) + 11) % len(tkeys)]
        srcs = tuple(sorted([k, other]))
        text = tatqa[k]
        sp = sentences(text)
        for i, (s, e) in enumerate(sp):
            t = text[s:e]
            if good_sentence(t):
                pool.append(Cand(k, s, e, t, "finance", srcs, i, sp))
    rng.shuffle(pool)
    return pool


class Picker:
    """Draws candidates without reuse, balanced over domains."""

    def __init__(self, pool: list[Cand], rng: random.Random) -> None:
        self.pool = pool
        self.used: set[tuple[str, int]] = set()
        self.rng = rng

    def pick(self, n: int, ok: Callable[[Cand], Any], domains: Sequence[str] = ("legal", "wiki", "finance"),
             ) -> Iterator[tuple[Cand, Any]]:
        """Yield up to ``n`` (cand, ok(cand)) with a truthy result, cycling over ``domains``."""
        per = {d: [c for c in self.pool if c.domain == d] for d in domains}
        pos = dict.fromkeys(domains, 0)
        got = 0
        active = list(domains)
        while got < n and active:
            for d in list(active):
                lst = per[d]
                found = False
                while pos[d] < len(lst):
                    c = lst[pos[d]]
                    pos[d] += 1
                    if (c.doc, c.start) in self.used:
                        continue
                    r = ok(c)
                    if r:
                        self.used.add((c.doc, c.start))
                        yield c, r
                        got += 1
                        found = True
                        break
                if not found:
                    active.remove(d)
                if got >= n:
                    return


# --------------------------------------------------------------------------- rewording (meaning kept)

# (pattern, replacement, domains) -- synonyms and set phrases a model uses when it restates text.
_REWORD: list[tuple[str, str, str]] = [
    (r"\bprior written consent\b", "advance written approval", "legal"),
    (r"\bwritten consent\b", "written approval", "legal"),
    (r"\bpursuant to\b", "under", "legal finance"),
    (r"\bin accordance with\b", "in line with", "legal finance wiki"),
    (r"\bwith respect to\b", "regarding", "legal finance wiki"),
    (r"\bin connection with\b", "in relation to", "legal finance"),
    (r"\bin the event that\b", "if", "legal"),
    (r"\bin the event of\b", "in case of", "legal"),
    (r"\bprior to\b", "before", "legal finance wiki"),
    (r"\bsubsequent to\b", "after", "legal finance"),
    (r"\bthis Agreement\b", "this contract", "legal"),
    (r"\bthe Agreement\b", "the contract", "legal"),
    (r"\bhereunder\b", "under this contract", "legal"),
    (r"\bhereby\s+", "", "legal"),
    (r"\bterminate\b", "end", "legal"),
    (r"\bcommence\b", "begin", "legal wiki"),
    (r"\bcommencing\b", "beginning", "legal wiki"),
    (r"\bshall be entitled to\b", "is entitled to", "legal"),
    (r"\bshall be responsible for\b", "is responsible for", "legal"),
    (r"(?<!neither party )(?<!no party )\bshall\b", "must", "legal"),
    (r"\bnotwithstanding\b", "despite", "legal"),
    (r"\bapproximately\b", "about", "legal finance wiki"),
    (r"\butilize\b", "use", "legal finance wiki"),
    (r"\bobtain\b", "get", "legal wiki"),
    (r"\bpromptly\b", "quickly", "legal"),
    (r"\breasonable efforts\b", "reasonable endeavours", "legal"),
    (r"\bin order to\b", "to", "legal finance wiki"),
    (r"\bprimarily\b", "mainly", "finance wiki"),
    (r"\bdue to\b", "because of", "finance wiki"),
    (r"\bas a result of\b", "because of", "finance wiki"),
    (r"\bcompared to\b", "compared with", "finance wiki"),
    (r"\brecognized\b", "recorded", "finance"),
    (r"\bcomprised of\b", "made up of", "finance wiki"),
    (r"\bconsists of\b", "is made up of", "finance wiki"),
    (r"\bbegan\b", "started", "wiki finance"),
    (r"\blocated\b", "situated", "wiki"),
    (r"\bknown as\b", "called", "wiki"),
    (r"\bis considered\b", "is regarded as", "wiki"),
    (r"^However,\s*", "But ", "wiki finance"),
    (r",\s*however,", ", though,", "wiki finance"),
    (r"\balthough\b", "though", "wiki finance"),
    (r"\battempted\b", "tried", "wiki"),
    (r"\bconstructed\b", "built", "wiki"),
    (r"\bpurchased\b", "bought", "wiki finance"),
    (r"\bsuch as\b", "including", "wiki finance"),
    (r"\bdemonstrated\b", "showed", "wiki"),
    (r"\bsignificant\b", "considerable", "wiki finance"),
    (r"\blarge\b", "big", "wiki"),
    (r"\bnumerous\b", "many", "wiki"),
    (r"\bassist\b", "help", "legal wiki"),
    (r"\bregarding\b", "about", "wiki finance"),
    (r"\bobtained\b", "got", "wiki"),
    (r"\bresides\b", "lives", "wiki"),
    (r"\bfollowing(?= the\b)", "after", "wiki"),
]
_FRONTED = re.compile(
    r"^(If|When|Upon|During|In|After|Before|Following|Within|Notwithstanding|For|Since|Although|While|As of|"
    r"On|At|By|Throughout|Under)(\s[^,;:]{3,140}),\s+(?!(?:and|or|but|which|who|that|such|provided)\b)([a-z\"“].+?)"
    r"([.;:!?]?)$",
    re.S,
)


def _case_repl(repl: str, m: re.Match[str]) -> str:
    return match_case(repl, m.group(0)) if repl else ""


def _neg_repl(rep: str, m: re.Match[str]) -> str:
    base = rep or m.group(1).replace("wo", "will").replace("ca", "can")
    return match_case(base, m.group(0))


def _apply_form(fn: Callable[[str, random.Random], str | None], rng: random.Random, c: Cand) -> str | None:
    return fn(c.text, rng)


def move_fronted(t: str) -> str | None:
    """'If X, Y.' -> 'Y if X.' (same meaning); None if the sentence has no fronted clause."""
    m = _FRONTED.match(t)
    if not m or len(words(m.group(3))) < 5 or t.count(",") > 2 or re.search(r"\b(neither|nor)\b", t, re.I):
        return None
    lead = m.group(1) + m.group(2)
    lead = lower_first(lead)
    main = upper_first(m.group(3).rstrip(",;"))
    return f"{main} {lead}{m.group(4) or '.'}"


def reword(t: str, domain: str, rng: random.Random, p: float = 0.85) -> tuple[str, int]:
    """A meaning-keeping rewording of ``t`` and the number of changes made."""
    t = collapse(t)
    n = 0
    for pat, repl, doms in _REWORD:
        if domain not in doms.split():
            continue
        if re.search(pat, t, flags=re.I) and rng.random() < p:
            t2 = re.sub(pat, partial(_case_repl, repl), t, count=1,
                        flags=re.I)
            if t2 != t:
                t = t2
                n += 1
    moved = move_fronted(t)
    if moved and rng.random() < 0.8:
        t = moved
        n += 2
    t = re.sub(r"\s+([,.;:])", r"\1", re.sub(r"\s+", " ", t)).strip()
    return t, n


# --------------------------------------------------------------------------- meaning flips


def _sub_one(t: str, pat: str, repl: Callable[[re.Match[str]], str], rng: random.Random,
             flags: int = re.I) -> str | None:
    ms = list(re.finditer(pat, t, flags))
    if not ms:
        return None
    m = rng.choice(ms)
    r = repl(m)
    if r == m.group(0):
        return None
    return t[: m.start()] + r + t[m.end() :]


def flip_negation(t: str, rng: random.Random) -> str | None:
    """Drop a negation if there is one, else add one after the first auxiliary."""
    removed = _sub_one(
        t,
        r"\b(shall|may|will|must|can|could|would|should|does|do|did|is|are|was|were|has|have|had)\s+not\b",
        lambda m: m.group(1), rng)
    if removed:
        return removed
    for pat, rep in ((r"\bcannot\b", "can"), (r"\bwithout\b", "with"), (r"\bnever\b", "always"),
                     (r"\b(does|is|was|are|were|did|has|have|wo|ca)n't\b", "")):
        if re.search(pat, t, re.I):
            return _sub_one(t, pat, partial(_neg_repl, rep), rng)
    added = _sub_one(t, r"\b(shall|may|will|must|can|is|are|was|were|has been|have been|had been)\b",
                     lambda m: m.group(0).split()[0] + " not" + ("" if " " not in m.group(0) else " been"), rng)
    return added


_MAIN_ANTONYMS: list[tuple[str, str]] = [
    ("increased", "decreased"), ("increase", "decrease"), ("increases", "decreases"),
    ("increasing", "decreasing"), ("rose", "fell"), ("higher", "lower"), ("before", "after"),
    ("maximum", "minimum"), ("permitted", "prohibited"), ("allowed", "forbidden"), ("approve", "reject"),
    ("approved", "rejected"), ("include", "exclude"), ("including", "excluding"), ("includes", "excludes"),
    ("buy", "sell"), ("won", "lost"), ("gains", "losses"), ("hired", "dismissed"), ("accept", "reject"),
    ("grant", "deny"), ("grants", "denies"), ("earlier", "later"), ("beginning", "end"),
    ("expand", "reduce"), ("more", "less"), ("above", "below"), ("improved", "worsened"),
    ("exclusive", "non-exclusive"), ("largest", "smallest"), ("first", "last"), ("larger", "smaller"),
    ("greater", "lesser"), ("upper", "lower"), ("rising", "falling"), ("growth", "decline"),
]


def _pair_flip(t: str, pairs: Sequence[tuple[str, str]], rng: random.Random) -> tuple[str, str] | None:
    opts: list[tuple[re.Match[str], str]] = []
    for a, b in pairs:
        for x, y in ((a, b), (b, a)):
            for m in re.finditer(rf"\b{re.escape(x)}\b", t, re.I):
                opts.append((m, y))
    if not opts:
        return None
    m, y = rng.choice(sorted(opts, key=lambda o: (o[0].start(), o[1])))
    return t[: m.start()] + match_case(y, m.group(0)) + t[m.end() :], m.group(0).lower()


def flip_antonym(t: str, rng: random.Random) -> str | None:
    r = _pair_flip(t, _MAIN_ANTONYMS, rng)
    return r[0] if r else None


_NUMWORDS = ["one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve",
             "fifteen", "twenty", "thirty", "forty", "forty-five", "sixty", "ninety"]
_NUMVAL = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9,
           "ten": 10, "eleven": 11, "twelve": 12, "fifteen": 15, "twenty": 20, "thirty": 30, "forty": 40,
           "forty-five": 45, "sixty": 60, "ninety": 90}


def _other_number(s: str, rng: random.Random) -> str:
    plain = s.replace(",", "")
    if re.fullmatch(r"(19|20)\d\d", plain):
        return str(int(plain) + rng.choice([-3, -2, -1, 1, 2, 3]))
    if "." in plain:
        whole, frac = plain.split(".", 1)
        nd = str((int(frac or "0") + rng.randint(1, 8)) % (10 ** len(frac))).zfill(len(frac))
        return f"{whole}.{nd}" if nd != frac else f"{int(whole) + 1}.{frac}"
    v = int(plain)
    choices = [v + rng.randint(1, 9), v * 2, max(0, v - rng.randint(1, max(1, v // 2)))]
    if len(plain) >= 2:
        choices.append(int(plain[::-1]))
    new = rng.choice([c for c in choices if c != v] or [v + 1])
    return f"{new:,}" if "," in s else str(new)


def flip_number(t: str, rng: random.Random) -> str | None:
    m = re.search(r"\b(" + "|".join(_NUMWORDS) + r")\s*\((\d+)\)", t, re.I)
    if m and rng.random() < 0.7:
        w = rng.choice([x for x in _NUMWORDS if _NUMVAL[x] != _NUMVAL.get(m.group(1).lower(), -1)])
        return t[: m.start()] + match_case(w, m.group(1)) + f" ({_NUMVAL[w]})" + t[m.end() :]
    ms = [m for m in re.finditer(r"(?<![\w.])\d+(?:,\d{3})*(?:\.\d+)?(?![\w])", t)
          if not re.match(r"\d+\.\d+\.", t[m.start():m.end() + 2])]
    if ms:
        m = rng.choice(ms)
        return t[: m.start()] + _other_number(m.group(0), rng) + t[m.end() :]
    m2 = re.search(r"\b(" + "|".join(_NUMWORDS[:12]) + r")\b(?=\s+\w+)", t, re.I)
    if m2 and not re.match(r"one\s+(of|or|another)\b", t[m2.start():], re.I):
        w = rng.choice([x for x in _NUMWORDS[:12] if x != m2.group(1).lower()])
        return t[: m2.start()] + match_case(w, m2.group(1)) + t[m2.end() :]
    return None


def flip_modal(t: str, rng: random.Random) -> str | None:
    pats: list[tuple[str, Callable[[re.Match[str]], str]]] = [
        (r"\b(shall|must|will)\b(?!\s+not)(?!\s+be\s+deemed)", lambda m: match_case("may", m.group(0))),
        (r"\bis required to\b", lambda m: match_case("may", m.group(0))),
        (r"\b(may|can)\b(?!\s+not)", lambda m: match_case(rng.choice(["must", "shall"]), m.group(0))),
    ]
    rng.shuffle(pats)
    for pat, fn in pats:
        r = _sub_one(t, pat, fn, rng)
        if r:
            return r
    return None


def flip_quantifier(t: str, rng: random.Random) -> str | None:
    pairs = [
        (r"\ball\b", "some"), (r"\bany\b", "some"), (r"\beach\b", "one"), (r"\bevery\b", "one"),
        (r"\bat least\b", "at most"), (r"\bnot less than\b", "not more than"), (r"\bno more than\b", "at least"),
        (r"\bmost\b", "some"), (r"\bmany\b", "few"), (r"\bnone of\b", "some of"), (r"\bboth\b", "one of the"),
        (r"\bsome\b", "all"), (r"\bseveral\b", "all"),
    ]
    opts = [(p, r) for p, r in pairs if re.search(p, t, re.I)]
    if not opts:
        return None
    p, r = rng.choice(opts)
    if r == "some" and p == r"\bmost\b" and re.search(r"\bthe most\b", t, re.I):
        p, r = r"(?<=the )most\b", "least"
    return _sub_one(t, p, partial(_case_repl, r), rng)


_DROP_EXC = re.compile(r",?\s+(unless|except|excluding|other than|save as)\b[^.;]*?(?=[,;]|[.!?]?$)", re.I)
_DROP_COND = re.compile(
    r",?\s+(provided(?:, however,)? that|subject to|to the extent|so long as|as long as|only if|if|when|"
    r"without the prior written consent of|without the consent of)\b[^.;]*?(?=[,;]|[.!?]?$)",
    re.I,
)


def _drop(t: str, rx: re.Pattern[str]) -> str | None:
    m = rx.search(t)
    if not m or len(words(m.group(0))) < 3:
        return None
    out = t[: m.start()] + t[m.end() :]
    out = re.sub(r"\s+([,.;])", r"\1", re.sub(r",\s*,", ",", out)).strip()
    if len(words(out)) < 6 or re.search(r"\b(including|such as|and|or|of|the|a|an|to|in|for|with|by)\W*$", out, re.I):
        return None
    return out


def drop_exception(t: str, rng: random.Random) -> str | None:
    return _drop(t, _DROP_EXC)


def drop_condition(t: str, rng: random.Random) -> str | None:
    m = re.match(r"^(If|Unless|Provided that|Subject to|To the extent|When)\b[^,]{5,}?,\s+(.+)$", t)
    if m and len(words(m.group(2))) >= 6:
        return upper_first(m.group(2))
    return _drop(t, _DROP_COND)


_PARTY_TERMS = (
    "Licensor Licensee Company Distributor Supplier Customer Buyer Seller Franchisor Franchisee Consultant "
    "Client Contractor Vendor Purchaser Manufacturer Reseller Provider Agent Bank Borrower Lender Sponsor Owner "
    "Developer Publisher Partner Producer Investor Employer Executive Member Manager Operator Shipper Carrier "
    "Landlord Tenant Endorser Servicer Affiliate Customer Retailer Promoter Host Institution University"
).split()


def party_terms(doc_text: str) -> list[str]:
    """Capitalised party nouns used at least three times in the contract."""
    found = [p for p in dict.fromkeys(_PARTY_TERMS) if len(re.findall(rf"\b{p}\b", doc_text)) >= 3]
    return found


def entities(text: str) -> list[str]:
    """Capitalised multi-letter names (1-3 words) not at a sentence start."""
    out: list[str] = []
    low = text.lower()
    lower_words = set(re.findall(r"\b[a-z][a-z]+\b", text))
    for m in re.finditer(r"(?<=[a-z,;] )([A-Z][a-z]{2,}(?: [A-Z][a-z]{2,}){0,2})", text):
        e = m.group(1)
        if any(w.lower() in lower_words or w.lower() in _STOP for w in e.split()):
            continue  # a common word capitalised, not a name
        if low.count(e.lower()) >= 2:
            out.append(e)
    return out


def is_name(e: str, text: str) -> bool:
    """``e`` is capitalised wherever it occurs (never a common word) and occurs at least twice."""
    lower_words = set(re.findall(r"\b[a-z][a-z]+\b", text))
    return text.count(e) >= 2 and not any(w.lower() in lower_words or w.lower() in _STOP for w in e.split())


def flip_party(t: str, doc_text: str, domain: str, rng: random.Random) -> tuple[str, str] | None:
    """Swap two parties (role_reversal) or replace one by another (party)."""
    if domain == "legal":
        terms = party_terms(doc_text)
        present = [p for p in terms if re.search(rf"\b{p}\b", t)]
    else:
        ents = Counter(entities(doc_text))
        terms = [e for e, n in ents.most_common(12) if e.lower() not in _STOP]
        present = [e for e in terms if re.search(rf"\b{re.escape(e)}\b", t)]
    if len(present) >= 2 and rng.random() < 0.5:
        a, b = present[0], present[1]
        if a in b or b in a:
            return None
        tmp = re.sub(rf"\b{re.escape(a)}\b", "\x00", t)
        tmp = re.sub(rf"\b{re.escape(b)}\b", a, tmp)
        return tmp.replace("\x00", b), "role_reversal"
    pron = _sub_one(t, r"\b(he|she|his|her|they|we)\b", lambda m: match_case(
        {"he": "she", "she": "he", "his": "her", "her": "his", "they": "we", "we": "they"}[m.group(0).lower()],
        m.group(0)), rng)
    if present:
        a = present[0]
        others = [p for p in terms if p != a and p not in a and a not in p]
        if others:
            b = rng.choice(others)
            return re.sub(rf"\b{re.escape(a)}\b", b, t, count=1), "party"
    if pron:
        return pron, "pronoun"
    return None


_ADDED = {
    "legal": [
        ", and this obligation survives for five years after the contract ends",
        ", including any amounts owed to affiliates of {p}",
        ", and any breach entitles {p} to liquidated damages of $250,000",
        ", as approved by the Joint Steering Committee",
        ", within ten business days of a written request by {p}",
    ],
    "wiki": [
        ", a figure later revised upward in 1998",
        ", which made it the largest of its kind in Europe at the time",
        ", according to a 2004 survey by the Royal Society",
        ", and it was later designated a World Heritage Site",
        ", largely because of pressure from the French government",
    ],
    "finance": [
        ", driven mainly by stronger demand in Asia",
        ", an increase of 15% over the prior year",
        ", which management expects to continue through 2021",
        ", partly offset by a $3.2 million tax benefit",
        ", reflecting the acquisition of two European subsidiaries",
    ],
}
_QUALIFIERS = ["only", "partially", "largely", "temporarily", "primarily", "rarely", "substantially",
               "conditionally", "informally", "retroactively"]


def add_claim(t: str, doc_text: str, domain: str, rng: random.Random) -> str | None:
    parties = party_terms(doc_text) if domain == "legal" else []
    tail = rng.choice(_ADDED[domain]).format(p=("the " + parties[0]) if parties else "the other party")
    if collapse(tail.strip(", ")).lower() in collapse(doc_text).lower():
        return None
    body = t.rstrip()
    end = body[-1] if body[-1] in ".!?" else ""
    body = body[:-1] if end else body
    return body + tail + (end or ".")


def add_qualifier(t: str, rng: random.Random) -> str | None:
    q = rng.choice(_QUALIFIERS)
    return _sub_one(t, r"\b(shall|will|may|must|is|are|was|were|has|have|had)\s+(?!not\b)(?=[a-z])",
                    lambda m: m.group(0) + q + " ", rng)


# --------------------------------------------------------------------------- form edits


def edit_case(t: str, rng: random.Random) -> str | None:
    opts = []
    if t[:1].isupper() and not (len(t) > 1 and t[1].isupper()):
        opts.append(lower_first(t))
    if any(c.isupper() for c in t[1:]):
        opts.append(t[:1] + t[1:].lower())
    opts.append(t.upper() if len(t) < 60 else t.lower())
    out = rng.choice(opts)
    return out if out != t else None


def edit_typography(t: str, rng: random.Random) -> str | None:
    reps: list[tuple[str, str]] = []
    if "'" in t:
        reps.append(("'", "’"))
    if "’" in t:
        reps.append(("’", "'"))
    if '"' in t:
        reps.append(('"', "\x01"))
    if "“" in t or "”" in t:
        reps.append(("“", '"'))
    if " - " in t:
        reps.append((" - ", " – "))
    if "--" in t:
        reps.append(("--", "—"))
    if "—" in t:
        reps.append(("—", " - "))
    if not reps:
        return None
    a, b = rng.choice(reps)
    if b == "\x01":
        out, opened = [], False
        for ch in t:
            if ch == '"':
                out.append("”" if opened else "“")
                opened = not opened
            else:
                out.append(ch)
        return "".join(out)
    out2 = t.replace(a, b)
    if a == "“":
        out2 = out2.replace("”", '"')
    return out2


def edit_whitespace(t: str, rng: random.Random) -> str | None:
    if re.search(r"\s{2,}|\n", t):
        return collapse(t)
    sp = [m.start() for m in re.finditer(" ", t)]
    if not sp:
        return None
    i = rng.choice(sp)
    return t[:i] + "  " + t[i + 1 :]


def edit_trailing_punct(t: str, rng: random.Random) -> str | None:
    return t[:-1] if t[-1:] in ".;" else None


def edit_number_form(t: str, rng: random.Random) -> str | None:
    if re.search(r"\d%", t):
        return re.sub(r"(\d)%", r"\1 percent", t, count=1)
    m = re.search(r"\b(" + "|".join(_NUMWORDS) + r")\s*\((\d+)\)", t, re.I)
    if m and _NUMVAL.get(m.group(1).lower()) == int(m.group(2)):
        return t[: m.start()] + m.group(2) + t[m.end() :]
    return None


FORM_EDITS: dict[str, Callable[[str, random.Random], str | None]] = {
    "case": edit_case, "typography": edit_typography, "whitespace": edit_whitespace,
    "trailing_punct": edit_trailing_punct, "number_form": edit_number_form,
}
SIMPLE_FLIPS: dict[str, Callable[[str, random.Random], str | None]] = {
    "negation": flip_negation, "number": flip_number, "modal": flip_modal, "quantifier": flip_quantifier,
    "antonym": flip_antonym,
}


_PARENTHETICAL = (r"(however|therefore|moreover|in particular|for example|for instance|in addition|as a result|"
                  r"from now on|of course|in fact|at that time|in practice|in general|as such|in turn|accordingly|"
                  r"furthermore|indeed|notably|typically|in this regard|at the same time|in other words|by contrast|"
                  r"for this reason|as noted above|as a rule|in effect|on the other hand|in short|thus|hence)$")


def trailing_cut(t: str, rng: random.Random, min_words: int = 6) -> tuple[str, int] | None:
    """Cut ``t`` before its end at a word boundary; returns (prefix, length) with no limiter just past it."""
    ms = [m.end() for m in re.finditer(r"\w(?=[\s,;])", t)]
    ok = [e for e in ms if len(words(t[:e])) >= min_words and len(words(t[e:])) >= 3
          and not _LIMITERS.search(" ".join(words(t[e:])[:5]))]
    if not ok:
        return None
    e = rng.choice(ok)
    return t[:e], e


# --------------------------------------------------------------------------- host documents


def host_doc(sentence: str, pool: list[str], rng: random.Random, n: int = 5) -> tuple[str, int]:
    """A document of ``n`` host sentences with ``sentence`` inserted; returns (text, offset)."""
    qc = content(sentence)
    hosts: list[str] = []
    for s in pool:
        if len(hosts) >= n:
            break
        c = content(s)
        if c and len(c & qc) / max(1, len(c | qc)) < 0.15 and s != sentence:
            hosts.append(s)
    pos = rng.randint(1, max(1, len(hosts) - 1))
    before = " ".join(hosts[:pos])
    after = " ".join(hosts[pos:])
    text = (before + " " if before else "") + sentence + (" " + after if after else "")
    return text, (len(before) + 1 if before else 0)


# --------------------------------------------------------------------------- the main set


class Builder:
    want_pairs = {"mrpc": 50, "stsb": 30}  # true paraphrases from MRPC/STS-B positives
    prefix = ""

    def __init__(self, data: Path, seed: int) -> None:
        self.rng = random.Random(seed)
        self.data = data
        self.skip: set[str] = set()  # sentences another set already uses
        self.used: set[str] = set()  # the pair sentences this builder used
        self.contracts = load_contracts(data, self.rng)
        self.xquad = load_xquad(data)
        self.tatqa = load_tatqa(data)
        self.texts: dict[str, str] = dict(self.contracts)
        for title, paras in self.xquad.items():
            for i, p in enumerate(paras):
                self.texts[f"xquad/{title}/{i}"] = p
        self.texts.update(self.tatqa)
        self.pool = build_pool(self.contracts, self.xquad, self.tatqa, self.rng)
        self.picker = Picker(self.pool, self.rng)

    # -- helpers
    def item(self, corpus: Corpus, c: Cand, label: str, quote: str, spans: list[tuple[str, int, int]],
             origin: str, edits: list[str]) -> Item:
        for d in c.sources:
            corpus.add(d, self.texts[d])
        return Item(label, quote, c.sources, spans, f"{origin}:{c.domain}", edits)

    def span(self, c: Cand) -> list[tuple[str, int, int]]:
        return [(c.doc, c.start, c.end)]

    def main(self) -> tuple[Corpus, list[Item]]:
        rng = self.rng
        corp = Corpus()
        items: list[Item] = []
        P = self.picker

        # 1. verbatim controls
        for c, _ in P.pick(60, lambda c: True):
            items.append(self.item(corp, c, "verbatim", c.text, self.span(c), "control", []))
        # 2. single form edits -> near_verbatim
        for kind, n in (("case", 14), ("typography", 14), ("whitespace", 10), ("trailing_punct", 8),
                        ("number_form", 10)):
            fn = FORM_EDITS[kind]
            for c, q in P.pick(n, partial(_apply_form, fn, rng)):
                sp = self.span(c)
                items.append(self.item(corp, c, "near_verbatim", q, sp, "form", [kind]))
        # 3. compound form-only -> near_verbatim
        combos = [("case", "typography"), ("case", "trailing_punct"), ("whitespace", "case"),
                  ("typography", "trailing_punct", "case"), ("number_form", "case"), ("trailing_cut", "case"),
                  ("trailing_cut", "typography")]
        for combo in combos:
            for c, res in P.pick(8, partial(self.compound, combo=combo, meaning=None)):
                q, sp = res
                items.append(self.item(corp, c, "near_verbatim", q, sp, "compound", list(combo)))
        # 4. compound with a meaning edit -> altered
        mcombos = [("case", "number"), ("typography", "negation"), ("trailing_cut", "modal"),
                   ("whitespace", "quantifier"), ("case", "typography", "number"), ("trailing_punct", "negation"),
                   ("case", "antonym"), ("trailing_cut", "case", "negation"), ("number_form", "modal"),
                   ("case", "party")]
        for combo in mcombos:
            meaning = [k for k in combo if k in SIMPLE_FLIPS or k == "party"][0]
            doms: tuple[str, ...] = ("legal", "wiki") if meaning == "party" else ("legal", "wiki", "finance")
            for c, res in P.pick(10, partial(self.compound, combo=combo, meaning=meaning), doms):
                q, sp = res
                items.append(self.item(corp, c, "altered", q, sp, "compound", list(combo)))
        # 5. meaning-flipped paraphrases -> altered
        flips: list[tuple[str, Callable[[Cand, str], tuple[str, str] | None]]] = [
            ("negation", lambda c, t: self._wrap(flip_negation(t, rng), "negation")),
            ("antonym", lambda c, t: self._wrap(flip_antonym(t, rng), "antonym")),
            ("number", lambda c, t: self._wrap(flip_number(t, rng), "number")),
            ("party", lambda c, t: flip_party(t, self.texts[c.doc], c.domain, rng)),
            ("modal", lambda c, t: self._wrap(flip_modal(t, rng), "modal")),
            ("quantifier", lambda c, t: self._wrap(flip_quantifier(t, rng), "quantifier")),
            ("dropped_condition", lambda c, t: self._wrap(drop_condition(t, rng), "dropped_condition")),
            ("dropped_exception", lambda c, t: self._wrap(drop_exception(t, rng), "dropped_exception")),
            ("added_claim", lambda c, t: self._wrap(add_claim(t, self.texts[c.doc], c.domain, rng), "added_claim")),
            ("added_qualifier", lambda c, t: self._wrap(add_qualifier(t, rng), "added_qualifier")),
        ]
        for name, flip in flips:
            doms = ("legal",) if name == "modal" else ("legal", "wiki") if name == "party" else (
                "legal", "wiki", "finance")
            n = 30 if name in ("party", "negation", "number") else 20
            for c, res in P.pick(n, partial(self.flipped, fn=flip), doms):
                q, kinds = res
                items.append(self.item(corp, c, "altered", q, self.span(c), "flip", kinds))
        # 6. true paraphrases: rule-based rewordings
        def rule_para(c: Cand) -> str | None:
            if re.search(r"\b(will)\b", c.text) and c.domain == "legal":
                return None
            t, n = reword(c.text, c.domain, random.Random(rng.random()), p=1.0)
            if n < 3 or ratio(t, collapse(c.text)) > 0.9:
                return None
            return t
        for c, q in P.pick(75, rule_para):
            items.append(self.item(corp, c, "paraphrase", q, self.span(c), "reworded", ["rule_paraphrase"]))
        # 7. ellipses
        self.ellipses(corp, items)
        # 8. editorial marks
        self.editorial(corp, items)
        # 9. merged / stitched / boundary join
        self.merges(corp, items)
        # 10. invented clauses/terms/titles
        self.inventions(corp, items)
        # 11. MRPC / STS-B true paraphrases
        self.pair_paraphrases(corp, items)
        return corp, items

    @staticmethod
    def _wrap(t: str | None, kind: str) -> tuple[str, str] | None:
        return (t, kind) if t else None

    def flipped(self, c: Cand, fn: Callable[[Cand, str], tuple[str, str] | None]) -> tuple[str, list[str]] | None:
        rng = self.rng
        base, n = reword(c.text, c.domain, random.Random(rng.random()), p=1.0)
        if n == 0 and rng.random() < 0.75:
            return None  # prefer sentences a model would restate in its own words
        res = fn(c, base)
        if res is None:
            return None
        q, kind = res
        if collapse(q) == collapse(base) or q.lower() in self.texts[c.doc].lower():
            return None
        return q, ([kind, "reworded"] if n else [kind])

    def compound(self, c: Cand, combo: Sequence[str], meaning: str | None) -> tuple[str, list[tuple[str, int, int]]] | None:
        rng = self.rng
        t = c.text
        start, end = c.start, c.end
        order = list(combo)
        # meaning first (on real text), then the cut, then form edits
        if meaning:
            if meaning == "party":
                r = flip_party(t, self.texts[c.doc], c.domain, rng)
                if r is None:
                    return None
                t = r[0]
            else:
                r2 = SIMPLE_FLIPS[meaning](t, rng)
                if r2 is None:
                    return None
                t = r2
        if "trailing_cut" in order:
            if meaning:
                # cut after the changed word, keeping at least five words past it
                diff_at = next((i for i, (a, b) in enumerate(zip(t, c.text)) if a != b), None)
                if diff_at is None:
                    return None
                ms = [m.end() for m in re.finditer(r"\w(?=[\s,;])", t) if m.end() > diff_at]
                ms = [e for e in ms if len(words(t[diff_at:e])) >= 5 and len(words(t[e:])) >= 3]
                if not ms:
                    return None
                e = rng.choice(ms)
                # the flip happened before the cut: shift the cut back by its length change
                end = c.start + e - (len(t) - len(c.text))
                t = t[:e]
            else:
                cut = trailing_cut(t, rng)
                if cut is None:
                    return None
                t, e = cut
                end = start + e
        for k in order:
            if k in ("trailing_cut",) or k == meaning:
                continue
            r3 = FORM_EDITS[k](t, rng)
            if r3 is None:
                return None
            t = r3
        if t == c.text:
            return None
        return t, [(c.doc, start, end)]

    # -- ellipses
    def ellipses(self, corp: Corpus, items: list[Item]) -> None:
        rng = self.rng
        P = self.picker

        def leading(c: Cand) -> tuple[str, int] | None:
            ms = [m.start() for m in re.finditer(r"(?<=\s)\w", c.text)]
            ok = [s for s in ms if len(words(c.text[:s])) >= 3 and len(words(c.text[s:])) >= 6
                  and not _LIMITERS.search(" ".join(words(c.text[:s])[-6:]))
                  and not _LIMITERS.search(c.text[:s])]
            if not ok:
                return None
            s = rng.choice(ok)
            return c.text[s:], s

        for c, (frag, s) in P.pick(40, leading):
            mark = rng.choice(["...", "…", "[...] ", "... "])
            q = mark + frag
            items.append(self.item(corp, c, "verbatim", q, [(c.doc, c.start + s, c.end)], "ellipsis",
                                   ["leading_ellipsis"]))
        for c, cut in P.pick(40, lambda c: trailing_cut(c.text, rng)):
            frag, e = cut
            mark = rng.choice([" ...", "...", " …", " [...]", " ...."])
            items.append(self.item(corp, c, "verbatim", frag + mark, [(c.doc, c.start, c.start + e)], "ellipsis",
                                   ["trailing_ellipsis"]))

        # mid-quote: drop a piece without limiters
        def mid(c: Cand) -> tuple[str, list[tuple[int, int]]] | None:
            ws = list(re.finditer(r"\S+", c.text))
            if len(ws) < 16:
                return None
            for _ in range(6):
                a = rng.randint(4, len(ws) - 10)
                b = a + rng.randint(2, 6)
                omitted = c.text[ws[a].start() : ws[b - 1].end()]
                if _LIMITERS.search(omitted) or _LIMITERS.search(" ".join(m.group(0) for m in ws[b:b + 2])):
                    continue
                f1 = (0, ws[a - 1].end())
                f2 = (ws[b].start(), len(c.text))
                if c.text[f1[1] - 1] in ",;:":
                    f1 = (0, f1[1] - 1)
                return "", [f1, f2]
            return None

        for i, (c, res) in enumerate(P.pick(35, mid)):
            _, frs = res
            mark = [" ... ", " … ", " [...] ", " .... ", " . . . "][i % 5]
            kind = ["ellipsis_mid", "ellipsis_mid", "ellipsis_bracketed", "ellipsis_four_dots", "ellipsis_spaced"][i % 5]
            q = c.text[frs[0][0] : frs[0][1]] + mark + c.text[frs[1][0] : frs[1][1]]
            items.append(self.item(corp, c, "verbatim", q, [(c.doc, c.start + a, c.start + b) for a, b in frs],
                                   "ellipsis", [kind]))

        # ellipses hiding a negation or an exception -> altered
        def hide(c: Cand) -> tuple[str, str] | None:
            m_neg = re.search(r"\s(not|never)\s", c.text)
            m_exc = re.search(r",?\s(except|unless|other than|excluding|only if|provided that)\b[^,;.]{0,40}?\s(?=\w)",
                              c.text)
            if m_exc and (not m_neg or rng.random() < 0.5):
                m, kind = m_exc, "ellipsis_hides_exception"
            else:
                m, kind = m_neg, "ellipsis_hides_negation"
            if not m or m.start() < 12 or len(words(c.text[m.end():])) < 3:
                return None
            mark = rng.choice([" ... ", " … ", " [...] "])
            return c.text[: m.start()].rstrip(" ,") + mark + c.text[m.end() :].lstrip(), kind

        for c, (q, kind) in P.pick(40, hide):
            items.append(self.item(corp, c, "altered", q, self.span(c), "ellipsis", [kind]))

        # a trailing cut just before an exception/condition -> altered
        def edge(c: Cand) -> tuple[str, int] | None:
            m = re.search(r",?\s+(except|unless|provided that|other than|only if|excluding)\b", c.text)
            if not m or len(words(c.text[: m.start()])) < 6:
                return None
            return c.text[: m.start()].rstrip(" ,"), m.start()

        for c, (frag, _e) in P.pick(15, edge):
            items.append(self.item(corp, c, "altered", frag + rng.choice([" ...", "…", " [...]"]), self.span(c),
                                   "ellipsis", ["trailing_ellipsis", "edge_hides_exception"]))

    # -- editorial marks
    def editorial(self, corp: Corpus, items: list[Item]) -> None:
        rng = self.rng
        P = self.picker

        def sic(c: Cand) -> str | None:
            ws = list(re.finditer(r"[A-Za-z]{4,}", c.text))
            if len(ws) < 6:
                return None
            m = rng.choice(ws[1:-1])
            return c.text[: m.end()] + " [sic]" + c.text[m.end() :]

        for c, q in P.pick(15, sic):
            items.append(self.item(corp, c, "near_verbatim", q, self.span(c), "editorial", ["sic"]))

        def bracket_cap(c: Cand) -> tuple[str, int] | None:
            for m in re.finditer(r"(?<=[,;:] )(the|any|each|such|all|this)\b", c.text):
                before = c.text[: m.start()]
                if _LIMITERS.search(before) or re.search(r"\b(if|when|where|whether|that|which|to the extent)\b",
                                                         before, re.I):
                    continue
                if len(words(c.text[m.start():])) < 7:
                    continue
                w = m.group(1)
                return f"[{w[0].upper()}]{w[1:]}" + c.text[m.end() :], m.start()
            return None

        for c, (q, s) in P.pick(15, bracket_cap):
            items.append(self.item(corp, c, "near_verbatim", q, [(c.doc, c.start + s, c.end)], "editorial",
                                   ["bracket_capital"]))

        def emph(c: Cand) -> str | None:
            return c.text + rng.choice([" (emphasis added)", " [emphasis added]", " (emphasis in original)"])

        for c, q in P.pick(10, emph):
            items.append(self.item(corp, c, "near_verbatim", q, self.span(c), "editorial", ["emphasis_note"]))

        # [Name] standing for a pronoun that refers to the sentence's own subject
        def insertion(c: Cand, wrong: bool) -> tuple[str, int, str] | None:
            r = insertion_prev(c, wrong)
            return r if r else insertion_same(c, wrong)

        def insertion_prev(c: Cand, wrong: bool) -> tuple[str, int, str] | None:
            # "He proposed ..." whose referent is the subject of the previous sentence
            m = re.match(r"(He|She|It|They)\s(?=[a-z]+\s)", c.text)
            if not m or c.idx == 0 or len(words(c.text)) < 7:
                return None
            if c.domain == "legal" and not re.match(r"It (shall|will|must|may|agrees|acknowledges)\s(?!be\b)", c.text):
                return None  # a contract's "It is understood" is no pronoun for a party
            doc = self.texts[c.doc]
            ps, pe = c.sents[c.idx - 1]
            prev = doc[ps:pe]
            if c.domain == "legal":
                m0 = re.match(r"(?:The |)(" + "|".join(_PARTY_TERMS) + r")\b", prev)
                name = ("the " + m0.group(1)) if m0 else ""
            else:
                m0 = re.match(r"([A-Z][a-z]+(?: [A-Z][a-z]+){0,2})\s+(?:was|is|had|has|became|[a-z]+ed)\b", prev)
                name = m0.group(1) if m0 and is_name(m0.group(1), doc) else ""
            if not name or (m.group(1) == "It") != (c.domain == "legal"):
                return None
            if wrong:
                pool = party_terms(doc) if c.domain == "legal" else sorted(set(entities(doc)))
                others = [x for x in pool if x not in name and name.split()[-1] not in x]
                if not others:
                    return None
                name = ("the " if c.domain == "legal" else "") + rng.choice(others)
            return f"[{name}]" + c.text[m.end(1):], 0, name

        def insertion_same(c: Cand, wrong: bool) -> tuple[str, int, str] | None:
            if c.domain == "legal":
                m0 = re.match(r"(The |Each |)(" + "|".join(_PARTY_TERMS) + r")\b", c.text)
            else:
                m0 = re.match(r"([A-Z][a-z]+(?: [A-Z][a-z]+){0,2})\b(?! [a-z]+ly)", c.text)
                if m0 and not is_name(m0.group(1), self.texts[c.doc]):
                    m0 = None
                if m0 and m0.group(1).split()[0] in ("The", "In", "This", "It", "A", "An", "On", "At", "After",
                                                       "During", "For", "As", "By", "However", "When", "While"):
                    m0 = None
            if not m0:
                return None
            name = m0.group(0).strip()
            m = re.search(r"(?<=[,;] )(?:and |but )?(it|he|she|they)\s(?=[a-z])", c.text)
            if not m or len(words(c.text[m.start():])) < 6 or _LIMITERS.search(c.text[: m.start()]):
                return None
            p_at = m.start(1)
            if wrong:
                if c.domain == "legal":
                    others = [p for p in party_terms(self.texts[c.doc]) if p not in name]
                else:
                    others = [e for e, _ in Counter(entities(self.texts[c.doc])).most_common(8) if e not in name
                              and name not in e]
                if not others:
                    return None
                name = ("the " if c.domain == "legal" else "") + rng.choice(others)
            elif c.domain == "legal" and not name.startswith(("The", "Each")):
                name = "the " + name
            return f"[{lower_first(name) if name.startswith('The ') else name}]" + c.text[m.end(1) :], p_at, name

        for c, (q, s, _n) in P.pick(15, lambda c: insertion(c, False)):
            items.append(self.item(corp, c, "near_verbatim", q, [(c.doc, c.start + s, c.end)], "editorial",
                                   ["bracket_insertion"]))
        for c, (q, s, _n) in P.pick(10, lambda c: insertion(c, True)):
            items.append(self.item(corp, c, "altered", q, [(c.doc, c.start + s, c.end)], "editorial",
                                   ["bracket_insertion", "party"]))

        # footnote markers present in the source, dropped by the quote
        n = 0
        for title in sorted(self.xquad):
            if n >= 20:
                break
            for pi, text in enumerate(self.xquad[title]):
                if n >= 20:
                    break
                sp = sentences(text)
                cands = [(s, e) for s, e in sp if good_sentence(text[s:e]) and re.search(r"\w, \w", text[s:e])]
                if not cands or (f"xquad/{title}/{pi}", cands[0][0]) in P.used:
                    continue
                s, e = cands[0]
                sent = text[s:e]
                commas = [m.start() + 1 for m in re.finditer(r"\w,(?= \w)", sent)]
                k = s + rng.choice(commas)
                marker = rng.choice(["[3]", "[12]", "¹", "[a]", "[note 2]"])
                new = text[:k] + marker + text[k:]
                # and a marker after every sentence end, as in copied web text
                fn_id = f"xquad-fn/{title}/{pi}"
                srcs = tuple(f"xquad/{title}/{i}" if i != pi else fn_id for i in range(len(self.xquad[title])))
                for d in srcs:
                    corp.add(d, new if d == fn_id else self.texts[d])
                P.used.add((f"xquad/{title}/{pi}", s))
                items.append(Item("near_verbatim", sent, srcs, [(fn_id, s, e + len(marker))], "editorial:wiki",
                                  ["footnote_in_source"]))
                n += 1

    # -- merges
    def merges(self, corp: Corpus, items: list[Item]) -> None:
        rng = self.rng
        P = self.picker

        def nxt(c: Cand) -> tuple[int, int] | None:
            if c.idx + 1 >= len(c.sents):
                return None
            s, e = c.sents[c.idx + 1]
            t = self.texts[c.doc][s:e]
            return (s, e) if good_sentence(t, 5, 40) and "\n" not in self.texts[c.doc][c.end : s] else None

        def merged(c: Cand) -> tuple[str, int] | None:
            if len(words(c.text)) > 40 or c.text[-1] != ".":
                return None
            n2 = nxt(c)
            if not n2:
                return None
            b = self.texts[c.doc][n2[0] : n2[1]]
            if re.match(r"(In|For|Among|Within|During|After|Before|Except|Excluding|Under|Without|Only)\b", b):
                return None
            first = b.split()[0]
            if first in ("The", "This", "Such", "Each", "Any", "All", "It", "These", "Those", "Its", "A", "An",
                         "Such") and rng.random() < 0.5:
                q = c.text[:-1] + ", and " + lower_first(b)
            else:
                q = c.text[:-1] + "; " + b
            return q, n2[1]

        for c, (q, e) in P.pick(40, merged):
            items.append(self.item(corp, c, "near_verbatim", q, [(c.doc, c.start, e)], "merge",
                                   ["merged_sentences"]))

        def boundary(c: Cand) -> tuple[str, int] | None:
            if c.text[-1] != "." or len(words(c.text)) > 45:
                return None
            n2 = nxt(c)
            if not n2:
                return None
            b = self.texts[c.doc][n2[0] : n2[1]]
            m = re.match(r"(In|For|Among|Within|During|After|Before|Excluding|Under|Without|Except|Outside)\b"
                         r"([^,.;]{3,60}),", b)
            if not m:
                return None
            return c.text[:-1] + " " + lower_first(m.group(1)) + m.group(2) + ".", n2[0] + m.end() - 1

        for c, (q, e) in P.pick(20, boundary):
            items.append(self.item(corp, c, "altered", q, [(c.doc, c.start, e)], "merge", ["boundary_join"]))

        def dropped_mid(c: Cand, load_bearing: bool) -> tuple[str, str] | None:
            # a comma-delimited phrase dropped from the middle, no ellipsis
            for m in re.finditer(r",\s([^,;()]{4,60}),\s", c.text):
                phrase = m.group(1)
                if m.start() < 10 or len(words(c.text[m.end():])) < 4 or not 2 <= len(words(phrase)) <= 9:
                    continue
                bearing = bool(re.search(r"\d", phrase) or _LIMITERS.search(phrase))
                if bearing != load_bearing or re.search(r"\b[A-Z]", phrase):
                    continue
                if re.match(r"(and|or|but|which|who|that|where|our|the|we|it|they|its|their|this|these|a|an)\b",
                            phrase) or re.search(r"\b(is|are|was|were|be|shall|will|may|must|has|have|had)\b", phrase):
                    continue  # a clause or a list member, not a parenthetical
                if not load_bearing and not re.match(_PARENTHETICAL, phrase, re.I):
                    continue
                if re.search(r"without limitation|but not limited", phrase, re.I):
                    continue  # boilerplate: dropping it is no change of meaning one could defend
                if re.search(r"\d", phrase) and not (len(words(phrase)) <= 6 and re.match(
                        r"([$€£(]?\d|(in|on|by|of|for|about|approximately|up to|at least|at most|over|nearly)\s)",
                        phrase)):
                    continue  # a number appositive or adverbial, not a clause
                kind = "dropped_mid_number" if re.search(r"\d", phrase) else (
                    "dropped_mid_limiter" if load_bearing else "dropped_mid_harmless")
                return c.text[: m.start()] + " " + c.text[m.end() :], kind
            return None

        for c, (q, kind) in P.pick(20, partial(dropped_mid, load_bearing=False)):
            items.append(self.item(corp, c, "near_verbatim", q, self.span(c), "merge", [kind]))
        for c, (q, kind) in P.pick(20, partial(dropped_mid, load_bearing=True)):
            items.append(self.item(corp, c, "altered", q, self.span(c), "merge", [kind]))

        def stitched(c: Cand) -> str | None:
            far = [(s, e) for j, (s, e) in enumerate(c.sents) if abs(j - c.idx) >= 5
                   and good_sentence(self.texts[c.doc][s:e], 6, 30)]
            if not far or len(words(c.text)) > 35:
                return None
            s, e = rng.choice(far)
            other = self.texts[c.doc][s:e]
            if rng.random() < 0.5:
                return c.text + " " + other
            return c.text.rstrip(".") + ", and " + lower_first(other)

        for c, q in P.pick(20, stitched):
            items.append(self.item(corp, c, "unsupported", q, [], "merge", ["stitched_distant"]))

    # -- inventions
    def inventions(self, corp: Corpus, items: list[Item]) -> None:
        rng = self.rng
        P = self.picker
        terms = ["Joint IP Ownership Committee", "Strategic Review Board", "Shared Revenue Pool",
                 "Technology Escrow Account", "Regional Exclusivity Zone", "Preferred Partner Program",
                 "Quality Assurance Council", "Dispute Resolution Panel", "Joint Marketing Reserve",
                 "Most Favored Customer Schedule", "Co-Development Steering Group", "Transition Services Fund"]
        titles = ["The Architecture of Memory", "Foundations of Coastal Ecology", "A History of the Northern Routes",
                  "Principles of Applied Thermodynamics", "The Silent Frontier", "Empire and Exchange"]
        fin_terms = ["Project Horizon cost-savings initiative", "Strategic Growth Reserve", "Customer Loyalty Accrual",
                     "Digital Acceleration Fund", "Regional Synergy Program"]

        def invent(c: Cand) -> tuple[str, str] | None:
            doc = self.texts[c.doc]
            if c.domain == "legal":
                ps = party_terms(doc)
                if len(ps) < 2:
                    return None
                term = rng.choice(terms)
                if term.split()[0].lower() in doc.lower() and term.lower() in doc.lower():
                    return None
                t = rng.choice([
                    f"The {ps[0]} and the {ps[1]} shall establish a {term} to oversee all matters under this Agreement.",
                    f"Any dispute between {ps[0]} and {ps[1]} shall first be referred to the {term}.",
                    f"The {ps[1]} shall contribute two percent of Net Sales to the {term} each quarter.",
                ])
                return t, "invented_term"
            if c.domain == "wiki":
                ents = [c.doc.split("/")[1].replace("_", " ")]
                ti = rng.choice(titles)
                if ti.lower() in doc.lower():
                    return None
                t = rng.choice([
                    f"In the 1954 monograph \"{ti}\", {ents[0]} is described as a turning point of the period.",
                    f"{ents[0]} was the subject of the study \"{ti}\" published by Oxford University Press.",
                ])
                return t, "invented_title"
            ft = rng.choice(fin_terms)
            if ft.lower() in doc.lower():
                return None
            return (f"The {ft} contributed $4.2 million to operating income during the year.", "invented_term")

        for c, (q, kind) in P.pick(40, invent):
            items.append(self.item(corp, c, "unsupported", q, [], "invented", [kind]))

        # an invented clause in the document's own words: a real sentence's subject with a foreign predicate
        def franken(c: Cand) -> str | None:
            m = re.match(r"(.{15,80}?\b(?:shall|will|must|may)\b)\s", c.text)
            if not m or c.domain != "legal":
                return None
            tail = rng.choice([
                "assign all patents arising from the Joint Research Program to an independent trust",
                "deposit the source code with the Escrow Agent named in Schedule Q",
                "pay a technology access fee of $75,000 within thirty (30) days",
            ])
            return m.group(1) + " " + tail + "."

        for c, q in P.pick(15, franken, ("legal",)):
            items.append(self.item(corp, c, "unsupported", q, [], "invented", ["invented_clause"]))

    # -- MRPC/STS-B positives
    def pair_paraphrases(self, corp: Corpus, items: list[Item]) -> None:
        rng = self.rng
        mrpc = load_mrpc(self.data)
        stsb = load_stsb(self.data)
        pos: list[tuple[str, str, str, list[str]]] = []
        news_pool = [b for q, _a, b in mrpc if q == 0]
        rng.shuffle(news_pool)
        for q, a, b in mrpc:
            if q == 1:
                pos.append(("mrpc", a, b, news_pool))
        sts_pools: dict[str, list[str]] = {}
        for g, sc, a, _b in stsb:
            if sc <= 1.0:
                sts_pools.setdefault(g, []).append(a)
        for lst in sts_pools.values():
            rng.shuffle(lst)
        for g, sc, a, b in stsb:
            if sc >= 4.6:
                pos.append(("stsb", a, b, sts_pools.get(g, news_pool)))
        rng.shuffle(pos)
        n = {"mrpc": 0, "stsb": 0}
        want = self.want_pairs
        for kind, a, b, hosts in pos:
            if n[kind] >= want[kind] or a in self.skip or b in self.skip:
                continue
            # quote = the sentence adding less; it must add no figure, name or negation
            src, quote = (a, b) if len(content(b) - content(a)) <= len(content(a) - content(b)) else (b, a)
            if not 6 <= len(words(quote)) <= 40 or sorted(digits(quote)) != sorted(digits(src)):
                continue
            if not caps(quote) <= {w.lower() for w in words(src)}:
                continue
            if len(_NEG_WORDS.findall(quote)) != len(_NEG_WORDS.findall(src)):
                continue
            if len(content(quote) - content(src)) > 2 or ratio(quote, src) > 0.85:
                continue
            start = rng.randrange(len(hosts))
            text, off = host_doc(src, hosts[start:] + hosts[:start], rng)
            did = corp.add(f"{self.prefix}para/{kind}/{n[kind]}", text)
            self.used.update((a, b))
            items.append(Item("paraphrase", quote, (did,), [(did, off, off + len(src))], kind, ["pair_paraphrase"]))
            n[kind] += 1


# --------------------------------------------------------------------------- frozen slice

# antonym pairs outside quote_guard's lexicons (as of this build) and outside the list
FROZEN_PAIRS: list[tuple[str, str]] = [
    ("written", "oral"), ("gross", "net"), ("basic", "diluted"), ("fixed", "variable"), ("domestic", "foreign"),
    ("internal", "external"), ("public", "private"), ("temporary", "permanent"), ("civil", "criminal"),
    ("north", "south"), ("east", "west"), ("northern", "southern"), ("eastern", "western"),
    ("summer", "winter"), ("ancient", "modern"), ("male", "female"), ("primary", "secondary"),
    ("imports", "exports"), ("assets", "liabilities"), ("income", "expense"), ("credit", "debit"),
    ("cash", "stock"), ("succeeded", "failed"), ("success", "failure"), ("accepted", "declined"),
    ("opened", "closed"), ("strong", "weak"), ("hot", "cold"), ("wet", "dry"), ("inner", "outer"),
    ("black", "white"), ("morning", "evening"), ("heavy", "light"), ("hardware", "software"),
    ("federal", "state"), ("men", "women"), ("urban", "rural"), ("freshwater", "saltwater"),
    ("liquid", "solid"), ("profit", "loss"), ("surplus", "deficit"), ("export", "import"),
    ("revenues", "expenses"), ("tangible", "intangible"), ("voluntary", "mandatory"),
]


def frozen_trigger_words() -> list[str]:
    """Every trigger word of the frozen antonym flips (for the runner's lexicon-leak check)."""
    return sorted({w for p in FROZEN_PAIRS for w in p})


class FrozenBuilder:
    want_negs = {"mrpc": 120, "stsb": 80}
    want_faith = (130, 40)  # unfaithful sentences, faithful controls
    prefix = ""

    def __init__(self, data: Path, seed: int) -> None:
        self.rng = random.Random(seed + 1)
        self.data = data
        self.skip: set[str] = set()  # sentences and FaithBench samples another set already uses
        self.used: set[str] = set()  # the sentences and FaithBench samples this builder used
        b = Builder(data, seed)  # same documents; its own rng state is not shared
        self.builder = b
        self.texts = b.texts
        self.pool = b.pool
        self.picker = Picker(self.pool, self.rng)

    def pairs(self, corp: Corpus, items: list[Item]) -> None:
        rng = self.rng
        mrpc = load_mrpc(self.data)
        stsb = load_stsb(self.data)
        negs: list[tuple[str, str, str, str]] = []
        news_pool = [a for q, a, _b in mrpc if q == 1]
        rng.shuffle(news_pool)
        for q, a, b in mrpc:
            if q == 0:
                negs.append(("mrpc", "news", a, b))
        for g, sc, a, b in stsb:
            if sc <= 2.0:
                negs.append(("stsb", g, a, b))
        rng.shuffle(negs)
        host_pools: dict[str, list[str]] = {"news": news_pool}
        for g, sc, a, _b in stsb:
            if sc >= 4.0:
                host_pools.setdefault(g, []).append(a)
        for lst in host_pools.values():
            rng.shuffle(lst)
        want = self.want_negs
        n = {"mrpc": 0, "stsb": 0}
        for kind, g, a, b in negs:
            if n[kind] >= want[kind] or a in self.skip or b in self.skip:
                continue
            ea, eb = content(a) - content(b), content(b) - content(a)
            quote, src = (a, b) if (len(ea), len(a)) > (len(eb), len(b)) else (b, a)
            extra = content(quote) - content(src)
            strong = any(w.isdigit() for w in extra) or bool(caps(quote) - {w.lower() for w in words(src)})
            if not (len(extra) >= 2 or strong) or not 4 <= len(words(quote)) <= 45:
                continue
            if collapse(quote).lower() in collapse(src).lower():
                continue
            hosts = host_pools.get(g) or news_pool
            start = rng.randrange(len(hosts))
            text, off = host_doc(src, hosts[start:] + hosts[:start], rng)
            did = corp.add(f"{self.prefix}para-neg/{kind}/{n[kind]}", text)
            cov = coverage(quote, src)
            self.used.update((a, b))
            if cov >= 0.5:
                items.append(Item("altered", quote, (did,), [(did, off, off + len(src))], f"frozen-{kind}",
                                  [f"{kind}_nonparaphrase"]))
            else:
                items.append(Item("unsupported", quote, (did,), [], f"frozen-{kind}", [f"{kind}_nonparaphrase"]))
            n[kind] += 1

    def faithbench(self, corp: Corpus, items: list[Item]) -> None:
        rng = self.rng
        samples = load_faithbench(self.data)
        rng.shuffle(samples)
        n_bad = n_good = 0
        want_bad, want_good = self.want_faith
        for smp in samples:
            if n_bad >= want_bad and n_good >= want_good:
                break
            if smp["doc_id"] in self.skip:
                continue
            src = smp["source"]
            summ = smp["summary"]
            if len(src) < 200:
                continue
            anns = smp["annotations"]
            # FaithBench sources are often lower-cased and tokenised (" . "): split on any sentence end
            ssp = [(m.start(), m.end()) for m in re.finditer(r"[^\n]+?(?:[.!?](?=\s)|$)", src) if m.group(0).strip()]
            ssp = [(a + len(src[a:b]) - len(src[a:b].lstrip()), b) for a, b in ssp if src[a:b].strip()]
            did = str(smp["doc_id"])
            for s, e in sentences(summ):
                sent = summ[s:e].strip()
                if not 6 <= len(words(sent)) <= 50:
                    continue
                if re.search(r"\b(article|passage|text|source|document|summary|summari[sz]e[sd]?)\b", sent, re.I):
                    continue
                over = [a for a in anns if a.get("summary_start") is not None
                        and a["summary_start"] < e and a["summary_end"] > s]
                unwanted = [a for a in over if any(str(lab).startswith("Unwanted") for lab in a["label"])]
                best = max(ssp, key=lambda p: coverage(sent, src[p[0]:p[1]]), default=None)
                if best is None:
                    continue
                cov = coverage(sent, src[best[0]:best[1]])
                if ratio(sent, src[best[0]:best[1]]) > 0.85 or collapse(sent).lower() in collapse(src).lower():
                    continue
                if unwanted and n_bad < want_bad:
                    kinds = sorted({str(lab) for a in unwanted for lab in a["label"] if "." in str(lab)}) or [
                        "Unwanted"]
                    edits = ["faithbench_" + k.split(".")[-1].lower() for k in kinds]
                    corp.add(did, src)
                    self.used.add(did)
                    if cov >= 0.5:
                        items.append(Item("altered", sent, (did,), [(did, best[0], best[1])], "frozen-faithbench",
                                          edits))
                    else:
                        items.append(Item("unsupported", sent, (did,), [], "frozen-faithbench", edits))
                    n_bad += 1
                elif not anns and n_good < want_good and cov >= 0.6 and set(digits(sent)) <= set(digits(src)):
                    corp.add(did, src)
                    self.used.add(did)
                    items.append(Item("paraphrase", sent, (did,), [(did, best[0], best[1])], "frozen-faithbench",
                                      ["faithbench_faithful"]))
                    n_good += 1

    def antonyms(self, corp: Corpus, items: list[Item]) -> None:
        rng = self.rng

        def ok(c: Cand) -> tuple[str, str, bool] | None:
            low = c.text.lower()
            if any(re.search(rf"\b{x}\b", low) and re.search(rf"\b{y}\b", low) for x, y in FROZEN_PAIRS):
                return None  # both words of a pair: a swap would not flip the meaning cleanly
            r = _pair_flip(c.text, FROZEN_PAIRS, rng)
            if r is None:
                return None
            q, trig = r
            reworded = False
            if rng.random() < 0.5:
                base, n = reword(c.text, c.domain, random.Random(rng.random()))
                r2 = _pair_flip(base, FROZEN_PAIRS, rng)
                if r2 and n:
                    q, trig = r2
                    reworded = True
            if q.lower() in self.texts[c.doc].lower():
                return None
            return q, trig, reworded

        for c, (q, _trig, rw) in self.picker.pick(120, ok):
            for d in c.sources:
                corp.add(d, self.texts[d])
            items.append(Item("altered", q, c.sources, [(c.doc, c.start, c.end)], f"frozen-antonym:{c.domain}",
                              ["antonym_nonlex"] + (["reworded"] if rw else [])))

    def build(self) -> tuple[Corpus, list[Item]]:
        corp = Corpus()
        items: list[Item] = []
        self.pairs(corp, items)
        self.faithbench(corp, items)
        self.antonyms(corp, items)
        return corp, items


class TuneBuilder(FrozenBuilder):
    """The frozen slice's dev twin, to tune on: the same rules over MRPC/STS-B pairs and FaithBench
    summaries that neither the main set nor the frozen slice uses, with a seed of its own, plus true
    paraphrases (MRPC/STS-B positives the main set does not use, FaithBench sentences no annotator
    marked) so that a rule which rejects every restatement shows up. No antonym flips: their
    trigger list is the frozen slice's own."""

    want_negs = {"mrpc": 200, "stsb": 120}
    want_faith = (150, 60)
    prefix = "tune/"

    def __init__(self, data: Path, seed: int, used: set[str], quotes: set[str]) -> None:
        super().__init__(data, seed + 100)
        self.quotes = quotes  # the other sets' quotes: the same sentence may sit in several pairs
        self.skip = set(used)
        self.builder.skip = set(used)
        self.builder.prefix = self.prefix
        self.builder.want_pairs = {"mrpc": 120, "stsb": 60}

    def build(self) -> tuple[Corpus, list[Item]]:
        corp = Corpus()
        items: list[Item] = []
        self.pairs(corp, items)
        self.faithbench(corp, items)
        self.builder.pair_paraphrases(corp, items)
        items = [it for it in items if it.quote not in self.quotes]
        for it in items:
            it.origin = it.origin.replace("frozen-", "tune-")
        return corp, items


# --------------------------------------------------------------------------- output


def check(corp: Corpus, items: list[Item]) -> None:
    """Every gold span must lie inside its document, and every source must be present."""
    for it in items:
        for d in it.sources:
            if d not in corp.docs:
                raise ValueError(f"item cites missing document {d!r}")
        for d, s, e in it.spans:
            if d not in it.sources or not 0 <= s < e <= len(corp.docs[d]):
                raise ValueError(f"bad gold span {(d, s, e)} for quote {it.quote[:60]!r}")
        if it.label in ("verbatim",) and not any(True for _ in it.spans):
            raise ValueError(f"verbatim item without span: {it.quote[:60]!r}")


def write(out: Path, prefix: str, corp: Corpus, items: list[Item], rng: random.Random) -> None:
    check(corp, items)
    out.mkdir(parents=True, exist_ok=True)
    order = list(range(len(items)))
    rng.shuffle(order)
    with open(out / "docs.jsonl", "w", encoding="utf-8") as f:
        for k in sorted(corp.docs):
            f.write(json.dumps({"id": k, "text": corp.docs[k]}, ensure_ascii=False) + "\n")
    with open(out / "items.jsonl", "w", encoding="utf-8") as f:
        for n, i in enumerate(order):
            f.write(json.dumps(items[i].to_json(f"{prefix}-{n:05d}"), ensure_ascii=False) + "\n")


def summary(items: list[Item]) -> str:
    lab = Counter(i.label for i in items)
    kinds = Counter((e, i.label) for i in items for e in (i.edits or ["none"]))
    lines = [f"  items: {len(items)}  labels: " + ", ".join(f"{k} {v}" for k, v in sorted(lab.items()))]
    for (e, label), v in sorted(kinds.items()):
        lines.append(f"    {e:28s} {label:14s} {v}")
    return "\n".join(lines)


def build(data: Path = DEFAULT_DATA, out: Path = DEFAULT_OUT, seed: int = SEED, *, verbose: bool = True) -> None:
    """Build both sets into ``out/real_habits`` and ``out/real_habits_frozen``.

    >>> build(verbose=False)  # doctest: +SKIP
    """
    if not (data / "cuad").is_dir():
        raise SystemExit(f"no raw data at {data} (expected cuad/, xquad/, tatqa/, mrpc/, stsb/, faithbench/)")
    b = Builder(data, seed)
    corp, items = b.main()
    write(out / "real_habits", "rh", corp, items, random.Random(seed + 7))
    fb = FrozenBuilder(data, seed)
    fcorp, fitems = fb.build()
    write(out / "real_habits_frozen", "rhf", fcorp, fitems, random.Random(seed + 8))
    tb = TuneBuilder(data, seed, b.used | fb.used, {it.quote for it in items + fitems})
    tcorp, titems = tb.build()
    write(out / "real_habits_tune", "rht", tcorp, titems, random.Random(seed + 9))
    if verbose:
        print(f"real_habits -> {out / 'real_habits'}\n{summary(items)}")
        print(f"real_habits_frozen -> {out / 'real_habits_frozen'}\n{summary(fitems)}")
        print(f"real_habits_tune -> {out / 'real_habits_tune'}\n{summary(titems)}")


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--data", type=Path, default=DEFAULT_DATA)
    ap.add_argument("--out", type=Path, default=DEFAULT_OUT)
    ap.add_argument("--seed", type=int, default=SEED)
    a = ap.parse_args(argv)
    build(a.data, a.out, a.seed)
    return 0


if __name__ == "__main__":
    sys.exit(main())
