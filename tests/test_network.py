"""No network at run time, by default (issue 17 §4).

A fresh interpreter, with HOME set to an empty temporary directory (no ``~/.guardrailsrc``) and
none of the offline variables set, installs a socket guard that records (and refuses) every
DNS lookup or connection to a host other than 127.0.0.1/localhost, then runs the demo, a guard
call, a streamed call and the guardrails validator against a loopback server. Any attempt
fails the test, even one a library would have swallowed (litellm falls back to its local cost
map after three failed downloads, so only the record tells).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from _llm_server import LLMServer, Reply

ROOT = Path(__file__).resolve().parent.parent

SCRIPT = r'''
import json, os, socket, sys

ATTEMPTS = []
LOOPBACK = {"127.0.0.1", "::1", "localhost", None, ""}

def _host(address):
    return address[0] if isinstance(address, tuple) else None

_connect, _connect_ex, _getaddrinfo = socket.socket.connect, socket.socket.connect_ex, socket.getaddrinfo

def connect(self, address):
    if self.family in (socket.AF_INET, socket.AF_INET6) and _host(address) not in LOOPBACK:
        ATTEMPTS.append(f"connect {address!r}")
        raise OSError(f"no-network test: connect to {address!r} refused")
    return _connect(self, address)

def connect_ex(self, address):
    if self.family in (socket.AF_INET, socket.AF_INET6) and _host(address) not in LOOPBACK:
        ATTEMPTS.append(f"connect {address!r}")
        return 111
    return _connect_ex(self, address)

def getaddrinfo(host, *args, **kwargs):
    name = host.decode() if isinstance(host, bytes) else host
    if name not in LOOPBACK:
        ATTEMPTS.append(f"lookup {name!r}")
        raise socket.gaierror(f"no-network test: lookup of {name!r} refused")
    return _getaddrinfo(host, *args, **kwargs)

socket.socket.connect, socket.socket.connect_ex, socket.getaddrinfo = connect, connect_ex, getaddrinfo

base, out_dir = sys.argv[1], sys.argv[2]
done = []
sys.path.insert(0, os.path.join(os.getcwd(), "tests"))

import quote_guard  # the offline defaults are set here, before litellm or guardrails load
from quote_guard.integrations.guardrails import VerifiedQuotes  # first: guardrails loads litellm
from quote_guard import QuoteGuard

LEASE = "The Tenant shall pay the rent on the first day of each month. The Landlord may not enter the premises without 24 hours notice."
messages = [{"role": "user", "content": f'<document id="lease">{LEASE}</document> May the landlord enter?'}]
guard = QuoteGuard(overrides={"semantic.enabled": False})
kw = {"model": "openai/test-model", "api_base": base, "api_key": "sk-test"}

resp = guard.completion(messages=messages, **kw)
done.append(("guard", QuoteGuard.report_of(resp).passed))
stream = guard.completion(messages=messages, stream=True, **kw)
text = "".join(c.choices[0].delta.content or "" for c in stream)
done.append(("stream", stream.report.passed))

from guardrails import Guard
from quote_guard import load_config
g = Guard().use(VerifiedQuotes(load_config(overrides={"semantic.enabled": False}), on_fail="fix"))
out = g(messages=messages, metadata={"sources": {"lease": LEASE}}, max_retries=0, **kw)
done.append(("guardrails", out.validated_output is not None))

from typer.testing import CliRunner
from quote_guard.cli import app
res = CliRunner().invoke(app, ["demo", "--out-dir", out_dir, "--no-semantic"])
done.append(("demo", res.exit_code))

import litellm  # noqa: E402 - loaded by now; the cost map must be the local one
print(json.dumps({"attempts": ATTEMPTS, "done": done,
                  "cost_map": os.environ.get("LITELLM_LOCAL_MODEL_COST_MAP"),
                  "hf": os.environ.get("HF_HUB_OFFLINE")}))
'''

OFFLINE_VARS = ("LITELLM_LOCAL_MODEL_COST_MAP", "HF_HUB_OFFLINE", "TRANSFORMERS_OFFLINE", "HF_HUB_DISABLE_TELEMETRY",
                "QUOTE_GUARD_GUARDRAILS_TELEMETRY", "QUOTE_GUARD_CONFIG")


@pytest.mark.slow
def test_demo_guard_stream_and_guardrails_make_no_outside_connection(tmp_path: Path) -> None:
    answer = "The lease says “The Landlord may not enter the premises without 24 hours notice.”"
    home = tmp_path / "home"
    home.mkdir()
    env = {k: v for k, v in os.environ.items() if k not in OFFLINE_VARS and not k.startswith("QUOTE_GUARD_")}
    env.update({"HOME": str(home), "PYTHONPATH": str(ROOT), "NO_PROXY": "*", "no_proxy": "*"})
    with LLMServer([Reply.text(answer), Reply.stream([answer[:20], answer[20:]]), Reply.text(answer)]) as server:
        proc = subprocess.run([sys.executable, "-c", SCRIPT, server.base_url, str(tmp_path / "demo")],
                              capture_output=True, text=True, env=env, cwd=ROOT, timeout=300, check=False)
    assert proc.returncode == 0, proc.stderr[-3000:]
    report = json.loads(proc.stdout.strip().splitlines()[-1])
    assert report["attempts"] == []  # not one lookup or connection outside 127.0.0.1
    assert dict(report["done"]) == {"guard": True, "stream": True, "guardrails": True, "demo": 0}
    assert report["cost_map"] == "True" and report["hf"] == "1"
    assert not (home / ".guardrailsrc").exists()  # quote_guard wrote no settings file


def test_offline_defaults_never_override_the_user(monkeypatch: pytest.MonkeyPatch) -> None:
    from quote_guard import _offline

    monkeypatch.setenv("HF_HUB_OFFLINE", "0")
    monkeypatch.delenv("TRANSFORMERS_OFFLINE", raising=False)
    _offline.apply()
    assert os.environ["HF_HUB_OFFLINE"] == "0" and os.environ["TRANSFORMERS_OFFLINE"] == "1"


def test_guardrails_rc_opt_in_is_respected(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from quote_guard import _offline

    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.delenv(_offline.GUARDRAILS_OPT_IN, raising=False)
    assert not _offline.guardrails_opted_in()
    (tmp_path / ".guardrailsrc").write_text("id=x\nenable_metrics=true\n", encoding="utf-8")
    assert _offline.guardrails_opted_in()
    (tmp_path / ".guardrailsrc").write_text("no_metrics=true\n", encoding="utf-8")
    assert not _offline.guardrails_opted_in() and _offline._rc_sets_metrics(str(tmp_path)) is False
    monkeypatch.setenv(_offline.GUARDRAILS_OPT_IN, "1")
    assert _offline.guardrails_opted_in()
