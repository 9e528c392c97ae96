"""Fuzzy alignment of a quote inside a document, and the word-level meaning guard.

:func:`infix` finds the substring of a (folded) document closest to a (folded) quote by
edit distance, in the spirit of rapidfuzz's ``partial_ratio_alignment``: a score plus
both spans, ``None`` above the edit budget. It uses edlib's bit-parallel infix mode
(Myers), which is exact and fast enough to scan a whole 200 KB contract per quote.

:func:`differences` compares the quote with the passage word by word and labels each
difference: harmless (spelling, punctuation, articles) or load-bearing (a negation,
number, modal, quantifier, direction, exclusivity word, party, or any other content word).
Fuzzy scores of 94-98 are common for "is not permitted" vs "is permitted", so the verdict
never rests on the score alone.
"""

from __future__ import annotations

import bisect
import itertools
import re
from collections.abc import Iterable
from dataclasses import dataclass, replace
from functools import lru_cache

from rapidfuzz.distance import OSA, Levenshtein

from .models import HARMLESS_CATEGORIES, Difference
from .normalize import (
    CURRENCY_SIGNS,
    FRACTION_PARTS,
    MONEY_MARKS,
    MONEY_SCALE_LETTERS,
    MONTH_NAMES,
    NUMBER_WORDS,
    ROMAN_NUMERALS,
    ROMAN_VALUES,
    SPEECH_VERBS,
    UNIT_NAMES,
    Token,
    canonical_number,
    dates_read_as,
    figure_forms,
    hundreds_as_digits,
    initials,
    number_word_value,
    quarters_as_digits,
    ranges_read_as,
    scaled_figure,
    spelled_number,
    token_texts,
    tokenize,
)

__all__ = ["PLAIN_OPENERS", "UNIT_SHORT_FORMS", "Alignment", "defined_term_label", "differences", "infix", "word_category"]


@dataclass(frozen=True, slots=True)
class Alignment:
    """Best infix alignment: edit ``distance`` and the target range ``[start, end)``."""

    distance: int
    start: int
    end: int


def infix(query: str | bytes, target: str | bytes, *, max_distance: int) -> Alignment | None:
    """Closest substring of ``target`` to ``query`` within ``max_distance`` edits.

    Ties between equally close places are broken by the longest span (it keeps edge
    words that the quote changed), then by the first. ``None`` when no substring is
    within the budget, or the query is empty.

    >>> infix("hello wrld", "xx say hello world there", max_distance=3)
    Alignment(distance=1, start=7, end=18)
    """
    import edlib

    if not query:
        return None
    if len(query) >= _ANCHOR_MIN:
        # a long quote whose two ends are in the document: align what lies between them only
        # (edlib over the whole document costs n·L/64; this costs about L)
        anchored = _anchored(query, target, max_distance)
        if anchored is not None:
            return anchored
    r = edlib.align(query, target, mode="HW", task="locations", k=max(0, max_distance))
    d = r["editDistance"]
    if d < 0 or not r["locations"]:
        return None
    best = None
    for s, e in r["locations"]:
        if s is None:
            continue
        if best is None or (e - s) > (best[1] - best[0]):
            best = (s, e)
    if best is None:
        return None
    return Alignment(d, best[0], best[1] + 1)


_ANCHOR = 64  # characters at each end of a long quote that must be in the document as they are
_ANCHOR_MIN = 4096  # quotes from this length on try the anchored alignment first
_ANCHOR_TRIES = 8  # places of the head tried


def _anchored(query: str | bytes, target: str | bytes, max_distance: int) -> Alignment | None:
    """Both ends of the query exact in the target, the middle within the budget (or ``None``)."""
    n_query = len(query)
    head, tail = query[:_ANCHOR], query[-_ANCHOR:]
    s = target.find(head)  # type: ignore[arg-type]
    tries = 0
    while s >= 0 and tries < _ANCHOR_TRIES:
        e = target.find(tail, s + max(_ANCHOR, n_query - max_distance) - _ANCHOR,  # type: ignore[arg-type]
                        s + n_query + max_distance)
        if e >= 0:
            d = Levenshtein.distance(query, target[s : e + _ANCHOR], score_cutoff=max_distance)
            if d <= max_distance:
                return Alignment(d, s, e + _ANCHOR)
        s, tries = target.find(head, s + 1), tries + 1  # type: ignore[arg-type]
    return None


# --------------------------------------------------------------------------- lexicon
# Words whose change alters what a clause means. Matched on folded (lower-case) tokens.
_NEGATION: frozenset[str] = frozenset(
    """not no never neither nor none nothing nobody nowhere without cannot can't won't don't doesn't
    didn't isn't aren't wasn't weren't shan't shouldn't mustn't mayn't needn't hasn't haven't hadn't
    wouldn't couldn't nil non un except unless excluding""".split()
)
_MODAL: frozenset[str] = frozenset("shall may must will can should would could might ought need needs needed required".split())
_QUANT: frozenset[str] = frozenset(
    """all any some each every both either most many much few fewer several only entire whole
    partial part none majority minority half""".split()
)
_DIRECTION: frozenset[str] = frozenset(
    """before after prior subsequent subsequently following preceding earlier later minimum maximum
    min max least more less greater lesser higher lower above below over under exceed exceeds exceeding
    within beyond increase increases decrease decreases up down first last upon until from to
    earliest latest longer shorter""".split()
)
_EXCLUSIVE = frozenset(
    "exclusive nonexclusive exclusively exclusivity sole solely only irrevocable revocable perpetual".split()
)
_PARTY = frozenset(
    """licensor licensee licensors licensees buyer seller buyers sellers lessor lessee landlord tenant
    employer employee company contractor subcontractor vendor customer client supplier distributor
    franchisor franchisee purchaser borrower lender guarantor manufacturer reseller provider
    recipient discloser disclosing receiving party parties owner agent principal assignor assignee
    consultant affiliate affiliates sponsor investor""".split()
) | frozenset("we us you they he she it its their our your his her him them".split())
# Pronouns name a party only when one replaces another ("we shall" / "you shall"); added or
# dropped they are usually attribution ("he said") and count as ordinary words.
_PRONOUNS = frozenset("we us you they he she it its their our your his her him them".split())
# words a quote may leave out of a close passage without changing its claim: a possessive
# determiner ("sell [your] personal information"), a legal back-reference ("in the manner provided
# [hereof]"), a "that" before a clause ("and [that] Ashby shall have"). Not a copula: "the tenant
# [was] paid" turns a passive into an active
_DROPPABLE = frozenset("that your our their its his her my thereof hereof therein herein hereto thereto hereunder "
                       "thereunder".split())
_NUMBER_WORDS: frozenset[str] = frozenset(
    """zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen
    sixteen seventeen eighteen nineteen twenty thirty forty fifty sixty seventy eighty ninety hundred
    thousand million billion trillion first second third fourth fifth sixth seventh eighth ninth tenth
    once twice double triple half quarter percent per cent dozen january february march april june
    july august september october november december monday tuesday wednesday thursday friday
    saturday sunday annual annually monthly weekly daily quarterly yearly days weeks months years
    hours minutes day week month year hour""".split()
)
# The same categories in other languages (French, German, Spanish, Italian, Portuguese,
# Dutch, Russian; Chinese and Japanese by character, since those scripts are tokenised one
# character at a time).
_NEGATION |= frozenset(
    """ne pas jamais aucun aucune sans nicht kein keine keinen keinem keiner keines nie niemals ohne
    nunca jamás sin ningún ninguna ninguno mai senza nessun nessuna não sem nenhum nenhuma niet geen
    nooit zonder не нет ни никогда без 不 没 沒 無 无 非 未 否 莫 勿 ず な""".split()
)
_MODAL |= frozenset(
    """doit doivent devra devront peut peuvent pourra pourront muss müssen darf dürfen kann können
    soll sollen wird werden debe deben deberá deberán puede pueden podrá podrán deve devono può
    possono dever pode podem moet moeten mag mogen должен должна должно должны может могут обязан
    обязана обязаны вправе 应 應 须 須 必 可 得 会 會 将 將""".split()
)
_DIRECTION |= frozenset(
    """avant après moins plus au-delà vor nach vorher nachher mindestens höchstens über unter antes
    después mínimo máximo menos más prima dopo meno più до после более менее минимум максимум
    前 后 後 上 下 最 少 多 超 内 內 外 早 晚""".split()
)
_QUANT |= frozenset(
    """tous toutes tout chaque certains certaines alle jeder jede jedes einige todos todas cada algunos
    algunas tutti ogni alcuni все каждый каждая любой некоторые 所 每 全 任 某 各 诸 諸""".split()
)
_NUMBER_WORDS |= frozenset(
    """deux trois quatre cinq sept huit neuf dix cent mille zwei drei vier fünf sechs sieben acht
    neun zehn hundert tausend uno dos tres cuatro cinco seis siete ocho nueve diez cien mil due tre
    quattro cinque sette otto nove dieci cento один одна два две три четыре пять шесть семь восемь
    девять десять сто тысяча 〇 零 一 二 三 四 五 六 七 八 九 十 百 千 万 萬 億 亿 两 兩 年 月 日 時 时
    分 秒 円 元""".split()
)
_AMOUNT_SYMBOLS = frozenset("$€£¥%‰#§₽₹￥")
# signs and relations carry meaning: "+500"/"-500", "≤"/"≥", "p < 0.05"/"p > 0.05", "→"/"←"
_RELATIONS = frozenset("<>≤≥≠=±→←↑↓⇒⇐∓≈")
_ARTICLES = frozenset("a an the".split())
_CONNECTIVE = frozenset("and or nor if unless except provided whether und oder ou et y o или и".split())
# modals compared by class: a change within a class is not load-bearing, a change of class is
_MODAL_CLASS = dict.fromkeys("shall must required need needs needed".split(), "obligation") | dict.fromkeys(
    "may can might could".split(), "permission")
_DATE_WORDS = frozenset(
    """on in at during monday tuesday wednesday thursday friday saturday sunday january february march april
    june july august september october november december""".split()
)
_NEG_PREFIX = re.compile(r"^(un|in|im|il|ir|non|dis|de|mis)")
_DIGIT = re.compile(r"\d")
_WORD = re.compile(r"\w")


def word_category(word: str) -> str | None:
    """The load-bearing category of a single folded token, or ``None``."""
    if word.endswith(("'s", "s'")):
        word = word[:-2]
    if _DIGIT.search(word) or word in _NUMBER_WORDS or word in _AMOUNT_SYMBOLS or word in _RELATIONS:
        return "number"
    if word in _NEGATION or word.endswith("n't"):
        return "negation"
    if word in _MODAL:
        return "modal"
    if word in _EXCLUSIVE:
        return "exclusivity"
    if word in _QUANT:
        return "quantifier"
    if word in _DIRECTION:
        return "direction"
    if word in _PARTY:
        return "party"
    if word in _CONNECTIVE:
        return "connective"
    return None


# Cut-offs of the typo rule, from the form of real misspellings (codespell's lists):
_TYPO_MAX_CHARS = 24  # a longer "word" is a code, an id or unspaced text: one changed character changes it
_TYPO_MIN_CHARS = 4  # shorter words differ by one letter too often to call that a typo ("cat"/"car")
_TYPO_TWO_EDITS_MIN_CHARS = 7  # two edits are a typo only in a long word, or as a swap of letters
_LEXICON_TYPO_MIN_CHARS = 5  # a misspelt lexicon word ("Landlrod") must be this long to count as one
_PHRASE_TYPO_MIN_CHARS = 8  # a multi-word block compared as one spelling must be this long


_GB_US = (
    ("our", "or"), ("ise", "ize"), ("ised", "ized"), ("ising", "izing"), ("isation", "ization"),
    ("yse", "yze"), ("re", "er"), ("ence", "ense"), ("ogue", "og"), ("lled", "led"), ("lling", "ling"),
    ("mme", "m"), ("ae", "e"), ("oe", "e"), ("ement", "ment"), ("llor", "lor"),
    ("lment", "llment"), ("enrol", "enroll"), ("fulfil", "fulfill"), ("ilful", "illful"), ("focuss", "focus"),
    ("ise", "ice"), ("ised", "iced"), ("ising", "icing"), ("grey", "gray"), ("orey", "ory"),
    ("oreys", "ories"), ("lph", "lf"), ("efact", "ifact"), ("ough", "o"), ("viser", "visor"),
)


def _changed_part_category(a: str, b: str) -> tuple[str | None, str | None]:
    """Categories of the parts two words do not share ("twohalf"/"onehalf" -> two/one).

    >>> _changed_part_category("twohalf", "onehalf"), _changed_part_category("advisors", "advisers")
    (('number', 'number'), (None, None))
    """
    p = 0
    while p < min(len(a), len(b)) and a[p] == b[p]:
        p += 1
    s = 0
    while s < min(len(a), len(b)) - p and a[-1 - s] == b[-1 - s]:
        s += 1
    ma, mb = a[p : len(a) - s], b[p : len(b) - s]
    if (p == 0 and s == 0) or len(ma) + len(mb) < 2:
        return None, None
    if {ma, mb} & {"non", "un", "in", "im", "il", "ir", "dis"} and not (ma and mb):
        return "negation", None
    # (one letter for another is no word of its own: "advisors"/"advisers" is not the connective "o")
    return (word_category(ma) if len(ma) > 1 else None), (word_category(mb) if len(mb) > 1 else None)


_FAILS = frozenset("fail fails failed failing".split())


_COMPASS = ("north", "south", "east", "west")


def _compass_points(word: str) -> set[str]:
    """The points of the compass ``word`` names ("southwestern" names south and west)."""
    return {c for c in _COMPASS if c in word}


