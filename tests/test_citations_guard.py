"""Provider citations in the guard, the report and the CLI (issue 16, "In the guard").

The model answers through litellm from the loopback server (tests/_citation_server.py), with the
providers' own bodies and SSE streams (tests/fixtures/citations/): a misattributed citation is
re-asked with feedback that names it, a shifted location is annotated, a stream is flagged, the
report lists citations beside quotes, and ``quote-guard verify --responses`` re-verifies a saved
provider response.
"""

from __future__ import annotations

import json
import os
import re
import warnings
from pathlib import Path
from typing import Any

import pytest
from _citation_server import CitationServer, RawReply, anthropic_events

from quote_guard import QuoteGuard, Source
from quote_guard.citations import anthropic_documents
from quote_guard.errors import ConfigError, QuoteVerificationError, ReaskExhaustedError
from quote_guard.guard.messages import collect_sources
from quote_guard.policy import Action, Policy

os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")

FIX = Path(__file__).parent / "fixtures" / "citations"
SRC: dict[str, str] = json.loads((FIX / "sources.json").read_text(encoding="utf-8"))["sources"]
LEASE, POLICY = SRC["lease.txt"], SRC["pet_policy.txt"]
SENT = [Source("lease.txt", LEASE), Source("pet_policy.txt", POLICY)]  # in the order sent
MSGS = [{"role": "user", "content": "What do the lease and the pet policy say?"}]
MODEL = "anthropic/claude-sonnet-4-5"
SUBLET = "The Tenant shall not sublet the premises without the Landlord's prior written consent."

# litellm's stream types trip a pydantic UserWarning on first use (third party, harmless)
litellm_warning = pytest.mark.filterwarnings("ignore:Items? .* on TypedDict class .* `ReadOnly` qualifier:UserWarning")


def load(name: str) -> Any:
    return json.loads((FIX / name).read_text(encoding="utf-8"))


def anthropic_reply(*blocks: tuple[str, list[dict[str, Any]] | None]) -> dict[str, Any]:
    """An Anthropic Messages body with the given text blocks and their citations."""
    content = []
    for text, cites in blocks:
        block: dict[str, Any] = {"type": "text", "text": text}
        if cites is not None:
            block["citations"] = cites
        content.append(block)
    return {"id": "msg_test", "type": "message", "role": "assistant", "model": "claude-sonnet-4-5-20250929",
            "content": content, "stop_reason": "end_turn", "stop_sequence": None,
            "usage": {"input_tokens": 100, "output_tokens": 20}}


def char_cite(text: str, doc: int, start: int) -> dict[str, Any]:
    return {"type": "char_location", "cited_text": text, "document_index": doc,
            "document_title": SENT[doc].id, "start_char_index": start, "end_char_index": start + len(text)}


def good_reply() -> dict[str, Any]:
    dogs = "Dogs over 20 kg are not permitted."
    return anthropic_reply(("Dogs over 20 kg are not permitted", [char_cite(dogs, 1, POLICY.index(dogs))]), (".", None))


@pytest.fixture()
def server():
    with CitationServer() as s:
        yield s


@pytest.fixture(scope="module")
def guard() -> QuoteGuard:
    return QuoteGuard(overrides={"model.params": {"api_key": "sk-test"}, "semantic.enabled": False})


def call(guard: QuoteGuard, server: CitationServer, **kw: Any) -> Any:
    return guard.completion(model=MODEL, api_base=server.root_url, messages=MSGS, **kw)


def statuses(outcomes: Any) -> list[str]:
    return [c.status for c in outcomes]


