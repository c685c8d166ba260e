"""The seat, section and board lines of 888poker, Winamax and Bovada read by string operations,
against the regular expressions they replace (issue 40's speed work, second round): the same
match or none, the same groups, on lines made of the pieces those patterns look at."""

from __future__ import annotations

import re
from decimal import Decimal

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from pyeval.history.sites import bovada, poker888
from pyeval.history.sites.assemble import street_total, street_totals_of
from pyeval.history.sites.text_lines import bracketed_all, one_space_off, seat_line

OLD_WINAMAX_SEAT = re.compile(r"^Seat (\d+): (.+) \(([^()]*)\)\s*$")
OLD_888_SEAT = re.compile(r"^Seat (\d+): (.+) \( ?([^()]*?) ?\)\s*$")
OLD_888_DEAL = re.compile(r"^\*\* Dealing (down cards|flop|turn|river) \*\*\s*(?:\[ ?(.*?) ?\])?\s*$")
OLD_888_BUTTON = re.compile(r"^Seat (\d+) is the button\s*$")
OLD_888_TABLE = re.compile(r"^(?:Tournament #\d+ .*?- )?Table (.+?)(?: (\d+) Max)? \((Real Money|Practice Play)\)\s*$")
OLD_BOVADA_SEAT = re.compile(r"^Seat (\d+): (.+?) \(([^()]*) in chips\)")
OLD_BOVADA_BOARD = re.compile(r"^Board \[([^\]]*)\]", re.M)
OLD_CARDS = re.compile(r"\[([^\]]*)\]")  # Winamax's and Bovada's
"""The readers' patterns before this round."""

PIECES = ["Seat ", "Seat", "1", "10", "\u0663", "x", ": ", ":", " ", "  ", "(", ")", " (", "( ", " )", "$1.50",
          "1 500", "Bob", "a (b)", " in chips", "in chips", "\t", "\xa0", "is the button", " is the button", "\r"]
LINES = st.lists(st.sampled_from(PIECES), max_size=12).map("".join)
"""Lines (no line break) of seat lines' pieces: digits (also an Arabic-Indic one, which ``\\d``
takes), colons, brackets, spaces of several kinds, names with brackets in them."""
SEATS = st.tuples(st.sampled_from(["Seat 1: ", "Seat 12: ", "Seat \u0663: ", "Seat x: ", "Seat 1:", "Seat : "]),
                  LINES, st.sampled_from([" (", "(", " ( "]), LINES,
                  st.sampled_from([")", " )", ") ", ")\t", "", " in chips)", " in chips) extra"])).map("".join)
"""Lines shaped like seat lines, with their parts drawn from ``LINES``."""


def groups(pattern: re.Pattern[str], line: str) -> tuple[str | None, ...] | None:
    m = pattern.match(line)
    return None if m is None else m.groups()


@settings(max_examples=800, deadline=None)
@given(st.one_of(LINES, SEATS))
@example("Seat 1: Bob (big blind) (1 500)")
@example("Seat 1: Bob ( 1.50 )  ")
@example("Seat 1: Bob (x) y)")
@example("Seat 1:  (5)")
def test_seat_lines_are_the_old_patterns(line):
    assert seat_line(line) == groups(OLD_WINAMAX_SEAT, line)
    parts = seat_line(line)
    assert (None if parts is None else (parts[0], parts[1], one_space_off(parts[2]))) == groups(OLD_888_SEAT, line)
    assert bovada._seat_parts(line) == groups(OLD_BOVADA_SEAT, line)


@settings(max_examples=300, deadline=None)
@given(st.text(st.sampled_from([" ", "a", "b"]), max_size=6))
def test_one_space_off_is_the_lazy_group(text):
    assert one_space_off(text) == re.fullmatch(r" ?(.*?) ?", text).group(1)


SECTIONS = st.tuples(
    st.sampled_from(["** Dealing "] * 5 + ["** Dealing", "**Dealing ", "* Dealing "]),
    st.sampled_from(["down cards", "flop", "turn", "river"] * 2 + ["Flop", "flop **", ""]),
    st.sampled_from([" **"] * 5 + ["**", " ** ", " ***", " **\t"]),
    st.one_of(st.tuples(st.sampled_from(["", " ", "\t"]), st.sampled_from(["[", " [", "x"]),
                        st.sampled_from(["", " ", "2c, 3d", " 2c ", "a ] "]), st.sampled_from(["]", " ]", "x"]),
                        st.sampled_from(["", " ", "\xa0", " ]", "x"])).map("".join),
              st.lists(st.sampled_from([" ", "\t", "[", "]", " [", "] ", "2c", ", ", "*"]), max_size=6).map("".join)),
).map("".join)
"""Lines shaped like 888's section lines: the words, the stars, then brackets, cards and spaces."""


