"""OnGame's text hand histories (``pyeval.history.sites.ongame``): every shared file, the site's own
summary (each player's stack after the hand, net and winnings) read again here from the text, and
hand-made all-ins (a side pot with an uncalled bet the text leaves out; a hi/lo split) whose all-in
EV is checked against brute force."""

from __future__ import annotations

import re
from decimal import Decimal
from fractions import Fraction

import equity_reference as eref
import pytest
import site_checks as sc
from hypothesis import given, settings
from hypothesis import strategies as st

import pyeval
from pyeval.history.sites.money import amount
from pyeval.history.sites.registry import decode

FIXTURE = sc.FIXTURES / "ongame_allin.txt"


@pytest.fixture(scope="module")
def shared():
    return sc.read_folder("ongame")


@sc.needs_shared
def test_every_shared_file_is_read(shared):
    sc.check_read_or_skipped(shared, "ongame", "ongame", {}, {})
    assert len(shared.hands) == 22 and shared.skipped == []
    assert {h.game for h in shared.hands} == {"holdem", "omaha-hilo", "stud", "stud-hilo", "draw5"}
    assert {h.tournament for h in shared.hands} == {None, "R-10093-864"}
    assert {h.currency for h in shared.hands} == {"USD", ""}


@sc.needs_shared
def test_numbers_add_up(shared):
    sc.check_numbers(shared.hands)


def _hand_text(hand) -> list[str]:
    lines = decode(open(hand.source, "rb").read()).split("\n")[hand.line - 1:]
    end = next(k for k, x in enumerate(lines) if x.startswith("***** End of hand"))
    return [x.rstrip() for x in lines[:end]]


def _summary_of_text(lines: list[str]):
    """The seat lines' stacks before, the summary's stacks after and nets, and what each pot line
    pays each player: read here from the text, with patterns of this test's own."""
    before, after, nets, won = {}, {}, {}, {}
    at = lines.index("Summary:")
    for x in lines[:at]:
        if m := re.fullmatch(r"Seat \d+: (.+) \((\S+)\)", x):
            before[m.group(1)] = amount(m.group(2))
    for x in lines[at + 1:]:
        if m := re.fullmatch(r"Seat \d+: (.+?) \(([^)]*)\)(?:, net: ([-+])(\S+?))?(?:, \[.*)?", x):
            after[m.group(1)] = amount(m.group(2))
            if m.group(3):
                nets[m.group(1)] = amount(m.group(4)) * (-1 if m.group(3) == "-" else 1)
        elif m := re.fullmatch(r"(?:Main|Side) pot(?: \d+)?: \S+ won by (.+)", x):
            for name, money in re.findall(r"(?:^|, )(.+?) \((\S+)(?: High| Low)?\)", m.group(1)):
                won[name] = won.get(name, Decimal(0)) + amount(money)
    return before, after, nets, won


@sc.needs_shared
def test_nets_and_winnings_are_the_summarys(shared):
    # each player's net is the summary's (its stack after less its stack before, and the net it
    # writes), and what he collected is what the pot lines pay him
    checked = 0
    for h in shared.hands:
        before, after, nets, won = _summary_of_text(_hand_text(h))
        assert set(h.players) <= set(after), (h.source, h.id)
        for i, name in enumerate(h.players):
            assert h.starting_stacks[i] == before[name]
            assert h.net[i] == after[name] - before[name] == nets.get(name, Decimal(0)), (h.source, h.id, name)
            assert h.collected[i] == won.get(name, Decimal(0)), (h.source, h.id, name)
            checked += 1
    assert checked >= 100


@sc.needs_shared
def test_stacks_carry_over_to_the_next_hand(shared):
    def follows(a, b):  # the hand's number at its table is the id's last part
        return a.id.rsplit("-", 1)[0] == b.id.rsplit("-", 1)[0] and int(b.id.rsplit("-", 1)[1]) == int(
            a.id.rsplit("-", 1)[1]) + 1

    sc.check_stacks_carry_over(shared.hands, 60, follows)


@sc.needs_shared
def test_to_phh_replays_in_pokerkit(shared):
    # the no-limit hold'em and the stud hands; PHH has no variant for pot-limit Omaha hi/lo or draw
    written = [h for h in shared.hands if h.game in ("holdem", "stud", "stud-hilo", "razz")]
    sc.check_replays(written, 16)
    for h in shared.hands:
        if h not in written:
            with pytest.raises(ValueError, match="PHH has no variant for"):
                h.to_phh()


