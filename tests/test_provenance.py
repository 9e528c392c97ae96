"""Issue 12: sources by role, the citation check, JSON tool results, one config everywhere,
fixes that fit the answer, the run manifest in every output, safe exports, one numbering."""

from __future__ import annotations

import csv
import json
import os
import warnings
from pathlib import Path

import pytest
from _llm_server import LLMServer, Reply

from quote_guard import QuoteGuard, Source, Verdict, Verifier, extract_quotes, rewrite
from quote_guard.attribution import check_attribution, resolve_citation
from quote_guard.guard.messages import collect_sources, feedback_message
from quote_guard.policy import Action, Policy

with warnings.catch_warnings():
    warnings.filterwarnings("ignore", message=r".*will be removed in Click 9", category=DeprecationWarning)
    from typer.testing import CliRunner

from quote_guard.cli import app

os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")
pytestmark = pytest.mark.filterwarnings("ignore:Item .* on TypedDict class .* `ReadOnly` qualifier:UserWarning")

LEASE = "The Tenant shall pay the rent on the first day of each month. The Tenant shall keep the premises clean."
WLI = "The Landlord shall insure the building against fire. The Landlord shall repair the roof."
QUESTION = "Does the landlord have to insure the building against fire and flood?"
OFF = {"semantic.enabled": False}


def guard(**over: object) -> QuoteGuard:
    return QuoteGuard(overrides={**OFF, **over})


def two_docs_messages() -> list[dict[str, str]]:
    return [
        {"role": "system", "content": "Answer from the documents and quote them exactly."},
        {"role": "user", "content": f'<document id="lease.txt">{LEASE}</document>\n'
                                    f'<document id="wli.txt">{WLI}</document>\n{QUESTION}'},
    ]


# --------------------------------------------------------------------------- sources by role


def test_a_quote_of_the_users_question_is_not_verbatim_by_default() -> None:
    answer = "You asked “does the landlord have to insure the building against fire and flood”."
    _, report = guard().check(answer, messages=two_docs_messages())
    assert report.quotes[0].verdict is not Verdict.VERBATIM
    assert not report.quotes[0].passed
    assert set(report.sources) == {"lease.txt", "wli.txt"} and not report.sources_fallback
    # configured source roles: the question counts again
    _, report = guard(**{"sources.roles": ["user", "tool"]}).check(answer, messages=two_docs_messages())
    assert report.quotes[0].result.accepted and report.quotes[0].result.source_id == "message[1]"


def test_no_document_like_source_falls_back_to_user_and_system_text_and_says_so() -> None:
    msgs = [{"role": "user", "content": f"Here is my lease: {LEASE} When is rent due?"}]
    _, report = guard().check("It says “The Tenant shall pay the rent on the first day of each month”.", messages=msgs)
    assert report.sources_fallback is True and report.to_dict()["sources_fallback"] is True
    assert report.quotes[0].verdict is Verdict.VERBATIM
    # switched off: nothing to check against, so the quote is uncheckable, not verbatim
    _, report = guard(**{"sources.fallback": False}).check("It says “The Tenant shall pay the rent”.", messages=msgs)
    assert report.sources == () and report.quotes[0].verdict is Verdict.UNCHECKABLE


def test_tool_results_document_blocks_and_fenced_context_are_sources_with_their_origin() -> None:
    msgs = [
        {"role": "system", "content": "Be exact."},
        {"role": "user", "content": f"What does it say?\n```context lease.txt\n{LEASE}\n```\nThanks."},
        {"role": "tool", "tool_call_id": "c1", "content": WLI},
    ]
    got = collect_sources(msgs)
    assert {s.id: s.text for s in got.sources} == {"lease.txt": LEASE, "message[2]": WLI}
    assert got.origins["lease.txt"].startswith("message[1] (user), fenced context block")
    assert got.origins["message[2]"] == "message[2] (tool)"
    # the span of a fenced block indexes the block's own text
    _, report = guard().check("“The Tenant shall keep the premises clean” and “The Landlord shall repair the roof”",
                              messages=msgs)
    found = {q.result.source_id for q in report.quotes}
    assert found == {"lease.txt", "message[2]"}
    assert report.source_origins["message[2]"] == "message[2] (tool)"
    assert all(q.passed for q in report.quotes)


