"""A flop's texture: its suits, pairing, high card, connectedness and a texture group name.

suits          "rainbow" (three suits), "two-tone" (two), "monotone" (one)
pairing        "unpaired", "paired", "trips"
high           the top rank ("A", "K", ... )
connectedness  "no straight possible" (no straight holds all three ranks), "straight possible"
               (two hole cards can make one), "connected" (three consecutive ranks, the ace
               also low: most hole cards that make a straight).  Three cards never hold a
               straight themselves, so there is no "straight on board" level on a flop.
group          "trips", "paired", "monotone", else the high card's band ("A-high", "broadway"
               for K-J high, "middle" for T-8 high, "low" for 7 high and below), the suits and
               "wet" (a straight possible) or "dry": "A-high two-tone dry".

The straights are those of ``pyeval.analysis.hand_classes.straight_windows`` (the short deck's
A-6-7-8-9 included).

>>> from pyeval.core.cards import parse_cards
>>> texture(parse_cards("As Kd 7c"), 0)["group"], texture(parse_cards("9h 8h 7d"), 0)["connectedness"]
('A-high rainbow dry', 'connected')
"""

from __future__ import annotations

import numpy as np

from pyeval.analysis.hand_classes import straight_windows
from pyeval.core.cards import RANK_CHARS

__all__ = ["texture", "TEXTURE_COLUMNS", "SUITS", "PAIRING", "CONNECTEDNESS"]

TEXTURE_COLUMNS = ("suits", "pairing", "high", "connectedness", "group")
SUITS = ("rainbow", "two-tone", "monotone")
PAIRING = ("unpaired", "paired", "trips")
CONNECTEDNESS = ("no straight possible", "straight possible", "connected")


def _band(top: int) -> str:
    return "A-high" if top == 12 else "broadway" if top >= 9 else "middle" if top >= 6 else "low"


def texture(flop: np.ndarray, lowest_card: int) -> dict[str, str]:
    """The texture columns of one flop (three card codes) in a deck from ``lowest_card`` up."""
    cards = np.asarray(flop, np.int64)
    ranks = sorted(set((cards >> 2).tolist()))
    suits = SUITS[3 - len(set((cards & 3).tolist()))]
    pairing = PAIRING[3 - len(ranks)]
    top = ranks[-1]
    presence = sum(1 << r for r in ranks)
    windows = straight_windows(lowest_card).tolist()
    possible = len(ranks) == 3 and any(presence & w == presence for w in windows)
    connected = possible and (ranks[2] - ranks[0] == 2 or _ace_low_run(ranks, lowest_card))
    connectedness = CONNECTEDNESS[2 if connected else 1 if possible else 0]
    if pairing != "unpaired":
        group = pairing
    elif suits == "monotone":
        group = "monotone"
    else:
        group = f"{_band(top)} {suits} {'wet' if possible else 'dry'}"
    return {"suits": suits, "pairing": pairing, "high": RANK_CHARS[top], "connectedness": connectedness,
            "group": group}


def _ace_low_run(ranks: list[int], lowest_card: int) -> bool:
    """An ace with the two lowest ranks of the deck (A-2-3, or A-6-7 in the short deck)."""
    low = lowest_card // 4
    return ranks == [low, low + 1, 12]
