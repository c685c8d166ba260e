"""iPoker's exports beyond the shared set (issue 40): PokerTracker's text of the hands it converted
from iPoker (2011-2018: ``GAME #<id>: Texas Hold'em  NL ...``, tournaments, the HEM archive's
``Omaha 1/2 -``, the Zone tables' calls written before their bets), the client's text's ``Allin``,
and the XML's files cut after the hand's last round, partial exports and the player elements whose
``bet=`` contradicts the actions.  The fixtures are hand-made (invented names and amounts)."""

from __future__ import annotations

import re
from decimal import Decimal

import site_checks as sc

import pyeval

TEXT = sc.FIXTURES / "ipoker_tracker_text.txt"
XML = sc.FIXTURES / "ipoker_raise_by.xml"


def _hands():
    result = pyeval.read_hands(str(TEXT))
    assert result.skipped == []
    return {h.id: h for h in result.hands}


def _acts(hand, street):
    return [(hand.players[a.player], a.kind, a.amount, a.to, a.allin) for a in hand.actions
            if a.street == street and a.player is not None and a.kind != "deal"]


def test_every_text_hand_is_read_and_adds_up():
    hands = list(_hands().values())
    assert len(hands) == 6 and {h.site for h in hands} == {"ipoker"}
    sc.check_numbers(hands)
    sc.check_replays(hands, 4)  # the post of both blinds and an Omaha without its limit: PHH refuses them


def test_tracker_cash_hand_raise_by_all_in_raise_and_both_blinds():
    hand = _hands()["7100000001"]
    assert hand.players == ["Ann", "Bob", "Cy", "Dee", "Eve"] and hand.sitting_out == ["Fay"]  # "Fay:" alone
    assert hand.starting_stacks[2] == 40 and hand.currency == "USD" and hand.date == "2011-10-12T02:52:19"
    assert [(a.kind, a.amount) for a in hand.actions if a.player == 4][:2] == [
        ("dead-blind", Decimal("0.25")), ("big-blind", Decimal("0.50"))]
    assert _acts(hand, "flop") == [
        ("Ann", "bet", 3, 3, False),
        ("Bob", "raise", 6, 6, False),  # "Raise $6.00": what the raise adds
        ("Ann", "raise", 6, 9, False),  # "Raise (NF) $9.00": the street total
        ("Bob", "raise", 4, 10, True),  # "Allin $4.00": adds 4, more than the 9 to call
        ("Ann", "call", 1, 10, False)]
    assert hand.net == [-12, Decimal("12.50"), Decimal("-0.25"), Decimal("-0.50"), Decimal("-0.75")]
    assert hand.rake == 1 and hand.boards == ["Ts9c2h4dKc"]


def test_tracker_tournament_hand():
    hand = _hands()["7100000002"]
    assert hand.tournament == "4700000001" and hand.currency == "" and hand.stakes.ante == 10
    # the winner's "wins $490.00" counts his uncalled 200 (the pot is 290)
    assert hand.collected == [290, 0, 0] and hand.net == [160, -30, -130]


def test_hem_archive_hand():
    hand = _hands()["7100000003"]
    assert (hand.game, hand.limit) == ("omaha", "")  # "Omaha 1/2 -" names no limit
    # "Raise to $5.00" adds 5 to the small blind: the call of 4 says so
    assert _acts(hand, "preflop") == [("Bob", "small-blind", 1, 1, False), ("Ann", "big-blind", 2, 2, False),
                                      ("Bob", "raise", 5, 6, False), ("Ann", "call", 4, 6, False)]
    assert hand.boards == ["6cKd7d2s"]  # the turn's line repeats the flop
    assert hand.collected == [Decimal("27.50"), 0] and hand.rake == Decimal("0.50")


def test_zone_text_calls_follow_the_bets_they_call():
    hand = _hands()["7100000004"]
    assert _acts(hand, "flop") == [("Hero", "bet", 10, 10, False), ("Bob", "call", 10, 10, False)]
    assert _acts(hand, "river")[1:] == [("Bob", "bet", 164, 164, True), ("Hero", "call", 164, 164, False)]
    assert hand.timezone == "GMT" and hand.net == [-180, -2, 180]


def test_client_text_all_in_for_less_is_a_call():
    hand = _hands()["7100000005"]
    assert _acts(hand, "flop")[2] == ("Cy", "call", 1975, 2975, True)
    assert [(hand.players[a.player], a.amount) for a in hand.actions if a.kind == "uncalled"] == [("Ann", 1400)]
    assert hand.tournament == "900000002" and hand.collected == [7325, 0, 0]


