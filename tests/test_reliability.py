"""Faults, hostile config and limits: what the caller gets, row by row (issue 17).

Every provider fault is played by a real server on 127.0.0.1 (``_fault_server``), in the
first call and in a re-ask, through the sync and the async guard; litellm is never patched.
Backoff waits are recorded instead of slept, so the table runs in seconds.

=================================  ===========================================================
fault                              what the caller gets
=================================  ===========================================================
429 + ``Retry-After: 5``           the answer; the guard waited the 5 s asked (capped by
                                   ``model.backoff_max``), the retry is in ``report.retries``
500 / 503 / hang / malformed JSON  first call: ``ProviderError`` (``partial is None``: no answer
  (every try)                      yet); in a re-ask: ``ProviderError`` whose ``partial`` is the
                                   first answer, its failing quote annotated, with a report
                                   (``error`` set, ``passed`` False)
503 once                           the answer, one retry recorded
empty choices                      first call: the response, ``passed`` False, a note; re-ask:
                                   the first answer kept (annotated), flagged, noted
``content=None``                   first call: ``content`` stays ``None`` (nothing to check), a
                                   note; re-ask: the first answer kept, flagged
tool call only                     first call: ``content`` stays ``None`` and the tool call is
                                   intact; re-ask: the first answer kept, flagged
stream cut mid-quote / mid-event   everything that arrived, released; ``report.truncated``,
  / without ``finish_reason``      never ``passed``
=================================  ===========================================================
"""

from __future__ import annotations

import asyncio
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from _fault_server import Fault, FaultServer, Reply
from _lease import LEASE, MISQUOTE, RIGHT

from quote_guard import ConfigError, ProviderError, QuoteGuard, Source, Verdict, load_config
from quote_guard.guard.provider import LLMClient
from quote_guard.policy import Action

os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")

pytestmark = pytest.mark.filterwarnings("ignore:Item .* on TypedDict class .* `ReadOnly` qualifier:UserWarning")

MESSAGES = [{"role": "user", "content": f'<document id="lease">{LEASE}</document>\nCan the landlord come in?'}]
MODEL = "openai/test-model"
FIRST = f"The lease says “{MISQUOTE}”"
FIXED = f"The lease says “{RIGHT}”"


def make_guard(server: FaultServer, waits: list[float], timeout: float = 60.0, **over: Any) -> QuoteGuard:
    guard = QuoteGuard(overrides={"model.api_base": server.base_url, "model.params": {"api_key": "sk-test"},
                                  "semantic.enabled": False, **over})
    m = guard.config.model

    async def asleep(seconds: float) -> None:
        waits.append(seconds)

    guard.client = LLMClient(retries=m.retries, backoff_initial=m.backoff_initial, backoff_max=m.backoff_max,
                             timeout=timeout, sleep=waits.append, asleep=asleep)
    return guard


def call(guard: QuoteGuard, mode: str, **kw: Any) -> Any:
    if mode == "sync":
        return guard.completion(model=MODEL, messages=MESSAGES, **kw)
    return asyncio.run(guard.acompletion(model=MODEL, messages=MESSAGES, **kw))


def content(resp: Any) -> Any:
    return resp.choices[0].message.content


MODES = ["sync", "async"]

# ------------------------------------------------------------------ retryable faults, every try fails

HANG = Reply(content="late", delay=1.0)
FAILING: dict[str, Callable[[], list[Reply]]] = {
    "500": lambda: [Reply.error(500)] * 3,
    "503": lambda: [Reply.error(503)] * 3,
    "hang": lambda: [HANG] * 3,
    "malformed JSON": lambda: [Fault.malformed()] * 3,
}


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("fault", sorted(FAILING))
def test_failing_first_call_raises_with_nothing_to_keep(fault: str, mode: str) -> None:
    waits: list[float] = []
    with FaultServer(FAILING[fault]()) as server:
        guard = make_guard(server, waits, timeout=0.3)
        with pytest.raises(ProviderError) as info:
            call(guard, mode)
    assert info.value.partial is None  # no answer came: nothing to carry
    assert len(waits) == 2 and info.value.model == MODEL  # two retries, then the error


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("fault", sorted(FAILING))
def test_failing_reask_keeps_the_first_answer(fault: str, mode: str) -> None:
    # R4: the first answer has an altered quote, then the re-ask fails on every try
    waits: list[float] = []
    with FaultServer([Reply.text(FIRST), *FAILING[fault]()]) as server:
        guard = make_guard(server, waits, timeout=0.3)
        with pytest.raises(ProviderError) as info:
            call(guard, mode)
    partial = info.value.partial
    assert partial is not None
    report = QuoteGuard.report_of(partial)
    assert report is not None and not report.passed and report.error
    assert report.original_text == FIRST and report.n_attempts == 1
    assert content(partial).startswith(FIRST) and "[unverified]" in content(partial)
    [q] = report.quotes
    assert q.verdict is Verdict.ALTERED and q.action is Action.ANNOTATE


