"""Folding and the offset map back to the original text."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from quote_guard.normalize import (
    SCALE_WORDS,
    Folded,
    _fold,
    _fold_ascii,
    _fold_ascii_large,
    blank_out,
    fold,
    fold_keeps_substrings,
    is_cjk,
    is_page_number_line,
    mask_page_furniture,
    page_furniture,
    running_lines,
    spelled_number,
    tokenize,
    word_places,
)


def test_folds_case_space_quotes_dashes_ellipsis():
    f = fold("The\u00a0 Licensee’s “Rights” — all…")
    assert f.text == 'the licensee\'s "rights" - all...'


def test_nfkc_and_casefold():
    assert fold("ﬁnal STRASSE Straße").text == "final strasse strasse"
    assert fold("ＡＢＣ１２３").text == "abc123"


def test_soft_hyphen_and_zero_width_are_dropped():
    assert fold("agree\u00adment in\u200bside").text == "agreement inside"


def test_hyphenated_line_break_joins_the_word():
    f = fold("the agree-\nment and the non-exclusive grant")
    assert f.text == "the agreement and the nonexclusive grant"
    # a dash that is not between letters stays
    assert fold("pages 10-\n12").text == "pages 10- 12"
    # the Unicode hyphens are dropped between letters like "-", and are "-" elsewhere (PDF text
    # writes "COVID\u201019" and "\u2010500"; a quote typed with "-" differs from them in form only)
    assert fold("non\u2011exclusive COVID\u201019, \u2010500 and 10\u201112").text == "nonexclusive covid-19, -500 and 10-12"


def test_offsets_map_back_to_the_original():
    text = "  The  Licensee’s\n\n“rights” ﬁnal"
    f = fold(text)
    i = f.text.index("licensee's")
    s, e = f.to_original(i, i + len("licensee's"))
    assert text[s:e] == "Licensee’s"
    j = f.text.index("final")
    s, e = f.to_original(j, j + 5)
    assert text[s:e] == "ﬁnal"  # one original character folded to two
    s, e = f.to_original(j, j + 1)
    assert text[s:e] == "ﬁ"


def test_whitespace_run_maps_to_the_whole_run():
    text = "a \n\t b"
    f = fold(text)
    assert f.text == "a b"
    assert f.to_original(1, 2) == (1, 5)


def test_tokenize_keeps_one_character_tokens_and_numbers():
    toks = [t.text for t in tokenize(fold("Fee: $1,000.50 (§ 3.1) a 5% rate").text)]
    assert toks == ["fee", ":", "$", "1,000.50", "(", "§", "3.1", ")", "a", "5", "%", "rate"]


def test_tokenize_scripts_without_spaces_and_cyrillic():
    toks = [t.text for t in tokenize(fold("東京都に住む. Привет, мир! Überall café").text)]
    assert toks[:6] == ["東", "京", "都", "に", "住", "む"]
    assert "привет" in toks and "мир" in toks and "uberall" not in toks and "überall" in toks and "café" in toks
    assert is_cjk("東京都に住む") and not is_cjk("Привет мир")


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=200))
def test_map_is_monotonic_and_in_bounds(text):
    f = fold(text)
    prev_end = 0
    for i in range(len(f.text)):
        s, e = f.to_original(i, i + 1)
        assert 0 <= s < e <= len(text)
        assert s >= prev_end - len(text)  # never jumps backwards past the start
        prev_end = e
    s, e = f.to_original(0, len(f.text))
    assert 0 <= s <= e <= len(text)


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=120), st.data())
def test_folded_substring_maps_to_original_text_that_folds_back(text, data):
    f = fold(text)
    if not f.text:
        return
    i = data.draw(st.integers(0, len(f.text) - 1))
    j = data.draw(st.integers(i + 1, len(f.text)))
    s, e = f.to_original(i, j)
    # the original range folds to text containing the folded range (block segments widen it)
    assert f.text[i:j].strip() in fold(text[s:e]).text or not f.text[i:j].strip()


_PIECES = st.sampled_from(["exam-\nple", "a", "B", "ß", "é", "e\u0301", "ﬁ", "-", "\u2010", " ", "  ", "\n", "-\n", "\t",
                           "’", "`", "“", ".", "5", "Ω", "日", "\u00ad", "\u00a0", "x-y"])


@settings(max_examples=300, deadline=None)
@given(st.lists(_PIECES, min_size=1, max_size=30), st.data())
def test_folding_maps_a_substring_into_a_substring_unless_an_edge_is_a_hyphen(pieces, data):
    # the collection's seed table skips a document for the exact check when the folded quote is
    # not in the folded document: sound only if folding keeps every (stripped) substring whose
    # edges are not hyphens (folding drops a hyphen between letters, so "exam-" of "exam-ple" is not)
    text = "".join(pieces)
    a = data.draw(st.integers(0, len(text) - 1))
    b = data.draw(st.integers(a + 1, len(text)))
    q = text[a:b]  # edges of white space included: a fragment cut at an ellipsis keeps them
    if fold_keeps_substrings(q):
        assert fold(q).text in fold(text).text, (q, text)
    if q.strip() in ("exam-", "-ple") and "exam-\nple" in text:
        assert fold(q).text not in fold(text).text  # why the edge hyphens are excluded


_LATIN1_PIECES = st.sampled_from(["exam-\nple", "a", "B", "ß", "é", "µ", "ÿ", "Æ", "-", " ", "  ", "\n", "-\n", "\t",
                                  "\r\n", "`", "´", "«", ".", "5", "½", "²", "\u00ad", "\u00a0", "x-y", "-a", "a-"])


def _segments(f: Folded) -> list[tuple[int, int]]:
    return [f.to_original(i, i + 1) for i in range(len(f.text))]


@settings(max_examples=300, deadline=None)
@given(st.lists(_LATIN1_PIECES, min_size=1, max_size=40))
def test_the_latin1_ascii_and_32_bit_folds_agree(pieces):
    # a Latin-1 document is folded a byte a character, a short ASCII text in plain Python, any
    # other text from 32-bit codes: the three must give the same text and the same map
    text = "".join(pieces)
    wide, f = _fold(text, narrow=False), _fold(text)
    assert (wide.text, _segments(wide)) == (f.text, _segments(f))
    for col in ("fstart", "ostart", "olen", "ident"):
        assert getattr(wide, col).tolist() == getattr(f, col).tolist()
    if text.isascii():
        a = _fold_ascii(text)
        assert (a.text, _segments(a)) == (f.text, _segments(f))


def _same_fold(f: Folded, reference: Folded) -> None:
    assert f.text == reference.text
    for col in ("fstart", "ostart", "olen", "ident"):
        assert getattr(f, col).tolist() == getattr(reference, col).tolist(), col


_WIDE_PIECES = st.sampled_from(["exam-\nple", "exam\u2010ple", "a\u2011b", "a", "É", " ", "  ", "\n", "-", "x-y", "\u00a0",
                                "\u2028", "\u3000", "\u2019", "\u201c", "\u2013", "\u2026", "\u2122", "\ufb01", "\u00bd",
                                "\u00b2", "\u00df", "\u00ad", "\u200b", "\ufeff", " \u200b ", "a\u00adb", "\u2022", "\u7535",
                                "\u00b5", "\u0308", "\u03a3"])


@settings(max_examples=500, deadline=None)
@given(st.lists(_WIDE_PIECES, min_size=1, max_size=40))
def test_any_text_folds_as_a_mask_with_the_same_map(pieces):
    # a document past ASCII is folded as a mask over its characters' folds too: characters folding
    # drops (U+00AD, U+200B) are read across by white space runs, and those it expands ("…",
    # "™", "ﬁ") make a segment per character; the same text and arrays as the 32-bit path
    text = "".join(pieces)
    _same_fold(_fold(text), _fold(text, narrow=False))


_ASCII_PIECES = st.sampled_from(["exam-\nple", "Ab- \n  cd", "a", "B", "-", "--", " ", "  ", "\n", "-\n", "\t", "\r\n",
                                 " \n ", "`", ".", "5", "x-y", "-a", "a-", "\x0b", "\x1c"])


@settings(max_examples=300, deadline=None)
@given(st.lists(_ASCII_PIECES, min_size=1, max_size=40))
def test_a_long_ascii_text_folds_as_a_mask_with_the_same_map(pieces):
    # a long ASCII document (most contracts) is folded as a mask over its bytes, making only the
    # segments of the map: the same text and the same arrays as the 32-bit path
    text = "".join(pieces)
    _same_fold(_fold_ascii_large(text), _fold(text, narrow=False))


@pytest.mark.parametrize("words, want", [
    (["thirty", "days"], (30, 1)),
    (["one", "hundred", "and", "twentyfive", "days"], (125, 4)),
    (["two", "million", "shares"], (2_000_000, 2)),
    (["three", "trillion", "dollars"], (3_000_000_000_000, 2)),  # every scale word is one table's
    (["million", "dollars"], None),  # a scale word alone starts no number
    (["and", "thirty"], None),
])
def test_spelled_numbers_and_their_scale_words(words, want):
    assert spelled_number(words, 0) == want
    assert set(SCALE_WORDS) == {"hundred", "thousand", "million", "billion", "trillion"}


def test_token_texts_are_the_texts_of_the_tokens():
    # token_texts skips the offsets (findall) for callers that only compare words
    from quote_guard.normalize import token_texts

    rng = random.Random(7)
    pieces = ["rent", "Tenant's", "1,000.50", "§", "东京", "Привет", "-", "+", "^", "  ", "_", "'", "é", "x²", "\n"]
    texts = ["".join(rng.choice(pieces) for _ in range(rng.randint(0, 40))) for _ in range(300)]
    texts.append("word " * 2000)  # longer than the cached texts
    for t in texts:
        f = fold(t).text
        assert token_texts(f) == [tok.text for tok in tokenize(f)]


@settings(max_examples=400, deadline=None)
@given(st.text(alphabet="ab_ é1-.", max_size=30), st.text(alphabet="ab_é1-", min_size=1, max_size=4))
def test_word_places_are_the_regex_whole_word_matches(text: str, word: str) -> None:
    import re

    assert list(word_places(word, text)) == [m.start() for m in re.finditer(rf"(?<!\w){re.escape(word)}(?!\w)", text)]


# two pages of a filed contract: each page break leaves its number and the filing's running header
FILED = ("4.2 The Supplier shall not be liable for any incidental or consequential\n\n-7-\n\nSupply Agreement\n\n"
         "damages arising out of this Agreement. The Buyer\nshall pay the price\n\n- 8 -\n\nSupply Agreement\n\n"
         "within thirty days of the invoice.")


def test_page_furniture_is_read_as_white_space_with_every_offset_kept():
    spans = page_furniture(FILED)
    assert [FILED[a:b] for a, b in spans] == ["-7-\n\nSupply Agreement", "- 8 -\n\nSupply Agreement"]
    masked = mask_page_furniture(FILED)
    assert len(masked) == len(FILED)
    assert all(masked[i] == FILED[i] or any(a <= i < b for a, b in spans) for i in range(len(FILED)))
    assert "consequential damages" in fold(masked).text and "the price within thirty days" in fold(masked).text


def test_a_running_footer_without_page_numbers_is_a_running_line_where_it_comes_back():
    # a filing whose page numbers are gone keeps its footer on every page: a paragraph of one short
    # line that comes back; a heading found once, or a line without a letter ("[***]"), is text
    footer = "Source: ACME CORP, 10-K, 5/9/2019"
    text = (f"4.2 The Supplier shall not be liable for any incidental\n\n{footer}\n\n\n\nor consequential damages."
            f"\n\nARTICLE 5\n\nThe Buyer shall pay\n\n{footer}\n\nthe price.\n\n[***]\n\nand the fee.\n\n[***]\n\nEnd.")
    assert page_furniture(text) == []  # no page number: the index keeps it
    assert [text[a:b] for a, b in running_lines(text)] == [footer, footer]
    assert "incidental or consequential damages" in fold(blank_out(text, running_lines(text))).text
    assert running_lines(text.replace(footer, "Supply Agreement", 1)) == []  # found once: a heading
    # read where a quote's words run: only the lines there, each counted over the whole text
    at = text.index("The Buyer")
    assert [text[a:b] for a, b in running_lines(text, at, at + 40)] == [footer]
    assert running_lines(text, 0, text.index("ARTICLE") - 20) == [(text.index(footer), text.index(footer) + len(footer))]
    assert running_lines(text, text.index("ARTICLE"), text.index("The Buyer")) == []


def test_page_furniture_needs_a_page_number_between_lines_of_text():
    # a header beside one page number only is a paragraph of the text (unless asked for one page break)
    one = FILED[: FILED.index(" The Buyer")]
    assert [one[a:b] for a, b in page_furniture(one)] == ["-7-"]
    assert [one[a:b] for a, b in page_furniture(one, beside=1)] == ["-7-\n\nSupply Agreement"]
    assert page_furniture("the price\n7\nwithin thirty days") == []  # no blank line: a line of a table
    assert page_furniture("7\n\nThe Term.") == []  # at the text's edge: nothing on one side
    assert page_furniture("(a) the price;\n\n(7)\n\nthe fee") == []  # a list's mark, not a page's number
    # two pages' numbers left on one line ("5    6"), not two figures of a table
    assert [t[a:b] for t in ["Neither party may\n\n      5    6\n\nassign it."] for a, b in page_furniture(t)] == ["      5    6"]
    assert page_furniture("Neither party may\n\n      10    20\n\nassign it.") == []
    assert [is_page_number_line(t) for t in ("12", " - 3 - ", "Page 2 of 9", "p. 4", "[7]", "3.", "7 days")] == [
        True, True, True, True, False, False, False]


def test_bullets_fold_to_one_mark_that_keeps_a_text_a_byte_a_character():
    # issue 14: a list's bullets ("•", "●", "◦", ...) fold to the middle dot, so that a document whose only
    # characters past Latin-1 are its bullets is held a byte a character; which bullet is form
    text = "Duties:\n• pay rent;\n● keep the premises ◦ in repair ▪ and insure them"
    f = fold(text)
    assert f.text == "duties: \u00b7 pay rent; \u00b7 keep the premises \u00b7 in repair \u00b7 and insure them"
    assert max(f.text) < "\u0100"
    marks = [i for i, c in enumerate(f.text) if c == "\u00b7"]
    assert [text[slice(*f.to_original(i, i + 1))] for i in marks] == ["•", "●", "◦", "▪"]
    assert fold("a • b").text == fold("a ● b").text == fold("a · b").text
