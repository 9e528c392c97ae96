"""The guarded gateway end to end: `quote-guard serve` (LiteLLM's proxy + the quote_guard guardrail)
on 127.0.0.1, a scripted OpenAI-compatible upstream on 127.0.0.1, and real clients (curl, the openai SDK).

One gateway starts for the module (about 10 s): it fails closed, except for the model "test-open".
"""

from __future__ import annotations

import copy
import importlib.util
import json
import os
import shutil
import subprocess
from pathlib import Path

import httpx
import pytest
import yaml
from _gateway import Gateway
from _lease import LEASE, MISQUOTE, RIGHT
from _llm_server import LLMServer, Reply

if importlib.util.find_spec("litellm") is None or importlib.util.find_spec("fastapi") is None:
    pytest.skip("needs quote_guard[serve]", allow_module_level=True)
openai = pytest.importorskip("openai")

pytestmark = [
    pytest.mark.filterwarnings("ignore::DeprecationWarning"),
    # litellm's types trip a pydantic UserWarning on first use (third party, harmless)
    pytest.mark.filterwarnings("ignore:Item .* on TypedDict class .* `ReadOnly` qualifier:UserWarning"),
]

ROOT = Path(__file__).resolve().parent.parent
MESSAGES = [
    {"role": "system", "content": "Answer from the document. Quote it exactly."},
    {"role": "user", "content": f'<document id="lease">{LEASE}</document>\nCan the landlord come in?'},
]
NEAR = "It says “the landlord may not enter the premises” without notice."
FIXED = "It says “The Landlord may not enter the premises” without notice."
SETTINGS = {"max_quotes": 3, "max_sources": 6, "max_body_bytes": 200_000, "max_attempts": 2}
VALIDATORS = {"semantic": {"enabled": False}}


@pytest.fixture(scope="module")
def upstream():
    with LLMServer() as s:
        yield s


@pytest.fixture(scope="module")
def gateway(upstream):
    """One gateway; the model "test-open" is the same upstream model, failing open."""
    gw = Gateway(upstream=upstream.base_url, models=("test-model=openai/test-model", "test-open=openai/test-model"),
                 settings={**SETTINGS, "fail_mode": "closed", "fail_mode_by_model": {"test-open": "open"}},
                 validators=VALIDATORS)
    with gw:
        yield gw


@pytest.fixture
def gw(gateway, upstream):
    assert upstream.remaining == 0
    yield gateway
    assert upstream.remaining == 0, "a scripted reply was not used"


def client(gw: Gateway) -> openai.OpenAI:
    return openai.OpenAI(base_url=gw.base_url, api_key=Gateway.KEY, max_retries=0, timeout=60)


def post(gw: Gateway, body: dict, *, headers: dict | None = None) -> httpx.Response:
    return httpx.post(gw.base_url + "/chat/completions", json=body,
                      headers=gw.auth if headers is None else headers, timeout=60)


def body(**extra: object) -> dict:
    return {"model": "test-model", "messages": copy.deepcopy(MESSAGES), **extra}


# ----------------------------------------------------------------------------- security


def test_no_key_and_wrong_key_get_401_and_never_reach_the_upstream(gw, upstream):
    before = len(upstream.requests)
    assert post(gw, body(), headers={}).status_code == 401
    wrong = post(gw, body(), headers={"Authorization": "Bearer sk-not-the-gateway-key"})
    assert wrong.status_code == 401
    assert wrong.json()["error"]["type"] == "authentication_error"
    assert post(gw, body(), headers={"x-api-key": "sk-not-the-gateway-key"}).status_code == 401
    with pytest.raises(openai.AuthenticationError):
        openai.OpenAI(base_url=gw.base_url, api_key="sk-wrong-wrong", max_retries=0).chat.completions.create(
            model="test-model", messages=MESSAGES)
    assert len(upstream.requests) == before


def test_client_cannot_choose_upstream_or_credentials(gw, upstream):
    before = len(upstream.requests)
    r = post(gw, body(api_key="sk-client-chosen"))
    assert r.status_code == 400 and "api_key" in r.json()["error"]["message"]
    for key in ("api_base", "base_url"):
        r = post(gw, body(**{key: "http://127.0.0.1:9/v1"}))
        assert 400 <= r.status_code < 500, (key, r.status_code, r.text)
        assert key in r.text
    with pytest.raises(openai.BadRequestError):
        client(gw).chat.completions.create(model="test-model", messages=MESSAGES,
                                           extra_body={"api_key": "sk-client-chosen"})
    assert len(upstream.requests) == before  # refused before any upstream call


