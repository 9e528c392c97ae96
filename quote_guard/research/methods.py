"""A methods section written from the real run, not a template with brackets to fill in.

:func:`methods_figures` gathers every number from the results, the run manifest and the
review decisions (:class:`MethodsFigures`); :func:`render_methods` writes the section in
Markdown or LaTeX from those figures only, so each number in the text can be traced (and a
test checks each one against the result file). The section has:

- the engine steps that ran (each with the number of quotes it decided), the BM25 parameters,
  the embedding model and the semantic rule, the thresholds and the meaning guard's rules;
- counts and percentages per verdict with Wilson 95 % confidence intervals, the share of
  faithful quotes, the mean and median scores;
- the review outcome and, with a second reviewer's decisions, Cohen's kappa;
- a reproducibility checklist filled from the manifest, and the files to archive.

>>> # text = render_methods(methods_from_file(Path("results.xlsx")), fmt="latex")
"""

from __future__ import annotations

import statistics
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal

from ..manifest import RunManifest, canonical_json, sha256_hex
from ..metrics import cohens_kappa, is_faithful, needs_review, wilson_interval
from ..models import HARMLESS_CATEGORIES, Verdict
from .review import DECISIONS_SUFFIX, MANIFEST_SUFFIX, Decision, ReviewDecision, ReviewKey, load_decisions, read_review

if TYPE_CHECKING:  # pragma: no cover
    from ..report import ResultRecord

__all__ = [
    "MethodsFigures",
    "ScoreFigure",
    "VerdictFigure",
    "methods_figures",
    "methods_from_file",
    "render_methods",
]

# Stage names recorded in Metrics.stage, in pipeline order, with what they do.
_STAGES: tuple[tuple[str, str], ...] = (
    ("exact", "exact substring match against each source"),
    ("folded", "match after folding (Unicode NFKC, case, whitespace runs, quote marks, dashes, soft hyphens, "
               "words hyphenated across a line break), with an offset map back to the original text"),
    ("corpus", "candidate documents chosen by an inverted index of distinctive words (large collections)"),
    ("ellipsis", "quotes with an ellipsis split into fragments, matched in order within one document"),
    ("fuzzy", "edit-distance infix alignment around exact seeds or BM25 windows, then the word-level meaning guard"),
    ("semantic", "embedding search over every sentence of the sources for quotes still unsupported"),
)
_LOAD_BEARING = ("negation", "number", "modal", "quantifier", "direction", "exclusivity", "party", "connective",
                 "content", "order")
_SCORES = ("match_ratio", "cosine_similarity", "bm25_score", "bm25_ratio", "confidence")


@dataclass(frozen=True, slots=True)
class VerdictFigure:
    """Count of one verdict, its share of all quotes and the Wilson 95 % interval of that share."""

    verdict: str
    n: int
    share: float
    ci_low: float
    ci_high: float


@dataclass(frozen=True, slots=True)
class ScoreFigure:
    """Mean and median of one score over the quotes that have it (``n``)."""

    name: str
    n: int
    mean: float | None
    median: float | None


@dataclass(frozen=True)
class MethodsFigures:
    """Every number the methods section states. Shares are proportions in [0, 1]."""

    n_quotes: int
    verdicts: tuple[VerdictFigure, ...]
    faithful: VerdictFigure
    stages: dict[str, int]
    n_bm25: int
    scores: tuple[ScoreFigure, ...]
    n_low_confidence: int
    differences: dict[str, int]
    n_to_review: int
    review_reasons: dict[str, int]
    n_reviewed: int
    review_counts: dict[str, int]
    manifest: RunManifest | None
    kappa: float | None = None
    kappa_n: int = 0
    results_path: Path | None = None
    reviewer2_path: Path | None = None
    extra_files: tuple[Path, ...] = field(default_factory=tuple)

    @property
    def n_undecided(self) -> int:
        return self.n_to_review - self.n_reviewed

    def verdict(self, name: str) -> VerdictFigure:
        return next(v for v in self.verdicts if v.verdict == name)


def _figure(name: str, k: int, n: int) -> VerdictFigure:
    lo, hi = wilson_interval(k, n) if n else (0.0, 0.0)
    return VerdictFigure(name, k, round(k / n, 6) if n else 0.0, lo, hi)


def _score(name: str, values: Sequence[float]) -> ScoreFigure:
    if not values:
        return ScoreFigure(name, 0, None, None)
    return ScoreFigure(name, len(values), round(statistics.fmean(values), 4), round(statistics.median(values), 4))


