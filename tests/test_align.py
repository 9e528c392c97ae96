"""Tests for quote_guard.align: infix alignment and the word-level meaning guard."""

from __future__ import annotations

import pytest

from quote_guard.align import differences, infix, is_known_word, word_category
from quote_guard.normalize import fold


def test_infix_finds_the_closest_substring_and_prefers_the_longest_tie() -> None:
    a = infix("hello wrld", "xx say hello world there", max_distance=3)
    assert a is not None and (a.distance, a.start, a.end) == (1, 7, 18)
    assert infix("", "abc", max_distance=3) is None
    assert infix("zzzzzz", "abcdef", max_distance=1) is None


def test_infix_works_on_bytes_too() -> None:
    a = infix(b"the rent", b"pay the rant now", max_distance=2)
    assert a is not None and a.distance == 1


@pytest.mark.parametrize(
    ("word", "category"),
    [("not", "negation"), ("shan't", "negation"), ("30", "number"), ("thirty", "number"), ("%", "number"),
     ("shall", "modal"), ("all", "quantifier"), ("before", "direction"), ("exclusive", "exclusivity"),
     ("licensee", "party"), ("or", "connective"), ("tenant's", "party"), ("rent", None), ("nicht", "negation")],
)
def test_word_category(word: str, category: str | None) -> None:
    assert word_category(word) == category


