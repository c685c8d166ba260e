"""The three exact strategies of pyeval.engines.engine give identical integer counts on the same queries."""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import pyeval
from pyeval.engines import engine
from pyeval.engines.single import exact_strategies
from pyeval.query.limits import EXACT_BUDGET


def layout(game, hands, board="", dead=""):
    g = pyeval.get_game(game)
    holes = [pyeval.parse_cards(h) if h != "random" else np.zeros(0, np.uint8) for h in hands]
    boards = [pyeval.parse_cards(board)] if g.board else []
    return engine.build_layout(g, holes, boards, pyeval.parse_cards(dead) if dead else np.zeros(0, np.uint8))


def generic(lay):
    jobs = [(min(engine.CHUNK, lay.outcomes - s), s, None) for s in range(0, lay.outcomes, engine.CHUNK)]
    return engine.run_chunks(lay, jobs, 2)


def same(a, b):
    assert a.outcomes == b.outcomes
    for name in ("units", "sumsq", "wins", "ties", "part_units", "no_qualifier"):
        assert np.array_equal(getattr(a, name), getattr(b, name)), name


@pytest.mark.parametrize("game,hands,board", [
    ("holdem", ["AhAs", "KdKc", "7h8h"], "2c3d"),
    ("holdem-hilo", ["As2s", "8h7h", "KdKc"], "3c4d"),
    ("shortdeck", ["AhKh", "9s9d"], "6c7c"),
    ("omaha", ["AsKsQdJd", "8h8c7h7c"], "9s2d"),
    ("omaha-hilo", ["As2sKdQd", "AhKh3c4c", "5c6c7d8d"], "9s2d3h"),
    ("omaha5-hilo", ["As2sKdQd9c", "AhKh3c4cTd"], "5s6d7h"),
])
def test_board_fast_path_equals_generic(game, hands, board):
    lay = layout(game, hands, board)
    assert engine.board_kinds(lay) is not None
    jobs = [(s, min(1000, lay.outcomes - s)) for s in range(0, lay.outcomes, 1000)]
    fast = engine.run_jobs(lambda job: engine.run_board_chunk(lay, engine.board_kinds(lay), *job), lay, jobs, 2)
    same(fast, generic(lay))


@pytest.mark.parametrize("game,hands", [
    ("stud", ["AsAd7c6c5d", "KhKd2s3s4s"]),
    ("razz", ["As2d3c4h6d", "KhKd2s5c9h"]),
    ("draw5", ["AsAdKc", "QhQd"]),
    ("draw-deuce7", ["7c5d4h3s", "8d6c4s"]),
    ("badugi", ["Ac2d3h", "Ks2c"]),
    ("stud5", ["AsKd2c", "QhQd3c"]),
])
def test_two_hand_counting_equals_generic(game, hands):
    lay = layout(game, hands)
    assert exact_strategies.counts_two_hands(lay)
    same(exact_strategies.run_two_hand_count(lay), generic(lay))


def test_stud_third_street_heads_up_is_exact_and_fast():
    r = pyeval.equity("stud", ["AsAd7c", "KhKd2s"], method="exact")
    assert r.outcomes == 18_265_297_050
    assert sum(r.fractions) == 1
    assert r.wins.sum() + r.ties[0] == r.outcomes


def test_monte_carlo_same_seed_any_thread_count():
    a = pyeval.equity("omaha-hilo", ["As2sKdQd", "random", "random"], samples=300_000, seed=11, threads=1)
    b = pyeval.equity("omaha-hilo", ["As2sKdQd", "random", "random"], samples=300_000, seed=11, threads=2)
    assert np.array_equal(a.units, b.units) and np.array_equal(a.wins, b.wins)
    c = pyeval.equity("holdem", ["AsAd", "KhKd"], samples=300_000, seed=11, threads=1)
    d = pyeval.equity("holdem", ["AsAd", "KhKd"], samples=300_000, seed=11, threads=2)
    assert np.array_equal(c.units, d.units)