# ------------------------------------------------------------------ the re-ask loop
@litellm_warning
def test_a_misattributed_citation_is_reasked_with_feedback_that_names_it(guard, server):
    raw = load("anthropic_messages.json")  # ok, location_mismatch, misattributed, altered
    server.push(RawReply.json(raw), RawReply.json(good_reply()))
    resp = call(guard, server, sources=SENT)
    report = QuoteGuard.report_of(resp)
    assert report is not None and len(server.requests) == 2
    first = report.attempts[0]
    assert statuses(first.citations) == ["ok", "location_mismatch", "misattributed", "altered"]
    assert [c.action for c in first.citations] == [Action.PASS, Action.ANNOTATE, Action.REASK, Action.REASK]
    assert first.reasked and not first.passed
    feedback = server.requests[1]["messages"][-1]["content"]
    feedback = feedback if isinstance(feedback, str) else " ".join(p.get("text", "") for p in feedback)
    assert "These citations do not hold" in feedback
    assert "misattributed" in feedback and "pet_policy.txt" in feedback and "Dogs over 20 kg" in feedback
    assert "altered" in feedback and "twenty-four months" in feedback
    # the location mismatch is annotated, not re-asked: feedback names only the re-asked ones
    assert "location_mismatch" not in feedback
    # the corrected answer comes back; its citation holds, and the report says so beside the quotes
    assert resp.choices[0].message.content == "Dogs over 20 kg are not permitted."
    assert report.passed and statuses(report.citations) == ["ok"]
    d = report.to_dict()
    assert d["quotes"] == [] and [c["status"] for c in d["citations"]] == ["ok"]
    assert [c["status"] for c in d["attempts"][0]["citations"]] == statuses(first.citations)
    assert "1 citation(s) (1 ok)" in report.summary()


@litellm_warning
def test_when_reasks_run_out_failing_citations_are_annotated_where_they_stand(guard, server):
    s = LEASE.index(SUBLET)
    raw = anthropic_reply(
        ("The lease says “The Tenant shall pay a monthly rent of 1,500 euros”. ", None),
        ("Subletting needs the Landlord's prior written consent", [char_cite(SUBLET, 0, s + 6)]),  # shifted by 6
        (". ", None),
        ("Dogs over 20 kg are not permitted", [char_cite("Dogs over 20 kg are not permitted.", 0, 45)]),  # wrong doc
        (".", None),
    )
    server.push(RawReply.json(raw))
    resp = call(guard, server, sources=SENT, max_attempts=1, policy={"altered": "annotate"})
    report = QuoteGuard.report_of(resp)
    text = resp.choices[0].message.content
    assert statuses(report.citations) == ["location_mismatch", "misattributed"]
    assert [c.action for c in report.citations] == [Action.ANNOTATE, Action.ANNOTATE]
    assert report.citations[1].note == "re-asks ran out" and report.exhausted
    # the quote's own marker comes first and moves the citation markers, which still follow their claims
    assert "1,500 euros” [unverified]" in text
    mark = " [citation location_mismatch: lease.txt]"
    assert text.index(mark) == text.index("prior written consent") + len("prior written consent")
    assert text.endswith("not permitted [citation misattributed: lease.txt].")
    assert not report.passed and "2 citation(s)" in report.summary() and "citation(s) failing" in report.summary()
    loc = report.citations[0].result
    assert loc.claimed_location.start == s + 6 and loc.found_location.start == s  # both offsets


@litellm_warning
def test_fallback_raise_and_policy_raise_keep_the_citation_results(server):
    g = QuoteGuard(overrides={"model.params": {"api_key": "sk-test"}, "semantic.enabled": False,
                              "policy.fallback": "raise"})
    raw = load("anthropic_messages.json")
    server.push(RawReply.json(raw))
    with pytest.raises(ReaskExhaustedError, match="failing citation"):
        call(g, server, sources=SENT, max_attempts=1)
    server.push(RawReply.json(raw))
    with pytest.raises(QuoteVerificationError, match="misattributed") as info:
        call(g, server, sources=SENT, policy={"citation_misattributed": "raise"})
    assert [r.status.value for r in info.value.citations] == ["ok", "location_mismatch", "misattributed", "altered"]


@litellm_warning
def test_check_citations_off_leaves_them_alone(server):
    g = QuoteGuard(overrides={"model.params": {"api_key": "sk-test"}, "semantic.enabled": False,
                              "policy.check_citations": False})
    server.push(RawReply.json(load("anthropic_messages.json")))
    report = QuoteGuard.report_of(call(g, server, sources=SENT))
    assert report.citations == () and report.passed and len(server.requests) == 1