def _says_not(words: list[str]) -> bool:
    """Whether ``words`` hold "not", "never" or a word ending in "n't"."""
    return bool({"not", "never"} & set(words)) or any(w.endswith("n't") for w in words)


def _failed_as_not(a: list[str], b: list[str]) -> bool:
    """Whether ``a`` fails to do what ``b`` does not do, the same verb ending both ("fails to use" /
    "has not used", "failed to pay" / "did not pay").

    >>> _failed_as_not(["fails", "to", "use"], ["has", "not", "used"]), _failed_as_not(["fails", "to", "use"], ["used"])
    (True, False)
    """
    if not (_FAILS & set(a) and "to" in a and a[-1] != "to") or _FAILS & set(b) or not b:
        return False
    if not _says_not(b):
        return False
    x, y = a[-1], b[-1]
    return x[:5] == y[:5] or (min(len(x), len(y)) >= 3 and (x.startswith(y) or y.startswith(x)) and abs(len(x) - len(y)) <= 2)


def _spelling_variant(a: str, b: str) -> bool:
    """True when two different words are the same word spelt differently: a typo, a
    British/American variant, a joined or split compound. Not two points of the compass
    ("westwards" / "eastwards"), nor a word with another first syllable (since the 64th stop).

    >>> _spelling_variant("recieve", "receive"), _spelling_variant("deflation", "inflation")
    (True, False)
    """
    if a.replace(" ", "") == b.replace(" ", ""):
        return True
    if _compass_points(a) != _compass_points(b):
        return False
    if a != b and a.replace("'", "") == b.replace("'", "") and not (is_known_word(a) and is_known_word(b)):
        return True  # "V&A's" for "V&As": an apostrophe, where "its" / "it's" are two words
    # a change that flips a negating prefix is not spelling: "enforceable" / "unenforceable"
    for x, y in ((a, b), (b, a)):
        m = _NEG_PREFIX.match(x)
        if m and x[m.end():] == y:
            return False
    if _DIGIT.search(a) or _DIGIT.search(b):
        return False
    if a != b and _strip_marks(a) == _strip_marks(b):
        # "naïve"/"naive" is one word; "schön"/"schon" are two: only a known plain spelling is form
        plain = _strip_marks(a)
        return is_known_word(plain) or plain.removesuffix("'s") in _ANGLICISED
    for gb, us in _GB_US:
        for x, y in ((a, b), (b, a)):
            if gb in x and x.replace(gb, us) == y:
                return True
    if " " not in a and " " not in b and _other_first_part(a, b):
        return False
    n = max(len(a), len(b))
    if n < _TYPO_MIN_CHARS or n > _TYPO_MAX_CHARS:
        return False
    # two different real words are two words, however alike: "include"/"exclude",
    # "liable"/"viable", "inclusive"/"exclusive"
    if " " not in a and " " not in b and is_known_word(a) and is_known_word(b):
        return False
    if min(len(a), len(b)) > 4 and a[0] != b[0] and a[1] != b[1] and a[2:] == b[2:]:
        return False  # another first syllable, the rest the same ("deflation" / "inflation"): a typo keeps a word's start
    dist = OSA.distance(a, b)
    # one edit, or two in a long word or as a swap of letters ("hwihc"/"which")
    return dist <= 1 or (dist == 2 and (n >= _TYPO_TWO_EDITS_MIN_CHARS or sorted(a) == sorted(b)))


def _other_first_part(a: str, b: str) -> bool:
    """Whether two folded compounds end in the same word after two different words ("ondialysis" /
    "offdialysis", the folds of "on-dialysis" / "off-dialysis"; "samesex" / "oppositesex"): another
    compound, not a spelling.

    >>> _other_first_part("ondialysis", "offdialysis"), _other_first_part("samesex", "oppositesex")
    (True, True)
    >>> _other_first_part("recieve", "receive"), _other_first_part("withold", "withhold")
    (False, False)
    """
    shared = 0
    while shared < min(len(a), len(b)) and a[-1 - shared] == b[-1 - shared]:
        shared += 1
    # (first parts a letter apart are one word mistyped: "withold" / "withhold")
    return any(is_known_word(a[-k:]) and is_known_word(a[:-k]) and is_known_word(b[:-k]) and OSA.distance(a[:-k], b[:-k]) > 1
               for k in range(shared, _COMPOUND_PART_MIN - 1, -1) if k < min(len(a), len(b)))


_COMPOUND_PART_MIN = 3


# loanwords English also writes without their accents, too rare in the word list to be known words
_ANGLICISED = frozenset(
    """cafe cafes cliche cliches fiance fiancee fiancees fiances entree entrees protege proteges soiree
    soirees saute sauteed eclair eclairs naivete detente melee melees attache attaches debutante blase
    risque touche""".split()
)


def _unaccented_name(a: str, b: str, names: frozenset[str]) -> bool:
    """Whether two tokens are one name, written with and without its accents ("temujin" / "temüjin",
    "rene" / "rené"): a capitalised word of either text. A lower-case word keeps its accents
    ("schon" / "schön" are two words), unless :func:`_spelling_variant` knows its plain spelling."""
    return a != b and (a in names or b in names) and _strip_marks(a) == _strip_marks(b)


def _strip_marks(word: str) -> str:
    import unicodedata

    return "".join(c for c in unicodedata.normalize("NFD", word) if not unicodedata.combining(c))


_KNOWN_MIN_FREQ = 100  # below this, the word list's entries include common misspellings


_ENTRY = re.compile(rb'"([^"\\]+)":\s*(\d+)')  # an entry of the word list's JSON, read as bytes


