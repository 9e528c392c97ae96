#!/usr/bin/env python3
"""Score quote_guard on the dev split, the real-habits set, its frozen and tune slices, beside rapidfuzz90.

    python benchmarks/run_real_habits.py [--sets dev,real_habits,frozen,tune] [--systems ...] [--limit N]
                                         [--json OUT] [--rebuild]

Builds ``out/real_habits``, ``out/real_habits_frozen`` and ``out/real_habits_tune`` with
build_real_habits.py when they are missing, then scores each set with ../shared/bench/score.py (loaded from its path; its ``score``
function does the work, this script only adds systems and a table). Systems: ``quote_guard``
(default config), ``quote_guard_lexical`` (``VerifierConfig(semantic={"enabled": False})``) and
``rapidfuzz90``. Every document cache of quote_guard is cleared before each system and each set,
and the embedding model is loaded before any clock starts, so quotes/s is a cold-cache figure
comparable with rapidfuzz90 of the same run.

Per set it prints dangerous, false_accept, false_reject, span_exact, paraphrase recall, macro F1
and quotes/s, then ``dangerous`` per edit kind (altered + unsupported items carrying that kind)
and ``false_reject`` per edit kind (verbatim + near_verbatim items carrying it).
The frozen slice is for reporting only: never tune on it (the tune slice is its twin to tune on).
"""

from __future__ import annotations

import argparse
import importlib
import importlib.util
import json
import os
import re
import sys
import time
from collections import defaultdict
from pathlib import Path
from types import ModuleType
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
SCORE_PY = ROOT.parent / "shared" / "bench" / "score.py"
SETS = {
    "dev": ROOT.parent / "shared" / "bench" / "dev",
    "real_habits": ROOT / "out" / "real_habits",
    "frozen": ROOT / "out" / "real_habits_frozen",
    "tune": ROOT / "out" / "real_habits_tune",
}
SYSTEMS = ("quote_guard", "quote_guard_lexical", "rapidfuzz90")
ROWS = ("dangerous", "false_accept", "false_reject", "span_exact", "paraphrase_recall", "macro_f1", "quotes_per_s")


def load_scorer() -> ModuleType:
    """../shared/bench/score.py as a module, loaded the way run_bench.py loads it."""
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from run_bench import load_scorer as load_from

    return load_from(SCORE_PY.parent / "dev")  # type: ignore[no-any-return]


def clear_caches() -> None:
    """Forget every document cache quote_guard keeps between calls (indexes, corpus filters, passages)."""
    for name in ("quote_guard.index", "quote_guard.embed", "quote_guard.semantic"):
        try:
            mod = importlib.import_module(name)
        except ImportError:
            continue
        fn = getattr(mod, "clear_cache", None)
        if callable(fn):
            fn()


def register_systems(scorer: ModuleType) -> None:
    """Add quote_guard_lexical to score.py's table; quote_guard and rapidfuzz90 are its own."""
    import quote_guard

    class LexicalQuoteGuard(scorer.QuoteGuard):  # type: ignore[misc,name-defined]
        """quote_guard with the semantic stage off."""

        def __init__(self) -> None:
            self.qg = quote_guard
            self.v = quote_guard.Verifier(quote_guard.VerifierConfig(semantic={"enabled": False}))

    scorer.SYSTEMS["quote_guard_lexical"] = LexicalQuoteGuard


def warm_model() -> None:
    """Load the embedding model and the static tables once, before timing (their cold start is not
    a per-quote cost; Verifier.warm_up caches no document)."""
    import quote_guard

    t0 = time.perf_counter()
    quote_guard.Verifier().warm_up()
    print(f"model warm-up (excluded from quotes/s): {time.perf_counter() - t0:.2f} s")


class Recorder:
    """Wraps a score.py system class and keeps every ``run`` result, in call order."""

    def __init__(self) -> None:
        self.calls: list[list[Any]] = []

    def wrap(self, cls: Any) -> Any:
        rec = self

        class Recording(cls):  # type: ignore[misc]
            def run(self, quotes: list[str], sources: dict[str, str]) -> Any:
                out = super().run(quotes, sources)
                rec.calls.append(list(out))
                return out

        return Recording


