"""``pyeval.flop_report``: two ranges on every flop at once (issue 42).

The flops are the classes of raw flops under the suit permutations that keep both ranges and
the dead cards (pyeval/analysis/flops/isomorphism.py); each row's numbers are those of its
representative.  Hold'em and short deck are exact (the C flop sweep,
pyeval/analysis/flops/exact.py); Omaha is sampled per flop (pyeval/analysis/flops/sampled.py).
The hand classes are those of ``range_breakdown`` (``class_scheme``), the buckets those of
``combo_equities`` (``bucket_shares``), the ranges parsed as every range query parses them."""

from __future__ import annotations

from typing import Any

import numpy as np

from pyeval.analysis.breakdown import class_scheme
from pyeval.analysis.flops import exact, sampled
from pyeval.analysis.flops.isomorphism import flop_classes
from pyeval.analysis.flops.result import FlopReport
from pyeval.analysis.flops.texture import texture
from pyeval.core import _progress
from pyeval.core._threads import default_threads
from pyeval.core.cards import check_distinct, format_cards, parse_cards
from pyeval.core.games import Game, get_game
from pyeval.engines.range.symmetry import symmetry_group
from pyeval.engines.range.weights import INT64_SAFE, integer_weights
from pyeval.query.parse import check_client
from pyeval.ranges import Range, parse_range

__all__ = ["flop_report"]


def _range(g: Game, entry: Any, who: str, dead: np.ndarray) -> tuple[Range, str]:
    """A player's range in this game's deck without the dead cards, and its text."""
    if not isinstance(entry, (str, Range)):
        raise TypeError(f"{who}: expected a range (text or pyeval.Range), got {type(entry).__name__}")
    try:
        r = parse_range(entry, g)
    except ValueError as e:
        raise ValueError(f"{who}: {e}") from None
    if r.hole != g.hole:
        raise ValueError(f"{who}: {g.name} ranges hold {g.hole}-card hands, got {r.hole}")
    r = r.without(dead) if len(dead) else r
    keep = (r.combos >= g.lowest_card).all(axis=1)
    text = " ".join(entry.split()) if isinstance(entry, str) else str(entry)
    # the text given to the range: the range queries of the Omaha path print it, not its 27,000 combos
    r = Range(r.combos[keep], np.asarray(r.weights)[keep], r.hole, text, g.lowest_card, r.family)
    if len(r) == 0:
        raise ValueError(f"{who}: no hand of the range is possible with these dead cards")
    return r, text


def _given_flops(flops: Any, g: Game, dead: np.ndarray) -> np.ndarray:
    """The flops asked for: a list of 3-card texts (or code lists), each a row of its own."""
    if isinstance(flops, str) or not hasattr(flops, "__iter__"):
        raise TypeError("flops must be a list of flops, e.g. ['As Kd 7c', '9h 8h 2c']")
    out = []
    for f in flops:
        cards = parse_cards(f) if isinstance(f, str) else np.asarray(f, np.uint8)
        if len(cards) != 3:
            raise ValueError(f"a flop has 3 cards, got {len(cards)} in {f!r}")
        check_distinct(np.concatenate([cards, dead]).astype(np.uint8), "(a flop's cards and the dead cards)")
        if (cards < g.lowest_card).any():
            raise ValueError(f"flop {f!r}: a card is not in the {g.deck_size}-card deck of {g.name}")
        out.append(np.sort(cards)[::-1])
    if not out:
        raise ValueError("flops is empty")
    keys = {tuple(f.tolist()) for f in out}
    if len(keys) != len(out):
        raise ValueError("flops: the same flop is given twice")
    return np.array(out, np.uint8)