@pytest.mark.parametrize(
    ("quote", "passage", "categories"),
    [
        ("The Tenant shall pay", "The Tenant shall not pay", ["negation"]),
        ("within 30 days", "within 10 days", ["number"]),
        ("the Licensee may terminate", "the Licensor may terminate", ["party"]),
        ("the tenant may sublet", "the tenant shall sublet", ["modal"]),
        ("a two-half interest", "a one-half interest", ["number"]),
        ("CytoDyn shall pay", "Vyera shall pay", ["party"]),
        ("the written notice", "the oral notice", ["content"]),
        ("shall include all fees", "shall exclude all fees", ["content"]),
        ("the colour of the car", "the color of the car", ["spelling"]),
        ("the Landlrod shall", "the Landlord shall", ["spelling"]),
        ("1,000 dollars", "1000.00 dollars", ["format"]),
        ("do not assign", "don't assign", ["format"]),
        ("Smith & Sons", "Smith and Sons", ["format"]),
        ("the rent, monthly", "the rent monthly", ["punctuation"]),
        # a unit's power raised or not is form; a raised digit after a digit is an exponent
        ("3,000,000 km² of forest", "3,000,000 km2 of forest", ["format"]),
        ("3,000,000 km³ of forest", "3,000,000 km2 of forest", ["number"]),
        ("a factor of 10⁶", "a factor of 106", ["number"]),
        # "vs." is "versus": its full stop ends no sentence
        ("1.3% versus 4.6% of patients", "1.3% vs. 4.6% of patients", []),
        # units and amounts written out or abbreviated, an ordinal in digits, two points of the compass
        ("about 2.4 kilometres away", "about 2.4 km away", ["format"]),
        # units of science and energy, written out or abbreviated (since the 55th stop)
        ("from 9.2 kelvin to 7.8 kelvin at 12 gigapascals", "from 9.2 K to 7.8 K at 12 GPa", ["format", "format", "format"]),
        ("from 9.2 kelvin to 7.8 kelvin at 12 megapascals", "from 9.2 K to 7.8 K at 12 GPa", ["format", "format", "party"]),
        ("rated at 4.5 kilowatts at 50 hertz", "rated at 4.5 kW at 50 Hz", ["format", "format"]),
        ("a capacity of up to 108 megawatts", "a capacity of up to 108 MW", ["format"]),
        ("each vial holds 10 millilitres", "each vial holds 10 ml", ["format"]),
        # "m" after a figure is metres (after money, million); "/L" after a mass is "per litre"
        ("the tower is 30 m high", "the tower is 30 metres high", []),
        ("a tower 30 meters high", "a tower 30 metres high", ["format"]),
        ("the tower is 30 m high", "the tower is 30 km high", ["content"]),
        ("lead at 5 μg/L in tap water", "lead at 5 micrograms per liter in tap water", ["format", "format"]),
        ("lead at 5 μg/L in tap water", "lead at 5 mg/L in tap water", ["content"]),
        # a mixed number; a fraction spelled out before its figure; a number word beside a spelling; pence
        ("late charges of 1.5% per month", "late charges of 1-1/2% per month", ["format"]),
        ("late charges of 2.5% per month", "late charges of 1-1/2% per month", ["number"]),
        ("a late charge of 1.5% per month", "a late charge of one and one-half percent (1.5%) per month", ["format"]),
        ("23 randomized trials", "Twenty-three randomised trials", ["format"]),
        # a fraction spelled without its hyphen, with a mixed number in brackets; a number spelled with "hundred"
        ("a late charge of 1.5% per month", "a late charge of one and one half percent (1 1/2%) per month", ["format"]),
        ("provide five hundred thousand impressions", "provide 500,000 impressions", ["format"]),
        ("provide six hundred thousand impressions", "provide 500,000 impressions", ["number"]),
        # a number spelled past its hundreds, with or without "and" (since the 54th stop)
        ("not later than 120 days after", "not later than one hundred twenty days after", ["format"]),
        ("from 240 to 312 participants", "from two hundred and forty to three hundred twelve participants", ["format", "format"]),
        ("not later than 130 days after", "not later than one hundred twenty days after", ["number"]),
        # "m" before a plural noun counts millions; a decade's two digits after a decade in full
        ("serves about 3.1m customers", "serves about 3.1 million customers", []),
        ("music for the 1960s and '70s stories", "music for the 1960s and 1970s stories", []),
        ("music for the 1960s and '80s stories", "music for the 1960s and 1970s stories", ["number"]),
        # a currency as a sign before its amount or a word after it (since the 42nd stop)
        ("shareholders receive €3.10 in cash", "shareholders receive 3.10 euros in cash", ["format"]),
        ("members receive 22 dollars each", "members receive $22 each", ["format", "format"]),
        ("revenue rose to $4.1 billion", "revenue rose to 4.1 billion dollars", ["format", "format"]),
        ("members receive $22 each", "members receive 22 euros each", ["number"]),
        # the source's abbreviation written out
        ("a 95% confidence interval of 0.6 to 4.2", "a 95% CI of 0.6 to 4.2", ["format"]),
        ("a 95% confidence limit of 0.6 to 4.2", "a 95% CI of 0.6 to 4.2", ["content"]),
        ("24 randomized trials", "Twenty-three randomised trials", ["number"]),
        # (pence are read as pounds since the 59th stop: the same amount, written otherwise)
        ("will receive 420p in cash", "will receive 420 pence in cash", ["format"]),
        ("will receive 420p in cash", "will receive £4.20 in cash", ["format"]),
        ("will receive 40p in cash", "will receive £0.45 in cash", ["number"]),
        # a defined term's label left out; a figure in brackets after its words, or words before it, left out
        ("amend their Distribution Agreement dated October 1", 'amend their Distribution Agreement ("Agreement") dated October 1',
         ["format"]),
        ("between Acme Inc. and Bolt", 'between Acme Inc. (the "Company") and Bolt', ["format"]),
        ("between Acme Inc. and Bolt", 'between Acme Inc. (not "Company") and Bolt', ["party"]),
        ("for a period of two years following", "for a period of two (2) years following", ["format"]),
        ("for a period of two years following", "for a period of two (3) years following", ["number"]),
        ("to use not less than US$5,000,000 of the proceeds",
         "to use not less than five million U.S. Dollars (US$5,000,000) of the proceeds", ["format", "punctuation"]),
        # spacing alone; a unit per year with a slash; a fraction spelled as one word; miles per hour
        ("the binary alphabet (the set {0, 1})", "the binary alphabet (the set {0,1})", ["punctuation"]),
        ("subsidence of 0.2 m/yr since 2010", "subsidence of 0.2 m per year since 2010", ["format"]),
        ("the output fell by 1/6 last year", "the output fell by one-sixth last year", ["format"]),
        ("the output fell by 1/5 last year", "the output fell by one-sixth last year", ["number"]),
        ("gusts of 60 mph were recorded", "gusts of 60 miles per hour were recorded", ["format"]),
        # one rate ("each" year, "per" year); a duty of the text told as what happens, but not a permission
        ("twenty days of paid vacation each calendar year", "twenty days of paid vacation per calendar year", ["wording"]),
        ("service fees are paid within ten days", "service fees shall be paid within ten days", ["wording"]),
        ("service fees are paid within ten days", "service fees may be paid within ten days", ["modal"]),
        # a negation moved from one clause to another (a plain word moved is wording)
        ("Affiliates shall be considered third parties and shall not be entitled to access",
         "Affiliates shall not be considered third parties and shall be entitled to access", ["negation", "negation"]),
        # a list's marks run into a sentence, left out; a reference's mark is no list's mark
        ("the tenant shall pay rent and maintain the premises", "the tenant shall (a) pay rent and (b) maintain the premises",
         ["format", "format"]),
        ("the fees set out in Section 4 below", "the fees set out in Section 4(b) below", ["content"]),
        ("the fees set out in clause below", "the fees set out in clause (b) below", ["content"]),
        # a wiki tag left out; a range's unit said once
        ("the first modern statement of the principle", "the first modern[vague] statement of the principle", ["footnote"]),
        ("from 7.1 to 8.4 millimetres thick", "from 7.1 mm to 8.4 mm thick", ["format", "format"]),
        ("from 7.1 to 8.4 metres thick", "from 7.1 mm to 8.4 mm thick", ["content", "content"]),
        ("fees of £30 million for the channels", "fees of £30m for the channels", []),
        ("founded in the second century", "founded in the 2nd century", []),
        ("founded in the third century", "founded in the 2nd century", ["number"]),
        ("can be traced westwards to the fort", "can be traced eastwards to the fort", ["direction"]),
        # a compound with another first word is no spelling ("on-dialysis" / "off-dialysis" fold to one word
        # each); one mistyped is ("withold")
        ("patients dosed on-dialysis", "patients dosed off-dialysis", ["content"]),
        ("may withold such permission", "may withhold such permission", ["spelling"]),
        # a sign before a figure and its word are one relation; a compass point after a degree sign written out
        ("once the INR is < 2.0", "once the INR is below 2.0", []),
        ("once the INR is > 2.0", "once the INR is below 2.0", ["direction"]),
        ("at the 28.5 degrees east orbital position", "at the 28.5°E orbital position", []),
        # an apostrophe added or dropped is spelling, unless both spellings are words
        ("the V&A's 16,000 objects", "the V&As 16,000 objects", ["spelling"]),
        ("its 16,000 objects", "it's 16,000 objects", ["party"]),
        # a modal of the same class is wording; of another class, a change
        ("new partners can be admitted", "new partners may be admitted", ["wording"]),
        ("new partners must be admitted", "new partners may be admitted", ["modal"]),
        # a short form defined in brackets, quoted alone or left out; another short form is content
        ("efficacy, 78.9%; 95% CI, 59.1 to 90.0", "efficacy, 78.9%; 95% confidence interval [CI], 59.1 to 90.0",
         ["format", "punctuation"]),
        ("efficacy, 78.9%; 95% confidence interval, 59.1", "efficacy, 78.9%; 95% confidence interval [CI], 59.1", ["format"]),
        ("efficacy, 78.9%; 95% confidence interval, 59.1", "efficacy, 78.9%; 95% confidence interval [CA], 59.1", ["content"]),
        ("funded by the DOE", "funded by the Department of Energy (DOE)", ["format", "punctuation"]),
        # "has to" is a modal of obligation ("does not have to" is none); "a night" is "per night"
        ("Harbourline has to commission an audit", "Harbourline must commission an audit", ["wording", "wording"]),
        ("Harbourline has to commission an audit", "Harbourline may commission an audit", ["modal", "wording"]),
        ("Harbourline does not have to commission an audit", "Harbourline must not commission an audit",
         ["modal", "direction"]),
        ("reimbursed up to £160 a night", "reimbursed up to £160 per night", ["wording"]),
        ("to restore 12 ha of degraded peatland", "to restore 12 hectares of degraded peatland", ["format"]),
        # a figure and its scale word, written out; "/" for "per"; a date in the other order
        ("Notes: €500 million 4.125% Senior Notes", "Notes: €500,000,000 4.125% Senior Notes", ["format"]),
        ("Notes: €500 billion 4.125% Senior Notes", "Notes: €500,000,000 4.125% Senior Notes", ["number"]),
        ("Do not exceed 40 mg/day.", "Do not exceed 40 mg per day.", ["format"]),
        ("effective as of 30 October 2019 by", "effective as of October 30, 2019 by", []),
        ("effective as of 30 October 2019 by", "effective as of October 31, 2019 by", ["number"]),
        ("30 may apply to the grant", "30 may apply to the grant", []),
        # a fraction with a slash and in words; a speaker added by a pronoun (a name is a claim)
        ("reduced by 1/3 for the plea", "reduced by one third for the plea", ["format"]),
        ("reduced by 1/4 for the plea", "reduced by one third for the plea", ["number"]),
        ("I have come out close to even, he said.", "I have come out close to even.", ["wording"]),
        ("I have come out close to even, Smith said.", "I have come out close to even.", ["content"]),
        # a name without its accents is the name; a lower-case word without them is another word
        ("Temujin married Borte in 1178", "Temüjin married Börte in 1178", ["spelling", "spelling"]),
        ("Temujin married Borte in 1178", "Temüjin married Börte in 1179", ["spelling", "spelling", "number"]),
        ("das Wetter war schon", "das Wetter war schön", ["content"]),
        # a decimal without its leading zero; feet abbreviated
        ("is below .001 for the endpoint", "is below 0.001 for the endpoint", ["spelling"]),
        ("is below .01 for the endpoint", "is below 0.001 for the endpoint", ["number"]),
        ("about 390 feet lower", "about 390 ft lower", ["format"]),
        # a relation typed in two characters, a spelled fraction with its figure, miles, "I'm"
        ("eGFR >= 60 and ALT <= 2", "eGFR ≥ 60 and ALT ≤ 2", []),
        ("eGFR >= 60", "eGFR ≤ 60", ["direction"]),
        # a bound by its sign or in words: "≥2" is "2 or more", "at least 2"
        ("a score of ≥2 in men, or ≥3 in women", "a score of 2 or more in men, or 3 or more in women", []),
        ("a score of ≥2 in men", "a score of 2 or less in men", ["direction"]),
        ("a radius of 1/2 mile", "a radius of one-half (1/2) mile", ["format"]),
        ("within 3 mi of the store", "within three (3) miles of the store", ["format"]),
        ("I am not sure", "I'm not sure", ["format"]),
        # "k" after an amount of money is thousand (elsewhere it stays a letter); ordinals up to the 20th
        ("would save about £640k a year", "would save about £640,000 a year", ["format"]),
        ("well into the 19th century", "well into the nineteenth century", []),
        ("well into the 18th century", "well into the nineteenth century", ["number"]),
        # a scanned contract's letters for digits in the bracketed figure ("one (I) hour"); another value is a change
        ("a period of one (1) hour", "a period of one (I) hour", ["format"]),
        ("a period of two (2) hours", "a period of two (I) hours", ["number"]),
        # money and figures as finance writes them: "mn" and "B" after an amount, "US$" for "USD", a
        # thin space between digit groups, a season or fiscal year by its last two digits
        ("a fee of $25 mn in cash", "a fee of $25,000,000 in cash", ["format"]),
        ("a fee of $26 mn in cash", "a fee of $25,000,000 in cash", ["number"]),
        ("sales of €2.41B in the year", "sales of €2.41 billion in the year", []),
        ("sales of €2.41B in the year", "sales of €2.41 million in the year", ["number"]),
        ("payable at US$18,500 per day", "payable at USD 18,500 per day", ["format"]),
        ("payable at US$18,500 per day", "payable at EUR 18,500 per day", ["number"]),
        ("a capitalisation of 162,584 mln EUR", "a capitalisation of 162 584 mln EUR", ["format"]),
        ("a capitalisation of 162,585 mln EUR", "a capitalisation of 162 584 mln EUR", ["number"]),
        ("a loss for the 2022/23 season", "a loss for the 2022-23 season", ["format"]),
        ("a loss for the 2022-2023 season", "a loss for the 2022-23 season", ["format"]),
        ("a loss for the 1999-2000 season", "a loss for the 1999-00 season", ["format"]),
        ("a loss for the 2022/24 season", "a loss for the 2022-23 season", ["number"]),
        ("a loss for the 2022-2023 season", "a loss for the 2022-24 season", ["number"]),
        ("see pages 1990-2089 of it", "see pages 1990-89 of it", ["number"]),  # no range of a century
        # a time of day on either clock, a ratio by a colon or in words, a date's day with its suffix
        ("traffic between 8am and 6:30 p.m. on weekdays", "traffic between 08:00 and 18:30 on weekdays", ["format"]),
        ("traffic between 8am and 8 pm on weekdays", "traffic between 08:00 and 18:00 on weekdays", ["number"]),
        ("traffic between 8am and 6pm on weekdays", "traffic between 8:00 and 18:00 on weekdays", ["format"]),
        ("a ratio above 3.50:1.00 at any time", "a ratio above 3.50 to 1.00 at any time", ["format"]),
        ("a ratio above 3.75:1.00 at any time", "a ratio above 3.50 to 1.00 at any time", ["number"]),
        ("a ratio of 3:1 at any time", "a ratio of 3 to 1 at any time", ["format"]),
        ("signed on March 14th, 2021 by both", "signed on 14 March 2021 by both", []),
        ("signed on March 15th, 2021 by both", "signed on 14 March 2021 by both", ["number"]),
        ("Approx. 1,200 staff", "Approximately 1,200 staff", ["format"]),
        ("a rate of 5% per year", "a rate of 5 per cent per annum", ["format", "format"]),
        # a party's kind and where it was formed, left out of a preamble: information dropped
        ("by and between Acme Inc. (\"Acme\") and Beta LLC", "by and between Acme Inc., a Delaware corporation (\"Acme\") and Beta LLC", ["aside"]),
        ("by and between Acme Inc., having its office", "by and between Acme Inc., a Delaware corporation, having its office", ["aside"]),
        ("between Acme Inc., and Beta", "between Acme Inc., a limited liability company organized under the laws of the State of New York, and Beta",
         ["aside"]),
        ("between Acme Inc., and Beta", "between Acme Inc., a corporation that is not a party, and Beta", ["negation"]),
        ("between Acme Inc., and Beta", "between Acme Inc., a corporation with 12 members, and Beta", ["number"]),
        # the words that keep a list open after "including", and where a term is defined: no claim in them
        ("all losses, including attorneys' fees, arising", "all losses, including, without limitation, attorneys' fees, arising", ["aside"]),
        ("the Products, including the Spare Parts, from", "the Products, including but not limited to the Spare Parts, from", ["aside"]),
        ("the Products, excluding the Spare Parts, from", "the Products, excluding but not limited to the Spare Parts, from", ["negation"]),
        ("shall pay all Fees within thirty days", "shall pay all Fees (as defined in Section 1.4) within thirty days", ["aside"]),
        ("a fee of Ten Thousand Dollars for each", "a fee of Ten Thousand Dollars ($10,000) for each", ["format"]),
        ("a fee of Ten Thousand Dollars for each", "a fee of Ten Thousand Dollars ($20,000) for each", ["number"]),
        # a copula contracted before a modal phrase, a bound in words, a British time, a label with its comma
        ("we're required to pay the fees", "we are required to pay the fees", []),
        ("we're allowed to pay the fees", "we are required to pay the fees", ["modal", "wording"]),
        ("ten or more years of service", "at least 10 years of service", ["format"]),
        ("nine or more years of service", "at least 10 years of service", ["number"]),
        ("through one or more intermediaries", "through one (1) or more intermediaries", ["format"]),
        ("through two or more intermediaries", "through one (1) or more intermediaries", ["number"]),
        ("the crash at 10.40pm on the road", "the crash at 22:40 on the road", ["format"]),
        ("the crash at 10.40pm on the road", "the crash at 10:40 on the road", ["number"]),
        ("shall issue 780,000 shares for services", 'shall issue 780,000 shares (the "Compensation Shares"), for services', ["format"]),
        # "the" for "such" (the same ones, referred back to); "or" for "and/or", not "and"
        ("provided that any the third parties are bound", "provided that any such third parties are bound", ["function"]),
        ("the University or the Investigator shall", "the University and/or the Investigator shall", ["wording"]),
        ("the University and the Investigator shall", "the University and/or the Investigator shall", ["connective"]),
        ("may terminate on written notice to", "may terminate upon written notice to", ["format"]),
        ("shall pay all Fees within thirty days", "shall pay all Fees (as defined below, if any) within thirty days", ["quantifier"]),
        # a contract's words written plainly: the same meaning in other words (46th stop)
        ("shall notify the Licensor before any transfer", "shall notify the Licensor prior to any transfer", ["wording"]),
        ("shall notify the Licensor after any transfer", "shall notify the Licensor prior to any transfer", ["direction"]),
        ("fees paid under this Agreement", "fees paid pursuant to this Agreement", ["wording"]),
        ("if the Customer rejects the Software", "in the event that the Customer rejects the Software", ["wording"]),
        ("the Company may use the Marks", "the Company may utilize the Marks", ["wording"]),
        ("the Term will begin on the Effective Date", "the Term will commence on the Effective Date", ["wording"]),
        ("either party may end the Agreement", "either party may terminate the Agreement", ["wording"]),
        ("upon the end of the Agreement", "upon termination of the Agreement", ["wording"]),
        ("any breach of this contract must be before such termination", "any breach of this Agreement shall be prior to such termination",
         ["wording", "wording"]),
        ("this contract must end before", "this Agreement shall terminate prior to", ["wording"]),
        ("all claims under this contract must be resolved", "all claims hereunder shall be resolved", ["wording"]),
        ("the services in line with the Plan", "the services in accordance with the Plan", ["wording"]),
        # ... where the alignment keeps the words the two phrases share: the words around hold the phrase
        ("the terms set out in Exhibit A", "the terms set forth in Exhibit A", ["wording"]),
        ("the terms set aside in Exhibit A", "the terms set forth in Exhibit A", ["content"]),
        ("against all claims", "against any and all claims", ["wording"]),
        ("whether such information is marked", "whether or not such information is marked", ["wording"]),
        ("the Supplier will deliver the Goods", "the Supplier shall deliver the Goods", ["wording"]),
        ("the Supplier may deliver the Goods", "the Supplier shall deliver the Goods", ["modal"]),
        ("costs, such as legal fees", "costs, including legal fees", ["wording"]),
        ("shall quickly notify", "shall promptly notify", ["wording"]),
        ("the licensor may terminate", "the licensor shall be entitled to terminate", ["wording"]),
        ("the licensor may not terminate", "the licensor shall not be entitled to terminate", ["wording"]),
        ("the licensor is entitled to terminate", "the licensor shall be entitled to terminate", ["wording"]),
        ("the licensor shall terminate", "the licensor shall be entitled to terminate", ["modal", "wording"]),
        ("shall keep these records confidential", "shall keep such records confidential", ["wording"]),
        # ... and plain words for formal ones in reports and articles
        ("revenue of about $5 million", "revenue of approximately $5 million", ["wording"]),
        ("mainly because of the change", "primarily due to the change", ["wording"]),
        ("the euro compared with the dollar", "the euro compared to the dollar", ["wording"]),
        ("the town is situated on the coast", "the town is located on the coast", ["wording"]),
        ("the biggest producer", "the largest producer", ["wording"]),
        ("tests carried out in 2019", "tests performed in 2019", ["wording"]),
        ("most of the revenue", "the majority of the revenue", ["wording"]),
        ("all of the revenue", "the majority of the revenue", ["quantifier"]),
        ("a decrease in costs", "a reduction in costs", ["wording"]),
    ],
)
def test_differences_label_what_each_change_means(quote: str, passage: str, categories: list[str]) -> None:
    names = frozenset(w.casefold() for w in (quote + " " + passage).split() if w[:1].isupper())
    got = [d.category for d in differences(fold(quote).text, fold(passage).text, names=names)]
    assert got == categories