def methods_figures(
    records: Sequence[ResultRecord],
    *,
    manifest: RunManifest | None,
    decisions: Mapping[ReviewKey, ReviewDecision] | None = None,
    reviewer2: Mapping[ReviewKey, ReviewDecision] | None = None,
    results_path: Path | None = None,
    reviewer2_path: Path | None = None,
) -> MethodsFigures:
    """Count everything the methods section needs from the records, the manifest and the decisions.

    Kappa is computed over the quotes that need review and that both reviewers decided
    (``kappa_n`` of them); ``None`` when there is no second reviewer or no such quote.
    """
    from .review import review_key, review_reasons

    n = len(records)
    results = [r.result for r in records]
    counts = Counter(r.verdict.value for r in results)
    verdicts = tuple(_figure(v.value, counts.get(v.value, 0), n) for v in Verdict)
    faithful = _figure("faithful", sum(1 for r in results if is_faithful(r)), n)
    stages = Counter(r.metrics.stage for r in results)
    scores = []
    for name in _SCORES:
        if name == "confidence":
            vals = [float(rec.confidence) for rec in records]
        else:
            vals = [float(x) for x in (getattr(r.metrics, name) for r in results) if x is not None]
        scores.append(_score(name, vals))
    diffs: Counter[str] = Counter()
    for r in results:
        if r.verdict is Verdict.ALTERED:
            diffs.update(d.category for d in r.metrics.differences if d.load_bearing)
    to_review = [rec for rec in records if needs_review(rec.result)]
    reasons: Counter[str] = Counter()
    for rec in to_review:
        reasons.update(review_reasons(rec.result))
    decisions = decisions or {}
    decided: dict[int, Decision] = {}
    for rec in to_review:
        d = decisions.get(review_key(rec.result, manifest))
        if d is not None:
            decided[rec.index] = d.decision
    kappa: float | None = None
    kappa_n = 0
    if reviewer2 is not None:
        pairs = []
        for rec in to_review:
            d2 = reviewer2.get(review_key(rec.result, manifest))
            if rec.index in decided and d2 is not None:
                pairs.append((decided[rec.index].value, d2.decision.value))
        kappa_n = len(pairs)
        if pairs:
            kappa = cohens_kappa([a for a, _ in pairs], [b for _, b in pairs])
    review_counts = Counter(d.value for d in decided.values())
    return MethodsFigures(
        n_quotes=n,
        verdicts=verdicts,
        faithful=faithful,
        stages={s: stages[s] for s, _ in _STAGES if stages.get(s)} | ({"none": stages["none"]} if stages.get("none") else {}),
        n_bm25=sum(1 for r in results if r.metrics.bm25_score is not None),
        scores=tuple(scores),
        n_low_confidence=sum(1 for r in results if r.metrics.low_confidence),
        differences=dict(sorted(diffs.items(), key=lambda kv: (-kv[1], kv[0]))),
        n_to_review=len(to_review),
        review_reasons=dict(sorted(reasons.items(), key=lambda kv: (-kv[1], kv[0]))),
        n_reviewed=len(decided),
        review_counts={d.value: review_counts.get(d.value, 0) for d in Decision},
        manifest=manifest,
        kappa=kappa,
        kappa_n=kappa_n,
        results_path=results_path,
        reviewer2_path=reviewer2_path,
    )


def methods_from_file(results: Path, *, reviewer2: Path | None = None) -> MethodsFigures:
    """:func:`methods_figures` for a results file (``.xlsx``, ``.jsonl`` or ``.csv``), with its manifest and
    decisions, and optionally a second reviewer's file (a reviewed copy of the workbook or its ``.decisions.json``)."""
    state = read_review(Path(results))
    second = load_decisions(Path(reviewer2)) if reviewer2 is not None else None
    return methods_figures(
        list(state.records), manifest=state.manifest, decisions=state.decisions, reviewer2=second,
        results_path=Path(results), reviewer2_path=Path(reviewer2) if reviewer2 is not None else None,
    )


# --------------------------------------------------------------------------- text

# A tiny document model, rendered to Markdown or LaTeX: ("h", title), ("p", text), ("ul", items),
# ("check", items), ("table", header, rows). Inline `code` is marked with backticks.
_Block = tuple[Any, ...]


def pct(share: float) -> str:
    """A proportion as a percentage with one decimal: ``0.1234 -> "12.3"``."""
    return f"{100 * share:.1f}"