def test_over_budget_exact_is_refused_with_advice():
    with pytest.raises(ValueError, match="monte-carlo"):
        pyeval.equity("stud", ["AsAd7c", "KhKd2s", "QcQh3d"], method="exact")


def test_ctrl_c_stops_a_long_monte_carlo_run_quickly():
    """A long sampled query from the command line: Ctrl-C returns control within a second or two."""
    import os
    import signal
    import subprocess
    import sys
    import time

    proc = subprocess.Popen([sys.executable, "-m", "pyeval.cli", "equity", "holdem", "AhAs", "KdKc", "random",
                             "--samples", "2G", "--seed", "1", "--progress"], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE)
    first = os.read(proc.stderr.fileno(), 1)  # the progress bar appears: past start-up, sampling
    assert first, proc.communicate()
    time.sleep(0.5)  # well inside the run (about a minute of work)
    assert proc.poll() is None
    sent = time.perf_counter()
    proc.send_signal(signal.SIGINT)
    try:
        proc.wait(timeout=10)
    finally:
        proc.kill()
    waited = time.perf_counter() - sent
    assert proc.returncode == 130, proc.stderr.read().decode()
    assert waited < 3.0, f"took {waited:.1f} s to stop"


def walk_histogram(lay):
    kinds = engine.board_kinds(lay)
    total = lay.outcomes
    return engine.board_call(lay, kinds, engine.lib.pyeval_board_patterns, 0, total)


@pytest.mark.parametrize("game,hands,board,dead", [
    ("holdem", ["AhAs", "KdKc"], "", ""),
    ("holdem", ["AhKh", "QhJh", "2h3h"], "", ""),
    ("holdem", ["AhKh", "QsQd", "7c6c"], "8h9c", ""),
    ("holdem", ["AhKh", "QsQd"], "8h9c2c", "3h4h"),
    ("holdem", ["AcKd", "7s2h"], "Tc", "AsAh"),
    ("holdem-hilo", ["As2s", "8h7h", "KdKc"], "3c4d", ""),
    ("holdem-hilo", ["Ah2h", "3h4h"], "", ""),
    ("shortdeck", ["AhKh", "9s9d"], "6c7c", ""),
    ("shortdeck", ["AhKh", "QhJh", "6s7s"], "", ""),
    ("omaha", ["AsKsQdJd", "8h8c7h7c"], "", ""),
    ("omaha", ["AsKsQsJd", "8s8c7h7c", "2d3d4h5c"], "9s", ""),
    ("omaha-hilo", ["As2sKdQd", "AhKh3c4c"], "", ""),
    ("omaha-hilo", ["As2sKdQd", "AhKh3c4c", "5c6c7d8d"], "9s2d", "Jh"),
    ("omaha5-hilo", ["As2sKdQd9c", "AhKh3c4cTd"], "5s6d", ""),
])
def test_rank_multiset_counting_equals_board_walk(game, hands, board, dead):
    lay = layout(game, hands, board, dead)
    by_ranks = engine.board_histogram(lay, engine.board_kinds(lay))
    assert by_ranks is not None
    assert np.array_equal(by_ranks, walk_histogram(lay))


def test_rank_multiset_counting_takes_a_flush_already_made():
    """Two hole cards: a flush made on the flop leaves every board a flush board of its suit, counted by
    that suit's cards (issue 39; before, the count declined and the boards were walked)."""
    lay = layout("holdem", ["AhKh", "QsQd"], "2h3h4h")
    by_ranks = engine.board_histogram(lay, engine.board_kinds(lay))
    assert by_ranks is not None
    assert np.array_equal(by_ranks, walk_histogram(lay))
    assert pyeval.equity("holdem", ["AhKh", "QsQd"], "2h3h4h").outcomes == 990


