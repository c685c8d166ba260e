"""``pyeval.equity``: Monte Carlo against exact answers, reproducibility, published
figures, the result object, and bad input.  (The exact engines are checked against
the brute-force reference in test_equity_reference.py.)

The exact query of As6s against a random hand (2,097,572,400 outcomes) takes about a second.
"""

import itertools
import json
import math
import time
from fractions import Fraction

import numpy as np
import pytest

import pyeval

pytestmark = pytest.mark.filterwarnings("ignore::numba.NumbaPerformanceWarning")

RANKS, SUITS = "23456789TJQKA", "cdhs"


def text(code):
    return RANKS[code >> 2] + SUITS[code & 3]


# ---------------------------------------------------------------------------
# Monte Carlo within 4 standard errors of the exact answer
# ---------------------------------------------------------------------------

MC_SPOTS = [  # (game, hands, board, dead): exact answers cost well under a second
    ("holdem", ["Ah Kh", "Qs Qd"], "", ""),
    ("holdem", ["Ah Kh", "Qs Qd", "random"], "Kd 7c 2h", ""),
    ("holdem", ["7c 2d", "random", "random"], "As Kd Qh Jc 3s", "Ts"),
    ("omaha-hilo", ["As 2s Kd Qd", "Ah Kh 3c 4c"], "", ""),
    ("omaha5-hilo", ["Ah 2h Qd Jd Tc", "3s 4c 8s 7c 6d", "As 2s 3d Kc Kd"], "Th 2c 5d", ""),
    ("courchevel", ["Ah Kh Qd Jd Tc", "9s 9c 8s 7c 6d"], "Th", ""),
    ("shortdeck", ["Ah Kh", "Qs Qd"], "", ""),
    ("holdem-double-board", ["Ah Kh", "Qs Qd"], ["Kd 7c 2h", "As Qc 3d"], ""),
    ("irish", ["Ah Kh", "Qs Qd", "Jc Td"], "", ""),
    ("stud", ["As Ad Kc Kd 7h", "Qs Qd Qc 3h 4h"], "", ""),
    ("stud", ["As Ad Kc", "Qs Qd Qc"], "", ""),
    ("stud-hilo", ["As 2d 3c Kd 7h 8c", "Qs Qd 4c 5h 6h", "Ac 2c 3h 4s Js 9d"], "", "Kc Kh"),
    ("razz", ["As 2d 3c 4h", "5s 6d 7c 8h"], "", ""),
    ("draw5", ["As Ad Ac", "Ks Kd Kc"], "", ""),
    ("badugi", ["Ac 2d", "As 3c 4d"], "", ""),
]


@pytest.mark.parametrize("game, hands, board, dead", MC_SPOTS, ids=[f"{s[0]}-{i}" for i, s in enumerate(MC_SPOTS)])
def test_monte_carlo_within_4_stderr(game, hands, board, dead):
    exact = pyeval.equity(game, hands, board=board, dead=dead, method="exact")
    n = 200_000
    mc = pyeval.equity(game, hands, board=board, dead=dead, method="monte-carlo", samples=n, seed=20240611)
    call = f"pyeval.equity({game!r}, {hands!r}, board={board!r}, dead={dead!r}, method='monte-carlo', seed=20240611)"
    assert mc.method == "monte-carlo" and mc.outcomes == n and mc.seed == 20240611
    assert mc.equity.sum() == pytest.approx(1.0, abs=1e-12)
    assert ((mc.stderr > 0) | (exact.equity % 1 == 0)).all(), call
    assert (np.abs(mc.equity - exact.equity) <= 4 * mc.stderr).all(), \
        f"{call}: {mc.equity} vs exact {exact.equity} (stderr {mc.stderr})"
    # win and tie frequencies are binomial proportions
    for got, want in ((mc.win, exact.win), (mc.tie, exact.tie)):
        se = np.sqrt(want * (1 - want) / n)
        assert (np.abs(got - want) <= 4 * se + 1e-12).all(), f"{call}: {got} vs exact {want}"
    # the reported standard error is the sample standard deviation of the pot share / sqrt(n)
    # (between the Bernoulli bound for the equity and zero)
    assert (mc.stderr <= np.sqrt(exact.equity * (1 - exact.equity) / n) * 1.05 + 1e-9).all(), call
    if exact.hi is not None:
        for got, want in ((mc.hi, exact.hi), (mc.lo, exact.lo), (mc.scoop, exact.scoop)):
            se = np.sqrt(np.maximum(want * (1 - want), 1e-12) / n)
            assert (np.abs(got - want) <= 4 * se + 1e-12).all(), f"{call}: {got} vs exact {want}"
        se = math.sqrt(max(exact.no_low * (1 - exact.no_low), 1e-12) / n)
        assert abs(mc.no_low - exact.no_low) <= 4 * se, call
    if exact.boards is not None:
        assert mc.boards.shape == exact.boards.shape
        assert np.abs(mc.boards - exact.boards).max() <= 4 * math.sqrt(0.25 / n) * 2


