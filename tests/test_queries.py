"""How an equity query reads what the user wrote (issue 13): samples mean Monte Carlo, short
hands in board games are errors unless their missing cards are written out."""

import time

import equity_reference as eqref
import numpy as np
import pytest
from cli_run import error_line, pyeval_cli

import pyeval

pytestmark = pytest.mark.filterwarnings("ignore::numba.NumbaPerformanceWarning")


# ---------------------------------------------------------------------------
# item 1: samples= / stderr_target= without a method means Monte Carlo
# ---------------------------------------------------------------------------

def test_samples_without_method_is_monte_carlo():
    """The README's own line: once an exact enumeration of 18 billion outcomes, samples ignored."""
    r = pyeval.equity("stud", ["AsAd7c", "KhKd2s"], samples=200_000, seed=7)
    assert r.method == "monte-carlo" and r.outcomes == 200_000 and r.seed == 7
    exact = pyeval.equity("stud", ["AsAd7c", "KhKd2s"], method="exact")  # checked against the reference elsewhere
    assert abs(r.equity[0] - exact.equity[0]) < 5 * r.stderr[0]
    again = pyeval.equity("stud", ["AsAd7c", "KhKd2s"], samples=200_000, seed=7)
    assert again.units.tolist() == r.units.tolist()


def test_stderr_target_without_method_is_monte_carlo():
    r = pyeval.equity("holdem", ["AhAs", "KdKc"], stderr_target=0.003, seed=1)
    assert r.method == "monte-carlo" and r.stderr.max() <= 0.003


def test_samples_without_method_for_ranges():
    r = pyeval.equity("holdem", ["QQ+", "AKs"], samples=30_000, seed=1)
    assert r.method == "monte-carlo" and r.outcomes == 30_000


def test_samples_with_exact_is_a_contradiction():
    with pytest.raises(ValueError, match="method='exact'"):
        pyeval.equity("holdem", ["AhAs", "KdKc"], method="exact", samples=1000)


# ---------------------------------------------------------------------------
# item 5: too few cards
# ---------------------------------------------------------------------------

@pytest.mark.parametrize("game, hands, want", [
    ("holdem", ["Ah", "KdKc"], "player 1: holdem deals 2 hole cards, got 1"),
    ("omaha", ["AsKsQs2c", "AhAd"], "player 2: omaha deals 4 hole cards, got 2"),
    ("holdem", ["QQ+", "Ah"], "player 2: holdem deals 2 hole cards, got 1"),  # the range path
    ("holdem", [[50], "KdKc"], "player 1: holdem deals 2 hole cards, got 1"),  # codes
    ("irish", ["Ah", "KdKc"], "player 1: irish deals 2 hole cards, got 1"),
])
def test_short_hand_is_an_error(game, hands, want):
    with pytest.raises(ValueError, match=want):
        pyeval.equity(game, hands)


def test_short_hand_in_deal_is_an_error():
    with pytest.raises(ValueError, match="deals 2 hole cards, got 1"):
        pyeval.deal("holdem", 2, 10, hands=["Ah", "random"])


@pytest.mark.parametrize("spelling", ["Ah*", "Ah ??", "ah,*"])
def test_missing_cards_written_out(spelling):
    board = "2c 7d 9h Ts"
    r = pyeval.equity("holdem", [spelling, "KdKc"], board=board, method="exact")
    e = eqref.equity("holdem", [eqref.codes("Ah"), eqref.codes("KdKc")], eqref.codes(board))
    assert r.fractions == e.fractions and r.outcomes == e.outcomes
    assert r.hands[0] == "Ah *"


def test_missing_cards_written_out_in_omaha():
    board = "2c 7d 9h Ts Qs"
    r = pyeval.equity("omaha", ["AhKh**", "KdKcJdJc"], board=board, method="exact")
    e = eqref.equity("omaha", [eqref.codes("AhKh"), eqref.codes("KdKcJdJc")], eqref.codes(board))
    assert r.fractions == e.fractions


def test_stud_and_draw_hands_may_be_short():
    """Stud hands are the cards so far, draw hands the cards kept (Game.partial_hands)."""
    assert pyeval.get_game("stud").partial_hands and not pyeval.get_game("holdem").partial_hands
    r = pyeval.equity("stud5", ["As Kd", "Qs"], dead="2c 2d", samples=2000, seed=1)
    assert r.outcomes == 2000
    r = pyeval.equity("draw5", ["As Ad Kc", "Qs Qd"], samples=2000, seed=1)
    assert r.outcomes == 2000


def test_cli_short_hand_fails_at_once():
    """Once a silent 16-second exact query."""
    start = time.perf_counter()
    proc = pyeval_cli("equity", "holdem", "Ah", "KdKc")
    line = error_line(proc)
    assert "deals 2 hole cards, got 1" in line and "Ah*" in line
    assert time.perf_counter() - start < 10


def test_cli_missing_card_written_out():
    proc = pyeval_cli("equity", "holdem", "Ah*", "KdKc", "--board", "2c7d9hTs", "--json")
    assert proc.returncode == 0, proc.stderr
    import json

    d = json.loads(proc.stdout)
    e = eqref.equity("holdem", [eqref.codes("Ah"), eqref.codes("KdKc")], eqref.codes("2c7d9hTs"))
    assert np.allclose(d["equity"], [float(x) for x in e.fractions], atol=1e-12)
