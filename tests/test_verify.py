"""The lexical Verifier: verdicts, offsets into the original text, errors."""

from __future__ import annotations

import pytest

from quote_guard import (
    QuoteResult,
    QuoteVerificationError,
    Source,
    SourceError,
    Span,
    Verdict,
    Verifier,
    VerifierConfig,
    raise_for_failures,
    stats,
)
from quote_guard.verify import split_ellipsis

LEASE = (
    "LEASE AGREEMENT\n\n"
    "1. Rent. The Tenant shall pay the Landlord a monthly rent of $1,200 on the first day of each month.\n\n"
    "2. Subletting. The Tenant shall not sublet the premises without the prior written consent of the "
    "Landlord, which consent shall not be unreasonably with-\nheld.\n\n"
    "3. Notice. Either party may terminate this Agreement by giving at least sixty (60) days’ written "
    "notice to the other party before the end of the term.\n\n"
    "4. Exclusivity. The Landlord grants the Tenant an exclusive right to use the parking space.\n"
)
NDA = (
    "MUTUAL NON-DISCLOSURE AGREEMENT\n\n"
    "The Receiving Party shall hold all Confidential Information in strict confidence for five (5) years "
    "and shall use it solely to evaluate the proposed transaction.\n"
)
SOURCES = [Source("lease.txt", LEASE), Source("nda.txt", NDA)]


def one(v: Verifier, quote: str, sources=SOURCES):
    [r] = v.verify([quote], sources)
    return r


def span_text(r, sources=SOURCES):
    by_id = {s.id: s.text for s in sources}
    return [by_id[s.source_id][s.start : s.end] for s in r.spans]


# --------------------------------------------------------------------------- verbatim

def test_verbatim_has_exact_offsets_and_the_right_document(lexical):
    q = "The Receiving Party shall hold all Confidential Information in strict confidence"
    r = one(lexical, q)
    assert r.verdict is Verdict.VERBATIM
    assert r.source_id == "nda.txt"
    assert span_text(r) == [q] and r.verbatim == q
    assert r.metrics.match_ratio == 1.0 and r.metrics.stage == "exact"
    assert q in r.context and len(r.context) <= len(q) + 2 * 300


def test_document_order_and_separators_do_not_change_the_reported_document(lexical):
    q = "shall use it solely to evaluate the proposed transaction"
    for srcs in (SOURCES, SOURCES[::-1], {"a": "x" * 10 + "\n\n---\n\n", "nda.txt": NDA, "lease.txt": LEASE}):
        r = one(lexical, q.upper(), srcs)  # not verbatim: goes through folding
        assert r.verdict is Verdict.NEAR_VERBATIM
        assert r.source_id == "nda.txt"
        # the dropped final period is part of the span
        assert span_text(r, [Source(k, v) for k, v in srcs.items()] if isinstance(srcs, dict) else srcs) == [q + "."]


def test_span_never_crosses_a_document_boundary(lexical):
    # the quote straddles the end of one document and the start of the next
    a = Source("a", "The seller shall deliver the goods")
    b = Source("b", "within ten days of the order.")
    r = one(lexical, "The seller shall deliver the goods within ten days of the order.", [a, b])
    for s in r.spans:
        text = {"a": a.text, "b": b.text}[s.source_id]
        assert 0 <= s.start <= s.end <= len(text)
    assert r.verdict is not Verdict.VERBATIM and r.verdict is not Verdict.NEAR_VERBATIM


# --------------------------------------------------------------------------- near_verbatim

@pytest.mark.parametrize(
    "quote",
    [
        "the tenant shall pay the landlord a monthly rent of $1,200",  # case
        "The Tenant  shall pay the Landlord\na monthly rent of $1,200",  # whitespace
        "Either party may terminate this Agreement by giving at least sixty (60) days' written notice",  # ’ vs '
        "which consent shall not be unreasonably withheld",  # hyphenated across a line break
        "the Landlord grants the Tenant an exclusive right to use the parking space",  # dropped final period
    ],
)
def test_harmless_edits_are_near_verbatim_with_the_original_span(lexical, quote):
    r = one(lexical, quote)
    assert r.verdict is Verdict.NEAR_VERBATIM, r.reason
    assert r.source_id == "lease.txt"
    assert r.verbatim == span_text(r)[0]
    assert r.metrics.differences == () or all(not d.load_bearing for d in r.metrics.differences)


def test_dropped_final_period_is_restored_in_the_span(lexical):
    r = one(lexical, "the Landlord grants the Tenant an exclusive right to use the parking space")
    assert r.verbatim == "The Landlord grants the Tenant an exclusive right to use the parking space."


def test_typo_corrected_by_the_model_is_near_verbatim():
    v = Verifier(VerifierConfig(semantic={"enabled": False}))
    src = [Source("c", "The Supplier shall deliver the Prodcts to the Buyer’s warehouse within the agreed period.")]
    r = one(v, "The Supplier shall deliver the Products to the Buyer's warehouse within the agreed period.", src)
    assert r.verdict is Verdict.NEAR_VERBATIM
    assert r.verbatim == src[0].text
    assert [d.category for d in r.metrics.differences] == ["spelling"]


@pytest.mark.parametrize(
    ("quote", "source"),
    [
        ("The fee is $1000 per month.", "The fee is $1,000 per month."),
        ("The fee is $1,000.00 per month.", "The fee is $1,000 per month."),
        ("Smith and Jones LLP shall act as counsel.", "Smith & Jones LLP shall act as counsel."),
        ("The Supplier does not warrant uninterrupted service.", "The Supplier doesn't warrant uninterrupted service."),
        ("Acme Incorporated shall deliver the goods under Section 4.", "Acme Inc. shall deliver the goods under Sec. 4."),
        # a sign written out at the end of a sentence ("4.5%." for "4.5 per cent."), a mixed number,
        # a fraction spelled out before its figure, a number word opening a sentence, pence
        ("Two members preferred to reduce Bank Rate by 0.25 percentage points, to 4.5%.",
         "Two members preferred to reduce Bank Rate by 0.25 percentage points, to 4.5 per cent."),
        ("Late charges of 1.5% per month shall also become payable by the buyer.",
         "Late charges of 1-1/2% per month shall also become payable by the buyer."),
        ("shall be subject to a late charge equal to 1.5% per month, payable on demand.",
         "shall be subject to a late charge equal to one and one-half percent (1.5%) per month, payable on demand."),
        ("23 randomized controlled trials involving 14,862 participants met the inclusion criteria.",
         "Twenty-three randomised controlled trials involving 14,862 participants met the inclusion criteria."),
        ("Shareholders will receive 420p in cash for each share they hold.",
         "Shareholders will receive 420 pence in cash for each share they hold."),
    ],
)
def test_same_words_and_values_written_differently_are_near_verbatim(lexical, quote, source):
    r = one(lexical, quote, [Source("c", source)])
    assert r.verdict is Verdict.NEAR_VERBATIM, r.reason
    assert r.verbatim == source


@pytest.mark.parametrize(
    ("quote", "source"),
    [
        ("The Licensee shall exclude all affiliates.", "The Licensee shall include all affiliates."),
        ("The Vendor is viable for any loss.", "The Vendor is liable for any loss."),
        ("The grant is inclusive of the territory.", "The grant is exclusive of the territory."),
    ],
)
def test_two_real_words_that_look_alike_are_not_a_typo(lexical, quote, source):
    r = one(lexical, quote, [Source("c", source)])
    assert r.verdict is Verdict.ALTERED, r.reason


def test_adviser_and_advisor_are_one_word(lexical):
    # one letter for another is no word of its own ("o" is a connective in Spanish, not here)
    r = one(lexical, "Our advisors shall review the plan every year.", [Source("c", "Our advisers shall review the plan every year.")])
    assert r.verdict is Verdict.NEAR_VERBATIM, r.reason


def test_british_spelling_is_near_verbatim(lexical):
    src = [Source("c", "The licensor shall authorize the organization to use the gray color marks for the enrollment.")]
    r = one(lexical, "The licensor shall authorise the organisation to use the grey colour marks for the enrolment.", src)
    assert r.verdict is Verdict.NEAR_VERBATIM, r.reason