def test_oversize_body_is_413_before_the_proxy_reads_it(gw, upstream):
    before = len(upstream.requests)
    big = body(messages=[*MESSAGES, {"role": "user", "content": "x" * 300_000}])
    r = post(gw, big)
    assert r.status_code == 413 and r.json()["error"]["type"] == "request_too_large"
    assert len(upstream.requests) == before


def test_too_many_sources_is_413(gw, upstream):
    before = len(upstream.requests)
    extra = {f"doc{i}": f"Text number {i}." for i in range(10)}
    r = post(gw, body(metadata={"quote_guard": {"sources": extra}}))
    assert r.status_code == 413, r.text
    assert "sources exceed the limit of 6" in r.text
    assert len(upstream.requests) == before


def test_policy_override_outside_operator_limits_is_400(gw, upstream):
    before = len(upstream.requests)
    r = post(gw, body(metadata={"quote_guard": {"policy": {"altered": "pass"}}}))
    assert r.status_code == 400 and "'pass' not allowed" in r.text
    r = post(gw, body(metadata={"quote_guard": {"policy": {"verbatim": "annotate"}}}))
    assert r.status_code == 400 and "verbatim: not allowed" in r.text
    r = post(gw, body(metadata={"quote_guard": {"max_attempts": 5}}))
    assert r.status_code == 400 and "allowed 1 to 2" in r.text
    assert len(upstream.requests) == before


def test_gateway_opens_no_socket_except_loopback(gw):
    """No telemetry, no cost-map download: every TCP socket of the gateway process is on 127.0.0.1."""
    inodes = set()
    for fd in Path(f"/proc/{gw.pid}/fd").iterdir():
        try:
            link = os.readlink(fd)
        except OSError:
            continue
        if link.startswith("socket:["):
            inodes.add(link[8:-1])
    remote = []
    for table in ("tcp", "tcp6"):
        for line in Path(f"/proc/{gw.pid}/net/{table}").read_text().splitlines()[1:]:
            parts = line.split()
            if parts[9] in inodes:
                remote.append(parts[2].split(":")[0])
    loopback = {"00000000", "0100007F", "00000000000000000000000000000000", "00000000000000000000000001000000",
                "0000000000000000FFFF00000100007F"}
    assert remote and set(remote) <= loopback, remote


# ----------------------------------------------------------------------------- clients


def test_curl_plain_call_gets_report_in_body_and_headers(gw, upstream, tmp_path):
    if shutil.which("curl") is None:
        pytest.skip("curl not installed")
    upstream.push(Reply.text(f"The lease says “{RIGHT}”"))
    subprocess.run(
        ["curl", "-sS", "-D", str(tmp_path / "head"), "-o", str(tmp_path / "body"), gw.base_url + "/chat/completions",
         "-H", f"Authorization: Bearer {Gateway.KEY}", "-H", "Content-Type: application/json", "-d", json.dumps(body())],
        capture_output=True, text=True, timeout=60, check=True,
    )
    head = (tmp_path / "head").read_text().strip().split("\r\n\r\n")[-1]
    payload = (tmp_path / "body").read_text(encoding="utf-8")
    headers = {k.lower(): v.strip() for k, _, v in (line.partition(":") for line in head.splitlines()[1:])}
    assert " 200" in head.splitlines()[0]
    assert headers["x-quote-guard-passed"] == "true" and headers["x-quote-guard-verdicts"] == "verbatim"
    data = json.loads(payload)
    assert data["choices"][0]["message"]["content"] == f"The lease says “{RIGHT}”"
    rep = data["quote_guard"]
    assert rep["passed"] and rep["quotes"][0]["verdict"] == "verbatim"
    assert rep["quotes"][0]["spans"][0]["source_id"] == "lease"


def test_sdk_fixed_quote(gw, upstream):
    upstream.push(Reply.text(NEAR))
    raw = client(gw).chat.completions.with_raw_response.create(model="test-model", messages=MESSAGES)
    resp = raw.parse()
    assert resp.choices[0].message.content == FIXED
    assert raw.headers["x-quote-guard-passed"] == "true"
    assert raw.headers["x-quote-guard-verdicts"] == "near_verbatim"
    rep = resp.model_extra["quote_guard"]
    assert rep["original_text"] == NEAR and rep["final_text"] == FIXED
    assert [(q["verdict"], q["action"]) for q in rep["quotes"]] == [("near_verbatim", "fix")]
    assert len(upstream.requests) and "api_key" not in upstream.requests[-1]