# --------------------------------------------------------------------------- citation check (library)


def test_resolve_citation_by_number_name_and_stem() -> None:
    docs = [Source("contracts/lease.txt", LEASE), Source("wli.txt", WLI)]
    assert resolve_citation("1", docs) == ["contracts/lease.txt"]
    assert resolve_citation("S2", docs) == ["wli.txt"]
    assert resolve_citation("LEASE.TXT", docs) == ["contracts/lease.txt"]
    assert resolve_citation("lease.txt, p. 3", docs) == ["contracts/lease.txt"]
    assert resolve_citation("1, 2", docs) == ["contracts/lease.txt", "wli.txt"]
    assert resolve_citation("3", docs) is None and resolve_citation("memo.pdf", docs) is None


@pytest.mark.parametrize("hint", ["[lease.txt]", "[1]", "(Source: lease.txt)"])
def test_a_misattributed_citation_is_flagged_with_both_ids(hint: str) -> None:
    docs = [Source("lease.txt", LEASE), Source("wli.txt", WLI)]
    v = Verifier()
    q = extract_quotes(f"It says “The Landlord shall insure the building against fire” {hint}.")[0]
    r = v.verify([q.text], docs)[0]
    a, r2 = check_attribution(q, r, docs, v)
    assert (a.status, a.cited_id, a.found_id) == ("misattributed", "lease.txt", "wli.txt")
    assert "lease.txt" in a.reason and "wli.txt" in a.reason and r2.source_id == "wli.txt"


def test_citation_ok_unresolved_and_none() -> None:
    docs = [Source("lease.txt", LEASE), Source("copy.txt", "Preamble. " + LEASE)]
    v = Verifier()
    q = extract_quotes("“The Tenant shall keep the premises clean” [2]")[0]
    a, r = check_attribution(q, v.verify([q.text], docs)[0], docs, v)
    # found in both: the cited document wins, and its spans are reported
    assert a.status == "ok" and r.source_id == "copy.txt" and r.verdict is Verdict.VERBATIM
    q = extract_quotes("“The Tenant shall keep the premises clean” [7]")[0]
    a, _ = check_attribution(q, v.verify([q.text], docs)[0], docs, v)
    assert a.status == "unresolved" and "“7” names no document" in a.reason
    q = extract_quotes("“The Tenant shall keep the premises clean”")[0]
    assert check_attribution(q, v.verify([q.text], docs)[0], docs, v)[0].status == "none"


def test_policy_decides_misattributed_and_it_is_configurable() -> None:
    from quote_guard.models import QuoteResult

    ok = QuoteResult("x", Verdict.VERBATIM)
    assert Policy().decide(ok, misattributed=True).action is Action.REASK
    assert Policy().decide(ok, misattributed=True, reask=False).action is Action.ANNOTATE
    assert Policy(misattributed="pass").decide(ok, misattributed=True).action is Action.PASS
    assert Policy().decide(ok).action is Action.PASS
    with pytest.raises(ValueError, match="misattributed: 'fix' is not allowed"):
        Policy(misattributed="fix")


# --------------------------------------------------------------------------- citation check (guard)


def test_guard_flags_misattribution_and_reask_feedback_names_it() -> None:
    wrong = "It says “The Landlord shall insure the building against fire” [lease.txt]."
    right = "It says “The Landlord shall insure the building against fire” [wli.txt]."
    with LLMServer() as server:
        server.push(Reply.text(wrong), Reply.text(right))
        g = guard(**{"model.api_base": server.base_url, "model.params": {"api_key": "sk-test"}, "model.retries": 0})
        resp = g.completion(model="openai/test-model", messages=two_docs_messages())
        feedback = server.messages(1)[-1]["content"]
    report = QuoteGuard.report_of(resp)
    assert report is not None and report.passed and report.n_attempts == 2
    first = report.attempts[0].quotes[0]
    assert first.attribution is not None and first.attribution.status == "misattributed"
    assert first.action is Action.REASK and first.to_dict()["attribution"]["found_id"] == "wli.txt"
    assert "misattributed" in feedback and "you cited lease.txt; the words are in wli.txt" in feedback
    assert report.quotes[0].attribution is not None and report.quotes[0].attribution.status == "ok"


