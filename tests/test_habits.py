"""Form, not meaning: the habits of real models that this round stopped rejecting, and the meaning
changes it started to catch. Examples written for these tests (not benchmark items)."""

from __future__ import annotations

import pytest

from quote_guard import Source, Verdict, Verifier

CONTRACT = Source(
    "contract",
    "1. Term. This Agreement shall remain in force for a period of sixty (60) days after the Effective "
    "Date. The Supplier shall deliver the Goods, for example, by road or rail, to the Buyer's warehouse. "
    "Management has assessed the exposure of the Group to suppliers holding more than 20%. Since these "
    "suppliers are few, the risk is low. This Agreement constitutes the entire agreement between the "
    "Parties with respect to the subject matter hereof.",
)
HISTORY = Source(
    "history",
    "Between 1701 and 1750[note 2], thirty-seven epidemics were recorded in the city. Deforestation declined "
    "in the region between 2004 and 2014¹, but it has increased since.",
)
ACCEPTED = {Verdict.VERBATIM, Verdict.NEAR_VERBATIM}


@pytest.mark.parametrize(
    ("quote", "source", "category"),
    [
        # a number written both ways in the source, quoted once
        ("This Agreement shall remain in force for a period of 60 days after the Effective Date.", CONTRACT, "format"),
        ("This Agreement shall remain in force for a period of sixty days after the Effective Date.", CONTRACT, "format"),
        # a bracketed note, and a note on a year
        ("Between 1701 and 1750, thirty-seven epidemics were recorded in the city.", HISTORY, "footnote"),
        ("Deforestation declined in the region between 2004 and 2014, but it has increased since.", HISTORY, "footnote"),
        # a parenthetical aside left out
        ("The Supplier shall deliver the Goods by road or rail, to the Buyer's warehouse.", CONTRACT, "aside"),
    ],
)
def test_form_habits_are_near_verbatim(quote: str, source: Source, category: str) -> None:
    [r] = Verifier(semantic={"enabled": False}).verify([quote], [source])
    assert r.verdict is Verdict.NEAR_VERBATIM, r.reason
    assert category in {d.category for d in r.metrics.differences}
    assert not any(d.load_bearing for d in r.metrics.differences)


def test_an_aside_with_a_load_bearing_word_is_not_form() -> None:
    src = Source("s", "The Buyer may, unless the Supplier objects, return the Goods within ten days.")
    [r] = Verifier(semantic={"enabled": False}).verify(["The Buyer may return the Goods within ten days."], [src])
    assert r.verdict is Verdict.ALTERED


def test_a_changed_number_written_both_ways_is_still_rejected() -> None:
    v = Verifier(semantic={"enabled": False})
    for quote in ("This Agreement shall remain in force for a period of 90 days after the Effective Date.",
                  "This Agreement shall remain in force for a period of ninety (90) days after the Effective Date.",
                  "This Agreement shall remain in force for a period of sixty (90) days after the Effective Date."):
        [r] = v.verify([quote], [CONTRACT])
        assert r.verdict in (Verdict.ALTERED, Verdict.UNSUPPORTED), (quote, r.reason)


def test_a_quote_that_ends_a_sentence_ends_where_the_source_sentence_ends() -> None:
    # "20 percent." for "20%.": the alignment would run into the next sentence ("Since these")
    quote = "Management has assessed the exposure of the Group to suppliers holding more than 20 percent."
    [r] = Verifier(semantic={"enabled": False}).verify([quote], [CONTRACT])
    assert r.verdict in ACCEPTED, r.reason
    span = r.spans[0]
    assert CONTRACT.text[span.start : span.end].endswith("more than 20%.")


def test_subject_matter_past_a_cut_limits_nothing_but_subject_to_does() -> None:
    v = Verifier(semantic={"enabled": False})
    [cut] = v.verify(["This Agreement constitutes the entire agreement between the Parties with respect ..."], [CONTRACT])
    assert cut.verdict is Verdict.VERBATIM, cut.reason
    src = Source("s", "The Licensee may sublicense the Software subject to the prior consent of the Licensor.")
    [limited] = v.verify(["The Licensee may sublicense the Software ..."], [src])
    assert limited.verdict is Verdict.ALTERED


@pytest.mark.parametrize(
    ("quote", "passage", "changed"),
    [
        # an added qualifier is a claim the passage does not make
        ("All exhibits attached to the contract are partially incorporated by reference.",
         "All exhibits attached to this Agreement are incorporated herein by reference.", True),
        # one of the same class is wording
        ("Gross profit fell by $14.2 million, mainly because of lower volumes.",
         "Gross profit decreased by $14.2 million, primarily due to lower volumes.", False),
        # speech reported in the third person names the same speaker
        ('Byrne says he got carried away and just "started making stuff."',
         '"I just got carried away and started making stuff," Byrne said.', False),
        # a pronoun swapped for another is a changed party
        ("She will approve the budget next week.", "He will approve the budget next week.", True),
    ],
)
def test_meaning_guard_rules_of_this_round(quote: str, passage: str, changed: bool) -> None:
    from quote_guard.meaning import meaning_differences

    assert bool(meaning_differences(quote, passage)) is changed


def test_a_restatement_differing_in_several_kinds_of_claim_is_another_clause() -> None:
    src = Source(
        "nda",
        "Either party may terminate this Agreement at any time upon thirty (30) days written notice to the other "
        "party. Notices shall be sent by registered mail.",
    )
    quote = "Neither party shall terminate the contract before giving at least thirty days written notice to the other party."
    [r] = Verifier().verify([quote], [src])
    assert r.verdict in (Verdict.ALTERED, Verdict.UNSUPPORTED)
    assert r.verdict is not Verdict.PARAPHRASE