def test_sdk_reask_keeps_the_sources_and_is_bounded(gw, upstream):
    upstream.push(Reply.text(f"The lease says “{MISQUOTE}”"), Reply.text(f"The lease says “{RIGHT}”"))
    n = len(upstream.requests)
    raw = client(gw).chat.completions.with_raw_response.create(model="test-model", messages=MESSAGES,
                                                               temperature=0.2)
    resp = raw.parse()
    assert resp.choices[0].message.content == f"The lease says “{RIGHT}”"
    assert raw.headers["x-quote-guard-attempts"] == "2" and raw.headers["x-quote-guard-passed"] == "true"
    second = upstream.requests[n + 1]
    assert second["messages"][:2] == MESSAGES  # the sources go back with the re-ask
    assert second["messages"][2] == {"role": "assistant", "content": f"The lease says “{MISQUOTE}”"}
    assert RIGHT in second["messages"][3]["content"]
    assert second.get("temperature") == 0.2 and second["model"] == "test-model"
    rep = resp.model_extra["quote_guard"]
    assert [a["reasked"] for a in rep["attempts"]] == [True, False]

    # never better: max_attempts=2 model calls, then the first answer with the fallback (annotate)
    upstream.push(Reply.text(f"Per the lease: “{MISQUOTE}”"), Reply.text(f"Per the lease: “{MISQUOTE}”"))
    n = len(upstream.requests)
    raw = client(gw).chat.completions.with_raw_response.create(model="test-model", messages=MESSAGES)
    assert len(upstream.requests) == n + 2
    rep = raw.parse().model_extra["quote_guard"]
    assert rep["exhausted"] and not rep["passed"] and raw.headers["x-quote-guard-passed"] == "false"
    assert raw.headers["x-quote-guard-verdicts"] == "altered"
    assert "[unverified]" in raw.parse().choices[0].message.content


def test_sdk_stream_holds_back_quotes_and_reports_in_last_chunk(gw, upstream):
    upstream.push(Reply.stream(["It says “the landlord ", "may not enter the ", "premises” without", " notice."]))
    with client(gw).chat.completions.with_streaming_response.create(
            model="test-model", messages=MESSAGES, stream=True) as raw:
        assert raw.headers["x-quote-guard-report"] == "last-chunk"
        chunks = list(raw.parse())
    text = "".join(c.choices[0].delta.content or "" for c in chunks if c.choices)
    assert text == FIXED
    assert not any("the landlord" in (c.choices[0].delta.content or "") for c in chunks if c.choices)
    reports = [c.model_extra.get("quote_guard") for c in chunks if (c.model_extra or {}).get("quote_guard")]
    assert len(reports) == 1 and chunks[-1].model_extra.get("quote_guard") == reports[0]
    rep = reports[0]
    assert rep["streamed"] and rep["passed"] and rep["quotes"][0]["verdict"] == "near_verbatim"


def test_extra_sources_from_metadata(gw, upstream):
    memo = "The deposit is returned within 30 days of the end of the lease."
    upstream.push(Reply.text(f"The memo says “{memo}”"))
    resp = client(gw).chat.completions.create(
        model="test-model", messages=MESSAGES,
        extra_body={"metadata": {"quote_guard": {"sources": {"memo": memo}}}})
    rep = resp.model_extra["quote_guard"]
    assert rep["passed"] and rep["quotes"][0]["spans"][0]["source_id"] == "memo"
    assert "memo" in rep["sources"]


def test_policy_raise_from_metadata_is_502_with_the_report(gw, upstream):
    upstream.push(Reply.text(f"The lease says “{MISQUOTE}”"))
    r = post(gw, body(metadata={"quote_guard": {"policy": {"altered": "raise"}}}))
    assert r.status_code == 502, r.text
    assert r.headers["x-quote-guard-passed"] == "false"
    assert r.headers["x-quote-guard-error"] == "quote_guard_failed"
    err = r.json()["error"]
    rep = err["provider_specific_fields"]["quote_guard"]
    assert rep["quotes"][0]["verdict"] == "altered" and rep["error"]["type"] == "quote_guard_failed"


# ----------------------------------------------------------------------------- fail closed / open

FOUR = ("It says “The Tenant shall pay the rent”, “The Landlord may not enter”, “without 24 hours notice” "
        "and “keep the premises in good repair”.")


