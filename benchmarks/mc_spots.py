"""Board Monte Carlo beyond heads-up: multiway, a hand against a random one, a flop given, Omaha, against the
same-run peers (issue 16 item 2: "multiway and Omaha likewise measured against the same-run peers").

Usage (from the repository root; OMPEval's harness built as benchmarks/ompeval_bench.cpp's header says)::

    python benchmarks/mc_spots.py --ompeval /tmp/ompeval_bench [--rounds 5] [--seconds 0.5]

Each round, for each spot and each thread count (1, then 2), in turn:

* pyeval: ``pyeval.equity(game, hands, board, method="monte-carlo", samples=S, threads=T)``, S sized from a first
  run to last about ``--seconds``; samples per second of wall time;
* OMPEval's EquityCalculator (hold'em only, up to 6 players) for ``--seconds``: its own samples/s;
* poker-equity's ``chunk_from_text`` (Rust; hold'em and Omaha) on ``--peer-samples`` deals with T threads.

The equities of every library are printed beside each other as a check that they answer the same spot.  Medians of
the per-round rates and of the per-round ratios are printed, with the load average.
"""

from __future__ import annotations

import argparse
import os
import re
import statistics
import subprocess
import time

# (label, pyeval game, hands, board, OMPEval ranges or None, poker-equity variant or None)
SPOTS = [
    ("hold'em heads-up, preflop", "holdem", ["AhAs", "KdKc"], "", ["AhAs", "KdKc"], "holdem"),
    ("hold'em 3-way, preflop", "holdem", ["AhAs", "KdKc", "QsJs"], "", ["AhAs", "KdKc", "QsJs"], "holdem"),
    ("hold'em 6-way, preflop", "holdem", ["AhAs", "KdKc", "QsJs", "Tc9c", "8d8h", "7s6s"], "",
     ["AhAs", "KdKc", "QsJs", "Tc9c", "8d8h", "7s6s"], "holdem"),
    ("hold'em AhAs vs KdKc vs a random hand", "holdem", ["AhAs", "KdKc", "random"], "", ["AhAs", "KdKc", "random"],
     None),
    ("hold'em heads-up, flop Th9s2c", "holdem", ["AhAs", "KdKc"], "Th9s2c", ["AhAs", "KdKc"], "holdem"),
    ("Omaha heads-up, preflop", "omaha", ["AhAsKdQc", "KhKsJdTc"], "", None, "omaha"),
    ("Omaha hi/lo heads-up, preflop", "omaha-hilo", ["AhAs2d3c", "KhKsJdTc"], "", None, "omaha_hi_lo"),
]
OMP_RATE = re.compile(r"equity ([0-9.]+), speed ([0-9.]+) M/s")


def pyeval_run(game: str, hands: list[str], board: str, samples: int, threads: int) -> tuple[float, float]:
    """(M samples/s, the first player's equity)."""
    import pyeval

    t = time.perf_counter()
    r = pyeval.equity(game, hands, board or None, method="monte-carlo", samples=samples, seed=1, threads=threads)
    return samples / (time.perf_counter() - t) / 1e6, float(r.equity[0])


def ompeval_run(binary: str, seconds: float, threads: int, board: str, ranges: list[str]) -> tuple[float, float]:
    out = subprocess.run([binary, "mc", str(seconds), str(threads), board or "-", *ranges], check=True,
                         capture_output=True, text=True).stdout
    m = OMP_RATE.search(out)
    if not m:
        raise SystemExit(f"no rate in OMPEval's output: {out}")
    return float(m.group(2)), float(m.group(1))


def peer_run(variant: str, hands: list[str], board: str, samples: int, threads: int) -> tuple[float, float]:
    import poker_equity

    spaced = " ".join(board[i:i + 2] for i in range(0, len(board), 2))
    t = time.perf_counter()
    r = poker_equity.chunk_from_text(variant, hands, board=spaced, samples=samples, seed=1, threads=threads)
    rate = samples / (time.perf_counter() - t) / 1e6
    return rate, float(r["players"][0]["equity"])


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--ompeval", default=None, help="benchmarks/ompeval_bench.cpp built")
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--seconds", type=float, default=0.5, help="about how long each timed run lasts")
    ap.add_argument("--peer-samples", type=int, default=2_000_000, help="deals per poker-equity run")
    args = ap.parse_args()
    try:
        import poker_equity  # noqa: F401
        have_peer = True
    except ImportError:
        have_peer = False
    start_load = os.getloadavg()[0]
    samples = {}
    for label, game, hands, board, _, _ in SPOTS:  # warm, and size each spot's pyeval run
        rate, _ = pyeval_run(game, hands, board, 1_000_000, 1)
        samples[label] = max(1_000_000, int(rate * 1e6 * args.seconds))
    rates: dict[tuple[str, int, str], list[float]] = {}
    equities: dict[tuple[str, str], float] = {}
    for r in range(args.rounds):
        for label, game, hands, board, ranges, variant in SPOTS:
            for threads in (1, 2):
                runs = {"pyeval": pyeval_run(game, hands, board, samples[label], threads)}
                if args.ompeval and ranges:
                    runs["OMPEval"] = ompeval_run(args.ompeval, args.seconds, threads, board, ranges)
                if have_peer and variant:
                    runs["poker-equity"] = peer_run(variant, hands, board, args.peer_samples, threads)
                for who, (rate, equity) in runs.items():
                    rates.setdefault((label, threads, who), []).append(rate)
                    equities[(label, who)] = equity
        print(f"round {r} done", flush=True)
    print(f"\nload average {start_load:.2f} at the start, {os.getloadavg()[0]:.2f} at the end; medians of "
          f"{args.rounds} rounds, M samples/s")
    print("| spot | threads | pyeval | OMPEval | poker-equity | pyeval / OMPEval | pyeval / poker-equity |")
    print("| --- | ---: | ---: | ---: | ---: | ---: | ---: |")
    for label, *_ in SPOTS:
        for threads in (1, 2):
            row = [f"{statistics.median(rates[(label, threads, w)]):.2f}" if (label, threads, w) in rates else ""
                   for w in ("pyeval", "OMPEval", "poker-equity")]
            ratios = []
            for peer in ("OMPEval", "poker-equity"):
                key, ours = (label, threads, peer), rates[(label, threads, "pyeval")]
                ratio = statistics.median(a / b for a, b in zip(ours, rates[key])) if key in rates else None
                ratios.append(f"{ratio:.2f}x" if ratio is not None else "")
            print(f"| {label} | {threads} | " + " | ".join(row + ratios) + " |")
    print("\nFirst player's equity (a check that the libraries answer the same spot):")
    for label, *_ in SPOTS:
        print(f"- {label}: " + ", ".join(f"{who} {eq:.4f}" for (lab, who), eq in equities.items() if lab == label))
    two_one = [statistics.median(rates[(label, 2, "pyeval")]) / statistics.median(rates[(label, 1, "pyeval")])
               for label, *_ in SPOTS]
    print("\npyeval two threads / one, per spot: " + ", ".join(f"{x:.2f}x" for x in two_one))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
