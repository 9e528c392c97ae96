"""Scale of ``quote-guard verify`` on a large corpus: wall time and peak memory, 5 MB and 50 MB.

Builds, at run time and into a temporary directory, a corpus from ``../shared/data`` (CUAD
contracts, XQuAD and QuoteSum passages; past what they hold, paragraph-shuffled remixes of the
contracts, each with its own header) and a JSONL file of quotes sampled from it (fixed seed):
verbatim sentences, near-verbatim (case, curly quotes, dropped stop), altered (a number changed,
a "not" dropped or added, shall/may swapped) and unsupported (words of a sentence shuffled).
Then runs the real command in a fresh Python process per size, lexical path only::

    quote-guard verify CORPUS --quotes quotes.jsonl --out results.jsonl --no-semantic --fail-on none

and reads that process's own peak RSS (``ru_maxrss``). Prints a table; not a test, nothing is
asserted. ``--scale 0.1`` shrinks sizes and quote counts for a quick run; ``--profile`` adds the
top functions by cumulative time (cProfile) for the largest size.

    .venv/bin/python benchmarks/bench_cli_scale.py               # 5 MB and 50 MB, 10,000 quotes
    .venv/bin/python benchmarks/bench_cli_scale.py --scale 0.1   # 0.5 MB and 5 MB, 1,000 quotes
"""

from __future__ import annotations

import argparse
import json
import os
import random
import re
import subprocess
import sys
import tempfile
from collections import Counter
from pathlib import Path

DATA = Path(__file__).resolve().parents[2] / "shared" / "data"
SEED = 20250601
SENTENCE = re.compile(r"[A-Z][^.!?\n]{40,240}[.]")
_NUMBER = re.compile(r"\b\d+\b")
_MODAL = {" shall ": " may ", " may ": " shall ", " will ": " may "}


def _base_texts() -> list[tuple[str, str]]:
    out = []
    for p in sorted((DATA / "cuad" / "full_contract_txt").glob("*.txt")):
        out.append((f"cuad/{p.stem[:60]}", p.read_text(encoding="utf-8", errors="replace")))
    xquad = json.loads((DATA / "xquad" / "xquad.en.json").read_text(encoding="utf-8"))
    for i, art in enumerate(xquad["data"]):
        out.append((f"xquad/{i:03d}", "\n\n".join(p["context"] for p in art["paragraphs"])))
    qs = DATA / "quotesum" / "dev.jsonl"
    if qs.exists():
        buf: list[str] = []
        for n, line in enumerate(qs.read_text(encoding="utf-8").splitlines()):
            d = json.loads(line)
            buf.extend(str(v) for k, v in sorted(d.items()) if k.startswith("source") and isinstance(v, str))
            if n % 50 == 49:
                out.append((f"quotesum/{n // 50:03d}", "\n\n".join(buf)))
                buf = []
    return out


def build_corpus(root: Path, megabytes: float, rng: random.Random) -> dict[str, str]:
    """Write about ``megabytes`` MB of .txt files under ``root``; return {relative path: text}."""
    base = _base_texts()
    target = int(megabytes * 1_000_000)
    docs: dict[str, str] = {}
    size = 0
    order = list(range(len(base)))
    rng.shuffle(order)
    for i in order:
        if size >= target:
            break
        name, text = base[i]
        docs[f"{name}.txt"] = text
        size += len(text.encode("utf-8"))
    n = 0
    while size < target:  # remixes: each a different order of another contract's paragraphs
        name, text = base[rng.randrange(len(base))]
        paras = [p for p in text.split("\n\n") if p.strip()]
        rng.shuffle(paras)
        remix = f"REMIX {n} OF {name.upper()}\n\n" + "\n\n".join(paras)
        docs[f"remix/{n:05d}.txt"] = remix
        size += len(remix.encode("utf-8"))
        n += 1
    for rel, text in docs.items():
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return docs


def _alter(s: str, rng: random.Random) -> str | None:
    if _NUMBER.search(s):
        return _NUMBER.sub(lambda m: str(int(m.group()) + 7), s, count=1)
    for a, b in _MODAL.items():
        if a in s:
            return s.replace(a, b, 1)
    if " not " in s:
        return s.replace(" not ", " ", 1)
    if " is " in s:
        return s.replace(" is ", " is not ", 1)
    return None


def make_quotes(docs: dict[str, str], n: int, rng: random.Random) -> tuple[list[dict[str, str]], Counter[str]]:
    names = list(docs)
    quotes: list[dict[str, str]] = []
    kinds: Counter[str] = Counter()
    while len(quotes) < n:
        text = docs[rng.choice(names)]
        at = rng.randrange(max(1, len(text) - 300))
        m = SENTENCE.search(text, at, at + 2000)
        if not m:
            continue
        s = " ".join(m.group().split()) if rng.random() < 0.2 else m.group()
        r = rng.random()
        if r < 0.55:
            kind, q = "verbatim", m.group()
        elif r < 0.70:
            kind, q = "near_verbatim", (s.lower() if rng.random() < 0.5 else s.rstrip(".").replace('"', "\u201c"))
        elif r < 0.88:
            kind, q = "altered", _alter(m.group(), rng)
        else:
            words = m.group().split()
            rng.shuffle(words)
            kind, q = "unsupported", " ".join(words)
        if q:
            quotes.append({"quote": q})
            kinds[kind] += 1
    return quotes, kinds


