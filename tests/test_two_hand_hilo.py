"""Heads-up hi/lo counted jointly (pyeval.engines.single.two_hand_hilo) against the walk and the brute force.

The joint count must give the generic engine's integer tallies exactly (every outcome pattern:
scoops, split halves, a low nobody makes), on spots small enough to walk, and the brute-force
reference's exact fractions and hi/lo shares.
"""

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_engine_strategies import generic, layout, same
from test_equity_reference import compare

import pyeval
from pyeval.engines.single import exact_strategies, two_hand_hilo

LOW_CARDS = "2c 3c 4c 5c 6c 7c 8c 2d 3d 4d 5d 6d 7d 8d 2h 3h 4h 5h 6h 7h 8h 2s 3s 4s 5s 6s 7s 8s"


@pytest.mark.parametrize("hands,dead", [
    (["As2d3c", "Kh7d8s"], "2c3d4h5s6c7c8c9cTcJcQcKc2h3h4s5d6d7h8h9h9s9dTsTd2s5c"),  # third street, 8.8M
    (["As2d3c4h6d", "KhKd2s5c9h"], ""),  # fifth street, no dead card
    (["As2d3c4h", "KhKd8s8c"], "5c5d5h6c6h7c7d7h9c9d9hTcTdTh"),  # fourth street
    (["AsKsQsJs", "2h3h4h5h"], "6c6d6h7c7d7h8c8d8hAcAd"),  # flush and wheel draws
    (["As2d3c4h6d7s", "KhKd2s5c9h3s"], "Tc"),  # sixth street
    (["As2d3c4h6d7s8d", "KhKd2s5c9h3s4c"], ""),  # every card known
])
def test_joint_count_equals_the_walk(hands, dead):
    lay = layout("stud-hilo", hands, dead=dead)
    assert exact_strategies.counts_two_hands(lay) and exact_strategies.exact_plan(lay).strategy == "two-hands"
    same(two_hand_hilo.run(lay, threads=2), generic(lay))


def test_nobody_can_make_a_low():
    # Every card from deuce to eight is dead: the low half always goes to the high winner.
    lay = layout("stud-hilo", ["AsKd9c", "QhQdTs"], dead=LOW_CARDS.replace(" ", ""))
    t = two_hand_hilo.run(lay)
    same(t, generic(lay))
    assert t.no_qualifier[1] == t.outcomes


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.randoms(use_true_random=False), st.integers(4, 6))
def test_random_spots_equal_the_walk(rnd, street):
    cards = [f"{r}{s}" for r in "23456789TJQKA" for s in "cdhs"]
    rnd.shuffle(cards)
    # Enough dead cards that the walk stays small (at most ~1e6 outcomes).
    dead = {4: 26, 5: 20, 6: 12}[street]
    a, b = cards[:street], cards[street:2 * street]
    lay = layout("stud-hilo", ["".join(a), "".join(b)], dead="".join(cards[2 * street:2 * street + dead]))
    same(two_hand_hilo.run(lay), generic(lay))


@pytest.mark.parametrize("hands,dead", [
    (["As 2d 3c 4h 6d", "Kh Kd 2s 5c 9h"], "Tc Td Th Ts Jc Jd Jh Js Qc Qd Qh Qs 9c 9d 9s 7c 7d 7h"),
    (["As 2d 3c 4h", "Kh Kd 8s 8c"], "5c 5d 5h 6c 6h 7c 7d 7h 9c 9d 9h Tc Td Th Jc Jd Jh Qc Qd Qh Ks"),
])
def test_joint_count_equals_the_brute_force(hands, dead):
    compare("stud-hilo", hands, dead=dead)


def test_third_street_heads_up_counts_every_outcome():
    # The no-dead spot, 18,265,297,050 outcomes: exact, and within the Monte Carlo's
    # error of an independent sampled run.
    r = pyeval.equity("stud-hilo", ["AsAd7c", "KhKd2s"], method="exact")
    assert r.outcomes == 18_265_297_050
    assert sum(r.fractions) == 1
    mc = pyeval.equity("stud-hilo", ["AsAd7c", "KhKd2s"], samples=400_000, seed=5)
    assert np.all(np.abs(mc.equity - r.equity) < 5 * mc.stderr)
    np.testing.assert_allclose((r.hi + r.lo) / 2, r.equity, atol=1e-12)  # each half pot's share
