"""Thread safety (issue 8): many Python threads calling pyeval at once get the serial answers.

The C core keeps no mutable global state and cffi releases the GIL around every
call, so concurrent calls really overlap.  Each job below is run once serially
for the expected answer (a value, or the exception type and message); then
``THREADS`` threads start together at a barrier and each runs every job
``PYEVAL_THREAD_ROUNDS`` times (default 3) in its own shuffled order, all threads
sharing the same input arrays.  Every answer must equal the serial one, and no
input may be modified.

Extension point: ``jobs()`` is the list of calls; the equity jobs are in
``equity_jobs()``.
"""

from __future__ import annotations

import os
import threading
import time

import numpy as np
import pytest

import pyeval

THREADS = 8
ROUNDS = int(os.environ.get("PYEVAL_THREAD_ROUNDS", "3"))


def random_hands(rng, n, k, low=0):
    """(n, k) uint8 hands of k distinct cards from codes low..51."""
    return (np.argpartition(rng.random((n, 52 - low)), k, axis=1)[:, :k] + low).astype(np.uint8)


def evaluator_jobs(rng, n=20_000):
    """(label, fn, args, kwargs) for every evaluator: batches, single hands, and refused input."""
    out = []
    for name, counts, low in [("evaluate_high", range(5, 8), 0), ("evaluate_deuce7", range(5, 8), 0),
                              ("evaluate_razz", range(5, 8), 0), ("evaluate_low8", range(5, 8), 0),
                              ("evaluate_shortdeck", range(5, 8), 16), ("evaluate_badugi", range(4, 5), 0),
                              ("evaluate_showing", range(1, 5), 0)]:
        fn = getattr(pyeval, name)
        for k in counts:
            hands = random_hands(rng, n, k, low)
            out.append((f"{name} batch k={k}", fn, (hands,), {}))
            out.append((f"{name} single k={k}", fn, (pyeval.format_cards(hands[0]),), {}))
            out.append((f"{name} int64 non-contiguous k={k}", fn, (hands.astype(np.int64)[::3],), {}))
            bad = hands.copy()
            bad[n // 2, k - 1] = 200
            out.append((f"{name} bad code k={k}", fn, (bad,), {}))
        if name == "evaluate_shortdeck":
            out.append(("shortdeck straight-beats-trips", fn, (random_hands(rng, n, 7, 16),),
                        {"trips_beat_straight": False}))
        if name == "evaluate_showing":
            out.append(("showing low", fn, (random_hands(rng, n, 4),), {"low": True}))
    for name in ("evaluate_omaha", "evaluate_omaha_low8"):
        fn = getattr(pyeval, name)
        for h, b in [(4, 5), (5, 5), (6, 5), (4, 3), (6, 4)]:
            cards = random_hands(rng, n // 4, h + b)
            out.append((f"{name} {h}+{b}", fn, (cards[:, :h].copy(), cards[:, h:].copy()), {}))
        board = random_hands(rng, 1, 5)[0]
        rest = np.setdiff1d(np.arange(52), board).astype(np.uint8)
        holes = rest[np.argsort(rng.random((n // 4, len(rest))), axis=1)[:, :4]]
        out.append((f"{name} one board broadcast", fn, (holes, board), {}))
    return out


def other_jobs(rng):
    strengths = rng.integers(1, 7463, 10_000)
    return [
        ("describe high", pyeval.describe, (strengths,), {}),
        ("describe razz", pyeval.describe, (rng.integers(1, 6176, 5_000),), {"kind": "razz"}),
        ("hand_category", pyeval.hand_category, (strengths,), {}),
        ("parse_cards", pyeval.parse_cards, ("As Kd Qh Jc Ts 9s 8s",), {}),
        ("parse_cards duplicate", pyeval.parse_cards, ("As Kd As",), {}),
        ("format_cards", pyeval.format_cards, (random_hands(rng, 2_000, 7),), {}),
    ]


def equity_jobs():
    """Equity queries: exact, and Monte Carlo with a seed (the same answer on every thread)."""
    if not hasattr(pyeval, "equity"):
        return []
    eq = pyeval.equity
    return [
        ("equity holdem exact turn", eq, ("holdem", ["AhAs", "KdKc"]), {"board": "2c7d9h", "method": "exact"}),
        ("equity omaha-hilo exact", eq, ("omaha-hilo", ["As2sKdQd", "AhKh3c4c"]),
         {"board": "5s6d7h", "method": "exact"}),
        ("equity holdem monte-carlo", eq, ("holdem", ["AhAs", "KdKc", "random"]),
         {"method": "monte-carlo", "samples": 20_000, "seed": 7}),
        ("equity razz monte-carlo 1 thread", eq, ("razz", ["As2d3c", "KsKdQh"]),
         {"method": "monte-carlo", "samples": 20_000, "seed": 11, "threads": 1}),
        ("equity too many players", eq, ("holdem", ["AhAs"] * 11), {}),
        ("equity duplicate card", eq, ("holdem", ["AhAs", "AhKc"]), {}),
    ]


def jobs():
    rng = np.random.default_rng(20240808)
    return evaluator_jobs(rng) + other_jobs(rng) + equity_jobs()


def outcome(fn, args, kwargs):
    """A comparable answer: ('ok', value) or ('error', type name, message)."""
    try:
        value = fn(*args, **kwargs)
    except (ValueError, TypeError) as exc:
        return ("error", type(exc).__name__, str(exc))
    if hasattr(value, "to_dict"):  # EquityResult
        value = value.to_dict()
    return ("ok", value)


def same(a, b) -> bool:
    if isinstance(a, np.ndarray) or isinstance(b, np.ndarray):
        a, b = np.asarray(a), np.asarray(b)
        return a.dtype == b.dtype and a.shape == b.shape and bool((a == b).all())
    if isinstance(a, (list, tuple)) and isinstance(b, (list, tuple)):
        return type(a) is type(b) and len(a) == len(b) and all(same(x, y) for x, y in zip(a, b))
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(same(a[k], b[k]) for k in a)
    return a == b


def snapshot(args):
    return [a.copy() if isinstance(a, np.ndarray) else a for a in args]


def run_concurrently(job_list, threads=THREADS, rounds=ROUNDS):
    """Serial answers, then every job on ``threads`` threads at once; returns (mismatches, errors)."""
    expected = [outcome(fn, args, kwargs) for _, fn, args, kwargs in job_list]
    before = [snapshot(args) for _, _, args, _ in job_list]
    barrier = threading.Barrier(threads)
    mismatches, errors = [], []

    def worker(t):
        order = np.random.default_rng(t).permutation(len(job_list) * rounds) % len(job_list)
        try:
            barrier.wait()
            for i in order:
                label, fn, args, kwargs = job_list[i]
                got = outcome(fn, args, kwargs)
                if not same(got, expected[i]):
                    mismatches.append((t, label, str(got)[:300], str(expected[i])[:300]))
        except BaseException as exc:  # noqa: BLE001 - reported by the test
            errors.append((t, repr(exc)))

    pool = [threading.Thread(target=worker, args=(t,), name=f"pyeval-worker-{t}") for t in range(threads)]
    for th in pool:
        th.start()
    for th in pool:
        th.join(timeout=600)
    assert not any(th.is_alive() for th in pool), "a worker thread hung"
    for (label, _, args, _), old in zip(job_list, before):
        for a, b in zip(args, old):
            if isinstance(a, np.ndarray):
                assert (a == b).all(), f"{label}: input modified"
    return mismatches, errors


def test_jobs_cover_every_evaluator_and_outcome():
    job_list = jobs()
    names = {fn.__name__ for _, fn, _, _ in job_list}
    for name in ["evaluate_high", "evaluate_deuce7", "evaluate_razz", "evaluate_low8", "evaluate_shortdeck",
                 "evaluate_badugi", "evaluate_showing", "evaluate_omaha", "evaluate_omaha_low8", "describe",
                 "hand_category", "parse_cards", "format_cards"]:
        assert name in names
    kinds = {outcome(fn, args, kwargs)[0] for _, fn, args, kwargs in job_list}
    assert kinds == {"ok", "error"}


def test_evaluators_threads_match_serial():
    rng = np.random.default_rng(99)
    mismatches, errors = run_concurrently(evaluator_jobs(rng) + other_jobs(rng))
    assert not errors, errors[:5]
    assert not mismatches, mismatches[:5]


@pytest.mark.skipif(not hasattr(pyeval, "equity"), reason="pyeval.equity not built yet")
def test_mixed_evaluators_and_equity_threads_match_serial():
    rng = np.random.default_rng(5)
    job_list = evaluator_jobs(rng, n=2_000) + other_jobs(rng) + equity_jobs()
    mismatches, errors = run_concurrently(job_list, rounds=max(1, ROUNDS // 2 + 1))
    assert not errors, errors[:5]
    assert not mismatches, mismatches[:5]


def test_gil_released_during_c_calls():
    """While one thread evaluates a big batch, another thread keeps running Python code.

    If the GIL were held, the main thread would stall for the whole call; it ticks every
    millisecond instead.  Three attempts, so a busy machine cannot fail it by chance.
    """
    rng = np.random.default_rng(3)
    hands = np.tile(random_hands(rng, 10_000, 7), (200, 1))
    start = time.perf_counter()
    pyeval.evaluate_deuce7(hands)
    alone = time.perf_counter() - start
    if alone < 0.05:
        pytest.skip(f"the batch takes only {alone * 1000:.0f} ms here: too short to observe")
    stalls = []
    for _ in range(3):
        done = threading.Event()
        worker = threading.Thread(target=lambda ev=done: (pyeval.evaluate_deuce7(hands), ev.set()))
        ticks = [time.perf_counter()]
        worker.start()
        while not done.is_set():
            time.sleep(0.001)
            ticks.append(time.perf_counter())
        worker.join()
        stall = float(np.diff(ticks).max())
        if len(ticks) > 5 and stall < 0.5 * alone:
            return
        stalls.append(stall)
    pytest.fail(f"main thread stalled {max(stalls) * 1000:.0f} ms during a {alone * 1000:.0f} ms C call (GIL held?)")


def sliced_calls(rng, n):
    """(label, fn, args, kwargs) of every batch evaluator on n random hands."""
    out = []
    for name, k, low, extra in [("evaluate_high", 7, 0, {}), ("evaluate_high", 5, 0, {}), ("evaluate_deuce7", 6, 0, {}),
                                ("evaluate_razz", 7, 0, {}), ("evaluate_low8", 5, 0, {}),
                                ("evaluate_shortdeck", 7, 16, {"trips_beat_straight": False}),
                                ("evaluate_badugi", 4, 0, {}), ("evaluate_showing", 3, 0, {"low": True})]:
        out.append((f"{name} k={k}", getattr(pyeval, name), (random_hands(rng, n, k, low),), extra))
    for name in ("evaluate_omaha", "evaluate_omaha_low8"):
        cards = random_hands(rng, n, 9)
        out.append((name, getattr(pyeval, name), (cards[:, :4], cards[:, 4:]), {}))
        board = cards[0, 4:]
        rest = np.setdiff1d(np.arange(52), board).astype(np.uint8)
        out.append((f"{name}, one board", getattr(pyeval, name), (rest[random_hands(rng, n, 4, 5) - 5], board), {}))
    return out


@pytest.fixture
def short_slices(monkeypatch):
    """Slices of 1,000 hands, so that a test batch is cut into one slice per thread."""
    monkeypatch.setattr(pyeval.core._threads, "MIN_SLICE", 1000)


@pytest.mark.parametrize("threads", [2, 3, 7])
def test_a_batch_cut_over_threads_gives_the_one_thread_answer(short_slices, threads):
    rng = np.random.default_rng(threads)
    for label, fn, args, kwargs in sliced_calls(rng, 9_999):
        expected = fn(*args, threads=1, **kwargs)
        assert np.array_equal(fn(*args, threads=threads, **kwargs), expected), label


def test_the_first_bad_hand_is_named_whichever_slice_finds_one_first(short_slices):
    rng = np.random.default_rng(5)
    hands = random_hands(rng, 8_000, 7)
    hands[6_500, 3] = 60  # the last slice of four
    hands[2_345, 1] = hands[2_345, 0]  # the second one
    for threads in (1, 2, 4):
        with pytest.raises(ValueError, match=r"evaluate_high: hand 2345: duplicate card"):
            pyeval.evaluate_high(hands, threads=threads)
    cards = random_hands(rng, 8_000, 9)
    cards[7_999, 8] = 52
    with pytest.raises(ValueError, match="evaluate_omaha: hand 7999: bad card code 52"):
        pyeval.evaluate_omaha(cards[:, :4], cards[:, 4:], threads=3)


@pytest.mark.parametrize("threads, error", [(0, ValueError), (-1, ValueError), (True, ValueError), (2.0, ValueError),
                                             ("2", TypeError)])  # (text is no number: core.checks)
def test_evaluator_threads_must_be_a_positive_integer(threads, error):
    with pytest.raises(error, match="threads must be a positive integer"):
        pyeval.evaluate_high("As Ks Qs Js Ts 2c 3d", threads=threads)
    with pytest.raises(error, match="threads must be a positive integer"):  # an empty batch too
        pyeval.evaluate_high(np.zeros((0, 7), np.uint8), threads=threads)
    with pytest.raises(error, match="threads must be a positive integer"):
        pyeval.evaluate_omaha(np.zeros((0, 4), np.uint8), np.zeros((0, 5), np.uint8), threads=threads)


def test_a_long_batch_uses_every_core_by_default():
    """At the real slice length: the default (every usable core) and one thread agree, slices or not."""
    rng = np.random.default_rng(11)
    hands = random_hands(rng, 2 * pyeval.core._threads.MIN_SLICE + 17, 7)
    assert np.array_equal(pyeval.evaluate_high(hands), pyeval.evaluate_high(hands, threads=1))
