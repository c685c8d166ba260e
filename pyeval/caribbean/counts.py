"""Casino Stud Poker: every (player hand class, dealer up-card) situation counted over its
C(46, 4) dealer completions at once (numba kernels), for the exact house edge.  See the
counting method in pyeval.caribbean's docstring."""

from __future__ import annotations

import itertools
import math
import threading
import time
from collections.abc import Iterable
from dataclasses import dataclass, field

import numpy as np

from pyeval.caribbean.rules import COMPLETIONS, HANDS5, category_of, check_situation, evaluate_hand, qualifier
from pyeval.core._jit import njit
from pyeval.core._progress import Watch
from pyeval.core.cards import SUIT_PERMUTATIONS

# ---------------------------------------------------------------------------
# counting kernels (numba)
# ---------------------------------------------------------------------------

def _binomials() -> np.ndarray:
    b = np.zeros((53, 6), dtype=np.int64)
    for n in range(53):
        for k in range(6):
            b[n, k] = math.comb(n, k)
    return b


_BINOM = _binomials()
# first counter row of each subset size 0..4; rows are (size, colex index of the subset)
_ROW_OFFSET = np.cumsum([0] + [math.comb(52, k) for k in range(5)]).astype(np.int64)


@njit(cache=True)
def _all_hands() -> np.ndarray:  # pragma: no cover - compiled
    """Every 5-card hand, ascending cards, in colex order (row = colex index)."""
    out = np.empty((2598960, 5), dtype=np.uint8)
    i = 0
    for e in range(4, 52):
        for d in range(3, e):
            for c in range(2, d):
                for b in range(1, c):
                    for a in range(b):
                        out[i, 0] = a
                        out[i, 1] = b
                        out[i, 2] = c
                        out[i, 3] = d
                        out[i, 4] = e
                        i += 1
    return out


@njit(cache=True)
def _canonical(hands, perms, binom) -> np.ndarray:  # pragma: no cover - compiled
    """Colex index of the smallest suit relabelling of each hand."""
    n = hands.shape[0]
    out = np.empty(n, dtype=np.int64)
    m = np.empty(5, dtype=np.int64)
    for i in range(n):
        best = 1 << 62
        for p in range(perms.shape[0]):
            for j in range(5):
                c = hands[i, j]
                m[j] = (c & ~3) | perms[p, c & 3]
            # insertion sort of 5
            for j in range(1, 5):
                x = m[j]
                k = j - 1
                while k >= 0 and m[k] > x:
                    m[k + 1] = m[k]
                    k -= 1
                m[k + 1] = x
            idx = binom[m[0], 1] + binom[m[1], 2] + binom[m[2], 3] + binom[m[3], 4] + binom[m[4], 5]
            best = min(best, idx)
        out[i] = best
    return out


@njit(cache=True)
def _subset_rows(hands, binom, offset) -> np.ndarray:  # pragma: no cover - compiled
    """Counter row of each of the 31 subsets (masks 0..30, size <= 4) of each hand."""
    n = hands.shape[0]
    out = np.empty((n, 31), dtype=np.int64)
    for i in range(n):
        for mask in range(31):
            k = 0
            idx = 0
            for j in range(5):
                if mask & (1 << j):
                    k += 1
                    idx += binom[hands[i, j], k]
            out[i, mask] = offset[k] + idx
    return out


@njit(cache=True)
def _query(cnt, rows, signs, out):  # pragma: no cover - compiled
    """out[u] = sum over subsets S of the hand of sign(S) * cnt[{u} + S]."""
    for u in range(52):
        out[u] = 0
    for s in range(31):
        r = rows[s]
        g = signs[s]
        for u in range(52):
            out[u] += g * cnt[r, u]


@njit(cache=True)
def _add_hand(cnt, h, binom, offset):  # pragma: no cover - compiled
    """Count dealer hand h (5 ascending cards) for every (u, S subset of h - u)."""
    rest = np.empty(4, dtype=np.int64)
    for j in range(5):
        u = h[j]
        t = 0
        for i in range(5):
            if i != j:
                rest[t] = h[i]
                t += 1
        for mask in range(16):
            k = 0
            idx = 0
            for i in range(4):
                if mask & (1 << i):
                    k += 1
                    idx += binom[rest[i], k]
            cnt[offset[k] + idx, u] += 1


@njit(cache=True)
def _sweep(level_lo, level_hi, q_level, cnt, dealer, dealer_start, cls_order, cls_start,
           rows, signs, binom, offset, lt, le, nq):  # pragma: no cover - compiled
    """Process strength levels [level_lo, level_hi) of the sweep.

    Before a level's dealer hands are counted, ``lt`` gets each class's count
    of dealer hands strictly weaker; after, ``le`` the count weaker or equal.
    At the qualifying level every class gets ``nq`` (dealer hands below
    ace-king).  Rows of ``lt``/``le``/``nq`` are indexed by class, columns by
    up-card (meaningless where the up-card is in the class's hand).
    """
    for lev in range(level_lo, level_hi):
        if lev == q_level:
            for c in range(rows.shape[0]):
                _query(cnt, rows[c], signs, nq[c])
        for i in range(cls_start[lev], cls_start[lev + 1]):
            c = cls_order[i]
            _query(cnt, rows[c], signs, lt[c])
        for i in range(dealer_start[lev], dealer_start[lev + 1]):
            _add_hand(cnt, dealer[i], binom, offset)
        for i in range(cls_start[lev], cls_start[lev + 1]):
            c = cls_order[i]
            _query(cnt, rows[c], signs, le[c])