def test_turn_actions_written_before_the_turn_header_are_on_the_turn():
    hand = _hands()["7100000006"]  # the flop's betting is over when Bob checks again: the turn's header is late
    assert [x[:2] for x in _acts(hand, "flop")][-1] == ("Cy", "fold")
    assert [x[:2] for x in _acts(hand, "turn")] == [("Bob", "check"), ("Ann", "check")]
    assert [a.kind for a in hand.actions if a.kind == "deal" and a.player is None] == ["deal"] * 3
    assert hand.boards == ["7h7d6dJdQc"] and hand.collected == [0, 450, 0]


def _skipped(tmp_path, text: str):
    path = tmp_path / "edited.txt"
    path.write_text(text, encoding="utf-8")
    result = pyeval.read_hands(str(path))
    assert len(result.hands) == 5 and len(result.skipped) == 1, result.skipped
    return result.skipped[0].reason


def test_a_raise_short_of_the_bet_without_all_in_is_refused(tmp_path):
    text = TEXT.read_text(encoding="utf-8").replace("Bob: Allin $4.00", "Bob: Raise $2.00")
    assert "Bob raises 2.00 to 8.00, short of the 9.00 bet" in _skipped(tmp_path, text)


def test_bets_beyond_the_stack_are_refused(tmp_path):
    text = TEXT.read_text(encoding="utf-8").replace("Ann: Bet $200.00", "Ann: Bet $1,400.00").replace(
        "$490.00", "$1,690.00")
    assert "Ann's bets come to 1530.00, more than the 1500.00 he sat down with" in _skipped(tmp_path, text)


# -- the XML ---------------------------------------------------------------------------------------

def test_xml_cut_after_the_last_round_is_read_cut_before_is_skipped():
    text = XML.read_text(encoding="utf-8")
    whole = pyeval.read_hands(text).hands[0]
    cut = pyeval.read_hands(text[:text.index("</game>")])  # the file ends after the hand's last round
    assert [h.net for h in cut.hands] == [whole.net] and cut.skipped == []
    inside = pyeval.read_hands(text[:text.index('<action no="8"')])  # Gus's call of 28 is lost
    assert inside.hands == [] and "cut short: no </game>, and Gus's actions put in 12" in inside.skipped[0].reason
    for at in [m.start() for m in re.finditer(r"<round|</game>", text)]:
        sc.check_cut_short(XML, at)


def test_xml_partial_export_and_contradicting_bets_are_named(tmp_path):
    def reason(edit):
        return sc.skipped_after_edit(XML, edit, tmp_path).reason

    assert "partial export" in reason(lambda t: re.sub(r' (?:bet|win)="[^"]*"', "", t))
    assert "Ivy's big-blind of 1 counted twice" in reason(lambda t: t.replace('win="€0" bet="€1"', 'win="€0" bet="€2"'))
    assert "more than the 80 Ivy sat down with" in reason(
        lambda t: t.replace('chips="€80" dealer="0" win="€0" bet="€1"', 'chips="€80" dealer="0" win="€0" bet="€81"'))
    assert "no action of Jo's is in the hand" in reason(lambda t: t.replace(
        "</players>", '<player seat="9" name="Jo" chips="€9" dealer="0" win="€0" bet="€1" />\n</players>'))
    assert "'Ivy' acts but has no player element" in reason(lambda t: re.sub(
        r'<player seat="[47]"[^>]*/>', "", t))
    assert "disconnect protection" in reason(
        lambda t: t.replace('player="Ivy" type="0" sum="€0"', 'player="Ivy" type="7" sum="DP"'))


def test_text_hand_cut_anywhere_is_read_whole_or_skipped_with_a_reason(tmp_path):
    one = TEXT.read_text(encoding="utf-8").split("\n\n\n")[0] + "\n"  # the cash hand alone
    path = tmp_path / "one.txt"
    path.write_text(one, encoding="utf-8")
    for at in [m.start() for m in re.finditer("\n", one)][1:]:
        sc.check_cut_short(path, at)


def test_a_player_element_without_a_seat_skips_the_hand():
    # <player name="..." ...> with no seat=: the hand is skipped naming the player (was KeyError,
    # which stopped read_hands)
    text = XML.read_text(encoding="utf-8")
    first = re.search(r'<player [^>]*seat="\d+"', text).group(0)
    r = pyeval.read_hands(text.replace(first, re.sub(r' seat="\d+"', "", first), 1))
    assert r.skipped and "has no seat" in r.skipped[0].reason
