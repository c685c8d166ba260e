"""``pyeval.equity``: each player's expected share of the pot, for every game.

>>> r = equity("holdem", ["AhAs", "KdKc"], method="exact")
>>> [round(float(x), 4) for x in r.equity]
[0.8126, 0.1874]
>>> r.outcomes
1712304
"""

from __future__ import annotations

import secrets
from typing import TYPE_CHECKING, Any

import numpy as np

from pyeval.core import _progress
from pyeval.core._threads import MAX_THREADS, default_threads
from pyeval.core.cards import check_distinct, format_cards, parse_cards
from pyeval.core.checks import non_negative_number
from pyeval.core.games import Game, get_game
from pyeval.engines import engine, exact_strategies
from pyeval.engines.board_batch import small_query
from pyeval.query.limits import DEFAULT_SAMPLES
from pyeval.query.parse import (  # noqa: F401  (pyeval.equity's names before the layout: hand_text, ...)
    UNKNOWN_HAND,
    _is_unknown,
    _parse_boards,
    _parse_cards_of,
    _parse_hand,
    check_query,
    hand_text,
    resolve_method,
)
from pyeval.results.equity_result import EquityResult, _result, make_result, part_shares  # noqa: F401

if TYPE_CHECKING:
    from collections.abc import Sequence

    from pyeval.core._types import Board, Cards, GameName, Hand

__all__ = ["equity", "EquityResult", "DEFAULT_SAMPLES"]



@_progress.reports_progress("{game} equity")
def equity(game: GameName, hands: Sequence[Hand], board: Board = "", dead: Cards = "", method: str = "auto",
           samples: int | None = None, seed: int | None = None, threads: int | None = None,
           stderr_target: float | None = None, contributions: Sequence[float] | None = None, client: Any = None, *,
           folded: Sequence[Hand] | None = None, progress: Any = None) -> EquityResult:
    """Each player's share of the pot when all remaining cards are dealt and all hands show down.

    game       a name from ``pyeval.GAMES`` (or an alias)
    hands      one entry per player: cards (text or codes); ``"random"`` / ``"xx"`` is an unknown
               hand.  Stud hands are the cards so far and draw hands the cards kept: the rest is
               dealt from the live deck.  In board games a hand has all its hole cards, or writes
               each missing one as ``*`` or ``??`` (``"Ah*"``: the ace of hearts and a random
               card); a short hand without them is an error (``Game.partial_hands``)
    board      0-5 cards; double-board games take two boards (``["AhKd2c", "7s7d9h"]``); in stud
               the community card dealt when the deck runs short
    dead       cards out of play
    method     "exact" (every outcome), "monte-carlo", or "auto" (exact when the cheapest exact
               strategy's price, ``pyeval.exact_strategies.exact_cost``, is within ``EXACT_BUDGET``, else Monte
               Carlo); "exact" refuses at once work priced beyond ``pyeval.engine.EXACT_LIMIT``
    samples    Monte Carlo deals (default 1,000,000), or the cap with ``stderr_target``; either
               of them without ``method`` means Monte Carlo; at most ``pyeval.engine.MAX_SAMPLES``
               (50 billion), a larger count is refused at once
    seed       Monte Carlo seed: the same seed gives the same result for any thread count
    threads    worker threads (default: all cores)
    stderr_target  Monte Carlo until every player's standard error is at most this (``samples`` caps it)
    contributions  chips each player put in: the pots are built from them (main pot, then side pots
               by all-in level) and each is shared among the players eligible for it; the result's
               ``side_pots`` and ``expected_chips`` hold each pot and the chips each player expects back
    client     a ``dask.distributed.Client``: the Monte Carlo chunks run as Dask tasks, with the
               same result as on one machine for the same seed (``pyeval.cluster``); exact
               enumeration, ranges and side pots run locally
    folded     the folded players' ranges (``["random", "30%"]``; ranges, known hands or
               ``"random"``): their hands are dealt with the others', without replacement, and
               never show down (card "bunching"; docs/ranges.md, "Folded players").  Hold'em and
               Omaha games; the query goes to the range engine (``pyeval.range_equity``)

    >>> r = equity("omaha-hilo", ["As2sKdQd", "AhKh3c4c"], board="5s6d7h", method="exact")
    >>> r.outcomes, round(float(r.equity.sum()), 12)
    (820, 1.0)
    """
    return _equity(game, hands, board, dead, method, samples, seed, threads, stderr_target, contributions, client,
                   folded)


