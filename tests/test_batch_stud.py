"""Stud, razz and draw rows of ``pyeval.equity_batch`` in C (csrc/stud_batch.c, pyeval/engines/batch/stud.py):
every row equals the single query on that row (exact counts; Monte Carlo with the row's seed), the
shortage rule's common card, the rows left to ``pyeval.equity``, refusals named by row, and Monte
Carlo rows that do not depend on the thread count."""

import numpy as np
import pytest
from test_batch import assert_row_equals

import pyeval
from pyeval import batch
from pyeval.core._native import ffi, lib
from pyeval.engines import engine, strategies
from pyeval.engines.batch import rows as batch_rows
from pyeval.engines.batch import stud as stud_batch

STUD_AND_DRAW = [name for name, g in pyeval.GAMES.items() if g.partial_hands]


def test_every_stud_and_draw_game_is_counted_in_c():
    assert set(STUD_AND_DRAW) == {"stud", "stud-hilo", "razz", "stud5", "draw5", "draw-deuce7", "badugi"}
    assert all(pyeval.get_game(name).stud_kinds is not None for name in STUD_AND_DRAW)
    assert all(g.stud_kinds is None for g in pyeval.GAMES.values() if g.board)


def partial_spots(game, n, players, known, dead_n, seed):
    """n rows of distinct random cards; each hand holds known[0]..known[1] of them (-1 for the rest)."""
    g = pyeval.get_game(game)
    rng = np.random.default_rng(seed)
    holes = np.full((n, players, g.hole), -1, np.int64)
    dead = np.full((n, dead_n), -1, np.int64)
    for i in range(n):
        counts = rng.integers(known[0], known[1] + 1, players)
        cards = rng.choice(np.arange(g.lowest_card, 52), int(counts.sum()) + dead_n, replace=False)
        at = 0
        for p, k in enumerate(counts.tolist()):
            holes[i, p, :k] = cards[at:at + k]
            at += k
        dead[i] = cards[at:]
        if i % 2 and dead_n:
            dead[i, -1] = -1  # -1 pads a row with fewer dead cards
    return holes, dead


def single(game, holes_row, dead_row, **kw):
    hands = [pyeval.format_cards(h[h >= 0]) if (h >= 0).any() else "random" for h in holes_row]
    return pyeval.equity(game, hands, dead=pyeval.format_cards(dead_row[dead_row >= 0]), threads=1, **kw)


# game -> (players, known cards per hand (low, high), dead cards): streets whose exact rows stay small
STREETS = {
    "stud": [(2, (6, 6), 2), (3, (6, 7), 1), (2, (5, 6), 0), (4, (6, 6), 3)],
    "stud-hilo": [(2, (6, 6), 2), (3, (6, 7), 1), (2, (5, 6), 0), (4, (6, 6), 0)],
    "razz": [(2, (6, 6), 2), (3, (6, 7), 1), (2, (5, 6), 0), (4, (6, 6), 3)],
    "stud5": [(2, (3, 4), 2), (3, (4, 5), 1), (4, (4, 4), 0)],
    "draw5": [(2, (3, 5), 2), (3, (4, 5), 1), (2, (0, 0), 0)],
    "draw-deuce7": [(2, (3, 5), 2), (3, (4, 5), 1), (4, (4, 5), 0)],
    "badugi": [(2, (2, 4), 2), (3, (3, 4), 1), (4, (3, 4), 0)],
}
CASES = [(game, shape) for game, shapes in STREETS.items() for shape in shapes]


@pytest.mark.parametrize("game, shape", CASES, ids=[f"{g}-p{s[0]}-k{s[1][0]}{s[1][1]}-d{s[2]}" for g, s in CASES])
def test_exact_rows_equal_single_queries(game, shape):
    players, known, dead_n = shape
    if known == (0, 0):  # a random hand against a known one
        holes, dead = partial_spots(game, 2, players, (5, 5), dead_n, seed=7)
        holes[:, 1] = -1
    else:
        holes, dead = partial_spots(game, 5, players, known, dead_n, seed=hash((game, shape)) % 2**32)
    r = pyeval.equity_batch(game, holes, dead=dead, method="exact", threads=2)
    assert r.exact.all() and r.seed is None
    for i in range(len(holes)):
        assert_row_equals(r, i, single(game, holes[i], dead[i], method="exact"))


@pytest.mark.parametrize("game, shape", CASES, ids=[f"{g}-p{s[0]}-k{s[1][0]}{s[1][1]}-d{s[2]}" for g, s in CASES])
def test_monte_carlo_rows_equal_single_queries_with_row_seed(game, shape):
    players, known, dead_n = shape
    holes, dead = partial_spots(game, 3, players, (0, known[1]), dead_n, seed=hash((shape, game)) % 2**32)
    r = pyeval.equity_batch(game, holes, dead=dead, method="monte-carlo", samples=3_000, seed=77, threads=2)
    assert not r.exact.any() and r.seed == 77 and (r.stderr > 0).any()
    for i in range(len(holes)):
        s = single(game, holes[i], dead[i], method="monte-carlo", samples=3_000, seed=batch.row_seed(77, i))
        assert_row_equals(r, i, s)


