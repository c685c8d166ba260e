"""Generate pyeval's preflop tables: ``pyeval/data/preflop.npz``.

    python tables/preflop.py [--stderr E] [--seed S] [--threads T] [--out PATH] [--skip-matrix]

Not run by the build (the data file is shipped); run it by hand to regenerate.  It writes:

* ``wins``, ``ties`` (169 x 169, int32, ``pyeval.ranges.CLASS_NAMES`` order): the exact
  heads-up counts, summed over every disjoint pair of combos of the row and column classes and
  every one of the 1,712,304 boards; ``ties`` is symmetric and ``wins + ties + wins.T`` is the
  number of (pair, board) outcomes.  From them ``pyeval.preflop_matrix()`` and the exact
  equity against one random hand (the order behind ``N%`` ranges).
* ``mc_equity``, ``mc_stderr``, ``mc_samples`` (169 x 8): Monte Carlo equity of each class
  against 2..9 random hands, its standard error and the number of seats sampled.
* ``info_json``: seed, Monte Carlo deals, wall times, versions.

The exact matrix: per board, sorting and counting rather than pairwise showdowns.  Boards are
reduced by suit isomorphism (the class matrix is invariant under suit permutations): the
2,598,960 boards fall into 134,459 classes, each taken once with its class size as weight.  On a
board the C core evaluates the 1,081 live combos; sorted by strength, a sweep keeps, per hand
class, how many combos (board-weighted) lie strictly below, and per card how many of those hold
that card; a combo ``a`` of class X then beats, in each class Y, ``below[Y] - below_with[c1][Y]
- below_with[c2][Y]`` combos disjoint from it (card removal exact: a combo sharing both cards
is ``a`` itself).  Equal strengths are paired directly as ties.

Multiway (2..9 opponents): deals of n + 1 random hands and a board; every seat is a sample of
"its class against n random hands" (by exchangeability), so one deal feeds n + 1 classes.  The
standard error is the ratio estimator's (seats of one deal are clustered, not independent).
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import numpy as np
from numba import njit

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from pyeval.core._native import ffi, lib  # noqa: E402
from pyeval.engines.native.tally_kernels import _bounded  # noqa: E402  # the equity engine's xoshiro256** draw
from pyeval.ranges import CLASS_NAMES, HOLDEM_COMBOS  # noqa: E402
from pyeval.ranges.classes import COMBO_CLASS  # noqa: E402

# ---------------------------------------------------------------------------
# boards up to suit isomorphism
# ---------------------------------------------------------------------------


def canonical_boards() -> tuple[np.ndarray, np.ndarray]:
    """(boards (n, 5) uint8, weights (n,) int64): one board per suit-isomorphism class, with the
    class size.  Two boards are suit-isomorphic exactly when their four per-suit rank sets,
    sorted, are equal (a suit permutation only permutes the suits' rank sets)."""
    from pyeval.ranges.classes import all_of

    boards = all_of(np.arange(52), 5)
    suit_masks = np.zeros((len(boards), 4), np.int64)
    for q in range(5):
        c = boards[:, q].astype(np.int64)
        np.add.at(suit_masks, (np.arange(len(boards)), c & 3), 1 << (c >> 2))
    suit_masks.sort(axis=1)
    key = ((suit_masks[:, 0] << 39) | (suit_masks[:, 1] << 26) | (suit_masks[:, 2] << 13) | suit_masks[:, 3])
    _, first, counts = np.unique(key, return_index=True, return_counts=True)
    return np.ascontiguousarray(boards[first]), counts.astype(np.int64)


# ---------------------------------------------------------------------------
# exact heads-up matrix
# ---------------------------------------------------------------------------


@njit(cache=True, nogil=True)
def _board_rows(boards, combos, rows, live):
    """rows (n * 1081, 7): every live combo with each board; live (n, 1081): their combo indices."""
    for i in range(boards.shape[0]):
        used = np.uint64(0)
        for q in range(5):
            used |= np.uint64(1) << np.uint64(boards[i, q])
        k = 0
        for c in range(combos.shape[0]):
            a, b = combos[c, 0], combos[c, 1]
            if (used >> np.uint64(a)) & np.uint64(1) or (used >> np.uint64(b)) & np.uint64(1):
                continue
            r = i * 1081 + k
            rows[r, 0] = a
            rows[r, 1] = b
            for q in range(5):
                rows[r, 2 + q] = boards[i, q]
            live[i, k] = c
            k += 1


@njit(cache=True, nogil=True)
def _sweep(strengths, live, weights, combos, cls, wins, ties):
    """Add each board's weighted win and tie counts per class pair (module docstring).

    Per tie group (equal strengths, ascending): every class X present gets ``count_X * below``
    (``below[Y]``: combos of class Y strictly below, weighted); then card removal: for each
    card, each pair of its combos at different strengths is subtracted once.  Ties: pairs of
    disjoint combos within a group.
    """
    n_classes = wins.shape[0]
    below = np.zeros(n_classes, np.int32)
    card_cls = np.zeros((52, 51), np.int64)  # classes of the combos holding each card, ascending strength
    card_s = np.zeros((52, 51), np.int32)  # and their strengths
    card_n = np.zeros(52, np.int64)
    group_class = np.zeros(n_classes, np.int32)
    present = np.zeros(n_classes, np.int64)
    xs = np.zeros(live.shape[1], np.int64)
    c1s = np.zeros(live.shape[1], np.int64)
    c2s = np.zeros(live.shape[1], np.int64)
    for i in range(strengths.shape[0]):
        w = np.int32(weights[i])
        s = strengths[i]
        order = np.argsort(s, kind="mergesort")
        n = order.shape[0]
        for t in range(n):
            a = live[i, order[t]]
            xs[t] = cls[a]
            c1s[t] = combos[a, 0]
            c2s[t] = combos[a, 1]
        below[:] = 0
        card_n[:] = 0
        g0 = 0
        while g0 < n:
            sv = s[order[g0]]
            g1 = g0 + 1
            while g1 < n and s[order[g1]] == sv:
                g1 += 1
            n_present = 0
            for t in range(g0, g1):
                x = xs[t]
                if group_class[x] == 0:
                    present[n_present] = x
                    n_present += 1
                group_class[x] += 1
            for k in range(n_present):
                x = present[k]
                m = group_class[x]
                row = wins[x]
                for y in range(n_classes):
                    row[y] += m * below[y]
            for t in range(g0, g1):
                for u in range(t + 1, g1):
                    if c1s[t] != c1s[u] and c1s[t] != c2s[u] and c2s[t] != c1s[u] and c2s[t] != c2s[u]:
                        ties[xs[t], xs[u]] += w
                        ties[xs[u], xs[t]] += w
            for k in range(n_present):
                x = present[k]
                below[x] += w * group_class[x]
                group_class[x] = 0
            for t in range(g0, g1):
                for c in (c1s[t], c2s[t]):
                    card_cls[c, card_n[c]] = xs[t]
                    card_s[c, card_n[c]] = sv
                    card_n[c] += 1
            g0 = g1
        # card removal: each pair of combos sharing a card, at different strengths, once
        for c in range(52):
            m = card_n[c]
            run = 0
            for t in range(1, m):
                if card_s[c, t] != card_s[c, t - 1]:
                    run = t
                row = wins[card_cls[c, t]]
                for u in range(run):
                    row[card_cls[c, u]] -= w


def _evaluate(rows: np.ndarray) -> np.ndarray:
    out = np.empty(len(rows), np.int32)
    status = lib.pyeval_eval_high(ffi.cast("uint8_t *", ffi.from_buffer(rows)), len(rows), 7,
                                  ffi.cast("int32_t *", ffi.from_buffer(out)))
    if status != -1:
        raise RuntimeError(f"evaluation failed at row {status}")
    return out


def exact_matrix(threads: int = 2, chunk: int = 256, boards=None, progress: bool = True):
    """(wins, ties): 169 x 169 int64 exact heads-up counts (module docstring)."""
    if boards is None:
        boards, weights = canonical_boards()
    else:
        boards, weights = boards
    combos = np.ascontiguousarray(HOLDEM_COMBOS)
    cls = COMBO_CLASS.astype(np.int64)
    jobs = [(lo, min(len(boards), lo + chunk)) for lo in range(0, len(boards), chunk)]
    per_thread = [(np.zeros((169, 169), np.int32), np.zeros((169, 169), np.int32)) for _ in range(threads)]
    done = [0]
    start = time.perf_counter()

    def run(t):
        wins, ties = per_thread[t]
        for j in range(t, len(jobs), threads):
            lo, hi = jobs[j]
            nb = hi - lo
            rows = np.empty((nb * 1081, 7), np.uint8)
            live = np.empty((nb, 1081), np.int64)
            _board_rows(boards[lo:hi], combos, rows, live)
            strengths = _evaluate(rows).reshape(nb, 1081)
            _sweep(strengths, live, weights[lo:hi], combos, cls, wins, ties)
            done[0] += 1
            if progress and t == 0 and j % (20 * threads) == 0:
                el = time.perf_counter() - start
                print(f"\r  matrix: {done[0]}/{len(jobs)} chunks, {el:.0f} s", end="", file=sys.stderr, flush=True)

    with ThreadPoolExecutor(threads) as pool:
        list(pool.map(run, range(threads)))
    if progress:
        print(file=sys.stderr)
    wins = sum(w.astype(np.int64) for w, _ in per_thread)
    ties = sum(t.astype(np.int64) for _, t in per_thread)
    return wins, ties


# ---------------------------------------------------------------------------
# multiway Monte Carlo
# ---------------------------------------------------------------------------


@njit(cache=True, nogil=True)
def _deal_rows(state, seats, rows):
    """rows (n * seats, 7): seat hands of n random deals (2 cards + the shared 5-card board)."""
    deck = np.arange(52).astype(np.uint8)
    n = rows.shape[0] // seats
    need = 2 * seats + 5
    for i in range(n):
        for u in range(need):
            j = u + _bounded(state, 52 - u)
            tmp = deck[u]
            deck[u] = deck[j]
            deck[j] = tmp
        for p in range(seats):
            r = i * seats + p
            rows[r, 0] = deck[2 * p]
            rows[r, 1] = deck[2 * p + 1]
            for q in range(5):
                rows[r, 2 + q] = deck[2 * seats + q]


@njit(cache=True, nogil=True)
def _seat_tally(rows, strengths, seats, combo_index, cls, pot, sums):
    """Per class: sums[x] += (y, m, y^2, m^2, y*m) of each deal, where y = pot units won by the
    deal's seats holding class x and m = how many seats hold it."""
    n = strengths.shape[0] // seats
    share = np.zeros(seats, np.int64)
    xs = np.zeros(seats, np.int64)
    for i in range(n):
        best = -1
        count = 0
        for p in range(seats):
            v = strengths[i * seats + p]
            if v > best:
                best = v
                count = 1
            elif v == best:
                count += 1
        for p in range(seats):
            r = i * seats + p
            share[p] = pot // count if strengths[r] == best else 0
            xs[p] = cls[combo_index[rows[r, 0], rows[r, 1]]]
        for p in range(seats):
            x = xs[p]
            first = True
            for q in range(p):
                if xs[q] == x:
                    first = False
                    break
            if not first:
                continue
            y = 0
            m = 0
            for q in range(p, seats):
                if xs[q] == x:
                    y += share[q]
                    m += 1
            sums[x, 0] += y
            sums[x, 1] += m
            sums[x, 2] += y * y
            sums[x, 3] += m * m
            sums[x, 4] += y * m


POT = 2520  # divisible by every number of tied winners 1..10


def multiway(opponents: int, stderr_target: float, seed: int, threads: int = 2, round_deals: int = 1 << 22,
             max_deals: int = 1 << 31, chunk: int = 1 << 16):
    """(equity, stderr, seats sampled, deals) per class against ``opponents`` random hands: rounds of
    ``round_deals`` deals until every class's standard error is at most ``stderr_target``.
    Chunk c draws from SeedSequence(seed, spawn_key=(opponents, c)): reproducible for any threads."""
    seats = opponents + 1
    combo_index = np.full((52, 52), -1, np.int64)
    combo_index[HOLDEM_COMBOS[:, 0], HOLDEM_COMBOS[:, 1]] = np.arange(1326)
    combo_index[HOLDEM_COMBOS[:, 1], HOLDEM_COMBOS[:, 0]] = np.arange(1326)
    cls = COMBO_CLASS.astype(np.int64)

    def run(c):
        st = np.random.SeedSequence(entropy=seed, spawn_key=(opponents, c)).generate_state(4, np.uint64)
        rows = np.empty((chunk * seats, 7), np.uint8)
        _deal_rows(st, seats, rows)
        strengths = _evaluate(rows)
        sums = np.zeros((169, 5), np.float64)  # exact: integers below 2**53
        _seat_tally(rows, strengths, seats, combo_index, cls, POT, sums)
        return sums

    total = np.zeros((169, 5))
    chunks = 0
    with ThreadPoolExecutor(threads) as pool:
        while True:
            per_round = max(1, round_deals // chunk)
            total += sum(pool.map(run, range(chunks, chunks + per_round)))
            chunks += per_round
            deals = chunks * chunk
            y, m, yy, mm, ym = (total[:, k] / POT ** e for k, e in zip(range(5), (1, 0, 2, 0, 1)))
            eq = y / m
            # ratio estimator: Var(R) ~ sum_d (y_d - R m_d)^2 / (sum_d m_d)^2
            resid = yy - 2 * eq * ym + eq * eq * mm
            stderr = np.sqrt(np.maximum(resid, 0) * deals / (deals - 1)) / m
            if stderr.max() <= stderr_target or deals >= max_deals:
                return eq, stderr, total[:, 1].astype(np.int64), deals


# ---------------------------------------------------------------------------


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--out", default=str(ROOT / "pyeval" / "data" / "preflop.npz"))
    ap.add_argument("--stderr", type=float, default=0.001, help="Monte Carlo target: largest standard error")
    ap.add_argument("--seed", type=int, default=20240505)
    ap.add_argument("--threads", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--skip-matrix", action="store_true", help="reuse the matrix of the existing --out file")
    args = ap.parse_args(argv)
    info = {"generator": "tables/preflop.py", "python": platform.python_version(), "machine": platform.machine(),
            "cpus": os.cpu_count(), "threads": args.threads, "seed": args.seed, "stderr_target": args.stderr}
    if args.skip_matrix:
        with np.load(args.out) as z:
            wins, ties = z["wins"].astype(np.int64), z["ties"].astype(np.int64)
            old = json.loads(str(z["info_json"]))
        info.update({k: old[k] for k in ("boards", "board_classes", "matrix_seconds", "board_seconds") if k in old})
    else:
        t0 = time.perf_counter()
        boards, weights = canonical_boards()
        t1 = time.perf_counter()
        print(f"board classes: {len(boards):,} ({t1 - t0:.1f} s)", file=sys.stderr)
        wins, ties = exact_matrix(args.threads, boards=(boards, weights))
        t2 = time.perf_counter()
        info.update({"boards": int(weights.sum()), "board_classes": len(boards), "board_seconds": round(t1 - t0, 2),
                     "matrix_seconds": round(t2 - t0, 2)})
        print(f"exact matrix: {t2 - t0:.1f} s wall", file=sys.stderr)
    eq = np.zeros((169, 8))
    se = np.zeros((169, 8))
    samples = np.zeros((169, 8), np.int64)
    deals = []
    t3 = time.perf_counter()
    for n in range(2, 10):
        eq[:, n - 2], se[:, n - 2], samples[:, n - 2], d = multiway(n, args.stderr, args.seed, args.threads)
        deals.append(d)
        print(f"  {n} opponents: {d:,} deals, max stderr {se[:, n - 2].max():.5f} ({time.perf_counter() - t3:.0f} s)",
              file=sys.stderr)
    info["mc_deals"] = deals
    info["mc_seconds"] = round(time.perf_counter() - t3, 2)
    info["mc_max_stderr"] = float(se.max())
    out = Path(args.out)
    out.parent.mkdir(parents=True, exist_ok=True)
    np.savez_compressed(out, classes=np.array(CLASS_NAMES), wins=wins.astype(np.int32), ties=ties.astype(np.int32),
                        mc_equity=eq, mc_stderr=se, mc_samples=samples, info_json=np.array(json.dumps(info)))
    print(f"wrote {out}: {json.dumps(info)}", file=sys.stderr)


if __name__ == "__main__":
    main()