def test_monte_carlo_published_as6s_vs_random():
    n = 1_000_000
    r = pyeval.equity("holdem", ["As6s", "random"], method="monte-carlo", samples=n, seed=6)
    assert abs(r.equity[0] - 0.599058) <= 4 * r.stderr[0], (r.equity, r.stderr)
    assert r.stderr[0] < 0.0006


# ---------------------------------------------------------------------------
# Monte Carlo reproducibility
# ---------------------------------------------------------------------------

REPRO = [
    ("holdem", ["Ah Kh", "Qs Qd"], ""),  # every hole card known: the board-only engine
    ("holdem", ["Ah Kh", "random", "Qs *"], "2c 3d 4h"),  # unknown and partial hands
    ("omaha-hilo", ["As 2s Kd Qd", "Ah Kh 3c 4c"], ""),
    ("stud", ["As Ad Kc", "Qs Qd Qc", "2c 3c 4c"], ""),
    ("holdem-double-board", ["Ah Kh", "Qs Qd"], ["", "2c 3d 4h"]),
]


def _counts(r):
    return r.units.tolist(), r.wins.tolist(), r.ties.tolist(), r.outcomes


@pytest.mark.parametrize("game, hands, board", REPRO, ids=[f"{s[0]}-{i}" for i, s in enumerate(REPRO)])
def test_same_seed_same_result_any_thread_count(game, hands, board):
    n = 3 * 65536 + 12345  # several chunks and a partial one
    runs = [pyeval.equity(game, hands, board=board, method="monte-carlo", samples=n, seed=42, threads=t)
            for t in (1, 2, 2)]
    assert runs[0].outcomes == n
    assert _counts(runs[0]) == _counts(runs[1]) == _counts(runs[2])
    assert np.array_equal(runs[0].equity, runs[1].equity) and np.array_equal(runs[0].stderr, runs[1].stderr)
    if runs[0].hi is not None:
        assert np.array_equal(runs[0].hi, runs[1].hi) and runs[0].no_low == runs[1].no_low
    if runs[0].boards is not None:
        assert np.array_equal(runs[0].boards, runs[1].boards)
    other = pyeval.equity(game, hands, board=board, method="monte-carlo", samples=n, seed=43, threads=2)
    assert _counts(other) != _counts(runs[0])


def test_unseeded_runs_report_their_seed():
    a = pyeval.equity("holdem", ["AhKh", "QsQd"], method="monte-carlo", samples=20_000)
    b = pyeval.equity("holdem", ["AhKh", "QsQd"], method="monte-carlo", samples=20_000)
    assert isinstance(a.seed, int) and a.seed != b.seed
    again = pyeval.equity("holdem", ["AhKh", "QsQd"], method="monte-carlo", samples=20_000, seed=a.seed)
    assert _counts(again) == _counts(a)


def test_small_sample_counts():
    for n in (1, 2, 7, 65537):
        r = pyeval.equity("stud", ["AsAd", "KsKd"], method="monte-carlo", samples=n, seed=1)
        assert r.outcomes == n
        assert r.units.sum() == r.pot_units * n


def test_stderr_target():
    r = pyeval.equity("holdem", ["AhKh", "QsQd"], method="monte-carlo", stderr_target=0.0005, seed=5)
    assert r.stderr.max() <= 0.0005
    assert r.outcomes <= 4 * 1_000_000  # about 1,000,000 deals are needed
    capped = pyeval.equity("holdem", ["AhKh", "QsQd"], method="monte-carlo", stderr_target=1e-9, samples=100_000,
                           seed=5)
    assert capped.outcomes <= 100_000 and capped.stderr.max() > 1e-9  # samples= caps the run


def test_monte_carlo_deals_fairly_with_dead_cards_and_unknown_hands():
    # Three unknown hands and a dead card: by symmetry every random hand has the same equity.
    r = pyeval.equity("holdem", ["random", "random", "random"], board="Ah Kd 7c", dead="2s",
                      method="monte-carlo", samples=300_000, seed=99)
    assert np.abs(r.equity - 1 / 3).max() <= 4 * r.stderr.max()
    # Stud: two unknown players against a known one; the unknowns are exchangeable.
    r = pyeval.equity("stud", ["As Ks Qs Js", "random", "random"], dead="Ts 9s",
                      method="monte-carlo", samples=200_000, seed=3)
    assert abs(r.equity[1] - r.equity[2]) <= 4 * math.hypot(r.stderr[1], r.stderr[2])


