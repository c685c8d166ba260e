"""numba kernels shared by the numba engines that remain (the range sampler of many-pattern queries,
pyeval.simulate's deals, the keep advisor): the xoshiro256** generator and its bounded draws, and
the per-deal share tally.

The equity engine's dealing and tallying are C (csrc/deal_kernels.c, pyeval.engines.native.deal_kernels); the
numba kernels they replaced live on in tests/numba_kernels.py, as the reference the C is checked
against.  Every kernel is ``cache=True`` and ``nogil=True``; nothing is compiled at import time.
"""

from __future__ import annotations

import numpy as np

from pyeval.core._jit import njit

_M32 = np.uint64(0xFFFFFFFF)
_TWO32 = np.uint64(1 << 32)


@njit(cache=True, nogil=True, inline="always")
def _rotl(x, k):
    return (x << np.uint64(k)) | (x >> np.uint64(64 - k))


@njit(cache=True, nogil=True, inline="always")
def _next64(s):
    """xoshiro256** step on the 4-word state ``s`` (uint64 array)."""
    result = _rotl(s[1] * np.uint64(5), 7) * np.uint64(9)
    t = s[1] << np.uint64(17)
    s[2] ^= s[0]
    s[3] ^= s[1]
    s[1] ^= s[2]
    s[0] ^= s[3]
    s[2] ^= t
    s[3] = _rotl(s[3], 45)
    return result


@njit(cache=True, nogil=True, inline="always")
def _bounded(s, bound):
    """Uniform integer in [0, bound), bound < 2**32, without modulo bias (Lemire's method)."""
    b = np.uint64(bound)
    m = (_next64(s) >> np.uint64(32)) * b
    low = m & _M32
    if low < b:
        threshold = (np.uint64(1 << 32) - b) % b
        while low < threshold:
            m = (_next64(s) >> np.uint64(32)) * b
            low = m & _M32
    return np.int64(m >> np.uint64(32))


# The same generator with its state in four local variables (registers) instead of an array:
# each call takes the words and returns them updated.  A kernel that writes other arrays
# between draws (the deck swaps of pyeval.simulate's dealing) keeps the state out of memory
# this way; with the array form every such write forces the state back through memory
# (numba cannot tell the arrays apart), and dealing takes about twice as long.  The array form
# above stays for kernels that pass the state between calls and is the one csrc/rng.h mirrors.
# Same state, same stream (tests/test_engine_strategies.py).


@njit(cache=True, nogil=True, inline="always")
def next64_regs(s0, s1, s2, s3):
    """``_next64`` on the state words s0..s3: the output and the new words."""
    r = _rotl(s1 * np.uint64(5), 7) * np.uint64(9)
    t = s1 << np.uint64(17)
    s2 ^= s0
    s3 ^= s1
    s1 ^= s2
    s0 ^= s3
    s2 ^= t
    s3 = _rotl(s3, 45)
    return r, s0, s1, s2, s3


@njit(cache=True, nogil=True, inline="always")
def bounded_regs(s0, s1, s2, s3, bound):
    """``_bounded`` on the state words s0..s3 (the same draws): the integer and the new words."""
    b = np.uint64(bound)
    while True:
        r, s0, s1, s2, s3 = next64_regs(s0, s1, s2, s3)
        m = (r >> np.uint64(32)) * b
        low = m & _M32
        if low >= b or low >= (_TWO32 - b) % b:
            break
    return np.int64(m >> np.uint64(32)), s0, s1, s2, s3


@njit(cache=True, nogil=True, inline="always")
def _bounded_pair_regs(s0, s1, s2, s3, b1, b2):
    """Two independent uniform integers in [0, b1) and [0, b2) from the two 32-bit halves
    of one output (Lemire's method on each half); a half that it rejects (rare) is redrawn
    alone with ``bounded_regs``.  Returns both integers and the new words."""
    r, s0, s1, s2, s3 = next64_regs(s0, s1, s2, s3)
    u1, u2 = np.uint64(b1), np.uint64(b2)
    m1 = (r >> np.uint64(32)) * u1
    m2 = (r & _M32) * u2
    low1, low2 = m1 & _M32, m2 & _M32
    j1, j2 = np.int64(m1 >> np.uint64(32)), np.int64(m2 >> np.uint64(32))
    if low1 < u1 and low1 < (_TWO32 - u1) % u1:
        j1, s0, s1, s2, s3 = bounded_regs(s0, s1, s2, s3, b1)
    if low2 < u2 and low2 < (_TWO32 - u2) % u2:
        j2, s0, s1, s2, s3 = bounded_regs(s0, s1, s2, s3, b2)
    return j1, j2, s0, s1, s2, s3


@njit(cache=True, nogil=True, inline="always")
def deal_shares(strengths, i, split, fallback, share, part_units, no_qualifier):
    """Deal i's pot units per player into ``share`` (see ``tally``); adds to part_units / no_qualifier."""
    n_parts, n_players = strengths.shape[0], strengths.shape[1]
    for p in range(n_players):
        share[p] = 0
    for j in range(n_parts):
        part = j
        best = strengths[j, 0, i]
        for p in range(1, n_players):
            best = max(best, strengths[j, p, i])
        if fallback[j] >= 0 and best == 0:
            no_qualifier[j] += 1
            part = fallback[j]
            best = strengths[part, 0, i]
            for p in range(1, n_players):
                best = max(best, strengths[part, p, i])
        count = 0
        for p in range(n_players):
            count += strengths[part, p, i] == best
        each = split[j, count]
        for p in range(n_players):
            if strengths[part, p, i] == best:
                share[p] += each
                part_units[j, p] += each


@njit(cache=True, nogil=True, inline="always")
def add_share(s, pot, k, units, sumsq, wins, ties):
    """Count one deal's share ``s`` (pot units) at index k: units, squares, whole pots, partial pots."""
    units[k] += s
    sumsq[k] += s * s
    wins[k] += s == pot
    ties[k] += (s > 0) & (s < pot)


@njit(cache=True, nogil=True)
def tally_deals(strengths, n, split, fallback, pot, units, sumsq, wins, ties, part_units, no_qualifier, idx,
                per_combo):
    """``tally``, and where ``idx`` has a row per deal (else it has none) also per combo:
    ``per_combo[:, p, c]`` (pot units, their squares, whole pots won alone, shares, samples) for
    player p's combo ``c = idx[i, p]`` (skipped when -1; pyeval.engines.range.sampling)."""
    n_players = strengths.shape[1]
    by_combo = idx.shape[0] > 0
    share = np.zeros(n_players, np.int64)
    for i in range(n):
        deal_shares(strengths, i, split, fallback, share, part_units, no_qualifier)
        for p in range(n_players):
            add_share(share[p], pot, p, units, sumsq, wins, ties)
            c = idx[i, p] if by_combo else -1
            if c >= 0:
                add_share(share[p], pot, c, per_combo[0, p], per_combo[1, p], per_combo[2, p], per_combo[3, p])
                per_combo[4, p, c] += 1
