"""best_keep with the discards as the games play them (issue 13, item 9), against the
brute-force reference: Aviation's preflop keep of three cards is valued with the flop discard
made by the same rule."""

from fractions import Fraction
from itertools import combinations

import equity_reference as eqref
import pytest

import pyeval

pytestmark = pytest.mark.filterwarnings("ignore::numba.NumbaPerformanceWarning")

HAND = "Ah As Kd Qc"


def reference_preflop_keeps(hand, opponent, dead):
    """Per 3-card keep: the average over every flop of the best equity of its three 2-card keeps on
    that flop (reference equity, the other two of the four cards dead), as an exact Fraction."""
    hand, opponent, dead = eqref.codes(hand), eqref.codes(opponent), eqref.codes(dead)
    live = [c for c in range(52) if c not in set(hand + opponent + dead)]
    flops = list(combinations(live, 3))
    best = {}
    for flop in flops:
        eq = {}
        for pair in combinations(hand, 2):
            gone = [c for c in hand if c not in pair]
            eq[pair] = eqref.equity("aviation", [list(pair), opponent], list(flop), dead + gone).fractions[0]
        for keep in combinations(hand, 3):
            best[keep] = best.get(keep, 0) + max(eq[p] for p in combinations(keep, 2))
    return {" ".join(eqref.ref.card_text(c) for c in keep): v / len(flops) for keep, v in best.items()}


def _text(codes_text):
    return pyeval.format_cards(pyeval.parse_cards(codes_text))


DEAD_34 = ("2c 2d 2h 2s 3c 3d 3h 3s 4c 4d 4h 4s 5c 5d 5h 5s 6c 6d 6h 6s 8c 8d 8h 8s 9c 9d 9h 9s "
           "Tc Td Th Ts Jc Jd")  # 12 live cards: 220 flops, 36 turn-river pairs each


def test_aviation_preflop_keeps_exact_against_reference():
    want = reference_preflop_keeps(HAND, "7c 7d", DEAD_34)
    got = pyeval.best_keep("aviation", [HAND, "7c7d"], dead=DEAD_34, method="exact")
    assert len(got) == 4 and all(len(k.keep.split()) == 3 for k in got)  # three-card keeps, once two-card
    for k in got:
        assert k.method == "exact" and k.equity == pytest.approx(float(want[_text(k.keep)]), abs=1e-12)
    assert [k.equity for k in got] == sorted((k.equity for k in got), reverse=True)
    assert sum(got[0].then.values()) == pytest.approx(1.0)


@pytest.mark.slow  # long (tests/conftest.py: the slow set, PYEVAL_FULL=1)
def test_aviation_preflop_keeps_monte_carlo_with_a_random_opponent():
    dead = DEAD_34 + " Qs Qh Jh"  # 9 live cards with the random hand: small enough for the reference
    hand = HAND
    live = [c for c in range(52) if c not in set(eqref.codes(hand + " " + dead))]
    flops = list(combinations(live, 3))
    want = {}
    for flop in flops:
        eq = {p: eqref.equity("aviation", [list(p), []], list(flop),
                              eqref.codes(dead) + [c for c in eqref.codes(hand) if c not in p]).fractions[0]
              for p in combinations(eqref.codes(hand), 2)}
        for keep in combinations(eqref.codes(hand), 3):
            key = " ".join(eqref.ref.card_text(c) for c in keep)
            want[key] = want.get(key, Fraction(0)) + max(eq[p] for p in combinations(keep, 2)) / len(flops)
    got = pyeval.best_keep("aviation", [hand, "random"], dead=dead, samples=400_000, seed=5)
    for k in got:
        assert k.method == "monte-carlo" and k.stderr > 0
        # FLOP_DEALS deals per flop make the flop choice slightly optimistic: allow 0.01 more
        assert abs(k.equity - float(want[_text(k.keep)])) < 4 * k.stderr + 0.01, (k, float(want[_text(k.keep)]))


def test_aviation_keeps_are_reproducible_and_compare():
    a = pyeval.best_keep("aviation", [HAND, "random"], samples=50_000, seed=1, threads=1)
    b = pyeval.best_keep("aviation", [HAND, "random"], samples=50_000, seed=1, threads=2)
    assert a == b and "keep" in repr(a) and a.to_list()[0]["keep"] == a[0].keep


def test_aviation_flop_discard_is_the_equity_of_each_keep():
    got = pyeval.best_keep("aviation", ["Ah As Kd", "7c7d"], board="7h 8s 2d", dead="Qc", method="exact")
    assert [len(k.keep.split()) for k in got] == [2, 2, 2]
    for k in got:
        r = pyeval.equity("aviation", [k.keep, "7c7d"], board="7h 8s 2d", dead="Qc " + k.discard, method="exact")
        assert k.equity == float(r.equity[0])


@pytest.mark.parametrize("game, hand, board, match", [
    ("aviation", "AhAsKdQc", "7h8s2d", "made its discard of 1 card"),
    ("aviation", "AhAsKd", "", "made with 3 board cards showing"),
    ("irish", "AhAsKdQc", "", "made with 3 board cards showing"),
    ("aviation", "AhAs", "7h8s2d", "3 or 4 cards"),
    ("holdem", "AhAsKd", "", "no discards"),
])
def test_keeps_follow_the_discards(game, hand, board, match):
    with pytest.raises(ValueError, match=match):
        pyeval.best_keep(game, [hand, "random"], board=board, samples=1000, seed=1)


def test_exact_two_discards_needs_known_opponents():
    with pytest.raises(ValueError, match="every opponent's hand"):
        pyeval.best_keep("aviation", [HAND, "random"], method="exact")