# ------------------------------------------------------------------ Retry-After (R3)


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("where", ["first", "reask"])
def test_retry_after_is_honoured(where: str, mode: str) -> None:
    limited = Reply.error(429, "rate limited", headers=(("Retry-After", "5"),))
    script = [limited, Reply.text(FIXED)] if where == "first" else [Reply.text(FIRST), limited, Reply.text(FIXED)]
    waits: list[float] = []
    with FaultServer(script) as server:
        resp = call(make_guard(server, waits), mode)
    assert waits == [5.0]  # not the 0.5 s backoff: the provider's header
    report = QuoteGuard.report_of(resp)
    assert content(resp) == FIXED and report.passed
    assert [(r.status_code, r.wait_seconds) for r in report.retries] == [(429, 5.0)]


def test_retry_after_is_capped_by_config() -> None:
    waits: list[float] = []
    with FaultServer([Reply.error(429, headers=(("Retry-After", "3600"),)), Reply.text(FIXED)]) as server:
        call(make_guard(server, waits, **{"model.backoff_max": 2.0}), "sync")
    assert waits == [2.0]


def test_retry_after_ms_header() -> None:
    waits: list[float] = []
    with FaultServer([Reply.error(503, headers=(("retry-after-ms", "1500"),)), Reply.text(FIXED)]) as server:
        call(make_guard(server, waits), "sync")
    assert waits == [1.5]


@pytest.mark.parametrize("mode", MODES)
def test_one_503_is_retried(mode: str) -> None:
    waits: list[float] = []
    with FaultServer([Reply.text(FIRST), Reply.error(503), Reply.text(FIXED)]) as server:
        resp = call(make_guard(server, waits), mode)
    assert content(resp) == FIXED and waits == [0.5]


# ------------------------------------------------------------------ replies without an answer (R4, R10)

EMPTY: dict[str, Callable[[], Reply]] = {
    "empty choices": Fault.empty_choices,
    "content None": Fault.content_none,
    "tool call only": Fault.tool_call,
    "empty text": lambda: Reply.text(""),
}


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("fault", sorted(EMPTY))
def test_empty_reask_reply_never_replaces_the_answer(fault: str, mode: str) -> None:
    with FaultServer([Reply.text(FIRST), EMPTY[fault](), EMPTY[fault]()]) as server:
        resp = call(make_guard(server, []), mode)
        assert len(server.requests) == 3  # each empty reply is re-asked while attempts remain
    report = QuoteGuard.report_of(resp)
    assert content(resp).startswith(FIRST) and "[unverified]" in content(resp)
    assert not report.passed and report.exhausted
    assert len(report.notes) == 2 and all("earlier answer was kept" in n for n in report.notes)
    assert report.final_text == content(resp)


@pytest.mark.parametrize("mode", MODES)
def test_empty_reask_then_a_good_answer(mode: str) -> None:
    with FaultServer([Reply.text(FIRST), Fault.empty_choices(), Reply.text(FIXED)]) as server:
        resp = call(make_guard(server, []), mode)
    report = QuoteGuard.report_of(resp)
    assert content(resp) == FIXED and report.passed and report.n_attempts == 3


@pytest.mark.parametrize("mode", MODES)
def test_first_reply_without_choices_is_not_passed(mode: str) -> None:
    with FaultServer([Fault.empty_choices()]) as server:
        resp = call(make_guard(server, []), mode)
    report = QuoteGuard.report_of(resp)
    assert resp.choices == [] and not report.passed and "no choices" in report.notes[0]


@pytest.mark.parametrize("mode", MODES)
def test_first_reply_content_none_stays_none(mode: str) -> None:
    with FaultServer([Fault.content_none()]) as server:
        resp = call(make_guard(server, []), mode)
    report = QuoteGuard.report_of(resp)
    assert content(resp) is None and report.quotes == () and "content=None" in report.notes[0]


@pytest.mark.parametrize("mode", MODES)
def test_tool_call_only_keeps_content_none(mode: str) -> None:
    with FaultServer([Fault.tool_call()]) as server:
        resp = call(make_guard(server, []), mode, tools=[{"type": "function", "function": {
            "name": "lookup", "parameters": {"type": "object", "properties": {"q": {"type": "string"}}}}}])
    assert content(resp) is None  # not changed to ""
    assert resp.choices[0].message.tool_calls[0].function.name == "lookup"
    assert QuoteGuard.report_of(resp).passed


# ------------------------------------------------------------------ max_attempts cap


