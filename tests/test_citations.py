"""quote_guard.citations: provider citations read into one schema and re-verified.

Fixtures (tests/fixtures/citations/) are hand-written from each provider's published response
format and the litellm types: Anthropic Messages ``citations``, OpenAI chat ``annotations`` /
Responses ``file_citation``, Gemini ``groundingMetadata``, Cohere v2 ``message.citations``, and
leaked ``<cite>`` markup. The loopback tests serve them from 127.0.0.1 (tests/_citation_server.py),
non-streamed and streamed in each provider's own SSE format, and read what litellm returns.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest
from _citation_server import CitationServer, RawReply, anthropic_events

from quote_guard import Source, Verifier
from quote_guard.citations import (
    BlockRange,
    ByteSegment,
    CharRange,
    Citation,
    CitationStatus,
    CitationStream,
    PageRange,
    SentenceRange,
    annotate_citations,
    anthropic_documents,
    check_response,
    detect_provider,
    load_saved_responses,
    parse_citations,
    read_response,
    verify_citations,
)
from quote_guard.citations._text import byte_to_char, figure_mentions, sentence_at

os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")

FIX = Path(__file__).parent / "fixtures" / "citations"
_S = json.loads((FIX / "sources.json").read_text(encoding="utf-8"))
SRC: dict[str, str] = _S["sources"]
LEASE, POLICY = SRC["lease.txt"], SRC["pet_policy.txt"]
SENT = [Source("lease.txt", LEASE), Source("pet_policy.txt", POLICY)]  # the documents as sent, in order
URLS = {"https://example.com/lease.txt": LEASE, "https://example.com/pet_policy.txt": POLICY}
PDF_DOCS = [Source("handbook.pdf", SRC["handbook.pdf"]), Source("faq", SRC["faq"])]

# litellm's stream types trip a pydantic UserWarning on first use (third party, harmless)
litellm_warning = pytest.mark.filterwarnings("ignore:Items? .* on TypedDict class .* `ReadOnly` qualifier:UserWarning")


def load(name: str) -> Any:
    return json.loads((FIX / name).read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def verifier() -> Verifier:
    return Verifier()


def statuses(results: list[Any]) -> list[str]:
    return [r.status.value for r in results]


def check(name: str, sources: Any, verifier: Verifier) -> tuple[Any, list[Any]]:
    ans = read_response(load(name), sources=sources)
    return ans, verify_citations(ans.citations, ans.text, sources, verifier=verifier)


# ------------------------------------------------------------------ provider formats -> schema
def test_anthropic_fixture_maps_to_schema():
    raw = load("anthropic_messages.json")
    ans = read_response(raw, sources=SENT)
    assert ans.provider == "anthropic"
    assert ans.text == "".join(b["text"] for b in raw["content"])
    cited_blocks = [b for b in raw["content"] if b.get("citations")]
    assert len(ans.citations) == len(cited_blocks) == 4
    for c, block in zip(ans.citations, cited_blocks):
        raw_c = block["citations"][0]
        assert c.provider == "anthropic" and not c.inferred and not c.recovered
        assert ans.text[c.answer_span[0]:c.answer_span[1]] == block["text"]
        assert c.cited_text == raw_c["cited_text"]
        assert c.claimed_location == CharRange(raw_c["start_char_index"], raw_c["end_char_index"])
        assert c.source_id == "lease.txt"  # document_index 0 of the documents as sent
    # the first cited text spans two sentences of the document, as Anthropic's may
    assert ans.citations[0].cited_text.count(". ") >= 2
    # without sources: the document title names the source
    assert {c.source_id for c in parse_citations(raw)} == {"lease.txt"}


def test_anthropic_document_index_resolves_against_the_documents_as_sent():
    raw = load("anthropic_messages.json")
    swapped = [Source("pet_policy.txt", POLICY), Source("lease.txt", LEASE)]
    assert {c.source_id for c in parse_citations(raw, sources=swapped)} == {"pet_policy.txt"}
    assert {c.source_id for c in parse_citations(raw, sources=[LEASE])} == {"source[0]"}


def test_anthropic_page_and_content_block_locations(verifier):
    ans, results = check("anthropic_pages_blocks.json", PDF_DOCS, verifier)
    heating, parking, keys = ans.citations
    assert heating.claimed_location == PageRange(2, 3) and heating.source_id == "handbook.pdf"
    assert parking.claimed_location == BlockRange(0, 1) and parking.source_id == "faq"
    assert statuses(results) == ["ok", "ok", "location_mismatch"]
    assert results[0].location_ok and results[1].location_ok
    # "Keys" is on page 3 of the handbook; the citation claims page 1
    assert results[2].found_location == PageRange(3, 4) and results[2].claimed_location == PageRange(1, 2)


def test_openai_url_citations_infer_the_sentence_from_the_marker(verifier):
    raw = load("openai_chat_url_citations.json")
    ans, results = check("openai_chat_url_citations.json", URLS, verifier)
    text = raw["choices"][0]["message"]["content"]
    assert ans.provider == "openai" and ans.text == text
    for c, a in zip(ans.citations, raw["choices"][0]["message"]["annotations"]):
        u = a["url_citation"]
        assert c.inferred, "OpenAI indices point at the marker: the sentence is inferred"
        s, e = c.answer_span
        assert s <= u["start_index"] and u["end_index"] <= e  # the marker is inside the inferred sentence
    assert results[0].claim == "The monthly rent is 1,200 euros, due on the first day of each month."
    assert [c.source_id for c in ans.citations] == ["https://example.com/lease.txt"] * 2 + [
        "https://example.com/pet_policy.txt"]
    assert statuses(results) == ["ok", "misattributed", "altered"]
    assert results[1].found_source_id == "https://example.com/pet_policy.txt"
    assert "500" in results[2].reason and "300" in results[2].reason


def test_openai_file_citation_without_quote_or_offsets_is_recovered(verifier):
    raw = load("openai_responses_file_citations.json")
    anns = raw["output"][1]["content"][0]["annotations"]
    assert "quote" not in anns[1] and "index" not in anns[1] and "start_index" not in anns[1]
    ans, results = check("openai_responses_file_citations.json", SRC, verifier)
    indexed, bare = ans.citations
    assert indexed.source_id == bare.source_id == "lease.txt"  # filename resolved to the source id
    # the bare citation is tied to the answer sentence the file supports, and its passage recovered
    assert bare.inferred and bare.recovered
    assert ans.text[bare.answer_span[0]:bare.answer_span[1]].startswith("The Tenant may not sublet")
    assert bare.cited_text in LEASE and "shall not sublet the premises" in bare.cited_text
    assert results[1].status is CitationStatus.OK
    # the indexed one (index at the end of the text) carries the notice sentence: 30 days vs 60 in the lease
    assert ans.text[indexed.answer_span[0]:indexed.answer_span[1]].startswith("Either party")
    assert results[0].status is CitationStatus.ALTERED and "30 days" in results[0].reason


def test_openai_assistants_file_citation_quote_removed():
    text = "Rent is due on the first day of each month【4:0†lease.txt】."
    s = text.index("【")
    msg = {"id": "msg_abc", "object": "thread.message", "role": "assistant", "content": [
        {"type": "text", "text": {"value": text, "annotations": [
            {"type": "file_citation", "text": "【4:0†lease.txt】", "start_index": s, "end_index": s + 14,
             "file_citation": {"file_id": "file-lease01"}}]}}]}
    [c] = parse_citations(msg, sources={"file-lease01": LEASE})
    assert c.provider == "openai" and c.source_id == "file-lease01" and c.inferred and c.recovered
    assert c.answer_span == (0, len(text))
    assert "first day of each month" in c.cited_text and c.cited_text in LEASE


def test_gemini_byte_offsets_convert_to_characters():
    raw = load("gemini_grounding.json")
    supports = raw["candidates"][0]["groundingMetadata"]["groundingSupports"]
    ans = read_response(raw, sources=SRC)
    assert ans.provider == "gemini"
    # the answer has non-ASCII text (emoji, umlauts) before the segments: bytes != characters
    assert supports[1]["segment"]["startIndex"] != ans.text.index(supports[1]["segment"]["text"])
    for c, sup in zip(ans.citations, supports):
        s, e = c.answer_span
        assert ans.text[s:e] == sup["segment"]["text"]
    assert [c.source_id for c in ans.citations] == ["hausordnung.txt", "hausordnung.txt", "pet_policy.txt"]
    # retrievedContext.text is the provider's cited text
    assert ans.citations[0].cited_text.startswith("Die Ruhezeit") and not ans.citations[0].recovered


def test_gemini_segment_without_text_trusts_bytes_and_proxied_char_offsets_are_caught():
    part = "Ärger 🏠 vermeiden. Die Ruhezeit gilt ab 22 Uhr."
    target = "Die Ruhezeit gilt ab 22 Uhr."
    b = len(part[: part.index(target)].encode())
    for seg in ({"startIndex": b, "endIndex": b + len(target.encode())},  # bytes, no text
                {"startIndex": part.index(target), "endIndex": len(part), "text": target}):  # characters
        resp = {"candidates": [{"content": {"parts": [{"text": part}]}, "groundingMetadata": {
            "groundingChunks": [{"web": {"uri": "https://example.org/h", "title": "example.org"}}],
            "groundingSupports": [{"segment": seg, "groundingChunkIndices": [0]}]}}]}
        [c] = parse_citations(resp)
        assert part[c.answer_span[0]:c.answer_span[1]] == target


def test_byte_to_char():
    text = "a🏠ü b"
    assert [byte_to_char(text, k) for k in (0, 1, 5, 7, 8, 9)] == [0, 1, 2, 3, 4, 5]
    assert byte_to_char(text, 3) == 1  # inside the emoji: its start


def test_cohere_v2_fixture_maps_to_schema(verifier):
    raw = load("cohere_v2_chat.json")
    ans, results = check("cohere_v2_chat.json", SRC, verifier)
    assert ans.provider == "cohere"
    for c, rc in zip(ans.citations, raw["message"]["citations"]):
        assert c.answer_span == (rc["start"], rc["end"]) and not c.inferred
        assert ans.text[rc["start"]:rc["end"]] == rc["text"]
        assert c.source_id == rc["sources"][0]["id"]
        assert c.recovered == (c.cited_text is not None)
    assert statuses(results) == ["ok", "ok", "altered", "misattributed"]
    assert results[3].found_source_id == "lease.txt"
    # the documents a Cohere response carries are the sources when none are given
    assert dict(ans.documents)["lease.txt"] == LEASE
    _, alone = check_response(raw, None, verifier=verifier)
    assert statuses(alone) == statuses(results)


def test_cohere_v1_format():
    resp = {"text": "Rent is 1,200 euros.", "generation_id": "g1",
            "citations": [{"start": 8, "end": 19, "text": "1,200 euros", "document_ids": ["doc_0"]}],
            "documents": [{"id": "doc_0", "title": "lease.txt", "snippet": LEASE}]}
    [c] = parse_citations(resp)
    assert (c.provider, c.answer_span, c.source_id) == ("cohere", (8, 19), "doc_0")


def test_leaked_cite_markup_is_parsed(verifier):
    fx = load("markup_leak.json")
    sent = [Source(k, SRC[k]) for k in fx["documents"]]
    ans, results = check_response(fx["text"], sent, verifier=verifier)
    assert ans.provider == "markup"
    first, second, third = ans.citations
    assert ans.text[first.answer_span[0]:first.answer_span[1]].startswith("The Tenant pays a monthly rent")
    assert first.source_id == "lease.txt" and first.claimed_location == SentenceRange(1, 3)
    assert second.source_id == "pet_policy.txt" and second.claimed_location == SentenceRange(2, 3)
    assert ans.text[second.answer_span[0]:second.answer_span[1]] == "Dogs over 20 kg are not permitted."
    assert statuses(results) == ["ok", "ok", "misattributed"]
    assert third.source_id == "pet_policy.txt" and results[2].found_source_id == "lease.txt"


def test_markup_unclosed_is_skipped_and_multi_document_index_splits():
    text = '(cite index="0-1">never closed. <cite index="0-0,1-2">Cats are permitted.</cite>'
    cits = parse_citations(text, sources=SENT)
    assert [(c.source_id, c.claimed_location) for c in cits] == [
        ("lease.txt", SentenceRange(0, 1)), ("pet_policy.txt", SentenceRange(2, 3))]
    assert all(text[c.answer_span[0]:c.answer_span[1]] == "Cats are permitted." for c in cits)


def test_markup_in_a_provider_answer_is_read_too():
    resp = {"id": "x", "object": "chat.completion", "choices": [{"index": 0, "message": {
        "role": "assistant", "content": 'See (cite index="1-1">Cats are permitted in all units.</cite>).'}}]}
    [c] = parse_citations(resp, sources=SENT)
    assert c.provider == "markup" and c.source_id == "pet_policy.txt"


@pytest.mark.parametrize("name,provider", [
    ("anthropic_messages.json", "anthropic"), ("openai_chat_url_citations.json", "openai"),
    ("openai_responses_file_citations.json", "openai"), ("gemini_grounding.json", "gemini"),
    ("cohere_v2_chat.json", "cohere")])
def test_detect_provider(name, provider):
    raw = load(name)
    assert detect_provider(raw) == provider
    assert detect_provider(json.dumps(raw)) == provider  # saved JSON text reads the same


def test_bad_input_names_the_problem():
    with pytest.raises(ValueError, match="not a known provider response .object with keys foo."):
        read_response({"foo": 1})
    with pytest.raises(ValueError, match="unknown provider 'claude'"):
        read_response({"type": "message", "content": []}, provider="claude")
    with pytest.raises(ValueError, match="share the id"):
        read_response(load("anthropic_messages.json"), sources=[Source("a", "x"), Source("a", "y")])
    with pytest.raises(TypeError, match="Citation objects"):
        verify_citations([{"cited_text": "x"}], "answer", SRC)
    with pytest.raises(ValueError, match="location field"):
        read_response({"type": "message", "content": [{"type": "text", "text": "x", "citations": [
            {"type": "char_location", "cited_text": "x", "document_index": 0}]}]})


# ------------------------------------------------------------------ re-verification
def test_shifted_char_location_is_found_with_both_offsets(verifier):
    ans, results = check("anthropic_messages.json", SENT, verifier)
    r = results[1]
    real = LEASE.index(r.citation.cited_text)
    assert r.status is CitationStatus.LOCATION_MISMATCH and r.location_ok is False
    assert r.claimed_location == CharRange(real + 6, real + 6 + len(r.citation.cited_text))
    assert r.found_location == CharRange(real, real + len(r.citation.cited_text))
    assert LEASE[r.found_location.start:r.found_location.end] == r.citation.cited_text
    assert str(r.found_location) in r.reason and str(r.claimed_location) in r.reason
    # the correct one passes
    assert results[0].status is CitationStatus.OK and results[0].location_ok is True


def test_wrong_document_is_misattributed(verifier):
    _, results = check("anthropic_messages.json", SENT, verifier)
    r = results[2]
    assert r.status is CitationStatus.MISATTRIBUTED
    assert (r.citation.source_id, r.found_source_id) == ("lease.txt", "pet_policy.txt")
    assert POLICY[r.found_location.start:r.found_location.end] == r.citation.cited_text
    assert "'lease.txt'" in r.reason and "'pet_policy.txt'" in r.reason


def test_cited_text_in_no_source_is_unsupported(verifier):
    c = Citation((0, 10), "Smoking is allowed on balconies.", "lease.txt", CharRange(0, 32), "anthropic")
    [r] = verify_citations([c], "Smoking is allowed.", SENT, verifier=verifier)
    assert r.status is CitationStatus.UNSUPPORTED


def test_a_flipped_number_is_altered_and_the_right_number_is_not(verifier):
    _, results = check("anthropic_messages.json", SENT, verifier)
    r = results[3]
    assert r.status is CitationStatus.ALTERED
    assert "twenty" in r.reason and "twelve" in r.reason  # the figures the claim and the cited text give
    assert r.location_ok is True  # the citation itself is right; the answer is not
    cited = r.citation.cited_text
    for claim, want in [("The lease runs for twelve months from 1 March 2025", "ok"),
                        ("The lease runs for 12 months from 1 March 2025", "ok"),
                        ("The lease runs for twelve months from 1 March 2026", "altered"),
                        ("This lease runs for twelve months from 1 March 2025 and renews automatically unless "
                         "either party gives 90 days' notice.", "altered")]:
        c = Citation((0, len(claim)), cited, "lease.txt", r.claimed_location, "anthropic")
        [res] = verify_citations([c], claim, SENT, verifier=verifier)
        assert res.status.value == want, (claim, res.reason)


def test_negation_flip_is_altered(verifier):
    cited = "Dogs over 20 kg are not permitted."
    claim = "Dogs over 20 kg are permitted."
    s = POLICY.index(cited)
    c = Citation((0, len(claim)), cited, "pet_policy.txt", CharRange(s, s + len(cited)), "anthropic")
    [r] = verify_citations([c], claim, SENT, verifier=verifier)
    assert r.status is CitationStatus.ALTERED and "not" in r.reason


def test_unknown_source_is_unverifiable_not_an_error(verifier):
    ans, results = check("openai_chat_url_citations.json", {"other.txt": "Nothing here."}, verifier)
    assert statuses(results) == ["unverifiable"] * 3
    assert "not among the sources" in results[0].reason


def test_byte_segment_location(verifier):
    text = "Größe: 3 Zimmer. Miete: 900 Euro."
    cited = "Miete: 900 Euro."
    b = len(text[: text.index(cited)].encode())
    ok = Citation((0, 16), cited, "doc", ByteSegment(b, b + len(cited.encode())), "markup")
    off = Citation((0, 16), cited, "doc", ByteSegment(text.index(cited), text.index(cited) + len(cited)), "markup")
    r_ok, r_off = verify_citations([ok, off], "Miete: 900 Euro.", {"doc": text}, verifier=verifier)
    assert r_ok.status is CitationStatus.OK and r_ok.location_ok
    assert r_off.status is CitationStatus.LOCATION_MISMATCH and r_off.found_location == ok.claimed_location


def test_results_export_to_json(verifier):
    _, results = check("anthropic_messages.json", SENT, verifier)
    d = json.loads(json.dumps([r.to_dict() for r in results]))
    assert d[1]["status"] == "location_mismatch" and d[1]["claimed_location"]["kind"] == "chars"
    assert d[1]["found_location"]["start"] == d[1]["claimed_location"]["start"] - 6


@pytest.mark.parametrize("module", ["quote_guard.citations", "quote_guard.citations._read", "quote_guard.citations._text",
                                    "quote_guard.citations._verify", "quote_guard.citations._stream",
                                    "quote_guard.citations._documents"])
def test_docstring_examples(module):
    import doctest
    import importlib

    failures, _ = doctest.testmod(importlib.import_module(module), optionflags=doctest.ELLIPSIS)
    assert failures == 0


def test_import_stays_light():
    import subprocess
    import sys

    code = "import sys, quote_guard.citations; print([m for m in ('litellm', 'torch', 'httpx') if m in sys.modules])"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_sentence_helpers():
    text = "Rent is 5 euros ([a](https://a.example/x)). Cats are fine [2]. Last one"
    assert text[slice(*sentence_at(text, text.index("([a]")))] == "Rent is 5 euros ([a](https://a.example/x))."
    assert text[slice(*sentence_at(text, text.index("[2]")))] == "Cats are fine [2]."
    assert figure_mentions("pay 1.200 Euro in twelve months") == [("1200", "1.200", "euro"), ("12", "twelve", "months")]


# ------------------------------------------------------------------ streams (provider event formats)


def gemini_events(resp: dict[str, Any]) -> list[tuple[str | None, Any]]:
    """``streamGenerateContent?alt=sse`` chunks; grounding metadata comes with the last one."""
    cand = resp["candidates"][0]
    text = cand["content"]["parts"][0]["text"]
    cut = [text[i:i + 20] for i in range(0, len(text), 20)]
    ev: list[tuple[str | None, Any]] = []
    for j, piece in enumerate(cut):
        c: dict[str, Any] = {"content": {"parts": [{"text": piece}], "role": "model"}}
        last = j == len(cut) - 1
        if last:
            c["finishReason"], c["groundingMetadata"] = "STOP", cand["groundingMetadata"]
        chunk = {"candidates": [c], "modelVersion": resp["modelVersion"], "responseId": resp["responseId"]}
        if last:
            chunk["usageMetadata"] = resp["usageMetadata"]
        ev.append((None, chunk))
    return ev


def cohere_events(resp: dict[str, Any]) -> list[tuple[str | None, Any]]:
    """Cohere v2 chat stream: content-delta events, then a citation-start/citation-end pair per citation."""
    msg = resp["message"]
    text = msg["content"][0]["text"]
    ev: list[tuple[str | None, Any]] = [
        ("message-start", {"type": "message-start", "id": resp["id"], "delta": {"message": {
            "role": "assistant", "content": [], "tool_plan": "", "tool_calls": [], "citations": []}}}),
        ("content-start", {"type": "content-start", "index": 0,
                           "delta": {"message": {"content": {"type": "text", "text": ""}}}})]
    for k in range(0, len(text), 11):
        ev.append(("content-delta", {"type": "content-delta", "index": 0,
                                     "delta": {"message": {"content": {"text": text[k:k + 11]}}}}))
    for n, c in enumerate(msg["citations"]):
        ev.append(("citation-start", {"type": "citation-start", "index": n, "delta": {"message": {"citations": c}}}))
        ev.append(("citation-end", {"type": "citation-end", "index": n}))
    ev.append(("content-end", {"type": "content-end", "index": 0}))
    ev.append(("message-end", {"type": "message-end", "delta": {"finish_reason": "COMPLETE", "usage": resp["usage"]}}))
    return ev


def openai_events(resp: dict[str, Any]) -> list[tuple[str | None, Any]]:
    """chat.completion.chunk events; the annotations arrive in a delta after the text."""
    ch = resp["choices"][0]
    text = ch["message"]["content"]
    base = {"id": resp["id"], "object": "chat.completion.chunk", "created": resp["created"], "model": resp["model"]}
    ev: list[tuple[str | None, Any]] = [
        (None, {**base, "choices": [{"index": 0, "delta": {"role": "assistant", "content": ""}, "finish_reason": None}]})]
    for k in range(0, len(text), 13):
        ev.append((None, {**base, "choices": [{"index": 0, "delta": {"content": text[k:k + 13]}, "finish_reason": None}]}))
    ev.append((None, {**base, "choices": [{"index": 0, "delta": {"annotations": ch["message"]["annotations"]},
                                           "finish_reason": None}]}))
    ev.append((None, {**base, "choices": [{"index": 0, "delta": {}, "finish_reason": "stop"}]}))
    ev.append((None, "[DONE]"))
    return ev


def same_citations(a: Any, b: Any) -> None:
    assert len(a.citations) == len(b.citations)
    for x, y in zip(a.citations, b.citations):
        assert (x.source_id, x.cited_text, x.claimed_location) == (y.source_id, y.cited_text, y.claimed_location)


@pytest.mark.parametrize("name,events", [
    ("anthropic_messages.json", anthropic_events), ("gemini_grounding.json", gemini_events),
    ("cohere_v2_chat.json", cohere_events), ("openai_chat_url_citations.json", openai_events)])
def test_raw_stream_events_give_the_same_citations(name, events):
    raw = load(name)
    whole = read_response(raw, sources=SRC if "anthropic" not in name else SENT)
    stream = CitationStream(sources=SRC if "anthropic" not in name else SENT)
    pieces = [stream.feed(p) for _, p in events(raw) if p != "[DONE]"]
    assert "".join(pieces) == whole.text == stream.text
    streamed = stream.result()
    assert streamed.provider == whole.provider
    same_citations(streamed, whole)
    assert [c.answer_span for c in streamed.citations] == [c.answer_span for c in whole.citations]


# ------------------------------------------------------------------ through the loopback server and litellm
@pytest.fixture(scope="module")
def litellm_mod() -> Any:
    import litellm

    return litellm


@pytest.fixture()
def server():
    with CitationServer() as s:
        yield s


MSGS = [{"role": "user", "content": "What does the lease say?"}]


def _call(litellm_mod: Any, server: CitationServer, model: str, **kw: Any) -> Any:
    base = server.base_url if model.startswith("openai/") else server.root_url
    return litellm_mod.completion(model=model, api_base=base, api_key="sk-test", messages=MSGS, **kw)


@litellm_warning
def test_anthropic_through_litellm(litellm_mod, server, verifier):
    raw = load("anthropic_messages.json")
    direct = read_response(raw, sources=SENT)
    want = statuses(verify_citations(direct.citations, direct.text, SENT, verifier=verifier))
    assert want == ["ok", "location_mismatch", "misattributed", "altered"]

    server.push(RawReply.json(raw))
    resp = _call(litellm_mod, server, "anthropic/claude-sonnet-4-5")
    assert server.paths[-1] == "/v1/messages"
    ans = read_response(resp, sources=SENT)
    assert ans.provider == "anthropic" and ans.text == direct.text
    same_citations(ans, direct)
    assert [c.answer_span for c in ans.citations] == [c.answer_span for c in direct.citations]
    assert statuses(verify_citations(ans.citations, ans.text, SENT, verifier=verifier)) == want
    # a response saved as JSON (model_dump) reads the same
    saved = json.loads(resp.model_dump_json())
    assert [c.answer_span for c in read_response(saved, sources=SENT).citations] == [
        c.answer_span for c in direct.citations]

    server.push(RawReply.sse(anthropic_events(raw)))
    chunks = list(_call(litellm_mod, server, "anthropic/claude-sonnet-4-5", stream=True))
    streamed = read_response(chunks, sources=SENT)
    assert streamed.text == direct.text and streamed.provider == "anthropic"
    same_citations(streamed, direct)
    # litellm drops block boundaries: spans start where the block started, end is inferred
    for s, d in zip(streamed.citations, direct.citations):
        assert s.inferred and s.answer_span[0] == d.answer_span[0]
    assert statuses(verify_citations(streamed.citations, streamed.text, SENT, verifier=verifier)) == want


@litellm_warning
def test_openai_through_litellm(litellm_mod, server, verifier):
    raw = load("openai_chat_url_citations.json")
    direct = read_response(raw, sources=URLS)
    want = statuses(verify_citations(direct.citations, direct.text, URLS, verifier=verifier))
    server.push(RawReply.json(raw), RawReply.sse(openai_events(raw)))
    resp = _call(litellm_mod, server, "openai/gpt-4o-search-preview")
    chunks = list(_call(litellm_mod, server, "openai/gpt-4o-search-preview", stream=True))
    for got in (read_response(resp, sources=URLS), read_response(chunks, sources=URLS)):
        assert got.provider == "openai" and got.text == direct.text
        same_citations(got, direct)
        assert statuses(verify_citations(got.citations, got.text, URLS, verifier=verifier)) == want == [
            "ok", "misattributed", "altered"]


@litellm_warning
def test_gemini_through_litellm(litellm_mod, server, verifier):
    raw = load("gemini_grounding.json")
    direct = read_response(raw, sources=SRC)
    want = statuses(verify_citations(direct.citations, direct.text, SRC, verifier=verifier))
    assert want == ["ok", "altered", "misattributed"]
    server.push(RawReply.json(raw), RawReply.sse(gemini_events(raw)))
    resp = _call(litellm_mod, server, "gemini/gemini-2.5-flash")
    chunks = list(_call(litellm_mod, server, "gemini/gemini-2.5-flash", stream=True))
    assert server.paths[0].endswith(":generateContent") and "streamGenerateContent" in server.paths[1]
    for got in (read_response(resp, sources=SRC), read_response(chunks, sources=SRC)):
        assert got.provider == "gemini" and got.text == direct.text
        same_citations(got, direct)
        # character spans, though litellm's own annotations carry Gemini's byte offsets
        assert [c.answer_span for c in got.citations] == [c.answer_span for c in direct.citations]
        assert statuses(verify_citations(got.citations, got.text, SRC, verifier=verifier)) == want


@litellm_warning
def test_cohere_through_litellm(litellm_mod, server, verifier):
    raw = load("cohere_v2_chat.json")
    direct = read_response(raw, sources=SRC)
    want = statuses(verify_citations(direct.citations, direct.text, SRC, verifier=verifier))
    server.push(RawReply.json(raw))
    resp = _call(litellm_mod, server, "cohere/command-a-03-2025")
    got = read_response(resp, sources=SRC)
    assert got.provider == "cohere" and got.text == direct.text
    assert [(c.answer_span, c.source_id) for c in got.citations] == [
        (c.answer_span, c.source_id) for c in direct.citations]
    assert statuses(verify_citations(got.citations, got.text, SRC, verifier=verifier)) == want


def test_cohere_stream_from_the_loopback_server(server, verifier):
    """litellm 1.106's Cohere v2 stream reader json-decodes each raw SSE line and fails on the
    ``event:`` lines, so the Cohere stream is read from the server with httpx and fed as events."""
    import httpx

    raw = load("cohere_v2_chat.json")
    server.push(RawReply.sse(cohere_events(raw)))
    stream = CitationStream(sources=SRC)
    with httpx.stream("POST", server.root_url + "/v2/chat", json={"stream": True}) as r:
        for line in r.iter_lines():
            if line.startswith("data: "):
                stream.feed(json.loads(line[len("data: "):]))
    got = stream.result()
    direct = read_response(raw, sources=SRC)
    assert got.text == direct.text and got.provider == "cohere"
    assert [(c.answer_span, c.source_id) for c in got.citations] == [
        (c.answer_span, c.source_id) for c in direct.citations]
    assert statuses(verify_citations(got.citations, got.text, SRC, verifier=verifier)) == [
        "ok", "ok", "altered", "misattributed"]


def test_a_claim_that_leaves_out_a_clause_or_rewords_is_not_altered(verifier):
    term = "This lease runs for twelve months from 1 March 2025 and renews automatically unless either party gives 60 days' notice."
    sublet = "The Tenant shall not sublet the premises without the Landlord's prior written consent."
    for claim, cited in [("The lease runs for twelve months", term),
                         ("This lease runs for twelve months from 1 March 2025", term),
                         ("Subletting needs the Landlord's prior written consent.", sublet),
                         ("The Tenant may sublet the premises only with the Landlord's consent.", sublet)]:
        s = LEASE.index(cited)
        c = Citation((0, len(claim)), cited, "lease.txt", CharRange(s, s + len(cited)), "anthropic")
        [r] = verify_citations([c], claim, SENT, verifier=verifier)
        assert r.status is CitationStatus.OK, (claim, r.reason)


# ------------------------------------------------------------------ documents, saved responses, annotation
def anthropic_request() -> list[dict[str, Any]]:
    return [{"role": "user", "content": [
        {"type": "document", "source": {"type": "text", "media_type": "text/plain", "data": LEASE},
         "title": "lease.txt", "citations": {"enabled": True}},
        {"type": "document", "source": {"type": "base64", "media_type": "application/pdf", "data": "JVBERi0x"},
         "title": "scan.pdf", "citations": {"enabled": True}},
        {"type": "document", "source": {"type": "content", "content": [
            {"type": "text", "text": "PET POLICY"}, {"type": "text", "text": "Cats are permitted in all units."}]},
         "title": "pets", "citations": {"enabled": True}},
        {"type": "text", "text": "What do the documents say?"}]}]


def test_anthropic_documents_keep_the_request_order(verifier):
    docs = anthropic_documents(anthropic_request())
    assert [d.id for d in docs] == ["lease.txt", "scan.pdf", "pets"]
    assert docs[0].text == LEASE and docs[1].text == "" and docs[2].text == "PET POLICY\n\nCats are permitted in all units."
    resp = {"type": "message", "role": "assistant", "content": [
        {"type": "text", "text": "Cats are allowed everywhere", "citations": [
            {"type": "content_block_location", "cited_text": "Cats are permitted in all units.", "document_index": 2,
             "document_title": "pets", "start_block_index": 1, "end_block_index": 2}]},
        {"type": "text", "text": ", says the scan", "citations": [
            {"type": "page_location", "cited_text": "Pets welcome.", "document_index": 1,
             "document_title": "scan.pdf", "start_page_number": 1, "end_page_number": 2}]}]}
    ans, results = check_response(resp, docs, verifier=verifier)
    assert [c.source_id for c in ans.citations] == ["pets", "scan.pdf"]
    assert statuses(results) == ["ok", "unverifiable"]  # the PDF was sent without text
    assert results[0].location_ok is True


def test_saved_responses_keep_line_separators_inside_strings(tmp_path):
    # JSON Lines ends a record at "\n" only: U+2028 inside a string (json.dumps with
    # ensure_ascii=False writes it raw) is part of the answer, not a line break
    jl = tmp_path / "answers.jsonl"
    answer = {"choices": [{"message": {"role": "assistant", "content": "Rent is due.\u2028\"Pay rent.\""}}]}
    jl.write_text(json.dumps(answer, ensure_ascii=False) + "\n", encoding="utf-8")
    [saved] = load_saved_responses(jl)
    assert saved.response == answer and saved.origin == f"{jl}:1"


def test_load_saved_responses(tmp_path):
    jl = tmp_path / "answers.jsonl"
    jl.write_text(json.dumps(load("cohere_v2_chat.json")) + "\n\n"
                  + json.dumps({"response": load("anthropic_messages.json"), "documents": ["lease.txt", "pet_policy.txt"]})
                  + "\n", encoding="utf-8")
    saved = load_saved_responses(jl)
    assert [s.origin for s in saved] == [f"{jl}:1", f"{jl}:3"]
    assert detect_provider(saved[0].response) == "cohere" and saved[0].documents is None
    ordered = saved[1].sources_for({"pet_policy.txt": POLICY, "lease.txt": LEASE, "faq": SRC["faq"]})
    assert [s.id for s in ordered] == ["lease.txt", "pet_policy.txt", "faq"]
    assert {c.source_id for c in parse_citations(saved[1].response, sources=ordered)} == {"lease.txt"}
    with pytest.raises(ValueError, match=r"answers.jsonl:3: 'documents' names unknown source\(s\): lease.txt"):
        saved[1].sources_for({"faq": "x"})

    stream = tmp_path / "stream.json"
    stream.write_text(json.dumps([p for _, p in anthropic_events(load("anthropic_messages.json"))]), encoding="utf-8")
    [one] = load_saved_responses(stream)
    assert read_response(one.response, sources=SENT).text == read_response(load("anthropic_messages.json")).text

    many = tmp_path / "many.json"
    many.write_text(json.dumps([load("gemini_grounding.json"), load("openai_chat_url_citations.json")]), encoding="utf-8")
    assert [detect_provider(s.response) for s in load_saved_responses(many)] == ["gemini", "openai"]

    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"ok": 1}\n{not json\n', encoding="utf-8")
    with pytest.raises(ValueError, match=r"bad.jsonl:2: not a JSON value"):
        load_saved_responses(bad)
    empty = tmp_path / "empty.jsonl"
    empty.write_text("\n", encoding="utf-8")
    with pytest.raises(ValueError, match="no responses in the file"):
        load_saved_responses(empty)


def test_annotate_and_describe_failed_citations(verifier):
    ans, results = check("anthropic_messages.json", SENT, verifier)
    out = annotate_citations(ans.text, results)
    assert out.replace(" [citation location_mismatch: lease.txt]", "").replace(
        " [citation misattributed: lease.txt]", "").replace(" [citation altered: lease.txt]", "") == ans.text
    assert "consent [citation location_mismatch: lease.txt]." in out
    assert "[citation ok" not in out
    line = results[2].describe()
    assert "'lease.txt' (chars" in line and "misattributed" in line and "Dogs over 20 kg" in line
    assert "Cited text: “Dogs over 20 kg are not permitted.”" in line


def test_gemini_part_index_offsets_count_bytes_of_their_part():
    parts = ["Überblick: ", "Die Ruhezeit gilt täglich von 22 Uhr bis 7 Uhr."]
    seg_text = "gilt täglich von 22 Uhr"
    b = len(parts[1][: parts[1].index(seg_text)].encode())
    resp = {"candidates": [{"content": {"parts": [{"text": p} for p in parts]}, "groundingMetadata": {
        "groundingChunks": [{"retrievedContext": {"uri": "gs://tenant-docs/hausordnung.txt", "title": "hausordnung.txt"}}],
        "groundingSupports": [{"segment": {"partIndex": 1, "startIndex": b, "endIndex": b + len(seg_text.encode()),
                                           "text": seg_text}, "groundingChunkIndices": [0]}]}}]}
    ans = read_response(resp, sources=SRC)
    [c] = ans.citations
    assert ans.text[c.answer_span[0]:c.answer_span[1]] == seg_text and c.source_id == "hausordnung.txt"
    assert c.recovered and c.cited_text in SRC["hausordnung.txt"]  # no chunk text: recovered from the source


def test_anthropic_search_and_web_result_locations():
    resp = {"type": "message", "content": [{"type": "text", "text": "Cats are fine.", "citations": [
        {"type": "search_result_location", "source": "https://kb.example/pets", "title": "Pets", "cited_text": "Cats ok.",
         "search_result_index": 0, "start_block_index": 0, "end_block_index": 1},
        {"type": "web_search_result_location", "url": "https://example.com/pet_policy.txt", "title": "Pet policy",
         "cited_text": "Cats are permitted in all units.", "encrypted_index": "Eo8BCioIAhgBIiQ"}]}]}
    search, web = parse_citations(resp, sources=SRC)
    assert (search.source_id, search.claimed_location) == ("https://kb.example/pets", BlockRange(0, 1))
    assert (web.source_id, web.claimed_location) == ("pet_policy.txt", None)  # URL file name resolved


def test_byte_to_char_round_trip_property():
    hypothesis = pytest.importorskip("hypothesis")
    from hypothesis import strategies as st

    from quote_guard.citations._text import char_to_byte

    @hypothesis.given(st.text(max_size=60), st.data())
    @hypothesis.settings(max_examples=200, deadline=None)
    def prop(text: str, data: Any) -> None:
        k = data.draw(st.integers(0, len(text)))
        assert byte_to_char(text, char_to_byte(text, k)) == k

    prop()
