"""What an Omaha combo (4, 5 or 6 hole cards) holds on a board of 3 or 4 cards, under the 2+3 rule.

Made classes are hold'em's (pyeval/analysis/hand_classes.py), reached by some two of the hole
cards: the five-card classes with exactly three board cards, the rest (set .. ace high) read
from the two hole cards' ranks against the whole board; a combo takes the best class any of its
hole pairs reaches.  Draws need two hole cards too: a flush draw is two hole cards of a suit with
two board cards of it; straight draws are counted by out ranks (gutshot 1, open-ended 2, wrap 3
or more) and outs (unseen cards of those ranks).

>>> import numpy as np
>>> from pyeval.core.cards import parse_cards
>>> made, draws, outs = classify(np.array([parse_cards("JhTh9c8c")]), parse_cards("7s6d2h"), 0)
>>> MADE_CLASSES[made[0]], [d for d, f in zip(DRAW_CLASSES, draws[0]) if f], int(outs[0])
('no made hand', ['wrap', 'backdoor flush draw', 'two overcards'], 13)
"""

from __future__ import annotations

from itertools import combinations

import numpy as np

from pyeval.analysis.hand_classes import MADE_CLASSES, made_class, straight_windows

__all__ = ["MADE_CLASSES", "DRAW_CLASSES", "classify"]

DRAW_CLASSES = ("flush draw", "nut flush draw", "open-ended straight draw", "gutshot", "wrap", "combo draw",
                "backdoor flush draw", "two overcards")
_FIVE_CARD = MADE_CLASSES.index("straight")  # classes up to here need five cards


_POPCOUNT = np.array([bin(m).count("1") for m in range(1 << 13)], np.int64)


def _popcount(x: np.ndarray) -> np.ndarray:
    """Bits set in 13-bit rank masks."""
    return _POPCOUNT[x]


def classify(combos: np.ndarray, board: np.ndarray, lowest_card: int = 0) -> tuple[np.ndarray, np.ndarray,
                                                                                    np.ndarray]:
    """Omaha combos (n, hole) and a board of 3 or 4 codes: each combo's made class (index into
    MADE_CLASSES), its draws ((n, len(DRAW_CLASSES)) bool) and its straight outs."""
    combos = np.asarray(combos, np.int64)
    board = np.asarray(board, np.int64)
    if len(board) not in (3, 4):
        raise ValueError(f"the breakdown needs a board of 3 or 4 cards, got {len(board)}")
    n, hole = combos.shape
    # A hole pair's class and straights depend on the pair and the board only: work them out once
    # per pair of cards off the board (at most 1,326), then look every combo's pairs up.
    live = np.array([c for c in range(lowest_card, 52) if c not in set(board.tolist())], np.int64)
    table = np.array([(a, b) for a, b in combinations(live.tolist(), 2)], np.int64).reshape(-1, 2)
    index = np.full((52, 52), -1, np.int64)
    index[table[:, 0], table[:, 1]] = index[table[:, 1], table[:, 0]] = np.arange(len(table))
    best = made_class(table, board, lowest_card, categories=False)
    for triple in combinations(board.tolist(), 3):
        five = made_class(table, np.array(triple, np.int64), lowest_card)
        best = np.minimum(best, np.where(five <= _FIVE_CARD, five, len(MADE_CLASSES)))

    # straights: the pair's two ranks and three more ranks of a window from the board
    windows = straight_windows(lowest_card)
    br = board >> 2
    board_presence = int(np.bitwise_or.reduce(1 << br))
    pair_mask = (1 << (table[:, 0] >> 2)) | (1 << (table[:, 1] >> 2))
    two_ranks = (table[:, 0] >> 2) != (table[:, 1] >> 2)
    inside = ((pair_mask[:, None] & windows) == pair_mask[:, None]) & two_ranks[:, None]
    miss = np.where(inside, windows & ~pair_mask[:, None] & ~board_presence, -1)  # board ranks still needed
    pair_straight = (miss == 0).any(axis=1)
    single = (miss > 0) & (_popcount(np.maximum(miss, 0)) == 1)
    pair_outs = np.bitwise_or.reduce(np.where(single, miss, 0), axis=1)

    pairs = list(combinations(range(hole), 2))
    pair_of = index[combos[:, [a for a, _ in pairs]], combos[:, [b for _, b in pairs]]]  # (n, pairs)
    if (pair_of < 0).any():
        raise ValueError("a combo holds a board card or a card twice")
    made = best[pair_of].min(axis=1)
    has_straight = pair_straight[pair_of].any(axis=1)
    out_mask = np.where(has_straight, 0, np.bitwise_or.reduce(pair_outs[pair_of], axis=1))
    # cards of each rank not in the combo or on the board: (n, 13), one bincount over every hole card
    hole_ranks = np.bincount((np.arange(n)[:, None] * 13 + (combos >> 2)).ravel(), minlength=n * 13).reshape(n, 13)
    unseen = 4 - hole_ranks - np.bincount(br, minlength=13)
    ranks = np.arange(13)
    hit = ((out_mask[:, None] >> ranks) & 1).astype(bool) & (unseen > 0) & (ranks >= lowest_card // 4)
    out_ranks = hit.sum(axis=1)
    outs = np.where(hit, unseen, 0).sum(axis=1)

    # flushes: two hole cards of a suit and two board cards of it (one on the flop: backdoor)
    board_suit = np.bincount(board & 3, minlength=4)
    hole_suit = np.stack([((combos & 3) == s).sum(axis=1) for s in range(4)], axis=1)
    flush_draw_suits = (hole_suit >= 2) & (board_suit == 2)
    flush_draw = flush_draw_suits.any(axis=1)  # a flush needs three board cards of a suit: none is made
    nut = np.zeros(n, bool)
    for s in range(4):
        missing = [r for r in range(12, lowest_card // 4 - 1, -1) if not ((br == r) & ((board & 3) == s)).any()]
        if missing:
            nut |= flush_draw & flush_draw_suits[:, s] & (combos == 4 * missing[0] + s).any(axis=1)
    draws = np.zeros((n, len(DRAW_CLASSES)), bool)
    draws[:, 0] = flush_draw
    draws[:, 1] = nut
    draws[:, 2] = out_ranks == 2
    draws[:, 3] = out_ranks == 1
    draws[:, 4] = out_ranks >= 3
    draws[:, 5] = flush_draw & (out_ranks >= 1)
    if len(board) == 3:
        draws[:, 6] = ((hole_suit >= 2) & (board_suit == 1)).any(axis=1)
    hr = combos >> 2
    above = np.bitwise_or.reduce(np.where(hr > br.max(), 1 << hr, 0), axis=1) if n else np.zeros(0, np.int64)
    over = _popcount(above) >= 2  # two hole cards of different ranks above the board
    draws[:, 7] = (made >= MADE_CLASSES.index("ace high")) & over
    return made, draws, outs
