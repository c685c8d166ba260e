"""Tournament hands in prize equity (``allin_ev(payouts=)``, issue 40): hand-made final-table
hands against a brute force written here (every runout shown down by ``tests/equity_reference``,
each finishing order of a plain Malmuth-Harville walked one by one)."""

from __future__ import annotations

from fractions import Fraction
from itertools import permutations
from pathlib import Path

import equity_reference as eref
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import pyeval

FIXTURES = Path(__file__).parent / "data" / "site_hands"
FINAL_TABLE = Path(__file__).parent / "data" / "tournament_hands" / "final_table.txt"


def harville(chips, start, payouts):
    """Each player's prize: the players with chips ordered by Harville's rule (each place drawn
    in proportion to the chips of those left), over every order; those with none take the last
    places, more chips before the hand the better, equal ones sharing their places' prizes."""
    n = len(chips)
    prizes = [Fraction(p) for p in payouts] + [Fraction(0)] * (n - len(payouts))
    alive = [p for p in range(n) if chips[p] > 0]
    out = [Fraction(0)] * n
    for order in permutations(alive):
        prob, left = Fraction(1), sum(Fraction(chips[p]) for p in alive)
        for p in order:
            prob *= Fraction(chips[p]) / left
            left -= Fraction(chips[p])
        for place, p in enumerate(order):
            out[p] += prob * prizes[place]
    place = len(alive)
    for value in sorted({start[p] for p in range(n) if chips[p] <= 0}, reverse=True):
        same = [p for p in range(n) if chips[p] <= 0 and start[p] == value]
        for p in same:
            out[p] = sum(prizes[place:place + len(same)]) / len(same)
        place += len(same)
    return out


def brute_prize_ev(hands, board, start, put_in, in_hand, payouts):
    """Expected prize after an all-in minus the prize before it, per player."""
    live = [p for p in range(len(start)) if in_hand[p]]
    outcomes = eref.chip_outcomes("holdem", [eref.codes(hands[p]) for p in live], eref.codes(board),
                                  contributions=[put_in[p] for p in live])
    dead_money = sum(put_in[p] for p in range(len(start)) if not in_hand[p])
    assert dead_money == 0  # the hands here: nobody folded chips into the pot
    total = sum(outcomes.values())
    before = harville(start, start, payouts)
    expected = [Fraction(0)] * len(start)
    for back, count in outcomes.items():
        chips = [s - c for s, c in zip(start, put_in)]
        for p, b in zip(live, back):
            chips[p] += b
        for p, v in enumerate(harville(chips, start, payouts)):
            expected[p] += Fraction(count, total) * v
    return [float(e - b) for e, b in zip(expected, before)]


def test_the_brute_force_icm_is_the_textbook_three_player_example():
    assert [round(float(x), 4) for x in harville([50, 30, 20], [50, 30, 20], [70, 30])] == [45.1786, 32.25, 22.5714]


def test_three_way_final_table_all_in_with_a_side_pot_against_brute_force():
    r = pyeval.allin_ev(str(FINAL_TABLE), payouts=[50, 30, 20])
    allin, folded_round = r.hands.rows()
    start, put_in = [3000, 1200, 2500, 800], [2500, 1200, 2500, 0]
    want = brute_prize_ev(["AhJh", "8s8c", "QdQs", ""], "Jc8d3h", start, put_in, [True, True, True, False],
                          [50, 30, 20])
    assert allin["prize_ev"] == pytest.approx(want, abs=1e-9)
    # actual: the stacks the site states after the hand, against those before
    after, before = harville([500, 3600, 2600, 800], start, [50, 30, 20]), harville(start, start, [50, 30, 20])
    assert allin["prize_actual"] == pytest.approx([float(a - b) for a, b in zip(after, before)])
    assert allin["prize_luck"] == pytest.approx([a - e for a, e in zip(allin["prize_actual"], want)])
    assert sum(allin["prize_ev"]) == pytest.approx(0, abs=1e-9)  # prizes only move between the players
    # not an all-in: prize EV is the prize actual
    assert folded_round["prize_ev"] == folded_round["prize_actual"]
    assert folded_round["prize_actual"] == pytest.approx(
        [float(a - b) for a, b in zip(harville([500, 3550, 2500, 950], [500, 3600, 2600, 800], [50, 30, 20]),
                                      harville([500, 3600, 2600, 800], [500, 3600, 2600, 800], [50, 30, 20]))])
    alice = next(p for p in r.players.rows() if p["player"] == "Alice")
    assert alice["prize_ev"] == pytest.approx(want[0] + folded_round["prize_ev"][0])


def test_turn_side_pot_where_a_player_can_bust_against_brute_force():
    row = pyeval.allin_ev(str(FIXTURES / "side_pot.txt"), payouts=[60, 40]).hands.rows()[0]
    start, put_in = [1000, 500, 2000], [1000, 500, 1000]
    want = brute_prize_ev(["AhJh", "8s8c", "QdQs"], "Jc8d3h2s", start, put_in, [True] * 3, [60, 40])
    assert row["prize_ev"] == pytest.approx(want, abs=1e-9)


