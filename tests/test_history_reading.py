"""Issue 36 (items 3, 4, 6) and issue 38 (items 8, 9) on reading hand histories: ``sm -``, a
player all in by posting a blind, empty folders, pokerkit missing, unreadable files, sources
that are not PHH."""

from __future__ import annotations

from pathlib import Path

import pytest

import pyeval

MORE = Path(__file__).parent / "data" / "phh-more"


def test_show_the_known_cards():
    """``p1 sm -`` shows the cards dealt: the same EV as heads-up.phh (40 of 44 rivers)."""
    row = pyeval.allin_ev(MORE / "show-known.phh").hands.rows()[0]
    assert row["street"] == "turn"
    assert row["ev"][0] == pytest.approx(40 / 44 * 2000 - 1000)


def test_all_in_by_posting_a_blind_with_nobody_to_act():
    pytest.importorskip("pokerkit")
    r = pyeval.allin_ev(MORE / "blind-all-in.phh")
    row = r.hands.rows()[0]
    assert row["street"] == "preflop" and [p["amount"] for p in row["pots"]] == [60]
    aces = pyeval.equity("holdem", ["AsAd", "7c2d"]).equity[0]
    assert row["ev"][0] == pytest.approx(aces * 60 - 30)
    assert r.players.rows()[0]["allins"] == 1
