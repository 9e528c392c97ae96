"""Tests for quote_guard.rewrite: actions, the edit log, refusals, the real Verifier, properties."""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from pydantic import ValidationError

from quote_guard import Source, Verifier, VerifierConfig
from quote_guard.embed import SemanticConfig
from quote_guard.extract import ExtractedQuote, QuoteKind, extract_quotes
from quote_guard.models import Metrics, QuoteResult, Span, Verdict
from quote_guard.policy import Policy
from quote_guard.rewrite import Rewrite, RewriteEdit, rewrite


def rp(**kw: object) -> Policy:
    """rewrite()'s default policy with some keys changed."""
    return Policy.for_rewrite().with_overrides(kw)


def res(
    quote: str,
    verdict: Verdict,
    verbatim: str | None = None,
    *,
    cosine: float | None = None,
    reason: str = "",
) -> QuoteResult:
    spans = (Span("doc", 0, len(verbatim)),) if verbatim else ()
    return QuoteResult(
        quote=quote, verdict=verdict, spans=spans, verbatim=verbatim,
        metrics=Metrics(cosine_similarity=cosine), reason=reason,
    )


def one(answer: str) -> ExtractedQuote:
    [q] = extract_quotes(answer)
    return q


def outside(text: str, ranges: list[tuple[int, int]]) -> list[str]:
    """The pieces of ``text`` between the given sorted ranges."""
    pieces, pos = [], 0
    for s, e in ranges:
        pieces.append(text[pos:s])
        pos = e
    pieces.append(text[pos:])
    return pieces


def check_log(rw: Rewrite) -> None:
    """The edit log is consistent with both texts, and nothing outside the edits moved."""
    for e in rw.edits:
        assert rw.original[e.old_start:e.old_end] == e.before
        assert rw.text[e.new_start:e.new_end] == e.after
    assert outside(rw.original, [(e.old_start, e.old_end) for e in rw.edits]) == outside(
        rw.text, [(e.new_start, e.new_end) for e in rw.edits]
    )


# --------------------------------------------------------------------------- each action


def test_fix_keeps_the_answers_marks_and_everything_around() -> None:
    answer = "Clause 4 says “the tenant shall pay rent” [1]. It's fair."
    q = one(answer)
    rw = rewrite(answer, [(q, res(q.text, Verdict.NEAR_VERBATIM, "The Tenant shall pay rent"))])
    assert rw.text == "Clause 4 says “The Tenant shall pay rent” [1]. It's fair."
    [e] = rw.edits
    assert (e.action, e.changed, e.verdict) == ("fix", True, Verdict.NEAR_VERBATIM)
    assert e.before == "“the tenant shall pay rent”" and e.after == "“The Tenant shall pay rent”"
    assert "exact source text" in e.reason and "'doc'" in e.reason
    check_log(rw)


def test_fix_keeps_the_quotes_own_ellipsis_marks() -> None:
    answer = "It says «the tenant shall pay [...] every month» here."
    q = one(answer)
    verbatim = "The Tenant shall pay [...] every month"
    rw = rewrite(answer, [(q, res(q.text, Verdict.NEAR_VERBATIM, verbatim))])
    assert rw.text == "It says «The Tenant shall pay [...] every month» here."


def test_fix_of_a_verbatim_quote_changes_nothing() -> None:
    answer = "It says “the rent is due” today."
    q = one(answer)
    rw = rewrite(answer, [(q, res(q.text, Verdict.VERBATIM, q.text))], policy=rp(verbatim="fix"))
    assert rw.text == answer and not rw.changed and rw.edits[0].action == "fix"


def test_dequote_paraphrase() -> None:
    answer = "He said “rent is paid each month” (Source: lease.pdf)."
    q = one(answer)
    rw = rewrite(answer, [(q, res(q.text, Verdict.PARAPHRASE, "The rent is due monthly.", cosine=0.7))])
    assert rw.text == "He said rent is paid each month (Source: lease.pdf)."
    assert rw.edits[0].action == "dequote"
    check_log(rw)


