"""pyeval.flop_report against the same answers one flop at a time (issue 42, item 4).

Two hold'em ranges of about 15-20% each (a cutoff open against a big-blind defence), every
flop up to suit isomorphism (1,755), exact:

  * flop_report, equities and buckets only (``classes=False``), and with the hand classes;
  * 1,755 calls of ``pyeval.equity`` (the range engine, one flop at a time), timed on a sample
    of flops and scaled to 1,755;
  * poker-equity's exact range mode (``exact_from_text``) on a smaller sample, scaled alike
    (its range notation has no ``A2s+``: the ranges are given to it as lists of classes).

Every sampled flop's equity is checked equal across the three before any timing.  Medians of
``--repeats`` runs, the repeats of the contenders interleaved; wall time (``--threads``, default
all cores, for pyeval; poker-equity uses its own thread pool); the load average is printed.

    python benchmarks/flop_report.py --repeats 3 --sample 40 --pe-sample 8
"""
from __future__ import annotations

import argparse
import os
import random
import statistics
import time

import numpy as np

import pyeval
from pyeval.analysis.flops import flop_report

HERO = "22+,A2s+,K9s+,Q9s+,J9s+,T8s+,98s,ATo+,KJo+"  # a cutoff open, 18.6%
VILLAIN = "22-JJ,A2s-AQs,K9s+,Q9s+,J9s+,T8s+,97s+,87s,76s,65s,ATo-AQo,KTo+,QTo+"  # a big-blind defence, 19.9%
MATCHUPS = [(HERO, VILLAIN), ("QQ+,AKs,AKo", "JJ-77,AQs,KQs")]
"""The issue's matchup, then a narrow one that poker-equity's exact mode accepts (it declines wide
ranges on a flop: None, too many deals to walk)."""


def classes_text(text: str) -> str:
    """A range as a comma list of its starting-hand classes (poker-equity's notation)."""
    r = pyeval.parse_range(text)
    from pyeval.ranges.classes import COMBO_CLASS, COMBO_INDEX

    names = sorted({pyeval.CLASS_NAMES[k] for k in COMBO_CLASS[COMBO_INDEX[r.combos[:, 0], r.combos[:, 1]]]})
    return ",".join(names)


CPU: dict[str, list[float]] = {}


def timed(fn, name: str = "") -> float:
    """Wall time of fn(); its CPU time (every thread of this process) kept in CPU[name]."""
    c, t = time.process_time(), time.perf_counter()
    fn()
    CPU.setdefault(name, []).append(time.process_time() - c)
    return time.perf_counter() - t