def _equity(game: GameName, hands: Sequence[Hand], board: Board = "", dead: Cards = "", method: str = "auto",
            samples: int | None = None, seed: int | None = None, threads: int | None = None,
            stderr_target: float | None = None, contributions: Sequence[float] | None = None, client: Any = None,
            folded: Sequence[Hand] | None = None, community: bool = False) -> EquityResult:
    """pyeval.equity; ``community`` forces stud's shared last card (a side pot among fewer players
    keeps the deal of the whole table)."""
    g = get_game(game)
    method = resolve_method(method, samples, stderr_target)
    if folded is not None:
        return _with_folded(g, hands, board, dead, folded, client, method=method, samples=samples, seed=seed,
                            threads=threads, stderr_target=stderr_target, contributions=contributions)
    if method in ("auto", "exact") and samples is None and stderr_target is None and contributions is None \
            and client is None and not community \
            and (threads is None or type(threads) is int and 1 <= threads <= MAX_THREADS) \
            and (seed is None or type(seed) is int and seed >= 0):  # anything else: the general path's checks
        r = small_query(g, hands, board, dead)  # the lean path of small exact queries: one C call
        if r is not None:
            return r
    if not isinstance(hands, (str, bytes)) and hasattr(hands, "__iter__"):
        from pyeval.ranges import is_range_entry  # ranges (QQ+, AKs, 15%, AA**ds): pyeval.range_equity

        if any(is_range_entry(h, g) for h in hands):
            from pyeval.engines.range_equity import range_equity

            return range_equity(g, hands, board=board, dead=dead, method=method, samples=samples, seed=seed,
                                threads=threads, stderr_target=stderr_target, contributions=contributions)
    if contributions is not None:
        return _with_side_pots(g, hands, board, dead, contributions, method=method, samples=samples, seed=seed,
                               threads=threads, stderr_target=stderr_target)
    seed = check_query(g, hands, method, samples, stderr_target, seed)
    holes = [_parse_hand(h, g, p) for p, h in enumerate(hands)]
    boards = _parse_boards(board, g)
    dead_cards = parse_cards(dead) if dead is not None and len(dead) else np.zeros(0, np.uint8)
    everything = np.concatenate([*holes, *boards, dead_cards]).astype(np.uint8)
    check_distinct(everything, "(cards must be distinct across hands, board and dead)")
    if g.lowest_card and (everything < g.lowest_card).any():
        bad = everything[everything < g.lowest_card][0]
        raise ValueError(f"card {format_cards([bad])} is not in the {g.deck_size}-card deck of {g.name}")
    layout = engine.build_layout(g, holes, boards, dead_cards, community=community)
    nthreads = default_threads(threads)
    cost = exact_strategies.exact_cost(layout) if method in ("exact", "auto") else 0  # sampling needs no price
    if method == "exact" and cost > engine.EXACT_LIMIT:
        raise ValueError(f"exact enumeration of {layout.outcomes:,} outcomes needs about {cost:,} hand evaluations, "
                         f"beyond the limit of {engine.EXACT_LIMIT:,}; use method='monte-carlo' (with samples= or "
                         f"stderr_target=)")
    use_exact = method == "exact" or (method == "auto" and cost <= engine.EXACT_BUDGET)
    if use_exact:
        tally = exact_strategies.run_exact(layout, nthreads)
        used_seed = None
    else:
        used_seed = seed if seed is not None else secrets.randbits(63)
        n = int(samples) if samples is not None else DEFAULT_SAMPLES
        runner = None
        if client is not None:  # issue 6: the chunks as Dask tasks, keyed by the query and the chunk
            from pyeval.engines import cluster

            runner = cluster.job_runner(client, (g.name, [h.tobytes() for h in holes], [b.tobytes() for b in boards],
                                                 dead_cards.tobytes(), community))
        if stderr_target is not None:
            tally = engine.run_monte_carlo(layout, 0, used_seed, nthreads, float(stderr_target), max_samples=n
                                           if samples is not None else 2_000_000_000, runner=runner)
        else:
            tally = engine.run_monte_carlo(layout, n, used_seed, nthreads, runner=runner)
    return _result(g, layout, tally, hands, boards, dead_cards, "exact" if use_exact else "monte-carlo", used_seed)


