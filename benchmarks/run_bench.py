#!/usr/bin/env python3
"""Score quote_guard on ../shared/bench side by side with the two baselines, in one run.

    python benchmarks/run_bench.py [--bench DIR] [--limit N] [--systems quote_guard,substring,rapidfuzz90]
                                   [--json OUT] [--no-semantic]

Prints one markdown table (the README carries the latest one) plus quote_guard's
per-edit-kind success and confusion matrix. Throughput is compared as a ratio to
rapidfuzz90 measured in the same process, because the machines are noisy. Every system starts
cold: the document index cache is cleared before each one.
"""
from __future__ import annotations

import argparse
import importlib.util
import json
import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_BENCH = ROOT.parent / "shared" / "bench" / "dev"

ROWS = [
    ("false_accept", "≤ 0.01", "low"),
    ("false_reject", "≤ 0.01", "low"),
    ("span_exact", "≥ 0.97", "high"),
    ("span_tolerant", "≥ 0.99", "high"),
    ("fix_text_ok", "≥ 0.99", "high"),
    ("paraphrase_span_ok", "≥ 0.90", "high"),
    ("macro_f1", "≥ 0.90", "high"),
    ("quotes_per_s", "≥ 100 (semantic on)", "high"),
]


def load_scorer(bench: Path):
    path = bench.parent / "score.py"
    spec = importlib.util.spec_from_file_location("qg_bench_score", path)
    if spec is None or spec.loader is None:
        raise SystemExit(f"cannot load the scorer at {path}")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--bench", type=Path, default=DEFAULT_BENCH)
    ap.add_argument("--limit", type=int)
    ap.add_argument("--systems", default="quote_guard,quote_guard_lexical,substring,rapidfuzz90")
    ap.add_argument("--json", type=Path)
    ap.add_argument("--no-semantic", action="store_true", help="score the lexical stage alone")
    a = ap.parse_args()
    if not (a.bench / "items.jsonl").exists():
        raise SystemExit(f"no benchmark at {a.bench} (expected items.jsonl and docs.jsonl); see ../shared/bench/README.md")
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    sys.path.insert(0, str(ROOT))
    scorer = load_scorer(a.bench)
    import quote_guard

    class LexicalQuoteGuard(scorer.QuoteGuard):
        """quote_guard with the semantic stage off: the issue-2 lexical engine alone."""

        def __init__(self) -> None:
            self.qg = quote_guard
            self.v = quote_guard.Verifier(quote_guard.VerifierConfig(semantic={"enabled": False}))

    scorer.SYSTEMS["quote_guard_lexical"] = LexicalQuoteGuard
    if a.no_semantic:
        scorer.SYSTEMS["quote_guard"] = LexicalQuoteGuard
    # load the embedding model and the static tables before the clock starts: their cold start
    # is reported apart (Verifier.warm_up caches no document)
    t0 = time.perf_counter()
    quote_guard.Verifier(semantic={"enabled": False} if a.no_semantic else {}).warm_up()
    print(f"warm-up: model and tables (excluded from quotes_per_s): {time.perf_counter() - t0:.2f} s")

    bench, limit = a.bench, None
    if a.limit:
        # items.jsonl is ordered by label: its first N rows are all 'verbatim', so a plain cut scores
        # one label and prints false_accept 0 with no rejects to accept. Take N items spread over
        # the labels in proportion (every k-th item of each label), the same ones every run.
        import tempfile

        items = [json.loads(x) for x in (a.bench / "items.jsonl").read_text(encoding="utf-8").splitlines() if x]
        n = min(a.limit, len(items))
        by_label: dict[str, list[dict]] = {}
        for it in items:
            by_label.setdefault(it["label"], []).append(it)
        picked = []
        for _label, group in sorted(by_label.items()):
            k = round(n * len(group) / len(items))
            picked += [group[int(j * len(group) / k)] for j in range(k)] if k else []
        tmp = Path(tempfile.mkdtemp(prefix="qg_bench_"))
        (tmp / "items.jsonl").write_text("".join(json.dumps(it) + "\n" for it in picked), encoding="utf-8")
        (tmp / "docs.jsonl").symlink_to((a.bench / "docs.jsonl").resolve())
        bench = tmp
        counts = ", ".join(f"{lab} {sum(it['label'] == lab for it in picked)}" for lab in sorted(by_label))
        print(f"--limit {a.limit}: a stratified sample of {len(picked)} of {len(items)} items ({counts})")
    from quote_guard.index import clear_cache

    results = {}
    for system in a.systems.split(","):
        # cold for every system: no document index or corpus filter left by the one before
        # (the issue-14 finding: the quote_guard_lexical figure used to be measured warm)
        clear_cache()
        t0 = time.perf_counter()
        results[system] = scorer.score(str(bench), system, limit)
        results[system]["total_s"] = round(time.perf_counter() - t0, 2)

    systems = list(results)
    print(f"\nbench: {a.bench}  items: {results[systems[0]]['items']}\n")
    print("| figure | target | " + " | ".join(systems) + " |")
    print("|---|---|" + "---|" * len(systems))
    for key, target, _ in ROWS:
        cells = []
        for s in systems:
            v = results[s].get(key)
            cells.append("–" if v is None else (f"{v:.1f}" if key == "quotes_per_s" else f"{v:.4f}"))
        print(f"| {key} | {target} | " + " | ".join(cells) + " |")
    if "rapidfuzz90" in results:
        cells = []
        for s in systems:
            r = results[s]["quotes_per_s"] / max(results["rapidfuzz90"]["quotes_per_s"], 1e-9)
            cells.append(f"{r:.1f}×")
        print("| speed vs rapidfuzz90 (same run) | ≥ 5× (lexical) | " + " | ".join(cells) + " |")
    f1 = " | ".join(f"{k} {v:.3f}" for k, v in results[systems[0]]["f1"].items())
    print(f"\n{systems[0]} F1 per label: {f1}")
    if "quote_guard" in results:
        qg = results["quote_guard"]
        print("\nquote_guard success by edit kind:")
        for k, v in qg["by_edit"].items():
            print(f"  {k:16s} {v:.3f}")
        print("\nquote_guard confusion (gold -> predicted):")
        for gold, row in qg["confusion"].items():
            print(f"  {gold:14s} " + ", ".join(f"{p}: {n}" for p, n in sorted(row.items(), key=lambda x: -x[1])))
    import resource

    print(f"\npeak RSS of this process: {resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024:.0f} MB")
    if a.json:
        a.json.write_text(json.dumps(results, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
