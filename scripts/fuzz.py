"""Fuzz the extractor, the stream scanner and the config loader for a fixed time; print figures.

    .venv/bin/python scripts/fuzz.py                       # 60 s per target
    .venv/bin/python scripts/fuzz.py --seconds 300 --target extract
    .venv/bin/python scripts/fuzz.py --engine hypothesis   # without atheris

Engines: atheris (coverage-guided, ``pip install atheris``) when it imports, else a seeded
random generator built from the same hostile pieces as ``tests/test_fuzz.py``. Each target
checks the contracts, not just "no crash":

- ``extract``: quotes ordered, non-overlapping, offsets inside the answer, never empty;
- ``stream``: a streamed answer (random chunking) releases every character that arrived, and
  its incremental hold scan agrees with :func:`~quote_guard.guard.stream.hold_point`;
- ``config``: :func:`~quote_guard.load_config` either returns a config or raises
  ``ConfigError``, and never takes longer than ``--slow`` seconds on one input.

Prints, per target: inputs run, inputs per second, the slowest input's time and size, and
failures (each with a reproducer written to ``out/fuzz/``). Exit status 1 on any failure.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")
os.environ.setdefault("HF_HUB_OFFLINE", "1")

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

PIECES = [
    '"', "'", "“", "”", "‘", "’", "„", "‚", "«", "»", "‹", "›", "「", "」", "『", "』", "〝", "〞", "〟", "＂",
    "’s", " ", "  ", "\u00a0", "\n", "\n\n", "\n \n", "\t", "\u2029", ">", "> ", "<", "<quote>", "</quote>",
    "<q ", "</q>", "```", "```\n", "~~~\n", "`", "[1]", "(Source: a.pdf)", "…", "...", "—", "the", "Tenant",
    "shall", "pay", "rent", "4", "5,000", "don't", "tenant’s", "\ud800", "\x00", "é", "日本語", "{", "}", "[",
    "]", '"quote": ', ",",
]
YAML_PIECES = ["verifier:", "limits:", "reask:", "  max_attempts: 3", "  item_template: '{quote}'", "&a", "*a", "[",
               "]", "{", "}", ": ", "- ", "\n", "  ", "!!python/object:os.system", "<<: *a", "'", '"', "#", "~",
               "null", "1e9", "extract:", "  tag_names: [q]"]


def _text_from(data: bytes, pieces: list[str]) -> str:
    out = []
    for i, b in enumerate(data):
        out.append(pieces[b % len(pieces)] if b < 200 else chr(32 + (b * 7919 + i) % 20000))
    return "".join(out)


def _extract(data: bytes) -> None:
    from quote_guard import extract_quotes

    text = _text_from(data, PIECES)
    last = 0
    for q in extract_quotes(text):
        assert last <= q.outer_start <= q.start <= q.end <= q.outer_end <= len(text), (q, len(text))
        assert q.text
        last = q.outer_end


_STATE: dict[str, object] = {}


def _stream(data: bytes) -> None:
    from quote_guard import QuoteGuard, Source, load_config
    from quote_guard.extract import ExtractConfig
    from quote_guard.guard.stream import HoldScanner, StreamState, hold_point

    guard = _STATE.get("guard")
    if guard is None:
        guard = _STATE["guard"] = QuoteGuard(load_config(overrides={"semantic.enabled": False}, env={}))
    assert isinstance(guard, QuoteGuard)
    text = _text_from(data, PIECES)
    rng = random.Random(len(data))
    state = StreamState(guard._checker, [Source("s", "The Tenant shall pay the rent.")], guard.config.policy)
    scanner, cfg = HoldScanner(ExtractConfig()), ExtractConfig()
    out, prev, emitted = [], 0, 0
    while prev < len(text):
        nxt = min(len(text), prev + rng.randrange(1, 12))
        out.append(state.feed(text[prev:nxt]))
        held = scanner.hold(text[:nxt], emitted)
        assert held == hold_point(text[:nxt], emitted, cfg), (text[:nxt], emitted)
        emitted, prev = max(emitted, held), nxt
    out.append(state.close())
    assert state.text == text


def _config(data: bytes) -> None:
    from quote_guard import ConfigError, load_config

    path = _STATE.get("path")
    if path is None:
        path = _STATE["path"] = Path(tempfile.mkdtemp(prefix="qg-fuzz-")) / "v.yaml"
    assert isinstance(path, Path)
    path.write_text(_text_from(data, YAML_PIECES).replace("\ud800", "?"), encoding="utf-8")
    try:
        load_config(path, env={})
    except ConfigError:
        pass


TARGETS: dict[str, Callable[[bytes], None]] = {"extract": _extract, "stream": _stream, "config": _config}


def run_random(name: str, fn: Callable[[bytes], None], seconds: float, slow: float, seed: int) -> dict[str, object]:
    rng = random.Random(seed)
    n, failures, slowest = 0, [], (0.0, 0)
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        data = bytes(rng.randrange(256) for _ in range(rng.choice([8, 32, 128, 512, 2048])))
        t = time.perf_counter()
        try:
            fn(data)
        except Exception as exc:  # a contract broke: keep the reproducer
            failures.append((data, f"{type(exc).__name__}: {exc}"[:300]))
        took = time.perf_counter() - t
        if took > slowest[0]:
            slowest = (took, len(data))
        if took > slow:
            failures.append((data, f"slow: {took:.2f}s"))
        n += 1
    return {"target": name, "inputs": n, "per_s": n / seconds, "slowest": slowest, "failures": failures}


def run_atheris(name: str, fn: Callable[[bytes], None], seconds: float) -> None:  # pragma: no cover - manual
    import atheris

    def one(data: bytes) -> None:
        fn(data)

    fn(b"warm up")  # load quote_guard, then instrument it so the fuzzer is coverage-guided
    atheris.instrument_all()
    atheris.Setup([sys.argv[0], f"-max_total_time={int(seconds)}", "-max_len=4096", "-print_final_stats=1"], one)
    atheris.Fuzz()


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seconds", type=float, default=60.0, help="per target")
    ap.add_argument("--target", choices=sorted(TARGETS), action="append")
    ap.add_argument("--engine", choices=["auto", "atheris", "hypothesis"], default="auto",
                    help="'hypothesis' here means the seeded random engine (no atheris)")
    ap.add_argument("--slow", type=float, default=5.0, help="an input slower than this is a failure")
    ap.add_argument("--seed", type=int, default=20261123)
    args = ap.parse_args()
    targets = args.target or sorted(TARGETS)
    engine = args.engine
    if engine in ("auto", "atheris"):
        try:
            import atheris  # noqa: F401
            engine = "atheris"
        except ImportError:
            if engine == "atheris":
                sys.exit("atheris is not installed: pip install atheris")
            engine = "random"
    if engine == "atheris":
        if len(targets) != 1:  # libFuzzer runs one target per process
            import subprocess

            codes = [subprocess.call([sys.executable, __file__, "--engine", "atheris", "--target", t,
                                      "--seconds", str(args.seconds)]) for t in targets]
            sys.exit(max(codes))
        run_atheris(targets[0], TARGETS[targets[0]], args.seconds)
        return
    print(f"{'target':10} {'inputs':>8} {'inputs/s':>9} {'slowest s':>10} {'its bytes':>9} {'failures':>9}")
    bad = 0
    out_dir = ROOT / "out" / "fuzz"
    for name in targets:
        r = run_random(name, TARGETS[name], args.seconds, args.slow, args.seed)
        fails = r["failures"]
        assert isinstance(fails, list)
        slowest = r["slowest"]
        assert isinstance(slowest, tuple)
        print(f"{name:10} {r['inputs']:>8} {r['per_s']:>9.1f} {slowest[0]:>10.3f} {slowest[1]:>9} {len(fails):>9}")
        for i, (data, why) in enumerate(fails[:5]):
            out_dir.mkdir(parents=True, exist_ok=True)
            (out_dir / f"{name}-{i}.bin").write_bytes(data)
            print(f"    {why}  (reproducer: out/fuzz/{name}-{i}.bin)")
        bad += len(fails)
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