def test_identical_texts_have_no_differences() -> None:
    assert differences("the tenant shall pay", "the tenant shall pay") == ()


def test_known_words_come_from_the_word_list() -> None:
    assert is_known_word("include") and is_known_word("exclude")
    assert not is_known_word("landlrod")


def test_the_compact_word_table_holds_exactly_the_words_of_a_set() -> None:
    # every entry of the word list, common or not, is in the table exactly when it is in a plain
    # set of the common ones (the table replaced that set: 400 KB in place of 4.7 MB)
    import gzip
    import re
    from importlib import resources

    from quote_guard.align import _KNOWN_MIN_FREQ, KnownWords, _known_words

    text = gzip.decompress(resources.files("spellchecker").joinpath("resources", "en.json.gz").read_bytes()).decode()
    entries = [(m[1], int(m[2])) for m in re.finditer(r'"([^"\\]+)":\s*(\d+)', text)]
    common = {w for w, n in entries if n >= _KNOWN_MIN_FREQ}
    table = _known_words()
    assert len(table) == len(common) > 40_000
    assert [w for w, _ in entries if (w in table) != (w in common)] == []
    small = KnownWords(["b", "a", "c", "ab", "ba", "zz", "é"])
    assert [w in small for w in ("a", "b", "c", "d", "", "ab", "ba", "aa", "zz", "zzz", "é", 3)] == [
        True, True, True, False, False, True, True, False, True, False, False, False]