@pytest.mark.parametrize("bad", [0, 21, 1000, True, "3", 2.5])
def test_max_attempts_per_call_is_capped(bad: Any) -> None:
    with FaultServer([]) as server:
        guard = make_guard(server, [])
        with pytest.raises(ConfigError, match="max_attempts"):
            guard.completion(model=MODEL, messages=MESSAGES, max_attempts=bad)
        assert server.requests == []


# ------------------------------------------------------------------ streams (R5)


def stream_text(guard: QuoteGuard, mode: str) -> tuple[str, Any]:
    if mode == "sync":
        s = guard.completion(model=MODEL, messages=MESSAGES, stream=True)
        return "".join(c.choices[0].delta.content or "" for c in s if c.choices), s

    async def go() -> tuple[str, Any]:
        s = await guard.acompletion(model=MODEL, messages=MESSAGES, stream=True)
        out = [c.choices[0].delta.content or "" async for c in s if c.choices]
        return "".join(out), s

    return asyncio.run(go())


CUT = ["Per the lease, ", "“The Landlord may not ", "enter the premises"]


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("fault", ["cut mid-quote", "cut mid-event", "no finish_reason"])
def test_truncated_stream_is_never_passed(fault: str, mode: str) -> None:
    reply = {"cut mid-quote": Fault.cut_stream(CUT), "cut mid-event": Fault.cut_stream(CUT, mid_event=True),
             "no finish_reason": Fault.no_finish(CUT)}[fault]
    with FaultServer([reply]) as server:
        guard = make_guard(server, [])
        try:
            text, stream = stream_text(guard, mode)
        except ProviderError as exc:  # litellm may raise on the broken event: the stream is the partial
            stream, text = exc.partial, exc.partial.text
    report = QuoteGuard.report_of(stream)
    assert report is not None and report.truncated and not report.passed
    assert text == "".join(CUT)  # nothing that arrived is lost
    assert "truncated" in report.summary()


@pytest.mark.parametrize("mode", MODES)
def test_complete_stream_is_not_truncated(mode: str) -> None:
    with FaultServer([Reply.stream(["Per the lease, “The Landlord may not ", "enter the premises” ok."])]) as server:
        text, stream = stream_text(make_guard(server, []), mode)
    report = QuoteGuard.report_of(stream)
    assert not report.truncated and report.passed and text.endswith("ok.")


# ------------------------------------------------------------------ limits (issue 17 §2)


def test_answer_over_the_limit_is_uncheckable_and_named() -> None:
    guard = QuoteGuard(overrides={"semantic.enabled": False, "limits.max_answer_chars": 100})
    text, report = guard.check(f"“{RIGHT}” " * 5, sources={"lease": LEASE})
    [q] = report.quotes
    assert q.verdict is Verdict.UNCHECKABLE and "limits.max_answer_chars=100" in q.result.reason
    assert not report.passed


def test_quotes_over_the_count_limit_are_uncheckable() -> None:
    guard = QuoteGuard(overrides={"semantic.enabled": False, "limits.max_quotes": 2})
    _, report = guard.check(" and ".join([f"“{RIGHT}”"] * 4), sources={"lease": LEASE})
    verdicts = [q.verdict for q in report.quotes]
    assert verdicts == [Verdict.VERBATIM] * 2 + [Verdict.UNCHECKABLE] * 2
    assert "limits.max_quotes=2" in report.quotes[3].result.reason and not report.passed


def test_long_quote_and_big_source_are_named() -> None:
    guard = QuoteGuard(overrides={"semantic.enabled": False, "limits.max_quote_chars": 30})
    _, report = guard.check(f"“{RIGHT}”", sources={"lease": LEASE})
    assert "limits.max_quote_chars=30" in report.quotes[0].result.reason
    guard = QuoteGuard(overrides={"semantic.enabled": False, "limits.max_source_chars": 50})
    _, report = guard.check(f"“{RIGHT}”", sources=[Source("lease", LEASE)])
    assert report.quotes[0].verdict is Verdict.UNCHECKABLE and "'lease'" in report.quotes[0].result.reason


# ------------------------------------------------------------------ hostile config (R9)

BOMB = "a: &a [x, x, x, x, x, x, x, x, x]\n" + "".join(
    f"{c}: &{c} [*{p}, *{p}, *{p}, *{p}, *{p}, *{p}, *{p}, *{p}, *{p}]\n" for p, c in zip("abcdefgh", "bcdefghi")
) + "verifier: {}\n"


def test_billion_laughs_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "bomb.yaml"
    path.write_text(BOMB, encoding="utf-8")
    with pytest.raises(ConfigError, match="max_yaml_nodes"):
        load_config(path, env={})


