"""The range engine's view of a range ``Spot`` (``range_view``): the seats' ranges, the live deck,
the cards each board misses, and the four exact paths' counts (preflop table, assignments,
board-major, heads-up sweep: ``run_table`` ...), each returning ``ExactCounts``, and the result
(``finish``).  Which path runs is the registry's choice (pyeval/engines/range/strategies.py, where
each path is a priced ``Strategy``); the Monte Carlo sampler is pyeval/engines/range/sampling.py.
The deal model and the paths are described in pyeval/engines/range/equity.py."""

from __future__ import annotations

import math
import threading
from dataclasses import fields

import numpy as np

from pyeval.core._native import ffi, lib
from pyeval.engines import engine, pool
from pyeval.engines.native import range_exact
from pyeval.engines.range import combo_tally
from pyeval.engines.range import folded as range_folded
from pyeval.engines.range import weights as range_weights
from pyeval.engines.range.symmetry import perm_tables, symmetry_group
from pyeval.engines.range.weights import ExactCounts, integer_weights
from pyeval.engines.single import exact_strategies
from pyeval.query.limits import MAX_ASSIGNMENTS
from pyeval.query.spot import Spot
from pyeval.ranges import Range
from pyeval.ranges.classes import all_of
from pyeval.results.equity_result import EquityResult, RangeEquityResult, layout_result
from pyeval.results.tally import POT, Tally

__all__ = ["RangeSpot", "range_view", "table_classes"]


def range_view(spot: Spot) -> RangeSpot:
    """The range engine's view of a range spot (read by pyeval.query.range_spot), built once."""
    view = spot.memo.get("range")
    if view is None:
        view = spot.memo["range"] = RangeSpot.of(spot)
    return view


