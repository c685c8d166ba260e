"""Range weights are relative (issue 17, item 3): any positive finite weights give the exact
answer of their ratios, however small, large or far apart they are."""

from __future__ import annotations

import subprocess
import sys
import warnings
from fractions import Fraction

import numpy as np
import pytest

import pyeval
from pyeval.results.tally import POT


def exact(hands, board=""):
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # no divide-by-zero or overflow warning on the way
        return pyeval.equity("holdem", hands, board=board, method="exact")


def combined(weighted_parts):
    """Exact equities of a weighted mix of unweighted queries: sum(w * units) / (POT * sum(w * outcomes))."""
    outcomes = sum(w * r.outcomes for w, r in weighted_parts)
    players = len(weighted_parts[0][1].units)
    return [Fraction(sum(w * int(r.units[p]) for w, r in weighted_parts), POT * outcomes)
            for p in range(players)]


def test_integer_weights_keep_every_ratio():
    from pyeval.engines.range.weights import integer_weights

    assert integer_weights(np.array([3e-7, 9e-7])).tolist() == [1, 3]
    assert integer_weights(np.array([0.1, 0.2, 0.3])).tolist() == [1, 2, 3]
    assert integer_weights(np.array([1e-7, 1e-7])).tolist() == [1, 1]
    big = integer_weights(np.array([1e300, 1.0]))
    assert big.tolist() == [10**300, 1]


def test_a_tiny_weight_is_still_a_weight():
    """Every AA combo at 1e-7 is AA at weight 1: it used to round to 0 (divide by zero, then an
    AssertionError, NaN under python -O)."""
    r = exact(["AA:0.0000001", "KK"])
    ref = exact(["AA", "KK"])
    assert r.fractions == ref.fractions and r.outcomes == ref.outcomes
    assert r.wins.tolist() == ref.wins.tolist() and r.ties.tolist() == ref.ties.tolist()


def test_scaled_weights_give_the_same_answer():
    """3e-7 : 9e-7 is 1 : 3 (they used to differ by up to 0.004)."""
    a = exact(["AA:3e-7,KK:9e-7", "QQ"])
    b = exact(["AA:1,KK:3", "QQ"])
    assert a.fractions == b.fractions
    assert np.array_equal(a.equity, b.equity)


@pytest.mark.parametrize("board", ["", "2c7d9h"])
@pytest.mark.parametrize("big", [10**8, 10**15, 10**40])
def test_weights_far_apart_are_exact(big, board):
    """AA:big,KK:1 used to raise OverflowError (or a ValueError saying to use round weights)."""
    r = exact([f"AA:{big:.0e},KK:1" if big > 10**8 else f"AA:{big},KK:1", "QQ"], board)
    want = combined([(big, exact(["AA", "QQ"], board)), (1, exact(["KK", "QQ"], board))])
    assert r.fractions == want
    assert r.equity.dtype == np.float64 and np.isclose(r.equity.sum(), 1.0)
    aa = exact(["AA", "QQ"], board).by_combo[0]
    assert all(np.isclose(r.by_combo[0][hand], eq) for hand, eq in aa.items())


def test_three_weighted_ranges():
    board = "2c7d9h"
    r = exact(["AA:1e12,KK", "QQ,JJ:1e12", "TT"], board)
    parts = [(wa * wq, exact([a, q, "TT"], board)) for a, wa in (("AA", 10**12), ("KK", 1))
             for q, wq in (("QQ", 1), ("JJ", 10**12))]
    assert r.fractions == combined(parts)
    assert r.extra.get("weight_classes") == 4


def test_no_nan_under_python_O():
    code = ("import numpy as np, pyeval\n"
            "r = pyeval.equity('holdem', ['AA:0.0000001', 'KK'], method='exact')\n"
            "assert np.isfinite(r.equity).all()\n"
            "print(r.equity.tolist())")
    proc = subprocess.run([sys.executable, "-O", "-c", code], capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    values = [float(x) for x in proc.stdout.strip().strip("[]").split(",")]
    assert np.isfinite(values).all() and abs(sum(values) - 1) < 1e-12


def test_auto_and_monte_carlo_take_far_apart_weights():
    r = pyeval.equity("holdem", ["AA:1e8,KK:1", "QQ"], board="2c7d9hJs", method="auto")
    assert r.method == "exact" and np.isfinite(r.equity).all()
    mc = pyeval.equity("holdem", ["AA:1e8,KK:1", "QQ"], method="monte-carlo", samples=20_000, seed=3)
    assert abs(mc.equity[0] - float(exact(["AA", "QQ"]).fractions[0])) < 5 * mc.stderr[0] + 1e-3
