#!/usr/bin/env python3
"""Score quote_guard on hand-written, LLM-style restatements of six kinds of text, beside rapidfuzz90.

    python benchmarks/run_handwritten.py [--systems quote_guard,rapidfuzz90] [--show-misses] [--items FILE]

``benchmarks/handwritten.json`` holds quotes written by hand the way a model answering
questions over a document writes them: restatements, cut and trimmed quotes, and quotes with one
or several changes of the kinds models make (a figure, a date, a party, a unit, a modal, a
negation, a qualifier added or dropped, an item added to a list, a condition cut off, an invented
title or body). Each is labelled ``changed`` (its claim is not the source's: must be rejected) or
``faithful`` (it says what the source says: must be accepted), over passages of three CUAD
contracts (sponsorship, licence, supply), three XQuAD paragraphs (all read from ``../shared/data``),
and four passages written for this set (a trial abstract, a results release, a news report, a
methods paragraph and an expert's report).

It was written while fixing what it found, so it is a **tuning set**, not an evaluation set: its
figures show what the rules cover, not how they generalise. Nothing in it comes from another
project's tests.

``--items`` runs another file of the same form (each item may also carry a ``kind``, shown with
``--show-misses``, and the ``question`` it answered). ``probes_48th.json`` (319 quotes over passages
written for it) is one: the 48th stop's probes of the meaning guard, written while fixing what they
found, so a tuning set like this one and not part of the blind sets' totals; ``probes_49th.json``
(281 quotes over insurance, data protection, HR, terms of service, recalls, papers, sport, history,
climate and product texts) is the 49th stop's, of the same kind, and ``probes_50th.json`` (394 quotes over trial
statistics, credit agreements, audit opinions, sentencing, drug labels, deals, tax, immigration, HR, history,
liability caps, papers and expert evidence) the 50th stop's. Seven more were written in the 30th stop by
assistant sessions that saw none of quote_guard's code, tests or data, the way models quote:
``handwritten_tune2.json`` (300 quotes), ``handwritten_tune3a.json``, ``handwritten_tune3b.json``,
``handwritten_tune4.json`` and ``handwritten_tune5.json`` (150 each) are tuning sets; ``handwritten_heldout.json`` and
``handwritten_heldout2.json`` (150 each) are **held out**: they are scored, their misses are never
listed or read, and no rule is written for them (``make bench-handwritten`` runs them without
``--show-misses``). The 31st stop added more, written the same way by eight more such sessions:
``handwritten_tune6.json``, ``handwritten_tune7.json``, ``handwritten_tune8a.json``,
``handwritten_tune8b.json``, ``handwritten_tune9a.json`` and ``handwritten_tune9b.json`` (tuning),
``handwritten_heldout3.json`` and ``handwritten_heldout4.json`` (held out). The 34th stop added
``handwritten_tune10a.json`` and ``handwritten_tune10b.json`` (tuning, 150 each), written the same
way; their writers were told that a fragment cut right before a condition or an exception is a
change, which the earlier writers labelled both ways. The 35th stop added ``handwritten_tune11a.json``,
``handwritten_tune11b.json``, ``handwritten_tune12a.json`` and ``handwritten_tune12b.json`` (tuning,
150 each) and ``handwritten_heldout5.json`` (held out, 150), all from the same brief. The 36th stop
added ``handwritten_tune13a.json``, ``handwritten_tune13b.json`` and ``handwritten_tune13c.json``
(tuning, 150 each; disjoint ranges of CUAD contracts and XQuAD articles per writer), and the 37th
``handwritten_tune14a.json`` to ``handwritten_tune14c.json`` and ``handwritten_tune15a.json`` to
``handwritten_tune15c.json`` (tuning, 150 each, written the same way, none reusing a passage), and
the 38th ``handwritten_tune16a.json`` to ``handwritten_tune18c.json`` (tuning, 150 each, the same way) and
``handwritten_heldout6.json`` (held out, 150, scored once its rules were fixed; its misses are not read), and
at its end ``handwritten_heldout7.json`` (held out, 150, scored once on the final code). The 39th added
``handwritten_tune19a.json``, ``handwritten_tune19b.json``, ``handwritten_tune20a.json`` and
``handwritten_tune20b.json`` (tuning, 150 each, the same way) and at its end ``handwritten_heldout8.json``
(held out, 150, scored once on the final code). The 40th added ``handwritten_tune21a.json``,
``handwritten_tune21b.json``, ``handwritten_tune22a.json`` to ``handwritten_tune22c.json``,
``handwritten_tune23a.json`` and ``handwritten_tune23b.json`` (tuning, 150 each, the same way),
``handwritten_heldout9.json`` (held out, 150, scored early in the stop and at its end) and
``handwritten_heldout10.json`` (held out, 150, scored once on the final code). The 41st added
``handwritten_tune24a.json`` to ``handwritten_tune24c.json``, ``handwritten_tune25a.json``,
``handwritten_tune25b.json``, ``handwritten_tune26a.json`` and ``handwritten_tune26b.json`` (tuning, 150
each, the same way, the last two over TAT-QA reports instead of XQuAD paragraphs; scored on arrival
with the 40th stop's code and with the stop's code as it stood, before their misses were read) and
``handwritten_heldout11.json`` to ``handwritten_heldout13.json`` (held out, 150 each, scored on
arrival and on the final code). The 42nd added ``handwritten_tune27a.json``, ``handwritten_tune27b.json``,
``handwritten_tune28a.json`` to ``handwritten_tune31b.json`` (tuning, 150 each, the same way, over
contracts, TAT-QA reports and passages of their writers) and ``handwritten_heldout14.json`` to
``handwritten_heldout23.json`` (held out, 150 each, scored on arrival and on the final code). The 51st
added ``handwritten_tune32a.json`` (tuning, 150, the same way; it came at the stop's end, scored on arrival, its
misses left for the next stop) and ``handwritten_tune32b.json`` (tuning, 150, written the same way from a brief of how models quote,
over four CUAD contracts, three TAT-QA reports and five passages of its writer: a cohort abstract, an
arbitration award, earnings-call remarks, an environmental impact statement and a patent claim) and
``handwritten_heldout24.json`` and ``handwritten_heldout25.json`` (held out, 150 each, written the same
way; scored on arrival and on the final code, their misses never read). The 52nd added
``handwritten_tune33a.json``, ``handwritten_tune33b.json``, ``handwritten_tune34a.json`` and
``handwritten_tune34b.json`` (tuning, 150 each, from the same brief, each over four CUAD contracts, three
TAT-QA reports and five passages of its writer) and ``handwritten_heldout26.json`` to
``handwritten_heldout28.json`` (held out, 150 each, scored on arrival and on the final code, their misses
never read). The 53rd added ``handwritten_tune35a.json`` and ``handwritten_tune35b.json`` (tuning, 150 each, from
the same brief over four CUAD contracts, three TAT-QA reports and five passages of each writer),
``handwritten_tune36a.json`` and ``handwritten_tune36b.json`` (tuning, 150 each, the same way; they came at
the stop's end, scored on arrival, their misses left for the next stop) and
``handwritten_heldout29.json`` to ``handwritten_heldout32.json`` (held out, 150 each, the same way; scored on
arrival and on the final code, their misses never read). The 54th added ``handwritten_tune37a.json`` to
``handwritten_tune37c.json`` (tuning, 150 each, the same way) and ``handwritten_heldout33.json`` to
``handwritten_heldout35.json`` (held out, 150 each, the same way; scored on arrival and on the final code, their
misses never read). The 55th added ``handwritten_tune38a.json`` to ``handwritten_tune38c.json`` (tuning, 150
each, the same way) and ``handwritten_heldout37.json`` and ``handwritten_heldout38.json`` (held out, 150 each,
the same way; scored with the 54th stop's code and on the final code, their misses never read; a third held-out
writer did not finish in the stop). The 56th added ``handwritten_tune39a.json`` to ``handwritten_tune39c.json``
(tuning, 150 each, the same way) and ``handwritten_heldout39.json`` and ``handwritten_heldout40.json`` (held out,
150 each, the same way; scored with the 55th stop's code and on the final code, their misses never read). The
57th added ``handwritten_tune40a.json`` to ``handwritten_tune40c.json`` (tuning, 150 each, over four CUAD
contracts, the last the collection had unused, and eight passages of each writer: TAT-QA's reports were all
used), ``handwritten_tune40d.json`` to ``handwritten_tune40g.json`` (tuning, 150 each, over twelve passages of
each writer) and ``handwritten_heldout41.json`` (four CUAD contracts, eight passages),
``handwritten_heldout42.json`` and ``handwritten_heldout43.json`` (twelve passages each) (held out, 150 each;
scored with the 56th stop's code and on the final code, their misses never read). The 58th added
``handwritten_tune41a.json`` to ``handwritten_tune41f.json``, ``handwritten_tune42a.json`` to
``handwritten_tune42c.json``, ``handwritten_tune43a.json`` to ``handwritten_tune43c.json`` and
``handwritten_tune44a.json`` and ``handwritten_tune44b.json`` (tuning, 150 each, over twelve passages of each
writer) and ``handwritten_heldout44.json`` to ``handwritten_heldout49.json`` (held out, 150 each, the same way;
scored with the 57th stop's code and on the final code, their misses never read). The 59th added
``handwritten_tune45a.json`` to ``handwritten_tune45f.json``, ``handwritten_tune46a.json`` to
``handwritten_tune46d.json`` and ``handwritten_tune47a.json`` to ``handwritten_tune47d.json`` (tuning, 150 each,
over twelve passages of each writer; ``_tune47a`` arrived last, and no rule was drawn from it) and ``handwritten_heldout50.json`` to ``handwritten_heldout55.json`` (held
out, 150 each, the same way; scored on arrival with the 58th stop's code and with the code of the time, their
misses never read). The 60th added ``handwritten_tune48a.json`` to ``handwritten_tune48e.json``,
``handwritten_tune49a.json`` to ``handwritten_tune49e.json`` and ``handwritten_tune50a.json`` to
``handwritten_tune50f.json`` (tuning, 150 each) and ``handwritten_heldout56.json`` to ``handwritten_heldout61.json``
(held out, 150 each; scored on arrival with the 59th stop's code and with the code of the time, their misses never
read). The 61st added ``handwritten_tune51a.json`` to ``handwritten_tune51f.json`` (tuning, 150 each, over twelve
passages of each writer, of kinds the earlier sets had little of: US filings and rules, EU and international texts,
technical documents, research papers, finance documents, news and general text) and ``handwritten_tune52a.json`` to
``handwritten_tune52c.json`` (tuning, 150 each, the same way, in a second round), and ``handwritten_heldout62.json`` to
``handwritten_heldout65.json`` (held out, 150 each; scored on arrival with the 60th stop's code and with the code of the
time, their misses never read). The 62nd added ``handwritten_tune53a.json`` to ``handwritten_tune53d.json`` (tuning, 150
each, by the brief in ``benchmarks/blind/``, over passage kinds of their own: insurance and pension texts, procurement,
guidelines, audit reports, central bank minutes, charter parties, recall notices, term sheets, trading updates and more)
and ``handwritten_heldout66.json`` to ``handwritten_heldout73.json`` (held out, 150 each; scored on arrival with the
61st stop's code and with the code of the time, their misses never read; ``_heldout70`` to ``_heldout73`` arrived
after the stop's last rule but one and no rule was chosen on their counts). The 63rd added ``handwritten_tune54a.json``
to ``handwritten_tune54d.json`` (tuning, 150 each, by the same brief: reinsurance, data processing, oncology trials,
mining reports, zoning, franchising, loan facilities, infection control, export licences, remuneration policies and
more) and ``handwritten_heldout74.json`` to ``handwritten_heldout77.json`` (held out, 150 each; scored on arrival with
the 62nd stop's code and with the code of the time, their misses never read, and no rule chosen on their counts), then
``handwritten_tune55a.json`` to ``handwritten_tune55d.json`` and ``handwritten_heldout78.json`` to
``handwritten_heldout81.json`` in a second round, the same way, and ``handwritten_tune56a.json`` to
``handwritten_tune56d.json`` and ``handwritten_heldout82.json`` to ``handwritten_heldout85.json`` in a third (the
held-out sets of the third round arrived after every rule of the stop but the last two, and no rule was chosen on
their counts). The 64th added ``handwritten_tune57a.json`` to ``handwritten_tune62d.json`` (tuning, 150 each, in six
rounds of four by the same brief, but ``_tune61b``, whose writer failed: charter parties, transplant guidelines, hedge
fund memoranda, escrow and guarantee deeds, sponsorship and facilities contracts, inspection reports, trading
statements and more) and ``handwritten_heldout86.json`` to ``handwritten_heldout109.json`` (held out, 150 each, four a
round; scored on arrival with the 63rd stop's code and with the code of the time, their misses never read, and no rule
chosen on their counts).

Per set it prints ``dangerous`` (changed quotes accepted as verbatim, near_verbatim or
paraphrase) and ``false_reject`` (faithful quotes rejected), and with ``--show-misses`` every
quote a system gets wrong, with its reason.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections import defaultdict
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT.parent / "shared" / "data"
ITEMS = Path(__file__).resolve().parent / "handwritten.json"
ACCEPTED = {"verbatim", "near_verbatim", "paraphrase"}


def passages(spec: dict[str, Any], where_from: Path = ITEMS) -> dict[str, str]:
    """Each passage's text: inline, a CUAD contract file, an XQuAD paragraph, or the paragraphs of one
    TAT-QA report (``{"tatqa": i}``: item ``i`` of the test set's gold file, its paragraphs in order,
    a blank line between them; the dev file feeds the real-habits set)."""
    out: dict[str, str] = {}
    xquad: Any = None
    tatqa: Any = None
    for key, where in spec.items():
        if "text" in where:
            out[key] = where["text"]
        elif "cuad" in where:
            path = DATA / "cuad" / "full_contract_txt" / where["cuad"]
            out[key] = path.read_text(encoding="utf-8", errors="replace")
        elif "xquad" in where:
            if xquad is None:
                xquad = json.loads((DATA / "xquad" / "xquad.en.json").read_text(encoding="utf-8"))
            article, paragraph = where["xquad"]
            out[key] = xquad["data"][article]["paragraphs"][paragraph]["context"]
        elif "tatqa" in where:
            if tatqa is None:
                tatqa = json.loads((DATA / "tatqa" / "tatqa_dataset_test_gold.json").read_text(encoding="utf-8"))
            report = tatqa[where["tatqa"]]
            out[key] = "\n\n".join(p["text"] for p in sorted(report["paragraphs"], key=lambda p: p["order"]))
        else:
            raise SystemExit(f"{where_from}: passage {key!r} names no text, cuad file, xquad paragraph or tatqa report")
    return out


def run_quote_guard(items: list[dict[str, Any]], texts: dict[str, str]) -> list[tuple[str, str]]:
    import quote_guard

    v = quote_guard.Verifier()
    out = []
    for it in items:
        [r] = v.verify([it["quote"]], [quote_guard.Source(it["source"], texts[it["source"]])])
        out.append((r.verdict.value, r.reason))
    return out


def run_rapidfuzz90(items: list[dict[str, Any]], texts: dict[str, str]) -> list[tuple[str, str]]:
    """The rapidfuzz90 baseline of ../shared/bench/score.py (loaded as run_real_habits.py loads it), quote by quote."""
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from run_real_habits import load_scorer

    baseline = load_scorer().SYSTEMS["rapidfuzz90"]()
    out = []
    for it in items:
        [(verdict, _spans, _text)] = baseline.run([it["quote"]], {it["source"]: texts[it["source"]]})
        out.append((verdict, "rapidfuzz90"))
    return out


SYSTEMS = {"quote_guard": run_quote_guard, "rapidfuzz90": run_rapidfuzz90}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--systems", default="quote_guard,rapidfuzz90")
    ap.add_argument("--show-misses", action="store_true")
    ap.add_argument("--items", type=Path, default=ITEMS, help=f"the quotes (default {ITEMS.name})")
    a = ap.parse_args()
    for k in ("HF_HUB_OFFLINE", "TRANSFORMERS_OFFLINE"):
        os.environ.setdefault(k, "1")
    sys.path.insert(0, str(ROOT))
    spec = json.loads(a.items.read_text(encoding="utf-8"))
    texts = passages(spec["passages"], a.items)
    items = spec["items"]
    systems = [s.strip() for s in a.systems.split(",") if s.strip()]
    for s in systems:
        if s not in SYSTEMS:
            raise SystemExit(f"unknown system {s!r}; choose from {', '.join(SYSTEMS)}")
    results = {s: SYSTEMS[s](items, texts) for s in systems}
    sets = sorted({it["set"] for it in items})
    print(f"{len(items)} hand-written quotes ({a.items.name}): {spec.get('about', '')}\n")
    print("| set | changed | faithful | " + " | ".join(f"{s} dangerous | {s} false_reject" for s in systems) + " |")
    print("|---|---|---|" + "---|---|" * len(systems))
    for name in [*sets, "all"]:
        idx = [i for i, it in enumerate(items) if name in ("all", it["set"])]
        changed = [i for i in idx if items[i]["expect"] == "changed"]
        faithful = [i for i in idx if items[i]["expect"] == "faithful"]
        cells = []
        for s in systems:
            got = results[s]
            dangerous = sum(got[i][0] in ACCEPTED for i in changed)
            rejected = sum(got[i][0] not in ACCEPTED for i in faithful)
            cells.append(f"{dangerous}/{len(changed)} = {dangerous / max(1, len(changed)):.3f}")
            cells.append(f"{rejected}/{len(faithful)} = {rejected / max(1, len(faithful)):.3f}")
        print(f"| {name} | {len(changed)} | {len(faithful)} | " + " | ".join(cells) + " |")
    if a.show_misses:
        for s in systems:
            misses: dict[str, list[str]] = defaultdict(list)
            for it, (verdict, reason) in zip(items, results[s]):
                if (verdict in ACCEPTED) != (it["expect"] == "faithful"):
                    kind = f" [{it['kind']}]" if it.get("kind") else ""
                    misses[it["expect"]].append(f"  {it['id']}{kind} {verdict}: {it['quote'][:90]!r} ({reason[:100]})")
            print(f"\n{s}: {sum(map(len, misses.values()))} wrong")
            for kind in ("changed", "faithful"):
                if misses[kind]:
                    print(f" {kind} quotes {'accepted' if kind == 'changed' else 'rejected'}:")
                    print("\n".join(misses[kind]))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