@pytest.mark.parametrize(
    ("cosine", "threshold", "action"),
    [(0.95, 0.9, "fix"), (0.9, 0.9, "fix"), (0.89, 0.9, "dequote"), (None, 0.9, "dequote"), (0.8, 0.75, "fix")],
)
def test_strong_paraphrase_threshold(cosine: float | None, threshold: float, action: str) -> None:
    answer = "He said “rent is paid each month” today."
    q = one(answer)
    pol = rp(strong_paraphrase_min_cosine=threshold)
    rw = rewrite(answer, [(q, res(q.text, Verdict.PARAPHRASE, "The rent is due monthly", cosine=cosine))], policy=pol)
    assert rw.edits[0].action == action
    expected = {"fix": "He said “The rent is due monthly” today.", "dequote": "He said rent is paid each month today."}
    assert rw.text == expected[action]


def test_remove_with_marker_and_optional_citation() -> None:
    answer = "Also “smoking is allowed on the balcony” [2]. Fine."
    q = one(answer)
    r = res(q.text, Verdict.UNSUPPORTED)
    assert rewrite(answer, [(q, r)]).text == "Also [quote removed: not found in the sources] [2]. Fine."
    pol = rp(remove_marker="[{verdict} quote removed]", remove_citation=True)
    rw = rewrite(answer, [(q, r)], policy=pol)
    assert rw.text == "Also [unsupported quote removed]. Fine."
    check_log(rw)
    assert rewrite(answer, [(q, r)], policy=rp(remove_marker="")).text == "Also  [2]. Fine."


def test_annotate_with_marker_template() -> None:
    answer = "It says “the landlord shall repair within 10 days” [1]."
    q = one(answer)
    r = res(q.text, Verdict.ALTERED, "The Landlord shall repair within 30 days", reason="10 → 30 (number)")
    rw = rewrite(answer, [(q, r)])
    assert rw.text == "It says “the landlord shall repair within 10 days” [unverified] [1]."
    assert "10 → 30" in rw.edits[0].reason
    rw = rewrite(answer, [(q, r)], policy=rp(annotate_marker=" [{verdict}!]"))
    assert rw.text == "It says “the landlord shall repair within 10 days” [altered!] [1]."


def test_pass_leaves_text_alone() -> None:
    answer = "It says “the rent is due now” and “the tenant pays it”."
    qs = extract_quotes(answer)
    pol = rp(unsupported="pass", altered="pass")
    rw = rewrite(answer, [(qs[0], res(qs[0].text, Verdict.UNSUPPORTED)), (qs[1], res(qs[1].text, Verdict.ALTERED))],
                 policy=pol)
    assert rw.text == answer and [e.action for e in rw.edits] == ["pass", "pass"]


def test_quotes_not_in_pairs_are_untouched() -> None:
    answer = "A “first quote is here” and “second quote is here”."
    qs = extract_quotes(answer)
    rw = rewrite(answer, [(qs[1], res(qs[1].text, Verdict.UNSUPPORTED))], policy=rp(remove_marker="X"))
    assert rw.text == "A “first quote is here” and X."


# --------------------------------------------------------------------------- never fix an altered quote


@pytest.mark.parametrize("field", ["altered", "unsupported", "uncheckable", "paraphrase_weak"])
def test_policy_refuses_fix_where_it_would_lie(field: str) -> None:
    with pytest.raises(ValueError, match=rf"{field}: 'fix' is not allowed"):
        Policy(**{field: "fix"})


def test_altered_quote_is_never_changed_to_the_source() -> None:
    answer = "It says “the landlord shall repair within 10 days”."
    q = one(answer)
    r = res(q.text, Verdict.ALTERED, "the landlord shall repair within 30 days")
    for action in ("annotate", "remove", "dequote", "pass"):
        rw = rewrite(answer, [(q, r)], policy=rp(altered=action))  # type: ignore[arg-type]
        assert "30 days" not in rw.text