@_progress.reports_progress("{game} flops")
def flop_report(hero: str | Range, villain: str | Range, *, game: str = "holdem", flops: Any = None,
                dead: str | None = None, method: str = "auto", samples: int | None = None, seed: int | None = None,
                threads: int | None = None, classes: bool = True, progress: Any = None,
                client: Any = None) -> FlopReport:
    """Two ranges on every flop: each flop up to suit isomorphism (or each of ``flops``) with
    its weight (raw flops it stands for), its probability given both ranges (card removal),
    both ranges' equities, hand classes, equity buckets and nut advantage, and its texture.

    game      hold'em or short deck (exact), or an Omaha high game (Monte Carlo per flop)
    flops     a list of flops (texts): only those, each with weight 1
    dead      cards out of play
    method    "auto"; "exact" (hold'em and short deck; Omaha: only where affordable) or "monte-carlo"
              (Omaha)
    samples, seed   Omaha: deals per flop (default: enough for a 0.5% standard error) and the seed
    threads   worker threads (default: all cores); ``client``: a Dask client, a task per part of the
              boards (hold'em and short deck)
    classes   False: no hand classes (the equities, buckets and textures alone, faster)
    progress  True (a bar), a callable (done, total) or a Watch"""
    g = get_game(game)
    if g.family not in ("holdem", "omaha") or g.boards != 1 or g.board != 5 or g.low or g.dealt_cards != g.hole:
        raise ValueError(f"flop_report is for hold'em, short deck and Omaha high games, not {g.name}")
    if method not in ("auto", "exact", "monte-carlo"):
        raise ValueError(f"method must be 'auto', 'exact' or 'monte-carlo', got {method!r}")
    check_client(client)
    nthreads = default_threads(threads)
    dead_cards = parse_cards(dead) if dead else np.zeros(0, np.uint8)
    check_distinct(dead_cards, "(dead cards)")
    if (dead_cards < g.lowest_card).any():
        raise ValueError(f"a dead card is not in the {g.deck_size}-card deck of {g.name}")
    r0, hero_text = _range(g, hero, "hero", dead_cards)
    r1, villain_text = _range(g, villain, "villain", dead_cards)
    dead_set = set(dead_cards.tolist())
    live = np.array([c for c in range(g.lowest_card, 52) if c not in dead_set], np.uint8)
    group = symmetry_group(g, [r0, r1], [], dead_cards)
    if flops is None:
        orbits = flop_classes(group, live)
        cards, weights, raw, raw_class = orbits.flops, orbits.weights, orbits.raw, orbits.raw_class
    else:
        cards = _given_flops(flops, g, dead_cards)
        weights, raw, raw_class = np.ones(len(cards), np.int64), cards, np.arange(len(cards))
    num0, num1 = integer_weights(np.asarray(r0.weights)), integer_weights(np.asarray(r1.weights))
    if num0.dtype == object or num1.dtype == object or \
            int(num0.sum()) * int(num1.sum()) * len(live) ** 2 >= INT64_SAFE:
        raise ValueError("the ranges' weights are too far apart for a flop report's integer counts; bring "
                         "them closer together")
    if exact.sweeps(g.high) and g.hole == 2:
        if method == "monte-carlo":
            raise ValueError(f"{g.name} flop reports are exact (every turn and river, in about a second); "
                             "method='monte-carlo' is for Omaha")
        # given flops isomorphic to each other are counted apart: no symmetry then
        p = exact.plan(g.high, g.lowest_card, dead_cards, live, r0, r1, num0, num1, group if flops is None else [])
        counts = exact.exact_counts(p, cards, nthreads, client)
        used_method, used_seed, stderr, odds = "exact", None, None, None
    else:
        counts, stderr, used_seed = sampled.sampled_counts(g, r0, r1, cards, dead_cards, method, samples, seed,
                                                           nthreads, client)
        used_method = "monte-carlo"
        raw_masks = np.bitwise_or.reduce(np.uint64(1) << raw.astype(np.uint64), axis=1)
        odds = sampled.sampled_pairs(r0, r1, raw_masks, raw_class, len(cards), used_seed)
    classify, made_names, draw_names = class_scheme(g.family)
    if not classes:
        made_names, draw_names = (), ()
    shares = _class_shares(classify, (r0, r1), cards, g.lowest_card, len(made_names) + len(draw_names))
    return FlopReport(g.name, hero_text, villain_text, format_cards(dead_cards) if len(dead_cards) else "",
                      used_method, used_seed, [format_cards(c) for c in cards], cards, weights,
                      [r0.combos, r1.combos], [num0, num1], counts, stderr, made_names, draw_names, shares,
                      [texture(c, g.lowest_card) for c in cards], flops is None, odds,
                      _preflop(g, r0, r1, dead_cards, used_method, used_seed, nthreads) if flops is None else None)


def _preflop(g: Game, r0: Range, r1: Range, dead: np.ndarray, method: str, seed: int | None, threads: int):
    """``pyeval.equity`` of the two ranges preflop: exact beside an exact report (the check of its
    weights), sampled beside a sampled one."""
    from pyeval.equity import equity

    dead_text = format_cards(dead) if len(dead) else ""
    if method == "exact":  # exact where the range engine affords it (the repr then checks equality), else sampled
        return equity(g.name, [r0, r1], dead=dead_text, method="auto", seed=0, threads=threads)
    return equity(g.name, [r0, r1], dead=dead_text, method="monte-carlo", seed=seed, threads=threads,
                  stderr_target=sampled.STDERR_TARGET / 5)


def _class_shares(classify, ranges: tuple[Range, Range], cards: np.ndarray, lowest_card: int,
                  n_classes: int) -> list[np.ndarray]:
    """Per range, (flops, classes): each class's share of the range's weight on each flop, made
    classes then draws, after card removal of the flop (``range_breakdown``'s counts over its
    total).  The combos of both ranges are classified together, once per flop."""
    out = [np.zeros((len(cards), n_classes)) for _ in ranges]
    if n_classes == 0:
        return out
    masks, where = np.unique(np.concatenate([r.masks for r in ranges]), return_inverse=True)
    combos = np.zeros((len(masks), ranges[0].combos.shape[1]), np.uint8)
    sides, start = [], 0
    for r in ranges:
        idx = where[start:start + len(r)]
        combos[idx] = r.combos
        sides.append((idx, np.asarray(r.weights, np.float64)))
        start += len(r)
    for i, flop in enumerate(cards):
        flop_mask = np.bitwise_or.reduce(np.uint64(1) << flop.astype(np.uint64))
        keep = (masks & flop_mask) == 0
        made_kept, draws_kept, _ = classify(combos[keep], flop, lowest_card)
        made = np.full(len(masks), -1, np.int64)
        made[keep] = made_kept
        draws = np.zeros((len(masks), draws_kept.shape[1]), bool)
        draws[keep] = draws_kept
        n_made = n_classes - draws.shape[1]
        for side, (idx, w) in enumerate(sides):
            live = keep[idx]
            wk, total = w[live], w[live].sum()
            if total == 0:  # the flop holds every combo's cards: no share of anything
                continue
            out[side][i, :n_made] = np.bincount(made[idx][live], weights=wk, minlength=n_made) / total
            out[side][i, n_made:] = (wk[:, None] * draws[idx][live]).sum(axis=0) / total
    return out
