"""Generate ``pyeval/data/combo_pairs.npz``: the exact heads-up preflop counts of every pair of
disjoint hold'em combos, one representative per class of pairs equal up to a permutation of the
suits and the order of the hands (47,008 classes; ``pyeval.analysis.pushfold.equities``).

    python tables/combo_pairs.py [--threads T] [--out PATH]

Not run by the build (the data file is shipped).  Each representative is counted by the equity
engine (``pyeval.equity("holdem", [a, b], method="exact")``, every one of the 1,712,304 boards),
so this shares no code with ``tables/preflop.py``'s board sweep: ``tests/test_pushfold.py``
checks that the two agree on every class pair, and recounts a random sample of pairs.  It
writes ``key`` (the class key ``a * 1326 + b`` of the representative, ascending), ``wins`` (the
first hand's wins) and ``ties`` (int32), and ``info_json`` (wall time, versions).
"""

from __future__ import annotations

import argparse
import json
import platform
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import pyeval  # noqa: E402
from pyeval.analysis.pushfold.equities import BOARDS, combo_pair_classes  # noqa: E402
from pyeval.core.cards import format_cards  # noqa: E402
from pyeval.ranges.classes import HOLDEM_COMBOS  # noqa: E402


def count_pair(a: int, b: int) -> tuple[int, int]:
    """(wins of combo a, ties) against combo b over every board, by the equity engine."""
    r = pyeval.equity("holdem", [format_cards(HOLDEM_COMBOS[a]), format_cards(HOLDEM_COMBOS[b])],
                      method="exact", threads=1)
    if int(r.outcomes) != BOARDS:
        raise RuntimeError(f"{a}, {b}: {r.outcomes} outcomes")
    return int(r.wins[0]), int(r.ties[0])


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--out", default=str(ROOT / "pyeval" / "data" / "combo_pairs.npz"))
    ap.add_argument("--threads", type=int, default=2)
    args = ap.parse_args(argv)
    start = time.perf_counter()
    keys = np.unique(combo_pair_classes()[2])
    wins = np.zeros(len(keys), np.int32)
    ties = np.zeros(len(keys), np.int32)

    def run(part: int) -> None:
        for k in range(part, len(keys), args.threads):
            wins[k], ties[k] = count_pair(int(keys[k] // 1326), int(keys[k] % 1326))
            if part == 0 and k % 2000 == 0:
                print(f"\r  {k:,}/{len(keys):,} classes, {time.perf_counter() - start:.0f} s", end="",
                      file=sys.stderr, flush=True)

    with ThreadPoolExecutor(args.threads) as pool:
        list(pool.map(run, range(args.threads)))
    seconds = time.perf_counter() - start
    info = {"generator": "tables/combo_pairs.py", "classes": len(keys), "seconds": round(seconds, 1),
            "threads": args.threads, "pyeval": pyeval.__version__, "python": platform.python_version(),
            "machine": platform.machine()}
    out = Path(args.out)
    np.savez_compressed(out, key=keys.astype(np.int32), wins=wins, ties=ties, info_json=np.array(json.dumps(info)))
    print(f"\nwrote {out} ({out.stat().st_size:,} bytes): {json.dumps(info)}", file=sys.stderr)


if __name__ == "__main__":
    main()
