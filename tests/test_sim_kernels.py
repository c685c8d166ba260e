"""The C kernels of deal, showdown and simulate (pyeval.sim._sim_kernels, csrc/sim_kernels.c) against the
numba kernels they replace (tests/numba_sim_kernels.py): the same arrays out of the same arrays in
on many random inputs, the same answers for whole queries on one and two threads, and refusals of
arrays the C must not touch."""

from __future__ import annotations

import types

import numba_sim_kernels as K  # the numba kernels the C replaced (tests/numba_sim_kernels.py)
import numpy as np
import pytest

import pyeval
from pyeval.core._results import same
from pyeval.core.describe import category_index
from pyeval.core.games import GAMES
from pyeval.engines import engine
from pyeval.results.tally import POT
from pyeval.sim import _sim_kernels as C
from pyeval.sim.deal import deal_spec, evaluate_rows
from pyeval.sim.studies import _combinations, hand_classes


def numba_twins():
    """The numba kernels behind pyeval.sim._sim_kernels' signatures: the engine as it was."""
    twins = {name: getattr(K, name) for name in C.__all__}
    twins["hand_class_ids"] = lambda rows, hole, classes, out: K.hand_class_ids(rows, hole, engine.BINOM, classes,
                                                                                out)
    return types.SimpleNamespace(**twins)


def random_spec(rng, game):
    """A deal layout of ``game`` with 2 to max_players players and, at random, known hole cards
    (whole or partial), a known board and dead cards."""
    g = GAMES[game]
    fits = g.max_players if g.stud_shortage else (52 - g.lowest_card - g.boards * g.board) // g.hole
    players = int(rng.integers(2, min(g.max_players, fits) + 1))
    codes = rng.permutation(np.arange(g.lowest_card, 52)).tolist()
    take = lambda k: pyeval.format_cards(np.array([codes.pop() for _ in range(k)], np.uint8))  # noqa: E731
    hands = []
    for _ in range(players):
        r = rng.random()
        if r < 0.6 or (not g.board and r < 0.8):
            hands.append("random")
        elif g.board:  # a partial hand of a board game writes its missing cards "*"
            known = int(rng.integers(1, g.hole + 1))
            hands.append(take(known) + "*" * (g.hole - known))
        else:
            hands.append(take(int(rng.integers(1, g.hole))))
    board = ""
    if g.board and rng.random() < 0.4:
        board = " ".join(take(int(rng.choice([3, 4, 5]))) for _ in range(g.boards)) if g.boards > 1 else \
            take(int(rng.choice([0, 3, 4, 5])))
    dead = take(int(rng.integers(0, 4))) if rng.random() < 0.5 else ""
    try:
        return deal_spec(game, players, board, dead, hands)
    except ValueError:  # a layout the game refuses (e.g. a double board written another way): plain deal
        return deal_spec(game, players)


def random_strengths(rng, n, boards, players, levels):
    """Few levels, so many ties; zeros (no qualifying low) among them."""
    return rng.integers(0, levels, size=(n, boards, players)).astype(np.int32)


@pytest.mark.parametrize("game", sorted(GAMES))
def test_dealers_match_numba(game):
    """deal_cards and deal_rows: the same cards, decks and states, in sub-batches too."""
    rng = np.random.default_rng(sum(map(ord, game)))
    for _ in range(4):
        spec = random_spec(rng, game)
        state = engine.chunk_seed(int(rng.integers(0, 1 << 40)), int(rng.integers(0, 9)))
        for dealer in ("deal_cards", "deal_rows"):
            got = []
            for kernels in (C, K):
                deck, st = spec.deck.copy(), state.copy()
                outs = []
                for n in (1, 7, 300):  # consecutive calls continue one stream
                    if dealer == "deal_cards":
                        out = np.full((n, len(spec.template)), 255, np.uint8)
                        kernels.deal_cards(deck, st, spec.template, spec.pick_pos, out)
                    else:
                        out = np.full((n, spec.rows, spec.k), 255, np.uint8)
                        kernels.deal_rows(deck, st, spec.template, spec.pick_pos, spec.boards, spec.board_n,
                                          spec.players, spec.hole, out)
                    outs.append(out)
                got.append((outs, deck, st))
            (outs_c, deck_c, st_c), (outs_n, deck_n, st_n) = got
            assert all(np.array_equal(a, b) for a, b in zip(outs_c, outs_n))
            assert np.array_equal(deck_c, deck_n) and np.array_equal(st_c, st_n)
            assert not np.array_equal(st_c, state)  # drew something


