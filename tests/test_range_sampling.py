"""Range Monte Carlo: the C sampler (csrc/range_sample.c) against the numba sampler it replaced on
one-board games (the same deals for a seed, so every integer count must be equal), and the C
entry point's refusals."""

import numpy as np
import pytest

import pyeval
from pyeval.core._native import ffi, lib
from pyeval.engines import engine
from pyeval.engines.range import sampling as range_sampling

WIDE = "22+,A2s+,K9s+,QTs+,JTs,ATo+,KJo+"

SPOTS = [
    ("holdem", ["QQ+,AKs", WIDE], ""),
    ("holdem", ["QQ+,AKs", WIDE], "2c7dTh"),
    ("holdem", ["AhKh", "QQ+,AJs+:0.5,KQs"], "Jc8d2s"),
    ("holdem", ["AhKh", "QQ,JJ"], "2c7dTh3s9d"),
    ("holdem", ["AA,KK:0.5", "AK,QQ", "random"], "Ks7c2d"),
    ("holdem", ["AA,KK,AK", "AK,KK,QQ", "QQ,JJ,AK", "random"], ""),
    ("holdem", ["Ah*", "KK+:0.3,AQs"], "Kd8c2s7h"),
    ("holdem-hilo", ["AA,KK:0.5,A2s", "random", "QQ+,A3s"], ""),
    ("shortdeck", ["AA,KK", "QQ+,AK"], "9c8d"),
    ("shortdeck-straight", ["AA,KK", "random"], "9c8d7h"),
    ("omaha", ["AA**", "random"], ""),
    ("omaha-hilo", ["AA23", "KKQQ:0.5,JJ45", "QQJT"], "2c7dTh9s"),
    # two boards (pyeval_range_sample_boards): none known, both flops, boards of different lengths
    ("holdem-double-board", ["QQ+,AK", "random"], ""),
    ("holdem-double-board", ["AK,QQ+", "22+,ATs+", "random"], "Kd7c2h/9s8s3d"),
    ("holdem-double-board", ["AK,QQ+:0.5", "JJ-99,KQs"], "Kd7c2h4s/9s8s3d"),
    ("omaha-double-board", ["AA**", "KK**"], "Kd7c2h/9s8s3d"),
]


def _counts(r):
    tallies = [None if c is None else [getattr(c, f).tolist() for f in ("units", "sumsq", "wins", "ties", "outcomes")]
               for c in r.combo_tally]
    halves = [None if x is None else np.asarray(x).tolist() for x in (r.hi, r.lo, r.scoop, r.no_low)]
    return (r.outcomes, r.units.tolist(), r.wins.tolist(), r.ties.tolist(), r.stderr.tolist(), halves,
            r.extra["rejected_draws"], tallies)


@pytest.mark.parametrize("game, hands, board", SPOTS, ids=[f"{s[0]}-{len(s[1])}-{len(s[2]) // 2}" for s in SPOTS])
def test_c_sampler_counts_what_the_numba_sampler_counts(monkeypatch, game, hands, board):
    q = dict(board=board, method="monte-carlo", samples=70_000, seed=3, threads=1)
    calls = []
    real = range_sampling._c_sampler

    def spy(deals):
        s = real(deals)
        calls.append(s)
        return s

    monkeypatch.setattr(range_sampling, "_c_sampler", spy)
    fast = pyeval.equity(game, hands, **q)
    assert calls and calls[0] is not None  # the C sampler ran
    monkeypatch.setattr(range_sampling, "_c_sampler", lambda deals: None)
    slow = pyeval.equity(game, hands, **q)
    assert fast.method == slow.method == "monte-carlo"
    assert _counts(fast) == _counts(slow)


NINE_HANDED = ["AK,QQ+", "22+,ATs+"] + ["random"] * 7


@pytest.mark.parametrize("threads", [1, 2, 3])
@pytest.mark.parametrize("game, hands, board, samples, target_se", [
    ("holdem", ["AK,QQ+", "22+,ATs+"], "Kd7c2h", 40 * engine.CHUNK + 7, 0.0004),
    ("holdem-double-board", ["AK,QQ+", "22+,ATs+"], "Kd7c2h/9s8s3d", 9 * engine.CHUNK + 7, 0.0005),
    ("holdem-hilo", NINE_HANDED, "Kd7c2h", 9 * engine.CHUNK + 7, 0.0006)])
def test_chunks_in_groups_count_what_a_job_a_chunk_counts(monkeypatch, threads, game, hands, board, samples, target_se):
    """Both samplers (C; numba where the outcome patterns are too many to histogram, as nine-handed hi/lo) take
    consecutive chunks a job (engine.in_groups); MC_GROUP = 1 is a job a chunk."""
    q = dict(board=board, method="monte-carlo", seed=5)
    grouped = pyeval.equity(game, hands, samples=samples, threads=threads, **q)
    target = pyeval.equity(game, hands, stderr_target=target_se, threads=threads, **q)
    monkeypatch.setattr(engine, "MC_GROUP", 1)
    single = pyeval.equity(game, hands, samples=samples, threads=1, **q)
    single_target = pyeval.equity(game, hands, stderr_target=target_se, threads=1, **q)
    assert grouped.outcomes == samples
    assert _counts(grouped) == _counts(single)
    assert target.outcomes > 4 * engine.CHUNK and _counts(target) == _counts(single_target)