# ---------------------------------------------------------------------------
# method="auto", exact budget
# ---------------------------------------------------------------------------

def test_auto_method():
    small = pyeval.equity("holdem", ["AhKh", "QsQd"], board="2c3d4h")
    assert small.method == "exact" and small.outcomes == math.comb(45, 2)
    big = pyeval.equity("stud", ["As Ad Kc", "Qs Qd Qc", "2c 3c 4c"], samples=20_000, seed=1)
    assert big.method == "monte-carlo" and big.outcomes == 20_000


def test_stud_third_street_heads_up_exact():
    t = time.perf_counter()
    r = pyeval.equity("stud", ["As Ad Kc", "Qs Qd Qc"], method="exact")
    elapsed = time.perf_counter() - t
    assert r.outcomes == math.comb(46, 4) * math.comb(42, 4) == 18_265_297_050
    assert sum(r.fractions) == 1 and r.wins.sum() + r.ties[0] == r.outcomes
    assert elapsed < 20, elapsed


# ---------------------------------------------------------------------------
# published figures
# ---------------------------------------------------------------------------

def test_aces_against_kings_all_36_matchups():
    aces = [c for c in range(48, 52)]
    kings = [c for c in range(44, 48)]
    wins = [0, 0]
    ties = 0
    total = 0
    for a in itertools.combinations(aces, 2):
        for k in itertools.combinations(kings, 2):
            r = pyeval.equity("holdem", ["".join(map(text, a)), "".join(map(text, k))], method="exact")
            assert r.outcomes == 1_712_304
            wins[0] += int(r.wins[0])
            wins[1] += int(r.wins[1])
            assert r.ties[0] == r.ties[1]
            ties += int(r.ties[0])
            total += r.outcomes
    assert (wins[0], wins[1], ties, total) == (50_371_344, 10_986_372, 285_228, 61_642_944)


def test_as6s_against_a_random_hand_exact():
    t = time.perf_counter()
    r = pyeval.equity("holdem", ["As6s", "random"], method="exact")
    elapsed = time.perf_counter() - t
    assert r.outcomes == math.comb(50, 5) * math.comb(45, 2) == 2_097_572_400
    assert round(100 * r.fractions[0], 4) == Fraction(599058, 10000)
    print(f"As6s vs random exact: {elapsed:.1f} s")


def test_doc_examples():
    r = pyeval.equity("holdem", ["AhAs", "KdKc"], method="exact")
    assert r.outcomes == 1_712_304
    assert [round(float(x), 4) for x in r.equity] == [0.8126, 0.1874]
    r = pyeval.equity("omaha-hilo", ["As2sKdQd", "AhKh3c4c"], board="5s6d7h", method="exact")
    assert r.outcomes == 820


# ---------------------------------------------------------------------------
# the result object
# ---------------------------------------------------------------------------

def test_result_object():
    r = pyeval.equity("omaha-hilo", ["As 2s Kd Qd", "Ah Kh 3c 4c", "random"], board="5s 6d 7h 8c",
                      dead="Jc", method="exact")
    assert sum(r.fractions) == 1 and all(isinstance(f, Fraction) for f in r.fractions)
    assert r.units.sum() == r.pot_units * r.outcomes
    assert r.hands[2] == "random"
    assert (r.scoop <= r.win + 1e-12).all() and 0 <= r.no_low <= 1
    assert np.allclose((r.hi + r.lo) / 2, r.equity)
    d = json.loads(r.to_json())
    assert d["method"] == "exact" and d["outcomes"] == r.outcomes and len(d["equity"]) == 3
    assert d["counts"]["units"] == r.units.tolist()
    for name in ("hi", "lo", "scoop", "no_low"):
        assert name in d
    text_table = repr(r)
    assert "As 2s Kd Qd" in text_table and "random" in text_table and "no qualifying low" in text_table

    mc = pyeval.equity("holdem-double-board", ["AhKh", "QsQd"], board=["Kd7c2h", ""], method="monte-carlo",
                       samples=1000, seed=1)
    with pytest.raises(ValueError, match="exact"):
        _ = mc.fractions
    assert mc.boards.shape == (2, 2) and np.allclose(mc.boards.mean(axis=0), mc.equity)
    assert "seed 1" in repr(mc) and json.loads(mc.to_json())["seed"] == 1


def test_aliases_and_code_input():
    a = pyeval.equity("PLO8", ["As2sKdQd", "AhKh3c4c"], board="5s6d7h", method="exact")
    b = pyeval.equity("omaha-hilo", [[51, 3, 45, 41], ["Ah", "Kh", "3c", "4c"]], board=[15, 17, 22],
                      method="exact")
    assert a.fractions == b.fractions and a.game == b.game == "omaha-hilo"