# ------------------------------------------------------------------ streaming
@litellm_warning
def test_a_stream_flags_its_citations_in_the_report_only(guard, server):
    raw = load("anthropic_messages.json")
    whole = "".join(b["text"] for b in raw["content"])
    server.push(RawReply.sse(anthropic_events(raw)))
    stream = call(guard, server, sources=SENT, stream=True)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)
        chunks = list(stream)
    text = "".join(c.choices[0].delta.content or "" for c in chunks if c.choices)
    assert text == whole  # sent as it came: no re-ask, no marker in a text already released
    report = stream.report
    assert report is not None and report.streamed and len(server.requests) == 1
    assert statuses(report.citations) == ["ok", "location_mismatch", "misattributed", "altered"]
    assert all("flagged in the report only" in c.note for c in report.citations[1:])
    assert not report.passed and [c["status"] for c in report.to_dict()["citations"]][2] == "misattributed"


# ------------------------------------------------------------------ sources from the call, check(), policy
def documents_request(named: bool) -> list[dict[str, Any]]:
    def doc(title: str, text: str) -> dict[str, Any]:
        d: dict[str, Any] = {"type": "document", "source": {"type": "text", "media_type": "text/plain", "data": text},
                             "citations": {"enabled": True}}
        if named:
            d["title"] = title
        return d

    return [{"role": "user", "content": [doc("lease.txt", LEASE), doc("pet_policy.txt", POLICY),
                                         {"type": "text", "text": "What do they say?"}]}]


def test_document_blocks_get_one_name_in_the_guard_and_in_anthropic_documents():
    for named in (True, False):
        msgs = documents_request(named)
        assert [s.id for s in collect_sources(msgs).sources] == [d.id for d in anthropic_documents(msgs)]
    assert [d.id for d in anthropic_documents(documents_request(False))] == ["document[0]", "document[1]"]


def test_check_reads_leaked_markup_against_the_documents_of_the_call(guard):
    # document 0 is the lease: the sentence is in the pet policy (document 1)
    text = 'Big dogs: (cite index="0-1">Dogs over 20 kg are not permitted.</cite>) Cats: (cite index="1-0">Cats are permitted in all units.</cite>)'
    new, report = guard.check(text, messages=documents_request(True))
    assert statuses(report.citations) == ["misattributed", "ok"]
    assert report.citations[0].action is Action.ANNOTATE  # no re-ask in check(): the fallback
    assert "not permitted.</cite>) [citation misattributed: lease.txt]" in new
    assert not report.passed


def test_policy_citation_keys_validate_like_the_others():
    p = Policy()
    assert (p.check_citations, p.citation_location_mismatch, p.citation_misattributed) == (True, Action.ANNOTATE,
                                                                                          Action.REASK)
    assert Policy(citation_altered="re-ask").citation_altered is Action.REASK
    for bad in ("fix", "dequote", "remove"):
        with pytest.raises(ValueError, match="citation_altered.*not allowed for a citation"):
            Policy(citation_altered=bad)
    assert p.decide_citation("unverifiable").action is Action.PASS
    assert Policy(fallback="remove").decide_citation("unsupported", reask=False).action is Action.ANNOTATE
    assert Policy(fallback="raise").decide_citation("unsupported", reask=False).action is Action.RAISE
    with pytest.raises(ConfigError, match="citation_misattributed"):
        QuoteGuard(overrides={"policy.citation_misattributed": "fix"})


# ------------------------------------------------------------------ the CLI
SAVED = {"response": load("anthropic_messages.json"), "documents": ["docs/lease.txt", "docs/pet_policy.txt"]}


def _cli_workspace(tmp_path, monkeypatch, records):
    """The CLI's runner and app, in ``tmp_path`` holding ``docs/`` (the lease and the pet policy)
    and ``answers.jsonl`` (``records``, one per line)."""
    with warnings.catch_warnings():  # typer 0.19 reads click.utils names that click 8.3+ deprecates
        warnings.filterwarnings("ignore", message=r".*will be removed in Click 9", category=DeprecationWarning)
        from typer.testing import CliRunner

        from quote_guard.cli import app

    monkeypatch.chdir(tmp_path)
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "lease.txt").write_text(LEASE, encoding="utf-8")
    (tmp_path / "docs" / "pet_policy.txt").write_text(POLICY, encoding="utf-8")
    (tmp_path / "answers.jsonl").write_text("\n".join(json.dumps(r) for r in records) + "\n", encoding="utf-8")
    return CliRunner(), app


