"""Linear time everywhere (issue 17): does a 10x larger input cost at most 15x the time?

    .venv/bin/python benchmarks/bench_linear.py            # about 2-4 minutes on 2 cores
    .venv/bin/python benchmarks/bench_linear.py --quick    # smaller sizes, under a minute
    .venv/bin/python benchmarks/bench_linear.py --budget 30

Each row is one input family at two or more sizes; ``x base`` is the time divided by the
time of the family's smallest size (measured in this same run), ``size x`` the size ratio.
A family passes when every 10x step costs at most 15x. A case that runs past ``--budget``
seconds is stopped (it runs in a child process) and shown as ``> budget``.

Families: extraction of a long answer; verification against a 10x larger source;
streaming against ``check()``; a whitespace (and NBSP) run inside a quote; long quotes with
one word changed (R8); quotes without spaces with one character changed (R8, whose verdict
is printed: it should be ``altered``).
"""

from __future__ import annotations

import argparse
import multiprocessing as mp
import os
import random
import sys
import time
from collections.abc import Callable
from typing import Any

os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")
os.environ.setdefault("HF_HUB_OFFLINE", "1")

WORDS = ("the tenant shall pay rent monthly in advance landlord may enter premises with notice "
         "neither party assign this lease without prior written consent other repair keep good").split()


def prose(n: int, seed: int = 1) -> str:
    rng = random.Random(seed)
    out: list[str] = []
    size = 0
    while size < n:
        sentence = " ".join(rng.choice(WORDS) for _ in range(rng.randrange(8, 20))).capitalize() + ". "
        out.append(sentence)
        size += len(sentence)
    return "".join(out)[:n]


def _guard() -> Any:
    from quote_guard import QuoteGuard, load_config

    return QuoteGuard(load_config(overrides={"semantic.enabled": False, "limits.max_quote_chars": 10_000_000,
                                             "limits.max_answer_chars": 50_000_000}, env={}))


# ----------------------------------------------------------------------------- cases (run in a child)


def case_extract(n: int) -> str:
    from quote_guard import extract_quotes

    src = prose(n, 2)
    text = "".join(f"He wrote “{src[i:i + 80]}” and then {src[i + 80:i + 200]} " for i in range(0, n, 200))
    t = time.perf_counter()
    found = extract_quotes(text)
    return f"{time.perf_counter() - t:.3f}|{len(found)} quotes"


def case_verify(n: int) -> str:
    from quote_guard import Source, Verifier, VerifierConfig

    src = prose(n, 3)
    rng = random.Random(4)
    quotes = []
    for _ in range(20):
        i = rng.randrange(0, max(1, n - 200))
        q = src[i : i + 150].strip()
        quotes.append(q.replace(" shall ", " must ", 1) if rng.random() < 0.5 else q)
    v = Verifier(VerifierConfig(semantic={"enabled": False}))
    t = time.perf_counter()
    res = v.verify(quotes, [Source("doc", src)])
    return f"{time.perf_counter() - t:.3f}|{sum(r.verdict.accepted for r in res)}/20 accepted"


