"""Property-based tests of the Verifier (hypothesis)."""

from __future__ import annotations

import random
import string

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from quote_guard import Source, Verdict, Verifier, VerifierConfig

V = Verifier(VerifierConfig(semantic={"enabled": False}))

WORDS = (
    "the tenant landlord agreement premises rent payment notice term period written consent "
    "party parties delivery goods services confidential information law court dispute fee "
    "invoice schedule section clause obligation right license territory product warranty"
).split()


def clause(rng: random.Random, n: int) -> str:
    words = [rng.choice(WORDS) for _ in range(n)]
    words[0] = words[0].capitalize()
    return " ".join(words) + "."


def document(seed: int, n_clauses: int = 12) -> str:
    rng = random.Random(seed)
    parts = []
    for i in range(n_clauses):
        parts.append(f"{i + 1}. " + clause(rng, rng.randint(8, 20)))
        if rng.random() < 0.3:
            topic = " ".join(rng.choice(WORDS) for _ in range(4))
            parts.append(f"For the {topic} the fee is {rng.randint(2, 999)} dollars and the Tenant shall pay it.")
    return "\n\n".join(parts)


def _cuts_a_negating_prefix(doc: str, i: int, j: int) -> bool:
    """Whether ``doc[i:j]`` starts inside a word, right after its negating prefix, and holds the rest
    of it ("ONE" in "NONE", "lawful" in "unlawful"): that substring says the opposite of the
    document, so it is altered, not verbatim (the one exception to the property below)."""
    from quote_guard.meaning import negation_cut_off
    from quote_guard.normalize import fold

    if i == 0 or not (doc[i - 1].isalnum() and doc[i].isalnum()):
        return False
    a, b = i, i
    while a > 0 and doc[a - 1].isalnum():
        a -= 1
    while b < len(doc) and doc[b].isalnum():
        b += 1
    return b <= j and negation_cut_off(fold(doc[a:b]).text, fold(doc[i:b]).text)


def _cuts_a_word_everywhere(doc: str, quote: str) -> bool:
    """Whether every place of ``quote`` in ``doc`` starts or ends inside a word with a piece that is a
    word or a figure of its own ("he" in "She", "no" in "notice"): such a substring quotes another
    word, and the verifier compares the whole words (the other exception to the properties below)."""
    from quote_guard.verify import _cuts_a_word

    at = [k for k in range(len(doc) - len(quote) + 1) if doc.startswith(quote, k)]
    return bool(at) and all(_cuts_a_word(doc, k, k + len(quote)) for k in at)


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.text(min_size=1, max_size=400), st.data())
def test_any_substring_of_any_document_is_verbatim_with_exact_offsets(doc, data):
    i = data.draw(st.integers(0, len(doc) - 1))
    j = data.draw(st.integers(i + 1, len(doc)))
    quote = doc[i:j]
    assume(quote.strip())
    assume(not _cuts_a_negating_prefix(doc, i, j))
    [r] = V.verify([quote], [Source("d", doc)])
    if _cuts_a_word_everywhere(doc, quote.strip()):
        assert r.verdict is not Verdict.VERBATIM
        return
    assert r.verdict is Verdict.VERBATIM
    [s] = r.spans
    assert doc[s.start : s.end] == quote.strip() == r.verbatim


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 10_000), st.data())
def test_substrings_of_long_structured_documents_are_verbatim(seed, data):
    doc = document(seed, 60)
    i = data.draw(st.integers(0, len(doc) - 2))
    j = data.draw(st.integers(i + 1, min(len(doc), i + 6000)))
    quote = doc[i:j].strip()
    assume(quote)
    [r] = V.verify([quote], {"a": document(seed + 1), "b": doc})
    if _cuts_a_word_everywhere(document(seed + 1) + "\n\n" + doc, quote):
        assert r.verdict is not Verdict.VERBATIM
        return
    assert r.verdict is Verdict.VERBATIM
    assert r.source_id in ("a", "b")
    text = {"a": document(seed + 1), "b": doc}[r.source_id]
    assert text[r.spans[0].start : r.spans[0].end] == quote


def _harmless(quote: str, rng: random.Random) -> str:
    kind = rng.choice(["case", "space", "quotes", "dash", "period"])
    if kind == "case":
        return quote.lower() if quote != quote.lower() else quote.upper()
    if kind == "space":
        return quote.replace(" ", "  \n", 1) if " " in quote else quote.upper()
    if kind == "quotes":
        return "“" + quote.rstrip(".") + "”"
    if kind == "dash":
        return quote.replace(" ", " — ", 1).replace(" — ", " - ", 1).upper()
    return quote.rstrip(".").lower()


