"""One hand a call: microseconds per 7-card evaluation from a Python loop, pyeval against the peers.

A script that evaluates hands one at a time pays the per-call cost, not the batch rate.  Each
evaluator loops over the same 2,000 random hands, given in the form it takes (pyeval: text, a list
of codes, a 1-D uint8 array; phevaluator: ints; eval7: a list of its Card objects, made untimed);
the figure is the median over ``--repeats`` loops, and the ratio is to pyeval's text form in the
same run.

Usage (from the repository root)::

    python benchmarks/single_hand.py --repeats 9
"""

from __future__ import annotations

import argparse
import os
import statistics
import time

import peers  # benchmarks/ is sys.path[0] when run as a script

import pyeval


def per_call_us(fn, hands, repeats: int) -> float:
    times = []
    for _ in range(repeats):
        t0 = time.perf_counter()
        for h in hands:
            fn(h)
        times.append((time.perf_counter() - t0) / len(hands) * 1e6)
    return statistics.median(times)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--hands", type=int, default=2000)
    ap.add_argument("--repeats", type=int, default=9)
    args = ap.parse_args()
    codes = peers.deal(args.hands, 7, seed=7)
    expected = pyeval.evaluate_high(codes)
    cases = {
        "pyeval.evaluate_high(text)": (pyeval.evaluate_high, [pyeval.format_cards(h) for h in codes]),
        "pyeval.evaluate_high(list of codes)": (pyeval.evaluate_high, codes.tolist()),
        "pyeval.evaluate_high(1-D uint8 array)": (pyeval.evaluate_high, list(codes)),
    }
    for fn, hands in cases.values():
        assert [fn(h) for h in hands] == expected.tolist()
    try:
        from phevaluator import evaluate_cards
        # phevaluator's codes: 4 * rank + suit with ranks 2..A and suits c, d, h, s, as pyeval's
        cases["phevaluator.evaluate_cards(*ints)"] = (lambda h: evaluate_cards(*h), codes.tolist())
    except ImportError:
        print("phevaluator not installed: skipped")
    try:
        import eval7
        cards = [[eval7.Card(c) for c in pyeval.format_cards(h).split()] for h in codes]
        cases["eval7.evaluate(cards)"] = (eval7.evaluate, cards)
    except ImportError:
        print("eval7 not installed: skipped")
    print(f"{args.hands:,} random 7-card hands, one call each, median of {args.repeats} loops; "
          f"load average {os.getloadavg()[0]:.2f}")
    print("| evaluator, input | us a call | ratio to pyeval(text) |")
    print("| --- | ---: | ---: |")
    base = None
    for label, (fn, hands) in cases.items():
        us = per_call_us(fn, hands, args.repeats)
        base = base or us
        print(f"| {label} | {us:.2f} | {us / base:.2f}x |", flush=True)
    print(f"load average {os.getloadavg()[0]:.2f} at the end")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