def dangerous_by_edit(bench: Path, scorer: ModuleType, calls: list[list[Any]], limit: int | None) -> dict[str, Any]:
    """Dangerous verdicts per edit kind, from the results score.py's run produced (same grouping)."""
    _docs, items = scorer.load(str(bench))
    if limit:
        items = items[:limit]
    groups: dict[tuple[str, ...], list[dict[str, Any]]] = defaultdict(list)
    for it in items:
        groups[tuple(it["sources"])].append(it)
    if len(calls) != len(groups):
        raise RuntimeError("score.py grouped the items differently than expected")
    n: dict[str, int] = defaultdict(int)
    bad: dict[str, int] = defaultdict(int)
    n_acc: dict[str, int] = defaultdict(int)
    rejected: dict[str, int] = defaultdict(int)
    for its, res in zip(groups.values(), calls):
        for it, (verdict, _spans, _v) in zip(its, res):
            for e in it["edits"] or ["none"]:
                if it["label"] in scorer.REJECT:
                    n[e] += 1
                    bad[e] += verdict in scorer.PASSED_ON
                elif it["label"] in scorer.ACCEPT:
                    n_acc[e] += 1
                    rejected[e] += verdict not in scorer.ACCEPT
    out: dict[str, Any] = {}
    for e in sorted(set(n) | set(n_acc)):
        out[e] = {"n": n[e], "dangerous": round(bad[e] / n[e], 4) if n[e] else None,
                  "n_accept": n_acc[e], "false_reject": round(rejected[e] / n_acc[e], 4) if n_acc[e] else None}
    return out


def lexicon_leaks() -> list[str]:
    """Frozen-slice trigger words that quote_guard's lexicon now knows (the slice would then be circular)."""
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    import build_real_habits

    try:
        align = importlib.import_module("quote_guard.align")
        meaning = importlib.import_module("quote_guard.meaning")
    except ImportError:
        return []
    cat = getattr(align, "word_category", None)
    if not callable(cat):
        return []

    antonyms = meaning._antonym_table()

    def known(w: str) -> bool:
        # the word alignment's categories, and the meaning guard's lexicons: opposite groups (by stem),
        # qualifiers, days and seasons, quantifiers, and WordNet's antonyms (any base form of the word)
        return (cat(w) is not None or bool(meaning._sides_of(w)) or w in meaning._QUALIFIERS
                or w in meaning._DAYS or w in meaning._QUANTIFIERS
                or any(b in antonyms for b in meaning._bases(w)))

    return [w for w in build_real_habits.frozen_trigger_words() if known(w)]


def leaked_items(bench: Path, leaks: list[str]) -> list[str]:
    """Ids of the frozen slice's antonym flips whose trigger word (a word of the quote that its gold
    span lacks) is one of ``leaks``: the part of the slice a lexicon could score by construction."""
    docs = {d["id"]: d["text"] for d in map(json.loads, (bench / "docs.jsonl").read_text(encoding="utf-8").splitlines())}
    out = []
    for it in map(json.loads, (bench / "items.jsonl").read_text(encoding="utf-8").splitlines()):
        if "antonym_nonlex" not in (it.get("edits") or []) or not it.get("spans"):
            continue
        sp = it["spans"][0]
        said = set(re.findall(r"[a-z]+", docs[sp["source_id"]][sp["start"] : sp["end"]].lower()))
        if (set(re.findall(r"[a-z]+", it["quote"].lower())) - said) & set(leaks):
            out.append(it["id"])
    return out


