"""``best_keep``: for games with discards (Irish, Aviation), rank every possible keep by its equity.

>>> ranked = best_keep("irish", ["AhAsKdQc", "random"], board="Ad7c2s", method="exact")
>>> ranked[0].keep
'Ah As'
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations

from pyeval.cards import format_cards, parse_cards
from pyeval.equity import EquityResult, equity
from pyeval.games import get_game

__all__ = ["best_keep", "Keep"]


@dataclass
class Keep:
    keep: str
    discard: str
    equity: float
    result: EquityResult


def best_keep(game, hands, board="", dead="", player: int = 0, **options) -> list[Keep]:
    """Every keep of ``hands[player]`` (the game's showdown hole count, from the cards dealt),
    best first, with its equity against the other hands (the discards become dead cards).

    Other players' hands are given as they will show down (their keeps) or ``"random"``.
    ``options`` are passed to :func:`pyeval.equity` (method, samples, seed, threads).
    """
    g = get_game(game)
    if not 0 <= player < len(hands):
        raise ValueError(f"player must be 0..{len(hands) - 1}, got {player}")
    cards = parse_cards(hands[player])
    if not g.hole < len(cards) <= g.dealt_cards:
        raise ValueError(f"{g.name}: best_keep needs {g.hole + 1} to {g.dealt_cards} cards for player "
                         f"{player + 1}, got {len(cards)}")
    dead_cards = parse_cards(dead) if dead else parse_cards("")
    out = []
    for keep in combinations(range(len(cards)), g.hole):
        kept = cards[list(keep)]
        discarded = cards[[i for i in range(len(cards)) if i not in keep]]
        query = list(hands)
        query[player] = kept
        all_dead = list(dead_cards) + list(discarded)
        r = equity(g, query, board=board, dead=all_dead, **options)
        out.append(Keep(format_cards(kept), format_cards(discarded), float(r.equity[player]), r))
    out.sort(key=lambda k: -k.equity)
    return out