def test_fix_without_source_text_is_refused_in_the_log() -> None:
    answer = "It says “the rent is due now” today."
    q = one(answer)
    rw = rewrite(answer, [(q, res(q.text, Verdict.NEAR_VERBATIM, None))])
    assert rw.text == "It says “the rent is due now” [unverified] today."  # the fallback, never a silent pass
    assert rw.edits[0].action == "annotate" and "no source text" in rw.edits[0].reason


def test_policy_is_frozen_strict_and_documented() -> None:
    pol = Policy()
    with pytest.raises(ValidationError):
        Policy(near_verbatim="repair")  # type: ignore[arg-type]
    with pytest.raises(ValidationError):
        Policy(unknown=1)  # type: ignore[call-arg]
    with pytest.raises(ValidationError):
        pol.altered = "pass"  # type: ignore[misc]
    assert all(f.description for f in Policy.model_fields.values())


def test_per_quote_action_overrides_the_policy() -> None:
    answer = "A “first quote is here” and “second quote is here”."
    qs = extract_quotes(answer)
    r0 = res(qs[0].text, Verdict.UNSUPPORTED)
    r1 = res(qs[1].text, Verdict.NEAR_VERBATIM, "Second quote is here")
    rw = rewrite(answer, [(qs[0], r0, "annotate"), (qs[1], r1, "dequote")])
    assert rw.text == "A “first quote is here” [unverified] and second quote is here."
    assert [e.action for e in rw.edits] == ["annotate", "dequote"]
    rw = rewrite(answer, [(qs[0], r0), (qs[1], r1, "fix")])
    assert rw.text == "A [quote removed: not found in the sources] and “Second quote is here”."


@pytest.mark.parametrize("verdict", [Verdict.ALTERED, Verdict.UNSUPPORTED, Verdict.UNCHECKABLE])
def test_per_quote_fix_is_refused_where_it_would_lie(verdict: Verdict) -> None:
    answer = "It says “the landlord shall repair within 10 days”."
    q = one(answer)
    with pytest.raises(ValueError, match="refusing to fix"):
        rewrite(answer, [(q, res(q.text, verdict, "the landlord shall repair within 30 days"), "fix")])
    with pytest.raises(ValueError, match="unknown action"):
        rewrite(answer, [(q, res(q.text, verdict), "repair")])  # type: ignore[list-item]


def test_a_policy_built_without_validation_still_cannot_fix_altered() -> None:
    # model_copy(update=...) skips validators; rewrite checks again before it writes
    pol = Policy().model_copy(update={"altered": "fix"})
    answer = "It says “the landlord shall repair within 10 days”."
    q = one(answer)
    with pytest.raises(ValueError, match="refusing to fix"):
        rewrite(answer, [(q, res(q.text, Verdict.ALTERED, "the landlord shall repair within 30 days"))], policy=pol)


# --------------------------------------------------------------------------- kinds


def test_block_fix_dequote_remove() -> None:
    answer = "Intro.\n\n> the tenant shall pay\n> the rent monthly.\n\nOutro."
    q = one(answer)
    r = res(q.text, Verdict.NEAR_VERBATIM, "The Tenant shall pay\nthe rent monthly.")
    rw = rewrite(answer, [(q, r)])
    assert rw.text == "Intro.\n\n> The Tenant shall pay\n> the rent monthly.\n\nOutro."
    assert one(rw.text).text == r.verbatim
    rw = rewrite(answer, [(q, res(q.text, Verdict.NEAR_VERBATIM, "The Tenant shall pay the rent monthly."))])
    assert rw.text == "Intro.\n\n> The Tenant shall pay the rent monthly.\n\nOutro."
    rw = rewrite(answer, [(q, res(q.text, Verdict.PARAPHRASE, "x", cosine=0.1))])
    assert rw.text == "Intro.\n\nthe tenant shall pay\nthe rent monthly.\n\nOutro."
    rw = rewrite(answer, [(q, res(q.text, Verdict.UNSUPPORTED))], policy=rp(remove_marker="[removed]"))
    assert rw.text == "Intro.\n\n[removed]\n\nOutro."
    check_log(rw)