def fmt(key: str, v: Any) -> str:
    if v is None:
        return "–"
    return f"{v:.1f}" if key == "quotes_per_s" else f"{v:.4f}"


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--sets", default="dev,real_habits,frozen,tune")
    ap.add_argument("--systems", default=",".join(SYSTEMS))
    ap.add_argument("--limit", type=int)
    ap.add_argument("--json", type=Path)
    ap.add_argument("--rebuild", action="store_true", help="rebuild the real-habits sets even if present")
    a = ap.parse_args()
    for k in ("HF_HUB_OFFLINE", "TRANSFORMERS_OFFLINE"):
        os.environ.setdefault(k, "1")
    sys.path.insert(0, str(ROOT))
    sets = [s.strip() for s in a.sets.split(",") if s.strip()]
    systems = [s.strip() for s in a.systems.split(",") if s.strip()]
    for s in sets:
        if s not in SETS:
            raise SystemExit(f"unknown set {s!r}; choose from {', '.join(SETS)}")
    for s in systems:
        if s not in SYSTEMS:
            raise SystemExit(f"unknown system {s!r}; choose from {', '.join(SYSTEMS)}")
    if a.rebuild or any(not (SETS[s] / "items.jsonl").exists() for s in sets if s != "dev"):
        sys.path.insert(0, str(Path(__file__).resolve().parent))
        import build_real_habits

        build_real_habits.build(verbose=False)
    scorer = load_scorer()
    register_systems(scorer)
    if "quote_guard" in systems:
        warm_model()
    leaks = lexicon_leaks()
    if leaks:
        print(f"WARNING: frozen-slice trigger words now in quote_guard's lexicon: {', '.join(leaks)}")
        if "frozen" in sets:
            ids = leaked_items(SETS["frozen"], leaks)
            print(f"         {len(ids)} frozen item(s) flip one of them, and are partly circular: {', '.join(ids)}")

    results: dict[str, dict[str, Any]] = {}
    for set_name in sets:
        bench = SETS[set_name]
        results[set_name] = {}
        for system in systems:
            clear_caches()
            rec = Recorder()
            original = scorer.SYSTEMS[system]
            scorer.SYSTEMS[system] = rec.wrap(original)
            try:
                m = scorer.score(str(bench), system, a.limit)
            finally:
                scorer.SYSTEMS[system] = original
            conf = m["confusion"].get("paraphrase", {})
            m["paraphrase_recall"] = round(conf.get("paraphrase", 0) / max(1, sum(conf.values())), 4) if conf else None
            m["dangerous_by_edit"] = dangerous_by_edit(bench, scorer, rec.calls, a.limit)
            if not any(m["confusion"].get(label) for label in scorer.ACCEPT):
                # no verbatim/near_verbatim item: score.py's 1 - 0/1 and 0/1 mean nothing here
                m["false_reject"] = m["span_exact"] = None
            results[set_name][system] = m
        print(f"\n## {set_name}  ({bench}, {results[set_name][systems[0]]['items']} items)\n")
        print("| figure | " + " | ".join(systems) + " |")
        print("|---|" + "---|" * len(systems))
        for key in ROWS:
            print(f"| {key} | " + " | ".join(fmt(key, results[set_name][s].get(key)) for s in systems) + " |")
        if "rapidfuzz90" in systems:
            rf = results[set_name]["rapidfuzz90"]["quotes_per_s"] or 1e-9
            print("| speed vs rapidfuzz90 | " + " | ".join(
                f"{(results[set_name][s]['quotes_per_s'] or 0) / rf:.1f}×" for s in systems) + " |")
        for figure, count, what in (("dangerous", "n", "altered + unsupported"),
                                    ("false_reject", "n_accept", "verbatim + near_verbatim")):
            by = [results[set_name][s]["dangerous_by_edit"] for s in systems]
            kinds = sorted(k for k, v in by[0].items() if v[count])
            if not kinds:
                continue
            print(f"\n{figure} per edit kind ({what} items; n = items of that kind)\n")
            print("| edit kind | n | " + " | ".join(systems) + " |")
            print("|---|---|" + "---|" * len(systems))
            for k in kinds:
                row = [b.get(k, {}) for b in by]
                print(f"| {k} | {row[0][count]} | " + " | ".join(fmt(figure, r.get(figure)) for r in row) + " |")
    if a.json:
        a.json.write_text(json.dumps(results, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
