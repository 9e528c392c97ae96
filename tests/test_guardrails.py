"""The guardrails-ai validator ``quote_guard/verified_quotes``, with telemetry off.

guardrails reads ``~/.guardrailsrc`` when it is imported and again when a ``Guard`` is built,
so HOME points at a temporary directory holding ``enable_metrics=false`` while guardrails is
imported here, and again for every test (``monkeypatch``), and is restored afterwards.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest
from _lease import LEASE, MISQUOTE, RIGHT
from _llm_server import LLMServer, Reply

ROOT = Path(__file__).resolve().parent.parent
GR_HOME = tempfile.mkdtemp(prefix="qg-guardrails-home-")
Path(GR_HOME, ".guardrailsrc").write_text("enable_metrics=false\nuse_remote_inferencing=false\n", encoding="utf-8")

_old_home = os.environ.get("HOME")
os.environ["HOME"] = GR_HOME
os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")
try:
    # the adapter imports guardrails first: it silences guardrails' own click/typer import notices
    from quote_guard.integrations.guardrails import VALIDATOR_NAME, VerifiedQuotes, quote_summary

    ADAPTER_LOADED = True  # keeps import sorters from moving guardrails above the adapter
    from guardrails import Guard
    from guardrails.errors import ValidationError
    from guardrails.settings import settings
    from guardrails.validator_base import validators_registry
finally:
    if _old_home is None:
        del os.environ["HOME"]
    else:
        os.environ["HOME"] = _old_home

pytestmark = pytest.mark.filterwarnings("ignore:Item .* on TypedDict class .* `ReadOnly` qualifier:UserWarning")

SOURCES = {"lease.txt": LEASE}
NO_SEMANTIC = {"semantic": {"enabled": False}}


@pytest.fixture(autouse=True)
def _guardrails_home(monkeypatch):
    monkeypatch.setenv("HOME", GR_HOME)


def validator(on_fail: str, **kw):
    from quote_guard import load_config

    return VerifiedQuotes(load_config(overrides=NO_SEMANTIC, env={}), on_fail=on_fail, **kw)


def test_registered_and_telemetry_off():
    assert validators_registry[VALIDATOR_NAME] is VerifiedQuotes
    assert settings.rc.enable_metrics is False
    assert not settings.rc.use_remote_inferencing


def test_fix_returns_fix_value_and_summary_tells_the_truth():
    text = f"It says “{MISQUOTE}” and “the tenant shall keep the premises in bad repair”."
    guard = Guard().use(validator("fix"))
    out = guard.parse(text, metadata={"sources": SOURCES})
    assert out.validation_passed is True  # the guardrails trap: True after a fix
    summary = quote_summary(out)
    assert summary["passed"] is False and summary["fixed"] is True
    [fail] = summary["failures"]
    assert len(fail["error_spans"]) == 2  # one per failing quote
    for span in fail["error_spans"]:
        assert text[span["start"] : span["end"]] in (MISQUOTE, "the tenant shall keep the premises in bad repair")
        assert span["reason"].split(" -> ")[0] in ("altered", "unsupported")
        assert " -> annotate:" in span["reason"]
    assert out.validated_output != text and MISQUOTE in out.validated_output  # annotated, not rewritten
    assert "[unverified]" in out.validated_output


def test_failresult_carries_metrics_and_call_metadata():
    text = f"It says “{MISQUOTE}”."
    v = validator("noop")
    result = v.validate(text, {"sources": SOURCES, "other": 1})
    assert result.outcome == "fail"
    assert result.metadata["sources"] == SOURCES and result.metadata["other"] == 1  # not replaced
    [q] = result.metadata["quote_guard"]["quotes"]
    assert q["verdict"] == "altered" and q["metrics"]["match_ratio"] is not None
    assert q["spans"][0]["source_id"] == "lease.txt"
    assert RIGHT in result.error_message  # the closest source text, for guardrails' re-ask
    assert result.error_spans[0].start == text.index(MISQUOTE)


def test_near_verbatim_passes_with_the_fixed_text():
    text = "It says “the landlord may not enter the premises” without notice."
    guard = Guard().use(validator("fix"))
    out = guard.parse(text, metadata={"sources": SOURCES})
    summary = quote_summary(out)
    assert out.validation_passed is True and summary["passed"] is True and summary["fixed"] is True
    assert out.validated_output == "It says “The Landlord may not enter the premises” without notice."
    assert summary["failures"][0]["error_spans"][0]["reason"].startswith("near_verbatim -> fix")
    out = Guard().use(validator("exception")).parse(f"It says “{RIGHT}”", metadata={"sources": SOURCES})
    assert out.validation_passed is True and out.validated_output == f"It says “{RIGHT}”"


def test_noop_filter_exception():
    text = f"It says “{MISQUOTE}”."
    out = Guard().use(validator("noop")).parse(text, metadata={"sources": SOURCES})
    assert out.validation_passed is False and out.validated_output == text
    out = Guard().use(validator("filter")).parse(text, metadata={"sources": SOURCES})
    assert out.validated_output is None
    with pytest.raises(ValidationError, match="do not match the sources"):
        Guard().use(validator("exception")).parse(text, metadata={"sources": SOURCES})


def test_missing_sources_is_a_clear_error():
    with pytest.raises(Exception, match="metadata=.*sources"):
        Guard().use(validator("noop")).parse(f"It says “{MISQUOTE}”.", metadata={})


def test_reask_through_a_real_call_carries_the_source_text():
    messages = [{"role": "user", "content": f"{LEASE}\n\nMay the landlord enter? Quote the lease."}]
    with LLMServer([Reply.text(f"The lease says “{MISQUOTE}”"), Reply.text(f"The lease says “{RIGHT}”")]) as server:
        guard = Guard().use(validator("reask"))
        out = guard(
            model="openai/test-model", api_base=server.base_url, api_key="sk-test", max_retries=0,
            messages=messages, metadata={"sources": SOURCES}, num_reasks=1,
        )
        assert len(server.requests) == 2
        reask_text = "\n".join(m["content"] for m in server.messages(1))
    assert RIGHT in reask_text  # guardrails drops the sources; our error message carries the passage
    assert out.validated_output == f"The lease says “{RIGHT}”"
    assert out.validation_passed is True


def test_example_wraps_a_real_call_through_guard():
    with LLMServer([Reply.text(f"Per the lease, “{MISQUOTE}”")]) as server:
        env = {**os.environ, "HOME": GR_HOME, "LITELLM_LOCAL_MODEL_COST_MAP": "True", "PYTHONPATH": str(ROOT)}
        proc = subprocess.run(
            [sys.executable, str(ROOT / "examples" / "guardrails_example.py"),
             "--model", "openai/test-model", "--api-base", server.base_url, "--api-key", "sk-test"],
            check=False, capture_output=True, text=True, env=env, cwd=ROOT, timeout=120,
        )
        assert proc.returncode == 0, proc.stderr[-2000:]
        assert len(server.requests) == 1
    assert "[unverified]" in proc.stdout and "passed: False" in proc.stdout
