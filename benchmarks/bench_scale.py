"""Batch verification at scale: local workers and Ray actors, quotes/s, peak RSS per worker, cost curve.

Builds a corpus from ``../shared/data`` (as ``bench_cli_scale.py`` does: CUAD contracts, XQuAD,
QuoteSum, then paragraph-shuffled remixes; fixed seed) into a temporary folder, and items of one
quote each checked against every source (verbatim, near-verbatim, altered, unsupported; the
corpus filter path). Then, each in a fresh process and in the same run:

- ``local1``: one process (:func:`quote_guard.scale.batch.verify_batch`), with the time at each
  point of the cost curve;
- ``local2``: :func:`quote_guard.scale.local.verify_local` with 2 workers;
- ``ray1``/``ray2``: :func:`quote_guard.scale.ray.verify_dataset` with 1 and 2 actors on a local
  cluster (``ray.init(num_cpus=2)`` on 127.0.0.1; its start-up is reported apart).

Then ``local1`` once more over a small corpus (``--growth-mb``, 5 MB by default) with as many quotes:
the CPU per quote at both sizes, in the same run, for the goal of a cost per quote within ±20 %
from 5 to 50 MB.

Sources travel by reference (the folder path). Every engine's records are hashed: the table says
whether they are identical, and prints the hash's first 16 hex digits, to compare the records of two
codes' runs. Peak RSS per worker is the largest ``VmHWM`` of the worker processes
(the main process for ``local1``). Nothing is asserted; goals are printed under the table.

    .venv/bin/python benchmarks/bench_scale.py                        # 50 MB, 100,000 quotes (long)
    .venv/bin/python benchmarks/bench_scale.py --mb 5 --quotes 5000 --curve 1000,2500,5000
    .venv/bin/python benchmarks/bench_scale.py --engines local1,local2 # no Ray
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import random
import resource
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
SEED = 20250601


def _peak_kb(pid: int) -> int:
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmHWM:"):
                return int(line.split()[1])
    except OSError:
        pass
    return 0


class _Sampler:
    """Polls the peak RSS (VmHWM) of processes whose command line contains ``marker``."""

    def __init__(self, marker: bytes | None, parent: int | None = None) -> None:
        self.marker, self.parent, self.peak_kb, self.seen = marker, parent, 0, set()
        self._stop = threading.Event()
        self._t = threading.Thread(target=self._run, daemon=True)
        self._t.start()

    def _match(self, pid: int) -> bool:
        try:
            if self.parent is not None:
                stat = Path(f"/proc/{pid}/stat").read_text()
                return int(stat.rsplit(")", 1)[1].split()[1]) == self.parent
            return self.marker is not None and self.marker in Path(f"/proc/{pid}/cmdline").read_bytes()
        except (OSError, ValueError, IndexError):
            return False

    def _run(self) -> None:
        while not self._stop.is_set():
            for p in Path("/proc").iterdir():
                if p.name.isdigit() and self._match(int(p.name)):
                    self.seen.add(int(p.name))
                    self.peak_kb = max(self.peak_kb, _peak_kb(int(p.name)))
            self._stop.wait(0.5)

    def stop(self) -> int:
        self._stop.set()
        self._t.join()
        return self.peak_kb * 1024


def child(engine: str, workdir: Path, curve: list[int]) -> None:
    """Run one engine over ``workdir``'s items; print one JSON line of figures."""
    os.environ.setdefault("RAY_USAGE_STATS_ENABLED", "0")
    from quote_guard import Verifier, VerifierConfig
    from quote_guard.scale.batch import SourceStore, verify_batch

    config = VerifierConfig(semantic={"enabled": False})
    with (workdir / "items.jsonl").open(encoding="utf-8") as f:
        n_items = sum(1 for _ in f)

    def stream() -> Any:  # items read as they are verified: the process holds no list of them
        with (workdir / "items.jsonl").open(encoding="utf-8") as f:
            yield from (json.loads(line) for line in f)

    store = SourceStore.from_folder(workdir / "corpus")
    digest = hashlib.sha256()
    marks: list[tuple[int, float, float]] = []
    extra: dict[str, float] = {}
    t0, c0 = time.perf_counter(), time.process_time()
    if engine == "local1":
        sampler = None
        for n, r in enumerate(verify_batch(Verifier(config), stream(), store), start=1):
            digest.update(r.to_json().encode() + b"\n")
            if n in curve:
                marks.append((n, time.perf_counter() - t0, time.process_time() - c0))
        worker_rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024
    elif engine.startswith("local"):
        from quote_guard.scale.local import verify_local

        sampler = _Sampler(None, parent=os.getpid())
        for r in verify_local(stream(), store, workers=int(engine[5:]), config=config):
            digest.update(r.to_json().encode() + b"\n")
        worker_rss = sampler.stop()
    else:
        from quote_guard.scale import ray as qray

        ti = time.perf_counter()
        qray.connect(num_cpus=2, temp_dir=str(workdir / "ray"))
        extra["ray_init_s"] = time.perf_counter() - ti
        sampler = _Sampler(b"VerifyActor")
        t0 = time.perf_counter()
        ds = qray.verify_dataset(list(stream()), str(workdir / "corpus"), config, actors=int(engine[3:]), progress=False)
        for row in qray.iter_records(ds):
            digest.update(row["record"].encode() + b"\n")
        worker_rss = sampler.stop()
    wall = time.perf_counter() - t0
    print(json.dumps({"engine": engine, "wall": wall, "cpu_main": time.process_time() - c0, "n": n_items,
                      "worker_rss": worker_rss, "main_rss": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024,
                      "digest": digest.hexdigest()[:16], "marks": marks, **extra}))