# --------------------------------------------------------------------------- altered

@pytest.mark.parametrize(
    ("quote", "category"),
    [
        ("The Tenant shall pay the Landlord a monthly rent of $1,500 on the first day of each month.", "number"),
        ("The Tenant shall sublet the premises without the prior written consent of the Landlord", "negation"),
        ("The Tenant shall not not sublet the premises", None),  # added word: still not accepted
        ("Either party may terminate this Agreement by giving at least ninety (90) days’ written notice", "number"),
        ("The Tenant may pay the Landlord a monthly rent of $1,200 on the first day of each month.", "modal"),
        ("Either party may terminate this Agreement by giving at least sixty (60) days’ written notice to the "
         "other party after the end of the term.", "direction"),
        ("The Landlord grants the Tenant a non-exclusive right to use the parking space.", None),
        ("The Tenant grants the Landlord an exclusive right to use the parking space.", "party"),
        ("The Disclosing Party shall hold all Confidential Information in strict confidence", "party"),
        ("Either party may terminate this Agreement by giving at least sixty (60) days’ written notice to "
         "any party before the end of the term.", "quantifier"),
        # any other word swapped in an otherwise identical clause is an alteration, not a rewording
        ("Either party may terminate this Agreement by giving at least sixty (60) days’ oral notice to "
         "the other party before the end of the term.", "content"),
        ("The Tenant shall not sublet the premises without the prior written consent of the Landlord, "
         "or consent shall not be unreasonably withheld.", "connective"),
    ],
)
def test_meaning_changes_are_altered_never_near_verbatim(lexical, quote, category):
    r = one(lexical, quote)
    assert r.verdict is Verdict.ALTERED, (r.verdict, r.reason)
    assert r.spans, "altered quotes point to the passage they distort"
    assert r.metrics.changed_words
    if category:
        assert category in {d.category for d in r.metrics.differences if d.load_bearing}


def test_altered_reports_the_passage_and_words(lexical):
    r = one(lexical, "The Tenant shall pay the Landlord a monthly rent of $1,500 on the first day of each month.")
    assert span_text(r) == ["The Tenant shall pay the Landlord a monthly rent of $1,200 on the first day of each month."]
    assert r.metrics.changed_words == ["1,500 → 1,200"]


def test_named_party_swap_is_altered(lexical):
    src = [Source("lic", "CytoDyn may assign this Agreement to any Affiliate without the consent of Vyera.")]
    r = one(lexical, "Vyera may assign this Agreement to any Affiliate without the consent of Vyera.", src)
    assert r.verdict is Verdict.ALTERED
    assert {d.category for d in r.metrics.differences} == {"party"}


@pytest.mark.parametrize(
    "quote",
    [
        # words silently dropped from the middle (no ellipsis to say so)
        "The Receiving Party shall hold all Confidential Information for five (5) years and shall use it "
        "solely to evaluate the proposed transaction.",
        # a clause slipped in
        "Either party may terminate this Agreement at any time and for any reason by giving at least sixty "
        "(60) days’ written notice to the other party before the end of the term.",
    ],
)
def test_a_clause_dropped_or_added_without_an_ellipsis_is_altered(lexical, quote):
    r = one(lexical, quote)
    assert r.verdict is Verdict.ALTERED, r.reason
    assert len([d for d in r.metrics.differences if d.load_bearing]) == 1


@pytest.mark.parametrize(
    ("quote", "source", "verdict"),
    [
        # a full stop where the source's sentence goes on: whatever follows may narrow it
        ("Snowpack on 1 April has declined by about 18% since the 1980s.",
         "Snowpack on 1 April has declined by about 18% since the 1980s at stations below 1,500 m. Above it, less.",
         Verdict.ALTERED),
        ("The hosting fee is $450 a month for the basic plan.",
         "The hosting fee is $450 a month for the basic plan over CER. Other plans cost more.", Verdict.ALTERED),
        # ... but not a clause of its own (after a comma or a conjunction), a defined term's label, or a
        # sentence that does end there
        ("Sales rose 5% in the quarter.", "Sales rose 5% in the quarter, but margins fell. Costs rose.",
         Verdict.NEAR_VERBATIM),
        ("The plant cooled the air and distilled the gases.", "The plant cooled the air and distilled the gases "
         "and captured them. Next.", Verdict.NEAR_VERBATIM),
        ("The term of this Agreement is one year.",
         'The term of this Agreement is one year (the "Term"). It renews each year.', Verdict.NEAR_VERBATIM),
        ("The term of this Agreement is one year.",
         "The term of this Agreement is one year. It renews each year.", Verdict.VERBATIM),
    ],
)
def test_a_sentence_ended_where_the_source_goes_on_is_altered(lexical, quote, source, verdict):
    r = one(lexical, quote, [Source("s", source)])
    assert r.verdict is verdict, r.reason


def test_scattered_rewording_is_not_altered(lexical):
    # several ordinary words changed: a rewording for the semantic stage, never 'altered'
    r = one(lexical, "The renter must pay the owner a rent of $1,200 each month on its first day.")
    assert r.verdict is Verdict.UNSUPPORTED


# --------------------------------------------------------------------------- unsupported

def test_unrelated_text_is_unsupported_with_no_span(lexical):
    r = one(lexical, "The parties agree to arbitrate every dispute in Geneva under Swiss law.")
    assert r.verdict is Verdict.UNSUPPORTED
    assert r.spans == () and r.verbatim is None
    assert r.reason


def test_no_source_text_is_uncheckable(lexical):
    r = one(lexical, "anything at all", [Source("empty", "   \n")])
    assert r.verdict is Verdict.UNCHECKABLE
    assert "no source text" in r.reason


def test_empty_quote_is_uncheckable_not_an_error(lexical):
    rs = lexical.verify(["", "The Tenant shall pay the Landlord"], SOURCES)
    assert rs[0].verdict is Verdict.UNCHECKABLE and rs[1].verdict is Verdict.VERBATIM


# --------------------------------------------------------------------------- ellipsis

def test_split_ellipsis_forms():
    for mark in ("...", "…", ". . .", "[...]", "[…]", "(...)", "(…)"):
        assert [f for f, _ in split_ellipsis(f"alpha beta {mark} gamma delta")] == ["alpha beta", "gamma delta"]
    # four dots: the first is the fragment's own full stop
    assert [f for f, _ in split_ellipsis("the end.... next part")] == ["the end.", "next part"]
    assert split_ellipsis("... leading and trailing ...") == [("leading and trailing", "")]


def test_ellipsis_quote_in_order_is_verbatim_with_one_span_per_fragment(lexical):
    q = "The Tenant shall not sublet the premises … unreasonably with-\nheld."
    r = one(lexical, q)
    # every fragment is verbatim and in order, but the ellipsis hides the condition
    # ("without the prior written consent ..."): the joined quote forbids what the source allows
    assert r.verdict is Verdict.ALTERED and "without" in r.reason
    assert span_text(r) == ["The Tenant shall not sublet the premises", "unreasonably with-\nheld."]
    assert r.verbatim == "The Tenant shall not sublet the premises … unreasonably with-\nheld."


def test_ellipsis_fragments_in_the_wrong_order_are_not_verbatim(lexical):
    r = one(lexical, "unreasonably withheld ... The Tenant shall not sublet the premises")
    assert r.verdict is Verdict.ALTERED
    assert "order" in r.reason


def test_frankenquote_across_documents_is_unsupported(lexical):
    r = one(lexical, "The Tenant shall not sublet the premises ... in strict confidence for five (5) years")
    assert r.verdict is Verdict.UNSUPPORTED
    assert r.spans == ()
    assert "one document" in r.reason