@settings(max_examples=60, deadline=None)
@given(st.data())
def test_rank_multiset_counting_equals_board_walk_on_random_spots(data):
    game = data.draw(st.sampled_from(["holdem", "holdem-hilo", "shortdeck", "omaha", "omaha-hilo", "omaha5"]),
                     label="game")
    g = pyeval.get_game(game)
    deck = list(range(g.lowest_card, 52))
    players = data.draw(st.integers(2, 4), label="players")
    known = data.draw(st.integers(2, 4), label="known board")  # 2..4 known: at most C(48, 3) boards
    dead_n = data.draw(st.integers(0, 3), label="dead")
    h = g.hole
    cards = data.draw(st.permutations(deck), label="deal")[:h * players + known + dead_n]
    hands = [pyeval.format_cards(cards[h * p:h * p + h]) for p in range(players)]
    board = pyeval.format_cards(cards[h * players:h * players + known])
    dead = pyeval.format_cards(cards[h * players + known:])
    lay = layout(game, hands, board, dead)
    by_ranks = engine.board_histogram(lay, engine.board_kinds(lay))
    if by_ranks is not None:
        assert np.array_equal(by_ranks, walk_histogram(lay))


def c_sample_cards(deck, state, n, k):
    from pyeval.core._native import ffi, lib

    deck, state, out = np.array(deck, np.uint8), np.array(state, np.uint64), np.zeros((n, k), np.uint8)
    status = lib.pyeval_sample_cards(ffi.from_buffer("uint8_t[]", deck), len(deck),
                                     ffi.from_buffer("uint64_t[]", state), ffi.from_buffer("uint8_t[]", out), n, k)
    assert status == 0
    return out


@pytest.mark.parametrize("deck_n,k", [(48, 5), (45, 3), (32, 1), (52, 7)])
def test_c_sampler_draws_what_the_numba_kernels_draw(deck_n, k):
    """One generator in two languages (csrc/rng.h, pyeval/engines/native/tally_kernels.py): equal states,
    equal cards."""
    import numba_kernels as _kernels  # tests/numba_kernels.py

    deck = np.random.default_rng(deck_n).permutation(52)[:deck_n].astype(np.uint8)
    state = engine.chunk_seed(7, deck_n)
    n = 5000
    out = np.zeros((1, n, k), np.uint8)
    cells = np.array([(0, u, u) for u in range(k)], np.int64)
    _kernels.sample_rows(deck.copy(), k, state.copy(), cells, out)
    drawn = c_sample_cards(deck, state, n, k)
    assert np.array_equal(drawn, out[0])
    assert all(len(set(row)) == k and set(row) <= set(deck.tolist()) for row in drawn.tolist())


_M64 = (1 << 64) - 1


def first_output(state) -> int:
    """xoshiro256**'s next output from a state, in plain Python (it reads word 1 alone)."""
    x = int(state[1]) * 5 & _M64
    return ((x << 7 | x >> 57) & _M64) * 9 & _M64


def state_whose_first_output_is(r: int) -> np.ndarray:
    """A generator state whose next output is r (first_output inverted: word 1 from r; the other
    words well mixed, so that the outputs after it look random)."""
    x = r * pow(9, -1, 1 << 64) & _M64
    x = (x >> 7 | x << 57) & _M64
    return np.array([0x9E3779B97F4A7C15, x * pow(5, -1, 1 << 64) & _M64, 0xBF58476D1CE4E5B9, 0x94D049BB133111EB],
                    np.uint64)


def numba_sample_cards(deck, state, n, k):
    import numba_kernels as _kernels  # tests/numba_kernels.py

    out = np.zeros((1, n, k), np.uint8)
    cells = np.array([(0, u, u) for u in range(k)], np.int64)
    _kernels.sample_rows(np.array(deck, np.uint8), k, np.array(state, np.uint64), cells, out)
    return out[0]


