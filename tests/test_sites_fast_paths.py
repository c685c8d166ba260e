"""The site readers' fast paths against their plain definitions (issue 40's speed work): where a
hand starts (``line_starts``: a pattern led by ``^`` searched as its body, kept at line
starts), which player starts a line (``Speakers.at_start``: looked up by the first word), and
money's amount cache (one table per decimal mark)."""

from __future__ import annotations

import re

from hypothesis import given, settings
from hypothesis import strategies as st

from pyeval.history.sites import pokerstars, wpn_old_text, wpn_text
from pyeval.history.sites.assemble import Speakers
from pyeval.history.sites.hand_starts import first_word_starts, line_starts, split_at
from pyeval.history.sites.money import amount
from pyeval.history.sites.stars_text import reader_functions

STARTS = (pokerstars.START, r"^Poker Hand #[A-Z]*\d", rf"^(?:{wpn_text.START}|{wpn_old_text.START})", r"^(?:ab|b)",
          r"^a*")
"""Hands' first lines as the family's readers declare them, and two that overlap themselves (an
empty match: ``a*``)."""

FRAGMENTS = st.sampled_from(["PokerStars Hand #1: ", "PokerStars Game #", "Poker Hand #HD2", "Poker Hand #x",
                             "Hand #12 - ", "Game Hand #3 - ", "Game started at: ", "ab", "b", "a", "\n", " ",
                             "xx", "Mão PokerStars #", "POKERSTARS GAME #"])


def anchored(start: str, text: str, end: int | None = None) -> list[int]:
    """The plain definition: the pattern with ``^`` and ``re.M``, on the text cut at ``end``."""
    return [m.start() for m in re.compile(start, re.M).finditer(text if end is None else text[:end])]


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(STARTS), st.lists(FRAGMENTS, max_size=30).map("".join), st.integers(0, 200))
def test_line_starts_is_the_anchored_pattern(start, text, end):
    body = re.compile(start[1:], re.M)
    assert line_starts(body, text) == anchored(start, text)
    assert line_starts(body, text, end) == anchored(start, text, end)
    assert line_starts(body, text, end, first=True) == anchored(start, text, end)[:1]


FIRST_WORDS = {pokerstars.START: ("PokerStars ", "POKERSTARS GAME #", "Mão PokerStars #"),
               r"^Poker Hand #[A-Z]*\d": ("Poker Hand #",), r"^(?:ab|b)": ("ab", "b")}
"""The literal words each of those patterns' matches begins with (as the readers declare them)."""


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(sorted(FIRST_WORDS)), st.lists(FRAGMENTS, max_size=30).map("".join), st.integers(0, 200))
def test_first_word_starts_is_the_anchored_pattern(start, text, end):
    body, words = re.compile(start[1:], re.M), FIRST_WORDS[start]
    assert first_word_starts(words, body, text) == anchored(start, text)
    assert first_word_starts(words, body, text, end) == anchored(start, text, end)
    assert first_word_starts(words, body, text, end, first=True) == anchored(start, text, end)[:1]


def test_a_start_not_at_a_line_start_is_refused():
    try:
        reader_functions("x", "Poker Hand #")
    except ValueError as e:
        assert "start of a line" in str(e)
    else:
        raise AssertionError("a start pattern without ^ was taken")


NAMES = st.lists(st.text(alphabet="ab :", min_size=0, max_size=5), min_size=1, max_size=6, unique=True)


@settings(max_examples=300, deadline=None)
@given(NAMES, st.text(alphabet="ab :x", max_size=12), st.integers(0, 3))
def test_speakers_finds_the_longest_name_starting_the_line(names, line, start):
    # the plain definition: of the names the line starts with (followed by a space), the longest
    expected = next((n for n in sorted(names, key=len, reverse=True) if line.startswith(n + " ", start)), None)
    assert Speakers(names).at_start(line, start) == expected


def test_amount_reads_a_text_by_its_decimal_mark():
    # the same text twice, with each mark: the cache keeps the two apart
    assert str(amount("1,500")) == "1500"
    assert str(amount("1,500", decimal=",")) == "1.500"
    assert str(amount("1,500")) == "1500"
    assert str(amount("1.250,50 €", decimal=",")) == "1250.50"


def test_the_currency_is_the_code_written_first():
    """Two currency codes in one header: the first written is the hand's currency, whatever the
    process's hash seed (a set's order decided it before)."""
    from pyeval.history.sites.money import currency_of

    assert currency_of("($0.05/$0.10 USD) 10 EUR bonus") == "USD"
    assert currency_of("(0,05 EUR/0,10 EUR) $10 USD bonus") == "EUR"


@settings(max_examples=500, deadline=None)
@given(st.lists(st.sampled_from(["won ", "collected ", "($1.50)", "(", ")", "1,500", " ", "Xwon ", "_collected ",
                                 "é", "\t", "and ", "won", "[Ah]"]), max_size=14).map("".join))
def test_won_amounts_is_the_pattern(text):
    from pyeval.history.sites.stars_totals import _WON, won_amounts

    assert won_amounts(text) == _WON.findall(text)


SPLIT_STARTS = (r"^Poker Hand #", r"^a*", r"^ab|b", r"^(?:ab|b)", r"b")
"""Patterns ``split_at`` takes: led by ``^`` (searched for their body), one whose ``^`` leads only
its first alternative, and one with no ``^``."""


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(SPLIT_STARTS), st.lists(FRAGMENTS, max_size=30).map("".join))
def test_split_at_cuts_where_the_pattern_matches(start, text):
    from pyeval.history.sites.hand_starts import pieces_at

    pattern = re.compile(start, re.M)
    assert split_at(pattern, text) == pieces_at(text, [m.start() for m in pattern.finditer(text)])