def test_heads_up_pot_outcomes_come_from_the_equity_tallies_and_match_brute_force(monkeypatch):
    from pyeval.history import prize

    monkeypatch.setattr(prize, "_runouts", lambda *a: pytest.fail("a heads-up pot's runouts dealt again"))
    row = pyeval.allin_ev(str(FINAL_TABLE.parent / "heads_up.txt"), payouts=[50, 30, 20]).hands.rows()[0]
    start, put_in = [2000, 1500, 4000], [1500, 1500, 0]
    outcomes = eref.chip_outcomes("holdem", [eref.codes("AhTh"), eref.codes("Ac5c")], eref.codes("Kd9s4c"),
                                  contributions=[1500, 1500])
    assert any(back[0] == back[1] for back in outcomes)  # split pots happen: all three outcomes tested
    want = brute_prize_ev(["AhTh", "Ac5c", ""], "Kd9s4c", start, put_in, [True, True, False], [50, 30, 20])
    assert row["prize_ev"] == pytest.approx(want, abs=1e-9)


def test_more_places_than_players_at_the_table_the_places_below_are_paid_already():
    paid = pyeval.allin_ev(str(FIXTURES / "side_pot.txt"), payouts=[50, 30, 20, 10, 5]).hands.rows()[0]
    table = pyeval.allin_ev(str(FIXTURES / "side_pot.txt"), payouts=[50, 30, 20]).hands.rows()[0]
    assert paid["prize_ev"] == table["prize_ev"] and paid["prize_actual"] == table["prize_actual"]


def test_payouts_by_tournament_id_and_cash_hands_have_no_prize_values():
    by_id = pyeval.allin_ev(str(FINAL_TABLE), payouts={"77": [50, 30, 20]})
    assert by_id == pyeval.allin_ev(str(FINAL_TABLE), payouts=[50, 30, 20])
    mixed = pyeval.allin_ev([str(FINAL_TABLE), str(FIXTURES / "run_twice.txt")],
                            payouts=[50, 30, 20])
    cash = [row for row in mixed.hands.rows() if row["hand"] != "9000000010" and row["hand"] != "9000000011"]
    assert cash and all(row["prize_ev"] is None for row in cash)
    assert "prize_ev" not in pyeval.allin_ev(str(FINAL_TABLE)).hands.rows()[0]


@pytest.mark.parametrize("payouts, error, words", [
    ([30, 50], ValueError, "never increase"),
    ([50, -1], ValueError, "non-negative"),
    ("50,30", TypeError, "list of prizes"),
    ([50, "x"], TypeError, "numbers"),
    ([], ValueError, "at least one prize"),
    ({"12345": [50, 30]}, ValueError, "no tournament hand"),
])
def test_bad_payouts_are_refused_naming_the_problem(payouts, error, words):
    with pytest.raises(error, match=words):
        pyeval.allin_ev(str(FINAL_TABLE), payouts=payouts)


def test_cash_hands_only_refuse_payouts():
    with pytest.raises(ValueError, match="no tournament hand"):
        pyeval.allin_ev(str(FIXTURES / "run_twice.txt"), payouts=[50, 30])


def test_cli_payouts_adds_the_prize_columns_and_refuses_a_bad_prize():
    from cli_run import pyeval_cli

    done = pyeval_cli("allin-ev", str(FINAL_TABLE), "--payouts", "50,30,20", "--json")
    assert done.returncode == 0, done.stderr
    import json

    players = {p["player"]: p for p in json.loads(done.stdout)["players"]}
    api = {p["player"]: p for p in pyeval.allin_ev(str(FINAL_TABLE), payouts=[50, 30, 20])
           .players.rows()}
    assert players["Alice"]["prize_ev"] == pytest.approx(api["Alice"]["prize_ev"])
    bad = pyeval_cli("allin-ev", str(FINAL_TABLE), "--payouts", "50,x")
    assert bad.returncode == 2 and "--payouts" in bad.stderr and "Traceback" not in bad.stderr


