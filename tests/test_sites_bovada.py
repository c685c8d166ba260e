"""Bovada / Ignition / Bodog text (``pyeval.history.sites.bovada``): every shared file, the 2012
text whose streets are worked out from the betting, and the stud text (players named by their
seat, streets worked out from the deals) replayed in pokerkit's own stud and its all-in EV against
brute force."""

from __future__ import annotations

import re
import warnings
from decimal import Decimal

import equity_reference as eref
import pytest
import site_checks as sc

import pyeval
from pyeval.history.sites.registry import decode

STUD_FIXTURE = sc.FIXTURES / "bovada_stud_allin.txt"
DOUBLE_BET = {"2604291577"}
"""Stud hands with a double bet on fourth street (an open pair showing), which pokerkit's stud
does not allow: not replayed."""


@pytest.fixture(scope="module")
def shared():
    return sc.read_folder("bovada")


@sc.needs_shared
def test_every_shared_file_is_read_or_skipped_naming_why(shared):
    sc.check_read_or_skipped(shared, "bovada", "bovada", {}, {})
    assert len(shared.hands) == 42
    assert {h.game for h in shared.hands} == {"holdem", "omaha", "omaha-hilo", "stud", "stud-hilo"}


@sc.needs_shared
def test_numbers_add_up(shared):
    sc.check_numbers(shared.hands)


@sc.needs_shared
def test_streets_worked_out_replay_in_pokerkit(shared):
    # the 2012 Omaha text has no street markers: pokerkit replaying its hands to Bovada's stacks
    # checks the streets worked out from the betting
    unmarked = [h for h in shared.hands if h.source.endswith("201204.new.format.txt")]
    assert len(unmarked) == 21
    assert any(len(h.boards[0]) == 10 for h in unmarked)
    sc.check_replays(unmarked, 12)
    sc.check_replays([h for h in shared.hands if h not in _stud(shared.hands)], 20)  # stud: pokerkit's stud, below


def test_every_hole_card_is_listed_and_a_walk_returns_the_big_blind(tmp_path):
    text = """Ignition Hand #1: HOLDEM Tournament #2 TBL#1, No Limit- Level 2 (15/30) - 2017-06-05 00:25:19
Seat 1: Small Blind (370 in chips)
Seat 2: Big Blind [ME] (635 in chips)
Small Blind : Small blind 15
Big Blind  [ME] : Big blind 30
*** HOLE CARDS ***
Small Blind : Card dealt to a spot [2c 8d]
Big Blind  [ME] : Card dealt to a spot [5d 3h]
Small Blind : Folds
Big Blind  [ME] : Does not show [5d 3h] (High Card)
Big Blind  [ME] : Hand Result 45
*** SUMMARY ***
Total Pot(45)
"""
    hand = pyeval.read_hands(text).hands[0]
    assert hand.players == ["Small Blind", "Big Blind [ME]"] and hand.hole == ["2c8d", "5d3h"]
    assert hand.net == [-15, 15] and hand.collected == [0, 30] and hand.rake == 0
    assert [(a.kind, a.amount) for a in hand.actions if a.kind == "uncalled"] == [("uncalled", 15)]


def _stud(hands):
    return [h for h in hands if h.game in ("stud", "stud-hilo")]


