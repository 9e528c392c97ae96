"""QuoteGuard against a real OpenAI-compatible server on 127.0.0.1, through litellm (unpatched)."""

from __future__ import annotations

import asyncio
import copy
import json
import os
import subprocess
import sys

import pytest
from _lease import LEASE, MISQUOTE, RIGHT
from _llm_server import LLMServer, Reply

from quote_guard import GuardReport, ProviderError, QuoteGuard, ReaskExhaustedError, Source, Verdict
from quote_guard.guard.messages import collect_sources
from quote_guard.guard.provider import LLMClient
from quote_guard.policy import Action

os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")

# litellm's stream types trip a pydantic UserWarning on first use (third party, harmless)
pytestmark = pytest.mark.filterwarnings("ignore:Item .* on TypedDict class .* `ReadOnly` qualifier:UserWarning")

MESSAGES = [
    {"role": "system", "content": "Answer from the document. Quote it exactly."},
    {"role": "user", "content": f'<document id="lease">{LEASE}</document>\nCan the landlord come in?'},
]
MODEL = "openai/test-model"


@pytest.fixture
def server():
    with LLMServer() as s:
        yield s


@pytest.fixture
def waits():
    return []


def make_guard(server: LLMServer, waits: list[float], **overrides: object) -> QuoteGuard:
    """A guard pointed at the local server; backoff waits are recorded instead of slept."""
    over = {
        "model.api_base": server.base_url, "model.params": {"api_key": "sk-test"},
        "semantic.enabled": False, **overrides,
    }
    guard = QuoteGuard(overrides=over)
    m = guard.config.model
    guard.client = LLMClient(
        retries=m.retries, backoff_initial=m.backoff_initial, backoff_max=m.backoff_max,
        timeout=m.timeout, sleep=waits.append,
    )
    return guard


def content(resp) -> str:
    return resp.choices[0].message.content


# --------------------------------------------------------------------------- scripted flows


def test_misquote_then_correct_after_reask_keeps_sources_and_feedback(server, waits):
    server.push(Reply.text(f"The lease says “{MISQUOTE}”"), Reply.text(f"The lease says “{RIGHT}”"))
    guard = make_guard(server, waits)
    messages = copy.deepcopy(MESSAGES)
    snapshot = copy.deepcopy(messages)

    resp = guard.completion(model=MODEL, messages=messages)

    assert messages == snapshot and len(messages) == 2  # the caller's list is never mutated
    assert content(resp) == f"The lease says “{RIGHT}”"
    report = QuoteGuard.report_of(resp)
    assert isinstance(report, GuardReport)
    assert report.passed and report.n_attempts == 2 and not report.exhausted
    assert report.attempts[0].quotes[0].verdict is Verdict.ALTERED
    assert report.attempts[0].quotes[0].action is Action.REASK
    assert report.quotes[0].verdict is Verdict.VERBATIM
    assert report.quotes[0].spans[0].source_id == "lease"

    assert len(server.requests) == 2
    second = server.messages(1)
    assert second[:2] == snapshot  # the original messages, so the sources, are resent
    assert LEASE in second[1]["content"]
    assert second[2] == {"role": "assistant", "content": f"The lease says “{MISQUOTE}”"}
    feedback = second[3]
    assert feedback["role"] == "user" and len(second) == 4  # ONE feedback message
    assert MISQUOTE in feedback["content"]
    assert "altered" in feedback["content"]
    assert "not" in feedback["content"]  # what differs: the dropped negation
    assert f"“{RIGHT}”" in feedback["content"]  # the closest verbatim source text
    assert "{" not in feedback["content"]  # placeholders really filled


def test_near_verbatim_is_fixed_without_reask(server, waits):
    server.push(Reply.text("It says “the landlord may not enter the premises” without notice."))
    guard = make_guard(server, waits)
    resp = guard.completion(model=MODEL, messages=MESSAGES)
    assert len(server.requests) == 1
    assert content(resp) == "It says “The Landlord may not enter the premises” without notice."
    report = QuoteGuard.report_of(resp)
    assert report.passed and report.n_attempts == 1
    [q] = report.quotes
    assert q.verdict is Verdict.NEAR_VERBATIM and q.action is Action.FIX
    assert LEASE[q.spans[0].start : q.spans[0].end] == "The Landlord may not enter the premises"


