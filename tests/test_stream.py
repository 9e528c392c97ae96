"""Streaming holds back exactly what the extractor reads as a quote: streamed and whole-text checks agree."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from quote_guard import QuoteGuard, Source, load_config
from quote_guard.extract import OPENERS, ExtractConfig
from quote_guard.guard.stream import StreamState, hold_point

SOURCE = (
    "The Tenant shall pay the rent monthly in advance. The Landlord may enter the premises with 24 hours "
    "notice. Neither party may assign this Lease without the prior written consent of the other party."
)
QUOTES = [
    "The Tenant shall pay the rent monthly in advance",
    "the landlord may enter the premises with 24 hours notice",
    "The Landlord may enter the premises without 24 hours notice",
    "Either party may assign this Lease without consent",
    "Neither party may assign this Lease",
    # cut right after the source's "Neither": altered unless the answer says a negation before it
    "party may assign this Lease without the prior written consent of the other party",
    # a quote that starts with a figure: after a left single mark, no elided year ("the ‘90s")
    "24 hours notice. Neither party may assign this Lease",
]
# every pair of marks the extractor knows, plus configured tags
PAIRS = [(o, c) for o, closers in OPENERS.items() for c in sorted(closers) if o not in "'‚"]
WORDS = ["rent", "is", "due", "the", "tenant's", "don't", "and", "so", "on", "Clause", "4", "says", "—", "no", "not"]

GUARD = QuoteGuard(load_config(overrides={"semantic.enabled": False,
                                          "extract.tag_names": ["quote", "q", "cite", "blockquote", "evidence"]},
                               env={}))


@st.composite
def answers(draw: st.DrawFn) -> str:
    parts: list[str] = []
    for _ in range(draw(st.integers(1, 4))):
        kind = draw(st.sampled_from(["inline", "inline", "tag", "block", "prose"]))
        lead = " ".join(draw(st.lists(st.sampled_from(WORDS), min_size=1, max_size=5)))
        q = draw(st.sampled_from(QUOTES))
        if kind == "inline":
            o, c = draw(st.sampled_from(PAIRS))
            parts.append(f"{lead} {o}{q}{c} {draw(st.sampled_from(['[1]', '', 'and more.', '.']))}")
        elif kind == "tag":
            tag = draw(st.sampled_from(["quote", "evidence", "q"]))
            parts.append(f"{lead} <{tag}>{q}</{tag}> done.")
        elif kind == "block":
            parts.append(f"{lead}:\n\n> {q}\n\nAfter the block.")
        else:
            parts.append(lead + ".")
        parts.append(draw(st.sampled_from([" ", "\n", "\n\n"])))
    return "".join(parts).strip()


def _stream(text: str, cuts: list[int]) -> tuple[str, list[tuple[str, str]]]:
    state = StreamState(GUARD._checker, [Source("lease", SOURCE)], GUARD.config.policy)
    out = []
    prev = 0
    for c in [*sorted(set(cuts)), len(text)]:
        if c > prev:
            out.append(state.feed(text[prev:c]))
            prev = c
    out.append(state.close())
    return "".join(out), [(o.quote, o.verdict.value) for o in state.outcomes]


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(answers(), st.data())
def test_streaming_equals_check_for_any_chunking(text: str, data: st.DataObject) -> None:
    cuts = data.draw(st.lists(st.integers(0, len(text)), max_size=12))
    streamed_text, streamed = _stream(text, cuts)
    whole_text, report = GUARD.check(text, sources={"lease": SOURCE})
    assert streamed == [(o.quote, o.verdict.value) for o in report.quotes]
    assert streamed_text == whole_text


def test_a_single_quoted_figure_is_a_quote_in_a_stream_too() -> None:
    # ‘24 hours notice…’ opens a quote (a closing mark follows in the paragraph); ‘90s does not
    text = "The lease says ‘24 hours notice. Neither party may assign this Lease’ (in the ‘90s it said less)."
    whole_text, report = GUARD.check(text, sources={"lease": SOURCE})
    assert [o.quote for o in report.quotes] == ["24 hours notice. Neither party may assign this Lease"]
    for step in (1, 3, 7, 50):
        assert _stream(text, list(range(0, len(text), step))) == (whole_text, [(o.quote, o.verdict.value)
                                                                                for o in report.quotes])


def test_the_named_bug_guillemets_and_a_configured_tag() -> None:
    # »…« and a configured <evidence> tag were once invisible to the stream: 0 quotes, passed
    for text in ("The lease: »Either party may assign this Lease without consent« [1].",
                 "The lease: <evidence>Either party may assign this Lease without consent</evidence>."):
        _, streamed = _stream(text, list(range(0, len(text), 7)))
        assert streamed == [("Either party may assign this Lease without consent", "altered")]


@pytest.mark.parametrize(
    ("text", "held_at"),
    [
        ("He said “the tenant shall", 8),
        ("He said »the tenant shall", 8),
        ("See <evidence>the tenant", 4),
        ("See <evid", 4),
        ("He said “the tenant shall pay” and", 34),
        ("The tenant's rent", 17),
        ('{"quotes": ["the', 0),
    ],
)
def test_hold_point(text: str, held_at: int) -> None:
    cfg = ExtractConfig(tag_names=("quote", "evidence"))
    assert hold_point(text, 0, cfg) == held_at


def test_release_unchecked_lets_everything_held_through_as_it_is() -> None:
    # a driver that fails open mid-stream (the gateway) gets the held text unchanged and
    # unchecked; the stream is over for the state (closing it releases nothing more)
    state = StreamState(GUARD._checker, [Source("lease", SOURCE)], GUARD.config.policy)
    shown = state.feed('The lease says "the landlord may enter the premises without')
    assert shown == "The lease says "  # the open quote is held
    assert state.release_unchecked() == '"the landlord may enter the premises without'
    assert state.close() == "" and state.release_unchecked() == ""
    assert "".join(state.released) == state.text and state.outcomes == []
