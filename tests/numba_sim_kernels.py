"""The numba kernels pyeval.deal, pyeval.showdown and pyeval.simulate ran before they moved to C
(csrc/sim_kernels.c, pyeval.sim._sim_kernels).  Kept here, outside the package, as the reference
tests/test_sim_kernels.py checks the C against, and for benchmarks/sim_kernels.py.

Dealing.  One deal is a vector of ``V`` cards: every board's cards (board 0
first), then every player's hole cards.  ``template`` holds the known cards and
``pick_pos[u]`` is the vector position of the u-th card drawn.  Cards are drawn
by a partial Fisher-Yates shuffle of the live ``deck`` (permuted in place, so a
stream of deals depends only on the starting deck and the RNG state), with
Lemire's unbiased bounded draws from xoshiro256** (two draws per output, one
from each 32-bit half): ``pyeval.engines.native.tally_kernels``' generator in its register form.

The RNG state is the 4-word xoshiro256** state (``engine.chunk_seed``), updated
in place, so consecutive calls continue one stream: dealing a chunk in
sub-batches gives the same cards as dealing it in one call.
"""

from __future__ import annotations

import numpy as np

from pyeval.core._jit import njit
from pyeval.engines.native.tally_kernels import _bounded_pair_regs, bounded_regs


@njit(cache=True, nogil=True, inline="always")
def _draw_two(deck, u, n_live, s0, s1, s2, s3):
    """Partial Fisher-Yates steps u and u + 1: the cards now at deck[u], deck[u + 1]."""
    j1, j2, s0, s1, s2, s3 = _bounded_pair_regs(s0, s1, s2, s3, n_live - u, n_live - u - 1)
    j = u + j1
    c = deck[j]
    deck[j] = deck[u]
    deck[u] = c
    j = u + 1 + j2
    c = deck[j]
    deck[j] = deck[u + 1]
    deck[u + 1] = c
    return s0, s1, s2, s3


@njit(cache=True, nogil=True, inline="always")
def _draw_one(deck, u, n_live, s0, s1, s2, s3):
    j, s0, s1, s2, s3 = bounded_regs(s0, s1, s2, s3, n_live - u)
    j += u
    c = deck[j]
    deck[j] = deck[u]
    deck[u] = c
    return s0, s1, s2, s3


@njit(cache=True, nogil=True)
def deal_cards(deck, state, template, pick_pos, out):
    """Fill ``out`` (n, V) with n deals: ``template`` with the drawn cards at ``pick_pos``.

    Each deal draws its cards in pairs (u, u + 1), one RNG output per pair: card u is
    deck[u] after swapping deck[u] with deck[u + j], j uniform in [0, n_live - u).
    """
    n_live = deck.shape[0]
    n_pick = pick_pos.shape[0]
    V = template.shape[0]
    s0, s1, s2, s3 = state[0], state[1], state[2], state[3]
    for i in range(out.shape[0]):
        for q in range(V):
            out[i, q] = template[q]
        u = 0
        while u + 1 < n_pick:
            s0, s1, s2, s3 = _draw_two(deck, u, n_live, s0, s1, s2, s3)
            u += 2
        if u < n_pick:
            s0, s1, s2, s3 = _draw_one(deck, u, n_live, s0, s1, s2, s3)
        for u in range(n_pick):
            out[i, pick_pos[u]] = deck[u]
    state[0], state[1], state[2], state[3] = s0, s1, s2, s3


@njit(cache=True, nogil=True)
def deal_rows(deck, state, template, pick_pos, boards, board_n, players, hole, out):
    """Deal ``out.shape[0]`` deals straight into evaluation rows.

    out (n, boards * players, hole + board_n): row ``b * players + p`` is player p's
    hole cards followed by board b.  Same cards, same stream as ``deal_cards``.
    """
    n_live = deck.shape[0]
    n_pick = pick_pos.shape[0]
    V = template.shape[0]
    v = np.empty(V, np.uint8)
    hole_at = boards * board_n
    # Hold'em with nothing known: the picks are the board, then the hole cards in order.
    holdem = hole == 2 and board_n == 5 and boards == 1 and n_pick == V
    s0, s1, s2, s3 = state[0], state[1], state[2], state[3]
    for i in range(out.shape[0]):
        u = 0
        while u + 1 < n_pick:
            s0, s1, s2, s3 = _draw_two(deck, u, n_live, s0, s1, s2, s3)
            u += 2
        if u < n_pick:
            s0, s1, s2, s3 = _draw_one(deck, u, n_live, s0, s1, s2, s3)
        if holdem:  # constant trip counts: the compiler unrolls the row writes
            c0, c1, c2, c3, c4 = deck[0], deck[1], deck[2], deck[3], deck[4]
            for p in range(players):
                out[i, p, 0] = deck[5 + 2 * p]
                out[i, p, 1] = deck[6 + 2 * p]
                out[i, p, 2] = c0
                out[i, p, 3] = c1
                out[i, p, 4] = c2
                out[i, p, 5] = c3
                out[i, p, 6] = c4
        else:
            for q in range(V):
                v[q] = template[q]
            for q in range(n_pick):
                v[pick_pos[q]] = deck[q]
            for b in range(boards):
                for p in range(players):
                    r = b * players + p
                    for q in range(hole):
                        out[i, r, q] = v[hole_at + p * hole + q]
                    for q in range(board_n):
                        out[i, r, hole + q] = v[b * board_n + q]
    state[0], state[1], state[2], state[3] = s0, s1, s2, s3