def test_answer_that_never_improves_comes_back_flagged(server, waits):
    bad = f"Per the lease: “{MISQUOTE}”"
    server.push(*[Reply.text(bad) for _ in range(3)])
    guard = make_guard(server, waits, **{"reask.max_attempts": 3})
    resp = guard.completion(model=MODEL, messages=MESSAGES)
    report = QuoteGuard.report_of(resp)
    assert len(server.requests) == 3
    assert report.n_attempts == 3 and report.exhausted and not report.passed
    assert [a.reasked for a in report.attempts] == [True, True, False]
    [q] = report.quotes
    assert q.action is Action.ANNOTATE and q.verdict is Verdict.ALTERED
    text = content(resp)
    assert text.startswith(bad) and text != bad  # the original answer, never lost, flagged in place
    assert report.original_text == bad and report.final_text == text
    assert report.flagged == (q,)


def test_never_improves_under_raise_fallback(server, waits):
    bad = f"Per the lease: “{MISQUOTE}”"
    server.push(Reply.text(bad), Reply.text(bad))
    guard = make_guard(server, waits, **{"reask.max_attempts": 2, "policy.fallback": "raise"})
    with pytest.raises(ReaskExhaustedError) as info:
        guard.completion(model=MODEL, messages=MESSAGES)
    assert len(info.value.attempts) == 2
    assert info.value.original_response.choices[0].message.content == bad


def test_500_then_success_is_retried_and_reported(server, waits):
    server.push(Reply.error(500), Reply.text(f"“{RIGHT}”"))
    guard = make_guard(server, waits, **{"model.backoff_initial": 0.25})
    resp = guard.completion(model=MODEL, messages=MESSAGES)
    report = QuoteGuard.report_of(resp)
    assert len(server.requests) == 2 and report.passed
    [retry] = report.retries
    assert retry.status_code == 500 and retry.attempt == 1 and retry.try_number == 1
    assert waits == [0.25]


def test_client_errors_are_not_retried_and_map_to_provider_error(server, waits):
    server.push(Reply.error(400, "bad request body"))
    guard = make_guard(server, waits)
    with pytest.raises(ProviderError) as info:
        guard.completion(model=MODEL, messages=MESSAGES)
    assert len(server.requests) == 1 and waits == []
    assert info.value.model == MODEL and info.value.provider == "openai"
    assert "400" in str(info.value)
    assert type(info.value.__cause__).__module__.startswith("litellm")


def test_retries_run_out_gives_provider_error(server, waits):
    server.push(Reply.error(503), Reply.error(503), Reply.error(503))
    guard = make_guard(server, waits, **{"model.retries": 2})
    with pytest.raises(ProviderError, match="after 3 tries"):
        guard.completion(model=MODEL, messages=MESSAGES)
    assert len(server.requests) == 3 and len(waits) == 2


def test_streamed_quote_split_across_chunks(server, waits):
    chunks = ["Per the lease, “the landlord may n", "ot enter the", " premises”", " without notice."]
    server.push(Reply.stream(chunks))
    guard = make_guard(server, waits)
    stream = guard.completion(model=MODEL, messages=MESSAGES, stream=True)
    out = [c.choices[0].delta.content or "" for c in stream]
    fixed = "Per the lease, “The Landlord may not enter the premises” without notice."
    assert "".join(out) == fixed
    assert out[0] == "Per the lease, "  # text before the quote is forwarded at once
    assert out[1] == ""  # the open quote is held...
    assert out[2] == "“The Landlord may not enter the premises”"  # ...released, fixed
    assert out[3] == " without notice."
    assert server.requests[0]["stream"] is True
    report = stream.report
    assert report.streamed and report.passed and report.final_text == fixed
    [q] = report.quotes
    assert q.action is Action.FIX and q.verdict is Verdict.NEAR_VERBATIM