def case_stream(n: int) -> str:
    from quote_guard import Source
    from quote_guard.guard.stream import StreamState

    guard = _guard()
    source = "The Tenant shall pay the rent monthly in advance. The Landlord may enter with 24 hours notice."
    unit = "He said “The Tenant shall pay the rent monthly in advance” and left. "
    text = (unit * (n // len(unit) + 1))[:n]
    t = time.perf_counter()
    guard.check(text, sources={"lease": source})
    check = time.perf_counter() - t
    state = StreamState(guard._checker, [Source("lease", source)], guard.config.policy)
    t = time.perf_counter()
    for i in range(0, len(text), 7):
        state.feed(text[i : i + 7])
    state.close()
    return f"{time.perf_counter() - t:.3f}|check() {check:.3f}s, {len(state.outcomes)} quotes"


def _space_case(n: int, space: str) -> str:
    guard = _guard()
    source = "The Tenant shall pay the rent monthly in advance."
    text = f"It says “The Tenant shall{space * n}pay the rent monthly in advance” indeed."
    t = time.perf_counter()
    _, report = guard.check(text, sources={"lease": source})
    return f"{time.perf_counter() - t:.3f}|{report.quotes[0].verdict.value if report.quotes else 'no quote'}"


def case_spaces(n: int) -> str:
    return _space_case(n, " ")


def case_nbsp(n: int) -> str:
    return _space_case(n, "\u00a0")


def case_long_quote(n: int) -> str:
    from quote_guard import Source, Verifier, VerifierConfig

    src = prose(n, 5)
    words = src.split(" ")
    words[len(words) // 2] = "zzzz"
    quote = " ".join(words)
    v = Verifier(VerifierConfig(semantic={"enabled": False}))
    t = time.perf_counter()
    [r] = v.verify([quote], [Source("doc", src)])
    return f"{time.perf_counter() - t:.3f}|{r.verdict.value}"


def case_nospace(n: int) -> str:
    from quote_guard import Source, Verifier, VerifierConfig

    rng = random.Random(6)
    src = "".join(rng.choice("abcdefghijklmnopqrstuvwxyz") for _ in range(n))
    quote = src[: n // 2] + ("x" if src[n // 2] != "x" else "y") + src[n // 2 + 1 :]
    v = Verifier(VerifierConfig(semantic={"enabled": False}))
    t = time.perf_counter()
    [r] = v.verify([quote], [Source("doc", src)])
    return f"{time.perf_counter() - t:.3f}|{r.verdict.value}"


FAMILIES: dict[str, tuple[Callable[[int], str], list[int], list[int]]] = {
    # name: (case, sizes, quick sizes)
    "extract (answer chars)": (case_extract, [50_000, 500_000], [20_000, 200_000]),
    "verify (source chars)": (case_verify, [100_000, 1_000_000], [50_000, 500_000]),
    "stream (answer chars)": (case_stream, [10_000, 100_000], [5_000, 50_000]),
    "whitespace run in a quote": (case_spaces, [10_000, 100_000], [10_000, 100_000]),
    "NBSP run in a quote": (case_nbsp, [10_000, 100_000], [10_000, 100_000]),
    "long quote, 1 word changed": (case_long_quote, [200_000, 500_000, 2_000_000, 5_000_000], [50_000, 500_000]),
    "no-space quote, 1 char changed": (case_nospace, [20_000, 200_000, 500_000], [5_000, 50_000]),
}


def _child(case: Callable[[int], str], n: int, out: Any) -> None:
    try:
        out.send(case(n))
    except Exception as exc:  # report, don't hang the parent
        out.send(f"nan|{type(exc).__name__}: {exc}")


def run_case(case: Callable[[int], str], n: int, budget: float) -> tuple[float | None, str]:
    ctx = mp.get_context("fork" if sys.platform != "win32" else "spawn")
    recv, send = ctx.Pipe(duplex=False)
    proc = ctx.Process(target=_child, args=(case, n, send))
    proc.start()
    if not recv.poll(budget):
        proc.kill()
        proc.join()
        return None, "stopped"
    seconds, note = recv.recv().split("|", 1)
    proc.join()
    return float(seconds), note


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true")
    ap.add_argument("--budget", type=float, default=60.0, help="seconds per case before it is stopped")
    ap.add_argument("--only", default="", help="run the families whose name contains this")
    args = ap.parse_args()
    # warm up in the parent, so each forked case times the work, not the imports
    case_extract(2_000), case_verify(2_000), case_stream(1_000), case_spaces(10)
    print(f"{'family':32} {'size':>10} {'seconds':>9} {'size x':>7} {'x base':>8}  note")
    failures = []
    for name, (case, sizes, quick) in FAMILIES.items():
        if args.only and args.only not in name:
            continue
        base: tuple[int, float] | None = None
        for n in quick if args.quick else sizes:
            seconds, note = run_case(case, n, args.budget)
            if seconds is None:
                print(f"{name:32} {n:>10,} {'> ' + str(int(args.budget)):>9} {'':>7} {'':>8}  stopped")
                failures.append(f"{name} at {n:,}: over {args.budget:.0f}s")
                break
            if base is None:
                base = (n, max(seconds, 1e-3))
                print(f"{name:32} {n:>10,} {seconds:>9.3f} {1:>7} {1:>8}  {note}")
                continue
            size_x, time_x = n / base[0], max(seconds, 1e-3) / base[1]
            print(f"{name:32} {n:>10,} {seconds:>9.3f} {size_x:>7.0f} {time_x:>8.1f}  {note}")
            if time_x > 1.5 * size_x and seconds > 0.05:
                failures.append(f"{name}: {size_x:.0f}x the input cost {time_x:.1f}x the time")
    print()
    print("super-linear:" if failures else "all families within 1.5x of linear (10x input <= 15x time)")
    for f in failures:
        print("  -", f)


if __name__ == "__main__":
    main()