def _with_folded(g: Game, hands, board, dead, folded, client, **options) -> EquityResult:
    """``equity(..., folded=...)``: the range engine with the folders as players who never show down."""
    from pyeval.ranges import _family

    if _family(g) not in ("holdem", "omaha"):
        raise ValueError(f"folded= is supported in hold'em and Omaha games, not {g.name}")
    if options["contributions"] is not None:
        raise NotImplementedError("side pots (contributions=) are not supported with folded=")
    if client is not None:
        raise NotImplementedError("folded= runs locally: give no client=")
    from pyeval.engines.range_equity import range_equity

    return range_equity(g, hands, board=board, dead=dead, folded=folded, **options)


def side_pots(contributions, *, in_hand=None, dead=None) -> list[tuple[float, list[int]]]:
    """Split chips put in into (amount, eligible players) pots, main pot first.

    Each level of a live player's live chips (chips in minus dead money) makes a pot of
    everyone's live chips up to it, won among the live players who reached it.  ``in_hand``:
    False for a player who folded (the chips count, the player wins nothing).  ``dead``: each
    player's dead money inside ``contributions`` (antes, a big-blind ante): it goes to the main
    pot whoever posted it, and makes no pot of its own.

    >>> side_pots([100, 40, 100])
    [(120, [0, 1, 2]), (120, [0, 2])]
    >>> side_pots([3575000, 75000, 3350000], in_hand=[True, False, True], dead=[225000, 0, 0])
    [(7000000, [0, 2])]
    """
    chips = [non_negative_number(c, "contributions") for c in contributions]
    n = len(chips)
    owed = [0.0] * n if dead is None else [non_negative_number(d, "dead money") for d in dead]
    live_in = [True] * n if in_hand is None else [bool(x) for x in in_hand]
    if len(owed) != n or len(live_in) != n:
        raise ValueError(f"side_pots needs one entry per player ({n}) in contributions, in_hand and dead")
    if any(d > c for d, c in zip(owed, chips)):
        raise ValueError("dead money must not exceed the chips a player put in")
    live = [c - d for c, d in zip(chips, owed)]
    carry = sum(owed)  # dead money: the main pot's
    levels = sorted({v for v, i in zip(live, live_in) if i and (v > 0 or carry > 0)})
    pots: list[tuple[float, list[int]]] = []
    previous: float = 0
    for level in levels:
        amount = carry + sum(min(v, level) - min(v, previous) for v in live)
        carry = 0
        if amount:
            pots.append((_whole(amount), [p for p in range(n) if live_in[p] and live[p] >= level]))
        previous = level
    beyond = sum(v - min(v, previous) for v in live) + carry  # a folded player's chips above every level
    if beyond and pots:
        pots[-1] = (_whole(pots[-1][0] + beyond), pots[-1][1])
    return pots


def _whole(amount: float) -> float:
    return int(amount) if float(amount).is_integer() else amount


def _with_side_pots(g: Game, hands, board, dead, contributions, **options) -> EquityResult:
    """Each pot is won by the best hand among the players who paid into it.  A pot's share
    among its eligible players is their equity with the others' known cards dead: the others'
    unknown cards are exchangeable with the rest of the deck, so leaving them out is exact."""
    if len(contributions) != len(hands):
        raise ValueError(f"contributions needs one entry per player ({len(hands)}), got {len(contributions)}")
    full = equity(g, hands, board=board, dead=dead, **options)
    community = full.extra.get("community_card", False)
    expected = np.zeros(len(hands))
    pots = []
    for amount, eligible in side_pots(contributions):
        if len(eligible) == 1:
            shares = np.array([1.0])
        else:
            others = [p for p in range(len(hands)) if p not in eligible and not _is_unknown(hands[p])]
            extra_dead = [c for p in others for c in _parse_hand(hands[p], g, p).tolist()]
            base_dead = parse_cards(dead).tolist() if dead is not None and len(dead) else []
            r = _equity(g, [hands[p] for p in eligible], board=board, dead=base_dead + extra_dead,
                        community=community, **options)
            shares = r.equity
        for p, s in zip(eligible, shares):
            expected[p] += amount * s
        pots.append({"amount": amount, "eligible": eligible, "shares": [float(x) for x in shares]})
    full.extra["side_pots"] = pots
    full.extra["expected_chips"] = expected
    return full