def test_streamed_failing_quote_is_flagged_not_reasked(server, waits):
    server.push(Reply.stream(["Quote: “The Landlord may ", "enter the premises without 24 hours notice.” End."]))
    guard = make_guard(server, waits)
    stream = guard.completion(model=MODEL, messages=MESSAGES, stream=True)
    text = "".join(c.choices[0].delta.content or "" for c in stream)
    assert len(server.requests) == 1
    report = QuoteGuard.report_of(stream)
    assert not report.passed and report.quotes[0].action is Action.ANNOTATE
    assert text != "Quote: “The Landlord may enter the premises without 24 hours notice.” End."
    assert text.startswith("Quote: “The Landlord may enter the premises without 24 hours notice.”")


def test_acompletion(server, waits):
    server.push(Reply.text(f"“{MISQUOTE}”"), Reply.text(f"“{RIGHT}”"))
    guard = make_guard(server, waits)

    async def go():
        return await guard.acompletion(model=MODEL, messages=MESSAGES)

    resp = asyncio.run(go())
    assert content(resp) == f"“{RIGHT}”"
    assert QuoteGuard.report_of(resp).n_attempts == 2
    assert MISQUOTE in server.messages(1)[-1]["content"]


def test_explicit_sources_win_and_template_is_configurable(server, waits):
    server.push(Reply.text(f"“{MISQUOTE}”"), Reply.text("No quotes now."))
    guard = make_guard(
        server, waits,
        **{"reask.template": "FIX {n_failures} of attempt {attempt}/{max_attempts}:\n{failures}",
           "reask.item_template": "[{verdict}] {quote} => {verbatim} ({source_id})"},
    )
    resp = guard.completion(
        model=MODEL, messages=[{"role": "user", "content": "What may the landlord do?"}],
        sources={"lease.txt": LEASE},
    )
    report = QuoteGuard.report_of(resp)
    assert report.sources == ("lease.txt",) and report.passed and report.quotes == ()
    assert server.messages(1)[-1]["content"] == (
        f"FIX 1 of attempt 1/3:\n[altered] {MISQUOTE} => “{RIGHT}” (lease.txt)"
    )


def test_report_is_hidden_from_serialisation(server, waits):
    server.push(Reply.text(f"“{RIGHT}”"))
    resp = make_guard(server, waits).completion(model=MODEL, messages=MESSAGES)
    assert "quote_guard" not in json.dumps(resp.model_dump(), default=str)
    d = QuoteGuard.report_of(resp).to_dict()
    json.dumps(d)
    assert d["passed"] is True and d["quotes"][0]["verdict"] == "verbatim"


def test_no_sources_means_uncheckable_and_annotated(server, waits):
    server.push(Reply.text("He said “the moon is made of green cheese” once."))
    resp = make_guard(server, waits).completion(model=MODEL, messages=[{"role": "assistant", "content": "hi"}])
    report = QuoteGuard.report_of(resp)
    assert report.quotes[0].verdict is Verdict.UNCHECKABLE and not report.passed
    assert report.quotes[0].action is Action.ANNOTATE


# --------------------------------------------------------------------------- sources