def test_ellipsis_gap_limit_is_configurable():
    v = Verifier(VerifierConfig(ellipsis_max_gap=20, semantic={"enabled": False}))
    r = one(v, "1. Rent. ... 4. Exclusivity.")
    assert r.verdict is Verdict.ALTERED and "gap" in r.reason
    r = one(Verifier(VerifierConfig(semantic={"enabled": False})), "1. Rent. ... 4. Exclusivity.")
    assert r.verdict is Verdict.VERBATIM


def test_ellipsis_with_a_changed_fragment_is_altered(lexical):
    r = one(lexical, "The Tenant shall pay the Landlord ... the prior written consent of the Tenant")
    assert r.verdict is Verdict.ALTERED


# --------------------------------------------------------------------------- length and scripts

def test_no_length_limit(lexical):
    words = [f"clause{i} {'shall' if i % 7 else 'may'} apply to item {i}" for i in range(400)]
    doc = "Preamble. " + "; ".join(words) + ". End."
    i0 = doc.index("clause100")
    q = doc[i0 : i0 + 5000].rstrip("; ")
    assert len(q) >= 4990
    r = one(lexical, q, [Source("long", doc)])
    assert r.verdict is Verdict.VERBATIM and (r.spans[0].start, r.spans[0].end) == (i0, i0 + len(q))
    r = one(lexical, q.upper().replace("; ", ";  "), [Source("long", doc)])
    assert r.verdict is Verdict.NEAR_VERBATIM and r.spans[0].start == i0
    changed = q.replace("item 150;", "item 151;")
    r = one(lexical, changed, [Source("long", doc)])
    assert r.verdict is Verdict.ALTERED and r.metrics.changed_words == ["151 → 150"]


@pytest.mark.parametrize(
    ("doc", "quote", "verdict"),
    [
        ("東京都は日本の首都であり、人口は約千四百万人である。大阪は第二の都市である。", "日本の首都であり、人口は約千四百万人", "verbatim"),
        ("東京都は日本の首都であり、人口は約千四百万人である。大阪は第二の都市である。", "日本の首都ではなく、人口は約千四百万人", "altered"),
        ("Москва — столица России. Арендатор обязан платить арендную плату ежемесячно.",
         "арендатор обязан платить арендную плату ежемесячно", "near_verbatim"),
        ("Le locataire doit payer le loyer avant le cinquième jour du mois. Le bailleur garantit l'accès.",
         "Le locataire doit payer le loyer après le cinquième jour du mois.", "altered"),
        ("Der Mieter zahlt die Miete monatlich im Voraus. Die Kündigungsfrist beträgt drei Monate.",
         "Die Kündigungsfrist beträgt 3 Monate", "altered"),
        ("Der Mieter zahlt die Miete monatlich im Voraus. Die Kündigungsfrist beträgt drei Monate.",
         "„Der Mieter zahlt die Miete monatlich im voraus", "near_verbatim"),
    ],
)
def test_several_languages(lexical, doc, quote, verdict):
    r = one(lexical, quote, [Source("d", doc)])
    assert r.verdict.value == verdict, r.reason
    if verdict != "unsupported":
        s = r.spans[0]
        assert 0 <= s.start < s.end <= len(doc)


# --------------------------------------------------------------------------- BM25 path

def test_bm25_narrowing_finds_the_same_span_and_reports_scores():
    filler = " ".join(f"Section {i}. The vendor will deliver lot {i} on schedule." for i in range(300))
    doc = filler + " The Licensee shall not assign this Agreement without consent. " + filler
    quote = "The Licensee may not assign this Agreement without consent."
    direct = Verifier(VerifierConfig(semantic={"enabled": False}))
    narrowed = Verifier(VerifierConfig(bm25_min_chars=0, semantic={"enabled": False}))
    a, b = one(direct, quote, [Source("d", doc)]), one(narrowed, quote, [Source("d", doc)])
    assert a.verdict is b.verdict is Verdict.ALTERED
    assert a.spans == b.spans
    assert a.metrics.bm25_score is None
    assert b.metrics.bm25_score is not None and b.metrics.bm25_score > 0
    assert b.metrics.bm25_ratio is not None and b.metrics.bm25_ratio > 1.0


# --------------------------------------------------------------------------- input errors

def test_bad_input_errors_name_the_problem(lexical):
    with pytest.raises(ValueError, match="quotes is empty"):
        lexical.verify([], SOURCES)
    with pytest.raises(TypeError, match=r"quotes\[1\] must be a str"):
        lexical.verify(["ok", 3], SOURCES)
    with pytest.raises(TypeError, match="not a single string"):
        lexical.verify("a quote", SOURCES)
    with pytest.raises(SourceError, match="sources is empty"):
        lexical.verify(["q"], [])
    with pytest.raises(SourceError, match="duplicate source id 'a'"):
        lexical.verify(["q"], [Source("a", "x"), Source("a", "y")])
    with pytest.raises(TypeError, match=r"sources\[0\] must be a Source or a str"):
        lexical.verify(["q"], [b"bytes"])
    with pytest.raises(TypeError, match="decode bytes first"):
        Source("a", b"bytes")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="non-empty"):
        Source("", "text")


def test_sources_as_dict_or_list_of_texts(lexical):
    q = "The Tenant shall pay the Landlord"
    assert one(lexical, q, {"lease": LEASE}).source_id == "lease"
    assert one(lexical, q, [NDA, LEASE]).source_id == "source[1]"


def test_unknown_setting_is_a_config_error():
    from quote_guard import ConfigError

    with pytest.raises(ConfigError, match="unknown Verifier setting.*near_verbatim_minratio"):
        Verifier(VerifierConfig(), near_verbatim_minratio=0.5)
    with pytest.raises(ConfigError, match="invalid Verifier setting"):
        Verifier(VerifierConfig(), near_verbatim_min_ratio=2)
    assert Verifier(ellipsis_max_gap=10).config.ellipsis_max_gap == 10
    with pytest.raises(ValueError):
        VerifierConfig(near_verbatim_min_ratio=2)


# --------------------------------------------------------------------------- results

def test_results_are_frozen_and_exportable(lexical):
    r = one(lexical, "The Tenant shall pay the Landlord a monthly rent of $1,500")
    with pytest.raises(AttributeError):
        r.verdict = Verdict.VERBATIM  # type: ignore[misc]
    d = r.to_dict()
    assert d["verdict"] == "altered" and d["spans"][0]["source_id"] == "lease.txt"
    assert d["metrics"]["differences"][0]["category"] == "number"
    assert isinstance(r.spans[0], Span)
    # what dataclasses.asdict gives, keys in the same order (the records are written without it)
    from dataclasses import asdict

    assert list(d["spans"][0].items()) == list(asdict(r.spans[0]).items())
    assert list(d["metrics"].items()) == list({**asdict(r.metrics), "differences": [asdict(x) for x in r.metrics.differences]}.items())
    assert list(d["metrics"]["differences"][0].items()) == list(asdict(r.metrics.differences[0]).items())


def test_stats_and_raise_for_failures(lexical):
    rs = lexical.verify(
        [
            "The Tenant shall pay the Landlord",
            "the tenant shall pay the landlord",
            "The Tenant shall pay the Landlord a monthly rent of $9,999",
            "Completely invented sentence about rockets and moons.",
            "The Tenant shall pay ... the parking space.",
        ],
        SOURCES,
    )
    s = stats(rs)
    assert s["n_quotes"] == 5 and s["n_with_ellipses"] == 1
    assert (s["n_verbatim"], s["n_near_verbatim"], s["n_altered"], s["n_unsupported"]) == (2, 1, 1, 1)
    assert 0 < s["mean_match_ratio"] <= 1 and s["mean_span_length"] > 0
    assert s["mean_bm25_score"] is None  # small context: aligned directly, BM25 not run
    with pytest.raises(QuoteVerificationError, match="2 of 5 quotes failed") as ei:
        raise_for_failures(rs)
    assert len(ei.value.results) == 5
    raise_for_failures(rs[:2])


