"""Time one equity query against a random hand, as RESULTS.md "Issue 17 fixes" reports it.

    python benchmarks/auto_omaha_random.py omaha-turn [auto|exact|monte-carlo|cost]

Run each case in its own process (peak RSS is per process):
    for c in omaha-turn omaha-hilo-turn omaha6-river omaha5-turn; do python benchmarks/auto_omaha_random.py $c; done
"""

from __future__ import annotations

import resource
import sys
import time

import pyeval
from pyeval.engines import engine
from pyeval.engines.single import exact_strategies

CASES = {
    "omaha-turn": ("omaha", ["AsKsQdJd", "random"], "2s7h9dTc"),
    "omaha-river": ("omaha", ["AsKsQdJd", "random"], "2s7h9dTc3c"),
    "omaha-hilo-turn": ("omaha-hilo", ["As2sQdJd", "random"], "3s7h9dTc"),
    "omaha5-turn": ("omaha5", ["AsKsQdJdTh", "random"], "2s7h9dTc"),
    "omaha6-river": ("omaha6", ["AsKsQdJdTh9h", "random"], "2s7h9dTc3c"),
    "omaha6-flop": ("omaha6", ["AsKsQdJdTh9h", "random"], "2s7h9d"),
}


def main() -> None:
    case = sys.argv[1]
    method = sys.argv[2] if len(sys.argv) > 2 else "auto"
    game, hands, board = CASES[case]
    start = time.perf_counter()
    if method == "cost":
        from pyeval.core.games import get_game
        from pyeval.query.parse import parse_boards, parse_hand

        g = get_game(game)
        layout = engine.build_layout(g, [parse_hand(h, g, p) for p, h in enumerate(hands)], parse_boards(board, g),
                                     engine.np.zeros(0, engine.np.uint8))
        what = f"{exact_strategies.exact_plan(layout)} for {layout.outcomes:,} outcomes"
    else:
        try:
            r = pyeval.equity(game, hands, board=board, method=method)
            what = f"{r.method}, {r.outcomes:,} outcomes, equity {r.equity.round(5).tolist()}"
        except ValueError as exc:
            what = f"refused: {exc}"
    seconds = time.perf_counter() - start
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"{case} {method}: {seconds:.2f} s, peak RSS {peak:.0f} MB: {what}")


if __name__ == "__main__":
    main()
