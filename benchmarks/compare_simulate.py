"""Time the 6-player hold'em starting-hand simulation (issue 6) against peers doing the same
work per deal: deal 6 random hands and a board, evaluate the 6 hands, share the pot.

Usage (from the repository root)::

    python benchmarks/compare_simulate.py                 # 20M deals, 5 repeats
    python benchmarks/compare_simulate.py --deals 100M --repeats 3

* pyeval: ``pyeval.simulate("holdem", 6, N, study="starting-hands")`` with all threads and
  with one; wall-clock deals/s (median of the repeats) and deals per CPU-second (process
  CPU time, which the noise of a shared machine affects much less).
* pokerkit: ``calculate_equities`` with six random hands (a range holding one empty hand
  each: the hole cards are dealt), without and with a ``ProcessPoolExecutor``.
* eval7: ``py_hand_vs_range_monte_carlo`` (its C Monte Carlo loop) heads-up against the
  full range: 2 hands evaluated per iteration, so one 6-player deal is worth 3 iterations
  (a lower bound on its time: dealing 17 cards instead of 9 is not charged); and a Python
  loop dealing 6 hands with ``Deck.sample`` and ``eval7.evaluate``.
"""

from __future__ import annotations

import argparse
import itertools
import os
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor


def _count(text: str) -> int:
    t = text.strip().upper()
    scale = {"K": 10**3, "M": 10**6, "G": 10**9}.get(t[-1:], 1)
    return int(float(t[:-1] if scale != 1 else t) * scale)


def time_pyeval(deals: int, repeats: int, threads: int | None) -> tuple[float, float]:
    import pyeval

    pyeval.simulate("holdem", 6, 1_000_000, seed=0, progress=False, threads=threads)  # warm-up
    walls, cpus = [], []
    for r in range(repeats):
        c0, w0 = time.process_time(), time.perf_counter()
        res = pyeval.simulate("holdem", 6, deals, seed=r, progress=False, threads=threads)
        walls.append(deals / (time.perf_counter() - w0))
        cpus.append(deals / (time.process_time() - c0))
        assert res.outcomes == deals
    return statistics.median(walls), statistics.median(cpus)


def time_pokerkit(samples: int, repeats: int, workers: int | None) -> float:
    from pokerkit import Deck, StandardHighHand, calculate_equities

    def run(executor):
        return calculate_equities([[[]]] * 6, [], 2, 5, Deck.STANDARD, (StandardHighHand,), sample_count=samples,
                                  executor=executor)

    rates = []
    executor = ProcessPoolExecutor(max_workers=workers) if workers else None
    try:
        run(executor)
        for _ in range(repeats):
            t = time.perf_counter()
            run(executor)
            rates.append(samples / (time.perf_counter() - t))
    finally:
        if executor:
            executor.shutdown()
    return statistics.median(rates)


def time_eval7_c(iterations: int, repeats: int) -> float:
    import eval7

    hero = [eval7.Card("As"), eval7.Card("Kd")]
    rest = [eval7.Card(r + s) for r in "23456789TJQKA" for s in "cdhs"]
    rest = [c for c in rest if c not in hero]
    villain = [((a, b), 1.0) for a, b in itertools.combinations(rest, 2)]
    eval7.py_hand_vs_range_monte_carlo(hero, villain, [], 10_000)
    rates = []
    for _ in range(repeats):
        t = time.perf_counter()
        eval7.py_hand_vs_range_monte_carlo(hero, villain, [], iterations)
        rates.append(iterations / (time.perf_counter() - t))
    return statistics.median(rates)


def time_eval7_python(deals: int, repeats: int) -> float:
    import eval7

    evaluate = eval7.evaluate
    rates = []
    for _ in range(repeats):
        deck = eval7.Deck()
        t = time.perf_counter()
        for _ in range(deals):
            cards = deck.sample(17)
            board = cards[12:]
            scores = [evaluate(cards[2 * p:2 * p + 2] + board) for p in range(6)]
            best = max(scores)
            _winners = [p for p in range(6) if scores[p] == best]
        rates.append(deals / (time.perf_counter() - t))
    return statistics.median(rates)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--deals", type=_count, default=20_000_000, help="pyeval deals per run (default 20M)")
    ap.add_argument("--repeats", type=int, default=5)
    ap.add_argument("--pokerkit-samples", type=int, default=3000)
    ap.add_argument("--eval7-iterations", type=int, default=3_000_000)
    ap.add_argument("--eval7-python-deals", type=int, default=100_000)
    args = ap.parse_args(argv)
    cores = os.cpu_count() or 1
    rows = []
    wall, cpu = time_pyeval(args.deals, args.repeats, None)
    rows.append((f"pyeval.simulate, {cores} threads", wall, f"{cpu / 1e6:.2f} M per CPU-s"))
    wall1, cpu1 = time_pyeval(args.deals, args.repeats, 1)
    rows.append(("pyeval.simulate, 1 thread", wall1, f"{cpu1 / 1e6:.2f} M per CPU-s"))
    try:
        e7 = time_eval7_c(args.eval7_iterations, args.repeats)
        rows.append(("eval7 C Monte Carlo heads-up (3 iterations = 1 deal), 1 thread", e7 / 3,
                     f"{e7 / 1e6:.2f} M iterations/s"))
        rows.append(("eval7 Python loop, 6 hands per deal, 1 thread",
                     time_eval7_python(args.eval7_python_deals, args.repeats), ""))
    except ImportError:
        print("eval7 not installed: skipped", file=sys.stderr)
    try:
        rows.append(("pokerkit calculate_equities, 1 process",
                     time_pokerkit(args.pokerkit_samples, args.repeats, None), ""))
        rows.append((f"pokerkit calculate_equities, ProcessPoolExecutor({cores})",
                     time_pokerkit(args.pokerkit_samples, args.repeats, cores), ""))
    except ImportError:
        print("pokerkit not installed: skipped", file=sys.stderr)
    print(f"6-player hold'em, deal + evaluate 6 hands + share the pot; {cores} cores; medians of {args.repeats}")
    print()
    print("| engine | deals/s | vs pyeval (all threads) | note |")
    print("| --- | ---: | ---: | --- |")
    for name, rate, note in rows:
        print(f"| {name} | {rate:,.0f} | {wall / rate:,.1f}x | {note} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