class RangeSpot:
    """A range query as the engine counts it.  players: the seats (pyeval.query.range_spot.RangeSeat:
    kind, text, range), the folders last; boards, dead, known (both), live (the deck left) as uint8
    arrays; missing: the cards each board lacks."""

    def __init__(self, g, players, boards, dead, known, live, missing, threads, folders=0, folded_text=()):
        self.g, self.players, self.boards, self.dead = g, players, boards, dead
        self.known, self.live, self.missing, self.threads = known, live, missing, threads
        self.P = len(players)
        # the last ``folders`` players folded: dealt, never shown down (pyeval/engines/range/folded.py)
        self.folders = folders
        self.active = self.P - folders
        self.folded_text = list(folded_text)  # every folder's text, random ones (left out) included
        self.hole = g.hole
        self._group: list | None = None

    @classmethod
    def of(cls, spot: Spot) -> RangeSpot:
        g, seats = spot.game, spot.ranges
        boards = [np.array(b, np.uint8) for b in spot.boards]
        dead = np.array(spot.dead, np.uint8)
        known = np.concatenate([*boards, dead]).astype(np.uint8) if boards or len(dead) else np.zeros(0, np.uint8)
        gone = set(known.tolist())
        live = np.array([c for c in range(g.lowest_card, 52) if c not in gone], np.uint8)
        n_boards = len(boards) if boards else g.boards
        missing = [g.board - (len(boards[j]) if boards else 0) for j in range(n_boards)]
        return cls(g, list(seats.seats), boards, dead, known, live, missing, spot.threads, seats.folders,
                   seats.folded)

    def has_deal(self) -> bool:
        """Whether some assignment of one combo per player is disjoint."""
        masks, offsets = _stacked(self.exact_ranges())
        return bool(range_exact.assignments(masks, offsets, np.zeros((1, self.P), np.int32), 1))

    def symmetries(self) -> list:
        """The suit permutations that fix the query (pyeval/engines/range/symmetry.py), found once."""
        if self._group is None:
            self._group = symmetry_group(self.g, self.exact_ranges(), self.boards, self.dead)
        return self._group

    # -- shared -------------------------------------------------------------
    def layout_for(self, holes, dead=None) -> engine.Layout:
        dead = self.dead if dead is None else np.concatenate([self.dead, *dead]).astype(np.uint8)
        return engine.build_layout(self.g, [np.asarray(h, np.uint8) for h in holes], self.boards, dead)

    def finish(self, layout, tally, method, seed, ranges, combo_eq, combo_prob, counts) -> RangeEquityResult:
        if self.folders:  # the folders' columns go: they never share the pot
            layout, tally, ranges, combo_eq, combo_prob, counts = range_folded.without_folders(
                self, tally, ranges, combo_eq, combo_prob, counts)
        A = self.active
        r = layout_result(self.g, layout, tally, ["random"] * A, self.boards, self.dead, method, seed)
        range_weights.plain_numbers(r)
        values = {f.name: getattr(r, f.name) for f in fields(EquityResult)}
        values["hands"] = [pl.text for pl in self.players[:A]]
        if self.folded_text:
            values["extra"] = {**values["extra"], "folded": list(self.folded_text)}
        return RangeEquityResult(**values, ranges=ranges, combo_equity=combo_eq, combo_prob=combo_prob,
                                 combo_tally=counts)

    def exact_ranges(self) -> list[Range]:
        out = []
        for pl in self.players:
            if pl.kind == "random":
                combos = all_of(self.live, self.hole)
                out.append(Range(combos, None, self.hole, "random", self.g.lowest_card, self.g.family))
            else:
                out.append(pl.range)
        return out

    # -- exact ----------------------------------------------------------------
    def boards_per_assignment(self) -> int:
        left = len(self.live) - self.P * self.hole
        total = 1
        for m in self.missing:
            total *= math.comb(left, m)
            left -= m
        return total

    def showdowns_per_assignment(self) -> float:
        """Boards an assignment's exact count visits: with two hole cards and one board, the rank
        multisets of the missing cards plus the flush boards (csrc/board_ranks.c; flush boards
        are a few percent of all, counted twice: 20% is a generous allowance), else every board."""
        boards = self.boards_per_assignment()
        if self.hole == 2 and self.g.use == "any" and len(self.missing) == 1:
            m = self.missing[0]
            return min(boards, math.comb(12 + m, m) + 0.2 * boards)
        return boards

    def _enumerate(self, ranges):
        """Every disjoint assignment of one combo per player: (assign (n, P) int32, offsets)."""
        P = self.P
        masks, offsets = _stacked(ranges)
        count = range_exact.assignments(masks, offsets, np.zeros((1, P), np.int32), MAX_ASSIGNMENTS + 1)
        if count > MAX_ASSIGNMENTS:
            raise ValueError(f"more than {MAX_ASSIGNMENTS:,} combo assignments to enumerate; "
                             "use method='monte-carlo'")
        if count == 0:
            raise ValueError("no deal is possible: the ranges (with the board and dead cards) always collide")
        assign = np.zeros((count, P), np.int32)
        range_exact.assignments(masks, offsets, assign, count)
        return assign, offsets

    def _by_combo(self, ranges, assign, wfull, units_full, per_board, nums, wins_full, ties_full):
        combo_eq, combo_prob = [], []
        for p in range(self.P):
            w = wfull.astype(np.float64)
            num = np.bincount(assign[:, p], weights=w * units_full[:, p], minlength=len(ranges[p]))
            den = np.bincount(assign[:, p], weights=w * per_board, minlength=len(ranges[p]))
            with np.errstate(invalid="ignore", divide="ignore"):
                combo_eq.append(num / (den * POT))
            combo_prob.append(den / den.sum())
        counts = combo_tally.from_assignments(assign, nums, wfull, per_board, units_full, wins_full, ties_full,
                                              [len(r) for r in ranges])
        return combo_eq, combo_prob, counts

    def run_board_major(self) -> ExactCounts:
        """Every board completion once: each combo of each range is evaluated once per board, then
        every valid assignment's showdown is tallied in C (turn and river spots, many assignments)."""
        ranges = self.exact_ranges()
        P, h = self.P, self.hole
        assign, offsets = self._enumerate(ranges)
        nums = [integer_weights(r.weights) for r in ranges]
        wfull = np.ones(len(assign), np.int64)
        for p in range(P):
            wfull *= nums[p][assign[:, p]]
        per_board = self.boards_per_assignment()
        if float(wfull.sum()) * per_board * POT * P >= 2**62:
            raise ValueError("these weights make the exact counts overflow; use round weights or Monte Carlo")
        always = np.uint64(0)
        for r in ranges:
            always |= np.bitwise_and.reduce(r.masks)
        deck = np.array([c for c in self.live.tolist() if not (int(always) >> c) & 1], np.uint8)
        completions = all_of(deck, self.missing[0])
        known = self.boards[0].astype(np.uint8)
        boards = np.ascontiguousarray(np.hstack([np.tile(known, (len(completions), 1)), completions]))
        combos = np.ascontiguousarray(np.vstack([r.combos for r in ranges]))
        S = len(combos)
        layout = self.layout_for([np.zeros(0, np.uint8)] * P)
        parts = layout.parts
        split, fallback = layout.split, layout.fallback
        g = self.g
        dummy = np.arange(g.lowest_card, g.lowest_card + h + g.board, dtype=np.uint8)
        chunk = max(1, (1 << 17) // S)
        jobs = [(lo, min(len(boards), lo + chunk)) for lo in range(0, len(boards), chunk)]
        threads = max(1, min(self.threads, len(jobs)))
        n_assign = len(assign)

        stop = threading.Event()  # Ctrl-C: each worker ends after its current chunk

        def worker(t):
            units_a = np.zeros((n_assign, P), np.int64)
            wins_a = np.zeros((n_assign, P), np.int64)
            ties_a = np.zeros((n_assign, P), np.int64)
            tot = Tally.zeros(P, len(parts))
            for lo, hi in jobs[t::threads]:
                if stop.is_set():
                    break
                nb = hi - lo
                rows = np.empty((nb * S, h + g.board), np.uint8)
                valid = np.empty((nb, S), np.bool_)
                range_exact.rows(boards[lo:hi], combos, rows, valid, dummy)
                strengths = np.empty((len(parts), nb, S), np.int32)
                for j, (kind, _, _, _) in enumerate(parts):
                    strengths[j] = engine.evaluate_block(kind, g.use, rows, h, g.board, g.lowest_card).reshape(nb, S)
                strengths[:, :, offsets[self.active]:] = 0  # folders never show down (range_folded.py)
                out = np.zeros(1, np.int64)
                range_exact.board_major_tally(strengths, valid, assign, offsets, wfull, split, fallback,
                                               POT, units_a, wins_a, ties_a, tot.units, tot.wins, tot.ties,
                                               tot.part_units, tot.no_qualifier, out)
                tot.outcomes += int(out[0])
            return units_a, wins_a, ties_a, tot

        total = Tally.zeros(P, len(parts))
        units_full = np.zeros((n_assign, P), np.int64)
        wins_full = np.zeros((n_assign, P), np.int64)
        ties_full = np.zeros((n_assign, P), np.int64)

        def add(res):
            units_full.__iadd__(res[0])
            wins_full.__iadd__(res[1])
            ties_full.__iadd__(res[2])
            total.add(res[3])

        pool.run_pool(worker, list(range(threads)), threads, add, stop=stop)  # Ctrl-C or an error: stop set
        total.sumsq = total.units * POT  # not used by exact results
        combo_eq, combo_prob, counts = self._by_combo(ranges, assign, wfull, units_full, per_board, nums, wins_full,
                                                      ties_full)
        return ExactCounts(layout, total, ranges, combo_eq, combo_prob, combo_tally=counts)

    def run_assignments(self) -> ExactCounts:
        ranges = self.exact_ranges()
        P = self.P
        assign, offsets = self._enumerate(ranges)
        count = len(assign)
        sizes = np.array([len(r) for r in ranges], np.int64)
        group = self.symmetries()
        perm = perm_tables(ranges, group)
        radix = np.ones(P, np.int64)
        exact_keys = math.prod(sizes.tolist()) < 2**62
        if exact_keys:
            for p in range(P - 2, -1, -1):
                radix[p] = radix[p + 1] * sizes[p + 1]
            keys = np.zeros(count, np.int64)
            range_exact.canonical_keys(assign, perm, offsets, radix, keys)
            _, first, inverse, mult = np.unique(keys, return_index=True, return_inverse=True, return_counts=True)
        else:  # no isomorphism: every assignment is its own representative
            first = np.arange(count)
            inverse = np.arange(count)
            mult = np.ones(count, np.int64)
        nums = [integer_weights(r.weights) for r in ranges]
        wfull = np.ones(count, np.int64)
        for p in range(P):
            wfull *= nums[p][assign[:, p]]
        rep_w = mult.astype(np.int64) * wfull[first]
        reps = assign[first]
        per_board = self.boards_per_assignment()
        if float(rep_w.sum()) * per_board * POT * P >= 2**62:
            raise ValueError("these weights make the exact counts overflow; use round weights or Monte Carlo")

        first_holes = [ranges[p].combos[reps[0, p]] for p in range(P)]
        layout = self.layout_for(first_holes[:self.active], first_holes[self.active:])  # folders' cards: dead
        kinds = engine.board_kinds(layout)
        rep_units, rep_wins, rep_ties, tally = self._run_reps(ranges, reps, rep_w, layout, kinds, per_board)
        if self.folders:
            tally = range_folded.padded(tally, P)

        # by combo: every assignment gets its representative's result
        combo_eq, combo_prob, counts = self._by_combo(ranges, assign, wfull, rep_units[inverse], per_board, nums,
                                                      rep_wins[inverse], rep_ties[inverse])
        return ExactCounts(layout, tally, ranges, combo_eq, combo_prob, combo_tally=counts)

    def _run_reps(self, ranges, reps, rep_w, layout, kinds, per_board):
        """Each representative assignment's board count: the active players' showdowns, the
        folders' cards out of the deck; per representative (units, wins, ties) of every player
        (zero for the folders), and the tally of the active players."""
        P, R, A = self.P, len(reps), self.active
        live_mask = np.zeros(52, bool)
        live_mask[self.live] = True
        known_board = self.boards[0].astype(np.uint8) if self.boards else np.zeros(0, np.uint8)
        combos = [r.combos for r in ranges]
        patterns = layout.patterns if kinds is not None else None
        share = patterns.share if patterns is not None else None
        if share is not None:  # per pattern and player: pot units, a whole pot won alone, a share
            per_pattern = np.stack([share, (share == POT).astype(np.int64),
                                    ((share > 0) & (share < POT)).astype(np.int64)], axis=1)

        def holes_of(i):
            return np.ascontiguousarray(np.stack([combos[p][reps[i, p]] for p in range(P)]).astype(np.uint8))

        def fast_job(lo_hi):
            lo, hi = lo_hi
            hist = np.zeros(patterns.size, np.int64)
            units = np.zeros((hi - lo, 3, P), np.int64)
            counts = np.zeros(patterns.size, np.int64)
            kb = np.ascontiguousarray(known_board) if len(known_board) else np.zeros(1, np.uint8)
            for k, i in enumerate(range(lo, hi)):
                holes = holes_of(i)
                m = live_mask.copy()
                m[holes.ravel()] = False
                deck = np.flatnonzero(m).astype(np.uint8)
                counts[:] = 0
                active = np.ascontiguousarray(holes[:A])  # the folders' cards are out of the deck only
                args = (ffi.from_buffer("uint8_t[]", active), A, self.hole, ffi.from_buffer("uint8_t[]", kb),
                        len(known_board), ffi.from_buffer("uint8_t[]", deck), len(deck), self.missing[0], kinds[0],
                        kinds[1])
                out = (ffi.from_buffer("int64_t[]", counts), len(counts))
                status = lib.pyeval_board_patterns_all(*args, *out)  # by rank multiset where that pays
                if status != 0:
                    raise RuntimeError(f"internal error: the board engine refused the query (status {status})")
                hist += counts * rep_w[i]
                units[k, :, :A] = np.tensordot(counts, per_pattern, 1)
            return lo, units, hist

        def generic_job(lo_hi):
            lo, hi = lo_hi
            total = Tally.zeros(A, len(layout.parts))
            units = np.zeros((hi - lo, 3, P), np.int64)
            for k, i in enumerate(range(lo, hi)):
                holes = list(holes_of(i))
                t = exact_strategies.run_exact(self.layout_for(holes[:A], holes[A:]), 1)
                w = int(rep_w[i])
                total.add(Tally(t.outcomes * w, t.units * w, t.sumsq * w, t.wins * w, t.ties * w,
                                       t.part_units * w, t.no_qualifier * w))
                units[k, :, :A] = t.units, t.wins, t.ties
            return lo, units, total

        step = max(1, min((1 << 22) // max(per_board, 1), -(-R // (4 * self.threads))))
        jobs = [(lo, min(R, lo + step)) for lo in range(0, R, step)]
        work = fast_job if kinds is not None else generic_job
        rep_units = np.zeros((R, 3, P), np.int64)
        acc = [None]

        def add(res):
            lo, units, part = res
            rep_units[lo:lo + len(units)] = units
            if acc[0] is None:
                acc[0] = part
            elif isinstance(part, Tally):
                acc[0].add(part)
            else:
                acc[0] += part

        pool.run_pool(work, jobs, self.threads, add)
        tally = patterns.tally(acc[0]) if kinds is not None else acc[0]
        return rep_units[:, 0], rep_units[:, 1], rep_units[:, 2], tally

    def run_table(self, classes: list | None = None) -> ExactCounts:
        """Heads-up preflop hold'em, both ranges unions of whole classes with one weight per
        class: exact counts from the shipped class matrix (``pyeval.ranges.preflop_counts``).
        Against a suit-symmetric range every combo of a class does the same, so per combo the
        counts are the class's divided by its size."""
        from pyeval.ranges import preflop_counts
        from pyeval.ranges.classes import CLASS_SIZES, COMBO_CLASS, COMBO_INDEX

        u0, u1 = classes if classes is not None else table_classes(self)
        c = preflop_counts()
        sizes = CLASS_SIZES.astype(np.int64)
        # per combo of each class: (wins, ties, outcomes) against the other range
        per0 = [(m @ u1) // sizes for m in (c["wins"], c["ties"], c["total"])]
        per1 = [(m @ u0) // sizes for m in (c["wins"], c["ties"], c["total"])]  # row class vs player 0
        wins0, ties0, outcomes = (int(u0 @ (x * sizes)) for x in per0)
        wins1 = outcomes - wins0 - ties0
        pot = POT
        units = np.array([wins0 * pot + ties0 * pot // 2, wins1 * pot + ties0 * pot // 2], np.int64)
        t = Tally(outcomes, units, units * pot, np.array([wins0, wins1], np.int64),
                         np.array([ties0, ties0], np.int64), units[None, :].copy(), np.zeros(1, np.int64))
        ranges, combo_eq, combo_prob, counts = self.exact_ranges(), [], [], []
        for r, per, u in zip(ranges, (per0, per1), (u0, u1)):
            cls = COMBO_CLASS[COMBO_INDEX[r.combos[:, 0], r.combos[:, 1]]]
            combo_eq.append((per[0][cls] + per[1][cls] / 2) / per[2][cls])
            mass = u[cls] * per[2][cls]
            combo_prob.append(mass / mass.sum())
            w, ti, n = per[0][cls], per[1][cls], per[2][cls]
            counts.append(combo_tally.ComboTally(w * pot + ti * (pot // 2), w, ti, n))
        layout = self.layout_for([np.zeros(0, np.uint8)] * 2)
        return ExactCounts(layout, t, ranges, combo_eq, combo_prob,
                           {"source": "preflop table (pyeval/data/preflop.npz)"}, counts)

    def run_sweep(self) -> ExactCounts:
        """Heads-up, two hole cards, one board, high only: per board, every combo is evaluated
        once; sorting by strength and per-card prefix sums give each combo's weighted wins, ties
        and outcomes against the other range, card removal exact."""
        ranges = self.exact_ranges()
        r0, r1 = ranges
        num0, num1 = integer_weights(r0.weights), integer_weights(r1.weights)
        # cards every combo of a range holds can never be on the board
        always = np.uint64(0)
        for r in ranges:
            always |= np.bitwise_and.reduce(r.masks)
        deck = np.array([c for c in self.live.tolist() if not (int(always) >> c) & 1], np.uint8)
        completions = all_of(deck, self.missing[0])
        known = self.boards[0].astype(np.uint8) if self.boards else np.zeros(0, np.uint8)
        boards = np.ascontiguousarray(np.hstack([np.tile(known, (len(completions), 1)), completions]))
        combos = np.ascontiguousarray(np.vstack([r0.combos, r1.combos]))
        n0, n1 = len(r0), len(r1)
        self_idx = np.full(n0, -1, np.int64)  # a combo of range 0 that is also in range 1
        order1 = np.argsort(r1.masks)
        pos = np.minimum(np.searchsorted(r1.masks, r0.masks, sorter=order1), n1 - 1)
        hit = r1.masks[order1[pos]] == r0.masks
        self_idx[hit] = order1[pos][hit]
        self_idx1 = np.full(n1, -1, np.int64)
        self_idx1[self_idx[hit]] = np.flatnonzero(hit)
        kind = self.g.high
        dummy = np.arange(self.g.lowest_card, self.g.lowest_card + 7, dtype=np.uint8)  # a valid hand, ignored
        chunk = max(1, (1 << 18) // (n0 + n1))
        jobs = [(lo, min(len(boards), lo + chunk)) for lo in range(0, len(boards), chunk)]

        def job(lo_hi):
            lo, hi = lo_hi
            nb = hi - lo
            rows = np.empty((nb * (n0 + n1), 7), np.uint8)
            valid = np.empty((nb, n0 + n1), np.bool_)
            range_exact.rows(boards[lo:hi], combos, rows, valid, dummy)
            strengths = engine.evaluate_block(kind, "any", rows, 2, 5, self.g.lowest_card).reshape(nb, n0 + n1)
            acc = np.zeros((6, max(n0, n1)), np.int64)
            range_exact.sweep_heads_up(strengths, valid, combos, n0, num0, num1, self_idx, self_idx1, acc)
            return acc

        acc = np.zeros((6, max(n0, n1)), np.int64)

        def add(a):
            acc.__iadd__(a)

        pool.run_pool(job, jobs, self.threads, add)
        W0, T0, N0 = acc[0, :n0], acc[1, :n0], acc[2, :n0]
        W1, T1, N1 = acc[3, :n1], acc[4, :n1], acc[5, :n1]
        outcomes = int(num0 @ N0)
        wins0, ties0 = int(num0 @ W0), int(num0 @ T0)
        wins1 = outcomes - wins0 - ties0
        if outcomes == 0:
            raise ValueError("no deal is possible: the ranges (with the board and dead cards) always collide")
        pot = POT
        units = np.array([wins0 * pot + ties0 * pot // 2, wins1 * pot + ties0 * pot // 2], np.int64)
        t = Tally(outcomes, units, units * pot, np.array([wins0, wins1], np.int64),
                         np.array([ties0, ties0], np.int64), units[None, :].copy(), np.zeros(1, np.int64))
        with np.errstate(invalid="ignore", divide="ignore"):
            combo_eq = [(W0 + T0 / 2) / N0, (W1 + T1 / 2) / N1]
        combo_prob = [num0 * N0 / outcomes, num1 * N1 / outcomes]
        counts = [combo_tally.ComboTally(W * pot + T * (pot // 2), W.copy(), T.copy(), N.copy())
                  for W, T, N in ((W0, T0, N0), (W1, T1, N1))]
        layout = self.layout_for([np.zeros(0, np.uint8)] * 2)
        return ExactCounts(layout, t, ranges, combo_eq, combo_prob, combo_tally=counts)


def _stacked(ranges: list[Range]) -> tuple[np.ndarray, np.ndarray]:
    """Every player's combo masks end to end, and where each player's start (with the total last)."""
    masks = np.concatenate([r.masks for r in ranges])
    offsets = np.concatenate([[0], np.cumsum([len(r) for r in ranges])]).astype(np.int64)
    return masks, offsets


def _pool(work, jobs, threads, add, size=None, partial=False, total=None):
    """The engine's pool: Ctrl-C cancels the jobs not started (a plain ``pool.map`` would run
    every submitted job before returning); progress and partial results as there."""
    pool.run_pool(work, jobs, threads, add, size, partial, total)


def table_classes(spot):
    """For the preflop-table path: each player's class weights ((169,) int64 numerators), or None
    when the query is not one the table answers (hold'em heads-up, no board or dead cards, both
    ranges unions of whole classes with one weight per class)."""
    if spot.g.name != "holdem" or spot.P != 2 or len(spot.known) or len(spot.live) != 52:
        return None
    from pyeval.ranges.classes import CLASS_SIZES, COMBO_CLASS, COMBO_INDEX

    out = []
    for pl in spot.players:
        if pl.kind == "random":
            out.append(np.ones(169, np.int64))
            continue
        r = pl.range
        cls = COMBO_CLASS[COMBO_INDEX[r.combos[:, 0], r.combos[:, 1]]]
        num = integer_weights(r.weights)
        counts = np.bincount(cls, minlength=169)
        present = counts > 0
        if (counts[present] != CLASS_SIZES[present]).any():
            return None
        u = np.zeros(169, np.int64)
        u[cls] = num
        if (u[cls] != num).any():  # weights differ inside a class
            return None
        out.append(u)
    if not _table_available():
        return None
    return out


def _table_available() -> bool:
    try:
        from pyeval.ranges.preflop import preflop_data

        preflop_data()
        return True
    except (OSError, KeyError, RuntimeError):
        return False