def test_guard_check_annotates_a_misattributed_quote_when_no_reask_is_possible() -> None:
    text, report = guard().check("“The Landlord shall repair the roof” [1]", messages=two_docs_messages())
    assert report.quotes[0].verdict is Verdict.VERBATIM and not report.passed
    assert report.quotes[0].action is Action.ANNOTATE and "[unverified]" in text


def test_feedback_message_without_attributions_is_unchanged() -> None:
    from quote_guard.config import ReaskConfig
    from quote_guard.models import QuoteResult

    cfg = ReaskConfig()
    r = QuoteResult("q", Verdict.UNSUPPORTED, reason="no passage")
    kw = {"template": cfg.template, "item_template": cfg.item_template, "no_verbatim_text": cfg.no_verbatim_text}
    assert feedback_message([r], **kw) == feedback_message([r], attributions=[None], **kw)


# --------------------------------------------------------------------------- JSON tool results


def test_a_json_tool_result_with_escaped_quotes_verifies_and_the_fix_keeps_json_valid() -> None:
    payload = json.dumps({"clause": 'The "Tenant" shall pay the rent monthly.', "page": 3, "tags": ["rent"]})
    msgs = [{"role": "user", "content": "When is rent due?"}, {"role": "tool", "tool_call_id": "c1", "content": payload}]
    answer = json.dumps({"answer": "monthly", "quote": 'the "tenant" shall pay the rent monthly'})
    fixed, report = guard().check(answer, messages=msgs)
    q = report.quotes[0]
    assert q.verdict is Verdict.NEAR_VERBATIM and q.action is Action.FIX
    # the span indexes the tool's original JSON text
    span = q.spans[0]
    assert payload[span.start:span.end] == 'The \\"Tenant\\" shall pay the rent monthly.'
    assert q.verbatim == 'The "Tenant" shall pay the rent monthly.'
    assert json.loads(fixed)["quote"] == q.verbatim
    # a prose answer gets the decoded text, never a backslash
    fixed, report = guard().check('It says “The "Tenant" shall pay the rent monthly.”', messages=msgs)
    assert report.quotes[0].verdict is Verdict.VERBATIM and "\\" not in fixed


def test_json_source_offsets_round_trip_unicode_escapes() -> None:
    from quote_guard.sources import json_source

    raw = '{"k": "caf\\u00e9 \\ud83d\\ude00 \\"x\\"", "n": [1, "two"]}'
    js = json_source("t", raw)
    assert js is not None and js.source.text == 'café 😀 "x"\n\ntwo'
    from quote_guard.models import Span

    s = js.span(Span("t", 0, 4))
    assert raw[s.start:s.end] == "caf\\u00e9"
    s = js.span(Span("t", 12, 15))
    assert raw[s.start:s.end] == "two"
    assert json_source("t", "not json") is None and json_source("t", '{"a": 1}') is None


# --------------------------------------------------------------------------- fixes fit the answer


def test_a_fix_collapses_the_sources_layout_and_drops_page_furniture() -> None:
    src = "The Tenant shall pay\r\nthe  rent                on the first day\r\n\r\nPage 3 of 12\r\n\r\nof each month."
    answer = "It says “the tenant shall pay the rent on the first day of each month”."
    q = extract_quotes(answer)[0]
    from quote_guard.models import QuoteResult, Span

    r = QuoteResult(q.text, Verdict.NEAR_VERBATIM, spans=(Span("s", 0, len(src) - 1),), verbatim=src[:-1])
    out = rewrite(answer, [(q, r)])
    assert out.text == "It says “The Tenant shall pay the rent on the first day of each month”."
    log = out.edits[0].to_dict()
    assert log["source_text"] == src[:-1] and log["source_spans"] == [["s", 0, len(src) - 1]]