def build(workdir: Path, mb: float, n: int) -> int:
    """Corpus (as bench_cli_scale) and ``n`` one-quote items; returns the source bytes."""
    import bench_cli_scale as b

    rng = random.Random(SEED)
    docs = b.build_corpus(workdir / "corpus", mb, rng)
    quotes, _ = b.make_quotes(docs, n, rng)
    with (workdir / "items.jsonl").open("w", encoding="utf-8") as f:
        for k, q in enumerate(quotes):
            f.write(json.dumps({"id": f"q{k}", "quotes": [q["quote"]]}) + "\n")
    return sum(len(t.encode("utf-8")) for t in docs.values())


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--mb", type=float, default=50.0, help="corpus size in MB (default 50)")
    ap.add_argument("--quotes", type=int, default=100_000, help="quotes (default 100,000)")
    ap.add_argument("--curve", default="10000,50000,100000", help="cost-curve points (quote counts)")
    ap.add_argument("--engines", default="local1,local2,ray1,ray2")
    ap.add_argument("--growth-mb", type=float, default=5.0,
                    help="also run local1 over a corpus this large, for the cost-per-quote growth (0: skip)")
    ap.add_argument("--child", help=argparse.SUPPRESS)
    ap.add_argument("--workdir", type=Path, help=argparse.SUPPRESS)
    a = ap.parse_args()
    curve = [int(x) for x in a.curve.split(",") if x and int(x) <= a.quotes]
    if a.child:
        child(a.child, a.workdir, curve)
        return
    env = dict(os.environ, HF_HUB_OFFLINE="1", RAY_USAGE_STATS_ENABLED="0", RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER="0")

    def run(engine: str, work: Path) -> dict[str, Any] | None:
        proc = subprocess.run([sys.executable, __file__, "--child", engine, "--workdir", str(work),
                               "--quotes", str(a.quotes), "--curve", a.curve],
                              capture_output=True, text=True, env=env, check=False)
        line = next((x for x in reversed(proc.stdout.splitlines()) if x.startswith("{")), None)
        if proc.returncode != 0 or line is None:
            last = (proc.stderr.strip().splitlines() or ["no output"])[-1]
            print(f"{engine} failed (left out of the table): {last}", file=sys.stderr)
            return None
        row: dict[str, Any] = json.loads(line)
        return row

    rows = []
    small: tuple[int, dict[str, Any]] | None = None
    with tempfile.TemporaryDirectory(prefix="qg-bench-scale-") as tmp:
        work = Path(tmp)
        src = build(work, a.mb, a.quotes)
        for engine in a.engines.split(","):
            if (row := run(engine, work)) is not None:
                rows.append(row)
        if "local1" in a.engines.split(",") and 0 < a.growth_mb < a.mb:
            (work / "small").mkdir()
            small_src = build(work / "small", a.growth_mb, a.quotes)
            if (row := run("local1", work / "small")) is not None:
                small = (small_src, row)
    if not rows:
        raise SystemExit("every engine failed")
    base = rows[0]
    print(f"\n{a.quotes} quotes over {src / 1e6:.1f} MB of sources, {os.cpu_count()} cores visible "
          f"(shared machine: compare rows of this run only)\n")
    print(f"{'engine':>7} {'wall s':>8} {'quotes/s':>9} {'vs ' + base['engine']:>10} {'peak RSS/worker MB':>19} "
          f"{'RSS/src':>8} {'same records':>13} {'records':>17}")
    for r in rows:
        qps = r["n"] / r["wall"]
        same = "yes" if r["digest"] == base["digest"] else "NO"
        print(f"{r['engine']:>7} {r['wall']:>8.1f} {qps:>9.0f} {qps / (base['n'] / base['wall']):>9.2f}x "
              f"{r['worker_rss'] / 1e6:>19.0f} {r['worker_rss'] / src:>8.2f} {same:>13} {r['digest']:>17}")
    for r in rows:
        if "ray_init_s" in r:
            print(f"{r['engine']}: ray.init {r['ray_init_s']:.1f} s (not in wall)")
    if base.get("marks"):
        print(f"\ncost curve ({base['engine']}): quotes, wall s, CPU s, CPU ms per quote")
        for n, w, c in base["marks"]:
            print(f"  {n:>8} {w:>8.1f} {c:>8.1f} {1000 * c / n:>8.2f}")
    by = {r["engine"]: r["n"] / r["wall"] for r in rows}
    if "local1" in by and "local2" in by:
        print(f"\nlocal 2 workers / 1 worker: {by['local2'] / by['local1']:.2f}x (goal >= 1.8x)")
    for k in ("1", "2"):
        if f"ray{k}" in by and f"local{k}" in by:
            print(f"Ray overhead at {k}: {100 * (by[f'local{k}'] / by[f'ray{k}'] - 1):.0f} % (goal <= 15 %)")
    big = next((r for r in rows if r["engine"] == "local1"), None)
    if small is not None and big is not None and big.get("marks") and small[1].get("marks"):
        per = [1000 * r["marks"][-1][2] / r["marks"][-1][0] for r in (small[1], big)]
        print(f"cost per quote (local1, CPU, {a.quotes} quotes): {per[0]:.2f} ms over {small[0] / 1e6:.1f} MB, "
              f"{per[1]:.2f} ms over {src / 1e6:.1f} MB: {per[1] / per[0]:.2f}x (goal: within 20 %, 0.83-1.2x)")
    print("goals: RSS per worker < 4x the source text; cost per quote flat along the curve")


if __name__ == "__main__":
    main()
