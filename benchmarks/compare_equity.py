"""Time pyeval.equity(method="exact") against poker-equity's exact_from_text.

Usage (from the repository root)::

    python benchmarks/compare_equity.py
    python benchmarks/compare_equity.py --repeats 5 --markdown -

Each spot is enumerated exactly by both libraries on one CPU (``--cpu``;
pyeval with ``threads=1``), after one untimed warm-up call each (pyeval's
first call of a game pays for JIT compilation); the time is the median of
``--repeats`` calls.  Equities must agree to 1e-9, or the spot is flagged.
Short deck is left out on purpose: poker-equity ranks a straight above trips,
pyeval's default (``trips beat a straight``) does not.
"""

from __future__ import annotations

import argparse
import gc
import os
import platform
import statistics
import sys
import time
from pathlib import Path

from peers import one_core, version_of

# (label, pyeval game, poker-equity variant, hands, board, dead)
SPOTS = [
    ("hold'em AA vs KK preflop", "holdem", "holdem", ["AhAs", "KdKc"], "", ""),
    ("hold'em AKs vs QQ vs 76s preflop", "holdem", "holdem", ["AsKs", "QhQd", "7c6c"], "", ""),
    ("hold'em AKh vs QQ on 2h 7h 9c", "holdem", "holdem", ["AhKh", "QsQd"], "2h7h9c", ""),
    ("Omaha AKQ2 ds vs AK34 preflop", "omaha", "omaha", ["As2sKdQd", "AhKh3c4c"], "", ""),
    ("Omaha hi/lo same, preflop", "omaha-hilo", "omaha_hi_lo", ["As2sKdQd", "AhKh3c4c"], "", ""),
    ("Omaha hi/lo same, flop 5s 6d 7h", "omaha-hilo", "omaha_hi_lo", ["As2sKdQd", "AhKh3c4c"], "5s6d7h", ""),
    ("stud 5th street", "stud", "stud", ["AhAsKd2c3c", "QsQd9h8h7c"], "", ""),
    ("stud hi/lo 5th street", "stud-hilo", "stud_hi_lo", ["Ah2s3d4cKc", "QsQd9h8h7c"], "", ""),
    ("razz 5th street", "razz", "razz", ["Ah2s3d4c9c", "5s6d7h8hKc"], "", ""),
    ("2-7 single draw, one card vs pat", "draw-deuce7", "deuce_seven", ["7h5c4d3s", "9h8c6d5h2c"], "", "Kd"),
]


def median_time(fn, repeats: int) -> tuple[float, object]:
    fn()  # warm-up
    times, result = [], None
    for _ in range(repeats):
        gc.collect()
        gc.disable()
        try:
            t0 = time.perf_counter()
            result = fn()
            times.append(time.perf_counter() - t0)
        finally:
            gc.enable()
    return statistics.median(times), result


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--repeats", type=int, default=3)
    ap.add_argument("--threads", type=int, default=1, help="pyeval worker threads (default 1)")
    ap.add_argument("--cpu", type=int, default=0, help="CPU to pin to (-1: do not pin)")
    ap.add_argument("--markdown", metavar="PATH", help="write the table as markdown ('-' for stdout)")
    args = ap.parse_args(argv)
    one_core(args.cpu)

    import pyeval

    try:
        import poker_equity
    except ImportError:
        poker_equity = None
        print("skipped: poker-equity is not installed (pip install poker-equity)")

    header = (
        f"pyeval {version_of('pyeval')} (threads={args.threads}) vs poker-equity {version_of('poker-equity')}; "
        f"Python {platform.python_version()}; CPU {'not pinned' if args.cpu < 0 else args.cpu}; "
        f"load average {os.getloadavg()[0]:.2f}; median of {args.repeats}"
    )
    print(header)
    lines = [
        header,
        "",
        "| spot | outcomes | pyeval s | poker-equity s | speed-up | equities agree |",
        "| --- | ---: | ---: | ---: | ---: | --- |",
    ]
    bad = 0
    for label, game, variant, hands, board, dead in SPOTS:
        t_py, res = median_time(
            lambda g=game, h=hands, b=board, d=dead: pyeval.equity(
                g, h, board=b, dead=d, method="exact", threads=args.threads
            ),
            args.repeats,
        )
        t_pe, agree, speedup = None, "-", "-"
        if poker_equity is not None:
            t_pe, ref = median_time(
                lambda v=variant, h=hands, b=board, d=dead: poker_equity.exact_from_text(v, h, b, d), args.repeats
            )
            if ref is None:
                agree, t_pe = "poker-equity refused (too many deals)", None
            else:
                theirs = [p["equity"] for p in ref["players"]]
                diff = max(abs(float(a) - b) for a, b in zip(res.equity, theirs, strict=True))
                same_n = ref["samples"] == res.outcomes
                agree = "yes" if diff < 1e-9 and same_n else f"NO: max diff {diff:.2e}, deals {ref['samples']:,}"
                bad += agree != "yes"
                speedup = f"{t_pe / t_py:.1f}x"
        pe_s = f"{t_pe:.4f}" if t_pe is not None else "-"
        line = f"| {label} | {res.outcomes:,} | {t_py:.4f} | {pe_s} | {speedup} | {agree} |"
        print(line, flush=True)
        lines.append(line)
    if args.markdown:
        text = "\n".join(lines) + "\n"
        if args.markdown == "-":
            print("\n" + text)
        else:
            Path(args.markdown).write_text(text)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