def test_fail_closed_answers_502_with_the_report(gw, upstream):
    upstream.push(Reply.text(FOUR))
    r = post(gw, body())
    assert r.status_code == 502, r.text
    assert r.headers["x-quote-guard-error"] == "quote_guard_limit"
    rep = r.json()["error"]["provider_specific_fields"]["quote_guard"]
    assert rep["passed"] is False and "at most 3" in rep["error"]["message"]
    assert FOUR not in r.text.replace("\\u201c", "“").replace("\\u201d", "”")  # the unchecked answer is withheld


def test_fail_open_passes_the_answer_flagged(gw, upstream):
    upstream.push(Reply.text(FOUR))
    raw = client(gw).chat.completions.with_raw_response.create(model="test-open", messages=MESSAGES)
    resp = raw.parse()
    assert resp.choices[0].message.content == FOUR  # unchanged
    assert raw.headers["x-quote-guard-passed"] == "false"
    assert raw.headers["x-quote-guard-error"] == "quote_guard_limit"
    assert resp.model_extra["quote_guard"]["error"]["type"] == "quote_guard_limit"


def test_fail_open_when_the_reask_call_fails(gw, upstream):
    upstream.push(Reply.text(f"The lease says “{MISQUOTE}”"), Reply.error(400, "upstream refused the re-ask"))
    raw = client(gw).chat.completions.with_raw_response.create(model="test-open", messages=MESSAGES)
    resp = raw.parse()
    assert resp.choices[0].message.content == f"The lease says “{MISQUOTE}”"
    rep = resp.model_extra["quote_guard"]
    assert rep["passed"] is False and rep["error"]["type"] == "quote_guard_error"
    assert rep["quotes"][0]["verdict"] == "altered"  # what was found before the failure is kept


# ----------------------------------------------------------------------------- config, no proxy


def test_build_config_binds_loopback_and_names_keys_by_variable(tmp_path):
    from quote_guard.serve import _parser, build_config

    cfg = build_config(models=["gpt=openai/gpt-4o-mini"], upstream_key_env="OPENAI_API_KEY",
                       gateway={"fail_mode": "open"})
    text = yaml.safe_dump(cfg)
    assert "os.environ/LITELLM_MASTER_KEY" in text and "os.environ/OPENAI_API_KEY" in text
    assert cfg["model_list"] == [{"model_name": "gpt", "litellm_params": {
        "model": "openai/gpt-4o-mini", "api_key": "os.environ/OPENAI_API_KEY"}}]
    assert cfg["guardrails"][0]["litellm_params"]["quote_guard"] == {"fail_mode": "open"}
    assert _parser().parse_args([]).host == "127.0.0.1"
    with pytest.raises(Exception, match="fail_mode"):
        build_config(models=["openai/x"], gateway={"fail_mode": "sometimes"})
    with pytest.raises(Exception, match="no upstream model"):
        build_config()


def test_gate_freezes_the_startup_heap_once_the_app_reports_its_startup_complete():
    """A full garbage collection over LiteLLM's startup heap stopped the proxy for 0.4-0.6 s
    under load; the gate freezes that heap once, after the startup completes (not on a failed one)."""
    import asyncio
    import gc

    from quote_guard.serve import Gate

    async def app(scope, receive, send):
        assert scope["type"] == "lifespan"
        msg = await receive()
        assert msg["type"] == "lifespan.startup"
        await send({"type": "lifespan.startup.failed" if scope.get("fail") else "lifespan.startup.complete"})

    async def run(scope):
        sent = []

        async def receive():
            return {"type": "lifespan.startup"}

        async def send(msg):
            sent.append((msg["type"], gc.get_freeze_count()))

        await Gate(app, master_key="sk-test-key-0001", max_body_bytes=100)(scope, receive, send)
        return sent

    gc.unfreeze()
    try:
        assert asyncio.run(run({"type": "lifespan", "fail": True})) == [("lifespan.startup.failed", 0)]
        assert gc.get_freeze_count() == 0
        # the server hears of the startup first; the heap is frozen right after
        assert asyncio.run(run({"type": "lifespan"})) == [("lifespan.startup.complete", 0)]
        assert gc.get_freeze_count() > 1000
    finally:
        gc.unfreeze()


def test_serve_refuses_a_missing_or_weak_master_key():
    env = {k: v for k, v in os.environ.items() if k != "LITELLM_MASTER_KEY"}
    cmd = [str(Path(os.sys.executable)), "-m", "quote_guard.serve", "--model", "openai/x"]
    r = subprocess.run(cmd, capture_output=True, text=True, env=env, cwd=ROOT, timeout=60)
    assert r.returncode == 2 and "LITELLM_MASTER_KEY" in r.stderr
    r = subprocess.run(cmd, capture_output=True, text=True, env={**env, "LITELLM_MASTER_KEY": "short"}, cwd=ROOT,
                       timeout=60)
    assert r.returncode == 2 and "sk-" in r.stderr


