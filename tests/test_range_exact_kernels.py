"""The C kernels of exact range equity (pyeval.engines.native.range_exact, csrc/range_exact.c) against the numba
kernels they replace (tests/numba_range_kernels.py): the same arrays out of the same arrays in on
many seeded random inputs, the same integer counts for whole queries (heads-up and multiway,
weights, boards of 0/3/4/5 cards, dead cards, hi/lo, Omaha), arguments the wrapper or the C
refuse, and no numba in a process that asks an exact range question."""

from __future__ import annotations

import subprocess
import sys

import numba_range_kernels as K  # the numba kernels the C replaced
import numpy as np
import pytest

from pyeval.core._native import ffi, lib
from pyeval.engines.native import range_exact as C
from pyeval.engines.range import equity as range_equity
from pyeval.engines.range import spot as range_spot
from pyeval.results.tally import POT


def random_combos(rng, n, hole, deck=52, lowest=0):
    """n hands of ``hole`` distinct cards (repeats and shared cards between hands allowed)."""
    return np.array([rng.choice(np.arange(lowest, deck), hole, replace=False) for _ in range(n)],
                    np.uint8).reshape(n, hole)


def masks_of(combos):
    return np.bitwise_or.reduce(np.uint64(1) << combos.astype(np.uint64), axis=1)


def random_blocks(rng, players, hole, most=12):
    sizes = rng.integers(1, most + 1, players)
    combos = random_combos(rng, int(sizes.sum()), hole)
    offsets = np.concatenate([[0], np.cumsum(sizes)]).astype(np.int64)
    return combos, masks_of(combos), offsets


# ---------------------------------------------------------------------------
# each kernel against its numba original
# ---------------------------------------------------------------------------


