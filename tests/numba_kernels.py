"""The numba kernels the equity engine's stud and draw paths ran before they moved to C
(csrc/deal_kernels.c): dealing completions (sampled or enumerated), tallying showdowns and the
two-hand counts.  Kept here, outside the package, as the reference tests/test_cold_kernels.py checks
the C against, and for benchmarks/deal_kernels.py.

Deal rows.  A completion picks ``U`` unknown cards, slot after slot (each board's missing cards, then
each player's).  ``out`` (rows, n, k) arrives with the known cards already in place; ``cells`` lists
the unknown ones as (row, column, pick index).
"""

from __future__ import annotations

import numpy as np

from pyeval.core._jit import njit
from pyeval.engines.native.tally_kernels import (  # the generator and the share tally
    _bounded_pair_regs,
    bounded_regs,
    tally_deals,
)


@njit(cache=True, nogil=True, inline="always")
def _fill_rows(i, picks, cells, out):
    for q in range(cells.shape[0]):
        out[cells[q, 0], i, cells[q, 1]] = picks[cells[q, 2]]


@njit(cache=True, nogil=True, inline="always")
def _swap_in(deck, u, j, picks):
    """Partial Fisher-Yates step u: deck[u + j] swapped into deck[u], which is pick u."""
    c = deck[u + j]
    deck[u + j] = deck[u]
    deck[u] = c
    picks[u] = c


@njit(cache=True, nogil=True)
def sample_rows(deck, n_unknown, state, cells, out):
    """Fill ``out[:, :n]`` with ``n = out.shape[1]`` random completions.

    ``deck`` (the live cards, permuted in place) is partially shuffled per
    deal; a partial Fisher-Yates from any starting order draws a uniform
    random ordered selection, so the picks are a fair deal.  Steps are drawn in pairs,
    one generator output each (``_bounded_pair_regs``), the last alone when the count is odd;
    ``state`` is left at the generator's next state.
    """
    n_live = deck.shape[0]
    picks = np.empty(max(n_unknown, 1), np.uint8)
    s0, s1, s2, s3 = state[0], state[1], state[2], state[3]
    for i in range(out.shape[1]):
        u = 0
        while u + 1 < n_unknown:  # steps (u, u + 1) from one output, as csrc/rng.h's draw_cards
            j1, j2, s0, s1, s2, s3 = _bounded_pair_regs(s0, s1, s2, s3, n_live - u, n_live - u - 1)
            _swap_in(deck, u, j1, picks)
            _swap_in(deck, u + 1, j2, picks)
            u += 2
        if u < n_unknown:
            j, s0, s1, s2, s3 = bounded_regs(s0, s1, s2, s3, n_live - u)
            _swap_in(deck, u, j, picks)
        _fill_rows(i, picks, cells, out)
    state[0], state[1], state[2], state[3] = s0, s1, s2, s3


@njit(cache=True, nogil=True)
def _unrank(index, m, k, binom, pos):
    """Lexicographic combination number ``index`` of k positions out of m, into pos[:k]."""
    x = 0
    for i in range(k):
        while True:
            cnt = binom[m - x - 1, k - i - 1]
            if index < cnt:
                break
            index -= cnt
            x += 1
        pos[i] = x
        x += 1


@njit(cache=True, nogil=True)
def _next_combination(pos, m, k):
    i = k - 1
    while i >= 0 and pos[i] == m - k + i:
        i -= 1
    if i < 0:
        return False
    pos[i] += 1
    for j in range(i + 1, k):
        pos[j] = pos[j - 1] + 1
    return True


@njit(cache=True, nogil=True)
def _rebuild_from(s0, sizes, lists, avail, pos, picks, offsets):
    """Recompute slot lists after slot s0-1 changed; later slots restart at their first combination."""
    n_slots = sizes.shape[0]
    for s in range(s0, n_slots):
        prev = s - 1
        taken = np.zeros(avail[prev], np.bool_)
        for q in range(sizes[prev]):
            taken[pos[prev, q]] = True
        m = 0
        for q in range(avail[prev]):
            if not taken[q]:
                lists[s, m] = lists[prev, q]
                m += 1
        for q in range(sizes[s]):
            pos[s, q] = q
    for s in range(n_slots):
        for q in range(sizes[s]):
            picks[offsets[s] + q] = lists[s, pos[s, q]]


