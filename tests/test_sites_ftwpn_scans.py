"""Full Tilt's and WPN's string scans against the patterns they replace (issue 40's speed
work): Full Tilt's seat lines, run markers and actions, WPN's old format's cards and amounts.
Lines have no line break (the converters split their text at them)."""

from __future__ import annotations

import re

from hypothesis import example, given, settings
from hypothesis import strategies as st

from pyeval.history.sites import fulltilt_text, text_lines, wpn_old_text, wpn_text

OLD_FT_SEAT = re.compile(r"^Seat (\d+): (.*) \(([^()]*)\)(.*)$")
OLD_FT_MARKER = re.compile(r"^\*\*\* (FLOP|TURN|RIVER|SHOW DOWN|SUMMARY) ([123]) \*\*\*(.*)$")
OLD_FT_POSTS = (
    (re.compile(r"posts the small blind of (\S+)(.*)$"), "posts small blind "),
    (re.compile(r"posts the big blind of (\S+)(.*)$"), "posts big blind "),
    (re.compile(r"posts a dead small blind of (\S+)(.*)$"), "posts missed blind "),
    (re.compile(r"posts (\S+)(.*)$"), "posts big blind "),
)
OLD_WPN_MARKER = re.compile(r"^\*\*\* (FLOP|TURN|RIVER|SHOW DOWN) ([123]) \*\*\*(.*)$")
OLD_FT_ANTES = re.compile(r"antes (\S+)(.*)$")
OLD_FT_RAISES_TO = re.compile(r"raises to (\S+)(.*)$")
"""Full Tilt's and WPN's patterns before the speed work: what the scans must read (WPN's seat
lines: the same pattern as Full Tilt's)."""


def lines_of(fragments: list[str]) -> st.SearchStrategy[str]:
    """Lines made of these fragments and a few odd characters (no line break)."""
    return st.lists(st.one_of(st.sampled_from(fragments), st.sampled_from(list("()0 9\t\u00a0\u0663x*:"))),
                    max_size=14).map("".join)


def old_ft_action(verb: str, what: str) -> str:
    """``fulltilt_text._action`` as it was, by its patterns."""
    if verb == "posts":
        for pattern, words in OLD_FT_POSTS:
            m = pattern.match(what)
            if m is not None:
                return words + m.group(1) + m.group(2)
    elif verb == "antes":
        m = OLD_FT_ANTES.match(what)
        if m is not None:
            return "posts the ante " + m.group(1) + m.group(2)
    elif verb == "raises":
        m = OLD_FT_RAISES_TO.match(what)
        if m is not None:
            return f"raises {m.group(1)} to {m.group(1)}{m.group(2)}"
    elif what == "mucks":
        return "mucks hand"
    return what


@settings(max_examples=600, deadline=None)
@given(lines_of(["Seat ", "Seat 1: ", "Seat 12: ", "Seat x: ", "Bob", "Ann Lee", " (", ")", "$1.50", " (12)",
                 ", is sitting out", ": ", "\u0663"]))
@example("Seat 1: a (b) c (d")
@example("Seat 3: Joe ($2.72), is sitting out")
@example("Seat 3: Jo (e) ($2.72) (x)")
def test_seat_parts_is_the_pattern(line):
    m = OLD_FT_SEAT.match(line)
    assert text_lines.seat_parts(line) == (m.groups() if m else None)


@settings(max_examples=600, deadline=None)
@given(lines_of(["***", "*** ", "FLOP", "TURN", "RIVER", "SHOW DOWN", "SUMMARY", "HOLE CARDS", " 1 ", " 2 ", " 4 ",
                 " ***", " [Ah]", "1", "3"]).map(lambda tail: "*" + tail))
@example("*** RIVER 2 *** [Ah]")
@example("*** SUMMARY 1 ***")
@example("*** FLOP  1 ***")
@example("****FLOP 1 ***")
def test_run_marker_is_the_pattern(line):
    """(The converters ask of a line starting with ``*``.)"""
    for pattern, labels in ((OLD_FT_MARKER, fulltilt_text._RUN_LABELS), (OLD_WPN_MARKER, wpn_text._RUN_LABELS)):
        m = pattern.match(line)
        found = text_lines.run_marker(line, line.find("***", 4), labels)
        assert found == ((m.group(1), m.group(2)) if m else None)
        if m:
            assert line[line.find("***", 4) + 3:] == m.group(3)


