"""Generate ``pyeval/data/class_triples.npz``: three-way preflop all-in showdowns per triple of
starting-hand classes, for three-handed push/fold (``pyeval.analysis.pushfold.equities3``).

    python tables/class_triples.py [--samples N] [--seed S] [--processes P] [--out PATH]

Not run by the build (the data file is shipped).  For every multiset of three of the 169
classes (``a <= b <= c`` in ``CLASS_NAMES`` order: 818,805 of them) it stores

* ``triples``: the exact number of ordered triples of pairwise disjoint combos (combo of ``a``,
  of ``b``, of ``c``): the class-level card removal; 0 when three such hands cannot be dealt
  (three aces' pairs);
* ``orders``: a Monte Carlo count, over ``samples`` deals per multiset, of how the three hands
  finish: for each of the six strict orders (best, middle, worst) of the positions (0, 1, 2) =
  (a, b, c), in ``itertools.permutations(range(3))`` order, 6 per deal that ends in that order;
  a deal with tied hands adds 6 / m to each of the m strict orders it is consistent with (3 each
  for a tie of two, 1 each for a three-way tie), so every row sums to ``6 * samples``.  Stored
  as (5, multisets) uint16, the first five orders (the sixth is the rest; the file is noise,
  which does not compress: about 6.5 MB).

One deal of a multiset: a uniformly random triple of pairwise disjoint combos of its classes
(rejection sampling of the three together) and a uniformly random board of five of the 46 other
cards, the three seven-card hands ranked by ``pyeval.evaluate_high``.  Round ``r`` deals one deal
to every multiset with ``numpy.random.default_rng([seed, r])``, so the table is the same for any
number of processes.  Default: 1,024 samples, seed 31.
"""

from __future__ import annotations

import argparse
import itertools
import json
import platform
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import pyeval  # noqa: E402
from pyeval.core.evaluate import evaluate_high  # noqa: E402
from pyeval.ranges.classes import CLASS_SIZES, COMBO_CLASS, HOLDEM_COMBOS, combo_masks  # noqa: E402

PERMS = list(itertools.permutations(range(3)))
DEFAULT_SAMPLES = 1024
DEFAULT_SEED = 31


def multisets() -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The class multisets a <= b <= c, in lexicographic order."""
    a, b, c = np.array([t for t in itertools.combinations_with_replacement(range(169), 3)], np.int64).T
    return a, b, c


def _class_combos() -> tuple[np.ndarray, np.ndarray]:
    """(169, 12) combo indices of each class (padded with -1), and each class's size."""
    out = np.full((169, 12), -1, np.int64)
    for k in range(169):
        found = np.nonzero(COMBO_CLASS == k)[0]
        out[k, :len(found)] = found
    return out, np.asarray(CLASS_SIZES, np.int64)


def triple_counts(a: np.ndarray, b: np.ndarray, c: np.ndarray) -> np.ndarray:
    """Exact number of ordered disjoint combo triples per class triple (a, b, c)."""
    masks = combo_masks(HOLDEM_COMBOS)
    disjoint = ((masks[:, None] & masks[None, :]) == 0).astype(np.float64)
    order = np.argsort(COMBO_CLASS, kind="stable")
    starts = np.searchsorted(COMBO_CLASS[order], np.arange(169))
    full = np.zeros((169, 169, 169))
    for i in range(169):
        rows = disjoint[COMBO_CLASS == i]
        both = (rows.T @ rows) * disjoint  # [x, y]: combos of class i disjoint from x and y; x, y disjoint
        per = np.add.reduceat(np.add.reduceat(both[order][:, order], starts, axis=0), starts, axis=1)
        full[i] = per
    return np.rint(full[a, b, c]).astype(np.int64)