def test_corpus_filter_keeps_the_passage_of_a_changed_number():
    # issue 10 §5: in a large collection (16+ documents, 200 KB+) a changed figure is a word found
    # nowhere, and in a short quote it was the filter's best clue: it must not lose the passage
    import json
    from pathlib import Path

    path = Path(__file__).resolve().parents[2] / "shared" / "bench" / "dev" / "docs.jsonl"
    docs = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
    docs = sorted((d for d in docs if d["id"].startswith("cuad/") and "#" not in d["id"]), key=lambda d: d["id"])[:24]
    assert len(docs) >= 16 and sum(len(d["text"]) for d in docs) >= 200_000
    v = Verifier(VerifierConfig(semantic={"enabled": False}))
    for real, changed in [("warranty period sixty (60) months", "warranty period sixty (63) months"),
                          ("DISPUTE TO A COURT IN ACCORDANCE WITH SECTION 19",
                           "DISPUTE TO A COURT IN ACCORDANCE WITH SECTION 22")]:
        home = next(d["id"] for d in docs if real in d["text"])
        [r] = v.verify([changed], [Source(x["id"], x["text"]) for x in docs])
        assert r.verdict is Verdict.ALTERED, (changed, r.reason)
        assert r.spans[0].source_id == home


def test_a_long_unspaced_quote_with_one_character_changed_is_altered():
    # issue 17 R8: one changed character in 19,000 characters without a space is a changed text,
    # not a typo, and its span is the passage (edges do not run to the ends of the "word")
    import random

    rng = random.Random(7)
    text = "".join(rng.choice("abcdefghij") for _ in range(60_000))
    quote = text[1000:20_000]
    quote = quote[:9000] + ("Z" if quote[9000] != "Z" else "Y") + quote[9001:]
    [r] = Verifier(VerifierConfig(semantic={"enabled": False})).verify([quote], {"d": text})
    assert r.verdict is Verdict.ALTERED
    assert (r.spans[0].start, r.spans[0].end) == (1000, 20_000)


def test_a_loose_ellipsis_quote_may_still_restate_its_passage_but_a_stitched_one_may_not():
    # the fragments are in the source, too loosely for a quotation of it: the semantic stage
    # may still find that it restates the passage; fragments missing from the sources stay
    # unsupported (a frankenquote is stitched, not restated)
    from quote_guard import Source, Verdict, Verifier

    src = ("The fire started after midnight. A neighbour, 42-year-old Tom Reed, \"ran back to the house and "
           "tried to open the front door but the heat would not let him,\" she said. Firefighters arrived ten "
           "minutes later.")
    loose = 'She said another neighbour, 42-year-old Tom Reed, "ran back to the house ... but the heat would not let him."'
    stitched = 'She said the mayor "opened the new bridge ... and the crowd cheered for an hour."'
    r_loose, r_stitched = Verifier().verify([loose, stitched], [Source("news", src)])
    assert r_loose.verdict is Verdict.PARAPHRASE and r_loose.metrics.stage == "semantic"
    assert r_stitched.verdict is Verdict.UNSUPPORTED and r_stitched.metrics.stage == "ellipsis"


def test_collection_seed_table_finds_the_same_passage_as_aligning_every_document():
    # issue 14: with a collection's seed table the fuzzy search skips documents whose missing
    # seed chunks bound their match below the best one found; the passage found (document, span,
    # ratio, ties to the earlier document) must be the one aligning every candidate gives
    import random

    from quote_guard.index import CorpusFilter, get_index
    from quote_guard.normalize import fold
    from quote_guard.verify import _Doc

    rng = random.Random(11)
    words = "the licensee shall pay royalty within thirty days of each quarter end unless agreed otherwise".split()
    clause = "The Licensee shall pay the royalty within thirty (30) days after the end of each calendar quarter."

    def filler() -> str:
        return " ".join(rng.choice(words) for _ in range(rng.randrange(3000, 6000)))

    texts = []
    for i in range(24):  # the clause, edited or not, repeated through several documents
        variant = clause if i % 5 == 0 else clause.replace("thirty (30)", rng.choice(["sixty (60)", "thirty (31)"]))
        texts.append(filler() + " " + (variant if i % 3 else "") + " " + filler())
    sources = [Source(f"d{i}", t) for i, t in enumerate(texts)]
    docs = [_Doc(s, get_index(s.text), i) for i, s in enumerate(sources)]
    seeds = CorpusFilter([d.index for d in docs]).seeds(10_000)  # asked about enough quotes to build it
    v = Verifier(VerifierConfig(semantic={"enabled": False}))
    quotes = [clause, clause.replace("royalty", "fee"), clause.replace("thirty (30)", "sixty (60)").replace("calendar ", "")]
    for q in quotes + [" ".join(rng.choice(words) for _ in range(30)) for _ in range(10)]:
        fq = fold(q).text
        pruned, full = v._fuzzy_best(fq, docs, False, seeds), v._fuzzy_best(fq, docs, False, None)
        assert (pruned is None) == (full is None), q
        if full is not None:
            assert (pruned.doc.n, pruned.fstart, pruned.fend, pruned.ratio) == (full.doc.n, full.fstart, full.fend, full.ratio), q


def test_a_quote_gets_the_same_result_whatever_earlier_calls_left_in_the_cache():
    # a call's result is a function of its quotes, sources and config: a BM25 index that an
    # earlier, larger call built over the same documents must not change the search path
    import random

    from quote_guard.index import clear_cache

    rng = random.Random(11)
    vocab = ("licensee licensor agreement territory royalty payment notice breach term party software "
             "warranty liability damages confidential information audit records invoice quarter").split()
    filler = " ".join(" ".join(rng.choice(vocab) for _ in range(12)).capitalize() + "." for _ in range(2400))
    passage = ("The Licensee shall indemnify and hold harmless the Licensor against all claims arising "
               "from any use of the Software that breaches the export control laws of the United States.")
    text = filler + " " + passage + " " + filler
    assert len(text) > 200_000  # past bm25_min_chars: large enough for the BM25 path
    # every 16-character piece of the quote holds an inserted word, so no seed is intact,
    # yet every word of the passage is there
    quote = ("The Licensee a shall a indemnify a and hold a harmless a the Licensor a against all a claims "
             "a arising a from any a use of a the Software a that a breaches a the export a control a laws "
             "a of the a United a States.")
    strip = lambda r: {k: v for k, v in r.to_dict().items() if k != "elapsed_ms"}  # noqa: E731
    clear_cache()
    v = Verifier(VerifierConfig(semantic={"enabled": False}))
    [alone] = v.verify([quote], [Source("big", text)])
    # a call large enough for BM25, whose quotes reach the fuzzy search (where the index is built)
    others = [filler[k * 997 : k * 997 + 60] + " zebra " + filler[k * 997 + 60 : k * 997 + 120] for k in range(30)]
    v.verify(others, [Source("big", text)])
    [again] = v.verify([quote], [Source("big", text)])
    assert strip(again) == strip(alone)


def test_an_ellipsis_quote_exact_in_one_document_aligns_no_fragment_in_the_others(monkeypatch):
    # the chain with every fragment exact is the best one: documents are first searched for it
    # exactly, and fragments are aligned fuzzily only when no document has it (issue 14)
    near = "The Tenant shall pay rent monthly in advance and shall repair any damage at its own cost."
    exact = "The Tenant shall pay the rent monthly in advance and shall repair any damage within 30 days."
    docs = [Source(f"other{i}", f"Unrelated text number {i} about weather and trains. " * 20) for i in range(3)]
    docs += [Source("near", near), Source("exact", exact), Source("exact_too", exact)]
    calls = []
    original = Verifier._fragment_fuzzy

    def counted(self, *args, **kwargs):
        calls.append(args[1].source.id)
        return original(self, *args, **kwargs)

    monkeypatch.setattr(Verifier, "_fragment_fuzzy", counted)
    v = Verifier(VerifierConfig(semantic={"enabled": False}))
    [r] = v.verify(["The Tenant shall pay the rent monthly ... repair any damage within 30 days"], docs)
    assert r.verdict is Verdict.VERBATIM and r.spans[0].source_id == "exact"  # the first that has it
    assert calls == []
    # no document has every fragment exact: the fuzzy chains are compared as before
    [r] = v.verify(["The Tenant shall pay the rent monthly ... repair any damage within 60 days"], docs)
    assert r.verdict is Verdict.ALTERED and r.spans[0].source_id == "exact"
    assert calls