@pytest.mark.parametrize("seed", [0, 3, 11])
def test_two_cards_come_from_one_output(seed):
    """The samplers draw a deal's cards in pairs: Lemire's method on the high half of one output
    picks the first, on its low half the second (checked against plain Python)."""
    deck = np.random.default_rng(seed).permutation(52)[:48].astype(np.uint8)
    state = engine.chunk_seed(seed, 0)
    r = first_output(state)
    m1, m2 = (r >> 32) * 48, (r & 0xFFFFFFFF) * 47
    assert m1 & 0xFFFFFFFF >= 48 and m2 & 0xFFFFFFFF >= 47  # no rejection for these seeds
    d = deck.tolist()
    j1, j2 = m1 >> 32, 1 + (m2 >> 32)
    d[0], d[j1] = d[j1], d[0]
    d[1], d[j2] = d[j2], d[1]
    assert state_whose_first_output_is(r)[1] == state[1]
    for sampler in (c_sample_cards, numba_sample_cards):
        assert sampler(deck, state, 1, 2)[0].tolist() == d[:2]


@pytest.mark.parametrize("first", [0x00000000_9E3779B9, 0x9E3779B9_00000000, 0])
def test_a_rejected_half_is_redrawn_alike_in_c_and_numba(first):
    """A half of a pair's output that Lemire's method rejects (a zero half is rejected for any
    bound not a power of two) is redrawn alone, the first half before the second, in C as in
    numba; the states are made so that the very first pair meets it."""
    deck = np.arange(3, 51, dtype=np.uint8)
    state = state_whose_first_output_is(first)
    assert first_output(state) == first
    c_cards = c_sample_cards(deck, state, 200, 5)
    assert np.array_equal(c_cards, numba_sample_cards(deck, state, 200, 5))
    d = deck.tolist()  # a rejected zero half taken as it is would pick j = 0: the card in place
    if first >> 32 == 0:
        assert c_cards[0, 0] != d[0]
    j1 = d.index(c_cards[0, 0])
    d[0], d[j1] = d[j1], d[0]
    if first & 0xFFFFFFFF == 0:
        assert c_cards[0, 1] != d[1]
    assert all(len(set(row)) == 5 for row in c_cards.tolist())


@pytest.mark.parametrize("seed,chunk", [(7, 0), (1, 5), (2**40 + 3, 17)])
def test_generator_state_forms_give_one_stream(seed, chunk):
    """One generator, two state forms (pyeval/engines/native/tally_kernels.py): from equal states the array form
    (_next64, _bounded: csrc/rng.h's twin) and the register form (next64_regs, bounded_regs)
    give the same outputs, the same bounded integers (bounds near 2**31 reject half the draws)
    and the same final state; _bounded_pair_regs is Lemire's method on the two halves of one
    output, a rejected half redrawn alone."""
    from numba import njit

    from pyeval.engines.native import tally_kernels as K

    @njit
    def array_form(s, n, bounds, raw, out):
        for i in range(n):
            raw[i] = K._next64(s)
        for i in range(bounds.shape[0]):
            out[i] = K._bounded(s, bounds[i])

    @njit
    def register_form(s, n, bounds, raw, out):
        s0, s1, s2, s3 = s[0], s[1], s[2], s[3]
        for i in range(n):
            raw[i], s0, s1, s2, s3 = K.next64_regs(s0, s1, s2, s3)
        for i in range(bounds.shape[0]):
            out[i], s0, s1, s2, s3 = K.bounded_regs(s0, s1, s2, s3, bounds[i])
        s[0], s[1], s[2], s[3] = s0, s1, s2, s3

    @njit
    def pairs(s, b1, b2, out):
        s0, s1, s2, s3 = s[0], s[1], s[2], s[3]
        for i in range(b1.shape[0]):
            out[i, 0], out[i, 1], s0, s1, s2, s3 = K._bounded_pair_regs(s0, s1, s2, s3, b1[i], b2[i])
        s[0], s[1], s[2], s[3] = s0, s1, s2, s3

    rng = np.random.default_rng(seed)
    bounds = np.concatenate([[1, 2, 3, 52, 2**31 + 1, 2**32 - 1, 3 * 2**30], rng.integers(1, 2**32, 500),
                             rng.integers(2**31, 2**31 + 1000, 500)]).astype(np.int64)
    state = engine.chunk_seed(seed, chunk)
    n = 1000
    got = {}
    for form in (array_form, register_form):
        s, raw, out = state.copy(), np.zeros(n, np.uint64), np.zeros(len(bounds), np.int64)
        form(s, n, bounds, raw, out)
        got[form] = (raw, out, s)
    for a, r in zip(got[array_form], got[register_form]):
        assert np.array_equal(a, r)
    raw, out, _ = got[array_form]
    assert len(set(raw.tolist())) == n and ((out >= 0) & (out < bounds)).all()

    half = len(bounds) // 2
    b1, b2 = bounds[:half].copy(), bounds[half:2 * half].copy()
    s, pair = state.copy(), np.zeros((half, 2), np.int64)
    pairs(s, b1, b2, pair)
    s_ref, want, none = state.copy(), [], np.zeros(0, np.int64)
    for x, y in zip(b1.tolist(), b2.tolist()):
        raw = np.zeros(1, np.uint64)
        array_form(s_ref, 1, none, raw, none)
        halves = []
        for m, b in (((int(raw[0]) >> 32) * x, x), ((int(raw[0]) & 0xFFFFFFFF) * y, y)):
            if (m & 0xFFFFFFFF) < (2**32 - b) % b:  # rejected: a fresh draw for this half alone
                one = np.zeros(1, np.int64)
                array_form(s_ref, 0, np.array([b], np.int64), none.astype(np.uint64), one)
                halves.append(int(one[0]))
            else:
                halves.append(m >> 32)
        want.append(halves)
    assert pair.tolist() == want and np.array_equal(s, s_ref)