def test_hands_with_no_cards_left_to_deal():
    r = pyeval.equity("holdem", ["AhKh", "QsQd"], board="Kd 7c 2h 9s 3c", method="exact")
    assert r.outcomes == 1 and r.fractions == [1, 0] and r.wins.tolist() == [1, 0]
    r = pyeval.equity("draw5", ["As Ks Qs Js Ts", "Ah Kh Qh Jh Th"], method="exact")
    assert r.outcomes == 1 and r.fractions == [Fraction(1, 2)] * 2 and r.ties.tolist() == [1, 1]


# ---------------------------------------------------------------------------
# bad input
# ---------------------------------------------------------------------------

ALL_BUT = " ".join(r + s for r in "23456789TJQ" for s in "cdhs")

BAD = [
    ("nosuchgame", ["AhAs", "KdKc"], {}, "unknown game"),
    ("holdem", ["AhAsQd", "KdKc"], {}, "at most 2 cards"),
    ("omaha", ["AhAsQdQc2c", "KdKc"], {}, "at most 4 cards"),
    ("stud", ["AhAsKd2c3c4c5c6c", "QcQd2d"], {}, "at most 7 cards"),
    ("holdem", ["AhAs", "KdKc"], {"board": "2c3c4c5c6c7c"}, "at most 5 cards"),
    ("holdem-double-board", ["AhAs", "KdKc"], {"board": ["2c3c4c5c6c7c", ""]}, "at most 5 cards"),
    ("holdem-double-board", ["AhAs", "KdKc"], {"board": "2c3c4c"}, "2 boards"),
    ("stud", ["AhAsKd", "QcQd2c"], {"board": "3c4c"}, "board"),
    ("holdem", ["AhAs", "AhKc"], {}, "duplicate card Ah"),
    ("holdem", ["AhAh", "KdKc"], {}, "duplicate card Ah"),
    ("holdem", ["AhAs", "KdKc"], {"board": "As2c3c"}, "duplicate card As"),
    ("holdem", ["AhAs", "KdKc"], {"dead": "Kd"}, "duplicate card Kd"),
    ("holdem", ["AhAs", "KdKc"], {"board": "2c3c4c", "dead": "2c"}, "duplicate card 2c"),
    ("holdem-double-board", ["AhAs", "KdKc"], {"board": ["2c3c4c", "2c5d6d"]}, "duplicate card 2c"),
    ("stud", ["As Ad Kc", "Ks Kd 2c"], {"dead": "Kc"}, "duplicate card Kc"),
    ("holdem", ["random"] * 11, {}, "too many players"),
    ("stud", ["random"] * 9, {}, "too many players"),
    ("draw5", ["random"] * 7, {}, "too many players"),
    ("holdem", ["AhAs"], {}, "at least 2 players"),
    ("omaha5", ["random"] * 10, {}, "needs 55 more cards"),
    ("courchevel", ["random"] * 10, {}, "needs 55 more cards"),
    ("holdem", ["AhAs", "KdKc"], {"dead": ALL_BUT + " Ac Ad Ks"}, "needs 5 more cards"),
    ("stud", ["2c 3c 4c 5c 6c", "2d 3d 4d 5d 6d"], {"dead": " ".join(
        text(c) for c in range(52) if text(c) not in "2c 3c 4c 5c 6c 2d 3d 4d 5d 6d As Ks")}, "more cards"),
    ("shortdeck", ["AhAs", "2c3c"], {}, "not in the 36-card deck"),
    ("shortdeck", ["AhAs", "KcKd"], {"board": "5c"}, "not in the 36-card deck"),
    ("irish", ["AhAsKd2c", "QcQd"], {}, "best_keep"),
    ("holdem", ["AhXs", "KdKc"], {}, "bad card"),
    ("holdem", ["AhAs", "KdKc"], {"method": "bogus"}, "method"),
    ("holdem", ["AhAs", "KdKc"], {"method": "monte-carlo", "samples": 0}, "samples"),
    ("holdem", ["AhAs", "KdKc"], {"threads": 0}, "threads"),
    ("stud", ["AhAsKd2c3c4c5c", "QcQd2d"], {"board": "3d"}, "community card"),
    ("stud", ["random"] * 3, {"method": "exact"}, "monte-carlo"),
]


@pytest.mark.parametrize("game, hands, kwargs, message", BAD, ids=[f"{b[0]}-{b[3]}" for b in BAD])
def test_bad_input_raises_value_error(game, hands, kwargs, message):
    with pytest.raises(ValueError, match=message):
        pyeval.equity(game, hands, **kwargs)


@pytest.mark.parametrize("hands", ["AhAs KdKc", b"AhAs KdKc"])
def test_hands_as_a_plain_string_is_a_type_error(hands):
    with pytest.raises(TypeError, match="list"):
        pyeval.equity("holdem", hands)