@sc.needs_shared
def test_stud_players_are_their_seats_and_every_card_is_listed(shared):
    stud = _stud(shared.hands)
    assert len(stud) == 5
    first = next(h for h in stud if h.id == "2604291510")
    assert first.players == ["Seat+1", "Seat+3 [ME]", "Seat+5"] and first.seats == [1, 3, 5]
    assert first.hole == ["7h8cJc9c4d", "JhQhTh4cKh", "Qc5c2sTs3s"]
    assert (first.stakes.ante, first.stakes.bring_in, first.stakes.small_bet, first.stakes.big_bet) == (
        Decimal("0.01"), Decimal("0.02"), Decimal("0.05"), Decimal("0.10"))
    assert [a.street for a in first.actions if a.kind in ("check", "bet")] == ["4th"] * 3 + ["5th"]
    left = next(h for h in stud if h.id == "2604291787")  # the hero sat out: not dealt in
    assert left.players == ["Seat+1", "Seat+5"] and left.sitting_out == ["Seat+3 [ME]"]
    hilo = next(h for h in stud if h.game == "stud-hilo")
    assert (hilo.stakes.small_bet, hilo.stakes.big_bet, hilo.stakes.bring_in) == (5, 10, Decimal("2.50"))
    assert [a.kind for a in hilo.actions if a.street == "3rd" and a.kind in ("complete", "raise")] == [
        "complete", "raise"]
    assert hilo.collected[1] == hilo.collected[4] == Decimal("73.50") and hilo.rake == 3


@sc.needs_shared
def test_stud_collections_are_the_summary_lines(shared):
    # each seat's dollar amounts in the summary ("Seat 3:  $0.45  with ...", "Seat+5:  HI $73.50",
    # "Seat+2: ... LO $73.50 [...]"), read here from the file, are what the player collected
    for h in _stud(shared.hands):
        lines = decode(open(h.source, "rb").read()).split("\n")[h.line - 1:]
        start = lines.index("*** SUMMARY ***")
        stated = {}
        for x in lines[start + 2:]:  # after "Total Pot(...)"
            m = re.match(r"Seat[ +](\d+):(.*)", x.strip())
            if not m:
                break
            text = re.sub(r"\[[^\]]*\]", "", m.group(2))
            stated[int(m.group(1))] = sum((Decimal(v) for v in re.findall(r"\$([\d.]+)", text)), Decimal(0))
        assert {h.seats[i]: c for i, c in enumerate(h.collected)} == {seat: stated[seat] for seat in h.seats}, h.id


@sc.needs_shared
def test_stud_stacks_carry_over_to_the_next_hand(shared):
    # a stud player keeps his name while he keeps his seat: each stack of the 2012 file's next hand
    # is this hand's stack plus its net (the site's own record of every net)
    table = [h for h in _stud(shared.hands) if h.game == "stud"]
    assert [h.id for h in table] == ["2604291510", "2604291577", "2604291699", "2604291787"]
    sc.check_stacks_carry_over(table, 8)


def _pokerkit_stud(hand):
    """pokerkit's final stacks (in cents) of the hand played in its own stud, action by action:
    pokerkit says to whom the next cards go and whose turn it is (the bring-in by the lowest up
    card, the first to bet by the best cards showing), so the reader's streets and order are
    checked, not only its sums."""
    pk = pytest.importorskip("pokerkit")
    a = pk.Automation
    variant = {"stud": pk.FixedLimitSevenCardStud,
               "stud-hilo": pk.FixedLimitSevenCardStudHighLowSplitEightOrBetter}[hand.game]
    st = hand.stakes

    def cents(x):
        return int(x * 100)

    state = variant.create_state(
        (a.ANTE_POSTING, a.BET_COLLECTION, a.BLIND_OR_STRADDLE_POSTING, a.CARD_BURNING,
         a.HOLE_CARDS_SHOWING_OR_MUCKING, a.HAND_KILLING, a.CHIPS_PUSHING, a.CHIPS_PULLING),
        True, cents(st.ante), cents(st.bring_in), cents(st.small_bet), cents(st.big_bet),
        [cents(s) for s in hand.starting_stacks], len(hand.players))
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # pokerkit burns random cards, sometimes one the site dealt
        for act in hand.actions:
            if act.kind == "deal":
                assert state.hole_dealee_index == act.player, (hand.id, act)
                state.deal_hole(act.cards)
                continue
            if act.kind in ("ante", "uncalled", "show", "muck", "collect"):
                continue
            assert state.actor_index == act.player, (hand.id, act)
            if act.kind == "bring-in":
                state.post_bring_in()
            elif act.kind == "fold":
                state.fold()
            elif act.kind in ("check", "call"):
                state.check_or_call()
            else:
                state.complete_bet_or_raise_to(cents(act.to))
    assert not state.status, hand.id
    return list(state.stacks)