def test_a_short_quote_in_a_large_collection_is_aligned_only_where_a_probe_is(monkeypatch):
    # issue 14: with more than six candidate documents, a quote of 32 characters or more is aligned
    # only in documents holding one of its probes (16 characters at its start, middle or end), or
    # in the six best candidates when none does; no whole-document alignment of every candidate
    filler = "The parties agree that the supplier delivers goods and the buyer pays the price on time. "
    docs = [Source(f"d{i:02d}", f"Clause {i}. " + filler * 60) for i in range(24)]
    docs[17] = Source("d17", docs[17].text + "The Buyer shall pay within thirty days of delivery.")
    aligned = []
    original = Verifier._fuzzy_in

    def counted(self, fq, d, lo, hi, budget, **kwargs):
        aligned.append(d.source.id)
        return original(self, fq, d, lo, hi, budget, **kwargs)

    monkeypatch.setattr(Verifier, "_fuzzy_in", counted)
    v = Verifier(VerifierConfig(semantic={"enabled": False}))
    [r] = v.verify(["The Buyer shall pay within sixty days of delivery."], docs)  # 50 characters
    assert r.verdict is Verdict.ALTERED and r.spans[0].source_id == "d17"
    aligned.clear()
    [r] = v.verify(["the Buyer shall pay within sixty days."], docs)  # 38 characters
    assert r.verdict is Verdict.ALTERED and r.spans[0].source_id == "d17"
    assert set(aligned) == {"d17"}, aligned  # the probe "the buyer shall " is only there


POLICY_TEXT = ("3. Equipment: The company will provide a laptop; other home-office costs are the employee's "
               "responsibility unless approved in advance by Finance. 4. Working abroad: Unless otherwise agreed "
               "in writing, employees must not work from outside the United Kingdom for more than 20 days. "
               "Consultant may disclose Confidential Information to the extent compelled by law; provided however, "
               "Consultant shall first notify the Company. The Tenant shall pay rent and the Landlord shall repair. "
               "Notwithstanding the foregoing, the Manager may approve trips of up to 30 days. Fees are payable in "
               "euros, if the Buyer is in the EU.")


@pytest.mark.parametrize("quote, shown", [
    # a fragment that stops right before a condition after a comma (since the 38th stop one that stops
    # before its sentence's proviso is altered: test_a_fragment_cut_right_before_a_hard_limit_is_altered)
    ("Fees are payable in euros", "the source goes on ', if the Buyer is in the EU.'"),
    # a clause copied with its semicolon, before the proviso
    ("Consultant may disclose Confidential Information to the extent compelled by law;", None),
    # ... or starts right after the condition its sentence opens with
    ("the Manager may approve trips of up to 30 days", "its sentence opens 'Notwithstanding the foregoing,'"),
    # nothing to say: the sentence goes on with a clause that limits nothing, or the fragment is whole
    ("The Tenant shall pay rent", None),
    ("The company will provide a laptop", None),
])
def test_a_verbatim_fragment_keeps_its_verdict_and_its_reason_names_the_limit_left_out(quote, shown):
    [r] = Verifier(VerifierConfig(semantic={"enabled": False})).verify([quote], {"policy": POLICY_TEXT})
    assert r.verdict is Verdict.VERBATIM
    if shown is None:
        assert r.reason == "found character for character in the source"
    else:
        assert shown in r.reason and r.reason.endswith("a limit the quote leaves out")


def test_a_fragment_after_the_exception_its_sentence_opens_with_is_altered():
    # "Unless otherwise agreed in writing, employees must not work abroad for more than 20 days": the rule
    # quoted without the exception that opens it ("Except as otherwise provided herein" is no exception)
    [r] = Verifier(VerifierConfig(semantic={"enabled": False})).verify(
        ["employees must not work from outside the United Kingdom for more than 20 days"], {"policy": POLICY_TEXT})
    assert r.verdict is Verdict.ALTERED, r.reason
    assert r.reason.startswith("the quote starts after the exception its source sentence opens with (Unless otherwise")


LIMITS_TEXT = ("We may share your data with our providers, but only to the extent necessary for them to act for us. "
               "The counterclaim fails, save for the £12,300 owed for the March goods. Neither party may assign this "
               "Agreement without the prior written consent of the other. The Buyer may change the delivery address at "
               "no cost only if it gives five days' notice. This Agreement is governed by the laws of Ohio, without "
               "regard to its conflict of laws rules. The Seller shall ship the goods. Except for the fees, costs "
               "are shared. Clean-up costs shall be at Owner's expense (except to the extent caused by Charterer). "
               "Neither party shall disclose the terms to any third party other than its legal advisors. Nantz shall "
               "not endorse any other apparel without the Company's prior written approval. No consent is needed "
               "for a change of control so long as the buyer assumes every obligation. The bonus becomes payable "
               "if sales reach $2 million by June. Cooling to 4°C would halve the cases, assuming the shelf life is "
               "observed. Liability is limited to direct damages, not to exceed the fees paid. The lease ends in May, "
               "if not renewed. The fee is payable on any investment from any source (\"Included Investors\"), except "
               "those from existing shareholders. Royalties are paid yearly until a total of $5 million has been paid. "
               "The host will keep the site online all day, every day, with the exception of scheduled maintenance. "
               "Unless approved by the Principal, the Agent shall sell no competing products within the Territory. "
               "Smoked fish accounts for 8% to 15% of listeriosis cases in people aged 75 years and older. "
               "Promotions will run on each weekly episode during the Term; provided that the show remains on the air. "
               "The Company shall reimburse the Investors for their reasonable expenses; provided, however, that such "
               "reimbursement shall not exceed $250,000. The Supplier shall repair defects free of charge, but not to "
               "exceed eighteen (18) months following shipment. The Employee shall not compete for twelve months, "
               "reduced by any period spent on Garden Leave. The Licensee may use the marks solely in connection with "
               "the Products. The Contractor is liable for losses to the extent caused by its negligence. The deck "
               "remains safe for light vehicles, subject to the temporary propping remaining in place. The Distributor "
               "is appointed as a non-exclusive distributor for the Products in the Territory, subject to the "
               "Company's direct sales. The Agent shall use the list for marketing; provided that it complies with "
               "the law. 7. LIABILITY. (a) EXCEPT WITH RESPECT TO CLAUSE 9, LIABILITY SHALL BE LIMITED TO THE FEES "
               "PAID. (b) Except as otherwise provided herein, each party shall bear its own costs. The term shall be "
               "extended for one year provided 3000 units per month are sold. Cash covers debt maturities through 2027, "
               "excluding the note due in May. That said, I don't agree with Mrs K that the insurer should pay for the "
               "whole kitchen. It is contemplated that the parties will sign a franchise agreement. Orders are filled, with "
               "the seller receiving 100% of the order's value subject to any processing charges. Notwithstanding the "
               "foregoing, this exclusion does not apply to response costs, subject to a sublimit of USD 250,000. Levels exceed the threshold at three receptors, during the "
               "piling phase only. The Territory is the area within three miles of the Premises; however, if the "
               "Premises are in a city, the radius is one mile. Analysts may use pro forma figures for that year only. "
               "This Agreement will renew for two terms of five years (each, an \"Extension Period\") unless either Party "
               "gives notice. The Company shall not sell the Products to any third party (the \"Sale Restriction\"); "
               "provided that it may sell them to Affiliates. Claims must be notified within eighteen months after "
               "Completion or, in the case of a tax claim, within seven years. In a prespecified subgroup of patients "
               "with low ferritin, the walk distance was 24 m longer with iron. The term shall expire on the last day "
               "in February (such expiration date, the \"Scheduled Expiration Date\"), unless sooner terminated. The "
               "royalties shall continue in perpetuity for as long as the Products are being sold. A member aged 55 "
               "may retire before Normal Pension Age with the consent of the Trustees. There is no evidence that the "
               "drug does not work in older adults. The Licensee receives a credit "
               "of 1/30 of the monthly fee for each hour, up to a maximum total of the fees for the month. The Agent "
               "shall not appoint any sub-agent in the Territory nor shall it grant any sub-licence, unless the Principal "
               "consents in writing. The Recipient may disclose the data if a court orders it, but the Recipient must "
               "first notify the Owner. Sales rose 5% in Europe, but the board must decide on dividends. Water damage is "
               "not covered; however, if the leak is reported within 14 days, the insurer will pay up to $5,000 for drying. "
               "Members are exempt from the fee for the first two years. No more than once in any year, the Owner may "
               "inspect the books. The storm destroyed all the farms in the valley with the exceptions of two. 4.2.1 With "
               "the exception of disputed sums, unpaid invoices bear interest at 2% a month. Use with strong inhibitors of "
               "CYP3A4 should be avoided in patients already taking 5 mg daily. Much of the coast is rocky and steep. So "
               "long as the Tenant is not in default, the Landlord shall not grant a competing lease. 9. SUPPLY For bulk "
               "orders only, the Seller will deliver within five days. Except as may be needed for technical support, the "
               "Reseller shall not copy the Software. The Territory is the State of Texas, but excluding any airport. The "
               "Agreement shall renew for an additional period of three (3) years (such renewal and each subsequent renewal "
               "shall be defined as a \"Renewal Term\") provided that EFS achieves Net Sales of at least $2 million. The "
               "grievant shall be reinstated with full seniority and back pay, less any interim earnings received. We "
               "believe that the Company is not exposed to any significant credit risk. Neither Party may assign this "
               "Agreement; provided, however, that except as provided in Section 20.4 either Party may assign its rights "
               "to an Affiliate. This is subject to Section 2.6. Either Party may assign it to a successor. The library "
               "renovation ($6.2 million) is approved contingent on the award of a state grant. 28.2. Limitations of "
               "Liability--Except in respect of personal injury caused by negligence, the amount recoverable by either "
               "party shall not exceed the fees paid. The Respondent will refund the difference to every affected "
               "customer who took out a plan before 1 September 2023. Refunds go to the customers who asked. "
               "Substantially all of our intangible assets were acquired through business combinations. We believe "
               "personalised offers contributed to higher basket sizes. The Company shall not be obliged to qualify to do "
               "business in any jurisdiction in which it is not so qualified.")