def test_monte_carlo_row_over_several_chunks_and_jobs_equals_the_single_query():
    holes, dead = partial_spots("stud-hilo", 2, 3, (3, 6), 1, seed=3)
    samples = batch_rows.JOB_SAMPLES + engine.CHUNK + 7  # a row split over two jobs, its last chunk short
    r = pyeval.equity_batch("stud-hilo", holes, dead=dead, samples=samples, seed=5, threads=2)
    for i in range(len(holes)):
        assert_row_equals(r, i, single("stud-hilo", holes[i], dead[i], samples=samples, seed=batch.row_seed(5, i)))


@pytest.mark.parametrize("game", STUD_AND_DRAW)
def test_monte_carlo_rows_do_not_depend_on_thread_count_and_agree_with_exact(game):
    players = 3
    holes, dead = partial_spots(game, 6, players, (pyeval.get_game(game).hole - 1,) * 2, 2, seed=21)
    runs = [pyeval.equity_batch(game, holes, dead=dead, samples=20_000, seed=4, threads=t) for t in (1, 2, 3)]
    assert runs[0] == runs[1] == runs[2]
    exact = pyeval.equity_batch(game, holes, dead=dead, method="exact")
    assert exact.exact.all()
    assert (np.abs(runs[0].equity - exact.equity) <= 4 * runs[0].stderr + 1e-12).all()


# ---- the shortage rule (RULES.md): one common last card when the deck runs out ----

def seventh_street(players, dead_n, seed, own_last=()):
    rng = np.random.default_rng(seed)
    cards = rng.choice(52, players * 6 + dead_n + len(own_last), replace=False)
    holes = np.full((1, players, 7), -1, np.int64)
    holes[0, :, :6] = cards[:players * 6].reshape(players, 6)
    for k, p in enumerate(own_last):
        holes[0, p, 6] = cards[players * 6 + dead_n + k]
    return holes, cards[players * 6:players * 6 + dead_n][None, :]


@pytest.mark.parametrize("game", ["stud", "stud-hilo", "razz"])
@pytest.mark.parametrize("players, dead_n, common", [(8, 0, True), (7, 3, False), (7, 4, True), (6, 11, True)])
def test_shortage_common_card_rows_equal_single_queries(game, players, dead_n, common):
    holes, dead = seventh_street(players, dead_n, seed=players * 10 + dead_n)
    deck = 52 - players * 6 - dead_n
    layout = engine.build_layout(pyeval.get_game(game), list(holes[0, :, :6].astype(np.uint8)), [],
                                 dead[0].astype(np.uint8))
    assert (layout.board == 1) is common  # the single query's deal: a common card, or each his own
    for method, kw in (("exact", {}), ("monte-carlo", {"samples": 5_000, "seed": 3})):
        r = pyeval.equity_batch(game, holes, dead=dead, method=method, threads=2, **kw)
        s = single(game, holes[0], dead[0], method=method, **({"samples": 5_000, "seed": batch.row_seed(3, 0)}
                                                             if kw else {}))
        assert_row_equals(r, 0, s)
        if method == "exact":
            assert r.outcomes[0] == (deck if common else int(np.prod(np.arange(deck - players + 1, deck + 1))))


def test_shortage_with_a_player_holding_his_last_card_is_refused_by_row():
    holes, dead = seventh_street(7, 4, seed=1, own_last=(2,))  # 5 live cards for 6 players short of a card
    ok, ok_dead = seventh_street(7, 4, seed=2)
    with pytest.raises(ValueError, match="a community card is only dealt"):
        single("stud", holes[0], dead[0], method="exact")
    rows = np.concatenate([ok, ok, holes])
    with pytest.raises(ValueError, match=r"row 2: the deck runs short .* already holds his last card"):
        pyeval.equity_batch("stud", rows, dead=np.concatenate([ok_dead, ok_dead, dead]))


# ---- which rows go where ----

