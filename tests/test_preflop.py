"""The shipped preflop tables (pyeval/data/preflop.npz): consistency, published figures, sampled
entries recomputed by enumeration, the generator's kernel against brute force; with
PYEVAL_FULL=1 the whole matrix is regenerated and compared."""

import os
import sys
from pathlib import Path

import numpy as np
import pytest

import pyeval
from pyeval.engines.range.equity import range_equity
from pyeval.ranges import CLASS_NAMES, HOLDEM_COMBOS, preflop_counts, preflop_info
from pyeval.ranges.classes import CLASS_SIZES, combo_masks

ROOT = Path(__file__).resolve().parent.parent
FULL = os.environ.get("PYEVAL_FULL", "") not in ("", "0")


def generator():
    sys.path.insert(0, str(ROOT / "tables"))
    try:
        import preflop
    finally:
        sys.path.pop(0)
    return preflop


def test_tables_are_consistent():
    c = preflop_counts()
    w, t, tot = c["wins"], c["ties"], c["total"]
    assert w.shape == t.shape == tot.shape == (169, 169)
    assert (t == t.T).all() and (w + t + w.T == tot).all() and (w >= 0).all()
    assert tot.sum() == 1326 * 1225 * 1_712_304  # every ordered pair of disjoint combos, every board
    m = pyeval.preflop_matrix()
    assert np.allclose(m + m.T, 1)
    assert CLASS_NAMES[:2] == ["AA", "AKs"] and CLASS_NAMES[13] == "AKo" and len(set(CLASS_NAMES)) == 169
    assert (CLASS_SIZES == [6 if n[0] == n[1] else 4 if n.endswith("s") else 12 for n in CLASS_NAMES]).all()


def test_published_figures():
    c = preflop_counts()
    i, j = CLASS_NAMES.index("AA"), CLASS_NAMES.index("KK")
    assert (c["wins"][i, j], c["wins"][j, i], c["ties"][i, j], c["total"][i, j]) == (
        50_371_344, 10_986_372, 285_228, 61_642_944)
    assert round(100 * pyeval.preflop_equity("As6s"), 4) == 59.9058
    assert pyeval.preflop_equity("A6s") == pyeval.preflop_equity("6sAs") == pyeval.preflop_equity("Ah6h")
    assert pyeval.preflop_order()[0] == "AA" and pyeval.preflop_order()[-1] == "32o"
    f = pyeval.preflop_matrix(fractions=True)
    assert f[i][j] + f[j][i] == 1 and float(f[i][j]) == pytest.approx(0.8194605, abs=1e-7)


def test_sampled_entries_recomputed_by_enumeration():
    """Entries recomputed with the range engine's assignment path (per combo pair, all boards)."""
    c = preflop_counts()
    rng = np.random.default_rng(2024)
    picks = [("AKo", "QJo"), ("22", "AKs")] + [tuple(rng.choice(CLASS_NAMES, 2)) for _ in range(3 if not FULL else 12)]
    for a, b in picks:
        r = range_equity("holdem", [a, b], _path="assignments")
        i, j = CLASS_NAMES.index(a), CLASS_NAMES.index(b)
        assert (r.wins[0], r.wins[1], r.ties[0], r.outcomes) == (c["wins"][i, j], c["wins"][j, i], c["ties"][i, j],
                                                                 c["total"][i, j]), (a, b)


@pytest.mark.slow  # long (tests/conftest.py: the slow set, PYEVAL_FULL=1)
def test_generator_kernel_against_brute_force():
    pf = generator()
    boards, weights = pf.canonical_boards()
    assert len(boards) == 134_459 and weights.sum() == 2_598_960
    pick = np.sort(np.random.default_rng(7).choice(len(boards), 12, replace=False))
    pick = np.concatenate([pick, [0, len(boards) - 1]])  # also the first and last board classes
    wins, ties = pf.exact_matrix(1, boards=(boards[pick], weights[pick]), progress=False)
    cls = pyeval.ranges.classes.COMBO_CLASS
    masks = combo_masks(HOLDEM_COMBOS)
    want_w = np.zeros((169, 169), np.int64)
    want_t = np.zeros((169, 169), np.int64)
    for board, w in zip(boards[pick], weights[pick]):
        live = np.flatnonzero((masks & combo_masks(board[None, :])[0]) == 0)
        rows = np.ascontiguousarray(np.hstack([HOLDEM_COMBOS[live], np.tile(board, (len(live), 1))]))
        s = pyeval.evaluate_high(rows).astype(np.int64)
        disjoint = (masks[live][:, None] & masks[live][None, :]) == 0
        onehot = np.zeros((len(live), 169))
        onehot[np.arange(len(live)), cls[live]] = 1
        want_w += w * np.rint(onehot.T @ ((s[:, None] > s[None, :]) & disjoint) @ onehot).astype(np.int64)
        want_t += w * np.rint(onehot.T @ ((s[:, None] == s[None, :]) & disjoint) @ onehot).astype(np.int64)
    assert (wins == want_w).all() and (ties == want_t).all()


def test_multiway_table():
    info = preflop_info()
    eq, se = pyeval.preflop_equity(), info["stderr"]
    assert info["generator"] == "tables/preflop.py" and info["matrix_seconds"] > 0
    assert se.shape == (169, 8) and se.max() <= info["stderr_target"] * 1.001
    aa = [pyeval.preflop_equity("AA", n) for n in range(1, 10)]
    assert aa == sorted(aa, reverse=True) and eq[CLASS_NAMES.index("AA")] == aa[0]
    for n in range(2, 10):
        # a random hand against n random hands has equity 1 / (n + 1): the combo-weighted mean
        values = pyeval.preflop_equity(None, n)
        mean = float(CLASS_SIZES @ values / 1326)
        mean_se = float(np.sqrt(((CLASS_SIZES / 1326) ** 2) @ se[:, n - 2] ** 2))
        assert abs(mean - 1 / (n + 1)) < 4 * mean_se + 2e-4, n


def test_multiway_entries_against_fresh_monte_carlo():
    info = preflop_info()
    for hand, n in (("AKs", 2), ("72o", 4), ("TT", 8)):
        r = pyeval.equity("holdem", [hand] + ["random"] * n, method="monte-carlo", samples=200_000, seed=n)
        table = pyeval.preflop_equity(hand, n)
        se = np.hypot(r.stderr[0], info["stderr"][CLASS_NAMES.index(hand), n - 2])
        assert abs(r.equity[0] - table) < 4 * se, (hand, n)


@pytest.mark.slow
def test_regenerate_whole_matrix():
    pf = generator()
    wins, ties = pf.exact_matrix(os.cpu_count() or 1, progress=False)
    c = preflop_counts()
    assert (wins == c["wins"]).all() and (ties == c["ties"]).all()