@pytest.mark.parametrize("game,hands,board", [
    ("holdem", ["AhAs", "KdKc", "7c7d"], ""),
    ("holdem-hilo", ["As2s", "8h7h"], "3c4d"),
    ("omaha-hilo", ["As2sKdQd", "AhKh3c4c"], "9s2d3h"),
])
def test_board_monte_carlo_counts_the_deals_the_sampler_draws(game, hands, board):
    from pyeval.core._native import ffi, lib

    lay = layout(game, hands, board)
    kinds = engine.board_kinds(lay)
    state = engine.chunk_seed(3, 0)
    fused = engine._run_board_sample(lay, kinds, [(20_000, None, state)])
    boards = c_sample_cards(lay.deck, state, 20_000, lay.board - len(lay.known_boards[0]))
    listed = engine.board_call(lay, kinds, lib.pyeval_board_patterns_list, ffi.from_buffer("uint8_t[]", boards),
                                len(boards))
    assert np.array_equal(fused, listed)


@pytest.mark.parametrize("game,hands,board", [
    ("holdem", ["AhAs", "random", "random"], ""),
    ("holdem", ["random", "KdKc", "random", "7h2s"], "2c3d4h"),
    ("holdem-hilo", ["As2s", "random"], "3c4d"),
    ("shortdeck", ["random", "AhKh"], ""),
    ("omaha", ["AsKsQdJd", "random"], ""),
    ("omaha-hilo", ["random", "AhKh3c4c", "random"], "9s2d3h"),
])
def test_c_monte_carlo_deals_what_the_numba_engine_deals(game, hands, board):
    """Random hands drawn with the board in C: the numba engine's deals for the same chunk state."""
    lay = layout(game, hands, board)
    kinds = engine.board_sample_kinds(lay)
    assert kinds is not None
    state = engine.chunk_seed(5, 1)
    c_counts = engine._run_board_sample(lay, kinds, [(30_000, None, state)])
    numba_counts = engine._run_chunk(lay, 30_000, None, state)
    assert np.array_equal(c_counts, numba_counts)


