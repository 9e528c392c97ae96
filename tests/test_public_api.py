"""The public surface: what `import quote_guard` gives, and what it must not load."""

from __future__ import annotations

import subprocess
import sys

import pytest

import quote_guard

EXPECTED = [
    "Action", "ConfigError", "Difference", "Embedder", "ExtractConfig", "ExtractedQuote", "GuardReport", "Metrics",
    "MissingDependencyError", "Policy", "ProviderError", "QuoteGuard", "QuoteGuardConfig", "QuoteGuardError",
    "QuoteResult", "QuoteVerificationError", "ReaskExhaustedError", "Rewrite", "RewriteEdit",
    "SemanticConfig", "Source", "SourceError", "Span", "Verdict", "Verifier", "VerifierConfig",
    "extract_quotes", "load_config", "raise_for_failures", "rewrite", "stats",
]


def test_all_is_pinned_and_sorted():
    assert quote_guard.__all__ == EXPECTED
    assert sorted(quote_guard.__all__) == quote_guard.__all__


@pytest.mark.parametrize("name", EXPECTED)
def test_every_public_name_resolves(name):
    assert getattr(quote_guard, name) is not None


def test_unknown_attribute_is_an_attribute_error():
    with pytest.raises(AttributeError, match="no attribute 'nope'"):
        quote_guard.nope  # noqa: B018


def test_import_is_light():
    code = (
        "import sys, quote_guard\n"
        "heavy = ['torch', 'sentence_transformers', 'transformers', 'litellm', 'guardrails', 'openpyxl',"
        " 'rich', 'typer', 'model2vec', 'bm25s', 'rank_bm25', 'edlib', 'numpy', 'ray', 'ragas']\n"
        "print([m for m in heavy if m in sys.modules])\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_a_batch_worker_does_not_load_asyncio():
    # issue 14: a worker process imports the batch and local-worker modules; asyncio (with ssl,
    # about 8 MB of a worker's memory) is loaded only by the async entry point that needs it
    code = ("import sys, quote_guard, quote_guard.scale.batch, quote_guard.scale.local\n"
            "print([m for m in ('asyncio', 'ssl') if m in sys.modules])\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_error_tree_has_one_root():
    from quote_guard import errors

    for name in errors.__all__:
        assert issubclass(getattr(errors, name), quote_guard.QuoteGuardError)
    assert issubclass(quote_guard.SourceError, ValueError)
    assert issubclass(quote_guard.ConfigError, ValueError)
    assert issubclass(quote_guard.MissingDependencyError, ImportError)