@pytest.mark.parametrize("trial", range(12))
def test_raw_dealers_match_numba(trial):
    """Arbitrary decks, templates and pick positions (odd and even picks, none, all)."""
    rng = np.random.default_rng(500 + trial)
    deck_n = int(rng.integers(1, 53))
    deck = rng.permutation(52)[:deck_n].astype(np.uint8)
    n_pick = [0, deck_n, int(rng.integers(0, deck_n + 1))][trial % 3]
    v = n_pick + int(rng.integers(0, 6))
    template = rng.integers(0, 52, v).astype(np.uint8)
    pick_pos = rng.permutation(v)[:n_pick].astype(np.int64)
    state = engine.chunk_seed(trial, 1)
    outs = []
    for kernels in (C, K):
        d, s = deck.copy(), state.copy()
        out = np.zeros((400, v), np.uint8)
        kernels.deal_cards(d, s, template, pick_pos, out)
        outs.append((out, d, s))
    assert all(np.array_equal(a, b) for a, b in zip(*outs))


@pytest.mark.parametrize("lowest", [0, 16])
def test_check_deals_matches_numba(lowest):
    rng = np.random.default_rng(lowest)
    for trial in range(300):
        n, v = int(rng.integers(1, 6)), int(rng.integers(1, 20))
        cards = np.stack([rng.permutation(np.arange(lowest, 52))[:v] for _ in range(n)]).astype(np.uint8)
        fault = trial % 4
        i, q = int(rng.integers(0, n)), int(rng.integers(0, v))
        if fault == 1 and v > 1:  # a repeated card
            cards[i, q] = cards[i, (q + 1) % v]
        elif fault == 2:  # out of the deck
            cards[i, q] = rng.choice([52, 53, 200, 255] + ([0, lowest - 1] if lowest else []))
        answers = []
        for kernels in (C, K):
            seen = np.full(2, -7, np.int64)
            answers.append((kernels.check_deals(cards, lowest, seen), seen.tolist()))
        assert answers[0] == answers[1]
        assert (answers[0][0] == -1) == (fault in (0, 3) or (fault == 1 and v == 1))


SEATS = [(1, 2), (1, 3), (1, 6), (1, 10), (2, 2), (2, 5), (2, 10), (1, 1)]


@pytest.mark.parametrize("boards,players", SEATS)
def test_shares_and_hand_tallies_match_numba(boards, players):
    """showdown_shares and the three starting-hand tallies, high only and hi/lo, many ties."""
    rng = np.random.default_rng(boards * 100 + players)
    n, n_classes = 4000, 37
    hi = random_strengths(rng, n, boards, players, 4)
    lo = random_strengths(rng, n, boards, players, 3)
    ids = rng.integers(0, n_classes, (n, players)).astype(np.int32)
    for has_low in (False, True):
        units = [np.zeros((n, players), np.int64) for _ in range(2)]
        hands = [np.zeros((n_classes, 6), np.int64) for _ in range(2)]
        for kernels, u, h in zip((C, K), units, hands):
            kernels.showdown_shares(hi, lo if has_low else hi, has_low, POT, u)
            kernels.tally_hands(hi, lo if has_low else hi, has_low, POT, ids, h)
        assert np.array_equal(*units) and (units[0].sum(axis=1) == POT).all()
        assert np.array_equal(*hands) and hands[0][:, 0].sum() == n * players
    if boards == 1:
        split = [np.zeros((n_classes, players + 1), np.int64) for _ in range(2)]
        hilo = [np.zeros((n_classes, 6), np.int64) for _ in range(2)]
        for kernels, s, h in zip((C, K), split, hilo):
            kernels.tally_hands_split(hi, ids, s)
            kernels.tally_hands_hilo(hi, lo, POT, ids, h)
        assert np.array_equal(*split) and split[0].sum() == n * players
        assert np.array_equal(*hilo) and hilo[0][:, 1].sum() == n * POT


@pytest.mark.parametrize("boards,players", SEATS)
def test_category_and_hilo_tallies_match_numba(boards, players):
    rng = np.random.default_rng(7 + boards * 100 + players)
    n, hole, board_n = 3000, 4, 5
    hi_cat, lo_cat = category_index("high"), category_index("low8")
    hi = rng.integers(0, len(hi_cat), (n, boards, players)).astype(np.int32)
    hi[:, :, 0] = hi[:, :, -1]  # ties
    lo = rng.integers(0, len(lo_cat), (n, boards, players)).astype(np.int32)
    lo[rng.random(lo.shape) < 0.5] = 0  # no low
    lo[:, :, 0] = np.where(rng.random((n, boards)) < 0.3, lo[:, :, -1], lo[:, :, 0])
    rows = np.stack([np.stack([rng.permutation(52)[:hole + board_n] for _ in range(boards * players)])
                     for _ in range(n)]).astype(np.uint8)
    for has_low in (False, True):
        counts = []
        for kernels in (C, K):
            c = [np.zeros(int(hi_cat.max()) + 1, np.int64), np.zeros(int(hi_cat.max()) + 1, np.int64),
                 np.zeros(int(lo_cat.max()) + 1, np.int64), np.zeros(int(lo_cat.max()) + 1, np.int64)]
            kernels.tally_categories(hi, lo if has_low else hi, has_low, hi_cat, lo_cat, *c)
            counts.append(c)
        assert all(np.array_equal(a, b) for a, b in zip(*counts))
        assert counts[0][1].sum() == n * boards and counts[0][3].sum() == (n * boards if has_low else 0)
    for bn in (0, 3, board_n):
        out = [np.zeros(10, np.int64) for _ in range(2)]
        for kernels, o in zip((C, K), out):
            kernels.tally_hilo(rows, hi, lo, POT, hole, bn, o)
        assert np.array_equal(*out) and out[0][0] == n and (bn < 3 or out[0][2] > 0)


