"""Load and overhead of the guarded gateway (`quote-guard serve`): guardrail on vs off, same run.

    .venv/bin/python benchmarks/bench_gateway.py                      # 20 s per mode, 50 clients
    .venv/bin/python benchmarks/bench_gateway.py --duration 60        # the full 60 s run
    .venv/bin/python benchmarks/bench_gateway.py --delay 0.2          # capacity: a saturated proxy

A loopback OpenAI-compatible upstream (its own process) answers every request after a fixed
delay with an answer of 5 quotes taken from the request's ~20 KB contract (CUAD texts from
/work/shared/data when present, else generated text; fixed seed). For each mode the script
starts a gateway (the "off" one is the same gateway with ``--no-guardrail``), warms it up
with one request per case (each timed: the cost of sources the guard has not indexed yet is
printed apart), then drives ``--clients`` concurrent clients for ``--duration`` seconds and
prints:

- requests, errors (any non-200, and any answer that differs from the expected text: for
  "on", what ``QuoteGuard.check`` makes of the upstream's answer in this process, with a
  report of 5 quotes), throughput;
- p50 / p99 latency and the difference on - off;
- the gateway process's CPU (100 % = one core: LiteLLM's proxy serves on one interpreter);
- the gateway's RSS, mean of the first and of the last 10 s, and the drift between them.

**Two regimes.** The added latency is what the guardrail costs a request when the proxy has
room, so the default upstream delay is 2 s (an LLM writing an answer of five quotes over
20 KB of sources takes seconds) and the clients' first requests are spread over one delay
(``--stagger``), as independent clients arrive: started at the same instant, 50 clients stay
in lock-step and every request waits for the other 49 of its wave. With ``--delay 0.2`` the
50 clients ask for about 250 requests/s, more than LiteLLM's proxy serves on one core
without any guardrail; the "off" gateway then runs at 100 % CPU, and on - off measures lost
throughput (queueing), not the guardrail's latency.

The semantic stage is on (``semantic.enabled: true``). Everything binds 127.0.0.1.
"""

from __future__ import annotations

import argparse
import asyncio
import glob
import json
import os
import random
import re
import statistics
import subprocess
import sys
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))
os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")
os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")

SEED = 13
SOURCE_CHARS = 20_000
N_QUOTES = 5
CUAD = "/work/shared/data/cuad/full_contract_txt/*.txt"


# ----------------------------------------------------------------------------- the cases


def build_cases(n: int) -> list[dict[str, str]]:
    """``n`` (source, answer) pairs: 20 KB of contract text and an answer quoting 5 of its sentences."""
    rng = random.Random(SEED)
    texts = []
    for path in sorted(glob.glob(CUAD)):
        t = Path(path).read_text(encoding="utf-8", errors="replace")
        if len(t) >= SOURCE_CHARS:
            texts.append(t[:SOURCE_CHARS])
        if len(texts) >= n:
            break
    words = "tenant landlord shall pay rent notice premises term party agreement clause within days".split()
    while len(texts) < n:  # no corpus here: generated sentences
        sents = [" ".join(rng.choice(words) for _ in range(rng.randint(10, 25))).capitalize() + "." for _ in range(400)]
        texts.append(" ".join(sents)[:SOURCE_CHARS])
    cases = []
    for i, text in enumerate(texts[:n]):
        sents = [s.strip() for s in re.split(r"(?<=[.;])\s+", " ".join(text.split())) if 60 <= len(s.strip()) <= 220]
        quotes = rng.sample(sents, N_QUOTES)
        answer = "From the contract: " + " ".join(f"Point {k + 1}: “{q}”" for k, q in enumerate(quotes))
        cases.append({"id": str(i), "source": text, "answer": answer})
    return cases


def messages_for(case: dict[str, str]) -> list[dict[str, str]]:
    return [
        {"role": "system", "content": "Answer from the document and quote it exactly."},
        {"role": "user", "content": f'<document id="contract-{case["id"]}">{case["source"]}</document>\n'
                                    f'What does it say? [case {case["id"]}]'},
    ]


# ----------------------------------------------------------------------------- the upstream


