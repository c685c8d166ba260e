"""The cost of tournament hands in prize equity (``allin_ev(payouts=)``), against the chip-only run.

    python benchmarks/prize_ev.py [--folder pokerstars] [--repeats 3]

Input: the shared site files (../shared/data/site-hh, or one site's folder of it).  Three runs of
``pyeval.allin_ev`` on the same files: chips only; ``payouts=[50, 30, 20]`` (each tournament
all-in's runouts valued by ICM; a heads-up pot of a high-only game from its equity row); and the
same with every pot's runouts dealt and shown down (``prize._heads_up`` off: what the prize EV
cost before the equity rows were reused).  CPU seconds of this process (``allin_ev.median``:
what it costs, whatever else the machine runs), medians of the repeats, and the load average.
"""

from __future__ import annotations

import argparse
import os
from pathlib import Path

from allin_ev import median  # the all-in EV benchmark's timing: wall and CPU, medians

import pyeval
from pyeval.history import prize

SHARED = Path(__file__).resolve().parents[2] / "shared" / "data" / "site-hh"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--folder", default="", help="one site's folder of the shared files (default: all)")
    parser.add_argument("--repeats", type=int, default=3)
    args = parser.parse_args()
    source = str(SHARED / args.folder)
    r = pyeval.allin_ev(source, payouts=[50, 30, 20])
    valued = [h for h in r.hands.rows() if h.get("prize_ev") is not None]
    allins = sum(1 for h in valued if h["street"] is not None)
    print(f"{source}: {len(r.hands):,} hands, {len(valued):,} tournament hands, {allins} tournament all-ins; "
          f"load average {os.getloadavg()[0]:.1f}")
    chips = median(lambda: pyeval.allin_ev(source), args.repeats)[2]
    prizes = median(lambda: pyeval.allin_ev(source, payouts=[50, 30, 20]), args.repeats)[2]
    reuse = prize._heads_up
    prize._heads_up = lambda *a: None  # type: ignore[assignment]
    try:
        dealt = median(lambda: pyeval.allin_ev(source, payouts=[50, 30, 20]), args.repeats)[2]
    finally:
        prize._heads_up = reuse  # type: ignore[assignment]
    print(f"chips only                 {chips:8.2f} CPU s")
    print(f"with payouts               {prizes:8.2f} CPU s  ({prizes / chips:.1f}x chips only; "
          f"{(prizes - chips) / max(allins, 1) * 1000:.0f} ms a tournament all-in)")
    print(f"every pot's runouts dealt  {dealt:8.2f} CPU s  ({dealt / prizes:.2f}x with the equity rows reused)")
    print(f"load average after: {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