def test_five_card_stud_all_in_on_fourth_street_against_brute_force():
    """Issue 40: five-card stud all-ins were left out.  Alice all-in on 4th street with Ks Kc Tc
    Qd, Bob Ad Qh 3h Kd, Carol's 2c folded: one card each to come."""
    path = str(FINAL_TABLE.parent / "stud5_allin.txt")
    r = pyeval.allin_ev(path, payouts=[50, 30, 20])
    row = r.hands.rows()[0]
    assert row["street"] == "4th" and r.skipped == []
    hands, dead = [eref.codes("KsKcTcQd"), eref.codes("AdQh3hKd")], eref.codes("2c")
    eq = eref.equity("stud5", hands, (), dead)
    assert row["ev"] == pytest.approx([float(eq.fractions[0]) * 2075 - 1000, float(eq.fractions[1]) * 2075 - 1000, -75])
    assert row["actual"] == [-1000, 1075, -75]
    # in prize equity: each runout's stacks (Carol's 75 dead in the pot) through the plain Harville
    start, payouts = [1000, 3000, 2000], [50, 30, 20]
    outcomes = eref.chip_outcomes("stud5", hands, (), dead, contributions=[1000, 1000])
    total = sum(outcomes.values())
    expected = [Fraction(0)] * 3
    for back, count in outcomes.items():
        chips = [Fraction(b) * Fraction(2075, 2000) for b in back] + [Fraction(2000 - 75)]
        chips[1] += 3000 - 1000
        for p, v in enumerate(harville(chips, start, payouts)):
            expected[p] += Fraction(count, total) * v
    before = harville(start, start, payouts)
    assert row["prize_ev"] == pytest.approx([float(e - b) for e, b in zip(expected, before)], abs=1e-9)


def test_five_card_stud_hand_whose_betting_goes_on_after_an_all_in_is_not_one():
    """The shared Full Tilt five-card stud hand: a short stack all-in on 2nd street while two
    players bet on to 5th, the last card: no all-in with cards to come (it was read as one at
    "preflop", every card known, before)."""
    path = Path("/work/shared/data/site-hh/fulltilt/stud5/5-Stud-USD-MTT-100-201303.txt")
    if not path.is_file():
        pytest.skip("the shared site files are not on this machine")
    row = pyeval.allin_ev(str(path)).hands.rows()[0]
    assert row["street"] is None and row["ev"] == row["actual"]


def test_progress_counts_the_prize_valuations_to_the_end():
    seen = []
    pyeval.allin_ev(str(FINAL_TABLE), payouts=[50, 30, 20], progress=lambda done, total: seen.append((done, total)))
    plain = []
    pyeval.allin_ev(str(FINAL_TABLE), progress=lambda done, total: plain.append((done, total)))
    assert seen[-1][0] == seen[-1][1] == plain[-1][1] + 1  # one step more: the one tournament all-in


@settings(max_examples=25, deadline=None)
@given(prize=st.integers(1, 10_000), seconds=st.lists(st.integers(0, 5_000), min_size=2, max_size=2))
def test_winner_take_all_prize_ev_is_the_chip_ev_in_shares_of_the_chips(prize, seconds):
    """With one prize, Harville's equity is the prize times the chip share: linear, so the prize
    EV must be the chip EV (the engine's equities) scaled, whatever the prize; and with a second
    place paid the prizes still only move between the players (their changes sum to zero)."""
    r = pyeval.allin_ev(str(FINAL_TABLE), payouts=[prize])
    row = r.hands.rows()[0]
    total = 3000 + 1200 + 2500 + 800
    assert row["prize_ev"] == pytest.approx([e * prize / total for e in row["ev"]], abs=1e-9 * prize)
    assert row["prize_actual"] == pytest.approx([a * prize / total for a in row["actual"]], abs=1e-9 * prize)
    first, second = sorted([prize + max(seconds), prize + min(seconds)], reverse=True)
    two = pyeval.allin_ev(str(FINAL_TABLE), payouts=[first, second, min(seconds)]).hands.rows()[0]
    assert sum(two["prize_ev"]) == pytest.approx(0, abs=1e-9 * first)


@settings(max_examples=30, deadline=None)
@given(columns=st.integers(1, 7), seed=st.integers(0, 2**32 - 1))
def test_the_runout_outcomes_are_counted_as_numpy_counts_distinct_rows(columns, seed):
    import numpy as np

    from pyeval.history.prize import _distinct_rows

    rows = np.random.default_rng(seed).choice([0, 2520, 3360, 5040, 6720, 10080], size=(500, columns))
    keys, counts = _distinct_rows(rows)
    want_keys, want_counts = np.unique(rows, axis=0, return_counts=True)
    assert keys.tolist() == want_keys.tolist() and counts.tolist() == want_counts.tolist()


def test_an_all_in_whose_runouts_are_not_dealt_says_so():
    """Two boards (or a stud deal short of cards): no prize values, a note naming why, not a crash."""
    from pyeval.core.pots import side_pots
    from pyeval.history.prize import NotValued, prize_values
    from pyeval.history.reader import HandRecord

    record = HandRecord("<made>", 0, "1", "", "holdem-double-board", ["A", "B"], [1000, 1000], [0, 2000],
                        allin_street="flop", put_in=[1000, 1000], contesting=[True, True], board="Jc8d3h",
                        holes=["AhAs", "KdKc"], tournament="7")
    pots = side_pots(record.put_in, record.contesting)
    with pytest.raises(NotValued, match="2 boards"):
        prize_values(record, pots, [50, 30])