# --------------------------------------------------------------------------- one configuration (CLI)

runner = CliRunner()


@pytest.fixture
def corpus(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    for var in [v for v in os.environ if v.startswith("QUOTE_GUARD_")]:
        monkeypatch.delenv(var)
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "lease.txt").write_text(LEASE, encoding="utf-8")
    (tmp_path / "docs" / "wli.txt").write_text(WLI, encoding="utf-8")
    (tmp_path / "answer.md").write_text(
        "It says “The Landlord shall insure the building against fire” [lease.txt], and “rent is due” [wli.txt].\n"
        "Also “The Tenant shall keep the premises clean” [1].\n", encoding="utf-8")
    return tmp_path


def cli(*args: str, env: dict[str, str] | None = None):
    return runner.invoke(app, list(args), env={"COLUMNS": "200", **(env or {})})


def test_cli_flags_misattribution_and_says_where_the_quote_was_found(corpus: Path) -> None:
    res = cli("verify", "docs", "--responses", "answer.md", "--out", "r.jsonl", "--no-semantic")
    assert res.exit_code == 1, res.output
    assert "cites docs/lease.txt, but found in docs/wli.txt" in res.output
    rows = [json.loads(x) for x in (corpus / "r.jsonl").read_text(encoding="utf-8").splitlines()]
    first = rows[0]["attribution"]
    assert (first["status"], first["cited_id"], first["found_id"]) == ("misattributed", "docs/lease.txt", "docs/wli.txt")
    assert rows[2]["attribution"]["status"] == "ok"  # [1] is the first source read: docs/lease.txt
    ok = cli("verify", "docs", "--responses", "answer.md", "--no-semantic", "--fail-on", "altered")
    assert ok.exit_code == 0, ok.output


def test_cli_honours_validators_yaml_env_and_set_with_documented_precedence(corpus: Path) -> None:
    (corpus / "validators.yaml").write_text("extract:\n  min_words: 7\n", encoding="utf-8")
    res = cli("verify", "docs", "--responses", "answer.md", "--out", "a.jsonl", "--no-semantic", "--fail-on", "none")
    # ./validators.yaml is read: the four-word quote is no longer a quotation
    assert res.exit_code == 0, res.output
    assert len((corpus / "a.jsonl").read_text(encoding="utf-8").splitlines()) == 2
    (corpus / "other.yaml").write_text("extract:\n  min_words: 3\n", encoding="utf-8")
    res = cli("verify", "docs", "--responses", "answer.md", "--out", "b.jsonl", "--no-semantic", "--fail-on", "none",
              "--config", "other.yaml")
    assert len((corpus / "b.jsonl").read_text(encoding="utf-8").splitlines()) == 3
    # environment beats the file, --set beats the environment
    env = {"QUOTE_GUARD_EXTRACT__MIN_WORDS": "20"}
    res = cli("verify", "docs", "--responses", "answer.md", "--no-semantic", "--config", "other.yaml", env=env)
    assert res.exit_code == 2 and "no quotes found" in res.output
    res = cli("verify", "docs", "--responses", "answer.md", "--out", "c.jsonl", "--no-semantic", "--fail-on", "none",
              "--config", "other.yaml", "--set", "extract.min_words=3", env=env)
    assert res.exit_code == 0 and len((corpus / "c.jsonl").read_text(encoding="utf-8").splitlines()) == 3
    # the manifest names the config the results were made with
    from quote_guard.config import load_config
    from quote_guard.manifest import build_manifest

    side = json.loads((corpus / "b.jsonl.manifest.json").read_text(encoding="utf-8"))
    expected = build_manifest(load_config(corpus / "other.yaml", overrides={"semantic.enabled": False}, env={}), {})
    assert side["config_hash"] == expected.config_hash and side["embedder"] is None


