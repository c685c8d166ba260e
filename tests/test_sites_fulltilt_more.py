"""Full Tilt's own text (``fulltilt_text``): lines of other exports than the shared set's (issue
40), each on a hand-made fixture: a table whose name has a game's word in it, Hold'em Manager 2's
archive, a hand run twice with a side pot, and a tournament summary named as such."""

from __future__ import annotations

import re
from decimal import Decimal

import site_checks as sc
from hypothesis import example, given, settings
from hypothesis import strategies as st

import pyeval
from pyeval.history.sites import fulltilt, fulltilt_text
from pyeval.history.sites.fulltilt_text import OLD_START

FIXTURES = sc.FIXTURES


def _read(name: str):
    r = pyeval.read_hands(str(FIXTURES / name))
    assert not r.skipped, [(s.line, s.reason) for s in r.skipped]
    assert len(r.hands) == 1
    sc.check_numbers(r.hands)
    return r.hands[0]


def test_a_table_named_with_a_games_word():
    # "Table Lucy's Draw (6 max) - $5/$10 - Limit 2-7 Triple Draw": the game is the later part
    h = _read("fulltilt_draw_table_name.txt")
    assert (h.game, h.limit) == ("draw-deuce7", "fixed-limit")
    assert h.net == [Decimal("16.50"), Decimal("-2.50"), Decimal("-15")]


def test_holdem_manager_archive_starts_with_begin():
    h = _read("fulltilt_hm2_archive.txt")
    assert h.id == "650000001" and h.net == [Decimal("1.60"), Decimal("-0.25"), Decimal("-1.50")]
    sc.check_replays([h], 1)


def test_a_hand_run_twice_with_a_side_pot_on_the_first_summary():
    # "Seat 2: Yul  wins the side pot ($8)" under "*** SUMMARY ***", each run's pot after it
    h = _read("fulltilt_run_twice_side_pot.txt")
    assert h.collected == [Decimal(29), Decimal(37), 0]
    assert h.net == [Decimal(9), Decimal(13), Decimal(-24)]  # (PHH runs one board: no replay to these stacks)


def test_a_tournament_summary_is_named():
    r = pyeval.read_hands(str(FIXTURES / "fulltilt_tournament_summary.txt"))
    assert not r.hands and len(r.skipped) == 1
    assert "tournament summary" in r.skipped[0].reason and r.skipped[0].site == "fulltilt"


FULL_TILT_FRAGMENTS = st.sampled_from(["Full Tilt Hand #1", "Full Tilt Rush Hand #", "Full Tilt Poker Game #",
                                       "FullTiltPoker Game #", "Full Tilt Poker Tournament Summary ", "Full ",
                                       "Full", "F", "FLOP", "\n", " ", "x" * 300])


@settings(max_examples=500, deadline=None)
@given(st.lists(FULL_TILT_FRAGMENTS, max_size=40).map("".join))
def test_detect_is_a_start_at_a_line_within_the_first_2000_characters(text):
    # the plain definition: the starts as one pattern led by ^ (re.M), on the text's first 2000
    # characters; detect looks for a line starting "Full" first
    anchored = re.compile(rf"^(?:Full Tilt (?:Rush )?Hand #|{OLD_START}|Full Tilt Poker Tournament Summary )", re.M)
    assert fulltilt.detect(text) == (anchored.search(text[:2000]) is not None)


STATUS_WORDS = st.sampled_from(["Bob", " ", " adds ", "adds", "$5", " (Observer): ", "(Observer)", ":", " sits out",
                                "(", ")", "As,2", "\t", "x"])


@settings(max_examples=1000, deadline=None)
@given(st.lists(STATUS_WORDS, min_size=1, max_size=8).map("".join).filter(lambda x: x.strip() == x and x))
@example("Bob adds $5")
@example("Bob adds $5 x")
@example("Bob (Observer): hi")
@example("Bob: (Observer): hi")
@example("(As,2)")
def test_a_status_line_is_the_plain_definition(line):
    # fulltilt_text._status finds " adds <word>" and "(Observer): " from the line's last space
    # and first colon before any pattern: the same lines as the patterns alone
    plain = (line.endswith(fulltilt_text._STATUS_ENDS) or re.search(r" adds \S+$", line) is not None
             or re.match(r"^[^:]* \(Observer\): ", line) is not None
             or re.match(r"^\([0-9TJQKA,]+\)$", line) is not None)
    assert fulltilt_text._status(line, line[0]) == plain


def test_a_line_of_stars_only_is_named_in_the_reason():
    # a hand with a line "******" in it: skipped naming the line (was "substring not found")
    text = (FIXTURES / "fulltilt_draw_table_name.txt").read_text(encoding="utf-8")
    lines = text.split("\n")
    lines.insert(len(lines) // 2, "******")
    r = pyeval.read_hands("\n".join(lines))
    assert not r.hands and len(r.skipped) == 1
    assert "******" in r.skipped[0].reason and "substring" not in r.skipped[0].reason
