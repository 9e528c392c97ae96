#!/usr/bin/env python3
"""Calibrate and time the semantic stage on a benchmark split (paraphrase vs unsupported).

    .venv/bin/python benchmarks/calibrate_semantic.py [BENCH_DIR] [--embedder NAME] [--set key=value ...]

The lexical stage rejects both paraphrases and unsupported quotes, so the semantic stage's
job on this split is to tell those two labels apart. The script runs
``SemanticStage.find_support`` on every item labelled ``paraphrase`` or ``unsupported``
(items that share sources in one call, as the Verifier does) and prints:

- model load time and peak memory (RSS), apart from the verification time and quotes/s;
- the embedder's raw speed (passages/s) on source sentences;
- F1 of both labels under the configured rule, and paraphrase_span_ok (IoU >= 0.5 with the
  gold sentence, as in score.py);
- a sweep of (min_cosine, min_overlap) so that a threshold is picked from a plateau,
  not from a spike.

Benchmark data is read at run time from ../shared/bench; nothing of it is packaged.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import sys
import time
from collections import defaultdict
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from quote_guard import Source
from quote_guard.embed import SemanticConfig, SemanticStage, split_passages

DEFAULT_BENCH = Path(__file__).resolve().parents[2] / "shared" / "bench" / "dev"


def peak_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024  # Linux: KiB


def f1(pred: np.ndarray, gold: np.ndarray) -> tuple[float, float]:
    """F1 of the positive class (paraphrase) and of the negative class (unsupported)."""
    tp = int((pred & gold).sum())
    tn = int((~pred & ~gold).sum())
    fp = int((pred & ~gold).sum())
    fn = int((~pred & gold).sum())
    return 2 * tp / max(1, 2 * tp + fp + fn), 2 * tn / max(1, 2 * tn + fp + fn)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("bench", nargs="?", default=str(DEFAULT_BENCH))
    ap.add_argument("--embedder", default=None, help="SemanticConfig.embedder (default: the config default)")
    ap.add_argument("--set", action="append", default=[], metavar="KEY=VALUE",
                    help="any other SemanticConfig field, e.g. --set paraphrase_threshold=0.85")
    ap.add_argument("--no-sweep", action="store_true")
    ap.add_argument("--json", help="write the figures here")
    a = ap.parse_args()

    overrides: dict[str, object] = {k: json.loads(v) for k, v in (s.split("=", 1) for s in a.set)}
    if a.embedder:
        overrides["embedder"] = a.embedder
    cfg = SemanticConfig(**overrides)  # type: ignore[arg-type]

    bench = Path(a.bench)
    with open(bench / "docs.jsonl", encoding="utf-8") as fh:
        docs = {d["id"]: d["text"] for d in map(json.loads, fh)}
    with open(bench / "items.jsonl", encoding="utf-8") as fh:
        items = [json.loads(line) for line in fh]
    items = [it for it in items if it["label"] in ("paraphrase", "unsupported")]
    groups: dict[tuple[str, ...], list[dict]] = defaultdict(list)
    for it in items:
        groups[tuple(it["sources"])].append(it)

    mem0 = peak_mb()
    t0 = time.perf_counter()
    stage = SemanticStage(cfg)
    stage.load()
    load_s = time.perf_counter() - t0
    mem_model = peak_mb()

    t0 = time.perf_counter()
    matches = {}
    for srcs, its in groups.items():
        res = stage.find_support([it["quote"] for it in its], [Source(s, docs[s]) for s in srcs])
        for it, m in zip(its, res):
            matches[it["id"]] = m
    verify_s = time.perf_counter() - t0
    mem_run = peak_mb()
    n_passages = stage.cache_info["embedded"]

    # raw embedder speed on source sentences (fresh texts: no cache involved)
    sample_doc = next(docs[i] for it in items if it["label"] == "unsupported" for i in it["sources"])
    sents = [sample_doc[s:e] for s, e in split_passages(sample_doc)][:512]
    t0 = time.perf_counter()
    stage.embedder.embed([s + " ." for s in sents])
    emb_s = time.perf_counter() - t0

    gold = np.array([it["label"] == "paraphrase" for it in items])
    cos = np.array([matches[it["id"]].cosine for it in items])
    ov = np.array([matches[it["id"]].overlap for it in items])
    pred = np.array([matches[it["id"]].verdict.value == "paraphrase" for it in items])
    f_para, f_uns = f1(pred, gold)
    span_ok = 0
    for it in items:
        m = matches[it["id"]]
        if it["label"] != "paraphrase" or m is None or not pred[items.index(it)]:
            continue
        g = it["spans"][0]
        if m.source_id == g["source_id"]:
            inter = max(0, min(m.end, g["end"]) - max(m.start, g["start"]))
            span_ok += inter / (max(m.end, g["end"]) - min(m.start, g["start"])) >= 0.5
    n_para = int(gold.sum())

    fig = {
        "embedder": cfg.embedder,
        "items": len(items), "calls": len(groups),
        "model_load_s": round(load_s, 2),
        "peak_rss_mb_before_model": round(mem0), "peak_rss_mb_model": round(mem_model),
        "peak_rss_mb_after_run": round(mem_run),
        "verify_s": round(verify_s, 2), "quotes_per_s": round(len(items) / verify_s, 1),
        "texts_embedded": n_passages,
        "embedder_sentences_per_s": round(len(sents) / emb_s, 1),
        "rule": {"paraphrase_threshold": cfg.paraphrase_threshold, "min_cosine": cfg.min_cosine,
                 "min_overlap": cfg.min_overlap},
        "f1_paraphrase": round(f_para, 4), "f1_unsupported": round(f_uns, 4),
        "paraphrase_span_ok": round(span_ok / max(1, n_para), 4),
    }
    print(json.dumps(fig, indent=1))
    print(f"\ncosine percentiles 5/25/50/75/95 by origin (embedder {cfg.embedder}):")
    by_origin: dict[str, list[int]] = defaultdict(list)
    for k, it in enumerate(items):
        by_origin[it["origin"].split(":")[0]].append(k)
    for o, ks in sorted(by_origin.items()):
        print(f"  {o:18s} n={len(ks):3d} cos {np.percentile(cos[ks], [5, 25, 50, 75, 95]).round(2)}"
              f"  overlap {np.percentile(ov[ks], [5, 25, 50, 75, 95]).round(2)}")
    if not a.no_sweep:
        t = cfg.paraphrase_threshold
        overlaps = [0.30, 0.35, 0.40, 0.45, 0.50]
        print(f"\nF1 paraphrase/unsupported; rule: cos >= {t} or (cos >= min_cosine and overlap >= min_overlap)")
        print("min_cosine \\ min_overlap " + " ".join(f"{o:>9.2f}" for o in overlaps))
        for lo in [0.30, 0.40, 0.45, 0.50, 0.60, 0.70]:
            cells = []
            for o in overlaps:
                p, u = f1((cos >= t) | ((cos >= lo) & (ov >= o)), gold)
                cells.append(f"{p:.2f}/{u:.2f}")
            print(f"{lo:>24.2f}  " + " ".join(cells))
        print("cosine alone: " + ", ".join(
            "{:.2f}->{:.2f}/{:.2f}".format(x, *f1(cos >= x, gold)) for x in (0.5, 0.6, 0.7, 0.8, 0.85, 0.9, 0.95)))
    if a.json:
        Path(a.json).write_text(json.dumps(fig, indent=1))


if __name__ == "__main__":
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    main()