@pytest.mark.parametrize("samples", [1, engine.CHUNK, engine.CHUNK + 1, 9 * engine.CHUNK + 7, 70 * engine.CHUNK - 3])
@pytest.mark.parametrize("threads", [1, 2, 3])
def test_board_monte_carlo_in_groups_counts_what_a_job_a_chunk_counts(samples, threads):
    """The local pool takes consecutive chunks in groups; a runner (as Dask's) gets one job a chunk."""
    def serial(work, jobs, add):
        for job in jobs:
            add(work(job))

    lay = layout("holdem", ["AhAs", "random", "7h2s"], "2c3d")
    one_a_chunk = engine.run_monte_carlo(lay, samples, 11, 1, runner=serial)
    grouped = engine.run_monte_carlo(lay, samples, 11, threads)
    assert grouped.outcomes == one_a_chunk.outcomes == samples
    for field in ("units", "sumsq", "wins", "ties", "part_units", "no_qualifier"):
        assert np.array_equal(getattr(grouped, field), getattr(one_a_chunk, field)), field
    target = engine.run_monte_carlo(lay, 0, 11, threads, stderr_target=0.002, max_samples=samples)
    target_one = engine.run_monte_carlo(lay, 0, 11, 1, stderr_target=0.002, max_samples=samples, runner=serial)
    assert target.outcomes == target_one.outcomes and np.array_equal(target.units, target_one.units)


@given(chunks=st.integers(0, 400), threads=st.integers(1, 4))
def test_in_groups_takes_every_chunk_once_in_order_in_shrinking_groups(chunks, threads):
    """Guided scheduling: groups of at most MC_GROUP that never grow, the last ones single chunks."""
    jobs = [(c, None, None) for c in range(chunks)]
    groups, size = engine.in_groups(iter(jobs), chunks, threads)
    groups = list(groups)
    assert [job for group in groups for job in group] == jobs
    lengths = [len(g) for g in groups]
    assert all(1 <= n <= engine.MC_GROUP for n in lengths)
    assert lengths == sorted(lengths, reverse=True)
    assert all(n == 1 for n in lengths[-min(len(lengths), 4 * threads):])
    assert [size(g) for g in groups] == [sum(c for c, _, _ in g) for g in groups]


def test_c_samplers_refuse_a_dead_state():
    from pyeval.core._native import ffi, lib

    out = np.zeros((3, 2), np.uint8)
    zero = np.zeros(4, np.uint64)
    assert lib.pyeval_sample_cards(ffi.from_buffer("uint8_t[]", np.arange(10, dtype=np.uint8)), 10,
                                   ffi.from_buffer("uint64_t[]", zero), ffi.from_buffer("uint8_t[]", out), 3, 2) == -2
    lay = layout("holdem", ["AhAs", "KdKc"])
    with pytest.raises(RuntimeError):
        engine._run_board_sample(lay, engine.board_kinds(lay), [(10, None, zero)])


def test_cost_of_an_omaha_hand_against_a_random_hand_is_estimated_without_listing_its_hands():
    """135,751 possible Omaha hands: listing their classes only to price the query took seconds."""
    lay = layout("omaha", ["AsKsQdJd", "random"])
    assert exact_strategies.exact_cost(lay) > EXACT_BUDGET
    assert "_random_hand_layouts" not in lay.__dict__
    holdem = layout("holdem", ["AsKs", "random"])
    assert exact_strategies.exact_cost(holdem) <= EXACT_BUDGET  # 1,225 hands: priced one class at a time


def test_omaha6_against_a_random_hand_is_priced_and_sampled_at_once():
    """Found by the fuzz test: pricing this query once listed 7 million possible hands."""
    for method in ("monte-carlo", "auto"):
        r = pyeval.equity("omaha6", ["4c Qh Jd 3s Td 8d", "xx"], board="Ac 3c", method=method, samples=2900, seed=8816)
        assert r.method == "monte-carlo" and r.outcomes == 2900
