"""The numba kernels exact range equity (pyeval/range_equity.py) ran before they moved to C
(csrc/range_exact.c, pyeval/range_exact.py): combo assignments, their canonical keys, the
evaluation rows, the heads-up sweep and the board-major tally.  Kept here, outside the package, as
the reference tests/test_range_exact_kernels.py checks the C against (unchanged but for this note)."""

from __future__ import annotations

import types

import numpy as np

from pyeval.core._jit import njit


@njit(cache=True, nogil=True)
def _assignments(masks, offsets, out, cap):
    """Enumerate every disjoint choice of one combo per player (player p's combos are
    masks[offsets[p]:offsets[p+1]]), writing local indices to ``out`` while it has room;
    return how many there are (counting stops at ``cap``)."""
    n_players = offsets.shape[0] - 1
    pos = np.zeros(n_players, np.int64)
    used = np.zeros(n_players + 1, np.uint64)
    n = 0
    level = 0
    pos[0] = offsets[0] - 1
    while level >= 0:
        pos[level] += 1
        if pos[level] >= offsets[level + 1]:
            level -= 1
            continue
        m = masks[pos[level]]
        if used[level] & m:
            continue
        if level == n_players - 1:
            if n < out.shape[0]:
                for q in range(n_players):
                    out[n, q] = pos[q] - offsets[q]
            n += 1
            if n >= cap:
                return n
        else:
            used[level + 1] = used[level] | m
            level += 1
            pos[level] = offsets[level] - 1
    return n


@njit(cache=True, nogil=True)
def _canonical_keys(assign, perm, offsets, radix, keys):
    """keys[i]: the smallest mixed-radix key of assignment i over the suit permutations."""
    n, n_players = assign.shape
    for i in range(n):
        best = np.int64(-1)
        for s in range(perm.shape[0]):
            k = np.int64(0)
            for p in range(n_players):
                k += perm[s, offsets[p] + assign[i, p]] * radix[p]
            if best < 0 or k < best:
                best = k
        keys[i] = best


@njit(cache=True, nogil=True)
def _sweep_rows(boards, combos, rows, valid, dummy):
    """rows (nb * n, 7): each combo with each board (the ``dummy`` hand where they collide, valid=False)."""
    n = combos.shape[0]
    for i in range(boards.shape[0]):
        used = np.uint64(0)
        for q in range(5):
            used |= np.uint64(1) << np.uint64(boards[i, q])
        for k in range(n):
            r = i * n + k
            a = combos[k, 0]
            b = combos[k, 1]
            ok = not ((used >> np.uint64(a)) & np.uint64(1)) and not ((used >> np.uint64(b)) & np.uint64(1))
            valid[i, k] = ok
            if ok:
                rows[r, 0] = a
                rows[r, 1] = b
                for q in range(5):
                    rows[r, 2 + q] = boards[i, q]
            else:
                for q in range(7):
                    rows[r, q] = dummy[q]


@njit(cache=True, nogil=True)
def _sweep_side(s_a, oa, ca, s_b, ob, cb, num_b, self_ab, ok_b, out_w, out_t, out_n, card_tot, lt_card, le_card):
    """For each valid combo a (``oa``: valid combos of side a, ascending strength): weighted count
    of valid combos b (``ob``, ascending) disjoint from a with a lower strength (out_w), an equal
    one (out_t), and all of them (out_n).  Card removal by per-card prefix sums."""
    tot = np.int64(0)
    card_tot[:] = 0
    lt_card[:] = 0
    le_card[:] = 0
    for b in ob:
        tot += num_b[b]
        card_tot[cb[b, 0]] += num_b[b]
        card_tot[cb[b, 1]] += num_b[b]
    lt = np.int64(0)
    le = np.int64(0)
    j_lt = 0
    j_le = 0
    nb = ob.shape[0]
    for a in oa:
        sa = s_a[a]
        while j_lt < nb and s_b[ob[j_lt]] < sa:
            b = ob[j_lt]
            lt += num_b[b]
            lt_card[cb[b, 0]] += num_b[b]
            lt_card[cb[b, 1]] += num_b[b]
            j_lt += 1
        while j_le < nb and s_b[ob[j_le]] <= sa:
            b = ob[j_le]
            le += num_b[b]
            le_card[cb[b, 0]] += num_b[b]
            le_card[cb[b, 1]] += num_b[b]
            j_le += 1
        c1 = ca[a, 0]
        c2 = ca[a, 1]
        same = np.int64(0)
        sb = self_ab[a]
        if sb >= 0 and ok_b[sb]:
            same = num_b[sb]
        w = lt - lt_card[c1] - lt_card[c2]
        out_w[a] += w
        out_t[a] += le - le_card[c1] - le_card[c2] + same - w
        out_n[a] += tot - card_tot[c1] - card_tot[c2] + same


@njit(cache=True, nogil=True)
def _valid_sorted(s, ok, buf, count):
    """Indices of the valid entries of ``s`` in ascending strength: a counting sort (strengths are
    small non-negative integers; ``count`` has one slot per strength, plus one)."""
    count[:] = 0
    n = 0
    for k in range(s.shape[0]):
        if ok[k]:
            count[s[k] + 1] += 1
            n += 1
    for v in range(1, count.shape[0]):
        count[v] += count[v - 1]
    for k in range(s.shape[0]):
        if ok[k]:
            buf[count[s[k]]] = k
            count[s[k]] += 1
    return buf[:n]


