"""Monte Carlo equity when players hold ranges (the sampling half of ``pyeval.range_equity``).

Unbiased weighted sampling with card removal by rejection: every range player draws a combo by
weight, independently; if any two collide, the whole draw is rejected and redrawn; random
players then take uniform cards from what is left, and the board is completed uniformly.  The
deal model and the grouped fast path are described in pyeval/range_equity.py.
"""

from __future__ import annotations

import math

import numpy as np

from pyeval import engine
from pyeval._jit import njit
from pyeval._kernels import _bounded_regs, _next64_regs, deal_shares
from pyeval._native import ffi, lib
from pyeval.combo_tally import ComboTally
from pyeval.engine import _first
from pyeval.ranges import Range, _masks

__all__ = ["run_monte_carlo"]


def run_monte_carlo(spot, samples: int, seed: int, stderr_target: float | None, cap: int):
    P, h = spot.P, spot.hole
    kinds = np.array([1 if pl.kind == "random" else 0 for pl in spot.players], np.int64)
    blocks = [pl.rng if pl.kind != "random" else None for pl in spot.players]
    sizes = [len(b) if b is not None else 0 for b in blocks]
    offsets = np.concatenate([[0], np.cumsum(sizes)]).astype(np.int64)
    combos = np.concatenate([b.combos for b in blocks if b is not None] or [np.zeros((0, h), np.uint8)])
    combos = np.ascontiguousarray(combos.reshape(-1, h).astype(np.uint8))
    masks = _masks(combos) if len(combos) else np.zeros(0, np.uint64)
    cumw = np.zeros(len(combos))
    uniform = np.zeros(P, np.bool_)
    for p, b in enumerate(blocks):
        if b is not None:
            c = np.cumsum(b.weights)
            cumw[offsets[p]:offsets[p + 1]] = c / c[-1]
            uniform[p] = bool((b.weights == b.weights[0]).all())
    layout = spot._layout([np.zeros(0, np.uint8)] * P)
    split, fallback = layout.split, layout.fallback
    maxc = max(sizes + [1])
    parts = layout.parts
    boards_known = [b.astype(np.uint8) for b in spot.boards] if spot.boards else \
        [np.zeros(0, np.uint8)] * len(spot.missing)
    g = spot.g

    known_len = np.array([len(b) for b in boards_known], np.int64)
    missing = np.array(spot.missing, np.int64)
    width = h + g.board

    def chunk(job):
        n, _, state = job  # engine.sample_jobs
        rows = np.empty((len(missing), P, n, width), np.uint8)
        for b, kb in enumerate(boards_known):
            rows[b, :, :, h:h + len(kb)] = kb
        idx = np.full((n, P), -1, np.int32)
        rejected = _sample_deals(state.copy(), combos, masks, cumw, uniform, offsets, kinds, spot.live, h,
                                 known_len, missing, rows, idx, 10_000_000)
        if rejected < 0:
            raise ValueError("no deal is possible, or almost none: the ranges keep colliding "
                             "(10,000,000 draws in a row)")
        strengths = np.empty((len(parts), P, n), np.int32)
        for j, (kind, b, _, _) in enumerate(parts):
            block = rows[b].reshape(P * n, width)
            strengths[j] = engine._evaluate(kind, g.use, block, h, g.board, g.lowest_card).reshape(P, n)
        t = engine.Tally.zeros(P, len(parts))
        t.outcomes = n
        per_combo = np.zeros((5, P, maxc), np.int64)
        _tally_combos(strengths, n, split, fallback, engine.POT, idx, t.units, t.sumsq, t.wins, t.ties,
                      t.part_units, t.no_qualifier, per_combo)
        return t, per_combo, rejected

    # Few distinct combo assignments (a hand against a range, narrow ranges): group the sampled
    # deals by assignment and let the C board engine evaluate each group's boards with the hole
    # cards' keys computed once (pyeval_board_patterns_list).
    fast = None
    n_assign = math.prod(sizes)
    if not kinds.any() and len(spot.missing) == 1 and n_assign * 256 <= engine.CHUNK:
        probe = spot._layout([b.combos[0] for b in blocks if b is not None])  # no random player here
        fast = engine.board_kinds(probe)
    if fast is not None:
        patterns, share = probe.patterns, probe.patterns.share
        radix = np.ones(P, np.int64)
        for p in range(P - 2, -1, -1):
            radix[p] = radix[p + 1] * sizes[p + 1]
        kb = boards_known[0]
        kb_buf = np.ascontiguousarray(kb) if len(kb) else np.zeros(1, np.uint8)
        m = int(missing[0])
        # every assignment's hole cards and live deck, once (invalid ones are never drawn)
        grid = np.stack(np.meshgrid(*[np.arange(z) for z in sizes], indexing="ij"), -1).reshape(-1, P)
        all_holes = np.ascontiguousarray(combos[grid + offsets[:-1]])  # (n_assign, P, h)
        held = np.bitwise_or.reduce(masks[grid + offsets[:-1]], axis=1)
        in_deck = ((held[:, None] >> spot.live.astype(np.uint64)[None, :]) & np.uint64(1)) == 0
        decks = np.zeros((n_assign, len(spot.live)), np.uint8)
        deck_len = in_deck.sum(axis=1)
        for a in range(n_assign):
            decks[a, :deck_len[a]] = spot.live[in_deck[a]]

        def chunk(job):  # noqa: F811 (replaces the row-by-row chunk)
            n, _, state = job
            boards = np.zeros((n, max(m, 1)), np.uint8)
            starts = np.zeros(n_assign + 1, np.int64)
            rejected = _sample_grouped(state.copy(), masks, cumw, uniform, offsets, radix, spot.live, m, boards,
                                       starts, 10_000_000)
            if rejected < 0:
                raise ValueError("no deal is possible, or almost none: the ranges keep colliding "
                                 "(10,000,000 draws in a row)")
            hist = np.zeros(patterns.size, np.int64)
            counts = np.zeros(patterns.size, np.int64)
            per_combo = np.zeros((5, P, maxc), np.int64)
            kb_ptr = ffi.from_buffer("uint8_t[]", kb_buf)
            holes_ptr = ffi.cast("uint8_t *", ffi.from_buffer(all_holes))
            decks_ptr = ffi.cast("uint8_t *", ffi.from_buffer(decks))
            boards_ptr = ffi.cast("uint8_t *", ffi.from_buffer(boards))
            counts_ptr = ffi.cast("int64_t *", ffi.from_buffer(counts))
            width_b, width_d = boards.shape[1], decks.shape[1]
            groups = np.flatnonzero(starts[1:] != starts[:-1])
            per_group = np.zeros((len(groups), patterns.size), np.int64)
            for k, key in enumerate(groups.tolist()):
                lo, hi = int(starts[key]), int(starts[key + 1])
                counts[:] = 0
                status = lib.pyeval_board_patterns_list(
                    holes_ptr + key * P * h, P, h, kb_ptr, len(kb), decks_ptr + key * width_d, int(deck_len[key]),
                    m, fast[0], fast[1], boards_ptr + lo * width_b, hi - lo, counts_ptr, len(counts))
                if status != 0:
                    raise RuntimeError(f"internal error: the board engine refused a sample (status {status})")
                per_group[k] = counts
            hist = per_group.sum(axis=0)
            # (groups, P) each: pot units, their squares, whole pots won alone, shares
            stats = [per_group @ share, per_group @ (share * share), per_group @ (share == engine.POT),
                     per_group @ ((share > 0) & (share < engine.POT))]
            n_group = starts[groups + 1] - starts[groups]
            for p in range(P):
                idx = grid[groups, p]
                for k, v in enumerate(stats):
                    np.add.at(per_combo[k, p], idx, v[:, p])
                np.add.at(per_combo[4, p], idx, n_group)
            return patterns.tally(hist), per_combo, rejected

    total = engine.Tally.zeros(P, len(parts))
    per_combo_total = np.zeros((5, P, maxc), np.int64)  # units, sumsq, wins, ties, samples
    stats = {"rejected": 0}

    def add(res):
        t, per_combo, rej = res
        total.add(t)
        per_combo_total.__iadd__(per_combo)
        stats["rejected"] += rej

    if stderr_target is None:
        engine._run_pool(chunk, engine.sample_jobs(samples, seed), spot.threads, add, _first, True, samples)
        engine.stopped(total)
    else:
        # one chunk, then as many more as the observed standard error says are needed (+10%);
        # chunk c always uses stream (seed, c): the answer depends on the seed only
        c0, rounds = 0, 1
        while total.outcomes < cap:
            size = min(rounds * engine.CHUNK, cap - total.outcomes)
            engine._run_pool(chunk, engine.sample_jobs(size, seed, c0), spot.threads, add, _first, True, size)
            c0 += rounds
            se = float(engine.standard_errors(total).max())
            if engine.stopped(total) or se <= stderr_target:
                break
            more = total.outcomes * ((se / stderr_target) ** 2 * 1.1 - 1)
            rounds = max(1, math.ceil(more / engine.CHUNK))
    combo_eq: list[np.ndarray | None] = []
    combo_prob: list[np.ndarray | None] = []
    shown: list[Range | None] = []
    counts: list[ComboTally | None] = []
    for p, b in enumerate(blocks):
        if b is None:
            combo_eq.append(None)
            combo_prob.append(None)
            shown.append(None)
            counts.append(None)
            continue
        cu, csq, cw, ct, cc = (x[p, :len(b)].copy() for x in per_combo_total)
        with np.errstate(invalid="ignore", divide="ignore"):
            combo_eq.append(cu / (cc * engine.POT))
        combo_prob.append(cc / total.outcomes)
        shown.append(b)
        counts.append(ComboTally(cu, cw, ct, cc, csq))
    r = spot._finish(layout, total, "monte-carlo", seed, shown, combo_eq, combo_prob, counts)
    r.extra["rejected_draws"] = stats["rejected"]
    return r


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
                    j, s0, s1, s2, s3 = _bounded_regs(s0, s1, s2, s3, hi - lo)
                    j += lo
                else:
                    x, s0, s1, s2, s3 = _next64_regs(s0, s1, s2, s3)
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
                q, s0, s1, s2, s3 = _bounded_regs(s0, s1, s2, s3, n_live)
                c = live[q]
                if not ((used >> np.uint64(c)) & np.uint64(1)):
                    break
            used |= np.uint64(1) << np.uint64(c)
            drawn[i, k] = c
    state[0], state[1], state[2], state[3] = s0, s1, s2, s3
    return rejected


