"""The architecture, enforced: every module has a layer, and imports point inward only.

A module may import a module of its own layer or of a lower one, never a higher one. The
rule covers relative and absolute imports, at module level and inside functions (a lazy
import is still an arrow). Every module under ``quote_guard/`` must be in :data:`LAYERS`: a
new module fails this test until it is given its place.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import quote_guard

ROOT = Path(quote_guard.__file__).parent

# 0 data -> 1 text primitives and policy -> 2 extraction, indexing, alignment -> 3 meaning
# -> 4 verification and rewriting (the core ends here) -> 5 configuration and loaders
# -> 6 the guard and reports -> 7 adapters to other frameworks -> 8 the CLI and the package index
CORE_TOP = 4
LAYERS: dict[str, int] = {
    "quote_guard._lazy": 0,
    "quote_guard._offline": 0,
    "quote_guard.errors": 0,
    "quote_guard.models": 0,
    "quote_guard.normalize": 1,
    "quote_guard.policy": 1,
    "quote_guard.limits": 1,
    "quote_guard.extract": 2,
    "quote_guard.index": 2,
    "quote_guard.align": 2,
    "quote_guard.meaning": 2,
    "quote_guard.embed": 3,
    "quote_guard.embed.config": 3,
    "quote_guard.embed.passages": 3,
    "quote_guard.embed.verdict": 3,
    "quote_guard.embed.model": 3,
    "quote_guard.embed.embedders": 3,
    "quote_guard.embed.stage": 3,
    "quote_guard.judge": 4,
    "quote_guard.verify": 4,
    "quote_guard.rewrite": 4,
    "quote_guard.metrics": 4,
    "quote_guard.config": 5,
    "quote_guard.manifest": 5,
    "quote_guard.sources": 5,
    "quote_guard.attribution": 5,
    "quote_guard.scale": 4,
    "quote_guard.scale.batch": 4,
    "quote_guard.scale.cache": 5,
    "quote_guard.scale.heap": 4,
    "quote_guard.scale.local": 5,
    "quote_guard.scale.ray": 5,
    "quote_guard.documents": 5,
    "quote_guard.documents._types": 5,
    "quote_guard.documents.docx": 5,
    "quote_guard.documents.furniture": 5,
    "quote_guard.documents.html": 5,
    "quote_guard.documents.pdf": 5,
    "quote_guard.documents.highlight": 5,
    "quote_guard.citations": 6,
    "quote_guard.citations._anthropic": 6,
    "quote_guard.citations._cohere": 6,
    "quote_guard.citations._documents": 6,
    "quote_guard.citations._gemini": 6,
    "quote_guard.citations._markup": 6,
    "quote_guard.citations._openai": 6,
    "quote_guard.citations._read": 6,
    "quote_guard.citations._recover": 6,
    "quote_guard.citations._schema": 6,
    "quote_guard.citations._stream": 6,
    "quote_guard.citations._text": 6,
    "quote_guard.citations._verify": 6,
    "quote_guard.guard": 6,
    "quote_guard.guard.report": 6,
    "quote_guard.guard.provider": 6,
    "quote_guard.guard.messages": 6,
    "quote_guard.guard.stream": 6,
    "quote_guard.guard.core": 6,
    "quote_guard.guard.entailment": 6,
    "quote_guard.report": 6,
    "quote_guard._report_assets": 6,
    "quote_guard.research": 7,
    "quote_guard.research.methods": 7,
    "quote_guard.research.review": 7,
    "quote_guard.integrations": 7,
    "quote_guard.integrations.guardrails": 7,
    "quote_guard.integrations.ragas": 7,
    "quote_guard.integrations.litellm_proxy": 7,
    "quote_guard.serve": 8,
    "quote_guard.cli_research": 8,
    "quote_guard.cli": 8,
    "quote_guard": 8,
}
# third-party libraries the core never imports, not even lazily
EDGE_LIBRARIES = {"litellm", "guardrails", "typer", "rich", "openpyxl", "ray", "ragas"}
# the one exception: the offline-defaults shim quiets guardrails' telemetry, and imports its
# settings only when guardrails is already in sys.modules (it never loads guardrails itself)
EDGE_ALLOWED = {"quote_guard._offline": {"guardrails"}}


def _module_name(path: Path) -> str:
    rel = path.relative_to(ROOT.parent).with_suffix("")
    parts = list(rel.parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _modules() -> dict[str, Path]:
    return {_module_name(p): p for p in sorted(ROOT.rglob("*.py"))}


def _from_module(name: str, path: Path, node: ast.ImportFrom) -> str:
    """The absolute name of the module a ``from ... import`` in module ``name`` reads from."""
    if not node.level:
        return node.module or ""
    package = name if path.name == "__init__.py" else name.rsplit(".", 1)[0]
    base = package.split(".")
    base = base[: len(base) - (node.level - 1)]
    return ".".join(base + ([node.module] if node.module else []))


def _imports(name: str, path: Path) -> list[str]:
    """Every module ``name`` imports, absolute names, relative imports resolved."""
    out: list[str] = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            out.extend(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            mod = _from_module(name, path, node)
            out.append(mod)
            # "from . import x" / "from .pkg import sub" may name submodules
            out.extend(f"{mod}.{a.name}" for a in node.names)
    return out


def _target(imported: str) -> str | None:
    """The listed quote_guard module an import refers to (the longest listed prefix)."""
    if imported != "quote_guard" and not imported.startswith("quote_guard."):
        return None
    parts = imported.split(".")
    while parts:
        cand = ".".join(parts)
        if cand in LAYERS:
            return cand
        parts.pop()
    return None


def test_every_module_has_a_layer() -> None:
    missing = sorted(set(_modules()) - set(LAYERS))
    assert not missing, f"modules without a layer in tests/test_layers.py: {missing}"


def test_the_layer_table_names_no_ghosts() -> None:
    ghosts = sorted(set(LAYERS) - set(_modules()))
    assert not ghosts, f"LAYERS lists modules that do not exist: {ghosts}"


@pytest.mark.parametrize("name", sorted(_modules()))
def test_imports_point_inward(name: str) -> None:
    path = _modules()[name]
    mine = LAYERS[name]
    for imported in _imports(name, path):
        target = _target(imported)
        if target is not None and target != name:
            assert LAYERS[target] <= mine, (
                f"{name} (layer {mine}) imports {imported} (layer {LAYERS[target]}): imports must point inward"
            )
        top = imported.split(".")[0]
        if mine <= CORE_TOP and top not in EDGE_ALLOWED.get(name, set()):
            assert top not in EDGE_LIBRARIES, f"core module {name} imports the edge library {top}"


def test_the_checker_sees_absolute_and_relative_imports(tmp_path: Path) -> None:
    # a check that cannot fail proves nothing: feed it an outward arrow of each kind
    probe = tmp_path / "verify.py"
    probe.write_text("from .guard import QuoteGuard\nimport quote_guard.cli\n\ndef f():\n    from ..x import y\n"
                     "    from quote_guard.report import z\n")
    seen = {_target(i) for i in _imports("quote_guard.verify", probe)}
    assert {"quote_guard.guard", "quote_guard.cli", "quote_guard.report"} <= seen


# the research subcommands are the CLI's own, in a module of their own for size
PRIVATE_FRIENDS = {("quote_guard.cli_research", "quote_guard.cli")}


def _unit(module: str) -> str:
    """The unit whose private names a module may use: its subpackage (``quote_guard.guard``), or the
    module itself when it sits at the top of the package (``quote_guard.cli``)."""
    parts = module.split(".")
    return ".".join(parts[:2])


def _private_imports(name: str, path: Path) -> list[tuple[str, str]]:
    """``(module, name)`` for every ``_name`` that ``name`` imports from a quote_guard module."""
    out = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom):
            mod = _from_module(name, path, node)
            out += [(mod, a.name) for a in node.names
                    if mod.startswith("quote_guard") and a.name.startswith("_") and not a.name.startswith("__")]
    return out


@pytest.mark.parametrize("name", sorted(_modules()))
def test_private_names_stay_inside_their_package(name: str) -> None:
    # an adapter drives the guard through its public seams (ReaskRun, StreamGate), never its
    # private names: a rename inside a package must not break another one
    for mod, private in _private_imports(name, _modules()[name]):
        if _unit(mod) != _unit(name) and (name, _unit(mod)) not in PRIVATE_FRIENDS:
            pytest.fail(f"{name} imports the private name {private} from {mod}")


def test_the_private_name_check_sees_relative_and_absolute_imports(tmp_path: Path) -> None:
    probe = tmp_path / "litellm_proxy.py"
    probe.write_text("from ..guard.core import _Run\n\ndef f():\n    from quote_guard.cli import _console\n"
                     "    from .._lazy import lazy\n")
    got = _private_imports("quote_guard.integrations.litellm_proxy", probe)
    assert got == [("quote_guard.guard.core", "_Run"), ("quote_guard.cli", "_console")]


def _rebound(path: Path) -> list[str]:
    """Names a module binds twice at its top level (an assignment, a ``def`` or a ``class``): the
    second silently replaces the first for every function that reads it, wherever it stands."""
    seen: set[str] = set()
    twice = []
    for node in ast.parse(path.read_text(encoding="utf-8")).body:
        names: list[str] = []
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names = [node.name]
        elif isinstance(node, ast.Assign):
            names = [t.id for t in node.targets if isinstance(t, ast.Name)]
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name) and node.value is not None:
            names = [node.target.id]
        for n in names:
            if n in seen and n != "__all__":
                twice.append(n)
            seen.add(n)
    return twice


@pytest.mark.parametrize("name", sorted(_modules()))
def test_no_module_binds_a_name_twice(name: str) -> None:
    # two tables of one name in a long module (a rule's word list, a pattern) leave the first rule
    # reading the second's table: the module must name them apart
    assert not _rebound(_modules()[name]), f"{name} binds {_rebound(_modules()[name])} twice at its top level"


def test_the_rebinding_check_sees_assignments_and_definitions(tmp_path: Path) -> None:
    probe = tmp_path / "m.py"
    probe.write_text("import re\n_A = re.compile('x')\n\ndef f():\n    _A = 1\n\n_B: int = 1\n_A = re.compile('y')\n"
                     "def _B():\n    pass\n")
    assert _rebound(probe) == ["_A", "_B"]
