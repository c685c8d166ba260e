"""The numba range sampler: each player's combo and the boards drawn per deal, for the queries the
C sampler (csrc/range_sample.c) does not take (outcome patterns too many to histogram: nine or
ten players in hi/lo or on two boards).  Its own module so that a range query answered in C loads no
numba."""

from __future__ import annotations

import numpy as np

from pyeval.core._jit import njit
from pyeval.engines.native.tally_kernels import bounded_regs, next64_regs, tally_deals

__all__ = ["sample_deals", "tally_deals"]


@njit(cache=True, nogil=True)
def _draw_deals(state, masks, cumw, uniform, offsets, live, n_cards, idx, drawn, max_tries):
    """Draw ``idx.shape[0]`` deals.  In each, every range player draws a combo by weight,
    independently (``idx[i, p]``: its index in player p's range; a random player has no combos,
    ``offsets[p] == offsets[p + 1]``, and is skipped), and the whole draw is rejected and redrawn
    on any collision; then ``n_cards`` cards are drawn uniformly from the cards left (rejection
    against the cards in use) into ``drawn[i, :n_cards]``.  ``state`` advances in place.
    Returns the number of rejected draws, or -1 after ``max_tries`` rejections in a row.

    The one sampling loop of both Monte Carlo paths.  It runs once per chunk, with the
    generator in its register form: a per-deal helper, even inlined, pays numba's reference
    counting of its array arguments on every deal (twice the grouped path's sampling time), and
    with the array-state form every write to ``idx`` sends the state back through memory
    (10-20% more)."""
    n_players = offsets.shape[0] - 1
    n_live = live.shape[0]
    s0, s1, s2, s3 = state[0], state[1], state[2], state[3]
    rejected = 0
    for i in range(idx.shape[0]):
        tries = 0
        while True:
            used = np.uint64(0)
            ok = True
            for p in range(n_players):
                lo = offsets[p]
                hi = offsets[p + 1]
                if hi == lo:  # a random player
                    continue
                if hi - lo == 1:
                    j = lo
                elif uniform[p]:
                    j, s0, s1, s2, s3 = bounded_regs(s0, s1, s2, s3, hi - lo)
                    j += lo
                else:
                    x, s0, s1, s2, s3 = next64_regs(s0, s1, s2, s3)
                    u = np.float64(x >> np.uint64(11)) * (1.0 / 9007199254740992.0)
                    j = lo + np.searchsorted(cumw[lo:hi], u, side="right")
                    if j >= hi:
                        j = hi - 1
                m = masks[j]
                if used & m:
                    ok = False
                    break
                used |= m
                idx[i, p] = j - lo
            if ok:
                break
            rejected += 1
            tries += 1
            if tries >= max_tries:
                state[0], state[1], state[2], state[3] = s0, s1, s2, s3
                return -1
        for k in range(n_cards):
            while True:
                q, s0, s1, s2, s3 = bounded_regs(s0, s1, s2, s3, n_live)
                c = live[q]
                if not ((used >> np.uint64(c)) & np.uint64(1)):
                    break
            used |= np.uint64(1) << np.uint64(c)
            drawn[i, k] = c
    state[0], state[1], state[2], state[3] = s0, s1, s2, s3
    return rejected


@njit(cache=True, nogil=True)
def sample_deals(state, combos, masks, cumw, uniform, offsets, kinds, live, hole, known_len, missing, rows, idx,
                  max_tries):
    """Draw ``rows.shape[2]`` deals (``_draw_deals``) into ``rows`` (boards, players, n, hole +
    board cards; the known board cards already in place) and ``idx`` (n, players: each range
    player's combo).  Returns the number of rejected draws, or -1 after ``max_tries`` rejections
    in a row."""
    n_players = kinds.shape[0]
    n_boards = rows.shape[0]
    n = rows.shape[2]
    n_drawn = 0
    for p in range(n_players):
        if kinds[p] != 0:
            n_drawn += hole
    for b in range(n_boards):
        n_drawn += missing[b]
    drawn = np.empty((n, max(n_drawn, 1)), np.uint8)
    rejected = _draw_deals(state, masks, cumw, uniform, offsets, live, n_drawn, idx, drawn, max_tries)
    if rejected < 0:
        return -1
    for i in range(n):
        k = 0
        for p in range(n_players):
            if kinds[p] == 0:
                j = offsets[p] + idx[i, p]
                for q in range(hole):
                    for b in range(n_boards):
                        rows[b, p, i, q] = combos[j, q]
            else:
                for q in range(hole):
                    for b in range(n_boards):
                        rows[b, p, i, q] = drawn[i, k]
                    k += 1
        for b in range(n_boards):
            for q in range(missing[b]):
                for p in range(n_players):
                    rows[b, p, i, hole + known_len[b] + q] = drawn[i, k]
                k += 1
    return rejected