def test_an_attribution_moved_to_the_other_end_of_the_words_is_wording() -> None:
    # the passage of a match starts at the quotation; who said it is just before it
    source = fold('Pressed for details, Mr Warner said: "All six of them are dead, we were told by Harold".').text
    quote = fold('"All six of them are dead, we were told by Harold," Warner said.').text
    passage = source[source.index('"') :]
    cats = [d.category for d in differences(quote, passage, context=source)]
    assert "wording" in cats and "content" not in cats
    # without the text around the passage, the speaker is an added claim
    assert "content" in [d.category for d in differences(quote, passage)]
    # another speaker is not a moved one
    other = fold('"All six of them are dead, we were told by Harold," Jones said.').text
    assert "content" in [d.category for d in differences(other, passage, context=source)]


@pytest.mark.parametrize("text", [
    "the rent is 500", "a change of +500 or -500", "10^6 cells", "1990-2000 and well-known", "±0.3 mg",
    "non-exclusive, third-party rights", "x - 5 and + 7", "x-5", "e^x", "2²", "- 5", "the end -",
])
def test_signed_words_are_the_signed_tokens(text: str) -> None:
    # differences() reads words without offsets where no sign or raise stands right before a digit
    from quote_guard.align import _signed, _signed_words
    from quote_guard.normalize import tokenize

    f = fold(text).text
    assert _signed_words(f) == _signed(tokenize(f))


