"""Test-wide settings: nothing may reach the network, nothing may send telemetry."""

from __future__ import annotations

import os

import pytest
from hypothesis import settings

# CI machines are shared and noisy: a property test fails on what it finds, never on a time limit
# (hypothesis's default deadline of 200 ms per example fails a test when the machine stalls)
settings.register_profile("quote_guard", deadline=None)
settings.load_profile("quote_guard")

os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")
os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")


@pytest.fixture(scope="session")
def lexical():
    """A Verifier with the semantic stage off: the lexical engine alone."""
    from quote_guard import Verifier, VerifierConfig

    return Verifier(VerifierConfig(semantic={"enabled": False}))