@settings(max_examples=800, deadline=None)
@given(SECTIONS)
@example("** Dealing flop ** [ 2c, 3d, 4s ]")
@example("** Dealing flop ** [ a ]  ]")
@example("** Dealing down cards **")
def test_888_section_lines_are_the_old_pattern(line):
    m = OLD_888_DEAL.match(line)
    old = None if m is None else (poker888._STREETS[m.group(1)], m.group(2) or "")
    assert poker888._deal_line(line) == old


@settings(max_examples=500, deadline=None)
@given(st.lists(st.sampled_from(["Seat 3", " is the button", "Table ", "Tournament #", "12", " ", "- ", "Lyon",
                                 " 6 Max", " (Real Money)", " (Practice Play)", ")", "Total number of players : 6",
                                 "\t"]), max_size=8).map("".join))
def test_888_header_guards_let_through_every_line_the_patterns_match(line):
    """The string tests put before ``_BUTTON``, ``_TOURNAMENT`` and ``_TABLE`` on a line whose
    trailing spaces are dropped (as the parser's are) pass every line the pattern matches."""
    line = line.rstrip()
    if OLD_888_BUTTON.match(line):
        assert line.endswith(" is the button")
    if poker888._TOURNAMENT.match(line):
        assert line.startswith("Tournament #")
    if OLD_888_TABLE.match(line):
        assert line.endswith(")") and line.startswith(poker888._TABLE_WORDS)


@settings(max_examples=500, deadline=None)
@given(st.lists(st.sampled_from(["Board [", "Board", " [", "\n", "Js 9h", "]", "x", " ", "\r\n", "Board ["]),
                max_size=10).map("".join))
@example("xBoard [Js]\nBoard [9h]")
@example("Board [Js\n9h] x")
def test_bovada_board_is_the_old_pattern(text):
    m = OLD_BOVADA_BOARD.search(text)
    assert bovada._board_cards(text) == ("" if m is None else m.group(1))


@settings(max_examples=500, deadline=None)
@given(st.lists(st.sampled_from(["[", "]", "[ ", "4c 9h", "x", " ", "\n", "]["]), max_size=10).map("".join))
@example("[a [b] c] [d")
def test_bracketed_all_is_the_old_findall(text):
    assert bracketed_all(text) == OLD_CARDS.findall(text)


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(["Calls", "All-in", " ", "$5", "  ", "to", "\t"]), max_size=6).map("".join))
def test_bovada_amount_words_are_the_old_splits(what):
    """``_last_word`` and ``_after_verb`` against the splits they were: the part after the last
    (first) space, ValueError when there is no space."""
    for fast, old in ((bovada._last_word, what.rsplit(" ", 1)), (bovada._after_verb, what.split(" ", 1))):
        if len(old) < 2:
            with pytest.raises(ValueError, match="no amount"):
                fast(what, 1)
        else:
            assert fast(what, 1) == old[1]


EVENTS = st.lists(st.tuples(
    st.sampled_from(["small-blind", "big-blind", "ante", "call", "bet", "raise", "complete", "check", "fold", "deal",
                     "collect", "straddle", "dead-blind"]),
    st.sampled_from(["Ann", "Bob", "Cy", None]), st.sampled_from(["preflop", "flop", "3rd"]),
    st.sampled_from([Decimal(x) for x in ("0", "1", "2.50", "5")]),
    st.sampled_from([Decimal(x) for x in ("0", "4", "10")]),
).map(lambda t: t + (False, "", 0, 0, 0)), max_size=14)


"""Events in ``stars_text``'s tuple form: posts, bets, deals and collections of a few players
(``None``: the dealer) on a few streets."""


@settings(max_examples=500, deadline=None)
@given(EVENTS, st.sampled_from(["preflop", "flop", "3rd"]))
def test_street_totals_of_is_street_total_of_each_player(events, street):
    totals = street_totals_of(events, street)
    for name in ("Ann", "Bob", "Cy", "Dee"):
        assert totals.get(name, Decimal(0)) == street_total(events, name, street)
    assert None not in totals