def test_config_show_prints_each_value_with_its_origin(corpus: Path) -> None:
    (corpus / "my.yaml").write_text("policy:\n  misattributed: annotate\n", encoding="utf-8")
    res = cli("config", "show", "--config", "my.yaml", "--set", "extract.min_words=2", "--json",
              env={"QUOTE_GUARD_REASK__MAX_ATTEMPTS": "2"})
    assert res.exit_code == 0, res.output
    got = json.loads(res.output)
    assert got["policy.misattributed"] == {"value": "annotate", "origin": "my.yaml line 2"}
    assert got["extract.min_words"] == {"value": 2, "origin": "argument"}
    assert got["reask.max_attempts"] == {"value": 2, "origin": "environment variable QUOTE_GUARD_REASK__MAX_ATTEMPTS"}
    assert got["sources.roles"] == {"value": ["tool", "function"], "origin": "default"}
    table = cli("config", "show", "--config", "my.yaml")
    assert table.exit_code == 0 and "policy.misattributed" in table.output and "my.yaml line 2" in table.output


# --------------------------------------------------------------------------- manifest in every output


def test_a_manifest_is_in_every_output_format(corpus: Path) -> None:
    openpyxl = pytest.importorskip("openpyxl")
    from quote_guard.report import read_manifest

    for out in ("r.jsonl", "r.csv", "r.xlsx"):
        res = cli("verify", "docs", "--responses", "answer.md", "--out", out, "--no-semantic", "--fail-on", "none",
                  "--html", f"{out}.html", "--stats", f"{out}.stats.csv")
        assert res.exit_code == 0, res.output
        m = read_manifest(corpus / out)
        assert m is not None and set(m.input_hashes) == {"docs/lease.txt", "docs/wli.txt"}
        assert m.quote_guard_version and m.thresholds["verifier.near_verbatim_min_ratio"] == 0.8 and m.date
        page = (corpus / f"{out}.html").read_text(encoding="utf-8")
        assert '<footer id="manifest">' in page and m.config_hash in page
        stats = dict(csv.reader((corpus / f"{out}.stats.csv").open(encoding="utf-8")))
        assert stats["manifest.config_hash"] == m.config_hash
    assert "manifest" in openpyxl.load_workbook(corpus / "r.xlsx").sheetnames
    _, report = guard().check("“The Tenant shall pay the rent”", sources=[Source("lease", LEASE)])
    assert report.manifest["config_hash"] and set(report.manifest["input_hashes"]) == {"lease"}
    assert report.to_dict()["manifest"]["quote_guard_version"]


def test_resume_refuses_to_mix_configurations_unless_allowed(corpus: Path) -> None:
    first = cli("verify", "docs", "--responses", "answer.md", "--out", "r.jsonl", "--no-semantic", "--fail-on", "none")
    assert first.exit_code == 0
    mixed = cli("verify", "docs", "--responses", "answer.md", "--out", "r.jsonl", "--resume", "--fail-on", "none")
    assert mixed.exit_code == 2 and "would mix two configurations" in mixed.output and "--allow-mixed" in mixed.output
    same = cli("verify", "docs", "--responses", "answer.md", "--out", "r.jsonl", "--resume", "--no-semantic",
               "--fail-on", "none")
    assert same.exit_code == 0, same.output
    allowed = cli("verify", "docs", "--responses", "answer.md", "--out", "r.jsonl", "--resume", "--allow-mixed",
                  "--fail-on", "none", "--set", "verifier.near_verbatim_min_ratio=0.9", "--no-semantic")
    assert allowed.exit_code == 0 and "mixing configurations" in allowed.output


# --------------------------------------------------------------------------- safe exports, one numbering


def _formula_records():
    from quote_guard.models import QuoteResult
    from quote_guard.report import ResultRecord

    texts = ['=HYPERLINK("http://evil","click")', "-500", "+1 (555) 0100", "@SUM(A1)", "\tcmd", "plain text",
             "'=already quoted"]
    return [ResultRecord(i, QuoteResult(t, Verdict.UNSUPPORTED, reason="no passage")) for i, t in enumerate(texts)]