@pytest.mark.parametrize("game, hands, sampler", [
    ("holdem-double-board", ["QQ+", "AK"], range_sampling._CSampler),
    ("holdem-double-board", ["QQ+", "AK"] + ["random"] * 7, range_sampling._NumbaSampler),  # 2**18 patterns
    ("holdem-hilo", NINE_HANDED, range_sampling._NumbaSampler)])
def test_two_boards_and_many_patterns_take_the_right_sampler(monkeypatch, game, hands, sampler):
    taken = []
    real = range_sampling._c_sampler
    monkeypatch.setattr(range_sampling, "_c_sampler", lambda deals: taken.append(real(deals)) or taken[-1])
    r = pyeval.equity(game, hands, method="monte-carlo", samples=10_000, seed=1)
    assert r.outcomes == 10_000 and r.combo_tally[0].outcomes.sum() == 10_000
    assert isinstance(taken[0], range_sampling._CSampler) == (sampler is range_sampling._CSampler)


# ---------------------------------------------------------------------------
# the C entry point refuses what the Python layer would never send
# ---------------------------------------------------------------------------


def _query(combos, offsets, deck, known=(), levels=3, state=(1, 2, 3, 4), n=1000, players=2, max_tries=1000):
    combos = np.ascontiguousarray(combos, np.uint8).reshape(-1, 2)
    offsets = np.array(offsets, np.int64)
    deck = np.array(deck, np.uint8)
    known_a = np.array(known, np.uint8) if len(known) else np.zeros(1, np.uint8)
    cumw = np.ones(len(combos))
    uniform = np.ones(players, np.uint8)
    size = 1 << players
    level = np.zeros(size * players, np.uint8)
    arrays = dict(hist=np.zeros(size, np.int64), combo_counts=np.zeros((len(combos), max(levels, 1)), np.int64),
                  rejected=np.zeros(1, np.int64), state=np.array(state, np.uint64), level=level)
    args = (ffi.from_buffer("uint8_t[]", combos), len(combos), ffi.from_buffer("int64_t[]", offsets),
            ffi.from_buffer("double[]", cumw), ffi.from_buffer("uint8_t[]", uniform), players, 2,
            ffi.from_buffer("uint8_t[]", known_a), len(known), ffi.from_buffer("uint8_t[]", deck), len(deck),
            5 - len(known), lib.PYEVAL_KIND_HIGH, -1, ffi.from_buffer("uint8_t[]", level), levels,
            ffi.from_buffer("uint64_t[]", arrays["state"]), n, max_tries,
            ffi.from_buffer("int64_t[]", arrays["hist"]), size, ffi.from_buffer("int64_t[]", arrays["combo_counts"]),
            ffi.from_buffer("int64_t[]", arrays["rejected"]))
    return lib.pyeval_range_sample(*args), arrays


DECK = list(range(4, 52))  # the deuces are out
GOOD = [[51, 50], [49, 48], [47, 46]]  # AsAh | AdAc, KsKh


def test_entry_point_counts_a_valid_query():
    status, a = _query(GOOD, [0, 1, 3], DECK)
    assert status == 0 and a["hist"].sum() == 1000 and a["combo_counts"].sum() == 2000
    assert a["combo_counts"][:, 1:].sum() == 0  # every (pattern, player) is at level 0 here


@pytest.mark.parametrize("change, status", [
    (dict(combos=[[51, 50], [49, 49], [47, 46]]), -3),  # a card twice in a combo
    (dict(combos=[[51, 50], [49, 1], [47, 46]]), -3),  # a card not in the deck
    (dict(combos=[[51, 50], [49, 200], [47, 46]]), -3),  # a bad code
    (dict(offsets=[0, 1, 4]), -2),  # offsets past the combos
    (dict(offsets=[0, 2, 1]), -2),  # decreasing
    (dict(offsets=[1, 2, 3]), -2),  # not from 0
    (dict(levels=0), -2),
    (dict(levels=257), -2),
    (dict(state=(0, 0, 0, 0)), -2),
    (dict(n=-1), -2),
    (dict(max_tries=0), -2),
    (dict(players=11), -2),
    (dict(deck=DECK + [4]), -3),  # a deck card twice
    (dict(known=[51, 40, 30]), -3),  # a board card held in the deck too
])
def test_entry_point_refuses_bad_input(change, status):
    q = dict(combos=GOOD, offsets=[0, 1, 3], deck=DECK)
    q.update(change)
    if q.get("players") == 11:
        q["offsets"] = [0, 1, 3] + [3] * 9
    assert _query(**q)[0] == status