def test_example_config_builds_the_guardrail_as_litellm_does():
    from litellm.types.guardrails import LitellmParams

    from quote_guard.integrations import litellm_proxy

    cfg = yaml.safe_load((ROOT / "examples/gateway/config.yaml").read_text())
    [g] = cfg["guardrails"]
    params = LitellmParams(**g["litellm_params"])
    assert params.guardrail == "quote_guard.integrations.litellm_proxy.QuoteGuardrail"
    extra = {k: v for k, v in params.model_dump(exclude_none=True).items()
             if k not in ("guardrail", "mode", "default_on", "stream_scope")}
    guardrail = litellm_proxy.QuoteGuardrail(guardrail_name=g["guardrail_name"], event_hook=params.mode,
                                             default_on=params.default_on, **extra)
    s = guardrail.gateway.settings
    assert s.fail_mode == "closed" and s.max_attempts == 2 and s.policy_override_keys == (
        "altered", "unsupported", "fallback")
    guardrail.gateway.close()


def test_unknown_gateway_setting_is_named():
    from quote_guard.errors import ConfigError
    from quote_guard.integrations.litellm_proxy import GatewayGuard

    with pytest.raises(ConfigError, match="fail_mod"):
        GatewayGuard({"fail_mod": "open"})


def test_fail_closed_when_the_reask_call_fails(gw, upstream):
    upstream.push(Reply.text(f"The lease says “{MISQUOTE}”"), Reply.error(400, "upstream refused the re-ask"))
    r = post(gw, body())
    assert r.status_code == 502 and r.headers["x-quote-guard-error"] == "quote_guard_error"
    rep = r.json()["error"]["provider_specific_fields"]["quote_guard"]
    assert rep["quotes"][0]["verdict"] == "altered" and rep["passed"] is False


def test_sdk_stream_failing_quote_gets_the_fallback_not_a_reask(gw, upstream):
    upstream.push(Reply.stream(["The lease says “The Landlord may ", "enter the premises without ", "24 hours notice.”"]))
    n = len(upstream.requests)
    chunks = list(client(gw).chat.completions.create(model="test-model", messages=MESSAGES, stream=True))
    text = "".join(c.choices[0].delta.content or "" for c in chunks if c.choices)
    assert text == f"The lease says “{MISQUOTE}” [unverified]"
    rep = chunks[-1].model_extra["quote_guard"]
    assert rep["passed"] is False and rep["quotes"][0]["verdict"] == "altered"
    assert rep["quotes"][0]["action"] == "annotate" and len(upstream.requests) == n + 1


# ----------------------------------------------------------------------------- the guard without the proxy


def _answer(text: str):
    from litellm.types.utils import ModelResponse

    return ModelResponse(id="x", model="m", choices=[{"index": 0, "finish_reason": "stop",
                                                      "message": {"role": "assistant", "content": text}}])


def test_check_timeout_fails_closed_or_open_in_process():
    import asyncio

    from quote_guard import load_config
    from quote_guard.integrations.litellm_proxy import GatewayError, GatewayGuard

    cfg = load_config(overrides={"semantic.enabled": False})
    slow = GatewayGuard({"check_timeout": 1e-9, "warm_up": False, "max_quotes": 100}, config=cfg)
    # a check that takes far longer than the thread switch interval: 60 distinct altered quotes over 18 KB
    # (distinct, so that no cache of an earlier check, in this test or another, makes it quick)
    long_source = " ".join(f"Clause {i}. {LEASE}" for i in range(100))
    answer = " ".join(f"Clause {i} says “{MISQUOTE[:-1]} on day {i}.”" for i in range(60))
    data = {"model": "m", "messages": [{"role": "user", "content": f'<document id="lease">{long_source}</document>'}]}
    with pytest.raises(GatewayError) as info:
        asyncio.run(slow.check_response(data, _answer(answer)))
    assert info.value.status == 502 and "check_timeout" in str(info.value)
    assert data["_quote_guard"]["passed"] is False
    opened = GatewayGuard({"check_timeout": 1e-9, "warm_up": False, "fail_mode": "open", "max_quotes": 100}, config=cfg)
    out = asyncio.run(opened.check_response(data, _answer(answer)))
    assert out.choices[0].message.content == answer
    assert out.quote_guard["error"]["type"] == "quote_guard_error" and out.quote_guard["passed"] is False
    slow.close()
    opened.close()
