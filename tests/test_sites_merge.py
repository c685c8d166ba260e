"""The Merge Network's XML (``pyeval.history.sites.merge``): every shared file, each hand's numbers
against the file's own ``<winner>`` amounts and the next hand's balances, pokerkit's replay, two
hand-made all-ins (hold'em on the turn with its uncalled bet written, stud on sixth street with a
folded player's up cards dead) valued against brute force, and bad input skipped naming why."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from decimal import Decimal
from fractions import Fraction

import equity_reference as eref
import pytest
import site_checks as sc
from hypothesis import given, settings
from hypothesis import strategies as st

import pyeval
from pyeval.history.sites import merge
from pyeval.history.sites.records import record_of

DEFECTS = {
    "merge/a5-triple-draw/A5-3-Draw-Limit-USD-0.50-1-201105.Sample.txt": "A-5 triple draw",
}
"""The one shared hand skipped: a game pyeval does not have."""

HOLDEM = sc.FIXTURES / "merge_allin.xml"
STUD = sc.FIXTURES / "merge_stud_allin.xml"


@pytest.fixture(scope="module")
def shared():
    return sc.read_folder("merge")


@sc.needs_shared
def test_every_shared_file_is_read_or_skipped_for_a_defect(shared):
    sc.check_read_or_skipped(shared, "merge", "merge", DEFECTS, {})
    assert len(shared.hands) == 20
    assert {h.game for h in shared.hands} == {"holdem", "omaha-hilo", "stud", "stud-hilo", "razz", "draw5",
                                              "draw-deuce7", "badugi"}
    assert {h.currency for h in shared.hands} == {"USD"} and {h.tournament for h in shared.hands} == {None}
    assert {h.limit for h in shared.hands} == {"no-limit", "pot-limit", "fixed-limit"}


@sc.needs_shared
def test_numbers_add_up_and_each_winner_element_is_what_the_player_collected(shared):
    sc.check_numbers(shared.hands)
    # each <winner> (read here with the standard library) is what its player collected, or, for
    # uncalled="true" or when the site leaves the uncalled bet in the winner's amount, the bet returned
    checked = 0
    for h in shared.hands:
        text = open(h.source, encoding="utf-8-sig").read()
        game = re.search(f'<game id="{re.escape(h.id)}".*?</game>', text, re.S).group(0)
        seat_of = {int(p.get("seat")): p.get("nickname") for p in ET.fromstring(game).iter("player")}
        paid: dict[str, Decimal] = {}
        for w in ET.fromstring(game).iter("winner"):
            name = seat_of[int(w.get("player"))]
            paid[name] = paid.get(name, Decimal(0)) + Decimal(w.get("amount"))
        for i, name in enumerate(h.players):
            back = sum((a.amount for a in h.actions if a.kind == "uncalled" and a.player == i), Decimal(0))
            assert paid.get(name, Decimal(0)) == h.collected[i] + back, (h.id, name)
            checked += name in paid
    assert checked == 22


@sc.needs_shared
def test_stacks_carry_over_to_the_next_hand(shared):
    def follows(a, b):  # the id is <table>-<hand number>
        table_a, number_a = a.id.split("-")
        table_b, number_b = b.id.split("-")
        return table_a == table_b and int(number_b) == int(number_a) + 1

    sc.check_stacks_carry_over(shared.hands, 45, follows)


@sc.needs_shared
def test_to_phh_replays_in_pokerkit(shared):
    sc.check_replays(shared.hands, 11)


@sc.needs_shared
def test_the_rabbit_hunt_is_no_board_and_a_mixed_hand_names_its_game(shared):
    by_id = {h.id: h for h in shared.hands}
    rabbit = by_id["56140099-483"]  # folded preflop, then the rabbit hunt wrote five board cards
    assert rabbit.boards == [""] and rabbit.hole[0] == "JhJs"
    horse = [h for h in shared.hands if "HORSE" in h.source]
    assert [h.game for h in horse] == ["stud-hilo"] * 3  # multigametype 43
    razz = next(h for h in shared.hands if h.game == "razz")
    assert razz.hole[1] == "2h8d6c2c3dKd9d"  # shown on 4th street, the rest dealt face up and down after
    # the 4th street cards are dealt before its betting: the folded player's two up cards are dead at the all-in
    row = pyeval.allin_ev(razz.source).hands.rows()[0]
    assert row["street"] == "4th" and row["pots"][0]["amount"] == pytest.approx(7.97)
    record = record_of(razz, 0)
    assert (record.holes, record.dead) == (["As7hKc4c", "2h8d6c2c", ""], "5cJd")


def test_hold_em_fixture_reads_the_uncalled_bet_written():
    hand = pyeval.read_hands(str(HOLDEM)).hands[0]
    assert (hand.site, hand.id, hand.game, hand.limit, hand.currency) == ("merge", "90000001-7", "holdem",
                                                                          "no-limit", "USD")
    assert hand.players == ["Alice", "Bob", "Carol"] and hand.seats == [1, 3, 5] and hand.button == 5
    assert hand.net == [-60, 59, -2] and hand.collected == [0, 119, 0] and hand.rake == 3
    assert hand.hole == ["AhKd", "8hTh", ""] and hand.boards == ["Ad7c2s9hJc"]
    assert [(a.kind, a.player, a.amount) for a in hand.actions if a.kind == "uncalled"] == [("uncalled", 0, 40)]
    allins = [(a.kind, a.amount, a.allin) for a in hand.actions if a.street == "turn" and a.player is not None]
    assert allins == [("bet", 94, True), ("call", 54, True), ("uncalled", 40, False)]


def test_hold_em_fixture_all_in_ev_against_brute_force():
    row = pyeval.allin_ev(str(HOLDEM)).hands.rows()[0]
    assert row["street"] == "turn"
    eq = eref.equity("holdem", [eref.codes("AhKd"), eref.codes("8hTh")], eref.codes("Ad7c2s9h"))
    assert eq.fractions[1] == Fraction(8, 44)  # Bob's open-ended straight draw
    pot = 122 - 3  # the pots after the rake
    assert row["ev"] == pytest.approx([float(eq.fractions[0] * pot) - 60, float(eq.fractions[1] * pot) - 60, -2])
    assert row["actual"] == [-60, 59, -2]


def test_stud_fixture_all_in_ev_against_brute_force():
    hand = pyeval.read_hands(str(STUD)).hands[0]
    assert hand.game == "stud" and hand.net == [Decimal("-5.50"), Decimal("-1.10"), Decimal("6.00")]
    assert hand.hole == ["AhAdKsKhQc3s7d", "????2c5h", "Qd7h9dTcJd8c2h"] and hand.boards == []
    assert (hand.stakes.ante, hand.stakes.bring_in, hand.stakes.small_bet) == (Decimal("0.10"), Decimal("0.25"), 1)
    row = pyeval.allin_ev(str(STUD)).hands.rows()[0]
    assert row["street"] == "6th"
    eq = eref.equity("stud", [eref.codes("AhAdKsKhQc3s"), eref.codes("Qd7h9dTcJd8c")], dead=eref.codes("2c5h"))
    assert eq.fractions[0] == Fraction(4, 38)  # an ace or a king fills Hero's two pair against the straight
    pot = Decimal("12.10") - Decimal("0.60")
    assert row["ev"] == pytest.approx([float(eq.fractions[0] * Fraction(pot)) - 5.5, -1.1,
                                       float(eq.fractions[1] * Fraction(pot)) - 5.5])


def _fixture_text() -> str:
    return HOLDEM.read_text(encoding="utf-8")


@pytest.mark.parametrize("change, reason", [
    (lambda t: t[:t.index('<round id="POSTRIVER"')], "cut short"),
    (lambda t: t.replace('type="CHECK"', 'type="WAVE"'), "unknown event type 'WAVE'"),
    (lambda t: t.replace('player="5" amount="2.00"', 'player="8" amount="2.00"'), "seat 8 acts"),
    (lambda t: t.replace('<round id="POSTTURN"', '<round id="LATE"'), "unknown round 'LATE'"),
    (lambda t: t.replace('cards="Ah,Kd" player="1" hand', 'cards="Ah,Kx" player="1" hand'), "not a card: 'Kx'"),
    (lambda t: t.replace('dealtin="true" />', 'dealtin="true" >', 1), "malformed"),
    (lambda t: t.replace('type="Holdem"', 'type="Pineapple"'), "unknown Merge game 'Pineapple'"),
    (lambda t: t.replace('amount="119.00"', 'amount="130.00"'), "more than the"),
    (lambda t: t.replace('amount="40.00" uncalled="true"', 'amount="30.00" uncalled="true"'),
     "uncalled bets written (Alice 30.00) are not those the betting leaves (Alice 40.00)"),
    (lambda t: t.replace('<round id="END_OF_GAME" sequence="6">', '<round id="END_OF_GAME" sequence="6">'
                         '<event sequence="14" type="GAME_CANCELLED" timestamp="1"/>'), "cancelled"),
])
def test_bad_input_is_skipped_naming_the_defect(tmp_path, change, reason):
    path = tmp_path / "bad.xml"
    path.write_text(_fixture_text() + "\n" + change(_fixture_text()), encoding="utf-8")
    r = pyeval.read_hands(str(path))
    assert len(r.hands) == 1 and len(r.skipped) == 1, r.skipped
    assert reason in r.skipped[0].reason and r.skipped[0].site == "merge"
    assert r.skipped[0].line == _fixture_text().count("\n") + 3


def test_a_game_with_no_description_before_it_is_skipped(tmp_path):
    path = tmp_path / "headless.xml"
    path.write_text(_fixture_text().split("\n", 1)[1] + _fixture_text(), encoding="utf-8")
    r = pyeval.read_hands(str(path))
    assert len(r.hands) == 1 and len(r.skipped) == 1
    assert r.skipped[0].line == 1 and "no <description>" in r.skipped[0].reason


def test_text_after_a_game_is_a_piece_of_its_own(tmp_path):
    path = tmp_path / "tail.xml"
    path.write_text(_fixture_text() + "garbage that is no hand\n" + _fixture_text(), encoding="utf-8")
    r = pyeval.read_hands(str(path))
    assert len(r.hands) == 2 and len(r.skipped) == 1
    assert "no <game> element" in r.skipped[0].reason


def test_old_raises_write_the_chips_added_and_a_tournament_balance_is_after_the_posts():
    # before September 2010 a raise writes the chips it adds: the small blind (1 in) raises 3 to 4
    text = _fixture_text().replace('starttime="20120601120000"', 'starttime="20100601120000"')
    text = text.replace('<event sequence="4" type="CALL" timestamp="1338552002000" player="1" amount="1.00"/>\n'
                        '\t\t<event sequence="5" type="CHECK" timestamp="1338552003000" player="3"/>',
                        '<event sequence="4" type="RAISE" timestamp="1338552002000" player="1" amount="3.00"/>'
                        '<event sequence="5" type="CALL" timestamp="1338552003000" player="3" amount="2.00"/>'
                        '<event sequence="5" type="CALL" timestamp="1338552003000" player="5" amount="2.00"/>')
    text = text.replace('player="1" amount="4.00"', 'player="1" amount="2.00"').replace(
        'player="3" amount="4.00"', 'player="3" amount="2.00"').replace('"119.00"', '"121.00"')
    hand = pyeval.read_hands(text).hands[0]
    raise_ = next(a for a in hand.actions if a.kind == "raise")
    assert (raise_.amount, raise_.to) == (3, 4)
    assert hand.net == [-60, 61, -4] and hand.rake == 3
    tournament = _fixture_text().replace('type="Holdem"', 'type="Holdem Tournament"').replace(
        'stakes="No Limit ($1/$2)"', 'stakes="No Limit Level 3 Blinds (1/2)"').replace(
        'data="20120601|Fixture (90000001)|90000001|90000001-7|false"', 'data="20120601|Fun Step 1|4616-1|4617-1|true"')
    tournament = tournament.replace('balance="$100.00"', 'balance="99"').replace('balance="$60.00"', 'balance="58"')
    tournament = tournament.replace('"119.00"', '"122.00"').replace('$150.00', '150')
    hand = pyeval.read_hands(tournament).hands[0]
    assert hand.tournament == "4616" and hand.currency == "" and hand.stakes.level == "3" and hand.rake == 0
    assert hand.starting_stacks == [100, 60, 150] and hand.net == [-60, 62, -2]


@settings(max_examples=60, deadline=None)
@given(cut=st.integers(min_value=0, max_value=len(HOLDEM.read_text(encoding="utf-8"))))
def test_a_file_cut_anywhere_is_read_or_skipped_never_a_crash(cut):
    text = _fixture_text()[:cut]
    if not text.strip():
        return
    r = merge.split(text)
    for line, piece in r:
        try:
            hand = merge.parse(piece, "<text>", line)
        except ValueError as e:
            assert str(e)
        else:
            assert hand.problems() == [] and cut >= _fixture_text().index("</game>")


def test_a_returning_players_blinds_are_a_dead_small_blind_and_a_live_big_one():
    text = _fixture_text().replace(
        '<event sequence="2" type="BIG_BLIND" timestamp="1338552000100" player="3" amount="2.00"/>',
        '<event sequence="2" type="BIG_BLIND" timestamp="1338552000100" player="3" amount="2.00"/>'
        '<event sequence="2" type="RETURN_BLIND" timestamp="1338552000200" player="5" amount="3.00"/>').replace(
        '<event sequence="3" type="CALL" timestamp="1338552001000" player="5" amount="2.00"/>',
        '<event sequence="3" type="CHECK" timestamp="1338552001000" player="5"/>').replace('"119.00"', '"120.00"')
    hand = pyeval.read_hands(text).hands[0]
    carol = [(a.kind, a.amount) for a in hand.actions if a.player == 2 and a.amount]
    assert carol == [("dead-blind", 1), ("big-blind", 2)]
    assert hand.net == [-60, 60, -3] and hand.rake == 3


def test_a_blind_posted_all_in():
    game = ('<description type="Holdem" stakes="No Limit ($1/$2)"/>\n'
            '<game id="1-2" starttime="20120601120000" numholecards="2" gametype="2" realmoney="true" '
            'data="x|T|1|1-2|false">'
            '<players dealer="1"><player seat="1" nickname="A" balance="$50.00" dealtin="true" />'
            '<player seat="2" nickname="B" balance="$1.50" dealtin="true" /></players>'
            '<round id="BLINDS" sequence="1"><event sequence="1" type="SMALL_BLIND" player="1" amount="1.00"/>'
            '<event sequence="2" type="ALL_IN" player="2" amount="1.50"/></round>'
            '<round id="PREFLOP" sequence="2"><event sequence="3" type="CALL" player="1" amount="0.50"/>'
            '<cards type="SHOWN" cards="2c,2d" player="1"/><cards type="SHOWN" cards="Ac,Kd" player="2"/></round>'
            '<round id="POSTFLOP" sequence="3"><cards type="COMMUNITY" cards="3h,4h,9s"/></round>'
            '<round id="POSTTURN" sequence="4"><cards type="COMMUNITY" cards="3h,4h,9s,Qc"/></round>'
            '<round id="POSTRIVER" sequence="5"><cards type="COMMUNITY" cards="3h,4h,9s,Qc,Kh"/></round>'
            '<round id="END_OF_GAME" sequence="6"><winner amount="3.00" uncalled="false" potnumber="1" player="2"'
            ' pottype="n"/></round></game>\n')
    hand = pyeval.read_hands(game).hands[0]
    assert [(a.kind, a.amount, a.allin) for a in hand.actions if a.kind == "big-blind"] == [("big-blind", 1.5, True)]
    assert hand.net == [Decimal("-1.50"), Decimal("1.50")] and hand.boards == ["3h4h9sQcKh"]


def test_the_2012_clients_start_time_and_a_sitting_out_player():
    text = _fixture_text().replace('starttime="20120601120000"', 'starttime="2012/07/14 12:47:39 -0700"').replace(
        '<player seat="5" nickname="Carol" balance="$150.00" dealtin="true" />',
        '<player seat="5" nickname="Carol" balance="$150.00" dealtin="true" />'
        '<player seat="6" nickname="Dave" balance="$80.00" dealtin="false" />').replace(
        '<event sequence="1" type="SMALL_BLIND"', '<event sequence="0" type="SIT_OUT" player="6"/>'
                                                  '<event sequence="1" type="SMALL_BLIND"')
    hand = pyeval.read_hands(text).hands[0]
    assert (hand.date, hand.timezone) == ("2012-07-14T12:47:39", "-0700")
    assert hand.players == ["Alice", "Bob", "Carol"] and hand.sitting_out == ["Dave"]
    assert hand.net == [-60, 59, -2]


def test_a_cancelled_round_is_skipped_saying_so():
    text = _fixture_text().replace('<round id="POSTTURN" sequence="4">',
                                   '<round id="GAME_CANCELLED" sequence="4"></round><round id="POSTTURN" sequence="5">')
    r = pyeval.read_hands(text)
    assert r.hands == [] and r.skipped[0].reason == "the site cancelled the hand"