@pytest.mark.parametrize("quote, verdict", [
    # a fragment cut right before an exception, a sole condition or a duty to ask first claims more
    # than its source: other home-office costs are the employee's only "unless approved in advance"
    ("other home-office costs are the employee's responsibility", Verdict.ALTERED),
    ("We may share your data with our providers", Verdict.ALTERED),
    ("The counterclaim fails", Verdict.ALTERED),
    ("Neither party may assign this Agreement", Verdict.ALTERED),
    ("The Buyer may change the delivery address at no cost", Verdict.ALTERED),
    ("Clean-up costs shall be at Owner's expense", Verdict.ALTERED),
    ("Neither party shall disclose the terms to any third party", Verdict.ALTERED),
    ("Nantz shall not endorse any other apparel", Verdict.ALTERED),
    ("Nantz shall not endorse ... other apparel", Verdict.ALTERED),
    ("No consent is needed for a change of control", Verdict.ALTERED),  # an ellipsis inside, the same cut at the end
    # a condition right after the words (no comma), an assumption, a cap
    ("The bonus becomes payable", Verdict.ALTERED),
    ("Cooling to 4°C would halve the cases", Verdict.ALTERED),
    ("Liability is limited to direct damages", Verdict.ALTERED),
    ("The lease ends in May", Verdict.VERBATIM),  # ", if not renewed": after a comma, a caveat only
    # an exception past a defined term; an end set by an amount
    ("The fee is payable on any investment from any source", Verdict.ALTERED),
    ("Royalties are paid yearly", Verdict.ALTERED),
    # closed with a full stop before "with the exception of"; after an opening exception, closed early
    ("The host will keep the site online all day, every day.", Verdict.ALTERED),
    ("the Agent shall sell no competing products.", Verdict.ALTERED),
    # a finding without the population it holds in; a short phrase of it is quoted as a phrase
    ("Smoked fish accounts for 8% to 15% of listeriosis cases", Verdict.ALTERED),
    ("listeriosis cases", Verdict.VERBATIM),
    # a "without" that limits nothing; a limit in the next sentence; a quote with the same limit of its own
    ("This Agreement is governed by the laws of Ohio", Verdict.VERBATIM),
    ("The Seller shall ship the goods.", Verdict.VERBATIM),
    # a proviso, also after a semicolon; a cap, an offset, a sole purpose, an extent; a condition
    # ("subject to") the quote's whole sentence is stated under
    ("Promotions will run on each weekly episode during the Term", Verdict.ALTERED),
    ("The Company shall reimburse the Investors for their reasonable expenses", Verdict.ALTERED),
    ("The Supplier shall repair defects free of charge", Verdict.ALTERED),
    ("The Employee shall not compete for twelve months", Verdict.ALTERED),
    ("The Licensee may use the marks", Verdict.ALTERED),
    ("The Contractor is liable for losses", Verdict.ALTERED),
    ("The deck remains safe for light vehicles", Verdict.ALTERED),
    # a phrase from inside a sentence before its "subject to"; a clause copied with its semicolon
    ("non-exclusive distributor for the Products in the Territory", Verdict.VERBATIM),
    ("The Agent shall use the list for marketing;", Verdict.VERBATIM),
    # after an opening "except" of a list item; "Except as otherwise provided herein" excepts nothing
    ("LIABILITY SHALL BE LIMITED TO THE FEES PAID", Verdict.ALTERED),
    ("each party shall bear its own costs", Verdict.VERBATIM),
    ("The term shall be extended for one year", Verdict.ALTERED),  # "provided" before a figure
    ("Cash covers debt maturities through 2027", Verdict.ALTERED),  # an exclusion
    # what the source denies or only plans, quoted as what it says
    ("the insurer should pay for the whole kitchen", Verdict.ALTERED),
    ("the parties will sign a franchise agreement", Verdict.ALTERED),
    # a condition right after the words, a sublimit, a phase "only", an exception after "; however, if"
    ("with the seller receiving 100% of the order's value", Verdict.ALTERED),
    ("this exclusion does not apply to response costs", Verdict.ALTERED),
    ("Levels exceed the threshold at three receptors", Verdict.ALTERED),
    ("The Territory is the area within three miles of the Premises", Verdict.ALTERED),
    ("Analysts may use pro forma figures.", Verdict.ALTERED),  # a full stop where the source goes on "... only"
    # past a defined term with words of its own; another rule for some cases; the population a finding holds in
    ("This Agreement will renew for two terms of five years", Verdict.ALTERED),
    ("The Company shall not sell the Products to any third party", Verdict.ALTERED),
    ("Claims must be notified within eighteen months after Completion", Verdict.ALTERED),
    ("the walk distance was 24 m longer with iron", Verdict.ALTERED),
    # a defined term in brackets with words before it; "for as long as"; "with the consent of"
    ("The term shall expire on the last day in February", Verdict.ALTERED),
    ("The royalties shall continue in perpetuity", Verdict.ALTERED),
    ("A member aged 55 may retire before Normal Pension Age.", Verdict.ALTERED),
    ("The Licensee receives a credit of 1/30 of the monthly fee for each hour", Verdict.ALTERED),  # a cap
    ("the drug does not work in older adults", Verdict.ALTERED),  # a denied negation is still denied
    # an exception after a "nor" clause; a duty to notify after ", but"; a fragment after "however, if"
    ("The Agent shall not appoint any sub-agent in the Territory", Verdict.ALTERED),
    ("The Recipient may disclose the data if a court orders it", Verdict.ALTERED),
    ("Sales rose 5% in Europe", Verdict.VERBATIM),  # ", but" with a duty of another kind
    ("the insurer will pay up to $5,000 for drying", Verdict.ALTERED),
    # a time limit after a full stop the source lacks; after an opening limit; exceptions; an opening exception
    # after a section's number; the population after a full stop; a part named right before
    ("Members are exempt from the fee.", Verdict.ALTERED),
    ("the Owner may inspect the books", Verdict.ALTERED),
    ("The storm destroyed all the farms in the valley", Verdict.ALTERED),
    ("unpaid invoices bear interest at 2% a month", Verdict.ALTERED),
    ("Use with strong inhibitors of CYP3A4 should be avoided.", Verdict.ALTERED),
    ("the coast is rocky and steep", Verdict.ALTERED),
    ("Much of the coast is rocky and steep", Verdict.VERBATIM),
    # an opening "So long as"; a short opening phrase with "only", after a heading
    ("the Landlord shall not grant a competing lease", Verdict.ALTERED),
    ("the Seller will deliver within five days", Verdict.ALTERED),
    # an opening "Except as" that names what it excepts; ", but excluding"
    ("the Reseller shall not copy the Software", Verdict.ALTERED),
    ("The Territory is the State of Texas", Verdict.ALTERED),
    # (since the 54th stop) a limit past a defined term's long bracket; a deduction ("less any"); a belief
    # told as a fact; a right quoted without the exception that points at another section (a sentence
    # before that ends with a section's number is no such exception)
    ("The Agreement shall renew for an additional period of three (3) years", Verdict.ALTERED),
    ("The grievant shall be reinstated with full seniority and back pay", Verdict.ALTERED),
    ("The Company is not exposed to any significant credit risk.", Verdict.ALTERED),
    ("either Party may assign its rights to an Affiliate", Verdict.ALTERED),
    ("Either Party may assign it to a successor.", Verdict.VERBATIM),
    # "contingent on" is a limit; an opening exception after a heading set off by a double dash
    ("The library renovation ($6.2 million) is approved", Verdict.ALTERED),
    ("the amount recoverable by either party shall not exceed the fees paid.", Verdict.ALTERED),
    # (since the 55th stop) all of a kind, where the source goes on to say which of them (no comma); not where the
    # quote says no "all"
    ("The Respondent will refund the difference to every affected customer", Verdict.ALTERED),
    ("Refunds go to the customers", Verdict.VERBATIM),
    ("The Company shall not be obliged to qualify to do business in any jurisdiction in", Verdict.VERBATIM),
    # all, where the source says nearly all
    ("All of our intangible assets were acquired through business combinations.", Verdict.ALTERED),
    ("our intangible assets were acquired through business combinations.", Verdict.VERBATIM),
    # the writer's belief without its "that", told as a fact
    ("Personalised offers contributed to higher basket sizes.", Verdict.ALTERED),
])
def test_a_fragment_cut_right_before_a_hard_limit_is_altered(quote, verdict):
    text = POLICY_TEXT + " " + LIMITS_TEXT
    [r] = Verifier(VerifierConfig(semantic={"enabled": False})).verify([quote], {"policy": text})
    assert r.verdict is verdict, r.reason
    if verdict is Verdict.ALTERED:
        assert r.reason.startswith(("the quote stops right before the source limits what it says",
                                    "the quote ends its sentence where the source's goes on to limit it",
                                    "the quote starts after the exception its source sentence opens with",
                                    "the quote starts right after the source denies it",
                                    "the quote starts right after the source frames it as a claim it does not make",
                                    "the quote starts right after the source limits it to a part",
                                    "the quote starts right after an exception the source makes to it",
                                    "the quote starts right after the source qualifies it"))
        assert any(d.kind == "delete" and d.load_bearing for d in r.metrics.differences)


