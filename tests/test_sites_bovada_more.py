"""Bovada / Ignition / Bodog text beyond the shared files (issue 40): the Zone Poker header and its
players moving tables, the 2012 text's board lines, the lines the clock and the cashier write
(``Checks(timeout)``, ``Fold(Blind Disconnected)``, deposits, rebuys, add-ons), tournament seats
numbered by player id, an ante posted all-in, lines written twice, stud tournaments' bring-in,
the brands, and the hands cut short.  Each fixture is made by hand; its numbers are worked out in
the comments from the text and checked against the reader, then the checks every site gets."""

from __future__ import annotations

from decimal import Decimal

import pytest
import site_checks as sc

import pyeval

ZONE = sc.FIXTURES / "bovada_zone.txt"
BOARD_2012 = sc.FIXTURES / "bovada_2012_board.txt"
TOURNAMENT = sc.FIXTURES / "bovada_tournament_more.txt"
STUD = sc.FIXTURES / "bovada_stud_tournament.txt"
D = Decimal


def _read(path, hands: int):
    r = pyeval.read_hands(str(path))
    assert [(s.line, s.reason) for s in r.skipped] == [] and len(r.hands) == hands
    sc.check_numbers(r.hands)
    return r.hands


def test_every_fixture_hand_replays_in_pokerkit_or_is_refused_naming_why():
    hands = [h for f, n in ((ZONE, 2), (BOARD_2012, 2), (TOURNAMENT, 2), (STUD, 3)) for h in _read(f, n)]
    # refused: the 2012 hand with no small blind, the tournament hand with no big blind, the
    # double bet on fourth street (pokerkit's stud has none), the stud hand nobody bet in
    sc.check_replays(hands, 5)


def test_zone_poker_header_and_players_moving_tables():
    played, walk = _read(ZONE, 2)
    assert played.table == "" and played.stakes.small_blind == D("0.10") and played.stakes.big_blind == D("0.25")
    # pot: 0.75 + 0.75 + 0.25 preflop, 3 + 3 on the flop, 4.50 + 4.50 on the turn = 16.75;
    # the summary is empty: the rake is what the result line leaves, 16.75 - 15.95
    assert played.rake == D("0.80")
    assert played.net == [0, 0, D("-8.25"), D("7.70"), D("-0.25"), 0]
    assert played.boards == ["Kc7h2d3c9s"]
    # everybody folds to the big blind: "Showdown(High Card)" shows no card
    assert walk.net == [0, D("-0.10"), D("0.10"), 0]
    assert [a.kind for a in walk.actions if a.player == 2 and a.street == "showdown"] == ["muck", "collect"]


def test_2012_board_lines_and_deposits():
    hand, returned = _read(BOARD_2012, 2)
    assert hand.table == "777001" and hand.sitting_out == ["UTG [ME]"]
    assert [(a.street, a.cards) for a in hand.actions if a.kind == "deal" and a.player is None] == [
        ("flop", "Ks7c9s"), ("turn", "8h"), ("river", "4c")]
    assert [(a.street, a.kind) for a in hand.actions if a.player == 2 and a.kind in ("bet", "raise", "call")] == [
        ("preflop", "raise"), ("flop", "raise"), ("turn", "bet")]
    # 16 each preflop, 16 + 16 on the flop and 16 + 16 on the turn: 112, the site keeps 2
    assert hand.net == [-48, -16, 62] and hand.rake == 2
    # a deposit during the hand is in the next hand's seat line, not this hand's pot: seat 2 had
    # 147.50, lost 16 and deposited 100; the deposit of the player joining is seat 4's 200
    end = {s: st + n for s, st, n in zip(hand.seats, hand.starting_stacks, hand.net)}
    after = dict(zip(returned.seats, returned.starting_stacks))
    assert (after[1], after[2], after[4], after[5]) == (end[1], end[2] + 100, 200, end[5])
    # a big blind nobody calls, returned whole: nobody collects, every net is 0
    assert returned.net == [0] * 5 and returned.collected == [0] * 5 and returned.rake == 0


@pytest.mark.parametrize("brand", ["Bodog UK", "Bodog.eu", "Bodog.com", "Ignition"])
def test_the_brands_the_site_wrote(brand):
    text = BOARD_2012.read_text(encoding="utf-8")
    hands = pyeval.read_hands(text.replace("Bovada Hand #", brand + " Hand #")).hands
    assert [h.net for h in hands] == [h.net for h in pyeval.read_hands(text).hands] and len(hands) == 2


def test_the_older_board_line():
    text = BOARD_2012.read_text(encoding="utf-8")
    hands = pyeval.read_hands(text.replace("Card dealt to table [", "Card to the table [")).hands
    assert [a.cards for a in hands[0].actions if a.kind == "deal" and a.player is None] == ["Ks7c9s", "8h", "4c"]


