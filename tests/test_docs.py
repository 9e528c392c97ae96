"""The runnable examples in the core modules' docstrings stay true."""

from __future__ import annotations

import doctest
import importlib

import pytest

MODULES = ["quote_guard", "quote_guard.normalize", "quote_guard.align", "quote_guard.verify", "quote_guard.models",
           "quote_guard.index"]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name):
    module = importlib.import_module(name)
    failures, _ = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert failures == 0


def test_readme_verify_example():
    from quote_guard import Source, Verdict, Verifier, VerifierConfig

    lease = "LEASE. The Tenant shall not sublet the premises. Rent is due monthly."
    v = Verifier(VerifierConfig(semantic={"enabled": False}))
    results = v.verify(["The Tenant shall not sublet the premises", "the tenant may sublet the premises"],
                       [Source(id="lease.txt", text=lease)])
    assert results[0].verdict is Verdict.VERBATIM
    r = results[1]
    assert r.verdict is Verdict.ALTERED
    assert (r.spans[0].start, r.spans[0].end) == (7, 48)
    assert r.verbatim == lease[7:48] == "The Tenant shall not sublet the premises."
    assert r.metrics.changed_words == ["may → shall not"]