@settings(max_examples=600, deadline=None)
@given(st.sampled_from(["posts", "antes", "raises", "mucks", "calls"]),
       lines_of(["posts ", "the small blind of ", "the big blind of ", "a dead small blind of ", "antes ",
                 "raises ", "to ", "$20", " ", "mucks", ", and is all in", "\u00a0"]))
@example("posts", "posts the small blind of  $1")
@example("raises", "raises to $20, and is all in")
@example("raises", "raises to \u00a0$20")
def test_ft_action_is_the_patterns(verb, what):
    assert fulltilt_text._action(verb, what) == old_ft_action(verb, what)


OLD_WPN_SEAT = re.compile(r"^Seat (\d+): (.*) \(([\d.,]+)\)\.?\s*$")
OLD_WPN_AMOUNT = re.compile(r"\(([\d.,]+)\)")
OLD_WPN_TEN = re.compile(r"\b10([cdhs])\b")
"""WPN's old format's patterns before the speed work."""


@settings(max_examples=600, deadline=None)
@given(lines_of(["Seat ", "Seat 1: ", "Seat 12: ", "Bob", " (", ")", ").", "1,480", "3.5", " (12)", ".", ",", ": ",
                 "\u0663", "_"]))
@example("Seat 1:  (5)")
@example("Seat 1: a (1)2)")
@example("Seat 2: Bob (1,500).")
@example("Seat 2: Bob(1500)")
def test_wpn_old_seat_parts_is_the_pattern(line):
    line = line.rstrip()  # (the converter's lines have no space at their end)
    m = OLD_WPN_SEAT.match(line)
    assert wpn_old_text.seat_line(line) == (m.groups() if m else None)


@settings(max_examples=600, deadline=None)
@given(lines_of(["(", ")", "1,480", "3.5", "raises ", "Player ", ".", ",", "\u0663", "()", "(.)"]))
@example("raises (x) (1,480)")
@example("allin (12")
def test_wpn_old_amount_in_brackets_is_the_pattern(text):
    m = OLD_WPN_AMOUNT.search(text)
    assert wpn_old_text.amount_in_brackets(text) == (m.group(1) if m else None)


@settings(max_examples=600, deadline=None)
@given(lines_of(["10", "10c", "10d", "10h", "10s", "10x", "1", "0", "c", "_", "[", "]", " ", "Kd", "\u0663", "é"]))
@example("[10d 10c]")
@example("110c 10s_ 10s")
def test_wpn_old_cards_text_is_the_pattern(text):
    assert wpn_old_text.cards_text(text) == OLD_WPN_TEN.sub(r"T\1", text)


@settings(max_examples=600, deadline=None)
@given(lines_of(["Bob", " adds ", "adds", "$5", " ", "\t", "sits down", " stands up", "(Observer): ",
                 "Ann (Observer): ", "(A,2,3)", "x"]))
@example("Bob adds $5")
@example("Bob adds $5 adds")
@example("Bob adds\t$5")
def test_ft_status_is_its_patterns(line):
    """Whether a line is about the table: the scans that guard each pattern leave its answer."""
    line = line.strip()
    if not line:
        return
    plain = (line[0] == "(" and re.match(r"^\([0-9TJQKA,]+\)$", line) is not None
             or line.endswith(fulltilt_text._STATUS_ENDS) or re.search(r" adds \S+$", line) is not None
             or re.match(r"^[^:]* \(Observer\): ", line) is not None)
    assert fulltilt_text._status(line, line[0]) == plain


OLD_FT_HEADER = re.compile(r"^(?:Full Tilt Poker|FullTiltPoker) Game #(\d+): (.*)$")


@settings(max_examples=400, deadline=None)
@given(lines_of(["Full Tilt Poker Game #", "FullTiltPoker Game #", "Full Tilt Poker", "123", ": ", "Table X", " - ",
                 "#"]))
@example("Full Tilt Poker Game #33729180182: Table Narit (6 max) - FL Hold'em - $0.05/$0.10")
@example("FullTiltPoker Game #: x")
def test_ft_header_parts_is_the_pattern(line):
    m = OLD_FT_HEADER.match(line)
    assert fulltilt_text.header_parts(line) == (m.groups() if m else None)
