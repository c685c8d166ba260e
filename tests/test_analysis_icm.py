"""icm against a brute force over every finishing order, and against pokerkit where installed."""

import random
from fractions import Fraction
from itertools import permutations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import pyeval


def brute_force(stacks, payouts):
    """Harville: an order's probability is the product, place by place, of the stack of the
    player placed over the chips of the players not yet placed."""
    n = len(stacks)
    equity = [Fraction(0)] * n
    for order in permutations(range(n)):
        p = Fraction(1)
        left = sum(stacks)
        for who in order:
            p *= Fraction(stacks[who], left)
            left -= stacks[who]
        for place, who in enumerate(order[:len(payouts)]):
            equity[who] += p * payouts[place]
    return equity


@pytest.mark.parametrize("n", [2, 3, 4, 5, 6])
def test_exact_equals_brute_force(n):
    rng = random.Random(n)
    for _ in range(3):
        stacks = [rng.randint(1, 10_000) for _ in range(n)]
        payouts = sorted((rng.randint(0, 100) for _ in range(rng.randint(1, n))), reverse=True)
        r = pyeval.icm(stacks, payouts)
        assert r.method == "exact" and r.fractions == brute_force(stacks, payouts)
        assert np.allclose(r.place_prob.sum(axis=0), 1.0)


def test_float_stacks_and_ten_players():
    r = pyeval.icm([1.5, 2.5, 3.0], [10, 5])
    assert r.fractions is None
    assert np.allclose(r.equity, [float(x) for x in brute_force([Fraction(3, 2), Fraction(5, 2), 3], [10, 5])])
    stacks = list(range(1, 11))
    r10 = pyeval.icm(stacks, [50, 30, 20])
    assert sum(r10.fractions) == 100 and (np.diff(r10.equity) > 0).all()


def test_pokerkit_calculate_icm():
    pokerkit = pytest.importorskip("pokerkit")
    rng = random.Random(7)
    for n in (2, 3, 5, 8):
        stacks = [rng.randint(1, 5000) for _ in range(n)]
        payouts = [50, 30, 20][:n]
        assert np.allclose(pyeval.icm(stacks, payouts).equity, pokerkit.calculate_icm(payouts, stacks))


def test_monte_carlo_within_its_stderr_and_seeded():
    stacks, payouts = [4000, 2500, 2000, 1000, 500], [50, 30, 20]
    exact = pyeval.icm(stacks, payouts).equity
    mc = pyeval.icm(stacks, payouts, method="monte-carlo", samples=200_000, seed=5)
    assert (mc.stderr > 0).all() and (np.abs(mc.equity - exact) < 5 * mc.stderr).all()
    assert mc == pyeval.icm(stacks, payouts, method="monte-carlo", samples=200_000, seed=5)
    big = pyeval.icm(list(range(100, 1300, 100)), [50, 30, 20], samples=20_000, seed=1)  # 12 players: sampled
    assert big.method == "monte-carlo" and abs(big.equity.sum() - 100) < 1e-9


def test_outputs_and_bad_input():
    r = pyeval.icm([5000, 3000, 2000], [50, 30, 20])
    assert "player 1" in repr(r) and r.to_dict()["rows"][0]["place_1"] == 0.5
    assert r.to_csv().splitlines()[0] == "player,stack,chip_share,equity,stderr,place_1,place_2,place_3"
    with pytest.raises(ValueError, match="positive"):
        pyeval.icm([100, 0], [1])
    with pytest.raises(ValueError, match="non-negative"):
        pyeval.icm([100, 50], [-1])
    with pytest.raises(TypeError):
        pyeval.icm("100 50", [1])
    with pytest.raises(TypeError):
        pyeval.icm([100, "x"], [1])
    with pytest.raises(ValueError, match="beyond the limit of 2,000,000; use method='monte-carlo'"):
        pyeval.icm(list(range(1, 31)), [1] * 10, method="exact")
    with pytest.raises(ValueError, match="method"):
        pyeval.icm([1, 2], [1], method="fast")


@given(st.lists(st.integers(1, 10**6), min_size=2, max_size=5), st.data())
@settings(max_examples=40, deadline=None)
def test_property_brute_force_and_conservation(stacks, data):
    payouts = sorted(data.draw(st.lists(st.integers(0, 1000), min_size=1, max_size=len(stacks)), label="payouts"),
                     reverse=True)
    r = pyeval.icm(stacks, payouts)
    assert r.fractions == brute_force(stacks, payouts)
    assert sum(r.fractions) == sum(payouts[:len(stacks)])  # every paid place goes to someone


# -- issue 36 item 9, issue 38 item 9: the same call gives the same answer; stacks of any size ------


def test_eleven_players_are_exact_and_equal_to_brute_force():
    stacks, payouts = [3, 1, 4, 1, 5, 9, 2, 6, 5, 3, 5], [50, 30, 20]
    r = pyeval.icm(stacks, payouts)
    assert r.method == "exact" and r == pyeval.icm(stacks, payouts)
    # brute force over the ordered first three places only (Harville)
    want = [0.0] * len(stacks)
    total = sum(stacks)
    for a in range(11):
        pa = stacks[a] / total
        want[a] += pa * 50
        for b in range(11):
            if b == a:
                continue
            pb = pa * stacks[b] / (total - stacks[a])
            want[b] += pb * 30
            for c in range(11):
                if c not in (a, b):
                    want[c] += pb * stacks[c] / (total - stacks[a] - stacks[b]) * 20
    assert np.allclose(r.equity, want, rtol=0, atol=1e-12)


def test_a_call_without_a_seed_is_reproducible():
    stacks = list(range(100, 20_100, 100))  # 200 players, 3 places: past the exact limit
    a = pyeval.icm(stacks, [50, 30, 20], samples=20_000)
    b = pyeval.icm(stacks, [50, 30, 20], samples=20_000)
    assert a.method == "monte-carlo" and a.seed == 0 and "seed 0" in repr(a)
    assert a == b and np.array_equal(a.equity, b.equity)


def test_eleven_handed_pushfold_is_reproducible():
    others = [10, 12, 14, 16, 18, 20, 22, 24, 26]
    a = pyeval.pushfold(8, payouts=[50, 30, 20], stacks=others)
    b = pyeval.pushfold(8, payouts=[50, 30, 20], stacks=others)
    assert a.ev_sb == b.ev_sb and a.push == b.push and a.call == b.call


@pytest.mark.parametrize("stacks, want", [
    ([1e300, 1e-300, 1], [50, 20, 30]),  # ratios past float range: exact, the tiny stack is last
    ([10**400, 1, 2], [50, 20 + 10 * Fraction(1, 3), 20 + 10 * Fraction(2, 3)]),
])
def test_stacks_past_float_range(stacks, want):
    r = pyeval.icm(stacks, [50, 30, 20])
    assert r.method == "exact" and np.allclose(r.equity, [float(x) for x in want], rtol=0, atol=1e-12)
    assert "stack" in repr(r) and r.to_json() and len(r.rows()) == 3