def test_auto_rows_pick_what_equity_picks_and_heavy_rows_go_through_equity():
    hands = [["AsAd7cKd2h3c", "KhKc2s3s4d5d", "QhQc9s9d8d8c"],  # 6th street: exact in C
             ["AsAd7cKd2h", "KhKc2s3s4d", "QhQc9s9d8d"]]  # 5th street, 209M deals: auto samples (in C)
    r = pyeval.equity_batch("stud", hands, seed=8, threads=2)
    assert r.exact.tolist() == [True, False] and r.seed == 8
    for i, row in enumerate(hands):
        s = pyeval.equity("stud", row, seed=batch.row_seed(8, i), threads=2)
        assert s.method == ("exact" if i == 0 else "monte-carlo")
        assert_row_equals(r, i, s)
    # heads-up stud 4th and 5th streets (141M and 672K deals) are counted in C, the last player by
    # inclusion-exclusion; hi/lo 5th street (walked: 672K deals) is left to the two-hand count
    for game, heavy, in_c in [("stud", [["AsAd7c3h", "KhKc2s4d"], ["AsAd7c3h6h", "KhKc2s4d5d"]], [0, 1]),
                              ("stud-hilo", [["AsAd7c3h6h9c", "KhKc2s4d5d8s"], ["AsAd7c3h6h", "KhKc2s4d5d"]], [0])]:
        g = pyeval.get_game(game)
        holes = batch._hands_rows(g, heavy)
        dead = np.zeros((2, 0), np.uint8)
        route = lambda i, g=g, holes=holes, dead=dead: strategies.stud_batch_route(  # noqa: E731
            batch._row_spot(g, holes, np.zeros((2, 1, 0), np.uint8), dead, i, "exact", None, None, 1))
        exact, _, sampled, single_rows = stud_batch.plan(holes, dead, "exact", route)
        assert exact.tolist() == in_c and len(sampled) == 0 and single_rows.tolist() == [1] * (len(in_c) == 1)
        r = pyeval.equity_batch(game, heavy, method="exact")
        for i in range(2):
            assert_row_equals(r, i, pyeval.equity(game, heavy[i], method="exact"))


def test_rows_refused_by_the_c_check_are_named():
    with pytest.raises(ValueError, match="row 1: a card twice"):
        pyeval.equity_batch("razz", [["As2d3c", "4h5h6h"], ["As2d3c", "As5h6h"]])
    with pytest.raises(ValueError, match="row 0: more cards to deal than the deck holds"):
        pyeval.equity_batch("stud5", [["AsAd7c3h"] + ["random"] * 9], dead=["2c2d2h2s3c3d4c4d4h4s5c5d"])
    with pytest.raises(ValueError, match="row 0: a card twice"):
        pyeval.equity_batch("badugi", [["As2d", "3c4h"]], dead=["As"])


def test_the_c_layer_checks_what_it_is_given():
    g = pyeval.get_game("stud-hilo")
    kinds = g.stud_kinds
    holes = np.full((2, 2, 7), 255, np.uint8)
    holes[:, 0, :6], holes[:, 1, :6] = [0, 1, 4, 5, 8, 9], [2, 3, 6, 7, 10, 11]
    dead = np.zeros((2, 0), np.uint8)
    assert stud_batch.check(g, kinds, holes, dead)[0] == -1
    holes[1, 1, 3] = 60  # a code out of range
    assert stud_batch.check(g, kinds, holes, dead) == (1, 1)
    holes[1, 1, 3] = 1  # a card twice
    assert stud_batch.check(g, kinds, holes, dead) == (1, 2)
    counts = np.zeros(16, np.int64)
    args = [ffi.from_buffer("uint8_t[]", holes), 2, 7, ffi.from_buffer("uint8_t[]", dead), 0, 0, 1]
    ptr = ffi.from_buffer("int64_t[]", counts)
    assert lib.pyeval_stud_batch_exact(*args, *kinds, 1 << 31, 2, ptr, 16, ffi.NULL, 0, ffi.NULL) == 1
    assert lib.pyeval_stud_batch_exact(*args, *kinds, 1 << 31, 2, ptr, 8, ffi.NULL, 0, ffi.NULL) == -2  # counts
    assert lib.pyeval_stud_batch_exact(*args, *kinds, 10, 1, ptr, 16, ffi.NULL, 0, ffi.NULL) == 0  # too much work
    bad_shapes = [(1, 7, *kinds), (2, 3, *kinds), (2, 7, lib.PYEVAL_EVAL_LOW8, -1), (2, 7, kinds[0], kinds[0]),
                  (2, 7, lib.PYEVAL_EVAL_BADUGI, -1), (11, 7, kinds[0], -1)]
    for players, h, hi, lo in bad_shapes:
        reason = ffi.new("int32_t *")
        assert lib.pyeval_stud_batch_check(args[0], players, h, args[3], 0, 0, 1, hi, lo, 1, reason) == -2
    need = np.array([1, 1, 9], np.int64)
    work = lib.pyeval_stud_batch_work
    assert work(ffi.from_buffer("int64_t[]", need), 2, 40, 0, 0) > 0
    assert work(ffi.from_buffer("int64_t[]", need), 3, 40, 0, 0) == -2  # 9 cards to deal a hand
    assert work(ffi.from_buffer("int64_t[]", need), 2, 1, 0, 0) == -2  # more cards than the deck holds
    assert work(ffi.from_buffer("int64_t[]", need), 2, 40, 2, 0) == -2
    seeds = np.ones(2, np.uint64)
    assert lib.pyeval_stud_batch_sample(*args, *kinds, ffi.from_buffer("uint64_t[]", seeds), 100, 0, 0, 1, 1, ptr,
                                        16, ffi.NULL, 0, ffi.NULL) == -2  # chunk 0