@njit(cache=True, nogil=True)
def check_deals(cards, lowest, seen_out):
    """First deal (row of ``cards`` (n, V)) with a code out of [lowest, 52) or a repeated card, else -1.

    ``seen_out`` (2,) receives the offending position and card code.
    """
    for i in range(cards.shape[0]):
        seen = np.uint64(0)
        for q in range(cards.shape[1]):
            c = np.int64(cards[i, q])
            if c < lowest or c >= 52:
                seen_out[0], seen_out[1] = q, c
                return i
            bit = np.uint64(1) << np.uint64(c)
            if seen & bit:
                seen_out[0], seen_out[1] = q, c
                return i
            seen |= bit
    return -1


@njit(cache=True, nogil=True, inline="always")
def _shares(i, hi, lo, has_low, pot, share, hi_share, hi_best, lo_winners):
    """Pot units each player wins in deal i.  hi, lo: (n, boards, players) strengths.

    Each board plays for ``pot // boards``; with a low evaluator, half of it goes to
    the best qualifying low (strength > 0), or to the high winners when there is none.
    ``hi_share[p]`` gets the part of ``share[p]`` won in high halves (with a low
    evaluator), ``hi_best[b]`` the best high strength on board b, ``lo_winners[b]`` the
    number of low winners (0: no qualifying low).  Returns the number of boards where a
    low qualified.
    """
    boards, players = hi.shape[1], hi.shape[2]
    for p in range(players):
        share[p] = 0
        hi_share[p] = 0
    per_board = pot // boards
    lows = 0
    for b in range(boards):
        best = hi[i, b, 0]
        for p in range(1, players):
            best = max(best, hi[i, b, p])
        count = 0
        for p in range(players):
            count += hi[i, b, p] == best
        hi_best[b] = best
        lo_winners[b] = 0
        each = per_board // count
        if has_low:
            half = per_board // 2
            lbest = lo[i, b, 0]
            for p in range(1, players):
                lbest = max(lbest, lo[i, b, p])
            if lbest > 0:
                lows += 1
                lcount = 0
                for p in range(players):
                    lcount += lo[i, b, p] == lbest
                lo_winners[b] = lcount
                leach = half // lcount
                for p in range(players):
                    if lo[i, b, p] == lbest:
                        share[p] += leach
                each = half // count
            for p in range(players):
                if hi[i, b, p] == best:
                    hi_share[p] += half // count
        for p in range(players):
            if hi[i, b, p] == best:
                share[p] += each
    return lows


@njit(cache=True, nogil=True, inline="always")
def _share_buffers(players, boards):
    """The scratch arrays of ``_shares`` (int64): share, hi_share (players,); hi_best,
    lo_winners (boards,)."""
    return (np.zeros(players, np.int64), np.zeros(players, np.int64), np.zeros(boards, np.int64),
            np.zeros(boards, np.int64))


@njit(cache=True, nogil=True)
def showdown_shares(hi, lo, has_low, pot, units):
    """units (n, players) int64: pot units each player wins in each deal."""
    n, boards, players = hi.shape[0], hi.shape[1], hi.shape[2]
    share, hi_share, best, lcount = _share_buffers(players, boards)
    for i in range(n):
        _shares(i, hi, lo, has_low, pot, share, hi_share, best, lcount)
        for p in range(players):
            units[i, p] = share[p]


# Columns of the starting-hand tally (one row per hand class).
H_DEALT, H_UNITS, H_SUMSQ, H_WINS, H_TIES, H_HI = range(6)
H_COLUMNS = 6


