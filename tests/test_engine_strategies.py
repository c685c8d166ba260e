"""The three exact strategies of pyeval.engine give identical integer counts on the same queries."""

import numpy as np
import pytest

import pyeval
from pyeval import engine


def layout(game, hands, board="", dead=""):
    g = pyeval.get_game(game)
    holes = [pyeval.parse_cards(h) if h != "random" else np.zeros(0, np.uint8) for h in hands]
    boards = [pyeval.parse_cards(board)] if g.board else []
    return engine.build_layout(g, holes, boards, pyeval.parse_cards(dead) if dead else np.zeros(0, np.uint8))


def generic(lay):
    jobs = [(min(engine.CHUNK, lay.outcomes - s), s, None) for s in range(0, lay.outcomes, engine.CHUNK)]
    return engine._run_chunks(lay, jobs, 2)


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
    fast = engine._run_jobs(lambda job: engine._run_board_chunk(lay, engine.board_kinds(lay), *job), lay, jobs, 2)
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
    assert engine.counts_two_hands(lay)
    same(engine.run_two_hand_count(lay), generic(lay))


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
    import signal
    import subprocess
    import sys
    import time

    proc = subprocess.Popen([sys.executable, "-m", "pyeval.cli", "equity", "holdem", "AhAs", "KdKc", "random",
                             "--samples", "2G", "--seed", "1"], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    time.sleep(4.0)  # past start-up, well inside the run (about a minute of work)
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