CUT_WORDS_TEXT = ("She signed the lease in May and paid rent of $4.15 million in June. The tenant was unable to pay "
                  "in July. Each of the Parties shall bear its costs. The Party possessing the goods insures them.")


@pytest.mark.parametrize("quote, verdict, category, span", [
    # a quote that starts or ends inside a source word with a word or figure of its own quotes another
    # word: "he" is not "She", "$4.1" not "$4.15", and an ellipsis beside it changes nothing
    ("he signed the lease in May", Verdict.ALTERED, "party", "She signed the lease in May"),
    ("... he signed the lease", Verdict.ALTERED, "party", "She signed the lease"),
    ("he signed the lease ... paid rent", Verdict.ALTERED, "party", "She signed the lease"),
    ("paid rent of $4.1", Verdict.ALTERED, "number", "paid rent of $4.15"),
    ("the lease ... rent of $4.1", Verdict.ALTERED, "number", "the lease"),
    ("signed the lease ... able to pay in July", Verdict.ALTERED, "negation", "signed the lease"),
    # a cut that is no word of its own is a cut, character for character
    ("... Party possessi", Verdict.VERBATIM, None, "Party possessi"),
    ("She signed the lease in M", Verdict.VERBATIM, None, "She signed the lease in M"),
    ("ssing the goods insures them", Verdict.VERBATIM, None, "ssing the goods insures them"),  # an ending, no word
    ("ing the goods insures them", Verdict.VERBATIM, None, "ing the goods insures them"),  # "ing": in the word list, no word
    ("The tenant was unable to pay", Verdict.VERBATIM, None, "The tenant was unable to pay"),
])
def test_a_quote_cut_inside_a_source_word_compares_the_whole_word(quote, verdict, category, span):
    [r] = Verifier(VerifierConfig(semantic={"enabled": False})).verify([quote], {"doc": CUT_WORDS_TEXT})
    assert r.verdict is verdict, r.reason
    assert CUT_WORDS_TEXT[r.spans[0].start : r.spans[0].end] == span
    if category is not None:
        assert any(d.category == category and d.load_bearing for d in r.metrics.differences), r.metrics.differences


def test_a_quote_that_writes_percent_as_a_sign_ends_where_the_source_writes_it_out():
    # "27%" for "27 per cent": the span takes the source's words for the sign, so the quote differs in form only
    text = "In bench tests, obstruction raised peak pressure by between 18 and 27 per cent; the pins deformed."
    [r] = Verifier(VerifierConfig(semantic={"enabled": False})).verify(
        ["obstruction raised peak pressure by between 18 and 27%"], {"report": text})
    assert r.verdict is Verdict.NEAR_VERBATIM, r.reason
    assert text[r.spans[0].start : r.spans[0].end] == "obstruction raised peak pressure by between 18 and 27 per cent"


def test_a_common_word_that_starts_a_sentence_names_no_party():
    v = Verifier(VerifierConfig(semantic={"enabled": False}))
    src = {"notice": "Route 14X stops running in March. Updated timetables will be available online from 17 February."}
    [r] = v.verify(["new timetables will be available online from 17 February"], src)
    assert [d.category for d in r.metrics.differences if d.load_bearing] == ["content"], r.metrics.differences
    [r] = v.verify(["Route 15X stops running in March"], src)  # a name starting its sentence is still a name
    assert r.verdict is Verdict.ALTERED


def test_a_sentence_opening_is_read_only_from_the_sentence_start() -> None:
    """An opener is read back to the sentence's start, up to 320 characters (the 42nd stop: 200 missed long
    exceptions); a window that starts inside a longer sentence holds no opening of it, whatever word it
    happens to start with."""
    from quote_guard.verify import _sentence_before

    opener = "Except in respect of liability for death or personal injury caused by negligence, fraud or any other " \
             "liability which cannot be limited or excluded under applicable law, "
    text = "Heading. " + opener + "neither party is liable."
    assert _sentence_before(text, text.index("neither"))[:3] == ["except", "in", "respect"]
    long = "The parties agree " + "that the goods, " * 30 + "except as noted, neither party is liable."
    assert _sentence_before(long, long.index("neither")) == []


