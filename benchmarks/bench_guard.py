"""The guard's own overhead per answer, LLM time excluded.

5 quotes (verbatim, near_verbatim, two altered, unsupported) in one answer, over 20 KB of
contract text (CUAD, /work/shared/data), lexical path (semantic stage off). Each row times
everything the guard does around a model call on a canned response:

- ``guard (warm)``: sources read from the messages, extract, verify, decide, rewrite,
  report attached; document indexes already cached (the same sources as the last call).
- ``guard (cold)``: the same with sources never seen before (each run indexes them).
- ``guardrails validate``: ``VerifiedQuotes.validate`` (our validator alone).
- ``guardrails Guard.parse``: the full guardrails path around it (guardrails' own cost included).

Fixed seed, best effort on a shared machine; prints a table. Not a test.

    .venv/bin/python benchmarks/bench_guard.py [--runs 200]
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")
os.environ.setdefault("HF_HUB_OFFLINE", "1")

CUAD = Path("/work/shared/data/cuad/full_contract_txt")
SOURCE_BYTES = 20_000


def load_sources(seed: int) -> dict[str, str]:
    files = sorted(CUAD.glob("*.txt"))
    rng = random.Random(seed)
    rng.shuffle(files)
    out: dict[str, str] = {}
    total = 0
    for f in files:
        text = f.read_text(encoding="utf-8", errors="replace")
        if len(text) < 6_000:
            continue
        take = min(len(text), 10_000, SOURCE_BYTES - total)
        out[f.stem[:40]] = text[:take]
        total += take
        if total >= SOURCE_BYTES:
            break
    return out


def sentences(text: str) -> list[str]:
    parts = [" ".join(s.split()) for s in text.replace("\n", " ").split(". ")]
    return [p for p in parts if 60 <= len(p) <= 220 and p.isascii()]


def make_answer(sources: dict[str, str], seed: int) -> str:
    rng = random.Random(seed)
    pool = [s for t in sources.values() for s in sentences(t)]
    a, b, c, d = rng.sample(pool, 4)
    words = d.split()
    words.insert(len(words) // 2, "not")
    altered2 = c.replace(" shall ", " may ", 1) if " shall " in c else c + " within 90 days"
    quotes = [
        a,  # verbatim
        b.lower(),  # near_verbatim
        " ".join(words),  # altered: a negation added
        altered2,  # altered: a modal / an addition
        "The parties agree that all disputes shall be settled by a coin toss at dawn",  # unsupported
    ]
    body = [f"Point {i + 1}: the contract says “{q}” [{i + 1}]." for i, q in enumerate(quotes)]
    return "Here is what the documents say.\n\n" + "\n".join(body) + "\n\nThat is all."


def timeit(fn, runs: int) -> tuple[float, float, float]:
    fn()  # warm-up (imports, first index)
    times = []
    for _ in range(runs):
        t0 = time.perf_counter()
        fn()
        times.append((time.perf_counter() - t0) * 1000)
    times.sort()
    return statistics.median(times), times[int(0.9 * (len(times) - 1))], times[0]


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=200)
    ap.add_argument("--seed", type=int, default=7)
    args = ap.parse_args()

    import litellm

    from quote_guard import QuoteGuard
    from quote_guard.guard import _Run

    sources = load_sources(args.seed)
    answer = make_answer(sources, args.seed)
    docs = "\n".join(f'<document id="{k}">{v}</document>' for k, v in sources.items())
    messages = [{"role": "user", "content": f"{docs}\n\nWhat do the contracts say?"}]
    guard = QuoteGuard(overrides={"semantic.enabled": False, "reask.max_attempts": 1})

    def canned(text: str) -> object:
        return litellm.ModelResponse(choices=[{"message": {"role": "assistant", "content": text}}])

    pool = [canned(answer) for _ in range(args.runs + 2)]

    def guard_call(msgs=messages) -> None:
        run = _Run(guard, msgs, None, guard.config.policy, 1)
        run.observe(pool.pop())
        run.finish()

    counter = iter(range(10**9))

    def guard_cold() -> None:
        n = next(counter)
        msgs = [{"role": "user", "content": docs.replace("</document>", f" (copy {n})</document>") + "\n\nQ?"}]
        pool.append(canned(answer))
        guard_call(msgs)

    resp = canned(answer)
    run = _Run(guard, messages, None, guard.config.policy, 1)
    run.observe(resp)
    run.finish()
    report = QuoteGuard.report_of(resp)
    verdicts = ", ".join(f"{q.verdict.value}->{q.action.value}" for q in report.quotes)

    rows = [("guard (warm)", timeit(guard_call, args.runs))]
    pool.extend(canned(answer) for _ in range(args.runs + 2))
    rows.append(("guard (cold: new sources)", timeit(guard_cold, max(20, args.runs // 5))))

    home = tempfile.mkdtemp()
    Path(home, ".guardrailsrc").write_text("enable_metrics=false\nuse_remote_inferencing=false\n")
    os.environ["HOME"] = home
    from guardrails import Guard

    from quote_guard.integrations.guardrails import VerifiedQuotes

    validator = VerifiedQuotes(guard.config, on_fail="fix")
    meta = {"sources": sources}
    rows.append(("guardrails validate()", timeit(lambda: validator.validate(answer, meta), args.runs)))
    g = Guard().use(VerifiedQuotes(guard.config, on_fail="fix"))
    rows.append(("guardrails Guard.parse()", timeit(lambda: g.parse(answer, metadata=meta), max(20, args.runs // 4))))

    print(f"sources: {len(sources)} documents, {sum(map(len, sources.values()))} chars; "
          f"answer: {len(answer)} chars, {len(report.quotes)} quotes ({verdicts})")
    print(f"{'path':<28} {'p50 ms':>8} {'p90 ms':>8} {'best ms':>8}")
    for name, (p50, p90, best) in rows:
        print(f"{name:<28} {p50:>8.2f} {p90:>8.2f} {best:>8.2f}")


if __name__ == "__main__":
    main()