def _n(k: int, word: str) -> str:
    return f"{k} {word}" + ("" if k == 1 else "s")


def _num(x: float | None, digits: int = 3) -> str:
    return "n/a" if x is None else f"{x:.{digits}f}"


def _cfg(manifest: RunManifest | None, *path: str) -> Any:
    node: Any = manifest.config if manifest is not None else {}
    for p in path:
        if not isinstance(node, Mapping) or p not in node:
            return None
        node = node[p]
    return node


def _verifier_cfg(manifest: RunManifest | None, key: str) -> Any:
    """A verifier setting, from a whole-config manifest (``verifier.<key>``) or a verifier-only one (``<key>``)."""
    value = _cfg(manifest, "verifier", key)
    return _cfg(manifest, key) if value is None else value


def _semantic_cfg(manifest: RunManifest | None) -> Mapping[str, Any]:
    for path in (("semantic",), ("verifier", "semantic")):
        sec = _cfg(manifest, *path)
        if isinstance(sec, Mapping):
            return sec
    return {}


def _blocks(f: MethodsFigures) -> list[_Block]:
    m = f.manifest
    out: list[_Block] = [("h", "Methods: quote verification")]
    version = m.quote_guard_version if m else "(unknown: no run manifest)"
    n_inputs = len(m.input_hashes) if m else None
    out.append(("p", (
        f"We checked {_n(f.n_quotes, 'quote')}"
        + (f" against {n_inputs} input files" if n_inputs is not None else "")
        + f" with quote_guard {version}"
        + (f" on {m.date}" if m else "")
        + ". Each quote was located in the sources with exact character offsets and given one verdict: "
        "verbatim, near_verbatim (differs in form only), altered (a load-bearing word changed), "
        "paraphrase (the meaning is in the sources, the wording is not), unsupported, or uncheckable "
        "(no source text)."
    )))
    steps = [f"{desc} (`{s}`): decided {_n(f.stages[s], 'quote')}" for s, desc in _STAGES if f.stages.get(s)]
    if f.stages.get("none"):
        steps.append(f"not placed by any stage (`none`): {_n(f.stages['none'], 'quote')}")
    out.append(("p", "The engine runs in stages, cheapest first; a stage sees only the quotes the earlier stages "
                     "could not decide. The stages that decided quotes in this run were:"))
    out.append(("ul", steps or ["none (no quote was checked)"]))

    k1, b = _verifier_cfg(m, "bm25_k1"), _verifier_cfg(m, "bm25_b")
    window, top = _verifier_cfg(m, "bm25_window_tokens"), _verifier_cfg(m, "bm25_top_k")
    backend, min_chars = _verifier_cfg(m, "bm25_backend"), _verifier_cfg(m, "bm25_min_chars")
    if k1 is not None:
        bm = (f"BM25 (`{backend}`, k1 = {k1}, b = {b}; windows of {window} tokens overlapping by half, the best "
              f"{top} per document aligned) narrows the fuzzy search in documents totalling at least {min_chars} characters. ")
    else:
        bm = "BM25 parameters were not recorded (no run manifest). "
    bm += (f"It scored {f.n_bm25} of the {f.n_quotes} quotes." if f.n_bm25
           else "No quote needed it in this run: every search aligned whole documents.")
    out.append(("p", bm))

    sem = _semantic_cfg(m)
    if m is not None and m.embedder is not None:
        rule = ""
        if {"paraphrase_threshold", "min_cosine", "min_overlap"} <= set(sem):
            rule = (f" A quote is a paraphrase of its best passage when the cosine similarity is at least "
                    f"{sem['paraphrase_threshold']}, or at least {sem['min_cosine']} with at least "
                    f"{pct(float(sem['min_overlap']))} % of the quote's content words in the passage; otherwise it is unsupported.")
        out.append(("p", f"Quotes the lexical stages left unsupported were compared by meaning with every sentence of "
                         f"every source, using the local embedding model `{m.embedder}` (no LLM judge).{rule} "
                         f"The semantic stage decided {_n(f.stages.get('semantic', 0), 'quote')}."))
    elif m is not None:
        out.append(("p", "The semantic (embedding) stage was off: no quote could be judged a paraphrase."))
    else:
        out.append(("p", "The embedding model was not recorded (no run manifest)."))

    harmless = ", ".join(sorted(HARMLESS_CATEGORIES))
    observed = "; ".join(f"{c}: {k}" for c, k in f.differences.items())
    out.append(("p", (
        "The meaning guard compares a quote with its closest passage word by word. A changed "
        + ", ".join(_LOAD_BEARING[:-2]) + ", or any other content word in an otherwise identical clause, or a "
        "change of word order, makes the quote altered; differences of form only (" + harmless + ") keep it "
        "near_verbatim. The fuzzy score never decides alone."
        + (f" Load-bearing differences in the altered quotes of this run, by category: {observed}." if observed else "")
    )))
    if m is not None and m.thresholds:
        out.append(("p", "Thresholds (from the run manifest):"))
        out.append(("table", ("threshold", "value"), [(f"`{k}`", str(v)) for k, v in m.thresholds.items()]))

    out.append(("h2", "Results"))
    rows = [(v.verdict, str(v.n), pct(v.share), f"{pct(v.ci_low)}–{pct(v.ci_high)}") for v in f.verdicts]
    rows.append(("faithful", str(f.faithful.n), pct(f.faithful.share), f"{pct(f.faithful.ci_low)}–{pct(f.faithful.ci_high)}"))
    out.append(("p", f"Verdicts of the {f.n_quotes} quotes, with Wilson 95 % confidence intervals. "
                     "Faithful = verbatim, near_verbatim, or a paraphrase with no load-bearing difference beyond rewording "
                     "(a changed number, negation, modal, party... makes a paraphrase unsafe)."))
    out.append(("table", ("verdict", "n", "%", "95 % CI (%)"), rows))
    srows = [(s.name, str(s.n), _num(s.mean), _num(s.median)) for s in f.scores]
    out.append(("p", f"Scores (over the quotes that have each score; {_n(f.n_low_confidence, 'verdict')} lay within "
                     "the low-confidence margin of a threshold):"))
    out.append(("table", ("score", "n", "mean", "median"), srows))

    out.append(("h2", "Human review"))
    reasons = "; ".join(f"{r}: {k}" for r, k in f.review_reasons.items())
    text = (f"{_n(f.n_to_review, 'quote')} needed a human decision ({reasons or 'none'}). ")
    if f.n_to_review:
        text += f"{f.n_reviewed} were reviewed ({pct(f.n_reviewed / f.n_to_review)} %) and {f.n_undecided} are undecided. "
    if f.n_reviewed:
        shares = "; ".join(f"{d}: {k} ({pct(k / f.n_reviewed)} %)" for d, k in f.review_counts.items())
        text += (f"Decisions: {shares}. Of the reviewed quotes, "
                 f"{pct(f.review_counts['acceptable paraphrase'] / f.n_reviewed)} % were confirmed as acceptable "
                 f"paraphrases and {pct(f.review_counts['hallucination'] / f.n_reviewed)} % were excluded as hallucinations.")
    out.append(("p", text.strip()))
    if f.reviewer2_path is not None:
        if f.kappa is None:
            out.append(("p", "A second reviewer's file was given, but no quote was decided by both reviewers."))
        else:
            out.append(("p", f"Inter-rater agreement on the {f.kappa_n} quotes decided by both reviewers: "
                             f"Cohen's kappa = {f.kappa:.2f}."))

    out.append(("h2", "Reproducibility checklist"))
    if m is not None:
        corpus = sha256_hex(canonical_json(m.input_hashes))
        out.append(("check", [(True, x) for x in [
            f"quote_guard version: {m.quote_guard_version}",
            f"configuration hash (SHA-256 of the canonical JSON): `{m.config_hash}`",
            f"run date (UTC): {m.date}",
            f"embedding model: {'`' + m.embedder + '`' if m.embedder else 'none (semantic stage off)'}",
            f"thresholds recorded: {len(m.thresholds)}",
            f"input files hashed (SHA-256): {len(m.input_hashes)}; hash of the list: `{corpus}`",
            "the verification is deterministic: the same inputs, version and configuration give the same verdicts",
        ]]))
    else:
        out.append(("check", [(False, "no run manifest was found: version, configuration and input hashes are unknown")]))

    out.append(("h2", "Files to archive"))
    files: list[str] = []
    if f.results_path is not None:
        rp = f.results_path
        files.append(f"`{rp.name}`: every result" + (", the review sheet and the manifest sheet" if rp.suffix == ".xlsx" else ""))
        files.append(f"`{rp.name}{DECISIONS_SUFFIX}`: every review decision, keyed by quote and source hash")
        if rp.suffix != ".xlsx":
            files.append(f"`{rp.name}{MANIFEST_SUFFIX}`: the run manifest")
    if f.reviewer2_path is not None:
        files.append(f"`{f.reviewer2_path.name}`: the second reviewer's decisions")
    files.append("the configuration file used (`validators.yaml`), whose effective values the manifest records")
    if m is not None:
        files.extend(f"`{k}` (SHA-256 `{v[:16]}…`)" for k, v in m.input_hashes.items())
    files.append("this methods section")
    out.append(("ul", files))
    return out


