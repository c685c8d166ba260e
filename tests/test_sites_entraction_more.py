"""Entraction's exports beyond the shared files (issue 40): the hero's "was dealt" line writing
his name in other case ("myname was dealt" for the seat of "MyName").  A hand-made fixture."""

from __future__ import annotations

import re
from decimal import Decimal

import pytest
import site_checks as sc
from hypothesis import example, given, settings
from hypothesis import strategies as st

from pyeval.history.sites.entraction import _action_line

HERO_CASE = sc.FIXTURES / "entraction_hero_case.txt"


def test_the_dealt_line_names_the_seated_hero_in_other_case():
    hand = sc.read_one(HERO_CASE, "entraction")
    sc.check_numbers([hand])
    sc.check_replays([hand], 1)
    assert hand.players == ["Nina", "MyName", "Otto"] and hand.hole == ["", "9c9d", ""]
    # 0.25 + 1.50 + 1.50 in, Otto's 2.00 back, 0.10 raked: Otto wins 3.15
    assert hand.net == [Decimal("-0.25"), Decimal("-1.50"), Decimal("1.65")] and hand.rake == Decimal("0.10")


@pytest.mark.parametrize("edit, reason", [
    # a name no seat has in any case
    (lambda t: t.replace("myname was dealt", "yourname was dealt"), "a player with no seat: 'yourname'"),
    # two seated names the same but for case: which one is not known
    (lambda t: t.replace("Nina ", "myNAME").replace("Nina", "myNAME"), "a player with no seat: 'myname'"),
    # only the dealt line: an action's name must be the seat's as written
    (lambda t: t.replace("MyName                      Check", "myname                      Check"),
     "a player with no seat: 'myname'"),
])
def test_other_names_are_still_refused(tmp_path, edit, reason):
    skipped = sc.skipped_after_edit(HERO_CASE, edit, tmp_path)
    assert reason in skipped.reason and skipped.site == "entraction"


# An action line is read from its end; the reference is the column layout's pattern.
_ACTION = re.compile(r"^(.*?)\s+(Ante|Fold|Check|Call|Bet|Raise|All-In|Payback)\s*(?:\(([\d.,]+)\))?\s*$")
_PIECES = ["Kode9", "zinzan 71", "del1verance", " ", "  ", "\t", "\xa0", "\u2003", "Fold", "Call", "Check", "Raise",
           "Bet", "All-In", "Payback", "Ante", "(", ")", "(0.57)", "(2,500.00)", "(\u0661\u0662)", "(1(2)", "()",
           "x", "é", ".", ",", "Big Blind:", "(EUR 2.00 in seat 1)", "Bets", "Call)"]


@given(pieces=st.lists(st.sampled_from(_PIECES), max_size=8))
@settings(max_examples=1500, deadline=None)
@example(pieces=["Kode9", " " * 20, "Raise", " " * 7, "(0.57)"])
@example(pieces=[" ", "Fold"])
@example(pieces=["A", "\xa0", "Call", "(\u0661\u0662)"])
def test_an_action_line_is_read_as_the_pattern_reads_it(pieces):
    line = "".join(pieces).rstrip()
    m = _ACTION.match(line)
    assert _action_line(line) == (m.groups() if m else None)
