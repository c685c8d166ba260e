"""Time heads-up hold'em Monte Carlo equity (issue 4) against eval7, and the first query of a
fresh process.

Usage (from the repository root)::

    python benchmarks/compare_monte_carlo.py                  # 20M samples, 5 repeats
    python benchmarks/compare_monte_carlo.py --samples 50M --repeats 7

* pyeval: ``pyeval.equity("holdem", ["AhAs", "KdKc"], method="monte-carlo", samples=N)`` with
  threads=1 and threads=2; samples (showdowns) per second of wall time, median of the repeats.
* eval7: ``py_hand_vs_range_monte_carlo`` with the villain range holding the one hand KdKc:
  the same work per sample (deal 5 board cards, evaluate both hands), one thread (it has no
  threads).
* First query: ``python -c "import pyeval; pyeval.equity(...)"`` in a new process, wall time
  of the whole process and of the query alone (median of the repeats), for a board-only query
  (sampled in C) and for one that uses the numba engine (a random hand; stud).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time


def _count(text: str) -> int:
    t = text.strip().upper()
    scale = {"K": 10**3, "M": 10**6, "G": 10**9}.get(t[-1:], 1)
    return int(float(t[:-1] if scale != 1 else t) * scale)


def time_pyeval(samples: int, repeats: int, threads: int) -> tuple[float, float]:
    import pyeval

    pyeval.equity("holdem", ["AhAs", "KdKc"], method="monte-carlo", samples=100_000, seed=0, threads=threads)
    rates = []
    for r in range(repeats):
        t = time.perf_counter()
        res = pyeval.equity("holdem", ["AhAs", "KdKc"], method="monte-carlo", samples=samples, seed=r,
                            threads=threads)
        rates.append(samples / (time.perf_counter() - t))
    return statistics.median(rates), float(res.equity[0])


def time_eval7(samples: int, repeats: int) -> tuple[float, float]:
    import eval7

    hero = [eval7.Card("Ah"), eval7.Card("As")]
    villain = [((eval7.Card("Kd"), eval7.Card("Kc")), 1.0)]
    eval7.py_hand_vs_range_monte_carlo(hero, villain, [], 10_000)
    rates = []
    for _ in range(repeats):
        t = time.perf_counter()
        eq = eval7.py_hand_vs_range_monte_carlo(hero, villain, [], samples)
        rates.append(samples / (time.perf_counter() - t))
    return statistics.median(rates), float(eq)


FIRST_QUERIES = {
    "hold'em AhAs vs KdKc (C sampler)": "'holdem', ['AhAs', 'KdKc']",
    "hold'em AhAs vs KdKc vs random (C sampler)": "'holdem', ['AhAs', 'KdKc', 'random']",
    "stud 3-way third street (C deal kernels)": "'stud', ['AhAs7d', 'KcKd2c', 'QcJc9s']",
}


def time_first_query(args: str, repeats: int) -> tuple[float, float, bool]:
    code = ("import time; t0 = time.perf_counter(); import pyeval, sys, json; t1 = time.perf_counter(); "
            f"pyeval.equity({args}, method='monte-carlo', samples=100_000, seed=1); t2 = time.perf_counter(); "
            "print(json.dumps([t2 - t1, 'numba' in sys.modules]))")
    subprocess.run([sys.executable, "-c", code], check=True, capture_output=True)  # numba cache warm
    walls, queries = [], []
    for _ in range(repeats):
        t = time.perf_counter()
        out = subprocess.run([sys.executable, "-c", code], check=True, capture_output=True, text=True).stdout
        walls.append(time.perf_counter() - t)
        query, numba_loaded = json.loads(out)
        queries.append(query)
    return statistics.median(walls), statistics.median(queries), numba_loaded


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--samples", type=_count, default=20_000_000)
    ap.add_argument("--repeats", type=int, default=5)
    args = ap.parse_args()
    load = os.getloadavg()[0]

    one, eq_one = time_pyeval(args.samples, args.repeats, 1)
    two, eq_two = time_pyeval(args.samples, args.repeats, 2)
    rows = [("pyeval, 1 thread", one, eq_one), ("pyeval, 2 threads", two, eq_two)]
    try:
        e7, eq_e7 = time_eval7(args.samples // 2, args.repeats)
        rows.append(("eval7 py_hand_vs_range_monte_carlo, 1 thread", e7, eq_e7))
    except ImportError:
        e7 = None
    print(f"hold'em AhAs vs KdKc preflop, Monte Carlo; {args.samples:,} samples (eval7: half); "
          f"median of {args.repeats}; load average {load:.2f} at the start\n")
    print("| engine | samples/s | AhAs equity | vs eval7 |")
    print("| --- | ---: | ---: | ---: |")
    for name, rate, eq in rows:
        ratio = f"{rate / e7:.1f}x" if e7 else "-"
        print(f"| {name} | {rate / 1e6:.2f} M | {eq:.4f} | {ratio} |")
    print(f"\nscaling, 2 threads / 1 thread: {two / one:.2f}x\n")

    print("| first query in a fresh process (100k samples) | wall, whole process | query alone | numba loaded |")
    print("| --- | ---: | ---: | --- |")
    for name, query in FIRST_QUERIES.items():
        wall, alone, numba_loaded = time_first_query(query, args.repeats)
        print(f"| {name} | {wall:.2f} s | {alone:.2f} s | {'yes' if numba_loaded else 'no'} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