def matchup(hero: str, villain: str, args) -> None:
    combos = [len(pyeval.parse_range(t)) for t in (hero, villain)]
    print(f"\nhero {hero} ({combos[0]} combos, {combos[0] / 1326:.1%}); villain {villain} ({combos[1]} combos, "
          f"{combos[1] / 1326:.1%}); {os.cpu_count()} cores; load average {os.getloadavg()[0]:.2f} at start")
    report = flop_report(hero, villain, threads=args.threads)  # warm, and the answers to check against
    rng = random.Random(1)
    sample = rng.sample(range(len(report)), args.sample)
    pe_sample = sample[:args.pe_sample]
    fractions = report.equity_fractions()
    for i in sample:
        e = pyeval.equity("holdem", [hero, villain], board=report.flops[i], threads=args.threads)
        assert e.fractions[0] == fractions[i], report.flops[i]
    try:
        import poker_equity
    except ImportError:
        poker_equity = None
        print("poker-equity is not installed (pip install poker-equity, the bench extra): no peer column")
    if poker_equity is not None:
        pe_ranges = [classes_text(hero), classes_text(villain)]
        for i in pe_sample:
            got = poker_equity.exact_from_text("holdem", pe_ranges, report.flops[i])
            if got is None:
                print(f"poker-equity declines these ranges exactly on {report.flops[i]} (None: too many deals to "
                      "walk): no peer column")
                poker_equity = None
                break
            assert abs(got["players"][0]["equity"] - float(fractions[i])) < 1e-9, report.flops[i]

    runs: dict[str, list[float]] = {"flop_report, equities": [], "flop_report, with classes": [],
                                    "pyeval.equity x 1,755 (scaled)": [], "poker-equity x 1,755 (scaled)": []}
    for _ in range(args.repeats):
        runs["flop_report, equities"].append(timed(lambda: flop_report(hero, villain, classes=False,
                                                                       threads=args.threads), "flop_report, equities"))
        runs["flop_report, with classes"].append(timed(lambda: flop_report(hero, villain, threads=args.threads),
                                                       "flop_report, with classes"))
        t = timed(lambda: [pyeval.equity("holdem", [hero, villain], board=report.flops[i], threads=args.threads)
                           for i in sample], "pyeval.equity x 1,755 (scaled)")
        runs["pyeval.equity x 1,755 (scaled)"].append(t * len(report) / len(sample))
        if poker_equity is not None:
            t = timed(lambda: [poker_equity.exact_from_text("holdem", pe_ranges, report.flops[i]) for i in pe_sample])
            runs["poker-equity x 1,755 (scaled)"].append(t * len(report) / len(pe_sample))
    base = statistics.median(runs["flop_report, equities"])
    print(f"| all 1,755 flops, exact | wall, median of {args.repeats} (s) | runs (s) | vs flop_report, equities "
          "| CPU, median (s) |")
    print("| --- | ---: | --- | ---: | ---: |")
    for name, ts in runs.items():
        if ts:
            m = statistics.median(ts)
            cpu = CPU.get(name)
            scale = len(report) / len(sample) if name.startswith("pyeval.equity") else 1
            cpu_text = f"{statistics.median(cpu) * scale:.2f}" if cpu else "-"
            print(f"| {name} | {m:.2f} | {', '.join(f'{t:.2f}' for t in ts)} | {m / base:.1f}x | {cpu_text} |")
    CPU.clear()
    print(f"load average {os.getloadavg()[0]:.2f} at the end; mean equity {report.mean[0]:.4f} "
          f"(= preflop {float(report.mean_fraction):.4f}, exact)")


def omaha(args) -> None:
    """Two PLO ranges of 10% each, every flop, each sampled to a 0.5% standard error: one run
    each without and with the hand classes (minutes: no repeats), wall and CPU time."""
    n = len(pyeval.parse_range("10%", "omaha"))
    print(f"omaha 10% vs 10% ({n} combos each); load average {os.getloadavg()[0]:.2f} at start")
    for classes in (False, True):
        cpu, wall = time.process_time(), time.perf_counter()
        r = flop_report("10%", "10%", game="omaha", seed=1, classes=classes, threads=args.threads)
        cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
        print(f"| omaha, classes={classes} | {wall:.1f} s wall | {cpu:.1f} s CPU | largest standard error "
              f"{float(np.nanmax(r.stderr)):.4f} | mean {r.mean[0]:.4f} vs preflop {r.preflop.equity[0]:.4f} "
              f"± {r.preflop.stderr[0]:.4f} | load {os.getloadavg()[0]:.2f} |", flush=True)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--repeats", type=int, default=3)
    ap.add_argument("--sample", type=int, default=40, help="flops timed with pyeval.equity")
    ap.add_argument("--pe-sample", type=int, default=8, help="flops timed with poker-equity")
    ap.add_argument("--threads", type=int, default=None)
    ap.add_argument("--omaha", action="store_true", help="instead: two 10%% PLO ranges, all flops, once")
    args = ap.parse_args()
    if args.omaha:
        omaha(args)
        return
    for hero, villain in MATCHUPS:
        matchup(hero, villain, args)


if __name__ == "__main__":
    main()