def run_upstream(port: int, delay: float, n_cases: int) -> None:
    """A fixed-delay OpenAI-compatible upstream (blocks; run in its own process)."""
    answers = {c["id"]: c["answer"] for c in build_cases(n_cases)}
    case_re = re.compile(r"\[case (\d+)\]")

    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def log_message(self, format: str, *args: Any) -> None:
            pass

        def do_POST(self) -> None:
            raw = self.rfile.read(int(self.headers.get("Content-Length") or 0))
            body = json.loads(raw or b"{}")
            last = body.get("messages", [{}])[-1].get("content", "")
            m = case_re.search(last if isinstance(last, str) else "")
            content = answers.get(m.group(1) if m else "", "no such case")
            time.sleep(delay)
            data = json.dumps({
                "id": "chatcmpl-bench", "object": "chat.completion", "created": int(time.time()),
                "model": body.get("model", "bench"),
                "choices": [{"index": 0, "message": {"role": "assistant", "content": content}, "finish_reason": "stop"}],
                "usage": {"prompt_tokens": 5000, "completion_tokens": 200, "total_tokens": 5200},
            }).encode()
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

    server = ThreadingHTTPServer(("127.0.0.1", port), Handler)
    server.daemon_threads = True
    server.request_queue_size = 256
    server.serve_forever()


# ----------------------------------------------------------------------------- the load


