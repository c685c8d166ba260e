"""Generate the Omaha hand rankings behind ``N%`` ranges: ``pyeval/data/omaha_ranking.npz``.

    python tables/omaha_ranking.py [--threads T] [--out PATH] [--holes 4,5,6]

Not run by the build (the data file is shipped); run it by hand to regenerate (about 4 minutes
on one core).  For each of Omaha 4, 5 and 6 (hi) every hand class under suit isomorphism
(``pyeval.ranges.ranking.all_class_keys``: 16,432, 134,459 and 962,988 classes) gets its Monte
Carlo equity against one random hand, from one hand of the class (the equity is the same for
every hand of a class).  Exact equity is out of reach (an Omaha-4 hand against every other hand
on every board is 2 x 10**11 showdowns, times 16,432 classes), so the ranking is a Monte Carlo
one, with the sample sizes below (standard error about 0.5 / sqrt(samples)):

=======  ===========  =================  =================
 hole     classes      samples / class    standard error
=======  ===========  =================  =================
 4        16,432       40,000             0.25%
 5        134,459      8,000              0.56%
 6        962,988      1,000              1.6%
=======  ===========  =================  =================

Classes are run in blocks of ``BLOCK`` with ``pyeval.equity_batch`` (Monte Carlo, row i of block
b seeded with ``row_seed(block_seed(hole, b), i)``), so any row can be recomputed alone: the
tests recompute a sample and compare.  Equities are stored as uint16 (equity x 65535, rounded),
in the order of the sorted class keys, which ``all_class_keys`` rebuilds (the keys are not
stored).  ``info_json`` holds the samples, seeds, wall times and versions.
"""

from __future__ import annotations

import argparse
import json
import platform
import sys
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from pyeval.ranges.ranking import RANKINGS, all_class_keys, representatives  # noqa: E402

SAMPLES = {4: 40_000, 5: 8_000, 6: 1_000}
BLOCK = 4096
SCALE = 65535


def block_seed(hole: int, block: int) -> int:
    return 1_000_003 * hole + block


def block_equity(hole: int, keys: np.ndarray, block: int, samples: int, threads: int | None = None) -> np.ndarray:
    """uint16 equity (x 65535) of the given classes of one block against one random hand."""
    import pyeval

    hands = representatives(keys, hole)
    rows = np.full((len(hands), 2, hole), -1, np.int64)
    rows[:, 0] = hands
    r = pyeval.equity_batch(RANKINGS[hole], rows, method="monte-carlo", samples=samples,
                            seed=block_seed(hole, block), threads=threads)
    return np.rint(np.asarray(r.equity)[:, 0] * SCALE).astype(np.uint16)


def main() -> None:
    import pyeval

    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--threads", type=int, default=None)
    ap.add_argument("--out", default=str(ROOT / "pyeval" / "data" / "omaha_ranking.npz"))
    ap.add_argument("--holes", default="4,5,6")
    args = ap.parse_args()
    out: dict[str, np.ndarray] = {}
    info: dict = {"samples": {}, "seconds": {}, "block": BLOCK, "scale": SCALE, "pyeval": pyeval.__version__,
                  "numpy": np.__version__, "python": platform.python_version(), "machine": platform.machine()}
    for hole in (int(h) for h in args.holes.split(",")):
        t0 = time.perf_counter()
        keys, _ = all_class_keys(hole)
        parts = []
        for b, start in enumerate(range(0, len(keys), BLOCK)):
            parts.append(block_equity(hole, keys[start:start + BLOCK], b, SAMPLES[hole], args.threads))
            print(f"omaha {hole}: {start + len(parts[-1])}/{len(keys)} classes", end="\r", file=sys.stderr)
        out[f"equity{hole}"] = np.concatenate(parts)
        info["samples"][hole] = SAMPLES[hole]
        info["seconds"][hole] = round(time.perf_counter() - t0, 1)
        print(f"\nomaha {hole}: {len(keys)} classes in {info['seconds'][hole]} s", file=sys.stderr)
    np.savez_compressed(args.out, info_json=json.dumps(info), **out)


if __name__ == "__main__":
    main()