def test_one_line_block_fix_with_multi_line_source() -> None:
    answer = "> the tenant shall pay the rent\n\nOK"
    q = one(answer)
    rw = rewrite(answer, [(q, res(q.text, Verdict.NEAR_VERBATIM, "The Tenant shall pay\nthe rent"))])
    assert rw.text == "> The Tenant shall pay\n> the rent\n\nOK"


def test_tag_fix_and_dequote() -> None:
    answer = 'See <cite doc="lease">the tenant shall pay</cite> ok.'
    q = one(answer)
    assert rewrite(answer, [(q, res(q.text, Verdict.NEAR_VERBATIM, "The Tenant shall pay"))]).text == (
        'See <cite doc="lease">The Tenant shall pay</cite> ok.'
    )
    assert rewrite(answer, [(q, res(q.text, Verdict.PARAPHRASE, "x"))]).text == "See the tenant shall pay ok."


def test_json_field_fix_is_escaped_and_stays_valid() -> None:
    answer = json.dumps({"answer": "yes", "quotes": [{"text": "the tenant shall pay", "source": "S1"}]})
    q = one(answer)
    verbatim = 'The "Tenant" shall\npay'
    rw = rewrite(answer, [(q, res(q.text, Verdict.NEAR_VERBATIM, verbatim))])
    # the source's line break is collapsed the way the one-line quote writes it (issue 12)
    assert json.loads(rw.text)["quotes"][0] == {"text": 'The "Tenant" shall pay', "source": "S1"}
    check_log(rw)


def test_json_field_remove_and_refused_dequote() -> None:
    answer = '{"quote": "smoking is allowed"}'
    q = one(answer)
    r = res(q.text, Verdict.UNSUPPORTED)
    assert json.loads(rewrite(answer, [(q, r)], policy=rp(remove_marker='["x"]')).text) == {
        "quote": '["x"]'
    }
    rw = rewrite(answer, [(q, res(q.text, Verdict.PARAPHRASE, "y"))])
    assert rw.text == answer and rw.edits[0].action == "pass" and "JSON field" in rw.edits[0].reason
    answer = json.dumps({"quote": "“smoking is allowed”"})
    q = one(answer)
    assert json.loads(rewrite(answer, [(q, res(q.text, Verdict.PARAPHRASE, "y"))]).text) == {
        "quote": "smoking is allowed"
    }


def test_inline_quote_inside_json_string() -> None:
    answer = json.dumps({"answer": "The lease says “the tenant shall pay rent” [1]."}, ensure_ascii=True)
    q = one(answer)
    assert q.json_pointer == "/answer"
    rw = rewrite(answer, [(q, res(q.text, Verdict.NEAR_VERBATIM, "The Tenant shall pay rent"))])
    assert json.loads(rw.text) == {"answer": "The lease says “The Tenant shall pay rent” [1]."}
    rw = rewrite(answer, [(q, res(q.text, Verdict.ALTERED, "x"))])
    assert json.loads(rw.text) == {"answer": "The lease says “the tenant shall pay rent” [unverified] [1]."}


# --------------------------------------------------------------------------- input checks


def test_stale_quote_is_refused() -> None:
    answer = "It says “the rent is due now” today."
    q = one(answer)
    with pytest.raises(ValueError, match="does not sit at"):
        rewrite("XX" + answer, [(q, res(q.text, Verdict.VERBATIM, q.text))])


