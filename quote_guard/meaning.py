"""The meaning guard for restatements: does a quote claim what its passage claims?

A paraphrase verdict is a claim that the meaning is the same. Word-by-word alignment
(:func:`quote_guard.align.differences`) fails on a rewording, so this module compares the
*sets* of load-bearing elements of the quote and of the passage it restates:

- **negation polarity**: the parity of negators (``not``, ``no``, ``never``, ``without``,
  ``unless``, ``except``...), so "shall not assign ... without consent" and "needs consent
  before assigning" agree, and "may assign ... without consent" does not;
- **numbers**: every figure of the quote (digits or number words, with ``%``/``percent`` and
  signs) must be in the passage; a paraphrase may drop a figure, never add or change one;
- **modal class**: obligation (shall, must, required), permission (may, can, allowed) and
  prohibition (a negated obligation or permission); a class the passage lacks is a change;
- **quantifiers**: all, some, none, any, each, every, at least, at most...;
- **direction and antonyms**: a curated lexicon of opposite groups (increase/decrease,
  hire/lay off, approve/reject, before/after, maximum/minimum, allow/prohibit, buy/sell,
  win/lose, include/exclude, exclusive/several, consent/notice..., and the strength of a claim:
  eliminate/reduce, cause/associated, prove/suggest), and WordNet's one-word antonyms where the
  quote puts one in the place of the passage's word (weak/strong, junior/senior);
- **entities**: a capitalised name or term of the quote that the passage lacks is a changed
  party (``altered``), or, when no source has it at all, an invented one (``unsupported``);
- **pronouns**: he/she, his/her, we/they swapped.

Synonyms of other content words ("consent"/"approval") are not load-bearing here.

>>> [d.category for d in meaning_differences("Revenue fell 12 percent", "Revenue increased by 12% in 2023.")]
['direction']
>>> meaning_differences("Revenue rose 12 percent to 4.1 billion dollars", "Revenue increased by 12% to $4.1 billion.")
()
"""

from __future__ import annotations

import itertools
import os
import re
from collections import Counter
from collections.abc import Iterable, Sequence
from difflib import SequenceMatcher
from functools import lru_cache
from typing import Protocol, runtime_checkable

from .models import Difference
from .normalize import (
    CURRENCY_CODES,
    CURRENCY_SIGNS,
    FRACTION_PARTS,
    MONEY_MARKS,
    MONEY_SCALE_LETTERS,
    MONTH_NAMES,
    NUMBER_WORDS,
    ROMAN_NUMERALS,
    SCALE_ABBREVIATIONS,
    SCALE_WORDS,
    SHORT_TEXT_CACHES,
    SPEECH_VERBS,
    canonical_number,
    dates_read_as,
    fold,
    fold_for_figures,
    hundreds_as_digits,
    initials,
    number_word_value,
    quarters_as_digits,
    scaled_figure,
    word_count,
    word_places,
)

__all__ = ["Entailment", "invented_terms", "invented_titles", "load_tables", "meaning_differences", "restated_spans"]


@runtime_checkable
class Entailment(Protocol):
    """An optional second opinion: does ``passage`` state what ``quote`` claims?

    ``True``: it does; ``False``: it does not, or says otherwise; ``None``: no opinion. The
    :class:`~quote_guard.Verifier` (``entailment=``) consults it only for quotes that are still
    ``paraphrase`` after this module's guard; ``False`` makes them ``altered``. Off by default;
    :class:`quote_guard.guard.entailment.LiteLLMEntailment` asks an LLM.
    """

    def entails(self, quote: str, passage: str) -> bool | None: ...

# a sign belongs to a number unless a letter or digit comes right before it: "256-170" is a
# score or a range, "-170" a negative figure
# (a time of day is one word: "06:47", read whole, is no figure 6 and no figure 47; since the 58th stop)
_WORD = re.compile(r"(?<![\d:])\d{1,2}:\d{2}(?![\d:])|(?<![^\W_])[+\-−±]?\d+(?:[.,]\d+)*%?|\d+(?:[.,]\d+)*%?|[^\W\d_]+(?:['’][^\W\d_]+)*|[%$€£¥<>≤≥≠=±→←↑↓]|[,.;!?]")

_NEGATORS = frozenset(
    """not no never neither nor none nothing nobody nowhere without cannot unless except exception excluding lack lacks lacked
    lacking
    n't nicht kein keine ohne ne pas jamais sans sin nunca ningún non senza não sem niet geen zonder не нет без""".split()
)
_OBLIGATION = frozenset("shall must will required require requires obliged obligated need needs needed have has".split())
_PERMISSION = frozenset("may can could allowed permitted entitled free able might".split())
_QUANTIFIERS = {
    "all": "all", "every": "all", "each": "all", "entire": "all", "always": "all",
    "some": "some", "several": "some", "certain": "some", "few": "some", "sometimes": "some", "partial": "some",
    "majority": "most", "none": "none", "nothing": "none", "many": "many", "numerous": "many",
    "any": "any", "either": "any",
    "only": "only", "solely": "only", "exclusively": "only", "sole": "only", "alone": "only",
    "least": "at least", "minimum": "at least", "maximum": "at most",
}


def quantifier_class(word: str) -> str | None:
    """The class of a quantifier word ("every" is "all", "majority" is "most"), else ``None``."""
    return _QUANTIFIERS.get(word)


# quantifiers that change a claim even where the passage states none: "only", "none"
_STRONG_QUANTIFIERS = frozenset({"only", "none"})
_WHOLE = frozenset(("entire", "entirety", "whole", "wholly"))  # the whole of something ...
_PART_WORDS = frozenset("half portion portions fraction third quarter".split())  # ... for a part of it
# opposite groups: a quote word from one side and a passage word from the other (and none of the
# quote's own side) is a reversed direction. Stems: a word matches when it starts with one.
_OPPOSITES: tuple[tuple[frozenset[str], frozenset[str]], ...] = tuple(
    (frozenset(a.split()), frozenset(b.split()))
    for a, b in (
        ("increas rise rose risen rising grew grow gain gained climb jump surg soar boost expand raise raised higher up upward add added adds",
         "decreas fall fell fallen falling declin drop dropp shrank shrink lower reduc cut slump plung contract down downward "
         "ease= eased= eases= easing="),
        ("hire hired hiring recruit", "lay laid fire fired dismiss layoff redundan"),
        ("hire= hires= hired= hiring= employ= employs= employed= employing=", "solicit"),  # a hiring ban for a non-solicitation
        ("approv accept grant granted", "reject reject deni deny refus"),
        ("before prior earlier preced", "after later subsequent following"),
        ("maximum max most ceiling", "minimum min least floor"),
        ("allow permit enabl authoriz authoris", "prohibit forbid forbad bann barr disallow"),
        ("buy bought purchas acquir", "sell sold dispos divest"),
        ("win won victor", "lose lost loss"),
        # a figure unchanged, or one that moved up or down ("revenue rose to £9.8bn" for "revenue was flat at
        # £9.8bn"; two groups, so that a rise and a fall are never one side)
        ("flat= unchanged stable= steady= stagnant=", "rose= rise= rises= risen= rising= increased= grew= climbed= jumped="),
        ("flat= unchanged stable= steady= stagnant=", "fell= fall= falls= fallen= falling= decreased= declined= dropped="),
        # a match won, or lost or drawn ("lost to City" for "beat City"; "beat" and "defeated" kept
        # apart, so that neither is read as the other's own side)
        ("beat= beats=", "lost lose loses= losing= draw= drew= drawn="),
        ("defeat", "lost lose loses= losing= draw= drew= drawn="),
        ("includ inclusive=", "exclud plus="),  # "inclusive of GST" is not "plus GST"
        ("profit surplus", "loss deficit"),
        ("success succeed", "fail failure"),
        ("succeed", "dismiss"),  # a claim or complaint that succeeds, or is dismissed
        ("open opened", "close closed shut"),
        ("start began begin commenc signed= signing= executed= execution= effective=", "end ended ends= ending= terminat finish ceas"),
        ("lend lent", "borrow"),
        ("import", "export"),
        ("above exceed", "below beneath"),
        ("positive", "negative"),
        ("true", "false"),
        ("increase", "decrease"),
        ("strengthen", "weaken"),
        ("support backing backed", "oppos"),  # ("with the backing of most of the governors": since the 61st stop)
        ("confirm", "refut"),
        ("safe", "unsafe dangerous"),
        ("effective", "ineffective"),
        ("significant", "insignificant"),
        ("higher", "lower"),
        ("more", "less fewer"),
        ("improv", "worsen deteriorat declin"),  # "margin improved to 18.4%" for "declined to 18.4%"
        ("improv", "fell= fallen= dropped= decreased= weakened="),  # "attendance fell" for "attendance has improved"
        ("flat= unchanged stable= steady= stagnant=", "improv worsen deteriorat"),  # "improved" for "remained stable"
        # one right-holder or several; a duty to ask or only to tell ("unless it first notifies
        # the Landlord" for "without the prior written consent of the Landlord")
        ("exclusiv sole", "several multiple"),
        ("sole solely", "joint jointly mutual mutually"),  # "jointly decide" for "in its sole discretion"
        ("exclusively=", "joint= jointly= mutual= mutually= shared="),  # "owned jointly" for "owned exclusively by the Company"
        ("consent permission", "notif notice"),
        # the strength of a claim: an effect done away with or only lessened, a cause or only a
        # link, a proof or only a hint ("grounding eliminates hallucination" for "reduces")
        ("eliminat erad abolish cure prevent", "reduc lessen mitigat alleviat lower"),
        ("caus", "associat correlat"),
        ("prove proved proven establish demonstrat confirm show= shows= showed= shown=", "suggest indicat hint hypothes specul propos "
         "opinion= believe= believes= believed= argue= argues= argued= contend= contends= contended= "
         "acknowledged= regarded= considered= deemed= consistent="),
        ("final", "preliminar interim provisional"),
        ("audited=", "unaudited="),  # (since the 60th stop)
        ("daylight= daytime=", "night= nights= nighttime= darkness= nocturnal="),  # (since the 60th stop)
        ("submitted= submits= submit= submitting=", "approved= approves= approve= approving="),  # (a plan sent, or approved)
        ("retained= retains= retain= kept= keeps=", "returned= refunded= repaid= refundable="),  # (a fee kept, or returned)
        # a charge waived, or only cut (since the 60th stop): "is cutting its annual management charge" for "will waive"
        ("waiv", "reduc cut= cuts= cutting= lower= lowers= lowering= lowered="),
        # a figure measured or only estimated ("has been measured at 5 to 9 times" for "is estimated to have");
        # a schedule replaced or only added to (since the 57th stop)
        ("measured= measurement= measurements=", "estimated= estimating= estimation="),
        ("replac substitut", "supplement"),
        # pay at the basic rate, or at an overtime rate; growth that picks up or moderates; a vote unanimous or
        # by a majority; a share of revenue or of profit (since the 58th stop)
        ("revenue= revenues= turnover=", "profit= profits= earnings="),
        ("basic=", "overtime= premium="),
        ("pick= picks= picked= accelerat", "moderate= moderates= moderated= moderating= slow= slows= slowed= slowing= decelerat"),
        ("unanimous unanimously=", "majority= split= divided="),
        # two ends of a contract: one at the end of its term, one by a party's act or a breach
        ("expir", "terminat"),
        # a time still to come or already past ("next spring" / "last spring")
        ("next upcoming", "last previous"),
        # a forecast changed or kept; a forecast beaten or missed
        ("raise raised rais increas boost cut lower reduc", "reaffirm reiterat maintain unchanged"),
        ("beat topped surpass", "miss missed misses"),
        # a position held above or below a benchmark, a value judged too high or too low
        ("overweight outperform overvalu overestimat overstat", "underweight underperform undervalu underestimat understat"),
        ("older oldest", "newer newest"),
        # done together or each on its own ("jointly developed" for "independently developed")
        ("joint jointly together collectively", "independen separately individually"),
        # data or goods handed over for money, or only shared ("may sell ... data" for "may share ... data")
        ("sell= sells= sold= selling=", "share= shares= shared= sharing="),
        # data stripped of who it is about, or data about a person ("your personal data" for
        # "aggregated, de-identified data")
        ("anonymis anonymiz deidentif aggregat pseudonymi", "personal identifiable"),
        # a dose with food or without ("taken on an empty stomach" for "taken with food")
        ("food= meal= meals= fed=", "empty= fasting= fasted="),
        # a trial's design (since the 60th stop): "double-blind" for "open-label", "individually randomised" for
        # "cluster-randomised", "prospective" for "retrospective", "randomised" for "observational"
        ("openlabel= unblinded= unmasked=", "doubleblind= singleblind= tripleblind= blinded= masked="),
        ("clusterrandomised= clusterrandomized=", "individually= individuallyrandomised= individuallyrandomized="),
        ("prospective= prospectively=", "retrospective= retrospectively="),
        ("observational=", "randomised= randomized= interventional="),
        # a bill signed or vetoed (whole words only: "sign" would start "significant")
        ("sign= signs= signed= signing=", "veto vetoed vetoes vetoing"),
        # a standing ahead of another or behind it ("two points ahead of Arsenal" for "behind")
        ("ahead=", "behind="),
        # a rate fixed or one that moves ("a period in which the rate of interest is fixed" for "... is variable")
        ("fixed=", "variable= floating= adjustable= tracker="),
        # a lower court's decision kept or undone; an appeal that fails or succeeds; a verdict of guilty or not
        ("uphold upheld affirm", "overturn revers quash vacat"),
        ("allowed= allows= allow=", "dismiss"),
        ("acquit cleared=", "convict guilty="),
        # a thing to keep away from, or one that does no harm ("is safe to drink" for "should be avoided")
        ("avoid", "safe= acceptable= harmless="),
        # a thing owned or only licensed ("will be licensed to the Customer" for "shall be owned by the Customer")
        ("own= owns= owned= owner= owners= ownership= title=", "licens licenc"),
        # data deleted or handed back ("must return all Personal Data" for "shall delete")
        ("delet destroy destroyed= eras", "return= returns= returned= returning="),
        # paid at the end of the period it covers, or at its start ("payable quarterly in advance" for "... in arrears")
        ("arrears=", "advance="),
        # a thing that goes on, or stops ("contacts would continue" is "would not stop")
        ("continue= continues= continued= continuing=", "stop= stops= stopped= stopping= halt= halts= halted= halting="),
        # jobs, risks or value made, or done away with ("would create about 1,200 jobs" for "would cut ...")
        ("creat", "cut= cuts= cutting= eliminat shed= sheds= shedding= axe= axed="),
    )
)
_PRONOUN_GROUPS = (
    frozenset("he him his himself".split()),
    frozenset("she her hers herself".split()),
    frozenset("we us our ours ourselves".split()),
    frozenset("they them their theirs themselves".split()),
    frozenset("i me my mine myself".split()),
)
_PERSON = dict(zip(_PRONOUN_GROUPS, (3, 3, 1, 3, 1)))  # first or third person, by group
_DETERMINER_NUMBERS = frozenset({"zero", "one", "two"})
_DETERMINERS_BEFORE = frozenset("the these those both its their his her our all".split())
_MULTIPLES = {"half": "0.5", "halves": "0.5", "halve": "0.5", "halved": "0.5", "halving": "0.5", "quarter": "0.25",
              "double": "x2", "doubled": "x2", "doubles": "x2", "doubling": "x2", "twice": "x2",
              "triple": "x3", "tripled": "x3", "threefold": "x3", "tenfold": "x10", "fourfold": "x4", "fivefold": "x5"}
# after "twice" these make it a multiple ("twice as high", "twice the price"), elsewhere it counts times
# (and before these it is a rate, which _rates reads: "twice a day", "twice daily")
_TIMES_OF = [[w] for w in "as the that its their his her our a an per each every daily weekly monthly yearly "
                          "annually hourly".split()]
_ORDINALS = {w: f"ord{i + 2}" for i, w in enumerate(
    "second third fourth fifth sixth seventh eighth ninth tenth eleventh twelfth".split())}
_MONTHS = {m: f"month{i % 12 + 1}" for i, m in enumerate(
    (*MONTH_NAMES, *"jan feb mar apr may_ jun jul aug sep oct nov dec".split()))}
del _MONTHS["may"]  # "may" is a modal far more often than a month
_MONTHS.pop("may_", None)
_DAYS = {w: f"day{i % 7}" for i, w in enumerate(
    "monday tuesday wednesday thursday friday saturday sunday mon tue wed thu fri sat sun".split())}
# seasons: spring and autumn only, "summer"/"winter" being trigger words of the frozen slice
# (benchmarks/build_real_habits.py), which must stay outside every lexicon
_DAYS.update({"tues": "day1", "thur": "day3", "thurs": "day3", "spring": "spring", "autumn": "autumn",
              "weekend": "weekend", "weekday": "weekday"})
del _DAYS["sat"], _DAYS["sun"], _DAYS["wed"]  # words of their own far more often
_SCALE_SPELLINGS = {"m": "million", "mn": "million", "mln": "million", "bn": "billion", "b": "billion",
                    "k": "thousand", "tn": "trillion"}
_UNITS = {"percent": "%", "per": "", "cent": "%", "pct": "%", "dollars": "$", "dollar": "$", "usd": "$",
          "euros": "€", "euro": "€", "eur": "€", "pounds": "£", "gbp": "£"}
_TITLE_STOP = frozenset(
    "The A An This That These Those It In On At Of For And Or But If When While As By To From With Its Their His Her "
    "Our We They He She I You Section Article Clause Mr Mrs Ms Dr Prof Sir Monday Tuesday Wednesday Thursday Friday Saturday Sunday "
    "January February March April May June July August September October November December".split()
)
# (an initialism with its dots before a capitalised word is one word of a name: "the U.S. Constitution";
# alone, "U.S. troops", it reads as before, so that "American troops" restates it)
_CAP_RUN = re.compile(r"(?:(?:[A-Z]\.){2,}(?=\s+[A-Z])|[A-Z][\w'’-]*)(?:\s+(?:of\s+)?(?:(?:[A-Z]\.){2,}(?=\s+[A-Z])|[A-Z][\w'’-]*))*")
_SENTENCE_END = re.compile(r"[.!?:;\"“”'‘’(\[]\s*$")


def _words(text: str) -> list[str]:
    """The folded words of ``text`` as the meaning rules read them (a new list each call: callers may
    change it; the rules of one check read the same quote and passage a dozen times, so the reading
    itself is remembered)."""
    return list(_read_words(text))


@lru_cache(maxsize=1024)
def _read_words(text: str) -> tuple[str, ...]:
    folded = fold_for_figures(text)  # "1-1/2%": one figure, 1.5%; "2022/23": 2022-2023; "N2K" states none
    words = hundreds_as_digits(quarters_as_digits([w.replace("’", "'") for w in _WORD.findall(folded)]))
    if "war" in words:  # "the Second World War" is "World War II"
        for i in range(len(words) - 2):
            if words[i] in ("first", "second") and words[i + 1 : i + 3] == ["world", "war"]:
                words[i : i + 3] = ["world", "war", "i" if words[i] == "first" else "ii"]
    if "not" in words:  # "unlikely but not impossible": "possible"
        words = _litotes_read(words)
    return tuple(words)


# adjectives whose negation says plainly yes ("not impossible": possible), as the word without its prefix; no
# adverbs ("shall not be unreasonably withheld" limits a refusal)
_LITOTES = {w: w[2:] for w in "impossible unlikely uncommon unusual unknown insignificant infrequent unimportant "
            "inconceivable unexpected unreasonable".split()}


def _litotes_read(words: list[str]) -> list[str]:
    """``words`` with each "not" before an adjective in ``_LITOTES`` and that adjective read as the plain one.

    >>> _litotes_read("unlikely but not impossible".split())
    ['unlikely', 'but', 'possible']
    """
    out: list[str] = []
    for w in words:
        if out and out[-1] == "not" and w in _LITOTES:
            out[-1] = _LITOTES[w]
        else:
            out.append(w)
    return out


SHORT_TEXT_CACHES.append(_read_words.cache_clear)


def _side_table() -> tuple[dict[str, list[tuple[int, int]]], dict[str, list[tuple[int, int]]]]:
    """The stems of :data:`_OPPOSITES` by (group, side): whole words, and prefixes of four letters or more
    (a stem written with a trailing ``=`` is a whole word only)."""
    exact: dict[str, list[tuple[int, int]]] = {}
    prefix: dict[str, list[tuple[int, int]]] = {}
    for g, pair in enumerate(_OPPOSITES):
        for k, stems in enumerate(pair):
            for s in stems:
                whole = s.endswith("=")  # a whole word only, never a prefix
                s = s.rstrip("=")
                exact.setdefault(s, []).append((g, k))
                if len(s) > 3 and not whole:
                    prefix.setdefault(s, []).append((g, k))
    return exact, prefix


_SIDE_EXACT, _SIDE_PREFIX = _side_table()


@lru_cache(maxsize=65536)
def _sides_of(word: str) -> tuple[tuple[int, int], ...]:
    """The (opposite group, side) pairs a word belongs to ("rose": the upward side of group 0):
    the word is one of the side's stems, or starts with one of four letters or more ("increas")."""
    found = set(_SIDE_EXACT.get(word, ()))
    for n in range(4, len(word) + 1):
        found.update(_SIDE_PREFIX.get(word[:n], ()))
    return tuple(sorted(found))


def same_side(a: str, b: str) -> bool:
    """Whether two folded words are on the same side of one opposite pair of the lexicon ("rose" and
    "increased", "fell" and "declined"): words of one meaning there, however an embedder rates them."""
    return bool(set(_sides_of(a)) & set(_sides_of(b)))


def opposite_sides(a: str, b: str) -> bool:
    """Whether two folded texts hold words on the two sides of one opposite pair of the lexicon, and
    none on the same side ("after" / "before", "sell" / "buy").

    >>> opposite_sides("after", "before"), opposite_sides("rose", "increased"), opposite_sides("the fee", "the cost")
    (True, False, False)
    """
    one = {k for w in a.split() for k in _sides_of(w)}
    two = {k for w in b.split() for k in _sides_of(w)}
    return not one & two and any((g, 1 - k) in two for g, k in one)


def _sides(words: list[str]) -> dict[tuple[int, int], list[str]]:
    """The opposite groups' sides ``words`` take, with the words that take them; "more" or "fewer"
    after "<figure> or" bounds the figure and takes no side ("7,000 or more" is "at least 7,000").

    >>> sorted(_sides("7,000 or more steps , more than fewer".split()).values())
    [['fewer'], ['more']]
    """
    out: dict[tuple[int, int], list[str]] = {}
    for i, w in enumerate(words):
        if _or_bound(words, i):
            continue
        for key in _sides_of(w):
            out.setdefault(key, []).append(w)
    return out


_OR_BOUNDS = frozenset("more less fewer higher lower greater above below over under".split())


def _or_bound(words: list[str], i: int) -> bool:
    """Whether ``words[i]`` bounds the figure before an "or" ("more" of "7,000 or more"), comparing nothing.

    >>> _or_bound("7,000 or more steps".split(), 2), _or_bound("more or less".split(), 0)
    (True, False)
    """
    return words[i] in _OR_BOUNDS and i >= 2 and words[i - 1] == "or" and words[i - 2][:1].isdigit()


def _stem_in(word: str, stems: Iterable[str]) -> bool:
    """``word`` is one of ``stems``, or starts with one of four letters or more ("increas")."""
    return any(word == s or (len(s) > 3 and word.startswith(s)) for s in stems)


_ANTONYMS: dict[str, tuple[str, ...]] | None = None
# endings taken off a word to find the antonym table's base form: (ending, what replaces it)
_ENDINGS = (("iest", "y"), ("ies", "y"), ("ied", "y"), ("ier", "y"), ("ing", ""), ("ing", "e"), ("ed", ""),
            ("ed", "e"), ("es", ""), ("est", ""), ("er", ""), ("ly", ""), ("s", ""))


def _antonym_table() -> dict[str, tuple[str, ...]]:
    """WordNet 3.0's one-word antonym pairs (``wordnet_antonyms.txt``, made by
    ``scripts/build_antonyms.py``), both ways; read on first use (one split of the file's body, about
    10 ms for its 21,000 pairs). Each word's antonyms are a tuple, not a set: 2.7 MiB in a process
    instead of 7.0."""
    global _ANTONYMS
    if _ANTONYMS is None:
        from importlib.resources import files

        text = files(__package__).joinpath("wordnet_antonyms.txt").read_text(encoding="utf-8")
        words = " ".join(line for line in text.splitlines() if line and not line.startswith("#")).split()
        table: dict[str, dict[str, None]] = {}
        for k in range(0, len(words) - 2, 3):  # "pos word antonym"
            a, b = words[k + 1], words[k + 2]
            table.setdefault(a, {})[b] = None
            table.setdefault(b, {})[a] = None
        _ANTONYMS = {w: tuple(others) for w, others in table.items()}
    return _ANTONYMS


def load_tables() -> None:
    """Read now the tables this module reads on first use (the WordNet antonyms): a server's or a
    benchmark's warm-up calls it (:meth:`quote_guard.Verifier.warm_up`)."""
    _antonym_table()


@lru_cache(maxsize=65536)
def _bases(word: str) -> frozenset[str]:
    """The word and the base forms its ending may stand for ("declined": decline, declin; "stopped":
    stop): candidates to look up, not a lemmatiser (a wrong base is simply not in the table)."""
    out = {word}
    if word in _IRREGULAR_PLURALS:
        out.add(_IRREGULAR_PLURALS[word])  # "women": woman
    for end, rep in _ENDINGS:
        if word.endswith(end) and len(word) - len(end) >= 3:
            base = word[: len(word) - len(end)] + rep
            out.add(base)
            if not rep and len(base) >= 4 and base[-1] == base[-2] and base[-1] not in "aeiouls":
                out.add(base[:-1])  # a doubled consonant: "stopped", "bigger"
    return frozenset(out)


_IRREGULAR_PLURALS = {"men": "man", "women": "woman", "children": "child", "feet": "foot", "teeth": "tooth",
                      "mice": "mouse", "geese": "goose"}
_MODAL_WORDS = _OBLIGATION | _PERMISSION
_OTHER_LEXICONS = frozenset(_QUANTIFIERS) | _NEGATORS | _MODAL_WORDS


# things of one kind, each not the other ("solar" for "wind", "vomiting" for "nausea", "kidney" for "liver"): one
# put in the place of another is another claim, however close the embedder finds them. Base forms; a word of two
# senses is left out ("gas", "lead", "tin", "notes")
_KIND_GROUPS = (
    "coal oil nuclear wind solar hydro hydroelectric hydropower biomass geothermal",
    "gold silver copper iron steel aluminium aluminum zinc nickel lithium cobalt platinum uranium",
    "nausea vomiting diarrhoea diarrhea constipation headache dizziness fatigue rash fever cough insomnia drowsiness",
    "liver kidney heart lung brain pancreas bladder bowel colon stomach",
    "online telephone postal",
    "football rugby cricket tennis golf baseball basketball hockey",
    "car bus train plane aircraft bicycle ship ferry lorry truck tram",
    "red blue green yellow orange purple pink brown grey gray",
    "dog cat horse cow sheep goat pig chicken duck deer",
    "breakfast lunch dinner",
    "guitar piano violin drum flute trumpet cello",
    "training validation heldout",  # the data a model learns from, is tuned on, or is tested on
)
_KINDS: dict[str, tuple[str, ...]] = {w: tuple(x for x in group.split() if x != w and {x, w} != {"grey", "gray"})
                                      for group in _KIND_GROUPS for w in group.split()}


_IN_PLACE_WORDS = 4  # a replaced stretch this long at most puts a word in the place of another


def _antonym_swap(qw: list[str], pw: list[str], table: dict[str, tuple[str, ...]] | None = None) -> tuple[str, str] | None:
    """A quote word in the place of a passage word that is its antonym (WordNet): ("weak", "strong"),
    ("junior", "senior"). In the place means in the same replaced stretch of a word-by-word
    alignment ("fast enough" for "too slow", even where the passage calls something else fast), or,
    where the passage never uses the quote's word, next to the same content word in both texts ("a junior investigator" in a passive restatement of "a senior investigator
    reviewed") where the quote never uses the passage's word either; two antonyms that merely
    occur in the same passage do not count. ``table``: another table of words that exclude each other
    (:data:`_KINDS`)."""
    table = _antonym_table() if table is None else table
    p_all = frozenset().union(*map(_bases, pw)) if pw else frozenset()
    q_all = frozenset().union(*map(_bases, qw)) if qw else frozenset()
    # words another lexicon of this module reads (quantifiers, negators, modals) are that lexicon's
    # to report: "all" for "some" is a changed quantifier
    opposite: dict[str, frozenset[str]] = {}
    bounds = {w for i, w in enumerate(qw) if _or_bound(qw, i)}
    for a in set(qw):
        if a in _OTHER_LEXICONS or a in bounds:  # ("7,000 or more": a bound, not the antonym of "fewer")
            continue
        found = frozenset().union(*(table.get(x, ()) for x in _bases(a))) - _OTHER_LEXICONS
        if found:
            opposite[a] = found
    if not opposite:
        return None
    targets = frozenset().union(*opposite.values())
    hits = [j for j, b in enumerate(pw) if _bases(b) & targets]  # (read once, whatever the quote's word)
    pairs = [(i, j) for i, a in enumerate(qw) if a in opposite for j in hits if _bases(pw[j]) & opposite[a]]
    if not pairs:
        return None
    from rapidfuzz.distance import Levenshtein

    replaced = [(list(range(op.src_start, op.src_end)), list(range(op.dest_start, op.dest_end)))
                for op in Levenshtein.opcodes(qw, pw) if op.tag == "replace"]
    # ... and aligned without the punctuation, which may pair with a word ("was vomiting" / "was nausea ."), in
    # short stretches
    q_at, p_at = [k for k, w in enumerate(qw) if w[:1].isalnum()], [k for k, w in enumerate(pw) if w[:1].isalnum()]
    replaced += [(q_at[op.src_start : op.src_end], p_at[op.dest_start : op.dest_end])
                 for op in Levenshtein.opcodes([qw[k] for k in q_at], [pw[k] for k in p_at])
                 if op.tag == "replace" and max(op.src_end - op.src_start, op.dest_end - op.dest_start) <= _IN_PLACE_WORDS]
    for i, j in pairs:
        both_used = _bases(qw[i]) & p_all and _bases(pw[j]) & q_all  # "the weak and the strong": reordered
        if not both_used and any(i in q_span and j in p_span for q_span, p_span in replaced):
            # replaced in place: a swap even where one text uses the other's word elsewhere ("to reject,
            # not accept" for "to accept, not accept"; "fast enough" for "too slow" beside "X is fast")
            return qw[i], pw[j]
        if _bases(qw[i]) & p_all:
            continue  # beside is not enough where the passage uses the quote's word too ("fast but ...")
        beside = any(0 <= i + k < len(qw) and 0 <= j + k < len(pw) and qw[i + k] == pw[j + k]
                     and content_word(qw[i + k]) for k in (-1, 1))
        if beside and not _bases(pw[j]) & q_all:
            return qw[i], pw[j]
    return None


def _compound_antonym(qw: list[str], pw: list[str]) -> tuple[str, str] | None:
    """A compound of the quote whose first part is the antonym of the first part of the passage's
    compound with the same second part ("longterm" for "shortterm", "highrisk" for "lowrisk": the
    fold of "long-term", "high-risk"), each word absent from the other text.

    >>> _compound_antonym(["for", "longterm", "loss"], ["for", "shortterm", "loss"])
    ('longterm', 'shortterm')
    """
    table = _antonym_table()
    q_only, p_only = set(qw) - set(pw), set(pw) - set(qw)
    for a in sorted(q_only):
        for b in sorted(p_only):
            n = len(os.path.commonprefix([a[::-1], b[::-1]]))  # the shared second part
            if n >= 3 and len(a) - n >= 3 and len(b) - n >= 3 and b[:-n] in table.get(a[:-n], ()):
                return a, b
    return None


# shares a restatement gives as a percentage ("a fifth of" is one too, when :func:`_numbers` reads it
# so: "half" and "quarter" it reads as multiples already)
_FRACTIONS = frozenset(FRACTION_PARTS)
_ONE_PART = {w: n for w, n in FRACTION_PARTS.items() if w not in _MULTIPLES}


def _recounted(qw: list[str], pw: list[str]) -> tuple[str, str] | None:
    """A figure of the quote that counts what the passage counts with another of its figures: "37
    homes" where the passage has "37 structures, including 12 homes". (quote's count, passage's), or
    ``None``. The counted word is the one right after the figure."""
    def counts(words: list[str]) -> dict[str, dict[str, str]]:
        out: dict[str, dict[str, str]] = {}  # figure -> {counted word's stem: the figure and word as written}
        for i in range(len(words) - 1):
            x, noun = figure(words[i]), words[i + 1]
            if x is not None and words[i][:1].isdigit() and noun.isalpha() and len(noun) > 3 and content_word(noun) \
                    and noun not in SCALE_WORDS and noun.rstrip("s") not in SCALE_WORDS:  # "77 million adherents"
                out.setdefault(x, {}).setdefault(noun.rstrip("s"), f"{words[i]} {noun}")
        return out

    q, p = counts(qw), counts(pw)
    for x, nouns in q.items():
        if x not in p or nouns.keys() & p[x].keys():
            continue
        # (the passage's word after its figure may describe what it counts: "1,080 individual reefs", since the 61st stop)
        near = {pw[i + 2].rstrip("s") for i in range(len(pw) - 2) if pw[i][:1].isdigit() and figure(pw[i]) == x}
        for noun in sorted(nouns.keys() - near):
            if any(noun in other for y, other in p.items() if y != x):
                return nouns[noun], next(iter(p[x].values()))
    return None


_ANCHOR_WORDS = 2  # how far before a figure (or its month) the word it belongs to is looked for


def _anchored(words: list[str]) -> dict[str, dict[str, str]]:
    """Each figure of a text (a date as its month and day) under the nearest content word before it,
    within ``_ANCHOR_WORDS`` words and its clause: {anchor: {figure: as written}}.

    >>> _anchored("touchdown about 640 metres , leaving roughly 1,150 metres".split())
    {'touchdown': {'640.0': '640'}, 'leaving': {'1150.0': '1,150'}}
    """
    out: dict[str, dict[str, str]] = {}
    for i, w in enumerate(words):
        x = figure(w) if w[:1].isdigit() else None
        if x is None:
            continue
        month = _MONTHS.get(words[i - 1]) if i else None
        key = f"{month}-{x}" if month else x
        start = i - 1 if month else i
        for j in range(start - 1, max(-1, start - 1 - _ANCHOR_WORDS), -1):
            a = words[j]
            if not a[:1].isalnum() or a[:1].isdigit():
                break  # a clause mark, a bracket or a dash, or another figure
            if content_word(a) and a not in _MONTHS and a not in _ESTIMATES and len(a) > 3:
                # (not "about" or "roughly": a figure approximated is not anchored by the approximation)
                out.setdefault(a, {}).setdefault(key, f"{words[i - 1]} {w}" if month else w)
                break
    return out


def _moved_figure(qw: list[str], pw: list[str]) -> tuple[str, str] | None:
    """A figure of the passage that the quote puts under another of the passage's words, where the
    passage has another figure: the dates of "payable on December 12 to holders of record on
    November 28" the other way round. (quote's, passage's), or ``None``."""
    q, p = _anchored(qw), _anchored(pw)
    everywhere = {x for figures in p.values() for x in figures}
    for a, figures in q.items():
        if a in p and not figures.keys() & p[a].keys() and figures.keys() <= everywhere:
            # (the passage's figure there is one the quote puts under another of the passage's words, which the
            # passage gives the quote's figure: a swap; "service back by 09:30" for "rolled back at 06:47 ...
            # restored ... by 09:30" moves nothing; since the 58th stop)
            theirs = set(p[a])
            if not any(b != a and b in p and theirs & q[b].keys() and figures.keys() & p[b].keys() for b in q) \
                    and any(theirs & q[b].keys() for b in q if b != a):
                continue
            x = sorted(figures)[0]
            return figures[x], next(iter(p[a].values()))
    return None


_SPAN_UNITS = {"year": 1, "years": 1, "decade": 10, "decades": 10, "century": 100, "centuries": 100}


_ONE_SPAN = frozenset("next last past this the previous preceding coming following first that".split())  # "within the next century", "in the past decade": one


def _year_spans(words: list[str]) -> dict[float, str]:
    """The spans of time ``words`` give in years, by length: "two years" (2), "a decade" (10),
    "three decades" (30), "a century" (100).

    >>> sorted(_year_spans("the lowest in a decade , after 2 years and three decades".split()).items())
    [(2.0, '2 years'), (10.0, 'a decade'), (30.0, 'three decades')]
    """
    out: dict[float, str] = {}
    for i, w in enumerate(words[1:], start=1):
        unit = _SPAN_UNITS.get(w)
        if unit is None:
            continue
        before = words[i - 1]
        value = 1.0 if before in ("a", "one") or (unit > 1 and before in _ONE_SPAN) else _amount(before)
        if value is not None:
            out.setdefault(value * unit, f"{before} {w}")
    return out


def _amount(word: str) -> float | None:
    """A word's value as a figure ("two", "1,200", "4.5"), else ``None``.

    >>> _amount("two"), _amount("1,200"), _amount("tablets")
    (2.0, 1200.0, None)
    """
    said = number_word_value(word)
    if said is not None:
        return float(said)
    try:
        return float(word.replace(",", ""))
    except ValueError:
        return None


def _span_counts(spans: dict[float, str], others: dict[float, str]) -> set[str]:
    """The words of one text's spans of years (:func:`_year_spans`) that count a span the other text's
    give too, in other units ("twenty" of "twenty years" against "two decades").

    >>> _span_counts(_year_spans("for almost twenty years".split()), _year_spans("for nearly two decades".split()))
    {'twenty'}
    """
    return {spans[k].split()[0] for k in spans.keys() & others.keys() if spans[k].split()[1] != others[k].split()[1]}


def restated_spans(quote: str, passage: str) -> set[str]:
    """:func:`_span_counts` of two texts as written: the quote's figures that count a span the passage
    gives in other units ("100" of "the next 100 years" against "the next century")."""
    return _span_counts(_year_spans(_words(quote)), _year_spans(_words(passage)))


def _span_changed(q: dict[float, str], p: dict[float, str]) -> tuple[str, str] | None:
    """A span of years the quote gives in decades or centuries that is none of the passage's spans
    ("in a decade" for "in two years"), where the passage gives one: ``(quote's, passage's)``, else
    ``None`` (a span in years with another figure is a changed figure, which is read elsewhere). ``q``
    and ``p``: the two texts' :func:`_year_spans`.

    >>> _span_changed(_year_spans("the lowest level in a decade".split()), _year_spans("the lowest level in two years".split()))
    ('a decade', 'two years')
    >>> _span_changed(_year_spans("the lowest level in a decade".split()), _year_spans("the lowest level in ten years".split()))
    """
    if not p:
        return None
    # (not told in years, or told in years where the passage tells one in decades or centuries: "for two years"
    # for "for two decades")
    in_units = any(_SPAN_UNITS[said.split()[1]] != 1 for said in p.values())
    new = [k for k, said in q.items() if k not in p and (_SPAN_UNITS[said.split()[1]] != 1 or in_units)]
    return (q[new[0]], next(iter(p.values()))) if new else None


_INTERVAL_UNITS = frozenset("minute minutes hour hours day days week weeks month months year years".split())


def _per_interval(words: list[str]) -> dict[str, set[float]]:
    """The amounts ``words`` give for each "every <interval>" ("two tablets every 4 to 6 hours":
    ``{"every 4 to 6 hours": {2.0}}``): the figure among the three words before "every".

    >>> _per_interval("two tablets every 4 to 6 hours , up to 8 tablets in 24 hours".split())
    {'every 4 to 6 hours': {2.0}}
    """
    out: dict[str, set[float]] = {}
    for i, w in enumerate(words):
        if w != "every":
            continue
        end = next((k for k in range(i + 1, min(len(words), i + 6)) if words[k] in _INTERVAL_UNITS), None)
        if end is None:
            continue
        amount = next((a for x in reversed(words[max(0, i - 3) : i]) if (a := _amount(x)) is not None), None)
        if amount is not None:
            out.setdefault(" ".join(words[i : end + 1]), set()).add(amount)
    return out


def _dose_moved(qw: list[str], pw: list[str]) -> tuple[str, str] | None:
    """An amount the quote gives for an interval the passage gives another amount for ("up to 8
    tablets every 4 to 6 hours" where the passage has "two tablets every 4 to 6 hours" and "up to
    8 tablets in 24 hours"): ``(quote's, passage's)``, else ``None``.

    >>> _dose_moved("up to 8 tablets every 4 to 6 hours".split(), "two tablets every 4 to 6 hours , up to 8 tablets in 24 hours".split())
    ('8 every 4 to 6 hours', '2 every 4 to 6 hours')
    >>> _dose_moved("2 tablets every 4 to 6 hours".split(), "two tablets every 4 to 6 hours".split())
    """
    p = _per_interval(pw)
    for key, amounts in _per_interval(qw).items():
        if key in p and not amounts & p[key]:
            return (f"{min(amounts):g} {key}", f"{min(p[key]):g} {key}")
    return None


# a work cited as its authors and its year or "et al." before a verb of reporting: "Smith and Lee (2019) reported"
_CITED = re.compile(r"\b([A-Z][\w'\u2019-]+)(?:\s+(?:and|&)\s+[A-Z][\w'\u2019-]+)?(?:\s+et\s+al\.?)?\s*(\(\d{4}[a-z]?\))?\s+"
                    r"(reported|found|showed|concluded|argued|estimated|observed|proposed|claimed|suggested|noted|wrote|"
                    r"described|measured|demonstrated)\b")


def _citations(text: str) -> dict[str, set[str]]:
    """The first authors ``text`` cites as reporting something, by verb: a name with a year in
    brackets or "et al." ("Smith and Lee (2019) reported", "Garcia et al. found").

    >>> _citations("Smith and Lee (2019) reported a gain, later replicated by Garcia et al. (2021).")
    {'reported': {'smith'}}
    >>> _citations("The study reported a gain."), _citations("Garcia et al. found it.")
    ({}, {'found': {'garcia'}})
    """
    out: dict[str, set[str]] = {}
    for m in _CITED.finditer(text):
        if m[2] or "et al" in m[0]:
            out.setdefault(m[3], set()).add(m[1].lower())
    return out


def _citation_swapped(quote: str, passage: str) -> tuple[str, str] | None:
    """A finding the quote credits to another work than the passage does, with the same verb
    ("Garcia et al. (2021) reported" where the passage has "Smith and Lee (2019) reported"):
    ``(quote's first author, passage's)``, else ``None``.

    >>> _citation_swapped("Garcia et al. (2021) reported a 12% gain.", "Smith and Lee (2019) reported a 12% gain, replicated by Garcia et al. (2021).")
    ('garcia', 'smith')
    >>> _citation_swapped("Smith et al. (2019) reported a 12% gain.", "Smith and Lee (2019) reported a 12% gain.")
    """
    if "(" not in quote and "et al" not in quote:
        return None
    p = _citations(passage)
    for verb, authors in _citations(quote).items():
        if verb in p and not authors & p[verb]:
            return sorted(authors)[0], sorted(p[verb])[0]
    return None


# two small whole numbers joined by a dash: a score ("3-2"), a vote ("5-4"), a range ("3-5 days");
# not a year's range ("2022-23"), a decimal, a fraction ("1-1/2") nor a share ("2-3%")
_PAIR = re.compile(r"(?<![\d/])(?<!\d[.,])(\d{1,3}) ?[-\u2013\u2014] ?(\d{1,3})(?![\d/%]|[.,]\d)")


def _pair_changed(quote: str, passage: str) -> tuple[str, str] | None:
    """A pair of figures of the quote ("3-3") the passage writes only as other pairs ("3-2"): the
    same figures, or some of them, in another pair, which a comparison of the figures one by one
    does not see. ``None`` when every pair of the quote is one of the passage's, or the passage
    has no pair.

    >>> _pair_changed("United drew with City 3-3.", "United beat City 3-2 on Sunday.")
    ('3-3', '3-2')
    >>> _pair_changed("the court ruled 4-5", "The court ruled 5–4 against it."), _pair_changed("ages 18-65", "aged 18 to 65")
    (('4-5', '5-4'), None)
    >>> _pair_changed("a 3-2 win", "a 3 - 2 win over City"), _pair_changed("in 2-3 days", "within 2-3 days, at 1.5-2%")
    (None, None)
    """
    q = [f"{a}-{b}" for a, b in _PAIR.findall(quote)]
    p = [f"{a}-{b}" for a, b in _PAIR.findall(passage)]
    if not q or not p:
        return None
    new = [x for x in q if x not in p]
    return (new[0], p[0]) if new else None


def _figure_in_place(qw: list[str], pw: list[str]) -> tuple[str, str] | None:
    """A figure of the quote standing between the same two words as another figure of the passage,
    which has no such place with the quote's figure: "about 6.0 months" for "about 8.0 months"
    (a 6 elsewhere in the passage does not make it stated). The two words must be words, and one
    of them longer than three letters. (quote figure, passage figure), or ``None``.

    >>> _figure_in_place("about 6.0 months".split(), "about 8.0 months and 6 weeks".split())
    ('6.0', '8.0')
    >>> _figure_in_place("about 640 metres , roughly 1,150 metres".split(),
    ...                  "approximately 640 metres , about 1,150 metres".split()) is None
    True
    """
    def places(words: list[str]) -> dict[tuple[str, ...], dict[str, str]]:
        out: dict[tuple[str, ...], dict[str, str]] = {}  # (word before, word after) -> {figure: as written}
        for i in range(1, len(words) - 1):
            x, a, b = figure(words[i]), words[i - 1], words[i + 1]
            # (since the 55th stop, a number word too, "in seven of these" for "in four of these", and between two
            # short words the word after them: ("in", "of", "these"); a number word always with that third word:
            # "the two runways that ..." restates "two of the three runways ...", whose "the three runways" is a
            # place of its own)
            spelled = words[i] in _PLACED_NUMBER_WORDS
            if x is None or not (words[i][:1].isdigit() or spelled) or not (a.isalpha() and b.isalpha()):
                continue
            # ("about", "approximately" and "roughly" are one word here: "about 640 metres" and
            # "approximately 640 metres" stand in one place)
            key: tuple[str, ...] = ("≈" if a in _ESTIMATES else a, b)
            if spelled or max(len(a), len(b)) <= 3:
                if i + 2 >= len(words) or not words[i + 2].isalpha() or len(words[i + 2]) <= 3:
                    continue
                key += (words[i + 2],)
            out.setdefault(key, {}).setdefault(x, words[i])
        return out

    q, p = places(qw), places(pw)
    for around, figures in q.items():
        other = p.get(around, {})
        if other and not figures.keys() & other.keys():
            return next(iter(figures.values())), next(iter(other.values()))
    return None


# number words a figure's place is read for ("one" is as often no figure: "one of the", "the one who")
_PLACED_NUMBER_WORDS = frozenset("two three four five six seven eight nine ten eleven twelve".split())


_SPELLED_FRACTIONS = {"half": ["1", "2"], "onehalf": ["1", "2"], "third": ["1", "3"], "onethird": ["1", "3"],
                      "quarter": ["1", "4"], "onequarter": ["1", "4"]}


# words before a scale word that make it one of it: "a thousand", "the last thousand years"
_ONE_BEFORE_SCALE = frozenset("a the last past next first another".split())


def _numbers(words: list[str]) -> dict[str, str]:
    """The figures a text states, in one form each (digits, number words as digits, with their sign),
    mapped to how the text writes them."""
    out: dict[str, str] = {}
    skip = {k for i, w in enumerate(words) if w in _SPELLED_FRACTIONS
            and words[i + 1 : i + 3] == _SPELLED_FRACTIONS[w] for k in (i + 1, i + 2)}
    # "three quarters": the count is part of the fraction
    skip |= {i - 1 for i, w in enumerate(words) if i and _fraction(w) is None and _fraction(w, words[i - 1])}
    for i, w in enumerate(words[:-3]):
        if words[i + 1 : i + 4] == ["and", "a", "half"] and (whole := figure(w)) is not None and _is_float(whole):
            # "one and a half times" is 1.5 times
            out.setdefault(canonical_number(str(float(whole) + 0.5)) or w, " ".join(words[i : i + 4]))
            skip |= {i, i + 1, i + 2, i + 3}
    for i, w in enumerate(words):
        if i in skip:
            continue  # "half (1/2) of the price": the fraction, written twice
        if w not in NUMBER_WORDS and (compound := number_word_value(w)) is not None:
            out.setdefault(canonical_number(str(compound)) or w, w)  # "twenty-four" folds to "twentyfour"
            continue
        if w in NUMBER_WORDS:
            if w not in _DETERMINER_NUMBERS:  # "one of", "the two companies": words, not figures
                out.setdefault(figure(w) or w, w)
        elif w[:1] in "+-−±" and w[1:2].isdigit():
            out.setdefault(w[0].replace("−", "-") + (canonical_number(w[1:].rstrip("%")) or w), w)
        elif w[:1].isdigit():
            out.setdefault(figure(w) or w, w)
        elif w in SCALE_WORDS and i and words[i - 1] in _ONE_BEFORE_SCALE:
            out.setdefault(figure(str(SCALE_WORDS[w])) or w, w)  # "the last thousand years": 1000 years
        elif w in SCALE_WORDS:
            out.setdefault(w, w)
        elif w[-1:] == "s" and w[:-1] in SCALE_WORDS and i and words[i - 1][:1].isdigit():
            out.setdefault(w[:-1], w)  # "1.1 millions youths": the scale, written in the plural
        elif w in _SCALE_SPELLINGS and len(w) > 1:
            # (a letter is a scale only right after a figure, which _with_scales read; alone it is a list
            # item's mark or a name, "(b)", "Party B", and after a figure a unit, "640 m" of metres)
            out.setdefault(_SCALE_SPELLINGS[w], w)
        elif w in _MONTHS:
            out.setdefault(_MONTHS[w], w)  # a date: "May 15" is not "March 15"
        elif w == "may" and i + 1 < len(words) and words[i + 1][:1].isdigit():
            out.setdefault("month5", w)
        elif w in _ONE_PART and i and words[i - 1] in ("a", "one") and words[i + 1 : i + 2] == ["of"]:
            # "a fifth of U.S. gas stations": a share (restated as "20%"), not the fifth of them
            out.setdefault(canonical_number(f"{1 / _ONE_PART[w]:.4f}") or w, w)
        elif w in _ORDINALS:
            out.setdefault(_ORDINALS[w], w)
        elif w == "twice" and words[i + 1 : i + 2] not in _TIMES_OF:
            out.setdefault(figure("2") or "2", w)  # "cut rates twice this year": two cuts ("twice as high" multiplies)
        elif w in _MULTIPLES and not (w in _PERIODS and _period_at(words, i)):
            out.setdefault(_MULTIPLES[w], w)
        elif (share := _fraction(w, words[i - 1] if i else "")) is not None:
            out.setdefault(canonical_number(f"{share:.4f}") or w, w if _fraction(w) else f"{words[i - 1]} {w}")
    return out


_MAGNITUDES = ("tens", "dozens", "hundreds", "thousands", "millions", "billions", "trillions")


def _magnitudes(words: list[str]) -> list[str]:
    """The orders of size a text gives without a figure ("hundreds of thousands", "millions"), in
    order of size: a plural scale word not after a figure ("1.1 millions" is a figure's).

    >>> _magnitudes("up to several hundreds of thousands of years old".split()), _magnitudes("tens of millions".split())
    (['hundreds', 'thousands'], ['tens', 'millions'])
    """
    found = {w for i, w in enumerate(words) if w in _MAGNITUDES and not (i and words[i - 1][:1].isdigit())
             and (w != "tens" or words[i + 1 : i + 2] == ["of"])}
    return [w for w in _MAGNITUDES if w in found]


def _with_scales(words: list[str]) -> list[str]:
    """``words`` with each figure and the scale word after it written as one figure ("1 million"
    as "1,000,000", "4.1 bn" as "4,100,000,000"), so that every figure rule compares values; "m",
    "b" and "k" are left alone (metres, clause letters) except "m" and "k" after money.

    >>> _with_scales("limits of $ 1 million and 2.5 bn , not 4 b".split())
    ['limits', 'of', '$', '1,000,000', 'and', '2,500,000,000', ',', 'not', '4', 'b']
    >>> _with_scales("savings of £ 60 m and £ 640 k , not 60 m high".split())
    ['savings', 'of', '£', '60,000,000', 'and', '£', '640,000', ',', 'not', '60', 'm', 'high']

    A range's scale is its low end's too: "£420–460 million" (read as "420 460 million") is "£420 million to
    £460 million".

    >>> _with_scales("£ 420 460 million".split())
    ['£', '420,000,000', '460,000,000']
    """
    words = _range_scaled(words)
    out: list[str] = []
    skip = False
    for w, nxt in itertools.zip_longest(words, words[1:], fillvalue=""):
        if skip:
            skip = False
            continue
        if nxt in MONEY_SCALE_LETTERS and out and out[-1] in MONEY_MARKS:
            nxt = MONEY_SCALE_LETTERS[nxt]  # "£60m", "£640k", "RMB 200M": after money, a scale
        value = scaled_figure(w, nxt)
        if value is not None:
            out.append(f"{int(value):,}" if value == int(value) else f"{value:,}")
            skip = True
        else:
            out.append(w)
    return out


# the first letters of every scale word but "hundred" (a number word): "bn", "mln", "thou", "mill", ...
_SCALE_HEADS = frozenset(w[:4] for w in (*SCALE_WORDS, *SCALE_ABBREVIATIONS) if w != "hundred")


def _range_scaled(words: list[str]) -> list[str]:
    """``words`` with the scale word of a range's high end put after its low end too, where the two figures
    stand side by side (the dash between them is no word) and the low one is the lower: "420 460 million"
    as "420 million 460 million" (since the 55th stop)."""
    out = list(words)
    if not any(w[:4] in _SCALE_HEADS for w in words):
        return out  # (most texts: no scale word; "bn", "mn", "mln", "tn" and "thousand", "million", ... by their heads)
    for i in range(len(words) - 3, -1, -1):
        low, high, scale = words[i : i + 3]
        if high in CURRENCY_SIGNS and i and words[i - 1] == high and i + 3 < len(words) and words[i + 3] in SCALE_WORDS:
            high, scale = words[i + 2], words[i + 3]  # "$1.18–$1.22 billion": the sign written at both ends (since the 58th stop)
        if (scaled_figure(high, scale) is not None and (a := canonical_number(low)) is not None
                and (b := canonical_number(high)) is not None and a.replace(".", "", 1).isdigit()
                and b.replace(".", "", 1).isdigit() and float(a) < float(b)):
            out.insert(i + 1, scale)
    return out


# units whose "m" is million ("28.4 Mt", "1.02 Moz", "1.1 mb/d"); "Mt" folds as the "mt" of metric tonnes, so
# these are read as millions only where the other text states that same figure in millions
_MILLION_UNITS = frozenset("mt moz mb mbbl mboe mtpa mbd".split())


def _million_units(words: list[str], other: list[str]) -> list[str]:
    """``words`` with a figure before a unit of :data:`_MILLION_UNITS` written in millions, where
    ``other`` (already through :func:`_with_scales`) holds that value.

    >>> _million_units("estimated at 28.4 mt grading".split(), "estimated at 28,400,000 tonnes".split())
    ['estimated', 'at', '28,400,000', 'mt', 'grading']
    >>> _million_units("500 mt of steel".split(), "500 metric tons of steel".split())
    ['500', 'mt', 'of', 'steel']
    """
    out = list(words)
    for i, (w, nxt) in enumerate(itertools.pairwise(words)):
        if nxt in _MILLION_UNITS and (value := scaled_figure(w, "million")) is not None:
            shown = f"{int(value):,}" if value == int(value) else f"{value:,}"
            if shown in other:
                out[i] = shown
    return out


_DENOMINATORS = {"thirds": 3, "quarters": 4, "fourths": 4, "fifths": 5, "sixths": 6, "sevenths": 7, "eighths": 8,
                 "ninths": 9, "tenths": 10}


def _fraction(word: str, before: str = "") -> float | None:
    """The share that a fraction of more than one part states: "two-thirds" (folded to one word),
    "three quarters" (or the word ``before`` is the count), "four-fifths".

    >>> _fraction("twothirds"), _fraction("quarters", "three"), _fraction("three quarters"), _fraction("thirds")
    (0.6666666666666666, 0.75, 0.75, None)
    """
    if word[-1:] != "s":
        return None  # every denominator is a plural (read for every word of both texts)
    for name, parts in _DENOMINATORS.items():
        if word.endswith(name):
            count = word[: -len(name)].strip() or before
            n = int(NUMBER_WORDS.get(count, "0")) if count.isalpha() else 0
            if 1 < n < parts:
                return n / parts
    return None


def _is_float(x: str) -> bool:
    try:
        float(x)
    except ValueError:
        return False
    return True


def _percent_units(words: list[str]) -> dict[str, str]:
    """The figures a text gives as a percentage (``percent``) or as a difference of percentages
    (``points``): "12%", "12 percent" / "12 percentage points", "150 basis points".

    >>> _percent_units("up 12% and then 1.5 percentage points".split())
    {'12.0': 'percent', '1.5': 'points'}
    """
    out: dict[str, str] = {}
    for i, w in enumerate(words):
        if not w[:1].isdigit() and not (w[:1] in "+-−" and w[1:2].isdigit()):
            continue
        x = figure(w.lstrip("+-−").rstrip("%"))
        nxt = words[i + 1 : i + 3]
        if w.endswith("%") or nxt[:1] in (["percent"], ["per"], ["pct"]):
            unit = "percent"
        elif nxt[:1] in (["points"], ["point"], ["pts"]) or nxt[:2] in (["percentage", "points"], ["percentage", "point"],
                                                                         ["basis", "points"]):
            unit = "points"
        else:
            continue
        if x is not None:
            out.setdefault(x, unit)
    return out


# units of measure, each with its kind: one for another of the same kind is another figure
# ("5,500,000 square miles" for "5,500,000 square kilometres", "30 months" for "30 days")
_UNIT_KINDS = {u: (kind, name) for kind, groups in {
    "length": "km=kilometre,kilometres,kilometer,kilometers m=metre,metres,meter,meters cm=centimetre,centimetres,"
              "centimeter,centimeters mm=millimetre,millimetres,millimeter,millimeters mi=mile,miles ft=foot,feet "
              "in=inch,inches yd=yard,yards",
    "mass": "kg=kilogram,kilograms,kilo,kilos g=gram,grams mg=milligram,milligrams mcg=microgram,micrograms,µg "
            "lb=pound,pounds,lbs t=tonne,tonnes,ton,tons",
    "volume": "l=litre,litres,liter,liters ml=millilitre,millilitres,milliliter,milliliters gal=gallon,gallons",
    "area": "ha=hectare,hectares acre=acres,acre",
    # (since the 55th stop) units of science and energy ("mW" and "MW" fold alike: "mw" is the far commoner megawatts)
    "temperature": "k=kelvin", "frequency": "hz=hertz khz=kilohertz mhz=megahertz ghz=gigahertz",
    "power": "watt=watts kw=kilowatt,kilowatts mw=megawatt,megawatts gw=gigawatt,gigawatts",
    "pressure": "pa=pascal,pascals kpa=kilopascal,kilopascals mpa=megapascal,megapascals gpa=gigapascal,gigapascals",
    "time": "second=seconds,second minute=minutes,minute hour=hours,hour day=days,day week=weeks,week "
            "month=months,month year=years,year",
}.items() for group in groups.split() for name, _, rest in [group.partition("=")] for u in [name, *rest.split(",")]}


def _per_units(words: list[str]) -> set[tuple[str, str]]:
    """The units a text prices or rates something by, as (kind, unit): "per kilogram", "a pound",
    "per square metre" (a period of time is a rate of :func:`_rates`, not read here)."""
    out: set[tuple[str, str]] = set()
    for i, w in enumerate(words[:-1]):
        if w not in ("per", "a", "an", "each"):
            continue
        unit = _unit_at(words, i + 1)
        if unit is not None and unit[0] != "time" and not (unit[2] in ("in", "m", "t", "l", "g") and w != "per"):
            out.add(unit[:2])
    return out


def _figure_units(words: list[str]) -> dict[str, list[tuple[str, str]]]:
    """The units each figure of a text is given in, in order, as (kind, unit), "square" or "cubic"
    kept with it: "7,000,000 square kilometres" gives {"7000000.0": [("area", "square km")]}."""
    out: dict[str, list[tuple[str, str]]] = {}
    for i, w in enumerate(words):
        x = figure(w)
        if x is None or w in ("one", "a"):
            continue
        unit = _unit_at(words, i + 1)
        if unit is not None and words[i + 1] != "in":  # "2 in 10"
            out.setdefault(x, []).append(unit[:2])
    return out


# the codes of currencies (a code is no party: :func:`_entities`), and each currency by its sign, its code
# or its name, as one sign or code: "USD 18,500", "18,500 euros", "£5"
_CURRENCY_OF = {**{c: c for c in CURRENCY_SIGNS}, **{c: {"usd": "$", "eur": "€", "gbp": "£", "jpy": "¥"}.get(c, c) for c in CURRENCY_CODES},
                "dollars": "$", "dollar": "$", "euros": "€", "euro": "€", "pounds": "£", "pound": "£", "sterling": "£",
                "yen": "¥", "yuan": "yuan", "rupees": "rupees", "francs": "francs"}


def _figure_currencies(words: list[str]) -> dict[str, str]:
    """The currency each amount of a text is in, by a sign or a code before it or a code or a
    name after it (a scale word between): "USD 18,500" and "18,500 dollars" give {"18500.0": "$"}.

    >>> _figure_currencies("eur 18,500 a day , or $ 4 million".split()), _figure_currencies("18,500 euros".split())
    ({'18500.0': '€', '4.0': '$'}, {'18500.0': '€'})
    """
    out: dict[str, str] = {}
    for i, w in enumerate(words):
        x = figure(w) if w[:1].isdigit() else None
        if x is None:
            continue
        k = i + 1
        while k < len(words) and words[k] in SCALE_WORDS:
            k += 1
        before, after = words[i - 1] if i else "", words[k] if k < len(words) else ""
        currency = _CURRENCY_OF.get(before) or _CURRENCY_OF.get(after)
        if currency is not None:
            out.setdefault(x, currency)
    return out


def _unit_at(words: list[str], k: int) -> tuple[str, str, str] | None:
    """The unit of measure that starts at ``words[k]``, as (kind, unit, the unit alone), "square" or
    "cubic" kept with it ("square kilometres": ("area", "square km", "km")); ``None`` when there is none."""
    power = ""
    if words[k : k + 1] and words[k] in ("square", "sq", "cubic"):
        power, k = ("cubic " if words[k] == "cubic" else "square "), k + 1
    unit = _UNIT_KINDS.get(words[k]) if k < len(words) else None
    if unit is None:
        return None
    return ("area" if power == "square " else unit[0], power + unit[1], unit[1])


_ID = r"(?:[A-Z]|[IVXLC]{1,4})\b"
_REFERENCE = re.compile(rf"\b(Exhibit|Schedule|Annex|Appendix|Appendice|Attachment|Article|Part)(?:s|es)?\s+"
                        rf"({_ID}(?:\s*(?:,|and|or|through|to)\s*{_ID})*)")


def _references(text: str) -> set[str]:
    """The letters and roman numerals a text names exhibits, schedules, annexes or articles by,
    both capitalised as in a contract ("Exhibits A through H", "Schedule II"); numbered references
    are figures, compared with the others. "schedule a call" names nothing.

    >>> sorted(_references("including Exhibits A, B and G attached and Schedule II; we schedule a call"))
    ['exhibit a', 'exhibit b', 'exhibit g', 'schedule ii']
    """
    return {f"{m.group(1).lower().replace('appendice', 'appendix')} {x.lower()}"
            for m in _REFERENCE.finditer(text) for x in re.findall(_ID, m.group(2))}


_PERIODS = frozenset({"half", "halves", "quarter"})  # a share of something, or a part of a year
_APPROXIMATE = frozenset(("about", "around", "circa"))  # before a figure they approximate it, elsewhere they qualify nothing


def _period_at(words: list[str], i: int) -> bool:
    """Whether ``words[i]`` ("half", "quarter") names a part of a year ("for the quarter", "in the
    second half") rather than a share ("a quarter of the staff", "cut by half").

    >>> _period_at("earnings for the quarter".split(), 3), _period_at("a quarter of the staff".split(), 1)
    (True, False)
    """
    prev = words[i - 1] if i else ""
    after = words[i + 3 :] if words[i + 1 : i + 3] == _SPELLED_FRACTIONS.get(words[i]) else words[i + 1 :]
    share = after[:1] == ["of"] or prev in ("a", "one", "three", "by", "in", "1", "3")  # "half (1/2) of the price"
    # ... "half the incidence", "half as likely": a multiple of an amount
    share = share or (words[i] == "half" and after[:1] in (["the"], ["its"], ["their"], ["that"], ["as"]))
    return not share or prev in _ORDINALS or prev in ("first", "the", "this", "that", "each", "every", "per",
                                                      "fiscal", "calendar", "last", "next", "same", "previous")


_ANCHORS = frozenset({"this", "next", "last", "current", "coming", "previous", "past", "prior"})
_ANCHOR_SIDE = {"this": "this", "current": "this", "next": "next", "coming": "next", "last": "last", "previous": "last",
                "past": "last", "prior": "last"}
_TIME_UNITS = frozenset("year week month quarter season decade century fiscal".split())


def _anchored_times(words: list[str]) -> dict[str, str]:
    """The periods a text anchors to now, by unit: {"year": "next"} for "by the end of next year".

    >>> _anchored_times("cut jobs by the end of next year".split())
    {'year': 'next'}
    """
    out: dict[str, str] = {}
    for i, w in enumerate(words[:-1]):
        if w in _ANCHORS and words[i + 1].rstrip("s") in _TIME_UNITS:
            out.setdefault(words[i + 1].rstrip("s"), _ANCHOR_SIDE[w])
    return out


def _figure_sides(words: list[str]) -> dict[str, frozenset[tuple[int, int]]]:
    """Each figure with the sides of the opposite pairs named right before it ("a net loss of $45
    million": 45 -> the loss side of profit/loss, and of win/lose).

    >>> f = _figure_sides("a net loss of $ 45 million and a profit of $ 12 million".split())
    >>> len(f), sorted(f.values())[0] != sorted(f.values())[1]
    (2, True)
    """
    out: dict[str, frozenset[tuple[int, int]]] = {}
    for i, w in enumerate(words):
        x = figure(w)
        if x is None or w in _DETERMINER_NUMBERS:
            continue
        for j in range(i - 1, max(-1, i - 5), -1):
            if figure(words[j]) is not None or words[j] in ",;.":
                break  # "rose to 50.7 from 47.9": the word belongs to the figure before
            sides = _sides_of(words[j])
            if sides:
                out.setdefault(x, frozenset(sides))
                break
    return out


_OBJECT_WORDS = 4  # words after a side's word read as what it is said of ("acquitted Mr Hale of fraud")
_CLAUSE_BREAKS = frozenset(", ; . : but and while whereas although".split())


def _side_objects(words: list[str]) -> dict[tuple[int, int], set[str]]:
    """The content words that follow each side's word of an opposite pair in its clause, up to
    :data:`_OBJECT_WORDS` of them: what the act or state is said of.

    >>> sorted(sorted(v) for v in _side_objects("the jury acquitted mr hale of fraud but convicted him of theft".split()).values())
    [['fraud', 'hale'], ['him', 'theft']]
    """
    out: dict[tuple[int, int], set[str]] = {}
    for i, w in enumerate(words):
        sides = _sides_of(w)
        if not sides:
            continue
        got: set[str] = set()
        for x in words[i + 1 : i + 1 + _OBJECT_WORDS]:
            if x in _CLAUSE_BREAKS:
                break
            if len(x) > 2 and x.isalpha() and x not in _FUNCTION_WORDS and not _sides_of(x):
                got.add(x)
        for side in sides:
            out.setdefault(side, set()).update(got)
    return out


def _side_traded(qw: list[str], pw: list[str], q_sides: dict[tuple[int, int], list[str]] | None = None,
                 p_sides: dict[tuple[int, int], list[str]] | None = None) -> tuple[str, str] | None:
    """A thing the passage says one side of an opposite pair of, told with the other side, where the
    passage has both: "Mr Hale was found guilty of fraud" for "The jury acquitted Mr Hale of fraud but
    convicted him of false accounting". ``(the quote's word, the passage's)``, else ``None``.
    ``q_sides``, ``p_sides``: the texts' :func:`_sides`, when the caller has them already.

    >>> _side_traded("mr hale was found guilty of fraud".split(),
    ...              "the jury acquitted mr hale of fraud but convicted him of false accounting".split())
    ('guilty', 'acquitted')
    >>> _side_traded("he was convicted of false accounting".split(),
    ...              "the jury acquitted mr hale of fraud but convicted him of false accounting".split()) is None
    True
    """
    q_sides = _sides(qw) if q_sides is None else q_sides
    p_sides = _sides(pw) if p_sides is None else p_sides
    if not any((g, 1 - k) in p_sides and (g, k) in p_sides and (g, 1 - k) not in q_sides for g, k in q_sides):
        return None  # the passage says no two sides of a pair the quote has one side of
    q_obj, p_obj = _side_objects(qw), _side_objects(pw)
    for (grp, k), things in q_obj.items():
        other = p_obj.get((grp, 1 - k), set())
        if things & other and not things & p_obj.get((grp, k), set()) and (grp, 1 - k) not in q_obj:
            return _side_word(qw, (grp, k)), _side_word(pw, (grp, 1 - k))
    return None


def _side_word(words: list[str], side: tuple[int, int]) -> str:
    return next((w for w in words if side in _sides_of(w)), "")


def _days(words: list[str]) -> set[str]:
    """The weekdays and seasons a text names, but not the day a statement was made ("officials
    said Tuesday": the date of the report, which restatements of news change freely)."""
    return {_DAYS[w] for i, w in enumerate(words) if w in _DAYS and not (i and words[i - 1] in SPEECH_VERBS)}


_YEAR = re.compile(r"(?:19|20)\d\d")
_YEAR_AFTER = frozenset("in for during".split())
_YEAR_REACH = 4  # words between a figure and the year it is given for


def _years_of_figures(words: list[str]) -> dict[str, str]:
    """The year each figure of a text is given for, in its clause: "in 2018" right after it ("$100.2
    million in 2018"), else the nearest year before it with no other figure between ("in 2019 was
    $120.4 million").

    >>> _years_of_figures("revenue in 2019 was $ 120,400,000 , compared with $ 100,200,000 in 2018 .".split())
    {'120400000.0': '2019', '100200000.0': '2018'}
    """
    out: dict[str, str] = {}
    for i, w in enumerate(words):
        x = figure(w)
        if x is None or _YEAR.fullmatch(w) or w in _DETERMINER_NUMBERS or "%" in w:
            continue
        year = None
        for j in range(i + 1, min(len(words), i + 2 + _YEAR_REACH)):
            if words[j] in _CLAUSE_STOPS or words[j] in (",", "and", "compared") or (figure(words[j]) and not _YEAR.fullmatch(words[j])):
                break
            if _YEAR.fullmatch(words[j]) and words[j - 1] in _YEAR_AFTER:
                year = words[j]
                break
        if year is None:
            for j in range(i - 1, max(-1, i - 2 - _YEAR_REACH), -1):
                if words[j] in _CLAUSE_STOPS or words[j] == "," or (figure(words[j]) and not _YEAR.fullmatch(words[j])):
                    break
                if _YEAR.fullmatch(words[j]) and j and words[j - 1] in _YEAR_AFTER:
                    year = words[j]
                    break
        if year is not None:
            out.setdefault(x, year)
    return out


def _year_swapped(qw: list[str], pw: list[str]) -> tuple[str, str] | None:
    """A figure the passage gives for one year, given for another ("Revenue was $100.2 million in 2019"
    for "Revenue in 2019 was $120.4 million, compared with $100.2 million in 2018"): (the quote's year,
    the passage's), else ``None``."""
    if not any(_YEAR.fullmatch(w) for w in qw):
        return None
    q_years, p_years = _years_of_figures(qw), _years_of_figures(pw)
    for x, year in q_years.items():
        if x in p_years and p_years[x] != year and year in pw:
            return f"{year}", f"{p_years[x]}"
    return None


def _whole_for_part(qw: list[str], pw: list[str]) -> tuple[str, str] | None:
    """A part the passage gives "of which" of a whole, told as the whole: "total debt of $400 million"
    for "total debt was $2.3 billion at year end, of which $400 million matures within one year". The
    noun the passage gives the whole stands right before the part's figure in the quote, and the quote
    does not give the whole's figure: (the quote's words, the passage's), else ``None``.

    >>> p = "the company's total debt was $ 2,300,000,000 at year end , of which $ 400,000,000 matures".split()
    >>> _whole_for_part("the company's total debt of $ 400,000,000 matures within one year".split(), p)
    ('debt of 400,000,000', 'of which 400,000,000')
    >>> _whole_for_part("$ 400,000,000 of the total debt matures within a year".split(), p) is None
    True
    """
    if "which" not in pw and "whom" not in pw:
        return None
    for k in range(len(pw) - 2):
        if pw[k] != "of" or pw[k + 1] not in ("which", "whom"):
            continue
        part = next((pw[j] for j in range(k + 2, min(len(pw), k + 5)) if figure(pw[j]) is not None), None)
        whole_at = next((j for j in range(k - 1, max(-1, k - 12), -1) if figure(pw[j]) is not None
                         and pw[j] not in _DETERMINER_NUMBERS), None)
        if part is None or whole_at is None or part not in qw \
                or figure(pw[whole_at]) in {figure(w) for w in qw}:  # the whole given too: its part is a part
            continue
        nouns = {w for w in pw[max(0, whole_at - 5) : whole_at] if w.isalpha() and len(w) > 3 and w not in _FUNCTION_WORDS}
        at = qw.index(part)
        before = [w for w in qw[max(0, at - 4) : at] if w.isalpha()]
        if nouns & set(before) and not {"which", "whom"} & set(before) and "of" not in qw[at + 1 : at + 2]:
            noun = next(w for w in reversed(before) if w in nouns)
            return f"{noun} of {part}", f"of which {part}"
    return None


def _one_in(words: list[str]) -> list[tuple[str, str, str]]:
    """The shares a text writes as "N in M" ("one in five", "1 in 4"): (N, M, the share as a percentage),
    each in :func:`canonical_number` form.

    >>> _one_in("one in five respondents said so".split())
    [('1.0', '5.0', '20.0')]
    >>> _one_in("3 in 2024".split())
    []
    """
    out: list[tuple[str, str, str]] = []
    for i in (k for k in range(1, len(words) - 1) if words[k] == "in"):
        n, m = figure(words[i - 1]), figure(words[i + 1])
        if n is None or m is None or not _is_float(n) or not _is_float(m) or not 0 < float(n) < float(m) <= 1000:
            continue
        share = canonical_number(f"{float(n) / float(m) * 100:.10g}")
        if share is not None and float(share) == round(float(share), 1):
            out.append((n, m, share))
    return out


def figure(w: str) -> str | None:
    """A number word or a figure in one form ("six" and "6" -> "6"), determiners included."""
    if w in NUMBER_WORDS:
        return canonical_number(NUMBER_WORDS[w]) or w
    if w[:1].isdigit():
        return canonical_number(w.rstrip("%")) or w
    return None


_PART_OF = (("out", "of"), ("of", "the"), ("of", "their"), ("of", "its"), ("of", "them"))


def _parts(words: list[str]) -> list[tuple[int, int]]:
    """The parts of a whole a text states ("five out of six people", "one of the two companies",
    "3 of its 7 plants"): the part and the whole as written, at the index of the part's word.

    >>> _parts("five out of six people were hurt".split())
    [(0, 3)]
    >>> _parts("two of the panthers three starting linebackers".split())
    [(0, 4)]
    """
    out = []
    for i, w in enumerate(words[:-3]):
        x = figure(w)
        if x is not None and (words[i + 1], words[i + 2]) in _PART_OF:
            y = figure(words[i + 3])
            if y is not None and y != x:
                out.append((i, i + 3))
            elif y is None and i + 4 < len(words) and words[i + 3].endswith(("'s", "s'", "s")) \
                    and (y := figure(words[i + 4])) is not None and y != x:
                out.append((i, i + 4))  # "two of the Panthers' three starting linebackers": an owner between
    return out


# a comparison that bounds a figure: from below ("more than 100", "at least 5", "100 or more") or
# from above ("up to 10", "less than 5", "10 or fewer")
_BOUND_BEFORE = {("not", "exceeding"): "upper", ("not", "exceed"): "upper", ("not", "to", "exceed"): "upper",
                 ("capped", "at"): "upper", ("limited", "to"): "upper", ("exceed",): "lower", ("exceeds",): "lower",
                 ("more", "than"): "lower", ("over",): "lower", ("above",): "lower", ("at", "least"): "lower",
                 ("exceeding",): "lower", ("greater", "than"): "lower", ("upwards", "of"): "lower",
                 ("less", "than"): "upper", ("fewer", "than"): "upper", ("under",): "upper", ("below",): "upper",
                 ("up", "to"): "upper", ("at", "most"): "upper", ("no", "more", "than"): "upper",
                 ("not", "more", "than"): "upper", ("maximum", "of"): "upper", ("minimum", "of"): "lower",
                 ("no", "less", "than"): "lower", ("not", "less", "than"): "lower", ("no", "fewer", "than"): "lower",
                 ("not", "fewer", "than"): "lower"}
# the bounds of :data:`_BOUND_BEFORE` that leave the figure itself out ("more than 50" is not "50 or more")
_STRICT_BOUNDS = frozenset({("more", "than"), ("over",), ("above",), ("exceed",), ("exceeds",), ("exceeding",),
                            ("greater", "than"), ("less", "than"), ("fewer", "than"), ("under",), ("below",)})
_BOUND_AFTER = {("or", "more"): "lower", ("or", "greater"): "lower", ("or", "higher"): "lower", ("plus",): "lower",
                ("or", "less"): "upper", ("or", "fewer"): "upper", ("or", "lower"): "upper"}


_BOUND_BEFORE_LONGEST = sorted(_BOUND_BEFORE.items(), key=lambda kv: -len(kv[0]))
# the bounds of two words or more, and the nouns that name one: what :func:`states_bound` looks for
_BOUND_PHRASES = frozenset(p for p in (*_BOUND_BEFORE, *_BOUND_AFTER) if len(p) > 1)


def states_bound(words: Sequence[str]) -> bool:
    """Whether ``words`` bound a figure with a phrase ("at least one", "up to 38", "10 or more", "no
    more than", "a maximum of"; one word alone, "over" or "under", is too often no bound).

    >>> states_bound("at least one".split()), states_bound("a single".split()), states_bound("no more than five".split())
    (True, False, True)
    """
    return any(tuple(words[i : i + len(p)]) == p for p in _BOUND_PHRASES for i in range(len(words) - len(p) + 1)) \
        or not _BOUND_NOUNS.isdisjoint(words)


_BOUND_NOUNS = frozenset("minimum maximum min max".split())
# the phrases by their last word, longest first
_BOUND_BY_LAST = {last: [(p, k) for p, k in _BOUND_BEFORE_LONGEST if p[-1] == last] for last in {p[-1] for p in _BOUND_BEFORE}}
_BOUND_NEGATORS = frozenset("not never cannot unable neither nor no none nothing".split())  # a negator a few words before a bound turns it over


def _negated_before(words: list[str], at: int) -> bool:
    """Whether a negator ("not", "never", "cannot", "-n't", a negative subject: "neither party's liability
    will exceed") stands in the four words before ``words[at]`` ("may not be more than", "cannot be rated
    above")."""
    return any(w in _BOUND_NEGATORS or w.endswith("n't") for w in words[max(0, at - 4) : at]) \
        or _negative_subject_before(words, at)


_BOUND_MODALS = frozenset("shall will may can must would".split())
_SUBJECT_NEGATORS = frozenset("neither no".split())
_SUBJECT_REACH = 10  # words from a negative subject ("neither party's aggregate liability ...") to its modal


def _negative_subject_before(words: list[str], at: int) -> bool:
    """Whether the word at ``at`` follows a modal whose subject is negative, in one clause: "neither
    party's aggregate liability under this Agreement shall exceed".

    >>> _negative_subject_before("neither party's aggregate liability under this agreement shall exceed the fees".split(), 8)
    True
    """
    if not at or words[at - 1] not in _BOUND_MODALS:
        return False
    for k in range(at - 2, max(-1, at - 2 - _SUBJECT_REACH), -1):
        if words[k] in (",", ";", ".", ":"):
            return False
        if words[k] in _SUBJECT_NEGATORS:
            return True
    return False
_SCALE_WORDS_AND_UNITS = frozenset(SCALE_WORDS) | frozenset(_UNITS) | {"%"}


def _bounded_terms(words: list[str]) -> dict[str, str]:
    """The terms (not figures) a text bounds, and how: {"f": "upper"} for "at most f(n)", read like
    :func:`_bounded_figures` ("more than the fees paid": {"fees": "lower"}, past an article).

    >>> _bounded_terms("the time is at most f ( n )".split()), _bounded_terms("may not be more than the fees".split())
    ({'f': 'upper'}, {'fees': 'upper'})
    """
    out: dict[str, str] = {}
    for j in range(1, len(words)):
        for phrase, kind in _BOUND_BY_LAST.get(words[j - 1], ()):  # (the phrases that end with the word before)
            if tuple(words[max(0, j - len(phrase)) : j]) != phrase:
                continue
            k = j + (words[j] in ("the", "a", "an", "its", "their"))
            term = words[k] if k < len(words) else ""
            if not term.isalpha() or figure(term) is not None or number_word_value(term) is not None:
                break
            if phrase[0] not in ("not", "no") and _negated_before(words, j - len(phrase)):
                kind = "upper" if kind == "lower" else "lower"
            out.setdefault(term, kind)
            break
    return out


_NEAR_BOUND = _BOUND_NOUNS | frozenset("""as much many up most least within under below over above beyond more less
    fewer longer shorter younger older exceed exceeds exceeding exceeded cap capped limit limited ceiling upto""".split())
_BOUND_WINDOW = 3  # words on either side of a figure where a word of comparison bounds it in words of its own


def _bound_near(words: list[str], x: str) -> bool:
    """Whether a word of comparison stands within a few words of the figure ``x`` ("as much as £40 million",
    "younger than 16", "six hours or longer"): a bound in words the bound phrases do not list.

    >>> _bound_near("users younger than 16 need consent".split(), figure("16")), _bound_near("users of 16 need consent".split(), figure("16"))
    (True, False)
    """
    return any(figure(w) == x and not _NEAR_BOUND.isdisjoint(words[max(0, i - _BOUND_WINDOW) : i + 1 + _BOUND_WINDOW])
               for i, w in enumerate(words))


def _bounded_figures(words: list[str], *, ranges: bool = True,
                     strict: set[tuple[str, str, bool]] | None = None) -> dict[str, str]:
    """The figures a text bounds, and how: {"250000": "lower"} for "$250,000 or more"; with
    ``ranges``, the ends of an age range or a "between" too ("aged 6 to 11"); into ``strict``, when
    given, each bound of a figure as (figure, side, whether it leaves the figure itself out):
    ("50.0", "lower", True) for "more than 50", ("50.0", "upper", False) for "may not be more than 50".

    >>> sorted(_bounded_figures("a fine of $ 250,000 or more and up to five years".split()).values())
    ['lower', 'upper']
    >>> _bounded_figures("fees may not be more than $ 500".split())
    {'500.0': 'upper'}
    >>> _bounded_figures("children aged 6 to 11".split())
    {'6.0': 'lower', '11.0': 'upper'}
    """
    out: dict[str, str] = {}
    for i, w in enumerate(words):
        x = figure(w)
        if x is None or w in _DETERMINER_NUMBERS:
            continue
        j = i - 1 if i and words[i - 1] in CURRENCY_SIGNS else i
        for phrase, kind in _BOUND_BY_LAST.get(words[j - 1], ()) if j else ():  # "no more than" before "more than"
            if tuple(words[max(0, j - len(phrase)) : j]) == phrase:
                # ("at or below 3.50": the figure taken in)
                shut = phrase in _STRICT_BOUNDS and words[max(0, j - len(phrase) - 2) : j - len(phrase)] != ["at", "or"]
                if phrase[0] not in ("not", "no") and _negated_before(words, j - len(phrase)):
                    kind = "upper" if kind == "lower" else "lower"  # "may not be more than $500": at most $500
                    shut = not shut
                if strict is not None:
                    strict.add((x, kind, shut))
                out.setdefault(x, kind)
        k = i + 1
        while k < len(words) and words[k] in _SCALE_WORDS_AND_UNITS:
            k += 1
        if words[k : k + 1] == ["to"] and k + 1 < len(words) and (one := figure(words[k + 1])) is not None \
                and _is_float(one) and float(one) == 1:
            k += 2  # a ratio to one ("3.50 to 1.00 or more"): the bound after it is the ratio's
        for phrase, kind in _BOUND_AFTER.items():
            if tuple(words[k : k + len(phrase)]) == phrase:
                if strict is not None:
                    strict.add((x, kind, False))  # ("50% or more" takes 50% in)
                out.setdefault(x, kind)
        if ranges and i and words[i - 1] in _RANGE_OPENERS and words[i + 1 : i + 2] in (["to"], ["and"]) \
                and i + 2 < len(words) and (y := figure(words[i + 2])) is not None:
            out.setdefault(x, "lower")  # "children aged 6 to 11": at least 6 and at most 11
            out.setdefault(y, "upper")
    return out


_RANGE_OPENERS = frozenset("aged ages age between".split())


# a change by an amount and a change to a level: "rose by 12%" (or "rose 12%", "an increase of 12%")
# and "rose to 12%" are two claims about the same figure
_CHANGE_VERBS = frozenset("""rise rises rose risen rising increase increases increased increasing grow grows grew grown
    growing climb climbs climbed climbing jump jumps jumped jumping fall falls fell fallen falling drop drops dropped
    dropping decline declines declined declining decrease decreases decreased decreasing cut cuts cutting lower lowers
    lowered lowering reduce reduces reduced reducing raise raises raised raising lift lifts lifted lifting slash
    slashes slashed slashing shrink shrinks shrank shrunk shrinking gain gains gained gaining lose loses lost losing
    plunge plunges plunged plunging soar soars soared soaring surge surges surged surging tumble tumbles tumbled
    tumbling slump slumps slumped slumping dip dips dipped dipping slide slides slid sliding sink sinks sank sunk
    sinking boost boosts boosted boosting trim trims trimmed trimming widen widens widened widening narrow narrows
    narrowed narrowing rebound rebounded slip slips slipped slipping ease eases eased easing up down""".split())
_CHANGE_NOUNS = frozenset("""increase increases rise rises decline declines decrease decreases drop drops fall falls cut cuts
    reduction reductions gain gains growth jump jumps loss losses slump dip""".split())
_CHANGE_REACH = 4  # words between the verb and "by" or "to" ("cut its main rate by")
_TAKES_AN_OBJECT = frozenset("cut cuts lose loses lost losing trim trims trimmed raise raised raises boost boosted boosts gain "
                             "gains gained".split())
_HOLD_VERBS = frozenset("""keep keeps kept hold holds held leave leaves left maintain maintains maintained remain remains
    remained""".split())  # ("stood at 14.1%, down from 14.6%" states a level, changed or not)
_CHANGE_OR_HOLD = _CHANGE_VERBS | _CHANGE_NOUNS | _HOLD_VERBS
# what a change is measured against: the same period a year before, or the period just before
_BASES: dict[tuple[str, ...], str] = {
    **dict.fromkeys((("year", "on", "year"), ("yearonyear",), ("year", "over", "year"), ("yearoveryear",), ("yoy",),
                           ("y", "y"), ("a", "year", "earlier"), ("a", "year", "ago"), ("a", "year", "before"),
                           ("the", "same", "period", "last", "year"), ("the", "same", "quarter", "last", "year"),
                           ("the", "prior", "year"), ("the", "previous", "year")), "year"),
    **dict.fromkeys((("quarter", "on", "quarter"), ("quarteronquarter",), ("quarter", "over", "quarter"),
                             ("quarteroverquarter",), ("qoq",), ("q", "q"), ("sequentially",), ("sequential",),
                             ("the", "previous", "quarter"), ("the", "prior", "quarter"), ("the", "preceding", "quarter"),
                             ("the", "previous", "month"), ("the", "prior", "month"), ("month", "on", "month"),
                             ("monthonmonth",), ("month", "over", "month"), ("mom",), ("a", "quarter", "earlier"),
                             ("a", "month", "earlier")), "period"),
}


def _by_first(table: dict[tuple[str, ...], str]) -> dict[str, list[tuple[tuple[str, ...], str]]]:
    """A phrase table's rows by their first word, for reading a text word by word.

    >>> _by_first({("a", "year"): "year", ("annually",): "year"})["a"]
    [(('a', 'year'), 'year')]
    """
    out: dict[str, list[tuple[tuple[str, ...], str]]] = {}
    for phrase, value in table.items():
        out.setdefault(phrase[0], []).append((phrase, value))
    return out


_BASES_BY_FIRST = _by_first(_BASES)


def _change_bases(words: list[str]) -> set[str]:
    """What a text's changes are measured against: "year" (year on year, from a year earlier) or
    "period" (from the previous quarter or month, sequentially), read only in a text that states a
    change ("rose 3.1% year on year").

    >>> _change_bases("same-store sales rose 3.1% year on year".split()), _change_bases("sales rose 2% from the previous quarter".split())
    ({'year'}, {'period'})
    >>> _change_bases("we met the previous quarter".split())
    set()
    """
    if not _CHANGE_VERBS.intersection(words) and not _CHANGE_NOUNS.intersection(words) and "flat" not in words:
        return set()
    out = set()
    for i, w in enumerate(words):
        for phrase, basis in _BASES_BY_FIRST.get(w, ()):
            if tuple(words[i : i + len(phrase)]) == phrase:
                out.add(basis)
    return out


def _changes(words: list[str]) -> dict[str, set[str]]:
    """The figures a text gives as a change, and how: "by" for the amount of a change ("rose by
    12%", "rose 12%", "an increase of 12%"), "to" for the level it reached, "from" for the one it
    left, each after a verb (or a noun) of change a few words before; "at" for a level kept ("held at").

    >>> _changes("net revenue rose by 12% to $ 4,200,000,000".split())
    {'12.0': {'by'}, '4200000000.0': {'to'}}
    >>> _changes("unemployment fell to 3.9% from 4.1%".split())
    {'3.9': {'to'}, '4.1': {'from'}}
    >>> _changes("the bank kept its main rate at 5.25%".split())
    {'5.25': {'at'}}
    >>> _changes("a fall of 3% in sales".split()), _changes("he was sentenced to 5 years".split())
    ({'3.0': {'by'}}, {})
    """
    out: dict[str, set[str]] = {}
    if not _CHANGE_OR_HOLD.intersection(words):
        return out
    for i, w in enumerate(words):
        x = figure(w)
        if x is None or w in _DETERMINER_NUMBERS:
            continue
        j = i - 1 if i and words[i - 1] in CURRENCY_SIGNS else i
        if j == 0:
            continue
        before = words[j - 1]
        if before in _CHANGE_VERBS and before not in _TAKES_AN_OBJECT:
            kind = "by"  # "rose 12%", "up 12%" (a verb that takes an object, "cut 40 jobs", does not count)
        elif before == "of" and j >= 2 and words[j - 2] in _CHANGE_NOUNS:
            kind = "by"  # "an increase of 12%"
        elif before in ("by", "to", "from") and any(v in _CHANGE_VERBS for v in words[max(0, j - 2 - _CHANGE_REACH) : j - 1]) \
                and not (before == "to" and j >= 2 and words[j - 2] == "up"):  # "up to 12%" is a bound
            kind = before
        elif before == "at" and any(v in _HOLD_VERBS for v in words[max(0, j - 2 - _CHANGE_REACH) : j - 1]) \
                and not any(v in _CHANGE_VERBS for v in words[max(0, j - 2 - _CHANGE_REACH) : j - 1]):
            kind = "at"  # "kept its main rate at 5.25%": no change
        else:
            continue
        out.setdefault(x, set()).add(kind)
    return out


_RATE_UNITS: dict[tuple[str, ...], str] = {("daily",): "day", ("a", "day"): "day", ("per", "day"): "day", ("each", "day"): "day",
               ("weekly",): "week", ("a", "week"): "week", ("per", "week"): "week", ("monthly",): "month",
               ("a", "month"): "month", ("per", "month"): "month", ("hourly",): "hour", ("an", "hour"): "hour",
               ("per", "hour"): "hour", ("yearly",): "year", ("annually",): "year", ("a", "year"): "year",
               ("per", "year"): "year", ("quarterly",): "quarter", ("a", "quarter"): "quarter",
               ("per", "quarter"): "quarter",
               **{(each, unit): unit for each in ("each", "every") for unit in ("day", "week", "month", "quarter", "year")}}
_RATES_BY_FIRST = _by_first(_RATE_UNITS)
_TIMES = {"once": 1, "twice": 2, "thrice": 3}
# one word for several times a period: "payable semi-annually" is twice a year ("biannually" too; "biennial",
# every two years, is not read)
_RATE_WORDS = {"semiannually": ("year", 2.0), "semiannual": ("year", 2.0), "biannually": ("year", 2.0),
               "biannual": ("year", 2.0), "halfyearly": ("year", 2.0), "twiceyearly": ("year", 2.0),
               "twicedaily": ("day", 2.0), "fortnightly": ("week", 0.5)}
_UNITS_PLURAL = {"days": "day", "weeks": "week", "months": "month", "quarters": "quarter", "years": "year", "hours": "hour"}


def _rates(phrases: list[tuple[str, float, list[int], bool]]) -> dict[str, float]:
    """How many times per day, week, month, hour or year a text says something happens, from its
    :func:`_rate_phrases`: "twice daily" 2 a day, "three times a week" 3 a week, "500 mg a day" once a
    day (the first rate of each unit).

    >>> _rates(_rate_phrases("500 mg twice daily and three times a week".split()))
    {'day': 2.0, 'week': 3.0}
    """
    out: dict[str, float] = {}
    for unit, n, _, _ in phrases:
        out.setdefault(unit, n)
    return out


def _rate_phrases(words: list[str]) -> list[tuple[str, float, list[int], bool]]:
    """The rates of :func:`_rates` one by one: (unit, times per unit, the places of the words that count
    the times, whether it is an amount's rate rather than a count of times). "twice", "three times" and
    the "six" of "every six months" count; "5.25% a year" and "500 mg daily" give an amount's rate.

    >>> _rate_phrases("5% a year , paid every six months".split())
    [('year', 1.0, [], True), ('month', 0.16666666666666666, [6], False)]
    """
    out: list[tuple[str, float, list[int], bool]] = []
    for i, w in enumerate(words):
        if w in _RATE_WORDS:
            out.append((*_RATE_WORDS[w], [], _amount_before(words, i)))
        elif w == "every" and (unit := _UNITS_PLURAL.get(words[i + 2] if i + 2 < len(words) else "")) \
                and (n := figure(words[i + 1])) is not None and _is_float(n) and float(n) > 0:
            out.append((unit, 1 / float(n), [i + 1], False))  # "every six months": a sixth of a time a month
        for phrase, unit in _RATES_BY_FIRST.get(w, ()):
            if tuple(words[i : i + len(phrase)]) != phrase:
                continue
            before = words[max(0, i - 2) : i]
            if phrase == ("hourly",) and before[-1:] and before[-1].isdigit() and int(before[-1]) > 0:
                out.append((unit, 1 / int(before[-1]), [i - 1], False))  # "12-hourly doses": every 12 hours
            elif before[-1:] and before[-1] in _TIMES:
                out.append((unit, float(_TIMES[before[-1]]), [i - 1], False))
            elif before[-1:] == ["times"] and len(before) == 2 and figure(before[0]) is not None:
                out.append((unit, float(figure(before[0]) or 1), [i - 2], False))
            else:
                out.append((unit, 1.0, [], _amount_before(words, i)))
    return out


def _amount_before(words: list[str], i: int) -> bool:
    """Whether a rate at word ``i`` follows an amount ("5.25% a year", "500 mg daily"): the rate of the
    amount, not a count of times."""
    before = words[max(0, i - 2) : i]
    return any(figure(w) is not None or w.endswith("%") for w in before) and "times" not in before


_PER_YEAR = {"hour": 8760.0, "day": 365.0, "week": 52.0, "month": 12.0, "quarter": 4.0, "year": 1.0}


def _times_a_year(phrases: list[tuple[str, float, list[int], bool]]) -> set[float]:
    """The counts of times among a text's rates (:func:`_rate_phrases`), as times a year: "every six
    months", "twice a year" and "semi-annually" meet."""
    return {round(n * _PER_YEAR[unit], 3) for unit, n, _, amount in phrases if not amount}


def _dropped_threshold(pbf: dict[str, str], qbf: dict[str, str], qn: dict[str, str], pn: dict[str, str],
                       qm: set[str], pm: set[str]) -> str | None:
    """A threshold that scopes a rule of the passage ("must report a release of more than 50
    kilograms"), left out of a quote that keeps the rule: the duty now reaches everything below it
    too. Only a lower bound ("more than", "at least", "over", "exceeding") whose figure the quote
    does not give, where the passage states a duty or a prohibition and the quote keeps one, and the
    quote sets no lower bound of its own. The arguments are the two texts' bounded figures
    (:func:`_bounded_figures`), figures (:func:`_numbers`) and modal classes (:func:`_modal_classes`),
    quote first.

    >>> q = "operators must report any release of ammonia".split()
    >>> p = "operators must report any release of more than 50 kilograms of ammonia".split()
    >>> _dropped_threshold(_bounded_figures(p), _bounded_figures(q), _numbers(q), _numbers(p),
    ...                    _modal_classes(q), _modal_classes(p))
    'more than 50'
    """
    lower = [x for x, kind in pbf.items() if kind == "lower" and x not in qn]
    if not lower or "lower" in qbf.values() or not (pm & qm & {"obligation", "prohibition"}):
        return None
    return f"more than {pn.get(lower[0], lower[0])}"


def _negated(w: str) -> bool:
    """A negator, or an adjective negated by its prefix ("unable", "unlikely": un- + a common
    adjective). Verbs of reversal ("unveil", "unload") and participles ("unwanted") are not."""
    if w in _NEGATORS or w.endswith("n't"):
        return True
    if w in _NEGATED_ADJECTIVES:
        return True
    if w.startswith("un") and len(w) >= 6 and w.endswith(_ADJECTIVE_ENDINGS) and not w.endswith("ment"):
        # ("unemployment" is a noun, no negation)
        from .align import is_known_word

        return is_known_word(w[2:])
    if w.startswith("non") and len(w) >= 7 and w not in _NON_WORDS:
        # "non-exclusive" folds to one word: the negation of "exclusive" (and "non-refundable" of an
        # adjective too rare for the word list)
        from .align import is_known_word

        return is_known_word(w[3:]) or (len(w) >= 9 and w.endswith(("able", "ible")))
    return False


_NON_WORDS = frozenset("nonetheless nonsense nonstop nonchalant".split())  # "non" + a word, not its negation


def _non_words_alone(words: list[str], other: list[str]) -> int:
    """How many words of ``words`` negate by "non-" ("nonprofit", "nonexclusive") where ``other``
    has neither the word nor the word it negates.

    >>> _non_words_alone("an independent nonprofit corporation".split(), "merit was set up".split())
    1
    >>> _non_words_alone("a nonexclusive licence".split(), "an exclusive licence".split())
    0

    Nor where ``other`` tells of the act the word denies ("will be refunded" for "is non-refundable"; since the
    64th stop):

    >>> _non_words_alone("the fee is nonrefundable".split(), "the fee will be refunded".split())
    0
    """
    seen = set(other)
    acts = {o[: VERB_PREFIX + 1] for o in seen if len(o) > VERB_PREFIX}
    return sum(1 for w in words if _non_word(w) and w not in seen and w[3:] not in seen
               and not (w.endswith(("able", "ible")) and w[3 : 4 + VERB_PREFIX] in acts))


def _non_word(w: str) -> bool:
    """Whether ``w`` negates by "non-" ("nonprofit", "noncontrolling"), and is no negator of its own."""
    return w.startswith("non") and w not in _NEGATORS and _negated(w)


def _non_words_repeated(words: list[str], other: list[str]) -> int:
    """How many more times ``words`` says the words that negate by "non-" that ``other`` says too.

    >>> _non_words_repeated("noncontrolling losses and noncontrolling share".split(), "the noncontrolling share".split())
    1
    """
    counts = Counter(w for w in words if _non_word(w))
    return sum(max(0, n - other.count(w)) for w, n in counts.items() if w in other)


# "contraindicated in" is "must not be given to", "absent in" is "not observed in", "exempt from" is
# "not subject to"
_NEGATED_ADJECTIVES = frozenset("unable unaware unwilling unknown unclear unfair unsure unfit unlike "
                                "contraindicated absent exempt insufficient inadequate".split())
_ADJECTIVE_ENDINGS = ("able", "ible", "ful", "ly", "al", "ive", "ous", "ent", "ant", "ic", "ary")


# verbs that negate the verb they govern: "refused to recuse himself" is "would not recuse himself",
# "failed to show" is "did not show" (:func:`_negative_verbs`)
_NEGATIVE_VERBS = frozenset("refuse refuses refused refusing fail fails failed failing decline declines declined "
                            "declining failure".split())
_AGENT_WORDS = 3  # words of "failure by the Licensee to ...": the one who fails, before "to"
# a text with one of these restates a refusal in its own way ("denied a motion to postpone" for
# "refused to postpone", "failed in its bid to host" for "failed to host")
_REFUSALS = _NEGATIVE_VERBS | frozenset("deny denies denied denying reject rejects rejected rejecting".split())
_NEGATED_VERB_WINDOW = 3  # words after a negator where the verb it negates stands ("would not recuse")
VERB_PREFIX = 5  # words compared by their first letters, so that inflections meet ("recuse" / "recusing")


def _negative_verbs(words: list[str], other: list[str]) -> int:
    """The negative verbs of ``words`` ("refused to recuse") that negate a verb ``other`` states:
    with a negator ("would not recuse": the same negation in other words), or without one and
    without a refusal of its own ("approved the merger" for "refused to approve the merger").
    A verb ``other`` does not state ("declined to name them" / "were not to blame") is left alone.

    >>> _negative_verbs("he refused to recuse himself".split(), "he would not recuse himself".split())
    1
    >>> _negative_verbs("the board refused to approve it".split(), "the board approved it".split())
    1
    >>> _negative_verbs("he declined to name them".split(), "they were not to blame".split())
    0
    >>> _negative_verbs("the judge refused to postpone it".split(), "he denied a motion to postpone it".split())
    0
    """
    if not _NEGATIVE_VERBS.intersection(words):
        return 0
    negated: set[str] = set()
    plain: set[str] = set()
    for i in range(len(other)):
        if _negator_at(other, i):
            negated.update(_short_verb(w) for w in other[i + 1 : i + 1 + _NEGATED_VERB_WINDOW])
    refuses = bool(_REFUSALS & set(other))
    if not refuses:
        plain = {w[:VERB_PREFIX] for w in other if len(w) >= VERB_PREFIX} - negated
    count = 0
    for i, w in enumerate(words[:-2]):
        if w not in _NEGATIVE_VERBS:
            continue
        to = i + 1
        if w == "failure" and words[to] == "by":  # "failure by Wildform to provide a correction"
            to = next((k for k in range(i + 2, min(len(words), i + 3 + _AGENT_WORDS)) if words[k] == "to"), to)
        if words[to] == "to" and to + 1 < len(words) and words[to + 1].isalpha() \
                and (_short_verb(words[to + 1]) in negated or words[to + 1][:VERB_PREFIX] in plain):
            count += 1
    return count


_PROHIBITING = frozenset("""prohibit prohibits prohibited prohibiting prohibition forbid forbids forbidden forbade
    forbidding barred banned precluded disallowed""".split())


def _prohibited(words: list[str], other: list[str]) -> int:
    """The words of ``words`` that forbid ("is prohibited from subletting", "are barred from"), counted as
    negations where ``other`` states a prohibition with a modal and a negation ("shall not sublet", "no
    Restricted Payment shall be made") and ``words`` does not: the same prohibition, its negation in the
    verb. (Against a text that forbids nothing the word is read by the modal classes and the lexicon of
    opposites: "is prohibited" for "may".)

    >>> _prohibited("the tenant is prohibited from subletting".split(), "the tenant shall not sublet".split())
    1
    >>> _prohibited("the tenant is prohibited from subletting".split(), "the tenant may sublet".split())
    0
    """
    if _PROHIBITING.isdisjoint(words) or "prohibition" not in _modal_classes(other) or "prohibition" in _modal_classes(words):
        return 0
    return sum(1 for w in words if w in _PROHIBITING)


_AVOID = frozenset("avoid avoids avoided avoiding".split())
_AVOIDED_REACH = 3  # words after "avoid" where the first content word names what is avoided


def _avoided(words: list[str], other: list[str]) -> int:
    """The "avoid"s of ``words`` ("should avoid cold-smoked fish") whose thing ``other`` speaks of:
    a negation of doing something to it, which ``other`` says with a negator ("should not eat
    cold-smoked fish": the same) or not at all ("should eat cold-smoked fish": the opposite).

    >>> _avoided("patients should avoid cold smoked fish".split(), "patients should not eat cold smoked fish".split())
    1
    >>> _avoided("to avoid delays the supplier shall ship it".split(), "the supplier shall ship it".split())
    0
    """
    if not _AVOID.intersection(words):
        return 0
    said = set(other)
    return sum(1 for i, w in enumerate(words) if w in _AVOID
               and next((x for x in words[i + 1 : i + 1 + _AVOIDED_REACH] if content_word(x)), None) in said)


def _short_verb(w: str) -> str:
    """A verb of :data:`VERB_PREFIX` letters or fewer and its "-d", "-s", "-ed", "-es" forms as one
    key, so that "failed to use" meets "has not used"; a longer one's first letters.

    >>> [_short_verb(w) for w in ("use", "used", "uses", "ask", "asked", "fix", "fixes", "recused")]
    ['use', 'use', 'use', 'ask', 'ask', 'fix', 'fix', 'recus']
    """
    if len(w) <= VERB_PREFIX:
        if w.endswith(("ed", "es")) and len(w) >= 5:
            return w[:-2]  # "asked", "fixes"
        if w.endswith(("d", "s")) and len(w) >= 4:
            return w[:-1]  # "used", "uses"
    return w[:VERB_PREFIX]


_DENIALS = frozenset("rejected rejects reject rejecting denied denies deny denying dismissed dismisses dismiss disputed "
                     "disputes dispute disputing refuted refutes refute".split())
_CLAIM_NOUNS = frozenset("claim claims allegation allegations argument arguments assertion assertions contention "
                         "contentions suggestion suggestions".split())
_CLAIM_STEMS = ("reject", "deni", "deny", "dismiss", "disput", "refut", "claim", "alleg", "argu", "assert", "contend",
                "contention", "sugges")


def _denied_claims(words: list[str], other: list[str]) -> int:
    """Claims ``words`` rejects or denies ("the jurors rejected Lystra's claim that the
    infringement was willful"), where ``other`` speaks of no claim or denial: what follows "that"
    is negated ("the jurors found that the infringement was willful" asserts it).

    >>> _denied_claims("the jurors rejected lystra's claim that it was willful".split(), "the jurors found that it was willful".split())
    1
    >>> _denied_claims("the jurors rejected lystra's claim that it was willful".split(), "they dismissed the claim that it was willful".split())
    0
    >>> _denied_claims("the minister denied that the sale was approved".split(), "the minister said the sale was approved".split())
    1
    """
    if not _DENIALS.intersection(words) or any(w.startswith(_CLAIM_STEMS) for w in other):
        return 0
    return sum(1 for i, w in enumerate(words) if w in _DENIALS
               and ((words[i + 1 : i + 2] == ["that"] and _clause_follows(words, i + 2))  # "denied that the sale was approved"
                    or any(n in _CLAIM_NOUNS and words[i + 1 + k + 1 : i + 1 + k + 2] == ["that"]
                           for k, n in enumerate(words[i + 1 : i + 4]))))


_FINITE = frozenset("is are was were has have had will would shall should can could may might must did does do".split())
_CLAUSE_WORDS = 6  # words after "that" where the clause it opens has its verb


def _clause_follows(words: list[str], i: int) -> bool:
    """Whether ``words[i:]`` is a clause ("the sale was approved"), not the rest of a noun phrase
    ("figure , saying ..."): a finite verb or a past form before any comma, within :data:`_CLAUSE_WORDS`.

    >>> _clause_follows("the government had approved it".split(), 0), _clause_follows("figure , saying".split(), 0)
    (True, False)
    """
    for w in words[i : i + _CLAUSE_WORDS]:
        if w in (",", ";", ".", ":"):
            return False
        if w in _FINITE or (w.endswith("ed") and len(w) > 4):
            return True
    return False


_IN_PREFIXES = ("in", "im", "il", "ir")
_IN_ENDINGS = ("able", "ible", "al", "ent", "ant", "ive", "ous", "ate", "ete", "ect", "id", "ar")


def _prefix_negated(qw: list[str], pw: list[str]) -> tuple[str, str] | None:
    """A word of one text that the other has with a negating prefix: "revocable" / "irrevocable",
    "valid" / "invalid", "legal" / "illegal" (in-, im-, il-, ir- before an adjective), as (quote
    word, passage word); ``None`` when there is none. Read in pairs only: "inform" is no "form".

    >>> _prefix_negated("a revocable licence".split(), "a perpetual, irrevocable licence".split())
    ('revocable', 'irrevocable')
    """
    qs, ps = set(qw), set(pw)
    for a, b, flip in ((qs, ps, False), (ps, qs, True)):
        for w in b:
            if len(w) >= 6 and w.startswith(_IN_PREFIXES) and w.endswith(_IN_ENDINGS):
                base = w[2:]
            elif w.startswith(("un", "non")) and (_negated(w) or _negated_participle(w)):
                # "lawful" / "unlawful", "exclusive" / "nonexclusive", "registered" / "unregistered"
                base = w[2:] if w.startswith("un") else w[3:]
            else:
                continue
            if base in a and base not in b and w not in a and not _said_negated(qw if a is qs else pw, base):
                return (w, base) if flip else (base, w)
    return None


_NOT_NEVER = frozenset(("not", "never"))  # the plain negators of a verb


def _said_negated(words: list[str], word: str) -> bool:
    """Whether every ``word`` of ``words`` follows a "not" (or "never") right before it or one word
    before: "is treated as not approved" says "unapproved" in two words.

    >>> _said_negated("the usage is not approved".split(), "approved")
    True
    """
    at = [i for i, w in enumerate(words) if w == word]
    return bool(at) and all(_NOT_NEVER & set(words[max(0, i - 2) : i]) for i in at)


_PAST_FORMS = {"knew": "know", "known": "know", "saw": "see", "seen": "see", "took": "take", "taken": "take",
               "gave": "give", "given": "give", "went": "go", "gone": "go", "made": "make", "found": "find",
               "told": "tell", "said": "say", "paid": "pay", "held": "hold", "kept": "keep", "sold": "sell",
               "brought": "bring", "thought": "think", "began": "begin", "begun": "begin", "wrote": "write",
               "written": "write", "met": "meet", "left": "leave", "lost": "lose", "won": "win", "meant": "mean"}
_NOT_BEFORE_VERB = 6  # words from a "not" to the verb it negates ("could not reasonably have been expected to know")


# words that open a clause of their own: a negation before one does not reach past it ("does not
# reflect the units because they have no price": "because" is not negated)
_CLAUSE_OPENERS = frozenset("because since although though whereas while when where which who whom whose".split())


def _negated_verb_told_plain(qw: list[str], pw: list[str]) -> str | None:
    """A verb every use of which the passage negates with "not" or "never" close before it, that
    the quote states with no negation before it, where the quote keeps no word of order or
    condition ("knew the data was false" for "did not know, and could not reasonably have been
    expected to know, that the data was false"); ``None`` otherwise. "Without", "unless" and the
    like make a condition of the negation ("shall not assign without consent"), never read here.

    >>> _negated_verb_told_plain("the adviser knew it was false".split(),
    ...                          "the adviser did not know and could not have known it was false".split())
    'know'
    >>> _negated_verb_told_plain("it doesn't reflect units , because they have no price".split(),
    ...                          "does not reflect units because they have no price".split()) is None
    True
    """
    if {"without", "unless", "except", "until"} & set(pw) or _ORDER_KEEPERS & set(qw):
        return None

    def base(w: str) -> str:
        return _PAST_FORMS.get(w, w)[:VERB_PREFIX]

    def negated_at(words: list[str], i: int, quote: bool = False) -> bool:
        near = words[max(0, i - _NOT_BEFORE_VERB) : i]
        for w in reversed(near):  # back to the clause's start
            if w in _NOT_NEVER or w in ("neither", "nor"):  # ("he neither interviewed them nor ...")
                return True
            if quote and (w.endswith("n't") or w == "no"):
                return True  # (read widely in the quote: "doesn't reflect" keeps the passage's "does not reflect")
            if w in (",", ";", ".", "and", "but", "or", "that") or w in _CLAUSE_OPENERS:
                # (nor past "that": "do not conclude that these payments were improper" denies the
                # conclusion, not "improper")
                return False
        return False

    negated: set[str] = set()
    plain: set[str] = set()
    for i, w in enumerate(pw):
        if content_word(w) and w not in _AUXILIARIES and w not in _CLAUSE_OPENERS:
            (negated if negated_at(pw, i) else plain).add(base(w))
    for i, w in enumerate(qw):
        b = base(w)
        if content_word(w) and w not in _CLAUSE_OPENERS and b in negated and b not in plain and not negated_at(qw, i, quote=True):
            return _PAST_FORMS.get(w, w)
    return None


def _negated_participle(w: str) -> bool:
    """"un" before a participle ("unregistered", "unaudited", "unsecured"): read only in pairs, where
    the other text has the participle itself in its place (alone, "unwanted" negates no claim)."""
    if not (w.startswith("un") and len(w) >= 8 and w.endswith("ed")):
        return False
    from .align import is_known_word

    return is_known_word(w[2:])


# a negator whose letters after its "n" are another word: a quote that starts inside it says the opposite
_N_NEGATORS = {"neither": "either", "never": "ever", "nor": "or", "none": "one"}


def negation_cut_off(source_word: str, quote_word: str) -> bool:
    """Whether ``quote_word`` is ``source_word`` (folded) without the negating prefix it starts with:
    "either" cut from "neither", "able" from "unable", "legal" from "illegal". A quote that begins
    inside a source word that way says the opposite of the source ("Either party may withhold
    payment" from "Neither party may withhold payment").

    >>> negation_cut_off("neither", "either"), negation_cut_off("unlawful", "lawful"), negation_cut_off("inform", "form")
    (True, True, False)
    """
    if _N_NEGATORS.get(source_word) == quote_word:
        return True
    return source_word.endswith(quote_word) and _prefix_negated([quote_word], [source_word]) is not None


# words that state an order or a condition in a restatement of "shall not X without Y"
# ("needs consent before assigning", "may assign only with consent", "first consult a doctor")
_ORDER_KEEPERS = frozenset("before after first prior until unless once only if upon when consent approval permission "
                           "requires require required need needs".split())


def _not_without(words: list[str]) -> bool:
    """Whether a clause of ``words`` is negated and then conditioned by "without" ("shall not
    assign ... without consent"): together, one condition ("only with consent")."""
    negated = False
    for i, w in enumerate(words):
        if w in (".", ";", "!", "?"):
            negated = False
        elif w == "without":
            if negated:
                return True
        elif _negator_at(words, i):
            negated = True
    return False


def _negated_participle_in(words: list[str]) -> bool:
    """Whether ``words`` negate a participle ("will not be changed", "was not affected")."""
    return any(_negator_at(words, i) and any(x.endswith("ed") or x in _UN_PARTICIPLES
                                             for x in words[i + 1 : i + 4] if x not in ("need",))
               for i in range(len(words)))


_COMPLEMENT_STEMS = {"inclu": "exclu", "exclu": "inclu", "accep": "rejec", "rejec": "accep",  # one is the other denied
                     "stop": "conti", "stops": "conti", "stopp": "conti", "conti": "stop"}
_AUX_NOT = {"doesn't": "does", "don't": "do", "didn't": "did", "isn't": "is", "aren't": "are", "wasn't": "was",
            "weren't": "were", "hasn't": "has", "haven't": "have", "hadn't": "had"}
_MODALS_BEFORE_NOT = frozenset("shall will may must can could would should might".split())
_FUTURE_ONLY = frozenset("will would".split())  # their "not" forbids nothing: "would not stop" is "would continue"


def _negated_opposites(words: list[str], other: list[str]) -> list[str]:
    """``words`` with each "not X" (also "is not X", "doesn't X", "has not been X") made the one word of
    ``other`` that denies X: a complementary opposite ("were not included" for "were excluded", "does not
    accept" for "rejects") or X with a negating prefix ("is not enforceable" for "is unenforceable"; a
    participle, "unaffected", is read in pairs by :func:`_un_participles`). The same
    claim in the other text's words, so that neither a negation nor an opposite is read as changed. A
    modal's "not" is left alone ("may not include" forbids; it does not exclude).

    >>> _negated_opposites("the options were not included in diluted eps".split(), "options were excluded".split())
    ['the', 'options', 'were', 'excluded', 'in', 'diluted', 'eps']
    >>> _negated_opposites("the waiver is not enforceable".split(), "the waiver is unenforceable".split())
    ['the', 'waiver', 'is', 'unenforceable']
    >>> _negated_opposites("the tribunal does not accept that".split(), "the tribunal rejected the argument".split())
    ['the', 'tribunal', 'does', 'rejected', 'that']
    >>> _negated_opposites("it may not include fees".split(), "it excludes fees".split())
    ['it', 'may', 'not', 'include', 'fees']
    >>> _negated_opposites("the fee is not refunded".split(), "the fee is nonrefundable".split())
    ['the', 'fee', 'is', 'nonrefundable']
    """
    oset = set(other)
    out: list[str | None] = list(words)
    for i, w in enumerate(words):
        if not (w in ("not", "never") or w in _AUX_NOT) or (i and words[i - 1] in _MODALS_BEFORE_NOT - _FUTURE_ONLY):
            continue
        j = i + 2 if words[i + 1 : i + 2] in (["be"], ["been"], ["being"]) else i + 1
        if j >= len(words) or (x := words[j]) in oset or len(x) < 4:
            continue
        opposite = next((o for o in oset if o.startswith(_COMPLEMENT_STEMS[x[:5]])), None) if x[:5] in _COMPLEMENT_STEMS else None
        if opposite is None:
            opposite = next((o for o in (f"un{x}", f"non{x}") if o in oset and _negated(o)), None)
        if opposite is None and x.endswith(_IN_ENDINGS):
            opposite = next((o for o in (f"{p}{x}" for p in _IN_PREFIXES) if o in oset), None)
        if opposite is None and len(x) > VERB_PREFIX:
            # "isn't refunded" for "non-refundable": the act denied, and the word that denies it can be done (since
            # the 64th stop)
            opposite = next((o for o in sorted(oset) if o.endswith(("able", "ible")) and _negated(o)
                             and o.removeprefix("non").removeprefix("un")[:VERB_PREFIX + 1] == x[:VERB_PREFIX + 1]
                             and o.startswith(("non", "un"))), None)
        if opposite is not None:
            out[i], out[j] = _AUX_NOT.get(w), opposite
    return [t for t in out if t is not None]


def _un_participles(words: list[str], other: list[str]) -> int:
    """The participles of ``words`` negated by "un-" ("unaffected", "unchanged") that ``other`` does
    not have: a negation in one word.

    >>> _un_participles("peak-hour trains are unaffected".split(), "services will not be changed".split())
    1
    """
    from .align import is_known_word

    return sum(1 for w in set(words) - set(other)
               if w.startswith("un") and ((w.endswith("ed") and len(w) > 6 and is_known_word(w[2:]))
                                          or w[2:] in _UN_PARTICIPLES))


# participles without "-ed" that "un-" negates ("unpaid royalties" are royalties "not paid"); not "told"
# ("untold damage") nor "done"
_UN_PARTICIPLES = frozenset("paid sold spent met built written seen heard proven broken spoken shown "
                            "taken given kept held known found".split())


def _rather_than(words: list[str], other: list[str]) -> int:
    """How many times ``words`` sets one thing against another it denies ("rather than", "instead of")
    where ``other`` negates that thing: the first content word after it (by its first letters) is among
    the words right after a negator of ``other``.

    >>> _rather_than("destroy it rather than return it".split(), "destroy it ; do not return it".split())
    1
    >>> _rather_than("return it rather than destroy it".split(), "destroy it ; do not return it".split())
    0
    >>> _rather_than("from the site rather than from the adjoining road depot".split(), "from the site , not from the next road depot".split())
    1
    >>> _rather_than("return it rather than destroy it at the store".split(), "destroy it ; do not return it at the store".split())
    0
    """
    denied = {w[:VERB_PREFIX] for i in range(len(other)) if _negator_at(other, i)
              for w in other[i + 1 : i + 1 + _DENIED_WORDS] if content_word(w)}
    said = {w[:VERB_PREFIX] for w in other}
    count = 0
    for i, (a, b) in enumerate(itertools.pairwise(words)):
        if (a, b) in (("rather", "than"), ("instead", "of")):
            # (or a later one, where the first is a word of its own that ``other`` lacks: "rather than from
            # the adjoining Harlow Road depot" for ", not from the neighbouring Harlow Road depot"; not
            # where the first is a word ``other`` affirms, "return it rather than destroy it")
            named = [w[:VERB_PREFIX] for w in words[i + 2 : i + 2 + _DENIED_WORDS] if content_word(w)]
            count += bool(named) and (named[0] in denied or (named[0] not in said and bool(denied.intersection(named[1:]))))
    return count


def _denied_alternative(qw: list[str], pw: list[str]) -> tuple[str, str] | None:
    """What the passage sets aside with "rather than" ("reckless rather than deliberate"), told by the quote as
    what holds: the quote has the set-aside word (by its first letters) but neither the word preferred to it
    nor "rather", "instead" or a negator. ``(quote's word, passage's set-aside word)``, else ``None``.

    >>> _denied_alternative("the company had acted deliberately".split(), "the company had been reckless rather than deliberate".split())
    ('deliberately', 'deliberate')
    >>> _denied_alternative("it was reckless , not deliberate".split(), "it was reckless rather than deliberate".split())
    """
    if "rather" not in pw or {"rather", "instead"} & set(qw):
        return None
    for i, (a, b) in enumerate(itertools.pairwise(pw)):
        if (a, b) != ("rather", "than") or not i:
            continue
        preferred = next((w for w in reversed(pw[max(0, i - 3) : i]) if content_word(w)), None)
        denied = next((w for w in pw[i + 2 : i + 2 + _DENIED_WORDS] if content_word(w)), None)
        if preferred is None or denied is None or len(denied) < 5:
            continue
        stem, kept = denied[:VERB_PREFIX], preferred[:VERB_PREFIX]
        at = next((j for j, w in enumerate(qw) if w[:VERB_PREFIX] == stem), None)
        # (a negator of the quote's own clause keeps it a denial; one of another clause does not: "will not
        # apply to vessels of less than 5,000 gross tonnes, and will be deducted at the time of invoicing" for
        # "... and will be credited quarterly in arrears rather than deducted at the time of invoicing", since
        # the 59th stop)
        if at is not None and not any(w[:VERB_PREFIX] == kept for w in qw) \
                and not _NEGATORS.intersection(_clause_before(qw, at)):
            return qw[at], denied
    return None


def _clause_before(words: list[str], at: int) -> list[str]:
    """The words of ``words[at]``'s clause before it: back to a comma, a semicolon or a full stop."""
    start = next((k + 1 for k in range(at - 1, -1, -1) if words[k] in (",", ";", ".", ":")), 0)
    return words[start:at]


_DENIED_WORDS = 5  # the words after a negator, or after "rather than", that name what is denied


# words that say "not" in a predicate of their own: "misses the minimum" for "does not meet the
# minimum", "factors the scorecard misses" for "factors not captured by the scorecard"
_NEGATIVE_PREDICATES = frozenset("miss misses missed lack lacks lacked omit omits omitted neglect neglects "
                                 "neglected behind".split())


def _negative_predicates(words: list[str], other: list[str]) -> int:
    """How many words of ``words`` say "not" in a predicate of their own (:data:`_NEGATIVE_PREDICATES`,
    absent from ``other``) where ``other`` negates a word that ``words`` does not have: the first content
    word after each negator of ``other`` (by its first letters) is missing from ``words``. A negative
    word beside the very word ``other`` negates ("reduced mortality in patients lacking X" for "did
    not reduce mortality") restates nothing.

    >>> _negative_predicates("if he misses the minimum".split(), "if he does not meet the minimum".split())
    1
    >>> _negative_predicates("it reduced deaths in those lacking it".split(), "it did not reduce deaths".split())
    0
    >>> _negative_predicates("he said he'll miss the governor most".split(), "he spoke with kernan not long before the oath".split())
    0
    >>> _negative_predicates("if he misses a payment date the fee is due until it is paid in full".split(),
    ...                      "if the sum is not paid on the payment date a fee is due".split())
    1
    """
    said = {w for w in words if w in _NEGATIVE_PREDICATES} - set(other)
    if not said:
        return 0
    # (the negated word near a negative predicate: "is paid in full" further on, in another clause,
    # restates no payment made on time: "misses a payment date ... until it is paid in full")
    have = {w[:VERB_PREFIX] for i, w in enumerate(words)
            if any(x in said for x in words[max(0, i - _HAVE_REACH) : i + 1 + _HAVE_REACH])}

    def around(ws: list[str], at: int) -> set[str]:
        return {w[:VERB_PREFIX] for w in ws[max(0, at - _PREDICATE_REACH) : at + 1 + _PREDICATE_REACH]
                if content_word(w) and w not in _AUXILIARIES and w not in _NEGATIVE_PREDICATES}

    # (and only where the two speak of the same thing: a content word near the one is near the
    # other; "he'll miss the governor's civility" restates no "spoke with Kernan not long before")
    near = set().union(*(around(words, i) for i, w in enumerate(words) if w in said))
    negated = [_word_negated_at(other, i) for i in range(len(other)) if _negator_at(other, i) and around(other, i) & near]
    return min(len(said), sum(1 for w in negated if w is not None and w[:VERB_PREFIX] not in have))


def _word_negated_at(words: list[str], i: int) -> str | None:
    """The first content word (no auxiliary) in the :data:`_NEGATED_VERB_WINDOW` words after the
    negator ``words[i]``: what it negates ("does not meet the minimum": "meet").

    >>> _word_negated_at("he does not meet the minimum".split(), 2)
    'meet'
    """
    return next((w for w in words[i + 1 : i + 1 + _NEGATED_VERB_WINDOW] if content_word(w) and w not in _AUXILIARIES), None)


_HAVE_REACH = 8  # words on each side of a negative predicate where the word the other text negates restates it
_PREDICATE_REACH = 4  # words on each side of a negative predicate, or a negator, that say what it is about


def _negator_at(words: list[str], i: int) -> bool:
    """Whether ``words[i]`` negates its clause. "No, parking is rented separately": an answer
    particle, not the negation of a claim."""
    w = words[i]
    if w in ("no", "without") and i >= 2 and words[i - 1] == "or" and words[i - 2] in _OR_NONE:
        return False  # "little or no warning", "with or without cause": an amount, not a negated claim
    if w == "without" and i + 1 < len(words) and (words[i + 1] in WITHOUT_NO_LIMIT | {"prejudice"}
                                                   or words[i + 1 : i + 3] == ["giving", "effect"]):
        # "including, without limitation,", "without regard to", "without giving effect to conflict of laws
        # principles": no claim negated
        return False
    if w == "absence" and 0 < i < len(words) - 1 and words[i - 1] == "the" and words[i + 1] == "of":
        return True  # "in the absence of such a request": without one
    if w == "no" and words[i + 1 : i + 2] == ["100"]:
        return False  # "Ten Thousand and NO/100 Dollars": no cents, in the way cheques write amounts
    if _restraint_lifted(words, i):
        return False  # "shall not be restricted from purchasing": a restraint negated, a freedom stated
    if w == "not" and "but" in words[max(0, i - 3) : i] and (words[i + 1 : i + 3] == ["limited", "to"]
                                                            or words[i + 1 : i + 4] == ["be", "limited", "to"]):
        # "including but not limited to", "include, but are not limited to", "but shall not be limited to":
        # a list left open, no claim negated
        return False
    if w == "not" and i and (words[i - 1] == "than" or (words[i - 1] == "or" and _whether_before(words, i - 1))):
        # "more likely than not", "whether or not extended", "whether in berth or not": an idiom and an
        # alternative, no negation
        return False
    if w == "yet" and words[i + 1 : i + 2] == ["to"] and i and words[i - 1] in _YET_TO_AFTER:
        return True  # "has yet to receive approval": has not received it
    if w == "apart" and words[i + 1 : i + 2] == ["from"]:
        return True  # "apart from claims of infringement": an exception, as "except" is
    if w == "save" and words[i + 1 : i + 2] == ["for"] and i > 0 and words[i - 1] in (",", ";", "("):
        return True  # "the counterclaim fails, save for the £12,300": an exception ("save for retirement" is none)
    if w == "sin" and i and words[i - 1] in _ENGLISH_BEFORE_SIN:
        return False  # "without sin", "a sin": the English noun, not Spanish "sin" (without)
    if w == "no" and _comparator_before(words, i):
        return False  # "relative to no vaccination", "versus no treatment": the arm compared with, no claim negated
    if w in _LOSE and (words[i + 1 : i + 2] == ["significance"] or words[i + 1 : i + 3] == ["statistical", "significance"]):
        return True  # "the effect lost statistical significance after adjustment": was not significant
    return _negated(w) and not (w == "no" and i + 1 < len(words) and words[i + 1] in (",", ".", "!"))


# words after "without" that limit nothing: "including, without limitation,", "without regard to the
# conflict of laws" (a saving clause, "without prejudice to", negates no claim either, but left out
# after a cut it is read as a limit: see verify._limiters)
WITHOUT_NO_LIMIT = frozenset("limitation limiting regard reference".split())


_OR_NONE = frozenset("little few minimal limited with".split())
_LOSE = frozenset("lose loses lost losing".split())
_COMPARED = (("relative", "to"), ("compared", "with"), ("compared", "to"), ("as", "against"))
_YET_TO_AFTER = frozenset("has have had is are was were remains remain remained".split())
_ENGLISH_BEFORE_SIN = frozenset("without a the of original mortal deadly no any their his her its our".split())


def _comparator_before(words: list[str], i: int) -> bool:
    """Whether the words before ``words[i]`` name what it is compared with ("relative to", "compared
    with", "versus").

    >>> _comparator_before("risk fell relative to no vaccination".split(), 4)
    True
    >>> _comparator_before("there is no vaccination".split(), 2)
    False
    """
    return bool(i) and (words[i - 1] in ("versus", "vs", "vs.") or tuple(words[max(0, i - 2) : i]) in _COMPARED)


def _whether_before(words: list[str], i: int) -> bool:
    """Whether "whether" opens the clause before ``words[i]`` within six words ("whether in berth or")."""
    for w in reversed(words[max(0, i - 6) : i]):
        if w == "whether":
            return True
        if w in (",", ".", ";", ":"):
            return False
    return False


def _negations(words: list[str]) -> int:
    """The negations of ``words``, clause by clause: "nor" after a negation of its clause
    continues it ("neither … nor", "is not Muslim nor a member" is one negation).

    >>> _negations("it is more likely than not , whether or not extended".split()), _negations("it is not".split())
    (0, 1)
    >>> _negations("whether in berth or not".split()), _negations("in berth or not at anchor".split())
    (0, 1)
    """
    n, negated = 0, False
    for i, w in enumerate(words):
        if w in (".", ";", "!", "?"):
            negated = False
        elif _negator_at(words, i) and not (w == "nor" and negated):
            n, negated = n + 1, True
    return n


def _neither_nor(words: list[str]) -> bool:
    """Whether ``words`` say "neither … nor" in one clause.

    >>> _neither_nor("he neither asked nor wrote".split()), _neither_nor("neither party ; nor".split())
    (True, False)
    """
    for i, w in enumerate(words):
        if w == "neither":
            for x in words[i + 1 :]:
                if x in (".", ";", "!", "?"):
                    break
                if x == "nor":
                    return True
    return False


def _negators(words: list[str], other: list[str]) -> str:
    """The words that negate, as :func:`_negations`, :func:`_negative_verbs` and
    :func:`_denied_claims` count them."""
    said = [w for i, w in enumerate(words) if _negator_at(words, i)]
    if _negative_verbs(words, other):
        said += [f"{w} to" for i, w in enumerate(words[:-1]) if w in _NEGATIVE_VERBS and words[i + 1] == "to"]
    if _denied_claims(words, other):
        said += [w for w in words if w in _DENIALS]
    return " ".join(said) or "∅"


_NEGATIVE_SUBJECTS = frozenset("neither no none nobody nothing".split())
_COMPARATIVES = frozenset("later earlier sooner less more fewer greater longer".split())  # "no later than"


def _negative_subject(words: list[str], i: int) -> bool:
    """Whether the modal at ``i`` has a negative subject in its clause: "neither party shall
    assign", "no Party may disclose", "none of them shall", "no new default fees may be applied". The
    four words before it are read, up to a clause mark; "no later than" is a deadline, not a negation."""
    for j in range(i - 1, max(-1, i - 5), -1):
        w = words[j]
        if w in (",", ".", ";", ":", "!", "?"):
            return False
        if w in _NEGATIVE_SUBJECTS and not (j + 1 < len(words) and words[j + 1] in _COMPARATIVES):
            return True
    return False


_RESTRAINED = frozenset("restricted prohibited prevented precluded barred restrained".split())


def _not_be(words: list[str], i: int, states: frozenset[str], particle: str) -> bool:
    """Whether ``words[i:]`` read "not be" and one of ``states`` before ``particle`` ("not be restricted from", "not be
    obliged to")."""
    return words[i : i + 2] == ["not", "be"] and words[i + 2 : i + 3] != [] and words[i + 2] in states \
        and words[i + 3 : i + 4] == [particle]


def _restraint_lifted(words: list[str], i: int) -> bool:
    """Whether ``words[i]`` is the "not" of "not be restricted from" (prohibited, prevented ...): a
    restraint negated, so a freedom ("Flotek shall not be restricted from purchasing")."""
    return _not_be(words, i, _RESTRAINED, "from")


def _duty_denied(words: list[str], i: int) -> bool:
    """Whether ``words[i]`` is the "not" of "not be obliged to" (required, bound ...): a duty denied, so, as a modal, a
    choice ("the Supplier may (but shall not be obliged to) repurchase"; since the 62nd stop). The negation stays one:
    "isn't obliged to" restates it.

    >>> sorted(_modal_classes("the supplier may ( but shall not be obliged to ) repurchase".split()))
    ['permission']
    >>> sorted(_modal_classes("its employees are not obliged to devote full time".split()))
    ['permission']
    >>> sorted(_modal_classes("it does not have to inform the customer".split()))
    ['permission']
    """
    return _not_be(words, i, _BOUND_TO, "to") or (words[i : i + 1] == ["not"] and words[i + 1 : i + 3] in (
        ["have", "to"], ["need", "to"]))  # ("banks will not have to raise capital")


_BOUND_TO = frozenset("obliged obligated required bound compelled".split())  # "not be obliged to": no duty


_NEED_WORDS = frozenset("need needs needed require requires required".split())


def _only_condition_for_unless(qw: list[str], pw: list[str]) -> bool:
    """Whether the quote's "only" and the condition it opens, right after it or after a verb ("only if", "only applies
    if"), restate the passage's "not ... unless": the condition's first content words are the words after "unless",
    and the passage negates the clause the "unless" is of.

    >>> _only_condition_for_unless("cover only applies if you have paid".split(), "cover does not apply unless you have paid".split())
    True
    >>> _only_condition_for_unless("cover only applies if you have asked".split(), "cover does not apply unless you have paid".split())
    False
    """
    at = [i for i, x in enumerate(pw) if x == "unless"]
    if not at or not any(_NEGATORS.intersection(pw[max(0, i - _UNLESS_NEGATED_WORDS) : i]) for i in at):
        return False
    said = {w[:VERB_PREFIX] for i in at for w in pw[i + 1 : i + 1 + _ONLY_IF_WINDOW] if content_word(w)}
    return _only_condition_said(qw, said, past_verb=True, conditions=_ONLY_OPENS_CONDITION)


_UNLESS_NEGATED_WORDS = 6  # words before "unless" where the negation of its clause stands ("does not apply unless")


def _only_if_for_unless(qw: list[str], pw: list[str]) -> bool:
    """Whether the quote's "only if" (only with, only after, only when, only upon, only where, only once)
    restates the passage's "unless" (or "except", "without"): the words of the condition after it are
    mostly the words after the passage's ("may sublet only if the Landlord consents" for "shall not sublet
    unless the Landlord consents"; not "only if the Landlord objects").

    >>> _only_if_for_unless("may sublet only if the landlord consents".split(), "shall not sublet unless the landlord consents".split())
    True
    >>> _only_if_for_unless("may sublet only if the landlord objects".split(), "shall not sublet unless the landlord consents".split())
    False
    """
    said = {w[:VERB_PREFIX] for i, x in enumerate(pw) if x in ("unless", "except", "without")
            for w in pw[i + 1 : i + 1 + _ONLY_IF_WINDOW] if content_word(w)}
    # ... and the act the quote permits is the one the passage forbids ("may change its address only with
    # consent" is no restatement of "shall not be assignable ... without consent")
    forbidden = {w[:VERB_PREFIX] for i, x in enumerate(pw) if x in _MODAL_WORDS
                 for w in pw[i + 1 : i + 1 + _ONLY_IF_WINDOW] if content_word(w) and w not in _AUXILIARIES}
    acts = [w[:VERB_PREFIX] for i, x in enumerate(qw) if x in _PERMISSION
            for w in qw[i + 1 : i + 3] if content_word(w) and w not in _AUXILIARIES]
    return bool(acts) and bool(set(acts) & forbidden) and _only_condition_said(qw, said, past_verb=False,
                                                                         conditions=_ONLY_CONDITIONS)


def _only_condition_said(qw: list[str], said: set[str], *, past_verb: bool, conditions: frozenset[str]) -> bool:
    """Whether a condition an "only" of the quote opens (:func:`_condition_after_only`) is one the passage states:
    its first :data:`_ONLY_IF_WORDS` content words are among ``said`` (stems of the passage's words after "unless")."""
    for k, w in enumerate(qw):
        if w == "only" and (cond := _condition_after_only(qw, k, past_verb=past_verb, conditions=conditions)) is not None:
            told = [x[:VERB_PREFIX] for x in qw[cond + 1 : cond + 1 + _ONLY_IF_WINDOW] if content_word(x)][:_ONLY_IF_WORDS]
            if told and all(x in said for x in told):
                return True
    return False


_ONLY_CONDITIONS = frozenset("if with after when while upon where once".split())
_ONLY_OPENS_CONDITION = _ONLY_CONDITIONS - {"with"}  # ("only with" may also restrict what it names: no quantifier rule)
_ONLY_IF_WINDOW = 8  # words read after "unless" and after "only if"
_ONLY_IF_WORDS = 3  # ... and how many content words of the quote's condition must be the passage's


_GOALS = frozenset("goal goals aim aims aimed target targets targeted objective objectives intend intends intended "
                   "intention plan plans planned hope hopes hoped seek seeks sought recommend recommends recommended "
                   "recommendation advise advises advised advice".split())
_ASKED_TO = frozenset("asked requested encouraged urged invited".split())  # before "to": "is asked to adopt the budget"


def _requested(words: list[str]) -> set[str]:
    """The request words of ``words`` that ask for an act ("is asked to hold"; not "the requested
    information")."""
    return {w for w, nxt in zip(words, words[1:]) if w in _ASKED_TO and nxt == "to"}


_STRICT_COMPARISON = re.compile(r"(?<!\bnot )(?<!\bno )\b(exceed\w*|greater than|more than|higher than|above|less than|"
                                r"lower than|fewer than|below)\b")


def _equality_dropped(qw: list[str], pw: list[str]) -> str | None:
    """The strict comparison the quote makes where the passage's takes equality in ("whose exercise
    price exceeded the average market price" for "greater than or equal to the average market
    price"), or ``None``.

    >>> _equality_dropped("options whose price exceeded the market price".split(),
    ...                   "options whose price was greater than or equal to the market price".split())
    'exceeded'
    >>> _equality_dropped("a ratio not less than 1.2".split(), "a ratio greater than or equal to 1.2".split()) is None
    True
    """
    p = " ".join(pw)
    if ("or equal to" not in p and "equal to or" not in p) or "equal" in qw:
        return None
    # (a passage that also compares strictly elsewhere may be what the quote restates)
    if _STRICT_COMPARISON.search(re.sub(r"\b(?:equal to or )?(?:greater|more|higher|less|lower|fewer) than(?: or equal to)?", "", p)):
        return None
    m = _STRICT_COMPARISON.search(" ".join(qw))
    return m.group(1) if m else None


_HOW_OFTEN = (["frequently", "than"], ["often", "than"])  # after "less" or "more": a bound on how often


def _not_a_bound(words: list[str], k: int) -> bool:
    """Whether the "not" at ``k`` opens a bound on how often, not a negation of the modal before it
    ("will confer not less frequently than monthly": at least monthly)."""
    return words[k + 1 : k + 2] in (["less"], ["more"]) and words[k + 2 : k + 4] in _HOW_OFTEN


def modal_classes(text: str) -> set[str]:
    """The modal classes a text states (:func:`_modal_classes` of its words).

    >>> sorted(modal_classes("However, a meeting may be called on shorter notice."))
    ['permission']
    """
    return _modal_classes(_words(text))


def _modal_classes(words: list[str]) -> set[str]:
    """obligation / permission / prohibition, by the modal and the negation right after it, or a
    negative subject right before it ("neither party shall" = "a party may not").

    >>> sorted(_modal_classes("neither party shall license it".split()))
    ['prohibition']
    >>> sorted(_modal_classes("neither may license it".split()))
    ['prohibition']
    >>> sorted(_modal_classes("no new default fees may be applied".split()))
    ['prohibition']
    >>> sorted(_modal_classes("no later than friday the tenant shall pay".split()))
    ['obligation']
    >>> sorted(_modal_classes("flotek shall not be restricted from purchasing".split()))
    ['permission']
    >>> sorted(_modal_classes("users need parental consent".split())), sorted(_modal_classes("users need to ask".split()))
    ([], ['obligation'])
    >>> sorted(_modal_classes("it owes the maximum amount allowed by law".split()))
    []
    >>> sorted(_modal_classes("the other party shall , at its option , have the right to terminate".split()))
    ['permission']
    """
    return {cls for _, cls in _modal_uses(words)}


def _modal_uses(words: list[str]) -> list[tuple[int, str]]:
    """Each modal of ``words`` with its class (:func:`_modal_classes`): (where it is, its class)."""
    out: list[tuple[int, str]] = []
    for i, w in enumerate(words):
        if w in ("given", "has", "have", "had") and _grants_right(words, i) and not {"not", "never", "no"} & set(words[max(0, i - 2) : i]):
            out.append((i, "permission"))  # "were given the option to convert", "has the right to terminate"
            continue
        if w in ("reserves", "reserve", "reserved") and words[i + 1 : i + 3] in (["the", "right"], ["its", "right"]):
            out.append((i, "permission"))  # "the Authority reserves the right to invite them" (since the 58th stop)
            continue
        cls = "obligation" if w in _OBLIGATION else "permission" if w in _PERMISSION else None
        # "mustn't", "mayn't" forbid; "can't", "won't", "couldn't" are read as no modal class at all: in
        # restatements they tell ability and the future far more than a prohibition ("the Group can't meet
        # its obligations", "won't face the increase"), and a permission turned into one is the negation's
        if w.endswith("n't") and w[:-3] in ("may", "must"):
            out.append((i, "prohibition"))
            continue
        if cls is None:
            continue
        if w in ("have", "has") and (i + 1 >= len(words) or words[i + 1] != "to"):
            continue  # "have" is a modal only in "have to"
        if w in ("have", "has", "need", "needs") and words[i + 1 : i + 2] == ["to"] and i and _is_not(words[i - 1]):
            out.append((i, "permission"))  # "does not have to tell the customer": no duty, a choice (since the 62nd stop)
            continue
        if w in _BOUND_TO and words[i + 1 : i + 2] == ["to"] and any(_is_not(x) for x in words[max(0, i - 2) : i]):
            if words[max(0, i - 2) : i] != ["not", "be"] or not (i > 2 and words[i - 3] in _MODAL_WORDS):
                out.append((i, "permission"))  # "are not obliged to devote full time": no duty, a choice
            continue  # (the duty "shall not be obliged to" denies is read at its modal)
        if w in ("allowed", "permitted") and words[i + 1 : i + 2] in (["by"], ["under"]):
            continue  # "the maximum amount allowed by law": what a law allows, no right of the text's party
        if w in _NEED_WORDS and words[i + 1 : i + 2] not in (["to"], ["not"], ["never"]):
            # a need of a thing is no modal: "need parental consent" restates "may not ... without
            # parental consent", "needs further study" and "if that is reasonably needed" bind no one
            continue
        nxt = words[i + 1 : i + 3]
        if _restraint_lifted(words, i + 1) or _duty_denied(words, i + 1):
            out.append((i, "permission"))  # "shall not be restricted from purchasing": free to purchase
        elif ("not" in nxt and not _not_a_bound(words, i + 1 + nxt.index("not"))) or "never" in nxt or "no" in nxt[:1] \
                or (i and words[i - 1] in ("not", "never")) or _negative_subject(words, i):
            out.append((i, "prohibition"))
        else:
            # (past an aside between commas: "shall, at its option, have the right to terminate")
            j = i + 1 + words[i + 2 : i + 2 + _ASIDE_MAX].index(",") + 2 if words[i + 1 : i + 2] == [","] \
                and "," in words[i + 2 : i + 2 + _ASIDE_MAX] else i + 1
            out.append((i, "permission" if _grants_right(words, j) else cls))
    return out


_ASIDE_MAX = 6  # words of an aside between a modal and its verb
_SUBJECT_WORDS = 5  # words before a modal, back to its clause's start, that say whom it binds
_CLAUSE_ENDS = frozenset(", ; . : ( ) and or but that which who whom after before upon on if when where unless".split())


def _modal_subjects(words: list[str]) -> list[tuple[str, set[str]]]:
    """Each modal use of ``words`` with the stems of the content words right before it in its clause."""
    out = []
    for i, cls in _modal_uses(words):
        said: set[str] = set()
        for w in reversed(words[max(0, i - _SUBJECT_WORDS) : i]):
            if w in _CLAUSE_ENDS:
                break
            if content_word(w) and w not in _AUXILIARIES:
                said.add(w[:VERB_PREFIX])
        out.append((cls, said))
    return out


def _modal_of_same_subject(qw: list[str], pw: list[str]) -> tuple[str, str] | None:
    """A modal of the quote whose subject (two content words or more) the passage binds with another
    class of modal, and never with the quote's: (the quote's class, the passage's), else ``None``.

    >>> _modal_of_same_subject("any action arising out of the agreement must be brought in ohio".split(),
    ...                        "it shall be governed by ohio law and actions arising out of this agreement may be "
    ...                        "litigated in ohio".split())
    ('obligation', 'permission')
    """
    passage = _modal_subjects(pw)
    for cls, said in _modal_subjects(qw):
        if len(said) < 2:
            continue
        same = [p_cls for p_cls, p_said in passage if len(said & p_said) >= 2]
        if same and cls not in same:
            return cls, same[0]
    return None


def _use_only(words: list[str]) -> bool:
    """Whether a modal of ``words`` is followed, a few words on, by "only" ("will use such information
    only for", "may use it only to"): what it binds or permits is a restriction.

    >>> _use_only("it will use such information only for that purpose".split()), _use_only("it may only sublet".split())
    (True, True)
    >>> _use_only("it may sublet only if the landlord consents".split())
    False
    """
    for i, w in enumerate(words):
        if w in _MODAL_WORDS and "only" in (after := words[i + 1 : i + 1 + _USE_ONLY_WINDOW]):
            k = i + 1 + after.index("only")
            if words[k + 1 : k + 2] == [] or words[k + 1] not in _ONLY_OPENS_CONDITION:
                return True  # (not "may sublet only if the Landlord consents": a condition)
    return False


_USE_ONLY_WINDOW = 6  # words after a modal where the "only" of a restriction stands


_RIGHT_NOUNS = frozenset(("right", "option"))
_FREE_AFTER_BE = frozenset("entitled permitted allowed free".split())  # ("must be able to" binds)


def _grants_right(words: list[str], i: int) -> bool:
    """Whether ``words[i:]`` (right after a modal) gives a right, not a duty: "shall have the right
    to insert", "will have the option to renew", "shall be entitled to"; and the same after "given"
    or "has" without a modal ("were given the option to convert").

    >>> _grants_right("have the right to insert commercials".split(), 0), _grants_right("pay the fee".split(), 0)
    (True, False)
    """
    w = words[i : i + 4]
    return (w[:1] in (["have"], ["has"], ["given"]) and w[1:2] in (["the"], ["an"], ["a"]) and w[2:3] != []
            and w[2] in _RIGHT_NOUNS and w[3:4] == ["to"]) or (w[:1] == ["be"] and w[1:2] != [] and w[1] in _FREE_AFTER_BE)


_FULL = frozenset("full fully completely entire entirely whole wholly".split())


def _full_for_share(qw: list[str], pw: list[str]) -> tuple[str, str] | None:
    """A word of the whole ("fully", "in full") the quote adds where the passage gives a share
    under a hundred per cent that the quote leaves out ("charged to 50%"): the whole told for a
    part. ``(word, share)``, else ``None``.

    >>> _full_for_share("can be fully charged in 30 minutes".split(), "can be charged to 50% in 30 minutes".split())
    ('fully', '50%')
    >>> _full_for_share("refunds 40 percent in full".split(), "refunds 40 percent".split()) is None
    True
    """
    added = sorted(_FULL.intersection(qw) - set(pw))
    if not added or _shares(qw):  # ("40% of the whole electorate": the quote's own share of a whole)
        return None
    if (part := _done_in_part(pw)) is not None and not _PARTIAL.intersection(qw):
        # "which it expects efficiency savings to fully offset" for "which it intends to mitigate in part through
        # efficiency savings" (since the 59th stop)
        return added[0], part
    return next(((added[0], w) for w in _shares(pw) if w not in qw), None)


def _done_in_part(words: list[str]) -> str | None:
    """The words that say a thing is done in part ("mitigate in part", "partly offset"), not "in whole or in
    part", else ``None``.

    >>> _done_in_part("which it intends to mitigate in part through savings".split())
    'mitigate in part'
    >>> _done_in_part("may not be assigned in whole or in part".split()) is None
    True
    """
    for k, w in enumerate(words):
        if w == "in" and words[k + 1 : k + 2] == ["part"] and k and words[k - 1] not in ("or", "whole", "and"):
            return f"{words[k - 1]} in part"
        if w in _PARTLY and words[k + 1 : k + 2]:
            return f"{w} {words[k + 1]}"
    return None


def _shares(words: list[str]) -> list[str]:
    """The shares under a hundred per cent that ``words`` give ("50%", "40 percent").

    >>> _shares("50% of it , 40 percent , 100% and 7 days".split())
    ['50%', '40 percent']
    """
    out = []
    for i, w in enumerate(words):
        figure = w[:-1] if w.endswith("%") else w if words[i + 1 : i + 2] in (["percent"], ["%"]) else ""
        try:
            share = float(figure.replace(",", ""))
        except ValueError:
            continue
        if 0 < share < 100:
            out.append(w if w.endswith("%") else f"{w} percent")
    return out


def _quantifiers(words: list[str], *, verb_before_condition: bool = True) -> set[str]:
    """The quantifiers of ``words``, by class ("every" is "all"; "not less than" is "at least"). "only" before a verb
    and the condition it opens ("only applies if") is the condition's, as "only if" is, with ``verb_before_condition``.

    >>> sorted(_quantifiers("on not less than 60 days notice to each party".split()))
    ['all', 'at least']
    >>> sorted(_quantifiers("will confer not less frequently than monthly".split()))
    ['at least']
    >>> sorted(_quantifiers("cover only applies if you have paid".split())), sorted(_quantifiers("only the board can".split()))
    ([], ['only'])
    """
    out = set()
    for i, w in enumerate(words):
        q = _QUANTIFIERS.get(w)
        if w == "most" and i > 0 and words[i - 1] == "at":
            q = "at most"
        if w in ("less", "fewer") and i > 0 and words[i - 1] in ("not", "no") and (
                words[i + 1 : i + 2] == ["than"] or words[i + 1 : i + 3] in _HOW_OFTEN):
            # "not less than 60 days" is "at least 60 days", "not less frequently than monthly" is "at least
            # monthly" ("no more than 5%" is left alone: an upper bound is written so many ways, "shall not
            # exceed", "capped at", that the quote's would stand alone)
            q = "at least"
        if w == "all" and _idiom_all(words, i):
            q = None
        if w == "only" and _condition_after_only(words, i, past_verb=verb_before_condition) is not None:
            # "only if": a condition (read as one), no quantifier; and "only applies if", "is only considered where": the
            # same condition, its verb between (since the 64th stop)
            q = None
        if w == "either" and "or" in words[i + 2 : i + 2 + _EITHER_OR_WORDS]:
            q = None  # "present either in person or by proxy": one way or the other, no quantifier
        if w == "every" and words[i + 1 : i + 2] and words[i + 1] in _EVERY_PERIOD:
            q = None  # "report every year" is "report annually": how often, no quantifier (since the 63rd stop)
        if q:
            out.add(q)
    return out


_EVERY_PERIOD = frozenset("year month week day quarter hour".split())
_ONLY_VERB_WORDS = 2  # words of a verb between "only" and the condition it opens ("only be used where")


def _condition_after_only(words: list[str], i: int, *, past_verb: bool,
                          conditions: frozenset[str] | None = None) -> int | None:
    """Where the condition the "only" at ``words[i]`` opens starts: right after it ("only if", "only where"), or with
    ``past_verb`` past a verb of up to :data:`_ONLY_VERB_WORDS` words ("only applies if", "can only be used where");
    ``None`` when it opens none. ``conditions``: the words that open one (:data:`_ONLY_OPENS_CONDITION` by default).

    >>> _condition_after_only("cover only applies if paid".split(), 1, past_verb=True)
    3
    >>> _condition_after_only("cover only applies if paid".split(), 1, past_verb=False) is None
    True
    """
    reach = i + 2 + (_ONLY_VERB_WORDS if past_verb else 0)
    opens = _ONLY_OPENS_CONDITION if conditions is None else conditions
    k = next((k for k in range(i + 1, min(len(words), reach)) if words[k] in opens), None)
    if k is None or not all(x.isalpha() and x not in _DETERMINERS_BEFORE for x in words[i + 1 : k]):
        return None
    return k
_ONLY_WAY = frozenset(("only", "unless", "solely"))  # a passage's words that make a condition the only way
_PREPOSITIONS_OF_COUNT = frozenset("in of at for to from on by with".split())
_ALL_AFTER_COUNT = 3  # words after a count of the passage's where "all" is all of them ("four locations all tested")
_EITHER_OR_WORDS = 8  # how far an "or" may follow "either" and its first word for the pair to join two ways


def _idiom_all(words: list[str], i: int) -> bool:
    """Whether the "all" at ``i`` is part of an idiom that ranges over nothing: "above all"
    (especially), "after all", "at all", "all in all"."""
    return bool(i and words[i - 1] in ("above", "after", "at")) or words[i + 1 : i + 3] == ["in", "all"]


_TITLE_DOT = re.compile(r"\b(?:Dr|Mr|Mrs|Ms|Prof|St|Sen|Rep|Gov|Gen|Col|Capt|Lt|Hon|Rev)\.\s+$")


def _entities(text: str) -> set[str]:
    """Capitalised names and terms not at a sentence start, folded ("Joint IP Ownership Committee").

    >>> sorted(_entities("The Panel does not recommend action against Dr. Okafor."))
    ['okafor', 'panel']
    """
    out = set()
    for m in _CAP_RUN.finditer(text):
        words = m.group().split()
        if m.start() == 0 or (_SENTENCE_END.search(text, max(0, m.start() - 3), m.start())
                              and not _TITLE_DOT.search(text, max(0, m.start() - 8), m.start())):
            words = words[1:]  # a capital that only starts a sentence (not the name after "Dr.")
        while words and words[0] in _TITLE_STOP:
            words = words[1:]
        words = [w[:-2] if w.endswith(("'s", "’s")) else w for w in words]  # the Landlord's -> landlord
        if (words == ["US"] and text[m.end() : m.end() + 1] == "$") or (len(words) == 1 and words[0].lower() in CURRENCY_CODES):
            continue  # "US$18,500", "USD 18,500": a currency, which the figures compare, not a party
        if words:
            out.add(fold(" ".join(words)).text)
    return out



_SECTION_REF = re.compile(r"\b(section|article|clause|paragraph)s?\s+(\d+(?:\.\d+)*)(\s*\([a-z0-9]{1,4}\))?")


def _section_widened(folded_quote: str, folded_passage: str) -> tuple[str, str] | None:
    """A section the quote names whole ("section 7.1") where the passage names only paragraphs of it
    ("section 7.1(f)"): (the quote's, the passage's), else ``None``.

    >>> _section_widened("in default under section 7.1 of the credit agreement",
    ...                  "in default under section 7.1(f), (g) and/or (i) of the credit agreement")
    ('section 7.1', 'section 7.1(f)')
    >>> _section_widened("under section 7.1(f) or (g)", "under section 7.1(f), (g) and/or (i)") is None
    True
    """
    if "(" not in folded_passage:
        return None
    parts: dict[tuple[str, str], list[str]] = {}
    for m in _SECTION_REF.finditer(folded_passage):
        parts.setdefault((m.group(1), m.group(2)), []).append(m.group(0) if m.group(3) else "")
    for m in _SECTION_REF.finditer(folded_quote):
        named = parts.get((m.group(1), m.group(2)))
        if m.group(3) is None and named and all(named):
            return m.group(0), named[0].replace(" (", "(")
    return None


# words that name a person's office or rank before a name ("Judge Alvarez", "Senator Alvarez"): one person,
# whatever the word
_TITLE_WORDS = frozenset("mr mrs ms dr prof sir lord lady dame judge justice president chair chairman senator governor "
                         "mayor minister secretary general captain professor doctor saint st".split())


def _other_body(q_entities: set[str], p_entities: set[str], folded_quote: str,
                folded_passage: str) -> tuple[str, str] | None:
    """An entity of the quote named by a plain word and a noun ("high court") that the passage does not
    have, where the passage has, and the quote lacks, one with the same noun and another plain word
    before it ("circuit court"): (the quote's, the passage's), else ``None``. (A person's office before
    the name is the same person: "Judge Smith" and "John Smith"; a plural names a class, which a text may
    call by several words: "Qualified Trustees" defined among "the Fund's Trustees".)

    >>> _other_body({"high court"}, {"circuit court"}, "appeal to the high court", "appeal to the circuit court")
    ('high court', 'circuit court')
    >>> _other_body({"judge smith"}, {"john smith"}, "judge smith signed", "john smith signed") is None
    True
    >>> _other_body({"qualified trustees"}, {"fund trustees"}, "the qualified trustees", "the fund trustees") is None
    True
    """
    from .align import is_known_word

    for e in sorted(q_entities):
        words = e.split()
        if len(words) != 2 or words[1].endswith("s") or e in folded_passage or not all(map(is_known_word, words)) \
                or re.search(rf"\b{re.escape(words[0])}\b", folded_passage):
            continue  # (a plain word the passage has elsewhere: "qualified trustees" where it says the trustees are qualified)
        for d in sorted(p_entities):
            other = d.split()
            if (len(other) == 2 and other[1] == words[1] and d not in folded_quote
                    and not other[0].startswith(words[0]) and not words[0].startswith(other[0])  # ("Dan" for "Daniel")
                    and is_known_word(other[0]) and other[0] not in _TITLE_WORDS and words[0] not in _TITLE_WORDS):
                return e, d
    return None


def _neighbours(entity: str, text: str) -> set[str]:
    """The words right before and right after ``entity`` in ``text`` (folded; articles skipped; an
    entity whose possessive :func:`_entities` dropped is found with it: "people's republic of china")."""
    i, end = text.find(entity), 0
    if i >= 0:
        end = i + len(entity)
    else:
        m = re.search(r"(?:['’]s)?\s+".join(map(re.escape, entity.split())), text)
        if m is None:
            return set()
        i, end = m.start(), m.end()
    before = [w for w in text[:i].split() if w not in ("the", "a", "an")][-1:]
    after = text[end:].split()[:1]
    return {f"<{w}" for w in before} | {f">{w}" for w in after}


_RESPELT = 0.75  # two words this alike (difflib's ratio) are one name spelt otherwise: "Suleimaniya" / "Sulaimaniyah"
_PREPOSITION_SLOTS = frozenset(f"<{w}" for w in "in of at from to by for under with into onto".split())


def _compound_of(a: str, b: str) -> bool:
    """Whether one name is the other with a common word joined on ("english" and "englishlanguage", the
    fold of "English-language"; "us" and "usbased").

    >>> _compound_of("english", "englishlanguage"), _compound_of("austria", "australia")
    (True, False)
    """
    from .align import is_known_word

    short, long = sorted((a.replace(" ", ""), b.replace(" ", "")), key=len)
    return len(short) >= 2 and long.startswith(short) and len(long) - len(short) >= 3 and is_known_word(long[len(short):])


def _same_slot(a: str, text_a: str, b: str, text_b: str) -> bool:
    """Two entities stand in the same slot of their sentences (the same word before or after
    them: "Acme shall pay" / "Beta shall pay"), or both are parties of the legal lexicon.

    >>> _same_slot("denver", "held at our denver, colorado offices", "dayton", "held at our dayton, or toledo")
    True
    >>> _same_slot("suleimaniya", "to erbil and suleimaniya, he said", "sulaimaniyah", "to erbil and sulaimaniyah, he said")
    False
    """
    from .align import word_category

    if word_category(a.split()[-1]) == "party" and word_category(b.split()[-1]) == "party":
        return True
    na, nb = _neighbours(a, text_a), _neighbours(b, text_b)
    after_a, after_b = {x for x in na if x[0] == ">"}, {x for x in nb if x[0] == ">"}
    before_a, before_b = na - after_a, nb - after_b
    # the same word after them (the verb: "Acme shall pay" / "Beta shall pay"), and the same word
    # before them or none on either side: an apposition ("Shelby, R-Ala." / "Shelby, a Republican") is not a swap
    if after_a & after_b - {">,", ">and", ">."} and (before_a == before_b or not (before_a and before_b)):
        return True
    if before_a and before_a == before_b and after_a and after_a == after_b:
        # the same words on both sides, a comma after ("at our Minneapolis, Minnesota" / "at our Cincinnati, or
        # Columbus"), where the two names are not one spelt otherwise ("Suleimaniya" / "Sulaimaniyah", "Sunni
        # Muslims" / "Sunnis": no word of one is mostly the letters of a word of the other)
        return all(SequenceMatcher(None, x, y).ratio() < _RESPELT for x in a.split() for y in b.split())
    # or the same preposition before them: "in Dallas" / "in Austin", "laws of New York" / "laws of Delaware"
    return bool(before_a & before_b & _PREPOSITION_SLOTS)


# dates, which are no names: the months, and the weekdays of _DAYS with the short forms it leaves out
_CALENDAR = (frozenset(_MONTHS) | frozenset(w for w, v in _DAYS.items() if v.startswith("day"))
             | frozenset("sept may sat sun wed".split()))


def entity_from_elsewhere(quote: str, passage: str, around: str) -> tuple[Difference, ...]:
    """A name the source has elsewhere, put where the passage has another one: "she met Pierre
    Curie in Warsaw" for "…at the University of Paris, where she met Pierre Curie", with Warsaw
    in the sentence before. The quote's name is not in the passage but is in ``around`` (the text
    near it), and the passage has a name the quote lacks. Dates and weekdays are not names. A
    name that is nowhere in the source is attribution or invention, read apart
    (:func:`invented_terms`).

    >>> entity_from_elsewhere("She met Pierre Curie in Warsaw.", "at the University of Paris, where she met "
    ...                       "Pierre Curie", "Born in Warsaw, she moved to France in 1891.")[0].quote_text
    'warsaw'
    """
    fq, fp = fold(quote).text, fold(passage).text
    fa = fold(around).text
    dropped = sorted(e for e in _entities(passage) if e.split()[-1] not in fq and e.split()[-1] not in _CALENDAR)
    if not dropped:
        return ()
    spelled = _spelled_out_acronyms(passage)
    for m in sorted(_entities(quote)):
        if m.split()[-1] in fp or m.split()[-1] in _CALENDAR or next(word_places(m, fa), None) is None:
            continue
        if m.removesuffix("s") in spelled:
            continue  # "MEPs" for "Members of the European Parliament": the same name, in its initials
        return (Difference("replace", m, dropped[0], "party"),)
    return ()


_NAME_LINKS = frozenset("of the and for on in de".split())  # words of a name that say nothing of its kind


def unknown_name_for_known(quote: str, passage: str, source_folded: str) -> tuple[Difference, ...]:
    """A name of two words or more that the folded source ``source_folded`` has nowhere, put where the passage has a
    name of the same kind that the quote lacks, the two sharing one word only, of :data:`_INSTITUTIONS`: "the Bank of
    England base rate" for "the European Central Bank main refinancing rate" (since the 62nd stop).

    >>> unknown_name_for_known("interest above the Bank of England base rate", "interest above the European Central "
    ...                        "Bank main refinancing rate", "interest above the european central bank main refinancing rate")[0].quote_text
    'bank of england'
    >>> unknown_name_for_known("interest above the ECB main rate", "interest above the European Central Bank main rate", "")
    ()
    """
    fq = fold(quote).text
    gone = [e for e in sorted(_entities(passage)) if " " in e and e not in fq]
    if not gone:
        return ()
    for e in sorted(_entities(quote)):
        if " " not in e or e in source_folded:
            continue
        own = set(e.split()) - _NAME_LINKS
        for g in gone:
            other = set(g.split()) - _NAME_LINKS
            # one word of the same kind, the rest of each name its own ("US District Court" and "Federal District
            # Court", "King James Version" and "King James Bible" share more: one thing, named otherwise)
            if len(own) >= 2 and len(other) >= 2 and len(shared := own & other) == 1 and shared <= _INSTITUTIONS:
                return (Difference("replace", e, g, "party"),)
    return ()


_INSTITUTIONS = frozenset("""bank court society institute institution association commission committee council authority
    agency university college hospital fund exchange tribunal board office department ministry union party
    federation foundation""".split())


_SPELLED_NAME = re.compile(r"\b[A-Z][\w'-]*(?:\s+(?:(?:of|the|and|for|on)\s+)*[A-Z][\w'-]*)+")


def _initials_of(short: str, name: str) -> bool:
    """Whether ``short``, one folded word, is the initials of ``name``, a folded name of two words
    or more (small words left out, a closing Roman numeral kept whole): "us" / "united states",
    "wwii" / "world war ii".

    >>> _initials_of("us", "united states"), _initials_of("wwii", "world war ii"), _initials_of("uk", "united states")
    (True, True, False)
    """
    words = name.split()
    if len(short.split()) != 1 or len(words) < 2:
        return False
    roman = words[-1] if words[-1] in ROMAN_NUMERALS else ""
    return short.replace(".", "") == initials(words[:-1] if roman else words) + roman


def _spelled_out_acronyms(text: str) -> set[str]:
    """The initials, folded, of the names of capitalised words in ``text`` ("Members of the
    European Parliament" -> "mep"; small words between are left out).

    >>> sorted(_spelled_out_acronyms("votes for Members of the European Parliament in member states"))
    ['mep']
    """
    return {"".join(w[0] for w in m.group().split() if w[0].isupper()).lower() for m in _SPELLED_NAME.finditer(text)}


# words that make a clause conditional; a restatement that drops all of them drops the condition
_CONDITION_WORDS = frozenset("if unless provided providing except excepting exception subject only whenever insofar".split())
# ways of restating a condition without those words
# conditions a quote may not add to a passage that sets none
# ("if" is left out: restatements turn "upon termination", "in the event that" into "if")
_ADDED_CONDITIONS = frozenset("unless provided providing except".split())
_KEEPER_WINDOW = 8  # words after a condition word that say what it is


def _clause_stems(words: list[str], i: int) -> set[str]:
    """The stems of the content words after ``words[i]`` within ``_KEEPER_WINDOW`` words and its clause.

    >>> sorted(_clause_stems("subject to shareholder approval , the merger".split(), 0))
    ['appro', 'share']
    """
    out = set()
    for w in words[i + 1 : i + 1 + _KEEPER_WINDOW]:
        if w in (",", ".", ";", ":"):
            break
        if content_word(w) and w not in _AUXILIARIES:
            out.add(w[:VERB_PREFIX])
    return out


def _no_condition_subject(pw: list[str], i: int, qw: list[str]) -> bool:
    """Whether the "subject" at ``pw[i]`` sets no condition: negated ("shall not be subject to"), or
    "subject to" a bound the quote names too ("subject to a monthly minimum of $2,500").

    >>> _no_condition_subject("shall not be subject to any minimum".split(), 4, [])
    True
    >>> _no_condition_subject("subject to a monthly minimum of $ 2,500".split(), 0, "with a monthly minimum".split())
    True
    """
    if any(w in ("not", "no", "never") for w in pw[max(0, i - 3) : i]):
        return True
    if any(w in _EXPOSURES for w in itertools.takewhile(lambda w: w not in _CLAUSE_BREAKS, pw[i + 2 : i + 5])):
        # "returns are subject to IRS examination": what may happen to them, not a condition of anything
        return True
    bound = next((w for w in pw[i + 2 : i + 6] if w in _BOUND_WORDS or w == "limit"), None)
    return bound is not None and bound in qw


# what a thing "is subject to" that is no condition but an exposure ("subject to IRS examination")
_EXPOSURES = frozenset("examination examinations audit audits taxation inspection inspections scrutiny".split())

# the words that set one and the same condition: each restates the other
_ONE_CONDITION = frozenset("if provided providing subject".split())  # ("whenever" says "every time"; "subject" to)
_CONTRAST_WORDS = frozenset(("but", "however", "although", "though", "yet"))
_STIPULATION_REACH = 10  # words after "provided (that)" where the modal of a stipulation stands


_CONDITION_WORDS_MAX = 16  # words of a condition read after its word, up to the end of its clause


def _condition_after(words: list[str], i: int) -> set[str]:
    """The content stems of the condition whose word is ``words[i]``: up to a comma or the end of its
    clause, at most :data:`_CONDITION_WORDS_MAX` words."""
    out = set()
    for w in words[i + 1 : i + 1 + _CONDITION_WORDS_MAX]:
        if w == "," or w in _CLAUSE_STOPS:
            break
        if content_word(w) and w not in _AUXILIARIES:
            out.add(w[:VERB_PREFIX])
    return out


def _stipulation_restated(qw: list[str], pw: list[str], i: int, contrasts: frozenset[str]) -> bool:
    """Whether the "provided" at ``pw[i]`` opens a stipulation (a modal within
    :data:`_STIPULATION_REACH` words, in its clause: "provided that the total contribution shall not
    exceed 4%") that the quote restates after one of its ``contrasts`` ("but can never go above 4% of
    Gross Sales"): at least half of what the quote says there is the stipulation's.

    >>> p = "the franchisor may increase it , provided that the total shall not exceed 4 % of gross sales".split()
    >>> _stipulation_restated("it can be raised but can never go above 4 % of gross sales".split(), p, p.index("provided"), {"but"})
    True
    >>> p = "the employer may deduct it , provided that the employer has issued a notice".split()
    >>> _stipulation_restated("it may deduct it but it must pay first".split(), p, p.index("provided"), {"but"})
    False
    """
    reach = []
    for w in pw[i + 1 : i + 1 + _STIPULATION_REACH]:
        if w in _CLAUSE_STOPS:
            break
        reach.append(w)
    if not _MODAL_WORDS.intersection(reach):
        return False  # "provided that the Employer has issued a Pay Less Notice": a condition
    def stems(words: list[str], at: int) -> set[str]:  # its content words and figures
        return _condition_after(words, at) | {w[:VERB_PREFIX] for w in words[at + 1 : at + 1 + _CONDITION_WORDS_MAX]
                                              if figure(w)}

    said = stems(pw, i)
    for k, w in enumerate(qw):
        if w in contrasts and (told := stems(qw, k)) and 2 * len(told & said) >= len(told):
            return True
    return False


def _one_condition_restated(qw: list[str], pw: list[str], lost: set[str]) -> str | None:
    """The word of :data:`_ONE_CONDITION` the quote restates a lost condition of the passage with ("if"
    for "provided"), when the quote's condition says nothing the passage's does not: each of its
    content words is one of the lost condition's. ``None`` otherwise.

    >>> p = "a meeting may be called on shorter notice provided it is agreed in writing by all the directors".split()
    >>> _one_condition_restated("a meeting may be called on shorter notice if all the directors agree".split(), p, {"provided"})
    'if'
    >>> _one_condition_restated("a meeting may be called on shorter notice if the chairman agrees".split(), p, {"provided"}) is None
    True
    """
    said = {w[:VERB_PREFIX] for i, w in enumerate(pw) if w in lost for w in _condition_after(pw, i)}
    for i, w in enumerate(qw):
        if w in _ONE_CONDITION and w not in pw and (stems := _condition_after(qw, i)) and stems <= said:
            return w
    if "if" in lost:
        # "Services that Cerus does not reject in writing ... are deemed accepted" for "If Cerus does not reject in
        # writing ..., the Services shall be considered accepted": the condition as a clause restricting a noun (not
        # what a verb reports: "warned that"), with its negation if it has one
        for i, w in enumerate(pw):
            clause = pw[i + 1 : i + 1 + _CONDITION_WORDS_MAX]
            if w != "if" or not (stems := _condition_after(pw, i)):
                continue
            negated = any(_negator_at(pw, k) for k in range(i + 1, i + 1 + len(clause)) if k < len(pw))
            # (its first two content words, the one who acts and the act, must be the restricting clause's)
            first = [x[:VERB_PREFIX] for x in clause if content_word(x) and x not in _AUXILIARIES][:2]
            for k, x in enumerate(qw):
                if not (x in _RELATIVES and k and content_word(qw[k - 1]) and qw[k - 1] not in _REPORTING
                        and not qw[k - 1].endswith("ed")):
                    continue
                restricting = _condition_after(qw, k)
                if len(restricting & stems) >= _RELATIVE_SHARED and set(first) <= restricting and negated == any(
                        _negator_at(qw, m) for m in range(k + 1, min(len(qw), k + 1 + _CONDITION_WORDS_MAX))):
                    return x
    return None


_RELATIVE_SHARED = 3  # content words a restricting clause shares with the condition it restates


# words that restrict as "only" does
_ONLY_RESTATED = frozenset("alone solely exclusively single sole".split())
_CONDITION_KEEPERS = frozenset("when where while after before once upon long case event condition conditions "
                               "conditional contingent requires required pending".split())


_ASIDE_ENDS = frozenset(", ) ; : .".split())


_RANK_BEFORE_ONLY = frozenset("second third fourth fifth".split())


def _conditions(words: list[str]) -> set[str]:
    """The condition and exception words of a text ("if", "unless", "provided", "other than", "as
    long as"; "so long as" is "as long as").

    >>> sorted(_conditions("he need not repay it so long as he performs".split()))
    ['as long']
    >>> sorted(_conditions("subject to the limits , if any , in the plan".split())), sorted(_conditions("if any party breaches".split()))
    (['subject'], ['if'])
    """
    # "with one exception: …" and "except that …" state the same exception; "provided" opens a
    # condition ("provided that", "provided, however"), not where it is a participle ("as otherwise
    # provided in this Agreement", "services provided by the Supplier")
    found = {"except" if w == "exception" else w for i, w in enumerate(words) if w in _CONDITION_WORDS
             and not (w in _PROVISO and not proviso_at(words, i))
             and not (w == "if" and i and words[i - 1] == "as")  # "as if": a likeness, no condition
             # "the supply limitations, if any, in the Plan": an aside that sets no condition
             and not (w == "if" and words[i + 1 : i + 2] in (["any"], ["applicable"])
                      and (i + 2 == len(words) or words[i + 2] in _ASIDE_ENDS))
             and not (w == "only" and i and _amount_word(words[i - 1]))
             # "second only to Rivalcorp": a rank, no restriction
             and not (w == "only" and i and words[i - 1] in _RANK_BEFORE_ONLY and words[i + 1 : i + 2] == ["to"])}
    # "so long as" is "as long as"; "save for" and "except for" are "except"
    found.update("as long" if a == "so" else "except" if b == "for" and a in ("save", "except") else f"{a} {b}"
                 for a, b in itertools.pairwise(words) if (a, b) in _CONDITION_PAIRS)
    if any(p == ("apart", "from") for p in itertools.pairwise(words)):
        found.add("except")  # "apart from claims of infringement, neither party is liable": an exception
    if any(t == ("in", "the", "event", "that") for t in zip(words, words[1:], words[2:], words[3:])):
        found.add("if")  # "in the event that the Buyer elects to ..., Arizona will cooperate": a condition
    if any((words[i : i + 3] == ["to", "the", "extent"] and words[i + 3 : i + 4] != ["of"])
           or words[i : i + 3] == ["as", "far", "as"] for i in range(len(words))):
        # "reversed to the extent that it limited the award" is "insofar as it limited", as "only as far as
        # necessary" is "only to the extent necessary" ("the extent of the movement" is its size)
        found.add("insofar")
    return found


# qualifiers that are adjectives too: "the worldwide Anglican Communion" names the thing, not a scope of the claim
_ATTRIBUTIVE_TOO = frozenset({"worldwide"})
_DETERMINERS = frozenset("the a an its their our his her this that these those".split())


def _attributive(words: list[str], w: str) -> bool:
    """Whether ``w`` stands after a determiner wherever it is in ``words``: an adjective of a
    thing ("the worldwide Anglican Communion"), not a scope of the claim ("sold worldwide").

    >>> _attributive("the worldwide anglican communion".split(), "worldwide"), _attributive("fees for products worldwide".split(), "worldwide")
    (True, False)
    """
    return all(i and words[i - 1] in _DETERMINERS for i, x in enumerate(words) if x == w)


def _amount_word(w: str) -> bool:
    """A word that ends an amount written out ("twelve million", "fifty dollars"): the "only" after
    it, in "(say twelve million only)", closes the amount; it sets no condition."""
    return w in SCALE_WORDS or w in _CURRENCY_WORDS or number_word_value(w) is not None


_CURRENCY_WORDS = frozenset("dollars dollar euros euro pounds pound yen yuan rupees dinars francs".split())
_CONTRAST_WHILE = re.compile(r",\s*while\b", re.I)
# where a passage joins clauses of their own (", and" too, unless a condition follows: "…, and only if")
_COORDINATE = re.compile(r"[;,]\s+but\s+|;\s+|,\s+and\s+(?!(?:only|if|unless|provided|providing|except|subject|so\s+long"
                         r"|as\s+long|then)\b)")


_ASIDE = re.compile(r"\([^()]{3,}\)|,\s+(?:for|in|of|to|with)?\s*(?:whom|which|who|whose)\b[^.;,()]*")


def _asides_left_out(quote: str, passage: str) -> list[str]:
    """The asides of ``passage`` (a parenthesis, a relative clause after a comma) that share no
    content word with ``quote``: left out whole, what they say is not part of the quote's claim.

    >>> _asides_left_out("32 schools got the enhanced meal programme",
    ...                  "32 schools got an enhanced meal programme (fried items no more than once a week).")
    ['(fried items no more than once a week)']
    """
    stems = content_stems(_POSSESSIVE.sub("", quote))  # ("one of the study's authors" names the study)
    return [m.group() for m in _ASIDE.finditer(passage) if content_stems(m.group()) and not content_stems(m.group()) & stems]


_POSSESSIVE = re.compile(r"['’]s\b")


def _restated_clauses(quote: str, passage: str) -> str | None:
    """The clauses of ``passage`` (parted at "; ", ", but" and ", and" unless a condition follows it, at a colon
    before a lower-case word, and, since the 62nd stop, between sentences, a sentence that opens by speaking of the
    one before it read with it: :func:`_joined_sentences`) that share a content word with the quote, when some do
    not: what the quote restates. ``None`` when it restates every clause or none.

    >>> _restated_clauses("salvage crews hope to refloat the vessel on Thursday",
    ...                   "Salvage teams hope to refloat the ship on Thursday, but officials warned it could last if that fails.")
    'Salvage teams hope to refloat the ship on Thursday'
    """
    parts = [part for sentence in _joined_sentences(passage) for clause in _COORDINATE.split(sentence)
             for part in _ELABORATION.split(clause)]
    if len(parts) < 2:
        return None
    stems = content_stems(quote)
    kept = [part for part in parts if content_stems(part) & stems]
    return " ".join(kept) if kept and len(kept) < len(parts) else None


# a colon before a clause that says more ("It does not cap your total bill: if you use more energy, you will pay more")
_ELABORATION = re.compile(r":\s+(?=[a-z])")
# a sentence that speaks of the one before it ("This applies only if ...", "Such notice ...") is read with it
_SENTENCE_PARTS = re.compile(r"(?<=[^\s.][.!?])\s+(?=[(“\"‘']?[A-Z])")
_SPEAKS_OF_BEFORE = frozenset("this that these those such it its they their them he she his her however nevertheless "
                              "nonetheless but and or otherwise thereafter then accordingly in any unless except save "
                              "provided subject notwithstanding only where if".split())


def _joined_sentences(passage: str) -> list[str]:
    """The sentences of ``passage``, each joined to the one before it where it opens with a word that
    speaks of it (:data:`_SPEAKS_OF_BEFORE`).

    >>> _joined_sentences("Fees are due monthly. This applies only if the Tenant pays late. Rent is fixed.")
    ['Fees are due monthly. This applies only if the Tenant pays late.', 'Rent is fixed.']
    """
    out: list[str] = []
    for sentence in _SENTENCE_PARTS.split(passage):
        first = sentence.split(None, 1)[0].strip("(\"'“‘").lower() if sentence.strip() else ""
        if out and first in _SPEAKS_OF_BEFORE:
            out[-1] += " " + sentence
        else:
            out.append(sentence)
    return out


_SHOULD_SUBJECTS = frozenset("a an the any such either each you it they we he she this that these those".split())


def _inverted_condition(words: list[str]) -> bool:
    """Whether ``words`` set a condition by inversion, "Should X fail to ...": "should" opening a
    clause before its subject.

    >>> _inverted_condition("should a dragged shareholder fail to complete , the company may act".split())
    True
    >>> _inverted_condition("the company should act , should it not ?".split())
    False
    """
    return any(w == "should" and (i == 0 or words[i - 1] in (",", ";", ".")) and i + 1 < len(words)
               and words[i + 1] in _SHOULD_SUBJECTS for i, w in enumerate(words)) and "?" not in words


_IF_NOT_WINDOW = 8  # words after "if" where the negator of "if ... not" (which "unless" restates) stands


def _if_not(words: list[str], other: list[str]) -> bool:
    """Whether ``words`` set a condition with "if" whose clause is negated ("if operators did not
    withdraw") where ``other`` says "unless" of the same verb ("unless operators withdrew"): the
    first content word after the negator is among the words after "unless".

    >>> _if_not("strikes could follow if operators did not withdraw the plans".split(), "strikes could follow unless operators withdrew the plans".split())
    True
    >>> _if_not("strikes could follow if operators did not withdraw the plans".split(), "strikes could follow unless operators announced the plans".split())
    False
    """
    after_unless = {x[:VERB_PREFIX] for i, w in enumerate(other) if w == "unless"
                    for x in other[i + 1 : i + 1 + _IF_NOT_WINDOW]}
    for i, w in enumerate(words):
        if w != "if":
            continue
        for j in range(i + 1, min(len(words), i + 1 + _IF_NOT_WINDOW)):
            if _negator_at(words, j) and (negated := _word_negated_at(words, j)) is not None \
                    and negated[:VERB_PREFIX] in after_unless:
                return True
    return False


_PROVISO = frozenset(("provided", "providing"))
_PARTICIPLE_AFTER = frozenset("in by to for under above below herein hereunder hereinafter hereto therein thereunder "
                              "pursuant with on at elsewhere from".split())
# what "providing" opens a condition with: "providing that", "providing, however", "providing the
# Licensee pays"; before anything else it is the verb ("an entity providing paging services")
_PROVIDING_OPENS = frozenset("that , however further always the a an such said each any all no it he she they we you i "
                             "there this these those its his her their our".split())


def proviso_at(words: Sequence[str], i: int) -> bool:
    """Whether "provided" or "providing" at ``words[i]`` opens a condition ("provided that",
    "provided, however"), not a participle ("as otherwise provided in this Agreement", "services
    to be provided herein", "instead of providing stable rules"). At the end of ``words``, what
    follows is unknown: a condition.

    >>> proviso_at("provided that it pays".split(), 0), proviso_at("services provided herein".split(), 1)
    (True, False)
    >>> proviso_at("an entity providing paging services".split(), 2), proviso_at("guards shall be provided along".split(), 3)
    (False, False)
    """
    if i and words[i - 1] in _BE:
        return False  # "Guards shall be provided along open-sided walking surfaces": the passive verb
    if i + 1 >= len(words):
        return True
    nxt = words[i + 1]
    return nxt in _PROVIDING_OPENS if words[i] == "providing" else nxt not in _PARTICIPLE_AFTER
_CONDITION_PAIRS = frozenset({("other", "than"), ("save", "for"), ("except", "for"), ("as", "long"), ("so", "long")})
# adverbs that qualify a claim (degree, frequency, hedging, limitation), by class: added by a
# restatement, they state what the source does not ("partially incorporated", "fairly flat");
# one word of a class for another ("mainly" for "primarily") is wording
_QUALIFIER_CLASSES = {
    "mostly": "mainly mostly largely primarily chiefly predominantly principally substantially",
    "partly": "partially partly",
    "a little": "slightly somewhat fairly barely hardly modestly marginally modest slight marginal",  # not "rather": "Rather, ..." is a connective
    "about": "nearly almost roughly approximately",
    "conditionally": "conditionally provisionally tentatively",
    "temporarily": "temporarily",
    # a duration without end, where the source states a period or none ("confidential indefinitely")
    # ("permanent" would fit, but it is a trigger word of the frozen slice: benchmarks/build_real_habits.py)
    "permanently": "indefinitely indefinite perpetually perpetual forever irrevocably irrevocable",
    "retroactively": "retroactively retrospectively",
    # a scope the source does not give: "worldwide" for "in the Development Territory", "selectively
    # killing activated T cells" for "killing dividing cells such as activated T cells"
    "worldwide": "worldwide globally universally",
    "selectively": "selectively",
    "informally": "informally",
    "rarely": "rarely seldom",
    "sometimes": "sometimes occasionally",
    "usually": "often frequently usually generally typically normally",
    "reportedly": "allegedly reportedly apparently supposedly arguably",
    "possibly": "possibly probably presumably",
    # the whole of something, where the source says most or part ("driven entirely by")
    "entirely": "entirely wholly entirety",  # not "completely", "fully": restatements use them as emphasis
    # certainty the source does not claim ("definitely caused by corrosion")
    "certainly": "definitely certainly undoubtedly unquestionably conclusively indisputably undeniably",
    # an exactness the source does not claim ("carried at exactly their fair value" for "approximates")
    "exactly": "exactly precisely",
    # a vote told as unanimous ("voted unanimously" for "voted 6-3", "by a 2-1 majority")
    "unanimously": "unanimously unanimous",
    # a strong degree the source does not state ("substantial activity" for "modest activity",
    # "rose sharply"); "significantly" is left out: the source's "statistically significant" is it
    "strongly": "sharply dramatically markedly substantial considerably greatly strongly strong remarkable remarkably "
                "strikingly steeply",
}
# the standards of effort a contract can set, from the strictest; one for another is another duty
_EFFORTS = (("best efforts", "best endeavours", "best endeavors"),
            ("commercially reasonable efforts", "reasonable efforts", "reasonable endeavours", "reasonable endeavors",
             "reasonable best efforts"),
            ("good faith efforts",))
# words by which a quote keeps a duty to try ("will try to", "must endeavour", "efforts")
_TRYING = frozenset("efforts effort endeavour endeavours endeavor endeavors try tries attempt attempts seek seeks strive "
                    "strives aim aims".split())
# connectives that set two things against each other: "in men but not in women"
_CONTRASTS = (("but", "not"), ("rather", "than"), ("instead", "of"), ("more", "than"), ("less", "than"),
              ("better", "than"), ("worse", "than"), ("higher", "than"), ("lower", "than"), ("not",))
_CONTRAST_HEADS = frozenset(c[0] for c in _CONTRASTS)


_CONSIDERING = frozenset("considering considers considered weighing weighs contemplating contemplates mulling exploring "
                         "explores".split())
_STILL_OPEN = _CONSIDERING | frozenset("may might could possible possibly whether option options".split())


# a step expected or planned, not yet decided: "signalled that it expects to cut them"
# (not a plan or an aim: "said they would collaborate" restates "announced plans to collaborate")
_EXPECTED_STEP = frozenset("expects expect expected anticipates anticipated hopes hoped predicts predicted forecasts "
                           "projects projected".split())


def _with_for_without(qw: list[str], pw: list[str]) -> tuple[str, str] | None:
    """"without X" in the quote where the passage says only "with X", or the other way round (X its
    next two content words): ``(quote's, passage's)``, else ``None``.

    >>> _with_for_without("may sublet it without the landlord's consent".split(), "may not assign it , but may sublet it with the landlord's consent".split())
    ('without consent', 'with consent')
    >>> _with_for_without("sublet it without consent".split(), "sublet it with consent , never without consent".split())
    """
    def said(words: list[str], marker: str) -> set[tuple[str, ...]]:
        out = set()
        for i, w in enumerate(words):
            if w == marker and words[i + 1 : i + 2] not in (["no"], ["not"], ["neither"]):  # ("with no": without)
                obj = tuple(x for x in words[i + 1 : i + 5] if content_word(x))[:2]
                if obj:
                    out.add(obj)
        return out

    for a, b in (("without", "with"), ("with", "without")):
        for obj in said(qw, a) - said(pw, a):
            if obj in said(pw, b):
                return f"{a} {' '.join(obj)}", f"{b} {' '.join(obj)}"
    return None


_OFTEN = frozenset("regular regularly frequent frequently often routinely habitually repeatedly".split())


def _often_for_once(qw: list[str], pw: list[str]) -> tuple[str, str] | None:
    """A word of habit ("regularly", "often") the quote says where the passage says only that a
    thing happened at all ("at least once", "ever", "once or twice"): ``(quote word, passage
    words)``, else ``None``.

    >>> _often_for_once("they used it regularly".split(), "they had used it at least once".split())
    ('regularly', 'at least once')
    >>> _often_for_once("they used it regularly".split(), "they used it regularly , at least once a week".split())
    >>> _often_for_once("meet at least once a quarter and talk regularly".split(), "meet at least once a quarter".split())
    """
    said = sorted(_OFTEN.intersection(qw) - set(pw))
    if not said or _OFTEN.intersection(pw):
        return None
    if "once" in qw or "ever" in qw:
        return None  # (the quote says it too: "at least once a quarter, and regularly by telephone")
    for i, w in enumerate(pw):
        if w == "once" and (pw[max(0, i - 2) : i] == ["at", "least"] or pw[i + 1 : i + 3] == ["or", "twice"]):
            return said[0], " ".join(pw[i - 2 : i + 1]) if pw[i - 1 : i] == ["least"] else "once or twice"
        if w == "ever" and i and pw[i - 1] in ("had", "have", "has"):
            return said[0], "ever"
    return None


_EXPECTATIONS = frozenset("expected forecast forecasts anticipated predicted estimated estimates projected hoped "
                          "feared expectations".split())


def _against_expectation(words: list[str]) -> tuple[str, str]:
    """How ``words`` measure an outcome against what was expected: ``("met", "as expected")`` ("in
    line with forecasts" too), ``("above", "faster than expected")`` or ``("below", "weaker than
    forecast")``, or ``("", "")`` for neither.

    >>> _against_expectation("the economy grew faster than expected".split()), _against_expectation("grew as forecast".split())
    (('above', 'faster than expected'), ('met', 'as forecast'))
    >>> _against_expectation("in line with expectations".split())[0], _against_expectation("sold more slowly than hoped".split())[0]
    ('met', 'below')
    """
    for i, w in enumerate(words):
        if w not in _EXPECTATIONS or i == 0:
            continue
        if words[i - 1] == "as":
            return "met", f"as {w}"
        if words[max(0, i - 3) : i] == ["in", "line", "with"]:
            return "met", f"in line with {w}"
        if words[i - 1] == "than" and i >= 2:
            below = _BELOW_EXPECTED.intersection(words[max(0, i - 3) : i - 1])
            return ("below" if below else "above"), " ".join(words[i - 2 : i + 1])
    return "", ""


_BELOW_EXPECTED = frozenset("slower slowly lower weaker worse less smaller fewer softer poorer".split())


def _considered_told_decided(qw: list[str], pw: list[str]) -> tuple[str, str] | None:
    """A step the passage says is being considered ("was 'considering' a legal challenge") or is
    expected ("signalled that it expects to cut them") that the quote says will be taken ("said it
    would launch a legal challenge", "said it will cut them"): the quote's "will"/"would" and the
    thing considered, which the quote names, with no word of its own that leaves the step open.

    >>> _considered_told_decided("it would launch a legal challenge".split(), "it was considering a legal challenge".split())
    ('would launch', 'considering')
    >>> _considered_told_decided("it might launch a legal challenge".split(), "it was considering a legal challenge".split())
    >>> _considered_told_decided("said it will cut them soon".split(), "signalled that it expects to cut them soon".split())
    ('will cut', 'expects')
    >>> _considered_told_decided("said it expects it will cut them".split(), "signalled that it expects to cut them".split())
    >>> _considered_told_decided("they said they would collaborate".split(), "they announced plans to collaborate".split())
    >>> _considered_told_decided("it has committed to legislation".split(), "it is considering legislation".split())
    ('committed to', 'considering')
    """
    at = next((i for i, w in enumerate(pw) if w in _CONSIDERING or w in _EXPECTED_STEP), None)
    if at is None or _STILL_OPEN.intersection(qw) or (_EXPECTED_STEP.intersection(qw) - set(pw)):
        return None
    considered = _word_stems(pw[at + 1 : at + 5])
    # (an expectation reported with "would" may be the speaker's own: "said it would cut them")
    told = () if _EXPECTED_STEP.intersection(qw) else ("will",) if pw[at] in _EXPECTED_STEP else ("will", "would")
    for i, w in enumerate(qw[:-1]):
        if w in told and considered & {x[:VERB_PREFIX] for x in qw[i + 1 : i + 6]}:
            return f"{w} {qw[i + 1]}", pw[at]
        if w in _COMMITTED and w not in pw and pw[at] in _CONSIDERING and considered & {x[:VERB_PREFIX] for x in qw[i + 1 : i + 4]}:
            # "has committed to legislation" for "is 'considering' legislation" (since the 63rd stop)
            return f"{w} {qw[i + 1]}", pw[at]
    return None


def _request_told_done(qw: list[str], pw: list[str]) -> tuple[str, str] | None:
    """A decision the passage asks a body to take ("The Board is asked to approve the proposal") that the quote says
    was taken ("The Board has approved ..."): ``(the quote's verb, the passage's request)``, else ``None`` (since the
    63rd stop).

    >>> _request_told_done("the board has approved extending the lists".split(),
    ...                    "the board is asked to approve the proposal to extend the lists".split())
    ('approved', 'asked to approve')
    >>> _request_told_done("the board was asked to approve it".split(), "the board is asked to approve it".split())
    """
    for k, w in enumerate(pw):
        if w not in _ASKED:
            continue
        # ("is asked to note the position and to approve the proposal")
        for j in range(k + 1, min(len(pw) - 1, k + _ASKED_REACH)):
            if pw[j] == "to" and (verb := pw[j + 1]) in _DECISION_VERBS:
                done = _DECISION_VERBS[verb]
                if done in qw and done not in pw and not _ASKED.intersection(qw):
                    return done, f"{w} to {verb}"
    return None


_ASKED = frozenset("asked invited requested".split())
_ASKED_REACH = 10  # words after "asked" where the decision asked for may stand
_DECISION_VERBS = {"approve": "approved", "agree": "agreed", "endorse": "endorsed", "adopt": "adopted",
                   "ratify": "ratified", "authorise": "authorised", "authorize": "authorized"}


# a step told as decided: "has committed to legislation", "decided to", "agreed to"
_COMMITTED = frozenset("committed decided agreed pledged resolved".split())


# what marks a clause as still to come: "will resume", "expects construction to resume"
_FUTURE = frozenset("will would shall expects expected expect plans planned plan intends intended intend intention aims "
                    "scheduled going hopes hope seeks wants proposed proposes may might could can considering considers "
                    "weighing exploring".split())


def _counterfactual_told(qw: list[str], pw: list[str]) -> str | None:
    """A verb the passage puts in a counterfactual ("the gross profit that would have been earned")
    that the quote tells as a fact ("the gross profit earned"), with no "would have", "could have"
    or "might have" of its own: the verb, else ``None`` (whatever else either text says of the future).

    >>> _counterfactual_told("the profit earned last year".split(), "the profit that would have been earned".split())
    'earned'
    >>> _counterfactual_told("the profit that could have been earned".split(), "the profit that would have been earned".split())
    """
    if any(w in _UNREAL and "have" in qw[i + 1 : i + 1 + _UNREAL_GAP] for i, w in enumerate(qw)):
        return None
    for i, a in enumerate(pw[:-2]):
        # a condition told by its inverted "had" ("Had we found the inaccuracy careless, we would ..."), whose verb
        # the quote tells as done, with no "had" or "if" before it (since the 59th stop)
        if a == "had" and (i == 0 or pw[i - 1] in (".", ";", ":")) and (pw[i + 1] in _INVERTED_SUBJECTS) \
                and "," in pw[i + 2 : i + 12] and (verb := pw[i + 2] if pw[i + 1] != "the" else pw[i + 3]).endswith(("ed", "en", "nd", "ne", "wn")) \
                and any(w == verb and (k == 0 or qw[k - 1] not in ("had", "if", "have")) for k, w in enumerate(qw)):
            return verb
    for i, a in enumerate(pw):
        # (an aside between: "would in my view have delayed completion", since the 58th stop)
        if a in _UNREAL and "have" in pw[i + 1 : i + 1 + _UNREAL_GAP]:
            at = pw.index("have", i + 1)
            rest = [w for w in pw[at + 1 : at + 4] if w != "been" and content_word(w)]
            # told as done: a past form of the verb, not "to delay" ("an amendment to delay the vote")
            if rest and len(rest[0]) >= VERB_PREFIX and any(
                    w[:VERB_PREFIX] == rest[0][:VERB_PREFIX] and w.endswith(("ed", "en")) and (k == 0 or qw[k - 1] != "to")
                    for k, w in enumerate(qw)):
                return rest[0]
    return None


_UNREAL = frozenset("would could might".split())
_INVERTED_SUBJECTS = frozenset("we i you they he she it the".split())  # "Had we found", "Had the court accepted"
_DECIDED = frozenset("decided decides agreed agrees resolved resolves".split())  # a decision, still to carry out
_UNREAL_GAP = 4  # words from "would" to its "have", an aside between ("would in my view have")
# "already" of the quote's main clause ("Nursing leadership has already revised"), not of a relative one ("any equipment
# already leased", "accounts Distributor has already sold to")
_ALREADY_WORDS = 8
_TOLD_DONE = frozenset("has have had is are was were been".split())
# what marks a thing still to do: a recommendation's "to review", "will", "should", a plan
_TO_COME = frozenset("to will should shall must recommend recommends recommended recommendation plan plans planned "
                     "propose proposes proposed expect expects expected intend intends".split())
# what is asked for, and what tells it as given
_REQUESTS = frozenset("seeks sought seeking requests requested requesting asks asked demands demanded".split())
_GRANTS = frozenset("entitled awarded granted".split())


def _told_as_done(qw: list[str], pw: list[str]) -> str | None:
    """A verb the passage puts in the future ("will step down", "expects construction to resume")
    that the quote tells as done ("stepped down", "resumed"), the quote marking no future of its
    own: the verb, else ``None``.

    >>> _told_as_done("the ceo stepped down in june".split(), "the ceo will step down in june".split())
    'step'
    >>> _told_as_done("the deal has been approved".split(), "the deal still needs approval".split())
    'approval'
    >>> _told_as_done("it published its report".split(), "the report is expected to be published".split())
    'published'
    >>> _told_as_done("the report is due to be published".split(), "the report is expected to be published".split())
    """
    # "still needs approval", "subject to review": what is still to happen (the quote says nothing pending)
    pending = [] if _PENDING & set(qw) or _KEPT_PENDING & set(qw) else [
        i for i, w in enumerate(pw) if w in _PENDING and not any(_negator_at(pw, k) for k in range(max(0, i - 4), i))]
    for i in pending:
        for v in pw[i + 1 : i + 4]:  # ... told as done with its own verb ("approved")
            # (a past form there is the passage's own telling: "the Power to Require It rejected compulsory
            # confession" names an essay that rejected it)
            if content_word(v) and len(v) >= VERB_PREFIX and not v.endswith("ed") and any(
                    q.endswith("ed") and q[:VERB_PREFIX] == v[:VERB_PREFIX] for q in qw):
                return v
    if pending and (completed := sorted(_COMPLETED & (set(qw) - set(pw)))):
        return completed[0]  # ... or as closed ("the acquisition, which closed after approval" for "the pending acquisition")
    if (unreal := _counterfactual_told(qw, pw)) is not None:
        return unreal
    if pw and pw[0].isalpha() and not pw[0].endswith(("ed", "ing", "s")) and not _FUTURE & set(qw) and any(
            q.endswith("ed") and q[:VERB_PREFIX] == pw[0][:VERB_PREFIX] and k and qw[k - 1] in _TOLD_DONE
            for k, q in enumerate(qw)) and not any(w.endswith("ed") and w[:VERB_PREFIX] == pw[0][:VERB_PREFIX] for w in pw):
        # "A pre-prepared antibiotic pack has been introduced" for "Introduce a pre-prepared antibiotic pack ... by 31
        # January 2025": a recommendation, told as done (since the 58th stop)
        return pw[0]
    if _DECIDED & set(pw) and not _DECIDED & set(qw) and not _FUTURE & set(qw):
        # "Meridian has closed its Swindon hub" for "The Board has decided to close the Swindon hub in January 2025": a
        # decision told as done (since the 58th stop)
        for i, w in enumerate(pw[:-2]):
            v = pw[i + 2]
            if w in _DECIDED and pw[i + 1] == "to" and len(v) >= VERB_PREFIX and content_word(v) and any(
                    q.endswith(("ed", "en")) and q[:VERB_PREFIX] == v[:VERB_PREFIX] and q not in pw for q in qw):
                return v
    if "already" in qw[:_ALREADY_WORDS] and qw[qw.index("already") - 1] in _TOLD_DONE and "already" not in pw \
            and not {"will", "shall"} & set(qw) and _TO_COME & set(pw) \
            and not any(pw[i : i + 2] in (["has", "been"], ["have", "been"], ["had", "been"]) for i in range(len(pw))):
        # "Nursing leadership has already revised the escalation process" for "Nursing leadership to review the
        # escalation process": a thing to do told as done (since the 58th stop)
        return "already"
    if _REQUESTS & set(pw) and not _REQUESTS & set(qw) and (granted := sorted(_GRANTS & (set(qw) - set(pw)))):
        return granted[0]  # "the claimant is entitled to lost profit on 19 months" for "the claimant seeks ..."
    if not _OUGHT & set(qw):
        # "this finding has been confirmed in trials" for "this finding should be confirmed in trials": what
        # ought to be done told as done
        for i, w in enumerate(pw[:-2]):
            v = pw[i + 2]
            if w in _OUGHT and pw[i + 1] == "be" and v.endswith(("ed", "en")) and any(
                    q == v and k and qw[k - 1] in ("been", "was", "were") for k, q in enumerate(qw)):
                return v
    if _FUTURE & set(qw):
        return None
    for i, w in enumerate(pw):
        if w not in _FUTURE or any(_negator_at(pw, k) for k in range(max(0, i - 4), i + 2) if k < len(pw)):
            continue  # "no ceremony was planned to mark it": nothing to come, nothing done
        for j in range(i + 1, min(len(pw), i + 4)):  # "will step", "expects construction to resume"
            v = pw[j]
            if not content_word(v) or v in _FUTURE or v == "to" or v == "be":
                continue
            stem = v.rstrip("e")
            if len(stem) >= 3 and (j == i + 1 or pw[j - 1] == "to") and any(
                    q.startswith(stem) and q.endswith("ed") and len(q) > len(v) for q in qw):
                return v
            if v in _CLOSING and (j == i + 1 or pw[j - 1] == "to") and _COMPLETED & (set(qw) - set(pw)):
                return v  # "completed its purchase" for "the deal is expected to close": a deal to close, told as closed
            if w in ("would", "could", "might") and pw[j - 2 : j] == ["have", "been"] and v.endswith("ed") and v in qw:
                return v  # "would have been renamed" (it was not) told as "was renamed"
            if pw[j - 2 : j] == ["to", "be"] and v.endswith(("ed", "en")) and any(
                    q == v and k and qw[k - 1] != "be" for k, q in enumerate(qw)):
                return v  # "published its final report" for "the final report is expected to be published"
    return None


_OUGHT = frozenset("should must ought needs need".split())
_PENDING = frozenset("needs need requires require pending awaiting awaits subject underway ongoing".split())  # still to happen
# a quote that keeps a thing still to happen as a condition ("on condition that its impact is reviewed")
_KEPT_PENDING = frozenset("condition conditional provided providing unless once until".split())
# what a quote says of something the passage calls pending, to tell it as done
_COMPLETED = frozenset("closed completed finalized finalised concluded approved obtained received granted cleared "
                       "consummated".split())
_CLOSING = frozenset("close complete finalise finalize conclude".split())  # a deal's last step, still to come
_LIST_OPENERS = re.compile(r"\b(?:including|includes|include|such as|among|like|e\.g\.|for example|for instance|"
                           r"others?|etc|several|some|two of|three of|notably|especially|in particular)\b", re.I)
_NAME = r"[A-Z][\w'’.-]*(?:\s+[A-Z][\w'’.-]*)*"
_NAME_LIST = re.compile(rf"{_NAME}(?:\s*,\s*{_NAME})+,?\s+(?:and|or)\s+{_NAME}")


def _partial_list(quote: str, passage: str) -> tuple[str, str] | None:
    """A list of names the passage gives in full, which the quote gives in part as if whole: "starred
    Sally Field and Eleanor Parker" for "starring Sally Field, Eleanor Parker, Julie Harris and
    Walter Brennan". Not when the quote says the list goes on ("including", "among others").

    >>> _partial_list("It starred Sally Field and Eleanor Parker.",
    ...               "It starred Sally Field, Eleanor Parker, Julie Harris and Walter Brennan.")
    ('sally field, eleanor parker', 'julie harris, walter brennan')
    >>> _partial_list("output from the US, Brazil and Chile", "output from the United States, Brazil and Chile") is None
    True
    """
    if _LIST_OPENERS.search(quote):
        return None
    fq, quoted = fold(quote).text, set(_words(quote))
    for m in _NAME_LIST.finditer(passage):
        names = [t for n in re.split(r"\s*,\s*|\s+(?:and|or)\s+", m.group()) if (t := fold(n).text.strip(" .;:"))]
        if len(names) < 3:
            continue
        # a name given by its initials is there ("the US" for "the United States")
        named = [n for n in names if n in fq or (len(n.split()) >= 2 and initials(n.split()) in quoted)]
        left = [n for n in names if n not in named]
        if len(named) >= 2 and left:
            return ", ".join(named), ", ".join(left)
    return None


_LIST_ITEM = r"[^\W\d_]+(?:[ -][^\W\d_]+){0,2}"
_WORD_LIST = re.compile(rf"{_LIST_ITEM}(?:\s*,\s*{_LIST_ITEM})+,?\s+(?:and|or)\s+{_LIST_ITEM}")


_LIST_TAILS = frozenset("others other more etc".split())  # "France, Russia, China and others"


# where a list's items part: a comma (with "and" or "or" after it) or "and"/"or" alone
_LIST_SPLIT = re.compile(r"\s*,\s*(?:(?:and|or)\s+)?|\s+(?:and|or)\s+")


def _list_words(text: str) -> list[set[str]]:
    """The words of each list of three single words or more in folded ``text`` ("indirect,
    special or consequential damages")."""
    out = []
    for m in _WORD_LIST.finditer(text):
        items = [t.split() for t in _LIST_SPLIT.split(m.group()) if t.strip()]
        items = [[w for w in item if content_word(w) and w not in _LIST_TAILS] for item in items]
        # a list of single words (adjectives, nouns); lists of names and phrases are read apart
        if len(items) >= 3 and all(items) and all(len(item) == 1 for item in items[1:-1]):
            # the first item's last word and the last item's first: the words around a list belong
            # to its clause ("liable for special, ...", "... and Syracuse are considering")
            items[0], items[-1] = items[0][-1:], items[-1][:1]
            out.append({w for item in items for w in item})
    return out



_TWO_MADE_THREE = re.compile(r"\b([\w-]+), ([\w-]+(?: [\w-]+){0,2}),? (or|and) ((?:the |a |an |any )?[\w-]+(?: [\w-]+){0,3})")


_NO_ITEM = frozenset("both all either other others similar such etc otherwise similarly".split())  # "A, B or both"


def _third_item_added(fq: str, fp: str, pw: list[str]) -> str | None:
    """A third item the quote adds to a pair the passage gives ("contract cheating, impersonation or the
    fabrication of data" for "contract cheating or impersonation"): the passage has the quote's first two items
    joined by the same word, and no content word of the third anywhere. The third's words, else ``None``
    (since the 59th stop).

    >>> p = "unless the misconduct involved contract cheating or impersonation."
    >>> _third_item_added("unless it involved contract cheating, impersonation or the fabrication of data.", p, _words(p))
    'fabrication data'
    >>> _third_item_added("unless it involved contract cheating, impersonation or both.", p, _words(p)) is None
    True
    """
    said = {w[:VERB_PREFIX] for w in pw}
    for m in _TWO_MADE_THREE.finditer(fq):
        first, second, joint, third = m.groups()
        if f"{first} {joint} {second}" not in fp and f"{first} {'and' if joint == 'or' else 'or'} {second}" not in fp:
            continue
        new = [w for w in third.split() if content_word(w) and w not in _LIST_TAILS]
        if new and not any(w[:VERB_PREFIX] in said for w in new) and not _NO_ITEM.intersection(third.split()):
            return " ".join(new)
    return None


def _added_phrase_item(fq: str, fp: str) -> str | None:
    """An item of a list of short phrases in the quote (four or more, parted by commas and a last
    "and" or "or") whose content words the passage has nowhere, where three of the quote's other
    items are the passage's words: an item added to a list the passage gives.

    >>> p = "areas including equal opportunity, health and safety, public health, poverty and migrant workers"
    >>> _added_phrase_item("including equal opportunity, health and safety, public health, pensions and migrant workers", p)
    'pensions'
    >>> _added_phrase_item("including equal opportunity, health and safety, public health and migrant workers", p) is None
    True
    """
    if fq.count(",") < 2:
        return None  # four items need two commas at least
    said = {w[:VERB_PREFIX] for w in _WORD.findall(fp)}
    for clause in re.split(r"[;:.]\s+", fq):
        items = [t.strip() for t in _LIST_SPLIT.split(clause) if t.strip()]
        if len(items) < 3:
            continue
        inner = items[1:-1] + [" ".join(items[-1].split()[:3])]  # the first item carries its lead-in
        found = [t for t in inner if next(word_places(t, fp), None) is not None]
        new = [t for t in inner if (stems := {w[:VERB_PREFIX] for w in _WORD.findall(t) if content_word(w)})
               and not stems & said]
        # a list of short phrases (four items or more, none of more than three words), three of them
        # the passage's, one new: not clauses parted by commas ("Avants, wearing a jumpsuit, had ...")
        if len(items) >= 4 and all(len(t.split()) <= 3 for t in inner) and len(found) >= 3 and len(new) == 1:
            return new[0]
    return None


_FIGURE_IN_BRACKETS = re.compile(r"\(\s*[-−]?\d")
_NAMED_FIGURE = re.compile(r"([^\W\d_][\w'’-]*(?:\s+[^\W\d_][\w'’-]*)?)\s*\(\s*([-−]?\d[\d.,]*\s*%?)\s*\)")


def _figure_reattached(quote: str, passage: str) -> tuple[str, str] | None:
    """A figure in brackets after a name ("soprano pipistrelle (19%)") that the quote puts after
    another name of the passage: ``(quote's "name (figure)", passage's)``, else ``None``.

    >>> _figure_reattached("followed by Leisler's bat (19%) and soprano pipistrelle (7%)",
    ...                    "followed by soprano pipistrelle (19%) and Leisler's bat (7%)")
    ("leisler's bat (19%)", "leisler's bat (7%)")
    """
    def pairs(text: str) -> dict[str, str]:
        if not _FIGURE_IN_BRACKETS.search(text):
            return {}  # (most texts: the pattern below tries every word)
        return {fold(m.group(1)).text.lower(): m.group(2).replace(" ", "") for m in _NAMED_FIGURE.finditer(text)}
    q, p = pairs(quote), pairs(passage)
    if len(p) < 2:
        return None
    for name, value in q.items():
        if name in p and p[name] != value and value in p.values():
            return f"{name} ({value})", f"{name} ({p[name]})"
    return None


_ANCHOR_OPENS = frozenset("of from after following since upon before".split())
_ANCHOR_ENDS = frozenset(", ; . : and or ( )".split())


_Limits = dict[str, tuple[set[str], str]]  # a text's time limits and the events they run from (:func:`_time_anchors`)


def _time_anchors(words: list[str]) -> _Limits:
    """For each time limit a text states once ("within 4 hours of the classification of the incident"), the
    stems of the content words of the event it runs from, to the clause's end or :data:`_LABEL_WORDS` words,
    and the limit as written."""
    out: _Limits = {}
    if _INTERVAL_UNITS.isdisjoint(words):
        return out  # (most texts: no time limit)
    seen: Counter[str] = Counter()
    for i in range(len(words) - 2):
        x = figure(words[i])
        if x is None or words[i + 1] not in _INTERVAL_UNITS or words[i + 2] not in _ANCHOR_OPENS:
            continue
        key = f"{x} {words[i + 1].removesuffix('s')}"  # ("24 hours" and "24 hour" alike)
        seen[key] += 1
        event = itertools.takewhile(lambda w: w not in _ANCHOR_ENDS, words[i + 3 : i + 3 + _LABEL_WORDS])
        out[key] = ({w[:VERB_PREFIX] for w in event if content_word(w) and w not in _AUXILIARIES and figure(w) is None},
                    f"{words[i]} {words[i + 1]}")
    return {k: v for k, v in out.items() if seen[k] == 1}


_NOT_A_SHARE_AFTER = frozenset("party parties country countries person persons round time year quarter consecutive "
                               "reading place generation".split())
_HALF_OF_PERIOD = frozenset("first second 1st 2nd latter former h1 h2".split())
# the endings of a fraction's word ("onethird", "twothirds", "quarter", "fifths"), read before anything else
_FRACTION_ENDS = frozenset("half third hirds arter rters ourth urths fifth ifths sixth ixths ighth ghths tenth enths".split())


def _fractions(words: list[str]) -> dict[float, str]:
    """The fractions a text gives as shares ("less than half", "one-third", "a fifth of", "two-thirds"), by value,
    as written: not a period's half ("the second half"), nor an ordinal ("a third party")."""
    out: dict[float, str] = {}
    if not any(w == "half" or w[-4:] in _FRACTION_ENDS or w[-5:] in _FRACTION_ENDS for w in words):
        return out  # (most texts: no fraction)
    for i, w in enumerate(words):
        before, after = words[i - 1] if i else "", words[i + 1] if i + 1 < len(words) else ""
        if w == "half" and before not in _HALF_OF_PERIOD:
            out.setdefault(0.5, w)
        elif w[:3] == "one" and w[3:] in _ONE_PART:
            out.setdefault(round(1 / _ONE_PART[w[3:]], 3), w)  # "one-third", folded to one word
        elif w in _ONE_PART and w != "half" and before in ("a", "one") and after not in _NOT_A_SHARE_AFTER:
            out.setdefault(round(1 / _ONE_PART[w], 3), f"{before} {w}")
        elif (share := _fraction(w, before)) is not None:
            out.setdefault(round(share, 3), w)
    return out


def _share_changed(qw: list[str], pw: list[str]) -> tuple[str, str] | None:
    """A share the quote gives as a fraction ("less than half independent") where the passage gives another
    ("below our policy threshold of one-third"), and no percentage of the same value: ``(the quote's, the
    passage's)``, else ``None`` (since the 58th stop).

    >>> _share_changed("boards less than half independent".split(), "independence below onethird".split())
    ('half', 'onethird')
    >>> _share_changed("less than a third".split(), "below onethird".split())
    """
    q = _fractions(qw)
    if not q:
        return None  # (most quotes: no fraction)
    p = _fractions(pw)
    if not p:
        return None
    percents = {float(w.rstrip("%")) for w in pw if w.endswith("%") and _is_float(w.rstrip("%"))}
    for value, said in q.items():
        if all(abs(value - v) > 0.01 for v in p) and all(abs(100 * value - x) > 1 for x in percents):
            return said, next(iter(p.values()))
    return None


def _anchor_traded(q: _Limits, p: _Limits) -> tuple[str, str] | None:
    """A time limit the quote runs from the event the passage runs another limit from ("24 hours from
    classifying an incident as major" for "within 4 hours of the classification of the incident as major and
    ... no later than 24 hours from the moment the financial entity has become aware of the incident"): two of
    the other limit's own words at least, none of its own. ``q``, ``p``: the quote's and the passage's
    :func:`_time_anchors`. ``(the quote's limit, the passage's)``, else ``None`` (since the 58th stop).

    >>> p = _time_anchors("within 4 hours of the classification as major and no later than 24 hours from becoming aware".split())
    >>> _anchor_traded(_time_anchors("24 hours from classification as major".split()), p)
    ('24 hours', '4 hours')
    >>> _anchor_traded(_time_anchors("24 hours from becoming aware".split()), p)
    """
    for key, (said, written) in q.items():
        if key not in p:
            continue
        others = [(v - p[key][0], w) for k, (v, w) in p.items() if k != key]
        if said & (p[key][0] - set().union(*(v for v, _ in others))):
            continue
        for theirs, other in others:
            if len(said & theirs) >= 2:
                return written, other
    return None


_LABEL_WORDS = 8  # words before a figure, back to the figure or the clause end before it, that say what it measures
_LABEL_STOPS = frozenset(".;:!?\u00b7")  # "\u00b7": a bullet, folded


def _figure_labels(words: list[str]) -> dict[str, tuple[set[str], str]]:
    """For each figure a text states once, the stems of the content words right before it, back to the figure
    or the clause end before it: what the figure measures ("tax payments of $346 million": tax, payme), with
    those words and the figure as written."""
    labels: dict[str, tuple[set[str], str]] = {}
    seen: dict[str, int] = {}
    start = 0
    for i, w in enumerate(words):
        if w in _LABEL_STOPS:
            start = i + 1
            continue
        x = figure(w)
        if x is None or w in _DETERMINER_NUMBERS:
            continue
        seen[x] = seen.get(x, 0) + 1
        said = [v for v in words[max(start, i - _LABEL_WORDS) : i] if content_word(v) and v not in _AUXILIARIES and figure(v) is None]
        labels[x] = ({v[:VERB_PREFIX] for v in said}, " ".join([*said, w]))
        start = i + 1
    return {x: label for x, label in labels.items() if seen[x] == 1}


def _figure_tails(words: list[str]) -> dict[str, tuple[set[str], str]]:
    """For each figure a text states once, the stems of the content words right after it, to the next figure, "and",
    "or" or the clause's end, :data:`_TAIL_WORDS` at most: what it counts ("14 geostationary satellites"), with the
    figure and those words (since the 58th stop)."""
    tails: dict[str, tuple[set[str], str]] = {}
    seen: Counter[str] = Counter()
    for i, w in enumerate(words):
        x = figure(w)
        if x is None or w in _DETERMINER_NUMBERS:
            continue
        seen[x] += 1
        after = list(itertools.takewhile(lambda v: v not in _TAIL_ENDS and figure(v) is None, words[i + 1 : i + 1 + _TAIL_WORDS]))
        said = [v for v in after if content_word(v) and v not in _AUXILIARIES]
        tails[x] = ({v[:VERB_PREFIX] for v in said}, " ".join([w, *said]))
    return {x: tail for x, tail in tails.items() if seen[x] == 1}


_TAIL_WORDS = 5
_TAIL_ENDS = frozenset(", ; . : and or with".split())  # (not a bracket: "388 nits in standard (SDR) mode", since the 61st stop)
_OWN_FEW = 4  # words of their own two figures' tails have, at most, for one word each way to trade them


def _figures_traded(qw: list[str], pw: list[str]) -> tuple[str, str] | None:
    """Two figures that each text states once and that trade what they measure: the words before each in
    the quote are the other's in the passage (two of their own at least, none of its own), both ways.
    ``(quote's "label figure", passage's)``, else ``None``.

    >>> p = "increase in cash income tax payments of 346 ; increase in interest payments on debt of about 300".split()
    >>> q = "increase in interest payments on debt of about 346 and an increase in cash income tax payments of 300".split()
    >>> _figures_traded(q, p)
    ('increase cash income tax payments 300', 'increase interest payments debt about 300')
    >>> _figures_traded(p, p)
    """
    if sum(1 for w in qw if figure(w) is not None) < 2:
        return None  # (most quotes: fewer than two figures to trade)
    # the words before each figure ("tax payments of $346 million"), or after it ("14 geostationary satellites and 212
    # low Earth orbit satellites", since the 58th stop)
    for ql, pl in ((_figure_labels(qw), _figure_labels(pw)), (_figure_tails(qw), _figure_tails(pw))):
        for x, y in itertools.combinations(sorted(ql.keys() & pl.keys()), 2):
            shared = pl[x][0] & pl[y][0]
            own_x, own_y = pl[x][0] - shared, pl[y][0] - shared
            # (two of the other's own words each way, or its one: "geostationary"; one each way where the passage's own
            # are two at most: "612 nits in SDR mode, but only 388 nits in HDR mode" for "612 nits in HDR mode, but only
            # 388 nits in standard (SDR) mode", since the 61st stop)
            least = 1 if len(own_x) + len(own_y) <= _OWN_FEW else 2
            if own_x and own_y and len(ql[x][0] & own_y) >= min(least, len(own_y)) and not ql[x][0] & own_x \
                    and len(ql[y][0] & own_x) >= min(least, len(own_x)) and not ql[y][0] & own_y:
                return ql[x][1], pl[x][1]
    return None


def _figure_relabelled(qw: list[str], pw: list[str]) -> tuple[str, str] | None:
    """A figure the quote gives to what the passage gives another figure to: the quote's words before it are two
    at least of that other figure's own, none of its own ("its largest customer, a U.S. government agency,
    accounted for about 41%" for "our three largest customers accounted for approximately 41% ..., and our largest
    customer, a U.S. government agency, accounted for 19%"). ``(quote's "label figure", passage's)``, else ``None``
    (since the 58th stop)."""
    if not any(w.endswith("%") for w in qw):
        return None  # (shares only)
    ql, pl = _figure_labels(qw), _figure_labels(pw)
    if len(pl) < 2:
        return None
    for x in sorted(ql.keys() & pl.keys()):  # (sorted: the same figure named on every run, whatever the hash seed)
        for y in sorted(pl.keys() - ql.keys()):
            if not (ql[x][1].endswith("%") and pl[y][1].endswith("%")):
                continue  # (shares only: a figure written out, "fifty thousand", is read in parts)
            own_x, own_y = pl[x][0] - pl[y][0], pl[y][0] - pl[x][0]
            if len(ql[x][0] & own_y) >= 2 and not ql[x][0] & own_x:
                return ql[x][1], pl[y][1]
    return None


def _added_list_item(fq: str, fp: str, pw: list[str]) -> str | None:
    """An item the quote adds to a list the passage gives: "special, consequential or punitive
    damages" for "indirect, special or consequential damages". The same list (two items or more in
    common) with a word the passage does not have anywhere: a restatement may leave items out, not
    add them. ``fq`` and ``fp`` are the folded quote and passage, ``pw`` the passage's words.

    >>> p = "not liable for indirect, special or consequential damages"
    >>> _added_list_item("not liable for special, consequential or punitive damages", p, _words(p))
    'punitive'

    A pronoun refers to items named; it adds none:

    >>> p = "seller will cooperate with the company or buyer, and the company or buyer shall repay seller"
    >>> _added_list_item("seller will cooperate with them, and the company or buyer shall repay seller", p, _words(p))
    """
    said = {w[:VERB_PREFIX] for w in pw}
    for q_list in _list_words(fq):
        for p_list in _list_words(fp):
            if len(q_list & p_list) >= 2:
                # a pronoun names no new item: "cooperate with them, and ..." refers to parties named
                added = sorted(w for w in q_list - p_list if w[:VERB_PREFIX] not in said and w not in _PRONOUN_WORDS)
                if added:
                    return added[0]
    return None


_SUPERLATIVES = ("most", "largest", "biggest", "highest", "lowest", "best", "worst", "greatest", "smallest", "fewest",
                 "least", "first", "only", "oldest", "youngest", "fastest", "strongest", "leading")
# "the market leader", "the world leader": first of its kind, told with a noun between
_LEADER = re.compile(r" (?:the|its|their) (?:[a-z]+ )?leader ")


def _ranked_alike(qw: list[str], pw: list[str], w: str) -> bool:
    """Whether the passage ranks the thing the quote's superlative ``w`` ranks with one of its own: the
    same word before it and after it ("the best baseline" for "the strongest baseline").

    >>> _ranked_alike("beating the best baseline".split(), "outperforming the strongest baseline".split(), "best")
    True
    """
    for i in range(1, len(qw) - 1):
        if qw[i] == w:
            for j in range(1, len(pw) - 1):
                if pw[j - 1] == qw[i - 1] and pw[j + 1] == qw[i + 1] and (pw[j].endswith("est") or pw[j] in _SUPERLATIVES):
                    return True
    return False


def _before_adjective(words: list[str], w: str) -> bool:
    """Whether ``w`` ("most", "least") stands before a word it grades ("the most valuable player"),
    not alone as an amount ("spent the most", "the most of any party")."""
    return any(a == w and b.isalpha() and b not in ("of", "in", "at", "on", "among", "since", "ever", "and", "or")
               for a, b in itertools.pairwise(words))


# hedges of two kinds: a claim told as someone's report, and a claim told as uncertain
_REPORT_HEDGES = frozenset("reportedly allegedly apparently supposedly purportedly suspicion".split())
_HEDGES = _REPORT_HEDGES | frozenset("possibly presumably suspected likely probably probable suggestive perhaps maybe".split())
# a quote that keeps the report in other words: "possible", "alleged", "is charged with", "accused of", "police said"
_REPORT_KEEPERS = ("report", "alleg", "appar", "suppos", "purport", "possib", "presum", "charg", "accus", "suspect", "suspic",
                   "claim", "said", "says", "may", "might", "could")
# ... or the doubt: "may cause", "is thought to", "suggests" ("the police said" keeps no doubt: "said a
# lightning strike was the source" for "said a lightning strike was one possible source")
_DOUBT_KEEPERS = ("possib", "presum", "suspect", "likel", "probab", "sugges", "may", "might", "could", "can", "appear",
                  "perhap", "maybe",
                  "seem", "indicat", "unlikel", "thought", "believ", "assum", "fear", "understood",
                  "expect", "forecast", "project", "predict", "anticipat", "estimat", "should")
# a readiness ("would be prepared to keep"), kept only by words of readiness
_READY_KEEPERS = ("prepar", "willing", "ready")
# a bare possibility ("were possible"), kept only by words of possibility: "likely" or "expected" make it probable
_POSSIBLE_KEEPERS = ("possib", "may", "might", "could", "can", "perhap", "maybe", "potential", "uncertain", "unclear")
# a forecast: "are expected to reach", "is projected to grow" (told as "will reach", it is a certainty)
_FORECASTS = frozenset("expected forecast projected predicted anticipated estimated".split())
_BE = frozenset("is are was were be been".split())
_BE_POSSIBLE = _BE | frozenset("remains remain remained seems seemed appears".split())
_SEEMING = frozenset("appear appears appeared seem seems seemed".split())
_BELIEVED = frozenset("thought believed presumed assumed feared understood".split())
_EXPECTING = frozenset("expect expects anticipate anticipates forecast forecasts predict predicts project projects".split())


_WHOLE_KEEPERS = frozenset("may might could can should said says".split())  # keepers read as whole words only


_OTHER_CLAUSE = _CONTRAST_WORDS | frozenset((";", "whereas"))


def _clause_restated(qw: list[str], clause: set[str]) -> bool:
    """Whether the quote restates a clause of the passage: half of the clause's content words at least are the quote's
    (by their first letters). A quote that leaves the clause out whole drops its hedge with it: information dropped.

    >>> _clause_restated("the components are lighter".split(), {"we", "believe", "the", "components", "may", "be", "lighter"})
    True
    """
    said = {w[:VERB_PREFIX] for w in clause if content_word(w)}
    return bool(said) and 2 * len(said & {w[:VERB_PREFIX] for w in qw}) >= len(said)


def _hedge_clause(words: list[str], hedge: str) -> set[str]:
    """The words of the clause of ``words`` where ``hedge`` (one of :func:`_hedges`) first stands, between the
    contrasts and semicolons around it ("although", "but", "whereas"): the claim the hedge qualifies. Every word
    when the hedge is not found word for word.

    >>> sorted(_hedge_clause("results suggest x , although we believe y may be z".split(), "may be"))
    ['be', 'believe', 'may', 'we', 'y', 'z']
    """
    head = hedge.split()
    at = next((i for i in range(len(words)) if words[i : i + len(head)] == head), None)
    if at is None:
        return set(words)
    start = max((i + 1 for i in range(at) if words[i] in _OTHER_CLAUSE), default=0)
    end = next((i for i in range(at + len(head), len(words)) if words[i] in _OTHER_CLAUSE), len(words))
    return set(words[start:end])


def _keeps(w: str, keepers: tuple[str, ...]) -> bool:
    """Whether the word ``w`` keeps a hedge: it starts with one of ``keepers`` ("alleg": "alleged"), or is
    one of the short ones whole ("can" and "can't", not "cancellations"; "may", not "mayor").

    >>> _keeps("cancellations", _DOUBT_KEEPERS), _keeps("can", _DOUBT_KEEPERS), _keeps("alleged", _REPORT_KEEPERS)
    (False, True, True)
    """
    if w.startswith("probabilit"):
        return False  # a measure ("an annual exceedance probability of 1.3%"), not a doubt (since the 64th stop)
    return any(w.removesuffix("n't") == k if k in _WHOLE_KEEPERS else w.startswith(k) for k in keepers)


# words that say a thing is not yet, or not quite, what its noun names, by family: the adjectives that set the
# status, then the other words that keep it in a quote ("planned" for "proposed", "preliminary" for "interim",
# "is charged with filing" for "allegedly filing")
_STATUS_FAMILIES = (
    ("proposed planned intended mooted contemplated", "proposal proposals proposing plan plans planning intends"),
    ("draft provisional preliminary interim tentative unaudited", "drafts drafted provisionally tentatively early initial"),
    ("conditional contingent", "conditionally conditions condition subject depends depending"),
    ("nonbinding", ""),
    ("suspended", "suspend"),
    ("alleged suspected", "allegedly allegation allegations accused accusation accusations charged charges suspect "
     "suspects claims claimed"),
    ("attempted", "attempt attempts attempting tried purported purportedly"),
    ("unconfirmed unverified", "reportedly"),
    ("potential prospective", "potentially possible could might may"),
)
_STATUS = {w: k for k, (setters, keepers) in enumerate(_STATUS_FAMILIES) for w in f"{setters} {keepers}".split()}
_STATUS_SETTERS = frozenset(w for setters, _ in _STATUS_FAMILIES for w in setters.split())


_POINTERS = frozenset("thereof hereof therein herein hereto thereto hereunder thereunder".split())  # no nouns


def _status_dropped(qw: list[str], pw: list[str], passage: str = "") -> str | None:
    """A word of status the passage puts before a noun ("a suspended sentence", "the proposed merger",
    "interim results", "a non-binding memorandum") that the quote leaves out while it keeps the noun (by
    its first letters: "sentenced") and says nothing of that status in other words. The passage's
    words, or ``None``.

    >>> _status_dropped("he was sentenced to 12 months in prison".split(), "he received a suspended sentence of 12 months".split())
    'suspended sentence'
    >>> _status_dropped("he received a 12-month suspended sentence".split(), "he received a suspended sentence of 12 months".split()) is None
    True
    """
    kept = {_STATUS[w] for w in qw if w in _STATUS}
    q_stems = {w[:VERB_PREFIX] for w in qw if len(w) >= 4}
    # (only a noun inside the stretch of the passage the quote restates: a window that starts after "any proposed
    # modification or" and speaks of "the modifications" later drops nothing)
    ends = [w[:VERB_PREFIX] for w in qw if len(w) >= 4 and content_word(w)]
    lo = next((k for k, w in enumerate(pw) if ends and w[:VERB_PREFIX] == ends[0]), 0)
    hi = next((k for k in range(len(pw) - 1, -1, -1) if ends and pw[k][:VERB_PREFIX] == ends[-1]), len(pw))
    for i, w in enumerate(pw):
        # ... or after it, set off by a comma: "sentenced to 18 months' imprisonment, suspended for two years"
        if w == "suspended" and _STATUS[w] not in kept and i >= 2 and pw[i - 1] == "," and lo < i <= hi and any(
                len(x) >= 4 and content_word(x) and x[:VERB_PREFIX] in q_stems for x in pw[max(0, i - 6) : i - 1]):
            return f", {w}"
    for i, w in enumerate(pw[:-1]):
        if w not in _STATUS_SETTERS or _STATUS[w] in kept or re.search(rf"\b{w.capitalize()} [A-Z]", passage):
            continue  # (a defined term of the passage, "Proposed Contract", names a thing: its first word sets no status)
        for at in range(i + 1, min(len(pw), i + 3)):  # the noun, or an adjective and the noun ("a suspended prison sentence")
            noun = pw[at]
            if not (noun.isalpha() and content_word(noun)) or noun in _STATUS or noun in SPEECH_VERBS or noun in _POINTERS \
                    or noun.endswith("ed") or noun in _OBLIGATION or noun in _PERMISSION:
                break  # (a verb after the word makes it a noun of its own: "the draft said", "the proposal was")
            if len(noun) >= 4 and noun[:VERB_PREFIX] in q_stems and lo <= at <= hi:
                return f"{w} {noun}"
    return None


_RELATIVES = frozenset("who that which whose".split())
_AUX_WORDS = frozenset("would should will had do does did".split())  # (besides _AUXILIARIES and the modals)
_SHARE_BASE_WORDS = 3  # words of the thing a share is of, before the clause that narrows it


def _share_base_widened(qw: list[str], pw: list[str]) -> str | None:
    """A share of a part of something ("85% of members who voted") told of the whole ("85% of its
    members"): the quote gives the share of the same thing without the clause that narrows it, and says
    nothing of that clause's verb. The passage's clause, or ``None``.

    >>> _share_base_widened("85% of its members backed strikes".split(), "85% of members who voted backed strikes".split())
    'who voted'
    """
    for i in range(len(pw) - 3):
        if not (pw[i].endswith("%") or pw[i + 1 : i + 2] == ["percent"]):
            continue
        at = i + 1 if pw[i].endswith("%") else i + 2
        if pw[at : at + 1] != ["of"]:
            continue
        rel = next((k for k in range(at + 2, min(len(pw), at + 2 + _SHARE_BASE_WORDS)) if pw[k] in _RELATIVES), None)
        if rel is None or rel + 1 >= len(pw) or not pw[rel + 1].isalpha():
            continue
        noun, verb = pw[rel - 1], next((w for w in pw[rel + 1 : rel + 5] if content_word(w) and w not in _BE
                                        and w not in _OBLIGATION and w not in _PERMISSION and w not in _AUX_WORDS
                                        and w not in _AUXILIARIES), "")
        if not verb or any(_bases(w) & _bases(verb) for w in qw):  # (kept in another form: "voting members")
            continue
        for j in range(len(qw) - 2):
            if qw[j] == pw[i] and noun in qw[j + 1 : j + 3 + _SHARE_BASE_WORDS] and "of" in qw[j + 1 : j + 3]:
                k = qw.index(noun, j + 1)
                if qw[k + 1 : k + 2] and qw[k + 1] not in _RELATIVES:
                    return " ".join(pw[rel : rel + 1 + pw[rel + 1 : rel + 5].index(verb) + 1])
    return None


_SCALES = ("absolute", "relative")  # what a risk or a change is measured against
_SCALE_BEFORE, _SCALE_AFTER = 6, 8  # words read around a figure for its scale, within its clause


def _scale_of(words: list[str], i: int) -> str | None:
    """"absolute" or "relative" when the clause around the figure ``words[i]`` names one (and only
    one) of them: "the absolute risk fell by 1.3%", "by 62% relative to no vaccination"."""
    said = set()
    for step, reach in ((-1, _SCALE_BEFORE), (1, _SCALE_AFTER)):
        k = i + step
        while 0 <= k < len(words) and abs(k - i) <= reach and words[k] not in (",", ".", ";", ":"):
            if words[k] in _SCALES:
                said.add(words[k])
            k += step
    return next(iter(said)) if len(said) == 1 else None


def _percent_figures(words: list[str]) -> dict[str, int]:
    """Each percentage's number and where it stands ("62%", "62 percent": "62")."""
    out: dict[str, int] = {}
    for i, w in enumerate(words):
        if w.endswith("%") and w[:-1]:
            out.setdefault(w[:-1], i)
        elif words[i + 1 : i + 2] in (["percent"], ["per", "cent"]) and w[:1].isdigit():
            out.setdefault(w, i)
    return out


def _scale_swapped(qw: list[str], pw: list[str]) -> tuple[str, str] | None:
    """A percentage the quote calls absolute that the passage gives as relative, or the other way
    round ("cut the absolute risk by 62%" for "reduced the risk by 62% relative to no vaccination"):
    (the quote's scale, the passage's), or ``None``. Only where both name one.

    >>> _scale_swapped("cut the absolute risk by 62%".split(), "cut the risk by 62% relative to placebo".split())
    ('absolute', 'relative')
    >>> _scale_swapped("cut the risk by 62% relative to placebo".split(), "cut the risk by 62% relative to placebo".split())
    """
    at_p = _percent_figures(pw)
    for figure, i in _percent_figures(qw).items():
        if figure in at_p and (q := _scale_of(qw, i)) is not None:
            p = _scale_of(pw, at_p[figure])
            if p is not None and p != q:
                return q, p
    return None


_AUTOMATIC = frozenset("automatically automatic".split())
_ALWAYS = re.compile(r" (?:at all times|always|continuously|throughout) ")
# a test made on set dates: "as of the last day of each fiscal quarter", "at the end of each month"
_TEST_DATES = re.compile(r" (?:as (?:of|at) (?:the )?(?:last day|end|close)|(?:on|at) the (?:last day|end|close) of (?:each|every)) ")


def _tested_always(qw: list[str], pw: list[str]) -> tuple[str, str] | None:
    """A test the passage makes on set dates ("as of the last day of each fiscal quarter") told as one
    that holds at all times: (the quote's words, the passage's), or ``None``.

    >>> _tested_always("keep the ratio below 3.5 at all times".split(), "maintain the ratio below 3.5 as of the last day of each quarter".split())
    ('at all times', 'as of the last day')
    """
    q, p = f" {' '.join(qw)} ", f" {' '.join(pw)} "
    if (always := _ALWAYS.search(q)) is None or _ALWAYS.search(p) or (dated := _TEST_DATES.search(p)) is None:
        return None
    return always.group().strip(), dated.group().strip()


_MAY_SKIPPED = frozenset("also then only still thereafter immediately further subsequently either".split())
_MAY_BEFORE_VERB = frozenset("be have".split())  # "may be extended", "may have caused": the verb after
_MAY_ASIDE = 12  # words of an aside after "may" ("may, by notice to the Borrower, declare")
# words of the quote that keep a choice or a chance in other words ("has the option to", "is free to", "possibly")
_CHOICE_KEEPERS = ("option", "discretion", "right", "entitle", "allow", "permit", "able", "choos", "chose", "elect",
                   "free", "wish", "opt", "possib", "potential", "likel", "perhap", "maybe", "risk", "chance")


def _may_told_plain(qw: list[str], pw: list[str]) -> str | None:
    """A permission or a possibility of the passage ("the Lenders may, by notice, declare", "may cause")
    told as what happens: the quote, with no modal of its own (the caller checks) and no word that keeps
    the choice or the chance (:data:`_CHOICE_KEEPERS`), states the verb "may" governs, not after "to".
    The quote's verb, or ``None``.

    >>> _may_told_plain("the company extends the term".split(), "the company may , at its option , extend the term".split())
    'extends'
    >>> _may_told_plain("the company has the option to extend the term".split(), "the company may extend the term".split()) is None
    True
    """
    if any(_keeps(w, _CHOICE_KEEPERS) for w in qw):
        return None
    verbs = set()
    for i, w in enumerate(pw):
        if w != "may" or (i + 1 < len(pw) and (pw[i + 1][:1].isdigit() or _negator_at(pw, i + 1))):
            continue  # ("may 15": a date; "may not": a prohibition, the modal classes')
        j = i + 1
        if pw[j : j + 1] == [","]:
            j = next((k + 1 for k in range(j + 1, min(len(pw), j + _MAY_ASIDE)) if pw[k] == ","), len(pw))
        while j < len(pw) and (pw[j] in _MAY_SKIPPED or pw[j] in _MAY_BEFORE_VERB):
            j += 1
        if j < len(pw) and pw[j].isalpha() and len(pw[j]) >= 3:
            verbs.add(pw[j][:VERB_PREFIX])
    # (a verb the passage also states without "may" is not the permission's alone: "including an appearance"
    # before "which appearances may include")
    verbs -= {w[:VERB_PREFIX] for k, w in enumerate(pw) if "may" not in pw[max(0, k - _MAY_ASIDE) : k]}
    return next((w for k, w in enumerate(qw) if w[:VERB_PREFIX] in verbs and not (k and qw[k - 1] == "to")
                 and not w.endswith(_NOUN_ENDINGS)), None)


# endings of a noun made from a verb, which states no act ("employees" of "may employ")
_NOUN_ENDINGS = ("ee", "ees", "er", "ers", "or", "ors", "ment", "ments", "tion", "tions", "sion", "sions", "ance", "ence")


def _hedges(words: list[str]) -> set[str]:
    """The hedges of a text: "reportedly", "suspected of", "likely", "possible" after an article
    ("one possible source"; not "as soon as possible"), a forecast with its verb ("are expected
    to reach": "expected to reach"), and a claim made on some of the evidence.

    >>> sorted(_hedges("it is , according to many indicators , the largest".split()))
    ['according to many indicators']
    >>> sorted(_hedges("growth appears to have remained at 0.3 %".split()))
    ['appears to']
    """
    found = set(_HEDGES.intersection(words))
    found.update(w for i, w in enumerate(words) if w == "possible" and i and words[i - 1] in ("a", "an", "one", "the", "any"))
    # ... and said of a thing: "shortages were possible", "it remains possible that" (not "where possible")
    found.update(f"{words[i - 1]} {w}" for i, w in enumerate(words) if w == "possible" and i and words[i - 1] in _BE_POSSIBLE)
    found.update(f"{w} to {words[i + 2]}" for i, w in enumerate(words[:-2]) if w in _FORECASTS and words[i + 1] == "to"
                 and i and words[i - 1] in _BE)
    # a claim told as how things look: "appears to have remained", "seemed to slow"
    found.update(f"{w} to" for i, w in enumerate(words[:-1]) if w in _SEEMING and words[i + 1] == "to")
    # ... or as what was believed: "was thought to be extinct", "is considered to be the oldest"
    # (with what was believed, which a quote must state for the belief to be dropped)
    for i, w in enumerate(words[:-2]):
        if w in _BELIEVED and words[i + 1] == "to" and i and words[i - 1] in _BE:
            j = next((k for k in range(i + 2, min(len(words), i + 5)) if words[k] not in ("be", "have", "been")), None)
            if j is not None and words[j].isalpha():
                found.add(" ".join([w, "to", *words[i + 2 : j + 1]]))
    # ... in the active voice: "we expect margins to recover"
    found.update(f"{w} to {words[j + 1]}" for i, w in enumerate(words) if w in _EXPECTING
                 for j in range(i + 2, min(len(words) - 1, i + 5)) if words[j] == "to" and words[i + 1] != "to")
    # a statement made only as far as its maker knows: "represents that, to the best of its knowledge, ..."
    found.update("to the best of knowledge" for i in range(len(words) - 3) if words[i : i + 3] == ["to", "the", "best"]
                 and "knowledge" in words[i + 3 : i + 7])
    # a belief its maker states: "we believe that the net proceeds will be sufficient" (told without it, a fact)
    found.update(f"{words[i - 1]} {w}" for i, w in enumerate(words) if w in ("believe", "believes")
                 and i and words[i - 1] in _BELIEVERS)
    # ... or an estimate: "We estimate the peak flow had an annual exceedance probability of around 1.3%" (since the
    # 64th stop)
    # (opening its clause: "which I estimate corresponds to" estimates what the quote may leave out)
    found.update(f"{words[i - 1]} {w}" for i, w in enumerate(words) if w in ("estimate", "estimates")
                 and i and words[i - 1] in _BELIEVERS and words[i + 1 : i + 2] and words[i + 1].isalpha()
                 and (i < 2 or words[i - 2] in (".", ";", ":", ",")))
    # an estimate or a belief a named maker states: "The Republic estimates that the restructuring would deliver relief
    # of US$3.1 billion" (told without it, a fact; since the 62nd stop)
    found.update(f"{words[i - 1]} {w}" for i, w in enumerate(words[:-1]) if w in _ESTIMATING and words[i + 1] == "that"
                 and i and content_word(words[i - 1]) and words[i - 1] not in _NOT_A_MAKER)
    # a recommendation to consider: "1.3.2 Consider referral to hospital ...", "clinicians should consider an extended
    # course" (told as "recommends referring", it is firm; since the 62nd stop)
    found.update(f"consider {words[i + 1]}" for i, w in enumerate(words[:-1]) if w == "consider" and (
        i == 0 or words[i - 1] in _CONSIDER_AFTER or words[i - 1][:1].isdigit()))
    # a readiness: "the Committee would be prepared to keep the rate unchanged" (told as "will keep", it is a decision)
    found.update(f"{w} to {words[i + 2]}" for i, w in enumerate(words[:-2]) if w in _READINESS and words[i + 1] == "to"
                 and i and words[i - 1] in _BE)
    # an attempt: "a metric which attempts to gauge corruption" (told as done: "a metric which gauges")
    found.update(f"{w} to {words[i + 2]}" for i, w in enumerate(words[:-2]) if w in _ATTEMPTS and words[i + 1] == "to")
    # a claim made on some of the evidence: "according to many indicators", "by some estimates"
    for i, w in enumerate(words):
        j = i + 2 if words[i : i + 2] == ["according", "to"] else i + 1 if w == "by" else 0
        if j and words[j : j + 1] and words[j] in _SOME_OF and words[j + 1 : j + 2] and words[j + 1] in _EVIDENCE_NOUNS:
            found.add(f"{' '.join(words[i:j])} {words[j]} {words[j + 1]}")
    # a possibility of an event: "each day could delay 40,000 containers", "shortages might follow" (told with
    # "would" or "will", it is a prediction); not "could not", nor a "be", read below, nor the most that could
    # happen ("could face up to two years in prison" is "would face up to", "faces a maximum of")
    found.update(f"{w} {words[i + 1]}" for i, w in enumerate(words[:-1]) if w in ("could", "might")
                 and words[i + 1].isalpha() and words[i + 1] not in _NOT_BE_AFTER_MODAL
                 and not states_bound(words[i + 2 : i + 2 + _BOUND_AFTER_VERB]))
    # a possibility: "may be a useful option", "might be linked to" (not a permission, "may be made only
    # within 30 days", "may be terminated": a passive after "may be" is one, unless it links or explains)
    # ("could be delayed", "might be cancelled": "could" and "might" permit nothing, so a passive after them is a
    # possibility too, but in a clause of time, "before Mr Reeve could be handed over", "could" tells what happened)
    found.update(f"{w} be" for i, w in enumerate(words[:-2]) if w in ("may", "might", "could") and words[i + 1] == "be"
                 and ((w != "may" and _TIME_CLAUSE.isdisjoint(words[max(0, i - 4) : i]))
                      or words[i + 2] in _POSSIBLE_LINKS or not (words[i + 2].endswith(("ed", "en", "wn"))
                                                                 or words[i + 2] in _IRREGULAR_PARTICIPLES)))
    # an explanation offered as possible: "may reflect later truncation", "may indicate a second phase" (a
    # permission gives no verb of these: "may terminate", "may assign"; since the 57th stop)
    found.update(f"may {words[i + 1]}" for i, w in enumerate(words[:-1]) if w == "may" and words[i + 1] in _MAY_EXPLAIN)
    return found


# verbs of explanation after "may": a possibility, not a permission
# ("which may arise" in a contract is whatever arises: not read)
_MAY_EXPLAIN = frozenset("reflect indicate suggest signal explain represent denote imply contribute cast lead result".split())


_TIME_CLAUSE = frozenset("before until till after when once".split())  # a clause of time: "before he could be seen"
_BOUND_AFTER_VERB = 4  # words after a possible event's verb where a bound makes it the most that could happen
_NOT_BE_AFTER_MODAL = frozenset("not never be have also only still".split())
_ESTIMATING = frozenset("estimates believes considers expects anticipates predicts".split())
_NOT_A_MAKER = _ESTIMATING | frozenset("other these those such our its their the any all some new current latest".split())
_CONSIDER_AFTER = frozenset(", ; . : should may could might to and or".split())  # where "consider" recommends
_READINESS = frozenset("prepared willing ready".split())
_BELIEVERS = frozenset("we i management company group board applicant appellant claimant defendant respondent authors "
                       "council committee department government regulator authority".split())
_ATTEMPTS = frozenset("attempt attempts attempted attempting try tries tried trying seek seeks sought seeking aim aims "
                      "aimed aiming strive strives strove striving endeavour endeavours endeavor endeavors potential".split())
_SOME_OF = frozenset("some many most several certain one other early preliminary unofficial".split())
_EVIDENCE_NOUNS = frozenset("indicators indicator measures measure estimates estimate accounts account reports report "
                            "sources source metrics criteria".split())
_POSSIBLE_LINKS = frozenset("associated linked related caused explained attributed attributable due driven considered".split())
_IRREGULAR_PARTICIPLES = frozenset("made done paid given taken held sold set put kept sent built brought bought found told "
                                   "shown won left lost spent read seen met led cut let shut spread struck hung dealt "
                                   "meant felt fought taught thought caught sought heard understood withdrawn undertaken "
                                   "borne bound laid run begun chosen driven written known grown drawn".split())


def _respelled_name(quote: str, passage: str) -> tuple[str, str] | None:
    """A capitalised name of the quote that the passage spells one letter otherwise ("Allan Johnson"
    for "Allan Johnston", "Barbakow" for "Brabakow"): another person as far as a reader can tell.

    >>> _respelled_name("He was assistant to Allan Johnson.", "he was assistant boss to allan johnston")
    ('johnson', 'johnston')
    """
    from rapidfuzz.distance import Levenshtein as Lev

    pw = set(re.findall(r"[^\W\d_]+", passage.lower()))
    for m in re.finditer(r"(?<![.!?]\s)(?<!^)\b([A-Z][a-z]{4,})\b", quote):
        w = m.group(1).lower()
        if w in pw:
            continue
        near = sorted(x for x in pw if len(x) >= 5 and abs(len(x) - len(w)) <= 1 and x[0] == w[0]
                      and Lev.distance(w, x, score_cutoff=1) == 1 and not x.startswith(w[:-1] + "s"))
        near = [x for x in near if not (x.startswith(w) or w.startswith(x))]  # "australia" / "australian"
        if near and not w.endswith("s") and not near[0].endswith("s"):
            return w, near[0]
    return None


def _effort(text: str) -> int | None:
    for k, phrases in enumerate(_EFFORTS):
        if any(p in text for p in phrases):
            return k
    return None


def _contrasted(words: list[str]) -> set[tuple[str, str]]:
    """The pairs a text sets against each other: the content word before a contrast and the one after
    it, as stems ("seen in men but not in women" -> ("men", "women")).

    >>> sorted(_contrasted("the effect was seen in men but not in women".split()))
    [('men', 'women')]
    """
    out = set()
    for i, w in enumerate(words):
        if w not in _CONTRAST_HEADS:
            continue
        for c in _CONTRASTS:
            if tuple(words[i : i + len(c)]) != c:
                continue
            before = next((w for w in reversed(words[max(0, i - 3) : i]) if content_word(w)), None)
            after = next((w for w in words[i + len(c) : i + len(c) + 3] if content_word(w)), None)
            if before and after and before[:VERB_PREFIX] != after[:VERB_PREFIX]:
                out.add((before[:VERB_PREFIX], after[:VERB_PREFIX]))
    return out


_FUNCTION_WORDS = frozenset("the and for with from into that this those these was were are has have had been its their "
                            "his her our not but than also only just".split())


def content_word(w: str) -> bool:
    """A word of three letters or more that is no function word."""
    return len(w) > 2 and w.isalpha() and w not in _FUNCTION_WORDS


# phrases that free a right of every condition; a restatement that adds one widens the right
_UNCONDITIONAL = tuple(f" {p} " for p in (
    "at any time", "for any reason", "for no reason", "without cause", "with or without cause", "without reason",
    "in its sole discretion", "in its absolute discretion", "at its sole discretion", "at its discretion",
    "unconditionally", "without restriction", "without limitation", "without any restriction",
    # an objection or a use on any ground, where the passage names the ground or the purpose
    "on any grounds", "on any ground", "on whatever grounds", "for whatever reason", "for any purpose", "for any purposes"))
_AT_ONCE = frozenset("immediately forthwith instantly".split())
_NO_EXCEPTION = tuple(f" {p} " for p in (
    "under any circumstances", "in any circumstances", "in all circumstances", "without exception", "in all cases",
    "in every case", "whatsoever", "no matter what"))
# ... and the passage's own ways of saying it, read in its folded text ("in no event" is a "not" in its words)
_NO_EXCEPTION_NEGATED = ("no circumstances", "in no event", "at no time", "in no case")
_QUALIFIERS = {w: cls for cls, words in _QUALIFIER_CLASSES.items() for w in words.split()}
_PARTIAL = frozenset("partly partially partial part some".split())
# an estimate's word before a figure (not "about", "around": restatements drop those freely, "cost about $130
# million" told as "the $130 million cleanup")
_APPROXIMATORS = frozenset("estimated estimate".split())
_ESTIMATES = frozenset("estimated estimate estimates est projected approximately roughly nearly almost about around "
                       "circa some".split())


def added_significance(quote: str, around: str) -> tuple[Difference, ...]:
    """"significantly" ("significant") in a quote whose passage, read with the text ``around`` it,
    states no significance and no strong degree ("Obesity prevalence was significantly lower in the
    intervention arm" for "was 14.1% versus 16.3% (odds ratio 0.85, 95% CI 0.70 to 1.03)").

    >>> added_significance("It was significantly lower", "It was 14.1% versus 16.3%")[0].quote_text
    'significantly'
    >>> added_significance("It stayed significant", "The association remained significant")
    ()
    >>> added_significance("It was significantly lower", "It did not significantly reduce it")[0].quote_text
    'significantly'
    """
    def affirmed(words: list[str]) -> list[str]:
        # a significance a text denies ("did not significantly reduce", "no significant effect") is none it states
        return [w for i, w in enumerate(words) if w.startswith("signific")
                and not {"not", "no", "non"} & set(words[max(0, i - 2) : i])]

    aw = _words(around)
    said = [w for w in affirmed(_words(quote)) if w in ("significantly", "significant")]
    if not said or affirmed(aw) or any(_QUALIFIERS.get(w) == "strongly" for w in aw):
        return ()
    return (Difference("insert", said[0], "", "qualifier"),)


_CONSENT_WORDS = frozenset("consent approval permission".split())
_WITHHOLDING = ("withh", "delay", "condition", "refus", "deni", "deny")  # "unreasonably withheld", "... refused"
_DISCRETION = frozenset("sole absolute unfettered".split())


def _consent_standard(words: list[str]) -> str | None:
    """The standard a text sets for giving consent: "not unreasonably" (withheld, delayed,
    conditioned, refused) or "sole discretion" (sole, absolute or unfettered discretion); ``None``
    when it sets none.

    >>> _consent_standard("consent which shall not be unreasonably withheld".split())
    'not unreasonably'
    >>> _consent_standard("consent which licensor may give in its sole discretion".split())
    'sole discretion'
    >>> _consent_standard("the tribunal found that the landlord acted unreasonably".split())
    """
    if any(w.startswith("unreasonabl") and any(x.startswith(_WITHHOLDING) for x in words[i + 1 : i + 3])
           for i, w in enumerate(words)):
        return "not unreasonably"
    if any(a in _DISCRETION and b == "discretion" for a, b in itertools.pairwise(words)):
        return "sole discretion"
    return None


_NOT_SOFTENERS = (("of", "itself"), ("in", "itself"), ("by", "itself"), ("of", "themselves"), ("in", "themselves"),
                  ("necessarily",), ("automatically",), ("per", "se"), ("always",))
_SOFTENER_FIRST = frozenset(p[0] for p in _NOT_SOFTENERS)
_NOT_WORDS = _NOT_NEVER | {"no", "cannot"}


_BOUND_OF = re.compile(r" (?:the )?(lesser|greater|lower|higher|earlier|later) of | whichever is (?:the )?"
                       r"(lesser|greater|lower|higher|less|more|earlier|later) | (reduced by|net of|less any|minus) ")


# a cap on what the passage allows or charges; and the words by which a quote keeps one
_CAPPED = re.compile(r" (?:capped at|not to exceed|subject to a (?:cap|maximum|ceiling) of|up to a maximum of) ")
_CAP_WORDS = re.compile(r" (?:cap|caps|capped|exceed|exceeds|exceeding|maximum|ceiling|limited|limit|most|up to|"
                        r"no more than|not more than|beyond|above) ")


def _dropped_bound(fq: str, fp: str) -> str | None:
    """A bound or an adjustment of the passage's figure that the quote leaves out while it keeps a
    figure: "accrue interest at 1.5% per month" for "at the lesser of 1.5% per month or the maximum
    rate permitted by law"; "two times the salary plus $100,000" for "... plus $100,000, reduced by
    any amount payable under the group plan". ``fq`` and ``fp`` are the words joined, a space at
    each end.

    >>> _dropped_bound(" interest at 1.5 % per month ", " interest at the lesser of 1.5 % per month or the maximum rate ")
    'lesser of'
    >>> _dropped_bound(" interest at the lower of 1.5 % or the legal rate ", " interest at the lesser of 1.5 % or the legal rate ")
    >>> _dropped_bound(" charges may change on notice ", " charges may change , capped at the cpi annually , on notice ")
    'capped at'
    """
    m = _BOUND_OF.search(fp)
    if m is None or _BOUND_OF.search(fq) or not any(ch.isdigit() for ch in fq):
        cap = _CAPPED.search(fp)
        if cap is not None and not _CAP_WORDS.search(fq):
            return cap.group().strip()  # "subject to change ... on thirty days' notice" for "... capped at the CPI"
        return None
    return m.group().strip().removeprefix("the ")


_KNOWLEDGE_REACH = 5  # words before "knowledge" that may open "to the best of its knowledge"
_WHOSE_KNOWLEDGE = frozenset("its their our his her my your of actual".split())
_KNOWING = ("know", "knew", "aware", "belie", "unaware")  # a quote that keeps the limit in other words


def _part_restated(pw: list[str], k: int, stems: set[str]) -> bool:
    """Whether the words after the passage's "in part" at ``k``, to its clause's end, are the quote's
    (``stems``: its words' first letters), three content words or figures at least: "was funded, in part,
    with a term loan ... and $986 million from the sale of 58 million shares" restated as "paid for
    through the sale of 58 million shares, which raised $986 million" (since the 56th stop)."""
    after = pw[k + 2 : k + 2 + _PART_REACH]
    after = after[: next((i for i, w in enumerate(after) if w in (".", ";")), len(after))]
    return len({w[:VERB_PREFIX] for w in after if content_word(w) or w[:1].isdigit()} & stems) >= _PART_SHARED


_PARTLY = frozenset(("partly", "partially"))
_IN_FULL = frozenset(("entirety", "wholly", "entirely", "completely", "fully"))  # a thing done whole ...


def _part_for_whole(qw: list[str], pw: list[str]) -> str | None:
    """The quote's "in part" (or "partly") where the passage does the thing whole ("in its entirety",
    "wholly") and says "in part" nowhere, else ``None``.

    >>> _part_for_whole("remove schedule c in part".split(), "remove schedule c in its entirety".split())
    'in part'
    >>> _part_for_whole("in part".split(), "not in its entirety , in whole or in part".split())
    """
    said = "in part" if "in part" in " ".join(qw) else next(iter(_PARTLY.intersection(qw)), None)
    if said is None or "part" in pw or _PARTLY.intersection(pw) or not _IN_FULL.intersection(pw) \
            or _IN_FULL.intersection(qw):
        return None
    return said


_PART_REACH = 30  # words after "in part" read for what it limits
_PART_SHARED = 3  # of them, the quote's own: it restates what is only part of the whole


def _dropped_limit(qw: list[str], pw: list[str]) -> str | None:
    """A limit of the passage's claim that the quote leaves out, saying more than the passage: "in
    part" ("The court affirmed the judgment" for "affirmed in part and reversed in part") or an
    estimate's word before a figure the quote states as a count ("with 390 billion trees" for "with
    an estimated 390 billion trees"). The words, else ``None``.

    >>> _dropped_limit("the court affirmed the judgment".split(), "the court affirmed in part".split())
    'affirmed in part'
    >>> _dropped_limit("it may not be assigned".split(), "it may not be assigned in whole or in part".split())
    >>> _dropped_limit("with 390 billion trees".split(), "with an estimated 390 billion trees".split())
    'estimated 390'
    >>> _dropped_limit("with about 390 billion trees".split(), "with an estimated 390 billion trees".split())
    >>> _dropped_limit("it does not indicate poor care".split(), "it does not of itself indicate poor care".split())
    'of itself'
    >>> _dropped_limit("no patent is invalid".split(), "to array's knowledge , no patent is invalid".split())
    "to array's knowledge"
    >>> _dropped_limit("as far as array knows no patent is invalid".split(), "to array's knowledge , no patent is invalid".split())
    >>> _dropped_limit("the trust will implement all 16 recommendations".split(), "the trust accepted all 16 recommendations in principle".split())
    'in principle'
    """
    stems = {w[:VERB_PREFIX] for w in qw if len(w) >= VERB_PREFIX}
    # a warranty limited to what a party knows ("to Array's knowledge, none of the Patents is invalid"):
    # without it, a warranty of the fact itself
    known = [i for i, w in enumerate(pw) if w == "knowledge" and "to" in pw[max(0, i - _KNOWLEDGE_REACH) : i]
             and (pw[i - 1].endswith(("'s", "’s")) or pw[i - 1] in _WHOSE_KNOWLEDGE)]
    if known and not any(w.startswith(_KNOWING) for w in qw):
        limit = pw[max(0, known[0] - _KNOWLEDGE_REACH) : known[0] + 1]  # ... "to array's knowledge"
        return " ".join(limit[limit.index("to") :])
    # the word "in part" or "partly" limits ("affirmed in part", "partly offset") must be the quote's too:
    # a limit of a clause the quote does not restate is no limit of its claim; "in whole or in part" is none
    partial = [f"{next((w for w in reversed(pw[:k]) if w[:1].isalnum()), '')} in part".lstrip()
               for k in range(1, len(pw) - 1) if pw[k : k + 2] == ["in", "part"]
               and pw[k - 1] not in ("or", "whole") and (pw[k - 1][:VERB_PREFIX] in stems or _part_restated(pw, k, stems))]
    partial += [f"{w} {pw[k + 1]}" for k, w in enumerate(pw[:-1]) if w in ("partly", "partially")
                and pw[k + 1][:VERB_PREFIX] in stems]
    if partial and not _PARTIAL & set(qw) and ("in", "part") not in set(itertools.pairwise(qw)):
        return partial[0]
    # "accepted all 16 recommendations in principle": an acceptance short of a commitment, which the quote must keep
    # (since the 63rd stop)
    if "principle" not in qw and any(pw[k : k + 2] == ["in", "principle"] and {w[:VERB_PREFIX] for w in pw[max(0, k - 6) : k]
                                     if len(w) >= VERB_PREFIX and content_word(w)} & stems for k in range(len(pw) - 1)):
        return "in principle"
    # "does not of itself indicate" / "does not necessarily mean": under a negation these keep the
    # claim narrow; the quote that keeps the negation but not them denies more ("does not indicate")
    q_softened = any(tuple(qw[j : j + len(p)]) == p for j, w in enumerate(qw) if w in _SOFTENER_FIRST
                     for p in _NOT_SOFTENERS)
    q_negated = any(x in _NOT_WORDS or x.endswith("n't") for x in qw)
    for i, w in enumerate(pw):
        if w not in _SOFTENER_FIRST:
            continue
        softener = next((p for p in _NOT_SOFTENERS if tuple(pw[i : i + len(p)]) == p), None)
        if softener and _NOT_WORDS & set(pw[max(0, i - 3) : i]) and q_negated and not q_softened:
            return " ".join(softener)
    stated = {canonical_number(w) for w in qw} - {None}
    for i, w in enumerate(pw):
        if w in _APPROXIMATORS and not _ESTIMATES & set(qw):
            after = next((x for x in pw[i + 1 : i + 3] if canonical_number(x) is not None), None)
            if after is not None and canonical_number(after) in stated:
                return f"{w} {after}"
    return None
# "a record 27%", "record revenue", "a new record": a ranking of the quote's own
_RECORD = re.compile(r" (?:a|new) record | record (?:high|low|level|levels|revenue|revenues|profit|profits|sales|year|"
                     r"quarter|number|numbers|turnout|earnings) ")


def _direction_of(words: list[str]) -> dict[str, int]:
    """For each word that a direction word follows within three words, the direction (+1 up, -1 down)
    of the first one: "Beta fell 24%, while Acme gained 3%" gives {beta: -1, acme: +1}; and for the
    last word of what a direction noun is "in" or "of" ("the decrease in legacy television
    subscribers" gives {subscribers: -1}).

    >>> _direction_of("revenue rose , partly offset by the decrease in legacy television subscribers".split())["subscribers"]
    -1
    """
    out: dict[str, int] = {}
    for k, w in enumerate(words):
        sides = _sides_of(w)
        sign = 1 if (0, 0) in sides else -1 if (0, 1) in sides else 0
        if not sign:
            continue
        for subject in reversed(words[max(0, k - 3) : k]):
            if subject.isalpha() and len(subject) > 3 and subject not in _NEGATORS:
                out.setdefault(subject, sign)
                break
        if words[k + 1 : k + 2] in (["in"], ["of"]):
            run = list(itertools.takewhile(lambda x: x.isalpha() and x not in _OBJECT_STOPS,
                                           itertools.dropwhile(lambda x: x in _OBJECT_ARTICLES, words[k + 2 : k + 7])))
            if run and len(run[-1]) > 3 and len(run) < 5:
                out.setdefault(run[-1], sign)
    return out


_OBJECT_ARTICLES = frozenset("the a an our its their his her".split())
# the words that end what a direction noun is of ("the decrease in subscribers and the impact of ...")
_OBJECT_STOPS = frozenset("and or but was were is are from to by of in for at which that as with due".split())


def _direction_by_subject(qw: list[str], pw: list[str], *, already: bool) -> list[Difference]:
    """The same subject moving the other way in each text (the per-clause reading of direction)."""
    if already:
        return []
    q, p = _direction_of(qw), _direction_of(pw)
    # (a subject's stem stands for it where the passage has one sign for the stem: "expects it to ease"
    # for "is expected to rise", since the 57th stop)
    by_stem: dict[str, set[int]] = {}
    for subject, sign in p.items():
        by_stem.setdefault(subject[:VERB_PREFIX], set()).add(sign)
    for subject, sign in q.items():
        stem = by_stem.get(subject[:VERB_PREFIX], {sign})
        if p.get(subject, sign) != sign or (subject not in p and stem == {-sign}):
            return [Difference("replace", f"{subject} {'up' if sign > 0 else 'down'}",
                               f"{subject} {'down' if sign > 0 else 'up'}", "direction")]
    return []


# the sides of a case or a claim, which own what the court rules on: "the defendant's motion"
_LITIGANTS = frozenset("plaintiff plaintiffs defendant defendants claimant claimants respondent respondents appellant "
                       "appellants applicant applicants petitioner petitioners prosecution defence defense accused "
                       "complainant insurer insured policyholder creditor creditors debtor debtors".split())
_OWNED = re.compile(r"\b([A-Za-z][\w&-]*)['’]s\s+(\w+)")  # the owner's last word, and the word owned


def _other_owner(quote: str, passage: str) -> tuple[str, str] | None:
    """A name's possession given to another name: "Racing's first right" where the passage has "the
    Sponsor's first right" and no "Racing's first right". Both owners are capitalised names and the
    thing owned is the same word; a quote that moves a possessive phrase keeps its owner ("with the
    Landlord's consent, the Tenant may sublet"). ``None`` when there is none.

    >>> _other_owner("Subject to Racing's first right, it is available to the Sponsor",
    ...              "Subject to the Sponsor's first right, it is available to Racing")
    ("racing's first", "sponsor's first")
    >>> _other_owner("With the Landlord's consent, the Tenant may sublet", "The Tenant may sublet with the Landlord's consent")
    >>> _other_owner("the court granted the plaintiff's motion", "the court granted the defendant's motion")
    ("plaintiff's motion", "defendant's motion")
    """
    from .align import word_category

    def owners(text: str) -> set[tuple[str, str]]:
        # (a role in lower case owns too: "the defendant's motion")
        return {(fold(m.group(1)).text, fold(m.group(2)).text) for m in _OWNED.finditer(text)
                if (m.group(1)[0].isupper() and m.group(1) not in _TITLE_STOP)
                or word_category(fold(m.group(1)).text.lower()) == "party" or m.group(1).lower() in _LITIGANTS}

    q, p = owners(quote), owners(passage)
    for name, owned in sorted(q - p):
        other = next((n for n, o in sorted(p - q) if o == owned and n != name), None)
        if other is not None:
            return f"{name}'s {owned}", f"{other}'s {owned}"
    return None


_BOTH_SIDES = frozenset("either each both neither mutual mutually".split())


def made_mutual(quote: str, passage: str) -> tuple[Difference, ...]:
    """"Either party" (each, both, neither party) in a quote whose passage, read with the text before it,
    speaks of no party in general (no "either", "each", "both", "neither", "mutual", no "parties"):
    one party's right or duty told as everyone's ("Either party may terminate this Agreement" for
    "Rogers may terminate this Agreement").

    >>> made_mutual("Either party may terminate", "Rogers may terminate")[0].quote_text
    'either party'
    >>> made_mutual("Either party may terminate", "Each party may terminate")
    ()
    >>> made_mutual("Neither party may assign it", "The Distributor may not assign it")[0].quote_text
    'neither party'
    """
    qw, pw = _words(quote), _words(passage)
    said = next((f"{a} {b}" for a, b in itertools.pairwise(qw) if a in ("either", "each", "both", "neither")
                 and b in ("party", "parties")), None)
    if said is None or _BOTH_SIDES & set(pw) or "parties" in pw:
        return ()
    return (Difference("replace", said, "∅", "party"),)


def _list_closed(qw: list[str], pw: list[str]) -> tuple[str, str] | None:
    """A list the passage opens ("including", "including but not limited to", "such as", "among
    other things") that the quote closes ("namely", "consisting of", "limited to", "that is"): the
    quote's word and the passage's, or ``None``.

    >>> _list_closed("a service namely banks and utilities".split(), "a service including but not limited to banks".split())
    ('namely', 'including')
    >>> _list_closed("a service including banks".split(), "a service including but not limited to banks".split())
    """
    opened = next((w for w, n in itertools.pairwise([*pw, ""]) if w in _OPEN_LIST or (w, n) == ("such", "as")), None)
    if opened is None:
        return None
    closed = next((w for i, w in enumerate(qw) if w == "namely" or (w == "consisting" and qw[i + 1 : i + 2] == ["of"])
                   or (w == "limited" and qw[i + 1 : i + 2] == ["to"] and qw[i - 1 : i] != ["not"])), None)
    if closed is None or closed in pw:
        return None
    return closed, opened


_OPEN_LIST = frozenset("including include includes included".split())


def made_unilateral(quote: str, passage: str) -> tuple[Difference, ...]:
    """A step the passage has both parties take together ("by mutual agreement in writing between
    Mobimagic and PC Financial", "mutually agreed", "jointly") told with no such agreement ("may be
    changed by Mobimagic in writing"): the quote says nothing of mutuality, both parties or an
    agreement.

    >>> made_unilateral("The Fee may be changed by Mobimagic in writing",
    ...                 "The Fee may be changed by mutual agreement in writing between Mobimagic and PC Financial")[0].source_text
    'mutual'
    >>> made_unilateral("The Fee may be changed only if both sides agree in writing",
    ...                 "The Fee may be changed by mutual agreement in writing between Mobimagic and PC Financial")
    ()
    """
    m = _MUTUAL_STEP.search(passage)  # (in lower case: "Harbour Mutual Insurance" is a name)
    if m is None or any(w in _MUTUAL or w.startswith(_MUTUAL_KEEPERS) for w in _words(quote)):
        return ()
    before = _words(passage[max(0, m.start() - _MUTUAL_ROUTE_CHARS) : m.start()])
    if "or" in before or ")" in before or _OTHER_ROUTE.search(passage, m.end(), m.end() + 2 * _MUTUAL_ROUTE_CHARS):
        # one route of several ("(i) by mutual written agreement of all of the Parties; and (ii) in writing
        # by the Trust Advisors"): the quote may tell another
        return ()
    return (Difference("delete", "", m.group(), "party"),)


_MUTUAL = frozenset("mutual mutually jointly".split())
_MUTUAL_STEP = re.compile(rf"\b(?:{'|'.join(sorted(_MUTUAL))})\b")
_MUTUAL_ROUTE_CHARS = 40
_OTHER_ROUTE = re.compile(r"\(\s*(?:ii|b|2)\s*\)|\bor\b", re.I)
# what keeps mutuality in other words: "both parties agree", "the parties agree", "together", "consent of each"
_MUTUAL_KEEPERS = ("both", "parties", "agree", "together", "each", "joint", "consent", "approv")


def _party_sequence(words: list[str], *, possessives: bool = False) -> list[str]:
    """The parties a text names, in order (legal roles: licensor, tenant, buyer...), in the singular
    ("each of the parties" and "each party" name the same). A possessive is left out ("with the
    Landlord's consent, the Tenant may sublet" moves a phrase, not a role), unless ``possessives``
    ("the Tenant's responsibility" names who is responsible)."""
    from .align import word_category

    return [_singular(w.removesuffix("'s")) for w in words if word_category(w) == "party" and w not in _PRONOUN_WORDS
            and (possessives or not w.endswith("'s"))]


# what a company writing "we" is called by one who quotes it
_SELF_NAMES = frozenset("company group firm business corporation bank".split())


def _singular(w: str) -> str:
    if w.endswith("ies") and len(w) > 4:
        return w[:-3] + "y"
    return w[:-1] if w.endswith("s") and not w.endswith("ss") and len(w) > 3 else w


_DESIGNATOR = re.compile(r"[A-Z]|I{1,3}|IV|V")  # the letter or numeral that names a party: "Party B", "Lender II"
_DESIGNATED = re.compile(r"\b([A-Z][a-z]+)\s+([A-Z]|I{1,3}|IV|V)\b(?![.\w])")


def _parties_in_order(text: str, entities: set[str]) -> list[tuple[int, str]]:
    """The parties ``text`` names, as (position of its last word, key) in order: legal roles in the singular
    ("licensee"), names (its ``entities``, :func:`_entities`, by their first word) and parties named by a
    letter ("party a")."""
    from .align import is_known_word, word_category

    words = _words(text)
    # names: capitalised words past a sentence's start, and at one a word no dictionary has ("Northwind")
    names = {e.split()[0] for e in entities} | {
        fold(m.group().split()[0]).text.lower() for m in _CAP_RUN.finditer(text) if m.group().split()[0] not in _TITLE_STOP
        and not is_known_word(fold(m.group().split()[0]).text.lower())}
    out: list[tuple[int, str]] = []
    for i, w in enumerate(words):
        if out and out[-1][0] == i and out[-1][1].startswith("party "):
            continue  # the letter of "party a"
        if w in ("party", "parties") and i + 1 < len(words) and len(words[i + 1]) == 1 and words[i + 1] in "abcdefgh":
            out.append((i + 1, f"party {words[i + 1]}"))  # (at its letter, its last word)
        elif (word_category(w) == "party" and w not in _PRONOUN_WORDS and not w.endswith("'s")) or w in names:
            out.append((i, _singular(w)))
    return out


_SUBJECT_SKIP = _MODAL_WORDS | frozenset("will would should might being been is are was were do does did the a an also "
                                         "then hereby not to be".split())


def _act_after(words: list[str], i: int) -> str | None:
    """The first word of what the party at ``words[i]`` does, right after a modal (past auxiliaries
    and articles): "shall pay" gives "pay". ``None`` where no modal comes first ("Republican
    Chairman", "Area means") or a form of "be" does ("shall be terminated by": the party acted on)."""
    modal = False
    for w in words[i + 1 : i + 1 + _ASIDE_MAX]:
        if w in (",", ".", ";") or w in _BE:
            return None
        if w in _MODAL_WORDS:
            modal = True
        elif w not in _SUBJECT_SKIP:
            return w[:VERB_PREFIX] if modal else None
    return None


def _subject_taken(quote: str, passage: str, q_entities: set[str] | None = None,
                   p_entities: set[str] | None = None) -> tuple[str, str] | None:
    """The passage's acting party replaced by the party it acts towards: the passage says "P1 shall pay
    the fee to P2" (both in one clause), the quote "P2 must pay the fee" and never names P1 (the
    same act, by the first word of what each does). ``(quote's party, passage's)``, else ``None``. A
    converse ("the Licensor receives the fee") or a passive ("is paid") is another act, and passes.
    ``q_entities``, ``p_entities``: the texts' :func:`_entities`, when the caller has them already.

    >>> _subject_taken("The Licensor must pay the fee within 30 days.", "The Licensee shall pay the fee to the Licensor within 30 days.")
    ('licensor', 'licensee')
    >>> _subject_taken("The Licensor receives the fee within 30 days.", "The Licensee shall pay the fee to the Licensor within 30 days.") is None
    True
    >>> _subject_taken("The Licensor must deliver the goods.", "The Licensee shall pay the fee, and the Licensor shall deliver the goods.") is None
    True
    """
    qp = _parties_in_order(quote, _entities(quote) if q_entities is None else q_entities)
    pp = _parties_in_order(passage, _entities(passage) if p_entities is None else p_entities)
    if not qp or len(pp) < 2:
        return None
    qw, pw = _words(quote), _words(passage)
    quoted = {k for _, k in qp}
    first_at, first = pp[0]
    for at, key in pp[1:]:
        if key == first or at - first_at > _ROLE_SPAN_WORDS or _CLAUSE_STOPS.intersection(pw[first_at:at]):
            continue
        q_at = next((i for i, k in qp if k == key), None)
        if first not in quoted and q_at is not None and q_at == qp[0][0] \
                and (act := _act_after(pw, first_at)) is not None and _act_after(qw, q_at) == act:
            return key, first
    return None


_ATTITUDES = {f: lemma for lemma, forms in {
    "expect": "expect expects expected expecting", "anticipate": "anticipate anticipates anticipated",
    "forecast": "forecast forecasts forecasted", "predict": "predict predicts predicted",
    "project": "projects projected", "estimate": "estimate estimates estimated",
    "believe": "believe believes believed", "think": "think thinks thought", "fear": "fear fears feared",
    "hope": "hope hopes hoped", "warn": "warn warns warned", "assume": "assume assumes assumed",
    "suspect": "suspect suspects suspected", "allege": "allege alleges alleged", "claim": "claim claims claimed",
}.items() for f in forms.split()}
_HOLDER_WORDS = 3  # words before an attitude verb read as whose it is ("most analysts expect")
_HOLDER_SKIP = frozenset("the a an most many some several other all".split())


def _holder_taken(qw: list[str], pw: list[str]) -> tuple[str, str] | None:
    """Whose expectation (belief, forecast, fear...) it is, changed to the one it is about: the passage
    says "Analysts expect the company to report a loss", the quote "The company expects to report a
    loss", never naming the analysts. ``(quote's holder, passage's)``, else ``None``.

    >>> _holder_taken("the company expects to report a loss".split(), "analysts expect the company to report a loss".split())
    ('company', 'analysts')
    >>> _holder_taken("analysts forecast a loss for the company".split(), "analysts expect the company to report a loss".split()) is None
    True
    """
    def holders(words: list[str]) -> list[tuple[int, str, tuple[str, ...]]]:
        out = []
        for i, w in enumerate(words):
            if w in _ATTITUDES and i:
                before = [x for x in words[max(0, i - _HOLDER_WORDS) : i] if x not in _HOLDER_SKIP]
                k = len(before)
                while k and before[k - 1].isalpha() and not _CLAUSE_STOPS.intersection(before[k - 1]):
                    k -= 1
                held = tuple(before[k:])
                if held and all(x.isalpha() for x in held) and not set(held) & _NOT_HOLDERS:
                    out.append((i, _ATTITUDES[w], held))
        return out

    q_said, p_said = holders(qw), holders(pw)
    for i, lemma, held in p_said:
        about = pw[i + 1 : i + 3 + _HOLDER_WORDS]
        about = about[1:] if about[:1] == ["that"] else about
        end = next((k for k, x in enumerate(about) if x in _COMPLEMENT_VERBS), None)
        if not end or _PREPOSITIONS_OF_NOUNS.intersection(about[:end]):
            # "expect the company to", "fear (that) the bank will": what it is about, up to its verb (not
            # a noun's: "any claim for demurrage shall")
            continue
        about = about[:end]
        for _k, q_lemma, q_held in q_said:
            if q_lemma == lemma and set(q_held) <= set(about) - _HOLDER_SKIP and not set(held) & set(qw) \
                    and not set(q_held) & set(held):
                return " ".join(q_held), " ".join(held)
    return None


_NOT_HOLDERS = frozenset("it is was are were be been also not still widely generally".split())
_PREPOSITIONS_OF_NOUNS = frozenset("for of in on at by with from into about over under".split())
_COMPLEMENT_VERBS = frozenset("to will would could may might shall should can is was are were has have had".split())


def _designation_swapped(quote: str, passage: str) -> tuple[str, str] | None:
    """A party the quote names by a letter ("Party A") where the passage names another of the same kind
    ("Party B") and not this one: (the quote's, the passage's), else ``None``.

    >>> _designation_swapped("Party A shall pay the fee.", "Party B shall pay the fee.")
    ('Party A', 'Party B')
    >>> _designation_swapped("Party B must pay the fee to Party A.", "Party B shall pay the fee to Party A.") is None
    True
    """
    def named(text: str) -> dict[tuple[str, str], str]:
        return {(m.group(1).lower(), m.group(2)): m.group() for m in _DESIGNATED.finditer(text)}

    q, p = named(quote), named(passage)
    for key, shown in q.items():
        other = next((v for k, v in p.items() if k[0] == key[0] and k not in q), None)
        if key not in p and other is not None:
            return shown, other
    return None


# acts told from either side: one party sells what the other buys
_CONVERSE_PAIRS = (("sell", "buy"), ("sells", "buys"), ("sold", "bought"), ("selling", "buying"), ("sell", "purchase"),
                   ("sells", "purchases"), ("sold", "purchased"), ("lend", "borrow"), ("lends", "borrows"),
                   ("lent", "borrowed"), ("lending", "borrowing"))
_CONVERSE = {w: {b for a, b in _CONVERSE_PAIRS if a == w} | {a for a, b in _CONVERSE_PAIRS if b == w}
             for w in {x for pair in _CONVERSE_PAIRS for x in pair}}
_FROM_TO = {"to": "from", "from": "to"}


def _converse_told(qw: list[str], pw: list[str]) -> bool:
    """Whether the quote tells the passage's act by its converse ("buy ... from" for "sell ... to"): a
    converse verb of one of the passage's verbs that the passage lacks, and the passage's "to" or
    "from" turned the other way.

    >>> _converse_told("the buyer will buy the shares from the seller".split(), "the seller shall sell the shares to the buyer".split())
    True
    >>> _converse_told("the buyer will sell the shares to the seller".split(), "the seller shall sell the shares to the buyer".split())
    False
    """
    verbs = {c for w in pw if w in _CONVERSE for c in _CONVERSE[w]} - set(pw)
    preps = {_FROM_TO[w] for w in pw if w in _FROM_TO} - set(pw)
    return bool(verbs & set(qw)) and bool(not preps or preps & set(qw))


_BY_AGENT = re.compile(r"\b(?:is|are|was|were|be|been|being)\s+(\w+ed)\s+by\s+(?:the\s+)?(\w+)")


def _passive_told(words: list[str], other: list[str], agents: Iterable[str]) -> bool:
    """Whether ``words`` tell in the passive, with one of ``agents`` (its parties) after "by", an act
    ``other`` tells in the active ("the Employee will be reimbursed by the Employer" for "the Employer
    shall reimburse the Employee"): the participle's stem is one of ``other``'s words, which has no
    such passive of its own. ("may be changed by mutual agreement" names a means, not an agent.)

    >>> _passive_told("the employee will be reimbursed by the employer".split(), "the employer shall reimburse the employee".split(), ["employer"])
    True
    >>> _passive_told("the employer will be reimbursed by the employee".split(), "the employer shall pay the employee".split(), ["employee"])
    False
    >>> _passive_told("the fee may be changed by mutual agreement".split(), "the fee can be changed if both agree".split(), ["agent"])
    False
    """
    agents = {a.split()[0] for a in agents}
    m = next((m for m in _BY_AGENT.finditer(" ".join(words)) if _singular(m.group(2)) in agents or m.group(2) in agents), None)
    if m is None or any(_singular(x.group(2)) in agents or x.group(2) in agents for x in _BY_AGENT.finditer(" ".join(other))):
        return False
    stem = m.group(1)[:VERB_PREFIX]
    return any(w[:VERB_PREFIX] == stem for w in other)


_SUBJECT_TO_OBJECT = {"she": "her", "he": "him", "they": "them", "we": "us", "i": "me"}
_VERB_AUX = frozenset("had has have having will would did do does was were is are can could may might shall should must "
                      "then also".split())


def _pronoun_roles_swapped(qw: list[str], pw: list[str]) -> tuple[str, str] | None:
    """A pronoun that acts in the passage ("she had warned the board") made the one acted on in the quote
    ("the board had warned her"), around the same verb: (the quote's roles, the passage's), else ``None``.

    >>> _pronoun_roles_swapped("ms patel said the board had warned her twice".split(), "ms patel said she had warned the board twice".split())
    ('board … warned … her', 'she … warned … board')
    >>> _pronoun_roles_swapped("ms patel said she twice warned the board".split(), "ms patel said she had warned the board twice".split()) is None
    True
    """
    for i, w in enumerate(pw):
        if w not in _SUBJECT_TO_OBJECT:
            continue
        j = i + 1
        while j < len(pw) and pw[j] in _VERB_AUX:
            j += 1
        if j >= len(pw) or not content_word(pw[j]):
            continue
        verb = pw[j][:VERB_PREFIX]
        k = j + 1
        while k < len(pw) and pw[k] in _DETERMINERS:
            k += 1
        if k >= len(pw) or not content_word(pw[k]):
            continue
        noun = pw[k]
        for a, x in enumerate(qw):
            if x[:VERB_PREFIX] != verb or qw[a + 1 : a + 2] != [_SUBJECT_TO_OBJECT[w]]:
                continue
            b = a - 1
            while b >= 0 and qw[b] in _VERB_AUX:
                b -= 1
            if b >= 0 and qw[b] == noun:
                return f"{noun} … {pw[j]} … {_SUBJECT_TO_OBJECT[w]}", f"{w} … {pw[j]} … {noun}"
    return None


def _entity_order(text: str, other_folded: str) -> list[str]:
    """The heads of the capitalised names of ``text`` that the other text names too, in order
    (sentence-initial names included: "Beta Systems agreed to buy Acme Corp.")."""
    out: list[str] = []
    for m in _CAP_RUN.finditer(text):
        raw = m.group().split()
        words = [w for w in raw if w not in _TITLE_STOP]
        if len(raw) == 2 and _DESIGNATOR.fullmatch(raw[1]):
            words = raw  # a party named by a letter, "Party A", "Party B": the letter tells the two apart
        if words and not words[-1].endswith(("'s", "’s")):  # "City's only goal" names a possession, not a role
            head = fold(" ".join(words) if words is raw else words[0]).text
            if head in other_folded and head not in out:
                out.append(head)
    return out


_ROLE_SPAN_WORDS = 8  # two names this close share a clause (subject and object), farther apart they need not


def _close(names: list[str], folded: str) -> bool:
    a, b = folded.find(names[0]), folded.find(names[1])
    lo, hi = sorted((a, b))
    return a >= 0 and b >= 0 and len(folded[lo:hi].split()) <= _ROLE_SPAN_WORDS


def _persons(words: list[str]) -> list[str]:
    """The first and second persons of ``words`` ("we", "you"), in the order they first come.

    >>> _persons("we will refund your deposit to you".split())
    ['we', 'you']
    """
    out: list[str] = []
    for w in words:
        person = "we" if w in _FIRST_PERSON else "you" if w in _SECOND_PERSON else None
        if person is not None and person not in out:
            out.append(person)
    return out


_FIRST_PERSON = frozenset().union(*(g for g in _PRONOUN_GROUPS if _PERSON[g] == 1))
_SECOND_PERSON = frozenset("you your yours yourself yourselves".split())


def _passive(words: list[str]) -> bool:
    return "by" in words and any(w in ("was", "were", "is", "are", "been", "be", "being") for w in words)


_PRONOUN_WORDS = frozenset().union(*_PRONOUN_GROUPS) | frozenset("it its you your yours".split())


# heads of defined terms and bodies ("Joint IP Ownership Committee", "Master Services Agreement")
_TERM_HEADS = frozenset(
    """agreement agreements committee board council commission fund plan policy program programme schedule
    exhibit annex appendix clause section article act statute regulation directive rule rules procedure
    trial study report paper review survey index framework protocol standard license licence trust
    facility account period date term terms notice fee fees rights right obligations obligation
    ownership territory product products services service materials information property
    panel tribunal office unit taskforce forum agency bureau division department registry scheme form
    statement certificate criteria guidelines guidance code charter pathway principles warranty manual
    handbook regime""".split()  # (bodies and documents since the 63rd stop; rules and codes since the 64th)
)
_TITLE_MIN_WORDS = 5  # a capitalised run this long is a title (of a paper, a report, a work)


def invented_terms(quote: str, sources_text: str, *, near_copy: bool = False) -> list[str]:
    """Defined terms and titles the quote presents that no source contains ("Joint IP Ownership
    Committee", an invented paper title): capitalised runs whose last word names a term or a body,
    or of five words or more. Names of people and places the quote adds are attribution, not
    terms. ``sources_text`` is the folded text of all sources. Of a ``near_copy`` of its passage, only
    a body whose last word no source has at all ("the Authority's Mergers Panel" where no source speaks of
    a panel; since the 63rd stop).

    >>> invented_terms("The Authority's Mergers Panel found that", "the authority found that the merger", near_copy=True)
    ['authority mergers panel']
    >>> invented_terms("The Mergers Panel found that", "the panel found that the merger", near_copy=True)
    []
    """
    terms = [e for e in _entities(quote) if " " in e and e not in sources_text
             and (e.split()[-1] in _TERM_HEADS or (len(e.split()) >= _TITLE_MIN_WORDS and not near_copy))]
    if not terms:
        return []  # (most quotes: no need to read every word of the sources)
    words = set(sources_text.split())
    if near_copy:
        terms = [e for e in terms if e.split()[-1] not in words]
    return sorted(e for e in terms if not all(w in words for w in e.split()))  # the same words, laid out otherwise


# a title in quotation marks: "in their paper 'Grounding Reduces Hallucination'"
_QUOTED_TITLE = re.compile(r"(?:(?<=\s)|^)[\"“‘']([A-Z][^\"“”‘’'\n]{3,120}?)[\"”’'](?![^\W\d_])")


# words that introduce a title in quotation marks (a quoted sentence is speech, not a title)
_TITLE_CUES = frozenset("""paper papers study article report book chapter titled entitled called named series film
    song album review guidance guideline guidelines standard policy in""".split())
_TITLE_CUE_WORDS = 4
_TITLE_CUE_CHARS = 60


# a term the quote defines: "referred to herein as Differential Priority Allocation", "hereinafter the Joint
# Committee", "known as the Blue Line"; or a capitalised name with its initials in brackets ("... Allocation (DPA)")
_DEFINING = re.compile(r"\b(?:referred to (?:herein |hereinafter )?as|hereinafter(?: referred to as| called)?|"
                       r"(?:(?:is|are|was|were) )?(?:called|known as|termed|dubbed)) (?:the |an? )?((?:[A-Z][\w-]+ ){1,5}[A-Z][\w-]+)")
_WITH_INITIALS = re.compile(r"\b((?:[A-Z][\w-]+ ){1,5}[A-Z][\w-]+) \(([A-Z]{2,6})\)")
# a contract's label for what it has just said: '(the "Hold Cleanliness Warranty")' (since the 64th stop)
_LABELLED = re.compile(r"\((?:the |an? |each )?[\"“]([A-Z][\w-]*(?: [\w-]+){0,5})[\"”]\)")


def invented_definitions(quote: str, sources_text: str) -> list[str]:
    """Terms the quote defines that no source contains, however close the rest of it is: a capitalised
    name after "referred to herein as", "hereinafter", "known as", or with its initials in brackets.
    ``sources_text`` as for :func:`invented_terms`.

    >>> invented_definitions("a routine, referred to herein as Differential Priority Allocation (DPA): when", "a routine : when")
    ['differential priority allocation']
    >>> invented_definitions("the Food and Drug Administration (FDA) approved it", "the food and drug administration approved it")
    []
    >>> invented_definitions('holds clean and dry (the "Hold Warranty")', "holds clean and dry")
    ['hold warranty']
    """
    out = [m.group(1) for m in _DEFINING.finditer(quote)]
    out += [m.group(1) for m in _WITH_INITIALS.finditer(quote)
            if "".join(w[0] for w in m.group(1).split() if w[0].isupper()) == m.group(2)]
    out += [m.group(1) for m in _LABELLED.finditer(quote)]
    return sorted({t for t in (fold(x).text for x in out) if t not in sources_text})


def invented_titles(quote: str, sources_text: str) -> list[str]:
    """Titles the quote gives in quotation marks, in title case, that no source contains ("in their
    2019 paper 'Grounding Reduces Hallucination'"): however close the rest of the quote is to its
    passage, a title no source has is invented. ``sources_text`` as for :func:`invented_terms`.

    >>> invented_titles("In their paper 'Grounding Reduces Hallucination', Chen and Rao reported it.", "chen and rao reported it")
    ['grounding reduces hallucination']
    >>> invented_titles('He called it "pleased to put this behind us".', "pleased to put this behind us")
    []
    """
    out = []
    for m in _QUOTED_TITLE.finditer(quote):
        words = m.group(1).split()
        long = [w for w in words if len(w) > 3]
        capitalised = [w for w in long if w[:1].isupper()]
        cue = _words(quote[max(0, m.start() - _TITLE_CUE_CHARS) : m.start()])[-_TITLE_CUE_WORDS:]
        if len(capitalised) >= 2 and len(capitalised) * 3 >= len(long) * 2 and _TITLE_CUES.intersection(cue):
            title = fold(m.group(1)).text.strip(" .,;:")
            if title and title not in sources_text:
                out.append(title)
    return out


# an upper bound written with a negation ("shall not exceed $1 million", "no more than 30 days") and
# written without one ("capped at", "at most", "up to", "a maximum of", "limited to")
_BOUND_VERBS = frozenset("exceed exceeds exceeding".split())
_FLOOR_AFTER_NO = frozenset("less fewer lower".split())
_BOUND_AFTER_NO = frozenset("more greater higher".split()) | _FLOOR_AFTER_NO
_BOUND_WORDS = frozenset("cap caps capped maximum ceiling minimum floor".split())
# ("at or below 3.50", "3.50 or less": which side the bound is on, the bounded figures compare)
_BOUND_PAIRS = frozenset({("at", "most"), ("up", "to"), ("limited", "to"), ("at", "least")}
                         | {("or", w) for w in "below under less fewer lower above over more greater higher".split()})


def _bound_negations(words: list[str]) -> int:
    """The negations of ``words`` that only state a bound: "not exceed", "not to exceed", "no more
    than", "not greater than"; "no less than", "not fewer than"; "not less frequently than".

    >>> _bound_negations("will confer not less frequently than monthly".split())
    1
    """
    n = 0
    for i, w in enumerate(words):
        if w in _SUBJECT_NEGATORS and any(words[k] in _BOUND_VERBS and _negative_subject_before(words, k)
                                          for k in range(i + 2, min(len(words), i + 2 + _SUBJECT_REACH))):
            n += 1  # "neither party's liability shall exceed": a bound, its negation in the subject
        elif w in ("not", "no", "never"):
            nxt = words[i + 1 : i + 3]
            if (nxt[:1] and nxt[0] in _BOUND_VERBS) or nxt[:2] == ["to", "exceed"] or nxt[:2] == ["to", "exceeds"] \
                    or (nxt[:1] and nxt[0] in _BOUND_AFTER_NO and nxt[1:2] == ["than"]
                        # a floor is a bound before a figure ("no less than 24 months"); "no less than
                        # reasonable care" after "at least the same degree of care" sets a standard
                        # ("limits not less than the following: (a) each occurrence, $1,000,000": the
                        # figures listed next)
                        and (nxt[0] not in _FLOOR_AFTER_NO or words[i + 3 : i + 5] == ["the", "following"]
                             or any(figure(x) or number_word_value(x) is not None for x in words[i + 3 : i + 5]))):
                n += 1
            elif any(words[i + k : i + k + 1] and words[i + k] in _BOUND_AFTER_NO and words[i + k + 1 : i + k + 2] == ["than"]
                     and any(figure(x) is not None for x in words[i + k + 2 : i + k + 4])
                     and all(x.isalpha() and x not in ("and", "or", "but") for x in words[i + 1 : i + k])
                     for k in (2, 3)):
                n += 1  # "must not have spent more than 450 days": a verb between, and a figure bounded
            elif _not_a_bound(words, i):
                n += 1  # "will confer not less frequently than monthly": a bound on how often
    return n


_DEADLINE_WORDS = frozenset("within before by".split())


def _deadlines(words: list[str]) -> int:
    """The negations of ``words`` that only set a deadline: "no later than", "not later than".

    >>> _deadlines("and no later than 72 hours after".split()), _deadlines("not late".split())
    (1, 0)
    """
    def deadline_at(i: int) -> bool:
        j = i + 2 if words[i + 1 : i + 2] == ["event"] else i + 1  # ("in no event later than")
        return words[j : j + 1] in (["later"], ["longer"]) and words[j + 1 : j + 2] == ["than"]

    return sum(1 for i, w in enumerate(words) if w in ("no", "not") and deadline_at(i))


def _bound_words(words: list[str]) -> bool:
    """Whether ``words`` state an upper bound without a negation ("capped at", "at most", "up to")."""
    return any(w in _BOUND_WORDS for w in words) or any(pair in _BOUND_PAIRS for pair in itertools.pairwise(words))


# verbs that report what someone said or wrote ("the authors caution that their conclusions ..."
# restates "our conclusions ...": the same speaker in the third person)
_WRITERS = frozenset("authors researchers investigators scientists".split())  # who wrote a paper's "we", named
_REPORTING = SPEECH_VERBS | frozenset(
    """caution cautions cautioned warn warns warned argue argues argued report reports reported conclude
    concludes concluded explain explains explained acknowledge acknowledges acknowledged admit admits
    admitted claim claims claimed state note write""".split())


_LINK_STEMS = ("associat", "correlat", "linked", "link ", "tied to")  # a link between two things, not a cause
_EFFECT_VERBS = frozenset("""reduce reduces reduced reducing lower lowers lowered lowering cut cuts cutting increase
    increases increased increasing raise raises raised raising prevent prevents prevented preventing improve improves
    improved improving cause causes caused causing protect protects protected protecting halve halved halves
    double doubled doubles shorten shortens shortened shortening lengthen lengthens lengthened lengthening
    worsen worsens worsened worsening speed speeds sped boost boosts boosted boosting slow slows slowed
    slowing extend extends extended extending""".split())


_DETERMINERS_BEFORE_EFFECT = frozenset("a an the its their this that".split())  # "a reduced risk": the effect named


def _link_as_cause(qw: list[str], pw: list[str]) -> str | None:
    """A link the passage reports, told as a cause: "reduced the risk by 28%" for "was associated with a 28%
    lower risk". The effect verb of the quote; ``None`` when the quote keeps the link in words of its own.

    >>> _link_as_cause("the diet reduced the risk".split(), "the diet was associated with a lower risk".split())
    'reduced'
    >>> _link_as_cause("the diet was linked to a lower risk".split(), "the diet was associated with a lower risk".split())
    >>> _link_as_cause("the vaccine reduced the risk".split(), "the vaccine was associated with a reduced risk".split())
    'reduced'
    """
    fq, fp = f" {' '.join(qw)} ", f" {' '.join(pw)} "
    if not any(s in fp for s in _LINK_STEMS) or any(s in fq for s in _LINK_STEMS):
        return None
    # (the passage's "a reduced risk" names the effect; it does not cause it)
    return next((w for i, w in enumerate(qw) if w in _EFFECT_VERBS and not (i and qw[i - 1] in _DETERMINERS_BEFORE_EFFECT)
                 and all(k and pw[k - 1] in _DETERMINERS_BEFORE_EFFECT for k, v in enumerate(pw) if v == w)), None)


_NEVER_PHRASES = (("in", "no", "event"), ("under", "no", "circumstances"), ("at", "no", "time"))


def _never_as_not(words: list[str]) -> list[str]:
    """"in no event", "under no circumstances", "at no time" as the "not" they put on their clause
    ("liability will in no event exceed three times" is "will not exceed three times").

    >>> _never_as_not("liability will in no event exceed three times".split())
    ['liability', 'will', 'not', 'exceed', 'three', 'times']
    """
    out: list[str] = []
    i = 0
    while i < len(words):
        if tuple(words[i : i + 3]) in _NEVER_PHRASES:
            out.append("not")
            i += 3
            continue
        out.append(words[i])
        i += 1
    return out


_SWAP_MODALS = {"shall": "obligation", "must": "obligation", "may": "permission", "can": "permission"}


def modal_swapped(quote: str, passage: str) -> tuple[Difference, ...]:
    """A modal put in the place of one of another class inside words the two texts share on both
    sides ("which shall be renewed automatically" for "which may be renewed by mutual consent"):
    what the rest of the restatement keeps, the swap changes. Read on the word alignment, so a
    modal of a clause the quote rewrites is not paired with one it drops; "not" after either
    side leaves it to the negation rules.

    >>> modal_swapped("for 1 year, which shall be renewed automatically", "for 1 year, which may be renewed by consent")
    (Difference(kind='replace', quote_text='shall', source_text='may', category='modal'),)
    >>> modal_swapped("the Tenant can assign it", "the Tenant may assign it")
    ()
    >>> modal_swapped("Neither Party may assign any of its rights", "Neither Party shall assign any rights")
    ()
    >>> modal_swapped("the other Party may, at its option, terminate it", "the other Party shall, at its option, have the right to terminate it")
    ()
    """
    qw, pw = _words(quote), _words(passage)
    for tag, i1, i2, j1, j2 in SequenceMatcher(None, pw, qw, autojunk=False).get_opcodes():
        if tag != "replace" or i2 - i1 > 2 or j2 - j1 > 2 or i1 < 1 or i2 + 2 > len(pw) or j2 + 2 > len(qw):
            continue
        if pw[i1 - 1] != qw[j1 - 1] or pw[i2 : i2 + 2] != qw[j2 : j2 + 2] or "not" in (pw[i2], qw[j2], *pw[i1:i2], *qw[j1:j2]) \
                or _NEGATIVE_SUBJECTS & set(pw[max(0, i1 - 3) : i1] + qw[max(0, j1 - 3) : j1]):
            continue  # the same word before, the same two after ("neither party shall"/"may": both forbid)
        was = [w for w in pw[i1:i2] if w in _SWAP_MODALS]
        now = [w for w in qw[j1:j2] if w in _SWAP_MODALS]
        if len(was) == len(now) == 1 and _SWAP_MODALS[was[0]] != _SWAP_MODALS[now[0]] \
                and _modal_classes(pw[i1 : i2 + _SWAP_READ]) != _modal_classes(qw[j1 : j2 + _SWAP_READ]):
            # (read on with what follows: "shall, at its option, have the right to terminate" is "may, at its
            # option, terminate")
            return (Difference("replace", now[0], was[0], "modal"),)
    return ()


_SWAP_READ = 10  # words read after a swapped modal to tell its class


_FINDINGS = ("find", "found", "show", "demonstrat", "establish", "prove", "proven", "identif", "detect", "evidence")
# words that report evidence for a claim, of one class: "does not support the concern that transfers
# discourage work" is denied by "confirms that transfers do not discourage work" as by "found that ..."
_EVIDENCE_WORDS = ("support", "confirm")
_NEGATORS_NEAR = frozenset("not no never without".split())


def _negation_moved(qw: list[str], pw: list[str]) -> str | None:
    """A finding the passage denies ("did not find evidence that X contribute", "no evidence that")
    that the quote asserts, with the denial moved into what was found ("found evidence that X do
    not contribute"): the same count of negations, another claim. The quote's finding words and
    its negation after them, else ``None``.

    >>> _negation_moved("the panel found evidence that it does not help".split(),
    ...                 "the panel did not find evidence that it helps".split())
    'found … not'
    >>> _negation_moved("the panel found no evidence that it helps".split(),
    ...                 "the panel did not find evidence that it helps".split())
    """
    def negated_before(words: list[str], i: int) -> bool:
        return any(w in _NEGATORS_NEAR or w.endswith("n't") for w in words[max(0, i - 3) : i])

    def stem(w: str) -> str:
        return "evidence" if w.startswith(_EVIDENCE_WORDS) else "find" if w in ("found", "finds", "finding") else w[:5]

    denied = {stem(w) for i, w in enumerate(pw) if w.startswith(_FINDINGS + _EVIDENCE_WORDS) and negated_before(pw, i)}
    for i, w in enumerate(qw):
        if (w.startswith(_FINDINGS + _EVIDENCE_WORDS) and not negated_before(qw, i)
                and (not w.startswith(_EVIDENCE_WORDS) or qw[i + 1 : i + 2] == ["that"])  # (not "revenue support")
                and (stem(w) in denied or (denied and "evidence" in (*denied, stem(w))))):
            after = next((x for x in qw[i + 1 : i + 13] if x in ("not", "no", "never") or x.endswith("n't")), None)
            if after is not None and not any(x in _NEGATORS_NEAR for x in qw[i + 1 : i + 3]):
                return f"{w} … {after}"
    return None


# the events a payment, a deadline or a right runs from, by kind (a word of a kind stands for the kind):
# "within 30 days of the signing" and "upon execution" name one event, "of the filing" and "of the approval" two
_EVENT_KINDS = (
    "signing signature signed execution executed", "countersigning countersigned countersignature",
    "receipt received receiving", "completion completed conclusion concluded", "commencement start beginning",
    "approval approved", "filing filed submission submitted", "invoice invoicing invoiced billing billed",
    "delivery delivered", "shipment shipped dispatch dispatched sent sending mailed mailing posted posting",
    "acceptance accepted", "termination terminated", "demand demanded request requested",
    "occurrence occurs occurred", "aware awareness", "dosing dosed",
    "expiration expiry expired", "announcement announced", "achievement achieved attainment attained",
    "installation installed", "closing", "hearing", "publication published", "collection collected",
    "launch launched", "verification verified",
    "payment paid paying", "purchase purchased buying bought", "order ordered ordering",
    "notice notification notified notifying", "renewal renewed", "transfer transferred",
    "death died", "diagnosis diagnosed", "injury injured", "award awarded",
)
_EVENT_OF = {w: k for k, kind in enumerate(_EVENT_KINDS) for w in kind.split()}
_PERIOD_UNITS = frozenset("day days week weeks month months year years hour hours".split())
_TRIGGERS = frozenset("upon following after".split())
_EVENT_WINDOW = 10  # words after a trigger where its event stands ("the date on which each such contract is countersigned")


def _trigger_events(words: list[str]) -> set[int]:
    """The kinds of event (:data:`_EVENT_KINDS`) a text runs something from: within a few words after
    "upon", "following", "after", or a time unit and "of" or "from" ("within 30 days of the signing")."""
    out: set[int] = set()
    for i, w in enumerate(words):
        if w in _TRIGGERS or (w in ("of", "from") and i and words[i - 1].rstrip(")") in _PERIOD_UNITS):
            out.update(_EVENT_OF[x] for x in words[i + 1 : i + 1 + _EVENT_WINDOW] if x in _EVENT_OF)
    return out


def trigger_changed(quote: str, passage: str) -> tuple[Difference, ...]:
    """The event a payment, a deadline or a right runs from, put for another ("within 45 days of the
    filing of the BLA" for "... of an approval of the BLA"; "to be paid in full upon completion of the
    event" for "... upon signing of this agreement"): both texts name one, of other kinds, and the
    passage has no word of the quote's kind anywhere.

    >>> trigger_changed("ArTara will pay within 45 days of the filing of the BLA",
    ...                 "Within 45 days of an approval of the BLA by the FDA, ArTara will pay")
    (Difference(kind='replace', quote_text='filing', source_text='approval', category='content'),)
    >>> trigger_changed("payable within 30 days of signing", "payable within thirty days after execution")
    ()
    """
    qw, pw = _words(quote), _words(passage)
    q_events, p_events = _trigger_events(qw), _trigger_events(pw)
    if not q_events or not p_events or q_events & p_events:
        return ()
    said = set(pw)
    if any(w in said for k in q_events for w in _EVENT_KINDS[k].split()):
        return ()  # the quote's event is the passage's too, elsewhere in it
    q_word = next(w for w in qw if _EVENT_OF.get(w) in q_events)
    p_word = next(w for w in pw if _EVENT_OF.get(w) in p_events)
    return (Difference("replace", q_word, p_word, "content"),)


# an editor's note in brackets ("[not in citation given]", "[citation needed]", "[dubious – discuss]"):
# about the text, not part of its claim (its "not" negates nothing the text says)
_EDITORIAL_NOTE = re.compile(r"\[[^\[\]]{0,40}\b(?:citation|verification|clarification|source|dubious|disputed|discuss|"
                             r"needed|given|whom)\b[^\[\]]{0,40}\]", re.I)


_SOME = frozenset("some a an certain".split())


def _denied_thing(qw: list[str], pw: list[str]) -> tuple[str, str] | None:
    """A thing ``qw`` says there is "no" of, where ``pw`` says there is "some" (or "a", "certain") of
    it and never "no": ("no loss", "some loss"). The thing is a content word, so that "no one" and
    "a one-year term" never pair.

    >>> _denied_thing("there would be no loss of outlook".split(), "while there would be some loss of outlook".split())
    ('no loss', 'some loss')
    >>> _denied_thing("no loss at all".split(), "some loss , or no loss".split()) is None
    True

    A thing the other text denies with its verb is denied there too ("did not report a cough" for
    "reported no cough", "a claim can't be brought" for "no claim may be brought"):

    >>> _denied_thing("71 reported no cough".split(), "71 did not report a cough".split()) is None
    True
    """
    from .align import word_category

    for i, w in enumerate(qw[:-1]):
        thing = qw[i + 1]
        if w != "no" or not content_word(thing) or word_category(thing) is not None:
            continue
        said = [(pw[j - 1], j) for j in range(1, len(pw)) if pw[j] == thing]
        if said and "no" not in {x for x, _ in said} and (
                some := next(((x, j) for x, j in said if x in _SOME and not _clause_negated(pw, j)), None)) is not None:
            return f"no {thing}", f"{some[0]} {thing}"
    return None


_CLAUSE_REACH = 8  # words on each side of a word, within its clause, where a negator negates it


def _clause_negated(words: list[str], j: int) -> bool:
    """Whether a negator stands in the clause of ``words[j]`` (up to a comma or a clause stop, at most
    :data:`_CLAUSE_REACH` words each way)."""
    for step in (-1, 1):
        k = j + step
        while 0 <= k < len(words) and abs(k - j) <= _CLAUSE_REACH and words[k] not in (",", ";", ":", ".", "!", "?"):
            if _negator_at(words, k):
                return True
            k += step
    return False


_BOUND_SAID = {"lower": "at least", "upper": "at most"}  # how a difference names the side of a bound
_RULE_MODALS = frozenset("shall must may".split())


def _bound_edge_changed(pw: list[str], qbf: dict[str, str], pbf: dict[str, str], q_strict: set[tuple[str, str, bool]],
                        p_strict: set[tuple[str, str, bool]]) -> tuple[str, bool, bool] | None:
    """A figure both texts bound from the same side, the one taking the figure itself in and the other
    leaving it out ("50% or more" for "more than 50%"), as (figure, whether the quote leaves it out,
    whether the passage does); ``None`` when there is none. Read in a rule (the passage says "shall",
    "must" or "may") or of a share or an amount, where the edge decides: a report's "more than 100
    dead" and "at least 100 dead" tell one count. ``q_strict`` and ``p_strict`` are what
    :func:`_bounded_figures` puts in ``strict``.

    >>> q, p = "if 50 % or more of the shares are sold".split(), "if more than 50 % of the shares are sold".split()
    >>> qs, ps = set(), set()
    >>> _bound_edge_changed(p, _bounded_figures(q, strict=qs), _bounded_figures(p, strict=ps), qs, ps)
    ('50.0', False, True)
    """
    rule = bool(_RULE_MODALS.intersection(pw))
    for x, kind in sorted(qbf.items()):
        if pbf.get(x) != kind:
            continue
        qs = {shut for y, _side, shut in q_strict if y == x}
        ps = {shut for y, _side, shut in p_strict if y == x}
        if not qs or not ps or qs & ps:
            continue
        if not rule and not any(figure(w) == x and (pw[i + 1 : i + 2] in (["%"], ["percent"]) or (i and pw[i - 1] in CURRENCY_SIGNS))
                                for i, w in enumerate(pw)):
            continue
        return x, next(iter(qs)), next(iter(ps))
    return None
_BOUND_EDGE_SAID = {("lower", True): "more than", ("lower", False): "at least", ("upper", True): "less than",
                    ("upper", False): "at most"}  # and whether it takes the figure in


def _denied_either_way(qw: list[str], pw: list[str]) -> tuple[str, str] | None:
    """:func:`_denied_thing` read both ways: (the quote's words, the passage's), else ``None``."""
    if (q_denies := _denied_thing(qw, pw)) is not None:
        return q_denies
    p_denies = _denied_thing(pw, qw)
    return None if p_denies is None else (p_denies[1], p_denies[0])


_WINDOW_WORDS = ("during", "in", "for", "within", "throughout")  # before a period or the first years of it
_WINDOW_PARTS = frozenset("first initial last final".split())  # the part of a period a window names
_WINDOW = re.compile(rf"\b({'|'.join(_WINDOW_WORDS)}) the ({'|'.join(sorted(_WINDOW_PARTS))}) ((?:[\w()]+ ){{0,4}}?)"
                     r"(years?|months?|weeks?|days?|quarters?) of (?:the |this |such )?(\w+)")


def _time_window_dropped(qw: list[str], pw: list[str]) -> str | None:
    """The first (or last) years, months or days of a period the passage limits a claim to ("during the
    initial three (3) years of the Term"), where the quote says the same preposition before the period
    itself ("during the Term", "throughout the Term") and names no first or last part: the words dropped, else ``None``.

    >>> _time_window_dropped("during the term of this agreement".split(), "during the initial three ( 3 ) years of the term".split())
    'initial three ( 3 ) years of the'
    >>> _time_window_dropped("during the first three years of the term".split(), "during the initial three ( 3 ) years of the term".split())
    """
    fp = " ".join(pw)
    m = _WINDOW.search(fp)
    if m is None or not _WINDOW_PARTS.isdisjoint(qw):
        return None
    fq = f" {' '.join(qw)} "
    if not any(f" {w} the {m.group(5)} " in fq for w in _WINDOW_WORDS):
        return None
    return fp[m.start(2) : m.start(5)].strip()


_CONTROL_ARMS = frozenset("control placebo comparison comparator sham untreated".split())
_ARM_WORDS = frozenset("group groups arm arms".split())


def _arm_swapped(qw: list[str], pw: list[str]) -> tuple[str, str] | None:
    """A trial's arm put for another: the quote names an arm ("the app group") the passage does not, where the
    passage names one the quote does not, one of the two a control arm ("the control group") and the other
    not: ``(quote's, passage's)``, else ``None``. Another name for the treated arm ("intervention" for "app")
    is no swap.

    >>> _arm_swapped("higher in the app group".split(), "higher in the control group".split())
    ('app', 'control')
    >>> _arm_swapped("higher in the intervention group".split(), "higher in the app group".split())
    >>> _arm_swapped("38 % in the programme group versus 19 % in the control group".split(), "38 % in the app group , 19 % of controls".split())
    """
    def arms(words: list[str]) -> set[str]:
        named = {words[i - 1] for i, w in enumerate(words) if w in _ARM_WORDS and i and words[i - 1].isalpha()
                 and words[i - 1] not in ("the", "a", "an", "each", "both", "either", "two", "all", "this", "that")}
        # a control arm named without "group": "19% of controls", "than placebo"
        return named | ({"control"} if "controls" in words else set()) | (_CONTROL_ARMS & set(words) - {"control", "comparison"})
    qa, pa = arms(qw), arms(pw)
    for a in sorted(qa - pa):
        for b in sorted(pa - qa):
            if (a in _CONTROL_ARMS) != (b in _CONTROL_ARMS):
                return a, b
    return None


_SPEAKING = r"(?:said|says|warned|warns|told|stated|argued|argues|claimed|claims|cautioned|noted|added|believe|believed)"
_NAMED_SPEAKER = re.compile(rf"\b((?:[A-Z][\w.'’-]*\s+){{0,3}}[A-Z][\w'’-]+)\s+{_SPEAKING}\b")
_GROUP_SPEAKER = re.compile(rf"\b([A-Za-z]+s)\s+(?:have\s+|had\s+)?{_SPEAKING}\b")


def _speaker_swapped(quote: str, passage: str) -> tuple[str, str] | None:
    """A named speaker of the quote where the passage gives the words to a group ("Economists said",
    "analysts warned") and names none of the quote's speaker's words: (quote's speaker, passage's), else
    ``None``. A name added to a pronoun ("he said") or to a title the passage has ("the governor") is
    attribution, not a swap.

    >>> _speaker_swapped("Governor Andrew Bailey said a cut was likely", "Economists said a cut was likely")
    ('Governor Andrew Bailey', 'Economists')
    >>> _speaker_swapped("Governor Andrew Bailey said a cut was likely", "The governor said a cut was likely")
    """
    group = _GROUP_SPEAKER.search(passage)
    if group is None or group.group(1).lower() in _NOT_GROUPS or group.group(1).lower() in quote.lower():
        return None
    lowered = passage.lower()
    for m in _NAMED_SPEAKER.finditer(quote):
        words = [w for w in re.findall(r"[\w'’-]+", m.group(1)) if w.lower() not in _NOT_GROUPS]
        if words and not any(re.search(rf"\b{re.escape(w.lower())}\b", lowered) for w in words):
            return m.group(1), group.group(1)
    return None


_NOT_GROUPS = frozenset("it its this has was is as thus yes the a an he she they we who which also".split())


_LIKENESS = frozenset("comparable similar same equal equivalent alike identical matching".split())
_NOT_COMPARATIVE = frozenset("other rather whether".split())  # "other than", "rather than": no comparison


def _likeness_for_comparison(qw: list[str], pw: list[str]) -> tuple[str, str] | None:
    """A thing the passage compares something with ("smaller than the rectangular halls known from
    Balbridie") that the quote names after a word of likeness ("comparable to ..., and to the rectangular
    halls known from Balbridie"), without the comparison: a difference told as a likeness. ``(the
    quote's word, the passage's comparison)``, else ``None``.

    >>> _likeness_for_comparison("its size is comparable to houses and to the halls known from balbridie".split(),
    ...                          "its size is comparable to houses , though smaller than the halls known from balbridie".split())
    ('comparable', 'smaller than')
    """
    for k in range(1, len(pw) - 1):
        comp = pw[k - 1]
        if pw[k] != "than" or comp in _NOT_COMPARATIVE or not (comp.endswith("er") or comp in ("more", "less", "fewer")) \
                or comp in qw or "than" in qw:
            continue
        thing = [w for w in pw[k + 1 : k + 8] if content_word(w)][:3]
        if len(thing) < 3:
            continue
        for i, w in enumerate(qw):
            if w not in _LIKENESS:
                continue
            named = [x for x in qw[i + 1 :] if content_word(x)]
            if any(named[j : j + 3] == thing for j in range(len(named) - 2)):
                return w, f"{comp} than"
    return None


_DENIED_EXCEPTION = re.compile(r" (?:no|without) exceptions? ")
_EXCEPTION_MADE = re.compile(r" (?:except|excepting|exception|exceptions|save for|(?:shall|does|will) not apply to) ")


def _exception_denied(fq_: str, fp_: str) -> tuple[str, str] | None:
    """The quote's "no exception" (or "without exception") where the passage makes one ("except that it
    shall not apply to ..."): ``(the quote's words, the passage's)``, else ``None``. ``fq_``, ``fp_``: the
    texts' words joined, a space at each end.

    >>> _exception_denied(" there is no exception for innocent co-insureds ", " except that it shall not apply to a spouse ")
    ('no exception', 'except')
    >>> _exception_denied(" applies without exception ", " applies to all insureds ")
    """
    denied = _DENIED_EXCEPTION.search(fq_)
    if denied is None or _DENIED_EXCEPTION.search(fp_) or (made := _EXCEPTION_MADE.search(fp_)) is None:
        return None
    return denied.group().strip(), made.group().strip()


SOFTENERS = frozenset("substantially almost nearly virtually practically essentially".split())
UNIVERSALS = frozenset("all every entire none always never".split())
_UNIVERSAL_REACH = 4  # words after "all" where the thing it ranges over is read


def _softened_universal(qw: list[str], pw: list[str]) -> tuple[str, str] | None:
    """The passage's "substantially all" (or "almost all", "nearly every", "virtually none") of a thing
    that the quote ranges over with the bare word: ``(the quote's word, the passage's words)``, else
    ``None``.

    >>> _softened_universal("all of the company's products are made by tsmc".split(),
    ...                     "substantially all of our products are manufactured by tsmc".split())
    ('all', 'substantially all')
    >>> _softened_universal("almost all of the products".split(), "substantially all of our products".split())
    """
    if SOFTENERS.intersection(qw) or {"most", "majority", "nearly"} & set(qw):
        return None
    for k in range(1, len(pw)):
        if pw[k] in UNIVERSALS and pw[k - 1] in SOFTENERS:
            things = {w for w in pw[k + 1 : k + 1 + _UNIVERSAL_REACH] if content_word(w)}
            for i, w in enumerate(qw):
                if w == pw[k] and things & set(qw[i + 1 : i + 1 + _UNIVERSAL_REACH]):
                    return w, f"{pw[k - 1]} {w}"
    return None


_ASKED_FOR = frozenset("requested request requests asked sought seek seeks applied".split())
_REQUEST_KEPT = ("request", "ask", "seek", "sought", "appl", "call", "pending", "propos")


def _request_told_as_done(qw: list[str], pw: list[str]) -> tuple[str, str] | None:
    """A thing the passage says was asked for ("has requested retraction of the papers") that the quote
    says was done ("the papers have been retracted"): ``(the quote's word, the passage's words)``, else
    ``None``.

    >>> _request_told_as_done("the 2019 and 2020 papers have been retracted".split(),
    ...                       "it has requested retraction of the 2019 and 2020 papers".split())
    ('retracted', 'requested retraction')
    >>> _request_told_as_done("it asked for the papers to be retracted".split(),
    ...                       "it has requested retraction of the papers".split())
    """
    if any(w.startswith(_REQUEST_KEPT) for w in qw):
        return None
    for k, w in enumerate(pw):
        if w not in _ASKED_FOR:
            continue
        for thing in pw[k + 1 : k + 4]:
            if len(thing) < 6 or not content_word(thing):
                continue
            done = next((x for x in qw if x[:VERB_PREFIX] == thing[:VERB_PREFIX] and x.endswith(("ed", "en", "wn"))
                         and x not in pw), None)
            if done is not None:
                return done, f"{w} {thing}"
    return None


_CAUSE_OPENERS = (("reflecting",), ("reflected",), ("due", "to"), ("driven", "by"), ("because",), ("owing", "to"),
                  ("as", "a", "result", "of"), ("caused", "by"), ("attributable", "to"), ("thanks", "to"),
                  ("resulting", "from"), ("on", "the", "back", "of"))
_CAUSE_FIRST = frozenset(o[0] for o in _CAUSE_OPENERS)
_CAUSE_WORDS = 12  # words of a cause read after its opener, to its clause's end


def _cause_of(words: list[str], *, after_figure: bool = False) -> tuple[int, set[str]] | None:
    """Where the first cause ``words`` give opens, and the content stems (and figures) of its clause ("fell 9%,
    reflecting a £68 million impairment of the copper network"); with ``after_figure``, "as" right after a
    figure's clause opens one too ("fell 9% to £312 million as mobile revenues weakened"). ``None`` when they
    give none."""
    for i, w in enumerate(words):
        if w not in _CAUSE_FIRST and w != "as":
            continue
        opener = next((o for o in _CAUSE_OPENERS if tuple(words[i : i + len(o)]) == o), None)
        skip = 0
        if opener is None and words[i + 1 : i + 2] and words[i + 1] in _MAINLY and (w, *words[i + 2 : i + 3]) in _CAUSE_OPENERS:
            opener, skip = (w, words[i + 2]), 1  # "driven primarily by" (since the 58th stop)
        if opener is None and after_figure and w == "as" and any(x[:1].isdigit() for x in words[max(0, i - 3) : i]) \
                and words[i + 1 : i + 2] not in (["a"], ["well"], ["of"], ["such"], ["part"], ["follows"]):
            opener = ("as",)
        if opener is None:
            continue
        at = i + len(opener) + skip
        clause = itertools.takewhile(lambda x: x not in (",", ".", ";", ":"), words[at : at + _CAUSE_WORDS])
        return i, {x[:VERB_PREFIX] for x in clause if (content_word(x) and x not in _AUXILIARIES) or x[:1].isdigit()}
    return None


def _other_cause(qw: list[str], pw: list[str]) -> str | None:
    """A cause the quote gives for what the passage explains otherwise: none of its content words in the
    passage's cause, and two at least nowhere in the passage ("Operating profit dropped 9% as mobile
    revenues weakened" for "Operating profit fell 9%, reflecting a £68 million impairment of the legacy
    copper network"). The quote's cause, else ``None``.

    >>> _other_cause("profit dropped 9 % as mobile revenues weakened".split(),
    ...              "profit fell 9 % , reflecting an impairment of the copper network".split())
    'mobile revenues weakened'
    >>> _other_cause("profit dropped 9 % because of a write-down of the copper network".split(),
    ...              "profit fell 9 % , reflecting an impairment of the copper network".split())
    """
    said, given = _cause_of(qw, after_figure=True), _cause_of(pw)
    if said is None or given is None or not given[1] or len(said[1]) < 2:
        return None
    if (doer := _cause_subject(qw, said)) is not None and doer == _cause_subject(pw, given) \
            and len(said[1]) > 2 and len(given[1]) > 2:
        # the one who acts in both causes is no cause of its own: "because Brightwell self-reported the
        # contravention" for "because Brightwell agreed to settle the case" (since the 59th stop)
        said, given = (said[0], said[1] - {doer}), (given[0], given[1] - {doer})
    if said[1] & given[1]:
        # (one word alike, "portfolio", where both name the main cause and each has two words of its own: "mainly
        # because of higher charges on the mortgage portfolio" for "largely driven by the unsecured consumer lending
        # portfolio"; since the 58th stop)
        if len(said[1] & given[1]) > 1 or len(said[1] - given[1]) < 2 or len(given[1] - said[1]) < 2 \
                or not (_MAINLY & set(qw[max(0, said[0] - 1) : said[0] + 3]) and _MAINLY & set(pw[max(0, given[0] - 1) : given[0] + 3])):
            return None
        return " ".join(w for w in qw[said[0] :] if w[:VERB_PREFIX] in said[1] - given[1])

    def main_cause(words: list[str], at: int) -> bool:  # "driven primarily by", "mainly due to"
        return bool(_MAINLY & set(words[max(0, at - 1) : at + 3]))

    # (words of the passage's elsewhere may be its other claims, told as the cause: only where both name the main one,
    # since the 58th stop: "driven primarily by growth in international student fees" for "driven primarily by
    # postgraduate taught programmes; international student fee income ... grew by 3.4%")
    if len(said[1] - {w[:VERB_PREFIX] for w in pw}) < 2 and not (main_cause(qw, said[0]) and main_cause(pw, given[0])):
        return None
    words = [w for w in qw[said[0] :] if w != "."]
    start = next(k for k, w in enumerate(words) if w[:VERB_PREFIX] in said[1])
    return " ".join(itertools.takewhile(lambda x: x not in (",", ";", ":"), words[start:]))


def _cause_subject(words: list[str], cause: tuple[int, set[str]]) -> str | None:
    """The stem of the first word of a cause's clause (:func:`_cause_of`) when it is a stem of the clause: who
    acts in it ("because Brightwell agreed ..."), else ``None``."""
    first = next((w for w in words[cause[0] + 1 : cause[0] + 5] if w[:VERB_PREFIX] in cause[1]), None)
    return first[:VERB_PREFIX] if first is not None and not first[:1].isdigit() else None


_REGARDLESS = frozenset(("regardless", "irrespective"))


def _condition_waived(qw: list[str], pw: list[str]) -> str | None:
    """The quote's "regardless of X" (or "irrespective of X") where the passage takes X into account and
    waives nothing: "requires a target below 140 mm Hg, regardless of frailty" for "a target below 140 mm Hg
    is reasonable, individualised according to frailty". The words, else ``None``.

    >>> _condition_waived("a target below 140 , regardless of frailty".split(), "individualised according to frailty".split())
    'regardless of frailty'
    >>> _condition_waived("regardless of frailty".split(), "whatever the frailty".split())
    """
    if _REGARDLESS.intersection(pw) or "whatever" in pw or _WAIVED.search(f" {' '.join(pw)} "):
        return None
    for i, w in enumerate(qw[:-2]):
        if w in _REGARDLESS and qw[i + 1] == "of":
            # (since the 58th stop, also where the passage does not speak of X at all: "reduced recurrence ...,
            # regardless of body-mass index" for a finding that names no such breadth)
            what = [x for x in qw[i + 2 : i + 6] if content_word(x)][:1]
            if what:
                return f"{w} of {' '.join(qw[i + 2 : qw.index(what[0], i + 2) + 1])}"
    return None


# what says in other words that a thing does not matter: "whether or not", "independent of", "in all cases"
_WAIVED = re.compile(r" (?:whether or not|independent(?:ly)? of|no matter|in (?:all|every|any) (?:cases?|event|circumstances?)"
                     r"|notwithstanding|without regard) ")


_FLOOR_WORDS = (("at", "least"), ("at", "or", "above"), ("no", "less", "than"), ("not", "below"), ("minimum", "of"),
                ("above",))
_CEILING_WORDS = (("at", "most"), ("at", "or", "below"), ("no", "more", "than"), ("not", "above"), ("maximum", "of"),
                  ("below",))


def _range_end_as_bound(qw: list[str], pw: list[str]) -> tuple[str, str] | None:
    """A range's top told as a floor ("at or above 190%" for "a target range of 160% to 190%"), or its bottom
    as a ceiling: ``(the quote's words, the passage's range)``, else ``None``.

    >>> _range_end_as_bound("keep the ratio at or above 190 %".split(), "a target range of 160 % to 190 %".split())
    ('at or above 190', '160 … 190')
    >>> _range_end_as_bound("keep the ratio at or above 160 %".split(), "a target range of 160 % to 190 %".split())
    """
    ranges: list[tuple[float, float]] = []
    for k, w in enumerate(pw):
        lo = figure(w)
        if lo is None or not _is_float(lo):
            continue
        rest = [x for x in pw[k + 1 : k + 4] if x not in ("%", "per", "cent", "percent")]
        if rest[:1] in (["to"], ["-"], ["–"], ["and"]) and len(rest) > 1 and (hi := figure(rest[1])) is not None \
                and _is_float(hi) and float(hi) > float(lo) and (rest[0] != "and" or "between" in pw[max(0, k - 3) : k]):
            ranges.append((float(lo), float(hi)))
    if not ranges:
        return None
    for i in range(len(qw)):
        for words, end in ((_FLOOR_WORDS, 1), (_CEILING_WORDS, 0)):
            bound = next((b for b in words if tuple(qw[i : i + len(b)]) == b), None)
            if bound is None or i + len(bound) >= len(qw):
                continue
            x = figure(qw[i + len(bound)])
            if x is None or not _is_float(x):
                continue
            for r in ranges:
                if float(x) == r[end]:
                    return f"{' '.join(bound)} {qw[i + len(bound)]}", f"{r[0]:g} … {r[1]:g}"
    return None


def _once_told_as_each(qw: list[str], pw: list[str]) -> tuple[str, str] | None:
    """A thing the passage says happens the first time ("when Net Sales in a Calendar Year first reach") that
    the quote says happens each time ("for each Calendar Year in which Net Sales reach"): ``(the quote's
    words, the passage's)``, else ``None``.

    >>> _once_told_as_each("a milestone for each calendar year in which sales reach".split(),
    ...                    "a milestone when sales in a calendar year first reach".split())
    ('each calendar', 'first')
    """
    if "first" in qw or "once" in qw:
        return None
    for i, w in enumerate(qw[:-1]):
        if w not in ("each", "every") or not content_word(thing := qw[i + 1]):
            continue
        for k, x in enumerate(pw):
            if x == thing and pw[k - 1 : k] in (["a"], ["an"], ["the"]) and "first" in pw[k + 1 : k + 6] + pw[max(0, k - 4) : k]:
                return f"{w} {thing}", "first"
    return None


_CAUSE_STEMS = ("caus", "becaus", "due", "owing", "thank", "driv", "result", "led", "lead", "attribut", "explain",
                "reflect", "contribut", "since", "therefore", "so", "credit", "follow", "after", "amid", "fuel", "light",
                "view", "fear", "aris", "given", "reason", "ground", "basis", "cite", "citing", "hence", "thus", "consequen")


def _cause_added(qw: list[str], pw: list[str]) -> str | None:
    """A cause the quote gives where the passage gives none and has no word of cause at all ("Thanks to the
    catch-up vaccination campaign, weekly case numbers have fallen" for "weekly case numbers have fallen
    for three consecutive weeks"): the quote's cause, else ``None``.

    >>> _cause_added("thanks to the campaign , weekly cases have fallen".split(), "weekly cases have fallen for three weeks".split())
    'thanks to the campaign'
    >>> _cause_added("cases fell due to the campaign".split(), "cases fell after the campaign began".split())
    """
    if any(w.startswith(_CAUSE_STEMS) and not _of_time(pw, i) for i, w in enumerate(pw)):
        return None
    if (before := _cause_before(qw)) is not None and before[1] - {w[:VERB_PREFIX] for w in pw}:
        return before[0]  # "the system had not been delivered to site, which is why it was not used"
    said = _cause_of(qw)
    if said is None or any(w.startswith(_CAUSE_STEMS) for w in pw) or not said[1] - {w[:VERB_PREFIX] for w in pw}:
        return None  # (a cause the passage names, as a thing, is the quote's reading of it: "because of the bond")
    at = said[0]
    if qw[at] == "because" and qw[at + 1 : at + 2] != ["of"]:
        return None  # (a reason given as a clause, "because the tribunal was satisfied", is mostly the passage's own, told)
    return _up_to_stop(qw[at : at + _CAUSE_WORDS])


def _of_time(words: list[str], i: int) -> bool:
    """Whether ``words[i]`` ("since", "after", "following") opens a time, a figure or a month right after it
    ("since 4 March"), not a cause."""
    nxt = words[i + 1] if i + 1 < len(words) else ""
    return words[i] in ("since", "after", "following") and (nxt[:1].isdigit() or nxt in _MONTHS)


# what ends a cause and opens its effect: "X, which is why Y" (since the 58th stop)
_EFFECT_OPENERS = (("which", "is", "why"), ("which", "was", "why"), ("that", "is", "why"), ("that", "was", "why"),
                   ("this", "is", "why"), ("this", "was", "why"), ("which", "explains", "why"))


def _cause_before(words: list[str]) -> tuple[str, set[str]] | None:
    """The clause ``words`` give as the cause of what follows "which is why" (or "that is why", "which
    explains why"), back to the clause's start, with its content stems; ``None`` when they give none.

    >>> _cause_before("the system had not been delivered , which is why it was not used".split())[0]
    'the system had not been delivered'
    """
    for i in range(1, len(words)):
        if words[i] in ("which", "that", "this") and tuple(words[i : i + 3]) in _EFFECT_OPENERS:
            end = i - (words[i - 1] == ",")
            start = max((k + 1 for k in range(end) if words[k] in (",", ".", ";", ":")), default=0)
            clause = words[start:end]
            stems = {x[:VERB_PREFIX] for x in clause if content_word(x) and x not in _AUXILIARIES}
            return (" ".join(clause), stems) if stems else None
    return None


def _subject_to_items(words: list[str]) -> list[list[str]] | None:
    """The conditions ``words`` join after "subject to" ("subject to confirmation by IMF staff ..., and to the
    completion of definitive documentation"), each to the next "and to" or the sentence's end; ``None`` where
    they give no "subject to"."""
    at = next((i for i in range(len(words) - 1) if words[i : i + 2] == ["subject", "to"]), None)
    if at is None:
        return None
    end = next((i for i in range(at, len(words)) if words[i] in (".", ";")), len(words))
    items, start = [], at + 2
    for i in range(at + 2, end - 1):
        if words[i : i + 2] == ["and", "to"]:
            items.append(words[start : i - (words[i - 1] == ",")])
            start = i + 2
    return [*items, words[start:end]]


def _condition_left_out(qw: list[str], pw: list[str]) -> str | None:
    """A condition the passage joins to another after "subject to" ("subject to confirmation by IMF staff ...,
    and to the completion of definitive documentation") that the quote leaves out, keeping the other ("remains
    subject to the completion of definitive documentation"): its first words, else ``None`` (since the 58th stop).

    >>> p = "it remains subject to confirmation by imf staff , and to the completion of documentation .".split()
    >>> _condition_left_out("it remains subject to the completion of documentation".split(), p)
    'confirmation by imf staff'
    >>> _condition_left_out("it remains subject to imf staff confirmation and to documentation".split(), p)
    """
    q, p = _subject_to_items(qw), _subject_to_items(pw)
    if q is None or p is None or len(p) < 2:
        return None
    said = {w[:VERB_PREFIX] for item in q for w in item if content_word(w)}
    kept = [item for item in p if len(said & {w[:VERB_PREFIX] for w in item if content_word(w)}) >= 2]
    left = [item for item in p if len({w[:VERB_PREFIX] for w in item if content_word(w)}) >= 2
            and not said & {w[:VERB_PREFIX] for w in item if content_word(w)}]
    return " ".join(left[0][:_LABEL_WORDS]) if kept and left else None


_CONDITION_OPENS = frozenset("where if provided unless when whenever until".split())
_MAIN_CLAUSE = frozenset("shall will must may can should".split())


def _condition_conjunct_dropped(qw: list[str], pw: list[str], ops: Sequence[tuple[str, int, int, int, int]]) -> str | None:
    """One of the requirements the passage joins with "and" in a condition that opens its sentence ("Where the
    Customer has ... declared a higher value in writing and the Company has confirmed its agreement in writing and
    the Customer has paid ...") that the quote leaves out, keeping the rest: the words left out, else ``None``.
    ``ops``: the passage's words aligned with the quote's (since the 58th stop).

    >>> p = "where the customer declared a value and the company confirmed its agreement and the customer paid , it shall apply".split()
    >>> q = "where the customer declared a value and the customer paid , it shall apply".split()
    >>> _condition_conjunct_dropped(q, p, SequenceMatcher(None, p, q, autojunk=False).get_opcodes())
    'company confirmed its agreement and the'
    """
    opens = next((i for i, w in enumerate(pw[:4]) if w in _CONDITION_OPENS), None)
    if opens is None or not any(w in _CONDITION_OPENS for w in qw[:4]):
        return None
    for tag, i1, i2, _j1, _j2 in ops:
        # (the "and" that joins the requirement at either end: an alignment may take the one before or after it)
        if tag != "delete" or "and" not in pw[i1 - 1 : i1 + 2] + pw[i2 - 3 : i2 + 1] or i2 - i1 < 4 or i1 <= opens:
            continue
        left = pw[i1:i2]
        if _MAIN_CLAUSE & set(pw[opens:i2]) or any(w in (".", ";") for w in pw[opens:i2]):
            continue  # (past the condition: the main clause's words)
        if sum(1 for w in left if content_word(w) and w not in _AUXILIARIES) >= 2:
            return " ".join(left)
    return None


# a bound on a figure besides :func:`_bound_words`' ("at least 300 cells per μL", "aged 65 or over"): "more than 5%"
_THAN_BOUNDS = frozenset({("more", "than"), ("less", "than"), ("fewer", "than"), ("greater", "than")})
_THRESHOLD_COPY = 3  # words the quote copies on each side of the threshold it leaves out


def _threshold_dropped(qw: list[str], pw: list[str], ops: Sequence[tuple[str, int, int, int, int]]) -> str | None:
    """Words the quote leaves out from the middle of a stretch it copies, which bound a figure ("and a blood eosinophil
    count of at least 300 cells per μL"): who or what the claim holds for, widened. The words, else ``None``
    (since the 60th stop). ``ops`` as for :func:`_condition_conjunct_dropped`.

    >>> p = "in patients with severe asthma and a count of at least 300 cells , the drug reduced attacks by 56 %".split()
    >>> q = "in patients with severe asthma , the drug reduced attacks by 56 %".split()
    >>> _threshold_dropped(q, p, SequenceMatcher(None, p, q, autojunk=False).get_opcodes())
    'and a count of at least 300 cells'
    """
    inner = [op for op in ops if op[0] != "equal" and 0 < op[3] < len(qw)]  # (the quote's own stretch, its edges aside)
    if any(op[0] != "delete" for op in inner):
        return None  # words of the quote's own: a restatement, which may name the threshold in its own words ("heavy smokers")
    for k, (tag, i1, i2, _j1, _j2) in enumerate(ops):
        if tag != "delete" or not 0 < k < len(ops) - 1:
            continue
        before, after = ops[k - 1], ops[k + 1]
        if before[0] != "equal" or after[0] != "equal" or min(before[2] - before[1], after[2] - after[1]) < _THRESHOLD_COPY:
            continue
        left = pw[i1:i2]
        if not any(w[:1].isdigit() for w in left) or not (_bound_words(left) or _THAN_BOUNDS & set(itertools.pairwise(left))):
            continue
        return " ".join(left)
    return None


_AWARE = ("aware", "knowledge", "knew", "known", "receipt", "receiv", "discover", "notif", "notice", "learn", "told", "tell",
          "inform", "advis", "apprise", "heard")


def _trigger_dropped(q: _Limits, p: _Limits) -> tuple[str, str] | None:
    """A time limit the passage runs from when a party knows of an event ("within 14 days of the date upon which
    the Customer became aware ... of the event") that the quote runs from the event itself ("within 14 days of the
    date of the event"). ``q``, ``p``: the quote's and the passage's :func:`_time_anchors`. ``(the quote's limit,
    the passage's word of knowing)``, else ``None`` (since the 58th stop).

    >>> _trigger_dropped(_time_anchors("within 14 days of the date of the event".split()),
    ...                  _time_anchors("within 14 days of the date the customer became aware".split()))
    ('14 days', 'aware')
    """
    def knows(stems: set[str]) -> bool:
        return any(x.startswith(_AWARE_STEMS) for x in stems)

    for key, (said, written) in q.items():
        if key in p and knows(p[key][0]) and not knows(said):
            return written, next(x for x in sorted(p[key][0]) if x.startswith(_AWARE_STEMS))
    return None


_AWARE_STEMS = tuple(a[:4] for a in _AWARE)


def _cause_told_as_sole(qw: list[str], pw: list[str]) -> str | None:
    """The main cause of two the passage ranks ("primarily to increased Greenland meltwater discharge and, to a
    lesser extent, to changes in precipitation") told as the cause ("was caused by Greenland meltwater
    discharge"), no word of the quote's saying it is one of several: the passage's word of rank, else ``None``
    (since the 58th stop)."""
    ranked = _ranked_parts(pw)
    if ranked is None or _MAINLY & set(qw) or _LESSER & set(qw) or any(w.startswith(_SHARE_KEPT) for w in qw) \
            or not any(w.startswith(("caus", "due", "driven", "result", "attribut", "explain")) for w in qw):
        return None
    main = {w[:VERB_PREFIX] for w in ranked[0]}
    lesser = {w[:VERB_PREFIX] for w in ranked[1]} - main
    said = {w[:VERB_PREFIX] for w in qw}
    if len(said & main) >= 2 and not said & lesser:
        return next(w for w in pw if w in _MAINLY)
    return None


_ACTING_NAME = re.compile(r"\s*(?:the\s+)?([A-Z][\w-]+)\s+(?:shall|will|may|must|can|has|have|is|are|was|were)\b")
_WHILE = re.compile(r",?\s+(?:while|whereas)\s+|;\s*")


def _item_of_other_party(quote: str, passage: str) -> tuple[str, str] | None:
    """What the passage gives one party in a clause of its own ("Quillivant will have final decision-making
    authority on global trial design, while Hoshimura will have final say on regulatory strategy within the
    Territory") that the quote gives to the other, naming the first alone ("Quillivant will have final
    decision-making authority on global trial design and on regulatory strategy within the Territory"): ``(the
    quote's party, the passage's)``, else ``None`` (since the 58th stop).

    >>> _item_of_other_party("Quillivant will decide trial design and regulatory strategy in Japan",
    ...                      "Quillivant will decide trial design, while Hoshimura will decide regulatory strategy in Japan")
    ('Quillivant', 'Hoshimura')
    """
    pieces = _WHILE.split(passage)
    if len(pieces) < 2:
        return None

    from .align import is_known_word

    def subject(text: str) -> str | None:
        # a name that opens the clause and acts ("Hoshimura will have"), no English word ("Any", "Triglycerides")
        m = _ACTING_NAME.match(text)
        return m.group(1) if m and not is_known_word(m.group(1).lower()) else None

    who = subject(quote)
    subjects = [subject(p) for p in pieces]
    if who is None or who not in subjects:
        return None
    stems = [content_stems(p) for p in pieces]
    said = content_stems(quote)
    mine = stems[subjects.index(who)]
    for k, other in enumerate(subjects):
        if other is None or other == who or other in quote:
            continue
        if len(said & (stems[k] - mine)) >= 2 and said & (mine - stems[k]):
            return who, other
    return None


_WITH_CONSENT = re.compile(r" with (?:the |its |their |his |her |our |your )?(?:[\w-]+'s? )?(?:prior )?(?:express )?(?:written )?"
                           r"(?:consent|approval|permission|agreement|authori[sz]ation)\b")
_CONSENT_KEPT = ("consent", "approv", "permi", "agree", "authori", "sanction")


def _consent_dropped(qw: list[str], pw: list[str]) -> str | None:
    """A consent the passage makes a thing depend on ("You may still take your pension from age 55 ... with the
    Employer's consent") that the quote leaves out while it keeps the words the consent follows: the passage's
    words, else ``None`` (since the 58th stop).

    >>> _consent_dropped("you may take your pension from age 55 , but".split(),
    ...                  "you may take your pension from age 55 with the employer's consent , but".split())
    "with the employer's consent"
    """
    text = f" {' '.join(pw)} "
    m = _WITH_CONSENT.search(text)
    if m is None:
        return None
    # (a quote's "Agreement" is mostly the contract's name, a consent only where the passage's word is "agreement")
    if any(w.startswith(_CONSENT_KEPT) and (w not in ("agreement", "agreements") or "agreement" in m.group()) for w in qw):
        return None
    # (the words the consent follows, by their first letters: "disclose Shared Data to a Sub-processor only")
    before = [w[:VERB_PREFIX] for w in text[: m.start()].split() if content_word(w) or figure(w) is not None][-4:]
    said = {w[:VERB_PREFIX] for w in qw}
    return m.group().strip() if sum(1 for w in before if w in said) >= 2 else None
def _opt_ways(words: list[str]) -> set[str]:
    """"in" and "out" of the opting ``words`` speak of ("unless the client has opted in", "an opt-out basis")."""
    out = {w[3:] for w in words if w in ("optin", "optout")}
    out |= {words[i + 1] for i, w in enumerate(words[:-1]) if w in ("opt", "opts", "opted", "opting") and words[i + 1] in ("in", "out")}
    return out


def _opt_reversed(qw: list[str], pw: list[str]) -> tuple[str, str] | None:
    """Opting out where the passage has opting in, or the other way round ("covered ... unless the client chooses to
    opt out" for "does not apply to segregated mandates unless the client has opted in"): ``(the quote's, the
    passage's)``, else ``None`` (since the 58th stop).

    >>> _opt_reversed("unless the client chooses to opt out".split(), "unless the client has opted in".split())
    ('opt out', 'opt in')
    """
    q, p = _opt_ways(qw), _opt_ways(pw)
    if len(q) == 1 and len(p) == 1 and q != p:
        return f"opt {q.pop()}", f"opt {p.pop()}"
    return None


_REVIEW = frozenset(("review", "reviews", "reviewed", "reconsider", "reconsiders", "reconsidered", "revisit", "revisits"))


def _review_told_as_change(qw: list[str], pw: list[str]) -> tuple[str, str] | None:
    """A thing the passage says will be reviewed ("the Council would review fares again in autumn 2025") that the
    quote says will be raised or cut ("the Council would cut fares in autumn 2025"): ``(the quote's verb, the
    passage's)``, else ``None`` (since the 58th stop).

    >>> _review_told_as_change("the council would cut fares in 2025".split(), "the council would review fares again in 2025".split())
    ('cut', 'review')
    """
    if _REVIEW & set(qw):
        return None
    for i, w in enumerate(pw):
        if w not in _REVIEW:
            continue
        things = {x[:VERB_PREFIX] for x in pw[i + 1 : i + 3] if content_word(x)}
        for k, v in enumerate(qw):
            if any(g == 0 for g, _ in _sides_of(v)) and things & {x[:VERB_PREFIX] for x in qw[k + 1 : k + 3]}:
                return v, w
    return None


_TARGET_MISSED = re.compile(r" (?:below|short of|under|missed|miss|misses|behind) (?:[\w%.,-]+ ){0,4}?(?:target|goal|benchmark) ")
_TARGET_MET = ("met", "meet", "meets", "meeting", "achiev", "hit", "hits", "exceed", "reach", "surpass", "beat")


def _target_told_met(qw: list[str], pw: list[str]) -> tuple[str, str] | None:
    """A target the passage says was missed ("79%, ... but below the national target of 80%") that the quote says
    was met ("uptake met the national 80% target"): ``(the quote's word, the passage's)``, else ``None`` (since the
    58th stop).

    >>> _target_told_met("uptake met the national 80% target".split(), "uptake was 79% , below the national target of 80%".split())
    ('met', 'below the national target')
    """
    m = _TARGET_MISSED.search(f" {' '.join(pw)} ")
    if m is None or _TARGET_MISSED.search(f" {' '.join(qw)} ") or not any(w in ("target", "goal", "benchmark") for w in qw):
        return None
    met = next((w for w in qw if w.startswith(_TARGET_MET)), None)
    return (met, m.group().strip()) if met is not None and not any(w.startswith(_TARGET_MET) for w in pw) else None


_EACH_PARTY = frozenset(("each", "either", "both"))
_PARTY_NOUNS = frozenset(("party", "parties"))


def _mutual_narrowed(qw: list[str], pw: list[str], ops: Sequence[tuple[str, int, int, int, int]]) -> tuple[str, str] | None:
    """One party named where the passage gives a right or duty to each of them ("the University shall be free to
    publish" for "each Party shall be free to publish"): ``(the quote's party, the passage's words)``, else ``None``
    (since the 58th stop; the other way round is :func:`made_mutual`'s).

    >>> p = "each party shall be free to publish the results".split()
    >>> q = "the university shall be free to publish the results".split()
    >>> _mutual_narrowed(q, p, SequenceMatcher(None, p, q, autojunk=False).get_opcodes())
    ('the university', 'each party')
    """
    for tag, i1, i2, j1, j2 in ops:
        if tag != "replace" or i2 - i1 > 3 or j2 - j1 > 3:
            continue
        said, given = qw[j1:j2], pw[i1:i2]
        if _EACH_PARTY & set(given) and _PARTY_NOUNS & set(given) and not (_EACH_PARTY | _PARTY_NOUNS) & set(said) \
                and any(content_word(w) for w in said):
            return " ".join(said), " ".join(given)
    return None


_ATTRIBUTION_DENIED = re.compile(r" (?:cannot|can ?not|could not|may not|should not) be (?:attributed|ascribed) to | not randomly "
                                 r"(?:assigned|allocated) | does not (?:prove|establish|show) (?:a )?caus")
_CAUSAL_KEPT = ("associat", "link", "correlat", "alone", "attribut", "random", "caus", "may", "might", "could", "not", "cannot")


def _causal_caveat_dropped(qw: list[str], pw: list[str]) -> str | None:
    """A finding the passage says cannot be put down to its factor ("..., but because management is not randomly
    assigned, this difference cannot be attributed to management alone") told with no such caveat ("The survey found
    that coppice management keeps dormice on sites"): the passage's caveat, else ``None`` (since the 58th stop)."""
    m = _ATTRIBUTION_DENIED.search(f" {' '.join(pw)} ")
    if m is None or any(w.startswith(_CAUSAL_KEPT) or w.endswith(("n't", "n’t")) for w in qw):
        return None  # (a quote that keeps a hedge or a negation of its own: "can't be put down to")
    before = {w[:VERB_PREFIX] for w in f" {' '.join(pw)} "[: m.start()].split() if content_word(w)}
    return m.group().strip() if len(before & {w[:VERB_PREFIX] for w in qw if content_word(w)}) >= 3 else None


_TYPICAL = frozenset(("typical", "average", "median"))
_AS_LIMIT = (("the", "most"), ("at", "most"), ("a", "maximum"), ("the", "maximum"), ("never", "more"), ("no", "more"))


def _typical_told_as_limit(qw: list[str], pw: list[str]) -> str | None:
    """A figure the passage gives for a typical case ("the cap for a typical dual fuel household ... is £1,738")
    told as the most anyone pays ("which is the most any dual fuel household ... will pay"): the quote's words, else
    ``None`` (since the 58th stop)."""
    if not _TYPICAL & set(pw) or _TYPICAL & set(qw):
        return None
    return next((" ".join(p) for p in itertools.pairwise(qw) if p in _AS_LIMIT and p not in set(itertools.pairwise(pw))), None)


_PREFERRED_OVER = frozenset(("over", "ahead"))
_AROUND = 4  # content words read on each side of "over"


def _preference_swapped(qw: list[str], pw: list[str]) -> tuple[str, str] | None:
    """Two things the passage ranks with "over" ("prioritise traffic from customers on Unlimited Max over Veltra
    Unlimited customers") that the quote ranks the other way round: words of each side's own on the other side
    in the quote. ``(the quote's order, the passage's)``, else ``None`` (since the 58th stop).

    >>> p = "we may prioritise customers on unlimited max over veltra unlimited customers".split()
    >>> _preference_swapped("we may prioritise customers on veltra unlimited over unlimited max customers".split(), p)
    ('veltra … max', 'max … veltra')
    """

    def sides(words: list[str]) -> tuple[set[str], set[str]] | None:
        at = next((i for i, w in enumerate(words) if w in _PREFERRED_OVER and i), None)
        if at is None:
            return None
        before = [w for w in itertools.takewhile(lambda x: x not in (",", ";", ".", "on", "from", "to", "of"), reversed(words[:at]))
                  if content_word(w)][:_AROUND]
        after = [w for w in itertools.takewhile(lambda x: x not in (",", ";", "."), words[at + 1 :]) if content_word(w)][:_AROUND]
        left, right = {w[:VERB_PREFIX] for w in before}, {w[:VERB_PREFIX] for w in after}
        return left - right, right - left

    p = sides(pw)
    q = sides(qw) if p is not None else None
    if p is None or q is None or not all(p) or not all(q):
        return None
    if q[0] & p[1] and q[1] & p[0] and not q[0] & p[0]:  # (a word after both, "customers", stays put)
        word = {w[:VERB_PREFIX]: w for w in qw}
        first, second = word[sorted(q[0] & p[1])[0]], word[sorted(q[1] & p[0])[0]]
        return f"{first} … {second}", f"{second} … {first}"
    return None


_PERCENT_OF = re.compile(r" (\d+(?:\.\d+)?%) of (?:the |all |its |their |our )?((?:[\w'-]+ ){1,4})")


def _share_of_other(qw: list[str], pw: list[str]) -> tuple[str, str] | None:
    """A share the quote takes of another whole than the passage does ("71% of the failed tests" for "71% of the
    regional CRI score"): none of the whole's content words alike. ``(the quote's, the passage's)``, else ``None``
    (since the 58th stop).

    >>> _share_of_other("it was responsible for 71% of the failed tests".split(), "it accounted for 71% of the regional cri score".split())
    ('71% of failed tests', '71% of regional cri score')
    """
    def shares(words: list[str]) -> dict[str, tuple[set[str], str]]:
        out = {}
        for m in _PERCENT_OF.finditer(f" {' '.join(words)} "):
            whole = [w for w in m.group(2).split() if content_word(w) and w not in _AUXILIARIES][:3]
            if whole:
                out[m.group(1)] = ({w[:VERB_PREFIX] for w in whole}, f"{m.group(1)} of {' '.join(whole)}")
        return out

    if "%" not in " ".join(qw):
        return None
    q, p = shares(qw), shares(pw)
    for x, (whole, said) in q.items():
        # (people counted by another word, "38% of people" for "38% of participants", are the same whole)
        if x in p and not whole & p[x][0] and not (whole | p[x][0]) & _PEOPLE_STEMS \
                and not whole & {w[:VERB_PREFIX] for w in pw if w not in p[x][1]}:
            return said, p[x][1]
    return None


_PEOPLE_STEMS = frozenset(w[:VERB_PREFIX] for w in "people persons participants patients group groups respondents subjects "
                          "members customers adults children women men individuals households users employees staff "
                          "cases population arm".split())


_OF_WHOM = frozenset("whom which them these those".split())


def _one_told_as_both(qw: list[str], pw: list[str]) -> tuple[str, str] | None:
    """"both of whom" (or all, each of them) where the passage says "one of whom" (or neither, none): ``(the
    quote's words, the passage's)``, else ``None`` (since the 58th stop).

    >>> _one_told_as_both("two players , both of whom were loaned".split(), "two players , one of whom was loaned".split())
    ('both of whom', 'one of whom')
    """
    def said(words: list[str], counts: tuple[str, ...]) -> str | None:
        return next((" ".join(words[i : i + 3]) for i in range(len(words) - 2)
                     if words[i] in counts and words[i + 1] == "of" and words[i + 2] in _OF_WHOM), None)

    q, p = said(qw, ("both", "all", "each")), said(pw, ("one", "neither", "none"))
    if q is not None and p is not None and said(pw, ("both", "all", "each")) is None:
        return q, p
    # "both grounds are made out" for "the first ground is made out" (since the 58th stop)
    for i, w in enumerate(qw[:-1]):
        if w in ("both", "all") and len(noun := qw[i + 1]) > 3 and noun not in pw:
            one = next((k for k in range(len(pw) - 1) if pw[k] in ("first", "second", "one")
                        and pw[k + 1][:VERB_PREFIX] == noun[:VERB_PREFIX]), None)
            if one is not None and not {"both", "all"} & set(pw):
                return f"{w} {noun}", f"{pw[one]} {pw[one + 1]}"
    return None


_RULED_OUT = ("rule", "refut", "exclud", "disprov", "reject")


def _alternative_dropped(qw: list[str], pw: list[str]) -> str | None:
    """"confirm or rule out" (or refute, exclude) told as "confirm" alone: a test's open outcome told as its
    result. The passage's words, else ``None`` (since the 58th stop).

    >>> _alternative_dropped("observations will confirm this candidate".split(), "observations should confirm or rule out this candidate".split())
    'confirm or rule'
    """
    if not any(w.startswith("confirm") for w in qw) or any(w.startswith(_RULED_OUT) for w in qw):
        return None
    return next((" ".join(pw[i : i + 3]) for i in range(len(pw) - 2)
                 if pw[i].startswith("confirm") and pw[i + 1] == "or" and pw[i + 2].startswith(_RULED_OUT)), None)


_REMAINDER = re.compile(r" (\d+(?:\.\d+)?) (?:per cent|percent|%) to ((?:[\w-]+ ){1,5})and (?:the )?(?:remainder|rest|balance) to ((?:[\w-]+ ?){1,5})")


def _majority_swapped(qw: list[str], pw: list[str]) -> tuple[str, str] | None:
    """The larger of two shares the passage splits a whole into ("approximately 58 per cent to dynamic thinning and
    the remainder to surface mass balance anomalies") told as the smaller ("Most of the sector's loss came from
    surface mass balance anomalies"): ``(the quote's, the passage's larger part)``, else ``None`` (since the 58th
    stop).

    >>> p = "we attribute approximately 58 per cent to dynamic thinning and the remainder to surface mass balance .".split()
    >>> _majority_swapped("most of the loss came from surface mass balance , with thinning the rest".split(), p)
    ('most … surface mass balance', 'dynamic thinning')
    """
    most = next((i for i, w in enumerate(qw) if w in ("most", "majority") or w in _MAINLY), None)
    if most is None:
        return None
    m = _REMAINDER.search(f" {' '.join(pw)} ")
    if m is None or not _is_float(m.group(1)):
        return None
    first = [w for w in m.group(2).split() if content_word(w)]
    rest = [w for w in m.group(3).split() if content_word(w)]
    larger, smaller = (first, rest) if float(m.group(1)) > 50 else (rest, first)
    said = list(itertools.takewhile(lambda x: x not in (",", ";", "."), qw[most + 1 :]))
    stems = {w[:VERB_PREFIX] for w in said}
    if len(stems & {w[:VERB_PREFIX] for w in smaller}) >= 2 and not stems & {w[:VERB_PREFIX] for w in larger}:
        return f"{qw[most]} … {' '.join(w for w in said if w in smaller)}", " ".join(larger)
    return None


_FASTER = frozenset("faster higher more larger greater stronger bigger quicker better".split())
_SLOWER = frozenset("slower lower less smaller weaker fewer worse".split())


def _percent_labels(words: list[str]) -> list[tuple[float, set[str], str]]:
    """Each percentage ``words`` give, with the stems of the content words before it back to the clause's
    start or :data:`_LABEL_WORDS` words (what grew by it: "regional airports grew by 9.8%"), and those words."""
    out = []
    start = 0
    for i, w in enumerate(words):
        if w in (",", ";", ".", ":", "while", "whereas"):
            start = i + 1
            continue
        if w.endswith("%") and _is_float(w[:-1]):
            label = words[max(start, i - _LABEL_WORDS) : i]
            out.append((float(w[:-1]), {x[:VERB_PREFIX] for x in label if content_word(x) and x not in _AUXILIARIES},
                        " ".join([*label, w])))
    return out


def _comparison_reversed(qw: list[str], pw: list[str]) -> tuple[str, str] | None:
    """A comparison the quote draws ("Kingsmoor grew faster than the Group's regional airports, with passenger
    numbers up 6.1%") that the passage's own figures turn round ("an increase of 6.1%, while regional airports grew
    by 9.8%"): the quote's own percentage below (or, for "slower", above) the one the passage gives for what
    follows "than". ``(the quote's comparison, the passage's figure)``, else ``None`` (since the 58th stop).

    >>> p = "kingsmoor handled 24 million passengers , an increase of 6.1% , while regional airports grew by 9.8%".split()
    >>> _comparison_reversed("kingsmoor grew faster than the regional airports , up 6.1%".split(), p)
    ('faster than the regional airports', 'regional airports grew by 9.8%')
    >>> _comparison_reversed("regional airports grew faster than kingsmoor , up 9.8%".split(), p)
    """
    if "than" not in qw:
        return None
    at = qw.index("than")
    if not at or qw[at - 1] not in _FASTER | _SLOWER:
        return None
    than = list(itertools.takewhile(lambda x: x not in (",", ";", ".", "with"), qw[at + 1 : at + 6]))
    them = {x[:VERB_PREFIX] for x in than if content_word(x)}
    own = [float(w[:-1]) for w in qw if w.endswith("%") and _is_float(w[:-1])]
    if len(them) < 2 or len(own) != 1:
        return None
    labels = _percent_labels(pw)
    if own[0] not in {v for v, _, _ in labels}:
        return None
    for value, label, shown in labels:
        if len(label & them) >= 2 and value != own[0] and (value > own[0]) == (qw[at - 1] in _FASTER):
            return " ".join(qw[at - 1 : at + 1 + len(than)]), shown
    return None


_SEQUENCE = frozenset(("before", "after"))


def _sequence_swapped(qw: list[str], pw: list[str]) -> tuple[str, str] | None:
    """Two things the passage puts in order around "before" or "after" ("apply the payment first to the
    arrears and any default charges before applying the balance towards early repayment") that the quote
    puts the other way round: words of each side moved to the other, two at least each way. ``(the quote's
    order, the passage's)``, else ``None``.

    >>> _sequence_swapped("apply the payment first to early repayment before applying the balance to the arrears and charges".split(),
    ...                   "apply the payment first to the arrears and charges before applying the balance to early repayment".split())
    ('early repayment … arrears charges', 'arrears charges … early repayment')
    """
    def sides(words: list[str], at: int) -> tuple[list[str], list[str]]:
        left = list(itertools.takewhile(lambda x: x not in (",", ";", ".", ":"), reversed(words[:at])))[::-1]
        right = list(itertools.takewhile(lambda x: x not in (",", ";", ".", ":"), words[at + 1 :]))
        return ([w for w in left if content_word(w) and w not in _AUXILIARIES],
                [w for w in right if content_word(w) and w not in _AUXILIARIES])

    for word in _SEQUENCE.intersection(qw) & _SEQUENCE.intersection(pw):
        if (moved := _moved_both_ways(*sides(pw, pw.index(word)), *sides(qw, qw.index(word)))) is not None:
            return moved
    # ... or ranked: "mainly due to A and, to a lesser extent, B" told with A and B the other way round
    q, p = _ranked_parts(qw), _ranked_parts(pw)
    return _moved_both_ways(*p, *q) if q is not None and p is not None else None


_MAINLY = frozenset(_QUALIFIER_CLASSES["mostly"].split())  # "mainly", "primarily", "largely", ...


_LESSER = frozenset("lesser secondary minor subsidiary".split())  # the word that ranks the lesser part


def _ranked_parts(words: list[str]) -> tuple[list[str], list[str]] | None:
    """The content words of the main part and of the lesser part of "mainly ... , to a lesser extent, ...",
    to the sentence's end; ``None`` when ``words`` rank no two parts so."""
    m = next((i for i, w in enumerate(words) if w in _MAINLY), None)
    lesser = next((i for i in range(len(words) - 1) if words[i : i + 2] == ["lesser", "extent"]), None)

    def content(part: list[str]) -> list[str]:
        return [w for w in part if content_word(w) and w not in _AUXILIARIES and w not in ("lesser", "extent")
                and w not in _LESSER]

    if m is not None and lesser is None and (minor := next((w for w in words[m:] if w in _LESSER), None)) is not None:
        # "mainly from A, with B a lesser source": the lesser part before its "lesser" (since the 58th stop; "with B
        # as a secondary contributor", since the 59th)
        at = words.index(minor, m)
        comma = next((i for i in range(m, at) if words[i] == ","), None)
        return (content(words[m + 1 : comma]), content(words[comma + 1 : at])) if comma is not None else None
    if m is None or lesser is None or lesser < m:
        return None
    end = next((i for i in range(lesser, len(words)) if words[i] in (".", ";")), len(words))
    return content(words[m + 1 : lesser]), content(words[lesser + 2 : end])


def _moved_both_ways(a: list[str], b: list[str], qa: list[str], qb: list[str]) -> tuple[str, str] | None:
    """Words of the passage's first part (``a``, by their first letters, not in its second part ``b``) that
    the quote has in its second part (``qb``), and the other way round, two at least each way: the two
    parts told the other way round. ``(the quote's order, the passage's)``, else ``None``."""
    sa, sb = {w[:VERB_PREFIX] for w in a}, {w[:VERB_PREFIX] for w in b}
    to_b = [w for w in qb if w[:VERB_PREFIX] in sa - sb]  # the passage's first things, told second
    to_a = [w for w in qa if w[:VERB_PREFIX] in sb - sa]
    if len(to_b) >= 2 and len(to_a) >= 2:
        return f"{' '.join(to_a)} … {' '.join(to_b)}", f"{' '.join(to_b)} … {' '.join(to_a)}"
    return None


# a stance the passage takes that the quote hardens (since the 58th stop): what is alleged told as admitted, what
# is expected or agreed in principle told as confirmed or done
_HARDENED = (
    (("alleg",), ("admit", "acknowledg", "conced", "confess")),
    (frozenset("expect expects expected expecting anticipate anticipates anticipated intend intends intended plan plans "
               "planned hope hopes hoped aims proposed proposes principle normally usually generally typically "
               "ordinarily".split()),
     ("confirm", "guarantee", "completed", "finalised", "finalized")),
    # (since the 59th stop: "may be warranted, but ... should be evaluated in a randomised trial" told as "the
    # authors recommend rolling out")
    (frozenset("warranted merit merits worth".split()), ("recommend",)),
    # (since the 59th stop: "The outcome could have a material adverse effect" told as "The Group expects the DOJ
    # investigation to have a material adverse effect")
    (frozenset("could might possibly potentially".split()), ("expect",)),
)


_FIRM = (*(stem for _, firm in _HARDENED for stem in firm), "establish", "prove", "proven", "verified")


def _stance_hardened(qw: list[str], pw: list[str]) -> tuple[str, str] | None:
    """What the passage says is alleged ("as Plaintiffs allege upon information and belief, enrollment ...
    had been suspended") that the quote says was admitted ("Veltrion has admitted that enrollment was
    suspended"), or what it says is expected or agreed in principle that the quote says is confirmed or
    completed ("Halvern has confirmed that topline data ... will be reported" for "the Company expects
    topline data"): ``(the quote's word, the passage's)``, else ``None``.

    >>> _stance_hardened("the company admitted that sites were suspended".split(), "as plaintiffs allege , sites had been suspended".split())
    ('admitted', 'allege')
    >>> _stance_hardened("it confirmed data in 2025".split(), "it expects data in 2025".split())
    ('confirmed', 'expects')
    >>> _stance_hardened("the plaintiffs allege the company admitted it".split(), "plaintiffs allege it".split())
    """
    if not any(w.startswith(_FIRM) for w in qw):
        return None  # (most quotes: no word of a firm stance)
    if "evidence" not in qw and any(pw[i : i + 2] == ["no", "evidence"] for i in range(len(pw) - 1)):
        # "has confirmed that no customer data was accessed" for "We have found no evidence that ... accessed ...
        # customer data": an absence of evidence told as a confirmed absence
        hard = next((w for w in qw if w.startswith(("confirm", "establish", "prove", "proven", "verified"))), None)
        if hard is not None:
            return hard, "no evidence"
    for tentative, firm in _HARDENED:
        def weak(w: str, tentative: Iterable[str] = tentative) -> bool:
            return w in tentative if isinstance(tentative, frozenset) else w.startswith(tuple(tentative))

        said = next((w for w in pw if weak(w)), None)
        if said is None or any(weak(w) for w in qw):
            continue
        hard = next((w for w in qw if w.startswith(firm) and not any(x.startswith(w[:VERB_PREFIX]) for x in pw)), None)
        if hard is not None and not any(w.startswith(firm) for w in pw):
            return hard, said
    return None


_CONTRIBUTED = ("contribut", "factor")
_SHARE_KEPT = ("contribut", "factor", "partly", "part", "among", "one", "also", "some", "partial")


def _contributor_told_as_cause(qw: list[str], pw: list[str]) -> str | None:
    """A thing the passage says only contributed ("weaknesses in the application process also contributed")
    that the quote gives as the cause ("the shortfall was caused by weaknesses in the application process"):
    the quote's cause, else ``None``.

    >>> _contributor_told_as_cause("the shortfall was caused by weaknesses in the application process".split(),
    ...                            "mainly low take-up , although weaknesses in the application process also contributed".split())
    'weaknesses application process'
    """
    cause = _cause_of(qw)
    if cause is None or len(said := cause[1]) < 2 or any(w.startswith(_SHARE_KEPT) for w in qw):
        return None
    for k, w in enumerate(pw):
        if w.startswith(_CONTRIBUTED):
            clause = list(itertools.takewhile(lambda x: x not in (",", ";", "."), reversed(pw[:k])))
            stems = {x[:VERB_PREFIX] for x in clause if content_word(x)}
            if len(said & stems) >= max(2, (2 * len(said) + 2) // 3):
                return " ".join(x for x in qw if x[:VERB_PREFIX] in said & stems)
    return None


# "once" that counts: not a conjunction ("once the agreement ends"), nor "at once"
_ONCE_NOT_BEFORE = frozenset("the a an it they we you he she such all any that this these those its their our".split())
_MANY_TIMES = (("as", "many", "times"), ("any", "number", "of", "times"), ("more", "than", "once"), ("repeatedly",),
               ("unlimited",), ("each", "time"), ("every", "time"))


def _once(words: list[str]) -> bool:
    return any(w == "once" and (words[i + 1] if i + 1 < len(words) else "") not in _ONCE_NOT_BEFORE
               and words[i - 1 : i] != ["at"] for i, w in enumerate(words))


def _frequency_changed(qw: list[str], pw: list[str]) -> tuple[str, str] | None:
    """A thing done once told as done each time or without limit, or the other way round: ``(the quote's
    words, the passage's)``, else ``None``.

    >>> _frequency_changed("tests can be repeated as many times as needed".split(), "tests may be repeated once".split())
    ('as many times', 'once')
    >>> _frequency_changed("it sets the price for each lot once , at the start".split(),
    ...                    "it sets the price for each lot at the start of each round".split())
    ('once', 'each round')
    """
    if _once(pw) and not _once(qw):
        many = next((" ".join(m) for i in range(len(qw)) for m in _MANY_TIMES if tuple(qw[i : i + len(m)]) == m), None)
        return (many, "once") if many is not None else None
    if _once(qw) and not _once(pw):
        # (each of something the quote names with "each" too is no time: "for each lot category")
        told = {(a, b) for a, b in itertools.pairwise(qw) if a in ("each", "every")}
        each = next((f"{a} {b}" for a, b in itertools.pairwise(pw) if a in ("each", "every") and (a, b) not in told), None)
        if each is not None:
            return "once", each
    return None


_TURN_WORDS = 2  # content words on each side of an act that must be the same for its passive to turn it round


def _voice_turned(qw: list[str], pw: list[str]) -> tuple[str, str] | None:
    """An act the passage states in the active voice that the quote states in the passive with the same
    words on each side, so that what acted is now acted on: "this contract ... shall be superseded by
    any conflicting terms" for "this contract ... shall supersede any conflicting terms". ``(the
    quote's words, the passage's)``, else ``None``. (The passive with the two sides traded, "the
    terms are superseded by this contract", is the same claim and is not read here.)

    >>> _voice_turned("the contract shall be superseded by any conflicting terms".split(),
    ...               "the contract shall supersede any conflicting terms".split())
    ('be superseded by', 'supersede')
    >>> _voice_turned("any conflicting terms are superseded by the contract".split(),
    ...               "the contract shall supersede any conflicting terms".split())
    """
    def side(words: list[str]) -> list[str]:
        return [w for w in words if content_word(w) and w not in _AUXILIARIES][:_TURN_WORDS]

    for i in range(1, len(qw) - 3):
        if qw[i] not in _BE or qw[i + 2] != "by" or not qw[i + 1].endswith(("ed", "en")):
            continue
        stem, before, after = qw[i + 1][:VERB_PREFIX], side(qw[i - 1 :: -1]), side(qw[i + 3 : i + 9])
        if len(before) < 1 or len(after) < _TURN_WORDS:
            continue
        for k in range(1, len(pw) - 1):
            if (pw[k][:VERB_PREFIX] == stem and pw[k] != qw[i + 1] and pw[k - 1] not in _BE and pw[k + 1] != "by"
                    and side(pw[k - 1 :: -1])[:1] == before[:1] and side(pw[k + 1 : k + 7]) == after):
                return f"{qw[i]} {qw[i + 1]} by", pw[k]
    return None


_BRACKETED_LETTER = re.compile(r"\[([^\W\d_])\](?=\w)")


def meaning_differences(quote: str, passage: str) -> tuple[Difference, ...]:
    """The load-bearing ways ``quote`` does not claim what ``passage`` claims (empty: the same claim).

    Dropping information (a date, a figure, a qualifier) is allowed; adding or changing it is
    not. Each difference names its category (``negation``, ``number``, ``modal``,
    ``quantifier``, ``direction``, ``party``). An editor's note in brackets is no part of either.

    >>> meaning_differences("a 5-cylinder compound engine", "a 5-cylinder engine (no compound).[not in citation given]")
    (Difference(kind='replace', quote_text='∅', source_text='no', category='negation'),)
    """
    if "[" in quote or "[" in passage:
        quote, passage = _EDITORIAL_NOTE.sub(" ", quote), _EDITORIAL_NOTE.sub(" ", passage)
        # "[n]either Party shall": a letter put in brackets is the word's own (since the 63rd stop)
        quote = _BRACKETED_LETTER.sub(r"\1", quote)
    # "02/08/2021" for "2 August 2021": the other text says which order; "18 February and 9 April 2024", which year
    quote, passage = dates_read_as(quote, passage), dates_read_as(passage, quote)
    qw, pw = _with_scales(_never_as_not(_words(quote))), _with_scales(_never_as_not(_words(passage)))
    qw, pw = _million_units(qw, pw), _million_units(pw, qw)
    # "were not included" for "were excluded": one claim, the negation in the word
    qw, pw = _negated_opposites(qw, pw), _negated_opposites(pw, qw)
    out: list[Difference] = []
    qn, pn = _negations(qw) + _negative_verbs(qw, pw) + _avoided(qw, pw), _negations(pw) + _negative_verbs(pw, qw) + _avoided(pw, qw)
    qn, pn = qn + _prohibited(qw, pw), pn + _prohibited(pw, qw)
    qn, pn = qn + _denied_claims(qw, pw), pn + _denied_claims(pw, qw)
    qb, pb = _bound_negations(qw), _bound_negations(pw)
    if (pb and (qb or _bound_words(qw))) or (qb and _bound_words(pw)):
        # "capped at the fees paid" restates "shall not exceed the fees paid": the same bound, not a
        # negation dropped; a quote that states no bound ("shall exceed the fees") keeps the difference
        # (and the other way round: "needs no more than f(n) steps" for "at most f(n)")
        qn, pn = qn - qb, pn - pb
    q_due, p_due = _deadlines(qw), _deadlines(pw)
    if (p_due and (q_due or _DEADLINE_WORDS & set(qw))) or (q_due and _DEADLINE_WORDS & set(pw)):
        # "within 72 hours" restates "no later than 72 hours after", and the other way round: the same
        # deadline, no negation
        qn, pn = qn - q_due, pn - p_due
    # a "non-" word left out whole ("an independent non-profit corporation" restated without it)
    # is information dropped: the quote claims neither it nor its opposite
    qn, pn = qn - _non_words_alone(qw, pw), pn - _non_words_alone(pw, qw)
    # and one the two texts both have, said more often in the one ("the non-controlling interest losses
    # and the non-controlling interest share of loss" restated of the share alone) negates nothing more
    qn, pn = qn - _non_words_repeated(qw, pw), pn - _non_words_repeated(pw, qw)
    # "Apart from roofing materials, there was no ..." for "no ... other than on roofing materials": one exception, which
    # "apart from" counts as a negation and "other than" does not (since the 61st stop)
    q_apart, p_apart = _pairs_of(qw, ("apart", "from")), _pairs_of(pw, ("apart", "from"))
    # (or "no other customer" for "apart from Halvorsen and Brightwater, no single customer")
    q_other, p_other = (_pairs_of(w, ("other", "than")) + _pairs_of(w, ("no", "other")) for w in (qw, pw))
    # (where the other text says "except", counted as a negation already, "apart from" stands for it)
    if q_apart and not p_apart and p_other and not _EXCEPT_WORDS & set(pw):
        qn -= min(q_apart, p_other)
    elif p_apart and not q_apart and q_other and not _EXCEPT_WORDS & set(qw):
        pn -= min(p_apart, q_other)
    if qn % 2 != pn % 2:
        # "Peak-hour trains are unaffected" for "peak-hour services will not be changed": a participle
        # negated by its prefix, in the one text only, where the other has a negator of its own
        q_un, p_un = _un_participles(qw, pw), _un_participles(pw, qw)
        if (q_un and pn > qn and _negated_participle_in(pw)) or (p_un and qn > pn and _negated_participle_in(qw)):
            qn, pn = qn + q_un, pn + p_un
    if qn % 2 != pn % 2:
        # "he neither interviewed them nor reviewed the logs" for "he did not interview them, and he did not
        # review the logs": two negated claims, which "neither … nor" says in one
        if pn > qn and _neither_nor(qw):
            qn += 1
        elif qn > pn and _neither_nor(pw):
            pn += 1
    if qn % 2 != pn % 2:
        # "misses the minimum" for "does not meet the minimum": a negative predicate, in the one text
        # that has fewer negations
        if pn > qn and (q_neg := _negative_predicates(qw, pw)):
            qn += q_neg
        elif qn > pn and (p_neg := _negative_predicates(pw, qw)):
            pn += p_neg
    if qn % 2 != pn % 2:
        # "..., rather than returning the kettle to the store" for "they should not return the product to the
        # store": a negation in other words, in the one text that has fewer
        # (what "rather than" denies must be what the other text negates: "return it rather than destroy it"
        # for "should destroy it; should not return it" swaps the sides)
        q_rt, p_rt = _rather_than(qw, pw), _rather_than(pw, qw)
        if q_rt and pn > qn and not p_rt:
            qn += q_rt
        elif p_rt and qn > pn and not q_rt:
            pn += p_rt
    if pn and (aside := _asides_left_out(quote, passage)):
        # a negation inside an aside the quote leaves out whole ("(fried items no more than once a
        # week)", ", for whom the optimal duration has not been established") is information dropped
        pn -= sum(_negations(_words(a)) for a in aside)
    if qn % 2 == pn % 2 and pn >= 2 and (unnegated := _negated_verb_told_plain(qw, pw)) is not None:
        # "knew" for "did not know, and could not reasonably have been expected to know": two negations
        # of one claim, not one negation of another, so the parity alone reads them as none
        out.append(Difference("delete", "", f"not {unnegated}", "negation"))
    elif qn % 2 == pn % 2 and pn >= 2 and (told_plain := _negated_pair_told_plain(qw, pw)) is not None:
        # "are covered, and we will reimburse any reasonable costs" for "are not covered, and we are unable to
        # reimburse any costs": two negated claims told plainly, the count still even (since the 59th stop)
        out.append(Difference("delete", "", f"not {told_plain}", "negation"))
    elif qn % 2 != pn % 2:
        out.append(Difference("replace", _negators(qw, pw), _negators(pw, qw), "negation"))
    elif (denied := _denied_either_way(qw, pw)) is not None:
        # "there would be no loss of outlook" for "while there would be some loss of outlook, the harm would
        # not ...": the same thing said to be and not to be, whatever negations the rest of the text has
        out.append(Difference("replace", denied[0], denied[1], "negation"))
    elif (negated_pair := _prefix_negated(qw, pw)) is not None:
        # "a revocable licence" for "an irrevocable licence"
        out.append(Difference("replace", negated_pair[0], negated_pair[1], "negation"))
    elif (shifted := _negation_moved(qw, pw)) is not None:
        # "found evidence that hot-smoked products do not contribute" for "did not find evidence that
        # hot-smoked products contribute": the absence of evidence told as evidence of absence
        out.append(Difference("replace", shifted, f"not {shifted.split()[0]}", "negation"))
    elif pn == 1 and qn == 1 and (swapped_verb := _negated_verb_swapped(qw, pw)) is not None:
        # "would slow an attacker's enumeration, though it would not stop it" for "would not materially slow
        # enumeration": one negation each, of another verb (since the 61st stop)
        out.append(Difference("replace", swapped_verb[0], swapped_verb[1], "negation"))
    elif pn == 1 and qn == 1 and (swapped_verb := _negated_verb_swapped(pw, qw)) is not None:
        # and the other way round: "doesn't pass into breast milk, so it's safe" for "passes into breast milk, but this is
        # not expected to harm your baby" (since the 64th stop)
        out.append(Difference("replace", swapped_verb[1], swapped_verb[0], "negation"))
    elif qn == 0 and _not_without(pw) and not _ORDER_KEEPERS.intersection(qw):
        # "should stop using the pump and consult a doctor" for "should not stop using the pump
        # without first consulting a doctor": the two negations made one condition, and the quote
        # keeps neither it nor a condition of its own
        out.append(Difference("delete", "", "not ... without", "negation"))
    qn_, pn_ = _numbers(qw), _numbers(pw)
    two = canonical_number("2") or "2"
    if pn_ and two not in pn_ and "two" not in pw and any(w == "two" and not (i and qw[i - 1] in _DETERMINERS_BEFORE)
                                                          and qw[i + 1 : i + 4] != ["and", "a", "half"]
                                      for i, w in enumerate(qw)):
        # "two" is a word more often than a figure ("the two companies"), but where the passage
        # counts something else, "two kids" for "five children" is another figure
        qn_ = {**qn_, two: "two"}
    for said, other, other_words in ((qn_, pn_, pw), (pn_, qn_, qw)):
        if two in said and two not in other and "two" in other_words:
            other[two] = "two"  # "twice this year" for "two cuts this year" ("two" alone is read as a word)
    for said, other in ((qn_, pn_), (pn_, qn_)):
        for share in [x for x, w in said.items() if (w in _FRACTIONS or _fraction(w)) and x not in other and _is_float(x)]:
            # "half of the cost" for "50% of the cost", "two-thirds" for "67%": one share, written two ways
            as_percent = canonical_number(str(float(share) * 100))
            if _fraction(said[share]) or said[share] in _ONE_PART:  # a third and its multiples round: "two-thirds" is 67%, or 66.7%
                as_percent = next((x for x in other if _is_float(x) and abs(float(x) - float(share) * 100) < 1),
                                  as_percent)
            if as_percent in other and other[as_percent].endswith("%") or _percent_units(
                    pw if other is pn_ else qw).get(as_percent or "") == "percent":
                said[as_percent or share] = said.pop(share)
    for said, other, said_words in ((qn_, pn_, qw), (pn_, qn_, pw)):
        for n, m, share in _one_in(said_words):
            # "one in five respondents" for "20% of respondents": one share, written two ways
            if share not in said and share in other and other[share].endswith("%") and m in said and m not in other:
                said[share] = said.pop(m)
                if n in said and n not in other:
                    del said[n]
    q_times, p_times = _rate_phrases(qw), _rate_phrases(pw)
    same_rate = bool(q_year := _times_a_year(q_times)) and q_year <= _times_a_year(p_times)
    if same_rate:
        # "paid twice a year" for "payable semi-annually", "every six months" for "twice a year": the counts of
        # one rate, which the rates compare, not figures of their own
        for said, words, times in ((qn_, qw, q_times), (pn_, pw, p_times)):
            count_words = {words[k] for _, _, ks, _ in times for k in ks}
            for key in [k for k, w in said.items() if w in count_words and words.count(w) == 1]:
                del said[key]
    # "almost twenty years" for "nearly two decades", "in the next 100 years" for "within the next century": one
    # span, counted in other units
    q_spans, p_spans = _year_spans(qw), _year_spans(pw)
    for said, counts in ((qn_, _span_counts(q_spans, p_spans)), (pn_, _span_counts(p_spans, q_spans))):
        for key in [k for k, w in said.items() if w in counts]:
            del said[key]
    if qn_.keys() - pn_.keys():
        out.append(Difference("replace", " ".join(qn_[k] for k in sorted(qn_.keys() - pn_.keys())),
                              " ".join(pn_[k] for k in sorted(pn_.keys() - qn_.keys())) or "∅", "number"))
    if not any(d.category == "number" for d in out) and (q_mag := _magnitudes(qw)) and (p_mag := _magnitudes(pw)) \
            and q_mag != p_mag:
        # "several millions of years" for "several hundreds of thousands of years": another order of size
        out.append(Difference("replace", " of ".join(q_mag), " of ".join(p_mag), "number"))
    if not any(d.category == "number" for d in out) and (recounted := _recounted(qw, pw)) is not None:
        # "37 homes were destroyed" for "37 structures, including 12 homes, were destroyed"
        out.append(Difference("replace", recounted[0], recounted[1], "number"))
    if not any(d.category == "number" for d in out) and (misplaced := _moved_figure(qw, pw)) is not None:
        # "payable on November 28 to holders of record on December 12" for the two dates the other way round
        out.append(Difference("replace", misplaced[0], misplaced[1], "number"))
    if not any(d.category == "number" for d in out) and (years := _year_swapped(qw, pw)) is not None:
        # "Revenue was $100.2 million in 2019" for "... compared with $100.2 million in 2018"
        out.append(Difference("replace", years[0], years[1], "number"))
    if not any(d.category == "number" for d in out) and (whole := _whole_for_part(qw, pw)) is not None:
        # "total debt of $400 million" for "total debt was $2.3 billion, of which $400 million matures"
        out.append(Difference("replace", whole[0], whole[1], "number"))
    if not any(d.category == "number" for d in out) and (in_place := _figure_in_place(qw, pw)) is not None:
        # "(about 6.0 months)" for "(about 8.0 months)", where the passage has a 6 elsewhere
        out.append(Difference("replace", in_place[0], in_place[1], "number"))
    if not any(d.category == "number" for d in out) and (span := _span_changed(q_spans, p_spans)) is not None:
        # "the lowest level in a decade" for "the lowest level in two years"
        out.append(Difference("replace", span[0], span[1], "number"))
    if (cited := _citation_swapped(quote, passage)) is not None:
        # "Garcia et al. (2021) reported a 12% improvement" for "Smith and Lee (2019) reported ..., later
        # replicated by Garcia et al. (2021)"
        out.append(Difference("replace", cited[0], cited[1], "party"))
    if not any(d.category == "number" for d in out) and (dose := _dose_moved(qw, pw)) is not None:
        # "up to 8 tablets every 4 to 6 hours" for "two tablets every 4 to 6 hours, up to 8 tablets in 24 hours"
        out.append(Difference("replace", dose[0], dose[1], "number"))
    if not any(d.category == "number" for d in out) and (score := _pair_changed(quote, passage)) is not None:
        # "draw with City 3-3" for "beat City 3-2": two figures read as one pair
        out.append(Difference("replace", score[0], score[1], "number"))
    if not any(d.category == "number" for d in out):
        # "climbed to 12%" for "rose by 12%": the amount of a change told as the level it reached
        q_ch, p_ch = _changes(qw), _changes(pw)
        for x in sorted(q_ch.keys() & p_ch.keys()):
            if not q_ch[x] & p_ch[x]:
                out.append(Difference("replace", f"{min(q_ch[x])} {qn_.get(x, x)}", f"{min(p_ch[x])} {pn_.get(x, x)}", "number"))
                break
    if (q_basis := _change_bases(qw)) and (p_basis := _change_bases(pw)) and not q_basis & p_basis:
        # "rose 3.1% from the previous quarter" for "rose 3.1% year on year": another change, measured
        # against another period
        out.append(Difference("replace", " ".join(sorted(q_basis)), " ".join(sorted(p_basis)), "number"))
    q_strict: set[tuple[str, str, bool]] = set()
    p_strict: set[tuple[str, str, bool]] = set()
    qbf, pbf = _bounded_figures(qw, strict=q_strict), _bounded_figures(pw, strict=p_strict)
    # a bound from the other side: "up to $10,000" for "at least $10,000". (A bound added to an exact
    # figure is implied by it, "at least four" for "four"; a floor dropped is information dropped, a cap
    # dropped, below, tells the most that may be as what is.)
    rebound = sorted(x for x, kind in qbf.items() if x in pbf and pbf[x] != kind)
    qbt, pbt = _bounded_terms(qw), _bounded_terms(pw)
    if (turned := sorted(x for x, kind in qbt.items() if x in pbt and pbt[x] != kind)) and not rebound:
        # "is more than f(n)" for "is at most f(n)": a term bounded from the other side
        t = turned[0]
        out.append(Difference("replace", f"{_BOUND_SAID[qbt[t]]} {t}", f"{_BOUND_SAID[pbt[t]]} {t}", "direction"))
    if rebound and not any(d.category == "number" for d in out):
        x = rebound[0]
        out.append(Difference("replace", f"{_BOUND_SAID[qbf[x]]} {qn_.get(x, x)}", f"{_BOUND_SAID[pbf[x]]} {pn_.get(x, x)}",
                              "number"))
    elif (edge := _bound_edge_changed(pw, qbf, pbf, q_strict, p_strict)) is not None \
            and not any(d.category == "number" for d in out):
        # "fifty percent or more" for "more than fifty percent": the same side, but one takes the figure
        # itself in and the other leaves it out (at exactly 50% the rule applies in the one, not the other)
        x, q_shut, p_shut = edge
        out.append(Difference("replace", f"{_BOUND_EDGE_SAID[qbf[x], q_shut]} {qn_.get(x, x)}",
                              f"{_BOUND_EDGE_SAID[pbf[x], p_shut]} {pn_.get(x, x)}", "number"))
    # (a range's end is no cap the quote may drop: "aged 7-10" restates "aged 7 to 10")
    elif (unbounded := sorted(x for x, kind in _bounded_figures(pw, ranges=False).items()
                              if kind == "upper" and x in qn_ and x not in qbf and not _bound_near(qw, x))) \
            and not states_bound(qw) and not _CAP_WORDS.search(f" {' '.join(qw)} ") \
            and not any(d.category == "number" for d in out):
        # "faces 2 years in prison" for "faces up to 2 years in prison": the most that may be, told as what is
        x = unbounded[0]
        out.append(Difference("replace", qn_.get(x, x), f"{_BOUND_SAID['upper']} {pn_.get(x, x)}", "quantifier"))
    elif not any(d.category == "number" for d in out):
        # "six people were injured" for "five out of six people were injured": the whole for the part
        stated = {figure(w) for w in qw} - {None}
        part = next(((x, y) for x, y in _parts(pw) if figure(pw[y]) in stated and figure(pw[x]) not in stated), None)
        if part is not None:
            out.append(Difference("replace", pw[part[1]], " ".join(pw[part[0] : part[1] + 1]), "number"))
    other_refs = sorted(_references(quote) - _references(passage))
    if other_refs and not any(d.category == "number" for d in out):
        # "Exhibits A through H" for "Exhibits A, B, C, D, E, F and G": a document the source does not name
        out.append(Difference("replace", other_refs[0], ", ".join(sorted(_references(passage))) or "∅", "number"))
    qu, pu = _percent_units(qw), _percent_units(pw)
    unit_changed = sorted(x for x in qu.keys() & pu.keys() if qu[x] != pu[x])
    if unit_changed and not any(d.category == "number" for d in out):
        # "up 12 percentage points" for "up 12%": a share of the base, or a difference of two shares
        x = unit_changed[0]
        out.append(Difference("replace", f"{qn_.get(x, x).rstrip('%')} {qu[x]}", f"{pn_.get(x, x).rstrip('%')} {pu[x]}",
                              "number"))
    q_per, p_per = _per_units(qw), _per_units(pw)
    other_per = sorted((kind, u) for kind, u in q_per - p_per if kind in {k for k, _ in p_per} and (kind, u) not in p_per)
    if other_per and not any(d.category == "number" for d in out):
        # "$4.41 per pound" for "$4.41 per kilogram": a price or a rate in another unit of the same kind
        kind, u = other_per[0]
        out.append(Difference("replace", f"per {u}", f"per {next(v for k, v in sorted(p_per) if k == kind)}", "number"))
    q_units, p_units = _figure_units(qw), _figure_units(pw)
    other_unit = sorted(x for x in q_units.keys() & p_units.keys() if not set(q_units[x]) & set(p_units[x]))
    if other_unit and not any(d.category == "number" for d in out):
        # "5,500,000 square miles" for "5,500,000 square kilometres", "30 months" for "30 days", "10 grams" for
        # "10 ml": a figure in a unit the passage never gives it in (since the 55th stop, of any kind)
        x = other_unit[0]
        out.append(Difference("replace", f"{qn_.get(x, x)} {q_units[x][0][1]}", f"{pn_.get(x, x)} {p_units[x][0][1]}", "number"))
    q_money, p_money = _figure_currencies(qw), _figure_currencies(pw)
    other_money = sorted(x for x in q_money.keys() & p_money.keys() if q_money[x] != p_money[x])
    if other_money and not any(d.category == "number" for d in out):
        # "18,500 euros" for "USD 18,500": the same amount in another currency
        x = other_money[0]
        out.append(Difference("replace", f"{q_money[x]} {qn_.get(x, x)}", f"{p_money[x]} {pn_.get(x, x)}", "number"))
    qm, pm = _modal_classes(qw), _modal_classes(pw)
    permitted_for_forbidden = "permission" in qm and "prohibition" in pm
    unless_restated = permitted_for_forbidden and _only_if_for_unless(qw, pw)
    if unless_restated or (permitted_for_forbidden and pb and not qb and _bound_words(qw)):
        # "may sublet the Premises only if the Landlord consents" is "shall not sublet ... unless the Landlord
        # consents": a prohibition with its exception; "fees can be at most $500" is "fees shall not exceed
        # $500": a cap (which figure is capped, the number rules read)
        qm = (qm - {"permission"}) | {"prohibition"}
    if qm ^ pm == {"obligation", "permission"} and _use_only(qw) and _use_only(pw):
        # "may use it only to carry out its obligations" for "will use it only for the purpose of ...":
        # either way a restriction to that use, whichever modal says it
        qm = pm
    if not any(d.category == "number" for d in out) and (
            threshold := _dropped_threshold(pbf, qbf, qn_, pn_, qm, pm)) is not None:
        # "must report any incident involving ammonia" for "... a release of more than 50 kilograms of ammonia"
        out.append(Difference("delete", "", threshold, "connective"))
    q_rate, p_rate = _rates(q_times), _rates(p_times)
    other_rate = sorted(u for u in q_rate.keys() & p_rate.keys() if q_rate[u] != p_rate[u])
    if same_rate:
        pass  # each rate of the quote is one of the passage's, however written ("every six months", "semi-annually")
    elif other_rate and not any(d.category == "number" for d in out):
        # "500 mg a day" for "500 mg twice daily": another rate
        u = other_rate[0]
        out.append(Difference("replace", f"{q_rate[u]:g} a {u}", f"{p_rate[u]:g} a {u}", "number"))
    elif q_rate and p_rate and not q_rate.keys() & p_rate.keys() and not any(d.category == "number" for d in out):
        # "within five days after the end of each quarter" for "... of each month": another period
        out.append(Difference("replace", f"a {min(q_rate)}", f"a {min(p_rate)}", "number"))
    qd, pd = _days(qw), _days(pw)
    if qd - pd and pd and not any(d.category == "number" for d in out):
        # "on Monday" for "on Tuesday", "next autumn" for "next spring": another day or season (one
        # only added is left to the figures: restatements of news add the weekday of the report)
        out.append(Difference("replace", " ".join(sorted(w for w in set(qw) if _DAYS.get(w) in qd - pd)),
                              " ".join(sorted(w for w in set(pw) if w in _DAYS)), "number"))
    qa, pa = _anchored_times(qw), _anchored_times(pw)
    moved = sorted(u for u in qa.keys() & pa.keys() if qa[u] != pa[u])
    if moved and not any(d.category == "number" for d in out):
        # "by the end of this year" for "by the end of next year"
        out.append(Difference("replace", f"{qa[moved[0]]} {moved[0]}", f"{pa[moved[0]]} {moved[0]}", "number"))
    if qm - pm and pm:
        out.append(Difference("replace", " ".join(sorted(qm - pm)), " ".join(sorted(pm)), "modal"))
    elif len(pm) > 1 and (bound := _modal_of_same_subject(qw, pw)) is not None:
        # "actions arising out of the agreement must be brought in Harris County" for "... shall be construed
        # under Texas law and actions arising out of this Agreement may be litigated in Harris County": each
        # class is the passage's somewhere, but not for the same subject
        out.append(Difference("replace", bound[0], bound[1], "modal"))
    elif "permission" in pm and not qm and _AUTOMATIC.intersection(qw) and _AUTOMATIC.isdisjoint(pw):
        # "the Loans automatically become due" for "the Lenders may, by notice, declare the Loans due": a party's
        # choice told as what happens by itself
        out.append(Difference("replace", sorted(_AUTOMATIC.intersection(qw))[0], "may", "modal"))
    elif "permission" in pm and not qm and (plain := _may_told_plain(qw, pw)) is not None:
        # "the Lenders declare the Loans due" for "the Lenders may, by notice, declare the Loans due", "long-term use
        # causes liver damage" for "may cause": a choice or a chance told as what happens
        out.append(Difference("replace", plain, f"may {plain}", "modal"))
    elif "obligation" in qm and not pm and (goals := sorted(_GOALS.intersection(pw) | _requested(pw))) \
            and _GOALS.isdisjoint(qw) and not _requested(qw):
        # "The Company shall produce 100 million watt-hours a year" for "The goal is to produce ...": an aim
        # told as a duty; "a damp survey must be obtained" for "we recommend that a damp survey is obtained":
        # advice told as a duty; "Council must hold a public hearing" for "Council is asked to hold ...": a
        # request told as a duty
        out.append(Difference("replace", "obligation", goals[0], "modal"))
    if (strict := _equality_dropped(qw, pw)) is not None:
        out.append(Difference("replace", strict, "or equal to", "quantifier"))
    # ("only applies if" for "applies only if", "is not covered unless": a condition the passage makes the only way too;
    # since the 64th stop)
    qq, pq = _quantifiers(qw, verb_before_condition=not _ONLY_WAY.isdisjoint(pw)), _quantifiers(pw)
    if unless_restated:
        qq.discard("only")  # ("only with the Landlord's prior written consent": the exception, restated)
    # a quantifier the passage contradicts, or a strong one it lacks ("each year" restating
    # "per year" is no change; "only" or "none" added is)
    # ("all seven astronauts" restates "its seven astronauts": the count the passage states is all of them)
    if _WHOLE.intersection(qw) and (parts := _PART_WORDS.intersection(pw) - set(qw)):
        # "sublet the entire Premises" for "sublet up to one half of the Premises": the whole for a part
        out.append(Difference("replace", sorted(_WHOLE.intersection(qw))[0], sorted(parts)[0], "quantifier"))
    elif (part_said := _part_for_whole(qw, pw)) is not None:
        # "remove Schedule C-1 in part" for "remove Schedule C-1 in its entirety" (since the 57th stop)
        out.append(Difference("replace", part_said, "entirety", "quantifier"))
    elif (full := _full_for_share(qw, pw)) is not None:
        # "can be fully charged in 30 minutes" for "can be charged to 50% in 30 minutes"
        out.append(Difference("replace", full[0], full[1], "quantifier"))
    if "at most" in qq - pq and (_CAP_WORDS.search(f" {' '.join(pw)} ") or "upper" in pbf.values()):
        qq.discard("at most")  # "up to a maximum of 20 years" for "capped at 20 years": the bound, in other words
    if "at least" in qq - pq and "lower" in pbf.values():
        qq.discard("at least")
    if "none" in qq - pq and "no" in pw:
        qq.discard("none")  # "none of the casualties was American" for "no Americans were among the casualties"
    # ("all seven astronauts" for "its seven astronauts", "samples from four locations all tested negative" for
    # "samples from four locations returned negative results": the count the passage states is all of them)
    counted = [k for k, w in enumerate(qw) if w == "all" and not _idiom_all(qw, k)
               and not (k + 1 < len(qw) and _numbers(qw[k + 1 : k + 2]).keys() & pn_.keys())
               and not any((x.isdigit() or number_word_value(x) is not None) and _numbers([x]).keys() & pn_.keys()
                           and all(y.isalpha() and y not in _PREPOSITIONS_OF_COUNT for y in qw[m + 1 : k])
                           for m, x in enumerate(qw[: k]) if m >= k - _ALL_AFTER_COUNT)]
    if (qq - pq and pq) or (qq - pq) & _STRONG_QUANTIFIERS or (counted and "all" not in pq):
        out.append(Difference("replace", " ".join(sorted(qq - pq)), " ".join(sorted(pq)) or "∅", "quantifier"))
    if (closed := _list_closed(qw, pw)) is not None:
        # "namely financial institutions, health services and utility services" for "including but not
        # limited to ...": an open list told as the whole of it
        out.append(Difference("replace", closed[0], closed[1], "quantifier"))
    q_sides, p_sides = _sides(qw), _sides(pw)
    for (pair, side), words in q_sides.items():
        # the quote has one side of an opposite pair, the passage only the other
        if (pair, side) not in p_sides and (pair, 1 - side) in p_sides and (pair, 1 - side) not in q_sides:
            out.append(Difference("replace", words[0], p_sides[(pair, 1 - side)][0], "direction"))
    out.extend(_direction_by_subject(qw, pw, already=any(d.category == "direction" for d in out)))
    if not any(d.category == "direction" for d in out) and (antonyms := _antonym_swap(qw, pw) or _compound_antonym(qw, pw)) is not None:
        # "a junior investigator" for "a senior investigator": a word put where the passage has its antonym
        out.append(Difference("replace", antonyms[0], antonyms[1], "direction"))
    if (same_kind := _antonym_swap(qw, pw, _KINDS)) is not None:
        # "while solar rose from 3% to 24%" for "while wind rose ...": a thing put in the place of another of its kind
        out.append(Difference("replace", same_kind[0], same_kind[1], "content"))
    if not any(d.category == "direction" for d in out) and (effect := _link_as_cause(qw, pw)) is not None:
        # "reduced the risk by 28%" for "was associated with a 28% lower risk": a link told as a cause
        out.append(Difference("replace", effect, "associated", "direction"))
    q_fig, p_fig = _figure_sides(qw), _figure_sides(pw)
    crossed = sorted((x, grp, k) for x in q_fig.keys() & p_fig.keys() for grp, k in q_fig[x]
                     if (grp, 1 - k) in p_fig[x] and (grp, k) not in p_fig[x])
    if crossed and not any(d.category == "direction" for d in out):
        # "a profit of $45 million, against a loss of $12 million" for the other way round
        x, grp, k = crossed[0]
        out.append(Difference("replace", f"{_side_word(qw, (grp, k))} {qn_.get(x, x)}",
                              f"{_side_word(pw, (grp, 1 - k))} {pn_.get(x, x)}", "direction"))
    if not any(d.category == "direction" for d in out) and (traded := _side_traded(qw, pw, q_sides, p_sides)) is not None:
        # "Mr Hale was found guilty of fraud" for "the jury acquitted Mr Hale of fraud but convicted him of ...":
        # what the passage says one side of, told with the other
        out.append(Difference("replace", traded[0], traded[1], "direction"))
    # a condition or an exception of the passage that the quote drops, unless the quote states one
    # in other words of its own ("upon" in both is no restated condition)
    lost_conditions = _conditions(pw) - _conditions(qw)
    exceptions = {"except", "unless"} & _conditions(qw), {"except", "unless"} & _conditions(pw)
    if len(exceptions[0]) == len(exceptions[1]) == 1 and exceptions[0] != exceptions[1] and _party_sequence(qw, possessives=True) == _party_sequence(pw, possessives=True):
        # "unless it amounts to" for "except where it constitutes": one for the other, the parties in
        # their places ("the Tenant's responsibility unless the Landlord caused it" for "the Landlord
        # shall be responsible, except where the Tenant caused it" is no such restatement)
        lost_conditions -= exceptions[1]
    if "except" in lost_conditions and ("except", "with") in itertools.pairwise(pw) and "without" in set(qw) - set(pw):
        lost_conditions.discard("except")  # "without the other's consent" for "except with the consent of the other"
    if "if" in lost_conditions and "unless" in set(qw) - set(pw) and _if_not(pw, qw):
        lost_conditions.discard("if")  # "unless operators withdrew" for "if operators did not withdraw"
    if "unless" in lost_conditions and "if" in qw and _if_not(qw, pw):
        lost_conditions.discard("unless")  # the other way round
    if "only" in lost_conditions and any(w in ("just", "merely") and figure(n) is not None for w, n in zip(qw, qw[1:])):
        lost_conditions.discard("only")  # "enrolled just 60%" for "enrolled only 60%": the same figure, as small
    if "only" in lost_conditions and _ONLY_RESTATED & (set(qw) - set(pw)):
        # "on service conditions alone" for "only service conditions", "a single registered nurse" for "only one
        # registered nurse": the restriction, in a word of its own (since the 63rd stop)
        lost_conditions.discard("only")
    if lost_conditions and (restated := _restated_clauses(quote, passage)) is not None:
        # a condition of a clause the quote does not restate ("..., but officials warned the closure
        # could last until the weekend if that attempt fails") is not one of its claim
        lost_conditions &= _conditions(_words(restated))
    keepers = set(_CONDITION_KEEPERS & (set(qw) - set(pw)))
    if "if" in lost_conditions and _inverted_condition(qw):
        keepers.add("should")  # "Should a dragged shareholder fail to complete, ..." for "If any Dragged Shareholder fails ..."
    if lost_conditions and lost_conditions <= _ONE_CONDITION and (
            restating := _one_condition_restated(qw, pw, lost_conditions)) is not None:
        # "if the Directors mutually agree" for "provided it is mutually agreed by the Directors": one
        # condition, in another of its words
        keepers.add(restating)
    if "provided" in lost_conditions and (contrasts := _CONTRAST_WORDS & (set(qw) - set(pw))) and any(
            w == "provided" and ("however" in pw[i + 1 : i + 3] or _stipulation_restated(qw, pw, i, contrasts))
            for i, w in enumerate(pw)):
        # "provided, however, that such termination shall not ..." restated with "but": a proviso, kept;
        # and "provided that any expenses ... shall be paid by the Partners" restated as "but any expenses
        # ... have to be paid by the Partners": a stipulation of its own, not a condition
        lost_conditions.discard("provided")
    if lost_conditions & {"unless", "except"} and unless_restated:
        # "may sublet only if the Landlord consents" restates "shall not sublet unless the Landlord consents"
        lost_conditions -= {"unless", "except"}
    if "unless" in lost_conditions and _only_condition_for_unless(qw, pw):
        # "Cover only applies if you have paid the premium" restates "Cover does not apply unless you have paid the
        # premium", no modal in either (since the 64th stop)
        lost_conditions.discard("unless")
    if lost_conditions & {"other than", "except"} and _pairs_of(qw, ("apart", "from")):
        lost_conditions -= {"other than", "except"}  # "apart from roofing" for "other than on roofing" (since the 61st stop)
    if "subject" in lost_conditions and "under" in set(qw) - set(pw):
        lost_conditions.discard("subject")  # "under written contracts" for "subject to written contracts"
    if "subject" in lost_conditions and all(_no_condition_subject(pw, i, qw) for i, w in enumerate(pw) if w == "subject"):
        # "is not bound by any minimum" for "shall not be subject to any minimum", "with a monthly minimum of $2,500"
        # for "subject to a monthly minimum of $2,500": an exemption, or a bound, not a condition
        lost_conditions.discard("subject")
    if "while" in keepers and _CONTRAST_WHILE.search(quote) and not re.search(r"(?<!,)\s+while\b", quote, re.I):
        keepers.discard("while")  # ", while dogs are not": a contrast, not a condition restated
    if keepers and lost_conditions:
        # a keeper restates a lost condition only where it speaks of what the condition does ("when the
        # Director approves" for "only with the approval of the Director"; not "when they want")
        lost_stems = {w[:VERB_PREFIX] for i, w in enumerate(pw) if w in lost_conditions or w == "only"
                      for w in pw[i + 1 : i + 1 + _KEEPER_WINDOW] if content_word(w) and w not in _AUXILIARIES}
        keepers = {k for k in keepers if any(
            x[:VERB_PREFIX] in lost_stems for i, w in enumerate(qw) if w == k for x in qw[i + 1 : i + 1 + _KEEPER_WINDOW]
            if content_word(x) and x not in _AUXILIARIES)} if lost_stems else keepers
        if "pending" in keepers:
            # "pending" names the condition itself, and all of it ("pending regulatory approval" keeps no "subject
            # to shareholder approval"), where a clause restates it in its own words
            lost_whole = [_clause_stems(pw, i) for i, w in enumerate(pw) if w in lost_conditions]
            if not any(lost <= _clause_stems(qw, i) for i, w in enumerate(qw) if w == "pending" for lost in lost_whole):
                keepers.discard("pending")
    if lost_conditions and not keepers:
        out.append(Difference("delete", "", " ".join(sorted(lost_conditions)), "connective"))
    elif (added := _ADDED_CONDITIONS & _conditions(qw)) and not _conditions(pw) and not _pairs_of(pw, ("no", "other")) and not (
            _CONDITION_KEEPERS | {"without", "excluding", "excludes", "exclude"}) & set(pw) and not any(
            a in ("by", "on", "upon") and b.endswith("ing") and len(b) > 5 for a, b in itertools.pairwise(pw)):
        # ("cancel ... by notifying Vendor", "inspect ... on giving 14 days' notice" set the condition
        # "provided it notifies the Vendor", "provided it gives notice" restates)
        # "one more substitution, provided it has not used its allocation" for "..., whether or not it
        # has used its allocation": a condition the passage does not set
        out.append(Difference("insert", " ".join(sorted(added)), "", "connective"))
    stated = {_QUALIFIERS[w] for w in pw if w in _QUALIFIERS}
    if any(w in _APPROXIMATE and (figure(n) is not None or (n in CURRENCY_SIGNS and figure(m) is not None))
           for w, n, m in zip(pw, pw[1:], [*pw[2:], ""])):  # "about £9 million": the sign between
        stated.add(_QUALIFIERS["approximately"])  # "about two years" states what "roughly two years" does
    if {n for w, n in itertools.pairwise(pw) if w in _APPROXIMATE} & {
            b for a, b in itertools.pairwise(qw) if _QUALIFIERS.get(a) == _QUALIFIERS["approximately"]}:
        stated.add(_QUALIFIERS["approximately"])  # "roughly neutral" for "around neutral" (since the 63rd stop)
    if "most" in pw:
        stated.add(_QUALIFIERS["mostly"])  # "mostly mild" for "most were mild"
    if _done_in_part(pw) is not None or any(a == "part" and b == "of" for a, b in itertools.pairwise(pw)):
        # "partly offset" for "offset in part" (since the 59th stop); "may partly explain" for "may account for part
        # of" (since the 61st)
        stated.add(_QUALIFIERS["partly"])
    added_q = sorted(w for w in set(qw) if w in _QUALIFIERS and _QUALIFIERS[w] not in stated
                     and not (w in _ATTRIBUTIVE_TOO and _attributive(qw, w))
                     # "live exactly the same distance away" for "live at the same distance": the same is the same
                     # (since the 63rd stop)
                     and not (_QUALIFIERS[w] == "exactly" and "same" in pw
                              and all(qw[k + 1 : k + 3] == ["the", "same"] for k, x in enumerate(qw) if x == w)))
    fq_, fp_ = f" {' '.join(qw)} ", f" {' '.join(pw)} "
    if _RECORD.search(fq_) and " record " not in fp_:
        added_q.append("record")  # "rose a record 27%": a ranking the passage does not make
    if added_q:
        # "partially incorporated", "fairly flat": a qualifier the passage does not state
        out.append(Difference("insert", " ".join(added_q), "", "qualifier"))
    elif (limit := _dropped_limit(qw, pw) or _dropped_bound(fq_, fp_)) is not None:
        # "affirmed the judgment" for "affirmed in part", "390 billion trees" for "an estimated 390 billion"
        out.append(Difference("delete", "", limit, "qualifier"))
    # (fq_, fp_: the words joined, with a space at each end, so that a phrase is found as whole words)
    q_effort, p_effort = _effort(fq_), _effort(fp_)
    if q_effort is not None and p_effort is not None and q_effort != p_effort:
        # "best efforts" for "commercially reasonable efforts": another standard of duty
        out.append(Difference("replace", _EFFORTS[q_effort][0], _EFFORTS[p_effort][0], "modal"))
    elif p_effort is not None and q_effort is None and not _TRYING.intersection(qw):
        # "HOVIONE shall fill such order" for "shall use commercially reasonable efforts to fill": a duty to
        # try told as a duty to succeed
        out.append(Difference("delete", "", next(e for e in _EFFORTS[p_effort] if e in fp_), "modal"))
    q_standard, p_standard = _consent_standard(qw), _consent_standard(pw)
    if q_standard != p_standard and q_standard is not None and (p_standard is not None or _CONSENT_WORDS & set(pw)):
        # "consent, which shall not be unreasonably withheld" for "consent" or for "consent, in its sole
        # discretion": another standard for giving consent
        out.append(Difference("replace", q_standard, p_standard or "∅", "modal"))
    if "jointly and severally" in fp_ and "jointly and severally" not in fq_ and ("severally" in qw or "jointly" in qw):
        # "severally liable" for "jointly and severally liable": each for its share, not each for the whole
        out.append(Difference("delete", "", "jointly and severally", "quantifier"))
    done = _told_as_done(qw, pw)
    if done:
        # "the CEO stepped down" for "the CEO will step down": an event to come told as one that happened
        out.append(Difference("replace", f"{done} (done)", f"{done} (to come)", "modal"))
    elif (decided := _considered_told_decided(qw, pw)) is not None:
        # "said it would launch a legal challenge" for "said it was considering a legal challenge"; "said it
        # will cut them" for "signalled that it expects to cut them"
        how = "expected" if decided[1] in _EXPECTED_STEP else "considered"
        out.append(Difference("replace", f"{decided[0]} (decided)", f"{decided[1]} ({how})", "modal"))
    elif (asked := _request_told_done(qw, pw)) is not None:
        # "The Board has approved extending ..." for "The Board is asked to approve the proposal to extend ..."
        out.append(Difference("replace", f"{asked[0]} (decided)", f"{asked[1]} (asked)", "modal"))
    if (flipped := _with_for_without(qw, pw)) is not None:
        # "may sublet ... without the Landlord's consent" for "may sublet ... with the Landlord's consent" (where
        # another negation of the passage leaves the count of negations even)
        out.append(Difference("replace", flipped[0], flipped[1], "negation"))
    if (often := _often_for_once(qw, pw)) is not None:
        # "said they used the service regularly" for "had used the service at least once"
        out.append(Difference("replace", often[0], often[1], "quantifier"))
    if (met := _against_expectation(qw))[0] != (p_met := _against_expectation(pw))[0] and met[0] and p_met[0]:
        # "grew as expected" for "grew faster than expected": a forecast met, or beaten or missed
        out.append(Difference("replace", met[1], p_met[1], "direction"))
    if (partial := _partial_list(quote, passage)) is not None:
        # two names of a longer list, given as if they were all of it
        out.append(Difference("delete", partial[0], partial[1], "quantifier"))
    folded_passage, folded_quote = fold(passage).text, fold(quote).text
    # (a list of three or more has a comma in both texts)
    if "," in quote and "," in passage and (item := _added_list_item(folded_quote, folded_passage, pw)) is not None:
        # "special, consequential or punitive damages" for "indirect, special or consequential damages"
        out.append(Difference("insert", item, "", "added"))
    elif "," in quote and (item := _added_phrase_item(folded_quote, folded_passage)) is not None:
        # "..., public health, pensions and migrant workers" for "..., public health, protection of
        # children, ..., migrant workers": an item of a list of phrases the passage does not name
        out.append(Difference("insert", item, "", "added"))
    elif "," in quote and (item := _third_item_added(folded_quote, folded_passage, pw)) is not None:
        # "contract cheating, impersonation or the fabrication of data" for "contract cheating or impersonation"
        out.append(Difference("insert", item, "", "added"))
    if not any(d.category == "number" for d in out) and (reattached := _figure_reattached(quote, passage)) is not None:
        # "Leisler's bat (19%) and soprano pipistrelle (7%)" for "soprano pipistrelle (19%) and Leisler's bat (7%)"
        out.append(Difference("replace", reattached[0], reattached[1], "number"))
    elif not any(d.category == "number" for d in out) and (traded := _figures_traded(qw, pw)) is not None:
        # "interest payments of approximately $346 million and tax payments of $300 million" for "tax payments of
        # $346 million; interest payments of approximately $300 million": two figures trade what they measure
        out.append(Difference("replace", traded[0], traded[1], "number"))
    elif not any(d.category == "number" for d in out) and (relabelled := _figure_relabelled(qw, pw)) is not None:
        # "its largest customer ... accounted for about 41%" for "our three largest customers accounted for
        # approximately 41% ..., and our largest customer ... accounted for 19%" (since the 58th stop)
        out.append(Difference("replace", relabelled[0], relabelled[1], "number"))
    if (respelled := _respelled_name(quote, passage)) is not None:
        out.append(Difference("replace", respelled[0], respelled[1], "party"))
    superlatives = [w for w in _SUPERLATIVES if f" {w} " in fq_ and f" {w} " not in fp_
                    and any(f" {d} {w} " in fq_ for d in (("the",) if w == "first" else  # "its first year"
                                                               ("the", "its", "their", "his", "her", "our")))
                    and not (w in ("most", "least") and _before_adjective(qw, w))  # "the most valuable player"
                    and not _ranked_alike(qw, pw, w)]
    if not superlatives and (leader := _LEADER.search(fq_)) is not None and " leader" not in fp_ and " leading " not in fp_:
        superlatives = [leader.group().split()[-1]]  # "the market leader" where the passage ranks it second
    if superlatives:
        # "UKIP spent the most" where the passage ranks nothing: a ranking of the quote's own
        out.append(Difference("insert", f"the {superlatives[0]}", "", "quantifier"))
    if (waived := _condition_waived(qw, pw)) is not None:
        # "requires a target below 140 mm Hg, regardless of frailty" for "... individualised according to frailty"
        # (since the 57th stop)
        out.append(Difference("insert", waived, "", "qualifier"))
    if (bound := _range_end_as_bound(qw, pw)) is not None:
        # "at or above 190%" for "a target range of 160% to 190%" (since the 57th stop)
        out.append(Difference("replace", bound[0], bound[1], "quantifier"))
    if (each := _once_told_as_each(qw, pw)) is not None:
        # "for each Calendar Year in which Net Sales reach" for "when Net Sales in a Calendar Year first reach"
        # (since the 57th stop)
        out.append(Difference("replace", each[0], each[1], "quantifier"))
    if (added_cause := _cause_added(qw, pw)) is not None:
        # "Thanks to the catch-up vaccination campaign, weekly case numbers have fallen" where the passage gives
        # no cause (since the 57th stop)
        out.append(Difference("insert", added_cause, "", "added"))
    if not any(d.category == "order" for d in out) and (sequence := _sequence_swapped(qw, pw)) is not None:
        # "apply the payment first towards early repayment before ... the arrears" for the other way round
        # (since the 57th stop)
        out.append(Difference("replace", sequence[0], sequence[1], "order"))
    if (contributor := _contributor_told_as_cause(qw, pw)) is not None:
        # "the shortfall was caused by weaknesses in the application process" for "... although weaknesses in the
        # application process also contributed" (since the 57th stop)
        out.append(Difference("replace", contributor, "contributed", "qualifier"))
    if (frequency := _frequency_changed(qw, pw)) is not None:
        # "can be repeated as many times as the investigator considers necessary" for "may be repeated once"
        # (since the 57th stop)
        out.append(Difference("replace", frequency[0], frequency[1], "quantifier"))
    if (cause := _other_cause(qw, pw)) is not None:
        # "Operating profit dropped 9% to £312 million as mobile revenues weakened" for "... fell 9% to £312
        # million, reflecting a £68 million impairment of the legacy copper network" (since the 57th stop)
        out.append(Difference("insert", cause, "", "added"))
    if (softened := _softened_universal(qw, pw)) is not None:
        # "All of the company's products are made by TSMC" for "Substantially all of our products" (since the 57th stop)
        out.append(Difference("replace", softened[0], softened[1], "quantifier"))
    if not any(d.category == "number" for d in out) and (fraction := _share_changed(qw, pw)) is not None:
        # "at companies whose boards were less than half independent" for "where board independence fell below our
        # policy threshold of one-third" (since the 58th stop)
        out.append(Difference("replace", fraction[0], fraction[1], "number"))
    # the time limits of both texts and the events they run from, read once for the two rules below
    q_limits = _time_anchors(qw)
    p_limits = _time_anchors(pw) if q_limits else {}
    if q_limits and (anchor := _anchor_traded(q_limits, p_limits)) is not None:
        # "24 hours from classifying an incident as major" for "within 4 hours of the classification of the incident
        # as major and ... no later than 24 hours from the moment the financial entity has become aware" (since the
        # 58th stop)
        out.append(Difference("replace", anchor[0], anchor[1], "number"))
    if (left := _condition_left_out(qw, pw)) is not None:
        # "The agreement remains subject to the completion of definitive documentation" for "... subject to
        # confirmation by IMF staff that ..., and to the completion of definitive documentation" (since the 58th stop)
        out.append(Difference("delete", "", left, "connective"))
    if (consent := _consent_dropped(qw, pw)) is not None:
        # "You may still take your pension from age 55 ..., but it will be reduced" for "... with the Employer's
        # consent, but ..." (since the 58th stop)
        out.append(Difference("delete", "", consent, "connective"))
    if q_limits and (trigger := _trigger_dropped(q_limits, p_limits)) is not None:
        # "within 14 days of the date of the event" for "within 14 days of the date upon which the Customer became
        # aware ... of the event" (since the 58th stop)
        out.append(Difference("delete", "", trigger[1], "connective"))
    if (rank := _cause_told_as_sole(qw, pw)) is not None:
        # "was caused by Greenland meltwater discharge" for "primarily to increased Greenland meltwater discharge and,
        # to a lesser extent, to changes in precipitation" (since the 58th stop)
        out.append(Difference("delete", "", rank, "qualifier"))
    if (other_party := _item_of_other_party(quote, passage)) is not None:
        # "Quillivant will have final decision-making authority on global trial design and on regulatory strategy
        # within the Territory" for "..., while Hoshimura will have final say on regulatory strategy ..." (since the
        # 58th stop)
        out.append(Difference("replace", other_party[0], other_party[1], "party"))
    if (target := _target_told_met(qw, pw)) is not None:
        # "uptake met the national 80% target" for "79%, ... below the national target of 80%" (since the 58th stop)
        out.append(Difference("replace", target[0], target[1], "direction"))
    if (reviewed := _review_told_as_change(qw, pw)) is not None:
        # "the Council would cut fares in autumn 2025" for "the Council would review fares again in autumn 2025" (since
        # the 58th stop)
        out.append(Difference("replace", reviewed[0], reviewed[1], "direction"))
    if (caveat := _causal_caveat_dropped(qw, pw)) is not None:
        # "The survey found that coppice management keeps dormice on sites" for "..., but because management is not
        # randomly assigned, this difference cannot be attributed to management alone" (since the 58th stop)
        out.append(Difference("delete", "", caveat, "qualifier"))
    if (limit := _typical_told_as_limit(qw, pw)) is not None:
        # "£1,738 a year, which is the most any dual fuel household ... will pay" for "the cap for a typical dual fuel
        # household ... is £1,738 a year" (since the 58th stop)
        out.append(Difference("insert", limit, "", "quantifier"))
    if not any(d.category == "order" for d in out) and (preferred := _preference_swapped(qw, pw)) is not None:
        # "we may prioritise traffic from customers on Veltra Unlimited over Unlimited Max customers" for the other way
        # round (since the 58th stop)
        out.append(Difference("replace", preferred[0], preferred[1], "order"))
    if not any(d.category == "number" for d in out) and (other_whole := _share_of_other(qw, pw)) is not None:
        # "responsible for 71% of the failed tests" for "accounted for 71% of the regional CRI score" (since the 58th stop)
        out.append(Difference("replace", other_whole[0], other_whole[1], "number"))
    if (opted := _opt_reversed(qw, pw)) is not None:
        # "covered ... unless the client chooses to opt out" for "... unless the client has opted in" (since the 58th stop)
        out.append(Difference("replace", opted[0], opted[1], "direction"))
    if (both := _one_told_as_both(qw, pw)) is not None:
        # "two players ..., both of whom were later loaned" for "..., one of whom was subsequently loaned" (since the
        # 58th stop)
        out.append(Difference("replace", both[0], both[1], "quantifier"))
    if (open_outcome := _alternative_dropped(qw, pw)) is not None:
        # "Additional TESS observations ... will confirm this candidate" for "... should confirm or rule out this
        # candidate" (since the 58th stop)
        out.append(Difference("delete", "", open_outcome, "qualifier"))
    if (majority := _majority_swapped(qw, pw)) is not None:
        # "Most of the sector's 71 Gt loss came from surface mass balance anomalies" for "approximately 58 per cent to
        # dynamic thinning and the remainder to surface mass balance anomalies" (since the 58th stop)
        out.append(Difference("replace", majority[0], majority[1], "quantifier"))
    if (compared := _comparison_reversed(qw, pw)) is not None:
        # "Kingsmoor grew faster than the Group's regional airports, with passenger numbers up 6.1%" for "an
        # increase of 6.1%, while regional airports grew by 9.8%" (since the 58th stop)
        out.append(Difference("replace", compared[0], compared[1], "direction"))
    if (hardened := _stance_hardened(qw, pw)) is not None:
        # "Veltrion has admitted that enrollment was suspended" for "as Plaintiffs allege ..., enrollment ... had
        # been suspended"; "has completed the restructuring" for "has reached an agreement in principle" (since
        # the 58th stop)
        out.append(Difference("replace", hardened[0], hardened[1], "qualifier"))
    if (asked := _request_told_as_done(qw, pw)) is not None:
        # "the 2019 and 2020 papers have been retracted" for "has requested retraction of the 2019 and 2020 papers"
        # (since the 57th stop)
        out.append(Difference("replace", asked[0], asked[1], "qualifier"))
    if not any(d.category == "negation" for d in out) and (denied := _exception_denied(fq_, fp_)) is not None:
        # "there is no exception for innocent co-insureds" for "except that it shall not apply to an innocent
        # co-insured spouse": an exception the passage makes, denied (since the 57th stop)
        out.append(Difference("replace", denied[0], denied[1], "negation"))
    q_hedges = _hedges(qw)
    # (one claim on some of the evidence for another: "by many measures" for "according to many indicators")
    on_some = any(h.split()[-1] in _EVIDENCE_NOUNS for h in q_hedges)
    dropped_hedges = sorted(h for h in _hedges(pw) - q_hedges - set(qw)
                            if not (on_some and h.split()[-1] in _EVIDENCE_NOUNS)
                            and not any(_keeps(w, _REPORT_KEEPERS if h in _REPORT_HEDGES else _POSSIBLE_KEEPERS
                                               if h.endswith(" possible") else _READY_KEEPERS
                                               if h.split()[0] in _READINESS else _DOUBT_KEEPERS)
                                    # (a word the passage has too keeps no doubt of the quote's own: "the pooled
                                    # estimate" beside "is likely to be smaller than the pooled estimate", since
                                    # the 61st stop)
                                    for w in qw if (h in _REPORT_HEDGES or h not in _HEDGES or w not in pw)
                                    # (a word the passage says in another clause keeps no doubt of this one: "Early
                                    # tastings suggest ..., although we believe the components may be lighter" told
                                    # with "the components are lighter"; since the 64th stop)
                                    and not (w in pw and w not in (clause := _hedge_clause(pw, h))
                                             and _clause_restated(qw, clause)))
                            # a forecast is dropped when the quote states its event ("will reach" for "are
                            # expected to reach"), not when it tells of another ("passed $1 million")
                            and (" to " not in h or h.startswith("according") or any(w[:4] == h.split()[-1][:4] for w in qw))
                            # (an estimate kept by its verb: "The Authority considers the decision to be ..."; a
                            # recommendation to consider, by "consider")
                            and not (h.split()[-1] in _ESTIMATING and any(w[:VERB_PREFIX] == h.split()[-1][:VERB_PREFIX] for w in qw))
                            and not (h.startswith("consider ") and any(w.startswith("consid") for w in qw)))
    if dropped_hedges:
        # "a carcinogenic chemical" for "a reportedly carcinogenic chemical": a report told as a fact
        out.append(Difference("delete", "", dropped_hedges[0], "qualifier"))
    swapped = {(a, b) for a, b in _contrasted(qw) if (b, a) in _contrasted(pw)}
    if swapped:
        # "in women but not in men" for "in men but not in women": the two sides of a contrast swapped
        a, b = sorted(swapped)[0]
        out.append(Difference("replace", f"{a} … {b}", f"{b} … {a}", "order"))
    # ("at its sole discretion" restates "in its sole discretion")
    free = [p for p in _UNCONDITIONAL if p in fq_ and p not in fp_ and not ("discretion" in p and " discretion " in fp_)]
    if not free and not ("never" in pw or any(p in folded_passage for p in _NO_EXCEPTION_NEGATED)):
        # "does not make facilitation payments under any circumstances" for "does not make facilitation
        # payments": no exception, where the passage claims none (it may state one elsewhere)
        free = [p for p in _NO_EXCEPTION if p in fq_ and p not in fp_]
    if not free and _AT_ONCE.intersection(qw) and not _AT_ONCE.intersection(pw) and "immediate" not in pw and (
            "notice" in pw or any(w in ("days", "months", "weeks") and figure(v) for v, w in itertools.pairwise(pw))):
        # "may terminate this Agreement immediately" for "... by furnishing sixty (60) days written
        # notice": at once, where the passage sets a notice or a period first
        free = [sorted(_AT_ONCE.intersection(qw))[0]]
    if free:
        # "may terminate at any time" for a right on notice or for cause: a freedom the source does not grant
        out.append(Difference("insert", free[0].strip(), "", "qualifier"))
    # pronouns without their contractions ("we've" is "we"); speech reported in the third person
    # ("I got carried away," Byrne said / Byrne says he got carried away) names the same speaker
    qp, pp = [w.split("'")[0] for w in qw], [w.split("'")[0] for w in pw]
    # (the writers named in the third person report their own "our": "The authors stress that their data ...", since
    # the 59th stop)
    reported = bool(_REPORTING & (set(qw) | set(pw))) or '"' in passage or bool(_WRITERS.intersection(qw))
    for g in _PRONOUN_GROUPS:
        if any(w in g for w in qp) and not any(w in g for w in pp):
            # swapped, not added: the passage's pronoun is one the quote lacks ("he" for "she")
            others = [w for w in pp if any(w in h and not any(x in h for x in qp) for h in _PRONOUN_GROUPS
                                           if h is not g and not (reported and _PERSON[h] != _PERSON[g] and 3 in (_PERSON[h], _PERSON[g])))]
            if others:
                out.append(Difference("replace", next(w for w in qp if w in g), others[0], "party"))
    if "|" in passage and (row := _row_figure_moved(qw, passage)) is not None:
        # "weakest in FY2023 at 1.71x" for a table whose row "2022 | ... | 1.71x" holds it, and "2023 | ... | 1.59x"
        # another (since the 61st stop)
        out.append(Difference("replace", row[0], row[1], "number"))
    if not any(d.category == "party" for d in out) and (owner := _owner_swapped(qp, pp)) is not None:
        # "In our commentary, we suggested" for "The original authors suggested in their commentary ...; we note that":
        # one party's words given to the other, where the passage names both (since the 61st stop)
        out.append(Difference("replace", owner[0], owner[1], "party"))
    if (alternative := _denied_alternative(qw, pw)) is not None:
        # "the company had acted deliberately" for "had been reckless rather than deliberate": what the passage
        # sets aside, told as what it found
        out.append(Difference("replace", alternative[0], f"rather than {alternative[1]}", "negation"))
    if (status := _status_dropped(qw, pw, passage)) is not None:
        # "he was sentenced to 12 months in prison" for "he received a suspended sentence of 12 months", "received an
        # offer" for "a conditional offer": the word that says the thing is not yet, or not quite, what it names
        out.append(Difference("delete", "", status, "qualifier"))
    if (base := _share_base_widened(qw, pw)) is not None:
        # "85% of its members backed strike action" for "85% of members who voted backed ...": the share of a part,
        # told of the whole
        out.append(Difference("delete", "", base, "qualifier"))
    if (scale := _scale_swapped(qw, pw)) is not None:
        # "vaccination cut the absolute risk by 62%" for "reduced the risk by 62% relative to no vaccination": a
        # relative change told as an absolute one (or the other way round)
        out.append(Difference("replace", scale[0], scale[1], "qualifier"))
    if (always := _tested_always(qw, pw)) is not None:
        # "must maintain a Leverage Ratio of not more than 3.50 to 1.00 at all times" for "... as of the last day of
        # each fiscal quarter": a test made on set dates, told as one that holds every day
        out.append(Difference("replace", always[0], always[1], "qualifier"))
    if (window := _time_window_dropped(qw, pw)) is not None:
        # "During the Term of this Agreement, Eutectix shall make available ..." for "During the initial three (3)
        # years of the Term ...": what holds for the first years, told of the whole term
        out.append(Difference("delete", "", window, "qualifier"))
    if (arms := _arm_swapped(qw, pw)) is not None:
        # "loss to follow-up was higher in the app group" for "... in the control group": what the trial found in
        # its control arm, told of the arm that got the treatment (or the other way round)
        out.append(Difference("replace", f"{arms[0]} group", f"{arms[1]} group", "party"))
    q_entities, p_entities = _entities(quote), _entities(passage)
    if (taken := _subject_taken(quote, passage, q_entities, p_entities)) is not None:
        # "The Licensor must pay the fee" for "The Licensee shall pay the fee to the Licensor": the one the
        # passage's party acts towards, made the one who acts
        out.append(Difference("replace", taken[0], taken[1], "party"))
    if (holder := _holder_taken(qw, pw)) is not None:
        # "The company expects to report a loss" for "Analysts expect the company to report a loss": whose
        # expectation it is, given to the one it is about
        out.append(Difference("replace", holder[0], holder[1], "party"))
    if (pronoun_roles := _pronoun_roles_swapped(qw, pw)) is not None:
        # "Ms Patel said the board had warned her" for "Ms Patel said she had warned the board"
        out.append(Difference("replace", pronoun_roles[0], pronoun_roles[1], "order"))
    if (designated := _designation_swapped(quote, passage)) is not None:
        # "Party A shall pay" for "Party B shall pay": a party named by its letter, put for another
        out.append(Difference("replace", designated[0], designated[1], "party"))
    if (speakers := _speaker_swapped(quote, passage)) is not None:
        # "Governor Andrew Bailey said the shift in tone made a June cut more likely" for "Economists said
        # ...": words the source gives to a group, put in the mouth of someone it does not name there
        out.append(Difference("replace", speakers[0], speakers[1], "party"))
    # a party swapped: the quote names an entity the passage lacks, where the passage names one
    # the quote lacks ("the Licensee" for "the Licensor"). An entity only added (a date, the
    # speaker, the agency's name) is attribution, common in restatements; an invented
    # multi-word name or term is caught apart (invented_terms: unsupported).
    # an entity counts as present when its head (last word) is: "Mr Smith" / "John Smith"
    # (or is there fewer times than in the quote: "Members of the Sexuality" for "Members of the United
    # Methodist Church", where "Sexuality" is the passage's, in another slot, and the quote's too)
    if (whole := _section_widened(folded_quote, folded_passage)) is not None:
        # "in Default under Section 7.1" for "in Default under Section 7.1(f), (g), (h) and/or (i)": the whole
        # section for some of its paragraphs
        out.append(Difference("replace", whole[0], whole[1], "quantifier"))
    if (body := _other_body(q_entities, p_entities, folded_quote, folded_passage)) is not None:
        # "appeal to the High Court" for "appeal to the Circuit Court": one court, bank or council for another,
        # told apart by a plain word before the name they share
        out.append(Difference("replace", body[0], body[1], "party"))
    missing = sorted(e for e in q_entities if e.split()[-1] not in folded_passage
                     or word_count(e.split()[-1], folded_quote) > word_count(e.split()[-1], folded_passage))
    dropped = sorted(e for e in p_entities if e.split()[-1] not in folded_quote)
    # (and a role the passage names in lower case: "If the Developer terminates" for "If the customer terminates")
    dropped += sorted({w for w in _party_sequence(pw) if w not in folded_quote} - set(dropped))
    for m in missing:
        swap = next((d for d in dropped if _same_slot(m, folded_quote, d, folded_passage)
                     and not _initials_of(m, d) and not _initials_of(d, m) and not _compound_of(m, d)), None)
        if swap is not None:
            out.append(Difference("replace", m, swap, "party"))
            break
    else:
        # roles reversed: the same parties, in another order ("Licensee shall pay Licensor")
        qs, ps = _party_sequence(qw), _party_sequence(pw)
        if {"we", "our", "us"} & set(pw) and not {"we", "our", "us"} & set(qw):
            # "The company has begun qualifying ..." for "we have begun qualifying ...": the writer, named
            qs = [w for w in qs if w not in _SELF_NAMES]
        qe, pe = _entity_order(quote, folded_passage), _entity_order(passage, folded_quote)
        if len(qs) == len(ps) >= 1 and qs != ps and not (len(qs) == 2 and qs == ps[::-1] and (
                _converse_told(qw, pw) or _passive_told(qw, pw, qs) or _passive_told(pw, qw, ps))):
            # (the two parties the other way round with the act's converse, "the Buyer will buy the Shares
            # from the Seller" for "the Seller shall sell the Shares to the Buyer", is the same transaction)
            out.append(Difference("replace", " … ".join(qs), " … ".join(ps), "order"))
        elif len(qs) == len(ps) == 2 and qs == ps and qs[0] != qs[1] and (
                (by_q := _passive_told(qw, pw, qs)) or _passive_told(pw, qw, ps)):
            # "the Employer will be reimbursed by the Employee" for "the Employer shall reimburse the Employee":
            # the parties in their places, the act turned round by the passive
            out.append(Difference("replace", f"{qs[0]} … by {qs[1]}" if by_q else " … ".join(qs),
                                  " … ".join(ps) if by_q else f"{ps[0]} … by {ps[1]}", "order"))
        elif (qv := _persons(qw)) != (pv := _persons(pw)) and len(qv) == 2 and qv == pv[::-1] and _passive(qw) == _passive(pw):
            # "you will refund the deposit to us" for "we will refund the deposit to you": the writer and
            # the reader swapped
            out.append(Difference("replace", " … ".join(qv), " … ".join(pv), "order"))
        elif (len(qe) == 2 and sorted(qe) == sorted(pe) and qe != pe and _passive(qw) == _passive(pw)
              and _close(qe, folded_quote) and _close(pe, folded_passage)):
            out.append(Difference("replace", " … ".join(qe), " … ".join(pe), "order"))
        elif (len(qe) == 2 and qe == pe and (by_q := _passive_told(qw, pw, qe)) != _passive_told(pw, qw, pe)
              and _close(qe, folded_quote) and _close(pe, folded_passage)):
            # "Northwind will be reimbursed by Fabrikam" for "Northwind shall reimburse Fabrikam": two names in
            # their places, the act turned round by the passive
            out.append(Difference("replace", f"{qe[0]} … by {qe[1]}" if by_q else " … ".join(qe),
                                  " … ".join(pe) if by_q else f"{pe[0]} … by {pe[1]}", "order"))
        elif (crossed_names := _names_across_clauses(quote, passage, q_entities | p_entities)) is not None:
            out.append(Difference("replace", crossed_names[0], crossed_names[1], "order"))
        elif (owner := _other_owner(quote, passage)) is not None:
            # "Subject to Racing's first right to use the Show Car" for "the Sponsor's first right"
            out.append(Difference("replace", owner[0], owner[1], "party"))
    ops = SequenceMatcher(None, pw, qw, autojunk=False).get_opcodes()  # the passage's words into the quote's
    if not any(d.category == "party" for d in out) and (narrowed := _mutual_narrowed(qw, pw, ops)) is not None:
        # "the University shall be free to publish" for "each Party shall be free to publish" (since the 58th stop)
        out.append(Difference("replace", narrowed[0], narrowed[1], "party"))
    if (widened := _widened(qw, pw, ops)) is not None:
        # "closed to all shipping" for "closed to all commercial shipping", "Only the Communications
        # team may post" for "Only the Communications team and officers authorised ... may post":
        # words dropped where dropping them widens the claim, not where it only says less
        out.append(Difference("delete", "", widened[1], widened[0]))
    if (requirement := _condition_conjunct_dropped(qw, pw, ops)) is not None:
        # "Where the Customer has ... declared a higher value in writing and has paid any additional charges" for
        # "... in writing and the Company has confirmed its agreement in writing and the Customer has paid ..."
        # (since the 58th stop)
        out.append(Difference("delete", "", requirement, "connective"))
    if (threshold := _threshold_dropped(qw, pw, ops)) is not None:
        # "In patients with severe eosinophilic asthma, tezarimab reduced ..." for "In patients with severe eosinophilic
        # asthma and a blood eosinophil count of at least 300 cells per μL, tezarimab reduced ..." (since the 60th stop)
        out.append(Difference("delete", "", threshold, "connective"))
    named = frozenset(w for e in q_entities for w in e.split())
    if (conjunct := _added_conjunct(qw, pw, ops) or _appended_clause(qw, pw, ops, named) or _appended_qualifier(qw, pw, ops)
            or _appended_link(qw, pw, ops)) is not None:
        # "Members of the police, the armed forces and the judiciary" for "Members of the police and
        # the armed forces": one more item, party or act the passage does not name
        new_words = [w for w in conjunct.split() if content_word(w) and w not in _AUXILIARIES and w not in pw]
        # (a name the passage does not have is a party added: "against Dr. Okafor or Dr. Lindqvist")
        out.append(Difference("insert", conjunct, "", "party" if new_words and set(new_words) <= named else "added"))
    if (likeness := _likeness_for_comparison(qw, pw)) is not None:
        # "comparable to ... and to the rectangular halls known from Balbridie" for "smaller than the rectangular
        # halls known from Balbridie" (since the 57th stop)
        out.append(Difference("replace", likeness[0], likeness[1], "quantifier"))
    if not any(d.category == "order" for d in out) and (voice := _voice_turned(qw, pw)) is not None:
        # "shall be superseded by any conflicting terms" for "shall supersede any conflicting terms": the same
        # words on each side of the act, turned round by the passive
        out.append(Difference("replace", voice[0], voice[1], "order"))
    if not any(d.category == "order" for d in out) and (reversed_move := _from_to_swapped(qw, pw)) is not None:
        # "widened his target from doctrines ... to individual pieties" for "from individual pieties ...
        # to doctrines": the start and the end of a change, the other way round
        a, b = reversed_move
        out.append(Difference("replace", f"from {a} to {b}", f"from {b} to {a}", "order"))
    if not any(d.category == "order" for d in out) and (traded := _traded_words(qw, pw, ops)) is not None:
        # "appointed Kintner to be ABC's CEO while he himself served as its president" for "... ABC's
        # president while he himself served as its CEO": two words of the passage trade places
        out.append(Difference("replace", f"{traded[0]} … {traded[1]}", f"{traded[1]} … {traded[0]}", "order"))
    if not any(d.category == "order" for d in out) and (tails := _tails_traded(quote, passage)) is not None:
        # "Two members preferred a reduction of 50 basis points, and one member preferred to maintain the
        # rate" for the other way round: two parallel clauses keep their subjects and trade what they say
        out.append(Difference("replace", tails[0], tails[1], "order"))
    if (speech := _other_speech(quote, passage)) is not None:
        # '"They are trying to turn him into a martyr," said Vicki Saporta' for '"We need to take these
        # threats seriously," said Vicki Saporta': the same speaker, words the source does not give her
        out.append(Difference("replace", speech[0], speech[1], "speech"))
    if (question := _OPEN_QUESTION.search(f" {' '.join(pw)} ")) is not None \
            and not _question_kept(qw, question) \
            and _restated_share(qw, next(filter(None, question.group("what", "what2", "what3", "what4", "what5")), None)) >= _QUESTION_SHARE:
        # "the trial showed that the benefit extends to patients with preserved ejection fraction" for "whether
        # these findings extend to patients with preserved ejection fraction is being evaluated": an open question
        # told as answered; "..., confirming the age of the intrusion" for "further dating is required to confirm
        # the age of the intrusion"
        frame = question.group("frame") or question.group("frame2")
        out.append(Difference("replace", "", f"whether … {frame}" if frame else next(filter(None, question.group("frame3", "frame4", "frame5"))),
                              "qualifier"))
    if not any(d.category == "quantifier" for d in out) and (all_other := _others_told_as_all(qw, pw)) is not None:
        # "a charge on all customers" for "a charge on all other customer classes": the group the passage
        # leaves out, taken in
        out.append(Difference("delete", "", all_other, "quantifier"))
    if (yearly := _year_on_year_reversed(qw, passage)) is not None:
        # "£2.07 billion ..., which is higher than at the same point last year" for "£2.07 billion (30 June 2023:
        # £2.21 billion)"
        out.append(Difference("replace", yearly[0], yearly[1], "direction"))
    if (offset := _offset_told_as_main(qw, pw)) is not None:
        # "came mainly from the UK liability portfolio" for "principally in the commercial property and personal motor
        # lines, partly offset by adverse development of £37 million in the UK liability portfolio"
        out.append(Difference("replace", offset, "offset by", "direction"))
    if (effect := _too_early_told_as_effect(qw, pw)) is not None:
        # "has improved patients' ability to get through by phone" for "but it was too early to assess its impact"
        out.append(Difference("replace", effect, "too early to assess", "qualifier"))
    if (basis := _basis_dropped(qw, pw)) is not None:
        # "revenue rose 9%" for "up 6% on a reported basis and 9% at constant exchange rates"
        out.append(Difference("delete", basis[0], basis[1], "qualifier"))
    if (most_not := _most_not_told_as_none(qw, pw)) is not None:
        # "where no expenditure is expected until after 2045" for "where the majority of expenditure is not expected"
        out.append(Difference("replace", most_not[0], most_not[1], "quantifier"))
    if (near := _near_told_as_at(qw, pw)) is not None:
        # "spreads are at their tightest level" for "spreads are close to their tightest levels"
        out.append(Difference("replace", near[0], near[1], "qualifier"))
    if (all_bounded := _all_for_bounded(qw, pw)) is not None:
        # "a CPI-2.5% basket control at all bandwidths" for "... at bandwidths up to and including 1 Gbit/s"
        out.append(Difference("replace", all_bounded[0], all_bounded[1], "quantifier"))
    if (any_change := _any_change_unbounded(qw, pw)) is not None:
        # "any increase in the pre-tax discount rate would wipe out the headroom" for "an increase in the pre-tax
        # discount rate of 1.1 percentage points would ... eliminate this headroom"
        out.append(Difference("replace", any_change[0], any_change[1], "quantifier"))
    if (days := _day_kind_changed(qw, pw)) is not None:
        # "within ten (10) days of the event" for "within ten (10) Business Days after becoming aware of the event"
        out.append(Difference("replace", days[0], days[1], "number"))
    if (chance := _opportunity_told_as_done(qw, pw)) is not None:
        # "both parties took independent legal advice" for "each party has had the opportunity to take independent
        # legal advice": a chance told as done
        out.append(Difference("replace", chance[0], chance[1], "qualifier"))
    if (whole := _whole_told_as_part(qw, pw)) is not None:
        # "the new canning line, a £96 million investment" for "£96 million, of which £38 million related to the new
        # canning line": the whole's figure given to the part
        out.append(Difference("replace", whole[0], whole[1], "number"))
    if (widened := _reference_widened(qw, pw)) is not None:
        # "the inspections required by this AD" for "the repetitive inspections required by paragraph (2) of this
        # AD": one part of the document told as the whole of it
        out.append(Difference("replace", widened[0], widened[1], "quantifier"))
    if (feasible := _practicable_dropped(qw, pw)) is not None:
        # "gives not less than five (5) Business Days' notice" for "... notice where practicable": a duty where it
        # can be done, told as a duty
        out.append(Difference("delete", "", feasible, "qualifier"))
    if (expected_done := _expected_told_as_done(qw, pw)) is not None:
        # "€58 million was used during 2023" for "of which €58 million is expected to be utilised within one year"
        out.append(Difference("replace", expected_done[0], expected_done[1], "qualifier"))
    if (more := _sole_remedy_added_to(qw, pw)) is not None:
        # "The Supplier can also claim damages on top of the clause 7.3 remedies" for "The remedies in Clause 7.3 are the
        # Supplier's sole and exclusive remedies"
        out.append(Difference("replace", more, "sole and exclusive", "quantifier"))
    if (no_finding := _no_finding_told_as_finding(qw, pw)) is not None:
        # "The Authority concluded that the failures did not cause any breach" for "The Authority has not found that the
        # contravention caused any breach"
        out.append(Difference("replace", no_finding[0], no_finding[1], "qualifier"))
    if (approved := _pending_told_as_approved(qw, pw)) is not None:
        # "The revised closure plan, approved by the regulator in March 2024" for "... submitted to the regulator in March
        # 2024 ... The revised plan has not yet been approved"
        out.append(Difference("replace", approved, "not yet approved", "qualifier"))
    if (both_ways := _upward_only_told_both_ways(qw, pw)) is not None:
        # "reset to the Open Market Rent, whether higher or lower than the rent payable" for "the greater of the Rent
        # payable ... and the Open Market Rent"
        out.append(Difference("replace", both_ways[0], both_ways[1], "direction"))
    if (none_counted := _counted_where_none(qw, pw)) is not None:
        # "aware of two crashes but of no injuries" for "aware of two warranty claims but of no crashes or injuries"
        out.append(Difference("replace", none_counted[0], none_counted[1], "number"))
    if (unreasonable := _reasonable_dropped(qw, pw)) is not None:
        # "whenever, in its own opinion, the athlete's behaviour brings ..." for "in the reasonable opinion of the Sponsor"
        out.append(Difference("delete", "", unreasonable, "qualifier"))
    if (against := _direction_against_figures(qw, pw)) is not None:
        # "Gearing fell to 61.8% of RCV, down from 60.4% a year earlier" for "gearing of 61.8% of RCV (2024: 60.4%)"
        out.append(Difference("replace", against[0], against[1], "direction"))
    if (as_fact := _expectation_told_as_fact(qw, pw)) is not None:
        # "Northmoor says losses will not increase materially" for "The Bank ... does not currently expect losses to
        # increase materially"
        out.append(Difference("replace", as_fact[0], as_fact[1], "qualifier"))
    if (will := _may_told_as_will(qw, pw)) is not None:
        # "demand ... will not recover before the end of the financial year" for "may not recover"
        out.append(Difference("replace", will[0], will[1], "qualifier"))
    if (part_whole := _part_told_as_whole(qw, pw)) is not None:
        # "overdiagnosis explains the excess incidence in the screening group" for "may account for part of the excess
        # incidence in the screening group" (since the 61st stop)
        out.append(Difference("delete", "", part_whole, "quantifier"))
    if (scheduled := _expected_told_as_scheduled(qw, pw)) is not None:
        # "The Department has scheduled examinations for the second quarter" for "Insurers should expect examinations to
        # begin in the second quarter" (since the 61st stop)
        out.append(Difference("replace", scheduled[0], scheduled[1], "qualifier"))
    if (shown := _little_evidence_told_as_done(qw, pw)) is not None:
        # "have reduced both flood deaths and economic losses from drought" for "have reduced flood-related mortality,
        # but there is limited evidence that they have reduced economic losses from drought" (since the 61st stop)
        out.append(Difference("delete", "", shown, "qualifier"))
    if (provisional := _provisional_told_as_decided(qw, pw)) is not None:
        # "The court ordered that the costs of all parties be paid out of the estate" for "my provisional view is that the
        # costs of all parties should be paid from the estate"
        out.append(Difference("replace", provisional[0], provisional[1], "qualifier"))
    if (alone := _alone_dropped(qw, pw)) is not None:
        # "officers are not allowed to search anyone on the basis of a smell of cannabis" for "The smell of cannabis alone
        # will not normally justify a search"
        out.append(Difference("delete", "", alone, "qualifier"))
    if (basis := _basis_changed(qw, pw)) is not None:
        # "measured on a buyout basis" for "measured on the Technical Provisions basis"
        out.append(Difference("replace", basis[0], basis[1], "qualifier"))
    if (status := _figures_status_added(qw, pw)) is not None:
        # "According to the Group's audited figures, sales ... were £1.42 billion" for "Group sales were £1.42 billion"
        out.append(Difference("insert", status, "", "qualifier"))
    if (occasion := _total_told_per_occasion(qw, pw)) is not None:
        # "can be suspended for up to 45 school days at a time" for "up to a maximum of 45 school days in a single
        # academic year"
        out.append(Difference("replace", occasion[0], occasion[1], "quantifier"))
    if (most := _share_told_as_most(qw, pw) or _amount_told_as_most(qw, pw)) is not None:
        # "in the majority of weekly samples" for "in 41% of weekly samples"
        out.append(Difference("replace", most[0], most[1], "quantifier"))
    if (none := _no_evidence_told_as_none(qw, pw)) is not None:
        # "atorvastatin has no effect on muscle symptoms" for "we found no evidence of an overall effect of
        # atorvastatin on muscle symptoms": an absence of evidence told as evidence of absence
        out.append(Difference("replace", none, "no evidence of", "qualifier"))
    if (alike := _alike_told_as_different(qw, pw)) is not None:
        # "supported more invertebrate species than the natural meadow" for "species richness ... was comparable to
        # that of the reference meadow"
        out.append(Difference("replace", alike[0], alike[1], "direction"))
    if (expected := _past_expectation_told_current(qw, pw)) is not None:
        # "which the Board expects to ease" for "which the Board had previously expected to ease"
        out.append(Difference("replace", expected[0], expected[1], "qualifier"))
    if (barred := _need_not_told_as_cannot(qw, pw)) is not None:
        # "you can no longer submit your own" for "you will no longer need to submit readings yourself"
        out.append(Difference("replace", barred[0], barred[1], "modal"))
    if (party := _party_in_place(quote, passage)) is not None:
        # "This is an appeal by Mr Daniel Aske against the order" for "This is an appeal by Thornbury Recruitment Ltd
        # ("Thornbury") against the order ... against its former director, Mr Daniel Aske"
        out.append(Difference("replace", party[0], party[1], "party"))
    if (acronym := _acronym_swapped(quote, passage)) is not None:
        # "the Consumer Prices Index (CPI)" for "... including owner occupiers' housing costs (CPIH)":
        # another measure, named by its own abbreviation
        out.append(Difference("replace", acronym[0], acronym[1], "party"))
    return tuple(out)


def _day_counts(words: list[str]) -> dict[str, set[str]]:
    """Each figure of days ``words`` give, with the kinds of day it counts ("business" for business, working
    and banking days, "clear", or "" for days of no kind; a calendar day is a day).

    >>> _day_counts("within ten 10 business days , or 30 calendar days".split())
    {'10.0': {'business'}, '30.0': {''}}
    """
    out: dict[str, set[str]] = {}
    for i, w in enumerate(words):
        if w not in ("days", "day") or not i:
            continue
        kind = _DAY_KINDS.get(words[i - 1], "")
        j = i - 1 - (words[i - 1] in _DAY_KINDS)
        figure = canonical_number(words[j]) if j >= 0 else None
        if figure is not None:
            out.setdefault(figure, set()).add(kind)
    return out


_DAY_KINDS = {"business": "business", "working": "business", "banking": "business", "clear": "clear",
              "calendar": "", "consecutive": ""}


def _day_kind_changed(qw: list[str], pw: list[str]) -> tuple[str, str] | None:
    """A number of days the quote counts in another kind of day than the passage does ("within ten (10) days" for
    "within ten (10) Business Days"): ``(the quote's, the passage's)``, else ``None`` (since the 59th stop).

    >>> _day_kind_changed("within 10 days of the event".split(), "within ten 10 business days after it".split())
    ('10 days', '10 business days')
    >>> _day_kind_changed("within 10 working days".split(), "within ten 10 business days".split()) is None
    True
    """
    q_days = _day_counts(qw)
    if not q_days:
        return None
    for figure, kinds in _day_counts(pw).items():
        said = q_days.get(figure)
        if said and not said & kinds:
            name = figure.removesuffix(".0")
            return f"{name} {min(said)} days".replace("  ", " "), f"{name} {min(kinds)} days".replace("  ", " ")
    return None


_BOUNDS_AFTER = (("up", "to"), ("below",), ("above",), ("under",), ("over",), ("exceeding",), ("not", "exceeding"),
                 ("less", "than"), ("more", "than"), ("of", "up", "to"), ("of", "at", "least"), ("of", "less", "than"),
                 ("of", "more", "than"), ("at", "or", "below"), ("at", "or", "above"))


def _all_for_bounded(qw: list[str], pw: list[str]) -> tuple[str, str] | None:
    """The quote's "all X" where the passage bounds X ("at bandwidths up to and including 1 Gbit/s" told as "at all
    bandwidths"): ``(the quote's words, the passage's bound)``, else ``None`` (since the 59th stop).

    >>> _all_for_bounded("a basket control at all bandwidths .".split(), "a control at bandwidths up to 1 gbit/s".split())
    ('all bandwidths', 'bandwidths up to')
    >>> _all_for_bounded("at all bandwidths up to 1 gbit/s".split(), "at bandwidths up to 1 gbit/s".split()) is None
    True
    """
    for k, w in enumerate(qw[:-1]):
        if w != "all" or not content_word(thing := qw[k + 1]) or len(thing) < 4:
            continue
        if any(tuple(qw[k + 2 : k + 2 + len(b)]) == b for b in _BOUNDS_AFTER):
            continue
        for j, x in enumerate(pw):
            if x == thing and (j == 0 or pw[j - 1] not in ("all", "any", "every")):
                bound = next((b for b in _BOUNDS_AFTER if tuple(pw[j + 1 : j + 1 + len(b)]) == b), None)
                # (a bound of one word is one before a figure: "expenses under this Agreement" bounds nothing)
                if bound is not None and (len(bound) > 1 or any(canonical_number(y) is not None for y in pw[j + 2 : j + 5])):
                    return f"all {thing}", f"{thing} {' '.join(bound)}"
    return None


_CHANGES = ("increas", "rise", "reduc", "decrea", "fall", "declin", "drop", "chang", "movem")


def _any_change_unbounded(qw: list[str], pw: list[str]) -> tuple[str, str] | None:
    """The quote's "any increase in X" where the passage gives the size of the change that has the effect ("an
    increase in the pre-tax discount rate of 1.1 percentage points would eliminate this headroom"), and the
    quote gives no figure for it: ``(the quote's words, the passage's figure)``, else ``None`` (since the 59th
    stop).

    >>> _any_change_unbounded("any increase in the discount rate would wipe out the headroom".split(),
    ...                       "an increase in the discount rate of 1.1 percentage points would eliminate it".split())
    ('any increase', '1.1')
    """
    for k, w in enumerate(qw[:-1]):
        if w != "any" or not qw[k + 1].startswith(_CHANGES):
            continue
        stem = qw[k + 1][:VERB_PREFIX]
        after = list(itertools.takewhile(lambda x: x not in (",", ".", ";"), qw[k + 2 : k + 2 + _CHANGE_WORDS]))
        if any(canonical_number(x) is not None for x in after):
            continue
        for j, x in enumerate(pw[1:], start=1):
            if x[:VERB_PREFIX] != stem or pw[j - 1] not in ("a", "an"):
                continue
            clause = list(itertools.takewhile(lambda y: y not in (",", ".", ";"), pw[j + 1 : j + 1 + _CHANGE_WORDS]))
            figure = next((y for y in clause if canonical_number(y) is not None), None)
            if figure is not None:
                return f"any {qw[k + 1]}", figure
    return None


_CHANGE_WORDS = 10  # words after "any increase" (or "an increase") read for its size


def _negated_pair_told_plain(qw: list[str], pw: list[str]) -> str | None:
    """Two claims the passage negates that the quote states plainly, which an even count of negations hides
    ("are not covered, and we are unable to reimburse any costs" told as "are covered, and we will reimburse any
    reasonable costs"): the first negated word, else ``None`` (since the 59th stop). Unlike
    :func:`_negated_verb_told_plain` (one claim negated twice), a word of order in the quote ("will") keeps
    nothing: each of two claims is read where it stands, "unable to" too.

    >>> _negated_pair_told_plain("are covered , and we will reimburse any costs".split(),
    ...                          "are not covered , and we are unable to reimburse any costs".split())
    'covered'
    >>> _negated_pair_told_plain("are covered , and we will not reimburse any costs".split(),
    ...                          "are not covered , and we are unable to reimburse any costs".split()) is None
    True
    """
    if _negations(pw) - _negations(qw) < 2:
        return None
    plain = []
    for i, w in enumerate(pw):
        if w in ("not", "never", "unable"):
            word = next((x for x in pw[i + 1 : i + 4] if x not in _NEGATED_SKIP), None)
            if word is None or not content_word(word) or pw.count(word) != 1 or word not in qw:
                continue
            k = qw.index(word)
            if not any(_negator_at(qw, j) or qw[j] == "unable" for j in range(max(0, k - 4), k)):
                plain.append(word)
    return plain[0] if len(plain) >= 2 else None


_NEGATED_SKIP = frozenset("be been being to yet have has had".split())  # "not be covered", "unable to reimburse"


_PRIOR_YEAR = frozenset("year earlier ago prior previous".split())
_UP = frozenset("higher more greater larger above up increased rose grew".split())
_DOWN = frozenset("lower less fewer smaller below down decreased fell declined".split())


def _year_on_year_reversed(qw: list[str], passage: str) -> tuple[str, str] | None:
    """A figure the quote says is higher (or lower) than a year before where the passage's comparative in brackets
    says the other ("£2.07 billion (30 June 2023: £2.21 billion)" told as "£2.07 billion ..., which is higher than
    at the same point last year"): ``(the quote's word, the passage's earlier figure)``, else ``None`` (since the
    59th stop).

    >>> _year_on_year_reversed("worth £ 2.07 , higher than last year".split(), "stood at £2.07 (2023: £2.21)")
    ('higher', '2.21')
    """
    way = next(((k, w) for k, w in enumerate(qw) if (w in _UP or w in _DOWN) and _PRIOR_YEAR & set(qw[k + 1 : k + 9])), None)
    if way is None or "(" not in passage:
        return None
    stated = {canonical_number(w) for w in qw[: way[0]]} - {None}
    values = {canonical_number(w) for w in qw} - {None}
    for m in _PRIOR_IN_BRACKETS.finditer(passage):
        now = [canonical_number(w) for w in _with_scales(_words(m["now"]))]
        was = [w for w in _with_scales(_words(m["was"])) if canonical_number(w) is not None]
        now_value = next((x for x in now if x is not None), None)
        if now_value is None or now_value not in stated or len(was) != 1 or canonical_number(was[0]) in values:
            continue
        a, b = float(now_value), float(canonical_number(was[0]) or 0)
        if a != b and (a > b) != (way[1] in _UP):
            return way[1], was[0]
    return None


# a figure with its comparative in brackets: "£2.07 billion (30 June 2023: £2.21 billion)", "£94 million (2022: £121 million)"
_PRIOR_IN_BRACKETS = re.compile(r"(?P<now>[$£€]?\d[\d,.]*(?:\s*(?:million|billion|bn|m|%|per cent))?)\s*\("
                                r"[^():]{0,20}?\b(?:19|20)\d\d\s*:\s*(?P<was>[^():]{1,30})\)", re.I)


def _offset_told_as_main(qw: list[str], pw: list[str]) -> str | None:
    """What the passage says only offsets a figure ("favourable development of £94 million ..., principally in the
    commercial property and personal motor lines, partly offset by adverse development of £37 million in the UK
    liability portfolio") told as where it mainly came from ("came mainly from the UK liability portfolio"): two
    content words of the offsetting clause and none of the clause before it. The offsetting words, else ``None``
    (since the 59th stop).

    >>> _offset_told_as_main("it came mainly from the uk liability portfolio".split(),
    ...                      "recognised , principally in the property lines , partly offset by losses in the uk liability portfolio .".split())
    'liability portfolio'
    """
    if not (_MAINLY.intersection(qw) or _SOURCE_OF.intersection(qw)) or "offset" in qw:
        return None
    said = {w[:VERB_PREFIX] for w in qw}
    for k in range(1, len(pw) - 1):
        if pw[k] != "offset" or pw[k + 1] != "by":
            continue
        start = next((j + 1 for j in range(k - 1, -1, -1) if pw[j] in (".", ";")), 0)
        end = next((j for j in range(k, len(pw)) if pw[j] in (".", ";")), len(pw))
        # (where the passage says where the figure mainly comes from, "principally in the commercial property ...
        # lines", those words are its main part; else the whole clause)
        m = next((j for j in range(start, k) if pw[j] in _MAINLY), start - 1)
        main, offset = _word_stems(pw[m + 1 : k]), _word_stems(pw[k + 2 : end])
        if len(main) < 2:
            continue  # (an offset that opens a list of its own: "...; offset by • An increase of ...")
        told = offset - _word_stems(pw[start:k])
        if len(told & said) >= 2 and not (main - offset) & said:
            return " ".join(w for w in qw if w[:VERB_PREFIX] in told - main and content_word(w))
    return None


_SOURCE_OF = frozenset("driven came arose arising attributable".split())


def _most_not_told_as_none(qw: list[str], pw: list[str]) -> tuple[str, str] | None:
    """The passage's "the majority of X ... not" (or "most X ... not") told as "no X" ("where the majority of
    expenditure is not expected until after 2045" told as "where no expenditure is expected until after 2045"):
    ``(the quote's words, the passage's)``, else ``None`` (since the 59th stop).

    >>> _most_not_told_as_none("where no expenditure is expected".split(), "where the majority of expenditure is not expected".split())
    ('no expenditure', 'majority of expenditure')
    """
    for i, w in enumerate(pw):
        if w not in ("majority", "most"):
            continue
        j = i + 2 if pw[i + 1 : i + 2] == ["of"] else i + 1
        thing = next((x for x in pw[j : j + 3] if content_word(x)), None)
        clause = list(itertools.takewhile(lambda x: x not in (",", ".", ";"), pw[j : j + 10]))
        if thing is None or not any(_negator_at(clause, k) for k in range(len(clause))):
            continue
        for k, x in enumerate(qw[:-1]):
            if x in ("no", "none") and thing in qw[k + 1 : k + 4]:
                return f"{x} {thing}", " ".join(pw[i : pw.index(thing, i) + 1])
    return None


_BASIS = re.compile(r" (?:at constant (?:exchange rates|currency|currencies)|on an? (?:constant currency|organic|"
                    r"like-for-like|likeforlike|underlying|pro forma|proforma|adjusted) basis|organically|like-for-like|"
                    r"likeforlike|in constant currency)\b")
_BASIS_KEPT = ("constant", "organic", "like", "underlying", "currenc", "proforma", "pro", "adjusted", "fx", "exchange")


def _basis_dropped(qw: list[str], pw: list[str]) -> tuple[str, str] | None:
    """A figure the passage gives on a stated basis ("9% at constant exchange rates", "4% on an organic basis") that
    the quote gives plainly ("revenue rose 9%"): ``(the figure, the passage's basis)``, else ``None`` (since the 59th
    stop).

    >>> _basis_dropped("revenue rose 9% to 4.12".split(), "up 6% on a reported basis and 9% at constant exchange rates".split())
    ('9%', 'at constant exchange rates')
    """
    if any(w.startswith(_BASIS_KEPT) for w in qw):
        return None
    text = f" {' '.join(pw)} "
    for m in _BASIS.finditer(text):
        before = text[max(0, m.start() - 40) : m.start()].split()[-4:]
        figure = next((w for w in reversed(before) if canonical_number(w.rstrip("%")) is not None and w.endswith("%")), None)
        if figure is not None and figure in qw:
            return figure, m.group().strip()
    return None


_TOO_EARLY = re.compile(r" too (?:early|soon) to (?:assess|judge|say|tell|evaluate|determine|measure|know)\b")
_EFFECT_TOLD = ("improv", "reduc", "increas", "boost", "helped", "help", "effect", "impact", "work", "success", "benefit",
                "cut", "rais", "lower")


def _too_early_told_as_effect(qw: list[str], pw: list[str]) -> str | None:
    """An effect the quote reports where the passage says it is too early to assess it ("installed a cloud-based
    telephone system in November 2023, but it was too early to assess its impact" told as "the system ... has
    improved patients' ability to get through"): the quote's word, else ``None`` (since the 59th stop).

    >>> _too_early_told_as_effect("the new system has improved access".split(), "it installed a new system , but it was too early to assess its impact".split())
    'improved'
    """
    if _TOO_EARLY.search(f" {' '.join(pw)} ") is None or _TOO_EARLY.search(f" {' '.join(qw)} ") is not None \
            or {"early", "soon", "yet", "unclear", "may", "might", "could"} & set(qw):
        return None
    return next((w for w in qw if w.startswith(_EFFECT_TOLD) and not any(x.startswith(w[:VERB_PREFIX]) for x in pw)), None)


# (since the 60th stop) what is "expected to be utilised", told as used
_EXPECTED_TO_BE = re.compile(r" (?:is|are) (?:expected|forecast|planned|scheduled|due|intended|likely) to be (?P<verb>\w+)")
_DONE_AS = re.compile(r" (?:was|were|has been|have been|had been) (?:\w+ )?(?P<verb>\w+ed|\w+en|spent|paid|built|sold|made)\b")


def _expected_told_as_done(qw: list[str], pw: list[str]) -> tuple[str, str] | None:
    """A thing the passage expects to be done told as done ("€58 million was used during 2023" for "of which €58 million
    is expected to be utilised within one year"): ``(the quote's words, the passage's)``, else ``None`` (since the 60th
    stop).

    >>> _expected_told_as_done("€ 58 million was used during 2023".split(), "of which € 58 million is expected to be utilised".split())
    ('was used', 'is expected to be utilised')
    """
    if (expected := _EXPECTED_TO_BE.search(f" {' '.join(pw)} ")) is None \
            or {"expected", "expect", "expects", "forecast", "planned", "due", "will", "likely", "intended"} & set(qw):
        return None
    verb = expected.group("verb")
    for m in _DONE_AS.finditer(f" {' '.join(qw)} "):
        done = m.group("verb")
        if done[:3] == verb[:3] or {done[:4], verb[:4]} <= _USE_STEMS:
            return m[0].strip(), expected[0].strip()
    return None


_USE_STEMS = frozenset("used util spen appl".split())  # "used" for "utilised", "spent", "applied"


_SOLE_REMEDY = re.compile(r" (?:sole and exclusive|exclusive and sole|sole|exclusive|only) (?:remedy|remedies|recourse)\b")
_REMEDY_ADDED = re.compile(r" (?:also|additionally|in addition|on top of|as well as|besides) ")


def _sole_remedy_added_to(qw: list[str], pw: list[str]) -> str | None:
    """A remedy the quote adds where the passage says the remedies it names are the only ones ("can also claim damages
    on top of the clause 7.3 remedies" for "are the Supplier's sole and exclusive remedies"): the quote's word, else
    ``None`` (since the 60th stop)."""
    if _SOLE_REMEDY.search(f" {' '.join(pw)} ") is None or {"sole", "exclusive", "only"} & set(qw):
        return None
    added = _REMEDY_ADDED.search(f" {' '.join(qw)} ")
    return None if added is None or not {"remedy", "remedies", "damages", "claim", "recover"} & set(qw) else added[0].strip()


# (since the 60th stop) a finding the passage says was not made, told as made the other way
_NOT_FOUND = re.compile(r" (?:has|have|had|did|does|do) not (?:find|found|make any finding|made any finding|conclude|concluded|"
                        r"establish|established|determine|determined|decide|decided) (?:that )?")
_FOUND_NOT = re.compile(r" (?:found|finds|concluded|concludes|established|determined|held|decided|confirmed|ruled) that "
                        r"(?:[^.;]{0,80}? )?(?:not|no|never|\S+n't|neither) ")


def _no_finding_told_as_finding(qw: list[str], pw: list[str]) -> tuple[str, str] | None:
    """A finding the passage says was not made ("The Authority has not found that the contravention caused any breach")
    told as a finding of the contrary ("The Authority concluded that the failures did not cause any breach"): ``(the
    quote's words, the passage's)``, else ``None`` (since the 60th stop).

    >>> _no_finding_told_as_finding("it concluded that the failures did not cause any breach".split(),
    ...                             "it has not found that the contravention caused any breach".split())
    ('concluded that', 'has not found that')
    """
    quote = f" {' '.join(qw)} "
    if (passage := _NOT_FOUND.search(f" {' '.join(pw)} ")) is None or _NOT_FOUND.search(quote) is not None:
        return None
    told = _FOUND_NOT.search(quote)
    return None if told is None else (" ".join(told[0].split()[:2]), passage[0].strip())


_PENDING_APPROVAL = re.compile(r" (?:has|have) not (?:yet )?been (?:approved|granted|accepted|ratified|cleared|authori[sz]ed)"
                               r"| (?:awaiting|pending|subject to) (?:\S+ )?(?:approval|consent|clearance|ratification)")
_APPROVED = re.compile(r" (?:approved|granted|accepted|ratified|cleared|authori[sz]ed) by | (?:was|were|has been|have been) "
                       r"(?:approved|granted|ratified|cleared|authori[sz]ed) ")


def _pending_told_as_approved(qw: list[str], pw: list[str]) -> str | None:
    """A thing the passage says awaits approval told as approved ("the revised closure plan, approved by the regulator
    in March 2024" for "the revised plan ... submitted in March 2024 ... has not yet been approved"): the quote's words,
    else ``None`` (since the 60th stop)."""
    if _PENDING_APPROVAL.search(f" {' '.join(pw)} ") is None or {"not", "pending", "awaiting", "subject"} & set(qw):
        return None
    told = _APPROVED.search(f" {' '.join(qw)} ")
    return None if told is None else told[0].strip()


_UPWARD_ONLY = re.compile(r" (?:the (?:greater|higher) of|upwards? only|only upwards?|not (?:be )?(?:less|lower) than the (?:rent|"
                          r"price|fee|amount|charge)s? (?:payable|paid|then payable))")
_BOTH_WAYS = re.compile(r" (?:higher or lower|lower or higher|up or down|down or up|increase or decrease|decrease or increase|"
                        r"rise or fall|fall or rise|upwards or downwards|downwards or upwards) ")


def _upward_only_told_both_ways(qw: list[str], pw: list[str]) -> tuple[str, str] | None:
    """A review the passage makes upward only ("the greater of (a) the Rent payable ... and (b) the Open Market Rent")
    told as going either way ("whether that turns out to be higher or lower"): ``(the quote's words, the passage's)``,
    else ``None`` (since the 60th stop)."""
    passage = f" {' '.join(pw)} "
    if (upward := _UPWARD_ONLY.search(passage)) is None or _BOTH_WAYS.search(passage) is not None:
        return None
    told = _BOTH_WAYS.search(f" {' '.join(qw)} ")
    return None if told is None else (told[0].strip(), upward[0].strip())


def _counted_where_none(qw: list[str], pw: list[str]) -> tuple[str, str] | None:
    """A count of things the passage says there are none of ("aware of two crashes" for "aware of two warranty claims
    but of no crashes or injuries"): ``(the quote's words, the passage's)``, else ``None`` (since the 60th stop).

    >>> _counted_where_none("it is aware of two crashes but of no injuries".split(),
    ...                     "it is aware of two warranty claims but of no crashes or injuries".split())
    ('two crashes', 'no crashes')
    """
    none = {pw[k][:VERB_PREFIX]: f"no {pw[k]}" for i, w in enumerate(pw) if w == "no"
            for k in range(i + 1, min(i + 4, len(pw))) if content_word(pw[k])}
    if not none:
        return None
    for i, w in enumerate(qw[:-1]):
        thing = qw[i + 1]
        if (w in _PLACED_NUMBER_WORDS or w[:1].isdigit()) and thing[:VERB_PREFIX] in none \
                and not any(x[:VERB_PREFIX] == thing[:VERB_PREFIX] for x in pw[: pw.index("no")] if x != "no") \
                and f"{w} {thing}" not in " ".join(pw):
            return f"{w} {thing}", none[thing[:VERB_PREFIX]]
    return None


_JUDGED = frozenset("opinion discretion belief judgment judgement view satisfaction".split())


def _reasonable_dropped(qw: list[str], pw: list[str]) -> str | None:
    """A judgement the passage requires to be reasonable ("in the reasonable opinion of the Sponsor") told without it
    ("in its own opinion"): the passage's words, else ``None`` (since the 60th stop).

    >>> _reasonable_dropped("whenever in its own opinion the conduct".split(), "in the reasonable opinion of the sponsor".split())
    'reasonable opinion'
    """
    if any(w.startswith("reasonabl") for w in qw):
        return None
    for i, w in enumerate(pw[:-1]):
        if w in ("reasonable", "reasonably") and pw[i + 1] in _JUDGED and pw[i + 1] in qw:
            return f"{w} {pw[i + 1]}"
    return None


_DOWN_WORDS = frozenset("fell fall falls fallen falling declined decreased dropped down reduced lower cut eased".split())
_UP_WORDS = frozenset("rose rise rises risen rising increased grew up higher climbed jumped".split())


def _direction_against_figures(qw: list[str], pw: list[str]) -> tuple[str, str] | None:
    """A move the quote tells one way between two of the passage's figures that go the other ("Gearing fell to 61.8%
    ..., down from 60.4%"): ``(the quote's word, the way the figures go)``, else ``None`` (since the 60th stop).

    >>> _direction_against_figures("gearing fell to 61.8% , down from 60.4% a year earlier".split(), "gearing of 61.8% ( 2024 : 60.4% )".split())
    ('fell', 'up')
    >>> _direction_against_figures("gearing rose to 61.8% from 60.4%".split(), "gearing of 61.8% ( 2024 : 60.4% )".split())
    """
    stated = {x for x in pw if x[:1].isdigit()}
    for i, w in enumerate(qw):
        if w not in _DOWN_WORDS and w not in _UP_WORDS:
            continue
        clause = list(itertools.takewhile(lambda x: x not in (".", ";"), qw[i + 1 : i + _MOVE_WORDS]))
        to = next((clause[k + 1] for k, x in enumerate(clause[:-1]) if x == "to" and clause[k + 1] in stated), None)
        start = next((clause[k + 1] for k, x in enumerate(clause[:-1]) if x == "from" and clause[k + 1] in stated), None)
        if to is None or start is None or (a := canonical_number(to.rstrip("%"))) is None \
                or (b := canonical_number(start.rstrip("%"))) is None or not (_is_float(a) and _is_float(b)):
            continue
        went = "up" if float(a) > float(b) else "down" if float(a) < float(b) else None
        if went is not None and (went == "up") != (w in _UP_WORDS):
            return w, went
    return None


_MOVE_WORDS = 14  # words after a word of a move read for its "to" and "from" figures


_EXPECTS = re.compile(r"\b(?:does not|do not|doesn't|don't)? ?(?:currently |now |still )?expects? (?P<what>\S+) to (?P<verb>\w+)")
_EXPECTATION_KEPT = frozenset("expect expects expected expecting expectation expectations anticipate anticipates anticipated "
                              "forecast forecasts predicts predicted likely unlikely may might could should believes believe "
                              "projects projected outlook guidance hopes aims".split())


def _expectation_told_as_fact(qw: list[str], pw: list[str]) -> tuple[str, str] | None:
    """What the passage says someone expects ("does not currently expect losses to increase materially") told as what will
    happen ("losses will not increase materially"): ``(the quote's words, the passage's)``, else ``None`` (since the 60th
    stop).

    >>> _expectation_told_as_fact("northmoor says losses will not increase materially".split(),
    ...                           "it does not currently expect losses to increase materially".split())
    ('will not increase', 'does not currently expect losses to increase')
    """
    if _EXPECTATION_KEPT & set(qw):
        return None
    quote = " ".join(qw)
    for m in _EXPECTS.finditer(" ".join(pw)):
        told = re.search(rf"\b(?:will|won't|shall)(?: not| no longer)? {re.escape(m['verb'])}\b", quote)
        if told is not None and m["what"][:VERB_PREFIX] in {w[:VERB_PREFIX] for w in qw}:
            return told[0], m[0].strip()
    return None


def _expected_told_as_scheduled(qw: list[str], pw: list[str]) -> tuple[str, str] | None:
    """What the passage says is expected told as scheduled or confirmed, of the same thing (two content words of the
    quote's after it are the passage's after "expect"): ``(the quote's word, the passage's)``, else ``None`` (since the
    61st stop).

    >>> _expected_told_as_scheduled("the department has scheduled conduct examinations for the second quarter".split(),
    ...                             "insurers should expect conduct examinations to begin in the second quarter".split())
    ('scheduled conduct examinations', 'expect conduct examinations')
    >>> _expected_told_as_scheduled("examinations are scheduled for may".split(), "examinations are scheduled for may".split())
    """
    if any(w.startswith(_FIRM_PLANS) for w in pw):
        return None
    for i, w in enumerate(qw):
        if not w.startswith(_FIRM_PLANS):
            continue
        said = {v[:VERB_PREFIX] for v in qw[i + 1 : i + 1 + _PLAN_WORDS] if content_word(v) and v not in _AUXILIARIES}
        for k, v in enumerate(pw):
            if v.startswith("expect") and len(said & {x[:VERB_PREFIX] for x in pw[k + 1 : k + 1 + _PLAN_WORDS]}) >= 2:
                return " ".join(qw[i : i + 3]), " ".join(pw[k : k + 3])
    return None


_FIRM_PLANS = ("scheduled", "confirmed")
_PLAN_WORDS = 6  # words after "scheduled" (or "expect") that say what is


def _part_told_as_whole(qw: list[str], pw: list[str]) -> str | None:
    """What the passage says holds of part of a thing ("part of the excess incidence in the screening group") told of
    the whole: the quote has its words (:data:`_PART_WORDS_AFTER` content words after "part of"), with no word of a
    part. The passage's words, else ``None`` (since the 61st stop).

    >>> _part_told_as_whole("overdiagnosis explains the excess incidence in the screening group".split(),
    ...                     "overdiagnosis may account for part of the excess incidence in the screening group".split())
    'part of the excess incidence'
    >>> _part_told_as_whole("overdiagnosis partly explains the excess incidence".split(),
    ...                     "overdiagnosis may account for part of the excess incidence".split())
    """
    if _PART_KEEPERS & set(qw):
        return None
    for k in range(len(pw) - 1):
        # (not "a part of", a member; nor "any part of", all of it)
        if pw[k] == "part" and pw[k + 1] == "of" and not (k and pw[k - 1] in ("a", "an", "integral", "form", "forms", "any",
                                                                             "no", "every", "each")):
            what = [w for w in pw[k + 2 : k + 2 + 2 * _PART_WORDS_AFTER] if content_word(w)][:_PART_WORDS_AFTER]
            # (a quote that says how much of it: "£270 million of the Meridian claim")
            of_it = any(qw[j] == "of" and any(figure(v) is not None for v in qw[max(0, j - 3) : j])
                        and what[0][:VERB_PREFIX] in {v[:VERB_PREFIX] for v in qw[j + 1 : j + 5]} for j in range(len(qw))) if what else False
            if len(what) == _PART_WORDS_AFTER and not of_it and all(any(v[:VERB_PREFIX] == w[:VERB_PREFIX] for v in qw) for w in what):
                end = pw.index(what[-1], k + 2) + 1
                return " ".join(pw[k:end])
    return None


_PART_WORDS_AFTER = 2
_PART_KEEPERS = frozenset("part partly partially some portion share fraction proportion contributes contributed contribute "
                          "contributing contributor partial".split())


def _little_evidence_told_as_done(qw: list[str], pw: list[str]) -> str | None:
    """What the passage says there is little or no evidence of ("limited evidence that they have reduced economic losses
    from drought") told as done, with no word of doubt: the passage's words, else ``None`` (since the 61st stop).

    >>> p = "have reduced mortality , but there is limited evidence that they have reduced economic losses from drought".split()
    >>> _little_evidence_told_as_done("have reduced both deaths and economic losses from drought".split(), p)
    'limited evidence that they have reduced economic losses from drought'
    >>> _little_evidence_told_as_done("there is little evidence they reduced economic losses from drought".split(), p)
    """
    if _DOUBT_WORDS & set(qw) or "evidence" in qw:
        return None
    stems = {w[:VERB_PREFIX] for w in qw if content_word(w) and w not in _AUXILIARIES}
    for k in range(len(pw) - 2):
        if pw[k] in _LITTLE and pw[k + 1] == "evidence" and pw[k + 2] in ("that", "of"):
            claim = list(itertools.takewhile(lambda v: v not in (".", ";", ",", "but"), pw[k + 3 : k + 3 + _CLAIM_WORDS]))
            own = [v for v in claim if content_word(v) and v not in _AUXILIARIES and not any(v in g for g in _PRONOUN_GROUPS)]
            if len(own) >= 3 and all(v[:VERB_PREFIX] in stems for v in own):
                return " ".join(pw[k : k + 3 + len(claim)])
    return None


_LITTLE = frozenset("limited little insufficient weak inconclusive scant".split())
_DOUBT_WORDS = frozenset("may might possibly unclear uncertain limited little not no unproven".split())
_CLAIM_WORDS = 12  # words of the claim after "evidence that"


_MAY_DO = re.compile(r"\b(?:may|might)(?: not)? (\w+)")
_WILL_DO = re.compile(r"\b(?:will|won't)(?: not| no longer)? (\w+)")


def _may_told_as_will(qw: list[str], pw: list[str]) -> tuple[str, str] | None:
    """What the passage says may happen told as what will ("will not recover" for "may not recover"), the same verb
    after each: ``(the quote's words, the passage's)``, else ``None`` (since the 60th stop).

    >>> _may_told_as_will("demand will not recover this year".split(), "demand may not recover this year".split())
    ('will not recover', 'may not recover')
    >>> _may_told_as_will("banks will not have to raise capital".split(), "supervisors may require a plan".split())
    """
    if {"may", "might", "could", "possibly", "potentially"} & set(qw):
        return None
    may = {m[1][:VERB_PREFIX]: m[0] for m in _MAY_DO.finditer(" ".join(pw))}
    if not may:
        return None
    for m in _WILL_DO.finditer(" ".join(qw)):
        if m[1][:VERB_PREFIX] in may:
            return m[0], may[m[1][:VERB_PREFIX]]
    return None


_PROVISIONAL = re.compile(r"\bprovisional(?:ly)?\b|\bminded to\b|\binclined to\b")
_RULED = re.compile(r"\b(?:ordered|decided|ruled|held|directed|determined|awarded)\b")


def _provisional_told_as_decided(qw: list[str], pw: list[str]) -> tuple[str, str] | None:
    """A view the passage calls provisional ("my provisional view is that the costs ... should be paid from the estate")
    told as decided ("The court ordered that the costs ... be paid out of the estate"): ``(the quote's word, the
    passage's)``, else ``None`` (since the 60th stop)."""
    quote = " ".join(qw)
    if (provisional := _PROVISIONAL.search(" ".join(pw))) is None or _PROVISIONAL.search(quote) is not None \
            or {"view", "views", "provisional", "provisionally"} & set(qw):
        return None
    decided = _RULED.search(quote)
    return None if decided is None or decided[0] in pw else (decided[0], provisional[0])


_ALONE = frozenset("alone solely itself isolation own only".split())


def _alone_dropped(qw: list[str], pw: list[str]) -> str | None:
    """What the passage says of a thing "alone" ("The smell of cannabis alone will not normally justify a search") told
    of the thing at all ("not allowed to search anyone on the basis of a smell of cannabis"): the passage's words, else
    ``None`` (since the 60th stop).

    >>> _alone_dropped("no search on the basis of a smell of cannabis".split(), "the smell of cannabis alone will not justify a search".split())
    'cannabis alone'
    """
    if _ALONE & set(qw):
        return None
    for i, w in enumerate(pw[1:], 1):
        if w == "alone" and content_word(pw[i - 1]) and pw[i - 1] in qw:
            return f"{pw[i - 1]} alone"
    return None


_ON_A_BASIS = re.compile(r" on (?:a|an|the|its) ((?:[^\s,.;]+ ){1,3})basis ")


def _basis_changed(qw: list[str], pw: list[str]) -> tuple[str, str] | None:
    """A figure measured on another basis than the passage's ("measured on a buyout basis" for "measured on the
    Technical Provisions basis"): ``(the quote's basis, the passage's)``, else ``None`` (since the 60th stop).

    >>> _basis_changed("hedge 90 % measured on a buyout basis".split(), "hedge 90 % measured on the technical provisions basis".split())
    ('buyout basis', 'technical provisions basis')
    """
    theirs = [m[1].split() for m in _ON_A_BASIS.finditer(f" {' '.join(pw)} ")]
    if not theirs:
        return None
    said = {w[:VERB_PREFIX] for basis in theirs for w in basis}
    for m in _ON_A_BASIS.finditer(f" {' '.join(qw)} "):
        ours = m[1].split()
        if not {w[:VERB_PREFIX] for w in ours} & said and any(content_word(w) for w in ours):
            return f"{' '.join(ours)} basis", f"{' '.join(theirs[0])} basis"
    return None


_FIGURES_STATUS = frozenset("audited unaudited restated".split())


def _figures_status_added(qw: list[str], pw: list[str]) -> str | None:
    """A status of figures the quote gives where the passage has no word of it ("according to the Group's audited
    figures" for "Group sales were £1.42 billion"; "the audited period" restates "the period under audit"): the
    word, else ``None`` (since the 60th stop).

    >>> _figures_status_added("the group's audited sales were 1.4".split(), "group sales were 1.4".split())
    'audited'
    >>> _figures_status_added("for the audited period".split(), "for the period under audit".split())
    """
    stems = {w[:VERB_PREFIX] for w in pw}
    return next((w for w in qw if w in _FIGURES_STATUS and w[:VERB_PREFIX] not in stems
                 and w.removeprefix("un")[:VERB_PREFIX] not in stems), None)


# a limit per occasion, and a limit over a period or in all (since the 60th stop)
_PER_OCCASION = re.compile(r" (?:at a time|at any one time|each time|per (?:occasion|instance|incident|suspension)|on each occasion) ")
_OVER_A_PERIOD = re.compile(r" (?:in|within|during|over) (?:a|any|one|each|the) (?:single )?(?:academic |calendar |financial |school )?"
                            r"(?:year|month|week|quarter|term|period of \S+ (?:years?|months?))| per (?:year|annum|month)| in (?:total|aggregate)"
                            r"| (?:in all|cumulatively|aggregate) ")


def _total_told_per_occasion(qw: list[str], pw: list[str]) -> tuple[str, str] | None:
    """A limit the passage sets over a period or in all told as a limit per occasion ("up to 45 school days at a time"
    for "up to a maximum of 45 school days in a single academic year"): ``(the quote's words, the passage's)``, else
    ``None`` (since the 60th stop).

    >>> _total_told_per_occasion("suspended for up to 45 school days at a time".split(),
    ...                          "suspended for periods up to a maximum of 45 school days in a single academic year".split())
    ('at a time', 'in a single academic year')
    """
    told = _PER_OCCASION.search(f" {' '.join(qw)} ")
    passage = f" {' '.join(pw)} "
    if told is None or _PER_OCCASION.search(passage) is not None:
        return None
    period = _OVER_A_PERIOD.search(passage)
    return None if period is None else (told[0].strip(), period[0].strip())


_SHARE_OF_REACH = 14  # words after "41% of" where the thing it is a share of is named
_SHARE_STOPS = frozenset(",;.!?()")


def _share_told_as_most(qw: list[str], pw: list[str]) -> tuple[str, str] | None:
    """"The majority of" (or "most") things the passage gives a share under half of ("in the majority of weekly samples"
    for "in 41% of weekly samples"): ``(the quote's words, the passage's)``, else ``None`` (since the 60th stop).

    >>> _share_told_as_most("above the threshold in the majority of weekly samples".split(), "above it in 41% of weekly samples".split())
    ('majority of weekly samples', '41% of weekly samples')
    >>> _share_told_as_most("most weekly samples".split(), "in 61 % of weekly samples".split())

    A share of a whole named before it ("84,310 vehicles, of which ... 2%"), told as "most of" them (since the 61st stop):

    >>> _share_told_as_most("most of the 84,310 vehicles contain it".split(), "84,310 vehicles , of which it estimates that 2 % contain it".split())
    ('most of the 84,310 vehicles contain', '84,310 vehicles , of which it estimates that 2 %')
    """
    for i, w in enumerate(qw):
        whole = False
        if w == "majority" and qw[i + 1 : i + 2] == ["of"]:
            told = qw[i : i + 5]
        elif w == "most" and qw[i + 1 : i + 2] == ["of"]:
            told, whole = qw[i : i + 6], True
        elif w == "most" and qw[i + 1 : i + 2] not in (["likely"], ["recent"], ["common"], ["important"]):
            told = qw[i : i + 4]
        else:
            continue
        stems = {x[:VERB_PREFIX] for x in told[1:] if content_word(x)}
        for k, x in enumerate(pw):
            of = k + 1 + (pw[k + 1 : k + 2] == ["%"])  # "41%" or "41 %"
            if not (x.endswith("%") or of > k + 1):
                continue
            share = canonical_number(x.rstrip("%"))
            if share is None or not _is_float(share) or float(share) >= _HALF:
                continue
            if not whole and pw[of : of + 1] == ["of"] and stems & {y[:VERB_PREFIX] for y in pw[of + 1 : of + 4]}:
                return _up_to_stop(told), _up_to_stop(pw[k : of + 4])
            # (since the 62nd stop) the thing further on, in the same clause: "approximately 41% of the aggregate
            # outstanding principal amount of the Republic's US$6.8 billion of eligible external bonds"
            if not whole and pw[of : of + 1] == ["of"] and len(stems) >= 2 and stems <= {
                    y[:VERB_PREFIX] for y in itertools.takewhile(lambda y: y not in _SHARE_STOPS, pw[of + 1 : of + 1 + _SHARE_OF_REACH])}:
                return _up_to_stop(told), _up_to_stop(pw[k : of + 4])
            # "..., of which 2%": the whole is named before
            which = next((j for j in range(k - 1, max(-1, k - _OF_WHICH_REACH), -1) if pw[j : j + 2] == ["of", "which"]), None)
            if whole and which is not None and stems & {y[:VERB_PREFIX] for y in pw[max(0, which - 3) : which]}:
                return _up_to_stop(told), " ".join(pw[max(0, which - 3) : of])
    return None


def _amount_told_as_most(qw: list[str], pw: list[str]) -> tuple[str, str] | None:
    """"Most of" (or "the majority of") a whole the quote gives a part of no more than half of, as amounts: "£1.71 million
    of £3.42 million" in the quote, or "£3.42 million, of which £1.71 million" in the passage, the part's figure in the
    quote. ``(the quote's "most", the part and the whole)``, else ``None`` (since the 63rd stop).

    >>> _amount_told_as_most("most of its income ( £ 1,710,000 of £ 3,420,000 ) came from grants".split(), [])
    ('most of', '1,710,000 of 3,420,000')
    >>> _amount_told_as_most("most of its income came from grants ( £ 1,710,000 )".split(),
    ...                      "income was £ 3,420,000 , of which £ 1,710,000 came from grants".split())
    ('most of', '1,710,000 of 3,420,000')
    >>> _amount_told_as_most("most of its income ( £ 2,710,000 of £ 3,420,000 )".split(), [])
    """
    told = next((f"{w} of" for i, w in enumerate(qw) if w in ("most", "majority") and qw[i + 1 : i + 2] == ["of"]), None)
    if told is None:
        return None

    def amount(words: list[str], i: int, step: int) -> tuple[str, float] | None:
        while 0 <= i < len(words) and (words[i] in CURRENCY_SIGNS or words[i] in CURRENCY_CODES):
            i += step
        x = words[i] if 0 <= i < len(words) else ""
        value = canonical_number(x) if x[:1].isdigit() and not x.endswith("%") else None
        return (x, float(value)) if value is not None and _is_float(value) else None

    said = {w for w in qw if w[:1].isdigit()}
    pairs = [(part, whole) for k, w in enumerate(qw) if w == "of" and (part := amount(qw, k - 1, -1))
             and (whole := amount(qw, k + 1, 1))]
    pairs += [(part, whole) for k, w in enumerate(pw) if pw[k : k + 2] == ["of", "which"] and (part := amount(pw, k + 2, 1))
              and part[0] in said and (whole := next(filter(None, (amount(pw, j, 1) for j in range(k - 1, max(-1, k - 1 - _WHOLE_BEFORE_WHICH), -1))), None))]
    for (p, pv), (wh, wv) in pairs:
        if pv > 0 and pv * 2 <= wv:
            return told, f"{p} of {wh}"
    return None


_WHOLE_BEFORE_WHICH = 3  # words before "of which" where the whole's figure stands ("£3.42 million, of which")


def _row_figure_moved(qw: list[str], passage: str) -> tuple[str, str] | None:
    """A figure of one row of the passage's table that the quote gives to another row: the label (first cell) of
    another row within :data:`_ROW_REACH` words of it in the quote, and none of its own row's. ``(quote's "label
    figure", the table's)``, else ``None`` (since the 61st stop).

    >>> p = "Year | Revenue | Coverage\\n2022 | $51.9m | 1.71x\\n2023 | $55.4m | 1.59x\\n2024 | $58.8m | 1.77x"
    >>> _row_figure_moved(_words("Coverage was weakest in FY2023 at 1.71x before recovering to 1.77x in FY2024."), p)
    ('2023 1.71', '2022 1.71')
    >>> _row_figure_moved(_words("coverage was 1.59x in 2023 and 1.71x in 2022"), p)
    """
    rows: dict[str, set[str]] = {}
    for line in passage.splitlines():
        cells = [c.strip() for c in line.split("|")]
        if len(cells) >= 3 and cells[0] and len(cells[0]) <= _ROW_LABEL_CHARS:
            label = " ".join(_words(cells[0]))
            rows[label] = {x for c in cells[1:] for w in _words(c) if (x := figure(w)) is not None}
    if len(rows) < 2:
        return None
    held: dict[str, list[str]] = {}
    for label, figures in rows.items():
        for x in figures:
            held.setdefault(x, []).append(label)
    for i, w in enumerate(qw):
        x = figure(w) if w[:1].isdigit() and w not in rows else None
        if x is None or len(held.get(x, ())) != 1:
            continue
        own = held[x][0]
        near = qw[max(0, i - _ROW_REACH) : i + _ROW_REACH + 1]
        others = [v for v in near if v in rows and v != own]
        if others and own not in near:
            return f"{others[0]} {w}", f"{own} {w}"
    return None


_ROW_REACH = 4  # words either side of a figure where a quote names the row it gives it to
_ROW_LABEL_CHARS = 24  # a row's label is short: "2023", "Fiscal 2023", "Net revenue"
_POSSESSIVES = {"his": 0, "her": 1, "our": 2, "their": 3, "my": 4}  # the possessive of each group


def _owner_swapped(qw: list[str], pw: list[str]) -> tuple[str, str] | None:
    """A thing the quote gives another owner than the passage does, where the passage speaks of both: "our
    commentary" for "their commentary" in a passage that says "we" of others. ``(quote's, passage's)``, else ``None``
    (since the 61st stop). A passage that has no word of the quote's owner reports its writers' own words in the
    third person ("the authors stress that their data"), which a quote may give in the first.

    >>> p = "the original authors suggested in their commentary that it was weaker ; we note that it was approved".split()
    >>> _owner_swapped("in our commentary , we suggested that it was weaker".split(), p)
    ('our commentary', 'their commentary')
    >>> _owner_swapped("in our commentary , we suggested that it was weaker".split(), p[:9])
    """
    owned = [(w, n) for w, n in itertools.pairwise(pw) if w in _POSSESSIVES]  # (in the passage's order: one answer)
    for w, n in itertools.pairwise(qw):
        if w not in _POSSESSIVES or (w, n) in owned or not n.isalpha():
            continue
        theirs = next((o for o, m in owned if m == n), None)
        # (a quote in the first person for the passage's third; "their behalf" for "our behalf" reports the writer)
        if theirs is not None and _PERSON[_PRONOUN_GROUPS[_POSSESSIVES[w]]] == 1 \
                and _PERSON[_PRONOUN_GROUPS[_POSSESSIVES[theirs]]] == 3 and _PRONOUN_GROUPS[_POSSESSIVES[w]] & set(pw):
            return f"{w} {n}", f"{theirs} {n}"
    return None


def _negated_verb_swapped(qw: list[str], pw: list[str]) -> tuple[str, str] | None:
    """The verb the passage negates, told plainly by a quote that negates another verb the passage does not have:
    ``(quote's "not verb", passage's)``, else ``None`` (since the 61st stop).

    >>> _negated_verb_swapped("it would slow enumeration , though it would not stop it".split(),
    ...                 "the rate limit would not materially slow enumeration".split())
    ('not stop', 'not slow')
    >>> _negated_verb_swapped("it would not slow enumeration much".split(), "it would not materially slow enumeration".split())
    """
    q, p = _negated_verbs(qw), _negated_verbs(pw)
    if len(q) != 1 or len(p) != 1 or q.keys() == p.keys():
        return None
    [(qs, qverb)], [(_, pverb)] = q.items(), p.items()
    if (plain := _plainly_told_at(qw, pw)) is None or any(_verb_stem(w) == qs for w in pw):
        return None
    # (in another clause of the quote: "being positioned inside it is not enough" negates the whole, which restates
    # "not merely positioned inside it")
    negator = next(i for i, w in enumerate(qw) if _is_not(w))
    if not _CLAUSE_MARKS & set(qw[min(plain, negator) : max(plain, negator)]):
        return None
    return f"not {qverb}", f"not {pverb}"


_CLAUSE_MARKS = frozenset(", ; though although but while whereas".split())


def _negated_verbs(words: list[str]) -> dict[str, str]:
    """The verbs a text negates ("would not materially slow": slow), by their first letters."""
    out: dict[str, str] = {}
    for i, w in enumerate(words):
        if _is_not(w):
            # (the first word after it past an adverb or an auxiliary: "does not apply to Day Passes" negates "apply",
            # never "day")
            verb = next((v for v in words[i + 1 : i + 1 + _NEGATED_REACH]
                         if not (v in _AUXILIARIES or _adverb(v) or v in _NOT_VERBS)), None)
            if verb is not None and verb.isalpha() and content_word(verb):
                out[_verb_stem(verb)] = verb
    return out


_EXCEPT_WORDS = frozenset({"except", "excepting", "excluding"})


def _pairs_of(words: list[str], pair: tuple[str, str]) -> int:
    """How often two words stand together in ``words``."""
    return sum(1 for p in itertools.pairwise(words) if p == pair)


def _adverb(w: str) -> bool:
    """Whether a word is an adverb of "-ly" ("materially"; not "apply", "comply", "rely")."""
    return w.endswith("ly") and not w.endswith("ply") and w not in ("rely", "fly")


def _verb_stem(w: str) -> str:
    """A verb without its ending ("adjusted", "adjusts", "adjust": "adjust"; "considered" is not "consistent")."""
    if len(w) <= _SHORT_VERB:
        return w
    return w[:-3] + "y" if w.endswith(("ies", "ied")) else _VERB_ENDING.sub("", w)  # ("applies", "applied": "apply")


_VERB_ENDING = re.compile(r"(?:ing|ed|es|e|s)$")
_SHORT_VERB = 4  # letters of a verb too short to lose its ending ("uses", "sees")


def negated_verb_told_plainly(qw: list[str], pw: list[str]) -> str | None:
    """A verb ``pw`` negates that ``qw`` states with no negation before it ("the estimates were adjusted" for "we do
    not adjust the estimates"), else ``None`` (since the 61st stop).

    >>> negated_verb_told_plainly("the estimates were adjusted".split(), "we do not adjust the estimates".split())
    'adjust'
    >>> negated_verb_told_plainly("the estimates were not adjusted".split(), "we do not adjust the estimates".split())
    """
    i = _plainly_told_at(qw, pw)
    return None if i is None else _negated_verbs(pw)[_verb_stem(qw[i])]


def _plainly_told_at(qw: list[str], pw: list[str]) -> int | None:
    """Where ``qw`` states with no negation before it a verb ``pw`` negates (:func:`negated_verb_told_plainly`)."""
    denied = _negated_verbs(pw)
    for i, w in enumerate(qw):
        # (not a noun of the same letters: "Records of a Level 1 outcome" for "shall not be recorded")
        if i == 0 or qw[i - 1] in _NOUN_BEFORE:
            continue
        if _verb_stem(w) in denied and not any(
                v in _NEGATORS or v.endswith("n't") for v in qw[max(0, i - _NEGATED_REACH - 1) : i]):
            return i
    return None


def _is_not(w: str) -> bool:
    """Whether a word negates the verb after it: "not", "never", "didn't"."""
    return w in ("not", "never") or w.endswith("n't")


_NEGATED_REACH = 3  # words after a "not" where the verb it negates is
_NOUN_BEFORE = frozenset("the a an of these those its their his her our this that for".split())
_NOT_VERBS = frozenset("be been have yet only just even always also any all elsewhere otherwise anywhere".split())


_OF_WHICH_REACH = 8  # words before a share where "of which" names the whole it is a share of


_HALF = 50  # a share under it is no majority


def _up_to_stop(words: list[str]) -> str:
    """``words`` joined, up to the first mark that ends a clause."""
    return " ".join(itertools.takewhile(lambda w: w not in (",", ".", ";", ":"), words))


# (since the 60th stop) the passage's "no evidence of", the quote's plain "no effect"
_NO_EVIDENCE = re.compile(r" (?:no|not find any|not find|not show any|not show|insufficient|little|limited) (?:\S+ )?evidence (?:of|that|for) ")
_NONE_TOLD = re.compile(r" (?:no|not|n't|nothing|neither) (?:\S+ ){0,3}?(?:effect|effects|impact|benefit|difference|association|"
                        r"link|influence|role|affect|affects|affected|reduce|reduces|reduced|increase|increases|improve|"
                        r"improves|improved|cause|causes|caused|change|changes|changed|work|works|worked|help|helps|helped) ")
# words that keep the quote's claim one of evidence ("found no effect", "no significant effect"); "showed that" does not
_EVIDENCE_KEPT = frozenset("evidence evident significant significantly suggest suggests suggested detect detected "
                           "detectable find found finding findings powered conclusive inconclusive may might".split())


def _no_evidence_told_as_none(qw: list[str], pw: list[str]) -> str | None:
    """An effect the passage says there is no evidence of, told as absent ("the trial showed that atorvastatin has no
    effect" for "we found no evidence of an overall effect of atorvastatin"): the quote's words, else ``None``.

    >>> _no_evidence_told_as_none("the drug has no effect on muscle symptoms".split(), "we found no evidence of an effect of the drug".split())
    'no effect'
    >>> _no_evidence_told_as_none("the trial found no evidence that the drug works".split(), "we found no evidence of an effect".split())
    """
    if _NO_EVIDENCE.search(f" {' '.join(pw)} ") is None or _EVIDENCE_KEPT & set(qw):
        return None
    told = _NONE_TOLD.search(f" {' '.join(qw)} ")
    return None if told is None else told[0].strip()


# (since the 60th stop) a likeness the passage states, "comparable to that of the reference meadow"
# ("equivalent to" and "equal to" give a figure another way: "a mean of 8.4 m, equivalent to 1.7 m a year")
_ALIKE = frozenset("comparable similar indistinguishable identical alike unchanged".split())
_MORE_OR_LESS = frozenset("more fewer less greater higher lower larger smaller better worse faster slower stronger "
                          "weaker richer".split())


def _alike_told_as_different(qw: list[str], pw: list[str]) -> tuple[str, str] | None:
    """A comparison "than" of the quote's own where the passage says the two are alike ("more invertebrate species
    than the natural reference meadow" for "species richness ... was comparable to that of the reference meadow"):
    ``(the quote's comparative, the passage's word)``, else ``None``.

    >>> _alike_told_as_different("supported more species than the meadow".split(), "richness was comparable to that of the meadow".split())
    ('more', 'comparable')
    """
    alike = next((w for w in pw if w in _ALIKE), None)
    if alike is None or _ALIKE & set(qw) or "than" in pw or _ABOVE_OR_BELOW & set(pw):
        return None  # (a comparison the passage makes as well: "This is above the long-term rate")
    for i, w in enumerate(qw):
        if w in _MORE_OR_LESS and w not in pw and "than" in qw[i + 1 : i + 1 + _THAN_WORDS]:
            return w, alike
    return None


_THAN_WORDS = 5  # words from a comparative to its "than"
_ABOVE_OR_BELOW = frozenset("above below exceeds exceeded exceeding under over".split())
# (since the 60th stop) what someone "had previously expected", told as what they expect now
_HAD_EXPECTED = re.compile(r" had (?:previously |earlier |originally |initially |once )?(?P<verb>expect|anticipat|forecast|assum|"
                           r"hop|plan|intend|believ|predict|project)\w* ")


def _past_expectation_told_current(qw: list[str], pw: list[str]) -> tuple[str, str] | None:
    """An expectation the passage puts in the past ("which the Board had previously expected to ease") told as held
    now ("which the Board expects to ease"): ``(the quote's word, the passage's words)``, else ``None``.

    >>> _past_expectation_told_current("which the board expects to ease".split(), "which the board had previously expected to ease".split())
    ('expects', 'had previously expected')
    >>> _past_expectation_told_current("which the board had expected to ease".split(), "which the board had previously expected to ease".split())
    """
    if (had := _HAD_EXPECTED.search(f" {' '.join(pw)} ")) is None \
            or {"had", "previously", "earlier", "originally", "initially", "once", "no", "longer"} & set(qw):
        return None
    stem = had.group("verb")
    now = next((w for w in qw if w.startswith(stem) and (w.endswith("s") and not w.endswith("ss") or w.endswith("ing"))), None)
    return None if now is None else (now, had[0].strip())


# (since the 60th stop) no duty to do a thing ("you will no longer need to submit readings") told as no right to
_NO_NEED = re.compile(r" (?:no longer|not|never|\S+n't) (?:need|needs|have|has|be required|required|obliged|necessary) to (?P<verb>\w+)"
                      r"| (?:need|needs) not (?P<verb2>\w+)")
_BARRED = re.compile(r" (?:can no longer|cannot|can't|can not|may not|may no longer|must not|mustn't|(?:is|are) not allowed to|"
                     r"(?:is|are) not permitted to|(?:is|are) no longer allowed to|(?:is|are) no longer able to|unable to|"
                     r"(?:is|are) prohibited from) (?P<verb>\w+)(?: (?P<then>\w+))?")  # (the verb, or an adverb and the verb)


def _need_not_told_as_cannot(qw: list[str], pw: list[str]) -> tuple[str, str] | None:
    """A thing the passage says one need not do told as a thing one may not do ("you can no longer submit your own" for
    "you will no longer need to submit readings yourself, although you may continue to do so"): ``(the quote's words,
    the passage's)``, else ``None``.

    >>> _need_not_told_as_cannot("you can no longer submit your own".split(), "you will no longer need to submit readings".split())
    ('can no longer submit', 'no longer need to submit')
    """
    if _NEED_WORDS & set(qw) or {"required", "obliged", "necessary"} & set(qw):
        return None
    needed = {(m.group("verb") or m.group("verb2"))[:VERB_PREFIX]: m[0].strip() for m in _NO_NEED.finditer(f" {' '.join(pw)} ")}
    if not needed:
        return None
    for m in _BARRED.finditer(f" {' '.join(qw)} "):
        for name in ("verb", "then"):
            if (verb := m.group(name)) is not None and verb[:VERB_PREFIX] in needed:
                return m.string[m.start() : m.end(name)].strip(), needed[verb[:VERB_PREFIX]]
    return None


_CLOSE_TO = frozenset("close near nearly almost approaching".split())


def _near_told_as_at(qw: list[str], pw: list[str]) -> tuple[str, str] | None:
    """A superlative the passage says a thing is close to ("spreads are close to their tightest levels since 2007")
    told as reached ("at their tightest level"): ``(the quote's words, the passage's)``, else ``None`` (since the
    59th stop).

    >>> _near_told_as_at("spreads are at their tightest level".split(), "spreads are close to their tightest levels".split())
    ('at their tightest', 'close to their tightest')
    """
    for i, w in enumerate(pw):
        if w not in _CLOSE_TO:
            continue
        top = next((x for x in pw[i + 1 : i + 4] if x.endswith("est") and len(x) > 4 or x == "record"), None)
        if top is None or top not in qw:
            continue
        k = qw.index(top)
        if not _CLOSE_TO.intersection(qw[max(0, k - 4) : k]) and "approximately" not in qw[max(0, k - 4) : k]:
            return " ".join(qw[max(0, k - 2) : k + 1]), " ".join(pw[i : pw.index(top, i) + 1])
    return None


def _opportunity_told_as_done(qw: list[str], pw: list[str]) -> tuple[str, str] | None:
    """What the passage says a party had the opportunity (or the chance) to do, told by the quote as done: the
    quote restates what was to be done, two content words at least, and has no word of a chance, an ability or a
    permission ("each party has had the opportunity to take independent legal advice" told as "both parties took
    independent legal advice"). ``(the quote's words, the passage's)``, else ``None`` (since the 59th stop).

    >>> _opportunity_told_as_done("both parties took independent legal advice".split(),
    ...                           "each party has had the opportunity to take independent legal advice".split())
    ('independent legal advice', 'opportunity to take')
    >>> _opportunity_told_as_done("both had the chance to take independent legal advice".split(),
    ...                           "each party has had the opportunity to take independent legal advice".split()) is None
    True
    """
    if any(w.startswith(_CHANCE_KEPT) for w in qw):
        return None
    said = {w[:VERB_PREFIX] for w in qw}
    for k, w in enumerate(pw):
        if w not in ("opportunity", "chance") or pw[k + 1 : k + 2] != ["to"]:
            continue
        thing = list(itertools.takewhile(lambda x: x not in (",", ".", ";", ":"), pw[k + 3 : k + 3 + _CHANCE_WORDS]))
        done = [x for x in thing if content_word(x) and x not in _AUXILIARIES and x[:VERB_PREFIX] in said]
        if len(done) >= 2:
            return " ".join(done), f"{w} to {pw[k + 2]}"
    return None


_CHANCE_KEPT = ("opportunit", "chance", "able", "abilit", "could", "may", "might", "free", "entitl", "allow", "permit",
                "offer", "invit", "option", "right")
_CHANCE_WORDS = 8  # words after "the opportunity to <verb>" that name what was to be done


def _whole_told_as_part(qw: list[str], pw: list[str]) -> tuple[str, str] | None:
    """The passage's whole figure before "of which" given to what only the part after it is ("Capital
    expenditure was £96 million, of which £38 million related to the new canning line" told as "the new canning
    line, a £96 million investment"): the quote has the whole's figure and two content words of the part's
    clause that the whole's clause lacks, and not the part's figure nor a word that makes the thing one of
    several. ``(the whole's figure, the part's)``, else ``None`` (since the 59th stop).

    >>> p = "capex was £ 96,000,000 , of which £ 38,000,000 related to the new canning line .".split()
    >>> _whole_told_as_part("the new canning line , a £ 96,000,000 investment".split(), p)
    ('96,000,000', '38,000,000')
    >>> _whole_told_as_part("capex of £ 96,000,000 included the new canning line".split(), p) is None
    True
    """
    if any(w.startswith(_ONE_OF_SEVERAL) for w in qw):
        return None
    stated = {canonical_number(w) for w in qw} - {None}
    said = {w[:VERB_PREFIX] for w in qw}
    for k in range(1, len(pw) - 2):
        if pw[k : k + 2] != ["of", "which"] or pw[k - 1] != ",":
            continue
        start = next((j + 1 for j in range(k - 2, -1, -1) if pw[j] in (".", ";")), 0)
        whole = next((w for w in reversed(pw[start : k - 1]) if canonical_number(w) is not None), None)
        part = next((w for w in pw[k + 2 : k + 4] if canonical_number(w) is not None), None)
        if whole is None or part is None or canonical_number(whole) not in stated or canonical_number(part) in stated:
            continue
        after = pw[k + 2 :]
        after = after[: next((j for j, w in enumerate(after) if w in (".", ";")), len(after))]
        head = {w[:VERB_PREFIX] for w in pw[start:k]}
        own = _word_stems(after) - head
        if len(own & said) >= 2:
            return whole, part
    return None


_ONE_OF_SEVERAL = ("includ", "among", "some", "part", "partly", "share", "portion", "of which", "mostly", "mainly")


def _reference_widened(qw: list[str], pw: list[str]) -> tuple[str, str] | None:
    """The whole document ("this AD", "this Agreement") where the passage names one part of it ("the
    repetitive inspections required by paragraph (2) of this AD"): the quote has the passage's word before
    the part's name followed by "this <document>", and names no part. ``(the quote's words, the passage's)``,
    else ``None`` (since the 59th stop).

    >>> _reference_widened("the inspections required by this ad".split(),
    ...                    "the inspections required by paragraph ( 2 ) of this ad for that aeroplane".split())
    ('by this ad', 'by paragraph ( 2 ) of this ad')
    >>> _reference_widened("the inspections required by paragraph 2 of this ad".split(),
    ...                    "the inspections required by paragraph ( 2 ) of this ad".split()) is None
    True
    """
    if _PART_NAMES.intersection(qw):
        return None
    pairs = {(a, b, c) for a, b, c in zip(qw, qw[1:], qw[2:]) if b == "this"}
    for k, w in enumerate(pw[1:], start=1):
        if w not in _PART_NAMES:
            continue
        end = next((j for j in range(k + 1, min(len(pw) - 2, k + 7)) if pw[j : j + 2] == ["of", "this"]), None)
        if end is not None and (pw[k - 1], "this", pw[end + 2]) in pairs and pw[end + 2].isalpha():
            return f"{pw[k - 1]} this {pw[end + 2]}", " ".join(pw[k - 1 : end + 3])
    return None


_PART_NAMES = frozenset("paragraph paragraphs clause clauses section sections article articles subsection subparagraph "
                        "sub-paragraph sub-clause subclause schedule annex appendix".split())


def _practicable_dropped(qw: list[str], pw: list[str]) -> str | None:
    """A duty the passage sets only where it can be done ("not less than five (5) Business Days' notice where
    practicable") that the quote states without it: two content words of the duty's clause are the quote's,
    and no word of the quote's says what can be done. The passage's words, else ``None`` (since the 59th stop).

    >>> _practicable_dropped("gives not less than five business days ' notice".split(),
    ...                      "gives in any event not less than five business days ' notice where practicable".split())
    'where practicable'
    >>> _practicable_dropped("gives five business days ' notice if practicable".split(),
    ...                      "gives in any event not less than five business days ' notice where practicable".split())
    """
    if any(w.startswith(_FEASIBLE) for w in qw):
        return None
    said = {w[:VERB_PREFIX] for w in qw}
    for k in range(1, len(pw)):
        if not pw[k].startswith(_FEASIBLE) or pw[k - 1] not in _FEASIBLE_OPENERS:
            continue
        clause = _clause_before(pw, k - 1)
        if len(_word_stems(clause) & said) >= 2:
            return f"{pw[k - 1]} {pw[k]}"
    return None


_FEASIBLE = ("practicab", "practical", "feasib", "possib", "reasonabl")
_FEASIBLE_OPENERS = frozenset("where if when insofar".split())


# a question the passage leaves open: "whether X is being evaluated", "it is unclear whether X" (since the 56th stop)
_OPEN_QUESTION = re.compile(
    r" whether (?P<what>(?:(?! or )[^.;])*?) (?P<frame>(?:is|are|remains?|was|were) (?:being (?:evaluated|studied|investigated|"
    r"assessed|tested|examined)|(?:still )?(?:unknown|unclear|uncertain|not (?:yet )?known|under (?:investigation|study|review))))\b"
    r"|(?P<frame2>(?:is|remains?) (?:still )?(?:unclear|unknown|uncertain|not (?:yet )?known)) whether (?P<what2>[^.;]*)"
    # what is still to be shown (since the 58th stop): "longer trials are needed to establish whether ...", "further
    # dating is required to confirm the age of ...", to the clause's end
    r"|(?P<frame3>(?:needed|required|necessary|warranted) to (?:establish|determine|confirm|verify|demonstrate|clarify|prove))"
    r" (?:whether |if |that )?(?P<what3>[^.;,]*)"
    # (since the 59th stop) what an inquiry is still looking into, "the investigation is examining whether a swab was
    # introduced after the final count", and what the writers cannot rule out, "we therefore cannot exclude that
    # reduced snowfall contributed to the imbalance"
    r"|(?P<frame4>(?:(?:is|are|was|were) (?:now |still |also )?(?:examining|investigating|assessing|reviewing|considering|"
    r"exploring|evaluating|looking into))|(?:will|would|may|shall|should|to) (?:then )?(?:consider|decide|determine|assess|review))"
    r" (?:whether|if|the (?:level|amount|size|timing|scale|form) of) (?P<what4>[^.;]*)"
    r"|(?P<frame5>(?:cannot|can't|could not|couldn't|can not) (?:exclude|rule out)) (?:the possibility )?(?:that )?"
    r"(?P<what5>[^.;]*)")
_QUESTION_KEPT = re.compile(r" (?:whether|if|unclear|unknown|uncertain|may|might|could|open|question|evaluat\w*|investigat\w*|"
                            r"studied|studying|assess\w*|tested|testing|examin\w*|possib\w*|perhaps|exclud\w*|rul\w*|"
                            r"review\w*|consider\w*|explor\w*|"
                            r"needs?|needed|requires?|required|necessary|warranted|further|more|yet|pending|unconfirmed|not) ")
# an inquiry named as the one that finds ("The investigation found that ..."): no word that keeps the question open
_INQUIRIES = frozenset("investigation investigations inquiry inquiries review reviews assessment examination investigators "
                       "investigator inspectors inspector reviewers reviewer assessors examiners".split())
_QUESTION_SHARE = 0.6  # of the open question's content words, this share at least restated: the quote answers it


def _question_told(qw: list[str], question: re.Match[str]) -> list[str]:
    """The quote's words read for a word that keeps an open question open: all of them, or for a question of
    what someone is looking into or will decide (``frame4`` of :data:`_OPEN_QUESTION`: "ORS will consider whether to
    impose a penalty"), those from a few words before the quote restates it, so that a condition of the quote's own
    sentence ("If NVT misses any requirement, ...") keeps nothing open (since the 59th stop)."""
    if not question.group("frame4"):
        return qw
    stems = content_stems(question.group("what4"))
    at = next((k for k, w in enumerate(qw) if w[:VERB_PREFIX] in stems), 0)
    return qw[max(0, at - _QUESTION_BACK) :]


_QUESTION_BACK = 4  # words before the restated question read with it ("will impose a penalty")


def _question_kept(qw: list[str], question: re.Match[str]) -> bool:
    """Whether the quote keeps an open question of the passage open: a word of :data:`_QUESTION_KEPT` among its words
    read for it (:func:`_question_told`), an inquiry's name aside (:data:`_INQUIRIES`), and for what the writers cannot
    rule out (``frame5``), a plain "not" aside too: "showed that the gains were not due to redistribution" answers
    "we cannot exclude redistribution" (since the 60th stop)."""
    skip = _INQUIRIES | ({"not"} if question.group("frame5") else set())
    return _QUESTION_KEPT.search(f" {' '.join(w for w in _question_told(qw, question) if w not in skip)} ") is not None


def _restated_share(qw: list[str], clause: str | None) -> float:
    """The share of ``clause``'s content words (by their first letters) that ``qw`` has."""
    stems = content_stems(clause or "")
    said = {w[:VERB_PREFIX] for w in qw}
    return len(stems & said) / len(stems) if stems else 0.0


def _others_told_as_all(qw: list[str], pw: list[str]) -> str | None:
    """The passage's "all other" (or "any other", "every other") before a noun that the quote ranges
    over with the same word and no "other": the words, else ``None`` (since the 56th stop).

    >>> _others_told_as_all("a charge on all customers".split(), "a charge on all other customer classes".split())
    'all other'
    >>> _others_told_as_all("a charge on all the other customers".split(), "a charge on all other customer classes".split())
    """
    if {"other", "others", "remaining", "else"} & set(qw):
        return None
    for i in range(len(pw) - 2):
        if pw[i] in ("all", "any", "every") and pw[i + 1] == "other":
            nouns = {w[:VERB_PREFIX] for w in pw[i + 2 : i + 4] if content_word(w)}
            # (the passage's own "any third party" beside its "any other third party" is the quote's)
            if _ranges_over(qw, pw[i], nouns) and not _ranges_over(pw, pw[i], nouns):
                return f"{pw[i]} other"
    return None


def _ranges_over(words: list[str], quantifier: str, nouns: set[str]) -> bool:
    """Whether ``words`` have ``quantifier`` ("any") before one of ``nouns`` (first letters) within two
    words, not through "other": "any third party"."""
    return any(w == quantifier and words[j + 1 : j + 2] != ["other"]
               and {x[:VERB_PREFIX] for x in words[j + 1 : j + 3]} & nouns for j, w in enumerate(words))


_ACRONYM_IN_BRACKETS = re.compile(r"\(([A-Z][A-Z0-9&.-]{1,11})\)")  # (since the 56th stop)
# a name of two capitalised words or more, right after two small words ("an appeal by Mr Daniel Aske")
_NAME_AFTER = re.compile(r"\b([a-z]+) ([a-z]+) ((?:Mr|Mrs|Ms|Dr)\.? )?([A-Z][\w'’-]+(?: [A-Z][\w'’-]+)+)")
_NAME_ENDINGS = frozenset("Ltd Limited plc PLC Inc LLC LLP Co Corp".split())
# words before a name that make it no party's: a list's joiners, and places ("a freeway in New Jersey" for "in Hudson
# County, New Jersey" narrows a place)
_NOT_BEFORE_PARTY = frozenset("and or of the in at near from into across within outside throughout to".split())


def _party_in_place(quote: str, passage: str) -> tuple[str, str] | None:
    """A name of the quote standing right after the same two words as another name of the passage, where the quote's
    name is a party the passage names elsewhere ("an appeal by Mr Daniel Aske" for "an appeal by Thornbury Recruitment
    Ltd ... against its former director, Mr Daniel Aske"): ``(the quote's name, the passage's)``, else ``None``
    (since the 60th stop).

    >>> _party_in_place("an appeal by Mr Daniel Aske against the order",
    ...                 "an appeal by Thornbury Recruitment Ltd against the order, against its director, Mr Daniel Aske.")
    ('Daniel Aske', 'Thornbury Recruitment Ltd')
    >>> _party_in_place("an appeal by Thornbury Recruitment against the order", "an appeal by Thornbury Recruitment Ltd against it")
    """
    if not _NAME_AFTER.search(quote):
        return None
    theirs = {(m[1], m[2]): m[4] for m in _NAME_AFTER.finditer(passage)}
    for m in _NAME_AFTER.finditer(quote):
        other = theirs.get((m[1], m[2]))
        if other is None or m[2] in _NOT_BEFORE_PARTY:
            continue
        ours = set(m[4].split()) - _NAME_ENDINGS
        if ours & set(other.split()) or re.search(rf"\b{re.escape(m[4])}\b", passage) is None \
                or any(re.search(rf"\b{re.escape(w)}\b", quote) for w in set(other.split()) - _NAME_ENDINGS):
            continue
        return m[4], other
    return None


def _acronym_swapped(quote: str, passage: str) -> tuple[str, str] | None:
    """An abbreviation the quote defines in brackets ("(CPI)") that the passage does not have at all,
    where the passage defines another ("(CPIH)"): the quote's and the passage's, else ``None``.

    >>> _acronym_swapped("using the Consumer Prices Index (CPI), pay grew", "using the index including housing (CPIH), pay grew")
    ('CPI', 'CPIH')
    >>> _acronym_swapped("the Bank (BoE) said", "the Bank of England (BoE) said") is None
    True
    """
    ours = [a for a in _ACRONYM_IN_BRACKETS.findall(quote) if not re.search(rf"(?<![\w-]){re.escape(a)}(?![\w-])", passage)]
    theirs = [a for a in _ACRONYM_IN_BRACKETS.findall(passage) if not re.search(rf"(?<![\w-]){re.escape(a)}(?![\w-])", quote)]
    return (ours[0], theirs[0]) if ours and theirs else None


# a noun phrase after these words is what the claim is about ("all commercial shipping", "no
# significant difference"): a word dropped from it makes the claim cover more than the passage's
_RESTRICTING = frozenset("all every each any no".split())
# the conditions a claim holds under: a part dropped from one ("where a representative of the host
# attends and the hospitality is not lavish") makes the claim hold more widely
_ANTECEDENTS = frozenset("if where when whenever provided providing once".split())
# words that point back or only report, and restrict nothing: "each such renewal option", "any
# purported transfer"
_POINTING = frozenset("such said same aforesaid aforementioned foregoing purported".split())
_POST_MODIFIERS = frozenset("in at of from under who whom whose that which located based residing employed".split())
_WIDENED_SPAN = 8  # how far after "only" a dropped list item is read
_CONDITION_SPAN = 14  # how far after a condition word a dropped part of the condition is read
_CLAUSE_STOPS = frozenset(".;!?")
_SCENARIO_WORDS = frozenset("scenario scenarios assumption assumptions projections forecast".split())


def _widened(qw: list[str], pw: list[str], ops: Sequence[tuple[str, int, int, int, int]]) -> tuple[str, str] | None:
    """Words of ``pw`` that ``qw`` leaves out where leaving them out widens the claim, with the
    category of the difference: a modifier of what "all", "every", "each", "any" or "no" ranges
    over (``quantifier``); an item of the list "only" names (``quantifier``: "only A and B may
    post" allows fewer than "only A may post" forbids); a part of a condition joined by "and" or
    ", and" (``connective``). Elsewhere a dropped word only says less, which a restatement may. ``ops``:
    the word alignment of ``pw`` into ``qw`` (``SequenceMatcher`` opcodes)."""
    for k in range(1, len(ops) - 1):
        tag, i1, i2, _j1, _j2 = ops[k]
        if tag != "delete" or ops[k - 1][0] != "equal" or ops[k + 1][0] != "equal":
            continue
        gone = pw[i1:i2]
        if len(gone) > 1 and gone[1] in ("and", "or") and i2 < len(pw) and pw[i2] == gone[0]:
            # the same block one word on: "occurs and, within the Period, a Downgrade [occurs]" is
            # "[occurs] and, within the Period, a Downgrade occurs" left out
            i1, i2 = i1 + 1, i2 + 1
            gone = pw[i1:i2]
        if _CLAUSE_STOPS.intersection(gone) or not any(content_word(w) for w in gone):
            continue
        kept = pw[max(ops[k - 1][1], i1 - _WIDENED_SPAN) : i1]  # the words both share right before
        joined = gone[0] in ("and", "or") or gone[-1] in ("and", "or")
        if (not joined and "," not in gone and len(gone) <= 3 and pw[i1 - 1] in _RESTRICTING
                and any(content_word(w) and w not in _POINTING for w in gone)
                and not (i1 >= 2 and pw[i1 - 2] == "not")  # "not all": the other way round
                # ("apart from Halvorsen, no customer" for "no other customer": the others named, since the 61st stop)
                and not (gone == ["other"] and {"apart", "except", "besides", "excluding"} & set(qw))):
            return "quantifier", " ".join(gone)
        if (not joined and ops[k - 1][1] <= i1 - 2 and pw[i1 - 2] in _RESTRICTING and content_word(pw[i1 - 1])
                and gone[0] in _POST_MODIFIERS and not (i1 >= 3 and pw[i1 - 3] == "not")):
            # "all employees in the London office" for "all employees": what it ranges over, narrowed after its noun
            return "quantifier", " ".join(gone)
        if joined and "only" in kept and not _CLAUSE_STOPS.intersection(kept[kept.index("only"):]):
            return "quantifier", " ".join(gone)
        said = [w for w in gone if w != ","]
        if said and ((said[0] == "under" and _SCENARIO_WORDS.intersection(said)) or said[0] == "assuming"):
            # "will increase by about 0.3 °C per decade" for "under a business-as-usual scenario, will
            # increase ...": a projection told without the assumption it rests on
            return "connective", " ".join(said)
        if "and" in (gone[0], gone[-1]) or gone[:2] == [",", "and"]:  # ", and a reasonable person might fear ..."
            # the condition word may stand before another word left out ("if either active or
            # pending hostilities exist ..., and a reasonable person might fear ..."); the quote has it too
            before = pw[max(0, i1 - _CONDITION_SPAN) : i1]
            at = max((n for n, w in enumerate(before) if (w in _ANTECEDENTS and w in qw)
                      or (w == "long" and before[n + 1 : n + 2] == ["as"])), default=None)
            if at is not None and not _CLAUSE_STOPS.intersection(before[at:]) and "," not in before[at:]:
                return "connective", " ".join(w for w in gone if w != ",")
    return None


_FROM_TO_SPAN = 10  # words read after "from" and after its "to"


def _from_to(words: list[str]) -> list[tuple[set[str], set[str]]]:
    """The content words of each "from A to B" of ``words``: (A's, B's), B read up to a clause stop."""
    out = []
    for i, w in enumerate(words):
        if w != "from":
            continue
        to = next((j for j in range(i + 1, min(len(words), i + 1 + _FROM_TO_SPAN)) if words[j] == "to"), None)
        if to is None:
            continue
        tail = []
        for x in words[to + 1 : to + 1 + _FROM_TO_SPAN]:
            if x in _CLAUSE_STOPS or x == ",":
                break
            tail.append(x)
        out.append(({x for x in words[i + 1 : to] if content_word(x)}, {x for x in tail if content_word(x)}))
    return out


def _from_to_swapped(qw: list[str], pw: list[str]) -> tuple[str, str] | None:
    """A "from A to B" of the passage that the quote gives as "from B to A" (the start and the end of
    a move, a change, a transfer), each side known by its content words.

    >>> _from_to_swapped("widened his target from doctrines to pieties".split(),
    ...                  "widened his target from pieties like indulgences to doctrines".split())
    ('doctrines', 'pieties')
    """
    for qa, qb in _from_to(qw):
        for pa, pb in _from_to(pw):
            if qa and qb and qa & pb and qb & pa and not qa & pa and not qb & pb:
                return " ".join(sorted(qa & pb)), " ".join(sorted(qb & pa))
    return None


def _traded_words(qw: list[str], pw: list[str], ops: Sequence[tuple[str, int, int, int, int]]) -> tuple[str, str] | None:
    """Two content words of the passage that trade places in the quote, each standing where the
    other stood, with the same words between them ("CEO while he himself served as its president"
    for "president while he himself served as its CEO"). Not across "and", "or" or a comma alone
    (two items of a list changing places), nor across a copula alone ("the victims would be
    schoolchildren" says what "schoolchildren would be their victims" says; "the mass is a gift,
    asserting instead that it is a sacrifice" is no such turn). ``ops`` as for :func:`_widened`.
    A few words of the passage between them may be left out (a bracketed aside):

    >>> p = "the finance board to manage tax affairs , the war office chinese 兵部 to manage military affairs".split()
    >>> q = "the finance board to manage military affairs , the war office to manage tax affairs".split()
    >>> _traded_words(q, p, SequenceMatcher(None, p, q, autojunk=False).get_opcodes())
    ('military', 'tax')
    """
    for k in range(len(ops) - 2):
        tag, i1, i2, j1, j2 = ops[k]
        if tag != "replace" or ops[k + 1][0] != "equal":
            continue
        # what comes between: the same words, or the passage's words with a few the quote leaves out
        # (an aside: "the Privy Council (Chinese: 樞密院) to manage" quoted without its bracket)
        end = k + 1
        while end < len(ops) and (ops[end][0] == "equal" or (ops[end][0] == "delete" and ops[end][2] - ops[end][1]
                                                              <= _TRADED_ASIDE_WORDS)):
            end += 1
        if end >= len(ops) or ops[end][0] != "replace" or ops[end - 1][0] != "equal":
            continue
        _tag2, k1, k2, l1, l2 = ops[end]
        a = [w for w in pw[i1:i2] if content_word(w)][:1]
        b = [w for w in qw[j1:j2] if content_word(w)][:1]
        if a and b and a != b and [w for w in pw[k1:k2] if content_word(w)][:1] == b \
                and [w for w in qw[l1:l2] if content_word(w)][:1] == a:
            middle = {w for op in ops[k + 1 : end] if op[0] == "equal" for w in pw[op[1] : op[2]]}
            if _from_to_kept(qw, pw, a[0], b[0]):
                continue  # "rose to €81 million, up from €52 million" for "rose from €52 million to €81 million"
            if not middle <= LIST_JOINS and not (middle & _COPULAS and not any(
                    content_word(w) and w not in _AUXILIARIES for w in middle)):
                return b[0], a[0]
    return None


def _from_to_figures(words: list[str]) -> dict[str, frozenset[str]] | None:
    """The figures said after "from" and after "to" (each up to the next of them or a clause mark), when the
    words say each once: "rose from € 52 million in 2017 to € 81 million in 2018" gives from {52, 2017}, to {81,
    2018}."""
    if words.count("from") != 1 or words.count("to") != 1:
        return None
    out = {}
    for mark in ("from", "to"):
        got = []
        for w in words[words.index(mark) + 1 :]:
            if w in ("from", "to", ",", ";", ".", ":"):
                break
            if any(c.isdigit() for c in w):
                got.append(w)
        out[mark] = frozenset(got)
    return out


def _from_to_kept(qw: list[str], pw: list[str], a: str, b: str) -> bool:
    """Whether ``a`` and ``b`` stand after "from" and "to" (or the other way round) alike in both texts, with
    the same figures beside each, in whatever order: the same change told end first ("rose to €81 million in
    2018, up from €52 million in 2017")."""
    q, p = _from_to_figures(qw), _from_to_figures(pw)
    return q is not None and q == p and all(q["from"]) and all(q["to"]) and (
        (a in q["from"] and b in q["to"]) or (a in q["to"] and b in q["from"]))


def from_to_kept(quote: str, passage: str, a: str, b: str) -> bool:
    """:func:`_from_to_kept` of two texts' words (``a`` and ``b`` folded words or figures).

    >>> from_to_kept("rose to €81 million, up from €52 million", "rose from €52 million to €81 million", "81", "52")
    True
    >>> from_to_kept("rose from €81 million to €52 million", "rose from €52 million to €81 million", "81", "52")
    False
    """
    return _from_to_kept(_words(quote), _words(passage), a, b)


_TRADED_ASIDE_WORDS = 3  # words of the passage between two traded words that the quote may leave out
LIST_JOINS = frozenset({"and", "or", ",", "&", "nor", "/"})  # what joins the items of a list
_COPULAS = _BE | {"being"}


# "or more", "or otherwise", "and others": a bound or a tail, not an item of the quote's own
_NO_ITEMS = frozenset(w for k in _BOUND_AFTER for w in k) | _LIST_TAILS | frozenset("otherwise both".split())


# where a text joins two claims: ", and", ", but", "; ", a full stop
CLAIM_JOIN = re.compile(r",\s+(?:and|but|though|although|while|whereas)\s+|;\s+|[.!?]\s+")
_HEAD_WORDS = 3  # the words that open a clause: its subject and verb, mostly


def _tails_traded(quote: str, passage: str) -> tuple[str, str] | None:
    """Two clauses of the quote (parted by :data:`CLAIM_JOIN`) that open as two clauses of the passage do (the same first
    :data:`_HEAD_WORDS` words) but each go on as the other's does: (the quote's first clause, the
    passage's clause with its opening), or ``None``.

    >>> p = "Two members preferred to hold the rate at 4.5%, and one member preferred a cut of 50 basis points."
    >>> _tails_traded("Two members preferred a cut of 50 basis points, and one member preferred to hold the rate at 4.5%.", p)[1]
    'two members preferred to hold the rate at 4.5%'
    >>> _tails_traded("One member preferred a cut of 50 basis points, and two members preferred to hold the rate.", p) is None
    True
    """
    def clauses(text: str) -> list[tuple[tuple[str, ...], set[str], str]]:
        out = []
        for c in CLAIM_JOIN.split(fold(text).text):
            w = _words(c)
            if len(w) > _HEAD_WORDS + 1:
                out.append((tuple(w[:_HEAD_WORDS]), {x for x in w[_HEAD_WORDS:] if content_word(x) or figure(x)},
                            " ".join(c.split()).strip(" .")))
        return out

    qc, pc = clauses(quote), clauses(passage)
    if len(qc) < 2 or len(pc) < 2:
        return None
    by_head = {h: (tail, text) for h, tail, text in pc}
    for (h1, t1, q1), (h2, t2, _q2) in itertools.pairwise(qc):
        if h1 == h2 or h1 not in by_head or h2 not in by_head:
            continue
        (p1, p1_text), (p2, _) = by_head[h1], by_head[h2]
        if not (t1 and t2 and p1 and p2):
            continue
        if _share(t1, p2) > _share(t1, p1) and _share(t2, p1) > _share(t2, p2):
            return q1, p1_text
    return None


def _share(a: set[str], b: set[str]) -> float:
    """The words two non-empty sets share, as a part of all their words."""
    return len(a & b) / len(a | b)


def _added_conjunct(qw: list[str], pw: list[str], ops: Sequence[tuple[str, int, int, int, int]]) -> str | None:
    """Words ``qw`` adds to ``pw`` joined by "and" or "or", between words both share, holding a
    content word ``pw`` has nowhere: an item, a party or an act of the quote's own ("or former
    employee", "and the judiciary"). Other words added inside a shared stretch ("an electrical
    fire", ", PDAs,") are left to the other rules: restatements of news add them all the time.
    ``ops`` as for :func:`_widened`."""
    said = set(pw)
    for k in range(1, len(ops) - 1):
        tag, _i1, _i2, j1, j2 = ops[k]
        if tag != "insert" or ops[k - 1][0] != "equal" or ops[k + 1][0] != "equal":
            continue
        new = qw[j1:j2]
        joined = "and" in (new[0], new[-1]) or "or" in (new[0], new[-1])
        if joined and any(content_word(w) and w not in said and w not in _NO_ITEMS for w in new):
            return " ".join(new)
    return None


def _appended_clause(qw: list[str], pw: list[str], ops: Sequence[tuple[str, int, int, int, int]],
                     names: frozenset[str] = frozenset()) -> str | None:
    """A clause the quote ends with, joined by "and" or "or" right after a stretch it copies from
    the passage (``_APPENDED_COPY`` words or more), where the passage goes on otherwise and the
    clause holds ``_APPENDED_NEW`` content words the passage has nowhere, not even by their first
    letters: a duty, an item or an act of the quote's own tacked onto a true clause ("must disclose
    to all Suppliers that it is ordering the Equipment as agent for Lessor, and must obtain Lessor's
    written approval of each Supplier"). ``ops`` as for :func:`_widened`."""
    copied = [op for op in ops if op[0] == "equal" and op[2] - op[1] >= _APPENDED_COPY]
    if not copied:
        return None
    # (not when the passage goes on with "and" too: its clause restated, mostly; a word or two may
    # come between, "(PCAOB)" quoted as "PCAOB")
    end = copied[-1][4]
    j = next((k for k in range(end, min(len(qw), end + _APPENDED_GAP + 1)) if qw[k] in ("and", "or")), None)
    if j is None or (j > end and qw[j - 1] not in (",", ";")):
        return None
    new = qw[j:]
    content = [w for w in new if content_word(w) and w not in _AUXILIARIES]
    unseen = _unseen(content, pw, content=False)
    # (mostly words of the passage: a restatement of its next clause, "the association weakened but
    # stayed significant after adjusting for body mass index"); one name the passage does not have is
    # a party added ("against Dr. Okafor or Dr. Lindqvist" for "against Dr. Okafor")
    party = len(content) == len(unseen) == 1 and unseen[0] in names
    shown = " ".join(w for w in new if w != ".")
    return shown if (len(unseen) >= _APPENDED_NEW or party) and 2 * len(unseen) >= len(content) else None


# words that open a cause ("driven by", "due to", "because") or a scope ("including", "especially") tacked onto a
# copied clause, with the word each needs after it
_APPENDED_LINKS = {"driven": "by", "due": "to", "owing": "to", "thanks": "to", "caused": "by", "because": None,
                   "including": None, "especially": None, "particularly": None, "given": "the"}  # ("given", since the 60th stop)


def _appended_link(qw: list[str], pw: list[str], ops: Sequence[tuple[str, int, int, int, int]]) -> str | None:
    """A cause or a scope the quote ends with, after a comma right where a stretch it copies from the
    passage (``_APPENDED_COPY`` words or more) stops, opened by a word of :data:`_APPENDED_LINKS`
    the passage has nowhere (not even its first letters), with a content word the passage has
    nowhere either: a reason or a reach of the quote's own
    given to a true claim ("inventories rose by 28 million barrels in November, driven by a build in
    stocks held at sea" for "..., although stocks held at sea fell"; "was associated with a slightly
    lower risk, including among participants with obesity"). ``ops`` as for :func:`_widened`.

    >>> q = "inventories rose by 28 million barrels in november , driven by a build in stocks at sea".split()
    >>> p = "inventories rose by 28 million barrels in november , although stocks at sea fell".split()
    >>> _appended_link(q, p, SequenceMatcher(None, p, q, autojunk=False).get_opcodes())
    'driven by a build in stocks at sea'
    """
    copied = [op for op in ops if op[0] == "equal" and op[2] - op[1] >= _APPENDED_COPY]
    if not copied:
        return None
    end = copied[-1][4]
    if end < len(qw) and qw[end] == ",":
        j = end + 1  # a comma of the quote's own
    elif qw[end - 1] == ",":
        j = end  # the passage's comma, copied
    elif copied[-1][2] >= len(pw) - (pw[-1:] == ["."]) and end < len(qw) and qw[end] in _SENTENCE_TAIL_LINKS:
        # the whole passage copied, then more: "… allowed Trent's small company to withdraw after a brief
        # skirmish"
        return " ".join(qw[end:]).rstrip(" .") if len(_unseen(qw[end + 1 :], pw)) >= _APPENDED_NEW else None
    else:
        return None
    if j >= len(qw) or qw[j] not in _APPENDED_LINKS:
        return None
    need = _APPENDED_LINKS[qw[j]]
    if (need is not None and qw[j + 1 : j + 2] != [need]) or _unseen(qw[j : j + 1], pw, content=False) == []:
        return None
    # (a cause or a list the passage gives in other words is restated: "because it had not been
    # pleaded" for "as the defence had not been pleaded")
    return " ".join(qw[j:]).rstrip(" .") if _unseen(qw[j + 1 :], pw) else None


def _appended_qualifier(qw: list[str], pw: list[str], ops: Sequence[tuple[str, int, int, int, int]]) -> str | None:
    """Words the quote goes on with, with no comma or joiner, past a copy of the passage's whole
    sentence (its last word copied, and most of the rest), holding a content word the passage has
    nowhere: a qualifier of the quote's own put on a true sentence ("will not be responsible for
    payment of any revenue share accrued after the event" for "... any revenue share."). ``ops`` as
    for :func:`_widened`.

    >>> q = "convergtv will not be responsible for payment of any revenue share accrued after the event .".split()
    >>> p = "convergtv will not be responsible for payment of any revenue share .".split()
    >>> _appended_qualifier(q, p, SequenceMatcher(None, p, q, autojunk=False).get_opcodes())
    'accrued after the event'
    """
    last = len(pw)
    while last and pw[last - 1] in (".", "!", "?", ";"):
        last -= 1
    copied = [op for op in ops if op[0] == "equal"]
    end = next((op for op in copied if op[1] < last <= op[2]), None)  # the copy of the last word
    if (end is None or end[2] - end[1] < _APPENDED_COPY
            or sum(min(op[2], last) - op[1] for op in copied if op[1] < last) < _QUALIFIED_COPY * last):
        return None
    tail = [w for w in qw[end[3] + last - end[1] :] if w not in (".", "!", "?")]
    if not 2 <= len(tail) <= _QUALIFIER_MAX_WORDS or not tail[0][:1].isalnum() or tail[0] in ("and", "or", "but"):
        return None
    content = [w for w in tail if content_word(w) and w not in _AUXILIARIES]
    return " ".join(tail) if _unseen(content, pw, content=False) else None


_QUALIFIED_COPY = 0.8  # share of the passage's words a quote copies before a qualifier it puts on
_QUALIFIER_MAX_WORDS = 10


def _unseen(words: list[str], pw: list[str], *, content: bool = True) -> list[str]:
    """The ``words`` (content words only, unless not ``content``) whose first letters no word of
    ``pw`` has."""
    stems = {w[:VERB_PREFIX] for w in pw}
    return [w for w in words if (not content or (content_word(w) and w not in _AUXILIARIES))
            and w[:VERB_PREFIX] not in stems]


# what may open a phrase added to a whole sentence copied: a time, a manner, a cause
_SENTENCE_TAIL_LINKS = frozenset("after before following during despite amid because due owing thanks through by with".split())
_APPENDED_COPY = 8  # words a quote copies before the clause it tacks on
_APPENDED_NEW = 2  # content words of that clause the passage has nowhere
_APPENDED_GAP = 3  # words between the copy and the joiner


_SPEECH = re.compile(r"[\"“”]([^\"“”]+)[\"“”]|``(.+?)''|(?<!\w)''(.+?)''")
_OPEN_SPEECH = re.compile(r"^([^\"“”]+?)[,.!?]?[\"”]\s*(?:,\s*)?(\w+(?:\s+\w+){0,3})")  # words, then the close and the attribution
_SPEECH_SHARED = 1 / 3  # the share of the quote's spoken content words the source's speech must have
_SPEECH_MIN_WORDS = 3  # spoken content words a quote needs to be compared


def content_stems(text: str, skip: set[str] | frozenset[str] = frozenset()) -> set[str]:
    """The first letters (:data:`VERB_PREFIX`) of ``text``'s content words: words of three letters or
    more that are no function word, auxiliary or word of ``skip``."""
    return _word_stems([w for w in _words(text) if w not in skip])


def _word_stems(words: Iterable[str]) -> set[str]:
    """The first letters (:data:`VERB_PREFIX`) of the content words among ``words`` (:func:`content_word`, no
    auxiliary): a figure is none."""
    return {w[:VERB_PREFIX] for w in words if content_word(w) and w not in _AUXILIARIES}


def _spoken(text: str) -> tuple[str, set[str]] | None:
    """The direct speech of ``text`` (words between quotation marks, or before a closing mark that
    an attribution follows: 'They are going to record sales," said Matt Geller') and the stems of
    its content words; ``None`` when it reports no speech."""
    parts = [next(g for g in m.groups() if g is not None) for m in _SPEECH.finditer(text)]
    if not parts and (m := _OPEN_SPEECH.match(text)) is not None and SPEECH_VERBS & set(m.group(2).lower().split()):
        parts = [m.group(1)]
    said = " ".join(p for p in parts if len(p.split()) >= 2)
    if not said:
        return None
    return said, content_stems(said)


def _other_speech(quote: str, passage: str) -> tuple[str, str] | None:
    """Direct speech in both texts, where the passage's shares less than :data:`_SPEECH_SHARED` of
    the quote's spoken content words: words put in the speaker's mouth. ``(quote's, passage's)``."""
    q, p = _spoken(quote), _spoken(passage)
    if q is None or p is None or len(q[1]) < _SPEECH_MIN_WORDS:
        return None
    if len(q[1] & p[1]) >= _SPEECH_SHARED * len(q[1]):
        return None
    return q[0].strip(), p[0].strip()


# (and "and" before a name and its modal: "Lloyds shall act as prime contractor and that Lightbridge shall have ...")
_CLAUSE_BREAK = re.compile(r"[,;:]\s+|\b(?:while|whereas|but|although|though)\b\s*"
                           r"|\band\s+(?:that\s+)?(?=(?:the\s+)?(?-i:[A-Z])[\w-]*\s+(?:shall|will|may|must)\b)")
_CLAUSE_SHARED = 3  # content words (not names) two clauses share to be read as the same clause
_AUXILIARIES = frozenset("will would shall should can could may might must being been is are was were do does did".split())


def _clauses(text: str, names: set[str]) -> list[tuple[set[str], set[str], str | None]]:
    """The clauses of ``text``: the stems of their content words other than names, the heads of
    the names of ``names`` they hold, and the head of the first name right before a modal (the
    subject of the clause's duty or right: "Lloyds shall act"), if one is."""
    out = []
    for piece in _CLAUSE_BREAK.split(text):
        heads: set[str] = set()
        name_words: set[str] = set()
        subject = None
        for m in _CAP_RUN.finditer(piece):
            words = [fold(w).text.removesuffix("'s").removesuffix("’s") for w in m.group().split() if w not in _TITLE_STOP]
            name_words.update(words)
            if words and words[-1] in names:
                heads.add(words[-1])
                if subject is None and _MODAL_AFTER.match(piece, m.end()):
                    subject = words[-1]
        content = content_stems(piece, name_words)
        if content or heads:
            out.append((content, heads, subject))
    return out


_MODAL_AFTER = re.compile(r"\s+(?:shall|will|may|must|can|should)\b", re.I)


def _names_across_clauses(quote: str, passage: str, entities: set[str]) -> tuple[str, str] | None:
    """Two names that trade clauses: "The Commission and the Council have powers of amendment …
    while the Parliament has a monopoly on initiating legislation" for "While the Commission has a
    monopoly on initiating legislation, the Parliament and the Council have powers of amendment …".
    Each clause of the quote is paired with the clause of the passage that shares most of its
    content words (names aside, :data:`_CLAUSE_SHARED` at least and half of the quote clause's).
    Two pairs trade names when a name of one quote clause is in the other pair's passage clause
    and not in its own, and a name of that passage clause is in the other quote clause and not
    in its own passage clause. ``entities``: both texts' entities (:func:`_entities`).
    ``(quote's name, passage's name)`` or ``None``."""
    names = {e.split()[-1] for e in entities}
    # a place and its people's adjective are one name here ("North American" and "North America", "European"
    # and "Europe")
    # and the adjective is read where a capital opening a clause hid it from the entities ("; European sales")
    forms = names | {f"{n}an" for n in names} | {f"{n}n" for n in names}
    canon = {h: h[:-2] if h.endswith("an") and h[:-2] in names else h[:-1] if h.endswith("n") and h[:-1] in names
             else h for h in forms}
    qc = [(c, {canon.get(h, h) for h in heads}, sub) for c, heads, sub in _clauses(quote, forms)]
    pc = [(c, {canon.get(h, h) for h in heads}, sub) for c, heads, sub in _clauses(passage, forms)]
    # (quote clause's names, its passage clause's names, the subjects of both)
    pairs: list[tuple[set[str], set[str], str | None, str | None]] = []
    for q_content, q_heads, q_subject in qc:
        shared = [len(q_content & p_content) for p_content, _, _ in pc]
        j = max(range(len(pc)), key=shared.__getitem__) if pc else -1
        # (a short clause shares all its content words, two at least: "European sales were flat")
        if j >= 0 and shared[j] >= max(min(_CLAUSE_SHARED, len(q_content)), 2, len(q_content) / 2) \
                and shared.count(shared[j]) == 1:
            pairs.append((q_heads, pc[j][1], q_subject, pc[j][2]))
    for qa, pa, q_sub_a, p_sub_a in pairs:
        for qb, pb, q_sub_b, p_sub_b in pairs:
            if pa is pb:
                continue
            e = next((e for e in sorted(qa - pa) if e in pb and e not in qb), None)
            f = next((f for f in sorted(pa - qa) if f in qb and f not in pb), None)
            if e is not None and f is not None:
                return e, f
            if q_sub_a is not None and p_sub_a is not None and q_sub_a == p_sub_b and q_sub_b == p_sub_a \
                    and q_sub_a != q_sub_b:
                # the subjects trade clauses ("Lightbridge shall act as prime contractor ... and Lloyds shall
                # have a right of first refusal ..." for the other way round), whatever else each clause names
                return q_sub_a, p_sub_a
    return None
