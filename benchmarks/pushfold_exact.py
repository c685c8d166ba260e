"""The heads-up push/fold solve with and without the exact purification (issue 36 item 7), in
the same run: ``PYTHONPATH=. python benchmarks/pushfold_exact.py [repeats]`` (from a checkout:
the checkout's pyeval).  Prints, per depth of a grid,
the median wall time of CFR+ alone (the old solve: ``pushfold_solver._cfr``) and of the whole
solve (CFR+ and ``purify``), and their ratio."""

from __future__ import annotations

import statistics
import sys
import time

from pyeval.analysis.pushfold.heads_up import heads_up_game, outcome_values
from pyeval.analysis.pushfold.solver import _cfr, solve

DEPTHS = (2.0, 5.0, 8.0, 10.0, 11.7, 15.0, 20.0)


def main(repeats: int = 5) -> None:
    total_cfr = total_exact = 0.0
    for depth in DEPTHS:
        game = heads_up_game(outcome_values((depth, depth), 0.5, 1.0, 0.0, None, None))
        cfr, exact = [], []
        for _ in range(repeats):
            t = time.perf_counter()
            _cfr(game, 1e-6, 200_000, 200)
            cfr.append(time.perf_counter() - t)
            t = time.perf_counter()
            found = solve(game, 1e-6)
            exact.append(time.perf_counter() - t)
        a, b = statistics.median(cfr), statistics.median(exact)
        total_cfr, total_exact = total_cfr + a, total_exact + b
        print(f"{depth:5.1f} BB  CFR+ {1000 * a:7.1f} ms  exact {1000 * b:7.1f} ms  ratio {b / a:5.2f}  "
              f"verified {found.exact}")
    print(f"all: CFR+ {total_cfr:.2f} s, exact {total_exact:.2f} s, ratio {total_exact / total_cfr:.2f}")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 5)