@pytest.mark.parametrize("hole", [1, 2, 3, 4, 5])
def test_hand_classes_match_numba(hole):
    """hole_class_keys on every combination, hand_class_ids on random rows (real class tables)."""
    rng = np.random.default_rng(hole)
    for lowest in (0, 16):
        all_combos = _combinations(52 - lowest, hole) + np.uint8(lowest)
        if hole == 5:
            all_combos = all_combos[rng.permutation(len(all_combos))[:200_000]]
        wide = np.concatenate([all_combos, rng.integers(0, 52, (len(all_combos), 2)).astype(np.uint8)], axis=1)
        keys = [np.zeros(len(wide), np.int64) for _ in range(2)]
        for kernels, k in zip((C, K), keys):
            kernels.hole_class_keys(wide, hole, k)
        assert np.array_equal(*keys)
    classes = hand_classes(hole).table
    n, players, k = 2000, 6, hole + 3
    rows = np.stack([np.stack([rng.permutation(52)[:k] for _ in range(players + 1)]) for _ in range(n)])
    rows = rows.astype(np.uint8)
    ids = [np.full((n, players), -5, np.int32) for _ in range(2)]
    for kernels, out in zip((C, numba_twins()), ids):
        kernels.hand_class_ids(rows, hole, classes, out)
    assert np.array_equal(*ids) and ids[0].min() >= 0


def with_numba(monkeypatch):
    for name, fn in vars(numba_twins()).items():
        monkeypatch.setattr(C, name, fn)


SIMULATIONS = [
    ("holdem", 6, {}),
    ("holdem", 2, dict(study="categories")),
    ("holdem-hilo", 4, dict(study=["starting-hands", "categories", "hilo"])),
    ("shortdeck", 3, {}),
    ("omaha-hilo", 4, dict(study="hilo", board="2s7d8h")),
    ("omaha", 3, dict(hands=["AsAd**"], dead="Kh")),
    ("omaha5-hilo", 2, dict(study=["starting-hands", "hilo"])),
    ("holdem-double-board", 5, {}),
    ("omaha-double-board", 3, dict(study=["starting-hands", "categories"])),
    ("stud-hilo", 8, dict(study=["categories", "hilo"])),
    ("razz", 3, dict(hands=["As2d3c"])),
    ("badugi", 4, {}),
    ("courchevel-hilo", 3, dict(study="starting-hands")),
]


@pytest.mark.parametrize("game,players,kw", SIMULATIONS)
def test_simulations_answer_as_with_numba(game, players, kw, monkeypatch):
    for threads in (1, 2):
        got = pyeval.simulate(game, players, 7_000, seed=5, chunk_size=3_000, threads=threads, progress=False, **kw)
        with monkeypatch.context() as m:
            with_numba(m)
            want = pyeval.simulate(game, players, 7_000, seed=5, chunk_size=3_000, threads=threads, progress=False,
                                   **kw)
        assert same(got.counts, want.counts) and got.outcomes == want.outcomes
        assert got.tables.keys() == want.tables.keys()
        for name, table in got.tables.items():  # field by field: NaN (a class never dealt) equals NaN
            assert all(same(table[f], want.tables[name][f]) for f in table.dtype.names)
        assert got.counts and all(c.any() for c in got.counts.values())


@pytest.mark.parametrize("game,players,kw", [("holdem", 6, {}), ("omaha-hilo", 4, dict(board="AhKd2c")),
                                             ("holdem-double-board", 3, {}), ("stud", 8, {}),
                                             ("shortdeck", 9, dict(dead="As"))])
def test_deal_and_showdown_answer_as_with_numba(game, players, kw, monkeypatch):
    got_deal = pyeval.deal(game, players, 5_000, seed=3, chunk=2, **kw)
    got = pyeval.showdown(game, *got_deal)
    with monkeypatch.context() as m:
        with_numba(m)
        want_deal = pyeval.deal(game, players, 5_000, seed=3, chunk=2, **kw)
        want = pyeval.showdown(game, *want_deal)
    assert np.array_equal(got_deal.hole, want_deal.hole) and np.array_equal(got_deal.board, want_deal.board)
    assert got == want