def test_formula_cells_are_string_cells_in_xlsx_and_prefixed_in_csv(tmp_path: Path) -> None:
    openpyxl = pytest.importorskip("openpyxl")
    from quote_guard.report import open_writer, read_records

    recs = _formula_records()
    for name in ("r.xlsx", "r.csv"):
        w = open_writer(tmp_path / name)
        for r in recs:
            w.write(r)
        w.complete()
    ws = openpyxl.load_workbook(tmp_path / "r.xlsx")["results"]
    header = [c.value for c in ws[1]]
    col = header.index("quote") + 1
    cells = {ws.cell(row=i, column=col).value: ws.cell(row=i, column=col) for i in range(2, len(recs) + 2)}
    link = cells['=HYPERLINK("http://evil","click")']
    assert link.data_type == "s" and link.value == '=HYPERLINK("http://evil","click")'
    assert all(c.data_type == "s" for c in cells.values())
    raw = (tmp_path / "r.csv").read_text(encoding="utf-8")
    assert "'=HYPERLINK(" in raw.replace('""', '"')
    rows = list(csv.DictReader((tmp_path / "r.csv").open(encoding="utf-8", newline="")))
    by_num = {int(r["#"]): r["quote"] for r in rows}
    assert by_num[2] == "-500"  # a plain number stays as it is
    assert by_num[3].startswith("'+1") and by_num[4].startswith("'@") and by_num[5] == "'\tcmd"
    assert by_num[6] == "plain text" and by_num[7] == "''=already quoted"
    # read back: the original text, whatever the prefix
    assert sorted(r.result.quote for r in read_records(tmp_path / "r.csv")) == sorted(r.result.quote for r in recs)


def test_rows_are_numbered_from_1_everywhere(tmp_path: Path) -> None:
    openpyxl = pytest.importorskip("openpyxl")
    from quote_guard.report import open_writer, write_html

    recs = _formula_records()
    w = open_writer(tmp_path / "r.xlsx")
    for r in recs:
        w.write(r)
    w.complete()
    ws = openpyxl.load_workbook(tmp_path / "r.xlsx")["results"]
    header = [c.value for c in ws[1]]
    assert header[0] == "#"
    nums = sorted(row[0] for row in ws.iter_rows(min_row=2, values_only=True))
    assert nums == list(range(1, len(recs) + 1))
    assert [r.to_dict()["#"] for r in recs] == nums
    write_html(tmp_path / "r.html", recs, {"s": "text"})
    page = (tmp_path / "r.html").read_text(encoding="utf-8")
    assert '<span class="num">#1</span>' in page and '<span class="num">#0</span>' not in page


def test_exported_reasons_use_plain_words(tmp_path: Path) -> None:
    from quote_guard.models import Difference, Metrics, QuoteResult
    from quote_guard.report import ResultRecord

    d = Difference("insert", "", "not", "negation")
    r = QuoteResult("Fees are refundable", Verdict.ALTERED, metrics=Metrics(differences=(d,)),
                    reason="close to the source, but words that carry meaning differ: ∅ → not (negation)")
    row = ResultRecord(0, r).to_row()
    assert "∅" not in row["reason"] and "(nothing) → not" in row["reason"]
    assert row["changed_words"] == "(nothing) → not"


def test_the_first_model_build_is_detected_so_the_cli_can_say_so(tmp_path: Path) -> None:
    pytest.importorskip("torch")
    from quote_guard.cli import model_needs_building
    from quote_guard.config import load_config

    cold = load_config(overrides={"semantic.cache_dir": str(tmp_path / "empty")}, env={})
    assert model_needs_building(cold)
    assert not model_needs_building(load_config(overrides={"semantic.cache_dir": str(tmp_path), "semantic.enabled": False},
                                                env={}))
    assert not model_needs_building(load_config(overrides={"semantic.cache_dir": str(tmp_path),
                                                           "semantic.embedder": "minilm"}, env={}))
    from quote_guard.embed import prepare_static_model

    warm = prepare_static_model()  # built once by scripts/setup.sh: returns at once
    assert not model_needs_building(load_config(overrides={"semantic.cache_dir": str(warm.parent)}, env={}))