@pytest.mark.parametrize("trial", range(40))
def test_assignments_match_numba(trial):
    rng = np.random.default_rng(trial)
    players, hole = int(rng.integers(1, 5)), int(rng.choice([2, 4]))
    _, masks, offsets = random_blocks(rng, players, hole)
    full = K._assignments(masks, offsets, np.zeros((0, players), np.int32), 1 << 40)
    rows = int(rng.integers(0, full + 2))  # an out shorter than the count: the rest only counted
    cap = int(rng.choice([1, max(1, full // 2), full + 1, 1 << 40]))
    out_c, out_n = (np.full((rows, players), -7, np.int32) for _ in range(2))
    n_c = C.assignments(masks, offsets, out_c, cap)
    n_n = K._assignments(masks, offsets, out_n, cap)
    assert n_c == n_n and np.array_equal(out_c, out_n)
    assert n_c == min(full, cap) or (cap <= full and n_c == cap)


@pytest.mark.parametrize("trial", range(20))
def test_canonical_keys_match_numba(trial):
    rng = np.random.default_rng(500 + trial)
    players = int(rng.integers(1, 5))
    _, masks, offsets = random_blocks(rng, players, 2)
    count = K._assignments(masks, offsets, np.zeros((0, players), np.int32), 1 << 40)
    assign = np.zeros((count, players), np.int32)
    K._assignments(masks, offsets, assign, count)
    sizes = np.diff(offsets)
    n_perm = int(rng.integers(0, 9))
    perm = np.zeros((n_perm, int(offsets[-1])), np.int64)  # 0 rows: every key -1
    for s in range(n_perm):
        perm[s] = np.concatenate([rng.permutation(int(size)) for size in sizes])
    radix = np.ones(players, np.int64)
    for p in range(players - 2, -1, -1):
        radix[p] = radix[p + 1] * sizes[p + 1]
    keys_c, keys_n = (np.full(count, 99, np.int64) for _ in range(2))
    C.canonical_keys(assign, perm, offsets, radix, keys_c)
    K._canonical_keys(assign, perm, offsets, radix, keys_n)
    assert np.array_equal(keys_c, keys_n)


@pytest.mark.parametrize("board_len,hole", [(0, 2), (3, 2), (4, 2), (5, 2), (3, 4), (4, 4), (5, 4), (5, 5)])
def test_rows_match_numba(board_len, hole):
    rng = np.random.default_rng(board_len * 10 + hole)
    nb, n = int(rng.integers(1, 30)), int(rng.integers(1, 40))
    boards = random_combos(rng, nb, board_len) if board_len else np.zeros((nb, 0), np.uint8)
    combos = random_combos(rng, n, hole)
    dummy = np.arange(hole + board_len, dtype=np.uint8)
    rows_c, rows_n = (np.full((nb * n, hole + board_len), 77, np.uint8) for _ in range(2))
    valid_c, valid_n = np.zeros((nb, n), bool), np.ones((nb, n), bool)
    C.rows(boards, combos, rows_c, valid_c, dummy)
    K._board_major_rows(boards, combos, rows_n, valid_n, dummy)
    assert np.array_equal(rows_c, rows_n) and np.array_equal(valid_c, valid_n)
    if board_len == 5 and hole == 2:  # the sweep's own numba twin
        K._sweep_rows(boards, combos, rows_n, valid_n, dummy)
        assert np.array_equal(rows_c, rows_n) and np.array_equal(valid_c, valid_n)


def sweep_inputs(rng):
    n0, n1 = int(rng.integers(1, 60)), int(rng.integers(1, 60))
    combos = random_combos(rng, n0 + n1, 2, deck=12)  # a small deck: many shared cards
    combos[n0:n0 + min(n0, n1) // 2] = combos[:min(n0, n1) // 2]  # combos in both ranges
    masks = masks_of(combos)
    self0 = np.full(n0, -1, np.int64)
    self1 = np.full(n1, -1, np.int64)
    for a in range(n0):
        hit = np.flatnonzero(masks[n0:] == masks[a])
        if len(hit):
            self0[a] = hit[0]
            self1[hit[0]] = a
    nb = int(rng.integers(1, 25))
    strengths = rng.integers(0, int(rng.choice([3, 50, 7462])), (nb, n0 + n1)).astype(np.int32)
    valid = rng.random((nb, n0 + n1)) < 0.8
    num0 = rng.integers(1, int(rng.choice([2, 1000, 10**12])), n0).astype(np.int64)
    num1 = rng.integers(1, 1000, n1).astype(np.int64)
    return strengths, valid, combos, n0, num0, num1, self0, self1


@pytest.mark.parametrize("trial", range(30))
def test_sweep_heads_up_matches_numba(trial):
    rng = np.random.default_rng(900 + trial)
    args = sweep_inputs(rng)
    n0, n1 = args[3], len(args[2]) - args[3]
    start = rng.integers(-5, 5, (6, max(n0, n1) + int(rng.integers(0, 3)))).astype(np.int64)  # added to
    acc_c, acc_n = start.copy(), start.copy()
    C.sweep_heads_up(*args, acc_c)
    K._sweep_heads_up(*args, acc_n)
    assert np.array_equal(acc_c, acc_n) and (acc_c != start).any()


def tally_inputs(rng, parts, players, hole=2):
    combos, masks, offsets = random_blocks(rng, players, hole, most=8)
    count = K._assignments(masks, offsets, np.zeros((0, players), np.int32), 1 << 40)
    assign = np.zeros((count, players), np.int32)
    K._assignments(masks, offsets, assign, count)
    nb, n = int(rng.integers(1, 20)), len(combos)
    strengths = rng.integers(0, 4, (parts, nb, n)).astype(np.int32)  # ties and unqualified lows
    valid = rng.random((nb, n)) < 0.85
    wfull = rng.integers(1, 50, count).astype(np.int64)
    split = np.zeros((parts, players + 1), np.int64)
    split[:, 1:] = [[(POT // parts) // w for w in range(1, players + 1)]] * parts
    fallback = np.array([-1] + [0] * (parts - 1), np.int64)
    return strengths, valid, assign, offsets, wfull, split, fallback


def tally_counters(rng, n_assign, parts, players):
    """Counters with values in them already: the kernels add."""
    shapes = [(n_assign, players)] * 3 + [(players,)] * 3 + [(parts, players), (parts,), (1,)]
    return [rng.integers(0, 9, s).astype(np.int64) for s in shapes]


@pytest.mark.parametrize("parts,players", [(1, 1), (1, 2), (2, 2), (1, 3), (2, 3), (2, 4)])
def test_board_major_tally_matches_numba(parts, players):
    for trial in range(4):
        rng = np.random.default_rng(parts * 100 + players * 10 + trial)
        args = tally_inputs(rng, parts, players)
        counters = tally_counters(rng, len(args[2]), parts, players)
        c, n = [a.copy() for a in counters], [a.copy() for a in counters]
        C.board_major_tally(*args, POT, *c)
        K._board_major_tally(*args, POT, *n)
        assert all(np.array_equal(x, y) for x, y in zip(c, n))
        assert c[-1][0] > counters[-1][0]


# ---------------------------------------------------------------------------
# whole queries: the C kernels against the numba ones inside the range engine (range_spot)
# ---------------------------------------------------------------------------


NUMBA = K.AS_RANGE_EXACT

QUERIES = [  # game, hands, board, dead, exact paths to force
    ("holdem", ["AKs,QQ+", "15%"], "Kd8c2s", "", [None, "sweep", "board_major"]),
    ("holdem", ["AA,KK:0.5,AKs", "QQ,AKo,AhQh:0.25"], "Kd8c2s9h", "", [None, "sweep", "board_major", "assignments"]),
    ("holdem", ["QQ+,AKs:0.5,AhQh", "22-55,T9s-65s"], "Kd8c2s", "3h", [None, "sweep", "assignments"]),
    ("holdem", ["AA,KK", "KK,QQ", "AK,QQ"], "Qs7c2d4h", "3h", [None, "board_major", "assignments"]),
    ("holdem", ["JJ+,AK", "TT-77:0.3,AQs", "random"], "Qs7c2d4h5s", "", [None, "board_major"]),
    ("holdem", ["AA,KK", "QQ,JJ:0.5", "AKs"], "", "", [None, "assignments"]),
    ("holdem", ["AKs,QQ+", "JJ-99,AQs:0.5"], "", "2c", [None, "assignments"]),
    ("holdem", ["AhKh", "JJ-99,AQs"], "Th9h2c3s", "", ["sweep", "board_major", "assignments"]),
    ("holdem-hilo", ["A2s,A3s", "KK,A4"], "5c6d8h9s", "", [None, "board_major", "assignments"]),
    ("holdem-hilo", ["A2,A3:0.5", "KK,A4s", "QQ"], "5c6d8h", "", [None, "board_major"]),
    ("omaha", ["AAKKds,AsQsJdTd", "KKQQ"], "2c7dTh9s", "", [None, "board_major", "assignments"]),
    ("omaha-hilo", ["AsAd2h3h,AhAc2s3d:0.5", "KKQQ:0.5,JsJd4h5h"], "2c7dTh9s", "", [None, "board_major"]),
    ("omaha", ["AAKKds", "KKQQ", "JJTT"], "2c7dTh9s5s", "", [None, "board_major"]),
    ("shortdeck", ["AA,KK", "QQ+,AKs"], "6c7dTh8s", "", [None, "sweep", "board_major"]),
]


def same_counts(a, b):
    assert a.outcomes == b.outcomes and a.wins.tolist() == b.wins.tolist() and a.ties.tolist() == b.ties.tolist()
    assert np.array_equal(np.asarray(a.units), np.asarray(b.units))
    for x, y in zip(a.combo_tally, b.combo_tally):
        assert (x is None) == (y is None)
        if x is not None:
            for f in ("units", "wins", "ties", "outcomes"):
                if hasattr(x, f):
                    assert np.array_equal(np.asarray(getattr(x, f)), np.asarray(getattr(y, f)))


@pytest.mark.parametrize("game, hands, board, dead, paths", QUERIES, ids=[f"{q[0]}-{i}" for i, q in enumerate(QUERIES)])
def test_queries_match_numba(monkeypatch, game, hands, board, dead, paths):
    for path in paths:
        kw = {"method": "exact"} if path is None else {"_path": path}
        c = range_equity.range_equity(game, hands, board=board, dead=dead, **kw)
        with monkeypatch.context() as m:
            m.setattr(range_spot, "range_exact", NUMBA)
            n = range_equity.range_equity(game, hands, board=board, dead=dead, **kw)
        same_counts(c, n)


@pytest.mark.parametrize("trial", range(12))
def test_random_queries_match_numba(monkeypatch, trial):
    """Random hold'em and Omaha spots: 2-4 players, random ranges with weights, 0/3/4/5 board cards, dead cards."""
    rng = np.random.default_rng(7000 + trial)
    omaha = trial % 4 == 3
    game = ("omaha" if trial % 8 == 3 else "omaha-hilo") if omaha else ("holdem-hilo" if trial % 5 == 4 else "holdem")
    hole = 4 if omaha else 2
    deck = rng.permutation(52)
    board_len = int(rng.choice([3, 4, 5])) if omaha else int(rng.choice([0, 3, 4, 5]))
    board, dead, pool = deck[:board_len], deck[board_len:board_len + int(rng.integers(0, 3))], deck[8:]
    players = int(rng.integers(2, 4 if omaha or board_len < 3 else 5))
    hands = []
    for _ in range(players):
        size = int(rng.integers(1, 5 if omaha else 9))
        combos = list(dict.fromkeys(tuple(sorted(rng.choice(pool, hole, replace=False).tolist()))
                                    for _ in range(size)))
        size = len(combos)
        weights = rng.choice([1.0, 0.5, 0.25], size)
        hands.append(",".join(f"{_text(c)}:{w}" if w != 1 else _text(c) for c, w in zip(combos, weights)))
    paths = [None, "board_major"] + (["assignments"] if board_len >= 4 or players == 2 else [])
    if players == 2 and not omaha and game == "holdem" and board_len:
        paths.append("sweep")
    for path in paths:
        kw = {"method": "exact"} if path is None else {"_path": path}
        try:
            c = range_equity.range_equity(game, hands, board=_text(board), dead=_text(dead), **kw)
        except ValueError as e:  # no deal possible: both must say so
            with monkeypatch.context() as m, pytest.raises(ValueError, match=str(e)[:20]):
                m.setattr(range_spot, "range_exact", NUMBA)
                range_equity.range_equity(game, hands, board=_text(board), dead=_text(dead), **kw)
            continue
        with monkeypatch.context() as m:
            m.setattr(range_spot, "range_exact", NUMBA)
            n = range_equity.range_equity(game, hands, board=_text(board), dead=_text(dead), **kw)
        same_counts(c, n)


def _text(cards):
    from pyeval.core.cards import format_cards

    return format_cards(np.asarray(cards, np.uint8)).replace(" ", "")


# ---------------------------------------------------------------------------
# what the wrapper and the C refuse
# ---------------------------------------------------------------------------


def test_wrapper_refuses_bad_arrays():
    masks = np.array([1, 2, 4], np.uint64)
    offsets = np.array([0, 1, 3], np.int64)
    out = np.zeros((4, 2), np.int32)
    with pytest.raises(ValueError, match="cap"):
        C.assignments(masks, offsets, out, 0)
    with pytest.raises(TypeError, match="int32"):
        C.assignments(masks, offsets, out.astype(np.int64), 5)
    with pytest.raises(ValueError, match="out"):
        C.assignments(masks, offsets, np.zeros((4, 3), np.int32), 5)
    with pytest.raises(ValueError, match="offsets"):
        C.assignments(masks, np.array([0, 2, 9], np.int64), out, 5)
    with pytest.raises(ValueError, match="offsets"):
        C.assignments(masks, np.array([0, 2, 1], np.int64), out, 5)
    with pytest.raises(TypeError, match="masks"):
        C.assignments(masks.astype(np.int64), offsets, out, 5)
    with pytest.raises(ValueError, match="C-contiguous"):
        C.assignments(masks, offsets, np.zeros((2, 4), np.int32).T, 5)
    assert C.assignments(masks, offsets, out, 5) == 2
    boards, combos = np.zeros((2, 3), np.uint8), np.array([[5, 6]], np.uint8)
    with pytest.raises(ValueError, match="out"):
        C.rows(boards, combos, np.zeros((2, 4), np.uint8), np.zeros((2, 1), bool), np.zeros(5, np.uint8))
    with pytest.raises(TypeError, match="bool"):
        C.rows(boards, combos, np.zeros((2, 5), np.uint8), np.zeros((2, 1), np.uint8), np.zeros(5, np.uint8))
    with pytest.raises(ValueError, match="acc"):
        args = sweep_inputs(np.random.default_rng(1))
        C.sweep_heads_up(*args, np.zeros((6, 0), np.int64))


def test_c_refuses_indices_out_of_range():
    """What the wrapper cannot see (values inside the arrays) the C checks: status -2, nothing written."""
    rng = np.random.default_rng(3)
    strengths, valid, assign, offsets, wfull, split, fallback = tally_inputs(rng, 2, 2)
    counters = tally_counters(rng, len(assign), 2, 2)
    for bad in ("assign", "fallback"):
        a, f = assign.copy(), fallback.copy()
        if bad == "assign":
            a[-1, 1] = int(np.diff(offsets)[1])  # one past player 1's block
        else:
            f[1] = 2
        with pytest.raises(ValueError, match="refused"):
            C.board_major_tally(strengths, valid, a, offsets, wfull, split, f, POT, *counters)
    combos = np.array([[3, 60]], np.uint8)  # not a card
    with pytest.raises(ValueError, match="refused"):
        C.rows(np.zeros((1, 3), np.uint8), combos, np.zeros((1, 5), np.uint8), np.zeros((1, 1), bool),
               np.zeros(5, np.uint8))
    args = list(sweep_inputs(rng))
    args[6] = args[6].copy()
    args[6][0] = len(args[2]) - args[3]  # self0 past range 1
    with pytest.raises(ValueError, match="refused"):
        C.sweep_heads_up(*args, np.zeros((6, 64), np.int64))
    args = list(sweep_inputs(rng))
    args[0] = args[0].copy()
    args[0][0, 0] = -1  # a negative strength would index before the counting sort's slots
    with pytest.raises(ValueError, match="refused"):
        C.sweep_heads_up(*args, np.zeros((6, 64), np.int64))
    # straight to the C: a cap of 0, too many players, a block past the masks
    masks = np.array([1, 2], np.uint64)
    out = np.zeros(4, np.int32)
    call = lambda offs, players, cap: lib.pyeval_range_assignments(  # noqa: E731
        ffi.from_buffer("uint64_t[]", masks), 2, ffi.from_buffer("int64_t[]", offs), players,
        ffi.from_buffer("int32_t[]", out), 2, cap)
    assert call(np.array([0, 1, 2], np.int64), 2, 0) == -2
    assert call(np.array([0, 1, 3], np.int64), 2, 5) == -2
    assert call(np.zeros(70, np.int64), 65, 5) == -2
    assert call(np.array([0, 1, 2], np.int64), 2, 5) == 1


def test_canonical_keys_c_refuses_assignments_past_the_blocks():
    assign = np.array([[0, 3]], np.int32)
    offsets = np.array([0, 2, 5], np.int64)
    perm = np.zeros((2, 5), np.int64)
    keys = np.zeros(1, np.int64)
    with pytest.raises(ValueError, match="refused"):
        C.canonical_keys(assign, perm, offsets, np.ones(2, np.int64), keys)
    assign[0, 1] = 2
    C.canonical_keys(assign, perm, offsets, np.ones(2, np.int64), keys)
    assert keys.tolist() == [0]


# ---------------------------------------------------------------------------
# no numba
# ---------------------------------------------------------------------------


@pytest.mark.parametrize("code", [
    "pyeval.equity('holdem', ['AKs,QQ+', '15%'], board='Kd8c2s')",  # the sweep
    "pyeval.equity('holdem', ['AA,KK', 'QQ,JJ', 'AKs'], board='Kd8c2s9h', method='exact')",  # board-major
    "pyeval.equity('holdem', ['AA,KK', 'QQ,JJ', 'AKs'], method='exact')",  # assignments
    "pyeval.equity('omaha-hilo', ['AsAd2h3h', 'KKQQ'], board='2c7dTh9s', method='exact')",
])
def test_exact_range_queries_load_no_numba(code):
    script = f"import sys\nimport pyeval\n{code}\nprint(sorted(m for m in sys.modules if m.startswith('numba')))"
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True)
    assert out.stdout.strip().splitlines()[-1] == "[]"


def test_numba_reference_is_numba():
    """The reference really is the numba code (the comparisons above are not C against C)."""
    assert type(K._assignments).__module__.startswith("numba")