def test_cli_reads_saved_provider_responses_and_flags_a_wrong_citation(tmp_path, monkeypatch):
    quoted = anthropic_reply(("The lease says “Late payments incur a fee of 50 euros.”", None))
    runner, app = _cli_workspace(tmp_path, monkeypatch, [SAVED, quoted])
    args = ["verify", "docs", "--responses", "answers.jsonl", "--out", "r.jsonl", "--no-semantic"]
    res = runner.invoke(app, [*args, "--fail-on", "citation:misattributed"], env={"COLUMNS": "160"})
    assert res.exit_code == 1, res.output
    rows = [json.loads(x) for x in (tmp_path / "r.citations.jsonl").read_text(encoding="utf-8").splitlines()]
    assert [r["status"] for r in rows] == ["ok", "location_mismatch", "misattributed", "altered"]
    assert rows[2]["found_source_id"] == "docs/pet_policy.txt" and rows[2]["origin"] == "answers.jsonl:1"
    assert "provider citations are misattributed" in res.output
    # the quote of the second response is verified as before, into the quote results file
    quotes = [json.loads(x) for x in (tmp_path / "r.jsonl").read_text(encoding="utf-8").splitlines() if '"quote"' in x]
    assert [q["verdict"] for q in quotes] == ["verbatim"]
    ok = runner.invoke(app, [*args, "--fail-on", "altered"], env={"COLUMNS": "160"})
    assert ok.exit_code == 0, ok.output
    bad = runner.invoke(app, [*args, "--fail-on", "citation:wrong"], env={"COLUMNS": "160"})
    assert bad.exit_code == 2 and "citation:altered" in bad.output


def test_cli_html_report_and_stats_show_the_provider_citations(tmp_path, monkeypatch):
    # the HTML report has a section of its own for the re-verified provider citations (failing
    # ones first, each with its status, source, cited text and reason), and the stats count them
    runner, app = _cli_workspace(tmp_path, monkeypatch, [SAVED])
    res = runner.invoke(app, ["verify", "docs", "--responses", "answers.jsonl", "--no-semantic",
                                   "--html", "r.html", "--stats", "s.csv"], env={"COLUMNS": "160"})
    assert res.exit_code == 0, res.output
    page = (tmp_path / "r.html").read_text(encoding="utf-8")
    section = page[page.index('<div id="citations">'):]
    statuses = re.findall(r'<li class="quote cite [^"]*" id="cite-(\d+)" data-status="([a-z_]+)"', section)
    # failing first (altered, misattributed, ..., ok last); the number is the citation's own
    assert [s for _, s in statuses] == ["altered", "misattributed", "location_mismatch", "ok"]
    assert sorted(int(n) for n, _ in statuses) == [0, 1, 2, 3]
    assert "4 provider citations" in page and "docs/pet_policy.txt" in section
    stats = dict(line.split(",", 1) for line in (tmp_path / "s.csv").read_text(encoding="utf-8").splitlines()[1:])
    assert stats["provider_citations.total"] == "4" and stats["provider_citations.misattributed"] == "1"


def test_html_report_escapes_the_text_of_a_provider_citation(tmp_path):
    from quote_guard.report import write_html

    row = {"kind": "citation", "origin": "a.jsonl:1", "provider": "anthropic", "source_id": "<b>doc</b>",
           "cited_text": "<script>alert(1)</script>", "claimed_location": {"kind": "chars", "start": 0, "end": 9},
           "status": "unsupported", "reason": "the cited text is in no source", "claim": None}
    write_html(tmp_path / "r.html", [], {}, citations=[row])
    page = (tmp_path / "r.html").read_text(encoding="utf-8")
    assert "<script>alert(1)</script>" not in page and "&lt;script&gt;alert(1)&lt;/script&gt;" in page
    assert 'data-status="unsupported"' in page and "chars [0, 9)" in page and "&lt;b&gt;doc&lt;/b&gt;" in page