@sc.needs_shared
def test_the_texts_own_ways(shared):
    by_id = {h.id: h for h in shared.hands}
    # stud: a raise adds its first amount ("raises $1 to $1.37": the "to" is not the street's)
    stud = by_id["R5-78227816-62"]
    raise_ = next(a for a in stud.actions if a.kind == "raise")
    assert (raise_.street, raise_.amount, raise_.to) == ("5th", 1, 1)
    assert stud.stakes.ante == Decimal("0.05") and stud.stakes.bring_in == Decimal("0.12")
    assert stud.hole[0] == "8d8s4d3h8c4c5h" and stud.boards == []
    # stud: a bet over the bring-in on third street completes it
    assert [a.kind for a in by_id["R5-82086688-609"].actions if a.street == "3rd" and a.amount][-3:] == [
        "bring-in", "complete", "call"]
    # hold'em: the uncalled part of a raise is returned (the text writes no line for it)
    walk = by_id["R5-362037295-54"]
    assert [(walk.players[a.player], a.amount) for a in walk.actions if a.kind == "uncalled"] == [("Maesttroy1", 1)]
    # draw: the first "changed" line starts the draw; the hero's discards are the cards gone
    draw = by_id["R5-81962116-232"]
    hero = draw.players.index("Hero")
    assert [(a.kind, a.street, a.cards, a.count) for a in draw.actions if a.player == hero and a.kind == "discard"] \
        == [("discard", "draw1", "Tc7c", 2)]
    assert draw.hole[hero] == "8h9h6sAhJh"
    # a player new to the table posts the big blind and a dead small blind
    dead = [(a.kind, a.amount) for a in by_id["R5-81962116-233"].actions if a.kind == "dead-blind"]
    assert dead == [("dead-blind", Decimal("0.02"))]
    # a tournament in chips
    tourney = by_id["T5-556000000-1"]
    assert tourney.currency == "" and tourney.rake == 0 and tourney.stakes.big_blind == 200


def test_fixture_side_pot_and_uncalled_bet():
    hand = pyeval.read_hands(str(FIXTURE)).hands[0]
    assert hand.players == ["Alice", "Bob", "Carol", "Dave"] and hand.seats == [1, 2, 3, 4]
    assert hand.net == [Decimal("58.20"), -60, Decimal("-1.20"), 0] and hand.rake == 3
    assert hand.collected == [Decimal("88.20"), 0, Decimal("58.80"), 0]
    assert [(a.player, a.amount) for a in hand.actions if a.kind == "uncalled"] == [(1, 40)]
    assert [(a.player, a.pot) for a in hand.actions if a.kind == "collect"] == [(0, 0), (2, 1)]
    assert hand.hole == ["AhAd", "KhQh", "7h7c", ""] and hand.boards == ["Kc7d2sAc3h"]
    assert (hand.currency, hand.button, hand.date, hand.timezone) == ("USD", 4, "2014-01-04T21:00:00", "CET")


def test_fixture_all_in_ev_against_brute_force():
    rows = pyeval.allin_ev(str(FIXTURE)).hands.rows()
    side = rows[0]
    assert side["street"] == "flop"
    put_in = [30, 60, 60]
    chips = eref.expected_chips("holdem", [eref.codes(c) for c in ("AhAd", "KhQh", "7h7c")], eref.codes("Kc7d2s"),
                                contributions=put_in)
    kept = Fraction(147, 150)  # the rake comes off both pots alike
    assert side["ev"] == pytest.approx([float(c * kept) - p for c, p in zip(chips, put_in)] + [0])
    assert side["actual"] == pytest.approx([58.2, -60, -1.2, 0])
    # the hi/lo split written "Fay ($23.75 High), Erin ($23.75 Low)"
    split = rows[1]
    assert split["street"] == "turn"
    chips = eref.expected_chips("omaha-hilo", [eref.codes("Ac2cKdQs"), eref.codes("As5h8d8h")],
                                eref.codes("Ah4d8cKh"), contributions=[25, 25])
    assert split["ev"] == pytest.approx([float(c * Fraction(95, 100)) - 25 for c in chips] + [0])
    assert split["actual"] == [-1.25, -1.25, 0]
    final = eref.expected_chips("omaha-hilo", [eref.codes("Ac2cKdQs"), eref.codes("As5h8d8h")],
                                eref.codes("Ah4d8cKh3s"), contributions=[25, 25])
    assert final == [25, 25]  # high to Fay, low to Erin: the text's split


