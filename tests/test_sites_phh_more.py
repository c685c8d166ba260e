"""``Hand.to_phh()`` on hands the shared files do not hold but other exports of the same sites do
(fpdb's regression files, the C# parser's samples): fixed-limit bet sizes a tournament header
does not write, and an all-in whose loser mucks after the board.  Each is replayed by pokerkit
(``site_checks.replay_difference``), the independent reference."""

from __future__ import annotations

from decimal import Decimal

import pytest
import site_checks as sc

import pyeval
from pyeval.history.sites.stars_totals import stakes_of

pytest.importorskip("pokerkit")
ZERO = Decimal(0)


def _post(kind: str, name: str, chips: str, street: str = "preflop") -> tuple:
    return (kind, name, street, Decimal(chips), Decimal(chips), False, "", 0, 0, 0)


def test_fixed_limit_hold_em_without_written_bets_bets_one_and_two_big_blinds():
    # Merge's and iPoker's tournament headers name no stakes: the bets follow from the big blind
    events = [_post("small-blind", "a", "10"), _post("big-blind", "b", "20")]
    stakes = stakes_of(events, [], "", "fixed-limit", "holdem", 2)
    assert (stakes.small_bet, stakes.big_bet) == (Decimal(20), Decimal(40))


@pytest.mark.parametrize("events, bets", [
    # a completion is the small bet, whatever comes after it
    ([_post("bring-in", "a", "5", "3rd"), _post("complete", "b", "20", "3rd"), _post("bet", "b", "40", "5th")],
     (20, 40)),
    # no completion: the smallest bet on third or fourth street (a fourth-street bet over an open
    # pair may be the big one)
    ([_post("bring-in", "a", "5", "3rd"), _post("bet", "b", "40", "4th"), _post("bet", "a", "20", "4th")], (20, 40)),
    # only bets from fifth street on: those are big bets
    ([_post("bring-in", "a", "15", "3rd"), _post("bet", "b", "120", "5th")], (60, 120)),
    # nothing sized by the bets: none told
    ([_post("bring-in", "a", "15", "3rd")], (0, 0)),
])
def test_stud_without_written_bets_takes_them_from_the_first_full_bet(events, bets):
    stakes = stakes_of(events, [], "", "fixed-limit", "stud", 2)
    assert (stakes.small_bet, stakes.big_bet) == tuple(Decimal(b) for b in bets)


def test_a_stud_tournament_hand_without_written_bets_replays_in_pokerkit():
    written = (sc.FIXTURES / "merge_stud_allin.xml").read_text()
    unwritten = written.replace('stakes="Limit $1/$2"', 'stakes="Limit"')  # as Merge's HORSE tournaments write it
    assert unwritten != written
    hand = pyeval.read_hands(unwritten).hands[0]
    assert (hand.stakes.small_bet, hand.stakes.big_bet) == (Decimal(1), Decimal(2))
    diff = sc.replay_difference(hand)
    assert sum(diff, ZERO) == hand.rake and all(ZERO <= d <= hand.rake for d in diff)


def test_a_hand_whose_bets_are_unknown_is_refused_with_the_reason():
    text = (sc.FIXTURES / "merge_stud_allin.xml").read_text().replace('stakes="Limit $1/$2"', 'stakes="Limit"')
    hand = pyeval.read_hands(text).hands[0]
    hand.stakes = type(hand.stakes)(bring_in=hand.stakes.bring_in, ante=hand.stakes.ante)
    with pytest.raises(ValueError, match="no fixed-limit bet sizes"):
        hand.to_phh()


MUCK_AFTER_THE_BOARD = """\
PokerStars Hand #900000000001:  Hold'em No Limit ($1/$2 USD) - 2024/01/06 3:50:59 ET
Table 'Fixture' 6-max Seat #3 is the button
Seat 3: Ann ($200 in chips)
Seat 4: Bob ($200 in chips)
Seat 5: Cid ($211 in chips)
Seat 6: Dee ($200 in chips)
Bob: posts small blind $1
Cid: posts big blind $2
*** HOLE CARDS ***
Dee: folds
Ann: folds
Bob: raises $4 to $6
Cid: raises $16 to $22
Bob: raises $46 to $68
Cid: raises $143 to $211 and is all-in
Bob: calls $132 and is all-in
Uncalled bet ($11) returned to Cid
*** FLOP *** [Jc Qs Ac]
*** TURN *** [Jc Qs Ac] [5d]
*** RIVER *** [Jc Qs Ac 5d] [8h]
*** SHOW DOWN ***
Bob: shows [Qd As] (two pair, Aces and Queens)
Cid: mucks hand
Bob collected $399 from pot
*** SUMMARY ***
Total pot $400 | Rake $1
Board [Jc Qs Ac 5d 8h]
Seat 3: Ann (button) folded before Flop (didn't bet)
Seat 4: Bob (small blind) showed [Qd As] and won ($399) with two pair, Aces and Queens
Seat 5: Cid (big blind) mucked
Seat 6: Dee folded before Flop (didn't bet)
"""


def test_an_all_in_whose_loser_mucks_after_the_board_replays_in_pokerkit():
    # pokerkit shows down before it deals the rest of an all-in's board; a muck there leaves one
    # player and ends the hand: the board the site dealt after it is not written
    hand = pyeval.read_hands(MUCK_AFTER_THE_BOARD).hands[0]
    assert hand.net == [ZERO, Decimal(199), Decimal(-200), ZERO]
    diff = sc.replay_difference(hand)
    assert sum(diff, ZERO) == hand.rake and all(ZERO <= d <= hand.rake for d in diff)
