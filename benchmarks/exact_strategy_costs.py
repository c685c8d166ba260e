"""Measure each exact strategy alone, on one thread: the figures behind exact_strategies.exact_plan's units.

    python benchmarks/exact_strategy_costs.py

Prints ns per evaluation of the generic pipeline (numba enumeration, C evaluation, tally),
per showdown-player of the C board engine, per two-hand entry, and per random-hand class.
"""

from __future__ import annotations

import math
import time

import numpy as np

from pyeval.core.games import get_game
from pyeval.engines import engine
from pyeval.engines.single import exact_strategies
from pyeval.query.parse import parse_boards, parse_hand


def layout(game, hands, board=""):
    g = get_game(game)
    return engine.build_layout(g, [parse_hand(h, g, p) for p, h in enumerate(hands)], parse_boards(board, g),
                               np.zeros(0, np.uint8))


def timed(fn):
    start = time.perf_counter()
    fn()
    return time.perf_counter() - start


def generic(lay):
    total = lay.outcomes
    jobs = ((min(engine.CHUNK, total - s), s, None) for s in range(0, total, engine.CHUNK))
    return engine.run_chunks(lay, jobs, 1)


def main() -> None:
    generic(layout("omaha", ["AsKsQdJd", "random"], "2s7h9dTc3c"))  # load the numba cache first
    exact_strategies.run_two_hand_count(layout("stud", ["AsAd7c4h", "KhKd2s"]))
    print("generic enumeration:")
    for game, hands, board in [("holdem", ["AhAs", "KdKc", "random"], "2c3d4h"),
                               ("omaha", ["AsKsQdJd", "random"], "2s7h9dTc"),
                               ("omaha5", ["AsKsQdJdTh", "random"], "2s7h9dTc3c"),
                               ("omaha6", ["AsKsQdJdTh9h", "random"], "2s7h9dTc3c")]:
        lay = layout(game, hands, board)
        dt = timed(lambda lay=lay: generic(lay))
        print(f"  {game:8s} {lay.evaluations:>12,} evaluations {dt:6.2f} s  {dt / lay.evaluations * 1e9:5.1f} ns each")
    print("C board engine (every hole known):")
    for game, hands in [("holdem", ["AhAs", "KdKc", "QhJh"]), ("omaha", ["AsKsQdJd", "7c8c9h2d"])]:
        lay = layout(game, hands)
        kinds = engine.board_kinds(lay)
        showdowns = engine.board_cost(lay, kinds) * lay.players * len(lay.parts)
        dt = timed(lambda lay=lay: exact_strategies.run_exact(lay, 1))
        print(f"  {game:8s} {showdowns:>12,} showdown-players {dt:6.3f} s  {dt / showdowns * 1e9:5.1f} ns each")
    print("two-hand counting:")
    for game, hands, board in [("stud", ["AsAd7c", "KhKd2s"], ""), ("omaha5", ["AsKsQdJdTh", "random"], "2s7h9dTc3c")]:
        lay = layout(game, hands, board)
        entries = sum(math.comb(len(lay.deck), int(k)) * 2 ** int(k) for k in lay.slot_sizes)
        dt = timed(lambda lay=lay: exact_strategies.run_two_hand_count(lay))
        print(f"  {game:8s} {entries:>12,} entries {dt:6.2f} s  {dt / entries * 1e9:5.1f} ns each")
    print("random-hand classes (hold'em):")
    for board in ["", "2c7h9d"]:
        lay = layout("holdem", ["AsKd", "random"], board)
        p = exact_strategies._random_player(lay)
        build = timed(lambda lay=lay, p=p: exact_strategies._random_hand_layouts(lay, p))
        classes = len(exact_strategies._random_hand_layouts(lay, p))
        run = timed(lambda lay=lay, p=p: exact_strategies.run_random_hand(lay, p, 1))
        print(f"  board {board or '-':7s} {classes:>5} classes: listing and layouts {build / classes * 1e6:5.0f} us, "
              f"boards {run / classes * 1e6:6.0f} us per class")


if __name__ == "__main__":
    main()