def test_a_player_sitting_out_is_not_dealt_in():
    hand = pyeval.read_hands(_fixture_hand(0).replace("Dave folds\n", "Dave sits out\n")).hands[0]
    assert hand.players == ["Alice", "Bob", "Carol"] and hand.sitting_out == ["Dave"]


def _fixture_hand(k: int) -> str:
    text = FIXTURE.read_text(encoding="utf-8")
    return text.split("\n\n")[k] + "\n"


@pytest.mark.parametrize("change, reason", [
    (lambda t: t.split("Summary:")[0], "cut short"),
    (lambda t: t.replace("Dave folds\n", "Dave waves\n"), "line 17: unknown action Dave 'waves'"),
    (lambda t: t.replace("Dave folds\n", "Zed calls $3\n"), "'Zed' acts but has no seat line"),
    (lambda t: t.replace("won by Carol", "won by Zed"), "a pot won by a player with no seat"),
    (lambda t: t.replace("Seat 4: Dave ($80), net", "Seat 5: Dave ($80), net"), "a seat nobody sat at"),
    (lambda t: t.replace("($58.80), net: -$1.20", "($58.80), net: -$1.30"), "Carol's net -$1.30 is not"),
    (lambda t: t.replace("Carol calls $57", "Carol calls $56"), "the summary gives Bob a net of -60, the actions -59"),
    (lambda t: t.replace("TEXAS_HOLDEM", "COURCHEVEL"), "unknown OnGame game 'COURCHEVEL'"),
    (lambda t: t.replace("Seat 4: Dave ($80), net: -$0.00\n", ""), "the summary has no line for Dave"),
    (lambda t: t.replace("Dealing to Alice: [Ah, Ad]", "Dealing to Alice: Ah, Ad"), "cards dealt without cards"),
    (lambda t: t.replace("Table: Fixture [900000001] (", "Table: Fixture ("), "unknown OnGame table line"),
    (lambda t: t.replace("--- Dealing turn [Ac]", "--- Dealing turn [Ac]\n--- Dealing turn [As]"), "dealt twice"),
])
def test_bad_input_is_skipped_with_a_reason_and_the_rest_read(tmp_path, change, reason):
    path = tmp_path / "hands.txt"
    path.write_text(change(_fixture_hand(0)) + "\n" + _fixture_hand(1), encoding="utf-8")
    r = pyeval.read_hands(str(path))
    assert [h.id for h in r.hands] == ["R5-900000002-7"]
    assert len(r.skipped) == 1 and r.skipped[0].line == 1 and r.skipped[0].site == "ongame"
    assert reason in r.skipped[0].reason, r.skipped[0].reason


HEADS_UP = """***** History for hand R5-900000003-1 *****
Start hand: Mon Jan 06 03:00:00 CET 2014
Table: Fixture [900000003] (POT_LIMIT OMAHA_HI $0.25/$0.25, Real money)
Button: seat 2
Players in round: 2
Seat 2: ---Dashes--- ($20)
Seat 4: Bea ($30)
---Dashes--- posts small blind ($0.25)
Bea posts big blind ($0.25)
---
Dealing pocket cards
---Dashes--- checks
Bea raises $0.50 to $0.75
---Dashes--- calls $0.50
--- Dealing flop [2h, 7d, 7c]
Bea bets $1.50
---Dashes--- folds
---
Summary:
Main pot: $1.50 won by Bea ($1.43)
Rake taken: $0.07
Seat 2: ---Dashes--- ($19.25), net: -$0.75
Seat 4: Bea ($30.68), net: +$0.68
***** End of hand R5-900000003-1 *****
"""


def test_a_name_of_dashes_and_equal_heads_up_blinds():
    hand = pyeval.read_hands(HEADS_UP).hands[0]
    assert hand.players == ["---Dashes---", "Bea"] and hand.net == [Decimal("-0.75"), Decimal("0.68")]
    assert [(a.kind, a.player) for a in hand.actions if a.street == "flop" and a.player is not None] == [
        ("bet", 1), ("fold", 0), ("uncalled", 1)]
    # pokerkit lets the big blind act first when the two blinds are equal: PHH is refused, saying so
    with pytest.raises(ValueError, match="heads-up with equal blinds"):
        hand.to_phh()


