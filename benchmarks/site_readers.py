"""Site readers' speed: hands a CPU second for each site's reader on its shared files (issue 40).

    python benchmarks/site_readers.py [--rounds 5] [--copies 20]

Each site's shared files are decoded once (the bytes-to-text step is timed apart), then each
round cuts and parses them ``--copies`` times in this process (``detect``, ``split`` and
``parse``: what ``read_hands`` does a file, the hand's checks included), timed with
``time.process_time`` (CPU seconds: on a loaded machine wall clocks time the queue).  The
PokerStars reader on its own shared files is the peer measured in the same run.  Prints
hands/s (median over the rounds, and the best) and the load average.
"""

from __future__ import annotations

import argparse
import os
import statistics
import time
from pathlib import Path

from pyeval.history.sites.registry import decode, reader

SHARED = Path("/work/shared/data/site-hh")
SITES = (("winamax", "winamax"), ("poker888", "888poker"), ("partypoker", "partypoker"), ("ipoker", "ipoker"),
         ("pokerstars", "pokerstars"))
"""(reader module, shared folder); the last is the peer."""


def texts(folder: str) -> list[str]:
    return [decode(p.read_bytes()) for p in sorted((SHARED / folder).rglob("*")) if p.is_file()]


def one_pass(module, files: list[str]) -> int:
    hands = 0
    for text in files:
        if not module.detect(text):
            continue
        for line, piece in module.split(text):
            try:
                module.parse(piece, "<bench>", line)
                hands += 1
            except ValueError:
                pass
    return hands


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--copies", type=int, default=20)
    args = ap.parse_args()
    print(f"load average before: {os.getloadavg()[0]:.1f}")
    print("| reader | hands read a pass | hands/s (median of rounds) | best round |")
    print("| --- | ---: | ---: | ---: |")
    for name, folder in SITES:
        module = reader(name)
        files = texts(folder)
        per_pass = one_pass(module, files)  # warm: regular expressions compiled, modules imported
        rates = []
        for _ in range(args.rounds):
            t = time.process_time()
            for _ in range(args.copies):
                one_pass(module, files)
            rates.append(per_pass * args.copies / (time.process_time() - t))
        print(f"| {name} | {per_pass} | {statistics.median(rates):,.0f} | {max(rates):,.0f} |")
    print(f"load average after: {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