def cpu_seconds(pid: int) -> float:
    """User + system CPU seconds of a process so far (``/proc/PID/stat``)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


async def drive(url: str, key: str, cases: list[dict[str, str]], expected: list[str], *, clients: int,
                duration: float, pid: int, guarded: bool, stagger: float = 0.0) -> dict[str, Any]:
    import httpx

    lat: list[float] = []
    errors: dict[str, int] = {}
    rss: list[tuple[float, float]] = []
    sent = 0
    start = time.monotonic()
    stop = start + duration
    bodies = [json.dumps({"model": "bench", "messages": messages_for(c)}).encode() for c in cases]
    headers = {"Authorization": f"Bearer {key}", "Content-Type": "application/json"}

    def error(kind: str) -> None:
        errors[kind] = errors.get(kind, 0) + 1

    async def worker(w: int, client: httpx.AsyncClient) -> None:
        nonlocal sent
        i = w
        await asyncio.sleep(stagger * w / clients)
        while time.monotonic() < stop:
            k = i % len(cases)
            i += clients
            sent += 1
            t0 = time.perf_counter()
            try:
                r = await client.post(url, content=bodies[k], headers=headers)
            except httpx.HTTPError as exc:
                error(type(exc).__name__)
                continue
            dt = time.perf_counter() - t0
            if r.status_code != 200:
                error(f"HTTP {r.status_code}")
                continue
            data = r.json()
            if data["choices"][0]["message"]["content"] != expected[k]:
                error("corrupted answer")
                continue
            if guarded:
                rep = data.get("quote_guard") or {}
                if len(rep.get("quotes", [])) != N_QUOTES or r.headers.get("x-quote-guard-passed") is None:
                    error("missing report")
                    continue
            lat.append(dt)

    async def sampler() -> None:
        while time.monotonic() < stop:
            rss.append((time.monotonic() - start, rss_mb(pid)))
            await asyncio.sleep(1.0)

    limits = httpx.Limits(max_connections=clients, max_keepalive_connections=clients)
    cpu0 = cpu_seconds(pid)
    async with httpx.AsyncClient(timeout=120, limits=limits) as client:
        await asyncio.gather(sampler(), *(worker(w, client) for w in range(clients)))
    elapsed = time.monotonic() - start
    cpu = (cpu_seconds(pid) - cpu0) / elapsed * 100
    first = [m for t, m in rss if t < 10]
    last = [m for t, m in rss if t >= elapsed - 10]
    q = statistics.quantiles(lat, n=100) if len(lat) >= 2 else [float("nan")] * 99
    return {
        "sent": sent, "ok": len(lat), "errors": errors, "rps": len(lat) / elapsed,
        "p50": q[49] * 1000, "p99": q[98] * 1000, "cpu": cpu,
        "rss_first": statistics.fmean(first) if first else float("nan"),
        "rss_last": statistics.fmean(last) if last else float("nan"),
    }


def run_mode(guarded: bool, upstream: str, cases: list[dict[str, str]], expected: list[str],
             args: argparse.Namespace) -> dict[str, Any]:
    import httpx
    from _gateway import Gateway

    gw = Gateway(upstream=upstream, models=("bench=openai/bench",), settings={"fail_mode": "closed"},
                 validators={"semantic": {"enabled": True}},
                 extra_args=() if guarded else ("--no-guardrail",))
    with gw:
        url = gw.base_url + "/chat/completions"
        # warm-up: one request per case, one at a time, so that the load below measures the steady
        # state (the proxy's first requests, and each case's sources indexed once); the first
        # request of each case is timed apart: what a request with sources the guard has not seen costs
        first: list[float] = []
        for c, want in zip(cases, expected):
            t0 = time.perf_counter()
            r = httpx.post(url, json={"model": "bench", "messages": messages_for(c)}, headers=gw.auth, timeout=60)
            first.append((time.perf_counter() - t0) * 1000)
            if r.status_code != 200 or r.json()["choices"][0]["message"]["content"] != want:
                raise RuntimeError(f"warm-up failed: {r.status_code} {r.text[:500]}\n{gw.output()}")
        out = asyncio.run(drive(url, Gateway.KEY, cases, expected, clients=args.clients, duration=args.duration,
                                pid=gw.pid, guarded=guarded,
                                stagger=args.delay if args.stagger is None else args.stagger))
        out["first_ms"] = statistics.median(first[1:])  # the very first request also starts the proxy's own caches
        return out


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--duration", type=float, default=20.0, help="seconds of load per mode (60 for the full run)")
    p.add_argument("--clients", type=int, default=50, help="concurrent clients")
    p.add_argument("--delay", type=float, default=2.0,
                   help="upstream delay per answer, seconds (0.2 saturates the proxy: a capacity run)")
    p.add_argument("--stagger", type=float, default=None,
                   help="seconds over which the clients' first requests are spread (default: one upstream delay)")
    p.add_argument("--cases", type=int, default=20, help="distinct contracts/answers")
    p.add_argument("--modes", default="off,on", help="which modes, in order")
    p.add_argument("--upstream-only", type=int, default=None, help=argparse.SUPPRESS)
    args = p.parse_args()
    if args.upstream_only is not None:
        run_upstream(args.upstream_only, args.delay, args.cases)
        return 0

    from _gateway import free_port

    from quote_guard import QuoteGuard

    cases = build_cases(args.cases)
    guard = QuoteGuard(overrides={"semantic.enabled": True})
    fixed = []
    for c in cases:
        text, rep = guard.check(c["answer"], messages=messages_for(c))
        if len(rep.quotes) != N_QUOTES:
            raise RuntimeError(f"case {c['id']}: {len(rep.quotes)} quotes found, expected {N_QUOTES}")
        fixed.append(text)
    port = free_port()
    up = subprocess.Popen([sys.executable, __file__, "--upstream-only", str(port), "--delay", str(args.delay),
                           "--cases", str(args.cases)])
    results: dict[str, dict[str, Any]] = {}
    try:
        time.sleep(1.5)
        for mode in args.modes.split(","):
            guarded = mode.strip() == "on"
            expected = fixed if guarded else [c["answer"] for c in cases]
            print(f"-- guardrail {mode}: {args.clients} clients, {args.duration:.0f} s ...", flush=True)
            results[mode] = run_mode(guarded, f"http://127.0.0.1:{port}/v1", cases, expected, args)
    finally:
        up.terminate()
        up.wait(timeout=10)

    print(f"\ngateway benchmark: {args.clients} clients x {args.duration:.0f} s, upstream delay {args.delay * 1000:.0f} ms,"
          f" {N_QUOTES} quotes over {SOURCE_CHARS // 1000} KB sources, semantic on, {os.cpu_count()} CPUs")
    head = f"{'guardrail':<10}{'sent':>7}{'ok':>7}{'errors':>8}{'req/s':>8}{'p50 ms':>9}{'p99 ms':>9}{'CPU %':>7}" \
           f"{'RSS first MB':>14}{'RSS last MB':>13}{'drift':>8}"
    print(head)
    print("-" * len(head))
    for mode, r in results.items():
        n_err = sum(r["errors"].values())
        drift = (r["rss_last"] - r["rss_first"]) / r["rss_first"] * 100
        print(f"{mode:<10}{r['sent']:>7}{r['ok']:>7}{n_err:>8}{r['rps']:>8.1f}{r['p50']:>9.1f}{r['p99']:>9.1f}"
              f"{r['cpu']:>7.0f}"
              f"{r['rss_first']:>14.0f}{r['rss_last']:>13.0f}{drift:>7.1f}%")
        if r["errors"]:
            print(f"    errors: {r['errors']}")
    if "on" in results and "off" in results:
        on, off = results["on"], results["off"]
        print(f"\nadded by the guardrail: p50 {on['p50'] - off['p50']:+.1f} ms, p99 {on['p99'] - off['p99']:+.1f} ms, "
              f"throughput {on['rps'] / off['rps'] * 100 - 100:+.1f} %")
        print(f"a request whose sources the guard has not indexed yet (the first of each case, one at a time, "
              f"median): {on['first_ms'] - off['first_ms']:+.1f} ms")
        if off["cpu"] >= 90:
            print("the proxy was saturated without the guardrail (CPU near one core): these differences are "
                  "queueing, a capacity figure, not the guardrail's latency")
    return 1 if any(r["errors"] for r in results.values()) else 0


if __name__ == "__main__":
    sys.exit(main())