def test_tournament_clock_lines_seats_by_player_id_and_lines_written_twice():
    hand, _ = _read(TOURNAMENT, 2)
    # the seat lines are in the table's order, numbered by the players' ids: the button's
    # "Set dealer [4]" is the fourth line, and the order of play follows the lines
    assert hand.players == ["Big Blind", "UTG [ME]", "UTG+1", "Dealer", "Small Blind"]
    assert hand.seats == [1, 2, 3, 4, 5]
    kinds = [(hand.players[a.player], a.kind, a.to) for a in hand.actions
             if a.kind in ("small-blind", "big-blind", "fold", "check", "call", "bet", "raise")]
    assert kinds == [
        ("Small Blind", "small-blind", 25), ("Big Blind", "big-blind", 50),  # the small blind written twice
        ("UTG [ME]", "raise", 150), ("UTG+1", "fold", 0), ("Dealer", "call", 150),  # the call written twice
        ("Small Blind", "fold", 0), ("Big Blind", "call", 150),
        ("Big Blind", "check", 0), ("UTG [ME]", "bet", 300),  # the bet written twice
        ("Dealer", "raise", 1325), ("Big Blind", "raise", 2950), ("UTG [ME]", "call", 2950)]
    # main pot 4 x 1475 - 1450 of the small blind's = 4450, side pot 2 x 1625 = 3250: both to the
    # big blind (the main pot's line written twice); the rebuy before the hand is in UTG+1's 4,000
    assert hand.collected == [7700, 0, 0, 0, 0]
    assert [(a.amount, a.pot) for a in hand.actions if a.kind == "collect"] == [(3250, 1), (4450, 0)]
    assert hand.net == [4600, -3100, 0, -1475, -25]


def test_an_ante_posted_all_in_is_the_ante():
    _, hand = _read(TOURNAMENT, 2)
    # the big blind is all in for his ante before the blinds: the small blind's whole 300 comes
    # back (nobody posted a big blind) and the four antes, 240, are the pot
    assert [(hand.players[a.player], a.kind, a.amount) for a in hand.actions if a.kind in (
        "ante", "small-blind", "big-blind", "uncalled")] == [
        ("UTG", "ante", 60), ("Dealer", "ante", 60), ("Small Blind [ME]", "ante", 60), ("Big Blind", "ante", 60),
        ("Small Blind [ME]", "small-blind", 300), ("Small Blind [ME]", "uncalled", 300)]
    assert hand.net == [-60, -60, -60, 180] and hand.stakes.ante == 60


def test_stud_tournament_bring_in_and_double_bet():
    first, double, _ = _read(STUD, 3)
    # "Big blind/Bring in(timeout) 5" is the bring-in; the raise to 20 completes it
    assert [(a.player, a.kind, a.to) for a in first.actions if a.street == "3rd" and a.kind in (
        "bring-in", "complete", "call", "fold")] == [(0, "bring-in", 5), (1, "complete", 20), (2, "call", 20),
                                                     (0, "fold", 0)]
    assert (first.stakes.bring_in, first.stakes.small_bet, first.stakes.big_bet) == (5, 20, 40)
    assert first.net == [-7, 89, -82]
    # an open pair on fourth street: "Double bets 40", the big bet
    assert [(a.player, a.kind, a.amount) for a in double.actions if a.street == "4th" and a.kind in (
        "bet", "call", "fold")] == [(0, "bet", 40), (1, "fold", 0), (2, "call", 40)]
    assert double.net == [-94, -14, 108]
    with pytest.raises(ValueError, match="fourth street"):
        double.to_phh()


def test_hand_cut_mid_line_is_skipped_and_the_next_read():
    text = TOURNAMENT.read_text(encoding="utf-8")
    first, second = text.split("\n\n\n")
    cut = first[:first.index("Dealer : Call 150") + len("Dealer : Ca")]  # the next header follows on the line
    r = pyeval.read_hands(cut + second)
    assert [h.id for h in r.hands] == ["3400000002"]
    assert [(s.line, s.reason) for s in r.skipped] == [(1, "the hand is cut short: no summary")]


def test_hand_running_into_another_is_skipped_naming_it():
    first, second = BOARD_2012.read_text(encoding="utf-8").split("\n\n\n")
    joined = first[:first.index("Board [")] + second[second.index("\nSeat 1:") + 1:]  # its summary cut, no header
    r = pyeval.read_hands(joined)
    assert r.hands == [] and len(r.skipped) == 1
    assert "a player's line after the summary: the hand is cut short and another one's lines run on" in (
        r.skipped[0].reason)


def test_seats_numbered_by_player_id_in_order_are_renumbered_too():
    text = TOURNAMENT.read_text(encoding="utf-8").split("\n\n\n")[0]
    for old, new in (("Seat 612:", "Seat 11:"), ("Seat 45:", "Seat 24:"), ("Seat 7:", "Seat 70:"),
                     ("Seat 233:", "Seat 233:"), ("Seat 98:", "Seat 980:")):
        text = text.replace(old, new)
    hand = pyeval.read_hands(text).hands[0]
    assert hand.seats == [1, 2, 3, 4, 5] and hand.net == [4600, -3100, 0, -1475, -25]


def test_stud_hand_nobody_bet_in_has_no_bets_size_and_phh_says_so():
    *_, checked = _read(STUD, 3)
    # the header's level writes 0/0 and every street is checked: the bets' size is nowhere
    assert (checked.stakes.bring_in, checked.stakes.small_bet, checked.stakes.big_bet) == (100, 0, 0)
    assert checked.net == [-140, -40, 180]
    with pytest.raises(ValueError, match="no fixed-limit bet sizes"):
        checked.to_phh()