@njit(cache=True, nogil=True, inline="always")
def _cx(a, b):
    return min(a, b), max(a, b)


@njit(cache=True, nogil=True)
def hand_class_ids(rows, hole, binom, classes, out):
    """out (n, players): class of each player's hole cards (the first ``hole`` cards of
    rows[:, p]): cards sorted by a branch-free sorting network, colex-ranked
    (sum of C(c_q, q + 1)), looked up in ``classes``.  hole is 1 to 5."""
    for i in range(out.shape[0]):
        for p in range(out.shape[1]):
            if hole == 2:
                a, b = _cx(np.int64(rows[i, p, 0]), np.int64(rows[i, p, 1]))
                out[i, p] = classes[((b * (b - 1)) >> 1) + a]
            elif hole == 4:
                a, b = _cx(np.int64(rows[i, p, 0]), np.int64(rows[i, p, 1]))
                c, d = _cx(np.int64(rows[i, p, 2]), np.int64(rows[i, p, 3]))
                a, c = _cx(a, c)
                b, d = _cx(b, d)
                b, c = _cx(b, c)
                out[i, p] = classes[binom[a, 1] + binom[b, 2] + binom[c, 3] + binom[d, 4]]
            elif hole == 5:
                a, b = _cx(np.int64(rows[i, p, 0]), np.int64(rows[i, p, 1]))
                d, e = _cx(np.int64(rows[i, p, 3]), np.int64(rows[i, p, 4]))
                c, e = _cx(np.int64(rows[i, p, 2]), e)
                c, d = _cx(c, d)
                a, d = _cx(a, d)
                a, c = _cx(a, c)
                b, e = _cx(b, e)
                b, d = _cx(b, d)
                b, c = _cx(b, c)
                out[i, p] = classes[binom[a, 1] + binom[b, 2] + binom[c, 3] + binom[d, 4] + binom[e, 5]]
            elif hole == 3:
                a, b = _cx(np.int64(rows[i, p, 0]), np.int64(rows[i, p, 1]))
                b, c = _cx(b, np.int64(rows[i, p, 2]))
                a, b = _cx(a, b)
                out[i, p] = classes[binom[a, 1] + binom[b, 2] + binom[c, 3]]
            else:
                out[i, p] = classes[np.int64(rows[i, p, 0])]


@njit(cache=True, nogil=True)
def tally_hands_split(hi, ids, out):
    """Starting-hand tally of one-board high-only games: out[class, k] (int64) counts the
    hands of the class that split the pot k ways (k = 0: lost).  One increment per hand;
    units, scoops and variances follow from these counts."""
    n, players = hi.shape[0], hi.shape[2]
    for i in range(n):
        best = hi[i, 0, 0]
        for p in range(1, players):
            best = max(best, hi[i, 0, p])
        count = 0
        for p in range(players):
            count += hi[i, 0, p] == best
        for p in range(players):
            out[ids[i, p], count if hi[i, 0, p] == best else 0] += 1


@njit(cache=True, nogil=True)
def tally_hands_hilo(hi, lo, pot, ids, out):
    """``tally_hands`` for one-board hi/lo games (the same counts, specialised: no per-board
    arrays, one pass per deal)."""
    n, players = hi.shape[0], hi.shape[2]
    half = pot // 2
    for i in range(n):
        best = hi[i, 0, 0]
        lbest = lo[i, 0, 0]
        for p in range(1, players):
            best = max(best, hi[i, 0, p])
            lbest = max(lbest, lo[i, 0, p])
        count = 0
        lcount = 0
        for p in range(players):
            count += hi[i, 0, p] == best
            lcount += lo[i, 0, p] == lbest
        hwin = half // count
        if lbest > 0:  # a qualifying low takes the low half
            lwin = half // lcount
            extra = 0
        else:  # no low: the high winners take the low half too
            lwin = 0
            extra = hwin
        for p in range(players):
            c = ids[i, p]
            h = hwin if hi[i, 0, p] == best else 0
            s = h + (extra if h else 0) + (lwin if lo[i, 0, p] == lbest else 0)
            out[c, 0] += 1
            out[c, 1] += s
            out[c, 2] += s * s
            out[c, 3] += s == pot
            out[c, 4] += (s > 0) & (s < pot)
            out[c, 5] += h