def test_result_for_another_quote_is_refused() -> None:
    answer = "A “first quote is here” and “second quote is here”."
    qs = extract_quotes(answer)
    results = [res(qs[1].text, Verdict.VERBATIM, qs[1].text), res(qs[0].text, Verdict.VERBATIM, qs[0].text)]
    with pytest.raises(ValueError, match="keep results in the order"):
        rewrite(answer, zip(qs, results))


def test_overlapping_and_malformed_pairs_are_refused() -> None:
    answer = "A “first quote is here” ok."
    q = one(answer)
    r = res(q.text, Verdict.VERBATIM, q.text)
    with pytest.raises(ValueError, match="overlap"):
        rewrite(answer, [(q, r), (q, r)])
    with pytest.raises(TypeError, match="zip"):
        rewrite(answer, [(q.text, r)])  # type: ignore[list-item]
    with pytest.raises(TypeError, match="zip"):
        rewrite(answer, [q])  # type: ignore[list-item]
    with pytest.raises(TypeError):
        rewrite(b"bytes", [])  # type: ignore[arg-type]


def test_pairs_in_any_order_give_an_ordered_log() -> None:
    answer = "A “first quote is here” and “second quote is here”."
    qs = extract_quotes(answer)
    pairs = [(q, res(q.text, Verdict.UNSUPPORTED)) for q in reversed(qs)]
    rw = rewrite(answer, pairs, policy=rp(remove_marker="R"))
    assert rw.text == "A R and R."
    assert [e.quote.text for e in rw.edits] == [qs[0].text, qs[1].text]
    assert [e.new_start for e in rw.edits] == [2, 8]
    check_log(rw)


def test_exports() -> None:
    answer = "A “first quote is here” ok."
    q = one(answer)
    rw = rewrite(answer, [(q, res(q.text, Verdict.UNSUPPORTED))])
    d = rw.to_dict()
    assert json.loads(json.dumps(d))["edits"][0]["action"] == "remove"
    assert isinstance(rw.edits[0], RewriteEdit)
    with pytest.raises(AttributeError):
        rw.text = "x"  # type: ignore[misc]


def test_public_name_is_the_function_even_after_importing_the_submodule() -> None:
    import importlib

    import quote_guard

    importlib.import_module("quote_guard.rewrite")
    from quote_guard import rewrite as public

    answer = "A “first quote is here” ok."
    q = one(answer)
    out = public(answer, [(q, res(q.text, Verdict.UNSUPPORTED))], policy=rp(remove_marker="R"))
    assert out.text == "A R ok."
    assert quote_guard.Rewrite is Rewrite and quote_guard.Policy is Policy


# --------------------------------------------------------------------------- with the real Verifier

LEASE = Source(
    "lease",
    "4. The Tenant shall pay the rent of $1,200 monthly, in advance. The Landlord shall repair the roof "
    "within 30 days of notice. Pets are not allowed in the premises.",
)


@pytest.fixture(scope="module")
def verifier() -> Verifier:
    return Verifier(VerifierConfig(semantic=SemanticConfig(enabled=False)))


def test_real_verifier_round_trip(verifier: Verifier) -> None:
    answer = (
        "Clause 4: “the tenant shall pay the rent of $1,200 monthly” [1]. It's clear that "
        "“The Landlord shall repair the roof within 10 days of notice” and "
        "“The Tenant shall pay … within 30 days of notice”. But “smoking is permitted on the balcony at all times”."
    )
    quotes = extract_quotes(answer)
    results = verifier.verify([q.text for q in quotes], [LEASE])
    assert [r.verdict for r in results] == [
        Verdict.NEAR_VERBATIM, Verdict.ALTERED, Verdict.VERBATIM, Verdict.UNSUPPORTED,
    ]
    rw = rewrite(answer, zip(quotes, results))
    check_log(rw)
    assert [e.action for e in rw.edits] == ["fix", "annotate", "pass", "remove"]
    assert "“The Tenant shall pay the rent of $1,200 monthly” [1]" in rw.text
    assert "within 10 days of notice” [unverified]" in rw.text  # altered: marked, never repaired
    assert "30 days of notice”." in rw.text and "smoking" not in rw.text
    again = verifier.verify([q.text for q in extract_quotes(rw.text)], [LEASE])
    assert [r.verdict for r in again] == [Verdict.VERBATIM, Verdict.ALTERED, Verdict.VERBATIM]


