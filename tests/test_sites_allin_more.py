"""All-in EV on hands of the sites' other exports that had stopped a whole run (issue 40): a
contesting player who shows only some of his cards, a stud hand whose folded players' hidden
cards were taken for dead cards, a Winamax Omaha5 hand read as Omaha; and the hole-card count
each board game deals, checked on every hand read."""

from __future__ import annotations

from decimal import Decimal

import pytest
import site_checks as sc
from test_sites_phh_more import MUCK_AFTER_THE_BOARD

import pyeval
from pyeval.history.sites.model import Action, Hand, Stakes
from pyeval.history.sites.records import record_of

ZERO = Decimal(0)

# the hand of test_sites_phh_more as pot-limit Omaha, the loser showing two of his four cards
# (fpdb's PokerStars "shows.2" file: "shows [Ah As]" in a PLO hand)
TWO_OF_FOUR = (MUCK_AFTER_THE_BOARD.replace("Hold'em No Limit", "Omaha Pot Limit")
               .replace("Bob: shows [Qd As]", "Bob: shows [Qd As 2c 3c]")
               .replace("Cid: mucks hand", "Cid: shows [Kh Kd]")
               .replace("showed [Qd As] and won", "showed [Qd As 2c 3c] and won")
               .replace("Seat 5: Cid (big blind) mucked", "Seat 5: Cid (big blind) showed [Kh Kd] and lost"))


def test_a_hand_shown_in_part_is_not_valued_and_the_run_goes_on():
    assert TWO_OF_FOUR != MUCK_AFTER_THE_BOARD
    result = pyeval.allin_ev(TWO_OF_FOUR)  # raised ValueError ("omaha deals 4 hole cards, got 2")
    (row,) = result.hands.to_dict()["rows"]
    assert row["game"] == "omaha" and row["note"] == "not every contesting hand shown: Cid"
    assert row["actual"] == [0, 199, -200, 0] and row["ev"] == row["actual"]


def test_a_winamax_omaha5_header_is_omaha5():
    text = (sc.FIXTURES / "winamax_allin.txt").read_text(encoding="utf-8")
    omaha5 = text.replace("Holdem no limit (1€/2€)", "Omaha5 pot limit (1€/2€)", 1)
    assert omaha5 != text
    hand = pyeval.read_hands(omaha5).hands[0]
    assert (hand.game, hand.limit) == ("omaha5", "pot-limit")


def _hand(game: str, hole: list[str], actions: list[Action]) -> Hand:
    n = len(hole)
    return Hand(site="test", id="1", game=game, stakes=Stakes(bring_in=Decimal(1), small_bet=Decimal(2),
                                                              big_bet=Decimal(4)),
                players=[f"p{i}" for i in range(n)], seats=list(range(1, n + 1)),
                starting_stacks=[Decimal(10)] * n, actions=actions, hole=hole, boards=[],
                collected=[ZERO] * n, net=[ZERO] * n, cash_out=[ZERO] * n, cash_out_fee=[ZERO] * n)


def test_a_folded_stud_player_s_hidden_cards_are_no_dead_cards():
    # third street: p2 shows one up card and folds; p0 bets all in, p1 calls (iPoker's stud)
    deal = [Action("deal", 0, "3rd", cards="AhAd2c"), Action("deal", 1, "3rd", cards="KhKd3c"),
            Action("deal", 2, "3rd", cards="????9d")]
    betting = [Action("ante", p, "3rd", Decimal(1)) for p in range(3)] + [
        Action("bring-in", 1, "3rd", Decimal(1), Decimal(1)), Action("fold", 2, "3rd"),
        Action("bet", 0, "3rd", Decimal(9), Decimal(9), allin=True), Action("call", 1, "3rd", Decimal(8), allin=True)]
    hand = _hand("stud", ["AhAd2c", "KhKd3c", "????9d"], deal + betting)
    record = record_of(hand, 0)
    assert record.dead == "9d" and record.allin_street == "3rd"


@pytest.mark.parametrize("game, hole, problem", [
    ("omaha", "AhAs2c3c4c", "shows 5 cards in omaha, which deals 4"),
    ("holdem", "AhAs2c", "shows 3 cards in holdem, which deals 2"),
    ("omaha", "AhAs2c3c", None),
    ("stud", "AhAs2c3c4c5c6c", None),
])
def test_a_hand_shows_no_more_hole_cards_than_its_game_deals(game, hole, problem):
    hand = _hand(game, [hole, ""], [])
    found = [p for p in hand.problems() if "cards in" in p]
    assert found == ([f"p0 {problem}"] if problem else [])