FILED = ("4.2 The Supplier shall not be liable for any incidental or consequential\n\n-7-\n\n"
         "Source: ACME CORP, 10-K, 5/9/2019\n\ndamages arising out of this Agreement. The Buyer\nshall pay the price"
         "\n\n- 8 -\n\nSource: ACME CORP, 10-K, 5/9/2019\n\nwithin thirty days of the invoice, directly as\n\n9\n\n"
         "Source: ACME CORP, 10-K, 5/9/2019\n\nwell as through its agents.\n\n- 10 -\n\nSource: ACME CORP, 10-K, 5/9/2019\n\n"
         "9. NOTICES.\n\n9.1 All notices shall be in writing.")


@pytest.mark.parametrize(("quote", "verdict"), [
    # across a page break, its number and the filing's footer left out, as a reader quotes it
    ("for any incidental or consequential damages arising out of this Agreement", Verdict.NEAR_VERBATIM),
    ("The Buyer shall pay the price within thirty days of the invoice.", Verdict.NEAR_VERBATIM),
    # the page break copied as it is, in another case: the same passage
    ("for any incidental or consequential\n\n-7-\n\nsource: acme corp, 10-k, 5/9/2019\n\ndamages arising",
     Verdict.NEAR_VERBATIM),
    # ... also where a heading follows it, which a quote of one page break cannot tell from a header
    ("well as through its agents.\n\n- 10 -\n\nsource: acme corp, 10-k, 5/9/2019\n\n9. notices.\n\n9.1 all notices",
     Verdict.NEAR_VERBATIM),
    # the page's number copied into the sentence is no figure of it; another number there is one
    ("within thirty days of the invoice, directly as 9 well as through its agents", Verdict.NEAR_VERBATIM),
    ("within thirty days of the invoice, directly as 6 well as through its agents", Verdict.ALTERED),
    # a word changed across the page break is still a change
    ("for any incidental or consequential losses arising out of this Agreement", Verdict.ALTERED),
])
def test_a_quote_across_a_page_break_is_read_without_its_furniture(quote: str, verdict: Verdict) -> None:
    [r] = Verifier(semantic={"enabled": False}).verify([quote], [Source("filed", FILED)])
    assert r.verdict is verdict, r.reason
    if verdict is Verdict.NEAR_VERBATIM:
        first = quote.split()[0].lower()
        span = r.spans[0]
        assert FILED[span.start : span.end].lower().startswith(first)
        assert FILED[span.start : span.end].rstrip(".,").lower().endswith(quote.split()[-1].lower().rstrip(".,"))


FILED_NO_NUMBERS = (
    "4.2 The Supplier shall not be liable for any incidental or consequential\n\nSource: ACME CORP, 10-K, 5/9/2019\n\n\n\n"
    "damages arising out of this Agreement. The Buyer shall pay the price set out in the order, together with any taxes, "
    "duties and freight charges that apply to the Products\n\nSource: ACME CORP, 10-K, 5/9/2019\n\n\n\n"
    "within thirty days of the date of the invoice, by wire transfer to the account that the Supplier names in writing."
    "\n\n9. NOTICES.")


@pytest.mark.parametrize(("quote", "verdict"), [
    # a running footer with no page number beside it, left out as a reader does
    ("for any incidental or consequential damages arising out of this Agreement", Verdict.NEAR_VERBATIM),
    # ... or copied into the sentence, its line breaks gone: the source as it is
    ("The Buyer shall pay the price set out in the order, together with any taxes, duties and freight charges that "
     "apply to the Products Source: ACME CORP, 10-K, 5/9/2019 within thirty days of the date of the invoice, by wire "
     "transfer to the account that the Supplier names in writing.", Verdict.NEAR_VERBATIM),
    # a changed word across it is still a change
    ("for any incidental or consequential losses arising out of this Agreement", Verdict.UNSUPPORTED),
    ("for any direct or consequential damages arising out of this Agreement", Verdict.UNSUPPORTED),
])
def test_a_quote_across_a_running_footer_is_read_without_it(quote: str, verdict: Verdict) -> None:
    # the index keeps a footer with no page number beside it (finding one reads every paragraph);
    # a rejected quote whose words run across one is read again without it
    [r] = Verifier(semantic={"enabled": False}).verify([quote], [Source("filed", FILED_NO_NUMBERS)])
    assert r.verdict is verdict, r.reason
    if verdict is Verdict.NEAR_VERBATIM:
        span = r.spans[0]
        assert FILED_NO_NUMBERS[span.start : span.end].startswith(quote.split()[0])


def test_a_sentence_quoted_without_its_pointer_to_the_document_is_whole() -> None:
    # "... as stated." for "... as stated herein.": no limit left out; another word there is one
    src = [Source("c", "Any transfer shall be subject to the same requirements as stated herein. The fee is due. "
                       "Any sale shall be subject to the same requirements as stated below in Schedule 2.")]
    v = Verifier(semantic={"enabled": False})
    [r] = v.verify(["Any transfer shall be subject to the same requirements as stated."], src)
    assert r.verdict is Verdict.NEAR_VERBATIM, r.reason
    [r] = v.verify(["Any sale shall be subject to the same requirements as stated."], src)
    assert r.verdict is Verdict.ALTERED, r.reason


def test_a_cut_quote_that_copies_a_page_break_keeps_its_cut() -> None:
    # a filed contract (CUAD) whose heading after the page's footer looks like a header in the quote
    # alone, so the quote is read against the source as it is; its cut stays where the quote marks it,
    # at the end only, and the "not" the source has before it is no limit left out
    from pathlib import Path

    path = (Path(__file__).resolve().parents[2] / "shared" / "data" / "cuad" / "full_contract_txt"
            / "EmmisCommunicationsCorp_20191125_8-K_EX-10.6_11906433_EX-10.6_Marketing Agreement.txt")
    doc = path.read_text(encoding="utf-8").replace("necessary or appropriate to rebroadcast such WLIB",
                                                   "necessary or appropriate but shall not rebroadcast such WLIB")
    quote = ("such wlib programs on the hd2 channel.\n\n- 2 -\n\nsource: emmis communications corp, 8-k, 11/25/2019"
             "\n\n\n\n\n\n8. programs.\n\n8.1 production of the ...")
    [r] = Verifier(semantic={"enabled": False}).verify([quote], [Source("d", doc)])
    assert r.verdict is Verdict.NEAR_VERBATIM, r.reason


def test_the_quotation_marks_fold_to_the_marks_a_fragment_sheds() -> None:
    """verify._MARKS_FOLDED is written out (folding at import would load numpy); it must hold what every quotation
    mark folds to, or a quote's first fragment keeps a mark and is not found (since the 62nd stop)."""
    from quote_guard.normalize import QUOTATION_MARKS, fold
    from quote_guard.verify import _MARKS_FOLDED

    assert set(fold(QUOTATION_MARKS).text) <= set(_MARKS_FOLDED)


def test_a_quote_the_semantic_stage_fails_on_loses_no_other_result(monkeypatch: pytest.MonkeyPatch) -> None:
    """An internal error while the semantic stage reads one quote leaves that quote rejected, with the error named,
    and every other result of the call as it would be (a partial batch keeps its results)."""
    import quote_guard.verify as verify_module

    read = verify_module.Verifier._supported

    def failing(self: Verifier, r: QuoteResult, *args: object) -> QuoteResult:
        if "every single month" in r.quote:
            raise IndexError("string index out of range")
        return read(self, r, *args)  # type: ignore[arg-type]

    monkeypatch.setattr(verify_module.Verifier, "_supported", failing)
    source = {"lease": "The Tenant shall pay the rent monthly in advance. The Landlord shall keep the roof in good repair."}
    quotes = ["The tenant has to pay the rent every single month, in advance.",
              "The Tenant shall pay the rent monthly in advance.",
              "The landlord has to keep the roof well repaired."]
    failed, copied, restated = Verifier().verify(quotes, source)
    assert failed.verdict is Verdict.UNSUPPORTED and "the semantic stage failed on it (IndexError" in failed.reason
    assert copied.verdict is Verdict.VERBATIM
    assert restated.verdict is Verdict.PARAPHRASE, restated.reason