def _query_boards(known=((), ()), missing=(5, 5), boards=2, deck=None, combos=GOOD, offsets=(0, 1, 3), players=2,
                  n=1000, lo=-1):
    """pyeval_range_sample_boards on hold'em boards (the deck: DECK without the known cards); returns (status,
    histogram)."""
    if deck is None:
        deck = [c for c in DECK if all(c not in b for b in known)]
    combos = np.ascontiguousarray(combos, np.uint8).reshape(-1, 2)
    known_all = np.array([c for b in known for c in b] + [0], np.uint8)
    known_n = np.array([len(b) for b in known] + [0] * 2, np.int32)
    missing_a = np.array(list(missing) + [0] * 2, np.int32)
    deck_a = np.array(deck, np.uint8)
    size = 1 << (players * (1 if lo == -1 else 2) * max(boards, 1))
    hist, cc, rej = np.zeros(size, np.int64), np.zeros((len(combos), 3), np.int64), np.zeros(1, np.int64)
    level = np.zeros(size * players, np.uint8)
    status = lib.pyeval_range_sample_boards(
        ffi.from_buffer("uint8_t[]", combos), len(combos), ffi.from_buffer("int64_t[]", np.array(offsets, np.int64)),
        ffi.from_buffer("double[]", np.ones(len(combos))), ffi.from_buffer("uint8_t[]", np.ones(players, np.uint8)),
        players, 2, boards, ffi.from_buffer("uint8_t[]", known_all), ffi.from_buffer("int32_t[]", known_n),
        ffi.from_buffer("uint8_t[]", deck_a), len(deck_a), ffi.from_buffer("int32_t[]", missing_a),
        lib.PYEVAL_KIND_HIGH, lo, ffi.from_buffer("uint8_t[]", level), 3,
        ffi.from_buffer("uint64_t[]", np.array([1, 2, 3, 4], np.uint64)), n, 1000, ffi.from_buffer("int64_t[]", hist),
        size, ffi.from_buffer("int64_t[]", cc), ffi.from_buffer("int64_t[]", rej))
    return status, hist


def test_two_board_entry_point_counts_a_valid_query():
    status, hist = _query_boards(known=((40, 36, 32), (5, 9, 13)), missing=(2, 2))
    assert status == 0 and hist.sum() == 1000
    # board 0's pattern in bits 0-1, board 1's in bits 2-3: every deal has a winner on each board
    assert all(hist[p] == 0 for p in range(16) if (p & 3) == 0 or (p >> 2) == 0)


@pytest.mark.parametrize("change, status", [
    (dict(boards=0), -2),
    (dict(boards=3, known=((), (), ()), missing=(5, 5, 5)), -2),
    (dict(known=((40, 36, 32), ()), missing=(2, 4)), -2),  # boards of different sizes
    (dict(known=((40, 36, 32), ()), missing=(2, -1)), -2),
    (dict(known=((40, 36, 32), (40, 9, 13)), missing=(2, 2)), -3),  # a card on both boards
    (dict(known=((40, 36, 32), (5, 5, 13)), missing=(2, 2)), -3),  # a card twice on a board
    (dict(known=((40, 36, 32), (5, 9, 200)), missing=(2, 2)), -3),  # a bad code
    (dict(deck=DECK[:10], combos=[[4, 5], [6, 7], [8, 9]]), -2),  # too few cards for two boards
])
def test_two_board_entry_point_refuses_bad_input(change, status):
    q = dict(known=((), ()), missing=(5, 5))
    q.update(change)
    assert _query_boards(**q)[0] == status


def test_entry_point_gives_up_on_colliding_ranges():
    status, a = _query([[51, 50], [51, 49]], [0, 1, 2], DECK, max_tries=500)
    assert status == -1 and a["rejected"][0] == 500


def test_level_bytes_out_of_range_stay_in_the_table():
    # a share level the caller wrote wrong (here every byte 255 with 3 levels) lands in the last
    # column: the index stays in bounds for any byte
    combos = np.array(GOOD, np.uint8)
    status, a = _query(combos, [0, 1, 3], DECK, levels=3)
    assert status == 0
    level = np.full(8, 255, np.uint8)
    hist, cc, rej = np.zeros(4, np.int64), np.zeros((3, 3), np.int64), np.zeros(1, np.int64)
    st = np.array([1, 2, 3, 4], np.uint64)
    status = lib.pyeval_range_sample(
        ffi.from_buffer("uint8_t[]", combos), 3, ffi.from_buffer("int64_t[]", np.array([0, 1, 3], np.int64)),
        ffi.from_buffer("double[]", np.ones(3)), ffi.from_buffer("uint8_t[]", np.ones(2, np.uint8)), 2, 2,
        ffi.from_buffer("uint8_t[]", np.zeros(1, np.uint8)), 0,
        ffi.from_buffer("uint8_t[]", np.array(DECK, np.uint8)), len(DECK), 5, lib.PYEVAL_KIND_HIGH, -1,
        ffi.from_buffer("uint8_t[]", level), 3, ffi.from_buffer("uint64_t[]", st), 500, 100,
        ffi.from_buffer("int64_t[]", hist), 4, ffi.from_buffer("int64_t[]", cc), ffi.from_buffer("int64_t[]", rej))
    assert status == 0 and cc[:, 2].sum() == 1000 and cc[:, :2].sum() == 0