@njit(cache=True, nogil=True)
def _sweep_heads_up(strengths, valid, combos, n0, num0, num1, self0, self1, acc):
    """acc rows: wins, ties, outcomes of range 0's combos (0-2) and of range 1's (3-5)."""
    c0 = combos[:n0]
    c1 = combos[n0:]
    n1 = combos.shape[0] - n0
    buf0 = np.empty(n0, np.int64)
    buf1 = np.empty(n1, np.int64)
    count = np.zeros(strengths.max() + 2, np.int64)
    card_tot = np.zeros(52, np.int64)
    lt_card = np.zeros(52, np.int64)
    le_card = np.zeros(52, np.int64)
    for i in range(strengths.shape[0]):
        s0 = strengths[i, :n0]
        s1 = strengths[i, n0:]
        v0 = valid[i, :n0]
        v1 = valid[i, n0:]
        o0 = _valid_sorted(s0, v0, buf0, count)
        o1 = _valid_sorted(s1, v1, buf1, count)
        _sweep_side(s0, o0, c0, s1, o1, c1, num1, self0, v1, acc[0], acc[1], acc[2], card_tot, lt_card, le_card)
        _sweep_side(s1, o1, c1, s0, o0, c0, num0, self1, v0, acc[3], acc[4], acc[5], card_tot, lt_card, le_card)


@njit(cache=True, nogil=True)
def _board_major_rows(boards, combos, rows, valid, dummy):
    """rows (nb * S, hole + board): each combo with each board (``dummy`` where they collide)."""
    n, h = combos.shape
    nb, bl = boards.shape
    for i in range(nb):
        used = np.uint64(0)
        for q in range(bl):
            used |= np.uint64(1) << np.uint64(boards[i, q])
        for k in range(n):
            r = i * n + k
            ok = True
            for q in range(h):
                if (used >> np.uint64(combos[k, q])) & np.uint64(1):
                    ok = False
            valid[i, k] = ok
            if ok:
                for q in range(h):
                    rows[r, q] = combos[k, q]
                for q in range(bl):
                    rows[r, h + q] = boards[i, q]
            else:
                for q in range(h + bl):
                    rows[r, q] = dummy[q]


@njit(cache=True, nogil=True)
def _board_major_tally(strengths, valid, assign, offsets, wfull, split, fallback, pot, units_a, wins_a, ties_a, units,
                       wins, ties, part_units, no_qualifier, outcomes):
    """Every (board, assignment) showdown: strengths (parts, boards, combos).  Per assignment,
    unweighted pot units, whole pots won and shares (units_a, wins_a, ties_a); totals weighted by
    the assignment weight ``wfull``."""
    n_parts = strengths.shape[0]
    n_players = assign.shape[1]
    share = np.zeros(n_players, np.int64)
    col = np.zeros(n_players, np.int64)
    for i in range(strengths.shape[1]):
        for a in range(assign.shape[0]):
            ok = True
            for p in range(n_players):
                c = offsets[p] + assign[a, p]
                col[p] = c
                if not valid[i, c]:
                    ok = False
                    break
            if not ok:
                continue
            w = wfull[a]
            for p in range(n_players):
                share[p] = 0
            for j in range(n_parts):
                part = j
                best = strengths[j, i, col[0]]
                for p in range(1, n_players):
                    best = max(best, strengths[j, i, col[p]])
                if fallback[j] >= 0 and best == 0:
                    no_qualifier[j] += w
                    part = fallback[j]
                    best = strengths[part, i, col[0]]
                    for p in range(1, n_players):
                        best = max(best, strengths[part, i, col[p]])
                count = 0
                for p in range(n_players):
                    count += strengths[part, i, col[p]] == best
                each = split[j, count]
                for p in range(n_players):
                    if strengths[part, i, col[p]] == best:
                        share[p] += each
                        part_units[j, p] += w * each
            outcomes[0] += w
            for p in range(n_players):
                units_a[a, p] += share[p]
                wins_a[a, p] += share[p] == pot
                ties_a[a, p] += (share[p] > 0) & (share[p] < pot)
                units[p] += w * share[p]
                wins[p] += w * (share[p] == pot)
                ties[p] += w * ((share[p] > 0) & (share[p] < pot))


def _rows(boards, combos, rows, valid, dummy):
    """``range_exact.rows``: the sweep's kernel on its shape, else the board-major one (the same rows)."""
    sweep = boards.shape[1] == 5 and combos.shape[1] == 2
    (_sweep_rows if sweep else _board_major_rows)(boards, combos, rows, valid, dummy)


AS_RANGE_EXACT = types.SimpleNamespace(assignments=_assignments, canonical_keys=_canonical_keys, rows=_rows,
                                       sweep_heads_up=_sweep_heads_up, board_major_tally=_board_major_tally)
"""These kernels under pyeval.engines.native.range_exact's names: ``range_equity.range_exact`` set to it runs
the exact paths on numba (the tests' and benchmarks/range_exact_kernels.py's "before")."""