def _md_inline(text: str) -> str:
    return text


def _tex_inline(text: str) -> str:
    parts = text.split("`")
    out = []
    for i, part in enumerate(parts):
        esc = _tex_escape(part)
        out.append(f"\\texttt{{{esc}}}" if i % 2 else esc)
    return "".join(out)


_TEX = {"\\": r"\textbackslash{}", "&": r"\&", "%": r"\%", "$": r"\$", "#": r"\#", "_": r"\_", "{": r"\{",
        "}": r"\}", "~": r"\textasciitilde{}", "^": r"\textasciicircum{}", "–": "--", "…": r"\ldots{}",
        "≥": r"$\geq$", "→": r"$\rightarrow$", "∅": r"$\emptyset$"}


def _tex_escape(text: str) -> str:
    return "".join(_TEX.get(ch, ch) for ch in text)


def _md_cell(text: str) -> str:
    return text.replace("|", "\\|")


def render_methods(figures: MethodsFigures, fmt: Literal["md", "latex"] = "md") -> str:
    """The methods section as Markdown (``"md"``) or LaTeX (``"latex"``; a fragment to ``\\input``, needs no package).

    >>> from quote_guard.models import QuoteResult, Verdict
    >>> from quote_guard.report import ResultRecord
    >>> f = methods_figures([ResultRecord(0, QuoteResult("q", Verdict.VERBATIM))], manifest=None)
    >>> "| verbatim | 1 | 100.0 | 20.6–100.0 |" in render_methods(f)
    True
    """
    if fmt not in ("md", "latex"):
        raise ValueError(f"render_methods: unknown format {fmt!r}; use 'md' or 'latex'")
    lines: list[str] = []
    for block in _blocks(figures):
        kind = block[0]
        if fmt == "md":
            if kind == "h":
                lines += [f"## {block[1]}", ""]
            elif kind == "h2":
                lines += [f"### {block[1]}", ""]
            elif kind == "p":
                lines += [_md_inline(block[1]), ""]
            elif kind == "ul":
                lines += ["- " + _md_inline(item) for item in block[1]] + [""]
            elif kind == "check":
                lines += [("- [x] " if ok else "- [ ] ") + _md_inline(item) for ok, item in block[1]] + [""]
            elif kind == "table":
                header, rows = block[1], block[2]
                lines.append("| " + " | ".join(header) + " |")
                lines.append("|" + "|".join("---" for _ in header) + "|")
                lines += ["| " + " | ".join(_md_cell(c) for c in row) + " |" for row in rows]
                lines.append("")
        else:
            if kind == "h":
                lines += [f"\\section*{{{_tex_inline(block[1])}}}", ""]
            elif kind == "h2":
                lines += [f"\\subsection*{{{_tex_inline(block[1])}}}", ""]
            elif kind == "p":
                lines += [_tex_inline(block[1]), ""]
            elif kind == "ul":
                lines.append("\\begin{itemize}")
                lines += [f"  \\item {_tex_inline(item)}" for item in block[1]]
                lines += ["\\end{itemize}", ""]
            elif kind == "check":
                lines.append("\\begin{itemize}")
                for ok, item in block[1]:
                    box = "\\texttt{[x]}" if ok else "\\texttt{[ ]}"
                    lines.append(f"  \\item[{box}] {_tex_inline(item)}")
                lines += ["\\end{itemize}", ""]
            elif kind == "table":
                header, rows = block[1], block[2]
                lines.append("\\begin{tabular}{l" + "r" * (len(header) - 1) + "}")
                lines.append("\\hline")
                lines.append(" & ".join(_tex_inline(h) for h in header) + " \\\\")
                lines.append("\\hline")
                lines += [" & ".join(_tex_inline(c) for c in row) + " \\\\" for row in rows]
                lines += ["\\hline", "\\end{tabular}", ""]
    return "\n".join(lines).rstrip() + "\n"
