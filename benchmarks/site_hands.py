"""Reading site hand histories: hands a CPU second for each site and in total, and pokerkit's
PokerStars parser on its own hands in the same run (issue 40's goal: 20,000 hands/s a core).

    PYTHONPATH=. python benchmarks/site_hands.py [--copies 10] [--repeats 5] [--sites pokerstars,ggpoker]
    PYEVAL_PURE_PYTHON=1 PYTHONPATH=. python benchmarks/site_hands.py ...   # the readers' Python sources

Input: every shared site file (../shared/data/site-hh: its site folders), read and decoded once
(the decoding is timed apart: ``decode``), the list of texts repeated ``--copies`` times. pyeval:
``registry.read_text`` per text, which is what ``pyeval.read_hands`` does with a file after reading
it (with the cyclic garbage collector paused, as there): the site detected, the text cut into
hands, every hand parsed and checked (its nets, rake and summary). Rates are hands read per CPU
second (``time.process_time``: what it costs a core, whatever else the machine runs), the median of
``--repeats`` repeats; the total row is all the sites' hands over all their time. pokerkit:
``PokerStarsParser`` on the PokerStars hold'em files it parses, and pyeval on the very same texts,
the ratio of the two measured in the same run (pokerkit prints its own tracebacks on stderr for
hands it gives up on: ``2>/dev/null``). The load average is printed before and after.
"""

from __future__ import annotations

import argparse
import os
import statistics
import time
import warnings
from collections.abc import Callable
from pathlib import Path

from pyeval.history.sites.compiled import pure_python_requested, status
from pyeval.history.sites.registry import decode, read_text
from pyeval.history.sources import gc_paused

SHARED = Path(__file__).resolve().parents[2] / "shared" / "data" / "site-hh"
SITES = ("pokerstars", "ggpoker", "fulltilt", "wpn-acr", "runitonce", "winamax", "888poker", "partypoker",
         "ipoker", "bovada", "merge", "bossmedia", "entraction", "microgaming", "igt", "ongame")
"""The shared folders of the sites pyeval reads (the other folders are formats it refuses)."""


def files_of(folder: Path) -> list[tuple[bytes, str]]:
    return [(p.read_bytes(), str(p)) for p in sorted(folder.rglob("*")) if p.is_file()]


def median_cpu(run: Callable[[], int], repeats: int) -> tuple[float, int]:
    """(median CPU seconds of a run, what a run returns)."""
    times, out = [], 0
    for _ in range(repeats):
        t0 = time.process_time()
        out = run()
        times.append(time.process_time() - t0)
    return statistics.median(times), out


def pyeval_run(texts: list[tuple[str, str]], copies: int) -> Callable[[], int]:
    def run() -> int:
        n = 0
        with gc_paused():  # as read_hands reads (the hands hold no cycles)
            for _ in range(copies):
                for text, source in texts:
                    n += len(read_text(text, source)[0])
        return n
    return run


def pokerkit_side_by_side(shared: Path, copies: int, repeats: int) -> str:
    try:
        from pokerkit import PokerStarsParser
    except ImportError:
        return "pokerkit not installed: no comparison"
    parser = PokerStarsParser()
    warnings.simplefilter("ignore")
    texts = []
    for data, source in files_of(shared / "pokerstars" / "holdem"):
        text = decode(data)
        try:
            if any(True for _ in parser(text, error_status=False)):
                texts.append((text, source))
        except Exception:  # a file pokerkit's parser cannot read at all
            continue

    def pokerkit_run() -> int:
        n = 0
        for _ in range(copies):
            for text, _source in texts:
                try:
                    n += sum(1 for _ in parser(text, error_status=False))
                except Exception:  # a hand its parser gives up on mid-file
                    pass
        return n

    pk_time, pk_hands = median_cpu(pokerkit_run, repeats)
    pe_time, pe_hands = median_cpu(pyeval_run(texts, copies), repeats)
    pk, pe = pk_hands / pk_time, pe_hands / pe_time
    return (f"the {len(texts)} PokerStars hold'em files pokerkit's PokerStarsParser parses, {copies} copies: "
            f"pokerkit {pk:,.0f} hands/s ({pk_hands:,} hands a run), pyeval {pe:,.0f} hands/s ({pe_hands:,} hands "
            f"a run): pyeval/pokerkit = {pe / pk:,.1f}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--copies", type=int, default=10, help="the shared files listed this many times a run")
    ap.add_argument("--repeats", type=int, default=5, help="runs a site; the median is reported")
    ap.add_argument("--sites", default=",".join(SITES), help="shared folders, comma-separated")
    ap.add_argument("--no-pokerkit", action="store_true")
    ap.add_argument("--shared", type=Path, default=SHARED, help="the shared site files' folder")
    args = ap.parse_args()
    print(f"load average before {os.getloadavg()[0]:.1f}")
    built = status()
    print(f"site readers: {sum(built.values())} of {len(built)} compiled modules in use "
          f"({'PYEVAL_PURE_PYTHON set: the Python sources' if pure_python_requested() else 'mypyc build'})")
    print("| site | files | hands a copy | decode us/hand | hands/s a core (median) |")
    print("| --- | ---: | ---: | ---: | ---: |")
    all_hands = all_time = 0.0
    for site in args.sites.split(","):
        files = files_of(args.shared / site)
        t0 = time.process_time()
        texts = [(decode(data), source) for data, source in files]
        decode_time = time.process_time() - t0
        hands = pyeval_run(texts, 1)()  # warm: imports, compiled patterns
        seconds, n = median_cpu(pyeval_run(texts, args.copies), args.repeats)
        all_hands += n
        all_time += seconds
        print(f"| {site} | {len(files)} | {hands:,} | {decode_time / max(hands, 1) * 1e6:,.1f} | {n / seconds:,.0f} |")
    print(f"| **all** | | | | **{all_hands / all_time:,.0f}** |")
    if not args.no_pokerkit:
        print(pokerkit_side_by_side(args.shared, max(1, args.copies // 10), args.repeats))
    print(f"load average after {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