def _check_stud_replay(hand):
    got = _pokerkit_stud(hand)
    want = [int((s + n) * 100) for s, n in zip(hand.starting_stacks, hand.net)]
    diff = [g - w for g, w in zip(got, want)]
    rake = int(hand.rake * 100)
    assert sum(diff) == rake and all(-2 <= d <= rake + 2 for d in diff), (hand.id, diff)  # pokerkit keeps no rake


@sc.needs_shared
def test_stud_replays_in_pokerkit_stud(shared):
    stud = [h for h in _stud(shared.hands) if h.id not in DOUBLE_BET]
    assert len(stud) == 4
    for h in stud:
        _check_stud_replay(h)
        assert "variant = 'F7S" in h.to_phh()  # (tests/test_sites_phh_stud.py replays every shared stud hand's PHH)


def test_stud_fixture_streets_from_the_deals_and_pokerkit_replay():
    allin6, allin4 = pyeval.read_hands(str(STUD_FIXTURE)).hands
    assert allin6.hole == ["AhAd9c5s7cKd2d", "KcKs8h8d3cJc4h", "Qc5c2sTh"]
    assert (allin6.stakes.small_bet, allin6.stakes.big_bet) == (Decimal("0.25"), Decimal("0.50"))
    assert allin6.net == [Decimal("-1.15"), Decimal("1.30"), Decimal("-0.15")] and allin6.rake == 0
    # after the all-in on fourth street the cards run out with no betting: a player dealt twice in one
    # round starts the next street
    assert [a.street for a in allin4.actions if a.kind == "deal" and a.player == 0] == ["3rd", "4th", "5th", "6th",
                                                                                          "7th"]
    assert [a.kind for a in allin4.actions if a.kind in ("complete", "raise")] == ["complete"]
    assert allin4.net == [Decimal("0.70"), Decimal("-0.40"), Decimal("-0.30")]
    sc.check_numbers([allin6, allin4])
    for h in (allin6, allin4):
        _check_stud_replay(h)


def test_stud_fixture_all_in_ev_against_brute_force():
    rows = pyeval.allin_ev(str(STUD_FIXTURE)).hands.rows()
    row = rows[0]
    assert row["street"] == "6th" and row["players"] == ["Seat+1", "Seat+3 [ME]", "Seat+5"]
    # all in on sixth street: one card each to come; the folded player's four cards are dead
    eq = eref.equity("stud", [eref.codes("AhAd9c5s7cKd"), eref.codes("KcKs8h8d3cJc")], (), eref.codes("Qc5c2sTh"))
    pot = 2.45
    assert row["ev"] == pytest.approx([float(eq.fractions[0]) * pot - 1.15, float(eq.fractions[1]) * pot - 1.15,
                                       -0.15])
    assert row["actual"] == pytest.approx([-1.15, 1.30, -0.15])
    assert rows[1]["street"] == "4th" and rows[1]["actual"] == pytest.approx([0.70, -0.40, -0.30])


def test_stud_hand_cut_short_or_with_an_unknown_line_is_skipped_with_the_reason():
    text = STUD_FIXTURE.read_text(encoding="utf-8").split("\n\n\n")[0]
    cut = text.split("*** SUMMARY ***")[0]
    odd = text.replace("Seat+1 : Calls $0.10 ", "Seat+1 : Juggles $0.10 ")
    stranger = text.replace("Seat+1 : Calls $0.10 ", "Seat+7 : Calls $0.10 ")
    for bad, reason in ((cut, "no summary"), (odd, "unknown action"), (stranger, "has no seat line")):
        r = pyeval.read_hands(bad)
        assert r.hands == [] and len(r.skipped) == 1 and reason in r.skipped[0].reason
