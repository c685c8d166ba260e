"""Reading site hand histories: pyeval's readers against pokerkit's PokerStars parser.

    python benchmarks/site_hands.py [--copies 10] [--repeats 5]

Input: the shared site files (../shared/data/site-hh) of the sites the PokerStars-like family
reads (PokerStars, GGPoker, Full Tilt, Winning Poker Network, Run It Once), decoded once, the
list repeated ``--copies`` times.  pyeval: ``registry.read_text`` per file (detect, split, parse,
check every hand: the work of ``pyeval.read_hands`` after the file is read).  pokerkit:
``PokerStarsParser`` on the PokerStars no-limit hold'em files it parses, and pyeval on the very
same texts.  One process, CPU seconds (``time.process_time``: what it costs a core, whatever
else the machine runs), medians of the repeats.  The speed goal is 20,000 hands/s a core.
"""

from __future__ import annotations

import argparse
import os
import statistics
import time
import warnings
from pathlib import Path

from pyeval.history.sites.registry import decode, read_text

SHARED = Path(__file__).resolve().parents[2] / "shared" / "data" / "site-hh"
SITES = ("pokerstars", "ggpoker", "fulltilt", "wpn-acr", "runitonce")


def texts_of(folders: list[Path]) -> list[tuple[str, str]]:
    return [(decode(p.read_bytes()), str(p)) for folder in folders for p in sorted(folder.rglob("*.txt"))]


def rate(run, repeats: int) -> tuple[float, int]:
    """(median hands per CPU second, hands a run)."""
    times, hands = [], 0
    for _ in range(repeats):
        t0 = time.process_time()
        hands = run()
        times.append(time.process_time() - t0)
    return hands / statistics.median(times), hands


def pyeval_run(texts: list[tuple[str, str]], copies: int):
    def run() -> int:
        n = 0
        for _ in range(copies):
            for text, source in texts:
                n += len(read_text(text, source)[0])
        return n
    return run


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--copies", type=int, default=10)
    ap.add_argument("--repeats", type=int, default=5)
    args = ap.parse_args()
    texts = texts_of([SHARED / s for s in SITES])
    read = [(t, s) for t, s in texts if read_text(t, s)[0]]
    r, n = rate(pyeval_run(read, args.copies), args.repeats)
    print(f"load average {os.getloadavg()[0]:.1f}")
    print(f"pyeval, {len(read)} files of {', '.join(SITES)}: {n:,} hands a run, {r:,.0f} hands/s a core")
    try:
        from pokerkit import PokerStarsParser
    except ImportError:
        print("pokerkit not installed: no comparison")
        return
    parser = PokerStarsParser()
    nlhe = []
    warnings.simplefilter("ignore")
    for text, source in texts_of([SHARED / "pokerstars" / "holdem"]):
        try:
            got = sum(1 for _ in parser(text, error_status=False))
        except Exception:  # a file pokerkit's parser cannot read at all
            continue
        if got:
            nlhe.append((text, source))

    def pokerkit_run() -> int:
        n = 0
        for _ in range(max(1, args.copies // 10)):
            for text, _source in nlhe:
                try:
                    n += sum(1 for _ in parser(text, error_status=False))
                except Exception:  # a hand its parser gives up on mid-file
                    pass
        return n

    pk, pk_n = rate(pokerkit_run, args.repeats)
    same, same_n = rate(pyeval_run(nlhe, max(1, args.copies // 10)), args.repeats)
    print(f"the {len(nlhe)} PokerStars hold'em files pokerkit parses: pokerkit {pk:,.0f} hands/s "
          f"({pk_n:,} hands a run), pyeval {same:,.0f} hands/s ({same_n:,} hands a run): {same / pk:,.1f}x")


if __name__ == "__main__":
    main()