def sample_orders(a: np.ndarray, b: np.ndarray, c: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """One deal per multiset (rows whose ``triples`` are 0 must be left out): (n, 6) int counts
    as in the module docstring (6 per deal)."""
    combos, sizes = _class_combos()
    masks = combo_masks(HOLDEM_COMBOS)
    n = len(a)
    hole = np.empty((n, 3), np.int64)
    todo = np.arange(n)
    while len(todo):
        for pos, cls in enumerate((a, b, c)):
            k = cls[todo]
            hole[todo, pos] = combos[k, rng.integers(0, sizes[k])]
        m = masks[hole[todo]]
        clash = ((m[:, 0] & m[:, 1]) | (m[:, 0] & m[:, 2]) | (m[:, 1] & m[:, 2])) != 0
        todo = todo[clash]
    used = np.bitwise_or.reduce(masks[hole], axis=1)
    board = np.empty((n, 5), np.int64)
    for slot in range(5):
        todo = np.arange(n)
        while len(todo):
            card = rng.integers(0, 52, len(todo)).astype(np.uint64)
            bit = np.left_shift(np.uint64(1), card)
            free = (used[todo] & bit) == 0
            board[todo[free], slot] = card[free]
            used[todo[free]] |= bit[free]
            todo = todo[~free]
    cards = HOLDEM_COMBOS.astype(np.int8)
    ranks = np.empty((n, 3), np.int64)
    for pos in range(3):
        seven = np.concatenate([cards[hole[:, pos]], board.astype(np.int8)], axis=1)
        ranks[:, pos] = evaluate_high(seven, threads=1)
    consistent = np.stack([(ranks[:, p[0]] >= ranks[:, p[1]]) & (ranks[:, p[1]] >= ranks[:, p[2]]) for p in PERMS],
                          axis=1)
    return consistent * (6 // consistent.sum(axis=1, keepdims=True))


def _rounds(args: tuple[int, int, int]) -> np.ndarray:
    first, step, (samples, seed) = args[0], args[1], args[2]
    a, b, c = multisets()
    live = triple_counts_cached(a, b, c) > 0
    a, b, c = a[live], b[live], c[live]
    total = np.zeros((len(a), 6), np.int64)
    for r in range(first, samples, step):
        total += sample_orders(a, b, c, np.random.default_rng([seed, r]))
    return total


_TRIPLES: dict[str, np.ndarray] = {}


def triple_counts_cached(a: np.ndarray, b: np.ndarray, c: np.ndarray) -> np.ndarray:
    if "t" not in _TRIPLES:
        _TRIPLES["t"] = triple_counts(a, b, c)
    return _TRIPLES["t"]


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--out", default=str(ROOT / "pyeval" / "data" / "class_triples.npz"))
    ap.add_argument("--samples", type=int, default=DEFAULT_SAMPLES)
    ap.add_argument("--seed", type=int, default=DEFAULT_SEED)
    ap.add_argument("--processes", type=int, default=2)
    args = ap.parse_args(argv)
    if not 0 < args.samples <= 65535 // 6:
        raise SystemExit("--samples must be 1 to 10922 (the counts are uint16)")
    start = time.perf_counter()
    a, b, c = multisets()
    triples = triple_counts_cached(a, b, c)
    live = triples > 0
    orders = np.zeros((len(a), 6), np.int64)
    jobs = [(k, args.processes, (args.samples, args.seed)) for k in range(args.processes)]
    with ProcessPoolExecutor(args.processes) as pool:
        for part in pool.map(_rounds, jobs):
            orders[live] += part
    seconds = time.perf_counter() - start
    info = {"generator": "tables/class_triples.py", "multisets": len(a), "dealable": int(live.sum()),
            "samples": args.samples, "seed": args.seed, "seconds": round(seconds, 1), "processes": args.processes,
            "pyeval": pyeval.__version__, "python": platform.python_version(), "machine": platform.machine()}
    out = Path(args.out)
    np.savez_compressed(out, triples=triples.astype(np.uint16),
                        orders=np.ascontiguousarray(orders[:, :5].T).astype(np.uint16),
                        samples=np.int64(args.samples), seed=np.int64(args.seed), info_json=np.array(json.dumps(info)))
    print(f"wrote {out} ({out.stat().st_size:,} bytes): {json.dumps(info)}", file=sys.stderr)


if __name__ == "__main__":
    main()