@njit(cache=True, nogil=True)
def enumerate_rows(deck, sizes, start, binom, cells, out):
    """Fill ``out[:, :n]`` with completions ``start .. start + n - 1`` in mixed-radix order.

    Slot s picks ``sizes[s]`` cards (a combination, lexicographic) from the
    live cards left by slots before it; the last slot varies fastest.
    """
    n_slots = sizes.shape[0]
    n_live = deck.shape[0]
    avail = np.empty(n_slots, np.int64)
    offsets = np.empty(n_slots, np.int64)
    left, off = n_live, 0
    for s in range(n_slots):
        avail[s] = left
        offsets[s] = off
        left -= sizes[s]
        off += sizes[s]
    n_unknown = off
    lists = np.zeros((max(n_slots, 1), n_live), np.uint8)
    pos = np.zeros((max(n_slots, 1), 8), np.int64)
    picks = np.zeros(max(n_unknown, 1), np.uint8)
    # Mixed-radix digits of ``start`` (slot 0 most significant).
    digits = np.zeros(max(n_slots, 1), np.int64)
    rest = start
    for s in range(n_slots - 1, -1, -1):
        radix = binom[avail[s], sizes[s]]
        digits[s] = rest % radix
        rest //= radix
    if n_slots > 0:
        lists[0, :n_live] = deck
        for s in range(n_slots):
            if s > 0:
                _rebuild_from(s, sizes[: s + 1], lists, avail, pos, picks, offsets)
            _unrank(digits[s], avail[s], sizes[s], binom, pos[s])
        for s in range(n_slots):
            for q in range(sizes[s]):
                picks[offsets[s] + q] = lists[s, pos[s, q]]
    for i in range(out.shape[1]):
        if i > 0:
            s = n_slots - 1
            while s >= 0 and not _next_combination(pos[s], avail[s], sizes[s]):
                s -= 1
            if s < 0:
                break
            if s < n_slots - 1:
                _rebuild_from(s + 1, sizes, lists, avail, pos, picks, offsets)
            else:
                for q in range(sizes[s]):
                    picks[offsets[s] + q] = lists[s, pos[s, q]]
        _fill_rows(i, picks, cells, out)


@njit(cache=True, nogil=True)
def tally(strengths, n, split, fallback, pot, units, sumsq, wins, ties, part_units, no_qualifier):
    """Share each deal's pot and accumulate integer counts.

    strengths (parts, players, >= n) int32, higher is better.  Part j is worth
    ``split[j, 1]`` pot units, ``split[j, w]`` to each of ``w`` equal best hands;
    a low part (``fallback[j] >= 0``) where nobody qualifies (all strengths 0)
    goes to the winners of part ``fallback[j]`` instead.  A player's deal share
    is ``pot`` for a scoop: ``wins`` counts those, ``ties`` partial shares.
    """
    tally_deals(strengths, n, split, fallback, pot, units, sumsq, wins, ties, part_units, no_qualifier,
                np.empty((0, strengths.shape[1]), np.int32), np.empty((5, strengths.shape[1], 0), np.int64))


@njit(cache=True, nogil=True)
def tally_patterns(strengths, n, fallback, counts):
    """Count each deal's outcome pattern: the winner bitmask of every part, part j in bits
    ``players * j`` upward (0 for a low part nobody qualifies for).

    Shares, scoops and variances follow from the pattern histogram (engine.PatternTable);
    one increment per deal is much cheaper than updating every player's counters.
    """
    n_parts, n_players = strengths.shape[0], strengths.shape[1]
    for i in range(n):
        pattern = 0
        for j in range(n_parts):
            best = strengths[j, 0, i]
            for p in range(1, n_players):
                best = max(best, strengths[j, p, i])
            if fallback[j] >= 0 and best == 0:
                continue
            mask = 0
            for p in range(n_players):
                if strengths[j, p, i] == best:
                    mask |= 1 << p
            pattern |= mask << (n_players * j)
        counts[pattern] += 1


@njit(cache=True, nogil=True)
def all_combinations(m, k, binom):
    """Every k-subset of range(m) in lexicographic order, shape (C(m, k), k)."""
    total = binom[m, k]
    out = np.empty((total, max(k, 1)), np.uint8)
    pos = np.arange(max(k, 1))
    for i in range(total):
        for q in range(k):
            out[i, q] = pos[q]
        j = k - 1
        while j >= 0 and pos[j] == m - k + j:
            j -= 1
        if j < 0:
            break
        pos[j] += 1
        for q in range(j + 1, k):
            pos[q] = pos[q - 1] + 1
    return out


@njit(cache=True, nogil=True)
def _colex_rank(items, size, binom):
    r = 0
    for i in range(size):
        r += binom[items[i], i + 1]
    return r


@njit(cache=True, nogil=True, inline="always")
def _subset_bucket(combos, i, mask, k, binom, base, sub):
    """Bucket of the subset ``mask`` of combo i's cards: base[|S|] + colex rank of S."""
    s = 0
    for q in range(k):
        if mask >> q & 1:
            sub[s] = combos[i, q]
            s += 1
    return base[s] + _colex_rank(sub, s, binom)


@njit(cache=True, nogil=True)
def subset_sizes(combos, k, binom, base, sizes):
    """For every subset S (|S| <= k) of the live positions, add the number of ``combos`` holding
    it to ``sizes[bucket + 1]`` (bucket: base[|S|] + colex rank of S).  Called on slices of the
    combos (each call is short: Ctrl-C and progress between calls)."""
    sub = np.empty(max(k, 1), np.int64)
    for i in range(combos.shape[0]):
        for mask in range(1 << k):
            sizes[_subset_bucket(combos, i, mask, k, binom, base, sub) + 1] += 1