@dataclass(frozen=True)
class Tables:
    """Paytable- and strategy-free counts for every (class, up-card)."""

    reps: np.ndarray        # (n, 5) uint8, the class representatives
    weight: np.ndarray      # (n,) int64, hands in each class
    strength: np.ndarray    # (n,) int32
    category: np.ndarray    # (n,) int8 into CATEGORIES
    valid: np.ndarray       # (n, 52) bool, up-card not in the hand
    nq: np.ndarray          # (n, 52) int32, dealer does not qualify
    win: np.ndarray         # (n, 52) int32, dealer qualifies, player better
    tie: np.ndarray         # (n, 52) int32
    lose: np.ndarray        # (n, 52) int32
    canon: np.ndarray       # (C(52,5),) int64, colex index -> class number
    seconds: float = field(default=0.0)


_TABLES: list[Tables] = []  # filled once; the tables are immutable afterwards
_TABLES_LOCK = threading.Lock()


def build_tables(progress: bool = False) -> Tables:
    with _TABLES_LOCK:
        if not _TABLES:
            _TABLES.append(_count_situations(progress))
        return _TABLES[0]


def _count_situations(progress: bool) -> Tables:
    t0 = time.perf_counter()
    bar = Watch(bar=True, desc="caribbean", delay=0) if progress else None  # the one progress system
    if bar is not None:
        bar.add_total(HANDS5 + 400_000)
    hands = _all_hands()
    strength = evaluate_hand(hands)
    canon_idx = _canonical(hands, SUIT_PERMUTATIONS, _BINOM)
    rep_idx, cls_of_hand, weight = np.unique(canon_idx, return_inverse=True, return_counts=True)
    if bar is not None:
        bar.advance(200_000)
    reps = hands[rep_idx]
    cls_strength = strength[rep_idx]
    q = qualifier()

    levels = np.unique(strength)
    order = np.argsort(strength, kind="stable")
    dealer = hands[order]
    dealer_start = np.searchsorted(strength[order], levels, side="left")
    dealer_start = np.append(dealer_start, HANDS5).astype(np.int64)
    cls_level = np.searchsorted(levels, cls_strength)
    cls_order = np.argsort(cls_level, kind="stable").astype(np.int64)
    cls_start = np.searchsorted(cls_level[cls_order], np.arange(len(levels) + 1)).astype(np.int64)
    q_level = int(np.searchsorted(levels, q))

    rows = _subset_rows(reps, _BINOM, _ROW_OFFSET)
    signs = np.array([-1 if m.bit_count() % 2 else 1 for m in range(31)], dtype=np.int32)
    cnt = np.zeros((int(_ROW_OFFSET[-1]), 52), dtype=np.int32)
    n = len(reps)
    lt = np.zeros((n, 52), dtype=np.int32)
    le = np.zeros((n, 52), dtype=np.int32)
    nq = np.zeros((n, 52), dtype=np.int32)

    # chunks of levels holding about equal numbers of dealer hands
    nlev = len(levels)
    cuts = np.unique(np.searchsorted(dealer_start, np.linspace(0, HANDS5, 101)).clip(0, nlev))
    cuts = np.unique(np.concatenate([[0], cuts, [nlev]]))
    for lo, hi in itertools.pairwise(cuts):
        _sweep(int(lo), int(hi), q_level, cnt, dealer, dealer_start, cls_order, cls_start,
               rows, signs, _BINOM, _ROW_OFFSET, lt, le, nq)
        if bar is not None:
            bar.advance(int(dealer_start[hi] - dealer_start[lo]))
    del cnt

    valid = np.ones((n, 52), dtype=bool)
    np.put_along_axis(valid, reps.astype(np.int64), False, axis=1)
    can_win = (cls_strength >= q)[:, None]
    win = np.where(can_win, lt - nq, 0).astype(np.int32)
    tie = np.where(can_win, le - lt, 0).astype(np.int32)
    lose = (COMPLETIONS - nq - win - tie).astype(np.int32)
    for a in (nq, win, tie, lose):
        a[~valid] = 0
    tables = Tables(
        reps=reps, weight=weight.astype(np.int64), strength=cls_strength,
        category=category_of(cls_strength), valid=valid, nq=nq, win=win, tie=tie,
        lose=lose, canon=cls_of_hand.astype(np.int32), seconds=time.perf_counter() - t0,
    )
    for a in (tables.reps, tables.weight, tables.strength, tables.category, tables.valid,
              tables.nq, tables.win, tables.tie, tables.lose, tables.canon):
        a.setflags(write=False)
    if bar is not None:
        bar.advance(bar.total - bar.done)
        bar.close()
    return tables


def _colex(cards: Iterable[int]) -> int:
    return sum(math.comb(c, i + 1) for i, c in enumerate(sorted(cards)))


def _counted(hand, dealer_up) -> tuple[int, int, int, int]:
    """(not qualified, player wins, ties, dealer wins) of one situation, read
    from the house-edge counting tables (builds them on first use).  For tests."""
    codes, up = check_situation(hand, dealer_up)
    t = build_tables()
    c = int(t.canon[_colex(codes)])
    rep = [int(x) for x in t.reps[c]]
    # find a suit relabelling taking the hand to the representative
    for perm in SUIT_PERMUTATIONS:
        mapped = sorted((x & ~3) | int(perm[x & 3]) for x in codes)
        if mapped == rep:
            u = (up & ~3) | int(perm[up & 3])
            return int(t.nq[c, u]), int(t.win[c, u]), int(t.tie[c, u]), int(t.lose[c, u])
    raise AssertionError("no suit relabelling maps the hand to its class")  # pragma: no cover