def test_a_link_to_the_sentence_before_moved_is_wording() -> None:
    # "in addition" the source says before the passage, put at the quote's end: the same link, moved
    quote, passage = "there was an impact of $7.6 million in addition", "there was an impact of $7.6 million"
    moved = differences(quote, passage, context="sales rose . in addition , there was an impact of $7.6 million")
    assert [d.category for d in moved] == ["wording"]
    # where the source does not say it, the quote adds it
    assert [d.category for d in differences(quote, passage, context="sales rose . there was an impact")] == ["content"]


@pytest.mark.parametrize(("quote", "source", "category"), [
    ("smokers were two times as likely", "smokers were twice as likely", "format"),
    ("take it 2 times a day", "take it twice a day", "format"),
    ("the rate was cut three times", "the rate was cut thrice", "format"),
    ("smokers were three times as likely", "smokers were twice as likely", "number"),
    ("take it twice a week", "take it twice a day", "number"),
    ("fighting went on until 1659", "fighting continued until 1659", "wording"),
    ("fighting ended in 1659", "fighting continued until 1659", "direction"),
    ("the scheme is optional for small firms", "the scheme is voluntary for small firms", "wording"),
    ("only partially explained by weight loss", "only partly explained by weight loss", "wording"),
    ("only partly explained by weight loss", "only partially explained by weight loss", "wording"),
    ("sales rose modestly in the first quarter", "sales rose slightly in the first quarter", "wording"),
    ("the scheme is mandatory for small firms", "the scheme is voluntary for small firms", "content"),
    ("helped by a onetime tax credit", "helped by a oneoff tax credit", "wording"),
    ("invoices must be paid within 10 days", "invoices are payable within 10 days", "wording"),
    ("invoices may be paid within 10 days", "invoices are payable within 10 days", "modal"),
    ("mainly due to higher energy costs", "mainly because of higher energy costs", "wording"),
    ("do not take more than 4 grams per day", "do not take more than 4 grams in 24 hours", "format"),
    ("do not take more than 4 grams a day", "do not take more than 4 grams in 24 hours", "format"),
    ("do not take more than 4 grams per hour", "do not take more than 4 grams in 24 hours", "number"),
    ("adults can take two tablets every 6 hours", "adults : two tablets every 6 hours", "wording"),
    ("adults must take two tablets every 6 hours", "adults : two tablets every 6 hours", "modal"),
    # a party word ("the receiving party") used as a verb beside the source's noun of the same word
    ("within 45 days of receiving a valid invoice", "within 45 days of receipt of a valid invoice", "content"),
    ("the receiving party shall keep it", "the disclosing party shall keep it", "party"),
    ("the licensee shall pay", "the licensor shall pay", "party"),
])
def test_plain_words_twice_and_a_party_word_as_a_verb(quote: str, source: str, category: str) -> None:
    [d] = differences(quote, source)
    assert d.category == category
