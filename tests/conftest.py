"""Test-wide settings: nothing may reach the network, nothing may send telemetry."""

from __future__ import annotations

import os

import pytest

os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")
os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")


@pytest.fixture(scope="session")
def lexical():
    """A Verifier with the semantic stage off: the lexical engine alone."""
    from quote_guard import Verifier, VerifierConfig

    return Verifier(VerifierConfig(semantic={"enabled": False}))