def test_sources_from_call():
    msgs = [
        {"role": "system", "content": "Be exact."},
        {"role": "user", "content": '<document id="a">Alpha text.</document>\n<document id="b">Beta.</document> Q?'},
        {"role": "assistant", "content": "ignored: the model's own words are no source"},
        {"role": "user", "content": [
            {"type": "text", "text": "see memo"},
            {"type": "document", "source": {"type": "text", "media_type": "text/plain", "data": "Memo body."},
             "title": "memo"},
            {"type": "tool_result", "tool_use_id": "t1", "content": [{"type": "text", "text": "Tool out."}]},
            {"type": "image_url", "image_url": {"url": "http://x"}},
        ]},
        {"role": "tool", "tool_call_id": "c1", "content": "Sunny."},
    ]
    # the question and the instructions count only when their roles are configured (issue 12)
    got = collect_sources(msgs, roles=("system", "user", "tool", "function"))
    ids = {s.id: s.text for s in got.sources}
    assert {s.id for s in collect_sources(msgs).sources} == {"a", "b", "memo", "tool_result[t1]", "message[4]"}
    assert ids == {
        "message[0]": "Be exact.",
        "a": "Alpha text.",
        "b": "Beta.",
        "message[1]": ids["message[1]"],
        "message[3]": "see memo",
        "memo": "Memo body.",
        "tool_result[t1]": "Tool out.",
        "message[4]": "Sunny.",
    }
    # the text around the documents keeps its offsets into the original message
    assert ids["message[1]"].index("Q?") == msgs[1]["content"].index("Q?")
    assert got.skipped and "image_url" in got.skipped[0]


def test_sources_accepts_list_of_str_and_source():
    from quote_guard.guard.messages import coerce_sources

    assert [s.id for s in coerce_sources(["a", "b"])] == ["source[0]", "source[1]"]
    assert coerce_sources([Source("x", "t")]) == [Source("x", "t")]


def test_import_quote_guard_does_not_load_litellm_or_guardrails():
    code = (
        "import sys, quote_guard; quote_guard.QuoteGuard; quote_guard.load_config;"
        "bad=[m for m in ('litellm','guardrails','openai') if m in sys.modules]; print(bad); assert not bad"
    )
    out = subprocess.run([sys.executable, "-c", code], check=False, capture_output=True, text=True, cwd=os.path.dirname(
        os.path.dirname(os.path.abspath(__file__))))
    assert out.returncode == 0, out.stderr + out.stdout


def test_guard_example_runs_against_the_local_server():
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    with LLMServer([Reply.error(503), Reply.text(f"Per the lease, “{RIGHT.lower()}”")]) as server:
        proc = subprocess.run(
            [sys.executable, os.path.join(root, "examples", "guard_example.py"),
             "--model", MODEL, "--api-base", server.base_url, "--api-key", "sk-test"],
            check=False, capture_output=True, text=True, cwd=root, timeout=120,
            env={**os.environ, "PYTHONPATH": root, "LITELLM_LOCAL_MODEL_COST_MAP": "True"},
        )
        assert proc.returncode == 0, proc.stderr[-2000:]
        assert len(server.requests) == 2
    assert f"Per the lease, “{RIGHT}”" in proc.stdout
    assert "near_verbatim fix" in " ".join(proc.stdout.split()) and "HTTP 503" in proc.stdout


# --------------------------------------------------------------------------- a quote cut from its negation
CUT_SOURCE = {"lease": "The Landlord shall not enter the premises before noon on weekdays. Rent is due monthly."}


@pytest.mark.parametrize(("answer", "verdict"), [
    # the answer drops the source's "not" just before the quoted words: the quote now says the opposite
    ("The lease says the Landlord shall “enter the premises before noon on weekdays”.", Verdict.ALTERED),
    # the answer says the limit itself, in its own words: the same words quoted faithfully
    ("The lease says the Landlord shall not “enter the premises before noon on weekdays”.", Verdict.VERBATIM),
    ("The Landlord may never “enter the premises before noon on weekdays”, the lease says.", Verdict.VERBATIM),
    # nothing limits the quoted words in the source
    ("The lease says that “Rent is due monthly”.", Verdict.VERBATIM),
])
def test_a_quote_cut_right_after_the_sources_negation(answer: str, verdict: Verdict) -> None:
    guard = QuoteGuard(overrides={"semantic.enabled": False})
    _, report = guard.check(answer, sources=CUT_SOURCE)
    [q] = report.quotes
    assert q.verdict is verdict, q.result.reason
    if verdict is Verdict.ALTERED:
        assert "'not'" in q.result.reason and q.action is not Action.FIX  # never "fixed" into a true-looking quote
