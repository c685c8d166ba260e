"""numba kernel of pyeval.keep: each keep's pot units over the deals of its later boards.

In its own module so that ``import pyeval`` does not import numba (pyeval.keep imports this
lazily, on the first keep query)."""

from __future__ import annotations

import numpy as np

from pyeval.core._jit import njit
from pyeval.engines.native.tally_kernels import deal_shares


@njit(cache=True, nogil=True)
def tally_keeps(strengths, new_cards, deck_pos, finals, split, fallback, k, binom, acc):
    """Deal i shows down final hand f (player f of ``strengths``) against the opponents (players
    ``finals`` and up); its pot units go to every board of the later discard in deal i: each
    k-subset of its new board cards ``new_cards[i]``, by colex rank of their deck positions."""
    n_parts, n_players, n = strengths.shape[0], strengths.shape[1], strengths.shape[2]
    opponents = n_players - finals
    sub = np.empty((n_parts, 1 + opponents, 1), np.int32)
    share = np.zeros(1 + opponents, np.int64)
    part_units = np.zeros((n_parts, 1 + opponents), np.int64)
    no_qualifier = np.zeros(n_parts, np.int64)
    m = new_cards.shape[1]
    pos = np.empty(max(m, 1), np.int64)
    ranks = np.empty(1 << m, np.int64)  # the colex ranks of the deal's k-subsets
    for i in range(n):
        for q in range(m):
            pos[q] = deck_pos[new_cards[i, q]]
        pos[:m].sort()
        subsets = 0
        for mask in range(1 << m):  # every k-subset of the new cards (m <= 5)
            rank, c = 0, 0
            for q in range(m):
                if mask >> q & 1:
                    c += 1
                    rank += binom[pos[q], c]
            if c == k:
                ranks[subsets] = rank
                subsets += 1
        for f in range(finals):
            for j in range(n_parts):
                sub[j, 0, 0] = strengths[j, f, i]
                for o in range(opponents):
                    sub[j, 1 + o, 0] = strengths[j, finals + o, i]
            deal_shares(sub, 0, split, fallback, share, part_units, no_qualifier)
            for r in range(subsets):
                acc[ranks[r], f] += share[0]
