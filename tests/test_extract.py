"""Tests for quote_guard.extract: the adversarial table, offsets, citations, JSON, properties."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pydantic import ValidationError

from quote_guard.extract import ExtractConfig, ExtractedQuote, QuoteKind, extract_quotes

# --------------------------------------------------------------------------- the table
# Each row: an answer and the quote texts it must yield, in order (nothing more, nothing less).
ROWS: list[tuple[str, str, list[str]]] = [
    # --- every quote family
    ("ascii-double", 'The lease says "the tenant shall pay rent" clearly.', ["the tenant shall pay rent"]),
    ("ascii-single", "The lease says 'the tenant shall pay rent' clearly.", ["the tenant shall pay rent"]),
    ("curly-double", "The lease says “the tenant shall pay rent” clearly.", ["the tenant shall pay rent"]),
    ("curly-single", "The lease says ‘the tenant shall pay rent’ clearly.", ["the tenant shall pay rent"]),
    ("german-low", "Der Vertrag sagt „der Mieter zahlt die Miete“ deutlich.", ["der Mieter zahlt die Miete"]),
    ("german-low-right", "Umowa mówi „najemca płaci czynsz co miesiąc” wyraźnie.", ["najemca płaci czynsz co miesiąc"]),
    ("german-single-low", "Er sagte ‚das ist nicht wahr‘ und ging.", ["das ist nicht wahr"]),
    ("guillemets-french", "Le bail dit « le locataire paie le loyer » clairement.", ["le locataire paie le loyer"]),
    ("guillemets-nbsp", "Le bail dit «\u00a0le locataire paie le loyer\u00a0» ici.", ["le locataire paie le loyer"]),
    ("guillemets-russian", "Договор гласит: «арендатор платит арендную плату».", ["арендатор платит арендную плату"]),
    ("guillemets-german", "Im Vertrag steht »der Mieter zahlt monatlich« so.", ["der Mieter zahlt monatlich"]),
    ("single-guillemets", "Il a dit ‹ je ne viendrai pas › hier.", ["je ne viendrai pas"]),
    ("swedish", "Avtalet säger ”hyresgästen betalar hyran” tydligt.", ["hyresgästen betalar hyran"]),
    ("corner-brackets", "契約書には「借主は毎月家賃を支払う」と書いてある。", ["借主は毎月家賃を支払う"]),
    ("white-corner", "契約書には『借主は家賃を支払う』とある。", ["借主は家賃を支払う"]),
    ("double-prime", "原文は〝借主は家賃を支払う〞である。", ["借主は家賃を支払う"]),
    ("double-prime-low", "原文は〝借主は家賃を払う〟である。", ["借主は家賃を払う"]),
    ("fullwidth", "原文は＂借主は家賃を支払う＂です。", ["借主は家賃を支払う"]),
    ("chinese-curly", "合同规定“承租人应按月支付租金”。", ["承租人应按月支付租金"]),
    # --- apostrophe traps
    ("peer-bug-ascii", "I didn't say it's \"the rent is due monthly\" at all.", ["the rent is due monthly"]),
    ("peer-bug-curly", "I didn’t say it’s “the rent is due monthly” at all.", ["the rent is due monthly"]),
    ("peer-bug-single", "I didn't think it's 'a binding clause in the lease' at all.", ["a binding clause in the lease"]),
    ("peer-bug-only", "We didn't agree, and it's not the tenant's fault, isn't it?", []),
    ("possessive", "The tenant’s duty and the landlord’s right are clear.", []),
    ("plural-possessive", "The students’ books and the tenants’ rights matter.", []),
    ("decade", "In the 1990’s and the ’80s rents rose; in the '70s too.", []),
    ("tis", "’Tis the season, ’twas said, and 'tis true.", []),
    ("rock-n-roll", "He loved rock ’n’ roll and rock 'n' roll music.", []),
    ("okina", "Rents in Hawai‘i and O‘ahu are high.", []),
    ("n-inside-quote", "She said ‘I love rock ’n’ roll music’ loudly.", ["I love rock ’n’ roll music"]),
    ("n-inside-ascii-quote", "She said 'I love rock 'n' roll music' loudly.", ["I love rock 'n' roll music"]),
    ("apostrophes-around-quote",
     "The tenant’s lawyer didn’t agree: ‘the landlord’s duty is to repair the roof’, she said.",
     ["the landlord’s duty is to repair the roof"]),
    ("possessive-inside-quote", "She wrote ‘the landlords’ duty is to repair the roof’ twice.",
     ["the landlords’ duty is to repair the roof"]),
    ("inches-feet", 'A 12" pipe and a 5\'10" man; then "the pipe must be replaced yearly" it says.',
     ["the pipe must be replaced yearly"]),
    ("french-elision", "L'avocat a dit « l'acte n'est pas valide » aujourd'hui.", ["l'acte n'est pas valide"]),
    # --- nested quotes
    ("nested-single-in-double", "He wrote “the clause ‘as is’ applies to all goods” yesterday.",
     ["the clause ‘as is’ applies to all goods"]),
    ("nested-ascii", "He wrote \"the clause 'as is' applies to all goods\" yesterday.",
     ["the clause 'as is' applies to all goods"]),
    ("nested-german", "Er schrieb „die Klausel ‚wie besehen‘ gilt für alle Waren“ gestern.",
     ["die Klausel ‚wie besehen‘ gilt für alle Waren"]),
    ("nested-japanese", "彼は「契約には『現状のまま』と書いてある」と言った。", ["契約には『現状のまま』と書いてある"]),
    ("nested-french", "Il a écrit « la clause “en l’état” s’applique partout » hier.",
     ["la clause “en l’état” s’applique partout"]),
    # --- line breaks, paragraphs, unclosed and mismatched marks
    ("across-line-break", "The lease says “the tenant shall pay\nthe rent every month” here.",
     ["the tenant shall pay\nthe rent every month"]),
    ("unclosed-then-paragraph", "He said “this never closes and goes on.\n\nLater: “the rent is due monthly” fine.",
     ["the rent is due monthly"]),
    ("unclosed-same-paragraph", "He said “this never closes. Then “the rent is due monthly” here.",
     ["the rent is due monthly"]),
    ("unclosed-ascii", 'He said "this never closes. Then "the rent is due monthly" here.',
     ["the rent is due monthly"]),
    ("stray-closer", "A stray ” mark and then “the tenant shall pay rent” here.", ["the tenant shall pay rent"]),
    ("mismatched", "A mismatched «the rent is due” and “the tenant shall pay rent” here.",
     ["the tenant shall pay rent"]),
    ("unclosed-at-end", "Everything after “this mark is lost and never closed", []),
    ("several-paragraphs", "First “quote number one here”.\n\nSecond “quote number two here”.",
     ["quote number one here", "quote number two here"]),
    # --- markdown
    ("block-one-line", "The lease:\n\n> The tenant shall pay rent.\n\nDone.", ["The tenant shall pay rent."]),
    ("block-multi-line", "> The tenant shall pay rent\n> on the first day of each month.\n\nDone.",
     ["The tenant shall pay rent\non the first day of each month."]),
    ("block-paragraphs", "> First paragraph of the clause.\n>\n> Second paragraph of it.\n\nDone.",
     ["First paragraph of the clause.\n\nSecond paragraph of it."]),
    ("block-wrapped-marks", "> “The tenant shall pay rent.”\n\nDone.", ["The tenant shall pay rent."]),
    ("block-attribution", "> The tenant shall pay rent.\n> — Lease, clause 4 [1]\n\nDone.",
     ["The tenant shall pay rent."]),
    ("block-nested-marks", "> The clause “as is” applies to all goods.\n\nThen “an inline quote here” too.",
     ["The clause “as is” applies to all goods.", "an inline quote here"]),
    ("emphasis", "The lease says “**the tenant shall pay rent**” clearly.", ["the tenant shall pay rent"]),
    ("list-items", "- “the first quoted clause here”\n- “the second quoted clause here”",
     ["the first quoted clause here", "the second quoted clause here"]),
    # --- HTML and provider tags
    ("tag-quote", "It says <quote>the tenant shall pay rent</quote> there.", ["the tenant shall pay rent"]),
    ("tag-q", "It says <q>rent</q> there.", ["rent"]),
    ("tag-cite", 'It says <cite doc="lease.pdf">the tenant shall pay</cite>.', ["the tenant shall pay"]),
    ("tag-cite-leaked", 'It says (cite index="1-2">the tenant shall pay rent</cite>) there.',
     ["the tenant shall pay rent"]),
    ("tag-blockquote", "<blockquote><p>The tenant shall pay rent.</p></blockquote>", ["The tenant shall pay rent."]),
    ("tag-with-marks-inside", "<q>“the tenant shall pay rent”</q>", ["the tenant shall pay rent"]),
    ("tag-unclosed", "It says <quote>the tenant shall pay and never closes. “A real quote here” ok.",
     ["A real quote here"]),
    ("tag-upper", "It says <QUOTE>the tenant shall pay</QUOTE> there.", ["the tenant shall pay"]),
    # --- code
    ("code-span", "Run `print(\"hello there world\")` and read “the manual page first”.",
     ["the manual page first"]),
    ("code-fence", "```python\nx = \"a string in code here\"\n```\nThen “a real quote after code”.",
     ["a real quote after code"]),
    ("code-fence-tilde", "~~~\n“not a quote in a fence”\n~~~\nDone.", []),
    ("code-fence-unclosed", "Text “a real quote before code”.\n```\n“not a quote”", ["a real quote before code"]),
    ("code-double-backtick", "Use ``a ` b \"not a quote at all\"`` then “the real one here”.", ["the real one here"]),
    # --- mixed languages
    ("mixed-en-de-fr",
     "The English “tenant shall pay rent”, German „Mieter zahlt die Miete“, French « le locataire paie ».",
     ["tenant shall pay rent", "Mieter zahlt die Miete", "le locataire paie"]),
    ("mixed-ja-zh-ru", "日本語「借主は家賃を払う」、中文“承租人支付租金”, русский «арендатор платит каждый месяц».",
     ["借主は家賃を払う", "承租人支付租金", "арендатор платит каждый месяц"]),
    # --- scare quotes and minimum length
    ("scare-quotes", "The “Tenant” and the “Landlord Party” agree to “pay the rent monthly”.",
     ["pay the rent monthly"]),
    ("cjk-short-kept", "彼は「はい」と言った。", ["はい"]),
    # --- JSON
    ("json-field", '{"answer": "yes", "quote": "the tenant shall pay rent"}', ["the tenant shall pay rent"]),
    ("json-list", '{"quotes": ["first quoted text", "second quoted text"]}', ["first quoted text", "second quoted text"]),
    ("json-objects", '{"evidence": [{"text": "the tenant shall pay", "source": "S1"}]}', ["the tenant shall pay"]),
    ("json-escapes", '{"substring_quote": "the \\"tenant\\" shall\\npay \\u2019rent\\u2019"}',
     ["the \"tenant\" shall\npay ’rent’"]),
    ("json-fenced", '```json\n{"citation": "the landlord shall repair"}\n```', ["the landlord shall repair"]),
    ("json-inline-in-answer", '{"answer": "The lease says “the tenant shall pay rent” here."}',
     ["the tenant shall pay rent"]),
    ("json-invalid-is-prose", '{"quote": "the tenant shall pay rent" broken', ["the tenant shall pay rent"]),
]


def test_table_has_enough_rows() -> None:
    assert len(ROWS) >= 60
    assert len({r[0] for r in ROWS}) == len(ROWS)


@pytest.mark.parametrize(("answer", "expected"), [r[1:] for r in ROWS], ids=[r[0] for r in ROWS])
def test_adversarial_table(answer: str, expected: list[str]) -> None:
    quotes = extract_quotes(answer)
    assert [q.text for q in quotes] == expected
    for q in quotes:
        assert q.read_from(answer) == q.text
        assert q.outer_start <= q.start <= q.end <= q.outer_end


# --------------------------------------------------------------------------- offsets and marks


def test_inline_offsets_and_marks() -> None:
    answer = "I didn’t say it’s “the tenant shall pay rent” [2]."
    [q] = extract_quotes(answer)
    assert answer[q.start:q.end] == q.text
    assert answer[q.outer_start:q.outer_end] == "“the tenant shall pay rent”"
    assert (q.open_mark, q.close_mark, q.kind) == ("“", "”", QuoteKind.INLINE)
    assert q.citation == "2"
    assert q.citation_span is not None and answer[slice(*q.citation_span)] == "[2]"
    assert q.json_pointer is None


def test_french_spacing_is_outside_the_content() -> None:
    answer = "Le bail dit « le locataire paie » ici."
    [q] = extract_quotes(answer)
    assert q.text == "le locataire paie"
    assert answer[q.outer_start:q.start] == "« "
    assert answer[q.end:q.outer_end] == " »"


def test_block_segments_join_to_text() -> None:
    answer = "Intro.\n\n> line one of it\n> line two of it\n\nOutro."
    [q] = extract_quotes(answer)
    assert q.kind is QuoteKind.BLOCK
    assert len(q.segments) == 2
    assert "\n".join(answer[s:e] for s, e in q.segments) == q.text == "line one of it\nline two of it"
    assert answer[q.outer_start:q.outer_start + 2] == "> "


def test_tag_marks_and_attribute_citation() -> None:
    answer = 'See <cite doc="lease.pdf">Rent is due monthly.</cite> ok'
    [q] = extract_quotes(answer)
    assert (q.kind, q.open_mark, q.close_mark) == (QuoteKind.TAG, '<cite doc="lease.pdf">', "</cite>")
    assert q.citation == "lease.pdf"
    assert answer[slice(*q.citation_span)] == "lease.pdf"  # type: ignore[misc]


@pytest.mark.parametrize(
    ("answer", "citation", "raw"),
    [
        ("He said “the rent is due monthly” [1].", "1", "[1]"),
        ("He said “the rent is due monthly” [S2].", "S2", "[S2]"),
        ("He said “the rent is due monthly”[^3].", "3", "[^3]"),
        ("He said “the rent is due monthly” (Source: lease.pdf).", "lease.pdf", "(Source: lease.pdf)"),
        ("He said “the rent is due monthly” (lease.pdf).", "lease.pdf", "(lease.pdf)"),
        ("He said “the rent is due monthly” (Doc 3).", "3", "(Doc 3)"),  # source words are dropped
        ("He said “the rent is due monthly” (S4).", "S4", "(S4)"),
        ("He said “the rent is due monthly” 【4:0†source】.", "4:0†source", "【4:0†source】"),
        ("He said “the rent is due monthly” [1, 2].", "1, 2", "[1, 2]"),
        ("He said “the rent is due monthly [1]” there.", "1", "[1]"),
        ("He said “the rent is due monthly” [emphasis added].", None, None),
        ("He said “the rent is due monthly” (he was right).", None, None),
        ("He said “the rent is due monthly” and [1] later.", None, None),
    ],
)
def test_citation_hints(answer: str, citation: str | None, raw: str | None) -> None:
    [q] = extract_quotes(answer)
    assert q.text == "the rent is due monthly"
    assert q.citation == citation
    if raw is None:
        assert q.citation_span is None
    else:
        assert q.citation_span is not None and answer[slice(*q.citation_span)] == raw


def test_block_attribution_citation() -> None:
    [q] = extract_quotes("> The tenant shall pay rent.\n> — Lease, clause 4 [1]\n\nDone.")
    assert q.citation == "1"
    [q] = extract_quotes("> The tenant shall pay rent.\n> — Residential lease\n")
    assert (q.text, q.citation) == ("The tenant shall pay rent.", "Residential lease")


def test_citations_can_be_turned_off() -> None:
    [q] = extract_quotes("He said “the rent is due monthly” [1].", ExtractConfig(citations=False))
    assert q.citation is None and q.citation_span is None


# --------------------------------------------------------------------------- JSON


def test_json_pointer_offsets_and_citation() -> None:
    answer = json.dumps(
        {"answer": "Yes.", "quotes": [{"text": "the tenant shall pay", "source": "S1"}, {"text": "rent is due"}]},
        indent=2,
    )
    qs = extract_quotes(answer)
    assert [(q.text, q.json_pointer, q.citation) for q in qs] == [
        ("the tenant shall pay", "/quotes/0/text", "S1"),
        ("rent is due", "/quotes/1/text", None),
    ]
    for q in qs:
        assert q.kind is QuoteKind.FIELD
        assert json.loads('"' + answer[q.start:q.end] + '"') == q.text
    assert answer[slice(*qs[0].citation_span)] == "S1"  # type: ignore[misc]


def test_json_escaped_offsets_decode_exactly() -> None:
    value = "“the \"tenant\" shall pay 😀 rent”"
    answer = json.dumps({"quote": value})  # ensure_ascii: \u201c, \ud83d\ude00 ...
    [q] = extract_quotes(answer)
    assert q.text == "the \"tenant\" shall pay 😀 rent"
    assert (q.open_mark, q.close_mark) == ("“", "”")
    assert json.loads('"' + answer[q.start:q.end] + '"') == q.text
    assert json.loads('"' + answer[q.outer_start:q.outer_end] + '"') == value


def test_json_pointer_escapes_keys() -> None:
    answer = '{"a/b~c": {"quote": "the tenant shall pay"}}'
    [q] = extract_quotes(answer)
    assert q.json_pointer == "/a~1b~0c/quote"


def test_json_custom_fields_and_top_level_list() -> None:
    answer = '[{"claim": "x", "support": "the landlord shall repair"}]'
    assert extract_quotes(answer) == []
    [q] = extract_quotes(answer, ExtractConfig(json_fields=("support",)))
    assert (q.text, q.json_pointer) == ("the landlord shall repair", "/0/support")


def test_json_structured_off_scans_as_prose() -> None:
    answer = '{"quote": "the tenant shall pay rent"}'
    qs = extract_quotes(answer, ExtractConfig(structured=False))
    # as prose, the double quotes pair up as they come: key, then value
    assert all(q.kind is QuoteKind.INLINE for q in qs)


def test_deeply_nested_json_does_not_raise() -> None:
    answer = "[" * 5000 + "]" * 5000
    assert extract_quotes(answer) == []


# --------------------------------------------------------------------------- config


def test_min_words_and_cjk_are_configurable() -> None:
    answer = "The “Tenant” pays; 彼は「はい」と言った。"
    assert [q.text for q in extract_quotes(answer)] == ["はい"]
    assert [q.text for q in extract_quotes(answer, ExtractConfig(min_words=1))] == ["Tenant", "はい"]
    assert extract_quotes(answer, ExtractConfig(min_cjk_chars=3)) == []


def test_kinds_can_be_switched_off() -> None:
    answer = "> block quote line here\n\n<q>a tag quote here</q> and “an inline quote here”."
    kinds = [q.kind for q in extract_quotes(answer)]
    assert kinds == [QuoteKind.BLOCK, QuoteKind.TAG, QuoteKind.INLINE]
    cfg = ExtractConfig(block_quotes=False, tags=False)
    assert [q.kind for q in extract_quotes(answer, cfg)] == [QuoteKind.INLINE]
    assert [q.kind for q in extract_quotes(answer, ExtractConfig(inline=False))] == [QuoteKind.BLOCK, QuoteKind.TAG]


def test_code_can_be_scanned_when_asked() -> None:
    answer = "Run `“a quote in code here”` now."
    assert extract_quotes(answer) == []
    assert [q.text for q in extract_quotes(answer, ExtractConfig(skip_code=False))] == ["a quote in code here"]


def test_config_is_frozen_and_strict() -> None:
    cfg = ExtractConfig()
    with pytest.raises(ValidationError):
        ExtractConfig(min_word=2)  # type: ignore[call-arg]
    with pytest.raises(ValidationError):
        ExtractConfig(min_words=-1)
    with pytest.raises(ValidationError):
        ExtractConfig(tag_names=("q", "bad name"))
    with pytest.raises(ValidationError):
        cfg.min_words = 1  # type: ignore[misc]
    assert ExtractConfig(tag_names=("Quote",)).tag_names == ("quote",)
    assert "min_words" in ExtractConfig.model_fields and ExtractConfig.model_fields["min_words"].description


def test_type_errors() -> None:
    with pytest.raises(TypeError, match="needs a str"):
        extract_quotes(b"bytes")  # type: ignore[arg-type]


def test_extracted_quote_is_frozen_and_exports() -> None:
    [q] = extract_quotes("He said “the rent is due monthly” [1].")
    with pytest.raises(AttributeError):
        q.text = "x"  # type: ignore[misc]
    d = q.to_dict()
    assert d["kind"] == "inline" and d["citation"] == "1" and json.dumps(d)


def test_public_names() -> None:
    import quote_guard

    assert quote_guard.extract_quotes is extract_quotes
    assert quote_guard.ExtractedQuote is ExtractedQuote
    assert quote_guard.ExtractConfig is ExtractConfig


def test_core_module_imports_nothing_from_the_edge() -> None:
    import ast
    import pathlib

    import quote_guard.extract as mod

    tree = ast.parse(pathlib.Path(mod.__file__).read_text(encoding="utf-8"))
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            names.add(("." * node.level) + (node.module or ""))
    banned = {"litellm", "guardrails", "typer", "rich", ".guard", ".config", ".cli", ".report", ".integrations"}
    assert not {n for n in names if n.split(".")[0] in banned or n in banned}


# --------------------------------------------------------------------------- scale (not timed)


@pytest.mark.parametrize(
    "answer",
    [
        "“" * 200_000,
        "'" * 200_000,
        "`" * 50_001 + "x",
        "<q>" * 50_000,
        "> " * 1 + "“a" * 100_000,
        "s’ x " * 40_000 + "‘",
        "(cite index=\"1\">" * 20_000,
        ('"a ' * 50_000),
    ],
    ids=["open-curly", "ascii-single", "backticks", "unclosed-tags", "block", "possessives", "leaked-cite", "ascii"],
)
def test_pathological_inputs_complete(answer: str) -> None:
    # not a timing test: these inputs made quadratic versions of this scanner hang
    for q in extract_quotes(answer):
        assert q.read_from(answer) == q.text


# --------------------------------------------------------------------------- properties

MARKY = st.text(
    alphabet=st.sampled_from(list("ab ’'\"“”‘„«»「」`>\n<q/>[]1{}:,~-—\\é") + ["\u2029", "\x00", "\x01", "😀"]),
    max_size=80,
)


def _check_invariants(answer: str, quotes: list[ExtractedQuote]) -> None:
    last_end = 0
    for q in quotes:
        assert 0 <= q.outer_start <= q.start <= q.end <= q.outer_end <= len(answer)
        assert q.outer_start >= last_end  # sorted, never overlapping
        last_end = q.outer_end
        assert q.read_from(answer) == q.text
        assert q.text.strip() == q.text and q.text
        if q.citation_span is not None:
            assert 0 <= q.citation_span[0] <= q.citation_span[1] <= len(answer)


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=200))
def test_never_raises_on_arbitrary_unicode(answer: str) -> None:
    _check_invariants(answer, extract_quotes(answer))


@settings(max_examples=400, deadline=None)
@given(MARKY)
def test_never_raises_on_mark_soup(answer: str) -> None:
    _check_invariants(answer, extract_quotes(answer))
    _check_invariants(answer, extract_quotes(answer, ExtractConfig(min_words=0, min_cjk_chars=0)))


@settings(max_examples=200, deadline=None)
@given(st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=30),
    lambda kids: st.lists(kids, max_size=4)
    | st.dictionaries(st.sampled_from(["quote", "quotes", "text", "source", "answer", "x/y"]), kids, max_size=4),
    max_leaves=12,
), st.booleans())
def test_json_offsets_round_trip(value: object, ascii_only: bool) -> None:
    answer = json.dumps(value, ensure_ascii=ascii_only)
    quotes = extract_quotes(answer)
    _check_invariants(answer, quotes)
    if isinstance(value, (list, dict)):  # a JSON answer: every quote knows its JSON string
        for q in quotes:
            assert q.json_pointer is not None


WORDS = st.sampled_from(["rent", "tenant", "shall", "pay", "the", "monthly", "lease", "due", "on", "time"])
PHRASE = st.lists(WORDS, min_size=3, max_size=7).map(" ".join)
FILLER = st.lists(st.sampled_from(["I", "don't", "think", "it's", "the", "students’", "’tis", "and", "so", "x."]),
                  max_size=6).map(" ".join)
PAIRS = st.sampled_from([("“", "”"), ('"', '"'), ("‘", "’"), ("«", "»"), ("„", "“"), ("「", "」")])


@settings(max_examples=200, deadline=None)
@given(st.lists(st.tuples(FILLER, PAIRS, PHRASE), min_size=1, max_size=5), FILLER)
def test_planted_quotes_are_found_exactly(parts: list[tuple[str, tuple[str, str], str]], tail: str) -> None:
    answer = ""
    planted = []
    for filler, (o, c), phrase in parts:
        answer += filler + " " + o
        planted.append((len(answer), phrase))
        answer += phrase + c + " "
    answer += tail
    quotes = extract_quotes(answer)
    assert [(q.start, q.text) for q in quotes] == planted


def test_docstring_examples_run() -> None:
    import doctest

    import quote_guard.extract as mod

    failed, attempted = doctest.testmod(mod, optionflags=doctest.ELLIPSIS)
    assert attempted > 0 and failed == 0


# --------------------------------------------------------------------------- the mark scanner


@pytest.mark.parametrize(
    ("masked", "expected"),
    [
        ("He said “it’s fine” today.", [(8, "“", 18, "”")]),
        ("„Das ist gut“ und »so« und »weiter«.", [(0, "„", 12, "“"), (18, "»", 21, "«"), (27, "»", 34, "«")]),
        ("the students’ books and “the rent”", [(24, "“", 33, "”")]),
        ('a "one" and "two', [(2, '"', 6, '"')]),
        ("rock ’n’ roll, ’tis 'fine' here", [(20, "'", 25, "'")]),
        # a left single mark before two digits: a quote that starts with a figure when a closing
        # mark follows in the paragraph, else an elided year (the ‘90s, in ‘04)
        ("it gives ‘30 days of notice’ now", [(9, "‘", 27, "’")]),
        ("in the ‘90s and in ‘04 it grew", []),
        ("in ‘04 the firms’ sales: ‘fine’", [(25, "‘", 30, "’")]),
        ("「契約」を参照", [(0, "「", 3, "」")]),
        ("“outer «inner» still” done", [(0, "“", 20, "”")]),
        ("“open\x01close”", []),
    ],
)
def test_quote_mark_scanner(masked: str, expected: list[tuple[int, str, int, str]]) -> None:
    from quote_guard.extract import QuoteMarkScanner

    assert QuoteMarkScanner(masked).scan() == expected