@njit(cache=True, nogil=True)
def subset_fill(combos, values, k, binom, base, fill, data):
    """Write each combo's value into the buckets of its subsets (``fill``: next free slot of each
    bucket, advanced in place; slices of the combos in order)."""
    sub = np.empty(max(k, 1), np.int64)
    for i in range(combos.shape[0]):
        for mask in range(1 << k):
            b = _subset_bucket(combos, i, mask, k, binom, base, sub)
            data[fill[b]] = values[i]
            fill[b] += 1


@njit(cache=True, nogil=True)
def sort_buckets(offsets, data, lo, hi):
    """Sort the values of buckets lo..hi-1 (disjoint ranges: safe on several threads)."""
    for b in range(lo, hi):
        data[offsets[b]:offsets[b + 1]].sort()


@njit(cache=True, nogil=True)
def count_two_hands(combos_a, values_a, k_b, base, offsets, data, binom):
    """Heads-up counts over disjoint (A, B) by inclusion-exclusion over the cards of A:
    #{B disjoint from A, v(B) < x} = sum over S subset of A of (-1)^|S| #{B containing S, v(B) < x}.

    Returns (A wins, B wins, ties) as int64.
    """
    k_a = combos_a.shape[1] if combos_a.shape[0] else 0
    lt_total, eq_total, all_total = 0, 0, 0
    sub = np.empty(max(k_a, 1), np.int64)
    for i in range(combos_a.shape[0]):
        x = values_a[i]
        for mask in range(1 << k_a):
            s = 0
            for q in range(k_a):
                if mask >> q & 1:
                    sub[s] = combos_a[i, q]
                    s += 1
            if s > k_b:
                continue
            b = base[s] + _colex_rank(sub, s, binom)
            lo, hi = offsets[b], offsets[b + 1]
            bucket = data[lo:hi]
            lt = np.searchsorted(bucket, x, side="left")
            le = np.searchsorted(bucket, x, side="right")
            sign = -1 if s & 1 else 1
            lt_total += sign * lt
            eq_total += sign * (le - lt)
            all_total += sign * (hi - lo)
    return lt_total, all_total - lt_total - eq_total, eq_total


@njit(cache=True, nogil=True, inline="always")
def _fenwick_add(tree, i):
    i += 1
    while i < tree.shape[0]:
        tree[i] += 1
        i += i & -i


@njit(cache=True, nogil=True, inline="always")
def _fenwick_below(tree, i):
    """How many entries are below i."""
    total = 0
    while i > 0:
        total += tree[i]
        i -= i & -i
    return total


@njit(cache=True, nogil=True)
def _add_hilo_queries(data_a, q0, q1, n_lo, no_low, tree, below_hi, row, sign, grid):
    """A entries q0..q1-1 against the B entries in ``tree`` (``below_hi`` of them): row ``row``
    of grid[g] (g = 1 where A has no low) gains sign times the B lows <, <= and any."""
    for q in range(q0, q1):
        y = data_a[q] % n_lo
        g = 1 if y == no_low else 0
        grid[g, row, 0] += sign * _fenwick_below(tree, y)
        grid[g, row, 1] += sign * _fenwick_below(tree, y + 1)
        grid[g, row, 2] += sign * below_hi


@njit(cache=True, nogil=True)
def count_hilo_buckets(off_a, data_a, off_b, data_b, base, n_lo, no_low, lo, hi, grid):
    """The 2-D dominance counts of pyeval.engines.single.two_hand_hilo over buckets lo..hi-1.

    A bucket holds the (hi rank * n_lo + lo rank) keys, sorted, of the completions of each hand
    that contain its subset S of cards, |S| = s where base[s] <= bucket < base[s + 1].  For every
    A entry (x, y) adds (-1)**s times the number of B entries with hi <, <= or any x (axis 1) and
    lo <, <= or any y (axis 2) to grid[g], g = 1 where y == no_low.
    """
    tree = np.zeros(n_lo + 1, np.int64)
    s = 0
    for b in range(lo, hi):
        while base[s + 1] <= b:
            s += 1
        a0, a1, b0, b1 = off_a[b], off_a[b + 1], off_b[b], off_b[b + 1]
        if a0 == a1 or b0 == b1:
            continue
        sign = -1 if s & 1 else 1
        tree[:] = 0
        j = b0
        i = a0
        while i < a1:  # A's entries of one hi rank x at a time: B's below x in the tree, then B's equal
            x = data_a[i] // n_lo
            while j < b1 and data_b[j] // n_lo < x:
                _fenwick_add(tree, data_b[j] % n_lo)
                j += 1
            i2 = i
            while i2 < a1 and data_a[i2] // n_lo == x:
                i2 += 1
            _add_hilo_queries(data_a, i, i2, n_lo, no_low, tree, j - b0, 0, sign, grid)
            while j < b1 and data_b[j] // n_lo == x:
                _fenwick_add(tree, data_b[j] % n_lo)
                j += 1
            _add_hilo_queries(data_a, i, i2, n_lo, no_low, tree, j - b0, 1, sign, grid)
            i = i2
        while j < b1:
            _fenwick_add(tree, data_b[j] % n_lo)
            j += 1
        _add_hilo_queries(data_a, a0, a1, n_lo, no_low, tree, b1 - b0, 2, sign, grid)