ANTE_ALL_IN = """***** History for hand T5-900000004-3 (TOURNAMENT: "Fixture", S-1-2, buy-in: $1) *****
Start hand: Tue Dec 18 01:53:38 MSK 2012
Table: Table #1 [900000004] (NO_LIMIT TEXAS_HOLDEM 500/1000, ante: 400, Chips)
Button: seat 5
Players in round: 2 (5)
Seat 4: Ann (100)
Seat 5: Ben (350)
Ann posts ante 100
Ben posts ante 350
---
Dealing pocket cards
--- Dealing flop [8c, Td, 8d]
--- Dealing turn [Jd]
--- Dealing river [Th]
---
Summary:
Main pot: 200 won by Ben (200)
Rake taken: $0
Seat 4: Ann (0), net: -100, [Ac, 7d] (TWO_PAIR TEN, EIGHT)
Seat 5: Ben (450), net: +100, [8s, 3d] (FULL_HOUSE EIGHT, TEN)
***** End of hand T5-900000004-3 *****
"""


def test_an_ante_all_in_for_more_than_the_other_stack_is_returned_in_part():
    hand = pyeval.read_hands(ANTE_ALL_IN).hands[0]
    assert hand.tournament == "S-1-2" and hand.currency == "" and hand.rake == 0
    assert [(a.kind, a.player, a.amount) for a in hand.actions if a.kind in ("ante", "uncalled")] == [
        ("ante", 0, 100), ("ante", 1, 350), ("uncalled", 1, 250)]
    assert hand.net == [-100, 100] and hand.collected == [0, 200]
    assert hand.stakes.ante == 400 and hand.stakes.big_blind == 1000  # the header's, not the posts all-in for less


SHORT_ANTE = """***** History for hand T5-900000005-9 (TOURNAMENT: "Fixture", R-1-5, buy-in: €1) *****
Start hand: Wed Dec 29 21:47:24 GMT+0100 2010
Table: Table #5 [900000005] (NO_LIMIT TEXAS_HOLDEM 100/200, ante: 25, TC)
Button: seat 1
Players in round: 3
Seat 1: Ann (10)
Seat 2: Ben (1000)
Seat 3: Cy (1000)
Ann posts ante 10
Ben posts ante 25
Cy posts ante 25
Ben posts small blind (100)
Cy posts big blind (200)
---
Dealing pocket cards
Ben calls 100
Cy checks
--- Dealing flop [2c, 7d, 9s]
Ben checks
Cy checks
--- Dealing turn [4h]
Ben checks
Cy checks
--- Dealing river [3c]
Ben checks
Cy checks
---
Summary:
Main pot: 30 won by Ann (30)
Side pot 1: 430 won by Ben (430)
Rake taken: €0
Seat 1: Ann (30), net: +20, [Ah, Ad] (PAIR ACE)
Seat 2: Ben (1205), net: +205, [Kh, Kd] (PAIR KING)
Seat 3: Cy (775), net: -225, [Qs, Qc] (PAIR QUEEN)
***** End of hand T5-900000005-9 *****
"""


def test_an_ante_all_in_for_less_wins_only_what_it_matched():
    hand = pyeval.read_hands(SHORT_ANTE).hands[0]
    assert hand.net == [20, 205, -225] and [(a.player, a.pot) for a in hand.actions if a.kind == "collect"] == [
        (0, 0), (1, 1)]
    # pokerkit would pay Ann every ante (60, not 30): PHH is refused, saying so
    with pytest.raises(ValueError, match="an ante posted all-in for less than the others'"):
        hand.to_phh()


@settings(max_examples=300, deadline=None)
@given(hand=st.sampled_from([0, 1]), edits=st.lists(st.tuples(st.sampled_from(["drop", "repeat", "digit", "cut"]),
                                                               st.integers(0, 10_000), st.integers(0, 9)), max_size=4))
def test_a_damaged_hand_is_read_whole_or_skipped_with_a_reason_never_a_crash(hand, edits):
    lines = FIXTURE.read_text(encoding="utf-8").split("\n\n")[hand].split("\n")
    for kind, at, digit in edits:
        k = at % len(lines)
        if kind == "drop" and len(lines) > 1:
            del lines[k]
        elif kind == "repeat":
            lines.insert(k, lines[k])
        elif kind == "digit":
            where = [j for j, c in enumerate(lines[k]) if c.isdigit()]
            if where:
                j = where[at % len(where)]
                lines[k] = lines[k][:j] + str(digit) + lines[k][j + 1:]
        elif kind == "cut":
            lines[k] = lines[k][:at % (len(lines[k]) + 1)]
    r = pyeval.read_hands("\n".join(lines) + "\n")
    assert len(r.hands) + len(r.skipped) >= 1  # (a repeated first line starts a second hand)
    for h in r.hands:
        assert h.problems() == []
        sc.check_numbers([h])
    for s in r.skipped:
        assert s.reason and s.line >= 1