RUNNER = r"""
import cProfile, json, pstats, resource, sys, time
t0 = time.perf_counter()
from quote_guard.cli import main
sys.argv = ["quote-guard"] + json.loads(sys.argv[1])
prof = cProfile.Profile() if sys.argv[-1] == "--profile-me" else None
if prof:
    sys.argv.pop()
    prof.enable()
code = 0
try:
    main()
except SystemExit as exc:
    code = exc.code
if prof:
    prof.disable()
    pstats.Stats(prof, stream=sys.stderr).sort_stats("cumulative").print_stats(25)
rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024
print(json.dumps({"wall": time.perf_counter() - t0, "rss": rss, "code": code}), file=sys.__stderr__)
"""


def run_cli(corpus: Path, quotes: Path, out: Path, *, profile: bool) -> dict[str, float]:
    args = ["verify", str(corpus), "--quotes", str(quotes), "--out", str(out), "--no-semantic", "--fail-on", "none",
            "--show", "0"]
    if profile:
        args.append("--profile-me")
    env = dict(os.environ, HF_HUB_OFFLINE="1", COLUMNS="100")
    proc = subprocess.run([sys.executable, "-c", RUNNER, json.dumps(args)], capture_output=True, text=True, env=env, check=False)
    lines = proc.stderr.strip().splitlines()
    if proc.returncode != 0 or not lines or not lines[-1].startswith("{"):
        raise SystemExit(f"the CLI failed:\n{proc.stderr[-3000:]}")
    res = json.loads(lines[-1])
    if res["code"] not in (0, None):
        raise SystemExit(f"the CLI exited {res['code']}:\n{proc.stderr[-3000:]}")
    if profile:
        print("\n".join(lines[:-1][-60:]))
    return res


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--scale", type=float, default=1.0, help="multiply sizes and quote counts (default 1)")
    ap.add_argument("--sizes", default="5,50", help="corpus sizes in MB before scaling (default 5,50)")
    ap.add_argument("--quotes", type=int, default=10_000, help="quotes per run before scaling")
    ap.add_argument("--profile", action="store_true", help="cProfile the largest run")
    opts = ap.parse_args()
    if not DATA.is_dir():
        raise SystemExit(f"{DATA}: shared data not found (the benchmark reads ../shared/data)")
    sizes = [float(x) * opts.scale for x in opts.sizes.split(",")]
    n_quotes = max(10, int(opts.quotes * opts.scale))
    rows = []
    for k, mb in enumerate(sizes):
        rng = random.Random(SEED)
        with tempfile.TemporaryDirectory(prefix="qg-scale-") as tmp:
            root = Path(tmp)
            docs = build_corpus(root / "corpus", mb, rng)
            src_bytes = sum(len(t.encode("utf-8")) for t in docs.values())
            quotes, kinds = make_quotes(docs, n_quotes, rng)
            qpath = root / "quotes.jsonl"
            qpath.write_text("".join(json.dumps(q) + "\n" for q in quotes), encoding="utf-8")
            res = run_cli(root / "corpus", qpath, root / "results.jsonl", profile=opts.profile and k == len(sizes) - 1)
            verdicts = Counter(json.loads(line)["verdict"] for line in (root / "results.jsonl").open(encoding="utf-8"))
            rows.append((src_bytes, len(docs), len(quotes), res["wall"], res["rss"], verdicts, kinds))
    print(f"\nquote-guard verify --no-semantic, {os.cpu_count()} cores visible, single process (seed {SEED})\n")
    print(f"{'sources MB':>10} {'docs':>5} {'quotes':>7} {'wall s':>8} {'quotes/s':>9} {'peak RSS MB':>11} "
          f"{'RSS/src':>8}  verdicts")
    for src, nd, nq, wall, rss, verdicts, _ in rows:
        v = ", ".join(f"{k} {n}" for k, n in verdicts.most_common())
        print(f"{src / 1e6:>10.1f} {nd:>5} {nq:>7} {wall:>8.1f} {nq / wall:>9.0f} {rss / 1e6:>11.0f} "
              f"{rss / src:>8.2f}  {v}")
    print(f"\nquotes generated as: {', '.join(f'{k} {n}' for k, n in rows[-1][6].most_common())}")
    if len(rows) >= 2:
        (s0, *_r0), (s1, *_r1) = rows[0], rows[-1]
        print(f"growth {rows[0][0] / 1e6:.0f} MB -> {rows[-1][0] / 1e6:.0f} MB (x{s1 / s0:.1f} sources): "
              f"wall x{rows[-1][3] / rows[0][3]:.1f}, peak RSS x{rows[-1][4] / rows[0][4]:.1f}")
    print("aim: 50 MB + 10,000 quotes < 60 s on one core, peak RSS < 4x the source size")


if __name__ == "__main__":
    main()