def test_real_verifier_json_answer(verifier: Verifier) -> None:
    answer = json.dumps({"answer": "Yes.", "quotes": ["pets are NOT allowed in the premises"]}, indent=2)
    quotes = extract_quotes(answer)
    results = verifier.verify([q.text for q in quotes], [LEASE])
    assert results[0].verdict is Verdict.NEAR_VERBATIM
    rw = rewrite(answer, zip(quotes, results))
    # the verifier gives back the sentence with its full stop (the quote dropped it)
    assert json.loads(rw.text)["quotes"] == ["Pets are not allowed in the premises."]


# --------------------------------------------------------------------------- properties

SENTENCES = [
    "The Tenant shall pay the rent of $1,200 monthly, in advance",
    "The Landlord shall repair the roof within 30 days of notice",
    "Pets are not allowed in the premises",
    "This lease is governed by the laws of the State of Oregon",
    "Either party may end this lease with sixty days written notice",
]
SOURCE = Source("lease", ". ".join(SENTENCES) + ".")
MARK_PAIRS = [("“", "”"), ('"', '"'), ("‘", "’"), ("«", "»"), ("„", "“"), ("<q>", "</q>")]
FILLER = st.lists(
    st.sampled_from(["I", "don't", "think", "it's", "the", "students’", "’tis", "and", "so", "x.", "\n", "[2]"]),
    max_size=6,
).map(" ".join)


@st.composite
def planted_answer(draw: st.DrawFn) -> str:
    parts = []
    for _ in range(draw(st.integers(1, 4))):
        words = draw(st.sampled_from(SENTENCES)).split()
        a = draw(st.integers(0, len(words) - 4))
        b = draw(st.integers(a + 4, len(words)))
        quote = " ".join(words[a:b])
        style = draw(st.sampled_from(["keep", "lower", "upper-first", "altered", "foreign"]))
        if style == "lower":
            quote = quote.lower()
        elif style == "upper-first":
            quote = quote[0].upper() + quote[1:]
        elif style == "altered":
            quote = quote.replace("30", "10").replace("not", "now").replace("shall", "may")
        elif style == "foreign":
            quote = "the moon is made of green cheese today"
        o, c = draw(st.sampled_from(MARK_PAIRS))
        parts.append(f"{draw(FILLER)} {o}{quote}{c} {draw(FILLER)}")
    return "".join(parts)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(planted_answer())
def test_fix_makes_accepted_quotes_verbatim_and_keeps_the_rest(verifier: Verifier, answer: str) -> None:
    quotes = extract_quotes(answer)
    pol = rp(paraphrase="pass", altered="pass", unsupported="pass", uncheckable="pass")
    if not quotes:  # the marks drawn read as apostrophes here (' ‘30 days of notice’ '): nothing to fix
        assert rewrite(answer, [], policy=pol).text == answer
        return
    results = verifier.verify([q.text for q in quotes], [SOURCE])
    rw = rewrite(answer, zip(quotes, results), policy=pol)
    check_log(rw)
    # every accepted quote now reads exactly as its source; nothing else moved
    for e in rw.edits:
        q, r = e.quote, e.result
        if r.accepted:
            inner = rw.text[e.new_start + (q.start - q.outer_start): e.new_end - (q.outer_end - q.end)]
            assert inner == r.verbatim
            assert r.verbatim is not None and r.verbatim in SOURCE.text
        else:
            assert not e.changed
    again = extract_quotes(rw.text)
    assert len(again) == len(quotes)
    after = verifier.verify([q.text for q in again], [SOURCE])
    for before, now in zip(results, after):
        if before.accepted:
            assert now.verdict is Verdict.VERBATIM