def test_rows_are_the_deals_of_deal_cards():
    """deal_rows' evaluation rows hold deal_cards' deals (one stream, two layouts)."""
    spec = deal_spec("omaha-double-board", 3)
    state = engine.chunk_seed(1, 0)
    cards = np.empty((50, len(spec.template)), np.uint8)
    C.deal_cards(spec.deck.copy(), state.copy(), spec.template, spec.pick_pos, cards)
    rows = np.empty((50, spec.rows, spec.k), np.uint8)
    C.deal_rows(spec.deck.copy(), state.copy(), spec.template, spec.pick_pos, spec.boards, spec.board_n,
                spec.players, spec.hole, rows)
    hole_at = spec.boards * spec.board_n
    for b in range(spec.boards):
        for p in range(spec.players):
            assert np.array_equal(rows[:, b * spec.players + p, :spec.hole],
                                  cards[:, hole_at + p * spec.hole:hole_at + (p + 1) * spec.hole])
            assert np.array_equal(rows[:, b * spec.players + p, spec.hole:],
                                  cards[:, b * spec.board_n:(b + 1) * spec.board_n])
    hi, lo = evaluate_rows(spec.game, rows, spec.hole, spec.board_n, spec.boards, spec.players)
    assert hi.shape == (50, spec.boards, spec.players) and lo is None


def test_bad_arrays_are_refused():
    spec = deal_spec("holdem", 3)
    deck, state = spec.deck.copy(), engine.chunk_seed(1, 0)
    out = np.zeros((10, len(spec.template)), np.uint8)
    with pytest.raises(TypeError):  # wrong dtype
        C.deal_cards(deck.astype(np.int64), state, spec.template, spec.pick_pos, out)
    with pytest.raises(ValueError):  # not contiguous
        C.deal_cards(deck, state, spec.template, spec.pick_pos, np.zeros((10, 2 * out.shape[1]), np.uint8)[:, ::2])
    with pytest.raises(ValueError):  # a pick position outside the deal: refused by the C code
        C.deal_cards(deck, state, spec.template, np.array([0, 99], np.int64), out)
    with pytest.raises(ValueError):  # more picks than live cards
        C.deal_cards(deck[:3], state, spec.template, spec.pick_pos, out)
    with pytest.raises(ValueError):  # the all-zero state never leaves zero
        C.deal_cards(deck, np.zeros(4, np.uint64), spec.template, spec.pick_pos, out)
    with pytest.raises(ValueError):  # rows of the wrong shape
        C.deal_rows(deck, state, spec.template, spec.pick_pos, 1, 5, 3, 2, np.zeros((4, 3, 6), np.uint8))
    with pytest.raises(ValueError):  # a layout bigger than the deal vector
        C.deal_rows(deck, state, spec.template, spec.pick_pos, 1, 5, 4, 2, np.zeros((4, 4, 7), np.uint8))
    hi = np.zeros((5, 1, 3), np.int32)
    ids = np.zeros((5, 3), np.int32)
    with pytest.raises(ValueError):  # a class beyond the tally
        C.tally_hands_split(hi, ids + 4, np.zeros((4, 4), np.int64))
    with pytest.raises(ValueError):  # too few columns
        C.tally_hands_split(hi, ids, np.zeros((4, 3), np.int64))
    with pytest.raises(ValueError):  # negative class
        C.tally_hands(hi, hi, False, POT, ids - 1, np.zeros((4, 6), np.int64))
    with pytest.raises(ValueError):  # lo of another shape
        C.showdown_shares(hi, np.zeros((5, 1, 2), np.int32), True, POT, np.zeros((5, 3), np.int64))
    with pytest.raises(ValueError):  # a strength beyond the category map
        C.tally_categories(hi + 10, hi, False, np.zeros(5, np.int64), np.zeros(5, np.int64),
                           *[np.zeros(3, np.int64) for _ in range(4)])
    with pytest.raises(ValueError):  # a card code out of the deck
        C.hand_class_ids(np.full((2, 3, 7), 60, np.uint8), 2, hand_classes(2).table, np.zeros((2, 3), np.int32))
    with pytest.raises(ValueError):
        C.hole_class_keys(np.full((2, 4), 52, np.uint8), 4, np.zeros(2, np.int64))
    with pytest.raises(ValueError):  # rows of fewer cards than hole + board
        C.tally_hilo(np.zeros((5, 3, 6), np.uint8), hi, hi, POT, 2, 5, np.zeros(10, np.int64))
    with pytest.raises(ValueError):
        C.check_deals(np.zeros((2, 3), np.uint8), 0, np.zeros(3, np.int64))
