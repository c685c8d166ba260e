"""``pyeval.equity``: each player's expected share of the pot, for every game.

>>> r = equity("holdem", ["AhAs", "KdKc"], method="exact")
>>> [round(float(x), 4) for x in r.equity]
[0.8126, 0.1874]
>>> r.outcomes
1712304
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any

import numpy as np

from pyeval.core import _progress
from pyeval.core.games import Game, get_game
from pyeval.core.pots import side_pots
from pyeval.engines import strategies
from pyeval.query.limits import DEFAULT_SAMPLES
from pyeval.query.parse import check_client, check_contributions, resolve_method
from pyeval.query.spot import Spot, plain_seats, read_plain_spot, read_spot
from pyeval.results.equity_result import EquityResult

if TYPE_CHECKING:
    from collections.abc import Sequence

    from pyeval.core._types import Board, Cards, GameName, Hand

__all__ = ["equity", "EquityResult", "DEFAULT_SAMPLES"]


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
               strategy's price, ``pyeval.engines.strategies.exact_choice``, is within
               ``EXACT_BUDGET``, else Monte Carlo); "exact" refuses at once work priced beyond
               ``pyeval.query.limits.EXACT_LIMIT``
    samples    Monte Carlo deals (default 1,000,000), or the cap with ``stderr_target``; either
               of them without ``method`` means Monte Carlo; at most ``pyeval.query.limits.MAX_SAMPLES``
               (50 billion), a larger count is refused at once
    seed       Monte Carlo seed: the same seed gives the same result for any thread count
    threads    worker threads (default: all cores)
    stderr_target  Monte Carlo until every player's standard error is at most this (``samples`` caps it)
    contributions  chips each player put in: the pots are built from them (main pot, then side pots
               by all-in level) and each is shared among the players eligible for it; the result's
               ``side_pots`` and ``expected_chips`` hold each pot and the chips each player expects back
    client     a ``dask.distributed.Client``: the Monte Carlo chunks run as Dask tasks, with the
               same result as on one machine for the same seed (``pyeval.engines.cluster``); exact
               enumeration, ranges and side pots run locally
    folded     the folded players' ranges (``["random", "30%"]``; ranges, known hands or
               ``"random"``): their hands are dealt with the others', without replacement, and
               never show down (card "bunching"; docs/ranges.md, "Folded players").  Hold'em and
               Omaha games; the query goes to the range engine (``pyeval.engines.range.equity``)

    >>> r = equity("omaha-hilo", ["As2sKdQd", "AhKh3c4c"], board="5s6d7h", method="exact")
    >>> r.outcomes, round(float(r.equity.sum()), 12)
    (820, 1.0)
    """
    # ranges and folded players to the range engine, side pots to their pots, else the query read
    # into one Spot (pyeval.query.spot) and answered by the strategy registry (pyeval.engines.strategies)
    if progress is not None and progress is not False:  # core/_progress's meaning of progress=, checked
        # here rather than by its decorator (reports_progress): a small query is worth its frame
        with _progress.reporting(progress, f"{getattr(game, 'name', game)} equity"):
            return equity(game, hands, board, dead, method, samples, seed, threads, stderr_target, contributions,
                          client, folded=folded)
    if client is not None:
        check_client(client)
    if folded is None and contributions is None:  # the common query first: whole hands or random, as text
        spot = read_plain_spot(game, hands, board, dead, method, samples, seed, threads, stderr_target)
        if spot is not None:
            return strategies.answer(spot, client)
    g = get_game(game)
    method = resolve_method(method, samples, stderr_target)
    if folded is not None:
        return _with_folded(g, hands, board, dead, folded, client, method=method, samples=samples, seed=seed,
                            threads=threads, stderr_target=stderr_target, contributions=contributions)
    seats = plain_seats(hands, g)
    if seats is None and not isinstance(hands, (str, bytes)) and hasattr(hands, "__iter__"):
        from pyeval.ranges import is_range_entry  # ranges (QQ+, AKs, 15%, AA**ds): pyeval.engines.range.equity

        if any(is_range_entry(h, g) for h in hands):
            return _with_ranges(g, hands, board, dead, None, contributions, method=method, samples=samples,
                                seed=seed, threads=threads, stderr_target=stderr_target)
    if contributions is not None:
        check_contributions(contributions, len(hands))
    spot = read_spot(g, hands, board, dead, method, samples, seed, threads, stderr_target, seats=seats)
    if contributions is not None:
        return _with_side_pots(spot, contributions, client)
    return strategies.answer(spot, client)


def _with_folded(g: Game, hands, board, dead, folded, client, **options) -> EquityResult:
    """``equity(..., folded=...)``: the range engine with the folders as players who never show down."""
    if g.family not in ("holdem", "omaha"):
        raise ValueError(f"folded= is supported in hold'em and Omaha games, not {g.name}")
    if options.pop("contributions") is not None:
        raise NotImplementedError("side pots (contributions=) are not supported with folded=")
    if client is not None:
        raise NotImplementedError("folded= runs locally: give no client=")
    return _with_ranges(g, hands, board, dead, folded, None, **options)


def _with_ranges(g: Game, hands, board, dead, folded, contributions, **options) -> EquityResult:
    """Seats with ranges (or folded players): the query read into a range Spot
    (pyeval.query.range_spot) and answered by the registry with the range strategies."""
    if contributions is not None:
        raise NotImplementedError("side pots (contributions=) are not supported with ranges")
    from pyeval.query.range_spot import read_range_spot  # loaded by range queries only

    return strategies.answer(read_range_spot(g, hands, board, dead, folded=folded, **options))


def _with_side_pots(spot: Spot, contributions: Sequence[float], client: Any) -> EquityResult:
    """Each pot is won by the best hand among the players who paid into it.  A pot's share
    among its eligible players is their equity with the others' known cards dead: the others'
    unknown cards are exchangeable with the rest of the deck, so leaving them out is exact
    (``Spot.without``)."""
    full = strategies.answer(spot, client)
    community = full.extra.get("community_card", False)
    expected = np.zeros(spot.players)
    pots = []
    for pot in side_pots(contributions):
        amount, eligible = pot.amount, list(pot.seats)
        if len(eligible) == 1:
            shares = np.array([1.0])
        else:
            sub = replace(spot.without([p for p in range(spot.players) if p not in eligible]), community=community)
            shares = strategies.answer(sub, client).equity
        for p, s in zip(eligible, shares):
            expected[p] += amount * s
        pots.append({"amount": amount, "eligible": eligible, "shares": [float(x) for x in shares]})
    full.extra["side_pots"] = pots
    full.extra["expected_chips"] = expected
    return full