ALPHABET = st.sampled_from(list("ab ’'\"“”«»\n>[]1{}\\é") + ["😀", "<q>", "</q>", "```"])
ANY_TEXT = st.lists(ALPHABET, max_size=40).map("".join)
VERDICTS = st.sampled_from(list(Verdict))
ACTIONS = st.sampled_from(["fix", "dequote", "remove", "annotate", "pass"])


@st.composite
def any_policy(draw: st.DrawFn) -> Policy:
    kw = {k: draw(ACTIONS) for k in ("verbatim", "near_verbatim", "paraphrase")}
    for k in ("altered", "unsupported", "uncheckable", "paraphrase_weak"):
        kw[k] = draw(ACTIONS.filter(lambda a: a != "fix"))
    return Policy(
        **kw, annotate_marker=draw(ANY_TEXT), remove_marker=draw(ANY_TEXT), remove_citation=draw(st.booleans())
    )


@settings(max_examples=300, deadline=None)
@given(st.lists(st.tuples(ANY_TEXT, st.sampled_from(MARK_PAIRS), ANY_TEXT), min_size=1, max_size=4),
       st.data(), any_policy(), st.booleans())
def test_any_policy_edits_only_the_quotes(parts: list[tuple[str, tuple[str, str], str]], data: st.DataObject,
                                          pol: Policy, as_json: bool) -> None:
    answer = "".join(f"{f} {o}{q}{c} " for f, (o, c), q in parts)
    if as_json:
        answer = json.dumps({"answer": answer, "quotes": [q for _, _, q in parts]})
    quotes = extract_quotes(answer)
    pairs = []
    for q in quotes:
        verdict = data.draw(VERDICTS)
        verbatim = data.draw(ANY_TEXT | st.none())
        cosine = data.draw(st.none() | st.floats(0, 1))
        pairs.append((q, res(q.text, verdict, verbatim, cosine=cosine)))
    rw = rewrite(answer, pairs, policy=pol)
    check_log(rw)
    if as_json:
        json.loads(rw.text)  # still valid JSON, whatever was done
    for e in rw.edits:
        if e.result.verdict in (Verdict.ALTERED, Verdict.UNSUPPORTED, Verdict.UNCHECKABLE):
            assert e.action != "fix"
        if e.action == "fix" and e.changed and e.quote.kind is not QuoteKind.BLOCK:
            q = e.quote
            inner = rw.text[e.new_start + (q.start - q.outer_start): e.new_end - (q.outer_end - q.end)]
            decoded = json.loads('"' + inner + '"') if q.json_pointer else inner
            # the source text, its layout fitted to the answer (issue 12: no \r\n or space runs pasted in)
            from quote_guard.rewrite import fit_to_answer

            assert decoded == fit_to_answer(e.result.verbatim, q.text)


def test_docstring_examples_run() -> None:
    import doctest
    import importlib

    # the package attribute `quote_guard.rewrite` is the function; the module is in sys.modules
    mod = importlib.import_module("quote_guard.rewrite")

    failed, attempted = doctest.testmod(mod, optionflags=doctest.ELLIPSIS)
    assert attempted > 0 and failed == 0


def test_a_fix_leaves_out_the_page_break_inside_the_source_text() -> None:
    from quote_guard.rewrite import fit_to_answer

    source = "incidental or consequential\n\n-7-\n\nSource: ACME CORP, 10-K, 5/9/2019\n\ndamages arising"
    assert fit_to_answer(source, "incidental or consequentail damages arising") == "incidental or consequential damages arising"
    # what the quote copies stays
    kept = fit_to_answer(source, "incidental or consequential -7- damages arising")
    assert kept == "incidental or consequential -7- damages arising"
