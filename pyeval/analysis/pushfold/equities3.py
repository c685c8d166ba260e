"""Three-handed all-in equities per triple of starting-hand classes
(``pyeval/data/class_triples.npz``, made by ``tables/class_triples.py``).

The file holds, per multiset of three classes (``a <= b <= c``, 818,805 of them): ``triples``,
the exact number of ordered triples of pairwise disjoint combos (the class-level card removal:
a deal of classes ``(i, j, k)`` has probability ``triples / (1326 * 1225 * 1128)``), and
``orders``, a Monte Carlo count over ``samples`` deals (a random disjoint combo triple of the
classes and a random board) of the six strict finishing orders of the three hands, ties split
evenly over the orders they are consistent with (so a chopped pot's chips are exact in
expectation).  ``triple_weights()`` and ``order_probabilities()`` expand them to every ordered
class triple (button, small blind, big blind).

The Monte Carlo error: an order probability ``q`` of one triple has standard error
``sqrt(q (1 - q) / samples)``; ``pushfold3`` carries it into the exploitability it reports.
"""

from __future__ import annotations

import itertools
from functools import cache
from importlib import resources

import numpy as np

__all__ = ["PERMS", "TRIPLE_DEALS", "class_triples_info", "multiset_index", "order_probabilities", "samples",
           "triple_weights"]

PERMS = tuple(itertools.permutations(range(3)))
"""The six strict finishing orders (best, middle, worst) of three players, in the table's order."""

TRIPLE_DEALS = 1326 * 1225 * 1128
"""Ordered deals of three disjoint combos (button's, small blind's, big blind's)."""

N = 169


@cache
def _table() -> dict[str, np.ndarray]:
    """The file's arrays, ``orders`` as (multisets, 6) (the file keeps the first five orders)."""
    path = resources.files("pyeval") / "data" / "class_triples.npz"
    with resources.as_file(path) as p, np.load(p, allow_pickle=False) as z:
        t = {k: z[k] for k in z.files}
    five = t["orders"].T.astype(np.int64)
    rest = np.where(t["triples"] > 0, 6 * int(t["samples"]) - five.sum(axis=1), 0)
    t["orders"] = np.concatenate([five, rest[:, None]], axis=1)
    return t


def samples() -> int:
    """Monte Carlo deals per class multiset in the table."""
    return int(_table()["samples"])


def class_triples_info() -> str:
    """The generator's record (JSON text: samples, seed, wall time, versions)."""
    return str(_table()["info_json"])


@cache
def _ordered() -> tuple[np.ndarray, np.ndarray]:
    """For every ordered triple ``t = i * 169**2 + j * 169 + k``: the index of its multiset, and
    the positions of its three classes in the sorted triple (equal classes in order), coded
    ``pos0 * 9 + pos1 * 3 + pos2``."""
    i, j, k = (x.ravel() for x in np.indices((N, N, N), dtype=np.int64))
    pos = ((j < i).astype(np.int64) + (k < i), (i <= j).astype(np.int64) + (k < j),
           (i <= k).astype(np.int64) + (j <= k))
    lo, hi = np.minimum(np.minimum(i, j), k), np.maximum(np.maximum(i, j), k)
    return multiset_index(lo, i + j + k - lo - hi, hi), pos[0] * 9 + pos[1] * 3 + pos[2]


def multiset_index(a: np.ndarray, b: np.ndarray, c: np.ndarray) -> np.ndarray:
    """Row of the multiset ``a <= b <= c`` in the table (lexicographic order)."""
    a, b, c = (np.asarray(x, np.int64) for x in (a, b, c))
    return _first_rows()[a] + _pair_rows(a, b) + (c - b)


@cache
def _first_rows() -> np.ndarray:
    counts = np.array([(N - x) * (N - x + 1) // 2 for x in range(N)], np.int64)
    return np.concatenate([[0], np.cumsum(counts)[:-1]])


def _pair_rows(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """Rows of (a, b', c) for a <= b' < b: sum of (N - b') over b' in [a, b)."""
    d = b - a
    return d * (N - a) - d * (d - 1) // 2


@cache
def triple_weights() -> np.ndarray:
    """(169, 169, 169) float64: the probability of each ordered class triple being dealt
    (button, small blind, big blind); symmetric in its three indices."""
    ms, _ = _ordered()
    out = (_table()["triples"].astype(np.float64)[ms] / TRIPLE_DEALS).reshape(N, N, N)
    out.flags.writeable = False
    return out


@cache
def order_probabilities() -> np.ndarray:
    """(169**3, 6) float32: for each ordered class triple (button, small blind, big blind), the
    probability of each strict finishing order of the players (``PERMS``: (best, middle, worst)
    of 0 button, 1 small blind, 2 big blind) when all three show down; 0 rows where the triple
    cannot be dealt."""
    ms, code = _ordered()
    t = _table()
    q = t["orders"].astype(np.float32) / np.float32(6 * int(t["samples"]))
    # player x sits at sorted position pos[x]: the players' order (x, y, z) is the positions'
    # order (pos[x], pos[y], pos[z])
    columns = np.zeros((27, 6), np.int64)
    for pos in PERMS:
        for k, (x, y, z) in enumerate(PERMS):
            columns[pos[0] * 9 + pos[1] * 3 + pos[2], k] = PERMS.index((pos[x], pos[y], pos[z]))
    out = q[ms[:, None], columns[code]]
    out.flags.writeable = False
    return out