def test_a_few_aliases_are_fine(tmp_path: Path) -> None:
    path = tmp_path / "ok.yaml"
    path.write_text("extract:\n  tag_names: &t [quote, q]\nsources:\n  roles: [user]\n", encoding="utf-8")
    assert load_config(path, env={}).extract.tag_names == ("quote", "q")


def test_config_over_the_size_limit_is_not_parsed(tmp_path: Path) -> None:
    path = tmp_path / "big.yaml"
    path.write_text("# " + "x" * 2_000_000 + "\n", encoding="utf-8")
    with pytest.raises(ConfigError, match="max_config_bytes"):
        load_config(path, env={})
    # the environment may raise it; the file itself cannot
    assert load_config(path, env={"QUOTE_GUARD_LIMITS__MAX_CONFIG_BYTES": "3000000"}).limits.max_config_bytes == 3_000_000


@pytest.mark.parametrize("template", ["{quote.__class__.__mro__}", "{quote[0]}", "{0}", "{}", "{quote:{index}}",
                                      "{verdict.value}"])
def test_item_template_takes_named_fields_only(template: str) -> None:
    with pytest.raises(ConfigError, match="item_template"):
        load_config(overrides={"reask.item_template": template}, env={})


def test_item_template_named_fields_still_work() -> None:
    cfg = load_config(overrides={"reask.item_template": "{index}: {quote!r:.40} ({verdict})"}, env={})
    assert cfg.reask.item_template.startswith("{index}")


# ------------------------------------------------------------------ through the guardrails validator
# guardrails makes the LLM call itself; these rows state what its caller gets with our validator.


@pytest.fixture
def gr_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("HOME", str(tmp_path))  # no ~/.guardrailsrc: telemetry must still be off
    return tmp_path


def guardrails_call(server: FaultServer, on_fail: str, **kw: Any) -> Any:
    import importlib

    # the adapter first: it quiets guardrails' import-time notices
    VerifiedQuotes = importlib.import_module("quote_guard.integrations.guardrails").VerifiedQuotes
    Guard = importlib.import_module("guardrails").Guard

    guard = Guard().use(VerifiedQuotes(load_config(overrides={"semantic.enabled": False}, env={}), on_fail=on_fail))
    return guard(model=MODEL, api_base=server.base_url, api_key="sk-test", max_retries=0,
                 messages=[{"role": "user", "content": LEASE}], metadata={"sources": {"lease": LEASE}}, **kw)


GR_RAISING: dict[str, Callable[[], Reply]] = {
    "500": lambda: Reply.error(500),
    "429": lambda: Reply.error(429, headers=(("Retry-After", "1"),)),
    "malformed JSON": Fault.malformed,
    "empty choices": Fault.empty_choices,
    "content None": Fault.content_none,
}


@pytest.mark.parametrize("where", ["first", "reask"])
@pytest.mark.parametrize("fault", sorted(GR_RAISING))
def test_guardrails_provider_faults_raise_guardrails_error(gr_home: Path, fault: str, where: str) -> None:
    # guardrails owns the call and its errors: PromptCallableException names the provider error
    script = [GR_RAISING[fault]()] if where == "first" else [Reply.text(FIRST), GR_RAISING[fault]()]
    with FaultServer(script) as server:
        with pytest.raises(Exception) as info:
            guardrails_call(server, "reask", num_reasks=1)
        assert len(server.requests) == len(script), repr(info.value)
    assert type(info.value).__name__ == "PromptCallableException"


def test_guardrails_empty_reask_reply_is_not_passed(gr_home: Path) -> None:
    from quote_guard.integrations.guardrails import quote_summary

    with FaultServer([Reply.text(FIRST), Reply.text("")]) as server:
        out = guardrails_call(server, "reask", num_reasks=1)
    assert out.validated_output is None and not out.validation_passed
    assert quote_summary(out)["passed"] is False


def test_guardrails_fixes_and_telemetry_stays_off(gr_home: Path) -> None:
    from guardrails.settings import settings

    from quote_guard.integrations.guardrails import quote_summary

    with FaultServer([Reply.text(FIRST)]) as server:
        out = guardrails_call(server, "fix")
    assert "[unverified]" in out.validated_output and quote_summary(out)["passed"] is False
    assert settings.rc.enable_metrics is False  # no ~/.guardrailsrc, and still off


def test_control_character_in_config_is_a_config_error(tmp_path: Path) -> None:
    # found by scripts/fuzz.py: PyYAML's reader raised a raw ReaderError before parsing
    path = tmp_path / "ctl.yaml"
    path.write_text("reask:\n  role: user\x88\n", encoding="utf-8")
    with pytest.raises(ConfigError, match="not valid YAML"):
        load_config(path, env={})
