"""The simulation kernels in C (pyeval.sim._sim_kernels) against the numba kernels they replaced
(tests/numba_sim_kernels.py), warm, in one process: the same calls, alternating, median of repeats.

    python benchmarks/sim_kernels.py --repeats 5 --threads 1

CPU time (all threads) and wall time per call; the ratio is numba / C (above 1: C faster).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from kernel_ab import print_comparison  # noqa: E402
from test_sim_kernels import numba_twins  # noqa: E402  (the numba kernels behind the C kernels' signatures)

import pyeval  # noqa: E402
from pyeval.core._results import same  # noqa: E402
from pyeval.sim import _sim_kernels  # noqa: E402

CALLS = {
    "simulate holdem 6p 1M": lambda t: pyeval.simulate("holdem", 6, 1_000_000, seed=1, progress=False, threads=t),
    "simulate omaha-hilo 4p hilo 300k": lambda t: pyeval.simulate("omaha-hilo", 4, 300_000, seed=1, study="hilo",
                                                                  progress=False, threads=t),
    "simulate omaha-hilo 4p hands 300k": lambda t: pyeval.simulate("omaha-hilo", 4, 300_000, seed=1,
                                                                   progress=False, threads=t),
    "simulate double-board 3p 500k": lambda t: pyeval.simulate("holdem-double-board", 3, 500_000, seed=1,
                                                               study=["starting-hands", "categories"],
                                                               progress=False, threads=t),
    "simulate stud 8p categories 300k": lambda t: pyeval.simulate("stud", 8, 300_000, seed=1, progress=False,
                                                                  threads=t),
    "deal holdem 6p 1M": lambda t: pyeval.deal("holdem", 6, 1_000_000, seed=1),
    "showdown holdem 6p 1M": lambda t: pyeval.showdown("holdem", *DEALT),
}
DEALT = pyeval.deal("holdem", 6, 1_000_000, seed=2)


def answer(result):
    if isinstance(result, pyeval.SimulationResult):
        return result.counts
    return tuple(result) if isinstance(result, tuple) else result


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--repeats", type=int, default=5)
    ap.add_argument("--threads", type=int, default=1)
    ap.add_argument("--only", default="", help="run the calls whose label contains this text")
    args = ap.parse_args()
    calls = {label: (lambda t, call=call: answer(call(t))) for label, call in CALLS.items() if args.only in label}
    print_comparison(_sim_kernels, numba_twins, calls, args.repeats, args.threads, same)
    return 0


if __name__ == "__main__":
    sys.exit(main())