class KnownWords:
    """A set of ASCII words held compactly: per length, one ``bytes`` of the words of that
    length laid end to end in sorted order, searched by bisection. 47,000 words take about
    400 KB this way, where a ``frozenset`` of them holds 4.7 MB of string objects and hash
    table in every process (each worker of a batch pays it).

    >>> words = KnownWords(["pay", "rent", "tenant", "and"])
    >>> "rent" in words, "rant" in words, "tenant" in words, "rént" in words, len(words)
    (True, False, True, False, 4)
    """

    def __init__(self, words: Iterable[str | bytes]) -> None:
        by_len: dict[int, set[bytes]] = {}
        for w in words:
            if w.isascii():
                b = w if isinstance(w, bytes) else w.encode("ascii")
                by_len.setdefault(len(b), set()).add(b)
        self._blobs = {n: b"".join(sorted(ws)) for n, ws in by_len.items()}

    def __len__(self) -> int:
        return sum(len(b) // n for n, b in self._blobs.items())

    def __contains__(self, word: object) -> bool:
        if not isinstance(word, str) or not word.isascii():
            return False
        n = len(word)
        blob = self._blobs.get(n)
        if blob is None:
            return False
        key = word.encode("ascii")
        lo, hi = 0, len(blob) // n
        while lo < hi:  # the first record not below key
            mid = (lo + hi) // 2
            if blob[mid * n : mid * n + n] < key:
                lo = mid + 1
            else:
                hi = mid
        return blob[lo * n : lo * n + n] == key


@lru_cache(maxsize=1)
def _known_words() -> KnownWords:
    """Common English words: the entries of pyspellchecker's MIT-licensed frequency list seen
    at least ``_KNOWN_MIN_FREQ`` times, read straight from its data file on first use (the
    full 160,000-entry dictionary is never built; its 47,000 common words stay, in about
    400 KB: :class:`KnownWords`)."""
    import gzip
    from importlib import resources

    try:
        data = resources.files("spellchecker").joinpath("resources", "en.json.gz").read_bytes()
    except (ModuleNotFoundError, FileNotFoundError):  # pragma: no cover - a core dependency
        return KnownWords(())
    # read as bytes, words and all: a str of the 2.7 MB of JSON and of every entry took 13 MB of
    # peak memory, 8 MB of which a process kept (freed, but held by the allocator)
    data = gzip.decompress(data)
    return KnownWords(m.group(1) for m in _ENTRY.finditer(data) if int(m.group(2)) >= _KNOWN_MIN_FREQ)


def is_known_word(word: str) -> bool:
    """True for a common English word (so not a misspelling of another one)."""
    return word in _known_words()


_EQUIVALENT = {
    "&": "and", "%": "percent", "§": "section", "sec": "section", "art": "article", "para": "paragraph",
    "inc": "incorporated", "corp": "corporation", "co": "company", "ltd": "limited", "dept": "department",
    "bn": "billion", "mn": "million", "mln": "million", "tn": "trillion",  # "€2.41bn" ("m" may be metres)
    # units written out or abbreviated ("2.4 km" / "2.4 kilometres")
    "ft": "feet", "mi": "miles", "mile": "miles", "km": "kilometres", "kilometre": "kilometres", "kilometer": "kilometres", "kilometers": "kilometres",
    "kg": "kilograms", "kilogram": "kilograms", "cm": "centimetres", "centimetre": "centimetres",
    "centimeter": "centimetres", "centimeters": "centimetres", "mm": "millimetres", "millimetre": "millimetres",
    "millimeter": "millimetres", "millimeters": "millimetres", "ha": "hectares", "hectare": "hectares",
    "metre": "metres", "meter": "metres", "meters": "metres", "mg": "milligrams", "milligram": "milligrams",
    "mph": "miles per hour", "kph": "kilometres per hour", "yr": "year", "yrs": "years", "hr": "hour", "hrs": "hours",
    "μg": "micrograms", "mcg": "micrograms", "microgram": "micrograms", "litre": "litres", "liter": "litres", "liters": "litres",
    # (since the 55th stop) units of science and energy; "mW" and "MW" fold alike, and "mw" is read as the far
    # commoner megawatts; not "nm" (nanometres or nautical miles); "k" after money is a thousand, read before this table
    "k": "kelvin", "gpa": "gigapascals", "gigapascal": "gigapascals", "mpa": "megapascals", "megapascal": "megapascals",
    "kpa": "kilopascals", "kilopascal": "kilopascals", "hz": "hertz", "khz": "kilohertz", "mhz": "megahertz", "ghz": "gigahertz",
    "kw": "kilowatts", "kilowatt": "kilowatts", "mw": "megawatts", "megawatt": "megawatts", "gw": "gigawatts", "gigawatt": "gigawatts", "ml": "millilitres", "millilitre": "millilitres",
    "milliliter": "millilitres", "milliliters": "millilitres", "oz": "ounces", "ounce": "ounces",  # (ounces since the 64th stop)
    "usd": "$", "eur": "€", "gbp": "£", "jpy": "¥",  # "USD 311 million" / "$311 million"
    "approx": "approximately", "annum": "year",  # "5% per annum" / "5% per year"
    "twice": "2 times", "thrice": "3 times",  # "two times as likely" / "twice as likely" ("once" may be "formerly")
    "upon": "on",  # "on written notice" / "upon written notice": one word, in two registers
    "cannot": "can not", "won't": "will not", "can't": "can not", "shan't": "shall not", "it's": "it is",
    "that's": "that is", "there's": "there is", "we'll": "we will", "they'll": "they will",
    "i'm": "i am", "i've": "i have", "i'll": "i will", "you've": "you have", "you'll": "you will", "it'll": "it will",
    "he'll": "he will", "she'll": "she will", "we're": "we are", "they're": "they are", "you're": "you are", "we've": "we have", "they've": "they have",
    # contractions written without their apostrophe ("dont"): form, since neither is another word
    "dont": "do not", "doesnt": "does not", "didnt": "did not", "isnt": "is not", "arent": "are not",
    "wasnt": "was not", "werent": "were not", "shouldnt": "should not", "wouldnt": "would not",
    "couldnt": "could not", "hasnt": "has not", "havent": "have not", "hadnt": "had not", "mustnt": "must not",
    "shant": "shall not",
}


# A formal word and the plain word a reader writes for it: a contract's ("before" for "prior to",
# "use" for "utilize", "will" for "shall"), then a report's or an article's ("about" for
# "approximately", "because of" for "due to"): the same meaning in other words (``wording``), for the
# semantic stage to read as a paraphrase with its meaning guard. Only words of one sense where they
# are used. Rows "phrase = plain, plain", or "forms: plain forms" (each form's plain form in turn,
# "|" between two). Measured by benchmarks/bench_drafting.py and bench_plain_words.py.
_PLAIN_ROWS = """
prior to = before | subsequent to = after | pursuant to = under, according to, in accordance with
in accordance with = under, according to, in line with | in the event that = if | in the event = if
hereunder = under this agreement, under this contract | herein = in this agreement, in this contract
hereof = of this agreement, of this contract
in connection with = in relation to, related to | in lieu of = instead of | with respect to = regarding, concerning, about | with regard to = regarding, concerning
in respect of = regarding, concerning | in order to = to | thereafter = afterwards, after that
set forth = set out | sets forth = sets out | any and all = all, any | each of the = each | whether or not = whether
shall be entitled to = may, is entitled to, can | including = such as | except for = other than, apart from
forthwith: immediately | notwithstanding: despite | sufficient: enough | promptly: quickly | which: that
shall: will | such: this|these|those | efforts: endeavours|endeavors | endeavours endeavors: efforts efforts
agreement agreements: contract contracts
and / or = or
utilize utilizes utilized utilizing utilization: use uses used using use
utilise utilises utilised utilising utilisation: use uses used using use
commence commences commenced commencing commencement: begin|start begins|starts began|started beginning|starting beginning|start
terminate terminates terminated terminating termination: end ends ended ending end
cease ceases ceased ceasing: stop stops stopped stopping
purchase purchases purchased purchasing: buy buys bought buying
obtain obtains obtained obtaining: get gets got getting
assist assists assisted assisting assistance: help helps helped helping help
modify modifies modified modifying modification: change changes changed changing change
amend amends amended amending amendment: change changes changed changing change
permit permits permitted permitting: allow allows allowed allowing
furnish furnishes furnished furnishing: provide provides provided providing
deem deems deemed deeming: consider considers considered considering
transmit transmits transmitted transmitting: send sends sent sending
retain retains retained retaining: keep keeps kept keeping
demonstrate demonstrates demonstrated demonstrating: show shows showed showing
notify notifies notified notifying: inform|tell informs|tells informed|told informing|telling
approximately = about, around, roughly | due to = because of, owing to | as a result of = because of
compared to = compared with | known as = called | in addition = also | additionally: also | however: but
therefore: so|thus | subsequently: later | primarily: mainly|chiefly|largely | numerous: many
although: though | large larger largest: big bigger biggest | located: situated
conduct = carry out | conducted = carried out | perform = carry out | performed = carried out
following = after | the majority of the = most of the | a majority of the = most of the
in excess of = more than, over | whereas: while | moreover: also|furthermore | furthermore: also|moreover
reduction reductions: decrease|fall decreases|falls | currently: now | individuals: people
laboratory laboratories: lab labs | telephone telephones: phone phones | photograph photographs: photo photos
examination examinations: exam exams | mathematics: maths|math
continue = go on, carry on | continues = goes on, carries on | continued = went on, carried on
continuing = going on, carrying on
oneoff: onetime | onetime: oneoff | are payable = must be paid, are due | is payable = must be paid, is due
because of = due to, owing to
voluntary: optional | partially: partly | partly: partially | slightly: modestly|marginally | privately held = privately owned
rose = went up | increased = went up | rise = go up | rises = goes up | fell = went down | decreased = went down
declined = went down | fall = go down | falls = goes down
the remaining = the other | valued at = worth
"""


def _plain_table() -> frozenset[tuple[tuple[str, ...], tuple[str, ...]]]:
    """:data:`_PLAIN_ROWS` as (formal words, plain words) pairs."""
    pairs = set()
    for row in _PLAIN_ROWS.replace("\n", " | ").split(" | "):
        if " = " in row:
            formal, plain = row.split(" = ")
            pairs |= {(tuple(formal.split()), tuple(p.split())) for p in plain.split(",")}
        elif ":" in row:
            forms, plain = row.split(":")
            pairs |= {((f,), (x,)) for f, p in zip(forms.split(), plain.split(), strict=True) for x in p.split("|")}
    return frozenset(pairs)


_PLAIN = _plain_table()
_LEAD_ARTICLES = frozenset({"the", "a", "an"})


# the first words of the plain phrases, where they stand for other words ("if" for "in the event that";
# not "in" of "in line with", nor a small word): a quote opening with one may stand for its sentence's first words
# {plain first word: the first words of the formal phrases it may open for}
def _plain_openers() -> dict[str, frozenset[str]]:
    out: dict[str, frozenset[str]] = {}
    for formal, plain in _PLAIN:
        if plain[0] != formal[0] and plain[0] not in _NO_OPENERS:
            out[plain[0]] = out.get(plain[0], frozenset()) | {formal[0]}
    return out


def _plain_by_first() -> dict[str, list[tuple[tuple[str, ...], tuple[str, ...]]]]:
    """:data:`_PLAIN`'s pairs by the formal phrase's first word, in a fixed order."""
    out: dict[str, list[tuple[tuple[str, ...], tuple[str, ...]]]] = {}
    for pair in sorted(_PLAIN):
        out.setdefault(pair[0][0], []).append(pair)
    return out


_NO_OPENERS = frozenset("the a an of to in on at by for with and or is".split())
PLAIN_OPENERS = _plain_openers()
_PLAIN_BY_FIRST = _plain_by_first()


def _plain_for(q_w: list[str], s_w: list[str]) -> bool:
    """Whether the quote's words are the source's, with at least one formal word written plainly
    (:data:`_PLAIN_ROWS`) and any modal put for one of its class ("must" for "shall"), an article
    before either side left aside ("the end of" for "termination of").

    >>> _plain_for(["before"], ["prior", "to"]), _plain_for(["after"], ["prior", "to"]), _plain_for(["the", "end"], ["termination"])
    (True, False, True)
    >>> _plain_for(["contract", "must", "before"], ["agreement", "shall", "prior", "to"])
    True
    """
    q = tuple(q_w[1:] if q_w[:1] and q_w[0] in _LEAD_ARTICLES else q_w)
    s = tuple(s_w[1:] if s_w[:1] and s_w[0] in _LEAD_ARTICLES else s_w)
    if not any(w in _PLAIN_BY_FIRST for w in s):
        return False  # (most blocks: no formal word of the table in the source's words)

    def walk(i: int, j: int, plain: bool) -> bool:
        if i == len(q) or j == len(s):
            return plain and i == len(q) and j == len(s)
        a, b = q[i], s[j]
        if (a == b or word_category(a) == word_category(b) == "modal" and _MODAL_CLASS.get(a, a) == _MODAL_CLASS.get(b, b)) \
                and walk(i + 1, j + 1, plain):
            return True
        return any(s[j : j + len(formal)] == formal and q[i : i + len(words)] == words
                   and walk(i + len(words), j + len(formal), True) for formal, words in _PLAIN_BY_FIRST.get(b, ()))

    return walk(0, 0, False)


def _plain_in_context(qt: list[str], st: list[str], a: int, b: int, c: int, d: int) -> bool:
    """Whether a differing block (``qt[a:b]`` for ``st[c:d]``) is a formal phrase written plainly
    with the equal words around it (:data:`_PLAIN_ROWS`): the alignment keeps what the two phrases
    share ("set out" for "set forth" differs in "out"; "all" for "any and all" leaves out "any and").

    >>> _plain_in_context("the terms set out here".split(), "the terms set forth here".split(), 3, 4, 3, 4)
    True
    >>> _plain_in_context("the terms set out here".split(), "the terms set aside here".split(), 3, 4, 3, 4)
    False
    """
    for k, m, formal, plain in _PLAIN_BLOCKS.get((tuple(qt[a:b]), tuple(st[c:d])), ()):
        if a >= k and c >= k and tuple(st[c - k : d + m]) == formal and tuple(qt[a - k : b + m]) == plain:
            return True
    return False


def _plain_blocks() -> dict[tuple[tuple[str, ...], tuple[str, ...]], list[tuple[int, int, tuple[str, ...], tuple[str, ...]]]]:
    """Each plain pair whose phrases share words, by the one block the alignment sees between them:
    {(plain words, formal words) differing: [(shared words before, after, formal phrase, plain phrase)]}."""
    out: dict[tuple[tuple[str, ...], tuple[str, ...]], list[tuple[int, int, tuple[str, ...], tuple[str, ...]]]] = {}
    for formal, plain in sorted(_PLAIN):
        ops = [op for op in Levenshtein.opcodes(list(plain), list(formal)) if op.tag != "equal"]
        if not ops or any((x.src_end, x.dest_end) != (y.src_start, y.dest_start) for x, y in zip(ops, ops[1:])):
            continue  # (the same words inside the phrases: no one block)
        q0, q1, s0, s1 = ops[0].src_start, ops[-1].src_end, ops[0].dest_start, ops[-1].dest_end
        if q0 or q1 < len(plain):  # (a phrase that shares no word is read by _plain_for alone)
            out.setdefault((plain[q0:q1], formal[s0:s1]), []).append((q0, len(plain) - q1, formal, plain))
    return out


_PLAIN_BLOCKS = _plain_blocks()


def _pronoun_attribution(words: list[str]) -> bool:
    """Whether ``words``, added by a quote, are only an attribution by a pronoun (', " he said',
    "she added"): a name would be a claim of who spoke.

    >>> _pronoun_attribution([",", '"', "he", "said"]), _pronoun_attribution(["smith", "said"])
    (True, False)
    """
    w = [x for x in words if _WORD.search(x)]
    return len(w) == 2 and (w[0] in _SPEAKER_PRONOUNS and w[1] in SPEECH_VERBS
                            or w[1] in _SPEAKER_PRONOUNS and w[0] in SPEECH_VERBS)


_SPEAKER_PRONOUNS = frozenset("he she they i we".split())


def _slashed(words: list[str]) -> list[str]:
    """``words`` with a fraction written with a slash as one word ("1", "/", "3" -> "1/3")."""
    out: list[str] = []
    for w in words:
        if len(out) >= 2 and out[-1] == "/" and out[-2].isdigit() and w.isdigit():
            out[-2:] = [f"{out[-2]}/{w}"]
            continue
        out.append(w)
    return out


def _per_slash(words: list[str]) -> list[str]:
    """:func:`_slashed`, and a slash left between words as "per" ("m/yr": "m per yr").

    >>> _per_slash(["1", "/", "3", "m", "/", "yr"])
    ['1/3', 'm', 'per', 'yr']
    """
    return ["per" if w == "/" else w for w in _slashed(words)]


def _joined_tokens(words: list[str]) -> list[str]:
    """Tokens that write one sign or number in two made one: a decimal without its leading zero
    (".001", folded ".", "001", as "0.001": journal style) and a relation typed in two characters
    (">=" as "≥", "<=" as "≤", "!=" as "≠").

    >>> _joined_tokens([".", "001"]), _joined_tokens(["p", "<", ".", "05"]), _joined_tokens(["egfr", ">", "=", "60"])
    (['0.001'], ['p', '<', '0.05'], ['egfr', '≥', '60'])
    """
    out: list[str] = []
    for w in words:
        if out and out[-1] == "." and w.isdigit():
            out[-1] = "0." + w
        elif out and w == "=" and out[-1] in _TYPED_RELATIONS:
            out[-1] = _TYPED_RELATIONS[out[-1]]
        else:
            out.append(w)
    return out


_TYPED_RELATIONS = {">": "≥", "<": "≤", "!": "≠"}
_YEARS_AS_UNIT = {canonical_number("10"): "decade", canonical_number("100"): "century"}


# a provision's name shortened with a full stop before its number: "s.994" of the Companies Act, "cl. 7.1" of a lease
_PROVISION_ABBREVIATIONS = {"s": "section", "ss": "sections", "cl": "clause", "cls": "clauses", "sch": "schedule",
                            "reg": "regulation", "regs": "regulations"}


def _provisions_written_out(words: list[str]) -> list[str]:
    """``words`` with a provision's abbreviation, its full stop and a number after it, written out (since the 60th stop).

    >>> _provisions_written_out("under s . 994 of the act , not the company 's . 994".split())
    ['under', 'section', '994', 'of', 'the', 'act', ',', 'not', 'the', 'company', "'s", '.', '994']
    """
    out: list[str] = []
    i = 0
    while i < len(words):
        w = words[i]
        if w in _PROVISION_ABBREVIATIONS and words[i + 1 : i + 2] == ["."] and words[i + 2 : i + 3] \
                and words[i + 2][:1].isdigit() and not (out and out[-1] in ("'", "’")):
            out.append(_PROVISION_ABBREVIATIONS[w])
            i += 2
            continue
        out.append(w)
        i += 1
    return out


#: a unit's short form, read as its words before a scale is read: "61.4 Mt" is "61.4 million tonnes", "25 bps" is "25
#: basis points", "2.6x" is "2.6 times" (since the 60th stop)
UNIT_SHORT_FORMS = {"mt": ("million", "tonnes"), "kt": ("thousand", "tonnes"), "gt": ("billion", "tonnes"),
                     "gigatonnes": ("billion", "tonnes"), "moz": ("million", "ounces"), "koz": ("thousand", "ounces"),
                     "bps": ("basis", "points"), "bp": ("basis", "points"), "x": ("times",),
                     "fy": ("fiscal", "year")}  # ("FY 2024" for "Fiscal Year 2024", since the 61st stop)
# a unit of time written short, after a figure only ("min" alone may be a minimum; since the 61st stop)
_TIME_UNITS = {"hr": "hours", "hrs": "hours", "h": "hours", "min": "minutes", "mins": "minutes", "sec": "seconds",
               "secs": "seconds"}


def _forms_in_one(words: list[str]) -> list[str]:
    """``words`` with forms that say the same thing in one of them (since the 60th stop): a provision's name shortened
    (:func:`_provisions_written_out`), a unit of time after a figure ("8 hr 41 min", since the 61st), a quarter of the
    year ("the third quarter of 2018" as "q 3 2018", as "Q3 2018" tokenizes), a count out of a total ("30 of 88" as
    "30/88").

    >>> _forms_in_one("in the third quarter of 2018 , 30 of 88 patients , 5 of 2023".split())
    ['in', 'q', '3', '2018', ',', '30/88', 'patients', ',', '5', 'of', '2023']
    """
    if not _PROVISION_ABBREVIATIONS.keys().isdisjoint(words):
        words = _provisions_written_out(words)
    if not _TIME_UNITS.keys().isdisjoint(words):
        # "8 hr 41 min" for "8 hours 41 minutes"; "1 hr" for "1 hour"
        words = [(_TIME_UNITS[w].removesuffix("s") if words[i - 1] == "1" else _TIME_UNITS[w])
                 if w in _TIME_UNITS and i and words[i - 1][:1].isdigit() else w for i, w in enumerate(words)]
    if "quarter" in words:
        words = quarters_as_digits(words)
    if "q" in words:
        words = [w for i, w in enumerate(words) if not (w == "the" and words[i + 1 : i + 2] == ["q"])
                 and not (w == "of" and i >= 2 and words[i - 2] == "q" and words[i + 1 : i + 2] and words[i + 1].isdigit())]
    if "of" in words and (counts := [k for k in range(1, len(words) - 1) if words[k] == "of" and words[k - 1].isdigit()
                                      and words[k + 1].isdigit() and int(words[k - 1]) <= int(words[k + 1]) < _NOT_A_YEAR]):
        kept = [k for i, k in enumerate(counts) if not i or k - counts[i - 1] > 2]  # ("30 of 88 of 99": the first)
        out = list(words)
        for k in reversed(kept):
            out[k - 1 : k + 2] = [f"{words[k - 1]}/{words[k + 1]}"]
        words = out
    return words


_NOT_A_YEAR = 1000  # a total this large or larger may be a year ("5 of 2023")


def _areas_written_out(words: list[str]) -> list[str]:
    """``words`` with a unit of area written out: "sq ft" and "square foot" as "square feet", "sq m" as "square metres"
    (:func:`figure_forms` writes "m²" out; since the 60th stop).

    >>> _areas_written_out("£ 8.50 per sq ft , a square foot , 20 sq m".split())
    ['£', '8.50', 'per', 'square', 'feet', ',', 'a', 'square', 'feet', ',', '20', 'square', 'metres']
    """
    out: list[str] = []
    for i, w in enumerate(words):
        if i and words[i - 1] == "sq" and w in UNIT_NAMES:
            out[-1:] = ["square", UNIT_NAMES[w]]
        else:
            out.append("feet" if w == "foot" and out[-1:] in (["square"], ["cubic"]) else w)
    return out


def _canonical(words: list[str]) -> list[str]:
    """Words in one written form: "&" as "and", "per cent"/"%" as "percent", "1,000.00" as
    "1000", "Inc" as "incorporated", "don't" as "do not".

    >>> _canonical(["five", "hundred", "thousand"]) == _canonical(["500,000"])
    True
    >>> _canonical("4 grams in 24 hours".split()) == _canonical("4 grams a day".split()) == _canonical("4 grams per day".split())
    True
    >>> _canonical("the next 100 years".split()) == _canonical("the next century".split())
    True
    >>> _canonical("after 12 months".split()) == _canonical("after a year".split()) == _canonical("after one year".split())
    True
    """
    out: list[str] = []
    if "sq" in words or "foot" in words:
        words = _areas_written_out(words)
    if not UNIT_SHORT_FORMS.keys().isdisjoint(words):
        words = [x for w in words for x in UNIT_SHORT_FORMS.get(w, (w,))]
    for w in hundreds_as_digits(words):  # "one hundred twenty" is "120"
        if w in _EQUIVALENT and out and (scaled := scaled_figure(out[-1], w)) is not None:
            out[-1] = canonical_number(str(scaled)) or out[-1]  # "25 mn" is "25,000,000" (before "mn" is "million")
            continue
        if w == "cent" and out and out[-1] == "per":
            out[-1] = "percent"
            continue
        if w in ("hours", "hour") and len(out) >= 2 and out[-2] in ("in", "every") and out[-1] == canonical_number("24"):
            out[-2:] = ["per", "day"]  # "4 grams in 24 hours" is "4 grams per day"
            continue
        if w == "day" and out and out[-1] == "a":
            out[-1:] = ["per", "day"]  # "4 grams a day"
            continue
        if w == "months" and out and out[-1] == canonical_number("12"):
            out[-1:] = ["a", "year"]  # "after 12 months" is "after a year"
            continue
        if w == "year" and out and out[-1] == canonical_number("1"):
            out[-1:] = ["a", "year"]  # "one year" is "a year"
            continue
        if w == "years" and out and out[-1] in _YEARS_AS_UNIT:
            out[-1] = _YEARS_AS_UNIT[out[-1]]  # "within the next 100 years" is "within the next century"
            continue
        if w == "cents" and out and (cents := canonical_number(out[-1])) is not None:
            out[-1:] = ["$", canonical_number(repr(float(cents) / 100)) or cents]  # "25 cents" is "$0.25"
            continue
        if w in _EQUIVALENT:
            out.extend(canonical_number(x) or x for x in _EQUIVALENT[w].split())  # ("twice": "2 times")
            continue
        if w.endswith("n't") and len(w) > 3:
            out.extend((w[:-3], "not"))
            continue
        if out and out[-1][:1].isdigit():
            parts = FRACTION_PARTS.get(w.rstrip("s"))
            count = out[-1].removesuffix(".0")
            if parts is not None and count.isdigit() and 0 < int(count) < parts:
                out[-1] = f"{count}/{parts}"  # "one third" is "1/3"
                continue
            if (scaled := scaled_figure(out[-1], w)) is not None:
                out[-1] = canonical_number(str(scaled)) or out[-1]  # "500 million" is "500,000,000"
                continue
            if w == "hundred" and count.isdigit() and 0 < int(count) < 100:
                out[-1] = canonical_number(str(int(count) * 100)) or out[-1]  # "five hundred thousand" is "500,000"
                continue
        if w not in NUMBER_WORDS and len(w) > 6 and (compound := number_word_value(w)) is not None:
            out.append(canonical_number(str(compound)) or w)  # "twenty-three" (folded "twentythree") is "23"
            continue
        if w in _SPELLED_FRACTIONS:
            out.append(_SPELLED_FRACTIONS[w])  # "one-sixth" is "1/6"
            continue
        out.append(canonical_number(NUMBER_WORDS.get(w, w)) or w)
    return _currency_after(out)


_CURRENCY_OF_SIGN = {"$": "dollars", "€": "euros", "£": "pounds", "¥": "yen"}  # the keys are CURRENCY_SIGNS
_CURRENCY_WORDS = {"dollars": "dollars", "dollar": "dollars", "euros": "euros", "euro": "euros", "pounds": "pounds",
                   "pound": "pounds", "yen": "yen"}
_CURRENCY_TOKENS = CURRENCY_SIGNS | frozenset(_CURRENCY_WORDS)


def _currency_after(words: list[str]) -> list[str]:
    """Canonical words with a currency named after its amount, whether a sign before it or a word after it
    said it ("$ 22" and "twenty-two dollars", "€ 3.10" and "3.10 euros").

    >>> _currency_after(["$", "22.0"]) == _currency_after(["22.0", "dollars"]), _currency_after(["€", "3.1"])
    (True, ['3.1', 'euros'])
    """
    if _CURRENCY_TOKENS.isdisjoint(words):
        return words
    out: list[str] = []
    i = 0
    while i < len(words):
        w = words[i]
        if w in _CURRENCY_OF_SIGN and i + 1 < len(words) and words[i + 1][:1].isdigit():
            out += [words[i + 1], _CURRENCY_OF_SIGN[w]]
            i += 2
            continue
        out.append(_CURRENCY_WORDS[w] if w in _CURRENCY_WORDS and out and out[-1][:1].isdigit() else w)
        i += 1
    return out


_NOTE_MARK = re.compile(r"(?:note|nb|n|fn|footnote|ref)?\s?\d{1,3}|[a-z]|citation needed|update|when \?|who \?|"
                        r"clarification needed|dubious|verification needed|vague|disputed|specify|which \?|where \?|"
                        r"by whom \?|according to whom \?|original research \?|not in citation given|page needed|"
                        r"better source needed|full citation needed|improper synthesis \?|dead link")
_YEAR_NOTE = re.compile(r"(?:1[0-9]|20)\d\d\^\d{1,2}")  # a year with a superscript number after it


def _numbered_compound(words: list[str]) -> tuple[str, str] | None:
    """A compound that starts with a number, as (value, rest): "12-month" (folded "12", "month")
    and "twelve-month" (folded "twelvemonth") both give ("12.0", "month"); ``None`` otherwise."""
    if not words:
        return None
    joined = "".join(words)
    if joined[:1].isdigit():
        digits = len(joined) - len(joined.lstrip("0123456789"))
        rest = joined[digits:]
        return (canonical_number(joined[:digits]) or "", rest) if rest.isalpha() or not rest else None
    value = number_word_value(joined)
    if value is not None:
        return (canonical_number(str(value)) or "", "")  # "twentyfour" (a folded "twenty-four")
    for k in range(3, min(len(joined), 12)):
        value = number_word_value(joined[:k])
        if value is not None and joined[k:].isalpha() and number_word_value(joined[k:]) is None:
            return (canonical_number(str(value)) or "", joined[k:])
    return None


# a range dash and "to" are one link ("140%-160%" / "140% to 160%"). ("a night" for "per night" would
# be one too, but called form it leaves a restatement's other differences alone to decide, and a close
# match with two is "altered": "are to receive $42 a share, a 28% premium to" for "will receive $42
# per share, a 28% premium over")
_RANGE_LINK = {("-",), ("to",)}


def _plural_of(a: str, b: str) -> bool:
    """Whether one word is the other with a plural "s" or "es" ("amounts"/"amount", "taxes"/"tax").

    >>> _plural_of("amounts", "amount"), _plural_of("tax", "taxes"), _plural_of("cost", "costa")
    (True, True, False)
    """
    short, long_ = sorted((a, b), key=len)
    return len(short) >= 3 and short.isalpha() and long_ in (short + "s", short + "es")


def _acronym_of(short: list[str], long: list[str]) -> bool:
    """Whether ``short`` is one word of two to five letters made of the first letters of ``long``'s
    words ("ci" / "confidence interval", "fda" / "food and drug administration", the small words
    "and", "of", "for", "the" counted or not, a Roman numeral whole: "wwii" / "world war ii").

    >>> _acronym_of(["ci"], ["confidence", "interval"]), _acronym_of(["fda"], ["food", "and", "drug", "administration"])
    (True, True)
    >>> _acronym_of(["wwii"], ["world", "war", "ii"])
    True
    >>> _acronym_of(["ca"], ["confidence", "interval"]), _acronym_of(["it"], ["information", "technology", "staff"])
    (False, False)
    """
    if len(short) != 1 or not 2 <= len(short[0]) <= 5 or not short[0].isalpha() or len(long) < 2:
        return False
    # (a numeral stays whole: "wwii" / "world war ii", "covid19" / "coronavirus disease 19" are not read)
    initials = "".join(w if w in ROMAN_NUMERALS else w[0] for w in long if w[:1].isalpha())
    content = "".join(w if w in ROMAN_NUMERALS else w[0] for w in long if w[:1].isalpha() and w not in _ACRONYM_SKIPS)
    return short[0] in (initials, content)


_ACRONYM_SKIPS = frozenset("and of for the".split())


def _category(q_words: list[str], s_words: list[str], names: frozenset[str] = frozenset()) -> str:
    """Why a block of differing tokens matters (see :class:`Difference`)."""
    q_words, s_words = _joined_tokens(q_words), _joined_tokens(s_words)
    keep = _AMOUNT_SYMBOLS | _RELATIONS | {"&"}
    q_w = [w for w in q_words if _WORD.search(w) or w in keep]
    s_w = [w for w in s_words if _WORD.search(w) or w in keep]
    if not q_w and s_w and (s_w[0].startswith("^") or s_words[:1] == ["["]) and all(
            w.lstrip("^").isdigit() for w in s_w):
        return "footnote"  # a footnote mark of the source the quote leaves out: "premises.³", "[12]"
    if not q_w and s_words[:1] == ["["] and s_words[-1:] == ["]"] and _NOTE_MARK.fullmatch(" ".join(s_w)):
        return "footnote"  # "[note 2]", "[nb 1]", "[a]", "[citation needed]"
    if len(q_w) == len(s_w) == 1 and _YEAR_NOTE.fullmatch(s_w[0]) and s_w[0].split("^")[0] == q_w[0]:
        return "footnote"  # "2014¹" quoted as "2014": a note on a year, not an exponent
    if not q_w and not s_w:
        return "punctuation"
    if s_words[-1:] == [","] and len(s_words) > 1 and defined_term_label(s_words[:-1]):
        s_words = s_words[:-1]  # 'shares (the "Compensation Shares"), for' quoted as 'shares for': the label and its comma
    if not q_words and (defined_term_label(s_words) or (s_words[:1] == [")"] and defined_term_label([*s_words[1:], ")"]))):
        # a defined term's label the quote leaves out: 'Distribution Agreement ("Agreement")' (the alignment
        # may pair the label's bracket with the one before it: '($14,862,000) (the "Estimated Costs")')
        return "format"
    if {tuple(q_words), tuple(s_words)} == _RANGE_LINK:
        return "format"  # "140%-160%" / "140% to 160%"
    if {tuple(q_w), tuple(s_w)} == {("square",), ("cubic",)}:
        return "number"  # "km³" for "km²": a unit's power (since the 60th stop, written out by figure_forms)
    if "".join(q_w) == "".join(s_w):
        return "spelling" if q_w else "punctuation"
    if "".join(q_words) == "".join(s_words):
        return "punctuation"  # the same characters, spaced otherwise: "{0, 1}" for "{0,1}"
    if _canonical(q_w) == _canonical(s_w) or _numbered_compound(q_w) == _numbered_compound(s_w) is not None or (
            "/" in q_words + s_words and _canonical(_per_slash(q_words)) == _canonical(_per_slash(s_words))):
        return "format"  # the same words and values, written differently ("12-month" / "twelve-month")
    if _acronym_of(s_w, q_w):
        # "95% confidence interval" for "95% CI": the source's abbreviation written out (the other way,
        # "US" for "United States", the alignment may end inside the long form: "after World" for "after WWII")
        return "format"
    if len(q_w) == len(s_w) == 1 and {q_w[0], s_w[0]} in ({"each", "per"}, {"every", "per"}, {"each", "every"}):
        return "wording"  # "each calendar year" for "per calendar year": one rate, one universal
    if _plain_for(q_w, s_w):
        return "wording"  # "before" for "prior to", "use" for "utilize": a formal word, written plainly
    if not s_w and s_words == [":"] and len(q_w) == 2 and q_w[0] in ("can", "may", "should") and q_w[1] in _DOSE_VERBS:
        return "wording"  # "Adults can take two tablets" for a label's "Adults: two tablets"
    if _duty_told_plainly(q_w, s_w):
        return "wording"  # "fees are paid" for "fees shall be paid": a duty of the text, told as what happens
    if len(q_w) == len(s_w) == 1 and {q_w[0], s_w[0]} in ({"the", "such"}, {"the", "said"}):
        return "function"  # "the third parties" for "such third parties": the same ones, referred back to
    if len(q_w) == len(s_w) == 1 and {q_w[0], s_w[0]} in ({"a", "per"}, {"an", "per"}):
        return "wording"  # "£160 a night" for "£160 per night": the same rate
    if _failed_as_not(q_w, s_w) or _failed_as_not(s_w, q_w):
        return "wording"  # "has not used" for "fails to use": the same negation in other words
    if len(q_w) == len(s_w):
        pairs = [(a, b) for a, b in zip(q_w, s_w) if a != b]
        if pairs and all(word_category(a) == word_category(b) == "modal" and _MODAL_CLASS.get(a, a) == _MODAL_CLASS.get(b, b)
               for a, b in pairs):
            return "wording"  # "can" for "may", "must" for "shall": the same class of modal, in other words
        # word for word: a typo of a lexicon word ("Landlrod") is spelling, but one lexicon
        # word for another ("Licensor"/"Licensee", "shall"/"may") carries meaning
        for a, b in zip(q_w, s_w):
            if a == b or _unaccented_name(a, b, names) or _same_number(a, b):
                continue
            if _compass_points(a) != _compass_points(b):
                return "direction"  # "westwards" for "eastwards", "North" for "South"
            ca, cb = word_category(a), word_category(b)
            if ca == cb == "modal" and _MODAL_CLASS.get(a, a) == _MODAL_CLASS.get(b, b):
                continue  # a modal of the same class: "can"/"may", "must"/"shall"
            if not (ca or cb):
                # a compound whose changed part carries meaning: "two-half" / "one-half"
                ca, cb = _changed_part_category(a, b)
            if (ca or cb) and not ((ca is None or cb is None) and len(a) >= _LEXICON_TYPO_MIN_CHARS
                                   and _spelling_variant(a, b)):
                return ca or cb or "content"
            if (a in names or b in names) and a not in _ARTICLES and b not in _ARTICLES and not (
                    _spelling_variant(a, b) and a[:1] == b[:1]):
                return "party"  # a name misspelt keeps its first letter: "HPS" / "SHPS" are two parties
    else:
        for w in sorted(set(q_w) ^ set(s_w)):
            cat = word_category(w)
            other = s_w if w in q_w else q_w
            if cat == "modal" and any(_MODAL_CLASS.get(x, x) == _MODAL_CLASS.get(w, w) for x in other if x != w):
                continue  # "can come into" / "may enter": the same class of modal
            if cat == "party" and any(x[:5] == w[:5] and word_category(x) != "party" for x in other):
                continue  # "of receiving an invoice" for "of receipt of an invoice": a verb, not the receiving party
            if cat and w not in _PRONOUNS:
                return cat
    if len(q_w) == len(s_w) and all(a == b or _spelling_variant(a, b) or _unaccented_name(a, b, names)
                                    or _same_number(a, b) for a, b in zip(q_w, s_w)):
        # ("23 randomized" for "Twenty-three randomised": a number in digits beside a spelling)
        return "format" if any(a != b and _same_number(a, b) for a, b in zip(q_w, s_w)) else "spelling"
    if q_w and s_w and _spelling_variant(" ".join(q_w), " ".join(s_w)) and len(" ".join(q_w)) >= _PHRASE_TYPO_MIN_CHARS:
        return "spelling"
    if set(q_w) | set(s_w) <= _ARTICLES or (not q_w and set(s_w) <= _DROPPABLE) or (
            not s_w and q_w in (["its"], ["their"])):
        # an article, a possessive determiner or a "thereof" of the source left out, or a neutral one
        # added ("Its safety in pregnancy has not been established" for "Safety in pregnancy ...")
        return "function"
    if len(q_w) == len(s_w) == 1 and _plural_of(q_w[0], s_w[0]):
        return "wording"  # "all dollar amounts" for "all dollar amount": the same word, in the other number
    return "content"


# a defined term's label in brackets: '("Agreement")', '(the "Company")', '(each, a "Party" and together the "Parties")'
_DEFINED_TERM = re.compile(r'\( (?:(?:the|a|an|each|collectively|together|individually|hereinafter|herein|referred to as|'
                           r'called|and|or|,) )*" [^"()]{1,60} "(?: (?:(?:the|a|an|and|or|together|collectively|,) )+'
                           r'" [^"()]{1,60} ")* \)')


_PLAIN_VERBS = frozenset("is are be was were gets get receives receive".split())
_DOSE_VERBS = frozenset("take use have".split())  # what a label's "Adults: two tablets" tells a reader to do


def _duty_told_plainly(q_w: list[str], s_w: list[str]) -> bool:
    """Whether the source's words are a modal of obligation ("shall be", "will be", "must") and the
    quote's only a plain verb in their place ("are", "is"): a contract's duty restated as what happens.

    >>> _duty_told_plainly(["are"], ["shall", "be"]), _duty_told_plainly(["are"], ["may", "be"])
    (True, False)
    """
    modal = [w for w in s_w if w in _MODAL_CLASS or w in ("will", "shall")]
    return bool(q_w) and set(q_w) <= _PLAIN_VERBS and bool(modal) and all(
        _MODAL_CLASS.get(w, "obligation") == "obligation" for w in modal) and set(s_w) - set(modal) <= _PLAIN_VERBS


def defined_term_label(words: list[str]) -> bool:
    """Whether folded tokens are a defined term's label in brackets, and nothing else ('("Agreement")',
    '(the "Company")', '(each, a "Party")'): left out, it changes no claim.

    >>> defined_term_label(["(", "the", '"', "term", '"', ")"]), defined_term_label(["(", "not", '"', "term", '"', ")"])
    (True, False)
    """
    return _DEFINED_TERM.fullmatch(" ".join(words)) is not None


def _same_number(a: str, b: str) -> bool:
    """Whether two words are one number written two ways ("23" and "twentythree").

    >>> _same_number("23", "twentythree"), _same_number("24", "twentythree"), _same_number("the", "the")
    (True, False, False)
    """
    if a[:1].isdigit() == b[:1].isdigit():
        return False  # (one in digits, one in words)
    word = b if a[:1].isdigit() else a
    return (word in NUMBER_WORDS or number_word_value(word) is not None) and _canonical([a]) == _canonical([b])


_SIGN = re.compile(r"[-+±^]")


def _signed_words(text: str) -> list[str]:
    """``_signed(tokenize(text))``. Only a sign or a raise right before a digit is joined, so
    a text with none is its token texts alone (made without offsets, several times faster)."""
    for m in _SIGN.finditer(text):
        if text[m.end() : m.end() + 1].isdigit():
            return _signed(tokenize(text))
    return token_texts(text)


def _signed(tokens: list[Token]) -> list[str]:
    """Token texts, with a sign or a raise written right before a number joined to it ("+500",
    "-500", "±0.3", "^6"): the sign belongs to the value. After a digit, "^6" is an exponent
    ("10^6"), joined to the number before it as well."""
    out: list[str] = []
    i = 0
    while i < len(tokens):
        t = tokens[i]
        nxt = tokens[i + 1] if i + 1 < len(tokens) else None
        if t.text in "+-±^" and nxt is not None and nxt.start == t.end and nxt.text[0].isdigit():
            joined = t.text + nxt.text
            prev = tokens[i - 1] if i else None
            if t.text == "^" and out and prev is not None and prev.end == t.start and prev.text[0].isdigit():
                out[-1] += joined  # an exponent: "10^6"
            elif t.text == "-" and prev is not None and prev.end == t.start and (prev.text[-1:].isalnum() or prev.text == "%"):
                out.extend((t.text, nxt.text))  # a range or a compound ("1990-2000", "140%-160%"), not a sign
            else:
                out.append(joined)
            i += 2
            continue
        out.append(t.text)
        i += 1
    return out


_MODAL_PHRASES = {
    ("allowed", "to"): "may", ("permitted", "to"): "may", ("entitled", "to"): "may", ("able", "to"): "can",
    ("required", "to"): "shall", ("obliged", "to"): "shall", ("obligated", "to"): "shall",
}


_TAKEN_IN = frozenset({"shall", "will"})  # a modal before "be entitled to", "be required to": the phrase's own
_COPULA_CONTRACTIONS = {"we're": "we", "they're": "they", "you're": "you", "it's": "it", "he's": "he", "she's": "she"}
_SUBJECTS_OF_CONTRACTIONS = frozenset(_COPULA_CONTRACTIONS.values())


def _modal_phrases(words: list[str]) -> list[str]:
    """A modal written as a phrase in one word: "is (not) allowed to" as "may (not)", "is required to"
    as "shall", so "may not" and "is not allowed to" align word for word (the class decides)."""
    if "to" not in words:
        return words  # every phrase ends with "to" (most texts: no pass over the words)
    out: list[str] = []
    i = 0
    while i < len(words):
        w = words[i]
        if w in ("has", "have", "had") and words[i + 1 : i + 2] == ["to"] and words[i + 2 : i + 4] != ["do", "with"] \
                and not _says_not(words[max(0, i - 2) : i]):
            out.append("shall")  # "has to commission" restates "must commission"; not "does not have to"
            i += 2
            continue
        if w in ("is", "are", "be", "was", "were") or w in _COPULA_CONTRACTIONS:
            j = i + 1 + (words[i + 1 : i + 2] == ["not"])
            modal = _MODAL_PHRASES.get(tuple(words[j : j + 2]))  # type: ignore[arg-type]
            if modal:
                negated = j > i + 1
                if w == "be" and out[-1:] and out[-1] in _TAKEN_IN:
                    out.pop()  # "shall be entitled to" is "may": the phrase's own modal decides
                elif w == "be" and out[-2:-1] and out[-2] in _TAKEN_IN and out[-1] == "not":
                    del out[-2:]  # "shall not be entitled to" is "may not"
                    negated = True
                if w in _COPULA_CONTRACTIONS:
                    out.append(_COPULA_CONTRACTIONS[w])  # "we're required to": "we" and the duty
                out.append(modal)
                if negated:
                    out.append("not")
                i = j + 2
                continue
        out.append(w)
        i += 1
    return out


def _number_pairs(words: list[str]) -> list[str]:
    """A number written both ways, "thirty (30)" or "30 (thirty)", as its digits alone: the
    drafting habit of contracts, which quotes often drop. Only when the two give one value.

    >>> _number_pairs(["at", "one", "and", "onehalf", "percent", "(", "1.5", "%", ")", "per", "month"])
    ['at', '1.5', '%', 'per', 'month']
    """
    if "(" not in words:
        return words
    opens = [k for k, w in enumerate(words) if w == "("]
    out: list[str] = []
    i = 0
    while i < len(words):
        w = words[i]  # (a spelled number starts with a number word: one of NUMBER_WORDS, or "twentyfive")
        if w in _ORDINALS and words[i + 1 : i + 2] == ["("] and words[i + 2 : i + 4] == [w, ")"]:
            out.append(w)  # "the fifth (5th) Business Day" quoted as "the 5th" (its digits read as the word; since the 59th stop)
            i += 4
            continue
        if w in _SPELLED_FRACTIONS and words[i + 1 : i + 2] == ["("] and words[i + 3 : i + 4] == [")"] \
                and words[i + 2] == _SPELLED_FRACTIONS[w]:
            out.append(words[i + 2])  # "one-half (1/2) mile" quoted as "1/2 mile"
            i += 4
            continue
        # (a spelled number is read only where a bracket follows within its longest length)
        near = (k := bisect.bisect_right(opens, i)) < len(opens) and opens[k] - i <= _SPELLED_MAX_WORDS
        spelled = _spelled_value(words, i) if near and (w in NUMBER_WORDS or len(w) > 6) else None
        if spelled is not None:
            value, n = spelled
            inner = words[i + n + 1] if i + n + 1 < len(words) else ""
            if _OCR_DIGITS.fullmatch(inner) and not inner.isdigit():
                inner = inner.translate(_OCR_TO_DIGITS)  # "one (I) hour": a scanned "1" read as a letter
            if words[i + n : i + n + 1] == ["("] and words[i + n + 2 : i + n + 3] == [")"] and \
                    canonical_number(inner) == canonical_number(str(value)):
                out.append(inner)
                i += n + 3
                continue
            if words[i + n : i + n + 2] == ["percent", "("] and (inside := _bracketed_figure(words, i + n + 2)) is not None \
                    and inside[0] == canonical_number(str(value)) and words[inside[1] - 2 : inside[1]] == ["%", ")"]:
                # "one and one-half percent (1.5%)", "one and one half percent (1 1/2%)" quoted as "1.5%"
                out.extend((inside[0], "%"))
                i = inside[1]
                continue
        elif words[i][:1].isdigit() and words[i + 1 : i + 2] == ["("]:
            after = spelled_number(words, i + 2)
            if after is not None and words[i + 2 + after[1] : i + 3 + after[1]] == [")"] and \
                    canonical_number(words[i]) == canonical_number(str(after[0])):
                out.append(words[i])
                i += 3 + after[1]
                continue
        out.append(words[i])
        i += 1
    return out


def _bracketed_figure(words: list[str], i: int) -> tuple[str, int] | None:
    """The figure in brackets from ``words[i]`` ("1.5", or "1 1/2" as "1.5"), with a per-cent sign
    or not, and where the words after the closing bracket start; ``None`` if the brackets hold
    anything else.

    >>> _bracketed_figure(["1", "1/2", "%", ")", "per"], 0), _bracketed_figure(["1.5", "%", ")"], 0)
    (('1.5', 4), ('1.5', 3))
    """
    k = i
    if k >= len(words) or canonical_number(words[k]) is None:
        return None
    value = float(canonical_number(words[k]) or 0)
    k += 1
    if k < len(words) and re.fullmatch(r"[1-9]/[1-9]\d?", words[k]) and words[i].isdigit():
        top, bottom = words[k].split("/")
        value, k = value + int(top) / int(bottom), k + 1
    k += words[k : k + 1] == ["%"]
    if words[k : k + 1] != [")"]:
        return None
    return canonical_number(str(value)) or words[i], k + 1


def _spelled_value(words: list[str], i: int) -> tuple[float, int] | None:
    """:func:`spelled_number` with a fraction after "and" ("one and one-half": 1.5, in 3 words).

    >>> _spelled_value(["one", "and", "onehalf", "percent"], 0), _spelled_value(["six", "days"], 0)
    ((1.5, 3), (6, 1))
    >>> _spelled_value(["one", "and", "one", "half", "percent"], 0)
    (1.5, 4)
    """
    if (whole := number_word_value(words[i])) is not None and words[i + 1 : i + 2] == ["and"] \
            and "".join(words[i + 2 : i + 4]) in _SPELLED_FRACTIONS:
        top, bottom = _SPELLED_FRACTIONS["".join(words[i + 2 : i + 4])].split("/")  # "one and one half", unhyphenated
        return whole + int(top) / int(bottom), 4
    spelled = spelled_number(words, i)
    if spelled is None:
        return None
    value, n = spelled
    part = words[i + n + 1] if words[i + n : i + n + 1] == ["and"] and i + n + 1 < len(words) else ""
    if part in _SPELLED_FRACTIONS:
        top, bottom = _SPELLED_FRACTIONS[part].split("/")
        return value + int(top) / int(bottom), n + 2
    return value, n


_SPELLED_MAX_WORDS = 12  # words a number spelt out takes at most ("one hundred and twenty-five thousand" takes 5)
_OCR_DIGITS = re.compile(r"[0-9ilo]*[ilo][0-9ilo]*")  # a figure in a scanned contract with letters for digits
_OCR_TO_DIGITS = str.maketrans("ilo", "110")
# a fraction spelled out as one folded word ("one-sixth", "three-quarters", "five-eighths") as its digits
_SPELLED_FRACTIONS = {
    f"{count}{part}{'s' if n > 1 else ''}": f"{n}/{parts}"
    for count, n in (("one", 1), ("two", 2), ("three", 3), ("four", 4), ("five", 5), ("six", 6), ("seven", 7), ("eight", 8),
                     ("nine", 9))
    for part, parts in FRACTION_PARTS.items() if n < parts and not (part == "half" and n > 1)
}
_ORDINAL_DIGITS = {str(i + 1): (w, suffix) for i, (w, suffix) in enumerate(zip(
    "first second third fourth fifth sixth seventh eighth ninth tenth eleventh twelfth thirteenth fourteenth "
    "fifteenth sixteenth seventeenth eighteenth nineteenth twentieth".split(),
    "st nd rd th th th th th th th th th th th th th th th th th".split()))}
# the ordinal words, for "the fifth (5th)" (:func:`_number_pairs`): those of :data:`_ORDINAL_DIGITS`, and "thirtieth"
_ORDINALS = frozenset({*(w for w, _ in _ORDINAL_DIGITS.values()), "thirtieth"})
_MONTH_NAMES = frozenset(MONTH_NAMES)
_MONTH_ABBREVIATIONS = {"jan": "january", "feb": "february", "mar": "march", "apr": "april", "jun": "june",
                        "jul": "july", "aug": "august", "sep": "september", "sept": "september", "oct": "october",
                        "nov": "november", "dec": "december"}

_DAY_COMMA_YEAR = re.compile(r"([0-3]?\d),(\d{4})")
# a word without which :func:`_written_forms` rewrites nothing but dates (an ordinal's suffix stands for it)
_SIGN_WORDS = {"<": "below", ">": "above"}
_BOUND_SIGNS = {"≥": ("at", "least"), ">=": ("at", "least"), "≤": ("at", "most"), "<=": ("at", "most")}
_DEGREE_LETTERS = {"e": "east", "w": "west", "n": "north", "s": "south"}  # (a temperature's letter is read elsewhere)
_WRITTEN_FORM_CUES = frozenset({"vs", "m", "k", "p", "/", "<", ">", "°", "'", "≥", "≤", "-", "+", "more", "less", "fewer", "greater", *(s for _, s in _ORDINAL_DIGITS.values()), *_MONTH_ABBREVIATIONS})


_OR_MORE = (["or", "more"], ["or", "less"], ["or", "fewer"], ["or", "greater"])
_PER_LITRE_BEFORE = frozenset({"g", "mg", "μg", "mcg", "ng", "mmol", "mol", "grams", "milligrams", "micrograms"})


_COUNT_LIST = frozenset({",", "m", "and", "or"})  # what continues a list of counts in millions ("1.1M, 0.5M and 0.3M")


# a stage, a type or a grade numbered in Roman numerals ("Phase III", "type II diabetes") is its number in digits
_ROMAN_HEADS = frozenset("phase phases stage stages type grade class tier level category part chapter".split())
_DAY_SUFFIXES = frozenset(s for _, s in _ORDINAL_DIGITS.values())  # "st", "nd", "rd", "th"
_DAY_TO_MONTH = 5  # words from a day to the month it is of ("14th and 15th May")


def _days_plain(words: list[str]) -> list[str]:
    """Days of a month in digits without their ordinal endings, where a month's name follows ("14th and 15th May
    2024" as "14 and 15 May 2024": one date; since the 62nd stop)."""
    out: list[str] = []
    for i, w in enumerate(words):
        if w in _DAY_SUFFIXES and i and words[i - 1].isdigit() and 1 <= int(words[i - 1]) <= 31 \
                and not _MONTH_NAMES.isdisjoint(words[i + 1 : i + 1 + _DAY_TO_MONTH]):
            continue
        out.append(w)
    return out


def _written_forms(words: list[str]) -> list[str]:
    """A month's abbreviation before a day or a year ("Dec. 15", "Nov 2019") as the month's name,
    "vs." as "versus" (the abbreviation's full stop ends no sentence), "m" and "k" after an amount of
    money as "million" and "thousand" (after another figure "m" is metres), "/L" after a mass as "per
    litre", an ordinal in digits up to "20th" as its word, a tally or a score ("6–3") as "6 to 3": form.

    >>> _written_forms(["1.3%", "vs", ".", "4.6%"]), _written_forms(["dec", ".", "15"])
    (['1.3%', 'versus', '4.6%'], ['december', '15'])
    >>> _written_forms(["£", "30", "m", "fees"]), _written_forms(["the", "2", "nd", "century"]), _written_forms(["30", "m", "high"])
    (['£', '30', 'million', 'fees'], ['the', 'second', 'century'], ['30', 'metres', 'high'])
    >>> _written_forms(["a", "score", "of", "≥", "2"]), _written_forms(["a", "score", "of", "2", "or", "more"])
    (['a', 'score', 'of', 'at', 'least', '2'], ['a', 'score', 'of', 'at', 'least', '2'])
    >>> _written_forms(["the", "1960", "s", "and", "'", "70", "s"])
    ['the', '1960', 's', 'and', '1970', 's']
    >>> _written_forms(["3.1", "m", "customers"]), _written_forms(["640", "m", "beyond"])
    (['3.1', 'million', 'customers'], ['640', 'metres', 'beyond'])
    >>> _written_forms(["5", "μg", "/", "l", "of", "lead"])
    ['5', 'μg', 'per', 'litres', 'of', 'lead']
    >>> _written_forms(["on", "june", "1,1999"]), _written_forms(["on", "1", "st", "march", "1979"])
    (['on', 'june', '1', ',', '1999'], ['on', 'march', '1', ',', '1979'])
    >>> _written_forms(["a", "majority", "of", "6", "-", "3"]), _written_forms(["aged", "3", "-", "6"])
    (['a', 'majority', 'of', '6', 'to', '3'], ['aged', '3', '-', '6'])
    >>> _written_forms(["on", "4", "sept", "2018"])
    ['on', 'september', '4', ',', '2018']
    >>> _written_forms(["on", "14", "th", "and", "15", "th", "may", "2024"]) == _written_forms(["on", "14", "and", "15", "may", "2024"])
    True
    >>> _written_forms(["the", "phase", "iii", "trial"])
    ['the', 'phase', '3', 'trial']
    """
    dates = not _MONTH_NAMES.isdisjoint(words)  # (most texts name no month: the check below is skipped)
    if dates and _DAY_SUFFIXES.intersection(words):
        words = _days_plain(words)
    if not _ROMAN_HEADS.isdisjoint(words):
        words = [str(ROMAN_VALUES[w]) if w in ROMAN_VALUES and i and words[i - 1] in _ROMAN_HEADS else w
                 for i, w in enumerate(words)]
    if not dates and _WRITTEN_FORM_CUES.isdisjoint(words) and ("b" not in words or CURRENCY_SIGNS.isdisjoint(words)):
        return words  # nothing to rewrite (most texts: no pass over the words; "b" only after money: "$4.1B")
    out: list[str] = []
    i = 0
    while i < len(words):
        w = words[i]
        dot = words[i + 1 : i + 2] == ["."]
        after = words[i + 1 + dot : i + 2 + dot]
        if (w == "-" and out and out[-1].isdigit() and words[i + 1 : i + 2] and words[i + 1].isdigit()
                and len(out[-1]) <= 2 and len(words[i + 1]) <= 2 and int(out[-1]) > int(words[i + 1])):
            out.append("to")  # a tally or a score, "6–3": "six to three" (a range runs upward: "3–6" is left alone)
            i += 1
            continue
        if w == "vs":
            out.append("versus")
            i += 1 + dot
            continue
        if w in _SIGN_WORDS and after and after[0][:1].isdigit() and not dot:
            out.append(_SIGN_WORDS[w])  # "the INR is < 2.0": "below 2.0"
            i += 1
            continue
        eq = after == ["="]  # ("<=" may come as two tokens)
        n = i + 1 + eq  # where the figure is
        if (w in _BOUND_SIGNS or (w in ("<", ">") and eq)) and words[n : n + 1] and words[n][:1].isdigit():
            out.extend(_BOUND_SIGNS[w + "=" if w in ("<", ">") else w])  # "a score of ≥2": "at least 2"
            i = n
            continue
        if (w[:1].isdigit() or w in NUMBER_WORDS) and words[i + 1 : i + 3] in _OR_MORE:
            # "2 or more": "at least 2" (as "≥2" reads), "10 or fewer": "at most 10"
            out.extend(("at", "least" if words[i + 2] in ("more", "greater") else "most", w))
            i += 3
            continue
        if w[:1].isdigit() and words[i + 1 : i + 2] == ["+"] and not (words[i + 2 : i + 3] and words[i + 2][:1].isdigit()):
            out.extend(("at", "least", w))  # "30+ hours": "at least 30 hours" (since the 61st stop; "2+2" is a sum)
            i += 2
            continue
        if w in NUMBER_WORDS and words[i + 1 : i + 2] == ["("] and words[i + 3 : i + 4] == [")"] and words[i + 4 : i + 6] in _OR_MORE:
            # "one (1) or more": the bound on the number written both ways
            out.extend(("at", "least" if words[i + 5] in ("more", "greater") else "most", w, "(", words[i + 2], ")"))
            i += 6
            continue
        if w == "°" and out and out[-1][:1].isdigit() and words[i + 1 : i + 2] and words[i + 1] in _DEGREE_LETTERS:
            out.extend(("degrees", _DEGREE_LETTERS[words[i + 1]]))  # "28.5°E": "28.5 degrees east"
            i += 2
            continue
        if w in MONEY_SCALE_LETTERS and len(out) >= 2 and out[-2] in MONEY_MARKS and out[-1][:1].isdigit():
            # "£30m", "£640k", "RMB 200M": after an amount of money "m" is million, not metres, and "k" thousand
            out.append(MONEY_SCALE_LETTERS[w])
            i += 1
            continue
        if w == "p" and out and out[-1][:1].isdigit() and not dot:
            out.append("pence")  # "420p": pence ("5 p.m." is left alone)
            i += 1
            continue
        if w == "m" and out and out[-1][:1].isdigit():
            # "30 m high": a length ("30 metres high"); before a plural noun, a count in millions
            # ("3.1m customers"), and so in a list of such counts before the noun, which may take
            # two words before it ("1.1M, 0.5M and 0.3M potential common shares"); "30 m high walls" is read
            # as millions, a rarer way to write a length than a count
            j = i + 1
            while j < len(words) and (words[j] in _COUNT_LIST or words[j][:1].isdigit()):
                j += 1
            ahead = list(itertools.takewhile(str.isalpha, words[j : j + 3]))  # ("3.1m new customers" too)
            plural = any(len(x) > 3 and x.endswith("s") and not x.endswith("ss") for x in ahead)
            out.append("million" if plural else "metres")
            i += 1
            continue
        if w == "'" and words[i + 2 : i + 3] == ["s"] and len(nd := words[i + 1]) == 2 and nd.isdigit() \
                and (decade := next((x for x, y in zip(out[::-1][1:], out[::-1]) if y == "s" and len(x) == 4
                                     and x.isdigit()), None)) is not None:
            out.append(decade[:2] + nd)  # "the 1960s and '70s": the 1970s, in the century of the decade before
            i += 2
            continue
        if w == "/" and out and out[-1] in _PER_LITRE_BEFORE and words[i + 1 : i + 2] == ["l"]:
            out.extend(("per", "litres"))  # "5 μg/L": "5 micrograms per litre"
            i += 2
            continue
        # a day before its month ("1st" too): "30 October 2019" in the order of "October 30, 2019"
        suffix = w in _ORDINAL_DIGITS and words[i + 1 : i + 2] == [_ORDINAL_DIGITS[w][1]]
        k = i + 1 + suffix  # the month's place
        if w.isdigit() and len(w) <= 2 and k < len(words) and (
                (dates and words[k] in _MONTH_NAMES) or (words[k] in _MONTH_ABBREVIATIONS and words[k] != "mar")):
            # (an abbreviated month too: "4 Sept 2018"; not "mar", a word of its own)
            month = _MONTH_ABBREVIATIONS.get(words[k], words[k])
            year = words[k + 1] if k + 1 < len(words) else ""
            dated = year.isdigit() and len(year) == 4
            if 1 <= int(w) <= 31 and (dated or month not in ("may", "march")):
                out.extend((month, w, ",") if dated else (month, w))
                i = k + 1
                continue
            if suffix:
                out.append(w)  # "1st March": the day, its suffix left out
                i += 2
                continue
        if dates and out and out[-1] in _MONTH_NAMES and w.isdigit() and 1 <= int(w) <= 31 \
                and words[i + 1 : i + 2] and words[i + 1] in _DAY_SUFFIXES:
            out.append(w)  # "March 14th, 2021": the day, its suffix left out
            i += 2
            continue
        if w in _ORDINAL_DIGITS and words[i + 1 : i + 2] == [_ORDINAL_DIGITS[w][1]]:
            out.append(_ORDINAL_DIGITS[w][0])  # "2nd" (tokens "2", "nd") as "second"
            i += 2
            continue
        if w in _MONTH_ABBREVIATIONS and after and after[0][:1].isdigit():
            out.append(_MONTH_ABBREVIATIONS[w])
            i += 1 + dot
            continue
        if dates and i and words[i - 1] in _MONTH_NAMES and (day_year := _DAY_COMMA_YEAR.fullmatch(w)):
            out.extend((day_year[1], ",", day_year[2]))  # "June 1,1999": a date missing its space, not a figure
            i += 1
            continue
        out.append(w)
        i += 1
    return out


def _phrased(raw: list[str], modal: list[str]) -> list[str]:
    """The modals that :func:`_modal_phrases` made from phrases, in order ("allowed to" -> may), each
    after a "shall" or "will" the phrase took in ("shall be entitled to" -> shall may: not "is entitled to")."""
    if raw == modal:
        return []
    out: list[str] = []
    for op in Levenshtein.opcodes(raw, modal):
        if op.tag != "equal":  # (the subject of a contracted copula is no modal: "we're required to")
            out.extend(w for w in raw[op.src_start : op.src_end] if w in _TAKEN_IN)
            out.extend(w for w in modal[op.dest_start : op.dest_end] if w not in _SUBJECTS_OF_CONTRACTIONS)
    return out


def _a_before_few(one: list[str], other: list[str], after: list[str]) -> bool:
    """Whether ``one`` is an "a" the other text lacks (it has nothing there, or a mark) right before
    "few" or "little": "a few users" for "few users" is some for hardly any."""
    return one == ["a"] and all(not w.isalnum() for w in other) and after in (["few"], ["little"])


def differences(quote: str, passage: str, *, names: frozenset[str] = frozenset(),
                context: str = "") -> tuple[Difference, ...]:
    """Word-level differences between a folded quote and a folded passage.

    ``names``: folded words written with capitals in the originals; replacing one such
    word by another different word is a changed party (``CytoDyn`` / ``Vyera``).
    ``context``: folded source text around the passage, where an attribution the quote
    moved ("Mr Warner said:" before the words, "Warner said" after them) may be.

    >>> [d.category for d in differences("the tenant shall pay", "the tenant shall not pay")]
    ['negation']
    """
    as_written = quote, passage
    quote, passage = figure_forms(quote), figure_forms(passage)  # "1-1/2%" is "1.5%", "6 pm" is "18:00"
    # "06/01/2025" for "6 January 2025": the other text says which order a date in digits is in (since the 60th stop),
    # and "18 February and 9 April 2024" which year its first date is in (since the 61st)
    quote, passage = dates_read_as(quote, passage), dates_read_as(passage, quote)
    if "-" in quote or "-" in passage:
        quote, passage = ranges_read_as(quote, passage), ranges_read_as(passage, quote)  # "2.85-2.95%" / "2.85% to 2.95%"
    raw_q, raw_s = _written_forms(_signed_words(quote)), _written_forms(_signed_words(passage))
    # "s.994" for "section 994", "Q3 2018" for "the third quarter of 2018", "30/88" for "30 of 88": one form
    written = _forms_in_one(raw_q), _forms_in_one(raw_s)
    raw_q, raw_s, shortened = *written, written != (raw_q, raw_s)
    qt, st = _modal_phrases(raw_q), _modal_phrases(raw_s)
    # a modal phrased differently ("is not allowed to" / "may not") is wording, not form: it keeps
    # the meaning but is no longer the source's text. The same phrase on both sides ("was able
    # to" in a quote that merges two sentences) is no rewording.
    reworded = _phrased(raw_q, qt) != _phrased(raw_s, st)
    if qt == st:
        if reworded:
            return (Difference("replace", " ".join(raw_q), " ".join(raw_s), "wording"),)
        if (as_written != (quote, passage) or shortened) and (before := [_signed_words(t) for t in as_written])[0] != before[1]:
            return (Difference("replace", as_written[0], as_written[1], "format"),)  # "6 pm" for "18:00"
        return ()
    # "thirty (30) days" quoted as "30 days": the same value, written once (only when that is the
    # whole difference; otherwise the blocks below name it, and the judge weighs it with the rest)
    paired_q, paired_s = _number_pairs(qt), _number_pairs(st)
    if (paired_q, paired_s) != (qt, st) and _canonical(paired_q) == _canonical(paired_s):
        return (Difference("replace", " ".join(raw_q), " ".join(raw_s), "wording" if reworded else "format"),)
    # consecutive edit operations form one block: "は な く" / "あ り" is one change
    blocks: list[list[int]] = []
    for op in Levenshtein.opcodes(qt, st):
        if op.tag == "equal":
            continue
        if blocks and blocks[-1][1] == op.src_start and blocks[-1][3] == op.dest_start:
            blocks[-1][1], blocks[-1][3] = op.src_end, op.dest_end
        else:
            blocks.append([op.src_start, op.src_end, op.dest_start, op.dest_end])
    out: list[Difference] = []
    spans: list[tuple[int, int, int, int]] = []
    for a, b, c, d in blocks:
        qw, sw = qt[a:b], st[c:d]
        kind = "replace" if qw and sw else ("insert" if qw else "delete")
        category = _category(qw, sw, names)
        if (_a_before_few(qw, sw, qt[b : b + 1]) or _a_before_few(sw, qw, st[d : d + 1])):
            category = "quantifier"  # "a few users" for "few users": some, for hardly any
        elif sw == ["."] and qw in ([",", "and"], ["and"], [";"]) and b < len(qt):
            category = "punctuation"  # two sentences merged: "... plan, and the plan adds ..."
        elif not qw and len(sw) == 1 and sw[0] in _COPULAS and sw[0] in qt[:a] and st[d : d + 1] \
                and st[d][:1].isdigit() and "and" in qt[max(0, a - 6) : a]:
            category = "function"  # "... was 3.9 months and median overall survival 8.1 months": the verb, said once
        elif qw and sw and _BOUNDS.get(" ".join(qw), "q") == _BOUNDS.get(" ".join(sw), "s") \
                and _same_figure_after(qt[b : b + 2], st[d : d + 2]):
            category = "format"  # "under 40 kg" for "less than 40 kg": the same bound on the same figure
        elif len(qw) == len(sw) == 1 and {qw[0], sw[0]} == {sw[0].lstrip("^"), "^" + sw[0].lstrip("^")} \
                and sw[0].lstrip("^").isdigit() and a and c and qt[a - 1] == st[c - 1] and qt[a - 1].isalpha():
            category = "format"  # "km²" for "km2": a unit's power, raised or not (after a digit it is an exponent)
        elif not qw and _spelled_before_acronym(sw, st[d : d + 2]):
            category = "format"  # "95% CI" for "95% confidence interval [CI]": the defined short form, quoted alone
        elif not qw and len(sw) == 3 and any(_spelled_before_acronym(st[k:c] + sw[:1], sw[1:]) for k in range(max(0, c - 8), c)):
            category = "format"  # "95% confidence interval" for "95% confidence interval [CI]": the short form's definition left out
        elif not qw and _spelled_before_figure(sw, st[d : d + 3]):
            category = "format"  # "45 days" for "forty-five (45) days" among other differences: the value, written once
        elif not sw and _spelled_before_figure(qw, qt[b : b + 3]):
            category = "format"  # "forty-five (45) days" for "45 days": the value, written twice (since the 62nd stop)
        elif not qw and len(sw) == 1 and c and st[c - 1][:1].isdigit() and _unit_said_once(sw[0], qt[a : a + 4]):
            category = "format"  # "from 7.1 to 8.4 millimetres" for "from 7.1 mm to 8.4 mm": a range's unit, said once
        elif not qw and len(sw) == 3 and sw[0] == "(" and sw[2] == ")" and _spelled_ends_at(st, c, sw[1]):
            category = "format"  # "two years" for "two (2) years": the value, written once
        elif not qw and len(sw) == 4 and sw[0] == "(" and sw[3] == ")" and sw[1] in _CURRENCY_OF_SIGN and c \
                and _CURRENCY_WORDS.get(st[c - 1]) == _CURRENCY_OF_SIGN[sw[1]] and _spelled_ends_at(st, c - 1, sw[2]):
            category = "format"  # "Ten Thousand Dollars" for "Ten Thousand Dollars ($10,000)": the amount, written once
        elif qw in ([], [","]) and _open_list_words(sw, st[c - 1] if c else ""):
            category = "aside"  # "including attorneys' fees" for "including, without limitation, attorneys' fees"
        elif qw in ([], [","]) and _definition_pointer(sw):
            category = "aside"  # "all Fees within" for "all Fees (as defined in Section 1.4) within"
        elif not qw and _inline_enumerator(st, c, d):
            category = "format"  # "shall pay rent and maintain" for "shall (a) pay rent and (b) maintain": a list's marks
        elif not qw and sw and set(sw) <= _DATE_WORDS and not any(_DIGIT.search(w) for w in sw):
            category = "function"  # "on Tuesday" left out: a date dropped, no claim changed
        elif category in ("content", "party") and _aside(qw, sw, names):
            category = "aside"  # ", for example," left out: information dropped, none changed
        elif not qw and _conversion(sw) and c > 1 and st[c - 2][:1].isdigit() and st[c - 1].isalpha():
            category = "aside"  # "110 mph (180 km/h)" quoted as "110 mph": the same figure in other units, left out
        elif category == "content" and _moved_attribution(qw, sw, st, context):
            category = "wording"  # "Mr Warner said: '…'" quoted as "'…,' Warner said": the speaker, moved
        elif not sw and _moved_connective(qw, context):
            category = "wording"  # "... against the dollar in addition." for "In addition, ...": the same link, moved
        elif not sw and _pronoun_attribution(qw):
            category = "wording"  # '…, even," he said': the speaker the quote adds is the source's words' speaker
        elif {tuple(qw), tuple(sw)} == {("/",), ("per",)}:
            category = "format"  # "40 mg/day" for "40 mg per day"
        elif category not in HARMLESS_CATEGORIES and _plain_in_context(qt, st, a, b, c, d):
            category = "wording"  # "set out" for "set forth", "all" for "any and all": the words around hold the phrase
        elif sw == ["."] and qw in ([], [","]) and b < len(qt) and d < len(st):
            # a sentence end removed inside the quote: the next sentence's words join the claim
            # ("reduced the risk by 25%. In the low-risk subgroup ..." quoted as one claim)
            category = "order"
        out.append(Difference(kind, " ".join(qw), " ".join(sw), category))
        spans.append((a, b, c, d))
    _currency_moved(out, spans, qt, st)
    if reworded:
        out.append(Difference("replace", " ".join(raw_q), " ".join(raw_s), "wording"))
    return _merge_adjacent(out)


def _currency_moved(out: list[Difference], spans: list[tuple[int, int, int, int]], qt: list[str], st: list[str]) -> None:
    """Mark as form, in place, a currency sign one text puts before an amount and the currency word the
    other puts after the same amount ("$4.1 billion" for "4.1 billion dollars"): the alignment keeps the
    amount and sees a sign added and a word left out (or the other way round)."""
    if not any(d.quote_text in CURRENCY_SIGNS or d.source_text in CURRENCY_SIGNS for d in out):
        return

    def amount_at(tokens: list[str], i: int) -> str | None:
        return canonical_number(tokens[i]) if 0 <= i < len(tokens) and tokens[i][:1].isdigit() else None

    for k, (a, b, c, d) in enumerate(spans):
        for j, (a2, b2, c2, d2) in enumerate(spans):
            if j == k or "format" in (out[k].category, out[j].category):
                continue
            # the sign on one side of place k, the word on the other side of place j
            for sign, s_at, s_tokens, word, w_at, w_tokens in (
                    (out[k].quote_text, (a, b), qt, out[j].source_text, (c2, d2), st),
                    (out[k].source_text, (c, d), st, out[j].quote_text, (a2, b2), qt)):
                if sign not in _CURRENCY_OF_SIGN or _CURRENCY_WORDS.get(word) != _CURRENCY_OF_SIGN[sign] \
                        or s_at[1] - s_at[0] != 1 or w_at[1] - w_at[0] != 1:
                    continue
                w0 = w_at[0]
                before = w0 - 2 if w0 >= 2 and w_tokens[w0 - 1] in _SCALE_TOKENS else w0 - 1
                if (amount := amount_at(s_tokens, s_at[1])) is not None and amount == amount_at(w_tokens, before):
                    out[k] = replace(out[k], category="format")
                    out[j] = replace(out[j], category="format")


_SCALE_TOKENS = frozenset("thousand million billion trillion bn mn m k".split())


_ENUMERATOR = re.compile(r"[a-z]|[ivx]{1,5}|\d{1,2}")
# words a marked item may be named by ("Section 2(a)", "clause (b)"): there the mark is a reference, not a list's mark
_REFERENCE_WORDS = frozenset(
    """section sections clause clauses paragraph paragraphs subsection subsections subparagraph subparagraphs article
    articles schedule schedules exhibit exhibits item items annex appendix part parts rule rules sub""".split()
)


def _inline_enumerator(st: list[str], c: int, d: int) -> bool:
    """Whether the source tokens ``st[c:d]`` the quote leaves out are the mark of a list's item run into
    a sentence ("shall (a) pay rent and (b) maintain the premises"): "(", a letter, a roman numeral
    or a number, ")", between a word or a comma and the item's first word. Not a reference ("Section
    2(a)", "clause (b)"), nor a figure after its number word ("two (3) years").

    >>> st = "the tenant shall ( a ) pay rent , ( b ) maintain the premises under clause ( c ) below".split()
    >>> [_inline_enumerator(st, k, k + 3) for k in (3, 9, 17)]
    [True, True, False]
    """
    if d - c != 3 or st[c] != "(" or st[c + 2] != ")" or not _ENUMERATOR.fullmatch(st[c + 1]) or not c or d >= len(st):
        return False
    before, after = st[c - 1], st[d]
    if st[c + 1].isdigit() and number_word_value(before) is not None:
        return False  # "two (3) years": a figure written twice, not a mark
    return (before in (",", ";", ":") or (before.isalpha() and before not in _REFERENCE_WORDS)) and after[:1].isalpha()


def _spelled_before_figure(sw: list[str], after: list[str]) -> bool:
    """Whether ``sw``, words of the source the quote leaves out, is a number spelled out and an
    opening bracket ("forty-five (", "twenty-five percent (") right before the same number in
    digits (``after``): the drafting habit "forty-five (45) days", quoted with the digits alone.

    >>> _spelled_before_figure(["fortyfive", "("], ["45"]), _spelled_before_figure(["forty", "("], ["45"])
    (True, False)
    >>> _spelled_before_figure(["one", "and", "onehalf", "percent", "("], ["1.5"])
    True
    """
    after = list(itertools.dropwhile(lambda w: w in _MONEY_BEFORE_FIGURE, after))  # "(US$5,000,000)"
    if sw[-1:] != ["("] or not after:
        return False
    spelled = _spelled_value(sw, 0)
    if spelled is None:
        return False
    value, n = spelled
    rest = " ".join(w for w in sw[n:-1] if w != ".")
    return rest in _SPELLED_UNITS and canonical_number(after[0]) == canonical_number(str(value))


# what a spelled amount may name between its number and the figure in brackets ("five million U.S. Dollars (")
_SPELLED_UNITS = frozenset(("", "percent", "per cent", "dollars", "us dollars", "u s dollars", "united states dollars",
                            "euros", "pounds", "pounds sterling"))
_MONEY_BEFORE_FIGURE = frozenset(("us", "u", ".", "s", "$", "€", "£", "usd", "eur", "gbp"))


def _unit_said_once(unit: str, after: list[str]) -> bool:
    """Whether ``unit``, left out after a range's first figure, is said after its second (``after``: the
    quote's words from there): "to" or "and", a figure, then the unit in either written form.

    >>> _unit_said_once("mm", ["and", "8.4", "millimetres"]), _unit_said_once("mm", ["and", "8.4", "metres"])
    (True, False)
    """
    return (len(after) >= 3 and after[0] in ("and", "to", "-", "–") and after[1][:1].isdigit() and unit.isalpha()
            and _canonical([after[2]]) == _canonical([unit]))


def _spelled_ends_at(words: list[str], end: int, figure: str) -> bool:
    """Whether a number spelled out ends right before ``words[end]`` with the value of ``figure``
    ("two" before "(2)").

    >>> _spelled_ends_at(["a", "period", "of", "two", "(", "2", ")"], 4, "2")
    True
    >>> _spelled_ends_at(["a", "period", "of", "two", "(", "3", ")"], 4, "3")
    False
    """
    value = canonical_number(figure)
    if value is None:
        return False
    for k in range(max(0, end - _SPELLED_MAX_WORDS), end):
        spelled = _spelled_value(words, k)
        if spelled is not None and k + spelled[1] == end:
            return canonical_number(str(spelled[0])) == value
    return False


def _spelled_before_acronym(sw: list[str], after: list[str]) -> bool:
    """Whether ``sw``, words of the source the quote leaves out, spell out the acronym that
    follows them in brackets (``after``: the acronym and the closing bracket): the habit
    "confidence interval [CI]", quoted with the short form alone ("95% CI").

    >>> _spelled_before_acronym(["confidence", "interval", "["], ["ci", "]"])
    True
    >>> _spelled_before_acronym(["Department", "of", "Energy", "("], ["DOE", ")"])
    True
    >>> _spelled_before_acronym(["confidence", "interval", "["], ["ca", "]"]), _spelled_before_acronym(["interval", "("], ["i", ")"])
    (False, False)
    """
    if len(after) < 2 or sw[-1:] not in (["("], ["["]) or after[1] != {"(": ")", "[": "]"}[sw[-1]]:
        return False
    short, words = after[0].lower(), [w.lower() for w in sw[:-1]]
    if len(short) < 2 or not short.isalpha() or not words or not all(w.isalpha() or w == "&" for w in words):
        return False
    return short in ("".join(w[0] for w in words), initials(words))


_COPULAS = frozenset("was were is are".split())
# one bound, written several ways (read only before the same figure on both sides)
_BOUNDS = {"under": "<", "below": "<", "less than": "<", "fewer than": "<", "less": "<", "fewer": "<",
           "over": ">", "above": ">", "more than": ">", "greater than": ">", "in excess of": ">", "more": ">",
           "greater": ">"}


def _same_figure_after(q_next: list[str], s_next: list[str]) -> bool:
    """Whether the tokens after two bound words are the same figure (a shared "than" first, for
    "fewer" / "less" before "than 5")."""
    q_next = q_next[1:] if q_next[:1] == ["than"] else q_next[:1]
    s_next = s_next[1:] if s_next[:1] == ["than"] else s_next[:1]
    return q_next == s_next != [] and q_next[0][:1].isdigit()


_CONVERSION_MAX_TOKENS = 7


def _conversion(sw: list[str]) -> bool:
    """Whether ``sw`` is a parenthetical figure in units ("( 180 km / h )", "( 2,100,000 sq mi )",
    "( 45 °f )"): one figure, the rest short unit tokens, no word of a claim."""
    inner = sw[1:-1]
    if sw[:1] != ["("] or sw[-1:] != [")"] or not 2 <= len(inner) <= _CONVERSION_MAX_TOKENS:
        return False
    figures = [w for w in inner if w[:1].isdigit()]
    return len(figures) == 1 and inner[0] in figures and all(
        w in figures or w in "/°." or (w.isalpha() and len(w) <= 3 and w not in _NEGATION) for w in inner)


_ASIDE_MAX_WORDS = 6


def _aside(qw: list[str], sw: list[str], names: frozenset[str]) -> bool:
    """A parenthetical of the source that the quote leaves out: ", in particular," (the commas
    may go with it, or one may stay), a few words with no load-bearing one and no name."""
    if qw not in ([], [","]) or len(sw) < 3:
        return False
    if sw[0] != ",":  # (the alignment may pair the comma before it with the quote's: "Acme, having" for "Acme, a Delaware corporation, having")
        return sw[-1] == "," and _entity_kind(sw[:-1])
    if sw[-1] != ",":  # (a party's kind may end where its defined name's bracket starts: 'Acme, a Delaware corporation ("Acme")')
        return _entity_kind(sw[1:])
    inner = sw[1:-1]
    return not _CONDITIONAL_ASIDE & set(inner) and (_entity_kind(inner) or (len(inner) <= _ASIDE_MAX_WORDS and all(
        _WORD.search(w) and word_category(w) is None and w not in names for w in inner)))


def _open_list_words(sw: list[str], before: str) -> bool:
    """Whether folded source words the quote leaves out only say that a list after "including" is
    open ("without limitation", "but not limited to"): the drafting habit's words, not a negation
    of the claim.

    >>> _open_list_words([",", "without", "limitation", ","], "including"), _open_list_words(["without", "limitation"], "shall")
    (True, False)
    """
    words = [w for w in sw if w != ","]
    return before in _INCLUDING and tuple(words) in _OPEN_LIST or (
        bool(words) and words[0] in _INCLUDING and tuple(words[1:]) in _OPEN_LIST)


_INCLUDING = frozenset({"including", "include", "includes", "included"})
_OPEN_LIST = frozenset({("without", "limitation"), ("but", "not", "limited", "to"), ("but", "without", "limitation"),
                        ("without", "being", "limited", "to"), ("but", "not", "limited", "to", "the", "following")})
# a pointer to where a term is defined, in brackets: "(as defined in Section 1.4)", "(as defined below)"
_DEFINITION_POINTER = re.compile(r"\( as (?:such term is |that term is )?defined (?:in|under|below|above|herein|hereunder|hereinafter)"
                                 r"(?: [\w.]+){0,6} \)")


def _definition_pointer(sw: list[str]) -> bool:
    """Whether folded source words the quote leaves out only say where a term is defined.

    >>> _definition_pointer(["(", "as", "defined", "in", "section", "1.4", ")"]), _definition_pointer(["(", "not", ")"])
    (True, False)
    """
    return sw[:1] == ["("] and _DEFINITION_POINTER.fullmatch(" ".join(w for w in sw if w != ",")) is not None \
        and not (_CONDITIONAL_ASIDE | {"not", "no", "only"}) & set(sw)


def _entity_kind(words: list[str]) -> bool:
    """Whether folded words say what kind of body a party is, and where it is formed: "a Delaware
    corporation", "a limited liability company organized under the laws of the State of New York"
    (the appositive of a contract's preamble, which quotes of it leave out); names may be in it,
    no figure and no load-bearing word.

    >>> _entity_kind("a delaware corporation".split()), _entity_kind("a corporation that is not a party".split())
    (True, False)
    >>> _entity_kind("a company organized under the laws of the state of new york".split())
    True
    """
    said = [w for i, w in enumerate(words) if not (w == "under" and words[i + 1 : i + 3] == ["the", "laws"])]
    return (words[:1] in (["a"], ["an"]) and len(words) <= _ENTITY_MAX_WORDS and not _ENTITY_KINDS.isdisjoint(words)
            and all(_WORD.search(w) and not any(c.isdigit() for c in w) and word_category(w) in (None, "party")
                    for w in said) and not {"not", "no", "only"} & set(words))


_ENTITY_KINDS = frozenset("corporation company partnership llc corp trust bank association cooperative society "
                          "entity foundation institution".split())
_ENTITY_MAX_WORDS = 14  # "a limited liability company organized and existing under the laws of the State of Delaware"


# words that make an aside a condition of the claim (", where feasible,", ", on request,"): left out, it is no aside
_CONDITIONAL_ASIDE = frozenset("where if when whenever unless provided subject except upon request feasible practicable "
                               "possible applicable necessary appropriate required permitted".split())


_ATTRIBUTION_MAX_WORDS = 4


def _moved_attribution(qw: list[str], sw: list[str], passage: list[str], context: str) -> bool:
    """Words the quote adds that only say who spoke, and that the passage or the text around
    it says elsewhere: a speech verb and its speaker moved from one end of the quotation to
    the other."""
    words = [w for w in qw if _WORD.search(w)]
    if sw or not 0 < len(words) <= _ATTRIBUTION_MAX_WORDS or not SPEECH_VERBS & set(words):
        return False
    return set(words) <= set(passage) | set(token_texts(context))


_CONNECTIVES = frozenset({("in", "addition"), ("also",), ("additionally",), ("moreover",), ("furthermore",),
                          ("however",), ("therefore",), ("thus",), ("as", "well"), ("too",)})


def _moved_connective(qw: list[str], context: str) -> bool:
    """Words the quote adds that only link its sentence to the one before ("in addition", "also",
    "however"), which the source says just outside the passage: the link moved to the sentence's end
    or into it, no claim added.

    >>> _moved_connective(["in", "addition"], "in addition , there was an impact"), _moved_connective(["in", "addition"], "there was")
    (True, False)
    """
    words = tuple(w for w in qw if _WORD.search(w))
    return words in _CONNECTIVES and f" {' '.join(words)} " in f" {' '.join(token_texts(context))} "


def _merge_adjacent(diffs: list[Difference]) -> tuple[Difference, ...]:
    # Levenshtein may split "nonexclusive" vs "non exclusive" into replace + insert; a
    # harmless pair that joins to the same letters is one spelling difference.
    merged: list[Difference] = []
    for d in diffs:
        if merged and d.category not in ("spelling", "punctuation") and merged[-1].category != "punctuation":
            prev = merged[-1]
            q = f"{prev.quote_text} {d.quote_text}".strip()
            s = f"{prev.source_text} {d.source_text}".strip()
            if q.replace(" ", "") == s.replace(" ", "") and (q != s or not any(word_category(w) for w in q.split())):
                # (a word of the lexicon left out in one place and put in at another was moved, and what it
                # governs with it: "shall not be considered ... shall be entitled" quoted as "shall be
                # considered ... shall not be entitled"; "agree otherwise" for "otherwise agree" is wording)
                merged[-1] = Difference("replace", q, s, "spelling")
                continue
        merged.append(d)
    return tuple(merged)