@njit(cache=True, nogil=True)
def tally_hands(hi, lo, has_low, pot, ids, out):
    """Starting-hand tally: out[class, column] (int64) for each player's hole cards.

    Columns: times dealt, pot units won, their squares, whole pots won alone (scoops),
    partial pots, units won in high halves (games with a low half).
    """
    n, boards, players = hi.shape[0], hi.shape[1], hi.shape[2]
    share, hi_share, best, lcount = _share_buffers(players, boards)
    for i in range(n):
        _shares(i, hi, lo, has_low, pot, share, hi_share, best, lcount)
        for p in range(players):
            c = ids[i, p]
            s = share[p]
            out[c, 0] += 1
            out[c, 1] += s
            out[c, 2] += s * s
            out[c, 3] += s == pot
            out[c, 4] += (s > 0) & (s < pot)
            out[c, 5] += hi_share[p]


@njit(cache=True, nogil=True)
def tally_categories(hi, lo, has_low, hi_cat, lo_cat, hi_all, hi_win, lo_all, lo_win):
    """Made-hand categories of every player's hand (``*_all``) and of the winning hand
    (``*_win``), per board.  ``hi_cat``/``lo_cat`` map a strength to its category."""
    n, boards, players = hi.shape[0], hi.shape[1], hi.shape[2]
    for i in range(n):
        for b in range(boards):
            best = hi[i, b, 0]
            for p in range(players):
                v = hi[i, b, p]
                hi_all[hi_cat[v]] += 1
                if v > best:
                    best = v
            hi_win[hi_cat[best]] += 1
            if has_low:
                lbest = lo[i, b, 0]
                for p in range(players):
                    v = lo[i, b, p]
                    lo_all[lo_cat[v]] += 1
                    if v > lbest:
                        lbest = v
                lo_win[lo_cat[lbest]] += 1


# Counters of the hi/lo study.
(L_DEALS, L_BOARDS, L_POSSIBLE, L_MADE, L_LOW_SPLIT, L_HIGH_SPLIT, L_SCOOPS, L_SCOOPS_LOW, L_HANDS,
 L_HAND_LOWS) = range(10)
L_COLUMNS = 10


@njit(cache=True, nogil=True)
def tally_hilo(rows, hi, lo, pot, hole, board_n, out):
    """Hi/lo counters (see the L_* names): deals; boards; boards whose cards allow a low
    (3+ distinct ranks A-8; board games only); boards with a qualifying low; low halves
    split; high halves split; deals scooped (one player wins the whole pot); scooped
    while a low qualified; player hands; player hands holding a qualifying low."""
    n, boards, players = hi.shape[0], hi.shape[1], hi.shape[2]
    share, hi_share, best, lcount = _share_buffers(players, boards)
    for i in range(n):
        lows = _shares(i, hi, lo, True, pot, share, hi_share, best, lcount)
        out[0] += 1
        out[1] += boards
        out[8] += boards * players
        scooped = False
        for p in range(players):
            if share[p] == pot:
                scooped = True
            for b in range(boards):
                if lo[i, b, p] > 0:
                    out[9] += 1
        if scooped:
            out[6] += 1
            if lows > 0:
                out[7] += 1
        for b in range(boards):
            if board_n >= 3:
                mask = 0
                for q in range(board_n):
                    r = np.int64(rows[i, b * players, hole + q]) >> 2
                    if r == 12:
                        mask |= 1
                    elif r <= 6:
                        mask |= 1 << (r + 1)
                cnt = 0
                while mask:
                    mask &= mask - 1
                    cnt += 1
                if cnt >= 3:
                    out[2] += 1
            if lcount[b] > 0:
                out[3] += 1
                if lcount[b] > 1:
                    out[4] += 1
            cnt = 0
            for p in range(players):
                if hi[i, b, p] == best[b]:
                    cnt += 1
            if cnt > 1:
                out[5] += 1


@njit(cache=True, nogil=True)
def hole_class_keys(combos, hole, keys):
    """Canonical key of each hole-card combination (rows of ``combos``): the four
    per-suit rank masks sorted in decreasing order, packed 13 bits each."""
    for i in range(combos.shape[0]):
        m0 = m1 = m2 = m3 = np.int64(0)
        for q in range(hole):
            c = np.int64(combos[i, q])
            bit = np.int64(1) << (c >> 2)
            s = c & 3
            if s == 0:
                m0 |= bit
            elif s == 1:
                m1 |= bit
            elif s == 2:
                m2 |= bit
            else:
                m3 |= bit
        m0, m1 = _cx(m0, m1)
        m2, m3 = _cx(m2, m3)
        m0, m2 = _cx(m0, m2)
        m1, m3 = _cx(m1, m3)
        m1, m2 = _cx(m1, m2)
        keys[i] = (m3 << 39) | (m2 << 26) | (m1 << 13) | m0