@njit(cache=True, nogil=True)
def _sample_deals(state, combos, masks, cumw, uniform, offsets, kinds, live, hole, known_len, missing, rows, idx,
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


@njit(cache=True, nogil=True)
def _sample_grouped(state, masks, cumw, uniform, offsets, radix, live, missing, boards, starts, max_tries):
    """Draw ``boards.shape[0]`` deals (``_draw_deals``) of range players only and their
    ``missing`` board cards; write the boards grouped by assignment key (sum of combo index x
    radix): group k is boards[starts[k]:starts[k + 1]].  Returns the number of rejected draws, or
    -1 after ``max_tries`` rejections in a row."""
    n = boards.shape[0]
    n_players = offsets.shape[0] - 1
    idx = np.empty((n, n_players), np.int32)
    tmp = np.empty((n, max(missing, 1)), np.uint8)
    rejected = _draw_deals(state, masks, cumw, uniform, offsets, live, missing, idx, tmp, max_tries)
    if rejected < 0:
        return -1
    for i in range(n):  # idx[i, 0] becomes deal i's key (< the number of assignments: no new array)
        key = idx[i, 0] * radix[0]
        for p in range(1, n_players):
            key += idx[i, p] * radix[p]
        idx[i, 0] = key
        starts[key + 1] += 1
    for k in range(1, starts.shape[0]):
        starts[k] += starts[k - 1]
    fill = starts[:-1].copy()
    for i in range(n):
        r = fill[idx[i, 0]]
        fill[idx[i, 0]] += 1
        for q in range(missing):
            boards[r, q] = tmp[i, q]
    return rejected


@njit(cache=True, nogil=True)
def _tally_combos(strengths, n, split, fallback, pot, idx, units, sumsq, wins, ties, part_units, no_qualifier,
                  per_combo):
    """As ``pyeval._kernels.tally``, and also per combo: ``per_combo[:, p, c]`` (pot units, their
    squares, whole pots won alone, shares, samples) for player p's combo ``c = idx[i, p]``
    (skipped when -1)."""
    n_players = strengths.shape[1]
    share = np.zeros(n_players, np.int64)
    for i in range(n):
        deal_shares(strengths, i, split, fallback, share, part_units, no_qualifier)
        for p in range(n_players):
            units[p] += share[p]
            sumsq[p] += share[p] * share[p]
            wins[p] += share[p] == pot
            ties[p] += (share[p] > 0) & (share[p] < pot)
            c = idx[i, p]
            if c >= 0:
                per_combo[0, p, c] += share[p]
                per_combo[1, p, c] += share[p] * share[p]
                per_combo[2, p, c] += share[p] == pot
                per_combo[3, p, c] += (share[p] > 0) & (share[p] < pot)
                per_combo[4, p, c] += 1