@settings(max_examples=80, deadline=None)
@given(st.integers(0, 10_000))
def test_harmless_edits_are_near_verbatim_with_the_original_span(seed):
    rng = random.Random(seed)
    doc = document(seed)
    sentences = [s for s in doc.split("\n\n") if len(s.split()) >= 6]
    original = rng.choice(sentences)
    edited = _harmless(original, rng)
    assume(edited != original)
    [r] = V.verify([edited], [Source("d", doc)])
    assert r.verdict in (Verdict.NEAR_VERBATIM, Verdict.VERBATIM), r.reason
    s = r.spans[0]
    start = doc.index(original)
    # the span is the original sentence (the dropped final period is restored)
    assert s.start == start
    assert doc[s.start : s.end].rstrip(".") == original.rstrip(".")


@settings(max_examples=80, deadline=None)
@given(st.integers(0, 10_000), st.sampled_from(["number", "negation"]))
def test_changed_number_or_added_or_removed_not_is_altered(seed, change):
    rng = random.Random(seed)
    doc = document(seed, 20)
    if change == "number":
        fees = [s for s in doc.split("\n\n") if s.startswith("The fee is")]
        assume(fees)
        original = rng.choice(fees)
        n = int(original.split()[3])
        edited = original.replace(f" {n} ", f" {n + rng.randint(1, 50)} ")
    else:
        sentences = [s for s in doc.split("\n\n") if "shall pay" in s]
        assume(sentences)
        original = rng.choice(sentences)
        edited = original.replace("shall pay", "shall not pay")
        if rng.random() < 0.5:  # the source has the "not", the quote drops it
            doc = doc.replace(original, edited)
            original, edited = edited, original
    [r] = V.verify([edited], [Source("d", doc)])
    assert r.verdict is Verdict.ALTERED, r.reason
    assert r.spans and doc[r.spans[0].start : r.spans[0].end].startswith(original[:20])
    assert {d.category for d in r.metrics.differences if d.load_bearing} == {change}


@settings(max_examples=100, deadline=None)
@given(st.integers(0, 10_000), st.integers(5, 40))
def test_random_text_is_unsupported(seed, n_words):
    rng = random.Random(seed)
    quote = " ".join("".join(rng.choice(string.ascii_lowercase) for _ in range(rng.randint(3, 9))) for _ in range(n_words))
    [r] = V.verify([quote], [Source("d", document(seed))])
    assert r.verdict is Verdict.UNSUPPORTED
    assert r.spans == ()


@settings(max_examples=150, deadline=None)
@given(st.lists(st.text(max_size=80), min_size=1, max_size=5), st.text(max_size=300))
def test_never_raises_and_offsets_stay_in_bounds(quotes, doc):
    results = V.verify(quotes, [Source("d", doc), Source("e", doc[::-1])])
    assert len(results) == len(quotes)
    for r in results:
        assert "internal error" not in r.reason
        for s in r.spans:
            text = doc if s.source_id == "d" else doc[::-1]
            assert 0 <= s.start <= s.end <= len(text)
        if r.verbatim is not None and len(r.spans) == 1:
            text = doc if r.spans[0].source_id == "d" else doc[::-1]
            assert r.verbatim == text[r.spans[0].start : r.spans[0].end]


def test_large_collections_give_the_same_verdicts_through_the_corpus_filter():
    rng = random.Random(7)
    docs = {f"doc{i:02d}": document(1000 + i, 40) for i in range(40)}
    filtered = Verifier(VerifierConfig(bm25_min_chars=0, corpus_filter_min_docs=10, semantic={"enabled": False}))
    direct = Verifier(VerifierConfig(corpus_filter_min_docs=10**6, semantic={"enabled": False}))
    quotes = []
    for _ in range(60):
        doc = docs[rng.choice(list(docs))]
        sentence = rng.choice([s for s in doc.split("\n\n") if len(s.split()) >= 6])
        kind = rng.random()
        if kind < 0.3:
            quotes.append(sentence)
        elif kind < 0.6:
            quotes.append(sentence.lower().rstrip("."))
        elif kind < 0.8 and "shall pay" in sentence:
            quotes.append(sentence.replace("shall pay", "shall not pay"))
        else:
            quotes.append(" ".join(rng.sample(WORDS, 12)))
    quotes += ["the", "and the Tenant shall pay it."]  # only common words: still found exactly
    a, b = filtered.verify(quotes, docs), direct.verify(quotes, docs)
    for x, y in zip(a, b):
        assert x.verdict is y.verdict, (x.quote, x.reason, y.reason)
        if x.verdict in (Verdict.VERBATIM, Verdict.NEAR_VERBATIM, Verdict.ALTERED):
            tx = docs[x.spans[0].source_id][x.spans[0].start : x.spans[0].end]
            ty = docs[y.spans[0].source_id][y.spans[0].start : y.spans[0].end]
            assert tx == ty  # the same passage (possibly the same text in another document)
